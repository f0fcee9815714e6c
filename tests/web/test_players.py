"""Players without accounts (issue 25): player keys, seats bound to players, open tables and
joining, waiting for players, rematches, ratings, "your tables" by key."""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from tabletide.engine import load_game
from tabletide.web import players, ratings

from .helpers import Table, bearer, journal, running, service, web_settings

GAME = "maracaibo"  # the quickest game to finish with random moves (about 130 of them)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "players.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with running(web_settings(db)) as test_client:
        yield test_client


def new_key() -> str:
    return secrets.token_urlsafe(24)


def keyed(key: str) -> dict[str, str]:
    return {"X-Player-Key": key}


def register(client: TestClient, name: str) -> str:
    key = new_key()
    response = client.put("/api/players/me", headers=keyed(key), json={"name": name})
    assert response.status_code == 200, response.text
    assert response.json()["name"] == name
    return key


def create_keyed(
    client: TestClient,
    key: str | None,
    seats: list[dict[str, Any]],
    *,
    open_table: bool = False,
    game: str = GAME,
    seed: int | None = 3,
) -> Table:
    body: dict[str, Any] = {"game": game, "seats": seats, "open": open_table}
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/tables", json=body, headers=keyed(key) if key else {})
    assert response.status_code == 201, response.text
    data = response.json()
    tokens = {s["seat"]: s["token"] for s in data["links"]["seats"]}
    return Table(data["table"]["id"], tokens, data["links"]["spectator"]["token"], data)


HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}


def join(client: TestClient, table_id: str, key: str) -> Any:
    return client.post(f"/api/tables/{table_id}/join", headers=keyed(key))


def join_at_once(client: TestClient, table_id: str, names: list[str]) -> list[Any]:
    """New players (one per name) join ``table_id`` from threads released together; their
    answers in the order of ``names``."""
    keys = [register(client, name) for name in names]
    answers: list[Any] = [None] * len(keys)
    barrier = threading.Barrier(len(keys))

    def go(k: int) -> None:
        barrier.wait()
        answers[k] = join(client, table_id, keys[k])

    threads = [threading.Thread(target=go, args=(k,)) for k in range(len(keys))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def player_auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Player {key}"}


def play_out(client: TestClient, table_id: str, tokens: dict[int, str], seed: int = 0) -> None:
    """Random moves for the people's seats until the end (bots move by themselves)."""
    rng = random.Random(seed)
    held = service(client)._live[table_id]
    for _ in range(5000):
        if held.state.is_terminal():
            return
        seat = held.state.current_player()
        if seat not in tokens:
            client.get(f"/api/tables/{table_id}", headers=bearer(next(iter(tokens.values()))))
            continue
        choice = rng.randrange(len(held.state.legal_actions()))
        response = client.post(
            f"/api/tables/{table_id}/actions", headers=bearer(tokens[seat]), json={"index": choice}
        )
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


def rated_rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT player_hash, game, games FROM tt_ratings ORDER BY player_hash"
        ).fetchall()


# ---------------------------------------------------------------------- keys


def test_register_rename_and_bad_keys(client: TestClient) -> None:
    key = register(client, "Ada")
    again = client.put("/api/players/me", headers=keyed(key), json={"name": "  Ada Lovelace "})
    assert again.status_code == 200 and again.json()["name"] == "Ada Lovelace"
    me = client.get("/api/players/me", headers=keyed(key)).json()
    assert me == {"name": "Ada Lovelace", "ratings": []}

    missing = client.put("/api/players/me", json={"name": "X"})
    assert missing.status_code == 401 and "X-Player-Key" in missing.json()["error"]
    for bad in ("short", "x" * 101, "has space in it ..........", "dots.are.not.allowed.in.keys"):
        answer = client.put("/api/players/me", headers=keyed(bad), json={"name": "X"})
        assert answer.status_code == 400, bad
        assert "player key" in answer.json()["error"]
    assert client.get("/api/players/me", headers=keyed(new_key())).status_code == 404
    empty = client.put("/api/players/me", headers=keyed(key), json={"name": "   "})
    assert empty.status_code == 400 and "empty" in empty.json()["error"]
    extra = client.put("/api/players/me", headers=keyed(key), json={"name": "A", "key": "k"})
    assert extra.status_code == 422


