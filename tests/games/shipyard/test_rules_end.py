"""Shipyard rule tests: the end of the game (SY-7) - normal and early end, final actions, the
last chance to complete a ship, final scoring of contracts and merchants, the winner."""

from __future__ import annotations

import random
from collections import Counter

import pytest

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
    SUBSTITUTE,
)
from tabletide.games.shipyard.state import ShipyardState
from tabletide.games.shipyard.voyage import Ship

from .helpers import (
    events_of,
    finish_turn,
    has,
    kind,
    new,
    play_out,
    play_until,
    set_front,
    set_track,
    take,
    to_choose,
    to_normal_turn,
)

N = 23


def contract(state: ShipyardState, card_id: str) -> int:
    return next(i for i, c in enumerate(state.content.contracts) if c.id == card_id)


def employee(state: ShipyardState, role: str, **attrs: object) -> int:
    return next(
        e.id
        for e in state.content.employees
        if e.role == role and all(getattr(e, k) == v for k, v in attrs.items())
    )


def to_final(n: int, seed: int = 0) -> ShipyardState:
    """A game forced to its normal end: the round marker on its last space before the end
    symbol and the next turn completing the lap; stops at the first final action."""
    s = to_normal_turn(new(n, seed=seed), rng_seed=seed)
    s.marker = 1
    set_front(s, N - 1)
    finish_turn(s, rng_seed=seed)
    s = to_choose(s, rng_seed=seed)
    assert s.pos[s.lead] == 0
    finish_turn(s, rng_seed=seed)
    assert kind(s) == "final", kind(s)
    return s


def pass_finals(s: ShipyardState) -> list[int]:
    seats = []
    while kind(s) == "final":
        seats.append(s.current_player())
        take(s, "pass")
    return seats


def blank(s: ShipyardState) -> None:
    """Clear every seat's shipyard, fleet, employees; no VP; contracts with 0 VP by default."""
    for seat in range(s.num_players):
        s.row[seat] = [EMPTY] * len(s.row[seat])
        s.fleet[seat] = []
        s.employees[seat] = []
        s.used_count[seat] = 0
        s.vp[seat] = 0
        s.contracts[seat] = [contract(s, "SY-C-01"), contract(s, "SY-C-13")]


def parts_of(s: ShipyardState, ptype: int, k: int) -> list[int]:
    """``k`` part ids of a type taken off the bottom of its deck."""
    deck = s.part_decks[ptype]
    out = deck[:k]
    del deck[:k]
    return out


# ============================================================================ normal end
@pytest.mark.rule("SY-7.1")
@pytest.mark.rule("SY-GAP-9g")
@pytest.mark.rule("SY-4.14.4")
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_normal_end_equal_turns(n: int, seed: int) -> None:
    s = play_until(new(n, seed=seed), lambda st: kind(st) == "final", rng_seed=seed)
    assert not s.early_end
    assert s.marker == 0
    assert s.turns_taken == [25 if n == 2 else 24] * n
    assert len(events_of(s, "lap")) == n
    assert s.current_player() == s.start


@pytest.mark.rule("SY-7.1")
def test_normal_end_not_before_the_last_lap() -> None:
    s = to_normal_turn(new(3, seed=3))
    s.marker = 2
    set_front(s, N - 1)
    finish_turn(s)
    finish_turn(s)
    assert s.marker == 1 and kind(s) in ("choose_tile", "discard")


# ============================================================================ early end
def trigger_early_end(s: ShipyardState) -> int:
    """The deciding seat (normal turn) buys the bottom bow; the refill lays out the deck's
    last bow (SY-5.1.8). Returns the seat."""
    seat = s.current_player()
    rest = [t for t in sorted(s.tiles) if t != CANAL]
    set_track(s, {CANAL: 0, **{t: d + 1 for d, t in enumerate(rest)}})
    free = [t for t in sorted(s.tiles) if t not in (BUILD, CANAL)]
    n = s.num_players
    if n == 2:  # own two figures on last turn's tile, the opponent's three on two tiles
        s.figs[seat], s.figs[1 - seat] = [free[0]] * 2, [free[1], free[1], free[2]]
    else:
        s.figs = [[] if p == seat else [free[p]] for p in range(n)]
    s.row[seat] = [EMPTY] * len(s.row[seat])
    s.coins[seat] = 3
    del s.part_decks[BOW][:-1]  # one bow left in the deck
    take(s, "choose_tile", tile=BUILD)
    if kind(s) == "menu":
        take(s, "main")
    take(s, "take_part", column=0, row=0)
    assert not s.early_end
    take(s, "place_part", cell=0)
    take(s, "stop_building")
    assert s.early_end and not s.part_decks[BOW]
    assert events_of(s, "early_end")[-1]["deck"] == "bow"
    return seat


