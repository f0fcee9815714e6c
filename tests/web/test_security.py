"""Refused requests: each gets its 4xx and a clear message, and nothing changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tabletide.engine import load_game

from .helpers import Table, act, bearer, create, journal, recv, running, view, web_settings

SEED = 3  # seat 0 decides first in this Shipyard deal


@pytest.fixture
def table(client: TestClient) -> Table:
    table = create(client, "shipyard", ["human", "human"], seed=SEED)
    assert act(client, table, 0).status_code == 200  # one move in, so undo has history
    return table


def snapshot(client: TestClient, db: Path, table: Table) -> Any:
    return (
        journal(db, table.id),
        [view(client, table, seat) for seat in (0, 1, None)],
    )


def not_legal_now(table_seed: int) -> dict[str, Any]:
    """A well-formed action of the game that is not legal at the table's position (one move
    in): a legal action of a later position that is not among today's."""
    state = load_game("shipyard").new_state(2, table_seed)
    state.apply(state.legal_actions()[0])
    legal_now = state.legal_actions()
    probe = state.clone()
    for _ in range(200):
        for action in probe.legal_actions():
            if action not in legal_now:
                return action.to_json()
        probe.apply(probe.legal_actions()[-1])
    raise AssertionError("no such action")


def _post(client: TestClient, table: Table, path: str, token: str | None, **kw: Any) -> Any:
    headers = {**(bearer(token) if token else {}), **kw.pop("headers", {})}
    return client.post(f"/api/tables/{table.id}/{path}", headers=headers, **kw)


CASES: list[tuple[str, int, str]] = [
    ("no token", 401, "token is required"),
    ("unknown token", 403, "does not open this table"),
    ("malformed token", 403, "does not open this table"),
    ("another table's token", 403, "does not open this table"),
    ("spectator", 403, "spectators cannot move"),
    ("out of turn", 409, "not your turn"),
    ("stale version", 409, "has moved on"),
    ("index out of range", 422, "no legal action 999"),
    ("illegal action", 422, "not a legal action now"),
    ("malformed action", 400, "malformed action"),
    ("index and action", 400, "either 'index'"),
    ("neither", 400, "either 'index'"),
    ("wrong type", 422, "index"),
    ("unknown field", 422, "cheat"),
    ("not json", 400, "not valid JSON"),
    ("oversized", 413, "larger than"),
    ("oversized, chunked", 413, "larger than"),
    ("undo with nothing to undo", 409, "nothing to undo"),
    ("undo by the other seat", 409, "not your turn"),
]


@pytest.mark.parametrize(("case", "status", "message"), CASES, ids=[c[0] for c in CASES])
def test_refused_moves_change_nothing(
    client: TestClient, db: Path, table: Table, case: str, status: int, message: str
) -> None:
    other = create(client, "shipyard", ["human", "human"], seed=SEED)
    seat = view(client, table, None)["current_player"]
    mine, theirs = table.tokens[seat], table.tokens[1 - seat]
    version = view(client, table, seat)["version"]
    before = snapshot(client, db, table), snapshot(client, db, other)
    ok_body = {"index": 0, "version": version}
    requests: dict[str, Any] = {
        "no token": lambda: _post(client, table, "actions", None, json=ok_body),
        "unknown token": lambda: _post(client, table, "actions", "A" * 43, json=ok_body),
        "malformed token": lambda: _post(client, table, "actions", "<script>", json=ok_body),
        "another table's token": lambda: _post(
            client, table, "actions", other.tokens[seat], json=ok_body
        ),
        "spectator": lambda: _post(client, table, "actions", table.spectator, json=ok_body),
        "out of turn": lambda: _post(client, table, "actions", theirs, json=ok_body),
        "stale version": lambda: _post(
            client, table, "actions", mine, json={"index": 0, "version": version - 1}
        ),
        "index out of range": lambda: _post(client, table, "actions", mine, json={"index": 999}),
        "illegal action": lambda: _post(
            client, table, "actions", mine, json={"action": not_legal_now(SEED)}
        ),
        "malformed action": lambda: _post(
            client, table, "actions", mine, json={"action": {"kind": "fly", "to": 3}}
        ),
        "index and action": lambda: _post(
            client, table, "actions", mine, json={"index": 0, "action": {"kind": "x"}}
        ),
        "neither": lambda: _post(client, table, "actions", mine, json={}),
        "wrong type": lambda: _post(client, table, "actions", mine, json={"index": "0"}),
        "unknown field": lambda: _post(
            client, table, "actions", mine, json={"index": 0, "cheat": True}
        ),
        "not json": lambda: _post(
            client,
            table,
            "actions",
            mine,
            content=b"{index: 0",
            headers={"content-type": "application/json"},
        ),
        "oversized": lambda: _post(
            client, table, "actions", mine, json={"index": 0, "pad": "x" * 100_000}
        ),
        "oversized, chunked": lambda: _post(
            client,
            table,
            "actions",
            mine,
            content=_chunks(b"x" * 100_000, 5),
            headers={"content-type": "application/json"},
        ),
        "undo with nothing to undo": lambda: _post(
            client, other, "undo", other.tokens[seat], json={}
        ),
        "undo by the other seat": lambda: _post(client, table, "undo", theirs, json={}),
    }
    response = requests[case]()
    assert response.status_code == status, response.text
    assert message in response.json()["error"]
    assert (snapshot(client, db, table), snapshot(client, db, other)) == before


def _chunks(data: bytes, parts: int) -> Iterator[bytes]:
    size = len(data) // parts
    for i in range(parts):
        yield data[i * size : (i + 1) * size]


