from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tabletide.cli import app
from tabletide.engine import ConfigError
from tabletide.sim.bench import bench_agent, bench_agent_table

from .conftest import GAME as LANTERNS


def test_bench_agent_times_ismcts_decisions_and_counts_iterations() -> None:
    result = bench_agent(LANTERNS, 2, "ismcts:25", decisions=6, seconds=30)
    assert result["decisions"] == 6
    assert 0 < result["iterations_per_decision"] <= 25
    assert result["iterations_per_s"] > 0
    assert 0 < result["median_s"] <= result["p90_s"] <= result["max_s"]
    rows = [cell for column in bench_agent_table(result).columns for cell in column._cells]
    assert "search iterations per second" in rows


def test_bench_agent_without_a_search_reports_only_times() -> None:
    result = bench_agent(LANTERNS, 3, "greedy", decisions=4, seconds=30)
    assert result["decisions"] == 4 and result["iterations"] == 0
    rows = [cell for column in bench_agent_table(result).columns for cell in column._cells]
    assert "search iterations per second" not in rows


def test_bench_agent_refuses_a_bad_spec_before_playing() -> None:
    with pytest.raises(ConfigError, match="unknown agent"):
        bench_agent(LANTERNS, 2, "wizard", decisions=1)


def test_cli_bench_agent() -> None:
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["bench", "lanterns", "--agent", "ismcts:10", "--decisions", "3"],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "ismcts:10 on lanterns" in result.output
    assert "3 decisions" in result.output
    bad = runner.invoke(app, ["bench", "lanterns", "--agent", "ismcts:10", "--decisions", "0"])
    assert bad.exit_code != 0 and "--decisions must be >= 1" in bad.output
