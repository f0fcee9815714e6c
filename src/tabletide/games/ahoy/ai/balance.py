"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Ahoy.

The factions are fixed by seat and player count (AH-3: Fleet, Smuggler, Union, ...), so there is
nothing to assign: :func:`assignments` gives ``[{}]`` and the lab's seatings move the *bots*, not
the factions. The Fleet takes the first turn of round 1 (seat 0).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletide.engine import Event
from tabletide.games.ahoy.state import AhoyState

USAGE = {
    "place": "name",  # a die placed on a faction board or crew card action
    "recruit": "name",  # a crew card recruited from the market
    "cargo": "name",  # a crew card taken as cargo
    "plan": "plan",  # a Union plan played
    "explore": "name",  # a region tile explored
}
"""Event type -> the field naming the item; the usage key is ``"<type>: <name>"``."""


def factions(state: AhoyState) -> list[str | None]:
    """Each seat's faction (``"fleet"``, ``"smuggler"``, ``"union"``...)."""
    return [str(f) for f in state.faction]


def first_player(state: AhoyState) -> int:
    """The seat whose turn begins round 1."""
    return int(state.first)


def assignments(num_players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{}]``: the factions are fixed by seat and player count."""
    return [{}]


def usage_keys(state: AhoyState, event: Event) -> Iterator[str]:
    """What a seat's event took: the action placed on, the crew recruited, the plan played,
    the region explored."""
    field = USAGE.get(str(event.get("type")))
    if field is not None and event.get(field) is not None:
        yield f"{event['type']}: {event[field]}"
