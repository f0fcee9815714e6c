"""Rule tests for Tiny Epic Pirates: the voyage and storms (PC-5.5-5.6), performing orders
(PC-5.8), Plunder, Trade and the market (PC-5.9-5.10), Recruit and Mutiny (PC-5.11-5.12),
Search (PC-5.13) and Hide (PC-5.17), with worked examples PC-EX-1..3, 10, 22, 25 and 34."""

from __future__ import annotations

import pytest

from tabletide.games.tiny_epic_pirates import economy, orders, sailing, sea
from tabletide.games.tiny_epic_pirates.constants import CANNONS, EXTORTION, REPAIRS, RIGGING
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS, SEARCH_KINDS
from tabletide.games.tiny_epic_pirates.helm import HELM_SRC
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import act, cubes, decision, find, kind, new, plain_sea, put, start_turn, with_card

MID = 5
"""A mid-sea card, (2,2), with four neighbours."""


# ---------------------------------------------------------------------------- local helpers
def turn_to(
    order: str,
    *,
    pos: int = MID,
    assign: tuple[int, int, int, int] = (1, 1, 1, 0),
    hidden: bool = False,
    n: int = 2,
) -> PiratesState:
    """Seat 0's fresh turn on a featureless sea: its ship at ``pos`` and its captain one space
    before ``order`` (the helm holds order k on space k), waiting in step 1."""
    s = new(n)
    plain_sea(s)
    for o in range(1, s.ships):
        put(s, o, 15 if pos != 15 else 0)
    s.merchant_at = [3, 12] if pos not in (3, 12) else [0, 15]
    s.navy = 0 if pos != 0 else 15
    put(s, 0, pos, hidden)
    s.helm[0] = list(range(6))
    s.captain[0] = (ORDERS.index(order) - 1) % 6
    s.assign[0] = list(assign)
    s.on_helm[0] = [False] * 6
    start_turn(s, 0)
    return s


def to_order(s: PiratesState) -> None:
    """Move the captain one space and stay on the card: the order decision is next."""
    act(s, "captain", steps=1)
    act(s, "done")


def sail_to(s: PiratesState, p: int) -> None:
    d = next(d for d, q in sea.neighbours(s.at[0]) if q == p)
    act(s, "sail", direction=d)


def sail_targets(s: PiratesState) -> set[int]:
    return {sea.step(s.at[0], a.num("direction")) for a in s.legal_actions() if a.kind == "sail"}


def order_pending(s: PiratesState, order: str, ship: int = 0) -> None:
    """Make the pending decision seat ``ship``'s step 3 with the captain on ``order``."""
    s.active = ship
    s.order = ORDERS.index(order)
    decision(s, "order", ship)


def market(*types: str) -> list[int]:
    """The market from price 5 down to price 2."""
    return [LOOT.index(t) for t in types]


# ---------------------------------------------------------------------------- PC-5.5 sailing
@pytest.mark.rule("PC-5.5.1", "PC-5.5.3")
def test_the_voyage_steps_orthogonally_and_may_stop_at_zero() -> None:
    s = turn_to("recruit")
    act(s, "captain", steps=1)
    assert kind(s) == "sail"
    assert sail_targets(s) == {1, 4, 6, 9}  # never diagonally
    assert find(s, "done") is not None  # 0 cards is allowed
    act(s, "done")
    assert s.at[0] == MID


@pytest.mark.rule("PC-5.5.2", "PC-5.5.3")
@pytest.mark.parametrize("infamy", [0, 1, 4, 6])
def test_the_sail_total_is_the_level_plus_rigging(infamy: int) -> None:
    s = turn_to("recruit", pos=0, assign=(1, 0, 0, 0))
    s.infamy[0] = infamy
    act(s, "captain", steps=1)
    total = s.content.sheets.infamy[infamy].sail + 1
    path = [1, 2, 3, 7, 6, 5, 4, 8]
    for p in path[:total]:
        sail_to(s, p)
    assert sail_targets(s) == set()  # the total is used up
    assert s.at[0] == path[total - 1]


