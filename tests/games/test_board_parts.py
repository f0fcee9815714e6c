"""The boards' parts drawn once per what they read (``svg.Parts``, issue 26) draw what the
part would draw afresh: over random play of every game with a part table, each seat's and the
spectator's picture is the picture drawn with every table emptied first."""

from __future__ import annotations

import importlib
import random

import pytest

from tabletide.engine import load_game
from tabletide.svg import Parts

GAMES = ["shipyard", "ahoy", "empires_north"]


def _tables(name: str) -> list[Parts]:
    board = importlib.import_module(f"tabletide.games.{name}.present.board")
    return [value for value in vars(board).values() if isinstance(value, Parts)]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_parts_drawn_once_are_the_parts_drawn_afresh(name: str, seed: int) -> None:
    game = load_game(name)
    tables = _tables(name)
    assert tables, "the board keeps its parts in an svg.Parts"
    state = game.new_state(2, seed)
    state.set_names(["Ann", "Bob"])
    rng = random.Random(seed)
    reused = 0
    for _ in range(80):
        if state.is_terminal():
            break
        for seat in (0, 1, None):
            view = state.observation(seat)
            kept = sum(len(t._table) for t in tables)
            with_parts = game.render_svg(view)
            reused += kept > 0 and sum(len(t._table) for t in tables) == kept
            saved = [dict(t._table) for t in tables]
            for t in tables:
                t._table.clear()
            assert game.render_svg(view) == with_parts, (name, seat, len(state.history))
            for t, table in zip(tables, saved, strict=True):
                t._table.clear()
                t._table.update(table)
        state.apply(rng.choice(state.legal_actions()))
    assert reused > 0, "some pictures were drawn from parts already drawn"
