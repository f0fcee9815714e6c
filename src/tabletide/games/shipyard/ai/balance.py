"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Shipyard.

Shipyard has no factions: every player starts alike except for the start player (drawn at
setup, SY-3) and the coins that depend on the turn order, so :func:`factions` gives ``None`` per
seat and the lab reports per turn-order position.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletide.games.shipyard.state import ShipyardState

USAGE = {
    "choose": "tile",  # an action tile chosen on the track
    "hire": "employee",  # an employee hired
    "wagon": "tile",  # a train wagon bought
    "canal": "card",  # a canal card taken (its number)
    "contract": "contract",  # a government contract fulfilled
}
"""Event type -> the field naming the item; the usage key is ``"<type>: <name>"``; the items of
``equipment`` and ``crew`` events (lists) count one each."""


def factions(state: ShipyardState) -> list[str | None]:
    """``None`` for every seat: no asymmetric start."""
    return [None] * state.num_players


def first_player(state: ShipyardState) -> int:
    """The start player drawn at setup."""
    return int(state.start)


def assignments(num_players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{}]``: nothing to assign."""
    return [{}]


def usage(state: ShipyardState) -> list[dict[str, int]]:
    """Per seat, the action tiles chosen, employees hired, wagons and canals taken, contracts
    fulfilled and equipment or crew fitted."""
    counts = [Counter[str]() for _ in range(state.num_players)]
    for event in state.events:
        kind = str(event.get("type"))
        seat = event.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < state.num_players:
            continue
        field = USAGE.get(kind)
        if field is not None and event.get(field) is not None:
            counts[seat][f"{kind}: {event[field]}"] += 1
        elif kind in ("equipment", "crew"):
            for item in event.get("items", ()):
                counts[seat][f"{kind}: {item}"] += 1
    return [dict(c) for c in counts]
