"""The facts a picture needs that take a rule to know, computed here on the rules side and
handed to the presentation (``present/``), which reads no rule module:

* :func:`decision_context`: the public facts of the pending decision, per kind (the dice of a
  raid, the card whose one-time effects resolve, the explorer's targets...); its schema per
  kind is in ``present/schema.py``;
* :func:`view_facts`: what the view shows beside the state's fields (treasure values, the
  counts quests and residences ask for, which visible quests are fulfilled);
* :func:`score_categories`: the final scoring by category (MA-7).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletide.engine import Frame
from tabletide.games.maracaibo.constants import RAID_CARD, RAID_FIG, RAID_SLOT
from tabletide.games.maracaibo.content import COLORS
from tabletide.games.maracaibo.effects import (
    Bury,
    Buy,
    ColorChoice,
    Lightning,
    QuestChoice,
    Smuggler,
    Store,
)
from tabletide.games.maracaibo.explore import Explore, reach, trades
from tabletide.games.maracaibo.movement import Pay, Step
from tabletide.games.maracaibo.present.words import describe_all
from tabletide.games.maracaibo.raid import Reroll, Spend, raid_actions, raid_bonus
from tabletide.games.maracaibo.scoring import count, fulfilled, treasure_value
from tabletide.games.maracaibo.spaces import Space, Visit, groups_of

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S

COUNTS = ("buried", "crew", "equipment", "ship", "residences")
"""The counts the view shows per participant (quests and residences ask for them)."""
SCORE_CATEGORIES = (
    "game",
    "rivers",
    "doubloons",
    "card_vp",
    "card_goals",
    "cards",
    "residences",
    "treasure",
    "buried",
    "quests",
    "six_quests",
    "rubies",
)
"""The final scoring's categories in table order (``scoring.breakdown``; ``game`` is the VP
scored during play)."""


# ---------------------------------------------------------------------------- decisions
def _at(s: S, f: Frame) -> dict[str, Any]:
    return {"at": f.record(Space).node}


def _move(s: S, f: Frame) -> dict[str, Any]:
    return {"at": s.ship[f.seat], "moves": s.max_moves(f.seat)}


def _step(s: S, f: Frame) -> dict[str, Any]:
    step = f.record(Step)
    return {
        "at": s.ship[f.seat],
        "start_column": step.start_column,
        "moves_left": step.moves_left,
        "path": [*step.path],
    }


def _pay(s: S, f: Frame) -> dict[str, Any]:
    return {"to": [*f.record(Pay).payees]}


def _space(s: S, f: Frame) -> dict[str, Any]:
    visit = f.record(Visit)
    node, done = visit.node, visit.groups_done
    groups = groups_of(s, node)
    return {
        "at": node,
        "done": [g for g in range(len(groups)) if done >> g & 1],
        "groups": [[describe_all(alt) for alt in alts] for alts in groups],
    }


def _lightning(s: S, f: Frame) -> dict[str, Any]:
    lightning = f.record(Lightning)
    c = s.cards[lightning.card]
    return {
        "card": lightning.card,
        "name": c.name,
        "effects": [describe_all((e,)) for e in c.lightning],
        "left": [*lightning.effects_left],
    }


def _color(s: S, f: Frame) -> dict[str, Any]:
    choice = f.record(ColorChoice)
    return {"purpose": choice.purpose, "n": choice.amount}


def _store(s: S, f: Frame) -> dict[str, Any]:
    return {"color": COLORS[f.record(Store).color]}


def _reroll(s: S, f: Frame) -> dict[str, Any]:
    p = f.seat
    return {
        "dice": s.dice[:],
        "strengths": [s.dice[i] + raid_bonus(s, p, i) for i in range(len(COLORS))],
        "rerolls": f.record(Reroll).rerolls,
    }


def _spend(s: S, f: Frame) -> dict[str, Any]:
    spend = f.record(Spend)
    return {
        "color": COLORS[spend.color],
        "strength": spend.strength,
        "used": s.raid_used[:],
        "actions": [
            {
                "action": rid,
                "strength": perm.n,
                "gives": [e.model_dump(mode="json") for e in perm.gives],
                "source": _raid_source(s, f.seat, rid),
            }
            for rid, perm in raid_actions(s, f.seat)
        ],
    }


def _raid_source(s: S, p: int, rid: int) -> str:
    """Where ``p``'s raid action is printed, in words (ids as in ``raid.raid_actions``)."""
    if rid >= RAID_CARD:
        return s.cards[rid - RAID_CARD].name
    if rid == RAID_FIG:
        return s.content.figureheads[s.fig[p]].name
    if rid >= RAID_SLOT:
        return f"ship slot {rid - RAID_SLOT + 1}"
    return "ship"


