"""OpenSpiel: the games load with parameters, pass OpenSpiel's own random simulation test (with
serialization) and its ISMCTS bot plays them; observations, actions, serialization and
resampling mean what tabletide means."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

import tabletide.rl.openspiel as tos
from rl.cases import CASE_IDS, CASES, random_codes
from tabletide.engine import ConfigError, IllegalActionError, load_game

SS = pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
TAIL = 12
"""Decisions before the end of a random game at which the quick simulation tests start."""


def spiel_game(name: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(tos.short_name(name), params)


def late_state(game: pyspiel.Game, name: str, num_players: int, fixed_seed: int) -> object:
    """A state of the fixed-seed ``game`` a few decisions before the end of a random game."""
    codes = random_codes(name, num_players, fixed_seed)
    state = game.new_initial_state()
    for code in codes[: max(0, len(codes) - TAIL)]:
        state.apply_action(code)
    return state


def play_ismcts(game: pyspiel.Game, state: object, simulations: int, seed: int) -> object:
    """Play ``state`` to the end with OpenSpiel's ISMCTS bot in every seat. The bot keys its
    tree by information-state strings, so it fails (KeyError) if two worlds a seat cannot tell
    apart offer it different actions."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, tos.Evaluator(), 1.0, simulations, random_state=rng)
    # The default sampler is seeded from the OS; this one makes the test repeatable.
    bot.set_resampler(lambda s, seat: s.resample_from_infostate(seat, rng.uniform))
    while not state.is_terminal():  # type: ignore[attr-defined]
        state.apply_action(bot.step(state))  # type: ignore[attr-defined]
    return state


# ------------------------------------------------------------------ OpenSpiel's conformance
@pytest.mark.parametrize(("name", "num_players"), CASES, ids=CASE_IDS)
def test_random_sim_test_with_serialization_near_the_end(name: str, num_players: int) -> None:
    """OpenSpiel's checks (clone, serialize, legal actions sorted and masked, unique action
    strings, observations, returns) over the last decisions of a game; whole games in the long
    suite."""
    game = spiel_game(name, players=num_players, fixed_seed=5)
    start = late_state(game, name, num_players, 5)
    pyspiel.random_sim_test(game, 1, serialize=True, verbose=False, specific_initial_state=start)


@pytest.mark.long
@pytest.mark.parametrize(("name", "num_players"), CASES, ids=CASE_IDS)
def test_random_sim_test_whole_games(name: str, num_players: int) -> None:
    pyspiel.random_sim_test(
        spiel_game(name, players=num_players, fixed_seed=3), 2, serialize=True, verbose=False
    )
    sampled = spiel_game(name, players=num_players, seed=3)
    assert sampled.get_type().chance_mode == SS
    pyspiel.random_sim_test(sampled, 1, serialize=False, verbose=False)


@pytest.mark.parametrize(
    ("name", "num_players"),
    [("shipyard", 2), ("tiny_epic_pirates", 1), ("maracaibo", 1), ("rl_lanterns", 3)],
)
def test_random_sim_test_whole_quick_games(name: str, num_players: int) -> None:
    pyspiel.random_sim_test(
        spiel_game(name, players=num_players, fixed_seed=1), 1, serialize=True, verbose=False
    )


@pytest.mark.parametrize(("name", "num_players"), [("rl_lanterns", 2), ("rl_lanterns", 4)])
def test_random_sim_test_sampled_stochastic(name: str, num_players: int) -> None:
    game = spiel_game(name, players=num_players, seed=2)
    assert game.get_type().chance_mode == SS
    pyspiel.random_sim_test(game, 5, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "num_players"), CASES, ids=CASE_IDS)
def test_ismcts_bot_finishes_a_game(name: str, num_players: int) -> None:
    """OpenSpiel's ISMCTS bot (sampling worlds through ``resample_from_infostate``) plays the
    last decisions of a game; whole games in the long suite."""
    game = spiel_game(name, players=num_players, fixed_seed=9)
    state = play_ismcts(game, late_state(game, name, num_players, 9), 4, 0)
    assert state.returns() == state.engine.returns()  # type: ignore[attr-defined]


@pytest.mark.long
@pytest.mark.parametrize(("name", "num_players"), CASES, ids=CASE_IDS)
def test_ismcts_bot_plays_whole_games(name: str, num_players: int) -> None:
    game = spiel_game(name, players=num_players, seed=4)
    state = play_ismcts(game, game.new_initial_state(), 3, 1)
    assert state.is_terminal()  # type: ignore[attr-defined]


