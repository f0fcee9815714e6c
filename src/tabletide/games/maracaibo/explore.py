"""Exploring (MA-5.36-5.40, MA-10.5.6/7, MA-9.19-9.22, MA-GAP-5).

The track is a forward graph; rivers lie on some of its arrows. An explorer moves 1..N steps
(N = the action's number + explore bonuses); spaces holding another explorer are skipped and not
counted (MA-5.37), except the last space, where any number may stand (MA-GAP-5.5). Before
moving, each step trade may be used once, giving up steps for its reward (at least one step must
remain, MA-GAP-13.6). The player picks the space to stop on; among the routes there, the explorer
crosses the most rivers it has not crossed before (never worse for the player; a river counts
once per player, MA-GAP-5.3, however many of its arrows the explorer crosses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletide.engine import Action, Frame, make_action
from tabletide.games.maracaibo.content import Perm, Track
from tabletide.games.maracaibo.effects import (
    build,
    buildable,
    push_effects,
    residence_price,
    source_name,
)
from tabletide.games.maracaibo.present.words import describe_all

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S


def river_ids(track: Track) -> dict[tuple[int, int], int]:
    """Each river arrow (from, to) and the river it crosses (the track's ``river_no``)."""
    return track.river_arrows


def reach(s: S, p: int, steps: int, skip_occupied: bool = True) -> dict[int, int]:
    """Every space ``p``'s explorer can stop on within 1..``steps`` counted steps, with the
    best mask of new rivers crossed on the way."""
    track = s.content.track
    spaces = track.spaces
    rivers = river_ids(track)
    occupied = {s.explorer[q] for q in range(s.participants) if q != p} if skip_occupied else set()
    crossed = s.rivers[p]
    out: dict[int, int] = {}

    def walk(at: int, left: int, mask: int) -> None:
        for t in spaces[at].next:
            m = mask
            rid = rivers.get((at, t))
            if rid is not None:
                m |= 1 << rid
            if t in occupied and spaces[t].next:  # skipped: not counted (MA-5.37)
                walk(t, left, m)
                continue
            new = m & ~crossed
            if t not in out or new.bit_count() > out[t].bit_count():
                out[t] = new
            if left > 1:
                walk(t, left - 1, m)

    walk(s.explorer[p], steps, 0)
    return out


class Explore(NamedTuple):
    """``explore``: the steps the explorer may take and the step trades used (bitmask)."""

    steps: int
    trades_used: int


def start_explore(s: S, p: int, n: int) -> None:
    steps = n + s.perm_total(p, "explore_bonus")
    if not reach(s, p, 1):
        s.log("no_explore", p)
        return
    s.push_record("explore", p, Explore(steps, 0))


def trades(s: S, p: int) -> list[tuple[int, int, int, Perm, str]]:
    """The step trades ``p`` has, numbered ``k`` in a fixed order (the bit of ``trades_used``),
    each with its source's raid-action id base (``S.perms``; a source prints at most one trade,
    so the base names the trade: the ``source`` of its action) and that source in words."""
    found = [(base, perm) for base, perm in s.perms(p) if perm.perm == "trade"]
    return [
        (k, base, perm.n, perm, source_name(s, p, base)) for k, (base, perm) in enumerate(found)
    ]


def legal_explore(s: S, f: Frame) -> list[Action]:
    explore = f.record(Explore)
    p, steps, used = f.seat, explore.steps, explore.trades_used
    out = [
        make_action(
            "go",
            f"Explore to space {t}: {describe_all(s.content.track.spaces[t].effects)}"
            + (f" (+{mask.bit_count()} river)" if mask else ""),
            to=t,
        )
        for t, mask in sorted(reach(s, p, steps).items())
    ]
    for k, base, cost, perm, source in trades(s, p):
        if not used >> k & 1 and cost < steps:
            gives = describe_all(perm.gives)
            text = f"Give up {cost} step(s) for {gives} ({source})"
            out.append(make_action("trade", text, source=base))
    return out


def apply_explore(s: S, f: Frame, a: Action) -> None:
    explore = f.record(Explore)
    p, steps, used = f.seat, explore.steps, explore.trades_used
    if a.kind == "trade":
        base = a.num("source")
        k, _, cost, perm, _ = next(t for t in trades(s, p) if t[1] == base)
        s.push_record("explore", p, Explore(steps - cost, used | 1 << k))
        s.log("trade", p, steps=cost)
        push_effects(s, p, perm.gives)
        return
    t = a.num("to")
    mask = reach(s, p, steps)[t]
    move_explorer(s, p, t, mask)
    space = s.content.track.spaces[t]
    if "retirement" in s.mods and t == s.content.track.retirement and not s.retired[p]:
        s.push("retire", p)
    push_effects(s, p, space.effects)  # MA-5.38


def move_explorer(s: S, p: int, t: int, mask: int) -> None:
    s.log("explore", p, frm=s.explorer[p], to=t, rivers=mask.bit_count())
    s.explorer[p] = t
    s.rivers[p] |= mask


# ---------------------------------------------------------------------------- retirement
def legal_retire(s: S, f: Frame) -> list[Action]:
    """MA-9.20-9.22: build a residence at half price (discounts first, round up), then the
    explorer goes back to the start. If none can be built, the tile waits (MA-GAP-12.4)."""
    return [
        make_action("build", f"Retire to {s.cards[s.slot[n]].name} for {price}", at=n)
        for n, price in buildable(s, f.seat, half=True)
    ]


def apply_retire(s: S, f: Frame, a: Action) -> None:
    p, n = f.seat, a.num("at")
    build(s, p, n, residence_price(s, p, s.slot[n], half=True))
    s.retired[p] = True
    s.explorer[p] = 0
    s.log("retire", p)


LEGAL = {"explore": legal_explore, "retire": legal_retire}
APPLY = {"explore": apply_explore, "retire": apply_retire}
