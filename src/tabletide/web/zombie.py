"""Zombie seats: a person's seat handed to a bot so that the game can finish.

Board Game Arena's habit: when a person runs out of time, any other person at the table may
hand the seat to a bot; a person who leaves hands it over at once. The seat then plays as a
``medium`` bot to the end, under its person's name, and the table records it:

* the seat's JSON in ``tt_tables.seats`` becomes ``{"kind": "bot", "bot": "medium", "name":
  ..., "zombie": true, "zombie_since": V, "by": S, "reason": "time"|"left"}``;
* the journal gets a row ``kind="zombie"`` (version V) for the seat, in the same transaction
  (``Store.append``): it changes no action, moves the version (so every client looks again),
  queues the bot on PostgreSQL and notifies the other processes like a move. The moves made
  before V stay the person's (``by_bot`` false); the bot's moves from V on are the bot's.

The bot thinks through the existing path (``TableService._kick`` / ``_bot_move``, or the
PostgreSQL queue), on the seat's own determinization only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tabletide.web import auth
from tabletide.web import clock as clocks
from tabletide.web.errors import bad_request, conflict, forbidden
from tabletide.web.store import (
    BOT,
    HUMAN,
    PLAYING,
    ZOMBIE,
    Entry,
    Move,
    SeatInfo,
    VersionConflict,
)

if TYPE_CHECKING:
    from tabletide.web.tables import TableService

ZOMBIE_BOT = "medium"
"""The strength of the bot that plays a handed-over seat."""
OUT_OF_TIME = "time"
LEFT = "left"


async def hand_over(
    service: TableService, viewer: auth.Viewer, seat: int, reason: str
) -> dict[str, Any]:
    """Hand ``seat`` to a bot: ``reason`` ``time`` (asked by another person at the table,
    allowed once the seat is out of time) or ``left`` (the seat's own person leaves).

    :raises ApiError: 403 for a spectator or a seat already played by a bot, 400 for a seat
        that does not exist, 409 when the hand-over is not allowed now.
    """
    live = await service.get(viewer.table_id)
    async with live.lock:
        if viewer.seat is None:
            raise forbidden(
                "spectators cannot hand a seat to a bot; open the table with a seat's link"
            )
        if live.info.seats[viewer.seat].kind != HUMAN:
            raise forbidden("a bot plays your seat now")
        if not 0 <= seat < len(live.info.seats):
            raise bad_request(f"seat must be in 0..{len(live.info.seats) - 1}")
        if live.status != PLAYING:
            raise conflict("the game is over")
        target = live.info.seats[seat]
        if reason == OUT_OF_TIME:
            if seat == viewer.seat:
                raise conflict("to hand your own seat to a bot, leave the table")
            if target.kind != HUMAN:
                raise conflict(f"{target.name} is already played by a bot")
            if live.info.time_control is None:
                raise conflict(
                    "this table has no clock: a seat is handed over when its person leaves"
                )
            if not clocks.out_of_time(live.clock, seat, live.wall()):
                raise conflict(f"{target.name} still has time left")
        version = live.version + 1
        seats = list(live.info.seats)
        seats[seat] = SeatInfo(
            BOT,
            ZOMBIE_BOT,
            target.name,
            zombie_since=version,
            zombie_by=viewer.seat,
            zombie_reason=reason,
            zombie_log=len(live.state.events),
        )
        to_move = live.state.current_player()
        clock = None
        if live.clock is not None:
            clock = clocks.drop(live.clock, seat, to_move, live.wall())
        bot_next = 0 <= to_move < len(seats) and seats[to_move].kind == BOT
        try:
            await service.journal.append(
                Entry(
                    live.info.id,
                    Move(seq=version, kind=ZOMBIE, seat=seat),
                    to_move,
                    bot_next=bot_next,
                    origin=service.origin,
                    clock=clock,
                    seats=seats,
                )
            )
        except VersionConflict:
            service._changed_elsewhere(live)
            raise conflict("the table was changed elsewhere; look again") from None
        live.info = replace(live.info, seats=tuple(seats))
        live.version = version
        live.clock = clock
    await service._changed(live)
    return {"ok": True, "version": version, "seat": seat}
