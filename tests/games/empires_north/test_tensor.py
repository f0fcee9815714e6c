"""The observation tensor of Empires of the North (``tensor.py``): the conformance check over
random games for 2-4 players and several clan line-ups, then hand-built positions whose segments
are read by name through ``game.tensor_layout``: seat-relative order, the observer's own cards,
the empire, the sailing board, the pending decision, and what stays hidden."""

from __future__ import annotations

from typing import Any

import pytest

from conformance import check_tensor
from tabletide.engine import Frame
from tabletide.games.empires_north.ai.tensor import (
    CLAN_SLOTS,
    COPIES,
    DECISIONS,
    ISLAND_SLOTS,
    PARTS,
    SLOT,
    SLOTS,
)
from tabletide.games.empires_north.constants import CLANS, END_VP, GOODS, TILES
from tabletide.games.empires_north.expedition import Landing
from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    DISTANT,
    GAME,
    NEAR,
    Ship,
    act,
    build,
    card_id,
    clear,
    give,
    hand,
    island_up,
    kind,
    new,
)

LINEUPS = [
    ("glenn", "olaf"),
    ("heidel", "mackinnon"),
    ("nanuuk", "panurjuk", "olaf"),
    ("mackinnon", "glenn", "heidel", "nanuuk"),
    ("panurjuk", "olaf", "random", "glenn"),
]


def clan_options(clans: tuple[str, ...]) -> dict[str, Any]:
    return {f"clan_{k + 1}": c for k, c in enumerate(clans)}


def segment(s: EmpiresState, seat: int, name: str) -> list[float]:
    """The values of the segment ``name`` in ``seat``'s tensor, found through the layout."""
    layout = {seg.name: seg for seg in GAME.tensor_layout(s.num_players, s.options)}
    seg = layout[name]
    tensor = GAME.observation_tensor(s, seat)
    return tensor[seg.start : seg.start + seg.size]


def block(values: list[float], k: int, width: int) -> list[float]:
    """The ``k``-th per-seat block of a segment (``k`` = 0 the observer, 1 the next seat...)."""
    return values[k * width : (k + 1) * width]


def approx(x: float) -> Any:
    return pytest.approx(x)


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_tensor_contract_with_random_clans(num_players: int) -> None:
    check_tensor("empires_north", num_players, seeds=[0, 1])


@pytest.mark.parametrize("clans", LINEUPS, ids="-".join)
def test_tensor_contract_per_clan_lineup(clans: tuple[str, ...]) -> None:
    check_tensor("empires_north", len(clans), seeds=[3], options=clan_options(clans), every=3)


def test_the_size_depends_on_the_player_count_only() -> None:
    sizes = {n: GAME.tensor_size(n) for n in (2, 3, 4)}
    assert sizes[2] < sizes[3] < sizes[4]
    for clans in LINEUPS:
        assert GAME.tensor_size(len(clans), clan_options(clans)) == sizes[len(clans)]
    names = [seg.name for seg in GAME.tensor_layout(3)]
    assert len(names) == len(set(names)), "segment names are unique"
    assert all(seg.meaning for seg in GAME.tensor_layout(3))


# ---------------------------------------------------------------------------- per-seat facts
def test_vp_goods_and_workers_land_in_the_observer_slot_then_the_next_seats() -> None:
    s = new(3, ("glenn", "olaf", "nanuuk"))
    s.vp = [5, 10, 20]
    give(s, 1, wood=3)
    s.workers[2], s.tired[2] = 7, 2
    assert segment(s, 0, "vp") == [approx(5 / END_VP), approx(10 / END_VP), approx(20 / END_VP)]
    assert segment(s, 1, "vp") == [approx(10 / END_VP), approx(20 / END_VP), approx(5 / END_VP)]
    wood = GOODS.index("wood")
    from_2 = segment(s, 2, "goods")
    assert from_2[len(GOODS) * 2 + wood] == approx(s.goods[1]["wood"] / 10)
    assert block(segment(s, 1, "workers"), 1, 2) == [approx(0.7), approx(0.2)]


