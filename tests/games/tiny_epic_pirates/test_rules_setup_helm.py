"""Rule tests for Tiny Epic Pirates: setup (PC-1, PC-3), the turn (PC-4), resources and caps
(PC-5.1), the helm, skipping and freed deckhands (PC-5.2-5.3), the assignments (PC-5.4) and
listing (PC-5.7), with worked examples PC-EX-6..9, 11, 12 and 19."""

from __future__ import annotations

import itertools

import pytest

from tabletide.engine import Frame
from tabletide.games.tiny_epic_pirates import combat, economy, helm, sailing, sea
from tabletide.games.tiny_epic_pirates.constants import (
    CANNONS,
    EXTORTION,
    REPAIRS,
    RIGGING,
)
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS, SEARCH_KINDS
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import (
    GAME,
    act,
    cubes,
    decision,
    find,
    kind,
    new,
    plain_sea,
    put,
    start_turn,
    with_card,
)

HIDE_SPACE = 0
BIG_MERCHANT = 10
"""A value-8 merchant card with damage 8: a starting ship always loses against it."""


# ---------------------------------------------------------------------------- local helpers
def helm_turn(
    s: PiratesState,
    captain: int,
    assign: list[int],
    on_helm: tuple[int, ...] = (),
    ship: int = 0,
) -> PiratesState:
    """``ship``'s fresh turn on a featureless sea with the helm in a known layout: space k holds
    order k (0 hide, 1 plunder, 2 trade, 3 recruit, 4 search, 5 attack)."""
    plain_sea(s)
    s.helm[ship] = list(range(6))
    s.captain[ship] = captain
    s.assign[ship] = list(assign)
    s.on_helm[ship] = [sp in on_helm for sp in range(6)]
    start_turn(s, ship)
    return s


def steps_offered(s: PiratesState, ship: int = 0) -> set[int]:
    """The step counts step 1 offers (a single legal move would be taken automatically, so the
    list is read from the rules rather than from the pending decision)."""
    return {a.num("steps") for a in helm.legal_helm(s, Frame("helm", ship)) if a.kind == "captain"}


def default_choice(s: PiratesState) -> None:
    """Decline everything optional; take the first choice otherwise."""
    k = kind(s)
    for choice in ("done", "skip", "end_bonus"):
        a = find(s, choice)
        if a is not None and k in ("sail", "order", "bonus", "reassign", "recruit"):
            s.apply(a)
            return
    s.apply(s.legal_actions()[0])


def finish_turn(s: PiratesState, ship: int) -> None:
    """Play ``ship``'s turn out with default choices until another seat's helm decision."""
    for _ in range(200):
        if kind(s) == "helm" and s.stack[-1].seat != ship:
            return
        default_choice(s)
    raise AssertionError("turn did not end")


def lose_attack(s: PiratesState, ship: int = 0) -> None:
    """Make ``ship`` attack the orange merchant on its card and lose (damage 8 is out of reach
    of a ship with no crew and no Cannons)."""
    s.merchant_at[0] = s.at[ship]
    s.merchant_at[1] = (s.at[ship] + 5) % 16
    s.merchant_slot[0] = BIG_MERCHANT
    for o in range(s.ships):
        if o != ship:
            put(s, o, (s.at[ship] + 2) % 16)
    s.active = ship
    s.order = ORDERS.index("attack")
    decision(s, "order", ship)
    act(s, "perform")


# ---------------------------------------------------------------------------- PC-1 overview
@pytest.mark.rule("PC-1.1")
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_one_to_four_players_can_play(n: int) -> None:
    s = new(n)
    assert kind(s) == "helm"
    assert s.ships == (2 if n == 1 else n)


@pytest.mark.rule("PC-1.1")
def test_five_players_are_refused() -> None:
    with pytest.raises(Exception):  # noqa: B017 - any refusal will do
        GAME.new_state(5, seed=0)


@pytest.mark.rule("PC-1.4", "PC-4.1")
def test_turns_go_clockwise_and_a_new_round_starts_after_the_last_seat() -> None:
    s = new(3)
    plain_sea(s)
    seen = []
    for _ in range(4):
        ship = s.stack[-1].seat
        seen.append((ship, s.round))
        finish_turn(s, ship)
    assert seen == [(0, 1), (1, 1), (2, 1), (0, 2)]
    assert s.turns == [2, 1, 1]


