"""Game clocks: a time control chosen at creation and each person's time left.

Pure functions over two small values, so that every rule is tested with an injected "now"
(seconds since the epoch, a float):

* :class:`TimeControl` — what the creator chose: ``per="game"`` (a bank of ``seconds`` per
  person, ``increment`` seconds added each time the person hands the decision on: real-time
  tables) or ``per="move"`` (``seconds`` for each turn, refilled when the decision passes to
  another seat: per-move and turn-based tables).
* :class:`Clock` — what is stored (``tt_tables.clock``, written in the same transaction as
  the journal row that changed it): the time left of each person's seat at ``since`` (None
  for a bot's seat, and for a seat handed to a bot), and the seat whose time runs (-1: none).

Rules (docs/web.md, "Clocks and zombie seats"):

* A seat's time runs while it is that seat's decision (``to_move``). A turn of several
  decisions is one run: the time runs on across them.
* The increment (per game) and the refill (per move) come when the decision passes to
  another seat, not per decision: a turn of five small decisions earns no more than a turn
  of one, and undo (which only takes back moves of the turn under way) cannot be used to
  earn increments.
* Undo refunds nothing: the time spent before and after it is spent. It charges the time
  so far like any decision, and the same seat's time runs on.
* Time left may go below zero (a person out of time may still move while nobody hands the
  seat to a bot); the view shows 0 and ``out_of_time``. Nothing is ever forced by the server.
* A restart loses no time: ``since`` is a wall-clock time, so the time the server was down
  is charged to the seat that was to decide.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MAX_SECONDS = 30 * 24 * 3600
"""The longest time a typed time control may give (30 days)."""
MAX_INCREMENT = 3600
"""The largest increment a typed time control may add (one hour)."""
DAY = 24 * 3600


@dataclass(frozen=True)
class TimeControl:
    per: str
    """``game`` (a bank per person) or ``move`` (a limit per turn)."""
    seconds: int
    increment: int = 0
    """Seconds added to a person's bank when they hand the decision on (``per="game"``)."""
    preset: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "per": self.per,
            "seconds": self.seconds,
            "increment": self.increment,
            "preset": self.preset,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TimeControl:
        return cls(
            str(data["per"]),
            int(data["seconds"]),
            int(data.get("increment", 0)),
            data.get("preset"),
        )

    def describe(self) -> str:
        if self.per == "game":
            extra = f" + {_span(self.increment)} per turn" if self.increment else ""
            return f"{_span(self.seconds)} per person{extra}"
        return f"{_span(self.seconds)} per turn"


def _span(seconds: int) -> str:
    if seconds % DAY == 0:
        days = seconds // DAY
        return f"{days} day{'s' if days != 1 else ''}"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


PRESETS: dict[str, TimeControl] = {
    name: TimeControl(per, seconds, increment, name)
    for name, per, seconds, increment in (
        # Real-time, per game: a bank per person and a few seconds back per turn.
        ("game-5m", "game", 5 * 60, 5),
        ("game-10m", "game", 10 * 60, 10),
        ("game-20m", "game", 20 * 60, 20),
        # Real-time, per move.
        ("move-30s", "move", 30, 0),
        ("move-2m", "move", 2 * 60, 0),
        # Turn-based: days per move.
        ("day-1", "move", DAY, 0),
        ("day-3", "move", 3 * DAY, 0),
    )
}
"""The time controls offered by name (the lobby's select)."""


def parse_time_control(value: Any) -> TimeControl | None:
    """A request's ``time_control``: None or ``"none"``, a preset's name, or a typed object
    ``{"per": "game"|"move", "seconds": N, "increment": N}``.

    :raises ValueError: with one readable line.
    """
    if value is None or value == "none":
        return None
    if isinstance(value, str):
        if value in PRESETS:
            return PRESETS[value]
        raise ValueError(
            f"time_control: unknown preset {value!r}; choose none, {', '.join(PRESETS)} "
            "or an object {per, seconds, increment}"
        )
    if not isinstance(value, Mapping):
        raise ValueError("time_control must be a preset's name or an object")
    unknown = sorted(set(value) - {"per", "seconds", "increment"})
    if unknown:
        raise ValueError(f"time_control: unknown field {unknown[0]!r}")
    per = value.get("per")
    if per not in ("game", "move"):
        raise ValueError("time_control.per must be 'game' or 'move'")
    seconds = value.get("seconds")
    if type(seconds) is not int or not 1 <= seconds <= MAX_SECONDS:
        raise ValueError(f"time_control.seconds must be a whole number in 1..{MAX_SECONDS}")
    increment = value.get("increment", 0)
    if type(increment) is not int or not 0 <= increment <= MAX_INCREMENT:
        raise ValueError(f"time_control.increment must be a whole number in 0..{MAX_INCREMENT}")
    if per == "move" and increment:
        raise ValueError("time_control.increment is for per-game clocks only")
    return TimeControl(per, seconds, increment)


