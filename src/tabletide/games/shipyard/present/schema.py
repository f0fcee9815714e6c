"""The schema of Shipyard's view: ``observation(seat)["state"]`` (:class:`ShipyardView`) and the
``context`` of each decision kind (:data:`DECISION_SCHEMAS`).

The board picture and the text view read these values and nothing else; the conformance suite
validates every observation of random games against them (pydantic, strict). Keys that are not
Python names (``"left middle"``, ``"sail/funnel"``) use the functional TypedDict form.
"""

from __future__ import annotations

from typing import Any, NotRequired

from typing_extensions import TypedDict

from tabletide.engine.view import FORBID


# ---------------------------------------------------------------------------- the table
class TrackTile(TypedDict):
    """An action tile on the track (SY-4.0)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: str
    id: int
    space: int
    behind_leader: int
    leading: bool
    occupied_by: list[int]
    """Seats with a figure on the tile (a seat twice for two figures)."""
    income: int | None
    """Coins for choosing the tile now; None when a figure stands on it."""


class Part(TypedDict):
    """A ship part in a shipyard cell (or in hand): ``id`` None is a substitute (SY-5.1.9)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    type: str
    """bow, middle or stern."""
    id: int | None
    part: str
    """The part in words."""


class OfferPart(Part):
    price: int


Offer = TypedDict(
    "Offer",
    {
        "bow": list[OfferPart | None],
        "left middle": list[OfferPart | None],
        "right middle": list[OfferPart | None],
        "stern": list[OfferPart | None],
    },
)
"""The part offer's four columns, each bottom (row 1, cheapest) first."""
Offer.__pydantic_config__ = FORBID  # type: ignore[attr-defined]


