"""Speed of a game's engine: random games per second, raw steps per second, clone time.

* ``runner_games_per_s`` — full games through :func:`~tabletide.sim.runner.play_game` with
  random agents (each decision determinized, as bots see it).
* ``playout_games_per_s`` / ``steps_per_s`` — raw random playouts, ``search_legal()`` +
  ``apply()`` on the true state, without determinization (the legal list is built once per
  step: the one the engine built when it stopped).
* ``clone_us_median`` — the median time of ``state.clone()`` over many clones of mid-game states.

:func:`bench_agent` times an agent's decisions instead (``tabletide bench GAME --agent ismcts``):
the time per decision and, for ISMCTS, iterations per second.

Numbers go to ``docs/benchmarks.md`` with the command that produced them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from typing import Any

from rich.table import Table

from tabletide.agents import GreedyAgent, RandomAgent, make_agent
from tabletide.engine import Game, Rng, State, derive_seed
from tabletide.sim.runner import agent_seed, game_seed, play_game

CLONES_PER_STATE = 200


def bench(
    game: Game,
    num_players: int,
    *,
    games: int = 200,
    seconds: float = 5.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Measure ``game`` at ``num_players`` (with ``options``). Each of the three parts plays up
    to ``games`` games and stops early once it has used a third of ``seconds`` (always at least
    one game)."""
    options = game.resolve_options(num_players, options)
    budget = max(seconds, 0.0) / 3
    games = max(1, games)

    # Full games through the runner, random agents on determinized states.
    start = time.perf_counter()
    runner_games = 0
    while runner_games < games and (runner_games == 0 or time.perf_counter() - start < budget):
        s = game_seed(seed, runner_games)
        agents = [RandomAgent(agent_seed(s, seat)) for seat in range(num_players)]
        play_game(game, agents, s, options, keep_replay=False)
        runner_games += 1
    runner_time = time.perf_counter() - start

    # Raw playouts: search_legal() + apply() only.
    start = time.perf_counter()
    playouts = steps = 0
    lengths: list[tuple[int, int]] = []
    while playouts < games and (playouts == 0 or time.perf_counter() - start < budget):
        s = game_seed(seed, playouts)
        length = playout(game, num_players, s, options)
        steps += length
        playouts += 1
        lengths.append((s, length))
    playout_time = time.perf_counter() - start

    mid_states = [_state_at(game, num_players, s, n // 2, options) for s, n in lengths[:50]]
    # Clones of mid-game states.
    clone_ns: list[int] = []
    start = time.perf_counter()
    for state in mid_states:
        for _ in range(CLONES_PER_STATE):
            t0 = time.perf_counter_ns()
            state.clone()
            clone_ns.append(time.perf_counter_ns() - t0)
        if time.perf_counter() - start > budget:
            break

    return {
        "game": game.name,
        "players": num_players,
        "options": {k: v for k, v in options.items() if v != _default(game, k)},
        "runner_games": runner_games,
        "runner_games_per_s": runner_games / runner_time if runner_time > 0 else 0.0,
        "playouts": playouts,
        "playout_games_per_s": playouts / playout_time if playout_time > 0 else 0.0,
        "steps": steps,
        "steps_per_s": steps / playout_time if playout_time > 0 else 0.0,
        "mean_game_length": steps / playouts,
        "clones": len(clone_ns),
        "clone_us_median": statistics.median(clone_ns) / 1000 if clone_ns else 0.0,
    }


def bench_table(result: dict[str, Any]) -> Table:
    """The bench result as a two-column rich table."""
    extra = ", ".join(f"{k}={v}" for k, v in result.get("options", {}).items())
    title = f"{result['game']} · {result['players']} players" + (f" · {extra}" if extra else "")
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [
        ("random games/s (runner)", f"{result['runner_games_per_s']:,.1f}"),
        ("random games/s (raw playouts)", f"{result['playout_games_per_s']:,.1f}"),
        ("steps/s (legal + apply)", f"{result['steps_per_s']:,.0f}"),
        ("mean length (decisions)", f"{result['mean_game_length']:,.1f}"),
        ("clone median (µs)", f"{result['clone_us_median']:,.1f}"),
        (
            "samples",
            f"{result['runner_games']} runner games, {result['playouts']} playouts, "
            f"{result['clones']} clones",
        ),
    ]
    for name, value in rows:
        table.add_row(name, value)
    return table


def _default(game: Game, name: str) -> Any:
    return next((o.default for o in game.options if o.name == name), None)


def playout(
    game: Game, num_players: int, seed: int, options: Mapping[str, Any] | None = None
) -> int:
    """Play a random game on the true state; the number of decisions."""
    state = game.new_state(num_players, seed, options)
    rng = Rng(derive_seed(seed, "bench"))
    steps = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.search_legal()))
        steps += 1
    return steps


