"""Rule tests for the solo game against John Silver (MA-8): his setup (MA-8.1-8.7), the turn order
and payments (MA-8.8, MA-8.9), the Bay rule (MA-8.10), the solo deck, its priorities, range and
tie-break (MA-8.11-8.14), his main actions raid, explore, quest, gain upgrade and upgrade card
(MA-8.15-8.23), his ship board (MA-8.24, MA-8.25), the B bonus actions (MA-8.26), the end of the
game and his final scoring (MA-8.27-8.29), the worked example MA-11.14, and the solo rules of the
modules (MA-9.4, MA-9.8, MA-9.12, MA-9.18).

Every position is built by hand: ``quiet`` empties the Caribbean, the test places the cards it
needs, John's deck is stacked with solo cards built in the test (``stack``), and his turn runs
with ``begin(s, s.john, node)``; his die rolls are scripted with ``dice``. Unless a test says
otherwise John's ship starts on 3a (``HOME``), from where his range-3 destinations are 4a, 4b,
4c and 5b; from 8a (``EAST``) they are 9a, 9b, 9c and the Bay.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletide.games.maracaibo.board import destinations
from tabletide.games.maracaibo.constants import GRID, column
from tabletide.games.maracaibo.content import CATEGORIES, Card, SoloCard
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import (
    BAY,
    MARACAIBO,
    START,
    act,
    at,
    begin,
    card_id,
    dice,
    fill_buried,
    find,
    give,
    new,
    place,
    treasure,
)

rule = pytest.mark.rule

HOME = at(3, 0)
EAST = at(8, 0)
GOLD, EMERALD, PEARL = 0, 1, 2


# ---------------------------------------------------------------------------- local helpers
def quiet(s: MaracaiboState) -> None:
    """Empty the Caribbean: every card goes to the box, no refill tile lies anywhere."""
    for n in range(GRID):
        if s.slot[n] >= 0:
            s.box.append(s.slot[n])
        s.slot[n], s.up[n], s.coins[n] = -1, True, 0
    s.refill_of = {}
    s.ruby_cards = ()


def game(**options: Any) -> MaracaiboState:
    """A solo game waiting at the human's first move, with an empty Caribbean."""
    s = new(1, **options)
    quiet(s)
    return s


def card(*actions: Any, bonus: Any = None, categories: tuple[Any, ...] = CATEGORIES) -> SoloCard:
    """A solo card with these main actions top to bottom (a B card when it has a bonus)."""
    return SoloCard(
        id=0,
        deck="B" if bonus else "A",
        actions=actions,
        categories=categories if "upgrade" in actions else (),
        bonus=bonus,
    )


def stack(s: MaracaiboState, *cards: SoloCard) -> None:
    """John's deck holds exactly ``cards``, the first on top; nothing revealed yet."""
    solo = s.content.solo.model_copy(update={"cards": tuple(cards)})
    s.content = s.content.model_copy(update={"solo": solo})
    s.solo_deck = list(reversed(range(len(cards))))
    s.solo_out = []


def full_board(s: MaracaiboState) -> None:
    """Every slot of John's ship board is filled: a ship upgrade does nothing more."""
    s.john_slots = len(slot_order(s))


def slot_order(s: MaracaiboState) -> list[str]:
    """John's slots in filling order: columns left to right, each top to bottom."""
    return [kind for col in s.content.solo.board for kind in col]


def at_level(s: MaracaiboState, lvl: int) -> None:
    """Put John's cube on the first space of his raid & exploration track with level ``lvl``."""
    s.john_level = list(s.content.solo.levels).index(lvl)


def solo_actions(c: Card) -> set[str]:
    kinds = {e.do for group in c.actions for alt in group for e in alt}
    out: set[str] = {k for k in ("raid", "explore", "quest") if k in kinds}
    if "card" in kinds:
        out.add("gain_upgrade")
    return out


def offering(s: MaracaiboState, action: str, *, without: tuple[str, ...] = (), n: int = 0) -> str:
    """The name of the ``n``-th location where John can do ``action`` and none of ``without``."""
    names = [
        c.name
        for c in s.cards
        if c.type == "location" and action in solo_actions(c) and not solo_actions(c) & set(without)
    ]
    return names[n]


def explore_n(s: MaracaiboState, name: str) -> int:
    c = s.cards[card_id(s, name)]
    return max(e.n for g in c.actions for alt in g for e in alt if e.do == "explore")


def upgrade(s: MaracaiboState, category: str, n: int = 0, **props: Any) -> str:
    """The name of the ``n``-th upgrade card of ``category`` (level I first)."""
    names = [
        c.name
        for c in sorted(s.cards, key=lambda c: c.level)
        if c.type == "upgrade"
        and c.category == category
        and all(getattr(c, k) == v for k, v in props.items())
    ]
    return names[n]


def residences(s: MaracaiboState, nodes: list[int]) -> list[int]:
    """Place a residence on each node; returns their card indexes in node order."""
    names = [c.name for c in s.cards if c.type == "residence"]
    return [place(s, node, names[i]) for i, node in enumerate(nodes)]


def john_turn(s: MaracaiboState, node: int = HOME) -> list[dict[str, Any]]:
    """Run John's turn from ``node``; returns the events it logged."""
    mark = len(s.events)
    begin(s, s.john, node)
    return s.events[mark:]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def first(events: list[dict[str, Any]], type_: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == type_)


def left_over(s: MaracaiboState) -> list[int]:
    """Scripted rolls not used."""
    return list(getattr(s.rng, "rolls", []))


# ---------------------------------------------------------------------------- setup
@rule("MA-8.1", "MA-8.2")
def test_ma_8_1_john_is_an_automatic_second_participant() -> None:
    s = new(1)
    assert (s.num_players, s.participants, s.john) == (1, 2, 1)
    assert s.name(s.john) == "John Silver"
    assert s.current_player() == 0 and [f.kind for f in s.stack][-1] == "move"


@rule("MA-8.1", "MA-8.8", "MA-8.27")
@pytest.mark.parametrize("seed", [1, 2])
def test_ma_8_1_john_never_decides_and_the_game_ends_with_his_turn(seed: int) -> None:
    s = new(1, seed=seed, difficulty=3)
    rng = random.Random(seed)
    while s.stack:
        assert s.current_player() == 0
        s.apply(rng.choice(s.legal_actions()))
    assert s.over and s.round == 3
    assert set(s.final[s.john]) >= {"cards", "residences", "quests", "six_quests"}
    last_sail = next(e for e in reversed(s.events) if e["type"] == "sail")
    assert last_sail["seat"] == s.john


