"""What an operator relies on (issue 25): bot workers die with the server, one server per
SQLite file, a cap on WebSockets per address, idempotent moves, and no traceback when a
client leaves while its move is answered."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from tabletide.web.app import create_app
from tabletide.web.db import DatabaseInUse, DatabaseLock

from .helpers import bearer, create, journal, recv, running, view, web_settings
from .test_restart import SERVE, free_port, get, post, server


# ---------------------------------------------------------------- bot workers die with the server
def children(pid: int) -> set[int]:
    """The processes ``pid`` started, and theirs (from /proc)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            with contextlib.suppress(OSError):
                for child in (task / "children").read_text().split():
                    if int(child) not in found:
                        found.add(int(child))
                        todo.append(int(child))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for a reaper does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    state = next((line for line in status.splitlines() if line.startswith("State:")), "")
    return "Z" not in state.split()[1:2]


def test_bot_workers_exit_when_the_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    workers: set[int] = set()
    with server(tmp_path / "orphans.sqlite3", port, bot_delay=0, log=tmp_path / "s.log") as proc:
        try:
            body = {
                "game": "shipyard",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "seed": 5,  # the bot's seat 1 decides first
            }
            created = post(base, "/api/tables", None, body).json()
            table, token = created["table"]["id"], created["links"]["seats"][0]["token"]
            deadline = time.monotonic() + 60
            while get(base, table, token)["version"] == 0:  # the pool exists once it moved
                assert time.monotonic() < deadline, "the bot did not move"
                time.sleep(0.1)
            workers = children(proc.pid)
            assert workers, "the bot pool's workers are the server's children"
            os.kill(proc.pid, signal.SIGKILL)  # the server only, as a crash would
            proc.wait(timeout=30)
            deadline = time.monotonic() + 10
            while left := [pid for pid in workers if alive(pid)]:
                assert time.monotonic() < deadline, f"orphaned workers still run: {left}"
                time.sleep(0.1)
        finally:
            for pid in workers:  # whatever the outcome, leave nothing running
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


# ---------------------------------------------------------------- one server per SQLite file
def test_a_second_app_on_the_same_sqlite_file_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "one.sqlite3"
    with (
        running(web_settings(db)),
        pytest.raises(DatabaseInUse, match="another tabletide server"),
    ):
        create_app(web_settings(db))
    with running(web_settings(db)) as client:  # the lock went with the first app
        assert client.get("/api/health").status_code == 200
    assert DatabaseLock.for_url("postgresql+psycopg://u:p@localhost/tt") is None
    assert DatabaseLock.for_url("sqlite://") is None


def test_a_second_server_on_the_same_sqlite_file_exits_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite3"
    lock = DatabaseLock.for_url(f"sqlite:///{db}")
    assert lock is not None
    lock.acquire()  # as the first server does
    try:
        run = subprocess.run(
            [
                sys.executable,
                "-c",
                SERVE,
                "serve",
                "--port",
                str(free_port()),
                "--database-url",
                f"sqlite:///{db}",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "COLUMNS": "300"},
        )
    finally:
        lock.release()
    said = (run.stdout + run.stderr).strip()
    assert run.returncode == 2, said
    assert len(said.splitlines()) == 1, said
    assert "another tabletide server" in said and f"pid {os.getpid()}" in said


