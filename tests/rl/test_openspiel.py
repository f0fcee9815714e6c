"""OpenSpiel: the games load with parameters, pass OpenSpiel's own random simulation test (with
serialization) and its ISMCTS bot plays them; observations, actions, serialization and
resampling mean what tabletide means."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

import tabletide.rl.openspiel as tos
from rl.cases import CASE_IDS, CASES, REAL_GAMES, random_codes
from tabletide.engine import ConfigError, IllegalActionError, load_game

ES = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
TAIL = 12
"""Decisions before the end of a random game at which the quick simulation tests start."""


def spiel_game(name: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(tos.short_name(name), params)


def dealt(game: pyspiel.Game, deal: int = 0) -> object:
    """A new state of ``game`` after the opening chance node (deal ``deal``)."""
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(deal)
    return state


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
        if state.is_chance_node():  # type: ignore[attr-defined]
            state.apply_action(int(rng.randint(tos.DEALS)))  # type: ignore[attr-defined]
        else:
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
    dealing = spiel_game(name, players=num_players)
    assert dealing.get_type().chance_mode == ES
    pyspiel.random_sim_test(dealing, 1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "num_players"),
    [("shipyard", 2), ("tiny_epic_pirates", 1), ("maracaibo", 1), ("rl_lanterns", 3)],
)
def test_random_sim_test_whole_quick_games(name: str, num_players: int) -> None:
    pyspiel.random_sim_test(
        spiel_game(name, players=num_players, fixed_seed=1), 1, serialize=True, verbose=False
    )


DEFAULT_CASES = [(name, 2) for name in REAL_GAMES] + [
    (name, 1) for name in REAL_GAMES if load_game(name).min_players == 1
]


@pytest.mark.parametrize(
    ("name", "num_players"), DEFAULT_CASES, ids=[f"{n}-{p}p" for n, p in DEFAULT_CASES]
)
def test_random_sim_test_with_serialization_and_default_parameters(
    name: str, num_players: int
) -> None:
    """With default parameters the game deals at an explicit chance node, so OpenSpiel's
    game-and-state serialization (which asks a sampled-stochastic game for its random
    generator) works: whole games from the deal."""
    game = spiel_game(name, players=num_players)
    assert game.get_type().chance_mode == ES
    assert game.max_chance_outcomes() == tos.DEALS
    pyspiel.random_sim_test(game, 1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "num_players"), [("rl_lanterns", 2), ("rl_lanterns", 4)])
def test_random_sim_test_many_deals(name: str, num_players: int) -> None:
    game = spiel_game(name, players=num_players, seed=2)
    assert game.get_type().chance_mode == ES
    pyspiel.random_sim_test(game, 5, serialize=True, verbose=False)


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
    state = dealt(game)
    assert game.num_players() == 3
    assert state.engine.num_players == 3
    assert state.engine.options["rubies"] is True and state.engine.options["skirmish"] is True
    engine_game = load_game("maracaibo")
    assert game.num_distinct_actions() == engine_game.num_distinct_actions
    assert game.max_game_length() == engine_game.max_game_length
    assert game.observation_tensor_size() == engine_game.tensor_size(3, {"rubies": True})
    solo = pyspiel.load_game("python_tabletide_maracaibo", {"players": 1, "difficulty": 2})
    assert dealt(solo).engine.options["solo"] is True
    assert dealt(solo).engine.options["difficulty"] == 2
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
    state = dealt(spiel_game("rl_lanterns", players=2))
    before = str(state)
    illegal = next(c for c in range(state.num_distinct_actions()) if c not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="is not legal now"):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == [0]  # the deal only


# ------------------------------------------------------------------ what the API means
def test_actions_and_observations_are_the_engines() -> None:
    game = spiel_game("shipyard", players=3, seed=1)
    engine_game = load_game("shipyard")
    state = dealt(game)
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
    state = dealt(game)
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
    a, b = dealt(game), dealt(game)
    for state, drawer in ((a, 0), (b, 1)):
        state.apply_action(0)  # door 0
        state.apply_action(3 + drawer)
    assert a.match.digest(0) == b.match.digest(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) == b.information_state_string(1)  # not seat 1's moves
    assert a.match.information_text(0) != b.match.information_text(0)
    assert a.match.information_text(1) == b.match.information_text(1)


def test_the_information_state_tensor_adds_the_seats_own_history() -> None:
    """The observation tensor, then per action kind ``1 - 0.9**k`` for the seat's own moves."""
    game = spiel_game("shipyard", players=2, seed=2)
    engine_game = load_game("shipyard")
    kinds = engine_game.codec.kinds()
    obs_size = game.observation_tensor_shape()[0]
    assert game.information_state_tensor_shape() == [obs_size + len(kinds)]
    state = dealt(game)
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
    state = dealt(game)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    other = (seat + 1) % 3
    info, before = state.information_state_string(seat), str(state)
    assert "> you:" in state.match.information_text(seat)
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
    state = dealt(game)
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
    state = dealt(game)
    state.apply_action(state.legal_actions()[0])
    twin = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    again = game.deserialize_state(twin.serialize())
    assert again.engine.hands == twin.engine.hands and str(again) == str(twin)


