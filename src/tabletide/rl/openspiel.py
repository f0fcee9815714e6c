"""OpenSpiel: every tabletide game as a Python game of ``pyspiel``.

Importing this module registers ``python_tabletide_<game>`` for every registered game::

    import pyspiel
    import tabletide.rl.openspiel

    game = pyspiel.load_game("python_tabletide_shipyard", {"players": 3, "first_game": True})

Game parameters: ``players``, the game's options (``first_game``, ``difficulty``...), and

* ``seed`` (default -1, the same as 0): deal *k* is the engine game of seed
  ``seed * DEALS + k``.
* ``fixed_seed`` (default -1): when >= 0, every initial state is the engine game of this seed,
  with no deal.

Chance is EXPLICIT_STOCHASTIC with a single chance node, the deal: a new initial state chooses
among :data:`DEALS` equally likely engine seeds. Dice and shuffles after it come from that
game's own seeded generator, so once dealt a game follows from its actions. Not
SAMPLED_STOCHASTIC because OpenSpiel 2.0.2 serializes such a game's generator through
``Game::GetRNGState``, which ``pyspiel``'s Python games cannot provide, so
``random_sim_test(serialize=True)`` failed with default parameters. With ``fixed_seed`` the game
object is DETERMINISTIC.

Actions are the game's codec (``game.encode_action``); observations are the seat's tensor
(``game.observation_tensor``) and the seat's text view. The information-state string is a short
exact key (:meth:`Match.information_key`: a digest of what the seat sees and of its whole
history, so it has perfect recall); the readable form is :meth:`Match.information_text`.
The information-state tensor is the observation tensor plus how often the seat took each kind
of action (a summary, not perfect recall).
A state serializes as its replay (seed + options + actions). ``resample_from_infostate`` is
``state.determinize(seat, seed)``, so OpenSpiel's ISMCTS bot plays every game;
:class:`ISMCTSBot` is that bot with ``restart_at`` for ``evaluate_bots``.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tabletide.agents.values import seat_values
from tabletide.engine import (
    Action,
    ConfigError,
    Game,
    IllegalActionError,
    State,
    list_games,
    load_game,
)
from tabletide.engine.state import event_for
from tabletide.rl.spaces import Table, as_array, default_players, plain

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
DEALS = 1 << 16
"""Outcomes of the opening chance node: deal ``k`` is the engine game of seed ``k`` (or
``seed * DEALS + k`` with the ``seed`` parameter)."""


def _hasher(data: bytes = b"") -> Any:
    """A running hash for information keys (SHA-256: the fastest of ``hashlib`` here)."""
    return hashlib.sha256(data)


class Match:
    """The engine side of one OpenSpiel state: the engine state (created on first use from its
    seed, so that OpenSpiel's clone, which starts from a new initial state, deals nothing; no
    seed and no state is the opening chance node, before the deal), the place of each action
    among the events (for information states), and caches.

    ``copy.deepcopy`` (OpenSpiel's clone) clones the engine state; pickling (OpenSpiel's
    serialization) stores the replay: game, players, options, seed and actions.
    """

    __slots__ = (
        "_state",
        "history_lines",
        "own",
        "public",
        "resampled",
        "secrets",
        "seed",
        "table",
        "trail",
        "views",
    )

    def __init__(
        self,
        table: Table,
        seed: int | None,
        state: State | None = None,
        trail: list[tuple[int, int, str]] | None = None,
        resampled: bool = False,
    ) -> None:
        self.table = table
        self.seed = seed
        """The engine seed of the game (None: not dealt yet, unless ``state`` is given)."""
        self._state = state
        self.trail: list[tuple[int, int, str]] = trail if trail is not None else []
        """Per action: the seat, the number of events before it, its description."""
        self.resampled = resampled
        """A determinized copy: its hidden facts are not those of its seed."""
        self.views: dict[Any, Any] = {}
        """Text views and keys of the current position (cleared by every action)."""
        self.history_lines: dict[int, tuple[int, int, list[str]]] = {}
        """Per seat: events and actions turned into lines so far, and the lines."""
        self.public: tuple[int, Any] = (0, _hasher())
        """The events hashed so far with every ``secret`` removed, and the running hash."""
        self.secrets: list[tuple[int | None, int]] = []
        """(seat, event index) of every event with a secret, in order."""
        self.own: dict[int, tuple[int, int, Any, Any]] = {}
        """Per seat: secrets and actions hashed so far, and the running hashes (:meth:`_own`)."""

    @property
    def dealt(self) -> bool:
        return self._state is not None or self.seed is not None

    @property
    def state(self) -> State:
        if self._state is None:
            if self.seed is None:
                raise ValueError("the deal has not happened yet (the opening chance node)")
            self._state = self.table.new_state(self.seed)
        return self._state

    def deal(self, seed: int) -> None:
        """The opening chance outcome: the engine game of ``seed``."""
        self.seed = seed
        self.views.clear()

    def apply(self, action: Action) -> None:
        """Apply ``action``, one of :meth:`legal` (so the engine need not check it again)."""
        state = self.state
        self.trail.append((state.current_player(), len(state.events), describe(action)))
        state.apply_unchecked(action)
        self.views.clear()

    def decode(self, code: int) -> Action:
        """The legal action with integer ``code``.

        :raises IllegalActionError: no legal action has this code."""
        action = self.table.game.action_of_code(self.state, code)
        legal = self.legal()
        if action in legal:
            return legal[legal.index(action)]
        raise IllegalActionError(f"action code {code} ({action.to_json()}) is not legal now")

    def determinized(self, seat: int, seed: int) -> Match:
        """A copy with everything hidden from ``seat`` resampled. What every seat sees of the
        events (their public part, where the secrets are) is the same in the copy, so the
        running public hash carries over."""
        twin = Match(self.table, None, self.state.determinize(seat, seed), self.trail[:], True)
        twin.public = (self.public[0], self.public[1].copy())
        twin.secrets = self.secrets[:]
        # Every seat's own actions are the same; only ``seat``'s secrets and key carry over.
        for s, (secrets_done, actions_done, own_secrets, own_actions) in self.own.items():
            twin.own[s] = (
                secrets_done if s == seat else 0,
                actions_done,
                own_secrets if s == seat else _hasher(),
                own_actions,
            )
        key = self.views.get(("key", seat))
        if key is not None:
            twin.views[("key", seat)] = key
        return twin

    # ------------------------------------------------------------------ text
    def view(self, seat: int) -> str:
        """What ``seat`` sees as text, as a person at the terminal does: the game's ``render``
        (plain), the pending decision and, on its turn, its actions."""
        if not self.dealt:
            return "Before the deal."
        if seat not in self.views:
            state = self.state
            lines = [plain(self.table.game.render(state, seat))]
            prompt = state.prompt()
            if prompt is not None:
                lines.append(f"Decision: {prompt['text']}")
            if state.current_player() == seat:
                lines += [f"  {describe(a)}" for a in self.legal()]
            self.views[seat] = "\n".join(lines)
        return str(self.views[seat])

    def digest(self, seat: int | None) -> str:
        """``seat``'s observation (None: the spectator's) as compact JSON, without the recent
        log (the history has it). On its turn that includes its legal actions, which can show
        what it has just drawn."""
        key = ("digest", seat)
        if key not in self.views:
            view = self.state.observation(seat)
            view.pop("log", None)
            self.views[key] = json.dumps(view, sort_keys=True, separators=(",", ":"))
        return str(self.views[key])

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

    def information_text(self, seat: int) -> str:
        """What ``seat`` knows, for people: its observation now, then everything it saw
        happen (its redacted log with its own actions). Long: it grows with the game."""
        if not self.dealt:
            return "Before the deal."
        return "\n".join([self.digest(seat), *self.history(seat)])

    # ------------------------------------------------------------------ the compact key
    def _public_hash(self) -> Any:
        """The running hash of the events with their secrets removed (what every seat sees),
        extended to the current events; it also records where the secrets are."""
        events = self.state.events
        done, running = self.public
        if done < len(events):
            running = running.copy()
            for i in range(done, len(events)):
                event = events[i]
                if "secret" in event:
                    self.secrets.append((event.get("seat"), i))
                running.update(repr(event_for(event, None)).encode())
                running.update(b"\x1e")
            self.public = (len(events), running)
        return running

    def legal(self) -> list[Action]:
        """The legal actions now, built once per position: the list the engine built when it
        stopped here (``search_legal``; a clone or a resampled copy builds its own)."""
        actions = self.views.get("actions")
        if actions is None:
            actions = self.views["actions"] = self.state.search_legal()
        return list(actions)

    def legal_codes(self) -> list[int]:
        """The codes of the legal actions now, ascending (once per position)."""
        codes = self.views.get("legal")
        if codes is None:
            state, encode = self.state, self.table.game.encode_action
            codes = self.views["legal"] = sorted(encode(state, a) for a in self.legal())
        return list(codes)

    def _own(self, seat: int) -> tuple[Any, Any]:
        """The running hashes of ``seat``'s own secrets (with their event indices) and of its
        own actions (with the number of events before each), extended to now."""
        secrets_done, actions_done, own_secrets, own_actions = self.own.get(
            seat, (0, 0, _hasher(), _hasher())
        )
        events = self.state.events
        if secrets_done < len(self.secrets):
            own_secrets = own_secrets.copy()
            for s, i in self.secrets[secrets_done:]:
                if s == seat:
                    own_secrets.update(repr((i, events[i]["secret"])).encode() + b"\x1e")
        if actions_done < len(self.trail):
            own_actions = own_actions.copy()
            for actor, before, label in self.trail[actions_done:]:
                if actor == seat:
                    own_actions.update(repr((before, label)).encode() + b"\x1e")
        self.own[seat] = (len(self.secrets), len(self.trail), own_secrets, own_actions)
        return own_secrets, own_actions

    def information_key(self, seat: int) -> str:
        """``seat``'s information state as a short exact key: ``p<seat>`` and 128 bits of a
        SHA-256 digest of what it sees now (its observation tensor as float32, the pending
        decision and, on its turn, the codes of its legal actions) and of its whole history:
        the events with their secrets removed (the same for every seat), its own secrets and
        its own actions, each with its place among the events. Positions the seat cannot tell
        apart give the same key; positions it can tell apart give different keys (up to a hash
        collision, about 2**-64 for 2**32 keys). The tests check both against
        :meth:`information_text` on random games."""
        if not self.dealt:
            return f"p{seat} before the deal"
        key = ("key", seat)
        found = self.views.get(key)
        if found is not None:
            return str(found)
        public = self._public_hash()
        own_secrets, own_actions = self._own(seat)
        state = self.state
        current = state.current_player()
        digest = public.copy()
        digest.update(own_secrets.digest())
        digest.update(own_actions.digest())
        digest.update(self.table.game.observation_values(state, seat).tobytes())
        seen = (current, state.is_terminal(), state.prompt(), state.decision())
        digest.update(repr(seen).encode())
        if current == seat:
            digest.update(repr(self.legal_codes()).encode())
        found = self.views[key] = f"p{seat} {digest.hexdigest()[:32]}"
        return found

    # ------------------------------------------------------------------ copies
    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        state = self._state.clone() if self._state is not None else None
        twin = Match(self.table, self.seed, state, self.trail[:], self.resampled)
        twin.views = dict(self.views)
        twin.history_lines = {
            s: (e, a, lines[:]) for s, (e, a, lines) in self.history_lines.items()
        }
        twin.public = (self.public[0], self.public[1].copy())
        twin.secrets = self.secrets[:]
        twin.own = dict(self.own)
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.table.game
        if not self.dealt:
            return (_undealt_match, (game.name, self.table.num_players, dict(self.table.options)))
        state = self.state
        if self.resampled:  # not the game of its seed: keep the engine state itself
            return (_resampled_match, (game.name, state, self.trail))
        actions = [a.to_json() for a in state.history]
        return (
            _replayed_match,
            (game.name, state.num_players, dict(state.options), state.seed, actions),
        )


def _undealt_match(name: str, num_players: int, options: dict[str, Any]) -> Match:
    """A match before the deal (unpickling)."""
    return Match(Table.of(load_game(name), num_players, options), None)


def _replayed_match(
    name: str, num_players: int, options: dict[str, Any], seed: int, actions: list[dict[str, Any]]
) -> Match:
    """A match rebuilt from its replay (unpickling)."""
    game = load_game(name)
    match = Match(
        Table.of(game, num_players, options), seed, game.new_state(num_players, seed, options)
    )
    for data in actions:
        wanted = game.action_from_json(data)
        legal = match.state.legal_actions()
        match.apply(legal[legal.index(wanted)])
    return match


def _resampled_match(name: str, state: State, trail: list[tuple[int, int, str]]) -> Match:
    table = Table.of(load_game(name), state.num_players, state.options)
    return Match(table, state.seed, state, trail, True)


# --------------------------------------------------------------------------- OpenSpiel game
_DEAL_OUTCOMES = [(k, 1.0 / DEALS) for k in range(DEALS)]


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
        self.first_deal = max(seed, 0) * DEALS
        """The engine seed of deal 0 (the opening chance outcome ``k`` is ``first_deal + k``)."""
        chance = (
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if self.fixed_seed is not None
            else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        )
        zero_sum = n >= 2  # rank utilities sum to 0; a solo game is won (+1) or lost (-1)
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=0 if self.fixed_seed is not None else DEALS,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=game.max_game_length,
        )
        super().__init__(_game_type(game, chance, utility), info, given)

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
        self._match = Match(game.table, game.fixed_seed)
        self._first_deal = game.first_deal

    @property
    def engine(self) -> State:
        """The tabletide state (a copy is ``engine.clone()``; do not apply actions to it).

        :raises ValueError: before the deal (the opening chance node)."""
        return self._match.state

    @property
    def match(self) -> Match:
        return self._match

    def current_player(self) -> int:
        if not self._match.dealt:
            return int(pyspiel.PlayerId.CHANCE)
        state = self._match.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal: :data:`DEALS` equally likely engine seeds."""
        return _DEAL_OUTCOMES if not self._match.dealt else []

    def _legal_actions(self, player: int) -> list[int]:
        return self._match.legal_codes()

    def _apply_action(self, action: int) -> None:
        if not self._match.dealt:
            if not 0 <= int(action) < DEALS:
                raise IllegalActionError(f"deal {action} is not in 0..{DEALS - 1}")
            self._match.deal(self._first_deal + int(action))
            return
        self._match.apply(self._match.decode(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's label (when it is legal now) and its kind and parameters."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {action} (engine seed {self._first_deal + int(action)})"
        state = self._match.state
        decoded = self._match.table.game.action_of_code(state, int(action))
        if not state.is_terminal() and player == state.current_player():
            legal = self._match.legal()
            if decoded in legal:
                return describe(legal[legal.index(decoded)])
        return describe(decoded)

    def is_terminal(self) -> bool:
        return self._match.dealt and self._match.state.is_terminal()

    def returns(self) -> list[float]:
        if not self._match.dealt:
            return [0.0] * self._match.table.num_players
        return self._match.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletideState:
        """A copy in which everything hidden from ``player_id`` is resampled
        (``state.determinize``), seeded from ``probability_sampler()``, a number in [0, 1)."""
        if callable(probability_sampler):
            seed = int(float(probability_sampler()) * 2.0**53)
        else:
            seed = secrets.randbits(53)
        match = self._match
        resampled = match.determinized(int(player_id), seed)
        # OpenSpiel's clone deep-copies the match; swap in an empty one so that the engine
        # state is copied once (by ``determinize``), not twice.
        self._match = Match(match.table, None)
        try:
            twin: TabletideState = self.clone()
        finally:
            self._match = match
        twin._match = resampled
        return twin

    def __str__(self) -> str:
        if not self._match.dealt:
            return "before the deal"
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
        if not state.match.dealt:
            self.tensor[:] = 0.0
            return
        engine = state.engine
        n = self.table.tensor_size
        self.tensor[:n] = as_array(self.table.game.observation_values(engine, player))
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
            return state.match.information_key(player)
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


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS bot, ready for ``evaluate_bots``: OpenSpiel 2.0.2's
    ``ISMCTSBot`` does not implement ``restart_at``, which ``evaluate_bots`` calls first (the
    ``pyspiel.Bot`` default raises "RestartAt(state) not implemented"), and no game can supply
    it. The bot keeps nothing between decisions (every ``step`` searches afresh), so restarting
    and being told of actions do nothing. Worlds are sampled with ``resample_from_infostate``
    from the bot's own seeded generator, so a seeded bot repeats itself; leaf values are
    :class:`Evaluator`'s unless ``evaluator`` is given."""

    def __init__(
        self,
        game: Any,
        simulations: int,
        *,
        seed: int = 0,
        uct_c: float = 1.0,
        evaluator: Any = None,
        **options: Any,
    ) -> None:
        rng = np.random.RandomState(seed)
        super().__init__(
            game, evaluator or Evaluator(), uct_c, simulations, random_state=rng, **options
        )
        self.set_resampler(lambda state, seat: state.resample_from_infostate(seat, rng.uniform))

    def restart_at(self, state: Any) -> None:
        """Nothing to do: the bot keeps no state between decisions."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the bot keeps no state between decisions."""


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
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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
