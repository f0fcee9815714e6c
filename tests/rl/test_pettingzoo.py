"""PettingZoo: every game passes PettingZoo's API, seed and max-cycles tests; observations, masks,
rewards, seeding, options and illegal actions mean what the docs say."""

from __future__ import annotations

import warnings
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from engine.toy_game import register as register_lanterns
from rl.cases import CASE_IDS, CASES
from tabletide.engine import ConfigError, IllegalActionError, load_game
from tabletide.rl import env, parallel_env


def play_masked(table: Any, seed: int, steps: int | None = None) -> Any:
    """Reset with ``seed`` and play random legal actions (from the mask) to the end or for
    ``steps`` decisions; the environment."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    for count, _agent in enumerate(table.agent_iter()):
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        if steps is not None and count >= steps:
            break
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return table


# ------------------------------------------------------------------ PettingZoo's own tests
@pytest.mark.parametrize(("name", "num_players"), CASES, ids=CASE_IDS)
def test_pettingzoo_api_seed_and_max_cycles_tests(name: str, num_players: int) -> None:
    with warnings.catch_warnings():
        # Observations are dicts with a mask (as PettingZoo's classic games) and unbounded:
        # api_test warns about both.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, num_players), num_cycles=1000)
    seed_test(partial(env, name, num_players), num_cycles=500)
    # max_cycles_test samples unmasked actions: they must not end the game.
    module = SimpleNamespace(
        env=partial(env, name, num_players, illegal="random"),
        parallel_env=partial(parallel_env, name, num_players, illegal="random"),
    )
    max_cycles_test(module)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_pettingzoo_tests_on_whole_toy_games(num_players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env("rl_lanterns", num_players), num_cycles=100)
    seed_test(partial(env, "rl_lanterns", num_players), num_cycles=100)


# ------------------------------------------------------------------ the order checks
def test_the_wrapper_keeps_pettingzoos_order_checks_and_reads_through() -> None:
    """``env()``'s wrapper forwards the per-turn attributes directly (for speed) but refuses
    them before ``reset()`` exactly as PettingZoo's ``OrderEnforcingWrapper`` does."""
    table = env("rl_lanterns", 3)
    assert isinstance(table, OrderEnforcingWrapper)
    for name in ("agent_selection", "agents", "terminations", "truncations", "rewards", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(table, name)
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        table.last()
    table.reset(seed=3)
    raw = table.unwrapped
    assert table.agents is raw.agents and table.terminations is raw.terminations
    assert table.agent_selection == raw.agent_selection == "player_0"
    obs, reward, terminated, truncated, info = table.last()
    assert np.array_equal(obs["action_mask"], raw.observe("player_0")["action_mask"])
    assert (reward, terminated, truncated, info) == (0.0, False, False, {})
    table.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert table.agent_selection == raw.agent_selection == "player_1"


# ------------------------------------------------------------------ what the API means
def test_observations_and_masks_are_the_engines() -> None:
    table = env("empires_north", 3)
    game = load_game("empires_north")
    rng = np.random.default_rng(1)
    table.reset(seed=11)
    for _ in range(40):
        state = table.unwrapped.game_state
        seat = state.current_player()
        assert table.agent_selection == f"player_{seat}"
        for s, agent in enumerate(table.possible_agents):
            obs = table.observe(agent)
            assert obs["observation"].dtype == np.float32
            assert obs["observation"].tolist() == pytest.approx(game.observation_tensor(state, s))
            expected = sorted(game.encode_action(state, a) for a in state.legal_actions())
            assert np.flatnonzero(obs["action_mask"]).tolist() == (expected if s == seat else [])
        table.step(
            int(rng.choice(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])))
        )


def test_rewards_are_the_returns_at_the_end() -> None:
    table = play_masked(env("rl_lanterns", 3), seed=4)
    state = table.unwrapped.game_state
    assert state.is_terminal() and not table.agents
    rewards: dict[str, float] = {}
    table.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            rewards[agent] = reward
            table.step(None)
        else:
            assert reward == 0.0
            table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert [rewards[f"player_{s}"] for s in range(3)] == table.unwrapped.game_state.returns()


