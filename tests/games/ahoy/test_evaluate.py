"""The bots' evaluation of Ahoy (``games/ahoy/ai/evaluate.py``): exact at the end, pure, monotone
in fame and material, the same for equal Smugglers, and good enough that the greedy agent finds
the clearly better move in small positions."""

from __future__ import annotations

import pytest

from tabletide.agents import GreedyAgent
from tabletide.agents.values import advantage
from tabletide.engine import Action, Rng
from tabletide.games.ahoy import turn
from tabletide.games.ahoy.ai.evaluate import evaluate, island_steps
from tabletide.games.ahoy.constants import CUTTER, FORT0, PATROL0
from tabletide.games.ahoy.movement import Move
from tabletide.games.ahoy.state import AhoyState

from .helpers import (
    GAME,
    E,
    P,
    W,
    act,
    clear_figures,
    give_crew,
    hand,
    kind,
    new,
    patrol,
    put,
    sea,
    spot,
    start_turn,
)

ISLES = ["I.I.I.", "......"]
"""Three regions side by side, islands at (0,0), (2,0) and (4,0)."""
SYM3 = "skull sword fish"


def playout(n: int, seed: int, every: int = 7) -> tuple[list[AhoyState], AhoyState]:
    """A random game: positions sampled along the way, and the finished game."""
    state = GAME.new_state(n, seed)
    assert isinstance(state, AhoyState)
    rng = Rng(seed + 100)
    seen: list[AhoyState] = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    return seen, state


SAMPLES = {n: [playout(n, seed) for seed in range(2)] for n in (2, 3, 4)}


def positions(n: int) -> list[AhoyState]:
    return [s for seen, _ in SAMPLES[n] for s in seen]


def table(n: int = 2) -> AhoyState:
    """A game of ``n`` players after setup on the three-region map, no figure on it, an empty
    market and no plans in hand."""
    s = new(n)
    sea(s, ISLES, symbols=SYM3)
    clear_figures(s)
    s.plan_hand = []
    s.market_deck += s.market
    s.market = []
    return s


def greedy_moves(state: AhoyState, seeds: range = range(4)) -> set[Action]:
    return {GreedyAgent(seed).act(state) for seed in seeds}


# ---------------------------------------------------------------------------- properties
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_value_at_the_end_is_the_final_fame(n: int) -> None:
    for _, final in SAMPLES[n]:
        assert final.is_terminal()
        assert [evaluate(final, seat) for seat in range(n)] == final.scores()


@pytest.mark.parametrize("n", [2, 4])
def test_evaluating_changes_nothing(n: int) -> None:
    for state in positions(n):
        before = state.clone()
        for seat in range(n):
            evaluate(state, seat)
        for name, value in vars(before).items():
            if name == "rng":
                assert state.rng.position == value.position
            else:
                assert getattr(state, name) == value, name


@pytest.mark.parametrize("n", [2, 3, 4])
def test_control_points_are_the_rules_control_points(n: int) -> None:
    for state in positions(n):
        fleet, union = turn.controls(state)
        assert list(zip(fleet, union, strict=True)) == [
            _control_by_region(state, r) for r in range(len(state.placed))
        ]


def _control_by_region(s: AhoyState, region: int) -> tuple[int, int]:
    """AH-7.2 counted the slow way, one region at a time: the reference for the one-pass
    ``turn.controls``."""
    fleet = union = 0
    for f, pos in enumerate(s.fig):
        if pos < 0 or s.region_at(pos) != region:
            continue
        if f == s.fleet or FORT0 <= f < CUTTER:
            fleet += 2
        elif PATROL0 <= f < FORT0:
            fleet += 1
        elif f == s.union or f >= CUTTER:
            union += 1
    claw = s.fig[CUTTER] >= 0 and s.region_at(s.fig[CUTTER]) == region
    return fleet, union + s.allies[region] * (2 if claw else 1)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_more_fame_gold_or_ready_allies_never_lower_a_value(n: int) -> None:
    for state in positions(n):
        for seat in range(n):
            base = evaluate(state, seat)
            for extra in (1, 3, 10):
                richer = state.clone()
                richer.fame[seat] += extra
                assert evaluate(richer, seat) >= base - 1e-9, (seat, extra)
                richer = state.clone()
                richer.gold[seat] += extra
                assert evaluate(richer, seat) > base
            if seat == state.union:
                richer = state.clone()
                richer.ready += 1
                assert evaluate(richer, seat) > base