@pytest.mark.rule("SY-7.2")
@pytest.mark.rule("SY-GAP-11e")
@pytest.mark.rule("SY-5.1.8")
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("offset", [0, 1, -1])
def test_early_end_until_player_right_of_start(n: int, offset: int) -> None:
    s = to_normal_turn(new(n, seed=4))
    target = (s.start + offset) % n
    s = to_choose(s, seat=target)
    trigger_early_end(s)
    s = play_until(s, lambda st: kind(st) == "final")
    assert len(set(s.turns_taken)) == 1, s.turns_taken
    chooses = [e for e in s.events if e["type"] in ("choose", "final_phase")]
    assert chooses[-1]["type"] == "final_phase"
    assert chooses[-2]["seat"] == (s.start - 1) % n  # the last regular turn
    assert s.marker > 0  # before the normal end
    assert s.current_player() == s.start


@pytest.mark.rule("SY-7.2")
def test_early_end_game_then_finishes_with_one_contract_of_each_colour() -> None:
    s = to_normal_turn(new(4, seed=5))
    trigger_early_end(s)
    play_out(s)
    for seat in range(4):
        assert Counter(s.content.contracts[i].colour for i in s.contracts[seat]) == {
            "blue": 1,
            "green": 1,
        }
    assert len(events_of(s, "contract")) == 8


# ============================================================================ final actions
@pytest.mark.rule("SY-7.4")
@pytest.mark.rule("SY-GAP-11f")
@pytest.mark.parametrize("n", [2, 4])
def test_final_actions_order_and_pass(n: int) -> None:
    s = to_final(n, seed=6)
    blank(s)
    assert pass_finals(s) == [(s.start + k) % n for k in range(n)]
    assert s.is_terminal()


@pytest.mark.rule("SY-7.4")
@pytest.mark.rule("SY-4.12.6")
def test_final_action_any_tile_no_income_no_bonus() -> None:
    s = to_final(4, seed=7)
    blank(s)
    seat = s.current_player()
    occupied = {t for figs in s.figs for t in figs}
    assert occupied  # figures are still on the board ...
    for other in range(4):
        s.coins[other] = 30
        s.wagons[other] = [STARTING_WAGON]
    finals = {a.num("tile") for a in s.legal_actions() if a.kind == "final_action"}
    assert finals == set(s.tiles)  # ... yet every tile may be chosen, the leader too
    assert has(s, "pass")
    take(s, "final_action", tile=EQUIP)
    assert kind(s) == "circle" and s.coins[seat] == 30  # no income
    take(s, "circle", steps=1)
    # No bonus: the next seat's final action follows at once.
    assert kind(s) == "final" and s.current_player() == (seat + 1) % 4
    # Several players may take the same action; Subsidy as the final action of a 4p game.
    nxt = s.current_player()
    take(s, "final_action", tile=EQUIP)
    take(s, "circle", steps=1)
    take(s, "final_action", tile=SUBSIDY)
    assert s.coins[(nxt + 1) % 4] == 32
    acts = [e for e in events_of(s, "action")][-3:]
    assert [e["how"] for e in acts] == ["final"] * 3
    assert not has(s, "bonus")


@pytest.mark.rule("SY-7.4")
def test_final_action_must_be_performable() -> None:
    s = to_final(3, seed=8)
    blank(s)
    seat = s.current_player()
    s.wagons[seat] = []
    s.coins[seat] = 30
    finals = {a.num("tile") for a in s.legal_actions() if a.kind == "final_action"}
    assert EXCHANGE not in finals
    assert {BUILD, CANAL, EQUIP, CREW_TILE, HIRE, GOODS_TILE} <= finals
    assert SUBSIDY not in finals  # only with 4 players


# ============================================================================ last chance
def last_chance_setup(n: int, seed: int) -> tuple[ShipyardState, int]:
    s = to_final(n, seed=seed)
    blank(s)
    seat = s.start
    b, m = parts_of(s, BOW, 1)[0], parts_of(s, MIDDLE, 1)[0]
    s.row[seat][:2] = [b, m]  # needs exactly a stern on cell 2
    s.coins[seat] = 10
    return s, seat


