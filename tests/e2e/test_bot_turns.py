"""A bot's turn in the browser (issue 25): the creator picks the bots' speed in the lobby, and
the page marks the log lines of the bot's latest turn and says how many moves it made."""

from __future__ import annotations

from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Page, expect

from .helpers import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    Server,
    create_table,
    open_seat,
    shot,
    wait_settled,
)

pytestmark = pytest.mark.e2e


def api_view(server: Server, table_id: str, token: str) -> dict[str, Any]:
    response = httpx.get(
        f"{server.base}/api/tables/{table_id}",
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_page_marks_the_bots_latest_moves(server: Server, page: Page, size: str) -> None:
    # Empires of the North, seed 0: the bot (seat 1) decides first, several times in a row.
    page.set_viewport_size(DESKTOP if size == "desktop" else PHONE)
    page.goto(f"{server.base}/")
    expect(page.get_by_test_id("bot-speed")).to_have_value("normal")  # the default
    created = create_table(
        page, server, "empires_north", ["human", "bot:random"], seed=0, bot_speed="slow"
    )
    token = created.seat_links[0].split("#", 1)[1]
    open_seat(page, 0)
    assert wait_settled(page, -1) == "turn"

    seen = api_view(server, created.table_id, token)
    assert seen["table"]["bot_speed"] == "slow", "the lobby's choice is stored"
    latest = seen["latest_bot"]
    assert latest is not None and latest["seat"] == 1 and latest["moves"] >= 3
    marked = page.get_by_test_id("log").get_by_test_id("latest")
    expect(marked).to_have_count(latest["log_to"] - latest["log_from"])
    # The marked lines are exactly the bot turn's lines [log_from, log_to) of the log.
    positions = page.locator("[data-testid=log] li").evaluate_all(
        "lis => lis.map((li, i) => li.classList.contains('latest') ? i : -1).filter(i => i >= 0)"
    )
    assert positions == list(range(latest["log_from"], latest["log_to"]))
    status = page.get_by_test_id("status")
    expect(status).to_have_attribute("data-latest-moves", str(latest["moves"]))
    expect(status).to_contain_text(f"played {latest['moves']} moves")
    shot(page, f"bot-latest-moves-{size}", full_page=True)
    marked.first.scroll_into_view_if_needed()
    page.get_by_test_id("log").screenshot(path=str(ARTIFACTS / f"bot-latest-moves-log-{size}.png"))