@rule("MA-8.2", "MA-8.3", "MA-8.4", "MA-8.6")
def test_ma_8_2_two_player_setup_with_john() -> None:
    s = new(1)
    assert s.ship == [START, START] and s.explorer == [0, 0] and s.vp == [0, 0]
    assert s.islands == [4, 4, 4]
    assert sum(1 for n in range(GRID) if s.slot[n] >= 0) == 27
    assert s.doubloons == [10, 0]  # the human is first; John has no doubloons
    assert (s.john_level, s.john_slots) == (0, 0)  # leftmost dark space, empty solo ship
    assert s.content.solo.levels[s.john_level] == 1
    assert len(s.solo_deck) == 6 and s.solo_out == []


@rule("MA-8.2")
@pytest.mark.parametrize("seed", range(5))
def test_ma_8_2_three_figureheads_in_the_offer(seed: int) -> None:
    s = new(1, seed=seed)
    assert len(s.fig_offer) == 3 and len(set(s.fig_offer)) == 3


@rule("MA-8.5", "MA-8.6")
@pytest.mark.parametrize("difficulty", range(7))
def test_ma_8_5_the_deck_of_six_with_difficulty_b_cards(difficulty: int) -> None:
    s = new(1, difficulty=difficulty)
    decks = [s.content.solo.cards[i].deck for i in s.solo_deck]
    assert len(s.solo_deck) == 6 and len(set(s.solo_deck)) == 6
    assert decks.count("B") == difficulty and decks.count("A") == 6 - difficulty


@rule("MA-8.5")
def test_ma_8_5_the_b_cards_are_random() -> None:
    chosen = set()
    for seed in range(12):
        s = new(1, seed=seed, difficulty=2)
        chosen.add(frozenset(i for i in s.solo_deck if s.content.solo.cards[i].deck == "B"))
    assert len(chosen) > 1


@rule("MA-8.5")
def test_ma_8_5_the_a_cards_replaced_are_random() -> None:
    kept = set()
    for seed in range(12):
        s = new(1, seed=seed, difficulty=2)
        kept.add(frozenset(i for i in s.solo_deck if s.content.solo.cards[i].deck == "A"))
    assert len(kept) > 1


@rule("MA-8.7")
def test_ma_8_7_john_gets_one_random_quest_and_no_draft() -> None:
    seen = set()
    for seed in range(6):
        s = new(1, seed=seed, setup=False)
        assert [f.kind for f in s.stack if f.kind == "draft"] == ["draft"]  # the human's only
        assert len(s.quests[s.john]) == 1
        s.apply(s.legal_actions()[0])
        q = s.quests[s.john][0]
        assert q not in s.quests[0] and q not in s.quest_offer and q not in s.quest_deck
        total = len(s.quests[0]) + len(s.quests[1]) + len(s.quest_offer) + len(s.quest_deck)
        assert total == len(s.content.quests) and len(s.quest_offer) == 2
        seen.add(q)
    assert len(seen) > 1


# ---------------------------------------------------------------------------- turns, payments
@rule("MA-8.8")
def test_ma_8_8_the_human_moves_first_then_john() -> None:
    s = game()
    stack(s, card("raid", "explore"))
    assert s.current_player() == 0 and s.active == 0
    place(s, at(1, 0), offering(s, "raid"))
    mark = len(s.events)
    act(s, "sail", to=at(1, 3))  # an empty slot: the blank gives 5 doubloons, the turn ends
    sails = [e["seat"] for e in s.events[mark:] if e["type"] == "sail"]
    assert sails == [0, s.john]  # John's turn followed at once
    assert s.active == 0 and s.stack[-1].kind == "move"


@rule("MA-8.9", "MA-8.2")
def test_ma_8_9_the_human_pays_the_supply_on_johns_card() -> None:
    s = game()
    res = residences(s, [at(1, 0)])[0]
    s.ship[s.john] = at(1, 0)
    s.doubloons[0] = 30
    act(s, "sail", to=at(1, 0))
    assert s.doubloons == [29, 0]  # paid 1 to the supply, not to John
    assert s.stack[-1].kind == "residence_space" and res in s.res


@rule("MA-8.9")
def test_ma_8_9_the_human_without_money_pays_nothing() -> None:
    s = game()
    residences(s, [at(1, 0)])
    s.ship[s.john] = at(1, 0)
    s.doubloons[0] = 0
    act(s, "sail", to=at(1, 0))
    assert s.doubloons == [0, 0]


@rule("MA-8.9", "MA-8.2")
def test_ma_8_9_john_on_the_humans_card_gives_the_human_a_doubloon() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid"))
    stack(s, card("raid", "explore"))
    s.ship[0] = at(4, 1)
    dice(s, 5)
    john_turn(s)
    assert s.ship[s.john] == at(4, 1)
    assert s.doubloons == [11, 0]


@rule("MA-8.10")
def test_ma_8_10_john_in_the_bay_sails_to_maracaibo() -> None:
    s = game()
    stack(s, card("raid", "explore", bonus="raid"))
    s.vp[s.john] = 4
    s.john_slots = slot_order(s).index("strength")
    level = s.john_level
    events = john_turn(s, BAY)
    assert "solo_card" not in types(events)  # no card revealed, no bonus raid
    assert s.solo_deck == [0] and s.solo_out == []
    assert first(events, "sail")["to"] == MARACAIBO
    assert s.vp[s.john] == 10  # + 6 VP
    assert s.john_slots == slot_order(s).index("strength") + 1 and s.john_level == level + 1
    assert "john_raid" not in types(events)


@rule("MA-8.10", "MA-8.27")
def test_ma_8_10_john_reaching_maracaibo_ends_the_round_after_his_turn() -> None:
    s = game()
    s.ship[0] = at(5, 1)
    john_turn(s, BAY)
    assert s.round == 2 and s.ship == [START, START] and not s.ending
    assert s.current_player() == 0 and s.stack[-1].kind == "move"


# ---------------------------------------------------------------------------- the solo deck
@rule("MA-8.11")
def test_ma_8_11_the_top_card_is_revealed() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    place(s, at(4, 0), offering(s, "explore", without=("raid",)))
    stack(s, card("explore", "raid"), card("raid", "explore"))
    full_board(s)
    events = john_turn(s)
    assert first(events, "solo_card")["card"] == 0
    assert s.solo_deck == [1] and s.solo_out == [0]
    assert s.ship[s.john] == at(4, 0) and s.explorer[s.john] > 0  # the top card's explore


@rule("MA-8.11")
def test_ma_8_11_all_cards_revealed_reshuffle_the_six() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid"))
    everything = sorted(s.solo_deck)
    s.solo_out, s.solo_deck = s.solo_deck, []
    john_turn(s)
    assert len(s.solo_deck) == 5 and len(s.solo_out) == 1
    assert sorted(s.solo_deck + s.solo_out) == everything


