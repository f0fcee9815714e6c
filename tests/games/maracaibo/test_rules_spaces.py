"""Rule tests for the spaces and the effect vocabulary of Pirates of Maracaibo.

Covered: the upgrade card space (MA-5.11-5.15, MA-11.3), the residence space (MA-5.16-5.20,
MA-11.4), the location space (MA-5.21-5.25, MA-10.6.8, MA-11.5, MA-11.6), gaining treasure
(MA-5.32-5.35, MA-10.5.42), burying (MA-5.41-5.45, MA-11.9), gaining a quest (MA-5.46), the
"gain upgrade" action (MA-5.47), ship upgrades (MA-5.48-5.53, MA-11.10), smuggler tiles
(MA-5.54-5.55, MA-5.63) and all ten sides (MA-10.2.1-10.2.10), VP and doubloons (MA-5.56-5.60,
MA-5.67), the figureheads A-L (MA-10.1.A-L) with one per player (MA-5.51, MA-5.64) and an offer
that is never refilled (MA-5.65), the one-time effect vocabulary (MA-10.5.9-10.5.42) resolved
with ``run``, the Bay's actions and the Maracaibo reward (MA-5.70, MA-5.72, MA-GAP-9), and the
Rubies module in play (MA-9.16, MA-9.17).

Engine decisions checked here: the slot of a bought card is refilled after its lightning effects
(MA-5.14 "finally"); a ship-board slot's price is paid only when its benefit is used (the
figurehead's 3, a smuggler slot's cost; MA-GAP-6.4); a discount lowers a card's cost, not the +3
surcharge (MA-GAP-13.3); a raid "as if rolled" uses only uncoloured bonuses (MA-GAP-13.1); the
Whale's replaced quests go to the bottom of the deck (MA-GAP-8.4).

Positions are built by hand on a fresh 2-player game: the card under test is put on 2a (or
wherever the test says), the ship starts its turn on 1a and sails there with a real move, and
the decisions are played with ``act``. Effects of cards and spaces are resolved directly with
``run``. Content is stand-in data, so cards are found by their properties unless the rulebook
names them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tabletide.games.maracaibo.constants import GRID, RAID_CARD, RAID_FIG, RAID_STD
from tabletide.games.maracaibo.content import Card, load_content
from tabletide.games.maracaibo.raid import Spend
from tabletide.games.maracaibo.state import BLANK, MaracaiboState

from .helpers import (
    BAY,
    MARACAIBO,
    Effect,
    act,
    at,
    begin,
    buried,
    card_id,
    dice,
    fill_buried,
    give,
    kind,
    kinds,
    new,
    place,
    run,
    ship,
    treasure,
)

rule = pytest.mark.rule

A, B = 0, 1
"""The two seats of the test games."""
GOLD, EMERALD, PEARL = range(3)
FROM, TO = at(1, 0), at(2, 0)
"""A ship starts its turn on 1a and sails one step right onto 2a, where the card under test lies."""
FAR = at(9, 2)
"""A card slot far from 2a (9c), for "from anywhere in the Caribbean"."""
CARDS = load_content().cards
FIGS = load_content().figureheads


# ---------------------------------------------------------------------------- local helpers
def first(pred: Callable[[Card], bool]) -> str:
    """The name of the first card with that property."""
    return next(c.name for c in CARDS if pred(c))


def is_upgrade(c: Card, category: str | None = None) -> bool:
    return c.type == "upgrade" and (category is None or c.category == category)


def plain(c: Card) -> bool:
    """An upgrade card that does nothing when bought (no lightning, no permanent ability)."""
    return is_upgrade(c) and not c.lightning and not c.permanent


def game(doubloons: int = 30, **options: Any) -> MaracaiboState:
    """A 2-player game waiting at seat 0's first move; both seats hold ``doubloons``."""
    s = new(2, **options)
    s.doubloons = [doubloons, doubloons]
    return s


def sail_onto(s: MaracaiboState, name: str | None, p: int = A, node: int = TO) -> None:
    """``p``'s turn starts one column left of ``node`` (same row) and the ship sails onto
    ``node``, where the card ``name`` is put first (if given)."""
    if name is not None:
        place(s, node, name)
    begin(s, p, node - 4)
    act(s, "sail", to=node)


def sail_to_bay(s: MaracaiboState, p: int = A) -> None:
    """From 9a the Bay is the only destination: the move is made at once."""
    begin(s, p, at(9, 0))
    assert s.ship[p] == BAY


def events(s: MaracaiboState, type_: str) -> list[dict[str, Any]]:
    return [e for e in s.events if e["type"] == type_]


def params(s: MaracaiboState, kind_: str, key: str) -> list[Any]:
    """The values of parameter ``key`` over the legal actions of that kind."""
    return [dict(a.params)[key] for a in s.legal_actions() if a.kind == kind_]


def figurehead(s: MaracaiboState, p: int, letter: str) -> int:
    """``p`` owns the figurehead ``letter`` (taken out of the offer if it is there)."""
    i = "ABCDEFGHIJKL".index(letter)
    if i in s.fig_offer:
        s.fig_offer.remove(i)
    s.fig[p] = i
    return i


def slot_index(pred: Callable[[Any], bool]) -> int:
    """The first ship-board slot with that property."""
    return next(i for i, sl in enumerate(load_content().ship.slots) if pred(sl))


def fill(s: MaracaiboState, p: int, *slots: int) -> None:
    """Cubes already in those ship-board slots."""
    for i in slots:
        s.slots[p] |= 1 << i


def zone_slots(zone: int) -> list[int]:
    return [i for i, sl in enumerate(load_content().ship.slots) if sl.zone == zone]


def store_plain(s: MaracaiboState) -> None:
    """Answer every pending "store" decision with "no bonus space"."""
    while kind(s) == "store":
        act(s, "store", space=-1)


def income_phase(s: MaracaiboState) -> None:
    """Somebody reached Maracaibo and the last player's turn ends: the income phase."""
    s.ending = True
    run(s, s.participants - 1)


def smuggler_side(s: MaracaiboState, key: str) -> int:
    """Turn the tiles so that the side ``key`` is up (for everybody, MA-3.10); its tile."""
    sides = list(s.smug_sides)
    for t, tile in enumerate(s.content.smugglers):
        for side, face in enumerate(tile):
            if face.key == key:
                sides[t] = side
                s.smug_sides = tuple(sides)
                return t
    raise AssertionError(key)


def location_nodes(s: MaracaiboState) -> list[int]:
    return [n for n in range(GRID) if s.slot[n] >= 0 and s.cards[s.slot[n]].type == "location"]


# ============================================================================ upgrade card space
@rule("MA-5.11")
def test_ma_5_11_upgrade_space_take_five_doubloons() -> None:
    s = game(doubloons=20)
    card = card_id(s, first(plain))
    sail_onto(s, first(plain))
    assert kind(s) == "upgrade_space"
    assert sorted(kinds(s)) == ["buy", "take5"]
    act(s, "take5")
    assert s.doubloons[A] == 25
    assert card not in s.owned[A]
    assert s.slot[TO] == card  # the card is ignored and stays


@rule("MA-5.11")
def test_ma_5_11_upgrade_space_buy_at_its_cost() -> None:
    s = game(doubloons=20)
    name = first(plain)
    card = card_id(s, name)
    sail_onto(s, name)
    act(s, "buy", at=TO)
    assert s.doubloons[A] == 20 - CARDS[card].cost
    assert s.owned[A] == [card]
    assert kind(s) == "move" and s.active == B  # one option only: the turn is over


@rule("MA-5.11")
def test_ma_5_11_unaffordable_card_leaves_only_the_doubloons() -> None:
    name = first(lambda c: plain(c) and c.cost >= 5)
    s = game(doubloons=CARDS[card_id(new(2), name)].cost - 1)
    before = s.doubloons[A]
    sail_onto(s, name)
    # The only option was taken on its own: 5 doubloons, no card.
    assert s.doubloons[A] == before + 5
    assert s.owned[A] == []
    assert s.active == B


@rule("MA-5.11", "MA-5.60", "MA-11.3")
def test_ma_11_3_tobacco_costs_black_five_with_the_ghost_ship() -> None:
    s = game(doubloons=5)
    give(s, A, "Ghost Ship")
    assert CARDS[card_id(s, "Tobacco")].cost == 8
    sail_onto(s, "Tobacco")
    assert "buy" in kinds(s)  # 5 doubloons are enough
    act(s, "buy", at=TO)
    assert s.doubloons[A] == 0
    assert card_id(s, "Tobacco") in s.owned[A]


@rule("MA-5.12", "MA-10.6.1")
def test_ma_5_12_all_lightning_effects_resolve_in_the_players_order() -> None:
    # A card whose two lightning effects are "1 VP per Crew card" and "gain a Crew card (+3)":
    # the order matters, and the player picks it.
    name = first(lambda c: [e.do for e in c.lightning] == ["per", "card"])
    other = first(lambda c: is_upgrade(c, "crew") and not c.lightning)
    results = []
    for card_first in (True, False):
        s = game(doubloons=40)
        place(s, FAR, other)
        sail_onto(s, name)
        act(s, "buy", at=TO)
        assert kind(s) == "lightning"
        assert sorted(params(s, "effect", "i")) == [0, 1]
        vp = s.vp[A]
        act(s, "effect", i=1 if card_first else 0)
        # Either way both effects resolve: the Crew card is bought now or right after.
        assert kind(s) == "buy"
        act(s, "buy", at=FAR)
        assert kind(s) == "move"
        results.append(s.vp[A] - vp)
        assert card_id(s, other) in s.owned[A]
    assert results == [2, 1]  # Crew card first: 2 Crew cards counted; otherwise only 1


