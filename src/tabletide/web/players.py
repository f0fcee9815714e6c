"""Players without accounts: keys, seats bound to players, open tables, joining, rematches.

A person is a random **player key** made by their browser (at least 128 bits, kept in its
``localStorage``); the server knows only ``sha256(key)`` (``tt_players``) and a name. The key
travels in an ``X-Player-Key`` header (the player endpoints, creating and joining tables) or,
to open a seat bound to the player, as ``Authorization: Player KEY`` (REST) or the WebSocket
hello's ``"token": "player:KEY"``: it opens only the seat bound to that player at that table.

* **Bindings** (``tt_seat_players``): the creator's seat (the first person's), each joiner's
  seat, and every bound seat of a rematch. One seat per player and table (unique).
* **Open tables** (``tt_open_tables``): the creator's other person's seats are *free*
  (``"free": true`` in ``tt_tables.seats``) and get no token until someone joins. Joining
  takes the first free seat with a conditional UPDATE of the table's seats (``WHERE seats =
  the seats read``): of two joiners one wins, the other tries the next free seat or gets 409.
  While a seat is free the game does not start: no move is accepted and no bot moves.
* **Rematches** (``tt_rematches``, one per finished table: the primary key): a new table with
  the same game, options, settings and people, seats rotated by one, a new seed. See
  :func:`rematch_plan`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import secrets
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tabletide.engine import load_game
from tabletide.web import auth
from tabletide.web import clock as clocks
from tabletide.web.clock import Clock
from tabletide.web.db import (
    OpenTableRow,
    PlayerRow,
    RematchRow,
    SeatPlayerRow,
    TableRow,
    TokenRow,
)
from tabletide.web.errors import ApiError, bad_request, conflict, forbidden, not_found, unauthorized
from tabletide.web.store import (
    BOT,
    BOT_CHANNEL,
    CHANNEL,
    FINISHED,
    HUMAN,
    PLAYING,
    SeatInfo,
    Store,
    TableInfo,
    _clock_json,
    _clock_of,
    _info,
    iso,
    now,
)
from tabletide.web.views import table_summary

if TYPE_CHECKING:
    from tabletide.web.schemas import CreateTableRequest
    from tabletide.web.tables import LiveTable, TableService

PLAYER_PREFIX = "player:"
"""A credential ``player:KEY`` (WebSocket hello, ``Authorization: Player KEY``) is a player
key, not a seat token (tokens never hold a colon)."""
KEY_HEADER = "X-Player-Key"
PLAYER_KEY = r"^[A-Za-z0-9_-]{22,100}$"
"""A player key: 22-100 URL-safe base64 characters (22 are 132 bits)."""
_KEY_SHAPE = re.compile(PLAYER_KEY)
NAME_MAX = 40
FREE_NAME = "Free seat"
"""The name of a free seat until someone joins (the joiner's name then)."""
MAX_LISTED = 100
"""Open tables and "your tables" shown at most."""
LISTED_FOR = timedelta(days=1)
"""An open table is listed in the lobby this long after its creation (an abandoned one drops
off the list; its invitation link still joins it)."""


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def check_key(key: str | None) -> str:
    """The hash of a well-formed player key.

    :raises ApiError: 401 without one, 400 for a malformed one."""
    if not key:
        raise unauthorized(f"a player key is required (header {KEY_HEADER})")
    if not _KEY_SHAPE.match(key):
        raise bad_request("a player key is 22-100 characters: letters, digits, '-' and '_'")
    return key_hash(key)


def clean_name(name: str) -> str:
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_MAX]
    if not cleaned:
        raise bad_request("the name must not be empty")
    return cleaned


def waiting(info: TableInfo) -> int:
    """How many person's seats of an open table nobody has joined yet."""
    return sum(1 for seat in info.seats if seat.free)


def view_fields(
    view: dict[str, Any], info: TableInfo, rematch: dict[str, str] | None
) -> dict[str, Any]:
    """The view's ``waiting`` (free seats: while there are any, nobody is to move, so no
    prompt and no legal moves are sent) and ``rematch`` (``{"table", "by"}`` or null)."""
    free = waiting(info)
    view = {**view, "waiting": free, "rematch": rematch}
    if free:
        view.update(your_turn=False, legal_actions=[], closed_options=[], prompt=None, rules=[])
    return view


def waiting_text(info: TableInfo) -> str:
    free = waiting(info)
    people = sum(1 for seat in info.seats if seat.kind == HUMAN)
    return f"waiting for players ({free} of {people} seats free)"


