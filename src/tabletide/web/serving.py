"""Running the app: one process, or ``--workers N`` uvicorn worker processes sharing one
listening socket, and the graceful shutdown on SIGTERM/SIGINT.

Why uvicorn's own workers (``uvicorn.Config(workers=N)``) and not N ``serve`` processes on
``SO_REUSEPORT``: the supervisor binds the port once and hands the socket to N spawned
workers (the kernel spreads the connections), replaces a worker that dies, and forwards
SIGTERM to each, so one command and one pid manage the lot. Each worker is an ordinary
``create_app`` process: nothing is shared between them but the PostgreSQL database (moves
are serialized by the journal's conditional version update, live updates come through
``LISTEN/NOTIFY``, bot turns through the ``tt_bot_jobs`` queue). Serving more machines is
the same thing: more ``serve`` processes on the same database.

**Graceful shutdown.** uvicorn, on SIGTERM, closes the WebSockets at once (code 1012, no
reason) and then waits for HTTP requests. Before it does, the app drains itself
(:meth:`TableService.drain`): ``/healthz`` answers 503 (a proxy stops sending new clients),
new moves are refused with 503, moves already being journaled finish and are pushed, the bot
turns this process holds are handed back to the queue, and every WebSocket is closed with
code 1012 and the reason ``server restarting: reconnect``. Only then is uvicorn's own
handler called. A second signal skips the wait.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import threading
from dataclasses import asdict
from types import FrameType
from typing import Any

from fastapi import FastAPI

from tabletide.web import gcpace
from tabletide.web.settings import WebSettings

log = logging.getLogger("tabletide.web")

SETTINGS_ENV = "TABLETIDE_WEB_SETTINGS"
"""The settings of ``--workers N`` (JSON of :class:`WebSettings`), read by each worker."""
DRAIN_SECONDS = 10.0
"""How long a shutdown waits for moves under way before closing the WebSockets anyway."""


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def app_from_env() -> FastAPI:
    """The app of a ``--workers N`` worker (uvicorn calls this factory in each process)."""
    from tabletide.web.app import create_app

    data = json.loads(os.environ[SETTINGS_ENV])
    app = create_app(WebSettings(**data))
    gcpace.pace()  # issue 26: the collector's pace for a server (gcpace.py)
    return app


def prepare(settings: WebSettings, workers: int) -> FastAPI | None:
    """Open the database now, so that a bad URL or a SQLite file in use is one line before
    anything listens. One worker: the app itself. More: the schema is created here once (the
    workers do not race to create it) and each worker makes its own app."""
    if workers == 1:
        from tabletide.web.app import create_app

        app = create_app(settings)
        gcpace.pace()  # issue 26: the collector's pace for a server (gcpace.py)
        return app
    from tabletide.web.db import make_engine

    make_engine(settings.database_url).dispose()
    return None


def run(
    app: FastAPI | None,
    settings: WebSettings,
    *,
    host: str,
    port: int,
    workers: int,
    proxy_headers: bool,
    forwarded_allow_ips: str,
) -> None:
    """Serve until stopped: ``app`` in this process, or (``app`` None) uvicorn's supervisor
    and ``workers`` spawned processes, each with its own app (PostgreSQL only: the caller
    checks)."""
    import uvicorn

    common: dict[str, Any] = {
        "host": host,
        "port": port,
        "proxy_headers": proxy_headers,
        "forwarded_allow_ips": forwarded_allow_ips,
        "log_level": "info",
    }
    if app is not None:
        uvicorn.run(app, **common)
        return
    os.environ[SETTINGS_ENV] = json.dumps(asdict(settings))
    uvicorn.run("tabletide.web.serving:app_from_env", factory=True, workers=workers, **common)


def install_drain(service: Any) -> None:
    """Put the app's drain in front of uvicorn's SIGTERM/SIGINT handlers (called from the
    lifespan, after uvicorn installed them; only in the main thread, so not under a test
    client)."""
    if threading.current_thread() is not threading.main_thread():
        return
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(sig)
        if not callable(previous):
            continue
        signal.signal(sig, _drain_then(service, loop, previous))


def _drain_then(service: Any, loop: asyncio.AbstractEventLoop, previous: Any) -> Any:
    started: list[asyncio.Task[None]] = []

    def forward(sig: int, frame: FrameType | None) -> None:
        previous(sig, frame)

    async def drain_and_forward(sig: int) -> None:
        try:
            await service.drain(DRAIN_SECONDS)
        except Exception:
            log.exception("draining failed")
        forward(sig, None)

    def handler(sig: int, frame: FrameType | None) -> None:
        if started:  # a second signal: stop now
            forward(sig, frame)
            return

        def begin() -> None:
            started.append(loop.create_task(drain_and_forward(sig)))

        loop.call_soon_threadsafe(begin)

    return handler
