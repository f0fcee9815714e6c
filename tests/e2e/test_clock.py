"""Clocks and zombie seats in Chromium: a clock beside every person's seat counting down,
a seat out of time handed to a bot by another person (a second browser), the game then
finishing; Leave with its confirmation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .helpers import (
    ARTIFACTS,
    PHONE,
    Server,
    open_lobby,
    open_seat,
    play_to_end,
    random_chooser,
)

pytestmark = pytest.mark.e2e

WIDE = {"width": 1366, "height": 768}


def shots(page: Page, name: str) -> list[Path]:
    """Screenshots at 1366x768 and at a phone's 390x844."""
    wide = ARTIFACTS / f"{name}.png"
    phone = ARTIFACTS / f"{name}-phone.png"
    page.set_viewport_size(WIDE)
    page.screenshot(path=str(wide))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    page.screenshot(path=str(phone), full_page=True)
    page.set_viewport_size(WIDE)
    return [wide, phone]


def create_by_api(server: Server, seats: list[dict[str, Any]], time_control: Any) -> Any:
    response = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "shipyard", "seats": seats, "seed": 7, "time_control": time_control},
        timeout=30,
    )
    assert response.status_code == 201, response.text
    return response.json()


def seconds_shown(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def test_every_persons_seat_has_a_clock_that_counts_down(server: Server, page: Page) -> None:
    page.set_viewport_size(WIDE)
    open_lobby(page, server, "shipyard")
    page.get_by_test_id("game-select").select_option("shipyard")
    page.get_by_test_id("player-count").select_option("3")
    for seat, kind in enumerate(["human", "human", "bot:random"]):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(kind)
    page.get_by_test_id("seed-input").fill("7")
    page.get_by_test_id("time-control").select_option("move-30s")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("table-links")).to_be_visible()
    expect(page.get_by_test_id("create-error")).to_be_hidden()
    open_seat(page, 0)
    # Seed 7: seat 1 opens. Each person's seat shows a clock; the bot's seat has none.
    running = page.get_by_test_id("clock-1")
    waiting = page.get_by_test_id("clock-0")
    expect(running).to_have_attribute("data-running", "true")
    expect(waiting).to_have_attribute("data-running", "false")
    expect(waiting).to_have_text("0:30")
    expect(page.get_by_test_id("clock-2")).to_have_count(0)
    expect(page.get_by_test_id("status-clock")).to_contain_text("Seat 1's time:")
    first = seconds_shown(running.text_content() or "")
    assert 25 <= first <= 30
    expect(running).not_to_have_text(running.text_content() or "", timeout=3000)
    later = seconds_shown(running.text_content() or "")
    assert later < first, "the clock counts down between the server's pushes"
    expect(waiting).to_have_text("0:30")  # only the deciding seat's time runs
    for path in shots(page, "clock-counting"):
        assert path.stat().st_size > 0


def test_out_of_time_seat_is_handed_to_a_bot_and_the_game_finishes(
    server: Server, page: Page, chromium: Browser
) -> None:
    page.set_viewport_size(WIDE)
    data = create_by_api(
        server,
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}],
        {"per": "move", "seconds": 2},
    )
    table = data["table"]["id"]
    links = {s["seat"]: s["path"] for s in data["links"]["seats"]}
    other = chromium.new_context(viewport=WIDE)
    try:
        late = other.new_page()
        late.goto(f"{server.base}{links[1]}")  # Bo (seat 1) is to move, and will not
        page.goto(f"{server.base}{links[0]}")
        expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
        expect(late.get_by_test_id("clock-1")).to_have_attribute("data-running", "true")
        # Two seconds later Bo's clock says so, on both pages, and turns red.
        expect(page.get_by_test_id("clock-1")).to_have_text("out of time", timeout=6000)
        expect(page.get_by_test_id("clock-1")).to_have_attribute("data-low", "true")
        expect(late.get_by_test_id("clock-1")).to_have_text("out of time")
        expect(late.get_by_test_id("zombie-offers")).to_be_hidden()  # not for Bo himself
        offer = page.get_by_test_id("zombie-offer-1")
        expect(offer).to_have_text(re.compile(r"^Bo is out of time — Hand the seat to a bot$"))
        shots(page, "clock-out-of-time")
        page.get_by_test_id("zombie-1").click()
        expect(page.get_by_test_id("player-1")).to_contain_text("(out of time — played by a bot)")
        expect(page.get_by_test_id("zombie-offers")).to_be_hidden()
        expect(page.get_by_test_id("zombie-note-1")).to_have_text(
            "Bo is out of time — a bot plays the seat from now on"
        )
        expect(late.get_by_test_id("player-1")).to_contain_text("played by a bot")
        expect(late.get_by_test_id("you")).to_contain_text("a bot plays your seat now")
        expect(late.get_by_test_id("game")).to_have_attribute("data-your-turn", "false")
        expect(late.locator("[data-testid=actions] button")).to_have_count(0)
        expect(page.get_by_test_id("clock-1")).to_have_count(0)
        shots(late, "clock-zombie-seen-by-its-person")
        # Ada plays on; Bo's seat is played by the bot to the end.
        played = play_to_end(page, random_chooser(5), name="clock-zombie", mid_shot_at=10**6)
        assert played.clicks > 0
        expect(page.get_by_test_id("status")).to_have_text("Game over")
        expect(page.get_by_test_id("player-1")).to_contain_text("Bo")
        shots(page, "clock-zombie-end")
        replay = httpx.get(f"{server.base}/api/tables/{table}/replay", timeout=30).json()
        bo = replay["meta"]["seats"][1]
        assert bo["name"] == "Bo" and bo["zombie"] is True and bo["by"] == 0
        # The replay viewer keeps the name with the mark.
        page.get_by_test_id("view-replay").click()
        expect(page.get_by_test_id("replay-viewer")).to_be_visible()
        expect(page.get_by_test_id("player-1")).to_contain_text("Bo")
        expect(page.get_by_test_id("player-1")).to_contain_text("(out of time — played by a bot)")
        expect(page.get_by_test_id("player-0")).not_to_contain_text("played by a bot")
    finally:
        other.close()


def test_leave_asks_first_then_a_bot_plays_the_seat(server: Server, page: Page) -> None:
    page.set_viewport_size(WIDE)
    data = create_by_api(
        server, [{"kind": "human", "name": "Cy"}, {"kind": "bot", "bot": "random"}], None
    )
    page.goto(f"{server.base}{data['links']['seats'][0]['path']}")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("clock-0")).to_have_count(0)  # no time control, no clock
    page.get_by_test_id("leave").click()
    expect(page.get_by_test_id("leave-confirm")).to_be_visible()
    page.get_by_test_id("leave-no").click()
    expect(page.get_by_test_id("leave-confirm")).to_be_hidden()
    expect(page.get_by_test_id("player-0")).not_to_contain_text("played by a bot")
    page.get_by_test_id("leave").click()
    shots(page, "clock-leave-confirm")
    page.get_by_test_id("leave-yes").click()
    expect(page.get_by_test_id("player-0")).to_contain_text("(left — played by a bot)")
    expect(page.get_by_test_id("status")).to_have_text("Game over", timeout=120_000)
    expect(page.get_by_test_id("leave")).to_be_hidden()
