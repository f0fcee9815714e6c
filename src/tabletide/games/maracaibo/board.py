"""The Caribbean as a graph (MA-5.1-5.9, MA-GAP-4): which nodes are spaces, who is adjacent, and
where a ship may end a move.

A layout is immutable, so everything here is computed once per layout and shared by states.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from tabletide.games.maracaibo.constants import (
    BAY,
    COLUMNS,
    GRID,
    MARACAIBO,
    NODES,
    ROWS,
    START,
    cell,
    column,
)
from tabletide.games.maracaibo.content import Layout


@dataclass(frozen=True, eq=False)
class Board:
    """One layout's graph. ``slots`` are the card cells in the order cards are dealt (column 9
    first, then leftwards, each column top to bottom — MA-3.4); ``islands`` maps a treasure type
    to its cell."""

    name: str
    slots: tuple[int, ...]
    islands: dict[str, int]
    adj: tuple[tuple[int, ...], ...]

    def neighbours(self, node: int) -> tuple[int, ...]:
        return self.adj[node]


@cache
def board_of(layout: Layout) -> Board:
    kinds: dict[int, str] = {}
    for r, text in enumerate(layout.rows):
        for c0, ch in enumerate(text):
            kinds[cell(c0 + 1, r)] = ch
    cards = {n for n, ch in kinds.items() if ch == "C"}
    islands = {
        {"G": "gold", "E": "emerald", "P": "pearl"}[ch]: n for n, ch in kinds.items() if ch in "GEP"
    }
    adj: list[list[int]] = [[] for _ in range(NODES)]
    for n in sorted(cards):
        col, r = column(n), n % ROWS
        for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            c2, r2 = col + dc, r + dr
            if 1 <= c2 <= COLUMNS and 0 <= r2 < ROWS and cell(c2, r2) in cards:
                adj[n].append(cell(c2, r2))
        if col == 1:  # MA-5.4: the first step from the start area enters column 1
            adj[START].append(n)
        if col == COLUMNS:  # MA-GAP-4.5: the Bay lies right of column 9
            adj[n].append(BAY)
    adj[BAY].append(MARACAIBO)  # MA-GAP-9.2/9.4: Maracaibo only from the Bay
    slots = tuple(
        cell(c, r) for c in range(COLUMNS, 0, -1) for r in range(ROWS) if cell(c, r) in cards
    )
    return Board(layout.name, slots, islands, tuple(tuple(a) for a in adj))


@cache
def paths(board: Board, start: int, max_steps: int) -> Mapping[int, tuple[tuple[int, ...], ...]]:
    """Every simple path of 1..``max_steps`` steps from ``start`` that ends further right than
    ``start`` (MA-5.5), keyed by its end. Entering the Bay ends a path (MA-5.8); nobody sails on
    from Maracaibo. Cached (a board never changes) and read-only."""
    out: dict[int, list[tuple[int, ...]]] = {}
    min_col = column(start) + 1

    def walk(node: int, path: tuple[int, ...], left: int) -> None:
        for nxt in board.adj[node]:
            if nxt in path or nxt == start:
                continue
            p = (*path, nxt)
            if column(nxt) >= min_col:
                out.setdefault(nxt, []).append(p)
            if left > 1 and nxt != BAY:
                walk(nxt, p, left - 1)

    walk(start, (), max_steps)
    return MappingProxyType({end: tuple(found) for end, found in out.items()})


@cache
def destinations(board: Board, start: int, max_steps: int) -> tuple[int, ...]:
    """Where a ship may end its move, in node order. Cached (a board never changes)."""
    return tuple(sorted(paths(board, start, max_steps)))


def can_finish(board: Board, node: int, start_col: int, left: int, visited: frozenset[int]) -> bool:
    """Whether a step-by-step move standing on ``node`` with ``left`` steps can still end further
    right than ``start_col`` (for the Uncharted Waters: Upgrades module, MA-9.7)."""
    if column(node) > start_col:
        return True
    if left <= 0 or node == BAY:
        return False
    return any(
        can_finish(board, n, start_col, left - 1, visited | {n})
        for n in board.adj[node]
        if n not in visited
    )


def is_card(node: int) -> bool:
    return node < GRID


__all__ = ["BAY", "MARACAIBO", "START", "Board", "board_of", "can_finish", "destinations", "paths"]
