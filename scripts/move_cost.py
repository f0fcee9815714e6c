"""The server's CPU cost per move, over a fixed scripted load (no network, no timing noise
from other processes: CPU time of this process, all its threads).

The app (``create_app``, a temporary SQLite file) plays ``--tables`` tables of two people,
the five games in turn with the load script's options, ``--moves`` moves each (random legal
moves from a fixed seed; a finished game is replaced by a new one), each table watched by
two spectator WebSockets and one per seat (fake sockets that JSON-encode what they are sent,
as Starlette's ``send_json``/``send_text`` do), which ask for no text view (as the page with
its text panel folded; ``--text`` asks for it). Each move goes through
``TableService.act``: checks, apply, undo flag, journal (SQLite), views, pushes.
``--unwatched``: seat 1 has no socket, as the bot's seat in ``load.py`` (whose tables are one
person, one bot and two spectators); its moves are still played as a person's (undo check).
The garbage collector runs at the pace ``tabletide serve`` sets (``web/gcpace.py``, when the
code has it; ``--default-gc`` keeps CPython's).

    .venv/bin/python scripts/move_cost.py --tables 10 --moves 60 [--profile 25]

Prints the CPU milliseconds per move and, with ``--profile N``, cProfile's N costliest
functions (cumulative). Works against older code too (``PYTHONPATH=OTHER/src``): it uses only
``create_app``, ``TableService.create/authenticate/act`` and ``Hub.add``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GAMES: dict[str, dict[str, Any]] = {
    "shipyard": {"first_game": True},
    "tiny_epic_pirates": {},
    "maracaibo": {"first_game": True},
    "empires_north": {"clan_1": "glenn", "clan_2": "olaf"},
    "ahoy": {},
}


class FakeSocket:
    """What a WebSocket costs the server to send: the JSON encoding (bytes are counted)."""

    def __init__(self) -> None:
        self.sent = 0
        self.messages = 0

    async def send_json(self, data: Any, mode: str = "text") -> None:
        self.sent += len(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
        self.messages += 1

    async def send_text(self, data: str) -> None:
        self.sent += len(data)
        self.messages += 1

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


async def run(
    tables: int,
    moves: int,
    seed: int,
    text: bool,
    profile: cProfile.Profile | None,
    unwatched: bool = False,
    default_gc: bool = False,
) -> None:
    from tabletide.web.app import create_app
    from tabletide.web.hub import Connection
    from tabletide.web.schemas import CreateTableRequest
    from tabletide.web.settings import WebSettings

    big = 1_000_000
    with tempfile.TemporaryDirectory() as tmp:
        settings = WebSettings(
            database_url=f"sqlite:///{Path(tmp) / 'cost.sqlite3'}",
            bot_delay=0,
            client_rate=big,
            client_burst=big,
            token_rate=big,
            token_burst=big,
        )
        app = create_app(settings)
        if not default_gc:
            try:  # as `tabletide serve` does after making its app (older code: no such module)
                from tabletide.web import gcpace
            except ImportError:
                pass
            else:
                gcpace.pace()
        service = app.state.service
        rng = random.Random(seed)
        sockets: list[FakeSocket] = []
        games = list(GAMES)

        async def new_table(i: int) -> tuple[str, dict[int, Any]]:
            game = games[i % len(games)]
            request = CreateTableRequest.model_validate(
                {
                    "game": game,
                    "seats": [{"kind": "human"}, {"kind": "human"}],
                    "options": GAMES[game],
                    "seed": rng.randrange(2**31),
                }
            )
            created = await service.create(request)
            table_id = created["table"]["id"]
            viewers = {}
            for link in created["links"]["seats"]:
                viewers[link["seat"]] = await service.authenticate(table_id, link["token"])
            spectator = await service.authenticate(table_id, created["links"]["spectator"]["token"])
            watchers = [viewers[0]] if unwatched else list(viewers.values())
            for viewer in [*watchers, spectator, spectator]:
                socket = FakeSocket()
                sockets.append(socket)
                conn = Connection(socket, table_id, viewer.seat, viewer.token_hash)
                conn.text = text  # as the page's hello says (older code: ignored)
                service.hub.add(conn)
                live = await service.get(table_id)
                await service.hub.push(conn, live.view)  # the hello's full view
            return table_id, viewers

        ids = [await new_table(i) for i in range(tables)]
        played = 0
        started_cpu = time.process_time()
        started = time.perf_counter()
        if profile is not None:
            profile.enable()
        for _ in range(moves):
            for i, (table_id, viewers) in enumerate(ids):
                live = await service.get(table_id)
                if live.state.is_terminal():
                    ids[i] = await new_table(i)
                    table_id, viewers = ids[i]
                    live = await service.get(table_id)
                seat = live.state.current_player()
                choices = len(live.state.legal_actions())
                await service.act(viewers[seat], rng.randrange(choices), None, live.version)
                played += 1
        if profile is not None:
            profile.disable()
        cpu = time.process_time() - started_cpu
        wall = time.perf_counter() - started
        sent = sum(s.sent for s in sockets)
        messages = sum(s.messages for s in sockets)
        print(
            f"{played} moves: {1000 * cpu / played:.2f} ms CPU per move "
            f"({1000 * wall / played:.2f} ms wall), {messages} messages, "
            f"{sent / messages / 1024:.1f} KiB per message"
        )
        await service.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=60, help="moves per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--text", action="store_true", help="the sockets ask for the text view (the page does not)"
    )
    parser.add_argument("--profile", type=int, default=0, help="show the N costliest functions")
    parser.add_argument(
        "--unwatched",
        action="store_true",
        help="no socket for seat 1 (as load.py's bot seat; its moves are still a person's)",
    )
    parser.add_argument(
        "--default-gc",
        action="store_true",
        help="keep CPython's collector thresholds (the server sets its own: web/gcpace.py)",
    )
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    asyncio.run(
        run(
            args.tables,
            args.moves,
            args.seed,
            args.text,
            profile,
            args.unwatched,
            args.default_gc,
        )
    )
    if profile is not None:
        pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
