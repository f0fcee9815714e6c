"""OpenSpiel's own Python ISMCTS bot on every tabletide game: CPU seconds per decision.

For each game (2 players, ``fixed_seed=5``) a random game is recorded, then the bot decides at
``--decisions`` positions spread evenly over it, with ``--iterations`` simulations each, from the
same random seeds every run::

    python examples/benchmark_openspiel_ismcts.py --iterations 100 --decisions 20

``--module`` names another copy of ``tabletide.rl.openspiel`` to measure (an older version
saved beside it: ``git show REV:src/tabletide/rl/openspiel.py > /tmp/old/openspiel_old.py``,
then ``PYTHONPATH=/tmp/old ... --module openspiel_old``).
"""

from __future__ import annotations

import argparse
import importlib
import time
from types import ModuleType

import numpy as np
from open_spiel.python.algorithms import ismcts

from tabletide.engine import Rng, load_game

GAMES = ("shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north")


def positions(name: str, players: int, seed: int) -> list[int]:
    """The action codes of a random game of the engine seed ``seed``."""
    game = load_game(name)
    state = game.new_state(players, seed)
    rng = Rng(0)
    codes = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        codes.append(game.encode_action(state, action))
        state.apply(action)
    return codes


def bench(
    tos: ModuleType, name: str, iterations: int, decisions: int, seed: int = 5
) -> tuple[float, int]:
    import pyspiel

    game = pyspiel.load_game(tos.short_name(name), {"players": 2, "fixed_seed": seed})
    codes = positions(name, 2, seed)
    spots = [round(i * (len(codes) - 1) / decisions) for i in range(decisions)]
    cpu = 0.0
    longest = 0
    for k, spot in enumerate(spots):
        state = game.new_initial_state()
        for code in codes[:spot]:
            state.apply_action(code)
        rng = np.random.RandomState(k)
        bot = ismcts.ISMCTSBot(game, tos.Evaluator(), 1.0, iterations, random_state=rng)
        bot.set_resampler(lambda s, seat, r=rng: s.resample_from_infostate(seat, r.uniform))
        start = time.process_time()
        bot.step(state)
        cpu += time.process_time() - start
        longest = max(longest, len(state.information_state_string(state.current_player())))
    return cpu / decisions, longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--module", default="tabletide.rl.openspiel")
    args = parser.parse_args()
    tos = importlib.import_module(args.module)
    print("| game | CPU s per decision | longest information-state string |")
    print("|---|---:|---:|")
    for name in args.games.split(","):
        per, longest = bench(tos, name, args.iterations, args.decisions)
        print(f"| {name} | {per:.3f} | {longest:,} |", flush=True)


if __name__ == "__main__":
    main()
