"""Scenario helpers for Empires of the North rule tests: "build the exact position, play it,
assert". Import with ``from .helpers import ...``. Keep these signatures stable: several test
modules use them.

Typical use::

    s = new(2, ("glenn", "olaf"))         # the first Action-phase turn of seat 0 is pending
    clear(s, 0)                           # seat 0: no goods, empty hand and empire, 5 workers
    give(s, 0, wood=2, gold=1)            # goods (and worker=/vp= for workers and VP)
    hand(s, 0, "Clan Feast")              # cards into the hand, by name
    pos = build(s, 0, "Clan Feast")       # a card straight into the empire; its position
    act(s, "build", card=card_id("Clan Feast"))
    run(s, 0, Effect(do="draw", n=2))     # resolve effects for seat 0 directly
    card = make_card(type="action", ...)  # a custom card added to this state's card table

``new`` plays the opening (each seat keeps its first 3 cards) and a Lookout where nobody keeps
anything, so seat 0 (made the start player) takes the first turn of round 1.
"""

from __future__ import annotations

from typing import Any

import tabletide
from scenario import act, find, kind, legal_json
from tabletide.engine import Frame
from tabletide.games.empires_north.constants import GOODS, TILES, WORKER
from tabletide.games.empires_north.content import Card, Effect
from tabletide.games.empires_north.effects import push_effects
from tabletide.games.empires_north.pieces import DISTANT, NEAR, Placed, Ship
from tabletide.games.empires_north.state import EmpiresState

__all__ = [
    "DISTANT",
    "GAME",
    "NEAR",
    "TILES",
    "Card",
    "Effect",
    "Placed",
    "Ship",
    "act",
    "build",
    "card_id",
    "clear",
    "find",
    "give",
    "hand",
    "island_up",
    "kind",
    "kinds",
    "legal_json",
    "make_card",
    "new",
    "pass_all",
    "resume",
    "run",
    "tile",
    "turn",
]

GAME = tabletide.load_game("empires_north")


def card_id(name: str, clan: str | None = None) -> int:
    """The card index of the card (or island) with this name (in ``clan``, when names repeat)."""
    hits = [
        i
        for i, c in enumerate(GAME.content.cards)
        if c.name == name and (clan is None or c.clan == clan)
    ]
    assert len(hits) == 1, f"{len(hits)} cards are named {name!r} (clan {clan})"
    return hits[0]


def tile(name: str) -> int:
    """The ``tile`` parameter of a tile name ("harvest" or "HARVEST")."""
    return TILES.index(name.lower())


def new(
    num_players: int = 2, clans: tuple[str, ...] = ("glenn", "olaf"), seed: int = 0
) -> EmpiresState:
    """A game at the first Action-phase turn of round 1, seat 0 to act and start player."""
    options = {f"clan_{k + 1}": c for k, c in enumerate(clans)}
    s = GAME.new_state(num_players, seed, options)
    assert isinstance(s, EmpiresState)
    while kind(s) == "opening":
        s.apply(s.legal_actions()[0])
    while kind(s) == "lookout":
        act(s, "done")
    assert kind(s) == "turn", kind(s)
    turn(s, 0)
    return s


def turn(s: EmpiresState, p: int) -> None:
    """Make it ``p``'s turn in the Action phase (``p`` becomes the start player)."""
    s.start = s.active = p
    s.stack = [Frame("turn", p)]


def pass_all(s: EmpiresState) -> None:
    """Every player still in the Action phase passes, in turn (the Expedition follows)."""
    for _ in range(2 * s.num_players):
        if kind(s) != "turn":
            return
        act(s, "pass")
    raise AssertionError("the Action phase does not end when every player has passed")


def resume(s: EmpiresState) -> None:
    """Run the automatic steps on top of the stack (after pushing frames by hand)."""
    s.advance()


def clear(s: EmpiresState, p: int, workers: int = 5) -> None:
    """Seat ``p`` with no goods, no cards in hand or empire, an empty discard pile, ``workers``
    ready workers and none tired. The deck keeps its cards."""
    s.goods[p] = dict.fromkeys(GOODS, 0)
    s.hand[p] = []
    s.empire[p] = []
    s.stock[p] = {}
    s.discard[p], s.shown[p] = [], []
    s.workers[p], s.tired[p] = workers, 0


def give(s: EmpiresState, p: int, **goods: int) -> None:
    """Add goods to ``p``'s supply; ``worker=`` adds ready workers, ``vp=`` sets nothing but
    adds VP without the end check."""
    for good, k in goods.items():
        if good == WORKER:
            s.workers[p] += k
        elif good == "vp":
            s.vp[p] += k
        else:
            s.goods[p][good] += k


def hand(s: EmpiresState, p: int, *names: str) -> None:
    """Put cards (by name, from ``p``'s clan or any card) into ``p``'s hand."""
    for name in names:
        s.hand[p].append(_by_name(s, p, name))
    s.hand[p].sort()


def build(s: EmpiresState, p: int, name: str | int, exhausted: bool = False, host: int = -1) -> int:
    """Put a card straight into ``p``'s empire (no cost, bonus or trigger); its position."""
    card = name if isinstance(name, int) else _by_name(s, p, name)
    s.empire[p].append(Placed(card, card, exhausted, host))
    return len(s.empire[p]) - 1


def island_up(s: EmpiresState, d: int, slot: int, name: str) -> int:
    """Show the island ``name`` face up in ``slot`` (0/1) of deck ``d`` (NEAR/DISTANT)."""
    card = card_id(name)
    s.isl_up[d][slot] = card
    return card


def run(s: EmpiresState, p: int, *effects: Effect, source: str = "test") -> None:
    """Resolve ``effects`` for ``p`` as a card would, from the current position."""
    push_effects(s, p, tuple(effects), source)
    s.advance()


def kinds(s: EmpiresState) -> list[str]:
    """The kinds of the legal actions, in order."""
    return [a.kind for a in s.legal_actions()]


def make_card(s: EmpiresState, **fields: Any) -> int:
    """A custom card in this state's card table (not the shared content), for testing a rule
    with a card the stand-in decks do not have; its index. It takes the place of a card of a
    clan nobody plays, so every action can name it."""
    spare = [i for i, c in enumerate(s.cards) if c.clan is not None and c.clan not in s.clan]
    used = getattr(s, "_test_cards", 0)
    index = spare[-1 - used]
    s._test_cards = used + 1  # type: ignore[attr-defined]
    fields.setdefault("id", f"test.card-{index}")
    fields.setdefault("name", fields["id"])
    fields.setdefault("text", "a test card")
    if fields.get("type") != "island":
        fields.setdefault("clan", s.clan[0])
    card = Card.model_validate(fields)
    s.cards = (*s.cards[:index], card, *s.cards[index + 1 :])
    return index


def _by_name(s: EmpiresState, p: int, name: str) -> int:
    hits = [i for i, c in enumerate(s.cards) if c.name == name]
    if len(hits) > 1:
        hits = [i for i in hits if s.cards[i].clan == s.clan[p]] or hits
    assert hits, f"no card named {name!r}"
    return hits[0]
