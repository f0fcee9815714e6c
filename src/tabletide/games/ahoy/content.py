"""Ahoy's components as data: the schema and the loader.

The rulebook (``shared/rules/ahoy.md``) names the crew and plans but prints neither the region
tiles, the marketplace cards' symbol, cost and cargo, the Smugglers' reward grid nor the exact die
spots of the boards. Those records are stand-ins (``provenance: "stand-in"``) tagged with the
AH-GAP they answer; a user who owns the printed game can transcribe the real components into the
same files, and ``load_content()`` validates them.

Geometry: a region tile is 2x2 spaces listed top-left, top-right, bottom-left, bottom-right in its
printed orientation; directions are N, E, S, W (north is up). A sandbar is an edge inside the tile
named by its side of the tile's centre cross: "top" separates the two top spaces, "bottom" the two
bottom ones, "left" the two left ones, "right" the two right ones.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletide.games.content import Record, read_content

Symbol = Literal["skull", "sword", "fish", "shell", "anchor", "star"]
SYMBOLS: tuple[str, ...] = get_args(Symbol)
"""The 6 island/card symbols (AH-2.24 a); the last three are our names (AH-GAP-1)."""
Terrain = Literal["open", "island", "wreck", "harbor", "fog", "current"]
Direction = Literal["N", "E", "S", "W"]
DIRECTIONS: tuple[str, ...] = get_args(Direction)
Sandbar = Literal["top", "bottom", "left", "right"]
Need = Literal["any", "even", "1", "2", "3", "4", "5", "6", "5-6"]
"""A die spot's value requirement (AH-5.2)."""
Faction = Literal["fleet", "union", "smuggler"]
CrewKey = Literal[
    "battering_ram",
    "buccaneer",
    "gunner",
    "helmsman",
    "chronicler",
    "merchant",
    "thief",
    "shipwright",
    "sea_witch",
    "sea_wolf",
    "mystic",
    "naive_noble",
    "sailor",
    "monkey",
    "assistant_gunner",
    "diver",
    "lookout",
    "fence",
    "officer",
    "persuasive_ally",
    "rum_guzzler",
    "fisher",
    "brawlers",
    "elder",
    "whispering_breeze",
    "wind_sailors",
    "envoy",
    "mysterious_gust",
]
"""The 28 crew of Appendix A, in its order (AH-A.1 … AH-A.28)."""
CREW_KEYS: tuple[str, ...] = get_args(CrewKey)
CrewKind = Literal["passive", "die", "free"]
"""Passive, an action paid with a die on the card, or an action without a die."""
PlanKey = Literal[
    "evacuation",
    "swift_approach",
    "stealth_attack",
    "recruitment_drive",
    "weapons_cache",
    "secret_weapon",
    "near_miss",
    "cutter",
    "gunboat",
]
PLAN_KEYS: tuple[str, ...] = get_args(PlanKey)
"""The 9 plans of Appendix B, in its order (AH-B.1 … AH-B.9)."""
PlanTiming = Literal["action", "battle"]
RewardKind = Literal["none", "gold", "fame", "tile", "recruit", "repair"]
BoardAction = Literal[
    "sail",
    "tailwind",
    "cannons",
    "repair",
    "bombard",
    "order",
    "deploy",
    "whisper",
    "uprising",
    "persuasion",
    "fast_sail",
    "negotiation",
]


# ---------------------------------------------------------------------------- the map
class Cell(BaseModel):
    """One space of a region tile (AH-5.25)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    terrain: Terrain = "open"
    symbol: Symbol | None = Field(None, description="the island's symbol (islands only)")
    tailwind: int = Field(0, ge=0, le=6, description="the tailwind die symbol; 0 = none")
    gold: int = Field(0, ge=0, le=3, description="treasure: gold symbols; 0 = no treasure")
    current: Direction | None = Field(None, description="a strong current's arrow")

    @model_validator(mode="after")
    def _consistent(self) -> Cell:
        if (self.terrain == "island") != (self.symbol is not None):
            raise ValueError("an island, and only an island, has a symbol")
        if self.terrain == "island" and (self.tailwind or self.gold):
            raise ValueError("islands carry no tailwind symbol and no treasure (AH-5.8)")
        if self.terrain == "wreck" and self.gold < 1:
            raise ValueError("every shipwreck has treasure (AH-5.25)")
        if (self.terrain == "current") != (self.current is not None):
            raise ValueError("a strong current, and only a current, has an arrow")
        if self.gold and self.terrain not in ("open", "wreck"):
            raise ValueError("treasure lies on open water or a shipwreck only")
        return self


class RegionTile(Record):
    """One of the 12 region tiles (AH-2.2, AH-GAP-1)."""

    id: int = Field(ge=0)
    name: str
    cells: tuple[Cell, Cell, Cell, Cell]
    sandbars: tuple[Sandbar, ...] = ()

    @model_validator(mode="after")
    def _one_island(self) -> RegionTile:
        if sum(c.terrain == "island" for c in self.cells) != 1:
            raise ValueError(f"region tile {self.id}: exactly one island per tile (AH-2.2)")
        if len(set(self.sandbars)) != len(self.sandbars):
            raise ValueError(f"region tile {self.id}: a sandbar is listed twice")
        return self

    @property
    def island(self) -> int:
        return next(i for i, c in enumerate(self.cells) if c.terrain == "island")


# ---------------------------------------------------------------------------- cards
class Crew(Record):
    """A crew member's rules (Appendix A), in our own words."""

    key: CrewKey
    name: str
    kind: CrewKind
    text: str


