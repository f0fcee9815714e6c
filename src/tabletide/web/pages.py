"""The browser client's pages (static files: no build step, no CDN)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/replay", include_in_schema=False)
async def replay() -> FileResponse:
    return FileResponse(STATIC / "replay.html")


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> FileResponse:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")
