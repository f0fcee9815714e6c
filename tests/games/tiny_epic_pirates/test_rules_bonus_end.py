"""Rule tests for step 4, step 5 and the end: bonus activation and order (PC-5.18-5.19), the
bonus action types (PC-5.20), crossing the ship line with the merchants and the Navy
(PC-5.21-5.24), the end of a turn (PC-5.26) and of the game (PC-5.27); worked examples
PC-EX-17, 18, 20, 21, 23, 24.

Positions are built by hand on a featureless sea, with test captain and crew records whose bonus
rows are exactly what a test needs; turns are driven with ``start_turn`` and ``act``."""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.games.tiny_epic_pirates.constants import CANNONS, EXTORTION, REPAIRS, RIGGING
from tabletide.games.tiny_epic_pirates.content import (
    ORDERS,
    BonusAction,
    BonusRow,
    Captain,
    CardFace,
    Crew,
)
from tabletide.games.tiny_epic_pirates.helm import HELM_SRC
from tabletide.games.tiny_epic_pirates.sailing import Steer
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import (
    act,
    cubes,
    decision,
    dice,
    find,
    kind,
    new,
    plain_sea,
    put,
    start_turn,
    with_card,
)

HERE = 5  # (2,2)
N, E, S, W = range(4)
SUGAR, RUM, GUNPOWDER, COFFEE = range(4)


# ---------------------------------------------------------------------------- local helpers
def bonus(kind_: str, **params: Any) -> BonusAction:
    return BonusAction(kind=kind_, **params)


def row(trigger: str, *actions: BonusAction) -> BonusRow:
    return BonusRow(trigger=trigger, actions=actions)


def set_captain(
    s: PiratesState, ship: int, trigger: str = "search", then: str = "attack", hits: int = 0
) -> None:
    """Give ``ship`` its own captain card: no die symbols, row "Bury, then ``then``"."""
    face = CardFace(hits=hits, bonus=row(trigger, bonus("bury"), bonus(then)))
    caps = list(s.content.captains)
    caps.append(Captain(id=len(caps), name=f"test captain {ship}", sides=(face, face)))
    s.content = s.content.model_copy(update={"captains": tuple(caps)})
    s.captain_card[ship] = len(caps) - 1
    s.side[ship] = 0


def set_crew(s: PiratesState, ship: int, *rows: BonusRow | None) -> None:
    """Replace ``ship``'s crew with cards that have no die symbols and these bonus rows."""
    crew = list(s.content.crew)
    ids = []
    for r in rows:
        ids.append(len(crew))
        crew.append(Crew(id=len(crew), name=f"test crew {len(crew)}", face=CardFace(bonus=r)))
    s.content = s.content.model_copy(update={"crew": tuple(crew)})
    s.crew[ship] = ids


def table(n: int = 2, seed: int = 0) -> PiratesState:
    """A featureless sea. Every pirate on its own card, not hidden, with a captain whose row is
    triggered by Search and no crew. The merchants are one step from a single closer card, the
    Navy far away in (1,4)."""
    s = plain_sea(new(n, seed))
    for ship in range(n):
        put(s, ship, [HERE, 10, 9, 6][ship])
        set_captain(s, ship)
        s.crew[ship] = []
        s.gold[ship] = 1
    s.merchant_at = [12, 2]  # (4,1) bound for (4,4): east only; (1,3) bound for (1,1): west
    s.merchant_dest = [15, 0]
    s.navy = 3
    return s


def to_order(s: PiratesState, ship: int, order: str) -> None:
    """Begin ``ship``'s turn, move the captain one space onto ``order`` and do not sail. Hide is
    reached from space 5, so it crosses the ship line."""
    space = s.helm[ship].index(ORDERS.index(order))
    s.captain[ship] = (space - 1) % 6
    start_turn(s, ship)
    act(s, "captain", steps=1)
    act(s, "done")


def to_bonus(s: PiratesState, ship: int, order: str) -> None:
    """As ``to_order``, then decline the order (when it could be performed)."""
    to_order(s, ship, order)
    if kind(s) == "order":
        act(s, "skip")


def bonus_options(s: PiratesState) -> set[tuple[int, int]]:
    return {(a.num("card"), a.num("index")) for a in s.legal_actions() if a.kind == "bonus"}


def cross(s: PiratesState, ship: int) -> None:
    """Run step 5 alone for ``ship``, as if its captain had crossed the ship line."""
    s.active = ship
    s.crossed = True
    decision(s, "@cross", ship)
    s.advance()


def finish_turn(s: PiratesState) -> None:
    """Take the quietest choice at every decision until the next helm decision or the end."""
    for _ in range(50):
        if kind(s) in (None, "helm"):
            return
        for quiet in ("done", "skip", "end_bonus"):
            if find(s, quiet) is not None:
                act(s, quiet)
                break
        else:
            s.apply(s.legal_actions()[0])
    raise AssertionError("the turn did not end")


def quiet_turn(s: PiratesState, ship: int) -> None:
    """``ship`` plays a turn that does nothing (one helm space, no crossing)."""
    assert kind(s) == "helm" and s.current_player() == ship
    s.captain[ship] = 1
    act(s, "captain", steps=1)
    finish_turn(s)


