"""Rule tests for Shipyard: building, canals, supplies, fitting, voyages and contracts.

Every test builds an exact position (overwriting state fields), plays the decision(s) the rule
is about, and asserts the outcome. Rule IDs refer to ``shared/rules/shipyard.md``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletide.games.shipyard import building, canals, scoring, supplies, turn, voyage
from tabletide.games.shipyard.building import completed_ships, legal_cells, row_is_legal
from tabletide.games.shipyard.constants import (
    BOW,
    EMPTY,
    EXCHANGE,
    ITEM_INDEX,
    ITEMS,
    MIDDLE,
    STARTING_WAGON,
    STERN,
    SUBSIDY,
    SUBSTITUTE,
)
from tabletide.games.shipyard.content import Canal
from tabletide.games.shipyard.state import ShipyardState
from tabletide.games.shipyard.voyage import Ship, base_speed, fits, hull

from .helpers import has, kind, new, take

rule = pytest.mark.rule

# Stand-in part ids used below (content/parts.json).
A_BOW = 0  # bow 0: 1 cannon mount, 1 lantern
A_MID = 20  # middle 20: nothing at all
A_STERN = 84  # stern 84: 1 propeller mount, 1 lifeboat
TYPE_CODE = {".": EMPTY, "B": A_BOW, "M": A_MID, "S": A_STERN}
TYPE_OF = {".": EMPTY, "B": BOW, "M": MIDDLE, "S": STERN}

# Employee ids (content/employees.json).
ENG_SAIL, ENG_CRANE = 0, 2
REC_CAPTAIN, REC_PROPELLER = 4, 7
DES_PROPELLER, DES_SAIL, DES_CRANE, DES_MERCHANT = 8, 9, 10, 12
HELMSMAN, RIGGER, ACCOUNTANT, FOREMAN = 14, 15, 16, 17
COAL_1, COAL_2, STEEL_1, STEEL_2 = 18, 19, 20, 21


# ---------------------------------------------------------------------------- helpers
def fresh(n: int = 3, seed: int = 0) -> ShipyardState:
    """A new game with no pending decision: push the frame under test yourself."""
    s = new(n, seed)
    s.stack.clear()
    return s


def items(**counts: int) -> list[int]:
    """A supply/item count list in ITEMS order."""
    out = [0] * len(ITEMS)
    for name, n in counts.items():
        out[ITEM_INDEX[name]] = n
    return out


def types(pattern: str) -> list[int]:
    return [TYPE_OF[ch] for ch in pattern]


def set_row(s: ShipyardState, pattern: str, seat: int = 0) -> None:
    s.row[seat] = [TYPE_CODE[ch] for ch in pattern]


def legal_kinds(s: ShipyardState) -> list[dict[str, Any]]:
    return [a.to_json() for a in s.legal_actions()]


def attachable(s: ShipyardState) -> set[str]:
    return {a.text("item") for a in s.legal_actions() if a.kind == "attach"}


def add_canals(s: ShipyardState, *cards: tuple[str, tuple[str, ...]]) -> list[int]:
    """Custom canal cards ``(shape, spaces)``: each takes the id of a card drawn out of the canal
    deck (a ``sail`` action names its card by id, 0..23), in the state's content; returns them."""
    ids = [s.canal_deck.pop() for _ in cards]
    canals = list(s.content.canals)
    for card, (shape, spaces) in zip(ids, cards, strict=True):
        canals[card] = Canal(id=card, shape=shape, spaces=spaces)
    s.content = s.content.model_copy(update={"canals": tuple(canals)})
    return ids


BLANK = ("straight", ("none", "none", "none"))


def straight_line(s: ShipyardState, *cards: tuple[str, ...], seat: int = 0) -> list[int]:
    """Straight cards west to east from (0, 0); the boat on the first card's west end, stern
    pointing out of the canal (as after the first rental)."""
    ids = add_canals(s, *(("straight", c) for c in cards))
    s.canals[seat] = {(x, 0): (card, 0) for x, card in enumerate(ids)}
    s.boat[seat] = (0, 0, 0, -1, 0, -1)
    return ids


def sail_route(s: ShipyardState, ship: Ship, speed: int, seat: int = 0) -> int:
    """Sail ``ship`` at ``speed`` from the boat, always taking the first offered move;
    returns the VP the voyage (base score included) earned."""
    before = s.vp[seat]
    s.ship = ship
    s.push_record(
        "route", seat, voyage.Route(speed, 0, 0, voyage.ship_base_score(ship.items, speed))
    )
    s.advance()
    while s.stack:
        take(s, "sail")  # the first move offered
    return s.vp[seat] - before


def start_build(s: ShipyardState, coins: int = 10, seat: int = 0) -> None:
    s.coins[seat] = coins
    building.start(s, seat)
    s.advance()


def buy(s: ShipyardState, column: int, row: int, cell: int, seat: int = 0) -> int:
    """Take a part from the offer and put it on ``cell``; returns its code."""
    code = s.offer[column][row]
    take(s, "take_part", column=column, row=row)
    if kind(s) == "place":
        take(s, "place_part", cell=cell)
    assert s.row[seat][cell] == code
    return code


def sail_off(s: ShipyardState) -> None:
    """Send the ship off, unless that was the only choice left and already taken."""
    if kind(s) == "fit":
        take(s, "sail_off")


def stop(s: ShipyardState) -> None:
    take(s, "stop_building")


def contract(s: ShipyardState, cid: str) -> Any:
    return next(c for c in s.content.contracts if c.id == cid)


def vp_of(s: ShipyardState, cid: str, seat: int = 0) -> int:
    return scoring.contract_vp(s, seat, contract(s, cid))


def ship(parts: tuple[int, ...] = (A_BOW, A_MID, A_STERN), **counts: int) -> Ship:
    return Ship(parts, tuple(items(**counts)))


