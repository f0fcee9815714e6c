"""PettingZoo: every tabletide game as an AEC environment (agents act one at a time).

>>> from tabletide.rl import env
>>> table = env("shipyard", num_players=3, first_game=True)  # doctest: +SKIP
>>> table.reset(seed=7)  # doctest: +SKIP

The agents are ``player_0`` ... ``player_{n-1}`` (seat order). The selected agent is always the
seat that must decide (games have out-of-turn decisions, so the order is not a fixed cycle).
Observations are ``{"observation": float32 tensor, "action_mask": int8 mask}``; the reward is
the seat's return (rank utility in [-1, 1]) when the game ends, 0 before.

``max_cycles`` caps how often each agent acts (PettingZoo's "every agent acts once a cycle"):
an agent that has made ``max_cycles`` decisions is truncated, and its later decisions, while
other agents still have some left, are made by a random stand-in. :func:`parallel_env` is
PettingZoo's turn-based parallel view, in which every agent acts at every step (only the
deciding seat's action counts), so there ``max_cycles`` caps the steps.

An episode that passes its length bound is truncated for every agent: ``max_steps`` decisions of
the agents if given, and in any case ``game.max_game_length`` decisions in all (the game's own
bound, which a correct game never reaches).

``state()`` and ``state_space`` are the full state for centralised training (MAPPO critics):
every seat's observation tensor, seat 0's first. Privileged: never give it to a policy that acts.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import logger, spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from tabletide.engine import ConfigError, Game, State
from tabletide.rl.spaces import Table, action_code, check_policy, plain

SEED_BOUND = 2**63 - 1
"""Episode seeds drawn by an environment are below this (engine seeds are any int)."""

AgentId = str


def agent_name(seat: int) -> AgentId:
    return f"player_{seat}"


def check_limit(name: str, value: int | None) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ConfigError(f"{name} must be a positive integer or None; got {value!r}")
    return value


class OrderedAEC(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's :class:`OrderEnforcingWrapper` (the same checks, the same errors), with the
    attributes a training loop reads at every turn forwarded directly.

    The base wrapper finds ``agent_selection``, ``terminations`` and the rest through
    ``__getattr__``, after Python's normal lookup has failed, on every read: about a dozen reads
    a turn in PettingZoo's own benchmark loop, as much time as our whole ``step``'s bookkeeping.
    Here they are properties (still refused before ``reset()``), and :meth:`last` asks the
    environment directly.
    """

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # raises
        return self.env.last(observe)  # type: ignore[no-any-return]


def _forwarded(name: str) -> property:
    def read(self: OrderedAEC) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(read, doc=f"The environment's ``{name}`` (after ``reset()``).")


for _name in ("agent_selection", "agents", "terminations", "truncations", "rewards", "infos"):
    setattr(OrderedAEC, _name, _forwarded(_name))