@rule("MA-10.6.1", "MA-5.12")
def test_ma_10_6_1_two_identical_lightning_effects_are_one_choice_and_both_resolve() -> None:
    s = game(doubloons=40)
    corvette = CARDS[card_id(s, "Refitted Corvette")]
    assert corvette.lightning == (Effect(do="ship_upgrade"), Effect(do="ship_upgrade"))
    sail_onto(s, "Refitted Corvette")
    act(s, "buy", at=TO)
    # Which of the two identical effects goes first leaves the same state: no choice is asked
    # (a single legal action is taken at once), and both upgrades follow.
    assert kind(s) == "ship_upgrade"
    act(s, "slot", i=params(s, "slot", "i")[0])
    assert kind(s) == "ship_upgrade"  # the second upgrade
    act(s, "slot", i=params(s, "slot", "i")[0])
    assert s.slots[A].bit_count() == 2


@rule("MA-5.13", "MA-GAP-13.3")
def test_ma_5_13_permanent_effect_applies_from_the_moment_of_purchase() -> None:
    # A card with a discount and a lightning "gain an Equipment card": its own discount
    # already lowers the card gained by its lightning effect.
    name = first(
        lambda c: (
            any(p.perm == "discount" for p in c.permanent)
            and any(e.do == "card" for e in c.lightning)
        )
    )
    card = CARDS[card_id(new(2), name)]
    discount = next(p.n for p in card.permanent if p.perm == "discount")
    cat = next(e for e in card.lightning if e.do == "card")
    target = first(lambda c: is_upgrade(c, cat.category) and c.cost >= discount and c.name != name)
    s = game(doubloons=40)
    place(s, FAR, target)
    sail_onto(s, name)
    act(s, "buy", at=TO)
    paid_first = 40 - s.doubloons[A]
    assert paid_first == card.cost
    before = s.doubloons[A]
    act(s, "buy", at=FAR)
    assert before - s.doubloons[A] == CARDS[card_id(s, target)].cost - discount + cat.n


@rule("MA-5.14")
def test_ma_5_14_slot_refilled_from_level_two_and_the_ships_stay() -> None:
    s = game(doubloons=30)
    ship(s, B, TO)
    top = s.deck2[-1]
    size = len(s.deck2)
    sail_onto(s, first(plain))
    act(s, "buy", at=TO)
    assert s.slot[TO] == top and s.up[TO]
    assert CARDS[top].level == 2
    assert len(s.deck2) == size - 1
    assert s.ship[A] == TO and s.ship[B] == TO  # both ships now lie on the new card


@rule("MA-5.14", "MA-5.12")
def test_ma_5_14_slot_refilled_only_after_the_lightning_effects() -> None:
    # "Finally" the slot is refilled: a lightning "gain a Crew card" cannot take the card that
    # will refill the slot, because it is not there yet.
    name = first(lambda c: [e.do for e in c.lightning] == ["card"] and c.level == 1)
    cat = CARDS[card_id(new(2), name)].lightning[0].category
    s = game(doubloons=40)
    crew2 = next(i for i in s.deck2 if CARDS[i].type == "upgrade" and CARDS[i].category == cat)
    s.deck2.remove(crew2)
    s.deck2.append(crew2)  # the next level II card is of the category the lightning buys
    sail_onto(s, name)
    act(s, "buy", at=TO)
    assert crew2 not in [s.slot[n] for n in params(s, "buy", "at")]
    act(s, "skip")
    assert s.slot[TO] == crew2  # refilled once the lightning effect is done
    assert crew2 not in s.owned[A]


@rule("MA-5.15")
def test_ma_5_15_empty_level_two_deck_leaves_a_blank_worth_five_doubloons() -> None:
    s = game(doubloons=30)
    s.deck2.clear()
    s.deck2_up.clear()
    sail_onto(s, first(plain))
    act(s, "buy", at=TO)
    assert s.slot[TO] == BLANK and not s.up[TO]
    # Later somebody ends on the blank card: 5 doubloons, nothing else to decide.
    before = s.doubloons[B]
    begin(s, B, FROM)
    act(s, "sail", to=TO)
    assert s.doubloons[B] == before + 5 - 1  # +5, and 1 paid to seat 0's ship there
    assert s.owned[B] == []
    assert s.active == A


# ============================================================================ residences
@rule("MA-5.16", "MA-5.17")
def test_ma_5_16_may_build_and_first_builder_gains_two_vp() -> None:
    s = game(doubloons=30)
    name = first(lambda c: c.type == "residence" and c.name != "Hacienda")
    card = card_id(s, name)
    sail_onto(s, name)
    assert kind(s) == "residence_space"
    assert sorted(kinds(s)) == ["build", "skip"]
    act(s, "build", at=TO)
    assert s.res[card] == [A]
    assert s.doubloons[A] == 30 - CARDS[card].cost
    assert s.vp[A] == 2


@rule("MA-5.16")
def test_ma_5_16_building_is_optional() -> None:
    s = game(doubloons=30)
    name = first(lambda c: c.type == "residence")
    sail_onto(s, name)
    act(s, "skip")
    assert s.res[card_id(s, name)] == []
    assert s.doubloons[A] == 30 and s.vp[A] == 0


@rule("MA-5.16", "MA-5.17", "MA-11.4")
def test_ma_11_4_yellow_builds_the_hacienda_for_16_without_the_first_builder_vp() -> None:
    s = game(doubloons=16)
    card = place(s, TO, "Hacienda")
    s.res[card] = [A]  # Black built it before
    sail_onto(s, None, p=B)
    act(s, "build", at=TO)
    assert s.doubloons[B] == 0
    assert s.res[card] == [A, B]
    assert s.vp[B] == 0


@rule("MA-5.19")
def test_ma_5_19_at_most_one_marker_per_player_on_a_residence() -> None:
    s = game(doubloons=30)
    card = place(s, TO, first(lambda c: c.type == "residence"))
    s.res[card] = [A]
    sail_onto(s, None)
    assert kind(s) == "move" and s.active == B  # nothing to decide there
    assert s.res[card] == [A] and s.doubloons[A] == 30


@rule("MA-5.16", "MA-5.60")
def test_ma_5_16_residence_needs_its_cost_after_discounts() -> None:
    name = first(lambda c: c.type == "residence" and c.cost >= 12)
    cost = CARDS[card_id(new(2), name)].cost
    s = game(doubloons=cost - 3)
    give(s, A, "Ghost Ship")  # discount 3 on residences too
    sail_onto(s, name)
    act(s, "build", at=TO)
    assert s.doubloons[A] == 0
    s2 = game(doubloons=cost - 1)
    sail_onto(s2, name)
    assert s2.res[card_id(s2, name)] == [] and s2.active == B  # cannot pay: no decision


@rule("MA-5.20")
def test_ma_5_20_residence_stays_for_the_next_builder() -> None:
    s = game(doubloons=30)
    name = first(lambda c: c.type == "residence")
    card = card_id(s, name)
    sail_onto(s, name)
    act(s, "build", at=TO)
    assert s.slot[TO] == card
    sail_onto(s, None, p=B)
    act(s, "build", at=TO)
    assert s.res[card] == [A, B]
    assert s.vp == [2, 0]


# ============================================================================ locations
@rule("MA-5.21", "MA-5.22", "MA-11.5")
def test_ma_11_5_trinidad_puts_a_pearl_on_its_island_first() -> None:
    s = game()
    card = place(s, TO, "Trinidad")
    s.refill_of[card] = "pearl"
    s.islands = [4, 4, 4]
    sail_onto(s, None)
    assert s.islands == [4, 4, 5]
    assert kind(s) == "ship_upgrade"  # before any decision of the player


@rule("MA-5.21")
def test_ma_5_21_no_refill_without_a_tile() -> None:
    s = game()
    name = first(lambda c: c.type == "location" and not c.refill)
    sail_onto(s, name)
    assert s.islands == [4, 4, 4]
    assert kind(s) == "ship_upgrade"


@rule("MA-5.23", "MA-5.54", "MA-11.6")
def test_ma_11_6_blue_activates_its_own_bury_tile_on_tobago_first() -> None:
    s = game()
    tile = smuggler_side(s, "bury")
    place(s, TO, "Tobago")
    s.smug[TO] = B * 10 + tile
    s.smug_left[B].remove(tile)
    treasure(s, B, "emerald", 1)
    sail_onto(s, None, p=B)
    assert kind(s) == "smuggle_here"  # step 2 comes before the ship upgrade and the actions
    act(s, "yes")
    act(s, "bury", color=EMERALD, on="hideout", space=0)
    assert s.buried_in(B, EMERALD) == 1
    assert kind(s) == "ship_upgrade"


@rule("MA-5.23")
def test_ma_5_23_own_tile_activation_is_optional() -> None:
    s = game()
    tile = smuggler_side(s, "per_gold")
    s.smug[TO] = A * 10 + tile
    treasure(s, A, "gold", 3)
    sail_onto(s, "Tobago")
    act(s, "no")
    assert s.vp[A] == 0
    assert kind(s) == "ship_upgrade"


@rule("MA-5.23", "MA-5.55")
def test_ma_5_55_other_players_tiles_are_ignored() -> None:
    s = game()
    tile = smuggler_side(s, "per_gold")
    s.smug[TO] = B * 10 + tile
    treasure(s, A, "gold", 3)
    sail_onto(s, "Tobago")
    assert kind(s) == "ship_upgrade"  # no activation offered
    assert s.vp[A] == 0


@rule("MA-5.24")
def test_ma_5_24_one_optional_ship_upgrade_at_a_location() -> None:
    s = game()
    sail_onto(s, "Tobago")
    assert kind(s) == "ship_upgrade"
    assert "skip" in kinds(s)
    free = zone_slots(0)
    assert sorted(params(s, "slot", "i")) == free
    act(s, "slot", i=free[-1])
    assert s.slots[A] == 1 << free[-1]
    assert kind(s) == "location"  # only one


@rule("MA-5.25", "MA-10.6.8")
def test_ma_5_25_actions_in_any_order_each_group_once() -> None:
    s = game(doubloons=10)
    name = first(
        lambda c: (
            c.type == "location" and len(c.actions) >= 3 and c.actions[-1][0][0].do == "doubloons"
        )
    )
    card = CARDS[card_id(s, name)]
    sail_onto(s, name)
    act(s, "skip")
    assert kind(s) == "location"
    last = len(card.actions) - 1
    assert last in params(s, "act", "group")
    gain = card.actions[last][0][0]
    assert gain.do == "doubloons"
    act(s, "act", group=last, alt=0)  # the last group first
    assert s.doubloons[A] == 10 + gain.n
    while kind(s) not in ("location", "move"):
        act(s, "skip")
    assert kind(s) == "location"
    assert last not in params(s, "act", "group")  # each group once
    assert 0 in params(s, "act", "group")
    assert "done" in kinds(s)
    act(s, "done")
    assert s.active == B


