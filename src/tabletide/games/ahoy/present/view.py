"""What a seat sees (AH-5.41) and the log in words. Hidden: the region supply and the boxed
tile, the market and plan decks, the Union's hand (but to the Union), and under which favor
token each Smuggler's delivered cards lie (but to that Smuggler).

The view builder reads the state's fields; the facts that take a rule to find (control points,
battle modifiers, the drawn tile's turns, the fame by source) come from ``facts.view_facts`` as
a :class:`ViewFacts`. Its schema is ``present/schema.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Set
from typing import TYPE_CHECKING, Any

from tabletide.engine import Event
from tabletide.engine.view import seat_name
from tabletide.games.ahoy.constants import (
    CREW_SPOT0,
    CUTTER,
    DIR_NAMES,
    FIGURES,
    FORT0,
    FORT_FIGS,
    ORIGIN,
    PATROL0,
    WIDTH,
)

if TYPE_CHECKING:
    from tabletide.games.ahoy.facts import ViewFacts
    from tabletide.games.ahoy.geometry import Cell
    from tabletide.games.ahoy.state import AhoyState


def rel(pos: int) -> list[int]:
    """A space as ``[x, y]`` from the map's origin (as the log names it)."""
    return [pos % WIDTH - ORIGIN % WIDTH, pos // WIDTH - ORIGIN // WIDTH]


def figure_kind(f: int) -> str:
    """What figure ``f`` is, by the fixed figure indexes (``constants``)."""
    if f < PATROL0:
        return "flagship"
    if f < FORT0:
        return "patrol"
    if f < CUTTER:
        return "fort"
    return "cutter" if f == CUTTER else "gunboat"


def _card(s: AhoyState, card: int) -> dict[str, Any]:
    m = s.card(card)
    return {
        "card": card,
        "crew": m.crew,
        "name": s.spot_name(0, CREW_SPOT0 + card),
        "symbol": m.symbol,
        "cost": m.cost,
        "cargo": m.cargo,
        "cargo_symbol": m.cargo_symbol,
    }


def _spots(s: AhoyState, seat: int) -> list[dict[str, Any]]:
    out = []
    for sp in s.own_spots(seat, ships=True):
        entry: dict[str, Any] = {
            "spot": sp,
            "name": s.spot_name(seat, sp),
            "dice": s.dice_on(seat, sp),
            "damaged": sp in s.damage[seat],
        }
        if sp < CREW_SPOT0:
            board = s.board_spots(seat)[sp]
            entry["need"] = board.need
            entry["dashed"] = board.dashed
        out.append(entry)
    return out


def _cell(p: int, c: Cell, bars: Set[tuple[int, int]]) -> dict[str, Any]:
    return {
        "at": rel(p),
        "region": c.region,
        "terrain": c.terrain,
        "symbol": c.symbol,
        "tailwind": c.tailwind,
        "gold": c.gold,
        "current": DIR_NAMES[c.current] if c.current >= 0 else None,
        "sandbars": [DIR_NAMES[d] for d in range(4) if (p, d) in bars],
    }


def _drawn(s: AhoyState, facts: ViewFacts) -> dict[str, Any] | None:
    """The region tile drawn and being placed (face up on the table), as it would lie in each
    of its 4 turns, its corner at (0,0)."""
    if s.drawn < 0 or facts.drawn_turns is None:
        return None
    turns = [[_cell(p, c, bars) for p, c in cells] for cells, bars in facts.drawn_turns]
    return {"tile": s.drawn, "name": s.content.regions[s.drawn].name, "turns": turns}


def _cells(cells: Iterable[tuple[int, Cell]], bars: Set[tuple[int, int]]) -> list[Any]:
    return [_cell(p, c, bars) for p, c in cells]


def build_view(s: AhoyState, seat: int | None, facts: ViewFacts) -> dict[str, Any]:
    figures = [
        {
            "fig": f,
            "kind": figure_kind(f),
            "name": s.figure_name(f),
            "owner": s.owner(f),
            "at": rel(s.fig[f]),
        }
        for f in range(FIGURES)
        if s.fig[f] >= 0
    ]
    cells = _cells(sorted(s.cells.items()), s.bars)
    regions = []
    for r, placement in enumerate(s.placed):
        fleet, union = facts.control[r]
        regions.append(
            {
                "region": r,
                "tile": placement.tile,
                "name": s.content.regions[placement.tile].name,
                "island": rel(s.island_of[r]),
                "symbol": s.island_symbol(r),
                "wealth": s.wealth[r],
                "allies": s.allies[r],
                "fort": s.has_fort(r),
                "control": {"fleet": fleet, "union": union},
            }
        )
    players = []
    for p in range(s.num_players):
        entry: dict[str, Any] = {
            "seat": p,
            "faction": s.faction[p],
            "fame": s.fame[p],
            "gold": s.gold[p],
            "hand": s.hand[p][:],
            "spots": _spots(s, p),
            "crew": [_card(s, c) for c in s.crew[p]],
            "flagship": rel(s.fig[p]) if s.fig[p] >= 0 else None,
        }
        if s.faction[p] == "smuggler":
            entry["cargo"] = [_card(s, c) for c in s.cargo[p]]
            entry["delivered"] = len(s.favor[p][0]) + len(s.favor[p][1])
            entry["reward_tokens"] = {"white": s.white[p], "black": s.black[p]}
            if seat == p:
                entry["favor"] = {
                    "fleet": [_card(s, c) for c in s.favor[p][0]],
                    "union": [_card(s, c) for c in s.favor[p][1]],
                }
        if p == s.fleet:
            entry["patrols_in_supply"] = len(s.patrols_in_supply())
            entry["forts_in_supply"] = sum(1 for f in FORT_FIGS if s.fig[f] < 0)
        if p == s.union:
            entry["ready_allies"] = s.ready
            entry["ally_supply"] = s.ally_supply()
            entry["plans_in_hand"] = len(s.plan_hand)
            entry["ship_cards"] = [
                k for k, held in zip(("cutter", "gunboat"), s.ship_card, strict=True) if held
            ]
            if seat == p:
                entry["plans"] = [s.plan_cards[c] for c in s.plan_hand]
        players.append(entry)
    return {
        "round": s.round,
        "first": s.first,
        "active": s.active,
        "cells": cells,
        "regions": regions,
        "figures": figures,
        "market": [_card(s, c) for c in s.market],
        "market_deck": len(s.market_deck),
        "removed": [_card(s, c) for c in s.removed],
        "supply": len(s.supply),
        "plan_deck": len(s.plan_deck),
        "plan_discard": [s.plan_cards[c] for c in s.plan_discard],
        "reward_grid": [{"kind": g.kind, "amount": g.amount} for g in s.content.reward_grid.spaces],
        "gold_bank": s.bank(),
        "players": players,
        "fight": _fight(s, facts),
        "drawn": _drawn(s, facts),
        **({"breakdown": facts.breakdown} if facts.breakdown is not None else {}),
    }


def _fight(s: AhoyState, facts: ViewFacts) -> dict[str, Any] | None:
    """The battle under way: public, like the table (a Secret Weapon is played face up)."""
    f = s.fight
    if f is None:
        return None
    out: dict[str, Any] = {
        "at": rel(f.pos),
        "attacker": f.attacker,
        "defender": f.defender,
        "mover": f.mover,
    }
    if f.defender >= 0:
        # Everything but the dice (Cannons lowered, plans, forts +2, gunboat +3, Brawlers +1).
        out["defender_seat"] = s.owner(f.defender)
        out["modifier"] = facts.modifier or [0, 0]
        out["two_dice"] = f.secret[:]
        out["roll"] = f.roll[:]
        out["ignored"] = f.ignored
        out["winner"] = f.winner
    return out


def _where(pos: Any) -> str:
    if not isinstance(pos, int) or pos < 0:
        return "?"
    x, y = rel(pos)
    return f"({x},{y})"


def _fig(f: Any, names: Sequence[str] | None = None) -> str:
    if not isinstance(f, int):
        return "?"
    if f < PATROL0:
        return f"{seat_name(names, f)}'s flagship"
    if f < FORT0:
        return "a patrol"
    if f < CUTTER:
        return "a fort"
    return "the cutter" if f == CUTTER else "the gunboat"


def event_text(e: Event, names: Sequence[str] | None = None) -> str:
    t = e["type"]
    who = seat_name(names, e["seat"]) if e.get("seat") is not None else "The game"
    texts: dict[str, Callable[[], str]] = {
        "setup": lambda: f"A new game of Ahoy for {e['players']}: {', '.join(e['factions'])}.",
        "round": lambda: (
            f"Round {e['round']} begins; {seat_name(names, e['first'])} is first player."
        ),
        "turn": lambda: f"{who}'s turn.",
        "start": lambda: f"{who} starts at {_where(e['at'])}.",
        "place": lambda: f"{who} places a {e['value']} on {e['name']}.",
        "step": lambda: (
            f"{_fig(e['fig'], names)} moves to {_where(e['to'])}"
            + (" and explores." if e.get("off") else ".")
        ),
        "jump": lambda: f"{_fig(e['fig'], names)} goes to {_where(e['to'])} ({e['how']}).",
        "witch": lambda: f"The Sea Witch takes {_fig(e['fig'], names)} to {_where(e['to'])}.",
        "current": lambda: f"A current carries {_fig(e['fig'], names)} to {_where(e['to'])}.",
        "explore": lambda: f"{who} explores region {e['region']}: {e['name']}.",
        "treasure": lambda: f"{who} takes {e['gold']} gold of treasure.",
        "gold": lambda: f"{who} gains {e['gold']} gold ({e['why']}).",
        "harbor_move": lambda: f"{who} moves a die onto Cannons in the harbor.",
        "patrol": lambda: f"{who} places a patrol at {_where(e['at'])}.",
        "allies": lambda: f"{who} places {e['placed']} allies on region {e['region']}'s island.",
        "ready": lambda: f"{who} gains {e['gained']} ready allies.",
        "allies_removed": lambda: f"{who} removes {e['count']} allies from region {e['region']}.",
        "allies_moved": lambda: (
            f"{who} moves {e['count']} allies from region {e['frm']} to {e['to']}."
        ),
        "damage": lambda: f"{who} takes damage on {e['name']}.",
        "damage_ignored": lambda: f"{who} has no spot left: the damage is ignored.",
        "removed": lambda: f"{_fig(e['fig'], names)} is removed ({e['why']}).",
        "repair": lambda: f"{who} repairs a damaged spot.",
        "repair_all": lambda: f"{who} repairs {e['count']} damage.",
        "battle": lambda: (
            f"Battle at {_where(e['at'])}: {_fig(e['attacker'], names)} attacks "
            f"{_fig(e['defender'], names)}."
        ),
        "fire": lambda: f"{who} fires: Cannons {e['frm']} → {e['to']}.",
        "reroll": lambda: f"{who} rerolls {e['frm']} → {e['to']} (Rum Guzzler).",
        "battle_result": lambda: (
            f"The battle dice show {e['rolls'][0]} and {e['rolls'][1]}: totals "
            f"{e['attacker_total']} (attacker) to {e['defender_total']} (defender); "
            f"{seat_name(names, e['winner'])} wins."
        ),
        "battle_ignored": lambda: "The battle is ignored (Near Miss).",
        "envoy": lambda: f"{who} pays 1 gold to avoid a battle (Envoy).",
        "reward": lambda: f"{who} wins the reward: {e['text'][0].lower()}{e['text'][1:]}.",
        "plan": lambda: f"{who} plays the plan {e['plan'].replace('_', ' ').title()}.",
        "recruit": lambda: f"{who} recruits {e['name']}.",
        "cargo": lambda: f"{who} smuggles {e['cargo']}.",
        "overboard": lambda: f"{who} throws a cargo overboard.",
        "deliver": lambda: (
            f"{who} delivers {e['cargo']} to region {e['region']} (+2 fame, wealth {e['wealth']})."
        ),
        "grid": lambda: (
            f"{who} takes the reward {e['kind']}"
            + (f" {e['amount']}" if e.get("amount") else "")
            + "."
        ),
        "favor": lambda: (
            f"{who} slides the card under a favor token"
            + (f" ({e['secret']['token']})." if "secret" in e else ".")
        ),
        "crew_lost": lambda: f"{who} loses {e['name']}.",
        "steal": lambda: f"{who} steals a card from {seat_name(names, e['frm'])}.",
        "ship": lambda: f"{who} launches {_fig(e['fig'], names)} at {_where(e['at'])}.",
        "fort": lambda: f"{who} builds a fort at {_where(e['at'])}.",
        "patrols_removed": lambda: f"{who} removes a patrol (Stealth Attack).",
        "set_aside": lambda: f"{who} cannot place {e['dice']}: set aside.",
        "score": lambda: f"{who} controls region {e['region']}: +{e['fame']} fame.",
        "favor_score": lambda: f"{who} scores {e['fame']} fame for favor.",
        "wealth": lambda: f"{who} raises region {e['region']} to wealth {e['wealth']}.",
        "market_cleared": lambda: f"{who} clears the market.",
        "game_over": lambda: (
            f"Game over. Fame {e['fame']}; winners: "
            f"{', '.join(seat_name(names, w) for w in e['winners']) or 'none'}."
        ),
    }
    fn = texts.get(t)
    text = fn() if fn else f"{who}: {t}"
    if names is not None and text.startswith(tuple(names)):
        return text  # a name as the table spells it ("greedy bot")
    return text[:1].upper() + text[1:]