@pytest.mark.rule("PC-5.5.2", "PC-5.13.3")
def test_a_plus_2_sail_token_adds_two_moves_and_is_discarded() -> None:
    s = turn_to("recruit", pos=0, assign=(0, 1, 1, 0))
    s.kept[0] = ["sail2"]
    act(s, "captain", steps=1)
    sail_to(s, 1)
    assert sail_targets(s) == set()
    act(s, "use_sail_token")
    assert s.kept[0] == []
    sail_to(s, 2)
    sail_to(s, 3)
    assert sail_targets(s) == set()
    assert find(s, "use_sail_token") is None


@pytest.mark.rule("PC-5.5.3")
def test_a_card_may_be_revisited_in_one_voyage() -> None:
    s = turn_to("recruit", assign=(2, 0, 0, 0))
    act(s, "captain", steps=1)
    sail_to(s, 6)
    sail_to(s, MID)
    assert s.at[0] == MID and s.moves == 2


@pytest.mark.rule("PC-5.5.4", "PC-5.17.8", "PC-GAP-11.4")
def test_sailing_a_card_leaves_the_cove_and_sailing_none_stays_hidden() -> None:
    s = turn_to("recruit", hidden=True)
    act(s, "captain", steps=1)
    act(s, "done")
    assert s.hidden[0]
    s = turn_to("recruit", hidden=True)
    act(s, "captain", steps=1)
    sail_to(s, 6)
    assert not s.hidden[0]


@pytest.mark.rule("PC-5.5.5")
def test_ships_sail_through_and_stop_on_cards_with_other_ships_without_harm() -> None:
    s = turn_to("recruit", assign=(2, 1, 0, 0))
    put(s, 1, 6)
    s.navy = 7
    s.merchant_at[0] = 7
    act(s, "captain", steps=1)
    sail_to(s, 6)
    sail_to(s, 7)
    assert s.at[0] == 7
    assert s.assign[0] == [2, 1, 0, 0]
    assert not any(e["type"] in ("navy_attack", "listing") for e in s.events)


# ---------------------------------------------------------------------------- PC-5.6 storms
@pytest.mark.rule("PC-5.6.1", "PC-5.7.2")
def test_entering_a_storm_lists_at_once() -> None:
    s = turn_to("recruit", assign=(1, 1, 1, 0))
    with_card(s, 6, storm=True)
    act(s, "captain", steps=1)
    sail_to(s, 6)
    assert kind(s) == "list"
    assert {a.num("source") for a in s.legal_actions()} == {RIGGING, CANNONS, EXTORTION}
    act(s, "list", source=EXTORTION)
    assert s.assign[0] == [1, 1, 0, 1]
    assert kind(s) == "sail"


@pytest.mark.rule("PC-5.6.2", "PC-5.4.6", "PC-EX-10")
@pytest.mark.parametrize(("listed", "more"), [(RIGGING, 1), (CANNONS, 2)])
def test_ex10_a_storm_that_costs_rigging_cuts_the_voyage(listed: int, more: int) -> None:
    s = turn_to("recruit", pos=4, assign=(1, 1, 0, 0))
    s.infamy[0] = 1  # 2 sail moves
    assert s.content.sheets.infamy[1].sail == 2
    with_card(s, MID, storm=True)
    act(s, "captain", steps=1)
    assert sailing.sail_total(s, 0) == 3
    sail_to(s, MID)
    act(s, "list", source=listed)
    assert sailing.sail_total(s, 0) == 3 - (listed == RIGGING)
    path = [6, 7]
    for p in path[:more]:
        sail_to(s, p)
    assert sail_targets(s) == set()


@pytest.mark.rule("PC-5.6.3", "PC-GAP-11.5")
def test_each_storm_entered_lists_again_even_the_same_one() -> None:
    s = turn_to("recruit", assign=(3, 1, 1, 0))
    with_card(s, 6, storm=True)
    act(s, "captain", steps=1)
    sail_to(s, 6)
    act(s, "list", source=CANNONS)
    sail_to(s, MID)
    sail_to(s, 6)
    act(s, "list", source=EXTORTION)
    assert s.assign[0] == [3, 0, 0, 2]