def test_each_seat_clan_is_one_hot_in_seat_order() -> None:
    s = new(3, ("heidel", "glenn", "mackinnon"))
    clans = segment(s, 1, "clan")
    width = len(CLANS)
    assert block(clans, 0, width)[CLANS.index("glenn")] == 1.0
    assert block(clans, 1, width)[CLANS.index("mackinnon")] == 1.0
    assert block(clans, 2, width)[CLANS.index("heidel")] == 1.0
    assert sum(clans) == 3.0


def test_the_observer_hand_is_counted_by_card_and_others_only_by_size() -> None:
    s = new(2, ("glenn", "olaf"))
    clear(s, 0)
    hand(s, 0, "Clan Feast", "Clan Feast", "Barn Raising")
    own = segment(s, 0, "own_hand")
    assert len(own) == CLAN_SLOTS
    assert own[SLOT[card_id("Clan Feast")]] == approx(2 / COPIES)
    assert own[SLOT[card_id("Barn Raising")]] == approx(1 / COPIES)
    assert sum(own) == approx(3 / COPIES)
    # Seat 1 sees seat 0's hand size (the next seat's block of 4 pile counts), not its cards.
    piles = segment(s, 1, "piles")
    assert block(piles, 1, 4)[0] == approx(3 / 10)
    assert sum(segment(s, 1, "own_hand")) == approx(len(s.hand[1]) / COPIES)


def test_another_seat_hand_contents_do_not_change_the_tensor_but_its_size_does() -> None:
    s = new(2, ("glenn", "olaf"))
    hidden = s.clone()
    # Swap one card of seat 1's hand with a different card of its deck: same size, other card.
    out = next(c for c in hidden.deck[1] if c not in hidden.hand[1])
    back = hidden.hand[1].pop()
    hidden.deck[1].remove(out)
    hidden.deck[1].append(back)
    hidden.hand[1] = sorted([*hidden.hand[1], out])
    assert GAME.observation_tensor(hidden, 0) == GAME.observation_tensor(s, 0)
    assert GAME.observation_tensor(hidden, 1) != GAME.observation_tensor(s, 1)
    bigger = s.clone()
    bigger.hand[1].append(bigger.deck[1].pop())
    assert GAME.observation_tensor(bigger, 0) != GAME.observation_tensor(s, 0)


def test_deck_order_is_not_encoded_but_the_own_deck_contents_are() -> None:
    s = new(2, ("glenn", "olaf"))
    shuffled = s.clone()
    for p in (0, 1):
        shuffled.deck[p].reverse()
    for d in (NEAR, DISTANT):
        shuffled.isl_deck[d].reverse()
    for seat in (0, 1):
        assert GAME.observation_tensor(shuffled, seat) == GAME.observation_tensor(s, seat)
    deck = segment(s, 0, "own_deck")
    assert sum(deck) == approx(len(s.deck[0]) / COPIES)
    top = s.deck[0][-1]
    assert deck[SLOT[top]] == approx(s.deck[0].count(top) / COPIES)


def test_the_empire_is_encoded_per_seat_and_card_slot() -> None:
    s = new(2, ("glenn", "olaf"))
    for p in (0, 1):
        clear(s, p)
    feast = build(s, 0, "Clan Feast", exhausted=True)
    build(s, 0, "Kailyard")
    host = len(s.empire[0]) - 1
    build(s, 0, "Prize Ram", host=host)
    s.stock[0][feast] = {"food": 2}
    island = card_id("Puffin Skerry")
    build(s, 1, island)
    for seat, k in ((0, 0), (1, 1)):
        cards = block(segment(s, seat, "empire_cards"), k, SLOTS)
        assert cards[SLOT[card_id("Clan Feast")]] == approx(1 / COPIES)
        assert cards[SLOT[card_id("Prize Ram")]] == approx(1 / COPIES)
        assert sum(cards) == approx(3 / COPIES)
        exhausted = block(segment(s, seat, "empire_exhausted"), k, SLOTS)
        assert exhausted[SLOT[card_id("Clan Feast")]] == approx(1 / COPIES)
        assert sum(exhausted) == approx(1 / COPIES)
        upgrades = block(segment(s, seat, "empire_upgrades"), k, SLOTS)
        assert upgrades[SLOT[card_id("Prize Ram")]] == approx(1 / COPIES)
        hosting = block(segment(s, seat, "empire_hosting"), k, SLOTS)
        assert hosting[SLOT[card_id("Kailyard")]] == approx(1 / COPIES)
        stored = block(segment(s, seat, "empire_stored"), k, SLOTS)
        assert stored[SLOT[card_id("Clan Feast")]] == approx(2 / 5)
    theirs = block(segment(s, 0, "empire_cards"), 1, SLOTS)
    assert SLOT[island] >= CLAN_SLOTS  # islands after the clan's cards
    assert theirs[SLOT[island]] == approx(1 / COPIES) and sum(theirs) == approx(1 / COPIES)
    assert block(segment(s, 0, "empire_size"), 1, 1) == [approx(1 / 25)]