# ---------------------------------------------------------------------- database (sync)
class Players:
    """The players' rows (synchronous; the service calls it through ``asyncio.to_thread``)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    def register(self, player: str, name: str) -> dict[str, Any]:
        """Create the player or change their name."""
        for _ in range(3):
            try:
                with Session(self.engine) as session, session.begin():
                    row = session.get(PlayerRow, player)
                    if row is None:
                        row = PlayerRow(key_hash=player, name=name, created_at=now())
                        session.add(row)
                    else:
                        row.name = name
                    session.flush()
                    return {"name": row.name, "created_at": iso(row.created_at)}
            except IntegrityError:  # registered by a concurrent request: rename it
                continue
        raise conflict("the player is being changed elsewhere; try again")

    def name_of(self, player: str) -> str | None:
        with Session(self.engine) as session:
            row = session.get(PlayerRow, player)
            return None if row is None else row.name

    def seat_of(self, table_id: str, player: str) -> int | None:
        with Session(self.engine) as session:
            return session.scalar(
                select(SeatPlayerRow.seat).where(
                    SeatPlayerRow.table_id == table_id, SeatPlayerRow.player_hash == player
                )
            )

    def bindings(self, table_id: str) -> dict[int, str]:
        """Seat -> player hash of a table's bound seats."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(SeatPlayerRow.seat, SeatPlayerRow.player_hash).where(
                    SeatPlayerRow.table_id == table_id
                )
            ).all()
        return {int(seat): str(player) for seat, player in rows}

    def tables_of(self, player: str) -> list[tuple[TableRow, int]]:
        """The player's tables (the latest changed first) with their seat."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow, SeatPlayerRow.seat)
                .join(SeatPlayerRow, SeatPlayerRow.table_id == TableRow.id)
                .where(SeatPlayerRow.player_hash == player)
                .order_by(TableRow.updated_at.desc())
                .limit(MAX_LISTED)
            ).all()
            session.expunge_all()
        return [(row, int(seat)) for row, seat in rows]

    def open_tables(self) -> list[tuple[TableRow, str | None]]:
        """The listed tables (the newest first) with their creator's name."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow, PlayerRow.name)
                .join(OpenTableRow, OpenTableRow.table_id == TableRow.id)
                .outerjoin(PlayerRow, PlayerRow.key_hash == OpenTableRow.creator_hash)
                .where(TableRow.status == PLAYING, OpenTableRow.created_at >= now() - LISTED_FOR)
                .order_by(OpenTableRow.created_at.desc())
                .limit(MAX_LISTED)
            ).all()
            session.expunge_all()
        return [(row, name) for row, name in rows]

    def join(
        self, table_id: str, player: str, name: str, token_hash: str, origin: str, wall: float
    ) -> tuple[int, list[dict[str, Any]], Clock | None]:
        """Take the first free seat of an open table for ``player`` (named ``name``), with a
        new seat token (its hash). Returns the seat, the table's new seats and its clock (the
        last free seat taken starts it, at ``wall``).

        :raises ApiError: 404 no such table, 409 not open / full / already seated."""
        for _ in range(20):
            with self.engine.begin() as conn:
                row = conn.execute(
                    select(
                        TableRow.seats,
                        TableRow.status,
                        TableRow.to_move,
                        TableRow.version,
                        TableRow.clock,
                    ).where(TableRow.id == table_id)
                ).first()
                if row is None:
                    raise not_found("no such table")
                listed = conn.execute(
                    select(OpenTableRow.table_id).where(OpenTableRow.table_id == table_id)
                ).first()
                seats = json.loads(row.seats)
                free = [i for i, s in enumerate(seats) if s.get("free")]
                if listed is None or not free or row.status != PLAYING:
                    raise conflict("this table has no free seat any more")
                mine = conn.execute(
                    select(SeatPlayerRow.seat).where(
                        SeatPlayerRow.table_id == table_id, SeatPlayerRow.player_hash == player
                    )
                ).first()
                if mine is not None:
                    raise conflict(f"you already sit at this table (seat {mine[0]})")
                seat = free[0]
                taken = {k: v for k, v in seats[seat].items() if k != "free"}
                seats[seat] = {**taken, "name": name}
                full = len(free) == 1
                clock = _clock_of(row.clock)
                if full and clock is not None:
                    clock = clocks.resume(clock, row.to_move, wall)
                # The conditional UPDATE: only one of two joiners finds the seats as read.
                result = conn.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.seats == row.seats)
                    .values(
                        seats=json.dumps(seats),
                        updated_at=now(),
                        clock=_clock_json(clock),
                    )
                )
                if result.rowcount != 1:
                    continue  # another joiner came first: read again
                try:
                    conn.execute(
                        insert(SeatPlayerRow).values(
                            table_id=table_id, seat=seat, player_hash=player
                        )
                    )
                except IntegrityError:
                    raise conflict("you already sit at this table") from None
                conn.execute(
                    insert(TokenRow).values(token_hash=token_hash, table_id=table_id, seat=seat)
                )
                if full:
                    conn.execute(delete(OpenTableRow).where(OpenTableRow.table_id == table_id))
                if self.store.postgres:
                    opener = seats[row.to_move] if 0 <= row.to_move < len(seats) else None
                    if full and opener is not None and opener.get("kind") == BOT:
                        self.store._queue(conn, table_id, row.version, True, None)
                        self.store._notify(conn, BOT_CHANNEL, table_id)
                    self.store._notify(conn, CHANNEL, f"{table_id} {row.version} {origin} seats")
                return seat, seats, clock
        raise conflict("too many people are joining this table at once; try again")

    def rematch_of(self, table_id: str) -> dict[str, str] | None:
        with Session(self.engine) as session:
            row = session.get(RematchRow, table_id)
            return None if row is None else {"table": row.rematch_id, "by": row.by_name}

    def add_token(self, token_hash: str, table_id: str, seat: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(TokenRow).values(token_hash=token_hash, table_id=table_id, seat=seat)
            )

    def notify(self, table_id: str, origin: str, what: str) -> None:
        """Tell the other server processes (PostgreSQL) that ``table_id`` changed outside its
        journal (``what``: seats, rematch): they re-read it and push it."""
        if not self.store.postgres:
            return
        with self.engine.begin() as conn:
            conn.execute(select(func.pg_notify(CHANNEL, f"{table_id} 0 {origin} {what}")))