@pytest.mark.rule("PC-1.5", "PC-5.1.1")
def test_gold_is_capped_at_13_and_the_excess_is_lost() -> None:
    s = new(2)
    s.gold[0] = 11
    economy.gain_gold(s, 0, 5, "test")
    assert s.gold[0] == 13
    economy.gain_gold(s, 0, 1, "test")
    assert s.gold[0] == 13


@pytest.mark.rule("PC-5.1.4")
def test_volley_tokens_are_capped_at_3() -> None:
    s = new(2)
    s.volley[0] = 2
    economy.gain_volley(s, 0, "test")
    assert s.volley[0] == 3
    economy.gain_volley(s, 0, "test")
    assert s.volley[0] == 3


@pytest.mark.rule("PC-5.1.2", "PC-5.1.5", "PC-5.1.3")
def test_a_full_ship_chooses_to_leave_the_new_cube_which_goes_back_to_the_bag() -> None:
    s = new(2)
    s.cargo[0] = cubes("rum", "rum", "coffee")
    sugar = LOOT.index("sugar")
    bag = s.bag[:]
    s.stack.clear()
    economy.load(s, 0, sugar)
    assert kind(s) == "cargo"
    opts = {(a.kind, dict(a.params).get("loot")) for a in s.legal_actions()}
    assert opts == {("drop_new", None), ("drop", "rum"), ("drop", "coffee")}
    act(s, "drop_new")
    assert s.cargo[0] == cubes("rum", "rum", "coffee")
    assert s.bag[sugar] == bag[sugar] + 1


@pytest.mark.rule("PC-5.1.5", "PC-5.1.3")
def test_a_full_ship_may_throw_a_cube_overboard_for_the_new_one() -> None:
    s = new(2)
    s.cargo[0] = cubes("rum", "rum", "coffee")
    rum = LOOT.index("rum")
    bag = s.bag[:]
    s.stack.clear()
    economy.load(s, 0, LOOT.index("sugar"))
    act(s, "drop", loot="rum")
    assert s.cargo[0] == cubes("sugar", "rum", "coffee")
    assert len(s.cargo[0]) == 3
    assert s.bag[rum] == bag[rum] + 1


# ---------------------------------------------------------------------------- PC-3 setup
@pytest.mark.rule("PC-3.1")
def test_the_sea_is_the_16_map_cards_with_one_face_down_token_each_and_the_rest_boxed() -> None:
    s = new(2, seed=3)
    assert sorted(s.grid) == list(range(16))
    assert all(0 <= k < len(SEARCH_KINDS) for k in s.search)
    assert len(s.search) == 16
    counts = s.content.search_tokens.counts
    placed = [SEARCH_KINDS[k] for k in s.search + s.token_box]
    assert {k: placed.count(k) for k in counts} == dict(counts)
    assert len(s.token_box) == s.content.search_tokens.total - 16


@pytest.mark.rule("PC-3.1")
def test_the_sea_layout_is_shuffled() -> None:
    grids = {tuple(new(2, seed=seed).grid) for seed in range(5)}
    assert len(grids) > 1


@pytest.mark.rule("PC-3.2", "PC-3.3", "PC-3.4", "PC-3.12", "PC-5.4.7")
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.rule("PC-2.3")
def test_each_player_starts_with_the_sheets_of_the_rulebook(n: int) -> None:
    s = new(n, seed=n)
    for p in range(n):
        assert s.gold[p] == 1  # D
        assert s.infamy[p] == 0 and not s.mutiny[p]  # C: lowest space, unbloodied
        assert s.buried[p] == 0  # E: 3 treasures still on the sheet
        assert s.spare[p]  # F: the 4th deckhand waits on the infamy track
        assert s.assign[p] == [1, 1, 1, 0]  # I: Rigging, Cannons, Extortion, not Repairs
        assert s.on_helm[p] == [False] * 6
        assert s.captain[p] == HIDE_SPACE  # H
        assert s.helm[p][0] == ORDERS.index("hide")
        assert sorted(s.helm[p][1:]) == [ORDERS.index(o) for o in ORDERS[1:]]  # G
        assert s.crew[p] == [] and s.volley[p] == 0 and s.kept[p] == []
        assert len(s.cargo[p]) == 1  # PC-3.11
    assert len(set(s.captain_card[:n])) == n  # one random captain card each


