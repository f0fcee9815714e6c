"""Empires of the North's components as data: the schema and the loader.

The rulebook (``shared/rules/empires-north.md``) gives the rules and five card names, but not a
single card of the six clans nor any island (EN-GAP-2/3). Every card here is a stand-in
(``provenance: "stand-in"``) tagged with the gaps it answers; a user who owns the printed game can
transcribe the real cards into the same files, and ``load_content()`` validates them.

A card is written in one small vocabulary (see ``docs/games/empires_north.md``, "Card language"):

* a *bundle* is a mapping of goods to counts, ``{"wood": 1, "worker": 1}``; which keys a bundle
  may hold depends on its use (a cost may hold workers, a yield may hold VP);
* an :class:`Effect` is one thing that happens at once (``{"do": "draw", "n": 2}``);
* :data:`Alternatives` are the options of a "/" on the card (EN-5.2.4): the player performs
  exactly one option, each option being a sequence of effects. Most effects have one option.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletide.games.content import Record, read_content
from tabletide.games.empires_north.constants import (
    CLANS,
    DECK_SIZE,
    GOODS,
    ICONS,
    START_LOCATIONS,
    VP,
    WORKER,
)

Tile = Literal["explore", "populate", "construction", "harvest", "sail"]
Icon = Literal["dwelling", "harbour", "workshop", "shrine", "animal"]
CardType = Literal["production", "upgrade", "flex", "feature", "action", "boost", "island"]
"""production: "Build when <TILE>", gives its goods when built and on Harvest (EN-5.2.3a);
upgrade: the same, but only slid under a production location sharing a good (EN-5.2.3a2);
flex: either of the two, chosen when built (EN-11.6); feature and action: "Pay to build"
locations with a feature or an "Action:" (EN-5.2.3b/d); boost: "Play when <TILE>", an instant
effect (EN-5.3.3); island: a near or distant island card (EN-6)."""

Bundle = dict[str, int]

Do = Literal[
    "gain",  # gain `goods` (goods, workers, VP) from the common supply (EN-9.1)
    "draw",  # draw n cards from your clan deck (EN-9.2)
    "find",  # search your draw deck for the card named `card`, then shuffle it (EN-9.10)
    "rouse",  # move n tired workers back to your supply (EN-9.6)
    "refresh",  # refresh up to n of your exhausted cards (EN-9.7)
    "release",  # take up to n goods assigned to your cards back into your supply (EN-9.5)
    "move_disc",  # move a disc you used this round to any tile, without its action (EN-9.14)
    "ship_forward",  # your ship overtakes the one directly ahead in the queue (EN-9.15)
    "expedition",  # resolve one of your ships in the queue now (EN-5.8)
    "tile",  # perform the action of `tile` as if you had placed a disc there (EN-5.3.5)
    "per",  # gain `goods` once per `what` in your empire, at most `cap` times (EN-5.2.5)
    "ship",  # gain a ship token, up to n ships in all (Floki's Shipyard, EN-11.13)
    "common_ship",  # sail a common ship this round (EN-5.4.5.6, EN-GAP-12)
    "gift",  # every opponent gains `goods` (the cooperative clans)
]
Counted = Literal[
    "dwelling",
    "harbour",
    "workshop",
    "shrine",
    "animal",  # empire cards (locations and conquered islands) showing that icon (EN-2.18)
    "island",  # conquered islands
    "production",  # production locations (upgrades not counted)
    "upgrade",  # upgrade cards
    "action",  # locations and islands with an "Action:"
    "feature",  # feature locations
    "card",  # every card of your empire (what scores 1 VP at the end)
]
Trigger = Literal[
    "tile",  # you perform the action of `tile` (after it resolves)
    "opponent_tile",  # an opponent performs the action of `tile`
    "build",  # you build a location (with `icon`, if given), this card excepted
    "conquer",  # you conquer an island (EN-6.6)
    "raid",  # you raid (pillage) an island (EN-6.3)
    "attack",  # you attack an opponent's card (EN-5.5)
    "attacked",  # an opponent attacks one of your cards
    "pass",  # you pass in the Action phase (EN-5.7)
]

_GAIN_KEYS = frozenset((*GOODS, WORKER, VP))
_COST_KEYS = frozenset((*GOODS, WORKER))
_YIELD_KEYS = frozenset((*GOODS, VP))


def _check_bundle(bundle: Bundle, allowed: frozenset[str], what: str) -> None:
    bad = sorted(set(bundle) - allowed)
    if bad:
        raise ValueError(f"{what} may hold only {sorted(allowed)}; got {bad}")
    if any(n <= 0 for n in bundle.values()):
        raise ValueError(f"{what}: every count is positive")


class Effect(BaseModel):
    """One effect. ``goods``: what ``gain``/``per``/``gift`` give; ``tile``: the tile of a
    ``tile`` effect; ``what``/``cap``: what a ``per`` counts and the most times it pays (0: no
    cap); ``card``: the name a ``find`` looks for."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    do: Do
    n: int = Field(1, ge=1)
    goods: Bundle = Field(default_factory=dict)
    tile: Tile | None = None
    what: Counted | None = None
    cap: int = Field(0, ge=0)
    card: str | None = None

    @model_validator(mode="after")
    def _fields(self) -> Effect:
        has_goods = self.do in ("gain", "per", "gift")
        if has_goods != bool(self.goods):
            raise ValueError(f"{self.do}: goods belong exactly to gain, per and gift")
        if self.goods:
            allowed = _GAIN_KEYS if self.do != "gift" else frozenset((*GOODS, VP))
            _check_bundle(self.goods, allowed, f"{self.do} goods")
        if (self.do == "tile") != (self.tile is not None):
            raise ValueError("a tile effect names its tile, and only it does")
        if (self.do == "per") != (self.what is not None):
            raise ValueError("'what' belongs to a per effect")
        if (self.do == "find") != (self.card is not None):
            raise ValueError("a find effect names its card, and only it does")
        if self.cap and self.do != "per":
            raise ValueError("'cap' belongs to a per effect")
        return self


