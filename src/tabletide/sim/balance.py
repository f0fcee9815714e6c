"""The balance lab: play equal (or mixed) bots over every faction assignment and seating, and
measure what decides games: factions, turn order, options and modules, single cards.

>>> plan = plan_balance("empires_north", "greedy", players=2, games=60, seed=1)
>>> plan.cycle, len(plan.configs)
(30, 1)

**Plan.** A *configuration* is the base options plus one value of each ``vary`` option (every
combination). Within a configuration a *cycle* plays every faction assignment (the game's
``ai.balance.assignments``: the option settings that put each faction in each seat, or ``[{}]``
when factions are fixed by seat) × every agent lineup × its cyclic rotations (one lineup when a
single agent fills every seat). Games that differ only in where the factions and agents sit (the
assignments with the same set of factions, and the rotations of a lineup) share a game seed: the
same deal with the players moved round the table, as tournaments do. The configurations use the
same seeds too, so a module's effect is measured on the same deals. ``games`` is per
configuration; game ``c * games + j`` is game ``j`` of configuration ``c``.

**Records.** Each game yields a :class:`BalanceRecord`: each seat's agent, faction, turn-order
position (0 = first player; from ``ai.balance.first_player`` of the initial state), score,
margin (own score minus the best other score; in solo, minus the automated rival's score when
the game gives it) and usage (what each of its events took, by ``ai.balance.usage_keys``,
counted per card/tile/location), plus the game's length in decisions and rounds.

**Statistics** (:func:`balance_stats`) are pure functions of the records: win shares (ties
split) with Wilson 95% intervals per faction, turn position, agent and configuration; mean
margins; score distributions; lengths; and per item (17lands style) how often seats took it and
the win share of the seats that did against the seats that did not.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from itertools import product
from pathlib import Path
from statistics import NormalDist
from typing import Any

import tabletide
from tabletide.agents import make_agent
from tabletide.engine import ConfigError, Game, State, load_game
from tabletide.sim.backends import Backend
from tabletide.sim.journal import Journal, journal_path
from tabletide.sim.runner import RunHooks, agent_seed, game_seed, play_game
from tabletide.sim.tournament import Entrant, make_lineups, parse_agents, rotations, wilson_interval

MIN_GAMES = 10
"""The fewest games per configuration the lab accepts: below 10 games a Wilson 95% interval of
a 50% share is wider than ±26 points, so no figure could say anything."""


# --------------------------------------------------------------------------- the game's hooks
def hook(game: Game, name: str) -> Callable[..., Any] | None:
    """The game's ``ai.balance.<name>`` (``None`` when the game has no such hook)."""
    return game.balance_hook(name)


def game_factions(game: Game, state: State) -> list[str | None]:
    found = hook(game, "factions")
    return list(found(state)) if found else [None] * state.num_players


