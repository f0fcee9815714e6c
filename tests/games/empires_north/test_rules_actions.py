"""Rule tests for Empires of the North's Action-phase actions (spec §5): building a location
(EN-5.2.1-5.2.5, gold EN-9.21), production locations, upgrades and flex cards (EN-5.2.3a/a2),
action discs (EN-5.3.1-5.3.7), the five tiles' actions (EN-5.4.1-5.4.4), attacking (EN-5.5),
using your own action (EN-5.6) and passing (EN-5.7, EN-5.1.5); worked examples EN-11.2, 11.3,
11.4, 11.5, 11.6, 11.7, 11.9, 11.10, 11.11.

Each test starts at seat 0's first turn of round 1 with both seats cleared (``_fresh``), builds
the exact position by hand (custom cards from ``make_card`` when the rule needs an exact effect,
the named stand-in cards when the rule is about them), plays it with legal actions through
``act`` and checks goods, VP, empires, discs and legal lists. The disc tests fix the circle to
the order of ``TILES`` (EXPLORE - POPULATE - CONSTRUCTION - HARVEST - SAIL - back to EXPLORE)
so that the neighbours are known.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.games.empires_north.state import EmpiresState

from .helpers import (
    TILES,
    Ship,
    act,
    build,
    card_id,
    clear,
    find,
    give,
    hand,
    kind,
    kinds,
    legal_json,
    make_card,
    new,
    tile,
    turn,
)

EXPLORE, POPULATE, CONSTRUCTION, HARVEST, SAIL = (tile(t) for t in TILES)

rule = pytest.mark.rule


# ---------------------------------------------------------------------------------- local helpers
def _fresh(clans: tuple[str, ...] = ("glenn", "olaf")) -> EmpiresState:
    """Seat 0 to act, both seats with nothing (5 workers each); the circle in TILES order."""
    s = new(2, clans)
    for p in range(2):
        clear(s, p)
    s.circle = tuple(TILES)
    turn(s, 0)
    return s


def _gain(**goods: int) -> list[list[dict[str, Any]]]:
    """A single-option effect list: gain ``goods``."""
    return [[{"do": "gain", "goods": goods}]]


def _action_card(
    s: EmpiresState,
    cost: dict[str, int] | None = None,
    use_cost: dict[str, int] | None = None,
    effects: list[list[dict[str, Any]]] | None = None,
    **fields: Any,
) -> int:
    """A custom "Pay to build" action location: ``cost`` to build; its action pays
    ``use_cost`` and resolves ``effects`` (by default: gain 1 VP)."""
    action: dict[str, Any] = {
        "cost": use_cost or {},
        "effects": effects if effects is not None else _gain(vp=1),
    }
    if "assign" in fields:
        action["assign"] = fields.pop("assign")
    return make_card(s, type="action", cost=cost or {}, action=action, **fields)


def _put(s: EmpiresState, p: int, *cards: int) -> None:
    """Cards (by index) into ``p``'s hand."""
    s.hand[p].extend(cards)
    s.hand[p].sort()


def _legal(s: EmpiresState, kind_: str, key: str) -> set[int]:
    """The values of parameter ``key`` over the legal actions of that kind."""
    return {a[key] for a in legal_json(s) if a["kind"] == kind_}


def _goods(s: EmpiresState, p: int) -> dict[str, int]:
    """``p``'s non-zero goods."""
    return {g: k for g, k in s.goods[p].items() if k}


def _pass_other(s: EmpiresState) -> None:
    """Seat 1 passes, so that every later turn is seat 0's."""
    assert kind(s) == "turn" and s.stack[-1].seat == 1
    act(s, "pass")
    assert kind(s) == "turn" and s.stack[-1].seat == 0


# --------------------------------------------------------------------------------- EN-5.2.1 build
@rule("EN-5.2", "EN-9.3")
def test_en_5_2_1_build_pays_cost_to_common_supply_and_enters_ready() -> None:
    s = _fresh()
    c = _action_card(s, cost={"wood": 2, "stone": 1})
    _put(s, 0, c)
    give(s, 0, wood=2, stone=1, sheep=1)
    act(s, "build", card=c)
    assert _goods(s, 0) == {"sheep": 1}
    assert c not in s.hand[0]
    assert [(pl.card, pl.exhausted) for pl in s.empire[0]] == [(c, False)]
    assert s.workers[0] == 5 and s.tired[0] == 0


def test_en_5_2_1_cannot_build_without_the_cost() -> None:
    s = _fresh()
    c = _action_card(s, cost={"wood": 2, "stone": 1})
    _put(s, 0, c)
    give(s, 0, wood=1, stone=1, sheep=5)
    assert find(s, "build", card=c) is None
    give(s, 0, wood=1)
    assert find(s, "build", card=c) is not None


def test_en_5_2_1_only_pay_to_build_cards_can_be_built() -> None:
    """Production, upgrade, flex and boost cards are never built with the Build action."""
    s = _fresh()
    build(s, 0, "Kailyard")  # a food location, so the upgrade/flex would have a host
    prod = make_card(s, type="production", when="harvest", produce={"stone": 1})
    upg = make_card(s, type="upgrade", when="harvest", produce={"food": 1})
    flex = make_card(s, type="flex", when="harvest", produce={"food": 1})
    boost = make_card(s, type="boost", when="harvest", effects=_gain(wood=1))
    feature = make_card(
        s, type="feature", cost={"wood": 1}, features=[{"on": "pass", "effects": _gain(vp=1)}]
    )
    action = _action_card(s, cost={"wood": 1})
    _put(s, 0, prod, upg, flex, boost, feature, action)
    give(s, 0, wood=5, gold=5)
    assert _legal(s, "build", "card") == {feature, action}