@rule("MA-8.12", "MA-8.13")
def test_ma_8_12_exactly_one_main_action_the_topmost_possible() -> None:
    s = game()
    both = next(c.name for c in s.cards if solo_actions(c) >= {"raid", "explore"})
    place(s, at(4, 1), both)
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    events = john_turn(s)
    assert s.ship[s.john] == at(4, 1)
    assert types(events).count("john_raid") == 1
    assert s.explorer[s.john] == 0  # the explore listed second is not done as well


@rule("MA-8.13")
def test_ma_8_13_an_impossible_action_falls_to_the_next() -> None:
    s = game()
    place(s, at(4, 0), offering(s, "explore", without=("raid", "quest")))
    stack(s, card("quest", "raid", "explore"))
    full_board(s)
    events = john_turn(s)
    assert s.ship[s.john] == at(4, 0)
    assert s.explorer[s.john] > 0 and "john_raid" not in types(events)
    assert len(s.quests[s.john]) == 1


@rule("MA-8.13")
def test_ma_8_13_no_possible_action_reveals_the_next_card() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("quest", "explore"), card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    events = john_turn(s)
    assert [e["card"] for e in events if e["type"] == "solo_card"] == [0, 1]
    assert first(events, "solo_skip")["card"] == 0
    assert s.solo_out == [0, 1] and s.solo_deck == []
    assert "john_raid" in types(events) and s.ship[s.john] == at(4, 1)


@rule("MA-8.13")
def test_ma_8_13_range_is_three_spaces() -> None:
    s = game()
    place(s, at(6, 1), offering(s, "raid", without=("explore",)))  # 4 spaces away
    place(s, at(5, 1), offering(s, "explore", without=("raid",)))  # 3 spaces away
    stack(s, card("raid", "explore"))
    full_board(s)
    events = john_turn(s)
    assert s.ship[s.john] == at(5, 1) and s.explorer[s.john] > 0
    assert "john_raid" not in types(events)


@rule("MA-8.13")
def test_ma_8_13_a_location_in_the_same_column_is_out_of_range() -> None:
    s = game()
    place(s, at(3, 1), offering(s, "raid", without=("explore",)))  # one step, same column
    place(s, at(4, 2), offering(s, "explore", without=("raid",)))
    stack(s, card("raid", "explore"))
    full_board(s)
    john_turn(s)
    assert s.ship[s.john] == at(4, 2) and s.explorer[s.john] > 0


@rule("MA-8.14")
def test_ma_8_14_tie_break_the_column_closest_to_maracaibo() -> None:
    s = game()
    place(s, at(4, 0), offering(s, "raid"))
    place(s, at(5, 1), offering(s, "raid", n=1))
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    john_turn(s)
    assert s.ship[s.john] == at(5, 1)


@rule("MA-8.14")
def test_ma_8_14_tie_break_the_topmost_in_that_column() -> None:
    s = game()
    place(s, at(4, 2), offering(s, "raid"))
    place(s, at(4, 1), offering(s, "raid", n=1))
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    john_turn(s)
    assert s.ship[s.john] == at(4, 1)


@rule("MA-8.13", "MA-GAP-11.11")
def test_ma_8_13_no_possible_card_at_all_still_moves_john() -> None:
    s = game()
    stack(s, card("quest", "gain_upgrade"))
    events = john_turn(s)
    assert len([e for e in events if e["type"] == "solo_skip"]) == 2  # guard: 2 x deck size
    assert s.ship[s.john] == at(5, 1)  # the tie-break among all destinations
    assert s.vp[s.john] == 0 and len(s.quests[s.john]) == 1


# ---------------------------------------------------------------------------- the Bay
@rule("MA-8.21", "MA-8.14")
def test_ma_8_21_john_raids_in_the_bay_in_preference_to_a_location() -> None:
    s = game()
    place(s, at(9, 1), offering(s, "raid"))
    stack(s, card("raid", "explore"))
    slots = s.john_slots
    dice(s, 5)
    events = john_turn(s, EAST)
    assert s.ship[s.john] == BAY
    assert first(events, "john_raid")["cubes"] == 1
    assert s.john_slots == slots  # no location steps in the Bay (it is not a location card)


@rule("MA-8.21", "MA-GAP-11.7")
def test_ma_8_21_john_explores_in_the_bay() -> None:
    s = game()
    stack(s, card("explore", "raid"))
    at_level(s, 2)
    john_turn(s, EAST)
    assert s.ship[s.john] == BAY
    assert s.explorer[s.john] == s.content.solo.bay_explore + 1  # Bay distance + level 2 bonus
    assert s.vp[s.john] == 3 and s.john_slots == 0


@rule("MA-8.21", "MA-8.13")
def test_ma_8_21_the_bay_offers_john_no_quest() -> None:
    s = game()
    stack(s, card("quest", "explore"))
    full_board(s)
    quests = s.quests[s.john][:]
    john_turn(s, EAST)
    assert s.ship[s.john] == BAY and s.quests[s.john] == quests
    assert s.explorer[s.john] == s.content.solo.bay_explore


# ---------------------------------------------------------------------------- raid
RAIDS = [(1, 0, 1, False), (2, 2, 1, False), (3, 2, 1, True), (4, 3, 2, True)]


@rule("MA-8.15")
@pytest.mark.parametrize(("level", "vp", "cubes", "spill"), RAIDS)
def test_ma_8_15_raid_by_level(level: int, vp: int, cubes: int, spill: bool) -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore"))
    at_level(s, level)
    full_board(s)
    s.islands = [3, 5, 4]
    dice(s, 5)  # 4-6: the island with the most cubes, emerald
    john_turn(s)
    assert s.store[s.john] == [0, cubes, 0]
    assert s.vp[s.john] == vp
    assert s.islands == [3, 5 - cubes + (1 if spill else 0), 4]  # John has more than the human
    assert s.doubloons[s.john] == 0


@rule("MA-8.15")
@pytest.mark.parametrize("level", [3, 4])
def test_ma_8_15_no_refill_when_the_human_has_as_many(level: int) -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore"))
    at_level(s, level)
    full_board(s)
    s.islands = [3, 5, 4]
    cubes = 2 if level == 4 else 1
    treasure(s, 0, "emerald", cubes - 1)
    s.buried_at[0][EMERALD] = 0b1  # buried treasure counts
    dice(s, 6)
    john_turn(s)
    assert s.store[s.john][EMERALD] == cubes == s.treasure(0, EMERALD)
    assert s.islands[EMERALD] == 5 - cubes


@rule("MA-8.15")
def test_ma_8_15_johns_earlier_treasure_counts_for_the_refill() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore"))
    at_level(s, 3)
    full_board(s)
    s.islands = [3, 5, 4]
    treasure(s, 0, "emerald", 1)
    treasure(s, s.john, "emerald", 1)
    dice(s, 4)
    john_turn(s)
    assert s.store[s.john][EMERALD] == 2
    assert s.islands[EMERALD] == 5  # took 1, then 2 > 1: one cube back