def game_assignments(game: Game, players: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    found = hook(game, "assignments")
    return [dict(a) for a in found(players, dict(options))] if found else [{}]


def game_usage(game: Game, state: State) -> list[dict[str, int]]:
    """Per seat, how often it took, built or played each item over the game: the game's
    ``usage_keys(state, event)`` (what one event of a seat took) counted over the events of
    the players' seats (every count empty without the hook)."""
    keys = hook(game, "usage_keys")
    counts = [Counter[str]() for _ in range(state.num_players)]
    if keys is not None:
        for event in state.events:
            seat = event.get("seat")
            if isinstance(seat, int) and 0 <= seat < state.num_players:
                counts[seat].update(keys(state, event))
    return [dict(c) for c in counts]


def first_player(game: Game, state: State) -> int:
    found = hook(game, "first_player")
    return int(found(state)) if found else 0


def content_hash(game: Game) -> str:
    """SHA-256 over the game's content files (``games/<g>/content/``), names and bytes, so a
    report says which stand-in content it measured."""
    module = __import__(type(game).__module__, fromlist=["_"])
    folder = Path(module.__file__ or "").parent / "content"
    digest = hashlib.sha256()
    if folder.is_dir():
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc"):
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


# --------------------------------------------------------------------------- plan
@dataclass(frozen=True)
class BalanceTask:
    """One game of the lab: everything that decides it."""

    index: int
    seed: int
    config: int
    assignment: int
    lineup: int
    rotation: int
    entrants: tuple[int, ...]
    specs: tuple[str, ...]
    options: dict[str, Any] = field(hash=False)


@dataclass(frozen=True)
class BalancePlan:
    """A checked lab run: configurations, assignments, lineups and every game's task."""

    game: Game
    entrants: tuple[Entrant, ...]
    players: int
    games: int
    """Games per configuration."""
    seed: int
    options: dict[str, Any]
    """The options as given (before each configuration's own values)."""
    vary: dict[str, list[Any]]
    configs: tuple[dict[str, Any], ...]
    """Each configuration's varied values (``{}`` without ``vary``)."""
    assignments: tuple[dict[str, Any], ...]
    lineups: tuple[tuple[int, ...], ...]
    cycle: int
    tasks: tuple[BalanceTask, ...]
    warnings: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return len(self.tasks)

    def config_label(self, c: int) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.configs[c].items()) or "base"

    def settings(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "games": self.games,
            "total_games": self.total,
            "seed": self.seed,
            "options": self.options,
            "vary": self.vary,
            "configs": [dict(c) for c in self.configs],
            "agents": [{"name": e.name, "spec": e.spec} for e in self.entrants],
            "assignments": len(self.assignments),
            "cycle": self.cycle,
            "warnings": list(self.warnings),
        }


def parse_vary(items: Sequence[str] | None) -> dict[str, list[Any]]:
    """``["module=none,a,b"]`` to ``{"module": ["none", "a", "b"]}``; values are JSON when they
    parse (``true``, ``3``), else strings.

    :raises ConfigError: an entry without ``=`` or without values, or a repeated option.
    """
    import json

    out: dict[str, list[Any]] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        key = key.strip()
        values = [v.strip() for v in raw.split(",") if v.strip()]
        if not sep or not key or not values:
            raise ConfigError(f"--vary needs KEY=VALUE[,VALUE...], got {item!r}")
        if key in out:
            raise ConfigError(f"--vary names {key!r} twice")
        parsed: list[Any] = []
        for value in values:
            try:
                parsed.append(json.loads(value))
            except json.JSONDecodeError:
                parsed.append(value)
        out[key] = parsed
    return out


