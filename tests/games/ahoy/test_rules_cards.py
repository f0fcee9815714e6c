"""Rule tests for the marketplace and the Union's plans: recruiting crew (AH-5.33-5.37,
AH-EX-10), the Smugglers' smuggling, cargo limit, delivery, reward grid and hidden favor tokens
(AH-6.3.3-6.3.7, AH-EX-11, AH-EX-12, AH-TC-8, AH-TC-9), the crew actions without a die and two
crew actions with one (Appendix A), the plans played as an action (AH-6.2.4, AH-6.2.5,
Appendix B), the plan draw (AH-7.8) and the public and hidden card information (AH-5.41).

Every position is built by hand: an exact map from ``sea``, the figures put where the test
needs them, the market and the plans chosen; the rules are then played through ``act``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletide.games.ahoy.constants import (
    CREW_SPOT0,
    CUTTER,
    FORT0,
    GUNBOAT,
    PATROL0,
    SHIP_SPOT0,
)
from tabletide.games.ahoy.content import SYMBOLS, RewardSpace
from tabletide.games.ahoy.state import AhoyState

from .helpers import (
    E,
    P,
    W,
    act,
    clear_figures,
    dice,
    find,
    fort,
    give_crew,
    hand,
    kind,
    new,
    options,
    patrol,
    put,
    sea,
    spot,
    start_turn,
)

rule = pytest.mark.rule

FLEET, SMUG, UNION, SMUG2 = 0, 1, 2, 3
"""The seats of a 4-player game (AH-3.3)."""

ROWS = ["I..I.I", "......"]
"""Three regions side by side: islands at (0,0), (3,0) and (5,0); everything else open sea."""
PARK = P(4, 1)
"""Where flagships wait when a test has no use for them: open sea in region 2."""
GRID_MIDDLE = 4
GRID = {
    "fame3": 0,
    "tile": 1,
    "fame3b": 2,
    "gold1": 3,
    "fame1": 5,
    "fame2": 6,
    "recruit": 7,
    "fame3c": 8,
}
"""The stand-in reward grid (boards.json, AH-GAP-3), row by row: the corners give 3, 3, 2 and 3
fame, the edges a tile, 1 gold, 1 fame and a recruit."""


# ---------------------------------------------------------------------------- local helpers
def table(
    n: int = 4,
    symbols: str = "skull fish sword",
    rows: list[str] | None = None,
    **sea_args: Any,
) -> AhoyState:
    """A game on an exact map with no figure anywhere but the flagships, parked on PARK; no
    crew, no cargo, 1 gold each, nothing placed."""
    s = new(n)
    sea(s, rows or ROWS, symbols=symbols, **sea_args)
    clear_figures(s)
    for seat in range(n):
        s.fig[seat] = PARK
        s.gold[seat] = 1
        s.crew[seat] = []
        s.cargo[seat] = []
        s.dice[seat] = []
        s.damage[seat] = []
    s.ready = 6
    return s


def card(s: AhoyState, crew: str, symbol: str | None = None) -> int:
    """The marketplace card of that crew (the copy with that symbol if given)."""
    return next(
        m.id for m in s.content.market if m.crew == crew and (symbol is None or m.symbol == symbol)
    )


def piles(s: AhoyState) -> dict[str, list[int]]:
    out = {"market": s.market, "deck": s.market_deck, "removed": s.removed}
    for seat in range(s.num_players):
        out[f"crew{seat}"] = s.crew[seat]
        out[f"cargo{seat}"] = s.cargo[seat]
        out[f"fleet_favor{seat}"] = s.favor[seat][0]
        out[f"union_favor{seat}"] = s.favor[seat][1]
    return out


def locate(s: AhoyState, c: int) -> list[str]:
    """Every place card ``c`` is in (an empty list: it has left the game)."""
    return [name for name, pile in piles(s).items() if c in pile]


def set_market(s: AhoyState, market: list[int], deck: list[int] | None = None) -> None:
    """The face-up market and the deck (its top is the last element); the cards are taken
    from wherever they were."""
    for c in [*market, *(deck or [])]:
        for pile in piles(s).values():
            if c in pile:
                pile.remove(c)
    s.market = list(market)
    s.market_deck = list(deck or [])


def give_cargo(s: AhoyState, seat: int, *cards_: int) -> None:
    for c in cards_:
        for pile in piles(s).values():
            if c in pile:
                pile.remove(c)
        s.cargo[seat].append(c)


def plan_hand(s: AhoyState, *keys: str) -> list[int]:
    """The Union's hand becomes exactly these plans (the rest is the deck)."""
    hand_: list[int] = []
    for key in keys:
        hand_.append(next(i for i, k in enumerate(s.plan_cards) if k == key and i not in hand_))
    s.plan_hand = sorted(hand_)
    s.plan_deck = [i for i in range(len(s.plan_cards)) if i not in hand_]
    s.plan_discard = []
    return hand_


def view(s: AhoyState, seat: int | None) -> str:
    return json.dumps(s.observation(seat), sort_keys=True)


def smuggler_on_island(s: AhoyState, x: int = 0, y: int = 0, seat: int = SMUG) -> None:
    """The Smuggler's flagship on the island at (x, y), its turn begun with dice 3 and 4."""
    put(s, seat, x, y)
    hand(s, seat, 3, 4)
    start_turn(s, seat)


# ============================================================================ recruiting
@rule("AH-5.33")
@pytest.mark.parametrize("seat", [FLEET, SMUG, UNION])
def test_recruiting_needs_the_flagship_on_an_island_and_the_island_symbol(seat: int) -> None:
    s = table()
    gunner, ram, diver = card(s, "gunner"), card(s, "battering_ram"), card(s, "diver")
    set_market(s, [gunner, diver, ram], deck=[card(s, "merchant")])
    s.gold[seat] = 2
    put(s, seat, 1, 0)  # open sea next to the skull island
    hand(s, seat, 3, 4)
    start_turn(s, seat)
    assert options(s, "recruit") == []
    put(s, seat, 0, 0)  # on the skull island
    start_turn(s, seat)
    assert sorted(o["card"] for o in options(s, "recruit")) == sorted([gunner, ram])
    put(s, seat, 3, 0)  # on the fish island: only the Diver
    start_turn(s, seat)
    assert [o["card"] for o in options(s, "recruit")] == [diver]


@rule("AH-5.34", "AH-5.35")
def test_a_gold_cost_goes_back_to_the_bank_and_the_market_refills_from_the_deck() -> None:
    s = table()
    buccaneer, ram, gunner = card(s, "buccaneer"), card(s, "battering_ram"), card(s, "gunner")
    merchant, sailor = card(s, "merchant"), card(s, "sailor")
    set_market(s, [buccaneer, ram, gunner], deck=[sailor, merchant])
    s.gold[SMUG] = 2
    bank = s.bank()
    smuggler_on_island(s)
    act(s, "recruit", card=buccaneer)  # costs 2 gold
    assert s.gold[SMUG] == 0 and s.bank() == bank + 2
    assert s.crew[SMUG] == [buccaneer]
    assert sorted(s.market) == sorted([ram, gunner, merchant])  # the deck's top card
    assert s.market_deck == [sailor]
    assert s.hand[SMUG] == [3, 4] and s.placed_turn == 0  # gold needs no die
    assert find(s, "recruit", card=ram) is None  # 1 gold short


