"""The table's chat and the turn alerts in the browser (issue 25), on a desktop (1366x768) and
a phone (390x844): two people chat live from their own links, markup stays text, an unread
count shows while the chat is hidden, the spectator reads without an input; the turn coming
back to a person after a bot's move plays exactly one sound (and, opted in, shows a desktop
notification while the tab is hidden), a spectator gets none."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Page, expect

from .helpers import ARTIFACTS, PHONE, Server, click_action, legal_indices, wait_settled

pytestmark = pytest.mark.e2e

WIDE = {"width": 1366, "height": 768}
SIZES = [pytest.param(WIDE, id="desktop"), pytest.param(PHONE, id="phone")]

# Desktop notifications and the page being hidden, as the test wants them: the page's real
# Notification is replaced by one that records what it was asked to show, and
# document.hidden follows window.__hidden.
STUBS = """
window.__notes = [];
window.__asked = 0;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: (options || {}).body }); }
  close() {}
  static requestPermission() {
    window.__asked += 1;
    FakeNotification.permission = "granted";
    return Promise.resolve("granted");
  }
}
FakeNotification.permission = "default";
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { configurable: true, get: () => !!window.__hidden });
Object.defineProperty(document, "visibilityState", {
  configurable: true, get: () => (window.__hidden ? "hidden" : "visible"),
});
"""
HIDE = "window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))"
SHOW = "window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))"


def make_table(server: Server, seats: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    body = {"game": "shipyard", "seats": seats, "seed": seed}
    response = httpx.post(f"{server.base}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def current_player(server: Server, created: dict[str, Any]) -> int:
    response = httpx.get(
        f"{server.base}/api/tables/{created['table']['id']}",
        headers={"Authorization": f"Bearer {created['links']['spectator']['token']}"},
        timeout=30,
    )
    seat: int = response.json()["current_player"]
    return seat


@contextmanager
def person(chromium: Any, size: dict[str, int], stubs: bool = False) -> Iterator[Page]:
    """A page in its own browser context (its own localStorage: another person). Script
    errors and console errors fail the test."""
    context = chromium.new_context(viewport=size)
    context.set_default_timeout(30_000)
    if stubs:
        context.add_init_script(STUBS)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    tab.on(
        "console",
        lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None,
    )
    try:
        yield tab
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def open_link(page: Page, server: Server, path: str) -> None:
    page.goto(server.base + path)
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("game")).to_have_attribute("data-version", "0")


def phone(size: dict[str, int]) -> bool:
    return size["width"] < 900


def open_chat(page: Page, size: dict[str, int]) -> None:
    """Show the chat: its tab next to the log on a desktop, the floating button on a phone."""
    if phone(size):
        page.get_by_test_id("chat-fab").click()
        expect(page.get_by_test_id("log-panel")).to_have_class("panel log-panel sheet")
        # The sheet covers the lower part of the screen only: the board stays in sight above.
        sheet = page.get_by_test_id("log-panel").bounding_box()
        assert sheet is not None and sheet["y"] >= 0.4 * size["height"], sheet
        expect(page.get_by_test_id("board")).to_be_in_viewport()
    else:
        page.get_by_test_id("tab-chat").click()
    expect(page.get_by_test_id("chat")).to_be_visible()
    expect(page.get_by_test_id("chat-fab")).to_be_hidden()  # nothing unread out of sight


def unread_badge(page: Page, size: dict[str, int]) -> Any:
    return page.locator("#chat-fab-unread" if phone(size) else "#chat-unread")


@pytest.mark.parametrize("size", SIZES)
def test_two_people_chat_and_the_spectator_reads(
    server: Server, chromium: Any, size: dict[str, int]
) -> None:
    created = make_table(
        server, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}], seed=4
    )
    links = {s["seat"]: s["path"] for s in created["links"]["seats"]}
    tag = "phone" if phone(size) else "desktop"
    markup = '<b>Ahoy</b> <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>'
    with (
        person(chromium, size) as ada,
        person(chromium, size) as bea,
        person(chromium, size) as watcher,
    ):
        for page, path in ((ada, links[0]), (bea, links[1])):
            open_link(page, server, path)
        open_link(watcher, server, created["links"]["spectator"]["path"])
        expect(bea.get_by_test_id("log")).to_be_attached()
        expect(bea.get_by_test_id("chat")).to_be_hidden()  # the log's tab is shown first

        open_chat(ada, size)
        expect(ada.get_by_test_id("chat-empty")).to_be_visible()
        expect(ada.get_by_test_id("log-panel")).to_have_attribute("data-tab", "chat")
        box = ada.get_by_test_id("chat-input")
        box.fill(markup)
        box.press("Enter")  # Enter sends
        expect(box).to_have_value("")
        mine = ada.get_by_test_id("chat-messages").locator("li")
        expect(mine).to_have_count(1)
        expect(mine.get_by_test_id("chat-text")).to_have_text(markup)
        expect(mine).to_contain_text("Ada (you)")

        # Bea has not looked at the chat: a count of one unread message.
        badge = unread_badge(bea, size)
        expect(badge).to_have_text("1")
        expect(badge).to_be_visible()
        # The floating button says so too: on a phone always, on a desktop while the chat is
        # out of sight (below the moves, the rules and the players at 1366x768).
        expect(bea.get_by_test_id("chat-fab")).to_be_visible()
        expect(bea.get_by_test_id("chat-fab")).to_contain_text("Chat 1")
        bea.screenshot(path=str(ARTIFACTS / f"chat-unread-{tag}.png"))
        open_chat(bea, size)
        line = bea.get_by_test_id("chat-messages").locator("li")
        expect(line.get_by_test_id("chat-text")).to_have_text(markup)
        expect(line).to_contain_text("Ada")
        expect(badge).to_be_hidden()
        assert bea.get_by_test_id("chat-messages").locator("b, img, script").count() == 0
        assert bea.evaluate("window.__pwned") is None, "the markup was not run"

        bea.get_by_test_id("chat-input").fill("Fair winds, Ada!")
        bea.get_by_test_id("chat-send").click()
        expect(ada.get_by_test_id("chat-text").nth(1)).to_have_text("Fair winds, Ada!")
        expect(bea.get_by_test_id("chat-text")).to_have_count(2)
        bea.screenshot(path=str(ARTIFACTS / f"chat-open-{tag}.png"))

        # The spectator reads both, in order, and has no input.
        expect(unread_badge(watcher, size)).to_have_text("2")
        open_chat(watcher, size)
        expect(watcher.get_by_test_id("chat-text")).to_have_text([markup, "Fair winds, Ada!"])
        expect(watcher.get_by_test_id("chat-input")).to_be_hidden()
        expect(watcher.get_by_test_id("chat-form")).to_be_hidden()
        expect(watcher.get_by_test_id("chat-note")).to_have_text(
            "Spectators can read the chat but not write in it."
        )
        watcher.screenshot(path=str(ARTIFACTS / f"chat-spectator-{tag}.png"))

        # A reload gets the history again; nothing is unread any more.
        bea.reload()
        expect(bea.get_by_test_id("connection")).to_have_attribute("data-state", "online")
        expect(bea.get_by_test_id("chat-text")).to_have_count(2)
        expect(unread_badge(bea, size)).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_the_turn_coming_back_after_a_bot_plays_one_sound(
    server: Server, chromium: Any, size: dict[str, int]
) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random", "name": "Robo"}]
    for seed in range(40):  # a deal where the person decides first
        created = make_table(server, seats, seed)
        if current_player(server, created) == 0:
            break
    else:
        raise AssertionError("no seed under 40 lets the person start")
    tag = "phone" if phone(size) else "desktop"
    sounds = "window.__tabletideSounds || 0"
    with person(chromium, size, stubs=True) as ada, person(chromium, size, stubs=True) as watcher:
        open_link(ada, server, created["links"]["seats"][0]["path"])
        open_link(watcher, server, created["links"]["spectator"]["path"])
        expect(ada.get_by_test_id("game")).to_have_attribute("data-your-turn", "true")
        assert ada.evaluate(sounds) == 0, "no sound on the page's first view"
        expect(watcher.get_by_test_id("notify-menu")).to_be_hidden()

        # Opting in to desktop notifications asks the browser's permission on that click only.
        assert ada.evaluate("window.__asked") == 0
        ada.get_by_test_id("notify-menu").locator("summary").click()
        expect(ada.get_by_test_id("notify-sound")).to_be_checked()  # sound is on by default
        desktop = ada.get_by_test_id("notify-desktop")
        expect(desktop).not_to_be_checked()
        desktop.check()
        expect(desktop).to_be_checked()
        assert ada.evaluate("window.__asked") == 1
        ada.screenshot(path=str(ARTIFACTS / f"notify-menu-{tag}.png"))
        ada.get_by_test_id("notify-menu").locator("summary").click()

        # Both tabs go to the background; Ada plays until the bot has moved and it is her
        # turn again.
        for page in (ada, watcher):
            page.evaluate(
                "window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))"
            )
        passed = False
        for _ in range(40):
            version = int(ada.get_by_test_id("game").get_attribute("data-version") or 0)
            click_action(ada, legal_indices(ada)[0])
            assert wait_settled(ada, version) == "turn"
            heard = ada.evaluate(sounds)
            assert heard in (0, 1)
            if heard == 1:
                passed = True
                break
        assert passed, "the turn never came back to Ada"
        status = ada.get_by_test_id("status")
        expect(status).to_contain_text("Robo played")  # it came back after the bot's moves
        assert ada.evaluate(sounds) == 1, "exactly one sound"
        notes = ada.evaluate("window.__notes")
        assert notes == [
            {"title": "Your turn at Shipyard", "body": "Ada, the table is waiting for you."}
        ]
        assert ada.title() == "● Your turn — tabletide"
        assert watcher.evaluate(sounds) == 0, "a spectator hears nothing"
        assert watcher.evaluate("window.__notes") == []
        assert "Your turn" not in watcher.title()

        # Back in the foreground: the page's own title again.
        ada.evaluate(
            "window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))"
        )
        assert ada.title() == "▶ Your turn · Shipyard · tabletide"
        ada.screenshot(path=str(ARTIFACTS / f"notify-turn-{tag}.png"))
