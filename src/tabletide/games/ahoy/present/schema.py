"""The schema of Ahoy's view (issue 21): ``observation(seat)["state"]`` (:class:`AhoyView`) and
the ``context`` of each decision kind (:data:`DECISION_SCHEMAS`), as TypedDicts that forbid
keys they do not name. The conformance suite validates every observation of random games
against them in pydantic's strict mode, so this file is the documentation of the view.

Spaces are ``[x, y]`` from the map's origin (as the log names them, ``y`` grows southward);
figures are numbered as in ``constants`` (flagships by seat, patrols, forts, cutter, gunboat);
a market card is named by its id, a die spot by its number (board 0-7, crew card ``8 + id``,
ship cards 38-41).
"""

from __future__ import annotations

from typing import Any, NotRequired

from typing_extensions import TypedDict

from tabletide.engine.view import FORBID

# ------------------------------------------------------------------------------ the table


class CellView(TypedDict):
    """A space of the map (or of the drawn tile)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: list[int]
    region: int
    """The region it belongs to (-1 on the drawn tile)."""
    terrain: str
    """open, island, wreck, harbor, fog or current."""
    symbol: str | None
    """An island's symbol."""
    tailwind: int
    """The tailwind mark's value, 0 = none."""
    gold: int
    """Treasure, in gold."""
    current: str | None
    """A strong current's direction (north, east, south, west)."""
    sandbars: list[str]
    """The sides of the space a sandbar blocks."""


