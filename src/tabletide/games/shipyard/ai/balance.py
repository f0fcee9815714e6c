"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Shipyard.

Shipyard has no factions: every player starts alike except for the start player (drawn at
setup, SY-3) and the coins that depend on the turn order, so :func:`factions` gives ``None`` per
seat and the lab reports per turn-order position.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletide.engine import Event
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


def usage_keys(state: ShipyardState, event: Event) -> Iterator[str]:
    """What a seat's event took: the action tile chosen, the employee hired, the wagon or canal
    taken, the contract fulfilled, the equipment or crew fitted."""
    kind = str(event.get("type"))
    field = USAGE.get(kind)
    if field is not None and event.get(field) is not None:
        yield f"{kind}: {event[field]}"
    elif kind in ("equipment", "crew"):
        for item in event.get("items", ()):
            yield f"{kind}: {item}"
