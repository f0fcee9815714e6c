"""Phase 5: completed ships are fitted, sail their maiden voyage and join the fleet (SY-6).

Decisions, per ship: ``launch`` (which completed ship goes next, when several), ``fit``
(attach one item from the supply, or sail off), ``boost`` (optional employee speed bonus,
SY-6.6), ``route`` (the next water space, where there is a choice). A ship without a captain or
without a long-enough canal is removed and its items stay in the supply (SY-6.7, SY-GAP-4f).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.shipyard import canals
from tabletide.games.shipyard.building import completed_ships, row_types
from tabletide.games.shipyard.canals import Spot
from tabletide.games.shipyard.constants import (
    CANNON,
    CAPTAIN,
    CRANE,
    EMPTY,
    FUNNEL,
    ITEM_INDEX,
    ITEMS,
    MERCHANT,
    PROPELLER,
    SAIL,
    SOLDIER,
    SUBSTITUTE,
)
from tabletide.games.shipyard.content import Content, geometry

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState


class Ship(NamedTuple):
    """A ship in the fleet (or being fitted): its parts and attached item counts (ITEMS order)."""

    parts: tuple[int, ...]
    items: tuple[int, ...]


class Hull(NamedTuple):
    """What a ship's parts offer: capacities and printed safety features."""

    cabins: int
    sail_funnel: int
    propeller: int
    crane: int
    cannon: int
    lifebuoys: int
    lifeboats: int
    lanterns: int


_HULLS: dict[int, tuple[Content, dict[tuple[int, ...], Hull]]] = {}
"""id(content) -> the content (kept alive, so its id is not reused) and its hulls by parts."""


def hull(state: ShipyardState, parts: tuple[int, ...]) -> Hull:
    """Sum of the parts' features; substitutes have none (SY-5.1.9). Cached per content set
    by the parts (a tuple of part codes; a part's features never change)."""
    content = state.content
    entry = _HULLS.get(id(content))
    if entry is None or entry[0] is not content:
        entry = _HULLS[id(content)] = (content, {})
    known = entry[1]
    found = known.get(parts)
    if found is None:
        if len(known) >= 1 << 14:
            known.clear()
        found = known[parts] = _hull(content, parts)
    return found


def _hull(content: Content, parts: tuple[int, ...]) -> Hull:
    totals = [0] * 8
    for code in parts:
        if code >= SUBSTITUTE:
            continue
        p = content.parts[code]
        m = p.mounts
        for i, v in enumerate(
            (
                p.cabins,
                m.sail_funnel,
                m.propeller,
                m.crane,
                m.cannon,
                p.lifebuoys,
                p.lifeboats,
                p.lanterns,
            )
        ):
            totals[i] += v
    return Hull(*totals)


def designer_allowance(state: ShipyardState, seat: int) -> list[int]:
    """Extra pieces per item a ship may carry without cabin or mount (SY-E-DES): 2 per
    Designer, 1 for the propeller."""
    allow = [0] * len(ITEMS)
    for e in state.owned(seat):
        if e.role == "designer" and e.item is not None:
            allow[ITEM_INDEX[e.item]] = 1 if e.item == "propeller" else 2
    return allow


def fits(h: Hull, items: tuple[int, ...] | list[int], allow: list[int]) -> bool:
    """SY-6.4: each piece on its own mount of its type (sails and funnels share one type), each
    crew member in a cabin except the first captain; Designer pieces need neither."""

    def over(i: int) -> int:
        return max(0, items[i] - allow[i])

    if over(PROPELLER) > h.propeller or over(CRANE) > h.crane or over(CANNON) > h.cannon:
        return False
    if over(SAIL) + over(FUNNEL) > h.sail_funnel:
        return False
    officers = max(0, items[CAPTAIN] - 1)
    return officers + over(MERCHANT) + over(SOLDIER) <= h.cabins


def base_speed(items: tuple[int, ...] | list[int]) -> int:
    """SY-6.5.1: with a funnel and a propeller 4 + (F-1) + (P-1) + S; else 1 + S + P + F//2."""
    f, p, s = items[FUNNEL], items[PROPELLER], items[SAIL]
    if f and p:
        return 4 + (f - 1) + (p - 1) + s
    return 1 + s + p + f // 2


def max_boost(state: ShipyardState, seat: int, items: tuple[int, ...]) -> int:
    """SY-6.6: Helmsman +1, Rigger +1 per pair of sails; each may be used partly or not."""
    boost = 1 if state.has_role(seat, "helmsman") else 0
    if state.has_role(seat, "rigger"):
        boost += items[SAIL] // 2
    return boost


