"""The FastAPI application: REST API, WebSocket, pages and static files, middleware."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from tabletide.web import api, api_players, chat, pages, ws
from tabletide.web.bots import BotPool
from tabletide.web.db import DatabaseLock, make_engine
from tabletide.web.errors import ApiError
from tabletide.web.hub import Hub
from tabletide.web.ratelimit import RateLimiter
from tabletide.web.schemas import describe_errors
from tabletide.web.security import BodyLimit, ClientRateLimit, SecurityHeaders
from tabletide.web.serving import install_drain
from tabletide.web.settings import WebSettings
from tabletide.web.store import Store
from tabletide.web.tables import TableService

log = logging.getLogger("tabletide.web")

UPLOAD_PATHS = ("/api/replays/",)
HEALTH_TIMEOUT = 2.0


def create_app(settings: WebSettings | None = None) -> FastAPI:
    """The web app for ``settings`` (the database is opened, and its schema created, now;
    the bots' process pool starts with the first bot move). A SQLite file is locked for the
    app's life (:class:`~tabletide.web.db.DatabaseLock`).

    :raises DatabaseInUse: another server holds the SQLite file.
    """
    settings = settings or WebSettings()
    lock = DatabaseLock.for_url(settings.database_url)
    if lock is not None:
        lock.acquire()  # DatabaseInUse: another server has this SQLite file
    try:
        store = Store(make_engine(settings.database_url))
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    hub = Hub()
    service = TableService(settings, store, BotPool(settings.bot_workers), hub)
    chat_service = chat.ChatService(settings, store.engine, service)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        install_drain(service)  # SIGTERM: finish moves, close WebSockets with a reason
        try:
            yield
        finally:
            await chat_service.close()
            await service.close()
            store.close()
            if lock is not None:
                lock.release()

    app = FastAPI(
        title="tabletide",
        summary="Play tabletide's board games in the browser.",
        lifespan=lifespan,
        docs_url=None,  # the interactive docs load scripts from a CDN, which the CSP forbids
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.settings = settings
    app.state.store = store
    app.state.service = service
    app.state.chat = chat_service
    app.state.client_limiter = RateLimiter(settings.client_rate, settings.client_burst)
    app.state.token_limiter = RateLimiter(settings.token_rate, settings.token_burst)
    app.state.create_limiter = RateLimiter(settings.create_rate, settings.create_burst)
    app.state.websockets = ws.SocketCounter()

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        headers = {}
        if exc.retry_after is not None:
            headers["retry-after"] = str(max(1, round(exc.retry_after)))
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return JSONResponse(
                {"error": "the body is not valid JSON", "status": 400}, status_code=400
            )
        return JSONResponse(
            {"error": f"invalid request: {describe_errors(errors)}", "status": 422},
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc.detail), "status": exc.status_code},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        """For a load balancer: 200 when this process takes work (the database answers, and
        with PostgreSQL it listens for other processes' moves), 503 while it shuts down or
        when the database does not answer within 2 s."""
        if service.draining:
            return JSONResponse({"status": "draining"}, status_code=503)
        try:
            await asyncio.wait_for(asyncio.to_thread(store.ping), HEALTH_TIMEOUT)
        except Exception as exc:
            reason = "timed out" if isinstance(exc, TimeoutError) else type(exc).__name__
            return JSONResponse({"status": "unavailable", "database": reason}, status_code=503)
        body = {"status": "ok", "database": "ok"}
        if service.cluster is not None:
            listening = service.cluster.listening.is_set()
            body["listening"] = "ok" if listening else "reconnecting"
            if not listening:
                return JSONResponse({**body, "status": "unavailable"}, status_code=503)
        return JSONResponse(body)

    app.include_router(api.router)
    app.include_router(api_players.router)
    app.include_router(ws.router)
    app.include_router(chat.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")

    def body_limit(path: str) -> int:
        if path.startswith(UPLOAD_PATHS):
            return settings.max_upload
        return settings.max_body

    # Added innermost first: rate limit, then size limit, then the headers on everything.
    app.add_middleware(ClientRateLimit, limiter=app.state.client_limiter)
    app.add_middleware(BodyLimit, limit_for=body_limit)
    app.add_middleware(SecurityHeaders)
    return app
