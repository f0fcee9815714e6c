"""Shipyard rule tests: setup (SY-3), first turns, phase 1, lagging, choices, income, the
bonus action, laps and contract discards (SY-4). Build the exact position, play, assert."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tabletide import ConfigError
from tabletide.games.shipyard import track
from tabletide.games.shipyard.constants import (
    BOW,
    BUILD,
    CANAL,
    COLUMN_TYPE,
    CREW_TILE,
    EMPTY,
    EQUIP,
    EXCHANGE,
    GOODS_TILE,
    HIRE,
    MIDDLE,
    STARTING_WAGON,
    STERN,
    SUBSIDY,
    TILE_NAMES,
)
from tabletide.games.shipyard.state import ShipyardState

from .helpers import (
    choice_tiles,
    distances,
    events_of,
    finish_turn,
    has,
    kind,
    new,
    play_until,
    set_front,
    set_track,
    take,
    to_choose,
    to_normal_turn,
)

N = 23  # SY-GAP-9a: spaces on the action track
TILE = TILE_NAMES
TILE_IDS = {name: t for t, name in enumerate(TILE_NAMES)}
FIRST = {2: 2, 3: 1, 4: 1}


def colours(state: ShipyardState, ids: list[int]) -> Counter[str]:
    return Counter(state.content.contracts[i].colour for i in ids)


def last_income(state: ShipyardState) -> int:
    income: int = events_of(state, "choose")[-1]["income"]
    return income


def at_d(state: ShipyardState) -> dict[int, int]:
    """Spaces behind the leader -> tile."""
    return {d: t for t, d in distances(state).items()}


def ready(state: ShipyardState) -> ShipyardState:
    """Make every action performable for the deciding seat (wagon, empty shipyard, coins), so
    that the tiles offered depend only on the track (SY-4.9.1). Coins do not affect income."""
    seat = state.current_player()
    state.wagons[seat] = state.wagons[seat] or [STARTING_WAGON]
    state.row[seat] = [EMPTY] * len(state.row[seat])
    state.coins[seat] = max(state.coins[seat], 20)
    return state


def arrange(
    state: ShipyardState, order: list[int], figs: dict[int, list[int]], coins: int | None = None
) -> int:
    """At a pending normal-turn ``choose_tile``: tiles contiguous in ``order`` (leader first),
    figures as given (the deciding seat's own figures per SY-4.5 after phase 1), and optionally
    the deciding seat's coins. Returns the deciding seat."""
    assert kind(state) == "choose_tile" and not any(state.first_left)
    seat = state.current_player()
    set_track(state, {t: d for d, t in enumerate(order)})
    for s in range(state.num_players):
        state.figs[s] = list(figs.get(s, []))
    if coins is not None:
        state.coins[seat] = coins
    return seat


# ============================================================================ setup (SY-3)
@pytest.mark.rule("SY-3.1.1")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_player_materials(n: int) -> None:
    s = new(n, seed=5)
    assert s.coins == [6] * n
    assert s.wagons == [[STARTING_WAGON]] * n
    assert s.vp == [0] * n
    dealt = [i for held in s.contracts for i in held]
    assert len(dealt) == len(set(dealt)) == 6 * n  # every card dealt once
    for seat in range(n):
        assert colours(s, s.contracts[seat]) == Counter(blue=3, green=3)
    assert colours(s, s.contract_box) == Counter(blue=12 - 3 * n, green=12 - 3 * n)


@pytest.mark.rule("SY-3.2")
@pytest.mark.rule("SY-4.0.3")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_tiles_subsidy_and_round_marker(n: int) -> None:
    s = new(n, seed=2)
    assert (SUBSIDY in s.tiles) == (n == 4)
    assert len(s.tiles) == (8 if n == 4 else 7)
    assert (s.pos[SUBSIDY] >= 0) == (n == 4)
    assert s.marker == n  # SY-3.2 step 11
    # SY-GAP-9b default: contiguous, leading tile on the start space (space 0).
    assert s.pos[s.lead] == 0
    assert sorted(distances(s).values()) == list(range(len(s.tiles)))


@pytest.mark.rule("SY-3.1.1")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_figures_per_player(n: int) -> None:
    """3 figures each with 2 players, 1 with 3-4: all are on the board after the first turns."""
    s = to_normal_turn(new(n, seed=1))
    seat = s.current_player()
    for other in range(n):
        if other != seat:
            assert len(s.figs[other]) == (3 if n == 2 else 1)
    # The deciding seat has already lifted figures in phase 1: 2 on the board (2 players).
    assert len(s.figs[seat]) == (2 if n == 2 else 0)


@pytest.mark.rule("SY-3.2")
@pytest.mark.rule("SY-5.1.1")
@pytest.mark.parametrize("n", [2, 4])
def test_setup_offers(n: int) -> None:
    s = new(n, seed=3)
    for col in range(4):
        assert EMPTY not in s.offer[col] and len(s.offer[col]) == 5
        assert all(s.part_types[p] == COLUMN_TYPE[col] for p in s.offer[col])
    assert Counter(s.part_types[p] for col in s.offer for p in col) == {
        BOW: 5,
        MIDDLE: 10,
        STERN: 5,
    }
    assert len(s.wagon_offer) == 5 and STARTING_WAGON not in s.wagon_offer
    assert len(s.canal_offer) == 5
    assert len(set(s.canal_offer)) == 5 and len(set(s.wagon_offer)) == 5


@pytest.mark.rule("SY-3.2")
def test_setup_middle_deck_larger_group_on_top() -> None:
    """SY-3.2 step 1: the larger middle group goes on top, so it is drawn first."""
    s = new(3, seed=4)
    groups = Counter(p.group for p in s.content.parts if p.type == "middle")
    large, small = (g for g, _ in groups.most_common())
    assert groups[large] > groups[small]
    offered = [p for col in (1, 2) for p in s.offer[col]]
    assert {s.content.parts[p].group for p in offered} == {large}
    deck = s.part_decks[MIDDLE]  # top = last element
    bottom, top = deck[: groups[small]], deck[groups[small] :]
    assert {s.content.parts[p].group for p in bottom} == {small}
    assert {s.content.parts[p].group for p in top} == {large}
    assert len(top) == groups[large] - 10


@pytest.mark.rule("SY-3.2")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_employee_stacks(n: int) -> None:
    """Steps 14-15: 3 employees per oval space; stacked in identical pairs with 3-4 players."""
    s = new(n, seed=6)
    assert len(s.oval) == s.content.board.oval_spaces
    ids = []
    for space in s.oval:
        assert len(space) == 3
        for stack in space:
            assert len(stack) == (1 if n == 2 else 2)
            assert len(set(stack)) == 1
            ids.append(stack[0])
    assert sorted(ids) == sorted(e.id for e in s.content.employees)


@pytest.mark.rule("SY-3.2")
@pytest.mark.parametrize("seed", range(4))
def test_setup_first_game_key_employee_on_every_space(seed: int) -> None:
    s = new(4, seed=seed, first_game=True)
    roles = {e.id: e.role for e in s.content.employees}
    for space in s.oval:
        keys = [st[0] for st in space if roles[st[0]] in ("engineer", "recruiter")]
        assert len(keys) == 1, space
    plain = [new(4, seed=k) for k in range(12)]
    # Without the option the layout is random: some space lacks a key employee.
    assert any(
        not any(roles[st[0]] in ("engineer", "recruiter") for st in space)
        for p in plain
        for space in p.oval
    )


# ============================================================================ first turns
@pytest.mark.rule("SY-4.3.2")
@pytest.mark.parametrize("n", [3, 4])
def test_first_turn_starting_player_any_tile_no_income(n: int) -> None:
    s = new(n, seed=7)
    assert s.current_player() == s.start
    assert choice_tiles(ready(s)) == set(s.tiles)  # the leading tile included
    last = at_d(s)[len(s.tiles) - 1]
    take(ready(s), "choose_tile", tile=last)
    assert last_income(s) == 0
    assert s.figs[s.start] == [last]


@pytest.mark.rule("SY-4.3.3")
@pytest.mark.rule("SY-EX-1")
@pytest.mark.parametrize(("start_d", "second_d", "income"), [(2, 4, 1), (2, 1, 0), (0, 6, 1)])
def test_first_turn_second_player_income(start_d: int, second_d: int, income: int) -> None:
    s = new(3, seed=8)
    by_d = at_d(s)
    take(ready(s), "choose_tile", tile=by_d[start_d])
    finish_turn(s)
    second = (s.start + 1) % 3
    assert s.current_player() == second and kind(s) == "choose_tile"
    assert by_d[start_d] not in choice_tiles(ready(s))
    take(ready(s), "choose_tile", tile=by_d[second_d])
    assert last_income(s) == income


@pytest.mark.rule("SY-4.3.4")
@pytest.mark.rule("SY-EX-1")
def test_first_turn_third_and_fourth_player_income() -> None:
    s = new(4, seed=9)
    by_d = at_d(s)
    take(ready(s), "choose_tile", tile=by_d[1])  # Yellow
    finish_turn(s)
    take(ready(s), "choose_tile", tile=by_d[5])  # Green, behind
    finish_turn(s)
    assert choice_tiles(ready(s)) == set(s.tiles) - {by_d[1], by_d[5]}
    take(ready(s), "choose_tile", tile=by_d[3])  # Red: Yellow ahead, Green behind -> 1 (SY-EX-1)
    assert last_income(s) == 1
    finish_turn(s)
    assert choice_tiles(ready(s)) == set(s.tiles) - {by_d[1], by_d[3], by_d[5]}
    take(ready(s), "choose_tile", tile=by_d[7])  # all three occupied tiles ahead
    assert last_income(s) == 3


@pytest.mark.rule("SY-4.4.2")
@pytest.mark.rule("SY-4.4.3")
@pytest.mark.rule("SY-4.4.4")
@pytest.mark.rule("SY-4.4.5")
@pytest.mark.rule("SY-EX-2")
def test_first_turns_two_players() -> None:
    s = new(2, seed=10)
    a, b = s.start, 1 - s.start
    by_d = at_d(s)
    take(ready(s), "choose_tile", tile=by_d[2])
    assert s.figs[a] == [by_d[2], by_d[2]]  # two figures on the first choice
    assert last_income(s) == 0
    finish_turn(s)
    assert s.current_player() == b and by_d[2] not in choice_tiles(ready(s))
    take(ready(s), "choose_tile", tile=by_d[4])  # behind A's tile -> 1
    assert last_income(s) == 1 and s.figs[b] == [by_d[4], by_d[4]]
    finish_turn(s)
    # A's second turn: no phase 1; third figure; own and opponent tiles ahead both count.
    assert s.current_player() == a
    assert distances(s) == {t: d for d, t in by_d.items()}  # no phase 1: nothing moved
    assert choice_tiles(ready(s)) == set(s.tiles) - {by_d[2], by_d[4]}
    take(ready(s), "choose_tile", tile=by_d[5])
    assert last_income(s) == 2
    assert s.figs[a] == [by_d[2], by_d[2], by_d[5]]
    finish_turn(s)
    # B's second turn: SY-EX-2 - 3 occupied tiles ahead -> 3 coins.
    assert s.current_player() == b
    take(ready(s), "choose_tile", tile=by_d[6])
    assert last_income(s) == 3
    assert s.figs[b] == [by_d[4], by_d[4], by_d[6]]


@pytest.mark.rule("SY-4.4.2")
def test_first_turn_two_players_second_player_ahead_gets_nothing() -> None:
    s = new(2, seed=11)
    by_d = at_d(s)
    take(ready(s), "choose_tile", tile=by_d[3])
    finish_turn(s)
    take(ready(s), "choose_tile", tile=by_d[1])
    assert last_income(s) == 0


# ============================================================================ phase 1
@pytest.mark.rule("SY-4.5.1")
@pytest.mark.rule("SY-4.6")
@pytest.mark.rule("SY-4.3.5")
@pytest.mark.parametrize("n", [3, 4])
def test_phase1_tile_to_front_three_four_players(n: int) -> None:
    s = new(n, seed=12)
    by_d = at_d(s)
    first = s.start
    chosen = {first: by_d[3]}
    take(ready(s), "choose_tile", tile=by_d[3])
    finish_turn(s)
    for k in range(1, n):
        seat = (first + k) % n
        chosen[seat] = by_d[3 + k]
        take(ready(s), "choose_tile", tile=by_d[3 + k])
        finish_turn(s)
    assert s.current_player() == first and kind(s) == "choose_tile"
    ready(s)
    assert s.lead == chosen[first]
    assert s.pos[chosen[first]] == 1  # directly ahead of the old leader on space 0
    assert s.figs[first] == []  # the figure is back in hand
    for seat in range(n):
        if seat != first:
            assert s.figs[seat] == [chosen[seat]]
    assert chosen[first] not in choice_tiles(s)
    # The other tiles did not move.
    for d, t in by_d.items():
        if t != chosen[first]:
            assert s.pos[t] == (-d) % N


@pytest.mark.rule("SY-4.5.2")
@pytest.mark.rule("SY-4.4.6")
def test_phase1_two_players_moves_tile_from_two_turns_ago() -> None:
    s = new(2, seed=13)
    a, b = s.start, 1 - s.start
    by_d = at_d(s)
    for d in (1, 2, 3, 4):  # A: d1, B: d2, A: d3, B: d4
        take(ready(s), "choose_tile", tile=by_d[d])
        finish_turn(s)
    assert s.current_player() == a and kind(s) == "choose_tile"
    assert s.lead == by_d[1] and s.pos[by_d[1]] == 1
    # One figure joined last turn's figure, one is in hand.
    assert s.figs[a] == [by_d[3], by_d[3]]
    assert choice_tiles(ready(s)) == set(s.tiles) - {by_d[1], by_d[2], by_d[3], by_d[4]}
    free = min(choice_tiles(s))
    take(s, "choose_tile", tile=free)
    assert s.figs[a] == [by_d[3], by_d[3], free]
    finish_turn(s)
    assert s.current_player() == b
    assert s.lead == by_d[2] and s.pos[by_d[2]] == 2
    assert s.figs[b] == [by_d[4], by_d[4]]


@pytest.mark.rule("SY-4.7")
@pytest.mark.parametrize("n", [2, 3])
def test_phase1_leader_moves_exactly_one_space(n: int) -> None:
    s = new(n, seed=14)
    lead = s.lead
    before = s.pos[:]
    take(ready(s), "choose_tile", tile=lead)
    s = to_normal_turn(s)
    assert s.current_player() == s.start
    assert s.lead == lead and s.pos[lead] == 1
    assert all(s.pos[t] == before[t] for t in s.tiles if t != lead)


@pytest.mark.rule("SY-4.6")
def test_front_advances_one_space_per_normal_turn() -> None:
    s = to_normal_turn(new(3, seed=15))
    front = s.pos[s.lead]
    for _ in range(12):
        finish_turn(s, rng_seed=front)
        s = to_choose(s)
        assert s.pos[s.lead] == (front + 1) % N
        front = s.pos[s.lead]
        assert min(d for t, d in distances(s).items() if t != s.lead) >= 1


# ============================================================================ lagging
LAYOUT = {BUILD: 0, CANAL: 1, EQUIP: 2, CREW_TILE: 3, HIRE: 10}


@pytest.mark.rule("SY-4.8")
def test_lagging_none_when_a_space_stays_free() -> None:
    s = new(3, seed=16)
    set_track(s, {**LAYOUT, GOODS_TILE: 19, EXCHANGE: 20})
    old = s.pos[:]
    assert not track.move_to_front(s, EQUIP)
    assert s.lead == EQUIP and s.pos[EQUIP] == (old[BUILD] + 1) % N
    assert s.pos[EXCHANGE] == old[EXCHANGE] and s.pos[GOODS_TILE] == old[GOODS_TILE]
    assert distances(s)[EXCHANGE] == 21  # one empty space ahead of the new leader


@pytest.mark.rule("SY-4.8")
def test_lagging_last_tile_moves_on() -> None:
    s = new(3, seed=16)
    set_track(s, {**LAYOUT, GOODS_TILE: 12, EXCHANGE: 21})
    old = s.pos[:]
    track.move_to_front(s, EQUIP)  # lands directly behind the last tile (Exchange)
    assert s.pos[EXCHANGE] == (old[EXCHANGE] + 1) % N
    assert s.pos[GOODS_TILE] == old[GOODS_TILE]
    assert distances(s) == {
        EQUIP: 0,
        BUILD: 1,
        CANAL: 2,
        CREW_TILE: 4,
        HIRE: 11,
        GOODS_TILE: 13,
        EXCHANGE: 21,
    }


@pytest.mark.rule("SY-4.8")
@pytest.mark.rule("SY-GAP-11d")
def test_lagging_cascade_of_two_figures_travel() -> None:
    s = new(3, seed=16)
    set_track(s, {**LAYOUT, GOODS_TILE: 20, EXCHANGE: 21})
    s.figs = [[], [GOODS_TILE], [EXCHANGE]]
    old = s.pos[:]
    track.move_to_front(s, EQUIP)
    assert s.pos[EXCHANGE] == (old[EXCHANGE] + 1) % N  # onto Goods' space ...
    assert s.pos[GOODS_TILE] == (old[GOODS_TILE] + 1) % N  # ... which moves on too
    d = distances(s)
    assert (d[EXCHANGE], d[GOODS_TILE]) == (21, 20)
    assert len({s.pos[t] for t in s.tiles}) == len(s.tiles)
    assert s.figs == [[], [GOODS_TILE], [EXCHANGE]]
    assert track.occupied(s) == {GOODS_TILE, EXCHANGE}


@pytest.mark.rule("SY-4.8")
def test_lagging_in_play_new_leader_behind_last_tile() -> None:
    """The same through a real phase 1: the seat's tile lands right behind the last tile."""
    s = to_normal_turn(new(3, seed=17))
    seat = s.current_player()
    nxt = (seat + 1) % 3
    order = [BUILD, CANAL, EQUIP, CREW_TILE, HIRE]
    set_track(s, {**{t: i for i, t in enumerate(order)}, GOODS_TILE: 20, EXCHANGE: 21})
    s.figs = [[], [], []]
    s.figs[nxt] = [CREW_TILE]
    s.figs[(seat + 2) % 3] = [HIRE]
    take(s, "choose_tile", tile=EQUIP)
    old = s.pos[:]
    finish_turn(s)
    assert s.current_player() == nxt
    assert s.lead == CREW_TILE and s.pos[CREW_TILE] == (old[BUILD] + 1) % N
    assert s.pos[EXCHANGE] == (old[EXCHANGE] + 1) % N
    assert s.pos[GOODS_TILE] == (old[GOODS_TILE] + 1) % N


# ============================================================================ phase 2 choices
@pytest.mark.rule("SY-4.9.1")
@pytest.mark.rule("SY-4.9.2")
@pytest.mark.rule("SY-EX-5")
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_choices_exclude_leader_and_occupied(n: int, seed: int) -> None:
    s = to_normal_turn(new(n, seed=seed), rng_seed=seed)
    for _ in range(3):
        seat = s.current_player()
        s.coins[seat] = 40  # every action performable
        s.row[seat] = [EMPTY] * len(s.row[seat])
        s.wagons[seat] = s.wagons[seat] or [STARTING_WAGON]
        offered = choice_tiles(s)
        assert offered == set(s.tiles) - track.occupied(s) - {s.lead}
        assert len(offered) == (3 if n == 2 else 4)
        finish_turn(s, rng_seed=seed)
        s = to_choose(s)


@pytest.mark.rule("SY-4.9.1")
@pytest.mark.rule("SY-EX-5")
def test_choices_constructed_four_players() -> None:
    s = to_normal_turn(new(4, seed=18))
    seat = s.current_player()
    others = [(seat + k) % 4 for k in (1, 2, 3)]
    order = [BUILD, CANAL, EQUIP, CREW_TILE, HIRE, GOODS_TILE, EXCHANGE, SUBSIDY]
    arrange(s, order, {others[0]: [CANAL], others[1]: [HIRE], others[2]: [EXCHANGE]}, coins=20)
    assert choice_tiles(s) == {EQUIP, CREW_TILE, GOODS_TILE, SUBSIDY}


@pytest.mark.rule("SY-4.9.1")
@pytest.mark.rule("SY-GAP-11b")
def test_choices_exclude_unperformable_stock_exchange() -> None:
    s = to_normal_turn(new(3, seed=19))
    seat = s.current_player()
    order = [BUILD, CANAL, EQUIP, CREW_TILE, HIRE, GOODS_TILE, EXCHANGE]
    arrange(s, order, {(seat + 1) % 3: [CANAL], (seat + 2) % 3: [HIRE]}, coins=20)
    s.wagons[seat] = [STARTING_WAGON]
    assert EXCHANGE in choice_tiles(s)
    s.wagons[seat] = []
    assert choice_tiles(s) == {EQUIP, CREW_TILE, GOODS_TILE}


# ============================================================================ income
def ex3_state() -> ShipyardState:
    """SY-EX-3 concrete instantiation: leader d0, Q d1 empty, X d2 and Y d3 occupied,
    Equipment d5, Canal d8, Goods d12; the chooser's own figure in hand."""
    s = new(3, seed=20)
    set_track(
        s,
        {HIRE: 0, EXCHANGE: 1, BUILD: 2, CREW_TILE: 3, EQUIP: 5, CANAL: 8, GOODS_TILE: 12},
    )
    s.figs = [[], [BUILD], [CREW_TILE]]
    return s


@pytest.mark.rule("SY-EX-3")
@pytest.mark.rule("SY-4.10")
@pytest.mark.rule("SY-4.11")
def test_income_example_3() -> None:
    s = ex3_state()
    assert track.income(s, EQUIP) == 2
    assert track.income(s, CANAL) == 2
    assert track.income(s, GOODS_TILE) == 3


@pytest.mark.rule("SY-4.10")
def test_income_zero_ahead_of_all_figures() -> None:
    s = ex3_state()
    assert track.income(s, EXCHANGE) == 0  # d1: both occupied tiles behind it
    s.figs = [[], [GOODS_TILE], [CANAL]]
    assert track.income(s, EQUIP) == 0


@pytest.mark.rule("SY-4.10")
@pytest.mark.rule("SY-4.0.2")
def test_income_counts_tiles_not_figures() -> None:
    s = new(2, seed=21)
    set_track(s, {t: d for d, t in enumerate(sorted(s.tiles))})  # contiguous 0..6
    s.figs = [[BUILD, BUILD, CANAL], [EQUIP, EQUIP, CREW_TILE]]
    assert track.income(s, HIRE) == 4  # four occupied tiles, six figures
    s.figs = [[BUILD, BUILD], [EQUIP, EQUIP, CREW_TILE]]
    assert track.income(s, HIRE) == 3


@pytest.mark.rule("SY-4.11")
@pytest.mark.rule("SY-EX-4")
@pytest.mark.parametrize(("empty", "bonus"), [(2, 0), (3, 1), (5, 1), (6, 2), (9, 3)])
def test_income_empty_space_bonus_rounds_down(empty: int, bonus: int) -> None:
    s = new(3, seed=22)
    # Occupied X d1, Y d2; nearest tile ahead of Goods at d4; Goods behind it by empty+1.
    g = 4 + empty + 1
    set_track(s, {HIRE: 0, BUILD: 1, CREW_TILE: 2, EXCHANGE: 3, EQUIP: 4, GOODS_TILE: g, CANAL: 22})
    s.figs = [[], [BUILD], [CREW_TILE]]
    assert track.income(s, GOODS_TILE) == 2 + bonus


@pytest.mark.rule("SY-4.11")
@pytest.mark.rule("SY-EX-4")
def test_income_no_bonus_with_a_figure_behind() -> None:
    s = new(3, seed=22)
    set_track(
        s, {HIRE: 0, BUILD: 1, CREW_TILE: 2, EXCHANGE: 3, EQUIP: 4, GOODS_TILE: 11, CANAL: 22}
    )
    s.figs = [[], [BUILD], [CREW_TILE]]
    assert track.income(s, GOODS_TILE) == 4  # 6 empty spaces -> +2
    s.figs = [[], [BUILD], [CANAL]]  # a figure on a tile behind the chosen one
    assert track.income(s, GOODS_TILE) == 1


@pytest.mark.rule("SY-4.10")
@pytest.mark.rule("SY-4.11")
def test_income_is_paid_when_choosing() -> None:
    s = to_normal_turn(new(3, seed=23))
    seat = s.current_player()
    set_track(
        s,
        {HIRE: 0, EXCHANGE: 1, BUILD: 2, CREW_TILE: 3, EQUIP: 5, CANAL: 8, GOODS_TILE: 12},
    )
    s.figs = [[], [], []]
    s.figs[(seat + 1) % 3] = [BUILD]
    s.figs[(seat + 2) % 3] = [CREW_TILE]
    s.coins[seat] = 0
    take(s, "choose_tile", tile=EQUIP)
    assert last_income(s) == 2
    assert kind(s) == "circle" and s.coins[seat] == 2  # nothing spent yet


# ============================================================================ bonus action
ORDER4 = [BUILD, CANAL, EQUIP, CREW_TILE, HIRE, GOODS_TILE, EXCHANGE, SUBSIDY]


def bonus_scenario(coins: int, seed: int = 24) -> tuple[ShipyardState, int]:
    """4 players, normal turn: leader Build (just moved to the front), others on Canal,
    Hire, Exchange; choices Equip (+1), Crew (+1), Goods (+2), Subsidy (+3)."""
    s = to_normal_turn(new(4, seed=seed))
    seat = s.current_player()
    others = [(seat + k) % 4 for k in (1, 2, 3)]
    arrange(s, ORDER4, {others[0]: [CANAL], others[1]: [HIRE], others[2]: [EXCHANGE]}, coins)
    s.row[seat] = [EMPTY] * len(s.row[seat])
    s.wagons[seat] = [STARTING_WAGON]
    return s, seat


def bonus_tiles_offered(s: ShipyardState) -> set[int]:
    return {a.num("tile") for a in s.legal_actions() if a.kind == "bonus"}


def finish_this_turn_checking(s: ShipyardState, check: object) -> None:
    """Random actions to the end of the turn, calling ``check(state)`` at every decision."""
    before = sum(s.turns_taken)
    rng = random.Random(0)
    while sum(s.turns_taken) == before:
        check(s)  # type: ignore[operator]
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.rule("SY-4.12.2")
@pytest.mark.rule("SY-4.12.3")
def test_bonus_costs_six_and_any_other_tile() -> None:
    s, seat = bonus_scenario(coins=9)
    take(s, "choose_tile", tile=EQUIP)  # +1 -> 10
    assert kind(s) == "menu" and s.coins[seat] == 10
    assert has(s, "main")
    # Any tile but the chosen one: the leader moved to the front and occupied tiles too.
    assert bonus_tiles_offered(s) == set(s.tiles) - {EQUIP}
    take(s, "bonus", tile=SUBSIDY)
    assert s.coins[seat] == 10 - 6 + 2
    bonus = [e for e in events_of(s, "action") if e["how"] == "bonus"]
    assert bonus[-1]["tile"] == "Subsidy" and bonus[-1]["seat"] == seat


@pytest.mark.rule("SY-4.12.2")
def test_bonus_two_players_own_double_figure_tile_allowed() -> None:
    s = to_normal_turn(new(2, seed=25))
    seat = s.current_player()
    order = [BUILD, CANAL, EQUIP, CREW_TILE, HIRE, GOODS_TILE, EXCHANGE]
    arrange(s, order, {seat: [CREW_TILE, CREW_TILE], 1 - seat: [CANAL, CANAL, HIRE]}, 30)
    s.row[seat] = [EMPTY] * len(s.row[seat])
    s.wagons[seat] = [STARTING_WAGON]
    assert choice_tiles(s) == {EQUIP, GOODS_TILE, EXCHANGE}  # SY-EX-5, 2 players
    take(s, "choose_tile", tile=EQUIP)
    assert bonus_tiles_offered(s) == set(s.tiles) - {EQUIP}
    assert CREW_TILE in bonus_tiles_offered(s)


@pytest.mark.rule("SY-4.12.2")
@pytest.mark.rule("SY-EX-20")
def test_bonus_not_with_fewer_than_six_coins() -> None:
    s, seat = bonus_scenario(coins=4)
    seen = len(s.events)
    take(s, "choose_tile", tile=EQUIP)  # +1 -> 5: no bonus, not even a Subsidy (+2)
    assert s.coins[seat] == 5
    assert kind(s) != "menu"
    finish_this_turn_checking(s, lambda st: not has(st, "bonus") or pytest.fail("bonus"))
    actions = [e for e in s.events[seen:] if e["type"] == "action"]
    assert [e["how"] for e in actions] == ["main"]


@pytest.mark.rule("SY-4.12.4")
@pytest.mark.rule("SY-EX-20")
def test_bonus_paid_with_coins_from_the_main_action() -> None:
    s, seat = bonus_scenario(coins=1)
    take(s, "choose_tile", tile=SUBSIDY)  # +3 income -> 4: no bonus before the main action
    # Subsidy performed at once (+2 -> 6); now a bonus may follow.
    assert s.coins[seat] == 6
    assert kind(s) == "menu" and not has(s, "main")
    assert has(s, "end_turn") and has(s, "bonus", tile=EQUIP)
    take(s, "bonus", tile=CREW_TILE)
    assert s.coins[seat] == 0


@pytest.mark.rule("SY-4.12.4")
@pytest.mark.rule("SY-EX-20")
def test_bonus_five_coins_plus_one_income_before_or_after() -> None:
    s, seat = bonus_scenario(coins=5)
    take(s, "choose_tile", tile=CREW_TILE)  # +1 -> 6
    assert kind(s) == "menu" and has(s, "main") and has(s, "bonus", tile=SUBSIDY)
    after = s.clone()
    take(s, "bonus", tile=SUBSIDY)  # before
    assert s.coins[seat] == 2
    take(after, "main")  # after: the main action first (the free crew step), then the bonus
    take(after, "circle", steps=1)
    assert kind(after) == "menu" and after.coins[seat] == 6
    assert has(after, "bonus", tile=SUBSIDY) and has(after, "end_turn")
    assert not has(after, "main")


@pytest.mark.rule("SY-4.12.2")
def test_bonus_at_most_one_per_turn() -> None:
    s, seat = bonus_scenario(coins=40)
    take(s, "choose_tile", tile=EQUIP)  # +1
    take(s, "bonus", tile=SUBSIDY)
    assert s.coins[seat] == 41 - 6 + 2
    finish_this_turn_checking(s, lambda st: not has(st, "bonus") or pytest.fail("2nd bonus"))
    turn_events = events_of(s, "action")[-2:]
    assert [e["how"] for e in turn_events] == ["bonus", "main"]


@pytest.mark.rule("SY-4.12.4")
def test_bonus_after_the_main_action() -> None:
    s, seat = bonus_scenario(coins=40)
    take(s, "choose_tile", tile=SUBSIDY)
    take(s, "main")  # Subsidy: +2, nothing to decide
    assert kind(s) == "menu" and s.coins[seat] == 45
    assert bonus_tiles_offered(s) == set(s.tiles) - {SUBSIDY}
    take(s, "bonus", tile=EQUIP)
    assert s.coins[seat] == 39
    finish_this_turn_checking(s, lambda st: not has(st, "bonus") or pytest.fail("2nd bonus"))


@pytest.mark.rule("SY-4.12.5")
def test_bonus_in_first_turn() -> None:
    s = new(4, seed=26)
    s.coins[s.start] = 10
    take(s, "choose_tile", tile=EQUIP)
    assert kind(s) == "menu" and has(s, "bonus", tile=SUBSIDY)


# ============================================================================ laps
@pytest.mark.rule("SY-4.14.3")
@pytest.mark.rule("SY-4.14.2")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_lap_after_23_normal_turns(n: int) -> None:
    s = new(n, seed=27)
    s = play_until(s, lambda st: st.marker < n)
    assert s.marker == n - 1
    assert sum(s.turns_taken) == N + FIRST[n] * n
    laps = events_of(s, "lap")
    assert len(laps) == 1 and laps[0]["marker"] == n - 1


@pytest.mark.rule("SY-4.14.2")
def test_marker_moves_after_the_lapping_players_whole_turn() -> None:
    s = to_normal_turn(new(3, seed=28))
    set_front(s, N - 1)
    finish_turn(s)
    s = to_choose(s)
    assert s.pos[s.lead] == 0  # phase 1 put the leader on the start space
    assert s.marker == 3  # ... but the turn is not over yet
    finish_turn(s)
    assert s.marker == 2


def force_lap(s: ShipyardState) -> None:
    """From a pending normal-turn choose_tile: the next turn completes a lap."""
    s2 = to_choose(s)
    assert s2 is s
    set_front(s, N - 1)
    finish_turn(s)
    s = to_choose(s)
    assert s.pos[s.lead] == 0
    finish_turn(s)


def discard_all(s: ShipyardState, rng_seed: int = 0) -> list[int]:
    """Take every pending discard at random; returns the seats in the order they discarded."""
    seats = []
    rng = random.Random(rng_seed)
    while kind(s) == "discard":
        seats.append(s.current_player())
        s.apply(rng.choice(s.legal_actions()))
    return seats


@pytest.mark.rule("SY-4.15")
@pytest.mark.parametrize(
    ("n", "marker_before", "discards_per_seat", "keep"),
    [(4, 4, 0, 3), (4, 3, 4, 1), (3, 3, 2, 2), (2, 2, 4, 1)],
)
def test_discard_schedule(n: int, marker_before: int, discards_per_seat: int, keep: int) -> None:
    s = to_normal_turn(new(n, seed=29))
    s.marker = marker_before
    force_lap(s)
    assert s.marker == marker_before - 1
    seats = discard_all(s)
    assert Counter(seats) == ({seat: discards_per_seat for seat in range(n)} if seats else {})
    assert len(seats) == n * discards_per_seat
    for seat in range(n):
        assert colours(s, s.contracts[seat]) == Counter(blue=keep, green=keep)
        assert len(s.discarded[seat]) == 6 - 2 * keep
    assert kind(s) == "choose_tile"  # play goes on


@pytest.mark.rule("SY-4.15")
def test_discard_schedule_three_players_twice() -> None:
    s = to_normal_turn(new(3, seed=30))
    force_lap(s)
    assert s.marker == 2
    assert len(discard_all(s)) == 3 * 2
    s = to_choose(s)
    force_lap(s)
    assert s.marker == 1
    assert len(discard_all(s)) == 3 * 2
    for seat in range(3):
        assert colours(s, s.contracts[seat]) == Counter(blue=1, green=1)
        assert colours(s, s.discarded[seat]) == Counter(blue=2, green=2)


@pytest.mark.rule("SY-4.15")
def test_discard_only_own_contracts_of_colours_over_the_limit() -> None:
    s = to_normal_turn(new(2, seed=31))
    force_lap(s)
    seat = s.current_player()
    assert kind(s) == "discard"
    offered = {a.num("contract") for a in s.legal_actions()}
    assert offered == set(s.contracts[seat])
    # Once one colour is down to 1, only the other colour may be discarded.
    blue = [i for i in s.contracts[seat] if s.content.contracts[i].colour == "blue"]
    take(s, "discard", contract=blue[0])
    take(s, "discard", contract=blue[1])
    assert s.current_player() == seat and kind(s) == "discard"
    assert {s.content.contracts[a.num("contract")].colour for a in s.legal_actions()} == {"green"}


@pytest.mark.rule("SY-4.15")
@pytest.mark.rule("SY-2.3")
@pytest.mark.rule("SY-GAP-11c")
def test_discards_are_secret() -> None:
    s = to_normal_turn(new(4, seed=32))
    s.marker = 3
    force_lap(s)
    seat = s.current_player()
    assert kind(s) == "discard"
    gone = s.legal_actions()[0].num("contract")
    card_id = s.content.contracts[gone].id
    take(s, "discard", contract=gone)
    other = (seat + 1) % 4
    for viewer in (other, None):
        obs = json.dumps(s.observation(viewer))
        assert card_id not in obs
        ev = [e for e in s.events_for(viewer) if e["type"] == "discard"][-1]
        assert "secret" not in ev and ev["seat"] == seat
    mine = [e for e in s.events_for(seat) if e["type"] == "discard"][-1]
    assert mine["secret"]["contract"] == card_id
    # Other seats' counts are public; the cards are not.
    assert s.observation(other)["state"] is not None
    assert card_id not in json.dumps(s.observation(other)["state"])


# ============================================================================ overview (SY-1)
@pytest.mark.rule("SY-1.2", "SY-4.1")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players_turns_clockwise_from_the_starting_player(n: int) -> None:
    for bad in (1, 5):
        with pytest.raises(ConfigError):
            new(bad)
    s = play_until(new(n, seed=33), lambda st: st.marker < n, rng_seed=n)
    seats = [e["seat"] for e in events_of(s, "choose")]
    assert len(seats) > N
    assert seats == [(s.start + k) % n for k in range(len(seats))]


@pytest.mark.rule("SY-1.3", "SY-4.5.1", "SY-4.5.2")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_tile_chosen_last_time_moves_to_the_front(n: int) -> None:
    """Through a whole game: at each normal turn the tile the player chose on their previous
    turn (2 players: two turns earlier) is moved to the very front and becomes the leader."""
    s = new(n, seed=34)
    rng = random.Random(n)
    chosen: dict[int, list[int]] = {p: [] for p in range(n)}
    moved = 0
    while not s.is_terminal() and not s.final:
        seen = len(s.events)
        before = s.pos[s.lead]
        s.apply(rng.choice(s.legal_actions()))
        for e in s.events[seen:]:
            if e["type"] == "choose":
                chosen[e["seat"]].append(TILE_IDS[e["tile"]])
            elif e["type"] == "to_front":
                history = chosen[e["seat"]]
                expected = history[-1] if n > 2 else history[-2]
                assert TILE_IDS[e["tile"]] == expected
                assert s.lead == expected and s.pos[expected] == (before + 1) % N
                moved += 1
    assert moved >= n * N - n


@pytest.mark.rule("SY-1.6", "SY-4.14.4")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_game_lasts_as_many_laps_as_players(n: int) -> None:
    s = play_until(new(n, seed=35), lambda st: kind(st) == "final", rng_seed=n)
    assert [e["marker"] for e in events_of(s, "lap")] == list(range(n - 1, -1, -1))
    assert not s.early_end


# ============================================================================ setup
@pytest.mark.rule("SY-3.1.2")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_unused_contracts_and_figures_stay_in_the_box(n: int) -> None:
    """The contracts nobody was dealt never come into play; no seat ever uses more figures
    than it was given (3 with 2 players, 1 with 3-4)."""
    s = new(n, seed=36)
    box = sorted(s.contract_box)
    assert len(box) == 24 - 6 * n
    rng = random.Random(n)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        assert sorted(s.contract_box) == box
        in_play = {i for p in range(n) for i in s.contracts[p] + s.discarded[p]}
        assert not in_play & set(box)
        assert all(len(figs) <= (3 if n == 2 else 1) for figs in s.figs)


@pytest.mark.rule("SY-3.2.16", "SY-GAP-11a")
def test_starting_player_drawn_at_random_and_reproducible() -> None:
    starts = Counter(new(4, seed=k).start for k in range(60))
    assert set(starts) == {0, 1, 2, 3}
    assert min(starts.values()) >= 5  # no seat is favoured much
    for k in range(5):
        s = new(3, seed=k)
        assert s.start == new(3, seed=k).start
        assert events_of(s, "start")[0]["seat"] == s.start
        assert s.current_player() == s.start


# ============================================================================ track model
@pytest.mark.rule("SY-4.0.1", "SY-4.6", "SY-4.8")
@pytest.mark.parametrize("n", [2, 4])
def test_track_model_holds_through_a_game(n: int) -> None:
    """A loop of 23 spaces, at most one tile per space, the leader frontmost with an empty
    space directly ahead of it; tiles only move forward: the tile moved to the front lands
    one space ahead of the old leader, the others stay or are pushed one space on."""
    s = new(n, seed=37)
    rng = random.Random(n)
    while not s.is_terminal():
        old, old_lead = s.pos[:], s.lead
        s.apply(rng.choice(s.legal_actions()))
        spaces = [s.pos[t] for t in s.tiles]
        assert s.track_len == N and all(0 <= p < N for p in spaces)
        assert len(set(spaces)) == len(spaces)
        d = distances(s)
        assert d[s.lead] == 0 and all(d[t] > 0 for t in s.tiles if t != s.lead)
        assert (s.pos[s.lead] + 1) % N not in spaces  # SY-4.8: room ahead of the leader
        if s.lead != old_lead or s.pos[s.lead] != old[s.lead]:
            assert s.pos[s.lead] == (old[old_lead] + 1) % N
        for t in s.tiles:
            if t != s.lead:
                assert (s.pos[t] - old[t]) % N in (0, 1), (t, old[t], s.pos[t])


@pytest.mark.rule("SY-4.11.1", "SY-4.10", "SY-4.11")
def test_income_matches_the_formula_on_random_tracks() -> None:
    """income = occupied tiles ahead; with no figure behind, + floor(E/3) for the E empty
    spaces up to the nearest tile ahead (on 300 random layouts, every tile)."""
    s = new(4, seed=38)
    rng = random.Random(5)
    tiles = list(s.tiles)
    for _ in range(300):
        ds = [0, *sorted(rng.sample(range(1, N), len(tiles) - 1))]
        order = tiles[:]
        rng.shuffle(order)
        set_track(s, dict(zip(order, ds, strict=True)))
        s.figs = [[t] for t in rng.sample(tiles, rng.randint(1, 4))]
        occ = {t for figs in s.figs for t in figs}
        d = distances(s)
        incomes = track.incomes(s)
        for c in tiles:
            ahead = [t for t in tiles if d[t] < d[c]]
            expected = sum(1 for t in ahead if t in occ)
            if ahead and not any(d[t] > d[c] for t in occ if t != c):
                nearest = max(d[t] for t in ahead)
                expected += (d[c] - nearest - 1) // 3
            if expected and not any(t in occ for t in ahead):
                expected = 0  # ahead of every figure: no income at all (SY-4.10)
            assert incomes[c] == expected, (c, d, occ)


# ============================================================================ first turns
@pytest.mark.rule("SY-4.3.1")
@pytest.mark.parametrize("n", [3, 4])
def test_first_turns_three_four_players_no_phase1_one_figure(n: int) -> None:
    s = to_normal_turn(new(n, seed=39))
    types = [e["type"] for e in s.events if e["type"] in ("choose", "to_front")]
    assert types[:n] == ["choose"] * n  # every first turn without phase 1
    assert types[n] == "to_front"
    assert all(len(figs) <= 1 for figs in s.figs)
    assert sum(len(figs) for figs in s.figs) == n - 1  # the deciding seat lifted its figure


@pytest.mark.rule("SY-4.4.1")
def test_first_turns_two_players_three_figures_two_turns_without_phase1() -> None:
    s = to_normal_turn(new(2, seed=40))
    types = [e["type"] for e in s.events if e["type"] in ("choose", "to_front")]
    assert types[:4] == ["choose"] * 4 and types[4] == "to_front"
    seat = s.current_player()
    assert len(s.figs[1 - seat]) == 3  # two on the first choice, one on the second
    assert len(s.figs[seat]) == 2  # phase 1: one figure moved on, one in hand


@pytest.mark.rule("SY-4.3.6", "SY-4.3.3", "SY-4.3.4")
@pytest.mark.parametrize("seed", range(4))
def test_first_turn_choices_and_income_follow_the_earlier_choices(seed: int) -> None:
    """Each player in the first round may choose any tile not yet taken, and is paid a coin
    for each tile taken by an earlier player that lies ahead of the chosen one."""
    s = new(4, seed=seed)
    rng = random.Random(seed)
    taken: list[int] = []
    for k in range(4):
        assert choice_tiles(ready(s)) == set(s.tiles) - set(taken)
        tile = rng.choice(sorted(choice_tiles(s)))
        d = distances(s)
        take(s, "choose_tile", tile=tile)
        assert last_income(s) == sum(1 for t in taken if d[t] < d[tile])
        taken.append(tile)
        if k < 3:
            finish_turn(s, rng_seed=seed)


# ============================================================================ phase 4
@pytest.mark.rule("SY-4.12.1")
def test_the_chosen_action_must_be_performed() -> None:
    s, seat = bonus_scenario(coins=9)
    take(s, "choose_tile", tile=EQUIP)
    assert {a.kind for a in s.legal_actions()} == {"main", "bonus"}  # no way to skip it
    take(s, "bonus", tile=SUBSIDY)
    assert kind(s) == "circle" and s.current_player() == seat  # the main action follows
    actions = events_of(s, "action")[-2:]
    assert [(e["tile"], e["how"]) for e in actions] == [("Subsidy", "bonus"), (TILE[EQUIP], "main")]


@pytest.mark.rule("SY-4.12.7", "SY-E-ENG", "SY-5.3.1")
def test_a_bonus_action_is_a_full_action() -> None:
    """A bonus Equipment production moves the pointer and pays the Engineer's extra; a bonus
    Goods purchase refills the wagon offer."""
    s, seat = bonus_scenario(coins=20)
    engineer = next(e.id for e in s.content.employees if e.role == "engineer" and e.item == "sail")
    s.employees[seat] = [engineer]
    s.supply[seat] = [0] * 8
    take(s, "choose_tile", tile=CREW_TILE)
    ptr = s.eq_ptr
    take(s, "bonus", tile=EQUIP)
    take(s, "circle", steps=1)
    assert s.eq_ptr == (ptr + 1) % 4
    item = s.content.board.equipment_circle[s.eq_ptr]
    got = events_of(s, "equipment")[-1]
    assert got["seat"] == seat and sorted(got["items"]) == sorted([item, "sail"])
    s, seat = bonus_scenario(coins=20)
    offer, top = s.wagon_offer[:], s.wagon_deck[-1]
    take(s, "choose_tile", tile=CREW_TILE)
    take(s, "bonus", tile=GOODS_TILE)
    take(s, "take_wagon", slot=0)
    assert s.wagon_offer == [*offer[1:], top]


@pytest.mark.rule("SY-4.12.7")
def test_no_subsidy_bonus_with_fewer_than_four_players() -> None:
    s = to_normal_turn(new(3, seed=41))
    s.coins[s.current_player()] = 30
    tile = min(choice_tiles(ready(s)))
    take(s, "choose_tile", tile=tile)
    offered = {a.num("tile") for a in s.legal_actions() if a.kind == "bonus"}
    assert offered and SUBSIDY not in offered


# ============================================================================ laps
@pytest.mark.rule("SY-4.14.1", "SY-4.14.2")
@pytest.mark.parametrize("n", [2, 3])
def test_a_lap_ends_when_the_leader_is_put_on_the_start_space_again(n: int) -> None:
    s = new(n, seed=42)
    assert s.pos[s.lead] == 0
    rng = random.Random(n)
    onto_start = 0
    while kind(s) != "final":
        seen = len(s.events)
        s.apply(rng.choice(s.legal_actions()))
        if any(e["type"] == "to_front" for e in s.events[seen:]) and s.pos[s.lead] == 0:
            onto_start += 1
            assert len(events_of(s, "lap")) == onto_start - 1  # counted at the turn's end
        assert len(events_of(s, "lap")) in (onto_start - 1, onto_start)
    assert onto_start == len(events_of(s, "lap")) == n


@pytest.mark.rule("SY-4.15.1", "SY-4.15")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_last_lap_is_played_with_one_contract_of_each_colour(n: int) -> None:
    s = play_until(new(n, seed=43), lambda st: st.marker == 1 and kind(st) == "choose_tile")
    for seat in range(n):
        assert colours(s, s.contracts[seat]) == Counter(blue=1, green=1)
    s = play_until(s, lambda st: st.is_terminal())
    for seat in range(n):
        assert colours(s, s.contracts[seat]) == Counter(blue=1, green=1)
    assert len(events_of(s, "contract")) == 2 * n


# ============================================================================ phase 5
@pytest.mark.rule("SY-1.4", "SY-4.2", "SY-5.1.10", "SY-4.13", "SY-4.12.4")
def test_a_ship_completed_in_phase_4_sails_only_in_phase_5() -> None:
    """A ship completed by a bonus Ship building bought before the main action waits in the
    shipyard while the main action is performed; it sails at the end of the turn and can
    carry what the main action gave (here the propeller of Crew recruitment)."""
    s, seat = bonus_scenario(coins=20)
    bow = next(p.id for p in s.content.parts if p.type == "bow")
    middle = next(p.id for p in s.content.parts if p.type == "middle")
    stern = next(p.id for p in s.content.parts if p.type == "stern" and p.mounts.propeller)
    s.row[seat] = [bow, middle] + [EMPTY] * 7
    s.offer[3][0] = stern
    s.supply[seat] = [0] * 8
    s.supply[seat][5] = 1  # a captain (ITEMS order)
    card = next(c for c in s.canal_deck if s.content.canals[c].shape == "straight")
    s.canals[seat] = {(0, 0): (card, 0)}
    s.boat[seat] = (0, 0, 0, -1, 0, -1)  # on the west end, as after the first rental
    s.crew_ptr = s.content.board.crew_circle.index("propeller") - 1
    seen = len(s.events)
    assert s.events[-1]["type"] == "to_front" and s.events[-1]["seat"] == seat  # phase 1
    take(s, "choose_tile", tile=CREW_TILE)
    take(s, "bonus", tile=BUILD)
    take(s, "take_part", column=3, row=0)
    take(s, "place_part", cell=2)
    take(s, "stop_building")
    assert kind(s) == "circle"  # the main action comes first ...
    assert s.row[seat][:3] == [bow, middle, stern]  # ... while the ship waits in the yard
    take(s, "circle", steps=1)
    assert kind(s) == "fit" and s.row[seat][:3] == [EMPTY] * 3
    take(s, "attach", item="captain")
    take(s, "attach", item="propeller")  # the supply is empty: it sails at once
    types = [e["type"] for e in s.events[seen:]]
    phases = [t for t in types if t in ("choose", "action", "place_part", "crew", "voyage")]
    assert phases == ["choose", "action", "place_part", "action", "crew", "voyage"]
    assert events_of(s, "voyage")[-1]["speed"] == 2  # captain + propeller: 1 + 1
    assert s.fleet[seat][-1].items[2] == 1  # the propeller sailed with it
