"""Sailing (MA-5.1-5.9), payments (MA-5.7, MA-8.9), the Pirate Skirmish (MA-9.9-9.12), the
face-down cards of the Uncharted Waters modules (MA-9.2, MA-9.7) and arrival at a space.

Without Uncharted Waters: Upgrades a move is one decision: the space where the ship ends. With
it, the ship sails step by step, because a card turned face up on the way may change the plan
(MA-9.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.maracaibo.board import can_finish, destinations
from tabletide.games.maracaibo.constants import (
    BAY,
    GRID,
    MARACAIBO,
    SKIRMISH_VP,
    SOLO_SKIRMISH_VP,
    column,
)
from tabletide.games.maracaibo.effects import node_name
from tabletide.games.maracaibo.raid import raid_bonus
from tabletide.games.maracaibo.spaces import push_space

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S


class Step(NamedTuple):
    """``step``: a move sailed step by step (MA-9.7): the column it began in, the steps left
    and the nodes sailed so far, the start first."""

    start_column: int
    moves_left: int
    path: tuple[int, ...]


class Pay(NamedTuple):
    """``pay``: the seats still to be paid 1 doubloon (MA-5.7)."""

    payees: tuple[int, ...]


def auto_move(s: S, f: Frame) -> None:
    p = f.seat
    if "uncharted_upgrades" in s.mods:
        s.push_record("step", p, Step(column(s.ship[p]), s.max_moves(p), (s.ship[p],)))
    else:
        s.push("move", p)


def legal_move(s: S, f: Frame) -> list[Action]:
    p = f.seat
    return [
        make_action("sail", f"Sail to {node_name(s, n)}", to=n)
        for n in destinations(s.board, s.ship[p], s.max_moves(p))
    ]


def apply_move(s: S, f: Frame, a: Action) -> None:
    p, to = f.seat, a.num("to")
    s.log("sail", p, frm=s.ship[p], to=to)
    s.ship[p] = to
    arrive(s, p, to)


# ---------------------------------------------------------------------------- step by step
def legal_step(s: S, f: Frame) -> list[Action]:
    """MA-9.7: the next space (one from which the move can still end further right), or stop
    once the ship is further right than where it began."""
    p = f.seat
    step = f.record(Step)
    start_col, left, path = step.start_column, step.moves_left, step.path
    here = s.ship[p]
    out = []
    if left > 0 and (here != BAY or len(path) == 1):
        for n in s.board.neighbours(here):
            if n not in path and can_finish(s.board, n, start_col, left - 1, frozenset(path) | {n}):
                out.append(make_action("sail", f"Sail on to {node_name(s, n)}", to=n))
    if column(here) > start_col and len(path) > 1:
        out.append(make_action("stop", f"Stop at {node_name(s, here)}"))
    return out


def apply_step(s: S, f: Frame, a: Action) -> None:
    p = f.seat
    step = f.record(Step)
    left, path = step.moves_left, step.path
    if a.kind == "stop":
        arrive(s, p, s.ship[p])
        return
    to = a.num("to")
    s.log("sail", p, frm=s.ship[p], to=to)
    s.ship[p] = to
    flip_upgrade(s, p, to)
    if left == 1 or to in (BAY, MARACAIBO):
        arrive(s, p, to)
    else:
        s.push_record("step", p, step._replace(moves_left=left - 1, path=(*path, to)))


def flip_upgrade(s: S, p: int, node: int) -> None:
    """MA-9.7 / MA-GAP-12.2: any face-down card a ship sails onto or over is turned face up,
    except a face-down location of Uncharted Waters: Locations (only ending there turns it)."""
    if node >= GRID or s.up[node] or s.slot[node] < 0:
        return
    card = s.cards[s.slot[node]]
    if card.type == "location" and card.level == 1 and "uncharted_locations" in s.mods:
        return
    reveal(s, node)


def reveal(s: S, node: int) -> None:
    s.up[node] = True
    card = s.slot[node]
    s.log("reveal", None, at=node, card=card)
    if card in s.refill_of:
        s.log("refill_tile", None, at=node, color=s.refill_of[card])


# ---------------------------------------------------------------------------- arrival
def arrive(s: S, p: int, node: int) -> None:
    """The end of a move: turn a face-down location (MA-9.2), meet the other ships, then the
    space's actions (MA-5.10)."""
    if node < GRID and not s.up[node] and s.slot[node] >= 0:
        coins = s.coins[node]
        s.coins[node] = 0
        if p != s.john:
            s.doubloons[p] += coins
        s.log("uncharted", p, at=node, doubloons=coins if p != s.john else 0)
        reveal(s, node)
    push_space(s, p, node)
    if node < GRID:
        others = [q for q in range(s.participants) if q != p and s.ship[q] == node]
        if others:
            if "skirmish" in s.mods:
                skirmish(s, p, node, others)
            else:
                pay_others(s, p, others)