@dataclass(frozen=True)
class Clock:
    left: tuple[float | None, ...]
    """Each seat's time left at ``since`` (None: no clock, a bot's seat)."""
    seat: int
    """The seat whose time runs since ``since`` (-1: nobody's)."""
    since: float
    """When the running seat's time began to run (seconds since the epoch)."""

    def to_json(self) -> dict[str, Any]:
        return {"left": list(self.left), "seat": self.seat, "since": self.since}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        return cls(
            tuple(None if v is None else float(v) for v in data["left"]),
            int(data["seat"]),
            float(data["since"]),
        )


def start(control: TimeControl, people: Sequence[bool], to_move: int, now: float) -> Clock:
    """A new table's clock: every person's seat full, the first decider's time running."""
    left = tuple(float(control.seconds) if person else None for person in people)
    return Clock(left, _runner(left, to_move), now)


def resume(clock: Clock, to_move: int, now: float) -> Clock:
    """The clock of an open table once its last free seat is taken: it stood still while the
    table waited for people (``start`` with nobody deciding), and the first decider's time
    runs from ``now``."""
    return Clock(clock.left, _runner(clock.left, to_move), now)


def _runner(left: Sequence[float | None], seat: int) -> int:
    return seat if 0 <= seat < len(left) and left[seat] is not None else -1


def time_left(clock: Clock, seat: int, now: float) -> float | None:
    """``seat``'s time left at ``now`` (negative once out of time; None: no clock)."""
    left = clock.left[seat]
    if left is None or seat != clock.seat:
        return left
    return left - max(0.0, now - clock.since)


def advance(clock: Clock, control: TimeControl, to_move: int, now: float) -> Clock:
    """The clock after a decision (a move or an undo) at ``now``, ``to_move`` deciding next
    (-1: the game is over). The running seat is charged the time since ``since``; if the
    decision passes to another seat, the one that had it gets its increment (per game) or
    its full time back for its next turn (per move)."""
    left = list(clock.left)
    runner = clock.seat
    if 0 <= runner < len(left) and left[runner] is not None:
        spent = time_left(clock, runner, now)
        assert spent is not None
        if to_move != runner:
            if control.per == "move":
                spent = float(control.seconds)
            elif spent > 0:  # no increment for a person already out of time
                spent += control.increment
        left[runner] = spent
    return Clock(tuple(left), _runner(left, to_move), now)


def drop(clock: Clock, seat: int, to_move: int, now: float) -> Clock:
    """The clock once ``seat`` is played by a bot: it has no time any more. The running
    seat's time so far stays charged (``since`` moves to ``now``)."""
    left = list(clock.left)
    runner = clock.seat
    if 0 <= runner < len(left) and left[runner] is not None:
        left[runner] = time_left(clock, runner, now)
    left[seat] = None
    return Clock(tuple(left), _runner(left, to_move), now)


def out_of_time(clock: Clock | None, seat: int, now: float) -> bool:
    if clock is None:
        return False
    left = time_left(clock, seat, now)
    return left is not None and left <= 0


def clock_view(
    control: TimeControl | None, clock: Clock | None, now: float
) -> dict[str, Any] | None:
    """What the page is sent: the time control, the server's time, and per seat
    ``{left, running, out_of_time}`` (``left`` in seconds, rounded down to tenths, never
    below 0; None for a seat without a clock). None when the table has no clock."""
    if control is None or clock is None:
        return None
    seats = []
    for seat in range(len(clock.left)):
        left = time_left(clock, seat, now)
        seats.append(
            {
                "left": None if left is None else max(0.0, math.floor(left * 10) / 10),
                "running": seat == clock.seat and left is not None,
                "out_of_time": left is not None and left <= 0,
            }
        )
    return {
        "control": {**control.to_json(), "text": control.describe()},
        "server_time": now,
        "seats": seats,
    }
