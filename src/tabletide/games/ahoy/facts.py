"""What the presentation needs from the rules, computed here (issue 21): the view builder, the
text view and the board picture (``present/``) import no rule module, so the facts that take a
rule to find are handed to them as values.

- :func:`view_facts`: region control points (AH-7.2), a battle's modifiers, the drawn region
  tile turned four ways, and the end's fame by source (AH-1.6);
- :func:`decision_context`: the public facts of the pending decision (``observation["decision"]
  ["context"]``, schemas in ``present/schema.py``): the figure being moved and where each step
  goes, whose die spot a damage token goes on, the battle side that decides... Nothing any seat
  may not know: a frame holds only public facts, and the Union's plans are never listed.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletide.engine import Frame
from tabletide.games.ahoy import actions, battle, cards, damage, geometry, movement, plans, turn
from tabletide.games.ahoy.constants import CUTTER, DELIVERY_FAME, DELTA, DIR_NAMES, ORIGIN
from tabletide.games.ahoy.geometry import Cell

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState


def rel(pos: int) -> list[int]:
    """A space as ``[x, y]`` from the map's origin (as the log names it)."""
    x, y = geometry.xy(pos)
    ox, oy = geometry.xy(ORIGIN)
    return [x - ox, y - oy]


# ------------------------------------------------------------------------------ the view
class ViewFacts(NamedTuple):
    """What the rules compute for the view builder (``present/view.py``)."""

    control: list[tuple[int, int]]
    """(Fleet, Union) control points of each region (AH-7.2)."""
    modifier: list[int] | None
    """The battle's attacker and defender totals without their dice."""
    drawn_turns: list[tuple[list[tuple[int, Cell]], Set[tuple[int, int]]]] | None
    """The drawn tile in each of its 4 turns, its corner at the origin: cells and sandbars."""
    breakdown: list[dict[str, int]] | None
    """At the end: each seat's fame by source."""


def view_facts(s: AhoyState) -> ViewFacts:
    """The facts of the table that take a rule to find."""
    fight = s.fight
    modifier = None
    if fight is not None and fight.defender >= 0:
        # Everything but the dice (Cannons lowered, plans, forts +2, gunboat +3, Brawlers +1).
        modifier = [battle.total(s, fight, side) - fight.roll[side] for side in (0, 1)]
    drawn: list[tuple[list[tuple[int, Cell]], Set[tuple[int, int]]]] | None = None
    if s.drawn >= 0:
        tile = s.content.regions[s.drawn]
        drawn = [
            (
                sorted(geometry.tile_cells(tile, -1, rot, ORIGIN).items()),
                geometry.tile_bars(tile, rot, ORIGIN),
            )
            for rot in range(4)
        ]
    return ViewFacts(
        control=[turn.control(s, r) for r in range(len(s.placed))],
        modifier=modifier,
        drawn_turns=drawn,
        breakdown=fame_breakdown(s) if s.over else None,
    )


BREAKDOWN = ("regions", "deliveries", "reward_grid", "favor_cards")
"""Where fame comes from (AH-1.6): the final scoring's categories."""


def fame_breakdown(s: AhoyState) -> list[dict[str, int]]:
    """Each seat's fame by where it came from, read from the structured events: region
    control at the round ends (AH-7.3), deliveries (2 each, AH-6.3.5), fame spaces of the
    reward grid, and the Smugglers' favor cards (AH-7.9)."""
    out = [{"seat": p, **dict.fromkeys(BREAKDOWN, 0)} for p in range(s.num_players)]
    for event in s.events:
        kind, seat = event["type"], event.get("seat")
        if not isinstance(seat, int):
            continue
        if kind == "score":
            out[seat]["regions"] += event["fame"]
        elif kind == "deliver":
            out[seat]["deliveries"] += DELIVERY_FAME
        elif kind == "grid" and event["kind"] == "fame":
            out[seat]["reward_grid"] += event["amount"]
        elif kind == "favor_score":
            out[seat]["favor_cards"] += event["fame"]
    return out


def score_categories(s: AhoyState) -> list[tuple[str, list[int | float]]]:
    rows = fame_breakdown(s)
    return [(name, [row[name] for row in rows]) for name in BREAKDOWN]


# ------------------------------------------------------------------------------ decisions
Context = dict[str, Any]


def decision_context(s: AhoyState, frame: Frame) -> Context:
    """The public facts of the pending decision ``frame`` (schemas: ``present/schema.py``)."""
    fn = _CONTEXT.get(frame.kind)
    return fn(s, frame) if fn is not None else {}


def _figure(s: AhoyState, fig: int) -> dict[str, Any]:
    return {"figure": fig, "at": rel(s.fig[fig]) if s.fig[fig] >= 0 else None}


