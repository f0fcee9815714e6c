"""The database schema (SQLAlchemy 2) and engine set-up.

The tables, in portable SQL (SQLite and PostgreSQL are both tested):

* ``tt_tables`` — one row per game table: game, player count, seed, options, seats, status
  and ``version`` (the number of rows in ``tt_moves`` for it, the optimistic-lock counter);
* ``tt_tokens`` — the SHA-256 of each invitation token (one per human seat, one spectator
  token), never the token itself;
* ``tt_moves`` — the append-only journal: ``(table_id, seq)`` is the primary key, so two
  writers can never both append move ``seq``. A row is an action (``kind="act"``, its JSON, the
  seat, whether it may be taken back), an undo (``kind="undo"``, how many moves) or a seat
  handed to a bot (``kind="zombie"``, the seat; it changes no action);
* ``tt_bot_jobs`` — PostgreSQL only in use: one row per table whose bot is to move, written in
  the same transaction as the move that made it so; server processes claim rows with
  ``FOR UPDATE SKIP LOCKED`` and hold them by a lease (``claimed_by``, ``lease_until``);
* ``tt_chat`` — the tables' chat messages, numbered per table like the journal;
* ``tt_players``, ``tt_seat_players``, ``tt_open_tables``, ``tt_rematches``, ``tt_ratings``,
  ``tt_rated_tables`` — players known by their key's SHA-256, the seats bound to them, the
  tables listed in the lobby, rematches, openskill ratings and the tables already rated
  (``players.py``, ``ratings.py``).

A table's state is never stored: it is rebuilt by replaying seed + options + the actions that
the journal leaves after its undo rows.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    inspect,
    make_url,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tt_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    seed_chosen: Mapped[bool] = mapped_column(Boolean)
    options: Mapped[str] = mapped_column(Text)
    """The resolved options, JSON."""
    seats: Mapped[str] = mapped_column(Text)
    """JSON list of ``{"kind": "human"|"bot", "bot": spec|null, "name": str}``."""
    settings: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The creator's table settings, JSON (``{"hints": bool, "bot_speed": str}``); NULL in
    tables made before settings existed, which keep the defaults."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``playing`` or ``finished``."""
    version: Mapped[int] = mapped_column(Integer)
    to_move: Mapped[int] = mapped_column(Integer)
    """The seat to decide now (-1 when over), kept for the lobby's "your tables"."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    analysis: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The post-game analysis of a finished table, JSON (``tabletide.sim.analysis.analyze``'s,
    or ``{"error": ...}`` if it failed); NULL while the game is played or being analysed."""
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The game clock, JSON (``clock.Clock``: time left per seat, the running seat, since
    when), written with the journal row that changed it; NULL without a time control."""


class TokenRow(Base):
    __tablename__ = "tt_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat the token plays, or None for the spectator token."""


class MoveRow(Base):
    __tablename__ = "tt_moves"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    """1, 2, 3... per table; the table's ``version`` after this row."""
    kind: Mapped[str] = mapped_column(String(8))
    """``act`` or ``undo``."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The action's JSON (``act`` rows)."""
    reversible: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether the mover may take this move back later in the same turn (``act`` rows)."""
    steps: Mapped[int] = mapped_column(Integer, default=0)
    """How many moves an ``undo`` row takes back."""
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BotJobRow(Base):
    """A bot to move at a table (the queue of ``--workers N`` / many servers on PostgreSQL)."""

    __tablename__ = "tt_bot_jobs"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer)
    """The table's version when the bot became due (for logs; the move's own conditional
    version update is what keeps a bot move from being applied twice)."""
    claimed_by: Mapped[str | None] = mapped_column(String(96), nullable=True)
    """The server process playing the bot's turn, None while the job waits."""
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """The claim lapses at this time (the database's clock) unless renewed."""


