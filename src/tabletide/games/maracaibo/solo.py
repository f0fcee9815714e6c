"""John Silver, the solo opponent (MA-8, MA-GAP-11): his deck, his turn, his ship board and his
raid & exploration track. John is not an engine seat: his turns are automatic steps driven by
his cards and the dice, never by a search or a policy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletide.engine import Frame
from tabletide.games.maracaibo.board import destinations, paths
from tabletide.games.maracaibo.constants import (
    BAY,
    FIRST_BUILDER_VP,
    GRID,
    MARACAIBO,
    NODES,
    UNCHARTED_SOLO_VP,
    column,
    row,
)
from tabletide.games.maracaibo.content import COLORS, Card, Solo, SoloSlot, Track
from tabletide.games.maracaibo.effects import take_card
from tabletide.games.maracaibo.explore import move_explorer, reach, river_ids
from tabletide.games.maracaibo.memo import per_object
from tabletide.games.maracaibo.movement import arrive
from tabletide.games.maracaibo.movement import reveal as reveal_card

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S

RANGE = 3  # MA-8.13
RAID = ((0, 1, False), (2, 1, False), (2, 1, True), (3, 2, True))
"""MA-8.15 by level: (VP, cubes, refill the island when John has more than the player)."""
EXPLORE = ((0, 3), (1, 3), (2, 4), (2, 6))
"""MA-8.17 by level: (extra steps, VP)."""


def setup_deck(s: S, b_cards: int) -> None:
    """MA-8.5/8.6: the 6 A cards with ``b_cards`` of them swapped for random B cards."""
    cards = s.content.solo.cards
    a = [i for i, c in enumerate(cards) if c.deck == "A"]
    b = [i for i, c in enumerate(cards) if c.deck == "B"]
    s.rng.shuffle(a)
    s.rng.shuffle(b)
    s.solo_deck = a[b_cards:] + b[:b_cards]
    s.rng.shuffle(s.solo_deck)
    s.solo_out = []


def die(s: S) -> int:
    return 1 + s.rng.below(6)


# ---------------------------------------------------------------------------- the turn
def auto_john(s: S, f: Frame) -> None:
    j = s.john
    if s.ship[j] == BAY:  # MA-8.10: checked first
        s.log("sail", j, frm=BAY, to=MARACAIBO)
        s.ship[j] = MARACAIBO
        if not s.ending:
            s.log("round_ends", j, round=s.round)
        s.ending = True
        john_upgrade(s)
        s.vp[j] += 6
        s.log("maracaibo", j, vp=6)
        return
    for _ in range(2 * len(s.content.solo.cards)):  # MA-8.11/8.13, with a guard (MA-GAP-11.11)
        card = reveal(s)
        solo_card = s.content.solo.cards[card]
        s.log("solo_card", j, card=card, deck=solo_card.deck)
        if solo_card.bonus is not None:  # MA-8.26: before the movement
            bonus(s, solo_card.bonus)
        for action in solo_card.actions:
            target = find_target(s, action, solo_card.categories)
            if target is not None:
                node, extra = target
                sail(s, node)
                perform(s, action, node, extra)
                return
        s.log("solo_skip", j, card=card)
    node = best(destinations(s.board, s.ship[j], RANGE))
    sail(s, node)


def reveal(s: S) -> int:
    if not s.solo_deck:
        s.solo_deck, s.solo_out = s.solo_out, []
        s.rng.shuffle(s.solo_deck)
    card = s.solo_deck.pop()
    s.solo_out.append(card)
    return card


_PREFERENCE = tuple((-column(n), row(n)) for n in range(NODES))
"""MA-8.14's order of the nodes, lowest first: the column closest to Maracaibo, then the
topmost."""


def best(nodes: Iterable[int]) -> int:
    """MA-8.14: the column closest to Maracaibo, then the topmost."""
    return min(nodes, key=_PREFERENCE.__getitem__)


def find_target(s: S, action: str, categories: tuple[str, ...]) -> tuple[int, str] | None:
    """Where John sails for ``action`` within range 3, or None when it is impossible."""
    j = s.john
    reach = destinations(s.board, s.ship[j], RANGE)
    slot, up = s.slot, s.up
    if action == "upgrade":  # MA-8.20: by the card's category order
        cards = s.cards
        shown = [(n, cards[slot[n]].category) for n in reach if n < GRID and slot[n] >= 0 and up[n]]
        for category in categories:
            nodes = [n for n, c in shown if c == category]
            if nodes:
                return best(nodes), category
        return None
    if action == "gain_upgrade" and not s.deck2:
        return None
    if action == "quest" and not (s.quest_offer or s.quest_deck):
        return None
    # a face-up location offering the action ("gain_upgrade": any card effect)
    wanted = "card" if action == "gain_upgrade" else action
    kinds = location_kinds(s.cards)
    nodes = [n for n in reach if n < GRID and slot[n] >= 0 and up[n] and wanted in kinds[slot[n]]]
    if action in ("raid", "explore") and BAY in reach:  # MA-8.21
        nodes.append(BAY)
    if action == "explore" and not john_can_explore(s):
        return None
    return (best(nodes), "") if nodes else None


@per_object
def location_kinds(cards: tuple[Card, ...]) -> tuple[frozenset[str], ...]:
    """Per card, the kinds of effect (``Effect.do``) among its location actions, none for a
    card that is not a location (computed once per card list, an immutable tuple shared by
    every state of a game)."""
    return tuple(
        frozenset(e.do for group in c.actions for alt in group for e in alt)
        if c.type == "location"
        else frozenset()
        for c in cards
    )


def sail(s: S, node: int) -> None:
    """Move John, turning face-down cards on his route (MA-9.4, MA-9.8: the route that turns
    the most), then payments or a skirmish with the player's ship. Only Uncharted Waters:
    Locations pays him VP for a location (a face-down level II location of the Upgrades
    module is merely turned)."""
    j = s.john
    routes = paths(s.board, s.ship[j], RANGE).get(node, ((node,),))
    if len(routes) == 1:
        route = routes[0]
    else:
        route = max(routes, key=lambda r: sum(1 for n in r if face_down(s, n)))
    s.log("sail", j, frm=s.ship[j], to=node)
    for n in route:
        if face_down(s, n):
            kind = s.cards[s.slot[n]].type
            reveal_card(s, n)
            if kind == "location" and "uncharted_locations" in s.mods:
                s.coins[n] = 0
                vp = UNCHARTED_SOLO_VP[s.round - 1]
                s.vp[j] += vp
                s.log("uncharted", j, at=n, vp=vp)
    s.ship[j] = node
    arrive(s, j, node)


def face_down(s: S, n: int) -> bool:
    return n < GRID and s.slot[n] >= 0 and not s.up[n]


def perform(s: S, action: str, node: int, category: str) -> None:
    j = s.john
    if action == "upgrade":
        take_card(s, j, node, 0)
        return
    if node < GRID:  # the location steps of §8.3
        card = s.slot[node]
        if card in s.refill_of:
            s.islands[COLORS.index(s.refill_of[card])] += 1
            s.log("refill", j, color=s.refill_of[card], n=1)
        if s.ruby_supply(node):
            s.rubies[j] += 1
            s.log("ruby", j)
        john_upgrade(s)
    elif node == BAY and "rubies" in s.mods and s.rubies[j]:
        sell_ruby(s)
    if action == "raid":
        john_raid(s)
    elif action == "explore":
        john_explore(s, s.content.solo.bay_explore if node == BAY else explore_value(s, node))
    elif action == "quest":
        john_quest(s)
    elif action == "gain_upgrade":  # MA-8.19: the top card of the level II deck
        card = s.deck2.pop()
        s.deck2_up.pop()
        s.owned[j].append(card)
        s.log("card", j, card=card, paid=0, refill=None)


def explore_value(s: S, node: int) -> int:
    card = s.cards[s.slot[node]]
    return max(e.n for group in card.actions for alt in group for e in alt if e.do == "explore")


def bonus(s: S, kind: str) -> None:
    if kind == "ship_upgrade":
        john_upgrade(s)
    elif kind == "raid":
        john_raid(s)
    elif john_can_explore(s):
        john_explore(s, s.content.solo.bonus_explore)


# ---------------------------------------------------------------------------- his boards
def level(s: S) -> int:
    return s.content.solo.levels[s.john_level]


def john_upgrade(s: S) -> None:
    """MA-8.24: the first empty slot (columns left to right, each top to bottom)."""
    j = s.john
    order = upgrade_order(s.content.solo)
    if s.john_slots >= len(order):
        return
    kind = order[s.john_slots]
    s.john_slots += 1
    s.log("john_upgrade", j, slot=kind)
    if kind == "strength":
        s.john_level = min(s.john_level + 1, len(s.content.solo.levels) - 1)
    elif kind == "figurehead":
        if s.fig[0] >= 0 or not s.fig_offer:  # the player already has one: skip
            return
        roll = die(s)
        offer = s.fig_offer
        i = min((roll - 1) * len(offer) // 6, len(offer) - 1)  # thirds; halves with 2 left
        gone = offer.pop(i)
        s.log("figurehead_removed", j, fig=gone, roll=roll)
    elif kind == "quest":
        john_quest(s)
    else:
        john_residence(s)


@per_object
def upgrade_order(solo: Solo) -> tuple[SoloSlot, ...]:
    """John's ship board slots in filling order (once per immutable solo content)."""
    return tuple(slot for col in solo.board for slot in col)


