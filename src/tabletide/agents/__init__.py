"""Agents: programs that choose actions. ``make_agent("random:7", seed=0)`` builds one by spec."""

from tabletide.agents.base import Agent
from tabletide.agents.greedy import GreedyAgent
from tabletide.agents.ismcts import IsmctsAgent
from tabletide.agents.levels import LevelAgent
from tabletide.agents.lookahead import LookaheadAgent
from tabletide.agents.random_agent import RandomAgent
from tabletide.agents.registry import AgentSpec, agent_specs, make_agent, register_agent

__all__ = [
    "Agent",
    "AgentSpec",
    "GreedyAgent",
    "IsmctsAgent",
    "LevelAgent",
    "LookaheadAgent",
    "RandomAgent",
    "agent_specs",
    "make_agent",
    "register_agent",
]
