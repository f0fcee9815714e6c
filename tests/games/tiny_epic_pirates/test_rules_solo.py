"""Tiny Epic Pirates rule tests: the solo game against the Legendary Pirate (PC-6), the solo
parts of PC-1.3 and PC-5.21.3, and the worked examples PC-EX-26 .. PC-EX-33. Gap decisions are
those of PC-GAP-12 in ``docs/games/tiny_epic_pirates.md``.

Most tests build the position on a featureless sea with a test solo bridge and infamy sheet
(``lp_game``), script the dice, run the Legendary Pirate's automatic turn and check the result.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.engine import Frame
from tabletide.games.tiny_epic_pirates import combat, economy, helm, sea
from tabletide.games.tiny_epic_pirates.constants import (
    HELM_SPACES,
    ORDER_INDEX,
    REPAIRS,
)
from tabletide.games.tiny_epic_pirates.content import (
    SEARCH_KINDS,
    SoloBonus,
    SoloBridge,
    SoloInfamy,
    SoloLevel,
    SoloSpace,
)
from tabletide.games.tiny_epic_pirates.state import PiratesState

from .helpers import (
    ScriptedRng,
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

YOU = 0
HELM = [0, 1, 2, 3, 4, 5]
"""A fixed solo helm: space 1 plunder, 2 trade, 3 recruit, 4 search, 5 attack (0 is Hide)."""
SUGAR, RUM, GUNPOWDER, COFFEE = range(4)


def rc(row: int, col: int) -> int:
    """The position of card (row, col), 1-based as in the spec."""
    return (row - 1) * 4 + (col - 1)


def bridge(
    targets: tuple[str, str, str, str, str] = ("you", "you", "you", "you", "you"),
    dice_: tuple[int, ...] = (6,),
    bonuses: tuple[SoloBonus, ...] = (),
) -> SoloBridge:
    return SoloBridge(id=0, name="test bridge", targets=targets, dice=dice_, bonuses=bonuses)  # type: ignore[arg-type]


def level(dice_: int = 2, sail: int = 1, hits: int = 0) -> SoloLevel:
    return SoloLevel(dice=dice_, sail=sail, hits=hits)


def sheet(
    track: tuple[SoloSpace, ...] = (
        SoloSpace(orders=("recruit",)),
        SoloSpace(orders=("recruit",)),
    ),
    levels: tuple[SoloLevel, SoloLevel, SoloLevel, SoloLevel] = (
        level(2, 1),
        level(2, 2),
        level(3, 3),
        level(3, 4),
    ),
    gold_track: int = 9,
) -> SoloInfamy:
    return SoloInfamy(id=0, name="test sheet", track=track, levels=levels, gold_track=gold_track)


def lp_game(b: SoloBridge | None = None, sh: SoloInfamy | None = None) -> PiratesState:
    """A solo game after setup on a featureless sea, no search tokens, the test sheets and a
    fixed helm. Ports (1,1)/(4,4); orange at (1,4) bound for (4,4) and green at (4,1) bound
    for (1,1) (one step each, no choice); the Navy at (4,1); you at (3,3), the Legendary Pirate
    at (2,2), both visible; its captain on Hide, its deckhands Rigging/Cannons/Extortion."""
    s = new(1)
    plain_sea(s)
    s.content = s.content.model_copy(
        update={"solo_bridges": (b or bridge(),), "solo_infamy": (sh or sheet(),)}
    )
    s.lp_bridge_id = s.lp_sheet_id = 0
    s.lp_track = 0
    s.helm[s.lp] = HELM[:]
    s.search = [-1] * 16
    s.ports = (rc(1, 1), rc(4, 4))
    set_merchant(s, 0, rc(1, 4), rc(4, 4))
    set_merchant(s, 1, rc(4, 1), rc(1, 1))
    s.navy = rc(4, 1)
    put(s, YOU, rc(3, 3))
    put(s, s.lp, rc(2, 2))
    s.cargo[s.lp] = []
    s.cargo[YOU] = []
    s.gold[s.lp] = 0
    s.captain[s.lp] = 0
    s.on_helm[s.lp] = [False] * HELM_SPACES
    s.assign[s.lp] = [1, 1, 1, 0]
    s.crew[s.lp] = []
    # Your captain: card 0 side A (die faces 1, 4, 6; no hits; trade -> Bury, Attack).
    s.captain_card[YOU] = 0
    s.side[YOU] = 0
    return s


def set_merchant(s: PiratesState, m: int, at: int, dest: int) -> None:
    s.merchant_at[m] = at
    s.merchant_dest[m] = dest


def lp_turn(s: PiratesState, *rolls: int) -> list[dict[str, Any]]:
    """Run the Legendary Pirate's whole turn with scripted d6 rolls; return its events."""
    mark = len(s.events)
    dice(s, *rolls)
    start_turn(s, s.lp)
    return s.events[mark:]


def run(s: PiratesState, *frames: Frame) -> list[dict[str, Any]]:
    """Make ``frames`` the whole stack (last = top), run it; return the new events."""
    mark = len(s.events)
    s.stack[:] = list(frames)
    s.advance()
    return s.events[mark:]


def cross(s: PiratesState, ship: int) -> list[dict[str, Any]]:
    """Step 5 of ``ship``'s turn after a crossing of the ship line."""
    s.active = ship
    s.crossed = True
    return run(s, Frame("@cross", ship))


def of(events: list[dict[str, Any]], type_: str, ship: int | None = None) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_ and (ship is None or e.get("ship") == ship)]


def lp_gains(s: PiratesState, amount: int) -> None:
    """The Legendary Pirate gains gold (as from any of its sources), then play continues."""
    economy.gain_gold(s, s.lp, amount, "test")
    s.advance()


# ============================================================================ PC-6.2 setup
@pytest.mark.rule("PC-6.2.2")
@pytest.mark.rule("PC-6.2.1")
def test_setup_solo_sheets_and_pieces() -> None:
    bridges, sheets, helms = set(), set(), set()
    for seed in range(12):
        s = new(1, seed)
        lp = s.lp
        assert s.ships == 2 and lp == 1
        assert s.captain[lp] == 0  # B: on the Hide space
        assert s.assign[lp] == [1, 1, 1, 0]  # C: one on each of Rigging, Cannons, Extortion
        assert not s.spare[lp] and not any(s.on_helm[lp])  # C: the 4th goes to the box
        assert s.buried[lp] == 0  # D
        assert s.lp_track == 0  # E: the marked first space
        assert s.gold[lp] == 0  # F: "zero"
        assert s.captain_card[lp] == -1  # no captain card
        assert s.helm[lp][0] == ORDER_INDEX["hide"]
        assert sorted(s.helm[lp][1:]) == [1, 2, 3, 4, 5]  # A: the 5 order tokens
        bridges.add(s.lp_bridge_id)
        sheets.add(s.lp_sheet_id)
        helms.add(tuple(s.helm[lp]))
    # A / PC-6.2.1: the tokens and both sheets are random
    assert len(helms) > 1 and len(bridges) > 1 and len(sheets) > 1


@pytest.mark.rule("PC-6.2.3")
def test_setup_placement_order_and_farthest_cove() -> None:
    for seed in range(12):
        s = new(1, seed)
        you, lp, navy = s.at[YOU], s.at[s.lp], s.navy
        assert s.card(you).cove and s.hidden[YOU]  # 1: your ship in a cove
        assert navy in sea.CORNERS and navy not in s.merchant_at  # 2: a corner, no merchant
        assert s.card(lp).cove and lp != you and s.hidden[s.lp]  # 3: an unoccupied cove
        others = [p for p in range(16) if s.card(p).cove and p != you]
        assert sea.distance(lp, navy) == max(sea.distance(p, navy) for p in others)
        types = [e["type"] for e in s.events]
        assert types.index("navy") < next(i for i, e in enumerate(s.events) if e.get("ship") == 1)


