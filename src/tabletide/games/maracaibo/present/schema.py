"""The schema of Pirates of Maracaibo's view: ``observation(seat)["state"]``
(:class:`MaracaiboView`) and the ``context`` of each decision kind (:data:`DECISION_SCHEMAS`),
as TypedDicts that the conformance suite holds every observation to (strict, no undeclared key).

Words in the view (card texts, effects in words, prompts) are for people; the pictures read the
numbers, ids and flags beside them.
"""

from __future__ import annotations

from typing import Any, NotRequired

from typing_extensions import TypedDict

from tabletide.engine.view import FORBID

# ------------------------------------------------------------------------------ printed facts


class CardInfo(TypedDict):
    """A card's printed facts. Upgrade cards add category to endgame, residences cost to cap,
    locations their action groups (each a list of alternatives in words)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    card: int
    """Its index in ``content.cards``."""
    id: str
    name: str
    level: int
    type: str
    """``upgrade``, ``residence`` or ``location``."""
    text: str
    category: NotRequired[str]
    cost: NotRequired[int]
    vp: NotRequired[int]
    income: NotRequired[list[int]]
    """Upgrade: ``[doubloons, VP]`` of income."""
    lightning: NotRequired[list[str]]
    """Upgrade: its one-time effects in words, in printed order."""
    permanent: NotRequired[list[str]]
    endgame: NotRequired[list[str]]
    condition: NotRequired[str]
    """Residence: what it scores, in words."""
    cap: NotRequired[int]
    """Residence: the most VP it scores (0: no cap)."""
    actions: NotRequired[list[list[str]]]
    """Location: its action groups, each a list of alternatives in words."""


class Smuggler(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    owner: int
    tile: int
    text: str


class Cell(TypedDict):
    """A node of the 9 x 4 grid: water, an island or a card slot (``kind``: ``water``,
    ``island`` or ``card``), with what lies on it. A face-up card adds its printed
    facts (the keys of :class:`CardInfo`)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    node: int
    col: int
    row: int
    ships: list[int]
    kind: str
    """``water``, ``island`` or ``card``."""
    island: NotRequired[str]
    """An island's treasure type."""
    empty: NotRequired[bool]
    """A bought card's slot, before it is refilled."""
    blank: NotRequired[bool]
    """A blank level I card from the box (MA-5.15)."""
    face_down: NotRequired[bool]
    coins: NotRequired[int]
    """Doubloons on a face-down location (Uncharted Waters: Locations)."""
    face_down_type: NotRequired[str]
    refill: NotRequired[str]
    """The colour of the refill tile on a location."""
    residents: NotRequired[list[int]]
    """Who built the residence, in building order."""
    smuggler: NotRequired[Smuggler]
    ruby_supply: NotRequired[bool]
    card: NotRequired[int]
    id: NotRequired[str]
    name: NotRequired[str]
    level: NotRequired[int]
    type: NotRequired[str]
    text: NotRequired[str]
    category: NotRequired[str]
    cost: NotRequired[int]
    vp: NotRequired[int]
    income: NotRequired[list[int]]
    lightning: NotRequired[list[str]]
    permanent: NotRequired[list[str]]
    endgame: NotRequired[list[str]]
    condition: NotRequired[str]
    cap: NotRequired[int]
    actions: NotRequired[list[list[str]]]


