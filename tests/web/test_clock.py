"""Clocks and zombie seats (issue 25): the clock's rules with an injected "now", the time
control at creation, the view's clock, handing a seat that is out of time to a bot, Leave,
and a zombie seat surviving a restart."""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletide.web import clock as clocks
from tabletide.web.bots import BotJob
from tabletide.web.clock import Clock, TimeControl

from .helpers import (
    Table,
    act,
    bearer,
    create,
    journal,
    running,
    seat_specs,
    service,
    view,
    web_settings,
)

GAME = TimeControl("game", 300, 5)
MOVE = TimeControl("move", 30)


# ---------------------------------------------------------------------- the clock itself
def test_a_new_clock_runs_for_the_first_person_only_and_bots_have_none() -> None:
    clock = clocks.start(GAME, [True, False, True], 0, now=1000.0)
    assert clock.left == (300.0, None, 300.0)
    assert clock.seat == 0
    assert clocks.time_left(clock, 0, 1010.0) == 290.0
    assert clocks.time_left(clock, 2, 1010.0) == 300.0  # not its turn: it does not run
    assert clocks.time_left(clock, 1, 1010.0) is None
    bot_first = clocks.start(GAME, [True, False], 1, now=0.0)
    assert bot_first.seat == -1  # a bot opens: nobody's time runs


def test_per_game_charges_the_decider_and_adds_the_increment_when_the_turn_passes() -> None:
    clock = clocks.start(GAME, [True, True], 0, now=0.0)
    clock = clocks.advance(clock, GAME, 0, now=20.0)  # a decision, still seat 0's turn
    assert clock.left == (280.0, 300.0) and clock.seat == 0  # no increment mid-turn
    clock = clocks.advance(clock, GAME, 1, now=30.0)  # the turn passes to seat 1
    assert clock.left == (275.0, 300.0)  # 300 - 30 + 5
    assert clock.seat == 1 and clock.since == 30.0
    clock = clocks.advance(clock, GAME, -1, now=100.0)  # the game ends
    assert clock.left == (275.0, 235.0) and clock.seat == -1
    assert clocks.time_left(clock, 1, 10_000.0) == 235.0  # nothing runs after the end


def test_per_move_refills_when_the_decision_passes_to_another_seat() -> None:
    clock = clocks.start(MOVE, [True, True], 0, now=0.0)
    clock = clocks.advance(clock, MOVE, 0, now=10.0)  # a decision of the same turn
    assert clocks.time_left(clock, 0, 25.0) == 5.0  # the turn's time runs on
    clock = clocks.advance(clock, MOVE, 1, now=25.0)
    assert clock.left == (30.0, 30.0)  # seat 0's next turn starts full
    assert clocks.time_left(clock, 1, 40.0) == 15.0


def test_undo_refunds_nothing() -> None:
    """An undo is a decision of the seat to move that leaves it to move: the time spent
    before it stays spent, and no increment is earned by taking moves back."""
    clock = clocks.start(GAME, [True, True], 0, now=0.0)
    clock = clocks.advance(clock, GAME, 0, now=40.0)  # a move of a two-decision turn
    clock = clocks.advance(clock, GAME, 0, now=50.0)  # undo: seat 0 is still to decide
    assert clock.left[0] == 250.0 and clock.seat == 0
    clock = clocks.advance(clock, GAME, 0, now=60.0)  # the move again
    clock = clocks.advance(clock, GAME, 1, now=70.0)  # and the turn ends: one increment
    assert clock.left[0] == 300.0 - 70.0 + 5.0


def test_out_of_time_goes_below_zero_and_earns_no_increment() -> None:
    clock = clocks.start(TimeControl("game", 10, 5), [True, True], 0, now=0.0)
    assert not clocks.out_of_time(clock, 0, 9.9)
    assert clocks.out_of_time(clock, 0, 10.0)
    assert not clocks.out_of_time(clock, 1, 10.0)
    clock = clocks.advance(clock, TimeControl("game", 10, 5), 1, now=12.0)
    assert clock.left[0] == -2.0  # still out of time: no increment for a flagged seat
    shown = clocks.clock_view(GAME, clock, 12.0)
    assert shown is not None and clocks.clock_view(None, None, 12.0) is None
    shown = shown["seats"][0]
    assert shown == {"left": 0.0, "running": False, "out_of_time": True}


def test_a_stored_clock_gives_the_same_time_after_a_restart() -> None:
    clock = clocks.advance(clocks.start(GAME, [True, True], 0, now=0.0), GAME, 1, now=7.5)
    again = Clock.from_json(clock.to_json())
    assert again == clock
    assert clocks.time_left(again, 1, 50.0) == clocks.time_left(clock, 1, 50.0) == 257.5


