"""Rule tests for battles: damage (PC-5.14), merchants (PC-5.15), pirate battles (PC-5.16),
the Reroll bonus action (PC-5.20.6) and infamy (PC-5.25); worked examples PC-EX-4, 5, 13-16.

Every position is built by hand: a featureless sea, the fighters' die symbols and automatic hits
replaced by test records, scripted dice. A battle is started with ``combat.begin`` (or a whole
turn with ``start_turn``) and its decisions are driven with ``act``."""

from __future__ import annotations

import pytest

from tabletide.games.tiny_epic_pirates import combat
from tabletide.games.tiny_epic_pirates.combat import MERCHANT
from tabletide.games.tiny_epic_pirates.constants import CANNONS, EXTORTION, REPAIRS, RIGGING
from tabletide.games.tiny_epic_pirates.content import (
    BonusAction,
    BonusRow,
    Captain,
    CardFace,
    Crew,
    Merchant,
)
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import ScriptedRng, act, cubes, dice, find, kind, new, plain_sea, put, start_turn

HERE = 5  # (2,2): the battle card
ELSEWHERE = 10  # (3,3)
PORTS = (0, 15)  # where new() puts the ports: (1,1) and (4,4)


# ---------------------------------------------------------------------------- local helpers
def set_captain(
    s: PiratesState,
    ship: int,
    dice_: tuple[int, ...] = (),
    hits: int = 0,
    trigger: str = "trade",
    then: str = "attack",
) -> None:
    """Give ``ship`` its own captain card whose two sides both have these symbols."""
    row = BonusRow(
        trigger=trigger,
        actions=(BonusAction(kind="bury"), BonusAction(kind=then)),
    )
    face = CardFace(dice=dice_, hits=hits, bonus=row)
    caps = list(s.content.captains)
    caps.append(Captain(id=len(caps), name=f"test captain {ship}", sides=(face, face)))
    s.content = s.content.model_copy(update={"captains": tuple(caps)})
    s.captain_card[ship] = len(caps) - 1
    s.side[ship] = 0


def set_crew(s: PiratesState, ship: int, *faces: CardFace) -> list[int]:
    """Replace ``ship``'s crew with new crew cards showing ``faces``."""
    crew = list(s.content.crew)
    ids = []
    for face in faces:
        ids.append(len(crew))
        crew.append(Crew(id=len(crew), name=f"test crew {len(crew)}", face=face))
    s.content = s.content.model_copy(update={"crew": tuple(crew)})
    s.crew[ship] = ids
    return ids


def reroll_face(faces: tuple[int, ...], die_faces: tuple[int, ...] = ()) -> CardFace:
    row = BonusRow(trigger="attack", actions=(BonusAction(kind="reroll", faces=faces),))
    return CardFace(dice=die_faces, bonus=row)


def set_merchant(
    s: PiratesState, m: int, damage: int, gold: int = 3, value: int = 4, infamy_upto: int = 0
) -> int:
    """Put a new merchant card with these numbers in merchant ``m``'s space."""
    merchants = list(s.content.merchants)
    mid = len(merchants)
    merchants.append(
        Merchant(
            id=mid,
            value=value,
            damage=damage,
            gold=gold,
            infamy_upto=infamy_upto,
        )
    )
    s.content = s.content.model_copy(update={"merchants": tuple(merchants)})
    s.merchant_slot[m] = mid
    return mid


def arena(n: int = 2, seed: int = 0) -> PiratesState:
    """Seat 0 and the orange merchant on HERE, the other seats and green elsewhere, the Navy in
    a far corner; no die symbols, hits, crew or volley tokens; deckhands Extortion 1 only (so a
    listing is forced and needs no decision)."""
    s = plain_sea(new(n, seed))
    s.stack.clear()
    put(s, 0, HERE)
    for ship in range(1, n):
        put(s, ship, ELSEWHERE)
    s.merchant_at = [HERE, 15]
    s.merchant_dest = [15, 0]
    s.merchant_cube = cubes("rum") + cubes("sugar")
    s.navy = 3
    for ship in range(n):
        set_captain(s, ship)
        s.crew[ship] = []
        s.volley[ship] = 0
        s.assign[ship] = [0, 0, 1, 0]
        s.cargo[ship] = []
        s.gold[ship] = 1
    set_merchant(s, 0, damage=4)
    set_merchant(s, 1, damage=4)
    return s


