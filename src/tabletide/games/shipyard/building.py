"""Ship building (SY-5.1): the part offer, the shipyard row and its legality, substitutes.

Decisions: ``build`` (take a part from the offer, a substitute, or stop after at least one) and
``place`` (the cell for the part just taken). Parts are paid at the price of their position
before anything shifts; the offer slides and refills when the action ends (SY-5.1.7).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.shipyard.constants import (
    BOW,
    COLUMN_NAMES,
    COLUMN_TYPE,
    EMPTY,
    MAX_SHIP_MIDDLES,
    MIDDLE,
    OFFER_ROWS,
    PART_TYPES,
    STERN,
    SUBSTITUTE,
)

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState

MAX_PARTS_PER_ACTION = 3  # SY-5.1.2


# ---------------------------------------------------------------------------- the row
def part_type(state: ShipyardState, code: int) -> int:
    """BOW, MIDDLE or STERN of a shipyard cell code (a part id or a substitute)."""
    if code >= SUBSTITUTE:
        return code - SUBSTITUTE
    return state.part_types[code]


def row_types(state: ShipyardState, row: list[int]) -> list[int]:
    """The row as types, EMPTY for empty cells."""
    types = state.part_types
    return [c if c == EMPTY else (c - SUBSTITUTE if c >= SUBSTITUTE else types[c]) for c in row]


def completed_ships(types: list[int]) -> list[tuple[int, int]]:
    """``(first, last)`` cells of every completed ship: bow, 1-7 middles, stern (SY-6.2)."""
    ships = []
    n = len(types)
    for i in range(n):
        if types[i] != BOW:
            continue
        j = i + 1
        while j < n and types[j] == MIDDLE:
            j += 1
        if j < n and types[j] == STERN and 1 <= j - i - 1 <= MAX_SHIP_MIDDLES:
            ships.append((i, j))
    return ships


def row_is_legal(types: list[int]) -> bool:
    """SY-5.1.4(c)(d) via the reference check V1-V6 of SY-5.1.6, plus "never full without a
    completed ship" (rule c, stated directly)."""
    n = len(types)
    if types[0] not in (EMPTY, BOW) or types[1] == STERN:  # V1, V2
        return False
    if types[n - 1] not in (EMPTY, STERN) or types[n - 2] == BOW:  # V3, V4
        return False
    run = 0
    for i, t in enumerate(types):
        if t == BOW and i + 1 < n and types[i + 1] == STERN:  # V5
            return False
        run = run + 1 if t == MIDDLE else 0
        if run > MAX_SHIP_MIDDLES:  # V6
            return False
    return EMPTY in types or bool(completed_ships(types))


def legal_cells(state: ShipyardState, seat: int, ptype: int, last_chance: bool) -> list[int]:
    """Cells where a part of ``ptype`` may go. In the last chance (SY-7.5) the part must
    complete a ship; otherwise the row must stay legal (SY-5.1.4)."""
    return list(_legal_cells(tuple(row_types(state, state.row[seat])), ptype, last_chance))


@lru_cache(maxsize=1 << 16)
def _legal_cells(row: tuple[int, ...], ptype: int, last_chance: bool) -> tuple[int, ...]:
    types = list(row)
    cells = []
    for cell, t in enumerate(row):
        if t != EMPTY:
            continue
        types[cell] = ptype
        if last_chance:
            ok = any(a <= cell <= b for a, b in completed_ships(types))
        else:
            ok = row_is_legal(types)
        types[cell] = EMPTY
        if ok:
            cells.append(cell)
    return tuple(cells)


# ---------------------------------------------------------------------------- the offer
def substitute_available(state: ShipyardState, ptype: int) -> bool:
    """SY-5.1.9: a substitute may be taken when the offer holds no part of that type."""
    return all(
        state.offer[col][row] == EMPTY
        for col in range(4)
        if COLUMN_TYPE[col] == ptype
        for row in range(OFFER_ROWS)
    )


def part_options(
    state: ShipyardState, seat: int, coins: int, last_chance: bool = False
) -> list[tuple[int, int, int, int]]:
    """``(column, row, price, type)`` for every takeable part with somewhere to go; substitutes
    as column -1 with row = type."""
    return list(_part_options(state, seat, coins, last_chance))


def _part_options(
    state: ShipyardState, seat: int, coins: int, last_chance: bool
) -> Iterator[tuple[int, int, int, int]]:
    prices = state.content.board.part_prices
    fits = _fitting_types(tuple(row_types(state, state.row[seat])), last_chance)
    for col in range(4):
        ptype = COLUMN_TYPE[col]
        if not fits[ptype]:
            continue
        for row in range(OFFER_ROWS):
            if state.offer[col][row] != EMPTY and prices[row] <= coins:
                yield col, row, prices[row], ptype
    for ptype in (BOW, MIDDLE, STERN):
        if fits[ptype] and substitute_available(state, ptype):
            yield -1, ptype, 0, ptype


@lru_cache(maxsize=1 << 14)
def _fitting_types(row: tuple[int, ...], last_chance: bool) -> tuple[bool, bool, bool]:
    """Whether a bow, a middle and a stern have somewhere to go in a row of types (cached: the
    answer depends on the immutable row and the flag only)."""
    bow, middle, stern = (bool(_legal_cells(row, t, last_chance)) for t in (BOW, MIDDLE, STERN))
    return bow, middle, stern