@rule("AH-5.33", "AH-5.35")
def test_recruit_any_number_in_one_stop_with_no_crew_limit() -> None:
    s = table()
    ram, chronicler, buccaneer = (
        card(s, "battering_ram"),
        card(s, "chronicler"),
        card(s, "buccaneer"),
    )
    set_market(s, [ram, chronicler, buccaneer], deck=[card(s, "rum_guzzler"), card(s, "diver")])
    for crew in ("thief", "fence", "elder", "envoy", "helmsman", "merchant", "sea_wolf", "lookout"):
        give_crew(s, SMUG, crew)
    s.gold[SMUG] = 4
    smuggler_on_island(s)
    act(s, "recruit", card=ram)
    act(s, "recruit", card=chronicler)
    act(s, "recruit", card=buccaneer)
    assert len(s.crew[SMUG]) == 11
    assert {ram, chronicler, buccaneer} <= set(s.crew[SMUG])
    assert s.gold[SMUG] == 0


@rule("AH-5.34", "AH-4.3", "AH-EX-10")
def test_recruiting_the_gunner_with_a_die_is_the_turns_second_die() -> None:
    """AH-EX-10: a die on Sail to a skull island, then the Gunner paid with a die on the card:
    that was the turn's second and last die."""
    s = table()
    gunner, guzzler = card(s, "gunner"), card(s, "rum_guzzler")
    assert s.card(gunner).symbol == "skull" and s.card(gunner).cost == 0
    set_market(s, [gunner, guzzler, card(s, "diver")], deck=[card(s, "chronicler")])
    put(s, SMUG, 1, 0)
    hand(s, SMUG, 2, 5)
    start_turn(s, SMUG)
    act(s, "place", die=5, spot=spot(s, SMUG, "sail"), value=5)
    act(s, "step", dir=W)
    act(s, "stop")
    assert s.fig[SMUG] == P(0, 0)
    act(s, "recruit", card=gunner)  # the only die left (2) goes on the card by itself
    assert gunner in s.crew[SMUG]
    assert (CREW_SPOT0 + gunner, 2) in s.dice[SMUG]
    assert s.hand[SMUG] == [] and s.placed_turn == 2
    assert options(s, "place") == []
    assert find(s, "recruit", card=guzzler) is None  # no die left for another die-cost card
    assert find(s, "end") is not None


@rule("AH-5.34", "AH-GAP-4")
def test_the_recruit_die_does_not_trigger_the_cards_action() -> None:
    s = table(symbols="fish skull sword")
    sailor, shipwright = card(s, "sailor"), card(s, "shipwright")
    set_market(s, [sailor, shipwright, card(s, "diver")], deck=[card(s, "fisher")])
    s.gold[SMUG] = 2
    smuggler_on_island(s)
    act(s, "recruit", card=sailor)
    assert kind(s) == "pay_die"
    act(s, "pay_die", die=3)
    assert kind(s) == "turn" and s.fig[SMUG] == P(0, 0)  # the Sailor did not sail
    assert (CREW_SPOT0 + sailor, 3) in s.dice[SMUG]
    assert s.placed_turn == 1
    assert find(s, "place", spot=CREW_SPOT0 + sailor) is None  # its spot is taken this round
    # A die-action card paid with gold has its spot free at once (contrast).
    act(s, "recruit", card=shipwright)
    assert find(s, "place", die=4, spot=CREW_SPOT0 + shipwright) is not None


@rule("AH-5.35", "AH-GAP-9")
def test_an_empty_deck_leaves_the_market_short_and_is_never_reshuffled() -> None:
    s = table()
    ram, chronicler, diver = card(s, "battering_ram"), card(s, "chronicler"), card(s, "diver")
    set_market(s, [ram, chronicler, diver], deck=[])
    s.removed = [card(s, "gunner")]
    s.gold[SMUG] = 2
    smuggler_on_island(s)
    act(s, "recruit", card=ram)
    assert sorted(s.market) == sorted([chronicler, diver])
    act(s, "recruit", card=chronicler)
    assert s.market == [diver] and s.market_deck == []
    assert s.removed == [card(s, "gunner")]


@rule("AH-5.37", "AH-6.1.5")
def test_a_fort_blocks_enemy_recruiting_but_not_the_fleet() -> None:
    s = table()
    ram, gunner = card(s, "battering_ram"), card(s, "gunner")
    set_market(s, [ram, gunner, card(s, "diver")], deck=[card(s, "chronicler")])
    fort(s, 0, 0)
    for seat in (SMUG, UNION):
        s.gold[seat] = 2
        put(s, seat, 0, 0)
        hand(s, seat, 3, 4)
        start_turn(s, seat)
        assert options(s, "recruit") == [], s.faction[seat]
    # The Fleet recruits there, even from elsewhere (Island Dominance).
    s.gold[FLEET] = 2
    put(s, FLEET, 4, 1)
    hand(s, FLEET, 3, 4)
    start_turn(s, FLEET)
    assert sorted(o["card"] for o in options(s, "recruit")) == sorted([ram, gunner])
    put(s, FLEET, 0, 0)
    start_turn(s, FLEET)
    assert sorted(o["card"] for o in options(s, "recruit")) == sorted([ram, gunner])


# ============================================================================ smuggling
@rule("AH-6.3.3", "AH-EX-11")
def test_smuggling_the_diver_is_free_and_refills_the_market() -> None:
    """AH-EX-11: on an island of the Diver's symbol, recruiting it would cost 1 gold; the
    Smuggler smuggles its cargo (Cloth) for free instead."""
    s = table(symbols="fish skull sword")
    diver, helmsman, ram = card(s, "diver"), card(s, "helmsman"), card(s, "battering_ram")
    assert s.card(diver).cost == 1 and s.card(diver).cargo == "Cloth"
    set_market(s, [diver, helmsman, ram], deck=[card(s, "merchant"), card(s, "fisher")])
    s.gold[SMUG] = 1
    smuggler_on_island(s)
    assert {o["card"] for o in options(s, "smuggle")} == {diver, helmsman}  # fish cards only
    act(s, "smuggle", card=diver)
    assert s.cargo[SMUG] == [diver] and diver not in s.crew[SMUG]
    assert s.gold[SMUG] == 1 and s.hand[SMUG] == [3, 4] and s.placed_turn == 0
    assert sorted(s.market) == sorted([helmsman, ram, card(s, "fisher")])


@rule("AH-6.3.3", "AH-6.1.5")
def test_smuggling_needs_a_smuggler_on_an_island_without_a_fort() -> None:
    s = table()
    gunner = card(s, "gunner")
    set_market(s, [gunner, card(s, "battering_ram"), card(s, "diver")])
    put(s, SMUG, 1, 0)
    hand(s, SMUG, 3, 4)
    start_turn(s, SMUG)
    assert options(s, "smuggle") == []  # at sea
    put(s, UNION, 0, 0)
    hand(s, UNION, 3, 4)
    start_turn(s, UNION)
    assert options(s, "smuggle") == []  # only the Smugglers smuggle
    smuggler_on_island(s)
    assert find(s, "smuggle", card=gunner) is not None
    fort(s, 0, 0)
    start_turn(s, SMUG)
    assert options(s, "smuggle") == []


