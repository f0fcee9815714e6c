"""What a seat sees of Shipyard: the JSON view and the log lines (text: ``text.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletide.engine.view import seat_name
from tabletide.games.shipyard.constants import (
    COLUMN_NAMES,
    EMPTY,
    ITEMS,
    PART_TYPES,
    STARTING_WAGON,
    SUBSTITUTE,
    TILE_NAMES,
)

if TYPE_CHECKING:
    from tabletide.games.shipyard.facts import ViewFacts
    from tabletide.games.shipyard.state import ShipyardState


def build_view(s: ShipyardState, seat: int | None, facts: ViewFacts) -> dict[str, Any]:
    """Everything public, plus ``seat``'s own contracts (schema: ``schema.ShipyardView``).
    Deck orders and other seats' contracts are never included; their counts are public
    (everyone holds the same number). What takes a rule to work out comes in ``facts``."""
    c = s.content
    mid_groups = {"A": 0, "B": 0}
    for p in s.part_decks[1]:
        mid_groups[c.parts[p].group or "A"] += 1

    def wagon(tile: int) -> dict[str, Any]:
        w = c.wagons.starting if tile == STARTING_WAGON else c.wagons.deck[tile]
        return {"id": tile, "goods": list(w.goods)}

    def part(code: int) -> dict[str, Any]:
        if code >= SUBSTITUTE:
            kind, pid = PART_TYPES[code - SUBSTITUTE], None
        else:
            kind, pid = c.parts[code].type, code
        return {"type": kind, "id": pid, "part": s.describe_part(code)}

    players = []
    for p in range(s.num_players):
        players.append(
            {
                "seat": p,
                "coins": s.coins[p],
                "vp": s.vp[p],
                "supply": {name: s.supply[p][i] for i, name in enumerate(ITEMS) if s.supply[p][i]},
                "shipyard": [None if code == EMPTY else part(code) for code in s.row[p]],
                "finished_ships": facts.finished_ships[p],
                "fleet": [
                    {
                        "parts": len(ship.parts),
                        "items": {n: ship.items[i] for i, n in enumerate(ITEMS) if ship.items[i]},
                        "speed": speed,
                    }
                    for ship, speed in zip(s.fleet[p], facts.fleet_speeds[p], strict=True)
                ],
                "employees": [s.employee_name(e) for e in s.employees[p]],
                "employee_ids": list(s.employees[p]),
                "wagons": [wagon(t) for t in s.wagons[p]],
                "canals": [
                    {"x": x, "y": y, "card": card, "rotation": rot, "canal": s.describe_canal(card)}
                    for (x, y), (card, rot) in sorted(s.canals[p].items())
                ],
                "boat": None if (b := s.boat[p]) is None else list(b),
                "used_canals": s.used_count[p],
                "contracts_held": len(s.contracts[p]),
                "figures": [TILE_NAMES[t] for t in s.figs[p]],
            }
        )
    view: dict[str, Any] = {
        "starting_player": s.start,
        "round_marker": s.marker,
        "early_end": s.early_end,
        "final_phase": s.final,
        "track": [
            {
                "tile": TILE_NAMES[t],
                "id": t,
                "space": s.pos[t],
                "behind_leader": facts.behind[t],
                "leading": t == s.lead,
                "occupied_by": [p for p in range(s.num_players) for f in s.figs[p] if f == t],
                "income": facts.income[t],
            }
            for t in sorted(s.tiles, key=lambda t: facts.behind[t])
        ],
        "offer": {
            COLUMN_NAMES[col]: [
                None if code == EMPTY else {**part(code), "price": c.board.part_prices[row]}
                for row, code in enumerate(s.offer[col])
            ]
            for col in range(4)
        },
        "decks": {"bow": len(s.part_decks[0]), "middle": mid_groups, "stern": len(s.part_decks[2])},
        "wagon_offer": [
            {**wagon(t), "price": c.board.wagon_prices[i]} for i, t in enumerate(s.wagon_offer)
        ],
        "canal_offer": [
            {"card": t, "canal": s.describe_canal(t), "price": c.board.canal_prices[i]}
            for i, t in enumerate(s.canal_offer)
        ],
        "equipment_circle": {"items": list(c.board.equipment_circle), "pointer": s.eq_ptr},
        "crew_circle": {"items": list(c.board.crew_circle), "pointer": s.crew_ptr},
        "exchange": {"pointer": s.hex_ptr, "prices": dict(c.board.exchange_prices[s.hex_ptr])},
        "oval": {
            "pointer": s.oval_ptr,
            "spaces": [[s.employee_name(st[-1]) if st else None for st in sp] for sp in s.oval],
            "employee_ids": [[st[-1] if st else None for st in sp] for sp in s.oval],
        },
        "players": players,
    }
    if facts.ship is not None:
        view["ship"] = facts.ship
    if not s.stack:  # SY-7.6: at the end every contract is revealed
        view["revealed"] = revealed(s)
    if seat is not None:
        view["my_contracts"] = [
            {"id": c.contracts[i].id, "colour": c.contracts[i].colour, "text": c.contracts[i].text}
            for i in s.contracts[seat]
        ]
    return view


def revealed(s: ShipyardState) -> list[dict[str, Any]]:
    """Per seat at the end: the ships that sailed, each revealed contract with its VP, and the
    coins (the tie-break). The VP by category are the view's ``final_scoring``."""
    colours = {k.id: k.colour for k in s.content.contracts}
    out = []
    for p in range(s.num_players):
        mine = [e for e in s.events if e.get("seat") == p]
        out.append(
            {
                "seat": p,
                "ships": sum(1 for e in mine if e["type"] == "voyage"),
                "contracts": [
                    {
                        "id": e["contract"],
                        "colour": colours[e["contract"]],
                        "text": e["text"],
                        "vp": e["vp"],
                    }
                    for e in mine
                    if e["type"] == "contract"
                ],
                "coins": s.coins[p],
            }
        )
    return out


