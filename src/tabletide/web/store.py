"""Persistence: tables, token hashes and the append-only move journal (synchronous SQLAlchemy;
the async side calls it through ``asyncio.to_thread``).

Every write is one transaction. :meth:`Store.append` moves a table's ``version`` from the
expected value to the next with a conditional UPDATE and inserts the journal row under the
primary key ``(table_id, seq)``; if another writer got there first, nothing is written and
:class:`VersionConflict` is raised. A move is acknowledged only after its commit.

On PostgreSQL the same transaction also keeps the bot queue (``tt_bot_jobs``: a row while a
bot is to move) and sends ``NOTIFY tabletide, 'TABLE VERSION ORIGIN'``, which PostgreSQL
delivers to every listening server process only once the move is committed (see
``cluster.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tabletide.web.clock import Clock, TimeControl
from tabletide.web.db import BotJobRow, MoveRow, TableRow, TokenRow

CHANNEL = "tabletide"
"""The ``NOTIFY`` channel of journal changes: payload ``TABLE VERSION ORIGIN [analysis]``."""
BOT_CHANNEL = "tabletide_bots"
"""The ``NOTIFY`` channel that wakes the servers' bot dispatchers: a job is waiting."""

PLAYING = "playing"
FINISHED = "finished"
HUMAN = "human"
BOT = "bot"
ZOMBIE = "zombie"
"""The journal row of a seat handed to a bot (``clock.md``: the seat plays as a bot from
this version on; the moves before it stay the person's)."""


