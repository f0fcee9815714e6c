"""The WebSocket of a table: live views, and moves and undo for the seat.

Protocol (JSON text messages):

* client → ``{"type": "hello", "token": T, "text": B}`` first (``text``, default true:
  whether views carry the text view when the game has a picture), within ``hello_timeout``
  seconds; the
  server answers ``{"type": "state", ...}`` (the same view as ``GET /api/tables/ID``) or an
  error and closes (code 4401 no/bad hello, 4403 wrong token, 4404 no such table; 4429 when
  the client's address has ``max_websockets_per_client`` sockets open already, or is over its
  rate limit);
* client → ``{"type": "act", "index": I, "version": V, "id": X}`` or with ``"action": {...}``;
  ``{"type": "undo", "steps": N, "version": V, "id": X}``; both may carry ``"key": K``, an
  idempotency key (as the REST API's ``Idempotency-Key`` header); ``{"type": "sync",
  "text": B?}`` (send the whole view again; ``text`` changes the wish first);
  ``{"type": "ping"}``; ``{"type": "chat", "text": T, "id": X}`` (a seat's chat message,
  see ``chat.py``; acknowledged with ``{"type": "ack", "id": X, "chat": SEQ}``);
* server → ``{"type": "state", ...}`` after every change at the table (each connection its own
  seat's view; ``log`` holds only the lines it does not have yet), ``{"type": "ack", "id": X,
  "version": V}`` once a move is stored, ``{"type": "chat", "messages": [...]}`` for each new
  chat message, ``{"type": "error", "status": 4xx, "error": "...",
  "id": X}`` for a refused message (nothing changed), ``{"type": "pong"}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnected

from tabletide.web.chat import ChatSocketMessage, chat_of
from tabletide.web.errors import ApiError, bad_request, too_many
from tabletide.web.hub import Connection
from tabletide.web.ratelimit import RateLimiter
from tabletide.web.schemas import ActMessage, HelloMessage, UndoMessage, describe_errors
from tabletide.web.security import client_key
from tabletide.web.settings import WebSettings
from tabletide.web.tables import TableService

log = logging.getLogger("tabletide.web")
router = APIRouter()

CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404, 409: 4409, 429: 4429}


class _Closed(Exception):
    pass


async def _receive(ws: WebSocket, settings: WebSettings) -> dict[str, Any]:
    """The next message as a JSON object.

    :raises _Closed: the client went away.
    :raises ApiError: too large (413), not JSON or not an object (400).
    """
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise _Closed
    text = message.get("text")
    if text is None:
        raw = message.get("bytes") or b""
        if len(raw) > settings.max_ws_message:
            raise ApiError(413, f"messages are limited to {settings.max_ws_message} bytes")
        try:
            text = raw.decode()
        except UnicodeDecodeError:
            raise bad_request("messages must be UTF-8 JSON text") from None
    if len(text) > settings.max_ws_message:
        raise ApiError(413, f"messages are limited to {settings.max_ws_message} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise bad_request("a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise bad_request("a message must be a JSON object")
    return data


def _error(exc: ApiError, request_id: Any = None) -> dict[str, Any]:
    payload: dict[str, Any] = {"type": "error", **exc.to_json()}
    if request_id is not None:
        payload["id"] = request_id
    if exc.retry_after is not None:
        payload["retry_after"] = round(exc.retry_after, 2)
    return payload


GONE = (_Closed, WebSocketDisconnect, WebSocketDisconnected)
"""The client went away: while we waited for a message (``_Closed``), while we sent one
(``WebSocketDisconnect``), or before a later send (``WebSocketDisconnected``: e.g. a push of
the new view failed, then the mover's ack is sent on the closed socket). Nothing to log."""


class SocketCounter:
    """Open WebSockets per client address (``max_websockets_per_client``)."""

    def __init__(self) -> None:
        self._open: dict[str, int] = {}

    def enter(self, client: str, limit: int) -> bool:
        """Count one more socket for ``client``; False (and nothing counted) at the limit."""
        have = self._open.get(client, 0)
        if have >= limit:
            return False
        self._open[client] = have + 1
        return True

    def leave(self, client: str) -> None:
        have = self._open.get(client, 0) - 1
        if have > 0:
            self._open[client] = have
        else:
            self._open.pop(client, None)

    def count(self, client: str) -> int:
        return self._open.get(client, 0)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    app_state = ws.app.state
    settings: WebSettings = app_state.settings
    sockets: SocketCounter = app_state.websockets
    client = client_key(ws.scope)
    await ws.accept()
    if not sockets.enter(client, settings.max_websockets_per_client):
        reason = f"at most {settings.max_websockets_per_client} open WebSockets per address"
        try:
            await ws.send_json(_error(ApiError(429, reason)))
            await ws.close(code=4429, reason=reason)
        except GONE:
            pass
        return
    try:
        await _serve(ws, table_id, client)
    except GONE:
        return
    finally:
        sockets.leave(client)


async def _serve(ws: WebSocket, table_id: str, client: str) -> None:
    app_state = ws.app.state
    service: TableService = app_state.service
    settings: WebSettings = app_state.settings
    client_limiter: RateLimiter = app_state.client_limiter
    token_limiter: RateLimiter = app_state.token_limiter
    if client_limiter.hit(client) > 0:
        await ws.send_json(_error(too_many(1.0)))
        await ws.close(code=4429)
        return
    try:
        data = await asyncio.wait_for(_receive(ws, settings), settings.hello_timeout)
        hello = HelloMessage.model_validate(data)
        viewer = await service.authenticate(table_id, hello.token)
        live = await service.get(table_id)
    except TimeoutError:
        await ws.send_json(_error(ApiError(401, "send {'type': 'hello', 'token': ...} first")))
        await ws.close(code=4401)
        return
    except ValidationError as exc:
        problem = describe_errors(exc.errors())
        await ws.send_json(_error(ApiError(401, f"the first message must be a hello: {problem}")))
        await ws.close(code=4401)
        return
    except ApiError as exc:
        await ws.send_json(_error(exc))
        await ws.close(code=CLOSE_CODES.get(exc.status, 4400))
        return
    conn = Connection(ws, table_id, viewer.seat, viewer.token_hash, text=hello.text)
    service.hub.add(conn)
    try:
        await service.hub.push(conn, live.view)
        while True:
            request_id: Any = None
            try:
                data = await _receive(ws, settings)
                request_id = data.get("id")
                if not isinstance(request_id, int | str) or isinstance(request_id, bool):
                    request_id = None
                wait = max(
                    client_limiter.hit(client), token_limiter.hit(f"token:{viewer.token_hash}")
                )
                if wait > 0:
                    raise too_many(wait)
                kind = data.get("type")
                if kind == "act":
                    act = ActMessage.model_validate(data)
                    answer = await service.act(
                        viewer, act.index, act.action, act.version, key=act.key
                    )
                    await conn.send({"type": "ack", "id": request_id, **answer})
                elif kind == "undo":
                    undo = UndoMessage.model_validate(data)
                    answer = await service.undo(viewer, undo.steps, undo.version, key=undo.key)
                    await conn.send({"type": "ack", "id": request_id, **answer})
                elif kind == "sync":
                    wanted = data.get("text")
                    if wanted is not None and not isinstance(wanted, bool):
                        raise bad_request("'text' must be true or false")
                    if wanted is not None:
                        conn.text = wanted
                    conn.log_sent = 0
                    live = await service.get(table_id)
                    await service.hub.push(conn, live.view)
                elif kind == "chat":
                    said = ChatSocketMessage.model_validate(data)
                    message = await chat_of(app_state).send(viewer, said.text)
                    await conn.send({"type": "ack", "id": request_id, "chat": message["seq"]})
                elif kind == "ping":
                    await conn.send({"type": "pong", "id": request_id})
                else:
                    raise bad_request(
                        f"unknown message type {kind!r}; use act, undo, sync, chat or ping"
                    )
            except ValidationError as exc:
                await conn.send(_error(bad_request(describe_errors(exc.errors())), request_id))
            except ApiError as exc:
                await conn.send(_error(exc, request_id))
                if exc.status == 413:
                    await ws.close(code=1009)
                    return
    finally:
        service.hub.remove(conn)
