"""Rule tests for raids, exploring, the Retirement module and the final scoring of Pirates of
Maracaibo.

Raids (MA-5.26-5.31, MA-10.5.1-10.5.5, MA-10.5.9, MA-10.5.19, figureheads A, E, H, K): three
dice, one reroll of all of them (the Lion: two), one chosen die whose colour fixes the treasure,
uncoloured and coloured strength bonuses, the standard raid actions 1 -> 1 VP, 2 -> 3 doubloons,
5 -> a treasure of the die's colour, each raid action once per turn (also across two raids of a
turn), unspent strength lost and never pooled, the extra raid actions of cards, ship slots and
figureheads, "raid as if N was rolled" (uncoloured bonuses only) and "raid with the shown die";
worked examples MA-11.7 and MA-11.12.

Exploring (MA-5.36-5.40, MA-10.5.6, MA-10.5.7, MA-10.5.20, MA-10.5.21, figureheads B and J):
up to N + bonuses, at least one step, arrows and branches, other explorers skipped without
counting, the shared last space, only the stop space's effect, step trades once per explore and
with one step left, rivers counted once per player (one river crossing both arms of a branch)
and the route with the most new rivers; worked example MA-11.8.

Retirement (MA-9.20-9.22, MA-11.20): the explorer stopping on the tile must build a residence at
half price after discounts (rounded up), the first builder gains 2 VP, the explorer goes back to
the start, crossed rivers are not counted again, once per game, and the tile waits when nothing
can be built.

Final scoring (MA-7.1-7.11, MA-11.16-11.19, MA-11.21, MA-5.57): rivers, doubloons, card VP, the
end-game conditions MA-10.5.16-18, the twelve residences MA-10.3.1-12 with their caps, treasure
values by island size, buried treasure, quests (highest level only, shared elements MA-11.11),
+10 for six fulfilled quests, the tie-break and a shared victory; ``scoring.count`` for every
counted key and every quest card of the condition types MA-10.4.1-17; Royal Orders MA-9.14; and
one whole game played to its end.

Positions are built by hand with the scenario helpers; raids and explores are started with
``run`` (as a card or space would) or by sailing onto a location, and played with ``act``.
Cards, slots and figureheads are found by what they do, not by their stand-in names, except where
the rulebook names them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletide.games.maracaibo import scoring
from tabletide.games.maracaibo.constants import RAID_CARD, RAID_FIG, RAID_SLOT, RAID_STD
from tabletide.games.maracaibo.content import COUNTED, Card, load_content
from tabletide.games.maracaibo.explore import river_ids
from tabletide.games.maracaibo.raid import Spend
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import (
    QUEST_COUNTS,
    Effect,
    act,
    at,
    begin,
    card_id,
    dice,
    fill_buried,
    give,
    kind,
    kinds,
    legal_json,
    new,
    place,
    run,
    treasure,
)

GOLD, EMERALD, PEARL = 0, 1, 2
VP1, DBL3, TREASURE5 = RAID_STD, RAID_STD + 1, RAID_STD + 2
"""The three standard raid actions of every ship (MA-5.29)."""
CONTENT = load_content()


# ---------------------------------------------------------------------------- local helpers
def upgrade(s: MaracaiboState, pred: Callable[[Card], bool], skip: int = 0) -> str:
    """The name of the (``skip``+1)-th upgrade card that satisfies ``pred``."""
    names = [c.name for c in s.cards if c.type == "upgrade" and pred(c)]
    return names[skip]


def has_perm(kind_: str, **fields: Any) -> Callable[[Card], bool]:
    """Cards whose only permanent ability is ``kind_`` with these fields."""

    def pred(c: Card) -> bool:
        if len(c.permanent) != 1 or c.permanent[0].perm != kind_:
            return False
        return all(getattr(c.permanent[0], k) == v for k, v in fields.items())

    return pred


def ship_slot(s: MaracaiboState, kind_: str, **fields: Any) -> int:
    """The first ship-board slot with a permanent ability ``kind_`` with these fields."""
    for i, sl in enumerate(s.content.ship.slots):
        for p in sl.permanent:
            if p.perm == kind_ and all(getattr(p, k) == v for k, v in fields.items()):
                return i
    raise LookupError(kind_)


def fill(s: MaracaiboState, p: int, *slots: int) -> None:
    for i in slots:
        s.slots[p] |= 1 << i


def figurehead(s: MaracaiboState, p: int, letter: str) -> int:
    i = next(i for i, f in enumerate(s.content.figureheads) if f.letter == letter)
    if i in s.fig_offer:
        s.fig_offer.remove(i)
    s.fig[p] = i
    return i


def raid(s: MaracaiboState, p: int, *rolls: int) -> None:
    """A raid with the three dice for ``p`` (as a location's raid action), dice scripted."""
    dice(s, *rolls)
    run(s, p, Effect(do="raid"))


def strength(s: MaracaiboState) -> int:
    assert kind(s) == "spend", legal_json(s)
    return s.stack[-1].record(Spend).strength


def spends(s: MaracaiboState) -> list[int]:
    """The raid actions that can be bought now."""
    return sorted(a["action"] for a in legal_json(s) if a["kind"] == "spend")


def goes(s: MaracaiboState) -> list[int]:
    """The spaces the explorer may stop on now."""
    return sorted(a["to"] for a in legal_json(s) if a["kind"] == "go")


def explore(s: MaracaiboState, p: int, n: int, start: int | None = None) -> None:
    if start is not None:
        s.explorer[p] = start
    run(s, p, Effect(do="explore", n=n))


def explore_to(s: MaracaiboState, p: int, n: int, start: int, to: int) -> None:
    """Explore ``n`` from ``start`` and stop on ``to`` (a single choice is taken at once)."""
    explore(s, p, n, start)
    if kind(s) == "explore":
        act(s, "go", to=to)
    assert s.explorer[p] == to


def river(a: int, b: int) -> int:
    """The river bit of the arrow a -> b."""
    return 1 << river_ids(CONTENT.track)[(a, b)]


def blank(s: MaracaiboState) -> MaracaiboState:
    """An end-of-game position with nothing in it: no quests, doubloons, VP or treasure."""
    for p in range(s.participants):
        s.quests[p] = []
        s.doubloons[p] = 0
        s.vp[p] = 0
    return s


def others_elsewhere(s: MaracaiboState, p: int) -> None:
    """Put every other explorer on the last space, out of the way."""
    for q in range(s.participants):
        if q != p:
            s.explorer[q] = len(s.content.track.spaces) - 1


# ================================================================================== raids
@pytest.mark.rule("MA-5.26")
def test_ma_5_26_three_dice_are_rolled_and_all_rerolled_once() -> None:
    s = new(2)
    raid(s, 0, 1, 2, 3, 4, 5, 6)
    assert kind(s) == "reroll"
    assert s.dice == [1, 2, 3]
    assert sorted(kinds(s)) == ["die", "die", "die", "reroll"]
    act(s, "reroll")
    assert s.dice == [4, 5, 6]  # all three dice together
    assert kinds(s) == ["die", "die", "die"]  # only one reroll


@pytest.mark.rule("MA-5.26", "MA-10.1.E")
def test_ma_10_1_e_lion_rerolls_twice_and_adds_two() -> None:
    s = new(2)
    figurehead(s, 0, "E")
    raid(s, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3)
    act(s, "reroll")
    assert "reroll" in kinds(s)
    act(s, "reroll")
    assert s.dice == [3, 3, 3]
    assert "reroll" not in kinds(s)
    act(s, "die", die=EMERALD)
    assert strength(s) == 5  # 3 + 2 (MA-10.1.E)


@pytest.mark.rule("MA-5.27", "MA-5.29")
@pytest.mark.parametrize("color", [GOLD, EMERALD, PEARL])
def test_ma_5_27_the_chosen_dies_colour_fixes_the_treasure(color: int) -> None:
    s = new(2)
    rolls = [1, 1, 1]
    rolls[color] = 5
    raid(s, 0, *rolls)
    act(s, "die", die=color)
    assert strength(s) == 5
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=-1)
    assert [s.treasure(0, c) for c in range(3)] == [int(c == color) for c in range(3)]
    assert s.islands == [4 - (c == color) for c in range(3)]  # from the matching island


