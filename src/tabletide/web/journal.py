"""The move journal's writer: one thread that commits the moves of many tables together.

Every move is journaled before it is acknowledged (``store.py``). Written from the event
loop's worker threads, one transaction per move, the moves of busy tables queued for
SQLite's one write lock: a writer that found it taken slept in SQLite's busy handler (1, 2,
5, 10 … 100 ms) although the commit itself takes a fraction of a millisecond. Measured at 100
tables (``scripts/load.py --tables 100 --think 1``) an append took 9 ms at the median and
187 ms at the 99th percentile for 0.7 ms of CPU.

:class:`JournalWriter` keeps one thread and one queue instead. The thread takes every move
waiting when it is free and journals them in one transaction (a *group commit*, as
databases do with their own logs: one commit and one sync to disk for all of them), then
answers each waiting move with its time or its :class:`~tabletide.web.store.VersionConflict`.
A move is still acknowledged only once its commit is done. Moves of one table never share a
batch (the table's lock is held until its move is journaled).

On PostgreSQL each move keeps its own transaction, in the event loop's worker threads as
before: there the database has no single write lock to queue for, and a batch would hold the
row locks of many tables (their rows, their bot jobs) at once, against other processes'
moves and their bot leases' renewals, which lock the same rows in another order. Measured
with two processes at 100 tables: batches made the 99th percentile 1.1-1.4 s (lock waits
up to the deadlock timeout).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from dataclasses import dataclass
from datetime import datetime

from tabletide.web.store import Entry, Store, VersionConflict

log = logging.getLogger("tabletide.web")

BATCH = 64
"""At most this many moves in one transaction."""


@dataclass(frozen=True)
class _Waiting:
    entry: Entry
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[datetime]


class JournalWriter:
    """Journals moves through ``store.append_many`` in a thread of its own (started with the
    first move; SQLite), or each in a transaction of its own (PostgreSQL)."""

    def __init__(self, store: Store, batch: int = BATCH) -> None:
        self.store = store
        self.batch = batch
        self.commits = 0
        """Transactions so far (the tests see the group commit in it)."""
        self._queue: queue.SimpleQueue[_Waiting | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    async def append(self, entry: Entry) -> datetime:
        """Journal ``entry``; its move's time once it is committed.

        :raises VersionConflict: the table was not at the version the move expects.
        :raises RuntimeError: the writer is closed.
        """
        if self.store.postgres:
            result = (await asyncio.to_thread(self.store.append_many, [entry]))[0]
            if isinstance(result, VersionConflict):
                raise result
            return result
        loop = asyncio.get_running_loop()
        future: asyncio.Future[datetime] = loop.create_future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the journal is closed")
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="tabletide-journal", daemon=True
                )
                self._thread.start()
            self._queue.put(_Waiting(entry, loop, future))
        return await future

    def close(self) -> None:
        """Journal what is queued, then stop the thread (blocks until it has)."""
        with self._lock:
            self._closed = True
            thread = self._thread
            if thread is not None:
                self._queue.put(None)
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        stop = False
        while not stop:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            try:
                results: list[datetime | BaseException] = list(
                    self.store.append_many([w.entry for w in batch])
                )
                self.commits += 1
            except Exception as exc:  # the database failed: every move of the batch hears it
                log.exception("journaling %d move(s) failed", len(batch))
                results = [exc] * len(batch)
            for waiting, result in zip(batch, results, strict=True):
                with contextlib.suppress(RuntimeError):  # its event loop is closed
                    waiting.loop.call_soon_threadsafe(_settle, waiting.future, result)


def _settle(future: asyncio.Future[datetime], result: datetime | BaseException) -> None:
    if future.done():  # its caller was cancelled: the move is journaled all the same
        return
    if isinstance(result, BaseException):
        future.set_exception(result)
    else:
        future.set_result(result)