class MiddleDecks(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    A: int
    B: int


class Decks(TypedDict):
    """Cards left in each face-down part deck."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    bow: int
    middle: MiddleDecks
    stern: int


class Wagon(TypedDict):
    """A goods wagon tile: its id (14 is a starting tile) and its goods."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    id: int
    goods: list[str]


class OfferWagon(Wagon):
    price: int


class OfferCanal(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    card: int
    canal: str
    """The card in words."""
    price: int


class Circle(TypedDict):
    """The equipment or crew circle: its four items clockwise and the pointer's space."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    items: list[str]
    pointer: int


class Exchange(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    pointer: int
    prices: dict[str, int]
    """Goods -> coins at the pointer's space."""


class Oval(TypedDict):
    """The employee oval: per space, the top employee of each of its three stacks."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    pointer: int
    spaces: list[list[str | None]]
    """Names (None: an empty stack)."""
    employee_ids: list[list[int | None]]
    """The same employees by content id."""


class FleetShip(TypedDict):
    """A ship that has sailed: what it carries and its speed before employee bonuses."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    parts: int
    items: dict[str, int]
    speed: int


class PlacedCanal(TypedDict):
    """A card of a seat's canal system at cell ``(x, y)``, turned ``rotation`` quarter turns."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    x: int
    y: int
    card: int
    rotation: int
    canal: str


class Player(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    seat: int
    coins: int
    vp: int
    supply: dict[str, int]
    """Item -> count in the shipyard supply (items with none left out)."""
    shipyard: list[Part | None]
    """The shipyard's cells, left to right."""
    finished_ships: list[list[int]]
    """``[first, last]`` cells of each completed ship in the shipyard (SY-6.2)."""
    fleet: list[FleetShip]
    employees: list[str]
    employee_ids: list[int]
    wagons: list[Wagon]
    canals: list[PlacedCanal]
    boat: list[int] | None
    """``[x, y, space, stern_x, stern_y, stern_space]`` (see ``canals.Boat``)."""
    used_canals: int
    contracts_held: int
    figures: list[str]
    """Names of the tiles under the seat's figures."""


Mounts = TypedDict("Mounts", {"sail/funnel": int, "propeller": int, "crane": int, "cannon": int})
Mounts.__pydantic_config__ = FORBID  # type: ignore[attr-defined]


class Safety(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    lifebuoys: int
    lifeboats: int
    lanterns: int


class PendingShip(TypedDict):
    """The ship being fitted or sailing: its room against what is on board (SY-6.3-6.5)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    parts: int
    items: dict[str, int]
    cabins: int
    mounts: Mounts
    safety: Safety
    speed: int
    """Before employee bonuses."""


class Contract(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    id: str
    colour: str
    text: str


class ScoredContract(Contract):
    vp: int


class Revealed(TypedDict):
    """At the end (SY-7.6): a seat's sailed ships, revealed contracts and coins (tie-break).
    The VP by category are in the view's ``final_scoring``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    seat: int
    ships: int
    contracts: list[ScoredContract]
    coins: int


class ShipyardView(TypedDict):
    """``observation(seat)["state"]``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    starting_player: int
    round_marker: int
    """The player count at the start, 0 = the end symbol (SY-4.14.4)."""
    early_end: bool
    final_phase: bool
    track: list[TrackTile]
    """Leading tile first."""
    offer: Offer
    decks: Decks
    wagon_offer: list[OfferWagon]
    canal_offer: list[OfferCanal]
    equipment_circle: Circle
    crew_circle: Circle
    exchange: Exchange
    oval: Oval
    players: list[Player]
    ship: NotRequired[PendingShip]
    """Between a launch and the end of its voyage."""
    revealed: NotRequired[list[Revealed]]
    """Only at the end."""
    my_contracts: NotRequired[list[Contract]]
    """Only for a seat (not the spectator): its own secret contracts."""


# ---------------------------------------------------------------------------- decisions
class NoContext(TypedDict):
    """A decision whose legal actions name everything it is about."""

    __pydantic_config__ = FORBID  # type: ignore[misc]


class MenuContext(TypedDict):
    """After choosing a tile: ``tile`` is the chosen one (its main action)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: int
    main_done: bool
    bonus_done: bool


class BuildContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    bought: int
    """Parts bought so far in this action (SY-5.1.2: at most 3)."""
    last_chance: bool
    """The final phase's last chance: one part that completes a ship, or pass (SY-7.5)."""


class PlaceContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    part: Part
    """The part in hand."""
    last_chance: bool


class NewCanalContext(TypedDict):
    """``first_canal`` and ``place_canal``: the card just rented (unturned)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    card: int


class CircleContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    circle: str
    """equipment or crew."""
    pointer: int
    targets: list[int]
    """``targets[k]``: the circle space the pointer reaches with ``steps=k + 1``."""


class OvalContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    pointer: int
    targets: list[int]
    """``targets[k]``: the oval space the pointer reaches with ``steps=k + 1``."""


class HireContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    space: int
    """The oval space whose stacks ``hire slot=k`` takes from."""


class WagonContext(TypedDict):
    """Trading a wagon tile at the stock exchange, one wagon (good) at a time."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: int
    goods: str
    """The good of the wagon being traded now."""
    index: int
    swapped: list[str]
    """Items already taken in swaps for this tile (SY-5.7.4)."""


class LaunchContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ships: list[list[int]]
    """``[first, last]`` cells of each completed ship; ``launch cell=first`` sails it."""


class FitContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    speed: int
    """The ship's speed as fitted so far (the ship itself: the view's ``ship``)."""


class BoostContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    speed: int
    max_boost: int


class RouteContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    speed: int
    moves_made: int
    options: list[list[int]]
    """The water spaces the boat may enter, ``[x, y, space]`` in the order of the ``sail``
    actions (``sail canal=<the card at (x, y)> space=<space>``); the text view lists them."""


class DiscardContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    keep: int
    """Contracts of each colour the seat keeps."""


DECISION_SCHEMAS: dict[str, Any] = {
    "choose_tile": NoContext,
    "menu": MenuContext,
    "build": BuildContext,
    "place": PlaceContext,
    "canal": NoContext,
    "first_canal": NewCanalContext,
    "place_canal": NewCanalContext,
    "circle": CircleContext,
    "oval": OvalContext,
    "hire": HireContext,
    "goods": NoContext,
    "exchange": NoContext,
    "wagon": WagonContext,
    "launch": LaunchContext,
    "fit": FitContext,
    "boost": BoostContext,
    "route": RouteContext,
    "discard": DiscardContext,
    "final": NoContext,
}
"""Decision kind -> the TypedDict of its ``context``."""
