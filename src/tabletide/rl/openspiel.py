"""OpenSpiel: every tabletide game as a Python game of ``pyspiel``.

Importing this module registers ``python_tabletide_<game>`` for every registered game::

    import pyspiel
    import tabletide.rl.openspiel

    game = pyspiel.load_game("python_tabletide_shipyard", {"players": 3, "first_game": True})

Game parameters: ``players``, the game's options (``first_game``, ``difficulty``...), and

* ``seed`` (default -1): the seed of the game's deal generator; initial state *k* of a game
  object is the engine game of the *k*-th seed it draws. -1 seeds it from the OS.
* ``fixed_seed`` (default -1): when >= 0, every initial state is the engine game of this seed.

Chance is SAMPLED_STOCHASTIC: dice and shuffles happen inside the engine, from the state's own
seeded generator, so there are no chance nodes. With ``fixed_seed`` the game object is
DETERMINISTIC (everything follows from the seed and the actions), which is what OpenSpiel's
game-and-state serialization needs: OpenSpiel 2.0.2 serializes a SAMPLED_STOCHASTIC game's
random generator through ``Game::GetRNGState``, which Python games cannot provide.

Actions are the game's codec (``game.encode_action``); observations are the seat's tensor
(``game.observation_tensor``) and the seat's text view; the information state string adds the
seat's own history (its redacted log with its own actions in place), so it has perfect recall.
The information-state tensor is the observation tensor plus how often the seat took each kind
of action (a summary, not perfect recall).
A state serializes as its replay (seed + options + actions). ``resample_from_infostate`` is
``state.determinize(seat, seed)``, so OpenSpiel's ISMCTS bot plays every game.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tabletide.agents.values import seat_values
from tabletide.engine import Action, ConfigError, Game, Rng, State, list_games, load_game
from tabletide.rl.spaces import Table, default_players, plain

PREFIX = "python_tabletide_"


def short_name(game_name: str) -> str:
    """The OpenSpiel name of a tabletide game: ``python_tabletide_shipyard``."""
    return PREFIX + game_name


def describe(action: Action) -> str:
    """An action for OpenSpiel: its label and, when that differs, its kind and parameters
    (labels need not be unique; kind and parameters are)."""
    generic = Action.of(action.kind, dict(action.params)).label
    return action.label if action.label == generic else f"{action.label} [{generic}]"


# --------------------------------------------------------------------------- the engine side
class Match:
    """The engine side of one OpenSpiel state: the engine state (created on first use, so that
    OpenSpiel's clone, which starts from a new initial state, draws no deal), the place of each
    action among the events (for information-state strings), and text caches.

    ``copy.deepcopy`` (OpenSpiel's clone) clones the engine state; pickling (OpenSpiel's
    serialization) stores the replay: game, players, options, seed and actions.
    """

    __slots__ = ("_state", "history_lines", "new_seed", "resampled", "table", "trail", "views")

    def __init__(
        self,
        table: Table,
        new_seed: Callable[[], int] | None,
        state: State | None = None,
        trail: list[tuple[int, int, str]] | None = None,
        resampled: bool = False,
    ) -> None:
        self.table = table
        self.new_seed = new_seed
        self._state = state
        self.trail: list[tuple[int, int, str]] = trail if trail is not None else []
        """Per action: the seat, the number of events before it, its description."""
        self.resampled = resampled
        """A determinized copy: its hidden facts are not those of its seed."""
        self.views: dict[Any, str] = {}
        """Text views of the current position (cleared by every action)."""
        self.history_lines: dict[int, tuple[int, int, list[str]]] = {}
        """Per seat: events and actions turned into lines so far, and the lines."""

    @property
    def state(self) -> State:
        if self._state is None:
            assert self.new_seed is not None
            self._state = self.table.new_state(self.new_seed())
        return self._state

    def apply(self, action: Action) -> None:
        state = self.state
        self.trail.append((state.current_player(), len(state.events), describe(action)))
        state.apply(action)
        self.views.clear()

    def determinized(self, seat: int, seed: int) -> Match:
        return Match(self.table, None, self.state.determinize(seat, seed), self.trail[:], True)

    # ------------------------------------------------------------------ text
    def view(self, seat: int) -> str:
        """What ``seat`` sees as text, as a person at the terminal does: the game's ``render``
        (plain), the pending decision and, on its turn, its actions."""
        if seat not in self.views:
            state = self.state
            lines = [plain(self.table.game.render(state, seat))]
            prompt = state.prompt()
            if prompt is not None:
                lines.append(f"Decision: {prompt['text']}")
            if state.current_player() == seat:
                lines += [f"  {describe(a)}" for a in state.legal_actions()]
            self.views[seat] = "\n".join(lines)
        return self.views[seat]

    def digest(self, seat: int | None) -> str:
        """``seat``'s observation (None: the spectator's) as compact JSON, without the recent
        log (the history has it). On its turn that includes its legal actions, which can show
        what it has just drawn."""
        key = ("digest", seat)
        if key not in self.views:
            view = self.state.observation(seat)
            view.pop("log", None)
            self.views[key] = json.dumps(view, sort_keys=True, separators=(",", ":"))
        return self.views[key]

    def history(self, seat: int) -> list[str]:
        """``seat``'s history: its redacted log, with its own actions where it took them."""
        state = self.state
        events_done, actions_done, lines = self.history_lines.get(seat, (0, 0, []))
        events = state.events_for(seat) if events_done < len(state.events) else []
        event_text = self.table.game.event_text
        for actor, before, label in self.trail[actions_done:]:
            for event in events[events_done:before]:
                lines.append(event_text(event))
            events_done = max(events_done, before)
            if actor == seat:
                lines.append(f"> you: {label}")
        for event in events[events_done:]:
            lines.append(event_text(event))
        self.history_lines[seat] = (len(state.events), len(self.trail), lines)
        return lines

    def information_state(self, seat: int) -> str:
        """What ``seat`` knows: its observation now, then everything it saw happen."""
        return "\n".join([self.digest(seat), *self.history(seat)])

    # ------------------------------------------------------------------ copies
    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        twin = Match(self.table, None, self.state.clone(), self.trail[:], self.resampled)
        twin.views = dict(self.views)
        twin.history_lines = {
            s: (e, a, lines[:]) for s, (e, a, lines) in self.history_lines.items()
        }
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        state = self.state
        if self.resampled:  # not the game of its seed: keep the engine state itself
            return (_resampled_match, (self.table.game.name, state, self.trail))
        actions = [a.to_json() for a in state.history]
        game = self.table.game
        return (
            _replayed_match,
            (game.name, state.num_players, dict(state.options), state.seed, actions),
        )


