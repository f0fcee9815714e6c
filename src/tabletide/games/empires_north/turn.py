"""The round (EN-4): the opening hand (EN-3.15), the Lookout phase with STORED income, the order
of turns in the Action phase, Cleanup (EN-7), the end trigger (EN-8.1) and the final scoring
(EN-8.2). The actions of a turn are in ``actions``; the Expedition in ``expedition``."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tabletide.engine import Action, Frame
from tabletide.games.empires_north import effects
from tabletide.games.empires_north.constants import (
    END_VP,
    FACE_UP,
    LOOKOUT_DRAW,
    OPENING_KEEP,
    RESOURCES,
    RESOURCES_PER_VP,
    ROUND_LIMIT,
)

if TYPE_CHECKING:
    from tabletide.games.empires_north.state import EmpiresState as S

LEGAL: dict[str, Any] = {}
APPLY: dict[str, Any] = {}
AUTO: dict[str, Any] = {}


def _keeps(s: S, p: int) -> list[Action]:
    cards = s.cards
    return [_keep_action(c, cards[c].name) for c in sorted(set(s.look[p]))]


@cache
def _keep_action(card: int, name: str) -> Action:
    """Keep ``card`` (an immutable action whose label is only the card's name)."""
    return Action.make("keep", f"Keep {name}", card=card)


_DONE = Action.make("done", "Done: discard the rest")


def _discard_look(s: S, p: int) -> None:
    rest = s.look[p]
    s.discard[p].extend(rest)
    s.look[p] = []
    s.log("discard_look", p, n=len(rest), secret=[s.cards[c].name for c in rest])


# ---------------------------------------------------------------------------- opening
def legal_opening(s: S, f: Frame) -> list[Action]:
    return _keeps(s, f.seat)


def apply_opening(s: S, f: Frame, a: Action) -> None:
    """EN-3.15: keep 3 of the first 5 cards, free; the other 2 go to the discard pile."""
    p = f.seat
    card = a.num("card")
    s.look[p].remove(card)
    s.hand[p].append(card)
    s.hand[p].sort()
    if len(s.hand[p]) < OPENING_KEEP and s.look[p]:
        s.push("opening", p)
        return
    s.log("opening", p, secret=[s.cards[c].name for c in s.hand[p]])
    _discard_look(s, p)


LEGAL["opening"] = legal_opening
APPLY["opening"] = apply_opening


# ---------------------------------------------------------------------------- Lookout (EN-4.3)
def auto_round(s: S, f: Frame) -> None:
    s.phase = "lookout"
    s.log("round", None, round=s.round, start=s.start, last=s.last_round)
    s.push("@actions", s.start)
    s.push("@stored", s.start)
    for p in reversed(s.order()):
        s.look[p] = s.take_cards(p, LOOKOUT_DRAW)
        s.log("look", p, n=len(s.look[p]), secret=[s.cards[c].name for c in s.look[p]])
        s.push("lookout", p)


def legal_lookout(s: S, f: Frame) -> list[Action]:
    p = f.seat
    keeps = _keeps(s, p) if s.workers[p] > 0 else []
    return [*keeps, _DONE]


def apply_lookout(s: S, f: Frame, a: Action) -> None:
    """EN-4.3: each kept card tires 1 worker; the rest go to the discard pile."""
    p = f.seat
    if a.kind == "done":
        kept = s.tired[p]
        s.log("lookout", p, kept=kept)
        _discard_look(s, p)
        return
    card = a.num("card")
    s.look[p].remove(card)
    s.hand[p].append(card)
    s.hand[p].sort()
    s.workers[p] -= 1
    s.tired[p] += 1
    s.log("keep", p, secret=s.cards[card].name)
    if s.look[p]:
        s.push("lookout", p)
    else:
        s.log("lookout", p, kept=s.tired[p])


def auto_stored(s: S, f: Frame) -> None:
    """EN-4.4 / EN-9.9: at the end of the Lookout, each STORED card pays one yield per ``each``
    goods on it, chosen yield by yield (in turn order, then empire order)."""
    todo: list[tuple[int, int]] = []
    for p in s.order():
        for pos, placed in enumerate(s.empire[p]):
            stored = s.cards[placed.acts].stored
            if stored is None:
                continue
            k = s.stock[p].get(pos, {}).get(stored.good, 0) // stored.each
            todo.extend([(p, pos)] * k)
    for p, pos in reversed(todo):
        stored = s.cards[s.empire[p][pos].acts].stored
        assert stored is not None
        effects.push_alts(s, p, stored.yields, s.cards[s.empire[p][pos].card].name)


def auto_actions(s: S, f: Frame) -> None:
    s.phase = "action"
    s.passed = [False] * s.num_players
    s.active = s.start
    s.push("turn", s.start)


def auto_next(s: S, f: Frame) -> None:
    """EN-5.1: the next player clockwise who has not passed; when all have, the Expedition."""
    n = s.num_players
    for k in range(1, n + 1):
        q = (f.seat + k) % n
        if not s.passed[q]:
            s.active = q
            s.push("turn", q)
            return
    s.push("@expedition_phase", s.start)


AUTO["@round"] = auto_round
AUTO["@stored"] = auto_stored
AUTO["@actions"] = auto_actions
AUTO["@next"] = auto_next
LEGAL["lookout"] = legal_lookout
APPLY["lookout"] = apply_lookout


# ---------------------------------------------------------------------------- Cleanup (EN-7)
def auto_cleanup(s: S, f: Frame) -> None:
    if s.last_round or s.round >= ROUND_LIMIT:
        s.push("@final", s.start)  # EN-7.0: no Cleanup in the last round
        return
    s.phase = "cleanup"
    for p in range(s.num_players):
        s.workers[p] += s.tired[p]  # step 1
        s.tired[p] = 0
        s.empire[p] = [pl._replace(exhausted=False) for pl in s.empire[p]]  # step 2
        s.disc_at[p] = [-1] * len(s.disc_at[p])  # step 3
        s.disc_x[p] = [False] * len(s.disc_x[p])
        s.disc_uses[p] = [0] * len(s.disc_uses[p])
    for d in (0, 1):  # step 4
        s.isl_discard[d].extend(i for i in s.isl_up[d] if i >= 0)
        s.isl_up[d] = [s.draw_island(d) for _ in range(FACE_UP)]
    s.start = (s.start + 1) % s.num_players  # step 5
    s.round += 1
    if s.next_last:  # step 6
        s.last_round, s.next_last = True, False
    s.push("@round", s.start)


def check_end(s: S, p: int) -> None:
    """EN-8.1: reaching 25 VP in the Lookout or Action phase makes this round the last
    (EN-GAP-8: the Lookout counts as the Action phase); in the Expedition, the next one."""
    if s.vp[p] < END_VP or s.last_round:
        return
    if s.phase == "expedition":
        if not s.next_last:
            s.next_last = True
            s.log("end_next", p, vp=s.vp[p])
    else:
        s.last_round = True
        s.log("end_now", p, vp=s.vp[p])


# ---------------------------------------------------------------------------- scoring (EN-8.2)
def breakdown(s: S, p: int) -> dict[str, int]:
    """The final scoring of ``p`` by category (EN-8.2, EN-GAP-9)."""
    goods = s.goods[p]
    resources = sum(goods[r] for r in RESOURCES)
    return {
        "cards": len(s.empire[p]),
        "resources": resources // RESOURCES_PER_VP,
        "gold": goods["gold"],
        "axes": goods["axe"],
    }


def auto_final(s: S, f: Frame) -> None:
    s.phase = "over"
    s.final = []
    for p in range(s.num_players):
        parts = breakdown(s, p)
        parts["play"] = s.vp[p]
        s.vp[p] += sum(v for k, v in parts.items() if k != "play")
        parts["total"] = s.vp[p]
        s.final.append(parts)
    s.log("final", None, scores=list(s.vp), breakdown=s.final)


AUTO["@cleanup"] = auto_cleanup
AUTO["@final"] = auto_final