@pytest.mark.rule("PC-5.6.4")
def test_leaving_or_staying_in_a_storm_does_not_list() -> None:
    s = turn_to("recruit", assign=(2, 1, 1, 0))
    with_card(s, MID, storm=True)
    act(s, "captain", steps=1)
    sail_to(s, 6)
    assert kind(s) == "sail"
    assert s.assign[0] == [2, 1, 1, 0]


@pytest.mark.rule("PC-5.6.5", "PC-5.6.6", "PC-GAP-14.5")
def test_the_storm_token_lets_an_all_repairs_ship_into_a_storm_without_listing() -> None:
    s = turn_to("recruit", assign=(0, 0, 0, 3))
    with_card(s, 6, storm=True)
    act(s, "captain", steps=1)
    assert 6 not in sail_targets(s)
    s.kept[0] = ["storm"]
    assert 6 in sail_targets(s)
    sail_to(s, 6)
    assert s.kept[0] == []
    assert s.assign[0] == [0, 0, 0, 3]


@pytest.mark.rule("PC-5.6.6", "PC-5.13.3")
def test_spending_the_storm_token_avoids_listing() -> None:
    s = turn_to("recruit", assign=(1, 1, 1, 0))
    s.kept[0] = ["storm"]
    with_card(s, 6, storm=True)
    act(s, "captain", steps=1)
    sail_to(s, 6)
    assert kind(s) == "storm"
    act(s, "use_storm_token")
    assert s.kept[0] == []
    assert s.assign[0] == [1, 1, 1, 0]


@pytest.mark.rule("PC-5.6.6", "PC-5.13.3")
def test_keeping_the_storm_token_means_listing() -> None:
    s = turn_to("recruit", assign=(1, 1, 1, 0))
    s.kept[0] = ["storm"]
    with_card(s, 6, storm=True)
    act(s, "captain", steps=1)
    sail_to(s, 6)
    act(s, "brace")
    act(s, "list", source=CANNONS)
    assert s.kept[0] == ["storm"]
    assert s.assign[0] == [1, 0, 1, 1]


@pytest.mark.rule("PC-5.13.5", "PC-5.13.3")
def test_several_keep_tokens_in_one_turn() -> None:
    s = turn_to("recruit", pos=4, assign=(0, 1, 1, 0))
    s.kept[0] = ["sail2", "storm"]
    with_card(s, 6, storm=True)
    act(s, "captain", steps=1)
    act(s, "use_sail_token")
    sail_to(s, MID)
    sail_to(s, 6)
    act(s, "use_storm_token")
    assert s.kept[0] == []
    assert s.at[0] == 6 and s.assign[0] == [0, 1, 1, 0]


# ---------------------------------------------------------------------------- PC-5.8 orders
@pytest.mark.rule("PC-5.8.1", "PC-4.2")
def test_the_order_may_be_declined() -> None:
    s = turn_to("plunder")
    with_card(s, MID, colony=2)
    cargo = s.cargo[0][:]
    to_order(s)
    assert kind(s) == "order"
    assert {a.kind for a in s.legal_actions()} == {"perform", "skip"}
    act(s, "skip")
    assert s.cargo[0] == cargo


@pytest.mark.rule("PC-5.8.1", "PC-5.9.1", "PC-5.10.1", "PC-5.11.1", "PC-5.13.1", "PC-5.17.2")
@pytest.mark.parametrize("order", ["plunder", "trade", "search", "hide"])
def test_an_order_without_its_requirement_cannot_be_performed(order: str) -> None:
    s = new(2)
    plain_sea(s)
    put(s, 0, MID)
    s.search[MID] = -1
    s.cargo[0] = cubes("rum")
    order_pending(s, order)
    assert {a.kind for a in s.legal_actions()} == {"skip"}


@pytest.mark.rule("PC-5.11.1")
def test_recruit_works_on_any_card() -> None:
    s = new(2)
    plain_sea(s)
    put(s, 0, MID)
    order_pending(s, "recruit")
    assert find(s, "perform") is not None