# ---------------------------------------------------------------------------- PC-5.18 activation
@pytest.mark.rule("PC-5.18.1")
def test_the_leftmost_symbol_is_the_trigger_and_the_symbols_right_of_it_are_the_actions() -> None:
    """PC-5.18.1: a bonus row is an order symbol, then the bonus actions it points to. The
    order on the left is what activates the row, not an action: only the actions to its right
    are offered, each on its own."""
    s = table()
    set_crew(s, 0, row("search", bonus("gold", amount=1), bonus("reorganize")))
    to_bonus(s, 0, "search")
    offered = {
        (a.num("card"), a.num("index")): a.label for a in s.legal_actions() if a.kind == "bonus"
    }
    assert set(offered) == {(1, 0), (1, 1)}  # the crew card's two actions, not its order
    assert "gain 1 gold" in offered[(1, 0)] and "reorganize" in offered[(1, 1)]
    assert not any("search" in label for label in offered.values())


@pytest.mark.rule("PC-5.18.2")
def test_only_rows_whose_trigger_matches_the_captains_order_are_active() -> None:
    s = table()
    set_crew(s, 0, row("plunder", bonus("gold", amount=2)), row("trade", bonus("gold", amount=1)))
    to_bonus(s, 0, "plunder")
    assert kind(s) == "bonus"
    assert bonus_options(s) == {(1, 0)}


@pytest.mark.rule("PC-5.18.3")
@pytest.mark.rule("PC-5.20.5")
@pytest.mark.rule("PC-EX-17")
def test_a_bonus_is_active_even_when_the_order_cannot_be_performed() -> None:
    s = table()
    set_crew(s, 0, row("plunder", bonus("gold", amount=2)))
    to_order(s, 0, "plunder")
    assert kind(s) == "bonus"  # no colony: the order was skipped for the player
    act(s, "bonus", card=1, index=0)
    assert s.gold[0] == 1 + 2


@pytest.mark.rule("PC-5.18.4")
@pytest.mark.rule("PC-5.20.5")
def test_bonus_actions_are_optional_and_gold_obeys_the_cap() -> None:
    s = table()
    set_crew(s, 0, row("plunder", bonus("gold", amount=2)))
    s.gold[0] = 12
    to_bonus(s, 0, "plunder")
    assert find(s, "end_bonus") is not None
    act(s, "bonus", card=1, index=0)
    assert s.gold[0] == 13
    t = table()
    set_crew(t, 0, row("plunder", bonus("gold", amount=2)))
    to_bonus(t, 0, "plunder")
    act(t, "end_bonus")
    assert t.gold[0] == 1
    assert kind(t) == "helm" and t.current_player() == 1


@pytest.mark.rule("PC-5.18.6")
@pytest.mark.rule("PC-GAP-11.8")
def test_a_copied_order_keeps_its_requirement() -> None:
    s = table()
    set_crew(s, 0, row("search", bonus("plunder")))
    to_bonus(s, 0, "search")
    assert find(s, "bonus", card=1) is None  # no colony here
    t = table()
    with_card(t, HERE, colony=2)
    set_crew(t, 0, row("search", bonus("plunder")))
    to_bonus(t, 0, "search")
    act(t, "bonus", card=1, index=0)
    assert len(t.cargo[0]) == 1 + 2


@pytest.mark.rule("PC-5.18.6")
def test_a_copied_order_activates_no_further_bonus_actions() -> None:
    s = table()
    with_card(s, HERE, colony=1)
    set_crew(
        s,
        0,
        row("search", bonus("plunder")),
        row("plunder", bonus("gold", amount=2)),
    )
    to_bonus(s, 0, "search")
    act(s, "bonus", card=1, index=0)
    assert len(s.cargo[0]) == 2
    assert bonus_options(s) == set()  # the copied Plunder does not wake the Plunder row
    assert s.gold[0] == 1


# ---------------------------------------------------------------------------- PC-5.19 order
def bury_then_attack(s: PiratesState) -> None:
    """Seat 0 on Search with a captain row "Bury, then Attack", a spot costing 6 on its card,
    8 gold and the orange merchant to attack."""
    with_card(s, HERE, burial=(6,))
    s.gold[0] = 8
    s.merchant_at[0] = HERE
    s.assign[0] = [0, 5, 1, 0]  # the copied attack sinks whatever the dice
    to_bonus(s, 0, "search")


@pytest.mark.rule("PC-5.19.1")
@pytest.mark.rule("PC-EX-18")
def test_captain_bury_then_attack_are_both_legal_in_that_order() -> None:
    s = table()
    bury_then_attack(s)
    assert bonus_options(s) == {(0, 0), (0, 1)}
    act(s, "bonus", card=0, index=0)
    assert s.buried[0] == 1 and s.gold[0] == 2
    assert bonus_options(s) == {(0, 1)}
    dice(s, 1, 1)
    act(s, "bonus", card=0, index=1)
    assert s.merchant_at[0] == 15  # sunk and reset
    assert bonus_options(s) == set()


@pytest.mark.rule("PC-5.19.1")
@pytest.mark.rule("PC-EX-18")
def test_after_the_captains_attack_its_bury_is_gone() -> None:
    s = table()
    bury_then_attack(s)
    dice(s, 1, 1)
    act(s, "bonus", card=0, index=1)
    assert (0, 0) not in bonus_options(s)
    assert s.buried[0] == 0