def test_a_dropped_seat_has_no_clock_and_the_runner_keeps_its_charge() -> None:
    clock = clocks.start(GAME, [True, True, True], 1, now=0.0)
    clock = clocks.drop(clock, 1, 1, now=30.0)  # the running seat itself goes to a bot
    assert clock.left == (300.0, None, 300.0) and clock.seat == -1
    clock = clocks.start(GAME, [True, True, True], 0, now=0.0)
    clock = clocks.drop(clock, 2, 0, now=30.0)  # another seat goes: seat 0's time runs on
    assert clock.left == (270.0, 300.0, None) and clock.seat == 0 and clock.since == 30.0


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("none", None),
        ("game-10m", TimeControl("game", 600, 10, "game-10m")),
        ("day-3", TimeControl("move", 3 * 86400, 0, "day-3")),
        ({"per": "move", "seconds": 45}, TimeControl("move", 45)),
        ({"per": "game", "seconds": 60, "increment": 2}, TimeControl("game", 60, 2)),
    ],
)
def test_time_controls_accepted(value: Any, expected: TimeControl | None) -> None:
    assert clocks.parse_time_control(value) == expected


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("blitz", "unknown preset 'blitz'"),
        (5, "a preset's name or an object"),
        ({"per": "week", "seconds": 5}, "per must be 'game' or 'move'"),
        ({"per": "game", "seconds": 0}, "seconds must be a whole number"),
        ({"per": "game", "seconds": 1.5}, "seconds must be a whole number"),
        ({"per": "game", "seconds": True}, "seconds must be a whole number"),
        ({"per": "move", "seconds": 30, "increment": 5}, "per-game clocks only"),
        ({"per": "game", "seconds": 30, "extra": 1}, "unknown field 'extra'"),
    ],
)
def test_time_controls_refused(value: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        clocks.parse_time_control(value)


# ---------------------------------------------------------------------- through the API
class FakeNow:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now(client: TestClient) -> FakeNow:
    fake = FakeNow()
    service(client).wall = fake
    return fake


def make(
    client: TestClient,
    seats: tuple[str, ...],
    time_control: Any,
    game: str = "shipyard",
    seed: int = 7,
) -> Table:
    body = {"game": game, "seats": seat_specs(seats), "seed": seed, "time_control": time_control}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    tokens = {s["seat"]: s["token"] for s in data["links"]["seats"]}
    return Table(data["table"]["id"], tokens, data["links"]["spectator"]["token"], data)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("forever", "time_control: unknown preset 'forever'; choose none, game-5m,"),
        ({"per": "game", "seconds": -3}, "time_control.seconds must be a whole number in 1.."),
        ([1, 2], "time_control must be a preset's name or an object"),
    ],
)
def test_creation_refuses_a_bad_time_control_with_one_line(
    client: TestClient, value: Any, message: str
) -> None:
    body = {"game": "shipyard", "seats": seat_specs(("human", "human")), "time_control": value}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)
    assert "\n" not in response.json()["error"]


def test_a_table_without_a_time_control_has_no_clock(client: TestClient) -> None:
    table = create(client)
    got = view(client, table, 0)
    assert got["table"]["time_control"] is None
    assert got["clock"] is None
    refused = zombie(client, table, 0, 1)
    assert refused.status_code == 409
    assert refused.json()["error"].startswith("this table has no clock")


def test_the_view_carries_each_seats_clock_counting_down(client: TestClient, now: FakeNow) -> None:
    table = make(client, ("human", "human", "bot:random"), "game-5m")
    assert table.created["table"]["time_control"]["preset"] == "game-5m"
    first = view(client, table, 1)
    mover = first["current_player"]
    assert mover in (0, 1)  # a person opens with seed 7
    assert first["clock"]["server_time"] == now.t
    assert first["clock"]["control"]["text"] == "5 min per person + 5 s per turn"
    seats = first["clock"]["seats"]
    assert seats[mover] == {"left": 300.0, "running": True, "out_of_time": False}
    assert seats[2] == {"left": None, "running": False, "out_of_time": False}
    now.t += 42.25
    later = view(client, table, None)["clock"]["seats"]
    assert later[mover]["left"] == 257.7  # tenths, rounded down
    assert later[1 - mover] == {"left": 300.0, "running": False, "out_of_time": False}
    # Shipyard's opening turn is several decisions: the time runs on across them, and the
    # increment comes once, when the turn passes to another seat.
    assert mover == 1
    moves = 0
    while True:
        got = view(client, table, mover)
        if got["current_player"] != mover:
            break
        assert act(client, table, mover, 0, version=got["version"]).status_code == 200
        moves += 1
        if view(client, table, mover)["current_player"] == mover:
            assert view(client, table, mover)["clock"]["seats"][mover] == {
                "left": 257.7,
                "running": True,
                "out_of_time": False,
            }
    assert moves >= 2
    assert got["clock"]["seats"][mover] == {"left": 262.7, "running": False, "out_of_time": False}


