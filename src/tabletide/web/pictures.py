"""Board pictures drawn in worker processes, off the event loop.

A move is pushed to every group of a table's WebSockets (the seat that moved, the others, the
spectators), and each group's view carries the board picture drawn from its observation
(``game.render_svg(view)``). Drawing was about 40% of the event loop's CPU at 100 busy tables
(``docs/benchmarks.md``): one core served every table. A picture is a function of the
observation alone (a picture reads the view, never the state), so a worker process can draw
it from the observation's JSON text, which the view has written anyway
(:class:`~tabletide.web.hub.EncodedView`), and send back the SVG with its JSON text.

:class:`PicturePool` keeps ``picture_workers`` such processes (``tabletide serve`` starts two;
0, the app's default, draws on the event loop as before). A worker reads requests on its
standard input and answers on its standard output; the event loop writes and reads those pipes
itself (no thread in the server: a thread would wait for the interpreter lock the event loop
holds). Before a push the hub asks for the pictures of the groups it is about to serve
(``Hub.before_views``): they are drawn while the event loop serves other tables, and kept with
the position (``LiveTable.draw_pictures``). A view built without one (a request, a reconnect,
a position that moved on meanwhile) draws its own, as before; so does a picture asked for
while its worker is starting or after it died (it is started again). A worker exits when the
server closes its pipe, or dies.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import struct
import sys
import time
import zlib
from collections.abc import Mapping
from typing import Any, BinaryIO

import orjson

from tabletide.engine import Game, load_game
from tabletide.svg import Picture
from tabletide.web.hub import EncodedView, dumps

log = logging.getLogger("tabletide.web")

_ASK = struct.Struct("!II")
"""A request's head: its number and the length of ``game\\nobservation`` (UTF-8) after it."""
_ANSWER = struct.Struct("!IiI")
"""An answer's head: the request's number, the SVG's length (-1: no picture) and its JSON's."""
_READY = b"ready\n"
RESTART_SECONDS = 5.0
"""A worker is started at most this often (one that dies at once is not started again for
every picture; the pictures are drawn on the event loop meanwhile)."""
PIPE_SIZE = 1 << 20
"""Bytes a worker's pipes hold (Linux's largest by default, ``/proc/sys/fs/pipe-max-size``)."""


def draw_board(game: Game, view: Mapping[str, Any]) -> str | None:
    """The game's board picture for ``view``, or None if the game has none (yet)."""
    try:
        return game.render_svg(view)
    except NotImplementedError:
        return None
    except Exception:  # a broken picture must not stop the game: the page falls back to text
        log.exception("render_svg failed for %s", game.name)
        return None


def draw(game: str, observation: str) -> tuple[str, str] | None:
    """The picture of the view whose JSON text is ``observation``, as its SVG text and that
    text's JSON; None without a picture."""
    picture = draw_board(load_game(game), orjson.loads(observation))
    if picture is None:
        return None
    written = picture.json() if isinstance(picture, Picture) else dumps(picture)
    return str(picture), written


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """A worker's loop: answer each request until the server closes the pipe."""
    from tabletide.web import gcpace

    gcpace.pace()  # the same allocations as the server's views: the same pace
    for pipe in (requests, answers):
        # An answer (about 100 KiB) fits the pipe at once: with Linux's 64 KiB the worker
        # waited, mid-answer, for the event loop to read, instead of drawing the next picture.
        with contextlib.suppress(OSError, AttributeError, ValueError):
            fcntl.fcntl(pipe.fileno(), fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    answers.write(_READY)
    answers.flush()
    while True:
        head = requests.read(_ASK.size)
        if len(head) < _ASK.size:
            return
        number, size = _ASK.unpack(head)
        game, _, observation = requests.read(size).decode().partition("\n")
        drawn = draw(game, observation)
        if drawn is None:
            answers.write(_ANSWER.pack(number, -1, 0))
        else:
            svg, text = drawn[0].encode(), drawn[1].encode()
            answers.write(_ANSWER.pack(number, len(svg), len(text)) + svg + text)
        answers.flush()


class _Worker:
    """One worker process and the requests it has not answered yet."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.ready = False
        self.waiting: dict[int, asyncio.Future[str | None]] = {}
        self.reader = asyncio.create_task(self._read())

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and not self.reader.done()

    async def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        try:
            if await out.readline() != _READY:
                return
            self.ready = True
            while True:
                number, svg_size, text_size = _ANSWER.unpack(await out.readexactly(_ANSWER.size))
                picture: str | None = None
                if svg_size >= 0:
                    body = await out.readexactly(svg_size + text_size)
                    picture = Picture.written(body[:svg_size].decode(), body[svg_size:].decode())
                future = self.waiting.pop(number, None)
                if future is not None and not future.done():
                    future.set_result(picture)
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            self.ready = False
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("the picture worker stopped"))
            self.waiting.clear()

    async def draw(self, number: int, game: str, view: EncodedView) -> str | None:
        stdin = self.process.stdin
        assert stdin is not None
        future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self.waiting[number] = future
        payload = f"{game}\n{view.text}".encode()
        stdin.write(_ASK.pack(number, len(payload)) + payload)
        await stdin.drain()
        return await future

    async def stop(self) -> None:
        stdin = self.process.stdin
        if stdin is not None:
            stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 5)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reader


class PicturePool:
    """``workers`` picture processes (none: :attr:`enabled` is False). A table's pictures go
    to one worker (by its id), whose memos of the parts of its pictures then serve it."""

    def __init__(self, workers: int) -> None:
        self.workers = max(0, workers)
        self._processes: list[_Worker | None] = [None] * self.workers
        self._starting: list[asyncio.Task[None] | None] = [None] * self.workers
        self._started_at = [-RESTART_SECONDS] * self.workers
        self._number = 0
        self._closed = False
        self.drawn = 0
        """Pictures the workers drew (the tests see it)."""

    @property
    def enabled(self) -> bool:
        return self.workers > 0

    async def draw(self, table_id: str, game: str, view: EncodedView) -> str | None:
        """The picture of ``view`` (an observation of ``game``): drawn by the table's worker,
        or here while that worker is not ready."""
        k = zlib.crc32(table_id.encode()) % self.workers
        worker = self._processes[k]
        if self._closed:
            pass  # shutting down: no worker is started again
        elif worker is None or not worker.alive:
            self._start(k)
        elif worker.ready:
            self._number += 1
            try:
                picture = await worker.draw(self._number, game, view)
            except (ConnectionError, OSError):
                log.warning("a picture worker stopped; it is started again")
            else:
                self.drawn += 1
                return picture
        return draw_board(load_game(game), view)

    def _start(self, k: int) -> None:
        task = self._starting[k]
        if task is not None and not task.done():
            return
        now = time.monotonic()
        if now - self._started_at[k] < RESTART_SECONDS:  # a worker that keeps dying
            return
        self._started_at[k] = now

        async def start() -> None:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tabletide.web.pictures",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                limit=1 << 20,
            )
            self._processes[k] = _Worker(process)

        self._starting[k] = asyncio.create_task(start())

    async def close(self) -> None:
        """Stop the workers (a picture asked for afterwards is drawn here)."""
        self._closed = True
        for task in self._starting:
            if task is not None:
                with contextlib.suppress(Exception):
                    await task
        for worker in self._processes:
            if worker is not None:
                await worker.stop()
        self._processes = [None] * self.workers


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