def fight(s: PiratesState, attacker: int, defender: int, merchant: int, reroll: bool) -> None:
    s.active = attacker
    combat.begin(s, attacker, defender, merchant, reroll=reroll)
    s.advance()


def attack_merchant(s: PiratesState, *rolls: int, m: int = 0, reroll: bool = False) -> None:
    dice(s, *rolls)
    fight(s, 0, MERCHANT, m, reroll)


def attack_pirate(s: PiratesState, *rolls: int, reroll: bool = False) -> None:
    put(s, 1, HERE)
    dice(s, *rolls)
    fight(s, 0, 1, MERCHANT, reroll)


def listed(s: PiratesState, ship: int) -> bool:
    """With the arena's deckhands, a listing moved the Extortion deckhand to Repairs."""
    return s.assign[ship] == [0, 0, 0, 1]


def to_attack_order(s: PiratesState, ship: int) -> None:
    """Begin ``ship``'s turn and move its captain one space onto Attack, then stay put."""
    space = s.helm[ship].index(5)  # ORDERS index of "attack"
    s.captain[ship] = space - 1
    start_turn(s, ship)
    act(s, "captain", steps=1)
    act(s, "done")  # step 2: no sailing


# ---------------------------------------------------------------------------- PC-5.14 damage
@pytest.mark.rule("PC-5.14.3")
@pytest.mark.rule("PC-EX-4")
@pytest.mark.parametrize(
    ("rolls", "expected"),
    [((6, 1), 2), ((6, 6), 4), ((1, 2), 0), ((3, 6), 2)],
)
def test_each_die_deals_one_damage_per_matching_symbol(
    rolls: tuple[int, int], expected: int
) -> None:
    s = arena()
    set_captain(s, 0, (6, 4))
    set_crew(s, 0, CardFace(dice=(6, 5)))
    assert combat.damage(s, 0, list(rolls)) == expected


@pytest.mark.rule("PC-5.14.3")
@pytest.mark.rule("PC-EX-4")
@pytest.mark.parametrize(("rolls", "sinks"), [((6, 6), True), ((6, 1), False)])
def test_two_sixes_against_two_six_symbols_beat_a_merchant_of_damage_three(
    rolls: tuple[int, int], sinks: bool
) -> None:
    s = arena()
    set_captain(s, 0, (6,))
    set_crew(s, 0, CardFace(dice=(6,)))
    set_merchant(s, 0, damage=3, gold=2)
    attack_merchant(s, *rolls)
    assert (s.gold[0] == 3) is sinks
    assert listed(s, 0) is not sinks  # 2 damage < 3: the attacker lists


@pytest.mark.rule("PC-5.14.3")
@pytest.mark.rule("PC-EX-5")
@pytest.mark.rule("PC-5.14.4")
def test_full_damage_total_with_volley_cannons_and_automatic_hit() -> None:
    s = arena()
    s.infamy[0] = 3  # Sea Wolf: 3 dice
    set_captain(s, 0, (6, 3))
    set_crew(s, 0, CardFace(dice=(6, 2)), CardFace(hits=1))
    s.assign[0] = [0, 1, 1, 0]
    s.volley[0] = 1
    set_merchant(s, 0, damage=6, gold=2)
    dice(s, 2, 6, 4)
    fight(s, 0, MERCHANT, 0, reroll=False)
    assert kind(s) == "volley"
    assert s.fight is not None and s.fight.dice == [2, 6, 4]
    assert combat.damage(s, 0, s.fight.dice) == 5  # without the token: 1 + 2 + 0 + 1 + 1
    act(s, "volley", die=2, face=6)
    # 2 -> 1, 6 -> 2, 6 -> 2, + 1 Cannons + 1 automatic hit = 7 > 6: sunk
    assert s.volley[0] == 0
    assert s.gold[0] == 1 + 2
    assert s.cargo[0] == cubes("rum")
    assert s.assign[0] == [0, 1, 1, 0]