def test_views_never_carry_tokens_or_the_seed(client: TestClient) -> None:
    seed = 913_577_220_468_031
    table = create(client, "shipyard", ["human", "human", "human"], seed=seed)
    secrets = [*table.tokens.values(), table.spectator]
    for seat in (0, 1, 2, None):
        text = json.dumps(view(client, table, seat))
        assert str(seed) not in text
        own = table.spectator if seat is None else table.tokens[seat]
        for token in secrets:
            assert token not in text or token == own
        assert own not in text, "not even one's own token is echoed"
    assert client.get(f"/api/tables/{table.id}/replay").status_code == 409


def _ws_refused(client: TestClient, table: Table, first: Any) -> tuple[dict[str, Any], int]:
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        if isinstance(first, bytes | str):
            ws.send_text(first if isinstance(first, str) else first.decode())
        else:
            ws.send_json(first)
        error = recv(ws)
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
    return error, closed.value.code


def test_websocket_needs_a_hello_with_a_valid_token(
    client: TestClient, db: Path, table: Table
) -> None:
    before = snapshot(client, db, table)
    other = create(client, "shipyard", ["human", "human"], seed=SEED)
    error, code = _ws_refused(client, table, {"type": "act", "index": 0})
    assert (error["status"], code) == (401, 4401) and "hello" in error["error"]
    error, code = _ws_refused(client, table, {"type": "hello", "token": other.tokens[0]})
    assert (error["status"], code) == (403, 4403)
    error, code = _ws_refused(client, table, "not json")
    assert error["status"] == 400
    assert snapshot(client, db, table) == before


def test_websocket_refusals_keep_the_connection_and_change_nothing(
    client: TestClient, db: Path, table: Table
) -> None:
    seat = view(client, table, None)["current_player"]
    before = snapshot(client, db, table)
    with client.websocket_connect(f"/ws/tables/{table.id}") as theirs:
        theirs.send_json({"type": "hello", "token": table.tokens[1 - seat]})
        assert recv(theirs)["type"] == "state"
        refusals = [
            ({"type": "act", "index": 0, "id": 1}, 409, "not your turn"),
            ("[1, 2", 400, "JSON object"),
            ({"type": "fly", "id": 2}, 400, "unknown message type"),
            ({"type": "act", "index": "zero", "id": 3}, 400, "index"),
            ({"type": "undo", "steps": 0, "id": 4}, 400, "steps"),
        ]
        for message, status, text in refusals:
            if isinstance(message, str):
                theirs.send_text(message)
            else:
                theirs.send_json(message)
            error = recv(theirs)
            assert error["type"] == "error" and error["status"] == status, error
            assert text in error["error"]
            if isinstance(message, dict):
                assert error["id"] == message["id"]
        theirs.send_text(json.dumps({"type": "act", "index": 0, "pad": "x" * 20_000}))
        error = recv(theirs)
        assert error["status"] == 413
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(theirs)
        assert closed.value.code == 1009
    with client.websocket_connect(f"/ws/tables/{table.id}") as mine:
        mine.send_json({"type": "hello", "token": table.tokens[seat]})
        assert recv(mine)["your_turn"]
        mine.send_json({"type": "act", "index": 999, "id": 5})
        error = recv(mine)
        assert (error["status"], error["id"]) == (422, 5)
    assert snapshot(client, db, table) == before


def test_rate_limits_per_token_and_per_client(tmp_path: Path) -> None:
    settings = web_settings(tmp_path / "limits.sqlite3", token_rate=0.01, token_burst=4)
    with running(settings) as client:
        table = create(client, "shipyard", ["human", "human"], seed=SEED)
        for _ in range(4):
            assert (
                client.get(f"/api/tables/{table.id}", headers=bearer(table.tokens[1])).status_code
                == 200
            )
        before = journal(tmp_path / "limits.sqlite3", table.id)
        limited = client.get(f"/api/tables/{table.id}", headers=bearer(table.tokens[1]))
        assert limited.status_code == 429 and "too many requests" in limited.json()["error"]
        assert int(limited.headers["retry-after"]) >= 1
        # Another token is not limited by this one; its move goes through.
        assert act(client, table, 0).status_code == 200
        assert len(journal(tmp_path / "limits.sqlite3", table.id)) == len(before) + 1
    settings = web_settings(tmp_path / "client.sqlite3", client_rate=0.01, client_burst=6)
    with running(settings) as client:
        table = create(client, "shipyard", ["human", "human"], seed=SEED)
        for _ in range(5):
            client.get("/api/games")
        response = act(client, table, 0)
        assert response.status_code == 429 and "from your address" in response.json()["error"]
        assert journal(tmp_path / "client.sqlite3", table.id) == []
        with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
            error = recv(ws)
            assert error["status"] == 429
    settings = web_settings(tmp_path / "create.sqlite3", create_rate=0.01, create_burst=2)
    with running(settings) as client:
        create(client)
        create(client)
        body = {"game": "shipyard", "seats": [{"kind": "human"}] * 2}
        assert client.post("/api/tables", json=body).status_code == 429


def test_websocket_messages_are_rate_limited_per_token(tmp_path: Path) -> None:
    settings = web_settings(tmp_path / "ws.sqlite3", token_rate=0.01, token_burst=3)
    with running(settings) as client:
        table = create(client, "shipyard", ["human", "human"], seed=SEED)
        with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
            ws.send_json({"type": "hello", "token": table.tokens[1]})
            recv(ws)
            statuses = []
            for i in range(5):
                ws.send_json({"type": "ping", "id": i})
                statuses.append(recv(ws).get("status"))
        assert statuses == [None, None, None, 429, 429]
