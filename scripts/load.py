"""Load benchmark of the web server: N concurrent tables over loopback, each with one person's
seat played by this script over its WebSocket, bots, and WebSocket spectators.

Reports actions/s (every journaled move: the people's and the bots') and the latency of a
person's action round trip: from sending ``{"type": "act"}`` until the server's ``ack`` has
come back AND every spectator of the table has received the new state. Bots' thinking is not
in it (only the script's own moves are timed). A table that ends is replaced by a new one, so
N tables are always being played. Table i uses the games in turn (``--games``) and connects
from its own loopback address 127.1.x.y, as N different people would: the server's
per-address rate limits apply per table, as in real use.

    .venv/bin/python scripts/load.py --tables 100 --duration 60          # starts a server
    .venv/bin/python scripts/load.py --url http://127.0.0.1:8000 --tables 20

Without ``--url`` it starts ``tabletide serve`` on a free port with a temporary SQLite file
(``--bot-workers``, ``--bot-delay``; ``--workers N --database-url postgresql+psycopg://...``
for several server processes) and stops it at the end. ``--json FILE`` writes the
figures. Messages are parsed with orjson: the script shares the machine with the server it
measures, and the standard library's parser was two thirds of the script's CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

GAMES: dict[str, dict[str, Any]] = {
    # Each game with its short or first-game options, as a newcomer's table would be.
    "shipyard": {"first_game": True},
    "ahoy": {},
    "maracaibo": {"first_game": True},
    "empires_north": {"clan_1": "glenn", "clan_2": "olaf"},
    "tiny_epic_pirates": {},
}
SERVE = "from tabletide.cli import main; main()"


def client_address(i: int) -> str:
    """Table i's own loopback address (all of 127.0.0.0/8 reaches the server on Linux)."""
    return f"127.1.{i // 250 % 250}.{i % 250 + 1}"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@dataclass
class Stats:
    started: float = 0.0
    window: tuple[float, float] = (0.0, 0.0)
    round_trips: list[float] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)
    person_actions: int = 0
    all_actions: int = 0
    tables_created: int = 0
    games_finished: int = 0
    errors: Counter[str] = field(default_factory=Counter)

    def in_window(self, moment: float) -> bool:
        return self.window[0] <= moment < self.window[1]


