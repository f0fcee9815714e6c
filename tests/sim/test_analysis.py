"""Post-game analysis (issue 23): win chances after every decision, key moments, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletide.agents import make_agent
from tabletide.cli import app
from tabletide.engine import Replay, load_game
from tabletide.sim.analysis import (
    MIN_SWING,
    AnalysisError,
    Estimator,
    analyze,
    calibration_for,
    outcome,
    rounded,
)
from tabletide.sim.backends import LocalBackend
from tabletide.sim.runner import play_game

runner = CliRunner()


@pytest.fixture(scope="module")
def finished() -> Replay:
    game = load_game("shipyard")
    result = play_game(game, [make_agent("greedy", 1), make_agent("easy", 2)], 5)
    assert result.replay is not None
    return result.replay


@pytest.fixture(scope="module")
def analysis(finished: Replay) -> dict:  # type: ignore[type-arg]
    return analyze(finished, method="value")


def test_every_decision_gets_chances_that_add_up_to_one(finished: Replay, analysis: dict) -> None:  # type: ignore[type-arg]
    plies = analysis["plies"]
    assert analysis["game"] == "shipyard" and analysis["method"] == "value"
    assert [p["ply"] for p in plies] == list(range(len(finished.actions)))
    states = list(s.clone() for s in finished.states())
    for row in plies:
        assert len(row["win_prob"]) == 2 and abs(sum(row["win_prob"]) - 1) < 1e-9
        assert all(0 <= p <= 1 for p in row["win_prob"])
        assert row["action"] == finished.actions[row["ply"]]
        assert row["seat"] == states[row["ply"]].current_player()
    assert plies[-1]["win_prob"] == outcome(states[-1])  # the end is known exactly
    assert analysis["winners"] == states[-1].winners()


def test_key_moments_are_the_movers_costliest_moves_with_a_better_one(analysis: dict) -> None:  # type: ignore[type-arg]
    moments = analysis["key_moments"]
    assert len(moments) <= 5
    assert [m["swing"] for m in moments] == sorted((m["swing"] for m in moments), reverse=True)
    for moment in moments:
        row = analysis["plies"][moment["ply"]]
        assert moment["seat"] == row["seat"] and moment["played"] == row["label"]
        assert moment["better"] != moment["played"] and moment["swing"] >= MIN_SWING


def test_the_analysis_is_the_same_on_two_processes(finished: Replay, analysis: dict) -> None:  # type: ignore[type-arg]
    twice = analyze(finished, method="value", backend=LocalBackend(2))
    assert {k: v for k, v in twice.items() if k != "seconds"} == {
        k: v for k, v in analysis.items() if k != "seconds"
    }


def test_the_value_estimate_follows_the_evaluation_and_rounding_keeps_the_sum() -> None:
    game = load_game("shipyard")
    calibration = calibration_for("shipyard", game.bot.scale)
    assert sum(rounded([1 / 3, 1 / 3, 1 / 3])) == 1.0
    state = game.new_state(2, 1)
    estimate = Estimator("value", calibration, 0)
    assert estimate(state, 0, 0.0, 1) == estimate(state, 0, 0.0, 1)  # seeded: repeatable
    richer = state.clone()
    richer.coins[0] += 40  # type: ignore[attr-defined]
    assert game.evaluate(richer, 0) > game.evaluate(state, 0)
    assert estimate(richer, 0, 0.5, 1)[0] > estimate(state, 0, 0.5, 1)[0] > 0.0


def test_a_solo_game_is_analysed_by_playouts_as_won_or_lost() -> None:
    game = load_game("tiny_epic_pirates")
    result = play_game(game, [make_agent("greedy", 3)], 2)
    assert result.replay is not None
    solo = analyze(result.replay, budget=0.5)
    assert solo["method"] == "playouts" and solo["playouts"] == 1
    assert solo["sides"] == ["seat 0", "the game"]
    assert all(len(p["win_prob"]) == 2 for p in solo["plies"])
    assert solo["plies"][-1]["win_prob"] == ([1.0, 0.0] if solo["winners"] else [0.0, 1.0])
    with pytest.raises(Exception, match="solo games are analysed by playouts only"):
        analyze(result.replay, method="value")


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_analyze_writes_the_json_and_the_graph(finished: Replay, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    finished.save(path)
    out, png = tmp_path / "a.json", tmp_path / "a.png"
    code, text = run("analyze", str(path), "--out", str(out), "--png", str(png), "--jobs", "2")
    assert code == 0, text
    data = json.loads(out.read_text())
    assert len(data["plies"]) == len(finished.actions)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Win chances" in text and "Analysis written to" in text
    code, text = run("replay", str(path), "--print", "--step", str(len(finished.actions)),
                     "--analysis", str(out))  # fmt: skip
    assert code == 0 and "Chances of winning:" in text


def _bad_replays(finished: Replay, tmp_path: Path) -> dict[str, tuple[Path, str]]:
    unfinished = Replay.from_json({**finished.to_json(), "actions": finished.actions[:20]})
    other = {**finished.to_json(), "rules_version": 999}
    files = {
        "unfinished": (unfinished.to_json(), "the game is not finished"),
        "version": (other, "rules version 999"),
        "corrupt": (None, "cannot read replay"),
    }
    out = {}
    for name, (data, message) in files.items():
        path = tmp_path / f"{name}.json"
        text = json.dumps(data) if data is not None else json.dumps(finished.to_json())[:500]
        path.write_text(text)
        out[name] = (path, message)
    return out


def test_bad_replays_are_one_red_line_exit_2_and_nothing_written(
    finished: Replay, tmp_path: Path
) -> None:
    for name, (path, message) in _bad_replays(finished, tmp_path).items():
        out = tmp_path / f"{name}-analysis.json"
        code, text = run("analyze", str(path), "--out", str(out))
        assert code == 2 and message in text and len(text.strip().splitlines()) == 1, (name, text)
        assert not out.exists(), name
    with pytest.raises(AnalysisError, match="not finished"):
        analyze(Replay.from_json({**finished.to_json(), "actions": finished.actions[:5]}))