# ---------------------------------------------------------------- WebSockets per address
def test_websockets_per_address_are_capped(tmp_path: Path) -> None:
    with running(web_settings(tmp_path / "cap.sqlite3", max_websockets_per_client=2)) as client:
        table = create(client)
        path = f"/ws/tables/{table.id}"
        with client.websocket_connect(path) as first, client.websocket_connect(path) as second:
            for ws in (first, second):
                ws.send_json({"type": "hello", "token": table.tokens[0]})
                assert recv(ws)["type"] == "state"
            with client.websocket_connect(path) as third:
                refused = recv(third)
                assert refused["type"] == "error" and refused["status"] == 429
                assert "WebSockets per address" in refused["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    recv(third)
                assert closed.value.code == 4429
        with client.websocket_connect(path) as again:  # closed ones no longer count
            again.send_json({"type": "hello", "token": table.tokens[0]})
            assert recv(again)["type"] == "state"


# ---------------------------------------------------------------- idempotency keys
def test_a_repeated_idempotency_key_plays_nothing_again(client: TestClient, db: Path) -> None:
    table = create(client)
    seat = view(client, table, None)["current_player"]
    url = f"/api/tables/{table.id}/actions"
    headers = {**bearer(table.tokens[seat]), "Idempotency-Key": "move-1"}
    first = client.post(url, headers=headers, json={"index": 0})
    again = client.post(url, headers=headers, json={"index": 0})
    assert first.status_code == again.status_code == 200
    assert {k: again.json()[k] for k in ("ok", "version", "ply")} == {
        k: first.json()[k] for k in ("ok", "version", "ply")
    }
    assert len(journal(db, table.id)) == 1, "applied once"
    # Over the WebSocket, the same key (same seat, same table) is the same request.
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        seat_now = view(client, table, None)["current_player"]
        ws.send_json({"type": "hello", "token": table.tokens[seat_now]})
        assert recv(ws)["type"] == "state"
        for _ in range(2):
            ws.send_json({"type": "act", "index": 0, "id": 7, "key": "ws-move"})
            while (message := recv(ws))["type"] == "state":
                pass
            assert message["type"] == "ack" and message["version"] == 2
    assert len(journal(db, table.id)) == 2
    refused = client.post(
        url, headers={**bearer(table.tokens[seat]), "Idempotency-Key": "no spaces"}, json={}
    )
    assert refused.status_code == 400 and "Idempotency-Key" in refused.text


def test_a_repeated_undo_key_takes_back_once(client: TestClient, db: Path) -> None:
    table = create(client, seed=3)
    seat = view(client, table, None)["current_player"]
    for index in range(5):  # a reversible move of the seat's own turn
        moved = client.post(
            f"/api/tables/{table.id}/actions",
            headers=bearer(table.tokens[seat]),
            json={"index": index},
        )
        assert moved.status_code == 200
        if view(client, table, seat)["undo"]["depth"] > 0:
            break
        pytest.skip("no reversible move at this seed")  # pragma: no cover
    headers = {**bearer(table.tokens[seat]), "Idempotency-Key": "undo-1"}
    before = len(journal(db, table.id))
    first = client.post(f"/api/tables/{table.id}/undo", headers=headers, json={})
    again = client.post(f"/api/tables/{table.id}/undo", headers=headers, json={})
    assert first.status_code == again.status_code == 200, again.text
    assert again.json()["version"] == first.json()["version"]
    assert len(journal(db, table.id)) == before + 1


# ---------------------------------------------------------------- a client leaving mid-answer
def test_a_client_leaving_right_after_its_move_leaves_no_traceback(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    with server(tmp_path / "leave.sqlite3", port, bot_delay=0, log=log):
        body = {"game": "shipyard", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}
        created = post(base, "/api/tables", None, body).json()
        table = created["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in created["links"]["seats"]}
        spectator = created["links"]["spectator"]["token"]
        for _ in range(6):
            before = get(base, table, spectator)
            seat = before["current_player"]
            with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}") as ws:
                ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
                json.loads(ws.recv(timeout=30))
                ws.send(json.dumps({"type": "act", "index": 0, "id": 1}))
            # closed at once: the server pushes the new view and acks into a closed socket
            deadline = time.monotonic() + 30
            while get(base, table, spectator)["version"] == before["version"]:
                assert time.monotonic() < deadline, log.read_text()[-3000:]
                time.sleep(0.05)
        # Let the last ack (sent after the move is stored) fail, then read the log.
        time.sleep(0.5)
    text = log.read_text()
    assert "Traceback" not in text and "WebSocketDisconnected" not in text, text[-3000:]
