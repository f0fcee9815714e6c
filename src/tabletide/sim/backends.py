"""Where tournament games run: in this process, on a process pool, or as Ray tasks.

A tournament is a list of :class:`GameTask` values; each is played by :func:`play_task` into a
:class:`GameRecord`. A task fixes everything that decides its game (seed, agent spec per seat),
and workers receive the game by *name* and load it themselves, so a game's record is the same
whichever backend, worker or chunk plays it.

- :class:`LocalBackend` (``"local"``): ``jobs=1`` plays in this process; more jobs use a
  :class:`~concurrent.futures.ProcessPoolExecutor`.
- :class:`RayBackend` (``"ray"``): joins a running Ray cluster (``address``), or starts a local
  Ray runtime with ``jobs`` CPUs, and plays chunks of games as Ray tasks. Ray is imported only
  here, and only when this backend runs.
"""

from __future__ import annotations

import logging
import os
import socket
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any, TypeVar

from tabletide.agents import make_agent
from tabletide.engine import ConfigError, Game, TabletideError, load_game, register_game
from tabletide.extras import require_extra
from tabletide.sim.runner import agent_seed, play_game

T = TypeVar("T")

BACKENDS = ("local", "ray")
"""The backend names :func:`make_backend` accepts."""

RAY_CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a TCP connection to a Ray address before giving up."""


class BackendError(TabletideError):
    """A backend that cannot start: a Ray address that cannot be reached, Ray failing to start."""


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament: everything that decides its outcome."""

    index: int
    seed: int
    lineup: int
    """The lineup's position in the tournament's list of lineups."""
    rotation: int
    """Which seating of the lineup: how far it is turned (seat ``s`` holds lineup member
    ``(s + rotation) % p``), or with ``seatings="all"`` the number of its order."""
    entrants: tuple[int, ...]
    """The entrant (index into the tournament's agents) in each seat."""
    specs: tuple[str, ...]
    """The agent spec in each seat."""


@dataclass(frozen=True)
class GameRecord:
    """What one game produced."""

    index: int
    seed: int
    lineup: int
    rotation: int
    entrants: tuple[int, ...]
    scores: tuple[float, ...]
    ranks: tuple[float, ...]
    """1 = first; seats tied after every tie-break share the mean of their places (1.5, ...)."""
    winners: tuple[int, ...]
    decisions: int
    decisions_per_seat: tuple[int, ...]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


def ranks_from_returns(returns: Sequence[float]) -> tuple[float, ...]:
    """Places (1 = best, ties share the mean place) from ``state.returns()``, which maps the
    places ``r = 0..p-1`` to ``1 - 2r/(p-1)`` and averages them over tied seats."""
    p = len(returns)
    if p < 2:
        return tuple(1.0 for _ in returns)
    return tuple(round(1 + (p - 1) * (1 - value) / 2, 9) for value in returns)


def play_task(game: Game, options: Mapping[str, Any], task: GameTask) -> GameRecord:
    """Build the seat agents (seeded with :func:`agent_seed`) and play ``task``'s game."""
    agents = [make_agent(spec, agent_seed(task.seed, seat)) for seat, spec in enumerate(task.specs)]
    result = play_game(game, agents, task.seed, options, keep_replay=False)
    return GameRecord(
        index=task.index,
        seed=task.seed,
        lineup=task.lineup,
        rotation=task.rotation,
        entrants=task.entrants,
        scores=tuple(result.scores),
        ranks=ranks_from_returns(result.returns),
        winners=tuple(result.winners),
        decisions=result.num_decisions,
        decisions_per_seat=tuple(result.decisions_per_seat),
        seconds=result.seconds,
    )


def play_chunk(
    game_name: str, options: Mapping[str, Any], tasks: Sequence[GameTask]
) -> list[GameRecord]:
    """Play ``tasks`` in order; the game is loaded by name in the worker."""
    game = load_game(game_name)
    return [play_task(game, options, task) for task in tasks]