@pytest.mark.rule("PC-2.2", "PC-2.3", "PC-5.21.1")
def test_the_bridge_sheet_has_a_six_space_helm_a_ship_line_and_four_assignments() -> None:
    """PC-2.2: the helm has 6 spaces, 0 = Hide printed and 1-5 for the order tokens, with the
    ship line just before Hide; four deckhand assignments; volley tokens kept on the sheet."""
    s = new(4)
    for ship in s.observation(None)["state"]["ships"]:
        assert len(ship["helm"]) == 6 and ship["helm"][0] == "hide"
        assert sorted(ship["helm"][1:]) == sorted(ORDERS[1:])  # PC-2.3: one token each
        assert list(ship["assignments"]) == ["rigging", "cannons", "extortion", "repairs"]
        assert ship["volley"] == 0
    helm_turn(s, captain=5, assign=[1, 1, 1, 0])
    onto_hide = next(a for a in helm.legal_helm(s, Frame("helm", 0)) if a.num("steps") == 1)
    assert "crosses the ship line" in onto_hide.label  # 5 -> 0 passes the line
    helm_turn(s, captain=0, assign=[1, 1, 1, 0])
    labels = [a.label for a in helm.legal_helm(s, Frame("helm", 0))]
    assert not any("crosses" in label for label in labels)  # leaving Hide never does


@pytest.mark.rule("PC-2.7", "PC-3.5", "PC-3.7")
def test_the_market_sheet_has_prices_2_to_5_and_two_merchant_card_spaces() -> None:
    """PC-2.7: four price spaces worth 2, 3, 4 and 5 gold, one loot type on each, and two
    spaces below for the face-up merchant cards, one per merchant ship."""
    s = new(3)
    view = s.observation(None)["state"]
    assert sorted(view["market"].values()) == [2, 3, 4, 5] and set(view["market"]) == set(LOOT)
    assert [m["colour"] for m in view["merchants"]] == ["orange", "green"]
    assert all(m["card"]["value"] in (2, 4, 6, 8) for m in view["merchants"])
    assert len(s.merchant_slot) == 2 and len(set(s.merchant_slot)) == 2


@pytest.mark.rule("PC-3.10", "PC-5.1.4")
def test_three_dice_and_a_volley_supply_that_never_runs_out() -> None:
    """PC-3.10: 3 dice and the volley tokens are a general supply. No infamy level (normal or
    solo) rolls more than the 3 dice, and 12 tokens cover every player at the cap of 3, so a
    gain is never refused for want of tokens."""
    c = new(2).content
    assert max(lvl.dice for lvl in c.sheets.infamy) == 3
    assert max(lvl.dice for sheet in c.solo_infamy for lvl in sheet.levels) == 3
    s = new(4)
    s.volley = [2, 2, 2, 2]
    for ship in range(4):
        economy.gain_volley(s, ship, "test")
    assert s.volley == [3, 3, 3, 3]


@pytest.mark.rule("PC-3.4")
def test_order_tokens_are_placed_at_random() -> None:
    layouts = {tuple(new(2, seed=seed).helm[0]) for seed in range(6)}
    assert len(layouts) > 1


@pytest.mark.rule("PC-3.5", "PC-3.6", "PC-3.11")
def test_market_one_cube_each_and_the_rest_in_the_bag() -> None:
    s = new(3, seed=1)
    assert sorted(s.market) == [0, 1, 2, 3]
    # 40 cubes: 4 on the market, 2 on the merchants, 3 starting loot, the rest in the bag.
    aboard = sum(len(c) for c in s.cargo)
    assert sum(s.bag) + 4 + 2 + aboard == 40
    assert all(c >= 0 for c in s.merchant_cube)


