"""How the bots judge a Shipyard position: ``evaluate(state, seat)`` in victory points.

The value is the seat's score now plus what its position will likely still be worth:

* **exact end-game terms** — Merchant employees' VP (SY-E-MER) and, per contract colour, the best
  held contract (SY-8.3) scored on the fleet as it stands (the seat keeps its best card of each
  colour at the discards, SY-4.15);
* **the ship under way** — a ship being fitted or sailing (``state.ship``) is worth the score it
  is about to make: its crew, cranes, cannons and speed (SY-6.8) plus the best voyage through
  the seat's canals (officials and Blue Riband, SY-6.10, 6.11), or nothing when it cannot sail
  (no captain, or faster than the canals allow, SY-6.7); and what it adds to the contracts;
* **ships in the shipyard** — the row is read as up to two ships in progress (the stretches
  bow–middles–stern with the fewest empty spaces, SY-6.2). Each is fitted in thought with the
  supply that fits its parts (SY-6.4: cabins, typed mounts, Designers, the free first captain)
  at the speed the canal system can carry (SY-6.5, 6.6, 6.9), scored like a real ship with
  officials at the canal deck's rate, contract gain included, and weighted by the chance it is
  finished in time (building actions, a captain and a canal still missing, against the turns
  left; a ship one part short can still be finished in the last chance, SY-7.5);
* **material that is not on a planned ship** — spare items at their worth on the ships still to
  come (only as many as those can carry), coins, goods wagons, canal length beyond the planned
  ship, parts outside the planned ships and the employees' future effects, at rates that shrink
  as the end nears (SY-4.14 laps, SY-7.2 early end, SY-7.4 final action).

Decisions in the middle of an action are read as their outcome: a part bought but not yet placed
counts as placed on its best space, a rented canal not yet laid adds a card's length, the goods of
a wagon tile being traded still count.

At the end of the game the value is the final score. The function is pure: it reads the state
and keeps only caches keyed by immutable values (the content set, hulls of part tuples, fits,
row layouts, canal-system geometry, contract values of fleets).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, cast

from tabletide.games.shipyard import canals
from tabletide.games.shipyard.building import Place, legal_cells
from tabletide.games.shipyard.constants import (
    BOW,
    CANNON,
    CAPTAIN,
    CRANE,
    EMPTY,
    FUNNEL,
    ITEMS,
    MAX_SHIP_MIDDLES,
    MERCHANT,
    MIDDLE,
    PROPELLER,
    SAIL,
    SOLDIER,
    STERN,
    SUBSTITUTE,
)
from tabletide.games.shipyard.content import Employee
from tabletide.games.shipyard.scoring import contract_vp
from tabletide.games.shipyard.supplies import WagonSale, wagon_goods
from tabletide.games.shipyard.voyage import (
    Hull,
    Route,
    Ship,
    designer_allowance,
    hull,
    ship_base_score,
)

if TYPE_CHECKING:
    from tabletide.games.shipyard.state import ShipyardState

# ---------------------------------------------------------------------------- tuning
STEP_CHANCE = 0.8
"""Chance factor per action a ship in the shipyard still needs (parts, a captain, a canal)."""
LAST_CHANCE = 0.8
"""Chance factor for a ship that can only be finished by the last chance (SY-7.5)."""
LATE_SPEED = 0.5
"""Worth of a speed point the canal system cannot carry yet (a canal can still be rented)."""
SPARE_RATE = 0.5
"""Share of its worth on a ship that a supply item fitting no planned ship keeps, while later
ships can still carry it."""
GLUT = 0.1
"""Share kept by a supply item beyond what the ships still to come can carry."""
SHIP_EVERY = 6.0
"""Turns a seat needs per ship, roughly (gathering parts, items, captain and canal)."""
FUTURE_HULL = (2.0, 2.0, 0.6, 0.45, 0.75)
"""What a future ship can carry: cabins, sail/funnel, propeller, crane and cannon mounts (the
stand-in parts of a 4-part ship, content/parts.json)."""
COIN = 0.3
COINS_USEFUL = 10
"""Coins a seat can put to use soon (a bonus action costs 6, parts and steps 0-3)."""
HOARD = 0.2
"""Share of a coin's worth kept by coins beyond ``COINS_USEFUL``."""
GOODS = 0.8
"""VP of one wagon's goods (sold or swapped at the Stock exchange), before the time factor."""
CANAL_SPACE = 0.25
"""VP of a canal move the planned ship does not use, before the time factor."""
CARD_MOVES = 3
"""Moves a rented canal card adds to the system once laid (the stand-in cards: 3 spaces)."""
ORPHAN_PART = 0.3
"""VP of a part in the shipyard outside the two planned ships, before the time factor."""
EARLY_END_TURNS = 1.5
"""Turns left once a ship-part deck is empty: the round is finished, then the final action."""
TURNS_FULL = 6.0
"""Turns left at which material keeps its full worth; it shrinks linearly below."""
TIE_BREAK = 0.01
"""Coins still matter when nothing is left to buy: they break ties (SY-7.7)."""
EMPLOYEE_PER_TURN = {
    "engineer": 0.12,  # an extra piece each time Equipment production is taken
    "recruiter": 0.12,  # an extra piece each time Crew recruitment is taken
    "designer": 0.05,  # room for two more pieces of one kind on later ships
    "accountant": 0.06,  # cheaper circles
    "rigger": 0.03,  # +1 speed per pair of sails
    "foreman": 0.03,  # cheaper hiring
}
"""VP per turn left that an employee's effect brings (SY-8.2); the Helmsman's is per ship."""
HELMSMAN_PER_SHIP = 1.3