def chunk_tasks(tasks: Sequence[T], workers: int) -> list[list[T]]:
    """Split ``tasks`` into runs of consecutive games: about eight chunks per worker (so the
    load evens out), at most 5 games each (so progress moves and a stopped run loses little:
    records reach the journal a chunk at a time)."""
    size = max(1, min(5, len(tasks) // (max(1, workers) * 8)))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


OnRecord = Callable[[GameRecord], None]


Work = Callable[[Sequence[Any]], list[Any]]
"""A unit of work for :meth:`Backend.map_items`: a picklable function (a module-level one, or
a ``functools.partial`` of one) from a chunk of items to one result per item."""


class Backend(ABC):
    """Runs work on this machine or a cluster: tournament games (:meth:`run`), or any list of
    picklable items (:meth:`map_items`, e.g. the positions of a game to analyse)."""

    name: str

    def run(
        self,
        game: Game,
        options: Mapping[str, Any],
        tasks: Sequence[GameTask],
        on_record: OnRecord | None = None,
    ) -> list[GameRecord]:
        """Play every task; ``on_record`` is called (in this process) as each game's record
        arrives, in completion order. The returned list is in task order.

        :raises BackendError: the backend cannot start (nothing has been played).
        """
        work = partial(play_chunk_by_name, game.name, dict(options))
        records = self.map_items(work, tasks, on_record, game=game)
        return _sorted(records, tasks)

    @abstractmethod
    def map_items(
        self,
        work: Work,
        items: Sequence[Any],
        on_result: Callable[[Any], None] | None = None,
        *,
        game: Game | None = None,
    ) -> list[Any]:
        """``work`` over ``items`` in chunks; the results in completion order, each also
        passed to ``on_result`` (in this process) as it arrives. ``game``: a game the workers
        must be able to load by name even when it was registered only here.

        :raises BackendError: the backend cannot start (nothing has been done).
        """

    def describe(self) -> dict[str, Any]:
        """The backend's settings, for results files."""
        return {"backend": self.name}

    def check(self) -> None:  # noqa: B027 - optional hook, nothing to check by default
        """Fail early (before any game) if the backend clearly cannot run.

        :raises BackendError: e.g. a Ray address that cannot be reached.
        """


def _sorted(records: list[GameRecord], tasks: Sequence[GameTask]) -> list[GameRecord]:
    order = {task.index: i for i, task in enumerate(tasks)}
    records.sort(key=lambda r: order[r.index])
    return records


def _register_in_worker(game: Game | None) -> None:
    """Pool initializer: make a game registered only in the parent loadable by name."""
    if game is not None:
        register_game(game)


class LocalBackend(Backend):
    """This machine: ``jobs=1`` plays in this process, more jobs use a process pool."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise ConfigError(f"jobs must be an integer >= 1; got {jobs!r}")
        self.jobs = jobs

    def describe(self) -> dict[str, Any]:
        return {"backend": self.name, "jobs": self.jobs}

    def map_items(
        self,
        work: Work,
        items: Sequence[Any],
        on_result: Callable[[Any], None] | None = None,
        *,
        game: Game | None = None,
    ) -> list[Any]:
        results: list[Any] = []
        if self.jobs == 1 or len(items) <= 1:
            for item in items:
                for result in work([item]):
                    results.append(result)
                    if on_result is not None:
                        on_result(result)
            return results
        chunks = chunk_tasks(items, self.jobs)
        # Workers load games by name; the initializer registers ``game`` there first, so games
        # registered at run time (tests, notebooks) work with any start method.
        pool = ProcessPoolExecutor(
            max_workers=min(self.jobs, len(chunks)),
            initializer=partial(_register_in_worker, game),
        )
        try:
            pending: set[Future[list[Any]]] = {pool.submit(work, chunk) for chunk in chunks}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    for result in future.result():
                        results.append(result)
                        if on_result is not None:
                            on_result(result)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
        return results


def play_chunk_by_name(
    game_name: str, options: Mapping[str, Any], tasks: Sequence[GameTask]
) -> list[GameRecord]:
    """Tournament work: play ``tasks`` of the game registered as ``game_name`` (a plain
    function, so it pickles by reference to any worker)."""
    try:
        load_game(game_name)
    except ConfigError as exc:
        raise ConfigError(
            f"a worker cannot load the game {game_name!r} ({exc}); every node needs it "
            "installed, and a game added with register_game exists only in its own process"
        ) from None
    return play_chunk(game_name, options, tasks)


def _ray_work(work: Work, chunk: Sequence[Any]) -> list[Any]:
    """The body of a Ray task."""
    return work(chunk)


class RayBackend(Backend):
    """Ray tasks: on the cluster at ``address`` (``"host:port"``, ``"ray://host:port"`` or
    ``"auto"``), or on a local Ray runtime with ``jobs`` CPUs when no address is given.

    Without ``address``, the ``RAY_ADDRESS`` environment variable is used when set (as
    ``ray.init`` itself does). If Ray is already initialized in this process, that connection is
    used and left open; otherwise the backend connects (or starts Ray) and calls
    ``ray.shutdown()`` when done. Workers load the game by name, so every node needs tabletide
    (and any plug-in game) installed.
    """

    name = "ray"

    def __init__(self, jobs: int = 1, address: str | None = None) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise ConfigError(f"jobs must be an integer >= 1; got {jobs!r}")
        if address is None:
            address = os.environ.get("RAY_ADDRESS") or None
        if address is not None and not address.strip():
            raise ConfigError("the Ray address is empty; give host:port, ray://host:port or auto")
        self.jobs = jobs
        self.address = address.strip() if address is not None else None

    def describe(self) -> dict[str, Any]:
        return {"backend": self.name, "jobs": self.jobs, "address": self.address}

    def check(self) -> None:
        require_extra("ray", "the ray backend")
        self.check_address()

    def check_address(self) -> None:
        """Fail fast when ``address`` names a host and port that do not accept connections
        (Ray itself would retry for minutes).

        :raises BackendError: the address cannot be reached.
        """
        if self.address is None:
            return
        target = self.address.removeprefix("ray://")
        host, sep, port_text = target.rpartition(":")
        if not sep:
            return  # "auto", "local": Ray resolves these itself
        try:
            port = int(port_text)
        except ValueError:
            raise BackendError(
                f"bad Ray address {self.address!r}: expected host:port, ray://host:port or auto"
            ) from None
        try:
            with socket.create_connection(
                (host.strip("[]") or "127.0.0.1", port), timeout=RAY_CONNECT_TIMEOUT
            ):
                pass
        except OSError as exc:
            raise BackendError(
                f"cannot reach a Ray cluster at {self.address}: {exc.strerror or exc}. "
                "Start one with `ray start --head` and pass the address it prints "
                "(or leave out --address for a local Ray runtime)."
            ) from None

    def map_items(
        self,
        work: Work,
        items: Sequence[Any],
        on_result: Callable[[Any], None] | None = None,
        *,
        game: Game | None = None,
    ) -> list[Any]:
        self.check()
        import ray
        from ray.exceptions import RayTaskError

        started = False
        if not ray.is_initialized():
            try:
                if self.address is None:
                    ray.init(
                        num_cpus=self.jobs,
                        include_dashboard=False,
                        logging_level=logging.ERROR,
                        log_to_driver=False,
                    )
                else:
                    _use_token_if_available()
                    ray.init(
                        address=self.address,
                        logging_level=logging.ERROR,
                        log_to_driver=False,
                    )
            except Exception as exc:
                if self.address is None:
                    raise BackendError(f"cannot start Ray: {exc}") from None
                reason = str(exc).rstrip(". ")
                raise BackendError(
                    f"cannot join the Ray cluster at {self.address}: {reason}. If the cluster uses "
                    "token authentication, make its token available here (~/.ray/auth_token, "
                    "RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH)."
                ) from None
            started = True
        try:
            resources = ray.cluster_resources()  # type: ignore[no-untyped-call]
            cpus = int(resources.get("CPU", self.jobs)) or 1
            remote = ray.remote(num_cpus=1)(_ray_work)
            pending = [remote.remote(work, chunk) for chunk in chunk_tasks(items, cpus)]
            results: list[Any] = []
            try:
                while pending:
                    done, pending = ray.wait(pending, num_returns=1)
                    chunk_results: list[Any] = ray.get(done[0])
                    for result in chunk_results:
                        results.append(result)
                        if on_result is not None:
                            on_result(result)
            except BaseException as exc:
                for ref in pending:
                    ray.cancel(ref)
                cause = getattr(exc, "cause", None)
                if isinstance(exc, RayTaskError) and isinstance(cause, TabletideError):
                    raise cause from None  # e.g. a game the workers cannot load by name
                raise
            return results
        finally:
            if started:
                ray.shutdown()


def _use_token_if_available() -> None:
    """Send Ray's authentication token when one is available and ``RAY_AUTH_MODE`` is unset.

    ``ray start --head`` turns token authentication on whenever a token exists, but a driver
    joining with ``ray.init(address=...)`` only sends the token when ``RAY_AUTH_MODE=token``;
    without it the connection fails after a long wait. Clusters without authentication accept a
    token too. This applies Ray's own rule (a private helper, so missing in other Ray versions).
    """
    try:
        from ray._private.authentication.authentication_token_setup import (
            maybe_enable_token_auth_if_token_available,
        )
    except ImportError:  # pragma: no cover - another Ray version
        return
    quiet = logging.getLogger("ray._private.authentication.authentication_token_setup")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        maybe_enable_token_auth_if_token_available(warn_if_disabled=False)
    finally:
        quiet.setLevel(level)


def make_backend(name: str, jobs: int = 1, address: str | None = None) -> Backend:
    """The backend called ``name`` (see :data:`BACKENDS`).

    :raises ConfigError: an unknown name, ``jobs < 1``, or an address for the local backend.
    """
    key = name.strip().lower()
    if key == "local":
        if address is not None:
            raise ConfigError("--address is for the ray backend; add --backend ray")
        return LocalBackend(jobs)
    if key == "ray":
        return RayBackend(jobs, address)
    raise ConfigError(f"unknown backend {name!r}; choose one of: {', '.join(BACKENDS)}")
