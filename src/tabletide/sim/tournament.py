"""Round-robin tournaments with seat rotation, win shares with confidence intervals, ratings.

>>> plan = plan_tournament("shipyard", ["random", "greedy"], players=3, games=6, seed=1)
>>> [plan.lineup_names(i) for i in range(len(plan.lineups))]
[['random', 'random', 'greedy'], ['random', 'greedy', 'greedy']]

**Lineups.** With ``k`` agents and ``p`` seats: every ``p``-combination of the agents when
``k >= p``; otherwise every multiset of size ``p`` that uses all ``k`` agents (2 agents, 3 seats:
AAB and ABB). Each lineup is played in each of its distinct cyclic rotations (seat ``s`` holds
member ``(s + r) % p`` in rotation ``r``), and the rotations of one lineup share one game seed:
the same deal with the agents moved round the table. With ``seatings="all"`` a lineup is played
in each of its distinct orders instead (``p!`` for ``p`` different agents): rotations put every
agent in every seat, but with 3 or more players always behind the same neighbours, which in a
game of unequal seats decides who meets whom where (Ahoy's Smuggler ranks above a weak Union and
below a strong one). Game ``i`` of a series is fixed by the series seed alone, so results do not
depend on the backend or the number of jobs.

**Statistics** (per agent, over the games it sat in):

- win share: its share of the wins, a tie of ``w`` winners giving each ``1/w`` (an agent holding
  several seats of a game adds up its seats' shares), with a 95% Wilson score interval;
- mean score and mean rank (1 = first, ties share the mean place) over its seats;
- an openskill rating (Plackett-Luce), updated once per game in game order;
- head to head: for each other agent, the share of their meetings (pairs of seats in one game)
  where it finished ahead, ties counting half; in 2-player series this is the match win share.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, permutations
from statistics import NormalDist
from typing import Any

from openskill.models import PlackettLuce

from tabletide.agents import make_agent
from tabletide.engine import ConfigError, Game, load_game
from tabletide.sim.backends import Backend, GameRecord, GameTask, make_backend
from tabletide.sim.journal import Journal
from tabletide.sim.runner import game_seed

Z95 = NormalDist().inv_cdf(0.975)
"""The two-sided 95% normal quantile (1.95996...)."""


# --------------------------------------------------------------------------- agents
@dataclass(frozen=True)
class Entrant:
    """An agent in a tournament: the name it is reported under and the spec that builds it."""

    name: str
    spec: str


def parse_agents(agents: str | Sequence[str | Entrant]) -> list[Entrant]:
    """``"random,greedy"`` or ``["a=ismcts:100", "b=ismcts:100"]`` to entrants, each checked.

    An entry is ``SPEC`` (named after itself), ``NAME=SPEC`` or an :class:`Entrant`; a name has
    no ``:``, so ``ismcts:500:own=1`` is a spec with a setting. Names must be unique (ignoring
    case), so the same spec may appear twice only under two names.

    :raises ConfigError: an empty entry or name, an unknown or bad spec, a repeated name.
    """
    items = agents.split(",") if isinstance(agents, str) else list(agents)
    entrants: list[Entrant] = []
    for entry in items:
        item = f"{entry.name}={entry.spec}" if isinstance(entry, Entrant) else entry
        name, sep, spec = item.partition("=")
        if ":" in name:  # a spec with settings (``ismcts:500:own=1``), not NAME=SPEC
            name, sep, spec = item, "", ""
        name, spec = name.strip(), spec.strip()
        if not sep:
            name = spec = name
        if not spec:
            raise ConfigError(f"--agents has an empty entry: {item!r}")
        if not name or "," in name:
            raise ConfigError(f"bad agent name in {item!r}: use NAME=SPEC, e.g. strong=ismcts:2000")
        make_agent(spec, 0)
        entrants.append(Entrant(name, spec))
    if not entrants:
        raise ConfigError("give at least one agent, e.g. --agents random,greedy")
    seen: dict[str, Entrant] = {}
    for entrant in entrants:
        twin = seen.get(entrant.name.lower())
        if twin is not None:
            same_spec = twin.spec.lower() == entrant.spec.lower()
            hint = (
                f"; to enter it twice, name each: a={entrant.spec},b={entrant.spec}"
                if same_spec
                else ""
            )
            raise ConfigError(f"agent {entrant.name!r} appears twice in --agents{hint}")
        seen[entrant.name.lower()] = entrant
    return entrants


# --------------------------------------------------------------------------- schedule
def make_lineups(num_agents: int, players: int) -> list[tuple[int, ...]]:
    """The lineups (sorted tuples of agent indices) of a round robin; see the module doc."""
    if num_agents < 1 or players < 1:
        return []
    if num_agents >= players:
        return list(combinations(range(num_agents), players))
    return [
        c
        for c in combinations_with_replacement(range(num_agents), players)
        if len(set(c)) == num_agents
    ]


SEATINGS = ("rotate", "all")
"""How a lineup is seated: its cyclic rotations, or all its distinct orders."""


def seatings_of(lineup: tuple[int, ...], how: str = "rotate") -> list[tuple[int, tuple[int, ...]]]:
    """``(r, seats)`` for each seating of the lineup: its :func:`rotations`, or with ``"all"``
    each distinct order (``seats`` holds the entrant of each seat; ``r`` numbers the orders)."""
    if how == "rotate":
        return rotations(lineup)
    return list(enumerate(sorted(set(permutations(lineup)))))


def rotations(lineup: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """``(r, seats)`` for each distinct cyclic rotation: seat ``s`` holds ``lineup[(s + r) % p]``.

    A lineup of one agent repeated has a single rotation; any other sorted lineup has ``p``.
    """
    out: list[tuple[int, tuple[int, ...]]] = []
    seen: set[tuple[int, ...]] = set()
    for r in range(len(lineup)):
        seats = lineup[r:] + lineup[:r]
        if seats not in seen:
            seen.add(seats)
            out.append((r, seats))
    return out


@dataclass(frozen=True)
class TournamentPlan:
    """A checked tournament: the game, entrants, lineups and every game's task."""

    game: Game
    entrants: tuple[Entrant, ...]
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    lineups: tuple[tuple[int, ...], ...]
    tasks: tuple[GameTask, ...]
    group_size: int
    """Games per lineup: its distinct seatings, which share one seed (the first lineup's, where
    lineups differ)."""
    cycle: int
    """Games in one pass over every lineup and seating."""
    warnings: tuple[str, ...] = ()
    seatings: str = "rotate"
    """``"rotate"`` or ``"all"`` (see the module doc)."""

    def lineup_names(self, lineup: int) -> list[str]:
        return [self.entrants[i].name for i in self.lineups[lineup]]

    def settings(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "agents": [{"name": e.name, "spec": e.spec} for e in self.entrants],
            "lineups": [self.lineup_names(i) for i in range(len(self.lineups))],
            "cycle": self.cycle,
            "seatings": self.seatings,
            "warnings": list(self.warnings),
        }


