"""The live connections of each table, and pushing each one its own view after a change."""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import orjson

from tabletide.svg import Picture

log = logging.getLogger("tabletide.web")


class Socket(Protocol):
    async def send_json(self, data: Any, mode: str = "text") -> None: ...

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """One WebSocket of one viewer; ``log_sent`` is how many log lines it already has."""

    def __init__(
        self,
        socket: Socket,
        table_id: str,
        seat: int | None,
        token_hash: str,
        text: bool = True,
    ) -> None:
        self.socket = socket
        self.table_id = table_id
        self.seat = seat
        self.token_hash = token_hash
        self.log_sent = 0
        self.text = text
        """Whether this connection asked for the text view."""
        self._send_lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(encode(message))

    async def send_text(self, text: str) -> None:
        async with self._send_lock:
            await self.socket.send_text(text)


def dumps(value: Any) -> str:
    """``value`` as compact UTF-8 JSON text, as ``json.dumps(value, separators=(",", ":"),
    ensure_ascii=False)`` writes it, by orjson (a view about 10 times faster: 21 against 210
    µs over 2,211 views of the five games, the same text for every one). What orjson does not
    write (a key that is not a string, an integer beyond 64 bits) goes to ``json``."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_SVG_MARK = f"\ue000picture {uuid.uuid4().hex}\ue000"
"""Stands for the board's picture while the rest of a message is encoded: the picture's JSON
text is written from its pieces (:meth:`Picture.json`) and put in its place. Unguessable,
so no text from a user can be taken for it."""
_SVG_MARK_JSON = dumps(_SVG_MARK)


def encode(message: dict[str, Any]) -> str:
    """A message as Starlette's ``send_json`` writes it (compact, UTF-8). An observation
    that keeps its JSON text (:class:`EncodedView`) is written as that text (last); the
    board's picture (a :class:`~tabletide.svg.Picture`) as the JSON its pieces make, the
    same text ``json.dumps`` writes."""
    observation = message.get("observation")
    encoded = observation if isinstance(observation, EncodedView) and len(message) > 1 else None
    board = message.get("board")
    picture = board.get("svg") if isinstance(board, dict) else None
    if encoded is None and not isinstance(picture, Picture):
        return dumps(message)
    rest = message if encoded is None else {k: v for k, v in message.items() if k != "observation"}
    if isinstance(board, dict) and isinstance(picture, Picture):
        rest = {**rest, "board": {**board, "svg": _SVG_MARK}}
    head = dumps(rest)
    if isinstance(picture, Picture):
        head = head.replace(_SVG_MARK_JSON, picture.json(), 1)
    if encoded is not None:
        return f'{head[:-1]},"observation":{encoded.text}}}'
    return head


class EncodedView(dict[str, Any]):
    """An observation that keeps its compact JSON text: a view is built once and encoded into
    a message per group of connections, so the observation's text is written once (:meth:`of`).

    An observation is JSON already (``state.observation``: lists, string keys; a test checks
    every game) and built afresh for each call, but for its ``events`` (the state's logged
    events, which never change) and its legal actions' JSON (actions are immutable), so it is
    not copied through JSON (which cost as much as writing it): only its top level is copied.
    Never change it, nor anything in it (its text would no longer say the same, and an event
    is the state's own); the pictures and the view only read it."""

    __slots__ = ("text",)
    text: str

    @classmethod
    def of(cls, observation: dict[str, Any]) -> EncodedView:
        out = cls(observation)
        out.text = dumps(observation)
        return out


ViewFor = Callable[[int | None, int, bool], dict[str, Any]]
"""``(seat, log_since, text) -> payload``."""


class Hub:
    def __init__(self) -> None:
        self._tables: dict[str, set[Connection]] = {}
        self.before_views: Callable[[str, set[int | None]], Awaitable[None]] | None = None
        """Called by :meth:`publish` with the table and the seats of its connections before
        their views are built (the service has their pictures drawn then: ``pictures.py``)."""

    def add(self, conn: Connection) -> None:
        self._tables.setdefault(conn.table_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conns = self._tables.get(conn.table_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._tables[conn.table_id]

    def watched(self, table_id: str) -> bool:
        return bool(self._tables.get(table_id))

    def connections(self, table_id: str) -> list[Connection]:
        return list(self._tables.get(table_id, ()))

    async def push(self, conn: Connection, view_for: ViewFor) -> None:
        """Send ``conn`` its view, with only the log lines it does not have yet."""
        payload = view_for(conn.seat, conn.log_sent, conn.text)
        conn.log_sent = payload["log"]["total"]
        await conn.send({"type": "state", **payload})

    async def publish(self, table_id: str, view_for: ViewFor) -> None:
        """Push every connection of the table its own view; drop the ones that fail. The
        connections that would get the same message (same seat, same log lines, same wish for
        the text view: e.g. all the spectators) share one payload, encoded once."""
        encoded: dict[tuple[int | None, int, bool], tuple[str, int]] = {}
        conns = self.connections(table_id)
        if self.before_views is not None and conns:
            try:
                await self.before_views(table_id, {conn.seat for conn in conns})
            except Exception:  # the views draw their own pictures
                log.exception("preparing the views of table %s failed", table_id)
        for conn in conns:
            key = (conn.seat, conn.log_sent, conn.text)
            try:
                if key not in encoded:
                    payload = view_for(conn.seat, conn.log_sent, conn.text)
                    message = encode({"type": "state", **payload})
                    encoded[key] = (message, payload["log"]["total"])
                message, total = encoded[key]
                conn.log_sent = total
                await conn.send_text(message)
            except Exception:
                log.info("dropping a connection of table %s", table_id)
                self.remove(conn)

    async def close_all(self, code: int, reason: str) -> None:
        """Close every connection with ``code`` and ``reason`` (a graceful shutdown)."""
        conns = [c for table in list(self._tables.values()) for c in table]
        for conn in conns:
            try:
                async with conn._send_lock:
                    await conn.socket.close(code=code, reason=reason)
            except Exception:
                pass
            self.remove(conn)
