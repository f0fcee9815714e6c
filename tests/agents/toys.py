"""A tiny game for agent tests.

**Vault** (1-2 seats, no secrets): on its turn a seat opens a door (0-2), which scores nothing,
  then picks a drawer (0-2) behind it, which scores ``PRIZES[door][drawer]``; after ``ROUNDS``
  turns each, most points wins. The best drawer hides behind a door whose other drawers are poor,
  so only an agent that looks through its own follow-up decision finds it.

  With 1 seat it is a solo game against "the house", a rival run by the rules that takes a
  (pointless) turn after each of the seat's, so the seat moves again (``automated_turns``).

**Foggy Vault**: Vault where each seat also holds a secret luck of 0-``LUCK`` that adds to its
  evaluation only (not to its points), so every determinization shifts all moves' values alike
  by up to ``LUCK`` points, as the other seat's secret contracts do in Shipyard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletide.engine import (
    Action,
    ActionCodec,
    ActionSpec,
    Event,
    Frame,
    Game,
    Rng,
    State,
    ints,
)

PRIZES = ((3, 3, 3), (0, 0, 9), (4, 4, 1))
ROUNDS = 2
LUCK = 40


class VaultState(State):
    points: list[int]
    turns: int

    def clone(self) -> VaultState:
        twin = type(self).__new__(type(self))
        self._copy_base_into(twin)
        twin.points = self.points[:]
        twin.turns = self.turns
        return twin

    def _legal(self, frame: Frame) -> list[Action]:
        if frame.kind == "door":
            return [Action.make("door", door=d) for d in range(3)]
        return [Action.make("drawer", drawer=d) for d in range(3)]

    def _apply(self, frame: Frame, action: Action) -> None:
        if frame.kind == "door":
            self.stack.append(Frame("drawer", frame.seat, (action.num("door"),)))
            return
        self.points[frame.seat] += PRIZES[frame.data[0]][action.num("drawer")]
        self.turns += 1
        if self.turns < ROUNDS * self.num_players:
            self.stack.append(Frame("door", (frame.seat + 1) % self.num_players))

    def _scores(self) -> list[int | float]:
        return list(self.points)

    def automated_turns(self) -> int:
        """With 1 seat, the house takes a turn after each of the seat's (it does nothing)."""
        return self.turns if self.num_players == 1 else 0

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"points": self.points[:]}

    def _prompt_text(self, frame: Frame) -> str:
        return f"Seat {frame.seat}: {frame.kind}"

    def _resample_hidden(self, seat: int) -> None:
        pass


class VaultGame(Game):
    name = "vault"
    title = "Vault (test game)"
    description = "Doors then drawers: a two-step turn."
    min_players = 1
    max_players = 2
    max_game_length = 20
    codec = ActionCodec(
        [ActionSpec("door", (ints("door", 3),)), ActionSpec("drawer", (ints("drawer", 3),))]
    )

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> VaultState:
        state = VaultState.__new__(VaultState)
        state.game = self
        state.num_players = num_players
        state.seed = seed
        state.options = options
        state.rng = Rng(seed)
        state.stack = [Frame("door", 0)]
        state.events = []
        state.history = []
        state.points = [0] * num_players
        state.turns = 0
        return state

    def event_text(self, event: Event, names: Sequence[str] | None = None) -> str:
        return str(event)

    def render(self, state: State, seat: int | None) -> str:
        return str(state._view(seat))


VAULT = VaultGame()


class FoggyVaultState(VaultState):
    luck: list[int]

    def clone(self) -> FoggyVaultState:
        twin = super().clone()
        assert isinstance(twin, FoggyVaultState)
        twin.luck = self.luck[:]
        return twin

    def _resample_hidden(self, seat: int) -> None:
        self.luck = [v if s == seat else self.rng.below(LUCK + 1) for s, v in enumerate(self.luck)]


class FoggyVaultGame(VaultGame):
    name = "foggy_vault"
    title = "Foggy Vault (test game)"

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> VaultState:
        state = super()._new_state(num_players, seed, options)
        state.__class__ = FoggyVaultState
        assert isinstance(state, FoggyVaultState)
        state.luck = [state.rng.below(LUCK + 1) for _ in range(num_players)]
        return state

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, FoggyVaultState)
        return state.points[seat] + state.luck[seat]


FOGGY_VAULT = FoggyVaultGame()
