"""Post-game analysis (``tabletide analyze``): each seat's chance of winning after every decision
of a finished game, and its key moments, the moves that cost their mover the most, with what
the ``hard`` bot would have played instead.

Every estimate is made from one seat's view: on ``state.determinize(seat, seed)`` copies, so
hidden cards that seat could not see tell the estimate no more than the seat knew. A key moment
is judged from its mover's view (before and after the move, and after ``hard``'s move). The
graph's line after a decision is the *table's* estimate, the mean of every seat's own estimate:
one seat's view alone swings with its private knowledge each time the turn passes (a player
who holds strong secret contracts rates itself higher than its rival can). Two estimators
(``METHODS``):

* ``value`` — the bots' evaluation (``game.evaluate``, what their searches judge leaves by)
  averaged over a few determinizations and turned into probabilities by a softmax whose
  temperature shrinks as the game goes on (from ``t_start`` at the first decision to ``t_end``
  at the last). The two temperatures of each game are fitted on finished bot games by
  ``scripts/calibrate_analysis.py`` and kept, with the measured Brier score, in
  ``calibration.json`` beside this module. Milliseconds per decision.
* ``playouts`` — finish the game ``n`` times from determinizations with the ``greedy`` bot in
  every seat and count the wins. Seconds per decision; the only estimator of the solo games
  (whose one seat plays against the game itself: its ``win_prob`` is ``[won, lost]``).

``auto`` is ``value`` with two or more players and ``playouts`` for the solo games. Measured on
held-out bot games (``docs/benchmarks.md``): playouts predict very well when the playout bot
plays like the players did (greedy playouts of greedy games), little better than ``value`` or
even worse than saying 1/N when it does not (which is the case of every game between people),
and cost 0.2-0.6 s each: 8 per estimate over a 200-decision game is 15-30 minutes of work, while
``value`` takes seconds. Within any budget people wait for, ``value`` is the more accurate.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from tabletide.agents import make_agent
from tabletide.agents.hints import hint
from tabletide.engine import Action, ConfigError, Replay, ReplayError, State, derive_seed
from tabletide.sim.backends import Backend, LocalBackend

METHODS = ("auto", "value", "playouts")
CALIBRATION_FILE = Path(__file__).with_name("calibration.json")
WORLDS = 4
"""Determinizations averaged by the ``value`` estimator."""
PLAYOUT_AGENT = "greedy"
KEY_MOMENTS = 5
"""How many key moments an analysis reports (at most)."""
CANDIDATES = 8
"""How many of the largest drops are searched by ``hard`` for a better move."""
MIN_SWING = 0.02
CHUNK = 12
"""Decisions per unit of work (the progress bar moves by these)."""


class AnalysisError(ReplayError):
    """A replay that cannot be analysed (another version, corrupt, unfinished)."""


@dataclass(frozen=True)
class Calibration:
    """The ``value`` estimator's temperatures for one game, and how well they did."""

    t_start: float
    t_end: float
    brier: float | None = None
    """Mean multi-class Brier score on held-out calibration positions (lower is better)."""
    baseline: float | None = None
    """The Brier score of always saying 1/N (the no-skill reference)."""
    playouts_brier: float | None = None
    """The ``playouts`` estimator's Brier score on a subsample, when measured."""
    playouts: int = 8
    """Playouts per decision behind ``playouts_brier``."""
    playout_seconds: float | None = None
    """Seconds per playout measured then."""
    value_brier_on_playout_sample: float | None = None
    """The ``value`` estimator's Brier score on the positions ``playouts_brier`` was measured
    on (the fair comparison of the two)."""


