from __future__ import annotations

import pytest

from tabletide.agents import make_agent
from tabletide.agents.lookahead import LookaheadAgent
from tabletide.engine import Action, ConfigError

from .conftest import lanterns_position
from .toys import VAULT


def play(card: int) -> Action:
    return Action.make("play", card=card)


def test_lookahead_finishes_its_own_turn_before_judging_a_move() -> None:
    """Vault's door 1 scores nothing by itself; its drawer holds the 9."""
    for seed in range(4):
        assert LookaheadAgent(seed).act(VAULT.new_state(2, seed)) == Action.make("door", door=1)


def test_lookahead_keeps_the_worst_reply_of_the_next_seat() -> None:
    """Lanterns, seat 0 holds 3 and 5, seat 1 holds 4 and 6, the pile is empty. Playing the 5
    scores 5, and seat 1's best reply (the 6) scores 6: a lead of -1 (the 4 would score 1).
    Playing the 3 scores 3 and the 6 answers it: -3."""
    state = lanterns_position([[3, 5], [4, 6]], deck=[], pile=[])
    legal = state.legal_actions()
    assert legal == [play(3), play(5)]
    assert LookaheadAgent(0).action_values(state, legal) == [-3.0, -1.0]
    assert LookaheadAgent(0, replies=False).action_values(state, legal) == [3.0, 5.0]
    assert LookaheadAgent(0).act(state) == play(5)


def test_lookahead_spec() -> None:
    agent = make_agent("lookahead", 3)
    assert isinstance(agent, LookaheadAgent) and agent.name == "lookahead"
    own = make_agent("lookahead:replies=0", 3)
    assert isinstance(own, LookaheadAgent) and not own.replies
    assert own.name == "lookahead:replies=0"
    for bad in ("lookahead:2", "lookahead:replies=2", "lookahead:depth=1"):
        with pytest.raises(ConfigError, match="replies=0"):
            make_agent(bad)