@pytest.mark.rule("PC-5.19.1")
@pytest.mark.rule("PC-EX-18")
def test_the_captain_may_bury_only_or_do_nothing() -> None:
    s = table()
    bury_then_attack(s)
    act(s, "bonus", card=0, index=0)
    act(s, "end_bonus")
    assert s.buried[0] == 1 and s.merchant_at[0] == HERE
    t = table()
    bury_then_attack(t)
    act(t, "end_bonus")
    assert t.buried[0] == 0 and t.gold[0] == 8 and t.merchant_at[0] == HERE


@pytest.mark.rule("PC-5.19.1")
@pytest.mark.rule("PC-5.19.2")
@pytest.mark.rule("PC-EX-18")
def test_crew_actions_follow_the_captains_and_close_the_captains_row() -> None:
    s = table()
    set_crew(s, 0, row("search", bonus("gold", amount=1)))
    bury_then_attack(s)
    assert bonus_options(s) == {(0, 0), (0, 1), (1, 0)}
    act(s, "bonus", card=1, index=0)
    assert bonus_options(s) == set()  # no captain action after a crew action


@pytest.mark.rule("PC-5.19.2")
def test_crew_actions_in_any_order_each_once_and_fully_resolved() -> None:
    s = table()
    with_card(s, HERE, market="sugar")
    s.cargo[0] = cubes("sugar", "coffee")
    set_crew(
        s,
        0,
        row("search", bonus("gold", amount=1)),
        row("search", bonus("exchange")),
    )
    to_bonus(s, 0, "search")
    act(s, "bonus", card=2, index=0)
    assert kind(s) == "exchange"  # the exchange is resolved before anything else
    assert find(s, "bonus") is None
    act(s, "exchange", give="coffee", take="rum")
    assert bonus_options(s) == {(1, 0)}
    act(s, "bonus", card=1, index=0)
    assert bonus_options(s) == set()
    assert s.cargo[0] == cubes("sugar", "rum") and s.gold[0] == 2


# ---------------------------------------------------------------------------- PC-5.20.1 bury
@pytest.mark.rule("PC-5.20.1")
@pytest.mark.rule("PC-EX-23")
@pytest.mark.parametrize(("navy_here", "legal"), [(True, False), (False, True)])
def test_bury_is_forbidden_with_the_navy_on_the_card(navy_here: bool, legal: bool) -> None:
    s = table()
    with_card(s, HERE, burial=(6,))
    s.gold[0] = 8
    if navy_here:
        s.navy = HERE
    to_bonus(s, 0, "search")
    assert (find(s, "bonus", card=0, index=0) is not None) is legal
    if legal:
        act(s, "bonus", card=0, index=0)
        assert s.gold[0] == 2
        assert s.burial[HERE] == [0] and s.buried[0] == 1


@pytest.mark.rule("PC-5.20.1")
def test_bury_needs_the_gold_of_the_spot() -> None:
    s = table()
    with_card(s, HERE, burial=(6,))
    s.gold[0] = 5
    to_bonus(s, 0, "search")
    assert find(s, "bonus", card=0, index=0) is None


@pytest.mark.rule("PC-5.20.1")
def test_bury_needs_a_free_spot_on_the_ships_own_card() -> None:
    s = table()
    with_card(s, HERE, burial=(6,))
    with_card(s, 6, burial=(5,))  # next door
    s.burial[HERE] = [1]  # seat 1's treasure already lies here
    s.gold[0] = 13
    to_bonus(s, 0, "search")
    assert find(s, "bonus", card=0, index=0) is None


@pytest.mark.rule("PC-5.20.1")
def test_with_two_free_spots_the_player_picks_one_and_pays_its_cost() -> None:
    s = table()
    with_card(s, HERE, burial=(5, 9))
    s.burial[HERE] = [-1, -1]
    s.gold[0] = 10
    to_bonus(s, 0, "search")
    act(s, "bonus", card=0, index=0)
    assert kind(s) == "bury"
    act(s, "bury", spot=1)
    assert s.burial[HERE] == [-1, 0] and s.gold[0] == 1


@pytest.mark.rule("PC-5.20.1")
@pytest.mark.rule("PC-GAP-11.8")
def test_several_bury_actions_in_one_turn() -> None:
    s = table()
    with_card(s, HERE, burial=(5, 5))
    s.burial[HERE] = [-1, -1]
    s.gold[0] = 10
    set_crew(s, 0, row("search", bonus("bury")))
    to_bonus(s, 0, "search")
    act(s, "bonus", card=0, index=0)
    act(s, "bury", spot=0)
    act(s, "bonus", card=1, index=0)
    assert s.buried[0] == 2 and s.gold[0] == 0 and s.burial[HERE] == [0, 0]


def test_two_free_spots_of_one_price_have_labels_that_tell_them_apart() -> None:
    """Sibling actions need distinct labels (tests/conformance.py): a card may hold two spots
    of the same cost, so the label then names the spot."""
    s = table()
    with_card(s, HERE, burial=(5, 5, 7))
    s.gold[0] = 10
    to_bonus(s, 0, "search")
    act(s, "bonus", card=0, index=0)
    assert kind(s) == "bury"
    labels = [a.label for a in s.legal_actions()]
    assert labels == [
        "bury a treasure on spot 1 of this card (costing 5 gold)",
        "bury a treasure on spot 2 of this card (costing 5 gold)",
        "bury a treasure on the spot costing 7 gold",
    ]


