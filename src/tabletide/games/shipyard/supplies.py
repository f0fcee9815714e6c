"""Actions that stock the shipyard: Equipment production and Crew recruitment (the two
circles, SY-5.3/5.4), Employee hiring (the oval, SY-5.5), Goods purchase (SY-5.6), the Stock
exchange (SY-5.7) and Subsidy (SY-5.8)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from tabletide.engine import Action, Frame, make_action
from tabletide.games.shipyard.constants import (
    GOODS,
    ITEM_INDEX,
    ITEMS,
    STARTING_WAGON,
    SUBSIDY_COINS,
)
from tabletide.games.shipyard.content import Goods

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState

Oval: TypeAlias = tuple[tuple[tuple[int, ...], ...], ...]
"""The employee oval: per space, its three stacks of employee ids (top = last)."""

CIRCLE_SPACES = 4


# ---------------------------------------------------------------------------- circles
class CircleChoice(NamedTuple):
    """The ``circle`` decision: how far to move the pointer of one circle (SY-5.3)."""

    circle: str
    """``"equipment"`` or ``"crew"``."""


def circle_cost(state: ShipyardState, seat: int, steps: int) -> int:
    """SY-5.3.1-5.3.3: one step free, then 1 coin a step; an Accountant makes 1 or 2 extra
    steps free (SY-E-ACC)."""
    free = 1 + (2 if state.has_role(seat, "accountant") else 0)
    return max(0, steps - free)


def start_circle(state: ShipyardState, seat: int, which: str) -> None:
    state.push_record("circle", seat, CircleChoice(which))


def legal_circle(state: ShipyardState, frame: Frame) -> list[Action]:
    seat, which = frame.seat, frame.record(CircleChoice).circle
    circle = state.circle(which)
    pointer = state.eq_ptr if which == "equipment" else state.crew_ptr
    out = []
    for steps in range(1, CIRCLE_SPACES + 1):
        cost = circle_cost(state, seat, steps)
        if cost <= state.coins[seat]:
            item = circle[(pointer + steps) % CIRCLE_SPACES]
            out.append(make_action("circle", f"Take a {item} ({cost} coins)", steps=steps))
    return out


def apply_circle(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat, which = frame.seat, frame.record(CircleChoice).circle
    steps = action.num("steps")
    cost = circle_cost(state, seat, steps)
    state.coins[seat] -= cost
    if which == "equipment":
        state.eq_ptr = (state.eq_ptr + steps) % CIRCLE_SPACES
        pointer, role = state.eq_ptr, "engineer"
    else:
        state.crew_ptr = (state.crew_ptr + steps) % CIRCLE_SPACES
        pointer, role = state.crew_ptr, "recruiter"
    gained = [state.circle(which)[pointer]]
    # SY-E-ENG / SY-E-REC: every Engineer (Recruiter) adds one piece of its own item.
    gained += [e.item for e in state.owned(seat) if e.role == role and e.item is not None]
    for item in gained:
        state.supply[seat][ITEM_INDEX[item]] += 1
    state.log(which, seat, items=gained, cost=cost)


# ---------------------------------------------------------------------------- employees
def oval_free_steps(state: ShipyardState, seat: int) -> int:
    """SY-5.5.1: one step is free; a Foreman adds up to 3 more free steps (SY-E-FOR)."""
    return 1 + (3 if state.has_role(seat, "foreman") else 0)


def oval_cost(state: ShipyardState, seat: int, steps: int) -> int:
    """The coins for moving the employee pointer ``steps`` spaces (SY-5.5.1)."""
    return max(0, steps - oval_free_steps(state, seat))


def hireable(state: ShipyardState, seat: int, space: int, coins: int) -> list[int]:
    """Slots of oval ``space`` the seat may hire from with ``coins`` (SY-5.5.2-5.5.4)."""
    owned = state.employees[seat]
    staff = state.content.employees  # indexed by employee id
    out = []
    for slot, stack in enumerate(state.oval[space]):
        if not stack or stack[-1] in owned:
            continue
        emp = staff[stack[-1]]
        if emp.surcharge > coins:
            continue
        if (
            emp.role == "merchant"
            and emp.level == 2
            and not any(
                staff[o].role == "merchant" and staff[o].goods == emp.goods and staff[o].level == 1
                for o in owned
            )
        ):
            continue
        out.append(slot)
    return out


def oval_moves(state: ShipyardState, seat: int, coins: int) -> Iterator[tuple[int, int]]:
    """``(steps, cost)`` landing on a space with someone to hire (SY-GAP-8f: the pointer may
    not stop where nobody can be hired)."""
    n = state.content.board.oval_spaces
    free = oval_free_steps(state, seat)
    for steps in range(1, n + 1):
        cost = max(0, steps - free)
        if cost > coins:
            return
        space = (state.oval_ptr + steps) % n
        if hireable(state, seat, space, coins - cost):
            yield steps, cost


def hire_from_oval(state: ShipyardState, space: int, slot: int) -> int:
    """Take the top employee of a stack off the oval and return its id. The oval is immutable
    (shared by clones, cached by the tensor), so this replaces it."""
    stacks = state.oval[space]
    stack = stacks[slot]
    stacks = (*stacks[:slot], stack[:-1], *stacks[slot + 1 :])
    state.oval = (*state.oval[:space], stacks, *state.oval[space + 1 :])
    return stack[-1]


def start_hiring(state: ShipyardState, seat: int) -> None:
    state.push("oval", seat)


def legal_oval(state: ShipyardState, frame: Frame) -> list[Action]:
    n = state.content.board.oval_spaces
    out = []
    for steps, cost in oval_moves(state, frame.seat, state.coins[frame.seat]):
        space = (state.oval_ptr + steps) % n
        names = ", ".join(
            state.employee_name(state.oval[space][slot][-1])
            for slot in hireable(state, frame.seat, space, state.coins[frame.seat] - cost)
        )
        out.append(
            make_action(
                "oval", f"Move to oval space {space + 1} ({cost} coins): {names}", steps=steps
            )
        )
    return out


def apply_oval(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    steps = action.num("steps")
    state.coins[seat] -= oval_cost(state, seat, steps)
    state.oval_ptr = (state.oval_ptr + steps) % state.content.board.oval_spaces
    state.push("hire", seat)


def legal_hire(state: ShipyardState, frame: Frame) -> list[Action]:
    seat = frame.seat
    space = state.oval_ptr
    out = []
    for slot in hireable(state, seat, space, state.coins[seat]):
        emp = state.content.employees[state.oval[space][slot][-1]]
        extra = f" (+{emp.surcharge} coin)" if emp.surcharge else ""
        out.append(make_action("hire", f"Hire {state.employee_name(emp.id)}{extra}", slot=slot))
    return out


def apply_hire(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    emp = state.content.employees[hire_from_oval(state, state.oval_ptr, action.num("slot"))]
    state.coins[seat] -= emp.surcharge  # SY-5.5.3
    state.employees[seat].append(emp.id)
    state.log("hire", seat, employee=state.employee_name(emp.id), cost=emp.surcharge)


def can_hire(state: ShipyardState, seat: int, coins: int) -> bool:
    """Whether :func:`oval_moves` offers any move with ``coins``: some space's steps cost plus
    its cheapest hireable surcharge is within them (surcharges are never negative, so this is
    the same test as the first move found)."""
    return cheapest_hire(state, seat) <= coins


_CHEAPEST: dict[tuple[int, int, tuple[int, ...]], tuple[Oval, object, float]] = {}
_CHEAPEST_MAX = 1 << 12


def cheapest_hire(state: ShipyardState, seat: int) -> float:
    """The fewest coins any hire costs the seat now (steps beyond the free ones plus the
    surcharge, SY-5.5.1-5.5.4); infinity when nobody on the oval may be hired.

    Cached on the oval's identity, the pointer and the seat's employees: the oval is never
    edited in place (a hire replaces it, :func:`hire_from_oval`), each entry keeps its oval and
    content alive and is used only for those very objects, so it cannot go stale (clones share
    the oval, which is safe for the same reason)."""
    oval, content = state.oval, state.content
    owned = tuple(state.employees[seat])
    key = (id(oval), state.oval_ptr, owned)
    hit = _CHEAPEST.get(key)
    if hit is not None and hit[0] is oval and hit[1] is content:
        return hit[2]
    n = content.board.oval_spaces
    free = oval_free_steps(state, seat)
    best = float("inf")
    staff = content.employees
    for steps in range(1, n + 1):
        cost = max(0, steps - free)
        if cost >= best:
            break  # steps only cost more further on
        space = (state.oval_ptr + steps) % n
        for slot in hireable(state, seat, space, 1 << 30):  # whatever the surcharge
            best = min(best, cost + staff[oval[space][slot][-1]].surcharge)
    if len(_CHEAPEST) >= _CHEAPEST_MAX:
        _CHEAPEST.clear()
    _CHEAPEST[key] = (oval, content, best)
    return best


# ---------------------------------------------------------------------------- goods
def start_goods(state: ShipyardState, seat: int) -> None:
    state.push("goods", seat)


def legal_goods(state: ShipyardState, frame: Frame) -> list[Action]:
    prices = state.content.board.wagon_prices
    out = []
    for slot, tile in enumerate(state.wagon_offer):
        if tile >= 0 and prices[slot] <= state.coins[frame.seat]:
            # Two tiles with the same goods can lie in the offer: the row tells them apart.
            desc = state.describe_wagon(tile)
            label = f"Buy wagon tile {desc} from row {slot + 1} for {prices[slot]}"
            out.append(make_action("take_wagon", label, slot=slot))
    return out


def apply_goods(state: ShipyardState, frame: Frame, action: Action) -> None:
    slot = action.num("slot")
    tile = state.wagon_offer[slot]
    state.coins[frame.seat] -= state.content.board.wagon_prices[slot]
    state.wagons[frame.seat].append(tile)
    state.log(
        "wagon",
        frame.seat,
        tile=state.describe_wagon(tile),
        price=state.content.board.wagon_prices[slot],
    )
    # SY-5.6.2/5.6.3: slide down, refill the top from the deck, reshuffling spent tiles.
    del state.wagon_offer[slot]
    state.refill_column(state.wagon_offer, state.wagon_deck, state.wagon_discard)


def can_buy_goods(state: ShipyardState, coins: int) -> bool:
    for tile, price in zip(state.wagon_offer, state.content.board.wagon_prices, strict=False):
        if tile >= 0 and price <= coins:
            return True
    return False


# ---------------------------------------------------------------------------- stock exchange
class WagonSale(NamedTuple):
    """The ``wagon`` decision: sell or swap one wagon of a traded tile (SY-5.7.3/5.7.4)."""

    tile: int
    """The wagon tile traded (STARTING_WAGON or an index into the wagon deck)."""
    position: int
    """Which of the tile's wagons is up."""
    swapped: tuple[str, ...]
    """Items already taken in swaps from this tile."""


