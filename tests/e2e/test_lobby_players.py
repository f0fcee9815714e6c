"""Two people in two browsers (issue 25): A lists a table in the lobby, B joins it with a
click, they play it out (their moves through the API, to be quick), A asks for a rematch on
the end screen, B sees the offer live and joins it, and the lobby's ratings show both.
At 1366x768 and at a phone's 390x844."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Page, expect

from .helpers import ARTIFACTS, PHONE, Server, shot

pytestmark = pytest.mark.e2e

WIDE = {"width": 1366, "height": 768}
GAME = "maracaibo"  # the quickest game to finish with random moves


@pytest.fixture
def people(chromium: Any) -> Iterator[Any]:
    """Opens pages in fresh browser contexts (each its own localStorage: its own player);
    script errors and refused resources fail the test."""
    contexts: list[Any] = []
    problems: list[str] = []

    def open_page(viewport: dict[str, int]) -> Page:
        context = chromium.new_context(viewport=viewport)
        context.set_default_timeout(30_000)
        contexts.append(context)
        page: Page = context.new_page()
        page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
        page.on(
            "console",
            lambda msg: (
                problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None
            ),
        )
        return page

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()
    assert not problems, "\n".join(problems)


def name_myself(page: Page, server: Server, name: str) -> None:
    page.goto(f"{server.base}/")
    expect(page.get_by_test_id("player-name")).not_to_have_text("…")
    page.get_by_test_id("change-name").click()
    page.get_by_test_id("name-input").fill(name)
    page.get_by_test_id("save-name").click()
    expect(page.get_by_test_id("player-name")).to_have_text(name)
    expect(page.get_by_test_id("name-panel")).to_be_hidden()


def token_of(page: Page) -> str:
    return page.url.split("#", 1)[1]


def play_out(server: Server, table_id: str, tokens: list[str]) -> int:
    """Random legal moves for whichever of the two people is to move, until the end."""
    rng = random.Random(1)
    moves = 0
    with httpx.Client(base_url=server.base, timeout=30) as client:
        while True:
            progressed = False
            for token in tokens:
                auth = {"Authorization": f"Bearer {token}"}
                view = client.get(f"/api/tables/{table_id}?text=false", headers=auth).json()
                if view["terminal"]:
                    return moves
                if not view["your_turn"]:
                    continue
                index = rng.randrange(len(view["legal_actions"]))
                answer = client.post(
                    f"/api/tables/{table_id}/actions",
                    headers=auth,
                    json={"index": index, "version": view["version"]},
                )
                assert answer.status_code == 200, answer.text
                moves += 1
                progressed = True
            assert progressed, "nobody was to move"
            assert moves < 3000, "no end"


def play_turn(server: Server, table_id: str, token: str) -> None:
    """The seat's moves until another seat is to move."""
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=server.base, timeout=30) as client:
        for _ in range(200):
            view = client.get(f"/api/tables/{table_id}?text=false", headers=auth).json()
            if not view["your_turn"]:
                return
            answer = client.post(
                f"/api/tables/{table_id}/actions",
                headers=auth,
                json={"index": 0, "version": view["version"]},
            )
            assert answer.status_code in (200, 409), answer.text  # 409: the page moved first
    raise AssertionError("the turn did not end")


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_open_table_join_play_rematch_and_ratings(server: Server, people: Any, size: str) -> None:
    viewport = WIDE if size == "wide" else PHONE
    ada: Page = people(viewport)
    bob: Page = people(viewport)
    name_myself(ada, server, "Ada")
    name_myself(bob, server, "Bob")

    # A creates a table listed in the lobby: seat 1 stays free.
    ada.get_by_test_id("game-select").select_option(GAME)
    ada.get_by_test_id("player-count").select_option("2")
    ada.get_by_test_id("seat-kind-0").select_option("human")
    ada.get_by_test_id("seat-kind-1").select_option("human")
    ada.get_by_test_id("open-input").check()
    ada.get_by_test_id("create-table").click()
    expect(ada.get_by_test_id("table-links")).to_be_visible()
    expect(ada.get_by_test_id("invite-link")).to_have_value(re.compile(r"/\?join="))
    expect(ada.get_by_test_id("seat-1-link")).to_have_count(0)  # no link for the free seat
    shot(ada, f"players-{size}-created", full_page=True)
    ada.get_by_test_id("open-seat-0-link").click()
    ada.wait_for_url("**/t/**")
    expect(ada.get_by_test_id("status")).to_have_text("Waiting for players (1 of 2 seats free)")
    expect(ada.get_by_test_id("waiting")).to_be_visible()
    expect(ada.get_by_test_id("actions")).to_be_empty()
    expect(ada.get_by_test_id("game")).to_have_attribute("data-your-turn", "false")
    shot(ada, f"players-{size}-waiting")
    table_id = ada.url.split("/t/", 1)[1].split("#", 1)[0]

    # B sees it in the lobby's open tables (refreshed every 5 s) and joins with a click.
    row = bob.locator(f"[data-testid=open-table][data-table='{table_id}']")
    expect(row).to_be_visible(timeout=15_000)
    expect(row).to_contain_text("by Ada")
    expect(row).to_contain_text("1 of 2 people seated")
    shot(bob, f"players-{size}-lobby-open", full_page=True)
    row.get_by_test_id("join-table").click()
    bob.wait_for_url(f"**/t/{table_id}#*")
    expect(bob.get_by_test_id("you")).to_have_text("You are Bob (seat 1)")
    # A's page starts the game live: nobody waits any more.
    expect(ada.get_by_test_id("waiting")).to_be_hidden()
    expect(ada.get_by_test_id("status")).not_to_contain_text("Waiting for players")
    expect(ada.get_by_test_id("player-1")).to_contain_text("Bob")

    moves = play_out(server, table_id, [token_of(ada), token_of(bob)])
    assert moves > 10
    for page in (ada, bob):
        # The pages draw every pushed state; on a busy machine they catch up in a while.
        expect(page.get_by_test_id("status")).to_have_text("Game over", timeout=180_000)
        expect(page.get_by_test_id("rematch")).to_be_visible()
    ada.get_by_test_id("rematch-box").scroll_into_view_if_needed()
    shot(ada, f"players-{size}-end")

    # A asks for the rematch; B's end screen offers it live; B joins.
    ada.get_by_test_id("rematch").click()
    ada.wait_for_url(re.compile(r"/t/(?!" + re.escape(table_id) + r")[^#]+#"))
    rematch_id = ada.url.split("/t/", 1)[1].split("#", 1)[0]
    expect(ada.get_by_test_id("you")).to_have_text("You are Ada (seat 1)")  # rotated
    expect(bob.get_by_test_id("rematch-offer")).to_have_text("Ada offers a rematch")
    expect(bob.get_by_test_id("rematch")).to_be_hidden()
    bob.get_by_test_id("rematch-box").scroll_into_view_if_needed()
    shot(bob, f"players-{size}-offer")
    bob.get_by_test_id("rematch-join").click()
    bob.wait_for_url(f"**/t/{rematch_id}#*")
    expect(bob.get_by_test_id("you")).to_have_text("You are Bob (seat 0)")
    expect(bob.get_by_test_id("game")).to_have_attribute("data-current-player", "0")
    expect(bob.get_by_test_id("status")).to_have_text(re.compile(r"^Your turn"))
    shot(bob, f"players-{size}-rematch")

    # The lobby: both rated in this game, Ada's rating beside her name, her tables live.
    ada.goto(f"{server.base}/")
    ada.get_by_test_id("ratings-game").select_option(GAME)
    ratings = ada.get_by_test_id("rating")
    expect(ratings).to_have_count(2)
    expect(ada.get_by_test_id("ratings")).to_contain_text("Ada")
    expect(ada.get_by_test_id("ratings")).to_contain_text("Bob")
    expect(ada.locator("[data-testid=rating][data-you=true]")).to_contain_text("Ada")
    ada.get_by_test_id("game-select").select_option(GAME)
    expect(ada.get_by_test_id("player-rating")).to_contain_text("rating")
    mine = ada.locator(f"[data-testid=your-table][data-table='{rematch_id}']")
    expect(mine).to_have_attribute("data-state", "waiting")
    expect(mine).to_contain_text("Bob to play")
    finished = ada.locator(f"[data-testid=your-table][data-table='{table_id}']")
    expect(finished).to_have_attribute("data-state", "finished")
    shot(ada, f"players-{size}-lobby-ratings", full_page=True)

    # Bob plays his turn in the rematch (one click, then the API): Ada's lobby says
    # "Your turn!" within its 5 s refresh.
    bob.get_by_test_id("actions").locator("button[data-index]").first.click()
    play_turn(server, rematch_id, token_of(bob))
    expect(mine).to_have_attribute("data-state", "your-turn", timeout=15_000)
    expect(mine).to_contain_text("Your turn!")
    shot(ada, f"players-{size}-lobby-your-turn", full_page=True)
    assert (ARTIFACTS / f"players-{size}-lobby-your-turn.png").exists()