# Officials and Blue Ribands of the stand-in canal deck, per water space (content/canals.json).
_SPACES = 76
_RIBAND = 7 / _SPACES
_MILITARY = _TRADE = _LANTERN = _LIFEBUOY = 6 / _SPACES
_LIFEBOAT = 5 / _SPACES

NOTHING = (0,) * len(ITEMS)
_CACHE_LIMIT = 1 << 15
_HULLS: dict[tuple[int, ...], Hull] = {}
_CANALS: dict[tuple[object, ...], int] = {}
_CONTRACTS: dict[tuple[object, ...], float] = {}
_VOYAGES: dict[tuple[object, ...], float] = {}
_STAFF: dict[tuple[int, ...], Staff] = {}
_GOODS: dict[tuple[int, int], int] = {}
_CONTENTS: dict[int, object] = {}
"""Content sets seen, by id: cache keys start with that id (kept alive here, so never reused)."""


def _token(state: ShipyardState) -> int:
    """The id of the state's content set, which every cache key includes (tests and users may
    load their own components)."""
    key = id(state.content)
    if _CONTENTS.get(key) is not state.content:
        if len(_CONTENTS) >= 16:
            for cache in (_HULLS, _CANALS, _CONTRACTS, _VOYAGES, _STAFF, _GOODS, _CONTENTS):
                cache.clear()
        _CONTENTS[key] = state.content
    return key


# ---------------------------------------------------------------------------- time
def turns_left(state: ShipyardState) -> float:
    """Turns each seat still plays, roughly: normal turns (SY-4.14: one lap per player, the
    front advancing one space a turn; an early end finishes the round, SY-7.2) plus the final
    action (SY-7.4); 0 once the final actions have begun."""
    if state.final:
        return 0.0
    length = state.track_len
    laps = state.marker - (1 if state.lap_pending else 0)
    front = state.pos[state.lead]
    total = laps * length if front == 0 else (laps - 1) * length + (length - front)
    total += sum(state.first_left)
    turns = total / state.num_players + 1.0
    return min(turns, EARLY_END_TURNS) if state.early_end else turns


# ---------------------------------------------------------------------------- employees
class Staff(NamedTuple):
    """What a seat's employees mean for the evaluation."""

    merchant_vp: int
    allow: tuple[int, ...]
    helmsman: int
    rigger: bool
    per_turn: float


def staff(state: ShipyardState, seat: int) -> Staff:
    """The seat's employees, summarised (cached by the set of employees)."""
    key = (_token(state), *state.employees[seat])
    got = _STAFF.get(key)
    if got is None:
        owned = state.owned(seat)
        got = Staff(
            merchant_vp=sum(e.vp for e in owned if e.role == "merchant"),
            allow=tuple(designer_allowance(state, seat)),
            helmsman=sum(1 for e in owned if e.role == "helmsman"),
            rigger=any(e.role == "rigger" for e in owned),
            per_turn=sum(EMPLOYEE_PER_TURN.get(e.role, 0.0) for e in owned),
        )
        _STAFF[key] = got
    return got