def plan_balance(
    game: Game | str,
    agents: str | Sequence[str | Entrant],
    players: int,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    vary: Mapping[str, Sequence[Any]] | None = None,
) -> BalancePlan:
    """Check the settings and fix every game (see the module doc).

    :raises ConfigError: unknown game, agent or option, a bad player count, a varied option that
        is also set with ``options``, fewer than :data:`MIN_GAMES` games or than one cycle.
    """
    game = load_game(game) if isinstance(game, str) else game
    entrants = parse_agents(agents)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ConfigError(f"the number of players must be an integer; got {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"the seed must be an integer; got {seed!r}")
    if isinstance(games, bool) or not isinstance(games, int):
        raise ConfigError(f"the number of games must be an integer; got {games!r}")
    base = dict(options or {})
    game.resolve_options(players, base)
    varied = {k: list(v) for k, v in (vary or {}).items()}
    for key in varied:
        if key in base:
            raise ConfigError(f"option {key!r} is both set (-o) and varied (--vary); give one")
    configs = [dict(zip(varied, values, strict=True)) for values in product(*varied.values())]
    for config in configs:
        game.resolve_options(players, {**base, **config})
    assignments = game_assignments(game, players, base)
    for assignment in assignments:
        game.resolve_options(players, {**base, **assignment})
    lineups = make_lineups(len(entrants), players)

    # One cycle: assignment groups (same set of factions share a deal) × lineups × rotations.
    groups: dict[tuple[str, ...], list[int]] = {}
    for a, assignment in enumerate(assignments):
        groups.setdefault(tuple(sorted(map(str, assignment.values()))), []).append(a)
    slots: list[tuple[int, int, int, tuple[int, ...], int]] = []  # a, lineup, r, seats, group
    group_number = 0
    for members in groups.values():
        for li, lineup in enumerate(lineups):
            for a in members:
                for r, seats in rotations(lineup):
                    slots.append((a, li, r, seats, group_number))
            group_number += 1
    cycle = len(slots)
    if games < max(MIN_GAMES, cycle):
        why = (
            f"one cycle is {cycle} games ({len(assignments)} faction assignment"
            f"{'s' * (len(assignments) != 1)} × {len(lineups)} lineup"
            f"{'s' * (len(lineups) != 1)} and their seatings), the fewest that put every "
            "faction and agent in every seat"
            if cycle >= MIN_GAMES
            else f"below {MIN_GAMES} games a 95% interval is wider than ±26 points"
        )
        raise ConfigError(
            f"too few games for an interval: -n {games}; give at least {max(MIN_GAMES, cycle)} "
            f"per configuration ({why})"
        )
    tasks: list[BalanceTask] = []
    for c, config in enumerate(configs):
        for j in range(games):
            a, li, r, seats, group = slots[j % cycle]
            seed_j = game_seed(seed, (j // cycle) * group_number + group)
            tasks.append(
                BalanceTask(
                    index=c * games + j,
                    seed=seed_j,
                    config=c,
                    assignment=a,
                    lineup=li,
                    rotation=r,
                    entrants=seats,
                    specs=tuple(entrants[e].spec for e in seats),
                    options={**base, **config, **assignments[a]},
                )
            )
    warnings = []
    if games % cycle:
        warnings.append(
            f"{games} games is not a multiple of the {cycle}-game cycle: some factions or seats "
            "are played more often than others (the figures stay correct, the intervals differ)"
        )
    return BalancePlan(
        game=game,
        entrants=tuple(entrants),
        players=players,
        games=games,
        seed=seed,
        options=base,
        vary=varied,
        configs=tuple(configs),
        assignments=tuple(assignments),
        lineups=tuple(lineups),
        cycle=cycle,
        tasks=tuple(tasks),
        warnings=tuple(warnings),
    )


# --------------------------------------------------------------------------- play
@dataclass(frozen=True)
class BalanceRecord:
    """What one game of the lab produced (per seat lists are indexed by seat)."""

    index: int
    seed: int
    config: int
    assignment: int
    lineup: int
    rotation: int
    entrants: tuple[int, ...]
    factions: tuple[str | None, ...]
    positions: tuple[int, ...]
    """Each seat's place in the turn order of round 1 (0 = the first player)."""
    scores: tuple[float, ...]
    margins: tuple[float | None, ...]
    winners: tuple[int, ...]
    decisions: int
    rounds: int | None
    usage: tuple[dict[str, int], ...]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BalanceRecord:
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            config=int(data["config"]),
            assignment=int(data["assignment"]),
            lineup=int(data["lineup"]),
            rotation=int(data["rotation"]),
            entrants=tuple(int(e) for e in data["entrants"]),
            factions=tuple(None if f is None else str(f) for f in data["factions"]),
            positions=tuple(int(p) for p in data["positions"]),
            scores=tuple(float(s) for s in data["scores"]),
            margins=tuple(None if m is None else float(m) for m in data["margins"]),
            winners=tuple(int(w) for w in data["winners"]),
            decisions=int(data["decisions"]),
            rounds=None if data["rounds"] is None else int(data["rounds"]),
            usage=tuple({str(k): int(v) for k, v in u.items()} for u in data["usage"]),
            seconds=float(data["seconds"]),
        )

    def win_shares(self) -> list[float]:
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if s in self.winners else 0.0 for s in range(len(self.scores))]


class _FirstState(RunHooks):
    def __init__(self) -> None:
        self.first: State | None = None

    def before(self, state: State) -> None:
        self.first = state.clone()


def margins_of(scores: Sequence[float], rival: float | None = None) -> list[float | None]:
    """Each seat's score minus the best other score (solo: minus ``rival``, or ``None``)."""
    if len(scores) == 1:
        return [None if rival is None else scores[0] - rival]
    out: list[float | None] = []
    for seat, score in enumerate(scores):
        out.append(score - max(s for o, s in enumerate(scores) if o != seat))
    return out


def play_balance_task(game: Game, task: BalanceTask) -> BalanceRecord:
    """Play one lab game and read its facts from the game's ``ai.balance`` hooks."""
    n = len(task.specs)
    agents = [make_agent(spec, agent_seed(task.seed, seat)) for seat, spec in enumerate(task.specs)]
    first = _FirstState()
    captured: list[State] = []

    class _Last(RunHooks):
        def after(self, state: State, result: Any) -> None:
            captured.append(state)

    result = play_game(
        game, agents, task.seed, task.options, hooks=(first, _Last()), keep_replay=False
    )
    final = captured[0]
    assert first.first is not None
    starter = first_player(game, first.first)
    rival = hook(game, "rival_score")
    rounds = getattr(final, "round", None)
    return BalanceRecord(
        index=task.index,
        seed=task.seed,
        config=task.config,
        assignment=task.assignment,
        lineup=task.lineup,
        rotation=task.rotation,
        entrants=task.entrants,
        factions=tuple(game_factions(game, first.first)),
        positions=tuple((seat - starter) % n for seat in range(n)),
        scores=tuple(result.scores),
        margins=tuple(margins_of(result.scores, rival(final) if rival else None)),
        winners=tuple(result.winners),
        decisions=result.num_decisions,
        rounds=rounds if isinstance(rounds, int) else None,
        usage=tuple(game_usage(game, final)),
        seconds=result.seconds,
    )


def play_balance_chunk(game_name: str, tasks: Sequence[BalanceTask]) -> list[BalanceRecord]:
    """Lab work for a backend: the game is loaded by name in the worker."""
    game = load_game(game_name)
    return [play_balance_task(game, task) for task in tasks]


class BalanceJournal(Journal[BalanceRecord]):
    """A lab run's journal (see :mod:`tabletide.sim.journal`): the same file format, with
    :class:`BalanceRecord` lines."""

    RECORD_ERRORS = (*Journal.RECORD_ERRORS, ValueError, AttributeError)

    def _record(self, data: Mapping[str, Any]) -> BalanceRecord:
        return BalanceRecord.from_json(data)

    def _mismatch(self, saved: Any) -> str:
        other = saved.get("version") if isinstance(saved, dict) else None
        what = (
            f"of tabletide {other} (this is {tabletide.__version__})"
            if other is not None and other != tabletide.__version__
            else "of another lab run (other settings, versions or content)"
        )
        return (
            f"{self.path} is the journal {what}; delete it, or choose another --out, "
            "to start this run"
        )


def versions(plan: BalancePlan) -> dict[str, Any]:
    return {
        "tabletide": tabletide.__version__,
        "rules_version": plan.game.rules_version,
        "content_sha256": content_hash(plan.game),
    }


def balance_journal(plan: BalancePlan, out: Path) -> BalanceJournal:
    """The journal of ``plan`` beside ``out`` (``report.journal.jsonl``)."""
    settings = {
        **plan.settings(),
        "bot": asdict(plan.game.bot),
        "version": tabletide.__version__,
        "versions": versions(plan),
    }
    return BalanceJournal(journal_path(out), settings)


def run_balance(
    plan: BalancePlan,
    backend: Backend,
    on_result: Callable[[BalanceRecord], None] | None = None,
    journal: BalanceJournal | None = None,
) -> BalanceResult:
    """Play every game of ``plan`` (skipping those in ``journal``) and compute the statistics."""
    start = time.perf_counter()
    done = journal.load() if journal is not None else {}
    for old in sorted(done.values(), key=lambda r: r.index):
        if on_result is not None:
            on_result(old)

    def arrived(record: BalanceRecord) -> None:
        if journal is not None:
            journal.append(record)
        if on_result is not None:
            on_result(record)

    tasks = [t for t in plan.tasks if t.index not in done]
    if journal is not None:
        journal.open()
    try:
        work = partial(play_balance_chunk, plan.game.name)
        fresh = backend.map_items(work, tasks, arrived, game=plan.game) if tasks else []
    finally:
        if journal is not None:
            journal.close()
    records = sorted([*done.values(), *fresh], key=lambda r: r.index)
    return BalanceResult(
        plan=plan,
        records=records,
        stats=balance_stats(records, plan),
        backend=backend.describe(),
        seconds=time.perf_counter() - start,
    )


@dataclass
class BalanceResult:
    plan: BalancePlan
    records: list[BalanceRecord]
    stats: dict[str, Any]
    backend: dict[str, Any]
    seconds: float

    def to_json(self, command: str = "") -> dict[str, Any]:
        return {
            "command": command,
            "versions": versions(self.plan),
            "settings": {**self.plan.settings(), **self.backend},
            "wall_seconds": self.seconds,
            **self.stats,
            "records": [r.to_json() for r in self.records],
        }


# --------------------------------------------------------------------------- statistics
Z95 = NormalDist().inv_cdf(0.975)


def share_row(label: str, wins: float, seats: int, **extra: Any) -> dict[str, Any]:
    """A win share with its Wilson 95% interval, plus any extra figures."""
    low, high = wilson_interval(wins, seats)
    return {
        "name": label,
        "seats": seats,
        "wins": wins,
        "win_share": wins / seats if seats else 0.0,
        "win_share_ci95": [low, high],
        **extra,
    }


def distribution(values: Sequence[float]) -> dict[str, float | int]:
    """Count, mean, standard deviation (n - 1), min, quartiles and max of ``values``."""
    xs = sorted(values)
    n = len(xs)
    if n == 0:
        return {
            "n": 0,
            "mean": 0.0,
            "sd": 0.0,
            "min": 0.0,
            "q1": 0.0,
            "median": 0.0,
            "q3": 0.0,
            "max": 0.0,
        }
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0

    def q(p: float) -> float:  # linear interpolation between order statistics
        k = (n - 1) * p
        lo, hi = math.floor(k), math.ceil(k)
        return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)

    return {
        "n": n,
        "mean": mean,
        "sd": sd,
        "min": xs[0],
        "q1": q(0.25),
        "median": q(0.5),
        "q3": q(0.75),
        "max": xs[-1],
    }


