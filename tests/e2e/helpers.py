"""Driving the web app in a browser: the lobby, clicking moves until the end, screenshots."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

import tabletide
from tabletide.agents import make_agent
from tabletide.engine import Replay

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
"""Screenshots (git-ignored)."""
DESKTOP = {"width": 1366, "height": 768}  # the desktop of issue 25's checks
PHONE = {"width": 390, "height": 844}

SETTLE_TIMEOUT_MS = 60_000
"""Longest wait for the page to be ready for the next click (bots included)."""


@dataclass(frozen=True)
class Server:
    base: str
    db: Path
    log: Path


@dataclass
class Created:
    """What the lobby showed after **Create table**."""

    table_id: str
    seat_links: dict[int, str]
    spectator_link: str


@dataclass
class Played:
    """How a game was played through the page."""

    clicks: int = 0
    board_clicks: int = 0
    button_clicks: int = 0
    seconds: float = 0.0
    shots: list[Path] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.clicks} clicks ({self.board_clicks} on the board, {self.button_clicks} "
            f"on buttons) in {self.seconds:.1f} s"
        )


def shot(page: Page, name: str, *, full_page: bool = False) -> Path:
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def phone_shot(page: Page, name: str) -> Path:
    """A screenshot of the page as a phone shows it (390 px wide), then back to desktop."""
    page.set_viewport_size(PHONE)
    try:
        page.wait_for_timeout(100)  # one layout pass at the new width
        return shot(page, name)
    finally:
        page.set_viewport_size(DESKTOP)


def open_lobby(page: Page, server: Server, game: str = "shipyard") -> None:
    page.goto(f"{server.base}/")
    # The lobby fills its form from GET /api/games.
    expect(page.locator(f"[data-testid=game-select] option[value={game}]")).to_have_count(1)


def create_table(
    page: Page,
    server: Server,
    game: str,
    seats: Sequence[str],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    screenshot: str | None = None,
    bot_speed: str | None = None,
) -> Created:
    """Fill the lobby's form by clicking and typing, create the table, read the links.
    ``seats`` are the ``seat-kind-{i}`` values: ``human``, ``bot:random``..."""
    open_lobby(page, server, game)
    page.get_by_test_id("game-select").select_option(game)
    page.get_by_test_id("player-count").select_option(str(len(seats)))
    for i, kind in enumerate(seats):
        page.get_by_test_id(f"seat-kind-{i}").select_option(kind)
    for name, value in (options or {}).items():
        page.get_by_test_id(f"option-{name}").select_option(json.dumps(value))
    if seed is not None:
        page.get_by_test_id("seed-input").fill(str(seed))
    if bot_speed is not None:
        page.get_by_test_id("bot-speed").select_option(bot_speed)
    expect(page.get_by_test_id("game-description")).not_to_be_empty()
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("table-links")).to_be_visible()
    expect(page.get_by_test_id("create-error")).to_be_hidden()
    if screenshot:
        shot(page, screenshot, full_page=True)
    links = {
        i: page.get_by_test_id(f"seat-{i}-link").input_value()
        for i, kind in enumerate(seats)
        if kind == "human"
    }
    spectator = page.get_by_test_id("spectator-link").input_value()
    table_id = spectator.split("/t/", 1)[1].split("#", 1)[0]
    return Created(table_id, links, spectator)


def open_seat(page: Page, seat: int) -> None:
    """Follow the lobby's "Open" link of a seat and wait for the live view."""
    page.get_by_test_id(f"open-seat-{seat}-link").click()
    page.wait_for_url("**/t/**")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("game")).to_have_attribute("data-version", re.compile(r"\d+"))


SETTLED = """(after) => {
  const g = document.querySelector('[data-testid=game]');
  if (!g || g.dataset.version === undefined) return false;
  if (Number(g.dataset.version) <= after || g.dataset.pending !== 'false') return false;
  if (g.dataset.terminal === 'true') return 'end';
  if (g.dataset.yourTurn !== 'true') return false;
  return document.querySelectorAll('[data-testid=actions] button[data-index]:enabled').length
    ? 'turn' : false;
}"""

# Where to click a board element so that the click lands on it: its centre, else the first
# point of a grid over its box whose topmost element is (inside) an element of this action.
HIT_POINT = """(el) => {
  el.scrollIntoView({block: 'center', inline: 'center'});
  const want = el.getAttribute('data-action');
  const board = el.closest('[data-testid=board]');
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return null;
  const points = [[0.5, 0.5]];
  for (const fy of [0.2, 0.35, 0.5, 0.65, 0.8]) for (const fx of [0.2, 0.35, 0.5, 0.65, 0.8])
    points.push([fx, fy]);
  for (const [fx, fy] of points) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    const hit = top && top.closest && top.closest('[data-action]');
    if (hit && board.contains(hit) && hit.getAttribute('data-action') === want) return [x, y];
  }
  return null;
}"""