# ---------------------------------------------------------------------------- PC-5.9 plunder
@pytest.mark.rule("PC-5.9.1", "PC-5.9.2", "PC-5.1.3")
@pytest.mark.parametrize("colony", [1, 2])
def test_plunder_draws_one_cube_per_loot_symbol_from_the_bag(colony: int) -> None:
    s = turn_to("plunder")
    with_card(s, MID, colony=colony)
    s.cargo[0] = []
    bag = sum(s.bag)
    to_order(s)
    act(s, "perform")
    assert len(s.cargo[0]) == colony
    assert sum(s.bag) == bag - colony


@pytest.mark.rule("PC-5.9.3", "PC-5.1.5")
def test_plunder_on_a_full_ship_asks_for_each_cube() -> None:
    s = turn_to("plunder")
    with_card(s, MID, colony=2)
    s.cargo[0] = cubes("rum", "rum", "rum")
    s.bag = [5, 0, 0, 0]  # only sugar can be drawn
    to_order(s)
    act(s, "perform")
    assert kind(s) == "cargo"
    act(s, "drop", loot="rum")
    assert kind(s) == "cargo"
    act(s, "drop_new")
    assert s.cargo[0] == cubes("sugar", "rum", "rum")
    assert s.bag == [5 - 2 + 1, 1, 0, 0]  # two drawn, the new sugar and a rum returned


@pytest.mark.rule("PC-5.9.4")
def test_a_colony_is_never_depleted() -> None:
    s = new(2)
    plain_sea(s)
    with_card(s, MID, colony=1)
    put(s, 0, MID)
    s.cargo[0] = []
    for i in range(1, 4):
        order_pending(s, "plunder")
        act(s, "perform")
        assert len(s.cargo[0]) == i


# ---------------------------------------------------------------------------- PC-5.10 trade
@pytest.mark.rule("PC-5.10.1")
def test_trade_needs_a_market_of_a_type_aboard() -> None:
    s = new(2)
    plain_sea(s)
    with_card(s, MID, market="sugar")
    put(s, 0, MID)
    s.cargo[0] = cubes("rum", "coffee")
    order_pending(s, "trade")
    assert find(s, "perform") is None
    s.cargo[0] = cubes("rum", "sugar")
    assert find(s, "perform") is not None


@pytest.mark.rule("PC-5.10.2", "PC-5.1.1", "PC-EX-1")
def test_ex1_trade_income_is_capped_at_13() -> None:
    s = turn_to("trade")
    with_card(s, MID, market="sugar")
    s.market = market("rum", "sugar", "coffee", "gunpowder")
    s.cargo[0] = cubes("sugar", "sugar", "sugar")
    s.gold[0] = 5
    sugar_bag = s.bag[LOOT.index("sugar")]
    to_order(s)
    act(s, "perform")
    assert {a.num("count") for a in s.legal_actions()} == {1, 2, 3}
    act(s, "sell", count=3)
    assert s.gold[0] == 13
    assert s.cargo[0] == []
    assert s.bag[LOOT.index("sugar")] == sugar_bag + 3  # PC-5.10.3 a
    lost = [e for e in s.events if e["type"] == "gold" and e.get("why") == "trade"]
    assert lost[-1]["amount"] == 8 and lost[-1]["lost"] == 4


@pytest.mark.rule("PC-5.10.3", "PC-5.10.6", "PC-EX-2")
def test_ex2_the_sold_type_drops_to_2_and_the_lower_ones_rise() -> None:
    s = turn_to("trade")
    with_card(s, MID, market="sugar")
    s.market = market("rum", "sugar", "coffee", "gunpowder")
    s.cargo[0] = cubes("sugar")
    s.gold[0] = 0
    to_order(s)
    act(s, "perform")
    assert s.gold[0] == 4
    assert s.market == market("rum", "coffee", "gunpowder", "sugar")