def test_the_deal_is_an_explicit_chance_node() -> None:
    """Deal ``k`` is the engine game of seed ``k`` (``seed * DEALS + k`` with ``seed``), all
    deals equally likely; ``fixed_seed`` has no chance node."""
    game = spiel_game("shipyard", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [k for k, _ in outcomes] == list(range(tos.DEALS))
    assert {p for _, p in outcomes} == {1.0 / tos.DEALS}
    assert state.legal_actions() == list(range(tos.DEALS))
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    assert state.information_state_string(0) != state.information_state_string(1)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "Deal 7 (engine seed 7)"
    undealt = game.deserialize_state(state.serialize())
    assert undealt.is_chance_node() and str(undealt) == str(state)
    state.apply_action(7)
    assert state.engine.seed == 7 and not state.is_chance_node()
    assert state.history() == [7] and state.chance_outcomes() == []
    assert dealt(spiel_game("shipyard", players=2, seed=3), 7).engine.seed == 3 * tos.DEALS + 7
    with pytest.raises(IllegalActionError):
        game.new_initial_state().apply_action(tos.DEALS)
    fixed = spiel_game("shipyard", fixed_seed=8)
    assert fixed.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert fixed.max_chance_outcomes() == 0
    assert [fixed.new_initial_state().engine.seed for _ in range(2)] == [8, 8]
    assert not fixed.new_initial_state().is_chance_node()


def test_returns_at_the_end_are_the_engines() -> None:
    game = spiel_game("rl_lanterns", players=4, seed=2)
    state = dealt(game)
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == state.engine.returns()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert sum(state.returns()) == pytest.approx(0.0)


# ------------------------------------------------------------------ the compact key, the bot
@pytest.mark.parametrize("name", REAL_GAMES)
def test_information_keys_are_exact_on_random_games(name: str) -> None:
    """Over positions of a random game and worlds resampled for each seat: two positions get
    the same key exactly when the seat's readable information state
    (``match.information_text``) is the same, and a key carried over by cloning or resampling
    is the key computed from scratch."""
    game = spiel_game(name, players=2, fixed_seed=11)
    codes = random_codes(name, 2, 11, walk_seed=3)
    spots = set(range(1, len(codes), max(1, len(codes) // 7))) | {len(codes)}
    rng = np.random.RandomState(0)
    key_of: dict[str, str] = {}
    text_of: dict[str, str] = {}
    resampled_same = 0
    state = game.new_initial_state()
    for step in range(len(codes) + 1):
        if step in spots:
            for seat in (0, 1):
                twins = [
                    state.resample_from_infostate(seat, rng.uniform)
                    for _ in range(2)
                    if not state.is_terminal()
                ]
                for world in [state, *twins]:
                    for s in (0, 1):
                        key = world.information_state_string(s)
                        match = world.match
                        scratch = tos.Match(
                            match.table, None, world.engine.clone(), match.trail[:], True
                        )
                        assert key == scratch.information_key(s), f"{name} step {step}"
                        text = match.information_text(s)
                        assert key_of.setdefault(text, key) == key, f"{name} step {step}: same"
                        assert text_of.setdefault(key, text) == text, f"{name} step {step}: apart"
                for twin in twins:
                    assert twin.information_state_string(seat) == state.information_state_string(
                        seat
                    )
                    resampled_same += 1
        if step < len(codes):
            state.apply_action(codes[step])
    assert resampled_same >= 2 * len(spots) and len(key_of) > len(spots)


def test_evaluate_bots_plays_the_ismcts_bot() -> None:
    """OpenSpiel's ``evaluate_bots`` (restart_at, the deal at the chance node, steps) runs
    with :class:`tos.ISMCTSBot` in every seat; seeded bots and a seeded deal repeat."""
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = spiel_game("shipyard", players=2, first_game=True)

    def play(seed: int) -> tuple[list[float], list[int]]:
        bots = [tos.ISMCTSBot(game, 4, seed=seed + seat) for seat in range(2)]
        state = game.new_initial_state()
        returns = evaluate_bots(state, bots, np.random.RandomState(seed))
        return returns, state.history()

    returns, history = play(1)
    assert sorted(returns) == [-1.0, 1.0] and 0 <= history[0] < tos.DEALS
    assert play(1) == (returns, history)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        ismcts.ISMCTSBot(game, tos.Evaluator(), 1.0, 4).restart_at(game.new_initial_state())