def john_quest(s: S) -> None:
    """MA-8.18: the rightmost offer card; the others shift right; one new card on the left."""
    j = s.john
    if s.quest_offer:
        q = s.quest_offer.pop()
        if s.quest_deck:
            s.quest_offer.insert(0, s.quest_deck.pop())
        s.log("quest", j, source="offer", quest=q)
    elif s.quest_deck:
        q = s.quest_deck.pop()
        s.log("quest", j, source="deck")
    else:
        return
    s.quests[j].append(q)


def john_residence(s: S) -> None:
    """MA-8.24 d: residences numbered 1-4 left to right, top to bottom; roll, reroll 5-6 and
    ones John built; all built: skip (MA-GAP-11.8)."""
    j = s.john
    nodes = sorted(
        (n for n in range(GRID) if s.slot[n] >= 0 and s.cards[s.slot[n]].type == "residence"),
        key=lambda n: (column(n), row(n)),
    )
    if all(j in s.res[s.slot[n]] for n in nodes):
        return
    while True:
        roll = die(s)
        if roll <= len(nodes) and j not in s.res[s.slot[nodes[roll - 1]]]:
            break
    card = s.slot[nodes[roll - 1]]
    first = not s.res[card]
    s.res[card].append(j)
    if first:
        s.vp[j] += FIRST_BUILDER_VP
    s.log("residence", j, card=card, paid=0, first=first)


