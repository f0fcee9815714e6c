"""Finished games: the end screen, the replay download, and the step-through viewer's API."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletide.engine import Replay, load_game

from .helpers import Table, act, bearer, create, live, play_random, view

BOUND = load_game("shipyard").max_game_length
"""Shipyard's ``max_game_length``: a longer replay is refused."""

SEED = 12


@pytest.fixture(scope="module")
def finished(client: TestClient) -> Table:
    """A 2-player Shipyard played to the end through the API, with an undo on the way."""
    table = create(client, "shipyard", ["human", "human"], seed=SEED)
    rng = random.Random(5)
    play_random(client, table, 20, rng)
    held = live(client, table)
    for _ in range(200):  # find a move that can be taken back, and take it back
        seat = held.state.current_player()
        assert act(client, table, seat, 0).status_code == 200
        if held.undo_depth(seat):
            response = client.post(
                f"/api/tables/{table.id}/undo", headers=bearer(table.tokens[seat]), json={}
            )
            assert response.status_code == 200
            break
    play_random(client, table, 2000, rng)
    assert held.state.is_terminal()
    return table


def download(client: TestClient, table: Table) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table.id}/replay")
    assert response.status_code == 200, response.text
    assert response.headers["content-disposition"].startswith("attachment;")
    data: dict[str, Any] = response.json()
    return data


def test_the_end_screen_shows_winners_and_the_scoring_breakdown(
    client: TestClient, finished: Table
) -> None:
    end = view(client, finished, 0)
    assert end["terminal"] and end["table"]["status"] == "finished"
    final = end["final"]
    state = live(client, finished).state
    assert final["winners"] == state.winners() and final["scores"] == state.scores()
    assert final["winner_names"] == [f"Seat {w}" for w in state.winners()]
    rows = {row[0]: row[1:] for row in final["breakdown"]["rows"]}
    assert {"voyages", "contracts", "merchants", "total"} <= set(rows)
    assert rows["total"] == [int(s) for s in state.scores()]
    assert "Final scoring" in final["text"]
    assert end["table"]["seed"] == str(SEED), "the seed is public once the game is over"
    assert end["legal_actions"] == [] and end["undo"] == {"depth": 0}
    response = act(client, finished, 0)
    assert response.status_code == 409 and "over" in response.json()["error"]


def test_the_replay_download_is_the_engines_format_and_replays_the_game(
    client: TestClient, finished: Table
) -> None:
    data = download(client, finished)
    replay = Replay.from_json(data)
    state = live(client, finished).state
    assert replay.game == "shipyard" and replay.seed == SEED and replay.num_players == 2
    assert len(replay.actions) == len(state.history), "the undone move is not in it"
    replayed = replay.play()
    assert replayed.is_terminal() and replayed.scores() == state.scores()
    assert replay.meta["seats"][1] == {"kind": "human", "bot": None, "name": "Seat 1"}


def test_the_viewer_steps_through_as_any_seat(client: TestClient, finished: Table) -> None:
    data = download(client, finished)
    replay = Replay.from_json(data)
    last = len(replay.actions)
    for step in (0, 1, last // 2, last):
        expected = replay.play(upto=step)
        for seat in (None, 0, 1):
            response = client.post(
                "/api/replays/step", json={"replay": data, "step": step, "seat": seat}
            )
            assert response.status_code == 200, response.text
            frame = response.json()
            assert (frame["step"], frame["last"], frame["seat"]) == (step, last, seat)
            assert frame["observation"] == expected.observation(seat)
            assert frame["names"] == ["Seat 0", "Seat 1"]
            assert frame["terminal"] == (step == last)
    assert frame["final"] is not None and frame["final"]["breakdown"]


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        (lambda d: {"game": "shipyard"}, 400, "not a tabletide replay"),
        (lambda d: {**d, "version": 9}, 400, "unsupported replay version"),
        (lambda d: {**d, "game": "chess"}, 400, "unknown game"),
        (lambda d: {**d, "num_players": 9}, 400, "2-4 players"),
        (lambda d: {**d, "actions": [{"kind": "fly"}] + d["actions"]}, 400, "does not"),
        (lambda d: {**d, "actions": [{"kind": "x"}] * (BOUND + 1)}, 400, f"at most {BOUND} a"),
    ],
)
def test_bad_replays_are_refused(
    client: TestClient, finished: Table, change: Any, status: int, message: str
) -> None:
    data = change(download(client, finished))
    response = client.post("/api/replays/step", json={"replay": data, "step": 1})
    assert response.status_code == status, response.text
    assert message in response.json()["error"]


def test_bad_steps_and_seats_and_sizes(client: TestClient, finished: Table) -> None:
    data = download(client, finished)
    last = len(data["actions"])
    for body, message in [
        ({"replay": data, "step": last + 1}, f"0..{last}"),
        ({"replay": data, "step": 0, "seat": 2}, "seat must be"),
        ({"replay": data, "step": -1}, "step"),
    ]:
        response = client.post("/api/replays/step", json=body)
        assert 400 <= response.status_code < 500 and message in response.json()["error"]
    padded = {**data, "meta": {"pad": "x" * 3_000_000}}
    response = client.post("/api/replays/step", json={"replay": padded, "step": 0})
    assert response.status_code == 413


def test_no_replay_while_the_game_is_played(client: TestClient, tmp_path: Path) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=SEED)
    response = client.get(f"/api/tables/{table.id}/replay")
    assert response.status_code == 409 and "once the game is over" in response.json()["error"]
    assert client.get("/api/tables/doesnotexist/replay").status_code == 404
    assert client.get("/api/tables/bad id!/replay").status_code == 404