def test_the_same_position_from_two_seats_swaps_the_per_seat_blocks() -> None:
    s = new(2, ("glenn", "olaf"))
    s.vp = [3, 9]
    give(s, 0, gold=2)
    build(s, 1, "Axe-Throwing Field")
    s.passed[1] = True
    per_seat = {
        "vp": 1,
        "goods": len(GOODS),
        "clan": len(CLANS),
        "empire_cards": SLOTS,
        "passed": 1,
        "piles": 4,
        "workers": 2,
    }
    for name, width in per_seat.items():
        mine, theirs = segment(s, 0, name), segment(s, 1, name)
        assert block(mine, 0, width) == block(theirs, 1, width), name
        assert block(mine, 1, width) == block(theirs, 0, width), name
    assert segment(s, 0, "passed") == [0.0, 1.0]


# ---------------------------------------------------------------------------- board and sea
def test_circle_discs_islands_and_queue() -> None:
    s = new(2, ("glenn", "olaf"))
    s.circle = tuple(reversed(TILES))
    s.disc_at[1] = [TILES.index("harvest"), -1]
    s.disc_x[1] = [True, False]
    near = island_up(s, NEAR, 1, "Seal Rocks")
    s.queue = [Ship(1, True, False), Ship(0, False, True, common=True)]
    circle = segment(s, 0, "circle")
    n = len(TILES)
    for t in range(n):
        assert block(circle, t, n)[n - 1 - t] == 1.0
    discs = block(segment(s, 0, "discs"), 1, 2 * (n + 1))  # the next seat's two discs
    assert discs[TILES.index("harvest")] == 1.0 and discs[n] == 1.0
    assert sum(discs) == 2.0
    up = segment(s, 0, "islands_up")
    assert block(up, 1, ISLAND_SLOTS)[SLOT[near] - CLAN_SLOTS] == 1.0
    queue = segment(s, 0, "queue")
    width = 2 + 3
    assert block(queue, 0, width) == [0.0, 1.0, 1.0, 0.0, 0.0]  # seat 1's ship, with a fish
    assert block(queue, 1, width) == [1.0, 0.0, 0.0, 1.0, 1.0]  # mine: axe, common
    assert segment(s, 1, "queue")[:width] == [1.0, 0.0, 1.0, 0.0, 0.0]


def test_public_facts_the_rules_use_change_the_tensor() -> None:
    s = new(2, ("glenn", "olaf"))
    base = GAME.observation_tensor(s, 0)
    other_island = s.clone()
    up = other_island.isl_up[DISTANT][0]
    other_island.isl_up[DISTANT][0] = next(i for i in other_island.isl_deck[DISTANT] if i != up)
    assert GAME.observation_tensor(other_island, 0) != base
    attacked = s.clone()
    build(attacked, 1, "Axe-Throwing Field")
    before = GAME.observation_tensor(attacked, 0)
    pos = len(attacked.empire[1]) - 1
    attacked.empire[1][pos] = attacked.empire[1][pos]._replace(exhausted=True)
    assert GAME.observation_tensor(attacked, 0) != before