def test_damage_lowers_a_value() -> None:
    for state in positions(2):
        for seat in range(2):
            free = [sp for sp in range(3) if sp not in state.damage[seat]]
            if not free:
                continue
            hurt = state.clone()
            hurt.damage[seat].append(free[0])
            assert evaluate(hurt, seat) < evaluate(state, seat)


def test_two_smugglers_in_the_same_position_have_the_same_value() -> None:
    a, b = 1, 3
    checked = 0
    for sampled in positions(4):
        state = sampled.clone()  # no Smuggler in the middle of a move
        state.moves = [mv for mv in state.moves if mv.fig not in (a, b)]
        if any(f.seat in (a, b) and f.kind in ("grid", "favor") for f in state.stack):
            continue  # a delivery's reward or favor still to be chosen is one Smuggler's
        checked += 1
        twin = state.clone()
        assert twin.faction[a] == twin.faction[b] == "smuggler"
        for field in ("fame", "gold", "white", "black"):
            getattr(twin, field)[b] = getattr(twin, field)[a]
        twin.fig[b] = twin.fig[a]
        twin.crew[b] = twin.crew[a][:]
        twin.damage[b] = twin.damage[a][:]
        twin.hand[b] = twin.hand[a][:]
        twin.dice[b] = twin.dice[a][:]
        twin.favor[b] = [twin.favor[a][0][:], twin.favor[a][1][:]]
        twin.cargo[b] = twin.cargo[a][:]
        assert evaluate(twin, a) == pytest.approx(evaluate(twin, b))
        # Swapping the two Smugglers' fortunes swaps their values.
        swapped = state.clone()
        for field in ("fame", "gold"):
            values = getattr(swapped, field)
            values[a], values[b] = values[b], values[a]
        swapped.cargo[a], swapped.cargo[b] = swapped.cargo[b], swapped.cargo[a]
        swapped.fig[a], swapped.fig[b] = swapped.fig[b], swapped.fig[a]
        swapped.favor[a], swapped.favor[b] = swapped.favor[b], swapped.favor[a]
        swapped.crew[a], swapped.crew[b] = swapped.crew[b], swapped.crew[a]
        swapped.damage[a], swapped.damage[b] = swapped.damage[b], swapped.damage[a]
        assert evaluate(swapped, a) == pytest.approx(evaluate(state, b))
        assert evaluate(swapped, b) == pytest.approx(evaluate(state, a))
    assert checked >= 10


def test_a_region_won_for_this_round_is_worth_about_its_wealth() -> None:
    # The Union holds no dice: a Fleet lead of 1 in a region of wealth 5 is nearly 5 fame
    # this round, and more over the later rounds.
    # The Fleet's 2 points are patrols: its flagship's region would also count a Bombard of
    # the allies next round (LATER_THREAT).
    s = table()
    s.wealth = [5, 1, 1]
    patrol(s, 1, 1)
    patrol(s, 0, 1)
    put(s, s.fleet, 3, 1)
    put(s, s.union, 5, 1)
    hand(s, s.union)
    hand(s, s.fleet, 2)
    tied = s.clone()
    s.allies[0] = 1  # 2 - 1: the Fleet controls the region
    tied.allies[0] = 2  # 2 - 2: nobody scores it
    gain = evaluate(s, s.fleet) - evaluate(tied, s.fleet)
    assert gain > 5
    assert advantage(s, s.fleet) - advantage(tied, s.fleet) > gain


def test_allies_beside_the_fleets_flagship_count_less_for_the_later_rounds() -> None:
    # The same margins either way: the Union leads 4 - 2 in one rich region, the Fleet 2 - 0 in
    # the other. Next round the Fleet can Bombard the region its flagship is in (AH-6.1.2), so
    # 4 allies beside the flagship are worth less to the Union than 4 allies beside 2 patrols.
    def board(allies_with_flagship: bool) -> AhoyState:
        s = table()
        s.wealth = [4, 1, 4]
        put(s, s.fleet, 1, 1)  # region 0
        put(s, s.union, 3, 1)  # region 1
        patrol(s, 5, 1)  # region 2
        patrol(s, 5, 0)
        s.allies = [4, 0, 0]
        if not allies_with_flagship:
            # The flagship and the patrols change places: the same control points everywhere.
            s.fig[s.fleet] = P(5, 1)
            s.fig[PATROL0], s.fig[PATROL0 + 1] = P(1, 1), P(0, 1)
        hand(s, s.fleet)
        hand(s, s.union)
        return s

    beside, away = board(True), board(False)
    assert turn.controls(beside) == turn.controls(away)
    assert evaluate(beside, beside.union) < evaluate(away, away.union) - 0.5
    assert evaluate(beside, beside.fleet) > evaluate(away, away.fleet) + 0.5