def test_the_device_link_moves_the_player_and_its_tables(server: Server, people: Any) -> None:
    """ "Use on another device": the private link takes the key to a new browser, whose lobby
    then plays as the same person and opens their table by the key alone (no seat link)."""
    first: Page = people(WIDE)
    name_myself(first, server, "Ada")
    first.get_by_test_id("game-select").select_option(GAME)
    first.get_by_test_id("player-count").select_option("2")
    first.get_by_test_id("seat-kind-0").select_option("human")
    first.get_by_test_id("seat-kind-1").select_option("bot:random")
    first.get_by_test_id("create-table").click()
    expect(first.get_by_test_id("table-links")).to_be_visible()
    table_id = first.get_by_test_id("spectator-link").input_value().split("/t/")[1].split("#")[0]
    first.get_by_test_id("device-button").click()
    expect(first.get_by_test_id("device-panel")).to_contain_text("whoever opens it plays as you")
    link = first.get_by_test_id("device-link").input_value()
    assert re.search(r"/me#key=[A-Za-z0-9_-]{22,}$", link), link
    shot(first, "players-device-link")

    second: Page = people(PHONE)
    second.goto(f"{server.base}/")  # this browser has its own player first
    expect(second.get_by_test_id("player-name")).to_have_text(re.compile(r"^Sailor \d+$"))
    second.goto(link)
    expect(second.get_by_test_id("me-text")).to_have_text(
        "This browser will play as Ada instead of its own player."
    )
    assert "#key=" not in second.url  # the key is taken out of the address bar
    shot(second, "players-device-me")
    second.get_by_test_id("adopt-key").click()
    expect(second.get_by_test_id("me-text")).to_have_text("Done: this browser plays as Ada.")
    second.get_by_test_id("me-lobby").click()
    expect(second.get_by_test_id("player-name")).to_have_text("Ada")
    row = second.locator(f"[data-testid=your-table][data-table='{table_id}']")
    expect(row).to_be_visible()
    assert row.locator("a").get_attribute("href") == f"/t/{table_id}"  # no token here
    row.locator("a").click()
    expect(second.get_by_test_id("you")).to_have_text("You are Ada (seat 0)")
    expect(second.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    shot(second, "players-device-table")


def test_the_lobby_fits_a_phone_at_every_player_count(server: Server, people: Any) -> None:
    """Nothing of the lobby reaches past a 390 px screen (the seat rows of 4 players with
    their names once did), so it never scrolls sideways."""
    page: Page = people(PHONE)
    page.goto(f"{server.base}/")
    page.get_by_test_id("game-select").select_option("ahoy")
    for count in ("2", "3", "4"):
        page.get_by_test_id("player-count").select_option(count)
        expect(page.get_by_test_id(f"seat-row-{int(count) - 1}")).to_be_visible()
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
                .map(e => e.dataset.testid || e.id || e.localName)"""
        )
        assert wide == [], f"{count} players: {wide}"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The name fields show what an unnamed seat will be called (the server's names).
    placeholders = [
        page.get_by_test_id(f"seat-name-{i}").get_attribute("placeholder") for i in range(4)
    ]
    assert placeholders == ["Seat 0", "Bot 1 (medium)", "Bot 2 (medium)", "Bot 3 (medium)"]
    page.get_by_test_id("seat-kind-2").select_option("bot:hard")
    assert page.get_by_test_id("seat-name-2").get_attribute("placeholder") == "Bot (hard)"
    shot(page, "lobby-phone-4-players")
