"""The schema of ``state.observation(seat)``: what every game's view holds, as typed records.

A picture, a text view, the web page and the replay viewer read these values and never parse a
label, a log line or a prompt's words. The engine fills the common part; each game documents the
``"state"`` part and the ``"context"`` of each decision kind with TypedDicts of its own
(``Game.view_schema`` and ``Game.decision_schemas``), and :func:`validate_observation` holds a
view to all of them (the conformance suite runs it on every observation of random games).

Schemas forbid keys they do not name (``extra="forbid"``), so the schema is the documentation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NotRequired

from pydantic import ConfigDict, TypeAdapter
from typing_extensions import TypedDict

if TYPE_CHECKING:
    from tabletide.engine.game import Game


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """What people call ``seat``: ``names[seat]`` (a view's ``"names"``, ``state.names``), or
    ``"Seat 3"`` without names (``Game.event_text(event)`` called with none)."""
    return f"Seat {seat}" if names is None else names[seat]


FORBID = ConfigDict(extra="forbid")
"""``__pydantic_config__`` for a view TypedDict: keys it does not declare are an error."""


class Prompt(TypedDict):
    """The pending decision in words (for people; pictures read :class:`Decision`)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    seat: int
    kind: str
    text: str


class Decision(TypedDict):
    """The pending decision as data: its kind, the seat that decides, and ``context``, the
    public facts of the choice (the open battle, the dice, the ship being fitted...), whose
    schema the game declares per kind in ``Game.decision_schemas``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    kind: str
    seat: int
    context: dict[str, Any]
    rules: list[str]
    """The IDs of the rules that govern the decision, each in ``docs/rules/<game>.md``."""


class FinalScoring(TypedDict):
    """The final scoring, one schema for every game: ``seats[s][c]`` is seat ``s``'s points in
    ``categories[c]``; each seat's categories add up to its total in ``totals``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    categories: list[str]
    seats: list[list[float]]
    totals: list[float]


class LegalAction(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    action: dict[str, Any]
    label: str
    detail: str
    """What the action will do, in a sentence or two (``state.explain``)."""


class ClosedOption(TypedDict):
    """An option of the main decision that is closed now, and why (``state.closed_options``)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    option: str
    reason: str
    rule: str


class Observation(TypedDict):
    """``state.observation(seat)``: everything ``seat`` may see (``None``: a spectator)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    game: str
    num_players: int
    seat: int | None
    current_player: int
    terminal: bool
    scores: list[float]
    names: list[str]
    """What people call each seat (``state.names``), the same for every seat and spectator."""
    prompt: Prompt | None
    decision: Decision | None
    state: dict[str, Any]
    """The game's own part; its schema is ``Game.view_schema``."""
    log: list[str]
    """The recent log in words, as the seat may see it."""
    events: list[dict[str, Any]]
    """The same recent entries as structured events (``{"type", "seat", ...}``), redacted for
    the seat exactly as the log is."""
    winners: NotRequired[list[int]]
    final_scoring: NotRequired[FinalScoring]
    legal_actions: NotRequired[list[LegalAction]]
    closed_options: NotRequired[list[ClosedOption]]
    """Only in the deciding seat's view, beside ``legal_actions``."""


@cache
def _adapter(schema: Any) -> TypeAdapter[Any]:
    return TypeAdapter(schema)


def validate_observation(game: Game, view: Mapping[str, Any]) -> None:
    """Check ``view`` against the engine's schema and the game's own ones.

    :raises pydantic.ValidationError: a key, a type or a value that the schemas do not allow.
    """
    _adapter(Observation).validate_python(view, strict=True)
    if game.view_schema is not None:
        _adapter(game.view_schema).validate_python(view["state"], strict=True)
    decision = view["decision"]
    if decision is not None:
        schema = game.decision_schemas.get(decision["kind"])
        if schema is not None:
            _adapter(schema).validate_python(decision["context"], strict=True)