# ---------------------------------------------------------------------- service hooks
def players_of(service: TableService) -> Players:
    found: Players | None = getattr(service, "_players", None)
    if found is None:
        found = Players(service.store)
        service._players = found  # type: ignore[attr-defined]
    return found


async def player_seat(service: TableService, table_id: str, key: str) -> auth.Viewer:
    """``Authorization: Player KEY``: the seat bound to that player at that table.

    :raises ApiError: 403 when the player has no seat there."""
    try:
        player = check_key(key)
    except ApiError:
        raise forbidden("this player key does not open this table") from None
    seat = await asyncio.to_thread(players_of(service).seat_of, table_id, player)
    if seat is None:
        raise forbidden("this player key does not open this table")
    return auth.Viewer(table_id, seat, auth.hash_token(PLAYER_PREFIX + key))


async def plan_create(
    service: TableService,
    request: CreateTableRequest,
    seats: list[SeatInfo],
    player_key: str | None,
) -> tuple[list[SeatInfo], Any]:
    """At creation: bind the creator's seat (the first person's) to the player key, name it
    after the player when the form left it unnamed, and for an open table free the other
    person's seats. Returns the seats and the ``extra`` rows writer for ``create_table``."""
    if player_key is None:
        if request.open:
            raise bad_request(f"an open table needs the creator's player key ({KEY_HEADER})")
        return seats, None
    player = check_key(player_key)
    name = await asyncio.to_thread(players_of(service).name_of, player)
    if name is None:
        raise forbidden("unknown player: register the key first (PUT /api/players/me)")
    people = [i for i, s in enumerate(seats) if s.kind == HUMAN]
    mine = people[0]
    out = list(seats)
    if request.seats[mine].name is None:
        out[mine] = replace(out[mine], name=name)
    if request.open:
        if len(people) < 2:
            raise bad_request("an open table needs a free seat: make another seat a person")
        for i in people[1:]:
            out[i] = replace(out[i], free=True, name=FREE_NAME)

    def extra(session: Session, table_id: str) -> None:
        session.add(SeatPlayerRow(table_id=table_id, seat=mine, player_hash=player))
        if request.open:
            session.add(OpenTableRow(table_id=table_id, creator_hash=player, created_at=now()))

    return out, extra


