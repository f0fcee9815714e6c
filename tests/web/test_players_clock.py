"""Clocks with open tables and rematches (issue 25): an open table's clock stands still
until its last free seat is taken; a rematch keeps the time control with every person's time
full, and gives a seat handed to a bot back to its person."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .helpers import bearer, running, service, web_settings
from .test_clock import FakeNow
from .test_players import HUMAN, create_keyed, join, play_out, player_auth, register


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with running(web_settings(tmp_path / "clock-players.sqlite3")) as test_client:
        yield test_client


def clock_of(client: TestClient, table_id: str, token: str) -> dict[str, object]:
    got = client.get(f"/api/tables/{table_id}", headers=bearer(token)).json()
    return got["clock"]["seats"]  # type: ignore[no-any-return]


def test_an_open_tables_clock_waits_for_the_last_seat(client: TestClient) -> None:
    now = FakeNow()
    service(client).wall = now
    ada = register(client, "Ada")
    response = client.post(
        "/api/tables",
        json={
            "game": "maracaibo",
            "seats": [HUMAN, HUMAN],
            "seed": 3,
            "open": True,
            "time_control": "game-5m",
        },
        headers={"X-Player-Key": ada},
    )
    assert response.status_code == 201, response.text
    table_id = response.json()["table"]["id"]
    token = response.json()["links"]["seats"][0]["token"]
    full = {"left": 300.0, "running": False, "out_of_time": False}
    assert clock_of(client, table_id, token) == [full, full]
    now.t += 600  # longer than the whole bank: nobody's time ran while the table waited
    assert clock_of(client, table_id, token) == [full, full]

    joined = join(client, table_id, register(client, "Bob"))
    assert joined.status_code == 200, joined.text
    opener = service(client)._live[table_id].state.current_player()
    assert clock_of(client, table_id, token)[opener] == {**full, "running": True}
    now.t += 12.5
    assert clock_of(client, table_id, token)[opener] == {
        "left": 287.5,
        "running": True,
        "out_of_time": False,
    }


def test_a_rematch_keeps_the_clock_and_gives_a_zombie_seat_back_to_its_person(
    client: TestClient,
) -> None:
    ada = register(client, "Ada")
    body_seats = [HUMAN, {"kind": "human", "name": "Linky"}]
    response = client.post(
        "/api/tables",
        json={"game": "maracaibo", "seats": body_seats, "seed": 5, "time_control": "move-2m"},
        headers={"X-Player-Key": ada},
    )
    assert response.status_code == 201, response.text
    table_id = response.json()["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in response.json()["links"]["seats"]}
    left = client.post(f"/api/tables/{table_id}/leave", headers=bearer(tokens[1]))
    assert left.status_code == 200, left.text
    assert service(client)._live[table_id].info.seats[1].zombie_since is not None
    play_out(client, table_id, {0: tokens[0]})

    made = client.post(f"/api/tables/{table_id}/rematch", headers=player_auth(ada))
    assert made.status_code == 200, made.text
    new = service(client)._live[made.json()["table"]["id"]]
    linky = next(s for s in new.info.seats if s.name == "Linky")
    assert (linky.kind, linky.bot, linky.zombie_since) == ("human", None, None)
    assert new.info.time_control == service(client)._live[table_id].info.time_control
    assert new.clock is not None and new.clock.left == (120.0, 120.0)
    # Linky's old link takes the seat back.
    back = client.post(f"/api/tables/{table_id}/rematch", headers=bearer(tokens[1]))
    assert back.status_code == 200 and back.json()["created"] is False
    assert new.info.seats[back.json()["seat"]].name == "Linky"


def test_create_keyed_still_works_without_a_clock(client: TestClient) -> None:
    """(The merge of clocks and players: a keyed table without a time control has no clock.)"""
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, HUMAN], open_table=True)
    got = client.get(f"/api/tables/{table.id}", headers=bearer(table.tokens[0])).json()
    assert got["clock"] is None and got["waiting"] == 1
