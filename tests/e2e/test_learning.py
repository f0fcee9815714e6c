"""Learning a game at the table (issue 22), in Chromium, for each game: the Rules panel opens
at the current decision's rules and can be searched; on a phone, tapping an option's "?"
shows what it will do; "Why can't I…?" lists closed options with their reasons; the Hint
button shows the hard bot's top options. Screenshots go to test-artifacts/e2e/learn-*.png.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .helpers import (
    PHONE,
    Server,
    click_action,
    create_table,
    game_state,
    legal_indices,
    open_seat,
    shot,
    wait_settled,
)

pytestmark = pytest.mark.e2e

GAMES = [
    ("shipyard", {"first_game": True}),
    ("tiny_epic_pirates", {}),
    ("ahoy", {}),
    ("maracaibo", {"first_game": True}),
    ("empires_north", {"clan_1": "glenn", "clan_2": "olaf"}),
]
MAX_MOVES = 60
"""Random moves played at most until the main decision closes an option."""


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_rules_panel_explanations_why_not_and_hint(
    server: Server, page: Page, game: str, options: dict[str, Any]
) -> None:
    create_table(page, server, game, ["human", "bot:random"], options, seed=9)
    open_seat(page, 0)
    assert wait_settled(page, -1) == "turn"

    # The Rules panel is open beside the table, at the section of the decision's first rule.
    panel = page.get_by_test_id("rules-panel")
    expect(panel).to_have_attribute("open", "")
    links = page.locator("[data-testid=prompt-rules] button.rule-link")
    expect(links.first).to_be_visible()
    rule = links.first.get_attribute("data-rule")
    current = panel.locator("article[data-current]")
    expect(current).to_have_count(1)
    expect(current.locator(f".rule-id.current[data-rule='{rule}']").first).to_be_visible()
    shot(page, f"learn-{game}-rules")
    search = page.get_by_test_id("rules-search")
    search.fill("score")
    total = panel.locator("article").count()
    shown = panel.locator("article:visible").count()
    assert 0 < shown < total, (shown, total)
    search.fill("")

    # On a phone (390 px wide, no hover): "?" beside an option shows what it will do.
    page.set_viewport_size(PHONE)
    index = legal_indices(page)[0]
    detail = page.get_by_test_id(f"detail-{index}")
    expect(detail).to_be_hidden()
    page.get_by_test_id(f"explain-{index}").click()
    expect(detail).to_be_visible()
    assert len(detail.text_content() or "") > 20
    detail.scroll_into_view_if_needed()
    shot(page, f"learn-{game}-explain-phone")

    # "Why can't I…?": play on until the main decision has an option closed.
    rng = random.Random(game)
    why = page.get_by_test_id("why-not")
    for _ in range(MAX_MOVES):
        if why.is_visible():
            break
        version = int(game_state(page)["version"])
        click_action(page, rng.choice(legal_indices(page)))
        assert wait_settled(page, version) == "turn", "the game ended before a closed option"
    expect(why).to_be_visible()
    why.locator("summary").click()
    first = why.locator("li").first
    expect(first).to_be_visible()
    assert ":" in (first.text_content() or "")
    first.locator("button.rule-link").click()
    expect(panel).to_have_attribute("open", "")
    expect(panel.locator("article[data-current]")).to_have_count(1)
    why.scroll_into_view_if_needed()
    shot(page, f"learn-{game}-why-not-phone")

    # The hint: the hard bot's top options, marked in the list.
    hint = page.get_by_test_id("hint")
    hint.click()
    box = page.get_by_test_id("hint-box")
    expect(box).to_be_visible(timeout=60_000)
    expect(box.locator("li").first).to_be_visible()
    assert 1 <= box.locator("li").count() <= 3
    expect(page.locator("[data-testid=actions] .action-item.hinted").first).to_be_visible()
    box.scroll_into_view_if_needed()
    shot(page, f"learn-{game}-hint-phone")


def test_a_table_with_hints_off_shows_no_hint_button(server: Server, page: Page) -> None:
    page.goto(f"{server.base}/")
    expect(page.locator("[data-testid=game-select] option[value=shipyard]")).to_have_count(1)
    page.get_by_test_id("game-select").select_option("shipyard")
    expect(page.get_by_test_id("game-rules")).to_have_attribute("href", "/rules/shipyard")
    page.get_by_test_id("hints-input").uncheck()
    page.get_by_test_id("seat-kind-1").select_option("bot:random")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("table-links")).to_be_visible()
    open_seat(page, 0)
    assert wait_settled(page, -1) == "turn"
    expect(page.get_by_test_id("hint")).to_be_hidden()
    expect(page.get_by_test_id("actions").locator("button[data-index]").first).to_be_enabled()


def test_the_rules_page_opens_at_a_rule(server: Server, page: Page) -> None:
    page.goto(f"{server.base}/rules/shipyard#SY-1.2")
    expect(page.get_by_test_id("rules-title")).to_have_text("Shipyard: rules")
    marked = page.locator("article[data-current] .rule-id.current[data-rule='SY-1.2']")
    expect(marked.first).to_be_visible()
    shot(page, "learn-rules-page")


def test_every_reference_renders_with_its_diagrams(server: Server, page: Page) -> None:
    for game, _ in GAMES:
        page.goto(f"{server.base}/rules/{game}")
        expect(page.locator("article").first).to_be_visible()
        assert page.locator("article").count() > 10
        images = page.locator("article img")
        for k in range(images.count()):
            images.nth(k).scroll_into_view_if_needed()
            expect(images.nth(k)).to_have_js_property("complete", True)
            assert images.nth(k).evaluate("i => i.naturalWidth") > 0, f"{game}: picture {k}"