@pytest.mark.rule("PC-3.6")
@pytest.mark.parametrize("diagonal", [0, 1])
@pytest.mark.rule("PC-5.22.1")
def test_ports_on_opposite_corners_each_merchant_bound_for_the_other(diagonal: int) -> None:
    s = new(2, setup=False)
    assert kind(s) == "ports"
    act(s, "ports", diagonal=diagonal)
    a, b = s.ports
    assert {a, b} <= set(sea.CORNERS) and sea.distance(a, b) == 6
    assert s.merchant_at == [a, b]
    assert s.merchant_dest == [b, a]
    assert a < 4  # PC-GAP-11.18: orange starts on the port in the top row
    assert all(c >= 0 for c in s.merchant_cube)


@pytest.mark.rule("PC-3.7")
def test_merchant_deck_is_stacked_2s_on_top_8s_at_the_bottom_with_two_face_up() -> None:
    s = new(2, seed=5)
    values = [s.content.merchants[m].value for m in s.merchant_deck]  # index 0 = bottom
    assert values == sorted(values, reverse=True)
    assert values[0] == 8
    assert [s.content.merchants[m].value for m in s.merchant_slot] == [2, 2]
    assert len(s.merchant_deck) + 2 == len(s.content.merchants)


@pytest.mark.rule("PC-3.8")
def test_three_crew_cards_are_revealed_in_a_row() -> None:
    s = new(2)
    assert len(s.crew_row) == 3
    assert sorted(s.crew_row + s.crew_deck) == list(range(len(s.content.crew)))


@pytest.mark.rule("PC-3.9")
def test_the_navy_goes_on_a_corner_without_a_merchant() -> None:
    s = new(2, setup=False)
    act(s, "ports", diagonal=0)
    assert kind(s) == "navy" and s.stack[-1].seat == 0  # the first player places it
    offered = {a.num("at") for a in s.legal_actions()}
    assert offered == set(sea.CORNERS) - set(s.ports)


@pytest.mark.rule("PC-3.9")
def test_players_start_hidden_on_unoccupied_coves_in_seat_order() -> None:
    s = new(3, setup=False)
    act(s, "ports", diagonal=0)
    s.apply(s.legal_actions()[0])  # the Navy
    taken: list[int] = []
    for seat in range(3):
        assert kind(s) == "start" and s.stack[-1].seat == seat
        offered = {a.num("at") for a in s.legal_actions()}
        assert offered == {p for p in range(16) if s.card(p).cove} - set(taken)
        pick = sorted(offered)[-1]
        act(s, "start", at=pick)
        taken.append(pick)
        assert s.at[seat] == pick and s.hidden[seat]
    for seat in range(3):  # S: each chooses the captain side
        assert kind(s) == "side" and s.stack[-1].seat == seat
        act(s, "side", side=1)
        assert s.side[seat] == 1


@pytest.mark.rule("PC-3.11", "PC-EX-19")
def test_starting_loot_follows_the_market_from_the_2_gold_space_up() -> None:
    s = new(3, setup=False)
    market = [LOOT.index(t) for t in ("coffee", "rum", "gunpowder", "sugar")]
    s.market = market[:]
    while kind(s) != "helm":
        bag_before = s.bag[:]
        s.apply(s.legal_actions()[0])
    # the last setup action ran the starting loot; merchants drew before it
    assert s.cargo[0] == cubes("sugar")
    assert s.cargo[1] == cubes("gunpowder")
    assert s.cargo[2] == cubes("rum")
    for t in ("sugar", "gunpowder", "rum"):
        assert s.bag[LOOT.index(t)] == bag_before[LOOT.index(t)] - 1
    assert s.market == market


@pytest.mark.rule("PC-3.11")
def test_the_fourth_player_takes_the_5_gold_type() -> None:
    s = new(4, setup=False)
    s.market = [LOOT.index(t) for t in ("coffee", "rum", "gunpowder", "sugar")]
    while kind(s) != "helm":
        s.apply(s.legal_actions()[0])
    assert s.cargo[3] == cubes("coffee")