# ============================================================================ SY-5.1 building
@rule("SY-5.1.2", "SY-GAP-1c")
@pytest.mark.parametrize(("row", "price"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_part_price_by_row_bottom_first(row: int, price: int) -> None:
    s = fresh()
    start_build(s, coins=10)
    buy(s, 0, row, cell=0)
    stop(s)
    assert s.coins[0] == 10 - price


@rule("SY-5.1.2")
def test_parts_are_paid_at_positions_before_the_offer_shifts() -> None:
    s = fresh()
    start_build(s, coins=10)
    buy(s, 1, 0, cell=2)  # bottom middle: 0
    buy(s, 1, 1, cell=3)  # still row 2 (not slid to the bottom yet): 1
    buy(s, 1, 4, cell=4)  # top: 2
    assert s.coins[0] == 10 - 0 - 1 - 2


@rule("SY-5.1.2")
def test_build_at_most_three_parts_and_at_least_one() -> None:
    s = fresh()
    start_build(s, coins=10)
    assert not has(s, "stop_building")  # at least one part
    buy(s, 1, 0, cell=2)
    assert has(s, "stop_building")
    assert not has(s, "take_part", column=1, row=0)  # taken; the offer shifts only at the end
    buy(s, 1, 1, cell=3)
    buy(s, 1, 2, cell=4)
    assert kind(s) is None  # no fourth "build" decision: the action ended and refilled
    assert sum(c != EMPTY for c in s.row[0]) == 3


@rule("SY-5.1.2")
def test_unaffordable_parts_are_not_offered() -> None:
    s = fresh()
    start_build(s, coins=1)
    rows = {a.num("row") for a in s.legal_actions() if a.kind == "take_part"}
    assert rows == {0, 1, 2}


@rule("SY-5.1.3", "SY-5.1.4")
def test_bought_part_must_go_on_an_empty_legal_cell() -> None:
    s = fresh()
    set_row(s, "B.......S")
    start_build(s)
    take(s, "take_part", column=1, row=0)
    cells = {a.num("cell") for a in s.legal_actions()}
    assert kind(s) == "place"
    assert 0 not in cells and 8 not in cells  # occupied cells
    assert cells == set(range(1, 8))


@rule("SY-5.1.7", "SY-EX-7")
def test_three_parts_from_one_middle_column_leave_three_new_parts_on_top() -> None:
    s = fresh()
    left, right = s.offer[1][:], s.offer[2][:]
    deck = s.part_decks[MIDDLE][:]
    start_build(s)
    buy(s, 1, 0, cell=2)
    buy(s, 1, 1, cell=3)
    buy(s, 1, 2, cell=4)
    assert s.offer[1][:2] == left[3:]  # remaining parts slid to the bottom
    assert s.offer[1][2:] == [deck[-1], deck[-2], deck[-3]]  # refilled at the top
    assert s.offer[2] == right  # the other middle column is untouched
    assert s.part_decks[MIDDLE] == deck[:-3]


@rule("SY-5.1.7", "SY-GAP-11j")
def test_both_middle_columns_refill_from_the_one_middle_deck_left_first() -> None:
    s = fresh()
    left, right = s.offer[1][:], s.offer[2][:]
    deck = s.part_decks[MIDDLE][:]
    start_build(s)
    buy(s, 1, 2, cell=2)
    buy(s, 2, 0, cell=3)
    stop(s)
    assert s.offer[1] == [*left[:2], *left[3:], deck[-1]]
    assert s.offer[2] == [*right[1:], deck[-2]]
    assert s.part_decks[MIDDLE] == deck[:-2]


@rule("SY-5.1.7")
def test_bow_column_slides_down_and_newest_part_is_on_top() -> None:
    s = fresh()
    bows = s.offer[0][:]
    top = s.part_decks[BOW][-1]
    start_build(s)
    buy(s, 0, 1, cell=0)
    stop(s)
    assert s.offer[0] == [bows[0], *bows[2:], top]


@rule("SY-5.1.8", "SY-7.2")
def test_laying_out_the_last_part_of_a_deck_triggers_the_early_end() -> None:
    s = fresh()
    last = s.part_decks[STERN][-1]
    s.part_decks[STERN] = [last]
    start_build(s)
    buy(s, 3, 0, cell=8)
    stop(s)
    assert s.offer[3][4] == last
    assert s.part_decks[STERN] == []
    assert s.early_end is True


@rule("SY-5.1.8")
def test_deck_not_yet_exhausted_does_not_trigger_the_early_end() -> None:
    s = fresh()
    s.part_decks[BOW] = s.part_decks[BOW][-2:]
    start_build(s)
    buy(s, 0, 0, cell=0)
    stop(s)
    assert len(s.part_decks[BOW]) == 1
    assert s.early_end is False


@rule("SY-5.1.8")
def test_exhausted_deck_leaves_empty_offer_spaces_without_reshuffle() -> None:
    s = fresh()
    s.part_decks[BOW] = []
    s.early_end = True
    start_build(s)
    buy(s, 0, 0, cell=0)
    stop(s)
    assert s.offer[0][4] == EMPTY
    assert s.part_decks[BOW] == []


@rule("SY-5.1.9")
def test_substitute_only_when_the_type_is_absent_from_the_offer() -> None:
    s = fresh()
    s.offer[3] = [EMPTY] * 5
    s.part_decks[STERN] = []
    start_build(s)
    assert has(s, "substitute", part="stern")
    assert not has(s, "substitute", part="bow")
    assert not has(s, "substitute", part="middle")


@rule("SY-5.1.9")
def test_substitute_middle_needs_both_middle_columns_empty() -> None:
    s = fresh()
    s.offer[1] = [EMPTY] * 5
    s.offer[2] = [s.offer[2][0]] + [EMPTY] * 4
    start_build(s)
    assert not has(s, "substitute", part="middle")
    s = fresh()
    s.offer[1] = [EMPTY] * 5
    s.offer[2] = [EMPTY] * 5
    start_build(s)
    assert has(s, "substitute", part="middle")


@rule("SY-5.1.9")
def test_substitute_is_free_and_placed_as_its_type() -> None:
    s = fresh()
    s.offer[3] = [EMPTY] * 5
    s.part_decks[STERN] = []
    start_build(s, coins=0)
    take(s, "substitute", part="stern")
    if kind(s) == "place":
        take(s, "place_part", cell=8)
    assert s.row[0][8] == SUBSTITUTE + STERN
    assert s.coins[0] == 0


@rule("SY-5.1.9")
def test_substitute_has_no_features_but_counts_for_length() -> None:
    s = fresh()
    real = hull(s, (24,))
    assert hull(s, (SUBSTITUTE + BOW, 24, SUBSTITUTE + STERN)) == real
    assert hull(s, (SUBSTITUTE + BOW, SUBSTITUTE + MIDDLE, SUBSTITUTE + STERN)) == hull(s, ())
    s.row[0] = [SUBSTITUTE + BOW, 24, 25, 26, 27, SUBSTITUTE + STERN, EMPTY, EMPTY, EMPTY]
    assert completed_ships(building.row_types(s, s.row[0])) == [(0, 5)]
    s.fleet[0] = [Ship(tuple(s.row[0][:6]), tuple(items())), ship((1, 28, 29, 30, 31, 85))]
    assert vp_of(s, "SY-C-16") == 10  # both count as 6-part ships


# ---------------------------------------------------------------------------- legality
@rule("SY-5.1.6")
@pytest.mark.parametrize(
    ("pattern", "legal", "check"),
    [
        ("M........", False, "V1"),
        ("S........", False, "V1"),
        ("B........", True, "V1"),
        (".S.......", False, "V2"),
        ("........B", False, "V3"),
        ("........M", False, "V3"),
        ("........S", True, "V3"),
        (".......B.", False, "V4"),
        ("..BS.....", False, "V5"),
        (".MMMMMMM.", True, "V6"),
        (".MMMMMMMM", False, "V3"),
        (".MMMMMMMM..", False, "V6 (L=11)"),
        (".MMMMMMM...", True, "V6 (L=11)"),
        ("BMMMMMMMS", True, "rule c"),
        ("BMMMMMMMM", False, "rule c"),
    ],
)
def test_row_checks_v1_to_v6(pattern: str, legal: bool, check: str) -> None:
    assert row_is_legal(types(pattern)) is legal, check


@rule("SY-5.1.4", "SY-5.1.6")
def test_every_legal_full_row_contains_a_completed_ship() -> None:
    """Rule (c): the last empty cell may only be filled if that completes a ship."""
    legal_full = 0
    for code in range(3**9):
        row = []
        for _ in range(9):
            row.append(code % 3)
            code //= 3
        if row_is_legal(row):
            legal_full += 1
            assert completed_ships(row), row
    assert legal_full > 0


@rule("SY-5.1.5", "SY-EX-6")
@pytest.mark.parametrize("ptype", ["M", "S"])
def test_ex6_only_a_bow_on_the_first_cell(ptype: str) -> None:
    s = fresh()
    assert 0 not in legal_cells(s, 0, TYPE_OF[ptype], False)
    assert 0 in legal_cells(s, 0, BOW, False)


@rule("SY-5.1.5", "SY-EX-6")
@pytest.mark.parametrize("ptype", ["B", "M"])
def test_ex6_only_a_stern_on_the_last_cell(ptype: str) -> None:
    s = fresh()
    assert 8 not in legal_cells(s, 0, TYPE_OF[ptype], False)
    assert 8 in legal_cells(s, 0, STERN, False)


@rule("SY-5.1.6", "SY-EX-6")
def test_ex6_bow_on_cell_8_is_illegal() -> None:
    s = fresh()
    assert 7 not in legal_cells(s, 0, BOW, False)
    assert 6 in legal_cells(s, 0, BOW, False)


@rule("SY-5.1.5", "SY-EX-6")
def test_ex6_stern_on_cell_2_no_room_for_middle_and_bow() -> None:
    assert not row_is_legal(types(".S......."))
    s = fresh()
    assert 1 not in legal_cells(s, 0, STERN, False)


@rule("SY-5.1.5", "SY-EX-6")
def test_ex6_no_way_to_insert_a_middle_between_bow_and_stern() -> None:
    assert not row_is_legal(types("BS......."))
    s = fresh()
    set_row(s, "B........")
    assert 1 not in legal_cells(s, 0, STERN, False)


@rule("SY-5.1.6", "SY-EX-6")
def test_ex6_bow_gap_stern_is_legal() -> None:
    assert row_is_legal(types("B.S......"))
    s = fresh()
    set_row(s, "B........")
    assert 2 in legal_cells(s, 0, STERN, False)


@rule("SY-5.1.6", "SY-EX-6")
def test_ex6_middle_before_a_bow_is_legal_when_not_on_cell_1() -> None:
    assert row_is_legal(types(".MB......"))


@rule("SY-5.1.6", "SY-EX-6")
def test_ex6_middle_on_cell_1_before_a_bow_is_illegal() -> None:
    assert not row_is_legal(types("MB......."))


@rule("SY-5.1.5", "SY-EX-6")
def test_ex6_allowed_right_ship_sails_and_frees_space_for_left_bow() -> None:
    """Caption "allowed": BB....... then M at 3 and S at 4 completes the ship on 2-4."""
    s = fresh()
    set_row(s, "BB.......")
    s.row[0][1] = 1
    start_build(s)
    buy(s, 1, 0, cell=2)
    buy(s, 3, 0, cell=3)
    stop(s)
    assert row_is_legal(building.row_types(s, s.row[0]))
    assert completed_ships(building.row_types(s, s.row[0])) == [(1, 3)]
    # Phase 5: the completed ship leaves (captain, speed 1), the left bow stays.
    straight_line(s, ("none", "none", "none"))
    s.supply[0] = items(captain=1)
    s.push("@voyages", 0)
    s.advance()
    take(s, "attach", item="captain")
    assert s.row[0][0] == A_BOW
    assert s.row[0][1:] == [EMPTY] * 8
    assert len(s.fleet[0]) == 1


@rule("SY-5.1.5", "SY-EX-6")
def test_ex6_allowed_middle_between_two_ships() -> None:
    """Caption "allowed": BMSMBMS.. — both ships sail, leaving ...M....."""
    row = types("BMSMBMS..")
    assert row_is_legal(row)
    assert completed_ships(row) == [(0, 2), (4, 6)]
    assert row_is_legal(types("...M....."))


@rule("SY-5.1.4", "SY-EX-6")
def test_ex6_filling_the_last_empty_cell_without_completing_a_ship_is_illegal() -> None:
    s = fresh()
    set_row(s, "BMMMMMMM.")
    assert legal_cells(s, 0, MIDDLE, False) == []
    assert legal_cells(s, 0, BOW, False) == []
    assert legal_cells(s, 0, STERN, False) == [8]  # this one completes B + 7 M + S
    set_row(s, "B.MMMMMMS")
    for t in (BOW, MIDDLE, STERN):
        filled = building.row_types(s, s.row[0])
        filled[1] = t
        assert (1 in legal_cells(s, 0, t, False)) == bool(completed_ships(filled))


@rule("SY-5.1.4")
def test_parts_need_not_be_adjacent_to_placed_parts() -> None:
    s = fresh()
    set_row(s, "B........")
    assert 5 in legal_cells(s, 0, MIDDLE, False)


# ============================================================================ SY-6.2 completed
@rule("SY-6.2", "SY-4.13")
@pytest.mark.parametrize(
    ("pattern", "ships"),
    [
        ("BMS......", [(0, 2)]),
        ("BMMMMMMMS", [(0, 8)]),
        ("BS.......", []),
        ("BM.S.....", []),
        ("BBMS.....", [(1, 3)]),
        ("BMSBMMS..", [(0, 2), (3, 6)]),
        ("MMS......", []),
    ],
)
def test_completed_ship_is_bow_one_to_seven_middles_stern(
    pattern: str, ships: list[tuple[int, int]]
) -> None:
    assert completed_ships(types(pattern)) == ships


@rule("SY-6.2", "SY-GAP-11i")
def test_eight_middles_never_make_a_completed_ship() -> None:
    assert completed_ships([BOW, *[MIDDLE] * 8, STERN]) == []
    assert completed_ships([BOW, *[MIDDLE] * 7, STERN]) == [(0, 8)]


# ============================================================================ SY-5.2 canals
def canal_state(offer: list[int], coins: int = 10) -> ShipyardState:
    s = fresh()
    s.canal_offer = offer[:]
    s.coins[0] = coins
    return s


@rule("SY-5.2.1", "SY-5.2.2")
def test_first_canal_boat_on_an_end_space_stern_pointing_out() -> None:
    s = canal_state([1, 2, 0, 4, 5])  # card 0 is a straight
    canals.start(s, 0)
    s.advance()
    take(s, "take_canal", slot=2)
    assert s.coins[0] == 10 - s.content.board.canal_prices[2]
    assert kind(s) == "first_canal"
    assert {a.num("side") for a in s.legal_actions()} == {1, 3}  # the two ends
    take(s, "first_canal", side=3)
    assert s.canals[0] == {(0, 0): (0, 0)}
    assert s.boat[0] == (0, 0, 0, -1, 0, -1)
    # The only way on is into the card: the stern points out of the canal.
    assert canals.moves(s, s.canals[0], s.boat[0], frozenset()) == [(0, 0, 1)]


@rule("SY-5.2.2", "SY-6.9.2")
def test_fresh_boat_cannot_sail_out_behind_its_stern_onto_a_new_card() -> None:
    s = canal_state([0, 1, 2, 4, 5])
    canals.start(s, 0)
    s.advance()
    take(s, "take_canal", slot=0)
    take(s, "first_canal", side=3)  # boat at the west end, stern west
    s.canals[0][(-1, 0)] = (1, 0)  # a straight touching the stern side
    boat = s.boat[0]
    assert boat is not None
    assert canals.moves(s, s.canals[0], boat, frozenset()) == [(0, 0, 1)]


@rule("SY-5.2.4")
def test_canal_offer_slides_down_and_refills_from_the_deck() -> None:
    s = canal_state([10, 11, 12, 13, 14])
    top = s.canal_deck[-1]
    s.boat[0] = (0, 0, 0, -1, 0, -1)
    s.canals[0] = {(0, 0): (0, 0)}
    canals.start(s, 0)
    s.advance()
    take(s, "take_canal", slot=1)
    assert s.canal_offer == [10, 12, 13, 14, top]
    assert s.coins[0] == 10 - 1


@rule("SY-5.2.3")
def test_later_canal_must_touch_the_system() -> None:
    s = canal_state([10, 11, 12, 13, 14])
    s.canals[0] = {(0, 0): (0, 0), (1, 0): (1, 0)}
    s.boat[0] = (0, 0, 0, -1, 0, -1)
    canals.start(s, 0)
    s.advance()
    take(s, "take_canal", slot=0)
    assert kind(s) == "place_canal"
    cells = {(a.num("dx"), a.num("dy")) for a in s.legal_actions()}
    assert cells == {(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)}
    take(s, "place_canal", dx=2, dy=0, rotation=1)
    assert s.canals[0][(2, 0)] == (10, 1)
    assert s.boat[0] == (0, 0, 0, -1, 0, -1)  # the boat never moves


@rule("SY-5.2.5", "SY-GAP-4e", "SY-C-11")
def test_canal_reshuffle_uses_used_and_discarded_canals_and_keeps_used_count() -> None:
    s = canal_state([0, 1, 2, 3, 4])
    s.canals[0] = {(0, 0): (9, 0)}
    s.boat[0] = (0, 0, 0, -1, 0, -1)
    s.canal_deck = []
    s.canal_discard = [5]
    s.used_pile = [[6], [7], []]
    s.used_count = [3, 1, 0]
    canals.start(s, 0)
    s.advance()
    take(s, "take_canal", slot=0)
    assert s.canal_offer[:4] == [1, 2, 3, 4]
    assert sorted([s.canal_offer[4], *s.canal_deck]) == [5, 6, 7]
    assert s.used_pile == [[], [], []]
    assert s.canal_discard == []
    assert s.used_count == [3, 1, 0]
    assert vp_of(s, "SY-C-11", seat=0) == 12


# ============================================================================ SY-5.3 equipment
def circle_state(which: str, pointer: int, coins: int, employees: list[int]) -> ShipyardState:
    s = fresh()
    s.coins[0] = coins
    s.employees[0] = employees
    if which == "equipment":
        s.eq_ptr = pointer
    else:
        s.crew_ptr = pointer
    s.push_record("circle", 0, supplies.CircleChoice(which))
    return s


@rule("SY-5.3.1", "SY-5.3.2", "SY-5.3.3", "SY-EX-8")
@pytest.mark.parametrize(("steps", "cost"), [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_equipment_circle_costs(steps: int, cost: int) -> None:
    s = circle_state("equipment", 0, 10, [])  # pointer on the cannon
    circle = s.content.board.equipment_circle
    take(s, "circle", steps=steps)
    assert s.coins[0] == 10 - cost
    assert s.eq_ptr == steps % 4
    assert s.supply[0] == items(**{circle[steps % 4]: 1})


@rule("SY-5.3.3", "SY-EX-8")
def test_equipment_costing_three_is_the_item_under_the_pointer_before() -> None:
    s = circle_state("equipment", 2, 10, [])
    take(s, "circle", steps=4)
    assert s.coins[0] == 7
    assert s.supply[0] == items(**{s.content.board.equipment_circle[2]: 1})


@rule("SY-E-ACC", "SY-EX-8")
@pytest.mark.parametrize(("steps", "cost"), [(1, 0), (2, 0), (3, 0), (4, 1)])
def test_equipment_circle_costs_with_accountant(steps: int, cost: int) -> None:
    s = circle_state("equipment", 1, 10, [ACCOUNTANT])
    take(s, "circle", steps=steps)
    assert s.coins[0] == 10 - cost


@rule("SY-5.3.2")
def test_circle_steps_limited_by_coins() -> None:
    s = circle_state("equipment", 0, 1, [])
    assert sorted(a.num("steps") for a in s.legal_actions()) == [1, 2]


@rule("SY-E-ENG", "SY-EX-9", "SY-5.3.4")
def test_ex9_engineers_free_step_to_funnel() -> None:
    s = circle_state("equipment", 0, 5, [ENG_CRANE, ENG_SAIL])
    assert s.content.board.equipment_circle[:3] == ("cannon", "funnel", "crane")
    take(s, "circle", steps=1)
    assert s.supply[0] == items(funnel=1, crane=1, sail=1)
    assert s.coins[0] == 5


@rule("SY-E-ENG", "SY-EX-9")
def test_ex9_engineers_pay_one_to_crane() -> None:
    s = circle_state("equipment", 0, 5, [ENG_CRANE, ENG_SAIL])
    take(s, "circle", steps=2)
    assert s.supply[0] == items(crane=2, sail=1)
    assert s.coins[0] == 4


# ============================================================================ SY-5.4 crew
@rule("SY-5.4.1", "SY-5.4.2")
@pytest.mark.parametrize(("steps", "cost"), [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_crew_circle_costs_and_items(steps: int, cost: int) -> None:
    s = circle_state("crew", 3, 10, [])
    circle = s.content.board.crew_circle
    take(s, "circle", steps=steps)
    assert s.coins[0] == 10 - cost
    assert s.crew_ptr == (3 + steps) % 4
    assert s.supply[0] == items(**{circle[(3 + steps) % 4]: 1})


@rule("SY-5.4.2")
def test_crew_circle_has_three_crew_spaces_and_a_propeller_space() -> None:
    s = fresh()
    assert sorted(s.content.board.crew_circle) == ["captain", "merchant", "propeller", "soldier"]
    where = s.content.board.crew_circle.index("propeller")
    s = circle_state("crew", (where - 1) % 4, 0, [])
    s.advance()  # one free step is the only choice with 0 coins
    assert s.supply[0] == items(propeller=1)


@rule("SY-5.4.1", "SY-E-ACC")
def test_crew_circle_with_accountant() -> None:
    s = circle_state("crew", 0, 10, [ACCOUNTANT])
    take(s, "circle", steps=3)
    assert s.coins[0] == 10
    s = circle_state("crew", 0, 10, [ACCOUNTANT])
    take(s, "circle", steps=4)
    assert s.coins[0] == 9


@rule("SY-E-REC", "SY-5.4.3")
def test_recruiters_add_their_items() -> None:
    s = circle_state("crew", 0, 10, [REC_CAPTAIN, REC_PROPELLER])
    circle = s.content.board.crew_circle
    take(s, "circle", steps=1)
    got = items(captain=1, propeller=1)
    got[ITEM_INDEX[circle[1]]] += 1
    assert s.supply[0] == got


# ============================================================================ SY-5.5 employees
def oval_state(coins: int, owned: list[int], spaces: dict[int, list[int]]) -> ShipyardState:
    """Oval pointer on space 0; ``spaces`` gives the employees at some spaces (others get a
    Helmsman, Rigger and Accountant, which nobody in these tests owns unless stated)."""
    s = fresh()
    s.coins[0] = coins
    s.employees[0] = owned
    n = s.content.board.oval_spaces
    s.oval = tuple(
        tuple((e,) for e in spaces.get(sp, [HELMSMAN, RIGGER, ACCOUNTANT])) for sp in range(n)
    )
    s.oval_ptr = 0
    s.push("oval", 0)
    return s


@rule("SY-5.5.1")
@pytest.mark.parametrize(("steps", "cost"), [(1, 0), (2, 1), (3, 2), (5, 4), (7, 6)])
def test_employee_oval_one_free_step_then_one_coin_each(steps: int, cost: int) -> None:
    s = oval_state(10, [], {})
    take(s, "oval", steps=steps)
    assert s.coins[0] == 10 - cost
    assert s.oval_ptr == steps
    assert kind(s) == "hire"


@rule("SY-E-FOR", "SY-5.5.1")
@pytest.mark.parametrize(("steps", "cost"), [(1, 0), (4, 0), (5, 1), (7, 3)])
def test_employee_oval_with_foreman_three_extra_free_steps(steps: int, cost: int) -> None:
    s = oval_state(10, [FOREMAN], {})
    take(s, "oval", steps=steps)
    assert s.coins[0] == 10 - cost


@rule("SY-5.5.1")
def test_employee_oval_steps_limited_by_coins() -> None:
    s = oval_state(2, [], {})
    assert max(a.num("steps") for a in s.legal_actions()) == 3


@rule("SY-5.5.3", "SY-E-ENG")
def test_engineer_costs_one_coin_surcharge() -> None:
    s = oval_state(1, [], {1: [ENG_CRANE, HELMSMAN, RIGGER]})
    take(s, "oval", steps=1)
    take(s, "hire", slot=0)
    assert s.employees[0] == [ENG_CRANE]
    assert s.coins[0] == 0


@rule("SY-5.5.3", "SY-E-REC")
def test_recruiter_costs_one_coin_surcharge() -> None:
    s = oval_state(3, [], {2: [REC_CAPTAIN, HELMSMAN, RIGGER]})
    take(s, "oval", steps=2)  # 1 coin for the step
    take(s, "hire", slot=0)
    assert s.coins[0] == 1


@rule("SY-5.5.3")
def test_engineer_or_recruiter_not_hireable_without_the_coin() -> None:
    s = oval_state(0, [], {1: [ENG_CRANE, REC_CAPTAIN, HELMSMAN]})
    take(s, "oval", steps=1)
    assert s.employees[0] == [HELMSMAN]  # the only hireable one, taken automatically
    s = oval_state(1, [], {2: [ENG_CRANE, REC_CAPTAIN, HELMSMAN]})
    take(s, "oval", steps=2)  # the step eats the coin
    assert s.employees[0] == [HELMSMAN]


@rule("SY-5.5.3", "SY-GAP-8f")
def test_pointer_cannot_stop_where_only_unaffordable_employees_are() -> None:
    s = oval_state(0, [], {1: [ENG_CRANE, ENG_SAIL, REC_CAPTAIN]})
    assert not has(s, "oval", steps=1)


@rule("SY-5.5.4", "SY-8.1.3")
def test_no_employee_twice() -> None:
    s = oval_state(5, [HELMSMAN], {1: [HELMSMAN, RIGGER, ACCOUNTANT]})
    take(s, "oval", steps=1)
    assert {a.num("slot") for a in s.legal_actions()} == {1, 2}


@rule("SY-5.5.4", "SY-E-MER", "SY-EX-11")
def test_ex11_merchant_level_2_needs_level_1() -> None:
    s = oval_state(5, [], {1: [STEEL_2, RIGGER, ACCOUNTANT]})
    take(s, "oval", steps=1)
    assert {a.num("slot") for a in s.legal_actions()} == {1, 2}
    s = oval_state(5, [STEEL_1], {1: [STEEL_2, RIGGER, ACCOUNTANT]})
    take(s, "oval", steps=1)
    take(s, "hire", slot=0)
    assert s.employees[0] == [STEEL_1, STEEL_2]


@rule("SY-5.5.4")
def test_merchant_level_1_of_another_goods_does_not_unlock_level_2() -> None:
    s = oval_state(5, [COAL_1], {1: [STEEL_2, RIGGER, ACCOUNTANT]})
    take(s, "oval", steps=1)
    assert not has(s, "hire", slot=0)


# ============================================================================ SY-5.6 goods
@rule("SY-5.6.1", "SY-5.6.2")
def test_goods_lowest_tile_free_and_offer_slides() -> None:
    s = fresh()
    s.coins[0] = 5
    offer = s.wagon_offer[:]
    top = s.wagon_deck[-1]
    s.push("goods", 0)
    take(s, "take_wagon", slot=0)
    assert s.coins[0] == 5
    assert s.wagons[0] == [14, offer[0]]
    assert s.wagon_offer == [*offer[1:], top]


@rule("SY-5.6.1")
def test_goods_pays_the_position_price() -> None:
    s = fresh()
    s.coins[0] = 5
    offer = s.wagon_offer[:]
    s.push("goods", 0)
    take(s, "take_wagon", slot=3)
    assert s.coins[0] == 5 - s.content.board.wagon_prices[3]
    assert s.wagon_offer[:4] == [offer[0], offer[1], offer[2], offer[4]]


@rule("SY-5.6.3", "SY-7.3")
def test_goods_deck_reshuffled_from_spent_tiles_when_empty() -> None:
    s = fresh()
    s.wagon_offer = [0, 1, 2, 3, 4]
    s.wagon_deck = []
    s.wagon_discard = [7, 8]
    s.push("goods", 0)
    take(s, "take_wagon", slot=0)
    assert s.wagon_offer[:4] == [1, 2, 3, 4]
    assert sorted([s.wagon_offer[4], *s.wagon_deck]) == [7, 8]
    assert s.wagon_discard == []


# ============================================================================ SY-5.7 exchange
COAL_COAL_STEEL = 12


def exchange_state(tiles: list[int], owned: list[int] | None = None) -> ShipyardState:
    s = fresh()
    s.coins[0] = 0
    s.wagons[0] = tiles
    s.employees[0] = owned or []
    s.hex_ptr = 0
    supplies.start_exchange(s, 0)
    s.advance()
    return s


def price(s: ShipyardState, goods: str) -> int:
    return s.content.board.exchange_prices[s.hex_ptr][goods]  # type: ignore[index]


@rule("SY-5.7.2")
def test_exchange_pointer_moves_exactly_one_step() -> None:
    s = exchange_state([COAL_COAL_STEEL])
    assert s.hex_ptr == 1
    assert kind(s) == "wagon"  # no choice of steps: straight to the wagons
    s = fresh()
    s.hex_ptr = 5
    supplies.start_exchange(s, 0)
    assert s.hex_ptr == 0


@rule("SY-5.7.3", "SY-EX-10")
def test_ex10_sell_both_coal_wagons() -> None:
    s = exchange_state([COAL_COAL_STEEL])
    take(s, "sell")
    take(s, "sell")
    take(s, "sell")
    assert s.coins[0] == 2 * price(s, "coal") + price(s, "steel")
    assert s.wagons[0] == []
    assert s.wagon_discard[-1] == COAL_COAL_STEEL


@rule("SY-5.7.4", "SY-EX-10")
def test_ex10_two_coal_for_propeller_and_funnel_but_not_two_funnels() -> None:
    s = exchange_state([COAL_COAL_STEEL])
    assert has(s, "swap", item="funnel")
    take(s, "swap", item="funnel")
    assert not has(s, "swap", item="funnel")
    assert has(s, "swap", item="propeller")
    take(s, "swap", item="propeller")
    take(s, "sell")
    assert s.supply[0] == items(funnel=1, propeller=1)
    assert s.coins[0] == price(s, "steel")


@rule("SY-5.7.3")
def test_exchange_one_wagon_sold_one_swapped() -> None:
    s = exchange_state([COAL_COAL_STEEL])
    take(s, "sell")
    take(s, "swap", item="funnel")
    take(s, "swap", item="crane")
    assert s.coins[0] == price(s, "coal")
    assert s.supply[0] == items(funnel=1, crane=1)


@rule("SY-5.7.3")
def test_exchange_trades_exactly_one_tile() -> None:
    s = exchange_state([0, 1])
    assert kind(s) == "exchange"
    take(s, "use_tile", tile=1)
    take(s, "sell")
    assert s.wagons[0] == [0]
    assert kind(s) is None


@rule("SY-GAP-5c", "SY-5.7.5")
def test_spent_starting_tile_leaves_the_game_an_ordinary_tile_is_discarded() -> None:
    """The starting tiles are copies outside the rulebook's 14: spent, one leaves the game,
    so the reshuffled wagon deck never grows beyond the 14 tiles."""
    s = exchange_state([STARTING_WAGON, 11])  # tile 11 carries the same goods
    discard, deck, offer = s.wagon_discard[:], s.wagon_deck[:], s.wagon_offer[:]
    take(s, "use_tile", tile=STARTING_WAGON)
    for _ in range(3):
        take(s, "sell")
    assert s.wagons[0] == [11]
    assert STARTING_WAGON not in s.wagon_discard + s.wagon_deck + s.wagon_offer
    assert (s.wagon_discard, s.wagon_deck, s.wagon_offer) == (discard, deck, offer)
    supplies.start_exchange(s, 0)
    s.advance()  # the one tile left is taken for the player
    for _ in range(3):
        take(s, "sell")
    assert s.wagons[0] == [] and s.wagon_discard == [*discard, 11]
    # When the deck runs out, the spent ordinary tile comes back; the starting one never does.
    s.wagon_deck = []
    s.coins[0] = 0
    s.push("goods", 0)
    take(s, "take_wagon", slot=0)
    assert 11 in s.wagon_offer and s.wagon_discard == []
    assert STARTING_WAGON not in s.wagon_deck + s.wagon_offer


def test_exchange_labels_tell_tiles_with_the_same_goods_apart() -> None:
    s = exchange_state([STARTING_WAGON, 11, 4, 6])  # 14 and 11, 4 and 6: the same goods
    labels = {a.num("tile"): a.label for a in s.legal_actions()}
    assert len(set(labels.values())) == 4, labels
    assert "starting" in labels[STARTING_WAGON] and "#11" in labels[11]
    assert "#4" in labels[4] and "#6" in labels[6]


def test_goods_labels_tell_equal_tiles_apart_by_their_row() -> None:
    s = fresh()
    s.coins[0] = 5
    s.wagon_offer = [0, 9, 10, 4, 6]  # 9 and 10: coal+steel for 1; 4 and 6: coal+timber for 2
    s.push("goods", 0)
    labels = [a.label for a in s.legal_actions()]
    assert len(set(labels)) == 5, labels
    assert labels[1] == "Buy wagon tile (coal+steel) from row 2 for 1"
    assert labels[2] == "Buy wagon tile (coal+steel) from row 3 for 1"


@rule("SY-E-MER", "SY-EX-11")
@pytest.mark.parametrize(("owned", "bonus"), [([], 0), ([COAL_1], 1), ([COAL_1, COAL_2], 2)])
def test_merchant_bonus_on_sales(owned: list[int], bonus: int) -> None:
    s = exchange_state([0], owned)  # tile 0: one coal wagon
    take(s, "sell")
    assert s.coins[0] == price(s, "coal") + bonus


@rule("SY-E-MER")
def test_merchant_bonus_not_for_other_goods_nor_swaps() -> None:
    s = exchange_state([1], [COAL_1, COAL_2])  # tile 1: one steel wagon
    take(s, "sell")
    assert s.coins[0] == price(s, "steel")
    s = exchange_state([0], [COAL_1, COAL_2])
    take(s, "swap", item="funnel")
    assert s.coins[0] == 0
    assert s.supply[0] == items(funnel=1)


@rule("SY-5.7.1", "SY-GAP-11b")
def test_exchange_not_performable_without_a_wagon_tile() -> None:
    s = new(3, 0)
    me = s.current_player()
    assert kind(s) == "choose_tile"
    assert has(s, "choose_tile", tile=EXCHANGE)
    s = new(3, 0)
    s.wagons[me] = []
    assert not turn.performable(s, me, EXCHANGE, 10)
    assert not has(s, "choose_tile", tile=EXCHANGE)


# ============================================================================ SY-5.8 subsidy
@rule("SY-5.8.1")
def test_subsidy_gives_two_coins() -> None:
    s = fresh(4)
    s.coins[0] = 3
    turn.start_action(s, 0, SUBSIDY, "main")
    s.advance()
    assert s.coins[0] == 5


# ============================================================================ SY-6.3/6.4 fitting
def fit_state(
    parts: tuple[int, ...],
    supply: list[int],
    have: list[int] | None = None,
    owned: list[int] | None = None,
) -> ShipyardState:
    s = fresh()
    s.supply[0] = supply
    s.employees[0] = list(owned or [])
    s.ship = Ship(parts, tuple(have or items()))
    s.push("fit", 0)
    return s


ALL = items(sail=5, funnel=5, propeller=5, crane=5, cannon=5, captain=5, merchant=5, soldier=5)


@rule("SY-6.4.1", "SY-2.2")
def test_first_captain_needs_no_cabin() -> None:
    s = fit_state((A_BOW, A_MID, A_STERN), ALL)  # no cabins at all
    assert "captain" in attachable(s)
    assert "merchant" not in attachable(s)
    assert "soldier" not in attachable(s)


@rule("SY-6.4.1")
def test_second_captain_is_an_officer_and_needs_a_cabin() -> None:
    s = fit_state((A_BOW, A_MID, A_STERN), ALL, items(captain=1))
    assert "captain" not in attachable(s)
    s = fit_state((A_BOW, 27, A_STERN), ALL, items(captain=1))  # middle 27: 2 cabins
    assert "captain" in attachable(s)


@rule("SY-6.4.1")
def test_one_crew_member_per_cabin_any_type() -> None:
    parts = (A_BOW, 27, A_STERN)  # 2 cabins
    s = fit_state(parts, ALL, items(captain=2, merchant=1))
    assert attachable(s) & {"captain", "merchant", "soldier"} == set()
    s = fit_state(parts, ALL, items(captain=1, soldier=1))
    assert {"captain", "merchant", "soldier"} <= attachable(s)


@rule("SY-6.4.2")
def test_sails_and_funnels_share_mount_points() -> None:
    parts = (6, A_MID, A_STERN)  # bow 6: one sail/funnel mount
    s = fit_state(parts, ALL)
    assert {"sail", "funnel"} <= attachable(s)
    s = fit_state(parts, ALL, items(sail=1))
    assert not {"sail", "funnel"} & attachable(s)
    s = fit_state(parts, ALL, items(funnel=1))
    assert not {"sail", "funnel"} & attachable(s)


@rule("SY-6.4.2", "SY-2.1")
def test_mount_points_are_typed() -> None:
    s = fit_state((A_BOW, A_MID, A_STERN), ALL)  # 1 cannon mount, 1 propeller mount
    assert attachable(s) & {"sail", "funnel", "propeller", "crane", "cannon"} == {
        "cannon",
        "propeller",
    }
    s = fit_state((A_BOW, 36, A_STERN), ALL, items(cannon=1))  # middle 36: crane mount
    assert "crane" in attachable(s)
    assert "cannon" not in attachable(s)


@rule("SY-6.4.2")
def test_fits_counts_mounts_per_piece() -> None:
    s = fresh()
    h = hull(s, (6, 31, A_STERN))  # 1 + 2 sail/funnel mounts, 1 propeller mount
    none = [0] * len(ITEMS)
    assert fits(h, items(sail=2, funnel=1, propeller=1), none)
    assert not fits(h, items(sail=2, funnel=2, propeller=1), none)
    assert not fits(h, items(propeller=2), none)


@rule("SY-E-DES", "SY-EX-12")
def test_ex12_designer_propeller_allows_a_second_propeller() -> None:
    parts = (A_BOW, A_MID, A_STERN)  # one propeller mount
    s = fit_state(parts, ALL, items(propeller=1))
    assert "propeller" not in attachable(s)
    s = fit_state(parts, ALL, items(propeller=1), owned=[DES_PROPELLER])
    assert "propeller" in attachable(s)
    s = fit_state(parts, ALL, items(propeller=2), owned=[DES_PROPELLER])
    assert "propeller" not in attachable(s)


@rule("SY-E-DES", "SY-6.4.3")
def test_designer_allows_two_pieces_without_mount_or_cabin() -> None:
    parts = (A_BOW, A_MID, A_STERN)  # no crane mount, no cabin
    s = fit_state(parts, ALL, items(crane=1), owned=[DES_CRANE])
    assert "crane" in attachable(s)
    s = fit_state(parts, ALL, items(crane=2), owned=[DES_CRANE])
    assert "crane" not in attachable(s)
    s = fit_state(parts, ALL, items(captain=1, merchant=1), owned=[DES_MERCHANT])
    assert "merchant" in attachable(s)
    s = fit_state(parts, ALL, items(captain=1, merchant=2), owned=[DES_MERCHANT])
    assert "merchant" not in attachable(s)
    assert "soldier" not in attachable(s)


@rule("SY-E-DES")
def test_designer_sail_on_top_of_shared_mounts() -> None:
    parts = (6, A_MID, A_STERN)  # one sail/funnel mount
    s = fit_state(parts, ALL, items(sail=2), owned=[DES_SAIL])  # both via the Designer
    assert {"sail", "funnel"} <= attachable(s)  # the mount is still free
    s = fit_state(parts, ALL, items(sail=2, funnel=1), owned=[DES_SAIL])
    assert not {"sail", "funnel"} & attachable(s)
    s = fit_state(parts, ALL, items(sail=3), owned=[DES_SAIL])
    assert not {"sail", "funnel"} & attachable(s)
    s = fit_state(parts, ALL, items(sail=1))  # without a Designer one sail fills the mount
    assert "sail" not in attachable(s)


@rule("SY-6.3.1", "SY-6.3.3")
def test_only_supply_items_can_be_attached_and_the_rest_stay_in_supply() -> None:
    s = fresh()
    straight_line(s, ("none", "none", "none"))
    s.row[0] = [6, 31, A_STERN, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]
    s.supply[0] = items(captain=1, sail=3)
    s.push("@voyages", 0)
    s.advance()
    assert kind(s) == "fit"
    assert attachable(s) == {"captain", "sail"}  # no funnel in the supply
    take(s, "attach", item="captain")
    take(s, "attach", item="sail")
    take(s, "sail_off")
    assert s.fleet[0][0].items == tuple(items(captain=1, sail=1))
    assert s.supply[0] == items(sail=2)


# ============================================================================ SY-6.5/6.6 speed
@rule("SY-6.5.1", "SY-EX-19")
@pytest.mark.parametrize(
    ("funnels", "propellers", "sails", "speed"),
    [
        (0, 0, 0, 1),
        (0, 0, 2, 3),
        (2, 0, 0, 2),
        (3, 0, 1, 3),
        (0, 1, 1, 3),
        (1, 1, 0, 4),
        (2, 1, 1, 6),
        (1, 2, 2, 7),
    ],
)
def test_ex19_speed_formula(funnels: int, propellers: int, sails: int, speed: int) -> None:
    assert base_speed(items(funnel=funnels, propeller=propellers, sail=sails)) == speed


@rule("SY-6.5.2", "SY-EX-14")
def test_ex14_minimal_ship_speed_1_moves_one_space() -> None:
    s = fresh()
    straight_line(s, ("none", "riband", "none"))
    set_row(s, "BMS......")
    s.supply[0] = items(captain=1)
    s.push("@voyages", 0)
    s.advance()
    take(s, "attach", item="captain")  # then "sail off" is the only choice
    assert s.boat[0] == (0, 0, 1, 0, 0, 0)
    assert s.vp[0] == 1 + 1 + 1  # crew + speed + riband on step 1
    assert len(s.fleet[0]) == 1


@rule("SY-E-HEL", "SY-6.6")
def test_helmsman_adds_one_speed_optionally() -> None:
    s = fresh()
    s.employees[0] = [HELMSMAN]
    assert voyage.max_boost(s, 0, tuple(items(sail=2))) == 1
    s.employees[0] = []
    assert voyage.max_boost(s, 0, tuple(items(sail=2))) == 0


def rigged_ship_state(owned: list[int]) -> ShipyardState:
    s = fresh()
    s.employees[0] = owned
    straight_line(s, *[("none", "none", "none")] * 3)  # room for 8 moves
    s.row[0] = [6, 31, 58, A_STERN, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]  # 5 sail/funnel mounts
    s.supply[0] = items(captain=1, sail=4)
    s.push("@voyages", 0)
    s.advance()
    take(s, "attach", item="captain")
    for _ in range(4):
        take(s, "attach", item="sail")
    sail_off(s)
    return s


@rule("SY-E-RIG", "SY-EX-13", "SY-8.1.4")
def test_ex13_rigger_four_sails_offers_plus_0_1_2() -> None:
    s = rigged_ship_state([RIGGER])
    assert kind(s) == "boost"
    assert sorted(a.num("amount") for a in s.legal_actions()) == [0, 1, 2]
    take(s, "boost", amount=1)
    assert s.vp[0] == 1 + 6  # crew + speed 5 + 1
    assert s.boat[0] is not None and s.boat[0][:3] == (2, 0, 0)  # six moves from (0,0,0)


@rule("SY-E-RIG", "SY-E-HEL", "SY-8.1.2")
def test_rigger_and_helmsman_cumulate() -> None:
    s = rigged_ship_state([RIGGER, HELMSMAN])
    assert sorted(a.num("amount") for a in s.legal_actions()) == [0, 1, 2, 3]


# ============================================================================ SY-6.7 conditions
def ship_in_yard(s: ShipyardState, supply: list[int]) -> None:
    s.row[0] = [6, 31, A_STERN, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]
    s.supply[0] = supply
    s.push("@voyages", 0)
    s.advance()


@rule("SY-6.7.1", "SY-6.7.2", "SY-GAP-4f")
def test_ship_without_captain_is_removed_and_items_return_to_supply() -> None:
    s = fresh()
    straight_line(s, ("none", "trade", "riband"))
    boat = s.boat[0]
    ship_in_yard(s, items(sail=2))
    take(s, "attach", item="sail")
    take(s, "sail_off")
    assert s.vp[0] == 0
    assert s.fleet[0] == []
    assert s.supply[0] == items(sail=2)
    assert s.row[0] == [EMPTY] * 9  # it left the shipyard anyway
    assert s.boat[0] == boat
    assert s.ship is None


@rule("SY-6.7.1", "SY-6.7.2", "SY-6.9.3")
def test_ship_too_fast_for_the_canal_system_is_removed() -> None:
    s = fresh()
    straight_line(s, ("none", "trade", "riband"))  # only 2 moves possible
    ship_in_yard(s, items(captain=1, sail=2))
    take(s, "attach", item="captain")
    take(s, "attach", item="sail")
    take(s, "attach", item="sail")
    sail_off(s)  # speed 3 (the only choice left once the supply is empty)
    assert s.vp[0] == 0
    assert s.fleet[0] == []
    assert s.supply[0] == items(captain=1, sail=2)
    assert s.boat[0] == (0, 0, 0, -1, 0, -1)


@rule("SY-6.7.2")
def test_ship_without_any_canal_is_removed() -> None:
    s = fresh()
    ship_in_yard(s, items(captain=1))
    take(s, "attach", item="captain")
    assert s.fleet[0] == [] and s.vp[0] == 0


@rule("SY-6.7.3")
def test_lowering_speed_by_attaching_fewer_sails_lets_the_ship_score() -> None:
    s = fresh()
    straight_line(s, ("none", "none", "riband"))  # only 2 moves possible
    ship_in_yard(s, items(captain=1, sail=2))
    take(s, "attach", item="captain")
    take(s, "attach", item="sail")
    take(s, "sail_off")  # speed 2
    assert s.vp[0] == 1 + 2 + 2  # crew + speed + riband at step 2
    assert s.supply[0] == items(sail=1)
    assert len(s.fleet[0]) == 1


@rule("SY-6.7.3", "SY-8.1.4")
def test_lowering_speed_by_not_using_the_rigger() -> None:
    s = rigged_ship_state([RIGGER])
    s.canals[0] = {(0, 0): s.canals[0][(0, 0)], (1, 0): s.canals[0][(1, 0)]}  # 5 moves
    take(s, "boost", amount=0)
    assert len(s.fleet[0]) == 1
    assert s.vp[0] == 1 + 5


# ============================================================================ SY-6.8-6.11 voyage
EX15_PARTS = [2, 37, 51, 48, 31, A_STERN]
"""Bow 2 (cabin, sail/funnel, lifebuoy), 37 (cabin, crane, lifebuoy), 51 (cabin, cannon,
lifebuoy), 48 (2 sail/funnel, lifebuoy), 31 (2 sail/funnel), stern 84 (propeller): 3 cabins,
5 sail/funnel mounts, 4 lifebuoys."""


@rule("SY-6.8", "SY-6.10", "SY-6.10.1", "SY-6.11", "SY-EX-15", "SY-6.13.1")
def test_ex15_full_voyage_scores_32() -> None:
    s = fresh()
    x, y, z = straight_line(
        s,
        ("none", "lifebuoy", "riband"),  # steps 1-2: lifebuoy, earlier riband
        ("none", "trade", "lifebuoy"),  # steps 3-5: trade, lifebuoy
        ("riband", "none", "none"),  # steps 6-7: last riband on step 6
    )
    s.row[0] = [*EX15_PARTS, EMPTY, EMPTY, EMPTY]
    h = hull(s, tuple(EX15_PARTS))
    assert (h.lifebuoys, h.cabins, h.crane, h.cannon) == (4, 3, 1, 1)
    s.supply[0] = items(
        captain=1, merchant=2, soldier=1, cannon=1, crane=1, funnel=1, propeller=1, sail=3
    )
    s.push("@voyages", 0)
    s.advance()
    for name in ("captain", "merchant", "merchant", "soldier", "cannon", "crane", "funnel"):
        take(s, "attach", item=name)
    take(s, "attach", item="propeller")
    for _ in range(3):
        take(s, "attach", item="sail")
    sail_off(s)
    assert s.stack == []
    crew, equipment, speed = 4, 4, 7
    assert crew + equipment + speed == 15
    assert s.vp[0] == 15 + 2 * 4 + (2 + 1) + 6 == 32
    assert s.fleet[0][0].items == tuple(
        items(captain=1, merchant=2, soldier=1, cannon=1, crane=1, funnel=1, propeller=1, sail=3)
    )
    assert s.used_pile[0] == [x, y]
    assert s.used_count[0] == 2
    assert s.canals[0] == {(2, 0): (z, 0)}
    assert s.boat[0] == (2, 0, 1, 2, 0, 0)  # stern toward the space it came from


@rule("SY-6.11", "SY-EX-16")
@pytest.mark.parametrize(
    ("cards", "riband_vp"),
    [
        ((("none", "none", "riband"), ("none", "none", "riband"), BLANK[1]), 5),  # steps 2, 5
        ((("none", "none", "riband"), BLANK[1], BLANK[1]), 2),  # step 2 only
        ((BLANK[1], BLANK[1], ("none", "riband", "none")), 7),  # ends on it: = speed
        ((BLANK[1], BLANK[1], BLANK[1]), 0),
    ],
)
def test_ex16_only_the_last_blue_riband_scores_its_step(
    cards: tuple[tuple[str, ...], ...], riband_vp: int
) -> None:
    s = fresh()
    straight_line(s, *cards)
    fast = ship(captain=1, funnel=1, propeller=1, sail=3)
    assert base_speed(fast.items) == 7
    assert sail_route(s, fast, 7) == voyage.ship_base_score(fast.items, 7) + riband_vp


@rule("SY-6.10")
@pytest.mark.parametrize(
    ("official", "expected"),
    [("military", 1 + 2), ("trade", 2 + 1), ("lantern", 1), ("lifeboat", 1), ("lifebuoy", 0)],
)
def test_official_scores_for_the_entering_ship(official: str, expected: int) -> None:
    s = fresh()
    straight_line(s, ("none", official, "none"))
    # bow 0: cannon mount, lantern; stern 84: lifeboat; 1 captain, 2 merchants, 1 soldier,
    # 2 cannons, 1 crane (mounts do not matter for scoring a given ship)
    boat = ship(captain=1, merchant=2, soldier=1, cannon=2, crane=1)
    base = voyage.ship_base_score(boat.items, 1)
    assert sail_route(s, boat, 1) == base + expected


@rule("SY-6.10.1", "SY-GAP-4c")
def test_start_space_is_not_entered_and_does_not_score() -> None:
    s = fresh()
    straight_line(s, ("riband", "none", "none"))
    s2 = fresh()
    straight_line(s2, ("military", "none", "none"))
    boat = ship(captain=1, soldier=1)
    assert sail_route(s, boat, 1) == voyage.ship_base_score(boat.items, 1)
    assert sail_route(s2, boat, 1) == voyage.ship_base_score(boat.items, 1)


@rule("SY-6.8")
def test_base_score_crew_cranes_cannons_speed() -> None:
    got = voyage.ship_base_score(tuple(items(captain=2, merchant=1, soldier=1, crane=2)), 3)
    assert got == 4 + 2 * 2 + 3


# ---------------------------------------------------------------------------- movement
@rule("SY-6.9.2")
def test_no_turning_back_within_a_card() -> None:
    s = fresh()
    straight_line(s, BLANK[1])
    assert canals.moves(s, s.canals[0], (0, 0, 1, 0, 0, 0), frozenset()) == [(0, 0, 2)]
    assert canals.moves(s, s.canals[0], (0, 0, 1, 0, 0, 2), frozenset()) == [(0, 0, 0)]


@rule("SY-6.9.2")
def test_junction_any_direction_but_back() -> None:
    s = fresh()
    (fork,) = add_canals(s, ("fork", ("none", "none", "trade", "military")))
    s.canals[0] = {(0, 0): (fork, 0)}
    assert sorted(canals.moves(s, s.canals[0], (0, 0, 1, 0, 0, 0), frozenset())) == [
        (0, 0, 2),
        (0, 0, 3),
    ]
    assert sorted(canals.moves(s, s.canals[0], (0, 0, 1, 0, 0, 2), frozenset())) == [
        (0, 0, 0),
        (0, 0, 3),
    ]


@rule("SY-6.9.1", "SY-GAP-4b")
def test_route_may_not_take_a_branch_that_dead_ends_before_full_speed() -> None:
    s = fresh()
    (fork,) = add_canals(s, ("fork", ("none", "none", "trade", "military")))
    (east,) = add_canals(s, BLANK)
    s.canals[0] = {(0, 0): (fork, 0), (1, 0): (east, 0)}
    s.boat[0] = (0, 0, 1, 0, 0, 0)  # on the junction, came from the west end
    s.ship = ship(captain=1, sail=1)
    s.push_record("route", 0, voyage.Route(2, 0, 0, 0))
    assert len(s.legal_actions()) == 1  # north (space 2) dead-ends after 1 move
    s = fresh()
    (fork,) = add_canals(s, ("fork", ("none", "none", "trade", "military")))
    s.canals[0] = {(0, 0): (fork, 0)}
    s.boat[0] = (0, 0, 1, 0, 0, 0)
    s.ship = ship(captain=1, soldier=1, merchant=1)
    s.push_record("route", 0, voyage.Route(1, 0, 0, 0))
    assert len(s.legal_actions()) == 2
    take(s, "sail", canal=fork, space=3)
    assert s.boat[0] == (0, 0, 3, 0, 0, 1)
    assert s.vp[0] == 1  # military official: 1 soldier


def test_route_labels_at_a_junction_name_the_end_entered() -> None:
    """From a fork's junction two moves stay on the card; two blank ends read apart by side."""
    s = fresh()
    (fork,) = add_canals(s, ("fork", ("none", "none", "none", "none")))
    s.canals[0] = {(0, 0): (fork, 1)}  # turned 90°: ends north, east and south
    s.boat[0] = (0, 0, 1, 0, 0, 0)  # on the junction, came from the north end
    s.ship = ship(captain=1)
    s.push_record("route", 0, voyage.Route(1, 0, 0, 0))
    labels = [a.label for a in s.legal_actions()]
    assert labels == [
        "Sail along this card to its east end, a blank space",
        "Sail along this card to its south end, a blank space",
    ]


@rule("SY-6.9.2", "SY-5.2.3")
def test_boat_cannot_reverse_onto_a_card_placed_where_it_came_from_rotation_0() -> None:
    s = fresh()
    a, b = add_canals(s, BLANK, BLANK)
    # The boat came from (0,0) space 2 onto (1,0) space 0; (0,0) was used up and a new
    # straight was placed there later.
    s.canals[0] = {(0, 0): (a, 0), (1, 0): (b, 0)}
    assert canals.moves(s, s.canals[0], (1, 0, 0, 0, 0, 2), frozenset()) == [(1, 0, 1)]


@rule("SY-6.9.2", "SY-5.2.3")
def test_boat_cannot_reverse_onto_a_card_placed_where_it_came_from_rotation_2() -> None:
    s = fresh()
    a, b = add_canals(s, BLANK, BLANK)
    s.canals[0] = {(0, 0): (a, 2), (1, 0): (b, 0)}
    assert canals.moves(s, s.canals[0], (1, 0, 0, 0, 0, 2), frozenset()) == [(1, 0, 1)]


# ---------------------------------------------------------------------------- used cards
@rule("SY-6.13.1", "SY-6.13.2", "SY-GAP-4d")
def test_left_card_used_and_disconnected_card_discarded() -> None:
    s = fresh()
    d, a, b = add_canals(s, BLANK, BLANK, BLANK)
    # D west of A, B east of A; the boat on A's middle heading east.
    s.canals[0] = {(-1, 0): (d, 0), (0, 0): (a, 0), (1, 0): (b, 0)}
    s.boat[0] = (0, 0, 1, 0, 0, 0)
    s.canal_discard = []
    sail_route(s, ship(captain=1, sail=1), 2)
    assert s.boat[0] == (1, 0, 0, 0, 0, 2)
    assert s.used_pile[0] == [a]
    assert s.used_count[0] == 1
    assert s.canal_discard == [d]
    assert s.canals[0] == {(1, 0): (b, 0)}
    assert vp_of(s, "SY-C-11") == 4  # D does not count


@rule("SY-6.13.2", "SY-GAP-4d")
def test_cards_still_reachable_stay_in_the_system() -> None:
    s = fresh()
    a, b, c = straight_line(s, BLANK[1], BLANK[1], BLANK[1])
    sail_route(s, ship(captain=1, sail=2), 3)
    assert s.canals[0] == {(1, 0): (b, 0), (2, 0): (c, 0)}
    assert s.canal_discard == []
    assert s.used_pile[0] == [a]


# ============================================================================ SY-8.3 contracts
def fleet(s: ShipyardState, *ships: Ship, seat: int = 0) -> None:
    s.fleet[seat] = list(ships)


@rule("SY-8.3.3", "SY-C-02", "SY-EX-17")
def test_c02_five_merchants_8_vp() -> None:
    s = fresh()
    fleet(s, ship(captain=1, merchant=3), ship((1, 21, 85), captain=1, merchant=2))
    assert vp_of(s, "SY-C-02") == 8


@rule("SY-8.3.3", "SY-C-06", "SY-EX-17")
@pytest.mark.parametrize(("per_ship", "vp"), [((3, 1), 3), ((2, 2), 6), ((4,), 6), ((1, 1), 0)])
def test_c06_pairs_of_sails_on_the_same_ship(per_ship: tuple[int, ...], vp: int) -> None:
    s = fresh()
    fleet(s, *(ship(captain=1, sail=n) for n in per_ship))
    assert vp_of(s, "SY-C-06") == vp


@rule("SY-8.3.3", "SY-C-07", "SY-EX-17")
def test_c07_three_ships_seven_captains_12_vp() -> None:
    s = fresh()
    fleet(s, ship(captain=3), ship(captain=2), ship(captain=2))
    assert vp_of(s, "SY-C-07") == 12


@rule("SY-C-12", "SY-EX-17", "SY-GAP-10b")
def test_c12_lifebuoys_6_is_12_and_7_is_13() -> None:
    s = fresh()
    six = (ship((17, 28, 91)), ship((2, 20, 92)))  # 2+1+1 and 1+0+1 lifebuoys
    fleet(s, *six)
    assert scoring.table_count(s, 0, "lifebuoys") == 6
    assert vp_of(s, "SY-C-12") == 12
    fleet(s, *six, ship((3, 22, 84)))  # bow 3: one more lifebuoy
    assert vp_of(s, "SY-C-12") == 13


@rule("SY-C-13", "SY-EX-17")
def test_c13_three_five_part_ships_15_vp() -> None:
    s = fresh()
    fleet(
        s,
        ship((0, 20, 21, 22, 84)),
        ship((1, 23, 24, 25, 85)),
        ship((2, 26, 27, 28, 86)),
        ship((3, 29, 87)),  # 3 parts: does not count
    )
    assert vp_of(s, "SY-C-13") == 15


@rule("SY-C-16", "SY-EX-18")
def test_c16_two_six_part_ships_10_vp() -> None:
    s = fresh()
    fleet(s, ship((0, 20, 21, 22, 23, 84)), ship((1, 24, 25, 26, 27, 85)), ship((2, 28, 86)))
    assert vp_of(s, "SY-C-16") == 10


@rule("SY-C-17", "SY-EX-17")
@pytest.mark.parametrize(("n", "vp"), [(0, 0), (4, 4), (5, 6), (7, 10)])
def test_c17_employees_tiered(n: int, vp: int) -> None:
    s = fresh()
    s.employees[0] = list(range(n))
    assert vp_of(s, "SY-C-17") == vp


@rule("SY-C-03", "SY-EX-17")
def test_c03_two_of_each_still_6_vp_per_ship() -> None:
    s = fresh()
    fleet(s, ship(captain=1, sail=2, funnel=2, propeller=2), ship(captain=1, sail=1, funnel=1))
    assert vp_of(s, "SY-C-03") == 6


@rule("SY-C-22", "SY-EX-17")
def test_c22_two_of_each_safety_feature_5_vp() -> None:
    s = fresh()
    parts = (15, 53, 26, 89)  # bow 15: 1/1/1; 53: lifebuoy+lifeboat; 26: lantern
    h = hull(s, parts)
    assert (h.lifebuoys, h.lifeboats, h.lanterns) == (2, 2, 2)
    fleet(s, ship(parts, captain=1), ship((17, 20, 91), captain=1))  # lifebuoys only
    assert vp_of(s, "SY-C-22") == 5


@rule("SY-C-23", "SY-GAP-10b")
def test_c23_merchant_levels_count_as_distinct_types() -> None:
    s = fresh()
    s.employees[0] = [COAL_1, STEEL_1]
    assert scoring.table_count(s, 0, "employee_types") == 1
    s.employees[0] = [COAL_1, COAL_2]
    assert scoring.table_count(s, 0, "employee_types") == 2
    s.employees[0] = [COAL_1, COAL_2, ENG_CRANE, HELMSMAN, RIGGER]
    assert scoring.table_count(s, 0, "employee_types") == 4
    card = contract(s, "SY-C-23")
    assert vp_of(s, "SY-C-23") == card.table[4]


@rule("SY-C-01", "SY-C-24", "SY-8.3.1")
def test_pairs_count_only_on_the_same_ship() -> None:
    s = fresh()
    fleet(s, ship(captain=1, merchant=2, crane=1, soldier=1), ship(captain=1, crane=1, cannon=2))
    assert vp_of(s, "SY-C-01") == 3
    assert vp_of(s, "SY-C-24") == 0


@rule("SY-7.6", "SY-EX-18", "SY-E-MER", "SY-GAP-8d")
def test_ex18_final_scoring_12_plus_10_plus_5() -> None:
    s = fresh()
    fleet(
        s,
        ship((0, 20, 21, 22, 23, 84), captain=1, sail=4),
        ship((1, 24, 25, 26, 27, 85), captain=1, sail=4),
    )
    idx = {c.id: i for i, c in enumerate(s.content.contracts)}
    s.contracts[0] = [idx["SY-C-06"], idx["SY-C-16"]]
    s.employees[0] = [STEEL_1, STEEL_2, COAL_1]
    s.vp[0] = 0
    scoring.final_scoring(s)
    assert vp_of(s, "SY-C-06") == 12
    assert vp_of(s, "SY-C-16") == 10
    assert s.vp[0] == 12 + 10 + 5


# ---------------------------------------------------------------------------- the other contracts
@rule("SY-8.3.3", "SY-C-04")
@pytest.mark.parametrize(("per_ship", "vp"), [((1, 2, 1), 6), ((1,), 0), ((0,), 0), ((2, 0), 2)])
def test_c04_two_vp_per_soldier_beyond_the_first(per_ship: tuple[int, ...], vp: int) -> None:
    s = fresh()
    fleet(s, *(ship(captain=1, soldier=n) for n in per_ship))
    assert vp_of(s, "SY-C-04") == vp


@rule("SY-C-05")
def test_c05_eight_vp_per_ship_with_merchant_soldier_crane_and_cannon() -> None:
    s = fresh()
    full = ship(captain=1, merchant=2, soldier=1, crane=1, cannon=2)
    no_cannon = ship(captain=1, merchant=1, soldier=1, crane=1)
    fleet(s, full, no_cannon)
    assert vp_of(s, "SY-C-05") == 8  # two of a kind still 8; a ship missing one scores 0
    fleet(s, full, full, no_cannon)
    assert vp_of(s, "SY-C-05") == 16
    # Spread over two ships, the four items do not count.
    fleet(s, ship(captain=1, merchant=1, crane=1), ship(captain=1, soldier=1, cannon=1))
    assert vp_of(s, "SY-C-05") == 0


@rule("SY-C-08", "SY-GAP-10b")
def test_c08_kinds_of_equipment_and_crew_in_the_fleet() -> None:
    """Stand-in table 0, 1, 2, 3, 5, 7, 10, 13, 16 for 0-8 kinds; an officer is a captain
    beyond a ship's first; a kind on several ships counts once; a first captain is no kind."""
    s = fresh()
    fleet(s, ship(captain=1))
    assert vp_of(s, "SY-C-08") == 0
    fleet(s, ship(captain=1, sail=2), ship(captain=1, sail=1))
    assert vp_of(s, "SY-C-08") == 1
    seven = (
        ship(captain=1, propeller=1, funnel=1),
        ship(captain=1, sail=1, crane=1, cannon=1, merchant=1, soldier=1),
    )
    fleet(s, *seven)
    assert scoring.table_count(s, 0, "kinds") == 7
    assert vp_of(s, "SY-C-08") == 13
    fleet(s, *seven, ship(captain=2))  # + officer
    assert vp_of(s, "SY-C-08") == 16


@rule("SY-8.3.3", "SY-C-09")
@pytest.mark.parametrize(("per_ship", "vp"), [((3, 1), 3), ((2, 2), 6), ((4,), 6), ((1, 1), 0)])
def test_c09_pairs_of_funnels_on_the_same_ship(per_ship: tuple[int, ...], vp: int) -> None:
    s = fresh()
    fleet(s, *(ship(captain=1, funnel=n) for n in per_ship))
    assert vp_of(s, "SY-C-09") == vp


@rule("SY-C-10", "SY-7.8")
def test_c10_three_vp_per_propeller_in_the_fleet_not_in_the_supply() -> None:
    s = fresh()
    fleet(s, ship(captain=1, propeller=1), ship(captain=1, propeller=2, funnel=1))
    s.supply[0] = items(propeller=4)
    assert vp_of(s, "SY-C-10") == 9


@rule("SY-C-14", "SY-GAP-10b", "SY-GAP-10d")
def test_c14_ship_parts_in_the_fleet() -> None:
    """Stand-in table: nothing for up to 4 parts, then 1, 1, 2, 2, 3 for 5-9 parts and one more
    per part from 10 (4 VP) on; substitute parts count."""
    s = fresh()
    three = ship((0, 20, 84))
    four = ship((1, 21, SUBSTITUTE + MIDDLE, 85))
    seven_mid = ship((2, 22, 23, 24, 25, 26, 27, 28, 86))  # 9 parts
    cases = [((three,), 0), ((three, four), 2), ((three, four, three), 4), ((seven_mid,), 3)]
    for ships, vp in cases:
        fleet(s, *ships)
        assert vp_of(s, "SY-C-14") == vp, ships
    fleet(s, seven_mid, seven_mid, four)  # 22 parts
    assert scoring.table_count(s, 0, "parts") == 22
    assert vp_of(s, "SY-C-14") == 16


@rule("SY-C-15", "SY-6.4.4", "SY-GAP-10b")
def test_c15_lanterns_in_the_fleet() -> None:
    """Lanterns come printed on the parts. Stand-in table 0, 2, 4, 6, 9, 12, 15, then +2."""
    s = fresh()
    a = ship((0, 26, 87))  # bow 0, middle 26, stern 87: one lantern each
    fleet(s, a)
    assert scoring.table_count(s, 0, "lanterns") == 3
    assert vp_of(s, "SY-C-15") == 6
    fleet(s, a, ship((15, 42, 93)))
    assert vp_of(s, "SY-C-15") == 15
    fleet(s, a, ship((15, 42, 93)), ship((19, 52, 96)))
    assert vp_of(s, "SY-C-15") == 15 + 2 * 3
    fleet(s, ship((2, 20, 84)))  # no lantern on any part
    assert vp_of(s, "SY-C-15") == 0


@rule("SY-C-18", "SY-6.4.4", "SY-GAP-10b")
def test_c18_lifeboats_in_the_fleet() -> None:
    s = fresh()
    fleet(s, ship((15, 53, 84)))  # one lifeboat on each part
    assert vp_of(s, "SY-C-18") == 6
    fleet(s, ship((15, 53, 84)), ship((18, 33, 85)))
    assert scoring.table_count(s, 0, "lifeboats") == 6
    assert vp_of(s, "SY-C-18") == 15
    fleet(s, ship((15, 53, 84)), ship((18, 33, 85)), ship((0, 43, 86)))
    assert vp_of(s, "SY-C-18") == 15 + 2 * 2


@rule("SY-C-19", "SY-GAP-10b")
def test_c19_ships_of_seven_or_more_parts() -> None:
    """Stand-in table 0, 5, 12, 20, then +8 a ship."""
    s = fresh()
    six = ship((0, 20, 21, 22, 23, 84))
    seven = ship((1, 24, 25, 26, 27, 28, 85))
    nine = ship((2, 29, 30, 31, 32, 33, 34, 35, 86))
    fleet(s, six, six)
    assert vp_of(s, "SY-C-19") == 0
    fleet(s, seven, six)
    assert vp_of(s, "SY-C-19") == 5
    fleet(s, seven, nine, six)
    assert vp_of(s, "SY-C-19") == 12
    fleet(s, seven, nine, seven, nine)
    assert vp_of(s, "SY-C-19") == 28


@rule("SY-C-20", "SY-GAP-10c")
def test_c20_two_vp_per_blue_yellow_or_orange_employee() -> None:
    s = fresh()
    s.employees[0] = [ENG_SAIL, REC_CAPTAIN]  # brown, green
    assert vp_of(s, "SY-C-20") == 0
    s.employees[0] = [ENG_SAIL, REC_CAPTAIN, DES_SAIL, HELMSMAN, ACCOUNTANT, COAL_1, COAL_2]
    assert vp_of(s, "SY-C-20") == 2 * 5


@rule("SY-C-21", "SY-GAP-10b")
@pytest.mark.parametrize(("ships", "vp"), [(0, 0), (1, 1), (3, 6), (6, 18), (7, 22)])
def test_c21_number_of_ships_in_the_fleet(ships: int, vp: int) -> None:
    s = fresh()
    fleet(s, *(ship(captain=1) for _ in range(ships)))
    assert vp_of(s, "SY-C-21") == vp


@rule("SY-8.3.2", "SY-GAP-10b")
def test_stand_in_tables_never_pay_less_for_more_and_keep_the_anchors() -> None:
    s = fresh()
    for card in s.content.contracts:
        if card.measure == "table":
            assert list(card.table) == sorted(card.table), card.id
            assert card.table[0] == 0 and card.beyond >= 0, card.id
    by_id = {c.id: c for c in s.content.contracts}
    assert by_id["SY-C-12"].table[6] == 12 and by_id["SY-C-12"].beyond == 1
    assert by_id["SY-C-13"].table[3] == 15
    assert by_id["SY-C-16"].table[2] == 10


# ---------------------------------------------------------------------------- voyages in play
def straight_card(s: ShipyardState) -> int:
    """A straight canal card from the deck (taken out of it)."""
    card = next(c for c in s.canal_deck if s.content.canals[c].shape == "straight")
    s.canal_deck.remove(card)
    return card


@rule("SY-6.1", "SY-6.2")
def test_ships_completed_together_all_sail_in_the_order_the_owner_chooses() -> None:
    s = fresh()
    s.row[0] = [A_BOW, A_MID, EMPTY, 1, 21, 22, EMPTY, EMPTY, EMPTY]
    s.supply[0] = items(captain=2)
    straight_line(s, BLANK[1], BLANK[1])
    s.offer[3][:2] = [85, 86]
    s.coins[0] = 1
    s.push("@voyages", 0)
    building.start(s, 0)
    s.advance()
    buy(s, 3, 0, 2)
    buy(s, 3, 1, 6)
    stop(s)
    assert kind(s) == "launch"
    assert {a.num("cell") for a in s.legal_actions()} == {0, 3}
    take(s, "launch", cell=3)  # the 4-part ship first
    take(s, "attach", item="captain")  # no cabin for more: it sails at once
    assert kind(s) == "fit"  # the other one is launched by itself
    take(s, "attach", item="captain")
    assert not s.stack
    assert [e["parts"] for e in s.events if e["type"] == "voyage"] == [4, 3]
    assert s.row[0] == [EMPTY] * 9  # both left the shipyard this turn


@rule("SY-5.3.5", "SY-6.3.2", "SY-6.12.1", "SY-6.3.1")
def test_equipment_waits_in_the_supply_then_stays_on_its_ship_in_the_fleet() -> None:
    s = circle_state("equipment", 3, 0, [])  # the next space gives the cannon
    take(s, "circle", steps=1)
    assert s.supply[0] == items(cannon=1)
    s.supply[0] = items(cannon=1, captain=2)
    s.row[0] = [A_BOW, A_MID, A_STERN, A_BOW, A_MID, A_STERN, EMPTY, EMPTY, EMPTY]
    straight_line(s, BLANK[1], BLANK[1])
    s.push("@voyages", 0)
    s.advance()
    take(s, "launch", cell=0)
    take(s, "attach", item="cannon")  # bow 0 has a cannon mount
    take(s, "attach", item="captain")  # nothing else fits: it sails at once
    assert s.fleet[0][0].items == tuple(items(cannon=1, captain=1))
    assert s.row[0][:3] == [EMPTY] * 3
    # The second ship cannot use the cannon any more: it stays on the first.
    assert kind(s) == "fit" and "cannon" not in attachable(s)
    take(s, "attach", item="captain")
    assert [sh.items for sh in s.fleet[0]] == [
        tuple(items(cannon=1, captain=1)),
        tuple(items(captain=1)),
    ]
    assert s.supply[0] == items()
    assert vp_of(s, "SY-C-24") == 0 and scoring.table_count(s, 0, "ships") == 2


@rule("SY-6.12.2", "SY-6.9.1")
def test_the_next_voyage_starts_where_the_last_one_ended() -> None:
    s = fresh()
    a, b, c = straight_line(s, BLANK[1], BLANK[1], BLANK[1])
    sail_route(s, ship(captain=1, sail=1), 2)
    assert s.boat[0] == (0, 0, 2, 0, 0, 1)  # on the east end, stern toward the middle
    assert s.canals[0][(0, 0)] == (a, 0)  # the card was not left: still in the system
    sail_route(s, ship(captain=1), 1)
    assert s.boat[0] == (1, 0, 0, 0, 0, 2)  # one move on: onto the next card
    assert s.used_pile[0] == [a]
    sail_route(s, ship(captain=1, sail=2), 3)
    assert s.boat[0] == (2, 0, 0, 1, 0, 2)
    assert s.used_pile[0] == [a, b] and s.canals[0] == {(2, 0): (c, 0)}


@rule("SY-6.14", "SY-6.12.1", "SY-6.8", "SY-6.11")
def test_voyage_procedure_from_launch_to_fleet() -> None:
    """Attach from the supply, speed from the items, the crew/equipment/speed score, the
    officials entered, the last Blue Riband's step, then the fleet and the used canal."""
    s = fresh()
    first, second = straight_line(s, ("none", "lantern", "lifeboat"), ("riband", "none", "none"))
    s.row[0] = [A_BOW, A_MID, A_STERN, *[EMPTY] * 6]
    s.employees[0] = [DES_SAIL]  # two sails without a mount
    s.supply[0] = items(captain=1, sail=2, merchant=1)
    s.push("@voyages", 0)
    s.advance()
    assert "merchant" not in attachable(s)  # no cabin on these parts
    take(s, "attach", item="captain")
    take(s, "attach", item="sail")
    take(s, "attach", item="sail")
    sail_off(s)
    # Crew 1 + speed 3 (1 + 2 sails); lantern official +1 (bow 0), lifeboat official +1
    # (stern 84), Blue Riband entered on step 3: +3.
    assert s.vp[0] == 1 + 3 + 1 + 1 + 3
    assert s.fleet[0] == [Ship((A_BOW, A_MID, A_STERN), tuple(items(captain=1, sail=2)))]
    assert s.supply[0] == items(merchant=1)
    assert s.used_pile[0] == [first] and s.canals[0] == {(1, 0): (second, 0)}
    assert s.events[-1]["type"] == "voyage" and s.events[-1]["speed"] == 3


@rule("SY-7.8", "SY-6.7.2")
def test_a_removed_ship_never_joins_the_fleet() -> None:
    s = fresh()
    straight_line(s, BLANK[1])
    s.row[0] = [A_BOW, A_MID, A_STERN, *[EMPTY] * 6]
    s.supply[0] = items(soldier=1, cannon=1)
    s.push("@voyages", 0)
    s.advance()
    take(s, "attach", item="cannon")
    sail_off(s)  # no captain: removed
    assert s.fleet[0] == [] and s.row[0] == [EMPTY] * 9
    assert s.supply[0] == items(soldier=1, cannon=1)  # nothing in the supply scores either
    for cid in ("SY-C-21", "SY-C-24", "SY-C-14", "SY-C-04"):
        assert vp_of(s, cid) == 0, cid


@rule("SY-6.4.4", "SY-5.1.9")
def test_safety_features_come_printed_on_the_parts() -> None:
    s = fresh()
    parts = (15, 53, 26, 96)
    h = hull(s, parts)
    for name in ("lifebuoys", "lifeboats", "lanterns"):
        assert getattr(h, name) == sum(getattr(s.content.parts[p], name) for p in parts), name
    assert (h.lifebuoys, h.lifeboats, h.lanterns) == (2, 3, 3)
    assert hull(s, (15, SUBSTITUTE + MIDDLE, 96)).lifeboats == 2  # a substitute has none


@rule("SY-5.3.6", "SY-GAP-7a")
def test_equipment_circle_runs_cannon_funnel_crane_sail() -> None:
    got = []
    for steps in range(1, 5):
        s = circle_state("equipment", 0, 10, [])  # the pointer on the cannon
        take(s, "circle", steps=steps)
        got.append(next(ITEMS[i] for i, n in enumerate(s.supply[0]) if n))
    assert got == ["funnel", "crane", "sail", "cannon"]


@rule("SY-8.1.1", "SY-8.1.2", "SY-E-ENG")
def test_an_employee_works_every_time_for_the_rest_of_the_game() -> None:
    s = circle_state("equipment", 0, 10, [ENG_SAIL, ENG_CRANE])
    for _ in range(5):
        s.push_record("circle", 0, supplies.CircleChoice("equipment"))
        s.advance()
        take(s, "circle", steps=1)
    assert s.supply[0][ITEM_INDEX["sail"]] >= 5 and s.supply[0][ITEM_INDEX["crane"]] >= 5
    assert sum(s.supply[0]) == 15  # each time the circle's item and both extras


@rule("SY-5.5.2", "SY-3.2")
def test_three_employees_a_space_the_upper_of_a_pair_is_taken() -> None:
    s = new(3, seed=45)
    s.stack.clear()
    space = (s.oval_ptr + 1) % s.content.board.oval_spaces
    assert len(s.oval[space]) == 3 and all(len(st) == 2 for st in s.oval[space])
    pairs = ((HELMSMAN, HELMSMAN), (RIGGER, RIGGER), (ACCOUNTANT, ACCOUNTANT))
    s.oval = (*s.oval[:space], pairs, *s.oval[space + 1 :])
    for seat in (0, 1, 2):
        s.coins[seat] = 0  # one free step: onto that space
        s.oval_ptr = (space - 1) % s.content.board.oval_spaces
        s.push("oval", seat)
        s.advance()
        assert kind(s) == "hire" and s.oval_ptr == space
        if seat == 2:  # both Riggers are gone
            assert {a.num("slot") for a in s.legal_actions()} == {0, 2}
            break
        assert len(s.legal_actions()) == 3
        take(s, "hire", slot=1)
        assert s.employees[seat] == [RIGGER]
        assert s.oval[space][1] == (RIGGER,) * (1 - seat)


@rule("SY-5.5.5", "SY-2.3")
def test_hired_employees_stay_face_up_for_the_rest_of_the_game() -> None:
    s = new(3, seed=46)
    rng = random.Random(3)
    hired: list[list[int]] = [[] for _ in range(3)]
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        for seat in range(3):
            assert s.employees[seat][: len(hired[seat])] == hired[seat]  # never lost
            hired[seat] = s.employees[seat][:]
    names = [[s.employee_name(e) for e in hired[seat]] for seat in range(3)]
    assert any(names)
    for viewer in (0, 1, 2, None):
        players = s.observation(viewer)["state"]["players"]
        assert [p["employees"] for p in players] == names
