"""The REST API: the lobby, a table's view, moves and undo, replays."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse

from tabletide.engine import TabletideError
from tabletide.web import auth
from tabletide.web.bots import bot_list
from tabletide.web.errors import bad_request, not_found, too_many
from tabletide.web.ratelimit import RateLimiter
from tabletide.web.rules import rules_json
from tabletide.web.schemas import (
    IDEMPOTENCY_KEY,
    ActionRequest,
    CreateTableRequest,
    ReplayStepRequest,
    StatusRequest,
    UndoRequest,
    ZombieRequest,
)
from tabletide.web.security import client_key
from tabletide.web.tables import TableService
from tabletide.web.zombie import LEFT, OUT_OF_TIME, hand_over

router = APIRouter(prefix="/api")


def service_of(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


def limiter_of(request: Request, name: str) -> RateLimiter:
    limiter: RateLimiter = getattr(request.app.state, name)
    return limiter


async def seat_viewer(table_id: str, request: Request) -> auth.Viewer:
    """The seat or spectator of the ``Authorization: Bearer`` token, rate limited per token."""
    token = auth.bearer_token(request.headers.get("authorization"))
    viewer = await service_of(request).authenticate(table_id, token)
    wait = limiter_of(request, "token_limiter").hit(f"token:{viewer.token_hash}")
    if wait > 0:
        raise too_many(wait)
    return viewer


Viewer = Annotated[auth.Viewer, Depends(seat_viewer)]


def idempotency_key(
    key: Annotated[str | None, Header(alias="Idempotency-Key")] = None,
) -> str | None:
    """The request's ``Idempotency-Key`` header: a repeated key (same seat, same table)
    gets the first answer and plays nothing again."""
    if key is None:
        return None
    if not re.fullmatch(IDEMPOTENCY_KEY, key):
        raise bad_request("Idempotency-Key must be 1-128 visible ASCII characters")
    return key


IdempotencyKey = Annotated[str | None, Depends(idempotency_key)]


@router.get("/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/games")
async def games(request: Request) -> dict[str, Any]:
    """The games (title, description, player counts, options) and the bot strengths."""
    return {"games": service_of(request).games(), "bots": bot_list()}


@router.get("/games/{game}/rules")
async def game_rules(game: str) -> dict[str, Any]:
    """The game's rules reference as HTML sections, with the section of every rule ID."""
    try:
        return rules_json(game)
    except TabletideError as exc:
        raise not_found(str(exc)) from None


@router.post("/tables", status_code=201)
async def create_table(body: CreateTableRequest, request: Request) -> dict[str, Any]:
    """A new table: one private link per person's seat and a spectator link."""
    wait = limiter_of(request, "create_limiter").hit(client_key(request.scope))
    if wait > 0:
        raise too_many(wait)
    return await service_of(request).create(body, request.headers.get("x-player-key"))


@router.post("/tables/status")
async def table_status(body: StatusRequest, request: Request) -> dict[str, Any]:
    """For "your tables": the state of each table, for the holder of its token."""
    return {"tables": await service_of(request).statuses(body.tables)}


@router.get("/tables/{table_id}")
async def table_view(
    viewer: Viewer,
    request: Request,
    log_since: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    text: bool = True,
) -> dict[str, Any]:
    """What the token's seat (or a spectator) sees now (``text=false``: without the text view
    when there is a picture)."""
    return await service_of(request).view(viewer, log_since, text)


@router.post("/tables/{table_id}/actions")
async def play_action(
    body: ActionRequest, viewer: Viewer, request: Request, key: IdempotencyKey
) -> dict[str, Any]:
    """Play a move for the token's seat; answered once it is stored. With an
    ``Idempotency-Key`` header, a repeat of the request is answered as the first and plays
    nothing."""
    service = service_of(request)
    answer = await service.act(viewer, body.index, body.action, body.version, key=key)
    return {**answer, "view": await service.view(viewer)}


@router.post("/tables/{table_id}/undo")
async def undo(
    body: UndoRequest, viewer: Viewer, request: Request, key: IdempotencyKey
) -> dict[str, Any]:
    """Take back the seat's latest moves of its turn, as far as ``undo.depth`` allows
    (``Idempotency-Key`` as for a move)."""
    service = service_of(request)
    answer = await service.undo(viewer, body.steps, body.version, key=key)
    return {**answer, "view": await service.view(viewer)}


@router.post("/tables/{table_id}/hint")
async def table_hint(viewer: Viewer, request: Request) -> dict[str, Any]:
    """What the ``hard`` bot would do in the seat's position: its top three options and how it
    rates them, worked out from what the seat may know only (unless the table has hints off)."""
    return await service_of(request).hint(viewer)


@router.post("/tables/{table_id}/zombie")
async def zombie_seat(body: ZombieRequest, viewer: Viewer, request: Request) -> dict[str, Any]:
    """Hand a person's seat that is out of time to a ``medium`` bot (any other person at the
    table may): ``{"seat": S}`` → ``{ok, version, seat, view}``; 409 while it has time left."""
    service = service_of(request)
    answer = await hand_over(service, viewer, body.seat, OUT_OF_TIME)
    return {**answer, "view": await service.view(viewer)}


@router.post("/tables/{table_id}/leave")
async def leave_table(viewer: Viewer, request: Request) -> dict[str, Any]:
    """Leave the table: a bot plays the token's seat from now on, under its name."""
    service = service_of(request)
    seat = -1 if viewer.seat is None else viewer.seat
    answer = await hand_over(service, viewer, seat, LEFT)
    return {**answer, "view": await service.view(viewer)}


@router.get("/tables/{table_id}/replay")
async def download_replay(table_id: str, request: Request) -> JSONResponse:
    """The finished game as a replay file (the engine's JSON format)."""
    replay = await service_of(request).replay_json(table_id)
    name = f"tabletide-{replay['game']}-{table_id}.json"
    return JSONResponse(replay, headers={"content-disposition": f'attachment; filename="{name}"'})


@router.get("/tables/{table_id}/analysis")
async def table_analysis(table_id: str, request: Request) -> dict[str, Any]:
    """A finished game's analysis (each seat's chance of winning after every decision, the key
    moments): ``{"status": "pending"|"ready"|"failed", "analysis", "error"}``. Like the replay,
    it needs no token once the game is over."""
    return await service_of(request).analysis(table_id)


@router.post("/replays/step")
async def replay_step(body: ReplayStepRequest, request: Request) -> dict[str, Any]:
    """One step of a replay (uploaded, or downloaded from a finished table) as a seat saw it."""
    return await service_of(request).replay_step(body.replay, body.step, body.seat)
