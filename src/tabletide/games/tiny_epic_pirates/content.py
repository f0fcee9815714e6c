"""Tiny Epic Pirates' components as data: the schema and the loader.

The rulebook (``shared/rules/pirate-code.md``) names every kind of component but prints none of
the card lists, so most records here are stand-ins (``provenance: "stand-in"``) tagged with the
PC-GAP they answer. A user who owns the printed game can transcribe the real components into the
same files; ``load_content()`` validates them.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletide.games.content import Record, read_content

LOOT = ("sugar", "rum", "gunpowder", "coffee")
"""The four loot types (PC-5.1.2): sugar cane (beige), rum (purple), gunpowder (grey), coffee."""
ORDERS = ("hide", "plunder", "trade", "recruit", "search", "attack")
"""Helm orders: Hide is printed on space 0, the other five are the order tokens (PC-GAP-8.1)."""
SEARCH_KINDS = ("gold2", "gold3", "volley", "loot", "sail2", "storm")
"""Search tokens (PC-5.13): four instant kinds, then the two keep kinds."""
KEEP_KINDS = ("sail2", "storm")

Loot = Literal["sugar", "rum", "gunpowder", "coffee"]
Order = Literal["hide", "plunder", "trade", "recruit", "search", "attack"]
SoloOrder = Literal["plunder", "trade", "recruit", "search", "attack"]
Target = Literal["orange", "green", "you"]
TARGETS: tuple[str, ...] = get_args(Target)
"""Solo helm targets (PC-6.5.1): a merchant ship or the human's ship."""
BonusKind = Literal[
    "bury",
    "special_trade",
    "exchange",
    "sail_navy",
    "sail_merchant",
    "gold",
    "reroll",
    "reorganize",
    "sail",
    "plunder",
    "trade",
    "recruit",
    "search",
    "attack",
]
"""Bonus actions (PC-5.20). The last five copy the order of the same name (PC-5.18.6)."""


# ---------------------------------------------------------------------------- the sea
class MapCard(Record):
    """One of the 16 map cards (PC-2.8, PC-GAP-1)."""

    id: int = Field(ge=0)
    name: str
    colony: int = Field(0, ge=0, le=2, description="loot symbols of its colony; 0 = none")
    market: Loot | None = None
    cove: bool = False
    storm: bool = False
    burial: tuple[int, ...] = Field((), description="gold cost of each burial spot")
    islands: int = Field(0, ge=0, description="islands drawn on the card (for the display)")

    @model_validator(mode="after")
    def _costs(self) -> MapCard:
        if any(cost < 1 for cost in self.burial):
            raise ValueError(f"map card {self.id}: burial spots cost at least 1 gold")
        return self


class SearchTokens(Record):
    """How many of each search token are in the box (PC-GAP-2)."""

    counts: dict[Literal["gold2", "gold3", "volley", "loot", "sail2", "storm"], int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())