@pytest.mark.rule("PC-6.2.3")
@pytest.mark.rule("PC-GAP-12.12")
def test_setup_tie_between_coves_is_yours() -> None:
    s = new(1, setup=False)
    act(s, "ports", diagonal=0)  # ports (1,1) and (4,4)
    act(s, "start", at=s.legal_actions()[0].num("at"))
    plain_sea(s)
    for p in (rc(2, 2), rc(3, 3), rc(1, 3)):
        with_card(s, p, cove=True)
    act(s, "navy", at=rc(1, 4))  # (2,2) and (3,3) are both 3 away, (1,3) only 1
    assert kind(s) == "pick" and s.stack[-1].seat == 0
    assert sorted(a.num("at") for a in s.legal_actions()) == [rc(2, 2), rc(3, 3)]
    act(s, "pick", at=rc(3, 3))
    assert s.at[s.lp] == rc(3, 3) and s.hidden[s.lp]


@pytest.mark.rule("PC-6.2.4")
def test_setup_starting_loot_you_first() -> None:
    for seed in range(6):
        s = new(1, seed)
        assert s.cargo[YOU] == [s.market[3]]  # the type on "2 gold"
        assert s.cargo[s.lp] == [s.market[2]]  # the type on "3 gold"


# ============================================================================ PC-6.3 your turn
@pytest.mark.rule("PC-6.2.5", "PC-3.3", "PC-3.4", "PC-3.9")
def test_setup_you_prepare_your_sheets_and_choose_your_captain_side() -> None:
    """PC-6.2.5: in solo you set up your own infamy and bridge sheets as in a normal game and
    choose the side of your captain card yourself."""
    for side in (0, 1):
        s = new(1, setup=False)
        asked = []
        while kind(s) != "helm":
            asked.append((kind(s), s.current_player()))
            if kind(s) == "side":
                assert sorted(a.num("side") for a in s.legal_actions()) == [0, 1]
                act(s, "side", side=side)
            else:
                s.apply(s.legal_actions()[0])
        assert ("side", YOU) in asked
        assert s.side[YOU] == side and s.captain_card[YOU] >= 0
        assert s.gold[YOU] == 1 and s.infamy[YOU] == 0 and not s.mutiny[YOU]
        assert s.assign[YOU] == [1, 1, 1, 0] and s.spare[YOU] and s.captain[YOU] == 0
        assert sorted(s.helm[YOU][1:]) == [1, 2, 3, 4, 5] and s.helm[YOU][0] == 0


@pytest.mark.rule("PC-6.3.2")
@pytest.mark.rule("PC-EX-32")
@pytest.mark.rule("PC-GAP-12.4")
@pytest.mark.parametrize(
    ("you", "expected"),
    [((1, 3), (3, 2)), ((3, 3), (3, 2)), ((4, 2), (2, 3)), ((2, 4), (3, 2))],
)
def test_merchant_goes_farther_from_you_on_your_crossing(
    you: tuple[int, int], expected: tuple[int, int]
) -> None:
    s = lp_game()
    set_merchant(s, 0, rc(2, 2), rc(4, 4))
    put(s, s.lp, rc(1, 1))
    put(s, YOU, rc(*you), hidden=True)  # hidden: the Navy's attack does not matter here
    s.navy = rc(1, 4)
    cross(s, YOU)
    assert s.merchant_at[0] == rc(*expected)


@pytest.mark.rule("PC-6.3.2")
@pytest.mark.rule("PC-GAP-12.4")
def test_merchant_never_onto_the_other_merchant_even_onto_you() -> None:
    s = lp_game()
    set_merchant(s, 0, rc(2, 2), rc(4, 4))
    set_merchant(s, 1, rc(3, 2), rc(1, 1))  # on the card farther from you
    put(s, YOU, rc(2, 3), hidden=True)
    s.navy = rc(1, 4)
    cross(s, YOU)
    assert s.merchant_at[0] == rc(2, 3)  # onto your card rather than onto green
    assert s.merchant_at[0] != s.merchant_at[1]


@pytest.mark.rule("PC-GAP-12.4")
def test_merchant_stays_when_its_only_step_holds_the_other_merchant() -> None:
    s = lp_game()
    set_merchant(s, 0, rc(1, 4), rc(4, 4))  # only (2,4) brings it closer
    set_merchant(s, 1, rc(2, 4), rc(1, 1))
    put(s, YOU, rc(3, 1), hidden=True)
    s.navy = rc(4, 1)
    cross(s, YOU)
    assert s.merchant_at[0] == rc(1, 4)
    # green then moves (never onto orange): (2,3) rather than (1,4)
    assert s.merchant_at[1] == rc(2, 3)


@pytest.mark.rule("PC-5.21.3")
@pytest.mark.rule("PC-6.3.1")
@pytest.mark.rule("PC-6.3.3")
@pytest.mark.rule("PC-EX-33")
def test_navy_vertical_then_horizontal_on_your_crossing() -> None:
    s = lp_game()
    s.navy = rc(1, 4)
    put(s, YOU, rc(3, 1))
    s.buried[YOU] = 2  # navy_moves[2] = 3 (our placeholder table)
    events = cross(s, YOU)
    path = [e["to"] for e in of(events, "navy")]
    assert path == [rc(2, 4), rc(3, 4), rc(3, 3)]
    assert not any(f.kind == "steer" for f in s.stack)  # the Legendary Pirate chose


@pytest.mark.rule("PC-6.3.3")
@pytest.mark.rule("PC-6.3.4")
def test_your_crossing_pays_extortion_and_navy_attacks_you() -> None:
    s = lp_game()
    s.assign[YOU] = [1, 1, 2, 0]
    s.gold[YOU] = 3
    put(s, YOU, rc(4, 2))
    s.navy = rc(4, 1)
    cross(s, YOU)
    assert s.gold[YOU] == 5  # 1 per Extortion deckhand
    assert s.navy == rc(4, 2)
    assert s.assign[YOU] == [0, 0, 0, 4]  # PC-5.24.4 full listing
    assert s.volley[YOU] == 0


@pytest.mark.rule("PC-6.3.1")
@pytest.mark.rule("PC-5.21.3")
def test_full_turn_crossing_lp_moves_the_ships_without_asking_you() -> None:
    s = lp_game(sh=sheet(track=(SoloSpace(orders=("recruit",)), SoloSpace(orders=("recruit",)))))
    set_merchant(s, 0, rc(2, 2), rc(4, 4))
    put(s, s.lp, rc(1, 1))
    put(s, YOU, rc(1, 3))
    s.navy = rc(4, 4)
    s.captain[YOU] = 5
    start_turn(s, YOU)
    dice(s, 6)  # the Legendary Pirate's following turn: a 6, recruit only
    act(s, "captain", steps=2)  # 5 -> Hide (free) -> 1: crosses the ship line
    act(s, "done")
    if kind(s) == "order":
        act(s, "skip")
    if kind(s) == "bonus":
        act(s, "end_bonus")
    # PC-EX-32 through a real turn: orange went to (3,2), farther from you
    assert s.merchant_at[0] == rc(3, 2)
    assert kind(s) == "helm" and s.stack[-1].seat == YOU  # nobody was asked to steer


