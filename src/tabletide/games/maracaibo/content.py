"""Pirates of Maracaibo's components as data: the schema and the loader.

The rulebook (``shared/rules/maracaibo.md``) states the rules, the counts and a few names, but the
seed lost every picture: the cards, the layout, the exploration track, the ship board, the hideout,
the quests and the solo cards are stand-ins (``provenance: "stand-in"``) tagged with the MA-GAP
they answer. A user who owns the printed game can transcribe the real components into the same
files; ``load_content()`` validates them.

Everything a card, a board space or a tile does is written in one small vocabulary:

* an :class:`Effect` is a one-time effect (``{"do": "vp", "n": 2}``), resolved at once;
* a :class:`Perm` is a permanent ability (``{"perm": "discount", "n": 2}``);
* a :class:`Score` is an end-of-game condition (``{"per": "gold", "each": 3, "vp": 7}``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache, cached_property
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletide.games.content import Record, read_content

Color = Literal["gold", "emerald", "pearl"]
COLORS: tuple[str, ...] = get_args(Color)
"""Treasure types, in the tie-break order of MA-8.16 (gold > emerald > pearl)."""
Category = Literal["crew", "equipment", "ship"]
CATEGORIES: tuple[str, ...] = get_args(Category)
CardType = Literal["location", "residence", "upgrade"]

Do = Literal[
    "vp",  # gain n VP
    "doubloons",  # gain n doubloons
    "pay",  # pay n doubloons (the whole alternative needs them, MA-5.59)
    "treasure",  # gain n cubes of `color` (or one chosen type: "any") from its island (MA-5.32)
    "refill",  # put n identical cubes of `color` (or a chosen type) on its island (MA-10.5.27/28)
    "raid",  # a raid with the three dice (MA-5.26)
    "raid_die",  # a raid with the `color` die only, + n (MA-10.5.19)
    "raid_as",  # a raid as if n had been rolled on a die of a chosen colour (MA-10.5.9)
    "explore",  # an explore action of n steps (MA-5.36)
    "explore_space",  # the effect of the space the own explorer is on (MA-10.5.21)
    "bury",  # bury up to n treasures (MA-5.41)
    "quest",  # gain a quest card (MA-5.46)
    "quest_sell",  # discard a quest card for 8 doubloons (MA-10.5.26)
    "card",  # gain an upgrade card of `category` (any: None) from the Caribbean, cost + n
    "ship_upgrade",  # one ship upgrade (MA-5.48)
    "figurehead",  # pay 3 doubloons, gain a figurehead (MA-5.51)
    "smuggler",  # place a smuggler tile (MA-5.52)
    "activate_smuggler",  # activate one of your placed smuggler tiles (MA-10.5.24)
    "residence",  # build a residence you have not built, at its usual cost (MA-10.5.29)
    "per",  # gain n VP per `what`, at most `cap` VP (smuggler tiles, level II locations)
    "income_vp",  # gain VP equal to your VP income (MA-10.5.31)
    "income_doubloons",  # gain doubloons equal to your doubloon income (MA-10.5.32)
]
Counted = Literal[
    "buried",  # buried treasures
    "crew",
    "equipment",
    "ship",  # upgrade cards of that category
    "cards",  # upgrade cards
    "cards_res",  # upgrade cards and built residences
    "residences",  # built residences
    "lightning",  # upgrade cards with a one-time (lightning) effect
    "river",  # rivers crossed
    "quests",  # quest cards held
    "fulfilled",  # fulfilled quest cards (MA-7.8; Royal Orders MA-9.14)
    "gold",
    "emerald",
    "pearl",  # treasures of that type, buried or not
    "set",  # sets of gold + emerald + pearl
    "income_d",  # doubloon income
    "income_vp",  # VP income
    "upgrades",  # ship upgrades (cubes on the ship board)
]
COUNTED: tuple[str, ...] = get_args(Counted)


class Effect(BaseModel):
    """A one-time effect. ``color``: a treasure type, "any" (the player chooses) or "die" (the
    colour of the raid's chosen die)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    do: Do
    n: int = Field(1, ge=0)
    color: Color | Literal["any", "die"] | None = None
    category: Category | None = None
    what: Counted | None = None
    cap: int = Field(0, ge=0, description="the most VP a 'per' effect gives; 0 = no cap")

    @model_validator(mode="after")
    def _fields(self) -> Effect:
        needs_color = self.do in ("treasure", "refill", "raid_die")
        if needs_color != (self.color is not None):
            raise ValueError(f"{self.do}: a colour is needed exactly for treasure/refill/raid_die")
        if self.do == "raid_die" and self.color in ("any", "die"):
            raise ValueError("raid_die names the die's colour")
        if (self.do == "per") != (self.what is not None):
            raise ValueError("'what' belongs to a 'per' effect")
        if self.category is not None and self.do != "card":
            raise ValueError("'category' belongs to a 'card' effect")
        if self.do == "refill" and self.n not in (1, 2):
            raise ValueError("refill puts 1 cube, or 2 identical cubes, on an island")
        if self.do == "per" and self.what == "fulfilled":
            raise ValueError("'fulfilled' is known only at the end: use it in a Score")
        return self


Alternatives = tuple[tuple[Effect, ...], ...]
"""A location action: one or more alternatives separated by "/" on the card (MA-5.25); the
player performs at most one of them."""


PermKind = Literal[
    "raid_bonus",  # raid strength + n; with `color`, only when that die was chosen (MA-10.5.4/5)
    "raid_action",  # an extra raid action: spend n strength for `gives` (MA-10.5.1-3)
    "explore_bonus",  # + n explorer steps on every explore action (MA-10.5.6)
    "trade",  # give up n explorer steps for `gives`, once per explore (MA-10.5.7)
    "discount",  # n off upgrade cards and residences (MA-10.5.8)
    "moves",  # the ship may move up to n spaces (figurehead C)
    "rerolls",  # up to n rerolls of a raid (figurehead E)
    "income",  # + n doubloon income and + vp VP income
]


class Perm(BaseModel):
    """A permanent ability of an upgrade card, a ship-board slot or a figurehead."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    perm: PermKind
    n: int = Field(0, ge=0)
    vp: int = Field(0, ge=0, description="VP income (perm 'income')")
    color: Color | None = None
    gives: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _fields(self) -> Perm:
        if (self.perm in ("raid_action", "trade")) != bool(self.gives):
            raise ValueError(f"{self.perm}: 'gives' belongs to raid_action and trade")
        if self.color is not None and self.perm != "raid_bonus":
            raise ValueError("only a raid bonus names a die colour")
        if self.perm == "trade" and any(e.color == "die" for e in self.gives):
            raise ValueError("a step trade rolls no die")
        return self


class Score(BaseModel):
    """An end-of-game condition: ``vp`` per ``each`` of ``per`` (MA-7.4, MA-10.5.16-18)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    per: Counted
    each: int = Field(1, ge=1)
    vp: int = Field(ge=1)
    cap: int = Field(0, ge=0, description="the most VP it gives; 0 = no cap")


class Card(Record):
    """A level I or level II card (MA-GAP-1/2/3). Fields that do not apply to a type stay empty."""

    id: str
    name: str
    level: Literal[1, 2]
    type: CardType
    category: Category | None = None
    cost: int = Field(0, ge=0)
    vp: int = Field(0, ge=0, description="end-game VP in the top-right corner (MA-7.3)")
    income_d: int = Field(0, ge=0, description="doubloon income on its scrolls")
    income_vp: int = Field(0, ge=0, description="VP income on its scrolls")
    lightning: tuple[Effect, ...] = ()
    permanent: tuple[Perm, ...] = ()
    endgame: tuple[Score, ...] = ()
    refill: bool = Field(False, description="a location showing the treasure refill symbol")
    actions: tuple[Alternatives, ...] = ()
    """A location's actions, performed in any order, each at most once (MA-5.25)."""
    condition: Score | None = None
    """A residence's end-game condition with its cap (MA-10.3)."""
    text: str = Field(description="what the card does, in our own words")

    @model_validator(mode="after")
    def _typed(self) -> Card:
        if (self.type == "upgrade") != (self.category is not None):
            raise ValueError(f"{self.id}: upgrade cards, and only they, have a category")
        if (self.type == "location") != bool(self.actions):
            raise ValueError(f"{self.id}: locations, and only they, have actions")
        if (self.type == "residence") != (self.condition is not None):
            raise ValueError(f"{self.id}: residences, and only they, have a condition")
        if self.type != "upgrade" and (
            self.lightning or self.permanent or self.endgame or self.vp or self.income_d
        ):
            raise ValueError(f"{self.id}: only upgrade cards have effects, VP and income")
        if self.refill and self.type != "location":
            raise ValueError(f"{self.id}: only a location shows the refill symbol")
        return self


# ---------------------------------------------------------------------------- boards
class Space(BaseModel):
    """A space of the exploration track (MA-GAP-5): its effect and the spaces its arrows reach.
    ``river`` lists the successors reached by crossing a river and ``river_no`` which river
    each crossing is (one river may cross several arrows, e.g. both arms of a branch)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: int = Field(ge=0)
    effects: tuple[Effect, ...] = ()
    next: tuple[int, ...] = ()
    river: tuple[int, ...] = ()
    river_no: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _rivers(self) -> Space:
        if len(self.river_no) != len(self.river):
            raise ValueError(f"space {self.id}: one river number per river arrow")
        return self


class Track(Record):
    spaces: tuple[Space, ...]
    retirement: int = Field(description="the space of the residence discount tile (MA-9.19)")

    @model_validator(mode="after")
    def _graph(self) -> Track:
        ids = [s.id for s in self.spaces]
        if ids != list(range(len(ids))):
            raise ValueError("track spaces have ids 0..n-1; 0 is the start")
        for s in self.spaces:
            if any(not s.id < t < len(ids) for t in s.next):
                raise ValueError(f"space {s.id}: arrows lead forward to existing spaces")
            if not set(s.river) <= set(s.next):
                raise ValueError(f"space {s.id}: a river lies on one of its arrows")
        return self

    @cached_property
    def river_arrows(self) -> dict[tuple[int, int], int]:
        """Each river arrow (from, to) and the river it crosses (the spaces' ``river_no``).
        Kept on the track, which is immutable: computed once, and looked up without hashing
        the whole track (a cache keyed on it hashed every space at each call)."""
        return {
            (space.id, t): no
            for space in self.spaces
            for t, no in zip(space.river, space.river_no, strict=True)
        }

    @cached_property
    def longest(self) -> tuple[int, ...]:
        """The longest path (in spaces) from each space to the end of the track (kept on the
        immutable track, as ``river_arrows``)."""
        out = [0] * len(self.spaces)
        for space in reversed(self.spaces):
            out[space.id] = max((1 + out[t] for t in space.next), default=0)
        return tuple(out)


class Slot(BaseModel):
    """A ship-board upgrade slot (MA-GAP-6): one-time ``effects`` (beige) or ``permanent``
    abilities (red); ``zone`` = how many thresholds lie left of it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    zone: int = Field(ge=0, le=3)
    effects: tuple[Effect, ...] = ()
    permanent: tuple[Perm, ...] = ()

    @model_validator(mode="after")
    def _one(self) -> Slot:
        if bool(self.effects) == bool(self.permanent):
            raise ValueError("a slot is either one-time (effects) or permanent")
        return self


class ShipBoard(Record):
    thresholds: tuple[int, int, int]
    """Cubes needed left of thresholds 1, 2, 3 (MA-5.49; the first is 2)."""
    slots: tuple[Slot, ...]
    raid_actions: tuple[Perm, ...]
    """The 3 standard raid actions printed on every ship (MA-5.29)."""


class Section(BaseModel):
    """A hideout storage section (MA-GAP-7.1): bonus spaces above the burial line and
    buried-treasure spaces below it, each with its bonus (possibly none)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    bonus: tuple[tuple[Effect, ...], ...]
    buried: tuple[tuple[Effect, ...], ...]


class Hideout(Record):
    gold: Section
    emerald: Section
    pearl: Section

    def section(self, color: str) -> Section:
        section: Section = getattr(self, color)
        return section


class Layout(Record):
    """A Caribbean layout (MA-GAP-4): 4 rows of 9 characters, ``C`` a card slot, ``G``/``E``/``P``
    the gold, emerald and pearl islands, ``.`` empty water."""

    name: str
    rows: tuple[str, ...]

    @model_validator(mode="after")
    def _shape(self) -> Layout:
        if any(len(r) != 9 for r in self.rows) or len(self.rows) != 4:
            raise ValueError(f"layout {self.name}: 9 columns by 4 rows (MA-3.4, MA-GAP-4.1)")
        text = "".join(self.rows)
        if text.count("C") != 27 or sorted(c for c in text if c in "GEP") != ["E", "G", "P"]:
            raise ValueError(f"layout {self.name}: 27 card slots and the 3 islands")
        if set(text) - set("CGEP."):
            raise ValueError(f"layout {self.name}: only C, G, E, P and '.'")
        return self


class Smuggler(BaseModel):
    """A smuggler tile side (MA-10.2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str
    effects: tuple[Effect, ...]
    text: str


class Figurehead(Record):
    """A figurehead A-L (MA-10.1): its permanent abilities and one-time effects; ``special``
    names the two that the vocabulary cannot say (Whale, Poseidon)."""

    letter: str
    name: str
    permanent: tuple[Perm, ...] = ()
    effects: tuple[Effect, ...] = ()
    special: Literal["whale", "poseidon"] | None = None
    text: str


class QuestLevel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    need: dict[Counted, int]
    vp: int = Field(ge=1)


class Quest(Record):
    """A quest card (MA-GAP-8): a condition type of MA-10.4 and its two levels."""

    id: int = Field(ge=0)
    type: int = Field(ge=1, le=17, description="the condition type, MA-10.4.<type>")
    low: QuestLevel
    high: QuestLevel
    text: str

    @model_validator(mode="after")
    def _levels(self) -> Quest:
        if set(self.low.need) != set(self.high.need):
            raise ValueError(f"quest {self.id}: both levels count the same things")
        if any(self.high.need[k] < self.low.need[k] for k in self.low.need) or (
            self.high.vp <= self.low.vp
        ):
            raise ValueError(f"quest {self.id}: the higher level asks more and gives more")
        return self

    @property
    def summary(self) -> str:
        """The card's text with the VP of its two levels."""
        return f"{self.text} ({self.low.vp} / {self.high.vp} VP)"


SoloAction = Literal["raid", "explore", "quest", "gain_upgrade", "upgrade"]
SoloBonus = Literal["ship_upgrade", "raid", "explore"]
SoloSlot = Literal["strength", "figurehead", "quest", "residence"]


class SoloCard(Record):
    """A John Silver card (MA-GAP-11.1): main actions top to bottom; ``categories`` orders the
    'upgrade card' action; B cards have a bonus action."""

    id: int = Field(ge=0)
    deck: Literal["A", "B"]
    actions: tuple[SoloAction, ...] = Field(min_length=2)
    categories: tuple[Category, ...] = ()
    bonus: SoloBonus | None = None

    @model_validator(mode="after")
    def _deck(self) -> SoloCard:
        if (self.deck == "B") != (self.bonus is not None):
            raise ValueError(f"solo card {self.id}: B cards, and only they, have a bonus action")
        if ("upgrade" in self.actions) != bool(self.categories):
            raise ValueError(f"solo card {self.id}: the upgrade action orders its categories")
        return self


class Solo(Record):
    cards: tuple[SoloCard, ...]
    board: tuple[tuple[SoloSlot, ...], ...]
    """John's solo ship board: columns left to right, each filled top to bottom (MA-8.24)."""
    levels: tuple[int, ...]
    """John's raid & exploration track: the level (1-4) of each space, left to right; the cube
    starts on the first space (MA-8.4, MA-GAP-11.3)."""
    low_roll: Literal["fewest", "most"]
    """Which island a treasure roll of 1-3 picks (MA-GAP-11.4); 4-6 picks the most cubes."""
    bay_explore: int = Field(ge=1, description="John's explore distance in the Bay")
    bonus_explore: int = Field(ge=1, description="the distance of a B card's bonus explore")


class Places(Record):
    """The Bay and Maracaibo (MA-GAP-9) and the ruby market (MA-GAP-12.3)."""

    bay: tuple[Alternatives, ...]
    maracaibo: tuple[Effect, ...]
    ruby_market: tuple[tuple[Effect, ...], ...] = Field(min_length=6, max_length=6)
    ruby_sold_out_vp: int = 2


# ---------------------------------------------------------------------------- everything
class Content(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: tuple[Card, ...]
    layouts: tuple[Layout, ...]
    track: Track
    ship: ShipBoard
    hideout: Hideout
    refill_tiles: tuple[Color, ...] = Field(min_length=6, max_length=6)
    smugglers: tuple[tuple[Smuggler, Smuggler], ...] = Field(min_length=5, max_length=5)
    figureheads: tuple[Figurehead, ...]
    quests: tuple[Quest, ...]
    solo: Solo
    places: Places

    @model_validator(mode="after")
    def _check(self) -> Content:
        level1 = [c for c in self.cards if c.level == 1]
        counts = Counter(c.type for c in level1)
        if counts != Counter(location=8, residence=12, upgrade=22):
            raise ValueError("level I: 8 locations, 12 residences, 22 upgrades (MA-2.1)")
        if len(self.cards) - len(level1) != 41:
            raise ValueError("there are 41 level II cards (MA-2.1)")
        if len({c.id for c in self.cards}) != len(self.cards):
            raise ValueError("card ids are unique")
        if len({c.name for c in self.cards}) != len(self.cards):
            raise ValueError("card names are unique (actions and the log name cards)")
        printed = [
            *(c.permanent for c in self.cards),
            *(sl.permanent for sl in self.ship.slots),
            *(f.permanent for f in self.figureheads),
        ]
        if any(sum(perm.perm == "trade" for perm in perms) > 1 for perms in printed):
            raise ValueError("a source prints at most one step trade (its `trade` action names it)")
        if sum(c.refill for c in level1 if c.type == "location") != 6:
            raise ValueError("6 level I locations show the refill symbol (MA-3.7)")
        if any(c.refill for c in self.cards if c.level == 2):
            raise ValueError("no refill tile is left for level II locations (MA-GAP-2.2)")
        if any(c.type == "residence" for c in self.cards if c.level == 2):
            raise ValueError("level II holds no residences (MA-GAP-2.2)")
        names = {c.name for c in self.cards}
        for known in ("Trinidad", "Tobago", "Bonaire", "Hacienda", "Tobacco", "Ghost Ship"):
            if known not in names:
                raise ValueError(f"the rulebook names the card {known!r} (MA-GAP-1)")
        conditions = [c.condition for c in level1 if c.condition is not None]
        if len({(s.per, s.each, s.vp) for s in conditions}) != 12:
            raise ValueError("each of the 12 residences carries its own condition (MA-10.3)")
        if len(self.quests) != 25 or [q.id for q in self.quests] != list(range(25)):
            raise ValueError("there are 25 quest cards with ids 0..24 (MA-2.1)")
        if [f.letter for f in self.figureheads] != list("ABCDEFGHIJKL"):
            raise ValueError("the 12 figureheads are A-L (MA-10.1)")
        if self.ship.thresholds[0] != 2:
            raise ValueError("the first ship-board threshold is 2 (MA-5.49)")
        if Counter(c.deck for c in self.solo.cards) != Counter(A=6, B=6):
            raise ValueError("the solo deck has 6 A and 6 B cards (MA-2.3)")
        if set(self.solo.levels) != {1, 2, 3, 4}:
            raise ValueError("John's raid & exploration track has levels 1-4 (MA-8.15)")
        sides = [side.key for tile in self.smugglers for side in tile]
        if len(set(sides)) != 10:
            raise ValueError("the 5 smuggler tiles have 10 different sides (MA-10.2)")
        return self


def _read(name: str) -> dict[str, object]:
    return read_content("tabletide.games.maracaibo", name)


@cache
def load_content() -> Content:
    """Read and validate the component files under ``content/``."""
    data: dict[str, object] = {}
    for name in ("cards.json", "boards.json", "quests.json", "solo.json"):
        data.update(_read(name))
    return Content.model_validate(data)