def _explore(s: S, f: Frame) -> dict[str, Any]:
    explore = f.record(Explore)
    p, steps, used = f.seat, explore.steps, explore.trades_used
    return {
        "steps": steps,
        "targets": [
            {"space": t, "rivers": mask.bit_count()}
            for t, mask in sorted(reach(s, p, steps).items())
        ],
        "trades": [
            {"trade": base, "steps": cost, "gives": describe_all(perm.gives), "source": source}
            for k, base, cost, perm, source in trades(s, p)
            if not used >> k & 1 and cost < steps
        ],
    }


def _bury(s: S, f: Frame) -> dict[str, Any]:
    return {"left": f.record(Bury).left}


def _quest(s: S, f: Frame) -> dict[str, Any]:
    return {"refreshed": bool(f.record(QuestChoice).refreshed)}


def _buy(s: S, f: Frame) -> dict[str, Any]:
    buy = f.record(Buy)
    return {"category": buy.category or None, "surcharge": buy.surcharge}


def _smuggler(s: S, f: Frame) -> dict[str, Any]:
    return {"price": f.record(Smuggler).price}


def _nothing(s: S, f: Frame) -> dict[str, Any]:
    return {}


CONTEXTS: dict[str, Callable[[S, Frame], dict[str, Any]]] = {
    "draft": _nothing,
    "move": _move,
    "step": _step,
    "pay": _pay,
    "upgrade_space": _at,
    "residence_space": _at,
    "smuggle_here": _at,
    "ship_upgrade": _nothing,
    "location": _space,
    "bay": _space,
    "lightning": _lightning,
    "color": _color,
    "store": _store,
    "reroll": _reroll,
    "spend": _spend,
    "explore": _explore,
    "bury": _bury,
    "quest": _quest,
    "quest_sell": _nothing,
    "buy": _buy,
    "figurehead": _nothing,
    "smuggler": _smuggler,
    "activate": _nothing,
    "residence": _nothing,
    "ruby": _nothing,
    "sell_ruby": _nothing,
    "retire": _nothing,
}
"""Per decision kind, its context (every kind of ``state.PROMPTS``)."""


def decision_context(s: S, f: Frame) -> dict[str, Any]:
    """The public facts of the pending decision ``f`` as data, for every seat and spectator."""
    return CONTEXTS[f.kind](s, f)


# ---------------------------------------------------------------------------- the view
def view_facts(s: S, seat: int | None) -> dict[str, Any]:
    """What the view shows that a rule computes: each island's treasure value (MA-7.6), each
    participant's counts, and whether each quest ``seat`` may see is fulfilled (MA-7.8)."""
    return {
        "values": [treasure_value(cubes) for cubes in s.islands],
        "counts": [{w: count(s, p, w) for w in COUNTS} for p in range(s.participants)],
        "fulfilled": [
            [fulfilled(s, p, s.content.quests[q]) for q in s.quests[p]]
            if seat == p or s.over
            else []
            for p in range(s.participants)
        ],
    }


def score_categories(s: S) -> list[tuple[str, list[int | float]]]:
    """The final scoring of the seats by category (``scoring.breakdown``), in table order."""
    finals = s.final[: s.num_players]
    return [
        (k, [f.get(k, 0) for f in finals]) for k in SCORE_CATEGORIES if any(k in f for f in finals)
    ]
