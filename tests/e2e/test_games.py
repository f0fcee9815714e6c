"""Each game played to its end screen in Chromium, by clicking, against a random bot."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from .helpers import (
    ARTIFACTS,
    Server,
    check_end_screen,
    create_table,
    greedy_chooser,
    open_seat,
    play_to_end,
    random_chooser,
)

pytestmark = pytest.mark.e2e

SEED = 11

GAMES = [
    # game, lobby options, how the person chooses the moves it clicks
    pytest.param("shipyard", {"first_game": True}, "random", id="shipyard"),
    pytest.param("ahoy", {}, "random", id="ahoy"),
    pytest.param("maracaibo", {"first_game": True}, "random", id="maracaibo"),
    pytest.param(
        "empires_north", {"clan_1": "glenn", "clan_2": "olaf"}, "random", id="empires_north"
    ),
    # Random clicks need ~450 moves to end Tiny Epic Pirates (random captains rarely bury
    # treasure); clicking the greedy bot's choice ends it in ~100.
    pytest.param("tiny_epic_pirates", {}, "greedy", id="tiny_epic_pirates"),
    pytest.param(
        "tiny_epic_pirates", {}, "random", id="tiny_epic_pirates-random", marks=pytest.mark.long
    ),
]


@pytest.mark.parametrize(("game", "options", "strategy"), GAMES)
def test_a_full_game_by_clicking_to_the_scoring(
    server: Server, page: Page, game: str, options: dict[str, Any], strategy: str
) -> None:
    name = game if strategy != "random" or game != "tiny_epic_pirates" else f"{game}-random"
    created = create_table(
        page, server, game, ["human", "bot:random"], options, SEED, screenshot=f"{name}-lobby"
    )
    open_seat(page, 0)
    chooser = (
        greedy_chooser(server, created.table_id, game, 2, SEED, options)
        if strategy == "greedy"
        else random_chooser(SEED)
    )
    played = play_to_end(page, chooser, name=name)
    categories = check_end_screen(page, name, players=2)
    assert played.clicks > 0
    summary = {"game": game, "strategy": strategy, "categories": categories, **vars(played)}
    summary["shots"] = [p.name for p in played.shots]
    (ARTIFACTS / f"{name}-summary.json").write_text(json.dumps(summary, indent=1))
    print(f"{name}: {played.summary()}; scoring by {', '.join(categories) or '(total only)'}")
    assert categories, "the end screen shows the scoring by category"
