"""What a Pirates of Maracaibo position is worth to the bots (``game.evaluate``), in VP.

A seat's value is its final score if the game ended now (the game's own scoring in
``scoring.py``: VP so far, rivers, card VP and goals, residences, treasure at today's island
values, buried treasure, quests, the six-quest bonus) with three changes for the time left:

* doubloons count at a rate that falls from :data:`DOUBLOON_EARLY` VP each at the start (they
  still buy cards, residences and figureheads) to the final 1 VP per 5 (MA-7.2) at the end;
* income (MA-GAP-10.3) adds every income phase still to come: VP income in full, doubloon
  income at the doubloon rate of the phase that pays it;
* things that keep paying or can still grow are worth a share of the rounds left: permanent
  abilities (cards, ship slots, the figurehead), placed smuggler tiles, treasure not yet buried,
  and the part of a residence's or quest's best level not reached yet.

At the end of the game the value is exactly the final score. In the solo game (MA-8) the one
seat's value is its margin over John Silver, whose side is his final scoring on the current
position (MA-8.28).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from tabletide.games.maracaibo.constants import (
    BURIED_VP,
    MARACAIBO,
    RIVER_VP,
    ROUNDS,
    SIX_QUESTS_VP,
    SMUGGLER_TILES,
    column,
)
from tabletide.games.maracaibo.content import COLORS, Content, Perm
from tabletide.games.maracaibo.scoring import (
    breakdown,
    fulfilled,
    quest_vp,
    score_of,
    treasure_value,
)

if TYPE_CHECKING:
    from tabletide.engine import State
    from tabletide.games.maracaibo.state import MaracaiboState

DOUBLOON_END = 0.2
"""VP per doubloon at the end of the game (1 VP per 5 doubloons, MA-7.2)."""
DOUBLOON_EARLY = 0.6
"""VP per doubloon at the start: the stand-in cards are priced at about 1.5 doubloons per VP."""
PERM_VALUE = {
    "raid_bonus": 3.0,  # per point of strength
    "raid_bonus_color": 1.0,  # a bonus for one die colour only
    "raid_action": 2.0,  # an extra way to spend raid strength
    "explore_bonus": 4.0,  # per step
    "trade": 2.0,
    "discount": 3.0,  # per doubloon off
    "moves": 4.0,  # sailing 4 instead of 3
    "rerolls": 0.6,  # per reroll
    "income": 0.0,  # counted as income
}
"""VP per round left of a permanent ability (one unit of its ``n``)."""
UPGRADE_VALUE = 4.0
"""VP per round left of a cube on the ship board as such: cubes open the zones beyond the
thresholds (MA-5.49) and count for quests."""
SMUGGLER_VALUE = 1.0
"""VP per round left of a placed smuggler tile (it pays when the ship stops on it)."""
BURY_VALUE = 1.0
"""VP (at the start; less as time runs out) per unburied treasure with a burial space left."""
GROWTH = 0.4
"""Share of the VP a residence or quest can still gain that counts, at the start."""


def evaluate(state: State, seat: int) -> float:
    """The seat's value in VP (solo: its margin over John Silver); the final score at the end."""
    s = cast("MaracaiboState", state)
    if not s.stack:
        if s.john >= 0:
            return float(s.vp[0] - s.vp[s.john])
        return float(s.vp[seat])
    if s.john >= 0:
        return player_value(s, 0) - john_value(s)
    return player_value(s, seat)


def rounds_left(s: MaracaiboState) -> float:
    """Rounds still to play, fractional: the current round counts by how far the leading ship
    has sailed (a round ends when a ship reaches Maracaibo, MA-4.3)."""
    done = 1.0 if s.ending else max(column(n) for n in s.ship) / column(MARACAIBO)
    return ROUNDS - s.round + 1.0 - done


def doubloon_rate(left: float) -> float:
    """VP per doubloon with ``left`` rounds to play."""
    return DOUBLOON_END + (DOUBLOON_EARLY - DOUBLOON_END) * min(1.0, left / ROUNDS)


def player_value(s: MaracaiboState, p: int) -> float:
    return sum(terms(s, p).values())


