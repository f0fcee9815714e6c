"""Shipyard's components as data: the schema, the loader and the canal-card geometry.

Every record in ``content/*.json`` carries ``provenance`` (``rulebook`` or ``stand-in``) and the
gap IDs it answers. A user who owns the printed game can transcribe the real components into the
same files; the loader validates them at import (``load_content()``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletide.games.content import Record, read_content

EQUIPMENT = ("sail", "funnel", "propeller", "crane", "cannon")
CREW = ("captain", "merchant", "soldier")
ITEMS = EQUIPMENT + CREW
"""Every supply item, in a fixed order (index = position in supply count lists)."""
GOODS = ("coal", "steel", "timber")
PART_TYPES = ("bow", "middle", "stern")
OFFICIALS = ("military", "trade", "lantern", "lifeboat", "lifebuoy")
SYMBOLS = ("none", *OFFICIALS, "riband")
COLOURS = ("brown", "green", "blue", "yellow", "orange")
ROLES = (
    "engineer",
    "recruiter",
    "designer",
    "helmsman",
    "merchant",
    "rigger",
    "accountant",
    "foreman",
)

Item = Literal["sail", "funnel", "propeller", "crane", "cannon", "captain", "merchant", "soldier"]
Goods = Literal["coal", "steel", "timber"]
Symbol = Literal["none", "military", "trade", "lantern", "lifeboat", "lifebuoy", "riband"]


# ---------------------------------------------------------------------------- ship parts
class Mounts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    sail_funnel: int = Field(0, ge=0, description="mount points shared by sails and funnels")
    propeller: int = Field(0, ge=0)
    crane: int = Field(0, ge=0)
    cannon: int = Field(0, ge=0)


class Part(Record):
    id: int = Field(ge=0)
    type: Literal["bow", "middle", "stern"]
    group: Literal["A", "B"] | None = Field(None, description="middle parts: back-side group")
    cabins: int = Field(0, ge=0)
    mounts: Mounts = Mounts()
    lifebuoys: int = Field(0, ge=0)
    lifeboats: int = Field(0, ge=0)
    lanterns: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _group_only_on_middles(self) -> Part:
        if (self.type == "middle") != (self.group is not None):
            raise ValueError(f"part {self.id}: middle parts need a group A/B, others none")
        return self


class PartsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    parts: tuple[Part, ...]

    @model_validator(mode="after")
    def _ids_and_count(self) -> PartsFile:
        if [p.id for p in self.parts] != list(range(len(self.parts))):
            raise ValueError("part ids must be 0..n-1 in order")
        if len(self.parts) != 104:
            raise ValueError(f"Shipyard has 104 ship parts (SY-2), the file has {len(self.parts)}")
        return self


# ---------------------------------------------------------------------------- canals
# Sides of a square card: 0 north, 1 east, 2 south, 3 west (clockwise).
N, E, S, W = 0, 1, 2, 3


class Shape(BaseModel):
    """A canal template: water spaces, the links between them, and which space meets which side."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    spaces: int
    links: tuple[tuple[int, int], ...]
    ports: dict[int, int]  # side -> space


SHAPES: dict[str, Shape] = {
    "straight": Shape(spaces=3, links=((0, 1), (1, 2)), ports={W: 0, E: 2}),
    "bend": Shape(spaces=3, links=((0, 1), (1, 2)), ports={W: 0, N: 2}),
    "fork": Shape(spaces=4, links=((0, 1), (1, 2), (1, 3)), ports={W: 0, N: 2, E: 3}),
}
"""Stand-in templates (SY-GAP-3a/b): tree-shaped, so no voyage can loop inside one card."""


@cache
def geometry(shape: str, rotation: int) -> tuple[dict[int, int], tuple[tuple[int, ...], ...]]:
    """A card of ``shape`` turned ``rotation`` quarter turns clockwise: world side -> space for
    its ends, and each space's neighbours on the card."""
    tpl = SHAPES[shape]
    ports = {(side + rotation) % 4: space for side, space in tpl.ports.items()}
    links: list[list[int]] = [[] for _ in range(tpl.spaces)]
    for a, b in tpl.links:
        links[a].append(b)
        links[b].append(a)
    return ports, tuple(tuple(x) for x in links)


