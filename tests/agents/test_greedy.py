from __future__ import annotations

import pytest

from tabletide.agents import GreedyAgent, make_agent
from tabletide.agents.values import WIN_BONUS, advantage, gaps, seat_values
from tabletide.engine import Action

from .conftest import lanterns_position
from .toys import VAULT


def test_greedy_plays_the_card_that_scores_most() -> None:
    # Pile top 3: a 5 scores 5, a 2 scores 1, passing scores 0.
    state = lanterns_position([[2, 5], [1, 1]], deck=[4, 4, 4], pile=[3])
    for seed in range(5):
        assert GreedyAgent(seed).act(state) == Action.make("play", card=5)


def test_greedy_values_are_the_advantage_after_each_move() -> None:
    state = lanterns_position([[2, 5], [1, 1]], deck=[4, 4, 4], pile=[3])
    legal = state.legal_actions()
    values = dict(zip(legal, GreedyAgent(0).action_values(state), strict=True))
    assert values[Action.make("play", card=5)] == 5.0
    assert values[Action.make("play", card=2)] == 1.0
    assert values[Action.make("pass")] == 0.0


def test_greedy_breaks_ties_at_random_but_reproducibly() -> None:
    # Pile top 6: every card scores 1, so both plays tie (passing scores 0).
    state = lanterns_position([[1, 2, 3], [1, 1]], deck=[4, 4, 4], pile=[6])
    picks = [GreedyAgent(seed).act(state) for seed in range(30)]
    assert set(picks) == {Action.make("play", card=c) for c in (1, 2, 3)}
    assert picks == [GreedyAgent(seed).act(state) for seed in range(30)]


def test_greedy_prefers_a_won_game_to_any_lead() -> None:
    # Last cards: seat 0 holds a 6 and a 1 and trails 0-5; only playing the 6 wins (6 > 5).
    state = lanterns_position([[1, 6], [5]], deck=[], pile=[5])
    state.points = [0, 5]
    child = state.clone()
    child.apply(Action.make("play", card=6))
    assert advantage(child, 0) > 0
    assert GreedyAgent(0).act(state) == Action.make("play", card=6)
    finished = state.clone()
    finished.hands = [[], []]
    finished.stack.clear()
    assert advantage(finished, 1) == pytest.approx(5 + WIN_BONUS)


def test_epsilon_one_is_uniform_and_epsilon_zero_never_random() -> None:
    state = lanterns_position([[2, 5], [1, 1]], deck=[4, 4, 4], pile=[3])
    wild = GreedyAgent(3, epsilon=1.0)
    assert {wild.act(state) for _ in range(60)} == set(state.legal_actions())
    tame = GreedyAgent(3, epsilon=0.0)
    assert {tame.act(state) for _ in range(60)} == {Action.make("play", card=5)}
    easy = make_agent("easy", 4)
    picks = [easy.act(state) for _ in range(200)]
    share = picks.count(Action.make("play", card=5)) / len(picks)
    assert 0.6 < share < 0.85, "easy plays its best move unless it rolls a random one (40%)"


def test_gaps_compare_each_seat_with_its_best_opponent() -> None:
    assert gaps([3.0, 7.0, 5.0]) == [-4.0, 2.0, -2.0]
    assert gaps([4.0, 4.0]) == [0.0, 0.0]
    assert gaps([9.0]) == [9.0]


def test_seat_values_are_the_rank_utility_at_the_end_and_a_logistic_before() -> None:
    state = lanterns_position([[2, 5], [1, 1]], deck=[4], pile=[3])
    state.points = [4, 4]
    assert seat_values(state) == [0.5, 0.5]
    state.points = [10, 0]
    ahead, behind = seat_values(state)
    assert ahead > 0.6 and behind < 0.4 and ahead + behind == pytest.approx(1.0)
    state.hands = [[], []]
    state.deck = []
    state.stack.clear()
    assert seat_values(state) == [1.0, 0.0]


@pytest.mark.parametrize(("epsilon", "budget"), [(-0.1, 8), (1.5, 8), (0.0, 0)])
def test_bad_greedy_settings_are_refused(epsilon: float, budget: int) -> None:
    with pytest.raises(ValueError):
        GreedyAgent(0, epsilon=epsilon, budget=budget)


def test_greedy_looks_through_its_own_follow_up_decision() -> None:
    state = VAULT.new_state(2, 0)
    # Door 1 scores nothing by itself and its other drawers are empty, but it hides the 9.
    assert GreedyAgent(0).act(state) == Action.make("door", door=1)
    state.apply(Action.make("door", door=1))
    assert GreedyAgent(0).act(state) == Action.make("drawer", drawer=2)


def test_a_greedy_budget_too_small_to_look_ahead_judges_the_door_alone() -> None:
    state = VAULT.new_state(2, 0)
    values = GreedyAgent(0, budget=3).action_values(state)
    assert values == [0.0, 0.0, 0.0], "with one position per door, no drawer is looked at"
    assert GreedyAgent(0, budget=12).action_values(state) == [3.0, 9.0, 4.0]
