"""Backends: the local pool gives the same results as one process; the Ray backend's start,
reuse and shutdown logic (on a stand-in ``ray`` module); clear errors for bad backends."""

from __future__ import annotations

import socket
import sys
import types
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tabletide.agents import make_agent
from tabletide.engine import ConfigError, load_game
from tabletide.sim import (
    BackendError,
    GameRecord,
    LocalBackend,
    RayBackend,
    agent_seed,
    make_backend,
    play_game,
)
from tabletide.sim.tournament import TournamentResult, run_tournament


def strip_times(result: TournamentResult) -> list[GameRecord]:
    return [replace(r, seconds=0.0) for r in result.records]


def test_jobs_do_not_change_results() -> None:
    seen: list[int] = []
    common: dict[str, Any] = {"seed": 8, "options": {"hand_size": 2}}
    one = run_tournament("lanterns", "random,greedy,easy", 3, 12, jobs=1, **common)
    two = run_tournament(
        "lanterns", "random,greedy,easy", 3, 12, jobs=2, on_result=lambda r: seen.append(r.index),
        **common,
    )  # fmt: skip
    assert strip_times(one) == strip_times(two)
    assert [r.index for r in two.records] == list(range(12))
    assert sorted(seen) == list(range(12))  # one call per game, as each finishes
    assert [a.to_json() for a in one.agents] == [a.to_json() for a in two.agents]
    assert one.seat_share == two.seat_share
    assert two.backend == {"backend": "local", "jobs": 2}
    # the plan really was followed: seeds, seats and lineups
    for task, record in zip(two.plan.tasks, two.records, strict=True):
        assert (record.seed, record.entrants, record.lineup) == (
            task.seed,
            task.entrants,
            task.lineup,
        )


def test_a_tournament_game_is_the_runner_game_with_seat_seeded_agents() -> None:
    result = run_tournament("lanterns", "random,random:5,easy", 3, 6, seed=11)
    for task, record in zip(result.plan.tasks, result.records, strict=True):
        agents = [make_agent(spec, agent_seed(task.seed, s)) for s, spec in enumerate(task.specs)]
        direct = play_game(load_game("lanterns"), agents, task.seed, result.plan.options)
        assert list(record.scores) == direct.scores
        assert list(record.winners) == direct.winners
        assert record.decisions == direct.num_decisions


def test_every_game_differs_by_seed_or_seating() -> None:
    result = run_tournament("lanterns", "random,random:3", 2, 8, seed=1)
    keys = {(r.seed, r.entrants) for r in result.records}
    assert len(keys) == 8
    # within a rotation group the deal is the same but the seats are swapped
    first, second = result.records[0], result.records[1]
    assert first.seed == second.seed and first.entrants == second.entrants[::-1]


