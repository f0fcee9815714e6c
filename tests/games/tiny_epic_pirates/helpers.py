"""Scenario helpers for Tiny Epic Pirates rule tests: "build the exact position, play it,
assert". Import with ``from .helpers import ...``. Keep these signatures stable: several test
modules depend on them.

Typical use::

    s = new(2)                      # setup done, seat 0 about to move its captain
    put(s, 0, 5)                    # seat 0's ship to position 5 (row 2, col 2), not hidden
    s = with_card(s, 5, storm=True) # that card is now a storm
    dice(s, 6, 6, 2)                # the next six-sided rolls, in order
    start_turn(s, 0)                # the stack is seat 0's fresh turn (step 1 pending)
    act(s, "captain", steps=2)
"""

from __future__ import annotations

from typing import Any

import tabletide
from scenario import ScriptedRng, act, dice, find, kind, legal_json
from tabletide.engine import Frame
from tabletide.games.tiny_epic_pirates import turn
from tabletide.games.tiny_epic_pirates.content import LOOT, MapCard
from tabletide.games.tiny_epic_pirates.state import PiratesState

__all__ = [
    "GAME",
    "ScriptedRng",
    "act",
    "cubes",
    "decision",
    "dice",
    "find",
    "kind",
    "legal_json",
    "new",
    "plain_sea",
    "put",
    "start_turn",
    "with_card",
]

GAME = tabletide.load_game("tiny_epic_pirates")


def new(n: int, seed: int = 0, *, setup: bool = True, **options: Any) -> PiratesState:
    """A fresh game; with ``setup`` every setup choice is taken (first legal action) so that
    the state waits at seat 0's first helm decision. ``n=1`` is the solo game."""
    state = GAME.new_state(n, seed=seed, options=options or None)
    assert isinstance(state, PiratesState)
    while setup and state.stack and state.stack[-1].kind != "helm":
        state.apply(state.legal_actions()[0])
    return state


def put(state: PiratesState, ship: int, pos: int, hidden: bool = False) -> None:
    state.at[ship] = pos
    state.hidden[ship] = hidden


def with_card(state: PiratesState, pos: int, **features: Any) -> PiratesState:
    """Replace the map card at ``pos`` with a plain card having ``features`` (colony, market,
    cove, storm, burial, islands) and resize its burial slots. Other cards are untouched."""
    old = state.card(pos)
    card = MapCard(id=old.id, name=features.pop("name", "test card"), **features)
    cards = list(state.content.map_cards)
    cards[old.id] = card
    state.content = state.content.model_copy(update={"map_cards": tuple(cards)})
    state.burial[pos] = [-1] * len(card.burial)
    return state


def plain_sea(state: PiratesState) -> PiratesState:
    """Every card featureless (no colony, market, cove, storm or burial spot)."""
    for pos in range(16):
        with_card(state, pos)
    return state


def start_turn(state: PiratesState, ship: int) -> None:
    """Throw away the pending decisions and begin ``ship``'s turn from step 1."""
    state.stack.clear()
    state.over = False
    turn.auto_turn(state, Frame("@turn", ship))
    state.advance()


def decision(state: PiratesState, kind_: str, seat: int, record: tuple[Any, ...] = ()) -> None:
    """Make the pending decision exactly ``Frame(kind_, seat, record)`` (nothing below it);
    ``record`` is the kind's record (e.g. ``helm.Pay(3)``), none for a kind without data."""
    state.stack[:] = [Frame(kind_, seat, record)]


def cubes(*names: str) -> list[int]:
    """Loot indices for cargo lists: ``cubes("rum", "rum")``."""
    return sorted(LOOT.index(n) for n in names)