def test_a_seed_is_the_engine_game_of_that_seed_and_seeds_the_next_ones() -> None:
    table = env("rl_lanterns", 3)
    table.reset(seed=21)
    assert table.unwrapped.game_state.seed == 21
    assert table.unwrapped.game_state.hands == load_game("rl_lanterns").new_state(3, 21).hands
    table.reset()
    following = table.unwrapped.game_state.seed
    table.reset(seed=21)
    table.reset()
    assert table.unwrapped.game_state.seed == following != 21
    a, b = play_masked(env("shipyard", 2), 5, 60), play_masked(env("shipyard", 2), 5, 60)
    assert a.unwrapped.game_state.history == b.unwrapped.game_state.history


def test_options_and_player_counts_reach_the_game() -> None:
    table = env("rl_lanterns", 4, hand_size=4)
    table.reset(seed=1)
    assert table.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert [len(h) for h in table.unwrapped.game_state.hands] == [4, 4, 4, 4]
    assert table.observation_space("player_0")["observation"].shape == (
        load_game("rl_lanterns").tensor_size(4, {"hand_size": 4}),
    )
    assert table.action_space("player_0").n == load_game("rl_lanterns").num_distinct_actions


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("nope",), {}, "unknown game 'nope'; registered games:"),
        (("rl_lanterns", 5), {}, "for 2-4 players; got 5"),
        (("rl_lanterns",), {"hand_size": 9}, "option 'hand_size' must be one of 2, 3, 4"),
        (("rl_lanterns",), {"colour": "red"}, "unknown option"),
        (("rl_lanterns",), {"illegal": "ignore"}, "illegal must be one of lose, random, raise"),
        (("rl_lanterns",), {"max_cycles": 0}, "max_cycles must be a positive integer"),
        (("rl_lanterns",), {"render_mode": "rgb_array"}, "render_mode must be"),
    ],
)
def test_bad_arguments_are_clear_errors(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        env(*args, **kwargs)


def test_a_game_without_a_tensor_is_a_clear_error() -> None:
    register_lanterns()
    with pytest.raises(ConfigError, match="lanterns has no observation tensor yet"):
        env("lanterns", 2)


def illegal_code(table: Any) -> int:
    return int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"] == 0)[0])


def test_an_illegal_action_loses_by_default() -> None:
    table = env("rl_lanterns", 3)
    table.reset(seed=2)
    offender = table.agent_selection
    table.step(illegal_code(table))
    assert all(table.terminations.values())
    assert table.rewards == {a: (-1.0 if a == offender else 0.0) for a in table.possible_agents}
    assert table.infos[offender] == {"illegal_action": True}
    for _agent in table.agent_iter():
        table.step(None)
    assert table.agents == []


def test_an_illegal_action_can_be_replaced_or_refused() -> None:
    table = env("rl_lanterns", 3, illegal="random")
    table.reset(seed=2)
    offender = table.agent_selection
    table.step(illegal_code(table))
    assert not any(table.terminations.values())
    assert len(table.unwrapped.game_state.history) == 1
    assert table.infos[offender] == {"illegal_action": True}
    strict = env("rl_lanterns", 3, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError, match="is not legal now in rl_lanterns; legal codes"):
        strict.step(illegal_code(strict))
    assert strict.unwrapped.game_state.history == []
    with pytest.raises(TypeError, match="an action is an integer code"):
        strict.step("pass")


def test_max_cycles_caps_each_agents_decisions() -> None:
    table = env("rl_lanterns", 3, max_cycles=3)
    table.reset(seed=3)
    decisions = dict.fromkeys(table.possible_agents, 0)
    rng = np.random.default_rng(0)
    for agent in table.agent_iter():
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            assert truncated and not terminated
            table.step(None)
            continue
        decisions[agent] += 1
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert decisions == dict.fromkeys(table.possible_agents, 3)
    assert not table.unwrapped.game_state.is_terminal()


def test_the_parallel_view_steps_the_deciding_seat() -> None:
    par = parallel_env("rl_lanterns", 2, max_cycles=5)
    observations, _ = par.reset(seed=1)
    steps = 0
    while par.agents:
        actions = {
            a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
            for a, o in observations.items()
        }
        observations, _, terminations, truncations, _ = par.step(actions)
        steps += 1
    assert steps == 5 and all(truncations.values()) and not any(terminations.values())


def test_render_is_the_spectators_text_without_markup(capsys: pytest.CaptureFixture[str]) -> None:
    table = env("rl_lanterns", 2, render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert text.startswith("Lanterns  deck") and "[bold]" not in text and "your hand" not in text
    human = env("rl_lanterns", 2, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text