def start_exchange(state: ShipyardState, seat: int) -> None:
    """SY-5.7.2: the pointer moves exactly one space, then the player picks a wagon tile."""
    state.hex_ptr = (state.hex_ptr + 1) % len(state.content.board.exchange_prices)
    state.log("exchange_moves", seat, space=state.hex_ptr)
    state.push("exchange", seat)


def legal_exchange(state: ShipyardState, frame: Frame) -> list[Action]:
    seen = []
    out = []
    for tile in state.wagons[frame.seat]:
        if tile in seen:
            continue
        seen.append(tile)
        out.append(make_action("use_tile", exchange_label(state, tile), tile=tile))
    return out


def exchange_label(state: ShipyardState, tile: int) -> str:
    """Two held tiles can carry the same goods (the starting tile and deck tile 11, or deck
    tiles 4 and 6): the label names the tile by its number, or as the starting tile."""
    goods = state.describe_wagon(tile)
    if tile == STARTING_WAGON:
        return f"Trade your starting wagon tile {goods}"
    return f"Trade wagon tile #{tile} {goods}"


def apply_exchange(state: ShipyardState, frame: Frame, action: Action) -> None:
    tile = action.num("tile")
    state.wagons[frame.seat].remove(tile)
    if tile != STARTING_WAGON:  # SY-5.7.5; starting tiles leave the game (SY-GAP-5c)
        state.wagon_discard.append(tile)
    state.push_record("wagon", frame.seat, WagonSale(tile, 0, ()))