@cache
def calibrations() -> dict[str, Calibration]:
    try:
        data = json.loads(CALIBRATION_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    known = Calibration.__dataclass_fields__
    return {
        name: Calibration(**{k: v for k, v in fields.items() if k in known})
        for name, fields in data.get("games", {}).items()
    }


def calibration_for(game: str, scale: float) -> Calibration:
    """The game's fitted temperatures, else a guess from its evaluation scale."""
    return calibrations().get(game) or Calibration(t_start=3.0 * scale, t_end=0.5 * scale)


# ------------------------------------------------------------------------ the estimators
def outcome(state: State) -> list[float]:
    """A finished game's result as win shares: 1 to the winner, shared by tied winners; a
    solo game ``[1, 0]`` when the player won and ``[0, 1]`` when the game did."""
    winners = state.winners()
    if state.num_players == 1:
        return [1.0, 0.0] if winners else [0.0, 1.0]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.num_players)]


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def mean_evaluations(state: State, viewer: int, seed: int, worlds: int = WORLDS) -> list[float]:
    """``game.evaluate`` of every seat, averaged over ``worlds`` of the viewer's
    determinizations (the evaluation may read hidden facts)."""
    totals = [0.0] * state.num_players
    for k in range(worlds):
        world = state.determinize(viewer, derive_seed(seed, "world", k))
        for s in range(state.num_players):
            totals[s] += state.game.evaluate(world, s)
    return [t / worlds for t in totals]


def temperature(calibration: Calibration, progress: float) -> float:
    return calibration.t_start + (calibration.t_end - calibration.t_start) * progress


def value_estimate(
    state: State, viewer: int, progress: float, calibration: Calibration, seed: int
) -> list[float]:
    """The ``value`` estimator: a softmax of the viewer's mean evaluations of each seat."""
    if state.is_terminal():
        return outcome(state)
    evals = mean_evaluations(state, viewer, seed)
    return softmax(evals, temperature(calibration, progress))


def playout_estimate(state: State, viewer: int, playouts: int, seed: int) -> list[float]:
    """The ``playouts`` estimator: win shares over ``playouts`` games finished by ``greedy``
    bots from the viewer's determinizations."""
    if state.is_terminal():
        return outcome(state)
    shares = [0.0] * max(2, state.num_players)
    for k in range(playouts):
        world = state.determinize(viewer, derive_seed(seed, "playout", k))
        bots = [
            make_agent(PLAYOUT_AGENT, derive_seed(seed, "bot", k, s))
            for s in range(state.num_players)
        ]
        limit = state.game.max_game_length
        while not world.is_terminal() and limit > 0:
            world.apply(bots[world.current_player()].act(world))
            limit -= 1
        for s, share in enumerate(outcome(world) if world.is_terminal() else []):
            shares[s] += share
    total = sum(shares) or 1.0
    return [s / total for s in shares]


def mean_of_views(views: Sequence[Sequence[float]]) -> list[float]:
    """The table's estimate: the seats' own estimates averaged, side by side."""
    return [sum(view[s] for view in views) / len(views) for s in range(len(views[0]))]


def table_value_estimate(
    state: State, progress: float, calibration: Calibration, seed: int
) -> list[float]:
    """The mean of every seat's ``value`` estimate, each from its own view."""
    n = state.num_players
    return mean_of_views([value_estimate(state, v, progress, calibration, seed) for v in range(n)])


@dataclass(frozen=True)
class Estimator:
    method: str
    calibration: Calibration
    playouts: int

    def __call__(self, state: State, viewer: int, progress: float, seed: int) -> list[float]:
        """The chances as ``viewer`` may estimate them."""
        if self.method == "playouts":
            return playout_estimate(state, viewer, self.playouts, seed)
        return value_estimate(state, viewer, progress, self.calibration, seed)

    def table(self, state: State, mover: int, progress: float, seed: int) -> list[float]:
        """The chances for the graph: every seat's ``value`` estimate averaged; playouts are
        too dear to repeat per seat, so they stay the mover's."""
        if self.method == "playouts" or state.num_players == 1:
            return self(state, mover, progress, seed)
        return table_value_estimate(state, progress, self.calibration, seed)


def choose_estimator(game: str, num_players: int, scale: float, method: str) -> Estimator:
    """The estimator for ``method`` (``auto``: ``value``, or ``playouts`` in a solo game)."""
    if method not in METHODS:
        raise ConfigError(f"unknown method {method!r}; choose one of: {', '.join(METHODS)}")
    calibration = calibration_for(game, scale)
    playouts = calibration.playouts
    if num_players == 1:
        if method == "value":
            raise ConfigError("the solo games are analysed by playouts only (--method playouts)")
        method = "playouts"
    if method == "auto":
        # Measured (docs/benchmarks.md): playouts by bots that do not play like the players
        # predict worse than saying 1/N; they only shine on games their own bot played.
        method = "value"
    return Estimator(method, calibration, playouts)


