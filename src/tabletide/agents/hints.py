"""Hints: "what would ``hard`` do here?" — a strength's top options for a seat, and how it rates
them, worked out from what that seat may know only.

The search runs on ``state.determinize(seat, seed)``, the same kind of copy the bots decide on,
so a hint cannot use another seat's hidden cards or the order of a deck. What a rating means
depends on the search behind the strength (``BotSettings.hard_search``):

* ISMCTS: the mean value of the option over the searches that tried it, in ``[0, 1]`` (1: a
  sure win; 0.5: level with the best rival), and how many of the searches went there;
* lookahead: the seat's lead over its best rival, in evaluation points, after its turn and the
  next seat's worst reply, both played out greedily.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletide.agents.ismcts import IsmctsAgent
from tabletide.agents.levels import LevelAgent
from tabletide.agents.lookahead import LookaheadAgent
from tabletide.engine import Action, State

TOP = 3


@dataclass(frozen=True)
class Rated:
    """One option as the search sees it."""

    index: int
    """Its position in ``state.legal_actions()``."""
    action: Action
    rating: float
    text: str
    """The rating in words ("0.64 over 412 of 1000 searches")."""

    def to_json(self) -> dict[str, object]:
        return {
            "index": self.index,
            "action": self.action.to_json(),
            "label": self.action.label,
            "rating": round(self.rating, 4),
            "text": self.text,
        }


@dataclass(frozen=True)
class Hint:
    level: str
    search: str
    """``ismcts`` or ``lookahead``: what the ratings mean (see the module's notes)."""
    options: list[Rated]
    """The top options, best first."""
    scale: str
    """One sentence on how to read the ratings."""

    def to_json(self) -> dict[str, object]:
        return {
            "level": self.level,
            "search": self.search,
            "scale": self.scale,
            "options": [o.to_json() for o in self.options],
        }


def hint(state: State, seat: int, *, level: str = "hard", seed: int = 0, top: int = TOP) -> Hint:
    """The ``top`` options ``level`` favours for ``seat``, which must be deciding now.

    :raises ValueError: the game is over, or it is not ``seat``'s decision, or an unknown level.
    """
    if state.is_terminal():
        raise ValueError("the game is over: there is nothing to hint")
    if state.current_player() != seat:
        raise ValueError(f"it is not seat {seat}'s decision")
    legal = state.legal_actions()
    world = state.determinize(seat, seed)
    agent = LevelAgent(seed, level).agent_for(state.game)
    if isinstance(agent, LookaheadAgent):
        values = agent.action_values(world, world.legal_actions())
        order = sorted(range(len(legal)), key=lambda i: -values[i])[:top]
        options = [Rated(i, legal[i], values[i], f"{values[i]:+.1f} points") for i in order]
        return Hint(
            level,
            "lookahead",
            options,
            "Points ahead of the best rival after your turn and the next player's "
            "strongest reply, both played out by the bot.",
        )
    if not isinstance(agent, IsmctsAgent):  # pragma: no cover - LevelAgent builds only these
        raise TypeError(f"no hints from {agent!r}")
    if len(legal) == 1:
        only = Rated(0, legal[0], 0.5, "the only option")
        return Hint(level, "ismcts", [only], "There is nothing to choose here.")
    root = agent.search(world)
    searches = sum(child.visits for child in root.children.values()) or 1
    scored = []
    for i, action in enumerate(legal):
        child = root.children.get(action)
        visits = child.visits if child is not None else 0
        value = child.total / visits if child is not None and visits else 0.0
        scored.append((visits, value, i))
    scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
    options = [
        Rated(i, legal[i], value, f"{value:.2f} · {visits} of {searches} searches")
        for visits, value, i in scored[:top]
    ]
    return Hint(
        level,
        "ismcts",
        options,
        "How the bot's search rates the option from 0 (a sure loss) to 1 (a sure win), and "
        "how many of its simulated games chose it.",
    )
