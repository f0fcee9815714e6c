"""The post-game analysis at web tables: computed in the bot workers once a game ends, stored
with the table (``tt_tables.analysis``), served by ``GET /api/tables/ID/analysis`` and
announced to the table's WebSockets."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from tabletide.web.bots import AnalysisJob, BotPool
from tabletide.web.db import make_engine

from .helpers import Table, act, create, live, play_random, recv, running, web_settings

FIRST_GAME = {"first_game": True}


def analysis(client: TestClient, table_id: str) -> Any:
    return client.get(f"/api/tables/{table_id}/analysis")


def wait_analysis(client: TestClient, table_id: str, timeout: float = 60.0) -> dict[str, Any]:
    """The analysis answer once it is no longer pending (fails after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        response = analysis(client, table_id)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        if data["status"] != "pending":
            return data
        assert time.monotonic() < deadline, "the analysis stayed pending"
        time.sleep(0.05)


def finish_against_bot(client: TestClient, table: Table, seed: int = 0) -> None:
    """Seat 0 (a person) plays random moves through the API; seat 1 is a bot."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    while True:
        held = live(client, table)
        if held.state.is_terminal():
            return
        assert time.monotonic() < deadline, "the game did not end"
        if held.state.current_player() == 0:
            choices = len(held.state.legal_actions())
            response = act(client, table, 0, rng.randrange(choices), version=held.version)
            assert response.status_code in (200, 409), response.text
        else:
            time.sleep(0.01)  # the bot is thinking


def finish_between_people(client: TestClient, table: Table) -> None:
    assert play_random(client, table, 2000) < 2000
    assert live(client, table).state.is_terminal()


def check_analysis(data: dict[str, Any], players: int) -> None:
    assert data["status"] == "ready" and data["error"] is None
    found = data["analysis"]
    assert found["game"] == "shipyard" and found["num_players"] == players
    assert found["method"] == "value"
    assert found["plies"] and all(
        abs(sum(p["win_prob"]) - 1) < 1e-6 and len(p["win_prob"]) == players for p in found["plies"]
    )
    assert [p["ply"] for p in found["plies"]] == list(range(len(found["plies"])))


def test_pending_then_ready_after_a_game_with_a_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    real = BotPool.analyze

    async def gated(self: BotPool, job: AnalysisJob) -> dict[str, Any]:
        await asyncio.to_thread(gate.wait, 60)
        return await real(self, job)

    monkeypatch.setattr(BotPool, "analyze", gated)
    with running(web_settings(tmp_path / "a.sqlite3")) as client:
        table = create(client, "shipyard", ["human", "bot:random"], seed=11, options=FIRST_GAME)
        early = analysis(client, table.id)
        assert early.status_code == 409 and "over" in early.json()["error"]
        assert analysis(client, "nosuchtable").status_code == 404
        with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
            ws.send_json({"type": "hello", "token": table.tokens[0]})
            assert recv(ws)["type"] == "state"
            finish_against_bot(client, table)
            # scheduled by the move that ended the game, before anyone asks for it
            assert live(client, table).analysis_task is not None
            pending = analysis(client, table.id).json()  # no token needed once it is over
            assert pending == {"status": "pending", "analysis": None, "error": None}
            seen = client.get(
                f"/api/tables/{table.id}", headers={"Authorization": f"Bearer {table.spectator}"}
            ).json()
            assert seen["final"]["analysis"] == "pending"
            gate.set()
            while True:  # the push of the ready analysis arrives without asking
                message = recv(ws, timeout=60)
                if message["type"] == "state" and message["final"]:
                    if message["final"]["analysis"] == "ready":
                        break
                    assert message["final"]["analysis"] == "pending"
        data = wait_analysis(client, table.id)
        check_analysis(data, 2)
        assert len(data["analysis"]["plies"]) == len(live(client, table).actions)
        for moment in data["analysis"]["key_moments"]:
            assert moment["swing"] > 0 and moment["played"] != moment["better"]
    with sqlite3.connect(tmp_path / "a.sqlite3") as conn:
        (stored,) = conn.execute(
            "SELECT analysis FROM tt_tables WHERE id = ?", (table.id,)
        ).fetchone()
    assert json.loads(stored) == data["analysis"]


def test_stored_and_served_after_a_restart_without_recomputing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "b.sqlite3"
    with running(web_settings(db)) as client:
        table = create(client, "shipyard", ["human", "human"], seed=3, options=FIRST_GAME)
        finish_between_people(client, table)
        first = wait_analysis(client, table.id)
        check_analysis(first, 2)

    calls: list[AnalysisJob] = []

    async def counted(self: BotPool, job: AnalysisJob) -> dict[str, Any]:
        calls.append(job)
        raise RuntimeError("recomputed")

    monkeypatch.setattr(BotPool, "analyze", counted)
    with running(web_settings(db)) as client:
        again = analysis(client, table.id)
        assert again.status_code == 200 and again.json() == first
        seen = client.get(
            f"/api/tables/{table.id}", headers={"Authorization": f"Bearer {table.tokens[1]}"}
        ).json()
        assert seen["final"]["analysis"] == "ready"
    assert calls == []


def test_a_finished_table_without_analysis_is_analysed_on_start(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    with running(web_settings(db)) as client:
        table = create(client, "shipyard", ["human", "human"], seed=5, options=FIRST_GAME)
        finish_between_people(client, table)
        wait_analysis(client, table.id)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE tt_tables SET analysis = NULL")
    with running(web_settings(db)) as client:
        # the restart analyses it again in the background, without a request for it
        deadline = time.monotonic() + 60
        while sqlite3.connect(db).execute("SELECT analysis FROM tt_tables").fetchone()[0] is None:
            assert time.monotonic() < deadline, "not analysed after the restart"
            time.sleep(0.05)
        check_analysis(wait_analysis(client, table.id), 2)


def test_an_old_database_gains_the_column(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    make_engine(f"sqlite:///{db}").dispose()
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE tt_tables DROP COLUMN analysis")
        columns = {row[1] for row in conn.execute("PRAGMA table_info(tt_tables)")}
    assert "analysis" not in columns
    engine = make_engine(f"sqlite:///{db}")
    try:
        assert "analysis" in {c["name"] for c in inspect(engine).get_columns("tt_tables")}
    finally:
        engine.dispose()


def test_a_failure_is_stored_and_reported_as_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(self: BotPool, job: AnalysisJob) -> dict[str, Any]:
        raise RuntimeError("the analysis broke")

    monkeypatch.setattr(BotPool, "analyze", broken)
    db = tmp_path / "d.sqlite3"
    with running(web_settings(db)) as client:
        table = create(client, "shipyard", ["human", "human"], seed=9, options=FIRST_GAME)
        finish_between_people(client, table)
        data = wait_analysis(client, table.id)
        assert data["status"] == "failed" and data["analysis"] is None
        assert "the analysis broke" in data["error"]
        seen = client.get(
            f"/api/tables/{table.id}", headers={"Authorization": f"Bearer {table.tokens[0]}"}
        ).json()
        assert seen["final"]["analysis"] == "failed"
        assert client.get("/api/health").json() == {"status": "ok"}
    with sqlite3.connect(db) as conn:
        (stored,) = conn.execute("SELECT analysis FROM tt_tables").fetchone()
    assert "the analysis broke" in json.loads(stored)["error"]


def test_the_worker_analyses_a_real_game() -> None:
    """The worker function itself, through the spawn process pool."""
    from tabletide.engine import Replay, load_game

    game = load_game("shipyard")
    state = game.new_state(2, 4, game.resolve_options(2, FIRST_GAME))
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    actions = Replay.from_state(state, {}).actions

    async def main() -> dict[str, Any]:
        pool = BotPool(1)
        try:
            return await pool.analyze(AnalysisJob("shipyard", 2, 4, dict(state.options), actions))
        finally:
            pool.shutdown()

    # In a thread of its own: a test run earlier in this process may have left an event loop
    # marked running in the main thread, where asyncio.run() refuses to start.
    with ThreadPoolExecutor(1) as thread:
        found = thread.submit(asyncio.run, main()).result()
    assert len(found["plies"]) == len(actions) and found["seed"] == "4"


def niceness() -> int:
    """In a worker: its CPU priority's niceness."""
    return os.nice(0)


def test_analyses_run_in_a_worker_of_their_own_at_a_lower_priority() -> None:
    """A finished game's analysis (a second or two of CPU) must not take a core from the
    event loop and the picture workers at their priority, nor a bot's worker."""
    from tabletide.web.bots import ANALYSIS_NICENESS

    async def main() -> tuple[int, int]:
        pool = BotPool(1)
        loop = asyncio.get_running_loop()
        try:
            analysis = await loop.run_in_executor(pool._analysis_executor(), niceness)
            bot = await loop.run_in_executor(pool._executor(), niceness)
        finally:
            pool.shutdown()
        return analysis, bot

    with ThreadPoolExecutor(1) as thread:
        analysis, bot = thread.submit(asyncio.run, main()).result()
    assert bot == os.nice(0)
    assert analysis == min(19, os.nice(0) + ANALYSIS_NICENESS)