@pytest.mark.rule("MA-5.27", "MA-10.5.1")
def test_ma_5_27_every_treasure_raid_action_takes_the_dies_colour() -> None:
    s = new(2)
    give(s, 0, upgrade(s, has_perm("raid_action", n=3)))  # 3 -> treasure of the die's colour
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color=None)))  # +2 to any die
    raid(s, 0, 6, 6, 6)
    act(s, "die", die=EMERALD)
    assert strength(s) == 8
    extra = next(a for a in spends(s) if a >= RAID_CARD)
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=-1)
    act(s, "spend", action=extra)
    act(s, "store", space=-1)
    assert [s.treasure(0, c) for c in range(3)] == [0, 2, 0]
    assert s.islands == [4, 2, 4]


@pytest.mark.rule("MA-5.33", "MA-5.29")
def test_ma_5_33_raided_treasure_comes_from_the_supply_when_the_island_is_empty() -> None:
    s = new(2)
    s.islands[PEARL] = 0
    raid(s, 0, 1, 1, 5)
    act(s, "die", die=PEARL)
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=-1)
    assert s.treasure(0, PEARL) == 1
    assert s.islands[PEARL] == 0


@pytest.mark.rule("MA-5.28", "MA-10.5.4", "MA-10.5.5")
@pytest.mark.parametrize(("die", "expected"), [(GOLD, 8), (EMERALD, 6), (PEARL, 6)])
def test_ma_5_28_uncoloured_bonus_always_coloured_only_for_its_die(die: int, expected: int) -> None:
    s = new(2)
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color="gold")))  # +2 yellow
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=1, color=None)))  # +1 any die
    raid(s, 0, 5, 5, 5)
    act(s, "die", die=die)
    assert strength(s) == expected


@pytest.mark.rule("MA-10.5.4")
def test_ma_10_5_4_ship_slot_and_card_bonuses_stack() -> None:
    s = new(2)
    fill(s, 0, ship_slot(s, "raid_bonus", n=1, color=None))
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color=None)))
    raid(s, 0, 2, 3, 4)
    act(s, "die", die=GOLD)
    assert strength(s) == 2 + 1 + 2


@pytest.mark.rule("MA-11.12", "MA-10.5.5")
def test_ma_11_12_plus_two_yellow_with_a_yellow_five_is_seven() -> None:
    s = new(2)
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color="gold")))
    raid(s, 0, 5, 6, 1)
    act(s, "die", die=GOLD)
    assert strength(s) == 7
    act(s, "spend", action=TREASURE5)  # a gold for 5 ...
    act(s, "store", space=-1)
    assert spends(s) == [VP1, DBL3]  # ... and 2 left
    act(s, "spend", action=DBL3)
    assert kind(s) == "move"  # nothing left: the raid and the turn are over
    assert s.treasure(0, GOLD) == 1
    assert s.doubloons[0] == 10 + 3


@pytest.mark.rule("MA-11.7", "MA-5.27", "MA-5.34")
def test_ma_11_7_sarka_keeps_the_green_six() -> None:
    s = new(2)
    loc = next(
        c.name
        for c in s.cards
        if c.level == 1
        and c.type == "location"
        and not c.refill
        and any(e.do == "raid" for g in c.actions for alt in g for e in alt)
    )
    place(s, at(2, 0), loc)
    begin(s, 0, at(1, 0))
    dice(s, 2, 6, 3)
    act(s, "sail", to=at(2, 0))
    act(s, "skip")  # no ship upgrade
    group = next(
        g for g, alts in enumerate(s.cards[card_id(s, loc)].actions) if alts[0][0].do == "raid"
    )
    act(s, "act", group=group, alt=0)
    act(s, "die", die=EMERALD)  # no reroll: the green 6
    assert strength(s) == 6
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=0)  # the emerald bonus space: 2 VP
    act(s, "spend", action=VP1)
    assert s.treasure(0, EMERALD) == 1
    assert s.islands[EMERALD] == 3
    assert s.vp[0] == 3


@pytest.mark.rule("MA-5.29")
def test_ma_5_29_the_three_standard_raid_actions() -> None:
    s = new(2)
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color=None)))
    raid(s, 0, 6, 1, 1)
    act(s, "die", die=GOLD)
    assert strength(s) == 8
    assert spends(s) == [VP1, DBL3, TREASURE5]
    act(s, "spend", action=VP1)
    assert spends(s) == [DBL3, TREASURE5]
    act(s, "spend", action=DBL3)
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=-1)
    assert (s.vp[0], s.doubloons[0], s.treasure(0, GOLD)) == (1, 13, 1)


@pytest.mark.rule("MA-10.6.11", "MA-5.29")
def test_ma_10_6_11_swords_are_strength_units_each_action_spends_its_number() -> None:
    s = new(2)
    raid(s, 0, 6, 1, 1)
    act(s, "die", die=GOLD)
    assert strength(s) == 6
    act(s, "spend", action=DBL3)  # 2 swords
    assert strength(s) == 4
    assert spends(s) == [VP1]  # 5 swords are no longer there
    act(s, "spend", action=VP1)
    assert kind(s) == "move"  # 3 swords left, nothing more to buy: lost
    assert (s.vp[0], s.doubloons[0]) == (1, 13)


@pytest.mark.rule("MA-10.6.4", "MA-7.4")
def test_ma_10_6_4_an_end_game_condition_gives_nothing_until_the_final_scoring() -> None:
    s = blank(new(2))
    card = card_id(s, "Bullion Hold")
    assert s.cards[card].endgame and not s.cards[card].lightning
    goal = s.cards[card].endgame[0]
    assert (goal.per, goal.each, goal.vp) == ("gold", 3, 7)
    treasure(s, 0, "gold", 3)
    s.doubloons[0] = 10
    place(s, at(2, 0), "Bullion Hold")
    begin(s, 0, at(1, 0))
    act(s, "sail", to=at(2, 0))
    act(s, "buy", at=at(2, 0))
    assert card in s.owned[0] and s.vp[0] == 0  # bought: nothing yet
    scoring.final_scoring(s)
    assert s.final[0]["card_goals"] == 7


@pytest.mark.rule("MA-5.29", "MA-5.31")
def test_ma_5_29_each_raid_action_once_per_turn_the_rest_is_lost() -> None:
    s = new(2)
    raid(s, 0, 6, 1, 1)
    act(s, "die", die=GOLD)
    act(s, "spend", action=VP1)
    assert VP1 not in spends(s)  # 5 left, but 1 -> 1 VP is used
    act(s, "spend", action=DBL3)  # 3 left: nothing more to buy
    assert kind(s) == "move" and s.active == 1
    assert (s.vp[0], s.doubloons[0]) == (1, 13)


@pytest.mark.rule("MA-5.29", "MA-5.31", "MA-GAP-13.1")
def test_ma_5_29_raid_actions_once_per_turn_across_two_raids() -> None:
    s = new(2)
    dice(s, 1, 1, 1)
    run(s, 0, Effect(do="raid"), Effect(do="raid_as", n=3))
    act(s, "die", die=GOLD)
    act(s, "spend", action=VP1)
    assert s.vp[0] == 1
    act(s, "color", c=GOLD)  # the second raid, as if a 3 was rolled
    assert strength(s) == 3
    assert spends(s) == [DBL3]  # 1 -> 1 VP was used by the first raid
    act(s, "spend", action=DBL3)
    assert (s.vp[0], s.doubloons[0]) == (1, 13)


