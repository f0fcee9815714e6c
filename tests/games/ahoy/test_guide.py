"""Learning Ahoy (issue 22): the rules a turn names, the explanation of actions with their concrete
costs and gains, and the closed options of a turn with their reasons, on positions built by hand
(``sea``, ``put``, ``hand``) and played with real actions."""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.games.ahoy.state import AhoyState
from tabletide.reference import load_reference

from .helpers import (
    act,
    card_of,
    clear_figures,
    find,
    hand,
    new,
    put,
    sea,
    spot,
    start_turn,
)

ISLES = ["I.I.I.", "......"]
"""Three regions side by side; their islands at (0,0), (2,0) and (4,0)."""
SYM3 = "skull sword fish"


def table(n: int = 3, seed: int = 0) -> AhoyState:
    """After setup on the map ``ISLES``: no figure on the map, an empty market, no plans."""
    s = new(n, seed)
    sea(s, ISLES, symbols=SYM3)
    clear_figures(s)
    s.plan_hand = []
    s.market_deck += s.market
    s.market = []
    return s


def set_market(s: AhoyState, *crews: str) -> None:
    """The market shows exactly the cards of these crews (taken from wherever they are)."""
    cards = [card_of(s, c) for c in crews]
    for c in cards:
        for pile in (s.market_deck, s.removed):
            if c in pile:
                pile.remove(c)
    s.market = cards


def closed(s: AhoyState) -> dict[str, dict[str, Any]]:
    """The closed options of the pending turn, by option name."""
    return {c["option"]: c for c in s.closed_options(s.current_player())}


def detail(s: AhoyState, kind_: str, **params: Any) -> str:
    action = find(s, kind_, **params)
    assert action is not None, (kind_, params)
    return s.explain(action)


# ---------------------------------------------------------------------------- decision rules
@pytest.mark.rule("AH-4.3", "AH-6.1.2", "AH-6.2.2", "AH-6.3.2")
def test_a_turn_names_its_faction_board_and_the_dice_rules() -> None:
    s = table(3)
    for seat, board in ((0, "AH-6.1.2"), (1, "AH-6.3.2"), (2, "AH-6.2.2")):
        put(s, seat, 1, 1)
        start_turn(s, seat)
        rules = s.decision()["rules"]  # type: ignore[index]
        assert rules[0] == board
        assert "AH-4.3" in rules and "AH-5.2" in rules
    stated = load_reference("ahoy").rule_ids
    assert set(rules) <= stated


@pytest.mark.rule("AH-3.13", "AH-3.14")
def test_setup_names_the_faction_rule() -> None:
    s = new(3, setup=False)
    assert s.decision()["rules"][0] == "AH-3.13"  # type: ignore[index]
    s.apply(s.legal_actions()[0])
    assert s.decision()["rules"][0] == "AH-3.14"  # type: ignore[index]


# ---------------------------------------------------------------------------- closed options
@pytest.mark.rule("AH-5.2")
def test_a_spot_whose_value_no_die_can_reach_is_closed_until_gold_opens_it() -> None:
    s = table(3)
    put(s, 0, 1, 1)
    hand(s, 0, 1, 1, 1, 1, 1)
    s.gold[0] = 0
    start_turn(s, 0)
    cannons = closed(s)["Cannons (die action)"]
    assert cannons["rule"] == "AH-5.2"
    assert "5 or 6" in cannons["reason"] and "1, 1" in cannons["reason"]
    assert "0 gold" in cannons["reason"]
    # Four gold turn a 1 into a 5: Cannons opens.
    s.gold[0] = 4
    start_turn(s, 0)
    assert "Cannons (die action)" not in closed(s)
    assert find(s, "place", die=1, spot=spot(s, 0, "cannons"), value=5) is not None


@pytest.mark.rule("AH-5.32", "AH-5.1")
def test_a_damaged_or_filled_spot_is_closed() -> None:
    s = table(3)
    put(s, 0, 1, 1)
    hand(s, 0, 2, 3, 4)
    s.damage[0] = [spot(s, 0, "deploy")]
    start_turn(s, 0)
    deploy = closed(s)["Deploy (die action)"]
    assert deploy == {
        "option": "Deploy (die action)",
        "reason": "your Deploy spot is damaged",
        "rule": "AH-5.32",
    }
    assert "Sail (die action)" not in closed(s)
    act(s, "place", die=2, spot=spot(s, 0, "sail"), value=2)
    act(s, "step", dir=3)  # west to (0,1), then stop and place no patrol
    while s.stack[-1].kind != "turn":
        s.apply(next(a for a in s.legal_actions() if a.kind in ("stop", "no")))
    sail = closed(s)["Sail (die action)"]
    assert sail["rule"] == "AH-5.1" and "holds a die" in sail["reason"]


