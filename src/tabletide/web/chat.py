"""The chat of a table: seated players write, everyone at the table (spectators too) reads.

* A message is plain text: control characters are dropped (line breaks and tabs become
  spaces), then it is trimmed; 1 to ``chat_max_length`` characters remain or it is refused.
  The page shows it with ``textContent``, so markup stays text.
* A seat sends over the table's WebSocket (``{"type": "chat", "text": T, "id": X}``, answered
  with an ``ack`` carrying the message's ``seq``) or ``POST /api/tables/ID/chat``. Spectators
  get 403. Each seat token may send ``chat_rate`` messages a second with bursts of
  ``chat_burst`` (429 with the wait otherwise).
* Messages are stored in ``tt_chat`` under ``(table_id, seq)``: two processes that pick the
  same number collide on the primary key and the loser retries with the next one. So the
  chat survives a restart.
* Every WebSocket of the table gets ``{"type": "chat", "messages": [...]}`` for each new
  message. With several processes on PostgreSQL the insert's transaction sends ``NOTIFY
  tabletide_chat, 'TABLE SEQ ORIGIN'``; the other processes read the rows they have not
  pushed yet and send them to their own WebSockets (``Cluster.on_chat``).
* ``GET /api/tables/ID/chat?since=SEQ`` gives the latest ``chat_history`` messages after
  ``SEQ``: what a page loads when it (re)connects.

A message is ``{"seq", "seat", "name", "text", "at"}`` (``name``: the seat's name at the table,
``at``: ISO 8601 UTC).
"""

from __future__ import annotations

import asyncio
import logging
import re
import unicodedata
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import Field, StrictInt, StrictStr
from sqlalchemy import Engine, func, insert, select
from sqlalchemy.exc import IntegrityError

from tabletide.web import auth
from tabletide.web.api import Viewer
from tabletide.web.cluster import CHAT_CHANNEL
from tabletide.web.db import ChatRow
from tabletide.web.errors import ApiError, bad_request, conflict, forbidden, unavailable
from tabletide.web.hub import encode
from tabletide.web.ratelimit import RateLimiter
from tabletide.web.schemas import Strict
from tabletide.web.settings import WebSettings
from tabletide.web.store import TableInfo, iso, now
from tabletide.web.tables import TableService

log = logging.getLogger("tabletide.web")
router = APIRouter(prefix="/api")

RAW_LIMIT = 4000
"""Characters a message may have before it is cleaned (the cleaned limit is a setting)."""
APPEND_TRIES = 5
"""Inserts tried when other processes keep taking the next number first."""
KEEP = {"\u200c", "\u200d"}
"""Format characters kept: the zero-width (non-)joiners that emoji and some scripts need."""
PUSHED_KEPT = 500
"""Message numbers remembered per watched table, so that none is pushed twice."""
EDGES = re.compile(r"^[\s\u200c\u200d]+|[\s\u200c\u200d]+$")
"""What trimming takes off both ends: spaces and the kept zero-width characters."""


def kept_format(char: str) -> bool:
    """The invisible format characters a message keeps: the zero-width (non-)joiners and the
    tag characters of emoji sequences (the flags of Scotland or Wales)."""
    return char in KEEP or "\U000e0020" <= char <= "\U000e007f"


class ChatRequest(Strict):
    text: StrictStr = Field(max_length=RAW_LIMIT)


class ChatSocketMessage(ChatRequest):
    type: Literal["chat"]
    id: StrictInt | StrictStr | None = None


