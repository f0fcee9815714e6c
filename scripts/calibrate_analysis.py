"""Calibrate the win-probability estimators of ``tabletide analyze`` on finished bot games.

For each game: play ``--games`` 2-player games between ``--agents`` bots (seeds derived from
``--seed``), take ``--positions`` decisions spread over each game, and record at each every
seat's mean evaluation of every seat, each from its own determinizations
(``tabletide.sim.analysis.mean_evaluations``), the game's progress and who won. The first half
of the games fits the ``value`` estimator's two temperatures (grid search, least Brier score
of the table's estimate, the mean of the seats' views); the second half measures it: the Brier
score, the no-skill baseline (1/N for everybody) and a reliability diagram. The ``playouts``
estimator is measured on ``--playout-positions`` of the held-out positions.

    python scripts/calibrate_analysis.py --games 200 --jobs 2        # writes calibration.json
    python scripts/calibrate_analysis.py shipyard --games 20 --dry-run

Writes ``src/tabletide/sim/calibration.json`` and ``docs/img/calibration-<game>.png``, and
prints the Markdown table of ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tabletide.agents import make_agent
from tabletide.engine import Replay, derive_seed, load_game
from tabletide.sim.analysis import (
    CALIBRATION_FILE,
    Calibration,
    mean_evaluations,
    mean_of_views,
    outcome,
    playout_estimate,
    softmax,
    temperature,
)
from tabletide.sim.runner import agent_seed, game_seed, play_game

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "img"
GAMES = ("shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north")
OPTIONS: dict[str, dict[str, Any]] = {"shipyard": {}, "maracaibo": {}}
GRID = [0.25 * 1.35**k for k in range(22)]
"""Temperatures tried, as multiples of the game's evaluation scale."""
BINS = 10


def sample_game(args: tuple[str, int, int, str, int]) -> list[dict[str, Any]]:
    """One bot game and its sampled positions (runs in a worker)."""
    name, index, series, agents, positions = args
    game = load_game(name)
    seed = game_seed(series, index)
    specs = agents.split(",")
    bots = [make_agent(specs[s % len(specs)], agent_seed(seed, s)) for s in range(2)]
    result = play_game(game, bots, seed, OPTIONS.get(name, {}))
    replay = result.replay
    assert replay is not None
    plies = len(replay.actions)
    wanted = sorted({round(plies * (k + 0.5) / positions) for k in range(positions)})
    final = outcome(replay.play())
    rows = []
    for i, state in enumerate(replay.states()):
        if i >= plies:
            break
        if i + 1 not in wanted:
            continue
        # the position after decision i, from its mover's view (as analyze does)
        mover = state.current_player()
        after = state.clone()
        after.apply(game.action_from_json(replay.actions[i]))
        if after.is_terminal():
            continue
        seed_i = derive_seed(seed, "calibration", i)
        rows.append(
            {
                "game": index,
                "progress": (i + 1) / plies,
                "evals": [mean_evaluations(after, v, seed_i) for v in range(2)],
                "outcome": final,
                "replay": replay.to_json(),
                "ply": i + 1,
                "mover": mover,
            }
        )
    return rows


def brier(p: list[float], y: list[float]) -> float:
    return sum((a - b) ** 2 for a, b in zip(p, y, strict=True))


def predict(row: dict[str, Any], t_start: float, t_end: float) -> list[float]:
    """The table's estimate (as ``Estimator.table``): each seat's view, averaged."""
    t = temperature(Calibration(t_start, t_end), row["progress"])
    return mean_of_views([softmax(evals, t) for evals in row["evals"]])


def fit(rows: list[dict[str, Any]], scale: float) -> tuple[float, float]:
    best = (math.inf, GRID[0], GRID[0])
    for a in GRID:
        for b in GRID:
            score = sum(brier(predict(r, a * scale, b * scale), r["outcome"]) for r in rows)
            if score < best[0]:
                best = (score, a * scale, b * scale)
    return best[1], best[2]