def _state_at(
    game: Game,
    num_players: int,
    seed: int,
    step: int,
    options: Mapping[str, Any] | None = None,
) -> State:
    """The state after ``step`` decisions of the playout :func:`playout` plays for ``seed``."""
    state = game.new_state(num_players, seed, options)
    rng = Rng(derive_seed(seed, "bench"))
    for _ in range(step):
        state.apply(rng.choice(state.legal_actions()))
    return state


def bench_agent(
    game: Game,
    num_players: int,
    spec: str,
    *,
    decisions: int = 40,
    seconds: float = 30.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Time the agent ``spec`` on positions of real games.

    The positions come from greedy-vs-greedy games (every third decision that offers a choice),
    so they look like the positions a bot meets, not the odd ones of random play. Each is handed
    to the agent as the runner would, determinized for the seat to move. Stops after
    ``decisions`` timed decisions or ``seconds`` (at least one decision). For ISMCTS it also
    reports iterations per second.
    """
    options = game.resolve_options(num_players, options)
    make_agent(spec, 0)  # a bad spec fails before any game is played
    times: list[float] = []
    iterations = 0
    start = time.perf_counter()
    g = 0
    while len(times) < max(1, decisions):
        s = game_seed(seed, g)
        g += 1
        state = game.new_state(num_players, s, options)
        players = [GreedyAgent(agent_seed(s, seat)) for seat in range(num_players)]
        agent = make_agent(spec, agent_seed(s, num_players))
        step = 0
        while not state.is_terminal() and len(times) < max(1, decisions):
            if times and time.perf_counter() - start > seconds:
                break
            seat = state.current_player()
            view = state.determinize(seat, derive_seed(s, "bench-agent", step))
            if step % 3 == 1 and len(view.legal_actions()) > 1:
                t0 = time.perf_counter()
                agent.act(view)
                times.append(time.perf_counter() - t0)
                last = getattr(agent, "last", None)
                iterations += getattr(last, "iterations", 0)
            state.apply(players[seat].act(view))
            step += 1
        if times and time.perf_counter() - start > seconds:
            break
    thinking = sum(times)
    return {
        "game": game.name,
        "players": num_players,
        "agent": spec,
        "options": {k: v for k, v in options.items() if v != _default(game, k)},
        "decisions": len(times),
        "games": g,
        "median_s": statistics.median(times),
        "p90_s": _quantile(times, 0.9),
        "max_s": max(times),
        "iterations": iterations,
        "iterations_per_decision": iterations / len(times),
        "iterations_per_s": iterations / thinking if thinking > 0 else 0.0,
    }


def bench_agent_table(result: dict[str, Any]) -> Table:
    """The agent bench result as a two-column rich table."""
    extra = ", ".join(f"{k}={v}" for k, v in result.get("options", {}).items())
    title = f"{result['agent']} on {result['game']} · {result['players']} players" + (
        f" · {extra}" if extra else ""
    )
    table = Table(title=title)
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [
        ("time per decision, median (s)", f"{result['median_s']:.3f}"),
        ("time per decision, 90th percentile (s)", f"{result['p90_s']:.3f}"),
        ("time per decision, max (s)", f"{result['max_s']:.3f}"),
        ("samples", f"{result['decisions']} decisions from {result['games']} game(s)"),
    ]
    if result["iterations"]:
        rows += [
            ("search iterations per decision", f"{result['iterations_per_decision']:,.0f}"),
            ("search iterations per second", f"{result['iterations_per_s']:,.0f}"),
        ]
    for name, value in rows:
        table.add_row(name, value)
    return table


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
