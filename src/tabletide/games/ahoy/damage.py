"""Damage and repair (AH-5.28-5.32, AH-6.2.5): damage tokens on die spots, patrols and forts
removed, the cutter's and gunboat's cards, and repairing.

Damage is placed one token at a time through ``@hit`` frames, which look for a spot only when
they run: earlier tokens may have used the last one (then the damage is ignored, AH-5.29).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame
from tabletide.games.ahoy.constants import (
    CREW_SPOT0,
    CUTTER,
    FIGURES,
    GUNBOAT,
    PATROL0,
    SHIP_SPOT0,
    SHIP_SPOTS,
)

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState


class Hit(NamedTuple):
    """``@hit`` and ``hit``: a damage token for ``victim``'s die spots (of the cutter's or the
    gunboat's card if ``ship`` is that figure, else -1), on the board only if ``board_only``."""

    victim: int
    ship: int
    board_only: bool


class Repair(NamedTuple):
    """``repair``: the repairs ``left`` and those already ``fixed``."""

    left: int
    fixed: int


class Target(NamedTuple):
    """``target``: the crew that damages a figure of the region (``"mystic"``, ``"monkey"``)."""

    why: str


class RamCheck(NamedTuple):
    """``@ram_check``: the figure damaged, and its owner's damage tokens before."""

    figure: int
    damage_before: int


def spot_name(s: AhoyState, seat: int, spot: int) -> str:
    return s.spot_name(seat, spot)


def spot_label(s: AhoyState, seat: int, spot: int) -> str:
    """How labels name a die spot: as ``spot_name``, but a crew card printed twice (Persuasive
    Officer, Persuasive Ally) says which card by its symbol, "Persuasive Ally (star card)"."""
    if CREW_SPOT0 <= spot < SHIP_SPOT0:
        from tabletide.games.ahoy.cards import crew_name

        return crew_name(s, spot - CREW_SPOT0)
    return spot_name(s, seat, spot)


def open_spots(s: AhoyState, seat: int, ship: int = -1, board_only: bool = False) -> list[int]:
    """Spots that can take a damage token (AH-5.29): not dashed, not damaged, holding no die.
    ``ship`` >= 0 means that ship's card; ``board_only`` excludes crew cards (Mystic)."""
    if ship >= 0:
        spots: list[int] = list(SHIP_SPOTS[ship])
    else:
        spots = s.own_spots(seat)
        if board_only:
            spots = [sp for sp in spots if sp < CREW_SPOT0]
    full = {sp for sp, _ in s.dice[seat]}
    hurt = s.damage[seat]
    return [sp for sp in spots if sp not in full and sp not in hurt and not s.dashed(seat, sp)]


def remove_figure(s: AhoyState, f: int, why: str) -> None:
    s.log("removed", s.owner(f), fig=f, at=s.fig[f], why=why)
    s.fig[f] = -1


def deal(s: AhoyState, chooser: int, f: int, n: int, why: str = "") -> None:
    """``f`` takes ``n`` damage; ``chooser`` picks the spots (AH-5.28)."""
    if n <= 0 or s.fig[f] < 0:
        return
    if PATROL0 <= f < CUTTER:  # AH-5.30: a damaged patrol or fort is removed
        remove_figure(s, f, why or "damage")
        return
    ship = f if f in (CUTTER, GUNBOAT) else -1
    victim = s.owner(f)
    for _ in range(n):
        s.push_record("@hit", chooser, Hit(victim, ship, False))


def suffer(s: AhoyState, f: int, n: int, board_only: bool = False) -> None:
    """The owner chooses (SUFFER DAMAGE, AH-5.28)."""
    if PATROL0 <= f < CUTTER:
        remove_figure(s, f, "shipwreck")
        return
    ship = f if f in (CUTTER, GUNBOAT) else -1
    victim = s.owner(f)
    for _ in range(n):
        s.push_record("@hit", victim, Hit(victim, ship, board_only))


def auto_hit(s: AhoyState, frame: Frame) -> None:
    hit = frame.record(Hit)
    victim, ship = hit.victim, hit.ship
    if ship >= 0 and s.fig[ship] < 0:
        return
    if open_spots(s, victim, ship, hit.board_only):
        s.push_record("hit", frame.seat, hit)
    else:
        s.log("damage_ignored", victim)


def legal_hit(s: AhoyState, frame: Frame) -> list[Action]:
    hit = frame.record(Hit)
    victim = hit.victim
    return [
        Action.make("hit", f"Damage {spot_label(s, victim, sp)}", spot=sp)
        for sp in open_spots(s, victim, hit.ship, hit.board_only)
    ]


def apply_hit(s: AhoyState, frame: Frame, action: Action) -> None:
    hit = frame.record(Hit)
    victim, ship = hit.victim, hit.ship
    spot = action.num("spot")
    s.damage[victim].append(spot)
    s.log("damage", victim, spot=spot, name=spot_name(s, victim, spot))
    fight = s.fight
    # AH-A.1: only damage on the losing figure counts (not, say, a Rum Guzzler's own damage)
    if (
        fight is not None
        and fight.loser_fig >= 0
        and fight.loser_fig == (ship if ship >= 0 else victim)
    ):
        fight.damaged = True
    if ship >= 0 and all(sp in s.damage[victim] for sp in SHIP_SPOTS[ship]):
        destroy_ship(s, ship)