def test_en_9_21_gold_stands_in_for_a_missing_resource() -> None:
    s = _fresh()
    c = _action_card(s, cost={"wood": 2, "stone": 1})
    _put(s, 0, c)
    give(s, 0, wood=1, gold=2)  # 1 wood + 2 gold for 1 wood and 1 stone
    act(s, "build", card=c)
    assert _goods(s, 0) == {}
    assert s.empire[0][0].card == c


def _pay_labels(s: EmpiresState) -> list[str]:
    """The labels of the pending payment decision (EN-9.21)."""
    assert kind(s) == "pay", kind(s)
    return [a.label for a in s.legal_actions()]


@rule("EN-5.2.1", "EN-9.3")
def test_en_9_21_a_player_holding_wood_may_pay_gold_instead() -> None:
    """EN-9.21 / EN-5.2.1: gold may stand in for any number of the required resources, by the
    player's choice, even for resources the player holds."""
    s = _fresh()
    c = _action_card(s, cost={"wood": 2, "stone": 1})
    _put(s, 0, c)
    give(s, 0, wood=2, gold=3)
    act(s, "build", card=c)
    # the stone must be gold; each of the two wood may be gold or wood
    assert _pay_labels(s) == ["Pay 2 wood + 1 gold", "Pay 1 wood + 2 gold", "Pay 3 gold"]
    assert s.empire[0] == [] and c in s.hand[0]  # nothing is paid or built before the choice
    act(s, "pay", gold_wood=2, gold_stone=1)
    assert _goods(s, 0) == {"wood": 2}  # the wood kept, all three paid in gold
    assert [pl.card for pl in s.empire[0]] == [c]
    assert s.events[-1]["type"] == "build" and s.events[-1]["cost"] == {"gold": 3}


@rule("EN-5.3.2", "EN-GAP-6")
def test_en_9_21_the_disc_move_may_be_paid_with_gold_while_food_is_held() -> None:
    """EN-5.3.2: "pay 1 food (or 1 gold instead)" is the player's choice."""
    s = _fresh()
    give(s, 0, food=1, gold=1)
    act(s, "disc", tile=EXPLORE)
    _pass_other(s)
    move = find(s, "move", disc=0, to=POPULATE)
    assert move is not None and move.label.endswith("(1 food or 1 gold)")
    s.apply(move)
    assert _pay_labels(s) == ["Pay 1 food", "Pay 1 gold"]
    assert s.disc_at[0][0] == EXPLORE  # the disc moves once paid
    act(s, "pay", gold_food=1)
    assert _goods(s, 0) == {"food": 1}  # the gold paid, the food kept
    assert s.disc_at[0][0] == POPULATE and s.disc_x[0][0] and s.workers[0] == 6
    assert any(e["type"] == "disc" and e["moved"] == "gold" for e in s.events)


@rule("EN-5.6.3", "EN-9.3")
def test_en_9_21_an_action_cards_cost_may_be_paid_with_gold_while_the_resource_is_held() -> None:
    """EN-5.6.3 step 2: "gold may replace any number of resources" for an action's cost too."""
    s = _fresh()
    pos = build(s, 0, _action_card(s, use_cost={"fish": 1, "worker": 1}, effects=_gain(vp=2)))
    give(s, 0, fish=1, gold=1)
    act(s, "use", pos=pos)
    assert _pay_labels(s) == ["Pay 1 fish + 1 worker", "Pay 1 gold + 1 worker"]
    assert s.vp[0] == 0 and not s.empire[0][pos].exhausted  # nothing resolves before paying
    act(s, "pay", gold_fish=1)
    assert _goods(s, 0) == {"fish": 1} and (s.workers[0], s.tired[0]) == (4, 1)
    assert s.vp[0] == 2 and s.empire[0][pos].exhausted


def test_en_9_21_no_payment_choice_when_gold_cannot_be_used() -> None:
    """No decision when gold cannot stand in (no gold, or a cost of gold, axes and workers
    only) or when only one way to pay exists (gold exactly for what is missing)."""
    s = _fresh()
    wood = _action_card(s, cost={"wood": 1})
    other = _action_card(s, cost={"gold": 1, "axe": 1, "worker": 1})
    short = _action_card(s, cost={"stone": 2})
    _put(s, 0, wood, other, short)
    give(s, 0, wood=1)  # no gold at all
    act(s, "build", card=wood)
    assert kind(s) == "turn" and s.stack[-1].seat == 1 and _goods(s, 0) == {}
    _pass_other(s)
    give(s, 0, gold=1, axe=1, stone=9)  # gold, but the cost has no resource
    act(s, "build", card=other)
    assert kind(s) == "turn" and _goods(s, 0) == {"stone": 9} and s.tired[0] == 1
    s.goods[0]["stone"] = 1
    give(s, 0, gold=1)  # one stone and one gold for two stone: a single way
    act(s, "build", card=short)
    assert kind(s) == "turn" and _goods(s, 0) == {}
    assert len(s.empire[0]) == 3
    # a move with food and no gold: no choice either; with both, the choice is offered
    t = _fresh()
    give(t, 0, food=2)
    act(t, "disc", tile=EXPLORE)
    _pass_other(t)
    act(t, "move", disc=0, to=POPULATE)
    assert kind(t) == "turn" and _goods(t, 0) == {"food": 1}
    u = _fresh()
    again = _action_card(u, cost={"stone": 2})
    _put(u, 0, again)
    give(u, 0, stone=2, gold=1)  # a stone held and a gold that may replace it
    act(u, "build", card=again)
    assert _pay_labels(u) == ["Pay 2 stone", "Pay 1 stone + 1 gold"]