# ---------------------------------------------------------------------------- the row
@lru_cache(maxsize=1 << 14)
def row_plan(types: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Up to two disjoint ships in progress in a row of part types: ``(first, last, missing)``
    cells of a stretch bow, 1-7 middles, stern holding at least one part, with ``missing``
    empty cells; the first has the fewest missing parts (then the most parts)."""
    n = len(types)
    windows = []
    for i in range(n):
        if types[i] not in (EMPTY, BOW):
            continue
        empty = 1 if types[i] == EMPTY else 0
        for j in range(i + 1, min(n, i + MAX_SHIP_MIDDLES + 2)):
            t = types[j]
            if j >= i + 2 and t in (EMPTY, STERN):
                missing = empty + (1 if t == EMPTY else 0)
                size = j - i + 1
                if missing < size:
                    windows.append((missing, missing - size, i, j))
            if t == EMPTY:
                empty += 1
            elif t != MIDDLE:
                break
    windows.sort()
    plan: list[tuple[int, int, int]] = []
    for missing, _, i, j in windows:
        if all(j < a or i > b for a, b, _ in plan):
            plan.append((i, j, missing))
            if len(plan) == 2:
                break
    return tuple(plan)


def _types(state: ShipyardState, row: list[int]) -> tuple[int, ...]:
    kinds = state.part_types
    return tuple(
        c if c == EMPTY else (c - SUBSTITUTE if c >= SUBSTITUTE else kinds[c]) for c in row
    )


def _place_best(state: ShipyardState, seat: int, code: int, last_chance: bool) -> list[int]:
    """The row with a bought part put where it brings a ship closest to completion."""
    row = state.row[seat]
    ptype = code - SUBSTITUTE if code >= SUBSTITUTE else state.part_types[code]
    types = list(_types(state, row))
    best: tuple[int, int] | None = None
    best_cell = -1
    for cell in legal_cells(state, seat, ptype, last_chance):
        types[cell] = ptype
        plan = row_plan(tuple(types))
        types[cell] = EMPTY
        key = (plan[0][2], plan[0][0] - plan[0][1]) if plan else (99, 0)
        if best is None or key < best:
            best, best_cell = key, cell
    out = row[:]
    if best_cell >= 0:
        out[best_cell] = code
    return out


def _hull(state: ShipyardState, parts: tuple[int, ...]) -> Hull:
    key = (_token(state), *parts)
    h = _HULLS.get(key)
    if h is None:
        if len(_HULLS) > _CACHE_LIMIT:
            _HULLS.clear()
        h = _HULLS[key] = hull(state, parts)
    return h


# ---------------------------------------------------------------------------- canals
def _longest(
    state: ShipyardState,
    system: dict[canals.Cell, tuple[int, int]],
    boat: canals.Boat,
    removed: frozenset[canals.Cell],
    limit: int,
) -> int:
    """The longest legal voyage (SY-6.9) from ``boat``, up to ``limit`` moves."""
    best = 0
    here = (boat[0], boat[1])
    for to in canals.moves(state, system, boat, removed):
        left = removed if (to[0], to[1]) == here else removed | {here}
        got = 1 + _longest(state, system, canals.step(boat, to), left, limit - 1)
        if got > best:
            best = got
            if best >= limit:
                break
    return best


def canal_length(state: ShipyardState, seat: int) -> int:
    """The longest voyage the seat's canal system can carry now (0 without a canal)."""
    boat = state.boat[seat]
    if boat is None:
        return 0
    system = state.canals[seat]
    key = (_token(state), boat, *sorted(system.items()))
    got = _CANALS.get(key)
    if got is None:
        if len(_CANALS) > _CACHE_LIMIT:
            _CANALS.clear()
        got = _CANALS[key] = _longest(state, system, boat, frozenset(), 16)
    return got


def _voyage(
    state: ShipyardState,
    system: dict[canals.Cell, tuple[int, int]],
    boat: canals.Boat,
    removed: frozenset[canals.Cell],
    steps: int,
    done: int,
    riband: int,
    weights: dict[str, int],
) -> float:
    """The most a voyage of exactly ``steps`` more moves can still add (SY-6.10 officials on
    entry, SY-6.11 the last Blue Riband's step, counted after ``done`` moves with ``riband``
    so far); -1 when no such voyage exists."""
    if steps == 0:
        return float(riband)
    best = -1.0
    here = (boat[0], boat[1])
    for to in canals.moves(state, system, boat, removed):
        left = removed if (to[0], to[1]) == here else removed | {here}
        symbol = state.content.canals[system[(to[0], to[1])][0]].spaces[to[2]]
        gain, rib = (0, done + 1) if symbol == "riband" else (weights.get(symbol, 0), riband)
        nxt = canals.step(boat, to)
        rest = _voyage(state, system, nxt, left, steps - 1, done + 1, rib, weights)
        if rest >= 0 and gain + rest > best:
            best = gain + rest
    return best


def voyage_gain(
    state: ShipyardState,
    seat: int,
    items: tuple[int, ...] | list[int],
    h: Hull,
    steps: int,
    done: int = 0,
    riband: int = 0,
) -> float:
    """What the best voyage of ``steps`` more moves through the seat's canals adds for a ship
    with ``items`` and hull ``h``: officials plus the Blue Riband (0 if none is possible)."""
    boat = state.boat[seat]
    if boat is None or steps <= 0:
        return float(riband)
    weights = {
        "military": items[SOLDIER] + items[CANNON],
        "trade": items[MERCHANT] + items[CRANE],
        "lantern": h.lanterns,
        "lifeboat": h.lifeboats,
        "lifebuoy": h.lifebuoys,
    }
    system = state.canals[seat]
    key = (_token(state), boat, steps, done, riband, *weights.values(), *sorted(system.items()))
    got = _VOYAGES.get(key)
    if got is None:
        got = _voyage(state, system, boat, frozenset(), steps, done, riband, weights)
        if len(_VOYAGES) > _CACHE_LIMIT:
            _VOYAGES.clear()
        _VOYAGES[key] = got
    return max(0.0, got)


# ---------------------------------------------------------------------------- ships
def _riband(speed: int) -> float:
    """Expected Blue Riband VP of a voyage of ``speed`` moves (SY-6.11: the last one entered
    scores its step number)."""
    q = _RIBAND
    return sum(k * q * (1 - q) ** (speed - k) for k in range(1, speed + 1))


_RIBANDS = tuple(_riband(s) for s in range(40))


def ship_value(items: tuple[int, ...], h: Hull, speed: int) -> float:
    """SY-6.8 score of a ship with ``items`` at ``speed``, officials at the deck's rate."""
    per_move = (
        _MILITARY * (items[SOLDIER] + items[CANNON])
        + _TRADE * (items[MERCHANT] + items[CRANE])
        + _LANTERN * h.lanterns
        + _LIFEBOAT * h.lifeboats
        + _LIFEBUOY * h.lifebuoys
    )
    speed = min(speed, 39)
    return ship_base_score(items, speed) + speed * per_move + _RIBANDS[speed]


def fit(
    h: Hull, allow: tuple[int, ...], fixed: tuple[int, ...], supply: list[int], captains: int
) -> list[int]:
    """Items for a ship: those already attached (``fixed``) plus what ``supply`` can add within
    the hull's cabins and mounts and the Designers' ``allow``-ance (SY-6.4). ``captains`` is how
    many captains need no cabin. Speed items are all taken (:func:`best_speed` picks how many
    to use). The chosen items are taken out of ``supply``."""
    items = list(fixed)
    for i, mounts in ((CRANE, h.crane), (CANNON, h.cannon), (PROPELLER, h.propeller)):
        take = min(supply[i], max(0, mounts + allow[i] - items[i]))
        items[i] += take
        supply[i] -= take
    # Sails and funnels share one mount type; each may also ride on its Designer.
    shared = h.sail_funnel
    shared -= max(0, items[SAIL] - allow[SAIL]) + max(0, items[FUNNEL] - allow[FUNNEL])
    for i in (FUNNEL, SAIL):
        free = max(0, allow[i] - items[i])
        take = min(supply[i], free + max(0, shared))
        shared -= max(0, take - free)
        items[i] += take
        supply[i] -= take
    take = min(supply[CAPTAIN], max(0, captains - items[CAPTAIN]))
    items[CAPTAIN] += take
    supply[CAPTAIN] -= take
    cabins = h.cabins - max(0, items[CAPTAIN] - captains)
    cabins -= max(0, items[MERCHANT] - allow[MERCHANT]) + max(0, items[SOLDIER] - allow[SOLDIER])
    for i in (MERCHANT, SOLDIER, CAPTAIN):
        free = max(0, allow[i] - items[i]) if i != CAPTAIN else 0
        take = min(supply[i], free + max(0, cabins))
        cabins -= max(0, take - free)
        items[i] += take
        supply[i] -= take
    return items


def _base(f: int, p: int, s: int) -> int:
    """SY-6.5.1 (as ``voyage.base_speed``) from counts."""
    if f and p:
        return 4 + (f - 1) + (p - 1) + s
    return 1 + s + p + f // 2


@lru_cache(maxsize=1 << 14)
def best_speed(f: int, p: int, s: int, boost: int, cap: int) -> tuple[int, int, int, int]:
    """The fastest voyage not over ``cap`` using at most ``f`` funnels, ``p`` propellers and
    ``s`` sails and up to ``boost`` employee speed (all optional, SY-6.6, SY-6.7.3):
    ``(speed, funnels, propellers, sails)``, speed 0 when none fits. Ties keep more items."""
    best = (0, 0, 0, 0)
    for ff in range(f + 1):
        for pp in range(p + 1):
            if _base(ff, pp, 0) > cap:
                continue
            top = _base(ff, pp, s) + boost
            speed = min(cap, top)
            ss = s if top <= cap else max(0, s - (top - cap))
            if (speed, ff + pp + ss) > (best[0], best[1] + best[2] + best[3]):
                best = (speed, ff, pp, ss)
    return best


class Plan(NamedTuple):
    """A ship fitted in thought: its items, the supply left, its speed within the canals (0
    if it cannot sail at all) and the speed it could reach with longer canals."""

    items: tuple[int, ...]
    supply: tuple[int, ...]
    speed: int
    full: int


@lru_cache(maxsize=1 << 16)
def plan_ship(
    h: Hull,
    fixed: tuple[int, ...],
    supply: tuple[int, ...],
    allow: tuple[int, ...],
    helmsman: int,
    rigger: bool,
    cap: int,
) -> Plan:
    """Fit a ship from ``supply`` (:func:`fit`) and pick its speed (:func:`best_speed`, with
    the Helmsman's and the Rigger's bonus, SY-6.6); unused speed items go back to the supply."""
    left = list(supply)
    items = fit(h, allow, fixed, left, 1)
    boost = helmsman + (items[SAIL] // 2 if rigger else 0)
    speed, f, p, s = best_speed(items[FUNNEL], items[PROPELLER], items[SAIL], boost, cap)
    full = best_speed(items[FUNNEL], items[PROPELLER], items[SAIL], boost, 99)[0]
    for i, n in ((FUNNEL, f), (PROPELLER, p), (SAIL, s)):
        left[i] += items[i] - n
        items[i] = n
    return Plan(tuple(items), tuple(left), speed, full)


class _Fleets:
    """A read-only view for :func:`contract_vp` in which one seat's fleet is replaced."""

    __slots__ = ("_state", "content", "employees", "fleet", "used_count")

    def __init__(self, state: ShipyardState, seat: int, fleet: list[Ship]) -> None:
        self._state = state
        self.content = state.content
        self.employees = state.employees
        self.used_count = state.used_count
        self.fleet = {seat: fleet}

    def owned(self, seat: int) -> list[Employee]:
        return self._state.owned(seat)


def contracts_value(state: ShipyardState, seat: int, fleet: list[Ship]) -> float:
    """Per colour, the best contract the seat holds, scored on ``fleet`` (SY-8.3)."""
    held = state.contracts[seat]
    key = (
        _token(state),
        tuple(held),
        tuple(fleet),
        state.used_count[seat],
        tuple(state.employees[seat]),
    )
    got = _CONTRACTS.get(key)
    if got is None:
        view = cast("ShipyardState", _Fleets(state, seat, fleet))
        best: dict[str, int] = {}
        for i in held:
            card = state.content.contracts[i]
            vp = contract_vp(view, seat, card)
            if vp > best.get(card.colour, -1):
                best[card.colour] = vp
        got = float(sum(best.values()))
        if len(_CONTRACTS) > _CACHE_LIMIT:
            _CONTRACTS.clear()
        _CONTRACTS[key] = got
    return got


def _goods(state: ShipyardState, tiles: list[int]) -> int:
    token = _token(state)
    total = 0
    for tile in tiles:
        n = _GOODS.get((token, tile))
        if n is None:
            n = _GOODS[token, tile] = len(wagon_goods(state, tile))
        total += n
    return total


# ---------------------------------------------------------------------------- evaluation
def evaluate(state: ShipyardState, seat: int) -> float:
    """The seat's score plus the likely worth of its position by the end, in VP."""
    return _evaluate(state, seat, None)


def breakdown(state: ShipyardState, seat: int) -> dict[str, float]:
    """The terms behind :func:`evaluate` (material as counts, before their weights), for
    tuning and explanations; ``"total"`` is the evaluation."""
    out: dict[str, float] = {}
    out["total"] = _evaluate(state, seat, out)
    return out


def _evaluate(state: ShipyardState, seat: int, out: dict[str, float] | None) -> float:
    if not state.stack:  # the final score (ties on coins are ranked by the engine, SY-7.7)
        return float(state.vp[seat])
    coins = state.coins[seat]
    crew = staff(state, seat)
    fleet = state.fleet[seat]
    contracts = contracts_value(state, seat, fleet)
    value = state.vp[seat] + contracts + crew.merchant_vp
    turns = turns_left(state)
    time = min(1.0, turns / TURNS_FULL)
    actions = turns
    if state.final:  # the final action, while it is still to come (SY-7.4)
        actions = float(any(f.kind == "final" and f.seat == seat for f in state.stack))
    supply = tuple(state.supply[seat])
    cap = canal_length(state, seat)
    goods = _goods(state, state.wagons[seat])
    row = state.row[seat]

    top = state.stack[-1]
    kind = top.kind if top.seat == seat else ""
    if kind == "place":
        place = top.record(Place)
        row = _place_best(state, seat, place.part, place.last_chance)
    elif kind in ("first_canal", "place_canal"):
        cap += CARD_MOVES - (1 if kind == "first_canal" else 0)
    elif kind == "wagon":
        sale = top.record(WagonSale)
        goods += _goods(state, [sale.tile]) - sale.position

    # The ship being fitted or sailing now.
    ship = state.ship if kind in ("fit", "boost", "route") else None
    if ship is not None:
        h = _hull(state, ship.parts)
        if kind == "route":
            route = top.record(Route)
            speed, done, riband, vp = route.speed, route.moves_made, route.riband_vp, route.vp
            value += vp + voyage_gain(state, seat, ship.items, h, speed - done, done, riband)
            fleet = [*fleet, ship]
            cap = max(0, cap - (speed - done))
        else:
            fixed = ship.items
            pool = supply if kind == "fit" else NOTHING  # after sail_off nothing more is attached
            plan = plan_ship(h, fixed, pool, crew.allow, crew.helmsman, crew.rigger, cap)
            slowest = _base(fixed[FUNNEL], fixed[PROPELLER], fixed[SAIL])
            if plan.items[CAPTAIN] and plan.speed and slowest <= cap:
                value += ship_base_score(plan.items, plan.speed)
                value += voyage_gain(state, seat, plan.items, h, plan.speed)
                fleet = [*fleet, Ship(ship.parts, plan.items)]
                if kind == "fit":
                    supply = plan.supply
                cap -= plan.speed
            else:  # lost: the attached items come back to the supply (SY-GAP-4f)
                supply = tuple(a + b for a, b in zip(supply, fixed, strict=True))
        now = contracts_value(state, seat, fleet)
        value += now - contracts
        contracts = now
    if out is not None:
        out.update(score=state.vp[seat], turns=turns, merchants=crew.merchant_vp)
        out.update(contracts=contracts, ship_now=value - state.vp[seat] - contracts)
        out["ship_now"] -= crew.merchant_vp

    # Ships in the shipyard.
    in_plan = 0
    extra_steps = 0
    for k, (first, last, missing) in enumerate(row_plan(_types(state, row))):
        parts = tuple(c for c in row[first : last + 1] if c != EMPTY)
        in_plan += len(parts)
        h = _hull(state, parts)
        plan = plan_ship(h, NOTHING, supply, crew.allow, crew.helmsman, crew.rigger, max(cap, 1))
        supply = plan.supply
        worth = ship_value(plan.items, h, plan.speed) + LATE_SPEED * time * (plan.full - plan.speed)
        other = (0 if plan.items[CAPTAIN] else 1) + (0 if cap else 1)
        if not extra_steps:
            worth += contracts_value(state, seat, [*fleet, Ship(parts, plan.items)]) - contracts
        chance = _chance(missing, other + extra_steps, actions)
        value += chance * worth
        if out is not None:
            out[f"row{k}_worth"], out[f"row{k}_chance"] = worth, chance
        if chance and plan.items[CAPTAIN] and cap:
            cap = max(0, cap - plan.speed)
        extra_steps += max(1, (missing + 2) // 3 + other)
    orphans = sum(1 for c in row if c != EMPTY) - in_plan

    # Material not planned on a ship.
    ships = max(0.0, actions - 2.0) / SHIP_EVERY
    value += SPARE_RATE * _spare(supply, ships, crew.allow)
    value += time * (GOODS * goods + CANAL_SPACE * cap + ORPHAN_PART * orphans)
    useful = min(coins, COINS_USEFUL)
    value += COIN * time * (useful + HOARD * (coins - useful)) + TIE_BREAK * coins
    value += crew.per_turn * turns + HELMSMAN_PER_SHIP * crew.helmsman * ships
    if out is not None:
        out.update(coins=coins, goods=goods, canal=cap, orphans=orphans, ships_ahead=ships)
        for name, n in zip(ITEMS, supply, strict=True):
            out["spare_" + name] = n
    return value


def _chance(missing: int, other: int, actions: float) -> float:
    """How likely a ship in the shipyard is to sail in time: it still needs building actions
    for ``missing`` parts (up to 3 a turn, SY-5.1.2) and ``other`` actions (a captain, a canal,
    ships planned before it); ``actions`` is how many the seat still has. The last chance
    (SY-7.5) can add a ship's last part without an action."""
    if missing == 0:  # complete: it sails, or is lost, at the end of this turn (SY-6.7)
        return 1.0 if other == 0 else 0.0
    needs = (missing + 2) // 3 + other
    if needs <= actions:
        return float(STEP_CHANCE**needs)
    if (missing + 1) // 3 + other <= actions:
        return float(LAST_CHANCE * STEP_CHANCE ** (needs - 1))
    return 0.0


def _within(count: float, room: float, worth: float) -> float:
    """``count`` items of ``worth`` of which only ``room`` will find a place."""
    fits = min(count, room)
    return worth * (fits + GLUT * (count - fits))


def _spare(supply: tuple[int, ...], ships: float, allow: tuple[int, ...]) -> float:
    """What supply items no planned ship takes are worth on the ``ships`` still to come, at
    their worth on a ship (SY-6.5, 6.8): a captain per ship, then crew in cabins; sails and
    funnels on shared mounts; propellers, cranes, cannons on their own (Designers add room)."""
    cabins, shared, props, cranes, cannons = (ships * n for n in FUTURE_HULL)
    captains = supply[CAPTAIN]
    value = _within(captains, ships, 2.0)
    crew = supply[MERCHANT] + supply[SOLDIER] + max(0.0, captains - ships)
    value += _within(crew, cabins + ships * (allow[MERCHANT] + allow[SOLDIER]), 1.0)
    room = shared + ships * (allow[SAIL] + allow[FUNNEL])
    value += _within(supply[SAIL], room, 1.0)
    value += _within(supply[FUNNEL], max(0.0, room - supply[SAIL]), 0.7)
    value += _within(supply[PROPELLER], props + ships * allow[PROPELLER], 1.0)
    value += _within(supply[CRANE], cranes + ships * allow[CRANE], 2.0)
    value += _within(supply[CANNON], cannons + ships * allow[CANNON], 2.0)
    return value
