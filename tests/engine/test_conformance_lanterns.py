"""The shared conformance suite on the Lanterns test game, and proof that it catches bugs."""

from __future__ import annotations

from typing import Any

import pytest

from conformance import check_game, check_playout
from tabletide.engine import register_game

from .toy_game import GAME, LanternsGame, LanternsState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lanterns_conforms(players: int) -> None:
    check_game("lanterns", players, seeds=range(4))


@pytest.mark.parametrize("options", [{"hand_size": 2}, {"hand_size": 4, "sixes_attack": False}])
def test_lanterns_conforms_with_options(options: dict[str, Any]) -> None:
    check_game("lanterns", 3, seeds=range(2), options=options)


@pytest.mark.long
@pytest.mark.parametrize("players", [2, 3, 4])
def test_lanterns_conforms_long(players: int) -> None:
    check_game("lanterns", players, seeds=range(200), deep=False)


class _SharedHandsState(LanternsState):
    """A broken clone that shares the hands."""

    def clone(self) -> LanternsState:
        twin = super().clone()
        twin.hands = self.hands
        return twin


class _LeakyState(LanternsState):
    """A broken view that shows every hand."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["all_hands"] = [h[:] for h in self.hands]
        return view


class _BrokenGame(LanternsGame):
    def __init__(self, name: str, cls: type[LanternsState]) -> None:
        self.name = name  # type: ignore[misc]
        self.cls = cls

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> LanternsState:
        state = super()._new_state(num_players, seed, options)
        state.__class__ = self.cls
        return state


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (_SharedHandsState, "applying to a clone changed the original"),
        (_LeakyState, "determinize changed what seat"),
    ],
)
def test_suite_catches_broken_games(cls: type[LanternsState], message: str) -> None:
    name = f"broken-{cls.__name__.lower()}"
    register_game(_BrokenGame(name, cls))
    with pytest.raises(AssertionError, match=message):
        check_playout(name, 3, seed=1)


def test_suite_catches_a_dead_end(monkeypatch: pytest.MonkeyPatch) -> None:
    register_game(_BrokenGame("broken-dead-end", LanternsState))
    real = LanternsState.legal_actions

    def legal(self: LanternsState) -> list[Any]:
        return [] if len(self.history) == 3 else real(self)

    monkeypatch.setattr(LanternsState, "legal_actions", legal)
    with pytest.raises(AssertionError, match="no legal actions but not terminal"):
        check_playout("broken-dead-end", 2, seed=0)
    assert GAME.name == "lanterns"
