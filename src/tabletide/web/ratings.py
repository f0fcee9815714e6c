"""Ratings per player and game: openskill's Plackett-Luce model (as ``tabletide tournament``
rates bots: :mod:`tabletide.sim.tournament`), updated once per finished table.

A finished table is rated when at least two of its seats are bound to (distinct) players.
Only the people count: their places among themselves, from the game's final ranking
(``state.returns()``: score, then the game's tie-breaks; equal places tie), so a game with
bots rates the people by who finished ahead of whom and the bots are left out. One row per
rated table in ``tt_rated_tables`` (its primary key) makes the update happen once, whichever
process finishes the table and however often it is asked; the rating rows are read ``FOR
UPDATE`` (PostgreSQL) so two tables finishing at once do not lose an update, and a clash on a
new rating row retries the whole transaction. A server that starts rates the finished tables
that missed it (their process died first).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tabletide.engine import list_games
from tabletide.sim.backends import ranks_from_returns
from tabletide.sim.tournament import Rating
from tabletide.web.db import PlayerRow, RatedTableRow, RatingRow, SeatPlayerRow, TableRow
from tabletide.web.errors import bad_request
from tabletide.web.store import FINISHED, Store, now

if TYPE_CHECKING:
    from tabletide.web.tables import LiveTable, TableService

log = logging.getLogger("tabletide.web")

TOP = 50


def rate_table(store: Store, table_id: str, game: str, returns: list[float]) -> bool:
    """Update the ratings of a finished table's people; False when there is nothing to rate
    (fewer than two people bound to players) or the table was rated already."""
    for _ in range(3):
        try:
            with Session(store.engine) as session, session.begin():
                bound = session.execute(
                    select(SeatPlayerRow.seat, SeatPlayerRow.player_hash)
                    .where(SeatPlayerRow.table_id == table_id)
                    .order_by(SeatPlayerRow.seat)
                ).all()
                if len(bound) < 2:
                    return False
                if session.get(RatedTableRow, table_id) is not None:
                    return False
                session.add(RatedTableRow(table_id=table_id, rated_at=now()))
                session.flush()  # a second rater stops here (primary key)
                places = ranks_from_returns(returns)
                model = PlackettLuce()
                rows: list[RatingRow] = []
                for _seat, player in bound:
                    row = session.scalar(
                        select(RatingRow)
                        .where(RatingRow.player_hash == player, RatingRow.game == game)
                        .with_for_update()
                    )
                    if row is None:
                        row = RatingRow(
                            player_hash=player, game=game, mu=model.mu, sigma=model.sigma, games=0
                        )
                        session.add(row)
                    rows.append(row)
                teams = [[model.rating(mu=row.mu, sigma=row.sigma)] for row in rows]
                updated = model.rate(teams, ranks=[places[seat] for seat, _ in bound])
                for row, team in zip(rows, updated, strict=True):
                    row.mu = float(team[0].mu)
                    row.sigma = float(team[0].sigma)
                    row.games += 1
                session.flush()
            return True
        except IntegrityError:
            with Session(store.engine) as session:
                if session.get(RatedTableRow, table_id) is not None:
                    return False  # another process rated it
            continue  # a new rating row clashed with another table's: again
    log.warning("the ratings of table %s could not be updated", table_id)
    return False


def schedule(service: TableService, live: LiveTable) -> None:
    """A table just finished: rate it in the background (a failure is logged; the game's
    end is not held up)."""
    returns = list(live.state.returns())

    async def work() -> None:
        try:
            done = await asyncio.to_thread(
                rate_table, service.store, live.info.id, live.info.game, returns
            )
            if done:
                log.info("table %s rated", live.info.id)
        except Exception:
            log.exception("the ratings of table %s failed", live.info.id)

    service._spawn(work())


def unrated(store: Store) -> list[str]:
    """Finished tables with two or more seats bound to players and no rating yet (their
    process died before rating them), the oldest first."""
    with Session(store.engine) as session:
        rows = session.execute(
            select(SeatPlayerRow.table_id)
            .join(TableRow, TableRow.id == SeatPlayerRow.table_id)
            .outerjoin(RatedTableRow, RatedTableRow.table_id == SeatPlayerRow.table_id)
            .where(TableRow.status == FINISHED, RatedTableRow.table_id.is_(None))
            .group_by(SeatPlayerRow.table_id, TableRow.finished_at)
            .having(func.count() >= 2)
            .order_by(TableRow.finished_at)
            .limit(1000)
        ).all()
    return [str(table_id) for (table_id,) in rows]


async def resume(service: TableService) -> None:
    """On start: rate the finished tables that missed it (idempotent: a table another
    process rates meanwhile is rated once)."""
    for table_id in await asyncio.to_thread(unrated, service.store):
        try:
            live = await service.get(table_id)
            returns = list(live.state.returns())
            await asyncio.to_thread(rate_table, service.store, table_id, live.info.game, returns)
        except Exception:
            log.exception("the ratings of table %s failed", table_id)


def top(store: Store, game: str, player: str | None = None) -> list[dict[str, Any]]:
    """The best ``TOP`` players of a game by ordinal (mu - 3 sigma): name, ordinal, games,
    and whether it is the asking player (``you``). No keys or hashes."""
    with Session(store.engine) as session:
        rows = session.execute(
            select(RatingRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.key_hash == RatingRow.player_hash)
            .where(RatingRow.game == game)
            .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc())
            .limit(TOP)
        ).all()
    return [
        {
            "rank": k + 1,
            "name": name,
            "ordinal": round(Rating(row.mu, row.sigma).ordinal),
            "games": row.games,
            "you": player is not None and row.player_hash == player,
        }
        for k, (row, name) in enumerate(rows)
    ]


def of_player(store: Store, player: str) -> list[dict[str, Any]]:
    """A player's ratings, one per game played."""
    with Session(store.engine) as session:
        rows = session.scalars(select(RatingRow).where(RatingRow.player_hash == player)).all()
    return [
        {"game": row.game, "ordinal": round(Rating(row.mu, row.sigma).ordinal), "games": row.games}
        for row in rows
    ]


def check_game(game: str) -> str:
    if game not in list_games():
        raise bad_request(f"unknown game {game!r}; games: {', '.join(list_games())}")
    return game
