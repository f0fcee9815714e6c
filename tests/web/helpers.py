"""Helpers for the web app's tests: an app on a temporary SQLite file, tables, moves."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

import anyio
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tabletide.web.app import create_app
from tabletide.web.settings import WebSettings
from tabletide.web.tables import LiveTable, TableService

UNLIMITED = 1_000_000
T = TypeVar("T")


def run(work: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(work)`` in a thread of its own: a test run earlier in this process may have
    left an event loop marked running in the main thread, where asyncio.run() refuses to start."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()


def web_settings(db: Path, **changes: Any) -> WebSettings:
    """Settings for tests: a SQLite file, bots move at once, no rate limits unless asked."""
    base = WebSettings(
        database_url=f"sqlite:///{db}",
        bot_delay=0.0,
        bot_workers=1,
        client_rate=UNLIMITED,
        client_burst=UNLIMITED,
        token_rate=UNLIMITED,
        token_burst=UNLIMITED,
        create_rate=UNLIMITED,
        create_burst=UNLIMITED,
    )
    return replace(base, **changes)


@contextmanager
def running(settings: WebSettings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as client:
        yield client


@dataclass
class Table:
    id: str
    tokens: dict[int, str]
    """The token of each person's seat."""
    spectator: str
    created: dict[str, Any]


def seat_specs(seats: Sequence[str]) -> list[dict[str, Any]]:
    """``["human", "bot:random"]`` as the create-table request's seats."""
    out: list[dict[str, Any]] = []
    for spec in seats:
        if spec == "human":
            out.append({"kind": "human"})
        else:
            out.append({"kind": "bot", "bot": spec.removeprefix("bot:")})
    return out


def create(
    client: TestClient,
    game: str = "shipyard",
    seats: Sequence[str] = ("human", "human"),
    seed: int | None = 7,
    options: dict[str, Any] | None = None,
) -> Table:
    body: dict[str, Any] = {"game": game, "seats": seat_specs(seats), "options": options or {}}
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    tokens = {s["seat"]: s["token"] for s in data["links"]["seats"]}
    return Table(data["table"]["id"], tokens, data["links"]["spectator"]["token"], data)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def view(client: TestClient, table: Table, seat: int | None) -> dict[str, Any]:
    token = table.spectator if seat is None else table.tokens[seat]
    response = client.get(f"/api/tables/{table.id}", headers=bearer(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def current_seat(client: TestClient, table: Table) -> int:
    seat: int = view(client, table, None)["current_player"]
    return seat


def act(client: TestClient, table: Table, seat: int, index: int = 0, **extra: Any) -> Any:
    return client.post(
        f"/api/tables/{table.id}/actions",
        headers=bearer(table.tokens[seat]),
        json={"index": index, **extra},
    )


def play_random(
    client: TestClient, table: Table, moves: int, rng: random.Random | None = None
) -> int:
    """Play up to ``moves`` random legal moves through the API (all seats must be people).
    Returns how many were played (fewer if the game ended). The seat to move and the number
    of its choices are read from the server's state, to save a request per move."""
    rng = rng or random.Random(0)
    held = live(client, table)
    for played in range(moves):
        seat = held.state.current_player()
        if seat < 0:
            return played
        choices = len(held.state.legal_actions())
        response = act(client, table, seat, rng.randrange(choices))
        assert response.status_code == 200, response.text
    return moves


def service(client: TestClient) -> TableService:
    found: TableService = client.app.state.service  # type: ignore[attr-defined]
    return found


def live(client: TestClient, table: Table) -> LiveTable:
    """The table as the server holds it in memory (it is loaded by any request)."""
    view(client, table, None)
    return service(client)._live[table.id]


def journal(db: Path, table_id: str) -> list[tuple[Any, ...]]:
    """The table's journal rows straight from the SQLite file."""
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT seq, kind, seat, action, reversible, steps FROM tt_moves "
            "WHERE table_id = ? ORDER BY seq",
            (table_id,),
        ).fetchall()


def without_version(payload: dict[str, Any]) -> dict[str, Any]:
    """A view without the fields that count journal rows (they change on every write)."""
    out = dict(payload)
    out.pop("version", None)
    out["table"] = {k: v for k, v in out["table"].items() if k != "version"}
    return out


def recv(ws: WebSocketTestSession, timeout: float = 15.0) -> Any:
    """``ws.receive_json()`` that fails after ``timeout`` seconds instead of waiting forever
    (a server that wrongly stays silent must fail the test, not hang it)."""

    async def receive() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    assert ws.portal is not None
    message = ws.portal.call(receive)
    ws._raise_on_close(message)
    return json.loads(message["text"])