# ============================================================================ PC-6.4 its helm
@pytest.mark.rule("PC-6.4.2")
@pytest.mark.rule("PC-EX-26")
@pytest.mark.rule("PC-EX-27")
@pytest.mark.rule("PC-6.7.6")
def test_solo_helm_worked_examples_26_and_27() -> None:
    s = lp_game(b=bridge(targets=("you", "you", "you", "you", "orange")))
    lp = s.lp
    s.helm[lp] = [0, 4, 4, 4, 4, 4]  # search everywhere (no tokens): no fight
    s.captain[lp] = 2
    put(s, lp, rc(1, 3))
    events = lp_turn(s, 5)
    assert s.captain[lp] == 5
    assert [i for i in range(6) if s.on_helm[lp][i]] == [3, 4]
    assert s.assign[lp] == [1, 0, 0, 0]  # Extortion went on 3, then Cannons on 4
    assert of(events, "captain", lp)[0]["crossed"] is False
    assert not of(events, "cross")
    # the target is the ship printed next to space 5: the orange merchant at (1,4)
    assert s.at[lp] == rc(1, 4)
    # PC-EX-27: it rolls 4; Hide free, Rigging skips 1, nothing left for 2: it stops on 2.
    set_merchant(s, 0, rc(1, 4), rc(4, 4))
    s.navy = rc(4, 4)
    events = lp_turn(s, 4)
    assert s.captain[lp] == 2
    assert [i for i in range(6) if s.on_helm[lp][i]] == [1, 3, 4]
    assert s.assign[lp] == [0, 0, 0, 0]
    assert of(events, "captain", lp)[0]["crossed"] is True
    assert of(events, "cross", lp)
    # you moved the ships at the end of its turn, the Navy toward it (0 treasures: 1 card)
    assert s.merchant_at[0] == rc(2, 4)
    assert s.navy in (rc(3, 4), rc(4, 3))


@pytest.mark.rule("PC-6.4.2")
@pytest.mark.rule("PC-5.21.1")
def test_first_move_from_hide_does_not_cross() -> None:
    s = lp_game()
    lp = s.lp
    events = lp_turn(s, 2)
    assert s.captain[lp] == 2
    assert s.on_helm[lp][1] and s.assign[lp] == [1, 1, 0, 0]
    assert of(events, "captain", lp)[0]["crossed"] is False


@pytest.mark.rule("PC-6.4.2")
def test_skip_takes_the_rightmost_deckhand_repairs_included() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 1
    s.assign[lp] = [1, 0, 1, 1]
    lp_turn(s, 4)  # skips 2 and 3
    assert s.captain[lp] == 4
    assert s.on_helm[lp][2] and s.on_helm[lp][3]
    assert s.assign[lp] == [1, 0, 0, 0]  # Repairs first, then Extortion


@pytest.mark.rule("PC-6.4.2")
@pytest.mark.rule("PC-GAP-12.2")
@pytest.mark.parametrize(
    ("before", "after"),
    [
        ([0, 1, 1, 0], [1, 1, 1, 0]),  # leftmost free: Rigging
        ([1, 0, 1, 0], [1, 1, 1, 0]),  # Cannons
        ([1, 1, 0, 2], [1, 1, 1, 2]),  # Extortion, not Repairs
        ([1, 1, 1, 0], [1, 1, 1, 1]),  # c: one per assignment, so Repairs
    ],
)
def test_skipped_helm_deckhand_returns_to_leftmost_free_assignment(
    before: list[int], after: list[int]
) -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 1
    s.on_helm[lp][2] = True
    s.assign[lp] = before[:]
    lp_turn(s, 3)  # passes the deckhand on 2, lands on 3
    assert s.captain[lp] == 3
    assert not any(s.on_helm[lp])
    assert s.assign[lp] == after


@pytest.mark.rule("PC-6.4.2")
def test_landing_on_a_helm_deckhand_returns_it() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 1
    s.on_helm[lp][3] = True
    s.assign[lp] = [0, 1, 1, 0]
    lp_turn(s, 3)  # Extortion skips 2; the deckhand on 3 goes back to Rigging
    assert s.captain[lp] == 3
    assert [i for i in range(6) if s.on_helm[lp][i]] == [2]
    assert s.assign[lp] == [1, 1, 0, 0]


@pytest.mark.rule("PC-GAP-12.2")
@pytest.mark.rule("PC-6.4.2")
def test_freed_deckhand_cannot_skip_in_the_same_turn() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 1
    s.on_helm[lp][2] = True
    s.assign[lp] = [0, 0, 0, 0]
    lp_turn(s, 4)  # the deckhand on 2 returns to Rigging but may not skip 3
    assert s.captain[lp] == 3  # d: as far as possible
    assert not any(s.on_helm[lp])
    assert s.assign[lp] == [1, 0, 0, 0]


@pytest.mark.rule("PC-6.4.2")
def test_shortfall_stops_on_an_order_token_never_on_hide() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 4
    s.assign[lp] = [0, 0, 0, 0]
    events = lp_turn(s, 3)  # 5 is empty and no deckhand is left: it stops on 5
    assert s.captain[lp] == 5
    assert of(events, "captain", lp)[0]["crossed"] is False
    events = lp_turn(s, 2)  # Hide is skipped for free, 1 cannot be skipped: it stops on 1
    assert s.captain[lp] == 1
    assert of(events, "captain", lp)[0]["crossed"] is True


@pytest.mark.rule("PC-6.4.2")
@pytest.mark.rule("PC-6.7.6")
def test_hide_is_always_skipped_for_free() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 5
    s.assign[lp] = [0, 0, 0, 0]
    events = lp_turn(s, 1)
    assert s.captain[lp] == 1
    assert not any(s.on_helm[lp])
    assert of(events, "captain", lp)[0]["crossed"] is True
    assert not of(events, "hide")


@pytest.mark.rule("PC-GAP-12.1")
@pytest.mark.rule("PC-GAP-14.4")
def test_roll_naming_its_own_space_repeats_that_order() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 3  # recruit
    deck_top = s.crew_deck[-1]
    events = lp_turn(s, 3)
    assert s.captain[lp] == 3
    assert s.assign[lp] == [1, 1, 1, 0] and not any(s.on_helm[lp])
    assert of(events, "captain", lp)[0]["crossed"] is False
    assert s.crew[lp] == [deck_top]


# ============================================================================ PC-6.4.3 a six
@pytest.mark.rule("PC-6.4.3")
@pytest.mark.rule("PC-GAP-12.3")
def test_six_moves_the_marker_and_performs_orders_top_to_bottom() -> None:
    track = (SoloSpace(orders=("recruit",)), SoloSpace(orders=("plunder", "trade")))
    s = lp_game(sh=sheet(track=track, gold_track=20))
    lp = s.lp
    s.captain[lp] = 4
    s.on_helm[lp][2] = True
    s.market = [SUGAR, RUM, GUNPOWDER, COFFEE]
    s.bag = [0, 5, 0, 0]  # the plunder draws a rum
    events = lp_turn(s, 6)
    assert s.lp_track == 1
    assert s.captain[lp] == 4 and s.on_helm[lp][2]  # the captain does not move
    assert s.assign[lp] == [1, 1, 1, 0]
    assert not of(events, "cross")
    # plunder, then trade: the rum is drawn and then sold at 4
    assert [e["order"] for e in of(events, "order", lp)] == ["plunder", "trade"]
    assert s.cargo[lp] == [] and s.gold[lp] == 4


