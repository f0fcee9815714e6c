"""Many server processes over one PostgreSQL database: PostgreSQL's own ``LISTEN/NOTIFY``
for live updates and a ``tt_bot_jobs`` queue for bots. No broker of our own.

* **Moves** stay serialized by the database: ``Store.append``'s conditional version update
  lets exactly one writer append row N+1. The same transaction runs ``pg_notify('tabletide',
  'TABLE VERSION ORIGIN')``; PostgreSQL delivers it, after the commit and only then, to every
  connection that listens. Each process keeps one such connection (psycopg's
  ``AsyncConnection.notifies()``); on a notification for a table it holds in memory, it reads
  the journal rows after its version and pushes the new state to its own WebSockets
  (``TableService.refresh``). A process that loses the connection reconnects and refreshes
  every table it holds (notifications sent meanwhile are lost, the journal is not).
* **Bots**: when a move leaves a bot to move, the same transaction writes the table's row in
  ``tt_bot_jobs`` (and deletes it when a person or nobody is to move). Each process's
  dispatcher claims waiting rows with ``UPDATE ... WHERE table_id = (SELECT ... FOR UPDATE
  SKIP LOCKED LIMIT 1)``, so concurrent claimers take different rows, and plays the bot's
  turn; its moves keep the row claimed by it.
* **A claimed job whose process died** is reclaimed by a **lease**, not by a row lock held for
  the turn: the claim sets ``lease_until = now() + lease`` (the database's clock), the holder
  renews the claims it is playing every ``lease / 3`` s in one statement, and any process may
  claim a row whose lease lapsed. A row lock held by an open transaction would be released the
  moment the dead process's connection closes, but it would pin one connection and one open
  transaction for every bot turn under way (a turn lasts the bot's pause, a second or more:
  hundreds of tables means hundreds of idle-in-transaction connections), and a machine that
  vanishes without closing TCP keeps its locks until the server's keepalive gives up anyway.
  The lease costs a takeover delay of at most ``bot_lease`` seconds (10 by default).
  A bot move is still applied at most once even if two processes ever played the same turn
  (a lease lapsed under a stalled process): the journal's version check lets one of them in.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import secrets
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import make_url

from tabletide.web.store import BOT_CHANNEL, CHANNEL, Store

if TYPE_CHECKING:
    from tabletide.web.tables import TableService

log = logging.getLogger("tabletide.web")

CHAT_CHANNEL = "tabletide_chat"
"""The ``NOTIFY`` channel of chat messages (``chat.py``): payload ``TABLE SEQ ORIGIN``."""

POLL = 1.0
"""Seconds between a dispatcher's looks at the queue without a notification (lapsed leases
send none)."""


def instance_name() -> str:
    """This process's name in the queue and in notifications: host, pid and a random tag."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(4)}"


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy ``postgresql+psycopg://`` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's part in a cluster: the listening connection, the bot dispatcher and the
    lease renewals. Started and stopped by the service."""

    def __init__(self, url: str, store: Store, lease: float, bot_turns: int) -> None:
        self.url = url
        self.store = store
        self.lease = lease
        self.bot_turns = bot_turns
        """Bot turns this process plays at once at most (most of a turn is its pause)."""
        self.name = instance_name()
        self.service: TableService | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._wake = asyncio.Event()
        self._closed = False
        self.listening = asyncio.Event()
        """Set while the listening connection is up (``/healthz`` reports it)."""
        self.on_chat: Callable[[str], None] | None = None
        """Called with the payload of each chat notification (``chat.ChatService.remote``)."""

    def start(self, service: TableService) -> None:
        self.service = service
        for work in (self._listen(), self._dispatch(), self._renew()):
            self._tasks.append(asyncio.create_task(work))

    async def close(self) -> None:
        self._closed = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()

    async def release(self) -> None:
        """Hand every bot job this process holds back to the queue (a graceful shutdown)."""
        try:
            await asyncio.to_thread(self.store.release_bot_jobs, self.name)
        except Exception:
            log.exception("cannot release the bot jobs of %s", self.name)

    # ------------------------------------------------------------------ notifications
    async def _listen(self) -> None:
        psycopg: Any = importlib.import_module("psycopg")
        delay = 0.2
        while not self._closed:
            try:
                conn = await psycopg.AsyncConnection.connect(conninfo(self.url), autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute(f"LISTEN {BOT_CHANNEL}")
                    await conn.execute(f"LISTEN {CHAT_CHANNEL}")
                    self.listening.set()
                    delay = 0.2
                    assert self.service is not None
                    self.service.refresh_all()  # whatever was missed while not listening
                    if self.on_chat is not None:
                        self.on_chat("")  # the chat messages missed too
                    self._wake.set()
                    async for note in conn.notifies():
                        self._received(note.channel, note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("listening to PostgreSQL failed (%s); retrying in %.1fs", exc, delay)
            self.listening.clear()
            await asyncio.sleep(delay)
            delay = min(5.0, delay * 2)

    def _received(self, channel: str, payload: str) -> None:
        if channel == BOT_CHANNEL:
            self._wake.set()
            return
        if channel == CHAT_CHANNEL:
            if self.on_chat is not None:
                self.on_chat(payload)
            return
        parts = payload.split(" ")
        if len(parts) < 3 or parts[2] == self.name:
            return
        assert self.service is not None
        self.service.remote_change(parts[0], analysis=len(parts) > 3)

    # ------------------------------------------------------------------ bots
    async def _dispatch(self) -> None:
        assert self.service is not None
        while not self._closed:
            claimed = None
            if self.service.bot_turns_held() < self.bot_turns and not self.service.draining:
                try:
                    claimed = await asyncio.to_thread(self.store.claim_bot_job, self.name)
                except Exception as exc:
                    log.warning("cannot claim bot jobs: %s", exc)
            if claimed is not None:
                table_id, _version = claimed
                log.debug("%s claimed the bot of table %s at version %d", self.name, *claimed)
                try:
                    await self.service.play_claimed(table_id)
                except asyncio.CancelledError:
                    raise
                except Exception:  # the dispatcher must go on whatever one table does
                    log.exception("the bot job of table %s failed", table_id)
                continue
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL)

    async def _renew(self) -> None:
        while not self._closed:
            await asyncio.sleep(self.lease / 3)
            try:
                assert self.service is not None
                held = self.service.bot_tables_held()
                await asyncio.to_thread(self.store.renew_bot_jobs, self.name, held)
            except Exception as exc:
                log.warning("cannot renew the bot leases of %s: %s", self.name, exc)

    def wake(self) -> None:
        """Look at the queue now (a bot turn ended here: room for another)."""
        self._wake.set()
