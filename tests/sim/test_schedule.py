"""Lineups, seat rotation, seeds and agent names of a tournament plan."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletide.engine import ConfigError
from tabletide.sim.runner import game_seed
from tabletide.sim.tournament import (
    Entrant,
    make_lineups,
    parse_agents,
    plan_tournament,
    rotations,
)


def test_lineups_are_combinations_when_there_are_enough_agents() -> None:
    assert make_lineups(4, 2) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert make_lineups(3, 3) == [(0, 1, 2)]
    assert len(make_lineups(5, 3)) == 10 and len(set(make_lineups(5, 3))) == 10


def test_lineups_are_multisets_using_every_agent_when_there_are_fewer_agents() -> None:
    assert make_lineups(2, 3) == [(0, 0, 1), (0, 1, 1)]  # AAB and ABB
    assert make_lineups(2, 4) == [(0, 0, 0, 1), (0, 0, 1, 1), (0, 1, 1, 1)]
    assert make_lineups(3, 4) == [(0, 0, 1, 2), (0, 1, 1, 2), (0, 1, 2, 2)]
    assert make_lineups(1, 3) == [(0, 0, 0)]


def test_rotations_are_the_distinct_cyclic_turns() -> None:
    assert rotations((0, 0, 1)) == [(0, (0, 0, 1)), (1, (0, 1, 0)), (2, (1, 0, 0))]
    assert rotations((0, 1, 1, 2))[3] == (3, (2, 0, 1, 1))
    assert rotations((0, 0, 0)) == [(0, (0, 0, 0))]  # one agent alone: a single seating


@pytest.mark.parametrize("seatings", ["rotate", "all"])
@pytest.mark.parametrize(("agents", "players"), [(4, 3), (2, 3), (3, 2), (3, 4), (2, 2)])
def test_every_agent_sits_in_every_seat_equally_often_over_a_cycle(
    agents: int, players: int, seatings: str
) -> None:
    specs = [f"random:{i}" for i in range(agents)]
    plan = plan_tournament("lanterns", specs, players, 1, seatings=seatings)
    cycle = plan.cycle
    plan = plan_tournament("lanterns", specs, players, 3 * cycle, seed=5, seatings=seatings)
    assert plan.warnings == ()
    for start in (0, cycle, 2 * cycle):
        window = plan.tasks[start : start + cycle]
        seats = Counter((seat, e) for t in window for seat, e in enumerate(t.entrants))
        per_agent_seat = {seats[(s, e)] for s in range(players) for e in range(agents)}
        assert len(per_agent_seat) == 1, seats  # the same count for every (seat, agent)
        assert per_agent_seat.pop() > 0
        # every lineup once per cycle, each in all of its rotations
        lineups = Counter((t.lineup, t.rotation) for t in window)
        assert len(lineups) == cycle and set(lineups.values()) == {1}


def test_all_seatings_put_every_agent_behind_every_other() -> None:
    """Rotations keep an agent's neighbours: in 3-player rotations of (A, B, C), whoever sits
    first always has the same agent after it. All seatings pair every agent with every other."""
    behind = {
        how: Counter(
            (t.entrants[0], t.entrants[1])
            for t in plan_tournament(
                "lanterns", "a=random,b=random,c=random", 3, 6, seatings=how
            ).tasks
        )
        for how in ("rotate", "all")
    }
    assert set(behind["rotate"]) == {(0, 1), (1, 2), (2, 0)}
    assert set(behind["all"]) == {(a, b) for a in range(3) for b in range(3) if a != b}
    plan = plan_tournament("lanterns", "random,greedy", 4, 14, seatings="all")
    assert plan.cycle == 4 + 6 + 4 and plan.warnings == ()  # AAAB, AABB, ABBB in every order
    assert len({t.entrants for t in plan.tasks}) == 14 and len({t.seed for t in plan.tasks}) == 3
    assert plan.settings()["seatings"] == "all"


def test_rotations_of_a_lineup_share_a_seed_and_groups_do_not() -> None:
    plan = plan_tournament("lanterns", "random,greedy,random:3", 3, 12, seed=9)
    assert plan.group_size == 3 and plan.cycle == 3
    groups = [plan.tasks[i : i + 3] for i in range(0, 12, 3)]
    for g, group in enumerate(groups):
        assert {t.seed for t in group} == {game_seed(9, g)}
        assert [t.rotation for t in group] == [0, 1, 2]
        assert sorted(group[0].entrants) == sorted(group[1].entrants) == [0, 1, 2]
        # rotation r puts lineup member (s + r) % p in seat s
        assert group[1].entrants == group[0].entrants[1:] + group[0].entrants[:1]
    assert len({g[0].seed for g in groups}) == 4


def test_specs_follow_the_entrants_and_named_twins_are_separate_entrants() -> None:
    plan = plan_tournament("lanterns", "a=random,b=random,g=greedy", 2, 6)
    assert [e.name for e in plan.entrants] == ["a", "b", "g"]
    for task in plan.tasks:
        assert task.specs == tuple(plan.entrants[e].spec for e in task.entrants)
    assert {t.specs for t in plan.tasks} >= {("random", "random"), ("greedy", "random")}


def test_a_game_does_not_depend_on_the_length_of_the_series() -> None:
    short = plan_tournament("lanterns", "random,greedy", 3, 7, seed=2)
    long = plan_tournament("lanterns", "random,greedy", 3, 30, seed=2)
    assert short.tasks == long.tasks[:7]
    assert plan_tournament("lanterns", "random,greedy", 3, 7, seed=3).tasks != short.tasks


def test_a_series_shorter_or_uneven_is_played_in_full_with_a_warning() -> None:
    plan = plan_tournament("lanterns", "random,greedy", 3, 7)  # cycle 6, groups of 3
    assert len(plan.tasks) == 7 and [t.index for t in plan.tasks] == list(range(7))
    (warning,) = plan.warnings
    assert "middle of a lineup's seatings" in warning and "6 games" in warning
    plan = plan_tournament("lanterns", "random,greedy,easy", 2, 8)  # cycle 6, groups of 2
    (warning,) = plan.warnings
    assert "8 games is not a multiple of the 6-game cycle" in warning
    assert plan_tournament("lanterns", "random,greedy,easy", 2, 12).warnings == ()


def test_agent_names() -> None:
    assert parse_agents("random, greedy ,ismcts:50") == [
        Entrant("random", "random"),
        Entrant("greedy", "greedy"),
        Entrant("ismcts:50", "ismcts:50"),
    ]
    assert parse_agents(["a=random", Entrant("b", "random")]) == [
        Entrant("a", "random"),
        Entrant("b", "random"),
    ]
    # Settings inside a spec are not names: only a prefix without ":" names the entrant.
    assert parse_agents("ismcts:50:own=1,strong=ismcts:50:c=0.3") == [
        Entrant("ismcts:50:own=1", "ismcts:50:own=1"),
        Entrant("strong", "ismcts:50:c=0.3"),
    ]


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ("random,random", "name each: a=random,b=random"),
        ("x=random,x=greedy", "agent 'x' appears twice"),
        ("random,bogus", "unknown agent 'bogus'"),
        ("random,,greedy", "empty entry"),
        ("=random", "bad agent name"),
        ("ismcts:lots", "give a number of iterations"),
        ("", "empty entry"),
    ],
)
def test_bad_agents_are_refused(agents: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_agents(agents)


@pytest.mark.parametrize(
    ("players", "games", "options", "message"),
    [
        (5, 10, None, "2-4 players; got 5"),
        (1, 10, None, "at least 2 players"),
        (2, 0, None, "at least 1; got 0"),
        (2, 10, {"hand_size": 9}, "must be one of 2, 3, 4; got 9"),
        (2, 10, {"colour": "red"}, "unknown option"),
    ],
)
def test_bad_settings_are_refused(
    players: int, games: int, options: dict[str, int] | None, message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        plan_tournament("lanterns", "random,greedy", players, games, options=options)


def test_unknown_seatings_are_refused() -> None:
    with pytest.raises(ConfigError, match="seatings must be one of rotate, all; got 'some'"):
        plan_tournament("lanterns", "random,greedy", 3, 6, seatings="some")


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ConfigError, match="unknown game 'nope'"):
        plan_tournament("nope", "random", 2, 2)