@pytest.mark.rule("MA-5.29", "MA-5.36", "MA-5.38")
def test_ma_5_29_location_raid_then_the_track_raid_share_the_turn() -> None:
    """Trinidad (raid, explore 2): raid, then explore onto the 'raid as if 3' space."""
    s = new(2)
    others_elsewhere(s, 0)
    s.explorer[0] = 4
    place(s, at(2, 0), "Trinidad")
    begin(s, 0, at(1, 0))
    dice(s, 2, 1, 1)
    act(s, "sail", to=at(2, 0))
    act(s, "skip")
    act(s, "act", group=0, alt=0)  # the raid
    act(s, "die", die=GOLD)
    act(s, "spend", action=DBL3)  # 2 -> 3 doubloons
    act(s, "act", group=1, alt=0)  # explore 2
    raid_space = next(
        sp.id for sp in s.content.track.spaces if any(e.do == "raid_as" for e in sp.effects)
    )
    act(s, "go", to=raid_space)
    act(s, "color", c=PEARL)
    assert strength(s) == 3
    assert spends(s) == [VP1]  # 2 -> 3 doubloons is used this turn
    act(s, "spend", action=VP1)
    assert (s.vp[0], s.doubloons[0]) == (1, 13)


@pytest.mark.rule("MA-5.31", "MA-GAP-13.1")
def test_ma_5_31_unspent_strength_is_not_pooled_into_a_second_raid() -> None:
    s = new(2)
    dice(s, 6, 6, 6)
    run(s, 0, Effect(do="raid"), Effect(do="raid_as", n=1))
    act(s, "die", die=GOLD)
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=-1)
    act(s, "done")  # 1 strength left unspent
    act(s, "color", c=GOLD)
    assert strength(s) == 1  # not 2
    assert spends(s) == [VP1]


@pytest.mark.rule("MA-5.31")
def test_ma_5_31_a_new_turn_starts_with_fresh_raid_actions() -> None:
    s = new(2)
    raid(s, 0, 1, 1, 1)
    act(s, "die", die=GOLD)
    act(s, "spend", action=VP1)
    assert s.vp[0] == 1
    begin(s, 0, at(1, 0))
    assert s.raid_used == []
    raid(s, 0, 1, 1, 1)
    act(s, "die", die=GOLD)
    assert spends(s) == [VP1]  # the action is available again
    act(s, "spend", action=VP1)
    assert s.vp[0] == 2


@pytest.mark.rule("MA-5.30", "MA-10.5.1")
def test_ma_10_5_1_ship_slot_raid_action_three_for_a_treasure() -> None:
    s = new(2)
    i = ship_slot(s, "raid_action", n=3)
    fill(s, 0, i)
    raid(s, 0, 1, 1, 3)
    act(s, "die", die=PEARL)
    assert spends(s) == [VP1, DBL3, RAID_SLOT + i]
    act(s, "spend", action=RAID_SLOT + i)
    act(s, "store", space=-1)
    assert s.treasure(0, PEARL) == 1
    assert s.islands[PEARL] == 3


@pytest.mark.rule("MA-5.30", "MA-10.5.2")
@pytest.mark.parametrize("source", ["card", "slot"])
def test_ma_10_5_2_extra_raid_action_two_for_three_vp(source: str) -> None:
    s = new(2)
    if source == "card":
        rid = RAID_CARD + give(s, 0, upgrade(s, has_perm("raid_action", n=2)))
    else:
        i = ship_slot(s, "raid_action", n=2)
        fill(s, 0, i)
        rid = RAID_SLOT + i
    raid(s, 0, 2, 1, 1)
    act(s, "die", die=GOLD)
    assert spends(s) == [VP1, DBL3, rid]
    act(s, "spend", action=rid)
    assert s.vp[0] == 3


@pytest.mark.rule("MA-5.29", "MA-10.5.2")
def test_ma_5_29_two_sources_of_the_same_reward_are_two_raid_actions() -> None:
    s = new(2)
    card = give(s, 0, upgrade(s, has_perm("raid_action", n=2)))
    i = ship_slot(s, "raid_action", n=2)
    fill(s, 0, i)
    raid(s, 0, 4, 1, 1)
    act(s, "die", die=GOLD)
    act(s, "spend", action=RAID_CARD + card)
    act(s, "spend", action=RAID_SLOT + i)
    assert s.vp[0] == 6


@pytest.mark.rule("MA-5.29", "MA-10.5.1")
def test_ma_5_29_raid_actions_alike_are_told_apart_by_where_they_come_from() -> None:
    s = new(2)
    card = give(s, 0, upgrade(s, has_perm("raid_action", n=3)))
    i = ship_slot(s, "raid_action", n=3)
    fill(s, 0, i)
    figurehead(s, 0, "H")
    raid(s, 0, 6, 1, 1)
    act(s, "die", die=GOLD)
    labels = {a.num("action"): a.label for a in s.legal_actions() if a.kind == "spend"}
    name = s.cards[card].name
    assert labels == {
        VP1: "Spend 1: 1 VP (printed on your ship)",
        DBL3: "Spend 2: 3 doubloons (printed on your ship)",
        TREASURE5: "Spend 5: a treasure of the die's colour (printed on your ship)",
        RAID_SLOT + i: f"Spend 3: a treasure of the die's colour (ship slot {i + 1})",
        RAID_FIG: "Spend 2: 6 doubloons (figurehead Kraken)",
        RAID_CARD + card: f"Spend 3: a treasure of the die's colour (card {name})",
    }


@pytest.mark.rule("MA-5.30", "MA-10.5.3")
def test_ma_10_5_3_four_for_three_vp_and_a_cube_on_any_island() -> None:
    s = new(2)
    rid = RAID_CARD + give(s, 0, upgrade(s, has_perm("raid_action", n=4)))
    raid(s, 0, 4, 1, 1)
    act(s, "die", die=GOLD)
    assert rid in spends(s)
    act(s, "spend", action=rid)
    act(s, "color", c=PEARL)  # any island, not bound to the die
    assert s.vp[0] == 3
    assert s.islands == [4, 4, 5]


@pytest.mark.rule("MA-5.30", "MA-10.1.A", "MA-10.1.H", "MA-10.1.K")
@pytest.mark.parametrize("letter", ["A", "H", "K"])
def test_ma_5_30_figurehead_raid_actions(letter: str) -> None:
    s = new(2)
    figurehead(s, 0, letter)
    treasure(s, 0, "gold", 1)
    raid(s, 0, 2, 1, 1)
    act(s, "die", die=GOLD)
    assert spends(s) == [VP1, DBL3, RAID_FIG]
    act(s, "spend", action=RAID_FIG)
    if letter == "K":
        act(s, "bury", color=GOLD, on="hideout", space=0)
    got = (s.vp[0], s.doubloons[0], s.buried_count(0))
    assert got == {"A": (2, 12, 0), "H": (0, 16, 0), "K": (0, 10, 1)}[letter]


@pytest.mark.rule("MA-10.5.9", "MA-5.28", "MA-GAP-13.1")
def test_ma_10_5_9_raid_as_if_rolled_uses_uncoloured_bonuses_only() -> None:
    s = new(2)
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color="gold")))
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=1, color=None)))
    run(s, 0, Effect(do="raid_as", n=6))
    assert kinds(s) == ["color"] * 3  # the player chooses the colour; no dice, no reroll
    act(s, "color", c=GOLD)
    assert strength(s) == 6 + 1  # the +2 yellow does not apply
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=-1)
    assert s.treasure(0, GOLD) == 1  # the chosen colour fixes the treasure


@pytest.mark.rule("MA-10.5.19")
def test_ma_10_5_19_raid_with_the_shown_die_adds_its_bonus_and_its_colour() -> None:
    s = new(2)
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color="gold")))
    give(s, 0, upgrade(s, has_perm("raid_bonus", n=2, color="pearl")))
    dice(s, 3)
    run(s, 0, Effect(do="raid_die", color="gold", n=2))
    assert strength(s) == 3 + 2 + 2  # rolled once, no reroll; yellow bonus only
    act(s, "spend", action=TREASURE5)
    act(s, "store", space=-1)
    act(s, "spend", action=DBL3)
    assert kind(s) == "move" and s.active == 1  # no reroll, no other die: the turn is over
    assert [s.treasure(0, c) for c in range(3)] == [1, 0, 0]