@rule("MA-8.16")
@pytest.mark.parametrize(
    ("islands", "roll", "color"),
    [
        ([3, 5, 4], 4, EMERALD),
        ([3, 5, 4], 6, EMERALD),
        ([3, 3, 6], 5, PEARL),
        ([4, 4, 4], 5, GOLD),  # ties: gold > emerald > pearl
        ([2, 5, 5], 6, EMERALD),
        ([6, 2, 6], 4, GOLD),
    ],
)
def test_ma_8_16_roll_4_to_6_takes_the_island_with_most_cubes(
    islands: list[int], roll: int, color: int
) -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore"))
    full_board(s)
    s.islands = islands[:]
    dice(s, roll)
    john_turn(s)
    assert s.store[s.john] == [1 if c == color else 0 for c in range(3)]
    assert left_over(s) == []


@rule("MA-8.16", "MA-GAP-11.4")
@pytest.mark.parametrize(
    ("islands", "roll"),
    [
        ([3, 5, 4], 1),
        ([5, 3, 4], 2),
        ([6, 5, 2], 3),
        ([4, 4, 4], 3),
        ([5, 3, 3], 1),
        ([6, 2, 6], 2),
    ],
)
def test_ma_8_16_roll_1_to_3_follows_low_roll(islands: list[int], roll: int) -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore"))
    full_board(s)
    s.islands = islands[:]
    dice(s, roll)
    john_turn(s)
    if s.content.solo.low_roll == "fewest":
        want = min(range(3), key=lambda c: islands[c])  # first of the fewest: gold > ... > pearl
    else:
        want = max(range(3), key=lambda c: (islands[c], -c))
    assert s.store[s.john] == [1 if c == want else 0 for c in range(3)]


@rule("MA-8.15", "MA-8.16")
def test_ma_8_15_an_empty_island_gives_from_the_supply() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore"))
    at_level(s, 4)
    full_board(s)
    s.islands = [0, 0, 0]
    dice(s, 6)
    john_turn(s)
    assert s.store[s.john] == [2, 0, 0]  # both cubes of the rolled type, gold
    assert s.islands == [1, 0, 0]  # the supply gave them; John has more: one cube back


@rule("MA-8.15", "MA-5.21")
def test_ma_8_15_location_step_1_refills_before_the_raid() -> None:
    s = game()
    loc = place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    s.refill_of[loc] = "pearl"
    stack(s, card("raid", "explore"))
    full_board(s)
    s.islands = [4, 4, 4]
    dice(s, 5)
    john_turn(s)
    assert s.store[s.john] == [0, 0, 1]  # the refilled pearl island had the most cubes
    assert s.islands == [4, 4, 4]


@rule("MA-8.15", "MA-8.24")
def test_ma_8_15_location_step_2_upgrades_his_ship_before_the_raid() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore"))
    levels = list(s.content.solo.levels)
    s.john_level = levels.index(2) - 1  # one strength step below level 2
    s.john_slots = slot_order(s).index("strength")
    dice(s, 5)
    events = john_turn(s)
    assert types(events).index("john_upgrade") < types(events).index("john_raid")
    assert first(events, "john_raid")["level"] == 2 and s.vp[s.john] == 2


@rule("MA-8.22", "MA-8.23")
def test_ma_8_22_john_never_scores_a_level_2_locations_vp() -> None:
    s = game()
    name = next(
        c.name
        for c in s.cards
        if c.level == 2
        and solo_actions(c) == {"raid"}
        and any(e.do == "per" for g in c.actions for alt in g for e in alt)
    )
    place(s, at(4, 1), name)
    s.owned[s.john] = [i for i, c in enumerate(s.cards) if c.category == "ship"][:4]
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    john_turn(s)
    assert s.vp[s.john] == 0 and sum(s.store[s.john]) == 1  # the level 1 raid only


# ---------------------------------------------------------------------------- explore
EXPLORES = [(1, 0, 3), (2, 1, 3), (3, 2, 4), (4, 2, 6)]


@rule("MA-8.17")
@pytest.mark.parametrize(("level", "extra", "vp"), EXPLORES)
def test_ma_8_17_explore_exactly_the_steps_by_level(level: int, extra: int, vp: int) -> None:
    s = game()
    name = offering(s, "explore", without=("raid", "quest"))
    place(s, at(4, 0), name)
    stack(s, card("explore", "raid"))
    at_level(s, level)
    full_board(s)
    quests = s.quests[s.john][:]
    john_turn(s)
    steps = explore_n(s, name) + extra
    assert s.explorer[s.john] == steps  # exactly, on the straight start of the track
    assert s.vp[s.john] == vp  # no effect of the space he stops on
    assert s.quests[s.john] == quests and s.doubloons[s.john] == 0


@rule("MA-8.17")
def test_ma_8_17_explore_skips_occupied_spaces() -> None:
    s = game()
    place(s, at(4, 0), offering(s, "explore", without=("raid", "quest")))
    name = offering(s, "explore", without=("raid", "quest"))
    stack(s, card("explore", "raid"))
    full_board(s)
    s.explorer[0] = 1
    john_turn(s)
    assert s.explorer[s.john] == explore_n(s, name) + 1  # space 1 is not counted


@rule("MA-8.17", "MA-GAP-11.6")
def test_ma_8_17_explore_takes_the_longest_branch() -> None:
    s = game()
    track = s.content.track.spaces
    branch = next(
        sp for sp in track if len(sp.next) == 2 and _far(s, sp.next[0]) != _far(s, sp.next[1])
    )
    longer = max(branch.next, key=lambda t: _far(s, t))
    name = offering(s, "explore", without=("raid", "quest"))
    place(s, at(4, 0), name)
    stack(s, card("explore", "raid"))
    full_board(s)
    s.explorer[s.john] = branch.id
    john_turn(s)
    walked = [longer]
    while len(walked) < explore_n(s, name):
        assert len(track[walked[-1]].next) == 1
        walked.append(track[walked[-1]].next[0])
    assert s.explorer[s.john] == walked[-1]


def _far(s: MaracaiboState, t: int) -> int:
    """The number of spaces on the longest path from ``t`` to the end (computed here)."""
    nxt = s.content.track.spaces[t].next
    return 1 + max((_far(s, u) for u in nxt), default=0)


@rule("MA-8.17", "MA-5.40")
def test_ma_8_17_explore_counts_the_rivers_crossed() -> None:
    s = game()
    name = offering(s, "explore", without=("raid", "quest"))
    place(s, at(4, 0), name)
    stack(s, card("explore", "raid"))
    full_board(s)
    river_from = next(sp.id for sp in s.content.track.spaces if sp.river)  # the first river
    s.explorer[s.john] = river_from - 1
    john_turn(s)
    assert s.explorer[s.john] == river_from - 1 + explore_n(s, name)
    assert s.river_count(s.john) == 1


