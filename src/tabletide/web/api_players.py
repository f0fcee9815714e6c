"""The REST routes of players, open tables, rematches and ratings (issue 25; the logic is in
``players.py`` and ``ratings.py``). A player key travels in the ``X-Player-Key`` header."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request

from tabletide.web import players, ratings
from tabletide.web.api import Viewer, limiter_of, service_of
from tabletide.web.errors import not_found, too_many
from tabletide.web.schemas import PlayerRequest
from tabletide.web.security import client_key

router = APIRouter(prefix="/api")

PlayerKey = Annotated[str | None, Header(alias=players.KEY_HEADER)]


@router.put("/players/me")
async def put_me(body: PlayerRequest, request: Request, key: PlayerKey = None) -> dict[str, Any]:
    """Register the player key (or rename its player)."""
    player = players.check_key(key)
    name = players.clean_name(body.name)
    service = service_of(request)
    answer = await asyncio.to_thread(players.players_of(service).register, player, name)
    answer["ratings"] = await asyncio.to_thread(ratings.of_player, service.store, player)
    return answer


@router.get("/players/me")
async def get_me(request: Request, key: PlayerKey = None) -> dict[str, Any]:
    """The player's name and ratings; 404 for a key never registered."""
    player = players.check_key(key)
    service = service_of(request)
    name = await asyncio.to_thread(players.players_of(service).name_of, player)
    if name is None:
        raise not_found("unknown player: register the key first (PUT /api/players/me)")
    return {
        "name": name,
        "ratings": await asyncio.to_thread(ratings.of_player, service.store, player),
    }


@router.get("/players/me/tables")
async def my_tables(request: Request, key: PlayerKey = None) -> dict[str, Any]:
    """The player's tables: game, seats, status, whose turn, "your turn", last change."""
    return await players.my_tables(service_of(request), key)


@router.get("/open-tables")
async def open_tables(request: Request) -> dict[str, Any]:
    """The tables listed in the lobby with a free seat (no tokens, no keys)."""
    return await players.open_tables(service_of(request))


@router.post("/tables/{table_id}/join")
async def join_table(table_id: str, request: Request, key: PlayerKey = None) -> dict[str, Any]:
    """Take the first free seat of an open table: its link (the only copy of its token)."""
    wait = limiter_of(request, "create_limiter").hit(client_key(request.scope))
    if wait > 0:
        raise too_many(wait)
    return await players.join(service_of(request), table_id, key)


@router.post("/tables/{table_id}/rematch")
async def rematch(viewer: Viewer, request: Request) -> dict[str, Any]:
    """The rematch of a finished table (made by the first seated person to ask), and the
    asker's seat in it with a fresh token."""
    return await players.rematch(service_of(request), viewer)


@router.get("/ratings")
async def top_ratings(
    request: Request, game: Annotated[str, Query(max_length=64)], key: PlayerKey = None
) -> dict[str, Any]:
    """The best 50 players of a game (name, ordinal rounded, games)."""
    ratings.check_game(game)
    player = players.check_key(key) if key else None
    service = service_of(request)
    top = await asyncio.to_thread(ratings.top, service.store, game, player)
    return {"game": game, "ratings": top}
