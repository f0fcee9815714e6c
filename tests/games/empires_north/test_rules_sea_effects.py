"""Rule tests for the sea and the card language: SAIL and the ship queue (EN-5.4.5, common ships
EN-5.4.5.6 / EN-GAP-12 / EN-11.12), the Expedition (EN-6, EN-GAP-3, EN-GAP-13b), raiding in
the Action phase (EN-5.8, EN-11.14, EN-GAP-13c), the glossary effects (EN-9: GAIN, DRAW, FIND,
ROUSE, REFRESH, RELEASE, ASSIGN, STORED with EN-11.8, COPY, MOVE YOUR SHIP 1 FORWARD with
EN-GAP-13e/l, Floki's Shipyard EN-11.13, ``per``, ``gift``) and features (EN-5.2.3b, EN-GAP-13d).

Every position is built by hand from ``new`` (seat 0 to act in round 1): goods, hands, empires,
the island slots and, where the test is not about SAIL itself, the ship queue are set directly;
the rules are then played through the legal actions with ``act``. Rules that need a card with an
exact effect use ``make_card`` (custom islands, features and action cards), so that the tests do
not depend on the stand-in balance; only Floki's Shipyard (EN-11.13), the card the rulebook
names, is the stand-in card itself."""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.games.empires_north.effects import Alt
from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    DISTANT,
    NEAR,
    Effect,
    Ship,
    act,
    build,
    card_id,
    clear,
    find,
    give,
    kind,
    legal_json,
    make_card,
    new,
    pass_all,
    run,
    tile,
    turn,
)

SAIL, HARVEST, POPULATE = tile("sail"), tile("harvest"), tile("populate")
NEAR0, NEAR1, DISTANT0, DISTANT1 = 0, 1, 2, 3
"""The ``slot`` parameter of the face-up islands (near slots, then distant slots)."""
VP1 = [[{"do": "gain", "goods": {"vp": 1}}]]
LAUNCH = [[{"do": "expedition"}]]

rule = pytest.mark.rule


# ---------------------------------------------------------------------------- local helpers
def game(n: int = 2, clans: tuple[str, ...] = ("glenn", "olaf")) -> EmpiresState:
    """A game at seat 0's first turn with every seat cleared (no goods, hand or empire)."""
    s = new(n, clans)
    for p in range(n):
        clear(s, p)
    return s


def sail(s: EmpiresState, fish: int = 0, axe: int = 0) -> None:
    """The player to act places a disc on SAIL and sails (fish 1 = a fish, 2 = gold for it)."""
    act(s, "disc", tile=SAIL)
    if kind(s) == "sail":
        act(s, "sail", fish=fish, axe=axe)
    else:  # a single choice was taken by itself: nothing to carry
        assert (fish, axe) == (0, 0)


def queue(s: EmpiresState, *ships: Ship) -> None:
    s.queue = list(ships)


def owners(s: EmpiresState) -> list[int]:
    return [ship.owner for ship in s.queue]


def voyage_options(s: EmpiresState) -> set[tuple[str, Any]]:
    """The pending voyage's options as (kind, slot or deck)."""
    assert kind(s) == "voyage", kind(s)
    out = set()
    for a in legal_json(s):
        out.add((a["kind"], a.get("slot", a.get("deck"))))
    return out


def to_hand(s: EmpiresState, p: int, *cards: int) -> None:
    s.hand[p] = sorted([*s.hand[p], *cards])


def source(s: EmpiresState) -> str:
    """The card whose '/' choice is pending."""
    assert kind(s) == "alt", kind(s)
    return s.stack[-1].record(Alt).source


def gain(**goods: int) -> dict[str, Any]:
    return {"do": "gain", "goods": goods}


def isle(s: EmpiresState, distance: str = "near", **fields: Any) -> int:
    """A custom island: raid 2 wood and 1 food, conquer bonus 1 sheep, unless given."""
    fields.setdefault("raid", {"wood": 2, "food": 1})
    conquered = {"action", "features", "bonus", "stored"} & set(fields)
    if fields.get("conquerable", True) and not conquered:
        fields["bonus"] = [[gain(sheep=1)]]
    return make_card(s, type="island", distance=distance, **fields)


def up(s: EmpiresState, d: int, *islands: int) -> list[int]:
    """Show ``islands`` face up under deck ``d``."""
    s.isl_up[d] = list(islands)
    return list(islands)


def feature(s: EmpiresState, on: str, effects: Any = None, **fields: Any) -> int:
    """A custom feature location: when ``on`` happens (``tile``/``icon``/``once`` in fields)."""
    trig = {k: fields.pop(k) for k in ("tile", "icon", "once") if k in fields}
    feat = {"on": on, "effects": effects or VP1, **trig}
    return make_card(s, type="feature", features=[feat], **fields)


def action(s: EmpiresState, effects: Any = None, cost: Any = None, **fields: Any) -> int:
    """A custom action location: Action: pay ``cost``: ``effects`` (1 VP by default)."""
    body = {"effects": effects or VP1, **({"cost": cost} if cost else {})}
    return make_card(s, type="action", action=body, **fields)


def through_cleanup(s: EmpiresState) -> None:
    """Everybody passes, the Expedition runs with nothing to choose, Cleanup, and the next
    Lookout keeps nothing: the next round's Action phase (or the STORED choices) is pending."""
    pass_all(s)
    while kind(s) == "voyage":
        act(s, "skip")
    while kind(s) == "lookout":
        act(s, "done")


# ============================================================================ SAIL (EN-5.4.5)
def test_en_5_4_5_1_sail_needs_a_ship_in_the_supply() -> None:
    s = game()
    queue(s, Ship(0, False, False), Ship(0, False, False))  # both ships already out
    assert find(s, "disc", tile=SAIL) is None
    run(s, 0, Effect(do="tile", tile="sail"))  # a SAIL granted by a card does nothing either
    assert len(s.queue) == 2 and kind(s) == "turn"
    s.queue.pop()  # one ship back in the supply
    assert find(s, "disc", tile=SAIL) is not None
    sail(s)
    assert owners(s) == [0, 0]


