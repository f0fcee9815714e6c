from __future__ import annotations

import pytest

from tabletide.agents import Agent, RandomAgent, agent_specs, make_agent, register_agent, registry
from tabletide.engine import ConfigError, State

from .toy_game import LanternsGame


def test_random_agent_is_seeded_and_picks_legal_actions(mid_state: State) -> None:
    legal = mid_state.legal_actions()
    a, b = RandomAgent(5), RandomAgent(5)
    picks = [a.act(mid_state) for _ in range(50)]
    assert picks == [b.act(mid_state) for _ in range(50)]
    assert all(p in legal for p in picks)
    assert set(picks) == set(legal), "a uniform choice should reach every action in 50 draws"
    assert isinstance(a, Agent)


def test_random_agent_refuses_a_finished_game(game: LanternsGame) -> None:
    state = game.new_state(2, 0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError):
        RandomAgent(0).act(state)


def test_specs_build_agents(mid_state: State) -> None:
    assert make_agent("random", seed=1).name == "random"
    fixed = make_agent("random:42", seed=1)
    assert fixed.name == "random:42"
    again = make_agent("random:42", seed=999)
    assert [fixed.act(mid_state) for _ in range(10)] == [again.act(mid_state) for _ in range(10)]
    assert "random[:SEED]" in [s.usage for s in agent_specs()]


@pytest.mark.parametrize("spec", ["expert", "human", "", "random:x", "greedy:3", "easy:1"])
def test_bad_specs_raise_config_error(spec: str) -> None:
    with pytest.raises(ConfigError) as info:
        make_agent(spec)
    assert spec.partition(":")[0] in str(info.value)


def test_unknown_spec_lists_known_agents() -> None:
    with pytest.raises(ConfigError) as info:
        make_agent("expert:2000")
    for usage in ("easy", "greedy", "hard", "ismcts[:N|:Ts]", "medium", "random[:SEED]"):
        assert usage in str(info.value)


def test_register_agent_extends_the_specs(
    mid_state: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "_KINDS", dict(registry._KINDS))

    def first(arg: str | None, seed: int) -> Agent:
        agent = RandomAgent(seed, name=f"first:{arg}")
        agent.act = lambda state: state.legal_actions()[0]  # type: ignore[method-assign]
        return agent

    register_agent("first", "first[:X]", "always the first action", first)
    agent = make_agent("first:2", 0)
    assert agent.name == "first:2"
    assert agent.act(mid_state) == mid_state.legal_actions()[0]
    with pytest.raises(ValueError):
        register_agent("a:b", "", "", first)