class Spectator:
    """One spectator's WebSocket: the moment each version first reached it."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.version = -1
        self.seen: deque[tuple[int, float]] = deque(maxlen=64)
        self.changed = asyncio.Event()

    async def listen(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                now = time.perf_counter()
                message = orjson.loads(raw)
                if message.get("type") == "state" and message["version"] > self.version:
                    self.version = message["version"]
                    self.seen.append((self.version, now))
                    self.changed.set()

    async def reached(self, version: int, timeout: float) -> float:
        """When this spectator first held ``version`` (or a later one)."""
        deadline = time.perf_counter() + timeout
        while self.version < version:
            self.changed.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"a spectator did not get version {version}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return next(t for v, t in self.seen if v >= version)


class TableRunner:
    """Plays table after table from one loopback address until told to stop."""

    def __init__(self, index: int, args: argparse.Namespace, stats: Stats, stop: asyncio.Event):
        self.index = index
        self.args = args
        self.stats = stats
        self.stop = stop
        self.address = client_address(index)
        self.rng = random.Random(args.seed * 100_003 + index)
        self.games = args.games[index % len(args.games) :] + args.games[: index % len(args.games)]
        self.round = 0

    async def run(self) -> None:
        # Spread the tables' start over the ramp-up, as people arrive.
        await asyncio.sleep(self.args.ramp * self.index / max(1, self.args.tables))
        while not self.stop.is_set():
            try:
                await self.play_one()
            except Exception as exc:
                self.stats.errors[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
                await asyncio.sleep(1.0)

    async def create(self, game: str) -> dict[str, Any]:
        seats: list[dict[str, Any]] = [{"kind": "human", "name": f"load {self.index}"}]
        seats += [{"kind": "bot", "bot": self.args.bot}] * (self.args.players - 1)
        body = {"game": game, "seats": seats, "options": GAMES[game]}
        transport = httpx.AsyncHTTPTransport(local_address=self.address)
        async with httpx.AsyncClient(transport=transport, timeout=60) as client:
            response = await client.post(f"{self.args.url}/api/tables", json=body)
        if response.status_code != 201:
            raise RuntimeError(f"create: {response.status_code} {response.text[:80]}")
        self.stats.tables_created += 1
        created: dict[str, Any] = response.json()
        return created

    async def open(self, table_id: str, token: str) -> ClientConnection:
        ws = await connect(
            f"{self.args.ws_url}/ws/tables/{table_id}",
            local_addr=(self.address, 0),
            max_size=None,
            compression=None,
            open_timeout=60,
        )
        # As the page does with its text panel folded: no text view (--text asks for it).
        hello = {"type": "hello", "token": token, "text": self.args.text}
        await ws.send(json.dumps(hello))
        return ws

    async def play_one(self) -> None:
        game = self.games[self.round % len(self.games)]
        self.round += 1
        created = await self.create(game)
        table_id = created["table"]["id"]
        person = await self.open(table_id, created["links"]["seats"][0]["token"])
        spectators = [
            Spectator(await self.open(table_id, created["links"]["spectator"]["token"]))
            for _ in range(self.args.spectators)
        ]
        listeners = [asyncio.create_task(s.listen()) for s in spectators]
        try:
            await self.play(person, spectators)
        finally:
            for task in listeners:
                task.cancel()
            for ws in (person, *(s.ws for s in spectators)):
                with contextlib.suppress(Exception):
                    await ws.close()

    async def play(self, ws: ClientConnection, spectators: list[Spectator]) -> None:
        stats, args = self.stats, self.args
        version = -1
        next_id = 0
        current: dict[str, Any] | None = None
        while not self.stop.is_set():
            if current is None:
                current = orjson.loads(await ws.recv())
                if current.get("type") != "state":
                    if current.get("type") == "error":
                        stats.errors[f"error {current.get('status')}"] += 1
                    current = None
                    continue
            if current["version"] > version:
                if version >= 0 and stats.in_window(time.perf_counter()):
                    stats.all_actions += current["version"] - version
                version = current["version"]
            if current["terminal"]:
                if stats.in_window(time.perf_counter()):
                    stats.games_finished += 1
                return
            if not current["your_turn"] or not current["legal_actions"]:
                current = None
                continue
            # The person thinks, then moves.
            await asyncio.sleep(args.think * self.rng.uniform(0.5, 1.5))
            next_id += 1
            choice = self.rng.randrange(len(current["legal_actions"]))
            sent = time.perf_counter()
            await ws.send(
                json.dumps({"type": "act", "index": choice, "version": version, "id": next_id})
            )
            following: dict[str, Any] | None = None
            while True:
                message = orjson.loads(await ws.recv())
                kind = message.get("type")
                if kind == "state":
                    following = message
                elif kind == "ack" and message.get("id") == next_id:
                    acked = time.perf_counter()
                    break
                elif kind == "error":
                    # Refused (rate limit, stale version): wait, then ask for the view again.
                    stats.errors[f"act refused {message.get('status')}"] += 1
                    await asyncio.sleep(float(message.get("retry_after") or 0.5))
                    await ws.send(json.dumps({"type": "sync"}))
                    acked = 0.0
                    following = None
                    break
            if acked:
                target = message["version"]
                seen = [await s.reached(target, timeout=60) for s in spectators]
                done = max([acked, *seen])
                if stats.in_window(sent):
                    stats.person_actions += 1
                    stats.acks.append(acked - sent)
                    stats.round_trips.append(done - sent)
            current = following  # the state after the move (sent before the ack), if any


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and of its descendants still running (its bot workers;
    with ``--workers``, the server processes and theirs)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    for parent in pids:  # grows as it goes: every descendant
        with contextlib.suppress(OSError):
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
            pids += [int(p) for p in children]
    for p in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@contextlib.contextmanager
def started_server(args: argparse.Namespace) -> Any:
    """``tabletide serve`` on a free port and a temporary SQLite file."""
    port = free_port()
    folder = tempfile.mkdtemp(prefix="tabletide-load-")
    log = Path(folder) / "server.log"
    command = [
        sys.executable,
        "-c",
        SERVE,
        "serve",
        "--port",
        str(port),
        "--database-url",
        args.database_url or f"sqlite:///{folder}/load.sqlite3",
        "--workers",
        str(args.workers),
        "--bot-workers",
        str(args.bot_workers),
        "--bot-delay",
        str(args.bot_delay),
    ]
    with log.open("ab") as out:
        proc = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"the server stopped:\n{log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", proc.pid, " ".join(command[3:])
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        shutil.rmtree(folder, ignore_errors=True)


async def measure(args: argparse.Namespace, server_pid: int | None) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    loop_start = time.perf_counter()
    stats.started = loop_start
    begin = loop_start + args.ramp + args.warmup
    stats.window = (begin, begin + args.duration)
    runners = [TableRunner(i, args, stats, stop) for i in range(args.tables)]
    tasks = [asyncio.create_task(r.run()) for r in runners]
    await asyncio.sleep(begin - time.perf_counter())
    cpu_server = cpu_seconds(server_pid) if server_pid else 0.0
    cpu_client = time.process_time()
    await asyncio.sleep(stats.window[1] - time.perf_counter())
    cpu_server = (cpu_seconds(server_pid) - cpu_server) if server_pid else float("nan")
    cpu_client = time.process_time() - cpu_client
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    seconds = args.duration
    return {
        "tables": args.tables,
        "spectators_per_table": args.spectators,
        "players": args.players,
        "games": args.games,
        "think_s": args.think,
        "window_s": seconds,
        "actions_per_s": round(stats.all_actions / seconds, 1),
        "person_actions_per_s": round(stats.person_actions / seconds, 1),
        "round_trip_ms": {
            "p50": round(1000 * percentile(stats.round_trips, 50), 1),
            "p90": round(1000 * percentile(stats.round_trips, 90), 1),
            "p99": round(1000 * percentile(stats.round_trips, 99), 1),
            "max": round(1000 * max(stats.round_trips, default=float("nan")), 1),
        },
        "ack_ms": {
            "p50": round(1000 * percentile(stats.acks, 50), 1),
            "p99": round(1000 * percentile(stats.acks, 99), 1),
        },
        "timed_actions": len(stats.round_trips),
        "tables_created": stats.tables_created,
        "games_finished_in_window": stats.games_finished,
        "errors": dict(stats.errors),
        "server_cpu_percent": round(100 * cpu_server / seconds, 1),
        "script_cpu_percent": round(100 * cpu_client / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--spectators", type=int, default=2, help="WebSockets per table")
    parser.add_argument("--players", type=int, default=2, help="one person, the rest bots")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument(
        "--text",
        action="store_true",
        help="ask for the text view on every WebSocket (the page asks only while it is open)",
    )
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before a move")
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds to open all tables")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds not measured")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument("--bot-workers", type=int, default=2, help="of a started server")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes of a started server (PostgreSQL)"
    )
    parser.add_argument(
        "--database-url", help="of a started server (default: a temporary SQLite file)"
    )
    parser.add_argument("--bot-delay", type=float, default=0.6, help="of a started server")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    load_before = os.getloadavg()

    with contextlib.ExitStack() as stack:
        server_pid: int | None = None
        serve = None
        if args.url is None:
            args.url, server_pid, serve = stack.enter_context(started_server(args))
        args.url = args.url.rstrip("/")
        args.ws_url = "ws" + args.url.removeprefix("http")
        result = asyncio.run(measure(args, server_pid))
    result["server"] = serve or args.url
    result["command"] = "python scripts/load.py " + " ".join(sys.argv[1:])
    result["loadavg_before"] = [round(x, 2) for x in load_before]
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