@pytest.mark.rule("PC-GAP-12.13")
@pytest.mark.rule("PC-6.4.3")
def test_action_track_wraps_around() -> None:
    track = (
        SoloSpace(orders=("recruit",)),
        SoloSpace(orders=("search",)),
        SoloSpace(orders=("search",)),
    )
    s = lp_game(sh=sheet(track=track))
    s.lp_track = 2
    events = lp_turn(s, 6)
    assert s.lp_track == 0
    assert [e["order"] for e in of(events, "order", s.lp)] == ["recruit"]


@pytest.mark.rule("PC-GAP-12.3")
@pytest.mark.rule("PC-6.5.1")
def test_six_sails_once_toward_you_before_the_orders() -> None:
    track = (SoloSpace(orders=("recruit",)), SoloSpace(orders=("search", "attack")))
    s = lp_game(b=bridge(targets=("orange",) * 5), sh=sheet(levels=(level(2, 2),) * 4))
    lp = s.lp
    s.assign[lp] = [0, 1, 1, 0]  # no Rigging: 2 cards in all
    put(s, lp, rc(2, 1))
    put(s, YOU, rc(2, 4))
    s = replace_track(s, track)
    events = lp_turn(s, 6)
    assert s.at[lp] == rc(2, 3)  # once, toward you (not the helm's orange target)
    assert not of(events, "attack", lp)  # you are not on its card
    # with you one card nearer it reaches you first and then attacks
    s.lp_track = 0
    put(s, lp, rc(2, 1))
    put(s, YOU, rc(2, 3))
    events = lp_turn(s, 6, 1, 1, 1, 1)
    assert of(events, "attack", lp)


def replace_track(s: PiratesState, track: tuple[SoloSpace, ...]) -> PiratesState:
    old = s.lp_sheet()
    s.content = s.content.model_copy(
        update={"solo_infamy": (old.model_copy(update={"track": track}),)}
    )
    return s


@pytest.mark.rule("PC-GAP-12.3")
@pytest.mark.rule("PC-6.6.3")
def test_each_order_of_a_six_checks_its_bridge_bonus() -> None:
    track = (SoloSpace(orders=("search",)), SoloSpace(orders=("recruit", "search")))
    bonuses = (
        SoloBonus(trigger="recruit", gold=1),
        SoloBonus(trigger="search", gold=2),
        SoloBonus(trigger="trade", gold=4),
    )
    s = lp_game(b=bridge(bonuses=bonuses), sh=sheet(track=track))
    put(s, YOU, s.at[s.lp])
    lp_turn(s, 6)
    assert s.gold[s.lp] == 3


# ============================================================================ PC-6.5/6.6 sailing
@pytest.mark.rule("PC-6.5.2", "PC-6.6.1", "PC-6.6.2", "PC-6.6.3")
def test_its_order_is_sail_then_perform_then_bonus() -> None:
    """PC-6.5.2: the solo pirate resolves its order in three steps, in this order: it sails
    toward the target, performs the order, then takes the bridge bonus the order activates."""
    s = lp_game(b=bridge(bonuses=(SoloBonus(trigger="plunder", gold=2),)))
    lp = s.lp
    put(s, YOU, rc(2, 4))  # two cards east of it
    s.assign[lp] = [1, 1, 1, 0]  # level sail 1 + Rigging 1
    events = lp_turn(s, 1)  # space 1: plunder, target you
    steps = [
        e["type"] if e["type"] != "gold" else "bonus gold"
        for e in events
        if e.get("ship") == lp and e["type"] in ("sail", "order", "loot", "gold")
    ]
    assert steps == ["sail", "sail", "order", "loot", "bonus gold"]
    assert s.at[lp] == rc(2, 4) and len(s.cargo[lp]) == 1 and s.gold[lp] == 2


@pytest.mark.rule("PC-6.5.1")
@pytest.mark.rule("PC-6.6.1")
@pytest.mark.parametrize(
    ("target", "expected"), [("orange", (1, 2)), ("green", (3, 2)), ("you", (2, 3))]
)
def test_sails_one_card_toward_its_target(target: str, expected: tuple[int, int]) -> None:
    s = lp_game(b=bridge(targets=("you", target, "you", "you", "you")))  # type: ignore[arg-type]
    put(s, YOU, rc(2, 4))
    s.assign[s.lp] = [0, 1, 1, 0]  # level sail 1, no Rigging
    lp_turn(s, 2)
    assert s.at[s.lp] == rc(*expected)


@pytest.mark.rule("PC-6.6.1")
@pytest.mark.rule("PC-GAP-12.8")
def test_sail_total_is_level_plus_rigging_plus_bonus_of_its_order() -> None:
    bonuses = (SoloBonus(trigger="plunder", sail=1), SoloBonus(trigger="attack", sail=5))
    s = lp_game(b=bridge(bonuses=bonuses))
    lp = s.lp
    put(s, lp, rc(4, 1))
    put(s, YOU, rc(1, 4))
    events = lp_turn(s, 1)  # space 1: plunder; 1 (level) + 1 (Rigging) + 1 (bonus)
    assert [e["to"] for e in of(events, "sail", lp)] == [rc(3, 1), rc(2, 1), rc(1, 1)]
    assert not s.hidden[lp]


@pytest.mark.rule("PC-6.6.1")
def test_sailing_stops_on_the_target_card() -> None:
    s = lp_game(sh=sheet(levels=(level(2, 4),) * 4))
    lp = s.lp
    put(s, lp, rc(4, 1))
    put(s, YOU, rc(2, 1))
    events = lp_turn(s, 1)
    assert s.at[lp] == rc(2, 1)
    assert len(of(events, "sail", lp)) == 2


@pytest.mark.rule("PC-GAP-12.9")
@pytest.mark.rule("PC-6.6.1")
def test_storm_on_its_path_lists_it() -> None:
    s = lp_game(sh=sheet(levels=(level(2, 2),) * 4))
    lp = s.lp
    put(s, lp, rc(1, 1))
    put(s, YOU, rc(1, 4))
    with_card(s, rc(1, 2), storm=True)
    lp_turn(s, 1)  # 2 + Rigging 1 = 3 cards, through the storm on (1,2)
    assert s.at[lp] == rc(1, 4)
    assert s.assign[lp] == [1, 1, 0, 1]  # the rightmost (Extortion) to Repairs


@pytest.mark.rule("PC-GAP-12.9")
def test_all_on_repairs_stops_before_a_storm() -> None:
    s = lp_game(sh=sheet(levels=(level(2, 3),) * 4))
    lp = s.lp
    put(s, lp, rc(1, 1))
    put(s, YOU, rc(1, 4))
    s.assign[lp] = [0, 0, 0, 3]
    s.captain[lp] = 1
    with_card(s, rc(1, 3), storm=True)
    lp_turn(s, 1)  # repeats space 1; would sail 3 cards but stops before (1,3)
    assert s.at[lp] == rc(1, 2)
    assert s.assign[lp] == [0, 0, 0, 3]


@pytest.mark.rule("PC-6.6.3")
@pytest.mark.rule("PC-5.18.7")
def test_crew_cards_activate_no_bonus_but_the_bridge_does() -> None:
    plunder_gold_crew = next(
        c.id
        for c in load_crew()
        if c.face.bonus is not None
        and c.face.bonus.trigger == "plunder"
        and c.face.bonus.actions[0].kind == "gold"
    )
    s = lp_game(b=bridge(bonuses=(SoloBonus(trigger="plunder", gold=2),)))
    lp = s.lp
    s.crew[lp] = [plunder_gold_crew]
    put(s, YOU, s.at[lp])
    lp_turn(s, 1)  # plunder
    assert len(s.cargo[lp]) == 1
    assert s.gold[lp] == 2  # the bridge bonus only