def test_en_9_21_the_list_has_one_option_per_distinct_payment() -> None:
    """Which wood token is replaced does not matter: "1 wood + 1 gold" is offered once; the
    gold left for the resources is counted after a cost in gold."""
    s = _fresh()
    two = _action_card(s, cost={"wood": 2})
    mixed = _action_card(s, cost={"wood": 1, "stone": 1, "gold": 1})
    _put(s, 0, two, mixed)
    give(s, 0, wood=2, gold=5)
    act(s, "build", card=two)
    assert _pay_labels(s) == ["Pay 2 wood", "Pay 1 wood + 1 gold", "Pay 2 gold"]
    payments = [a.to_json() for a in s.legal_actions()]
    assert len({tuple(sorted(j.items())) for j in payments}) == 3
    act(s, "pay", gold_wood=1)
    assert _goods(s, 0) == {"wood": 1, "gold": 4}
    _pass_other(s)
    s.goods[0] = {**s.goods[0], "wood": 1, "stone": 1, "gold": 2}
    act(s, "build", card=mixed)  # 1 gold is the printed gold; 1 gold is spare
    assert _pay_labels(s) == [
        "Pay 1 wood + 1 stone + 1 gold",
        "Pay 1 stone + 2 gold",
        "Pay 1 wood + 2 gold",
    ]


def test_en_9_21_gold_cannot_replace_axes_gold_or_workers() -> None:
    s = _fresh()
    axe = _action_card(s, cost={"axe": 1})
    gold = _action_card(s, cost={"gold": 1, "wood": 1})
    worker = _action_card(s, cost={"worker": 3})
    _put(s, 0, axe, gold, worker)
    s.workers[0] = 2
    give(s, 0, gold=1, stone=9)
    # the one gold cannot be both the gold and the missing wood; no axe; 2 workers of 3
    assert _legal(s, "build", "card") == set()
    give(s, 0, gold=1)
    assert _legal(s, "build", "card") == {gold}  # gold for the wood, gold for the gold
    give(s, 0, axe=1, worker=1)
    assert _legal(s, "build", "card") == {axe, gold, worker}


def test_en_11_2_trading_floe_costs_one_stone_or_one_gold() -> None:
    """EN-11.2: Panurjuk's "Trading ..." card: return 1 stone (or, EN-9.21, 1 gold)."""
    floe = card_id("Trading Floe")
    for pay in ({"stone": 1}, {"gold": 1}):
        s = _fresh(("panurjuk", "olaf"))
        hand(s, 0, "Trading Floe")
        assert find(s, "build", card=floe) is None  # nothing to pay with
        give(s, 0, sheep=1, **pay)
        act(s, "build", card=floe)
        assert _goods(s, 0) == {"sheep": 1}, pay
        assert [pl.card for pl in s.empire[0]] == [floe]


@rule("EN-9.3", "EN-9.22")
def test_en_11_3_worker_cost_tires_workers_and_action_usable_same_round() -> None:
    s = _fresh()
    c = _action_card(s, cost={"worker": 2, "wood": 1}, effects=_gain(vp=2))
    _put(s, 0, c)
    give(s, 0, wood=1, gold=3)
    act(s, "build", card=c)
    assert [a.label for a in s.legal_actions()] == [  # gold for the wood, never the workers
        "Pay 1 wood + 2 workers",
        "Pay 1 gold + 2 workers",
    ]
    act(s, "pay", gold_wood=0)
    assert (s.workers[0], s.tired[0]) == (3, 2)
    assert _goods(s, 0) == {"gold": 3}  # gold never pays for workers
    assert not s.empire[0][0].exhausted
    _pass_other(s)
    act(s, "use", pos=0)  # the same round
    assert s.vp[0] == 2
    assert s.empire[0][0].exhausted


def test_en_5_2_2_build_bonus_resolves_when_the_card_enters() -> None:
    s = _fresh()
    c = _action_card(s, cost={"wood": 1}, bonus=[[{"do": "gain", "goods": {"vp": 2, "fish": 1}}]])
    _put(s, 0, c)
    give(s, 0, wood=1)
    act(s, "build", card=c)
    assert s.vp[0] == 2 and _goods(s, 0) == {"fish": 1}
    _pass_other(s)
    act(s, "use", pos=0)  # using it later gives only its action, not the bonus again
    assert s.vp[0] == 3 and _goods(s, 0) == {"fish": 1}


@rule("EN-9.17")
def test_en_11_4_slash_means_one_option_of_the_players_choice() -> None:
    """EN-5.2.4 / EN-11.4: "gain 1 wood / 1 stone" gives one of them, chosen."""
    s = _fresh()
    c = _action_card(
        s,
        cost={"food": 1},
        bonus=[
            [{"do": "gain", "goods": {"wood": 1}}],
            [{"do": "gain", "goods": {"stone": 1}}],
        ],
    )
    _put(s, 0, c)
    give(s, 0, food=1)
    act(s, "build", card=c)
    assert kind(s) == "alt" and _legal(s, "alt", "i") == {0, 1}
    act(s, "alt", i=1)
    assert _goods(s, 0) == {"stone": 1}


