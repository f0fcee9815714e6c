"""The state protocol every game implements, and the decision-stack machinery they share.

A state holds a stack of pending decisions (:class:`Frame`). The top frame names the kind of
decision and the seat that must take it; ``legal_actions`` and ``apply`` dispatch on it. After an
action the game runs every automatic step until the next decision, so the top of the stack is
always a real choice, or the stack is empty and the game is over.

The engine does the boring checks once (terminal, well-formedness, legality, history); a game
implements only ``_legal``, ``_apply``, ``_view``, ``clone`` and ``_resample_hidden``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from tabletide.engine.actions import Action
from tabletide.engine.errors import IllegalActionError, MalformedActionError
from tabletide.engine.rng import Rng

if TYPE_CHECKING:
    from tabletide.engine.game import Game

R = TypeVar("R", bound=tuple[Any, ...])

Event = dict[str, Any]
"""A log entry ``{"type": ..., "seat": ..., ...}``; its ``"secret"`` is seen only by ``seat``."""

RECENT_EVENTS = 30


def event_for(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` (None: a spectator) may see it: another seat's ``secret`` field
    removed. The one place for that rule: logs, views and the server's log lines use it."""
    if "secret" in event and (seat is None or event.get("seat") != seat):
        return {k: v for k, v in event.items() if k != "secret"}
    return event


MAX_NAME_LENGTH = 40
"""The longest seat name :meth:`State.set_names` accepts."""


class Closed(NamedTuple):
    """An option the rules list for a decision that is closed right now: what it is, why it
    is closed, and the rule ID that closes it (``state.closed_options``)."""

    option: str
    reason: str
    rule: str


class Frame(NamedTuple):
    """A pending decision: its kind, the seat that decides, and immutable data for the rules.

    A kind that carries data declares it as a small record (a ``NamedTuple``) beside its
    ``legal_``/``apply_`` handlers and pushes it with :meth:`TableState.push_record`; the
    handlers read it with :meth:`record`."""

    kind: str
    seat: int
    data: tuple[Any, ...] = ()

    def record(self, cls: type[R]) -> R:
        """``data`` as the kind's record ``cls``.

        :raises TypeError: the frame holds something else (a kind pushed with another record).
        """
        data = self.data
        if type(data) is not cls:
            raise TypeError(f"frame {self.kind!r} holds {type(data).__name__}, not {cls.__name__}")
        return data


def with_log(view: dict[str, Any], lines: list[str]) -> dict[str, Any]:
    """``view`` (:meth:`State.observation` with ``log=False``) with its log's text ``lines``
    in the place :meth:`State.observation` puts them (right after ``names``): for a caller
    that already has the lines (a server keeps each seat's)."""
    out: dict[str, Any] = {}
    for key, value in view.items():
        out[key] = value
        if key == "names":
            out["log"] = lines
    return out