def test_en_5_4_5_2_first_ship_on_the_arrow_later_ones_behind() -> None:
    s = game()
    sail(s)  # seat 0: on the arrow
    sail(s)  # seat 1: behind it
    sail(s)  # seat 0's second ship: behind the last ship
    assert owners(s) == [0, 1, 0]
    assert s.ships_free(0) == 0 and s.ships_free(1) == 1


def test_en_5_4_5_3_fish_and_axe_are_chosen_when_sailing() -> None:
    s = game()
    give(s, 0, fish=1, axe=1)
    act(s, "disc", tile=SAIL)
    options = {(a["fish"], a["axe"]) for a in legal_json(s)}
    assert options == {(0, 0), (1, 0), (0, 1), (1, 1)}
    act(s, "sail", fish=1, axe=1)
    assert s.queue == [Ship(0, True, True)]
    assert s.goods[0]["fish"] == 0 and s.goods[0]["axe"] == 0


def test_en_5_4_5_3_sailing_with_nothing_keeps_the_goods() -> None:
    s = game()
    give(s, 0, fish=1, axe=1)
    sail(s, fish=0, axe=0)
    assert s.queue == [Ship(0, False, False)]
    assert s.goods[0]["fish"] == 1 and s.goods[0]["axe"] == 1


def test_en_5_4_5_4_gold_may_replace_the_fish_but_not_the_axe() -> None:
    s = game()
    give(s, 0, gold=2)
    act(s, "disc", tile=SAIL)
    options = {(a["fish"], a["axe"]) for a in legal_json(s)}
    assert options == {(0, 0), (2, 0)}  # gold for the fish; no axe from gold
    act(s, "sail", fish=2, axe=0)
    assert s.queue == [Ship(0, True, False)]
    assert s.goods[0]["gold"] == 1


def test_en_gap_13j_goods_cannot_be_added_to_a_ship_later() -> None:
    s = game()
    sail(s)  # no fish, no axe
    give(s, 0, fish=1, axe=1)  # too late
    up(s, NEAR, isle(s), isle(s))
    up(s, DISTANT, isle(s, "distant"), isle(s, "distant"))
    pass_all(s)
    options = voyage_options(s)
    assert ("raid", NEAR0) in options
    assert not any(k == "conquer" for k, _ in options)
    assert ("raid", DISTANT0) not in options and ("top", DISTANT) not in options


def test_en_5_4_5_5_ships_on_the_board_are_unlimited() -> None:
    s = game(4, ("glenn", "olaf", "heidel", "nanuuk"))
    spare = action(s)
    for p in range(4):
        to_hand(s, p, spare)  # something else to do, so that nobody passes by force
    for _ in range(8):  # every player sails both ships
        sail(s)
    assert owners(s) == [0, 1, 2, 3, 0, 1, 2, 3]
    queue(s, *s.queue, *[Ship(1, False, False, True)] * 10)  # and common ships besides
    run(s, 0, Effect(do="common_ship"))
    assert len(s.queue) == 19 and s.queue[-1] == Ship(0, False, False, True)


# ---------------------------------------------------------------------------- common ships
def test_en_5_4_5_6_common_ship_sails_without_a_ship_of_ones_own() -> None:
    s = game()
    pos = build(s, 0, action(s, [[{"do": "common_ship"}]]))
    queue(s, Ship(1, False, False), Ship(0, False, False), Ship(0, False, False))
    give(s, 0, fish=1)
    act(s, "use", pos=pos)
    assert kind(s) == "sail"
    act(s, "sail", fish=1, axe=0)
    assert s.queue[-1] == Ship(0, True, False, True)  # at the back, carrying the fish
    assert s.ships[0] == 2 and s.ships_free(0) == 0  # not one of the player's own


def test_en_gap_12_common_ship_returns_to_the_common_supply_after_its_voyage() -> None:
    s = game()
    up(s, NEAR, isle(s), isle(s))
    queue(s, Ship(0, False, False, True), Ship(0, False, False), Ship(0, False, False))
    pass_all(s)
    assert kind(s) == "voyage" and s.stack[-1].seat == 0
    act(s, "raid", slot=NEAR0)  # the common ship's voyage is the owner's voyage
    assert s.goods[0]["wood"] == 2 and s.goods[0]["food"] == 1
    act(s, "skip")
    act(s, "skip")
    assert s.queue == []
    assert s.ships[0] == 2 and s.ships_free(0) == 2  # no third ship kept


def test_en_gap_12_common_ship_sent_early_does_not_become_the_players() -> None:
    s = game()
    beacon = build(s, 0, action(s, LAUNCH))
    queue(s, Ship(0, False, False), Ship(0, False, False, True), Ship(0, False, False))
    act(s, "use", pos=beacon)
    act(s, "launch", ship=1)  # the common ship
    act(s, "skip")
    assert owners(s) == [0, 0] and not any(ship.common for ship in s.queue)
    assert s.ships_free(0) == 0
    act(s, "pass")  # seat 1
    assert find(s, "disc", tile=SAIL) is None  # still no ship to sail


def test_en_5_4_5_6_a_boost_at_sail_sails_a_common_ship_before_the_own_one() -> None:
    s = game()
    longboat = make_card(s, type="boost", when="sail", effects=[[{"do": "common_ship"}]])
    to_hand(s, 0, longboat)
    give(s, 0, axe=1)
    act(s, "disc", tile=SAIL)
    act(s, "boost", card=longboat)  # the boost first (EN-5.3.3)
    assert kind(s) == "sail"
    act(s, "sail", fish=0, axe=1)  # the common ship, with the axe
    # then the SAIL's own ship: nothing left to carry, so it sails by itself
    assert s.queue == [Ship(0, False, True, True), Ship(0, False, False, False)]
    assert s.ships_free(0) == 1 and kind(s) == "turn" and s.active == 1


@rule("EN-2.12", "EN-2.13")
def test_en_11_12_common_ships_in_placing_order_and_swapped_with_their_owners() -> None:
    s = game()
    lend = action(s, [[{"do": "common_ship"}]])
    pos = [build(s, 0, lend), build(s, 1, lend)]
    act(s, "use", pos=pos[0])  # the first common ship: "token 1"
    act(s, "use", pos=pos[1])  # the second: "token 2"
    assert s.queue == [Ship(0, False, False, True), Ship(1, False, False, True)]
    run(s, 0, Effect(do="ship_forward"))  # seat 0's ship is first: nothing
    run(s, 1, Effect(do="ship_forward"))  # seat 1's ship overtakes seat 0's
    assert s.queue == [Ship(1, False, False, True), Ship(0, False, False, True)]
    pass_all(s)
    assert kind(s) == "voyage" and s.stack[-1].seat == 1  # the owners swapped "tokens" too
    act(s, "skip")
    assert kind(s) == "voyage" and s.stack[-1].seat == 0


