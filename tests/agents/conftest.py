"""The agents' tests play Lanterns (the engine's toy game with secret hands) and the real games."""

from __future__ import annotations

import pytest

from engine.toy_game import GAME, LanternsGame, LanternsState, register

register()


@pytest.fixture
def lanterns() -> LanternsGame:
    return GAME


def lanterns_position(
    hands: list[list[int]], deck: list[int], pile: list[int], seat: int = 0, seed: int = 0
) -> LanternsState:
    """A 2-player Lanterns position with the given hands, deck (top last) and pile."""
    state = GAME.new_state(len(hands), seed)
    assert isinstance(state, LanternsState)
    state.hands = [sorted(h) for h in hands]
    state.deck = list(deck)
    state.pile = list(pile)
    state.points = [0] * len(hands)
    state.stack = [state.stack[0]._replace(seat=seat, kind="turn")]
    return state
