"""Bots at web tables: allowed strengths, determinized positions, failures, a free event loop."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tabletide.engine import Action, ConfigError, Replay, State, load_game
from tabletide.sim.runner import decision_seed
from tabletide.web import bots
from tabletide.web.bots import BotJob, check_bot_spec, think

from .helpers import act, create, running, service, view, web_settings


@pytest.mark.parametrize(
    ("spec", "normal"),
    [
        ("hard", "hard"),
        (" Easy ", "easy"),
        ("random", "random"),
        ("ismcts:200", "ismcts:200"),
        ("ismcts:1.5s", "ismcts:1.5s"),
    ],
)
def test_allowed_bots(spec: str, normal: str) -> None:
    assert check_bot_spec(spec) == normal


@pytest.mark.parametrize(
    "spec", ["", "human", "random:3", "ismcts:0", "ismcts:9000", "ismcts:60s", "x"]
)
def test_refused_bots(spec: str) -> None:
    with pytest.raises(ConfigError):
        check_bot_spec(spec)


class Spy:
    """An agent that remembers the state it was given and plays its first legal action."""

    name = "spy"
    seen: ClassVar[list[State]] = []

    def __init__(self, *_: Any) -> None:
        pass

    def act(self, state: State) -> Action:
        Spy.seen.append(state)
        return state.legal_actions()[0]


def test_a_bot_is_given_a_determinized_copy_never_the_true_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bots, "make_agent", lambda spec, seed: Spy())
    game = load_game("ahoy")
    true = game.new_state(2, 9)
    for _ in range(6):
        true.apply(true.legal_actions()[0])
    job = BotJob(
        "ahoy",
        2,
        9,
        dict(true.options),
        [a.to_json() for a in true.history],
        true.current_player(),
        "spy",
    )
    chosen = think(job)
    seen = Spy.seen[-1]
    seat = true.current_player()
    expected = true.determinize(seat, decision_seed(9, len(true.history)))
    assert chosen == true.legal_actions()[0].to_json()
    assert seen.rng.position == expected.rng.position != true.rng.position
    assert seen.observation(seat) == true.observation(seat)
    other = 1 - seat
    assert seen._view(other) == expected._view(other)  # the other seat's secrets are resampled


def test_a_failing_bot_is_reported_and_changes_nothing(tmp_path: Path) -> None:
    with running(web_settings(tmp_path / "fail.sqlite3", bot_retries=0)) as client:

        async def broken(job: BotJob) -> dict[str, Any]:
            raise RuntimeError("the worker died")

        service(client).bots.choose = broken  # type: ignore[method-assign]
        table = create(client, "shipyard", ["human", "bot:random"], seed=5)  # the bot starts
        deadline = time.monotonic() + 20
        while not view(client, table, 0)["bot_error"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        seen = view(client, table, 0)
        assert "the worker died" in seen["bot_error"] and seen["version"] == 0


def test_a_thinking_bot_does_not_hold_up_other_tables(tmp_path: Path) -> None:
    with running(web_settings(tmp_path / "slow.sqlite3")) as client:

        async def slow(job: BotJob) -> dict[str, Any]:
            await asyncio.sleep(3)
            state = Replay(job.game, job.num_players, job.seed, job.options, job.actions).play()
            return state.legal_actions()[0].to_json()

        service(client).bots.choose = slow  # type: ignore[method-assign]
        create(client, "shipyard", ["human", "bot:random"], seed=5)  # its bot thinks 3 s
        other = create(client, "shipyard", ["human", "human"], seed=3)
        started = time.monotonic()
        assert act(client, other, 0).status_code == 200
        view(client, other, 1)
        assert time.monotonic() - started < 1.5


def test_the_process_pool_plays_a_real_bot_move() -> None:
    async def main() -> dict[str, Any]:
        pool = bots.BotPool(1)
        try:
            return await pool.choose(
                BotJob("shipyard", 2, 5, {"first_game": False}, [], 1, "greedy")
            )
        finally:
            pool.shutdown()

    # A thread of its own: under xdist this worker may hold the browser tests' session-wide
    # Playwright, whose event loop runs in the main thread, and asyncio.run refuses to nest.
    with ThreadPoolExecutor(1) as thread:
        chosen = thread.submit(asyncio.run, main()).result()
    state = load_game("shipyard").new_state(2, 5)
    assert load_game("shipyard").action_from_json(chosen) in state.legal_actions()


@pytest.mark.parametrize("name", ["shipyard", "maracaibo", "empires_north"])
def test_a_worker_continues_its_kept_position_as_a_replay_would(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bots.position: a table's turns one after another, an undo (fewer actions), another
    table of the same game and seed whose moves differ, and a journal that does not apply all
    give the position a replay from the start gives (every seat's observation, the random
    stream), and only a continuation skips the replay."""
    import random

    monkeypatch.setattr(bots, "_positions", bots.OrderedDict())
    replays = 0
    play = Replay.play

    def counted(self: Replay, upto: int | None = None) -> State:
        nonlocal replays
        replays += 1
        return play(self, upto)

    monkeypatch.setattr(Replay, "play", counted)
    game = load_game(name)
    rng = random.Random(2)
    state = game.new_state(2, 9)
    journals: list[list[dict[str, Any]]] = [[]]
    while not state.is_terminal() and len(journals) < 40:
        state.apply(rng.choice(state.legal_actions()))
        journals.append([a.to_json() for a in state.history])
    other = game.new_state(2, 9)
    for _ in range(6):
        other.apply(other.legal_actions()[-1])
    asked = [*journals[5:20], journals[12], [a.to_json() for a in other.history], journals[30]]
    for actions in asked:
        got = bots.position(name, 2, 9, {}, actions)
        fresh = play(Replay(name, 2, 9, {}, actions))
        assert got.rng.position == fresh.rng.position
        for seat in (None, 0, 1):
            assert got.observation(seat) == fresh.observation(seat)
    assert replays == 4, "the first, the undo, the other table, the table again"
    with pytest.raises(Exception, match="does not apply"):
        bots.position(name, 2, 9, {}, [*journals[30], {"kind": "no such move"}])