# ============================================================================ Expedition (EN-6)
def test_en_6_1_ships_resolve_in_queue_order() -> None:
    s = game()
    queue(s, Ship(1, False, False), Ship(0, False, False), Ship(1, False, False))
    pass_all(s)
    seats = []
    while kind(s) == "voyage":
        seats.append(s.stack[-1].seat)
        act(s, "skip")
    assert seats == [1, 0, 1]


def test_en_6_1_players_who_passed_still_resolve_their_ships() -> None:
    s = game()
    up(s, NEAR, isle(s), isle(s))
    sail(s)  # seat 0
    sail(s)  # seat 1
    act(s, "pass")  # seat 0 passes early
    sail(s)  # seat 1 plays on alone; then it can only pass, which happens by itself
    assert kind(s) == "voyage" and s.passed == [True, True]
    assert s.stack[-1].seat == 0  # seat 0's ship is first and is resolved
    act(s, "raid", slot=NEAR0)
    assert s.goods[0]["wood"] == 2


def test_en_6_2_a_ship_without_fish_reaches_near_islands_only() -> None:
    s = game()
    queue(s, Ship(0, False, True))  # an axe, but no fish
    pass_all(s)
    options = voyage_options(s)
    near = {(k, v) for k, v in options if k in ("raid", "conquer") and v in (NEAR0, NEAR1)}
    assert options - near == {("top", NEAR), ("skip", None)}
    assert {v for _, v in near} == {NEAR0, NEAR1}


@pytest.mark.parametrize("carry", ["fish", "gold"])
def test_en_6_2_a_fish_or_gold_opens_the_distant_islands_too(carry: str) -> None:
    s = game()
    give(s, 0, **{carry: 1})
    sail(s, fish=1 if carry == "fish" else 2)
    pass_all(s)
    options = voyage_options(s)
    raids = {v for k, v in options if k == "raid"}
    assert raids == {NEAR0, NEAR1, DISTANT0, DISTANT1}
    assert {v for k, v in options if k == "top"} == {NEAR, DISTANT}


def test_en_6_3_raid_gains_the_goods_and_discards_the_island_to_its_pile() -> None:
    s = game()
    near, _ = up(s, NEAR, isle(s), isle(s))
    _, far = up(s, DISTANT, isle(s, "distant"), isle(s, "distant", raid={"gold": 2, "fish": 1}))
    queue(s, Ship(0, False, False), Ship(1, True, True), Ship(0, False, False))
    pass_all(s)
    act(s, "raid", slot=NEAR0)
    assert s.goods[0]["wood"] == 2 and s.goods[0]["food"] == 1
    assert s.isl_discard[NEAR] == [near] and s.isl_up[NEAR][0] == -1
    assert s.empire[0] == [] and s.goods[0]["sheep"] == 0  # not conquered
    act(s, "raid", slot=DISTANT1)  # a ship with an axe may raid instead of conquering
    assert (s.goods[1]["gold"], s.goods[1]["fish"], s.goods[1]["sheep"]) == (2, 1, 0)
    assert s.isl_discard[DISTANT] == [far] and s.empire[1] == []


def test_en_6_3_raid_gains_vp_and_workers_too() -> None:
    s = game()
    up(
        s,
        DISTANT,
        isle(s, "distant", raid={"worker": 1, "food": 2}),
        isle(s, "distant", raid={"fish": 2, "vp": 1}),
    )
    queue(s, Ship(0, True, False), Ship(0, True, False))
    pass_all(s)
    act(s, "raid", slot=DISTANT0)
    act(s, "raid", slot=DISTANT1)
    assert s.workers[0] == 6 and s.goods[0]["food"] == 2 and s.goods[0]["fish"] == 2
    assert s.vp[0] == 1


def test_en_6_4_conquer_only_with_an_axe() -> None:
    s = game()
    up(s, NEAR, isle(s), isle(s))
    up(s, DISTANT, isle(s, "distant"), isle(s, "distant"))
    queue(s, Ship(0, True, False), Ship(0, True, True))
    pass_all(s)
    assert not any(k == "conquer" for k, _ in voyage_options(s))
    act(s, "skip")
    conquer = {v for k, v in voyage_options(s) if k == "conquer"}
    assert conquer == {NEAR0, NEAR1, DISTANT0, DISTANT1}  # a fish and an axe: distant ones too


def test_en_6_4_conquered_island_joins_the_empire_with_its_conquer_bonus() -> None:
    s = game()
    _, ewe = up(s, NEAR, isle(s), isle(s))  # raid: 2 wood, 1 food; conquer bonus: 1 sheep
    queue(s, Ship(0, False, True), Ship(1, False, False))
    pass_all(s)
    act(s, "conquer", slot=NEAR1)
    assert [pl.card for pl in s.empire[0]] == [ewe]
    assert not s.empire[0][0].exhausted  # ready
    assert s.goods[0]["sheep"] == 1 and s.goods[0]["wood"] == 0  # the bonus, not the raid
    assert ewe not in s.isl_discard[NEAR] and s.isl_up[NEAR][1] == -1


def test_en_6_4_a_raid_only_island_cannot_be_conquered() -> None:
    s = game()
    up(s, NEAR, isle(s, raid={"fish": 2, "gold": 1}, conquerable=False), isle(s))
    queue(s, Ship(0, False, True))
    pass_all(s)
    options = voyage_options(s)
    assert ("raid", NEAR0) in options and ("conquer", NEAR0) not in options
    assert ("conquer", NEAR1) in options
    act(s, "raid", slot=NEAR0)
    assert s.goods[0]["fish"] == 2 and s.goods[0]["gold"] == 1