def test_a_row_that_repeats_an_action_has_distinct_labels() -> None:
    """A bonus row may show the same action twice; each copy gets its own label."""
    s = table()
    set_crew(s, 0, row("search", bonus("gold", amount=1), bonus("gold", amount=1)))
    to_bonus(s, 0, "search")
    labels = [a.label for a in s.legal_actions() if a.kind == "bonus" and a.num("card") == 1]
    assert len(labels) == 2 and len(set(labels)) == 2, labels
    assert all("gain 1 gold" in label for label in labels), labels


# ---------------------------------------------------------------------------- PC-5.20.2-5.20.3
SPECIAL = row("trade", bonus("special_trade", loot=("sugar", "coffee"), amount=8))


@pytest.mark.rule("PC-5.20.2")
def test_special_trade_swaps_the_shown_loot_for_the_shown_gold() -> None:
    s = table()
    with_card(s, HERE, market="coffee")
    s.cargo[0] = cubes("sugar", "coffee", "rum")
    set_crew(s, 0, SPECIAL)
    market = s.market[:]
    bag = s.bag[:]
    to_bonus(s, 0, "trade")
    act(s, "bonus", card=1, index=0)
    assert s.gold[0] == 1 + 8
    assert s.cargo[0] == cubes("rum")
    assert s.market == market  # prices unaffected
    assert s.bag[SUGAR] == bag[SUGAR] + 1 and s.bag[COFFEE] == bag[COFFEE] + 1


@pytest.mark.rule("PC-5.20.2")
@pytest.mark.parametrize(
    ("market", "cargo"),
    [("rum", ("sugar", "coffee")), (None, ("sugar", "coffee")), ("sugar", ("sugar", "sugar"))],
)
def test_special_trade_needs_a_market_of_a_shown_type_and_the_combination(
    market: str | None, cargo: tuple[str, ...]
) -> None:
    s = table()
    with_card(s, HERE, market=market)
    s.cargo[0] = cubes(*cargo)
    set_crew(s, 0, SPECIAL)
    to_bonus(s, 0, "trade")
    assert find(s, "bonus", card=1, index=0) is None


@pytest.mark.rule("PC-5.20.3")
@pytest.mark.rule("PC-GAP-11.12")
def test_exchange_swaps_one_cube_for_a_chosen_type_still_in_the_bag() -> None:
    s = table()
    s.cargo[0] = cubes("sugar", "sugar")
    s.bag[GUNPOWDER] = 0
    set_crew(s, 0, row("search", bonus("exchange")))
    bag = s.bag[:]
    to_bonus(s, 0, "search")
    act(s, "bonus", card=1, index=0)
    takes = {dict(a.params)["take"] for a in s.legal_actions()}
    assert takes == {"rum", "coffee"}  # not gunpowder (none left), not sugar itself
    act(s, "exchange", give="sugar", take="coffee")
    assert s.cargo[0] == cubes("sugar", "coffee")
    assert s.bag[SUGAR] == bag[SUGAR] + 1 and s.bag[COFFEE] == bag[COFFEE] - 1


# ---------------------------------------------------------------------------- PC-5.20.4
def drive_bonus(s: PiratesState, vessel: str, amount: int) -> None:
    set_crew(s, 0, row("search", bonus(vessel, amount=amount)))
    to_bonus(s, 0, "search")
    act(s, "bonus", card=1, index=0)


@pytest.mark.rule("PC-5.20.4")
@pytest.mark.rule("PC-GAP-11.7")
@pytest.mark.rule("PC-GAP-7.6")
def test_the_navy_sailed_by_a_bonus_onto_the_active_player_attacks_no_one() -> None:
    s = table()
    s.navy = 7  # (2,4)
    s.assign[0] = [1, 1, 1, 0]
    drive_bonus(s, "sail_navy", 2)
    assert kind(s) == "drive" and s.current_player() == 0
    act(s, "drive", direction=W)  # (2,3)
    act(s, "drive", direction=W)  # (2,2): the active player's card
    assert s.navy == HERE
    assert s.assign[0] == [1, 1, 1, 0]
    assert kind(s) != "drive"  # 2 cards used: the drive is over


@pytest.mark.rule("PC-5.20.4")
@pytest.mark.rule("PC-GAP-11.7")
def test_the_navy_may_sail_up_to_n_cards_in_any_direction() -> None:
    s = table()
    s.navy = 7
    drive_bonus(s, "sail_navy", 2)
    directions = {dict(a.params)["direction"] for a in s.legal_actions() if a.kind == "drive"}
    assert directions == {N, S, W}  # (2,4) is on the east edge
    act(s, "drive", direction=N)  # away from everyone
    assert kind(s) == "drive"
    act(s, "done")  # stop after 1 of 2
    assert s.navy == 3 and kind(s) != "drive"


