"""`tabletide balance`: a small run writes its files; bad input gives one red line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletide.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["balance", *args], env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_run_writes_json_markdown_and_charts_then_resumes(tmp_path: Path) -> None:
    out = tmp_path / "runs" / "sy.json"
    args = ["shipyard", "--agents", "random", "-n", "10", "--seed", "4", "--out", str(out)]
    code, text = run(*args)
    assert code == 0, text
    assert "Turn order" in text and "Cards and tiles" in text
    data = json.loads(out.read_text())
    assert data["command"].startswith("tabletide balance shipyard")
    assert data["versions"]["rules_version"] == 1 and len(data["versions"]["content_sha256"]) == 64
    assert len(data["records"]) == 10 and data["overall"]["positions"]
    md = (tmp_path / "runs" / "sy.md").read_text()
    assert "## Turn order" in md and "Wilson" in md and "17lands" in md
    assert "sy.positions.png" in md and (tmp_path / "runs" / "sy.positions.png").exists()
    assert not (tmp_path / "runs" / "sy.journal.jsonl").exists()
    # a journal left by a stopped run of the same command is resumed
    journal = tmp_path / "runs" / "sy.journal.jsonl"
    lines = [json.dumps({"settings": None})]
    journal.write_text("\n".join(lines) + "\n")
    code, text = run(*args)
    assert code == 2 and text.count("error:") == 1 and "journal of another lab run" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["shipyard", "--agents", "nobody", "-n", "10"], "nobody"),
        (["shipyard", "-o", "speed=3", "-n", "10"], "unknown option"),
        (["shipyard", "--vary", "speed=1,2", "-n", "10"], "unknown option"),
        (["shipyard", "--agents", "random", "-n", "5"], "too few games for an interval"),
        (["empires_north", "--agents", "random", "-n", "12"], "give at least 30"),
        (["atlantis", "-n", "10"], "atlantis"),
    ],
)
def test_bad_input_is_one_red_line_and_exit_2(args: list[str], message: str) -> None:
    code, text = run(*args)
    assert code == 2
    assert text.count("error:") == 1 and message in text, text


def test_a_journal_of_another_version_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "sy.json"
    args = ["shipyard", "--agents", "random", "-n", "10", "--seed", "4", "--out", str(out)]
    from tabletide.sim.balance import balance_journal, plan_balance

    plan = plan_balance("shipyard", "random", 2, 10, 4)
    journal = balance_journal(plan, out)
    settings = {**journal.settings, "version": "0.0.1"}
    journal.path.write_text(json.dumps({"settings": settings}) + "\n")
    code, text = run(*args)
    assert code == 2 and "tabletide 0.0.1" in text and text.count("error:") == 1
