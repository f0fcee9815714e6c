"""Many server processes over one PostgreSQL database (``cluster.py``): real uvicorn
processes on their own ports, sharing TABLETIDE_TEST_POSTGRES_URL.

* a move sent to one process reaches a WebSocket on the other within 200 ms (LISTEN/NOTIFY),
  and both answer the same view to every seat;
* a bot table keeps moving when the process holding its bot turn is killed with SIGKILL (the
  lease lapses, the other process claims the job from ``tt_bot_jobs``); every acknowledged
  move is in the journal once, the journal replays, and a third process rebuilds the same view;
* a process stopped by SIGTERM while holding a bot's turn hands it back at once (no waiting
  for the lease);
* ``tabletide serve --workers 2`` answers ``/healthz`` and stops on SIGTERM.

Marked ``postgres`` (``.ci/run`` starts a throwaway cluster); fails without the URL."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import connect

from .test_restart import free_port, get, kill, post

URL = os.environ.get("TABLETIDE_TEST_POSTGRES_URL")
pytestmark = pytest.mark.postgres

RUN = textwrap.dedent(
    """
    import sys, uvicorn
    from tabletide.web.app import create_app
    from tabletide.web.settings import WebSettings
    port, url, delay, lease = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    big = 1_000_000
    settings = WebSettings(database_url=url, bot_workers=1, bot_delay=delay, bot_lease=lease,
        client_rate=big, client_burst=big, token_rate=big, token_burst=big,
        create_rate=big, create_burst=big)
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="info")
    """
)


def need_url() -> str:
    assert URL, "set TABLETIDE_TEST_POSTGRES_URL to an empty PostgreSQL database (.ci/run does)"
    return URL


def wait_healthy(proc: subprocess.Popen[bytes], base: str, log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, log.read_text()[-3000:]
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)


@contextmanager
def node(
    tmp_path: Path, name: str, bot_delay: float = 0.0, lease: float = 2.0
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A server process on its own port over the shared database (its own process group,
    SIGKILLed when the block ends unless the test killed it already)."""
    port = free_port()
    log = tmp_path / f"{name}.log"
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", RUN, str(port), need_url(), str(bot_delay), str(lease)],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(proc, base, log)
        yield base, proc
    finally:
        kill(proc)


