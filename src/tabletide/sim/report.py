"""Show and save tournament results: a rich table, and JSON, CSV and PNG files.

``write_results(result, Path("out/run.json"))`` writes

- ``out/run.json``: settings, per-agent statistics, seat balance and every game's record;
- ``out/run.csv``: one row per game and seat;
- ``out/run.win_share.png``: win share per agent with its 95% interval as error bars;
- ``out/run.scores.png``: the score distribution of each agent (box plots).

Charts are drawn with matplotlib's Agg canvas directly, so no GUI backend is chosen or changed.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from rich import box
from rich.markup import escape
from rich.table import Table

from tabletide.engine import ConfigError
from tabletide.extras import require_extra
from tabletide.sim.tournament import TournamentResult, win_shares

CSV_COLUMNS = (
    "index",
    "seed",
    "lineup",
    "rotation",
    "seat",
    "agent",
    "spec",
    "score",
    "rank",
    "win_share",
    "decisions",
    "seconds",
)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def tournament_table(result: TournamentResult) -> Table:
    """One row per agent, best rating first; the seat balance and timing in the caption."""
    plan = result.plan
    table = Table(
        title=f"{escape(plan.game.title)} · {plan.players} players · "
        f"{len(result.records)} games · seed {plan.seed}",
        box=box.SIMPLE_HEAD,
    )
    longest = max((len(a.name) for a in result.agents), default=5)
    table.add_column("agent", overflow="fold", min_width=min(12, longest))
    for header in ("games", "win\nshare", "95% CI", "mean\nscore", "mean\nrank"):
        table.add_column(header, justify="right", no_wrap=True)
    for header in ("mu", "sigma", "rating"):
        table.add_column(header, justify="right", no_wrap=True)
    for agent in result.ranking():
        table.add_row(
            escape(agent.name),
            str(agent.games),
            f"{agent.win_share:.1%}",
            f"{100 * agent.win_low:.1f}-{100 * agent.win_high:.1f}",
            f"{agent.mean_score:.2f}",
            f"{agent.mean_rank:.2f}",
            f"{agent.rating.mu:.2f}",
            f"{agent.rating.sigma:.2f}",
            f"{agent.rating.ordinal:.2f}",
        )
    seats = " · ".join(f"seat {s} {share:.1%}" for s, share in enumerate(result.seat_share))
    rate = len(result.records) / result.seconds if result.seconds > 0 else 0.0
    table.caption = (
        f"seat balance (win share per seat): {seats}\n"
        f"rating = openskill Plackett-Luce mu - 3 sigma · "
        f"{result.seconds:.1f} s wall · {rate:.2f} games/s"
    )
    return table


def head_to_head_table(result: TournamentResult) -> Table | None:
    """For 2-player series of several agents: the row agent's win share against each column
    agent (ties split), best rating first; ``None`` otherwise."""
    if result.plan.players != 2 or len(result.agents) < 2:
        return None
    ranking = result.ranking()
    table = Table(title="head to head (row's win share against column)", box=box.SIMPLE_HEAD)
    table.add_column("", no_wrap=True)
    for other in ranking:
        table.add_column(escape(other.name), justify="right")
    for agent in ranking:
        table.add_row(
            escape(agent.name),
            *[
                "·" if other.name == agent.name else _pct(agent.head_to_head[other.name])
                for other in ranking
            ],
        )
    return table


def output_paths(out: Path) -> dict[str, Path]:
    """The files written for ``--out out`` (``.json`` is dropped from the stem if present)."""
    base = out.with_suffix("") if out.suffix.lower() == ".json" else out
    return {
        "json": out,
        "csv": base.with_name(base.name + ".csv"),
        "win_share": base.with_name(base.name + ".win_share.png"),
        "scores": base.with_name(base.name + ".scores.png"),
    }


def check_writable(out: Path) -> None:
    """Fail before a long run if the results cannot be written: creates the parent folder and
    checks that it and any existing target file can be written.

    :raises ConfigError: a folder cannot be made or written, or a target is a folder.
    """
    for path in output_paths(out).values():
        if path.is_dir():
            raise ConfigError(f"cannot write {path}: it is a folder")
    parent = out.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create the folder {parent}: {exc.strerror or exc}") from None
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ConfigError(f"cannot write results in {parent}: permission denied")
    for path in output_paths(out).values():
        if path.exists() and not os.access(path, os.W_OK):
            raise ConfigError(f"cannot write {path}: permission denied")


def write_results(result: TournamentResult, out: Path) -> list[Path]:
    """Write the JSON, CSV and both charts; returns the paths written.

    :raises ConfigError: a file cannot be written (the message names it).
    """
    check_writable(out)
    require_extra("plots", "the tournament's PNG charts")
    paths = output_paths(out)
    try:
        paths["json"].write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        write_csv(result, paths["csv"])
        plot_win_share(result, paths["win_share"])
        plot_scores(result, paths["scores"])
    except OSError as exc:
        name = exc.filename or out
        raise ConfigError(f"cannot write {name}: {exc.strerror or exc}") from None
    return list(paths.values())


def write_csv(result: TournamentResult, path: Path) -> None:
    """One row per game and seat (see :data:`CSV_COLUMNS`)."""
    entrants = result.plan.entrants
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for record in result.records:
            shares = win_shares(record)
            for seat, e in enumerate(record.entrants):
                writer.writerow(
                    [
                        record.index,
                        record.seed,
                        record.lineup,
                        record.rotation,
                        seat,
                        entrants[e].name,
                        entrants[e].spec,
                        f"{record.scores[seat]:g}",
                        f"{record.ranks[seat]:g}",
                        f"{shares[seat]:.6g}",
                        record.decisions_per_seat[seat],
                        f"{record.seconds:.4f}",
                    ]
                )


def _title(result: TournamentResult) -> str:
    plan = result.plan
    return f"{plan.game.title} · {plan.players} players · {len(result.records)} games"


def plot_win_share(result: TournamentResult, path: Path) -> None:
    """Bars of win share per agent (best rating first), 95% Wilson intervals as error bars,
    and a tick at the share an agent of equal strength would have."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    agents = result.ranking()
    names = [a.name for a in agents]
    xs = list(range(len(agents)))
    shares = [a.win_share for a in agents]
    errors = [
        [a.win_share - a.win_low for a in agents],
        [a.win_high - a.win_share for a in agents],
    ]
    fig = Figure(figsize=(max(6.5, 1.2 * len(agents) + 2), 4.5), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.bar(xs, shares, color="#3b7dd8", yerr=errors, capsize=6, label="win share (95% CI)")
    ax.scatter(
        xs,
        [a.even_share for a in agents],
        marker="_",
        s=900,
        color="#d8573b",
        zorder=3,
        label="if all were equally strong",
    )
    ax.set_xticks(xs, names, rotation=20 if len(agents) > 3 else 0)
    ax.set_ylim(0, 1.15)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel("win share")
    ax.set_title(_title(result), fontsize="medium")
    ax.set_ylim(0, 1.15)
    ax.legend(loc="upper center", ncols=2, fontsize="small", frameon=False)
    fig.savefig(path, format="png", dpi=100)


def plot_scores(result: TournamentResult, path: Path) -> None:
    """A box plot of each agent's scores (best rating first), means marked."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    agents = result.ranking()
    fig = Figure(figsize=(max(6.5, 1.2 * len(agents) + 2), 4.5), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.boxplot(
        [a.scores or [0.0] for a in agents],
        tick_labels=[a.name for a in agents],
        showmeans=True,
    )
    if len(agents) > 3:
        ax.tick_params(axis="x", labelrotation=20)
    ax.set_ylabel("final score (victory points)")
    ax.set_title(_title(result), fontsize="medium")
    fig.savefig(path, format="png", dpi=100)
