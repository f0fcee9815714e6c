"""Learning Empires of the North (issue 22, ``guide.py``): the rules each decision names, what
each option says it will do, and the options of a turn that are closed, with their reasons.

Each test builds a position with ``helpers.py`` (seat 0 to act, both seats cleared, the circle
in ``TILES`` order), checks the guide there, then opens the option and checks it is gone from
the closed list.
"""

from __future__ import annotations

import pytest

from tabletide.games.empires_north.state import EmpiresState
from tabletide.reference import load_reference

from .helpers import GAME, TILES, act, build, clear, find, give, hand, kind, new, tile, turn

EXPLORE, POPULATE, CONSTRUCTION, HARVEST, SAIL = (tile(t) for t in TILES)

rule = pytest.mark.rule


def _fresh() -> EmpiresState:
    """Seat 0 to act, both seats with nothing (5 workers each); the circle in TILES order."""
    s = new(2, ("glenn", "olaf"))
    for p in range(2):
        clear(s, p)
    s.circle = tuple(TILES)
    turn(s, 0)
    return s


def _closed(s: EmpiresState) -> dict[str, tuple[str, str]]:
    """Seat 0's closed options: option -> (reason, rule)."""
    return {c["option"]: (c["reason"], c["rule"]) for c in s.closed_options(0)}


def _detail(s: EmpiresState, kind_: str, **params: int) -> str:
    action = find(s, kind_, **params)
    assert action is not None, f"no legal {kind_} {params}"
    detail = s.explain(action)
    assert detail != action.label
    return detail


def _pass_other(s: EmpiresState) -> None:
    assert kind(s) == "turn" and s.stack[-1].seat == 1
    act(s, "pass")


# ------------------------------------------------------------------------------ decision rules
@rule("EN-5.1.1", "EN-5.1.2")
def test_the_turn_names_the_rules_of_the_action_phase() -> None:
    s = _fresh()
    rules = s.decision()["rules"]  # type: ignore[index]
    assert rules[:2] == ["EN-5.1.1", "EN-5.1.2"]
    assert set(rules) <= load_reference("empires_north").rule_ids


@rule("EN-5.2.1", "EN-5.3.2", "EN-9.21")
def test_a_payment_names_the_rule_of_what_it_pays_for() -> None:
    s = _fresh()
    hand(s, 0, "Ceilidh Hall")
    give(s, 0, wood=1, sheep=1, gold=1)  # two ways to pay: a decision
    act(s, "build", card=s.hand[0][0])
    assert kind(s) == "pay"
    assert s.decision()["rules"][:2] == ["EN-5.2.1", "EN-9.21"]  # type: ignore[index]


@rule("EN-3.15", "EN-4.3")
def test_the_opening_and_the_lookout_name_their_rules() -> None:
    s = GAME.new_state(2, 1, {"clan_1": "glenn", "clan_2": "olaf"})
    assert kind(s) == "opening"
    assert s.decision()["rules"] == ["EN-3.15"]  # type: ignore[index]
    while kind(s) == "opening":
        s.apply(s.legal_actions()[0])
    assert kind(s) == "lookout"
    assert s.decision()["rules"][:2] == ["EN-4.3", "EN-4.3a"]  # type: ignore[index]
    keep = next(a for a in s.legal_actions() if a.kind == "keep")
    assert s.explain(keep).startswith("Tires 1 worker (4 ready left) to keep ")


# ------------------------------------------------------------------------------ closed options
@rule("EN-5.5.2")
def test_attack_is_closed_without_an_axe_and_opens_with_one() -> None:
    s = _fresh()
    build(s, 1, "Highland Games")  # an opponent's action card to target
    option = "Attack an opponent's location"
    assert _closed(s)[option] == ("you have no axe (attack token)", "EN-5.5.2")
    give(s, 0, axe=1)
    assert option not in _closed(s)
    assert find(s, "attack", seat=1) is not None


@rule("EN-5.5.2", "EN-5.1.5")
def test_attack_is_closed_when_the_only_target_has_passed() -> None:
    s = _fresh()
    give(s, 0, axe=1)
    build(s, 1, "Highland Games")
    s.passed[1] = True
    reason, ref = _closed(s)["Attack an opponent's location"]
    assert "no opponent still playing" in reason and ref == "EN-5.5.2"


@rule("EN-5.2.1")
def test_build_is_closed_while_the_cheapest_location_is_unaffordable() -> None:
    s = _fresh()
    option = "Build a location"
    assert _closed(s)[option][1] == "EN-5.2.1"  # an empty hand
    assert "no 'Pay to build' location" in _closed(s)[option][0]
    hand(s, 0, "Ceilidh Hall")  # 1 wood + 1 sheep
    reason, ref = _closed(s)[option]
    assert reason == (
        "you cannot pay for any of your 1 Pay-to-build location "
        "(the cheapest, Ceilidh Hall, costs 1 wood + 1 sheep)"
    )
    assert ref == "EN-5.2.1"
    give(s, 0, wood=1, gold=1)  # gold stands in for the sheep (EN-9.21)
    assert option not in _closed(s)


