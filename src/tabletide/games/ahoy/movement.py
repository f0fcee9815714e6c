"""Movement (AH-5.11-5.17, AH-5.25-5.27): steps, exploring, what entering a space does, the
strong current's push, anchoring with harbors and treasure, and the Sail/Tailwind riders.

A move is a :class:`Move` on ``s.moves``; frames refer to it by its index. Entering a space runs
explore -> battle -> terrain (AH-5.12) as frames, so a battle or a choice can interrupt a move
and the move resumes afterwards. A move whose figure is moved by another effect meanwhile (a
Battering Ram, a Smuggler's victory move) is ``dead``: it neither goes on nor anchors.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.ahoy import damage, geometry
from tabletide.games.ahoy.constants import CUTTER, DELTA, DIR_NAMES, GUNBOAT, PATROL0

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState


class Moved(NamedTuple):
    """``@moved``: the move that anchors once its steps are over (an index of ``moves``)."""

    move: int


class Step(NamedTuple):
    """``step`` and ``@next``: the move whose next step is chosen (an index of ``moves``)."""

    move: int


class Entered(NamedTuple):
    """``@terrain``, ``@battles`` and ``current``: the move whose figure entered ``space``."""

    move: int
    space: int


class Explore(NamedTuple):
    """``explore``: the move that stepped off the map towards ``target`` in ``direction``."""

    move: int
    target: int
    direction: int


class RiderPatrol(NamedTuple):
    """``rider_patrol``: where the flagship anchored."""

    space: int


class RiderAllies(NamedTuple):
    """``rider_allies``: the region of the island the flagship anchored on."""

    region: int


@dataclass(slots=True)
class Move:
    fig: int
    ctrl: int
    """The seat that decides the move."""
    steps: int
    kind: str
    battles: bool = True
    explore: bool = True
    anchor_fx: bool = True
    """Harbor and treasure on anchoring (flagships only)."""
    wrecks: bool = True
    rider: str = ""
    """"patrol" (Fleet Sail/Tailwind) or "allies" (Union Sail)."""
    fisher: bool = False
    moved: int = 0
    ended: bool = False
    dead: bool = False
    trail: list[int] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)

    def copy(self) -> Move:
        return replace(self, trail=self.trail[:], paid=self.paid[:])


def begin(s: AhoyState, fig: int, ctrl: int, kind: str, steps: int = 0, **flags: Any) -> int:
    """Start a move of ``fig``; returns its index. ``@moved`` anchors it when it is over."""
    for mv in s.moves:
        if mv.fig == fig:
            mv.dead = True
    if fig in (CUTTER, GUNBOAT):
        flags.setdefault("wrecks", False)  # AH-6.2.5: ship moves ignore shipwrecks
    if fig >= PATROL0:
        flags["anchor_fx"] = False  # harbor and treasure affect flagships only (AH-5.13)
    s.moves.append(Move(fig, ctrl, steps, kind, **flags))
    i = len(s.moves) - 1
    s.push_record("@moved", ctrl, Moved(i))
    return i


def sail(s: AhoyState, fig: int, ctrl: int, kind: str, steps: int, **flags: Any) -> None:
    """A move of 1..``steps`` spaces, step by step."""
    i = begin(s, fig, ctrl, kind, steps, **flags)
    s.push_record("step", ctrl, Step(i))


def jump(s: AhoyState, fig: int, ctrl: int, kind: str, dest: int, **flags: Any) -> None:
    """A move straight to ``dest``, ignoring everything between (Tailwind and the like)."""
    i = begin(s, fig, ctrl, kind, 0, **flags)
    mv = s.moves[i]
    mv.moved = 1
    s.log("jump", s.owner(fig), fig=fig, to=dest, how=kind)
    enter(s, i, dest)


def enter(s: AhoyState, i: int, pos: int) -> None:
    """The figure MOVES onto ``pos``: battle, then terrain (AH-5.12 steps 2-3)."""
    mv = s.moves[i]
    s.fig[mv.fig] = pos
    mv.trail.append(pos)
    s.push_record("@terrain", mv.ctrl, Entered(i, pos))
    s.push_record("@battles", mv.ctrl, Entered(i, pos))


def tailwind_spaces(s: AhoyState, value: int) -> list[int]:
    """Spaces whose corner shows ``value`` (0 = any tailwind symbol)."""
    return sorted(p for p, c in s.cells.items() if c.tailwind and value in (0, c.tailwind))


def _alive(s: AhoyState, i: int, pos: int | None = None) -> bool:
    mv = s.moves[i]
    at = s.fig[mv.fig]
    return not mv.dead and at >= 0 and (pos is None or at == pos)


# ------------------------------------------------------------------ steps
def _witch_dest(s: AhoyState, pos: int, d: int) -> int:
    """AH-A.9: back along the line to the nearest edge behind the figure."""
    back = DELTA[(d + 2) % 4]
    while pos + back in s.cells:
        pos += back
    return pos


def legal_step(s: AhoyState, frame: Frame) -> list[Action]:
    i = frame.record(Step).move
    mv = s.moves[i]
    pos = s.fig[mv.fig]
    out: list[Action] = []
    witch = mv.fig < PATROL0 and mv.explore and s.has_crew(mv.fig, "sea_witch")
    for d, delta in enumerate(DELTA):
        if (pos, d) in s.bars:
            continue
        target = pos + delta
        if target in s.cells:
            out.append(_step_to(d, target))
            continue
        if mv.explore and s.supply and geometry.can_explore(s.cells, s.islands, target, d):
            out.append(_step_to(d, -1))
        if witch:
            dest = _witch_dest(s, pos, d)
            out.append(
                Action.make(
                    "witch",
                    f"Sea Witch: off the {DIR_NAMES[d]} edge, reappear at {s.space_name(dest)}",
                    dir=d,
                )
            )
    if mv.moved or all(a.kind == "witch" for a in out):  # the Sea Witch is a "may"
        out.insert(0, _STOP)
    return out


_STOP = Action.make("stop", "Stop here")


@cache
def _step_to(d: int, target: int) -> Action:
    """A step in direction ``d`` to the space ``target`` (-1: off the map, exploring).
    Cached: it depends on these numbers alone, and actions are immutable."""
    if target < 0:
        return Action.make("step", f"Move {DIR_NAMES[d]} off the map: explore", dir=d)
    return Action.make("step", f"Move {DIR_NAMES[d]} to {geometry.space_name(target)}", dir=d)


def apply_step(s: AhoyState, frame: Frame, action: Action) -> None:
    i = frame.record(Step).move
    mv = s.moves[i]
    if action.kind == "stop":
        mv.steps = 0
        return
    do_step(s, i, action.num("dir"), witch=action.kind == "witch")


def do_step(s: AhoyState, i: int, d: int, witch: bool = False) -> None:
    """One step of move ``i`` in direction ``d`` (off the map: explore, or the Sea Witch)."""
    mv = s.moves[i]
    pos = s.fig[mv.fig]
    mv.steps -= 1
    mv.moved += 1
    mv.trail = []
    s.push_record("@next", mv.ctrl, Step(i))
    if witch:
        mv.ended = True  # AH-GAP-6: the move ends after the relocation
        dest = _witch_dest(s, pos, d)
        s.log("witch", s.owner(mv.fig), fig=mv.fig, to=dest)
        enter(s, i, dest)
        return
    target = pos + DELTA[d]
    s.log("step", s.owner(mv.fig), fig=mv.fig, to=target, off=target not in s.cells)
    if target in s.cells:
        enter(s, i, target)
    else:
        _explore(s, i, target, d)


def _explore(s: AhoyState, i: int, target: int, d: int) -> None:
    """AH-5.16: draw the top tile; the mover chooses how it lies."""
    s.drawn = s.supply.pop()
    s.push_record("explore", s.moves[i].ctrl, Explore(i, target, d))


def placements(s: AhoyState, targets: list[tuple[int, int]]) -> list[Action]:
    tile = s.content.regions[s.drawn]
    seen: set[tuple[int, int]] = set()
    out: list[Action] = []
    for target, d in targets:
        for origin in geometry.origins_towards(target, d):
            for rot in range(4):
                if (origin, rot) in seen or not geometry.fits(
                    s.cells, s.islands, tile, rot, origin
                ):
                    continue
                seen.add((origin, rot))
                out.append(_tile_action(tile.name, tile.island, origin, rot))
    return out


@lru_cache(maxsize=8192)
def _tile_action(name: str, island: int, origin: int, rot: int) -> Action:
    """Placing the tile ``name`` (its island on canonical cell ``island``) with its corner on
    ``origin``, turned ``rot`` quarters. Cached: it depends on these values alone, and
    actions are immutable."""
    at = geometry.cell_pos(origin, rot, island)
    return Action.make(
        "tile",
        f"{name}: corner {geometry.space_name(origin)}, turned {rot * 90}°, "
        f"island at {geometry.space_name(at)}",
        origin=origin,
        rot=rot,
    )


def legal_explore(s: AhoyState, frame: Frame) -> list[Action]:
    explore = frame.record(Explore)
    return placements(s, [(explore.target, explore.direction)])


def apply_explore(s: AhoyState, frame: Frame, action: Action) -> None:
    explore = frame.record(Explore)
    mv = s.moves[explore.move]
    place_tile(s, mv.ctrl, action)
    mv.ended = True  # AH-5.16: exploring ends the move (a current still pushes)
    enter(s, explore.move, explore.target)


def place_tile(s: AhoyState, seat: int, action: Action) -> None:
    placement = geometry.Placement(s.drawn, action.num("rot"), action.num("origin"))
    s.drawn = -1
    region = s.add_region(placement)
    s.log(
        "explore",
        seat,
        tile=placement.tile,
        region=region,
        name=s.content.regions[placement.tile].name,
    )


def auto_next(s: AhoyState, frame: Frame) -> None:
    step = frame.record(Step)
    i = step.move
    mv = s.moves[i]
    if _alive(s, i) and not mv.ended and mv.steps > 0:
        s.push_record("step", mv.ctrl, step)


# ------------------------------------------------------------------ entering a space
def auto_battles(s: AhoyState, frame: Frame) -> None:
    entered = frame.record(Entered)
    i, pos = entered.move, entered.space
    if _alive(s, i, pos) and s.moves[i].battles:
        from tabletide.games.ahoy import battle

        battle.start(s, s.moves[i].fig, pos, i)


def auto_terrain(s: AhoyState, frame: Frame) -> None:
    entered = frame.record(Entered)
    i, pos = entered.move, entered.space
    if not _alive(s, i, pos):
        return
    mv = s.moves[i]
    cell = s.cells[pos]
    owner = s.owner(mv.fig)
    flagship = mv.fig < PATROL0
    helmsman = flagship and s.has_crew(owner, "helmsman")  # AH-A.4
    if cell.terrain == "wreck" and mv.wrecks and not helmsman:  # AH-5.25: suffer 1 damage
        damage.suffer(s, mv.fig, 1)
    if mv.fisher and cell.gold and pos not in mv.paid:  # AH-A.22
        mv.paid.append(pos)
        got = s.gain_gold(owner, cell.gold)
        s.log("treasure", owner, gold=got, at=pos)
    wolf = flagship and cell.terrain == "current" and s.has_crew(owner, "sea_wolf")
    lookout = flagship and cell.terrain == "fog" and s.has_crew(owner, "lookout")
    if wolf or lookout:  # AH-A.10, AH-A.17
        s.push_record("current", owner, entered)
    elif cell.terrain == "current":
        push(s, i, pos, cell.current)


def push(s: AhoyState, i: int, pos: int, d: int) -> None:
    """A strong current moves the figure 1 space (AH-5.25, AH-GAP-6): not across a sandbar,
    not onto a space it already entered in this chain, and off the map only to explore."""
    mv = s.moves[i]
    target = pos + DELTA[d]
    if (pos, d) in s.bars or target in mv.trail:
        return
    s.log("current", s.owner(mv.fig), fig=mv.fig, to=target)
    if target in s.cells:
        enter(s, i, target)
    elif mv.explore and s.supply and geometry.can_explore(s.cells, s.islands, target, d):
        mv.trail.append(target)
        _explore(s, i, target, d)


def legal_current(s: AhoyState, frame: Frame) -> list[Action]:
    cell = s.cells[frame.record(Entered).space]
    out = [Action.make("current", "Ignore it", dir=4)]
    for d in range(4):
        label = f"Be carried {DIR_NAMES[d]}"
        if d == cell.current:
            label += " (as the arrow shows)"
        out.append(Action.make("current", label, dir=d))
    return out


def apply_current(s: AhoyState, frame: Frame, action: Action) -> None:
    entered = frame.record(Entered)
    d = action.num("dir")
    if d < 4:
        push(s, entered.move, entered.space, d)


# ------------------------------------------------------------------ anchoring
def auto_moved(s: AhoyState, frame: Frame) -> None:
    mv = s.moves.pop()
    pos = s.fig[mv.fig]
    if mv.dead or pos < 0 or not mv.moved:
        return
    owner = s.owner(mv.fig)
    cell = s.cells[pos]
    # AH-5.13: the figure anchors. Riders first (they resolve after the terrain).
    if mv.rider == "patrol" and s.patrols_in_supply():
        s.push_record("rider_patrol", owner, RiderPatrol(pos))
    if mv.rider == "allies" and cell.terrain == "island":
        s.push_record("rider_allies", owner, RiderAllies(cell.region))
    if not (mv.anchor_fx and mv.fig < PATROL0):
        return
    if cell.terrain == "harbor":
        if s.has_crew(owner, "merchant"):  # AH-A.6
            s.log("gold", owner, gold=s.gain_gold(owner, 1), why="Merchant")
        s.push("harbor", owner)
    diver = cell.terrain == "wreck" and s.has_crew(owner, "diver")
    if cell.gold and (pos not in mv.paid or diver):  # AH-5.27; a Fisher took it already
        got = 0 if pos in mv.paid else s.gain_gold(owner, cell.gold)
        if diver:  # AH-A.16: anchoring on a wreck, even when the Fisher emptied it
            got += s.gain_gold(owner, 1)
        s.log("treasure", owner, gold=got, at=pos)


def harbor_sources(s: AhoyState, seat: int) -> list[int]:
    """Placed dice that the harbor may move onto an open Cannons spot (AH-5.25, AH-GAP-6)."""
    cannons = s.spot_index(seat, "cannons")
    capacity = s.board_spots(seat)[cannons].capacity
    if cannons in s.damage[seat] or len(s.dice_on(seat, cannons)) >= capacity:
        return []
    fleet = s.faction[seat] == "fleet"
    return sorted({sp for sp, v in s.dice[seat] if sp != cannons and (not fleet or v >= 5)})


def legal_harbor(s: AhoyState, frame: Frame) -> list[Action]:
    out = [Action.make("harbor_repair", "Repair 2 damage")]
    for spot in harbor_sources(s, frame.seat):
        out.append(
            Action.make(
                "harbor_move",
                f"Move the die from {damage.spot_label(s, frame.seat, spot)} onto Cannons",
                spot=spot,
            )
        )
    return out


def apply_harbor(s: AhoyState, frame: Frame, action: Action) -> None:
    seat = frame.seat
    if action.kind == "harbor_repair":
        damage.start_repair(s, seat, 2)
        return
    spot = action.num("spot")
    cannons = s.spot_index(seat, "cannons")
    k = next(k for k, (sp, _) in enumerate(s.dice[seat]) if sp == spot)
    s.dice[seat][k] = (cannons, s.dice[seat][k][1])
    s.log("harbor_move", seat, spot=spot)
    from tabletide.games.ahoy import battle

    battle.assistant_gunner(s, seat)


def legal_rider_patrol(s: AhoyState, frame: Frame) -> list[Action]:
    return list(_RIDER_PATROL)


_RIDER_PATROL = (Action.make("yes", "Place a patrol here"), Action.make("no", "No"))


def apply_rider_patrol(s: AhoyState, frame: Frame, action: Action) -> None:
    pos = frame.record(RiderPatrol).space
    free = s.patrols_in_supply()
    if action.kind == "yes" and free:  # AH-6.1.3: PLACE, no battle, no terrain
        s.fig[free[0]] = pos
        s.log("patrol", frame.seat, at=pos)


def legal_rider_allies(s: AhoyState, frame: Frame) -> list[Action]:
    return list(_RIDER_ALLIES)


_RIDER_ALLIES = (
    Action.make("allies", "Place 2 ready allies on this island", how="place"),
    Action.make("allies", "Gain 2 ready allies", how="gain"),
    Action.make("allies", "Neither", how="none"),
)


def apply_rider_allies(s: AhoyState, frame: Frame, action: Action) -> None:
    region = frame.record(RiderAllies).region
    how = action.text("how")
    if how == "place":
        place_allies(s, region, 2)
    elif how == "gain":
        gain_ready(s, 2)


def place_allies(s: AhoyState, region: int, n: int) -> int:
    """PLACE up to ``n`` Ready allies on a region's island (AH-GAP-9: as many as there are)."""
    n = min(n, s.ready)
    s.ready -= n
    s.allies[region] += n
    if n:
        s.log("allies", s.union, region=region, placed=n)
    return n


def gain_ready(s: AhoyState, n: int) -> None:
    n = min(n, s.ally_supply())
    s.ready += n
    s.log("ready", s.union, gained=n)


LEGAL = {
    "step": legal_step,
    "explore": legal_explore,
    "current": legal_current,
    "harbor": legal_harbor,
    "rider_patrol": legal_rider_patrol,
    "rider_allies": legal_rider_allies,
}
APPLY = {
    "step": apply_step,
    "explore": apply_explore,
    "current": apply_current,
    "harbor": apply_harbor,
    "rider_patrol": apply_rider_patrol,
    "rider_allies": apply_rider_allies,
}
AUTO = {
    "@moved": auto_moved,
    "@next": auto_next,
    "@battles": auto_battles,
    "@terrain": auto_terrain,
}