class MarketCard(Record):
    """One of the 30 marketplace cards (AH-2.12, AH-GAP-2): crew on top, cargo below."""

    id: int = Field(ge=0)
    crew: CrewKey
    symbol: Symbol
    cost: int = Field(ge=0, le=2, description="gold to recruit; 0 = place any die on the card")
    cargo: str
    cargo_symbol: Symbol = Field(description="the island symbol the cargo is delivered to")


class Plan(Record):
    """A Union plan (Appendix B), in our own words."""

    key: PlanKey
    name: str
    count: int = Field(ge=1)
    timing: PlanTiming
    text: str


# ---------------------------------------------------------------------------- boards
class Spot(BaseModel):
    """A die spot (AH-5.1, AH-GAP-4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    action: BoardAction
    need: Need = "any"
    dashed: bool = Field(False, description="cannot be damaged (AH-5.29)")
    capacity: int = Field(1, ge=1, le=2)


class Board(Record):
    faction: Faction
    dice: int = Field(ge=1)
    spots: tuple[Spot, ...]


class RewardSpace(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: RewardKind
    amount: int = Field(0, ge=0)


class RewardGrid(Record):
    """The Smugglers' 3x3 reward grid, row by row; the middle is where both tokens start."""

    spaces: tuple[RewardSpace, ...] = Field(min_length=9, max_length=9)


# ---------------------------------------------------------------------------- everything
class Content(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    regions: tuple[RegionTile, ...]
    crew: tuple[Crew, ...]
    market: tuple[MarketCard, ...]
    plans: tuple[Plan, ...]
    boards: tuple[Board, ...]
    reward_grid: RewardGrid

    @model_validator(mode="after")
    def _check(self) -> Content:
        if [t.id for t in self.regions] != list(range(12)):
            raise ValueError("there are 12 region tiles with ids 0..11 (AH-2.2)")
        islands = Counter(t.cells[t.island].symbol for t in self.regions)
        if set(islands) != set(SYMBOLS) or set(islands.values()) != {2}:
            raise ValueError("each of the 6 symbols is on exactly 2 islands (AH-2.24 b)")
        if [c.key for c in self.crew] != list(CREW_KEYS):
            raise ValueError("the crew list is the 28 crew of Appendix A, in order")
        if [m.id for m in self.market] != list(range(30)):
            raise ValueError("there are 30 marketplace cards with ids 0..29 (AH-2.12)")
        copies: Counter[str] = Counter(m.crew for m in self.market)
        for key in CREW_KEYS:
            want = 2 if key in ("officer", "persuasive_ally") else 1
            if copies[key] != want:
                raise ValueError(f"crew {key!r} is on {copies[key]} cards, not {want}")
        if set(Counter(m.symbol for m in self.market).values()) != {5}:
            raise ValueError("the marketplace has 5 cards of each symbol (AH-2.24 c)")
        by_crew = {m.crew: m for m in self.market}
        if by_crew["gunner"].symbol != "skull" or by_crew["gunner"].cost != 0:
            raise ValueError("the Gunner is a skull card paid with a die (AH-EX-10)")
        if by_crew["diver"].cost != 1:
            raise ValueError("the Diver costs 1 gold (AH-EX-11)")
        if not any(m.cargo == "Jewels" and m.cargo_symbol == "sword" for m in self.market):
            raise ValueError("a Jewels cargo is delivered to a sword island (AH-EX-12)")
        if [p.key for p in self.plans] != list(PLAN_KEYS):
            raise ValueError("the plan list is the 9 plans of Appendix B, in order")
        if sum(p.count for p in self.plans) != 12:
            raise ValueError("there are 12 plan cards (AH-2.13)")
        if sorted(b.faction for b in self.boards) != ["fleet", "smuggler", "union"]:
            raise ValueError("one board per faction: fleet, union, smuggler")
        grid = self.reward_grid.spaces
        if grid[4].kind != "none" or sorted(grid[i].kind for i in (1, 3, 5, 7)) != [
            "fame",
            "gold",
            "recruit",
            "tile",
        ]:
            raise ValueError(
                "the middle of the reward grid is empty and its 4 neighbours are 1 gold, "
                "1 fame, a region tile and a free recruit (AH-EX-12)"
            )
        return self

    def board(self, faction: str) -> Board:
        return next(b for b in self.boards if b.faction == faction)


def _read(name: str) -> dict[str, object]:
    return read_content("tabletide.games.ahoy", name)


@cache
def load_content() -> Content:
    """Read and validate the component files under ``content/``."""
    data: dict[str, object] = {}
    for name in ("regions.json", "cards.json", "boards.json"):
        data.update(_read(name))
    return Content.model_validate(data)