def wait_for(client: TestClient, table: Table, seat: int, test: Any, limit: float = 120) -> Any:
    deadline = time.monotonic() + limit
    while True:
        got = view(client, table, seat)
        if test(got):
            return got
        assert time.monotonic() < deadline, "the table did not get there"
        time.sleep(0.05)


def zombie(client: TestClient, table: Table, by: int | None, seat: Any) -> Any:
    token = table.spectator if by is None else table.tokens[by]
    return client.post(f"/api/tables/{table.id}/zombie", headers=bearer(token), json={"seat": seat})


def test_zombie_is_refused_while_the_seat_has_time_and_allowed_once_it_is_out(
    client: TestClient, now: FakeNow, db: Path
) -> None:
    table = make(client, ("human", "human"), {"per": "move", "seconds": 60}, seed=7)
    mover = view(client, table, 0)["current_player"]
    other = 1 - mover
    refused = zombie(client, table, other, mover)
    assert refused.status_code == 409
    assert refused.json()["error"] == f"Seat {mover} still has time left"
    assert zombie(client, table, mover, mover).json()["error"] == (
        "to hand your own seat to a bot, leave the table"
    )
    assert zombie(client, table, None, mover).status_code == 403
    assert zombie(client, table, other, 5).status_code == 400
    assert zombie(client, table, other, "1").status_code == 422  # strict: an int
    now.t += 61
    before = view(client, table, other)
    shown = before["clock"]["seats"][mover]
    assert shown == {"left": 0.0, "running": True, "out_of_time": True}
    jobs: list[BotJob] = []
    pool = service(client).bots
    real = pool.choose

    async def spy(job: BotJob) -> dict[str, Any]:
        jobs.append(job)
        return await real(job)

    pool.choose = spy  # type: ignore[method-assign]
    try:
        done = zombie(client, table, other, mover)
        assert done.status_code == 200, done.text
        version = done.json()["version"]
        entry = done.json()["view"]["turn_order"][mover]
        assert entry["kind"] == "bot" and entry["bot"] == "medium"
        assert entry["zombie"] == {
            "since": version,
            "by": other,
            "reason": "time",
            "log_at": before["log"]["total"],  # where the log was at the hand-over
        }
        assert entry["name"] == f"Seat {mover}"
        assert zombie(client, table, other, mover).json()["error"] == (
            f"Seat {mover} is already played by a bot"
        )
        # The person's old token can no longer move for the seat, nor hand anything over.
        theirs = view(client, table, mover)
        assert theirs["your_turn"] is False and theirs["legal_actions"] == []
        assert theirs["undo"] == {"depth": 0}
        assert act(client, table, mover, 0).status_code in (403, 409)
        # Play the game out: the other person at random, the zombie seat by itself.
        rng = random.Random(3)
        while True:
            got = wait_for(
                client,
                table,
                other,
                lambda v: v["terminal"] or (v["your_turn"] and not v["bot_thinking"]),
            )
            if got["terminal"]:
                break
            choice = rng.randrange(len(got["legal_actions"]))
            assert act(client, table, other, choice, version=got["version"]).status_code == 200
    finally:
        pool.choose = real  # type: ignore[method-assign]
    ours = [j for j in jobs if j.num_players == 2 and j.seed == 7]  # not other tables' bots
    assert ours and {(j.seat, j.spec) for j in ours} == {(mover, "medium")}
    rows = journal(db, table.id)
    marked = [r for r in rows if r[1] == "zombie"]
    assert [(r[0], r[2]) for r in marked] == [(version, mover)]
    # The moves before the hand-over stay the person's; the bot's are marked as the bot's.
    replay = client.get(f"/api/tables/{table.id}/replay").json()
    seat_meta = replay["meta"]["seats"][mover]
    assert seat_meta["zombie"] is True and seat_meta["name"] == f"Seat {mover}"
    assert seat_meta["reason"] == "time" and seat_meta["by"] == other
    # The replay viewer's frames carry the mark too (and only for that seat).
    frame = client.post("/api/replays/step", json={"replay": replay, "step": 0, "seat": None})
    assert frame.status_code == 200, frame.text
    marks = [None, None]
    marks[mover] = "time"
    assert frame.json()["handed_over"] == marks