# ================================================================================ exploring
@pytest.mark.rule("MA-5.36", "MA-10.6.10")
def test_ma_5_36_explore_up_to_n_and_at_least_one_step() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    explore(s, 0, 3, start=0)
    assert goes(s) == [1, 2, 3]  # the current space is not offered: at least 1 step
    assert set(kinds(s)) == {"go"}  # no way to stay put


@pytest.mark.rule("MA-5.36", "MA-10.5.6", "MA-10.1.B")
@pytest.mark.parametrize(("source", "bonus"), [("card", 1), ("slot", 1), ("dragon", 2), ("all", 4)])
def test_ma_10_5_6_explore_bonuses_add_steps(source: str, bonus: int) -> None:
    s = new(2)
    others_elsewhere(s, 0)
    if source in ("card", "all"):
        give(s, 0, upgrade(s, has_perm("explore_bonus", n=1)))
    if source in ("slot", "all"):
        fill(s, 0, ship_slot(s, "explore_bonus"))
    if source in ("dragon", "all"):
        figurehead(s, 0, "B")
    explore(s, 0, 1, start=0)
    assert goes(s) == list(range(1, 1 + bonus + 1))


@pytest.mark.rule("MA-5.36")
def test_ma_5_36_explorer_follows_the_arrows_and_chooses_a_branch() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    explore(s, 0, 2, start=5)
    spaces = s.content.track.spaces
    upper, lower = spaces[5].next
    assert goes(s) == sorted([upper, lower, *spaces[upper].next, *spaces[lower].next])
    act(s, "go", to=lower)
    assert s.explorer[0] == lower


@pytest.mark.rule("MA-5.37")
def test_ma_5_37_occupied_spaces_are_skipped_without_counting() -> None:
    s = new(3)
    s.explorer[1], s.explorer[2] = 1, 2
    explore(s, 0, 2, start=0)
    assert goes(s) == [3, 4]  # 1 and 2 are neither stops nor steps
    act(s, "go", to=3)
    assert s.explorer == [3, 1, 2]


@pytest.mark.rule("MA-5.37", "MA-GAP-5.5")
def test_ma_5_37_the_last_space_is_shared() -> None:
    s = new(2)
    last = len(s.content.track.spaces) - 1
    s.explorer[1] = last
    explore(s, 0, 2, start=last - 2)
    assert goes(s) == [last - 1, last]
    act(s, "go", to=last)
    assert s.explorer == [last, last]
    assert s.vp[0] == 10  # the end space's effect


@pytest.mark.rule("MA-5.36")
def test_ma_5_36_no_explore_from_the_last_space() -> None:
    s = new(2)
    last = len(s.content.track.spaces) - 1
    explore(s, 0, 3, start=last)
    assert kind(s) == "move" and s.active == 1  # nothing to decide, the turn ended
    assert s.explorer[0] == last and s.vp[0] == 0


@pytest.mark.rule("MA-5.38")
def test_ma_5_38_only_the_stop_space_gives_its_effect() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    explore(s, 0, 3, start=0)
    act(s, "go", to=2)  # passes space 1 (2 doubloons), stops on space 2 (1 VP)
    assert (s.vp[0], s.doubloons[0]) == (1, 10)


@pytest.mark.rule("MA-11.8", "MA-5.37", "MA-5.38")
def test_ma_11_8_blue_on_bonaire_skips_yellows_gold_space() -> None:
    s = new(2)
    blue, yellow = 0, 1
    s.explorer[blue] = 4
    gold_space = next(
        sp.id for sp in s.content.track.spaces if any(e.color == "gold" for e in sp.effects)
    )
    s.explorer[yellow] = gold_space
    place(s, at(2, 0), "Bonaire")
    begin(s, blue, at(1, 0))
    act(s, "sail", to=at(2, 0))
    act(s, "skip")
    group = next(
        g
        for g, alts in enumerate(s.cards[card_id(s, "Bonaire")].actions)
        if alts[0][0].do == "explore"
    )
    assert s.cards[card_id(s, "Bonaire")].actions[group][0][0].n == 3
    act(s, "act", group=group, alt=0)
    assert gold_space not in goes(s)
    stop = s.content.track.spaces[gold_space].next[0]
    assert stop in goes(s)  # 3 counted steps: 5, 10, (gold skipped) 12
    act(s, "go", to=stop)
    assert s.doubloons[blue] == 10 + 3
    assert s.explorer == [stop, gold_space]


@pytest.mark.rule("MA-5.39", "MA-10.5.7")
def test_ma_10_5_7_step_trade_once_per_explore() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    slot = ship_slot(s, "trade", n=1)
    fill(s, 0, slot)  # 1 step -> 2 VP
    explore(s, 0, 3, start=0)
    assert "trade" in kinds(s)
    act(s, "trade", source=RAID_SLOT + slot)  # the trade names its source
    assert s.vp[0] == 2
    assert goes(s) == [1, 2]  # one step fewer
    assert "trade" not in kinds(s)  # once per explore action
    act(s, "go", to=2)
    explore(s, 0, 2)
    assert "trade" in kinds(s)  # a new explore action: again


@pytest.mark.rule("MA-5.39", "MA-10.5.7", "MA-GAP-13.6")
def test_ma_5_39_a_trade_must_leave_a_step_to_move() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    card = give(s, 0, upgrade(s, has_perm("trade", n=2)))  # 2 steps -> an emerald
    explore(s, 0, 2, start=0)
    assert "trade" not in kinds(s)
    act(s, "go", to=1)
    explore(s, 0, 3)
    assert "trade" in kinds(s)
    act(s, "trade", source=RAID_CARD + card)
    act(s, "store", space=-1)
    assert s.treasure(0, EMERALD) == 1
    assert s.explorer[0] == 2  # one step left


@pytest.mark.rule("MA-5.39", "MA-10.1.J")
def test_ma_5_39_several_trades_each_give_up_their_own_steps() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    fill(s, 0, ship_slot(s, "trade", n=1))  # 1 step -> 2 VP
    figurehead(s, 0, "J")  # Nautilus: 1 step -> 1 gold
    explore(s, 0, 3, start=0)
    labels = [a.label for a in s.legal_actions() if a.kind == "trade"]
    slot = ship_slot(s, "trade", n=1) + 1
    assert labels == [  # each says where the trade comes from
        f"Give up 1 step(s) for 2 VP (ship slot {slot})",
        "Give up 1 step(s) for a gold (figurehead Nautilus)",
    ]
    act(s, "trade", source=RAID_SLOT + slot - 1)
    act(s, "trade", source=RAID_FIG)
    act(s, "store", space=-1)
    assert (s.vp[0], s.treasure(0, GOLD)) == (2, 1)
    assert s.explorer[0] == 1  # 3 - 1 - 1: the one step left is taken at once
    assert s.doubloons[0] == 10 + 2


@pytest.mark.rule("MA-5.40", "MA-7.1")
def test_ma_5_40_crossing_a_river_counts_it() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    a, b = next((sp.id, sp.river[0]) for sp in s.content.track.spaces if sp.river)
    explore_to(s, 0, 1, a, b)
    assert s.river_count(0) == 1
    assert s.river_count(1) == 0


@pytest.mark.rule("MA-5.40", "MA-GAP-5.3")
def test_ma_5_40_a_river_counts_once_per_player() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    s.rivers[0] = river(3, 4)  # crossed before (e.g. before a Retirement)
    s.rivers[1] = river(3, 4)  # another player's crossing changes nothing
    explore(s, 0, 2, start=2)
    label = next(a.label for a in s.legal_actions() if a.kind == "go" and a["to"] == 4)
    assert "river" not in label  # not offered as a new river
    act(s, "go", to=4)
    assert s.river_count(0) == 1
    assert [e["rivers"] for e in s.events if e["type"] == "explore"][-1] == 0