class Island(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    cubes: int
    value: int
    """VP per treasure of this type at the end (MA-7.6)."""


class TrackSpace(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    space: int
    effects: str
    next: list[int]
    river: list[int]
    explorers: list[int]


class Quest(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    quest: int
    text: str


class OwnQuest(Quest):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    fulfilled: bool


class Figurehead(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    fig: int
    letter: str
    name: str
    text: str


class FigureheadInfo(Figurehead):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    special: str | None


class ShipSlot(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    zone: int
    text: str
    permanent: bool


class ShipBoard(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    thresholds: list[int]
    slots: list[ShipSlot]


class RubySpace(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    text: str
    taken: bool


class HideoutSection(TypedDict):
    """One treasure type's section of the hideout, in words: its bonus spaces and its buried
    treasure spaces."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    bonus: list[str]
    buried: list[str]


class Treasure(TypedDict):
    """One participant's treasure of one type."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    above: int
    """Stored above the burial line."""
    bonus: list[int]
    """The bonus spaces taken."""
    buried: int
    burial: list[int]
    """The burial spaces taken."""
    total: int


class Counts(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    buried: int
    crew: int
    equipment: int
    ship: int
    residences: int


class Final(TypedDict, total=False):
    """A participant's final scoring by category (``facts.SCORE_CATEGORIES``)."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    game: int
    rivers: int
    doubloons: int
    card_vp: int
    card_goals: int
    cards: int
    residences: int
    treasure: int
    buried: int
    quests: int
    six_quests: int
    rubies: int


class Player(TypedDict):
    """A participant (John Silver too, in the solo game). ``quests`` only for the seat itself
    and after the end; the ``john_*`` keys and ``level`` only for John Silver; ``final`` after
    the end, ``counts`` before it."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    index: int
    name: str
    john: bool
    doubloons: int
    vp: int
    ship: int
    explorer: int
    rivers: int
    income: list[int]
    cards: list[CardInfo]
    residences: list[str]
    treasure: dict[str, Treasure]
    """By treasure type (``gold``, ``emerald``, ``pearl``)."""
    slots: list[int]
    """Ship-board slots with a cube."""
    figurehead: int
    smugglers_left: list[int]
    quest_count: int
    rubies: int
    retired: bool
    poseidon: list[int]
    """Poseidon's four burial spaces: the treasure type on each, -1 when free."""
    figurehead_info: FigureheadInfo | None
    smuggler_texts: list[str]
    quests: NotRequired[list[OwnQuest]]
    level: NotRequired[int]
    john_slots: NotRequired[int]
    john_space: NotRequired[int]
    john_levels: NotRequired[list[int]]
    john_board: NotRequired[list[list[str]]]
    final: NotRequired[Final]
    counts: NotRequired[Counts]


class MaracaiboView(TypedDict):
    """``observation(seat)["state"]``."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    round: int
    active: int
    ending: bool
    """A ship reached Maracaibo: the last turns of the round."""
    modules: list[str]
    layout: str
    solo: bool
    islands: dict[str, Island]
    grid: list[Cell]
    start: list[int]
    bay: list[int]
    maracaibo: list[int]
    track: list[TrackSpace]
    retirement: int | None
    quest_offer: list[Quest]
    quest_deck: int
    level2: int
    level2_top: CardInfo | None
    figureheads: list[Figurehead]
    figurehead_names: list[str]
    smuggler_tiles: list[str]
    """Each smuggler tile's face-up side in words, by tile."""
    smuggler_sides: list[int]
    """Which side of each tile is used this game (``content.smugglers[tile][side]``)."""
    ship_board: ShipBoard
    ruby_market: list[RubySpace]
    solo_deck: int | None
    solo_revealed: int | None
    bay_actions: list[str]
    maracaibo_effects: str
    hideout: dict[str, HideoutSection]
    players: list[Player]


# ------------------------------------------------------------------------------ decisions
class Nothing(TypedDict):
    """A decision whose facts are all in the view already."""

    __pydantic_config__ = FORBID  # type: ignore[misc]


class At(TypedDict):
    """A decision about one node: the card the ship stopped on."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: int


class Move(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: int
    moves: int
    """How many spaces the ship may sail."""


class Step(TypedDict):
    """Sailing space by space (MA-9.7): where the ship is, the column it began in, the spaces
    left and the path so far."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: int
    start_column: int
    moves_left: int
    path: list[int]


class Pay(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    to: list[int]
    """The seats still owed a doubloon."""


class Space(TypedDict):
    """A location's (or the Bay's) actions: ``at`` the node, its action groups (each a list of
    alternatives in words; ``act group=g alt=i`` names ``groups[g][i]``), the groups done."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    at: int
    done: list[int]
    groups: list[list[str]]


class Lightning(TypedDict):
    """A gained card's one-time effects (``effect i=k`` names ``effects[k]``), those left."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    card: int
    name: str
    effects: list[str]
    left: list[int]


class Color(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    purpose: str
    """``treasure``, ``refill`` or ``raid_as``."""
    n: int


class Store(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    color: str
    """The treasure type being placed."""


class Reroll(TypedDict):
    """The raid's three dice (gold, emerald, pearl order), each die's strength with the
    raider's bonuses, and the rerolls left."""

    __pydantic_config__ = FORBID  # type: ignore[misc]
    dice: list[int]
    strengths: list[int]
    rerolls: int


class Spend(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    color: str
    """The chosen die's treasure type."""
    strength: int
    """Strength left to spend."""
    used: list[int]
    """Raid actions already spent this raid (ids)."""
    actions: list[RaidAction]
    """The decider's raid actions, numbered as the ``spend`` action's ``action``."""


class RaidAction(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    action: int
    """The id a ``spend`` action names (the ship's own, a slot's, the figurehead's, a card's)."""
    strength: int
    """The strength it costs."""
    gives: list[dict[str, Any]]
    """What it gives: the content's effect records."""
    source: str
    """Where it is printed, in words."""


class Target(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    space: int
    rivers: int
    """New rivers crossed on the way."""


class Trade(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    trade: int
    """The trade's id, the ``source`` of its ``trade`` action: its source's raid-action id
    base (a ship slot, the figurehead or an upgrade card; ``constants.RAID_*``)."""
    steps: int
    gives: str
    source: str


class Explore(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    steps: int
    targets: list[Target]
    trades: list[Trade]


class Bury(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    left: int
    """Treasures that may still be buried by this effect."""


class QuestChoice(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    refreshed: bool
    """The Whale's refresh is used. ``quest quest=q`` takes quest ``q`` of the offer (the
    view's ``quest_offer``), ``quest=-1`` the deck's top."""


class Buy(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    category: str | None
    surcharge: int


class SmugglerChoice(TypedDict):
    __pydantic_config__ = FORBID  # type: ignore[misc]
    price: int


DECISION_SCHEMAS: dict[str, Any] = {
    "draft": Nothing,
    "move": Move,
    "step": Step,
    "pay": Pay,
    "upgrade_space": At,
    "residence_space": At,
    "smuggle_here": At,
    "ship_upgrade": Nothing,
    "location": Space,
    "bay": Space,
    "lightning": Lightning,
    "color": Color,
    "store": Store,
    "reroll": Reroll,
    "spend": Spend,
    "explore": Explore,
    "bury": Bury,
    "quest": QuestChoice,
    "quest_sell": Nothing,
    "buy": Buy,
    "figurehead": Nothing,
    "smuggler": SmugglerChoice,
    "activate": Nothing,
    "residence": Nothing,
    "ruby": Nothing,
    "sell_ruby": Nothing,
    "retire": Nothing,
}
"""The ``context`` of each decision kind (``facts.decision_context``)."""