@pytest.mark.rule("PC-5.20.4")
@pytest.mark.rule("PC-GAP-11.7")
def test_a_merchant_sailed_away_from_its_port_keeps_its_destination() -> None:
    s = table()
    drive_bonus(s, "sail_merchant", 2)
    assert kind(s) == "pick_merchant"
    act(s, "merchant", merchant=1)  # green at (1,3), bound for (1,1)
    act(s, "drive", direction=E)  # (1,4): farther from its port
    act(s, "drive", direction=S)  # (2,4)
    assert s.merchant_at[1] == 7 and s.merchant_dest[1] == 0
    assert s.merchant_at[0] == 12


@pytest.mark.rule("PC-5.20.4")
@pytest.mark.rule("PC-5.22.5")
@pytest.mark.rule("PC-GAP-11.7")
def test_a_merchant_sailed_into_its_destination_delivers_and_turns() -> None:
    s = table()
    s.merchant_cube = cubes("rum") + cubes("rum")
    drive_bonus(s, "sail_merchant", 2)
    act(s, "merchant", merchant=0)  # orange at (4,1), bound for (4,4)
    act(s, "drive", direction=E)
    act(s, "drive", direction=E)  # (4,3): not there yet
    assert s.merchant_dest[0] == 15
    t = table()
    t.merchant_at[0] = 14
    t.merchant_cube = cubes("rum") + cubes("rum")
    bag = t.bag[:]
    drive_bonus(t, "sail_merchant", 1)
    act(t, "merchant", merchant=0)
    act(t, "drive", direction=E)  # (4,4)
    assert t.merchant_at[0] == 15 and t.merchant_dest[0] == 0
    assert [e for e in t.events if e["type"] == "deliver"]
    assert sum(t.bag) == sum(bag)  # the rum went back, a new cube came out
    assert t.merchant_cube[0] >= 0


# ---------------------------------------------------------------------------- PC-5.20.7-5.20.8
@pytest.mark.rule("PC-5.20.7")
def test_reorganize_moves_assignment_deckhands_including_repairs_but_not_the_helm() -> None:
    s = table()
    s.assign[0] = [0, 0, 0, 2]
    s.on_helm[0] = [False] * 6
    set_crew(s, 0, row("search", bonus("reorganize")))
    to_bonus(s, 0, "search")
    s.on_helm[0][1] = True  # a deckhand left on the helm earlier
    act(s, "bonus", card=1, index=0)
    assert kind(s) == "reassign"
    sources = {dict(a.params)["source"] for a in s.legal_actions() if a.kind == "move_hand"}
    assert sources == {REPAIRS}
    act(s, "move_hand", source=REPAIRS, to=RIGGING)
    act(s, "move_hand", source=REPAIRS, to=CANNONS)
    assert s.assign[0] == [1, 1, 0, 0] and s.on_helm[0][1]
    assert HELM_SRC + 1 not in sources


@pytest.mark.rule("PC-5.20.8")
@pytest.mark.rule("PC-5.20.7")
def test_the_sail_bonus_recomputes_the_sail_total() -> None:
    s = table()
    s.assign[0] = [0, 0, 0, 1]
    s.on_helm[0] = [False] * 6
    set_crew(s, 0, row("search", bonus("reorganize")), row("search", bonus("sail")))
    space = s.helm[0].index(ORDERS.index("search"))
    s.captain[0] = (space - 1) % 6
    start_turn(s, 0)
    act(s, "captain", steps=1)
    act(s, "sail", direction=E)  # sail total 1 (level) + 0 Rigging
    assert kind(s) != "sail"
    if kind(s) == "order":
        act(s, "skip")
    act(s, "bonus", card=1, index=0)
    act(s, "move_hand", source=REPAIRS, to=RIGGING)
    assert s.assign[0] == [1, 0, 0, 0]
    act(s, "bonus", card=2, index=0)
    act(s, "sail", direction=S)
    act(s, "sail", direction=S)  # 1 + 1 Rigging = 2, counted afresh
    assert s.at[0] == HERE + 1 + 8
    assert kind(s) != "sail"


# ---------------------------------------------------------------------------- PC-5.21 step 5
@pytest.mark.rule("PC-5.21.1")
@pytest.mark.rule("PC-5.21.2")
@pytest.mark.rule("PC-EX-20")
def test_crossing_pays_extortion_then_moves_the_merchants_and_the_navy() -> None:
    s = table()
    s.assign[0] = [0, 0, 2, 1]  # Extortion 2, one deckhand on Repairs to skip space 5
    s.on_helm[0] = [False] * 6
    s.captain[0] = 4
    start_turn(s, 0)
    act(s, "captain", steps=3)  # 5 skipped with a deckhand, 0 for free, lands on 1
    if kind(s) == "pay":
        act(s, "pay", source=REPAIRS)
    assert s.crossed and s.captain[0] == 1 and s.on_helm[0][5]
    gold = s.gold[0]
    quiet = {"sail": "done", "order": "skip", "bonus": "end_bonus"}
    while (pending := kind(s)) in quiet:
        act(s, quiet[str(pending)])
    assert s.gold[0] == gold + 2
    assert s.merchant_at == [13, 1]  # orange east, green west
    assert kind(s) == "steer" and s.current_player() == 1
    act(s, "steer", direction=S)
    assert s.navy == 7  # 1 card (no treasure) toward (2,2): (1,4) -> (2,4)
    assert kind(s) == "helm" and s.current_player() == 1
    types = [e["type"] for e in s.events]
    first_merchant = types.index("merchant")
    assert types.index("cross") < first_merchant < types.index("navy", first_merchant)