def test_leave_hands_the_seat_to_a_bot_at_once_and_the_bots_finish(client: TestClient) -> None:
    table = make(client, ("human", "bot:random"), "none", seed=11)
    spectator = client.post(f"/api/tables/{table.id}/leave", headers=bearer(table.spectator))
    assert spectator.status_code == 403
    left = client.post(f"/api/tables/{table.id}/leave", headers=bearer(table.tokens[0]))
    assert left.status_code == 200, left.text
    entry = left.json()["view"]["turn_order"][0]
    assert entry["zombie"]["reason"] == "left" and entry["zombie"]["by"] == 0
    final = wait_for(client, table, 0, lambda v: v["terminal"], limit=240)
    assert final["final"]["winner_names"] or final["final"]["scores"]
    again = client.post(f"/api/tables/{table.id}/leave", headers=bearer(table.tokens[0]))
    assert again.status_code == 403  # a bot plays the seat already


def test_a_zombie_seat_and_the_clock_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "restart.sqlite3"
    fake = FakeNow()
    # First life: bots pause for ten minutes, so the server stops before the zombie moves.
    with running(web_settings(db, bot_delay=600.0)) as first:
        service(first).wall = fake
        table = make(first, ("human", "human", "human"), "move-30s", seed=7)
        mover = view(first, table, 0)["current_player"]
        quiet = [s for s in range(3) if s != mover]
        fake.t += 31
        assert zombie(first, table, quiet[0], mover).status_code == 200
        stored = view(first, table, quiet[1])
        assert stored["current_player"] == mover and stored["bot_thinking"] is True
    with running(web_settings(db)) as second:
        service(second).wall = fake
        again = view(second, table, quiet[1])
        assert again["turn_order"][mover]["zombie"] == stored["turn_order"][mover]["zombie"]
        assert again["turn_order"][mover]["kind"] == "bot"
        assert again["clock"] is not None and again["clock"]["seats"][mover]["left"] is None
        # The bot goes on by itself after the restart and plays the seat's turn...
        moved = wait_for(second, table, quiet[1], lambda v: v["current_player"] != mover)
        runner = moved["current_player"]
        assert runner in quiet
        # ...and the next person's time runs from then (a fresh turn of 30 s).
        assert moved["clock"]["seats"][runner] == {
            "left": 30.0,
            "running": True,
            "out_of_time": False,
        }
        fake.t += 10
        assert view(second, table, runner)["clock"]["seats"][runner]["left"] == 20.0


# ---------------------------------------------------------------------- PostgreSQL, two processes
@pytest.mark.postgres
def test_a_zombie_made_on_one_process_reaches_the_other_and_its_bot_plays(
    tmp_path: Path,
) -> None:
    """Two server processes over one PostgreSQL database: the hand-over made on one reaches
    the other's WebSocket (NOTIFY, like a move), and the seat's bot is played from the queue."""
    from .test_cluster import journal as pg_journal
    from .test_cluster import node, socket
    from .test_restart import get, post

    with node(tmp_path, "a") as (a, _), node(tmp_path, "b") as (b, _):
        created = post(
            a,
            "/api/tables",
            None,
            {
                "game": "shipyard",
                "seats": seat_specs(("human", "human")),
                "seed": 7,
                "time_control": {"per": "move", "seconds": 1},
            },
        )
        assert created.status_code == 201, created.text
        data = created.json()
        table = data["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in data["links"]["seats"]}
        assert get(a, table, tokens[0])["current_player"] == 1  # seed 7: seat 1 opens
        with ExitStack() as stack:
            watcher = socket(stack, b, table, tokens[0])  # process b holds the table
            time.sleep(1.2)  # seat 1's second runs out
            done = post(a, f"/api/tables/{table}/zombie", tokens[0], {"seat": 1})
            assert done.status_code == 200, done.text
            version = done.json()["version"]
            deadline = time.monotonic() + 30
            seen_zombie = False
            while True:
                message = json.loads(watcher.recv(timeout=10))
                if message["type"] != "state":
                    continue
                zombie_mark = message["turn_order"][1]["zombie"]
                if message["version"] >= version:
                    assert zombie_mark is not None
                    assert (zombie_mark["since"], zombie_mark["by"]) == (version, 0)
                    assert zombie_mark["reason"] == "time"
                    seen_zombie = True
                if message["version"] > version and message["current_player"] == 0:
                    break  # the bot played seat 1's turn
                assert time.monotonic() < deadline, "the bot did not play the zombie seat"
        assert seen_zombie
        rows = pg_journal(table)
        assert [(r[1], r[2]) for r in rows if r[0] == version] == [("zombie", 1)]
        after = [r for r in rows if r[0] > version]
        assert after and all(r[2] == 1 and r[4] for r in after)  # by the bot, for seat 1
        assert get(b, table, tokens[1])["turn_order"][1]["kind"] == "bot"
