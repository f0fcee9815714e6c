"""Pirates of Maracaibo's component data: it loads, holds every count and fact the rules spec
states (MA-2.1-2.3: 42 level I cards of 8/12/22, 41 level II, 25 quests, 12 figureheads A-L, 6
refill tiles, 5 smuggler tiles with the 10 effects of MA-10.2, 12 solo cards 6 A + 6 B; the named
cards of MA-GAP-1 with the worked examples MA-11.3-11.5; the residences of MA-10.3, the quest
types of MA-10.4, the figureheads of MA-10.1; the first threshold and the islands' 4 cubes),
meets the design constraints of our stand-in boards (every layout has a move from every slot,
reaches every slot from the start and has a card slot in every column; the track is a forward
graph whose complete paths all cross at least 4 rivers, and the example MA-11.8 works on it),
rejects broken data through its validators, and the design doc names every MA-GAP decision.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tabletide.games.maracaibo import content as C
from tabletide.games.maracaibo.board import board_of, destinations
from tabletide.games.maracaibo.constants import (
    BAY,
    COLUMNS,
    GRID,
    ISLAND_START,
    ROWS,
    START,
    cell,
    column,
)
from tabletide.games.maracaibo.content import (
    CATEGORIES,
    Content,
    Effect,
    Layout,
    Score,
    load_content,
)

from .helpers import QUEST_COUNTS, act, at, find, give, new, place

rule = pytest.mark.rule
DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "maracaibo.md"
FILES = ("cards.json", "boards.json", "quests.json", "solo.json")
GAP_ID = re.compile(r"^MA-GAP-(\d+)(?:\.(\d+))?$")


def raw() -> dict[str, Any]:
    """A fresh, mutable copy of the four content files as JSON data."""
    data: dict[str, Any] = {}
    for name in FILES:
        data.update(copy.deepcopy(C._read(name)))
    return data


def level(n: int) -> list[C.Card]:
    return [c for c in load_content().cards if c.level == n]


def named(name: str) -> C.Card:
    return next(c for c in load_content().cards if c.name == name)


def kinds_of(card: C.Card) -> list[Effect]:
    return [e for group in card.actions for alt in group for e in alt]


# ---------------------------------------------------------------------------- counts (MA-2)
@rule("MA-2.1")
def test_content_loads_and_is_cached() -> None:
    assert load_content() is load_content()
    assert Content.model_validate(raw()) == load_content()


@rule("MA-2.1", "MA-3.3")
def test_ma_2_1_level_1_has_8_locations_12_residences_22_upgrades() -> None:
    cards = level(1)
    assert len(cards) == 42
    assert Counter(c.type for c in cards) == {"location": 8, "residence": 12, "upgrade": 22}


@rule("MA-2.1", "MA-3.5")
def test_ma_2_1_level_2_has_41_cards() -> None:
    assert len(level(2)) == 41
    assert not [c for c in level(2) if c.type == "residence"]  # MA-GAP-2.2


@rule("MA-2.1")
def test_card_ids_are_unique_and_upgrades_have_a_category() -> None:
    cards = load_content().cards
    assert len({c.id for c in cards}) == len(cards)
    for c in cards:
        assert (c.category in CATEGORIES) == (c.type == "upgrade"), c.id


@rule("MA-2.1", "MA-10.4")
def test_ma_2_1_25_quests_of_the_17_types() -> None:
    quests = load_content().quests
    assert [q.id for q in quests] == list(range(25))
    assert {q.type for q in quests} == set(range(1, 18))
    for q in quests:
        assert set(q.low.need) == set(q.high.need)
        assert all(q.high.need[k] >= q.low.need[k] for k in q.low.need) and q.high.vp > q.low.vp


@rule("MA-10.4", "MA-GAP-8.2")
def test_ma_10_4_each_quest_counts_what_its_type_says() -> None:
    for q in load_content().quests:
        if q.type == 8:  # the same number of each shown category
            assert set(q.low.need) <= set(CATEGORIES) and len(q.low.need) >= 2
            assert len(set(q.low.need.values())) == 1 == len(set(q.high.need.values()))
        else:
            assert set(q.low.need) == QUEST_COUNTS[q.type], q.id


FIGUREHEADS = (
    "Mermaid Dragon Harpy Whale Lion Sea Serpent Poseidon Kraken Hawk Nautilus Skull Unicorn"
)


@rule("MA-2.1", "MA-10.1")
def test_ma_2_1_12_figureheads_a_to_l() -> None:
    figs = load_content().figureheads
    assert [f.letter for f in figs] == list("ABCDEFGHIJKL")
    assert " ".join(f.name for f in figs) == FIGUREHEADS
    assert all(f.provenance == "rulebook" for f in figs)


def perms(letter: str) -> set[tuple[Any, ...]]:
    fig = next(f for f in load_content().figureheads if f.letter == letter)
    return {(p.perm, p.n, p.vp, p.color, p.gives) for p in fig.permanent}


@rule("MA-10.1")
def test_ma_10_1_figurehead_abilities() -> None:
    figs = {f.letter: f for f in load_content().figureheads}
    E = Effect
    assert perms("A") == {("raid_action", 2, 0, None, (E(do="vp", n=2), E(do="doubloons", n=2)))}
    assert perms("B") == {("explore_bonus", 2, 0, None, ())}
    assert perms("C") == {("moves", 4, 0, None, ()), ("income", 4, 0, None, ())}
    assert figs["D"].special == "whale" and figs["G"].special == "poseidon"
    assert perms("E") == {("raid_bonus", 2, 0, None, ()), ("rerolls", 2, 0, None, ())}
    assert perms("F") == {("income", 2, 2, None, ())}
    assert perms("H") == {("raid_action", 2, 0, None, (E(do="doubloons", n=6),))}
    assert figs["I"].effects == (E(do="treasure", n=3, color="any"),) and not perms("I")
    assert perms("J") == {("trade", 1, 0, None, (E(do="treasure", n=1, color="gold"),))}
    assert perms("K") == {("raid_action", 2, 0, None, (E(do="bury", n=1),))}
    assert perms("L") == {("discount", 2, 0, None, ())}


@rule("MA-2.1", "MA-3.7", "MA-GAP-7.3")
def test_ma_2_1_six_refill_tiles_for_six_level_1_locations() -> None:
    c = load_content()
    assert len(c.refill_tiles) == 6
    assert Counter(c.refill_tiles) == {"gold": 2, "emerald": 2, "pearl": 2}
    assert sum(1 for card in level(1) if card.refill) == 6
    assert all(card.type == "location" for card in level(1) if card.refill)
    assert not [card for card in level(2) if card.refill]


@rule("MA-3.7", "MA-10.6.12")
def test_ma_3_7_setup_puts_a_tile_on_every_location_with_the_symbol() -> None:
    s = new(2)
    on_board = {s.slot[n] for n in range(GRID) if s.slot[n] >= 0}
    with_symbol = {i for i, card in enumerate(s.cards) if card.refill}
    assert set(s.refill_of) == with_symbol and with_symbol <= on_board
    assert Counter(s.refill_of.values()) == Counter(load_content().refill_tiles)


E = Effect
SMUGGLER_EFFECTS = [
    (E(do="bury", n=1),),  # MA-10.2.1
    (E(do="per", what="buried", n=1, cap=6),),
    (E(do="per", what="quests", n=1, cap=6),),
    (E(do="per", what="river", n=2, cap=6),),
    (E(do="vp", n=2), E(do="refill", color="any", n=1)),
    (E(do="per", what="equipment", n=1, cap=6),),
    (E(do="per", what="crew", n=1, cap=6),),
    (E(do="per", what="emerald", n=1, cap=6),),
    (E(do="per", what="pearl", n=1, cap=6),),
    (E(do="per", what="gold", n=1, cap=6),),  # MA-10.2.10
]


@rule("MA-2.2", "MA-10.2", "MA-GAP-7.4", "MA-GAP-7.5")
def test_ma_10_2_five_smuggler_tiles_with_the_ten_effects() -> None:
    tiles = load_content().smugglers
    assert len(tiles) == 5 and all(len(t) == 2 for t in tiles)
    sides = [side.effects for tile in tiles for side in tile]
    assert Counter(sides) == Counter(SMUGGLER_EFFECTS)


@rule("MA-2.3", "MA-8.5", "MA-8.26", "MA-GAP-11.1")
def test_ma_2_3_twelve_solo_cards_6_a_and_6_b() -> None:
    cards = load_content().solo.cards
    assert len(cards) == 12 and Counter(c.deck for c in cards) == {"A": 6, "B": 6}
    for c in cards:
        assert (c.bonus is not None) == (c.deck == "B")
        assert len(c.actions) >= 2 and len(set(c.actions)) == len(c.actions)
        if "upgrade" in c.actions:  # MA-8.20: the three categories in an order
            assert sorted(c.categories) == sorted(CATEGORIES)
    assert {c.bonus for c in cards if c.bonus} == {"ship_upgrade", "raid", "explore"}


@rule("MA-8.4", "MA-8.15", "MA-8.24", "MA-GAP-11.2", "MA-GAP-11.3")
def test_johns_boards_reach_level_4() -> None:
    solo = load_content().solo
    levels = list(solo.levels)
    assert levels[0] == 1 and levels == sorted(levels) and set(levels) == {1, 2, 3, 4}
    slots = [k for col in solo.board for k in col]
    assert set(slots) == {"strength", "figurehead", "quest", "residence"}
    assert slots.count("strength") >= len(levels) - 1  # the cube can reach the last space
    assert solo.low_roll in ("fewest", "most") and solo.bay_explore >= 1


# ---------------------------------------------------------------------------- named cards
@rule("MA-GAP-1", "MA-11.5", "MA-9.15")
def test_named_locations_trinidad_tobago_bonaire() -> None:
    for name in ("Trinidad", "Tobago", "Bonaire"):
        assert named(name).type == "location" and named(name).level == 1
    assert named("Trinidad").refill  # it carries the pearl tile in MA-11.5
    explores = [e.n for e in kinds_of(named("Bonaire")) if e.do == "explore"]
    assert explores == [3]  # MA-11.8


@rule("MA-GAP-1", "MA-11.4", "MA-10.3")
def test_named_residence_hacienda() -> None:
    card = named("Hacienda")
    assert card.type == "residence" and card.cost == 16
    assert card.condition == Score(per="income_d", each=1, vp=2, cap=24)


@rule("MA-GAP-1", "MA-11.3")
def test_named_upgrades_tobacco_and_ghost_ship() -> None:
    assert named("Tobacco").type == "upgrade" and named("Tobacco").cost == 8
    ghost = named("Ghost Ship")
    assert ghost.type == "upgrade"
    assert sum(p.n for p in ghost.permanent if p.perm == "discount") == 3


@rule("MA-11.3", "MA-5.11")
def test_ma_11_3_with_the_ghost_ship_tobacco_costs_5() -> None:
    s = new(2)
    give(s, 0, "Ghost Ship")
    tobacco = place(s, at(1, 0), "Tobacco")
    act(s, "sail", to=at(1, 0))
    buy = find(s, "buy", at=at(1, 0))
    assert buy is not None and "for 5" in buy.label
    act(s, "buy", at=at(1, 0))
    assert tobacco in s.owned[0] and s.doubloons[0] == 10 - 5


RESIDENCES = {
    ("income_d", 1, 2, 24),  # MA-10.3.1 Hacienda
    ("income_vp", 1, 3, 24),
    ("ship", 1, 5, 25),
    ("equipment", 1, 4, 24),
    ("crew", 1, 4, 24),
    ("buried", 1, 3, 24),
    ("fulfilled", 1, 4, 24),
    ("emerald", 1, 4, 24),
    ("gold", 1, 4, 24),
    ("pearl", 1, 4, 24),
    ("set", 1, 8, 24),
    ("river", 1, 6, 24),  # MA-10.3.12
}


@rule("MA-10.3", "MA-5.18", "MA-11.18")
def test_ma_10_3_the_twelve_residence_conditions_and_caps() -> None:
    conds = [c.condition for c in level(1) if c.type == "residence"]
    assert {(s.per, s.each, s.vp, s.cap) for s in conds if s} == RESIDENCES
    assert len(conds) == 12 and all(c.cost > 0 for c in level(1) if c.type == "residence")


@rule("MA-5.49", "MA-11.10")
def test_ma_5_49_the_first_threshold_is_2() -> None:
    thresholds = load_content().ship.thresholds
    assert thresholds[0] == 2 and list(thresholds) == sorted(thresholds)


@rule("MA-5.29")
def test_ma_5_29_the_three_standard_raid_actions() -> None:
    std = load_content().ship.raid_actions
    assert [(p.n, p.gives) for p in std] == [
        (1, (E(do="vp", n=1),)),
        (2, (E(do="doubloons", n=3),)),
        (5, (E(do="treasure", color="die", n=1),)),
    ]


@rule("MA-11.7", "MA-11.9", "MA-GAP-7.1")
def test_hideout_facts_of_the_examples() -> None:
    emerald = load_content().hideout.emerald
    assert (E(do="vp", n=2),) in emerald.bonus  # MA-11.7: an emerald bonus space gives 2 VP
    assert emerald.buried[0] == (E(do="refill", color="emerald", n=1),)  # MA-11.9


@rule("MA-3.6", "MA-2.1")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ma_3_6_islands_start_with_4_cubes(players: int) -> None:
    assert ISLAND_START == 4
    assert new(players).islands == [4, 4, 4]


@rule("MA-GAP-9.1", "MA-GAP-9.3", "MA-8.10")
def test_bay_and_maracaibo_data() -> None:
    places = load_content().places
    assert places.bay == (((E(do="raid"),),), ((E(do="explore", n=2),),))
    assert places.maracaibo == (E(do="ship_upgrade"), E(do="vp", n=6))
    assert len(places.ruby_market) == 6 and places.ruby_sold_out_vp == 2


# ---------------------------------------------------------------------------- layouts
LAYOUTS = [lay.name for lay in load_content().layouts]


def no_left_destinations(lay: Layout, node: int) -> set[int]:
    """Destinations when a move may only step up, down or right (never left)."""
    board = board_of(lay)
    out: set[int] = set()

    def walk(at_: int, seen: frozenset[int], left: int) -> None:
        for nxt in board.adj[at_]:
            if nxt in seen or column(nxt) < column(at_):
                continue
            if column(nxt) > column(node):
                out.add(nxt)
            if left > 1 and nxt != BAY:
                walk(nxt, seen | {nxt}, left - 1)

    walk(node, frozenset({node}), 3)
    return out


@rule("MA-3.4", "MA-GAP-4.1", "MA-GAP-4.2")
@pytest.mark.parametrize("name", LAYOUTS)
def test_every_layout_is_9_by_4_with_27_slots_and_3_islands(name: str) -> None:
    board = board_of(next(lay for lay in load_content().layouts if lay.name == name))
    assert len(board.slots) == 27 and set(board.islands) == {"gold", "emerald", "pearl"}
    assert all(0 <= n < GRID for n in board.slots)
    assert LAYOUTS[0] == "standard"  # the default layout


@rule("MA-5.9", "MA-GAP-4.6")
@pytest.mark.parametrize("name", LAYOUTS)
def test_every_slot_has_a_legal_move(name: str) -> None:
    lay = next(lay for lay in load_content().layouts if lay.name == name)
    board = board_of(lay)
    for n in board.slots:
        assert destinations(board, n, 3), (name, n)
        assert no_left_destinations(lay, n), (name, n)  # also without steps to the left


@rule("MA-5.4", "MA-GAP-4.4")
@pytest.mark.parametrize("name", LAYOUTS)
def test_every_slot_is_reachable_from_the_start_and_every_slot_reaches_the_bay(name: str) -> None:
    board = board_of(next(lay for lay in load_content().layouts if lay.name == name))
    seen, todo = {START}, [START]
    while todo:
        for nxt in destinations(board, todo.pop(), 3):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert set(board.slots) <= seen and BAY in seen
    for n in board.slots:  # every move gains a column, so a move from everywhere ends at the Bay
        assert all(column(d) > column(n) for d in destinations(board, n, 3))


@rule("MA-3.4", "MA-GAP-4.1")
@pytest.mark.parametrize("name", LAYOUTS)
def test_every_column_has_a_card_slot(name: str) -> None:
    board = board_of(next(lay for lay in load_content().layouts if lay.name == name))
    for col in range(1, COLUMNS + 1):
        assert any(cell(col, r) in board.slots for r in range(ROWS)), (name, col)


# ---------------------------------------------------------------------------- the track
def complete_paths() -> list[list[int]]:
    spaces = load_content().track.spaces
    out: list[list[int]] = []

    def walk(path: list[int]) -> None:
        nxt = spaces[path[-1]].next
        if not nxt:
            out.append(path)
        for t in nxt:
            walk([*path, t])

    walk([0])
    return out


@rule("MA-5.36", "MA-GAP-5.1", "MA-GAP-5.5")
def test_the_track_is_a_forward_graph_from_the_start_to_one_end() -> None:
    spaces = load_content().track.spaces
    assert [sp.id for sp in spaces] == list(range(len(spaces)))
    assert all(sp.id < t < len(spaces) for sp in spaces for t in sp.next)
    assert not spaces[0].effects  # the start space gives nothing
    on_a_path = {n for path in complete_paths() for n in path}
    assert on_a_path == set(range(len(spaces)))  # every space is reachable
    assert {path[-1] for path in complete_paths()} == {len(spaces) - 1}  # one shared end
    assert 0 < load_content().track.retirement < len(spaces) - 1  # MA-9.19


@rule("MA-5.40", "MA-7.1", "MA-10.3", "MA-GAP-5.3")
def test_every_complete_path_crosses_at_least_4_rivers() -> None:
    spaces = load_content().track.spaces
    for path in complete_paths():
        crossed = [
            no
            for a, b in itertools.pairwise(path)
            for t, no in zip(spaces[a].river, spaces[a].river_no, strict=True)
            if t == b
        ]
        assert len(crossed) == len(set(crossed)), f"{path} crosses a river twice"
        assert len(crossed) >= 4, path


@rule("MA-11.8", "MA-5.37", "MA-5.38")
def test_ma_11_8_explore_3_skipping_the_gold_space_stops_on_3_doubloons() -> None:
    spaces = load_content().track.spaces
    gold = next(sp.id for sp in spaces if sp.effects == (E(do="treasure", color="gold"),))
    dbl = spaces[gold].next[0]
    assert spaces[dbl].effects == (E(do="doubloons", n=3),)
    pred = {t: sp.id for sp in spaces for t in sp.next}
    branch = pred[pred[gold]]
    assert len(spaces[branch].next) == 2  # the gold space lies on one of two branches
    start = pred[branch]
    s = new(2)
    place(s, at(1, 0), "Bonaire")
    s.explorer = [start, gold]  # the other player's explorer stands on the gold space
    act(s, "sail", to=at(1, 0))
    act(s, "skip")  # no ship upgrade
    group = next(
        g
        for g, alts in enumerate(named("Bonaire").actions)
        if any(e.do == "explore" for e in alts[0])
    )
    act(s, "act", group=group, alt=0)
    assert find(s, "go", to=gold) is None and find(s, "go", to=dbl) is not None
    act(s, "go", to=dbl)
    assert s.explorer[0] == dbl and s.doubloons[0] == 10 + 3


# ---------------------------------------------------------------------------- provenance, doc
@rule("MA-GAP-1", "MA-GAP-8", "MA-GAP-11")
def test_every_record_has_provenance_and_known_gap_ids() -> None:
    c = load_content()
    records: list[Any] = [
        *c.cards,
        *c.layouts,
        c.track,
        c.ship,
        c.hideout,
        *c.figureheads,
        *c.quests,
        c.solo,
        *c.solo.cards,
        c.places,
    ]
    for record in records:
        assert record.provenance in ("stand-in", "rulebook")
        for gap in record.gaps:
            m = GAP_ID.match(gap)
            assert m and 1 <= int(m[1]) <= 14, gap
        if record.provenance == "stand-in":
            assert record.gaps, record
    assert all("MA-GAP-1" in card.gaps for card in level(1))
    assert all("MA-GAP-2" in card.gaps for card in level(2))


@rule("MA-GAP-1")
@pytest.mark.parametrize("n", range(1, 15))
def test_the_design_doc_names_every_gap(n: int) -> None:
    found = re.search(rf"MA-GAP-{n}(?![0-9])", DOC.read_text(encoding="utf-8")) is not None
    assert found, f"MA-GAP-{n} is not mentioned in docs/games/{DOC.name}"


# ---------------------------------------------------------------------------- the validators
def _locations(d: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in d["cards"] if c["type"] == "location" and c["level"] == 1]


def _seven_locations(d: dict[str, Any]) -> None:
    d["cards"].remove(_locations(d)[-1])


def _forty_level_2(d: dict[str, Any]) -> None:
    d["cards"].remove(next(c for c in d["cards"] if c["level"] == 2))


def _duplicate_id(d: dict[str, Any]) -> None:
    d["cards"][1]["id"] = d["cards"][0]["id"]


def _duplicate_name(d: dict[str, Any]) -> None:
    d["cards"][1]["name"] = d["cards"][0]["name"]


def _five_refill_symbols(d: dict[str, Any]) -> None:
    next(c for c in _locations(d) if c.get("refill"))["refill"] = False


def _level_2_refill(d: dict[str, Any]) -> None:
    next(c for c in d["cards"] if c["level"] == 2 and c["type"] == "location")["refill"] = True


def _no_trinidad(d: dict[str, Any]) -> None:
    next(c for c in d["cards"] if c["name"] == "Trinidad")["name"] = "Trinidade"


def _same_condition(d: dict[str, Any]) -> None:
    res = [c for c in d["cards"] if c["type"] == "residence"]
    res[1]["condition"] = copy.deepcopy(res[0]["condition"])


def _residence_with_effect(d: dict[str, Any]) -> None:
    next(c for c in d["cards"] if c["type"] == "residence")["lightning"] = [{"do": "vp"}]


def _upgrade_without_category(d: dict[str, Any]) -> None:
    del next(c for c in d["cards"] if c["type"] == "upgrade")["category"]


def _location_without_actions(d: dict[str, Any]) -> None:
    _locations(d)[0]["actions"] = []


def _treasure_without_colour(d: dict[str, Any]) -> None:
    d["hideout"]["gold"]["bonus"][0] = [{"do": "treasure"}]


def _refill_three(d: dict[str, Any]) -> None:
    d["hideout"]["gold"]["buried"][0] = [{"do": "refill", "color": "gold", "n": 3}]


def _24_quests(d: dict[str, Any]) -> None:
    d["quests"].pop()


def _quest_higher_asks_less(d: dict[str, Any]) -> None:
    q = d["quests"][0]
    key = next(iter(q["high"]["need"]))
    q["high"]["need"][key] = q["low"]["need"][key] - 1


def _figureheads_out_of_order(d: dict[str, Any]) -> None:
    d["figureheads"][0], d["figureheads"][1] = d["figureheads"][1], d["figureheads"][0]


def _first_threshold_3(d: dict[str, Any]) -> None:
    d["ship"]["thresholds"][0] = 3


def _seven_a_cards(d: dict[str, Any]) -> None:
    b = next(c for c in d["solo"]["cards"] if c["deck"] == "B")
    b["deck"] = "A"
    del b["bonus"]


def _b_card_without_bonus(d: dict[str, Any]) -> None:
    del next(c for c in d["solo"]["cards"] if c["deck"] == "B")["bonus"]


def _upgrade_action_without_order(d: dict[str, Any]) -> None:
    del next(c for c in d["solo"]["cards"] if "upgrade" in c["actions"])["categories"]


def _no_level_4(d: dict[str, Any]) -> None:
    d["solo"]["levels"] = [1, 1, 2, 2, 3, 3, 3, 3]


def _same_smuggler_side(d: dict[str, Any]) -> None:
    d["smugglers"][1][0]["key"] = d["smugglers"][0][0]["key"]


def _five_refill_tiles(d: dict[str, Any]) -> None:
    d["refill_tiles"].pop()


def _26_slots(d: dict[str, Any]) -> None:
    row = d["layouts"][0]["rows"][0]
    d["layouts"][0]["rows"][0] = "." + row[1:] if row[0] == "C" else row[:-1] + "."


def _short_row(d: dict[str, Any]) -> None:
    d["layouts"][0]["rows"][0] = d["layouts"][0]["rows"][0][:8]


def _backward_arrow(d: dict[str, Any]) -> None:
    d["track"]["spaces"][5]["next"] = [4]


def _river_off_an_arrow(d: dict[str, Any]) -> None:
    d["track"]["spaces"][1]["river"] = [7]
    d["track"]["spaces"][1]["river_no"] = [0]


def _river_without_a_number(d: dict[str, Any]) -> None:
    d["track"]["spaces"][3]["river_no"] = []


def _unknown_field(d: dict[str, Any]) -> None:
    d["cards"][0]["colour"] = "red"


def _bonus(d: dict[str, Any], effects: list[dict[str, Any]]) -> None:
    d["hideout"]["gold"]["bonus"][0] = effects


def _slot(d: dict[str, Any], slot: dict[str, Any]) -> None:
    d["ship"]["slots"][0] = slot


def _raid_die_any(d: dict[str, Any]) -> None:
    _bonus(d, [{"do": "raid_die", "color": "any", "n": 1}])


def _what_without_per(d: dict[str, Any]) -> None:
    _bonus(d, [{"do": "vp", "n": 1, "what": "gold"}])


def _category_without_card(d: dict[str, Any]) -> None:
    _bonus(d, [{"do": "vp", "n": 1, "category": "crew"}])


def _per_fulfilled(d: dict[str, Any]) -> None:
    _bonus(d, [{"do": "per", "n": 1, "what": "fulfilled"}])


def _discount_gives(d: dict[str, Any]) -> None:
    _slot(d, {"zone": 0, "permanent": [{"perm": "discount", "n": 1, "gives": [{"do": "vp"}]}]})


def _coloured_discount(d: dict[str, Any]) -> None:
    _slot(d, {"zone": 0, "permanent": [{"perm": "discount", "n": 1, "color": "gold"}]})


def _trade_for_the_die(d: dict[str, Any]) -> None:
    gives = [{"do": "treasure", "color": "die"}]
    _slot(d, {"zone": 0, "permanent": [{"perm": "trade", "n": 1, "gives": gives}]})


def _two_trades_on_a_slot(d: dict[str, Any]) -> None:
    trade = {"perm": "trade", "n": 1, "gives": [{"do": "vp", "n": 1}]}
    _slot(d, {"zone": 0, "permanent": [trade, trade]})


def _slot_both_kinds(d: dict[str, Any]) -> None:
    _slot(d, {"zone": 0, "effects": [{"do": "vp"}], "permanent": [{"perm": "discount", "n": 1}]})


def _residence_without_condition(d: dict[str, Any]) -> None:
    del next(c for c in d["cards"] if c["type"] == "residence")["condition"]


def _upgrade_with_refill(d: dict[str, Any]) -> None:
    next(c for c in d["cards"] if c["type"] == "upgrade")["refill"] = True


def _level_2_residence(d: dict[str, Any]) -> None:
    gone = next(c for c in d["cards"] if c["level"] == 2 and c["type"] == "upgrade")
    d["cards"].remove(gone)
    residence = copy.deepcopy(next(c for c in d["cards"] if c["type"] == "residence"))
    d["cards"].append({**residence, "id": "II-99", "name": "Sunken Villa", "level": 2})


def _track_ids_out_of_order(d: dict[str, Any]) -> None:
    spaces = d["track"]["spaces"]
    spaces[-1]["id"], spaces[-2]["id"] = spaces[-2]["id"], spaces[-1]["id"]


def _a_reef_letter(d: dict[str, Any]) -> None:
    rows = d["layouts"][0]["rows"]
    r = next(i for i, row in enumerate(rows) if "." in row)
    rows[r] = rows[r].replace(".", "X", 1)


def _quest_levels_differ(d: dict[str, Any]) -> None:
    d["quests"][0]["high"]["need"] = {"river": 9}


BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "7 level I locations": (_seven_locations, "8 locations"),
    "40 level II cards": (_forty_level_2, "41 level II"),
    "a duplicate card id": (_duplicate_id, "unique"),
    "a duplicate card name": (_duplicate_name, "card names are unique"),
    "5 refill symbols": (_five_refill_symbols, "refill symbol"),
    "a level II refill symbol": (_level_2_refill, "no refill tile is left"),
    "no Trinidad": (_no_trinidad, "Trinidad"),
    "two residences alike": (_same_condition, "its own condition"),
    "a residence with an effect": (_residence_with_effect, "only upgrade cards have effects"),
    "an upgrade without category": (_upgrade_without_category, "have a category"),
    "a location without actions": (_location_without_actions, "have actions"),
    "a treasure without colour": (_treasure_without_colour, "a colour is needed"),
    "a refill of 3": (_refill_three, "refill puts 1 cube"),
    "24 quests": (_24_quests, "25 quest cards"),
    "a quest asking less higher": (_quest_higher_asks_less, "asks more"),
    "figureheads out of order": (_figureheads_out_of_order, "A-L"),
    "first threshold 3": (_first_threshold_3, "threshold is 2"),
    "7 A solo cards": (_seven_a_cards, "6 A and 6 B"),
    "a B card without bonus": (_b_card_without_bonus, "have a bonus action"),
    "an upgrade action without order": (_upgrade_action_without_order, "orders its categories"),
    "no level 4": (_no_level_4, "levels 1-4"),
    "two smuggler sides alike": (_same_smuggler_side, "10 different sides"),
    "5 refill tiles": (_five_refill_tiles, "refill_tiles"),
    "26 card slots": (_26_slots, "27 card slots"),
    "a row of 8": (_short_row, "9 columns by 4 rows"),
    "an arrow backwards": (_backward_arrow, "lead forward"),
    "a river off its arrows": (_river_off_an_arrow, "on one of its arrows"),
    "a river arrow without its river": (_river_without_a_number, "one river number per"),
    "an unknown field": (_unknown_field, "Extra inputs"),
    "raid_die of any colour": (_raid_die_any, "raid_die names the die's colour"),
    "'what' without per": (_what_without_per, "'what' belongs to a 'per' effect"),
    "a category off a card effect": (_category_without_card, "'category' belongs"),
    "per fulfilled in play": (_per_fulfilled, "known only at the end"),
    "a discount that gives": (_discount_gives, "'gives' belongs to raid_action and trade"),
    "a coloured discount": (_coloured_discount, "only a raid bonus names a die colour"),
    "a trade for the die's colour": (_trade_for_the_die, "a step trade rolls no die"),
    "two trades on one source": (_two_trades_on_a_slot, "at most one step trade"),
    "a slot of both kinds": (_slot_both_kinds, "either one-time (effects) or permanent"),
    "a residence without condition": (_residence_without_condition, "have a condition"),
    "an upgrade with the refill symbol": (_upgrade_with_refill, "only a location shows"),
    "a level II residence": (_level_2_residence, "level II holds no residences"),
    "track ids out of order": (_track_ids_out_of_order, "ids 0..n-1"),
    "a reef letter in a layout": (_a_reef_letter, "only C, G, E, P and '.'"),
    "quest levels counting different things": (_quest_levels_differ, "count the same things"),
}


@rule("MA-2.1", "MA-2.2", "MA-2.3", "MA-10.2", "MA-10.3", "MA-5.49")
@pytest.mark.parametrize("name", sorted(BROKEN))
def test_load_rejects_broken_data(name: str) -> None:
    data = raw()
    Content.model_validate(raw())  # the unbroken copy is fine
    breaker, message = BROKEN[name]
    breaker(data)
    with pytest.raises(ValidationError, match=re.escape(message)):
        Content.model_validate(data)