def _turn(s: AhoyState, frame: Frame) -> Context:
    """The dice placed and to place this turn (AH-4.3), and the gold it costs the seat to turn a
    die by 0-5 pips (AH-5.3; the Fence turns 2 per gold, AH-A.18)."""
    per_gold = actions.steps_per_gold(s, frame.seat)
    return {
        "placed": s.placed_turn,
        "quota": s.quota,
        "gold_to_turn": [actions.gold_cost(0, pips, per_gold) for pips in range(6)],
    }


def _step(s: AhoyState, frame: Frame) -> Context:
    """AH-5.11: the figure being moved, the steps left, and where each direction goes (a
    space of the map, or off it to explore). Which directions are open is in the actions."""
    mv = s.moves[frame.record(movement.Step).move]
    pos = s.fig[mv.fig]
    steps = [
        {"dir": d, "to": rel(pos + delta), "explores": pos + delta not in s.cells}
        for d, delta in enumerate(DELTA)
    ]
    return {**_figure(s, mv.fig), "steps_left": mv.steps, "steps": steps}


def _explore(s: AhoyState, frame: Frame) -> Context:
    explore = frame.record(movement.Explore)
    return {
        **_figure(s, s.moves[explore.move].fig),
        "target": rel(explore.target),
        "dir": DIR_NAMES[explore.direction],
    }


def _current(s: AhoyState, frame: Frame) -> Context:
    """AH-A.10, AH-A.17: the figure on the current (or fog), the arrow, and where each choice
    takes it (``dir`` 4: it stays)."""
    entered = frame.record(movement.Entered)
    pos = entered.space
    cell = s.cells[pos]
    options = [{"dir": 4, "to": rel(pos)}]
    options += [{"dir": d, "to": rel(pos + DELTA[d])} for d in range(4)]
    return {
        "figure": s.moves[entered.move].fig,
        "at": rel(pos),
        "arrow": DIR_NAMES[cell.current] if cell.current >= 0 else None,
        "options": options,
    }


def _tailwind(s: AhoyState, frame: Frame) -> Context:
    tailwind = frame.record(actions.Tailwind)
    return {**_figure(s, tailwind.figure), "value": tailwind.value, "rider": tailwind.rider or None}


def _hit(s: AhoyState, frame: Frame) -> Context:
    """AH-5.29: whose die spot the damage token goes on."""
    hit = frame.record(damage.Hit)
    ship = hit.ship
    ship_name = None if ship < 0 else "cutter" if ship == CUTTER else "gunboat"
    return {"victim": hit.victim, "ship": ship_name, "board_only": bool(hit.board_only)}


def _fight(s: AhoyState, frame: Frame) -> Context:
    """The battle under way (its details are ``state["fight"]``), and the side deciding."""
    f = s.fight
    out: Context = {"at": rel(f.pos) if f is not None else None}
    if frame.kind in ("cannons", "rum"):
        out["side"] = "attacker" if frame.record(battle.BattleSide).side == 0 else "defender"
    return out


def _fields(record: type[NamedTuple]) -> Callable[[AhoyState, Frame], Context]:
    """A context that is the frame's record, field by field."""

    def context(s: AhoyState, frame: Frame) -> Context:
        return {n: _plain(v) for n, v in frame.record(record)._asdict().items()}

    return context


def _plain(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


def _rider_patrol(s: AhoyState, frame: Frame) -> Context:
    return {"at": rel(frame.record(movement.RiderPatrol).space)}


_CONTEXT: dict[str, Callable[[AhoyState, Frame], Context]] = {
    "turn": _turn,
    "step": _step,
    "explore": _explore,
    "tile": lambda s, frame: {"tile": s.drawn},
    "current": _current,
    "tailwind": _tailwind,
    "hit": _hit,
    "repair": _fields(damage.Repair),
    "order": _fields(actions.Order),
    "officer": _fields(actions.Officer),
    "whisper": _fields(actions.Whisper),
    "count": _fields(actions.Count),
    "rider_patrol": _rider_patrol,
    "rider_allies": _fields(movement.RiderAllies),
    "pick_defender": _fight,
    "battle_plan": _fight,
    "cannons": _fight,
    "rum": _fight,
    "reward": _fight,
    "ram": lambda s, frame: _figure(s, frame.record(battle.Ram).figure),
    "buccaneer": _fields(battle.Buccaneer),
    "pay_die": _fields(cards.PayDie),
    "favor": _fields(cards.Favor),
    "recruit_free": _fields(cards.RecruitFree),
    "negotiate": _fields(cards.Negotiate),
    "target": _fields(damage.Target),
    "goto": _fields(cards.Goto),
    "island": _fields(plans.Island),
    "region": _fields(plans.Region),
    "stealth": _fields(plans.Stealth),
    "drive": _fields(plans.Drive),
    "evac_to": _fields(plans.EvacTo),
}
