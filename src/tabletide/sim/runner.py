"""Play matches between agents.

:func:`play_game` plays one game and returns a :class:`GameResult`. Each decision goes to the
current seat's agent as ``state.determinize(seat, seed)`` with a fresh seed derived from the game
seed and the decision number, never as the true state. :func:`play_many` plays a seeded series,
optionally on a process pool; its results do not depend on the number of jobs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from tabletide.agents import Agent, make_agent
from tabletide.engine import Action, ConfigError, Game, Replay, State, derive_seed


@dataclass
class GameResult:
    """The outcome of one game."""

    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    agents: list[str]
    """The agent name of each seat."""
    scores: list[float]
    returns: list[float]
    winners: list[int]
    num_decisions: int
    decisions_per_seat: list[int]
    seconds: float
    replay: Replay | None = None
    index: int = 0
    """The position of this game in a series (see :func:`play_many`)."""

    def to_json(self, include_replay: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "game": self.game,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "agents": self.agents,
            "scores": self.scores,
            "returns": self.returns,
            "winners": self.winners,
            "num_decisions": self.num_decisions,
            "decisions_per_seat": self.decisions_per_seat,
            "seconds": self.seconds,
        }
        if include_replay and self.replay is not None:
            out["replay"] = self.replay.to_json()
        return out


class RunHooks:
    """Callbacks around a game; every hook does nothing unless overridden."""

    def before(self, state: State) -> None:
        """Called once with the initial state."""

    def step(self, state: State, seat: int, action: Action) -> None:
        """Called after ``seat``'s ``action`` has been applied to ``state``."""

    def after(self, state: State, result: GameResult) -> None:
        """Called once with the final state and the result."""


def game_seed(series_seed: int, index: int) -> int:
    """The seed of game ``index`` in a series started from ``series_seed``."""
    return derive_seed(series_seed, "game", index)


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of a game with ``seed``."""
    return derive_seed(seed, "agent", seat)


def decision_seed(seed: int, step: int) -> int:
    """The determinization seed of decision ``step`` of a game with ``seed``."""
    return derive_seed(seed, "determinize", step)


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    *,
    num_players: int | None = None,
    hooks: Sequence[RunHooks] = (),
    keep_replay: bool = True,
) -> GameResult:
    """Play one game to the end, one agent per seat.

    :raises ConfigError: the number of agents differs from ``num_players``, or the game rejects
        the player count or options.
    :raises IllegalActionError: an agent returned an action that is not legal.
    :raises RuntimeError: the game ran past ``game.max_game_length`` decisions (a rules bug).
    """
    n = len(agents) if num_players is None else num_players
    if len(agents) != n:
        raise ConfigError(f"{n} players need {n} agents; got {len(agents)}")
    start = time.perf_counter()
    state = game.new_state(n, seed, options)
    for hook in hooks:
        hook.before(state)
    per_seat = [0] * n
    steps = 0
    while not state.is_terminal():
        if steps >= game.max_game_length:
            raise RuntimeError(
                f"{game.name} (seed {seed}) ran past max_game_length={game.max_game_length}"
            )
        seat = state.current_player()
        view = state.determinize(seat, decision_seed(seed, steps))
        action = agents[seat].act(view)
        state.apply(action)
        per_seat[seat] += 1
        steps += 1
        for hook in hooks:
            hook.step(state, seat, action)
    result = GameResult(
        game=game.name,
        num_players=n,
        seed=seed,
        options=dict(state.options),
        agents=[a.name for a in agents],
        scores=state.scores(),
        returns=state.returns(),
        winners=state.winners(),
        num_decisions=steps,
        decisions_per_seat=per_seat,
        seconds=time.perf_counter() - start,
        replay=Replay.from_state(state, {"agents": [a.name for a in agents]})
        if keep_replay
        else None,
    )
    for hook in hooks:
        hook.after(state, result)
    return result


def play_seeded(
    game: Game,
    specs: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    index: int = 0,
    keep_replay: bool = False,
) -> GameResult:
    """Build the agents from ``specs`` (seeded from ``seed``) and play one game."""
    agents = [make_agent(spec, agent_seed(seed, seat)) for seat, spec in enumerate(specs)]
    result = play_game(game, agents, seed, options, keep_replay=keep_replay)
    result.index = index
    return result


def _play_chunk(
    game: Game, specs: tuple[str, ...], series_seed: int, options: dict[str, Any], indices: range
) -> list[GameResult]:
    return [play_seeded(game, specs, game_seed(series_seed, i), options, index=i) for i in indices]


def play_many(
    game: Game,
    specs: Sequence[str],
    num_games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    *,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``num_games`` games; game ``i`` uses seed ``game_seed(seed, i)``.

    Results come back in index order and are identical for any ``jobs``. ``on_result`` is called
    as each game (or, with a pool, each chunk of games) finishes, for progress bars. Replays are
    not kept.

    :raises ConfigError: bad agent specs, player count or options (checked before any game runs).
    """
    if num_games < 0:
        raise ConfigError(f"the number of games must be >= 0; got {num_games}")
    if jobs < 1:
        raise ConfigError(f"jobs must be >= 1; got {jobs}")
    specs = tuple(specs)
    for spec in specs:
        make_agent(spec, 0)
    resolved = game.resolve_options(len(specs), options)
    results: list[GameResult] = []
    if jobs == 1 or num_games <= 1:
        for chunk in _chunks(num_games, 1):
            for result in _play_chunk(game, specs, seed, resolved, chunk):
                results.append(result)
                if on_result is not None:
                    on_result(result)
    else:
        size = max(1, min(50, num_games // (jobs * 8)))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(_play_chunk, game, specs, seed, resolved, chunk)
                for chunk in _chunks(num_games, size)
            ]
            for future in as_completed(futures):
                for result in future.result():
                    results.append(result)
                    if on_result is not None:
                        on_result(result)
        results.sort(key=lambda r: r.index)
    return results


def _chunks(total: int, size: int) -> Iterator[range]:
    for start in range(0, total, size):
        yield range(start, min(total, start + size))
