"""Learning the game at a web table (issue 22): the rules reference over the API, the view's
rule IDs, option explanations and closed options, and the hint (which the creator can switch
off)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from tabletide.web.db import make_engine
from tabletide.web.store import Store

from .helpers import bearer, create, current_seat, live, seat_specs, view


def test_the_rules_reference_is_served_as_sections_with_a_rule_index(client: TestClient) -> None:
    data = client.get("/api/games/shipyard/rules").json()
    assert data["title"] == "Shipyard" and len(data["sections"]) > 10
    anchors = {s["anchor"] for s in data["sections"]}
    assert len(anchors) == len(data["sections"])
    assert data["index"]["SY-1.2"] in anchors
    stating = next(s for s in data["sections"] if "SY-1.2" in s["rules"])
    assert 'data-rule="SY-1.2"' in stating["html"] and "<script" not in stating["html"]
    missing = client.get("/api/games/chess/rules")
    assert missing.status_code == 404 and "unknown game" in missing.json()["error"]
    page = client.get("/rules/shipyard")
    assert page.status_code == 200 and "rules.js" in page.text
    assert client.get("/rules/shipyard/img/..%2Fshipyard.md").status_code == 404


def test_a_seat_is_told_the_rules_what_each_option_does_and_what_is_closed(
    client: TestClient,
) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=7)
    seat = current_seat(client, table)
    mine = view(client, table, seat)
    state = live(client, table).state
    assert mine["rules"] == state.decision()["rules"] and mine["rules"]  # type: ignore[index]
    legal = state.legal_actions()
    assert [a["detail"] for a in mine["legal_actions"]] == [state.explain(a) for a in legal]
    assert mine["closed_options"] == state.closed_options(seat)
    other = view(client, table, 1 - seat)
    assert other["closed_options"] == [] and other["legal_actions"] == []
    assert other["rules"] == mine["rules"]  # which rules govern the decision is public


def test_the_hint_names_the_top_options_of_the_seat_to_move(client: TestClient) -> None:
    table = create(client, "tiny_epic_pirates", ["human", "human"], seed=5)
    seat = current_seat(client, table)
    answer = client.post(f"/api/tables/{table.id}/hint", headers=bearer(table.tokens[seat]))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    labels = [a["label"] for a in view(client, table, seat)["legal_actions"]]
    assert hint["level"] == "hard" and hint["scale"]
    assert 1 <= len(hint["options"]) <= 3
    for option in hint["options"]:
        assert labels[option["index"]] == option["label"] and option["text"]
    not_yours = client.post(f"/api/tables/{table.id}/hint", headers=bearer(table.tokens[1 - seat]))
    assert not_yours.status_code == 409 and "not your turn" in not_yours.json()["error"]
    spectator = client.post(f"/api/tables/{table.id}/hint", headers=bearer(table.spectator))
    assert spectator.status_code == 403


def test_a_creator_can_switch_hints_off(client: TestClient) -> None:
    body = {"game": "shipyard", "seats": seat_specs(["human", "human"]), "hints": False}
    created = client.post("/api/tables", json=body).json()
    assert created["table"]["hints"] is False
    table_id = created["table"]["id"]
    for link in created["links"]["seats"]:
        answer = client.post(f"/api/tables/{table_id}/hint", headers=bearer(link["token"]))
        assert answer.status_code == 403 and "hints are switched off" in answer.json()["error"]
    token = created["links"]["seats"][0]["token"]
    seen = client.get(f"/api/tables/{table_id}", headers=bearer(token)).json()
    assert seen["table"]["hints"] is False


def test_a_database_from_before_table_settings_gets_the_column(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    make_engine(f"sqlite:///{db}").dispose()
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE tt_tables DROP COLUMN settings")
        conn.execute(
            "INSERT INTO tt_tables (id, game, num_players, seed, seed_chosen, options, seats,"
            " status, version, to_move, created_at, updated_at) VALUES ('old', 'shipyard', 2,"
            " 1, 0, '{}', ?, 'playing', 0, 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')",
            (json.dumps([{"kind": "human", "bot": None, "name": n} for n in ("A", "B")]),),
        )
    store = Store(make_engine(f"sqlite:///{db}"))
    try:
        stored = store.load("old")
        assert stored is not None and stored.info.hints is True
    finally:
        store.close()
