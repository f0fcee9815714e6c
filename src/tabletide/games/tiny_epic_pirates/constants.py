"""Fixed numbers of Tiny Epic Pirates stated by the rulebook (PC-*), and index conventions."""

from __future__ import annotations

from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS

RIGGING, CANNONS, EXTORTION, REPAIRS = range(4)
ASSIGNMENTS = ("rigging", "cannons", "extortion", "repairs")
"""Deckhand assignments, left to right on the bridge sheet (PC-2.2, PC-GAP-12.2)."""
WORK = (RIGGING, CANNONS, EXTORTION)
"""The three assignments deckhands are freed to and listed from (PC-5.3.1, PC-5.7.2 a)."""
HELM_SPACES = 6
"""Space 0 is Hide, spaces 1-5 hold the order tokens (PC-2.2)."""
HIDE = 0
MAX_GOLD = 13  # PC-5.1.1
MAX_CARGO = 3  # PC-5.1.2
MAX_VOLLEY = 3  # PC-5.1.4
MAX_CREW = 4  # PC-5.11.4
TREASURES = 3  # PC-1.3
START_GOLD = 1  # PC-3.3 D
START_HANDS = (1, 1, 1, 0)  # PC-3.4 I
CUBES_PER_TYPE = 10  # PC-2.1 table: 40 cubes, 10 per type
CREW_ROW = 3  # PC-3.8
MERCHANT_COLOURS = ("orange", "green")  # PC-5.22.2: orange sails first
SIZE = 4
"""The sea is SIZE x SIZE map cards; a position is ``row * SIZE + col`` (0-based)."""
DIRECTIONS = ("north", "east", "south", "west")


def place_name(pos: int) -> str:
    """People's name of a card: (row, column), 1-based as in the spec."""
    r, c = divmod(pos, SIZE)
    return f"({r + 1},{c + 1})"


MAX_ROUNDS = 100
"""A safeguard, not a rule: a game still running after this many rounds ends and is ranked by
the tie-break chain of PC-5.27.3 (treasures, infamy, gold, loot). Real games end far sooner."""

NUM_LOOT = len(LOOT)
ORDER_INDEX = {o: i for i, o in enumerate(ORDERS)}
