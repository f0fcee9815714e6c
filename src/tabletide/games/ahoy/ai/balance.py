"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Ahoy.

The factions are fixed by seat and player count (AH-3: Fleet, Smuggler, Union, ...), so there is
nothing to assign: :func:`assignments` gives ``[{}]`` and the lab's seatings move the *bots*, not
the factions. The Fleet takes the first turn of round 1 (seat 0).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

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


def usage(state: AhoyState) -> list[dict[str, int]]:
    """Per seat, how often it placed on each action, recruited, played each plan, explored."""
    return count_events(state, USAGE)


def count_events(state: AhoyState, fields: dict[str, str]) -> list[dict[str, int]]:
    counts = [Counter[str]() for _ in range(state.num_players)]
    for event in state.events:
        field = fields.get(str(event.get("type")))
        seat = event.get("seat")
        if field is None or not isinstance(seat, int) or event.get(field) is None:
            continue
        if 0 <= seat < state.num_players:
            counts[seat][f"{event['type']}: {event[field]}"] += 1
    return [dict(c) for c in counts]
