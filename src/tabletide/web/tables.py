"""The tables: creating them, checking and journaling moves, undo, bots, replays.

The server is authoritative. A move is checked against the rebuilt state (turn, version,
legality), applied to a copy, journaled in one database transaction, and only then does the
live state change, the mover get an answer and everyone at the table get their own view.
Each table has an ``asyncio.Lock``, so its moves are handled one at a time; other tables go on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tabletide.engine import (
    Action,
    ConfigError,
    Event,
    IllegalActionError,
    MalformedActionError,
    Replay,
    ReplayError,
    State,
    TabletideError,
    list_games,
    load_game,
)
from tabletide.engine.undo import check_move, observation, undo_depth
from tabletide.web import auth, players, ratings
from tabletide.web import clock as clocks
from tabletide.web.bots import AnalysisJob, BotJob, BotPool, check_bot_spec
from tabletide.web.cluster import Cluster
from tabletide.web.errors import (
    ApiError,
    bad_request,
    conflict,
    forbidden,
    not_found,
    unauthorized,
    unavailable,
    unprocessable,
)
from tabletide.web.hub import EncodedView, Hub
from tabletide.web.journal import JournalWriter
from tabletide.web.pictures import PicturePool
from tabletide.web.schemas import CreateTableRequest, TableToken
from tabletide.web.settings import BOT_SPEEDS, WebSettings
from tabletide.web.store import (
    BOT,
    FINISHED,
    HUMAN,
    PLAYING,
    ZOMBIE,
    Entry,
    Move,
    SeatInfo,
    Store,
    TableInfo,
    VersionConflict,
    effective_moves,
    iso,
    now,
)
from tabletide.web.views import (
    UNDRAWN,
    board_text,
    frame_view,
    recent_lines,
    seat_observation,
    table_summary,
    table_view,
)

log = logging.getLogger("tabletide.web")

NAME_MAX = 40
ANALYSIS_GRACE = 300.0
"""Seconds after a game's end before another process of a cluster may make its analysis."""
SHUTDOWN_CODE = 1012
"""WebSocket close code of a graceful shutdown ("service restart": reconnect)."""
SHUTDOWN_REASON = "server restarting: reconnect"
IDEMPOTENT_TABLES = 10_000
"""Tables whose idempotency keys are kept (the ones used most recently)."""


def rebuild(info: TableInfo, actions: list[dict[str, Any]]) -> State:
    """The table's state: seed + options + actions, replayed by the engine; its seats named
    as the table names them (prompts and log lines say "Alice", not "Seat 0")."""
    state = Replay(info.game, info.num_players, info.seed, info.options, actions).play()
    state.set_names([seat.name for seat in info.seats])
    return state


def rebuild_marked(
    info: TableInfo, actions: list[dict[str, Any]], bots: list[bool], seats: list[int]
) -> tuple[State, LatestBot | None]:
    """:func:`rebuild`, and the latest bot turn read from the journal: the last run of bot
    moves of one seat (``bots[i]``, ``seats[i]``: who made action ``i``), with its log lines."""
    last = max((i for i, b in enumerate(bots) if b), default=-1)
    first = last
    while first > 0 and bots[first - 1] and seats[first - 1] == seats[last]:
        first -= 1
    log_from = 0
    state: State | None = None
    replay = Replay(info.game, info.num_players, info.seed, info.options, actions)
    for i, state in enumerate(replay.states()):
        if i == first:
            log_from = len(state.events)
    assert state is not None
    state.set_names([seat.name for seat in info.seats])
    if last < 0:
        return state, None
    return state, LatestBot(seats[last], last - first + 1, log_from, len(state.events))


@dataclass(frozen=True)
class LatestBot:
    """The latest bot turn at a table: its seat, how many moves it made, and the log lines
    ``[log_from, log_to)`` they wrote (the same numbers for every seat: a seat's log hides
    fields of events, never whole events). Kept in memory; a process that loads the table
    (a restart, another server process) reads it from the journal (:func:`rebuild_marked`)."""

    seat: int
    moves: int
    log_from: int
    log_to: int

    def to_json(self) -> dict[str, int]:
        return {
            "seat": self.seat,
            "moves": self.moves,
            "log_from": self.log_from,
            "log_to": self.log_to,
        }


