"""Results files: JSON, CSV and PNG charts written and well-formed; the table; bad paths."""

from __future__ import annotations

import csv
import json
import struct
from pathlib import Path

import pytest
from rich.console import Console

from tabletide.engine import ConfigError
from tabletide.sim import run_tournament
from tabletide.sim.report import (
    CSV_COLUMNS,
    check_writable,
    head_to_head_table,
    output_paths,
    tournament_table,
    write_results,
)
from tabletide.sim.tournament import TournamentResult

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def result() -> TournamentResult:
    # 2 agents in 3 seats (AAB, ABB), 7 games: an uneven series, with ties likely
    return run_tournament("lanterns", "random,greedy", 3, 7, seed=2, options={"hand_size": 2})


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_output_paths_sit_beside_the_json() -> None:
    paths = output_paths(Path("runs/a.json"))
    assert paths == {
        "json": Path("runs/a.json"),
        "csv": Path("runs/a.csv"),
        "win_share": Path("runs/a.win_share.png"),
        "scores": Path("runs/a.scores.png"),
    }
    assert output_paths(Path("b"))["csv"] == Path("b.csv")


def test_files_are_written_and_well_formed(result: TournamentResult, tmp_path: Path) -> None:
    out = tmp_path / "deep" / "er" / "t.json"
    written = write_results(result, out)
    assert written == list(output_paths(out).values())

    data = json.loads(out.read_text())
    settings = data["settings"]
    assert settings["game"] == "lanterns" and settings["players"] == 3
    assert settings["games"] == 7 and settings["seed"] == 2
    assert settings["options"] == {"hand_size": 2, "sixes_attack": True}
    assert settings["agents"] == [
        {"name": "random", "spec": "random"},
        {"name": "greedy", "spec": "greedy"},
    ]
    assert settings["lineups"] == [
        ["random", "random", "greedy"],
        ["random", "greedy", "greedy"],
    ]
    assert len(settings["warnings"]) == 1 and settings["backend"] == "local"
    records = data["records"]
    assert [g["index"] for g in records] == list(range(7))
    for game, record in zip(records, result.records, strict=True):
        assert set(game) >= {
            "index", "seed", "lineup", "agents", "scores", "ranks", "winners", "decisions",
            "decisions_per_seat", "seconds",
        }  # fmt: skip
        assert game["seed"] == record.seed and game["winners"] == list(record.winners)
        assert len(game["agents"]) == len(game["scores"]) == len(game["ranks"]) == 3
        assert min(game["ranks"]) == 1 or len(game["winners"]) > 1
        assert sum(game["decisions_per_seat"]) == game["decisions"]
    agents = {a["name"]: a for a in data["agents"]}
    assert sum(a["wins"] for a in agents.values()) == pytest.approx(7)
    for a in agents.values():
        low, high = a["win_share_ci95"]
        assert 0 <= low <= a["win_share"] <= high <= 1
        assert set(a["rating"]) == {"mu", "sigma", "ordinal"}
    assert sum(data["seat_win_share"]) == pytest.approx(1)

    with output_paths(out)["csv"].open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 7 * 3
    assert [int(r["seat"]) for r in rows[:3]] == [0, 1, 2]
    for r in rows:
        game = records[int(r["index"])]
        seat = int(r["seat"])
        assert r["agent"] == game["agents"][seat]
        assert float(r["score"]) == game["scores"][seat]
        assert float(r["rank"]) == game["ranks"][seat]
    assert sum(float(r["win_share"]) for r in rows) == pytest.approx(7)

    for name in ("win_share", "scores"):
        width, height = png_size(output_paths(out)[name])
        assert width >= 300 and height >= 300


def test_charts_open_as_images(result: TournamentResult, tmp_path: Path) -> None:
    from matplotlib import image

    write_results(result, tmp_path / "c.json")
    pixels = image.imread(tmp_path / "c.win_share.png")
    assert pixels.ndim == 3 and pixels.shape[0] >= 300
    # not a blank canvas: the bars and error bars put several colours on it
    assert len({tuple(p) for p in pixels.reshape(-1, pixels.shape[2])[::97]}) > 5


def test_unwritable_paths_give_clear_errors(result: TournamentResult, tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    with pytest.raises(ConfigError, match="cannot create the folder"):
        check_writable(blocker / "sub" / "t.json")
    with pytest.raises(ConfigError, match="cannot create the folder"):
        write_results(result, blocker / "t.json")
    (tmp_path / "t.csv").mkdir()
    with pytest.raises(ConfigError, match="it is a folder"):
        check_writable(tmp_path / "t.json")


def test_table_shows_every_agent_with_its_figures(result: TournamentResult) -> None:
    console = Console(width=200, record=True)
    console.print(tournament_table(result))
    text = console.export_text()
    for agent in result.agents:
        assert f"{agent.win_share:.1%}" in text
        assert f"{agent.rating.ordinal:.2f}" in text
        assert f"{100 * agent.win_low:.1f}-{100 * agent.win_high:.1f}" in text
    assert "seat balance" in text and "seat 2" in text
    assert head_to_head_table(result) is None  # only for 2-player series


def test_head_to_head_table_for_two_players() -> None:
    two = run_tournament("lanterns", "random,greedy,easy", 2, 6, seed=1)
    table = head_to_head_table(two)
    assert table is not None
    console = Console(width=200, record=True)
    console.print(table)
    text = console.export_text()
    best = two.ranking()[0]
    for other, share in best.head_to_head.items():
        assert other in text and share is not None and f"{share:.1%}" in text