@rule("MA-8.17", "MA-8.13")
def test_ma_8_17_explore_stops_at_the_end_of_the_track_and_is_impossible_there() -> None:
    s = game()
    end = len(s.content.track.spaces) - 1
    place(s, at(4, 0), offering(s, "explore", without=("raid", "quest")))
    stack(s, card("explore", "raid"))
    full_board(s)
    s.explorer[s.john] = end - 1
    john_turn(s)
    assert s.explorer[s.john] == end and s.vp[s.john] == 3
    # On the last space there is nowhere to go: the explore falls to the raid.
    place(s, at(9, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("explore", "raid"))
    dice(s, 5)
    events = john_turn(s, EAST)
    assert "john_raid" in types(events) and s.explorer[s.john] == end


# ---------------------------------------------------------------------------- quest
@rule("MA-8.18")
def test_ma_8_18_quest_takes_the_rightmost_offer_card_and_shifts() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "quest"))
    stack(s, card("quest", "raid"))
    full_board(s)
    left, right = s.quest_offer
    top = s.quest_deck[-1]
    deck = len(s.quest_deck)
    john_turn(s)
    assert s.quests[s.john][-1] == right
    assert s.quest_offer == [top, left]  # the left card moved right, the new one on the left
    assert len(s.quest_deck) == deck - 1


@rule("MA-8.18")
def test_ma_8_18_quest_with_an_empty_deck_leaves_one_offer_card() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "quest"))
    stack(s, card("quest", "raid"))
    full_board(s)
    left, right = s.quest_offer
    s.quest_deck = []
    john_turn(s)
    assert s.quests[s.john][-1] == right and s.quest_offer == [left]


@rule("MA-8.18", "MA-8.13")
def test_ma_8_18_quest_is_impossible_without_quest_cards() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "quest", without=("raid", "explore")))
    place(s, at(4, 0), offering(s, "raid", without=("quest",)))
    stack(s, card("quest", "raid"))
    full_board(s)
    s.quest_offer, s.quest_deck = [], []
    dice(s, 5)
    events = john_turn(s)
    assert s.ship[s.john] == at(4, 0) and "john_raid" in types(events)
    assert len(s.quests[s.john]) == 1


# ---------------------------------------------------------------------------- gain upgrade
@rule("MA-8.19", "MA-8.2")
def test_ma_8_19_gain_upgrade_takes_the_top_level_2_card() -> None:
    s = game()
    loc = place(s, at(4, 1), offering(s, "gain_upgrade"))
    stack(s, card("gain_upgrade", "raid"))
    full_board(s)
    top = s.deck2[-1]
    size = len(s.deck2)
    john_turn(s)
    assert s.owned[s.john] == [top]
    assert len(s.deck2) == size - 1 and len(s.deck2_up) == size - 1
    assert s.slot[at(4, 1)] == loc and s.doubloons[s.john] == 0


@rule("MA-8.19", "MA-8.13")
def test_ma_8_19_gain_upgrade_is_impossible_with_an_empty_level_2_deck() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "gain_upgrade"))
    place(s, at(4, 0), offering(s, "explore", without=("raid", "gain_upgrade")))
    stack(s, card("gain_upgrade", "explore"))
    full_board(s)
    s.deck2, s.deck2_up = [], []
    john_turn(s)
    assert s.owned[s.john] == [] and s.ship[s.john] == at(4, 0)


# ---------------------------------------------------------------------------- upgrade card
@rule("MA-8.20", "MA-8.2")
def test_ma_8_20_upgrade_card_by_category_order_free_and_refilled() -> None:
    s = game()
    crew = place(s, at(4, 2), upgrade(s, "crew"))
    equipment = place(s, at(5, 1), upgrade(s, "equipment"))
    stack(s, card("upgrade", "raid", categories=("crew", "equipment", "ship")))
    slots = s.john_slots
    top = s.deck2[-1]
    s.ship[0] = at(4, 2)
    john_turn(s)
    assert s.owned[s.john] == [crew] and s.doubloons[s.john] == 0
    assert s.slot[at(4, 2)] == top and s.slot[at(5, 1)] == equipment
    assert s.ship[s.john] == at(4, 2) == s.ship[0]  # both stay on the refilled card
    assert s.john_slots == slots  # no location steps
    assert s.doubloons[0] == 11  # John ended on the human's card


@rule("MA-8.20")
def test_ma_8_20_upgrade_card_tries_the_next_category() -> None:
    s = game()
    ship_card = place(s, at(4, 0), upgrade(s, "ship"))
    place(s, at(5, 1), upgrade(s, "crew"))
    stack(s, card("upgrade", "raid", categories=("equipment", "ship", "crew")))
    john_turn(s)
    assert s.owned[s.john] == [ship_card] and s.ship[s.john] == at(4, 0)


@rule("MA-8.20", "MA-8.14")
def test_ma_8_20_upgrade_card_tie_break_within_a_category() -> None:
    s = game()
    place(s, at(4, 2), upgrade(s, "crew"))
    wanted = place(s, at(4, 1), upgrade(s, "crew", n=1))
    stack(s, card("upgrade", "raid", categories=("crew", "equipment", "ship")))
    john_turn(s)
    assert s.owned[s.john] == [wanted]


@rule("MA-8.20", "MA-8.13")
def test_ma_8_20_no_upgrade_card_in_range_falls_to_the_next_action() -> None:
    s = game()
    place(s, at(6, 1), upgrade(s, "crew"))  # 4 spaces away
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("upgrade", "raid"))
    full_board(s)
    dice(s, 5)
    events = john_turn(s)
    assert s.owned[s.john] == [] and "john_raid" in types(events)


@rule("MA-8.23")
def test_ma_8_23_john_ignores_his_cards_effects() -> None:
    s = game()
    lightning = next(c.name for c in s.cards if c.type == "upgrade" and c.lightning)
    give(s, s.john, "Tobacco")  # income on its scrolls
    ghost = place(s, at(4, 0), "Ghost Ship")
    stack(s, card("upgrade", "raid", categories=("ship", "crew", "equipment")))
    john_turn(s)
    assert s.owned[s.john][-1] == ghost
    flash = place(s, at(4, 1), lightning)
    stack(s, card("upgrade", "raid", categories=(s.cards[flash].category or "crew",)))
    john_turn(s)
    assert s.owned[s.john] == [card_id(s, "Tobacco"), ghost, flash]
    assert s.stack[-1].kind == "move" and s.current_player() == 0  # no lightning decision
    assert s.perms(s.john) == () and s.discount(s.john) == 0
    assert s.income(s.john) == (0, 0) and s.vp[s.john] == 0