@pytest.mark.rule("SY-7.5")
@pytest.mark.rule("SY-GAP-11g")
def test_last_chance_only_parts_that_complete_a_ship() -> None:
    s, seat = last_chance_setup(3, seed=9)
    pass_finals(s)
    assert kind(s) == "build" and s.current_player() == seat
    takes = [a for a in s.legal_actions() if a.kind == "take_part"]
    assert takes and {COLUMN_TYPE[a.num("column")] for a in takes} == {STERN}
    assert has(s, "pass") and not has(s, "stop_building")
    stern = s.offer[3][1]
    take(s, "take_part", column=3, row=1)
    assert s.coins[seat] == 10 - s.content.board.part_prices[1]
    # The only cell that completes the ship (a single legal action is taken automatically).
    placed = events_of(s, "place_part")[-1]
    assert placed["seat"] == seat and placed["cell"] == 2
    assert stern not in s.offer[3] and EMPTY not in s.offer[3]  # slid down and refilled
    play_out(s)
    assert s.row[seat][:3] == [EMPTY] * 3  # the completed ship left the shipyard
    final_at = [e["type"] for e in s.events].index("final_phase")
    bought = [e for e in s.events[final_at:] if e["type"] == "buy_part"]
    assert [e["seat"] for e in bought] == [seat]  # one part only


@pytest.mark.rule("SY-7.5")
@pytest.mark.rule("SY-5.1.9")
def test_last_chance_substitute_when_the_type_is_gone() -> None:
    s, seat = last_chance_setup(2, seed=10)
    s.offer[3] = [EMPTY] * 5
    s.part_decks[STERN].clear()
    pass_finals(s)
    assert kind(s) == "build" and s.current_player() == seat
    assert not [a for a in s.legal_actions() if a.kind == "take_part"]
    take(s, "substitute", part="stern")
    placed = events_of(s, "place_part")[-1]
    assert placed["seat"] == seat and placed["cell"] == 2
    assert placed["part"] == s.describe_part(SUBSTITUTE + STERN)
    assert s.coins[seat] == 10  # substitutes are free
    play_out(s)
    assert s.row[seat][:3] == [EMPTY] * 3


@pytest.mark.rule("SY-7.5")
def test_last_chance_skipped_if_impossible_and_starting_player_first() -> None:
    s, seat = last_chance_setup(4, seed=11)
    needs_two = (seat + 1) % 4  # a bow alone needs a middle and a stern
    s.row[needs_two][0] = parts_of(s, BOW, 1)[0]
    last = (seat + 3) % 4  # completes with a middle between bow and stern
    s.row[last][:3] = [parts_of(s, BOW, 1)[0], EMPTY, parts_of(s, STERN, 1)[0]]
    s.coins[last] = 10
    pass_finals(s)
    seats = []
    rng = random.Random(0)
    while not s.is_terminal():
        if kind(s) == "build":
            seats.append(s.current_player())
            takes = [a for a in s.legal_actions() if a.kind == "take_part"]
            wanted = MIDDLE if s.current_player() == last else STERN
            assert {COLUMN_TYPE[a.num("column")] for a in takes} == {wanted}
        s.apply(rng.choice(s.legal_actions()))
    assert seats[:1] == [seat] and seats[-1] == last
    assert needs_two not in seats and (seat + 2) % 4 not in seats


# ============================================================================ scoring
@pytest.mark.rule("SY-7.6")
@pytest.mark.rule("SY-8.3.1")
@pytest.mark.rule("SY-GAP-8d")
@pytest.mark.rule("SY-EX-18")
def test_final_scoring_contracts_once_and_merchants() -> None:
    s = to_final(3, seed=12)
    blank(s)
    a, b, c = s.start, (s.start + 1) % 3, (s.start + 2) % 3
    s.vp = [7, 7, 7]
    s.contracts[a] = [contract(s, "SY-C-11"), contract(s, "SY-C-17")]
    s.used_count[a] = 3  # 4 VP per used canal -> 12
    s.employees[a] = [
        employee(s, "merchant", goods="coal", level=1),
        employee(s, "merchant", goods="coal", level=2),
        employee(s, "merchant", goods="steel", level=1),
    ]  # SY-C-17: 3 employees -> 3; merchants 1 + 3 + 1 = 5 (SY-EX-18)
    s.employees[b] = [employee(s, "merchant", goods="timber", level=1)]  # contracts 0
    before = len(events_of(s, "contract"))
    assert before == 0  # nothing scored during play
    pass_finals(s)
    assert s.is_terminal()
    assert s.vp[a] == 7 + 12 + 3 + 5
    assert s.vp[b] == 7 + 1
    assert s.vp[c] == 7
    scored = Counter(e["seat"] for e in events_of(s, "contract"))
    assert scored == {a: 2, b: 2, c: 2}  # each held contract exactly once
    merchants = {e["seat"]: e["vp"] for e in events_of(s, "merchants")}
    assert merchants == {a: 5, b: 1}