def load_crew() -> tuple[Any, ...]:
    from tabletide.games.tiny_epic_pirates.content import load_content

    return load_content().crew


# ============================================================================ PC-6.7 orders
@pytest.mark.rule("PC-6.7.1")
def test_plunder_anywhere_draws_one_cube() -> None:
    s = lp_game()
    lp = s.lp
    put(s, YOU, s.at[lp])
    assert s.card(s.at[lp]).colony == 0
    bag = sum(s.bag)
    lp_turn(s, 1)
    assert len(s.cargo[lp]) == 1 and sum(s.bag) == bag - 1


@pytest.mark.rule("PC-6.7.1")
@pytest.mark.rule("PC-6.7.3")
def test_third_cube_trades_at_once() -> None:
    s = lp_game(sh=sheet(gold_track=20))
    lp = s.lp
    put(s, YOU, s.at[lp])
    s.cargo[lp] = cubes("sugar", "rum")
    s.market = [SUGAR, RUM, GUNPOWDER, COFFEE]
    s.bag = [0, 0, 0, 5]
    lp_turn(s, 1)  # plunders a coffee: the third cube
    assert s.cargo[lp] == cubes("rum", "coffee")
    assert s.gold[lp] == 5
    assert s.market == [RUM, GUNPOWDER, COFFEE, SUGAR]


@pytest.mark.rule("PC-6.7.3")
@pytest.mark.rule("PC-EX-28")
def test_trade_sells_only_the_most_expensive_type_anywhere() -> None:
    s = lp_game()
    lp = s.lp
    put(s, YOU, s.at[lp])
    s.cargo[lp] = cubes("rum", "rum", "coffee")
    s.market = [COFFEE, SUGAR, RUM, GUNPOWDER]
    bag = s.bag[:]
    s.captain[lp] = 1
    s.assign[lp] = [1, 1, 1, 0]
    lp_turn(s, 2)  # space 2: trade
    assert s.gold[lp] == 5
    assert s.cargo[lp] == cubes("rum", "rum")
    assert s.market == [SUGAR, RUM, GUNPOWDER, COFFEE]
    assert s.bag[COFFEE] == bag[COFFEE] + 1


@pytest.mark.rule("PC-6.7.4")
@pytest.mark.rule("PC-GAP-12.6")
@pytest.mark.rule("PC-6.9.4")
@pytest.mark.parametrize(
    ("token", "gold", "loot"),
    [
        ("gold2", 2, 0),
        ("gold3", 3, 0),
        ("volley", 1, 0),
        ("sail2", 1, 0),
        ("storm", 1, 0),
        ("loot", 0, 1),
    ],
)
def test_search_resolves_and_discards_the_token(token: str, gold: int, loot: int) -> None:
    s = lp_game(sh=sheet(levels=(level(2, 0),) * 4))
    lp = s.lp
    s.assign[lp] = [0, 0, 0, 3]  # no sailing at all
    s.captain[lp] = 3
    here = s.at[lp]
    s.search[here] = SEARCH_KINDS.index(token)
    lp_turn(s, 4)  # space 4: search
    assert s.at[lp] == here
    assert s.search[here] == -1
    assert s.gold[lp] == gold
    assert len(s.cargo[lp]) == loot
    assert s.kept[lp] == [] and s.volley[lp] == 0


@pytest.mark.rule("PC-6.7.4")
def test_search_without_a_token_does_nothing() -> None:
    s = lp_game(sh=sheet(levels=(level(2, 0),) * 4))
    lp = s.lp
    s.assign[lp] = [0, 0, 0, 3]
    s.captain[lp] = 3
    s.search[rc(1, 1)] = SEARCH_KINDS.index("gold3")
    lp_turn(s, 4)
    assert s.gold[lp] == 0 and s.search[rc(1, 1)] >= 0


@pytest.mark.rule("PC-6.7.5")
def test_recruit_takes_the_top_card_to_the_right() -> None:
    s = lp_game()
    lp = s.lp
    put(s, YOU, s.at[lp])
    s.crew[lp] = [22]
    s.crew_deck = [c for c in s.crew_deck if c != 22]
    top = s.crew_deck[-1]
    row = s.crew_row[:]
    s.captain[lp] = 2
    lp_turn(s, 3)
    assert s.crew[lp] == [22, top]
    assert s.crew_row == row


@pytest.mark.rule("PC-6.7.5")
def test_recruit_with_four_crew_refreshes_the_row() -> None:
    s = lp_game()
    lp = s.lp
    put(s, YOU, s.at[lp])
    row = s.crew_row[:]
    s.crew[lp] = [s.crew_deck.pop() for _ in range(4)]
    crew = s.crew[lp][:]
    deck = s.crew_deck[:]
    s.captain[lp] = 2
    lp_turn(s, 3)
    assert s.crew[lp] == crew
    assert sorted(s.crew_deck[:3]) == sorted(row)  # the old row at the bottom
    assert s.crew_row == [deck[-1], deck[-2], deck[-3]]  # three new ones from the top
    assert len(s.crew_deck) == len(deck)


# ============================================================================ PC-6.7.2 attack
@pytest.mark.rule("PC-6.7.2")
@pytest.mark.rule("PC-GAP-12.14")
def test_attack_needs_the_target_on_its_card() -> None:
    s = lp_game(b=bridge(targets=("orange",) * 5))
    lp = s.lp
    s.captain[lp] = 4
    set_merchant(s, 0, rc(1, 4), rc(4, 4))
    put(s, lp, rc(2, 1))
    put(s, YOU, rc(1, 2))  # you are on the card it ends on, but you are not the target
    events = lp_turn(s, 5, 6, 6, 6, 6)  # attack; sails 2: (1,1) then (1,2)
    assert s.at[lp] == rc(1, 2)
    assert not of(events, "attack", lp)


@pytest.mark.rule("PC-GAP-12.14")
@pytest.mark.rule("PC-6.7.2")
def test_attack_does_nothing_if_you_are_hidden() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 4
    put(s, YOU, rc(2, 3), hidden=True)
    events = lp_turn(s, 5, 6, 6, 6, 6)
    assert s.at[lp] == rc(2, 3)  # it sails toward you anyway
    assert not of(events, "attack", lp)
    assert s.assign[YOU] == [1, 1, 1, 0]


# ============================================================================ PC-6.9 damage
@pytest.mark.rule("PC-6.9.1")
@pytest.mark.rule("PC-GAP-12.7")
@pytest.mark.rule("PC-GAP-12.15")
def test_its_damage_and_it_rolls_first() -> None:
    brutus = next(c.id for c in load_crew() if c.face.dice == (2, 4) and c.face.hits == 1)
    b = bridge(
        dice_=(6,),
        bonuses=(SoloBonus(trigger="attack", hits=1), SoloBonus(trigger="plunder", hits=5)),
    )
    track = (SoloSpace(orders=("recruit",), hits=2), SoloSpace(orders=("attack",), hits=7))
    levels = (level(2, 1, hits=1), level(3, 2, hits=20), level(3, 3), level(3, 4))
    s = lp_game(b=b, sh=sheet(track=track, levels=levels))
    lp = s.lp
    s.captain[lp] = 4
    s.assign[lp] = [0, 1, 0, 2]
    s.crew[lp] = [brutus]
    put(s, YOU, s.at[lp])
    events = lp_turn(s, 5, 6, 2, 3, 3)
    assert of(events, "attack", lp)[0]["dice"] == [6, 2]  # it rolls first, level dice 2
    assert of(events, "defend", YOU)[0]["dice"] == [3, 3]
    # 6 (bridge) + 2 (crew) + Cannons 1 + level 1 + attack bonus 1 + marked space 2 + crew 1
    assert of(events, "battle", lp)[0]["damage"] == 8


