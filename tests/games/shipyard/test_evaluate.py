"""The bots' evaluation of a Shipyard position (``ai/evaluate.py``): what it must guarantee, and
positions where the greedy bot, which follows it, has to find the clearly better move."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tabletide.agents import GreedyAgent
from tabletide.games.shipyard import building, scoring, voyage
from tabletide.games.shipyard.ai.evaluate import breakdown, evaluate, row_plan, turns_left
from tabletide.games.shipyard.constants import BOW, EMPTY, ITEM_INDEX, ITEMS, MIDDLE, STERN
from tabletide.games.shipyard.state import ShipyardState
from tabletide.games.shipyard.voyage import Ship, ship_base_score

from .helpers import kind, new, play_out, play_until, take

# Stand-in content ids (content/*.json).
A_BOW = 0  # 1 cannon mount, 1 lantern
MID_2SF = 31  # 2 sail/funnel mounts
A_MID = 20  # nothing at all
A_STERN = 84  # 1 propeller mount, 1 lifeboat
SAIL_BOW = 6  # 1 sail/funnel mount
BLANK_STRAIGHTS = (1, 4, 7, 8)  # straight cards with one official in the middle
FORK_RIBAND = 21  # fork: space 2 (north end) lifebuoy, space 3 (east end) Blue Riband
BUOY_BOW = 2  # 1 cabin, 1 sail/funnel mount, 1 lifebuoy
HELMSMAN = 14


def items(**counts: int) -> list[int]:
    out = [0] * len(ITEMS)
    for name, n in counts.items():
        out[ITEM_INDEX[name]] = n
    return out


def contract_index(s: ShipyardState, cid: str) -> int:
    return next(i for i, c in enumerate(s.content.contracts) if c.id == cid)


def canal_line(s: ShipyardState, cards: tuple[int, ...], seat: int = 0) -> None:
    """Cards west to east from (0, 0), the boat on the first card's west end, stern out."""
    s.canals[seat] = {(x, 0): (card, 0) for x, card in enumerate(cards)}
    s.boat[seat] = (0, 0, 0, -1, 0, -1)


def mid_game(seed: int, players: int = 2, turns: int = 10) -> ShipyardState:
    """A random game after some normal turns, at a seat's choice of tile."""
    s = new(players, seed)
    return play_until(
        s,
        lambda t: kind(t) == "choose_tile" and sum(t.turns_taken) >= turns,
        rng_seed=seed,
    )


def greedy_moves(s: ShipyardState, seat: int = 0, seed: int = 1, limit: int = 60) -> None:
    """Let a greedy bot play the seat's decisions until another seat is to move."""
    bot = GreedyAgent(seed)
    for _ in range(limit):
        if s.is_terminal() or s.current_player() != seat:
            return
        s.apply(bot.act(s))
    raise AssertionError("the seat kept the move too long")


def snapshot(s: ShipyardState) -> dict[str, Any]:
    return {k: copy.deepcopy(v) for k, v in vars(s).items() if k not in ("game", "content", "rng")}


def other_seat_waiting(s: ShipyardState) -> None:
    """Clear the decision stack, leaving seat 1 to choose a tile afterwards (so the position
    stays unfinished while seat 0 acts)."""
    s.stack.clear()
    s.push("choose_tile", 1)


# ---------------------------------------------------------------------------- guarantees
@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_end_the_evaluation_is_the_final_score(players: int) -> None:
    s = play_out(new(players, seed=players), rng_seed=players)
    assert s.is_terminal()
    assert [evaluate(s, seat) for seat in range(players)] == s.scores()