@pytest.mark.rule("AH-4.7", "AH-4.3")
def test_the_turn_cannot_end_while_a_die_fits_and_placing_closes_after_two() -> None:
    s = table(3)
    put(s, 0, 1, 1)
    hand(s, 0, 2, 3, 4, 5, 6)
    start_turn(s, 0)
    end = closed(s)["End the turn"]
    assert end["rule"] == "AH-4.7" and "2 more dice" in end["reason"]
    assert find(s, "end") is None
    act(s, "place", die=3, spot=spot(s, 0, "order"), value=3)
    while s.stack[-1].kind != "turn":
        act(s, "done")
    assert "1 more die" in closed(s)["End the turn"]["reason"]
    # Both dice placed, on the skull island with a recruit to offer (else the turn ends alone).
    put(s, 0, 0, 0)
    set_market(s, "chronicler")
    s.gold[0] = 1
    start_turn(s, 0, placed=2)
    assert find(s, "end") is not None
    now = closed(s)
    assert "End the turn" not in now
    assert now["Place a die"] == {
        "option": "Place a die",
        "reason": "you have placed 2 of 2 dice this turn",
        "rule": "AH-4.3",
    }


@pytest.mark.rule("AH-5.33", "AH-5.34")
def test_recruiting_is_closed_at_sea_and_without_the_price() -> None:
    s = table(3)
    put(s, 0, 1, 1)  # at sea
    start_turn(s, 0)
    rec = closed(s)["Recruit crew"]
    assert rec["rule"] == "AH-5.33" and "not on an island" in rec["reason"]
    # On the skull island with the Buccaneer (skull, 2 gold) in the market and 1 gold.
    put(s, 0, 0, 0)
    set_market(s, "buccaneer")
    s.gold[0] = 1
    start_turn(s, 0)
    rec = closed(s)["Recruit crew"]
    assert rec == {
        "option": "Recruit crew",
        "reason": "the cheapest matching card costs 2 gold and you have 1",
        "rule": "AH-5.34",
    }
    s.gold[0] = 2
    start_turn(s, 0)
    assert "Recruit crew" not in closed(s)
    assert find(s, "recruit", card=card_of(s, "buccaneer")) is not None


@pytest.mark.rule("AH-6.3.5", "AH-6.3.3")
def test_a_smuggler_without_cargo_cannot_deliver() -> None:
    s = table(3)
    put(s, 1, 2, 0)  # the Smuggler on the sword island
    start_turn(s, 1)
    now = closed(s)
    assert now["Deliver cargo"]["reason"] == "you carry no cargo"
    assert now["Deliver cargo"]["rule"] == "AH-6.3.5"
    assert now["Smuggle cargo"]["reason"] == "no market card shows the sword symbol"
    jewels = next(m.id for m in s.content.market if m.cargo_symbol == "sword")
    s.cargo[1] = [jewels]
    start_turn(s, 1)
    assert "Deliver cargo" not in closed(s)
    assert find(s, "deliver", card=jewels) is not None


@pytest.mark.rule("AH-6.2.4", "AH-7.8")
def test_the_union_without_plans_cannot_play_one() -> None:
    s = table(3)
    put(s, 2, 1, 1)
    start_turn(s, 2)
    assert closed(s)["Play a plan"] == {
        "option": "Play a plan",
        "reason": "you hold no plans",
        "rule": "AH-6.2.4",
    }
    swift = s.plan_cards.index("swift_approach")
    s.plan_hand = [swift]
    start_turn(s, 2)
    assert "Play a plan" not in closed(s)
    assert find(s, "plan", card=swift) is not None
    # Nobody else is told anything about the Union's options.
    assert s.closed_options(0) == [] and s.closed_options(None) == []


# ---------------------------------------------------------------------------- explanations
@pytest.mark.rule("AH-5.3", "AH-5.9")
def test_placing_a_die_says_the_gold_and_the_effect() -> None:
    s = table(3)
    put(s, 0, 1, 1)
    hand(s, 0, 4, 4, 4)
    s.gold[0] = 2
    start_turn(s, 0)
    text = detail(s, "place", die=4, spot=spot(s, 0, "cannons"), value=6)
    assert "Pays 2 gold to turn your 4 into 6" in text
    assert "loads the cannons" in text and "Die 1 of 2" in text
    s.allies = [2, 0, 0]  # the flagship is in region 0
    bombard = detail(s, "place", die=4, spot=spot(s, 0, "bombard"), value=4)
    assert "sends the 2 allies" in bombard


@pytest.mark.rule("AH-5.34")
def test_recruiting_explains_the_price_and_the_crew() -> None:
    s = table(3)
    put(s, 0, 0, 0)
    set_market(s, "buccaneer")
    s.gold[0] = 3
    start_turn(s, 0)
    text = detail(s, "recruit", card=card_of(s, "buccaneer"))
    assert text.startswith("Pays 2 of your 3 gold for Buccaneer")


@pytest.mark.rule("AH-6.3.5")
def test_delivering_explains_fame_and_wealth() -> None:
    s = table(3)
    put(s, 1, 2, 0)  # sword island, region 1
    s.wealth[1] = 2
    jewels = next(m.id for m in s.content.market if m.cargo_symbol == "sword")
    s.cargo[1] = [jewels]
    start_turn(s, 1)
    text = detail(s, "deliver", card=jewels)
    assert "Gains 2 fame" in text and "from 2 to 3" in text


@pytest.mark.rule("AH-4.7")
def test_every_option_of_a_turn_explains_itself_in_a_short_text() -> None:
    s = table(3)
    put(s, 0, 0, 0)
    hand(s, 0, 2, 3, 4, 5, 6)
    set_market(s, "buccaneer", "gunner")
    s.gold[0] = 3
    start_turn(s, 0)
    for action in s.legal_actions():
        text = s.explain(action)
        assert text and text != action.label and len(text) <= 300, (action.label, text)
