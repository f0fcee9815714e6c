"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Pirates of Maracaibo.

Every player starts alike except for the turn order (MA-3.14: 10, 11, 12, 13 doubloons by turn
order, seat 0 first), so :func:`factions` gives ``None`` per seat. In the solo game (MA-8) seat 0
plays John Silver, whose score :func:`rival_score` gives (the lab reports the margin against
him); choose his level with the ``difficulty`` option (``--vary difficulty=0,1,2``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletide.engine import Event
from tabletide.games.maracaibo.state import MaracaiboState

NAMED = {"card": "card", "residence": "card"}  # card ids, named from the content
"""Event type -> the field holding a card id; also counted: quests and figureheads."""


def factions(state: MaracaiboState) -> list[str | None]:
    """``None`` for every seat: no asymmetric start."""
    return [None] * state.num_players


def first_player(state: MaracaiboState) -> int:
    """Seat 0: participants take turns in index order (MA-3.14)."""
    return 0


def assignments(num_players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{}]``: nothing to assign."""
    return [{}]


def rival_score(state: MaracaiboState) -> float | None:
    """John Silver's victory points in the solo game (``None`` otherwise)."""
    john = int(state.john)
    return float(state.vp[john]) if john >= 0 else None


def usage_keys(state: MaracaiboState, event: Event) -> Iterator[str]:
    """What a seat's event took: the card bought (``card``) or built as a residence, the quest
    taken, the figurehead or smuggler tile gained (John Silver's are not counted: he is no
    player's seat)."""
    kind = str(event.get("type"))
    if kind in NAMED and isinstance(event.get(NAMED[kind]), int):
        yield f"{kind}: {state.cards[event[NAMED[kind]]].name}"
    elif kind == "quest":
        quest = event.get("quest", (event.get("secret") or {}).get("quest"))
        if isinstance(quest, int):
            yield f"quest: #{quest}"
    elif kind == "figurehead" and isinstance(event.get("fig"), int):
        yield f"figurehead: {state.content.figureheads[event['fig']].name}"
    elif kind == "smuggler" and isinstance(event.get("tile"), int):
        yield f"smuggler: #{event['tile']}"
