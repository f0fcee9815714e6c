"""The table's names in the browser (issue 25): the names chosen in the lobby are what the
prompt, the moves, the log, the players' list and the board say, at a desktop's and a
phone's size; an unnamed bot is "Bot (random)", never "Seat 1"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import DESKTOP, PHONE, Server, open_lobby, open_seat, shot, wait_settled

pytestmark = pytest.mark.e2e

SEAT_WORDS = re.compile(r"\b[Ss]eat [0-9]")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_page_says_the_tables_names(server: Server, page: Page, size: str) -> None:
    page.set_viewport_size(DESKTOP if size == "desktop" else PHONE)
    open_lobby(page, server, "maracaibo")
    page.get_by_test_id("game-select").select_option("maracaibo")
    page.get_by_test_id("player-count").select_option("2")
    page.get_by_test_id("seat-kind-0").select_option("human")
    page.get_by_test_id("seat-name-0").fill("Alice")
    page.get_by_test_id("seat-kind-1").select_option("bot:random")
    page.get_by_test_id("seed-input").fill("4")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("table-links")).to_be_visible()
    open_seat(page, 0)
    wait_settled(page, -1)
    for _ in range(6):  # a few moves, so the log holds both players' lines
        version = int(page.get_by_test_id("game").get_attribute("data-version") or 0)
        page.locator("[data-testid=actions] button[data-index]:enabled").first.click()
        if wait_settled(page, version) == "end":
            break
    prompt = page.get_by_test_id("prompt").inner_text()
    assert prompt.startswith("Alice"), prompt
    players = page.get_by_test_id("players").inner_text()
    assert "Alice" in players and "Bot (random)" in players, players
    log = page.get_by_test_id("log").inner_text()
    assert "Alice" in log and "Bot (random)" in log, log
    moves = page.get_by_test_id("actions").inner_text()
    board = page.get_by_test_id("board-svg").evaluate("svg => svg.textContent")
    assert "Alice" in board and "Bot (random)" in board
    for where, words in (
        ("prompt", prompt),
        ("players", players),
        ("log", log),
        ("moves", moves),
        ("board", board),
    ):
        assert not SEAT_WORDS.search(words), f"{where}: {SEAT_WORDS.findall(words)}"
    shot(page, f"names-{size}")