# ---------------------------------------------------------------------------- ship board
@rule("MA-8.24", "MA-8.25")
def test_ma_8_24_slots_fill_columns_left_to_right_each_top_to_bottom() -> None:
    s = game()
    s.fig[0] = 0  # figurehead removal skipped; no residence in play: nothing is rolled
    board = s.content.solo.board
    expected = [board[c][r] for c in range(len(board)) for r in range(len(board[c]))]
    logged = []
    for _ in range(len(expected) + 1):
        s.round, s.ending = 1, False
        logged += [e["slot"] for e in john_turn(s, BAY) if e["type"] == "john_upgrade"]
    assert logged == expected  # no thresholds; the 17th upgrade finds no slot
    assert s.content.solo.levels[s.john_level] == max(s.content.solo.levels)


@rule("MA-8.24")
def test_ma_8_24_strength_moves_the_cube_right_and_stops_at_the_end() -> None:
    s = game()
    s.john_slots = slot_order(s).index("strength")
    john_turn(s, BAY)
    assert s.john_level == 1
    s.round, s.ending = 1, False
    s.john_level = len(s.content.solo.levels) - 1
    s.john_slots = slot_order(s).index("strength")
    john_turn(s, BAY)
    assert s.john_level == len(s.content.solo.levels) - 1


