"""Learning Tiny Epic Pirates (issue 22): the rules each decision names, the explanation of each
option and the helm moves of step 1 that are closed, in positions built by hand."""

from __future__ import annotations

import pytest

from tabletide.engine import Frame
from tabletide.games.tiny_epic_pirates import economy, helm, orders
from tabletide.games.tiny_epic_pirates.constants import EXTORTION
from tabletide.games.tiny_epic_pirates.state import PiratesState
from tabletide.reference import load_reference

from .helpers import cubes, decision, find, kind, new, plain_sea, put, start_turn, with_card


def helm_turn(captain: int, assign: list[int], on_helm: tuple[int, ...] = ()) -> PiratesState:
    """Seat 0's fresh turn in a 2-player game, on a featureless sea, with the helm in a known
    layout: space k holds order k (0 hide, 1 plunder, 2 trade, 3 recruit, 4 search, 5 attack)."""
    s = plain_sea(new(2))
    s.helm[0] = list(range(6))
    s.captain[0] = captain
    s.assign[0] = list(assign)
    s.on_helm[0] = [sp in on_helm for sp in range(6)]
    start_turn(s, 0)
    assert kind(s) == "helm"
    return s


def closed(s: PiratesState) -> dict[str, dict[str, str]]:
    return {c["option"]: c for c in s.closed_options(0)}


def detail(s: PiratesState, kind_: str, **params: object) -> str:
    action = find(s, kind_, **params)
    assert action is not None, f"no {kind_} {params} in {[a.label for a in s.legal_actions()]}"
    return s.explain(action)


# ---------------------------------------------------------------------------- decision rules
@pytest.mark.rule("PC-5.2.2", "PC-5.2.3", "PC-5.2.4")
def test_the_helm_decision_names_the_rules_of_moving_the_captain() -> None:
    s = helm_turn(2, [1, 1, 1, 0])
    rules = s.decision()["rules"]  # type: ignore[index]
    assert rules[:3] == ["PC-5.2.2", "PC-5.2.3", "PC-5.2.4"]
    stated = load_reference("tiny_epic_pirates").rule_ids
    assert set(rules) <= stated


@pytest.mark.rule("PC-5.9.1", "PC-5.17.2")
def test_the_order_decision_names_the_requirement_of_the_order_on_the_helm() -> None:
    s = plain_sea(new(2))
    with_card(s, 5, colony=2)
    put(s, 0, 5)
    s.order = orders.PLUNDER
    decision(s, "order", 0)
    assert s.decision()["rules"][0] == "PC-5.9.1"  # type: ignore[index]
    s.order = orders.HIDE_ORDER
    assert s.decision()["rules"][0] == "PC-5.17.2"  # type: ignore[index]


@pytest.mark.rule("PC-5.6.1", "PC-5.15.5")
def test_a_listing_names_its_cause() -> None:
    s = new(2)
    decision(s, "list", 0, helm.Listing(0, "storm"))
    assert s.decision()["rules"][0] == "PC-5.6.1"  # type: ignore[index]
    decision(s, "list", 0, helm.Listing(0, "lost a battle"))
    assert s.decision()["rules"][0] == "PC-5.15.5"  # type: ignore[index]


# ---------------------------------------------------------------------------- closed options
@pytest.mark.rule("PC-5.2.4")
def test_the_space_the_captain_stands_on_is_always_closed() -> None:
    s = helm_turn(3, [4, 0, 0, 0])  # PC-EX-7: 4 deckhands, yet space 3 is out
    options = closed(s)
    item = options["Recruit again (helm space 3)"]
    assert item["rule"] == "PC-5.2.4"
    assert "may not end where it started" in item["reason"]
    assert len(options) == 1  # with 4 deckhands every other space is open


@pytest.mark.rule("PC-5.2.3", "PC-5.2.7")
def test_spaces_the_deckhands_cannot_pay_for_are_closed_with_the_numbers() -> None:
    s = helm_turn(2, [1, 0, 0, 0])  # PC-EX-9: only 3 and 4 are reachable
    options = closed(s)
    assert set(options) == {
        "Trade again (helm space 2)",
        "Attack (helm space 5)",
        "Hide (helm space 0)",
        "Plunder (helm space 1)",
    }
    attack = options["Attack (helm space 5)"]
    assert attack["rule"] == "PC-5.2.3"
    assert attack["reason"] == (
        "getting there skips 2 empty spaces but only 1 deckhand stands on your assignments"
    )
    assert "skips 3 empty spaces" in options["Plunder (helm space 1)"]["reason"]
    labels = {a.label for a in s.legal_actions()}
    assert not set(options) & labels