def apply_seats(live: LiveTable, seats: tuple[SeatInfo, ...]) -> None:
    """The table's seats changed (a join): new names, fewer free seats. The views are
    rebuilt (they are cached per state)."""
    live.info = replace(live.info, seats=seats)
    live.state.set_names([seat.name for seat in seats])
    live._views_of = None


async def join(service: TableService, table_id: str, player_key: str | None) -> dict[str, Any]:
    """Take the first free seat of an open table; the answer holds the seat's token."""
    if not auth.table_id_ok(table_id):
        raise not_found("no such table")
    player = check_key(player_key)
    book = players_of(service)
    name = await asyncio.to_thread(book.name_of, player)
    if name is None:
        raise forbidden("unknown player: register the key first (PUT /api/players/me)")
    token = auth.new_token()
    seat, seats, clock = await asyncio.to_thread(
        book.join, table_id, player, name, auth.hash_token(token), service.origin, service.wall()
    )
    live = await service.get(table_id)
    async with live.lock:
        apply_seats(live, tuple(SeatInfo.from_json(s) for s in seats))
        live.clock = clock
    await service.hub.publish(live.info.id, live.view)
    service._kick(live)  # the last free seat taken: a bot that opens may start
    return {
        "table": table_summary(live.info, live.status, live.version, live.finished_at),
        "seat": seat,
        "name": name,
        "token": token,
        "path": f"/t/{table_id}#{token}",
    }


async def catch_up(service: TableService, live: LiveTable, info: TableInfo) -> bool:
    """Another process changed a table outside its journal (seats, a rematch): take it over.
    The caller holds ``live.lock``. Whether anything changed."""
    changed = False
    if info.seats != live.info.seats:
        apply_seats(live, info.seats)
        changed = True
    if live.status == FINISHED and live.rematch is None:
        found = await asyncio.to_thread(players_of(service).rematch_of, live.info.id)
        if found is not None:
            live.rematch = found
            changed = True
    return changed


async def load_rematch(service: TableService, live: LiveTable) -> None:
    if live.status == FINISHED:
        live.rematch = await asyncio.to_thread(players_of(service).rematch_of, live.info.id)


# ---------------------------------------------------------------------- rematch
def rotate(n: int) -> list[int]:
    """New seat ``j`` holds old seat ``(j + 1) % n``: everyone moves one seat towards the
    start, so the old seat 1 opens a game whose seat 0 opens."""
    return [(j + 1) % n for j in range(n)]


def rematch_plan(info: TableInfo, old_first: int) -> tuple[list[int], int]:
    """The rotation and a new seed for a rematch of ``info`` (whose first player was
    ``old_first``): the person after the old first player goes first. Games whose seat 0
    always opens (Tiny Epic Pirates, Maracaibo, Ahoy's Fleet) get it from the rotation;
    games that draw the start player at setup (Shipyard, Empires of the North) get a seed
    whose draw names that seat (a few tries: a draw among ``n`` seats)."""
    n = info.num_players
    order = rotate(n)
    want = order.index((old_first + 1) % n)
    game = load_game(info.game)
    first = game.balance_hook("first_player")
    seed = secrets.randbelow(2**62)
    for _ in range(200):
        state = game.new_state(n, seed, dict(info.options))
        opener = int(first(state)) if first is not None else 0
        if opener == want:
            break
        seed = secrets.randbelow(2**62)
    return order, seed


async def rematch(service: TableService, viewer: auth.Viewer) -> dict[str, Any]:
    """The rematch of a finished table for a seated person: made by the first to ask (one per
    table), then each person's new seat with a fresh token of it (minted for the holder of the
    old seat's token or key; only its hash is stored)."""
    if viewer.seat is None:
        raise forbidden("spectators cannot ask for a rematch")
    live = await service.get(viewer.table_id)
    if live.status != FINISHED:
        raise conflict("a rematch is offered once the game is over")
    book = players_of(service)
    found = await asyncio.to_thread(book.rematch_of, live.info.id)
    created = False
    if found is None:
        found = await _create_rematch(service, live, viewer.seat)
        created = found is not None
        if found is None:  # someone else made it at the same moment
            found = await asyncio.to_thread(book.rematch_of, live.info.id)
            assert found is not None
    new_seat = rotate(live.info.num_players).index(viewer.seat)
    token = auth.new_token()
    await asyncio.to_thread(book.add_token, auth.hash_token(token), found["table"], new_seat)
    if live.rematch != found:
        live.rematch = found
        live._views_of = None
        await service.hub.publish(live.info.id, live.view)
        if created:
            await asyncio.to_thread(book.notify, live.info.id, service.origin, "rematch")
    new = await service.get(found["table"])
    return {
        "table": table_summary(new.info, new.status, new.version, new.finished_at),
        "rematch_of": live.info.id,
        "created": created,
        "seat": new_seat,
        "token": token,
        "path": f"/t/{found['table']}#{token}",
    }


