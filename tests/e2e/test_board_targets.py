"""Every glowing target on a board is clickable (issue 21), in Chromium.

For positions of random games of each game, the seat to move's board picture is put on a page
with the app's stylesheet at desktop width. For every element marked ``data-action`` (a legal
move, highlighted on the page), the element under the centre of its box must belong to a target
of the same move: otherwise the glow invites a click that lands on something else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tabletide.engine import Rng, derive_seed, load_game

pytestmark = pytest.mark.e2e

CSS = Path(__file__).resolve().parents[2] / "src/tabletide/web/static/css/app.css"
GAMES = {"shipyard": 3, "tiny_epic_pirates": 2, "ahoy": 3, "maracaibo": 2, "empires_north": 3}
POSITIONS = 8  # decisions checked per game, spread over one random game
WIDTH = 1366

MISSES = """() => {
  const misses = [];
  for (const el of document.querySelectorAll('[data-action]')) {
    const want = el.getAttribute('data-action');
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    el.scrollIntoView({block: 'center', inline: 'center'});
    const s = el.getBoundingClientRect();
    const top = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
    const hit = top && top.closest ? top.closest('[data-action]') : null;
    if (!hit || hit.getAttribute('data-action') !== want) {
      misses.push({want, tag: el.tagName, got: hit ? hit.getAttribute('data-action') : null,
                   top: top ? top.tagName : null, x: Math.round(x), y: Math.round(y)});
    }
  }
  return misses;
}"""


def boards(name: str, num_players: int) -> list[tuple[int, str]]:
    """``(ply, svg)`` of the deciding seat's picture at positions spread over a random game."""
    game = load_game(name)
    state = game.new_state(num_players, 5)
    rng = Rng(derive_seed("targets", name))
    seen: list[tuple[int, str]] = []
    while not state.is_terminal():
        seen.append(
            (len(state.history), game.render_svg(state.observation(state.current_player())))
        )
        state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(seen) // POSITIONS)
    return seen[::step][:POSITIONS]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_glowing_target_is_clickable(page: Page, name: str) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 900})
    css = CSS.read_text(encoding="utf-8")
    failures: list[dict[str, Any]] = []
    checked = 0
    for ply, svg in boards(name, GAMES[name]):
        page.set_content(
            f"<html><head><style>{css}</style></head><body>"
            f"<div class='board clickable' data-testid='board'>{svg}</div></body></html>"
        )
        checked += page.locator("[data-action]").count()
        failures += [{"ply": ply, **miss} for miss in page.evaluate(MISSES)]
    assert checked > 0, f"{name}: no target on any board"
    assert not failures, (
        f"{name}: {len(failures)} of {checked} targets cannot be hit: {failures[:8]}"
    )


def test_a_covered_target_is_reported(page: Page) -> None:
    """The check itself: a target drawn under another shape is a miss, one on top is not."""
    page.set_content(
        "<div class='board clickable'><svg viewBox='0 0 100 50' width='400'>"
        "<rect data-action='0' x='0' y='0' width='40' height='40'/>"
        "<rect x='10' y='10' width='20' height='20' fill='red'/>"
        "<rect data-action='1' x='50' y='0' width='40' height='40'/>"
        "</svg></div>"
    )
    misses = page.evaluate(MISSES)
    assert [m["want"] for m in misses] == ["0"]
