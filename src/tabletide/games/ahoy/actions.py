"""Placing dice (AH-5.1-5.6) and what each die spot does: the common actions (AH-5.7-5.10),
each faction's own (AH-6.1.2, AH-6.2.2, AH-6.3.2), the crew cards that take a die and the
cutter's and gunboat's cards."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.ahoy import battle, cards, damage, geometry, movement
from tabletide.games.ahoy.constants import (
    CREW_SPOT0,
    CUTTER,
    DELTA,
    DIR_NAMES,
    GUNBOAT,
    PATROL_FIGS,
    SHIP_SPOT0,
)

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState


class Tailwind(NamedTuple):
    """``tailwind``: the figure the wind takes to a space showing ``value`` (0: any tailwind
    symbol), and its rider (``"patrol"``, ``"allies"`` or ``""``)."""

    figure: int
    value: int
    rider: str


class Order(NamedTuple):
    """``order``: the patrols moved so far (AH-6.1.2)."""

    moved: tuple[int, ...]


class Officer(NamedTuple):
    """``officer``: the patrols moved so far (AH-A.19)."""

    moved: tuple[int, ...]


class Whisper(NamedTuple):
    """``whisper``: the regions given an ally so far (AH-6.2.2)."""

    used: tuple[int, ...]


class Count(NamedTuple):
    """``count``: why a number is chosen (``"uprising"``), for which region, and the most."""

    why: str
    region: int
    most: int


NEED: dict[str, frozenset[int]] = {
    "any": frozenset(range(1, 7)),
    "even": frozenset((2, 4, 6)),
    "5-6": frozenset((5, 6)),
    **{str(v): frozenset((v,)) for v in range(1, 7)},
}


def steps_per_gold(s: AhoyState, seat: int) -> int:
    """AH-5.3: 1 gold moves a die by 1; the Fence moves it by up to 2 (AH-A.18)."""
    return 2 if s.has_crew(seat, "fence") else 1


def gold_cost(frm: int, to: int, per_gold: int) -> int:
    return (abs(to - frm) + per_gold - 1) // per_gold


def open_for_die(s: AhoyState, seat: int) -> tuple[int, ...]:
    """Spots a die may go on now (AH-5.1, AH-5.2): the board's, then the crew cards' in the
    order they were recruited, then the ship cards'; :func:`_accepts` says which values."""
    out: list[int] = []
    hurt = s.damage[seat]
    used = [sp for sp, _ in s.dice[seat]]
    for i, spot in enumerate(s.spots[seat]):
        if i not in hurt and used.count(i) < spot.capacity:
            out.append(i)
    for card in s.crew[seat]:
        sp = CREW_SPOT0 + card
        if s.crew_of(card).kind == "die" and sp not in hurt and sp not in used:
            out.append(sp)
    if seat == s.union:
        for k, ship in enumerate((CUTTER, GUNBOAT)):
            if s.ship_card[k] and s.fig[ship] >= 0:
                for sp in (SHIP_SPOT0 + 2 * k, SHIP_SPOT0 + 2 * k + 1):
                    if sp not in hurt and sp not in used:
                        out.append(sp)
    return tuple(out)


def _accepts(s: AhoyState, seat: int, spot: int) -> frozenset[int]:
    """The die values a spot accepts: a board spot's need, any value on a card."""
    return NEED[s.spots[seat][spot].need] if spot < CREW_SPOT0 else NEED["any"]


def placements(s: AhoyState, seat: int) -> list[Action]:
    """Every way to place a die from ``seat``'s hand now (AH-5.1-5.3), by die value, then
    spot, then the value it is turned to: for each value in hand, the placements of that
    value (:func:`_by_value`)."""
    by_value = _by_value(s, seat)
    out: list[Action] = []
    for v in sorted(set(s.hand[seat])):
        out += by_value[v]
    return out


def _by_value(s: AhoyState, seat: int) -> tuple[tuple[Action, ...], ...]:
    """The placements of a die showing each value 1-6 (by value; 0 is empty) on ``seat``'s
    open spots. Cached in ``_PLACEMENTS`` by all they depend on: the seat's board and the
    content (which name the spots; by identity, both immutable and held by the entry), the
    open spots, the steps a gold buys and the gold up to ``MOST_GOLD_COST``; actions are
    immutable, so positions may share them."""
    board, content = s.spots[seat], s.content
    key = (
        id(board),
        id(content),
        open_for_die(s, seat),
        steps_per_gold(s, seat),
        min(s.gold[seat], MOST_GOLD_COST),
    )
    hit = _PLACEMENTS.get(key)
    if hit is not None and hit[0] is board and hit[1] is content:
        return hit[2]
    _, _, spots, per_gold, gold = key
    named = [(sp, _accepts(s, seat, sp), damage.spot_label(s, seat, sp)) for sp in spots]
    by_value = tuple(
        tuple(
            a
            for spot, accepts, name in named
            for a in _spot_placements(name, v, spot, accepts, per_gold, gold)
        )
        for v in range(7)
    )
    if len(_PLACEMENTS) >= _PLACEMENTS_KEPT:
        _PLACEMENTS.clear()
    _PLACEMENTS[key] = (board, content, by_value)
    return by_value


