"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012), for any number of seats.

Each iteration draws a fresh determinization of the position for the searching seat
(``state.determinize(seat, seed)``: other seats' secrets, decks and future dice resampled),
then walks one shared tree with it:

* **selection** — among the children whose actions are legal in this determinization, the one
  with the best UCB1 score for the seat that chooses there (exploration constant
  ``game.bot.exploration`` unless given), counting a child's *availability* (how often it could
  have been chosen) instead of its parent's visits;
* **expansion** — one untried legal action becomes a new child;
* **rollout** — with ``finish_turn``, the turn in progress is first finished greedily; then up
  to ``rollout_depth`` uniformly random decisions (``game.bot.rollout_depth`` unless given), and
  the position is scored by :func:`~tabletide.agents.values.seat_values`: the final rank
  utility if the game is over, else a logistic of each seat's evaluation lead (with
  ``baseline``, less the shift this determinization gave the root's lead);
* **backpropagation** — every node on the path adds the value of the seat that chose its action.

The move is the root child visited most. The budget is a number of iterations and/or seconds;
with an iteration budget alone the agent is deterministic for its seed. The search stops early
once no other action could overtake the most visited one within the remaining iterations.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from tabletide.agents.greedy import GreedyAgent, finish_turn, in_turn
from tabletide.agents.values import evaluations, gaps, logistic, seat_values
from tabletide.engine import Action, Rng, State

LEVELS = ("medium", "hard")
"""Named strengths whose iteration budget each game sets in its ``BotSettings``."""

FINISH_STEPS = 12
"""With ``finish_turn``, at most this many decisions of a turn are finished greedily."""


class _Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that chose the action leading here (whose value this node sums)."""
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


@dataclass(frozen=True)
class SearchStats:
    """What the last decision's search did."""

    iterations: int
    seconds: float
    visits: dict[Action, int]
    values: dict[Action, float]
    """Mean value of each root action for the deciding seat, in [0, 1]."""


