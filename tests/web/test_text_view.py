"""The text view only on request: a WebSocket that says ``"text": false`` in its hello gets
views without ``board.text`` while the game has a picture, ``sync`` with ``text`` switches it,
REST answers with it unless ``text=false``, and the other fields are the same either way."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from .helpers import bearer, create, recv


def state(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = recv(ws)
        if message["type"] == "state":
            return message


def without_text(payload: dict[str, Any]) -> dict[str, Any]:
    return {**payload, "board": {**payload["board"], "text": None}}


def test_the_text_view_is_sent_only_to_who_asks(client: TestClient) -> None:
    table = create(client, "shipyard", ["human", "human"], seed=12)
    url = f"/ws/tables/{table.id}"
    with client.websocket_connect(url) as plain, client.websocket_connect(url) as texty:
        plain.send_json({"type": "hello", "token": table.spectator, "text": False})
        texty.send_json({"type": "hello", "token": table.spectator})
        first_plain, first_texty = state(plain), state(texty)
        assert first_plain["board"]["svg"] and first_plain["board"]["text"] is None
        assert first_texty["board"]["text"]
        assert without_text(first_texty) == first_plain
        seat = first_plain["current_player"]
        moved = client.post(
            f"/api/tables/{table.id}/actions", headers=bearer(table.tokens[seat]), json={"index": 0}
        )
        assert moved.status_code == 200
        assert moved.json()["view"]["board"]["text"], "REST answers with the text view"
        pushed_plain, pushed_texty = state(plain), state(texty)
        assert pushed_plain["board"]["text"] is None and pushed_texty["board"]["text"]
        assert without_text(pushed_texty) == pushed_plain
        plain.send_json({"type": "sync", "text": True})
        assert state(plain)["board"]["text"] == pushed_texty["board"]["text"]
        plain.send_json({"type": "sync", "text": "yes"})
        assert recv(plain)["status"] == 400
    rest = client.get(f"/api/tables/{table.id}?text=false", headers=bearer(table.spectator)).json()
    assert rest["board"]["text"] is None and rest["board"]["svg"]
