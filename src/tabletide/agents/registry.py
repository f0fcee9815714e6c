"""Agents by spec: ``"random"`` or ``"random:SEED"``; more kinds register themselves here.

A spec is ``KIND`` or ``KIND:ARG``. Each kind has a factory ``(arg, seed) -> Agent`` where ``arg``
is the text after the colon (or ``None``) and ``seed`` is the seed the caller derived for that
seat. ``"human"`` is not an agent: it is a seat kind the CLI handles itself.

>>> make_agent("random", seed=3).name
'random'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletide.agents.base import Agent
from tabletide.agents.greedy import GreedyAgent
from tabletide.agents.ismcts import IsmctsAgent
from tabletide.agents.levels import LevelAgent
from tabletide.agents.lookahead import LookaheadAgent
from tabletide.agents.random_agent import RandomAgent
from tabletide.engine import ConfigError

AgentFactory = Callable[[str | None, int], Agent]


@dataclass(frozen=True)
class AgentSpec:
    """A registered kind of agent: its name, the form of its spec, a line of help, a factory."""

    kind: str
    usage: str
    help: str
    factory: AgentFactory


_KINDS: dict[str, AgentSpec] = {}


def register_agent(kind: str, usage: str, help: str, factory: AgentFactory) -> None:
    """Make ``kind`` (and ``kind:ARG``) a valid agent spec. Re-registering replaces it."""
    if not kind or ":" in kind or "," in kind:
        raise ValueError(f"an agent kind must be a non-empty word without ':' or ','; got {kind!r}")
    _KINDS[kind] = AgentSpec(kind, usage, help, factory)


def agent_specs() -> list[AgentSpec]:
    """The registered kinds, sorted by name."""
    return [_KINDS[k] for k in sorted(_KINDS)]


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build the agent named by ``spec`` (``"random"``, ``"random:42"``), seeded with ``seed``.

    :raises ConfigError: an unknown kind or a bad argument (the message lists the known specs).
    """
    kind, sep, arg = spec.strip().partition(":")
    entry = _KINDS.get(kind.lower())
    if entry is None:
        known = ", ".join(s.usage for s in agent_specs())
        raise ConfigError(f"unknown agent {spec!r}; known agents: {known}")
    return entry.factory(arg if sep else None, seed)


def _random(arg: str | None, seed: int) -> Agent:
    if arg is None:
        return RandomAgent(seed, name="random")
    try:
        fixed = int(arg)
    except ValueError:
        raise ConfigError(f"agent 'random:{arg}': the seed must be an integer") from None
    return RandomAgent(fixed, name=f"random:{fixed}")


register_agent(
    "random",
    "random[:SEED]",
    "uniform over legal actions; SEED fixes its choices (default: derived from the game seed)",
    _random,
)


def _no_arg(kind: str, arg: str | None) -> None:
    if arg is not None:
        raise ConfigError(f"agent {kind!r} takes no argument; got {kind}:{arg}")


def _greedy(arg: str | None, seed: int) -> Agent:
    _no_arg("greedy", arg)
    return GreedyAgent(seed, name="greedy")


def _flag(value: str) -> bool:
    if value not in ("0", "1"):
        raise ValueError(value)
    return value == "1"


ISMCTS_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "c": ("exploration", float),
    "depth": ("rollout_depth", int),
    "prior": ("prior_visits", int),
    "own": ("own_turn", _flag),
    "world": ("per_world", int),
    "base": ("baseline", _flag),
    "finish": ("finish_turn", _flag),
}
"""The settings an ``ismcts`` spec may add after its budget (``ismcts:500:c=0.3:own=1``),
overriding the game's ``BotSettings`` for this agent."""


def _ismcts(arg: str | None, seed: int) -> Agent:
    if arg is None:
        return IsmctsAgent(seed, name="ismcts", iterations=1000)
    budget, *extra = arg.strip().lower().split(":")
    settings: dict[str, Any] = {}
    for item in extra:
        key, _, value = item.partition("=")
        if key not in ISMCTS_KEYS:
            known = ", ".join(f"{k}=" for k in ISMCTS_KEYS)
            raise ConfigError(f"agent 'ismcts:{arg}': unknown setting {key!r}; known: {known}")
        name, convert = ISMCTS_KEYS[key]
        try:
            settings[name] = convert(value)
        except ValueError:
            raise ConfigError(f"agent 'ismcts:{arg}': bad value for {key}: {value!r}") from None
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not 0 < seconds <= 3600:
                raise ValueError
            return IsmctsAgent(
                seed, name=f"ismcts:{arg}", iterations=None, seconds=seconds, **settings
            )
        iterations = int(budget)
        if iterations < 1:
            raise ValueError
        return IsmctsAgent(seed, name=f"ismcts:{arg}", iterations=iterations, **settings)
    except ValueError as exc:
        if settings and "must be" in str(exc):
            raise ConfigError(f"agent 'ismcts:{arg}': {exc}") from None
        raise ConfigError(
            f"agent 'ismcts:{arg}': give a number of iterations (ismcts:2000) "
            "or seconds per decision (ismcts:1.5s), then any of "
            + ", ".join(f":{k}=" for k in ISMCTS_KEYS)
        ) from None


def _lookahead(arg: str | None, seed: int) -> Agent:
    if arg is None:
        return LookaheadAgent(seed)
    key, _, value = arg.strip().lower().partition("=")
    try:
        if key != "replies":
            raise ValueError
        replies = _flag(value)
    except ValueError:
        raise ConfigError(
            f"agent 'lookahead:{arg}': the only setting is replies=0|1 "
            "(0: finish its own turn only)"
        ) from None
    return LookaheadAgent(seed, name=f"lookahead:{arg}", replies=replies)


def _easy(arg: str | None, seed: int) -> Agent:
    _no_arg("easy", arg)
    return GreedyAgent(seed, name="easy", epsilon=EASY_EPSILON, budget=16)


def _level(level: str) -> AgentFactory:
    def factory(arg: str | None, seed: int) -> Agent:
        _no_arg(level, arg)
        return LevelAgent(seed, level)

    return factory


EASY_EPSILON = 0.4
"""How often ``easy`` plays a random move instead of its greedy one."""

register_agent(
    "greedy",
    "greedy",
    "one-ply lookahead (through its own follow-up decisions) on the game's evaluation",
    _greedy,
)
register_agent(
    "ismcts",
    "ismcts[:N|:Ts][:c=X:depth=D:prior=K:own=0|1:world=W:base=0|1:finish=0|1]",
    "information-set MCTS with N iterations (default 1000) or T seconds per decision; "
    "optional settings override the game's (exploration, rollout depth, root prior visits, "
    "own turn only, iterations per world, baseline, finish the turn greedily)",
    _ismcts,
)
register_agent(
    "lookahead",
    "lookahead[:replies=0|1]",
    "whole turns played out greedily: its own, then the best worst case over the next seat's "
    "replies (replies=0: its own turn only)",
    _lookahead,
)
register_agent("easy", "easy", "for people: greedy, but 40% of its moves are random", _easy)
register_agent(
    "medium",
    "medium",
    "for people: a short ISMCTS search (the game's medium budget)",
    _level("medium"),
)
register_agent(
    "hard",
    "hard",
    "for people: the game's strongest search (ISMCTS at its hard budget, or the lookahead "
    "where that plays better; < 2 s a move)",
    _level("hard"),
)