@pytest.mark.rule("PC-5.2.3", "PC-5.3.1")
def test_a_space_opens_once_a_deckhand_already_sits_on_the_way() -> None:
    s = helm_turn(2, [1, 0, 0, 0], on_helm=(3,))  # skipping 3 is now free
    options = closed(s)
    assert "Attack (helm space 5)" not in options
    assert "Hide (helm space 0)" in options  # 3 free, 4 and 5 cost 2
    more = helm_turn(2, [2, 0, 0, 0])
    assert "Attack (helm space 5)" not in closed(more)


def test_only_the_helm_has_closed_options_and_only_for_its_seat() -> None:
    s = helm_turn(2, [1, 0, 0, 0])
    assert s.closed_options(1) == [] and s.closed_options(None) == []
    decision(s, "order", 0)
    assert s.closed_options(0) == []


# ---------------------------------------------------------------------------- explanations
@pytest.mark.rule("PC-5.2.3", "PC-5.21.2")
def test_a_helm_move_tells_the_deckhands_it_costs_and_the_crossing() -> None:
    s = helm_turn(4, [1, 1, 2, 0])
    text = detail(s, "captain", steps=3)  # 4 -> 1: skips 5 (1 deckhand) and Hide (free)
    assert "plunder order (space 1)" in text
    assert "leaving 1 deckhand" in text
    assert "Extortion pays 2 gold" in text
    assert "Navy sails up to 1" in text  # no treasure buried yet: the first Navy table entry
    near = detail(s, "captain", steps=1)
    assert "crossed" not in near and "deckhand" not in near


@pytest.mark.rule("PC-5.10.2", "PC-5.10.3")
def test_a_sale_shows_the_gold_and_the_cap() -> None:
    s = plain_sea(new(2))
    with_card(s, 5, market="rum")
    put(s, 0, 5)
    s.cargo[0] = cubes("rum", "rum", "rum")
    s.market = [1, 0, 2, 3]  # rum sells at 5
    s.gold[0] = 5
    decision(s, "sell", 0, orders.Sell(0))
    assert economy.price(s, 1) == 5
    text = detail(s, "sell", count=3)
    assert "3 × 5 = 15 gold" in text
    assert "gold 5 → 13 (7 lost over 13)" in text


@pytest.mark.rule("PC-5.20.1")
def test_burying_tells_the_price_and_the_end() -> None:
    s = plain_sea(new(2))
    with_card(s, 5, burial=(6,))
    put(s, 0, 5)
    s.gold[0], s.buried[0] = 8, 2
    decision(s, "bury", 0)
    text = detail(s, "bury", spot=0)
    assert "Pay 6 gold (gold 8 → 2)" in text
    assert "triggers the end of the game" in text


@pytest.mark.rule("PC-5.7.2")
def test_listing_tells_what_the_deckhand_gave() -> None:
    s = new(2)
    s.assign[0] = [1, 1, 1, 0]
    decision(s, "list", 0, helm.Listing(0, "storm"))
    assert "+1 sail move lost" in detail(s, "list", source=0)
    assert "gold whenever you cross" in detail(s, "list", source=EXTORTION)


@pytest.mark.rule("PC-5.6.1")
def test_sailing_into_a_storm_warns_of_the_listing() -> None:
    s = plain_sea(new(2))
    with_card(s, 6, storm=True)
    put(s, 0, 5, hidden=True)
    s.moves, s.sail_extra = 0, 0
    decision(s, "sail", 0)
    east = detail(s, "sail", direction=1)
    assert "a storm" in east and "Repairs" in east
    west = detail(s, "sail", direction=3)
    assert "no longer hidden" in west


def test_explanations_use_no_randomness_and_change_nothing() -> None:
    s = helm_turn(4, [1, 1, 2, 0])
    before = (s.rng.copy().below(1000), s.captain[:], s.assign[0][:])
    texts = [s.explain(a) for a in s.legal_actions()]
    assert texts == [s.explain(a) for a in s.legal_actions()]
    assert (s.rng.copy().below(1000), s.captain[:], s.assign[0][:]) == before
    assert all(t != a.label for t, a in zip(texts, s.legal_actions(), strict=True))


def test_the_guide_frame_helpers_accept_any_pending_kind() -> None:
    s = new(2)
    assert s.stack[-1] == Frame("helm", 0)
    assert s.decision()["rules"]  # type: ignore[index]


@pytest.mark.rule("PC-5.3.1")
def test_a_helm_move_over_an_old_deckhand_tells_it_comes_back() -> None:
    s = helm_turn(1, [1, 1, 0, 1], on_helm=(2,))  # PC-EX-8's position
    assert detail(s, "captain", steps=1) == (
        "The captain lands on the trade order (space 2), sending 1 helm deckhand back to work."
    )
    assert "leaving 1 deckhand on skipped spaces and sending 1 helm deckhand back" in detail(
        s, "captain", steps=3
    )