@pytest.mark.parametrize(
    ("name", "address", "message"),
    [
        ("slurm", None, "unknown backend 'slurm'; choose one of: local, ray"),
        ("local", "127.0.0.1:6379", "--address is for the ray backend"),
        ("ray", "  ", "the Ray address is empty"),
    ],
)
def test_bad_backends_are_refused(name: str, address: str | None, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_backend(name, 1, address)


@pytest.mark.parametrize("jobs", [0, -2])
def test_jobs_must_be_positive(jobs: int) -> None:
    with pytest.raises(ConfigError, match="jobs must be an integer >= 1"):
        make_backend("local", jobs)
    with pytest.raises(ConfigError, match="jobs must be an integer >= 1"):
        make_backend("ray", jobs)


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_an_unreachable_ray_address_fails_fast_with_a_clear_error() -> None:
    backend = RayBackend(2, f"127.0.0.1:{closed_port()}")
    with pytest.raises(BackendError, match=r"cannot reach a Ray cluster at [\d.:]+.*ray start"):
        backend.check_address()
    with pytest.raises(BackendError, match="bad Ray address"):
        RayBackend(1, "ray://somewhere:port").check_address()


class FakeRay(types.ModuleType):
    """Just enough of ``ray`` to run :class:`RayBackend` synchronously in this process."""

    def __init__(self, initialized: bool) -> None:
        super().__init__("ray")
        self.initialized = initialized
        self.calls: list[Any] = []

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **kwargs: Any) -> None:
        self.calls.append(("init", kwargs))
        self.initialized = True

    def shutdown(self) -> None:
        self.calls.append("shutdown")
        self.initialized = False

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 3.0}

    def remote(self, **options: Any) -> Callable[[Callable[..., Any]], Any]:
        self.calls.append(("remote", options))

        def wrap(fn: Callable[..., Any]) -> Any:
            return types.SimpleNamespace(remote=lambda *args: lambda: fn(*args))

        return wrap

    def wait(self, refs: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return refs[-num_returns:], refs[:-num_returns]  # out of order on purpose

    def get(self, ref: Callable[[], Any]) -> Any:
        return ref()

    def cancel(self, ref: Any) -> None:
        self.calls.append("cancel")


def install(monkeypatch: pytest.MonkeyPatch, fake: FakeRay) -> None:
    exceptions = types.ModuleType("ray.exceptions")
    exceptions.RayTaskError = type("RayTaskError", (Exception,), {})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setitem(sys.modules, "ray.exceptions", exceptions)


def test_ray_backend_starts_a_local_runtime_and_shuts_it_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    fake = FakeRay(initialized=False)
    install(monkeypatch, fake)
    local = run_tournament("lanterns", "random,greedy", 2, 10, seed=3)
    on_ray = run_tournament("lanterns", "random,greedy", 2, 10, seed=3, backend="ray", jobs=2)
    assert strip_times(on_ray) == strip_times(local)
    init = fake.calls[0]
    assert init[0] == "init" and init[1]["num_cpus"] == 2
    assert init[1]["include_dashboard"] is False and "address" not in init[1]
    assert fake.calls[-1] == "shutdown" and not fake.initialized
    assert on_ray.backend == {"backend": "ray", "jobs": 2, "address": None}


def test_ray_backend_reuses_an_open_connection_and_leaves_it_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = FakeRay(initialized=True)
    install(monkeypatch, fake)
    run_tournament("lanterns", "random,greedy", 2, 4, seed=3, backend="ray")
    assert fake.initialized and "shutdown" not in fake.calls
    assert not any(c[0] == "init" for c in fake.calls if isinstance(c, tuple))


def test_ray_backend_joins_the_given_address(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(initialized=False)
    install(monkeypatch, fake)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        address = f"127.0.0.1:{server.getsockname()[1]}"
        run_tournament("lanterns", "random", 2, 2, backend="ray", address=address)
    init = fake.calls[0]
    assert init[0] == "init" and init[1]["address"] == address and "num_cpus" not in init[1]
    assert fake.calls[-1] == "shutdown"


def test_ray_address_defaults_to_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "auto")
    assert RayBackend(2).address == "auto"
    assert RayBackend(2, "10.0.0.1:6379").address == "10.0.0.1:6379"
    monkeypatch.delenv("RAY_ADDRESS")
    assert RayBackend(2).address is None


def test_ray_start_failures_become_backend_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(initialized=False)

    def refuse(**kwargs: Any) -> None:
        raise ConnectionError("Could not find any running Ray instance.")

    fake.init = refuse  # type: ignore[method-assign]
    install(monkeypatch, fake)
    with pytest.raises(BackendError, match="cannot join the Ray cluster at auto: Could not find"):
        run_tournament("lanterns", "random", 2, 2, backend="ray", address="auto")


def test_local_backend_object_can_be_passed_in() -> None:
    result = run_tournament("lanterns", "random", 2, 3, backend=LocalBackend(1))
    assert len(result.records) == 3 and result.backend["backend"] == "local"


def test_chunks_are_small_consecutive_runs_covering_every_task() -> None:
    from tabletide.sim.backends import chunk_tasks

    tasks = run_tournament("lanterns", "random,greedy", 2, 8, options={"hand_size": 2}).plan.tasks
    many = list(tasks) * 25  # 200 tasks
    chunks = chunk_tasks(many, 2)
    assert [t for c in chunks for t in c] == many
    assert max(len(c) for c in chunks) == 5, "a stopped run loses at most a few games"
    assert [len(c) for c in chunk_tasks(tasks, 2)] == [1] * 8