@pytest.mark.rule("PC-5.10.3", "PC-EX-3")
def test_ex3_selling_the_type_on_the_bottom_leaves_the_market_unchanged() -> None:
    s = turn_to("trade")
    with_card(s, MID, market="gunpowder")
    s.market = market("rum", "sugar", "coffee", "gunpowder")
    s.cargo[0] = cubes("gunpowder", "gunpowder")
    s.gold[0] = 0
    to_order(s)
    act(s, "perform")
    act(s, "sell", count=2)
    assert s.gold[0] == 4
    assert s.market == market("rum", "sugar", "coffee", "gunpowder")


@pytest.mark.rule("PC-5.10.2", "PC-GAP-11.9", "PC-5.10.5")
def test_a_player_may_sell_fewer_cubes_in_a_single_transaction() -> None:
    s = turn_to("trade")
    with_card(s, MID, market="coffee")
    s.market = market("coffee", "rum", "sugar", "gunpowder")
    s.cargo[0] = cubes("coffee", "coffee", "rum")
    s.gold[0] = 0
    to_order(s)
    act(s, "perform")
    act(s, "sell", count=1)
    assert s.gold[0] == 5
    assert s.cargo[0] == cubes("coffee", "rum")
    assert kind(s) != "sell"  # one transaction per Trade order
    assert s.market == market("rum", "sugar", "gunpowder", "coffee")


@pytest.mark.rule("PC-5.10.4", "PC-5.10.2")
def test_prices_run_from_5_at_the_top_to_2_at_the_bottom() -> None:
    s = new(2)
    s.market = market("coffee", "rum", "sugar", "gunpowder")
    prices = [economy.price(s, LOOT.index(t)) for t in ("coffee", "rum", "sugar", "gunpowder")]
    assert prices == [5, 4, 3, 2]


# ---------------------------------------------------------------------------- PC-5.11 recruit
def recruit_pending(s: PiratesState) -> None:
    order_pending(s, "recruit")
    act(s, "perform")
    assert kind(s) == "recruit"


@pytest.mark.rule("PC-5.11.3")
def test_recruiting_takes_a_row_card_and_refills_the_row_from_the_deck() -> None:
    s = new(2)
    row = s.crew_row[:]
    top = s.crew_deck[-1]
    recruit_pending(s)
    act(s, "recruit", slot=1)
    assert s.crew[0] == [row[1]]
    assert len(s.crew_row) == 3
    assert row[1] not in s.crew_row and top in s.crew_row
    assert find(s, "recruit") is None  # only one card per Recruit
    act(s, "done")


@pytest.mark.rule("PC-5.11.2", "PC-5.1.1", "PC-GAP-14.1")
def test_refresh_costs_1_gold_and_sends_the_row_to_the_bottom() -> None:
    s = new(2)
    s.gold[0] = 2
    row = s.crew_row[:]
    top3 = s.crew_deck[-3:]
    recruit_pending(s)
    act(s, "refresh")
    assert s.gold[0] == 1
    assert sorted(s.crew_row) == sorted(top3)
    assert sorted(s.crew_deck[:3]) == sorted(row)
    assert find(s, "done") is not None  # not required to take a card after paying
    act(s, "done")
    assert s.crew[0] == []


@pytest.mark.rule("PC-5.11.2", "PC-5.1.1")
def test_refresh_needs_a_gold_to_pay() -> None:
    s = new(2)
    s.gold[0] = 0
    recruit_pending(s)
    assert find(s, "refresh") is None


@pytest.mark.rule("PC-5.11.2", "PC-5.11.4", "PC-5.11.5", "PC-EX-25")
def test_ex25_refresh_once_then_replace_one_of_four_crew() -> None:
    s = new(2)
    s.gold[0] = 2
    s.crew[0] = [s.crew_deck.pop() for _ in range(4)]
    old = s.crew[0][:]
    captain = (s.captain_card[0], s.side[0])
    recruit_pending(s)
    act(s, "refresh")
    assert s.gold[0] == 1
    assert find(s, "refresh") is None  # at most once per turn
    new_card = s.crew_row[0]
    act(s, "recruit", slot=0)
    assert kind(s) == "release"
    # only crew cards can be dismissed, never the captain
    assert len(s.legal_actions()) == 4
    act(s, "release", index=2)
    assert len(s.crew[0]) == 4
    assert new_card in s.crew[0] and old[2] not in s.crew[0]
    assert s.crew_deck[0] == old[2]  # the bottom of the deck
    assert len(s.crew_row) == 3
    assert (s.captain_card[0], s.side[0]) == captain
    assert find(s, "refresh") is None