def _replayed_match(
    name: str, num_players: int, options: dict[str, Any], seed: int, actions: list[dict[str, Any]]
) -> Match:
    """A match rebuilt from its replay (unpickling)."""
    game = load_game(name)
    match = Match(
        Table.of(game, num_players, options), None, game.new_state(num_players, seed, options)
    )
    for data in actions:
        wanted = game.action_from_json(data)
        legal = match.state.legal_actions()
        match.apply(legal[legal.index(wanted)])
    return match


def _resampled_match(name: str, state: State, trail: list[tuple[int, int, str]]) -> Match:
    table = Table.of(load_game(name), state.num_players, state.options)
    return Match(table, None, state, trail, True)


# --------------------------------------------------------------------------- OpenSpiel game
def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": default_players(game), "seed": -1, "fixed_seed": -1}
    for option in game.options:
        if option.name in params:
            raise ConfigError(f"{game.name}: option {option.name!r} clashes with a parameter")
        params[option.name] = option.default
    return params


def _game_type(game: Game, chance: Any, utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"tabletide {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class TabletideGame(pyspiel.Game):  # type: ignore[misc]
    """A tabletide game as an OpenSpiel game (one player count and set of options). Each game
    is registered as a subclass naming it (:func:`register`)."""

    game_name: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = load_game(self.game_name)
        given = {**_parameters(game), **dict(params or {})}
        rest = dict(given)
        players, seed, fixed = rest.pop("players"), rest.pop("seed"), rest.pop("fixed_seed")
        # OpenSpiel hands every parameter over, defaults included; an option left at its
        # default is the game's to fill (1 player of a game with a solo opponent is solo).
        defaults = {o.name: o.default for o in game.options}
        rest = {k: v for k, v in rest.items() if k not in defaults or v != defaults[k]}
        for key, value in (("seed", seed), ("fixed_seed", fixed)):
            if isinstance(value, bool) or not isinstance(value, int) or value < -1:
                raise ConfigError(f"{key} must be -1 or a non-negative integer; got {value!r}")
        self.table = Table.of(game, players, rest)
        n = self.table.num_players
        self.fixed_seed: int | None = fixed if fixed >= 0 else None
        self._seeds = Rng(seed if seed >= 0 else secrets.randbits(63))
        chance = (
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if self.fixed_seed is not None
            else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        )
        zero_sum = n >= 2  # rank utilities sum to 0; a solo game is won (+1) or lost (-1)
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=game.max_game_length,
        )
        super().__init__(_game_type(game, chance, utility), info, given)

    def next_seed(self) -> int:
        """The engine seed of the next new initial state."""
        return self.fixed_seed if self.fixed_seed is not None else self._seeds.next_u64()

    def new_initial_state(self) -> TabletideState:
        return TabletideState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Observer:
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel passes the params alone sometimes
            iig_obs_type, params = None, iig_obs_type
        return Observer(self.table, iig_obs_type, params)