def group_shares(
    records: Sequence[BalanceRecord],
    key: Callable[[BalanceRecord, int], Any],
    even: float | None,
) -> list[dict[str, Any]]:
    """Per value of ``key(record, seat)``: seats, win share (ties split) with its interval,
    mean margin, score distribution; ``even`` is the share of equally strong players."""
    wins: dict[Any, float] = {}
    scores: dict[Any, list[float]] = {}
    margins: dict[Any, list[float]] = {}
    for record in records:
        shares = record.win_shares()
        for seat, score in enumerate(record.scores):
            k = key(record, seat)
            wins[k] = wins.get(k, 0.0) + shares[seat]
            scores.setdefault(k, []).append(score)
            margin = record.margins[seat]
            if margin is not None:
                margins.setdefault(k, []).append(margin)
    rows = []
    for k in sorted(scores, key=lambda v: (str(type(v)), v)):
        ms = margins.get(k, [])
        rows.append(
            share_row(
                str(k),
                wins[k],
                len(scores[k]),
                even_share=even,
                mean_margin=sum(ms) / len(ms) if ms else None,
                score=distribution(scores[k]),
            )
        )
    return rows


def usage_stats(records: Sequence[BalanceRecord], min_seats: int = 1) -> list[dict[str, Any]]:
    """Per item (17lands style): seats and games that took it, the mean count per game and per
    seat, and the win share of the seats that took it (at least once) against those that did
    not, each with its Wilson interval, and ``lift`` (their difference) with a two-proportion
    ``z``. Sorted by ``|z|``, largest first, so the outliers lead."""
    seats_total = sum(len(r.scores) for r in records)
    wins_total = sum(sum(r.win_shares()) for r in records)
    games = len(records)
    items: dict[str, dict[str, float]] = {}
    for record in records:
        shares = record.win_shares()
        in_game: set[str] = set()
        for seat, used in enumerate(record.usage):
            for item, count in used.items():
                if count <= 0:
                    continue
                entry = items.setdefault(item, {"count": 0, "seats": 0, "wins": 0.0, "games": 0})
                entry["count"] += count
                entry["seats"] += 1
                entry["wins"] += shares[seat]
                in_game.add(item)
        for item in in_game:
            items[item]["games"] += 1
    rows: list[dict[str, Any]] = []
    for item, e in items.items():
        seats_with = int(e["seats"])
        if seats_with < min_seats:
            continue
        seats_without = seats_total - seats_with
        wins_without = wins_total - e["wins"]
        p_with = e["wins"] / seats_with
        p_without = wins_without / seats_without if seats_without else 0.0
        pooled = wins_total / seats_total if seats_total else 0.0
        se = math.sqrt(
            pooled * (1 - pooled) * (1 / seats_with + (1 / seats_without if seats_without else 0))
        )
        z = (p_with - p_without) / se if se > 0 and seats_without else 0.0
        rows.append(
            {
                "item": item,
                "count": int(e["count"]),
                "games": int(e["games"]),
                "per_game": e["count"] / games if games else 0.0,
                "per_seat": e["count"] / seats_total if seats_total else 0.0,
                "taken_share": seats_with / seats_total if seats_total else 0.0,
                "seats_with": seats_with,
                "win_share_with": p_with,
                "win_share_with_ci95": list(wilson_interval(e["wins"], seats_with)),
                "seats_without": seats_without,
                "win_share_without": p_without,
                "win_share_without_ci95": list(wilson_interval(wins_without, seats_without)),
                "lift": p_with - p_without,
                "z": z,
            }
        )
    rows.sort(key=lambda r: (-abs(r["z"]), r["item"]))
    return rows