Alternatives = tuple[tuple[Effect, ...], ...]
"""The options of a "/" (EN-5.2.4): exactly one is performed; each is a sequence of effects."""


class Feature(BaseModel):
    """A feature (EN-5.2.3b): when ``on`` happens, the owner resolves ``effects``. A feature
    with ``once`` exhausts its card when it fires (a card that says so, EN-9.7), so it fires
    once a round."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    on: Trigger
    tile: Tile | None = None
    icon: Icon | None = None
    once: bool = False
    effects: Alternatives = Field(min_length=1)

    @model_validator(mode="after")
    def _fields(self) -> Feature:
        if (self.on in ("tile", "opponent_tile")) != (self.tile is not None):
            raise ValueError(f"feature on {self.on}: a tile is named exactly for tile triggers")
        if self.icon is not None and self.on != "build":
            raise ValueError("an icon filter belongs to a build trigger")
        return self


class CardAction(BaseModel):
    """An "Action:" (EN-5.6): pay ``cost`` (goods; workers become tired), put ``assign`` from
    your supply on this card (a specific good: gold may not stand in, EN-9.4), then resolve
    ``effects``; the card is exhausted."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: Bundle = Field(default_factory=dict)
    assign: Bundle = Field(default_factory=dict)
    effects: Alternatives = ()

    @model_validator(mode="after")
    def _fields(self) -> CardAction:
        _check_bundle(self.cost, _COST_KEYS, "an action cost")
        _check_bundle(self.assign, _COST_KEYS, "an assignment")
        if not self.effects and not self.assign:
            raise ValueError("an action does something: effects or an assignment")
        return self


class Stored(BaseModel):
    """STORED (EN-9.9): at the end of each Lookout phase, one of ``yields`` per ``each``
    ``good`` assigned to the card (chosen separately for each yield)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    good: str
    each: int = Field(1, ge=1)
    yields: Alternatives = Field(min_length=1)

    @model_validator(mode="after")
    def _fields(self) -> Stored:
        if self.good not in _COST_KEYS:
            raise ValueError(f"stored good must be one of {sorted(_COST_KEYS)}")
        return self


class Copy(BaseModel):
    """A copy location (EN-9.8): it copies a card of your empire with ``icon`` and/or of
    ``type`` (production, action or feature)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    icon: Icon | None = None
    type: Literal["production", "action", "feature"] | None = None