class TabletideState(pyspiel.State):  # type: ignore[misc]
    """A position of a tabletide game inside OpenSpiel."""

    def __init__(self, game: TabletideGame) -> None:
        super().__init__(game)
        self._match = Match(game.table, game.next_seed)

    @property
    def engine(self) -> State:
        """The tabletide state (a copy is ``engine.clone()``; do not apply actions to it)."""
        return self._match.state

    @property
    def match(self) -> Match:
        return self._match

    def current_player(self) -> int:
        state = self._match.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._match.table.legal_codes(self._match.state)

    def _apply_action(self, action: int) -> None:
        state = self._match.state
        self._match.apply(self._match.table.game.decode_action(state, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's label (when it is legal now) and its kind and parameters."""
        decoded = self._match.table.game.codec.decode(int(action))
        state = self._match.state
        if not state.is_terminal() and player == state.current_player():
            legal = state.legal_actions()
            if decoded in legal:
                return describe(legal[legal.index(decoded)])
        return describe(decoded)

    def is_terminal(self) -> bool:
        return self._match.state.is_terminal()

    def returns(self) -> list[float]:
        return self._match.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletideState:
        """A copy in which everything hidden from ``player_id`` is resampled
        (``state.determinize``), seeded from ``probability_sampler()``, a number in [0, 1)."""
        if callable(probability_sampler):
            seed = int(float(probability_sampler()) * 2.0**53)
        else:
            seed = secrets.randbits(53)
        twin: TabletideState = self.clone()
        twin._match = self._match.determinized(int(player_id), seed)
        return twin

    def __str__(self) -> str:
        state = self._match.state
        return f"seed {state.seed}, {len(state.history)} actions: {self._match.digest(None)}"


class Observer:
    """OpenSpiel's Python observer: the tensor (one named view per tensor segment) and the
    text view. With ``perfect_recall``: the information-state string (perfect recall) and the
    information-state tensor, which is the observation tensor followed by a summary of the
    seat's own history: for each kind of action of the codec, ``1 - 0.9 ** k`` where ``k`` is how
    often the seat took it (0 never, about 0.65 after 10 times). The tensor summary is not
    perfect recall; the string is."""

    def __init__(self, table: Table, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        self.table = table
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "tabletide observations are one seat's view: public_info=True and "
                "private_info=SINGLE_PLAYER"
            )
        game = table.game
        self.kinds = {kind: i for i, kind in enumerate(game.codec.kinds())}
        size = table.tensor_size + (len(self.kinds) if self.perfect_recall else 0)
        self.tensor: np.ndarray = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        layout = game.tensor_layout(table.num_players, table.options)
        names = [s.name for s in layout]
        if len(set(names)) == len(names) and "own_history" not in names:
            self.dict = {s.name: self.tensor[s.start : s.start + s.size] for s in layout}
        else:
            self.dict = {"observation": self.tensor[: table.tensor_size]}
        if self.perfect_recall:
            self.dict["own_history"] = self.tensor[table.tensor_size :]

    def set_from(self, state: TabletideState, player: int) -> None:
        engine = state.engine
        n = self.table.tensor_size
        self.tensor[:n] = self.table.game.observation_tensor(engine, player)
        if self.perfect_recall:
            counts = self.tensor[n:]
            counts[:] = 0.0
            kinds = self.kinds
            for (actor, _, _), action in zip(state.match.trail, engine.history, strict=True):
                if actor == player:
                    counts[kinds[action.kind]] += 1.0
            np.subtract(1.0, np.power(0.9, counts), out=counts)

    def string_from(self, state: TabletideState, player: int) -> str:
        if self.perfect_recall:
            return state.match.information_state(player)
        return state.match.view(player)


# --------------------------------------------------------------------------- search
class Evaluator(mcts.Evaluator):  # type: ignore[misc]
    """Leaf values for OpenSpiel's MCTS and ISMCTS bots from the game's own evaluation (the one
    tabletide's bots use): the returns at the end, otherwise ``2v - 1`` where ``v`` is the
    logistic of the seat's lead over its best opponent (``tabletide.agents.values``). No
    rollouts, so it is fast on long games; the prior is uniform."""

    def evaluate(self, state: TabletideState) -> np.ndarray:
        return np.array([2.0 * v - 1.0 for v in seat_values(state.engine)])

    def prior(self, state: TabletideState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


# --------------------------------------------------------------------------- registration
_REGISTERED: set[str] = set()


def register(name: str) -> str:
    """Register the tabletide game ``name`` with ``pyspiel`` (once); its OpenSpiel name.

    :raises ConfigError: no such game.
    """
    game = load_game(name)
    spiel_name = short_name(game.name)
    if spiel_name in _REGISTERED or spiel_name in pyspiel.registered_names():
        _REGISTERED.add(spiel_name)
        return spiel_name
    game_type = _game_type(
        game,
        pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        pyspiel.GameType.Utility.ZERO_SUM,
    )
    # A class, as OpenSpiel's own Python games register: pyspiel keeps the creator until after
    # the interpreter is gone, and dropping the last reference to a function then aborts.
    creator = type(f"TabletideGame_{game.name}", (TabletideGame,), {"game_name": game.name})
    pyspiel.register_game(game_type, creator)
    _REGISTERED.add(spiel_name)
    return spiel_name


def register_all() -> list[str]:
    """Register every registered tabletide game; their OpenSpiel names."""
    return [register(name) for name in list_games()]


register_all()
