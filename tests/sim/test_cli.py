"""`tabletide tournament`: the happy path and every error a user can cause."""

from __future__ import annotations

import json
import socket
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletide.cli import app
from tabletide.sim import run_tournament

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["tournament", *args], env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_happy_path_prints_the_table_and_writes_the_files(tmp_path: Path) -> None:
    out = tmp_path / "new" / "t.json"
    code, text = run(
        "lanterns", "--agents", "random,g=greedy", "--players", "3", "-n", "7", "--seed", "2",
        "-o", "hand_size=2", "--jobs", "2", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "Lanterns (test game) · 3 players · 2 lineups × 3 seatings · 7 games · seed 2" in text
    assert "warning: 7 games stops in the middle of a lineup's seatings" in text
    assert "win" in text and "95% CI" in text and "rating" in text and "seat balance" in text
    assert "head to head" not in text  # 3 players
    for suffix in (".json", ".csv", ".win_share.png", ".scores.png"):
        path = tmp_path / "new" / f"t{suffix}"
        assert path.stat().st_size > 0 and f"Wrote {path}" in text
    data = json.loads(out.read_text())
    library = run_tournament("lanterns", "random,g=greedy", 3, 7, seed=2, options={"hand_size": 2})
    assert [{**g, "seconds": 0} for g in data["records"]] == [
        library.record_json(replace(r, seconds=0)) for r in library.records
    ]
    for agent in library.agents:
        assert f"{agent.win_share:.1%}" in text and f"{agent.rating.ordinal:.2f}" in text


def test_two_player_series_show_head_to_head() -> None:
    code, text = run("lanterns", "--agents", "random,greedy,easy", "-n", "6")
    assert code == 0, text
    assert "head to head" in text and "2 players · 3 lineups × 2 seatings · 6 games" in text
    assert "warning" not in text


def test_all_seatings_from_the_command_line() -> None:
    code, text = run(
        "lanterns", "--agents", "a=random,b=random,c=greedy", "--players", "3", "-n", "6",
        "--seatings", "all",
    )  # fmt: skip
    assert code == 0, text
    assert "3 players · 1 lineup × 6 seatings · 6 games" in text and "warning" not in text


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope", "--agents", "random"], "unknown game 'nope'"),
        (["lanterns", "--agents", "random,bogus"], "unknown agent 'bogus'"),
        (["lanterns", "--agents", "random,random"], "name each: a=random,b=random"),
        (["lanterns", "--agents", "random", "--players", "5"], "2-4 players; got 5"),
        (["lanterns", "--agents", "random", "--players", "1"], "at least 2 players"),
        (["lanterns", "--agents", "random", "-n", "0"], "at least 1; got 0"),
        (["lanterns", "--agents", "random", "-n", "-3"], "at least 1; got -3"),
        (["lanterns", "--agents", "random", "-o", "hand_size=9"], "one of 2, 3, 4; got 9"),
        (["lanterns", "--agents", "random", "--backend", "mpi"], "unknown backend 'mpi'"),
        (["lanterns", "--agents", "random", "--seatings", "some"], "one of rotate, all"),
        (["lanterns", "--agents", "random", "--jobs", "0"], "jobs must be an integer >= 1"),
        (["lanterns", "--agents", "random", "--address", "h:1"], "--address is for the ray"),
        (
            ["lanterns", "--agents", "random", "--backend", "ray", "--address", "127.0.0.1:{port}"],
            "cannot reach a Ray cluster at 127.0.0.1:",
        ),
    ],
)
def test_user_errors_are_one_red_line_and_exit_2(args: list[str], message: str) -> None:
    args = [a.replace("{port}", str(closed_port())) for a in args]
    code, text = run(*args)
    assert code == 2
    assert "error:" in text and message in " ".join(text.split())
    assert "seat balance" not in text and "Lanterns (test game) ·" not in text  # nothing ran


def test_an_unwritable_out_path_fails_before_any_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, text = run("lanterns", "--agents", "random", "--out", str(blocker / "t.json"))
    assert code == 2 and "cannot create the folder" in text
    assert "seat balance" not in text


def test_agents_are_required() -> None:
    result = runner.invoke(app, ["tournament", "lanterns"], env={"COLUMNS": "200"})
    assert result.exit_code == 2 and "--agents" in result.output


def test_tournament_help_shows_its_defaults() -> None:
    result = runner.invoke(app, ["tournament", "--help"], env={"COLUMNS": "200"})
    assert "default: 2, or the game's minimum" in result.output
    assert "default: $RAY_ADDRESS, else a local Ray runtime" in result.output


def test_other_commands_help_shows_their_defaults() -> None:
    play = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output
    simulate = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"}).output
    assert "./tabletide-GAME-SEED.json" in play
    assert "random per seat" in simulate
    bench = runner.invoke(app, ["bench", "--help"], env={"COLUMNS": "200"}).output
    assert "60 with --agent" in bench