@rule("MA-5.25", "MA-10.6.8")
def test_ma_5_25_slash_allows_only_one_alternative() -> None:
    s = game(doubloons=10)
    sail_onto(s, "Tobago")
    act(s, "skip")
    group = next(g for g, alts in enumerate(CARDS[card_id(s, "Tobago")].actions) if len(alts) > 1)
    assert sorted(
        a
        for g, a in zip(params(s, "act", "group"), params(s, "act", "alt"), strict=True)
        if g == group
    ) == [0, 1]
    doubloons_alt = next(
        i
        for i, alt in enumerate(CARDS[card_id(s, "Tobago")].actions[group])
        if alt[0].do == "doubloons"
    )
    act(s, "act", group=group, alt=doubloons_alt)
    assert s.doubloons[A] == 13
    assert group not in params(s, "act", "group")  # the other alternative is gone too


@rule("MA-5.25")
def test_ma_5_25_a_group_printed_twice_is_one_choice_until_it_is_done() -> None:
    """Content a user transcribes may print the same action twice on a location: both are
    performed, but while both are open they are one choice (the states are the same)."""
    s = game(doubloons=10)
    tobago = card_id(s, "Tobago")
    twice = ((Effect(do="doubloons", n=2),),)
    card = CARDS[tobago].model_copy(update={"actions": (twice, twice)})
    s.cards = tuple(card if i == tobago else c for i, c in enumerate(s.cards))
    sail_onto(s, "Tobago")
    while kind(s) != "location":
        act(s, "skip")
    acts = [a for a in s.legal_actions() if a.kind == "act"]
    assert [(a.num("group"), a.label) for a in acts] == [(0, "2 doubloons")]
    act(s, "act", group=0, alt=0)
    assert [(a.num("group"), a.label) for a in s.legal_actions() if a.kind == "act"] == [
        (1, "2 doubloons")
    ]
    act(s, "act", group=1, alt=0)
    assert s.doubloons[A] == 14
    assert kind(s) == "move"


@rule("MA-5.25", "MA-5.59")
def test_ma_5_25_paid_alternative_only_when_affordable() -> None:
    name = first(
        lambda c: c.type == "location" and any(alt[0].do == "pay" for g in c.actions for alt in g)
    )
    loc = CARDS[card_id(new(2), name)]
    group, alt = next(
        (g, i) for g, alts in enumerate(loc.actions) for i, a in enumerate(alts) if a[0].do == "pay"
    )
    price = loc.actions[group][alt][0].n
    for money, offered in ((price - 1, False), (price, True)):
        s = game(doubloons=money)
        sail_onto(s, name)
        act(s, "skip")
        pairs = list(zip(params(s, "act", "group"), params(s, "act", "alt"), strict=True))
        assert ((group, alt) in pairs) is offered
    act(s, "act", group=group, alt=alt)
    store_plain(s)
    assert s.doubloons[A] == 0
    assert sum(s.store[A]) == 1


@rule("MA-5.25")
def test_ma_5_25_location_actions_are_optional() -> None:
    s = game(doubloons=10)
    sail_onto(s, "Tobago")
    act(s, "skip")
    act(s, "done")
    assert s.doubloons[A] == 10 and s.active == B


# ============================================================================ treasure
@rule("MA-5.32", "MA-5.33", "MA-5.34")
def test_ma_5_33_treasure_from_the_island_top_into_the_hideout() -> None:
    s = game()
    s.islands = [4, 6, 4]
    run(s, A, Effect(do="treasure", color="emerald"))
    assert kind(s) == "store"
    act(s, "store", space=-1)
    assert s.islands == [4, 5, 4]
    assert s.store[A] == [0, 1, 0]
    assert s.vp[A] == 0


@rule("MA-5.33", "MA-5.67", "MA-GAP-13.5")
def test_ma_5_33_empty_island_gives_from_the_supply() -> None:
    s = game()
    s.islands = [0, 4, 4]
    for _ in range(3):
        run(s, A, Effect(do="treasure", color="gold"))
        store_plain(s)
    assert s.islands == [0, 4, 4]
    assert s.treasure(A, GOLD) == 3


@rule("MA-5.34")
def test_ma_5_34_bonus_space_may_be_used_for_its_bonus() -> None:
    s = game()
    bonus = s.content.hideout.section("pearl").bonus
    i = next(k for k, b in enumerate(bonus) if b and b[0].do == "doubloons")
    run(s, A, Effect(do="treasure", color="pearl"))
    assert sorted(params(s, "store", "space")) == [-1, *range(len(bonus))]
    act(s, "store", space=i)
    assert s.doubloons[A] == 30 + bonus[i][0].n
    assert s.bonus[A][PEARL] == 1 << i
    # That space is taken: the next pearl cannot use it.
    run(s, A, Effect(do="treasure", color="pearl"))
    assert i not in params(s, "store", "space")


@rule("MA-5.34", "MA-11.7")
def test_ma_5_34_emerald_bonus_space_gives_two_vp() -> None:
    s = game()
    run(s, A, Effect(do="treasure", color="emerald"))
    two = next(
        k for k, b in enumerate(s.content.hideout.emerald.bonus) if b == (Effect(do="vp", n=2),)
    )
    act(s, "store", space=two)
    assert s.vp[A] == 2
    assert s.treasure(A, EMERALD) == 1


@rule("MA-5.34")
def test_ma_5_34_with_all_bonus_spaces_taken_the_cube_is_simply_stored() -> None:
    s = game()
    s.bonus[A][GOLD] = (1 << len(s.content.hideout.gold.bonus)) - 1
    run(s, A, Effect(do="treasure", color="gold"))
    assert kind(s) == "move"  # nothing to decide
    assert s.store[A][GOLD] == 1


@rule("MA-5.35", "MA-5.42")
def test_ma_5_35_every_cube_counts_above_or_below_the_line() -> None:
    s = game()
    treasure(s, A, "gold", 2)
    s.bonus[A][GOLD] = 1
    s.buried_at[A][GOLD] = 0b1
    assert s.treasure(A, GOLD) == 4
    run(s, A, Effect(do="per", what="gold", n=1))
    assert s.vp[A] == 4


# ============================================================================ burying
@rule("MA-5.41", "MA-11.9")
def test_ma_11_9_petra_buries_her_only_emerald_and_refills_the_emerald_island() -> None:
    s = game()
    treasure(s, A, "emerald", 1)
    s.islands = [4, 3, 4]
    run(s, A, Effect(do="bury"))
    assert set(params(s, "bury", "color")) == {EMERALD}
    act(s, "bury", color=EMERALD, on="hideout", space=0)
    assert s.store[A][EMERALD] == 0 and s.buried_in(A, EMERALD) == 1
    assert s.islands == [4, 4, 4]
    assert s.treasure(A, EMERALD) == 1


@rule("MA-5.41", "MA-10.6.9")
def test_ma_5_41_one_treasure_per_shovel_into_the_same_section() -> None:
    s = game()
    treasure(s, A, "gold", 3)
    run(s, A, Effect(do="bury", n=2))
    act(s, "bury", color=GOLD, on="hideout", space=0)
    act(s, "bury", color=GOLD, on="hideout", space=1)
    assert kind(s) == "move"  # two shovels, two burials
    assert buried(s, A) == [2, 0, 0]
    assert s.store[A][GOLD] == 1
    gold = s.content.hideout.gold.buried
    refill = gold[0][0].n
    gained = gold[1][0].n  # the second space's bonus, in the order the spaces fill
    assert s.islands[GOLD] == 4 + refill
    assert s.doubloons[A] == 30 + gained


def bury_spaces(s: MaracaiboState, color: int, on: str = "hideout") -> list[int]:
    """The spaces offered now for burying a treasure of ``color`` (on the hideout or Poseidon)."""
    return [
        a.num("space")
        for a in s.legal_actions()
        if a.kind == "bury" and a.num("color") == color and a.text("on") == on
    ]


@rule("MA-5.41")
def test_ma_5_41_the_player_chooses_the_free_space_and_may_take_the_3_vp_one_first() -> None:
    """Seed [L420]: the cube goes on "one of the free" buried-treasure spaces, whichever the
    player chooses, and that space's bonus is gained; the refill space can be avoided."""
    s = game()
    treasure(s, A, "gold", 2)
    gold = s.content.hideout.gold.buried
    last = len(gold) - 1
    assert gold[0] == (Effect(do="refill", color="gold", n=1),)
    assert gold[last] == (Effect(do="vp", n=3),)
    islands = s.islands[:]
    run(s, A, Effect(do="bury"))
    assert bury_spaces(s, GOLD) == list(range(len(gold)))  # every free space is offered
    act(s, "bury", color=GOLD, on="hideout", space=last)
    assert s.vp[A] == 3  # the rightmost space's bonus
    assert s.islands == islands  # not the refill of the leftmost space
    assert s.buried_at[A][GOLD] == 1 << last and s.buried_in(A, GOLD) == 1
    run(s, A, Effect(do="bury"))
    assert bury_spaces(s, GOLD) == list(range(last))  # the taken space is no longer free
    act(s, "bury", color=GOLD, on="hideout", space=1)
    assert s.buried_at[A][GOLD] == 1 << last | 1 << 1
    assert s.doubloons[A] == 30 + gold[1][0].n
    run(s, A, Effect(do="bury"))
    assert kind(s) == "move"  # no treasure left above the line
    assert s.islands == islands


