"""The map (AH-3.5, AH-5.11, AH-5.16-5.18, AH-GAP-5): region tiles on one square lattice.

A placed tile is ``(tile id, rotation, origin)``: ``origin`` is its top-left space and
``rotation`` the number of quarter turns clockwise. The map's cells and sandbars are rebuilt as
new immutable values whenever a tile is added, so states share them freely.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from tabletide.games.ahoy.constants import DELTA, ORIGIN, WIDTH
from tabletide.games.ahoy.content import DIRECTIONS, RegionTile

CORNERS = ((0, 0), (1, 0), (0, 1), (1, 1))
"""Canonical cell k of a tile at (x, y) inside its 2x2 block: TL, TR, BL, BR."""
SANDBAR_CELLS = {"top": (0, 1), "bottom": (2, 3), "left": (0, 2), "right": (1, 3)}


class Cell(NamedTuple):
    """A space on the map, with its tile's content turned to the tile's rotation."""

    region: int
    terrain: str
    symbol: str | None
    tailwind: int
    gold: int
    current: int
    """A strong current's direction 0..3 (N, E, S, W); -1 = none."""


class Placement(NamedTuple):
    tile: int
    rotation: int
    origin: int


def xy(pos: int) -> tuple[int, int]:
    return pos % WIDTH, pos // WIDTH


@cache
def space_name(pos: int) -> str:
    """A space as labels name it, "(2,-1)" from the first tile's corner. Cached: it depends
    on the space number alone."""
    x, y = xy(pos)
    ox, oy = xy(ORIGIN)
    return f"({x - ox},{y - oy})"


def at(x: int, y: int) -> int:
    return y * WIDTH + x


def cell_pos(origin: int, rotation: int, k: int) -> int:
    """Where canonical cell ``k`` of a tile lands for this origin and rotation."""
    x, y = CORNERS[k]
    for _ in range(rotation):
        x, y = 1 - y, x
    return origin + y * WIDTH + x


def tile_cells(tile: RegionTile, region: int, rotation: int, origin: int) -> dict[int, Cell]:
    out: dict[int, Cell] = {}
    for k, c in enumerate(tile.cells):
        current = -1
        if c.current is not None:
            current = (DIRECTIONS.index(c.current) + rotation) % 4
        out[cell_pos(origin, rotation, k)] = Cell(
            region, c.terrain, c.symbol, c.tailwind, c.gold, current
        )
    return out


def tile_bars(tile: RegionTile, rotation: int, origin: int) -> set[tuple[int, int]]:
    """The blocked (space, direction) pairs of a tile's sandbars, both ways."""
    out: set[tuple[int, int]] = set()
    for bar in tile.sandbars:
        a, b = (cell_pos(origin, rotation, k) for k in SANDBAR_CELLS[bar])
        d = DELTA.index(b - a)
        out.add((a, d))
        out.add((b, (d + 2) % 4))
    return out


def block(origin: int) -> tuple[int, int, int, int]:
    return origin, origin + 1, origin + WIDTH, origin + WIDTH + 1


def fits(
    cells: dict[int, Cell], islands: frozenset[int], tile: RegionTile, rotation: int, origin: int
) -> bool:
    """AH-5.17: no overlap, and the tile's island not orthogonally next to another island."""
    for p in block(origin):
        if p in cells:
            return False
    island = cell_pos(origin, rotation, tile.island)
    for d in DELTA:  # noqa: SIM110 (a plain loop: no generator at each of the ~8 calls)
        if island + d in islands:
            return False
    return True


def origins_towards(target: int, d: int) -> tuple[int, int]:
    """The two origins of a tile covering ``target`` entered in direction ``d`` (AH-GAP-5):
    ``target`` on the tile's near edge, flush or shifted by one space along it."""
    tx, ty = xy(target)
    if d == 1:  # east: the tile spans x = tx .. tx+1
        return at(tx, ty - 1), at(tx, ty)
    if d == 3:
        return at(tx - 1, ty - 1), at(tx - 1, ty)
    if d == 0:  # north: the tile spans y = ty-1 .. ty
        return at(tx - 1, ty - 1), at(tx, ty - 1)
    return at(tx - 1, ty), at(tx, ty)


def some_island_fit(cells: dict[int, Cell], islands: frozenset[int], origin: int) -> bool:
    """Whether a tile fits at ``origin`` in some rotation, whatever the tile: rotations put its
    island on any corner, so only geometry matters (AH-GAP-5)."""
    spaces = block(origin)
    for p in spaces:
        if p in cells:
            return False
    for p in spaces:  # plain loops: this runs at every step along the map's edge
        for d in DELTA:
            if p + d in islands:
                break
        else:
            return True
    return False


def can_explore(cells: dict[int, Cell], islands: frozenset[int], target: int, d: int) -> bool:
    return any(some_island_fit(cells, islands, o) for o in origins_towards(target, d))


def edge_targets(cells: dict[int, Cell]) -> list[tuple[int, int]]:
    """Every (uncovered space, direction entering it) next to the map, in a fixed order."""
    out: set[tuple[int, int]] = set()
    for pos in cells:
        for d, delta in enumerate(DELTA):
            if pos + delta not in cells:
                out.add((pos + delta, d))
    return sorted(out)