def test_the_server_stores_only_the_key_hash(client: TestClient, db: Path) -> None:
    key = register(client, "Ada")
    with sqlite3.connect(db) as conn:
        dump = "\n".join(conn.iterdump())
    assert key not in dump
    assert players.key_hash(key) in dump


# ---------------------------------------------------------------------- bindings


def test_creating_with_a_key_binds_the_first_persons_seat(client: TestClient, db: Path) -> None:
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [BOT, HUMAN, HUMAN])
    seats = table.created["table"]["seats"]
    assert seats[1]["name"] == "Ada"  # the unnamed seat takes the player's name
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seat, player_hash FROM tt_seat_players").fetchall()
    assert rows == [(1, players.key_hash(ada))]

    mine = client.get(f"/api/tables/{table.id}", headers=player_auth(ada))
    assert mine.status_code == 200 and mine.json()["you"]["seat"] == 1
    assert (
        mine.json()["observation"]
        == client.get(f"/api/tables/{table.id}", headers=bearer(table.tokens[1])).json()[
            "observation"
        ]
    )

    other = register(client, "Bob")
    refused = client.get(f"/api/tables/{table.id}", headers=player_auth(other))
    assert refused.status_code == 403
    # A key never opens another table, and an unknown key is refused as a bad token is.
    table2 = create_keyed(client, other, [HUMAN, HUMAN])
    assert client.get(f"/api/tables/{table2.id}", headers=player_auth(ada)).status_code == 403
    unknown = client.post(
        "/api/tables", json={"game": GAME, "seats": [HUMAN]}, headers=keyed(new_key())
    )
    assert unknown.status_code == 403 and "register" in unknown.json()["error"]


def test_a_player_key_reaches_only_its_own_seat_and_hand(client: TestClient) -> None:
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, HUMAN], seed=9)
    by_key = client.get(f"/api/tables/{table.id}", headers=player_auth(ada)).json()
    seat1 = client.get(f"/api/tables/{table.id}", headers=bearer(table.tokens[1])).json()
    assert by_key["you"]["seat"] == 0
    assert by_key["observation"] != seat1["observation"]  # seat 1's secrets stay seat 1's
    live = service(client)._live[table.id]
    assert by_key["observation"] == json.loads(json.dumps(live.state.observation(0)))
    # It moves for its seat only.
    if live.state.current_player() == 1:
        refused = client.post(
            f"/api/tables/{table.id}/actions", headers=player_auth(ada), json={"index": 0}
        )
        assert refused.status_code == 409
    else:
        moved = client.post(
            f"/api/tables/{table.id}/actions", headers=player_auth(ada), json={"index": 0}
        )
        assert moved.status_code == 200
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_json({"type": "hello", "token": f"player:{ada}", "text": False})
        hello = ws.receive_json()
        assert hello["type"] == "state" and hello["you"]["seat"] == 0
    stranger = register(client, "Eve")
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_json({"type": "hello", "token": f"player:{stranger}"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["status"] == 403


def test_my_tables_lists_whose_turn_it_is(client: TestClient) -> None:
    ada = register(client, "Ada")
    bob = register(client, "Bob")
    first = create_keyed(client, ada, [HUMAN, HUMAN], seed=1)
    create_keyed(client, bob, [HUMAN, HUMAN], seed=2)
    listed = client.get("/api/players/me/tables", headers=keyed(ada)).json()["tables"]
    assert [t["table"]["id"] for t in listed] == [first.id]
    entry = listed[0]
    to_move = service(client)._live[first.id].state.current_player()
    assert entry["to_move"] == to_move and entry["seat"] == 0
    assert entry["your_turn"] == (to_move == 0)
    assert entry["table"]["title"] == load_game(GAME).title
    assert "token" not in json.dumps(listed)
    assert client.get("/api/players/me/tables").status_code == 401


# ---------------------------------------------------------------------- open tables


def test_open_table_listing_join_and_waiting(client: TestClient, db: Path) -> None:
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, HUMAN, BOT], open_table=True)
    assert list(table.tokens) == [0]  # no token for the free seat
    seats = table.created["table"]["seats"]
    assert seats[1]["free"] is True and "free" not in seats[0]

    listed = client.get("/api/open-tables").json()["tables"]
    assert [t["table"] for t in listed] == [table.id]
    assert listed[0]["creator"] == "Ada" and listed[0]["free"] == 1 and listed[0]["people"] == 2
    text = json.dumps(listed)
    assert table.tokens[0] not in text and ada not in text and players.key_hash(ada) not in text

    # The game does not start: no move, no bot move, the view says it waits.
    view = client.get(f"/api/tables/{table.id}", headers=bearer(table.tokens[0])).json()
    assert view["waiting"] == 1 and view["legal_actions"] == [] and view["prompt"] is None
    assert view["your_turn"] is False
    live = service(client)._live[table.id]
    refused = client.post(
        f"/api/tables/{table.id}/actions", headers=bearer(table.tokens[0]), json={"index": 0}
    )
    assert refused.status_code == 409
    assert "waiting for players (1 of 2 seats free)" in refused.json()["error"]
    assert journal(db, table.id) == [] and live.bot_task is None

    bob = register(client, "Bob")
    joined = join(client, table.id, bob)
    assert joined.status_code == 200, joined.text
    answer = joined.json()
    assert answer["seat"] == 1 and answer["path"] == f"/t/{table.id}#{answer['token']}"
    seat1 = client.get(f"/api/tables/{table.id}", headers=bearer(answer["token"])).json()
    assert seat1["you"] == {"seat": 1, "role": "player", "name": "Bob"}
    assert seat1["waiting"] == 0 and seat1["observation"]["names"][1] == "Bob"
    assert client.get("/api/open-tables").json()["tables"] == []  # full: off the list
    again = join(client, table.id, register(client, "Cy"))
    assert again.status_code == 409 and "no free seat" in again.json()["error"]
    assert join(client, table.id, bob).status_code == 409
    # Bob's key opens his seat too.
    assert (
        client.get(f"/api/tables/{table.id}", headers=player_auth(bob)).json()["you"]["seat"] == 1
    )