# ------------------------------------------------------------------------- EN-5.2.3(a) production
def test_en_5_2_3a_production_built_only_with_the_tile_it_names() -> None:
    s = _fresh()
    build(s, 0, "Kailyard")
    prod = make_card(s, type="production", when="harvest", produce={"stone": 2})
    buildable = _action_card(s, cost={"wood": 9})
    other = _action_card(s, cost={"stone": 9})
    _put(s, 0, prod, buildable, other)
    # CONSTRUCTION: the production card is neither an extra nor a card to construct
    act(s, "disc", tile=CONSTRUCTION)
    assert kind(s) == "construct"
    assert _legal(s, "construct", "card") == {buildable, other}
    act(s, "construct", card=buildable)
    assert prod in s.hand[0]
    _pass_other(s)
    # HARVEST names it: build it, gain its goods at once
    act(s, "disc", tile=HARVEST)
    assert kind(s) == "extra" and _legal(s, "produce", "card") == {prod}
    act(s, "produce", card=prod)
    assert s.goods[0]["stone"] == 2
    assert [pl.card for pl in s.empire[0]][-1] == prod


def test_en_5_3_3_production_card_first_then_the_tile_action() -> None:
    """The production location built with HARVEST can be harvested by that same HARVEST."""
    s = _fresh()
    kail = build(s, 0, "Kailyard")
    prod = make_card(s, type="production", when="harvest", produce={"stone": 2})
    _put(s, 0, prod)
    act(s, "disc", tile=HARVEST)
    act(s, "produce", card=prod)
    assert kind(s) == "harvest"
    new_pos = len(s.empire[0]) - 1
    assert _legal(s, "harvest", "pos") == {kail, new_pos}
    act(s, "harvest", pos=new_pos)
    assert _goods(s, 0) == {"stone": 4}  # 2 when built + 2 harvested


def test_en_5_2_3a_production_location_is_never_exhausted() -> None:
    s = _fresh()
    build(s, 0, "Kailyard")
    birch = build(s, 0, "Birch Wood")
    act(s, "disc", tile=HARVEST)
    act(s, "harvest", pos=birch)
    assert not s.empire[0][birch].exhausted
    _pass_other(s)
    act(s, "disc", tile=HARVEST)
    assert _legal(s, "harvest", "pos") == {0, birch}
    act(s, "harvest", pos=birch)
    assert _goods(s, 0) == {"wood": 2}


# -------------------------------------------------------------------------- EN-5.2.3(a2) upgrades
def test_en_11_5_frozen_mammoth_slides_only_under_a_location_sharing_a_good() -> None:
    s = _fresh(("nanuuk", "olaf"))
    igloos = build(s, 0, "Snowblock Igloos")  # food
    build(s, 0, "Frost-Net Hole")  # fish
    build(s, 0, "Driftwood Workshop")  # wood
    rookery = build(s, 0, "Penguin Rookery")  # fish + food
    hand(s, 0, "Frozen Mammoth")
    mammoth = card_id("Frozen Mammoth")
    act(s, "disc", tile=EXPLORE)
    act(s, "produce", card=mammoth)
    assert kind(s) == "host"
    assert kinds(s) == ["host", "host"]  # no "alone": it is an upgrade only
    assert _legal(s, "host", "pos") == {igloos, rookery}
    act(s, "host", pos=igloos)
    # gains only the Mammoth's own goods (1 food, 1 VP), not the host's
    assert s.goods[0]["food"] == 1 and s.vp[0] == 1
    assert s.empire[0][-1].card == mammoth and s.empire[0][-1].host == igloos


def test_en_11_5_frozen_mammoth_not_buildable_without_a_host() -> None:
    s = _fresh(("nanuuk", "olaf"))
    build(s, 0, "Frost-Net Hole")  # fish
    build(s, 0, "Driftwood Workshop")  # wood
    hand(s, 0, "Frozen Mammoth")
    act(s, "disc", tile=EXPLORE)
    assert kind(s) == "turn"  # no extra was offered: EXPLORE simply drew
    assert card_id("Frozen Mammoth") in s.hand[0] and len(s.hand[0]) == 2
    assert len(s.empire[0]) == 2


def test_en_11_5_harvest_of_the_host_gives_host_and_upgrade_goods() -> None:
    s = _fresh(("nanuuk", "olaf"))
    igloos = build(s, 0, "Snowblock Igloos")
    workshop = build(s, 0, "Driftwood Workshop")
    build(s, 0, "Frozen Mammoth", host=igloos)
    act(s, "disc", tile=HARVEST)
    assert _legal(s, "harvest", "pos") == {igloos, workshop}  # the upgrade is no site itself
    act(s, "harvest", pos=igloos)
    assert _goods(s, 0) == {"food": 2} and s.vp[0] == 1


def test_en_gap_13f_several_upgrades_all_give_their_goods() -> None:
    """EN-5.2.3(a2): "both (all) cards": a host with two upgrades gives all three."""
    s = _fresh(("nanuuk", "olaf"))
    igloos = build(s, 0, "Snowblock Igloos")
    build(s, 0, "Frozen Mammoth", host=igloos)
    build(s, 0, "Frozen Mammoth", host=igloos)
    act(s, "disc", tile=HARVEST)  # the only site: harvested at once
    assert _goods(s, 0) == {"food": 3} and s.vp[0] == 2


def test_en_11_5_upgrade_scores_one_vp_at_the_end() -> None:
    s = _fresh(("nanuuk", "olaf"))
    igloos = build(s, 0, "Snowblock Igloos")
    build(s, 0, "Frozen Mammoth", host=igloos)
    s.last_round = True
    act(s, "pass")
    act(s, "pass")
    assert kind(s) is None
    assert s.final[0]["cards"] == 2  # the Igloos and the Mammoth
    assert s.vp[0] == 2


