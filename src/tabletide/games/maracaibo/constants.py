"""Fixed numbers of Pirates of Maracaibo: node ids of the Caribbean, starting money, limits.

Nodes: the card grid is ``COLUMNS`` columns of ``ROWS`` cells; cell (column c in 1..9, row r) is
node ``(c - 1) * ROWS + r``. Three more nodes follow the grid: the start area (column 0), the Bay
(column 10) and Maracaibo (column 11) (MA-GAP-4.4/4.5).
"""

from __future__ import annotations

from functools import cache

COLUMNS = 9
ROWS = 4
GRID = COLUMNS * ROWS
START = GRID
BAY = GRID + 1
MARACAIBO = GRID + 2
NODES = GRID + 3

ROUNDS = 3
START_DOUBLOONS = (10, 11, 12, 13)  # MA-3.14, by turn order
ISLAND_START = 4  # MA-3.6
FIGUREHEAD_EXTRA = 2  # MA-3.12: players + 2
SOLO_FIGUREHEADS = 3  # MA-8.2
SMUGGLER_TILES = 5  # MA-3.8
MOVES = 3  # MA-5.1
UPGRADE_SPACE_DOUBLOONS = 5  # MA-5.11 A, MA-5.15
FIRST_BUILDER_VP = 2  # MA-5.17
GAIN_CARD_SURCHARGE = 3  # MA-5.47
FIGUREHEAD_COST = 3  # MA-5.51
QUEST_SELL = 8  # MA-10.5.26
RIVER_VP = 4  # MA-7.1
BURIED_VP = 2  # MA-7.7
SIX_QUESTS_VP = 10  # MA-7.9
ROYAL_UNFULFILLED = -5  # MA-9.14
SKIRMISH_VP = 2  # MA-9.11
SOLO_SKIRMISH_VP = 5  # MA-9.12
UNCHARTED_SOLO_VP = (1, 3, 5)  # MA-9.4, by round

# Raid-action ids (the ``action`` parameter of a spend): the ship's standard ones, then the
# ship-board slots, the figurehead and the upgrade cards.
RAID_STD = 0
RAID_SLOT = 10
RAID_FIG = 40
RAID_CARD = 100
RAID_IDS = 200

DIE_COLORS = ("gold", "emerald", "pearl")
"""The three raid dice by index: yellow, green, white (MA-5.27)."""
DIE_NAMES = ("yellow", "green", "white")

MODULES = (
    "uncharted_locations",
    "uncharted_upgrades",
    "skirmish",
    "royal_orders",
    "rubies",
    "retirement",
)
"""The six optional modules (MA-9), each a boolean game option."""


def column(node: int) -> int:
    """The column of a node: 1..9 on the grid, 0 the start area, 10 the Bay, 11 Maracaibo."""
    if node < GRID:
        return node // ROWS + 1
    return (0, 10, 11)[node - GRID]


def row(node: int) -> int:
    return node % ROWS if node < GRID else -1


def cell(col: int, r: int) -> int:
    return (col - 1) * ROWS + r


@cache
def where(node: int) -> str:
    """A node as the log and the screen name it: ``3b``, the start area, the Bay, Maracaibo.
    (Cached: the name depends on the node number alone.)"""
    if node >= GRID:
        return ("the start area", "the Bay", "Maracaibo")[node - GRID]
    return f"{column(node)}{'abcd'[row(node)]}"