def test_en_6_6_conquer_bonus_first_then_conquer_features() -> None:
    s = game()
    island, _ = up(s, NEAR, isle(s, bonus=[[gain(wood=1)], [gain(stone=1)]]), isle(s))
    hall = build(s, 0, feature(s, "conquer", [[gain(vp=1)], [gain(vp=1)]]))
    queue(s, Ship(0, False, True))
    pass_all(s)
    act(s, "conquer", slot=NEAR0)
    assert source(s) == s.cards[island].name  # the conquer bonus first
    assert s.vp[0] == 0
    act(s, "alt", i=1)
    assert s.goods[0]["stone"] == 1
    assert source(s) == s.cards[s.empire[0][hall].card].name  # then the "conquer" feature
    act(s, "alt", i=0)
    assert s.vp[0] == 1


def test_en_6_6_a_conquered_island_does_not_trigger_its_own_conquer_feature() -> None:
    """EN-6.6 / EN-5.2.3(b): like a built card, a conquered island does not trigger on its own
    arrival (the stand-in Cairn Islet: 'when you conquer another island, 1 VP')."""
    s = game()
    cairn = isle(s, bonus=[[gain(vp=1)]], features=[{"on": "conquer", "effects": VP1}])
    up(s, NEAR, cairn, isle(s))
    queue(s, Ship(0, False, True), Ship(0, False, True))
    pass_all(s)
    act(s, "conquer", slot=NEAR0)
    assert s.vp[0] == 1  # the conquer bonus only
    act(s, "conquer", slot=NEAR1)
    assert s.vp[0] == 2  # another island: the feature fires


def test_en_gap_13b_choosing_an_island_is_optional_and_the_tokens_are_spent() -> None:
    s = game()
    give(s, 0, fish=1, axe=1)
    sail(s, fish=1, axe=1)
    up = [row[:] for row in s.isl_up]
    pass_all(s)
    assert ("skip", None) in voyage_options(s)
    act(s, "skip")
    assert s.goods[0]["fish"] == 0 and s.goods[0]["axe"] == 0  # not given back
    assert s.ships_free(0) == 2 and s.empire[0] == []
    assert s.round == 2  # Cleanup ran; nothing was taken before it
    assert all(sorted(s.isl_discard[d]) == sorted(up[d]) for d in (NEAR, DISTANT))


def test_en_6_5_the_ship_returns_and_its_fish_and_axe_are_spent_even_if_unused() -> None:
    s = game()
    up(s, NEAR, isle(s), isle(s))
    give(s, 0, fish=1, axe=1)
    sail(s, fish=1, axe=1)
    sail(s)  # seat 1, so that the Expedition stops between the voyages
    pass_all(s)
    act(s, "raid", slot=NEAR0)  # a near raid: neither the fish nor the axe was needed
    assert s.goods[0] == {**dict.fromkeys(s.goods[0], 0), "wood": 2, "food": 1}
    assert s.ships_free(0) == 2
    assert kind(s) == "voyage" and s.stack[-1].seat == 1  # then the next ship in the queue


def test_en_gap_3_the_deck_top_is_revealed_before_choosing() -> None:
    s = game()
    up(s, NEAR, isle(s), isle(s))
    top = isle(s)
    s.isl_deck[NEAR].append(top)
    queue(s, Ship(0, False, True))
    pass_all(s)
    act(s, "top", deck=NEAR)
    assert kind(s) == "landing" and s.revealed == top
    assert s.observation(1)["state"]["revealed"]["name"] == s.cards[top].name  # shown
    assert {a["kind"] for a in legal_json(s)} == {"raid", "conquer"}
    act(s, "conquer", slot=4)
    assert [pl.card for pl in s.empire[0]] == [top] and s.goods[0]["sheep"] == 1


def test_en_gap_3_a_revealed_raid_only_island_is_raided() -> None:
    s = game()
    up(s, NEAR, isle(s), isle(s))
    sandbar = isle(s, raid={"fish": 2, "gold": 1}, conquerable=False)
    s.isl_deck[NEAR].append(sandbar)
    queue(s, Ship(0, False, True), Ship(1, False, False))
    pass_all(s)
    act(s, "top", deck=NEAR)  # an axe, but the island cannot be conquered: raid it
    assert s.goods[0]["fish"] == 2 and s.goods[0]["gold"] == 1
    assert s.isl_discard[NEAR] == [sandbar] and s.revealed == -1


@rule("EN-9.19")
def test_en_6_7_an_empty_island_deck_reshuffles_its_discards() -> None:
    s = game()
    pile = [isle(s), isle(s), isle(s)]
    s.isl_deck[NEAR], s.isl_discard[NEAR] = [], pile[:]
    queue(s, Ship(0, False, False), Ship(1, False, False))
    pass_all(s)
    assert ("top", NEAR) in voyage_options(s)
    act(s, "top", deck=NEAR)  # no conquest possible: the raid is taken at once
    assert len(s.isl_discard[NEAR]) == 1 and len(s.isl_deck[NEAR]) == 2  # drawn, then raided
    assert sorted(s.isl_deck[NEAR] + s.isl_discard[NEAR]) == sorted(pile)


def test_en_gap_13b_no_deck_top_when_deck_and_discards_are_empty() -> None:
    s = game()
    s.isl_deck[NEAR], s.isl_discard[NEAR] = [], []
    queue(s, Ship(0, False, False))
    pass_all(s)
    options = voyage_options(s)
    assert ("top", NEAR) not in options
    assert {k for k, _ in options} == {"raid", "skip"}


def test_en_6_8_taken_face_up_slots_stay_empty_until_cleanup() -> None:
    s = game()
    birch, ewe = up(s, NEAR, isle(s), isle(s))
    queue(s, Ship(0, False, False), Ship(1, False, False))
    pass_all(s)
    act(s, "raid", slot=NEAR0)
    assert s.isl_up[NEAR] == [-1, ewe]
    options = voyage_options(s)  # seat 1: the raided slot is not refilled
    assert ("raid", NEAR0) not in options and ("raid", NEAR1) in options
    act(s, "skip")
    assert s.round == 2  # Cleanup: the leftover goes to the discards, two new ones each
    assert -1 not in s.isl_up[NEAR] and -1 not in s.isl_up[DISTANT]
    assert birch in s.isl_discard[NEAR] and ewe in s.isl_discard[NEAR]


