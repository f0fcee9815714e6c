"""What the balance lab (:mod:`tabletide.sim.balance`) needs to know about Empires of the North.

- :func:`factions`: each seat's clan (options ``clan_1..clan_4``, or drawn at setup).
- :func:`assignments`: the clan options of a balanced design, so that every clan sits in every
  seat and meets every other clan as evenly as the number of games allows (see its doc).
- :func:`first_player`: the seat that starts round 1 (EN-3.14: drawn at random).
- :func:`usage`: per seat, the cards it built, the locations' actions it used, the islands it
  raided or conquered, the cards it attacked and the cards it kept at the Lookout, counted from
  the finished state's structured events.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations
from typing import Any

from tabletide.engine import Event
from tabletide.games.empires_north.state import EmpiresState

CLANS = ("glenn", "olaf", "nanuuk", "heidel", "panurjuk", "mackinnon")
"""The six clans, by their option values (the order of ``clan_1``'s choices)."""

USAGE = {
    "build": "card",  # a location or card built into the empire
    "use": "card",  # an action location used
    "raid": "island",  # an island pillaged
    "conquer": "island",  # an island conquered
    "attack": "card",  # an opponent's card attacked
    "keep": "secret",  # a card kept at the Lookout
}
"""Event type -> the field naming the item; the usage key is ``"<type>: <name>"``."""


def factions(state: EmpiresState) -> list[str | None]:
    """Each seat's clan (its option value, e.g. ``"olaf"``)."""
    return [str(c) for c in state.clan]


def first_player(state: EmpiresState) -> int:
    """The seat that starts round 1 (read from the initial state)."""
    return int(state.start)


def assignments(num_players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The clan settings of each game of one design cycle (``[{}]`` when the user fixed a clan).

    2 players: all 30 ordered pairs, so each clan meets each other in both seats once. 3 players:
    all 120 orders of the 20 triples, so each clan sits in each seat 20 times, each pair meets in
    4 triples, and each clan sits before and after each other equally often. 4 players: the 15
    sets of four clans, each in its 4 cyclic rotations (60 games): every clan in every seat 10
    times and every pair meets 6 times, but within one set the neighbours do not change (all 24
    orders of each set, 360 games, would be more than most runs can afford). Rotations of one set
    share a deal in the lab, so the clan, not the deal, moves round the table.
    """
    if any(options.get(f"clan_{k}", "random") != "random" for k in range(1, 5)):
        return [{}]
    designs: list[tuple[str, ...]] = []
    if num_players == 2:
        designs = list(permutations(CLANS, 2))
    elif num_players == 3:
        for trio in combinations(CLANS, 3):
            designs.extend(sorted(set(permutations(trio))))
    else:
        for four in combinations(CLANS, num_players):
            designs.extend(four[r:] + four[:r] for r in range(num_players))
    return [{f"clan_{k + 1}": clan for k, clan in enumerate(seats)} for seats in designs]


def usage_keys(state: EmpiresState, event: Event) -> Iterator[str]:
    """What a seat's event built, used, raided, conquered, attacked or kept."""
    field = USAGE.get(str(event.get("type")))
    if field is not None and field in event:
        yield f"{event['type']}: {event[field]}"
