"""Game-independent helpers for rule tests: find and apply a legal action by kind and
parameters, read the pending decision, and script the dice."""

from __future__ import annotations

from typing import Any

from tabletide.engine import Action, Rng, State


class ScriptedRng(Rng):
    """An Rng whose six-sided rolls (``below(6)``) come from a script while it lasts."""

    __slots__ = ("rolls",)

    def __init__(self, seed: int, rolls: list[int]) -> None:
        super().__init__(seed)
        self.rolls = rolls

    def below(self, n: int) -> int:
        if n == 6 and self.rolls:
            return self.rolls.pop(0) - 1
        return super().below(n)

    def copy(self) -> Rng:
        twin = ScriptedRng(0, self.rolls[:])
        twin._s = self._s
        return twin


def dice(state: State, *rolls: int) -> None:
    """Script the next six-sided rolls of ``state``'s generator."""
    scripted = ScriptedRng(0, list(rolls))
    scripted._s = state.rng._s
    state.rng = scripted


def kind(state: State) -> str | None:
    """The kind of the pending decision (None when the game is over)."""
    return state.stack[-1].kind if state.stack else None


def legal_json(state: State) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions()]


def find(state: State, kind_: str, **params: Any) -> Action | None:
    """The legal action of that kind whose parameters include ``params``."""
    for action in state.legal_actions():
        if action.kind == kind_ and all(dict(action.params).get(k) == v for k, v in params.items()):
            return action
    return None


def act(state: State, kind_: str, **params: Any) -> None:
    """Apply the legal action of that kind and parameters; fail listing what is legal."""
    action = find(state, kind_, **params)
    assert action is not None, f"no legal {kind_} {params}; legal: {legal_json(state)}"
    state.apply(action)
