"""Raids (MA-5.26-5.31, MA-10.5.1-5, MA-10.5.9, MA-10.5.19).

Roll the three dice, reroll all of them once (the Lion: twice), choose one die: its value plus
the raid bonuses is the strength, and its colour is the colour of every treasure the raid gains.
Strength buys raid actions, each at most once per turn across all raids of the turn; what is
left is lost (MA-GAP-13.1: strength of two raids is never pooled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.maracaibo.constants import DIE_NAMES, RAID_STD
from tabletide.games.maracaibo.content import COLORS, Perm
from tabletide.games.maracaibo.effects import push_effects, source_name
from tabletide.games.maracaibo.present.words import describe_all

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S


class Reroll(NamedTuple):
    """``reroll``: the rerolls of all three dice left (MA-5.27)."""

    rerolls: int


class Spend(NamedTuple):
    """``spend``: the raid's colour (index) and the strength left to spend (MA-5.29)."""

    color: int
    strength: int


def roll(s: S) -> int:
    return 1 + s.rng.below(6)


def raid_bonus(s: S, p: int, color: int, rolled: bool = True) -> int:
    """MA-5.28: uncoloured bonuses always; a coloured one only for a rolled die of its colour."""
    total = 0
    for _, perm in s.perms(p):
        if perm.perm != "raid_bonus":
            continue
        if perm.color is None or (rolled and COLORS.index(perm.color) == color):
            total += perm.n
    return total


def raid_actions(s: S, p: int) -> list[tuple[int, Perm]]:
    """The standard raid actions of the ship, then those of slots, figurehead and cards."""
    out = [(RAID_STD + i, perm) for i, perm in enumerate(s.content.ship.raid_actions)]
    out += [(rid, perm) for rid, perm in s.perms(p) if perm.perm == "raid_action"]
    return out


def start_raid(s: S, p: int) -> None:
    s.dice = [roll(s) for _ in range(3)]
    rerolls = max([1] + [perm.n for _, perm in s.perms(p) if perm.perm == "rerolls"])
    s.log("roll", p, dice=s.dice[:])
    s.push_record("reroll", p, Reroll(rerolls))


def legal_reroll(s: S, f: Frame) -> list[Action]:
    p, left = f.seat, f.record(Reroll).rerolls
    out = [
        make_action(
            "die",
            f"Choose the {DIE_NAMES[i]} {s.dice[i]}: strength {s.dice[i] + raid_bonus(s, p, i)}, "
            f"{COLORS[i]}",
            die=i,
        )
        for i in range(3)
    ]
    if left > 0:
        out.append(make_action("reroll", f"Reroll all three dice ({left} left)"))
    return out


def apply_reroll(s: S, f: Frame, a: Action) -> None:
    p = f.seat
    if a.kind == "reroll":
        s.dice = [roll(s) for _ in range(3)]
        s.log("roll", p, dice=s.dice[:], reroll=True)
        s.push_record("reroll", p, Reroll(f.record(Reroll).rerolls - 1))
        return
    i = a.num("die")
    strength = s.dice[i] + raid_bonus(s, p, i)
    s.log("raid", p, color=COLORS[i], strength=strength)
    s.push_record("spend", p, Spend(i, strength))


def start_raid_die(s: S, p: int, color: int, plus: int) -> None:
    """MA-10.5.19: that die alone, rolled once, plus the bonus and the raid bonuses."""
    value = roll(s)
    strength = value + plus + raid_bonus(s, p, color)
    s.log("raid", p, color=COLORS[color], strength=strength, die=value)
    s.push_record("spend", p, Spend(color, strength))


def start_raid_as(s: S, p: int, color: int, value: int) -> None:
    """MA-10.5.9: as if ``value`` was rolled on the chosen colour; only uncoloured bonuses
    apply, since no die was rolled (MA-5.28, MA-GAP-13.1 a)."""
    strength = value + raid_bonus(s, p, color, rolled=False)
    s.log("raid", p, color=COLORS[color], strength=strength)
    s.push_record("spend", p, Spend(color, strength))


def legal_spend(s: S, f: Frame) -> list[Action]:
    p, strength = f.seat, f.record(Spend).strength
    used = s.raid_used
    out = [
        make_action(
            "spend",
            f"Spend {perm.n}: {describe_all(perm.gives)} ({source_name(s, p, rid)})",
            action=rid,
        )
        for rid, perm in raid_actions(s, p)
        if perm.n <= strength and rid not in used
    ]
    if out:
        out.append(make_action("done", f"End the raid ({strength} strength unspent)"))
    return out


def apply_spend(s: S, f: Frame, a: Action) -> None:
    spend = f.record(Spend)
    p, strength = f.seat, spend.strength
    if a.kind == "done":
        return
    rid = a.num("action")
    perm = next(perm for r, perm in raid_actions(s, p) if r == rid)
    s.raid_used.append(rid)
    s.push_record("spend", p, spend._replace(strength=strength - perm.n))
    push_effects(s, p, perm.gives, spend.color)


LEGAL = {"reroll": legal_reroll, "spend": legal_spend}
APPLY = {"reroll": apply_reroll, "spend": apply_spend}