_PLACEMENTS: dict[tuple[Any, ...], tuple[object, object, tuple[tuple[Action, ...], ...]]] = {}
_PLACEMENTS_KEPT = 4096
"""Placement tables kept at most (a few kB each); the cache starts afresh when full. Random
3-player games meet about 8 new tables a game after the first hundred games, of some 240
asked for."""


MOST_GOLD_COST = 5
"""The most gold a placement can cost (turning a 1 to a 6, AH-5.3): more gold in hand allows
no more placements, so the placement cache is keyed on gold up to this."""


@cache
def _spot_placements(
    name: str, v: int, spot: int, accepts: frozenset[int], per_gold: int, gold: int
) -> tuple[Action, ...]:
    """The placements of a die showing ``v`` on ``spot`` (named ``name``), turned to each
    value in ``accepts`` (ascending) that costs at most ``gold`` gold (AH-5.1-5.3). Cached:
    the result depends only on these immutable arguments (few: gold is at most
    ``MOST_GOLD_COST``), and actions are immutable, so positions may share them."""
    out: list[Action] = []
    for to in sorted(accepts):
        cost = gold_cost(v, to, per_gold)
        if cost > gold:
            continue
        label = f"{name} with your {v}"
        if to != v:
            label += f" turned to {to} ({cost} gold)"
        out.append(Action("place", (("die", v), ("spot", spot), ("value", to)), label))
    return tuple(out)


def place(s: AhoyState, seat: int, action: Action) -> None:
    v, spot, to = action.num("die"), action.num("spot"), action.num("value")
    s.hand[seat].remove(v)
    s.gold[seat] -= gold_cost(v, to, steps_per_gold(s, seat))
    s.dice[seat].append((spot, to))
    s.placed_turn += 1
    s.log("place", seat, spot=spot, value=to, name=damage.spot_name(s, seat, spot))
    if spot >= SHIP_SPOT0:
        k = spot - SHIP_SPOT0
        ship = CUTTER if k < 2 else GUNBOAT
        if k % 2 == 0:  # the ship's Sail: cutter 1-3, gunboat 1-2 (AH-6.2.5)
            movement.sail(s, ship, seat, "ship sail", 3 if ship == CUTTER else 2)
        else:
            s.push_record("tailwind", seat, Tailwind(ship, to, ""))
    elif spot >= CREW_SPOT0:
        CREW_DIE[s.card(spot - CREW_SPOT0).crew](s, seat, to)
    else:
        BOARD[s.board_spots(seat)[spot].action](s, seat, to)


# ------------------------------------------------------------------ board actions
def _sail(s: AhoyState, seat: int, v: int) -> None:  # AH-5.7 with the riders
    rider = {"fleet": "patrol", "union": "allies"}.get(s.faction[seat], "")
    movement.sail(s, seat, seat, "Sail", 2, rider=rider)


def _tailwind(s: AhoyState, seat: int, v: int) -> None:  # AH-5.8
    rider = "patrol" if s.faction[seat] == "fleet" else ""
    s.push_record("tailwind", seat, Tailwind(seat, v, rider))


def _cannons(s: AhoyState, seat: int, v: int) -> None:  # AH-5.9
    battle.assistant_gunner(s, seat)


def _repair(s: AhoyState, seat: int, v: int) -> None:  # AH-5.10
    damage.start_repair(s, seat, 2)


def _bombard(s: AhoyState, seat: int, v: int) -> None:  # AH-6.1.2
    region = s.flag_region(seat)
    if region >= 0 and s.allies[region]:
        s.log("allies_removed", seat, region=region, count=s.allies[region])
        s.allies[region] = 0


def _order(s: AhoyState, seat: int, v: int) -> None:  # AH-6.1.2
    s.push_record("order", seat, Order(()))


def _deploy(s: AhoyState, seat: int, v: int) -> None:
    if s.patrols_in_supply():
        s.push("deploy", seat)