@rule("MA-5.41")
def test_ma_5_41_each_burial_label_names_the_space_and_its_bonus() -> None:
    s = game()
    figurehead(s, A, "G")
    treasure(s, A, "emerald", 1)
    s.buried_at[A][EMERALD] = 0b10  # the second space is taken
    run(s, A, Effect(do="bury"))
    labels = [a.label for a in s.legal_actions() if a.kind == "bury"]
    assert labels == [
        "Bury an emerald on burial space 1: a cube onto the emerald island",
        "Bury an emerald on burial space 3: a ship upgrade",
        "Bury an emerald on burial space 4: 3 VP",
        "Bury an emerald on Poseidon's space 1: 5 doubloons",
        "Bury an emerald on Poseidon's space 2: 4 VP",
        "Bury an emerald on Poseidon's space 3: a ship upgrade",
        "Bury an emerald on Poseidon's space 4: a treasure of one type of your choice",
    ]


@rule("MA-5.41")
def test_ma_5_41_burying_is_optional() -> None:
    s = game()
    treasure(s, A, "gold", 1)
    run(s, A, Effect(do="bury"))
    assert "skip" in kinds(s)
    act(s, "skip")
    assert buried(s, A) == [0, 0, 0] and s.store[A][GOLD] == 1


@rule("MA-5.41")
def test_ma_5_41_nothing_to_bury_without_treasure_above_the_line() -> None:
    s = game()
    s.buried_at[A][GOLD] = 0b1
    run(s, A, Effect(do="bury"))
    assert kind(s) == "move"
    assert buried(s, A) == [1, 0, 0]


@rule("MA-5.43")
def test_ma_5_43_full_section_cannot_take_more() -> None:
    s = game()
    s.buried_at[A][GOLD] = (1 << len(s.content.hideout.gold.buried)) - 1
    treasure(s, A, "gold", 2)
    treasure(s, A, "pearl", 1)
    run(s, A, Effect(do="bury"))
    assert set(params(s, "bury", "color")) == {PEARL}


@rule("MA-5.44")
def test_ma_5_44_several_burials_may_be_different_types() -> None:
    s = game()
    treasure(s, A, "gold", 1)
    treasure(s, A, "pearl", 1)
    run(s, A, Effect(do="bury", n=2))
    act(s, "bury", color=PEARL, on="hideout", space=0)
    assert set(params(s, "bury", "color")) == {GOLD}
    act(s, "bury", color=GOLD, on="hideout", space=0)
    assert buried(s, A) == [1, 0, 1]


@rule("MA-5.45")
def test_ma_5_45_burying_frees_the_bonus_space() -> None:
    s = game()
    run(s, A, Effect(do="treasure", color="emerald"))
    two = next(
        k for k, b in enumerate(s.content.hideout.emerald.bonus) if b == (Effect(do="vp", n=2),)
    )
    act(s, "store", space=two)
    assert s.vp[A] == 2
    run(s, A, Effect(do="bury"))
    act(s, "bury", color=EMERALD, on="hideout", space=0)
    assert s.bonus[A][EMERALD] == 0  # the cube left the bonus space
    run(s, A, Effect(do="treasure", color="emerald"))
    assert two in params(s, "store", "space")
    act(s, "store", space=two)
    assert s.vp[A] == 4  # the bonus once more


# ============================================================================ quests
@rule("MA-5.46", "MA-5.66")
def test_ma_5_46_quest_from_the_offer_is_refilled_from_the_deck() -> None:
    s = game()
    offer = s.quest_offer[:]
    top = s.quest_deck[-1]
    run(s, A, Effect(do="quest"))
    act(s, "quest", quest=offer[1])
    assert offer[1] in s.quests[A]
    assert s.quest_offer == [offer[0], top]
    assert top not in s.quest_deck


@rule("MA-5.46")
def test_ma_5_46_quest_from_the_top_of_the_deck() -> None:
    s = game()
    offer = s.quest_offer[:]
    top = s.quest_deck[-1]
    size = len(s.quest_deck)
    run(s, A, Effect(do="quest"))
    assert sorted(params(s, "quest", "quest")) == sorted([-1, *offer])  # the quests by id
    act(s, "quest", quest=-1)
    assert top in s.quests[A]
    assert s.quest_offer == offer and len(s.quest_deck) == size - 1


@rule("MA-5.46")
def test_ma_5_46_offer_not_refilled_from_an_empty_deck() -> None:
    s = game()
    s.quest_deck.clear()
    offer = s.quest_offer[:]
    run(s, A, Effect(do="quest"))
    assert -1 not in params(s, "quest", "quest")
    act(s, "quest", quest=offer[0])
    assert s.quest_offer == offer[1:]


# ============================================================================ gain upgrade
@rule("MA-5.47", "MA-GAP-13.3")
def test_ma_5_47_gain_upgrade_from_anywhere_at_cost_plus_three() -> None:
    s = game(doubloons=40)
    loc = first(
        lambda c: (
            c.type == "location"
            and c.level == 1
            and any(a[0].do == "card" and a[0].category == "crew" for g in c.actions for a in g)
        )
    )
    target = first(lambda c: is_upgrade(c, "crew") and not c.lightning)
    place(s, FAR, target)
    sail_onto(s, loc)
    act(s, "skip")
    card = CARDS[card_id(s, loc)]
    group, alt = next(
        (g, i)
        for g, alts in enumerate(card.actions)
        for i, a in enumerate(alts)
        if a[0].do == "card" and a[0].category == "crew"
    )
    act(s, "act", group=group, alt=alt)
    assert FAR in params(s, "buy", "at")
    # Only Crew cards are offered.
    assert all(CARDS[s.slot[n]].category == "crew" for n in params(s, "buy", "at"))
    top = s.deck2[-1]
    act(s, "buy", at=FAR)
    assert s.doubloons[A] == 40 - CARDS[card_id(s, target)].cost - 3
    assert card_id(s, target) in s.owned[A]
    assert s.slot[FAR] == top  # refilled from level II


@rule("MA-5.47", "MA-5.60", "MA-GAP-13.3")
def test_ma_5_47_discount_lowers_the_cost_not_the_surcharge() -> None:
    target = first(lambda c: is_upgrade(c, "crew") and c.cost <= 3 and not c.lightning)
    s = game(doubloons=10)
    give(s, A, "Ghost Ship")
    figurehead(s, A, "L")  # discount 3 + 2, more than the card's cost: it costs 0, +3 remains
    assert s.discount(A) > CARDS[card_id(s, target)].cost
    place(s, FAR, target)
    run(s, A, Effect(do="card", category="crew", n=3))
    act(s, "buy", at=FAR)
    assert s.doubloons[A] == 10 - 3


@rule("MA-5.47", "MA-9.7")
def test_ma_5_47_face_down_cards_cannot_be_gained() -> None:
    s = game(doubloons=40, uncharted_upgrades=True)
    target = first(lambda c: is_upgrade(c, "crew") and not c.lightning)
    place(s, FAR, target, up=False)
    place(s, at(9, 0), first(lambda c: is_upgrade(c, "crew") and c.name != target), up=True)
    run(s, A, Effect(do="card", category="crew", n=3))
    offered = params(s, "buy", "at")
    assert at(9, 0) in offered
    assert FAR not in offered


@rule("MA-5.47")
def test_ma_5_47_unaffordable_cards_are_not_offered() -> None:
    cheapest = min(c.cost for c in CARDS if is_upgrade(c, "crew"))
    s = game(doubloons=cheapest + 3 - 1)
    cheap = first(lambda c: is_upgrade(c, "crew") and c.cost == cheapest)
    place(s, FAR, cheap)
    run(s, A, Effect(do="card", category="crew", n=3))
    assert kind(s) == "move"
    assert card_id(s, cheap) not in s.owned[A] and s.doubloons[A] == cheapest + 2


# ============================================================================ ship upgrades
@rule("MA-5.48", "MA-5.49", "MA-11.10")
def test_ma_11_10_first_threshold_needs_two_cubes_left_of_it() -> None:
    s = game()
    zero, one = zone_slots(0), zone_slots(1)
    assert s.content.ship.thresholds[0] == 2
    fill(s, A, zero[0])
    run(s, A, Effect(do="ship_upgrade"))
    assert sorted(params(s, "slot", "i")) == zero[1:]  # 1 cube: nothing right of threshold 1
    permanent = next(i for i in zero[1:] if s.content.ship.slots[i].permanent)
    act(s, "slot", i=permanent)
    run(s, A, Effect(do="ship_upgrade"))
    assert set(one) <= set(params(s, "slot", "i"))  # 2 cubes: open


@rule("MA-5.49")
def test_ma_5_49_later_thresholds_count_all_cubes_left_of_them() -> None:
    s = game()
    t = s.content.ship.thresholds
    left_of_2 = zone_slots(0) + zone_slots(1)
    fill(s, A, *left_of_2[: t[1] - 1])
    run(s, A, Effect(do="ship_upgrade"))
    assert not set(zone_slots(2)) & set(params(s, "slot", "i"))
    act(s, "skip")
    fill(s, A, left_of_2[t[1] - 1])
    run(s, A, Effect(do="ship_upgrade"))
    assert set(zone_slots(2)) <= set(params(s, "slot", "i"))
    assert not set(zone_slots(3)) & set(params(s, "slot", "i"))


@rule("MA-5.50", "MA-10.6.2")
def test_ma_5_50_one_time_slot_resolves_once() -> None:
    s = game(doubloons=10)
    i = slot_index(lambda sl: any(e.do == "doubloons" for e in sl.effects))
    fill(s, A, *zone_slots(0)[:2])
    gain = s.content.ship.slots[i].effects[0].n
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    assert s.doubloons[A] == 10 + gain
    run(s, A, Effect(do="ship_upgrade"))
    assert i not in params(s, "slot", "i")  # the slot is filled
    act(s, "skip")
    assert s.doubloons[A] == 10 + gain


@rule("MA-5.50", "MA-5.60", "MA-10.6.3")
def test_ma_5_50_permanent_slot_applies_from_then_on() -> None:
    s = game(doubloons=30)
    i = slot_index(lambda sl: any(p.perm == "discount" for p in sl.permanent))
    n = s.content.ship.slots[i].permanent[0].n
    name = first(plain)
    cost = CARDS[card_id(s, name)].cost
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    sail_onto(s, name)
    act(s, "buy", at=TO)
    assert s.doubloons[A] == 30 - (cost - n)