@pytest.mark.rule("PC-5.21.4")
@pytest.mark.rule("PC-5.21.1")
def test_without_crossing_step_5_does_nothing() -> None:
    s = table()
    s.assign[0] = [0, 0, 2, 1]
    s.on_helm[0] = [False] * 6
    s.captain[0] = 0  # a move starting on Hide never crosses
    start_turn(s, 0)
    act(s, "captain", steps=2)
    act(s, "pay", source=REPAIRS)
    assert not s.crossed
    gold = s.gold[0]
    finish_turn(s)
    assert s.gold[0] == gold
    assert s.merchant_at == [12, 2] and s.navy == 3


@pytest.mark.rule("PC-5.21.2")
@pytest.mark.rule("PC-GAP-11.2")
def test_hide_pays_extortion_once_in_step_5() -> None:
    s = table()
    with_card(s, HERE, cove=True)
    s.assign[0] = [0, 0, 1, 2]
    s.captain[0] = 5
    start_turn(s, 0)
    act(s, "captain", steps=1)
    act(s, "done")
    act(s, "perform")  # hide
    act(s, "move_hand", source=REPAIRS, to=EXTORTION)
    act(s, "move_hand", source=REPAIRS, to=EXTORTION)
    assert s.gold[0] == 1  # nothing "immediately"
    finish_turn(s)
    assert s.assign[0][EXTORTION] == 3
    assert s.gold[0] == 1 + 3


@pytest.mark.rule("PC-5.21.3")
@pytest.mark.rule("PC-GAP-11.15")
@pytest.mark.parametrize(("players", "active", "chooser"), [(2, 0, 1), (3, 0, 2), (3, 2, 1)])
@pytest.mark.rule("PC-4.3")
def test_the_previous_seat_steers_the_merchants(players: int, active: int, chooser: int) -> None:
    s = table(players)
    s.merchant_at = [0, 15]  # in port: each has two closer cards
    cross(s, active)
    assert kind(s) == "steer" and s.current_player() == chooser
    steer = s.stack[-1].record(Steer)
    assert steer.vessel == "merchant" and steer.merchant == 0  # orange first
    act(s, "steer", direction=S)
    assert kind(s) == "steer" and s.current_player() == chooser
    steer = s.stack[-1].record(Steer)
    assert steer.vessel == "merchant" and steer.merchant == 1
    act(s, "steer", direction=W)
    assert s.merchant_at == [4, 14]


# ---------------------------------------------------------------------------- PC-5.22 merchants
@pytest.mark.rule("PC-5.22.2")
@pytest.mark.rule("PC-5.22.3")
@pytest.mark.rule("PC-GAP-11.10")
def test_each_merchant_sails_exactly_one_card_closer_to_its_port() -> None:
    s = table()
    s.merchant_at = [0, 15]
    cross(s, 0)
    options = {dict(a.params)["direction"] for a in s.legal_actions()}
    assert options == {E, S}  # never away from (4,4), never two cards
    act(s, "steer", direction=E)
    act(s, "steer", direction=N)
    assert s.merchant_at == [1, 11]


@pytest.mark.rule("PC-5.22.4")
@pytest.mark.rule("PC-GAP-11.10")
@pytest.mark.rule("PC-5.6.7")
def test_merchants_ignore_storms_and_may_share_a_card() -> None:
    s = table()
    with_card(s, 13, storm=True)
    s.merchant_at = [12, 14]
    s.merchant_dest = [15, 0]
    cross(s, 0)
    assert s.merchant_at[0] == 13  # orange (4,1) -> (4,2), a storm
    act(s, "steer", direction=W)  # green (4,3) -> (4,2) as well
    assert s.merchant_at == [13, 13]


@pytest.mark.rule("PC-5.22.5")
@pytest.mark.rule("PC-5.22.1")
def test_a_merchant_reaching_its_port_turns_round_and_swaps_its_cube() -> None:
    s = table()
    s.merchant_at = [14, 2]
    s.merchant_cube = cubes("rum") + cubes("rum")
    rum, bag = s.bag[RUM], sum(s.bag)
    cross(s, 0)
    assert s.merchant_at[0] == 15 and s.merchant_dest[0] == 0
    assert s.merchant_at[1] == 1 and s.merchant_dest[1] == 0
    assert [e["merchant"] for e in s.events if e["type"] == "deliver"] == ["orange"]
    assert s.bag[RUM] in (rum, rum + 1)  # the rum went back (and may have been redrawn)
    assert sum(s.bag) == bag  # one cube back, one new cube out
    assert s.merchant_cube[1] == cubes("rum")[0]  # green did not arrive


# ---------------------------------------------------------------------------- PC-5.23 Navy
@pytest.mark.rule("PC-5.23.1")
@pytest.mark.rule("PC-GAP-7.1")
@pytest.mark.rule("PC-GAP-7.2")
@pytest.mark.parametrize(("buried", "end"), [(0, 7), (1, 11), (2, 15)])
def test_the_navy_moves_its_table_count_toward_the_active_ship(buried: int, end: int) -> None:
    s = table()
    put(s, 0, 15)  # (4,4): straight south of the Navy at (1,4), 3 cards away
    s.buried[0] = buried
    s.assign[0] = [1, 0, 0, 0]
    cross(s, 0)
    assert s.navy == end
    assert (s.assign[0] == [0, 0, 0, 1]) is (end == 15)


