"""Fixtures for the tournament tests: the Lanterns toy game and a deliberately weak agent."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.toy_game import GAME, LanternsGame, register
from tabletide.agents import Agent, AgentSpec, registry
from tabletide.engine import Action, State

register()


class Passer:
    """Passes whenever it may, else plays its lowest card: a clearly weak Lanterns player."""

    name = "passer"

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        passes = [a for a in legal if a.kind == "pass"]
        return passes[0] if passes else legal[0]


def _passer(arg: str | None, seed: int) -> Agent:
    return Passer()


@pytest.fixture
def lanterns() -> LanternsGame:
    return GAME


@pytest.fixture
def passer(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Registers the agent kind ``passer`` for one test (inherited by forked pool workers)."""
    monkeypatch.setitem(
        registry._KINDS, "passer", AgentSpec("passer", "passer", "passes when it can", _passer)
    )
    yield "passer"