def test_two_concurrent_joins_get_different_seats_and_a_third_gets_409(
    client: TestClient,
) -> None:
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, HUMAN, HUMAN], open_table=True)
    answers = join_at_once(client, table.id, ["Bob", "Cy"])
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert sorted(a.json()["seat"] for a in answers) == [1, 2]
    third = join(client, table.id, register(client, "Dee"))
    assert (
        third.status_code == 409 and third.json()["error"] == "this table has no free seat any more"
    )


def test_the_store_join_is_a_conditional_update(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two joiners who read the same seats: another join lands between Bob's read and his
    UPDATE, so his conditional UPDATE finds the seats changed, reads again and takes the next
    seat (not the same one)."""
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, HUMAN, HUMAN], open_table=True)
    book = players.players_of(service(client))
    bob, cy = (players.key_hash(register(client, n)) for n in ("Bob", "Cy"))
    real_now = players.now
    raced: list[int] = []
    racing: list[bool] = []

    def now_with_a_race() -> Any:
        # players.join calls now() after reading the seats, before its UPDATE.
        if not racing:
            racing.append(True)
            raced.append(book.join(table.id, cy, "Cy", "g" * 64, "", 0.0)[0])
        return real_now()

    monkeypatch.setattr(players, "now", now_with_a_race)
    seat, seats, _clock = book.join(table.id, bob, "Bob", "h" * 64, "", 0.0)
    assert raced == [1] and seat == 2  # Cy got seat 1 in between; Bob the next one
    assert [s["name"] for s in seats] == ["Ada", "Cy", "Bob"]
    assert not any(s.get("free") for s in seats)
    monkeypatch.setattr(players, "now", real_now)
    with pytest.raises(Exception, match="no free seat"):
        book.join(table.id, players.key_hash(new_key()), "Dee", "f" * 64, "", 0.0)


def test_open_tables_need_a_key_and_a_free_seat(client: TestClient) -> None:
    body = {"game": GAME, "seats": [HUMAN, HUMAN], "open": True}
    assert client.post("/api/tables", json=body).status_code == 400
    ada = register(client, "Ada")
    lonely = client.post("/api/tables", json={**body, "seats": [HUMAN, BOT]}, headers=keyed(ada))
    assert lonely.status_code == 400 and "free seat" in lonely.json()["error"]
    assert join(client, "nosuchtable", ada).status_code == 404
    closed = create_keyed(client, ada, [HUMAN, HUMAN])
    assert join(client, closed.id, register(client, "Bob")).status_code == 409
    assert client.post(f"/api/tables/{closed.id}/join").status_code == 401


# ---------------------------------------------------------------------- rematch


def finished_pair(client: TestClient) -> tuple[Table, str, str]:
    """Ada (key, seat 0) against a link-only seat 1, played to the end."""
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, {"kind": "human", "name": "Linky"}], seed=5)
    play_out(client, table.id, table.tokens)
    return table, ada, table.tokens[1]


def test_rematch_is_made_once_rotated_with_a_new_seed(client: TestClient, db: Path) -> None:
    table, ada, link = finished_pair(client)
    old = service(client)._live[table.id]
    first = client.post(f"/api/tables/{table.id}/rematch", headers=player_auth(ada))
    assert first.status_code == 200, first.text
    made = first.json()
    assert made["created"] is True and made["rematch_of"] == table.id
    new_id = made["table"]["id"]
    # Ada (old seat 0) moves to seat 1; the old seat 1 opens (Maracaibo: seat 0 starts).
    assert made["seat"] == 1
    assert [s["name"] for s in made["table"]["seats"]] == ["Linky", "Ada"]
    new = service(client)._live[new_id]
    assert new.info.seed != old.info.seed and new.info.options == old.info.options
    assert new.state.current_player() == 0

    # The other person, with the OLD link's token, gets the same rematch and a new seat token.
    second = client.post(f"/api/tables/{table.id}/rematch", headers=bearer(link))
    assert second.status_code == 200
    assert second.json()["table"]["id"] == new_id and second.json()["created"] is False
    assert second.json()["seat"] == 0
    token = second.json()["token"]
    seat0 = client.get(f"/api/tables/{new_id}", headers=bearer(token)).json()
    assert seat0["you"]["seat"] == 0 and seat0["you"]["name"] == "Linky"
    # Ada's key opens her new seat; the old table's view names the rematch.
    assert client.get(f"/api/tables/{new_id}", headers=player_auth(ada)).json()["you"]["seat"] == 1
    old_view = client.get(f"/api/tables/{table.id}", headers=bearer(link)).json()
    assert old_view["rematch"] == {"table": new_id, "by": "Ada"}
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT table_id, rematch_id FROM tt_rematches").fetchall() == [
            (table.id, new_id)
        ]
        dump = "\n".join(conn.iterdump())
    assert token not in dump and made["token"] not in dump  # hashes only
    # Spectators and unfinished tables get no rematch.
    assert (
        client.post(f"/api/tables/{table.id}/rematch", headers=bearer(table.spectator)).status_code
        == 403
    )
    playing = client.post(f"/api/tables/{new_id}/rematch", headers=bearer(token))
    assert playing.status_code == 409


def test_concurrent_rematch_clicks_make_one_table(client: TestClient, db: Path) -> None:
    table, ada, link = finished_pair(client)
    answers: list[Any] = [None, None]
    barrier = threading.Barrier(2)
    heads = [player_auth(ada), bearer(link)]

    def go(k: int) -> None:
        barrier.wait()
        answers[k] = client.post(f"/api/tables/{table.id}/rematch", headers=heads[k])

    threads = [threading.Thread(target=go, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json()["table"]["id"] == answers[1].json()["table"]["id"]
    assert sorted(a.json()["created"] for a in answers) == [False, True]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM tt_tables").fetchone() == (2,)


def test_rematch_gives_the_next_player_the_first_turn_when_the_game_draws_it() -> None:
    """Shipyard draws its start player: the rematch's seed names the one after."""
    from tabletide.web.players import rematch_plan
    from tabletide.web.store import SeatInfo, TableInfo, now

    game = load_game("shipyard")
    hook = game.balance_hook("first_player")
    assert hook is not None
    for old_first in range(3):
        info = TableInfo(
            "t" * 8,
            "shipyard",
            3,
            1,
            True,
            dict(game.resolve_options(3, {})),
            tuple(SeatInfo("human", None, f"P{i}") for i in range(3)),
            now(),
        )
        order, seed = rematch_plan(info, old_first)
        assert order == [1, 2, 0]
        opener = hook(game.new_state(3, seed, info.options))
        assert order[opener] == (old_first + 1) % 3  # the old seat after the old opener


# ---------------------------------------------------------------------- ratings


def test_ratings_are_updated_once_per_finished_table(client: TestClient, db: Path) -> None:
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, HUMAN, BOT], open_table=True, seed=8)
    bob = register(client, "Bob")
    token = join(client, table.id, bob).json()["token"]
    tokens = {0: table.tokens[0], 1: token}
    play_out(client, table.id, tokens)
    live = service(client)._live[table.id]
    # The rating runs in the background: wait for it through the API.
    for _ in range(200):
        if len(rated_rows(db)) == 2:
            break
        client.get("/api/health")
        threading.Event().wait(0.05)
    rows = rated_rows(db)
    assert sorted(r[0] for r in rows) == sorted([players.key_hash(ada), players.key_hash(bob)])
    assert all(r[1:] == (GAME, 1) for r in rows)
    top = client.get(f"/api/ratings?game={GAME}", headers=keyed(ada)).json()["ratings"]
    assert {r["name"] for r in top} == {"Ada", "Bob"} and all(r["games"] == 1 for r in top)
    returns = live.state.returns()
    ada_ahead = returns[0] > returns[1]
    if returns[0] != returns[1]:
        assert (top[0]["name"] == "Ada") == ada_ahead
    assert [r["you"] for r in top] == [r["name"] == "Ada" for r in top]
    text = json.dumps(top)
    assert ada not in text and players.key_hash(ada) not in text and token not in text
    # Rating the same table again changes nothing.

    assert ratings.rate_table(service(client).store, table.id, GAME, list(returns)) is False
    assert rated_rows(db) == rows
    me = client.get("/api/players/me", headers=keyed(bob)).json()
    assert me["ratings"][0]["game"] == GAME and me["ratings"][0]["games"] == 1