def clean_text(raw: str, limit: int) -> str:
    """``raw`` as a chat message: control and invisible format characters dropped (bidi
    overrides could disguise the text; lone surrogates cannot be stored), line breaks and
    tabs made spaces, trimmed.

    :raises ApiError: 400 when nothing or more than ``limit`` characters remain.
    """
    kept = []
    for char in raw:
        if char in "\t\n\r\v\f\x85\u2028\u2029":
            kept.append(" ")
            continue
        category = unicodedata.category(char)
        if category in ("Cc", "Cs") or (category == "Cf" and not kept_format(char)):
            continue  # (unassigned characters stay: newer emoji than this Python knows)
        kept.append(char)
    text = EDGES.sub("", "".join(kept))
    if not text:
        raise bad_request("a chat message needs some text")
    if len(text) > limit:
        have = len(text)
        raise bad_request(f"a chat message has at most {limit} characters (this one has {have})")
    return text


class ChatStore:
    """``tt_chat`` (synchronous SQLAlchemy; called through ``asyncio.to_thread``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"

    def append(self, table_id: str, seat: int, text: str, origin: str) -> tuple[int, datetime]:
        """Store a message as the table's next one: its ``(seq, created_at)``.

        :raises ApiError: 409 if other writers took the next number ``APPEND_TRIES`` times.
        """
        for _ in range(APPEND_TRIES):
            try:
                with self.engine.begin() as conn:
                    last = conn.execute(
                        select(func.max(ChatRow.seq)).where(ChatRow.table_id == table_id)
                    ).scalar()
                    seq = int(last or 0) + 1
                    moment = now()
                    conn.execute(
                        insert(ChatRow).values(
                            table_id=table_id, seq=seq, seat=seat, text=text, created_at=moment
                        )
                    )
                    if self.postgres:  # delivered to the other processes after the commit
                        payload = f"{table_id} {seq} {origin}"
                        conn.execute(select(func.pg_notify(CHAT_CHANNEL, payload)))
                return seq, moment
            except IntegrityError:
                continue  # another process stored this number first: take the next
        raise conflict("the chat is busy: send the message again")

    def since(
        self, table_id: str, since: int, limit: int, upto: int | None = None
    ) -> list[tuple[int, int, str, datetime]]:
        """The latest ``limit`` messages after ``since`` (up to ``upto``), oldest first."""
        query = select(ChatRow.seq, ChatRow.seat, ChatRow.text, ChatRow.created_at).where(
            ChatRow.table_id == table_id, ChatRow.seq > since
        )
        if upto is not None:
            query = query.where(ChatRow.seq <= upto)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(ChatRow.seq.desc()).limit(limit)).all()
        return [(r.seq, r.seat, r.text, r.created_at) for r in reversed(rows)]


def message_json(info: TableInfo, seq: int, seat: int, text: str, at: datetime) -> dict[str, Any]:
    name = info.seats[seat].name if 0 <= seat < len(info.seats) else f"Seat {seat}"
    return {"seq": seq, "seat": seat, "name": name, "text": text, "at": iso(at)}


class ChatService:
    """Sending, reading and pushing chat messages; one per app (``app.state.chat``)."""

    def __init__(self, settings: WebSettings, engine: Engine, tables: TableService) -> None:
        self.settings = settings
        self.store = ChatStore(engine)
        self.tables = tables
        self.limiter = RateLimiter(settings.chat_rate, settings.chat_burst)
        self._pushed: dict[str, set[int]] = {}
        """Per watched table, the latest message numbers pushed to this process's WebSockets
        (a message stored here and one from another process may arrive in either order)."""
        self._background: set[asyncio.Task[None]] = set()
        if tables.cluster is not None:
            tables.cluster.on_chat = self.remote

    async def send(self, viewer: auth.Viewer, raw: str) -> dict[str, Any]:
        """Store the seat's message and push it to every connection of the table.

        :raises ApiError: 403 for a spectator, 400 for an empty or too long text, 429 over
            the seat's chat rate, 503 while the server shuts down.
        """
        if viewer.seat is None:
            raise forbidden("spectators can read the chat but not write in it")
        text = clean_text(raw, self.settings.chat_max_length)
        if self.tables.draining:
            raise unavailable("the server is restarting: send the message again in a moment")
        wait = self.limiter.hit(f"chat:{viewer.token_hash}")
        if wait > 0:
            wait = max(wait, 0.1)
            raise ApiError(
                429, f"you are chatting too fast: wait {wait:.1f} s and send it again", wait
            )
        live = await self.tables.get(viewer.table_id)
        seq, at = await asyncio.to_thread(
            self.store.append, viewer.table_id, viewer.seat, text, self.tables.origin
        )
        message = message_json(live.info, seq, viewer.seat, text, at)
        await self._publish(viewer.table_id, [message])
        return message

    async def history(self, viewer: auth.Viewer, since: int) -> list[dict[str, Any]]:
        """The latest ``chat_history`` messages after ``since`` (the reader's table)."""
        live = await self.tables.get(viewer.table_id)
        rows = await asyncio.to_thread(
            self.store.since, viewer.table_id, since, self.settings.chat_history
        )
        return [message_json(live.info, *row) for row in rows]

    async def _publish(self, table_id: str, messages: list[dict[str, Any]]) -> None:
        """Send ``messages`` (those not sent yet) to every WebSocket of the table, encoded
        once; drop the sockets that fail, as ``Hub.publish`` does."""
        hub = self.tables.hub
        if not hub.watched(table_id):
            self._pushed.pop(table_id, None)
            return
        pushed = self._pushed.setdefault(table_id, set())
        fresh = [m for m in messages if m["seq"] not in pushed]
        if not fresh:
            return
        pushed.update(m["seq"] for m in fresh)
        while len(pushed) > PUSHED_KEPT:
            pushed.discard(min(pushed))
        text = encode({"type": "chat", "messages": fresh})
        for conn in hub.connections(table_id):
            try:
                await conn.send_text(text)
            except Exception:
                log.info("dropping a connection of table %s", table_id)
                hub.remove(conn)

    # ------------------------------------------------------------------ other processes
    def remote(self, payload: str) -> None:
        """A chat notification from PostgreSQL (``TABLE SEQ ORIGIN``; ``""``: the listening
        connection was down, catch up every watched table)."""
        parts = payload.split(" ")
        if payload and (len(parts) < 3 or parts[2] == self.tables.origin):
            return  # malformed, or our own message (already pushed)
        if payload:
            if not parts[1].isdigit() or not self.tables.hub.watched(parts[0]):
                return
            seq = int(parts[1])
            wanted: list[tuple[str, int, int | None]] = [(parts[0], seq - 1, seq)]
        else:
            wanted = [(table, 0, None) for table in self._pushed]
        task = asyncio.create_task(self._catch_up(wanted))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _catch_up(self, wanted: list[tuple[str, int, int | None]]) -> None:
        """Push each table's messages in ``(after, upto]`` (the latest ``chat_history`` of
        them) that this process has not pushed yet."""
        for table_id, after, upto in wanted:
            try:
                live = await self.tables.get(table_id)
                rows = await asyncio.to_thread(
                    self.store.since, table_id, after, self.settings.chat_history, upto
                )
            except Exception as exc:
                log.warning("the chat of table %s cannot be read: %s", table_id, exc)
                continue
            await self._publish(table_id, [message_json(live.info, *row) for row in rows])

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)


def chat_of(app_state: Any) -> ChatService:
    chat: ChatService = app_state.chat
    return chat


@router.post("/tables/{table_id}/chat", status_code=201)
async def post_chat(body: ChatRequest, viewer: Viewer, request: Request) -> dict[str, Any]:
    """Send a chat message as the token's seat (spectators may only read)."""
    return {"message": await chat_of(request.app.state).send(viewer, body.text)}


@router.get("/tables/{table_id}/chat")
async def get_chat(
    viewer: Viewer,
    request: Request,
    since: Annotated[int, Query(ge=0, le=1_000_000_000)] = 0,
) -> dict[str, Any]:
    """The latest chat messages after ``since`` (for the seats and the spectators)."""
    return {"messages": await chat_of(request.app.state).history(viewer, since)}