def can_build(state: ShipyardState, seat: int, coins: int) -> bool:
    """SY-GAP-11b: able to perform Ship building = some affordable part fits the shipyard
    (:func:`part_options` would offer anything), tested without listing the options."""
    fits = row_fits(state, state.row[seat])
    prices = state.content.board.part_prices
    offer = state.offer
    for col, ptype in enumerate(COLUMN_TYPE):
        if fits[ptype]:
            for row, code in enumerate(offer[col]):
                if code != EMPTY and prices[row] <= coins:
                    return True
    return any(fits[p] and substitute_available(state, p) for p in (BOW, MIDDLE, STERN))


_ROW_FITS: dict[int, tuple[object, dict[tuple[int, ...], tuple[bool, bool, bool]]]] = {}


def row_fits(state: ShipyardState, row: list[int]) -> tuple[bool, bool, bool]:
    """:func:`_fitting_types` of a shipyard row of cell codes outside the last chance, without
    building its types first. Cached per content set (kept alive beside its table, matched by
    identity) and keyed on an immutable copy of the row: the answer depends on the codes and
    the content's part types only."""
    content = state.content
    entry = _ROW_FITS.get(id(content))
    if entry is None or entry[0] is not content:
        entry = _ROW_FITS[id(content)] = (content, {})
    table = entry[1]
    key = tuple(row)
    fits = table.get(key)
    if fits is None:
        if len(table) >= 1 << 14:
            table.clear()
        fits = table[key] = _fitting_types(tuple(row_types(state, row)), False)
    return fits


def refill_offer(state: ShipyardState) -> None:
    """SY-5.1.7: columns slide down, then refill from their deck (left middle column first,
    SY-GAP-11j). Laying out a deck's last part triggers the early end (SY-5.1.8, SY-7.2)."""
    for col in range(4):
        column = [p for p in state.offer[col] if p != EMPTY]
        deck = state.part_decks[COLUMN_TYPE[col]]
        while len(column) < OFFER_ROWS and deck:
            column.append(deck.pop())
            if not deck and not state.early_end:
                state.early_end = True
                state.log("early_end", None, deck=PART_TYPES[COLUMN_TYPE[col]])
        column += [EMPTY] * (OFFER_ROWS - len(column))
        state.offer[col] = column


# ---------------------------------------------------------------------------- decisions
class Build(NamedTuple):
    """The ``build`` decision: buy the next part (SY-5.1)."""

    bought: int
    """Parts bought so far in this action."""
    last_chance: bool
    """The last chance to complete a ship (SY-7.3), not a Ship building action."""


class Place(NamedTuple):
    """The ``place`` decision: put a part just bought into the shipyard (SY-5.1.3)."""

    part: int
    """The part: its id, or SUBSTITUTE + its type."""
    last_chance: bool
    """The last chance to complete a ship (SY-7.3)."""


def start(state: ShipyardState, seat: int, last_chance: bool = False) -> None:
    """Begin Ship building (or the last chance to complete a ship)."""
    state.push("@refill_parts", seat)
    state.push_record("build", seat, Build(0, last_chance))


def legal_build(state: ShipyardState, frame: Frame) -> list[Action]:
    seat = frame.seat
    last_chance = frame.record(Build).last_chance
    actions = []
    for col, row, price, ptype in part_options(state, seat, state.coins[seat], last_chance):
        if col < 0:
            actions.append(
                make_action(
                    "substitute",
                    f"Take a substitute {PART_TYPES[ptype]} (free)",
                    part=PART_TYPES[ptype],
                )
            )
        else:
            part = state.describe_part(state.offer[col][row])
            actions.append(_take_part_action(col, row, part, price))
    if last_chance:
        actions.append(make_action("pass", "Pass (complete no ship)"))
    elif frame.record(Build).bought:
        actions.append(make_action("stop_building", "Stop buying parts"))
    return actions


@cache
def _take_part_action(col: int, row: int, part: str, price: int) -> Action:
    """Taking the part described ``part`` from the offer (cached: the label depends on the
    parameters only)."""
    label = f"Take {COLUMN_NAMES[col]} row {row + 1}: {part} — {price} coins"
    return make_action("take_part", label, column=col, row=row)


def apply_build(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    build = frame.record(Build)
    if action.kind in ("stop_building", "pass"):
        return
    if action.kind == "substitute":
        code = SUBSTITUTE + PART_TYPES.index(action.text("part"))
        price = 0
    else:
        col, row = action.num("column"), action.num("row")
        code = state.offer[col][row]
        price = state.content.board.part_prices[row]
        state.offer[col][row] = EMPTY
    state.coins[seat] -= price
    state.log("buy_part", seat, part=state.describe_part(code), price=price)
    if build.bought + 1 < MAX_PARTS_PER_ACTION and not build.last_chance:
        state.push_record("build", seat, build._replace(bought=build.bought + 1))
    state.push_record("place", seat, Place(code, build.last_chance))


def legal_place(state: ShipyardState, frame: Frame) -> list[Action]:
    place = frame.record(Place)
    ptype = part_type(state, place.part)
    return [
        make_action("place_part", f"Place it on shipyard space {cell + 1}", cell=cell)
        for cell in legal_cells(state, frame.seat, ptype, place.last_chance)
    ]


def apply_place(state: ShipyardState, frame: Frame, action: Action) -> None:
    code = frame.record(Place).part
    cell = action.num("cell")
    state.row[frame.seat][cell] = code
    state.log("place_part", frame.seat, part=state.describe_part(code), cell=cell)


def auto_refill_parts(state: ShipyardState, frame: Frame) -> None:
    refill_offer(state)


LEGAL = {"build": legal_build, "place": legal_place}
APPLY = {"build": apply_build, "place": apply_place}
AUTO = {"@refill_parts": auto_refill_parts}