# ---------------------------------------------------------------------------- PC-4 the turn
@pytest.mark.rule("PC-4.1")
def test_the_five_steps_run_in_order() -> None:
    s = helm_turn(new(2), captain=0, assign=[1, 1, 1, 0])
    assert [f.kind for f in reversed(s.stack)] == [
        "helm",
        "@voyage",
        "order",
        "@bonus",
        "@cross",
        "@end_turn",
    ]
    act(s, "captain", steps=3)  # recruit, 2 deckhands placed
    while kind(s) == "pay":
        s.apply(s.legal_actions()[0])
    assert kind(s) == "sail"
    act(s, "done")
    assert kind(s) == "order"
    act(s, "skip")
    finish_turn(s, 0)
    assert s.stack[-1].seat == 1


@pytest.mark.rule("PC-4.2", "PC-5.21.4", "PC-5.4.4")
def test_no_step_5_without_crossing_the_line() -> None:
    s = helm_turn(new(2), captain=1, assign=[0, 0, 3, 0])
    merchants = s.merchant_at[:]
    navy = s.navy
    act(s, "captain", steps=1)
    assert not s.crossed
    finish_turn(s, 0)
    assert s.gold[0] == 1  # no Extortion gold
    assert s.merchant_at == merchants and s.navy == navy


@pytest.mark.rule("PC-4.2", "PC-5.4.4", "PC-5.21.2")
def test_step_5_pays_each_extortion_deckhand_when_the_line_is_crossed() -> None:
    s = helm_turn(new(2), captain=5, assign=[0, 0, 3, 0])
    put(s, 0, 5, hidden=True)
    act(s, "captain", steps=2)  # 5 -> 1, skipping Hide for free
    assert s.crossed
    finish_turn(s, 0)
    assert s.gold[0] == 1 + 3


# ---------------------------------------------------------------------------- PC-5.2 helm
@pytest.mark.rule("PC-5.2.2", "PC-5.2.4")
def test_captain_moves_1_to_5_spaces_never_0_or_a_full_circle() -> None:
    s = helm_turn(new(2), captain=2, assign=[2, 1, 1, 1])
    assert steps_offered(s) == {1, 2, 3, 4, 5}


@pytest.mark.rule("PC-5.2.4", "PC-EX-7")
def test_ex7_no_full_circle_back_to_space_3() -> None:
    s = helm_turn(new(2), captain=3, assign=[2, 1, 1, 0])
    dests = {(3 + k) % 6 for k in steps_offered(s)}
    assert dests == {4, 5, 0, 1, 2}
    assert 3 not in dests


@pytest.mark.rule("PC-5.2.1", "PC-5.2.5")
@pytest.mark.parametrize("steps", [1, 2, 3, 4, 5])
def test_the_captain_moves_clockwise_and_the_landing_space_gives_the_order(steps: int) -> None:
    s = helm_turn(new(2), captain=4, assign=[2, 1, 1, 0])
    s.helm[0] = [0, 5, 4, 3, 2, 1]
    act(s, "captain", steps=steps)
    while kind(s) == "pay":
        s.apply(s.legal_actions()[0])
    dest = (4 + steps) % 6
    assert s.captain[0] == dest
    assert s.order == s.helm[0][dest]


@pytest.mark.rule("PC-5.2.3", "PC-EX-6", "PC-5.21.1")
def test_ex6_hide_is_skipped_for_free_from_5_to_1_and_the_line_is_crossed() -> None:
    s = helm_turn(new(2), captain=5, assign=[0, 0, 0, 0])
    assert steps_offered(s) == {1, 2}  # 0 (next) and 1 (Hide skipped free)
    act(s, "captain", steps=2)
    assert s.captain[0] == 1
    assert s.on_helm[0] == [False] * 6  # nothing was placed on Hide
    assert s.crossed
    assert kind(s) == "sail"


@pytest.mark.rule("PC-5.2.7", "PC-EX-9")
def test_ex9_deckhand_cost_with_one_deckhand() -> None:
    s = helm_turn(new(2), captain=2, assign=[1, 0, 0, 0])
    assert {(2 + k) % 6 for k in steps_offered(s)} == {3, 4}
    act(s, "captain", steps=2)
    assert s.on_helm[0][3] and s.assign[0] == [0, 0, 0, 0]


