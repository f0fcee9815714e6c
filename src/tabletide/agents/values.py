"""What a position is worth to the bots, from the game's evaluation hook (``game.evaluate``).

* :func:`advantage` — a seat's evaluation minus its best opponent's, in points; terminal
  positions add a large bonus for the final rank, so a won game beats any unfinished one.
* :func:`seat_values` — a value in ``[0, 1]`` per seat, for search: the final rank utility
  when the game is over, otherwise a logistic of the advantage over ``game.bot.scale`` points.
"""

from __future__ import annotations

import math

from tabletide.engine import State

WIN_BONUS = 1000.0
"""Points a finished game's rank utility is multiplied by in :func:`advantage`."""


def evaluations(state: State) -> list[float]:
    """``game.evaluate`` for every seat."""
    evaluate = state.game.evaluate
    return [evaluate(state, seat) for seat in range(state.num_players)]


def gaps(values: list[float]) -> list[float]:
    """Each entry minus the largest of the others (a lone seat keeps its own value)."""
    if len(values) < 2:
        return list(values)
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    top, second = values[order[0]], values[order[1]]
    return [v - (second if i == order[0] else top) for i, v in enumerate(values)]


def advantage(state: State, seat: int) -> float:
    """How far ``seat`` is ahead of its best opponent, in evaluation points."""
    gap = gaps(evaluations(state))[seat]
    if state.is_terminal():
        gap += WIN_BONUS * state.returns()[seat]
    return gap


def seat_values(state: State, shift: list[float] | None = None) -> list[float]:
    """A value in ``[0, 1]`` per seat: ``(return + 1) / 2`` at the end, else a logistic of the
    seat's advantage measured in ``game.bot.scale`` points, less its ``shift`` if given (what
    a determinization's hidden facts add to that seat's advantage, see ``BotSettings.baseline``)."""
    if state.is_terminal():
        return [(r + 1.0) / 2.0 for r in state.returns()]
    scale = state.game.bot.scale
    advantages = gaps(evaluations(state))
    if shift is not None:
        advantages = [g - s for g, s in zip(advantages, shift, strict=True)]
    return [logistic(g / scale) for g in advantages]


def logistic(x: float) -> float:
    """``1 / (1 + e^-x)``, clipped far from 0."""
    if x < -40.0:
        return 0.0
    if x > 40.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