class ChatRow(Base):
    """One message of a table's chat (``chat.py``). ``(table_id, seq)`` is the primary key, so
    two server processes can never store the same message number: the second one retries."""

    __tablename__ = "tt_chat"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    """1, 2, 3... per table."""
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# --- players, open tables, rematches and ratings (issue 25; logic in players.py, ratings.py)
class PlayerRow(Base):
    """A person known by the SHA-256 of their browser's random player key (never the key)."""

    __tablename__ = "tt_players"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatPlayerRow(Base):
    """A seat bound to a player: its creator, a joiner of an open table, a rematch's seat."""

    __tablename__ = "tt_seat_players"
    __table_args__ = (UniqueConstraint("table_id", "player_hash"),)

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player_hash: Mapped[str] = mapped_column(String(64), index=True)


class OpenTableRow(Base):
    """A table listed in the lobby while a person's seat is free (deleted once full)."""

    __tablename__ = "tt_open_tables"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), primary_key=True
    )
    creator_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class RematchRow(Base):
    """A finished table's rematch: one per table (the primary key makes a second click get
    the first one's)."""

    __tablename__ = "tt_rematches"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), primary_key=True
    )
    """The old table (``rematch_of`` of the new one)."""
    rematch_id: Mapped[str] = mapped_column(String(32), unique=True)
    """The new table."""
    by_name: Mapped[str] = mapped_column(String(40))
    """Who asked for it (shown as "X offers a rematch")."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's openskill rating (Plackett-Luce) for one game."""

    __tablename__ = "tt_ratings"

    player_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatedTableRow(Base):
    """A finished table whose ratings were updated (once: the primary key)."""

    __tablename__ = "tt_rated_tables"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tt_tables.id", ondelete="CASCADE"), primary_key=True
    )
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DatabaseInUse(Exception):
    """Another server holds the SQLite file's lock."""


class DatabaseLock:
    """An exclusive ``flock`` on ``<file>.lock`` next to a SQLite file, held for the server's
    life (the kernel drops it when the process dies, even by ``kill -9``). Two servers on one
    SQLite file would each keep their own tables in memory and refuse each other's moves; a
    PostgreSQL database may be shared, so it takes no lock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    @classmethod
    def for_url(cls, url: str) -> DatabaseLock | None:
        """The lock for a SQLite file URL (not yet taken); None for other databases and for
        in-memory SQLite."""
        parsed = make_url(url)
        if parsed.get_backend_name() != "sqlite":
            return None
        database = parsed.database or ""
        if database in ("", ":memory:") or database.startswith("file:"):
            return None
        return cls(Path(database).resolve().with_name(Path(database).name + ".lock"))

    def acquire(self) -> None:
        """:raises DatabaseInUse: another process holds it (the message says which)."""
        import fcntl

        handle = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip()
            handle.close()
            who = f" (pid {holder})" if holder.isdigit() else ""
            raise DatabaseInUse(
                f"another tabletide server{who} is using {self.path.with_suffix('')}; "
                f"stop it first, or give this one its own --database-url (lock: {self.path})"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle

    def release(self) -> None:
        handle, self._file = self._file, None
        if handle is not None:
            handle.close()  # closing the descriptor drops the flock


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the schema created. SQLite files are opened in WAL mode with
    full synchronous commits, so an acknowledged move survives a crash of the process."""
    kwargs: dict[str, Any] = {"future": True, "pool_pre_ping": True}
    is_sqlite = url.startswith("sqlite")
    if is_sqlite:
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    engine = create_engine(url, **kwargs)
    if is_sqlite:

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            if ":memory:" not in url and url not in ("sqlite://", "sqlite:///"):
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Servers starting together on one database create the schema one at a time.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        Base.metadata.create_all(connection)
        _add_columns(connection)
    return engine


SCHEMA_LOCK = 0x7AB1E71DE
"""The PostgreSQL advisory lock key held while the schema is created or upgraded."""


ADDED_COLUMNS = {"tt_tables": {"settings": "TEXT", "analysis": "TEXT", "clock": "TEXT"}}
"""Nullable columns added since the first schema: a database made before them gets them
(``ALTER TABLE ... ADD COLUMN``, which SQLite and PostgreSQL both run in place)."""


def _add_columns(connection: Connection) -> None:
    inspector = inspect(connection)
    for table, columns in ADDED_COLUMNS.items():
        have = {c["name"] for c in inspector.get_columns(table)}
        for name, sql_type in columns.items():
            if name not in have:
                connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {sql_type}"))