def _whisper(s: AhoyState, seat: int, v: int) -> None:  # AH-6.2.2
    s.push_record("whisper", seat, Whisper(()))


def _uprising(s: AhoyState, seat: int, v: int) -> None:
    region = s.flag_region(seat)
    if region >= 0 and s.ready:
        s.push_record("count", seat, Count("uprising", region, min(4, s.ready)))


def _persuasion(s: AhoyState, seat: int, v: int) -> None:
    if s.on_island(seat) >= 0:
        movement.gain_ready(s, 4)


def _fast_sail(s: AhoyState, seat: int, v: int) -> None:  # AH-6.3.2
    movement.sail(s, seat, seat, "Fast Sail", max(1, v))


def _negotiation(s: AhoyState, seat: int, v: int) -> None:
    cards.negotiate(s, seat)


BOARD: dict[str, Callable[[AhoyState, int, int], None]] = {
    "sail": _sail,
    "tailwind": _tailwind,
    "cannons": _cannons,
    "repair": _repair,
    "bombard": _bombard,
    "order": _order,
    "deploy": _deploy,
    "whisper": _whisper,
    "uprising": _uprising,
    "persuasion": _persuasion,
    "fast_sail": _fast_sail,
    "negotiation": _negotiation,
}


# ------------------------------------------------------------------ crew with a die
def _shipwright(s: AhoyState, seat: int, v: int) -> None:  # AH-A.8
    damage.repair_all(s, seat)


def _sailor(s: AhoyState, seat: int, v: int) -> None:  # AH-A.13: not a Sail action
    movement.sail(s, seat, seat, "Sailor", 3)


def _fisher(s: AhoyState, seat: int, v: int) -> None:  # AH-A.22
    movement.sail(s, seat, seat, "Fisher", 2, fisher=True)


def _officer(s: AhoyState, seat: int, v: int) -> None:  # AH-A.19
    if any(s.fig[p] >= 0 for p in PATROL_FIGS):
        s.push_record("officer", seat, Officer(()))


def _persuasive_ally(s: AhoyState, seat: int, v: int) -> None:  # AH-A.20
    if any(s.allies) and len(s.placed) > 1:
        s.push("ally_move", seat)


CREW_DIE: dict[str, Callable[[AhoyState, int, int], None]] = {
    "shipwright": _shipwright,
    "sailor": _sailor,
    "fisher": _fisher,
    "officer": _officer,
    "persuasive_ally": _persuasive_ally,
}


# ------------------------------------------------------------------ their decisions
def legal_tailwind(s: AhoyState, frame: Frame) -> list[Action]:
    tailwind = frame.record(Tailwind)
    here = s.fig[tailwind.figure]
    return [_STAY] + [_wind_to(p) for p in movement.tailwind_spaces(s, tailwind.value) if p != here]


_STAY = Action.make("stay", "Stay where you are")


@cache
def _wind_to(p: int) -> Action:
    """Sailing on the wind to space ``p``. Cached: it depends on ``p`` alone."""
    return Action.make("goto", f"Sail on the wind to {geometry.space_name(p)}", at=p)