@pytest.mark.rule("MA-5.40", "MA-GAP-5.3")
def test_ma_5_40_one_river_crosses_both_arms_of_a_branch() -> None:
    """The docs' R2 lies on both paths of branch 1: crossing it on the lower path after the
    upper one is the same river."""
    s = new(2)
    others_elsewhere(s, 0)
    explore_to(s, 0, 1, 7, 8)  # R2 on the upper path
    assert s.river_count(0) == 1
    explore_to(s, 0, 1, 12, 13)  # R2 on the lower path (as after a Retirement)
    assert s.river_count(0) == 1
    assert river(7, 8) == river(12, 13)
    assert river(15, 16) == river(15, 17)
    all_rivers = 0
    for key in river_ids(CONTENT.track):
        all_rivers |= river(*key)
    assert all_rivers.bit_count() == 5  # R1-R5 (docs, MA-GAP-5)


@pytest.mark.rule("MA-5.40", "MA-GAP-5.3")
def test_ma_5_40_the_route_with_the_most_new_rivers_is_taken() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    upper = s.content.track.spaces[19].next[0]
    assert s.content.track.spaces[upper + 1].river  # the upper path crosses R4, the lower none
    explore(s, 0, 5, start=19)
    act(s, "go", to=27)  # reachable both ways: 4 steps below, 5 steps above
    assert s.rivers[0] == river(21, 22)
    s2 = new(2)
    others_elsewhere(s2, 0)
    explore(s2, 0, 4, start=19)  # only the lower route fits 4 steps
    act(s2, "go", to=27)
    assert s2.river_count(0) == 0


@pytest.mark.rule("MA-10.5.20", "MA-5.12", "MA-10.5.6")
def test_ma_10_5_20_a_cards_explore_gets_the_explore_bonuses() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    give(s, 0, upgrade(s, has_perm("explore_bonus", n=1)))
    chart = upgrade(s, lambda c: c.lightning == (Effect(do="explore", n=3),) and not c.permanent)
    place(s, at(2, 0), chart)
    begin(s, 0, at(1, 0))
    act(s, "sail", to=at(2, 0))
    act(s, "buy", at=at(2, 0))
    assert kind(s) == "explore"
    assert goes(s) == [1, 2, 3, 4]


@pytest.mark.rule("MA-10.5.21")
def test_ma_10_5_21_gain_the_effect_of_the_explorers_space() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    s.explorer[0] = 2  # 1 VP
    run(s, 0, Effect(do="explore_space"))
    assert (s.vp[0], s.explorer[0]) == (1, 2)
    run(s, 0, Effect(do="explore", n=1), Effect(do="explore_space"))  # explore, then again
    assert s.explorer[0] == 3  # the only space in reach: a quest; then the same once more
    assert kind(s) == "quest"
    act(s, "quest", quest=s.quest_offer[0])
    act(s, "quest", quest=s.quest_offer[0])
    assert len(s.quests[0]) == 3


# ============================================================================== retirement
def retirement_game(doubloons: int = 30) -> MaracaiboState:
    s = new(2, retirement=True)
    others_elsewhere(s, 0)
    s.doubloons[0] = doubloons
    return s


def residence_with(s: MaracaiboState, pred: Callable[[Card], bool], node: int) -> int:
    """Place the first residence satisfying ``pred`` on ``node``; returns the card."""
    name = next(c.name for c in s.cards if c.type == "residence" and pred(c))
    return place(s, node, name)


def to_tile(s: MaracaiboState) -> None:
    """Explore from the space before the Retirement tile onto it."""
    tile = s.content.track.retirement
    before = next(sp.id for sp in s.content.track.spaces if tile in sp.next)
    explore(s, 0, 1, start=before)
    act(s, "go", to=tile)


@pytest.mark.rule("MA-9.20", "MA-9.22", "MA-5.17")
def test_ma_9_20_the_explorer_on_the_tile_must_build_at_half_price() -> None:
    s = retirement_game()
    card = residence_with(s, lambda c: c.cost == 14, at(3, 0))
    to_tile(s)
    assert kind(s) == "retire"
    assert set(kinds(s)) == {"build"}  # no way to decline
    vp = s.vp[0]
    act(s, "build", at=at(3, 0))
    assert s.doubloons[0] == 30 - 7
    assert s.res[card] == [0]
    assert s.vp[0] == vp + 2  # first builder
    assert s.explorer[0] == 0  # back to the start
    assert s.retired[0]


@pytest.mark.rule("MA-11.20", "MA-9.22", "MA-10.1.L")
def test_ma_11_20_cost_13_with_discount_2_costs_6() -> None:
    s = retirement_game(20)
    figurehead(s, 0, "L")  # discount 2
    residence_with(s, lambda c: c.cost == 13, at(3, 0))
    to_tile(s)
    act(s, "build", at=at(3, 0))
    assert s.doubloons[0] == 20 - 6


@pytest.mark.rule("MA-9.22")
@pytest.mark.parametrize(("cost", "discount", "price"), [(12, 0, 6), (14, 1, 7), (11, 0, 6)])
def test_ma_9_22_discounts_first_then_half_rounded_up(cost: int, discount: int, price: int) -> None:
    s = retirement_game(price)  # just enough for the half price
    if discount:
        fill(s, 0, ship_slot(s, "discount", n=discount))
    card = residence_with(s, lambda c: c.cost == cost, at(3, 0))
    to_tile(s)
    if kind(s) == "retire":
        act(s, "build", at=at(3, 0))
    assert s.res[card] == [0]
    assert s.doubloons[0] == 0


@pytest.mark.rule("MA-9.20", "MA-5.17")
def test_ma_9_20_no_first_builder_bonus_on_a_built_residence() -> None:
    s = retirement_game()
    card = residence_with(s, lambda c: c.cost == 14, at(3, 0))
    s.res[card] = [1]
    for other in [c for c in s.res if c != card]:
        s.res[other].append(0)  # the player has built every other residence
    vp = s.vp[0]
    to_tile(s)  # the only choice is taken at once
    assert kind(s) == "move" and s.active == 1
    assert s.res[card] == [1, 0]
    assert s.vp[0] == vp + 3  # the space's 3 VP, no first-builder bonus
    assert s.doubloons[0] == 30 - 7


@pytest.mark.rule("MA-9.20", "MA-5.40", "MA-GAP-5.3")
def test_ma_9_20_rivers_crossed_before_retiring_are_not_counted_again() -> None:
    s = retirement_game()
    residence_with(s, lambda c: c.cost == 14, at(3, 0))
    s.rivers[0] = river(3, 4) | river(7, 8)
    to_tile(s)  # crosses R3 on its way onto the tile
    act(s, "build", at=at(3, 0))
    assert s.river_count(0) == 3
    explore(s, 0, 4)  # from the start, over R1 again
    act(s, "go", to=4)
    assert s.river_count(0) == 3
    explore_to(s, 0, 1, 12, 13)  # R2 on the other path
    explore_to(s, 0, 1, 15, 16)  # R3 on the other arm
    assert s.river_count(0) == 3


@pytest.mark.rule("MA-9.21")
def test_ma_9_21_retirement_once_per_game() -> None:
    s = retirement_game()
    residence_with(s, lambda c: c.cost == 14, at(3, 0))
    to_tile(s)
    act(s, "build", at=at(3, 0))
    doubloons = s.doubloons[0]
    to_tile(s)
    assert kind(s) == "move" and s.active == 1  # no second retirement
    assert s.explorer[0] == s.content.track.retirement
    assert s.doubloons[0] == doubloons


@pytest.mark.rule("MA-9.20", "MA-GAP-12.4")
def test_ma_9_20_the_tile_waits_when_nothing_can_be_built() -> None:
    s = retirement_game(doubloons=0)
    to_tile(s)
    assert kind(s) == "move" and s.active == 1
    assert s.explorer[0] == s.content.track.retirement  # stays: no residence, no return
    assert not s.retired[0]
    assert all(0 not in who for who in s.res.values())