def test_no_ratings_for_one_person_or_link_only_tables(client: TestClient, db: Path) -> None:
    ada = register(client, "Ada")
    solo = create_keyed(client, ada, [HUMAN, BOT], seed=4)
    play_out(client, solo.id, solo.tokens)
    links = create_keyed(client, None, [HUMAN, HUMAN], seed=6)
    play_out(client, links.id, links.tokens)

    store = service(client).store
    assert ratings.rate_table(store, solo.id, GAME, [1.0, -1.0]) is False
    assert ratings.rate_table(store, links.id, GAME, [1.0, -1.0]) is False
    assert rated_rows(db) == []
    assert client.get(f"/api/ratings?game={GAME}").json()["ratings"] == []
    assert client.get("/api/ratings?game=chess").status_code == 400


# ---------------------------------------------------------------------- PostgreSQL


@pytest.mark.postgres
def test_joins_rematch_and_ratings_on_postgresql(tmp_path: Path) -> None:
    """The same conditional UPDATE, unique keys and rating rows on PostgreSQL: concurrent
    joins take different seats, the bot that opens is queued only once the table is full,
    concurrent rematch clicks make one table, the table is rated once."""
    import os
    from dataclasses import replace as with_url

    url = os.environ.get("TABLETIDE_TEST_POSTGRES_URL")
    assert url, "set TABLETIDE_TEST_POSTGRES_URL to an empty PostgreSQL database (.ci/run does)"
    settings = with_url(web_settings(tmp_path / "unused.sqlite3"), database_url=url)
    with running(settings) as client:
        ada = register(client, "Ada")
        # A bot opens (seat 0): it must not move, nor be queued, while seats are free.
        table = create_keyed(client, ada, [BOT, HUMAN, HUMAN, HUMAN], open_table=True)
        held = service(client)._live[table.id]
        store = service(client).store
        with store.engine.connect() as conn:
            queued = conn.execute(
                text("SELECT count(*) FROM tt_bot_jobs WHERE table_id = :t"), {"t": table.id}
            ).scalar()
        assert held.state.current_player() == 0  # Maracaibo: seat 0 opens
        assert queued == 0 and held.version == 0 and held.bot_task is None
        answers = join_at_once(client, table.id, ["Bob", "Cy"])
        assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
        assert sorted(a.json()["seat"] for a in answers) == [2, 3]
        for _ in range(400):  # full: the bot's job is queued, a dispatcher plays it
            if held.version > 0:
                break
            client.get(f"/api/tables/{table.id}", headers=bearer(table.tokens[1]))
            threading.Event().wait(0.05)
        assert held.version > 0
        third = join(client, table.id, register(client, "Dee"))
        assert third.status_code == 409
        listed = client.get("/api/open-tables").json()["tables"]
        assert table.id not in [t["table"] for t in listed]

        pair = create_keyed(client, ada, [HUMAN, HUMAN], seed=12)
        bob = register(client, "Bob2")
        open_pair = create_keyed(client, bob, [HUMAN, HUMAN], open_table=True, seed=13)
        bob_token = join(client, open_pair.id, ada).json()["token"]
        tokens = {0: open_pair.tokens[0], 1: bob_token}
        play_out(client, open_pair.id, tokens)
        heads = [bearer(open_pair.tokens[0]), player_auth(ada)]
        made: list[Any] = [None, None]
        barrier2 = threading.Barrier(2)

        def again(k: int) -> None:
            barrier2.wait()
            made[k] = client.post(f"/api/tables/{open_pair.id}/rematch", headers=heads[k])

        threads = [threading.Thread(target=again, args=(k,)) for k in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [m.status_code for m in made] == [200, 200], [m.text for m in made]
        assert made[0].json()["table"]["id"] == made[1].json()["table"]["id"]
        assert sorted(m.json()["created"] for m in made) == [False, True]

        for _ in range(200):
            with store.engine.connect() as conn:
                rated = conn.execute(
                    text("SELECT count(*) FROM tt_rated_tables WHERE table_id = :t"),
                    {"t": open_pair.id},
                ).scalar()
            if rated:
                break
            threading.Event().wait(0.05)
        assert rated == 1
        returns = service(client)._live[open_pair.id].state.returns()
        assert ratings.rate_table(store, open_pair.id, GAME, list(returns)) is False
        mine = client.get("/api/players/me", headers=keyed(bob)).json()["ratings"]
        assert [(r["game"], r["games"]) for r in mine] == [(GAME, 1)]
        assert pair.id in [
            t["table"]["id"]
            for t in client.get("/api/players/me/tables", headers=keyed(ada)).json()["tables"]
        ]


@pytest.mark.postgres
def test_a_join_and_a_rematch_reach_another_process(tmp_path: Path) -> None:
    """Two server processes on one database: a join on one process reaches the creator's
    WebSocket on the other (the seats), and so does a rematch made there (the offer)."""
    import httpx2 as httpx

    from .test_cluster import node, socket

    def recv_until(ws: Any, check: Any) -> dict[str, Any]:
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "state" and check(message):
                return message

    with node(tmp_path, "a") as (a, _), node(tmp_path, "b") as (b, _):
        ada, bob = new_key(), new_key()
        for base, key, name in ((a, ada, "Ada"), (b, bob, "Bob")):
            answer = httpx.put(f"{base}/api/players/me", headers=keyed(key), json={"name": name})
            assert answer.status_code == 200, answer.text
        body = {"game": GAME, "seats": [HUMAN, HUMAN], "open": True, "seed": 21}
        created = httpx.post(f"{a}/api/tables", json=body, headers=keyed(ada)).json()
        table = created["table"]["id"]
        ada_token = created["links"]["seats"][0]["token"]
        from contextlib import ExitStack

        with ExitStack() as stack:
            watcher = socket(stack, b, table, ada_token)  # Ada's page, on process B
            joined = httpx.post(f"{a}/api/tables/{table}/join", headers=keyed(bob))
            assert joined.status_code == 200, joined.text
            seen = recv_until(watcher, lambda m: m["waiting"] == 0)
            assert seen["turn_order"][1]["name"] == "Bob"
            tokens = {0: ada_token, 1: joined.json()["token"]}
            rng = random.Random(2)
            with httpx.Client(timeout=30) as client:
                for _ in range(3000):
                    view = client.get(
                        f"{a}/api/tables/{table}?text=false", headers=bearer(ada_token)
                    ).json()
                    if view["terminal"]:
                        break
                    seat = view["current_player"]
                    mine = client.get(
                        f"{a}/api/tables/{table}?text=false", headers=bearer(tokens[seat])
                    ).json()
                    moved = client.post(
                        f"{a}/api/tables/{table}/actions",
                        headers=bearer(tokens[seat]),
                        json={
                            "index": rng.randrange(len(mine["legal_actions"])),
                            "version": mine["version"],
                        },
                    )
                    assert moved.status_code == 200, moved.text
            recv_until(watcher, lambda m: m["terminal"])
            made = httpx.post(f"{a}/api/tables/{table}/rematch", headers=player_auth(bob))
            assert made.status_code == 200, made.text
            offer = recv_until(watcher, lambda m: m["rematch"] is not None)
            assert offer["rematch"] == {"table": made.json()["table"]["id"], "by": "Bob"}


def test_a_table_that_missed_its_rating_is_rated_on_start(db: Path) -> None:
    with running(web_settings(db)) as client:
        ada = register(client, "Ada")
        table = create_keyed(client, ada, [HUMAN, HUMAN], open_table=True, seed=14)
        token = join(client, table.id, register(client, "Bob")).json()["token"]
        play_out(client, table.id, {0: table.tokens[0], 1: token})
        for _ in range(200):
            if len(rated_rows(db)) == 2:
                break
            threading.Event().wait(0.05)
        assert len(rated_rows(db)) == 2
    with sqlite3.connect(db) as conn:  # as if the process had died before rating it
        conn.execute("DELETE FROM tt_ratings")
        conn.execute("DELETE FROM tt_rated_tables")
    with running(web_settings(db)) as client:
        for _ in range(200):
            if len(rated_rows(db)) == 2:
                break
            client.get("/api/health")
            threading.Event().wait(0.05)
        assert [r[1:] for r in rated_rows(db)] == [(GAME, 1), (GAME, 1)]
        assert ratings.unrated(service(client).store) == []  # nothing left to rate again


def test_an_abandoned_open_table_drops_off_the_list_but_stays_joinable(
    client: TestClient, db: Path
) -> None:
    ada = register(client, "Ada")
    table = create_keyed(client, ada, [HUMAN, HUMAN], open_table=True)
    assert [t["table"] for t in client.get("/api/open-tables").json()["tables"]] == [table.id]
    with sqlite3.connect(db) as conn:  # listed two days ago
        conn.execute(
            "UPDATE tt_open_tables SET created_at = datetime('now', '-2 days') WHERE table_id = ?",
            (table.id,),
        )
    assert client.get("/api/open-tables").json()["tables"] == []
    assert join(client, table.id, register(client, "Bob")).status_code == 200


def test_a_rematch_made_meanwhile_wins_and_the_loser_leaves_no_table(
    client: TestClient, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second clicker read "no rematch yet" just before the first one stored it: its
    insert fails on tt_rematches' primary key, its whole transaction (its table too) is rolled
    back, and it gets the first one's rematch."""
    table, ada, link = finished_pair(client)
    first = client.post(f"/api/tables/{table.id}/rematch", headers=player_auth(ada)).json()
    book = players.players_of(service(client))
    real = book.rematch_of
    stale: list[bool] = []

    def rematch_of_read_too_early(table_id: str) -> Any:
        if not stale:
            stale.append(True)
            return None
        return real(table_id)

    monkeypatch.setattr(book, "rematch_of", rematch_of_read_too_early)
    second = client.post(f"/api/tables/{table.id}/rematch", headers=bearer(link))
    assert second.status_code == 200, second.text
    assert stale == [True]
    assert second.json()["created"] is False
    assert second.json()["table"]["id"] == first["table"]["id"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM tt_tables").fetchone() == (2,)
        assert conn.execute("SELECT count(*) FROM tt_seat_players").fetchone() == (2,)
