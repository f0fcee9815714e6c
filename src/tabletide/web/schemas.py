"""Request bodies and WebSocket messages, validated strictly (unknown fields are refused)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

SEED_LIMIT = 2**63

OptionValue = StrictBool | StrictInt | StrictStr
ActionField = StrictInt | StrictStr


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatRequest(Strict):
    kind: Literal["human", "bot"]
    bot: str | None = Field(default=None, max_length=32)
    """The bot's strength (``easy``, ``medium``, ``hard``, ``random``, ``greedy``, ``ismcts:N``)."""
    name: str | None = Field(default=None, max_length=40)


class CreateTableRequest(Strict):
    game: str = Field(max_length=64)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)
    seed: StrictInt | None = Field(default=None, ge=-SEED_LIMIT, lt=SEED_LIMIT)
    hints: StrictBool = True
    """Whether players may ask the bot for a hint at this table."""
    bot_speed: Literal["fast", "normal", "slow"] = "normal"
    """How fast the bots play (their pause per turn: ``WebSettings.bot_delay`` scaled)."""
    time_control: Any = None
    """The clock: None or ``"none"``, a preset's name (``clock.PRESETS``) or an object
    ``{"per": "game"|"move", "seconds": N, "increment": N}``; checked by
    ``clock.parse_time_control``, which words its own one-line errors."""
    open: StrictBool = False
    """List the table in the lobby: the person's seats but the creator's stay free until
    someone joins (needs the creator's player key; ``players.py``)."""


class ActionRequest(Strict):
    """One of ``index`` (into the legal actions you were sent) or ``action`` (its JSON)."""

    index: StrictInt | None = Field(default=None, ge=0, le=1_000_000)
    action: dict[str, ActionField] | None = Field(default=None, max_length=16)
    version: StrictInt | None = Field(default=None, ge=0)
    """The table version the move was chosen at; a move chosen at an older one is refused."""


class UndoRequest(Strict):
    steps: StrictInt = Field(default=1, ge=1, le=10_000)
    version: StrictInt | None = Field(default=None, ge=0)


class ZombieRequest(Strict):
    seat: StrictInt = Field(ge=0, le=16)
    """The seat to hand to a bot (its person is out of time)."""


class TableToken(Strict):
    table: str = Field(max_length=64)
    token: str = Field(max_length=128)


class StatusRequest(Strict):
    tables: list[TableToken] = Field(max_length=1000)


class PlayerRequest(Strict):
    """``PUT /api/players/me``: the player's name (the key is in ``X-Player-Key``)."""

    name: StrictStr = Field(min_length=1, max_length=40)


class ReplayStepRequest(Strict):
    replay: dict[str, Any]
    step: StrictInt = Field(default=0, ge=0)
    seat: StrictInt | None = Field(default=None, ge=0, le=16)


class HelloMessage(Strict):
    type: Literal["hello"]
    token: str = Field(max_length=128)
    text: bool = True
    """Whether this connection's views carry the text view (``board.text``) when the game
    has a picture; ``{"type": "sync", "text": B}`` changes it later."""


IDEMPOTENCY_KEY = r"^[!-~]{1,128}$"
"""An idempotency key: 1-128 visible ASCII characters (a UUID, say)."""


class ActMessage(ActionRequest):
    type: Literal["act"]
    id: StrictInt | StrictStr | None = None
    key: str | None = Field(default=None, pattern=IDEMPOTENCY_KEY)
    """An idempotency key, as the ``Idempotency-Key`` header of the REST API."""


class UndoMessage(UndoRequest):
    type: Literal["undo"]
    id: StrictInt | StrictStr | None = None
    key: str | None = Field(default=None, pattern=IDEMPOTENCY_KEY)


def describe_errors(errors: Sequence[Any]) -> str:
    """Pydantic's errors as one readable line: ``seats.0.kind: Input should be ...``."""
    parts = []
    for error in list(errors)[:5]:
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        message = str(error.get("msg", "invalid value"))
        parts.append(f"{where}: {message}" if where else message)
    more = len(errors) - 5
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")