# ============================================================================ early raid (EN-5.8)
@rule("EN-5.8.2", "EN-5.8.3", "EN-5.8.4")
def test_en_11_14_raid_during_the_action_phase() -> None:
    """EN-11.14 (EN-5.8, EN-GAP-13c): a card sends a queued ship now; the ships behind move up
    and keep their order; the goods can be spent at once; the ship can sail again."""
    s = game()
    birch, _ = up(s, NEAR, isle(s), isle(s))  # raid: 2 wood, 1 food
    beacon = build(s, 0, action(s, LAUNCH, cost={"food": 1}))  # a queued ship sets out now
    give(s, 0, food=1)
    a, b, c = Ship(0, False, False), Ship(1, True, False), Ship(0, True, True)
    queue(s, a, b, c)
    act(s, "use", pos=beacon)
    assert kind(s) == "launch"
    assert {(x["kind"], x.get("ship")) for x in legal_json(s)} == {
        ("launch", 0),
        ("launch", 2),
        ("done", None),
    }
    act(s, "launch", ship=0)
    assert s.queue == [b, c]  # the ships behind move up, in order
    assert ("raid", DISTANT0) not in voyage_options(s)  # ship a carried no fish
    act(s, "raid", slot=NEAR0)
    assert s.goods[0]["wood"] == 2 and s.goods[0]["food"] == 1  # the food was paid
    assert birch in s.isl_discard[NEAR] and s.empire[0][beacon].exhausted
    assert s.phase == "action" and s.active == 1
    act(s, "pass")  # seat 1
    shed = make_card(s, type="action", cost={"wood": 2, "food": 1}, action={"effects": VP1})
    to_hand(s, 0, shed)
    act(s, "build", card=shed)  # the raided goods, this same round
    assert s.goods[0]["wood"] == 0 and s.goods[0]["food"] == 0
    assert s.ships_free(0) == 1
    sail(s)  # the ship sails again, to the back of the queue
    assert s.queue == [b, c, Ship(0, False, False)]


def test_en_5_8_an_early_conquest_enters_ready_and_can_act_this_round() -> None:
    s = game()
    beacon = build(s, 0, action(s, LAUNCH))
    ewe = isle(
        s, bonus=[[gain(sheep=1)]], action={"cost": {"worker": 1}, "effects": [[gain(sheep=2)]]}
    )
    up(s, NEAR, ewe, isle(s))
    queue(s, Ship(1, False, False), Ship(0, False, True))
    act(s, "use", pos=beacon)
    act(s, "launch", ship=1)
    act(s, "conquer", slot=NEAR0)
    pos = [pl.card for pl in s.empire[0]].index(ewe)
    assert s.goods[0]["sheep"] == 1 and s.queue == [Ship(1, False, False)]
    act(s, "pass")
    act(s, "use", pos=pos)
    assert s.goods[0]["sheep"] == 3


def test_en_5_8_sending_a_ship_early_is_optional_and_needs_a_queued_ship() -> None:
    s = game()
    beacon = build(s, 0, action(s, LAUNCH))
    queue(s, Ship(0, False, False))
    act(s, "use", pos=beacon)
    act(s, "done")  # keep it in the queue
    assert s.queue == [Ship(0, False, False)] and s.active == 1
    s.queue = [Ship(1, False, False)]  # no ship of seat 0 in the queue: the effect is void
    act(s, "pass")
    s.empire[0][beacon] = s.empire[0][beacon]._replace(exhausted=False)
    act(s, "use", pos=beacon)
    assert kind(s) == "turn" and s.queue == [Ship(1, False, False)]


def test_en_5_8_1_an_expedition_effect_outside_the_action_phase_does_nothing() -> None:
    s = game()
    up(s, NEAR, isle(s, bonus=LAUNCH), isle(s))
    queue(s, Ship(0, False, True), Ship(1, False, False), Ship(0, False, False))
    pass_all(s)
    act(s, "conquer", slot=NEAR0)  # the bonus cannot send seat 0's other ship ahead of turn
    assert kind(s) == "voyage" and s.stack[-1].seat == 1
    assert owners(s) == [0]


# ============================================================================ glossary (EN-9)
def test_en_9_1_gain_goods_vp_and_workers_that_stay_for_good() -> None:
    s = game()
    run(s, 0, Effect(do="gain", goods={"wood": 2, "gold": 1, "axe": 1, "worker": 1, "vp": 3}))
    g = s.goods[0]
    assert (g["wood"], g["gold"], g["axe"], s.workers[0], s.vp[0]) == (2, 1, 1, 6, 3)
    through_cleanup(s)
    assert s.round == 2 and s.workers_owned(0) == 6 and s.workers_owned(1) == 5


def test_en_9_2_draw_takes_the_top_cards_of_the_own_deck() -> None:
    s = game()
    top = s.deck[0][-2:]
    other = s.deck[1][:]
    run(s, 0, Effect(do="draw", n=2))
    assert sorted(s.hand[0]) == sorted(top)
    assert s.deck[1] == other and s.hand[1] == []


@rule("EN-9.19")
def test_en_9_2_draw_reshuffles_the_discards_when_the_deck_runs_out() -> None:
    s = game()
    last = s.deck[0][-1]
    rest = s.deck[0][:-1]
    s.deck[0], s.discard[0] = [last], rest[:]
    run(s, 0, Effect(do="draw", n=2))
    assert last in s.hand[0] and len(s.hand[0]) == 2
    assert s.discard[0] == [] and len(s.deck[0]) == len(rest) - 1
    assert sorted(s.deck[0] + s.hand[0]) == sorted([*rest, last])


def test_en_9_10_find_searches_the_deck_only_not_the_discards() -> None:
    s = game(2, ("olaf", "glenn"))
    floki = card_id("Floki's Shipyard")
    deck = [c for c in s.deck[0] if c != floki]
    s.deck[0], s.discard[0] = deck[:], [floki]
    run(s, 0, Effect(do="find", card="Floki's Shipyard"))
    assert s.hand[0] == [] and s.discard[0] == [floki]
    assert sorted(s.deck[0]) == sorted(deck)


