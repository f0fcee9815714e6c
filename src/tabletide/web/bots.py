"""Bots at web tables: which strengths may sit, and the process pool they think in.

A bot's move is computed in a worker process: the worker rebuilds the table's state from
seed + options + actions, hands the bot only ``state.determinize(seat, seed)`` (as
``tabletide.sim.runner`` does), and returns the chosen action's JSON. The server then checks
and journals it like any other move. The event loop only awaits the result, so other tables go
on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from tabletide.agents import make_agent
from tabletide.agents.hints import hint
from tabletide.engine import ConfigError, Replay, State, derive_seed, load_game
from tabletide.sim.runner import decision_seed

PEOPLE_BOTS = ("easy", "medium", "hard")
"""The strengths the lobby offers people (``docs/agents.md``)."""
RESEARCH_BOTS = ("random", "greedy")
MAX_ISMCTS_ITERATIONS = 5000
MAX_ISMCTS_SECONDS = 5.0
SOLO_ANALYSIS_BUDGET = 60.0
"""Seconds of playouts for a solo game's analysis (the ``value`` estimator needs two seats)."""


def check_bot_spec(spec: str) -> str:
    """The normalized spec of a bot allowed at a web table: easy, medium, hard, random, greedy,
    ``ismcts:N`` (N up to 5000) or ``ismcts:Ts`` (T up to 5 seconds).

    :raises ConfigError: anything else (the message lists what is allowed).
    """
    text = spec.strip().lower()
    allowed = ", ".join((*PEOPLE_BOTS, *RESEARCH_BOTS)) + ", ismcts:N"
    if text in PEOPLE_BOTS or text in RESEARCH_BOTS:
        return text
    kind, _, arg = text.partition(":")
    if kind == "ismcts" and arg:
        make_agent(text, 0)  # the registry's own check of the argument
        try:
            if arg.endswith("s"):
                ok = 0 < float(arg[:-1]) <= MAX_ISMCTS_SECONDS
            else:
                ok = 1 <= int(arg) <= MAX_ISMCTS_ITERATIONS
        except ValueError:
            ok = False
        if ok:
            return text
        raise ConfigError(
            f"bot {spec!r}: at most {MAX_ISMCTS_ITERATIONS} iterations or "
            f"{MAX_ISMCTS_SECONDS:g} seconds per move at a web table"
        )
    raise ConfigError(f"unknown bot {spec!r}; bots at a web table: {allowed}")


