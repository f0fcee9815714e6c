"""Engine speed beside the research world's reference games, measured in one run.

``tabletide bench all --peers`` (or one game) measures, for every player count:

* **random playouts**: a fresh game, then ``search_legal()`` + ``apply()`` of a uniformly random
  action until the end, in steps per CPU second, beside OpenSpiel's pure-Python
  ``python_tic_tac_toe`` played the same way (``legal_actions()`` + ``apply_action()``);
* **PettingZoo**: the loop of PettingZoo's own ``pettingzoo.test.performance_benchmark``
  (``agent_iter`` + ``last()`` + ``step()`` of a random masked action, reset at the end) on the
  game's AEC environment, beside the same loop on ``pettingzoo.classic.tictactoe_v3``, in turns
  per CPU second.

Each game is measured in a fresh interpreter of its own (games measured one after another
in one process slow each other down). Times are CPU seconds of that process
(``time.process_time``), not wall time, and each row measures its reference right before
itself, so other load on the machine and drift during a
long run change both sides alike; the ratio is what the issue's bar is about (0.5 of the
reference). ``tictactoe_v3`` imports pygame for its renderer: that comes with the ``bench``
extra.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from tabletide.engine import Game
from tabletide.extras import require_extra
from tabletide.sim.bench import playout

BAR = 0.5
"""The issue's bar: at least half the reference's speed."""


def timed(run: Callable[[], int], seconds: float) -> float:
    """Units per CPU second of ``run`` (which returns the units it did), repeated until
    ``seconds`` of CPU time have passed (at least once)."""
    done = 0
    start = time.process_time()
    while True:
        done += run()
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


def tictactoe_playouts(seconds: float, seed: int = 0) -> float:
    """OpenSpiel's ``python_tic_tac_toe``: random playout steps per CPU second."""
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)

    def one() -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return timed(one, seconds)


def game_playouts(game: Game, num_players: int, seconds: float, seed: int = 0) -> float:
    """``game``'s random playout steps per CPU second (``search_legal`` + ``apply``; automatic
    steps, such as a solo opponent's turns, run inside ``apply`` and are not counted)."""
    options = game.resolve_options(num_players, None)
    seeds = itertools.count(seed)
    return timed(lambda: playout(game, num_players, next(seeds), options), seconds)


def pettingzoo_turns(env: Any, seconds: float, seed: int = 0) -> float:
    """Turns per CPU second of PettingZoo's ``performance_benchmark`` loop on ``env``."""
    random.seed(seed)
    env.reset(seed=seed)

    def cycle() -> int:
        turns = 0
        for agent in env.agent_iter(env.num_agents):
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            elif isinstance(obs, dict) and "action_mask" in obs:
                action = random.choice(np.flatnonzero(obs["action_mask"]).tolist())
            else:
                action = env.action_space(agent).sample()
            env.step(action)
            turns += 1
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
        return turns

    return timed(cycle, seconds)


def tictactoe_env() -> Any:
    """PettingZoo's ``tictactoe_v3`` environment (needs pygame: the ``bench`` extra)."""
    require_extra("bench", "the PettingZoo reference (tictactoe_v3)")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame greets on stdout
    from pettingzoo.classic import tictactoe_v3

    return tictactoe_v3.env()


def player_counts(game: Game) -> list[int]:
    """Every player count of ``game`` (1 is solo, where a game has it)."""
    return list(range(game.min_players, game.max_players + 1))


def peer_rows(
    games: Iterable[Game], seconds: float = 2.0, players: int | None = None
) -> Iterable[dict[str, Any]]:
    """One row per game and player count: its speeds, the references measured just before,
    and the ratios. Each game that can be loaded by name is measured in a fresh interpreter
    of its own (:func:`isolated_rows`), as a learner's process plays one game."""
    require_extra("rl", "tabletide bench --peers")
    for game in games:
        if _by_name(game):
            yield from isolated_rows(game.name, seconds, players)
        else:
            yield from game_rows(game, seconds, players)


def _by_name(game: Game) -> bool:
    """Whether a fresh interpreter finds ``game`` by its name (a built-in or an installed
    game, not one registered by hand in this process)."""
    from tabletide.engine.registry import installed_games

    return game.name in installed_games()


def isolated_rows(name: str, seconds: float, players: int | None) -> list[dict[str, Any]]:
    """:func:`game_rows` of the game ``name`` in a fresh interpreter (spawned, not forked).

    Games measured one after another in one process slow each other down: what the earlier
    games leave behind (their caches, a larger heap for the garbage collector to walk, a
    fragmented allocator) cost Shipyard, measured after the four others, about a tenth of its
    PettingZoo turns. A learner's process plays one game, and benchmark harnesses (pyperf)
    run each benchmark in its own worker process for the same reason."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(_rows_of, name, seconds, players).result()


def _rows_of(name: str, seconds: float, players: int | None) -> list[dict[str, Any]]:
    from tabletide.engine import load_game

    return list(game_rows(load_game(name), seconds, players))


def game_rows(game: Game, seconds: float, players: int | None) -> Iterable[dict[str, Any]]:
    """The rows of one game, measured in this process."""
    from tabletide.rl.aec import env as aec_env

    reference_env = tictactoe_env()
    counts = player_counts(game) if players is None else [players]
    for n in counts:
        ttt = tictactoe_playouts(seconds)
        steps = game_playouts(game, n, seconds)
        ttt_turns = pettingzoo_turns(reference_env, seconds)
        turns = pettingzoo_turns(aec_env(game, n), seconds)
        yield {
            "game": game.name,
            "players": n,
            "playout_steps_per_s": steps,
            "tictactoe_steps_per_s": ttt,
            "playout_ratio": steps / ttt,
            "pettingzoo_turns_per_s": turns,
            "tictactoe_v3_turns_per_s": ttt_turns,
            "pettingzoo_ratio": turns / ttt_turns,
        }
