"""PettingZoo: ``state()`` and ``state_space`` are the full state (every seat's tensor, seat 0's
first) for centralised critics, and an episode that passes its length bound (``max_steps`` or
the game's ``max_game_length``) is truncated for every agent."""

from __future__ import annotations

import warnings
from typing import Any, ClassVar

import numpy as np
import pytest
from pettingzoo.test import state_test

from rl.cases import CASE_IDS, CASES
from rl.toys import TensorLanterns
from tabletide.engine import load_game
from tabletide.rl import env, parallel_env

WITH_TOY = [*CASES, ("rl_lanterns", 3)]
WITH_TOY_IDS = [*CASE_IDS, "rl_lanterns-3p"]


def concatenated(name: str, state: Any) -> np.ndarray:
    game = load_game(name)
    return np.concatenate(
        [
            np.asarray(game.observation_tensor(state, s), dtype=np.float32)
            for s in range(state.num_players)
        ]
    )


@pytest.mark.parametrize(("name", "num_players"), WITH_TOY, ids=WITH_TOY_IDS)
def test_the_state_fits_its_space_at_every_step_of_a_random_game(
    name: str, num_players: int
) -> None:
    table = env(name, num_players)
    space = table.unwrapped.state_space
    assert space.dtype == np.float32
    assert space.shape == (num_players * load_game(name).tensor_size(num_players),)
    rng = np.random.default_rng(num_players)
    table.reset(seed=30 + num_players)
    steps = 0
    for _agent in table.agent_iter():
        state = table.state()
        assert state.dtype == np.float32 and state.shape == space.shape
        assert space.contains(state)
        if steps % 25 == 0:  # what it holds (every step would double the test's time)
            assert np.array_equal(state, concatenated(name, table.unwrapped.game_state))
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert table.unwrapped.game_state.is_terminal() and steps > 10
    assert space.contains(table.state())


@pytest.mark.parametrize("num_players", [2, 3])
def test_pettingzoos_state_test(num_players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the unbounded box, as for observations
        # state_test samples unmasked actions: they must not end the game.
        state_test(
            env("shipyard", num_players, illegal="random"),
            parallel_env("shipyard", num_players, illegal="random"),
            num_cycles=50,
        )
    par = parallel_env("rl_lanterns", num_players)
    par.reset(seed=4)
    assert par.state_space == env("rl_lanterns", num_players).unwrapped.state_space
    assert np.array_equal(par.state(), concatenated("rl_lanterns", par.aec_env.game_state))


def test_the_state_holds_a_secret_that_the_other_seats_observations_do_not() -> None:
    """Two deals that differ only in one card of seat 1's hand (swapped with the hidden deck):
    seat 0 and seat 2 see the same; the state differs."""
    table = env("rl_lanterns", 3)
    table.reset(seed=9)
    real = table.unwrapped.game_state
    assert real.current_player() == 0
    twin = real.clone()
    card = twin.hands[1][0]
    other = next(c for c in twin.deck if c != card)
    twin.hands[1][0] = other
    twin.deck[twin.deck.index(other)] = card
    twin.hands[1].sort()
    before = {a: table.observe(a)["observation"] for a in table.possible_agents}
    state_before = table.state()
    table.unwrapped.game_state = twin
    after = {a: table.observe(a)["observation"] for a in table.possible_agents}
    assert np.array_equal(before["player_0"], after["player_0"])
    assert np.array_equal(before["player_2"], after["player_2"])
    assert not np.array_equal(before["player_1"], after["player_1"])
    assert not np.array_equal(state_before, table.state())


@pytest.mark.parametrize(("name", "num_players"), CASES, ids=CASE_IDS)
def test_the_state_tells_apart_worlds_that_a_seat_cannot(name: str, num_players: int) -> None:
    """A determinization for seat 0 (what seat 0 cannot see reshuffled) leaves seat 0's
    observation as it was and, somewhere in a game, changes the state: it holds the other
    seats' secrets. Where no seat has a secret (Tiny Epic Pirates; a solo game) the state is
    every seat's view, so it does not change: what no seat sees (deck order) is not in it."""
    game = load_game(name)
    table = env(name, num_players)
    rng = np.random.default_rng(5)
    table.reset(seed=12)
    told_apart = 0
    for step in range(120):
        real = table.unwrapped.game_state
        if real.is_terminal():
            break
        if step % 10 == 0:
            world = real.determinize(0, step)
            assert game.observation_tensor(world, 0) == game.observation_tensor(real, 0)
            if not np.array_equal(concatenated(name, world), table.state()):
                told_apart += 1
        obs = table.observe(table.agent_selection)
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    no_seat_secrets = name == "tiny_epic_pirates" or num_players == 1
    assert (told_apart == 0) if no_seat_secrets else (told_apart > 0)


# ------------------------------------------------------------------ truncation
def play_out(table: Any, seed: int) -> tuple[int, dict[str, tuple[bool, bool]]]:
    """Masked random play to the end of the episode: the decisions made and each agent's
    (terminated, truncated) at its last ``last()``."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    decisions, ends = 0, {}
    for agent in table.agent_iter():
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated)
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    assert table.agents == []
    return decisions, ends


def test_max_steps_truncates_every_agent_and_ends_the_episode() -> None:
    table = env("shipyard", 3, max_steps=7)
    decisions, ends = play_out(table, seed=2)
    assert decisions == 7 and len(table.unwrapped.game_state.history) == 7
    assert ends == dict.fromkeys(table.possible_agents, (False, True))
    assert not table.unwrapped.game_state.is_terminal()
    full, ends = play_out(env("shipyard", 3), seed=2)
    assert full > 7 and ends == dict.fromkeys(table.possible_agents, (True, False))


class ShortLanterns(TensorLanterns):
    """Lanterns whose length bound is too short for a game (a bug to survive)."""

    name = "rl_short_lanterns"
    max_game_length: ClassVar[int] = 5


def test_a_game_that_passes_its_max_game_length_is_truncated() -> None:
    table = env(ShortLanterns(), 2)
    decisions, ends = play_out(table, seed=1)
    assert decisions == 5 and not table.unwrapped.game_state.is_terminal()
    assert ends == {"player_0": (False, True), "player_1": (False, True)}
    # With stand-ins (max_cycles) the bound counts their decisions too.
    capped = env(ShortLanterns(), 2, max_cycles=2)
    decisions, ends = play_out(capped, seed=1)
    assert len(capped.unwrapped.game_state.history) <= 5 and decisions <= 4
    assert all(truncated for _, truncated in ends.values())