@pytest.mark.rule("MA-9.20")
def test_ma_9_20_without_the_module_the_space_is_plain() -> None:
    s = new(2)
    others_elsewhere(s, 0)
    s.doubloons[0] = 30
    to_tile(s)
    assert kind(s) == "move" and s.active == 1
    assert s.explorer[0] == s.content.track.retirement
    assert s.vp[0] == 3
    assert s.doubloons[0] == 30


# ============================================================================ final scoring
@pytest.mark.rule("MA-7.1")
def test_ma_7_1_four_vp_per_river() -> None:
    s = blank(new(2))
    s.rivers[0] = river(3, 4) | river(7, 8) | river(15, 16)
    assert scoring.breakdown(s, 0)["rivers"] == 12
    assert scoring.breakdown(s, 1)["rivers"] == 0


@pytest.mark.rule("MA-7.2", "MA-11.17")
@pytest.mark.parametrize(("doubloons", "vp"), [(14, 2), (15, 3), (4, 0), (0, 0)])
def test_ma_11_17_one_vp_per_five_doubloons_rounded_down(doubloons: int, vp: int) -> None:
    s = blank(new(2))
    s.doubloons[0] = doubloons
    assert scoring.breakdown(s, 0)["doubloons"] == vp


@pytest.mark.rule("MA-7.3", "MA-10.6.5")
def test_ma_7_3_card_vp_of_every_owned_upgrade_card() -> None:
    s = blank(new(2))
    a = s.cards[give(s, 0, upgrade(s, lambda c: c.vp == 2))]
    b = s.cards[give(s, 0, upgrade(s, lambda c: c.vp == 4))]
    give(s, 1, upgrade(s, lambda c: c.vp == 6))
    assert (a.vp, b.vp) == (2, 4)
    assert scoring.breakdown(s, 0)["card_vp"] == 6


@pytest.mark.rule("MA-7.4", "MA-10.5.16", "MA-10.5.39")
@pytest.mark.parametrize(("gold", "vp"), [(2, 0), (3, 7), (7, 14)])
def test_ma_10_5_16_seven_vp_per_three_cubes_of_a_type(gold: int, vp: int) -> None:
    s = blank(new(2))
    give(s, 0, upgrade(s, lambda c: any(g.per == "gold" and g.each == 3 for g in c.endgame)))
    treasure(s, 0, "gold", gold - 1)
    s.buried_at[0][GOLD] = 0b1  # buried cubes count too
    assert scoring.breakdown(s, 0)["card_goals"] == vp


@pytest.mark.rule("MA-7.4", "MA-10.5.17", "MA-10.5.40")
def test_ma_10_5_17_seven_vp_per_three_fulfilled_quests() -> None:
    s = blank(new(2))
    give(s, 0, upgrade(s, lambda c: any(g.per == "fulfilled" for g in c.endgame)))
    s.quests[0] = rich(s, 0)[:7]  # all fulfilled
    assert scoring.breakdown(s, 0)["card_goals"] == 14


@pytest.mark.rule("MA-7.4", "MA-10.5.18", "MA-10.5.41")
def test_ma_10_5_18_two_vp_per_buried_treasure() -> None:
    s = blank(new(2))
    give(s, 0, upgrade(s, lambda c: any(g.per == "buried" for g in c.endgame)))
    fill_buried(s, 0, [1, 2, 0])
    parts = scoring.breakdown(s, 0)
    assert parts["card_goals"] == 6
    assert parts["buried"] == 6  # and the usual +2 per buried treasure


# ----------------------------------------------------------------- counting (quests etc.)
def fresh_cards(s: MaracaiboState, pred: Callable[[Card], bool], n: int) -> list[int]:
    """Give seat 0 ``n`` more upgrade cards satisfying ``pred``, those without an end-game
    condition first."""
    owned = set(s.owned[0])
    fits = [(i, c) for i, c in enumerate(s.cards) if c.type == "upgrade" and pred(c)]
    names = [c.name for i, c in sorted(fits, key=lambda ic: bool(ic[1].endgame)) if i not in owned]
    assert len(names) >= n, f"only {len(names)} cards fit"
    return [give(s, 0, name) for name in names[:n]]


def plain(c: Card) -> bool:
    return not c.income_d and not c.income_vp


CARD_KEYS: dict[str, Callable[[Card], bool]] = {
    "crew": lambda c: c.category == "crew",
    "equipment": lambda c: c.category == "equipment",
    "ship": lambda c: c.category == "ship",
    "cards": plain,
    "cards_res": plain,
    "lightning": lambda c: bool(c.lightning),
    "income_d": lambda c: c.income_d == 1 and not c.income_vp,
    "income_vp": lambda c: c.income_vp == 1 and not c.income_d,
}
"""The cards that raise each card-based count by exactly 1 (and no other key of a quest)."""


def set_count(s: MaracaiboState, what: str, k: int) -> None:
    """Raise seat 0's count of ``what`` to exactly ``k`` (the keys of one quest are
    independent of each other)."""
    if what in CARD_KEYS:
        fresh_cards(s, CARD_KEYS[what], k - scoring.count(s, 0, what))
    elif what == "buried":
        caps = [len(s.content.hideout.section(c).buried) for c in ("gold", "emerald", "pearl")]
        for c in range(3):
            s.buried_at[0][c] = (1 << min(k, caps[c])) - 1
            k -= s.buried_in(0, c)
        assert k == 0
    elif what == "residences":
        for card in list(s.res)[:k]:
            if 0 not in s.res[card]:
                s.res[card].append(0)
    elif what == "river":
        s.rivers[0] = (1 << k) - 1
    elif what == "upgrades":
        s.slots[0] = (1 << k) - 1
    else:
        raise AssertionError(what)


def rich(s: MaracaiboState, p: int) -> list[int]:
    """A tableau (without residences or end-game cards) that meets the higher level of every
    quest card that does not count residences; returns those quests."""
    assert p == 0
    before = set(s.owned[0])
    out = []
    for q in s.content.quests:
        if "residences" in q.low.need:
            continue
        out.append(q.id)
        for what, n in q.high.need.items():
            if scoring.count(s, 0, what) < n:
                set_count(s, what, n)
    assert not any(s.cards[c].endgame for c in s.owned[0] if c not in before)
    return out


COUNT_CASES = [
    ("buried", 3),
    ("crew", 3),
    ("equipment", 2),
    ("ship", 1),
    ("cards", 6),
    ("cards_res", 8),
    ("residences", 2),
    ("lightning", 2),
    ("river", 3),
    ("quests", 2),
    ("fulfilled", 1),
    ("gold", 3),
    ("emerald", 3),
    ("pearl", 1),
    ("set", 1),
    ("income_d", 3),
    ("income_vp", 2),
    ("upgrades", 4),
]
"""Seat 0's counts in the position of ``test_ma_10_4_count_of_each_counted_key``."""


def test_every_counted_key_is_checked() -> None:
    assert {what for what, _ in COUNT_CASES} == set(COUNTED)


@pytest.mark.rule(*(f"MA-10.4.{t}" for t in range(1, 18)))
@pytest.mark.parametrize(("what", "expected"), COUNT_CASES)
def test_ma_10_4_count_of_each_counted_key(what: str, expected: int) -> None:
    s = blank(new(2))
    for name in (
        upgrade(s, lambda c: c.category == "crew" and plain(c) and not c.lightning, k)
        for k in range(3)
    ):
        give(s, 0, name)
    for k in range(2):
        give(
            s,
            0,
            upgrade(s, lambda c: c.category == "equipment" and plain(c) and bool(c.lightning), k),
        )
    give(s, 0, upgrade(s, lambda c: c.category == "ship" and plain(c) and not c.lightning))
    for card in list(s.res)[:2]:
        s.res[card].append(0)
    treasure(s, 0, "gold", 2)
    treasure(s, 0, "pearl", 1)
    s.bonus[0][EMERALD] = 0b1
    fill_buried(s, 0, [1, 2, 0])
    s.rivers[0] = river(3, 4) | river(7, 8) | river(15, 16)
    buried_quest = next(q.id for q in s.content.quests if q.low.need == {"buried": 2})
    ship_quest = next(q.id for q in s.content.quests if q.low.need == {"ship": 2})
    s.quests[0] = [buried_quest, ship_quest]  # 3 buried: yes; 1 Ship card: no
    figurehead(s, 0, "F")  # Sea Serpent: +2 doubloon and +2 VP income
    income = ship_slot(s, "income", n=1)
    fill(s, 0, 0, 1, 3, income)
    assert s.content.ship.slots[income].permanent[0].vp == 0
    assert scoring.count(s, 0, what) == expected
    assert scoring.count(s, 1, what) == 0  # per player