@pytest.mark.rule("PC-5.11.2")
def test_refresh_is_once_per_turn_across_recruits() -> None:
    s = new(2)
    s.gold[0] = 5
    recruit_pending(s)
    act(s, "refresh")
    act(s, "done")
    recruit_pending(s)  # e.g. a Recruit bonus copy in the same turn
    assert find(s, "refresh") is None
    start_turn(s, 0)
    recruit_pending(s)  # a new turn
    assert find(s, "refresh") is not None


# ---------------------------------------------------------------------------- PC-5.12 mutiny
@pytest.mark.rule("PC-5.12.1", "PC-5.12.2", "PC-5.12.3", "PC-5.8.2")
def test_mutiny_flips_the_captain_and_bloodies_the_marker_once_per_game() -> None:
    s = new(2)
    side = s.side[0]
    recruit_pending(s)
    act(s, "mutiny")
    assert s.side[0] == 1 - side
    assert s.mutiny[0]
    assert find(s, "mutiny") is None
    assert find(s, "recruit") is not None  # a card may still be taken
    act(s, "done")
    recruit_pending(s)
    assert find(s, "mutiny") is None  # never again
    assert s.side[0] == 1 - side


@pytest.mark.rule("PC-5.12.1")
def test_mutiny_may_follow_taking_a_card() -> None:
    s = new(2)
    recruit_pending(s)
    act(s, "recruit", slot=0)
    act(s, "mutiny")
    assert s.mutiny[0] and len(s.crew[0]) == 1


@pytest.mark.rule("PC-5.12.4", "PC-5.12.2")
def test_the_new_captain_side_is_in_effect_at_once() -> None:
    from tabletide.games.tiny_epic_pirates import bonus, combat

    s = new(2)
    s.side[0] = 0
    card = s.content.captains[s.captain_card[0]]
    recruit_pending(s)
    act(s, "mutiny")
    assert combat.faces(s, 0)[0] == card.sides[1]
    trigger = card.sides[1].bonus
    assert trigger is not None
    s.order = ORDERS.index(trigger.trigger)
    assert [c for c, _ in bonus.rows(s, 0)] == [bonus.CAPTAIN]


# ---------------------------------------------------------------------------- PC-5.13 search
def search_here(s: PiratesState, token: str) -> None:
    plain_sea(s)
    put(s, 0, MID)
    s.search[MID] = SEARCH_KINDS.index(token)
    order_pending(s, "search")
    act(s, "perform")


@pytest.mark.rule("PC-5.13.2", "PC-5.13.6")
@pytest.mark.parametrize(("token", "gold"), [("gold2", 2), ("gold3", 3)])
def test_instant_gold_tokens_pay_and_are_gone(token: str, gold: int) -> None:
    s = new(2)
    s.gold[0] = 1
    search_here(s, token)
    assert s.gold[0] == 1 + gold
    assert s.search[MID] == -1
    assert s.kept[0] == []
    order_pending(s, "search")
    assert find(s, "perform") is None  # nothing left to search


@pytest.mark.rule("PC-5.13.2")
def test_the_volley_token_gives_an_accurate_volley() -> None:
    s = new(2)
    s.volley[0] = 1
    search_here(s, "volley")
    assert s.volley[0] == 2


@pytest.mark.rule("PC-5.13.2", "PC-5.1.5")
def test_the_loot_token_draws_a_cube_with_the_full_ship_choice() -> None:
    s = new(2)
    s.cargo[0] = []
    search_here(s, "loot")
    assert len(s.cargo[0]) == 1
    s = new(2)
    s.cargo[0] = cubes("rum", "rum", "rum")
    s.bag = [3, 0, 0, 0]
    search_here(s, "loot")
    assert kind(s) == "cargo"
    act(s, "drop", loot="rum")
    assert s.cargo[0] == cubes("sugar", "rum", "rum")


