"""The bots' strength report of docs/benchmarks.md, game by game.

For each game: ``greedy`` against ``random`` and ``hard`` against ``greedy`` in 2-player
tournaments (every game played in both seatings on the same deal), ``hard``/``greedy``/``random``
in 3- and 4-player tournaments (mean ranks), and the time ``hard`` takes per decision. Prints
the Markdown rows and the command line of each measurement; results go to ``results/strength/``.

    .venv/bin/python scripts/strength.py --games shipyard ahoy --two 200 --multi 60 --jobs 2
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import tabletide
from tabletide.sim.backends import make_backend
from tabletide.sim.bench import bench_agent
from tabletide.sim.journal import journal_for
from tabletide.sim.report import write_results
from tabletide.sim.tournament import SEATINGS, plan_tournament, run_plan

OUT = Path("results/strength")


def share(result: object, name: str) -> str:
    agent = next(a for a in result.agents if a.name == name)  # type: ignore[attr-defined]
    return f"{agent.win_share:.1%} ({agent.win_low:.0%}–{agent.win_high:.0%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--two", type=int, default=200, help="games per 2-player match")
    parser.add_argument("--multi", type=int, default=60, help="games per 3/4-player series")
    parser.add_argument("--multi4", type=int, default=0, help="games of the 4-player series")
    parser.add_argument(
        "--seatings",
        default="rotate",
        choices=SEATINGS,
        help="how the 3/4-player lineups are seated (tabletide tournament --seatings)",
    )
    parser.add_argument("--decisions", type=int, default=60, help="hard decisions timed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", default="gr,hg,multi,time")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    OUT.mkdir(parents=True, exist_ok=True)
    for name in args.games or [g for g in tabletide.list_games()]:
        game = tabletide.load_game(name)
        rows: dict[str, object] = {"game": name}
        matches = [("gr", "greedy,random", 2, args.two), ("hg", "hard,greedy", 2, args.two)]
        if "multi" in parts:
            matches += [
                (f"m{p}", "hard,greedy,random", p, n)
                for p, n in ((3, args.multi), (4, args.multi4 or args.multi))
                if game.min_players <= p <= game.max_players
            ]
        for key, agents, players, n in matches:
            seatings = args.seatings if players > 2 else "rotate"
            if key in ("gr", "hg") and key not in parts:
                continue
            cmd = (
                f"tabletide tournament {name} --agents {agents} --players {players} -n {n} "
                f"--seed {args.seed} --jobs {args.jobs}"
                + (f" --seatings {seatings}" if seatings != "rotate" else "")
            )
            out = OUT / f"{name}-{key}.json"
            plan = plan_tournament(name, agents, players, n, args.seed, seatings=seatings)
            journal = journal_for(plan, out)  # a stopped run goes on where it was
            result = run_plan(plan, make_backend("local", args.jobs), journal=journal)
            write_results(result, out)
            journal.remove()
            if key == "gr":
                rows[key] = share(result, "greedy")
            elif key == "hg":
                rows[key] = share(result, "hard")
            else:
                rows[key] = " · ".join(
                    f"{a.name} {a.mean_rank:.2f}"
                    for a in sorted(result.agents, key=lambda a: a.mean_rank)
                )
            rows[key + "_cmd"] = cmd
            print(key, rows[key], "|", cmd, flush=True)
        if "time" in parts:
            timed = bench_agent(game, 2, "hard", decisions=args.decisions, seconds=1800)
            rows["time"] = f"{timed['median_s']:.2f} s median, {timed['p90_s']:.2f} s p90"
            rows["time_cmd"] = f"tabletide bench {name} --agent hard --decisions {args.decisions}"
            print("time", rows["time"], "|", rows["time_cmd"], flush=True)
        summary = OUT / f"{name}.json"
        old = json.loads(summary.read_text()) if summary.exists() else {}
        summary.write_text(json.dumps({**old, **rows}, indent=2))


if __name__ == "__main__":
    main()