@rule("MA-5.51")
def test_ma_5_51_figurehead_slot_pays_three() -> None:
    s = game(doubloons=10)
    i = slot_index(lambda sl: any(e.do == "figurehead" for e in sl.effects))
    fig = next(f for f in s.fig_offer if FIGS[f].special is None and not FIGS[f].effects)
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    assert kind(s) == "figurehead"
    act(s, "figurehead", fig=fig)
    assert s.fig[A] == fig and s.doubloons[A] == 7
    assert fig not in s.fig_offer


@rule("MA-5.51", "MA-5.59")
def test_ma_5_51_figurehead_slot_without_three_doubloons_gives_no_figurehead() -> None:
    s = game(doubloons=2)
    i = slot_index(lambda sl: any(e.do == "figurehead" for e in sl.effects))
    offer = s.fig_offer[:]
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    assert kind(s) == "move"
    assert s.fig[A] == -1 and s.doubloons[A] == 2 and s.fig_offer == offer


@rule("MA-5.52", "MA-5.54")
def test_ma_5_52_smuggler_slot_pays_its_cost_and_the_tile_resolves_at_once() -> None:
    s = game(doubloons=10)
    i = slot_index(lambda sl: sl.effects and sl.effects[0].do == "pay")
    cost = s.content.ship.slots[i].effects[0].n
    tile = smuggler_side(s, "per_gold")
    treasure(s, A, "gold", 2)
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    node = location_nodes(s)[0]
    act(s, "smuggle", tile=tile, at=node)
    assert s.doubloons[A] == 10 - cost
    assert s.smug[node] == A * 10 + tile
    assert tile not in s.smug_left[A]
    assert s.vp[A] == 2  # 1 VP per gold, at once


@rule("MA-5.52", "MA-GAP-6.4")
def test_ma_5_52_smuggler_slot_costs_nothing_when_no_tile_is_placed() -> None:
    # The price is for using the benefit (as the figurehead slot's 3 doubloons): a player who
    # places no tile, or cannot place one, keeps the money.
    i = slot_index(lambda sl: sl.effects and sl.effects[0].do == "pay")
    s = game(doubloons=10)
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    assert kind(s) == "smuggler"
    act(s, "skip")
    assert s.doubloons[A] == 10 and s.slots[A] == 1 << i
    s = game(doubloons=10)
    s.smug_left[A] = []  # all five tiles placed
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    assert kind(s) == "move"
    assert s.doubloons[A] == 10 and s.slots[A] == 1 << i


@rule("MA-5.52", "MA-5.59")
def test_ma_5_52_smuggler_slot_cost_must_be_paid_in_full() -> None:
    s = game(doubloons=1)
    i = slot_index(lambda sl: sl.effects and sl.effects[0].do == "pay")
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    assert kind(s) == "move"
    assert s.doubloons[A] == 1
    assert all(t < 0 for t in s.smug)


@rule("MA-5.52")
def test_ma_5_52_one_tile_per_location_and_only_on_locations() -> None:
    s = game()
    locs = location_nodes(s)
    s.smug[locs[0]] = B * 10 + 0
    run(s, A, Effect(do="smuggler"))
    spots = set(params(s, "smuggle", "at"))
    assert spots == set(locs[1:])
    assert BAY not in spots and all(n < GRID for n in spots)