@rule("AH-6.3.4", "AH-TC-8", "AH-GAP-9")
def test_a_third_cargo_throws_one_out_of_the_game() -> None:
    s = table()
    gunner, ram, chronicler = card(s, "gunner"), card(s, "battering_ram"), card(s, "chronicler")
    set_market(s, [gunner, card(s, "diver"), card(s, "merchant")], deck=[card(s, "fisher")])
    give_cargo(s, SMUG, ram, chronicler)
    smuggler_on_island(s)
    act(s, "smuggle", card=gunner)
    assert kind(s) == "overboard"
    assert {o["card"] for o in options(s, "overboard")} == {gunner, ram, chronicler}
    act(s, "overboard", card=ram)
    assert sorted(s.cargo[SMUG]) == sorted([gunner, chronicler])
    assert locate(s, ram) == []  # out of the game, not back in the market or deck
    assert kind(s) == "turn"


# ============================================================================ delivery
def deliver_table(wealth: int = 1) -> tuple[AhoyState, int]:
    """The Smuggler on a sword island (region 1) carrying Jewels (the Buccaneer's cargo)."""
    s = table(symbols="skull sword fish")
    jewels = card(s, "buccaneer")
    assert s.card(jewels).cargo == "Jewels" and s.card(jewels).cargo_symbol == "sword"
    set_market(
        s,
        [card(s, "gunner"), card(s, "diver"), card(s, "battering_ram")],
        deck=[card(s, "merchant"), card(s, "chronicler")],
    )
    give_cargo(s, SMUG, jewels)
    s.wealth[1] = wealth
    smuggler_on_island(s, 3, 0)
    return s, jewels


@rule("AH-6.3.5", "AH-6.3.6", "AH-6.3.7", "AH-EX-12")
def test_delivery_example_jewels_to_a_sword_island() -> None:
    """AH-EX-12: +2 fame, wealth 2 -> 3, the first reward is one of the four spaces next to the
    middle; the Smuggler takes "recruit 1 crew" and slides the Jewels under the Union token."""
    s, jewels = deliver_table(wealth=2)
    fame, gold = s.fame[SMUG], s.gold[SMUG]
    act(s, "deliver", card=jewels)
    assert s.fame[SMUG] == fame + 2
    assert s.wealth[1] == 3
    assert kind(s) == "grid"
    offered = {o["to"] for o in options(s, "grid") if o["take"]}
    assert offered == {GRID["tile"], GRID["gold1"], GRID["fame1"], GRID["recruit"]}
    kinds = {s.content.reward_grid.spaces[g].kind for g in offered}
    assert kinds == {"gold", "fame", "tile", "recruit"}
    act(s, "grid", to=GRID["recruit"], take=1)
    assert s.white[SMUG] == GRID["recruit"] and s.black[SMUG] == GRID_MIDDLE
    gunner = card(s, "gunner")  # any card: a skull card on a sword island, a die-cost card
    act(s, "take", card=gunner)
    assert gunner in s.crew[SMUG] and s.gold[SMUG] == gold and s.placed_turn == 0
    assert kind(s) == "favor"  # the favor token comes last
    act(s, "favor", token=1)
    assert s.favor[SMUG] == [[], [jewels]]
    assert s.cargo[SMUG] == [] and kind(s) == "turn"


@rule("AH-6.3.5", "AH-TC-9", "AH-5.4")
def test_delivery_into_wealth_six_keeps_six_but_gives_everything_else() -> None:
    s, jewels = deliver_table(wealth=6)
    act(s, "deliver", card=jewels)
    assert s.wealth[1] == 6
    assert s.fame[SMUG] == 2
    act(s, "grid", to=GRID["fame1"], take=1)
    assert s.fame[SMUG] == 3
    act(s, "favor", token=0)
    assert s.favor[SMUG] == [[jewels], []]


@rule("AH-6.3.5")
def test_delivery_matches_the_cargo_symbol_not_the_card_symbol() -> None:
    s = table(symbols="skull sword fish")
    merchant, diver, thief = card(s, "merchant"), card(s, "diver"), card(s, "thief")
    assert s.card(merchant).symbol == "sword" and s.card(merchant).cargo_symbol == "shell"
    assert s.card(thief).symbol == "anchor" and s.card(thief).cargo_symbol == "sword"
    give_cargo(s, SMUG, merchant, diver, thief)
    smuggler_on_island(s, 3, 0)  # the sword island
    assert [o["card"] for o in options(s, "deliver")] == [thief]
    put(s, SMUG, 2, 0)  # next to it, at sea
    start_turn(s, SMUG)
    assert options(s, "deliver") == []


@rule("AH-6.3.5", "AH-6.1.5")
def test_no_delivery_on_an_island_with_a_fort() -> None:
    s, jewels = deliver_table()
    assert find(s, "deliver", card=jewels) is not None
    fort(s, 3, 0)
    start_turn(s, SMUG)
    assert options(s, "deliver") == []


@rule("AH-6.3.5", "AH-6.3.6")
def test_several_deliveries_in_one_stop_each_resolved_in_full() -> None:
    s, jewels = deliver_table()
    thief = card(s, "thief")  # Jewels too
    give_cargo(s, SMUG, thief)
    act(s, "deliver", card=jewels)
    act(s, "grid", to=GRID["gold1"], take=1)
    act(s, "favor", token=0)
    act(s, "deliver", card=thief)
    # The second reward steps on from 1 gold, never back onto the black token (the middle).
    assert {o["to"] for o in options(s, "grid")} == {GRID["fame3"], GRID["fame2"]}
    act(s, "grid", to=GRID["fame3"], take=1)
    act(s, "favor", token=1)
    assert s.fame[SMUG] == 2 + 2 + 3
    assert s.gold[SMUG] == 1 + 1
    assert s.wealth[1] == 3
    assert s.favor[SMUG] == [[jewels], [thief]]
    assert s.white[SMUG] == GRID["fame3"] and s.black[SMUG] == GRID["gold1"]


@rule("AH-1.2", "AH-6.3.5", "AH-7.3", "AH-6.3.1")
def test_a_delivery_raises_the_wealth_that_the_regions_controller_scores() -> None:
    """AH-1.2: Smugglers gain fame by delivering, and each delivery raises the wealth of its
    region, giving more fame to whichever of the Fleet or the Union controls it. The Fleet
    holds the sword region (a patrol against nothing); the Smuggler delivers there (2 -> 3);
    at the round's end the Fleet scores 3 for it (and 1 for the region where the flagships
    wait), the Smuggler keeps its 2 and controls nothing."""
    s, jewels = deliver_table(wealth=2)
    patrol(s, 2, 1)
    act(s, "deliver", card=jewels)
    act(s, "grid", to=GRID["gold1"], take=1)
    act(s, "favor", token=0)
    assert s.wealth[1] == 3 and s.fame[SMUG] == 2
    fleet = s.fame[FLEET]
    end_the_round(s)
    assert s.round == 2
    assert s.fame[FLEET] == fleet + 3 + 1
    assert s.fame[SMUG] == 2


