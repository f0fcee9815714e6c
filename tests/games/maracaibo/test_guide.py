"""Learning Pirates of Maracaibo (issue 22): the rules each decision names, what each option
will do, and the options of a turn's main decisions that are closed, with reason and rule.

Positions are built by hand on a fresh 2-player game (the helpers of the rule tests): a ship's
turn begins where the test puts it, and the decisions are played with ``act``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.games.maracaibo.guide import (
    BAY_OPTION,
    LOCATION_OPTION,
    RESIDENCE_OPTION,
    STAY,
)
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import START, act, at, begin, dice, find, give, kind, new, place, treasure

rule = pytest.mark.rule
A, B = 0, 1


def game(doubloons: int = 30, **options: Any) -> MaracaiboState:
    s = new(2, **options)
    s.doubloons = [doubloons, doubloons]
    return s


def closed(s: MaracaiboState) -> dict[str, dict[str, str]]:
    """The closed options of the seat to move, by option."""
    return {c["option"]: c for c in s.closed_options(s.current_player())}


def detail(s: MaracaiboState, kind_: str, **params: Any) -> str:
    action = find(s, kind_, **params)
    return s.explain(action)


def at_location(s: MaracaiboState, name: str) -> None:
    """Seat A sails from 1a onto ``name`` placed on 2a and declines the ship upgrade."""
    place(s, at(2, 0), name)
    begin(s, A, at(1, 0))
    act(s, "sail", to=at(2, 0))
    if kind(s) == "ship_upgrade":
        act(s, "skip")
    assert kind(s) == "location"


# ---------------------------------------------------------------------------- decision rules
@rule("MA-5.1", "MA-5.5", "MA-5.4")
def test_the_move_names_the_sailing_rules_and_the_start_area_rule_first() -> None:
    s = game()
    assert s.ship[A] == START and kind(s) == "move"
    rules = s.decision()["rules"]  # type: ignore[index]
    assert rules[0] == "MA-5.4"
    assert {"MA-5.1", "MA-5.5"} <= set(rules)
    begin(s, A, at(4, 1))
    rules = s.decision()["rules"]  # type: ignore[index]
    assert rules[0] == "MA-5.1" and "MA-5.4" not in rules


@rule("MA-5.25", "MA-5.24")
def test_a_location_names_its_action_rules_and_its_ship_upgrade() -> None:
    s = game()
    place(s, at(2, 0), "Trinidad")
    begin(s, A, at(1, 0))
    act(s, "sail", to=at(2, 0))
    assert kind(s) == "ship_upgrade"
    assert s.decision()["rules"][0] == "MA-5.24"  # type: ignore[index]
    act(s, "skip")
    assert s.decision()["rules"][0] == "MA-5.25"  # type: ignore[index]


# ---------------------------------------------------------------------------- closed options
@rule("MA-5.1")
def test_the_bay_is_closed_when_it_is_out_of_reach() -> None:
    s = game()
    begin(s, A, at(6, 0))  # 6a → 7a → 8a → 9a → Bay: 4 steps
    item = closed(s)[BAY_OPTION]
    assert item["rule"] == "MA-5.1"
    assert item["reason"] == "the Bay is 4 spaces away and you sail at most 3"
    begin(s, A, at(7, 0))  # 3 steps: within reach
    assert BAY_OPTION not in closed(s)


@rule("MA-5.5")
def test_staying_in_the_column_is_always_closed() -> None:
    s = game()
    begin(s, A, at(4, 1))
    item = closed(s)[STAY]
    assert (item["reason"], item["rule"]) == (
        "a move must end at least one column right of column 4",
        "MA-5.5",
    )


@rule("MA-5.16")
def test_a_residence_in_reach_is_closed_while_it_costs_too_much() -> None:
    s = game(doubloons=5)
    place(s, at(2, 0), "Hacienda")
    begin(s, A, START)
    item = closed(s)[RESIDENCE_OPTION]
    assert item["rule"] == "MA-5.16"
    assert item["reason"].endswith("and you have 5 doubloons")
    s = game(doubloons=30)
    place(s, at(2, 0), "Hacienda")
    begin(s, A, START)
    assert RESIDENCE_OPTION not in closed(s)


@rule("MA-5.19")
def test_a_residence_you_built_closes_the_option() -> None:
    s = game(doubloons=30)
    begin(s, A, at(8, 0))  # reach: 9a-9c and the Bay
    homes = [s.slot[n] for n in (at(9, 0), at(9, 1), at(9, 2))]
    for card in homes:
        if s.cards[card].type == "residence":
            s.res[card].append(A)
    if not any(s.cards[c].type == "residence" for c in homes):
        place(s, at(9, 1), "Hacienda")
        s.res[s.slot[at(9, 1)]].append(A)
        begin(s, A, at(8, 0))
    item = closed(s)[RESIDENCE_OPTION]
    assert (item["reason"], item["rule"]) == (
        "you have already built every residence in reach",
        "MA-5.19",
    )


@rule("MA-5.43")
def test_burying_is_closed_without_a_treasure_and_opens_with_one() -> None:
    s = game()
    at_location(s, "Tobago")
    item = closed(s)["Location action: bury a treasure"]
    assert item["rule"] == "MA-5.43"
    assert "no treasure above the line" in item["reason"]
    s = game()
    treasure(s, A, "gold", 1)
    at_location(s, "Tobago")
    assert "Location action: bury a treasure" not in closed(s)


@rule("MA-10.6.8", "MA-5.25")
def test_a_slash_choice_closes_its_other_alternatives_once_made() -> None:
    s = game()
    treasure(s, A, "gold", 1)  # so that the burial keeps the location open after the choice
    at_location(s, "Tobago")  # an emerald / 3 doubloons ; bury a treasure
    assert "Location action: an emerald" not in closed(s)
    act(s, "act", group=0, alt=1)  # 3 doubloons
    item = closed(s)["Location action: an emerald"]
    assert item["rule"] == "MA-10.6.8"


def test_closed_options_never_repeat_a_legal_label_and_other_kinds_have_none() -> None:
    s = game()
    begin(s, A, at(4, 1))
    labels = {a.label for a in s.legal_actions()}
    items = s.closed_options(A)
    assert items and not {c["option"] for c in items} & labels
    assert s.closed_options(B) == []
    place(s, at(2, 0), "Trinidad")
    begin(s, A, at(1, 0))
    act(s, "sail", to=at(2, 0))
    assert kind(s) == "ship_upgrade" and s.closed_options(A) == []


@rule("MA-9.1")
def test_a_face_down_location_still_counts_as_a_location_in_reach() -> None:
    # Uncharted Waters: Locations deals every level I location face down, but everybody knows
    # they are locations (they carry doubloons), so "Visit a location" stays open.
    s = game(uncharted_locations=True)
    place(s, at(2, 0), "Trinidad", up=False)
    begin(s, A, START)
    assert kind(s) == "move"
    assert not s.up[at(2, 0)]
    assert LOCATION_OPTION not in closed(s)
    assert "face-down location" in detail(s, "sail", to=at(2, 0))


# ---------------------------------------------------------------------------- explanations
@rule("MA-5.11", "MA-11.3")
def test_buying_explains_the_discounted_price_and_taking_the_doubloons() -> None:
    s = game(doubloons=5)
    give(s, A, "Ghost Ship")
    place(s, at(2, 0), "Tobacco")
    begin(s, A, at(1, 0))
    sail = detail(s, "sail", to=at(2, 0))
    assert "Tobacco for 5 of your 5 doubloons" in sail
    act(s, "sail", to=at(2, 0))
    assert kind(s) == "upgrade_space"
    buy = detail(s, "buy", at=at(2, 0))
    assert "Pays 5 of your 5 doubloons (printed 8)" in buy
    assert detail(s, "take5") == "Leaves the card where it is and adds 5 doubloons to your 5."


@rule("MA-5.16", "MA-5.17")
def test_building_explains_price_first_builder_bonus_and_condition() -> None:
    s = game(doubloons=20)
    place(s, at(2, 0), "Hacienda")
    begin(s, A, at(1, 0))
    act(s, "sail", to=at(2, 0))
    text = detail(s, "build", at=at(2, 0))
    assert "Pays 16 of your 20 doubloons" in text
    assert "+2 VP as first builder" in text
    assert "2 VP per doubloon of income" in text


@rule("MA-5.27", "MA-5.28")
def test_choosing_a_die_explains_strength_and_treasure_colour() -> None:
    s = game()
    give(s, A, "Gilded Gunner")  # yellow die +2
    at_location(s, "Trinidad")
    dice(s, 5, 2, 6)
    act(s, "act", group=0, alt=0)  # raid
    assert kind(s) == "reroll"
    text = detail(s, "die", die=0)
    assert text.startswith("Raid strength 7 (yellow 5 + 2 bonus)")
    assert text.endswith("every treasure this raid gains is gold.")
    act(s, "die", die=0)
    spend = s.legal_actions()[0]
    assert "of 7 strength" in s.explain(spend)


@rule("MA-5.7", "MA-11.2")
def test_sailing_onto_another_ship_explains_the_payment() -> None:
    s = game()
    place(s, at(2, 0), "Trinidad")
    s.ship[B] = at(2, 0)
    begin(s, A, at(1, 0))
    assert detail(s, "sail", to=at(2, 0)).endswith(
        "You pay 1 doubloon to Seat 1, whose ship is there."
    )