def pay_others(s: S, p: int, others: list[int]) -> None:
    """MA-5.7: 1 doubloon to each other ship's owner, as far as possible (the mover chooses
    whom when short). Solo (MA-8.9): the human pays the supply; John makes the human gain 1."""
    if s.john >= 0:
        if p == s.john:
            s.doubloons[0] += 1
            s.log("paid", 0, to=None, gain=1)
        elif s.doubloons[p] > 0:
            s.doubloons[p] -= 1
            s.log("paid", p, to=None)
        return
    if s.doubloons[p] >= len(others):
        for q in others:
            pay(s, p, q)
    elif s.doubloons[p] > 0:
        s.push_record("pay", p, Pay(tuple(others)))


def pay(s: S, p: int, q: int) -> None:
    s.doubloons[p] -= 1
    s.doubloons[q] += 1
    s.log("paid", p, to=q)


def legal_pay(s: S, f: Frame) -> list[Action]:
    return [
        make_action("pay", f"Pay 1 doubloon to {s.name(q)}", seat=q) for q in f.record(Pay).payees
    ]


def apply_pay(s: S, f: Frame, a: Action) -> None:
    p, q = f.seat, a.num("seat")
    pay(s, p, q)
    rest = tuple(x for x in f.record(Pay).payees if x != q)
    if rest and s.doubloons[p] > 0:
        s.push_record("pay", p, Pay(rest))


def skirmish(s: S, p: int, node: int, others: list[int]) -> None:
    """MA-9.10-9.12: everybody on the card rolls one die, no rerolls, plus uncoloured raid
    bonuses (John: plus the round). A single highest wins 2 VP and 1 doubloon from each loser
    (solo: 5 VP, no coins); a tie for highest wins nothing (MA-GAP-12.5)."""
    rolls = {}
    for q in [p, *others]:
        die = 1 + s.rng.below(6)
        extra = s.round if q == s.john else raid_bonus(s, q, -1)
        rolls[q] = die + extra
    best = max(rolls.values())
    top = [q for q, v in rolls.items() if v == best]
    s.log("skirmish", p, at=node, rolls={str(q): v for q, v in rolls.items()})
    if len(top) > 1:
        return
    win = top[0]
    if s.john >= 0:
        s.vp[win] += SOLO_SKIRMISH_VP
        s.log("skirmish_win", win, vp=SOLO_SKIRMISH_VP, took=0)
        return
    took = 0
    for q in rolls:
        if q != win and s.doubloons[q] > 0:
            s.doubloons[q] -= 1
            took += 1
    s.doubloons[win] += took
    s.vp[win] += SKIRMISH_VP
    s.log("skirmish_win", win, vp=SKIRMISH_VP, took=took)


LEGAL = {"move": legal_move, "step": legal_step, "pay": legal_pay}
APPLY = {"move": apply_move, "step": apply_step, "pay": apply_pay}
AUTO = {"@move": auto_move}
