"""A real server (``tabletide serve``, uvicorn) killed with SIGKILL and started again: every
table continues exactly where it was, people's moves are accepted, and bots go on by
themselves."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx

SERVE = "from tabletide.cli import main; main()"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server(db: Path, port: int, bot_delay: float, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``tabletide serve`` in its own process group; killed (SIGKILL) when the block ends
    unless the test has killed it already."""
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVE,
                "serve",
                "--port",
                str(port),
                "--database-url",
                f"sqlite:///{db}",
                "--bot-workers",
                "1",
                "--bot-delay",
                str(bot_delay),
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
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield proc
    finally:
        kill(proc)


def kill(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server and its bot workers (its process group), as a crash would."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)


def get(base: str, table: str, token: str) -> dict[str, Any]:
    response = httpx.get(
        f"{base}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}, timeout=30
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def post(base: str, path: str, token: str | None, body: dict[str, Any]) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{base}{path}", headers=headers, json=body, timeout=30)


def test_a_killed_server_continues_every_table_where_it_was(tmp_path: Path) -> None:
    db = tmp_path / "restart.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    # First life: bots wait a long time before moving, so the kill finds one waiting.
    with server(db, port, bot_delay=600, log=log) as proc:
        created = post(
            base,
            "/api/tables",
            None,
            {"game": "shipyard", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3},
        ).json()
        people = created["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in created["links"]["seats"]}
        for _ in range(7):
            seat = get(base, people, created["links"]["spectator"]["token"])["current_player"]
            mine = get(base, people, tokens[seat])
            moved = post(
                base,
                f"/api/tables/{people}/actions",
                tokens[seat],
                {"index": len(mine["legal_actions"]) - 1, "version": mine["version"]},
            )
            assert moved.status_code == 200, moved.text
        undone = post(base, f"/api/tables/{people}/undo", tokens[seat], {})
        assert undone.status_code in (200, 409)
        before = {s: get(base, people, t) for s, t in tokens.items()}

        versus = post(
            base,
            "/api/tables",
            None,
            {
                "game": "shipyard",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "seed": 5,  # the bot's seat 1 decides first
            },
        ).json()
        bot_table = versus["table"]["id"]
        human = versus["links"]["seats"][0]["token"]
        waiting = get(base, bot_table, human)
        assert waiting["current_player"] == 1 and waiting["version"] == 0
        kill(proc)

    # Second life: the same database.
    with server(db, port, bot_delay=0, log=log):
        after = {s: get(base, people, t) for s, t in tokens.items()}
        assert after == before, "the table is exactly where it was"
        seat = after[0]["current_player"]
        nxt = post(
            base,
            f"/api/tables/{people}/actions",
            tokens[seat],
            {"index": 0, "version": after[seat]["version"]},
        )
        assert nxt.status_code == 200, nxt.text
        assert nxt.json()["version"] == after[seat]["version"] + 1
        # The bot, which was about to move when the server died, moves now by itself.
        deadline = time.monotonic() + 60
        while get(base, bot_table, human)["version"] == 0:
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        assert get(base, bot_table, human)["table"]["seats"][1]["bot"] == "random"
