"""The action track: tile positions, the leading tile, moving to the front, lagging, income.

SY-4.0 model: a loop of ``N`` spaces; ``d(t)`` counts spaces from the leading tile back to tile
``t``. Tiles only move forward; the front advances exactly one space per normal turn (SY-4.6).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState


def behind(state: ShipyardState, tile: int) -> int:
    """``d(t)``: spaces from the leading tile back to ``tile`` (SY-4.0.1)."""
    return (state.pos[state.lead] - state.pos[tile]) % state.track_len


def occupied(state: ShipyardState) -> frozenset[int]:
    """Tiles with at least one figure on them (SY-4.0.2)."""
    return frozenset(chain.from_iterable(state.figs))


def move_to_front(state: ShipyardState, tile: int) -> bool:
    """SY-4.5/4.7: put ``tile`` on the space directly ahead of the leading tile, then apply the
    lagging rule (SY-4.8). Returns whether the new leader stands on the start space (SY-4.14)."""
    n = state.track_len
    target = (state.pos[state.lead] + 1) % n
    state.pos[tile] = target
    state.lead = tile
    at = {p: t for t, p in enumerate(state.pos) if p >= 0 and t != tile}
    space = (target + 1) % n
    mover = at.pop(space, None)  # SY-4.8: the last tile, directly ahead, must move on
    while mover is not None:
        space = (space + 1) % n
        bumped = at.pop(space, None)  # a tile in its way moves on too (cascade)
        state.pos[mover] = space
        mover = bumped
    return target == 0


def income(state: ShipyardState, tile: int) -> int:
    """SY-4.10/4.11: coins for choosing ``tile`` (the chooser's own figures already lifted).

    1 coin per occupied tile ahead of it; if no figure stands behind it, plus 1 coin per full
    3 empty spaces between it and the nearest tile ahead.
    """
    return incomes(state)[tile]


def incomes(state: ShipyardState, occ: frozenset[int] | None = None) -> tuple[int, ...]:
    """:func:`income` for every tile id in one pass (0 for a tile not in play); ``occ`` is
    :func:`occupied`, for a caller that has it at hand."""
    if occ is None:
        occ = occupied(state)
    return tile_incomes(tuple(state.pos), state.lead, occ, state.tiles, state.track_len)


@lru_cache(maxsize=1 << 10)
def tile_incomes(
    pos: tuple[int, ...], lead: int, occ: frozenset[int], tiles: tuple[int, ...], n: int
) -> tuple[int, ...]:
    """:func:`incomes` from the track's positions, the leading tile, the occupied tiles, the
    tiles in play and the track length (cached: every input is immutable, and incomes depend on
    nothing else)."""
    lead_pos = pos[lead]
    by_d = sorted(((lead_pos - pos[t]) % n, t) for t in tiles)
    out = [0] * len(pos)
    ahead = 0
    prev_d = -1
    occupied_behind = len(occ)
    for d, t in by_d:
        if t in occ:
            occupied_behind -= 1
        if ahead == 0:
            out[t] = 0  # SY-4.10: ahead of all other figures, no income
        elif occupied_behind == 0:
            out[t] = ahead + (d - prev_d - 1) // 3  # SY-4.11 empty-space bonus
        else:
            out[t] = ahead
        if t in occ:
            ahead += 1
        prev_d = d
    return tuple(out)