class Card(Record):
    """A clan card or an island. ``cost``: "Pay to build" (goods and workers); ``when``: the tile
    of "Build when"/"Play when"; ``produce``: a production location's or upgrade's goods;
    ``bonus``: the build bonus (an island's conquer bonus, EN-9.12); ``effects``: a boost's
    instant effect (EN-9.11). Islands have ``distance`` and ``raid`` (the "Raid and gain" goods,
    EN-6.3); ``conquerable: false`` marks an island that can only be raided."""

    id: str
    name: str
    clan: str | None = None
    type: CardType
    copies: int = Field(1, ge=1)
    start: bool = False
    icons: tuple[Icon, ...] = ()
    cost: Bundle = Field(default_factory=dict)
    when: Tile | None = None
    produce: Bundle = Field(default_factory=dict)
    bonus: Alternatives = ()
    features: tuple[Feature, ...] = ()
    action: CardAction | None = None
    stored: Stored | None = None
    copy_of: Copy | None = None
    effects: Alternatives = ()
    distance: Literal["near", "distant"] | None = None
    raid: Bundle = Field(default_factory=dict)
    conquerable: bool = True
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _typed(self) -> Card:
        t = self.type
        _check_bundle(self.cost, _COST_KEYS, f"{self.id}: cost")
        _check_bundle(self.produce, _YIELD_KEYS, f"{self.id}: produce")
        _check_bundle(self.raid, _GAIN_KEYS, f"{self.id}: raid")
        producing = t in ("production", "upgrade", "flex")
        if producing != bool(self.produce):
            raise ValueError(f"{self.id}: goods to produce belong exactly to production cards")
        if producing and any(k == VP for k in self.produce) and t != "upgrade":
            raise ValueError(f"{self.id}: only an upgrade may produce VP")
        if (producing or t == "boost") != (self.when is not None):
            raise ValueError(f"{self.id}: 'when' is the cost of production and boost cards only")
        if self.cost and t not in ("feature", "action"):
            raise ValueError(f"{self.id}: only feature and action locations are paid to build")
        if t == "boost" and self.icons:
            raise ValueError(f"{self.id}: a boost never enters an empire, so it shows no icon")
        if (t == "boost") != bool(self.effects):
            raise ValueError(f"{self.id}: instant effects belong exactly to boosts")
        if (t == "action") != (self.action is not None) and t != "island":
            raise ValueError(f"{self.id}: an action location has an action, and only it")
        if t == "feature" and not (self.features or self.stored or self.copy_of):
            raise ValueError(f"{self.id}: a feature location has a feature, STORED or a copy")
        if t in ("production", "upgrade", "flex", "boost") and (
            self.features or self.stored or self.copy_of or self.bonus
        ):
            raise ValueError(f"{self.id}: production and boost cards carry no text")
        if self.stored is not None and (
            self.action is None or self.stored.good not in self.action.assign
        ):
            raise ValueError(f"{self.id}: a STORED card has an action assigning its good")
        if self.copy_of is not None and (t != "feature" or self.features or self.action):
            raise ValueError(f"{self.id}: a copy location is a feature card with only the copy")
        if (t == "island") != (self.distance is not None) or (t == "island") != bool(self.raid):
            raise ValueError(f"{self.id}: islands, and only they, have a distance and raid goods")
        if (t == "island") == (self.clan is not None):
            raise ValueError(f"{self.id}: clan cards name their clan, islands do not")
        if (
            t == "island"
            and self.conquerable
            and not (self.action or self.features or self.bonus or self.stored)
        ):
            raise ValueError(f"{self.id}: a conquerable island gives an action/feature/bonus")
        if (
            t == "island"
            and not self.conquerable
            and (self.action or self.features or self.bonus or self.stored)
        ):
            raise ValueError(f"{self.id}: a raid-only island has no conquered side")
        if t == "upgrade" and not set(self.produce) - {VP}:
            raise ValueError(f"{self.id}: an upgrade shares a good with its host (EN-5.2.3a2)")
        if self.start and t not in ("production", "feature", "action"):
            raise ValueError(f"{self.id}: a starting location is a location")
        if self.start and self.copies != 1:
            raise ValueError(f"{self.id}: each starting location is a single card")
        return self

    @property
    def location(self) -> bool:
        """A card that goes into an empire (everything but a boost)."""
        return self.type != "boost"

    @property
    def effects_all(self) -> list[Effect]:
        """Every effect the card can resolve (for content checks)."""
        out: list[Effect] = []
        groups = [self.bonus, self.effects]
        if self.action:
            groups.append(self.action.effects)
        if self.stored:
            groups.append(self.stored.yields)
        groups.extend(f.effects for f in self.features)
        for alts in groups:
            for option in alts:
                out.extend(option)
        return out


