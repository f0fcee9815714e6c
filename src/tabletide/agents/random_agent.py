"""The random agent: a uniform choice among the legal actions, from its own seeded generator."""

from __future__ import annotations

from tabletide.engine import Action, Rng, State


class RandomAgent:
    """Picks uniformly among the legal actions. The same seed gives the same choices."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self.rng = Rng(seed)

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return f"RandomAgent(name={self.name!r})"