@pytest.mark.rule("PC-5.14.3")
@pytest.mark.parametrize(("level", "count"), [(0, 2), (2, 2), (3, 3), (6, 3)])
def test_the_infamy_level_gives_the_number_of_dice(level: int, count: int) -> None:
    s = arena()
    s.infamy[0] = level
    s.volley[0] = 1  # keeps the battle open so the dice can be seen
    attack_merchant(s, 1, 2, 3, 4)
    assert s.fight is not None
    assert s.fight.dice == [1, 2, 3, 4][:count]


@pytest.mark.rule("PC-5.14.3")
def test_cannons_and_automatic_hits_of_captain_and_crew_add_to_the_total() -> None:
    s = arena()
    set_captain(s, 0, (), hits=1)
    set_crew(s, 0, CardFace(hits=1), CardFace(dice=(3,)))
    s.assign[0] = [0, 2, 1, 0]
    assert combat.damage(s, 0, [1, 1]) == 4  # 2 Cannons + 2 hits
    assert combat.damage(s, 0, [3, 1]) == 5


@pytest.mark.rule("PC-5.14.3")
def test_a_volley_token_sets_a_die_to_any_face_and_each_die_takes_at_most_one() -> None:
    s = arena()
    set_captain(s, 0, (5,))
    s.volley[0] = 3
    set_merchant(s, 0, damage=1, gold=2)
    attack_merchant(s, 1, 2)
    faces = {dict(a.params)["face"] for a in s.legal_actions() if a.kind == "volley"}
    assert faces == {1, 2, 3, 4, 5, 6}
    act(s, "volley", die=0, face=5)
    assert kind(s) == "volley" and s.volley[0] == 2
    dice_offered = {dict(a.params)["die"] for a in s.legal_actions() if a.kind == "volley"}
    assert dice_offered == {1}  # die 0 already took a token
    act(s, "volley", die=1, face=5)
    # both dice are set: no further volley decision although a token is left
    assert s.fight is None
    assert s.volley[0] == 1
    assert s.gold[0] == 3  # 2 damage > 1: sunk


@pytest.mark.rule("PC-5.14.3")
def test_declining_the_volley_keeps_the_token() -> None:
    s = arena()
    s.volley[0] = 2
    attack_merchant(s, 1, 2)
    act(s, "done")
    assert s.volley[0] == 2 + 1  # kept, +1 for losing (2 tokens < cap 3)
    assert listed(s, 0)


# ---------------------------------------------------------------------------- PC-5.14.1 targets
@pytest.mark.rule("PC-5.14.1")
@pytest.mark.rule("PC-5.17.7")
@pytest.mark.rule("PC-EX-16")
def test_a_hidden_rival_cannot_be_attacked_but_a_merchant_on_the_card_can() -> None:
    s = arena()
    put(s, 1, HERE, hidden=True)
    assert combat.targets(s, 0) == [(MERCHANT, 0)]
    to_attack_order(s, 0)
    # one target only: the attack starts at once against the orange merchant
    assert find(s, "perform") is not None
    s.hidden[1] = False
    assert sorted(combat.targets(s, 0)) == sorted([(MERCHANT, 0), (1, MERCHANT)])


@pytest.mark.rule("PC-5.14.1")
def test_the_attacker_chooses_among_several_ships_on_its_card() -> None:
    s = arena()
    put(s, 1, HERE)
    s.merchant_at = [HERE, HERE]
    to_attack_order(s, 0)
    act(s, "perform")
    assert kind(s) == "target" and s.current_player() == 0
    kinds = sorted((a.kind, tuple(sorted(dict(a.params).items()))) for a in s.legal_actions())
    assert kinds == [
        ("attack_merchant", (("merchant", 0),)),
        ("attack_merchant", (("merchant", 1),)),
        ("attack_ship", (("ship", 1),)),
    ]


@pytest.mark.rule("PC-5.14.1")
def test_the_navy_and_ships_on_other_cards_cannot_be_attacked() -> None:
    s = arena()
    s.merchant_at = [ELSEWHERE, 15]
    s.navy = HERE
    put(s, 1, 6)  # adjacent, not on the card
    assert combat.targets(s, 0) == []
    to_attack_order(s, 0)
    assert find(s, "perform") is None