@pytest.mark.rule("PC-6.9.2", "PC-6.6.3")
def test_it_never_rerolls_even_with_a_reroll_crew_card() -> None:
    """PC-6.9.2: its crew activates no bonus actions, so a Reroll card never rerolls its dice
    (the same card lets a player reroll during the Attack order, PC-5.20.6)."""
    reroll_card = next(
        c.id
        for c in load_crew()
        if c.face.bonus is not None and c.face.bonus.actions[0].kind == "reroll"
    )
    faces = load_crew()[reroll_card].face.bonus.actions[0].faces  # type: ignore[union-attr]
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 4
    s.crew[lp] = [reroll_card]
    put(s, YOU, s.at[lp])
    events = lp_turn(s, 5, faces[0], faces[0], 3, 3, 6, 6)  # space 5: attack you
    assert of(events, "attack", lp)[0]["dice"] == [faces[0], faces[0]]
    assert not of(events, "reroll")
    assert isinstance(s.rng, ScriptedRng) and s.rng.rolls == [6, 6]  # nothing was rerolled


@pytest.mark.rule("PC-6.9.3")
@pytest.mark.rule("PC-6.9.1")
@pytest.mark.rule("PC-6.10.2")
@pytest.mark.rule("PC-5.25.1")
@pytest.mark.rule("PC-6.10.3")
def test_you_attack_it_you_roll_first_and_win() -> None:
    s = lp_game()
    lp = s.lp
    s.cargo[lp] = cubes("rum")
    put(s, lp, s.at[YOU])
    with_card(s, rc(3, 4), cove=True)
    with_card(s, rc(1, 1), cove=True)
    s.assign[YOU] = [1, 0, 0, 0]
    s.order = ORDER_INDEX["attack"]
    dice(s, 1, 4, 1, 1)
    mark = len(s.events)
    decision(s, "order", YOU)
    act(s, "perform")
    events = s.events[mark:]
    assert of(events, "attack", YOU)[0]["dice"] == [1, 4]
    assert of(events, "defend", lp)[0]["dice"] == [1, 1]
    assert of(events, "battle", YOU)[0]["damage"] == 2
    assert of(events, "battle", YOU)[0]["against"] == 1  # no match, its Cannons 1
    assert s.infamy[YOU] == 1  # you gain 1 infamy level
    assert s.assign[lp] == [1, 1, 0, 1]  # it lists (rightmost)
    assert s.gold[lp] == 1  # and gains 1 gold
    assert s.at[lp] == rc(3, 4) and s.hidden[lp]  # the nearest free cove, hidden
    assert s.volley[YOU] == 0 and s.infamy[lp] == 0
    assert s.cargo[YOU] == [] and s.cargo[lp] == cubes("rum")  # PC-6.10.3: nobody steals


@pytest.mark.rule("PC-6.10.2")
@pytest.mark.rule("PC-EX-29")
@pytest.mark.rule("PC-6.10.3")
def test_it_beats_you() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 4
    put(s, YOU, s.at[lp])
    s.assign[YOU] = [1, 0, 0, 0]
    four = next(m.id for m in s.content.merchants if m.gold == 4)
    six = next(m.id for m in s.content.merchants if m.gold == 6)
    s.merchant_slot = [six, four]
    s.cargo[YOU] = cubes("rum")
    lp_turn(s, 5, 6, 6, 2, 2)
    assert s.gold[lp] == 4  # the lower of the two face-up merchant cards
    assert s.assign[YOU] == [0, 0, 0, 1]  # you list
    assert s.volley[YOU] == 1  # and gain a volley token
    assert s.cargo[YOU] == cubes("rum") and s.cargo[lp] == []  # PC-6.10.3: nobody steals


@pytest.mark.rule("PC-6.10.2")
def test_tie_with_you() -> None:
    s = lp_game()
    lp = s.lp
    s.captain[lp] = 4
    put(s, YOU, s.at[lp])
    s.assign[YOU] = [1, 0, 0, 0]
    s.assign[lp] = [1, 0, 1, 0]
    lp_turn(s, 5, 6, 6, 1, 4)  # 2 against 2
    assert s.gold[lp] == 1 and s.volley[YOU] == 1
    assert s.assign[YOU] == [1, 0, 0, 0] and s.assign[lp] == [1, 0, 1, 0]
    assert s.infamy[YOU] == 0


# ============================================================================ PC-6.10.1 merchants
def merchant_fight(s: PiratesState, merchant: int, *rolls: int) -> list[dict[str, Any]]:
    """The Legendary Pirate (on space 4) rolls 5 and attacks orange on its card."""
    lp = s.lp
    s.captain[lp] = 4
    s.lp_bridge_id = 0
    s.content = s.content.model_copy(
        update={"solo_bridges": (s.lp_bridge().model_copy(update={"targets": ("orange",) * 5}),)}
    )
    s.merchant_slot[0] = merchant
    set_merchant(s, 0, s.at[lp], rc(4, 4))
    return lp_turn(s, 5, *rolls)


@pytest.mark.rule("PC-6.10.1")
@pytest.mark.rule("PC-GAP-12.8")
def test_it_sinks_a_merchant() -> None:
    s = lp_game(sh=sheet(levels=(level(2, 1, hits=10),) * 4, gold_track=20))
    lp = s.lp
    eight = next(m.id for m in s.content.merchants if m.value == 8 and m.infamy_upto >= 1)
    s.merchant_cube[0] = GUNPOWDER
    deck = s.merchant_deck[:]
    merchant_fight(s, eight, 1, 1)
    assert s.gold[lp] == 8  # the merchant card's gold
    assert s.cargo[lp] == [GUNPOWDER]  # and its cube
    assert s.infamy[lp] == 0  # never infamy
    assert s.merchant_slot[0] == eight and s.merchant_deck == deck  # an 8 keeps its card
    assert s.merchant_at[0] == rc(4, 4)  # the port farthest from it at (2,2)
    assert s.merchant_dest[0] == rc(1, 1)
    assert s.merchant_cube[0] >= 0


@pytest.mark.rule("PC-6.10.1")
@pytest.mark.rule("PC-6.7.3")
def test_sunk_merchants_cube_as_third_trades_at_once() -> None:
    s = lp_game(sh=sheet(levels=(level(2, 1, hits=10),) * 4, gold_track=30))
    lp = s.lp
    two = next(m.id for m in s.content.merchants if m.value == 2)
    s.cargo[lp] = cubes("sugar", "sugar")
    s.merchant_cube[0] = RUM
    s.market = [RUM, COFFEE, SUGAR, GUNPOWDER]
    merchant_fight(s, two, 1, 1)
    assert s.cargo[lp] == cubes("sugar", "sugar")  # the rum (price 5) was sold at once
    assert s.gold[lp] == 2 + 5


@pytest.mark.rule("PC-6.10.1")
def test_sinking_replaces_a_low_merchant_card() -> None:
    s = lp_game(sh=sheet(levels=(level(2, 1, hits=10),) * 4, gold_track=20))
    two = next(m.id for m in s.content.merchants if m.value == 2)
    top = s.merchant_deck[-1]
    merchant_fight(s, two, 1, 1)
    assert s.merchant_slot[0] == top
    assert s.gold[s.lp] == 2


