"""The journal's group commit (``web/journal.py``, ``Store.append_many``): the moves waiting
when the writer is free go to the database in one transaction, each answered on its own (its
time, or its version conflict), and one bad move costs the others nothing."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import OperationalError

from tabletide.web.db import MoveRow, TableRow, make_engine
from tabletide.web.journal import JournalWriter
from tabletide.web.store import Entry, Move, SeatInfo, Store, TableInfo, VersionConflict

from .helpers import run


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(make_engine(f"sqlite:///{tmp_path / 'journal.sqlite3'}"))
    yield store
    store.close()


def table(store: Store, name: str) -> str:
    seats = (SeatInfo("human", None, "Ann"), SeatInfo("human", None, "Bo"))
    info = TableInfo(name, "shipyard", 2, 1, False, {}, seats, datetime.now(UTC))
    store.create_table(info, [], to_move=0)
    return name


def entry(table_id: str, seq: int, to_move: int = 1) -> Entry:
    move = Move(seq=seq, kind="act", seat=0, action={"kind": "pass"})
    return Entry(table_id, move, to_move)


def versions(store: Store) -> dict[str, int]:
    with store.engine.connect() as conn:
        rows = conn.execute(select(TableRow.id, TableRow.version)).all()
    return {row.id: row.version for row in rows}


def journal(store: Store, table_id: str) -> list[int]:
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(MoveRow.seq).where(MoveRow.table_id == table_id).order_by(MoveRow.seq)
        ).all()
    return [row.seq for row in rows]


def test_a_batch_commits_every_good_move_and_refuses_only_the_stale_one(store: Store) -> None:
    ids = [table(store, f"t{i}") for i in range(4)]
    stale = entry(ids[2], 5)  # the table is at version 0: move 5 cannot follow it
    results = store.append_many([entry(ids[0], 1), entry(ids[1], 1), stale, entry(ids[3], 1)])
    assert isinstance(results[2], VersionConflict)
    assert all(isinstance(r, datetime) for i, r in enumerate(results) if i != 2)
    assert versions(store) == {"t0": 1, "t1": 1, "t2": 0, "t3": 1}
    assert journal(store, "t2") == [] and journal(store, "t3") == [1]


def test_a_broken_constraint_costs_the_rest_of_the_batch_nothing(store: Store) -> None:
    ids = [table(store, f"t{i}") for i in range(3)]
    with store.engine.begin() as conn:  # a row the version does not know of: the INSERT fails
        conn.execute(
            insert(MoveRow).values(
                table_id=ids[1], seq=1, kind="act", seat=0, created_at=datetime.now(UTC)
            )
        )
    results = store.append_many([entry(ids[0], 1), entry(ids[1], 1), entry(ids[2], 1)])
    assert isinstance(results[1], VersionConflict)
    assert isinstance(results[0], datetime) and isinstance(results[2], datetime)
    assert versions(store) == {"t0": 1, "t1": 0, "t2": 1}


def test_the_moves_waiting_while_the_writer_is_busy_share_one_transaction(store: Store) -> None:
    ids = [table(store, f"t{i}") for i in range(20)]
    batches: list[int] = []
    busy, release = threading.Event(), threading.Event()
    append_many = store.append_many

    def slow(entries: Sequence[Entry]) -> list[Any]:
        batches.append(len(entries))
        busy.set()
        release.wait(10)
        return append_many(entries)

    store.append_many = slow  # type: ignore[method-assign]
    writer = JournalWriter(store)

    async def play() -> list[datetime]:
        first = asyncio.create_task(writer.append(entry(ids[0], 1)))
        await asyncio.to_thread(busy.wait, 10)  # the writer holds move 1 of t0
        rest = [asyncio.create_task(writer.append(entry(t, 1))) for t in ids[1:]]
        await asyncio.sleep(0.05)  # every other move is queued
        release.set()
        return await asyncio.wait_for(asyncio.gather(first, *rest), 10)

    times = run(play())
    writer.close()
    assert batches == [1, 19]
    assert writer.commits == 2
    assert len(times) == 20 and all(isinstance(t, datetime) for t in times)
    assert set(versions(store).values()) == {1}


def test_a_conflict_reaches_its_own_caller_only(store: Store) -> None:
    ids = [table(store, "a"), table(store, "b")]
    writer = JournalWriter(store)

    async def play() -> list[Any]:
        return await asyncio.gather(
            writer.append(entry(ids[0], 1)),
            writer.append(entry(ids[1], 2)),
            return_exceptions=True,
        )

    good, stale = run(play())
    writer.close()
    assert isinstance(good, datetime) and isinstance(stale, VersionConflict)
    assert versions(store) == {"a": 1, "b": 0}


def test_a_failing_database_answers_every_waiting_move_and_the_writer_goes_on(
    store: Store,
) -> None:
    ids = [table(store, "a"), table(store, "b")]
    append_many = store.append_many
    failures = [OperationalError("COMMIT", {}, Exception("disk I/O error"))]

    def flaky(entries: Sequence[Entry]) -> list[Any]:
        if failures:
            raise failures.pop()
        return append_many(entries)

    store.append_many = flaky  # type: ignore[method-assign]
    writer = JournalWriter(store)

    async def play() -> tuple[Any, Any]:
        failed = await asyncio.gather(
            asyncio.wait_for(writer.append(entry(ids[0], 1)), 10), return_exceptions=True
        )
        later = await asyncio.wait_for(writer.append(entry(ids[1], 1)), 10)
        return failed[0], later

    failed, later = run(play())
    writer.close()
    assert isinstance(failed, OperationalError)
    assert isinstance(later, datetime)
    assert versions(store) == {"a": 0, "b": 1}


def test_close_journals_what_is_queued_then_refuses(store: Store) -> None:
    ids = [table(store, f"t{i}") for i in range(5)]
    writer = JournalWriter(store)

    async def play() -> list[datetime]:
        pending = [asyncio.create_task(writer.append(entry(t, 1))) for t in ids]
        await asyncio.sleep(0)  # every move is queued
        await asyncio.to_thread(writer.close)
        return await asyncio.gather(*pending)

    assert len(run(play())) == 5
    assert set(versions(store).values()) == {1}
    with pytest.raises(RuntimeError, match="closed"):
        run(writer.append(entry(ids[0], 2)))
