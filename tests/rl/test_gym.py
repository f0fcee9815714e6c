"""Gymnasium: every game passes Gymnasium's environment checker; the learning seat sees its own
tensor and mask, bots play the other seats, and illegal actions, seeding and options behave as
documented."""

from __future__ import annotations

import re
import warnings
from typing import ClassVar

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

from rl.cases import CASE_IDS, CASES, REAL_GAMES
from rl.toys import TensorLanterns
from tabletide.engine import ConfigError, IllegalActionError, load_game
from tabletide.rl import TabletideEnv, env_id

UNBOUNDED = re.compile(r"A Box observation space (minimum|maximum) value is -?infinity")


def checked(env: gymnasium.Env[np.ndarray, np.int64]) -> None:
    """``check_env``, with every warning an error except the one about the unbounded box
    (tensors are scaled to about [0, 1] but games promise no bounds)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    unexpected = [str(w.message) for w in caught if not UNBOUNDED.search(str(w.message))]
    assert not unexpected, unexpected


@pytest.mark.parametrize(("name", "num_players"), CASES, ids=CASE_IDS)
def test_gymnasium_check_env(name: str, num_players: int) -> None:
    checked(gymnasium.make(env_id(name), num_players=num_players))


def test_check_env_with_other_opponents_and_policies() -> None:
    checked(gymnasium.make("tabletide/RlLanterns-v0", opponents="greedy,easy", illegal="random"))
    checked(gymnasium.make("tabletide/RlVault-v0", num_players=1, seat=None))


def test_every_game_has_an_id() -> None:
    ids = {env_id(name) for name in REAL_GAMES}
    assert ids == {
        "tabletide/Shipyard-v0",
        "tabletide/TinyEpicPirates-v0",
        "tabletide/Ahoy-v0",
        "tabletide/Maracaibo-v0",
        "tabletide/EmpiresNorth-v0",
    }
    assert ids <= set(gymnasium.registry)


def test_the_learner_sees_its_tensor_and_mask_and_bots_play_the_rest() -> None:
    env = TabletideEnv("maracaibo", 3, opponents="random", seat=1, rubies=True)
    game = load_game("maracaibo")
    obs, info = env.reset(seed=6)
    rng = np.random.default_rng(0)
    for _ in range(25):
        state = env.game_state
        assert state is not None and state.current_player() == 1
        assert obs.tolist() == pytest.approx(game.observation_tensor(state, 1))
        legal = sorted(game.encode_action(state, a) for a in state.legal_actions())
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert info["seat"] == 1 and info["illegal_action"] is False
        obs, reward, terminated, truncated, info = env.step(rng.choice(legal))
        assert not truncated
        if terminated:
            assert reward == state.returns()[1]
            break
        assert reward == 0.0
    assert env.game_state is not None and env.game_state.options["rubies"] is True
    assert env.observation_space.shape == (game.tensor_size(3, {"rubies": True}),)


def test_an_episode_plays_to_the_end_and_the_reward_is_the_return() -> None:
    env = TabletideEnv("rl_lanterns", 3, opponents="random")
    _, info = env.reset(seed=3)
    terminated, reward = False, 0.0
    while not terminated:
        _, reward, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.game_state is not None and reward == env.game_state.returns()[0]
    assert not info["action_mask"].any()
    with pytest.raises(ResetNeeded, match="call reset"):
        env.step(0)


def test_an_illegal_action_ends_the_episode_unless_told_otherwise() -> None:
    env = TabletideEnv("rl_lanterns", 2)
    _, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.game_state is not None and env.game_state.history == []
    lenient = TabletideEnv("rl_lanterns", 2, illegal="random")
    lenient.reset(seed=1)
    _, reward, terminated, _, info = lenient.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (0.0, False, True)
    assert lenient.game_state is not None and len(lenient.game_state.history) >= 1
    strict = TabletideEnv("rl_lanterns", 2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError, match=f"action code {bad} is not legal now"):
        strict.step(bad)
    assert strict.game_state is not None and strict.game_state.history == []


def test_a_seed_reproduces_an_episode() -> None:
    def episode(seed: int) -> list[tuple[list[float], float]]:
        env = TabletideEnv("shipyard", opponents="greedy,random")
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        out = []
        for _ in range(30):
            obs, reward, terminated, _, info = env.step(
                rng.choice(np.flatnonzero(info["action_mask"]))
            )
            out.append((obs.tolist(), reward))
            if terminated:
                break
        return out

    assert episode(8) == episode(8)
    assert episode(8) != episode(9)
    env = TabletideEnv("rl_lanterns", 2)
    env.reset(seed=5)
    assert env.game_state is not None and env.game_state.seed == 5


def test_opponents_fix_the_player_count_and_a_seat_can_be_random() -> None:
    env = TabletideEnv("shipyard", opponents="random, greedy ,easy")
    assert env.table.num_players == 4 and env.opponents == ["random", "greedy", "easy"]
    assert TabletideEnv("shipyard", 3).opponents == ["random", "random"]
    assert TabletideEnv("tiny_epic_pirates", 1).opponents == []
    roaming = TabletideEnv("rl_lanterns", 4, seat=None)
    seats = set()
    for seed in range(12):
        _, info = roaming.reset(seed=seed)
        seats.add(info["seat"])
        assert roaming.game_state is not None
        assert roaming.game_state.current_player() == info["seat"]
    assert len(seats) > 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "nope"}, "unknown game 'nope'"),
        ({"game": "shipyard", "opponents": "random,wizard"}, "unknown agent 'wizard'"),
        ({"game": "shipyard", "opponents": "random,,greedy"}, "opponents has an empty entry"),
        (
            {"game": "shipyard", "num_players": 4, "opponents": "random,greedy"},
            "4 players need 3 opponent",
        ),
        ({"game": "shipyard", "seat": 2}, "seat must be None or in 0..1"),
        ({"game": "shipyard", "first_game": "yes"}, "option 'first_game' must be one of"),
        ({"game": "shipyard", "illegal": "skip"}, "illegal must be one of"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        TabletideEnv(**kwargs)  # type: ignore[arg-type]


def test_render_is_the_learners_view_without_markup() -> None:
    env = gymnasium.make("tabletide/RlLanterns-v0", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "your hand:" in text and "[bold]" not in text


# ------------------------------------------------------------------ action_masks, truncation
@pytest.mark.parametrize("name", REAL_GAMES)
def test_action_masks_is_the_legal_codes_as_bools_through_the_wrappers(name: str) -> None:
    """sb3-contrib's convention: ``env.get_wrapper_attr("action_masks")()`` (what its
    ``get_action_masks`` calls on the wrapped env ``gymnasium.make`` returns) is a bool array
    over the action space, True exactly at the legal codes of the learner's decision."""
    env = gymnasium.make(env_id(name), seat=None)
    with pytest.raises(ResetNeeded, match="call reset"):
        env.get_wrapper_attr("action_masks")()
    game = load_game(name)
    rng = np.random.default_rng(3)
    _, info = env.reset(seed=4)
    for _ in range(300):
        masks = env.get_wrapper_attr("action_masks")()
        state = env.unwrapped.game_state  # type: ignore[attr-defined]
        assert masks.dtype == np.bool_ and masks.shape == (game.num_distinct_actions,)
        legal = sorted(game.encode_action(state, a) for a in state.legal_actions())
        assert np.flatnonzero(masks).tolist() == legal
        assert np.array_equal(masks, info["action_mask"].astype(bool))
        masks[:] = False  # a copy: the caller may write to it
        assert env.get_wrapper_attr("action_masks")().any()
        _, _, terminated, truncated, info = env.step(rng.choice(legal))
        if terminated or truncated:
            assert not env.get_wrapper_attr("action_masks")().any()
            break


class ShortLanterns(TensorLanterns):
    """Lanterns whose length bound is too short for a game (a bug to survive)."""

    name = "rl_short_lanterns"
    max_game_length: ClassVar[int] = 6


def test_a_game_that_passes_its_max_game_length_is_truncated() -> None:
    env = TabletideEnv(ShortLanterns(), 3, opponents="random")
    _, info = env.reset(seed=2)
    rewards, ends = [], (False, False)
    for _ in range(10):
        _, reward, *ends, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        rewards.append(reward)
        if any(ends):
            break
    assert tuple(ends) == (False, True) and set(rewards) == {0.0}
    assert env.game_state is not None and not env.game_state.is_terminal()
    assert len(env.game_state.history) == 6
    with pytest.raises(ResetNeeded):
        env.step(0)
