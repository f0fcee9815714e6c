"""The 4x4 sea: positions, distances and the steps ships take (PC-0.1 grid convention)."""

from __future__ import annotations

from functools import cache

from tabletide.games.tiny_epic_pirates.constants import SIZE, place_name

name = place_name
"""People's name of a card (``constants.place_name``)."""

CORNERS = (0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1)
DIAGONALS = ((0, SIZE * SIZE - 1), (SIZE - 1, SIZE * (SIZE - 1)))
"""The two pairs of opposite corners the ports may take (PC-3.6 L)."""


def rc(pos: int) -> tuple[int, int]:
    return divmod(pos, SIZE)


@cache
def distance(a: int, b: int) -> int:
    """Orthogonal steps between two cards (PC-0.1)."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    return abs(ra - rb) + abs(ca - cb)


@cache
def neighbours(pos: int) -> tuple[tuple[int, int], ...]:
    """``(direction, position)`` of each orthogonally adjacent card, N E S W order."""
    r, c = divmod(pos, SIZE)
    out = []
    for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        nr, nc = r + dr, c + dc
        if 0 <= nr < SIZE and 0 <= nc < SIZE:
            out.append((d, nr * SIZE + nc))
    return tuple(out)


def step(pos: int, direction: int) -> int:
    for d, p in neighbours(pos):
        if d == direction:
            return p
    raise ValueError(f"no card {direction} of {pos}")


@cache
def closer(pos: int, goal: int) -> tuple[tuple[int, int], ...]:
    """The adjacent cards one step nearer ``goal`` (PC-5.22.3, PC-5.23.4)."""
    here = distance(pos, goal)
    return tuple((d, p) for d, p in neighbours(pos) if distance(p, goal) == here - 1)


def vertical_first(pos: int, goal: int) -> int:
    """The next card going first vertically into the goal's row, then horizontally
    (PC-6.3.3, PC-6.6.1); ``pos`` itself when already there."""
    r, c = divmod(pos, SIZE)
    gr, gc = divmod(goal, SIZE)
    if r != gr:
        return (r + (1 if gr > r else -1)) * SIZE + c
    if c != gc:
        return r * SIZE + c + (1 if gc > c else -1)
    return pos


def is_vertical(a: int, b: int) -> bool:
    return a % SIZE == b % SIZE and a != b


def nearest(pos: int, candidates: list[int]) -> list[int]:
    """The candidates at the least distance from ``pos``."""
    best = min(distance(pos, p) for p in candidates)
    return [p for p in candidates if distance(pos, p) == best]