@rule("AH-4.6", "AH-6.3.3", "AH-6.3.5", "AH-EX-1")
def test_free_actions_interleave_with_the_die_actions_one_at_a_time() -> None:
    """A Smuggler's turn: smuggle, a die on Cannons, smuggle again, a die on Fast Sail, deliver
    and end. Free actions come as often as wanted between the die actions, but never while an
    action is under way: not during the move before the flagship anchors, nor during the
    delivery's reward."""
    s = table(symbols="skull sword fish")
    jewels, rum = card(s, "buccaneer"), card(s, "chronicler")  # skull cards
    set_market(s, [jewels, rum, card(s, "merchant")], deck=[card(s, "thief"), card(s, "elder")])
    smuggler_on_island(s, 0, 0)  # the skull island, holding dice 3 and 4
    act(s, "smuggle", card=jewels)
    act(s, "place", die=4, spot=spot(s, SMUG, "cannons"), value=4)
    assert kind(s) == "turn"
    act(s, "smuggle", card=rum)
    assert s.cargo[SMUG] == [jewels, rum]
    act(s, "place", die=3, spot=spot(s, SMUG, "fast_sail"), value=3)
    for _ in range(3):
        assert kind(s) == "step"
        assert {a.kind for a in s.legal_actions()} <= {"step", "stop"}
        act(s, "step", dir=E)
    assert kind(s) == "turn" and s.fig[SMUG] == P(3, 0)  # anchored on the sword island
    act(s, "deliver", card=jewels)
    assert kind(s) == "grid"
    assert {a.kind for a in s.legal_actions()} == {"grid"}
    act(s, "grid", to=GRID["gold1"], take=1)
    act(s, "favor", token=0)
    assert kind(s) == "turn" and find(s, "place") is None and find(s, "end") is not None
    act(s, "end")
    assert s.stack[-1].seat != SMUG


# ============================================================================ reward grid
@rule("AH-6.3.6")
@pytest.mark.parametrize(
    ("white", "black", "allowed"),
    [
        (GRID["recruit"], GRID_MIDDLE, {6, 8}),
        (GRID["tile"], GRID["fame3"], {GRID_MIDDLE, 2}),
        (GRID_MIDDLE, GRID["fame1"], {1, 3, 7}),
        (0, 1, {3}),
    ],
)
def test_the_white_token_steps_orthogonally_never_onto_the_black_one(
    white: int, black: int, allowed: set[int]
) -> None:
    s, jewels = deliver_table()
    s.white[SMUG], s.black[SMUG] = white, black
    act(s, "deliver", card=jewels)
    assert {o["to"] for o in options(s, "grid")} == allowed
    target = min(allowed)
    act(s, "grid", to=target, take=0)
    assert s.white[SMUG] == target and s.black[SMUG] == white


@rule("AH-6.3.6", "AH-GAP-3")
@pytest.mark.parametrize(
    ("white", "target", "gold", "fame"),
    [
        (GRID_MIDDLE, GRID["gold1"], 1, 0),
        (GRID_MIDDLE, GRID["fame1"], 0, 1),
        (GRID["tile"], GRID["fame3"], 0, 3),
        (GRID["tile"], GRID["fame3b"], 0, 3),
        (GRID["recruit"], GRID["fame2"], 0, 2),
        (GRID["recruit"], GRID["fame3c"], 0, 3),
    ],
)
def test_gold_and_fame_rewards(white: int, target: int, gold: int, fame: int) -> None:
    s, jewels = deliver_table()
    s.white[SMUG] = white
    s.black[SMUG] = GRID_MIDDLE  # never in the way: the target is not the middle
    act(s, "deliver", card=jewels)
    act(s, "grid", to=target, take=1)
    assert s.gold[SMUG] == 1 + gold
    assert s.fame[SMUG] == 2 + fame


@rule("AH-6.3.6")
def test_every_reward_may_be_refused() -> None:
    s, jewels = deliver_table()
    act(s, "deliver", card=jewels)
    act(s, "grid", to=GRID["gold1"], take=0)
    assert s.gold[SMUG] == 1 and s.white[SMUG] == GRID["gold1"]


def with_repair_corner(s: AhoyState) -> int:
    """Our grid has no repair space since the Ahoy balance pass (its bottom-left corner gives
    2 fame); the engine still offers one (a printed grid may have it), so these tests put
    "repair 2" on that corner of the state's content. Returns the corner."""
    grid = s.content.reward_grid
    spaces = list(grid.spaces)
    spaces[GRID["fame2"]] = RewardSpace(kind="repair", amount=2)
    s.content = s.content.model_copy(
        update={"reward_grid": grid.model_copy(update={"spaces": tuple(spaces)})}
    )
    return GRID["fame2"]


@rule("AH-6.3.6", "AH-GAP-3", "AH-5.31")
def test_the_repair_reward_repairs_up_to_two() -> None:
    s, jewels = deliver_table()
    repair = with_repair_corner(s)
    board = [spot(s, SMUG, a) for a in ("sail", "tailwind", "cannons")]
    s.damage[SMUG] = board[:]
    s.white[SMUG], s.black[SMUG] = GRID["recruit"], GRID_MIDDLE
    act(s, "deliver", card=jewels)
    act(s, "grid", to=repair, take=1)
    assert kind(s) == "repair"
    act(s, "fix", spot=board[0])
    act(s, "fix", spot=board[1])
    assert s.damage[SMUG] == [board[2]]
    assert kind(s) == "favor"


@rule("AH-6.3.6", "AH-GAP-3")
def test_the_repair_reward_is_not_offered_without_damage() -> None:
    s, jewels = deliver_table()
    repair = with_repair_corner(s)
    s.white[SMUG], s.black[SMUG] = GRID["recruit"], GRID_MIDDLE
    act(s, "deliver", card=jewels)
    assert find(s, "grid", to=repair, take=1) is None
    assert find(s, "grid", to=repair, take=0) is not None


@rule("AH-6.3.6", "AH-5.18", "AH-5.17", "AH-GAP-3")
def test_the_tile_reward_adds_the_top_tile_to_a_legal_edge_with_wealth_one() -> None:
    s, jewels = deliver_table()
    top = s.supply[-1]
    regions, supply = len(s.placed), len(s.supply)
    cells = set(s.cells)
    where = s.fig[:]
    act(s, "deliver", card=jewels)
    act(s, "grid", to=GRID["tile"], take=1)
    assert kind(s) == "tile"
    placements = options(s, "tile")
    assert len(placements) > 1  # the Smuggler chooses the edge and the rotation
    act(s, "tile", **placements[-1])
    assert len(s.placed) == regions + 1 and len(s.supply) == supply - 1
    assert s.placed[-1].tile == top
    assert s.wealth[-1] == 1
    new_cells = set(s.cells) - cells
    assert len(new_cells) == 4
    assert any(p + d in cells for p in new_cells for d in (1, -1, 64, -64))  # it touches the map
    island = s.island_of[-1]
    assert not any(island + d in s.islands for d in (1, -1, 64, -64))
    assert s.fig == where  # no figure moved
    assert kind(s) == "favor"


@rule("AH-6.3.6", "AH-GAP-3", "AH-5.17")
def test_the_tile_reward_is_not_offered_with_an_empty_supply() -> None:
    s, jewels = deliver_table()
    s.supply = []
    act(s, "deliver", card=jewels)
    assert find(s, "grid", to=GRID["tile"], take=1) is None
    assert find(s, "grid", to=GRID["recruit"], take=1) is not None