def test_en_9_10_find_takes_the_card_and_shuffles_the_deck() -> None:
    s = game(2, ("olaf", "glenn"))
    floki = card_id("Floki's Shipyard")
    deck = [c for c in s.deck[0] if c != floki]
    s.deck[0] = [*deck[:5], floki, *deck[5:]]
    run(s, 0, Effect(do="find", card="Floki's Shipyard"))
    assert s.hand[0] == [floki]
    assert sorted(s.deck[0]) == sorted(deck) and s.deck[0] != deck  # shuffled


@rule("EN-9.22")
def test_en_9_6_rouse_moves_tired_workers_back() -> None:
    s = game()
    s.workers[0], s.tired[0] = 2, 3
    run(s, 0, Effect(do="rouse", n=2))
    assert (s.workers[0], s.tired[0]) == (4, 1)
    run(s, 0, Effect(do="rouse", n=2))  # only one is tired
    assert (s.workers[0], s.tired[0]) == (5, 0)


def test_en_9_7_refresh_lets_an_exhausted_card_act_again() -> None:
    s = game()
    card = make_card(s, type="action", action={"effects": VP1})
    a = build(s, 0, card, exhausted=True)
    b = build(s, 0, card, exhausted=True)
    build(s, 0, card)
    assert find(s, "use", pos=a) is None
    run(s, 0, Effect(do="refresh", n=1))
    assert {(x["kind"], x.get("pos")) for x in legal_json(s)} == {
        ("refresh", a),
        ("refresh", b),
        ("done", None),
    }
    act(s, "refresh", pos=b)
    assert kind(s) == "turn"  # one card only
    assert s.empire[0][a].exhausted and not s.empire[0][b].exhausted
    act(s, "use", pos=b)
    assert s.vp[0] == 1 and s.empire[0][b].exhausted


def test_en_9_4_assign_needs_the_exact_good_gold_may_not_stand_in() -> None:
    s = game()
    card = make_card(s, type="action", action={"assign": {"sheep": 2}})
    pos = build(s, 0, card)
    give(s, 0, sheep=1, gold=3)
    assert find(s, "use", pos=pos) is None
    give(s, 0, sheep=1)
    act(s, "use", pos=pos)
    assert s.goods[0]["sheep"] == 0 and s.goods[0]["gold"] == 3
    assert s.stock[0] == {pos: {"sheep": 2}} and s.empire[0][pos].exhausted


def test_en_9_4_assigned_goods_stay_on_the_card_through_cleanup() -> None:
    s = game()
    card = make_card(s, type="action", action={"assign": {"fish": 1, "worker": 1}})
    pos = build(s, 0, card)
    give(s, 0, fish=1)
    act(s, "use", pos=pos)
    assert s.workers[0] == 4 and s.tired[0] == 0  # an assigned worker is not tired
    through_cleanup(s)
    assert s.round == 2 and s.stock[0] == {pos: {"fish": 1, "worker": 1}}
    assert s.workers[0] == 4 and not s.empire[0][pos].exhausted


def test_en_9_5_release_takes_assigned_goods_back_for_this_round() -> None:
    s = game()
    card = make_card(s, type="action", action={"assign": {"sheep": 1}})
    pos = build(s, 0, card)
    s.stock[0] = {pos: {"sheep": 2, "worker": 1}}
    run(s, 0, Effect(do="release", n=2))
    act(s, "release", pos=pos, good=3)  # sheep
    act(s, "release", pos=pos, good=7)  # worker
    assert kind(s) == "turn"
    assert s.goods[0]["sheep"] == 1 and s.workers[0] == 6
    assert s.stock[0] == {pos: {"sheep": 1}}
    wool = make_card(s, type="action", action={"cost": {"sheep": 1}, "effects": VP1})
    w = build(s, 0, wool)
    act(s, "use", pos=w)  # the released sheep is usable at once
    assert s.vp[0] == 1


def test_en_11_8_stored_two_x_one_y_or_one_vp_with_five_x() -> None:
    """EN-11.8 / EN-9.9: STORED 2 X: 1 Y / 1 VP with 5 X: two yields at the end of the Lookout,
    chosen one by one; the fifth X gives nothing and the X stay on the card."""
    s = game()
    card = make_card(
        s,
        type="action",
        action={"assign": {"sheep": 1}},
        stored={
            "good": "sheep",
            "each": 2,
            "yields": [[{"do": "gain", "goods": {"wood": 1}}], VP1[0]],
        },
    )
    pos = build(s, 0, card)
    s.stock[0] = {pos: {"sheep": 5}}
    through_cleanup(s)
    assert s.phase == "lookout" and kind(s) == "alt"
    act(s, "alt", i=0)  # 1 Y
    act(s, "alt", i=1)  # 1 VP
    assert kind(s) == "turn" and s.phase == "action"
    assert s.goods[0]["wood"] == 1 and s.vp[0] == 1
    assert s.stock[0] == {pos: {"sheep": 5}}


def test_en_9_8_copy_target_must_meet_the_condition() -> None:
    s = game()
    act1 = make_card(s, type="action", action={"effects": VP1})
    act2 = make_card(s, type="action", action={"effects": VP1})
    feat = make_card(s, type="feature", features=[{"on": "pass", "effects": VP1}])
    copier = make_card(s, type="feature", cost={"wood": 1}, copy_of={"type": "action"})
    build(s, 0, feat)
    give(s, 0, wood=1)
    to_hand(s, 0, copier)
    assert find(s, "build", card=copier) is None  # nothing to copy: it cannot be built
    p1, p2 = build(s, 0, act1), build(s, 0, act2)
    act(s, "build", card=copier)
    assert kind(s) == "copy"
    assert {a["pos"] for a in legal_json(s)} == {p1, p2}  # not the feature location
    act(s, "copy", pos=p2)
    assert s.empire[0][-1].acts == act2


def test_en_9_8_copy_by_icon_condition() -> None:
    s = game()
    per_harbour = [[{"do": "per", "what": "harbour", "goods": {"vp": 1}}]]
    port = build(s, 0, action(s, icons=["harbour"], bonus=per_harbour))
    build(s, 0, action(s, icons=["dwelling"]))
    replica = make_card(s, type="feature", cost={"stone": 1}, copy_of={"icon": "harbour"})
    to_hand(s, 0, replica)
    give(s, 0, stone=1)
    act(s, "build", card=replica)
    assert s.empire[0][-1].acts == s.empire[0][port].card  # the only harbour: taken by itself
    assert s.vp[0] == 2  # its build bonus again: 1 VP per harbour (itself and the copy)