@pytest.mark.rule("PC-5.13.3")
@pytest.mark.parametrize("token", ["sail2", "storm"])
def test_keep_tokens_go_to_the_play_area(token: str) -> None:
    s = new(2)
    gold, volley = s.gold[0], s.volley[0]
    search_here(s, token)
    assert s.kept[0] == [token]
    assert s.search[MID] == -1
    assert (s.gold[0], s.volley[0]) == (gold, volley)


@pytest.mark.rule("PC-5.13.3", "PC-5.13.5")
def test_a_kept_token_is_used_on_the_same_turn() -> None:
    s = turn_to("search", pos=0, assign=(0, 1, 1, 0))
    s.search[0] = SEARCH_KINDS.index("sail2")
    to_order(s)
    act(s, "perform")
    assert s.kept[0] == ["sail2"]
    # a Sail bonus action later this turn may spend it
    sailing.start_voyage(s, 0)
    s.legal_actions()
    act(s, "use_sail_token")
    assert s.kept[0] == []
    assert sailing.sail_total(s, 0) == s.content.sheets.infamy[0].sail + 2


@pytest.mark.rule("PC-5.13.4", "PC-EX-22")
@pytest.mark.parametrize(("gold", "after"), [(12, 13), (13, 13), (10, 13), (9, 12)])
def test_ex22_search_gold_is_capped(gold: int, after: int) -> None:
    s = new(2)
    s.gold[0] = gold
    search_here(s, "gold3")
    assert s.gold[0] == after


@pytest.mark.rule("PC-5.13.4", "PC-EX-22")
def test_ex22_search_volley_is_capped() -> None:
    s = new(2)
    s.volley[0] = 3
    search_here(s, "volley")
    assert s.volley[0] == 3
    assert s.search[MID] == -1


# ---------------------------------------------------------------------------- PC-5.17 hide
def hide_turn(assign: tuple[int, int, int, int], cove: bool = True) -> PiratesState:
    """Seat 0's captain on 5 (one step before Hide), its ship unhidden on a cove card."""
    s = turn_to("hide", assign=assign)
    if cove:
        with_card(s, MID, cove=True)
    return s


@pytest.mark.rule("PC-5.17.2", "PC-5.17.3")
def test_hide_needs_a_cove_no_other_pirate_hides_in() -> None:
    s = new(3)
    plain_sea(s)
    with_card(s, MID, cove=True)
    put(s, 0, MID)
    put(s, 1, MID, hidden=True)
    put(s, 2, 0)
    order_pending(s, "hide")
    assert find(s, "perform") is None
    put(s, 1, MID, hidden=False)  # a ship that merely stops on the card is not in the cove
    assert find(s, "perform") is not None
    put(s, 1, 0, hidden=True)
    assert find(s, "perform") is not None


@pytest.mark.rule("PC-5.17.3", "PC-5.17.4", "PC-GAP-11.3")
def test_hide_hides_then_reassigns_from_any_space_to_the_three_assignments() -> None:
    s = hide_turn((0, 1, 0, 2))
    s.on_helm[0][3] = True
    to_order(s)
    act(s, "perform")
    assert s.hidden[0]
    assert kind(s) == "reassign"
    moves = {(a.num("source"), a.num("to")) for a in s.legal_actions() if a.kind == "move_hand"}
    sources = {src for src, _ in moves}
    targets = {dst for _, dst in moves}
    assert sources == {CANNONS, REPAIRS, HELM_SRC + 3}
    assert targets == {RIGGING, CANNONS, EXTORTION}  # never to Repairs
    act(s, "move_hand", source=HELM_SRC + 3, to=RIGGING)
    act(s, "move_hand", source=REPAIRS, to=RIGGING)
    act(s, "move_hand", source=REPAIRS, to=CANNONS)
    assert s.assign[0] == [2, 2, 0, 0]
    assert s.on_helm[0] == [False] * 6
    act(s, "done")


@pytest.mark.rule("PC-5.17.4")
def test_hide_reassignment_is_optional() -> None:
    s = hide_turn((1, 0, 0, 2))
    to_order(s)
    act(s, "perform")
    act(s, "done")
    assert s.hidden[0]
    assert s.assign[0] == [1, 0, 0, 2]


