"""The schema of a Tiny Epic Pirates view: ``observation(seat)["state"]`` (:class:`PiratesView`)
and the ``context`` of each decision kind (:data:`DECISION_SCHEMAS`). The conformance suite
validates every observation of random games against them (pydantic, strict); a key that is not
declared here is an error, so this module is the documentation of the view.

Positions on the sea are ``row * 4 + col`` (0-based; ``-1``: not on the sea yet); ships are
indexed seats first, then (solo only) the Legendary Pirate."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from tabletide.engine.view import FORBID

# ------------------------------------------------------------------------------ the view


class BurialSpot(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    cost: int
    treasure: int
    """The ship whose treasure lies here, -1 = free."""


class SeaCard(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: int
    name: str
    colony: int
    """Loot symbols of its colony; 0 = none."""
    market: str | None
    """The loot type its market buys."""
    cove: bool
    storm: bool
    burial: list[BurialSpot]
    search_token: bool
    """A face-down search token lies here (its kind is hidden from everyone)."""
    port: bool


class BonusAction(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    kind: str
    amount: int
    loot: list[str]
    faces: list[int]


class BonusRow(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    trigger: str
    """The order whose captain move activates the row."""
    actions: list[BonusAction]


class CrewCard(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    name: str
    dice: list[int]
    hits: int
    bonus: BonusRow | None


class Assignments(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    rigging: int
    cannons: int
    extortion: int
    repairs: int


class SoloBonus(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    trigger: str
    sail: int
    hits: int
    gold: int


class SoloSpace(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    orders: list[str]
    hits: int


class SoloLevel(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    dice: int
    sail: int
    hits: int


class Ship(TypedDict):
    """A pirate ship and its sheets. A seat's ship has the keys of a pirate; the Legendary
    Pirate (``legendary``) has those of its solo sheets instead."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    name: str
    legendary: bool
    at: int
    hidden: bool
    """Hiding in the cove of its card."""
    gold: int
    cargo: list[str]
    buried: int
    helm: list[str]
    """The order on each helm space; space 0 is Hide."""
    captain_at: int
    helm_deckhands: list[int]
    """The helm spaces holding a deckhand."""
    assignments: Assignments
    crew: list[CrewCard]
    turns: int
    # a seat's ship
    infamy: NotRequired[int]
    infamy_levels: NotRequired[int]
    infamy_name: NotRequired[str]
    sail: NotRequired[int]
    dice: NotRequired[int]
    mutiny: NotRequired[bool]
    volley: NotRequired[int]
    kept_tokens: NotRequired[list[str]]
    spare_deckhand: NotRequired[bool]
    captain: NotRequired[str]
    captain_side: NotRequired[int]
    captain_dice: NotRequired[list[int]]
    captain_hits: NotRequired[int]
    captain_bonus: NotRequired[BonusRow | None]
    # the Legendary Pirate's
    bridge: NotRequired[str]
    targets: NotRequired[list[str]]
    bridge_dice: NotRequired[list[int]]
    bridge_bonuses: NotRequired[list[SoloBonus]]
    action_track: NotRequired[list[SoloSpace]]
    personality: NotRequired[str]
    gold_track: NotRequired[int]
    action_space: NotRequired[int]
    level: NotRequired[SoloLevel]


