"""The Mollusk Union's plans (AH-6.2.4, AH-6.2.5, Appendix B) played as an action. The plans
played at the start of a battle are in ``battle``."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.ahoy import cards
from tabletide.games.ahoy.constants import CUTTER, GUNBOAT, PATROL_FIGS, PLANS_PER_ROUND
from tabletide.games.ahoy.content import Content

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState


class Island(NamedTuple):
    """``island``: the ship plan (``"cutter"``, ``"gunboat"``) placed on an island."""

    plan: str


class Region(NamedTuple):
    """``region``: the plan whose region is chosen (``"stealth"``, ``"drive"``)."""

    why: str


class Stealth(NamedTuple):
    """``stealth``: the region of the Stealth Attack, and the patrols removed so far."""

    region: int
    removed: int


class Drive(NamedTuple):
    """``drive``: the region of the Recruitment Drive (AH-B.4)."""

    region: int


class EvacTo(NamedTuple):
    """``evac_to``: the region evacuated, and the allies left to move (AH-B.5)."""

    region: int
    left: int


ACTION_PLANS = (
    "evacuation",
    "swift_approach",
    "stealth_attack",
    "recruitment_drive",
    "cutter",
    "gunboat",
)


def plan_name(s: AhoyState, key: str) -> str:
    return _plan_names(s.content)[key]


_PLAN_NAMES: dict[int, tuple[Content, dict[str, str]]] = {}


def _plan_names(content: Content) -> dict[str, str]:
    """Every plan's name by its key, made once per content object: the content is frozen,
    and the cache holds it, so its id cannot be reused by another."""
    hit = _PLAN_NAMES.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    names: dict[str, str] = {}
    for p in content.plans:
        names.setdefault(p.key, p.name)  # the first, as a search of the list finds it
    _PLAN_NAMES[id(content)] = (content, names)
    return names


def _playable(s: AhoyState, key: str) -> bool:
    regions = range(len(s.placed))
    if key == "evacuation":
        return any(s.allies) and len(s.placed) > 1
    if key == "stealth_attack":
        return any(s.allies[r] and _patrols_in(s, r) for r in regions)
    if key == "recruitment_drive":
        return any(_drive_ok(s, r) for r in regions)
    if key in ("cutter", "gunboat"):  # AH-GAP-9: an island with at least 2 allies
        return any(s.allies[r] >= 2 for r in regions)
    return key == "swift_approach"


def _drive_ok(s: AhoyState, r: int) -> bool:
    return s.allies[r] > 0 and not s.has_fort(r)  # AH-GAP-10: not on a fort island


def _patrols_in(s: AhoyState, region: int) -> list[int]:
    return [f for f in PATROL_FIGS if s.fig[f] >= 0 and s.region_at(s.fig[f]) == region]


def free_actions(s: AhoyState, seat: int) -> list[Action]:
    if seat != s.union:
        return []
    out: list[Action] = []
    seen: set[str] = set()
    for card in s.plan_hand:
        key = s.plan_cards[card]
        if key in ACTION_PLANS and key not in seen and _playable(s, key):
            seen.add(key)
            out.append(play_action(s, key, card))
    return out


def play_action(s: AhoyState, key: str, card: int) -> Action:
    """Playing plan card ``card`` (plan ``key``), as its action."""
    return _play_action(plan_name(s, key), card)


@cache
def _play_action(name: str, card: int) -> Action:
    """Playing the plan card ``card`` named ``name``. Cached: it depends on these values
    alone, and actions are immutable."""
    return Action.make("plan", f"Play {name}", card=card)


def play(s: AhoyState, seat: int, card: int) -> None:
    key = s.plan_cards[card]
    s.plan_hand.remove(card)
    s.log("plan", seat, plan=key)
    if key in ("cutter", "gunboat"):  # AH-6.2.5: kept, not discarded
        s.push_record("island", seat, Island(key))
        return
    s.plan_discard.append(card)
    if key == "evacuation":
        s.push("evac_from", seat)
    elif key == "swift_approach":  # AH-B.2
        cannons = s.spot_index(seat, "cannons")
        k = next((k for k, (sp, _) in enumerate(s.dice[seat]) if sp == cannons), -1)
        if k >= 0:
            s.dice[seat][k] = (cannons, min(6, s.dice[seat][k][1] + 2))
        from tabletide.games.ahoy.actions import Tailwind

        s.push_record("tailwind", seat, Tailwind(seat, 0, ""))
    elif key == "stealth_attack":
        s.push_record("region", seat, Region("stealth"))
    elif key == "recruitment_drive":
        s.push_record("region", seat, Region("drive"))


def legal_island(s: AhoyState, frame: Frame) -> list[Action]:
    key = frame.record(Island).plan
    return [
        Action.make(
            "region",
            f"{plan_name(s, key)} on {s.island_name(r)}",
            region=r,
        )
        for r in range(len(s.placed))
        if s.allies[r] >= 2
    ]


def apply_island(s: AhoyState, frame: Frame, action: Action) -> None:
    key = frame.record(Island).plan
    r = action.num("region")
    s.allies[r] -= 2
    ship = CUTTER if key == "cutter" else GUNBOAT
    s.ship_card[0 if key == "cutter" else 1] = True
    s.fig[ship] = s.island_of[r]  # PLACE: no battle
    s.log("ship", s.union, fig=ship, at=s.island_of[r])


def legal_region(s: AhoyState, frame: Frame) -> list[Action]:
    why = frame.record(Region).why
    out: list[Action] = []
    for r in range(len(s.placed)):
        where = s.island_name(r)
        if why == "stealth" and s.allies[r] and _patrols_in(s, r):
            out.append(Action.make("region", f"Stealth Attack in the region of {where}", region=r))
        elif why == "drive" and _drive_ok(s, r):
            out.append(Action.make("region", f"Recruitment Drive on {where}", region=r))
    return out


def apply_region(s: AhoyState, frame: Frame, action: Action) -> None:
    r = action.num("region")
    if frame.record(Region).why == "stealth":  # AH-B.3: up to 2, the Union picks which
        s.push_record("stealth", frame.seat, Stealth(r, 0))
    else:
        s.push("@refill_after", frame.seat)
        s.push_record("drive", frame.seat, Drive(r))


def legal_stealth(s: AhoyState, frame: Frame) -> list[Action]:
    """AH-B.3: the Union removes up to 2 patrols of the region one at a time, choosing them by
    their space (patrols on one space are alike)."""
    stealth = frame.record(Stealth)
    out = [Action.make("done", "Remove no more patrols")]
    if stealth.removed >= 2:
        return out
    seen: set[int] = set()
    for p in _patrols_in(s, stealth.region):
        if s.fig[p] not in seen:
            seen.add(s.fig[p])
            out.append(
                Action.make("target", f"Remove the patrol at {s.space_name(s.fig[p])}", fig=p)
            )
    return out


def apply_stealth(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    stealth = frame.record(Stealth)
    s.fig[action.num("fig")] = -1  # back to the Fleet supply
    s.log("patrols_removed", s.union, region=stealth.region, count=1)
    s.push_record("stealth", frame.seat, stealth._replace(removed=stealth.removed + 1))


def legal_drive(s: AhoyState, frame: Frame) -> list[Action]:
    symbol = s.island_symbol(frame.record(Drive).region)
    out = [Action.make("done", "Done recruiting")]
    out += [
        Action.make("take", f"Recruit {cards.crew_name(s, c)}", card=c)
        for c in s.market
        if s.card(c).symbol == symbol
    ]
    return out


def apply_drive(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "done":
        return
    cards.take(s, frame.seat, action.num("card"), fill=False)  # AH-B.4: refill afterwards
    s.push_record("drive", frame.seat, frame.record(Drive))


def auto_refill_after(s: AhoyState, frame: Frame) -> None:
    while len(s.market) < 3 and s.market_deck:
        cards.refill(s)


def legal_evac_from(s: AhoyState, frame: Frame) -> list[Action]:
    return [
        Action.make(
            "region",
            f"Evacuate {s.island_name(r)} ({s.allies[r]} allies)",
            region=r,
        )
        for r in range(len(s.placed))
        if s.allies[r]
    ]


def apply_evac_from(s: AhoyState, frame: Frame, action: Action) -> None:
    r = action.num("region")
    n = s.allies[r]
    s.allies[r] = 0
    s.push_record("evac_to", frame.seat, EvacTo(r, n))


def legal_evac_to(s: AhoyState, frame: Frame) -> list[Action]:
    src = frame.record(EvacTo).region
    return [
        Action.make(
            "region",
            f"To {s.island_name(r)}",
            region=r,
        )
        for r in range(len(s.placed))
        if r != src
    ]


def apply_evac_to(s: AhoyState, frame: Frame, action: Action) -> None:
    evac = frame.record(EvacTo)
    s.allies[action.num("region")] += 1
    s.log("allies_moved", frame.seat, frm=evac.region, to=action.num("region"), count=1)
    if evac.left > 1:
        s.push_record("evac_to", frame.seat, evac._replace(left=evac.left - 1))


def draw_plans(s: AhoyState) -> None:
    """AH-7.8: 2 plans a round while the deck lasts."""
    for _ in range(PLANS_PER_ROUND):
        if s.plan_deck:
            s.plan_hand.append(s.plan_deck.pop())
    s.plan_hand.sort()


LEGAL = {
    "island": legal_island,
    "region": legal_region,
    "stealth": legal_stealth,
    "drive": legal_drive,
    "evac_from": legal_evac_from,
    "evac_to": legal_evac_to,
}
APPLY = {
    "island": apply_island,
    "region": apply_region,
    "stealth": apply_stealth,
    "drive": apply_drive,
    "evac_from": apply_evac_from,
    "evac_to": apply_evac_to,
}
AUTO = {"@refill_after": auto_refill_after}
