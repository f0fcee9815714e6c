"""Ahoy's action codes for learners and OpenSpiel: map spaces numbered in the map's own frame.

Ahoy's map grows from the middle of a 64 x 64 lattice of spaces (AH-GAP-5), and its action space
(``game.ACTION_SPACE``, which checks every action's JSON) names a space by its lattice number,
one of 4,096. Coded that way, the five kinds that name a space (``start``, ``deploy``, ``goto``,
``gunner`` and a tile's corner with its 4 turns) took 32,768 of 36,293 codes, almost none of
them ever legal, and a learner's mask was mostly a scan of zeros (PettingZoo's benchmark spent
half an Ahoy turn in ``np.flatnonzero`` over it).

The codes number a space by its column and row in the frame of the map as it lies now: the
``GRID`` x ``GRID`` grid whose corner is the map's westmost column and northmost row, the very
grid of the observation tensor's map planes (``ai/tensor.py``), so a code and a plane agree on
where a space is. The map never spans more than ``GRID`` spaces (the tensor checks it). A tile's
corner may lie up to two spaces west or north of the map (the tile is 2 x 2 and must touch it),
so corners are numbered in a frame two spaces larger, starting two spaces off.

Every other kind is coded as the action space declares it. The codes depend on the position
(the frame moves when a tile is placed west or north of the map); the engine's codec contract
allows it: ``encode_action`` and ``decode_action`` take the state, and map one state's legal
actions one to one onto codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletide.engine import Action, ActionCodec, ActionSpec, MalformedActionError, ints
from tabletide.games.ahoy.ai.tensor import GRID, map_static
from tabletide.games.ahoy.constants import WIDTH

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState

SPACE_KINDS = ("start", "deploy", "goto", "gunner")
"""The kinds whose one parameter ``at`` is a space of the map."""
CORNER_MARGIN = 2
"""How far west or north of the map a new tile's corner can lie."""
CORNER_SIDE = GRID + CORNER_MARGIN
"""Corners per side of the frame of a new tile's corner."""
MEMO_FRAMES = 256
"""Frames whose codes are kept at most (a map has a few dozen); the memo starts afresh when
full."""


def code_space(declared: Sequence[ActionSpec]) -> tuple[ActionSpec, ...]:
    """The declared action space with map spaces numbered in the map's frame."""
    out = []
    for spec in declared:
        if spec.kind in SPACE_KINDS:
            spec = ActionSpec(spec.kind, (ints("at", GRID * GRID),))
        elif spec.kind == "tile":
            spec = ActionSpec("tile", (ints("origin", CORNER_SIDE * CORNER_SIDE), ints("rot", 4)))
        out.append(spec)
    return tuple(out)


def frame(s: AhoyState) -> tuple[int, int]:
    """The lattice column and row of the map's corner (its westmost column, northmost row):
    the corner of the tensor's map grid, from its per-map cache."""
    m = map_static(s)
    return m.x0, m.y0


class MapCodes:
    """Encode and decode Ahoy's actions with map spaces in the map's frame (see the module
    docstring). ``codec`` is the code space's layout (``tabletide rules ahoy`` lists it)."""

    def __init__(self, declared: Sequence[ActionSpec]) -> None:
        self.codec = ActionCodec(code_space(declared))
        self._space_base = {kind: self.codec.offset(kind) for kind in SPACE_KINDS}
        self._tile_base = self.codec.offset("tile")
        self._memos: dict[tuple[int, int], dict[Action, int]] = {}
        """Each frame's codes by action, as found (a learner asks for every legal list)."""

    @property
    def size(self) -> int:
        return self.codec.size

    def encode(self, s: AhoyState, action: Action) -> int:
        return self.encode_all(s, (action,))[0]

    def encode_all(self, s: AhoyState, actions: Sequence[Action]) -> list[int]:
        m = map_static(s)
        at = (m.x0, m.y0)
        memo = self._memos.get(at)
        if memo is None:
            if len(self._memos) >= MEMO_FRAMES:
                self._memos.clear()
            memo = self._memos[at] = {}
        known = memo.get
        out = [known(action, -1) for action in actions]
        if -1 in out:
            for i, code in enumerate(out):
                if code < 0:
                    out[i] = memo[actions[i]] = self._encode(actions[i], *at)
        return out

    def _encode(self, action: Action, x0: int, y0: int) -> int:
        kind = action.kind
        base = self._space_base.get(kind)
        if base is not None:
            p = action.num("at")
            return base + _in_frame(p // WIDTH - y0, p % WIDTH - x0, GRID)
        if kind != "tile":
            return self.codec.encode(action)
        p = action.num("origin")
        col = p % WIDTH - x0 + CORNER_MARGIN
        index = _in_frame(p // WIDTH - y0 + CORNER_MARGIN, col, CORNER_SIDE)
        return self._tile_base + index * 4 + action.num("rot")

    def action_of(self, s: AhoyState, code: int) -> Action:
        """The action ``code`` stands for at ``s`` (lattice spaces, no label)."""
        coded = self.codec.decode(code)
        kind = coded.kind
        if kind not in self._space_base and kind != "tile":
            return coded
        x0, y0 = frame(s)
        if kind == "tile":
            row, col = divmod(coded.num("origin"), CORNER_SIDE)
            origin = (row - CORNER_MARGIN + y0) * WIDTH + col - CORNER_MARGIN + x0
            return Action.make("tile", origin=origin, rot=coded.num("rot"))
        row, col = divmod(coded.num("at"), GRID)
        return Action.make(kind, at=(row + y0) * WIDTH + col + x0)


def _in_frame(row: int, col: int, side: int) -> int:
    """The index of a space in a ``side`` x ``side`` frame, row by row, checked to lie in it."""
    if not (0 <= row < side and 0 <= col < side):
        raise MalformedActionError(f"a space outside the map's {side}x{side} frame cannot be coded")
    return row * side + col