def playout_row(args: tuple[dict[str, Any], int]) -> tuple[list[float], list[float], float]:
    row, playouts = args
    replay = Replay.from_json(row["replay"])
    state = replay.play(row["ply"]).clone()
    start = time.perf_counter()
    p = playout_estimate(state, row["mover"], playouts, derive_seed(replay.seed, "po", row["ply"]))
    return p, row["outcome"], (time.perf_counter() - start) / playouts


def reliability(rows: list[tuple[list[float], list[float]]]) -> list[tuple[float, float, int]]:
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for p, y in rows:
        for pk, yk in zip(p, y, strict=True):
            bins[min(BINS - 1, int(pk * BINS))].append((pk, yk))
    return [
        (sum(a for a, _ in b) / len(b), sum(c for _, c in b) / len(b), len(b)) for b in bins if b
    ]


def plot(name: str, title: str, curve: list[tuple[float, float, int]], score: float) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / f"calibration-{name}.png"
    fig, ax = plt.subplots(figsize=(3.6, 3.6), dpi=100)
    ax.plot([0, 1], [0, 1], color="#999", linestyle="--", linewidth=1)
    ax.plot([c[0] for c in curve], [c[1] for c in curve], marker="o", color="#1f4e79")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted chance of winning")
    ax.set_ylabel("share of those that won")
    ax.set_title(f"{title}\nBrier {score:.3f}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games", dest="count", type=int, default=200)
    parser.add_argument("--agents", default="greedy,greedy")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--playout-positions", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dry-run", action="store_true", help="print, write nothing")
    args = parser.parse_args()
    try:
        stored = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        stored = {"games": {}}
    table = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.games:
            game = load_game(name)
            started = time.perf_counter()
            work = [(name, i, args.seed, args.agents, args.positions) for i in range(args.count)]
            rows = [r for game_rows in pool.map(sample_game, work) for r in game_rows]
            train = [r for r in rows if r["game"] < args.count // 2]
            test = [r for r in rows if r["game"] >= args.count // 2]
            t_start, t_end = fit(train, game.bot.scale)
            predicted = [(predict(r, t_start, t_end), r["outcome"]) for r in test]
            score = sum(brier(p, y) for p, y in predicted) / len(predicted)
            base = sum(brier([0.5, 0.5], y) for _, y in predicted) / len(predicted)
            step = max(1, len(test) // args.playout_positions)
            sample = test[::step][: args.playout_positions]
            played = list(pool.map(playout_row, [(r, args.playouts) for r in sample]))
            po_score = sum(brier(p, y) for p, y, _ in played) / len(played)
            same = sum(brier(predict(r, t_start, t_end), r["outcome"]) for r in sample) / len(
                sample
            )
            seconds = sum(t for _, _, t in played) / len(played)
            curve = reliability(predicted)
            calibration = Calibration(
                t_start=round(t_start, 4),
                t_end=round(t_end, 4),
                brier=round(score, 4),
                baseline=round(base, 4),
                playouts_brier=round(po_score, 4),
                playouts=args.playouts,
                playout_seconds=round(seconds, 4),
            )
            entry = {
                **calibration.__dict__,
                "games": args.count,
                "agents": args.agents,
                "positions": len(rows),
                "value_brier_on_playout_sample": round(same, 4),
                "reliability": [[round(a, 3), round(b, 3), n] for a, b, n in curve],
            }
            table.append(
                f"| {game.title} | {args.count} | {len(test)} | {score:.3f} | {base:.3f} | "
                f"{same:.3f} | {po_score:.3f} ({args.playouts} × {seconds:.2f} s) |"
            )
            print(table[-1], f"[{time.perf_counter() - started:.0f} s]", flush=True)
            if not args.dry_run:
                stored["games"][name] = entry
                plot(name, game.title, curve, score)
                CALIBRATION_FILE.write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
    print()
    print(
        "| game | games | held-out positions | value Brier | 1/N Brier | value Brier "
        "(playout sample) | playouts Brier |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    print("\n".join(table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