@rule("AH-6.3.6", "AH-6.3.8", "AH-6.1.5", "AH-GAP-3")
def test_the_recruit_reward_is_not_offered_on_a_fort_island() -> None:
    """A Smuggler beats one of two forts on an island and takes a grid reward: the remaining
    fort forbids the recruit."""
    s = table()
    set_market(s, [card(s, "gunner"), card(s, "diver"), card(s, "merchant")])
    fort(s, 0, 0)
    fort(s, 0, 0)
    put(s, SMUG, 1, 0)
    hand(s, SMUG, 3, 4)
    start_turn(s, SMUG)
    act(s, "place", die=3, spot=spot(s, SMUG, "sail"), value=3)
    dice(s, 6, 1)  # the Smuggler rolls 6, the fort 1 + 2
    act(s, "step", dir=W)  # two alike forts: one choice of defender, taken at once
    act(s, "reward", what="hit_reward")
    assert kind(s) == "grid"
    assert s.has_fort(0)
    assert find(s, "grid", to=GRID["recruit"], take=1) is None
    assert find(s, "grid", to=GRID["gold1"], take=1) is not None


# ============================================================================ favor tokens
@rule("AH-6.3.7", "AH-5.41")
def test_the_favor_token_a_card_lies_under_is_seen_only_by_its_owner() -> None:
    """Two games that differ only in the favor token the Smuggler picked look the same to
    every other seat and to a spectator; the owner sees where the card went."""
    looks: dict[int, dict[int | None, str]] = {}
    owner_views: dict[int, dict[str, Any]] = {}
    for token in (0, 1):
        s, jewels = deliver_table()
        act(s, "deliver", card=jewels)
        act(s, "grid", to=GRID["gold1"], take=1)
        act(s, "favor", token=token)
        assert s.favor[SMUG][token] == [jewels]
        looks[token] = {
            seat: view(s, seat) + json.dumps(s.events_for(seat), sort_keys=True)
            for seat in (FLEET, UNION, SMUG2, None)
        }
        owner_views[token] = s.observation(SMUG)
        for seat in (FLEET, UNION, SMUG2, None):
            players = s.observation(seat)["state"]["players"]
            assert "favor" not in players[SMUG]
            assert players[SMUG]["delivered"] == 1  # how many is public
    assert looks[0] == looks[1]
    mine = [owner_views[t]["state"]["players"][SMUG]["favor"] for t in (0, 1)]
    assert [c["card"] for c in mine[0]["fleet"]] == [card(s, "buccaneer")] and not mine[0]["union"]
    assert [c["card"] for c in mine[1]["union"]] == [card(s, "buccaneer")] and not mine[1]["fleet"]
    assert any("union" in line for line in owner_views[1]["log"])


@rule("AH-2.22", "AH-2.23", "AH-6.3.7", "AH-3.14", "AH-3.16")
@pytest.mark.parametrize("seat", [SMUG, SMUG2])
def test_each_smuggler_has_a_fleet_and_a_union_favor_token_and_two_reward_tokens(
    seat: int,
) -> None:
    """Both Smugglers start with their white and black reward tokens on the middle of the
    grid and nothing under their two favor tokens; a delivery goes under one of exactly two
    tokens, the Fleet's or the Union's."""
    fresh = new(4)
    assert fresh.white[seat] == fresh.black[seat] == GRID_MIDDLE
    assert fresh.favor[seat] == [[], []]
    s = table(symbols="skull sword fish")
    jewels = card(s, "buccaneer")
    give_cargo(s, seat, jewels)
    smuggler_on_island(s, 3, 0, seat=seat)
    act(s, "deliver", card=jewels)
    act(s, "grid", to=GRID["gold1"], take=1)
    assert (s.white[seat], s.black[seat]) == (GRID["gold1"], GRID_MIDDLE)  # two tokens moved
    assert (kind(s), s.stack[-1].seat) == ("favor", seat)
    tokens = {a.num("token"): a.label for a in s.legal_actions()}
    assert tokens == {0: "Under your Fleet favor token", 1: "Under your Union favor token"}
    act(s, "favor", token=1)
    assert s.favor[seat] == [[], [jewels]]


# ============================================================================ free crew actions
@rule("AH-A.12", "AH-GAP-10")
def test_naive_noble_steals_a_crew_card_from_a_flagship_in_the_region() -> None:
    s = table()
    noble = give_crew(s, FLEET, "naive_noble")
    gunner = give_crew(s, UNION, "gunner")
    elder = give_crew(s, UNION, "elder")
    thief = give_crew(s, SMUG, "thief")
    s.damage[UNION] = [CREW_SPOT0 + gunner]
    put(s, FLEET, 1, 1)
    put(s, UNION, 1, 0)  # same region
    put(s, SMUG, 2, 0)  # the next region: out of reach
    hand(s, FLEET, 3, 4)
    start_turn(s, FLEET)
    act(s, "noble")
    assert kind(s) == "noble"
    stealable = options(s, "steal")
    assert sorted((o["seat"], o["card"], o["cargo"]) for o in stealable) == sorted(
        [(UNION, gunner, 0), (UNION, elder, 0)]  # as crew only: the Fleet is no Smuggler
    )
    act(s, "steal", seat=UNION, card=gunner, cargo=0)
    assert s.crew[FLEET] == [gunner] and s.crew[UNION] == [elder] and s.crew[SMUG] == [thief]
    assert locate(s, noble) == []  # the Noble left the game
    assert CREW_SPOT0 + gunner not in s.damage[UNION] + s.damage[FLEET]  # it comes clean
    assert find(s, "noble") is None


@rule("AH-A.12", "AH-6.3.4", "AH-GAP-10")
def test_a_smuggler_noble_may_take_a_card_as_cargo_and_the_cargo_limit_applies() -> None:
    s = table()
    give_crew(s, SMUG, "naive_noble")
    ram, chronicler = card(s, "battering_ram"), card(s, "chronicler")
    give_cargo(s, SMUG, ram, chronicler)
    diver = card(s, "diver")
    give_cargo(s, SMUG2, diver)
    elder = give_crew(s, SMUG2, "elder")
    put(s, SMUG, 4, 0)
    put(s, SMUG2, 4, 1)
    hand(s, SMUG, 3, 4)
    start_turn(s, SMUG)
    act(s, "noble")
    got = {(o["card"], o["cargo"]) for o in options(s, "steal")}
    assert got == {(diver, 0), (diver, 1), (elder, 0), (elder, 1)}
    act(s, "steal", seat=SMUG2, card=elder, cargo=1)  # crew switched to cargo
    assert kind(s) == "overboard"
    act(s, "overboard", card=ram)
    assert sorted(s.cargo[SMUG]) == sorted([chronicler, elder])
    assert s.crew[SMUG2] == [] and s.cargo[SMUG2] == [diver]
    assert locate(s, ram) == []


@rule("AH-A.12")
def test_naive_noble_needs_a_flagship_in_the_same_region() -> None:
    s = table()
    give_crew(s, FLEET, "naive_noble")
    give_crew(s, UNION, "gunner")
    put(s, FLEET, 1, 1)
    put(s, UNION, 2, 1)
    hand(s, FLEET, 3, 4)
    start_turn(s, FLEET)
    assert find(s, "noble") is None


