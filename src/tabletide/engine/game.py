"""The game protocol: static facts, option checking, state creation, the action codec.

Each game module defines one :class:`Game` subclass and a module-level instance ``GAME`` that is
registered under the entry-point group ``tabletide.games``.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, cast

from tabletide.engine.actions import Action
from tabletide.engine.codec import ActionCodec
from tabletide.engine.errors import ConfigError, IllegalActionError
from tabletide.engine.state import Event, State
from tabletide.engine.tensor import Segment, TensorWriter, Values


@dataclass(frozen=True)
class OptionSpec:
    """A game option: a name, a default, the allowed values, and a line of help."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""

    def check(self, value: Any) -> Any:
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return value
        allowed = ", ".join(repr(c) for c in self.choices)
        raise ConfigError(f"option {self.name!r} must be one of {allowed}; got {value!r}")


@dataclass(frozen=True)
class BotSettings:
    """How the search bots treat a game (each game tunes its own; see ``docs/agents.md``)."""

    scale: float = 10.0
    """Evaluation points that make a clear lead: search turns a gap ``g`` between a seat and its
    best opponent into the value ``1 / (1 + exp(-g / scale))``."""
    exploration: float = 0.15
    """The UCB exploration constant of ISMCTS. Leaf values are logistic in evaluation points,
    so one point of lead moves a value by only about ``0.25 / scale``; a textbook constant like
    0.7 drowns such differences in exploration at a few hundred iterations (measured in Ahoy:
    ISMCTS with 300 iterations won 75% of 12 games against greedy with 0.15, and under 25%
    with 0.7)."""
    rollout_depth: int = 0
    """Random decisions played after the search tree before the position is evaluated."""
    prior_visits: int = 0
    """Virtual visits ISMCTS gives each root action at the value greedy sees in it (0: none),
    so that a short search starts from greedy's judgement of a compound turn."""
    own_turn: bool = False
    """ISMCTS searches only the deciding seat's own decisions and judges the position when
    another seat is to decide (a search of the compound turn, averaged over determinizations),
    instead of also searching the other seats' replies."""
    per_world: int = 1
    """ISMCTS iterations played in one determinization before drawing the next. More than 1
    compares the moves in the same worlds (common random numbers), which steadies the
    comparison when hidden facts swing every seat's evaluation."""
    baseline: bool = False
    """ISMCTS judges a leaf by how far each seat's lead moved from the root *in the same
    determinization*, added to the root lead's mean over the determinizations drawn so far.
    Where the hidden facts shift every move's evaluation alike (in Shipyard the other seat's
    secret contracts move a seat's lead by 3-7 points between determinizations), this removes
    that shift from the comparison of the moves (a control variate); final positions keep
    their rank value."""
    finish_turn: bool = False
    """After the tree, ISMCTS lets the seat whose turn is in progress finish it greedily
    (each decision the one-step best by the evaluation, as ``greedy`` sees it) before the
    position is judged. Where a turn is a chain of small decisions (take a part, place it, fit
    the ship...), a leaf in the middle of it is otherwise judged by whatever came first, and a
    move whose good follow-ups are few looks worse than it is."""
    hard_search: str = "ismcts"
    """The search behind the ``hard`` strength: ``"ismcts"`` (``hard_iterations`` iterations)
    or ``"lookahead"`` (whole turns played out greedily, the next seat's reply included; see
    ``tabletide.agents.lookahead``), for a game where that plays better."""
    hard_iterations: int = 1000
    """ISMCTS iterations of the ``hard`` bot, chosen so that a decision takes under 2 s."""
    medium_iterations: int = 100
    """ISMCTS iterations of the ``medium`` bot."""


def solo_option(opponent: str) -> OptionSpec:
    """The ``solo`` option of a game with an opponent run by its own rules. The engine then
    makes 1 player always mean solo, and refuses the contradictions: ``solo=true`` with more
    players, ``solo=false`` given with 1 player."""
    return OptionSpec(
        "solo", False, (False, True), f"play alone against {opponent}; 1 player always means solo"
    )