def test_en_11_6_ice_cream_man_built_alone() -> None:
    s = _fresh()
    kail = build(s, 0, "Kailyard")  # food
    build(s, 0, "Birch Wood")  # wood
    hand(s, 0, "Travelling Ice-Cream Man")
    ice = card_id("Travelling Ice-Cream Man")
    act(s, "disc", tile=EXPLORE)
    act(s, "produce", card=ice)
    assert sorted(kinds(s)) == ["alone", "host"]
    assert _legal(s, "host", "pos") == {kail}
    act(s, "alone")
    ice_pos = len(s.empire[0]) - 1
    assert s.empire[0][ice_pos].host == -1
    assert s.goods[0]["food"] == 2
    _pass_other(s)
    act(s, "disc", tile=HARVEST)
    assert ice_pos in _legal(s, "harvest", "pos")  # its own production location
    act(s, "harvest", pos=ice_pos)
    assert s.goods[0]["food"] == 4


def test_en_11_6_ice_cream_man_built_as_an_upgrade() -> None:
    s = _fresh()
    kail = build(s, 0, "Kailyard")
    birch = build(s, 0, "Birch Wood")
    hand(s, 0, "Travelling Ice-Cream Man")
    act(s, "disc", tile=EXPLORE)
    act(s, "produce", card=card_id("Travelling Ice-Cream Man"))
    act(s, "host", pos=kail)
    assert s.empire[0][-1].host == kail and s.goods[0]["food"] == 2
    _pass_other(s)
    act(s, "disc", tile=HARVEST)
    assert _legal(s, "harvest", "pos") == {kail, birch}
    act(s, "harvest", pos=kail)
    assert s.goods[0]["food"] == 2 + 1 + 2


# ---------------------------------------------------------------------------- EN-5.2.5 type icons
@rule("EN-2.18")
def test_en_11_7_frozen_harbour_counts_harbours_including_itself() -> None:
    s = _fresh(("nanuuk", "olaf"))
    build(s, 0, "Frost-Net Hole")  # harbour
    build(s, 0, "Frozen Harbour")  # harbour (the other copy)
    build(s, 0, "Seal Ledge")  # animal only: not counted
    build(s, 0, "Snowblock Igloos")  # dwelling
    build(s, 1, "Fjord Nets")  # an opponent's harbour does not count
    hand(s, 0, "Frozen Harbour")
    give(s, 0, wood=1, stone=1)
    act(s, "build", card=card_id("Frozen Harbour"))
    assert s.vp[0] == 3


def test_en_gap_13g_type_icon_count_skips_the_card_without_the_icon() -> None:
    """EN-5.2.5: "per icon" counts the cards of your empire showing it; the new card counts
    itself only when it shows the icon (EN-GAP-13(g))."""
    per_shrine = [[{"do": "per", "goods": {"vp": 1}, "what": "shrine"}]]
    for icons, expected in (((), 2), (("shrine",), 3)):
        s = _fresh(("nanuuk", "olaf"))
        build(s, 0, "Drum-Song Hall")  # shrine, dwelling
        build(s, 0, "Drum-Song Hall")
        build(s, 0, "Tally House")  # dwelling
        build(s, 1, "Drum-Song Hall")
        c = _action_card(s, cost={"wood": 1}, bonus=per_shrine, icons=icons)
        _put(s, 0, c)
        give(s, 0, wood=1)
        act(s, "build", card=c)
        assert s.vp[0] == expected, icons


# ----------------------------------------------------------------------------------- EN-5.3 discs
@rule("EN-5.3")
def test_en_5_3_1_disc_on_any_tile_non_exhausted_and_both_may_share() -> None:
    s = _fresh()
    build(s, 0, "Kailyard")
    _put(s, 0, _action_card(s, cost={"wood": 1}))
    give(s, 0, food=1)  # so that a move stays possible after both discs are out
    assert _legal(s, "disc", "tile") == set(range(5))
    act(s, "disc", tile=POPULATE)
    assert s.disc_at[0] == [POPULATE, -1] and s.disc_x[0] == [False, False]
    assert s.workers[0] == 6
    _pass_other(s)
    act(s, "disc", tile=POPULATE)
    assert s.disc_at[0] == [POPULATE, POPULATE] and s.workers[0] == 7
    assert "disc" not in kinds(s)  # both discs are out


@rule("EN-2.10")
def test_en_5_3_2_move_disc_to_adjacent_tile_costs_food() -> None:
    s = _fresh()
    give(s, 0, food=1, gold=1)
    act(s, "disc", tile=EXPLORE)
    assert not s.disc_x[0][0]  # placed on its plain side (EN-2.10)
    _pass_other(s)
    # only to the two neighbours of EXPLORE in the circle
    assert {(a["disc"], a["to"]) for a in legal_json(s) if a["kind"] == "move"} == {
        (0, SAIL),
        (0, POPULATE),
    }
    act(s, "move", disc=0, to=POPULATE)
    act(s, "pay", gold_food=0)  # the food (gold is the player's other choice, EN-9.21)
    assert s.disc_at[0][0] == POPULATE and s.disc_x[0][0]  # flipped to its exhausted side
    assert s.workers[0] == 6  # POPULATE was performed
    assert _goods(s, 0) == {"gold": 1}  # the food paid, not the gold
    assert "move" not in kinds(s)  # an exhausted disc does not move again


def test_en_5_3_2_the_paid_move_is_the_turns_one_action() -> None:
    s = _fresh()
    give(s, 0, food=2)
    act(s, "disc", tile=EXPLORE)
    act(s, "disc", tile=POPULATE)  # seat 1
    act(s, "move", disc=0, to=POPULATE)
    assert kind(s) == "turn" and s.stack[-1].seat == 1  # the opponent's turn next


