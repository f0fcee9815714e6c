"""Ahoy's fixed numbers (AH-2, AH-3, AH-6) and the indexing conventions of the state."""

from __future__ import annotations

FACTIONS_BY_COUNT: dict[int, tuple[str, ...]] = {
    2: ("fleet", "union"),
    3: ("fleet", "smuggler", "union"),
    4: ("fleet", "smuggler", "union", "smuggler"),
}
"""AH-3.2/3.3: the factions in play and their clockwise seats."""

FAME_TO_WIN = 30  # AH-1.5
GOLD_TOKENS = 20  # AH-2.18
ALLY_TOKENS = 20  # AH-2.19
PATROLS = 10  # AH-2.5
FORTS = 3  # AH-2.6
START_GOLD = 1  # AH-3.12
START_READY = 6  # AH-3.15 J
START_ALLIES_ON_MAP = 2  # AH-3.15 H
START_PLANS = 2  # AH-3.15 I
PLANS_PER_ROUND = 2  # AH-7.8
MARKET_SIZE = 3  # AH-3.9
CARGO_LIMIT = 2  # AH-6.3.4
DELIVERY_FAME = 2  # AH-6.3.5
WEALTH_MAX = 6  # AH-5.4
DICE_PER_TURN = 2  # AH-4.3
MAX_ROUNDS = 60
"""An engine safeguard, not a rule: a game still running after this many rounds ends."""

# ------------------------------------------------------------------ figures
FLAGSHIP = 0  # figures 0..3: the flagship of seat 0..3
PATROL0 = 4  # figures 4..13: the Fleet's patrols
FORT0 = PATROL0 + PATROLS  # figures 14..16: the Fleet's forts
CUTTER = FORT0 + FORTS  # 17
PATROL_FIGS = range(PATROL0, FORT0)
FORT_FIGS = range(FORT0, CUTTER)
GUNBOAT = CUTTER + 1  # 18
FIGURES = GUNBOAT + 1

# ------------------------------------------------------------------ die spots of a seat
CREW_SPOT0 = 8
"""Board spots are 0..7 (the faction board's order); crew card ``c`` has spot 8 + c."""
SHIP_SPOT0 = CREW_SPOT0 + 30
"""The ship cards' spots: 38 cutter Sail, 39 cutter Tailwind, 40 gunboat Sail, 41 gunboat
Tailwind (AH-6.2.5)."""
SPOTS = SHIP_SPOT0 + 4
SHIP_SPOTS = {CUTTER: (SHIP_SPOT0, SHIP_SPOT0 + 1), GUNBOAT: (SHIP_SPOT0 + 2, SHIP_SPOT0 + 3)}
SHIP_STEPS = {CUTTER: 3, GUNBOAT: 2}  # AH-6.2.5, AH-5.15

# ------------------------------------------------------------------ the lattice
WIDTH = 64
"""Spaces are ``y * WIDTH + x`` on one square lattice (AH-GAP-5); the map starts in the middle."""
ORIGIN = 30 * WIDTH + 30
DELTA = (-WIDTH, 1, WIDTH, -1)
"""Directions 0..3 = N, E, S, W."""
DIR_NAMES = ("north", "east", "south", "west")

GRID_NEIGHBOURS: dict[int, tuple[int, ...]] = {
    i: tuple(
        r * 3 + c
        for r, c in (
            (i // 3 - 1, i % 3),
            (i // 3 + 1, i % 3),
            (i // 3, i % 3 - 1),
            (i // 3, i % 3 + 1),
        )
        if 0 <= r < 3 and 0 <= c < 3
    )
    for i in range(9)
}
"""The reward grid is 3x3, indexed row by row: the orthogonal neighbours of each space."""