@pytest.mark.rule("PC-5.14.1")
@pytest.mark.rule("PC-GAP-11.17")
def test_a_merchant_in_port_may_be_attacked() -> None:
    s = arena()
    put(s, 0, 15)
    s.merchant_at = [ELSEWHERE, 15]
    assert combat.targets(s, 0) == [(MERCHANT, 1)]


# ---------------------------------------------------------------------------- PC-5.15 merchants
@pytest.mark.rule("PC-5.15.1", "PC-5.15.2")
@pytest.mark.parametrize(("damage", "sinks"), [(1, True), (2, False)])
def test_the_merchant_fights_with_its_cards_damage_and_rolls_nothing(
    damage: int, sinks: bool
) -> None:
    """PC-5.15.1: the merchant's damage is the number on its merchant card; it rolls no dice,
    so only the attacker's two dice are rolled."""
    s = arena()
    s.assign[0] = [0, 2, 1, 0]  # 2 Cannons, no matching symbol: 2 damage
    set_merchant(s, 0, damage=damage, gold=2)
    attack_merchant(s, 4, 4, 5, 5)
    assert isinstance(s.rng, ScriptedRng) and s.rng.rolls == [5, 5]  # the merchant rolled none
    battle = [e for e in s.events if e["type"] == "battle"][-1]
    assert battle["damage"] == 2 and battle["against"] == damage
    assert (s.merchant_at[0] != HERE) is sinks


@pytest.mark.rule("PC-5.15.2")
@pytest.mark.rule("PC-5.15.3")
@pytest.mark.rule("PC-EX-14")
def test_damage_above_the_merchants_sinks_it_and_resets_it_at_the_far_port() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    s.assign[0] = [0, 3, 1, 0]  # 3 Cannons + one 6 = 4 ... + another 6 = 5
    mid = set_merchant(s, 0, damage=4, gold=3)
    top = s.merchant_deck[-1]
    deck = len(s.merchant_deck)
    bag = sum(s.bag)
    attack_merchant(s, 6, 6)
    assert s.gold[0] == 1 + 3
    assert s.cargo[0] == cubes("rum")  # the merchant's cube
    assert s.merchant_slot[0] == top != mid  # the card is replaced by the top of the deck
    assert len(s.merchant_deck) == deck - 1
    assert s.merchant_at[0] == 15  # (4,4) is 4 away from (2,2), (1,1) only 2
    assert s.merchant_dest[0] == 0
    assert s.merchant_cube[0] >= 0  # a new cube from the bag
    assert sum(s.bag) == bag - 1
    assert s.assign[0] == [0, 3, 1, 0]  # no listing
    assert s.volley[0] == 0


@pytest.mark.rule("PC-5.15.2")
@pytest.mark.rule("PC-5.15.6")
@pytest.mark.rule("PC-5.15.7")
@pytest.mark.rule("PC-EX-14")
def test_a_tie_with_a_merchant_gives_a_volley_token_and_no_listing() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    s.assign[0] = [0, 3, 1, 0]
    mid = set_merchant(s, 0, damage=4, gold=3)
    attack_merchant(s, 6, 1)  # 1 + 3 = 4
    assert s.volley[0] == 1
    assert s.assign[0] == [0, 3, 1, 0]
    assert s.gold[0] == 1 and s.cargo[0] == []
    assert s.merchant_at[0] == HERE and s.at[0] == HERE
    assert s.merchant_slot[0] == mid and s.merchant_cube[0] == cubes("rum")[0]


@pytest.mark.rule("PC-5.15.5")
@pytest.mark.rule("PC-5.15.7")
@pytest.mark.rule("PC-EX-14")
def test_less_damage_than_the_merchant_lists_the_attacker_and_gives_a_volley_token() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    s.assign[0] = [0, 2, 1, 0]
    mid = set_merchant(s, 0, damage=4, gold=3)
    attack_merchant(s, 6, 1)  # 1 + 2 = 3
    assert kind(s) == "list" and s.current_player() == 0
    act(s, "list", source=EXTORTION)
    assert s.assign[0] == [0, 2, 0, 1]
    assert s.volley[0] == 1
    assert s.gold[0] == 1
    assert s.merchant_at[0] == HERE and s.at[0] == HERE and s.merchant_slot[0] == mid