class LiveTable:
    """A table rebuilt in memory. Only the service changes it, holding ``lock``."""

    def __init__(
        self,
        info: TableInfo,
        state: State,
        actions: list[dict[str, Any]],
        flags: list[tuple[int, bool]],
        status: str,
        version: int,
        finished_at: datetime | None,
        analysis: dict[str, Any] | None = None,
    ) -> None:
        self.info = info
        self.state = state
        self.actions = actions
        self.flags = flags
        """(seat, reversible) of each action in ``actions``."""
        self.status = status
        self.version = version
        self.finished_at = finished_at
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_error: str | None = None
        self.analysis = analysis
        """The stored post-game analysis (``{"error": ...}`` if it failed), None until then."""
        self.analysis_task: asyncio.Task[None] | None = None
        self.latest_bot: LatestBot | None = None
        """The latest bot turn (for the page to mark its moves), None before one."""
        self.last_bot_seat: int | None = None
        """The seat of the latest action if a bot made it (a turn is a run of these)."""
        self.clock: clocks.Clock | None = None
        """The game clock (``clock.py``) as last stored; None without a time control."""
        self.wall: Callable[[], float] = time.time
        """Wall-clock seconds for the clock (the service hands its own, tests inject one)."""
        self.rematch: dict[str, str] | None = None
        """``{"table", "by"}`` once a finished table has a rematch (``players.py``)."""
        self.worlds_of: State | None = None
        self.worlds: list[State] | None = None
        """The determinized copies of ``worlds_of`` (the state after the seat's latest move,
        if reversible) that the undo check of the seat's next move reuses."""
        self.seen: tuple[State, int, dict[str, Any]] | None = None
        """(state, seat, what the seat sees of it but the log) from the undo check of the
        seat's move to that state: the seat's view is built from it (undo.observation)."""
        self._views_of: State | None = None
        self._views: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._texts: dict[int | None, str | None] = {}
        self._encodings: dict[int | None, EncodedView] = {}
        self._pictures: dict[int | None, str | None] = {}
        """Pictures drawn by a worker for this position's views (:meth:`draw_pictures`)."""
        self._log_known: dict[int | None, list[tuple[Event, str]]] = {}
        """Each seat's log lines written so far (views.log_lines), for ``_log_names``."""
        self._log_names: list[str] | None = None

    @property
    def analysis_status(self) -> str | None:
        """``pending``, ``ready`` or ``failed`` once the game is over; None while it is played."""
        if self.status != FINISHED:
            return None
        if self.analysis is None:
            return "pending"
        return "failed" if "error" in self.analysis else "ready"

    def undo_depth(self, seat: int | None) -> int:
        if seat is None or self.status != PLAYING or self.info.seats[seat].kind != HUMAN:
            return 0
        return undo_depth(self.flags, self.state.current_player(), seat)

    def _log_lines_of(self, seat: int | None) -> list[tuple[Event, str]]:
        """The seat's log lines written so far (the lines name the seats: new names, new
        lines)."""
        if self._log_names != self.state.names:
            self._log_names = list(self.state.names)
            self._log_known = {}
        return self._log_known.setdefault(seat, [])

    def _observed(self, seat: int | None) -> dict[str, Any] | None:
        """The seat's observation of the state if the undo check of its move worked it out."""
        seen = self.seen
        if seen is None or seen[0] is not self.state or seen[1] != seat:
            return None
        lines = recent_lines(self.state, seat, self._log_lines_of(seat))
        return observation(self.state, seen[1], seen[2], lines)

    def _for_state(self) -> None:
        """Forget the views (and what they were built from) of an earlier position."""
        if self._views_of is not self.state:
            self._views_of = self.state
            self._views = {}
            self._texts = {}
            self._encodings = {}
            self._pictures = {}

    def _encoded(self, seat: int | None) -> EncodedView:
        """The seat's observation of the position, written as JSON once."""
        found = self._encodings.get(seat)
        if found is None:
            observed = self._observed(seat)
            if observed is None:
                observed = seat_observation(self.state, seat, self._log_lines_of(seat))
            found = self._encodings[seat] = EncodedView.of(observed)
        return found

    async def draw_pictures(self, seats: Iterable[int | None], pool: PicturePool) -> None:
        """Have ``pool`` draw the board pictures of these seats' views of the position (all
        at once), for :meth:`view`. A position that moves on meanwhile keeps none of them."""
        self._for_state()
        state = self.state
        wanted = [seat for seat in dict.fromkeys(seats) if seat not in self._pictures]
        if not wanted:
            return
        views = [self._encoded(seat) for seat in wanted]
        drawn = await asyncio.gather(
            *(pool.draw(self.info.id, self.info.game, view) for view in views)
        )
        if self._views_of is state:
            self._pictures.update(zip(wanted, drawn, strict=True))

    def view(self, seat: int | None, log_since: int = 0, text: bool = True) -> dict[str, Any]:
        """``seat``'s view (see :func:`table_view`), with the log from line ``log_since``, and
        the text view only if ``text`` (or when there is no picture). Views, and text views,
        are built once per state: every connection of a seat, and every request, after a move
        shares them (the board and text views take milliseconds)."""
        self._for_state()
        latest = self.latest_bot
        if latest is not None and latest.log_to > len(self.state.events):
            latest = None  # taken back (cannot happen to a bot's moves, but never point past)
        key = (seat, self.version, self.status, self.bot_error, self.analysis_status, latest)
        full = self._views.get(key)
        if full is None:
            full = table_view(
                self.state,
                self.info,
                seat,
                status=self.status,
                version=self.version,
                finished_at=self.finished_at,
                undo_depth=self.undo_depth(seat),
                bot_error=self.bot_error,
                analysis=self.analysis_status,
                latest_bot=None if latest is None else latest.to_json(),
                text=False,
                log_known=self._log_lines_of(seat),
                observation=self._encoded(seat),
                picture=self._pictures.get(seat, UNDRAWN),
            )
            self._views[key] = full
        if text and full["board"]["text"] is None:
            if seat not in self._texts:
                self._texts[seat] = board_text(self.state, seat)
            full = {**full, "board": {**full["board"], "text": self._texts[seat]}}
        log = full["log"]
        start = max(0, min(log_since, log["total"]))
        out = {
            **full,
            "log": {**log, "start": start, "lines": log["lines"][start:]},
            # Time passes between pushes: the clock is worked out for each view sent.
            "clock": clocks.clock_view(self.info.time_control, self.clock, self.wall()),
        }
        # issue 25 (players.py): free seats of an open table, a finished table's rematch
        return players.view_fields(out, self.info, self.rematch)

    def next_clock(self, to_move: int) -> clocks.Clock | None:
        """The clock after a decision now, ``to_move`` deciding next (None: no clock)."""
        control = self.info.time_control
        if control is None or self.clock is None:
            return None
        return clocks.advance(self.clock, control, to_move, self.wall())

    def seat_label(self, seat: int) -> str:
        name = self.info.seats[seat].name
        return f"seat {seat}" if name == f"Seat {seat}" else f"seat {seat} ({name})"


def _bot_name(request: CreateTableRequest, seat: int) -> str:
    """An unnamed bot's name: "Bot (medium)" by its strength, with its seat number when
    another bot of the table has the same ("Bot 1 (medium)", "Bot 2 (medium)")."""
    specs = [s.bot for s in request.seats if s.kind == "bot"]
    spec = request.seats[seat].bot
    number = f" {seat}" if specs.count(spec) > 1 else ""
    return f"Bot{number} ({spec})"[:NAME_MAX]


def _clean_name(name: str | None, default: str) -> str:
    if name is None:
        return default
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()[:NAME_MAX]
    return cleaned or default


