"""Canal rental and the canal system (SY-5.2, SY-6.9-6.13, stand-in geometry SY-GAP-3/4).

A player's system is a set of square canal cards on a grid, keyed by cell ``(x, y)``, each with a
rotation (quarter turns clockwise). The boat stands on a water space and remembers the way it
came (its stern): a neighbouring space, or for a fresh boat the outside of the card's end
(``space == -1`` on the cell beyond that end). A voyage never turns back, and a card it leaves
is used up (SY-6.13), so no path can revisit a card.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.shipyard.content import geometry as geometry  # re-exported

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState

Cell = tuple[int, int]
Spot = tuple[int, int, int]
"""A water space: ``(x, y, space index on that card)``; index -1 = beyond the card's edge."""
Boat = tuple[int, int, int, int, int, int]
"""``(x, y, space, stern_x, stern_y, stern_space)``."""

DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W; y grows southwards
SIDE_NAMES = ("north", "east", "south", "west")


def card_shape(state: ShipyardState, card: int) -> str:
    return state.content.canals[card].shape


def neighbours(
    state: ShipyardState, system: dict[Cell, tuple[int, int]], x: int, y: int, space: int
) -> list[Spot]:
    """Water spaces one move from ``(x, y, space)``: along the card, or across a shared edge
    where both cards have an end."""
    card, rot = system[(x, y)]
    ports, links = geometry(card_shape(state, card), rot)
    out: list[Spot] = [(x, y, s) for s in links[space]]
    for side, s in ports.items():
        if s != space:
            continue
        dx, dy = DELTA[side]
        other = system.get((x + dx, y + dy))
        if other is None:
            out.append((x + dx, y + dy, -1))  # open water beyond the edge: not enterable
            continue
        oports, _ = geometry(card_shape(state, other[0]), other[1])
        back = oports.get((side + 2) % 4)
        if back is not None:
            out.append((x + dx, y + dy, back))
    return out


def moves(
    state: ShipyardState, system: dict[Cell, tuple[int, int]], boat: Boat, removed: frozenset[Cell]
) -> list[Spot]:
    """Legal single moves: not back to the stern, not onto an edge without a card, not onto a
    card already left on this voyage (SY-6.9.2, SY-6.13)."""
    x, y, space, sx, sy, ss = boat
    out = []
    for nx, ny, ns in neighbours(state, system, x, y, space):
        if ns < 0 or (nx, ny) in removed:
            continue
        # No turning back: the stern's space, or across the edge the boat came over, whatever
        # card lies there now (SY-6.9.2, SY-5.2.3).
        if (nx, ny) == (sx, sy) and (ss == ns or (sx, sy) != (x, y)):
            continue
        out.append((nx, ny, ns))
    return out


def step(boat: Boat, to: Spot) -> Boat:
    return (to[0], to[1], to[2], boat[0], boat[1], boat[2])


def can_sail(
    state: ShipyardState,
    system: dict[Cell, tuple[int, int]],
    boat: Boat,
    length: int,
    removed: frozenset[Cell] = frozenset(),
) -> bool:
    """SY-6.9.3 / SY-GAP-4a: a legal path of exactly ``length`` moves exists."""
    if length == 0:
        return True
    for to in moves(state, system, boat, removed):
        left = removed | {(boat[0], boat[1])} if (to[0], to[1]) != (boat[0], boat[1]) else removed
        if can_sail(state, system, step(boat, to), length - 1, left):
            return True
    return False


def reachable_cells(
    state: ShipyardState, system: dict[Cell, tuple[int, int]], boat: Boat
) -> set[Cell]:
    """SY-GAP-4d: cards the boat could still reach by legal moves (never turning back)."""
    seen_cells = {(boat[0], boat[1])}
    seen: set[Boat] = {boat}
    todo = [boat]
    while todo:
        b = todo.pop()
        for to in moves(state, system, b, frozenset()):
            nb = step(b, to)
            if nb not in seen:
                seen.add(nb)
                seen_cells.add((to[0], to[1]))
                todo.append(nb)
    return seen_cells


def prune(state: ShipyardState, seat: int) -> None:
    """SY-6.13.2: cards the boat can no longer reach go to the canal discard pile."""
    system = state.canals[seat]
    boat = state.boat[seat]
    assert boat is not None
    keep = reachable_cells(state, system, boat)
    for cell in [c for c in system if c not in keep]:
        card, _ = system.pop(cell)
        state.canal_discard.append(card)
        state.log("canal_lost", seat, card=card)