QUEST_PARAMS = [
    pytest.param(
        q.id, marks=pytest.mark.rule(f"MA-10.4.{q.type}", "MA-7.8"), id=f"quest{q.id}-type{q.type}"
    )
    for q in CONTENT.quests
]


@pytest.mark.parametrize("quest", QUEST_PARAMS)
@pytest.mark.parametrize("level", ["below", "low", "high"])
def test_ma_10_4_each_quest_card_scores_its_highest_level_met(quest: int, level: str) -> None:
    """Every quest card, below its lower level, at it and at its higher one, with exactly
    what its type counts (``QUEST_COUNTS``): the 25 cards cover the 17
    types MA-10.4.1, MA-10.4.2, MA-10.4.3, MA-10.4.4, MA-10.4.5, MA-10.4.6, MA-10.4.7,
    MA-10.4.8, MA-10.4.9, MA-10.4.10, MA-10.4.11, MA-10.4.12, MA-10.4.13, MA-10.4.14,
    MA-10.4.15, MA-10.4.16 and MA-10.4.17."""
    s = blank(new(2))
    q = s.content.quests[quest]
    if q.type == 8:  # the same number of each shown category
        assert set(q.low.need) <= {"crew", "equipment", "ship"} and len(q.low.need) >= 2
    else:
        assert set(q.low.need) == QUEST_COUNTS[q.type]
    need = dict((q.high if level == "high" else q.low).need)
    if level == "below":
        first = next(iter(need))
        need[first] -= 1
    for what, n in need.items():
        set_count(s, what, n)
        assert scoring.count(s, 0, what) == n
    s.quests[0] = [quest]
    expected = {"below": 0, "low": q.low.vp, "high": q.high.vp}[level]
    assert scoring.breakdown(s, 0)["quests"] == expected
    assert scoring.count(s, 0, "fulfilled") == (level != "below")


# ----------------------------------------------------------------------------- residences
RESIDENCES = [c for c in CONTENT.cards if c.type == "residence"]
RESIDENCE_RULE = {
    "income_d": "MA-10.3.1",
    "income_vp": "MA-10.3.2",
    "ship": "MA-10.3.3",
    "equipment": "MA-10.3.4",
    "crew": "MA-10.3.5",
    "buried": "MA-10.3.6",
    "fulfilled": "MA-10.3.7",
    "emerald": "MA-10.3.8",
    "gold": "MA-10.3.9",
    "pearl": "MA-10.3.10",
    "set": "MA-10.3.11",
    "river": "MA-10.3.12",
}
RESIDENCE_VALUES = {  # condition: (VP per item, cap) from the rulebook table MA-10.3
    "income_d": (2, 24),
    "income_vp": (3, 24),
    "ship": (5, 25),
    "equipment": (4, 24),
    "crew": (4, 24),
    "buried": (3, 24),
    "fulfilled": (4, 24),
    "emerald": (4, 24),
    "gold": (4, 24),
    "pearl": (4, 24),
    "set": (8, 24),
    "river": (6, 24),
}


def make(s: MaracaiboState, what: str, k: int) -> None:
    """Seat 0 gets ``k`` of ``what`` for a residence condition."""
    if what in ("gold", "emerald", "pearl"):
        treasure(s, 0, what, k)
    elif what == "set":
        for color in ("gold", "emerald", "pearl"):
            treasure(s, 0, color, k)
        treasure(s, 0, "gold", 1)  # an incomplete extra set does not count
    elif what == "fulfilled":
        s.quests[0] = rich(s, 0)[:k]
    else:
        set_count(s, what, k)
    assert scoring.count(s, 0, what) == k


@pytest.mark.rule("MA-7.5", "MA-10.3.1", "MA-10.3.12")
def test_ma_10_3_the_twelve_residence_conditions_are_all_there() -> None:
    assert sorted(c.condition.per for c in RESIDENCES if c.condition) == sorted(RESIDENCE_RULE)
    for c in RESIDENCES:
        assert c.condition is not None
        assert (c.condition.vp, c.condition.cap) == RESIDENCE_VALUES[c.condition.per]


@pytest.mark.parametrize(
    "card",
    [
        pytest.param(
            c.name,
            marks=pytest.mark.rule(RESIDENCE_RULE[c.condition.per], "MA-7.5"),
            id=c.condition.per,
        )
        for c in RESIDENCES
        if c.condition
    ],
)
@pytest.mark.parametrize("many", [False, True], ids=["below_cap", "capped"])
def test_ma_10_3_residence_scores_per_item_up_to_its_cap(card: str, many: bool) -> None:
    """Each of the twelve residences, below and above its cap, only for a seat with a marker:
    MA-10.3.1 (2 VP per doubloon of income), MA-10.3.2 (3 VP per VP of income), MA-10.3.3
    (Ship cards), MA-10.3.4 (Equipment), MA-10.3.5 (Crew), MA-10.3.6 (buried treasure),
    MA-10.3.7 (fulfilled quests), MA-10.3.8 (emeralds), MA-10.3.9 (gold), MA-10.3.10
    (pearls), MA-10.3.11 (sets), MA-10.3.12 (rivers)."""
    s = blank(new(2))
    c = s.cards[card_id(s, card)]
    assert c.condition is not None
    per, (vp, cap) = c.condition.per, RESIDENCE_VALUES[c.condition.per]
    k = cap // vp + 1 if many else 2  # one more than the cap needs
    make(s, per, k)
    s.res[card_id(s, card)] = [0]
    assert scoring.breakdown(s, 0)["residences"] == min(k * vp, cap)
    assert scoring.breakdown(s, 1)["residences"] == 0  # no marker, no points


@pytest.mark.rule("MA-11.18", "MA-10.3.3", "MA-10.3.9")
def test_ma_11_18_residence_caps() -> None:
    s = blank(new(2))
    ships = next(c for c in RESIDENCES if c.condition and c.condition.per == "ship")
    golds = next(c for c in RESIDENCES if c.condition and c.condition.per == "gold")
    set_count(s, "ship", 6)
    treasure(s, 0, "gold", 7)
    s.res[card_id(s, ships.name)] = [0]
    s.res[card_id(s, golds.name)] = [1, 0]
    assert scoring.breakdown(s, 0)["residences"] == 25 + 24


# ------------------------------------------------------------------------------- treasure
@pytest.mark.rule("MA-7.6")
@pytest.mark.parametrize(
    ("cubes", "value"), [(0, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4), (7, 5), (11, 5)]
)
def test_ma_7_6_treasure_value_by_cubes_on_the_island(cubes: int, value: int) -> None:
    s = blank(new(2))
    s.islands = [cubes, 4, 4]
    treasure(s, 0, "gold", 2)
    assert scoring.breakdown(s, 0)["treasure"] == 2 * value


@pytest.mark.rule("MA-11.16", "MA-7.6", "MA-7.7")
def test_ma_11_16_treasure_values() -> None:
    s = blank(new(2))
    s.islands = [2, 4, 7]
    treasure(s, 0, "gold", 2)
    s.buried_at[0][GOLD] = 0b1
    treasure(s, 0, "emerald", 1)
    treasure(s, 0, "pearl", 2)
    parts = scoring.breakdown(s, 0)
    assert parts["treasure"] == 6 + 3 + 10
    assert parts["buried"] == 2
    assert parts["treasure"] + parts["buried"] == 21