def game_state(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.get_by_test_id("game").evaluate("g => ({...g.dataset})")
    return data


def wait_settled(page: Page, after_version: int) -> str:
    """Wait until the page shows a version after ``after_version``, with no move pending,
    and either the game over or this seat to move. Returns ``"end"`` or ``"turn"``."""
    try:
        handle = page.wait_for_function(SETTLED, arg=after_version, timeout=SETTLE_TIMEOUT_MS)
    except Exception as exc:
        raise AssertionError(
            f"the page did not settle after version {after_version}: {game_state(page)}; "
            f"status {page.get_by_test_id('status').text_content()!r}; "
            f"error {page.get_by_test_id('error').text_content()!r}"
        ) from exc
    result: str = handle.json_value()
    return result


def legal_indices(page: Page) -> list[int]:
    found: list[int] = page.locator("[data-testid=actions] button[data-index]").evaluate_all(
        "bs => bs.map(b => Number(b.dataset.index))"
    )
    return found


def click_action(page: Page, index: int) -> str:
    """Play legal action ``index`` by clicking: on the board picture's element marked
    ``data-action`` when it has one that can be hit, else on the action's button.
    Returns ``"board"`` or ``"button"``."""
    targets = page.locator(f"[data-testid=board].clickable [data-action='{index}']")
    for k in range(targets.count()):
        point = targets.nth(k).evaluate(HIT_POINT)
        if point:
            page.mouse.click(point[0], point[1])
            return "board"
    page.get_by_test_id(f"action-{index}").click()
    return "button"


Chooser = Callable[[Page, list[int], int], int]
"""``(page, legal indices, version) -> index`` of the move to play."""


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(_page: Page, legal: list[int], _version: int) -> int:
        return rng.choice(legal)

    return choose


def greedy_chooser(
    server: Server, table_id: str, game: str, players: int, seed: int, options: dict[str, Any]
) -> Chooser:
    """Choose the move the ``greedy`` bot would make for the seat, from the table's journal
    (read from the server's SQLite file): a player who aims at winning ends a long game far
    sooner than random clicks do. The move is still played by clicking."""
    agent = make_agent("greedy", seed=seed)
    loaded = tabletide.load_game(game)

    def choose(_page: Page, legal: list[int], version: int) -> int:
        with sqlite3.connect(server.db) as conn:
            rows = conn.execute(
                "SELECT kind, action, steps FROM tt_moves WHERE table_id = ? ORDER BY seq",
                (table_id,),
            ).fetchall()
        assert len(rows) == version, "the page shows the journal's latest version"
        actions: list[Any] = []
        for kind, action, steps in rows:
            if kind == "act":
                actions.append(json.loads(action))
            elif steps:
                del actions[-steps:]
        state = Replay(loaded.name, players, seed, options, actions).play()
        seat = state.current_player()
        chosen = agent.act(state.determinize(seat, seed * 7919 + len(actions)))
        index = state.legal_actions().index(chosen)
        assert index in legal, (index, legal)
        return index

    return choose


def play_to_end(
    page: Page,
    choose: Chooser,
    *,
    name: str,
    max_clicks: int = 1500,
    max_seconds: float = 600.0,
    mid_shot_at: int = 12,
) -> Played:
    """Click moves until the end screen. Screenshots: mid-game (desktop and phone width) and
    the end screen."""
    played = Played()
    started = time.monotonic()
    version = -1
    while True:
        outcome = wait_settled(page, version)
        version = int(game_state(page)["version"])
        if outcome == "end":
            break
        if played.clicks == mid_shot_at:
            played.shots.append(shot(page, f"{name}-mid"))
            played.shots.append(phone_shot(page, f"{name}-mid-phone"))
        assert played.clicks < max_clicks, f"no end after {max_clicks} clicks"
        assert time.monotonic() - started < max_seconds, f"no end after {max_seconds} s"
        legal = legal_indices(page)
        where = click_action(page, choose(page, legal, version))
        played.clicks += 1
        if where == "board":
            played.board_clicks += 1
        else:
            played.button_clicks += 1
    played.seconds = time.monotonic() - started
    return played


def check_end_screen(page: Page, name: str, players: int) -> list[str]:
    """The end screen: winners, the scoring table (one column per player, the category rows
    and the total score), a replay link. Returns the breakdown's category names (none when the
    game's final view has no scoring by category: then the table holds only the total)."""
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(page.get_by_test_id("status")).to_have_text("Game over")
    expect(page.get_by_test_id("winners")).to_have_text(re.compile(r"\S"))
    breakdown = page.get_by_test_id("breakdown")
    expect(breakdown.locator("thead th")).to_have_count(players + 1)
    rows = breakdown.locator("tbody tr")
    categories: list[str] = rows.locator("th").all_text_contents()
    assert categories and categories[-1] == "score", categories
    for row in range(rows.count()):
        expect(rows.nth(row).locator("td")).to_have_count(players)
    expect(page.get_by_test_id("view-replay")).to_be_visible()
    expect(page.get_by_test_id("undo")).to_be_hidden()
    end.scroll_into_view_if_needed()
    shot(page, f"{name}-end")
    end.screenshot(path=str(ARTIFACTS / f"{name}-end-screen.png"))
    return categories[:-1]
