"""How big each game's board and its words are drawn on the game page (issue 25).

Starts the web app from the source tree on ``PYTHONPATH`` (a server subprocess on a free port
and a temporary SQLite file), creates one table per game (one person against ``random``
bots, a fixed seed), opens the person's page in Debian's Chromium at 1366x768 and at 390x844
and measures the board picture's drawn width (its viewBox times its scale on screen: the
SVG element's box can be wider than the drawing) and its words: the height of each SVG
``<text>`` box (``getBoundingClientRect``) and each text's font size as drawn (its font size
times the picture's scale). Prints a Markdown table (docs/web.md, "Reading the board").

    PYTHONPATH=src .venv/bin/python scripts/board_sizes.py
    PYTHONPATH=/some/older/tree/src .venv/bin/python scripts/board_sizes.py   # before
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from playwright.sync_api import sync_playwright

GAMES = {"shipyard": 2, "tiny_epic_pirates": 2, "ahoy": 2, "maracaibo": 2, "empires_north": 2}
SIZES = {"1366x768": (1366, 768), "390x844": (390, 844)}
LAUNCH = (
    "import json, sys, uvicorn\n"
    "from tabletide.web.app import create_app\n"
    "from tabletide.web.settings import WebSettings\n"
    "uvicorn.run(create_app(WebSettings(**json.loads(sys.argv[2]))), host='127.0.0.1',"
    " port=int(sys.argv[1]), log_level='warning')\n"
)
MEASURE = """() => {
  const svg = document.querySelector('[data-testid=board-svg]');
  // The picture as drawn: its box may be wider than the drawing (preserveAspectRatio).
  const scale = svg.getScreenCTM().a;
  const r = {width: svg.viewBox.baseVal.width * scale};
  const texts = [...svg.querySelectorAll('text')];
  const median = (xs) => { xs = xs.filter(x => x > 0).sort((a, b) => a - b);
                           return xs.length ? xs[Math.floor(xs.length / 2)] : 0; };
  const boxes = texts.map(t => t.getBoundingClientRect().height);
  const fonts = texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return {width: r.width, boxes: median(boxes), boxMin: Math.min(...boxes.filter(h => h > 0)),
          fonts: median(fonts), fontMin: Math.min(...fonts.filter(h => h > 0))};
}"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="board-sizes-"))
    port = free_port()
    settings = {"database_url": f"sqlite:///{tmp / 'db.sqlite3'}", "bot_delay": 0.0}
    proc = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, str(port), json.dumps(settings)],
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    rows: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=os.environ.get("TABLETIDE_E2E_CHROMIUM", "/usr/bin/chromium"),
                args=["--headless", "--no-sandbox", "--disable-gpu"],
            )
            for game, players in GAMES.items():
                seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
                answer: dict[str, Any] = httpx.post(
                    f"{base}/api/tables", json={"game": game, "seats": seats, "seed": 5}
                ).json()
                url = base + answer["links"]["seats"][0]["path"]
                cells = []
                for width, height in SIZES.values():
                    page = browser.new_page(viewport={"width": width, "height": height})
                    page.goto(url)
                    page.wait_for_selector("[data-testid=board-svg]")
                    m = page.evaluate(MEASURE)
                    page.close()
                    cells.append(
                        f"{m['width']:.0f} px ({m['width'] / width:.0%}); text "
                        f"{m['boxes']:.1f} px (min {m['boxMin']:.1f}), font {m['fonts']:.1f} px"
                    )
                rows.append(f"| {game} | " + " | ".join(cells) + " |")
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    print("| game | " + " | ".join(SIZES) + " |")
    print("|---|" + "---|" * len(SIZES))
    print("\n".join(rows))


if __name__ == "__main__":
    main()