def test_evaluation_changes_nothing_in_the_state() -> None:
    wanted = {"choose_tile", "place", "place_canal", "fit", "route", "wagon", "discard", "final"}
    seen: set[str] = set()
    for seed in range(12):
        s = new(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            top = s.stack[-1].kind
            if top not in seen or rng.random() < 0.02:
                seen.add(top)
                before = snapshot(s)
                draw = s.rng.copy().next_u64()
                for seat in range(s.num_players):
                    evaluate(s, seat)
                    breakdown(s, seat)
                assert snapshot(s) == before, top
                assert s.rng.copy().next_u64() == draw
            s.apply(rng.choice(s.legal_actions()))
        if wanted <= seen:
            break
    # The walks met the mid-action decisions the evaluation reads specially.
    assert wanted <= seen


def test_breakdown_total_is_the_evaluation() -> None:
    s = mid_game(seed=3)
    for seat in range(2):
        parts = breakdown(s, seat)
        assert parts["total"] == evaluate(s, seat)
        assert parts["score"] == s.vp[seat]


def test_the_same_position_is_worth_the_same_to_either_seat() -> None:
    s = mid_game(seed=5, turns=14)
    assert kind(s) == "choose_tile"
    for name in (
        "coins",
        "vp",
        "supply",
        "row",
        "fleet",
        "employees",
        "wagons",
        "contracts",
        "canals",
        "boat",
        "used_count",
    ):
        field = getattr(s, name)
        field[1] = copy.deepcopy(field[0])
    assert evaluate(s, 0) == evaluate(s, 1)
    s.vp[1] += 3
    assert evaluate(s, 1) == pytest.approx(evaluate(s, 0) + 3)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_more_coins_or_items_never_lower_the_evaluation(seed: int) -> None:
    s = mid_game(seed=seed, turns=12)
    for seat in range(2):
        base = evaluate(s, seat)
        s.coins[seat] += 2
        assert evaluate(s, seat) > base
        s.coins[seat] -= 2
        for i, name in enumerate(ITEMS):
            s.supply[seat][i] += 1
            assert evaluate(s, seat) >= base, name
            s.supply[seat][i] -= 1


def test_coins_beyond_what_can_be_spent_soon_are_worth_less() -> None:
    s = mid_game(seed=4, turns=8)
    worth = []
    for coins in (2, 4, 30, 32):
        s.coins[0] = coins
        worth.append(evaluate(s, 0))
    first, hoard = worth[1] - worth[0], worth[3] - worth[2]
    assert first > 2 * hoard > 0  # a hoard never turns into points (greedy used to hoard)


def test_turns_left_runs_down_to_zero_in_the_final_phase() -> None:
    s = new(2, seed=8)
    rng = random.Random(8)
    last = turns_left(s)
    assert last == pytest.approx(2 * 23 / 2 + 2 + 1)  # two laps, two first turns, final action
    while not s.is_terminal():
        now = turns_left(s)
        assert now <= last
        last = now
        s.apply(rng.choice(s.legal_actions()))
        if s.final:
            assert turns_left(s) == 0
    assert last == 0


# ---------------------------------------------------------------------------- the shipyard row
def test_row_plan_picks_the_ship_closest_to_completion() -> None:
    e, b, m, t = EMPTY, BOW, MIDDLE, STERN
    # bow + middle, stern missing; a lone middle further right is a second, farther ship
    assert row_plan((b, m, e, e, e, m, e, e, e)) == ((0, 2, 1), (4, 6, 2))
    # the completed stretch first
    assert row_plan((e, m, e, b, m, t, e, e, e))[0] == (3, 5, 0)
    # nothing in the row, nothing planned
    assert row_plan((e,) * 9) == ()


def test_a_part_bought_but_not_placed_counts_as_placed_on_its_best_space() -> None:
    s = new(2, seed=1)
    other_seat_waiting(s)
    canal_line(s, BLANK_STRAIGHTS[:2])
    s.row[0] = [A_BOW, A_MID] + [EMPTY] * 7
    s.supply[0] = items(captain=1)
    s.offer[3][0] = A_STERN
    s.coins[0] = 5
    building.start(s, 0)
    s.advance()
    take(s, "take_part", column=3, row=0)
    assert kind(s) == "place"
    pending = evaluate(s, 0)
    take(s, "place_part", cell=2)  # completes the ship
    assert evaluate(s, 0) == pytest.approx(pending)


def test_a_ship_one_part_short_still_counts_in_the_final_phase() -> None:
    s = new(2, seed=2)
    canal_line(s, BLANK_STRAIGHTS[:2])
    s.supply[0] = items(captain=1)
    s.final = True
    s.stack.clear()
    s.push("final", 1)  # seat 0 has had its final action; the last chance is still to come
    s.row[0] = [EMPTY] * 9
    bare = evaluate(s, 0)
    s.row[0] = [A_BOW, A_MID] + [EMPTY] * 7  # one part short: the last chance can finish it
    near = evaluate(s, 0)
    s.row[0] = [A_BOW] + [EMPTY] * 8  # two parts short: cannot sail any more
    far = evaluate(s, 0)
    assert near > bare + 2
    assert far < near - 2


def fitting(supply: list[int], cards: tuple[int, ...], seed: int = 0) -> ShipyardState:
    """Seat 0 fitting a 3-part ship with 3 sail/funnel mounts, a cannon mount and a propeller
    mount (no cabins), canals ``cards`` in a line."""
    s = new(2, seed=seed)
    other_seat_waiting(s)
    canal_line(s, cards)
    s.supply[0] = supply
    s.ship = Ship((SAIL_BOW, MID_2SF, A_STERN), tuple(items()))
    s.push("fit", 0)
    return s


def test_a_ship_about_to_sail_is_worth_its_score() -> None:
    supply = items(captain=1, sail=3, cannon=1)
    long = fitting(supply, BLANK_STRAIGHTS)
    short = fitting(supply, BLANK_STRAIGHTS[:1])  # 2 moves: one sail at most
    captainless = fitting(items(sail=3, cannon=1), BLANK_STRAIGHTS)
    # speed 4 on the long canals, 2 on the short one: the sails beyond stay in the supply
    assert evaluate(long, 0) > evaluate(short, 0) + 1.5
    # without a captain the ship will be lost (SY-6.7): nothing of its score counts
    assert evaluate(captainless, 0) < evaluate(long, 0) - 5
    # sails the short canal cannot carry are worth what they are worth in the supply
    fewer = fitting(items(captain=1, sail=1, cannon=1), BLANK_STRAIGHTS[:1])
    idle = new(2, seed=0)
    idle.supply[0] = items(sail=1)
    spare = evaluate(idle, 0)
    idle.supply[0] = items(sail=3)
    assert evaluate(short, 0) - evaluate(fewer, 0) == pytest.approx(evaluate(idle, 0) - spare)
    too_fast = fitting(supply, BLANK_STRAIGHTS[:1])
    take(too_fast, "attach", item="sail")
    take(too_fast, "attach", item="sail")  # speed 3 on a 2-move canal: it cannot sail
    assert evaluate(too_fast, 0) < evaluate(short, 0) - 2


def test_once_sent_off_a_ship_takes_nothing_more_from_the_supply() -> None:
    s = new(2, seed=10)
    other_seat_waiting(s)
    canal_line(s, BLANK_STRAIGHTS[:2])
    s.employees[0] = [HELMSMAN]  # a speed bonus to choose after sailing off (SY-6.6)
    s.supply[0] = items(captain=1, cannon=1)
    s.ship = Ship((A_BOW, A_MID, A_STERN), tuple(items()))  # the bow has a cannon mount
    s.push("fit", 0)
    take(s, "attach", item="captain")
    fitted = evaluate(s, 0)
    take(s, "sail_off")  # the cannon stays behind: 2 VP on the ship, half that as a spare
    assert kind(s) == "boost"
    assert evaluate(s, 0) < fitted - 0.5


def test_a_captain_for_the_ship_in_the_shipyard_is_worth_more_than_a_spare_one() -> None:
    s = new(2, seed=9)
    canal_line(s, BLANK_STRAIGHTS[:2])
    s.row[0] = [A_BOW, MID_2SF] + [EMPTY] * 7  # a cannon mount, 2 sail/funnel mounts
    cargo = {"cannon": 1, "sail": 2}
    s.supply[0] = items(**cargo)
    without = evaluate(s, 0)
    s.supply[0] = items(captain=1, **cargo)
    with_one = evaluate(s, 0)
    s.supply[0] = items(captain=2, **cargo)
    with_two = evaluate(s, 0)
    # the first captain makes the planned ship able to score (SY-6.7); the second is spare
    assert with_one - without > with_two - with_one > 0


# ---------------------------------------------------------------------------- greedy choices
def test_greedy_buys_the_stern_that_completes_its_ship() -> None:
    s = new(2, seed=3)
    other_seat_waiting(s)
    canal_line(s, BLANK_STRAIGHTS[:2])
    s.row[0] = [A_BOW, A_MID] + [EMPTY] * 7
    s.supply[0] = items(captain=1, sail=1)
    s.coins[0] = 3
    s.push("@voyages", 0)
    building.start(s, 0)
    s.advance()
    greedy_moves(s)
    assert len(s.fleet[0]) == 1
    assert s.fleet[0][0].items[ITEM_INDEX["captain"]] == 1
    assert s.vp[0] > 0


def test_greedy_fits_the_captain_instead_of_losing_the_ship() -> None:
    s = new(2, seed=4)
    other_seat_waiting(s)
    canal_line(s, BLANK_STRAIGHTS[:2])
    s.supply[0] = items(captain=1, sail=1, cannon=1)
    s.ship = Ship((A_BOW, A_MID, A_STERN), tuple(items()))
    s.push("fit", 0)
    greedy_moves(s)
    assert len(s.fleet[0]) == 1
    sailed = s.fleet[0][0].items
    assert sailed[ITEM_INDEX["captain"]] == 1
    assert sailed[ITEM_INDEX["cannon"]] == 1  # 2 VP on the bow's cannon mount


def test_greedy_keeps_its_ship_within_the_canal_length() -> None:
    s = new(2, seed=5)
    other_seat_waiting(s)
    canal_line(s, BLANK_STRAIGHTS[:1])  # one card: 2 moves at most
    s.supply[0] = items(captain=1, sail=3)
    s.ship = Ship((SAIL_BOW, MID_2SF, A_STERN), tuple(items()))  # room for 3 sails
    s.push("fit", 0)
    greedy_moves(s)
    assert len(s.fleet[0]) == 1, "the ship was lost"
    assert s.fleet[0][0].items[ITEM_INDEX["sail"]] == 1  # speed 2 = the canal's length
    assert s.supply[0][ITEM_INDEX["sail"]] == 2


def test_greedy_steers_the_voyage_onto_the_blue_riband() -> None:
    s = new(2, seed=6)
    other_seat_waiting(s)
    canal_line(s, (FORK_RIBAND,))
    ship = Ship((BUOY_BOW, A_MID, A_STERN), tuple(items(captain=1, sail=1)))  # 1 lifebuoy
    s.ship = ship
    base = ship_base_score(ship.items, 2)
    s.push_record("route", 0, voyage.Route(2, 0, 0, base))
    greedy_moves(s)
    assert s.vp[0] == base + 2  # the riband entered on move 2, not the lifebuoy official (+1)
    assert s.boat[0] is not None and s.boat[0][2] == 3


def test_a_voyage_under_way_is_worth_its_best_ending() -> None:
    """Speed 3 from the west end of a fork: north passes a lifebuoy official (+1) onto a blank
    card; east enters a Blue Riband on move 2 and another one on move 3 (+3)."""
    s = new(2, seed=6)
    other_seat_waiting(s)
    canal_line(s, (FORK_RIBAND,))
    s.canals[0][(0, -1)] = (BLANK_STRAIGHTS[0], 3)  # west end (none) facing the fork's north
    s.canals[0][(1, 0)] = (0, 2)  # card 0 turned: its riband end faces the fork's east end
    ship = Ship((BUOY_BOW, A_MID, A_STERN), tuple(items(captain=1, sail=2)))  # 1 lifebuoy
    s.ship = ship
    base = ship_base_score(ship.items, 3)
    s.push_record("route", 0, voyage.Route(3, 0, 0, base))
    before = evaluate(s, 0)
    greedy_moves(s)
    assert s.vp[0] == base + 3
    assert evaluate(s, 0) == pytest.approx(before)


def test_greedy_keeps_the_contract_its_fleet_scores() -> None:
    s = new(2, seed=7)
    other_seat_waiting(s)
    sails = Ship((SAIL_BOW, MID_2SF, A_STERN), tuple(items(captain=1, sail=4)))
    s.fleet[0] = [sails]
    sail_pairs, funnel_pairs = contract_index(s, "SY-C-06"), contract_index(s, "SY-C-09")
    lanterns = contract_index(s, "SY-C-15")
    s.contracts[0] = sorted([sail_pairs, funnel_pairs, lanterns])
    s.push_record("discard", 0, scoring.Discard(1))
    greedy_moves(s)
    assert sail_pairs in s.contracts[0]
    assert funnel_pairs in s.discarded[0]
