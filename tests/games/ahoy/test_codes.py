"""Ahoy's action codes number map spaces in the map's frame, the frame of the tensor's map
planes (games/ahoy/codes.py)."""

from __future__ import annotations

import random

import numpy as np

from tabletide.engine import Action, load_game
from tabletide.games.ahoy.codes import CORNER_SIDE, SPACE_KINDS
from tabletide.games.ahoy.constants import WIDTH
from tabletide.games.ahoy.state import AhoyState

GAME = load_game("ahoy")


def played(seed: int, num_players: int, until: int) -> AhoyState:
    """A random game of ``seed`` after ``until`` tiles are on the map (or at its end)."""
    state = GAME.new_state(num_players, seed)
    rng = random.Random(seed)
    while not state.is_terminal() and len(state.cells) < 4 * until:  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, AhoyState)
    return state


def test_the_code_space_is_a_fifth_of_the_lattice_one() -> None:
    assert GAME.num_distinct_actions == GAME.action_codes.size == 7765
    assert GAME.codec.size == 36293  # the declared space still checks actions' JSON


def test_a_space_has_the_code_of_its_cell_in_the_tensors_map_plane() -> None:
    for seed in range(6):
        state = played(seed, 3, until=5)
        layout = {s.name: s for s in GAME.tensor_layout(3, state.options)}
        tensor = np.asarray(GAME.observation_tensor(state, 0))
        plane = layout["map_space"]
        cells = set(np.flatnonzero(tensor[plane.start : plane.start + plane.size]))
        for kind in SPACE_KINDS:
            base = GAME.action_codes.offset(kind)
            coded = {GAME.encode_action(state, Action.make(kind, at=p)) - base for p in state.cells}
            assert coded == cells, (seed, kind)


def test_the_frame_follows_the_map_when_it_grows_west_or_north() -> None:
    moved = 0
    for seed in range(12):
        state = played(seed, 2, until=3)
        before = {p: GAME.encode_action(state, Action.make("goto", at=p)) for p in state.cells}
        corner = (min(p % WIDTH for p in state.cells), min(p // WIDTH for p in state.cells))
        later = played(seed, 2, until=8)
        moved_corner = (min(p % WIDTH for p in later.cells), min(p // WIDTH for p in later.cells))
        after = {p: GAME.encode_action(later, Action.make("goto", at=p)) for p in before}
        if moved_corner == corner:
            assert after == before
        else:
            moved += 1
            assert after != before
            for p, code in after.items():  # and decoding in each state gives the space back
                assert GAME.action_of_code(later, code) == Action.make("goto", at=p)
                assert GAME.action_of_code(state, before[p]) == Action.make("goto", at=p)
    assert moved > 0  # some of these games grew west or north


def test_a_tiles_corner_may_lie_two_spaces_off_the_map() -> None:
    state = played(1, 2, until=2)
    x0 = min(p % WIDTH for p in state.cells)
    y0 = min(p // WIDTH for p in state.cells)
    base = GAME.action_codes.offset("tile")
    corner = (y0 - 2) * WIDTH + x0 - 2
    code = GAME.encode_action(state, Action.make("tile", origin=corner, rot=3))
    assert code == base + 3
    assert GAME.action_of_code(state, code) == Action.make("tile", origin=corner, rot=3)
    far = (y0 + CORNER_SIDE - 2 - 1) * WIDTH + x0 + CORNER_SIDE - 2 - 1
    assert (
        GAME.encode_action(state, Action.make("tile", origin=far, rot=0))
        == base + (CORNER_SIDE * CORNER_SIDE - 1) * 4
    )


def test_encoding_a_list_is_encoding_each() -> None:
    state = GAME.new_state(4, 9)
    rng = random.Random(9)
    for _ in range(300):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert GAME.encode_actions(state, legal) == [GAME.encode_action(state, a) for a in legal]
        state.apply(rng.choice(legal))