@pytest.mark.rule("PC-6.10.1")
@pytest.mark.rule("PC-GAP-12.10")
@pytest.mark.rule("PC-6.9.4")
def test_merchant_beats_it() -> None:
    s = lp_game()
    lp = s.lp
    with_card(s, rc(2, 4), cove=True)
    with_card(s, rc(4, 4), cove=True)
    two = next(m.id for m in s.content.merchants if m.value == 2 and m.damage == 2)
    s.assign[lp] = [1, 0, 1, 0]
    events = merchant_fight(s, two, 1, 1)
    assert of(events, "battle", lp)[0]["damage"] == 0
    assert s.assign[lp] == [1, 0, 0, 1]  # lists
    assert s.gold[lp] == 1 and s.volley[lp] == 0  # 1 gold instead of a volley token
    assert s.at[lp] == rc(2, 4) and s.hidden[lp]  # nearest free cove, hidden
    assert s.merchant_slot[0] == two


@pytest.mark.rule("PC-6.10.1")
def test_tie_with_a_merchant() -> None:
    s = lp_game()
    lp = s.lp
    two = next(m.id for m in s.content.merchants if m.value == 2 and m.damage == 2)
    s.assign[lp] = [1, 0, 1, 0]
    here = s.at[lp]
    cube = s.merchant_cube[0]
    merchant_fight(s, two, 6, 6)
    assert s.gold[lp] == 1
    assert s.assign[lp] == [1, 0, 1, 0] and s.at[lp] == here
    assert s.merchant_at[0] == here and s.merchant_slot[0] == two
    assert s.merchant_cube[0] == cube


# ============================================================================ PC-6.10.4 Navy
@pytest.mark.rule("PC-6.7.6")
@pytest.mark.rule("PC-6.10.4")
@pytest.mark.rule("PC-GAP-12.5")
@pytest.mark.rule("PC-GAP-7.5")
def test_navy_attacks_it_when_it_crosses() -> None:
    s = lp_game()
    lp = s.lp
    put(s, lp, rc(2, 2))
    s.navy = rc(2, 4)
    s.buried[lp] = 1  # navy_moves[1] = 2 cards: it reaches (2,2)
    s.assign[lp] = [1, 0, 1, 0]
    s.on_helm[lp][3] = True
    with_card(s, rc(3, 1), cove=True)
    with_card(s, rc(4, 4), cove=True)
    gold = s.gold[lp]
    cross(s, lp)
    assert s.navy == rc(2, 2)
    assert s.assign[lp] == [0, 0, 0, 3] and not any(s.on_helm[lp])  # ALL 3 to Repairs
    assert s.at[lp] == rc(3, 1) and s.hidden[lp]
    assert s.gold[lp] == gold + 1  # its Extortion paid first (PC-GAP-12.8)
    assert s.assign[YOU] == [1, 1, 1, 0]


@pytest.mark.rule("PC-GAP-12.10")
@pytest.mark.rule("PC-5.17.7")
def test_relocated_pirate_is_hidden_from_you_and_the_navy() -> None:
    s = lp_game()
    lp = s.lp
    with_card(s, rc(2, 3), cove=True)
    two = next(m.id for m in s.content.merchants if m.value == 2 and m.damage == 2)
    s.assign[lp] = [1, 0, 1, 0]
    merchant_fight(s, two, 1, 1)  # it loses and goes to the cove at (2,3), hidden
    assert s.at[lp] == rc(2, 3) and s.hidden[lp]
    put(s, YOU, rc(2, 3))
    assert (lp, combat.MERCHANT) not in combat.targets(s, YOU)
    set_merchant(s, 0, rc(1, 4), rc(4, 4))
    s.navy = rc(2, 4)
    events = cross(s, lp)
    assert s.navy == rc(2, 3)
    assert of(events, "navy_misses", lp) and not of(events, "navy_attack")
    assert s.assign[lp] == [1, 0, 0, 1]


@pytest.mark.rule("PC-GAP-7.5")
@pytest.mark.rule("PC-6.7.6")
def test_navy_count_uses_its_treasures() -> None:
    s = lp_game()
    lp = s.lp
    s.navy = rc(2, 4)
    s.buried[YOU] = 2
    s.buried[lp] = 0  # 1 card only, so it does not reach
    cross(s, lp)
    assert s.navy == rc(2, 3)
    assert s.assign[lp] == [1, 1, 1, 0]


@pytest.mark.rule("PC-5.21.3")
@pytest.mark.rule("PC-GAP-12.5")
@pytest.mark.rule("PC-6.7.6")
def test_you_move_the_ships_when_it_crosses() -> None:
    s = lp_game()
    lp = s.lp
    set_merchant(s, 0, rc(2, 2), rc(4, 4))  # two ways toward its port
    put(s, lp, rc(3, 3))
    s.navy = rc(1, 1)
    cross(s, lp)
    assert kind(s) == "steer" and s.stack[-1].seat == YOU
    assert sorted(a.num("direction") for a in s.legal_actions()) == [1, 2]
    act(s, "steer", direction=1)  # east, away from the Legendary Pirate's preference
    assert s.merchant_at[0] == rc(2, 3)
    # the Navy (0 treasures: 1 card) from (1,1) toward (3,3): you choose again
    assert kind(s) == "steer" and s.stack[-1].seat == YOU
    act(s, "steer", direction=1)
    assert s.navy == rc(1, 2)


# ============================================================================ PC-6.8 gold
@pytest.mark.rule("PC-6.8.2")
@pytest.mark.rule("PC-EX-31")
@pytest.mark.rule("PC-GAP-12.11")
def test_bury_at_the_nearest_free_spot_then_cheapest() -> None:
    s = lp_game()
    lp = s.lp
    here = s.at[lp]
    with_card(s, rc(1, 2), burial=(7,))
    with_card(s, rc(2, 3), burial=(5,))
    with_card(s, here, burial=(9,))
    s.gold[lp] = 7
    lp_gains(s, 2)
    assert s.burial[here] == [lp] and s.buried[lp] == 1
    assert s.gold[lp] == 0  # the doubloon returns to zero
    assert s.at[lp] == here  # it does not move to bury
    lp_gains(s, 9)
    assert s.burial[rc(2, 3)] == [lp] and s.burial[rc(1, 2)] == [-1]
    assert s.buried[lp] == 2 and s.at[lp] == here


@pytest.mark.rule("PC-6.8.2")
def test_bury_tie_on_distance_and_cost_is_yours() -> None:
    s = lp_game()
    lp = s.lp
    with_card(s, rc(1, 2), burial=(6,))
    with_card(s, rc(2, 3), burial=(6, 5))
    with_card(s, rc(2, 1), burial=(5,))
    s.gold[lp] = 8
    lp_gains(s, 1)
    assert kind(s) == "pick" and s.stack[-1].seat == YOU
    assert sorted(a.num("at") for a in s.legal_actions()) == [rc(2, 1), rc(2, 3)]
    act(s, "pick", at=rc(2, 3))
    assert s.burial[rc(2, 3)] == [-1, lp]  # the cheaper spot of that card
    assert s.gold[lp] == 0


@pytest.mark.rule("PC-6.8.1", "PC-6.2.2")
def test_its_gold_runs_from_zero_to_the_top_of_its_own_track() -> None:
    """PC-6.8.1: the solo pirate's gold starts at "zero" beside the track and runs up to the
    last space of its own track (20 here, past the players' 13), where it stops."""
    assert new(1).gold[1] == 0
    s = lp_game(sh=sheet(gold_track=20))  # a featureless sea: no spot to bury on
    lp = s.lp
    lp_gains(s, 15)
    assert s.gold[lp] == 15  # not capped at 13
    lp_gains(s, 9)
    assert s.gold[lp] == 20 and s.buried[lp] == 0  # the top; it waits for a spot
    assert of(s.events, "gold", lp)[-1]["lost"] == 4