def playouts_for_budget(budget: float, seconds: float, plies: int, workers: int) -> int:
    """How many playouts per estimate fit ``budget`` seconds on ``workers`` processes, at
    ``seconds`` per playout and about two estimates per decision (1 to 64)."""
    affordable = int(budget * workers / (seconds * 2 * max(1, plies)))
    return max(1, min(64, affordable))


def time_playout(replay: Replay) -> float:
    """Seconds one playout takes from the middle of ``replay``'s game (playouts from earlier
    positions take longer, from later ones less)."""
    state = replay.play(len(replay.actions) // 2).clone()
    start = time.perf_counter()
    playout_estimate(state, state.current_player(), 1, derive_seed(replay.seed, "timing"))
    return max(1e-4, time.perf_counter() - start)


# ------------------------------------------------------------------------ the work units
@dataclass(frozen=True)
class Span:
    """Decisions ``start`` (inclusive) to ``end`` of a replay, to estimate."""

    start: int
    end: int


def estimate_span(
    replay_json: dict[str, Any], estimator: Estimator, spans: Sequence[Span]
) -> list[dict[str, Any]]:
    """For each decision in ``spans``: the table's chances after it, and the mover's own before
    and after it (one work unit; runs in a worker)."""
    replay = Replay.from_json(replay_json)
    total = len(replay.actions)
    out: list[dict[str, Any]] = []
    for span in spans:
        state = replay.play(span.start).clone()
        game = state.game
        last: tuple[int, list[float]] | None = None  # (mover, its estimate after its move)
        for ply in range(span.start, span.end):
            mover = state.current_player()
            action = game.action_from_json(replay.actions[ply])
            label = next(a.label for a in state.legal_actions() if a == action)
            seed = derive_seed(replay.seed, "analysis", ply)
            if last is not None and last[0] == mover:
                before = last[1]  # the same position from the same view: already estimated
            else:
                before = estimator(state, mover, ply / total, seed)
            state.apply(action)
            after = estimator(state, mover, (ply + 1) / total, seed)
            out.append(
                {
                    "ply": ply,
                    "seat": mover,
                    "action": action.to_json(),
                    "label": label,
                    "win_prob": estimator.table(state, mover, (ply + 1) / total, seed),
                    "before": before,
                    "after": after,
                }
            )
            last = (mover, after)
    return out


def better_move(
    replay_json: dict[str, Any], estimator: Estimator, plies: Sequence[int]
) -> list[dict[str, Any]]:
    """For each decision in ``plies``: what ``hard`` would have played, and the mover's chance
    after it (one work unit)."""
    replay = Replay.from_json(replay_json)
    total = len(replay.actions)
    out: list[dict[str, Any]] = []
    for ply in plies:
        state = replay.play(ply).clone()
        mover = state.current_player()
        seed = derive_seed(replay.seed, "analysis", ply)
        advice = hint(state, mover, seed=derive_seed(replay.seed, "key-moment", ply), top=1)
        best: Action = advice.options[0].action
        state.apply(best)
        chance = estimator(state, mover, (ply + 1) / total, seed)
        out.append({"ply": ply, "better": best.label, "action": best.to_json(), "after": chance})
    return out


# ------------------------------------------------------------------------ the analysis
def load_finished(replay: Replay) -> State:
    """The final state of ``replay``, which must be a finished game of this version.

    :raises AnalysisError: the replay does not play (another version, corrupt) or the game
        is not over."""
    try:
        final = replay.play()
    except ReplayError as exc:
        raise AnalysisError(str(exc)) from None
    if not final.is_terminal():
        raise AnalysisError(
            f"the game is not finished: {len(replay.actions)} decisions played, and seat "
            f"{final.current_player()} is still to decide"
        )
    return final


def analyze(
    replay: Replay,
    *,
    method: str = "auto",
    budget: float | None = None,
    backend: Backend | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The analysis of a finished game (the JSON of ``tabletide analyze``).

    :raises AnalysisError: see :func:`load_finished`. :raises ConfigError: a bad method.
    """
    started = time.perf_counter()
    final = load_finished(replay)
    game = final.game
    plies = len(replay.actions)
    estimator = choose_estimator(game.name, replay.num_players, game.bot.scale, method)
    backend = backend or LocalBackend(1)
    if estimator.method == "playouts" and budget is not None:
        seconds = estimator.calibration.playout_seconds
        if seconds is None or replay.num_players == 1:  # measured on 2-player games only
            seconds = time_playout(replay)
        count = playouts_for_budget(budget, seconds, plies, getattr(backend, "jobs", 1))
        estimator = Estimator("playouts", estimator.calibration, count)
    data = replay.to_json()
    spans = [Span(s, min(plies, s + CHUNK)) for s in range(0, plies, CHUNK)]
    candidates = min(CANDIDATES, plies)
    units = len(spans) + candidates
    done = 0

    def progress(_result: Any) -> None:
        nonlocal done
        done += 1
        if on_progress is not None:
            on_progress(done, units)

    rows: list[dict[str, Any]] = []
    for chunk in backend.map_items(partial(_estimate_chunk, data, estimator), spans, progress):
        rows.extend(chunk)
    rows.sort(key=lambda r: r["ply"])
    drops = sorted((r["before"][r["seat"]] - r["win_prob"][r["seat"]], r["ply"]) for r in rows)[
        ::-1
    ][:candidates]
    searched = [ply for drop, ply in drops if drop > 0]
    done += candidates - len(searched)
    found: list[dict[str, Any]] = []
    for chunk in backend.map_items(partial(_better_chunk, data, estimator), searched, progress):
        found.extend(chunk)
    moments = []
    by_ply = {r["ply"]: r for r in rows}
    for item in found:
        row = by_ply[item["ply"]]
        seat = row["seat"]
        if item["action"] == row["action"]:
            continue
        swing = item["after"][seat] - row["after"][seat]
        if swing >= MIN_SWING:
            moments.append(
                {
                    "ply": row["ply"],
                    "seat": seat,
                    "played": row["label"],
                    "better": item["better"],
                    "swing": round(swing, 4),
                }
            )
    moments.sort(key=lambda m: -m["swing"])
    calibration = estimator.calibration
    return {
        "game": game.name,
        "num_players": replay.num_players,
        "seed": str(replay.seed),
        "method": estimator.method,
        "playouts": estimator.playouts if estimator.method == "playouts" else None,
        "calibration": {
            "brier": calibration.playouts_brier
            if estimator.method == "playouts"
            else calibration.brier,
            "baseline": calibration.baseline,
        },
        "sides": [f"seat {s}" for s in range(replay.num_players)]
        + (["the game"] if replay.num_players == 1 else []),
        "winners": final.winners(),
        "plies": [
            {k: r[k] for k in ("ply", "seat", "action", "label")}
            | {"win_prob": rounded(r["win_prob"])}
            for r in rows
        ],
        "key_moments": moments[:KEY_MOMENTS],
        "seconds": round(time.perf_counter() - started, 2),
    }


def rounded(probabilities: Sequence[float]) -> list[float]:
    """Four decimals that still add up to 1 (the largest absorbs the rounding)."""
    out = [round(p, 4) for p in probabilities]
    top = max(range(len(out)), key=out.__getitem__)
    out[top] = round(1.0 - sum(p for i, p in enumerate(out) if i != top), 4)
    return out


def _estimate_chunk(
    data: dict[str, Any], estimator: Estimator, spans: Sequence[Span]
) -> list[list[dict[str, Any]]]:
    return [estimate_span(data, estimator, [span]) for span in spans]


def _better_chunk(
    data: dict[str, Any], estimator: Estimator, plies: Sequence[int]
) -> list[list[dict[str, Any]]]:
    return [better_move(data, estimator, [ply]) for ply in plies]