class MerchantCard(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    value: int
    damage: int
    gold: int
    infamy_upto: int


class MerchantShip(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    colour: str
    at: int
    bound_for: int
    loot: str | None
    card: MerchantCard


class BreakdownRow(TypedDict):
    """What ranks a seat at the end (PC-5.27.3): treasures, then the tie-breaks in order."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    seat: int
    treasures: int
    tie_break_1_infamy: int
    tie_break_2_gold: int
    tie_break_3_loot_aboard: int


class PiratesView(TypedDict):
    """``observation(seat)["state"]``: the whole table; nothing in it is secret to one seat."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    round: int
    active: int | None
    """The seat whose turn it is; None on the Legendary Pirate's turn."""
    sea: list[SeaCard]
    ships: list[Ship]
    navy: int
    ports: list[int]
    merchants: list[MerchantShip]
    merchant_deck: int
    market: dict[str, int]
    """Gold per cube sold, by loot type."""
    bag: int
    crew_row: list[CrewCard]
    crew_deck: int
    end_triggered: bool
    solo: bool
    breakdown: NotRequired[list[BreakdownRow]]
    """At the end only: the ranking with its tie-breaks (the points are in ``final_scoring``)."""


# ------------------------------------------------------------------------------ decisions


class ShipContext(TypedDict):
    """The ship the decision is about (start, side, free, storm, sell, recruit, target,
    new_hand, exchange)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int


class PortsContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    diagonals: list[list[int]]
    """The two corner pairs, indexed by the ``ports`` action's ``diagonal``."""


class NavyContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ports: list[int]


class HelmMove(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    steps: int
    """The ``captain`` action's ``steps``."""
    space: int
    order: str
    deckhands: int
    """Deckhands to place on the skipped spaces."""
    crosses_ship_line: bool


class HelmContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    captain_at: int
    moves: list[HelmMove]
    """Every move of 1-5 spaces; the legal actions are those the deckhands can pay for."""


class PayContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    space: int
    """The helm space skipped."""


class ListContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    why: str


class SailRoute(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    direction: int
    to: int
    storm: bool


class SailContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    at: int
    moves_left: int
    routes: list[SailRoute]
    """Every adjacent card by the ``sail`` action's ``direction``."""


class OrderContext(TypedDict):
    """The captain's order (order, bonus)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    order: str


class CargoContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    loot: str
    """The new cube that does not fit."""


class ReleaseContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    recruited: str
    """The crew card recruited, waiting for a free slot."""


class BattleSide(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    dice: list[int]
    fixed: list[bool]
    """Dice a volley token set (they cannot change again)."""
    symbols: list[int]
    """The die faces that match a symbol on the ship's cards."""
    damage: int
    """The damage these dice deal now (matches, Cannons, automatic hits)."""


class Battle(TypedDict):
    """The battle under way: the attacker's dice, then the defending ship's (once rolled) or
    the merchant's fixed damage."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    attack: BattleSide
    defender: int | None
    """The defending ship; None when a merchant defends."""
    merchant: str | None
    merchant_damage: int | None
    defence: BattleSide | None


class RerollContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    card: str
    """The crew card whose reroll is used."""
    faces: list[int]
    """The faces it may reroll."""
    rerolled: list[bool]
    battle: Battle | None


class VolleyContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    tokens: int
    battle: Battle | None


class PortContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    merchant: str
    ports: list[int]
    """The ports, indexed by the ``port`` action's ``port``."""


class ReassignContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    mode: str
    """"hide" or "reorganize"."""
    moved: list[int]
    """Deckhands moved so far to each assignment."""


class BuryContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    at: int
    """The card whose burial spots are offered (the ``bury`` action's ``spot``)."""


class PickMerchantContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    moves: int


class Route(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    direction: int
    to: int


class DriveContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    ship: int
    vessel: str
    """"navy", "orange" or "green"."""
    at: int
    moves_left: int
    routes: list[Route]
    """The cards it may enter by the ``drive`` action's ``direction``."""


class SteerContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    vessel: str
    at: int
    goal: int
    routes: list[Route]
    """The steps one card nearer the goal, by the ``steer`` action's ``direction``."""


class PickContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    purpose: str
    """"start", "cove" or "bury": the Legendary Pirate's tie seat 0 breaks."""
    options: list[int]


DECISION_SCHEMAS: dict[str, type] = {
    "ports": PortsContext,
    "navy": NavyContext,
    "start": ShipContext,
    "side": ShipContext,
    "helm": HelmContext,
    "pay": PayContext,
    "free": ShipContext,
    "list": ListContext,
    "sail": SailContext,
    "storm": ShipContext,
    "order": OrderContext,
    "cargo": CargoContext,
    "sell": ShipContext,
    "recruit": ShipContext,
    "release": ReleaseContext,
    "target": ShipContext,
    "reroll": RerollContext,
    "volley": VolleyContext,
    "port": PortContext,
    "reassign": ReassignContext,
    "new_hand": ShipContext,
    "bonus": OrderContext,
    "bury": BuryContext,
    "exchange": ShipContext,
    "pick_merchant": PickMerchantContext,
    "drive": DriveContext,
    "steer": SteerContext,
    "pick": PickContext,
}
"""The context TypedDict of each decision kind (``Game.decision_schemas``)."""
