"""Empires of the North's component data (EN-2, EN-10, EN-GAP-1/2/3/11): the stand-in files under
``content/`` load and validate; they hold every count and fact the rules spec states (six clans in
the order of EN-10 with their factions; 3 starting locations and a 30-card deck each, EN-2.6;
starting goods from the starting locations, EN-3.12; the named cards of EN-GAP-2 with the worked
examples EN-11.2/11.5/11.6/11.7/11.13); they meet the design constraints of the stand-ins (every
record a tagged stand-in, every FIND names a card of its own clan, every upgrade has a possible
host, every clan can score VP during play, each island deck can deal its face-up cards); the
schema rejects broken data with a ValueError; and the design doc names every EN-GAP decision.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletide.games.empires_north import content as C
from tabletide.games.empires_north.constants import (
    CLANS,
    DECK_SIZE,
    GOODS,
    ICONS,
    MAX_SHIPS,
    RESOURCES,
    START_LOCATIONS,
    START_SHIPS,
    START_WORKERS,
    TILES,
    VP,
)
from tabletide.games.empires_north.content import Card, Clan, Content, load_content
from tabletide.games.empires_north.state import EmpiresState

from .helpers import GAME

rule = pytest.mark.rule
DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "empires_north.md"
GAP_ID = re.compile(r"^EN-GAP-(\d+)$")
FACTIONS = {
    "glenn": "Scots",
    "olaf": "Vikings",
    "nanuuk": "Inuit",
    "heidel": "Vikings",
    "panurjuk": "Inuit",
    "mackinnon": "Scots",
}
"""EN-10.1-10.6, in the order of the table."""


# ---------------------------------------------------------------------------- helpers
def raw() -> dict[str, Any]:
    """A fresh, mutable copy of every content file, as the ``Content`` model takes it."""
    clans: list[Any] = []
    cards: list[Any] = []
    for clan_id in CLANS:
        data: dict[str, Any] = copy.deepcopy(C._read(f"clans/{clan_id}.json"))
        clans.append(data["clan"])
        cards.extend(data["cards"])
    islands = copy.deepcopy(C._read("islands.json"))["islands"]
    assert isinstance(islands, list)
    cards.extend(islands)
    return {"clans": clans, "cards": cards}


def raw_card(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    hits = [c for c in data["cards"] if c["id"] == card_id]
    assert len(hits) == 1, card_id
    card: dict[str, Any] = hits[0]
    return card


def cards_of(clan: str) -> list[Card]:
    return [c for c in load_content().cards if c.clan == clan]


def islands() -> list[Card]:
    return [c for c in load_content().cards if c.type == "island"]


def named(name: str, clan: str | None = None) -> Card:
    hits = [c for c in load_content().cards if c.name == name and (clan is None or c.clan == clan)]
    assert len(hits) == 1, (name, clan, len(hits))
    return hits[0]


def producing(card: Card) -> set[str]:
    """The goods (not VP) a production card gives: what an upgrade must share (EN-5.2.3a2)."""
    return set(card.produce) - {VP}


def gives_vp(card: Card) -> bool:
    """Whether the card can score VP for its owner during play (EN-5.2.6)."""
    if VP in card.produce:
        return True
    return any(VP in e.goods for e in card.effects_all if e.do in ("gain", "per"))


# ---------------------------------------------------------------------------- it loads
@rule("EN-2.6", "EN-GAP-2")
def test_en_2_6_content_loads_validates_and_is_cached() -> None:
    assert load_content() is load_content()
    assert Content.model_validate(raw()) == load_content()
    assert GAME.content == load_content()  # type: ignore[attr-defined]


@rule("EN-2.6")
def test_en_2_6_cards_are_listed_clan_by_clan_then_the_islands() -> None:
    owners = [c.clan for c in load_content().cards]
    first_island = owners.index(None)
    assert all(o is None for o in owners[first_island:])
    seen = [o for i, o in enumerate(owners[:first_island]) if i == 0 or owners[i - 1] != o]
    assert seen == list(CLANS)


# ---------------------------------------------------------------------------- the clans (EN-10)
@rule("EN-1.2", "EN-10")
def test_en_10_six_clans_in_the_order_of_the_spec() -> None:
    clans = load_content().clans
    assert [c.id for c in clans] == ["glenn", "olaf", "nanuuk", "heidel", "panurjuk", "mackinnon"]
    assert [c.name for c in clans] == [
        "Glenn's Clan",
        "Olaf's Clan",
        "Nanuuk's Clan",
        "Heidel's Clan",
        "Panurjuk's Clan",
        "MacKinnon's Clan",
    ]


@rule("EN-1.2", "EN-10.1", "EN-10.2", "EN-10.3", "EN-10.4", "EN-10.5", "EN-10.6")
def test_en_10_factions_two_scots_two_vikings_two_inuit() -> None:
    clans = load_content().clans
    assert {c.id: c.faction for c in clans} == FACTIONS
    assert Counter(c.faction for c in clans) == {"Scots": 2, "Vikings": 2, "Inuit": 2}


@rule("EN-10", "EN-GAP-11")
def test_en_gap_11_difficulty_is_display_data_from_1_to_10() -> None:
    for clan in load_content().clans:
        assert 1 <= clan.difficulty <= 10, clan.id
        assert clan.description.strip(), clan.id
        assert "EN-GAP-11" in clan.gaps


@rule("EN-1.6", "EN-10.1", "EN-10.2")
def test_en_1_6_glenn_and_olaf_are_the_simplest_clans() -> None:
    rating = {c.id: c.difficulty for c in load_content().clans}
    others = [rating[c] for c in CLANS if c not in ("glenn", "olaf")]
    assert max(rating["glenn"], rating["olaf"]) < min(others)


@rule("EN-2.6", "EN-3.7")
@pytest.mark.parametrize("clan", CLANS)
def test_en_2_6_each_clan_has_3_starting_locations_and_a_30_card_deck(clan: str) -> None:
    cards = cards_of(clan)
    starts = [c for c in cards if c.start]
    assert len(starts) == START_LOCATIONS == 3
    assert all(c.copies == 1 and c.location and c.type != "boost" for c in starts)
    assert all(c.type in ("production", "feature", "action") for c in starts)
    deck = sum(c.copies for c in cards if not c.start)
    assert deck == DECK_SIZE == 30
    assert deck + len(starts) == 33  # EN-2.6: 6 clans x 33 cards
    assert len({c.name for c in cards}) == len(cards)


@rule("EN-2.6", "EN-3.8", "EN-3.15")
@pytest.mark.parametrize("clan", CLANS)
def test_en_3_8_setup_deals_the_starting_locations_and_shuffles_the_30_cards(clan: str) -> None:
    s = GAME.new_state(2, 3, {"clan_1": clan})
    assert isinstance(s, EmpiresState)
    starts = [i for i, c in enumerate(s.cards) if c.clan == clan and c.start]
    assert [pl.card for pl in s.empire[0]] == starts
    assert not any(pl.exhausted for pl in s.empire[0])
    owned = s.deck[0] + s.look[0] + s.hand[0] + s.discard[0]
    assert len(owned) == 30 and len(s.look[0]) == 5  # EN-3.15: 5 drawn to keep 3
    expected = Counter({i: c.copies for i, c in enumerate(s.cards) if c.clan == clan})
    for i in starts:
        del expected[i]
    assert Counter(owned) == expected


@rule("EN-3.12", "EN-3.13", "EN-3.7", "EN-2.7")
@pytest.mark.parametrize("clan", CLANS)
def test_en_3_12_starting_goods_are_the_produce_of_the_starting_locations(clan: str) -> None:
    s = GAME.new_state(2, 7, {"clan_2": clan})
    assert isinstance(s, EmpiresState)
    expect = dict.fromkeys(GOODS, 0)
    for card in cards_of(clan):
        if card.start:
            for good, k in card.produce.items():
                expect[good] += k
    assert s.clan[1] == clan
    assert s.goods[1] == expect
    assert sum(expect.values()) >= 1
    assert s.workers[1] == START_WORKERS == 5 and s.tired[1] == 0  # EN-3.13, EN-GAP-7
    assert s.ships[1] == START_SHIPS == 2  # EN-3.7: Olaf too
    assert s.vp[1] == 0  # EN-3.10


@rule("EN-3.12")
def test_en_3_12_starting_locations_are_usually_production_locations() -> None:
    starts = [c for c in load_content().cards if c.start]
    assert len(starts) == 18
    assert sum(c.type == "production" for c in starts) > len(starts) // 2
    for c in starts:
        assert VP not in c.produce  # no VP before the game begins


# ---------------------------------------------------------------------------- named cards
@rule("EN-10.1", "EN-11.6", "EN-5.2.3")
def test_en_11_6_travelling_ice_cream_man_is_glenns_flex_card() -> None:
    ice = named("Travelling Ice-Cream Man")
    assert ice.clan == "glenn" and ice.type == "flex"
    assert ice.when in TILES and producing(ice)
    hosts = [
        c
        for c in cards_of("glenn")
        if c.type in ("production", "flex") and c is not ice and producing(c) & producing(ice)
    ]
    assert hosts  # it can be built as an upgrade, too


@rule("EN-10.2", "EN-11.13", "EN-2.7", "EN-3.7")
def test_en_11_13_flokis_shipyard_is_olafs_boost_giving_the_third_ship() -> None:
    floki = named("Floki's Shipyard")
    assert floki.clan == "olaf" and floki.type == "boost" and floki.when in TILES
    ships = [e for e in floki.effects_all if e.do == "ship"]
    assert ships and all(e.n == MAX_SHIPS == 3 for e in ships)
    # every option of the boost gives the ship: it is the card's point
    assert all(any(e.do == "ship" for e in option) for option in floki.effects)
    others = [e for c in load_content().cards if c is not floki for e in c.effects_all]
    assert not [e for e in others if e.do == "ship"]  # the only source of a third ship


@rule("EN-10.3", "EN-11.7", "EN-5.2.5", "EN-9.12")
def test_en_11_7_frozen_harbour_build_bonus_counts_a_type_icon() -> None:
    harbour = named("Frozen Harbour")
    assert harbour.clan == "nanuuk" and harbour.location and harbour.type != "boost"
    assert len(harbour.bonus) == 1
    (per,) = [e for e in harbour.bonus[0] if e.do == "per"]
    assert per.what in ICONS
    assert per.goods == {VP: 1}  # 1 VP per location with the icon


@rule("EN-5.2.3", "EN-11.5")
def test_en_11_5_frozen_mammoth_is_an_upgrade_only_production_card() -> None:
    mammoth = named("Frozen Mammoth")
    assert mammoth.type == "upgrade" and mammoth.when in TILES
    assert producing(mammoth)  # a good it shares with its host
    hosts = [
        c
        for c in cards_of(str(mammoth.clan))
        if c.type in ("production", "flex") and producing(c) & producing(mammoth)
    ]
    assert hosts


@rule("EN-10.5", "EN-11.2", "EN-2.17")
def test_en_11_2_panurjuks_trading_card_costs_exactly_1_stone() -> None:
    trading = [c for c in cards_of("panurjuk") if c.name.startswith("Trading")]
    assert len(trading) == 1
    card = trading[0]
    assert card.cost == {"stone": 1}
    assert card.type in ("feature", "action") and card.when is None  # "Pay to build"


@rule("EN-GAP-2")
def test_en_gap_2_the_five_names_of_the_seed_are_present() -> None:
    for name in (
        "Frozen Mammoth",
        "Travelling Ice-Cream Man",
        "Frozen Harbour",
        "Floki's Shipyard",
    ):
        named(name)
    assert [c for c in cards_of("panurjuk") if c.name.startswith("Trading")]


# ---------------------------------------------------------------------------- design checks
@rule("EN-GAP-1", "EN-GAP-2", "EN-GAP-3", "EN-GAP-11")
def test_en_gap_2_every_record_is_a_stand_in_tagged_with_its_gaps() -> None:
    c = load_content()
    records: list[Card | Clan] = [*c.clans, *c.cards]
    for record in records:
        assert record.provenance == "stand-in", record.id
        assert record.gaps, record.id
        for gap in record.gaps:
            m = GAP_ID.match(gap)
            assert m and 1 <= int(m[1]) <= 13, (record.id, gap)
    for card in c.cards:
        wanted = "EN-GAP-3" if card.type == "island" else "EN-GAP-2"
        assert wanted in card.gaps, card.id


@rule("EN-9.10")
def test_en_9_10_every_find_names_a_card_of_its_own_clan() -> None:
    finds = 0
    for card in load_content().cards:
        for e in card.effects_all:
            if e.do == "find":
                finds += 1
                assert card.clan is not None, card.id
                assert e.card in {c.name for c in cards_of(card.clan)}, (card.id, e.card)
                assert not named(str(e.card), card.clan).start  # it can be in the deck
    assert finds >= 1


def test_en_gap_2_every_card_has_text_and_an_id_prefixed_by_its_clan_or_distance() -> None:
    for card in load_content().cards:
        assert card.text.strip(), card.id
        assert card.name.strip(), card.id
        prefix = card.clan if card.clan is not None else card.distance
        assert card.id.startswith(f"{prefix}."), card.id


@rule("EN-5.2.3", "EN-GAP-13")
def test_en_5_2_3_every_upgrade_can_find_a_host_among_its_clans_production_cards() -> None:
    checked = 0
    for card in load_content().cards:
        if card.type not in ("upgrade", "flex"):
            continue
        hosts = [
            c
            for c in cards_of(str(card.clan))
            if c.type in ("production", "flex") and c is not card and producing(c) & producing(card)
        ]
        assert hosts, card.id
        checked += 1
    assert checked >= 6


@rule("EN-5.2.6", "EN-1.3")
@pytest.mark.parametrize("clan", CLANS)
def test_en_5_2_6_every_clan_can_score_vp_during_play(clan: str) -> None:
    scoring = [c for c in cards_of(clan) if gives_vp(c)]
    assert scoring, clan
    assert sum(c.copies for c in scoring if not c.start) >= 3


@rule("EN-2.16", "EN-2.17", "EN-9.16")
def test_en_2_17_cost_keywords_match_the_card_types() -> None:
    for card in load_content().cards:
        if card.type in ("production", "upgrade", "flex", "boost"):
            assert card.when in TILES and not card.cost, card.id  # "Build/Play when"
        else:
            assert card.when is None, card.id
        if card.type in ("feature", "action") and not card.start:
            assert card.cost, card.id  # "Pay to build"


@rule("EN-2.3", "EN-2.4", "EN-3.5", "EN-GAP-3")
def test_en_3_5_each_island_deck_has_at_least_6_cards() -> None:
    decks: Counter[str | None] = Counter()
    for card in islands():
        decks[card.distance] += card.copies
    assert decks["near"] >= 6 and decks["distant"] >= 6
    assert set(decks) == {"near", "distant"}


@rule("EN-6.3", "EN-6.4", "EN-GAP-3")
def test_en_6_3_every_island_has_raid_goods_and_a_conquered_side_if_conquerable() -> None:
    for card in islands():
        assert card.raid and all(k > 0 for k in card.raid.values()), card.id
        conquered = card.action or card.features or card.bonus or card.stored
        assert bool(conquered) == card.conquerable, card.id
        assert not card.when and not card.produce and not card.cost, card.id
    assert [c for c in islands() if not c.conquerable]  # EN-GAP-3: raid-only islands exist


@rule("EN-2.14", "EN-2.19", "EN-GAP-5")
def test_en_gap_5_goods_and_resources() -> None:
    assert set(RESOURCES) == {"food", "wood", "stone", "sheep", "fish"}
    assert set(GOODS) == {*RESOURCES, "gold", "axe"}
    for card in load_content().cards:
        for bundle in (card.cost, card.produce, card.raid):
            assert set(bundle) <= {*GOODS, "worker", VP}, card.id


# ---------------------------------------------------------------------------- broken cards
def _set(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def apply(card: dict[str, Any]) -> None:
        card.update(copy.deepcopy(fields))

    return apply


def _drop(*keys: str) -> Callable[[dict[str, Any]], None]:
    def apply(card: dict[str, Any]) -> None:
        for key in keys:
            del card[key]

    return apply


def _effect(effect: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """Replace the (boost's) instant effect by this one."""
    return _set(effects=[[effect]])


def _action(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def apply(card: dict[str, Any]) -> None:
        card["action"] = copy.deepcopy(fields)

    return apply


def _feature(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def apply(card: dict[str, Any]) -> None:
        card["features"] = [copy.deepcopy(fields)]

    return apply


def _stored(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def apply(card: dict[str, Any]) -> None:
        card["stored"].update(copy.deepcopy(fields))

    return apply


def _stored_feature(card: dict[str, Any]) -> None:
    card["type"] = "feature"
    del card["action"]


def _copy_as_action(card: dict[str, Any]) -> None:
    card["type"] = "action"
    card["action"] = {"cost": {"gold": 1}, "effects": GAIN_VP}


GAIN_VP = [[{"do": "gain", "goods": {"vp": 1}}]]
ON_PASS = {"on": "pass", "effects": GAIN_VP}

BROKEN_CARDS: dict[str, tuple[str, Callable[[dict[str, Any]], None], str]] = {
    # types and costs (EN-2.16, EN-2.17)
    "a production card with a cost": (
        "glenn.hill-flock",
        _set(cost={"wood": 1}),
        "only feature and action locations are paid to build",
    ),
    "an upgrade with a cost": (
        "glenn.prize-ram",
        _set(cost={"stone": 1}),
        "only feature and action locations are paid to build",
    ),
    "a boost with a cost": (
        "glenn.many-hands",
        _set(cost={"wood": 1}),
        "only feature and action locations are paid to build",
    ),
    "a boost without when": ("glenn.many-hands", _drop("when"), "'when' is the cost of"),
    "a production card without when": ("glenn.hill-flock", _drop("when"), "'when' is the cost of"),
    "an action card with when": (
        "glenn.highland-games",
        _set(when="harvest"),
        "'when' is the cost of",
    ),
    "an action card without an action": (
        "glenn.highland-games",
        _drop("action"),
        "an action location has an action, and only it",
    ),
    "a feature card with an action": (
        "glenn.ceilidh-hall",
        _action(cost={"sheep": 1}, effects=GAIN_VP),
        "an action location has an action, and only it",
    ),
    "a feature card with no feature": (
        "glenn.ceilidh-hall",
        _set(features=[]),
        "a feature location has a feature, STORED or a copy",
    ),
    "a production card with a feature": (
        "glenn.hill-flock",
        _set(features=[ON_PASS]),
        "production and boost cards carry no text",
    ),
    "a boost with a build bonus": (
        "glenn.many-hands",
        _set(bonus=GAIN_VP),
        "production and boost cards carry no text",
    ),
    "a boost without effects": (
        "glenn.many-hands",
        _set(effects=[]),
        "instant effects belong exactly to boosts",
    ),
    "a feature card with instant effects": (
        "glenn.ceilidh-hall",
        _set(effects=GAIN_VP),
        "instant effects belong exactly to boosts",
    ),
    # produce (EN-5.2.3a, a2)
    "a production card producing nothing": (
        "glenn.hill-flock",
        _set(produce={}),
        "goods to produce belong exactly to production cards",
    ),
    "a feature card that produces": (
        "glenn.ceilidh-hall",
        _set(produce={"wood": 1}),
        "goods to produce belong exactly to production cards",
    ),
    "a production card producing VP": (
        "glenn.hill-flock",
        _set(produce={"sheep": 1, "vp": 1}),
        "only an upgrade may produce VP",
    ),
    "an upgrade producing only VP": (
        "glenn.prize-ram",
        _set(produce={"vp": 2}),
        "an upgrade shares a good with its host",
    ),
    "a production card producing a worker": (
        "glenn.hill-flock",
        _set(produce={"worker": 1}),
        "produce may hold only",
    ),
    # bundles (EN-2.14, EN-GAP-5)
    "unknown goods keys in a cost": (
        "glenn.ceilidh-hall",
        _set(cost={"wood": 1, "diamond": 1}),
        "cost may hold only",
    ),
    "VP in a cost": ("glenn.ceilidh-hall", _set(cost={"vp": 1}), "cost may hold only"),
    "a negative count in a cost": (
        "glenn.ceilidh-hall",
        _set(cost={"wood": -1, "sheep": 1}),
        "every count is positive",
    ),
    "a zero count in a cost": (
        "glenn.ceilidh-hall",
        _set(cost={"wood": 0, "sheep": 1}),
        "every count is positive",
    ),
    "a negative count in produce": (
        "glenn.hill-flock",
        _set(produce={"sheep": -2}),
        "every count is positive",
    ),
    "a zero count in raid goods": (
        "near.birch-holm",
        _set(raid={"wood": 0, "food": 1}),
        "every count is positive",
    ),
    "an unknown key in raid goods": (
        "near.birch-holm",
        _set(raid={"amber": 1}),
        "raid may hold only",
    ),
    # copies and starting locations (EN-2.6)
    "zero copies": ("glenn.hill-flock", _set(copies=0), "greater than or equal to 1"),
    "negative copies": ("glenn.hill-flock", _set(copies=-1), "greater than or equal to 1"),
    "a start card with copies 2": (
        "glenn.kailyard",
        _set(copies=2),
        "each starting location is a single card",
    ),
    "a starting boost": (
        "glenn.many-hands",
        _set(start=True, copies=1),
        "a starting location is a location",
    ),
    "a starting upgrade": (
        "glenn.prize-ram",
        _set(start=True, copies=1),
        "a starting location is a location",
    ),
    # actions (EN-5.6, EN-9.4) and STORED (EN-9.9)
    "an action that does nothing": (
        "glenn.highland-games",
        _action(cost={"sheep": 1}),
        "an action does something",
    ),
    "an action cost with an unknown good": (
        "glenn.highland-games",
        _action(cost={"ale": 1}, effects=GAIN_VP),
        "an action cost may hold only",
    ),
    "a negative action cost": (
        "glenn.highland-games",
        _action(cost={"sheep": -1}, effects=GAIN_VP),
        "every count is positive",
    ),
    "an assignment of VP": (
        "nanuuk.penguin-nursery",
        _action(assign={"vp": 1}),
        "an assignment may hold only",
    ),
    "a STORED card whose action does not assign its good": (
        "nanuuk.penguin-nursery",
        _action(assign={"food": 1}),
        "a STORED card has an action assigning its good",
    ),
    "a STORED card without an action": (
        "nanuuk.penguin-nursery",
        _stored_feature,
        "a STORED card has an action assigning its good",
    ),
    "a stored good of VP": (
        "nanuuk.penguin-nursery",
        _stored(good="vp"),
        "stored good must be one of",
    ),
    "STORED for every 0 goods": (
        "nanuuk.penguin-nursery",
        _stored(each=0),
        "greater than or equal to 1",
    ),
    "STORED without yields": ("nanuuk.penguin-nursery", _stored(yields=[]), "at least 1 item"),
    # copy locations (EN-9.8)
    "a copy card with features": (
        "nanuuk.ice-carved-replica",
        _set(features=[ON_PASS]),
        "a copy location is a feature card with only the copy",
    ),
    "a copy on an action card": (
        "mackinnon.partners-share",
        _copy_as_action,
        "a copy location is a feature card with only the copy",
    ),
    "a copy of an unknown kind": (
        "mackinnon.partners-share",
        _set(copy_of={"type": "boost"}),
        "Input should be",
    ),
    # islands (EN-6, EN-GAP-3)
    "an island without raid goods": (
        "near.birch-holm",
        _set(raid={}),
        "islands, and only they, have a distance and raid goods",
    ),
    "an island without a distance": (
        "near.birch-holm",
        _drop("distance"),
        "islands, and only they, have a distance and raid goods",
    ),
    "a clan card with a distance": (
        "glenn.ceilidh-hall",
        _set(distance="near"),
        "islands, and only they, have a distance and raid goods",
    ),
    "a clan card with raid goods": (
        "glenn.ceilidh-hall",
        _set(raid={"wood": 1}),
        "islands, and only they, have a distance and raid goods",
    ),
    "an island of a clan": (
        "near.birch-holm",
        _set(clan="olaf"),
        "clan cards name their clan, islands do not",
    ),
    "a clan card without its clan": (
        "glenn.ceilidh-hall",
        _drop("clan"),
        "clan cards name their clan, islands do not",
    ),
    "a raid-only island with a conquered side": (
        "near.tidal-sandbar",
        _set(bonus=GAIN_VP),
        "a raid-only island has no conquered side",
    ),
    "a raid-only island with an action": (
        "near.tidal-sandbar",
        _action(cost={"worker": 1}, effects=GAIN_VP),
        "a raid-only island has no conquered side",
    ),
    "a conquerable island without a conquered side": (
        "near.berry-holm",
        _drop("bonus"),
        "a conquerable island gives an action/feature/bonus",
    ),
    "an island three seas away": ("near.birch-holm", _set(distance="far"), "Input should be"),
    # effects (EN-9)
    "gain without goods": (
        "glenn.many-hands",
        _effect({"do": "gain"}),
        "goods belong exactly to gain, per and gift",
    ),
    "draw with goods": (
        "glenn.many-hands",
        _effect({"do": "draw", "goods": {"wood": 1}}),
        "goods belong exactly to gain, per and gift",
    ),
    "a gain of an unknown good": (
        "glenn.many-hands",
        _effect({"do": "gain", "goods": {"ruby": 1}}),
        "gain goods may hold only",
    ),
    "a gift of workers": (
        "glenn.many-hands",
        _effect({"do": "gift", "goods": {"worker": 1}}),
        "gift goods may hold only",
    ),
    "a negative gain": (
        "glenn.many-hands",
        _effect({"do": "gain", "goods": {"wood": -2}}),
        "every count is positive",
    ),
    "drawing 0 cards": (
        "glenn.many-hands",
        _effect({"do": "draw", "n": 0}),
        "greater than or equal to 1",
    ),
    "a find without its card": (
        "glenn.many-hands",
        _effect({"do": "find"}),
        "a find effect names its card, and only it does",
    ),
    "a draw naming a card": (
        "glenn.many-hands",
        _effect({"do": "draw", "card": "Kailyard"}),
        "a find effect names its card, and only it does",
    ),
    "a tile effect without a tile": (
        "glenn.many-hands",
        _effect({"do": "tile"}),
        "a tile effect names its tile, and only it does",
    ),
    "a gain naming a tile": (
        "glenn.many-hands",
        _effect({"do": "gain", "goods": {"wood": 1}, "tile": "sail"}),
        "a tile effect names its tile, and only it does",
    ),
    "per without what": (
        "glenn.many-hands",
        _effect({"do": "per", "goods": {"vp": 1}}),
        "'what' belongs to a per effect",
    ),
    "a cap on a gain": (
        "glenn.many-hands",
        _effect({"do": "gain", "goods": {"vp": 1}, "cap": 2}),
        "'cap' belongs to a per effect",
    ),
    "a negative cap": (
        "glenn.many-hands",
        _effect({"do": "per", "goods": {"vp": 1}, "what": "card", "cap": -1}),
        "greater than or equal to 0",
    ),
    "an unknown effect": ("glenn.many-hands", _effect({"do": "teleport"}), "Input should be"),
    # features (EN-5.2.3b)
    "a tile trigger without its tile": (
        "glenn.ceilidh-hall",
        _feature(on="opponent_tile", effects=GAIN_VP),
        "a tile is named exactly for tile triggers",
    ),
    "a pass trigger naming a tile": (
        "glenn.ceilidh-hall",
        _feature(on="pass", tile="harvest", effects=GAIN_VP),
        "a tile is named exactly for tile triggers",
    ),
    "an icon filter on a pass trigger": (
        "glenn.ceilidh-hall",
        _feature(on="pass", icon="shrine", effects=GAIN_VP),
        "an icon filter belongs to a build trigger",
    ),
    "a feature without effects": (
        "glenn.ceilidh-hall",
        _feature(on="pass", effects=[]),
        "at least 1 item",
    ),
    # the record itself
    "an empty text": ("glenn.hill-flock", _set(text=""), "at least 1 character"),
    "an unknown field": ("glenn.hill-flock", _set(colour="red"), "Extra inputs are not permitted"),
    "an unknown card type": ("glenn.hill-flock", _set(type="monument"), "Input should be"),
    "an unknown tile": ("glenn.hill-flock", _set(when="fishing"), "Input should be"),
    "an unknown icon": ("glenn.hill-flock", _set(icons=["castle"]), "Input should be"),
    "an unknown provenance": ("glenn.hill-flock", _set(provenance="rumour"), "Input should be"),
}


@rule("EN-2.16", "EN-2.17", "EN-5.2.3", "EN-9", "EN-GAP-2", "EN-GAP-3")
@pytest.mark.parametrize("name", sorted(BROKEN_CARDS))
def test_en_gap_2_the_card_schema_rejects_broken_cards(name: str) -> None:
    card_id, breaker, message = BROKEN_CARDS[name]
    card = raw_card(raw(), card_id)
    Card.model_validate(card)  # the unbroken card is fine
    breaker(card)
    with pytest.raises(ValueError, match=re.escape(message)):
        Card.model_validate(card)


# ---------------------------------------------------------------------------- broken content
def _deck_size(delta: int) -> Callable[[dict[str, Any]], None]:
    def apply(d: dict[str, Any]) -> None:
        raw_card(d, "glenn.hill-flock")["copies"] += delta

    return apply


def _card(card_id: str, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def apply(d: dict[str, Any]) -> None:
        raw_card(d, card_id).update(copy.deepcopy(fields))

    return apply


def _duplicate_id(d: dict[str, Any]) -> None:
    raw_card(d, "olaf.pine-slope")["id"] = "glenn.kailyard"


def _duplicate_card(d: dict[str, Any]) -> None:
    d["cards"].append(copy.deepcopy(raw_card(d, "near.birch-holm")))


def _find(card: str) -> Callable[[dict[str, Any]], None]:
    def apply(d: dict[str, Any]) -> None:
        raw_card(d, "olaf.shipwrights-horn")["effects"][0][0]["card"] = card

    return apply


def _clans_swapped(d: dict[str, Any]) -> None:
    d["clans"][0], d["clans"][1] = d["clans"][1], d["clans"][0]


def _five_clans(d: dict[str, Any]) -> None:
    d["clans"].pop()
    d["cards"] = [c for c in d["cards"] if c.get("clan") != "mackinnon"]


def _islands(distance: str, keep: int) -> Callable[[dict[str, Any]], None]:
    """Keep only ``keep`` cards (records of 1 copy) of the island deck of ``distance``."""

    def apply(d: dict[str, Any]) -> None:
        kept: list[dict[str, Any]] = []
        out = []
        for c in d["cards"]:
            if c.get("distance") == distance:
                if len(kept) < keep:
                    c["copies"] = 1
                    kept.append(c)
                    out.append(c)
            else:
                out.append(c)
        d["cards"] = out

    return apply


def _harbour_bonus(d: dict[str, Any]) -> None:
    raw_card(d, "nanuuk.frozen-harbour")["bonus"] = GAIN_VP


def _floki_renamed(d: dict[str, Any]) -> None:
    raw_card(d, "olaf.flokis-shipyard")["name"] = "Floki's Boathouse"
    _find("Floki's Boathouse")(d)


def _floki_without_ship(d: dict[str, Any]) -> None:
    raw_card(d, "olaf.flokis-shipyard")["effects"] = [[{"do": "gain", "goods": {"fish": 1}}]]


BROKEN_CONTENT: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a clan deck of 29": (_deck_size(-1), "glenn: the clan deck has 30 cards (EN-2.6); got 29"),
    "a clan deck of 31": (_deck_size(+1), "glenn: the clan deck has 30 cards (EN-2.6); got 31"),
    "a duplicate id": (_duplicate_id, "card ids are unique"),
    "a duplicated island": (_duplicate_card, "card ids are unique"),
    "2 starting locations": (
        _card("glenn.kailyard", start=False),
        "glenn: 3 starting locations (EN-2.6)",
    ),
    "4 starting locations": (
        _card("glenn.wool-fair", start=True),
        "glenn: 3 starting locations (EN-2.6)",
    ),
    "a find naming another clan's card": (_find("Frozen Harbour"), "not a olaf card"),
    "a find naming no card": (_find("Thor's Hammer"), "not a olaf card"),
    "two names alike in a clan": (
        _card("glenn.birch-wood", name="Kailyard"),
        "card names are unique",
    ),
    "two names alike in two clans": (
        _card("olaf.pine-slope", name="Kailyard"),
        "card names are unique",
    ),
    "an island named like a clan card": (
        _card("near.birch-holm", name="Kailyard"),
        "card names are unique",
    ),
    "the clans out of order": (_clans_swapped, "the six clans are"),
    "five clans": (_five_clans, "the six clans are"),
    "5 near islands": (_islands("near", 5), "each island deck needs at least 6 cards"),
    "5 distant islands": (_islands("distant", 5), "each island deck needs at least 6 cards"),
    "no Travelling Ice-Cream Man": (
        _card("glenn.ice-cream-man", name="Travelling Fishmonger"),
        "Travelling Ice-Cream Man",
    ),
    "an Ice-Cream Man that is only a production card": (
        _card("glenn.ice-cream-man", type="production"),
        "Travelling Ice-Cream Man",
    ),
    "no Floki's Shipyard": (_floki_renamed, "Floki's Shipyard is a boost"),
    "a Floki's Shipyard without the ship": (_floki_without_ship, "Floki's Shipyard is a boost"),
    "a Frozen Harbour without its count": (_harbour_bonus, "Frozen Harbour"),
    "a Frozen Mammoth that is a production card": (
        _card("nanuuk.frozen-mammoth", type="production", produce={"food": 1}),
        "the Frozen Mammoth is an upgrade-only production card",
    ),
    "a Trading Floe costing 2 stone": (
        _card("panurjuk.trading-floe", cost={"stone": 2}),
        "costs 1 stone",
    ),
    "a Trading Floe costing 1 gold": (
        _card("panurjuk.trading-floe", cost={"gold": 1}),
        "costs 1 stone",
    ),
    "a Trading Floe renamed": (
        _card("panurjuk.trading-floe", name="Floating Market"),
        "costs 1 stone",
    ),
}


@rule("EN-2.6", "EN-10", "EN-GAP-2", "EN-GAP-3", "EN-11.2", "EN-11.5", "EN-11.6", "EN-11.13")
@pytest.mark.parametrize("name", sorted(BROKEN_CONTENT))
def test_en_2_6_the_content_schema_rejects_broken_data(name: str) -> None:
    data = raw()
    Content.model_validate(raw())  # the unbroken copy is fine
    breaker, message = BROKEN_CONTENT[name]
    breaker(data)
    with pytest.raises(ValueError, match=re.escape(message)):
        Content(**data)


@rule("EN-10.3", "EN-11.7", "EN-5.2.5")
def test_en_11_7_a_frozen_harbour_counting_cards_is_rejected() -> None:
    data = raw()
    raw_card(data, "nanuuk.frozen-harbour")["bonus"] = [
        [{"do": "per", "goods": {"vp": 1}, "what": "card"}]
    ]
    with pytest.raises(ValueError, match="Frozen Harbour"):
        Content(**data)


@rule("EN-3.5", "EN-GAP-3")
def test_en_3_5_six_near_cards_of_three_islands_with_two_copies_each_are_accepted() -> None:
    data = raw()
    _islands("near", 3)(data)
    for c in data["cards"]:
        if c.get("distance") == "near":
            c["copies"] = 2
    Content(**data)


@rule("EN-2.6", "EN-GAP-2")
def test_en_2_6_load_rejects_a_clan_file_holding_another_clans_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = C._read

    def fake(path: str) -> dict[str, object]:
        data = real(path)
        if path == "clans/olaf.json":
            cards = data["cards"]
            assert isinstance(cards, list)
            cards[0]["clan"] = "glenn"
        return data

    monkeypatch.setattr(C, "_read", fake)
    with pytest.raises(ValueError, match="holds the cards of clan olaf only"):
        load_content.__wrapped__()


@rule("EN-GAP-3")
def test_en_gap_3_load_rejects_an_islands_file_without_a_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = C._read

    def fake(path: str) -> dict[str, object]:
        data = real(path)
        if path == "islands.json":
            data["islands"] = {"near.birch-holm": {}}
        return data

    monkeypatch.setattr(C, "_read", fake)
    with pytest.raises(ValueError, match="holds a list 'islands'"):
        load_content.__wrapped__()


def test_en_2_6_load_content_uncached_equals_the_cached_copy() -> None:
    assert load_content.__wrapped__() == load_content()


# ---------------------------------------------------------------------------- the design doc
@rule("EN-GAP-1")
@pytest.mark.parametrize("n", range(1, 14))
def test_en_gap_1_to_13_the_design_doc_names_every_gap(n: int) -> None:
    assert DOC.exists(), f"docs/games/{DOC.name} is missing"
    found = re.search(rf"EN-GAP-{n}(?![0-9])", DOC.read_text(encoding="utf-8")) is not None
    assert found, f"EN-GAP-{n} is not mentioned in docs/games/{DOC.name}"
