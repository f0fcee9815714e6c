"""The browser client's pages (static files: no build step, no CDN)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from tabletide.web.errors import not_found
from tabletide.web.rules import image_path

STATIC = Path(__file__).parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/me", include_in_schema=False)
async def me() -> FileResponse:
    """Takes a player key from the link's fragment (``/me#key=...``): another device."""
    return FileResponse(STATIC / "me.html")


@router.get("/replay", include_in_schema=False)
async def replay() -> FileResponse:
    return FileResponse(STATIC / "replay.html")


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> FileResponse:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


@router.get("/rules/{game}", include_in_schema=False)
async def rules_page(game: str) -> FileResponse:
    """A game's whole rules reference, to read away from a table."""
    return FileResponse(STATIC / "rules.html")


@router.get("/rules/{game}/img/{name}", include_in_schema=False)
async def rules_image(game: str, name: str) -> FileResponse:
    """A picture of a rules reference (``docs/rules/img/``)."""
    path = image_path(game, name)
    if path is None:
        raise not_found(f"no picture {name!r}")
    return FileResponse(path, media_type="image/svg+xml")
