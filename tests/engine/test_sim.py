from __future__ import annotations

import pytest

from tabletide.agents import RandomAgent
from tabletide.engine import Action, ConfigError, IllegalActionError, State
from tabletide.sim import (
    GameResult,
    RunHooks,
    bench,
    bench_table,
    play_game,
    play_many,
    summarize,
    summary_table,
)

from .toy_game import LanternsGame, LanternsState


class Recorder(RunHooks):
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.seats: list[int] = []

    def before(self, state: State) -> None:
        self.calls.append("before")

    def step(self, state: State, seat: int, action: Action) -> None:
        self.calls.append("step")
        self.seats.append(seat)
        assert state.history[-1] == action

    def after(self, state: State, result: GameResult) -> None:
        self.calls.append("after")


class Peeker:
    """An agent that records the states it is handed."""

    name = "peeker"

    def __init__(self) -> None:
        self.seen: list[State] = []

    def act(self, state: State) -> Action:
        self.seen.append(state)
        return state.legal_actions()[0]


def test_play_game_result_and_hooks(game: LanternsGame) -> None:
    hooks = Recorder()
    result = play_game(
        game, [RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=9, hooks=[hooks]
    )
    assert hooks.calls[0] == "before" and hooks.calls[-1] == "after"
    assert hooks.calls.count("step") == result.num_decisions
    assert result.decisions_per_seat == [hooks.seats.count(s) for s in range(3)]
    assert sum(result.decisions_per_seat) == result.num_decisions
    assert result.replay is not None
    final = result.replay.play()
    assert final.is_terminal()
    assert final.scores() == result.scores
    assert final.returns() == result.returns and final.winners() == result.winners
    assert result.agents == ["random", "random", "random"]


def test_agents_get_determinized_copies_not_the_true_state(game: LanternsGame) -> None:
    peekers = [Peeker(), Peeker()]
    result = play_game(game, peekers, seed=4)
    assert result.replay is not None
    true_states = list(s.clone() for s in result.replay.states())[:-1]
    seen = [s for p in peekers for s in p.seen]
    assert len(seen) == result.num_decisions
    differs = 0
    for state in seen:
        assert isinstance(state, LanternsState)
        true = true_states[len(state.history)]
        assert isinstance(true, LanternsState)
        seat = true.current_player()
        assert state is not true
        assert state.hands[seat] == true.hands[seat]
        differs += state.hands != true.hands or state.deck != true.deck
    assert differs > 0, "other seats' hands and the deck should be resampled"


def test_play_game_rejects_wrong_agent_count_and_illegal_moves(game: LanternsGame) -> None:
    with pytest.raises(ConfigError, match="3 players need 3 agents"):
        play_game(game, [RandomAgent(0)] * 2, num_players=3)

    class Cheater:
        name = "cheater"

        def act(self, state: State) -> Action:
            return Action.make("discard", card=1)

    with pytest.raises(IllegalActionError):
        play_game(game, [Cheater(), Cheater()])


def test_play_many_does_not_depend_on_jobs(game: LanternsGame) -> None:
    serial = play_many(game, ["random", "random:3", "random"], 24, seed=2)
    parallel = play_many(game, ["random", "random:3", "random"], 24, seed=2, jobs=2)
    strip = [{**r.to_json(), "seconds": 0} for r in serial]
    assert strip == [{**r.to_json(), "seconds": 0} for r in parallel]
    assert [r.index for r in serial] == list(range(24))
    assert len({r.seed for r in serial}) == 24
    assert serial[0].replay is None
    other = play_many(game, ["random", "random:3", "random"], 24, seed=3)
    assert [r.scores for r in other] != [r.scores for r in serial]


def test_play_many_checks_config_before_playing(game: LanternsGame) -> None:
    with pytest.raises(ConfigError):
        play_many(game, ["random", "nope"], 5)
    with pytest.raises(ConfigError):
        play_many(game, ["random"] * 5, 5)
    with pytest.raises(ConfigError):
        play_many(game, ["random"] * 2, 5, jobs=0)


def _result(scores: list[float], winners: list[int], steps: int) -> GameResult:
    n = len(scores)
    return GameResult("g", n, 0, {}, ["a"] * n, scores, [0.0] * n, winners, steps, [0] * n, 0.5)


def test_summarize_splits_ties_and_ranges() -> None:
    results = [
        _result([10, 5], [0], 20),
        _result([7, 7], [0, 1], 30),
        _result([1, 9], [1], 40),
        _result([3, 8], [1], 10),
    ]
    summary = summarize(results, seconds=2.0)
    assert summary.win_share == [pytest.approx(1.5 / 4), pytest.approx(2.5 / 4)]
    assert sum(summary.win_share) == pytest.approx(1.0)
    assert summary.score[0].mean == pytest.approx(21 / 4)
    assert (summary.score[1].min, summary.score[1].max) == (5, 9)
    assert (summary.length.mean, summary.length.min, summary.length.max) == (25, 10, 40)
    assert summary.games_per_s == 2.0 and summary.steps_per_s == 50.0
    assert summarize(results).seconds == 2.0  # default: the games' own times
    table = summary_table(summary)
    assert table.row_count == 2
    assert summary.to_json()["win_share"] == summary.win_share


def test_summarize_empty_and_mixed() -> None:
    assert summarize([]).games == 0
    with pytest.raises(ValueError):
        summarize([_result([1, 2], [1], 3), _result([1, 2, 3], [2], 3)])


def test_bench_reports_every_measure(game: LanternsGame) -> None:
    result = bench(game, 3, games=10, seconds=5)
    assert result["runner_games"] == 10 and result["playouts"] == 10
    assert result["steps"] >= 10 * 18  # every Lanterns game takes at least 18 decisions at 3p
    assert result["steps_per_s"] > 0 and result["playout_games_per_s"] > 0
    assert result["clones"] == 10 * 200
    assert 0 < result["clone_us_median"] < 10_000
    assert bench_table(result).row_count == 6
    with pytest.raises(ConfigError):
        bench(game, 7)