@pytest.mark.rule("PC-5.23.4")
@pytest.mark.rule("PC-GAP-7.2")
def test_the_navy_stops_on_arrival_with_moves_left() -> None:
    s = table()
    put(s, 0, 11)  # (3,4): 2 cards away
    s.buried[0] = 3  # 4 moves
    cross(s, 0)
    assert s.navy == 11
    assert [e for e in s.events if e["type"] == "navy"][-2:] == [
        {"type": "navy", "seat": None, "to": 7},
        {"type": "navy", "seat": None, "to": 11},
    ]


@pytest.mark.rule("PC-5.23.4")
@pytest.mark.rule("PC-GAP-7.2")
@pytest.mark.rule("PC-GAP-7.4")
def test_the_previous_seat_picks_the_navy_path_and_cannot_stop_it_early() -> None:
    s = table()
    put(s, 0, 12)  # (4,1): 6 cards from (1,4)
    s.buried[0] = 2  # 3 moves
    cross(s, 0)
    for _ in range(3):
        assert kind(s) == "steer" and s.current_player() == 1
        assert {a.kind for a in s.legal_actions()} == {"steer"}
        assert {dict(a.params)["direction"] for a in s.legal_actions()} == {S, W}
        act(s, "steer", direction=W)
    assert s.navy == 0  # (1,1): exactly 3 cards, all chosen by seat 1
    assert kind(s) is None


@pytest.mark.rule("PC-5.23.2")
@pytest.mark.rule("PC-5.24.1")
@pytest.mark.rule("PC-EX-21")
def test_the_navy_sails_to_a_hidden_ship_but_does_not_attack() -> None:
    s = table()
    put(s, 0, 7, hidden=True)
    s.assign[0] = [1, 2, 0, 0]
    cross(s, 0)
    assert s.navy == 7
    assert s.assign[0] == [1, 2, 0, 0]
    assert [e["type"] for e in s.events][-1] == "navy_misses"


@pytest.mark.rule("PC-5.23.3")
@pytest.mark.rule("PC-5.6.7")
def test_storms_do_not_stop_the_navy() -> None:
    s = table()
    with_card(s, 7, storm=True)
    put(s, 0, 15)
    s.buried[0] = 2
    cross(s, 0)
    assert s.navy == 15


# ---------------------------------------------------------------------------- PC-5.24 attack
@pytest.mark.rule("PC-5.24.1")
@pytest.mark.rule("PC-5.24.3")
@pytest.mark.rule("PC-5.24.4")
@pytest.mark.rule("PC-5.24.5")
@pytest.mark.rule("PC-EX-21")
def test_the_navy_attack_sends_every_deckhand_to_repairs_without_a_token() -> None:
    s = table()
    put(s, 0, 7)
    s.assign[0] = [1, 2, 0, 0]
    s.on_helm[0] = [False, False, False, True, False, False]
    s.volley[0] = 0
    cross(s, 0)
    assert s.navy == 7
    assert s.assign[0] == [0, 0, 0, 4]
    assert s.on_helm[0] == [False] * 6
    assert s.volley[0] == 0
    assert kind(s) is None  # no dice, no decision


@pytest.mark.rule("PC-5.24.1")
@pytest.mark.rule("PC-GAP-7.3")
@pytest.mark.rule("PC-GAP-14.10")
def test_the_navy_attacks_when_it_already_stood_on_the_active_ship() -> None:
    s = table()
    put(s, 0, 3)  # the player sailed onto the Navy's card
    s.assign[0] = [1, 1, 1, 0]
    cross(s, 0)
    assert s.navy == 3
    assert s.assign[0] == [0, 0, 0, 3]


@pytest.mark.rule("PC-5.24.2")
@pytest.mark.rule("PC-5.5.5")
def test_the_navy_ignores_other_pirates_on_its_way() -> None:
    s = table()
    put(s, 0, 15)
    put(s, 1, 7)  # on the Navy's path
    s.buried[0] = 2
    s.assign[0] = [1, 0, 0, 0]
    s.assign[1] = [1, 1, 1, 0]
    cross(s, 0)
    assert s.navy == 15
    assert s.assign[1] == [1, 1, 1, 0]
    assert s.assign[0] == [0, 0, 0, 1]


@pytest.mark.rule("PC-5.24.2")
def test_the_navy_ignores_other_pirates_on_its_last_card() -> None:
    s = table()
    put(s, 0, 15)
    put(s, 1, 7)
    s.assign[1] = [1, 1, 1, 0]
    cross(s, 0)  # 1 move: it stops on seat 1's card
    assert s.navy == 7
    assert s.assign[1] == [1, 1, 1, 0]


@pytest.mark.rule("PC-5.24.6")
def test_extortion_gold_is_kept_when_the_navy_attacks() -> None:
    s = table()
    put(s, 0, 7)
    s.assign[0] = [0, 0, 2, 0]
    cross(s, 0)
    assert s.gold[0] == 1 + 2
    assert s.assign[0] == [0, 0, 0, 2]