@pytest.mark.rule("PC-5.2.3", "PC-5.4.5")
def test_a_repairs_deckhand_can_pay_to_skip() -> None:
    s = helm_turn(new(2), captain=0, assign=[0, 0, 0, 1])
    assert 2 in steps_offered(s)
    act(s, "captain", steps=2)  # the only source pays automatically
    assert s.on_helm[0][1]
    assert s.assign[0] == [0, 0, 0, 0]


@pytest.mark.rule("PC-5.2.3")
def test_the_player_chooses_which_assignment_pays_each_skipped_space() -> None:
    s = helm_turn(new(2), captain=0, assign=[1, 1, 0, 1])
    act(s, "captain", steps=3)  # skips 1 and 2
    assert kind(s) == "pay"
    assert {a.num("source") for a in s.legal_actions()} == {RIGGING, CANNONS, REPAIRS}
    act(s, "pay", source=REPAIRS)
    assert {a.num("source") for a in s.legal_actions()} == {RIGGING, CANNONS}
    act(s, "pay", source=CANNONS)
    assert s.assign[0] == [1, 0, 0, 0]
    assert s.on_helm[0][1] and s.on_helm[0][2]


@pytest.mark.rule("PC-5.2.6", "PC-5.2.3")
def test_no_deckhand_is_ever_placed_on_hide() -> None:
    s = helm_turn(new(2), captain=4, assign=[1, 1, 0, 0])
    assert 4 in steps_offered(s)  # 4 -> 2 skipping 5, 0 and 1 costs 2
    assert 5 not in steps_offered(s)  # 4 -> 3 would cost 3
    act(s, "captain", steps=4)
    while kind(s) == "pay":
        s.apply(s.legal_actions()[0])
    assert s.on_helm[0] == [False, True, False, False, False, True]
    assert s.assign[0] == [0, 0, 0, 0]


def _expected_steps(start: int, occupied: set[int], hands: int) -> set[int]:
    out = set()
    for k in range(1, 6):
        between = [(start + i) % 6 for i in range(1, k)]
        cost = sum(1 for sp in between if sp != 0 and sp not in occupied)
        if cost <= hands:
            out.add(k)
    return out


@pytest.mark.rule("PC-5.2.7", "PC-5.2.3", "PC-5.3.3")
@pytest.mark.parametrize("start", range(6))
def test_legal_moves_match_the_algorithm_for_every_helm(start: int) -> None:
    s = new(2)
    plain_sea(s)
    others = [sp for sp in range(1, 6) if sp != start]
    for r in range(len(others) + 1):
        for occupied in itertools.combinations(others, r):
            for hands in range(4):
                s.captain[0] = start
                s.assign[0] = [hands, 0, 0, 0]
                s.on_helm[0] = [sp in occupied for sp in range(6)]
                expected = _expected_steps(start, set(occupied), hands)
                assert steps_offered(s) == expected, (start, occupied, hands)


@pytest.mark.rule("PC-5.2.7", "PC-5.21.1")
@pytest.mark.parametrize(("start", "steps"), [(s, k) for s in range(6) for k in range(1, 6)])
def test_the_line_is_crossed_exactly_when_the_move_passes_from_5_to_0(
    start: int, steps: int
) -> None:
    s = helm_turn(new(2), captain=start, assign=[4, 0, 0, 0])
    act(s, "captain", steps=steps)
    assert s.crossed == (start + steps >= 6)


# ---------------------------------------------------------------------------- PC-5.3 freeing
@pytest.mark.rule("PC-5.3.1", "PC-GAP-11.1")
def test_a_deckhand_on_the_landing_space_is_freed_to_rigging_cannons_or_extortion() -> None:
    s = helm_turn(new(2), captain=0, assign=[0, 0, 0, 0], on_helm=(1,))
    act(s, "captain", steps=1)
    assert kind(s) == "free"
    assert {a.num("to") for a in s.legal_actions()} == {RIGGING, CANNONS, EXTORTION}
    act(s, "free", to=CANNONS)
    assert s.on_helm[0] == [False] * 6
    assert s.assign[0] == [0, 1, 0, 0]