@rule("EN-5.3.2")
def test_the_paid_move_is_closed_until_a_disc_is_out_and_food_or_gold_is_held() -> None:
    s = _fresh()
    option = "Move a disc to the next tile"
    assert _closed(s)[option] == (
        "neither of your discs is on a tile yet this round",
        "EN-5.3.2",
    )
    act(s, "disc", tile=EXPLORE)
    _pass_other(s)
    assert _closed(s)[option] == ("you have no food and no gold to pay", "EN-5.3.2")
    give(s, 0, food=1)
    assert option not in _closed(s)


@rule("EN-5.3.1", "EN-5.4.5.1")
def test_discs_close_when_both_are_out_and_sail_when_no_ship_is_free() -> None:
    s = _fresh()
    act(s, "disc", tile=SAIL)  # nothing to carry: the ship sails empty at once
    _pass_other(s)
    give(s, 0, food=1)  # a paid move keeps the turn a decision (pass is not alone)
    act(s, "disc", tile=SAIL)
    assert kind(s) == "turn"
    closed = _closed(s)
    assert closed["Place an action disc"] == (
        "both your discs are already out (SAIL and SAIL)",
        "EN-5.3.1",
    )
    s.disc_at[0][1] = -1  # a disc back in the supply: SAIL stays closed, no ship is free
    closed = _closed(s)
    assert "Place an action disc" not in closed
    assert closed["Place a disc to do SAIL"] == ("both your ships are in the queue", "EN-5.4.5.1")


@rule("EN-11.11", "EN-5.3.4")
def test_construction_is_closed_without_a_location_it_could_build() -> None:
    s = _fresh()
    hand(s, 0, "Hill Flock")  # a production card: CONSTRUCTION cannot build it
    option = "Place a disc to do CONSTRUCTION"
    assert _closed(s)[option] == (
        "none of your 1 card in hand is a location it builds",
        "EN-11.11",
    )
    hand(s, 0, "Ceilidh Hall")
    assert option not in _closed(s)


@rule("EN-5.6.2")
def test_using_your_card_is_closed_while_it_is_exhausted() -> None:
    s = _fresh()
    pos = build(s, 0, "Highland Games", exhausted=True)
    give(s, 0, sheep=1)
    option = "Use your own action card"
    assert _closed(s)[option] == (
        "no ready card with an 'Action:' (1 action card exhausted)",
        "EN-5.6.2",
    )
    s.empire[0][pos] = s.empire[0][pos]._replace(exhausted=False)
    assert option not in _closed(s)


def test_only_the_turn_has_closed_options() -> None:
    s = _fresh()
    give(s, 0, fish=1)
    act(s, "disc", tile=SAIL)  # the sail decision: carry the fish or not
    assert kind(s) != "turn"
    assert s.closed_options(0) == []


# ------------------------------------------------------------------------------ explanations
@rule("EN-5.3.2")
def test_the_disc_move_explains_its_price_and_the_tile_it_reaches() -> None:
    s = _fresh()
    give(s, 0, food=1)
    act(s, "disc", tile=EXPLORE)
    _pass_other(s)
    detail = _detail(s, "move", disc=0, to=POPULATE)
    assert detail.startswith("Pays 1 food to move disc 1 from EXPLORE to POPULATE")
    assert "X side" in detail and "6 ready after" in detail


@rule("EN-5.2.1")
def test_building_explains_the_cost_and_the_card() -> None:
    s = _fresh()
    hand(s, 0, "Highland Games")
    give(s, 0, wood=1, stone=1)
    detail = _detail(s, "build", card=s.hand[0][0])
    assert detail.startswith("Pays 1 wood + 1 stone to put Highland Games into your empire")
    assert "pay 1 sheep, gain 3 VP" in detail


@rule("EN-5.4.4")
def test_harvest_explains_the_goods_and_the_supply_after() -> None:
    s = _fresh()
    build(s, 0, "Home Pasture")  # 1 sheep
    build(s, 0, "Kailyard")  # 1 food: two locations, a decision
    give(s, 0, sheep=2)
    act(s, "disc", tile=HARVEST)
    detail = _detail(s, "harvest", pos=0)
    assert "Takes 1 sheep" in detail and "you then have 3 sheep" in detail


@rule("EN-5.4.5.3", "EN-6.2")
def test_sailing_explains_the_place_in_the_queue_and_the_reach() -> None:
    s = _fresh()
    give(s, 0, fish=1, axe=1)
    act(s, "disc", tile=SAIL)
    detail = _detail(s, "sail", fish=1, axe=1)
    assert detail == (
        "Spends 1 fish + 1 axe; the ship waits at place 1 of the queue for a near or distant "
        "island (raid or conquer)."
    )
    assert "a near island (raid only)" in _detail(s, "sail", fish=0, axe=0)


@rule("EN-5.5.3")
def test_the_attack_explains_the_axe_spent_and_the_target() -> None:
    s = _fresh()
    give(s, 0, axe=2)
    build(s, 1, "Highland Games")
    detail = _detail(s, "attack", seat=1, pos=0)
    assert detail.startswith("Spends 1 axe (1 left) to exhaust Seat 1's Highland Games")


@rule("EN-5.7")
def test_passing_explains_the_unused_discs() -> None:
    s = _fresh()
    assert _detail(s, "pass").startswith("Ends your Action phase this round with both discs")
