"""Scenario helpers for Pirates of Maracaibo rule tests: "build the exact position, play it,
assert". Import with ``from .helpers import ...``. Keep these signatures stable: several test
modules use them.

Nodes: ``at(col, row)`` is the grid cell in column 1..9, row 0..3 ("3a" = ``at(3, 0)``);
``START``, ``BAY`` and ``MARACAIBO`` are the other nodes. Typical use::

    s = new(2)                                   # setup done: seat 0's first move is pending
    place(s, at(2, 1), "Tobago")                 # that card onto a slot (swapped with its old one)
    ship(s, 1, at(2, 1))                         # seat 1's ship there
    begin(s, 0, at(1, 1))                        # seat 0's turn starts with its ship on 1b
    dice(s, 5, 2, 6)                             # the next die rolls (yellow, green, white)
    act(s, "sail", to=at(2, 1))
    run(s, 0, Effect(do="bury"))                 # resolve effects for seat 0 directly
"""

from __future__ import annotations

from typing import Any

import tabletide
from scenario import ScriptedRng, act, dice, find, kind, legal_json
from tabletide.games.maracaibo.constants import BAY, GRID, MARACAIBO, START, cell
from tabletide.games.maracaibo.content import COLORS, Effect
from tabletide.games.maracaibo.effects import push_effects
from tabletide.games.maracaibo.state import MaracaiboState

__all__ = [
    "BAY",
    "COLORS",
    "GAME",
    "MARACAIBO",
    "QUEST_COUNTS",
    "START",
    "Effect",
    "ScriptedRng",
    "act",
    "arrive_at",
    "at",
    "begin",
    "buried",
    "card_id",
    "dice",
    "fill_buried",
    "find",
    "give",
    "kind",
    "kinds",
    "legal_json",
    "new",
    "node_of",
    "place",
    "run",
    "ship",
    "treasure",
]

GAME = tabletide.load_game("maracaibo")

QUEST_COUNTS = {
    1: {"cards"},
    2: {"buried"},
    3: {"residences"},
    4: {"income_d"},
    5: {"income_vp"},
    6: {"cards_res"},
    7: {"river"},
    9: {"ship"},
    10: {"buried", "income_vp"},
    11: {"lightning"},
    12: {"upgrades"},
    13: {"crew", "river"},
    14: {"equipment", "river"},
    15: {"equipment", "crew"},
    16: {"ship", "residences"},
    17: {"buried", "river"},
}
"""What each quest type of MA-10.4 counts (types 1/3/6 as disambiguated, MA-GAP-8.2)."""


def at(col: int, row: int) -> int:
    """The grid node of column ``col`` (1..9) and row ``row`` (0..3)."""
    return cell(col, row)


def new(n: int, seed: int = 0, *, setup: bool = True, **options: Any) -> MaracaiboState:
    """A fresh game; with ``setup`` each player discards its first drafted quest, so the state
    waits at seat 0's first move."""
    state = GAME.new_state(n, seed=seed, options=options)
    assert isinstance(state, MaracaiboState)
    while setup and state.stack and state.stack[-1].kind == "draft":
        state.apply(state.legal_actions()[0])
    return state


def card_id(s: MaracaiboState, name: str) -> int:
    """The card index of the card called ``name``."""
    return next(i for i, c in enumerate(s.cards) if c.name == name)


def node_of(s: MaracaiboState, name: str) -> int:
    """The grid node where the card ``name`` lies, or -1."""
    card = card_id(s, name)
    return next((n for n in range(GRID) if s.slot[n] == card), -1)


def place(s: MaracaiboState, node: int, name: str, *, up: bool = True) -> int:
    """Put the card ``name`` on grid ``node`` (face up unless ``up=False``). If it lies
    elsewhere in the Caribbean the two cards swap; otherwise the old card goes to the box and
    the new one leaves the box / level II deck. Returns the card index."""
    card = card_id(s, name)
    old = s.slot[node]
    where = node_of(s, name)
    if where >= 0:
        s.slot[where], s.up[where] = old, s.up[node]
    else:
        _unpile(s, card)
        if old >= 0:
            s.box.append(old)
    s.slot[node], s.up[node] = card, up
    if s.cards[card].type == "residence":
        s.res.setdefault(card, [])
    return card


def _unpile(s: MaracaiboState, card: int) -> None:
    """Take ``card`` out of the box or the level II deck, wherever it lies."""
    for pile in (s.box, s.deck2):
        if card in pile:
            i = pile.index(card)
            pile.pop(i)
            if pile is s.deck2:
                s.deck2_up.pop(i)


def ship(s: MaracaiboState, p: int, node: int) -> None:
    s.ship[p] = node


def begin(s: MaracaiboState, p: int, node: int | None = None) -> None:
    """Start ``p``'s turn (its ship on ``node`` if given): the stack becomes a fresh turn."""
    if node is not None:
        s.ship[p] = node
    s.active = p
    s.stack.clear()
    s.push("@turn", 0 if p == s.john else p)
    s.advance()


def arrive_at(s: MaracaiboState, p: int, node: int) -> None:
    """``p``'s ship ends its move on ``node`` now: payments, skirmish and the space's actions
    follow (the turn then ends as usual)."""
    from tabletide.games.maracaibo.movement import arrive

    s.active = p
    s.stack.clear()
    s.raid_used = []
    s.push("@end_turn", p)
    s.ship[p] = node
    arrive(s, p, node)
    s.advance()


def run(s: MaracaiboState, p: int, *effects: Effect, ctx: int = -1) -> None:
    """Resolve ``effects`` for ``p`` as a card or space would (the turn then ends as usual)."""
    s.active = p
    s.stack.clear()
    s.raid_used = []
    s.push("@end_turn", p)
    push_effects(s, p, tuple(effects), ctx)
    s.advance()


def give(s: MaracaiboState, p: int, name: str) -> int:
    """Put the upgrade card ``name`` into ``p``'s tableau (no lightning effects)."""
    card = card_id(s, name)
    where = node_of(s, name)
    if where >= 0:
        new_card, face_up = s.draw_level2()
        s.slot[where], s.up[where] = new_card, face_up
    _unpile(s, card)
    s.owned[p].append(card)
    return card


def treasure(s: MaracaiboState, p: int, color: str, n: int) -> None:
    """Give ``p`` ``n`` treasures of ``color`` above the burial line (no bonus spaces)."""
    s.store[p][COLORS.index(color)] += n


def kinds(s: MaracaiboState) -> list[str]:
    """The kinds of the legal actions now."""
    return [a.kind for a in s.legal_actions()]


def fill_buried(s: MaracaiboState, p: int, counts: list[int]) -> None:
    """``p``'s hideout with the first ``counts[c]`` buried-treasure spaces of each colour
    filled (gold, emerald, pearl)."""
    s.buried_at[p] = [(1 << n) - 1 for n in counts]


def buried(s: MaracaiboState, p: int) -> list[int]:
    """How many treasures of each colour ``p`` has buried in its hideout (not on Poseidon)."""
    return [s.buried_in(p, c) for c in range(len(COLORS))]