@pytest.mark.rule("PC-5.3.1", "PC-5.3.2", "PC-5.2.3")
def test_several_occupied_spaces_are_skipped_free_and_all_their_deckhands_freed() -> None:
    s = helm_turn(new(2), captain=0, assign=[0, 0, 0, 0], on_helm=(1, 2, 3))
    assert 4 in steps_offered(s)  # skipping 1, 2, 3 costs nothing
    act(s, "captain", steps=4)
    for to in (RIGGING, RIGGING, EXTORTION):
        assert kind(s) == "free"
        act(s, "free", to=to)
    assert s.captain[0] == 4
    assert s.on_helm[0] == [False] * 6
    assert s.assign[0] == [2, 0, 1, 0]


@pytest.mark.rule("PC-5.3.4")
def test_a_deckhand_left_on_an_unvisited_space_stays_on_the_helm() -> None:
    s = helm_turn(new(2), captain=0, assign=[0, 0, 0, 1], on_helm=(4,))
    act(s, "captain", steps=2)
    assert s.on_helm[0][4]
    assert kind(s) == "sail"


@pytest.mark.rule("PC-5.3.3", "PC-5.2.7", "PC-EX-8")
def test_a_freed_deckhand_cannot_pay_for_the_same_move() -> None:
    s = helm_turn(new(2), captain=1, assign=[0, 0, 0, 0], on_helm=(2,))
    assert 3 not in steps_offered(s)  # 1 -> 4 needs a deckhand for space 3
    assert 2 in steps_offered(s)  # 1 -> 3 skips occupied space 2 for free


@pytest.mark.rule("PC-5.2.3", "PC-5.3.1", "PC-5.3.3", "PC-5.4.6", "PC-EX-8")
def test_ex8_skipping_with_helm_deckhands() -> None:
    s = helm_turn(new(2), captain=1, assign=[1, 1, 0, 1], on_helm=(2,))
    act(s, "captain", steps=3)
    assert kind(s) == "pay" and s.stack[-1].record(helm.Pay).space == 3
    # the deckhand freed from space 2 is not yet on an assignment, so it cannot pay
    assert {a.num("source") for a in s.legal_actions()} == {RIGGING, CANNONS, REPAIRS}
    act(s, "pay", source=REPAIRS)
    act(s, "free", to=RIGGING)
    assert s.captain[0] == 4
    assert [sp for sp in range(6) if s.on_helm[0][sp]] == [3]
    assert s.assign[0] == [2, 1, 0, 0]
    assert not s.crossed
    # the freed deckhand already counts for Rigging in step 2
    assert kind(s) == "sail"
    level = s.content.sheets.infamy[s.infamy[0]].sail
    assert sailing.sail_total(s, 0) == level + 2


# ---------------------------------------------------------------------------- PC-5.4 assignments
@pytest.mark.rule("PC-5.4.1", "PC-5.4.2", "PC-5.5.2")
@pytest.mark.parametrize("rigging", [0, 1, 3])
def test_each_rigging_deckhand_adds_a_sail_move(rigging: int) -> None:
    s = helm_turn(new(2), captain=0, assign=[rigging, 0, 0, 3 - rigging])
    put(s, 0, 0)
    act(s, "captain", steps=1)
    level = s.content.sheets.infamy[0].sail
    moves = 0
    path = [1, 5, 4, 8, 9, 13, 12]  # east, south, west, south, east, south, west
    for p in path:
        d = next(d for d, q in sea.neighbours(s.at[0]) if q == p)
        a = find(s, "sail", direction=d)
        if a is None:
            break
        s.apply(a)
        moves += 1
    assert moves == level + rigging


@pytest.mark.rule("PC-5.4.3", "PC-5.4.1")
def test_each_cannons_deckhand_adds_one_damage() -> None:
    s = new(2)
    s.assign[0] = [0, 0, 0, 0]
    base = combat.damage(s, 0, [])
    s.assign[0] = [0, 3, 0, 0]
    assert combat.damage(s, 0, []) == base + 3