def balance_stats(records: Sequence[BalanceRecord], plan: BalancePlan) -> dict[str, Any]:
    """Every figure of the report, per configuration and over all of them."""
    players = plan.players
    even = 1.0 / players if players > 1 else None

    def block(recs: Sequence[BalanceRecord]) -> dict[str, Any]:
        has_factions = any(f is not None for r in recs for f in r.factions)
        rounds = [float(r.rounds) for r in recs if r.rounds is not None]
        out: dict[str, Any] = {
            "games": len(recs),
            "factions": group_shares(recs, lambda r, s: r.factions[s], even)
            if has_factions
            else [],
            "positions": group_shares(recs, lambda r, s: r.positions[s], even),
            "seats": group_shares(recs, lambda r, s: s, even),
            "agents": group_shares(recs, lambda r, s: plan.entrants[r.entrants[s]].name, even)
            if len(plan.entrants) > 1
            else [],
            "length": {
                "decisions": distribution([float(r.decisions) for r in recs]),
                "rounds": distribution(rounds) if rounds else None,
            },
            "usage": usage_stats(recs),
        }
        if has_factions and len(plan.entrants) > 1:
            out["faction_agents"] = group_shares(
                recs,
                lambda r, s: f"{r.factions[s]} / {plan.entrants[r.entrants[s]].name}",
                even,
            )
        if players == 1:
            out["solo"] = group_shares(recs, lambda r, s: plan.entrants[r.entrants[s]].name, even)
        return out

    per_config = []
    for c in range(len(plan.configs)):
        recs = [r for r in records if r.config == c]
        per_config.append({"config": plan.configs[c], "label": plan.config_label(c), **block(recs)})
    return {"overall": block(records), "configs": per_config if len(plan.configs) > 1 else []}
