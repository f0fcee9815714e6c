"""Aggregate many game results: win shares, scores and lengths per seat, throughput."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from rich.table import Table

from tabletide.sim.runner import GameResult


@dataclass(frozen=True)
class Range:
    """Mean, minimum and maximum of a series (all 0 for an empty series)."""

    mean: float
    min: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Range:
        if not values:
            return cls(0.0, 0.0, 0.0)
        return cls(sum(values) / len(values), float(min(values)), float(max(values)))


@dataclass(frozen=True)
class Summary:
    """What a series of games says about each seat."""

    games: int
    agents: list[str]
    win_share: list[float]
    """Per seat: wins divided by games; a tie of k winners gives each 1/k of a win."""
    score: list[Range]
    length: Range
    """Game length in decisions."""
    seconds: float
    games_per_s: float
    steps_per_s: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def summarize(results: Sequence[GameResult], seconds: float | None = None) -> Summary:
    """Aggregate ``results`` (all of one game and player count).

    ``seconds`` is the wall time of the series; by default the sum of the games' own times.
    """
    n = results[0].num_players if results else 0
    if any(r.num_players != n for r in results):
        raise ValueError("cannot summarize games with different player counts")
    wins = [0.0] * n
    for r in results:
        for seat in r.winners:
            wins[seat] += 1.0 / len(r.winners)
    games = len(results)
    elapsed = sum(r.seconds for r in results) if seconds is None else seconds
    steps = sum(r.num_decisions for r in results)
    return Summary(
        games=games,
        agents=list(results[0].agents) if results else [],
        win_share=[w / games if games else 0.0 for w in wins],
        score=[Range.of([r.scores[s] for r in results]) for s in range(n)],
        length=Range.of([float(r.num_decisions) for r in results]),
        seconds=elapsed,
        games_per_s=games / elapsed if elapsed > 0 else 0.0,
        steps_per_s=steps / elapsed if elapsed > 0 else 0.0,
    )


def summary_table(summary: Summary, title: str = "") -> Table:
    """A rich table: one row per seat, then the length and throughput in the caption."""
    table = Table(title=title or None)
    table.add_column("seat", justify="right")
    table.add_column("agent")
    table.add_column("win share", justify="right")
    table.add_column("mean score", justify="right")
    table.add_column("min", justify="right")
    table.add_column("max", justify="right")
    for seat, agent in enumerate(summary.agents):
        score = summary.score[seat]
        table.add_row(
            str(seat),
            agent,
            f"{summary.win_share[seat]:.1%}",
            f"{score.mean:.2f}",
            f"{score.min:g}",
            f"{score.max:g}",
        )
    length = summary.length
    table.caption = (
        f"{summary.games} games · length {length.mean:.1f} decisions "
        f"(min {length.min:g}, max {length.max:g}) · "
        f"{summary.games_per_s:.1f} games/s · {summary.steps_per_s:,.0f} steps/s"
    )
    return table