def breeze_table() -> AhoyState:
    """The Smuggler with Whispering Breeze and 3 gold at sea; tailwind marks 3 on (1,1), 6 on
    the shipwreck (2,0) and 2 on (4,0)."""
    s = table(rows=["I.WI.I", "......"], tailwind={(1, 1): 3, (2, 0): 6, (4, 0): 2})
    give_crew(s, SMUG, "whispering_breeze")
    s.gold[SMUG] = 3
    put(s, SMUG, 4, 1)
    hand(s, SMUG, 3, 4)
    start_turn(s, SMUG)
    return s


@rule("AH-A.25", "AH-GAP-6", "AH-A.n2")
def test_whispering_breeze_goes_to_any_tailwind_space_for_2_gold_as_a_move() -> None:
    """AH-A.n2: the Breeze *relocates* (přesunout); we read it as a MOVE (AH-GAP-6), so the
    shipwreck it lands on damages and its treasure pays on anchoring."""
    s = breeze_table()
    act(s, "breeze")
    assert {o["at"] for o in options(s, "goto")} == {P(1, 1), P(2, 0), P(4, 0)}  # any value
    assert s.gold[SMUG] == 1
    act(s, "goto", at=P(2, 0))
    assert s.fig[SMUG] == P(2, 0)
    assert kind(s) == "hit"  # it MOVEd onto a shipwreck: 1 damage
    act(s, "hit", spot=spot(s, SMUG, "sail"))
    assert s.damage[SMUG] == [spot(s, SMUG, "sail")]
    assert s.gold[SMUG] == 2  # and the wreck's treasure on anchoring
    assert s.placed_turn == 0


@rule("AH-A.25", "AH-GAP-8")
def test_whispering_breeze_once_per_turn_and_not_without_2_gold() -> None:
    s = breeze_table()
    s.gold[SMUG] = 4
    act(s, "breeze")
    act(s, "goto", at=P(1, 1))
    assert s.gold[SMUG] == 2
    assert find(s, "breeze") is None  # once per turn, though 2 gold are left
    hand(s, SMUG, 3, 4)
    start_turn(s, SMUG)
    assert find(s, "breeze") is not None  # a new turn
    s.gold[SMUG] = 1
    start_turn(s, SMUG)
    assert find(s, "breeze") is None


@rule("AH-A.25", "AH-5.12")
def test_whispering_breeze_does_not_offer_the_space_the_flagship_is_on() -> None:
    """Relocating onto your own space is not a MOVE: it must not start battles there."""
    s = breeze_table()
    put(s, SMUG, 1, 1)  # on the tailwind 3 space, with a loaded Union flagship
    put(s, UNION, 1, 1)
    s.dice[UNION] = [(spot(s, UNION, "cannons"), 4)]
    start_turn(s, SMUG)
    act(s, "breeze")
    assert {o["at"] for o in options(s, "goto")} == {P(2, 0), P(4, 0)}


def wind_table(symbols: str = "skull fish skull") -> AhoyState:
    s = table(symbols=symbols)
    give_crew(s, SMUG, "wind_sailors")
    s.gold[SMUG] = 2
    smuggler_on_island(s)
    return s


@rule("AH-A.26", "AH-GAP-8")
def test_wind_sailors_pay_1_gold_to_the_other_island_of_the_symbol_again_and_again() -> None:
    s = wind_table()
    act(s, "wind")
    assert s.fig[SMUG] == P(5, 0) and s.gold[SMUG] == 1
    act(s, "wind")  # no limit per turn
    assert s.fig[SMUG] == P(0, 0) and s.gold[SMUG] == 0
    assert find(s, "wind") is None  # no gold left
    assert s.placed_turn == 0


@rule("AH-A.26")
def test_wind_sailors_need_an_island_and_its_twin_on_the_map() -> None:
    s = wind_table(symbols="skull fish sword")
    assert find(s, "wind") is None  # the other skull island is not on the map
    s = wind_table()
    assert find(s, "wind") is not None
    put(s, SMUG, 1, 0)
    start_turn(s, SMUG)
    assert find(s, "wind") is None  # at sea


@rule("AH-A.26", "AH-5.20", "AH-GAP-8")
def test_wind_sailors_move_so_a_fort_on_the_twin_island_fights() -> None:
    s = wind_table()
    fort(s, 5, 0)
    dice(s, 6, 1)
    act(s, "wind")
    assert any(e["type"] == "battle" for e in s.events)
    assert kind(s) == "reward"
    # Only between actions: while a move is under way no free action is offered.
    s2 = wind_table()
    act(s2, "place", die=3, spot=spot(s2, SMUG, "sail"), value=3)
    assert kind(s2) == "step" and find(s2, "wind") is None


@rule("AH-A.28", "AH-GAP-6")
def test_mysterious_gust_discards_itself_and_moves_anywhere() -> None:
    s = table(rows=["I..I.I", "..>..."])
    gust = give_crew(s, SMUG, "mysterious_gust")
    put(s, SMUG, 4, 1)
    hand(s, SMUG, 3, 4)
    start_turn(s, SMUG)
    act(s, "gust")
    assert locate(s, gust) == []
    spaces = {o["at"] for o in options(s, "goto")}
    assert spaces == set(s.cells) - {P(4, 1)}
    act(s, "goto", at=P(2, 1))  # a strong current east: it is a MOVE
    assert s.fig[SMUG] == P(3, 1)
    assert find(s, "gust") is None and s.placed_turn == 0


@rule("AH-A.20")
def test_persuasive_ally_moves_up_to_two_allies_from_one_island_to_another() -> None:
    s = table()
    ally = give_crew(s, UNION, "persuasive_ally", card(s, "persuasive_ally", "shell"))
    s.allies = [3, 0, 1]
    put(s, UNION, 4, 1)
    hand(s, UNION, 3, 4)
    start_turn(s, UNION)
    act(s, "place", die=3, spot=CREW_SPOT0 + ally, value=3)
    assert kind(s) == "ally_move"
    moves = options(s, "ally_move")
    assert max(o["n"] for o in moves) == 2
    assert {o["frm"] for o in moves} == {0, 2}
    assert all(o["frm"] != o["to"] for o in moves)
    act(s, "ally_move", frm=0, to=1, n=2)
    assert s.allies == [1, 2, 1]
    assert s.placed_turn == 1 and kind(s) == "turn"


@rule("AH-A.8", "AH-6.2.5", "AH-GAP-13")
def test_shipwright_repairs_every_damage_but_the_ship_cards() -> None:
    s = table()
    wright = give_crew(s, UNION, "shipwright")
    gunner = give_crew(s, UNION, "gunner")
    s.ship_card[0] = True
    put(s, CUTTER, 1, 1)
    sail, cannons = spot(s, UNION, "sail"), spot(s, UNION, "cannons")
    s.damage[UNION] = [sail, cannons, spot(s, UNION, "whisper"), CREW_SPOT0 + gunner, SHIP_SPOT0]
    put(s, UNION, 4, 1)
    hand(s, UNION, 3, 4)
    start_turn(s, UNION)
    act(s, "place", die=4, spot=CREW_SPOT0 + wright, value=4)
    assert s.damage[UNION] == [SHIP_SPOT0]
    assert s.placed_turn == 1