def create(base: str, seats: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    response = post(base, "/api/tables", None, {"game": "shipyard", "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def socket(stack: ExitStack, base: str, table: str, token: str) -> Any:
    """A WebSocket at the table, past its hello (closed when ``stack`` closes)."""
    url = base.replace("http", "ws") + f"/ws/tables/{table}"
    ws = stack.enter_context(connect(url, open_timeout=10))
    ws.send(json.dumps({"type": "hello", "token": token}))
    first = json.loads(ws.recv(timeout=10))
    assert first["type"] == "state", first
    return ws


def journal(table: str) -> list[tuple[Any, ...]]:
    engine = create_engine(need_url())
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT seq, kind, seat, action, by_bot FROM tt_moves "
                    "WHERE table_id = :t ORDER BY seq"
                ),
                {"t": table},
            ).all()
        return [tuple(r) for r in rows]
    finally:
        engine.dispose()


def claimed_by(table: str) -> str | None:
    engine = create_engine(need_url())
    try:
        with engine.connect() as conn:
            value = conn.execute(
                text("SELECT claimed_by FROM tt_bot_jobs WHERE table_id = :t"), {"t": table}
            ).scalar()
        return None if value is None else str(value)
    finally:
        engine.dispose()


def test_a_move_on_one_process_reaches_the_others_websockets(tmp_path: Path) -> None:
    with node(tmp_path, "a") as (a, _), node(tmp_path, "b") as (b, _):
        created = create(a, [{"kind": "human"}, {"kind": "human"}], seed=11)
        table = created["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in created["links"]["seats"]}
        spectator = created["links"]["spectator"]["token"]
        delays: list[float] = []
        acks: list[float] = []
        with ExitStack() as stack:
            watchers = {base: socket(stack, base, table, spectator) for base in (a, b)}
            players = {
                (base, seat): socket(stack, base, table, tokens[seat])
                for base in (a, b)
                for seat in (0, 1)
            }
            rng = random.Random(3)
            state = json.loads(json.dumps(get(a, table, spectator)))
            for i in range(16):
                # Alternate the process that takes the move (over the seat's WebSocket there);
                # time the other process's push to its spectator.
                mover, other = (a, b) if i % 2 == 0 else (b, a)
                seat = state["current_player"]
                mine = get(mover, table, tokens[seat])
                ws = players[(mover, seat)]
                started = time.perf_counter()
                ws.send(
                    json.dumps(
                        {
                            "type": "act",
                            "index": rng.randrange(len(mine["legal_actions"])),
                            "version": mine["version"],
                            "id": i,
                        }
                    )
                )
                while True:
                    reply = json.loads(ws.recv(timeout=10))
                    if reply["type"] == "ack":
                        acks.append(time.perf_counter() - started)
                        break
                    assert reply["type"] == "state", reply
                version = reply["version"]
                for base, watcher in watchers.items():
                    while True:
                        message = json.loads(watcher.recv(timeout=5))
                        if message["type"] == "state" and message["version"] == version:
                            break
                    if base == other:
                        delays.append(time.perf_counter() - started)
                        state = message
        delays.sort()
        print("mover's ack (ms):", sorted(round(d * 1000) for d in acks))
        print("push on the other process (ms):", [round(d * 1000) for d in delays])
        # From the move sent to the other process's WebSocket holding it. The machine that
        # runs the tests is shared (load 4-8 on 2 cores seen): the median must be within
        # 200 ms and none may take a second.
        assert delays[len(delays) // 2] < 0.2 and delays[-1] < 1.0, delays
        for seat in (0, 1, None):
            token = spectator if seat is None else tokens[seat]
            assert get(a, table, token) == get(b, table, token)
        # An undo on one process: the other rebuilds (its log is the shorter one again).
        seat = get(a, table, spectator)["current_player"]
        mine = get(a, table, tokens[seat])
        if mine["undo"]["depth"] == 0:
            index = 0
            while True:
                moved = post(a, f"/api/tables/{table}/actions", tokens[seat], {"index": index})
                assert moved.status_code == 200, moved.text
                mine = get(a, table, tokens[seat])
                if mine["undo"]["depth"] > 0 or not mine["your_turn"]:
                    break
        assert mine["undo"]["depth"] > 0, "an undoable move was made"
        undone = post(a, f"/api/tables/{table}/undo", tokens[seat], {})
        assert undone.status_code == 200, undone.text
        deadline = time.monotonic() + 5
        while get(b, table, spectator)["version"] != undone.json()["version"]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        for seat in (0, 1, None):
            token = spectator if seat is None else tokens[seat]
            assert get(a, table, token) == get(b, table, token)


def test_a_bot_table_goes_on_when_its_process_is_killed(tmp_path: Path) -> None:
    delay = 0.8  # the kill lands while the bot's turn is held (paused) by its process
    with (
        node(tmp_path, "a", bot_delay=delay) as (a, proc_a),
        node(tmp_path, "b", bot_delay=delay) as (b, _),
    ):
        created = create(a, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
        table = created["table"]["id"]
        human = created["links"]["seats"][0]["token"]
        acked: dict[int, dict[str, Any]] = {}
        rng = random.Random(1)
        killed = False
        bot_moves_after_kill = 0
        deadline = time.monotonic() + 120
        seen_version = 0
        while bot_moves_after_kill < 6:
            assert time.monotonic() < deadline, (tmp_path / "b.log").read_text()[-3000:]
            if not killed:
                holder = claimed_by(table)
                if holder is not None and f":{proc_a.pid}:" in holder:
                    kill(proc_a)  # SIGKILL while it holds the bot's turn
                    killed = True
                    killed_at = get(b, table, human)["version"]
            view = get(b, table, human)
            if view["terminal"]:
                break
            if killed and view["version"] > seen_version:
                rows = journal(table)
                bot_moves_after_kill = sum(1 for r in rows if r[4] and r[0] > killed_at)
            seen_version = view["version"]
            if view["your_turn"]:
                choice = rng.randrange(len(view["legal_actions"]))
                moved = post(
                    b,
                    f"/api/tables/{table}/actions",
                    human,
                    {"index": choice, "version": view["version"]},
                )
                if moved.status_code == 200:
                    acked[moved.json()["version"]] = view["legal_actions"][choice]["action"]
                else:
                    assert moved.status_code == 409, moved.text
            else:
                time.sleep(0.05)
        assert killed, "process a never held the bot's turn"
        rows = journal(table)
        assert [r[0] for r in rows] == list(range(1, len(rows) + 1)), "one row per version"
        for version, action in acked.items():  # every acknowledged move, once, in its row
            assert json.loads(rows[version - 1][3]) == action and rows[version - 1][2] == 0
        assert all(r[2] == 1 for r in rows if r[4]), "only the bot's seat moves by bot"
        final = get(b, table, human)
    # A fresh process rebuilds the table from the journal alone: it replays, and it is the
    # same table the survivor showed.
    with node(tmp_path, "c") as (c, _):
        again = get(c, table, human)
        assert again["version"] == final["version"]
        assert again["observation"] == final["observation"]


def test_serve_with_two_workers_answers_and_stops_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "workers.log"
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from tabletide.cli import main; main()",
                "serve",
                "--port",
                str(port),
                "--workers",
                "2",
                "--database-url",
                need_url(),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(proc, base, log)
        body = httpx.get(f"{base}/healthz", timeout=5).json()
        assert body == {"status": "ok", "database": "ok", "listening": "ok"}
        created = create(base, [{"kind": "human"}, {"kind": "human"}], seed=2)
        token = created["links"]["spectator"]["token"]
        views = {json.dumps(get(base, created["table"]["id"], token)) for _ in range(8)}
        assert len(views) == 1, "every worker answers the same view"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0, log.read_text()[-3000:]
    finally:
        kill(proc)
    assert log.read_text().count("Application shutdown complete") == 2


def test_a_stopping_process_hands_its_bot_turn_back_at_once(tmp_path: Path) -> None:
    # Leases of a minute: a takeover within seconds shows the turn was released, not lapsed.
    # A bot turn pauses 4 s before its first move, so the SIGTERM finds it still pausing.
    with (
        node(tmp_path, "a", bot_delay=4.0, lease=60) as (a, proc_a),
        node(tmp_path, "b", bot_delay=4.0, lease=60) as (b, _),
    ):
        created = create(a, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
        table = created["table"]["id"]
        human = created["links"]["seats"][0]["token"]
        rng = random.Random(2)
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "process a never held the bot's turn"
            holder = claimed_by(table)
            if holder is not None and f":{proc_a.pid}:" in holder:
                break
            view = get(b, table, human)
            if view["your_turn"]:
                choice = rng.randrange(len(view["legal_actions"]))
                post(b, f"/api/tables/{table}/actions", human, {"index": choice})
            else:
                time.sleep(0.05)
        before = get(b, table, human)["version"]
        proc_a.send_signal(signal.SIGTERM)
        stopped = time.monotonic()
        proc_a.wait(timeout=30)
        assert get(b, table, human)["version"] == before, "a stopped without moving"
        while get(b, table, human)["version"] == before:  # b plays the bot's move
            assert time.monotonic() - stopped < 15, (tmp_path / "b.log").read_text()[-3000:]
            time.sleep(0.05)
        holder = claimed_by(table)
        assert holder is None or f":{proc_a.pid}:" not in holder