def test_en_9_8_copy_resolves_the_build_bonus_again_and_is_exhausted_separately() -> None:
    s = game()
    target = action(s, [[gain(wood=1)]], bonus=[[gain(gold=1)]])
    copier = make_card(s, type="feature", copy_of={"type": "action"})
    to_hand(s, 0, target, copier)
    act(s, "build", card=target)
    t = len(s.empire[0]) - 1
    assert s.goods[0]["gold"] == 1  # its build bonus
    act(s, "pass")  # seat 1
    act(s, "build", card=copier)  # one target: copied at once
    c = len(s.empire[0]) - 1
    assert s.goods[0]["gold"] == 2  # the copied card's build bonus again
    act(s, "use", pos=t)
    assert s.empire[0][t].exhausted and not s.empire[0][c].exhausted
    assert find(s, "use", pos=c) is not None  # the copy acts as the card, on its own
    act(s, "use", pos=c)
    assert s.goods[0]["wood"] == 2 and s.empire[0][c].exhausted


def test_en_9_15_move_your_ship_forward_swaps_with_the_ship_ahead() -> None:
    s = game()
    build(s, 0, feature(s, "tile", [[{"do": "ship_forward"}]], tile="sail"))  # Prow Carver
    queue(s, Ship(1, True, False), Ship(1, False, True))
    sail(s)
    assert s.queue == [Ship(1, True, False), Ship(0, False, False), Ship(1, False, True)]


def test_en_9_15_the_player_chooses_which_ship_moves() -> None:
    s = game()
    queue(
        s, Ship(1, False, False), Ship(0, True, False), Ship(1, False, False), Ship(0, False, True)
    )
    run(s, 0, Effect(do="ship_forward"))
    assert {a["ship"] for a in legal_json(s)} == {1, 3}
    act(s, "forward", ship=3)
    assert owners(s) == [1, 0, 0, 1] and s.queue[2] == Ship(0, False, True)


def test_en_gap_13l_the_first_ship_does_not_move() -> None:
    s = game()
    queue(s, Ship(0, False, False), Ship(1, False, False))
    run(s, 0, Effect(do="ship_forward"))
    assert kind(s) == "turn" and owners(s) == [0, 1]
    s.queue = []
    run(s, 0, Effect(do="ship_forward"))  # no ship at all: nothing
    assert kind(s) == "turn"


def test_en_gap_13e_a_ship_cannot_overtake_a_passed_opponents_ship() -> None:
    s = game(3, ("glenn", "olaf", "heidel"))
    queue(s, Ship(1, False, False), Ship(2, False, False), Ship(0, False, False))
    s.passed[2] = True
    run(s, 0, Effect(do="ship_forward"))
    assert kind(s) == "turn" and owners(s) == [1, 2, 0]
    s.passed[2] = False
    run(s, 0, Effect(do="ship_forward"))  # not passed: the ship overtakes it
    assert owners(s) == [1, 0, 2]
    s.passed[1] = True
    run(s, 0, Effect(do="ship_forward"))
    assert owners(s) == [1, 0, 2]


def test_en_11_13_flokis_shipyard_gives_olaf_a_third_ship_never_a_fourth() -> None:
    s = game(2, ("olaf", "glenn"))
    assert s.ships == [2, 2]  # Olaf starts with two (EN-3.7)
    floki = card_id("Floki's Shipyard")
    to_hand(s, 0, floki)
    act(s, "disc", tile=SAIL)
    act(s, "boost", card=floki)  # the third ship, before the sail itself
    assert s.ships[0] == 3
    if kind(s) == "sail":  # whatever else the Shipyard gives
        act(s, "sail", fish=0, axe=0)
    assert owners(s) == [0] and s.ships_free(0) == 2
    sail(s)  # seat 1
    to_hand(s, 0, floki)
    act(s, "disc", tile=SAIL)
    act(s, "boost", card=floki)
    if kind(s) == "sail":
        act(s, "sail", fish=0, axe=0)
    assert s.ships[0] == 3 and s.ships_free(0) == 1  # still three after the Expedition
    pass_all(s)
    while kind(s) == "voyage":
        act(s, "skip")
    assert s.round == 2 and s.ships == [3, 2] and s.ships_free(0) == 3


def test_en_5_2_5_per_counts_own_cards_up_to_the_cap() -> None:
    s = game()
    dwelling = feature(s, "pass", icons=["dwelling"])
    for _ in range(3):
        build(s, 0, dwelling)
        build(s, 1, dwelling)
    run(s, 0, Effect(do="per", what="dwelling", goods={"vp": 1, "wood": 2}, cap=2))
    assert s.vp[0] == 2 and s.goods[0]["wood"] == 4
    run(s, 0, Effect(do="per", what="dwelling", goods={"gold": 1}))  # no cap
    assert s.goods[0]["gold"] == 3
    run(s, 0, Effect(do="per", what="island", goods={"gold": 1}))  # none: nothing
    assert s.goods[0]["gold"] == 3 and s.goods[1]["gold"] == 0


def test_en_9_1_gift_every_opponent_gains_from_the_common_supply() -> None:
    """EN-9.1 (GAIN) for the ``gift`` effect of the cooperative clans (EN-10.1)."""
    s = game(3, ("glenn", "olaf", "heidel"))
    run(s, 1, Effect(do="gift", goods={"food": 1, "vp": 1}))
    assert [g["food"] for g in s.goods] == [1, 0, 1]
    assert s.vp == [1, 0, 1]


