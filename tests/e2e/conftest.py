"""Fixtures of the browser tests: Debian's Chromium driven by Playwright, and a real server
(uvicorn in a subprocess, on a free port and a temporary SQLite file) for each test.

Nothing here skips: without Chromium (``apt-get install -y chromium``) or Playwright
(``pip install -e '.[dev]'``) every test FAILS with a message saying so. Deselect the browser
tests with ``-m 'not e2e and not long and not postgres'`` (a ``-m`` given on the command line
replaces the one of ``addopts``).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from .helpers import ARTIFACTS, DESKTOP, Server

CHROMIUM = os.environ.get("TABLETIDE_E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    # What this machine kind needs (no sandbox as root, no GPU, no network beyond loopback).
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

LAUNCH = """
import json, sys
import uvicorn
from tabletide.web.app import create_app
from tabletide.web.settings import WebSettings
port, settings = int(sys.argv[1]), json.loads(sys.argv[2])
uvicorn.run(create_app(WebSettings(**settings)), host="127.0.0.1", port=port, log_level="warning")
"""

SERVER_SETTINGS: dict[str, Any] = {
    "bot_delay": 0.0,  # random bots move at once: the games end quickly
    "bot_workers": 1,
    # A test clicks as fast as the page lets it; the limits are tested in tests/web/.
    "client_rate": 1000.0,
    "client_burst": 1000,
    "token_rate": 1000.0,
    "token_burst": 1000,
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium per test process (each test gets its own context)."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"the browser tests need Debian's Chromium at {CHROMIUM}: install it with "
            "`apt-get install -y --no-install-recommends chromium` (.ci/run does), or deselect "
            "them with -m 'not e2e and not long and not postgres'",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            "the browser tests need Playwright: pip install -e '.[dev]' (never "
            "`playwright install`: they use Debian's Chromium)",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A fresh server on a free port and its own SQLite file; stopped after the test."""
    port = free_port()
    db = tmp_path / "e2e.sqlite3"
    log = tmp_path / "server.log"
    settings = {"database_url": f"sqlite:///{db}", **SERVER_SETTINGS}
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, str(port), json.dumps(settings)],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, log.read_text()
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start:\n" + log.read_text()
            time.sleep(0.1)
        yield Server(base, db, log)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=15)


@pytest.fixture
def page(chromium: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page in a fresh browser context (its own localStorage), desktop-sized. Uncaught
    script errors and refused resources (a CSP violation is a console error) fail the test."""
    context = chromium.new_context(viewport=DESKTOP)
    context.set_default_timeout(30_000)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    tab.on(
        "console",
        lambda msg: (
            problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None
        ),
    )
    try:
        yield tab
    finally:
        if getattr(request.node, "failed_call", False):
            shot = ARTIFACTS / f"FAILED-{request.node.name}.png"
            with contextlib.suppress(Exception):
                tab.screenshot(path=str(shot), full_page=True)
        context.close()
    # Refused WebSocket moves or 4xx answers are shown in the page, not as console errors;
    # a failed resource load (404) or a CSP refusal is.
    assert not problems, "\n".join(problems)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        item.failed_call = True  # type: ignore[attr-defined]
    return report


@pytest.fixture(scope="session", autouse=True)
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
