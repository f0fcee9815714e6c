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

from tabletide.agents.base import Agent
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
