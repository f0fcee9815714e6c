"""Win shares, Wilson intervals, ranks, head to head, seat balance and openskill ratings."""

from __future__ import annotations

import pytest

from tabletide.sim import run_tournament
from tabletide.sim.backends import GameRecord, ranks_from_returns
from tabletide.sim.tournament import (
    Entrant,
    agent_stats,
    rate,
    seat_balance,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # hand-computed: center (p + z²/2n)/(1 + z²/n), half z/(1 + z²/n)·sqrt(p(1-p)/n + z²/4n²)
        (8, 10, 0.49016, 0.94332),
        (5, 10, 0.23659, 0.76341),
        (0, 10, 0.0, 0.27753),
        (10, 10, 0.72247, 1.0),
        (1, 2, 0.09453, 0.90547),
        (36, 40, 0.76948, 0.96042),
    ],
)
def test_wilson_interval_matches_hand_computed_values(
    wins: float, games: int, low: float, high: float
) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-5)


def test_wilson_interval_with_split_ties_and_no_games() -> None:
    low, high = wilson_interval(2.5, 5)  # p = 0.5: symmetric around it
    assert (low, high) == pytest.approx((0.17042, 0.82958), abs=1e-5)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("games", [1, 7, 10, 200, 1000])
def test_wilson_interval_contains_a_perfect_or_empty_record(games: int) -> None:
    # A sweep (or a whitewash) must not get a bound rounded past its own share: the chart's
    # error bars are share - low and high - share, and matplotlib refuses negative ones.
    low, high = wilson_interval(games, games)
    assert low <= 1.0 == high
    low, high = wilson_interval(0, games)
    assert low == 0.0 <= high


def test_ranks_from_returns_share_tied_places() -> None:
    assert ranks_from_returns([1.0, -1.0]) == (1.0, 2.0)
    assert ranks_from_returns([0.0, 0.0]) == (1.5, 1.5)
    assert ranks_from_returns([-1.0, 0.5, 0.5]) == (3.0, 1.5, 1.5)
    assert ranks_from_returns([1.0, -1 / 3, 1 / 3, -1.0]) == (1.0, 3.0, 2.0, 4.0)


def record(index: int, entrants: tuple[int, ...], scores: tuple[float, ...]) -> GameRecord:
    """A record whose ranks and winners follow from the scores (no tie-breaks)."""
    ranks = tuple(
        1 + sum(o > s for o in scores) + (sum(o == s for o in scores) - 1) / 2 for s in scores
    )
    best = max(scores)
    return GameRecord(
        index=index,
        seed=index,
        lineup=0,
        rotation=0,
        entrants=entrants,
        scores=scores,
        ranks=ranks,
        winners=tuple(s for s, v in enumerate(scores) if v == best),
        decisions=10,
        decisions_per_seat=tuple(5 for _ in scores),
        seconds=0.1,
    )


AGENTS = [Entrant("a", "random"), Entrant("b", "random:1"), Entrant("c", "greedy")]


def test_win_share_splits_ties_and_counts_each_game_once() -> None:
    records = [
        record(0, (0, 1, 2), (5, 3, 1)),  # a wins
        record(1, (1, 2, 0), (4, 4, 2)),  # b and c tie first
        record(2, (2, 0, 1), (9, 9, 9)),  # three-way tie
        record(3, (0, 0, 1), (7, 2, 3)),  # a holds two seats and wins
    ]
    stats = {s.name: s for s in agent_stats(records, AGENTS, 3)}
    a, b, c = stats["a"], stats["b"], stats["c"]
    assert (a.games, a.seats) == (4, 5) and (b.games, b.seats) == (4, 4)
    assert (c.games, c.seats) == (3, 3)
    assert a.wins == pytest.approx(1 + 0 + 1 / 3 + 1)
    assert b.wins == pytest.approx(0.5 + 1 / 3)
    assert c.wins == pytest.approx(0.5 + 1 / 3)
    assert a.wins + b.wins + c.wins == pytest.approx(len(records))
    assert a.win_share == pytest.approx(a.wins / 4)
    assert (a.win_low, a.win_high) == pytest.approx(wilson_interval(a.wins, 4))
    assert a.mean_score == pytest.approx((5 + 2 + 9 + 7 + 2) / 5)
    # ranks: a 1, 3, 2 (3-way tie), 1 and 3; b 2, 1.5, 2, 2; c 3, 1.5, 2
    assert a.mean_rank == pytest.approx((1 + 3 + 2 + 1 + 3) / 5)
    assert b.mean_rank == pytest.approx((2 + 1.5 + 2 + 2) / 4)
    assert c.mean_rank == pytest.approx((3 + 1.5 + 2) / 3)
    # even share: a holds 1/3 of the seats in three games and 2/3 in one
    assert a.even_share == pytest.approx((3 * (1 / 3) + 2 / 3) / 4)