# ---------------------------------------------------------------------------- PC-5.7 listing
@pytest.mark.rule("PC-5.7.1", "PC-5.7.2", "PC-5.6.1")
def test_listing_moves_one_deckhand_of_choice_from_the_first_three_to_repairs() -> None:
    s = new(2)
    s.assign[0] = [0, 2, 1, 0]
    s.on_helm[0][3] = True
    lose_attack(s)
    assert kind(s) == "list"
    # never from the helm while an assignment has deckhands
    assert {a.num("source") for a in s.legal_actions()} == {CANNONS, EXTORTION}
    act(s, "list", source=EXTORTION)
    assert s.assign[0] == [0, 2, 0, 1]
    assert s.on_helm[0][3]


@pytest.mark.rule("PC-5.7.2", "PC-5.7.1", "PC-EX-11")
def test_ex11_listing_from_the_helm_when_the_assignments_are_empty() -> None:
    s = new(2)
    s.assign[0] = [0, 0, 0, 1]
    s.on_helm[0] = [False, False, True, False, True, False]
    s.volley[0] = 0
    lose_attack(s)
    assert kind(s) == "list"
    assert {a.num("source") for a in s.legal_actions()} == {helm.HELM_SRC + 2, helm.HELM_SRC + 4}
    act(s, "list", source=helm.HELM_SRC + 4)
    assert s.on_helm[0] == [False, False, True, False, False, False]
    assert s.assign[0] == [0, 0, 0, 2]
    assert s.volley[0] == 1


@pytest.mark.rule("PC-5.7.2", "PC-5.7.4", "PC-EX-12")
def test_ex12_all_on_repairs_losing_an_attack_lists_nothing_but_gives_a_token() -> None:
    s = new(2)
    s.assign[0] = [0, 0, 0, 3]
    s.volley[0] = 0
    lose_attack(s)
    assert kind(s) != "list"
    assert s.assign[0] == [0, 0, 0, 3]
    assert s.volley[0] == 1


@pytest.mark.rule("PC-5.7.2", "PC-5.6.5", "PC-EX-12")
def test_ex12_all_on_repairs_the_ship_cannot_enter_a_storm() -> None:
    s = helm_turn(new(2), captain=0, assign=[0, 0, 0, 3])
    sea_pos = 5
    put(s, 0, sea_pos)
    with_card(s, 6, storm=True)
    act(s, "captain", steps=1)
    assert kind(s) == "sail"
    offered = {sea.step(sea_pos, a.num("direction")) for a in s.legal_actions() if a.kind == "sail"}
    assert offered == {1, 4, 9}  # the storm at 6 is not offered


@pytest.mark.rule("PC-5.7.2", "PC-5.6.5", "PC-5.2.3")
def test_putting_a_repairs_deckhand_on_the_helm_lifts_the_storm_ban() -> None:
    s = helm_turn(new(2), captain=0, assign=[0, 0, 0, 2])
    put(s, 0, 5)
    with_card(s, 6, storm=True)
    act(s, "captain", steps=2)  # a Repairs deckhand skips space 1
    assert s.on_helm[0][1]
    a = find(s, "sail", direction=1)
    assert a is not None
    s.apply(a)
    # the storm lists the helm deckhand (rule b): the only one not on Repairs
    assert s.on_helm[0] == [False] * 6
    assert s.assign[0] == [0, 0, 0, 2]


@pytest.mark.rule("PC-5.7.1", "PC-5.7.2", "PC-5.24.4", "PC-EX-12")
def test_ex12_all_on_repairs_a_navy_attack_moves_nothing_and_gives_no_token() -> None:
    s = helm_turn(new(2), captain=5, assign=[0, 0, 0, 3])
    put(s, 0, 5)
    s.navy = 5
    s.volley[0] = 0
    act(s, "captain", steps=1)  # lands on Hide: crosses; no cove, so no hiding
    finish_turn(s, 0)
    assert any(e["type"] == "navy_attack" for e in s.events)
    assert s.assign[0] == [0, 0, 0, 3]
    assert s.on_helm[0] == [False] * 6
    assert s.volley[0] == 0


@pytest.mark.rule("PC-5.7.3")
def test_the_4th_deckhand_on_the_infamy_track_does_not_count_as_in_play() -> None:
    s = new(2)
    s.assign[0] = [0, 0, 0, 3]
    assert s.spare[0]
    assert helm.all_on_repairs(s, 0)
    s.on_helm[0][2] = True
    assert not helm.all_on_repairs(s, 0)