def now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC (SQLite gives back naive datetimes: they were stored as UTC)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a person (with a display name) or a bot of a named strength."""

    kind: str
    bot: str | None
    name: str
    free: bool = False
    """An open table's person's seat that nobody has joined yet (``players.py``)."""
    zombie_since: int | None = None
    """A person's seat handed to a bot ("zombie"): the journal version from which the bot
    plays it (its ``kind`` is then ``bot``); None for a seat as created."""
    zombie_by: int | None = None
    """The seat whose person handed it over (the seat itself when its person left)."""
    zombie_reason: str | None = None
    """``time`` (out of time) or ``left`` (the person left the table)."""
    zombie_log: int | None = None
    """The game log's length when the seat was handed over (where the page notes it)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "bot": self.bot, "name": self.name}
        if self.zombie_since is not None:
            data.update(
                zombie=True,
                zombie_since=self.zombie_since,
                by=self.zombie_by,
                reason=self.zombie_reason,
                log_at=self.zombie_log,
            )
        if self.free:
            data["free"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        since = data.get("zombie_since") if data.get("zombie") else None
        return cls(
            str(data["kind"]),
            data.get("bot"),
            str(data["name"]),
            bool(data.get("free")),
            None if since is None else int(since),
            data.get("by") if since is not None else None,
            data.get("reason") if since is not None else None,
            data.get("log_at") if since is not None else None,
        )


@dataclass(frozen=True)
class TableInfo:
    """The fixed facts of a table. ``seed`` is secret until the game is over."""

    id: str
    game: str
    num_players: int
    seed: int
    seed_chosen: bool
    options: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    created_at: datetime
    hints: bool = True
    """Whether the table's players may ask the bot for a hint (the creator's choice)."""
    bot_speed: str = "normal"
    """How fast the bots play: ``fast``, ``normal`` or ``slow`` (the creator's choice)."""
    time_control: TimeControl | None = None
    """The table's clock (``clock.py``), None for a table without one."""

    def settings_json(self) -> str:
        settings: dict[str, Any] = {"hints": self.hints, "bot_speed": self.bot_speed}
        if self.time_control is not None:
            settings["time_control"] = self.time_control.to_json()
        return json.dumps(settings)


@dataclass(frozen=True)
class Move:
    """One journal row."""

    seq: int
    kind: str
    seat: int
    action: dict[str, Any] | None = None
    reversible: bool = False
    steps: int = 0
    by_bot: bool = False


@dataclass(frozen=True)
class Entry:
    """A move to journal (:meth:`Store.append`, :meth:`Store.append_many`)."""

    table_id: str
    move: Move
    to_move: int
    """The seat to move next; -1 marks the table finished."""
    bot_next: bool = False
    """PostgreSQL: a bot is to move next (the table's row in the bot queue)."""
    claimer: str | None = None
    """PostgreSQL: the process that made this bot move and plays on (it holds the bot job);
    None leaves the job to any process."""
    origin: str = ""
    """PostgreSQL: the process that made the move (the notification says so)."""
    clock: Clock | None = None
    """The table's clock after the move, when it has one."""
    seats: Sequence[SeatInfo] | None = None
    """The seats, when the move changes them (a seat handed to a bot)."""


@dataclass(frozen=True)
class TableHeader:
    """A table's row without its journal (for the lobby's "your tables")."""

    info: TableInfo
    status: str
    version: int
    to_move: int
    finished_at: datetime | None


@dataclass
class StoredTable:
    info: TableInfo
    status: str
    version: int
    finished_at: datetime | None
    moves: list[Move]
    analysis: dict[str, Any] | None = None
    """The stored post-game analysis (or ``{"error": ...}``), None if there is none yet."""
    clock: Clock | None = None
    """The table's clock as last stored (None: the table has no time control)."""


class VersionConflict(Exception):
    """Another writer appended to the table first; reload it."""


def effective_moves(moves: Sequence[Move]) -> tuple[list[dict[str, Any]], list[tuple[int, bool]]]:
    """The actions the journal leaves after its undo rows, and (seat, reversible) per action."""
    actions: list[dict[str, Any]] = []
    flags: list[tuple[int, bool]] = []
    for move in moves:
        if move.kind == "act":
            assert move.action is not None
            actions.append(move.action)
            flags.append((move.seat, move.reversible))
        elif move.kind == "undo" and move.steps > 0:
            del actions[-move.steps :]
            del flags[-move.steps :]
    return actions, flags


# A journal append's two statements, built once on the tables (not the ORM classes, whose
# bulk-update path rebuilt and checked them per move): the UPDATE's SET clause is the columns
# of the parameters given with it (the version, the time, the seat to move and what else
# changed), its WHERE the table and the version it must still have.
_TABLES: Table = TableRow.__table__  # type: ignore[assignment]
_APPEND_UPDATE = update(_TABLES).where(
    _TABLES.c.id == bindparam("_id"), _TABLES.c.version == bindparam("_prev")
)
_MOVES: Table = MoveRow.__table__  # type: ignore[assignment]
_APPEND_INSERT = insert(_MOVES)


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def close(self) -> None:
        self.engine.dispose()

    def create_table(
        self,
        info: TableInfo,
        tokens: Sequence[tuple[str, int | None]],
        to_move: int,
        clock: Clock | None = None,
        extra: Callable[[Session, str], None] | None = None,
    ) -> None:
        """Insert a new table with its token hashes (``(sha256, seat or None)``); ``extra``
        adds rows of its own in the same transaction (seat bindings, a rematch: players.py)."""
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=info.id,
                    game=info.game,
                    num_players=info.num_players,
                    seed=info.seed,
                    seed_chosen=info.seed_chosen,
                    options=json.dumps(info.options, sort_keys=True),
                    seats=json.dumps([s.to_json() for s in info.seats]),
                    settings=info.settings_json(),
                    clock=_clock_json(clock),
                    status=PLAYING,
                    version=0,
                    to_move=to_move,
                    created_at=info.created_at,
                    updated_at=info.created_at,
                    finished_at=None,
                )
            )
            session.flush()
            for token_hash, seat in tokens:
                session.add(TokenRow(token_hash=token_hash, table_id=info.id, seat=seat))
            if extra is not None:
                session.flush()
                extra(session, info.id)
            opener = info.seats[to_move] if 0 <= to_move < len(info.seats) else None
            waiting = any(s.free for s in info.seats)  # an open table's bots wait for people
            if self.postgres and opener is not None and opener.kind == BOT and not waiting:
                session.flush()  # a bot opens: queue it with the table
                self._queue(session.connection(), info.id, 0, True, None)
                self._notify(session.connection(), BOT_CHANNEL, info.id)

    def find_token(self, token_hash: str) -> tuple[str, int | None] | None:
        """The table and seat (None: spectator) of a token hash, or None."""
        with Session(self.engine) as session:
            row = session.get(TokenRow, token_hash)
            return None if row is None else (row.table_id, row.seat)

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            moves = session.scalars(
                select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.seq)
            ).all()
            return _stored(row, moves)

    def append(
        self,
        table_id: str,
        move: Move,
        to_move: int,
        *,
        bot_next: bool = False,
        claimer: str | None = None,
        origin: str = "",
        clock: Clock | None = None,
        seats: Sequence[SeatInfo] | None = None,
    ) -> datetime:
        """Journal ``move`` as row ``move.seq`` (the table's version must be ``move.seq - 1``),
        note the seat to move next, and mark the table finished when that is -1, in one
        transaction (:class:`Entry` says what each argument does). Returns the time of the
        move.

        :raises VersionConflict: the table is not at version ``move.seq - 1``.
        """
        entry = Entry(table_id, move, to_move, bot_next, claimer, origin, clock, seats)
        result = self.append_many([entry])[0]
        if isinstance(result, VersionConflict):
            raise result
        return result

    def append_many(self, entries: Sequence[Entry]) -> list[datetime | VersionConflict]:
        """Journal the moves of many tables in one transaction (a group commit: one commit,
        one sync to disk, for them all). Each entry's result is the time of its move, or
        :class:`VersionConflict` when its table was not at the version the move expects;
        such an entry writes nothing and the others are committed all the same.

        If the transaction breaks a constraint (a row another writer put there first), nothing
        of it stays, and each entry is tried again in a transaction of its own, so that one
        entry cannot cost the others their move. Any other error of the database (a lost
        connection) is raised: none of the entries was journaled."""
        results: list[datetime | VersionConflict] = []
        try:
            with self.engine.begin() as conn:
                for entry in entries:
                    try:
                        results.append(self._write(conn, entry))
                    except VersionConflict as exc:  # its UPDATE matched nothing: no write
                        results.append(exc)
            return results
        except IntegrityError:
            if len(entries) == 1:
                return [VersionConflict(entries[0].table_id)]
        return [self.append_many([entry])[0] for entry in entries]

    def _write(self, conn: Connection, entry: Entry) -> datetime:
        """One entry's statements inside the caller's transaction (two SQLAlchemy Core
        statements: the ORM's unit of work cost more than the database)."""
        move, table_id = entry.move, entry.table_id
        moment = now()
        values: dict[str, Any] = {
            "version": move.seq,
            "updated_at": moment,
            "to_move": entry.to_move,
        }
        if entry.clock is not None:
            values["clock"] = _clock_json(entry.clock)
        if entry.seats is not None:
            values["seats"] = json.dumps([s.to_json() for s in entry.seats])
        if entry.to_move < 0:
            values.update(status=FINISHED, finished_at=moment)
        result = conn.execute(_APPEND_UPDATE, {**values, "_id": table_id, "_prev": move.seq - 1})
        if result.rowcount != 1:
            raise VersionConflict(table_id)
        conn.execute(
            _APPEND_INSERT,
            {
                "table_id": table_id,
                "seq": move.seq,
                "kind": move.kind,
                "seat": move.seat,
                "action": json.dumps(move.action) if move.action is not None else None,
                "reversible": move.reversible,
                "steps": move.steps,
                "by_bot": move.by_bot,
                "created_at": moment,
            },
        )
        if self.postgres:
            self._queue(conn, table_id, move.seq, entry.bot_next, entry.claimer)
            self._notify(conn, CHANNEL, f"{table_id} {move.seq} {entry.origin}")
            if entry.bot_next and entry.claimer is None:
                self._notify(conn, BOT_CHANNEL, table_id)
        return moment

    # ------------------------------------------------------------------ PostgreSQL only
    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    @staticmethod
    def _notify(conn: Connection, channel: str, payload: str) -> None:
        conn.execute(select(func.pg_notify(channel, payload)))

    def _queue(
        self,
        conn: Connection,
        table_id: str,
        version: int,
        bot_next: bool,
        claimer: str | None,
    ) -> None:
        """Keep the table's bot job in step with the journal (inside its transaction)."""
        if not bot_next:
            conn.execute(delete(BotJobRow).where(BotJobRow.table_id == table_id))
            return
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        lease_until = None if claimer is None else func.now() + timedelta(seconds=self.lease)
        statement = pg_insert(BotJobRow).values(
            table_id=table_id, version=version, claimed_by=claimer, lease_until=lease_until
        )
        conn.execute(
            statement.on_conflict_do_update(
                index_elements=[BotJobRow.table_id],
                set_={
                    "version": statement.excluded.version,
                    "claimed_by": statement.excluded.claimed_by,
                    "lease_until": statement.excluded.lease_until,
                },
            )
        )

    lease: float = 10.0
    """Seconds a claimed bot job stays claimed without a renewal (the service sets it)."""

    def claim_bot_job(self, claimer: str) -> tuple[str, int] | None:
        """Claim one waiting bot job, or one whose lease has lapsed (its process died):
        ``(table, version)``, or None. ``SKIP LOCKED``: processes claiming at the same moment
        take different rows and never wait for each other."""
        with self.engine.begin() as conn:
            row = conn.execute(
                text(
                    "UPDATE tt_bot_jobs SET claimed_by = :me, lease_until = now() + :lease "
                    "WHERE table_id = (SELECT table_id FROM tt_bot_jobs "
                    "WHERE claimed_by IS NULL OR lease_until < now() "
                    "ORDER BY lease_until NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED) "
                    "RETURNING table_id, version"
                ),
                {"me": claimer, "lease": timedelta(seconds=self.lease)},
            ).first()
        return None if row is None else (str(row[0]), int(row[1]))

    def renew_bot_jobs(self, claimer: str, table_ids: Sequence[str]) -> int:
        """Extend the lease of the jobs ``claimer`` holds and plays (``table_ids``; a claim it
        no longer plays is left to lapse); how many were renewed."""
        if not table_ids:
            return 0
        with self.engine.begin() as conn:
            result = conn.execute(
                update(BotJobRow)
                .where(BotJobRow.claimed_by == claimer, BotJobRow.table_id.in_(table_ids))
                .values(lease_until=func.now() + timedelta(seconds=self.lease))
            )
            return int(result.rowcount)

    def release_bot_jobs(self, claimer: str, table_id: str | None = None) -> None:
        """Hand ``claimer``'s jobs (or one table's) back to the queue and wake the others."""
        with self.engine.begin() as conn:
            statement = update(BotJobRow).where(BotJobRow.claimed_by == claimer)
            if table_id is not None:
                statement = statement.where(BotJobRow.table_id == table_id)
            result = conn.execute(statement.values(claimed_by=None, lease_until=None))
            if result.rowcount:
                self._notify(conn, BOT_CHANNEL, table_id or "")

    def drop_bot_job(self, table_id: str) -> None:
        """Forget a table's bot job (its bot gave up: ``bot_error``)."""
        with self.engine.begin() as conn:
            conn.execute(delete(BotJobRow).where(BotJobRow.table_id == table_id))

    def queue_due_bots(self) -> int:
        """Queue the unfinished tables whose bot is to move and that have no job (a database
        from before the queue, or a bot that gave up before a restart); how many."""
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        with self.engine.begin() as conn:
            rows = conn.execute(
                select(TableRow.id, TableRow.version, TableRow.to_move, TableRow.seats).where(
                    TableRow.status == PLAYING
                )
            ).all()
            due = [
                (table_id, version)
                for table_id, version, to_move, seats in rows
                if 0 <= to_move < len(loaded := json.loads(seats))
                and loaded[to_move].get("kind") == BOT
                and not any(s.get("free") for s in loaded)  # an open table waits for people
            ]
            for table_id, version in due:
                conn.execute(
                    pg_insert(BotJobRow)
                    .values(table_id=table_id, version=version)
                    .on_conflict_do_nothing(index_elements=[BotJobRow.table_id])
                )
            if due:
                self._notify(conn, BOT_CHANNEL, "")
        return len(due)

    def changes_since(self, table_id: str, version: int) -> tuple[StoredTable, int] | None:
        """The table's header with the journal rows after ``version`` (to catch up with
        another process's moves), and the table's current version; None if it is gone."""
        with self.engine.connect() as conn:
            row = conn.execute(select(TableRow).where(TableRow.id == table_id)).first()
            if row is None:
                return None
            # Only the rows the header read above has counted: its seats and clock then match
            # the moves returned (a move committed in between comes with the next look).
            moves = conn.execute(
                select(MoveRow)
                .where(
                    MoveRow.table_id == table_id,
                    MoveRow.seq > version,
                    MoveRow.seq <= row.version,
                )
                .order_by(MoveRow.seq)
            ).all()
        return _stored(row, moves), int(row.version)  # type: ignore[arg-type]

    def ping(self) -> None:
        """One round trip to the database (``/healthz``)."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    def header(self, table_id: str) -> TableHeader | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return TableHeader(_info(row), row.status, row.version, row.to_move, row.finished_at)

    def playing_tables_with_bots(self) -> list[str]:
        """Unfinished tables with a bot seat (a bot may have to move after a restart)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.seats).where(TableRow.status == PLAYING)
            ).all()
        return [
            table_id
            for table_id, seats in rows
            if any(s.get("kind") == BOT for s in json.loads(seats))
        ]

    def finished_tables_without_analysis(self) -> list[str]:
        """Finished tables whose post-game analysis is missing (the oldest first)."""
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status == FINISHED, TableRow.analysis.is_(None))
                    .order_by(TableRow.finished_at)
                ).all()
            )

    def save_analysis(self, table_id: str, analysis: dict[str, Any], origin: str = "") -> None:
        """Store a finished table's analysis (or ``{"error": ...}``), replacing any before."""
        with self.engine.begin() as conn:
            conn.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(analysis=json.dumps(analysis, separators=(",", ":")))
            )
            if self.postgres:
                self._notify(conn, CHANNEL, f"{table_id} 0 {origin} analysis")

    def load_analysis(self, table_id: str) -> dict[str, Any] | None:
        """A table's stored analysis, or None."""
        with Session(self.engine) as session:
            text = session.scalar(select(TableRow.analysis).where(TableRow.id == table_id))
        if text is None:
            return None
        data: dict[str, Any] = json.loads(text)
        return data

    def count_moves(self, table_id: str) -> int:
        """Journal rows of a table (for tests and checks)."""
        with Session(self.engine) as session:
            return len(
                session.scalars(select(MoveRow.seq).where(MoveRow.table_id == table_id)).all()
            )