@rule("MA-5.63")
def test_ma_5_63_five_tiles_at_most() -> None:
    s = game()
    # Sides that only count (no decision when the tile resolves).
    s.smug_sides = tuple(
        next(i for i, side in enumerate(tile) if side.effects[0].do == "per")
        for tile in s.content.smugglers
    )
    for _ in range(5):
        run(s, A, Effect(do="smuggler"))
        act(s, "smuggle", tile=s.smug_left[A][0], at=params(s, "smuggle", "at")[0])
        assert kind(s) == "move"
    assert s.smug_left[A] == []
    assert sum(1 for t in s.smug if t >= 0 and t // 10 == A) == 5
    run(s, A, Effect(do="smuggler"))
    assert kind(s) == "move" and s.active == B


@rule("MA-3.10", "MA-5.53", "MA-5.63")
def test_ma_5_63_every_player_has_the_same_sides() -> None:
    s = game()
    tile = smuggler_side(s, "per_pearl")
    treasure(s, A, "pearl", 2)
    treasure(s, B, "pearl", 3)
    for p in (A, B):
        run(s, p, Effect(do="smuggler"))
        act(s, "smuggle", tile=tile, at=params(s, "smuggle", "at")[0])
    assert s.vp == [2, 3]


# ============================================================================ smuggler tiles
@rule("MA-5.54")
def test_ma_5_54_activate_one_of_your_tiles_anywhere() -> None:
    s = game()
    tile = smuggler_side(s, "per_emerald")
    locs = location_nodes(s)
    s.smug[locs[0]] = A * 10 + tile
    s.smug[locs[1]] = B * 10 + tile
    treasure(s, A, "emerald", 2)
    run(s, A, Effect(do="activate_smuggler"))
    assert params(s, "activate", "at") == [locs[0]]  # own tiles only
    act(s, "activate", at=locs[0])
    assert s.vp[A] == 2


@rule("MA-10.2.1")
def test_ma_10_2_1_bury_one_treasure() -> None:
    s = game()
    tile = smuggler_side(s, "bury")
    treasure(s, A, "pearl", 1)
    run(s, A, Effect(do="smuggler"))
    act(s, "smuggle", tile=tile, at=location_nodes(s)[0])
    act(s, "bury", color=PEARL, on="hideout", space=0)
    assert s.buried_in(A, PEARL) == 1


@pytest.mark.parametrize(
    ("key", "setup", "expected"),
    [
        pytest.param("per_buried", {"buried": 4}, 4, marks=rule("MA-10.2.2")),
        pytest.param("per_buried", {"buried": 8}, 6, marks=rule("MA-10.2.2")),
        pytest.param("per_quest", {"quests": 3}, 3, marks=rule("MA-10.2.3")),
        pytest.param("per_quest", {"quests": 7}, 6, marks=rule("MA-10.2.3")),
        pytest.param("per_river", {"rivers": 2}, 4, marks=rule("MA-10.2.4")),
        pytest.param("per_river", {"rivers": 4}, 6, marks=rule("MA-10.2.4", "MA-GAP-7.5")),
        pytest.param("per_equipment", {"equipment": 3}, 3, marks=rule("MA-10.2.6")),
        pytest.param("per_equipment", {"equipment": 7}, 6, marks=rule("MA-10.2.6")),
        pytest.param("per_crew", {"crew": 2}, 2, marks=rule("MA-10.2.7")),
        pytest.param("per_crew", {"crew": 8}, 6, marks=rule("MA-10.2.7")),
        pytest.param("per_emerald", {"emerald": 5}, 5, marks=rule("MA-10.2.8")),
        pytest.param("per_emerald", {"emerald": 9}, 6, marks=rule("MA-10.2.8")),
        pytest.param("per_pearl", {"pearl": 1}, 1, marks=rule("MA-10.2.9")),
        pytest.param("per_pearl", {"pearl": 7}, 6, marks=rule("MA-10.2.9")),
        pytest.param("per_gold", {"gold": 6}, 6, marks=rule("MA-10.2.10")),
        pytest.param("per_gold", {"gold": 10}, 6, marks=rule("MA-10.2.10")),
    ],
)
def test_ma_10_2_counting_sides_give_vp_capped_at_six(
    key: str, setup: dict[str, int], expected: int
) -> None:
    """The eight counting sides, each below and above its cap of 6 VP: MA-10.2.2 (buried
    treasure), MA-10.2.3 (quest cards), MA-10.2.4 (rivers, 2 VP each), MA-10.2.6 (Equipment),
    MA-10.2.7 (Crew), MA-10.2.8 (emeralds), MA-10.2.9 (pearls), MA-10.2.10 (gold)."""
    s = game()
    tile = smuggler_side(s, key)
    for what, n in setup.items():
        if what == "buried":
            fill_buried(s, A, [min(n, 3), min(max(n - 3, 0), 4), max(n - 7, 0)])
        elif what == "quests":
            s.quests[A] = list(range(n))
        elif what == "rivers":
            s.rivers[A] = (1 << n) - 1
        elif what in ("crew", "equipment"):
            mine = [i for i, c in enumerate(CARDS) if is_upgrade(c, what)][:n]
            s.owned[A] = mine
        else:
            treasure(s, A, what, n)
    run(s, A, Effect(do="smuggler"))
    act(s, "smuggle", tile=tile, at=location_nodes(s)[0])
    assert s.vp[A] == expected


@rule("MA-10.2.5")
def test_ma_10_2_5_two_vp_and_a_cube_of_your_choice_on_its_island() -> None:
    s = game()
    tile = smuggler_side(s, "vp_refill")
    run(s, A, Effect(do="smuggler"))
    act(s, "smuggle", tile=tile, at=location_nodes(s)[0])
    assert kind(s) == "color"
    act(s, "color", c=PEARL)
    assert s.vp[A] == 2
    assert s.islands == [4, 4, 5]


# ============================================================================ VP and doubloons
@rule("MA-5.56", "MA-5.57")
def test_ma_5_57_vp_count_on_past_fifty() -> None:
    s = game()
    s.vp[A] = 48
    run(s, A, Effect(do="vp", n=5))
    assert s.vp[A] == 53


@rule("MA-5.58", "MA-5.67", "MA-10.6.6")
def test_ma_5_58_white_number_gains_doubloons_without_a_limit() -> None:
    s = game(doubloons=160)
    run(s, A, Effect(do="doubloons", n=5))
    assert s.doubloons[A] == 165


@rule("MA-5.59", "MA-10.6.7")
def test_ma_5_59_red_number_must_be_paid_in_full() -> None:
    s = game(doubloons=2)
    run(s, A, Effect(do="pay", n=3), Effect(do="vp", n=4))
    assert s.doubloons[A] == 2 and s.vp[A] == 0  # not paid, nothing gained
    run(s, A, Effect(do="pay", n=2), Effect(do="vp", n=4))
    assert s.doubloons[A] == 0 and s.vp[A] == 4


@rule("MA-5.60", "MA-10.5.8", "MA-10.1.L")
def test_ma_5_60_discounts_stack_and_never_go_below_zero() -> None:
    s = game(doubloons=10)
    give(s, A, "Ghost Ship")  # 3
    figurehead(s, A, "L")  # 2
    fill(s, A, slot_index(lambda sl: any(p.perm == "discount" for p in sl.permanent)))  # 1
    assert s.discount(A) == 6
    name = first(lambda c: plain(c) and c.cost < 6)
    sail_onto(s, name)
    act(s, "buy", at=TO)
    assert s.doubloons[A] == 10
    expensive = first(lambda c: plain(c) and c.cost > 10)
    sail_onto(s, expensive)
    act(s, "buy", at=TO)
    assert s.doubloons[A] == 10 - (CARDS[card_id(s, expensive)].cost - 6)


# ============================================================================ figureheads
@rule("MA-10.1.A")
def test_ma_10_1_a_mermaid_raid_action_two_for_two_vp_and_two_doubloons() -> None:
    s = game(doubloons=0)
    figurehead(s, A, "A")
    run(s, A, Effect(do="raid_as", n=2))
    act(s, "color", c=GOLD)
    act(s, "spend", action=RAID_FIG)
    assert s.vp[A] == 2 and s.doubloons[A] == 2
    assert kind(s) == "move"  # all strength spent


@rule("MA-10.1.B", "MA-5.36")
def test_ma_10_1_b_dragon_explores_two_further() -> None:
    s = game()
    run(s, A, Effect(do="explore", n=1))
    assert s.explorer[A] == 1  # the only space in reach
    s = game()
    figurehead(s, A, "B")
    run(s, A, Effect(do="explore", n=1))
    assert params(s, "go", "to") == [1, 2, 3]


@rule("MA-10.1.C", "MA-5.1")
def test_ma_10_1_c_harpy_sails_up_to_four() -> None:
    s = game()
    begin(s, A, at(1, 0))
    three = set(params(s, "sail", "to"))
    s = game()
    figurehead(s, A, "C")
    begin(s, A, at(1, 0))
    four = set(params(s, "sail", "to"))
    assert three < four
    assert at(4, 1) in four - three  # 1a -> 2a -> 3a -> 4a -> 4b
    act(s, "sail", to=at(4, 1))
    assert s.ship[A] == at(4, 1)


@rule("MA-10.1.C", "MA-5.62")
def test_ma_10_1_c_harpy_doubloon_income_plus_four() -> None:
    s = game(doubloons=0)
    figurehead(s, A, "C")
    income_phase(s)
    assert s.doubloons[A] == 4
    assert s.vp[A] == 0


@rule("MA-10.1.D", "MA-GAP-8.4")
def test_ma_10_1_d_whale_may_refresh_the_offer_before_choosing() -> None:
    s = game()
    figurehead(s, A, "D")
    old = s.quest_offer[:]
    fresh = [s.quest_deck[-1], s.quest_deck[-2]]
    run(s, A, Effect(do="quest"))
    assert "refresh" in kinds(s)
    act(s, "refresh")
    assert s.quest_offer == fresh
    assert s.quest_deck[:2] == old  # the replaced cards lie at the bottom
    assert "refresh" not in kinds(s)  # once per quest
    act(s, "quest", quest=fresh[0])
    assert s.quests[A][-1] == fresh[0]


@rule("MA-10.1.D")
def test_ma_10_1_d_no_refresh_without_the_whale() -> None:
    s = game()
    run(s, A, Effect(do="quest"))
    assert "refresh" not in kinds(s)


@rule("MA-10.1.D", "MA-GAP-10.3")
def test_ma_10_1_d_whale_income_one_per_quest_held() -> None:
    s = game(doubloons=0)
    figurehead(s, A, "D")
    s.quests[A] = [0, 1, 2]
    income_phase(s)
    assert s.doubloons[A] == 3


@rule("MA-10.1.E", "MA-5.26")
def test_ma_10_1_e_lion_two_rerolls_and_plus_two() -> None:
    s = game()
    figurehead(s, A, "E")
    dice(s, 1, 1, 1, 2, 2, 2, 3, 4, 5)
    run(s, A, Effect(do="raid"))
    act(s, "reroll")
    act(s, "reroll")
    assert "reroll" not in kinds(s)  # two rerolls, no third
    assert s.dice == [3, 4, 5]
    act(s, "die", die=PEARL)
    assert s.stack[-1].record(Spend).strength == 5 + 2


@rule("MA-5.26")
def test_ma_5_26_without_the_lion_one_reroll() -> None:
    s = game()
    dice(s, 1, 1, 1, 2, 2, 2)
    run(s, A, Effect(do="raid"))
    act(s, "reroll")
    assert "reroll" not in kinds(s)


@rule("MA-10.1.F")
def test_ma_10_1_f_sea_serpent_income_plus_two_and_two() -> None:
    s = game(doubloons=0)
    figurehead(s, A, "F")
    income_phase(s)
    assert s.doubloons[A] == 2 and s.vp[A] == 2


@rule("MA-10.1.G", "MA-5.42")
def test_ma_10_1_g_poseidon_takes_a_buried_treasure_for_its_bonus() -> None:
    s = game(doubloons=0)
    figurehead(s, A, "G")
    treasure(s, A, "gold", 2)
    run(s, A, Effect(do="bury"))
    spots = {(a.text("on"), a.num("space")) for a in s.legal_actions() if a.kind == "bury"}
    hideout = {("hideout", k) for k in range(len(s.content.hideout.gold.buried))}
    assert spots == hideout | {("poseidon", k) for k in range(4)}
    act(s, "bury", color=GOLD, on="poseidon", space=0)  # 5 doubloons
    assert s.doubloons[A] == 5
    assert s.buried_in(A, GOLD) == 0 and s.poseidon[A][0] == GOLD
    assert s.buried_count(A) == 1 and s.treasure(A, GOLD) == 2
    run(s, A, Effect(do="bury"))
    assert ("poseidon", 0) not in {
        (a.text("on"), a.num("space")) for a in s.legal_actions() if a.kind == "bury"
    }
    act(s, "bury", color=GOLD, on="poseidon", space=1)  # 4 VP
    assert s.vp[A] == 4


@rule("MA-10.1.G")
def test_ma_10_1_g_poseidon_ship_upgrade_and_treasure_spaces() -> None:
    s = game()
    figurehead(s, A, "G")
    treasure(s, A, "pearl", 2)
    run(s, A, Effect(do="bury"))
    act(s, "bury", color=PEARL, on="poseidon", space=2)
    assert kind(s) == "ship_upgrade"
    act(s, "skip")
    run(s, A, Effect(do="bury"))
    act(s, "bury", color=PEARL, on="poseidon", space=3)
    act(s, "color", c=EMERALD)
    store_plain(s)
    assert s.treasure(A, EMERALD) == 1


@rule("MA-10.1.H")
def test_ma_10_1_h_kraken_raid_action_two_for_six_doubloons() -> None:
    s = game(doubloons=0)
    figurehead(s, A, "H")
    run(s, A, Effect(do="raid_as", n=2))
    act(s, "color", c=GOLD)
    act(s, "spend", action=RAID_FIG)
    assert s.doubloons[A] == 6


@rule("MA-10.1.I", "MA-5.51")
def test_ma_10_1_i_hawk_three_cubes_of_one_type() -> None:
    s = game(doubloons=3)
    hawk = "ABCDEFGHIJKL".index("I")
    if hawk not in s.fig_offer:
        s.fig_offer.append(hawk)
    s.islands = [4, 4, 2]
    run(s, A, Effect(do="figurehead"))
    act(s, "figurehead", fig=hawk)
    assert kind(s) == "color"
    act(s, "color", c=PEARL)
    store_plain(s)
    assert s.treasure(A, PEARL) == 3 and s.treasure(A, GOLD) == 0
    assert s.islands == [4, 4, 0]  # two from the island, the third from the supply
    assert s.doubloons[A] == 0


@rule("MA-10.1.J", "MA-5.39")
def test_ma_10_1_j_nautilus_one_step_fewer_for_a_gold() -> None:
    s = game()
    figurehead(s, A, "J")
    run(s, A, Effect(do="explore", n=3))
    assert "trade" in kinds(s)
    act(s, "trade", source=RAID_FIG)
    store_plain(s)
    assert s.treasure(A, GOLD) == 1
    assert params(s, "go", "to") == [1, 2]  # 2 steps left
    assert "trade" not in kinds(s)  # once per explore


@rule("MA-10.1.K")
def test_ma_10_1_k_skull_raid_action_two_to_bury() -> None:
    s = game()
    figurehead(s, A, "K")
    treasure(s, A, "emerald", 1)
    run(s, A, Effect(do="raid_as", n=2))
    act(s, "color", c=GOLD)
    act(s, "spend", action=RAID_FIG)
    act(s, "bury", color=EMERALD, on="hideout", space=0)
    assert s.buried_in(A, EMERALD) == 1


@rule("MA-10.1.L")
def test_ma_10_1_l_unicorn_discount_two_on_cards_and_residences() -> None:
    s = game(doubloons=30)
    figurehead(s, A, "L")
    name = first(plain)
    cost = CARDS[card_id(s, name)].cost
    sail_onto(s, name)
    act(s, "buy", at=TO)
    assert s.doubloons[A] == 30 - (cost - 2)
    res = first(lambda c: c.type == "residence")
    rcost = CARDS[card_id(s, res)].cost
    s.doubloons[A] = 30
    sail_onto(s, res, node=at(3, 0))
    act(s, "build", at=at(3, 0))
    assert s.doubloons[A] == 30 - (rcost - 2)


@rule("MA-5.51", "MA-5.64")
def test_ma_5_64_one_figurehead_per_player_per_game() -> None:
    s = game(doubloons=10)
    figurehead(s, A, "L")
    offer = s.fig_offer[:]
    run(s, A, Effect(do="figurehead"))
    assert kind(s) == "move"  # nothing offered
    assert s.doubloons[A] == 10 and s.fig_offer == offer
    i = slot_index(lambda sl: any(e.do == "figurehead" for e in sl.effects))
    run(s, A, Effect(do="ship_upgrade"))
    act(s, "slot", i=i)
    assert s.fig[A] == "ABCDEFGHIJKL".index("L") and s.doubloons[A] == 10


@rule("MA-5.65")
def test_ma_5_65_figurehead_offer_is_not_refilled() -> None:
    s = game(doubloons=10)
    offer = s.fig_offer[:]
    assert len(offer) == 4  # 2 players + 2
    pick = next(f for f in offer if not FIGS[f].effects)
    run(s, A, Effect(do="figurehead"))
    act(s, "figurehead", fig=pick)
    assert s.fig_offer == [f for f in offer if f != pick]
    run(s, B, Effect(do="figurehead"))
    assert sorted(params(s, "figurehead", "fig")) == sorted(s.fig_offer)
    assert pick not in params(s, "figurehead", "fig")


# ============================================================================ effect vocabulary
@rule("MA-10.5.9", "MA-GAP-13.1")
def test_ma_10_5_9_raid_as_if_rolled_in_a_chosen_colour() -> None:
    s = game()
    give(
        s,
        A,
        first(
            lambda c: (
                any(p.perm == "raid_bonus" and p.color is None and p.n == 1 for p in c.permanent)
                and c.level == 1
            )
        ),
    )
    give(
        s,
        A,
        first(lambda c: any(p.perm == "raid_bonus" and p.color == "emerald" for p in c.permanent)),
    )
    s.islands = [4, 4, 4]
    run(s, A, Effect(do="raid_as", n=6))
    assert kind(s) == "color"
    act(s, "color", c=EMERALD)
    # 6 + 1 (uncoloured bonus); the emerald bonus needs a rolled die.
    assert s.stack[-1].record(Spend).strength == 7
    act(s, "spend", action=RAID_STD + 2)  # 5 strength: a treasure of the chosen colour
    store_plain(s)
    assert s.treasure(A, EMERALD) == 1 and s.islands[EMERALD] == 3
    act(s, "spend", action=RAID_STD + 1)  # 2 strength: 3 doubloons
    assert s.doubloons[A] == 33
    assert kind(s) == "move"


@rule("MA-10.5.19", "MA-10.5.5")
def test_ma_10_5_19_raid_with_the_shown_die_plus_its_bonus() -> None:
    s = game()
    give(
        s,
        A,
        first(lambda c: any(p.perm == "raid_bonus" and p.color == "pearl" for p in c.permanent)),
    )
    give(
        s,
        A,
        first(
            lambda c: (
                any(p.perm == "raid_bonus" and p.color == "gold" for p in c.permanent)
                and c.level == 1
            )
        ),
    )
    dice(s, 4)
    run(s, A, Effect(do="raid_die", color="pearl", n=3))
    pearl = next(p.n for c in s.owned[A] for p in CARDS[c].permanent if p.color == "pearl")
    assert kind(s) == "spend"
    # the gold bonus does not count
    assert s.stack[-1].record(Spend) == Spend(color=PEARL, strength=4 + 3 + pearl)


@rule("MA-10.5.10", "MA-10.5.30")
def test_ma_10_5_10_gain_a_ship_card_at_its_usual_cost() -> None:
    s = game(doubloons=30)
    target = first(lambda c: is_upgrade(c, "ship") and not c.lightning and c.level == 1)
    place(s, FAR, target)
    run(s, A, Effect(do="card", category="ship", n=0))
    offered = params(s, "buy", "at")
    assert FAR in offered
    assert all(CARDS[s.slot[n]].category == "ship" for n in offered)
    assert "skip" in kinds(s)
    act(s, "buy", at=FAR)
    assert s.doubloons[A] == 30 - CARDS[card_id(s, target)].cost


@rule("MA-10.5.11", "MA-10.5.33")
def test_ma_10_5_11_gain_a_crew_card_at_cost_plus_three() -> None:
    s = game(doubloons=30)
    target = first(lambda c: is_upgrade(c, "crew") and not c.lightning and c.level == 1)
    place(s, FAR, target)
    run(s, A, Effect(do="card", category="crew", n=3))
    assert all(CARDS[s.slot[n]].category == "crew" for n in params(s, "buy", "at"))
    act(s, "buy", at=FAR)
    assert s.doubloons[A] == 30 - CARDS[card_id(s, target)].cost - 3


@rule("MA-10.5.34")
def test_ma_10_5_34_gain_an_equipment_card_at_cost_plus_three() -> None:
    s = game(doubloons=30)
    target = first(lambda c: is_upgrade(c, "equipment") and not c.lightning and c.level == 1)
    place(s, FAR, target)
    run(s, A, Effect(do="card", category="equipment", n=3))
    assert all(CARDS[s.slot[n]].category == "equipment" for n in params(s, "buy", "at"))
    act(s, "buy", at=FAR)
    assert s.doubloons[A] == 30 - CARDS[card_id(s, target)].cost - 3


@pytest.mark.parametrize(
    ("what", "n", "expected"),
    [
        pytest.param("buried", 1, 3, marks=rule("MA-10.5.12", "MA-10.5.35")),
        pytest.param("crew", 1, 2, marks=rule("MA-10.5.13", "MA-10.5.36")),
        pytest.param("equipment", 1, 4, marks=rule("MA-10.5.14", "MA-10.5.37")),
        pytest.param("river", 2, 6, marks=rule("MA-10.5.15", "MA-10.5.38")),
    ],
)
def test_ma_10_5_12_to_15_vp_per_counted_thing(what: str, n: int, expected: int) -> None:
    """VP now per thing counted: MA-10.5.12 and its repeat MA-10.5.35 (buried treasure),
    MA-10.5.13 / MA-10.5.36 (Crew cards), MA-10.5.14 / MA-10.5.37 (Equipment cards),
    MA-10.5.15 / MA-10.5.38 (2 VP per river crossed)."""
    s = game()
    fill_buried(s, A, [2, 1, 0])  # 3 buried
    crew = [i for i, c in enumerate(CARDS) if is_upgrade(c, "crew")][:2]
    equipment = [i for i, c in enumerate(CARDS) if is_upgrade(c, "equipment")][:4]
    s.owned[A] = crew + equipment
    s.rivers[A] = 0b10110  # 3 rivers
    run(s, A, Effect(do="per", what=what, n=n))
    assert s.vp[A] == expected


@rule("MA-10.5.20", "MA-10.5.6")
def test_ma_10_5_20_explore_with_all_permanent_bonuses() -> None:
    s = game()
    give(
        s,
        A,
        first(
            lambda c: (
                any(p.perm == "explore_bonus" and p.n == 1 for p in c.permanent) and c.level == 1
            )
        ),
    )
    run(s, A, Effect(do="explore", n=2))
    assert params(s, "go", "to") == [1, 2, 3]
    act(s, "go", to=3)
    assert s.explorer[A] == 3


@rule("MA-10.5.21")
def test_ma_10_5_21_the_explorers_space_again() -> None:
    s = game(doubloons=0)
    space = next(
        sp for sp in s.content.track.spaces if sp.effects == (Effect(do="doubloons", n=3),)
    )
    s.explorer[A] = space.id
    run(s, A, Effect(do="explore_space"))
    assert s.doubloons[A] == 3
    assert s.explorer[A] == space.id


@rule("MA-10.5.22")
def test_ma_10_5_22_may_perform_a_ship_upgrade() -> None:
    s = game()
    run(s, A, Effect(do="ship_upgrade"))
    assert kind(s) == "ship_upgrade" and "skip" in kinds(s)
    act(s, "skip")
    assert s.slots[A] == 0


@rule("MA-10.5.23")
def test_ma_10_5_23_may_bury_one_treasure() -> None:
    s = game()
    treasure(s, A, "gold", 2)
    run(s, A, Effect(do="bury"))
    act(s, "bury", color=GOLD, on="hideout", space=0)
    assert kind(s) == "move"  # one only
    assert s.buried_in(A, GOLD) == 1 and s.store[A][GOLD] == 1


@rule("MA-10.5.24")
def test_ma_10_5_24_activation_is_optional() -> None:
    s = game()
    tile = smuggler_side(s, "per_gold")
    s.smug[location_nodes(s)[0]] = A * 10 + tile
    treasure(s, A, "gold", 2)
    run(s, A, Effect(do="activate_smuggler"))
    act(s, "skip")
    assert s.vp[A] == 0


@rule("MA-10.5.25")
def test_ma_10_5_25_pay_three_for_a_figurehead() -> None:
    s = game(doubloons=3)
    pick = next(f for f in s.fig_offer if not FIGS[f].effects)
    run(s, A, Effect(do="figurehead"))
    assert "skip" in kinds(s)
    act(s, "figurehead", fig=pick)
    assert s.fig[A] == pick and s.doubloons[A] == 0
    s = game(doubloons=2)
    run(s, A, Effect(do="figurehead"))
    assert kind(s) == "move" and s.fig[A] == -1


@rule("MA-10.5.26")
def test_ma_10_5_26_quest_sold_to_the_bottom_for_eight() -> None:
    s = game(doubloons=0)
    q = s.quests[A][0]
    run(s, A, Effect(do="quest_sell"))
    assert "skip" in kinds(s)
    act(s, "sell_quest", quest=q)
    assert s.doubloons[A] == 8
    assert q not in s.quests[A]
    assert s.quest_deck[0] == q  # the bottom (cards are drawn from the end)


@rule("MA-10.5.26")
def test_ma_10_5_26_nothing_to_sell_without_a_quest() -> None:
    s = game(doubloons=0)
    s.quests[A] = []
    run(s, A, Effect(do="quest_sell"))
    assert kind(s) == "move" and s.doubloons[A] == 0


@rule("MA-10.5.27")
def test_ma_10_5_27_must_place_one_cube_on_any_island() -> None:
    s = game()
    run(s, A, Effect(do="refill", color="any"))
    assert kinds(s) == ["color"] * 3  # no skip: mandatory
    act(s, "color", c=GOLD)
    assert s.islands == [5, 4, 4]


@rule("MA-10.5.28")
def test_ma_10_5_28_two_identical_cubes_on_one_island() -> None:
    s = game()
    run(s, A, Effect(do="refill", color="any", n=2))
    assert kinds(s) == ["color"] * 3
    act(s, "color", c=EMERALD)
    assert s.islands == [4, 6, 4]
    assert kind(s) == "move"  # one choice for both cubes


@rule("MA-10.5.29")
def test_ma_10_5_29_build_a_residence_not_built_yet() -> None:
    s = game(doubloons=40)
    homes = [n for n in range(GRID) if s.slot[n] >= 0 and CARDS[s.slot[n]].type == "residence"]
    s.res[s.slot[homes[0]]].append(A)
    run(s, A, Effect(do="residence"))
    offered = params(s, "build", "at")
    assert homes[0] not in offered and set(offered) == set(homes[1:])
    act(s, "build", at=homes[1])
    card = s.slot[homes[1]]
    assert A in s.res[card]
    assert s.doubloons[A] == 40 - CARDS[card].cost
    assert s.vp[A] == 2  # first builder


@rule("MA-10.5.29", "MA-5.59")
def test_ma_10_5_29_only_residences_the_player_can_pay_for() -> None:
    s = game()
    homes = [n for n in range(GRID) if s.slot[n] >= 0 and CARDS[s.slot[n]].type == "residence"]
    cheapest = min(CARDS[s.slot[n]].cost for n in homes)
    s.doubloons[A] = cheapest
    run(s, A, Effect(do="residence"))
    offered = params(s, "build", "at")
    assert offered and set(offered) == {n for n in homes if CARDS[s.slot[n]].cost <= cheapest}
    s = game(doubloons=cheapest - 1)
    run(s, A, Effect(do="residence"))
    assert kind(s) == "move" and s.doubloons[A] == cheapest - 1


@rule("MA-10.5.31", "MA-10.5.32", "MA-10.6.13", "MA-6.6")
def test_ma_10_5_31_32_income_now() -> None:
    s = game(doubloons=0)
    only_d = [i for i, c in enumerate(CARDS) if is_upgrade(c) and c.income_d and not c.income_vp]
    only_v = [i for i, c in enumerate(CARDS) if is_upgrade(c) and c.income_vp and not c.income_d]
    s.owned[A] = only_d[:2] + only_v[:1]
    figurehead(s, A, "F")  # + 2 and + 2 (MA-10.1.F): figurehead income counts too
    d = sum(CARDS[c].income_d for c in s.owned[A]) + 2
    v = sum(CARDS[c].income_vp for c in s.owned[A]) + 2
    assert d != v
    run(s, A, Effect(do="income_vp"))
    assert s.vp[A] == v and s.doubloons[A] == 0
    run(s, A, Effect(do="income_doubloons"))
    assert s.doubloons[A] == d and s.vp[A] == v


@rule("MA-10.5.42", "MA-5.32")
def test_ma_10_5_42_gain_a_cube_of_the_shown_type() -> None:
    s = game()
    run(s, A, Effect(do="treasure", color="gold"))
    store_plain(s)
    assert s.treasure(A, GOLD) == 1 and s.islands == [3, 4, 4]


@rule("MA-10.5.1", "MA-5.27")
def test_ma_10_5_1_extra_raid_action_three_for_a_treasure_of_the_die_colour() -> None:
    s = game()
    give(s, A, first(lambda c: any(p.perm == "raid_action" and p.n == 3 for p in c.permanent)))
    run(s, A, Effect(do="raid_as", n=3))
    act(s, "color", c=PEARL)
    rid = next(a for a in params(s, "spend", "action") if a >= RAID_CARD)
    act(s, "spend", action=rid)
    store_plain(s)
    assert s.treasure(A, PEARL) == 1


@rule("MA-5.10")
def test_ma_5_10_the_space_where_the_ship_ends_decides_its_actions() -> None:
    """The five space types: an upgrade card, a residence card, a location card, the Bay and
    Maracaibo each offer their own actions after the move."""
    upgrade_card = first(plain)
    residence = first(lambda c: c.type == "residence" and c.level == 1)
    s = game()
    sail_onto(s, upgrade_card)
    assert sorted(kinds(s)) == ["buy", "take5"]  # MA-5.11
    s = game()
    sail_onto(s, residence)
    assert kinds(s) == ["build", "skip"]  # MA-5.16
    s = game()
    sail_onto(s, "Trinidad")
    assert kind(s) == "ship_upgrade"  # MA-5.22, then the location's actions (MA-5.25)
    act(s, "skip")
    assert kind(s) == "location" and "act" in kinds(s)
    s = game()
    sail_to_bay(s)
    assert kind(s) == "bay"  # MA-5.70
    s = game()
    begin(s, A, BAY)
    assert s.ship[A] == MARACAIBO and kind(s) == "ship_upgrade"  # MA-5.72


# ============================================================================ Bay, rubies
@rule("MA-5.70", "MA-GAP-9.1")
def test_ma_5_70_bay_offers_raid_and_explore_without_a_ship_upgrade() -> None:
    s = game()
    sail_to_bay(s)
    assert kind(s) == "bay"
    groups = {dict(a.params)["group"] for a in s.legal_actions() if a.kind == "act"}
    assert groups == {0, 1}
    assert all(f.kind != "ship_upgrade" for f in s.stack)


@rule("MA-5.72", "MA-GAP-9.3")
def test_ma_5_72_every_arrival_in_maracaibo_gains_a_ship_upgrade_and_six_vp() -> None:
    s = game()
    for p in (A, B):
        begin(s, p, BAY)  # from the Bay the only move is to Maracaibo
        assert s.ship[p] == MARACAIBO
        assert kind(s) == "ship_upgrade"
        act(s, "slot", i=zone_slots(0)[-1])
        assert s.vp[p] == 6 and s.slots[p] == 1 << zone_slots(0)[-1]


@rule("MA-9.16")
def test_ma_9_16_ruby_on_tobago() -> None:
    s = game(rubies=True)
    place(s, TO, "Tobago")
    sail_onto(s, None)
    assert kind(s) == "ruby"
    act(s, "yes")
    assert s.rubies[A] == 1


@rule("MA-9.16")
def test_ma_9_16_ruby_is_optional_and_only_at_the_supply_tiles() -> None:
    s = game(rubies=True)
    place(s, TO, "Bonaire")
    sail_onto(s, None)
    act(s, "no")
    assert s.rubies[A] == 0
    s = game(rubies=True)
    place(s, TO, "Trinidad")
    sail_onto(s, None)
    assert kind(s) != "ruby" and s.rubies[A] == 0


@rule("MA-9.17", "MA-5.71")
def test_ma_9_17_sell_one_ruby_in_the_bay_for_the_market_bonus() -> None:
    s = game(doubloons=0, rubies=True)
    s.rubies[A] = 2
    sail_to_bay(s)
    assert kind(s) == "sell_ruby"
    market = s.content.places.ruby_market
    assert sorted(params(s, "sell_ruby", "space")) == list(range(len(market)))
    i = next(k for k, b in enumerate(market) if b == (Effect(do="doubloons", n=6),))
    act(s, "sell_ruby", space=i)
    assert s.doubloons[A] == 6 and s.rubies[A] == 1
    assert s.ruby_market == 1 << i
    assert kind(s) == "bay"  # one ruby per visit


@rule("MA-9.17")
def test_ma_9_17_sold_out_market_pays_two_vp() -> None:
    s = game(rubies=True)
    s.rubies[A] = 1
    s.ruby_market = (1 << len(s.content.places.ruby_market)) - 1
    sail_to_bay(s)
    assert params(s, "sell_ruby", "space") == [-1]
    act(s, "sell_ruby", space=-1)
    assert s.vp[A] == 2 and s.rubies[A] == 0


def _groups_with(kind_: str) -> tuple[str, int]:
    """A level I location with an alternative opening with ``kind_``, and that group."""
    name = first(
        lambda c: (
            c.type == "location"
            and c.level == 1
            and any(alt[0].do == kind_ for g in c.actions for alt in g)
        )
    )
    loc = CARDS[card_id(new(2), name)]
    return name, next(
        g for g, alts in enumerate(loc.actions) if any(a[0].do == kind_ for a in alts)
    )


def _offered(s: MaracaiboState, group: int, kind_: str, name: str) -> bool:
    loc = CARDS[card_id(s, name)]
    return any(
        g == group and loc.actions[g][a][0].do == kind_
        for g, a in zip(params(s, "act", "group"), params(s, "act", "alt"), strict=True)
    )


@rule("MA-5.25", "MA-5.41", "MA-5.43")
def test_ma_5_25_a_bury_with_nothing_to_bury_is_not_offered() -> None:
    """It would only use up the group; with a treasure above the line and a free space in its
    section (or on Poseidon) it is offered."""
    name, group = _groups_with("bury")
    full = (1 << len(load_content().hideout.gold.buried)) - 1
    for gold, gold_full, poseidon, offered in (
        (0, False, False, False),
        (1, False, False, True),
        (1, True, False, False),  # the gold section is full (MA-5.43)
        (1, True, True, True),  # but Poseidon has free spaces
    ):
        s = game()
        treasure(s, A, "gold", gold)
        if gold_full:
            s.buried_at[A][GOLD] = full
        if poseidon:
            figurehead(s, A, "G")
        sail_onto(s, name)
        act(s, "skip")
        assert kind(s) == "location"
        assert _offered(s, group, "bury", name) == offered


@rule("MA-5.25", "MA-5.47")
def test_ma_5_25_a_purchase_nobody_can_afford_is_not_offered() -> None:
    name, group = _groups_with("card")
    for money, offered in ((0, False), (40, True)):
        s = game(doubloons=money)
        sail_onto(s, name)
        act(s, "skip")
        if kind(s) == "location":
            assert _offered(s, group, "card", name) == offered
        else:
            assert not offered  # nothing else there to do: the turn ended
