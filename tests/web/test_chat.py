"""The chat of a table (issue 25, ``web/chat.py``): seats write over REST or the WebSocket,
every connection of the table (spectators too) gets the message live, spectators cannot
write, the text is cleaned and limited, each seat is rate limited, history is read with
``since``, and the chat is in the database (it survives a restart)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy import text as sql

from .helpers import UNLIMITED, Table, bearer, create, recv, running, web_settings
from .test_cluster import need_url, node, socket
from .test_restart import free_port, kill, post, server


@pytest.fixture(scope="module")
def client(db: Path) -> Iterator[TestClient]:
    """This module's app: no chat rate limit (one test makes its own app with the limit)."""
    with running(web_settings(db, chat_rate=UNLIMITED, chat_burst=UNLIMITED)) as test_client:
        yield test_client


def named_table(client: TestClient) -> Table:
    body = {
        "game": "shipyard",
        "seats": [
            {"kind": "human", "name": "Ada"},
            {"kind": "human", "name": "Bea"},
            {"kind": "bot", "bot": "random", "name": "Robo"},
        ],
        "seed": 7,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    tokens = {s["seat"]: s["token"] for s in data["links"]["seats"]}
    return Table(data["table"]["id"], tokens, data["links"]["spectator"]["token"], data)


def say(client: TestClient, table: Table, token: str, text: Any) -> Any:
    return client.post(f"/api/tables/{table.id}/chat", headers=bearer(token), json={"text": text})


def history(client: TestClient, table: Table, token: str, since: int | None = None) -> Any:
    query = "" if since is None else f"?since={since}"
    response = client.get(f"/api/tables/{table.id}/chat{query}", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def stored(db: Path, table_id: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT seq, seat, text FROM tt_chat WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()


def hello(ws: Any, token: str) -> None:
    ws.send_json({"type": "hello", "token": token})
    assert recv(ws)["type"] == "state"


def next_chat(ws: Any) -> dict[str, Any]:
    """The next ``chat`` message on the socket (state pushes in between are skipped)."""
    for _ in range(20):
        message: dict[str, Any] = recv(ws)
        if message["type"] == "chat":
            return message
    raise AssertionError("no chat message arrived")


def test_a_seat_writes_over_rest_and_every_reader_gets_it(client: TestClient, db: Path) -> None:
    table = named_table(client)
    answer = say(client, table, table.tokens[1], "Ahoy, Ada!")
    assert answer.status_code == 201, answer.text
    message = answer.json()["message"]
    assert {k: message[k] for k in ("seq", "seat", "name", "text")} == {
        "seq": 1,
        "seat": 1,
        "name": "Bea",
        "text": "Ahoy, Ada!",
    }
    assert message["at"].endswith("Z")
    assert say(client, table, table.tokens[0], "Ahoy!").json()["message"]["seq"] == 2
    for reader in (table.tokens[0], table.tokens[1], table.spectator):
        got = history(client, table, reader)
        assert [(m["seq"], m["name"], m["text"]) for m in got] == [
            (1, "Bea", "Ahoy, Ada!"),
            (2, "Ada", "Ahoy!"),
        ]
    assert stored(db, table.id) == [(1, 1, "Ahoy, Ada!"), (2, 0, "Ahoy!")]


def test_messages_reach_every_websocket_of_the_table_live(client: TestClient) -> None:
    table = named_table(client)
    other = named_table(client)
    url = f"/ws/tables/{table.id}"
    with (
        client.websocket_connect(url) as ada,
        client.websocket_connect(url) as bea,
        client.websocket_connect(url) as watcher,
        client.websocket_connect(f"/ws/tables/{other.id}") as elsewhere,
    ):
        hello(ada, table.tokens[0])
        hello(bea, table.tokens[1])
        hello(watcher, table.spectator)
        hello(elsewhere, other.tokens[0])
        ada.send_json({"type": "chat", "text": "  fair winds  ", "id": 7})
        ack = recv(ada)
        while ack["type"] != "ack":  # the push may come before or after the ack
            assert ack["type"] == "chat"
            ack = recv(ada)
        assert ack == {"type": "ack", "id": 7, "chat": 1}
        for ws in (bea, watcher):
            pushed = next_chat(ws)["messages"]
            assert [(m["seq"], m["seat"], m["name"], m["text"]) for m in pushed] == [
                (1, 0, "Ada", "fair winds")
            ]
        # A message sent over REST reaches the sockets too, the sender's own included.
        assert say(client, table, table.tokens[1], "and following seas").status_code == 201
        for ws in (ada, bea, watcher):
            assert next_chat(ws)["messages"][0]["text"] == "and following seas"
        # Another table's socket got nothing: its next message is the answer to a ping.
        elsewhere.send_json({"type": "ping", "id": 1})
        assert recv(elsewhere) == {"type": "pong", "id": 1}


def test_text_is_cleaned_trimmed_and_limited(client: TestClient, db: Path) -> None:
    table = named_table(client)
    token = table.tokens[0]
    markup = "<script>alert('x')</script> <b>bold</b> &amp;"
    assert say(client, table, token, markup).json()["message"]["text"] == markup
    dirty = "\x00\x07Land\x1b[31m\nho!\t\u202eevil\u2066 🚢 \u200d"
    cleaned = say(client, table, token, dirty).json()["message"]["text"]
    assert cleaned == "Land[31m ho! evil 🚢"
    lone = client.post(  # a lone surrogate (only JSON's escapes can send one) is refused
        f"/api/tables/{table.id}/chat",
        headers={**bearer(token), "content-type": "application/json"},
        content=b'{"text": "a\\ud800b"}',
    )
    assert lone.status_code == 422 and "text" in lone.json()["error"]
    emoji = "\U0001fae8 \U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    kept = say(client, table, token, emoji).json()["message"]["text"]
    assert kept == emoji, "newer emoji and flag tag sequences are kept"
    assert say(client, table, token, "x" * 500).status_code == 201
    refusals = [
        ("", 400, "needs some text"),
        ("   \n\t ", 400, "needs some text"),
        ("\x00\x01\u202e", 400, "needs some text"),
        ("\u200d \u200c", 400, "needs some text"),
        ("y" * 501, 400, "at most 500 characters (this one has 501)"),
        (" " * 10 + "z" * 501 + " " * 10, 400, "this one has 501"),
        (42, 422, "text"),
        (None, 422, "text"),
        ("w" * 4001, 422, "text"),
    ]
    for text, status, words in refusals:
        answer = say(client, table, token, text)
        assert answer.status_code == status, (text, answer.text)
        assert words in answer.json()["error"]
    assert [row[2] for row in stored(db, table.id)] == [markup, cleaned, emoji, "x" * 500]
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, token)
        ws.send_json({"type": "chat", "text": " ", "id": "a"})
        error = recv(ws)
        assert (error["type"], error["status"], error["id"]) == ("error", 400, "a")
        ws.send_json({"type": "chat", "text": "hi", "id": 3, "extra": 1})
        error = recv(ws)
        assert (error["type"], error["status"], error["id"]) == ("error", 400, 3)
    assert len(stored(db, table.id)) == 4


def test_spectators_read_but_cannot_write(client: TestClient, db: Path) -> None:
    table = named_table(client)
    answer = say(client, table, table.spectator, "let me in")
    assert answer.status_code == 403
    assert answer.json()["error"] == "spectators can read the chat but not write in it"
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        hello(ws, table.spectator)
        ws.send_json({"type": "chat", "text": "hello?", "id": 1})
        error = recv(ws)
        assert (error["type"], error["status"], error["id"]) == ("error", 403, 1)
        assert "spectators" in error["error"]
        assert say(client, table, table.tokens[0], "welcome aboard").status_code == 201
        assert next_chat(ws)["messages"][0]["text"] == "welcome aboard"
    assert stored(db, table.id) == [(1, 0, "welcome aboard")]
    # Only this table's tokens open its chat.
    other = create(client)
    assert say(client, table, other.tokens[0], "hi").status_code == 403
    response = client.get(f"/api/tables/{table.id}/chat", headers=bearer(other.spectator))
    assert response.status_code == 403
    assert client.get(f"/api/tables/{table.id}/chat").status_code == 401


def test_history_gives_the_latest_messages_after_since(client: TestClient) -> None:
    table = named_table(client)
    for i in range(1, 121):
        assert say(client, table, table.tokens[i % 2], f"message {i}").status_code == 201
    latest = history(client, table, table.spectator)
    assert [m["seq"] for m in latest] == list(range(21, 121)), "the latest 100, oldest first"
    assert latest[-1]["text"] == "message 120"
    after = history(client, table, table.tokens[0], since=110)
    assert [m["seq"] for m in after] == list(range(111, 121))
    assert history(client, table, table.tokens[0], since=120) == []
    bad = client.get(f"/api/tables/{table.id}/chat?since=-1", headers=bearer(table.spectator))
    assert bad.status_code == 422


def test_each_seat_is_rate_limited(tmp_path: Path) -> None:
    with running(web_settings(tmp_path / "rate.sqlite3")) as app_client:
        limiter = app_client.app.state.chat.limiter  # type: ignore[attr-defined]
        moment = [1000.0]
        limiter.clock = lambda: moment[0]  # time stands still until the test moves it
        table = named_table(app_client)
        for i in range(5):  # the burst
            assert say(app_client, table, table.tokens[0], f"m{i}").status_code == 201
        refused = say(app_client, table, table.tokens[0], "one too many")
        assert refused.status_code == 429
        assert refused.json()["error"] == "you are chatting too fast: wait 1.0 s and send it again"
        assert refused.headers["retry-after"] == "1"
        with app_client.websocket_connect(f"/ws/tables/{table.id}") as ws:
            hello(ws, table.tokens[0])
            ws.send_json({"type": "chat", "text": "still too many", "id": 9})
            error = recv(ws)
            assert (error["type"], error["status"], error["id"]) == ("error", 429, 9)
            assert error["retry_after"] == 1.0
        # Another seat has its own allowance; a second later the first may send one more.
        assert say(app_client, table, table.tokens[1], "me too").status_code == 201
        moment[0] += 1.0
        assert say(app_client, table, table.tokens[0], "now").status_code == 201
        assert say(app_client, table, table.tokens[0], "and again").status_code == 429
        texts = [m["text"] for m in history(app_client, table, table.spectator)]
        assert texts == ["m0", "m1", "m2", "m3", "m4", "me too", "now"]


def test_the_chat_survives_a_killed_server(tmp_path: Path) -> None:
    db = tmp_path / "chat-restart.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    with server(db, port, bot_delay=0, log=log) as proc:
        created = post(
            base,
            "/api/tables",
            None,
            {
                "game": "shipyard",
                "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}],
                "seed": 3,
            },
        ).json()
        table = created["table"]["id"]
        token = created["links"]["seats"][0]["token"]
        for text in ("first", "second"):
            sent = post(base, f"/api/tables/{table}/chat", token, {"text": text})
            assert sent.status_code == 201, sent.text
        kill(proc)
    with server(db, port, bot_delay=0, log=log):
        spectator = created["links"]["spectator"]["token"]
        got = httpx.get(
            f"{base}/api/tables/{table}/chat",
            headers={"Authorization": f"Bearer {spectator}"},
            timeout=30,
        ).json()["messages"]
        assert [(m["seq"], m["name"], m["text"]) for m in got] == [
            (1, "Ada", "first"),
            (2, "Ada", "second"),
        ]
        sent = post(base, f"/api/tables/{table}/chat", token, {"text": "third"})
        assert sent.json()["message"]["seq"] == 3, "numbering goes on after the restart"


@pytest.mark.postgres
def test_a_message_on_one_process_reaches_the_others_websockets(tmp_path: Path) -> None:
    """Two server processes on one PostgreSQL database: a message sent to either reaches the
    WebSockets held by the other (NOTIFY tabletide_chat), and messages sent to both at once
    get distinct numbers (the primary key makes the loser retry)."""

    def chat_from(ws: Any) -> dict[str, Any]:
        for _ in range(20):
            message: dict[str, Any] = json.loads(ws.recv(timeout=15))
            if message["type"] == "chat":
                return message
        raise AssertionError("no chat message arrived")

    with node(tmp_path, "a") as (a, _), node(tmp_path, "b") as (b, _), ExitStack() as stack:
        created = post(
            a,
            "/api/tables",
            None,
            {
                "game": "shipyard",
                "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}],
                "seed": 11,
            },
        ).json()
        table = created["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in created["links"]["seats"]}
        ada = socket(stack, a, table, tokens[0])
        bea = socket(stack, b, table, tokens[1])
        watcher = socket(stack, b, table, created["links"]["spectator"]["token"])

        sent = post(a, f"/api/tables/{table}/chat", tokens[0], {"text": "from A"})
        assert sent.status_code == 201, sent.text
        for ws in (bea, watcher):
            got = chat_from(ws)["messages"]
            assert [(m["seq"], m["name"], m["text"]) for m in got] == [(1, "Ada", "from A")]
        assert chat_from(ada)["messages"][0]["text"] == "from A"  # its own process's push

        bea.send(json.dumps({"type": "chat", "text": "from B", "id": 1}))
        got = chat_from(ada)["messages"]
        assert [(m["seq"], m["name"], m["text"]) for m in got] == [(2, "Bea", "from B")]

        def send(args: tuple[str, str, int]) -> int:
            base, token, i = args
            answer = post(base, f"/api/tables/{table}/chat", token, {"text": f"race {i}"})
            assert answer.status_code == 201, answer.text
            seq: int = answer.json()["message"]["seq"]
            return seq

        jobs = [(a, tokens[0], i) if i % 2 else (b, tokens[1], i) for i in range(8)]
        with ThreadPoolExecutor(4) as pool:
            seqs = list(pool.map(send, jobs))
        assert sorted(seqs) == list(range(3, 11)), "every message got its own number"
        engine = create_engine(need_url())
        try:
            with engine.connect() as conn:
                rows = conn.execute(
                    sql("SELECT seq, text FROM tt_chat WHERE table_id = :t ORDER BY seq"),
                    {"t": table},
                ).all()
        finally:
            engine.dispose()
        assert [r[0] for r in rows] == list(range(1, 11))
        assert sorted(r[1] for r in rows[2:]) == sorted(f"race {i}" for i in range(8))
        # Every socket saw every message exactly once, whichever process took it.
        for ws in (ada, bea, watcher):
            seen: list[int] = []
            while len(seen) < 8:
                seen += [m["seq"] for m in chat_from(ws)["messages"] if m["seq"] > 2]
            assert sorted(seen) == list(range(3, 11))