# ---------------------------------------------------------------------------- the greedy agent
def test_greedy_fleet_bombards_the_allies_that_hold_a_rich_region() -> None:
    s = table()
    s.wealth = [4, 1, 1]
    s.allies[0] = 3  # Union 3 against the flagship's 2
    put(s, s.fleet, 1, 1)
    put(s, s.union, 5, 1)
    hand(s, s.fleet, 2, 4)
    hand(s, s.union)
    start_turn(s, s.fleet)
    bombard = spot(s, s.fleet, "bombard")
    assert greedy_moves(s) == {Action.make("place", die=4, spot=bombard, value=4)}


def test_greedy_union_raises_allies_where_they_win_the_region() -> None:
    s = table()
    s.wealth = [4, 1, 1]
    s.ready = 4
    put(s, s.fleet, 0, 1)  # Fleet 2 against the Union flagship's 1 in region 0
    put(s, s.union, 1, 1)
    hand(s, s.union, 1, 3)
    hand(s, s.fleet, 2)  # the round goes on: the evaluation, not the scoring, judges the count
    start_turn(s, s.union)
    act(s, "place", die=1, spot=spot(s, s.union, "uprising"), value=1)
    assert kind(s) == "count"
    assert all(a.num("n") >= 2 for a in greedy_moves(s))


def test_greedy_union_places_its_sail_allies_to_take_the_island() -> None:
    s = table()
    s.wealth = [3, 1, 1]
    put(s, s.fleet, 0, 1)  # Fleet 2; the Union flagship will make 1 + 2 allies
    put(s, s.union, 1, 0)
    hand(s, s.union, 3)
    hand(s, s.fleet, 2)  # the round goes on after this turn
    start_turn(s, s.union)
    act(s, "place", die=3, spot=spot(s, s.union, "sail"), value=3)
    act(s, "step", dir=W)
    act(s, "stop")
    assert kind(s) == "rider_allies"
    assert greedy_moves(s) == {Action.make("allies", how="place")}


def test_greedy_fleet_places_the_patrol_that_breaks_a_tie() -> None:
    s = table()
    s.wealth = [1, 3, 1]
    s.allies[1] = 3  # the flagship and a patrol would only tie these 3 allies
    put(s, s.fleet, 1, 1)
    put(s, s.union, 5, 1)
    patrol(s, 3, 1)
    hand(s, s.fleet, 3)
    hand(s, s.union, 3)  # the round goes on after this turn
    start_turn(s, s.fleet)
    act(s, "place", die=3, spot=spot(s, s.fleet, "sail"), value=3)
    act(s, "step", dir=E)  # to (2,1), region 1
    act(s, "stop")
    assert kind(s) == "rider_patrol"
    assert greedy_moves(s) == {Action.make("yes")}


def smugglers_turn_on_the_sword_island(s: AhoyState) -> None:
    """Seat 1, the Smuggler, begins its turn on the sword island (2,0); no dice anywhere."""
    put(s, 1, 2, 0)
    put(s, s.fleet, 5, 1)
    put(s, s.union, 4, 1)
    for seat in range(3):
        hand(s, seat)
    start_turn(s, 1)


def test_greedy_smuggler_delivers_instead_of_ending_its_turn() -> None:
    s = table(3)
    card = cargo_for(s, "sword")
    s.cargo[1] = [card]
    smugglers_turn_on_the_sword_island(s)
    assert greedy_moves(s) == {Action.make("deliver", card=card)}


def cargo_for(
    s: AhoyState, symbol: str, *, smuggled_on: bool = False, bound_for: str | None = None
) -> int:
    """A market card whose cargo goes to ``symbol`` islands (or, with ``smuggled_on``, that is
    smuggled on them, its cargo going to ``bound_for`` islands if given), taken out of every
    pile."""
    card = next(
        m.id
        for m in s.content.market
        if (m.symbol if smuggled_on else m.cargo_symbol) == symbol
        and bound_for in (None, m.cargo_symbol)
    )
    for pile in (s.market_deck, s.removed):
        if card in pile:
            pile.remove(card)
    return card


def test_a_smugglers_cargo_is_worth_more_the_nearer_its_island() -> None:
    """The fish island is at (4,0): the cargo gains value on the way there, and reaching it is
    worth less than the delivery itself (2 fame and more)."""
    s = table(3)
    smuggler = 1
    s.cargo[smuggler] = [cargo_for(s, "fish")]
    values = []
    for x in (0, 1, 2, 3, 4):
        put(s, smuggler, x, 1)
        values.append(evaluate(s, smuggler))
    assert values == sorted(values) and values[0] < values[-1]
    put(s, smuggler, 4, 0)
    assert evaluate(s, smuggler) > values[-1]
    assert evaluate(s, smuggler) - values[0] < 2


