"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Tiny Epic Pirates.

The asymmetric start is the captain card each player is dealt at setup (PC-3.4), so
:func:`factions` names each seat's captain; the deal is random and no option chooses it, so
:func:`assignments` is ``[{}]`` and the captains' figures come from the deals. Seat 0 takes the
first turn. In the solo game (PC-6) the Legendary Pirate's treasures are :func:`rival_score`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletide.engine import Event
from tabletide.games.tiny_epic_pirates.state import PiratesState

USAGE = {
    "order": "order",  # an order performed at the helm
    "search": "token",  # a search token revealed
    "use_token": "token",  # a search token used
    "loot": "loot",  # loot taken aboard
}
"""Event type -> the field naming the item; also counted: crew recruited (named)."""


def factions(state: PiratesState) -> list[str | None]:
    """Each seat's captain (``None`` for a seat without one)."""
    captains = state.content.captains
    return [captains[c].name if c >= 0 else None for c in state.captain_card[: state.num_players]]


def first_player(state: PiratesState) -> int:
    """Seat 0 takes the first turn."""
    return 0


def assignments(num_players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{}]``: captains are dealt, not chosen."""
    return [{}]


def rival_score(state: PiratesState) -> float | None:
    """The Legendary Pirate's buried treasures in the solo game (``None`` otherwise)."""
    if state.num_players != 1:
        return None
    return float(state.buried[state.lp])


def usage_keys(state: PiratesState, event: Event) -> Iterator[str]:
    """What a seat's event took: the order performed, the search token found or used, the loot
    taken, the crew recruited."""
    kind = str(event.get("type"))
    field = USAGE.get(kind)
    if field is not None and event.get(field) is not None:
        yield f"{kind}: {event[field]}"
    elif kind == "recruit" and isinstance(event.get("crew"), int):
        yield f"recruit: {state.content.crew[event['crew']].name}"
