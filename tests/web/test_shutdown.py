"""Graceful shutdown (``serving.py``, ``TableService.drain``): a move under way is stored and
answered, later ones get 503, ``/healthz`` says draining, and a real server on SIGTERM closes
its WebSockets with 1012 and a reason, then stops."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tabletide.web.tables import SHUTDOWN_CODE, SHUTDOWN_REASON

from .helpers import act, create, journal, running, service, web_settings
from .test_restart import free_port, kill, post


def test_drain_finishes_the_move_under_way_then_refuses(tmp_path: Path) -> None:
    db = tmp_path / "drain.sqlite3"
    with running(web_settings(db)) as client:
        table = create(client, "shipyard", ["human", "human"], seed=4)
        svc = service(client)
        append = svc.store.append_many
        entered = threading.Event()

        def slow_append(*args: Any, **kwargs: Any) -> Any:
            entered.set()
            time.sleep(0.5)  # the move is being journaled when the shutdown begins
            return append(*args, **kwargs)

        svc.store.append_many = slow_append  # type: ignore[method-assign]
        seat = client.get(
            f"/api/tables/{table.id}", headers={"Authorization": f"Bearer {table.spectator}"}
        ).json()["current_player"]
        answers: list[Any] = []
        mover = threading.Thread(target=lambda: answers.append(act(client, table, seat, 0)))
        mover.start()
        assert entered.wait(10)
        started = time.monotonic()
        assert client.portal is not None
        client.portal.call(svc.drain, 10.0)
        waited = time.monotonic() - started
        mover.join(10)
        assert answers and answers[0].status_code == 200, answers
        assert waited > 0.2, "the drain waited for the move"
        assert len(journal(db, table.id)) == 1
        later = act(client, table, 1 - seat, 0)
        assert later.status_code == 503 and later.json()["error"] == SHUTDOWN_REASON
        assert len(journal(db, table.id)) == 1
        health = client.get("/healthz")
        assert health.status_code == 503 and health.json()["status"] == "draining"


def test_sigterm_closes_websockets_with_a_reason_and_exits(tmp_path: Path) -> None:
    db = tmp_path / "term.sqlite3"
    port = free_port()
    log = tmp_path / "server.log"
    base = f"http://127.0.0.1:{port}"
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from tabletide.cli import main; main()",
                "serve",
                "--port",
                str(port),
                "--database-url",
                f"sqlite:///{db}",
                "--bot-workers",
                "1",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, log.read_text()
            try:
                health = httpx.get(f"{base}/healthz", timeout=1)
                if health.status_code == 200:
                    assert health.json() == {"status": "ok", "database": "ok"}
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        created = post(
            base,
            "/api/tables",
            None,
            {"game": "shipyard", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1},
        ).json()
        table = created["table"]["id"]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": created["links"]["spectator"]["token"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
            proc.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=20)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == SHUTDOWN_CODE
            assert closed.value.rcvd.reason == SHUTDOWN_REASON
        # uvicorn re-raises the signal it caught once it has shut down, so the process ends
        # "killed by SIGTERM", which init systems count as a clean stop.
        assert proc.wait(timeout=30) in (0, -signal.SIGTERM), log.read_text()[-3000:]
        assert "Application shutdown complete" in log.read_text()
    finally:
        kill(proc)
