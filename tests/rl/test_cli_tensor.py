"""``tabletide tensor GAME``: the observation tensor's layout and the action codec."""

from __future__ import annotations

from typer.testing import CliRunner

from engine.toy_game import register as register_lanterns
from tabletide.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_tensor_prints_the_segments_and_the_codec() -> None:
    code, out = run("tensor", "rl_lanterns", "--players", "3", "-o", "hand_size=4")
    assert code == 0, out
    assert "Lanterns with a tensor (test game) · 3 players · hand_size=4, sixes_attack=true" in out
    assert "22 values" in out  # 6 + 3 + 3 + 1 + 6 + 3
    lines = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") > 3}
    assert "│      9 │    3 │" in lines["points"]  # hand 0-5, hand_sizes 6-8, points 9-11
    assert "counts of 6 kinds / 3" in lines["hand"]
    assert "one-hot of 3" in lines["to_move"]
    assert "13 codes" in out
    assert "│ play " in out and "│ 0..5 " in out and "card: 1..6" in out
    assert "│ pass " in out and "│ 6  " in out


def test_tensor_defaults_to_two_players_or_the_minimum() -> None:
    code, out = run("tensor", "rl_vault")
    assert code == 0 and "2 players" in out
    code, out = run("tensor", "tiny_epic_pirates")
    assert code == 0 and "2 players" in out and "Action codec" in out


def test_tensor_errors_are_one_red_line() -> None:
    register_lanterns()
    for args, message in (
        (("nope",), "unknown game 'nope'"),
        (("lanterns",), "lanterns has no observation tensor yet"),
        (("rl_lanterns", "--players", "7"), "for 2-4 players; got 7"),
        (("rl_lanterns", "-o", "hand_size=9"), "option 'hand_size' must be one of 2, 3, 4"),
    ):
        code, out = run("tensor", *args)
        assert code == 2, out
        assert message in out and out.count("\n") == 1, out