def test_head_to_head_counts_meetings_and_ties_half() -> None:
    records = [
        record(0, (0, 1), (5, 3)),
        record(1, (1, 0), (4, 4)),
        record(2, (0, 1), (1, 2)),
        record(3, (0, 2), (6, 2)),
    ]
    stats = {s.name: s for s in agent_stats(records, AGENTS, 2)}
    assert stats["a"].head_to_head == {"b": pytest.approx(1.5 / 3), "c": 1.0}
    assert stats["b"].head_to_head == {"a": pytest.approx(1.5 / 3), "c": None}
    assert stats["c"].head_to_head == {"a": 0.0, "b": None}


def test_seat_balance_is_the_win_share_of_each_seat() -> None:
    records = [
        record(0, (0, 1), (5, 3)),
        record(1, (1, 0), (4, 4)),
        record(2, (0, 1), (1, 2)),
        record(3, (0, 1), (6, 2)),
    ]
    assert seat_balance(records, 2) == pytest.approx([2.5 / 4, 1.5 / 4])


def test_ratings_reward_winners_and_depend_on_game_order() -> None:
    records = [record(i, (0, 1), (9, 1)) for i in range(6)]
    a, b = rate(records, 2)
    assert a.mu > 25 > b.mu
    assert a.sigma < 25 / 3 and a.ordinal == pytest.approx(a.mu - 3 * a.sigma)
    assert a.ordinal > b.ordinal
    mixed = [*records, record(6, (0, 1), (1, 9))]
    assert rate(mixed, 2) != rate([mixed[-1], *mixed[:-1]], 2)  # sequential updates
    assert rate(mixed, 2) == rate(mixed, 2)


def test_an_agent_in_two_seats_moves_by_the_sum_of_its_seats() -> None:
    # a holds seats 0 and 1; compare with three distinct agents x, y, b in the same seats
    game = record(0, (0, 0, 1), (9, 1, 5))
    a, b = rate([game], 2)
    x, y, b3 = rate([record(0, (0, 1, 2), (9, 1, 5))], 3)
    assert a.mu - 25 == pytest.approx((x.mu - 25) + (y.mu - 25))
    assert a.sigma == pytest.approx(min(x.sigma, y.sigma))
    assert (b.mu, b.sigma) == pytest.approx((b3.mu, b3.sigma))
    assert a.mu + b.mu == pytest.approx(50)  # Plackett-Luce updates sum to zero
    # both of a's seats beat b: a clear gain
    a, b = rate([record(0, (0, 0, 1), (9, 8, 5))], 2)
    assert a.mu > 26 and b.mu < 24


def test_a_clearly_stronger_agent_is_rated_first(passer: str) -> None:
    # over 240 games: greedy 72%, random 58%, passer 10% (beaten 86% of the time by greedy)
    result = run_tournament("lanterns", ["random", passer, "greedy"], 2, 30, seed=4)
    ranking = [a.name for a in result.ranking()]
    assert ranking[-1] == "passer", ranking
    by_name = {a.name: a for a in result.agents}
    assert by_name["greedy"].rating.ordinal > by_name["passer"].rating.ordinal + 5
    assert by_name["passer"].win_share < 0.3
    versus = by_name["greedy"].head_to_head["passer"]
    assert versus is not None and versus > 0.5