@pytest.mark.rule("PC-5.15.5")
@pytest.mark.rule("PC-5.7.4")
def test_losing_with_every_deckhand_on_repairs_still_gives_the_volley_token() -> None:
    s = arena()
    s.assign[0] = [0, 0, 0, 3]
    attack_merchant(s, 1, 1)
    assert s.assign[0] == [0, 0, 0, 3]
    assert s.volley[0] == 1


@pytest.mark.rule("PC-5.15.3")
@pytest.mark.rule("PC-GAP-13.6")
def test_a_sunk_value_8_merchant_keeps_its_card_but_is_reset() -> None:
    s = arena()
    s.assign[0] = [0, 5, 1, 0]
    mid = set_merchant(s, 0, damage=4, gold=8, value=8, infamy_upto=4)
    deck = s.merchant_deck[:]
    attack_merchant(s, 1, 1)
    assert s.merchant_slot[0] == mid
    assert s.merchant_deck == deck
    assert s.merchant_at[0] == 15 and s.merchant_dest[0] == 0
    assert s.gold[0] == 1 + 8 + 2  # + the Deck Swab bonus of the infamy gained


@pytest.mark.rule("PC-5.15.3")
@pytest.mark.rule("PC-GAP-5.3")
def test_with_the_merchant_deck_empty_the_old_card_stays() -> None:
    s = arena()
    s.assign[0] = [0, 5, 1, 0]
    mid = set_merchant(s, 0, damage=4, gold=2, value=2)
    s.merchant_deck = []
    attack_merchant(s, 1, 1)
    assert s.merchant_at[0] == 15
    assert s.merchant_slot[0] == mid


@pytest.mark.rule("PC-5.15.3")
def test_with_both_ports_equally_far_the_attacker_chooses() -> None:
    s = arena()
    put(s, 0, 3)  # (1,4): 3 from (1,1) and 3 from (4,4)
    s.merchant_at = [3, 15]
    s.assign[0] = [0, 5, 1, 0]
    attack_merchant(s, 1, 1)
    assert kind(s) == "port" and s.current_player() == 0
    act(s, "port", port=0)
    assert s.merchant_at[0] == PORTS[0] and s.merchant_dest[0] == PORTS[1]


@pytest.mark.rule("PC-5.15.3")
@pytest.mark.rule("PC-5.1.5")
def test_a_full_ship_chooses_what_to_keep_of_the_merchants_cube() -> None:
    s = arena()
    s.cargo[0] = cubes("coffee", "coffee", "coffee")
    s.assign[0] = [0, 5, 1, 0]
    attack_merchant(s, 1, 1)
    assert kind(s) == "cargo"
    rum_in_bag = s.bag[cubes("rum")[0]]
    act(s, "drop", loot="coffee")
    assert s.cargo[0] == sorted(cubes("coffee", "coffee", "rum"))
    assert s.bag[cubes("rum")[0]] == rum_in_bag
    assert s.merchant_at[0] == 15  # and the merchant is reset afterwards


@pytest.mark.rule("PC-5.15.4")
@pytest.mark.rule("PC-5.25.1")
@pytest.mark.rule("PC-EX-13")
@pytest.mark.parametrize(("players", "infamy"), [(2, 1), (3, 0), (4, 0)])
def test_a_merchant_marked_1_2_gives_infamy_only_in_games_of_up_to_two(
    players: int, infamy: int
) -> None:
    s = arena(players)
    s.assign[0] = [0, 5, 1, 0]
    set_merchant(s, 0, damage=4, gold=4, value=4, infamy_upto=2)
    attack_merchant(s, 1, 1)
    assert s.merchant_at[0] == 15  # sunk
    assert s.infamy[0] == infamy


