from __future__ import annotations

import dataclasses

import pytest

import tabletide
from tabletide.agents import IsmctsAgent, LevelAgent, LookaheadAgent, make_agent

from .toys import VAULT


@pytest.mark.parametrize("name", tabletide.list_games())
def test_hard_is_the_search_each_game_chooses(name: str) -> None:
    game = tabletide.load_game(name)
    hard = make_agent("hard", 0)
    assert isinstance(hard, LevelAgent)
    expected = LookaheadAgent if game.bot.hard_search == "lookahead" else IsmctsAgent
    assert isinstance(hard.agent_for(game), expected)
    assert isinstance(make_agent("medium", 0).agent_for(game), IsmctsAgent)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["shipyard", "tiny_epic_pirates"])
def test_games_where_the_lookahead_plays_hard(name: str) -> None:
    """Measured in docs/benchmarks.md: there the lookahead beats greedy more often than ISMCTS
    at the hard budget does."""
    game = tabletide.load_game(name)
    assert game.bot.hard_search == "lookahead"
    state = game.new_state(2, 3)
    hard = make_agent("hard", 0)
    for _ in range(30):
        action = hard.act(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_an_unknown_hard_search_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(VAULT), "bot", dataclasses.replace(VAULT.bot, hard_search="deep"))
    with pytest.raises(ValueError, match="hard_search must be one of ismcts, lookahead"):
        make_agent("hard", 0).act(VAULT.new_state(2, 0))
