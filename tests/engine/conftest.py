"""Register the Lanterns test game for every engine test."""

from __future__ import annotations

import pytest

from .toy_game import GAME, LanternsGame, LanternsState, register

register()


@pytest.fixture
def game() -> LanternsGame:
    return GAME


@pytest.fixture
def mid_state() -> LanternsState:
    """A 3-player game a few decisions in (hands, deck and pile all non-empty)."""
    state = GAME.new_state(3, seed=11)
    assert isinstance(state, LanternsState)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    return state