class IsmctsAgent:
    """ISMCTS with an iteration budget (``iterations``) and/or a time budget (``seconds``)."""

    def __init__(
        self,
        seed: int = 0,
        name: str = "ismcts",
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float | None = None,
        rollout_depth: int | None = None,
        prior_visits: int | None = None,
        own_turn: bool | None = None,
        per_world: int | None = None,
        baseline: bool | None = None,
        finish_turn: bool | None = None,
        level: str | None = None,
    ) -> None:
        if level is not None and level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}; got {level!r}")
        if iterations is None and seconds is None and level is None:
            raise ValueError("ISMCTS needs an iteration budget, a time budget, or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be >= 1; got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be > 0; got {seconds}")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"rollout_depth must be >= 0; got {rollout_depth}")
        if per_world is not None and per_world < 1:
            raise ValueError(f"per_world must be >= 1; got {per_world}")
        if prior_visits is not None and prior_visits < 0:
            raise ValueError(f"prior_visits must be >= 0; got {prior_visits}")
        self.name = name
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.prior_visits = prior_visits
        self.own_turn = own_turn
        self.per_world = per_world
        self.baseline = baseline
        self.finish_turn = finish_turn
        self.level = level
        """A named strength: the iteration budget is then ``game.bot.<level>_iterations``."""
        self.last: SearchStats | None = None

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        if len(legal) == 1:
            self.last = SearchStats(0, 0.0, {legal[0]: 0}, {legal[0]: 0.0})
            return legal[0]
        root = self.search(state)
        best = max(legal, key=lambda a: _rank(root.children.get(a)))
        return legal[legal.index(best)]

    def search(self, state: State) -> _Node:
        """Run the search from ``state`` (whose current seat is the searcher); the root node."""
        seat = state.current_player()
        depth = self._setting(state, "rollout_depth")
        c = self._setting(state, "exploration")
        rng = self.rng
        root = _Node(seat)
        prior = self._setting(state, "prior_visits")
        if prior:
            _seed_root(root, state, prior, self.rng.next_u64())
        own_turn = self._setting(state, "own_turn")
        root_turns = state.automated_turns()
        per_world = self._setting(state, "per_world")
        baseline = _Baseline(state.num_players) if self._setting(state, "baseline") else None
        shift = None
        finisher = GreedyAgent(rng.next_u64()) if self._setting(state, "finish_turn") else None
        limit = self._budget(state)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        start = time.perf_counter()
        done = 0
        while done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if done % per_world == 0:
                world = state.determinize(seat, rng.next_u64())
                if baseline is not None:
                    shift = baseline.shift(world)
            det = world.clone() if per_world > 1 else world
            node = root
            path = [root]
            turns = root_turns  # automated_turns() before the last action taken
            while not det.is_terminal():
                mover = det.current_player()
                if own_turn and not in_turn(det, seat, root_turns):
                    break  # the turn is over: judge it here
                turns = det.automated_turns()
                legal = det.search_legal()
                children = node.children
                untried = [a for a in legal if a not in children]
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                if untried:
                    action = rng.choice(untried)
                    child = _Node(mover)
                    child.avail = 1
                    children[action] = child
                    det.apply_unchecked(action)
                    path.append(child)
                    break
                best_score = -1.0
                chosen = legal[0]
                for a in legal:
                    ch = children[a]
                    score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best_score, chosen = score, a
                det.apply_unchecked(chosen)
                node = children[chosen]
                path.append(node)
            if finisher is not None and not det.is_terminal():
                finish_turn(det, path[-1].seat, finisher, FINISH_STEPS, turns)
            for _ in range(depth):
                if det.is_terminal():
                    break
                det.apply_unchecked(rng.choice(det.search_legal()))
            values = seat_values(det, shift)
            for n in path:
                n.visits += 1
                n.total += values[n.seat]
            done += 1
            if deadline is None and _settled(root, limit - done):
                break
        self.last = SearchStats(
            iterations=done,
            seconds=time.perf_counter() - start,
            visits={a: n.visits for a, n in root.children.items()},
            values={a: n.total / n.visits for a, n in root.children.items() if n.visits},
        )
        return root

    def _setting(self, state: State, name: str) -> Any:
        """This agent's search setting ``name``, else the game's (``game.bot``)."""
        own = getattr(self, name)
        return getattr(state.game.bot, name) if own is None else own

    def _budget(self, state: State) -> int:
        if self.level is not None:
            bot = state.game.bot
            return int(bot.hard_iterations if self.level == "hard" else bot.medium_iterations)
        return self.iterations if self.iterations is not None else 1 << 62

    def __repr__(self) -> str:
        return (
            f"IsmctsAgent(name={self.name!r}, iterations={self.iterations}, seconds={self.seconds})"
        )


class _Baseline:
    """The running mean of each seat's advantage at the root over the determinizations drawn
    (``BotSettings.baseline``)."""

    def __init__(self, seats: int) -> None:
        self.sums = [0.0] * seats
        self.worlds = 0

    def shift(self, world: State) -> list[float]:
        """How far ``world``'s hidden facts move each seat's root advantage from the mean."""
        here = gaps(evaluations(world))
        self.worlds += 1
        self.sums = [s + g for s, g in zip(self.sums, here, strict=True)]
        return [g - s / self.worlds for g, s in zip(here, self.sums, strict=True)]


def _seed_root(root: _Node, state: State, visits: int, seed: int) -> None:
    """Give every root action ``visits`` virtual visits at the value greedy sees in it (its own
    follow-up decisions included), so the search starts from greedy's judgement of the turn."""
    legal = state.legal_actions()
    seat = state.current_player()
    scale = state.game.bot.scale
    for action, gap in zip(legal, GreedyAgent(seed).action_values(state, legal), strict=True):
        child = _Node(seat)
        child.visits = child.avail = visits
        child.total = visits * logistic(gap / scale)
        root.children[action] = child


def _rank(node: _Node | None) -> tuple[int, float]:
    if node is None or node.visits == 0:
        return (0, 0.0)
    return (node.visits, node.total / node.visits)


def _settled(root: _Node, remaining: int) -> bool:
    """True when the most visited root child cannot be overtaken in ``remaining`` iterations."""
    if len(root.children) < 2:
        return False
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining
