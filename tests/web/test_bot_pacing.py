"""Bots are paced per turn, at the speed the table's creator chose (issue 25): the pause is
paid once before a bot's turn, less its thinking time, and the page is told which log lines
the bot's latest turn wrote."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletide.web.db import make_engine
from tabletide.web.store import Store

from .helpers import Table, bearer, running, service, view, web_settings

DELAY = 5.0
# Empires of the North, seed 0: the bot's seat 1 decides first, several times in a row.
GAME, SEED = "empires_north", 0


class Pauses:
    """A fake ``sleep`` that records how long it was asked to wait, and a clock that stands
    still (so the pause left after the thinking is exactly the table's pause)."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.calls.append(seconds)

    @staticmethod
    def clock() -> float:
        return 100.0


def fake_pauses(client: TestClient) -> Pauses:
    pauses = Pauses()
    service(client).sleep = pauses.sleep
    service(client).clock = pauses.clock
    return pauses


def create(client: TestClient, **extra: Any) -> Table:
    body = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
    response = client.post("/api/tables", json={**body, "seed": SEED, **extra})
    assert response.status_code == 201, response.text
    data = response.json()
    tokens = {s["seat"]: s["token"] for s in data["links"]["seats"]}
    return Table(data["table"]["id"], tokens, data["links"]["spectator"]["token"], data)


def after_bot_turn(client: TestClient, table: Table) -> dict[str, Any]:
    """The person's view once the bot's turn is over (polled; the bot needs no pause here)."""
    deadline = time.monotonic() + 60
    while True:
        seen = view(client, table, 0)
        if seen["current_player"] == 0 and seen["latest_bot"] is not None:
            return seen
        assert time.monotonic() < deadline, "the bot did not finish its turn"
        time.sleep(0.05)


def test_a_bot_turn_of_several_decisions_costs_one_pause(tmp_path: Path) -> None:
    with running(web_settings(tmp_path / "pace.sqlite3", bot_delay=DELAY)) as client:
        pauses = fake_pauses(client)
        table = create(client)
        seen = after_bot_turn(client, table)
        latest = seen["latest_bot"]
        assert latest["seat"] == 1
        assert latest["moves"] >= 3, "the seed gives the bot a turn of 3+ decisions"
        assert pauses.calls == [DELAY], "one pause per turn, not one per decision"
        # The log lines of that turn: the game's opening lines come before them.
        assert 0 <= latest["log_from"] < latest["log_to"] <= seen["log"]["total"]


@pytest.mark.parametrize(("speed", "factor"), [("fast", 0.25), ("normal", 1.0), ("slow", 3.0)])
def test_the_creators_bot_speed_is_stored_and_used(
    tmp_path: Path, speed: str, factor: float
) -> None:
    db = tmp_path / f"{speed}.sqlite3"
    with running(web_settings(db, bot_delay=DELAY)) as client:
        pauses = fake_pauses(client)
        table = create(client, bot_speed=speed)
        assert table.created["table"]["bot_speed"] == speed
        after_bot_turn(client, table)
        assert pauses.calls == [DELAY * factor]
    store = Store(make_engine(f"sqlite:///{db}"))
    try:
        stored = store.load(table.id)
        assert stored is not None and stored.info.bot_speed == speed
    finally:
        store.close()


def test_the_default_speed_is_normal_and_others_are_refused(client: TestClient) -> None:
    body = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201 and made.json()["table"]["bot_speed"] == "normal"
    refused = client.post("/api/tables", json={**body, "bot_speed": "ludicrous"})
    assert refused.status_code == 422
    token = made.json()["links"]["spectator"]["token"]
    seen = client.get(f"/api/tables/{made.json()['table']['id']}", headers=bearer(token)).json()
    assert seen["table"]["bot_speed"] == "normal"