@pytest.mark.rule("PC-5.15.4")
def test_a_merchant_without_infamy_symbol_gives_none() -> None:
    s = arena()
    s.assign[0] = [0, 5, 1, 0]
    set_merchant(s, 0, damage=2, gold=2, value=2, infamy_upto=0)
    attack_merchant(s, 1, 1)
    assert s.merchant_at[0] == 15
    assert s.infamy[0] == 0


# ---------------------------------------------------------------------------- PC-5.16 pirates
@pytest.mark.rule("PC-5.16.1")
def test_the_attacker_rolls_first() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    set_captain(s, 1, (6,))
    attack_pirate(s, 6, 6, 1, 1)  # attacker 2, defender 0
    assert s.infamy == [1, 0]
    assert listed(s, 1) and not listed(s, 0)


@pytest.mark.rule("PC-5.16.1")
@pytest.mark.rule("PC-5.16.2")
@pytest.mark.rule("PC-GAP-11.6")
@pytest.mark.rule("PC-4.3")
def test_the_defender_volleys_after_the_attacker_has_settled_its_dice() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    set_captain(s, 1, (6,))
    s.volley = [1, 1]
    attack_pirate(s, 6, 1, 1, 1)
    assert kind(s) == "volley" and s.current_player() == 0
    act(s, "volley", die=1, face=6)  # attacker: 2
    assert kind(s) == "volley" and s.current_player() == 1
    assert s.fight is not None and s.fight.dice == [6, 6] and s.fight.defence == [1, 1]
    act(s, "volley", die=0, face=6)  # defender: 1 -> still loses
    assert s.volley == [0, 1]  # spent its token, +1 for losing
    assert s.infamy == [1, 0]


@pytest.mark.rule("PC-5.16.2")
def test_the_defender_adds_its_cannons_and_automatic_hits() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    set_captain(s, 1, (), hits=1)
    s.assign[1] = [0, 1, 1, 0]
    attack_pirate(s, 6, 1, 1, 1)  # attacker 1, defender 0 + 1 Cannons + 1 hit = 2
    assert s.infamy == [0, 1]
    assert listed(s, 0)


@pytest.mark.rule("PC-5.16.3")
@pytest.mark.rule("PC-5.16.4")
@pytest.mark.rule("PC-EX-15")
def test_the_defender_with_more_damage_wins_infamy_and_the_attacker_lists() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    set_captain(s, 1, (6,))
    s.assign[0] = [0, 2, 1, 0]  # attacker: 1 + 2 = 3
    s.assign[1] = [0, 3, 1, 0]  # defender: 2 + 3 = 5
    s.cargo = [cubes("rum"), cubes("sugar", "coffee")]
    s.gold = [4, 5]
    attack_pirate(s, 6, 1, 6, 6)
    assert kind(s) == "list" and s.current_player() == 0
    act(s, "list", source=CANNONS)
    assert s.assign[0] == [0, 1, 1, 1]
    assert s.volley == [1, 0]
    assert s.infamy == [0, 1]
    assert s.assign[1] == [0, 3, 1, 0]
    # no cubes or gold change hands (the defender's gold is its Deck Swab bonus only)
    assert s.cargo == [cubes("rum"), cubes("sugar", "coffee")]
    assert s.gold == [4, 5 + 2]


@pytest.mark.rule("PC-5.16.3")
@pytest.mark.rule("PC-5.16.4")
@pytest.mark.rule("PC-5.14.2")
def test_the_attacker_with_more_damage_wins_infamy_and_the_defender_lists() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    s.cargo = [[], cubes("sugar")]
    attack_pirate(s, 6, 6, 1, 1)
    assert s.infamy == [1, 0]
    assert listed(s, 1) and not listed(s, 0)
    assert s.volley == [0, 1]
    assert s.cargo == [[], cubes("sugar")]
    assert s.gold == [1 + 2, 1]


