"""Shipyard's learning aids (issue 22): the rules each decision names, what each option will do,
and the options of a turn's main decision that are closed, with reason and rule."""

from __future__ import annotations

import pytest

from tabletide.games.shipyard import track
from tabletide.games.shipyard.constants import (
    BONUS_PRICE,
    CANAL,
    EXCHANGE,
    STARTING_WAGON,
    TILE_NAMES,
)
from tabletide.games.shipyard.state import ShipyardState
from tabletide.games.shipyard.turn import Menu
from tabletide.reference import load_reference

from .helpers import find, kind, new, play_until, to_normal_turn


def closed(state: ShipyardState) -> dict[str, tuple[str, str]]:
    """The pending decision's closed options: option -> (reason, rule)."""
    return {
        c["option"]: (c["reason"], c["rule"]) for c in state.closed_options(state.current_player())
    }


def normal_turn_with_free(tile: int) -> ShipyardState:
    """A normal-turn ``choose_tile`` decision where ``tile`` is neither occupied nor leading."""
    for seed in range(40):
        s = to_normal_turn(new(3, seed=seed), rng_seed=seed)
        if tile not in track.occupied(s) and s.lead != tile:
            return s
    raise AssertionError("no such position in 40 seeds")


# ---------------------------------------------------------------------------- decision rules
@pytest.mark.rule("SY-4.9.1")
def test_choosing_a_tile_names_the_choice_and_income_rules() -> None:
    s = to_normal_turn(new(3, seed=1))
    rules = s.decision()["rules"]  # type: ignore[index]
    assert rules[:3] == ["SY-4.9.1", "SY-4.10", "SY-4.11"]
    stated = load_reference("shipyard").rule_ids
    assert set(rules) <= stated


@pytest.mark.rule("SY-4.3.2")
@pytest.mark.rule("SY-4.4.2")
def test_first_turns_name_their_own_rule_first() -> None:
    s = new(3, seed=2)
    assert s.decision()["rules"][0] == "SY-4.3.2"  # type: ignore[index]
    two = new(2, seed=2)
    assert two.decision()["rules"][0] == "SY-4.4.2"  # type: ignore[index]


# ---------------------------------------------------------------------------- closed options
@pytest.mark.rule("SY-5.7.1")
def test_stock_exchange_is_closed_without_a_wagon_tile_and_open_with_one() -> None:
    s = normal_turn_with_free(EXCHANGE)
    seat = s.current_player()
    s.wagons[seat] = []
    assert closed(s)[TILE_NAMES[EXCHANGE]] == ("you own no goods wagon tile", "SY-5.7.1")
    assert find(s, "choose_tile", tile=EXCHANGE) is None
    s.wagons[seat] = [STARTING_WAGON]
    assert TILE_NAMES[EXCHANGE] not in closed(s)
    assert find(s, "choose_tile", tile=EXCHANGE) is not None


@pytest.mark.rule("SY-5.2.1")
def test_canal_rental_is_closed_when_no_canal_is_affordable() -> None:
    s = normal_turn_with_free(CANAL)
    seat = s.current_player()
    income = track.incomes(s)[CANAL]
    s.coins[seat] = 0
    s.canal_offer = [-1, *s.canal_offer[1:]]  # the free bottom canal is gone
    reason, rule = closed(s)[TILE_NAMES[CANAL]]
    assert rule == "SY-5.2.1"
    assert reason == f"the cheapest canal costs 1, you would have {income}"
    s.coins[seat] = 1
    assert TILE_NAMES[CANAL] not in closed(s)


@pytest.mark.rule("SY-4.9.1")
def test_the_leading_tile_is_closed_in_a_normal_turn() -> None:
    s = to_normal_turn(new(4, seed=3))
    reason, rule = closed(s)[TILE_NAMES[s.lead]]
    assert (reason, rule) == ("it is the leading tile, just moved to the front", "SY-4.9.1")
    # In the very first turn nothing is closed: every tile is free (SY-4.3.2).
    assert closed(new(4, seed=3)) == {}


@pytest.mark.rule("SY-4.3.3")
def test_the_second_player_cannot_take_the_starting_players_tile() -> None:
    s = new(3, seed=11)
    start = s.current_player()
    tile = s.legal_actions()[0].num("tile")
    s.apply(s.legal_actions()[0])
    s = play_until(s, lambda st: kind(st) == "choose_tile")
    assert s.current_player() == (start + 1) % 3
    assert closed(s)[TILE_NAMES[tile]] == (
        "the starting player's figure stands on it",
        "SY-4.3.3",
    )
    assert find(s, "choose_tile", tile=tile) is None


@pytest.mark.rule("SY-4.12.2")
def test_the_menu_closes_the_chosen_action_as_a_bonus() -> None:
    s = play_until(new(3, seed=5), lambda st: kind(st) == "menu")
    menu_tile = s.stack[-1].record(Menu).tile
    reason, rule = closed(s)[f"Bonus {TILE_NAMES[menu_tile]}"]
    assert (reason, rule) == ("it is the action you chose this turn", "SY-4.12.2")
    assert s.coins[s.current_player()] >= BONUS_PRICE


@pytest.mark.rule("SY-7.4")
def test_no_bonus_with_the_final_action() -> None:
    s = play_until(new(2, seed=4), lambda st: kind(st) == "final", limit=20000)
    assert closed(s)["Bonus action"] == (
        "no bonus action may be bought with the final action",
        "SY-7.4",
    )


# ---------------------------------------------------------------------------- explanations
@pytest.mark.rule("SY-4.10")
def test_choosing_a_tile_explains_its_income() -> None:
    s = to_normal_turn(new(3, seed=1))
    for action in s.legal_actions():
        income = track.incomes(s)[action.num("tile")]
        detail = s.explain(action)
        assert f"pays {income} coin" in detail
        assert f"giving you {s.coins[s.current_player()] + income}" in detail


@pytest.mark.rule("SY-5.1.2")
def test_buying_a_part_explains_its_price() -> None:
    s = play_until(new(3, seed=6), lambda st: kind(st) == "build")
    prices = s.content.board.part_prices
    coins = s.coins[s.current_player()]
    for action in s.legal_actions():
        if action.kind == "take_part":
            price = prices[action.num("row")]
            assert s.explain(action).startswith(f"Pays {price} of your {coins} coins")


@pytest.mark.rule("SY-5.3.1")
def test_the_circle_explains_cost_and_item() -> None:
    s = play_until(new(3, seed=7), lambda st: kind(st) == "circle")
    free = s.legal_actions()[0]
    assert free.num("steps") == 1
    assert " for 0 coins; you take a " in s.explain(free)


@pytest.mark.rule("SY-5.7.3")
def test_selling_a_wagon_explains_the_coins() -> None:
    s = play_until(new(3, seed=8), lambda st: kind(st) == "wagon")
    sell = find(s, "sell")
    assert sell is not None
    price = int(sell.label.split(" for ")[1].split()[0])
    assert s.explain(sell).startswith(f"Adds {price} coins")


def test_choosing_the_first_tile_of_the_game_pays_nothing() -> None:
    s = new(4, seed=9)
    action = s.legal_actions()[0]
    assert "pays 0 coins of income" in s.explain(action)
