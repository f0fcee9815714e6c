"""Counting and final scoring (MA-7, MA-8.28, MA-9.14, MA-9.18): the quantities that quests,
residences, smuggler tiles and cards count, and the end-of-game breakdown by category."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletide.games.maracaibo.constants import (
    BURIED_VP,
    RIVER_VP,
    ROYAL_UNFULFILLED,
    SIX_QUESTS_VP,
)
from tabletide.games.maracaibo.content import CATEGORIES, Quest, QuestLevel, Score
from tabletide.games.maracaibo.memo import per_object

if TYPE_CHECKING:
    from tabletide.games.maracaibo.state import MaracaiboState as S

SOLO_CARD_VP = 6  # MA-8.28
SOLO_RESIDENCE_VP = 15
SOLO_QUEST_VP = 5
SOLO_RUBY_VP = 2  # MA-9.18
TREASURE_BANDS = ((2, 2), (4, 3), (6, 4))  # MA-7.6: at most 2 cubes -> 2 VP, 3-4 -> 3, 5-6 -> 4


def treasure_value(cubes: int) -> int:
    """VP per treasure of a type whose island holds ``cubes`` (MA-7.6)."""
    for most, vp in TREASURE_BANDS:
        if cubes <= most:
            return vp
    return 5


def count(s: S, p: int, what: str) -> int:
    """How many of ``what`` participant ``p`` has (the Counted vocabulary of content.py)."""
    how = _COUNTS.get(what)
    if how is None:
        raise ValueError(f"unknown count {what!r}")
    return how(s, p)


def _in_category(category: str) -> Callable[[S, int], int]:
    def counted(s: S, p: int) -> int:
        cards = s.cards
        return sum(1 for c in s.owned[p] if cards[c].category == category)

    return counted


def _treasure(color: int) -> Callable[[S, int], int]:
    def counted(s: S, p: int) -> int:
        return s.treasure(p, color)

    return counted


def _fulfilled(s: S, p: int) -> int:
    return sum(1 for q in s.quests[p] if fulfilled(s, p, s.content.quests[q]))


_COLOR = {"gold": 0, "emerald": 1, "pearl": 2}
_COUNTS: dict[str, Callable[[S, int], int]] = {
    **{category: _in_category(category) for category in CATEGORIES},
    "cards": lambda s, p: len(s.owned[p]),
    "residences": lambda s, p: len(s.residences_of(p)),
    "cards_res": lambda s, p: len(s.owned[p]) + len(s.residences_of(p)),
    "buried": lambda s, p: s.buried_count(p),
    "lightning": lambda s, p: sum(1 for c in s.owned[p] if s.cards[c].lightning),
    "river": lambda s, p: s.river_count(p),
    "quests": lambda s, p: len(s.quests[p]),
    "fulfilled": _fulfilled,
    **{name: _treasure(i) for name, i in _COLOR.items()},
    "set": lambda s, p: min(s.treasure(p, i) for i in range(3)),
    "income_d": lambda s, p: s.income(p)[0],
    "income_vp": lambda s, p: s.income(p)[1],
    "upgrades": lambda s, p: s.upgrades_count(p),
}
"""How :func:`count` counts each word, one entry per word (looked up instead of tried in
turn: quests ask several counts at every tensor)."""


def score_of(s: S, p: int, score: Score) -> int:
    """VP of an end-game condition: ``vp`` per ``each``, capped (MA-7.4, MA-7.5)."""
    vp = count(s, p, score.per) // score.each * score.vp
    return min(vp, score.cap) if score.cap else vp


def meets(s: S, p: int, level: QuestLevel) -> bool:
    for how, n in _needs(level):  # noqa: SIM110 (all() over a generator: a quarter slower)
        if how(s, p) < n:
            return False
    return True


@per_object
def _needs(level: QuestLevel) -> tuple[tuple[Callable[[S, int], int], int], ...]:
    """A quest level's needs as (how :func:`count` counts it, at least), worked out once per
    level record (content records are immutable; the tensor asks every held quest at every
    step)."""
    return tuple((_COUNTS[what], n) for what, n in level.need.items())


def fulfilled(s: S, p: int, quest: Quest) -> bool:
    """MA-7.8: at least the lower level (MA-GAP-8.3); Royal Orders: the higher (MA-9.14)."""
    if "royal_orders" in s.mods:
        return meets(s, p, quest.high)
    return meets(s, p, quest.low)


def quest_vp(s: S, p: int, quest: Quest) -> int:
    if "royal_orders" in s.mods:  # MA-9.14: double the higher level, or -5
        return 2 * quest.high.vp if meets(s, p, quest.high) else ROYAL_UNFULFILLED
    if meets(s, p, quest.high):
        return quest.high.vp
    return quest.low.vp if meets(s, p, quest.low) else 0


def breakdown(s: S, p: int) -> dict[str, int]:
    """The final scoring of one participant by category; ``game`` is the VP scored in play."""
    out = {"game": s.vp[p]}
    treasure = sum(s.treasure(p, i) * treasure_value(s.islands[i]) for i in range(3))  # MA-7.6
    if p == s.john:  # MA-8.28
        out["rivers"] = RIVER_VP * s.river_count(p)
        out["cards"] = SOLO_CARD_VP * len(s.owned[p])
        out["residences"] = SOLO_RESIDENCE_VP * len(s.residences_of(p))
        out["treasure"] = treasure
        out["quests"] = SOLO_QUEST_VP * len(s.quests[p])
        out["six_quests"] = SIX_QUESTS_VP if len(s.quests[p]) >= 6 else 0
        if "rubies" in s.mods:
            out["rubies"] = SOLO_RUBY_VP * s.rubies[p]
        return out
    cards = [s.cards[c] for c in s.owned[p]]
    out["rivers"] = RIVER_VP * s.river_count(p)  # MA-7.1
    out["doubloons"] = s.doubloons[p] // 5  # MA-7.2
    out["card_vp"] = sum(c.vp for c in cards)  # MA-7.3
    out["card_goals"] = sum(score_of(s, p, g) for c in cards for g in c.endgame)  # MA-7.4
    out["residences"] = sum(  # MA-7.5
        score_of(s, p, cond)
        for card in s.residences_of(p)
        if (cond := s.cards[card].condition) is not None
    )
    out["treasure"] = treasure
    out["buried"] = BURIED_VP * s.buried_count(p)  # MA-7.7
    quests = [s.content.quests[q] for q in s.quests[p]]
    out["quests"] = sum(quest_vp(s, p, q) for q in quests)  # MA-7.8
    done = sum(1 for q in quests if fulfilled(s, p, q))
    out["six_quests"] = SIX_QUESTS_VP if done >= 6 else 0  # MA-7.9
    return out


def final_scoring(s: S) -> None:
    """Score everybody at once (counts depend on the islands at the end, not on order)."""
    s.final = [breakdown(s, p) for p in range(s.participants)]
    for p, parts in enumerate(s.final):
        s.vp[p] = sum(parts.values())
