"""The small records of the state: a card placed in an empire and a ship in the queue."""

from __future__ import annotations

from typing import NamedTuple

NEAR, DISTANT = 0, 1
"""The two island decks (EN-2.3/2.4)."""


class Placed(NamedTuple):
    """A card in an empire: the card, the card it acts as (a copy location acts as the card it
    copies, EN-9.8; otherwise itself), whether it is exhausted, and the position of the
    production location it is slid under (upgrades; -1 otherwise)."""

    card: int
    acts: int
    exhausted: bool = False
    host: int = -1


class Ship(NamedTuple):
    """A ship in the queue (EN-5.4.5): its owner, what it carries, and whether it is a common
    ship (EN-GAP-12: owned for the round, back to the common supply after its voyage)."""

    owner: int
    fish: bool
    axe: bool
    common: bool = False
