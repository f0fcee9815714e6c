"""Gymnasium: one learning seat against bots from the agent registry.

>>> import gymnasium, tabletide.rl
>>> env = gymnasium.make("tabletide/Shipyard-v0", opponents="greedy,random")  # doctest: +SKIP

The observation is the learning seat's tensor (``Box``), the action an integer code
(``Discrete(num_distinct_actions)``); ``info["action_mask"]`` marks the legal codes, and so does
:meth:`TabletideEnv.action_masks` (sb3-contrib's convention, so ``MaskablePPO`` works). The other
seats are played by agents built from specs (``"random"``, ``"greedy"``, ``"easy"``,
``"medium"``, ``"hard"``, ``"ismcts:N"``), each deciding on ``state.determinize(seat, seed)`` as
in ``tabletide simulate``. The reward is the seat's return (rank utility in [-1, 1]) at the end
of the game, 0 before; an illegal action ends the episode with reward -1 unless ``illegal`` says
otherwise (:data:`~tabletide.rl.spaces.IllegalPolicy`). An episode that passes the game's length
bound (``game.max_game_length`` decisions in all, which a correct game never reaches) is
truncated.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.error import ResetNeeded

from tabletide.agents import Agent, make_agent
from tabletide.engine import ConfigError, Game, State, list_games, load_game
from tabletide.rl.aec import SEED_BOUND
from tabletide.rl.spaces import Mask, Observation, Table, action_code, check_policy, plain
from tabletide.sim.runner import agent_seed, decision_seed


def opponent_specs(opponents: str, num_players: int | None, game: Game) -> tuple[int, list[str]]:
    """The player count and one agent spec per other seat. ``opponents`` is one spec for every
    other seat, or a comma-separated spec per other seat (which then fixes the player count).

    :raises ConfigError: an empty or unknown spec, or a count that does not fit.
    """
    specs = [s.strip() for s in opponents.split(",")] if opponents.strip() else []
    for spec in specs:
        if not spec:
            raise ConfigError(f"opponents has an empty entry: {opponents!r}")
        make_agent(spec, 0)
    if num_players is None:
        num_players = len(specs) + 1 if len(specs) > 1 else max(2, game.min_players)
    if len(specs) == 1:
        specs = specs * (num_players - 1)
    if len(specs) != num_players - 1:
        raise ConfigError(
            f"{num_players} players need {num_players - 1} opponent(s); opponents gives "
            f"{len(specs)}: {opponents!r}"
        )
    return num_players, specs


class TabletideEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a game; the other seats are played by registered bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game = "shipyard",
        num_players: int | None = None,
        *,
        opponents: str = "random",
        seat: int | None = 0,
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """
        :param game: a registered game name (or a :class:`~tabletide.Game`).
        :param num_players: the player count (default: from ``opponents``, else 2 or the
            game's minimum).
        :param opponents: an agent spec for every other seat, or one per other seat
            (``"greedy,random"``); ignored by a 1-player game.
        :param seat: the learning seat, or None for a random seat each episode.
        :param illegal: ``"lose"`` (default), ``"random"`` or ``"raise"``.
        :param render_mode: ``"ansi"`` or ``"human"``: the learning seat's view as text.
        :param options: the game's options.
        :raises ConfigError: a bad game, count, option, opponent spec or seat.
        """
        super().__init__()
        loaded = load_game(game) if isinstance(game, str) else game
        num_players, self.opponents = opponent_specs(opponents, num_players, loaded)
        self.table = Table.of(loaded, num_players, options)
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players
        ):
            raise ConfigError(f"seat must be None or in 0..{num_players - 1}; got {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be 'ansi', 'human' or None; got {render_mode!r}")
        self.fixed_seat = seat
        self.illegal = check_policy(illegal)
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space()  # type: ignore[assignment]
        self.action_space = self.table.action_space()
        self.seat = 0 if seat is None else seat
        """The learning seat of the current episode."""
        self.game_state: State | None = None
        self.episode_seed: int | None = None
        self._agents: dict[int, Agent] = {}
        self._over = True
        self._mask: Mask | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: the engine game of ``seed`` if given (else a seed drawn from the
        environment's generator), played by the bots up to the learning seat's first decision.
        ``options`` is accepted for the API and ignored: game options are fixed at creation."""
        super().reset(seed=seed)
        self.episode_seed = int(seed) if seed is not None else self._draw_seed()
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(self.table.num_players))
        others = [s for s in range(self.table.num_players) if s != self.seat]
        self._agents = {
            s: make_agent(spec, agent_seed(self.episode_seed, s))
            for s, spec in zip(others, self.opponents, strict=True)
        }
        self.game_state = self.table.new_state(self.episode_seed)
        self._over = False
        self._play_opponents(self.game_state)
        self._over = self.game_state.is_terminal() or self._past_bound(self.game_state)
        return self._observe(self.game_state), self._info(self.game_state, False)

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learning seat's action, then the bots until its next decision or the end."""
        state = self.game_state
        if state is None or self._over:
            raise ResetNeeded("the episode is over (or never started): call reset()")
        chosen, illegal = self.table.choose(
            state, action_code(action), self.illegal, self.np_random
        )
        if chosen is None:  # illegal="lose"
            self._over = True
            return self._observe(state), -1.0, True, False, self._info(state, True)
        state.apply(chosen)
        self._play_opponents(state)
        terminated = state.is_terminal()
        truncated = not terminated and self._past_bound(state)
        self._over = terminated or truncated
        reward = state.returns()[self.seat] if terminated else 0.0
        return self._observe(state), reward, terminated, truncated, self._info(state, illegal)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal codes of the learning seat now, as a bool array over the action space
        (True = legal): sb3-contrib's convention, so ``sb3_contrib.MaskablePPO`` and
        ``get_action_masks(env)`` work unchanged. It is ``info["action_mask"]`` of the last
        ``reset`` or ``step`` (all False once the game has ended).

        :raises ResetNeeded: before the first ``reset``.
        """
        if self._mask is None:
            raise ResetNeeded("call reset() before action_masks()")
        return self._mask.astype(np.bool_)

    def render(self) -> str | None:
        """The learning seat's view as plain text."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode ('ansi' or 'human')")
            return None
        if self.game_state is None:
            raise ResetNeeded("call reset() before render()")
        text = plain(self.table.game.render(self.game_state, self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(SEED_BOUND))

    def _past_bound(self, state: State) -> bool:
        return len(state.history) >= self.table.game.max_game_length

    def _play_opponents(self, state: State) -> None:
        assert self.episode_seed is not None
        while (
            not state.is_terminal()
            and state.current_player() != self.seat
            and not self._past_bound(state)
        ):
            seat = state.current_player()
            view = state.determinize(seat, decision_seed(self.episode_seed, len(state.history)))
            state.apply(self._agents[seat].act(view))

    def _observe(self, state: State) -> Observation:
        return self.table.observation(state, self.seat)

    def _info(self, state: State, illegal: bool) -> dict[str, Any]:
        self._mask = self.table.mask(state, self.seat)
        return {
            "action_mask": self._mask.copy(),
            "seat": self.seat,
            "illegal_action": illegal,
        }


def env_id(game_name: str) -> str:
    """The Gymnasium id of a game: ``tabletide/TinyEpicPirates-v0``."""
    return "tabletide/" + "".join(part.capitalize() for part in game_name.split("_")) + "-v0"


def register_envs() -> list[str]:
    """Register ``tabletide/<Game>-v0`` for every registered game (ids already there are
    kept); the ids."""
    ids = []
    for name in list_games():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(
                id=ident, entry_point="tabletide.rl.gym:TabletideEnv", kwargs={"game": name}
            )
        ids.append(ident)
    return ids