@pytest.mark.rule("MA-7.7", "MA-7.6", "MA-10.1.G")
def test_ma_7_7_two_more_vp_per_buried_treasure_also_on_poseidon() -> None:
    s = blank(new(2))
    figurehead(s, 0, "G")
    fill_buried(s, 0, [1, 1, 0])
    s.poseidon[0] = [PEARL, -1, -1, -1]
    s.bonus[0][GOLD] = 0b1  # unburied, on a bonus space
    parts = scoring.breakdown(s, 0)
    assert scoring.count(s, 0, "buried") == 3
    assert parts["buried"] == 6
    assert parts["treasure"] == 4 * 3  # islands at 4 cubes: 3 VP each


# --------------------------------------------------------------------------------- quests
@pytest.mark.rule("MA-7.8")
@pytest.mark.parametrize(("rivers", "vp"), [(1, 0), (2, 3), (3, 3), (4, 7), (5, 7)])
def test_ma_7_8_only_the_highest_level_met_scores(rivers: int, vp: int) -> None:
    s = blank(new(2))
    q = next(
        q for q in s.content.quests if q.low.need == {"river": 2} and q.high.need == {"river": 4}
    )
    assert (q.low.vp, q.high.vp) == (3, 7)
    s.rivers[0] = (1 << rivers) - 1
    s.quests[0] = [q.id]
    assert scoring.breakdown(s, 0)["quests"] == vp


@pytest.mark.rule("MA-11.11", "MA-7.8")
def test_ma_11_11_the_same_crew_cards_count_for_two_quests() -> None:
    s = blank(new(2))
    a = next(q for q in s.content.quests if q.low.need == {"crew": 2, "ship": 2})
    b = next(q for q in s.content.quests if q.low.need == {"crew": 2, "equipment": 2})
    set_count(s, "crew", 2)
    set_count(s, "ship", 2)
    set_count(s, "equipment", 2)
    s.quests[0] = [a.id, b.id]
    assert scoring.breakdown(s, 0)["quests"] == a.low.vp + b.low.vp
    assert scoring.count(s, 0, "fulfilled") == 2


@pytest.mark.rule("MA-7.9", "MA-11.19")
@pytest.mark.parametrize(("fulfilled", "bonus"), [(5, 0), (6, 10), (7, 10)])
def test_ma_11_19_ten_vp_for_six_fulfilled_quests(fulfilled: int, bonus: int) -> None:
    s = blank(new(2))
    rich(s, 0)
    s.rivers[0] = 0  # every quest that needs a river fails
    done = [q.id for q in s.content.quests if scoring.fulfilled(s, 0, q)]
    missed = [q.id for q in s.content.quests if not scoring.fulfilled(s, 0, q)]
    s.quests[0] = done[:fulfilled] + missed[: 6 - min(fulfilled, 6)]
    assert len(s.quests[0]) >= 6
    assert scoring.count(s, 0, "fulfilled") == fulfilled
    assert scoring.breakdown(s, 0)["six_quests"] == bonus


@pytest.mark.rule("MA-9.14")
def test_ma_9_14_royal_orders_double_the_higher_level_or_minus_five() -> None:
    s = blank(new(2, royal_orders=True))
    q = next(
        q for q in s.content.quests if q.low.need == {"river": 2} and q.high.need == {"river": 4}
    )
    s.quests[0] = [q.id]
    for rivers, vp in [(1, -5), (2, -5), (4, 14)]:
        s.rivers[0] = (1 << rivers) - 1
        assert scoring.breakdown(s, 0)["quests"] == vp
        assert scoring.count(s, 0, "fulfilled") == (rivers >= 4)


@pytest.mark.rule("MA-9.14", "MA-7.9", "MA-10.3.7")
def test_ma_9_14_royal_orders_fulfilled_means_the_higher_level() -> None:
    s = blank(new(2, royal_orders=True))
    met = rich(s, 0)
    s.rivers[0] = 0b111  # 3 rivers: the river quests' lower levels only
    river_quests = [q.id for q in s.content.quests if set(q.low.need) == {"river"}]
    others = [q for q in met if "river" not in s.content.quests[q].low.need][:5]
    s.quests[0] = others + river_quests
    storyteller = next(c for c in RESIDENCES if c.condition and c.condition.per == "fulfilled")
    s.res[card_id(s, storyteller.name)] = [0]
    parts = scoring.breakdown(s, 0)
    assert scoring.count(s, 0, "fulfilled") == 5
    assert parts["six_quests"] == 0
    assert parts["residences"] == 20
    high = sum(2 * s.content.quests[i].high.vp for i in others)
    assert parts["quests"] == high - 5 * len(river_quests)
    s.rivers[0] = 0b11111  # now all seven are fulfilled
    parts = scoring.breakdown(s, 0)
    assert parts["six_quests"] == 10
    assert parts["residences"] == 24


# ------------------------------------------------------------------- totals and the winner
@pytest.mark.rule("MA-7.10", "MA-7.1", "MA-7.2", "MA-7.3", "MA-7.6", "MA-1.2")
def test_ma_7_10_final_scoring_adds_everything_to_the_game_vp() -> None:
    s = blank(new(2))
    s.vp = [20, 30]
    s.doubloons[0] = 11  # 2
    s.rivers[0] = 0b11  # 8
    give(s, 0, upgrade(s, lambda c: c.vp == 4 and not c.endgame))  # 4
    treasure(s, 0, "gold", 1)  # 3
    scoring.final_scoring(s)
    assert s.final[0]["game"] == 20
    assert s.vp == [20 + 2 + 8 + 4 + 3, 30]
    assert sum(s.final[0].values()) == s.vp[0]
    s.stack.clear()
    assert s.winners() == [0]


@pytest.mark.rule("MA-7.11")
def test_ma_7_11_tie_broken_by_buried_treasures() -> None:
    s = blank(new(2))
    s.buried_at[0][GOLD] = 0b1  # 3 (treasure) + 2 (buried)
    s.vp = [10, 15]
    scoring.final_scoring(s)
    s.stack.clear()
    assert s.vp == [15, 15]
    assert s.winners() == [0]
    assert s.returns() == [1.0, -1.0]


@pytest.mark.rule("MA-7.11")
def test_ma_7_11_still_tied_players_share_the_victory() -> None:
    s = blank(new(3))
    s.buried_at[0][GOLD] = 0b1
    s.buried_at[1][PEARL] = 0b1
    s.vp = [10, 10, 14]
    scoring.final_scoring(s)
    s.stack.clear()
    assert s.vp == [15, 15, 14]
    assert s.winners() == [0, 1]


@pytest.mark.rule("MA-5.57", "MA-11.21")
def test_ma_11_21_vp_go_on_past_fifty() -> None:
    s = blank(new(2))
    s.vp[0] = 48
    run(s, 0, Effect(do="vp", n=5))
    assert s.vp[0] == 53
    s.rivers[0] = 0b11111
    scoring.final_scoring(s)
    assert s.vp[0] == 53 + 20


@pytest.mark.rule("MA-7.10", "MA-6.3", "MA-4.5")
@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_ends_with_final_scoring_and_winners(seed: int) -> None:
    s = new(3, seed=seed)
    pick = random.Random(seed)
    moves = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(pick.choice(legal))
        moves += 1
        assert moves < 5000
    assert s.over and s.round == 3
    assert len(s.final) == 3
    for p in range(3):
        parts = s.final[p]
        assert sum(parts.values()) == s.vp[p]
        assert parts["rivers"] == 4 * s.river_count(p)
        assert parts["doubloons"] == s.doubloons[p] // 5
        assert parts["buried"] == 2 * s.buried_count(p)
    best = max((s.vp[p], s.buried_count(p)) for p in range(3))
    assert s.winners() == [p for p in range(3) if (s.vp[p], s.buried_count(p)) == best]
    assert s.winners()