@pytest.mark.rule("PC-6.8.2")
def test_gold_beyond_the_top_is_lost() -> None:
    s = lp_game()
    lp = s.lp
    with_card(s, rc(1, 1), burial=(7,))
    s.gold[lp] = 8
    lp_gains(s, 3)
    assert s.buried[lp] == 1 and s.gold[lp] == 0


@pytest.mark.rule("PC-GAP-12.11")
@pytest.mark.rule("PC-6.8.2")
def test_never_buries_where_the_navy_is_and_waits_at_the_top() -> None:
    s = lp_game()
    lp = s.lp
    with_card(s, rc(1, 1), burial=(7,))
    s.navy = rc(1, 1)
    s.gold[lp] = 5
    lp_gains(s, 6)
    assert s.buried[lp] == 0 and s.gold[lp] == 9  # waits at the top
    lp_gains(s, 1)
    assert s.buried[lp] == 0 and s.gold[lp] == 9
    s.navy = rc(4, 1)
    run(s, Frame("@end_turn", lp))  # at the next chance it buries
    assert s.burial[rc(1, 1)] == [lp] and s.gold[lp] == 0


@pytest.mark.rule("PC-6.8.3")
@pytest.mark.rule("PC-6.9.1")
@pytest.mark.parametrize("buried", [0, 1, 2])
def test_treasures_uncover_stronger_levels(buried: int) -> None:
    levels = (level(2, 1), level(2, 2), level(3, 3), level(3, 4))
    s = lp_game(sh=sheet(levels=levels))
    lp = s.lp
    s.buried[lp] = buried
    s.captain[lp] = 4
    s.assign[lp] = [0, 1, 1, 0]
    put(s, lp, rc(4, 1))
    put(s, YOU, rc(4, 4), hidden=True)
    events = lp_turn(s, 5)
    assert len(of(events, "sail", lp)) == levels[buried].sail
    put(s, YOU, s.at[lp])
    s.captain[lp] = 4
    events = lp_turn(s, 5, 1, 1, 1, 1, 1, 1)
    assert len(of(events, "attack", lp)[0]["dice"]) == levels[buried].dice


# ============================================================================ PC-6.11 listing
@pytest.mark.rule("PC-6.11.1")
@pytest.mark.rule("PC-EX-30")
def test_listing_order() -> None:
    s = lp_game()
    lp = s.lp
    s.assign[lp] = [0, 1, 1, 0]
    s.on_helm[lp][4] = True
    s.captain[lp] = 5
    helm.list_ship(s, lp, "test")
    assert s.assign[lp] == [0, 1, 0, 1]
    helm.list_ship(s, lp, "test")
    assert s.assign[lp] == [0, 0, 0, 2]
    helm.list_ship(s, lp, "test")
    assert s.assign[lp] == [0, 0, 0, 3] and not any(s.on_helm[lp])
    helm.list_ship(s, lp, "test")
    assert s.assign[lp] == [0, 0, 0, 3]
    assert not s.stack or s.stack[-1].kind != "list"  # nobody is asked


@pytest.mark.rule("PC-6.11.1")
def test_listing_from_the_helm_counts_counter_clockwise() -> None:
    s = lp_game()
    lp = s.lp
    s.assign[lp] = [0, 0, 0, 1]
    s.captain[lp] = 1
    s.on_helm[lp][3] = s.on_helm[lp][5] = True
    helm.list_ship(s, lp, "test")
    assert not s.on_helm[lp][5] and s.on_helm[lp][3]
    assert s.assign[lp][REPAIRS] == 2


# ============================================================================ PC-6.12 the end
@pytest.mark.rule("PC-6.12.1")
@pytest.mark.rule("PC-1.3")
@pytest.mark.rule("PC-5.27.4", "PC-6.1.1")
def test_it_buries_its_third_and_the_game_ends_at_once() -> None:
    s = lp_game(b=bridge(bonuses=(SoloBonus(trigger="recruit", gold=1),)))
    lp = s.lp
    with_card(s, rc(1, 1), burial=(7,))
    s.buried[lp] = 2
    s.gold[lp] = 8
    s.captain[lp] = 5
    s.assign[lp] = [1, 1, 1, 0]
    merchants = s.merchant_at[:]
    events = lp_turn(s, 3)  # crosses the line, then recruit + 1 gold: its third treasure
    assert of(events, "captain", lp)[0]["crossed"] is True
    assert s.buried[lp] == 3 and s.over
    assert kind(s) is None
    assert not of(events, "cross") and s.merchant_at == merchants  # step 5 never came
    assert not of(events, "turn", YOU)  # you get no other turn
    assert s.winners() == [] and s.returns() == [-1.0]


@pytest.mark.rule("PC-6.12.1")
@pytest.mark.rule("PC-1.3")
@pytest.mark.rule("PC-5.27.4", "PC-6.1.1")
def test_you_bury_your_third_and_win_at_once() -> None:
    s = lp_game()
    here = s.at[YOU]
    with_card(s, here, burial=(5,))
    s.buried[YOU] = 2
    s.gold[YOU] = 6
    s.assign[YOU] = [1, 0, 2, 0]
    s.order = ORDER_INDEX["trade"]  # your captain's trigger: Bury, then Attack
    s.active = YOU
    s.crossed = True
    s.stack[:] = [Frame("@end_turn", YOU), Frame("@cross", YOU), Frame("bonus", YOU)]
    action = find(s, "bonus", card=0, index=0)
    assert action is not None
    mark = len(s.events)
    s.apply(action)
    assert s.buried[YOU] == 3 and s.over and kind(s) is None
    assert s.gold[YOU] == 1  # no Extortion: step 5 never came
    assert not of(s.events[mark:], "turn")
    assert s.winners() == [0] and s.returns() == [1.0]


# ============================================================================ PC-6.1.2 infamy
@pytest.mark.rule("PC-6.1.2")
@pytest.mark.rule("PC-5.15.4")
@pytest.mark.parametrize(("upto", "infamy"), [(2, 1), (0, 0)])
def test_merchant_infamy_counts_one_player(upto: int, infamy: int) -> None:
    s = lp_game()
    m = next(c.id for c in s.content.merchants if c.infamy_upto == upto)
    s.merchant_slot[0] = m
    set_merchant(s, 0, s.at[YOU], rc(4, 4))
    s.assign[YOU] = [0, 6, 0, 0]  # two 6s match face 6: 2 + 6 Cannons = 8
    s.order = ORDER_INDEX["attack"]
    dice(s, 6, 6)
    mark = len(s.events)
    decision(s, "order", YOU)
    act(s, "perform")
    assert of(s.events[mark:], "sink", YOU)
    assert s.infamy[YOU] == infamy


@pytest.mark.rule("PC-6.9.4")
def test_it_never_holds_volley_tokens() -> None:
    s = lp_game()
    lp = s.lp
    economy.gain_volley(s, lp, "test")
    assert s.volley[lp] == 0 and s.gold[lp] == 1


@pytest.mark.rule("PC-6.4.1")
@pytest.mark.rule("PC-6.6.2")
def test_its_turn_is_automatic() -> None:
    s = lp_game()
    events = lp_turn(s, 3)
    assert [e["type"] for e in events][:2] == ["turn", "solo_die"]
    assert of(events, "solo_die")[0]["die"] == 3
    assert kind(s) == "helm" and s.stack[-1].seat == YOU
