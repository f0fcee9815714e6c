"""No seat receives another seat's secrets: not over REST, not over the WebSocket, not in the
board picture, the text view or the log.

As the engine's own leak tests do, the server's state is swapped for ``determinize(A, k)``:
a state that differs from the real one only in what seat A cannot know (other seats' hidden
cards, the order of the decks). Everything A is sent must be identical for both.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import Table, create, live, play_random, recv, view

CASES = [
    ("shipyard", 3),
    ("tiny_epic_pirates", 2),
    ("ahoy", 3),
    ("maracaibo", 2),
    ("empires_north", 2),
]
CHECKPOINTS = 4
MOVES_BETWEEN = 12


def ws_view(client: TestClient, table: Table, seat: int | None) -> dict[str, Any]:
    token = table.spectator if seat is None else table.tokens[seat]
    with client.websocket_connect(f"/ws/tables/{table.id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        message: dict[str, Any] = recv(ws)
    assert message["type"] == "state"
    return message


@pytest.mark.parametrize(("game", "players"), CASES, ids=[c[0] for c in CASES])
def test_what_a_seat_receives_does_not_depend_on_others_secrets(
    client: TestClient, game: str, players: int
) -> None:
    table = create(client, game, ["human"] * players, seed=17)
    held = live(client, table)
    rng = random.Random(game)
    compared = 0
    for _ in range(CHECKPOINTS):
        if play_random(client, table, MOVES_BETWEEN, rng) < MOVES_BETWEEN:
            break
        real = held.state
        sent = {seat: view(client, table, seat) for seat in range(players)}
        pushed = {seat: ws_view(client, table, seat) for seat in range(players)}
        # The views differ between seats (each has its own secrets and actions), so a
        # server that sent one seat's view to another would be seen.
        assert len({json.dumps(v["observation"], sort_keys=True) for v in sent.values()}) > 1
        try:
            for seat in range(players):
                for k in range(2):
                    held.state = real.determinize(seat, 1000 * k + seat)
                    assert view(client, table, seat) == sent[seat], f"REST, seat {seat}"
                    assert ws_view(client, table, seat) == pushed[seat], f"WebSocket, seat {seat}"
                    compared += 1
        finally:
            held.state = real
    assert compared >= players * 2
    # The spectator sees no seat's secrets: its view is the same on any seat's determinization.
    real = held.state
    public = view(client, table, None)
    try:
        for seat in range(players):
            held.state = real.determinize(seat, 77)
            spectated = view(client, table, None)
            assert spectated["observation"] == public["observation"]
            assert spectated["log"] == public["log"] and spectated["board"] == public["board"]
    finally:
        held.state = real


def test_pushed_updates_are_the_seats_own_view(client: TestClient) -> None:
    """After another seat's move, each connection gets its own seat's view (the same as its
    REST view), never the mover's."""
    table = create(client, "shipyard", ["human", "human"], seed=3)
    with (
        client.websocket_connect(f"/ws/tables/{table.id}") as mover,
        client.websocket_connect(f"/ws/tables/{table.id}") as other,
    ):
        mover.send_json({"type": "hello", "token": table.tokens[0]})
        other.send_json({"type": "hello", "token": table.tokens[1]})
        recv(mover)
        recv(other)
        mover.send_json({"type": "act", "index": 0})
        update = recv(other)
        assert update["type"] == "state" and update["you"]["seat"] == 1
        rest = view(client, table, 1)
        assert update["observation"] == rest["observation"]
        assert update["board"] == rest["board"] and update["legal_actions"] == rest["legal_actions"]
