"""The post-game analysis in the browser: a game against a bot ends with the page open; its end
screen says "analysing…" and then, pushed over the WebSocket without a reload, draws the graph
of each player's chances; a key moment opens the replay viewer at that step, whose graph marks
the step shown and jumps where it is clicked."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import FilePayload, Page, ViewportSize, expect

from .helpers import ARTIFACTS, Server, legal_indices, shot, wait_settled

pytestmark = pytest.mark.e2e

SEED = 11
WIDE: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


def create_table(server: Server) -> tuple[str, str]:
    """A Shipyard first game, Ada (a person) against a random bot; its id and Ada's token."""
    body: dict[str, Any] = {
        "game": "shipyard",
        "seats": [
            {"kind": "human", "name": "Ada"},
            {"kind": "bot", "bot": "random", "name": "Robo"},
        ],
        "options": {"first_game": True},
        "seed": SEED,
    }
    answer = httpx.post(f"{server.base}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    token = next(s["token"] for s in data["links"]["seats"] if s["seat"] == 0)
    return data["table"]["id"], token


def play_through_the_api(page: Page, server: Server, table_id: str, token: str) -> int:
    """Ada's moves are sent through the REST API (quicker than clicking); the open page is
    what says when it is her turn again. Returns how many moves she made."""
    rng = random.Random(SEED)
    version = -1
    moves = 0
    with httpx.Client(base_url=server.base, timeout=30) as client:
        while wait_settled(page, version) == "turn":
            version = int(page.get_by_test_id("game").get_attribute("data-version") or "0")
            index = rng.choice(legal_indices(page))
            answer = client.post(
                f"/api/tables/{table_id}/actions",
                headers={"Authorization": f"Bearer {token}"},
                json={"index": index, "version": version},
            )
            assert answer.status_code == 200, answer.text
            moves += 1
            assert moves < 1000, "the game does not end"
    return moves


def test_the_end_screen_graph_and_the_replay_at_a_key_moment(server: Server, page: Page) -> None:
    table_id, token = create_table(server)
    page.set_viewport_size(WIDE)
    page.goto(f"{server.base}/t/{table_id}#{token}")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    page.evaluate("window.__sameDocument = true")
    assert play_through_the_api(page, server, table_id, token) > 0

    # The end screen: "analysing…" first, then the graph, pushed to the open page.
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    section = page.get_by_test_id("analysis")
    graph = page.get_by_test_id("analysis-graph")
    expect(graph).to_have_attribute("data-state", "ready", timeout=60_000)
    assert section.get_attribute("data-seen") == "pending ready"
    assert page.evaluate("window.__sameDocument") is True, "the page was not reloaded"
    expect(page.get_by_test_id("analysis-status")).to_be_hidden()
    analysis = httpx.get(f"{server.base}/api/tables/{table_id}/analysis", timeout=30).json()
    assert analysis["status"] == "ready"
    plies = analysis["analysis"]["plies"]
    moments = analysis["analysis"]["key_moments"]
    assert moments, "this game has key moments"
    expect(graph).to_have_attribute("data-plies", str(len(plies)))
    expect(page.get_by_test_id("analysis-svg")).to_be_visible()
    for seat in (0, 1):
        expect(page.get_by_test_id(f"analysis-line-{seat}")).to_have_count(1)
    expect(page.get_by_test_id("analysis-legend").locator("li")).to_have_text(
        [re.compile(r"^Ada \(\d+% at the end\)$"), re.compile(r"^Robo \(\d+% at the end\)$")]
    )
    links = page.get_by_test_id("analysis-moments").locator("a")
    expect(links).to_have_count(len(moments))
    first = moments[0]
    step = first["ply"] + 1
    expect(links.first).to_have_text(re.compile(rf"^Step {step}: (Ada|Robo) played .+; hard"))
    mark = page.get_by_test_id("analysis-moment-0")
    expect(mark).to_have_attribute("data-step", str(step))
    expect(mark.locator("title")).to_have_text(
        f"Step {step}: {['Ada', 'Robo'][first['seat']]} played {first['played']}; hard would "
        f"play {first['better']}, +{round(first['swing'] * 100)}%"
    )
    section.scroll_into_view_if_needed()
    shot(page, "analysis-end-1366")
    page.set_viewport_size(PHONE)
    section.scroll_into_view_if_needed()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways at 390 px ({width} px)"
    box = page.get_by_test_id("analysis-svg").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    shot(page, "analysis-end-390")
    page.set_viewport_size(WIDE)

    # A key moment's mark opens the replay viewer at that step, the marker there.
    mark.click()
    page.wait_for_url(re.compile(rf"/replay\?table={table_id}&step={step}$"))
    viewer = page.get_by_test_id("replay-viewer")
    expect(viewer).to_have_attribute("data-step", str(step))
    replay_graph = page.get_by_test_id("analysis-graph")
    expect(replay_graph).to_have_attribute("data-state", "ready")
    expect(replay_graph).to_have_attribute("data-marker", str(step))
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step {step} of {len(plies)}")

    # A click anywhere on the graph jumps to the nearest step, and the marker follows.
    svg = page.get_by_test_id("analysis-svg")
    box = svg.bounding_box()
    assert box is not None
    svg.click(position={"x": box["width"] * 0.5, "y": box["height"] * 0.5})
    expect(viewer).not_to_have_attribute("data-step", str(step))
    middle = int(viewer.get_attribute("data-step") or "-1")
    assert abs(middle - len(plies) / 2) <= len(plies) * 0.1, (middle, len(plies))
    expect(replay_graph).to_have_attribute("data-marker", str(middle))
    page.get_by_test_id("replay-forward").click()
    expect(replay_graph).to_have_attribute("data-marker", str(middle + 1))

    # The list's links jump too (the last key moment).
    last = moments[-1]["ply"] + 1
    page.get_by_test_id(f"analysis-moment-link-{len(moments) - 1}").click()
    expect(viewer).to_have_attribute("data-step", str(last))
    expect(replay_graph).to_have_attribute("data-marker", str(last))
    shot(page, "analysis-replay-1366")
    page.set_viewport_size(PHONE)
    page.get_by_test_id("analysis").scroll_into_view_if_needed()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the replay scrolls sideways at 390 px ({width} px)"
    shot(page, "analysis-replay-390")
    assert (ARTIFACTS / "analysis-replay-390.png").exists()


def test_an_uploaded_replay_shows_no_analysis(server: Server, page: Page) -> None:
    """A replay file has no stored analysis: no graph, no error."""
    table_id, token = create_table(server)
    page.goto(f"{server.base}/t/{table_id}#{token}")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    play_through_the_api(page, server, table_id, token)
    replay = httpx.get(f"{server.base}/api/tables/{table_id}/replay", timeout=30)
    assert replay.status_code == 200
    page.goto(f"{server.base}/replay")
    upload: FilePayload = {
        "name": "game.json",
        "mimeType": "application/json",
        "buffer": replay.content,
    }
    page.get_by_test_id("replay-file").set_input_files(files=[upload])
    expect(page.get_by_test_id("replay-viewer")).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("analysis")).to_be_hidden()
    expect(page.get_by_test_id("replay-error")).to_be_hidden()