def official_score(kind: str, ship: Ship, h: Hull) -> int:
    """SY-6.10: what entering an official's space scores for this ship."""
    items = ship.items
    if kind == "military":
        return items[SOLDIER] + items[CANNON]
    if kind == "trade":
        return items[MERCHANT] + items[CRANE]
    if kind == "lantern":
        return h.lanterns
    if kind == "lifeboat":
        return h.lifeboats
    if kind == "lifebuoy":
        return h.lifebuoys
    return 0


def ship_base_score(items: tuple[int, ...], speed: int) -> int:
    """SY-6.8: 1 VP per crew member, 2 per crane and per cannon, plus the speed."""
    crew = items[CAPTAIN] + items[MERCHANT] + items[SOLDIER]
    return crew + 2 * items[CRANE] + 2 * items[CANNON] + speed


# ---------------------------------------------------------------------------- phase 5 flow
class Route(NamedTuple):
    """The ``route`` decision: the next move of the boat on a voyage (SY-6.9 to SY-6.13)."""

    speed: int
    """Moves the voyage takes."""
    moves_made: int
    """Moves made so far."""
    riband_vp: int
    """VP of the last Blue Riband space entered: the move it was entered on (SY-GAP-3c)."""
    vp: int
    """VP of the voyage so far: the ship's base score and the officials met."""


def auto_voyages(state: ShipyardState, frame: Frame) -> None:
    """Launch the seat's completed ships one by one (SY-6.1)."""
    seat = frame.seat
    ships = completed_ships(row_types(state, state.row[seat]))
    if not ships:
        return
    state.push("@voyages", seat)
    if len(ships) == 1:
        launch(state, seat, ships[0][0])
    else:
        state.push("launch", seat)


def legal_launch(state: ShipyardState, frame: Frame) -> list[Action]:
    ships = completed_ships(row_types(state, state.row[frame.seat]))
    return [
        make_action("launch", f"Launch the ship on spaces {a + 1}-{b + 1} next", cell=a)
        for a, b in ships
    ]


def apply_launch(state: ShipyardState, frame: Frame, action: Action) -> None:
    launch(state, frame.seat, action.num("cell"))


def launch(state: ShipyardState, seat: int, first: int) -> None:
    """The ship leaves the shipyard (SY-6.12.1) and is fitted from the supply (SY-6.3)."""
    row = state.row[seat]
    last = next(b for a, b in completed_ships(row_types(state, row)) if a == first)
    parts = tuple(row[first : last + 1])
    for cell in range(first, last + 1):
        row[cell] = EMPTY
    state.ship = Ship(parts, (0,) * len(ITEMS))
    state.push("fit", seat)


def legal_fit(state: ShipyardState, frame: Frame) -> list[Action]:
    seat = frame.seat
    ship = state.ship
    assert ship is not None
    h = hull(state, ship.parts)
    allow = designer_allowance(state, seat)
    out = []
    items = list(ship.items)
    for i, name in enumerate(ITEMS):
        if state.supply[seat][i] == 0:
            continue
        items[i] += 1
        if fits(h, items, allow):
            out.append(make_action("attach", f"Attach a {name}", item=name))
        items[i] -= 1
    out.append(
        make_action("sail_off", f"Send the ship off as fitted (speed {base_speed(ship.items)})")
    )
    return out