def plan_tournament(
    game: Game | str,
    agents: str | Sequence[str | Entrant],
    players: int,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    seatings: str = "rotate",
) -> TournamentPlan:
    """Check the settings and fix every game's lineup, seating and seed.

    Game ``i`` is slot ``i % cycle`` of the cycle (each lineup's seatings in turn); its seed is
    ``game_seed(seed, g)`` for its seating group ``g`` (the ``g``-th lineup played).

    :raises ConfigError: unknown game or agent, a repeated agent name, a bad player count or
        option, fewer than one game, unknown ``seatings``.
    """
    game = load_game(game) if isinstance(game, str) else game
    entrants = parse_agents(agents)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ConfigError(f"the number of players must be an integer; got {players!r}")
    if players < 2:
        raise ConfigError(f"a tournament needs at least 2 players per game; got {players}")
    resolved = game.resolve_options(players, options)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(f"the number of games must be at least 1; got {games}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"the seed must be an integer; got {seed!r}")

    if seatings not in SEATINGS:
        raise ConfigError(f"seatings must be one of {', '.join(SEATINGS)}; got {seatings!r}")

    lineups = make_lineups(len(entrants), players)
    slots: list[tuple[int, int, tuple[int, ...], int]] = []  # lineup, seating, seats, group
    for li, lineup in enumerate(lineups):
        for r, seats in seatings_of(lineup, seatings):
            slots.append((li, r, seats, li))
    cycle = len(slots)
    group_size = len(seatings_of(lineups[0], seatings))
    tasks = []
    for i in range(games):
        li, r, seats, group = slots[i % cycle]
        seed_i = game_seed(seed, (i // cycle) * len(lineups) + group)
        specs = tuple(entrants[e].spec for e in seats)
        tasks.append(GameTask(i, seed_i, li, r, seats, specs))

    warnings: list[str] = []
    shape = f"{len(lineups)} lineup{'s' * (len(lineups) != 1)} × {group_size} seating" + (
        "s" * (group_size != 1)
    )
    if cycle != group_size * len(lineups):  # "all" seatings of lineups with repeated agents
        shape = f"{len(lineups)} lineups, {cycle} seatings in all"
    if games % cycle and slots[games % cycle - 1][0] == slots[games % cycle][0]:
        warnings.append(
            f"{games} games stops in the middle of a lineup's seatings: the last lineup is "
            f"not played from every seat, so seats are not fully balanced; a full cycle is "
            f"{cycle} games ({shape})."
        )
    elif games % cycle:
        warnings.append(
            f"{games} games is not a multiple of the {cycle}-game cycle ({shape}): some lineups "
            f"are played once more than others."
        )
    return TournamentPlan(
        game=game,
        entrants=tuple(entrants),
        players=players,
        games=games,
        seed=seed,
        options=resolved,
        lineups=tuple(lineups),
        tasks=tuple(tasks),
        group_size=group_size,
        cycle=cycle,
        warnings=tuple(warnings),
        seatings=seatings,
    )


# --------------------------------------------------------------------------- statistics
def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` when there are no trials).

    ``successes`` may be fractional (split ties). ``z`` = 1.96 gives 95%.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    center = (p + z2 / (2 * trials)) / denom
    half = z / denom * math.sqrt(max(0.0, p * (1 - p) / trials + z2 / (4 * trials * trials)))
    # Rounding can put a bound a hair on the wrong side of p when p is 0 or 1.
    return (min(p, max(0.0, center - half)), max(p, min(1.0, center + half)))


def win_shares(record: GameRecord) -> list[float]:
    """Each seat's share of the win: ``1/w`` for each of ``w`` winners, else 0."""
    share = 1.0 / len(record.winners) if record.winners else 0.0
    return [share if s in record.winners else 0.0 for s in range(len(record.entrants))]


@dataclass(frozen=True)
class Rating:
    """An openskill rating: ``mu``, ``sigma`` and the conservative ``ordinal = mu - 3 sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rate(records: Sequence[GameRecord], num_agents: int) -> list[Rating]:
    """Plackett-Luce ratings (openskill defaults: mu 25, sigma 25/3), one update per game in
    the order given, each seat a one-player team ranked by its place (ties share a rank).

    When one agent holds several seats of a game, its mu moves by the sum of its seats' changes
    (their results against each other cancel out) and its sigma becomes the smallest of its
    seats' new sigmas.
    """
    model = PlackettLuce()
    current = [(model.mu, model.sigma) for _ in range(num_agents)]
    for record in records:
        teams = [[model.rating(*current[e])] for e in record.entrants]
        updated = model.rate(teams, ranks=list(record.ranks))
        moves: dict[int, list[tuple[float, float]]] = {}
        for e, team in zip(record.entrants, updated, strict=True):
            moves.setdefault(e, []).append((team[0].mu, team[0].sigma))
        for e, new in moves.items():
            mu, _ = current[e]
            current[e] = (mu + sum(m - mu for m, _ in new), min(s for _, s in new))
    return [Rating(mu, sigma) for mu, sigma in current]


@dataclass(frozen=True)
class AgentStats:
    """One agent's results; see the module doc for each figure."""

    name: str
    spec: str
    games: int
    """Games it sat in."""
    seats: int
    """Seats it held (more than ``games`` when a lineup repeats it)."""
    wins: float
    win_share: float
    win_low: float
    win_high: float
    even_share: float
    """Its expected win share if every agent were equally strong (its seats / p per game)."""
    mean_score: float
    mean_rank: float
    rating: Rating
    head_to_head: dict[str, float | None]
    """Per other agent: the share of meetings it finished ahead of them (None: never met)."""
    scores: list[float] = field(repr=False)
    """Every score it made, one per seat held, in game order."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "spec": self.spec,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_share": self.win_share,
            "win_share_ci95": [self.win_low, self.win_high],
            "even_share": self.even_share,
            "mean_score": self.mean_score,
            "mean_rank": self.mean_rank,
            "rating": {
                "mu": self.rating.mu,
                "sigma": self.rating.sigma,
                "ordinal": self.rating.ordinal,
            },
            "head_to_head": self.head_to_head,
        }


def agent_stats(
    records: Sequence[GameRecord], entrants: Sequence[Entrant], players: int
) -> list[AgentStats]:
    """Per-agent statistics of ``records`` (ratings in the order of ``records``)."""
    k = len(entrants)
    games = [0] * k
    wins = [0.0] * k
    even = [0.0] * k
    scores: list[list[float]] = [[] for _ in range(k)]
    ranks: list[list[float]] = [[] for _ in range(k)]
    ahead = [[0.0] * k for _ in range(k)]
    met = [[0] * k for _ in range(k)]
    for record in records:
        shares = win_shares(record)
        present = set(record.entrants)
        for e in present:
            games[e] += 1
            even[e] += record.entrants.count(e) / players
        for seat, e in enumerate(record.entrants):
            wins[e] += shares[seat]
            scores[e].append(record.scores[seat])
            ranks[e].append(record.ranks[seat])
        for a, ea in enumerate(record.entrants):
            for b, eb in enumerate(record.entrants):
                if ea == eb:
                    continue
                met[ea][eb] += 1
                if record.ranks[a] < record.ranks[b]:
                    ahead[ea][eb] += 1.0
                elif record.ranks[a] == record.ranks[b]:
                    ahead[ea][eb] += 0.5
    ratings = rate(records, k)
    out = []
    for e, entrant in enumerate(entrants):
        low, high = wilson_interval(wins[e], games[e])
        out.append(
            AgentStats(
                name=entrant.name,
                spec=entrant.spec,
                games=games[e],
                seats=len(scores[e]),
                wins=wins[e],
                win_share=wins[e] / games[e] if games[e] else 0.0,
                win_low=low,
                win_high=high,
                even_share=even[e] / games[e] if games[e] else 0.0,
                mean_score=sum(scores[e]) / len(scores[e]) if scores[e] else 0.0,
                mean_rank=sum(ranks[e]) / len(ranks[e]) if ranks[e] else 0.0,
                rating=ratings[e],
                head_to_head={
                    other.name: (ahead[e][o] / met[e][o] if met[e][o] else None)
                    for o, other in enumerate(entrants)
                    if o != e
                },
                scores=scores[e],
            )
        )
    return out


def seat_balance(records: Sequence[GameRecord], players: int) -> list[float]:
    """Win share per seat over all games (ties split)."""
    totals = [0.0] * players
    for record in records:
        for seat, share in enumerate(win_shares(record)):
            totals[seat] += share
    return [t / len(records) if records else 0.0 for t in totals]


# --------------------------------------------------------------------------- results
@dataclass
class TournamentResult:
    """A finished tournament: its plan, every game's record (in index order) and the stats."""

    plan: TournamentPlan
    records: list[GameRecord]
    agents: list[AgentStats]
    seat_share: list[float]
    backend: dict[str, Any]
    seconds: float
    """Wall time of the games."""

    @property
    def game(self) -> Game:
        return self.plan.game

    @property
    def players(self) -> int:
        return self.plan.players

    def ranking(self) -> list[AgentStats]:
        """The agents by rating ordinal, best first."""
        return sorted(self.agents, key=lambda a: a.rating.ordinal, reverse=True)

    def record_json(self, record: GameRecord) -> dict[str, Any]:
        names = [self.plan.entrants[e].name for e in record.entrants]
        return {
            "index": record.index,
            "seed": record.seed,
            "lineup": record.lineup,
            "lineup_agents": self.plan.lineup_names(record.lineup),
            "rotation": record.rotation,
            "agents": names,
            "scores": list(record.scores),
            "ranks": list(record.ranks),
            "winners": list(record.winners),
            "decisions": record.decisions,
            "decisions_per_seat": list(record.decisions_per_seat),
            "seconds": record.seconds,
        }

    def to_json(self) -> dict[str, Any]:
        """Settings, per-agent statistics, seat balance and every game, ready for ``json``."""
        return {
            "settings": {**self.plan.settings(), **self.backend},
            "agents": [a.to_json() for a in self.agents],
            "seat_win_share": self.seat_share,
            "wall_seconds": self.seconds,
            "records": [self.record_json(r) for r in self.records],
        }


def run_plan(
    plan: TournamentPlan,
    backend: Backend,
    on_result: Callable[[GameRecord], None] | None = None,
    journal: Journal[GameRecord] | None = None,
) -> TournamentResult:
    """Play every game of ``plan`` on ``backend`` and gather the statistics.

    With a ``journal``, the games it already holds are not played again (``on_result`` sees
    them first) and each new record is appended to it as it arrives.

    :raises ConfigError: the journal belongs to another tournament.
    """
    start = time.perf_counter()
    done = journal.load() if journal is not None else {}
    for old in sorted(done.values(), key=lambda r: r.index):
        if on_result is not None:
            on_result(old)

    def arrived(record: GameRecord) -> None:
        if journal is not None:
            journal.append(record)
        if on_result is not None:
            on_result(record)

    tasks = [t for t in plan.tasks if t.index not in done]
    if journal is not None:
        journal.open()
    try:
        fresh = backend.run(plan.game, plan.options, tasks, arrived) if tasks else []
    finally:
        if journal is not None:
            journal.close()
    records = sorted([*done.values(), *fresh], key=lambda r: r.index)
    seconds = time.perf_counter() - start
    return TournamentResult(
        plan=plan,
        records=records,
        agents=agent_stats(records, plan.entrants, plan.players),
        seat_share=seat_balance(records, plan.players),
        backend=backend.describe(),
        seconds=seconds,
    )


def run_tournament(
    game: Game | str,
    agents: str | Sequence[str | Entrant],
    players: int,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    *,
    backend: str | Backend = "local",
    jobs: int = 1,
    address: str | None = None,
    on_result: Callable[[GameRecord], None] | None = None,
    seatings: str = "rotate",
) -> TournamentResult:
    """Plan and play a round robin with seat rotation; see the module doc.

    ``backend`` is ``"local"`` (``jobs`` processes; 1 = this process) or ``"ray"`` (the cluster
    at ``address``, or a local Ray runtime with ``jobs`` CPUs), or a :class:`Backend`.
    ``on_result`` is called with each game's record as it finishes (completion order).

    :raises ConfigError: bad settings (checked before any game runs).
    :raises BackendError: the backend cannot start.
    """
    plan = plan_tournament(game, agents, players, games, seed, options, seatings)
    runner = backend if isinstance(backend, Backend) else make_backend(backend, jobs, address)
    return run_plan(plan, runner, on_result)
