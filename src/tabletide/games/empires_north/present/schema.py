"""The schema of Empires of the North's view: ``observation(seat)["state"]`` (:class:`View`,
built by ``present/view.py``) and the ``context`` of each decision kind (``DECISION_SCHEMAS``,
filled by ``facts.py``). The conformance suite validates every observation of random games
against them in pydantic's strict mode; keys not named here are an error.

Tiles are named in capitals as cards print them (``"HARVEST"``); ``card`` is a card's index in
the content, ``pos`` a position in an empire (it never changes: nothing leaves an empire).
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from tabletide.engine.view import FORBID

# ---------------------------------------------------------------------------- the state


class CardView(TypedDict):
    """A card as everybody reads it."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    card: int
    name: str
    type: str
    text: str
    icons: NotRequired[list[str]]
    cost: NotRequired[dict[str, int]]
    when: NotRequired[str]
    """The tile a production or boost card is built or played with (capitals)."""


class IslandView(CardView):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    raid: dict[str, int]
    conquerable: bool


class EmpireCard(CardView):
    """A card of an empire at ``pos``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    pos: int
    exhausted: bool
    copies: NotRequired[str]
    """A copy location: the name of the card it acts as (EN-9.8)."""
    under: NotRequired[int]
    """An upgrade: the position of the production location it is slid under."""
    stored: NotRequired[dict[str, int]]
    """Goods and workers assigned to the card (EN-9.4)."""


class DiscView(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: str | None
    """The tile the disc is on; None in the supply."""
    exhausted: bool


class PlayerView(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    seat: int
    clan: str
    clan_name: str
    vp: int
    goods: dict[str, int]
    workers: int
    """Ready workers in the supply."""
    tired: int
    workers_owned: int
    ships: int
    ships_free: int
    discs: list[DiscView]
    passed: bool
    hand: int
    deck: int
    discard: int
    discard_seen: list[str]
    """The discarded cards everybody saw go there (played boosts), by name."""
    looking: int
    """Cards drawn at the Lookout, not yet kept or discarded."""
    empire: list[EmpireCard]


class IslandRow(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    face_up: list[IslandView | None]
    """The face-up islands; None for a slot taken this round."""
    deck: int
    discard: list[str]


class Islands(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    near: IslandRow
    distant: IslandRow


class ShipView(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    owner: int
    fish: bool
    axe: bool
    common: bool


class YouView(TypedDict):
    """The viewer's own secrets (absent from the spectator's view)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    hand: list[CardView]
    looking: list[CardView]
    discard: list[str]


class View(TypedDict):
    """``observation(seat)["state"]``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    round: int
    phase: str
    """setup, lookout, action, expedition, cleanup or over."""
    last_round: bool
    next_round_last: bool
    start_player: int
    active: int
    circle: list[str]
    """The five tiles in circle order (EN-3.6)."""
    islands: Islands
    revealed: IslandView | None
    """The island turned up from a deck top, being raided or conquered."""
    queue: list[ShipView]
    """The ship queue, the first to sail first."""
    players: list[PlayerView]
    you: NotRequired[YouView]


# ---------------------------------------------------------------------------- the decisions


class NoContext(TypedDict):
    """Decisions whose facts are all in the view (opening, lookout, turn)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]


class TileContext(TypedDict):
    """A tile's action under way (construct, harvest; extra: the optional card before it)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: str


class SailContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: str
    common: bool
    """A common ship lent by a card (EN-GAP-12)."""


class HostContext(TypedDict):
    """An upgrade being built: which production location takes it, or alone."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: str
    card: int
    """The card being built (seen chosen by everybody)."""


class SourceContext(TypedDict):
    """An effect decision (alt, relocate, forward, launch): the card it comes from."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    source: str
    source_pos: list[int]
    """The decider's empire cards of that name (empty for a boost from the hand)."""


class CountedSourceContext(SourceContext):
    """refresh, release: the card the effect comes from and how many are left to do."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    left: int


class CopyContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    pos: int
    """The copy location just built, in the decider's empire."""


class VoyageContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: ShipView
    """The ship at sea choosing an island."""


class LandingContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: ShipView
    deck: str
    """near or distant: the deck the island was taken from."""
    island: int
    """The island turned up (a card)."""


class PayContext(TypedDict):
    """How to pay ``cost`` (EN-9.21), for building ``card``, moving ``disc`` to ``tile`` or
    using the card at ``pos``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    cost: dict[str, int]
    purpose: str
    """build, move or use."""
    card: NotRequired[int]
    disc: NotRequired[int]
    tile: NotRequired[str]
    pos: NotRequired[int]


DECISION_SCHEMAS = {
    "opening": NoContext,
    "lookout": NoContext,
    "turn": NoContext,
    "extra": TileContext,
    "host": HostContext,
    "construct": TileContext,
    "harvest": TileContext,
    "sail": SailContext,
    "alt": SourceContext,
    "copy": CopyContext,
    "refresh": CountedSourceContext,
    "release": CountedSourceContext,
    "relocate": SourceContext,
    "forward": SourceContext,
    "launch": SourceContext,
    "voyage": VoyageContext,
    "landing": LandingContext,
    "pay": PayContext,
}
"""The context of each decision kind (``Game.decision_schemas``)."""
