"""The balance lab: its statistics on hand-made records, its plan, a small real run per game
(every faction and seat appears; usage counts agree with the final state), and resuming."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tabletide.agents import make_agent
from tabletide.engine import ConfigError, State, load_game
from tabletide.sim.backends import LocalBackend
from tabletide.sim.balance import (
    BalancePlan,
    BalanceRecord,
    balance_journal,
    distribution,
    game_usage,
    group_shares,
    hook,
    margins_of,
    parse_vary,
    plan_balance,
    run_balance,
    share_row,
    usage_stats,
)
from tabletide.sim.runner import RunHooks, agent_seed, play_game
from tabletide.sim.tournament import wilson_interval


def record(
    scores: list[float],
    winners: list[int],
    factions: list[str | None] | None = None,
    usage: list[dict[str, int]] | None = None,
    index: int = 0,
) -> BalanceRecord:
    n = len(scores)
    return BalanceRecord(
        index=index,
        seed=0,
        config=0,
        assignment=0,
        lineup=0,
        rotation=0,
        entrants=tuple([0] * n),
        factions=tuple(factions or [None] * n),
        positions=tuple(range(n)),
        scores=tuple(scores),
        margins=tuple(margins_of(scores)),
        winners=tuple(winners),
        decisions=10,
        rounds=None,
        usage=tuple(usage or [{} for _ in range(n)]),
        seconds=0.0,
    )


# --------------------------------------------------------------------------- statistics
def test_share_row_uses_the_wilson_interval() -> None:
    row = share_row("x", 5, 10)
    assert row["win_share"] == 0.5
    low, high = row["win_share_ci95"]
    assert (low, high) == wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert share_row("y", 0, 0)["win_share_ci95"] == [0.0, 1.0] or share_row("y", 0, 0)[
        "win_share_ci95"
    ] == (0.0, 1.0)


def test_margins_are_own_score_minus_the_best_other() -> None:
    assert margins_of([10, 7, 7]) == [3, -3, -3]
    assert margins_of([5, 5]) == [0, 0]
    assert margins_of([40]) == [None]
    assert margins_of([40], rival=52) == [-12]


def test_group_shares_split_ties_and_average_margins() -> None:
    records = [
        record([10, 8], [0], ["olaf", "glenn"]),
        record([9, 9], [0, 1], ["glenn", "olaf"]),
        record([3, 8], [1], ["olaf", "glenn"]),
    ]
    rows = {r["name"]: r for r in group_shares(records, lambda r, s: r.factions[s], 0.5)}
    assert rows["olaf"]["wins"] == 1.5 and rows["glenn"]["wins"] == 1.5
    assert rows["olaf"]["seats"] == 3
    assert rows["olaf"]["mean_margin"] == pytest.approx((2 + 0 - 5) / 3)
    assert rows["olaf"]["score"]["median"] == 9
    positions = {r["name"]: r for r in group_shares(records, lambda r, s: r.positions[s], 0.5)}
    assert positions["0"]["win_share"] == pytest.approx(1.5 / 3)


def test_distribution_quartiles() -> None:
    d = distribution([1, 2, 3, 4, 5])
    assert (d["min"], d["q1"], d["median"], d["q3"], d["max"]) == (1, 2, 3, 4, 5)
    assert d["mean"] == 3 and d["sd"] == pytest.approx(1.5811, abs=1e-4)
    assert distribution([])["n"] == 0


def test_usage_win_share_with_against_without() -> None:
    # "gem" is taken by 3 seats that win 2 games; 5 seats without it win 2 games.
    records = [
        record([5, 1], [0], usage=[{"gem": 2}, {}], index=0),
        record([5, 1], [0], usage=[{"gem": 1}, {"axe": 1}], index=1),
        record([1, 5], [1], usage=[{"gem": 1}, {}], index=2),
        record([1, 5], [1], usage=[{}, {}], index=3),
    ]
    rows = {r["item"]: r for r in usage_stats(records)}
    gem = rows["gem"]
    assert gem["count"] == 4 and gem["games"] == 3 and gem["seats_with"] == 3
    assert gem["per_game"] == 1.0 and gem["per_seat"] == 0.5
    assert gem["win_share_with"] == pytest.approx(2 / 3)
    assert gem["win_share_without"] == pytest.approx(2 / 5)
    assert gem["lift"] == pytest.approx(2 / 3 - 2 / 5)
    assert gem["win_share_with_ci95"] == list(wilson_interval(2, 3))
    assert rows["axe"]["win_share_with"] == 0.0
    # sorted by |z|: the largest difference first
    zs = [abs(r["z"]) for r in usage_stats(records)]
    assert zs == sorted(zs, reverse=True)


def test_parse_vary() -> None:
    assert parse_vary(["rubies=false,true", "layout=standard,narrows"]) == {
        "rubies": [False, True],
        "layout": ["standard", "narrows"],
    }
    with pytest.raises(ConfigError, match="--vary needs"):
        parse_vary(["rubies"])


# --------------------------------------------------------------------------- plan
def test_empires_plan_puts_every_clan_in_every_seat_with_shared_deals() -> None:
    plan = plan_balance("empires_north", "random", players=2, games=60, seed=3)
    assert plan.cycle == 30 and plan.total == 60
    seats = Counter((seat, clan) for t in plan.tasks for seat, clan in enumerate(
        t.options[f"clan_{k}"] for k in (1, 2)
    ))  # fmt: skip
    assert len(seats) == 12 and set(seats.values()) == {10}
    by_seed: dict[int, set[tuple[str, str]]] = {}
    for t in plan.tasks:
        by_seed.setdefault(t.seed, set()).add((t.options["clan_1"], t.options["clan_2"]))
    assert all(len(v) == 2 and {tuple(reversed(p)) for p in v} == v for v in by_seed.values())


def test_vary_makes_configurations_on_the_same_deals() -> None:
    plan = plan_balance("maracaibo", "random", 2, 10, 1, vary={"rubies": [False, True]})
    assert [c for c in plan.configs] == [{"rubies": False}, {"rubies": True}]
    assert plan.total == 20
    first, second = plan.tasks[:10], plan.tasks[10:]
    assert [t.seed for t in first] == [t.seed for t in second]
    assert all(t.options["rubies"] for t in second)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 20}, "give at least 30"),
        ({"games": 29}, "one cycle is 30 games"),
        ({"agents": "nobody"}, "nobody"),
        ({"options": {"speed": 1}}, "unknown option"),
        ({"vary": {"clan_1": ["olaf", "thor"]}}, "thor"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    settings: dict[str, Any] = {"agents": "random", "players": 2, "games": 30}
    settings.update(kwargs)
    with pytest.raises(ConfigError, match=message):
        plan_balance("empires_north", **settings)


def test_fewer_than_ten_games_are_refused_even_for_a_short_cycle() -> None:
    with pytest.raises(ConfigError, match="at least 10"):
        plan_balance("shipyard", "random", 2, 4)


# --------------------------------------------------------------------------- real runs
class _Final(RunHooks):
    def __init__(self) -> None:
        self.first: State | None = None
        self.last: State | None = None

    def before(self, state: State) -> None:
        self.first = state.clone()

    def after(self, state: State, result: Any) -> None:
        self.last = state


def replay(plan: BalancePlan, index: int) -> tuple[State, State]:
    """Play game ``index`` of ``plan`` again outside the lab: its first and final states."""
    task = plan.tasks[index]
    agents = [make_agent(s, agent_seed(task.seed, seat)) for seat, s in enumerate(task.specs)]
    hooks = _Final()
    play_game(plan.game, agents, task.seed, task.options, hooks=(hooks,), keep_replay=False)
    assert hooks.first is not None and hooks.last is not None
    return hooks.first, hooks.last


def total(usage: dict[str, int], prefix: str) -> int:
    return sum(v for k, v in usage.items() if k.startswith(prefix))


def state_checks(game: str, first: Any, last: Any, usage: list[dict[str, int]]) -> None:
    """Usage counts against what the final state holds (not against the events)."""
    for p in range(last.num_players):
        if game == "empires_north":  # each build or conquest adds a card to the empire
            grown = len(last.empire[p]) - len(first.empire[p])
            assert total(usage[p], "build: ") + total(usage[p], "conquer: ") == grown
        elif game == "maracaibo":  # each card bought is owned
            assert total(usage[p], "card: ") == len(last.owned[p])
        elif game == "shipyard":  # hired employees stay; fulfilled contracts are kept
            assert total(usage[p], "hire: ") == len(last.employees[p]) - len(first.employees[p])
        elif game == "tiny_epic_pirates":  # crew can be dismissed, never gained otherwise
            assert total(usage[p], "recruit: ") >= len(last.crew[p])
        elif game == "ahoy":
            assert total(usage[p], "recruit: ") >= len(last.crew[p]) - len(first.crew[p])


@pytest.mark.parametrize(
    ("game", "players", "games"),
    [
        ("empires_north", 2, 30),
        ("ahoy", 3, 10),
        ("shipyard", 2, 10),
        ("maracaibo", 2, 10),
        ("tiny_epic_pirates", 2, 10),
    ],
)
def test_a_small_run_covers_every_faction_and_seat(game: str, players: int, games: int) -> None:
    plan = plan_balance(game, "random", players, games, seed=2)
    result = run_balance(plan, LocalBackend(1))
    overall = result.stats["overall"]
    assert overall["games"] == games
    assert {r["name"] for r in overall["positions"]} == {str(p) for p in range(players)}
    assert sum(r["wins"] for r in overall["positions"]) == pytest.approx(
        sum(1 for r in result.records if r.winners)
    )
    if game == "empires_north":
        clans = {r["name"]: r["seats"] for r in overall["factions"]}
        assert clans == dict.fromkeys(
            ["glenn", "heidel", "mackinnon", "nanuuk", "olaf", "panurjuk"], 10
        )
    if game == "ahoy":
        assert {r["name"] for r in overall["factions"]} == {"fleet", "smuggler", "union"}
    if game == "tiny_epic_pirates":
        assert overall["factions"] and all(r["name"] != "None" for r in overall["factions"])
    assert overall["usage"], "no card or tile was counted"
    assert hook(plan.game, "usage_keys") is not None
    for index in (0, 1):
        first, last = replay(plan, index)
        rec = result.records[index]
        assert list(rec.usage) == game_usage(plan.game, last)
        assert list(rec.scores) == last.scores()
        state_checks(game, first, last, list(rec.usage))


def test_solo_reports_the_win_rate_per_agent_and_difficulty() -> None:
    plan = plan_balance("maracaibo", "a=random,b=random", 1, 10, 1, vary={"difficulty": [0, 6]})
    assert plan.cycle == 2
    result = run_balance(plan, LocalBackend(1))
    solo = {r["name"]: r for r in result.stats["overall"]["solo"]}
    assert solo["a"]["seats"] == 10 and solo["b"]["seats"] == 10
    assert all(r.margins[0] is not None for r in result.records)  # against John Silver
    assert [c["label"] for c in result.stats["configs"]] == ["difficulty=0", "difficulty=6"]


# --------------------------------------------------------------------------- resume
class Stop(Exception):
    pass


def test_a_stopped_run_resumes_to_the_same_records(tmp_path: Path) -> None:
    plan = plan_balance("shipyard", "random", 2, 10, seed=5)
    fresh = run_balance(plan, LocalBackend(1))
    out = tmp_path / "r.json"
    seen: list[int] = []

    def stop_after_three(rec: BalanceRecord) -> None:
        seen.append(rec.index)
        if len(seen) == 3:
            raise Stop

    with pytest.raises(Stop):
        run_balance(plan, LocalBackend(1), stop_after_three, balance_journal(plan, out))
    journal = balance_journal(plan, out)
    assert len(journal.load()) == 3
    replayed: list[int] = []
    resumed = run_balance(plan, LocalBackend(1), lambda r: replayed.append(r.index), journal)
    assert len(replayed) == 10
    strip = [{**r.to_json(), "seconds": 0} for r in resumed.records]
    assert strip == [{**r.to_json(), "seconds": 0} for r in fresh.records]


def test_a_journal_of_another_version_or_run_is_refused(tmp_path: Path) -> None:
    plan = plan_balance("shipyard", "random", 2, 10, seed=5)
    out = tmp_path / "r.json"
    journal = balance_journal(plan, out)
    journal.open()
    journal.close()
    header = json.loads(journal.path.read_text().splitlines()[0])
    header["settings"]["version"] = "0.0.1"
    journal.path.write_text(json.dumps(header) + "\n")
    with pytest.raises(ConfigError, match=r"of tabletide 0\.0\.1"):
        balance_journal(plan, out).load()
    other = plan_balance("shipyard", "random", 2, 10, seed=6)
    journal.path.unlink()
    balance_journal(plan, out).open()
    with pytest.raises(ConfigError, match="another lab run"):
        balance_journal(other, out).load()


def test_games_without_hooks_still_run() -> None:
    game = load_game("lanterns")
    assert hook(game, "usage_keys") is None
    plan = plan_balance(game, "random", 2, 10)
    result = run_balance(plan, LocalBackend(1))
    assert result.stats["overall"]["factions"] == [] and result.stats["overall"]["usage"] == []