# ---------------------------------------------------------------------------- PC-5.26 turn end
@pytest.mark.rule("PC-5.26.1")
@pytest.mark.rule("PC-1.4")
def test_turns_pass_clockwise_and_the_round_wraps() -> None:
    s = table(3)
    start_turn(s, 0)
    seen = []
    for _ in range(4):
        seen.append(s.current_player())
        quiet_turn(s, s.current_player())
    assert seen == [0, 1, 2, 0]
    assert s.turns == [2, 1, 1]
    assert s.round == 2


# ---------------------------------------------------------------------------- PC-5.27 the end
def third_treasure(s: PiratesState, ship: int) -> None:
    """``ship`` (with 2 treasures buried) buries its third this turn and ends the turn."""
    with_card(s, s.at[ship], burial=(5,))
    s.buried[ship] = 2
    s.gold[ship] = max(s.gold[ship], 5)
    to_bonus(s, ship, "search")
    act(s, "bonus", card=0, index=0)
    assert s.buried[ship] == 3 and s.end_triggered
    finish_turn(s)


@pytest.mark.rule("PC-5.27.1")
@pytest.mark.rule("PC-5.27.2")
@pytest.mark.rule("PC-EX-24")
def test_the_round_is_finished_and_the_first_player_plays_no_more() -> None:
    s = table(4)
    s.round = 7
    s.turns = [7, 6, 6, 6]
    third_treasure(s, 1)
    assert not s.over and kind(s) == "helm" and s.current_player() == 2
    quiet_turn(s, 2)
    assert kind(s) == "helm" and s.current_player() == 3
    quiet_turn(s, 3)
    assert s.over and kind(s) is None
    assert s.turns == [7, 7, 7, 7]
    assert s.winners() == [1]


@pytest.mark.rule("PC-5.27.2")
@pytest.mark.rule("PC-GAP-11.14")
def test_the_last_seat_triggering_ends_the_game_after_its_own_turn_and_step_5() -> None:
    s = table(2)
    set_captain(s, 1, trigger="hide")
    put(s, 1, 14)  # (4,3): 4 cards from the Navy at (1,4)
    with_card(s, 14, cove=True, burial=(5,))
    s.buried[1] = 2
    s.gold[1] = 5
    s.assign[1] = [0, 0, 2, 0]
    s.captain[1] = 5
    start_turn(s, 1)
    act(s, "captain", steps=1)  # onto Hide: crosses the line
    act(s, "done")
    act(s, "skip")
    act(s, "bonus", card=0, index=0)
    assert s.buried[1] == 3 and s.end_triggered
    assert s.gold[1] == 5 - 5 + 2  # step 5 still paid the Extortion
    assert kind(s) == "steer" and s.current_player() == 0  # and sails the Navy
    finish_turn(s)
    assert s.over and kind(s) is None
    assert s.navy == 14  # with 3 treasures buried this turn the Navy moves 4 and attacks
    assert s.assign[1] == [0, 0, 0, 2]


def end_with_two_winners(**fields: tuple[Any, Any]) -> PiratesState:
    """4 players; seats 1 and 3 reach 3 treasures (seat 1 triggers, seat 3 in the same
    round). ``fields`` set seat 1's and seat 3's values just before the last turn ends."""
    s = table(4)
    third_treasure(s, 1)
    quiet_turn(s, 2)
    s.buried[3] = 3
    for name, (one, three) in fields.items():
        values = getattr(s, name)
        values[1], values[3] = one, three
    quiet_turn(s, 3)
    assert s.over
    return s


@pytest.mark.rule("PC-5.27.3")
@pytest.mark.rule("PC-EX-24")
@pytest.mark.parametrize(
    ("fields", "winners"),
    [
        ({"infamy": (2, 3), "gold": (9, 0)}, [3]),
        ({"infamy": (3, 3), "gold": (4, 3), "cargo": ([], cubes("rum", "rum"))}, [1]),
        ({"infamy": (1, 1), "gold": (4, 4), "cargo": ([SUGAR], cubes("rum", "rum"))}, [3]),
        ({"infamy": (1, 1), "gold": (4, 4), "cargo": (cubes("coffee"), cubes("rum"))}, [1, 3]),
    ],
)
def test_ties_on_three_treasures_break_by_infamy_gold_loot_then_share(
    fields: dict[str, tuple[Any, Any]], winners: list[int]
) -> None:
    s = end_with_two_winners(**fields)
    assert s.winners() == winners
    returns = s.returns()
    assert returns[0] < returns[winners[0]]


@pytest.mark.rule("PC-5.27.3")
def test_three_treasures_beat_more_infamy_gold_and_loot() -> None:
    s = table(2)
    s.infamy[0], s.gold[0], s.cargo[0] = 6, 13, cubes("rum", "rum", "rum")
    third_treasure(s, 1)
    assert s.over
    assert s.winners() == [1]


@pytest.mark.rule("PC-5.27.1")
def test_two_treasures_do_not_trigger_the_end() -> None:
    s = table(2)
    with_card(s, HERE, burial=(5,))
    s.buried[0] = 1
    s.gold[0] = 5
    to_bonus(s, 0, "search")
    act(s, "bonus", card=0, index=0)
    assert s.buried[0] == 2 and not s.end_triggered
    finish_turn(s)
    quiet_turn(s, 1)
    assert not s.over and s.current_player() == 0