class Canal(Record):
    id: int = Field(ge=0)
    shape: Literal["straight", "bend", "fork"]
    spaces: tuple[Symbol, ...] = Field(description="the symbol on each water space, in order")

    @model_validator(mode="after")
    def _space_count(self) -> Canal:
        want = SHAPES[self.shape].spaces
        if len(self.spaces) != want:
            raise ValueError(f"canal {self.id}: shape {self.shape} has {want} spaces")
        return self


class CanalsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    canals: tuple[Canal, ...]

    @model_validator(mode="after")
    def _ids_and_count(self) -> CanalsFile:
        if [c.id for c in self.canals] != list(range(len(self.canals))):
            raise ValueError("canal ids must be 0..n-1 in order")
        if len(self.canals) != 24:
            raise ValueError(f"Shipyard has 24 canal cards (SY-2), the file has {len(self.canals)}")
        return self


# ---------------------------------------------------------------------------- goods wagons
class Wagon(Record):
    id: int = Field(ge=0)
    goods: tuple[Goods, ...] = Field(min_length=1, description="one entry per wagon on the tile")


class WagonsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    starting: Wagon = Field(description="the tile each player starts with (all three goods)")
    deck: tuple[Wagon, ...]

    @model_validator(mode="after")
    def _check(self) -> WagonsFile:
        if len(self.deck) != 14:
            raise ValueError(
                f"Shipyard has 14 goods wagon tiles (SY-2), the file has {len(self.deck)}"
            )
        if sorted(self.starting.goods) != sorted(GOODS):
            raise ValueError("the starting tile carries all three goods (SY-3.1.1)")
        return self


# ---------------------------------------------------------------------------- employees
class Employee(Record):
    id: int = Field(ge=0)
    role: Literal[
        "engineer",
        "recruiter",
        "designer",
        "helmsman",
        "merchant",
        "rigger",
        "accountant",
        "foreman",
    ]
    colour: Literal["brown", "green", "blue", "yellow", "orange"]
    item: Item | None = Field(None, description="engineer/recruiter/designer: the item shown")
    goods: Goods | None = Field(None, description="merchant: the goods")
    level: int | None = Field(None, ge=1, le=2, description="merchant: level 1 or 2")
    vp: int = Field(0, ge=0, description="VP at game end (merchants, SY-E-MER, SY-GAP-8d)")

    @model_validator(mode="after")
    def _fields_by_role(self) -> Employee:
        needs_item = self.role in ("engineer", "recruiter", "designer")
        if needs_item != (self.item is not None):
            raise ValueError(f"employee {self.id}: item is for engineer/recruiter/designer only")
        if (self.role == "merchant") != (self.goods is not None and self.level is not None):
            raise ValueError(f"employee {self.id}: merchants need goods and level, others neither")
        if self.role == "engineer" and (self.colour != "brown" or self.item not in EQUIPMENT):
            raise ValueError("engineers are brown and show equipment (SY-E-ENG)")
        if self.role == "recruiter" and (
            self.colour != "green" or self.item not in (*CREW, "propeller")
        ):
            raise ValueError("recruiters are green and show crew or a propeller (SY-E-REC)")
        return self

    @property
    def surcharge(self) -> int:
        """SY-5.5.3: Engineers and Recruiters cost 1 coin more to hire."""
        return 1 if self.role in ("engineer", "recruiter") else 0


class EmployeesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    employees: tuple[Employee, ...]

    @model_validator(mode="after")
    def _check(self) -> EmployeesFile:
        if [e.id for e in self.employees] != list(range(len(self.employees))):
            raise ValueError("employee ids must be 0..n-1 in order")
        if len(self.employees) != 24:
            raise ValueError("Shipyard has 24 distinct employees, each twice (SY-2, SY-3.2)")
        keys = Counter((e.role, e.item, e.goods, e.level) for e in self.employees)
        dupes = [k for k, n in keys.items() if n > 1]
        if dupes:
            raise ValueError(f"employees must be distinct, repeated: {dupes}")
        return self