def destroy_ship(s: AhoyState, ship: int) -> None:
    """AH-6.2.5: every spot damaged: discard the card, remove the figure."""
    spots = SHIP_SPOTS[ship]
    union = s.union
    s.damage[union] = [sp for sp in s.damage[union] if sp not in spots]
    s.dice[union] = [(sp, v) for sp, v in s.dice[union] if sp not in spots]
    s.ship_card[0 if ship == CUTTER else 1] = False
    key = "cutter" if ship == CUTTER else "gunboat"
    card = next(i for i, k in enumerate(s.plan_cards) if k == key)
    s.plan_discard.append(card)
    remove_figure(s, ship, "sunk")


# ------------------------------------------------------------------ repair
def repairable(s: AhoyState, seat: int) -> list[int]:
    """Damage a seat may repair: never on the cutter's or gunboat's card (AH-5.31)."""
    return [sp for sp in s.damage[seat] if sp < SHIP_SPOT0]


def start_repair(s: AhoyState, seat: int, n: int) -> None:
    s.push_record("repair", seat, Repair(n, 0))


def legal_repair(s: AhoyState, frame: Frame) -> list[Action]:
    out = [_DONE_REPAIRING]
    for sp in sorted(repairable(s, frame.seat)):
        out.append(Action.make("fix", f"Repair {spot_label(s, frame.seat, sp)}", spot=sp))
    return out


_DONE_REPAIRING = Action.make("done", "Done repairing")


def apply_repair(s: AhoyState, frame: Frame, action: Action) -> None:
    repair = frame.record(Repair)
    seat = frame.seat
    if action.kind == "fix":
        s.damage[seat].remove(action.num("spot"))
        s.log("repair", seat, spot=action.num("spot"))
        repair = repair._replace(left=repair.left - 1, fixed=repair.fixed + 1)
        if repair.left > 0 and repairable(s, seat):
            s.push_record("repair", seat, repair)
            return
    if repair.fixed:
        repaired(s, seat)


def repair_all(s: AhoyState, seat: int) -> None:
    """Shipwright (AH-A.8): every damage token except those on the ship cards."""
    fixed = repairable(s, seat)
    if fixed:
        s.damage[seat] = [sp for sp in s.damage[seat] if sp not in fixed]
        s.log("repair_all", seat, count=len(fixed))
        repaired(s, seat)


def repaired(s: AhoyState, seat: int) -> None:
    """AH-A.14: after any repair, the Monkey Pyrotechnist may deal 1 damage in the region."""
    if s.has_crew(seat, "monkey") and targets(s, seat):
        s.push_record("target", seat, Target("monkey"))


def targets(s: AhoyState, seat: int) -> list[int]:
    """Every figure in the region of ``seat``'s flagship (any owner, AH-GAP-10)."""
    region = s.flag_region(seat)
    if region < 0:
        return []
    return [f for f in range(FIGURES) if s.fig[f] >= 0 and s.region_at(s.fig[f]) == region]


def alike(s: AhoyState, figs: list[int]) -> list[int]:
    """One figure of each kind per owner and space: patrols are identical figures, and so are
    forts (AH-2.5, AH-2.6), so two on one space are one choice, offered as the first of them.
    Flagships differ by their owner (two Smugglers' flagships are two choices)."""
    seen: set[tuple[str, int, int]] = set()
    out: list[int] = []
    for f in figs:
        key = (s.figure_name(f), s.owner(f), s.fig[f])
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def figure_label(s: AhoyState, f: int) -> str:
    """ "the patrol of seat 0 (fleet) at (2,1)": whose figure and where (two Smugglers'
    flagships look alike but for their owner)."""
    return f"the {s.figure_name(f)} of {s.name(s.owner(f))} at {s.space_name(s.fig[f])}"


def legal_target(s: AhoyState, frame: Frame) -> list[Action]:
    """AH-A.11, AH-A.14: any 1 figure of the region; identical figures on one space are one
    choice (``alike``)."""
    out = [] if frame.record(Target).why == "mystic" else [Action.make("skip", "Don't")]
    for f in alike(s, targets(s, frame.seat)):
        out.append(Action.make("target", f"Damage {figure_label(s, f)}", fig=f))
    return out


def apply_target(s: AhoyState, frame: Frame, action: Action) -> None:
    if action.kind == "target":
        f = action.num("fig")
        if s.owner(f) != frame.seat and s.has_crew(frame.seat, "battering_ram"):
            # AH-A.1: "whenever you damage an enemy figure", in battle or not (Mystic, Monkey)
            s.push_record("@ram_check", frame.seat, RamCheck(f, len(s.damage[s.owner(f)])))
        deal(s, frame.seat, f, 1, why=frame.record(Target).why)


def auto_ram_check(s: AhoyState, frame: Frame) -> None:
    """AH-A.1: the figure took a damage token and is still on the map: the Ram may push it."""
    from tabletide.games.ahoy import battle

    check = frame.record(RamCheck)
    f = check.figure
    if (
        s.fig[f] >= 0
        and len(s.damage[s.owner(f)]) > check.damage_before
        and battle.ram_targets(s, f)
    ):
        s.push_record("ram", frame.seat, battle.Ram(f))


LEGAL = {"hit": legal_hit, "repair": legal_repair, "target": legal_target}
APPLY = {"hit": apply_hit, "repair": apply_repair, "target": apply_target}
AUTO = {"@hit": auto_hit, "@ram_check": auto_ram_check}