# ---------------------------------------------------------------------------- canal rental
class NewCanal(NamedTuple):
    """The ``first_canal`` and ``place_canal`` decisions: where the canal just rented goes."""

    card: int
    """The canal card (index into the content's canals)."""


def placements(state: ShipyardState, seat: int) -> list[tuple[int, int, int]]:
    """``(dx, dy, rotation)`` relative to the boat's card: empty cells touching the system on at
    least one side (SY-5.2.3), within the table reach (SY-GAP-3b), any rotation."""
    system = state.canals[seat]
    boat = state.boat[seat]
    assert boat is not None
    reach = state.content.board.canal_reach
    cells = set()
    for x, y in system:
        for dx, dy in DELTA:
            cell = (x + dx, y + dy)
            if cell in system:
                continue
            rx, ry = cell[0] - boat[0], cell[1] - boat[1]
            if abs(rx) <= reach and abs(ry) <= reach:
                cells.add((rx, ry))
    return [(rx, ry, rot) for rx, ry in sorted(cells) for rot in range(4)]


def can_rent(state: ShipyardState, coins: int) -> bool:
    for card, price in zip(state.canal_offer, state.content.board.canal_prices, strict=False):
        if card >= 0 and price <= coins:
            return True
    return False


def start(state: ShipyardState, seat: int) -> None:
    state.push("canal", seat)


def legal_canal(state: ShipyardState, frame: Frame) -> list[Action]:
    prices = state.content.board.canal_prices
    out = []
    for slot, card in enumerate(state.canal_offer):
        if card >= 0 and prices[slot] <= state.coins[frame.seat]:
            label = f"Rent canal {state.describe_canal(card)} for {prices[slot]}"
            out.append(make_action("take_canal", label, slot=slot))
    return out


def apply_canal(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    slot = action.num("slot")
    card = state.canal_offer[slot]
    state.coins[seat] -= state.content.board.canal_prices[slot]
    del state.canal_offer[slot]  # SY-5.2.4: the rest slide down, the top refills
    state.refill_column(state.canal_offer, state.canal_deck, None)
    state.log("canal", seat, card=card, price=state.content.board.canal_prices[slot])
    if state.boat[seat] is None:
        state.push_record("first_canal", seat, NewCanal(card))
    else:
        state.push_record("place_canal", seat, NewCanal(card))


def legal_first_canal(state: ShipyardState, frame: Frame) -> list[Action]:
    ports, _ = geometry(card_shape(state, frame.record(NewCanal).card), 0)
    return [
        make_action("first_canal", f"Start the boat at the {SIDE_NAMES[side]} end", side=side)
        for side in sorted(ports)
    ]


def apply_first_canal(state: ShipyardState, frame: Frame, action: Action) -> None:
    """SY-5.2.2: the first card lies at (0, 0); the boat sits on an end space, stern outwards."""
    seat, card = frame.seat, frame.record(NewCanal).card
    side = action.num("side")
    ports, _ = geometry(card_shape(state, card), 0)
    state.canals[seat] = {(0, 0): (card, 0)}
    dx, dy = DELTA[side]
    state.boat[seat] = (0, 0, ports[side], dx, dy, -1)


def legal_place_canal(state: ShipyardState, frame: Frame) -> list[Action]:
    return [_place_canal_action(dx, dy, rot) for dx, dy, rot in placements(state, frame.seat)]


@cache
def _place_canal_action(dx: int, dy: int, rot: int) -> Action:
    """The action placing the new card at ``(dx, dy)`` from the boat's card, turned ``rot``
    (cached: the label depends on the parameters only)."""
    label = f"Place it {_where(dx, dy)} of the boat's card, turned {rot * 90}°"
    return make_action("place_canal", label, dx=dx, dy=dy, rotation=rot)


def apply_place_canal(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat, card = frame.seat, frame.record(NewCanal).card
    boat = state.boat[seat]
    assert boat is not None
    cell = (boat[0] + action.num("dx"), boat[1] + action.num("dy"))
    state.canals[seat][cell] = (card, action.num("rotation"))


def _where(dx: int, dy: int) -> str:
    parts = []
    if dy:
        parts.append(f"{abs(dy)} {'south' if dy > 0 else 'north'}")
    if dx:
        parts.append(f"{abs(dx)} {'east' if dx > 0 else 'west'}")
    return ", ".join(parts) or "on"


LEGAL = {"canal": legal_canal, "first_canal": legal_first_canal, "place_canal": legal_place_canal}
APPLY = {"canal": apply_canal, "first_canal": apply_first_canal, "place_canal": apply_place_canal}