# ============================================================================ plans
def union_turn(s: AhoyState, *keys: str) -> list[int]:
    hand_ = plan_hand(s, *keys)
    hand(s, UNION, 3, 4)
    start_turn(s, UNION)
    return hand_


@rule("AH-B.1", "AH-6.2.4", "AH-5.41")
def test_evacuation_moves_all_allies_of_one_island_split_as_you_like() -> None:
    s = table()
    s.allies = [3, 0, 1]
    (evac,) = union_turn(s, "evacuation")
    act(s, "plan", card=evac)
    assert {o["region"] for o in options(s, "region")} == {0, 2}
    act(s, "region", region=0)
    assert {o["region"] for o in options(s, "region")} == {1, 2}  # never back to the same
    act(s, "region", region=1)
    act(s, "region", region=2)
    act(s, "region", region=1)
    assert s.allies == [0, 2, 2] and kind(s) == "turn"
    assert s.placed_turn == 0 and s.hand[UNION] == [3, 4]  # an action without a die
    assert s.plan_hand == [] and s.plan_discard == [evac]
    for seat in (FLEET, SMUG, None):  # the discard is face up
        assert s.observation(seat)["state"]["plan_discard"] == ["evacuation"]


@rule("AH-B.2")
@pytest.mark.parametrize(("cannons", "after"), [(3, 5), (5, 6), (6, 6)])
def test_swift_approach_raises_cannons_by_2_to_at_most_6_then_moves(
    cannons: int, after: int
) -> None:
    s = table(tailwind={(1, 1): 2, (2, 0): 5})
    s.dice[UNION] = [(spot(s, UNION, "cannons"), cannons)]
    put(s, UNION, 4, 1)
    (swift,) = union_turn(s, "swift_approach")
    act(s, "plan", card=swift)
    assert s.dice[UNION] == [(spot(s, UNION, "cannons"), after)]
    assert kind(s) == "tailwind"
    assert {o["at"] for o in options(s, "goto")} == {P(1, 1), P(2, 0)}  # any tailwind value
    act(s, "goto", at=P(1, 1))
    assert s.fig[UNION] == P(1, 1)
    assert s.plan_discard == [swift]


@rule("AH-B.2", "AH-GAP-10")
def test_swift_approach_without_a_cannons_die_only_moves_and_the_move_is_optional() -> None:
    s = table(tailwind={(1, 1): 2})
    s.dice[UNION] = [(spot(s, UNION, "sail"), 3)]
    put(s, UNION, 4, 1)
    (swift,) = union_turn(s, "swift_approach")
    act(s, "plan", card=swift)
    assert s.dice[UNION] == [(spot(s, UNION, "sail"), 3)]
    act(s, "stay")
    assert s.fig[UNION] == P(4, 1) and kind(s) == "turn"


@rule("AH-B.3")
def test_stealth_attack_removes_up_to_2_patrols_from_a_region_whose_island_has_an_ally() -> None:
    s = table()
    s.allies = [1, 0, 0]
    lone = patrol(s, 1, 1)  # the lowest patrol, away from the island
    a, b = patrol(s, 0, 0), patrol(s, 0, 0)
    other = patrol(s, 3, 1)  # region 1: its island has no ally
    (stealth,) = union_turn(s, "stealth_attack")
    act(s, "plan", card=stealth)  # only region 0 qualifies: chosen by itself
    # The Union picks the patrols: both on the island, where they could build a fort.
    act(s, "target", fig=a)
    assert find(s, "target", fig=other) is None
    act(s, "target", fig=b)
    assert s.fig[a] == s.fig[b] == -1
    assert s.fig[lone] == P(1, 1) and s.fig[other] == P(3, 1)
    assert kind(s) == "turn" and s.plan_discard == [stealth]


@rule("AH-B.3")
def test_stealth_attack_may_remove_fewer_and_needs_an_ally() -> None:
    s = table()
    p = patrol(s, 0, 0)
    patrol(s, 0, 0)
    (stealth,) = union_turn(s, "stealth_attack")
    assert find(s, "plan", card=stealth) is None  # no island with an ally
    s.allies = [1, 0, 0]
    start_turn(s, UNION)
    act(s, "plan", card=stealth)
    act(s, "target", fig=p)
    act(s, "done")
    assert sum(1 for f in range(PATROL0, FORT0) if s.fig[f] >= 0) == 1


@rule("AH-B.4", "AH-GAP-10")
def test_recruitment_drive_recruits_matching_cards_free_and_refills_only_after() -> None:
    s = table(symbols="skull fish skull")
    gunner, buccaneer, diver = card(s, "gunner"), card(s, "buccaneer"), card(s, "diver")
    chronicler, merchant = card(s, "chronicler"), card(s, "merchant")
    set_market(s, [gunner, buccaneer, diver], deck=[merchant, chronicler])
    s.allies = [1, 1, 2]
    fort(s, 5, 0)  # the other skull island has a fort
    s.gold[UNION] = 0
    put(s, UNION, 4, 1)  # the flagship need not be there
    (drive,) = union_turn(s, "recruitment_drive")
    act(s, "plan", card=drive)
    assert {o["region"] for o in options(s, "region")} == {0, 1}
    act(s, "region", region=0)
    assert {o["card"] for o in options(s, "take")} == {gunner, buccaneer}
    act(s, "take", card=buccaneer)  # 2 gold, ignored
    assert s.market == [gunner, diver]  # not refilled yet: the skull Chronicler stays hidden
    act(s, "take", card=gunner)  # a die, ignored
    assert kind(s) == "turn"
    assert sorted(s.crew[UNION]) == sorted([gunner, buccaneer])
    assert s.gold[UNION] == 0 and s.hand[UNION] == [3, 4] and s.placed_turn == 0
    assert sorted(s.market) == sorted([diver, chronicler, merchant])
    assert s.plan_discard == [drive]


@rule("AH-B.4", "AH-GAP-10")
def test_recruitment_drive_is_not_playable_without_an_ally_on_a_fort_free_island() -> None:
    s = table()
    s.allies = [2, 0, 0]
    fort(s, 0, 0)
    (drive,) = union_turn(s, "recruitment_drive")
    assert find(s, "plan", card=drive) is None


@rule("AH-B.8", "AH-6.2.5", "AH-5.14", "AH-5.23", "AH-GAP-9")
def test_the_cutter_is_placed_with_no_battle_and_its_card_is_kept() -> None:
    s = table()
    s.allies = [2, 1, 0]
    put(s, FLEET, 0, 0)
    fort(s, 0, 0)  # a fort always has loaded cannons
    s.dice[FLEET] = [(spot(s, FLEET, "cannons"), 6)]
    supply = s.ally_supply()
    (cutter,) = union_turn(s, "cutter")
    act(s, "plan", card=cutter)  # only region 0 has 2 allies: chosen by itself
    assert s.fig[CUTTER] == P(0, 0)
    assert s.allies == [0, 1, 0] and s.ally_supply() == supply + 2
    assert s.fight is None and not any(e["type"] == "battle" for e in s.events)
    assert s.ship_card == [True, False]
    assert cutter not in s.plan_hand and cutter not in s.plan_discard
    assert kind(s) == "turn"


