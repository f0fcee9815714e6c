"""The REST lobby and game API, the WebSocket protocol, the pages."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletide.engine import list_games, load_game

from .helpers import act, bearer, create, journal, recv, view


def test_games_lists_every_game_with_counts_options_and_bots(client: TestClient) -> None:
    data = client.get("/api/games").json()
    games = {g["name"]: g for g in data["games"]}
    # Every registered game (other tests in this worker may have registered toy games too).
    assert set(games) == set(list_games())
    assert {"shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"} <= set(games)
    maracaibo = games["maracaibo"]
    assert maracaibo["title"] == "Pirates of Maracaibo"
    assert maracaibo["players"] == [1, 4]
    assert maracaibo["description"]
    layout = next(o for o in maracaibo["options"] if o["name"] == "layout")
    assert layout["choices"] == ["standard", "narrows", "open_sea"]
    assert [b["spec"] for b in data["bots"]][:3] == ["easy", "medium", "hard"]


def test_create_table_gives_a_private_link_per_person_and_a_spectator_link(
    client: TestClient, db: Path
) -> None:
    table = create(client, "shipyard", ["human", "bot:hard", "human"], seed=11)
    links = table.created["links"]
    assert [s["seat"] for s in links["seats"]] == [0, 2]
    tokens = [*table.tokens.values(), table.spectator]
    assert len(set(tokens)) == 3 and all(len(t) >= 40 for t in tokens)
    for entry in links["seats"]:
        assert entry["path"] == f"/t/{table.id}#{entry['token']}"
    summary = table.created["table"]
    assert summary["seats"][1] == {"seat": 1, "kind": "bot", "bot": "hard", "name": "Bot (hard)"}
    assert summary["seed"] is None, "the seed would reveal every hidden card"
    assert summary["options"] == {"first_game": False}
    # Only hashes are stored.
    raw = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))
    for token in tokens:
        assert token.encode() not in raw


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "seats": [{"kind": "human"}]}, "unknown game 'chess'"),
        ({"game": "shipyard", "seats": [{"kind": "human"}]}, "Shipyard is for 2-4 players"),
        (
            {"game": "shipyard", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]},
            "unknown bot 'genius'",
        ),
        (
            {
                "game": "shipyard",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:99999"}],
            },
            "at most 5000 iterations",
        ),
        (
            {"game": "shipyard", "seats": [{"kind": "human"}] * 2, "options": {"fast": True}},
            "unknown option(s) fast",
        ),
        (
            {"game": "shipyard", "seats": [{"kind": "human"}] * 2, "options": {"first_game": 1}},
            "option 'first_game' must be one of",
        ),
        ({"game": "shipyard", "seats": [{"kind": "robot"}] * 2}, "seats.0.kind"),
        (
            {"game": "shipyard", "seats": [{"kind": "bot", "bot": "easy"}] * 2},
            "at least one person",
        ),
        ({"game": "shipyard", "seats": [{"kind": "human"}] * 2, "seed": "7"}, "seed"),
        ({"game": "shipyard", "seats": [{"kind": "human"}] * 2, "seed": 2**70}, "seed"),
        ({"game": "shipyard", "seats": [{"kind": "human"}] * 2, "extra": 1}, "extra"),
    ],
)
def test_bad_tables_are_refused_with_a_clear_message(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert 400 <= response.status_code < 500
    assert message in response.json()["error"]


def test_a_seat_sees_its_view_prompt_actions_scores_turn_order_and_log(client: TestClient) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=3)
    mine = view(client, table, 0)
    game = load_game("shipyard")
    state = game.new_state(2, 3)
    assert mine["you"] == {"seat": 0, "role": "player", "name": "Seat 0"}
    assert mine["observation"] == state.observation(0)
    assert mine["prompt"] == state.prompt()
    assert mine["your_turn"] and mine["current_player"] == 0
    assert [a["label"] for a in mine["legal_actions"]] == [a.label for a in state.legal_actions()]
    assert [a["index"] for a in mine["legal_actions"]] == list(range(len(state.legal_actions())))
    assert mine["scores"] == state.scores()
    assert [p["current"] for p in mine["turn_order"]] == [True, False]
    assert mine["log"]["lines"] == [game.event_text(e) for e in state.events_for(0)]
    assert mine["board"]["text"] and "[" not in mine["board"]["text"].splitlines()[0][:1]
    assert mine["undo"] == {"depth": 0} and mine["final"] is None
    other = view(client, table, 1)
    assert not other["your_turn"] and other["legal_actions"] == []
    spectator = view(client, table, None)
    assert spectator["you"]["role"] == "spectator"
    assert spectator["observation"] == state.observation(None)
    assert "legal_actions" not in spectator["observation"]


def test_moves_by_index_or_by_json_are_stored_before_they_are_answered(
    client: TestClient, db: Path
) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=5)
    state = load_game("shipyard").new_state(2, 5)
    first = state.current_player()
    response = act(client, table, first, 1, version=view(client, table, first)["version"])
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["version"] == 1 and answer["ply"] == 1
    rows = journal(db, table.id)
    assert len(rows) == 1 and rows[0][:3] == (1, "act", first)
    state.apply(state.legal_actions()[1])
    assert answer["view"]["observation"] == state.observation(first)
    seat = state.current_player()
    chosen = state.legal_actions()[0]
    response = client.post(
        f"/api/tables/{table.id}/actions",
        headers=bearer(table.tokens[seat]),
        json={"action": chosen.to_json()},
    )
    assert response.status_code == 200, response.text
    state.apply(chosen)
    assert view(client, table, None)["observation"] == state.observation(None)
    assert len(journal(db, table.id)) == 2


def test_log_since_sends_only_the_new_lines(client: TestClient) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=3)
    full = view(client, table, 0)["log"]
    assert act(client, table, 0).status_code == 200
    tail = client.get(
        f"/api/tables/{table.id}?log_since={full['total']}", headers=bearer(table.tokens[0])
    ).json()["log"]
    assert tail["start"] == full["total"]
    assert tail["total"] == full["total"] + len(tail["lines"]) and tail["lines"]


def _receive_until(ws: Any, kind: str, limit: int = 20) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = recv(ws)
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_websocket_sends_the_view_takes_moves_and_updates_everyone(client: TestClient) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=9)
    url = f"/ws/tables/{table.id}"
    with client.websocket_connect(url) as seat0, client.websocket_connect(url) as watcher:
        seat0.send_json({"type": "hello", "token": table.tokens[0]})
        watcher.send_json({"type": "hello", "token": table.spectator})
        first = recv(seat0)
        assert first["type"] == "state" and first["your_turn"] and first["log"]["start"] == 0
        seen = recv(watcher)
        assert seen["you"]["role"] == "spectator" and seen["legal_actions"] == []
        seat0.send_json({"type": "act", "index": 0, "version": first["version"], "id": 1})
        update = _receive_until(seat0, "state")
        ack = _receive_until(seat0, "ack")
        assert ack == {"type": "ack", "id": 1, "ok": True, "version": 1, "ply": 1}
        assert update["version"] == 1
        assert update["log"]["start"] == first["log"]["total"], "only the new log lines"
        watched = _receive_until(watcher, "state")
        assert (
            watched["version"] == 1
            and watched["observation"] == view(client, table, None)["observation"]
        )
        seat0.send_json({"type": "ping", "id": "p"})
        assert _receive_until(seat0, "pong")["id"] == "p"
        seat0.send_json({"type": "sync"})
        again = _receive_until(seat0, "state")
        assert again["log"]["start"] == 0


def test_bots_move_by_themselves_and_people_see_it_live(client: TestClient, db: Path) -> None:
    table = create(client, "shipyard", ["human", "bot:random"], seed=21)
    deadline = time.monotonic() + 60
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_json({"type": "hello", "token": table.tokens[0]})
        state = recv(ws)
        while not any(row[2] == 1 for row in journal(db, table.id)):
            if state["your_turn"]:
                ws.send_json({"type": "act", "index": 0, "version": state["version"]})
            state = _receive_until(ws, "state")
            assert time.monotonic() < deadline, "the bot never moved"
        while not state["your_turn"]:  # the bot plays its whole turn, then it is ours again
            state = _receive_until(ws, "state")
            assert time.monotonic() < deadline, "the bot stopped"
    assert state["current_player"] == 0 and state["legal_actions"]


def test_your_tables_lists_each_table_for_the_holder_of_its_token(client: TestClient) -> None:
    a = create(client, "shipyard", ["human", "human"], seed=1)
    b = create(client, "ahoy", ["human", "human"], seed=2)
    response = client.post(
        "/api/tables/status",
        json={
            "tables": [
                {"table": a.id, "token": a.tokens[1]},
                {"table": b.id, "token": b.spectator},
                {"table": b.id, "token": a.tokens[0]},
            ]
        },
    )
    rows = response.json()["tables"]
    assert rows[0]["ok"] and rows[0]["seat"] == 1 and rows[0]["your_turn"] is False
    assert rows[0]["summary"]["game"] == "shipyard"
    assert rows[1]["ok"] and rows[1]["role"] == "spectator"
    assert rows[2] == {"table": b.id, "ok": False, "error": "this token does not open this table"}


@pytest.mark.parametrize("path", ["/", "/t/abcdefgh", "/replay"])
def test_pages_load_with_a_csp_and_no_inline_script(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert "text/html" in response.headers["content-type"]
    csp = response.headers["content-security-policy"]
    assert (
        "script-src 'self'" in csp
        and "unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    )
    assert "frame-ancestors 'none'" in csp
    html = response.text
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    for src in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
        asset = client.get(src)
        assert asset.status_code == 200, src
        if src.endswith(".js"):
            assert "javascript" in asset.headers["content-type"]
            for module in re.findall(r'from "\./([^"]+)"', asset.text):
                assert client.get(f"/static/js/{module}").status_code == 200


def test_the_test_ids_of_the_pages_are_documented() -> None:
    """Browser tests are written against the data-testid attributes: docs/web.md lists them."""
    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "web.md").read_text()
    static = root / "src" / "tabletide" / "web" / "static"
    ids = set()
    for page in static.glob("*.html"):
        ids |= set(re.findall(r'data-testid="([a-z0-9-]+)"', page.read_text()))
    for script in static.glob("js/*.js"):
        ids |= set(re.findall(r'testid: "([a-z0-9-]+)"', script.read_text()))
    assert len(ids) > 30
    missing = sorted(i for i in ids if f"`{i}`" not in doc)
    assert not missing, f"not in docs/web.md: {missing}"


def test_unknown_api_paths_and_methods_answer_json(client: TestClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404 and "error" in response.json()
    response = client.delete("/api/games")
    assert response.status_code == 405
    assert response.headers["cache-control"] == "no-store"