def treasure_type(s: S) -> int:
    """MA-8.16: 4-6 the island with the most cubes; 1-3 by ``low_roll`` (MA-GAP-11.4); ties
    gold > emerald > pearl."""
    roll = die(s)
    cubes = s.islands
    if roll >= 4 or s.content.solo.low_roll == "most":
        return max(range(3), key=lambda c: (cubes[c], -c))
    return min(range(3), key=lambda c: (cubes[c], c))


def john_raid(s: S) -> None:
    j = s.john
    vp, cubes, spill = RAID[level(s) - 1]
    color = treasure_type(s)
    for _ in range(cubes):
        s.take_cube(color)
        s.store[j][color] += 1
    s.vp[j] += vp
    s.log("john_raid", j, level=level(s), color=COLORS[color], cubes=cubes, vp=vp)
    if spill and s.treasure(j, color) > s.treasure(0, color):
        s.islands[color] += 1
        s.log("refill", j, color=COLORS[color], n=1)


def longest(track: Track) -> tuple[int, ...]:
    """The longest path (in spaces) from each space to the end of the track."""
    return track.longest


def john_can_explore(s: S) -> bool:
    return bool(reach(s, s.john, 1))


def john_explore(s: S, base: int) -> None:
    """MA-8.17: exactly base + level bonus steps, always the longest branch, skipping occupied
    spaces; no space effect; VP by level."""
    j = s.john
    extra, vp = EXPLORE[level(s) - 1]
    track = s.content.track
    spaces = track.spaces
    rivers = river_ids(track)
    far = longest(track)
    occupied = {s.explorer[q] for q in range(s.participants) if q != j}
    at, left, mask = s.explorer[j], base + extra, 0
    while left > 0 and spaces[at].next:
        nxt = max(spaces[at].next, key=lambda t: (far[t], -t))
        rid = rivers.get((at, nxt))
        if rid is not None:
            mask |= 1 << rid
        at = nxt
        if at in occupied and spaces[at].next:
            continue
        left -= 1
    move_explorer(s, j, at, mask & ~s.rivers[j])
    s.vp[j] += vp
    s.log("vp", j, n=vp)


def sell_ruby(s: S) -> None:
    """MA-9.18: one ruby onto a random free market space (no bonus for John, MA-GAP-12.3);
    on a sold-out market he gains its VP like any seller (MA-9.17)."""
    j = s.john
    free = [i for i in range(6) if not s.ruby_market >> i & 1]
    s.rubies[j] -= 1
    if free:
        s.ruby_market |= 1 << free[s.rng.below(len(free))]
    else:
        s.vp[j] += s.content.places.ruby_sold_out_vp
    s.log("sell_ruby", j)


AUTO = {"@john": auto_john}