# ---------------------------------------------------------------------------- the decision
def test_the_pending_decision_kind_seat_tile_and_source() -> None:
    s = new(2, ("olaf", "glenn"))
    clear(s, 0)
    assert kind(s) == "turn"
    decision = segment(s, 0, "decision")
    assert decision[DECISIONS.index("turn")] == 1.0 and sum(decision) == 1.0
    assert segment(s, 0, "decider") == [1.0, 0.0]
    assert segment(s, 1, "decider") == [0.0, 1.0]
    horn = card_id("Shipwright's Horn")
    hand(s, 0, "Shipwright's Horn")
    act(s, "disc", tile=TILES.index("explore"))
    assert kind(s) == "extra"
    assert segment(s, 1, "decision")[DECISIONS.index("extra")] == 1.0
    assert segment(s, 1, "decision_tile")[TILES.index("explore")] == 1.0
    assert segment(s, 0, "discs")[TILES.index("explore")] == 1.0
    act(s, "boost", card=horn)
    assert kind(s) == "alt"
    for seat in (0, 1):
        assert segment(s, seat, "decision")[DECISIONS.index("alt")] == 1.0
        source = segment(s, seat, "decision_source")
        assert source[SLOT[horn]] == 1.0 and sum(source) == 1.0
        assert segment(s, seat, "decision_part")[PARTS.index("instant")] == 1.0
        assert segment(s, seat, "decision_numbers")[0] == approx(2 / 6)
    # The played boost is public: seat 1 sees it in seat 0's discard.
    seen = block(segment(s, 1, "discard_seen"), 1, CLAN_SLOTS)
    assert seen[SLOT[horn]] == approx(1 / COPIES)


def test_a_landing_shows_the_ship_and_the_deck() -> None:
    s = new(2, ("glenn", "olaf"))
    island = s.isl_deck[DISTANT].pop()
    s.revealed = island
    s.phase = "expedition"
    s.stack = [Frame("landing", 1, Landing(Ship(1, True, True), DISTANT))]
    ship = segment(s, 0, "decision_ship")
    assert ship == [1.0, 1.0, 0.0, 0.0, 1.0]
    assert segment(s, 0, "decider") == [0.0, 1.0]
    assert segment(s, 0, "revealed")[SLOT[island] - CLAN_SLOTS] == 1.0
    assert segment(s, 0, "phase") == segment(s, 1, "phase")


def test_a_payment_shows_what_is_paid_for() -> None:
    """The ``pay`` decision (EN-9.21): the card being built (public once chosen) or the tile a
    disc moves to, for every seat."""
    s = new(2, ("glenn", "olaf"))
    clear(s, 0)
    hand(s, 0, "Clan Feast")
    feast = card_id("Clan Feast")
    give(s, 0, wood=1, food=1, gold=1)
    act(s, "build", card=feast)
    assert kind(s) == "pay"
    for seat in (0, 1):
        assert segment(s, seat, "decision")[DECISIONS.index("pay")] == 1.0
        card = segment(s, seat, "decision_card")
        assert card[SLOT[feast]] == 1.0 and sum(card) == 1.0
        assert sum(segment(s, seat, "decision_tile")) == 0.0
    s2 = new(2, ("glenn", "olaf"))
    clear(s2, 0)
    give(s2, 0, food=1, gold=1)
    s2.disc_at[0][0] = TILES.index("explore")  # placed on an earlier turn
    to = next(a for a in s2.legal_actions() if a.kind == "move")
    s2.apply(to)
    assert kind(s2) == "pay"
    tile_ = segment(s2, 1, "decision_tile")
    assert tile_[to.num("to")] == 1.0 and sum(tile_) == 1.0


def test_an_empire_changed_in_place_or_in_a_clone_is_seen_at_once() -> None:
    """The empire blocks a seat was last given are reused only for an equal empire."""
    s = new(2, ("glenn", "olaf"))
    clear(s, 0)
    build(s, 0, "Clan Feast")
    before = block(segment(s, 0, "empire_exhausted"), 0, SLOTS)
    assert sum(before) == 0
    twin = s.clone()
    twin.empire[0][-1] = twin.empire[0][-1]._replace(exhausted=True)
    assert sum(block(segment(twin, 0, "empire_exhausted"), 0, SLOTS)) == approx(1 / COPIES)
    assert sum(block(segment(s, 0, "empire_exhausted"), 0, SLOTS)) == 0
    build(s, 0, "Kailyard")
    assert sum(block(segment(s, 0, "empire_cards"), 0, SLOTS)) == approx(2 / COPIES)