@rule("AH-B.8", "AH-B.9", "AH-GAP-9")
def test_cutter_and_gunboat_need_an_island_with_two_allies() -> None:
    s = table()
    s.allies = [1, 1, 1]
    cutter, gunboat = union_turn(s, "cutter", "gunboat")
    assert find(s, "plan", card=cutter) is None and find(s, "plan", card=gunboat) is None
    s.allies = [1, 3, 2]
    start_turn(s, UNION)
    act(s, "plan", card=gunboat)
    assert {o["region"] for o in options(s, "region")} == {1, 2}
    act(s, "region", region=2)
    assert s.fig[GUNBOAT] == P(5, 0) and s.allies == [1, 3, 0]
    assert s.ship_card == [False, True]


@rule("AH-B.8", "AH-6.2.5", "AH-5.15", "AH-4.3", "AH-GAP-4")
def test_the_cutter_card_spots_sail_1_to_3_and_count_toward_the_two_dice() -> None:
    s = table(rows=["I..I.I", ".W...."], tailwind={(4, 0): 5})
    s.ship_card[0] = True
    put(s, CUTTER, 0, 1)
    put(s, UNION, 5, 0)
    plan_hand(s)
    hand(s, UNION, 3, 5)
    start_turn(s, UNION)
    sail_spot, wind_spot = SHIP_SPOT0, SHIP_SPOT0 + 1
    assert find(s, "place", die=3, spot=sail_spot, value=3) is not None
    act(s, "place", die=3, spot=sail_spot, value=3)
    for d in (E, E, E):
        act(s, "step", dir=d)
    assert s.fig[CUTTER] == P(3, 1) and kind(s) == "turn"
    assert s.damage[UNION] == []  # it sailed over the shipwreck at (1,1) unharmed
    assert s.placed_turn == 1
    act(s, "place", die=5, spot=wind_spot, value=5)
    act(s, "goto", at=P(4, 0))
    assert s.fig[CUTTER] == P(4, 0) and s.fig[UNION] == P(5, 0)
    assert s.hand[UNION] == [] and s.active != UNION  # that was the turn's second die


@rule("AH-B.9", "AH-6.2.5", "AH-5.15")
def test_the_gunboat_sails_at_most_2() -> None:
    s = table()
    s.ship_card[1] = True
    put(s, GUNBOAT, 0, 1)
    plan_hand(s)
    hand(s, UNION, 3, 5)
    start_turn(s, UNION)
    act(s, "place", die=3, spot=SHIP_SPOT0 + 2, value=3)
    act(s, "step", dir=E)
    assert find(s, "stop") is not None
    act(s, "step", dir=E)
    assert s.fig[GUNBOAT] == P(2, 1) and kind(s) == "turn"
    assert s.placed_turn == 1


@rule("AH-6.2.4", "AH-5.41")
def test_the_unions_plans_are_hidden_from_the_other_seats() -> None:
    looks = []
    for keys in (("evacuation", "cutter"), ("stealth_attack", "gunboat")):
        s = table()
        plan_hand(s, *keys)
        looks.append({seat: view(s, seat) for seat in (FLEET, SMUG, SMUG2, None)})
        mine = s.observation(UNION)["state"]["players"][UNION]
        assert sorted(mine["plans"]) == sorted(keys)
        for seat in (FLEET, SMUG, SMUG2, None):
            theirs = s.observation(seat)["state"]["players"][UNION]
            assert "plans" not in theirs and theirs["plans_in_hand"] == 2
    assert looks[0] == looks[1]


def end_the_round(s: AhoyState) -> None:
    """The Union places its last two dice (Cannons, then Repair) and ends the round."""
    for seat in range(s.num_players):
        hand(s, seat)
    put(s, UNION, 4, 1)
    hand(s, UNION, 2, 4)
    start_turn(s, UNION)
    act(s, "place", die=4, spot=spot(s, UNION, "cannons"), value=4)
    act(s, "place", die=2, spot=spot(s, UNION, "repair"), value=2)
    if s.plan_hand:  # holding plans, the Union ends its turn itself (see the test below)
        act(s, "end")


@rule("AH-5.41", "AH-4.7", "AH-6.2.4")
def test_a_union_holding_plans_ends_its_turn_itself_playable_or_not() -> None:
    """With its dice placed, a Union holding a playable plan (Swift Approach) and one holding
    only a plan it cannot play (Evacuation: no allies on the map) both wait for the Union to
    end its turn, and look alike to every other seat. A turn that ended by itself only when no
    plan was playable would show the others what the hand holds. With no plan in hand, the
    turn ends by itself."""
    looks = []
    for keys in (("swift_approach",), ("evacuation",), ()):
        s = table()
        plan_hand(s, *keys)
        for seat in range(s.num_players):
            hand(s, seat)
        hand(s, SMUG2, 3, 3)  # the next seat still has dice
        put(s, UNION, 4, 1)
        hand(s, UNION, 2, 4)
        start_turn(s, UNION)
        act(s, "place", die=4, spot=spot(s, UNION, "cannons"), value=4)
        act(s, "place", die=2, spot=spot(s, UNION, "repair"), value=2)
        if keys:
            assert (kind(s), s.stack[-1].seat) == ("turn", UNION)
            assert (find(s, "plan") is not None) == (keys == ("swift_approach",))
            looks.append({seat: view(s, seat) for seat in (FLEET, SMUG, SMUG2, None)})
            act(s, "end")
        assert (kind(s), s.stack[-1].seat) == ("turn", SMUG2)
    assert looks[0] == looks[1]


@rule("AH-7.8", "AH-6.2.4")
@pytest.mark.parametrize(("deck", "drawn"), [(5, 2), (1, 1), (0, 0)])
def test_the_union_draws_2_plans_each_round_while_the_deck_lasts(deck: int, drawn: int) -> None:
    s = table()
    plan_hand(s, "evacuation")
    s.plan_deck = s.plan_deck[:deck]
    top = s.plan_deck[len(s.plan_deck) - drawn :]
    end_the_round(s)
    assert s.round == 2
    assert len(s.plan_hand) == 1 + drawn
    assert set(top) <= set(s.plan_hand)
    assert len(s.plan_deck) == deck - drawn


@rule("AH-3.8", "AH-5.41")
@pytest.mark.parametrize("n", [2, 3])
def test_the_cards_removed_with_2_or_3_players_are_public(n: int) -> None:
    s = new(n, seed=7)
    assert len(s.removed) == 6
    assert sorted(s.card(c).symbol for c in s.removed) == sorted(SYMBOLS)
    assert not set(s.removed) & set(s.market + s.market_deck)
    assert len(s.market) + len(s.market_deck) == 24
    for seat in [*range(n), None]:
        shown = s.observation(seat)["state"]["removed"]
        assert [c["card"] for c in shown] == s.removed
    twin = s.determinize(0, seed=3)
    assert isinstance(twin, AhoyState) and twin.removed == s.removed


@rule("AH-3.8")
def test_nothing_is_removed_with_4_players() -> None:
    s = new(4, seed=7)
    assert s.removed == []
    assert sorted(s.market + s.market_deck) == list(range(30))
    assert s.observation(FLEET)["state"]["removed"] == []