def apply_tailwind(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "goto":
        tailwind = frame.record(Tailwind)
        movement.jump(
            s, tailwind.figure, frame.seat, "Tailwind", action.num("at"), rider=tailwind.rider
        )


def _patrol_moves(s: AhoyState, moved: tuple[int, ...], explore: bool) -> list[Action]:
    """The steps of the patrols not moved yet. Patrols are identical figures (AH-2.5), so of
    several on one space only the first is offered: moving either is the same choice."""
    out: list[Action] = []
    seen: set[int] = set()
    for p in PATROL_FIGS:
        pos = s.fig[p]
        if pos < 0 or p in moved or pos in seen:
            continue
        seen.add(pos)
        for d, delta in enumerate(DELTA):
            target = pos + delta
            if (pos, d) in s.bars:
                continue
            if target in s.cells:
                out.append(_patrol_step(p, pos, d, target))
            elif explore and s.supply and _explorable(s, target, d):
                out.append(_patrol_step(p, pos, d, -1))
    return out


@cache
def _patrol_step(p: int, pos: int, d: int, target: int) -> Action:
    """Patrol ``p`` at ``pos`` stepping in direction ``d`` to ``target`` (-1: off the map).
    Cached: it depends on these numbers alone, and actions are immutable."""
    where = geometry.space_name(target) if target >= 0 else "off the map"
    return Action.make(
        "patrol", f"Patrol at {geometry.space_name(pos)} {DIR_NAMES[d]} to {where}", fig=p, dir=d
    )


def _explorable(s: AhoyState, target: int, d: int) -> bool:
    return geometry.can_explore(s.cells, s.islands, target, d)


def legal_order(s: AhoyState, frame: Frame) -> list[Action]:
    moved = frame.record(Order).moved
    out = [Action.make("done", "Done")]
    if len(moved) < 4:  # AH-6.1.2: up to 4 different patrols, 1 space each
        out += _patrol_moves(s, moved, explore=True)
    return out


def apply_order(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    order = frame.record(Order)
    p = action.num("fig")
    s.push_record("order", frame.seat, order._replace(moved=(*order.moved, p)))
    i = movement.begin(s, p, frame.seat, "Order", 1)
    movement.do_step(s, i, action.num("dir"))


def legal_officer(s: AhoyState, frame: Frame) -> list[Action]:
    moved = frame.record(Officer).moved
    out = [Action.make("done", "Done")]
    if len(moved) < 2:  # AH-A.19: up to 2 patrols, 1 or 2 spaces, no battles, no exploring
        seen: set[int] = set()
        for a in _patrol_moves(s, moved, explore=False):
            p = a.num("fig")
            if p not in seen:
                seen.add(p)
                out.append(
                    Action.make(
                        "move_patrol", f"Move the patrol at {s.space_name(s.fig[p])}", fig=p
                    )
                )
    return out


def apply_officer(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    officer = frame.record(Officer)
    p = action.num("fig")
    s.push_record("officer", frame.seat, officer._replace(moved=(*officer.moved, p)))
    movement.sail(s, p, frame.seat, "Persuasive Officer", 2, battles=False, explore=False)


def legal_deploy(s: AhoyState, frame: Frame) -> list[Action]:
    pos = s.fig[frame.seat]
    spaces = [pos] + [pos + d for d in DELTA if pos + d in s.cells]  # sandbars ignored
    return [Action.make("deploy", f"Deploy a patrol at {s.space_name(p)}", at=p) for p in spaces]


def apply_deploy(s: AhoyState, frame: Frame, action: Action) -> None:
    p = s.patrols_in_supply()[0]
    s.fig[p] = action.num("at")  # PLACE: no battle, no terrain
    s.log("patrol", frame.seat, at=action.num("at"))


def legal_whisper(s: AhoyState, frame: Frame) -> list[Action]:
    used = frame.record(Whisper).used
    out = [Action.make("done", "Done")]
    if len(used) < 4 and s.ready:
        for r in range(len(s.placed)):
            if r not in used:
                out.append(
                    Action.make(
                        "island",
                        f"An ally on {s.island_name(r)}",
                        region=r,
                    )
                )
    return out


def apply_whisper(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    whisper = frame.record(Whisper)
    r = action.num("region")
    movement.place_allies(s, r, 1)
    s.push_record("whisper", frame.seat, whisper._replace(used=(*whisper.used, r)))


def legal_count(s: AhoyState, frame: Frame) -> list[Action]:
    most = frame.record(Count).most
    return [Action.make("count", f"{n}", n=n) for n in range(most + 1)]


def apply_count(s: AhoyState, frame: Frame, action: Action) -> None:
    count = frame.record(Count)
    n = action.num("n")
    if count.why == "uprising":
        movement.place_allies(s, count.region, n)


def legal_ally_move(s: AhoyState, frame: Frame) -> list[Action]:
    out = [Action.make("done", "Don't move allies")]
    for a in range(len(s.placed)):
        for b in range(len(s.placed)):
            if a != b and s.allies[a]:
                for n in range(1, min(2, s.allies[a]) + 1):
                    out.append(
                        Action.make(
                            "ally_move",
                            f"{n} from {s.island_symbol(a)} "
                            f"{s.space_name(s.island_of[a])} to "
                            f"{s.island_symbol(b)} {s.space_name(s.island_of[b])}",
                            frm=a,
                            to=b,
                            n=n,
                        )
                    )
    return out


def apply_ally_move(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    a, b, n = action.num("frm"), action.num("to"), action.num("n")
    s.allies[a] -= n
    s.allies[b] += n
    s.log("allies_moved", frame.seat, frm=a, to=b, count=n)


LEGAL = {
    "tailwind": legal_tailwind,
    "order": legal_order,
    "officer": legal_officer,
    "deploy": legal_deploy,
    "whisper": legal_whisper,
    "count": legal_count,
    "ally_move": legal_ally_move,
}
APPLY = {
    "tailwind": apply_tailwind,
    "order": apply_order,
    "officer": apply_officer,
    "deploy": apply_deploy,
    "whisper": apply_whisper,
    "count": apply_count,
    "ally_move": apply_ally_move,
}