def terms(s: MaracaiboState, p: int) -> dict[str, float]:
    """The evaluation of a (non-John) participant by term, for the docs and the tests."""
    c = s.content
    cards = s.cards
    table = tables(c)
    left = rounds_left(s)
    share = left / ROUNDS
    out: dict[str, float] = {"vp": float(s.vp[p])}
    out["rivers"] = float(RIVER_VP * s.rivers[p].bit_count())  # MA-7.1
    out["doubloons"] = doubloon_rate(left) * s.doubloons[p]
    # Income (MA-GAP-10.3): one payment at the end of this round and of each round after it;
    # the doubloons of each payment at the rate of that moment.
    income_d, income_vp = income(s, p, table)
    to_come = range(s.round, ROUNDS + 1)
    out["income"] = income_vp * len(to_come) + income_d * sum(
        doubloon_rate(ROUNDS - r) for r in to_come
    )
    owned = [cards[k] for k in s.owned[p]]
    out["card_vp"] = float(sum(k.vp for k in owned))  # MA-7.3
    out["card_goals"] = float(sum(score_of(s, p, g) for k in owned for g in k.endgame))  # MA-7.4
    residences = 0.0
    for card, who in s.res.items():  # MA-7.5, and what the condition can still gain
        if p in who:
            cond = cards[card].condition
            assert cond is not None
            now = score_of(s, p, cond)
            residences += now + GROWTH * share * max(0, cond.cap - now)
    out["residences"] = residences
    treasure = burials = 0.0
    for i in range(3):  # MA-7.6 at today's island values
        above = s.store[p][i] + s.bonus[p][i].bit_count()
        held = above + s.buried_in(p, i) + s.poseidon[p].count(i)
        treasure += held * treasure_value(s.islands[i])
        burials += min(above, table.burial_spaces[i] - s.buried_in(p, i))
    out["treasure"] = treasure
    out["buried"] = float(BURIED_VP * s.buried_count(p))  # MA-7.7
    out["burials"] = BURY_VALUE * share * burials
    quests = 0.0
    done = 0
    royal = "royal_orders" in s.mods
    for q in s.quests[p]:  # MA-7.8, and what the quest can still gain
        quest = c.quests[q]
        now = quest_vp(s, p, quest)
        best = 2 * quest.high.vp if royal else quest.high.vp
        quests += now + GROWTH * share * (best - now)
        done += fulfilled(s, p, quest)
    out["quests"] = quests
    out["six_quests"] = float(SIX_QUESTS_VP if done >= 6 else 0)  # MA-7.9
    abilities = UPGRADE_VALUE * s.slots[p].bit_count() + sum(table.card[k] for k in s.owned[p])
    filled = s.slots[p]
    for i, v in enumerate(table.slot):
        if filled >> i & 1:
            abilities += v
    if s.fig[p] >= 0:
        abilities += table.figurehead[s.fig[p]]
    out["abilities"] = left * abilities
    placed = SMUGGLER_TILES - len(s.smug_left[p])  # tiles never leave the board
    out["smugglers"] = SMUGGLER_VALUE * left * placed
    if s.rubies[p]:
        out["rubies"] = float(c.places.ruby_sold_out_vp * s.rubies[p])
    return out


def income(s: MaracaiboState, p: int, table: Tables) -> tuple[int, int]:
    """``s.income(p)`` (doubloon and VP income) from the precomputed tables."""
    d = v = 0
    for k in s.owned[p]:
        d += table.income_d[k]
        v += table.income_vp[k]
    filled = s.slots[p]
    if filled:
        for i, (sd, sv) in enumerate(table.slot_income):
            if filled >> i & 1:
                d += sd
                v += sv
    if s.fig[p] >= 0:
        fd, fv = table.figurehead_income[s.fig[p]]
        d += fd
        v += fv
        if s.content.figureheads[s.fig[p]].special == "whale":  # MA-10.1.D
            d += len(s.quests[p])
    return d, v


@dataclass(frozen=True)
class Tables:
    """What the evaluation needs of the content, computed once: per card, ship slot and
    figurehead the value of its permanent abilities (VP per round left) and its income; the
    buried-treasure spaces per hideout section."""

    card: tuple[float, ...]
    slot: tuple[float, ...]
    figurehead: tuple[float, ...]
    income_d: tuple[int, ...]
    income_vp: tuple[int, ...]
    slot_income: tuple[tuple[int, int], ...]
    figurehead_income: tuple[tuple[int, int], ...]
    burial_spaces: tuple[int, ...]


_TABLE_CACHE: dict[int, tuple[Content, Tables]] = {}


def tables(c: Content) -> Tables:
    """The :class:`Tables` of a content (looked up by identity: the models are not hashable)."""
    hit = _TABLE_CACHE.get(id(c))
    if hit is None or hit[0] is not c:

        def value(perms: tuple[Perm, ...]) -> float:
            return sum(perm_value(perm) for perm in perms)

        def paid(perms: tuple[Perm, ...]) -> tuple[int, int]:
            return (
                sum(x.n for x in perms if x.perm == "income"),
                sum(x.vp for x in perms if x.perm == "income"),
            )

        table = Tables(
            card=tuple(value(k.permanent) for k in c.cards),
            slot=tuple(value(sl.permanent) for sl in c.ship.slots),
            figurehead=tuple(value(f.permanent) for f in c.figureheads),
            income_d=tuple(k.income_d + paid(k.permanent)[0] for k in c.cards),
            income_vp=tuple(k.income_vp + paid(k.permanent)[1] for k in c.cards),
            slot_income=tuple(paid(sl.permanent) for sl in c.ship.slots),
            figurehead_income=tuple(paid(f.permanent) for f in c.figureheads),
            burial_spaces=tuple(len(c.hideout.section(name).buried) for name in COLORS),
        )
        hit = _TABLE_CACHE[id(c)] = (c, table)
    return hit[1]


def perm_value(perm: Perm) -> float:
    """VP per round left of one permanent ability (income is counted apart)."""
    kind = perm.perm
    if kind == "raid_bonus" and perm.color is not None:
        return PERM_VALUE["raid_bonus_color"] * perm.n
    if kind in ("raid_bonus", "explore_bonus", "discount", "rerolls"):
        return PERM_VALUE[kind] * perm.n
    return PERM_VALUE[kind]


def john_value(s: MaracaiboState) -> float:
    """John Silver's final scoring on the current position (MA-8.28)."""
    return float(sum(breakdown(s, s.john).values()))