class State(ABC):
    """A game position. Create with ``game.new_state``; never share between threads."""

    game: Game
    num_players: int
    seed: int
    options: Mapping[str, Any]
    rng: Rng
    stack: list[Frame]
    """Pending decisions, innermost last. Empty when the game is over."""
    events: list[Event]
    """The structured log, oldest first. Use :meth:`events_for` to get a seat's view of it."""
    history: list[Action]
    """Every action applied since the start: with seed and options, the replay."""
    _names: list[str] | None = None

    # ----------------------------------------------------------------- seat names
    @property
    def names(self) -> list[str]:
        """What people call each seat ("Alice", "greedy bot"); ``"Seat 0"``, ``"Seat 1"``...
        unless :meth:`set_names` gave others. Presentation only: not part of the rules, the
        tensors or a replay's actions. Read it, never modify it (use :meth:`set_names`)."""
        names = self._names
        if names is None:
            return [f"Seat {i}" for i in range(self.num_players)]
        return names

    def set_names(self, names: Sequence[str]) -> None:
        """Name the seats, one name per seat, in seat order.

        :raises ValueError: not one name per seat, or a name that is not a string, is blank,
            or is longer than ``MAX_NAME_LENGTH`` characters.
        """
        if isinstance(names, str) or len(names) != self.num_players:
            raise ValueError(
                f"names must list one name per seat ({self.num_players}); got {names!r}"
            )
        clean: list[str] = []
        for seat, name in enumerate(names):
            if not isinstance(name, str) or not name.strip():
                raise ValueError(
                    f"the name of seat {seat} must be a non-empty string; got {name!r}"
                )
            name = name.strip()
            if len(name) > MAX_NAME_LENGTH:
                raise ValueError(
                    f"the name of seat {seat} is {len(name)} characters long; at most "
                    f"{MAX_NAME_LENGTH} are allowed"
                )
            clean.append(name)
        self._names = clean

    def seat_name(self, seat: int) -> str:
        """What people call ``seat`` (see :attr:`names`)."""
        names = self._names
        return f"Seat {seat}" if names is None else names[seat]

    # ----------------------------------------------------------------- the contract
    def current_player(self) -> int:
        """The seat that must decide now, or -1 when the game is over."""
        return self.stack[-1].seat if self.stack else -1

    def is_terminal(self) -> bool:
        return not self.stack

    def automated_turns(self) -> int:
        """How many turns an opponent run by the rules (not a seat: the rival of a solo game)
        has ended so far; 0 in a game without one. Search agents take a seat's turn to be over
        when another seat is to move *or* this number has changed: such an opponent moves in
        automatic steps, after which the same seat is to move again, so without it "finish my
        turn" would play on through the rest of the game. A game with a solo rival counts its
        turns here."""
        return 0

    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision, in a fixed order; [] when terminal."""
        if not self.stack:
            return []
        top = self.stack[-1]
        legal = self._legal(top)
        # Remembered for the legality check of the next apply() at this same position.
        self._last_legal = (len(self.history), top, legal)
        return legal

    def search_legal(self) -> list[Action]:
        """:meth:`legal_actions` for search agents: the list the engine already built when it
        stopped at this decision is reused (about a fifth of a search's time). Only for states
        reached by ``apply``; a state edited by hand must use :meth:`legal_actions`. The list
        is shared: do not modify it."""
        memo = getattr(self, "_stop_legal", None)
        stack = self.stack
        if memo is not None and stack and memo[1] is stack[-1] and memo[0] == len(self.history):
            legal: list[Action] = memo[2]
            return legal
        return self.legal_actions()

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def apply(self, action: Action) -> None:
        """Take ``action`` for the current player and run every automatic step after it.

        :raises MalformedActionError: ``action`` is not an :class:`Action` of this game's space.
        :raises IllegalActionError: the game is over, or ``action`` is not legal now. In both
            cases the state is exactly as it was.

        The check reuses the list of the last ``legal_actions()`` call at this same position;
        code that edits a state's fields by hand should call ``legal_actions()`` again first.
        An action taken from :meth:`search_legal` at this position is known legal at once (it
        is one of the very objects the engine built when it stopped here), so a playout builds
        the legal list once per step.
        """
        stop = getattr(self, "_stop_legal", None)
        stack = self.stack
        if stop is not None and stack and stop[1] is stack[-1] and stop[0] == len(self.history):
            for built in stop[2]:
                if built is action:
                    self.apply_unchecked(action)
                    return
        if not isinstance(action, Action):
            raise MalformedActionError(f"expected an Action, got {type(action).__name__}")
        if not stack:
            raise IllegalActionError("the game is over: no action is legal")
        self.game.codec.check(action)
        memo = getattr(self, "_last_legal", None)
        if memo is not None and memo[0] == len(self.history) and memo[1] is self.stack[-1]:
            legal = memo[2]
        else:
            legal = self.legal_actions()
        try:
            chosen = legal[legal.index(action)]
        except ValueError:
            frame = self.stack[-1]
            sample = ", ".join(str(a.to_json()) for a in legal[:6])
            more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
            raise IllegalActionError(
                f"{action.to_json()} is not legal at decision {frame.kind!r} of seat "
                f"{frame.seat}; legal: {sample}{more}"
            ) from None
        self.apply_unchecked(chosen)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action already known to be legal (from ``legal_actions``), for search.

        Skips the legality check; an illegal action here may corrupt the state.
        """
        frame = self.stack.pop()
        self.history.append(action)
        self._apply(frame, action)

    def scores(self) -> list[float]:
        """Victory points per seat, as they stand now."""
        return [float(v) for v in self._scores()]

    def returns(self) -> list[float]:
        """Rank utility in [-1, 1] per seat once the game is over (ties share); zeros before.
        In a 1-player game (solo against the game's own opponent) it is +1 when the player is
        among ``winners()`` and -1 otherwise."""
        n = self.num_players
        if self.stack:
            return [0.0] * n
        if n < 2:
            return [1.0 if self.winners() else -1.0] * n
        keys = self._rank_keys()
        out = []
        for k in keys:
            better = sum(1 for o in keys if o > k)
            equal = sum(1 for o in keys if o == k)
            ranks = range(better, better + equal)
            out.append(sum(1.0 - 2.0 * r / (n - 1) for r in ranks) / equal)
        return out

    def winners(self) -> list[int]:
        """The winning seats (several when tied after every tie-break); [] before the end."""
        if self.stack:
            return []
        keys = self._rank_keys()
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    def observation(self, seat: int | None, *, log: bool = True) -> dict[str, Any]:
        """A JSON-ready view for ``seat`` (``None`` = spectator): everything public, that seat's
        own secrets, the pending prompt, recent log, and the legal actions on its turn.
        ``log=False`` leaves out the log's text lines (``log``); its ``events`` stay."""
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be None or in 0..{self.num_players - 1}")
        current = self.current_player()
        recent = self.events_for(seat, last=RECENT_EVENTS)
        view: dict[str, Any] = {
            "game": self.game.name,
            "num_players": self.num_players,
            "seat": seat,
            "current_player": current,
            "terminal": self.is_terminal(),
            "scores": self.scores(),
            "prompt": self.prompt(),
            "decision": self.decision(),
            "state": self._view(seat),
            "names": self.names[:],
        }
        if log:
            view["log"] = [self.game.event_text(e, self.names) for e in recent]
        view["events"] = recent
        if self.is_terminal():
            view["winners"] = self.winners()
            view["final_scoring"] = self.final_scoring()
        if seat is not None and seat == current:
            view["legal_actions"] = [
                {"action": a.to_json(), "label": a.label, "detail": self.explain(a)}
                for a in self.legal_actions()
            ]
            view["closed_options"] = self.closed_options(seat)
        return view

    def explain(self, action: Action) -> str:
        """What the legal ``action`` will do, in one or two sentences for the deciding seat
        (costs, gains, what comes next). It may use that seat's own secrets, never another's."""
        if not self.stack:
            raise IllegalActionError("the game is over: there is nothing to explain")
        return self._explain(self.stack[-1], action) or action.label

    def closed_options(self, seat: int | None) -> list[dict[str, str]]:
        """For ``seat``'s main decision of its turn: the options the rules list that are closed
        right now, each ``{"option", "reason", "rule"}``; [] for any other seat or decision.
        Worked out from what ``seat`` may know only."""
        if seat is None or not self.stack or self.stack[-1].seat != seat:
            return []
        return [c._asdict() for c in self._closed_options(self.stack[-1])]

    def prompt(self) -> dict[str, Any] | None:
        """The pending decision in words: ``{"seat", "kind", "text"}``; None when over."""
        if not self.stack:
            return None
        frame = self.stack[-1]
        return {"seat": frame.seat, "kind": frame.kind, "text": self._prompt_text(frame)}

    def decision(self) -> dict[str, Any] | None:
        """The pending decision as data: ``{"kind", "seat", "context", "rules"}`` (the public
        facts of the choice, from :meth:`_decision_context`, and the IDs of the rules that
        govern it, from :meth:`_decision_rules`); None when the game is over."""
        if not self.stack:
            return None
        frame = self.stack[-1]
        return {
            "kind": frame.kind,
            "seat": frame.seat,
            "context": self._decision_context(frame),
            "rules": list(self._decision_rules(frame)),
        }

    def final_scoring(self) -> dict[str, Any]:
        """The final scoring in the one schema of every game (``engine.view.FinalScoring``):
        the categories of :meth:`_score_categories`, per seat, and each seat's total."""
        categories = self._score_categories()
        totals = self.scores()
        return {
            "categories": [name for name, _ in categories],
            "seats": [[float(values[s]) for _, values in categories] for s in range(len(totals))],
            "totals": totals,
        }

    def events_for(self, seat: int | None, last: int | None = None) -> list[Event]:
        """The log as ``seat`` may see it (its ``last`` events only, if given): other seats'
        ``secret`` fields are removed."""
        events = self.events if last is None else self.events[-last:]
        return [event_for(event, seat) for event in events]

    def determinize(self, seat: int, seed: int) -> State:
        """A copy in which everything hidden from ``seat`` is resampled consistently with what
        ``seat`` has seen, with a fresh generator seeded from ``seed``. The original (and its
        random stream) is untouched."""
        twin = self.clone()
        twin.rng = Rng(seed)
        twin._resample_hidden(seat)
        return twin

    # ----------------------------------------------------------------- helpers for games
    def log(self, type_: str, seat: int | None = None, **fields: Any) -> None:
        event: Event = {"type": type_, "seat": seat}
        event.update(fields)
        self.events.append(event)

    def _copy_base_into(self, twin: State) -> None:
        """Copy the engine-owned fields into a fresh ``twin`` (for a game's ``clone``)."""
        twin.game = self.game
        twin.num_players = self.num_players
        twin.seed = self.seed
        twin.options = self.options
        twin.rng = self.rng.copy()
        twin.stack = self.stack[:]
        twin.events = self.events[:]
        twin.history = self.history[:]
        if self._names is not None:  # shared: set_names replaces the list, never edits it
            twin._names = self._names

    def _decision_context(self, frame: Frame) -> dict[str, Any]:
        """The public facts of the pending decision ``frame`` as data, for pictures (the
        schema per kind: ``Game.decision_schemas``). Nothing any seat may not know."""
        return {}

    def _decision_rules(self, frame: Frame) -> list[str]:
        """The IDs of the rules that govern the decision ``frame`` (``SY-5.1``), each stated in
        the game's rules reference (``docs/rules/<game>.md``)."""
        return []

    def _explain(self, frame: Frame, action: Action) -> str | None:
        """What ``action`` at ``frame`` will do, in words (None: its label says it all)."""
        return None

    def _closed_options(self, frame: Frame) -> list[Closed]:
        """The options of ``frame`` that the rules list but are closed now, if ``frame`` is
        the main decision of a turn (else [])."""
        return []

    def _score_categories(self) -> list[tuple[str, list[int | float]]]:
        """The final scoring by category, ``[(name, [points of each seat])]``; each seat's
        categories add up to its score. A game without a breakdown has one category."""
        return [("points", list(self._scores()))]

    def _rank_keys(self) -> list[tuple[float, ...]]:
        """What ranks the seats at the end (most first); games add tie-breaks."""
        return [(float(v),) for v in self._scores()]

    # ----------------------------------------------------------------- what a game implements
    @abstractmethod
    def clone(self) -> State:
        """An independent copy: nothing mutable is shared."""

    @abstractmethod
    def _legal(self, frame: Frame) -> list[Action]: ...

    @abstractmethod
    def _apply(self, frame: Frame, action: Action) -> None:
        """Perform ``action`` for the popped ``frame`` and run the automatic steps after it."""

    @abstractmethod
    def _scores(self) -> list[int | float]: ...

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def _prompt_text(self, frame: Frame) -> str: ...

    @abstractmethod
    def _resample_hidden(self, seat: int) -> None:
        """Reshuffle, with ``self.rng``, everything ``seat`` cannot see."""


def dispatch_tables(*modules: object) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The ``LEGAL``, ``APPLY`` and ``AUTO`` tables of a :class:`TableState`, merged from the
    rule modules that each define some of them (a game's rules split by topic)."""
    tables: tuple[dict[str, Any], dict[str, Any], dict[str, Any]] = ({}, {}, {})
    for module in modules:
        for table, name in zip(tables, ("LEGAL", "APPLY", "AUTO"), strict=True):
            table.update(getattr(module, name, {}))
    return tables


class TableState(State):
    """A state whose decisions are dispatched by kind through three tables, which is how every
    built-in game is written: ``LEGAL[kind](state, frame)`` lists the legal actions,
    ``APPLY[kind](state, frame, action)`` performs one, and ``AUTO[kind](state, frame)`` runs an
    automatic step (kinds starting with "@"). ``PROMPTS[kind]`` words the decision.

    After every action, :meth:`advance` runs the automatic steps; a decision with a single legal
    action is taken for the player (it is not a choice, so it is not in the history), unless
    :meth:`asks_anyway` says that skipping it would tell the table a secret.
    """

    LEGAL: ClassVar[dict[str, Callable[[Any, Frame], list[Action]]]]
    APPLY: ClassVar[dict[str, Callable[[Any, Frame, Action], None]]]
    AUTO: ClassVar[dict[str, Callable[[Any, Frame], None]]]
    PROMPTS: ClassVar[dict[str, str]] = {}
    SKIP_EMPTY: ClassVar[bool] = False
    """Whether a decision with no legal action is dropped (an optional step that offers
    nothing); otherwise it would stop the game, which is a bug in games that never expect it."""

    def push(self, kind: str, seat: int, *data: Any) -> None:
        """Push a decision (or an automatic ``@`` step) with plain data."""
        self.push_frame(Frame(kind, seat, data))

    def push_record(self, kind: str, seat: int, record: tuple[Any, ...]) -> None:
        """Push a decision whose data is its kind's record (a ``NamedTuple``, see
        :meth:`Frame.record`)."""
        self.push_frame(Frame(kind, seat, record))

    def push_frame(self, frame: Frame) -> None:
        """Put ``frame`` on top of the stack (a game may refuse new frames, e.g. once over)."""
        self.stack.append(frame)

    def advance(self) -> None:
        stack = self.stack
        legal_of, apply_of, auto_of = self.LEGAL, self.APPLY, self.AUTO
        while stack:
            top = stack[-1]
            if top.kind[0] == "@":
                stack.pop()
                auto_of[top.kind](self, top)
                continue
            legal = legal_of[top.kind](self, top)
            if not legal and self.SKIP_EMPTY:
                stack.pop()
                continue
            if len(legal) != 1 or self.asks_anyway(top):
                self._stop_legal = (len(self.history), top, legal)
                return
            stack.pop()
            apply_of[top.kind](self, top, legal[0])

    def asks_anyway(self, frame: Frame) -> bool:
        """Whether a decision with a single legal action still waits for its seat. Yes where
        the number of its options depends on that seat's secrets (the cards in a hand): a
        decision that is skipped only when the hand offers nothing would tell every other seat
        so. A game asks such a decision whenever the secret *could* offer something, judged by
        public facts only (how many cards the hand holds)."""
        return False

    def _legal(self, frame: Frame) -> list[Action]:
        return self.LEGAL[frame.kind](self, frame)

    def _apply(self, frame: Frame, action: Action) -> None:
        self.APPLY[frame.kind](self, frame, action)
        self.advance()

    def _prompt_text(self, frame: Frame) -> str:
        return f"{self.seat_name(frame.seat)}: {self.PROMPTS.get(frame.kind, frame.kind)}"
