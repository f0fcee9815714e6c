from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletide.cli import app, parse_options
from tabletide.engine import ConfigError, Replay

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    # Wide enough that Rich tables do not wrap cells: these tests check content, not layout.
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_games_lists_games_options_and_agents() -> None:
    code, out = run("games")
    assert code == 0
    assert "lanterns" in out and "Lanterns (test game)" in out and "2-4" in out
    assert "hand_size: 2 | 3 | 4 (default 3)" in out
    assert "human" in out and "random[:SEED]" in out


def test_simulate_writes_json_and_is_independent_of_jobs(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"sim{jobs}.json"
        code, out = run(
            "simulate", "lanterns", "-n", "12", "--seats", "random,random,random",
            "--seed", "1", "--option", "hand_size=4", "--out", str(path), "--jobs", jobs,
        )  # fmt: skip
        assert code == 0, out
        assert "win share" in out and "games/s" in out
        outs.append(json.loads(path.read_text()))
    data = outs[0]
    assert data["options"] == {"hand_size": 4, "sixes_attack": True}
    assert data["summary"]["games"] == 12 and len(data["games"]) == 12
    assert sum(data["summary"]["win_share"]) == pytest.approx(1.0)
    assert "replay" not in data["games"][0]
    strip = [{**g, "seconds": 0} for g in data["games"]]
    assert strip == [{**g, "seconds": 0} for g in outs[1]["games"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "nope"], "unknown game 'nope'"),
        (["simulate", "lanterns", "--seats", "random,bogus"], "unknown agent 'bogus'"),
        (["simulate", "lanterns", "--seats", "human,random"], "only for `tabletide play`"),
        (["simulate", "lanterns", "--seats", "random"], "2-4 players; got 1"),
        (["simulate", "lanterns", "-o", "hand_size=9"], "must be one of 2, 3, 4; got 9"),
        (["simulate", "lanterns", "-o", "oops"], "--option needs KEY=VALUE"),
        (["play", "lanterns", "--seats", "human,,random"], "empty entry"),
        (["replay", "/no/such/file.json"], "cannot read replay"),
        (["bench", "lanterns", "--players", "9"], "2-4 players; got 9"),
    ],
)
def test_user_errors_are_one_red_line_and_exit_2(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out
    assert out.strip().startswith("error:")
    assert len(out.strip().splitlines()) == 1


def test_parse_options_reads_json_values_else_strings() -> None:
    assert parse_options(["a=3", "b=true", "c=red", "d=", "e=[1]"]) == {
        "a": 3, "b": True, "c": "red", "d": "", "e": [1],
    }  # fmt: skip
    with pytest.raises(ConfigError):
        parse_options(["=3"])


def test_play_handles_bad_input_and_quit_saves_a_replay(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run(
        "play", "lanterns", "--seats", "human,random,random", "--seed", "3", "--save", str(save),
        input="abc\n999\n\n?\nlog\n1\nq\n",
    )  # fmt: skip
    assert code == 0, out
    assert "Unknown command 'abc'" in out
    assert "There is no action 999" in out
    assert "Type an action number" in out
    assert "save the game and stop" in out  # help text
    assert "Player 1 is dealt 3 cards: [" in out  # log shows own secrets, by the seats' names...
    assert "Bot 2 (random) is dealt 3 cards" in out
    assert "Bot 2 (random) is dealt 3 cards:" not in out  # ...and not the others'
    assert "Game saved to" in out and "--resume" in out
    replay = Replay.load(save)
    assert replay.game == "lanterns" and replay.seed == 3
    assert replay.meta["seats"] == ["human", "random", "random"]
    state = replay.play()
    assert state.history[0] == state.game.action_from_json(replay.actions[0])
    assert state.current_player() == 0, "the bots moved after the human's one action"
    assert len(replay.actions) >= 3


def test_play_eof_saves_and_resume_finishes_the_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run("play", "lanterns", "--seats", "human,random", "--seed", "8",
                    "--save", str(save), input="1\n")  # fmt: skip
    assert code == 0 and "Game saved to" in out
    moves = len(Replay.load(save).actions)
    assert moves >= 2
    code, out = run("play", "--resume", str(save), input="1\n" * 40)
    assert code == 0, out
    assert "Resumed" in out and "Game over" in out and "Winner" in out
    final = Replay.load(save).play()
    assert final.is_terminal()
    assert final.history[:moves] == Replay.load(save).play(upto=moves).history


def test_resume_refuses_a_different_game_or_seat_count(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run(
        "play",
        "lanterns",
        "--seats",
        "human,random",
        "--seed",
        "8",
        "--save",
        str(save),
        input="q\n",
    )
    code, out = run("play", "lanterns", "--resume", str(save), "--seats", "human,random,random")
    assert code == 2 and "the saved game has 2 seats" in out
    code, out = run("play", "shipyard", "--resume", str(save))
    assert code == 2 and "is a replay of 'lanterns'" in out


def test_hot_seat_announces_each_human(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run("play", "lanterns", "--seats", "human,human", "--seed", "1",
                    "--save", str(save), input="\n1\n\n1\nq\n")  # fmt: skip
    assert code == 0, out
    assert "Player 1 to play" in out and "Player 2 to play" in out
    assert "Pass the terminal to Player 2 (seat 1)" in out
    assert len(Replay.load(save).actions) == 2


def test_all_bot_game_plays_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run(
        "play", "lanterns", "--seats", "random,random", "--seed", "2", "--save", str(save)
    )
    assert code == 0 and "Winner" in out
    assert Replay.load(save).play().is_terminal()


def test_replay_print_shows_every_step_for_a_seat(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "lanterns", "--seats", "random,random", "--seed", "2", "--save", str(save))
    steps = len(Replay.load(save).actions)
    code, out = run("replay", str(save), "--print", "--seat", "1")
    assert code == 0
    assert out.count("Step ") == steps + 1
    assert f"Step {steps}/{steps}" in out and "Game over" in out
    assert "Bot 2 (random) is dealt 3 cards: [" in out  # the seats as the game named them
    assert "Bot 1 (random) is dealt 3 cards: [" not in out
    code, out = run("replay", str(save), "--print", "--step", str(steps - 1))
    assert out.count("Step ") == 2 and "spectator" in out
    code, out = run("replay", str(save), "--print", "--step", str(steps + 1))
    assert code == 2 and "--step must be in" in out


def test_replay_browser_moves_with_keys(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "lanterns", "--seats", "random,random", "--seed", "2", "--save", str(save))
    code, out = run("replay", str(save), input="\nn\nb\ng 5\ng x\nzz\nq\n")
    assert code == 0
    shown = [line.split("Step ")[1].split("/")[0] for line in out.splitlines() if "Step " in line]
    assert shown == ["0", "1", "2", "1", "5"]
    assert "Use g N" in out and "Unknown key" in out


def test_replay_of_garbage_is_a_clean_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out = run("replay", str(bad))
    assert code == 2 and "cannot read replay" in out


def test_bench_prints_the_table() -> None:
    code, out = run("bench", "lanterns", "--players", "2", "--games", "3", "--seconds", "1")
    assert code == 0
    assert "steps/s" in out and "clone median" in out


def test_bench_takes_game_options() -> None:
    code, out = run(
        "bench",
        "lanterns",
        "--players",
        "2",
        "--games",
        "2",
        "--seconds",
        "1",
        "-o",
        "hand_size=2",
    )
    assert code == 0 and "hand_size=2" in out
    code, out = run("bench", "lanterns", "--players", "2", "-o", "hand_size=9")
    assert code == 2 and "hand_size" in out


# ----------------------------------------------------------------- learning the game (issue 22)
def test_rules_prints_the_reference_a_rule_or_a_search() -> None:
    code, out = run("rules", "shipyard")
    assert code == 0 and "Overview and goal" in out and "Components" in out
    code, out = run("rules", "shipyard", "SY-1.2")
    assert code == 0 and "Overview and goal" in out and "Components" not in out
    code, out = run("rules", "shipyard", "--search", "blue riband")
    assert code == 0 and "Riband" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "chess"], "unknown game"),
        (["rules", "shipyard", "SY-99.9"], "has no rule 'SY-99.9'"),
        (["rules", "shipyard", "--search", "zeppelin"], "nothing in the Shipyard rules"),
    ],
)
def test_rules_errors_are_one_red_line_and_exit_2(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2 and message in out and len(out.strip().splitlines()) == 1, out


def test_play_explains_options_says_why_not_hints_and_shows_the_rules(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run(
        "play", "shipyard", "--seats", "human,random", "--seed", "4", "--save", str(save),
        "-o", "first_game=true", input="?1\n?99\nwhy\nrules\nhint\nq\n",
    )  # fmt: skip
    assert code == 0, out
    state = Replay.load(save).play()
    legal = state.legal_actions()
    first = " ".join(state.explain(legal[0]).split())
    assert first in " ".join(out.split()), "?1 prints what action 1 will do"
    assert "There is no action 99" in out
    rules = state.decision()["rules"]  # type: ignore[index]
    assert f"Rules: {', '.join(rules)}" in out
    closed = state.closed_options(0)
    if closed:
        assert closed[0]["reason"] in " ".join(out.split())
    else:
        assert "Nothing the rules list is closed" in out
    assert "What hard would do here:" in out
    assert "Points ahead of the best rival" in out  # Shipyard's hard is the lookahead


def test_the_end_of_a_terminal_game_offers_the_analysis(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    run("play", "lanterns", "--seats", "human,random", "--seed", "8", "--save", str(first),
        input="1\n" * 60)  # fmt: skip
    replay = Replay.load(first)
    movers = [s.current_player() for s in replay.states()]  # one state, mutated: read it now
    mine = movers.count(0)
    assert replay.play().is_terminal() and mine > 0
    save = tmp_path / "game.json"
    code, out = run("play", "lanterns", "--seats", "human,random", "--seed", "8",
                    "--save", str(save), input="1\n" * mine + "analyze\n")  # fmt: skip
    assert code == 0, out
    assert "Type analyze to see the win chances" in out and "Win chances" in out
    analysis = json.loads((tmp_path / "game-analysis.json").read_text())
    assert len(analysis["plies"]) == len(replay.actions) and analysis["game"] == "lanterns"