def test_ismcts_bot_plays_whole_toy_games() -> None:
    for players in (2, 3):
        game = spiel_game("rl_lanterns", players=players)
        state = play_ismcts(game, game.new_initial_state(), 20, players)
        assert sorted(state.returns()) == sorted(state.engine.returns())  # type: ignore[attr-defined]
    solo = spiel_game("rl_vault", players=1)
    state = play_ismcts(solo, solo.new_initial_state(), 20, 0)
    assert state.returns() == [1.0]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ parameters and errors
def test_every_registered_game_is_registered_with_its_parameters() -> None:
    names = pyspiel.registered_names()
    for name in ("shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"):
        assert tos.short_name(name) in names
    spec = pyspiel.load_game("python_tabletide_maracaibo").get_parameters()
    assert spec["players"] == 2 and spec["seed"] == -1 and spec["fixed_seed"] == -1
    assert spec["layout"] == "standard" and spec["rubies"] is False


def test_players_and_options_reach_the_engine() -> None:
    game = pyspiel.load_game("python_tabletide_maracaibo(players=3,rubies=True,skirmish=True)")
    state = game.new_initial_state()
    assert game.num_players() == 3
    assert state.engine.num_players == 3
    assert state.engine.options["rubies"] is True and state.engine.options["skirmish"] is True
    engine_game = load_game("maracaibo")
    assert game.num_distinct_actions() == engine_game.num_distinct_actions
    assert game.max_game_length() == engine_game.max_game_length
    assert game.observation_tensor_size() == engine_game.tensor_size(3, {"rubies": True})
    solo = pyspiel.load_game("python_tabletide_maracaibo", {"players": 1, "difficulty": 2})
    assert solo.new_initial_state().engine.options["solo"] is True
    assert solo.new_initial_state().engine.options["difficulty"] == 2
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({"players": 9}, ConfigError, "for 1-4 players; got 9"),
        ({"difficulty": 9}, ConfigError, "option 'difficulty' must be one of"),
        ({"players": 3, "difficulty": 2}, ConfigError, "with 3 players it must be 0"),
        ({"seed": -5}, ConfigError, "seed must be -1 or a non-negative integer"),
        ({"nope": 1}, pyspiel.SpielError, "Unknown parameter 'nope'"),
        ({"rubies": "yes"}, pyspiel.SpielError, "Wrong type for parameter rubies"),
    ],
)
def test_bad_parameters_are_clear_errors(
    params: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        pyspiel.load_game("python_tabletide_maracaibo", params)


def test_unknown_games_are_clear_errors() -> None:
    with pytest.raises(ConfigError, match="unknown game 'nope'; registered games: ahoy"):
        tos.register("nope")
    with pytest.raises(pyspiel.SpielError, match="python_tabletide_nope"):
        pyspiel.load_game("python_tabletide_nope")


def test_an_illegal_code_is_refused_and_changes_nothing() -> None:
    state = spiel_game("rl_lanterns", players=2).new_initial_state()
    before = str(state)
    illegal = next(c for c in range(state.num_distinct_actions()) if c not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="is not legal now"):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == []


# ------------------------------------------------------------------ what the API means
def test_actions_and_observations_are_the_engines() -> None:
    game = spiel_game("shipyard", players=3, seed=1)
    engine_game = load_game("shipyard")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(30):
        engine = state.engine
        seat = state.current_player()
        codes = sorted(engine_game.encode_action(engine, a) for a in engine.legal_actions())
        assert state.legal_actions() == codes
        assert np.flatnonzero(state.legal_actions_mask()).tolist() == codes
        for s in range(3):
            assert state.observation_tensor(s) == pytest.approx(
                engine_game.observation_tensor(engine, s)
            )
        assert "Decision:" in state.observation_string(seat)
        code = int(rng.choice(codes))
        label = engine_game.decode_action(engine, code).label
        assert state.action_to_string(seat, code).startswith(label)
        state.apply_action(code)
        assert state.engine.history[-1] == engine_game.codec.decode(code)


def test_the_observer_names_the_tensor_segments() -> None:
    from open_spiel.python.observation import make_observation

    game = spiel_game("rl_lanterns", players=3)
    observation = make_observation(game)
    state = game.new_initial_state()
    observation.set_from(state, 1)
    assert list(observation.dict) == ["hand", "hand_sizes", "points", "deck", "pile_top", "to_move"]
    hand = state.engine.hands[1]
    assert observation.dict["hand"].tolist() == pytest.approx(
        [hand.count(v) / 3 for v in range(1, 7)]
    )
    assert observation.string_from(state, 1) == state.observation_string(1)


def test_the_information_state_has_perfect_recall() -> None:
    """Two positions that look the same now but were reached by different actions of a seat
    differ in that seat's information state (Vault: door 0 scores 3 behind any drawer)."""
    game = spiel_game("rl_vault", players=2)
    a, b = game.new_initial_state(), game.new_initial_state()
    for state, drawer in ((a, 0), (b, 1)):
        state.apply_action(0)  # door 0
        state.apply_action(3 + drawer)
    assert a.match.digest(0) == b.match.digest(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)  # not seat 1's moves


def test_the_information_state_tensor_adds_the_seats_own_history() -> None:
    """The observation tensor, then per action kind ``1 - 0.9**k`` for the seat's own moves."""
    game = spiel_game("shipyard", players=2, seed=2)
    engine_game = load_game("shipyard")
    kinds = engine_game.codec.kinds()
    obs_size = game.observation_tensor_shape()[0]
    assert game.information_state_tensor_shape() == [obs_size + len(kinds)]
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for seat in range(2):
        tensor = np.array(state.information_state_tensor(seat))
        assert tensor[:obs_size] == pytest.approx(state.observation_tensor(seat))
        own = [
            a.kind
            for (actor, _, _), a in zip(state.match.trail, state.engine.history, strict=True)
            if actor == seat
        ]
        expected = [1 - 0.9 ** own.count(kind) for kind in kinds]
        assert tensor[obs_size:] == pytest.approx(expected)
        assert any(own) and tensor[obs_size:].max() > 0
    twin = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert twin.information_state_tensor(0) == pytest.approx(state.information_state_tensor(0))


def test_resampling_keeps_what_the_seat_knows_and_changes_the_rest() -> None:
    game = spiel_game("rl_lanterns", players=3, seed=3)
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    other = (seat + 1) % 3
    info, before = state.information_state_string(seat), str(state)
    assert "> you:" in info
    changed = False
    for _ in range(10):
        twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert twin.information_state_string(seat) == info
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)
        assert twin.legal_actions() == state.legal_actions()
        assert twin.history() == state.history()
        changed |= twin.engine.hands[other] != state.engine.hands[other]
    assert changed, f"resampling never changed seat {other}'s hidden hand"
    assert str(state) == before


