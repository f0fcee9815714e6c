"""A tiny tournament on a local Ray runtime (started once for this module, 2 CPUs) gives
exactly the results of the local backend."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletide.cli import app
from tabletide.engine import ConfigError
from tabletide.sim import run_tournament

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module", autouse=True)
def ray_runtime() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_and_local_backends_give_identical_results() -> None:
    # shipyard is loaded by name in the Ray workers; 2 agents in 3 seats: lineups AAB, ABB
    args = ("shipyard", "random,random:7", 3, 12)
    local = run_tournament(*args, seed=6, jobs=1)
    on_ray = run_tournament(*args, seed=6, backend="ray", jobs=2)
    assert [replace(r, seconds=0) for r in on_ray.records] == [
        replace(r, seconds=0) for r in local.records
    ]
    assert [a.to_json() for a in on_ray.agents] == [a.to_json() for a in local.agents]
    assert on_ray.backend["backend"] == "ray"
    assert ray.is_initialized()  # an open connection is reused and left open


def test_a_game_the_workers_cannot_load_gives_a_clear_error() -> None:
    # lanterns is registered only in this process (by the test conftest)
    with pytest.raises(ConfigError, match="a worker cannot load the game 'lanterns'"):
        run_tournament("lanterns", "random", 2, 2, backend="ray")


def test_cli_on_ray_writes_the_same_games_as_local(tmp_path: Path) -> None:
    games = []
    for backend in ("local", "ray"):
        out = tmp_path / backend / "t.json"
        result = CliRunner().invoke(
            app,
            ["tournament", "shipyard", "--agents", "random,random:2", "-n", "4", "--seed", "3",
             "--backend", backend, "--jobs", "2", "--out", str(out)],
            env={"COLUMNS": "200"},
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "Traceback" not in result.output
        data = json.loads(out.read_text())
        assert data["settings"]["backend"] == backend
        games.append([{**g, "seconds": 0} for g in data["records"]])
    assert games[0] == games[1]