def test_en_5_3_2_gold_pays_for_the_move_and_nothing_else_does() -> None:
    s = _fresh()
    give(s, 0, wood=3, sheep=3, fish=3, stone=3, axe=1)
    act(s, "disc", tile=EXPLORE)
    _pass_other(s)
    assert "move" not in kinds(s)  # no food, no gold
    give(s, 0, gold=1)
    act(s, "move", disc=0, to=POPULATE)
    assert s.goods[0]["gold"] == 0 and s.workers[0] == 6


def test_en_5_3_2_each_disc_used_at_most_twice_a_round() -> None:
    s = _fresh()
    user = build(s, 0, _action_card(s, use_cost={"stone": 1}))  # keeps the turn a decision
    give(s, 0, food=5, stone=1)
    act(s, "disc", tile=POPULATE)
    _pass_other(s)
    act(s, "disc", tile=POPULATE)
    act(s, "move", disc=0, to=EXPLORE)
    act(s, "move", disc=1, to=EXPLORE)
    assert s.disc_x[0] == [True, True] and s.disc_at[0] == [EXPLORE, EXPLORE]
    assert s.goods[0]["food"] == 3
    assert kinds(s) == ["use", "pass"]  # neither disc can be placed or moved again
    act(s, "use", pos=user)
    assert s.round == 2  # EN-5.7: with no legal action left, seat 0 had to pass


def test_en_5_3_2_move_needs_a_performable_destination() -> None:
    """EN-5.3.4 applies to the moved disc's new tile too: HARVEST without production."""
    s = _fresh()
    give(s, 0, food=1)
    act(s, "disc", tile=SAIL)
    _pass_other(s)
    # SAIL's neighbours are HARVEST (nothing to harvest) and EXPLORE
    assert _legal(s, "move", "to") == {EXPLORE}


def test_en_gap_13m_paid_move_may_play_a_boost_for_the_new_tile() -> None:
    """EN-5.3.2 with EN-5.3.3: the action after a paid move is a tile action too."""
    s = _fresh()
    build(s, 0, "Kailyard")
    boost = make_card(s, type="boost", when="harvest", effects=_gain(stone=1))
    _put(s, 0, boost)
    give(s, 0, food=1)
    act(s, "disc", tile=SAIL)
    _pass_other(s)
    act(s, "move", disc=0, to=HARVEST)
    assert kind(s) == "extra" and find(s, "boost", card=boost) is not None
    act(s, "boost", card=boost)
    assert _goods(s, 0) == {"stone": 1, "food": 1}  # the boost, then HARVEST of Kailyard


@rule("EN-9.11")
def test_en_5_3_3_boost_naming_the_tile_resolves_before_the_tile() -> None:
    s = _fresh()
    build(s, 0, "Kailyard")
    birch = build(s, 0, "Birch Wood")
    b1 = make_card(s, type="boost", when="harvest", effects=_gain(stone=1))
    b2 = make_card(s, type="boost", when="harvest", effects=_gain(sheep=1))
    other = make_card(s, type="boost", when="explore", effects=_gain(fish=1))
    _put(s, 0, b1, b2, other)
    act(s, "disc", tile=HARVEST)
    assert kind(s) == "extra"
    assert _legal(s, "boost", "card") == {b1, b2}  # only cards naming HARVEST
    assert "none" in kinds(s)  # optional
    act(s, "boost", card=b1)
    assert kind(s) == "harvest"  # one card only: no second extra
    assert s.goods[0]["stone"] == 1  # the boost's effect came first
    act(s, "harvest", pos=birch)
    assert _goods(s, 0) == {"stone": 1, "wood": 1}
    assert s.hand[0] == sorted([b2, other]) and b1 in s.discard[0]


def test_en_11_11_no_construction_without_a_buildable_card() -> None:
    """EN-5.3.4 / EN-11.11: not even to play a CONSTRUCTION boost."""
    s = _fresh()
    boost = make_card(s, type="boost", when="construction", effects=_gain(vp=1))
    prod = make_card(s, type="production", when="construction", produce={"stone": 1})
    _put(s, 0, boost, prod)
    assert CONSTRUCTION not in _legal(s, "disc", "tile")
    _put(s, 0, _action_card(s, cost={"wood": 9}))  # buildable for free, though unaffordable
    assert CONSTRUCTION in _legal(s, "disc", "tile")


def test_en_5_3_4_no_harvest_without_a_production_location() -> None:
    s = _fresh()
    _put(s, 0, make_card(s, type="boost", when="harvest", effects=_gain(vp=1)))
    build(s, 0, _action_card(s))
    assert HARVEST not in _legal(s, "disc", "tile")
    build(s, 0, "Kailyard")
    assert HARVEST in _legal(s, "disc", "tile")


def test_en_5_3_4_no_sail_without_a_free_ship() -> None:
    s = _fresh()
    s.queue = [Ship(0, False, False)]
    assert SAIL in _legal(s, "disc", "tile")
    s.queue.append(Ship(0, False, False))
    assert SAIL not in _legal(s, "disc", "tile")


def test_en_5_3_4_no_explore_with_deck_and_discard_empty() -> None:
    s = _fresh()
    rest = s.deck[0]
    s.deck[0] = []
    assert EXPLORE not in _legal(s, "disc", "tile")
    s.discard[0] = rest[:1]
    assert EXPLORE in _legal(s, "disc", "tile")
    act(s, "disc", tile=EXPLORE)  # EN-4.6: the discard pile becomes the deck
    assert s.hand[0] == rest[:1]


