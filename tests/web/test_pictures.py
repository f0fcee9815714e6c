"""Board pictures drawn in worker processes (``web/pictures.py``): the pushed views carry the
very picture the event loop would have drawn from the same observation, the workers draw
them, and a worker that dies costs no picture (it is started again)."""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tabletide.engine import load_game
from tabletide.web.app import create_app
from tabletide.web.hub import Connection
from tabletide.web.pictures import PicturePool, draw_board
from tabletide.web.schemas import CreateTableRequest

from .helpers import run, web_settings

GAMES = ["shipyard", "tiny_epic_pirates", "maracaibo", "empires_north", "ahoy"]


class Socket:
    """Keeps what it is sent, parsed."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_json(self, data: Any, mode: str = "text") -> None:
        self.messages.append(json.loads(json.dumps(data)))

    async def send_text(self, data: str) -> None:
        self.messages.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


async def ready(pool: PicturePool) -> None:
    """Start every worker and wait until it says it is ready (a picture asked for before is
    drawn here)."""
    for _ in range(600):
        for k, worker in enumerate(pool._processes):
            if worker is None or not worker.alive:
                pool._start(k)  # at most every RESTART_SECONDS
        workers = pool._processes
        if all(w is not None and w.ready for w in workers):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the picture workers did not start")


async def play(moves: int, kill_after: int | None = None) -> tuple[list[dict[str, Any]], int]:
    """Two people at each game, every seat and a spectator watching; random moves. Returns
    every pushed view and how many pictures the workers drew."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = web_settings(Path(tmp) / "p.sqlite3", picture_workers=2)
        app = create_app(settings)
        service = app.state.service
        pool = service.pictures
        await ready(pool)
        sockets: list[Socket] = []
        rng = random.Random(5)
        tables = []
        for game in GAMES:
            request = CreateTableRequest.model_validate(
                {
                    "game": game,
                    "seats": [{"kind": "human"}, {"kind": "human"}],
                    "seed": 7,
                }
            )
            created = await service.create(request)
            table_id = created["table"]["id"]
            viewers = {
                link["seat"]: await service.authenticate(table_id, link["token"])
                for link in created["links"]["seats"]
            }
            spectator = await service.authenticate(table_id, created["links"]["spectator"]["token"])
            for viewer in [*viewers.values(), spectator]:
                socket = Socket()
                sockets.append(socket)
                conn = Connection(socket, table_id, viewer.seat, viewer.token_hash, text=False)
                service.hub.add(conn)
            tables.append((table_id, viewers))
        try:
            for step in range(moves):
                if step == kill_after:
                    for worker in pool._processes:
                        assert worker is not None
                        worker.process.kill()
                        await worker.process.wait()
                if kill_after is not None and step == kill_after + 2:
                    await ready(pool)  # started again
                for table_id, viewers in tables:
                    live = await service.get(table_id)
                    if live.state.is_terminal():
                        continue
                    seat = live.state.current_player()
                    choice = rng.randrange(len(live.state.legal_actions()))
                    await service.act(viewers[seat], choice, None, live.version)
        finally:
            workers = [w for w in pool._processes if w is not None]
            await service.close()
        assert all(w.process.returncode is not None for w in workers), "closed with the app"
        return [m for s in sockets for m in s.messages if m["type"] == "state"], pool.drawn


def test_pushed_pictures_are_the_ones_the_event_loop_would_draw() -> None:
    views, drawn = run(play(12))
    assert len(views) == 5 * 3 * 12  # every move pushed to 2 seats and a spectator
    assert drawn == len(views), "each pushed picture was drawn by a worker"
    for view in views:
        game = load_game(view["observation"]["game"])
        assert view["board"]["svg"] == draw_board(game, view["observation"])
        assert view["board"]["svg"].startswith("<svg")


def test_a_killed_worker_costs_no_picture() -> None:
    views, drawn = run(play(8, kill_after=3))
    assert len(views) == 5 * 3 * 8
    assert 5 * 3 * 3 < drawn < len(views), "drawn by the workers before and after, not between"
    for view in views:
        game = load_game(view["observation"]["game"])
        assert view["board"]["svg"] == draw_board(game, view["observation"])


@pytest.mark.parametrize("workers", [-1, "x"])
def test_serve_refuses_a_bad_number_of_picture_workers(workers: object) -> None:
    from typer.testing import CliRunner

    from tabletide.cli import app

    result = CliRunner().invoke(app, ["serve", "--picture-workers", str(workers)])
    assert result.exit_code == 2


def test_a_worker_that_keeps_dying_is_not_started_for_every_picture() -> None:
    async def main() -> list[object]:
        pool = PicturePool(1)
        pool._start(0)
        first = pool._starting[0]
        assert first is not None
        await first
        worker = pool._processes[0]
        assert worker is not None
        worker.process.kill()
        await worker.process.wait()
        pool._start(0)  # too soon after the last start: not again
        again = pool._starting[0]
        await pool.close()
        return [first, again]

    first, again = run(main())
    assert again is first


def test_a_closed_pool_draws_here_and_starts_nothing() -> None:
    from tabletide.web.hub import EncodedView

    state = load_game("shipyard").new_state(2, 1)
    view = EncodedView.of(state.observation(0))

    async def main() -> tuple[str | None, list[object]]:
        pool = PicturePool(2)
        await pool.close()
        picture = await pool.draw("t1", "shipyard", view)
        return picture, [*pool._starting, *pool._processes]

    picture, started = run(main())
    assert picture == draw_board(load_game("shipyard"), view)
    assert started == [None] * 4
