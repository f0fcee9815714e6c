"""What the view shows that takes a rule to work out, and the pending decision as data.

The view builder (``present/view.py``) reads the state's fields but calls no rule; the facts
below (the track's incomes, finished ships, speeds, the hull of the ship being fitted) are
worked out here, on the rules side, and handed to it. :func:`decision_context` gives the
public facts of each decision kind (schemas: ``present/schema.py``); every seat and the
spectator see it, so it holds nothing secret.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletide.games.shipyard import track
from tabletide.games.shipyard.building import Build, Place, completed_ships, row_types
from tabletide.games.shipyard.canals import NewCanal
from tabletide.games.shipyard.constants import ITEMS, PART_TYPES, SUBSTITUTE
from tabletide.games.shipyard.scoring import Discard
from tabletide.games.shipyard.supplies import CircleChoice, WagonSale, wagon_goods
from tabletide.games.shipyard.turn import Menu
from tabletide.games.shipyard.voyage import Route, base_speed, hull, max_boost, route_options

if TYPE_CHECKING:
    from tabletide.engine import Frame
    from tabletide.games.shipyard.state import ShipyardState


@dataclass(frozen=True)
class ViewFacts:
    """Derived facts for the view builder."""

    behind: dict[int, int]
    """Tile id -> spaces behind the leading tile (SY-4.0.1)."""
    income: dict[int, int | None]
    """Tile id -> coins for choosing it now; None when a figure stands on it."""
    finished_ships: list[list[list[int]]]
    """Per seat, ``[first, last]`` cells of each completed ship in the shipyard (SY-6.2)."""
    fleet_speeds: list[list[int]]
    """Per seat, each sailed ship's speed before employee bonuses (SY-6.5.1)."""
    ship: dict[str, Any] | None
    """The ship being fitted or sailing: its room and speed (``schema.PendingShip``)."""


def view_facts(s: ShipyardState) -> ViewFacts:
    occupied = track.occupied(s)
    incomes = track.incomes(s)
    return ViewFacts(
        behind={t: track.behind(s, t) for t in s.tiles},
        income={t: None if t in occupied else incomes[t] for t in s.tiles},
        finished_ships=[
            [[a, b] for a, b in completed_ships(row_types(s, s.row[p]))]
            for p in range(s.num_players)
        ],
        fleet_speeds=[
            [base_speed(ship.items) for ship in s.fleet[p]] for p in range(s.num_players)
        ],
        ship=_pending_ship(s),
    )


def _pending_ship(s: ShipyardState) -> dict[str, Any] | None:
    if s.ship is None:
        return None
    h = hull(s, s.ship.parts)
    return {
        "parts": len(s.ship.parts),
        "items": {n: s.ship.items[i] for i, n in enumerate(ITEMS) if s.ship.items[i]},
        "cabins": h.cabins,
        "mounts": {
            "sail/funnel": h.sail_funnel,
            "propeller": h.propeller,
            "crane": h.crane,
            "cannon": h.cannon,
        },
        "safety": {"lifebuoys": h.lifebuoys, "lifeboats": h.lifeboats, "lanterns": h.lanterns},
        "speed": base_speed(s.ship.items),
    }


# ---------------------------------------------------------------------------- decisions
def part_record(s: ShipyardState, code: int) -> dict[str, Any]:
    """A part in hand or in a shipyard cell: its type, its id (None: a substitute) and words."""
    if code >= SUBSTITUTE:
        return {"type": PART_TYPES[code - SUBSTITUTE], "id": None, "part": s.describe_part(code)}
    return {"type": s.content.parts[code].type, "id": code, "part": s.describe_part(code)}


def _circle_targets(pointer: int, spaces: int) -> list[int]:
    """The space the pointer reaches with 1, 2, ... ``spaces`` steps clockwise."""
    return [(pointer + steps) % spaces for steps in range(1, spaces + 1)]


def _menu(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    menu = frame.record(Menu)
    return {"tile": menu.tile, "main_done": menu.main_done, "bonus_done": menu.bonus_done}


def _build(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    build = frame.record(Build)
    return {"bought": build.bought, "last_chance": build.last_chance}


def _place(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    place = frame.record(Place)
    return {"part": part_record(s, place.part), "last_chance": place.last_chance}


def _new_canal(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    return {"card": frame.record(NewCanal).card}


def _circle(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    which = frame.record(CircleChoice).circle
    pointer = s.eq_ptr if which == "equipment" else s.crew_ptr
    return {"circle": which, "pointer": pointer, "targets": _circle_targets(pointer, 4)}


def _oval(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    spaces = s.content.board.oval_spaces
    return {"pointer": s.oval_ptr, "targets": _circle_targets(s.oval_ptr, spaces)}


def _hire(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    return {"space": s.oval_ptr}


def _wagon(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    sale = frame.record(WagonSale)
    return {
        "tile": sale.tile,
        "goods": wagon_goods(s, sale.tile)[sale.position],
        "index": sale.position,
        "swapped": list(sale.swapped),
    }


def _launch(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    return {"ships": [[a, b] for a, b in completed_ships(row_types(s, s.row[frame.seat]))]}


def _fit(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    assert s.ship is not None
    return {"speed": base_speed(s.ship.items)}


def _boost(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    assert s.ship is not None
    return {
        "speed": base_speed(s.ship.items),
        "max_boost": max_boost(s, frame.seat, s.ship.items),
    }


def _route(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    route = frame.record(Route)
    speed, done = route.speed, route.moves_made
    return {
        "speed": speed,
        "moves_made": done,
        "options": [list(spot) for spot in route_options(s, frame.seat, speed - done)],
    }


def _discard(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    return {"keep": frame.record(Discard).keep}


def _nothing(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    return {}


CONTEXTS: dict[str, Callable[[ShipyardState, Frame], dict[str, Any]]] = {
    "choose_tile": _nothing,
    "menu": _menu,
    "build": _build,
    "place": _place,
    "canal": _nothing,
    "first_canal": _new_canal,
    "place_canal": _new_canal,
    "circle": _circle,
    "oval": _oval,
    "hire": _hire,
    "goods": _nothing,
    "exchange": _nothing,
    "wagon": _wagon,
    "launch": _launch,
    "fit": _fit,
    "boost": _boost,
    "route": _route,
    "discard": _discard,
    "final": _nothing,
}
"""Decision kind -> its context (``present/schema.py`` documents each)."""


def decision_context(s: ShipyardState, frame: Frame) -> dict[str, Any]:
    return CONTEXTS[frame.kind](s, frame)


CATEGORIES = (("voyages", "voyage"), ("contracts", "contract"), ("merchants", "merchants"))
"""Final-scoring category -> the event that scores it."""


def score_categories(s: ShipyardState) -> list[tuple[str, list[int | float]]]:
    """SY-7.6: the VP of voyages, of the revealed contracts and of merchants, per seat (the
    log's events name every VP a seat earns)."""
    out: list[tuple[str, list[int | float]]] = []
    for category, kind in (
        ("voyages", "voyage"),
        ("contracts", "contract"),
        ("merchants", "merchants"),
    ):
        values: list[int | float] = [0] * s.num_players
        for e in s.events:
            if e["type"] == kind:
                values[e["seat"]] += e["vp"]
        out.append((category, values))
    return out
