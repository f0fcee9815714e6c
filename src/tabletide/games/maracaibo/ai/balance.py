"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Pirates of Maracaibo.

Every player starts alike except for the turn order (MA-3.14: 10, 11, 12, 13 doubloons by turn
order, seat 0 first), so :func:`factions` gives ``None`` per seat. In the solo game (MA-8) seat 0
plays John Silver, whose score :func:`rival_score` gives (the lab reports the margin against
him); choose his level with the ``difficulty`` option (``--vary difficulty=0,1,2``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

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


def usage(state: MaracaiboState) -> list[dict[str, int]]:
    """Per seat, the cards bought (``card``) or built as residences, the quests taken and the
    figureheads and smuggler tiles gained. John Silver's moves are not counted."""
    cards = state.cards
    content = state.content
    counts = [Counter[str]() for _ in range(state.num_players)]
    for event in state.events:
        kind = str(event.get("type"))
        seat = event.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < state.num_players:
            continue
        if kind in NAMED and isinstance(event.get(NAMED[kind]), int):
            counts[seat][f"{kind}: {cards[event[NAMED[kind]]].name}"] += 1
        elif kind == "quest":
            quest = event.get("quest", (event.get("secret") or {}).get("quest"))
            if isinstance(quest, int):
                counts[seat][f"quest: #{quest}"] += 1
        elif kind == "figurehead" and isinstance(event.get("fig"), int):
            counts[seat][f"figurehead: {content.figureheads[event['fig']].name}"] += 1
        elif kind == "smuggler" and isinstance(event.get("tile"), int):
            counts[seat][f"smuggler: #{event['tile']}"] += 1
    return [dict(c) for c in counts]