def wagon_goods(state: ShipyardState, tile: int) -> tuple[Goods, ...]:
    if tile == STARTING_WAGON:
        return state.content.wagons.starting.goods
    return state.content.wagons.deck[tile].goods


def sale_price(state: ShipyardState, seat: int, goods: Goods) -> int:
    """Price at the pointer plus +1 per owned Merchant of that goods (SY-5.7.3, SY-E-MER)."""
    base = state.content.board.exchange_prices[state.hex_ptr][goods]
    bonus = sum(1 for e in state.owned(seat) if e.role == "merchant" and e.goods == goods)
    return base + bonus


def legal_wagon(state: ShipyardState, frame: Frame) -> list[Action]:
    sale = frame.record(WagonSale)
    goods = wagon_goods(state, sale.tile)[sale.position]
    price = sale_price(state, frame.seat, goods)
    out = [make_action("sell", f"Sell the {goods} wagon for {price} coins")]
    for item in state.content.board.exchange_swaps[goods]:
        if item not in sale.swapped:  # SY-5.7.4: no two wagons swapped for the same item
            out.append(make_action("swap", f"Swap the {goods} wagon for a {item}", item=item))
    return out


def apply_wagon(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    sale = frame.record(WagonSale)
    tile, index = sale.tile, sale.position
    goods = wagon_goods(state, tile)[index]
    if action.kind == "sell":
        price = sale_price(state, seat, goods)
        state.coins[seat] += price
        state.log("sell", seat, goods=goods, coins=price)
    else:
        item = action.text("item")
        state.supply[seat][ITEM_INDEX[item]] += 1
        sale = sale._replace(swapped=(*sale.swapped, item))
        state.log("swap", seat, goods=goods, item=item)
    if index + 1 < len(wagon_goods(state, tile)):
        state.push_record("wagon", seat, sale._replace(position=index + 1))


# ---------------------------------------------------------------------------- subsidy
def do_subsidy(state: ShipyardState, seat: int) -> None:
    state.coins[seat] += SUBSIDY_COINS
    state.log("subsidy", seat, coins=SUBSIDY_COINS)


LEGAL = {
    "circle": legal_circle,
    "oval": legal_oval,
    "hire": legal_hire,
    "goods": legal_goods,
    "exchange": legal_exchange,
    "wagon": legal_wagon,
}
APPLY = {
    "circle": apply_circle,
    "oval": apply_oval,
    "hire": apply_hire,
    "goods": apply_goods,
    "exchange": apply_exchange,
    "wagon": apply_wagon,
}
__all__ = ["APPLY", "GOODS", "ITEMS", "LEGAL"]