class Clan(Record):
    id: str
    name: str
    faction: Literal["Scots", "Vikings", "Inuit"]
    difficulty: int = Field(ge=1, le=10)
    description: str


class ClanFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    clan: Clan
    cards: tuple[Card, ...]


class Content(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    clans: tuple[Clan, ...]
    cards: tuple[Card, ...]
    """Every clan card (clan by clan, in file order), then the islands."""

    @model_validator(mode="after")
    def _check(self) -> Content:
        if tuple(c.id for c in self.clans) != CLANS:
            raise ValueError(f"the six clans are {CLANS} (EN-10)")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids are unique")
        for clan in self.clans:
            cards = [c for c in self.cards if c.clan == clan.id]
            starts = [c for c in cards if c.start]
            if len(starts) != START_LOCATIONS:
                raise ValueError(f"{clan.id}: 3 starting locations (EN-2.6)")
            deck = sum(c.copies for c in cards if not c.start)
            if deck != DECK_SIZE:
                raise ValueError(f"{clan.id}: the clan deck has 30 cards (EN-2.6); got {deck}")
            own = {c.name for c in cards}
            for c in cards:
                for e in c.effects_all:
                    if e.card is not None and e.card not in own:
                        raise ValueError(f"{c.id}: find names {e.card!r}, not a {clan.id} card")
        names = [c.name for c in self.cards]
        if len(set(names)) != len(names):
            raise ValueError("card names are unique (a name names one card)")
        distances: Counter[str | None] = Counter()
        for c in self.cards:
            if c.type == "island":
                distances[c.distance] += c.copies
        if distances["near"] < 6 or distances["distant"] < 6:
            raise ValueError("each island deck needs at least 6 cards (EN-3.5 deals 2 face up)")
        self._named()
        return self

    def _named(self) -> None:
        """The cards the seed names (EN-GAP-2)."""
        by_name = {(c.clan, c.name): c for c in self.cards}
        ice = by_name.get(("glenn", "Travelling Ice-Cream Man"))
        if ice is None or ice.type != "flex":
            raise ValueError("Glenn's Travelling Ice-Cream Man is built alone or as an upgrade")
        floki = by_name.get(("olaf", "Floki's Shipyard"))
        if (
            floki is None
            or floki.type != "boost"
            or not any(e.do == "ship" for e in floki.effects_all)
        ):
            raise ValueError("Olaf's Floki's Shipyard is a boost that gives the third ship")
        harbour = by_name.get(("nanuuk", "Frozen Harbour"))
        if harbour is None or not any(
            e.do == "per" and e.what in ICONS for o in harbour.bonus for e in o
        ):
            raise ValueError("Nanuuk's Frozen Harbour: a build bonus of VP per type icon")
        if not any(c.name == "Frozen Mammoth" and c.type == "upgrade" for c in self.cards):
            raise ValueError("the Frozen Mammoth is an upgrade-only production card (EN-11.5)")
        if not any(
            c.clan == "panurjuk" and c.name.startswith("Trading") and c.cost == {"stone": 1}
            for c in self.cards
        ):
            raise ValueError("Panurjuk's 'Trading floating ...' card costs 1 stone (EN-11.2)")


def _read(name: str) -> dict[str, object]:
    return read_content("tabletide.games.empires_north", name)


@cache
def load_content() -> Content:
    """Read and validate the component files under ``content/``."""
    clans: list[Clan] = []
    cards: list[Card] = []
    for clan_id in CLANS:
        parsed = ClanFile.model_validate(_read(f"clans/{clan_id}.json"))
        if parsed.clan.id != clan_id or any(c.clan != clan_id for c in parsed.cards):
            raise ValueError(f"clans/{clan_id}.json holds the cards of clan {clan_id} only")
        clans.append(parsed.clan)
        cards.extend(parsed.cards)
    islands = _read("islands.json")["islands"]
    if not isinstance(islands, list):
        raise ValueError("islands.json holds a list 'islands'")
    cards.extend(Card.model_validate(i) for i in islands)
    return Content(clans=tuple(clans), cards=tuple(cards))