class Game(ABC):
    """Static facts of a game and its entry points. Games are stateless and shared."""

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    max_game_length: ClassVar[int]
    rules_version: ClassVar[int] = 1
    """Raised whenever a change makes recorded games play differently or not at all (the
    action JSON, a rules fix); replays record it and refuse to play under another one."""
    rule_prefix: ClassVar[str] = ""
    """What the game's rule IDs start with (``SY`` for ``SY-5.1``): its rules reference,
    ``docs/rules/<name>.md``, and its tests use the same IDs."""
    """An upper bound on the number of decisions in one game (checked by the fuzz tests)."""
    codec: ActionCodec
    bot: ClassVar[BotSettings] = BotSettings()
    view_schema: ClassVar[Any] = None
    """The TypedDict of ``observation(seat)["state"]`` (``tabletide.engine.view``)."""
    decision_schemas: ClassVar[Mapping[str, Any]] = {}
    """Per decision kind, the TypedDict of ``observation(seat)["decision"]["context"]``."""

    @property
    def action_codes(self) -> ActionCodec:
        """The layout the integer codes follow (``tabletide rules GAME`` lists it). Most games
        code an action as their action space (``codec``) declares it; a game that numbers a
        parameter relative to the position (Ahoy's map spaces, in the map's frame) returns its
        own layout here and overrides :meth:`encode_action`, :meth:`encode_actions` and
        :meth:`action_of_code`."""
        return self.codec

    @property
    def num_distinct_actions(self) -> int:
        return self.action_codes.size

    def resolve_options(
        self, num_players: int, options: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """Defaults filled in and every value checked.

        :raises ConfigError: a bad player count, an unknown option or a bad value.
        """
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ConfigError(f"num_players must be an integer, got {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise ConfigError(
                f"{self.title} is for {self.min_players}-{self.max_players} players; "
                f"got {num_players}"
            )
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            listing = ", ".join(f"{o.name} ({'/'.join(map(str, o.choices))})" for o in self.options)
            raise ConfigError(
                f"unknown option(s) {', '.join(unknown)} for {self.name}; "
                f"allowed: {listing or 'none'}"
            )
        resolved = {o.name: o.check(given.get(o.name, o.default)) for o in self.options}
        if "solo" in resolved:  # see solo_option
            if num_players > 1 and resolved["solo"]:
                raise ConfigError(
                    f"the solo game (solo=true) is for 1 player only; got {num_players}"
                )
            if num_players == 1 and given.get("solo") is False:
                raise ConfigError(
                    f"{self.title} with 1 player is the solo game: leave solo out or set "
                    f"solo=true; solo=false needs {self.min_players + 1}-{self.max_players} "
                    f"players"
                )
            resolved["solo"] = num_players == 1
        self._check_options(num_players, resolved)
        return resolved

    def new_state(
        self, num_players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> State:
        """A new game at its first decision.

        :raises ConfigError: bad player count, seed or options (the message lists what is allowed).
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ConfigError(f"seed must be an integer, got {seed!r}")
        resolved = self.resolve_options(num_players, options)
        return self._new_state(num_players, seed, resolved)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Parse an action's JSON form and check it fits this game's action space.

        :raises MalformedActionError: the shape or a field is wrong.
        """
        action = Action.from_json(data)
        self.codec.check(action)
        return action

    def encode_action(self, state: State, action: Action) -> int:
        """The integer of ``action`` in ``[0, num_distinct_actions)``."""
        return self.codec.encode(action)

    def encode_actions(self, state: State, actions: Sequence[Action]) -> list[int]:
        """The integers of ``actions`` (a legal list, say), in order: :meth:`encode_action` of
        each, in one call."""
        return self.codec.encode_all(actions)

    def action_of_code(self, state: State, code: int) -> Action:
        """The action ``code`` stands for at ``state``: its kind and parameters, without a
        label and not checked for legality.

        :raises IllegalActionError: ``code`` is not in ``[0, num_distinct_actions)``.
        """
        return self.codec.decode(code)

    def decode_action(self, state: State, code: int) -> Action:
        """The legal action of ``state`` with integer ``code`` (with its label).

        :raises IllegalActionError: no legal action of ``state`` has this code.
        """
        action = self.action_of_code(state, code)
        legal = state.legal_actions()
        if action in legal:
            return legal[legal.index(action)]
        raise IllegalActionError(f"action code {code} ({action.to_json()}) is not legal now")

    def evaluate(self, state: State, seat: int) -> float:
        """What ``state`` is worth to ``seat``, in victory points: the points it has now plus
        the game's material and tempo terms (what its goods, cards and position will likely
        score). The bots call it on determinized copies, so it may read hidden facts.
        The default is the seat's current score; each game refines it."""
        return state.scores()[seat]

    def render_svg(self, view: Mapping[str, Any]) -> str:
        """The board as an SVG picture, drawn from one seat's observation
        (``state.observation(seat)``, or the spectator's) and never from the state, so it
        shows nothing the seat may not know. Legal moves are marked ``data-action`` (see
        :mod:`tabletide.svg`)."""
        raise NotImplementedError(f"{self.name} has no board picture")

    def balance_hook(self, name: str) -> Callable[..., Any] | None:
        """The game's balance-lab hook ``name`` (``factions``, ``assignments``,
        ``first_player``, ``usage``, ``rival_score``: see :mod:`tabletide.sim.balance`), or
        ``None`` when the game has none (the lab then treats every seat alike)."""
        return None

    def components_markdown(self) -> str:
        """The game's components (its stand-in cards, tiles and boards) as Markdown, listed
        from its content files, for the rules reference (``scripts/rules_components.py``)."""
        raise NotImplementedError(f"{self.name} has no components listing")

    def write_tensor(self, state: State, seat: int, out: TensorWriter) -> None:
        """Write what ``seat`` may see of ``state`` as numbers (see :mod:`tabletide.engine.tensor`
        for the conventions). The size must depend only on the player count and options."""
        raise NotImplementedError(f"{self.name} has no observation tensor")

    def observation_tensor(self, state: State, seat: int) -> list[float]:
        """``seat``'s observation as a flat list of floats, of length :meth:`tensor_size`."""
        return self.observation_values(state, seat).tolist()

    def observation_values(self, state: State, seat: int) -> Values:
        """:meth:`observation_tensor` as floats in one buffer (``numpy.frombuffer`` reads it
        without converting value by value): what the research APIs use."""
        out = TensorWriter()
        self.write_tensor(state, seat, out)
        return out.values

    def tensor_layout(
        self, num_players: int, options: Mapping[str, Any] | None = None
    ) -> list[Segment]:
        """The named segments of the observation tensor for this player count and options."""
        out = TensorWriter()
        self.write_tensor(self.new_state(num_players, 0, options), 0, out)
        return out.segments

    def tensor_size(self, num_players: int, options: Mapping[str, Any] | None = None) -> int:
        """The length of the observation tensor for this player count and options."""
        key = (num_players, tuple(sorted(self.resolve_options(num_players, options).items())))
        cache: dict[tuple[Any, ...], int] = self.__dict__.setdefault("_tensor_sizes", {})
        if key not in cache:
            cache[key] = sum(s.size for s in self.tensor_layout(num_players, options))
        return cache[key]

    def info(self) -> dict[str, Any]:
        """Metadata for listings: name, title, player counts, options."""
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "players": [self.min_players, self.max_players],
            "options": [
                {"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
                for o in self.options
            ],
            "num_distinct_actions": self.num_distinct_actions,
            "max_game_length": self.max_game_length,
        }

    def _check_options(self, num_players: int, options: dict[str, Any]) -> None:  # noqa: B027
        """Cross-checks between options and player count (default: none)."""

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def event_text(self, event: Event, names: Sequence[str] | None = None) -> str:
        """One log line for people, calling the seats by ``names`` (``state.names``; None:
        "Seat 0", "Seat 1"...)."""

    @abstractmethod
    def render(self, state: State, seat: int | None) -> str:
        """The text view of ``state`` as ``seat`` may see it (Rich markup allowed)."""


class PackagedGame(Game):
    """A game laid out as a package (``docs/architecture.md``): its presentation in
    ``present/`` (``view.event_text``, ``text.render``, ``board.render_svg``,
    ``components.markdown``) and its bot and
    learning code in ``ai/`` (``evaluate.evaluate``, ``tensor.write_tensor``), each imported on
    first use, so that loading a game for a replay or a tournament does not load its pictures.
    Every built-in game is one; a game laid out otherwise implements the methods itself."""

    def balance_hook(self, name: str) -> Callable[..., Any] | None:
        """The hook ``name`` from the game's ``ai/balance.py``, or ``None`` without one."""
        try:
            return self._part("ai.balance", name)
        except (ImportError, AttributeError):
            return None

    def _part(self, module: str, name: str) -> Callable[..., Any]:
        package = type(self).__module__.rsplit(".", 1)[0]
        return cast(
            Callable[..., Any], getattr(importlib.import_module(f"{package}.{module}"), name)
        )

    @cached_property
    def _event_text(self) -> Callable[..., Any]:
        return self._part("present.view", "event_text")

    @cached_property
    def _render(self) -> Callable[..., Any]:
        return self._part("present.text", "render")

    @cached_property
    def _render_svg(self) -> Callable[..., Any]:
        return self._part("present.board", "render_svg")

    @cached_property
    def _evaluate(self) -> Callable[..., Any]:
        return self._part("ai.evaluate", "evaluate")

    @cached_property
    def _write_tensor(self) -> Callable[..., Any]:
        return self._part("ai.tensor", "write_tensor")

    def event_text(self, event: Event, names: Sequence[str] | None = None) -> str:
        return cast(str, self._event_text(event, names))

    def components_markdown(self) -> str:
        return cast(str, self._part("present.components", "markdown")())

    def render(self, state: State, seat: int | None) -> str:
        return cast(str, self._render(state.observation(seat)))

    def render_svg(self, view: Mapping[str, Any]) -> str:
        return cast(str, self._render_svg(view))

    def evaluate(self, state: State, seat: int) -> float:
        return cast(float, self._evaluate(state, seat))

    def write_tensor(self, state: State, seat: int, out: TensorWriter) -> None:
        self._write_tensor(state, seat, out)
