"""`tabletide bench --peers`: our engines beside OpenSpiel's and PettingZoo's tic-tac-toe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletide.cli import app
from tabletide.engine import load_game
from tabletide.rl.aec import env as aec_env
from tabletide.rl.bench import game_playouts, pettingzoo_turns, player_counts, timed


def test_timed_repeats_until_the_cpu_budget_is_spent() -> None:
    calls = []

    def run() -> int:
        calls.append(1)
        sum(range(20_000))
        return 3

    rate = timed(run, 0.05)
    assert len(calls) > 1
    assert rate > 0


def test_player_counts_include_solo_where_the_game_has_it() -> None:
    assert player_counts(load_game("maracaibo")) == [1, 2, 3, 4]
    assert player_counts(load_game("shipyard")) == [2, 3, 4]


def test_game_and_pettingzoo_loops_run_real_games() -> None:
    game = load_game("tiny_epic_pirates")
    assert game_playouts(game, 2, 0.05) > 0
    env = aec_env("tiny_epic_pirates", 2)
    assert pettingzoo_turns(env, 0.05) > 0
    assert env.game_state is not None and len(env.game_state.history) > 0


def test_an_installed_game_is_measured_in_a_fresh_interpreter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import multiprocessing

    import tabletide.rl.bench as bench

    def here(*args: object) -> object:
        raise AssertionError("measured in the test's own process")

    monkeypatch.setattr(bench, "game_rows", here)  # a spawned interpreter imports its own
    rows = list(bench.peer_rows([load_game("tiny_epic_pirates")], 0.05, 2))
    assert [r["players"] for r in rows] == [2]
    assert rows[0]["pettingzoo_turns_per_s"] > 0 and rows[0]["playout_steps_per_s"] > 0
    assert multiprocessing.active_children() == []  # the worker is gone


def test_bench_peers_writes_a_row_per_player_count(tmp_path: Path) -> None:
    out = tmp_path / "peers.json"
    result = CliRunner().invoke(
        app, ["bench", "tiny_epic_pirates", "--peers", "--seconds", "0.05", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())["rows"]
    assert [r["players"] for r in rows] == [1, 2, 3, 4]
    for row in rows:
        assert row["playout_ratio"] == pytest.approx(
            row["playout_steps_per_s"] / row["tictactoe_steps_per_s"]
        )
        assert row["pettingzoo_ratio"] == pytest.approx(
            row["pettingzoo_turns_per_s"] / row["tictactoe_v3_turns_per_s"]
        )
    assert "x ttt" in result.output


@pytest.mark.parametrize("args", [["nope", "--peers"], ["ahoy", "--peers", "--seconds", "0"]])
def test_bench_peers_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    result = CliRunner().invoke(app, ["bench", *args])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1


def test_bench_peers_measures_with_no_second_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spinner thread's CPU counts in the process's CPU time and it takes the interpreter
    whenever numpy releases it: with one, the PettingZoo ratios read up to a third low."""
    import threading

    import tabletide.rl.bench as bench

    threads: list[int] = []

    def rows(games: object, seconds: float, players: int | None) -> object:
        threads.append(threading.active_count())
        yield {
            "game": "tiny_epic_pirates",
            "players": 2,
            "playout_steps_per_s": 2.0,
            "tictactoe_steps_per_s": 4.0,
            "playout_ratio": 0.5,
            "pettingzoo_turns_per_s": 3.0,
            "tictactoe_v3_turns_per_s": 4.0,
            "pettingzoo_ratio": 0.75,
        }
        threads.append(threading.active_count())

    monkeypatch.setattr(bench, "peer_rows", rows)
    before = threading.active_count()
    result = CliRunner().invoke(app, ["bench", "tiny_epic_pirates", "--peers", "--seconds", "1"])
    assert result.exit_code == 0, result.output
    assert threads == [before, before]