def _stored(row: TableRow, moves: Sequence[Any]) -> StoredTable:
    """A table's header row and its journal rows (ORM rows or Core result rows alike)."""
    return StoredTable(
        info=_info(row),
        status=row.status,
        version=row.version,
        finished_at=row.finished_at,
        analysis=json.loads(row.analysis) if row.analysis is not None else None,
        clock=_clock_of(row.clock),
        moves=[
            Move(
                seq=m.seq,
                kind=m.kind,
                seat=m.seat,
                action=json.loads(m.action) if m.action is not None else None,
                reversible=m.reversible,
                steps=m.steps,
                by_bot=m.by_bot,
            )
            for m in moves
        ],
    )


def _info(row: TableRow) -> TableInfo:
    settings = json.loads(row.settings or "{}")
    return TableInfo(
        id=row.id,
        game=row.game,
        num_players=row.num_players,
        seed=row.seed,
        seed_chosen=row.seed_chosen,
        options=json.loads(row.options),
        seats=tuple(SeatInfo.from_json(s) for s in json.loads(row.seats)),
        created_at=row.created_at,
        hints=bool(settings.get("hints", True)),
        bot_speed=str(settings.get("bot_speed", "normal")),
        time_control=(
            TimeControl.from_json(settings["time_control"])
            if settings.get("time_control")
            else None
        ),
    )


def _clock_json(clock: Clock | None) -> str | None:
    return None if clock is None else json.dumps(clock.to_json(), separators=(",", ":"))


def _clock_of(stored: str | None) -> Clock | None:
    """The clock of a ``tt_tables.clock`` column (:func:`_clock_json`'s inverse)."""
    return Clock.from_json(json.loads(stored)) if stored else None
