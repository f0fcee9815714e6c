"""Pictures are drawn from typed values, never from prose (issue 21).

For random positions of every game and every seat: replacing every action label, log line and
prompt text of the view by "x" leaves the board picture's clickable moves and its shapes
unchanged, and the picture still renders. A picture that found a target, a die or a card by
reading the words of the view would change or break here.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from conformance import seats_of
from tabletide.engine import Rng, State, derive_seed, load_game

GAMES = {  # game: player counts (and options) of the positions checked
    "shipyard": [(2, {}), (4, {})],
    "tiny_epic_pirates": [(1, {}), (3, {})],
    "ahoy": [(2, {}), (4, {})],
    "maracaibo": [(1, {}), (3, {"rubies": True, "skirmish": True})],
    "empires_north": [(2, {}), (4, {})],
}
EVERY = 9  # a position every EVERY decisions of each random game


def without_prose(view: dict[str, Any]) -> dict[str, Any]:
    """The view with every label, log line and prompt text replaced by "x"."""
    twin = copy.deepcopy(view)
    twin["log"] = ["x" for _ in twin["log"]]
    if twin.get("prompt"):
        twin["prompt"]["text"] = "x"
    for item in twin.get("legal_actions", []):
        item["label"] = "x"
    return twin


TEXT_TAGS = {"text", "tspan", "title", "textPath"}


def shapes(svg: str) -> tuple[list[tuple[str, tuple[tuple[str, str], ...]]], list[str]]:
    """The picture without its words: every element but text with its attributes, in order,
    and the ``data-action`` of every clickable element."""
    root = ET.fromstring(svg)
    drawn, actions = [], []
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if "data-action" in element.attrib:
            actions.append(element.attrib["data-action"])
        if tag in TEXT_TAGS:
            continue
        drawn.append((tag, tuple(sorted(element.attrib.items()))))
    return drawn, actions


def positions(name: str, num_players: int, options: dict[str, Any], seed: int) -> list[State]:
    game = load_game(name)
    state = game.new_state(num_players, seed, options)
    rng = Rng(derive_seed("prose", seed))
    out, step = [], 0
    while not state.is_terminal():
        if step % EVERY == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    out.append(state)
    return out


@pytest.mark.parametrize(
    ("name", "num_players", "options"),
    [(name, n, opts) for name, cases in GAMES.items() for n, opts in cases],
)
def test_pictures_read_no_prose(name: str, num_players: int, options: dict[str, Any]) -> None:
    game = load_game(name)
    for state in positions(name, num_players, options, seed=11):
        for seat in seats_of(state):
            view = state.observation(seat)
            where = f"{name} {num_players}p ply {len(state.history)} seat {seat}"
            plain = shapes(game.render_svg(view))
            try:
                blind = shapes(game.render_svg(without_prose(view)))
            except Exception as exc:  # the picture must not need the words to draw at all
                raise AssertionError(f"{where}: no picture without the prose: {exc!r}") from exc
            assert blind[1] == plain[1], f"{where}: clickable moves depend on the words"
            assert blind[0] == plain[0], f"{where}: shapes depend on the words"