def test_en_5_3_5_tile_effect_as_if_a_disc_were_placed() -> None:
    s = _fresh()
    build(s, 0, "Kailyard")
    user = build(s, 0, _action_card(s, effects=[[{"do": "tile", "tile": "harvest"}]]))
    boost = make_card(s, type="boost", when="harvest", effects=_gain(stone=1))
    _put(s, 0, boost)
    act(s, "use", pos=user)
    assert kind(s) == "extra"  # the optional boost for the named action
    act(s, "boost", card=boost)
    assert _goods(s, 0) == {"stone": 1, "food": 1}  # the boost, then HARVEST
    assert s.disc_at[0] == [-1, -1]  # no disc moved
    assert s.empire[0][user].exhausted


@rule("EN-9.14")
def test_en_11_9_same_action_twice_with_one_disc() -> None:
    """EN-5.3.7 / EN-11.9: POPULATE, MOVE ACTION DISC to CONSTRUCTION (no action), then the
    paid move back to POPULATE."""
    s = _fresh()
    mover = build(s, 0, _action_card(s, effects=[[{"do": "move_disc"}]]))
    spare = _action_card(s, cost={"wood": 1})
    _put(s, 0, spare)
    give(s, 0, food=1)
    act(s, "disc", tile=POPULATE)
    _pass_other(s)
    act(s, "use", pos=mover)
    assert kind(s) == "relocate"
    # any other tile, not only the neighbours; only the disc already used
    assert {(a["disc"], a["to"]) for a in legal_json(s) if a["kind"] == "relocate"} == {
        (0, EXPLORE),
        (0, CONSTRUCTION),
        (0, HARVEST),
        (0, SAIL),
    }
    act(s, "relocate", disc=0, to=CONSTRUCTION)
    assert s.disc_at[0] == [CONSTRUCTION, -1] and not s.disc_x[0][0]
    assert spare in s.hand[0] and len(s.empire[0]) == 1  # CONSTRUCTION was not performed
    assert kind(s) == "turn"
    act(s, "move", disc=0, to=POPULATE)
    assert s.workers[0] == 7  # POPULATE twice with one disc
    assert s.disc_x[0][0]


def test_en_11_10_boost_that_moves_its_own_disc_still_resolves_the_original_tile() -> None:
    s = _fresh()
    kail = build(s, 0, "Kailyard")
    build(s, 0, "Birch Wood")
    boost = make_card(s, type="boost", when="harvest", effects=[[{"do": "move_disc"}]])
    _put(s, 0, boost)
    act(s, "disc", tile=HARVEST)
    act(s, "boost", card=boost)
    act(s, "relocate", disc=0, to=EXPLORE)
    assert kind(s) == "harvest"  # HARVEST (where it was placed), not EXPLORE
    act(s, "harvest", pos=kail)
    assert _goods(s, 0) == {"food": 1}
    assert s.hand[0] == []  # EXPLORE drew nothing
    assert s.disc_at[0][0] == EXPLORE


# ----------------------------------------------------------------------------------- EN-5.4 tiles
def test_en_5_4_1_explore_draws_the_top_card_of_your_deck() -> None:
    s = _fresh()
    top = s.deck[0][-1]
    size = len(s.deck[0])
    act(s, "disc", tile=EXPLORE)
    assert s.hand[0] == [top] and len(s.deck[0]) == size - 1


def test_en_5_4_2_populate_gives_a_worker_for_good() -> None:
    s = _fresh()
    act(s, "disc", tile=POPULATE)
    assert (s.workers[0], s.tired[0]) == (6, 0)
    act(s, "pass")  # seat 1
    act(s, "pass")  # seat 0: the round ends
    assert s.round == 2 and kind(s) == "lookout"
    assert s.workers[0] + s.tired[0] == 6 and s.workers[1] == 5


def test_en_5_4_3_construction_builds_free_of_goods_and_workers_with_bonus() -> None:
    s = _fresh()
    dear = _action_card(s, cost={"wood": 3, "worker": 2}, bonus=_gain(vp=2))
    other = _action_card(s, cost={"stone": 1})
    prod = make_card(s, type="production", when="harvest", produce={"stone": 1})
    _put(s, 0, dear, other, prod)
    act(s, "disc", tile=CONSTRUCTION)
    assert kind(s) == "construct"
    assert _legal(s, "construct", "card") == {dear, other}  # never a production card
    act(s, "construct", card=dear)
    assert [pl.card for pl in s.empire[0]] == [dear]
    assert _goods(s, 0) == {} and (s.workers[0], s.tired[0]) == (5, 0)
    assert s.vp[0] == 2  # the build bonus still applies
    assert not s.empire[0][0].exhausted


def test_en_5_4_4_harvest_gives_one_location_of_your_choice() -> None:
    s = _fresh()
    kail = build(s, 0, "Kailyard")
    birch = build(s, 0, "Birch Wood")
    act(s, "disc", tile=HARVEST)
    assert _legal(s, "harvest", "pos") == {kail, birch}
    act(s, "harvest", pos=kail)
    assert _goods(s, 0) == {"food": 1}


# ---------------------------------------------------------------------------------- EN-5.5 attack
def test_en_5_5_attack_needs_an_axe_gold_will_not_do() -> None:
    s = _fresh()
    build(s, 1, _action_card(s))
    give(s, 0, gold=3)
    assert "attack" not in kinds(s)
    give(s, 0, axe=1)
    assert "attack" in kinds(s)


