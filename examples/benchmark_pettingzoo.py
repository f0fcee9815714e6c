"""PettingZoo's ``performance_benchmark`` on every tabletide game (random legal actions from the
mask, 5 s per game), as a Markdown table for ``docs/rl.md``.

    python examples/benchmark_pettingzoo.py                 # every game, 2 players (1: solo)
    python examples/benchmark_pettingzoo.py shipyard --players 3
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re

import numpy as np
from pettingzoo.test.performance_benchmark import performance_benchmark

from tabletide.engine import list_games, load_game
from tabletide.rl import env


def measure(name: str, players: int) -> tuple[float, float]:
    """Turns (agent steps) and cycles per second, as ``performance_benchmark`` prints them."""
    random.seed(0)  # performance_benchmark picks actions with the random module
    table = env(name, players)
    table.reset(seed=0)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(table)
    turns, cycles = (
        float(x) for x in re.findall(r"([\d.]+) (?:turns|cycles) per second", out.getvalue())
    )
    return turns, cycles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game names (default: every registered game)")
    parser.add_argument("--players", type=int, default=None, help="default: 2, or the minimum")
    args = parser.parse_args()
    np.random.seed(0)
    print("| game | players | turns/s | cycles/s |")
    print("|---|---:|---:|---:|")
    for name in args.games or list_games():
        players = args.players or max(2, load_game(name).min_players)
        turns, cycles = measure(name, players)
        print(f"| {name} | {players} | {turns:,.0f} | {cycles:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
