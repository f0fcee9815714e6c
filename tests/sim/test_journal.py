"""A stopped tournament resumes from its journal and ends with the records of an unbroken run."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tabletide.cli import app
from tabletide.engine import ConfigError, Game
from tabletide.sim import GameRecord, LocalBackend
from tabletide.sim.backends import GameTask, OnRecord
from tabletide.sim.journal import Journal, journal_for, journal_path
from tabletide.sim.tournament import TournamentPlan, plan_tournament, run_plan

OPTIONS = {"hand_size": 2}


def plan(seed: int = 4, agents: str = "random,greedy") -> TournamentPlan:
    return plan_tournament("lanterns", agents, 2, 8, seed, OPTIONS)


def untimed(records: Sequence[GameRecord]) -> list[GameRecord]:
    return [replace(r, seconds=0.0) for r in records]


class Stopping(LocalBackend):
    """Plays in this process and is interrupted after ``after`` games, like Ctrl-C."""

    def __init__(self, after: int) -> None:
        super().__init__(jobs=1)
        self.after = after
        self.asked: list[int] = []

    def run(
        self,
        game: Game,
        options: Mapping[str, Any],
        tasks: Sequence[GameTask],
        on_record: OnRecord | None = None,
    ) -> list[GameRecord]:
        self.asked = [t.index for t in tasks]
        count = 0

        def counted(record: GameRecord) -> None:
            nonlocal count
            if on_record is not None:
                on_record(record)
            count += 1
            if count == self.after:
                raise KeyboardInterrupt

        return super().run(game, options, tasks, counted)


def test_a_stopped_tournament_resumes_and_matches_an_unbroken_run(tmp_path: Path) -> None:
    whole = run_plan(plan(), LocalBackend(jobs=1))
    journal = journal_for(plan(), tmp_path / "t.json")
    with pytest.raises(KeyboardInterrupt):
        run_plan(plan(), Stopping(after=3), journal=journal)
    kept = journal.load()
    assert sorted(kept) == [0, 1, 2]
    seen: list[int] = []
    backend = Stopping(after=0)
    resumed = run_plan(plan(), backend, on_result=lambda r: seen.append(r.index), journal=journal)
    assert backend.asked == [3, 4, 5, 6, 7], "only the missing games are played"
    assert seen == list(range(8)), "the progress sees the kept games first"
    assert untimed(resumed.records) == untimed(whole.records)
    assert [a.to_json() for a in resumed.agents] == [a.to_json() for a in whole.agents]
    assert sorted(journal.load()) == list(range(8))


def test_a_journal_of_another_tournament_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    with pytest.raises(KeyboardInterrupt):
        run_plan(plan(seed=4), Stopping(after=1), journal=journal_for(plan(seed=4), out))
    for other in (plan(seed=5), plan(agents="random,easy")):
        with pytest.raises(ConfigError, match="journal of another tournament"):
            run_plan(other, LocalBackend(jobs=1), journal=journal_for(other, out))


def test_bot_settings_are_part_of_a_journals_identity(tmp_path: Path) -> None:
    a = journal_for(plan(), tmp_path / "t.json")
    assert a.settings["bot"]["hard_iterations"] == plan().game.bot.hard_iterations
    assert "version" in a.settings


def test_a_line_cut_short_by_the_stop_is_dropped(tmp_path: Path) -> None:
    journal = journal_for(plan(), tmp_path / "t.json")
    with pytest.raises(KeyboardInterrupt):
        run_plan(plan(), Stopping(after=2), journal=journal)
    with journal.path.open("a") as f:
        f.write('{"index": 2, "seed"')  # the power went out mid-line
    assert sorted(journal.load()) == [0, 1]
    resumed = run_plan(plan(), LocalBackend(jobs=1), journal=journal)
    assert [r.index for r in resumed.records] == list(range(8))
    lines = journal.path.read_text().splitlines()
    assert len(lines) == 9 and all(json.loads(line) for line in lines)


def test_a_damaged_journal_is_refused_with_its_line(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.jsonl", {"a": 1})
    journal.path.write_text('{"settings": {"a": 1}}\nnot json\n{"index": 0}\n')
    with pytest.raises(ConfigError, match="line 2: not a game record"):
        journal.load()


def test_the_cli_journals_resumes_and_removes_the_journal(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    args = ["tournament", "lanterns", "--agents", "random,greedy", "-n", "8", "--seed", "4",
            "-o", "hand_size=2", "--out", str(out)]  # fmt: skip
    journal = journal_for(plan(), out)
    with pytest.raises(KeyboardInterrupt):
        run_plan(plan(), Stopping(after=5), journal=journal)
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert f"Resuming: 5 of 8 games are in {journal_path(out)}" in " ".join(result.output.split())
    assert not journal.path.exists(), "a finished tournament's journal is removed"
    data = json.loads(out.read_text())
    assert [r["index"] for r in data["records"]] == list(range(8))


def test_a_bot_setting_added_later_with_its_default_keeps_the_journal(tmp_path: Path) -> None:
    """A run journaled before ``BotSettings`` gained a field resumes; other changes do not."""
    out = tmp_path / "t.json"
    with pytest.raises(KeyboardInterrupt):
        run_plan(plan(), Stopping(after=2), journal=journal_for(plan(), out))
    path = journal_path(out)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    del header["settings"]["bot"]["per_world"]  # as written before the field existed
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert sorted(journal_for(plan(), out).load()) == [0, 1]
    header["settings"]["bot"]["hard_iterations"] += 1  # another budget: another tournament
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(ConfigError, match="journal of another tournament"):
        journal_for(plan(), out).load()
    header["settings"]["bot"]["hard_iterations"] -= 1
    header["settings"]["bot"]["retired_setting"] = 3  # a field the code no longer has
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(ConfigError, match="journal of another tournament"):
        journal_for(plan(), out).load()
