"""Toy games with observation tensors for the research-API tests.

* **rl_lanterns** (2-4 seats): the engine tests' Lanterns (secret hands, out-of-turn discards,
  options) with a tensor: the observer's hand, then per seat (observer first) hand size and
  points, the deck, the top of the pile and who is to move.
* **rl_vault** (1-2 seats): Vault (a two-step turn, no secrets), so the 1-player (solo) paths
  are covered.
"""

from __future__ import annotations

from agents.toys import VaultGame
from engine.toy_game import LanternsGame, LanternsState
from tabletide.engine import State, TensorWriter, register_game, seat_order


class TensorLanterns(LanternsGame):
    name = "rl_lanterns"
    title = "Lanterns with a tensor (test game)"

    def write_tensor(self, state: State, seat: int, out: TensorWriter) -> None:
        assert isinstance(state, LanternsState)
        order = seat_order(seat, state.num_players)
        out.counts("hand", [card - 1 for card in state.hands[seat]], 6, scale=3)
        out.scalars("hand_sizes", [len(state.hands[s]) for s in order], scale=6)
        out.scalars("points", [state.points[s] for s in order], scale=30)
        out.scalar("deck", len(state.deck), scale=18)
        out.onehot("pile_top", state.pile[-1] - 1 if state.pile else None, 6)
        current = state.current_player()
        to_move = (current - seat) % state.num_players if current >= 0 else None
        out.onehot("to_move", to_move, state.num_players)


class TensorVault(VaultGame):
    name = "rl_vault"
    title = "Vault with a tensor (test game)"

    def write_tensor(self, state: State, seat: int, out: TensorWriter) -> None:
        points = state.scores()
        out.scalars("points", [points[s] for s in seat_order(seat, state.num_players)], 18)
        top = state.stack[-1] if state.stack else None
        out.onehot("door", top.data[0] if top is not None and top.data else None, 3)
        out.onehot("to_move", state.current_player(), state.num_players)


LANTERNS = TensorLanterns()
VAULT = TensorVault()


def register() -> None:
    """Register both toys for this process (idempotent)."""
    register_game(LANTERNS)
    register_game(VAULT)
