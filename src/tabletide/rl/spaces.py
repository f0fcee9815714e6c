"""What the research APIs share: a *table* (a game, its player count and resolved options), the
observation and action spaces built on the game's tensor and codec, the action mask, and what an
illegal action does.

Conventions (see ``docs/rl.md``):

* An observation is ``game.observation_tensor(state, seat)`` as ``float32``: seat-relative
  (the observer's own segments first), of a fixed size per player count and options.
* An action is an integer of the game's codec in ``[0, game.num_distinct_actions)``; the mask
  has a 1 at the code of every legal action of the seat that must decide, zeros elsewhere
  (all zeros for a seat that is not deciding, and at the end).
* The *state* (for centralised critics) is every seat's observation tensor, seat 0's first:
  privileged, as it holds every seat's secrets.
* An illegal action is handled by an :data:`IllegalPolicy`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from rich.text import Text

from tabletide.engine import (
    SINGLE,
    Action,
    ConfigError,
    Game,
    IllegalActionError,
    State,
    Values,
    load_game,
)

IllegalPolicy = Literal["lose", "random", "raise"]
"""What an action that is not legal now does:

* ``"lose"`` (the default): the episode ends at once; the seat that played it gets reward -1
  (the others 0), and ``info["illegal_action"]`` is True.
* ``"random"``: a uniformly random legal action (from the environment's seeded generator) is
  played instead, and ``info["illegal_action"]`` is True. For harnesses that sample unmasked
  actions and must keep going.
* ``"raise"``: :class:`~tabletide.IllegalActionError`; nothing changes (strict mode, for
  debugging a policy).
"""
ILLEGAL_POLICIES: tuple[IllegalPolicy, ...] = ("lose", "random", "raise")

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def as_array(values: Values) -> npt.NDArray[np.floating[Any]]:
    """A tensor's buffer as a NumPy array of its own precision, without a copy (the array
    shares the buffer, which the caller owns)."""
    if values.typecode == SINGLE:
        return np.frombuffer(values, np.float32)
    return np.frombuffer(values, np.float64)


def as_float32(values: Values) -> Observation:
    """A tensor's buffer as a ``float32`` array of its own: the buffer itself when it is
    single precision (a fresh buffer from ``observation_values``), a converted copy when not."""
    if values.typecode == SINGLE:
        return np.frombuffer(values, np.float32)
    return np.frombuffer(values).astype(np.float32)


def plain(text: str) -> str:
    """A game's Rich-markup text as plain text."""
    return Text.from_markup(text).plain


def default_players(game: Game) -> int:
    """The player count used when none is given: 2, or the game's minimum if larger."""
    return max(2, game.min_players)


def check_policy(illegal: str) -> IllegalPolicy:
    """``illegal`` checked against :data:`ILLEGAL_POLICIES`."""
    if illegal not in ILLEGAL_POLICIES:
        raise ConfigError(f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}; got {illegal!r}")
    return illegal


def action_code(action: object) -> int:
    """An action given to an environment as a Python int (NumPy integers accepted).

    :raises TypeError: not an integer.
    """
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(f"an action is an integer code; got {action!r}")
    return int(action)


@dataclass(frozen=True)
class Table:
    """A game set up for learning: the player count and options are fixed, so the observation
    size is too. Build with :meth:`of`."""

    game: Game
    num_players: int
    options: dict[str, Any] = field(hash=False)
    tensor_size: int

    @classmethod
    def of(
        cls,
        game: str | Game,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Table:
        """Check the game name, player count and options; find the tensor size.

        :raises ConfigError: an unknown game, a bad player count or option, or a game that has
            no observation tensor.
        """
        if isinstance(game, str):
            game = load_game(game)
        n = default_players(game) if num_players is None else num_players
        resolved = game.resolve_options(n, options)
        try:
            size = game.tensor_size(n, resolved)
        except NotImplementedError:
            raise ConfigError(
                f"{game.name} has no observation tensor yet (Game.write_tensor), so it cannot "
                "be used for learning"
            ) from None
        return cls(game, n, resolved, size)

    @property
    def num_actions(self) -> int:
        return self.game.num_distinct_actions

    def new_state(self, seed: int) -> State:
        return self.game.new_state(self.num_players, seed, self.options)

    def observation(self, state: State, seat: int) -> Observation:
        """``seat``'s observation tensor as a new ``float32`` array."""
        return as_float32(self.game.observation_values(state, seat))

    def state_tensor(self, state: State) -> Observation:
        """The full state as numbers, for centralised training: every seat's observation
        tensor, seat 0's first, as one new ``float32`` array of ``num_players * tensor_size``
        values. Privileged: it holds every seat's secrets (what no seat sees, such as the order
        of a shuffled deck, is not in it)."""
        game = self.game
        values = game.observation_values(state, 0)
        for seat in range(1, self.num_players):
            values.extend(game.observation_values(state, seat))
        return as_float32(values)

    def state_space(self) -> spaces.Box:
        """The space of :meth:`state_tensor`: unbounded, as the observation's."""
        size = self.num_players * self.tensor_size
        return spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)

    def mask(self, state: State, seat: int) -> Mask:
        """1 at the code of each legal action when ``seat`` must decide; zeros otherwise."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player() == seat:
            by_code = self.legal_by_code(state)
            mask[np.fromiter(by_code, np.intp, len(by_code))] = 1
        return mask

    def legal_codes(self, state: State) -> list[int]:
        """The codes of the legal actions, ascending."""
        return sorted(self.legal_by_code(state))

    def legal_by_code(self, state: State) -> dict[int, Action]:
        """Each legal action by its code. Built once per position and kept on the state (a
        step asks for the mask and then for the chosen action): the list is the one the engine
        built when it stopped (``search_legal``), as environments reach their states only
        through ``apply``. A clone does not carry it over."""
        stack = state.stack
        if not stack:
            return {}
        top, made = stack[-1], len(state.history)
        memo = getattr(state, "_codes_memo", None)
        if memo is not None and memo[0] == made and memo[1] is top:
            found: dict[int, Action] = memo[2]
            return found
        legal = state.search_legal()
        by_code = dict(zip(self.game.encode_actions(state, legal), legal, strict=True))
        state._codes_memo = (made, top, by_code)  # type: ignore[attr-defined]
        return by_code

    def observation_space(self) -> spaces.Box:
        """The tensor's space. Values are scaled to about [0, 1] but games do not promise
        bounds, so the box is unbounded."""
        return spaces.Box(-np.inf, np.inf, shape=(self.tensor_size,), dtype=np.float32)

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.num_actions)

    def mask_space(self) -> spaces.Box:
        return spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8)

    def choose(
        self, state: State, code: int, illegal: IllegalPolicy, rng: np.random.Generator
    ) -> tuple[Action | None, bool]:
        """The action to apply for ``code`` and whether ``code`` was illegal.

        For a legal code: ``(action, False)``. For an illegal one, by policy: ``"lose"`` gives
        ``(None, True)``, ``"random"`` a random legal action and True, ``"raise"`` raises.

        :raises IllegalActionError: with ``illegal="raise"``, for a code that is not legal.
        """
        chosen = self.legal_by_code(state).get(code)
        if chosen is not None:
            return chosen, False
        legal = state.search_legal()
        if illegal == "raise":
            raise IllegalActionError(
                f"action code {code} is not legal now in {self.game.name}; legal codes: "
                f"{self.legal_codes(state)}"
            )
        if illegal == "random":
            return legal[int(rng.integers(len(legal)))], True
        return None, True