async def _create_rematch(
    service: TableService, live: LiveTable, seat: int
) -> dict[str, str] | None:
    """Create the rematch table; None when another request created one first."""
    from tabletide.web.tables import LiveTable as Live

    info = live.info
    first = load_game(info.game).balance_hook("first_player")
    old_first = 0
    if first is not None:
        initial = load_game(info.game).new_state(info.num_players, info.seed, dict(info.options))
        old_first = int(first(initial))
    order, seed = await asyncio.to_thread(rematch_plan, info, old_first)
    bound = await asyncio.to_thread(players_of(service).bindings, info.id)
    seats = tuple(_reseated(info.seats[old]) for old in order)
    game = load_game(info.game)
    state = game.new_state(info.num_players, seed, dict(info.options))
    state.set_names([s.name for s in seats])
    new = replace(
        info, id=auth.new_table_id(), seed=seed, seed_chosen=False, seats=seats, created_at=now()
    )
    by = info.seats[seat].name

    def extra(session: Session, _table_id: str) -> None:
        for j, old in enumerate(order):
            if old in bound:
                session.add(SeatPlayerRow(table_id=new.id, seat=j, player_hash=bound[old]))
        session.add(RematchRow(table_id=info.id, rematch_id=new.id, by_name=by, created_at=now()))

    spectator = auth.hash_token(auth.new_token())  # a rematch is watched through the seats
    clock = None
    if new.time_control is not None:  # the same time control, every person's time full
        people = [s.kind == HUMAN for s in seats]
        clock = clocks.start(new.time_control, people, state.current_player(), service.wall())
    try:
        await asyncio.to_thread(
            service.store.create_table,
            new,
            [(spectator, None)],
            state.current_player(),
            clock,
            extra,
        )
    except IntegrityError:
        return None
    fresh = Live(new, state, [], [], PLAYING, 0, None)
    fresh.clock = clock
    service._remember(fresh)
    service._kick(fresh)
    return {"table": new.id, "by": by}


def _reseated(seat: SeatInfo) -> SeatInfo:
    """A seat of the old table in its rematch: a person's seat handed to a bot (zombie) is the
    person's again; nobody's seat is free."""
    if seat.zombie_since is not None:
        return SeatInfo(HUMAN, None, seat.name)
    return replace(seat, free=False)


# ---------------------------------------------------------------------- listings
def _turn(row: TableRow, seat: int) -> dict[str, Any]:
    info = _info(row)
    free = waiting(info)
    to_move = int(row.to_move)
    return {
        "table": table_summary(info, row.status, row.version, row.finished_at),
        "seat": seat,
        "to_move": to_move,
        "to_move_name": info.seats[to_move].name if 0 <= to_move < len(info.seats) else None,
        "your_turn": row.status == PLAYING and free == 0 and to_move == seat,
        "waiting": free,
        "updated_at": iso(row.updated_at),
    }


async def my_tables(service: TableService, player_key: str | None) -> dict[str, Any]:
    player = check_key(player_key)
    rows = await asyncio.to_thread(players_of(service).tables_of, player)
    return {"tables": [_turn(row, seat) for row, seat in rows]}


async def open_tables(service: TableService) -> dict[str, Any]:
    rows = await asyncio.to_thread(players_of(service).open_tables)
    moment = now()
    out = []
    for row, creator in rows:
        info = _info(row)
        created = info.created_at
        if isinstance(created, datetime) and created.tzinfo is None:
            created = created.replace(tzinfo=moment.tzinfo)
        people = [s for s in info.seats if s.kind == HUMAN]
        out.append(
            {
                "table": info.id,
                "game": info.game,
                "title": load_game(info.game).title,
                "options": info.options,
                "seats": [{"seat": i, **s.to_json()} for i, s in enumerate(info.seats)],
                "people": len(people),
                "free": waiting(info),
                "bots": sum(1 for s in info.seats if s.kind == BOT),
                "creator": creator,
                "created_at": iso(info.created_at),
                "age_seconds": max(0, int((moment - created).total_seconds())),
            }
        )
    return {"tables": out}