@rule("EN-5.5.3", "EN-9.13")
def test_en_5_5_attack_targets_only_ready_action_cards_of_opponents() -> None:
    s = _fresh()
    build(s, 0, _action_card(s))  # own action card: never a target
    target = build(s, 1, _action_card(s))
    build(s, 1, _action_card(s), exhausted=True)  # already exhausted
    build(s, 1, "Home Pasture")  # production
    feature = make_card(s, type="feature", features=[{"on": "pass", "effects": _gain(vp=1)}])
    build(s, 1, feature)
    island = build(s, 1, "Puffin Skerry")  # conquered island with an action
    build(s, 1, "Birch Holm")  # conquered island with a feature
    give(s, 0, axe=1)
    assert {(a["seat"], a["pos"]) for a in legal_json(s) if a["kind"] == "attack"} == {
        (1, target),
        (1, island),
    }


@rule("EN-5.5.1", "EN-5.5.3", "EN-5.5.4")
def test_en_5_5_attack_pays_an_axe_and_exhausts_the_target_until_refreshed() -> None:
    """EN-5.5.1/5.5.3: the attacker pays 1 axe and exhausts the card, which its owner cannot
    use until Cleanup refreshes it; EN-5.5.4: the attacker gains nothing else."""
    s = _fresh()
    target = build(s, 1, _action_card(s))
    give(s, 0, axe=2, gold=1)
    act(s, "attack", seat=1, pos=target)
    assert _goods(s, 0) == {"axe": 1, "gold": 1} and s.vp[0] == 0
    assert s.empire[1][target].exhausted
    assert s.stack[-1].seat == 1 and "use" not in kinds(s)  # its owner cannot use it
    act(s, "pass")
    assert find(s, "attack", seat=1) is None  # and nobody attacks it twice
    act(s, "pass")
    assert s.round == 2 and not s.empire[1][target].exhausted  # refreshed in Cleanup


def test_en_5_1_5_a_passed_player_cannot_be_attacked() -> None:
    """EN-5.1.5 / EN-5.5.2 / EN-GAP-13(e)."""
    s = _fresh()
    build(s, 1, _action_card(s))
    give(s, 0, axe=1)
    turn(s, 1)
    act(s, "pass")
    assert s.stack[-1].seat == 0
    assert "attack" not in kinds(s)


# ------------------------------------------------------------------------------------- EN-5.6 use
@rule("EN-5.6.1")
def test_en_5_6_use_pays_with_gold_tires_workers_resolves_then_exhausts() -> None:
    s = _fresh()
    pos = build(s, 0, _action_card(s, use_cost={"worker": 1, "stone": 2}, effects=_gain(vp=3)))
    give(s, 0, stone=1)
    assert "use" not in kinds(s)  # cannot pay
    give(s, 0, gold=1, wood=1)
    act(s, "use", pos=pos)
    assert _goods(s, 0) == {"wood": 1}  # the stone, then gold for the missing one
    assert (s.workers[0], s.tired[0]) == (4, 1)
    assert s.vp[0] == 3
    assert s.empire[0][pos].exhausted
    _pass_other(s)
    give(s, 0, stone=2)
    assert "use" not in kinds(s)  # exhausted: not until refreshed


@rule("EN-5.6.2", "EN-9.13")
def test_en_5_6_use_only_a_ready_card() -> None:
    """Only a ready card with "Action:" (EN-9.13) can be used: not an exhausted one, not a
    production location without the keyword."""
    s = _fresh()
    ready = build(s, 0, _action_card(s))
    build(s, 0, _action_card(s), exhausted=True)
    plain = build(s, 0, "Kailyard")
    assert s.cards[s.empire[0][plain].card].action is None
    assert _legal(s, "use", "pos") == {ready}


def test_en_5_6_assign_takes_exact_goods_gold_cannot_stand_in() -> None:
    """EN-5.6 / EN-9.4: the assigned fish must be a fish; the cost beside it may use gold."""
    s = _fresh()
    pos = build(s, 0, _action_card(s, use_cost={"fish": 1}, assign={"fish": 1}))
    give(s, 0, gold=5)
    assert "use" not in kinds(s)
    give(s, 0, fish=1)  # 1 fish for the card, gold for the cost
    act(s, "use", pos=pos)
    assert s.stock[0] == {pos: {"fish": 1}}
    assert _goods(s, 0) == {"gold": 4} and s.vp[0] == 1
    # with one fish and no gold, the fish cannot be both assigned and paid
    s2 = _fresh()
    build(s2, 0, _action_card(s2, use_cost={"fish": 1}, assign={"fish": 1}))
    give(s2, 0, fish=1)
    assert "use" not in kinds(s2)


def test_en_5_6_effects_resolve_before_the_card_is_exhausted() -> None:
    """EN-5.6.3 steps 3-4: a "refresh" action cannot refresh its own card."""
    s = _fresh()
    tired = build(s, 0, _action_card(s), exhausted=True)
    user = build(s, 0, _action_card(s, effects=[[{"do": "refresh", "n": 1}]]))
    act(s, "use", pos=user)
    assert kind(s) == "refresh"
    assert _legal(s, "refresh", "pos") == {tired}
    act(s, "refresh", pos=tired)
    assert not s.empire[0][tired].exhausted and s.empire[0][user].exhausted


# ------------------------------------------------------------------------------------ EN-5.7 pass
def test_en_5_7_passed_player_is_skipped_until_everyone_passes() -> None:
    s = _fresh()
    give(s, 1, food=1)  # so that seat 1 keeps a move after both its discs are out
    act(s, "pass")
    assert s.passed[0] and s.stack[-1].seat == 1
    act(s, "disc", tile=POPULATE)
    assert s.stack[-1].seat == 1  # seat 0 takes no more turns
    act(s, "disc", tile=EXPLORE)
    assert s.stack[-1].seat == 1 and s.round == 1 and s.workers[0] == 5
    act(s, "pass")
    assert s.round == 2 and kind(s) == "lookout"  # the Action phase is over