# ============================================================================ features (EN-5.2.3b)
def test_en_5_2_3b_tile_feature_fires_after_the_own_tile_action() -> None:
    s = game()
    driftwood = feature(s, "tile", [[gain(fish=1)]], tile="sail")  # Driftwood Beach
    beach = build(s, 0, driftwood)
    build(s, 1, driftwood)
    act(s, "disc", tile=SAIL)  # no fish when the ship is placed: the sail takes itself
    assert kind(s) == "turn" and s.active == 1
    assert s.queue == [Ship(0, False, False)]
    assert s.goods[0]["fish"] == 1 and s.goods[1]["fish"] == 0  # not the opponent's card
    assert not s.empire[0][beach].exhausted  # a plain feature does not exhaust
    act(s, "disc", tile=POPULATE)  # seat 1, another tile: nothing
    act(s, "disc", tile=POPULATE)  # seat 0, another tile: nothing
    assert s.goods[0]["fish"] == 1 and s.goods[1]["fish"] == 0
    act(s, "disc", tile=SAIL)  # seat 1's own SAIL fires seat 1's card
    assert s.goods[1]["fish"] == 1 and s.goods[0]["fish"] == 1


@rule("EN-5.1.7", "EN-9.20")
def test_en_5_2_3b_once_feature_on_opponent_tile_fires_once_a_round() -> None:
    """A feature fires during another player's turn (EN-5.1.7). Feature cards are never
    exhausted, but this card says "once a round" and its text wins (EN-9.20): it is exhausted
    when it fires and fires no more until Cleanup."""
    s = game()
    ceilidh = feature(s, "opponent_tile", tile="harvest", once=True)  # 1 VP, once a round
    hall = build(s, 0, ceilidh)
    wood = make_card(s, type="production", when="harvest", produce={"wood": 1})
    build(s, 0, wood)
    build(s, 1, wood)
    act(s, "disc", tile=HARVEST)  # seat 0's own HARVEST is not an opponent's
    assert s.vp[0] == 0 and not s.empire[0][hall].exhausted
    act(s, "disc", tile=HARVEST)  # seat 1
    assert s.vp[0] == 1 and s.empire[0][hall].exhausted  # the card is exhausted
    act(s, "pass")  # seat 0
    act(s, "disc", tile=HARVEST)  # seat 1's second HARVEST this round
    assert s.goods[1]["wood"] == 2 and s.vp[0] == 1  # once a round
    through_cleanup(s)  # Cleanup refreshes the card
    assert s.round == 2 and s.active == 1
    act(s, "disc", tile=HARVEST)
    assert s.vp[0] == 2


def test_en_5_2_3b_build_feature_with_an_icon_filter_not_on_its_own_build() -> None:
    s = game()
    watch = feature(s, "build", [[gain(fish=1)]], icon="harbour", icons=["harbour"])
    port = action(s, icons=["harbour"])
    hut = action(s, icons=["dwelling"])
    to_hand(s, 0, watch, port, hut)
    act(s, "build", card=watch)  # a harbour itself, but not on its own build
    assert s.goods[0]["fish"] == 0
    act(s, "pass")  # seat 1; it passes, so seat 0 keeps the turn
    act(s, "build", card=hut)  # no harbour icon
    assert s.goods[0]["fish"] == 0
    act(s, "build", card=port)
    assert s.goods[0]["fish"] == 1


def test_en_5_2_3b_build_feature_fires_on_production_built_with_a_tile() -> None:
    s = game()
    build(s, 0, feature(s, "build", [[gain(gold=1)]]))
    nets = make_card(s, type="production", when="sail", produce={"fish": 1})
    to_hand(s, 0, nets)
    act(s, "disc", tile=SAIL)
    act(s, "produce", card=nets)  # Build when SAIL
    assert s.goods[0]["gold"] == 1 and s.goods[0]["fish"] == 1


def test_en_5_2_3b_conquer_and_raid_features() -> None:
    s = game()
    build(s, 0, feature(s, "conquer", [[gain(vp=2)]]))  # Skald's Hall
    cache = feature(s, "raid")  # Plunder Cache: 1 VP
    build(s, 0, cache)
    build(s, 1, cache)
    up(s, NEAR, isle(s), isle(s))
    queue(s, Ship(0, False, False), Ship(0, False, True), Ship(1, False, False))
    pass_all(s)
    act(s, "raid", slot=NEAR0)
    assert s.vp == [1, 0]
    act(s, "conquer", slot=NEAR1)
    assert s.vp == [3, 0]
    act(s, "skip")  # seat 1 chooses nothing: no raid feature
    assert s.vp == [3, 0]


def test_en_6_6_sailing_with_an_axe_does_not_trigger_conquer_features() -> None:
    s = game()
    build(s, 0, feature(s, "conquer", [[gain(vp=2)]]))  # Skald's Hall
    up(s, NEAR, isle(s), isle(s))
    give(s, 0, axe=1)
    sail(s, axe=1)
    assert s.vp[0] == 0
    pass_all(s)
    act(s, "conquer", slot=NEAR0)  # the island attached to the empire: now it fires
    assert s.vp[0] == 2


def test_en_5_2_3b_attack_and_attacked_features() -> None:
    s = game()
    build(s, 0, feature(s, "attack"))  # Trophy Wall: 1 VP
    build(s, 1, feature(s, "attacked", [[gain(wood=1)]]))
    target = build(s, 1, action(s))
    give(s, 0, axe=1)
    act(s, "attack", seat=1, pos=target)
    assert s.empire[1][target].exhausted
    assert s.vp[0] == 1 and s.goods[1]["wood"] == 1
    assert s.goods[0]["wood"] == 0 and s.vp[1] == 0


def test_en_5_2_3b_pass_feature() -> None:
    s = game()
    kirk = feature(s, "pass")  # Steadfast Kirk: 1 VP
    build(s, 0, kirk)
    build(s, 1, kirk)
    act(s, "pass")
    assert s.vp == [1, 0]


def test_en_gap_13d_features_resolve_acting_player_first_then_turn_order() -> None:
    s = game(3, ("glenn", "olaf", "heidel"))
    choice = [[gain(wood=1)], [gain(stone=1)]]
    own = feature(s, "tile", choice, tile="populate")
    watch = feature(s, "opponent_tile", choice, tile="populate")
    build(s, 1, own)
    build(s, 0, watch)
    build(s, 2, watch)
    turn(s, 1)
    act(s, "disc", tile=POPULATE)
    order = []
    while kind(s) == "alt":
        order.append(s.stack[-1].seat)
        act(s, "alt", i=0)
    assert order == [1, 2, 0]
    assert [g["wood"] for g in s.goods] == [1, 1, 1] and s.workers[1] == 6