@pytest.mark.rule("PC-5.17.5", "PC-5.17.6", "PC-GAP-11.2", "PC-GAP-14.3", "PC-5.21.2", "PC-EX-34")
@pytest.mark.parametrize("to_extortion", [0, 1, 2])
@pytest.mark.parametrize("already", [0, 1])
def test_ex34_hide_extortion_is_paid_once_in_step_5(to_extortion: int, already: int) -> None:
    """PC-GAP-11.2 option B (our decision): no gold "immediately" during Hide; step 5 pays
    each Extortion deckhand once, the newly placed ones included."""
    s = turn_to("hide", assign=(1, 1, already, 2))
    with_card(s, MID, cove=True)
    s.captain[0] = 4
    s.gold[0] = 0
    s.legal_actions()
    act(s, "captain", steps=2)  # 4 -> 0: a deckhand is placed on 5
    if kind(s) == "pay":
        act(s, "pay", source=RIGGING)
    assert s.on_helm[0][5] and s.crossed
    act(s, "done")  # stay on the cove card
    act(s, "perform")
    for _ in range(to_extortion):
        act(s, "move_hand", source=REPAIRS, to=EXTORTION)
        assert s.gold[0] == 0  # nothing "immediately"
    act(s, "done")
    while kind(s) == "bonus":
        act(s, "end_bonus")
    # step 5 has run (the ships may still wait for the player to the right)
    assert any(e["type"] == "cross" for e in s.events)
    assert s.gold[0] == already + to_extortion
    assert s.assign[0][EXTORTION] == already + to_extortion


@pytest.mark.rule("PC-5.17.6", "PC-5.17.7", "PC-5.23.2")
def test_hiding_crosses_the_line_so_ships_sail_but_the_navy_cannot_attack() -> None:
    s = hide_turn((1, 1, 1, 0))
    s.navy = 6  # next to the ship
    merchants = s.merchant_at[:]
    to_order(s)
    act(s, "perform")
    act(s, "done")
    while kind(s) == "bonus":
        act(s, "end_bonus")
    while s.stack and s.stack[-1].kind == "steer":
        s.apply(s.legal_actions()[0])
    assert s.merchant_at != merchants  # the merchants sailed
    assert s.navy == MID  # the Navy still sails to the hidden ship ...
    assert s.assign[0] == [1, 1, 1, 0]  # ... and does not attack
    assert any(e["type"] == "navy_misses" for e in s.events)


@pytest.mark.rule("PC-5.17.7")
def test_a_hidden_ship_cannot_be_attacked_by_another_player() -> None:
    from tabletide.games.tiny_epic_pirates import combat

    s = new(2)
    plain_sea(s)
    s.merchant_at = [0, 15]
    put(s, 0, MID)
    put(s, 1, MID, hidden=True)
    assert combat.targets(s, 0) == []
    put(s, 1, MID, hidden=False)
    assert [d for d, _ in combat.targets(s, 0)] == [1]


@pytest.mark.rule("PC-5.17.1", "PC-GAP-11.4")
def test_landing_on_hide_without_a_cove_crosses_but_neither_hides_nor_reassigns() -> None:
    s = hide_turn((0, 0, 2, 1), cove=False)
    s.gold[0] = 0
    act(s, "captain", steps=1)
    assert s.crossed
    act(s, "done")
    # the order cannot be performed, so it was skipped automatically
    assert kind(s) != "reassign"
    assert not s.hidden[0]
    assert s.assign[0] == [0, 0, 2, 1]
    assert s.gold[0] == 2  # the crossing still pays Extortion


@pytest.mark.rule("PC-5.17.2", "PC-5.17.3")
def test_a_ship_already_hidden_in_its_cove_may_hide_again() -> None:
    s = new(2)
    plain_sea(s)
    with_card(s, MID, cove=True)
    put(s, 0, MID, hidden=True)
    put(s, 1, 0)
    assert orders.can_perform(s, 0, ORDERS.index("hide"))