def event_text(e: dict[str, Any], names: Sequence[str] | None = None) -> str:
    who = seat_name(names, e["seat"]) if e.get("seat") is not None else "The game"
    t = e["type"]
    secret = e.get("secret")
    texts: dict[str, Callable[[], str]] = {
        "deal": lambda: (
            f"{who} is dealt 3 blue and 3 green contracts"
            + (f" ({', '.join(secret['contracts'])})" if secret else "")
        ),
        "start": lambda: f"{who} is the starting player",
        "to_front": lambda: f"{who} moves {e['tile']} to the front",
        "choose": lambda: f"{who} chooses {e['tile']} (+{e['income']} coins)",
        "action": lambda: (
            f"{who} performs {e['tile']}" + (f" ({e['how']})" if e["how"] != "main" else "")
        ),
        "nothing": lambda: f"{who} cannot perform {e['tile']}",
        "buy_part": lambda: f"{who} takes {e['part']} for {e['price']}",
        "place_part": lambda: f"{who} places {e['part']} on space {e['cell'] + 1}",
        "canal": lambda: f"{who} rents canal #{e['card']} for {e['price']}",
        "canal_lost": lambda: f"{who} loses disconnected canal #{e['card']}",
        "equipment": lambda: f"{who} produces {', '.join(e['items'])} for {e['cost']}",
        "crew": lambda: f"{who} recruits {', '.join(e['items'])} for {e['cost']}",
        "hire": lambda: f"{who} hires {e['employee']} for {e['cost']}",
        "wagon": lambda: f"{who} buys wagon tile {e['tile']} for {e['price']}",
        "exchange_moves": lambda: f"The stock exchange moves to space {e['space'] + 1}",
        "sell": lambda: f"{who} sells {e['goods']} for {e['coins']}",
        "swap": lambda: f"{who} swaps {e['goods']} for a {e['item']}",
        "subsidy": lambda: f"{who} takes a subsidy of {e['coins']}",
        "ship_lost": lambda: f"{who}'s {e['parts']}-part ship is removed: {e['reason']}",
        "voyage": lambda: (
            f"{who}'s {e['parts']}-part ship sails at speed {e['speed']} and scores {e['vp']} VP"
        ),
        "lap": lambda: (
            f"The tiles complete a lap; the round marker moves to {e['marker'] or 'the end'}"
        ),
        "discard": lambda: (
            f"{who} discards a {e['colour']} contract"
            + (f" ({secret['contract']})" if secret else "")
        ),
        "early_end": lambda: f"The last {e['deck']} is laid out: the game will end early",
        "final_phase": lambda: "Final actions and last chances begin",
        "pass": lambda: f"{who} passes",
        "reshuffle": lambda: f"The {e['deck']} deck is reshuffled",
        "contract": lambda: f"{who} scores {e['vp']} VP for contract {e['contract']}: {e['text']}",
        "merchants": lambda: f"{who} scores {e['vp']} VP for merchants",
        "game_end": lambda: f"Game over. Scores {e['scores']}, coins {e['coins']}",
    }
    fn: Callable[[], str] | None = texts.get(t)
    return fn() if fn else f"{who}: {t}"
