"""Undo as Board Game Arena allows it: own moves of the turn, journaled, rebuilt by replay."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tabletide.engine import load_game
from tabletide.engine.undo import is_reversible, undo_depth

from .helpers import (
    act,
    bearer,
    create,
    journal,
    live,
    recv,
    running,
    view,
    web_settings,
    without_version,
)

SEED = 3  # Shipyard, 2 players: seat 0 starts, and its first two moves may be taken back


def undo(client: TestClient, table: Any, seat: int, **body: Any) -> Any:
    return client.post(
        f"/api/tables/{table.id}/undo", headers=bearer(table.tokens[seat]), json=body
    )


def test_undo_takes_back_the_last_move_and_journals_it(client: TestClient, db: Path) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=SEED)
    start = {seat: view(client, table, seat) for seat in (0, 1, None)}
    assert act(client, table, 0).status_code == 200
    moved = view(client, table, 0)
    assert moved["undo"] == {"depth": 1}
    assert view(client, table, 1)["undo"] == {"depth": 0}, "not the other seat's to take back"
    response = undo(client, table, 0, steps=1, version=moved["version"])
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 2 and response.json()["ply"] == 0
    for seat, before in start.items():
        now = view(client, table, seat)
        assert now["version"] == 2
        assert without_version(now) == without_version(before), f"seat {seat}"
    rows = journal(db, table.id)
    assert [(r[0], r[1], r[2], r[5]) for r in rows] == [(1, "act", 0, 0), (2, "undo", 0, 1)]
    assert rows[0][4] == 1, "the move was stored as reversible"


def test_several_moves_and_no_more_than_allowed(client: TestClient) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=SEED)
    start = view(client, table, 0)
    act(client, table, 0)
    act(client, table, 0)
    assert view(client, table, 0)["undo"]["depth"] == 2
    response = undo(client, table, 0, steps=3)
    assert response.status_code == 409 and "at most 2" in response.json()["error"]
    assert undo(client, table, 0, steps=2).status_code == 200
    assert without_version(view(client, table, 0)) == without_version(start)
    assert undo(client, table, 0).status_code == 409


def test_the_depth_offered_is_the_engines_rule_at_every_step(client: TestClient) -> None:
    """Over random play, each seat is offered exactly ``undo_depth`` of the moves so far, with
    reversibility judged as the engine does (no chance, nothing hidden revealed, no other
    seat's move in between)."""
    table = create(client, "shipyard", ["human", "human", "human"], seed=8)
    state = load_game("shipyard").new_state(3, 8)
    flags: list[tuple[int, bool]] = []
    rng = random.Random(4)
    irreversible = 0
    for _ in range(30):
        seat = state.current_player()
        index = rng.randrange(len(state.legal_actions()))
        before = state.clone()
        action = state.legal_actions()[index]
        state.apply(action)
        flags.append((seat, is_reversible(before, action, state)))
        irreversible += not flags[-1][1]
        assert act(client, table, seat, index).status_code == 200
        for other in range(3):
            expected = undo_depth(flags, state.current_player(), other)
            assert view(client, table, other)["undo"]["depth"] == expected
    assert irreversible > 0


def test_undo_over_the_websocket(client: TestClient) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=SEED)
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_json({"type": "hello", "token": table.tokens[0]})
        start = recv(ws)
        ws.send_json({"type": "act", "index": 2, "id": 1})
        moved = recv(ws)
        assert moved["undo"]["depth"] == 1 and recv(ws)["type"] == "ack"
        ws.send_json({"type": "undo", "steps": 1, "version": moved["version"], "id": 2})
        back = recv(ws)
        assert recv(ws) == {"type": "ack", "id": 2, "ok": True, "version": 2, "ply": 0}
        assert back["log"]["start"] == back["log"]["total"] == start["log"]["total"], (
            "the log is cut back to what it was"
        )
        assert back["observation"] == start["observation"]


def test_an_undone_game_is_rebuilt_the_same_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "undo.sqlite3"
    with running(web_settings(db)) as client:
        table = create(client, "shipyard", ["human", "human"], seed=SEED)
        act(client, table, 0, 1)
        act(client, table, 0, 0)
        assert undo(client, table, 0).status_code == 200
        act(client, table, 0, 2)
        before = {seat: view(client, table, seat) for seat in (0, 1, None)}
        actions = list(live(client, table).actions)
    with running(web_settings(db)) as client:
        assert {seat: view(client, table, seat) for seat in (0, 1, None)} == before
        assert live(client, table).actions == actions and len(actions) == 2
