"""The lookahead agent: whole turns, its own and the next seat's reply, played out greedily.

For each legal action the agent finishes its own turn greedily (every later decision of the
turn the one-step best by the evaluation, :func:`~tabletide.agents.greedy.finish_turn`: until
another seat is to move, or in a solo game until the rival run by the rules has moved). Then,
for each first decision the next seat could make, it finishes that seat's turn greedily too, and
it keeps the worst of these outcomes for itself (its :func:`advantage`). The action with the best
worst case wins; ties are broken at random from the agent's seed.

This is a search over whole turns rather than single decisions. It suits games whose turn is a
chain of small decisions (Shipyard: a tile, a bonus, parts and their spaces, the items to fit,
the route), where a tree over single decisions spreads its visits thinly over follow-ups that
greedy settles at once. Like every agent it decides on the determinized copy it is given.
"""

from __future__ import annotations

from tabletide.agents.greedy import GreedyAgent, best_of, finish_turn
from tabletide.agents.values import advantage
from tabletide.engine import Action, Rng, State

TURN_STEPS = 40
"""At most this many decisions of one turn are finished greedily."""


class LookaheadAgent:
    """Best worst case over the next seat's replies, whole turns finished greedily."""

    def __init__(self, seed: int = 0, name: str = "lookahead", *, replies: bool = True) -> None:
        self.name = name
        self.rng = Rng(seed)
        self.replies = replies
        """Look at the next seat's replies (else: only finish the own turn)."""
        self.chooser = GreedyAgent(seed)

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        if len(legal) == 1:
            return legal[0]
        return best_of(legal, self.action_values(state, legal), self.rng)

    def action_values(self, state: State, legal: list[Action]) -> list[float]:
        """Each action's worst-case advantage for the seat to move, in evaluation points."""
        seat = state.current_player()
        return [self._value(state, action, seat) for action in legal]

    def _value(self, state: State, action: Action, seat: int) -> float:
        mine = state.clone()
        mine.apply_unchecked(action)
        finish_turn(mine, seat, self.chooser, TURN_STEPS, state.automated_turns())
        if not self.replies or mine.is_terminal() or mine.current_player() == seat:
            # No seat replies (in a solo game the rival run by the rules has moved).
            return advantage(mine, seat)
        other = mine.current_player()
        turns = mine.automated_turns()
        worst = float("inf")
        for reply in mine.search_legal():
            theirs = mine.clone()
            theirs.apply_unchecked(reply)
            finish_turn(theirs, other, self.chooser, TURN_STEPS, turns)
            worst = min(worst, advantage(theirs, seat))
        return worst

    def __repr__(self) -> str:
        return f"LookaheadAgent(name={self.name!r}, replies={self.replies})"