def test_a_sandbar_lengthens_the_way_to_an_island() -> None:
    open_sea = table(3)
    barred = table(3)
    # A bar south of every space of row 0 but the island's: the way up is only at x = 4.
    sea(barred, ISLES, symbols=SYM3, bars=[((x, 0), 2) for x in range(4)])
    for s in (open_sea, barred):
        put(s, 1, 0, 1)
    fish = open_sea.island_of[2]
    assert island_steps(open_sea, open_sea.fig[1])[fish] == 5
    assert island_steps(barred, barred.fig[1])[fish] == 5  # along row 1, then up at x = 4
    start = P(0, 1)
    assert island_steps(open_sea, start)[open_sea.island_of[0]] == 1
    assert island_steps(barred, start)[barred.island_of[0]] == 9  # (0,0): round by x = 4


def test_a_sail_under_way_counts_its_steps_to_come() -> None:
    s = table(3)
    smuggler = 1
    s.cargo[smuggler] = [cargo_for(s, "fish")]
    put(s, smuggler, 0, 1)
    idle = evaluate(s, smuggler)
    s.moves.append(Move(smuggler, smuggler, 2, "sail"))
    assert (
        evaluate(s, smuggler) == pytest.approx(evaluate_at(s, smuggler, 2, 1), abs=1e-9)
        and evaluate(s, smuggler) > idle
    )


def evaluate_at(s: AhoyState, seat: int, x: int, y: int) -> float:
    moved = s.clone()
    moved.moves.clear()
    put(moved, seat, x, y)
    return evaluate(moved, seat)


def test_greedy_smuggler_smuggles_on_an_island_with_a_card_for_it() -> None:
    s = table(3)
    card = cargo_for(s, "sword", smuggled_on=True, bound_for="fish")  # fish: on the map
    s.market = [card]
    smugglers_turn_on_the_sword_island(s)
    assert greedy_moves(s) == {Action.make("smuggle", card=card)}


def greedy_turn(s: AhoyState, seat: int, seed: int = 0) -> None:
    """Play ``seat``'s decisions with the greedy agent until its turn or the round ends."""
    bot, start = GreedyAgent(seed), s.round
    for _ in range(30):
        if s.is_terminal() or s.current_player() != seat or s.round != start:
            return
        s.apply(bot.act(s))


@pytest.mark.parametrize("seed", range(3))
def test_greedy_smuggler_sails_to_deliver_rather_than_to_a_treasure(seed: int) -> None:
    """Issue 24: the Smuggler's bot anchored on treasure turn after turn with its cargo one or
    two spaces from the island where it could deliver it. With a 2 and a 3 at (3,1) it can
    reach the sword island (2,0) in 2 steps, or a treasure of 2 gold at (4,1) in 1 (the bot
    of before anchored there with both dice, for 4 gold, and kept the cargo)."""
    s = table(3)
    sea(s, ["I.I.I.", "....T."], symbols=SYM3, gold={(4, 1): 2})
    card = cargo_for(s, "sword")
    s.cargo[1] = [card]
    s.gold[1] = 0
    put(s, 1, 3, 1)
    put(s, s.fleet, 5, 1)
    put(s, s.union, 0, 1)
    for seat in range(3):
        hand(s, seat)
    hand(s, 1, 2, 3)
    start_turn(s, 1)
    greedy_turn(s, 1, seed)
    assert s.cargo[1] == [] and s.fame[1] >= 2


def test_on_the_island_a_smugglers_cargo_beats_a_treasure_next_to_it() -> None:
    s = table(3)
    s.cargo[1] = [cargo_for(s, "sword")]
    for gold in (0, 3):  # a Smuggler's first gold and its spare gold
        s.gold[1] = gold
        put(s, 1, 2, 0)
        there = evaluate(s, 1)
        put(s, 1, 3, 0)  # one space off, with a treasure's gold
        s.gold[1] = gold + 1
        assert evaluate(s, 1) < there, gold