# ---------------------------------------------------------------------------- cards
class BonusAction(BaseModel):
    """One bonus action of a bonus row (PC-5.20). Parameters by kind:
    ``gold``: amount; ``sail_navy``/``sail_merchant``: amount = map cards;
    ``special_trade``: loot (the combination paid) and amount (gold gained);
    ``reroll``: faces (the 1-2 die faces that may be rerolled)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: BonusKind
    amount: int = Field(0, ge=0)
    loot: tuple[Loot, ...] = ()
    faces: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _params(self) -> BonusAction:
        needs_amount = {"gold", "sail_navy", "sail_merchant", "special_trade"}
        if (self.kind in needs_amount) != (self.amount > 0):
            raise ValueError(f"bonus {self.kind}: amount is required exactly for {needs_amount}")
        if (self.kind == "special_trade") != bool(self.loot):
            raise ValueError("bonus special_trade needs loot (and only it has loot)")
        if (self.kind == "reroll") != (1 <= len(self.faces) <= 2):
            raise ValueError("bonus reroll needs 1-2 faces (and only it has faces)")
        if any(not 1 <= f <= 6 for f in self.faces):
            raise ValueError("reroll faces are die faces 1-6")
        return self


class BonusRow(BaseModel):
    """The bottom of a captain or crew card: a trigger order, then the actions (PC-5.18.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    trigger: Order
    actions: tuple[BonusAction, ...] = Field(min_length=1)


class CardFace(BaseModel):
    """The fighting half of a captain side or crew card: die symbols and automatic hits."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    dice: tuple[int, ...] = Field((), description="die faces that deal 1 damage each (PC-5.14.3 b)")
    hits: int = Field(0, ge=0, description="automatic hits (PC-5.14.3 e)")
    bonus: BonusRow | None = None

    @model_validator(mode="after")
    def _faces(self) -> CardFace:
        if any(not 1 <= f <= 6 for f in self.dice):
            raise ValueError("die symbols are faces 1-6")
        return self


class Captain(Record):
    """A double-sided captain card (PC-2.4, PC-GAP-3); mutiny flips it (PC-5.12)."""

    id: int = Field(ge=0)
    name: str
    sides: tuple[CardFace, CardFace]

    @model_validator(mode="after")
    def _bury_first(self) -> Captain:
        for side in self.sides:
            kinds = [a.kind for a in side.bonus.actions] if side.bonus else []
            if kinds not in (["bury", "attack"], ["bury", "plunder"]):
                raise ValueError(
                    f"captain {self.name}: rows are Bury, then Attack/Plunder (PC-5.19.1)"
                )
        return self


class Crew(Record):
    """A crew card (PC-2.5, PC-GAP-4)."""

    id: int = Field(ge=0)
    name: str
    face: CardFace


class Merchant(Record):
    """A merchant card (PC-2.6, PC-GAP-5). ``infamy_upto``: the sinker gains 1 infamy level in
    games of 1..infamy_upto players (a card marked "1-2" has 2); 0 = no infamy symbol."""

    id: int = Field(ge=0)
    value: Literal[2, 4, 6, 8]
    damage: int = Field(ge=0)
    gold: int = Field(ge=0)
    infamy_upto: int = Field(0, ge=0, le=4)


# ---------------------------------------------------------------------------- sheets
class InfamyLevel(BaseModel):
    """A level of the infamy track (PC-2.1, PC-GAP-6) and its one-time bonuses."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    sail: int = Field(ge=0)
    dice: Literal[2, 3]
    gold: int = Field(0, ge=0)
    deckhand: bool = False
    volley: int = Field(0, ge=0)


class Sheets(Record):
    """The normal sides of the infamy sheet and the Navy's move table."""

    infamy: tuple[InfamyLevel, ...] = Field(min_length=2)
    navy_moves: tuple[int, int, int, int] = Field(
        description="cards the Navy sails per crossing, by the active player's buried treasures"
    )

    @model_validator(mode="after")
    def _track(self) -> Sheets:
        if self.infamy[0].gold or self.infamy[0].deckhand or self.infamy[0].volley:
            raise ValueError("the starting level gives no bonus")
        if [lvl.deckhand for lvl in self.infamy] != [i == 2 for i in range(len(self.infamy))]:
            raise ValueError("the 4th deckhand sits in the third row only (PC-3.3 F)")
        if list(self.navy_moves) != sorted(self.navy_moves) or self.navy_moves[0] < 1:
            raise ValueError("navy moves are positive and non-decreasing")
        return self


class SoloBonus(BaseModel):
    """A bonus at the top of a solo bridge sheet: active when the solo pirate performs
    ``trigger``; it adds sail moves, automatic hits and/or gold (PC-6.6.3, PC-GAP-9.2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    trigger: SoloOrder
    sail: int = Field(0, ge=0)
    hits: int = Field(0, ge=0)
    gold: int = Field(0, ge=0)


class SoloBridge(Record):
    """The solo side of a bridge sheet: the captain (PC-6.2.1, PC-GAP-9.2)."""

    id: int = Field(ge=0)
    name: str
    targets: tuple[Target, Target, Target, Target, Target] = Field(
        description="the ship symbol beside helm spaces 1-5 (die faces 1-5)"
    )
    dice: tuple[int, ...] = Field(description="the captain's die symbols (top right)")
    bonuses: tuple[SoloBonus, ...] = ()

    @model_validator(mode="after")
    def _faces(self) -> SoloBridge:
        if any(not 1 <= f <= 6 for f in self.dice):
            raise ValueError(f"solo bridge {self.name}: die symbols are faces 1-6")
        return self


class SoloSpace(BaseModel):
    """A space of the solo infamy action track: orders top to bottom and automatic hits."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    orders: tuple[SoloOrder, ...] = Field(min_length=1)
    hits: int = Field(0, ge=0)


class SoloLevel(BaseModel):
    """A level space at the bottom of the solo infamy sheet (PC-6.9.1 a, PC-GAP-9.4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    dice: int = Field(ge=1, le=3)
    sail: int = Field(ge=0)
    hits: int = Field(0, ge=0)


class SoloInfamy(Record):
    """The solo side of an infamy sheet: the personality (PC-6.2.1, PC-GAP-9.3-9.5)."""

    id: int = Field(ge=0)
    name: str
    track: tuple[SoloSpace, ...] = Field(min_length=2, description="the action track, clockwise")
    levels: tuple[SoloLevel, SoloLevel, SoloLevel, SoloLevel] = Field(
        description="the base space, then the spaces uncovered by the 1st, 2nd, 3rd treasure"
    )
    gold_track: int = Field(ge=1, description="the top space: reaching it buries (PC-6.8.2)")


# ---------------------------------------------------------------------------- the whole set
class Content(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    map_cards: tuple[MapCard, ...]
    search_tokens: SearchTokens
    captains: tuple[Captain, ...]
    crew: tuple[Crew, ...]
    merchants: tuple[Merchant, ...]
    sheets: Sheets
    solo_bridges: tuple[SoloBridge, ...]
    solo_infamy: tuple[SoloInfamy, ...]

    @model_validator(mode="after")
    def _check(self) -> Content:
        if len(self.map_cards) != 16:
            raise ValueError("the sea is 16 map cards in a 4x4 grid (PC-3.1 A)")
        for name, records in (
            ("map card", self.map_cards),
            ("captain", self.captains),
            ("crew", self.crew),
            ("merchant", self.merchants),
            ("solo bridge", self.solo_bridges),
            ("solo infamy", self.solo_infamy),
        ):
            ids = [r.id for r in records]
            if ids != list(range(len(ids))):
                raise ValueError(f"{name} ids must be 0..{len(ids) - 1} in order")
        if sum(c.cove for c in self.map_cards) < 4:
            raise ValueError("at least 4 coves: every pirate starts in one (PC-GAP-1.3)")
        if {c.market for c in self.map_cards} - {None} != set(LOOT):
            raise ValueError("every loot type needs a market (PC-GAP-1.3)")
        if sum(len(c.burial) for c in self.map_cards) < 12:
            raise ValueError("at least 12 burial spots: 3 treasures for 4 players (PC-GAP-1.3)")
        if self.search_tokens.total < 16:
            raise ValueError("at least 16 search tokens: one per map card (PC-3.1 B)")
        if len(self.captains) < 4:
            raise ValueError("at least 4 captain cards: one per player (PC-3.2)")
        values = Counter(m.value for m in self.merchants)
        if set(values) != {2, 4, 6, 8} or sum(values.values()) < 3:
            raise ValueError("merchant cards of every value 2/4/6/8 (PC-3.7)")
        if len(self.crew) < 3 + 16 + 4:
            raise ValueError("crew deck too small: a row of 3 plus 4 per player must fit")
        names = Counter(cr.name for cr in self.crew)
        if twins := sorted(n for n, k in names.items() if k > 1):
            # Recruit, dismiss and bonus actions name a crew card by its name.
            raise ValueError(f"crew cards need distinct names: {', '.join(twins)}")
        if not self.solo_bridges or not self.solo_infamy:
            raise ValueError("at least one solo bridge and one solo infamy sheet")
        return self


FILES = ("sea", "cards", "sheets", "solo")


@cache
def load_content() -> Content:
    """Read and validate every data file of ``content/``."""
    merged: dict[str, object] = {}
    for name in FILES:
        merged.update(read_content("tabletide.games.tiny_epic_pirates", f"{name}.json"))
    return Content.model_validate(merged)