def apply_fit(state: ShipyardState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    ship = state.ship
    assert ship is not None
    if action.kind == "attach":
        i = ITEM_INDEX[action.text("item")]
        state.supply[seat][i] -= 1
        items = list(ship.items)
        items[i] += 1
        state.ship = Ship(ship.parts, tuple(items))
        state.push("fit", seat)
        return
    top = max_boost(state, seat, ship.items)
    if top:
        state.push("boost", seat)
    else:
        depart(state, seat, 0)


def legal_boost(state: ShipyardState, frame: Frame) -> list[Action]:
    ship = state.ship
    assert ship is not None
    base = base_speed(ship.items)
    return [
        make_action("boost", f"Use +{n} speed from employees (speed {base + n})", amount=n)
        for n in range(max_boost(state, frame.seat, ship.items) + 1)
    ]


def apply_boost(state: ShipyardState, frame: Frame, action: Action) -> None:
    depart(state, frame.seat, action.num("amount"))


def depart(state: ShipyardState, seat: int, boost: int) -> None:
    """Check the scoring conditions (SY-6.7), then score the ship and start the voyage."""
    ship = state.ship
    assert ship is not None
    speed = base_speed(ship.items) + boost
    boat = state.boat[seat]
    reason = ""
    if ship.items[CAPTAIN] == 0:
        reason = "it has no captain"
    elif boat is None or not canals.can_sail(state, state.canals[seat], boat, speed):
        reason = f"the canal system is too short for speed {speed}"
    if reason:
        for i, n in enumerate(ship.items):  # SY-GAP-4f: the items were never attached
            state.supply[seat][i] += n
        state.ship = None
        state.log("ship_lost", seat, parts=len(ship.parts), reason=reason)
        return
    base = ship_base_score(ship.items, speed)
    state.push_record("route", seat, Route(speed, 0, 0, base))


def route_options(state: ShipyardState, seat: int, remaining: int) -> list[canals.Spot]:
    """SY-GAP-4b: only moves after which the rest of the voyage can still be sailed."""
    boat = state.boat[seat]
    assert boat is not None
    system = state.canals[seat]
    here = (boat[0], boat[1])
    out = []
    for to in canals.moves(state, system, boat, frozenset()):
        left = frozenset() if (to[0], to[1]) == here else frozenset({here})
        if canals.can_sail(state, system, canals.step(boat, to), remaining - 1, left):
            out.append(to)
    return out


def legal_route(state: ShipyardState, frame: Frame) -> list[Action]:
    route = frame.record(Route)
    seat = frame.seat
    boat = state.boat[seat]
    assert boat is not None
    system = state.canals[seat]
    return [
        make_action(
            "sail",
            route_label(state, system, boat, to),
            canal=system[(to[0], to[1])][0],
            space=to[2],
        )
        for to in route_options(state, seat, route.speed - route.moves_made)
    ]


def route_label(
    state: ShipyardState, system: dict[canals.Cell, tuple[int, int]], boat: canals.Boat, to: Spot
) -> str:
    """A move in words. Moves onto another card differ by the card; moves along the boat's
    card (from a fork's junction there are two) differ by the space entered: an end, named by
    the side of the table it lies on, or the card's middle space."""
    x, y, space = to
    card, rot = system[(x, y)]
    symbol = state.content.canals[card].spaces[space]
    what = {"none": "a blank space", "riband": "a Blue Riband space"}.get(
        symbol, f"a {symbol} space"
    )
    if (x, y) != (boat[0], boat[1]):
        return f"Sail onto canal {card}, to {what}"
    shape = canals.card_shape(state, card)
    ports, _ = geometry(shape, rot)
    side = next((canals.SIDE_NAMES[s] for s, p in ports.items() if p == space), None)
    spot = f"its {side} end" if side else "its junction" if shape == "fork" else "its middle space"
    return f"Sail along this card to {spot}, {what}"


def apply_route(state: ShipyardState, frame: Frame, action: Action) -> None:
    """SY-6.9-6.13: one move; officials score on entry; the last Blue Riband scores its step."""
    seat = frame.seat
    route = frame.record(Route)
    speed, done, riband, vp = route.speed, route.moves_made, route.riband_vp, route.vp
    ship = state.ship
    assert ship is not None
    boat = state.boat[seat]
    assert boat is not None
    system = state.canals[seat]
    canal, space = action.num("canal"), action.num("space")
    to = next(
        spot
        for spot in route_options(state, seat, speed - done)
        if system[(spot[0], spot[1])][0] == canal and spot[2] == space
    )
    state.boat[seat] = canals.step(boat, to)
    done += 1
    if (to[0], to[1]) != (boat[0], boat[1]):  # SY-6.13.1: the card left is used up
        card, _ = state.canals[seat].pop((boat[0], boat[1]))
        state.used_pile[seat].append(card)
        state.used_count[seat] += 1
        canals.prune(state, seat)
    card, _ = state.canals[seat][(to[0], to[1])]
    symbol = state.content.canals[card].spaces[to[2]]
    if symbol == "riband":
        riband = done
    else:
        vp += official_score(symbol, ship, hull(state, ship.parts))
    if done < speed:
        state.push_record("route", seat, route._replace(moves_made=done, riband_vp=riband, vp=vp))
        return
    vp += riband
    state.vp[seat] += vp
    state.fleet[seat].append(ship)
    state.ship = None
    state.log("voyage", seat, parts=len(ship.parts), speed=speed, vp=vp)


LEGAL = {"launch": legal_launch, "fit": legal_fit, "boost": legal_boost, "route": legal_route}
APPLY = {"launch": apply_launch, "fit": apply_fit, "boost": apply_boost, "route": apply_route}
AUTO = {"@voyages": auto_voyages}