def test_a_delivery_counts_the_reward_and_favor_still_to_choose() -> None:
    """Right after Deliver (AH-6.3.5) the value is what the best reward and the better favor
    token then bring: the bots' lookahead does not reach those decisions."""
    s = table(3)
    card = cargo_for(s, "sword")
    s.cargo[1] = [card]
    smugglers_turn_on_the_sword_island(s)
    s.apply(Action.make("deliver", card=card))
    assert kind(s) == "grid"
    delivered = evaluate(s, 1)
    best = float("-inf")
    for grid in s.legal_actions():
        after = s.clone()
        after.apply(grid)
        while kind(after) != "favor":  # a reward with decisions of its own
            after.apply(after.legal_actions()[0])
        for favor in after.legal_actions():
            done = after.clone()
            done.apply(favor)
            best = max(best, evaluate(done, 1))
    assert delivered == pytest.approx(best)


def test_a_smugglers_spare_gold_is_worth_less_than_its_first() -> None:
    smuggler = 1
    for state in positions(3):
        values = []
        for gold in (0, 1, 8, 9):
            richer = state.clone()
            richer.gold[smuggler] = gold
            values.append(evaluate(richer, smuggler))
        assert 0 < values[3] - values[2] < values[1] - values[0]


@pytest.mark.parametrize("who", ["fleet", "union"])
def test_greedy_raises_the_wealth_of_a_region_it_holds(who: str) -> None:
    s = table()
    seat = s.fleet if who == "fleet" else s.union
    put(s, s.fleet, 1, 1)  # the Fleet holds region 0
    put(s, s.union, 5, 1)  # the Union holds region 2
    for r in (0, 2):
        s.wealth[r] = 3
    for other in range(2):
        hand(s, other)
    s.first = seat
    s.stack.clear()
    s.push("@cleanup", seat)
    s.push("clear_market", seat)
    s.push("raise", seat)
    assert kind(s) == "raise"
    held = 0 if who == "fleet" else 2
    assert greedy_moves(s) == {Action.make("region", region=held)}


def test_a_sure_scoring_is_not_counted_twice_at_the_round_end() -> None:
    # The last die of the round is placed: the values barely move when the round is scored,
    # since sure regions are already counted as this round's fame, and the next round is
    # not counted yet while the 2-player adjustment is decided.
    s = table()
    s.wealth = [3, 1, 1]
    put(s, s.fleet, 1, 1)
    put(s, s.union, 5, 1)
    hand(s, s.fleet)
    hand(s, s.union)
    give_crew(s, s.fleet, "mysterious_gust")  # a free action: the turn waits for 'end'
    start_turn(s, s.fleet)
    assert kind(s) == "turn"
    before = [evaluate(s, seat) for seat in range(2)]
    act(s, "end")
    assert kind(s) == "raise"
    assert s.fame == [3, 1]  # region 0 (3) for the Fleet, region 2 (1) for the Union
    after = [evaluate(s, seat) for seat in range(2)]
    assert after == pytest.approx(before, abs=1.0)


def whisper_turn() -> AhoyState:
    """The Union (flagship at sea, 4 Ready allies) to move with a 6 and a 3; the Fleet holds
    regions 0 and 1 by one patrol each and still has a die this round."""
    s = table()
    s.wealth = [2, 2, 2]
    s.ready = 4
    put(s, s.fleet, 5, 1)
    patrol(s, 0, 1)
    patrol(s, 3, 1)
    put(s, s.union, 1, 1)
    hand(s, s.union, 3, 6)
    hand(s, s.fleet, 2)
    start_turn(s, s.union)
    return s


def test_a_whisper_under_way_counts_the_allies_it_will_place() -> None:
    s = whisper_turn()
    cannons = s.clone()
    act(cannons, "place", die=6, spot=spot(cannons, cannons.union, "cannons"), value=6)
    act(s, "place", die=6, spot=spot(s, s.union, "whisper"), value=6)
    assert kind(s) == "whisper"
    pending = evaluate(s, s.union)
    assert pending > evaluate(cannons, cannons.union) + 1.0
    done = s.clone()
    for r in range(3):  # one ally on each island
        act(done, "island", region=r)
    assert evaluate(done, done.union) == pytest.approx(pending, abs=0.3)


def test_greedy_union_whispers_where_single_allies_take_regions() -> None:
    s = whisper_turn()
    whisper = spot(s, s.union, "whisper")
    assert greedy_moves(s) == {Action.make("place", die=6, spot=whisper, value=6)}


def test_a_union_sail_under_way_counts_its_rider() -> None:
    s = table()
    put(s, s.union, 1, 1)
    hand(s, s.fleet, 2)
    idle = evaluate(s, s.union)
    s.moves.append(Move(s.union, s.union, 2, "sail", rider="allies"))
    assert evaluate(s, s.union) > idle