@pytest.mark.rule("PC-5.16.5")
@pytest.mark.rule("PC-EX-15")
@pytest.mark.rule("PC-5.14.2")
def test_a_pirate_battle_tie_gives_both_a_volley_token_and_nobody_lists() -> None:
    s = arena()
    set_captain(s, 0, (6,))
    set_captain(s, 1, (5,))
    s.assign[0] = [0, 3, 1, 0]  # 1 + 3 = 4
    s.assign[1] = [0, 2, 1, 0]  # 2 + 2 = 4
    attack_pirate(s, 6, 1, 5, 5)
    assert s.volley == [1, 1]
    assert s.infamy == [0, 0]
    assert s.assign == [[0, 3, 1, 0], [0, 2, 1, 0]]


@pytest.mark.rule("PC-5.16.2")
@pytest.mark.rule("PC-5.20.6")
def test_a_defender_never_rerolls() -> None:
    s = arena()
    set_crew(s, 1, reroll_face((1, 2)))
    attack_pirate(s, 3, 3, 1, 2, reroll=True)
    assert kind(s) is None  # no decision: the defender's Reroll card does nothing
    assert s.volley == [1, 1]


# ---------------------------------------------------------------------------- PC-5.20.6 reroll
@pytest.mark.rule("PC-5.20.6")
def test_reroll_changes_only_dice_showing_the_cards_faces_and_each_only_once() -> None:
    s = arena()
    set_crew(s, 0, reroll_face((1,)))
    set_captain(s, 0, (6,))
    attack_merchant(s, 1, 3, 1, reroll=True)  # the third roll is the reroll
    assert kind(s) == "reroll"
    assert [dict(a.params) for a in s.legal_actions() if a.kind == "reroll"] == [{"die": 0}]
    act(s, "reroll", die=0)
    assert s.fight is None  # rolled a 1 again, and it may not be rerolled twice
    assert s.volley[0] == 0 + 1 and listed(s, 0)


@pytest.mark.rule("PC-5.20.6")
def test_a_rerolled_die_counts_with_its_new_face() -> None:
    s = arena()
    set_crew(s, 0, reroll_face((1, 2)))
    set_captain(s, 0, (6,))
    set_merchant(s, 0, damage=1, gold=2)
    attack_merchant(s, 2, 1, 6, 6, reroll=True)
    act(s, "reroll", die=0)
    act(s, "reroll", die=1)
    assert s.gold[0] == 3  # 6, 6 -> 2 damage > 1


@pytest.mark.rule("PC-5.20.6")
@pytest.mark.rule("PC-GAP-11.6")
def test_several_reroll_cards_resolve_one_after_the_other_before_volleys() -> None:
    s = arena()
    first, second = set_crew(s, 0, reroll_face((1,)), reroll_face((3,)))
    s.volley[0] = 1
    attack_merchant(s, 1, 4, 3, reroll=True)  # card 1 rerolls the 1 into a 3
    assert kind(s) == "reroll" and s.stack[-1].record(combat.Reroll).card == first
    act(s, "reroll", die=0)
    assert s.fight is not None and s.fight.dice == [3, 4]
    assert kind(s) == "reroll"  # the first card is finished (no die shows a 1)
    assert s.stack[-1].record(combat.Reroll).card == second
    assert [dict(a.params) for a in s.legal_actions() if a.kind == "reroll"] == [{"die": 0}]
    act(s, "done")
    assert kind(s) == "volley"


@pytest.mark.rule("PC-5.20.6")
@pytest.mark.rule("PC-5.18.5")
def test_reroll_is_offered_during_the_attack_order() -> None:
    s = arena()
    set_crew(s, 0, reroll_face((1, 2)))
    to_attack_order(s, 0)
    dice(s, 1, 5)
    act(s, "perform")
    assert kind(s) == "reroll"
    assert find(s, "reroll", die=0) is not None and find(s, "reroll", die=1) is None


@pytest.mark.rule("PC-5.20.6")
@pytest.mark.rule("PC-5.20.9")
def test_reroll_is_not_offered_in_a_copied_attack() -> None:
    s = arena()
    copy = BonusRow(trigger="plunder", actions=(BonusAction(kind="attack"),))
    set_crew(s, 0, reroll_face((1, 2)), CardFace(bonus=copy))
    space = s.helm[0].index(1)  # plunder
    s.captain[0] = space - 1
    start_turn(s, 0)
    act(s, "captain", steps=1)
    act(s, "done")  # no sailing; the sea has no colony, so the order is skipped
    assert kind(s) == "bonus"
    assert find(s, "bonus", card=1) is None  # Reroll is no step-4 action
    dice(s, 1, 1)
    act(s, "bonus", card=2, index=0)
    assert kind(s) != "reroll"
    assert listed(s, 0) and s.volley[0] == 1  # the copy attacked with its 1, 1 and lost