class TabletideAEC(AECEnv):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment. Use :func:`env` to build one."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention; copied per instance)
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        num_players: int | None = None,
        *,
        render_mode: str | None = None,
        illegal: str = "lose",
        max_cycles: int | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        """
        :param game: a registered game name (or a :class:`~tabletide.Game`).
        :param num_players: the player count (default: 2, or the game's minimum).
        :param render_mode: ``"ansi"`` (``render()`` returns the text) or ``"human"`` (prints
            it); the text is the spectator's view.
        :param illegal: what an illegal action does: ``"lose"``, ``"random"`` or ``"raise"``
            (:data:`~tabletide.rl.spaces.IllegalPolicy`).
        :param max_cycles: truncate each agent after this many of its decisions (see above).
        :param max_steps: truncate the episode after this many decisions of the agents (it is
            truncated after ``game.max_game_length`` decisions in all anyway).
        :param options: the game's options (``first_game=True``).
        :raises ConfigError: a bad game, player count, option or argument.
        """
        super().__init__()
        self.table = Table.of(game, num_players, options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be 'ansi', 'human' or None; got {render_mode!r}")
        self.render_mode = render_mode
        self.illegal = check_policy(illegal)
        self.max_cycles = check_limit("max_cycles", max_cycles)
        self.max_steps = check_limit("max_steps", max_steps)
        self.metadata = {**self.metadata, "name": f"tabletide_{self.table.game.name}_v0"}
        self.possible_agents: list[AgentId] = [agent_name(s) for s in range(self.table.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = spaces.Dict(
            {
                "observation": self.table.observation_space(),
                "action_mask": self.table.mask_space(),
            }
        )
        self._action_space = self.table.action_space()
        self.state_space: spaces.Box = self.table.state_space()
        """The space of :meth:`state` (``num_players * tensor_size`` float32 values)."""
        self._np_random: np.random.Generator | None = None
        self.game_state: State | None = None
        """The engine state of the episode (after :meth:`reset`)."""
        self.episode_seed: int | None = None
        """The engine seed of the episode: ``Replay`` of it with the history reproduces it."""
        self.agents: list[AgentId] = []
        self._decisions: list[int] = []
        self._steps = 0

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: AgentId) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: AgentId) -> spaces.Discrete:
        return self._action_space

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. With ``seed``, the engine game of that seed (the same deal as
        ``game.new_state(n, seed)``); without, a seed drawn from the environment's generator
        (seeded by the last seeded reset). ``options`` is accepted for the API and ignored:
        game options are fixed when the environment is made."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            self.episode_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(None)
            self.episode_seed = int(self._np_random.integers(SEED_BOUND))
        self.game_state = self.table.new_state(self.episode_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[AgentId, dict[str, Any]] = {a: {} for a in self.agents}
        self._decisions = [0] * self.table.num_players
        self._steps = 0
        self._skip_agent_selection = None
        self.agent_selection = agent_name(self.game_state.current_player())

    def observe(self, agent: AgentId) -> dict[str, np.ndarray]:
        state = self._require_state()
        seat = self._seats[agent]
        return {
            "observation": self.table.observation(state, seat),
            "action_mask": self.table.mask(state, seat),
        }

    def state(self) -> np.ndarray:
        """The full state as numbers, for centralised training (a MAPPO critic): every seat's
        observation tensor, seat 0's first (:meth:`~tabletide.rl.spaces.Table.state_tensor`).
        Privileged: it holds every seat's secrets, so it is for critics, never for a policy
        that acts."""
        return self.table.state_tensor(self._require_state())

    def step(self, action: Any) -> None:
        state = self._require_state()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            self._select_next()
            return
        seat = self._seats[agent]
        chosen, illegal = self.table.choose(state, action_code(action), self.illegal, self._rng())
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {"illegal_action": True} if illegal else {}
        if chosen is None:  # illegal="lose": the game stops here
            for a in self.agents:
                self.terminations[a] = True
            self.rewards[agent] = -1.0
        else:
            state.apply(chosen)
            self._decisions[seat] += 1
            self._steps += 1
            if self.max_cycles is not None:  # only then can an agent be out while others play
                if self._decisions[seat] >= self.max_cycles:
                    self.truncations[agent] = True
                self._play_stand_ins(state)
            if state.is_terminal():
                returns = state.returns()
                for a in self.agents:
                    self.terminations[a] = True
                    self.rewards[a] = returns[self._seats[a]]
            elif self._past_bound(state):
                for a in self.agents:
                    self.truncations[a] = True
        self._accumulate_rewards()
        self._select_next()

    def _live(self, agent: AgentId) -> bool:
        return agent in self.terminations and not (
            self.terminations[agent] or self.truncations[agent]
        )

    def _past_bound(self, state: State) -> bool:
        """The episode has reached ``max_steps`` or the game's ``max_game_length``."""
        if self.max_steps is not None and self._steps >= self.max_steps:
            return True
        return len(state.history) >= self.table.game.max_game_length

    def _play_stand_ins(self, state: State) -> None:
        """Decisions of truncated agents, while others can still act, are random."""
        while not state.is_terminal() and not self._live(agent_name(state.current_player())):
            if not any(self._live(a) for a in self.agents) or self._past_bound(state):
                return
            legal = state.search_legal()
            state.apply(legal[int(self._rng().integers(len(legal)))])

    def _select_next(self) -> None:
        """Agents that are done take their last (``None``) step first; then the deciding seat."""
        if not self.agents:
            return
        terminations, truncations = self.terminations, self.truncations
        if any(terminations.values()) or any(truncations.values()):
            done = [a for a in self.agents if terminations[a] or truncations[a]]
            if done:
                self.agent_selection = done[0]
                return
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._require_state().current_player()]

    # ------------------------------------------------------------------ the rest
    def render(self) -> str | None:
        """The spectator's view as plain text (``"ansi"`` returns it, ``"human"`` prints it)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode ('ansi' or 'human')")
            return None
        text = plain(self.table.game.render(self._require_state(), None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def _rng(self) -> np.random.Generator:
        assert self._np_random is not None
        return self._np_random

    def _require_state(self) -> State:
        if self.game_state is None:
            raise ConfigError("call reset() before using the environment")
        return self.game_state

    def __str__(self) -> str:
        return str(self.metadata["name"])


def env(game: str | Game, num_players: int | None = None, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of ``game``, wrapped to enforce the call order
    (:class:`OrderedAEC`, PettingZoo's ``OrderEnforcingWrapper``).

    Keyword arguments are :class:`TabletideAEC`'s (``render_mode``, ``illegal``,
    ``max_cycles``, ``max_steps``) and the game's options.
    """
    return OrderedAEC(TabletideAEC(game, num_players, **kwargs))


def parallel_env(
    game: str | Game,
    num_players: int | None = None,
    *,
    max_cycles: int | None = None,
    **kwargs: Any,
) -> ParallelEnv:
    """PettingZoo's turn-based parallel view of ``game``: every agent submits an action at every
    step and only the deciding seat's counts; ``max_cycles`` caps the steps."""
    return turn_based_aec_to_parallel(
        TabletideAEC(game, num_players, max_steps=max_cycles, **kwargs)
    )