def bot_list() -> list[dict[str, str]]:
    """The bot strengths for the lobby, people's first."""
    return [
        {"spec": "easy", "help": "for people: greedy, but often a random move"},
        {"spec": "medium", "help": "for people: a short search"},
        {"spec": "hard", "help": "for people: a full search (under 2 s a move)"},
        {"spec": "random", "help": "uniform over the legal moves"},
        {"spec": "greedy", "help": "one-ply lookahead on the game's evaluation"},
    ]


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs to choose one move (plain data: it crosses processes)."""

    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    actions: list[dict[str, Any]]
    seat: int
    spec: str


POSITIONS_KEPT = 64
"""Positions a worker keeps (:func:`position`), the latest used first."""
_positions: OrderedDict[tuple[str, int, int, str], tuple[list[dict[str, Any]], State]] = (
    OrderedDict()
)


def position(
    game: str, num_players: int, seed: int, options: dict[str, Any], actions: list[dict[str, Any]]
) -> State:
    """In a worker: the position after ``actions``. The worker keeps the latest position it
    rebuilt of each game (game, players, seed and options) and, when ``actions`` continue its
    actions, plays only the new ones: a bot's turn at a long game replayed the whole journal
    each time (at 100 tables on 2 cores the bot workers took a quarter of a core). Anything
    else (an undo, another table's game, an action that does not apply) is replayed from the
    start, as :class:`~tabletide.engine.Replay` does. The position kept is changed in place:
    a caller must not change what it gets (``think`` determinizes a copy)."""
    key = (game, num_players, seed, json.dumps(options, sort_keys=True))
    kept = _positions.pop(key, None)
    state: State | None = None
    if kept is not None and actions[: len(kept[0])] == kept[0]:
        state = kept[1]
        rules = load_game(game)
        try:
            for data in actions[len(kept[0]) :]:
                state.apply(rules.action_from_json(data))
        except Exception:  # replayed from the start below, which reports it as a replay does
            state = None
    if state is None:
        state = Replay(game, num_players, seed, options, actions).play()
    _positions[key] = (list(actions), state)
    while len(_positions) > POSITIONS_KEPT:
        _positions.popitem(last=False)
    return state


def think(job: BotJob) -> dict[str, Any]:
    """In a worker: rebuild the position, determinize it for the bot's seat, choose a move."""
    state = position(job.game, job.num_players, job.seed, job.options, job.actions)
    if state.current_player() != job.seat:
        raise RuntimeError(f"seat {job.seat} is not to move (seat {state.current_player()} is)")
    step = len(job.actions)
    view = state.determinize(job.seat, decision_seed(job.seed, step))
    agent = make_agent(job.spec, derive_seed(job.seed, "web-agent", job.seat, step))
    return agent.act(view).to_json()


def advise(job: BotJob) -> dict[str, Any]:
    """In a worker: the hint of strength ``job.spec`` for ``job.seat`` (its top options and
    ratings, ``tabletide.agents.hints``), from the seat's own determinization only."""
    state = Replay(job.game, job.num_players, job.seed, job.options, job.actions).play()
    seed = derive_seed(job.seed, "web-hint", job.seat, len(job.actions))
    return hint(state, job.seat, level=job.spec, seed=seed).to_json()


@dataclass(frozen=True)
class AnalysisJob:
    """A finished game to analyse (plain data: it crosses processes)."""

    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    actions: list[dict[str, Any]]


def analyse(job: AnalysisJob) -> dict[str, Any]:
    """In a worker: the post-game analysis of a finished game
    (``tabletide.sim.analysis.analyze``, the ``value`` estimator; a solo game, which it cannot
    estimate, by playouts within :data:`SOLO_ANALYSIS_BUDGET` seconds)."""
    from tabletide.sim.analysis import analyze  # only the workers need it

    replay = Replay(job.game, job.num_players, job.seed, job.options, job.actions)
    if job.num_players == 1:
        return analyze(replay, method="playouts", budget=SOLO_ANALYSIS_BUDGET)
    return analyze(replay, method="value")


PARENT_POLL = 0.5
"""Seconds between a worker's checks that the server is still alive."""


def _exit_with_parent(parent: int) -> None:
    """A worker's watch (a daemon thread): exit as soon as the server process is gone, e.g.
    after a ``kill -9``, which gives ``multiprocessing`` no chance to stop its workers. The
    worker is then re-parented, so ``os.getppid()`` changes."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)


def watch_parent(parent: int) -> None:
    """The pool's initializer: start the worker's watch of the server ``parent``."""
    threading.Thread(
        target=_exit_with_parent, args=(parent,), name="watch-server", daemon=True
    ).start()


ANALYSIS_NICENESS = 10
"""How much lower than the server's the analysis worker's CPU priority is (``os.nice``)."""


def start_analysis_worker(parent: int) -> None:
    """The analysis pool's initializer: a lower priority, and the watch of the server."""
    with contextlib.suppress(OSError):  # a platform without nice: the same priority
        os.nice(ANALYSIS_NICENESS)
    watch_parent(parent)


class BotPool:
    """A process pool for bot moves, started on first use and restarted if a worker dies,
    and one worker of its own for post-game analyses.

    An analysis is background work of one to two seconds of CPU per finished game (the
    ``value`` estimator over every decision): in the bots' pool, at the server's priority, it
    took a core from the event loop and the picture workers whenever a game ended (at 100
    tables the round trips' 99th percentile doubled in the minutes with finished games). Its
    worker runs at a lower priority (:data:`ANALYSIS_NICENESS`) and leaves the bots' workers
    to the bots; the table says "analysis pending" meanwhile."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None
        self._analysis: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    def _analysis_executor(self) -> ProcessPoolExecutor:
        if self._analysis is None:
            self._analysis = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_analysis_worker,
                initargs=(os.getpid(),),
            )
        return self._analysis

    async def choose(self, job: BotJob) -> dict[str, Any]:
        """The bot's action JSON. A dead worker pool is replaced before the error propagates."""
        return await self._run(think, job)

    async def advise(self, job: BotJob) -> dict[str, Any]:
        """A hint for ``job.seat`` (see :func:`advise`), computed in a worker."""
        return await self._run(advise, job)

    async def analyze(self, job: AnalysisJob) -> dict[str, Any]:
        """The post-game analysis of a finished game (see :func:`analyse`), in the analysis
        worker."""
        loop = asyncio.get_running_loop()
        try:
            answer: dict[str, Any] = await loop.run_in_executor(
                self._analysis_executor(), analyse, job
            )
        except BrokenProcessPool:
            pool, self._analysis = self._analysis, None
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        return answer

    async def _run(self, work: Any, job: BotJob | AnalysisJob) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        try:
            answer: dict[str, Any] = await loop.run_in_executor(self._executor(), work, job)
        except BrokenProcessPool:
            self._discard()
            raise
        return answer

    def _discard(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        self._discard()
        pool, self._analysis = self._analysis, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