class Control(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    fleet: int
    union: int


class RegionView(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    region: int
    tile: int
    name: str
    island: list[int]
    symbol: str
    wealth: int
    allies: int
    fort: bool
    control: Control
    """Control points (AH-7.2)."""


class FigureView(TypedDict):
    """A figure on the map."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    fig: int
    kind: str
    """flagship, patrol, fort, cutter or gunboat."""
    name: str
    owner: int
    at: list[int]


class CardView(TypedDict):
    """A marketplace card: crew on top, cargo below."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    card: int
    crew: str
    name: str
    symbol: str
    cost: int
    cargo: str
    cargo_symbol: str


class GridSpace(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    kind: str
    amount: int


class SpotView(TypedDict):
    """A die spot of a seat: board, crew card or ship card."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    spot: int
    name: str
    dice: list[int]
    damaged: bool
    need: NotRequired[str]
    """Board spots only: the die it takes (any, even, 5-6)."""
    dashed: NotRequired[bool]
    """Board spots only: a dashed spot takes no damage."""


class RewardTokens(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    white: int
    black: int


class Favor(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    fleet: list[CardView]
    union: list[CardView]


class PlayerView(TypedDict):
    """A seat's area; the keys of other factions are absent."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    seat: int
    faction: str
    fame: int
    gold: int
    hand: list[int]
    """Dice not yet placed this round, by value."""
    spots: list[SpotView]
    crew: list[CardView]
    flagship: list[int] | None
    # Smugglers
    cargo: NotRequired[list[CardView]]
    delivered: NotRequired[int]
    reward_tokens: NotRequired[RewardTokens]
    favor: NotRequired[Favor]
    """Only in the Smuggler's own view: the cards under each favor token."""
    # the Fleet
    patrols_in_supply: NotRequired[int]
    forts_in_supply: NotRequired[int]
    # the Union
    ready_allies: NotRequired[int]
    ally_supply: NotRequired[int]
    plans_in_hand: NotRequired[int]
    ship_cards: NotRequired[list[str]]
    plans: NotRequired[list[str]]
    """Only in the Union's own view: the plans in its hand."""


class FightView(TypedDict):
    """The battle under way (public)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: list[int]
    attacker: int
    """The attacking seat."""
    defender: int
    """The defending figure, -1 while the attacker chooses it."""
    mover: int
    """The attacking figure."""
    defender_seat: NotRequired[int]
    modifier: NotRequired[list[int]]
    """Attacker's and defender's totals without their dice."""
    two_dice: NotRequired[list[bool]]
    roll: NotRequired[list[int]]
    ignored: NotRequired[bool]
    winner: NotRequired[int]
    """0 attacker, 1 defender, -1 not yet."""


class DrawnView(TypedDict):
    """The region tile being placed, in each of its 4 turns, its corner at (0,0)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: int
    name: str
    turns: list[list[CellView]]


class BreakdownRow(TypedDict):
    """A seat's fame by source at the end (also ``final_scoring``)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    seat: int
    regions: int
    deliveries: int
    reward_grid: int
    favor_cards: int


class AhoyView(TypedDict):
    """``observation(seat)["state"]``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    round: int
    first: int
    active: int
    cells: list[CellView]
    regions: list[RegionView]
    figures: list[FigureView]
    market: list[CardView]
    market_deck: int
    removed: list[CardView]
    supply: int
    plan_deck: int
    plan_discard: list[str]
    reward_grid: list[GridSpace]
    gold_bank: int
    players: list[PlayerView]
    fight: FightView | None
    drawn: DrawnView | None
    breakdown: NotRequired[list[BreakdownRow]]


# ------------------------------------------------------------------------------ decisions


class NoContext(TypedDict):
    """A decision whose facts are all on the table (or in its actions)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]


class TurnContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    placed: int
    """Dice placed this turn."""
    quota: int
    """Dice to place this turn."""
    gold_to_turn: list[int]
    """The gold it costs this seat to turn a die by 0, 1, ... 5 pips (the Fence halves it)."""


class StepOption(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    dir: int
    """The ``dir`` of the ``step`` action: 0-3 = north, east, south, west."""
    to: list[int]
    explores: bool
    """Off the map: the step explores (a new region tile)."""


class StepContext(TypedDict):
    """A move one space at a time (AH-5.11): the figure, its space, the steps left and where
    each direction goes. Which directions are open is in the legal actions."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    figure: int
    at: list[int] | None
    steps_left: int
    steps: list[StepOption]


class ExploreContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    figure: int
    at: list[int] | None
    target: list[int]
    """The space off the map being explored; the tile is ``state["drawn"]``."""
    dir: str


class TileContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    tile: int


class CurrentOption(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    dir: int
    """The ``dir`` of the ``current`` action (4: ignore it)."""
    to: list[int]


class CurrentContext(TypedDict):
    """The Sea Wolf or the Lookout steers a current or fog (AH-A.10, AH-A.17)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    figure: int
    at: list[int]
    arrow: str | None
    options: list[CurrentOption]


class TailwindContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    figure: int
    at: list[int] | None
    value: int
    """The die value whose tailwind marks it may jump to (0: any)."""
    rider: str | None
    """patrol (Fleet) or allies (Union): what it may do where it lands."""


class HitContext(TypedDict):
    """A damage token to place (AH-5.29): on whose die spots."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    victim: int
    ship: str | None
    """cutter or gunboat: the damage goes on that ship's card."""
    board_only: bool


class RepairContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    left: int
    fixed: int


class MovedContext(TypedDict):
    """Order / Persuasive Officer: the patrols (figures) moved so far."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    moved: list[int]


class WhisperContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    used: list[int]
    """Regions that got an ally already."""


class CountContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    why: str
    region: int
    most: int


class AtContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: list[int]


class RegionContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    region: int


class BattleContext(TypedDict):
    """A battle decision: the battle is ``state["fight"]``; ``side`` decides (Cannons, Rum)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: list[int] | None
    side: NotRequired[str]


class FigureContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    figure: int
    at: list[int] | None


class VictimContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    victim: int


class CardContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    card: int


class RecruitFreeContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    optional: int
    """1: recruiting nothing is allowed."""


class NegotiateContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    region: int
    recruited: int


class WhyContext(TypedDict):
    """What asks: mystic/monkey (target), breeze/gust (goto), stealth/drive (region)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    why: str


class PlanContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    plan: str
    """The plan played (face up)."""


class StealthContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    region: int
    removed: int


class EvacContext(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    region: int
    """The island evacuated."""
    left: int


DECISION_SCHEMAS: dict[str, Any] = {
    "start": NoContext,
    "turn": TurnContext,
    "pay_die": CardContext,
    "step": StepContext,
    "explore": ExploreContext,
    "tile": TileContext,
    "tailwind": TailwindContext,
    "harbor": NoContext,
    "rider_patrol": AtContext,
    "rider_allies": RegionContext,
    "current": CurrentContext,
    "hit": HitContext,
    "repair": RepairContext,
    "order": MovedContext,
    "officer": MovedContext,
    "deploy": NoContext,
    "whisper": WhisperContext,
    "count": CountContext,
    "fort": NoContext,
    "pick_defender": BattleContext,
    "battle_plan": BattleContext,
    "cannons": BattleContext,
    "rum": BattleContext,
    "reward": BattleContext,
    "ram": FigureContext,
    "buccaneer": VictimContext,
    "gunner_target": NoContext,
    "grid": NoContext,
    "favor": CardContext,
    "overboard": NoContext,
    "recruit_free": RecruitFreeContext,
    "negotiate": NegotiateContext,
    "target": WhyContext,
    "noble": NoContext,
    "goto": WhyContext,
    "ally_move": NoContext,
    "evac_from": NoContext,
    "evac_to": EvacContext,
    "region": WhyContext,
    "island": PlanContext,
    "stealth": StealthContext,
    "drive": RegionContext,
    "raise": NoContext,
    "clear_market": NoContext,
}
"""The context's schema of every decision kind (``Game.decision_schemas``)."""