@pytest.mark.rule("SY-7.6")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_contracts_scored_only_at_the_end_of_a_full_game(n: int) -> None:
    s = play_out(new(n, seed=13))
    types = [e["type"] for e in s.events]
    first = types.index("contract")
    assert "final_phase" in types[:first]
    assert types.count("contract") == 2 * n
    assert types[-1] == "game_end"


# ============================================================================ winner
@pytest.mark.rule("SY-7.7")
@pytest.mark.rule("SY-GAP-11h")
def test_winner_by_vp_then_coins_then_shared() -> None:
    s = play_out(new(3, seed=14))
    s.vp, s.coins = [10, 12, 12], [9, 3, 4]
    assert s.winners() == [2]
    assert s.returns() == [-1.0, 0.0, 1.0]
    s.vp, s.coins = [10, 12, 12], [9, 4, 4]
    assert s.winners() == [1, 2]
    assert s.returns() == [-1.0, 0.5, 0.5]
    s.vp, s.coins = [15, 12, 12], [0, 4, 4]
    assert s.winners() == [0]


@pytest.mark.rule("SY-7.7")
def test_winner_tie_broken_by_coins_through_the_end_sequence() -> None:
    s = to_final(2, seed=15)
    blank(s)
    s.vp = [20, 20]
    s.coins = [3, 5]
    pass_finals(s)
    assert s.is_terminal() and s.vp == [20, 20]
    assert s.winners() == [1]
    assert s.returns() == [-1.0, 1.0]
    assert s.observation(0)["winners"] == [1]


@pytest.mark.rule("SY-7.7")
@pytest.mark.rule("SY-GAP-11h")
def test_winner_shared_when_vp_and_coins_tie() -> None:
    s = to_final(4, seed=16)
    blank(s)
    s.vp = [20, 20, 5, 20]
    s.coins = [3, 5, 9, 5]
    pass_finals(s)
    assert s.winners() == [1, 3]
    r = s.returns()
    assert r[1] == r[3] > r[0] > r[2]
    assert sum(r) == pytest.approx(0.0)


# ============================================================================ overview
def final_decisions(s: ShipyardState) -> list[tuple[str, int]]:
    """Pass every final action and every last chance; the decisions met, in order."""
    met = []
    while not s.is_terminal():
        k = kind(s)
        if k in ("final", "build"):
            met.append((k, s.current_player()))
            take(s, "pass")
        else:
            s.apply(s.legal_actions()[0])
    return met


@pytest.mark.rule("SY-7.3.1", "SY-7.4", "SY-7.5")
@pytest.mark.parametrize("early", [False, True])
def test_however_the_game_ends_each_player_gets_a_final_action_and_a_last_chance(
    early: bool,
) -> None:
    n = 3
    if early:
        s = to_normal_turn(new(n, seed=17))
        trigger_early_end(s)
        s = play_until(s, lambda st: kind(st) == "final")
        assert s.marker > 0
    else:
        s = to_final(n, seed=17)
        assert s.marker == 0
    blank(s)
    for seat in range(n):  # a bow and a middle: one stern completes a ship
        s.row[seat][:2] = [seat, 20 + seat]  # bows 0-2, middles 20-22 (stand-in ids)
        s.coins[seat] = 10
    order = [(s.start + k) % n for k in range(n)]
    assert final_decisions(s) == [("final", p) for p in order] + [("build", p) for p in order]


@pytest.mark.rule("SY-1.5", "SY-7.6", "SY-7.7")
def test_contracts_and_merchants_score_at_the_end_then_most_vp_then_coins() -> None:
    s = to_final(3, seed=18)
    blank(s)  # everyone holds SY-C-01 (blue) and SY-C-13 (green)
    a, b, c = s.start, (s.start + 1) % 3, (s.start + 2) % 3
    s.vp = [10, 10, 10]
    s.contracts[a] = [contract(s, "SY-C-01"), contract(s, "SY-C-17")]
    s.employees[a] = [
        employee(s, "merchant", goods="coal", level=1),
        employee(s, "merchant", goods="coal", level=2),
    ]  # SY-C-17: 2 VP; merchants 1 + 3
    s.contracts[b] = [contract(s, "SY-C-10"), contract(s, "SY-C-13")]
    s.fleet[b] = [Ship((0, 20, 84), (0, 0, 2, 0, 0, 1, 0, 0))]  # 2 propellers: 6 VP
    s.coins[a], s.coins[b], s.coins[c] = 3, 5, 9
    for seat in range(3):
        assert Counter(s.content.contracts[i].colour for i in s.contracts[seat]) == {
            "blue": 1,
            "green": 1,
        }
    pass_finals(s)
    assert s.is_terminal()
    assert s.vp[a] == s.vp[b] == 16 and s.vp[c] == 10
    assert s.winners() == [b]  # tied on VP, more coins