# ---------------------------------------------------------------------------- contracts
ContractMeasure = Literal[
    "pairs_per_ship",  # vp x sum over ships of min(count a, count b)
    "beyond_first",  # vp x max(0, fleet count of a - 1)
    "ships_with_all",  # vp x ships carrying at least one of each of items
    "same_pairs_per_ship",  # vp x sum over ships of floor(count a / 2)
    "officers",  # vp x sum over ships of (captains - 1)
    "per_item",  # vp x fleet count of a
    "per_used_canal",  # vp x used canals
    "employees_tiered",  # 1 per employee up to 4, 2 per employee beyond
    "employees_of_colours",  # vp x employees whose colour is in colours
    "safe_ships",  # vp x ships with at least one lifebuoy, lifeboat and lantern
    "table",  # table[count] by a count named in `count`, with `beyond` VP per unit past the end
]
TableCount = Literal[
    "kinds",
    "lifebuoys",
    "lifeboats",
    "lanterns",
    "parts",
    "ships",
    "ships_of_5",
    "ships_of_6",
    "ships_of_7_plus",
    "employee_types",
]


class Contract(Record):
    id: str = Field(pattern=r"^SY-C-\d\d$")
    colour: Literal["blue", "green"]
    measure: ContractMeasure
    vp: int = 0
    a: Item | None = None
    b: Item | None = None
    items: tuple[Item, ...] = ()
    colours: tuple[str, ...] = ()
    count: TableCount | None = None
    table: tuple[int, ...] = ()
    beyond: int = 0
    text: str = Field(description="our own short wording of what the card scores")


class ContractsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    contracts: tuple[Contract, ...]

    @model_validator(mode="after")
    def _check(self) -> ContractsFile:
        colours = Counter(c.colour for c in self.contracts)
        if colours != Counter({"blue": 12, "green": 12}):
            raise ValueError(f"Shipyard has 12 blue and 12 green contracts (SY-2), got {colours}")
        return self


# ---------------------------------------------------------------------------- board
class Board(Record):
    track_spaces: int = Field(23, description="SY-GAP-9a: spaces of the action track")
    shipyard_spaces: int = Field(9, ge=9, description="SY-GAP-2: building row length")
    part_prices: tuple[int, int, int, int, int] = Field(description="offer rows, bottom first")
    wagon_prices: tuple[int, int, int, int, int]
    canal_prices: tuple[int, int, int, int, int]
    equipment_circle: tuple[Item, Item, Item, Item] = Field(description="clockwise")
    crew_circle: tuple[Item, Item, Item, Item] = Field(description="clockwise")
    oval_spaces: int = Field(8, description="SY-GAP-8a")
    exchange_prices: tuple[dict[Goods, int], ...] = Field(
        description="stock-exchange hexagon, clockwise from the start space: price per goods"
    )
    exchange_swaps: dict[Goods, tuple[Item, ...]] = Field(
        description="items a wagon of each goods may be swapped for (hexagon centre)"
    )
    canal_reach: int = Field(
        12, description="a canal is placed at most this many cards from the boat's card"
    )

    @model_validator(mode="after")
    def _check(self) -> Board:
        if self.part_prices[0] != 0 or self.wagon_prices[0] != 0:
            raise ValueError("the bottom part and the lowest wagon are free (SY-5.1.2, SY-5.6.1)")
        if sorted(self.equipment_circle) != sorted(("cannon", "funnel", "crane", "sail")):
            raise ValueError("the equipment circle holds cannon, funnel, crane and sail")
        if "propeller" not in self.crew_circle:
            raise ValueError("the crew circle's fourth space gives a propeller (SY-5.4.2)")
        if len(self.exchange_prices) != 6:
            raise ValueError("the stock-exchange hexagon has 6 spaces (SY-GAP-6)")
        return self


# ---------------------------------------------------------------------------- loading
class Content(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    board: Board
    parts: tuple[Part, ...]
    canals: tuple[Canal, ...]
    wagons: WagonsFile
    employees: tuple[Employee, ...]
    contracts: tuple[Contract, ...]


def _read(name: str) -> dict[str, object]:
    return read_content("tabletide.games.shipyard", name)


@cache
def load_content() -> Content:
    """Read and validate every content file once (shared by all states)."""
    return Content(
        board=Board.model_validate(_read("board.json")),
        parts=PartsFile.model_validate(_read("parts.json")).parts,
        canals=CanalsFile.model_validate(_read("canals.json")).canals,
        wagons=WagonsFile.model_validate(_read("wagons.json")),
        employees=EmployeesFile.model_validate(_read("employees.json")).employees,
        contracts=ContractsFile.model_validate(_read("contracts.json")).contracts,
    )
