"""The greedy agent: the move whose result the game's evaluation likes best.

A move here is one atomic decision, but a game splits many turns into several (pick a tile, then
a part, then a slot), and after the first of them the evaluation rarely changes. So the agent
looks through its own follow-up decisions too: a decision is worth the best position it can
reach before its turn ends (:func:`in_turn`: another seat, or a solo game's rival run by the
rules, has moved), searched depth-first within a budget of ``budget`` positions; where the
budget runs out, the position is evaluated as it stands.
Ties are broken at random from the agent's seed. With ``epsilon`` > 0 it plays a uniformly
random move that often (the ``easy`` strength).
"""

from __future__ import annotations

from tabletide.agents.values import advantage
from tabletide.engine import Action, Rng, State

TIE = 1e-9


def in_turn(state: State, seat: int, turns: int) -> bool:
    """Whether ``seat`` still has the move it had when ``state.automated_turns()`` was
    ``turns``: it is to move, and no opponent run by the rules has taken a turn since. That
    opponent (a solo game's rival) is not a seat: its turn runs in automatic steps, after
    which the same seat is to move again, so the seat to move alone cannot tell."""
    return state.current_player() == seat and state.automated_turns() == turns


def best_of(legal: list[Action], values: list[float], rng: Rng) -> Action:
    """The action of the highest value, ties (within ``TIE``) broken at random by ``rng``."""
    best = max(values)
    return rng.choice([a for a, v in zip(legal, values, strict=True) if v >= best - TIE])


class GreedyAgent:
    """One-ply lookahead (a turn's own follow-up decisions included) on ``game.evaluate``."""

    def __init__(
        self, seed: int = 0, name: str = "greedy", *, epsilon: float = 0.0, budget: int = 64
    ) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be in [0, 1]; got {epsilon}")
        if budget < 1:
            raise ValueError(f"budget must be >= 1; got {budget}")
        self.name = name
        self.rng = Rng(seed)
        self.epsilon = epsilon
        self.budget = budget

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.below(1 << 30) < self.epsilon * (1 << 30):
            return self.rng.choice(legal)
        return best_of(legal, self.action_values(state, legal), self.rng)

    def action_values(
        self, state: State, legal: list[Action] | None = None, budget: int | None = None
    ) -> list[float]:
        """The value of each legal action for the seat to move (its :func:`advantage`),
        searching at most ``budget`` positions (the agent's own budget unless given)."""
        legal = state.legal_actions() if legal is None else legal
        seat = state.current_player()
        turns = state.automated_turns()
        share = max(1, (self.budget if budget is None else budget) // len(legal))
        values = []
        for action in legal:
            child = state.clone()
            child.apply_unchecked(action)
            values.append(self._follow(child, seat, share - 1, turns))
        return values

    def _follow(self, state: State, seat: int, budget: int, turns: int) -> float:
        """The best advantage ``seat`` reaches from ``state`` while its turn goes on."""
        if budget <= 0 or not in_turn(state, seat, turns):
            return advantage(state, seat)
        legal = state.search_legal()
        if len(legal) > budget:
            return advantage(state, seat)
        share = budget // len(legal)
        best = float("-inf")
        for action in legal:
            child = state.clone()
            child.apply_unchecked(action)
            best = max(best, self._follow(child, seat, share - 1, turns))
        return best

    def __repr__(self) -> str:
        return f"GreedyAgent(name={self.name!r}, epsilon={self.epsilon}, budget={self.budget})"


def finish_turn(
    state: State, seat: int, chooser: GreedyAgent, steps: int, turns: int | None = None
) -> None:
    """Play ``seat``'s decisions in ``state`` while its turn goes on (:func:`in_turn`; at most
    ``steps``), each the one-step best for it by :func:`advantage` (ties: the first).

    ``turns`` is ``state.automated_turns()`` before the decision that led to ``state``
    (default: now). If that decision ended the turn of a solo game, the rival run by the rules
    has moved since and there is nothing left to finish, though the seat is to move again."""
    if turns is None:
        turns = state.automated_turns()
    for _ in range(steps):
        if not in_turn(state, seat, turns):
            return
        legal = state.search_legal()
        if len(legal) == 1:
            state.apply_unchecked(legal[0])
            continue
        values = chooser.action_values(state, legal, budget=len(legal))
        state.apply_unchecked(legal[values.index(max(values))])