@rule("MA-8.24")
@pytest.mark.parametrize(("roll", "gone"), [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_ma_8_24_figurehead_removal_by_thirds(roll: int, gone: int) -> None:
    s = game()
    s.john_slots = slot_order(s).index("figurehead")
    offer = s.fig_offer[:]
    dice(s, roll)
    john_turn(s, BAY)
    assert s.fig_offer == [f for i, f in enumerate(offer) if i != gone]
    assert left_over(s) == []


@rule("MA-8.24", "MA-GAP-11.9")
@pytest.mark.parametrize(("roll", "gone"), [(1, 0), (3, 0), (4, 1), (6, 1)])
def test_ma_8_24_figurehead_removal_with_two_left_by_halves(roll: int, gone: int) -> None:
    s = game()
    s.john_slots = slot_order(s).index("figurehead")
    s.fig_offer = s.fig_offer[:2]
    offer = s.fig_offer[:]
    dice(s, roll)
    john_turn(s, BAY)
    assert s.fig_offer == [offer[1 - gone]]


@rule("MA-8.24")
def test_ma_8_24_figurehead_removal_skipped_when_the_human_has_one() -> None:
    s = game()
    s.john_slots = slot_order(s).index("figurehead")
    s.fig[0] = s.fig_offer.pop()
    offer = s.fig_offer[:]
    dice(s, 1)
    john_turn(s, BAY)
    assert s.fig_offer == offer and left_over(s) == [1]  # no die rolled
    assert s.john_slots == slot_order(s).index("figurehead") + 1


@rule("MA-8.24", "MA-8.18")
def test_ma_8_24_quest_slot_takes_the_rightmost_quest() -> None:
    s = game()
    s.john_slots = slot_order(s).index("quest")
    left, right = s.quest_offer
    top = s.quest_deck[-1]
    john_turn(s, BAY)
    assert s.quests[s.john][-1] == right and s.quest_offer == [top, left]


RES_NODES = [at(6, 1), at(2, 3), at(4, 2), at(3, 0)]
"""Four residences; numbered by column, then row: 2d, 3a, 4c, 6b."""
RES_ORDER = [at(2, 3), at(3, 0), at(4, 2), at(6, 1)]


@rule("MA-8.24")
@pytest.mark.parametrize("roll", [1, 2, 3, 4])
def test_ma_8_24_residence_roll_numbers_the_residences(roll: int) -> None:
    s = game()
    residences(s, RES_NODES)
    s.john_slots = slot_order(s).index("residence")
    dice(s, roll)
    john_turn(s, BAY)
    built = s.residences_of(s.john)
    assert built == [s.slot[RES_ORDER[roll - 1]]]
    assert s.vp[s.john] == 6 + 2  # Maracaibo + the first marker on that residence


@rule("MA-8.24")
def test_ma_8_24_residence_rerolls_5_and_6() -> None:
    s = game()
    residences(s, RES_NODES)
    s.john_slots = slot_order(s).index("residence")
    dice(s, 5, 6, 3)
    john_turn(s, BAY)
    assert s.residences_of(s.john) == [s.slot[RES_ORDER[2]]] and left_over(s) == []


@rule("MA-8.24")
def test_ma_8_24_residence_rerolls_one_john_built() -> None:
    s = game()
    residences(s, RES_NODES)
    s.res[s.slot[RES_ORDER[0]]].append(s.john)
    s.john_slots = slot_order(s).index("residence")
    dice(s, 1, 2)
    john_turn(s, BAY)
    assert sorted(s.residences_of(s.john)) == sorted(s.slot[n] for n in RES_ORDER[:2])
    assert left_over(s) == []


@rule("MA-8.24")
def test_ma_8_24_residence_not_first_gives_no_vp() -> None:
    s = game()
    residences(s, RES_NODES)
    s.res[s.slot[RES_ORDER[1]]].append(0)
    s.john_slots = slot_order(s).index("residence")
    dice(s, 2)
    john_turn(s, BAY)
    assert s.res[s.slot[RES_ORDER[1]]] == [0, s.john]
    assert s.vp[s.john] == 6  # Maracaibo only


@rule("MA-8.24", "MA-GAP-11.8")
def test_ma_8_24_residence_skipped_when_john_built_all() -> None:
    s = game()
    for card_ in residences(s, RES_NODES):
        s.res[card_].append(s.john)
    s.john_slots = slot_order(s).index("residence")
    dice(s, 1)
    john_turn(s, BAY)
    assert left_over(s) == [1] and s.vp[s.john] == 6


# ---------------------------------------------------------------------------- B bonus actions
@rule("MA-8.26", "MA-8.12")
def test_ma_8_26_bonus_raid_before_the_movement_at_the_current_level() -> None:
    s = game()
    place(s, at(4, 0), offering(s, "explore", without=("raid", "quest")))
    stack(s, card("explore", "raid", bonus="raid"))
    s.john_level = list(s.content.solo.levels).index(2) - 1
    s.john_slots = slot_order(s).index("strength")
    dice(s, 5)
    events = john_turn(s)
    order = types(events)
    assert order.index("john_raid") < order.index("sail") < order.index("john_upgrade")
    assert first(events, "john_raid")["level"] == 1
    assert s.vp[s.john] == 0 + 3  # level 1 raid, then the level 2 explore


@rule("MA-8.26")
def test_ma_8_26_bonus_explore() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore", bonus="explore"))
    at_level(s, 3)
    full_board(s)
    dice(s, 5)
    events = john_turn(s)
    assert types(events).index("explore") < types(events).index("sail")
    assert s.explorer[s.john] == s.content.solo.bonus_explore + 2  # level 3: +2 steps
    assert s.vp[s.john] == 4 + 2  # explore level 3, raid level 3


@rule("MA-8.26")
def test_ma_8_26_bonus_ship_upgrade() -> None:
    s = game()
    place(s, at(4, 1), offering(s, "raid", without=("explore",)))
    stack(s, card("raid", "explore", bonus="ship_upgrade"))
    s.john_slots = slot_order(s).index("strength")
    s.fig[0] = 0  # a figurehead slot would skip its removal
    dice(s, 5)
    events = john_turn(s)
    order = types(events)
    assert order.index("john_upgrade") < order.index("sail")
    assert order.count("john_upgrade") == 2  # the bonus, then location step 2
    assert s.john_slots == slot_order(s).index("strength") + 2


# ---------------------------------------------------------------------------- the end
def final_round(s: MaracaiboState) -> None:
    """Round 3, John in the Bay: his turn ends the game."""
    s.round = 3
    full_board(s)
    john_turn(s, BAY)
    assert s.over and not s.stack


@rule("MA-8.27")
def test_ma_8_27_the_game_ends_with_johns_turn() -> None:
    s = game()
    s.round = 3
    stack(s, card("raid", "explore"))
    begin(s, 0, BAY)  # the human must sail on to Maracaibo: the round ends
    assert s.ship[0] == MARACAIBO and s.ending and s.stack
    mark = len(s.events)
    while s.stack:  # the human's Maracaibo decisions
        s.apply(s.legal_actions()[-1])
    after = types(s.events[mark:])
    assert after.index("solo_card") < after.index("game_over")
    assert s.over


@rule("MA-8.28")
def test_ma_8_28_johns_final_scoring() -> None:
    s = game()
    s.vp[s.john] = 10
    s.rivers[s.john] = 0b101
    s.deck2_up.pop()
    s.owned[s.john] = [card_id(s, "Tobacco"), card_id(s, "Ghost Ship"), s.deck2.pop()]
    for card_ in residences(s, [at(1, 0), at(2, 0), at(3, 0)])[:2]:
        s.res[card_].append(s.john)
    s.store[s.john] = [2, 1, 0]
    fill_buried(s, s.john, [0, 0, 1])
    s.islands = [2, 4, 7]
    s.quests[s.john] = s.quest_deck[:6]
    final_round(s)
    assert s.final[s.john] == {
        "game": 16,  # 10 + 6 at Maracaibo
        "rivers": 8,
        "cards": 18,  # 6 each, whatever their own VP
        "residences": 30,
        "treasure": 2 * 2 + 1 * 3 + 1 * 5,  # standard values, no buried bonus
        "quests": 30,
        "six_quests": 10,
    }
    assert s.vp[s.john] == sum(s.final[s.john].values())


@rule("MA-8.28")
def test_ma_8_28_five_quests_get_no_bonus() -> None:
    s = game()
    s.quests[s.john] = s.quest_deck[:5]
    final_round(s)
    assert s.final[s.john]["quests"] == 25 and s.final[s.john]["six_quests"] == 0


@rule("MA-8.28", "MA-7.6")
@pytest.mark.parametrize(("cubes", "vp"), [(0, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4), (7, 5)])
def test_ma_8_28_john_treasure_by_standard_values(cubes: int, vp: int) -> None:
    s = game()
    s.store[s.john] = [0, 2, 0]
    s.islands = [4, cubes, 4]
    final_round(s)
    assert s.final[s.john]["treasure"] == 2 * vp


@rule("MA-8.29")
@pytest.mark.parametrize(("margin", "wins"), [(1, True), (0, False), (-1, False)])
def test_ma_8_29_the_human_wins_only_with_more_vp(margin: int, wins: bool) -> None:
    s = game()
    s.quests = [[], []]
    s.doubloons[0] = 0
    s.vp[s.john] = 20
    s.vp[0] = 26 + margin  # John ends with 20 + 6 at Maracaibo
    final_round(s)
    assert s.vp == [26 + margin, 26]
    assert s.winners() == ([0] if wins else [])
    assert s.returns() == [1.0 if wins else -1.0]


# ---------------------------------------------------------------------------- modules
def face_down(s: MaracaiboState, node: int, name: str, coins: int = 0) -> int:
    card_ = place(s, node, name, up=False)
    s.coins[node] = coins
    return card_


@rule("MA-9.4")
@pytest.mark.parametrize(("round_", "vp"), [(1, 1), (2, 3), (3, 5)])
def test_ma_9_4_john_turns_face_down_locations_on_his_way(round_: int, vp: int) -> None:
    s = game(uncharted_locations=True)
    s.round = round_
    crew = place(s, at(4, 1), upgrade(s, "crew"))
    face_down(s, at(3, 1), offering(s, "raid"), coins=2)
    stack(s, card("upgrade", "raid"))
    john_turn(s)
    assert s.owned[s.john] == [crew]
    assert s.up[at(3, 1)] and s.coins[at(3, 1)] == 0  # its doubloons go back to the supply
    assert s.vp[s.john] == vp and s.doubloons[s.john] == 0


@rule("MA-9.4")
@pytest.mark.parametrize("other", [at(3, 1), at(4, 0)])
def test_ma_9_4_john_takes_the_route_flipping_the_most(other: int) -> None:
    s = game(uncharted_locations=True)
    place(s, at(4, 1), upgrade(s, "crew"))
    s.ship[s.john] = at(2, 0)  # routes 2a-3a-4a-4b and 2a-3a-3b-4b
    face_down(s, at(3, 0), offering(s, "raid"), coins=1)
    face_down(s, other, offering(s, "raid", n=1), coins=1)
    stack(s, card("upgrade", "raid"))
    john_turn(s, at(2, 0))
    assert s.up[at(3, 0)] and s.up[other]
    assert s.vp[s.john] == 2


@rule("MA-9.4", "MA-8.13")
def test_ma_9_4_a_face_down_location_is_no_target_for_john() -> None:
    s = game(uncharted_locations=True)
    face_down(s, at(5, 1), offering(s, "raid"), coins=1)
    place(s, at(4, 0), offering(s, "raid", n=1))
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    john_turn(s)
    assert s.ship[s.john] == at(4, 0) and not s.up[at(5, 1)]


@rule("MA-9.4", "MA-GAP-11.11")
def test_ma_9_4_john_turns_a_face_down_location_he_ends_on() -> None:
    s = game(uncharted_locations=True)
    face_down(s, at(5, 1), offering(s, "raid"), coins=3)
    stack(s, card("quest", "gain_upgrade"))  # impossible: no face-up location anywhere
    john_turn(s)
    assert s.ship[s.john] == at(5, 1) and s.up[at(5, 1)]
    assert s.coins[at(5, 1)] == 0 and s.doubloons[s.john] == 0 and s.vp[s.john] == 1


@rule("MA-9.8")
@pytest.mark.parametrize("down", [at(3, 1), at(4, 0)])
def test_ma_9_8_john_turns_face_down_upgrades_and_sails_on(down: int) -> None:
    s = game(uncharted_upgrades=True)
    crew = place(s, at(4, 1), upgrade(s, "crew"))
    face_down(s, down, upgrade(s, "equipment"))
    stack(s, card("upgrade", "raid", categories=("crew", "equipment", "ship")))
    john_turn(s)
    assert s.up[down] and s.ship[s.john] == at(4, 1)
    assert s.owned[s.john] == [crew] and s.vp[s.john] == 0


@rule("MA-9.8", "MA-8.20")
def test_ma_9_8_a_face_down_upgrade_is_no_target_for_john() -> None:
    s = game(uncharted_upgrades=True)
    face_down(s, at(5, 1), upgrade(s, "crew"))
    equipment = place(s, at(4, 0), upgrade(s, "equipment"))
    stack(s, card("upgrade", "raid", categories=("crew", "equipment", "ship")))
    john_turn(s)
    assert s.owned[s.john] == [equipment] and not s.up[at(5, 1)]


@rule("MA-9.8", "MA-9.4")
def test_ma_9_8_a_face_down_location_without_the_locations_module_gives_no_vp() -> None:
    s = game(uncharted_upgrades=True)
    crew = place(s, at(4, 1), upgrade(s, "crew"))
    level2 = next(c.name for c in s.cards if c.level == 2 and c.type == "location")
    face_down(s, at(3, 1), level2)
    stack(s, card("upgrade", "raid", categories=("crew", "equipment", "ship")))
    john_turn(s)
    assert s.up[at(3, 1)] and s.owned[s.john] == [crew]
    assert s.vp[s.john] == 0


def skirmish_turn(s: MaracaiboState, *rolls: int) -> dict[str, Any]:
    """John sails onto the human's quest location and takes its quest (no die for that)."""
    place(s, at(4, 1), offering(s, "quest", without=("raid", "explore")))
    stack(s, card("quest", "raid"))
    full_board(s)
    s.ship[0] = at(4, 1)
    dice(s, *rolls)
    events = john_turn(s)
    assert left_over(s) == []
    return first(events, "skirmish")


@rule("MA-11.14", "MA-9.12")
def test_ma_11_14_john_rolls_4_in_round_2_for_strength_6() -> None:
    s = game(skirmish=True)
    s.round = 2
    fight = skirmish_turn(s, 4, 3)
    assert fight["rolls"] == {"1": 6, "0": 3}
    assert s.vp[s.john] == 5


@rule("MA-9.12")
def test_ma_9_12_john_wins_5_vp_and_no_coins() -> None:
    s = game(skirmish=True)
    s.round = 3
    skirmish_turn(s, 2, 4)  # 2 + 3 against 4
    assert s.vp == [0, 5] and s.doubloons == [10, 0]


@rule("MA-9.12")
def test_ma_9_12_the_human_wins_5_vp_and_no_coins() -> None:
    s = game(skirmish=True)
    skirmish_turn(s, 3, 5)  # 3 + 1 against 5
    assert s.vp == [5, 0] and s.doubloons == [10, 0]


@rule("MA-9.12")
def test_ma_9_12_a_tie_changes_nothing() -> None:
    s = game(skirmish=True)
    s.round = 2
    skirmish_turn(s, 3, 5)  # 3 + 2 against 5
    assert s.vp == [0, 0] and s.doubloons == [10, 0]


@rule("MA-9.12", "MA-9.10")
def test_ma_9_12_the_human_adds_uncoloured_raid_bonuses() -> None:
    s = game(skirmish=True)
    bonus_slot = next(
        i
        for i, sl in enumerate(s.content.ship.slots)
        if any(p.perm == "raid_bonus" and p.color is None for p in sl.permanent)
    )
    s.slots[0] |= 1 << bonus_slot
    s.ship[s.john] = at(1, 0)
    residences(s, [at(1, 0)])
    s.doubloons[0] = 20
    dice(s, 5, 5)  # the human (mover) 5 + 1, John 5 + 1 in round 1: a tie
    act(s, "sail", to=at(1, 0))
    fight = next(e for e in reversed(s.events) if e["type"] == "skirmish")
    assert fight["rolls"] == {"0": 6, "1": 6}
    assert s.vp == [0, 0] and s.doubloons == [20, 0]  # no payment either


def ruby_game() -> MaracaiboState:
    s = game(rubies=True)
    s.ruby_cards = (place(s, at(4, 0), "Bonaire"),)  # the only ruby supply, on 4a
    return s


@rule("MA-9.18", "MA-9.16")
def test_ma_9_18_john_gains_a_ruby_at_a_ruby_location() -> None:
    s = ruby_game()
    stack(s, card("explore", "raid"))
    full_board(s)
    john_turn(s)
    assert s.ship[s.john] == at(4, 0) and s.rubies[s.john] == 1


@rule("MA-9.18", "MA-9.17")
def test_ma_9_18_john_sells_a_ruby_on_a_random_free_space_in_the_bay() -> None:
    s = ruby_game()
    s.rubies[s.john] = 2
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 4, 5)  # the market space (4th of 6 free), then the treasure roll
    john_turn(s, EAST)
    assert s.ship[s.john] == BAY and s.rubies[s.john] == 1
    assert s.ruby_market == 1 << 3
    assert s.vp[s.john] == 0 and sum(s.store[s.john]) == 1  # no market bonus for John


@rule("MA-9.18", "MA-9.17")
def test_ma_9_18_john_selling_on_a_full_market_gains_2_vp() -> None:
    s = ruby_game()
    s.rubies[s.john] = 1
    s.ruby_market = 0b111111
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    john_turn(s, EAST)
    assert s.rubies[s.john] == 0 and s.vp[s.john] == s.content.places.ruby_sold_out_vp


@rule("MA-9.18")
def test_ma_9_18_john_without_rubies_sells_nothing() -> None:
    s = ruby_game()
    stack(s, card("raid", "explore"))
    full_board(s)
    dice(s, 5)
    john_turn(s, EAST)
    assert s.ship[s.john] == BAY and s.ruby_market == 0


@rule("MA-9.18", "MA-8.28")
def test_ma_9_18_john_scores_2_vp_per_remaining_ruby() -> None:
    s = ruby_game()
    s.rubies[s.john] = 3
    final_round(s)
    assert s.final[s.john]["rubies"] == 6


@rule("MA-8.13")
def test_ma_8_13_the_destinations_used_by_these_tests() -> None:
    """The positions the module docstring promises (a broken layout would fail here first)."""
    s = game()
    assert destinations(s.board, HOME, 3) == (at(4, 0), at(4, 1), at(4, 2), at(5, 1))
    assert destinations(s.board, EAST, 3) == (at(9, 0), at(9, 1), at(9, 2), BAY)
    assert column(at(5, 1)) == 5
    assert find(s, "sail", to=at(1, 0)) is not None
