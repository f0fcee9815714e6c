"""The named strengths for people (``medium``, ``hard``): each game chooses in its
``BotSettings`` which search stands behind them and with what budget.

``medium`` is ISMCTS with ``bot.medium_iterations``. ``hard`` is ISMCTS with
``bot.hard_iterations``, unless the game sets ``bot.hard_search = "lookahead"`` (whole turns
played out greedily, :mod:`tabletide.agents.lookahead`), which Shipyard does: there the lookahead
beats greedy and ISMCTS does not (``docs/benchmarks.md``).
"""

from __future__ import annotations

from typing import Any

from tabletide.agents.base import Agent
from tabletide.agents.ismcts import LEVELS, IsmctsAgent
from tabletide.agents.lookahead import LookaheadAgent
from tabletide.engine import Action, Game, State

SEARCHES = ("ismcts", "lookahead")
"""What ``BotSettings.hard_search`` may name."""


class LevelAgent:
    """A named strength; the search behind it is built from the game's settings at its first
    decision in that game (and kept, so its random stream runs on)."""

    def __init__(self, seed: int, level: str) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}; got {level!r}")
        self.name = level
        self.seed = seed
        self.level = level
        self._agents: dict[str, Agent] = {}
        self.last: Any = None
        """The search statistics of the last decision (ISMCTS's ``SearchStats``), if any."""

    def act(self, state: State) -> Action:
        agent = self.agent_for(state.game)
        action = agent.act(state)
        self.last = getattr(agent, "last", None)
        return action

    def agent_for(self, game: Game) -> Agent:
        """The search this strength uses in ``game``."""
        agent = self._agents.get(game.name)
        if agent is None:
            search = game.bot.hard_search if self.level == "hard" else "ismcts"
            if search == "lookahead":
                agent = LookaheadAgent(self.seed, name=self.level)
            elif search == "ismcts":
                agent = IsmctsAgent(self.seed, name=self.level, iterations=None, level=self.level)
            else:
                raise ValueError(
                    f"{game.name}: bot.hard_search must be one of {', '.join(SEARCHES)}; "
                    f"got {search!r}"
                )
            self._agents[game.name] = agent
        return agent

    def __repr__(self) -> str:
        return f"LevelAgent(name={self.name!r})"