# ---------------------------------------------------------------------------- PC-5.25 infamy
def win_battles(s: PiratesState, times: int) -> None:
    """Seat 0 beats seat 1 ``times`` times (seat 1 has no deckhands to list)."""
    set_captain(s, 0, (6,))
    s.assign[1] = [0, 0, 0, 0]
    for _ in range(times):
        attack_pirate(s, 6, 6, 1, 1, 1, 1)
        if kind(s) == "new_hand":
            act(s, "place_hand", to=RIGGING)


@pytest.mark.rule("PC-5.25.1")
@pytest.mark.rule("PC-5.25.2")
def test_the_first_level_gives_its_gold_at_once() -> None:
    s = arena()
    win_battles(s, 1)
    assert s.infamy[0] == 1
    assert s.gold[0] == 1 + 2


@pytest.mark.rule("PC-5.25.2")
@pytest.mark.rule("PC-GAP-11.13")
def test_infamy_gold_obeys_the_cap() -> None:
    s = arena()
    s.gold[0] = 12
    win_battles(s, 1)
    assert s.gold[0] == 13


@pytest.mark.rule("PC-5.25.2")
@pytest.mark.rule("PC-5.25.3")
@pytest.mark.rule("PC-GAP-6.4")
def test_the_third_row_brings_the_fourth_deckhand_to_an_assignment_of_choice() -> None:
    s = arena()
    s.infamy[0] = 1
    set_captain(s, 0, (6,))
    s.assign[1] = [0, 0, 0, 0]
    attack_pirate(s, 6, 6, 1, 1)
    assert kind(s) == "new_hand" and s.current_player() == 0
    assert {dict(a.params)["to"] for a in s.legal_actions()} == {RIGGING, CANNONS, EXTORTION}
    act(s, "place_hand", to=CANNONS)
    assert s.infamy[0] == 2
    assert s.assign[0] == [0, 1, 1, 0] and not s.spare[0]
    assert s.assign[0][REPAIRS] == 0


@pytest.mark.rule("PC-5.25.2")
@pytest.mark.rule("PC-5.25.3")
def test_a_level_with_a_volley_token_gives_it_and_raises_the_dice() -> None:
    s = arena()
    s.infamy[0] = 2
    s.spare[0] = False
    win_battles(s, 1)
    assert s.infamy[0] == 3
    assert s.volley[0] == 1
    assert combat.dice_count(s, 0) == 3


@pytest.mark.rule("PC-5.25.4")
def test_no_bonus_once_the_top_level_is_reached() -> None:
    s = arena()
    top = len(s.content.sheets.infamy) - 1
    s.infamy[0] = top
    s.gold[0] = 5
    win_battles(s, 1)
    assert s.infamy[0] == top
    assert s.gold[0] == 5
    assert s.volley[0] == 0


@pytest.mark.rule("PC-5.25.5")
def test_infamy_is_never_lost_by_losing_a_battle() -> None:
    s = arena()
    s.infamy[0] = 4
    set_captain(s, 1, (6,))
    attack_pirate(s, 1, 1, 1, 6, 6, 6)  # seat 0 (3 dice) 0 damage, seat 1 (2 dice) 1
    assert s.infamy == [4, 1]
    assert listed(s, 0)


@pytest.mark.rule("PC-5.25.1")
def test_plain_merchant_sinking_and_losing_gain_no_infamy() -> None:
    s = arena()
    s.assign[0] = [0, 5, 1, 0]
    set_merchant(s, 0, damage=2, gold=2, value=2)
    attack_merchant(s, 1, 1)
    assert s.infamy[0] == 0
    t = arena()
    attack_merchant(t, 1, 1)
    assert t.infamy[0] == 0