def test_serialization_is_the_replay() -> None:
    game = spiel_game("rl_lanterns", players=3, seed=7)
    state = game.new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert again.engine.seed == state.engine.seed
    assert [a.to_json() for a in again.engine.history] == [
        a.to_json() for a in state.engine.history
    ]
    assert again.information_state_string(1) == state.information_state_string(1)
    for s in (state, again):
        s.apply_action(s.legal_actions()[-1])
    assert str(again) == str(state)
    fixed = spiel_game("shipyard", players=2, fixed_seed=4)
    position = fixed.new_initial_state()
    position.apply_action(position.legal_actions()[1])
    copy_game, copy = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(fixed, position)
    )
    assert str(copy_game) == str(fixed) and str(copy) == str(position)


def test_a_resampled_state_serializes_its_own_hidden_facts() -> None:
    game = spiel_game("rl_lanterns", players=3, seed=1)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    twin = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    again = game.deserialize_state(twin.serialize())
    assert again.engine.hands == twin.engine.hands and str(again) == str(twin)


def test_seeds_fix_the_series_of_deals() -> None:
    def deals(**params: object) -> list[int]:
        game = spiel_game("shipyard", players=2, **params)
        return [game.new_initial_state().engine.seed for _ in range(3)]

    assert deals(seed=5) == deals(seed=5)
    assert deals(seed=5) != deals(seed=6)
    assert len(set(deals(seed=5))) == 3
    assert deals(fixed_seed=8) == [8, 8, 8]
    assert spiel_game("shipyard", fixed_seed=8).get_type().chance_mode == (
        pyspiel.GameType.ChanceMode.DETERMINISTIC
    )
    game = spiel_game("shipyard", seed=5)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    state.clone()
    assert deals(seed=5)[1] == game.new_initial_state().engine.seed  # clones draw no deal


def test_returns_at_the_end_are_the_engines() -> None:
    game = spiel_game("rl_lanterns", players=4, seed=2)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == state.engine.returns()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert sum(state.returns()) == pytest.approx(0.0)
