"""Show and save a balance lab run: rich tables, ``report.json``, ``report.md`` and PNG charts.

``write_balance(result, Path("runs/en.json"), command)`` writes

- ``runs/en.json``: the command, the versions (tabletide, the game's ``rules_version``, the
  content files' hash), the settings, every statistic and every game's record;
- ``runs/en.md``: the report for a designer: the tables, the outliers among the cards, the charts;
- ``runs/en.factions.png`` / ``runs/en.positions.png``: win share per faction / turn position
  with its 95% interval and the fair share;
- ``runs/en.scores.png``: the score distributions per faction (or per position).

Charts need matplotlib (the ``plots`` extra), imported only here and only when drawing; without
it the JSON and Markdown are written and the report says the charts were skipped.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table

from tabletide.engine import ConfigError
from tabletide.extras import MissingExtraError, require_extra
from tabletide.sim.balance import BalanceResult

USAGE_ROWS = 15
"""Items listed in the console and the Markdown report (the JSON has all of them)."""


def balance_paths(out: Path) -> dict[str, Path]:
    """The files written for ``--out out`` (``.json`` dropped from the stem if present)."""
    base = out.with_suffix("") if out.suffix.lower() == ".json" else out
    return {
        "json": out,
        "md": base.with_name(base.name + ".md"),
        "factions": base.with_name(base.name + ".factions.png"),
        "positions": base.with_name(base.name + ".positions.png"),
        "scores": base.with_name(base.name + ".scores.png"),
    }


def check_balance_writable(out: Path) -> None:
    """Fail before a long run if the report cannot be written.

    :raises ConfigError: a folder cannot be made or written, or a target is a folder.
    """
    paths = balance_paths(out)
    for path in paths.values():
        if path.is_dir():
            raise ConfigError(f"cannot write {path}: it is a folder")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot create the folder {out.parent}: {exc.strerror or exc}") from None
    if not os.access(out.parent, os.W_OK | os.X_OK):
        raise ConfigError(f"cannot write the report in {out.parent}: permission denied")


def _pct(value: float | None) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:.1%}"


def _ci(row: dict[str, Any], key: str = "win_share_ci95") -> str:
    low, high = row[key]
    return f"{low:.0%}–{high:.0%}"


def _num(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:+.{digits}f}"


def _title(result: BalanceResult) -> str:
    plan = result.plan
    agents = ",".join(e.spec for e in plan.entrants)
    return (
        f"{plan.game.title} · {plan.players} player{'s' * (plan.players != 1)} · {agents} · "
        f"{len(result.records)} games"
    )


# --------------------------------------------------------------------------- console
def share_table(rows: Sequence[dict[str, Any]], what: str, title: str = "") -> Table:
    """One row per faction / position / agent: seats, win share, interval, margin, scores."""
    table = Table(title=title or None, box=box.SIMPLE_HEAD)
    table.add_column(what, no_wrap=True, min_width=min(14, max(len(r["name"]) for r in rows)))
    for header in ("seats", "win", "95% CI", "fair", "margin", "score", "sd"):
        table.add_column(header, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            escape(row["name"]),
            str(row["seats"]),
            _pct(row["win_share"]),
            _ci(row),
            _pct(row["even_share"]),
            _num(row["mean_margin"]),
            f"{row['score']['mean']:.1f}",
            f"{row['score']['sd']:.1f}",
        )
    return table


def usage_table(rows: Sequence[dict[str, Any]], title: str = "") -> Table:
    """The first :data:`USAGE_ROWS` items (the largest ``|z|`` first)."""
    table = Table(title=title or None, box=box.SIMPLE_HEAD)
    table.add_column("item", overflow="fold", min_width=24)
    for header in ("/game", "taken", "win with", "95% CI", "without", "lift", "z"):
        table.add_column(header, justify="right", no_wrap=True)
    for row in rows[:USAGE_ROWS]:
        table.add_row(
            escape(row["item"]),
            f"{row['per_game']:.2f}",
            _pct(row["taken_share"]),
            _pct(row["win_share_with"]),
            _ci(row, "win_share_with_ci95"),
            _pct(row["win_share_without"]),
            f"{row['lift']:+.1%}",
            f"{row['z']:+.1f}",
        )
    return table


def balance_tables(result: BalanceResult) -> list[Table]:
    """The console tables: factions (or solo agents), positions, agents, configurations."""
    overall = result.stats["overall"]
    tables = []
    if result.plan.players == 1:
        tables.append(share_table(overall["solo"], "agent", f"Solo wins · {_title(result)}"))
    if overall["factions"]:
        tables.append(share_table(overall["factions"], "faction", f"Factions · {_title(result)}"))
    if result.plan.players > 1:
        tables.append(share_table(overall["positions"], "turn position", "Turn order (0 = first)"))
    if overall["agents"]:
        tables.append(share_table(overall["agents"], "agent", "Agents"))
    for config in result.stats["configs"]:
        rows = config["solo"] if result.plan.players == 1 else config["positions"]
        tables.append(
            share_table(
                rows,
                "agent" if result.plan.players == 1 else "position",
                f"{config['label']} · {config['games']} games",
            )
        )
        if config["factions"] and result.plan.players > 1:
            tables.append(share_table(config["factions"], "faction", f"{config['label']}"))
    if overall["usage"]:
        tables.append(usage_table(overall["usage"], "Cards and tiles (largest |z| first)"))
    return tables


# --------------------------------------------------------------------------- files
def write_balance(result: BalanceResult, out: Path, command: str = "") -> tuple[list[Path], str]:
    """Write the JSON, Markdown and (with matplotlib) PNG files; return the paths written and
    a note (empty, or why the charts were skipped)."""
    paths = balance_paths(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    data = result.to_json(command)
    written = [paths["json"], paths["md"]]
    note = ""
    charts: dict[str, Path] = {}
    try:
        require_extra("plots", "the balance charts")
    except MissingExtraError as exc:
        note = f"charts skipped: {exc}"
    else:
        charts = draw_charts(result, paths)
        written.extend(charts.values())
    data["charts"] = {k: p.name for k, p in charts.items()}
    paths["json"].write_text(json.dumps(data, indent=1, allow_nan=False, default=_nan), "utf-8")
    paths["md"].write_text(markdown_report(result, command, charts, note), encoding="utf-8")
    return written, note


def _nan(value: Any) -> Any:  # pragma: no cover - json's default hook
    raise TypeError(f"cannot write {value!r}")


def markdown_report(
    result: BalanceResult, command: str, charts: dict[str, Path], note: str = ""
) -> str:
    """The report for a designer: settings, the tables, the card outliers, the charts."""
    plan = result.plan
    overall = result.stats["overall"]
    versions = result.to_json(command)["versions"]
    lines = [
        f"# Balance: {plan.game.title}, {plan.players} player{'s' * (plan.players != 1)}",
        "",
        f"`{command}`" if command else "",
        "",
        f"- agents: {', '.join(f'`{e.spec}`' for e in plan.entrants)}; {len(result.records)} "
        f"games ({plan.games} per configuration, a cycle of {plan.cycle}); seed {plan.seed}",
        f"- options: {json.dumps(plan.options)}; varied: {json.dumps(plan.vary) or '-'}",
        f"- tabletide {versions['tabletide']}, rules_version {versions['rules_version']}, "
        f"content sha256 `{versions['content_sha256'][:16]}…`",
        f"- {len(plan.assignments)} faction assignment(s) per cycle; seatings sharing a deal",
        "",
        "Win shares split ties; the interval is the Wilson 95% score interval; *fair* is the",
        "share of equally strong players (1/N); the margin is a seat's score minus the best other",
        "score (solo: minus the automated rival's).",
        "",
    ]
    for warning in plan.warnings:
        lines += [f"> warning: {warning}", ""]

    def shares(rows: Sequence[dict[str, Any]], what: str) -> list[str]:
        out = [
            f"| {what} | seats | win share | 95% CI | fair | mean margin | score mean | sd | "
            "q1 | median | q3 |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows:
            s = row["score"]
            out.append(
                f"| {row['name']} | {row['seats']} | {_pct(row['win_share'])} | {_ci(row)} | "
                f"{_pct(row['even_share'])} | {_num(row['mean_margin'])} | {s['mean']:.1f} | "
                f"{s['sd']:.1f} | {s['q1']:g} | {s['median']:g} | {s['q3']:g} |"
            )
        return [*out, ""]

    if plan.players == 1:
        lines += ["## Solo: win rate per agent", "", *shares(overall["solo"], "agent")]
    if overall["factions"]:
        lines += ["## Factions", "", *shares(overall["factions"], "faction")]
        if "factions" in charts:
            lines += [f"![win share per faction]({charts['factions'].name})", ""]
    if plan.players > 1:
        lines += [
            "## Turn order",
            "",
            "Position 0 is the first player of round 1 (per game, from its setup).",
            "",
            *shares(overall["positions"], "position"),
        ]
        if "positions" in charts:
            lines += [f"![win share per turn position]({charts['positions'].name})", ""]
    if overall["agents"]:
        lines += ["## Agents", "", *shares(overall["agents"], "agent")]
    if overall.get("faction_agents"):
        lines += ["### Faction × agent", "", *shares(overall["faction_agents"], "faction / agent")]
    for config in result.stats["configs"]:
        lines += [f"## {config['label']} ({config['games']} games)", ""]
        if plan.players == 1:
            lines += shares(config["solo"], "agent")
        else:
            lines += shares(config["positions"], "position")
            if config["factions"]:
                lines += shares(config["factions"], "faction")
    length = overall["length"]
    lines += ["## Scores and length", ""]
    if "scores" in charts:
        lines += [f"![score distributions]({charts['scores'].name})", ""]
    lines += ["| length | mean | sd | min | q1 | median | q3 | max |", "|---|" + "---:|" * 7]
    for key in ("decisions", "rounds"):
        d = length[key]
        if d:
            lines.append(
                f"| {key} | {d['mean']:.1f} | {d['sd']:.1f} | {d['min']:g} | {d['q1']:g} | "
                f"{d['median']:g} | {d['q3']:g} | {d['max']:g} |"
            )
    lines += [
        "",
        "## Cards, tiles and locations",
        "",
        "As 17lands rates cards: *taken by* is the share of seats that took, built or played",
        "the item at least once; *with* / *without* are the win shares of those seats and of the",
        "others; *lift* their difference, *z* its two-proportion z score (sorted by |z|). A card",
        "that winners take is not necessarily strong: leaders can afford it, long games reach it,",
        "a faction's own cards follow that faction's win share. Compare within a faction before",
        "changing one.",
        "",
        "| item | per game | taken by | with | 95% CI | without | lift | z |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in overall["usage"][:USAGE_ROWS]:
        lines.append(
            f"| {row['item']} | {row['per_game']:.2f} | {_pct(row['taken_share'])} | "
            f"{_pct(row['win_share_with'])} | {_ci(row, 'win_share_with_ci95')} | "
            f"{_pct(row['win_share_without'])} | {row['lift']:+.1%} | {row['z']:+.1f} |"
        )
    lines += ["", f"All {len(overall['usage'])} items are in the JSON file (`overall.usage`).", ""]
    if note:
        lines += [f"> {note}", ""]
    return "\n".join(lines)


def draw_charts(result: BalanceResult, paths: dict[str, Path]) -> dict[str, Path]:
    """The PNG charts (matplotlib's Agg canvas; no display needed)."""
    overall = result.stats["overall"]
    charts: dict[str, Path] = {}
    title = _title(result)
    if overall["factions"]:
        _share_chart(overall["factions"], "faction", title, paths["factions"])
        charts["factions"] = paths["factions"]
    if result.plan.players > 1:
        _share_chart(overall["positions"], "turn position (0 = first)", title, paths["positions"])
        charts["positions"] = paths["positions"]
    elif overall["solo"]:
        _share_chart(overall["solo"], "agent (solo)", title, paths["positions"])
        charts["positions"] = paths["positions"]
    rows = overall["factions"] or overall["positions"]
    _score_chart(
        rows, "faction" if overall["factions"] else "turn position", title, paths["scores"]
    )
    charts["scores"] = paths["scores"]
    return charts


def _share_chart(rows: Sequence[dict[str, Any]], what: str, title: str, path: Path) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    xs = list(range(len(rows)))
    shares = [r["win_share"] for r in rows]
    errors = [
        [r["win_share"] - r["win_share_ci95"][0] for r in rows],
        [r["win_share_ci95"][1] - r["win_share"] for r in rows],
    ]
    fig = Figure(figsize=(max(6.5, 1.1 * len(rows) + 2), 4.5), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.bar(xs, shares, color="#3b7dd8", yerr=errors, capsize=6, label="win share (95% CI)")
    fair = rows[0]["even_share"] if rows else None
    if fair is not None:
        ax.axhline(fair, color="#d8573b", linestyle="--", label=f"fair share {fair:.0%}")
    ax.set_xticks(xs, [r["name"] for r in rows], rotation=20 if len(rows) > 4 else 0)
    ax.set_xlabel(what)
    ax.set_ylim(0, 1.15)
    ax.set_ylabel("win share")
    ax.set_title(title, fontsize="medium")
    ax.legend(loc="upper center", ncols=2, fontsize="small", frameon=False)
    fig.savefig(path, format="png", dpi=100)


def _score_chart(rows: Sequence[dict[str, Any]], what: str, title: str, path: Path) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    stats = [
        {
            "label": r["name"],
            "med": r["score"]["median"],
            "q1": r["score"]["q1"],
            "q3": r["score"]["q3"],
            "whislo": r["score"]["min"],
            "whishi": r["score"]["max"],
            "mean": r["score"]["mean"],
            "fliers": [],
        }
        for r in rows
    ]
    fig = Figure(figsize=(max(6.5, 1.1 * len(rows) + 2), 4.5), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.bxp(stats, showmeans=True)
    ax.set_xlabel(f"{what} (box: quartiles, whiskers: min and max, triangle: mean)")
    ax.set_ylabel("final score")
    ax.set_title(title, fontsize="medium")
    fig.savefig(path, format="png", dpi=100)