class TableService:
    def __init__(self, settings: WebSettings, store: Store, bots: BotPool, hub: Hub) -> None:
        self.settings = settings
        self.store = store
        self.bots = bots
        self.hub = hub
        self.journal = JournalWriter(store)
        """Every move is journaled through it (a group commit, ``journal.py``)."""
        self.pictures = PicturePool(settings.picture_workers)
        """The processes that draw the pushed views' pictures (``pictures.py``)."""
        if self.pictures.enabled:
            hub.before_views = self._draw_pictures
        self._live: OrderedDict[str, LiveTable] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._tokens: dict[str, tuple[str, int | None]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._closed = False
        self._answers: OrderedDict[str, OrderedDict[tuple[str, str], dict[str, Any]]] = (
            OrderedDict()
        )
        """Idempotency keys: per table, ``(token hash, key) -> answer`` of the latest
        ``settings.idempotency_keys`` moves and undos sent with a key (in memory)."""
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How bots pause (tests count the pauses with a fake)."""
        self.clock: Callable[[], float] = time.monotonic
        self.wall: Callable[[], float] = time.time
        """Wall-clock seconds for the game clocks (tests inject a fake "now")."""
        self.cluster: Cluster | None = None
        """PostgreSQL: this process's part in a cluster of servers (``cluster.py``); bots are
        then played from the database's queue, and other processes' moves arrive by
        ``LISTEN/NOTIFY``."""
        if store.postgres:
            store.lease = settings.bot_lease
            self.cluster = Cluster(
                settings.database_url, store, settings.bot_lease, settings.bot_turns
            )
        self._claimed: set[str] = set()
        """Tables whose bot turn this process holds in the queue."""
        self.draining = False
        """Shutting down: new moves are refused, the WebSockets are about to be closed."""
        self._inflight = 0
        """People's moves and undos being handled (a shutdown waits for them)."""

    async def _draw_pictures(self, table_id: str, seats: set[int | None]) -> None:
        """The hub's hook before a push: the pictures of these seats' views, drawn in the
        picture workers (``pictures.py``)."""
        live = self._live.get(table_id)
        if live is not None:
            await live.draw_pictures(seats, self.pictures)

    @property
    def origin(self) -> str:
        return "" if self.cluster is None else self.cluster.name

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Let the bots of unfinished tables go on after a restart, and analyse the finished
        games whose analysis is missing (in the background). With PostgreSQL, join the
        cluster: listen, and play bots from the queue."""
        if self.cluster is not None:
            self.cluster.start(self)
            resume = self._queue_due_bots()
        else:
            resume = self._resume_bots()
        for work in (resume, self._resume_analyses(), ratings.resume(self)):
            task = asyncio.create_task(work)
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _resume_bots(self) -> None:
        for table_id in await asyncio.to_thread(self.store.playing_tables_with_bots):
            if self._closed:
                return
            try:
                live = await self.get(table_id)
            except ApiError as exc:
                log.warning("table %s cannot resume: %s", table_id, exc.message)
                continue
            self._kick(live)

    async def _queue_due_bots(self) -> None:
        try:
            await asyncio.to_thread(self.store.queue_due_bots)
        except Exception:
            log.exception("cannot queue the bots that are due")

    async def _resume_analyses(self) -> None:
        """One at a time, so that the bots of tables being played keep workers free."""
        for table_id in await asyncio.to_thread(self.store.finished_tables_without_analysis):
            if self._closed:
                return
            try:
                live = await self.get(table_id)
            except ApiError as exc:
                log.warning("table %s cannot be analysed: %s", table_id, exc.message)
                continue
            if not self._may_start_analysis(live):
                continue
            self._schedule_analysis(live)
            task = live.analysis_task
            if task is not None:
                await asyncio.wait([task])

    async def close(self) -> None:
        self._closed = True
        if self.cluster is not None:
            await self.cluster.close()
        tasks = [*self._background]
        tasks += [t.bot_task for t in self._live.values() if t.bot_task is not None]
        tasks += [t.analysis_task for t in self._live.values() if t.analysis_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.shutdown()
        await self.pictures.close()
        await asyncio.to_thread(self.journal.close)
        if self.cluster is not None and self._claimed:
            await self.cluster.release()

    async def drain(self, timeout: float) -> None:
        """A graceful shutdown's first half: refuse new moves, wait (up to ``timeout``) for the
        people's moves under way to be stored and pushed, stop the bots (their turns go back
        to the queue), and close every WebSocket with 1012 and a reason. uvicorn then stops."""
        self.draining = True
        log.info("draining: %d move(s) under way", self._inflight)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and (
            self._inflight > 0 or any(t.lock.locked() for t in self._live.values())
        ):
            await asyncio.sleep(0.02)
        bots = [t.bot_task for t in self._live.values() if t.bot_task is not None]
        for task in bots:
            task.cancel()
        await asyncio.gather(*bots, return_exceptions=True)
        if self.cluster is not None:
            await self.cluster.release()
            self._claimed.clear()
        await self.hub.close_all(SHUTDOWN_CODE, SHUTDOWN_REASON)

    # ------------------------------------------------------------------ lobby
    def games(self) -> list[dict[str, Any]]:
        out = []
        for name in list_games():
            try:
                game = load_game(name)
            except Exception:  # a broken plug-in must not hide the others
                log.exception("cannot load game %s", name)
                continue
            info = game.info()
            out.append(
                {
                    "name": info["name"],
                    "title": info["title"],
                    "description": info["description"],
                    "players": info["players"],
                    "options": info["options"],
                }
            )
        return out

    async def create(
        self, request: CreateTableRequest, player_key: str | None = None
    ) -> dict[str, Any]:
        """A new table; the answer holds the only copies of its tokens. With a player key,
        the first person's seat is bound to that player (``players.py``)."""
        if request.game not in list_games():
            raise bad_request(f"unknown game {request.game!r}; games: {', '.join(list_games())}")
        game = load_game(request.game)
        seats: list[SeatInfo] = []
        for i, seat in enumerate(request.seats):
            if seat.kind == HUMAN:
                if seat.bot is not None:
                    raise bad_request(f"seat {i} is a person: it takes no 'bot'")
                seats.append(SeatInfo(HUMAN, None, _clean_name(seat.name, f"Seat {i}")))
            else:
                try:
                    spec = check_bot_spec(seat.bot or "")
                except ConfigError as exc:
                    raise bad_request(f"seat {i}: {exc}") from None
                seats.append(SeatInfo(BOT, spec, _clean_name(seat.name, _bot_name(request, i))))
        if all(seat.kind == BOT for seat in seats):
            # Tables are for people: a table of bots alone would keep the bots' workers
            # busy for nobody (tournaments between bots are `tabletide tournament`).
            raise bad_request("seat at least one person (kind 'human')")
        try:
            time_control = clocks.parse_time_control(request.time_control)
        except ValueError as exc:
            raise bad_request(str(exc)) from None
        seats, extra = await players.plan_create(self, request, seats, player_key)
        seed = request.seed if request.seed is not None else secrets.randbelow(2**62)
        try:
            options = game.resolve_options(len(seats), request.options)
            state = game.new_state(len(seats), seed, options)
            state.set_names([seat.name for seat in seats])
        except ConfigError as exc:
            raise bad_request(str(exc)) from None
        info = TableInfo(
            id=auth.new_table_id(),
            game=game.name,
            num_players=len(seats),
            seed=seed,
            seed_chosen=request.seed is not None,
            options=dict(state.options),
            seats=tuple(seats),
            created_at=now(),
            hints=request.hints,
            bot_speed=request.bot_speed,
            time_control=time_control,
        )
        clock = None
        if time_control is not None:
            people = [seat.kind == HUMAN for seat in seats]
            # An open table's clock stands still until its last free seat is taken.
            runs = -1 if any(seat.free for seat in seats) else state.current_player()
            clock = clocks.start(time_control, people, runs, self.wall())
        tokens: dict[int | None, str] = {
            i: auth.new_token() for i, s in enumerate(seats) if s.kind == HUMAN and not s.free
        }
        tokens[None] = auth.new_token()
        hashes = [(auth.hash_token(t), seat) for seat, t in tokens.items()]
        await asyncio.to_thread(
            self.store.create_table, info, hashes, state.current_player(), clock, extra
        )
        live = LiveTable(info, state, [], [], PLAYING, 0, None)
        live.clock = clock
        self._remember(live)
        log.info("table %s created: %s, %d seats", info.id, info.game, len(seats))
        self._kick(live)

        def link(token: str) -> str:
            return f"/t/{info.id}#{token}"

        spectator = tokens.pop(None)
        return {
            "table": table_summary(info, PLAYING, 0, None),
            "links": {
                "seats": [
                    {"seat": seat, "name": seats[seat].name, "token": t, "path": link(t)}
                    for seat, t in tokens.items()
                    if seat is not None
                ],
                "spectator": {"token": spectator, "path": link(spectator)},
            },
        }

    async def statuses(self, queries: list[TableToken]) -> list[dict[str, Any]]:
        """For the lobby's "your tables": each table's state, for the holder of its token."""
        if len(queries) > self.settings.max_status_queries:
            raise bad_request(f"ask about at most {self.settings.max_status_queries} tables")
        out: list[dict[str, Any]] = []
        for query in queries:
            try:
                viewer = await self.authenticate(query.table, query.token)
            except ApiError as exc:
                out.append({"table": query.table, "ok": False, "error": exc.message})
                continue
            header = await asyncio.to_thread(self.store.header, viewer.table_id)
            if header is None:
                out.append({"table": query.table, "ok": False, "error": "no such table"})
                continue
            live = self._live.get(viewer.table_id)
            to_move = header.to_move if live is None else live.state.current_player()
            version = header.version if live is None else live.version
            status = header.status if live is None else live.status
            out.append(
                {
                    "table": query.table,
                    "ok": True,
                    "seat": viewer.seat,
                    "role": viewer.role,
                    "summary": table_summary(header.info, status, version, header.finished_at),
                    "current_player": to_move,
                    "your_turn": viewer.seat is not None
                    and viewer.seat == to_move
                    and header.info.seats[viewer.seat].kind == HUMAN
                    and not players.waiting(header.info),  # issue 25: an open table waits
                }
            )
        return out

    # ------------------------------------------------------------------ access
    async def authenticate(self, table_id: str, token: str | None) -> auth.Viewer:
        """The seat (or spectator) that ``token`` opens at ``table_id``.

        :raises ApiError: 401 without a token, 403 for a token that does not open this table,
            404 for a malformed table id.
        """
        if not auth.table_id_ok(table_id):
            raise not_found("no such table")
        if not token:
            raise unauthorized()
        if token.startswith(players.PLAYER_PREFIX):  # a player key: the seat bound to it
            return await players.player_seat(self, table_id, token[len(players.PLAYER_PREFIX) :])
        if not auth.token_shape_ok(token):
            raise forbidden("this token does not open this table")
        token_hash = auth.hash_token(token)
        found = self._tokens.get(token_hash)
        if found is None:
            found = await asyncio.to_thread(self.store.find_token, token_hash)
            if found is not None:
                if len(self._tokens) > 100_000:
                    self._tokens.clear()
                self._tokens[token_hash] = found
        if found is None or found[0] != table_id:
            raise forbidden("this token does not open this table")
        return auth.Viewer(table_id, found[1], token_hash)

    async def get(self, table_id: str) -> LiveTable:
        """The table rebuilt in memory (from the database if it is not already)."""
        live = self._live.get(table_id)
        if live is not None:
            self._live.move_to_end(table_id)
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self._live.get(table_id)
                if live is not None:
                    return live
                stored = await asyncio.to_thread(self.store.load, table_id)
                if stored is None:
                    raise not_found("no such table")
                actions, flags = effective_moves(stored.moves)
                bots = _effective_bots(stored.moves)
                seats = [seat for seat, _ in flags]
                try:
                    state, latest = await asyncio.to_thread(
                        rebuild_marked, stored.info, actions, bots, seats
                    )
                except (ReplayError, TabletideError) as exc:
                    log.error("table %s does not rebuild: %s", table_id, exc)
                    raise conflict(f"this table cannot be rebuilt: {exc}") from None
                live = LiveTable(
                    stored.info,
                    state,
                    actions,
                    flags,
                    stored.status,
                    stored.version,
                    stored.finished_at,
                    stored.analysis,
                )
                live.latest_bot = latest
                live.last_bot_seat = seats[-1] if bots and bots[-1] else None
                live.clock = stored.clock
                await players.load_rematch(self, live)
                self._remember(live)
                return live
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)

    def _remember(self, live: LiveTable) -> None:
        live.wall = lambda: self.wall()
        self._live[live.info.id] = live
        self._live.move_to_end(live.info.id)
        excess = len(self._live) - self.settings.max_cached_tables
        for table_id, old in list(self._live.items()):
            if excess <= 0:
                break
            if old is live or old.bot_task is not None or old.lock.locked():
                continue
            if old.analysis_task is not None:
                continue
            if self.hub.watched(table_id):
                continue
            del self._live[table_id]
            excess -= 1

    def _forget(self, table_id: str) -> None:
        self._live.pop(table_id, None)

    # ------------------------------------------------------------------ other processes
    def remote_change(self, table_id: str, analysis: bool = False) -> None:
        """Another process changed a table (a ``NOTIFY``): catch up if it is in memory."""
        live = self._live.get(table_id)
        if live is None or self._closed:
            return
        self._spawn(self.refresh(live, analysis=analysis))

    def refresh_all(self) -> None:
        """Catch up with every table in memory (after the listening connection was down)."""
        for live in list(self._live.values()):
            self._spawn(self.refresh(live, analysis=True))

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def refresh(self, live: LiveTable, analysis: bool = False) -> None:
        """Apply the journal rows other processes appended after ``live.version`` and push
        the new state to this process's WebSockets."""
        async with live.lock:
            changed = await self._catch_up(live, analysis)
        if changed:
            await self.hub.publish(live.info.id, live.view)

    async def _catch_up(self, live: LiveTable, analysis: bool = False) -> bool:
        """The work of :meth:`refresh` (the caller holds ``live.lock``)."""
        try:
            found = await asyncio.to_thread(self.store.changes_since, live.info.id, live.version)
        except Exception as exc:
            log.warning("table %s cannot be read: %s", live.info.id, exc)
            return False
        if found is None:
            return False
        stored, version = found
        changed = await players.catch_up(self, live, stored.info)  # joins, rematches
        if stored.clock != live.clock and version <= live.version:
            live.clock = stored.clock  # a join elsewhere started the clock
            changed = True
        if analysis and stored.analysis is not None and stored.analysis != live.analysis:
            live.analysis = stored.analysis
            changed = True
        if version <= live.version or not stored.moves:
            return changed
        actions, flags = list(live.actions), list(live.flags)
        state = live.state.clone()
        latest, last_bot = live.latest_bot, live.last_bot_seat
        replay = False
        try:
            for move in stored.moves:
                if move.kind == ZOMBIE:
                    continue  # a seat handed to a bot: the seats (below) say it
                if move.kind == "undo":
                    del actions[-move.steps :]
                    del flags[-move.steps :]
                    replay, last_bot = True, None
                    continue
                assert move.action is not None
                actions.append(move.action)
                flags.append((move.seat, move.reversible))
                if replay:
                    continue
                before = len(state.events)
                state.apply(state.game.action_from_json(move.action))
                if move.by_bot:
                    if latest is not None and last_bot == move.seat:
                        latest = LatestBot(
                            move.seat, latest.moves + 1, latest.log_from, len(state.events)
                        )
                    else:
                        latest = LatestBot(move.seat, 1, before, len(state.events))
                    last_bot = move.seat
                else:
                    last_bot = None
            if replay:
                state = await asyncio.to_thread(rebuild, live.info, actions)
        except (ReplayError, TabletideError) as exc:
            log.error("table %s cannot catch up: %s", live.info.id, exc)
            self._forget(live.info.id)
            return False
        live.state, live.actions, live.flags = state, actions, flags
        live.latest_bot, live.last_bot_seat = latest, last_bot
        live.info, live.clock = stored.info, stored.clock  # zombie seats, the clock
        live.version = stored.moves[-1].seq
        live.status = stored.status if state.is_terminal() else PLAYING
        live.finished_at = stored.finished_at
        live.analysis = stored.analysis
        return True

    def bot_turns_held(self) -> int:
        return len(self._claimed)

    def bot_tables_held(self) -> list[str]:
        """The tables whose bot job this process claimed and plays (their leases renewed)."""
        return sorted(self._claimed)

    async def play_claimed(self, table_id: str) -> None:
        """The dispatcher claimed this table's bot job: play the bot's turns here."""
        self._claimed.add(table_id)
        try:
            live = await self.get(table_id)
            async with live.lock:
                await self._catch_up(live)
        except ApiError as exc:
            log.warning("bot job of table %s dropped: %s", table_id, exc.message)
            self._claimed.discard(table_id)
            await asyncio.to_thread(self.store.drop_bot_job, table_id)
            return
        except BaseException:
            self._claimed.discard(table_id)  # the claim lapses: another process takes it
            raise
        if live.bot_task is None:
            self._kick(live)
            if live.bot_task is None:  # nothing for a bot to do: a stale job
                self._claimed.discard(table_id)
                await asyncio.to_thread(self.store.release_bot_jobs, self.origin, table_id)

    async def view(
        self, viewer: auth.Viewer, log_since: int = 0, text: bool = True
    ) -> dict[str, Any]:
        live = await self.get(viewer.table_id)
        return live.view(viewer.seat, log_since, text)

    async def hint(self, viewer: auth.Viewer) -> dict[str, Any]:
        """What ``hard`` would do in the seat's position (a worker process works it out from
        the seat's determinization), unless the table's creator switched hints off."""
        live = await self.get(viewer.table_id)
        if not live.info.hints:
            raise forbidden("hints are switched off at this table")
        async with live.lock:
            seat = self._check_turn(live, viewer, None)
            job = BotJob(
                live.info.game,
                live.info.num_players,
                live.info.seed,
                live.info.options,
                list(live.actions),
                seat,
                "hard",
            )
            version = live.version
        answer = await self.bots.advise(job)
        return {"version": version, **answer}

    # ------------------------------------------------------------------ moves
    def _check_turn(self, live: LiveTable, viewer: auth.Viewer, version: int | None) -> int:
        if viewer.seat is None:
            raise forbidden("spectators cannot move; open the table with a seat's link")
        if live.status != PLAYING:
            raise conflict("the game is over")
        if players.waiting(live.info):
            raise conflict(f"the game has not started: {players.waiting_text(live.info)}")
        if version is not None and version != live.version:
            raise conflict(
                f"the table has moved on (version {live.version}, your move was chosen at "
                f"version {version}); look again"
            )
        if live.info.seats[viewer.seat].kind != HUMAN:
            raise conflict("a bot plays this seat now: you handed it over or left the table")
        current = live.state.current_player()
        if current != viewer.seat:
            raise conflict(f"it is not your turn: {live.seat_label(current)} is to decide")
        return viewer.seat

    def _resolve(
        self, live: LiveTable, index: int | None, data: Mapping[str, Any] | None
    ) -> Action:
        legal = live.state.legal_actions()
        if (index is None) == (data is None):
            raise bad_request("send either 'index' (of a legal action) or 'action' (its JSON)")
        if index is not None:
            if not 0 <= index < len(legal):
                raise unprocessable(f"there is no legal action {index}: choose 0-{len(legal) - 1}")
            return legal[index]
        assert data is not None
        try:
            action = live.state.game.action_from_json(data)
        except MalformedActionError as exc:
            raise bad_request(f"malformed action: {exc}") from None
        if action not in legal:
            raise unprocessable(f"{action.to_json()} is not a legal action now")
        return legal[legal.index(action)]

    async def _commit(self, live: LiveTable, seat: int, action: Action, by_bot: bool) -> None:
        """Apply ``action`` to a copy, journal it, then make the copy the table's state.
        The caller holds ``live.lock`` and has checked the turn."""
        after = live.state.clone()
        try:
            after.apply(action)
        except IllegalActionError as exc:
            raise unprocessable(str(exc)) from None
        # A move that hands the decision to another seat can never be taken back (undo is for
        # the seat that decides now, through its own latest moves), so its flag needs no
        # check: is_reversible samples determinizations, a quarter of a move's CPU. The next
        # move of the same run reuses this one's determinized copies (check_move's worlds).
        worlds = live.worlds if live.worlds_of is live.state else None
        live.worlds_of, live.worlds = None, None  # changed in place by the check: used once
        reversible, kept, seen = False, None, None
        if not by_bot and after.current_player() == seat:
            reversible, kept, seen = check_move(live.state, action, after, worlds=worlds)
        move = Move(
            seq=live.version + 1,
            kind="act",
            seat=seat,
            action=action.to_json(),
            reversible=reversible,
            by_bot=by_bot,
        )
        nxt = after.current_player()
        clock = live.next_clock(nxt)
        try:
            moment = await self.journal.append(
                Entry(
                    live.info.id,
                    move,
                    nxt,
                    bot_next=0 <= nxt < len(live.info.seats) and live.info.seats[nxt].kind == BOT,
                    claimer=self.origin if by_bot and self.cluster is not None else None,
                    origin=self.origin,
                    clock=clock,
                )
            )
        except VersionConflict:
            self._changed_elsewhere(live)
            raise conflict("the table was changed elsewhere; look again") from None
        live.state = after
        live.worlds_of, live.worlds = (after, kept) if kept is not None else (None, None)
        live.seen = None if seen is None else (after, seat, seen)
        live.actions.append(action.to_json())
        live.flags.append((seat, reversible))
        live.last_bot_seat = seat if by_bot else None
        live.version = move.seq
        live.clock = clock
        if after.is_terminal():
            live.status = FINISHED
            live.finished_at = moment
            log.info("table %s finished", live.info.id)
            self._schedule_analysis(live)
            ratings.schedule(self, live)  # issue 25: the people's ratings

    def _changed_elsewhere(self, live: LiveTable) -> None:
        """Another writer appended first: one process, forget the table (rebuilt on next
        use); a cluster, catch up with the journal (and push) once the lock is free."""
        if self.cluster is None:
            self._forget(live.info.id)
        else:
            self._spawn(self.refresh(live))

    def _answered(self, viewer: auth.Viewer, key: str | None) -> dict[str, Any] | None:
        """The answer already given to ``viewer``'s request with idempotency ``key``."""
        if key is None:
            return None
        answers = self._answers.get(viewer.table_id)
        if answers is None:
            return None
        return answers.get((viewer.token_hash, key))

    def _note_answer(self, viewer: auth.Viewer, key: str | None, answer: dict[str, Any]) -> None:
        if key is None:
            return
        answers = self._answers.setdefault(viewer.table_id, OrderedDict())
        self._answers.move_to_end(viewer.table_id)
        answers[(viewer.token_hash, key)] = dict(answer)
        while len(answers) > self.settings.idempotency_keys:
            answers.popitem(last=False)
        while len(self._answers) > IDEMPOTENT_TABLES:
            self._answers.popitem(last=False)

    async def act(
        self,
        viewer: auth.Viewer,
        index: int | None = None,
        action: Mapping[str, Any] | None = None,
        version: int | None = None,
        key: str | None = None,
    ) -> dict[str, Any]:
        """Play a seat's move; answered once it is journaled. A request with an idempotency
        ``key`` this seat already used at this table is answered as the first one was, and
        nothing is played (a successful one; a refused one changed nothing and is checked
        again)."""
        if self.draining:
            raise unavailable(SHUTDOWN_REASON)
        self._inflight += 1
        try:
            return await self._act(viewer, index, action, version, key)
        finally:
            self._inflight -= 1

    async def _act(
        self,
        viewer: auth.Viewer,
        index: int | None,
        action: Mapping[str, Any] | None,
        version: int | None,
        key: str | None,
    ) -> dict[str, Any]:
        live = await self.get(viewer.table_id)
        async with live.lock:
            answered = self._answered(viewer, key)
            if answered is not None:
                return dict(answered)
            seat = self._check_turn(live, viewer, version)
            chosen = self._resolve(live, index, action)
            await self._commit(live, seat, chosen, by_bot=False)
            answer = {"ok": True, "version": live.version, "ply": len(live.actions)}
            self._note_answer(viewer, key, answer)
        await self._changed(live)
        return answer

    async def undo(
        self,
        viewer: auth.Viewer,
        steps: int = 1,
        version: int | None = None,
        key: str | None = None,
    ) -> dict[str, Any]:
        """Take back the seat's latest moves of its turn (as many as ``undo.depth`` allows).
        ``key``: as for :meth:`act`."""
        if self.draining:
            raise unavailable(SHUTDOWN_REASON)
        self._inflight += 1
        try:
            return await self._undo(viewer, steps, version, key)
        finally:
            self._inflight -= 1

    async def _undo(
        self, viewer: auth.Viewer, steps: int, version: int | None, key: str | None
    ) -> dict[str, Any]:
        live = await self.get(viewer.table_id)
        async with live.lock:
            answered = self._answered(viewer, key)
            if answered is not None:
                return dict(answered)
            seat = self._check_turn(live, viewer, version)
            depth = live.undo_depth(seat)
            if depth == 0:
                raise conflict(
                    "nothing to undo: only your own moves of this turn, with no chance or "
                    "hidden information revealed since, can be taken back"
                )
            if steps > depth:
                raise conflict(f"you can take back at most {depth} move(s) now")
            actions = live.actions[:-steps]
            state = await asyncio.to_thread(rebuild, live.info, actions)
            move = Move(seq=live.version + 1, kind="undo", seat=seat, steps=steps)
            nxt = state.current_player()
            clock = live.next_clock(nxt)  # undo refunds nothing (clock.py)
            try:
                await self.journal.append(
                    Entry(
                        live.info.id,
                        move,
                        nxt,
                        bot_next=0 <= nxt < len(live.info.seats)
                        and live.info.seats[nxt].kind == BOT,
                        origin=self.origin,
                        clock=clock,
                    )
                )
            except VersionConflict:
                self._changed_elsewhere(live)
                raise conflict("the table was changed elsewhere; look again") from None
            live.last_bot_seat = None
            live.state = state
            live.actions = actions
            live.flags = live.flags[:-steps]
            live.version = move.seq
            live.clock = clock
            answer = {"ok": True, "version": live.version, "ply": len(live.actions)}
            self._note_answer(viewer, key, answer)
        await self._changed(live)
        return answer

    async def _changed(self, live: LiveTable) -> None:
        await self.hub.publish(live.info.id, live.view)
        self._kick(live)

    # ------------------------------------------------------------------ bots
    def _kick(self, live: LiveTable) -> None:
        """Start the bot of the seat to move, if it is a bot and not already thinking."""
        if self._closed or self.draining or live.status != PLAYING or live.bot_task is not None:
            return
        if self.cluster is not None and live.info.id not in self._claimed:
            return  # in a cluster, bots are played from the queue by whoever claims them
        if live.bot_error is not None:  # given up until the server restarts
            return
        if players.waiting(live.info):  # an open table's bots wait for its people
            return
        seat = live.state.current_player()
        if not 0 <= seat < len(live.info.seats) or live.info.seats[seat].kind != BOT:
            return
        live.bot_task = asyncio.create_task(self._bot_move(live))

    def bot_pause(self, info: TableInfo) -> float:
        """Seconds a bot's turn takes at least at this table: the server's ``bot_delay`` scaled
        by the creator's ``bot_speed`` (:data:`BOT_SPEEDS`)."""
        return self.settings.bot_delay * BOT_SPEEDS.get(info.bot_speed, 1.0)

    async def _bot_move(self, live: LiveTable) -> None:
        """Play the bot's whole turn: every decision of the seat to move until another seat
        is to move (or the game ends). The pause is paid once, before the turn's first move,
        less the time the bot spent thinking about it; the turn's later decisions follow as
        soon as they are thought out (each is still published as it is made)."""
        failures = 0
        moves = 0
        turn_seat: int | None = None
        log_from = 0
        published = live.version
        turn_started = self.clock()
        try:
            while not self.draining:
                async with live.lock:
                    seat = live.state.current_player()
                    if live.status != PLAYING or not 0 <= seat < len(live.info.seats):
                        break
                    if live.info.seats[seat].kind != BOT:
                        break
                    if turn_seat is None:
                        turn_seat, log_from = seat, len(live.state.events)
                    elif seat != turn_seat:
                        break  # the turn is over: the next seat's turn is kicked below
                    spec = live.info.seats[seat].bot or "random"
                    version = live.version
                    job = BotJob(
                        live.info.game,
                        live.info.num_players,
                        live.info.seed,
                        live.info.options,
                        list(live.actions),
                        seat,
                        spec,
                    )
                started = time.perf_counter()
                try:
                    data = await self.bots.choose(job)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    failures += 1
                    log.warning("bot of table %s failed (%s): %s", live.info.id, spec, exc)
                    if failures > self.settings.bot_retries:
                        live.bot_error = f"the bot of seat {seat} failed: {exc}"
                        break  # published below
                    await asyncio.sleep(min(5.0, 0.2 * 2**failures))
                    continue
                if moves == 0:
                    rest = self.bot_pause(live.info) - (self.clock() - turn_started)
                    if rest > 0:
                        await self.sleep(rest)
                async with live.lock:
                    if live.version != version:
                        continue  # the table changed while the bot thought: think again
                    try:
                        action = self._resolve(live, None, data)
                        await self._commit(live, seat, action, by_bot=True)
                    except ApiError as exc:
                        if self.cluster is not None and exc.status == 409:
                            break  # another process played it (a lapsed lease): it goes on
                        failures += 1
                        log.warning("bot move refused at %s (%d)", live.info.id, exc.status)
                        if failures > self.settings.bot_retries:
                            live.bot_error = f"the bot of seat {seat} failed: {exc.message}"
                            break
                        continue
                    live.bot_error = None
                    failures = 0  # the retries are per decision
                    moves += 1
                    live.latest_bot = LatestBot(seat, moves, log_from, len(live.state.events))
                    published = live.version
                log.debug(
                    "bot %s moved at %s in %.2fs",
                    spec,
                    live.info.id,
                    time.perf_counter() - started,
                )
                await self.hub.publish(live.info.id, live.view)
        finally:
            live.bot_task = None
        if live.version != published or live.bot_error is not None:
            await self.hub.publish(live.info.id, live.view)
        if self.cluster is not None and live.info.id in self._claimed:
            seat = live.state.current_player()
            due = live.status == PLAYING and 0 <= seat < len(live.info.seats)
            if not due or live.info.seats[seat].kind != BOT or self.draining:
                self._claimed.discard(live.info.id)  # the journal dropped the job already
            if live.bot_error is not None:
                self._claimed.discard(live.info.id)
                await asyncio.to_thread(self.store.drop_bot_job, live.info.id)
            self.cluster.wake()
        self._kick(live)

    # ------------------------------------------------------------------ analysis
    def _schedule_analysis(self, live: LiveTable) -> None:
        """Start the post-game analysis of a finished table in the bot workers, unless it is
        stored or under way. The event loop only awaits it."""
        if self._closed or live.status != FINISHED:
            return
        if live.analysis is not None or live.analysis_task is not None:
            return
        live.analysis_task = asyncio.create_task(self._analyse(live))

    async def _analyse(self, live: LiveTable) -> None:
        job = AnalysisJob(
            live.info.game,
            live.info.num_players,
            live.info.seed,
            dict(live.info.options),
            list(live.actions),
        )
        started = time.perf_counter()
        try:
            try:
                result = await self.bots.analyze(job)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("the analysis of table %s failed: %s", live.info.id, exc)
                result = {"error": f"{type(exc).__name__}: {exc}"}
            try:
                await asyncio.to_thread(self.store.save_analysis, live.info.id, result, self.origin)
            except Exception:
                log.exception("the analysis of table %s cannot be stored", live.info.id)
                return
            live.analysis = result
            log.info(
                "table %s analysed in %.1fs (%s)",
                live.info.id,
                time.perf_counter() - started,
                live.analysis_status,
            )
        finally:
            live.analysis_task = None
        await self.hub.publish(live.info.id, live.view)

    def _may_start_analysis(self, live: LiveTable) -> bool:
        """Whether a request may start a finished table's missing analysis here. In a cluster
        the process that journaled the last move makes it (and notifies the others): another
        process starts it only once that one had ``ANALYSIS_GRACE`` seconds (it may have died)."""
        if self.cluster is None or live.finished_at is None:
            return True
        finished = live.finished_at
        if finished.tzinfo is None:
            finished = finished.replace(tzinfo=UTC)
        return (now() - finished).total_seconds() > ANALYSIS_GRACE

    async def analysis(self, table_id: str) -> dict[str, Any]:
        """A finished table's analysis: ``{"status", "analysis", "error"}``. Refused while the
        game is played (it would tell who is ahead, from the seed)."""
        if not auth.table_id_ok(table_id):
            raise not_found("no such table")
        live = await self.get(table_id)
        if live.status != FINISHED:
            raise conflict("the analysis is made once the game is over")
        if self._may_start_analysis(live):
            self._schedule_analysis(live)  # e.g. a table finished before a crash
        status = live.analysis_status
        data = live.analysis
        return {
            "status": status,
            "analysis": data if status == "ready" else None,
            "error": str(data["error"]) if data is not None and status == "failed" else None,
        }

    # ------------------------------------------------------------------ replays
    async def replay_json(self, table_id: str) -> dict[str, Any]:
        """The finished game's replay (the engine's format). Refused while it is played:
        seed and moves would show every secret."""
        if not auth.table_id_ok(table_id):
            raise not_found("no such table")
        live = await self.get(table_id)
        if live.status != FINISHED:
            raise conflict("the replay can be downloaded once the game is over")
        meta = {
            "table": live.info.id,
            "seats": [s.to_json() for s in live.info.seats],
            "finished_at": iso(live.finished_at),
        }
        return Replay.from_state(live.state, meta).to_json()

    async def replay_step(
        self, data: dict[str, Any], step: int, seat: int | None
    ) -> dict[str, Any]:
        """One step of an uploaded replay, as ``seat`` (None: a spectator) saw it."""
        try:
            replay = Replay.from_json(data)
            game = load_game(replay.game)
        except (ReplayError, ConfigError) as exc:
            raise bad_request(str(exc)) from None
        if not game.min_players <= replay.num_players <= game.max_players:
            raise bad_request(
                f"{game.title} is for {game.min_players}-{game.max_players} players; "
                f"the replay has {replay.num_players}"
            )
        if len(replay.actions) > game.max_game_length:
            raise bad_request(f"a {game.name} replay has at most {game.max_game_length} actions")
        last = len(replay.actions)
        if step > last:
            raise bad_request(f"step must be in 0..{last}; got {step}")
        if seat is not None and not 0 <= seat < replay.num_players:
            raise bad_request(f"seat must be empty or in 0..{replay.num_players - 1}")

        seats = replay.meta.get("seats")
        names: list[str] | None = None
        if isinstance(seats, list) and len(seats) == replay.num_players:
            names = [
                _clean_name(str(s.get("name")) if isinstance(s, dict) else str(s), f"Seat {i}")
                for i, s in enumerate(seats)
            ]

        def frame() -> dict[str, Any]:
            state = replay.play(upto=step)
            if names is not None:
                state.set_names(names)
            return frame_view(state, seat, step, last)

        try:
            payload = await asyncio.to_thread(frame)
        except (ReplayError, TabletideError) as exc:
            raise bad_request(f"the replay does not play: {exc}") from None
        payload["game"] = {"name": game.name, "title": game.title}
        payload["num_players"] = replay.num_players
        payload["names"] = names or [f"Seat {i}" for i in range(replay.num_players)]
        payload["handed_over"] = _handed_over(seats, replay.num_players)
        return payload


def _handed_over(seats: Any, num_players: int) -> list[str | None]:
    """Per seat of a replay's ``meta.seats``: why it was handed to a bot (``time`` or
    ``left``, see zombie.py), or None. Anything else in an uploaded file is ignored."""
    out: list[str | None] = [None] * num_players
    if isinstance(seats, list) and len(seats) == num_players:
        for i, seat in enumerate(seats):
            if isinstance(seat, dict) and seat.get("zombie") is True:
                out[i] = "left" if seat.get("reason") == "left" else "time"
    return out


def _effective_bots(moves: list[Move]) -> list[bool]:
    """Whether a bot made each action that the journal leaves (as ``effective_moves``)."""
    bots: list[bool] = []
    for move in moves:
        if move.kind == "act":
            bots.append(move.by_bot)
        elif move.kind == "undo" and move.steps > 0:
            del bots[-move.steps :]
    return bots
