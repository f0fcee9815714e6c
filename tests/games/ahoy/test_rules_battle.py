"""Rule tests for battles, damage and repair: loaded cannons (AH-5.9, AH-5.19), who must fight
(AH-5.20), the battle procedure (AH-5.21-5.24, AH-GAP-7), damage and repair (AH-5.28-5.32,
AH-6.2.5), the factions' victory rewards (AH-6.1.6, AH-6.2.9, AH-6.3.8), the battle crew
(Appendix A) and the Union's battle plans (AH-B.5-B.7, AH-4.9); worked examples AH-EX-7 and
AH-EX-16, derived cases AH-TC-4 to AH-TC-7 and AH-TC-10.

Every position is built by hand on a 4x4 sea of four regions with nothing on it but islands
(plus the terrain a test adds), with the figures put where the test needs them. Battles are
started by real moves (Sail, Order, the ships' Sail, ...) and driven with ``act``; battle dice
are scripted with ``dice`` (attacker first, then defender)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.games.ahoy import damage
from tabletide.games.ahoy.constants import CUTTER, FORT0, GUNBOAT, PATROL0, SHIP_SPOT0
from tabletide.games.ahoy.state import AhoyState

from .helpers import (
    E,
    N,
    P,
    S,
    W,
    act,
    clear_figures,
    crew_spot,
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

FLEET, SMUGGLER, UNION, SMUGGLER2 = 0, 1, 2, 3
"""Seats of a 3- or 4-player game (AH-3.3)."""
ROWS = [
    "I..I",
    "....",
    "I..I",
    "....",
]
"""Regions 0 (top left), 1 (top right), 2 (bottom left), 3 (bottom right); islands in the
corners P(0, 0), P(3, 0), P(0, 2), P(3, 2)."""
CUTTER_SAIL, CUTTER_TAILWIND, GUNBOAT_SAIL, GUNBOAT_TAILWIND = range(SHIP_SPOT0, SHIP_SPOT0 + 4)


# ---------------------------------------------------------------------------- local helpers
def arena(n: int = 3, rows: list[str] | None = None, **terrain: Any) -> AhoyState:
    """A game of ``n`` players on ROWS (or ``rows``) with no figure on the map, no plans in the
    Union's hand, no dice placed and 1 gold each."""
    s = new(n)
    sea(s, rows or ROWS, symbols="skull fish shell star", **terrain)
    clear_figures(s)
    s.plan_hand = []
    s.gold = [1] * n
    s.dice = [[] for _ in range(n)]
    s.damage = [[] for _ in range(n)]
    return s


def load(s: AhoyState, seat: int, *values: int) -> None:
    """Dice already on the seat's Cannons spot (placed earlier this round)."""
    s.dice[seat] += [(spot(s, seat, "cannons"), v) for v in values]


def plan(s: AhoyState, key: str) -> int:
    """Put a plan card of that kind into the Union's hand; returns the card."""
    card = next(c for c, k in enumerate(s.plan_cards) if k == key and c not in s.plan_hand)
    for pile in (s.plan_deck, s.plan_discard):
        if card in pile:
            pile.remove(card)
    s.plan_hand.append(card)
    return card


def ship(s: AhoyState, fig: int, x: int, y: int) -> int:
    """The Union has played the cutter's or gunboat's card (kept by its side) and the figure
    is on P(x, y); returns the card."""
    key = "cutter" if fig == CUTTER else "gunboat"
    card = s.plan_cards.index(key)
    for pile in (s.plan_deck, s.plan_hand, s.plan_discard):
        if card in pile:
            pile.remove(card)
    s.ship_card[0 if fig == CUTTER else 1] = True
    put(s, fig, x, y)
    return card


def sail(s: AhoyState, seat: int, *dirs: int, die: int = 3) -> None:
    """Place ``die`` on the seat's Sail and take the steps ``dirs``."""
    act(s, "place", die=die, spot=spot(s, seat, "sail"), value=die)
    for d in dirs:
        act(s, "step", dir=d)


def turn(s: AhoyState, seat: int, *values: int) -> None:
    """Begin ``seat``'s turn holding the dice ``values``."""
    hand(s, seat, *values)
    start_turn(s, seat)


def events(s: AhoyState, type_: str) -> list[dict[str, Any]]:
    return [e for e in s.events if e["type"] == type_]


def result(s: AhoyState) -> dict[str, Any]:
    """The last battle's result event."""
    return events(s, "battle_result")[-1]


def battles(s: AhoyState) -> int:
    return len(events(s, "battle"))


def top(s: AhoyState) -> tuple[str | None, int]:
    """The pending decision's kind and seat."""
    return kind(s), s.stack[-1].seat


# ---------------------------------------------------------------------------- AH-5.9 / 5.19
@pytest.mark.rule("AH-5.9", "AH-5.19", "AH-6.1.3")
@pytest.mark.parametrize("cannons", [True, False])
def test_a_die_on_cannons_loads_every_figure_of_the_faction(cannons: bool) -> None:
    s = arena()
    put(s, SMUGGLER, 1, 1)  # no Cannons die: it is not loaded
    p = patrol(s, 1, 0)
    turn(s, FLEET, 6, 3)
    if cannons:
        act(s, "place", die=6, spot=spot(s, FLEET, "cannons"), value=6)
    act(s, "place", die=3, spot=spot(s, FLEET, "order"), value=3)
    act(s, "patrol", fig=p, dir=S)  # Order: the patrol moves onto the Smuggler
    assert s.fig[p] == P(1, 1)
    assert battles(s) == (1 if cannons else 0)  # the patrol is loaded through the Cannons die
    if cannons:  # AH-6.1.3: the Fleet may lower its Cannons die for a patrol's battle
        assert top(s) == ("cannons", FLEET)
        assert {o["to"] for o in options(s, "lower")} == {1, 2, 3, 4, 5}


@pytest.mark.rule("AH-5.9", "AH-5.19", "AH-7.6")
def test_loaded_cannons_last_until_the_end_of_the_round() -> None:
    s = arena(2)  # Fleet 0, Union 1
    union = s.union
    patrol(s, 2, 1)
    p2 = patrol(s, 0, 1)
    put(s, union, 1, 1)
    hand(s, s.fleet)  # the Fleet has placed all its dice: only the Union plays
    turn(s, union, 4, 3, 3)
    act(s, "place", die=4, spot=spot(s, union, "cannons"), value=4)
    act(s, "place", die=3, spot=spot(s, union, "tailwind"), value=3)  # stays put
    assert top(s) == ("turn", union) and s.quota == 1  # its next turn, in the same round
    dice(s, 6, 1)
    sail(s, union, E)  # onto the unloaded patrol: the Union is still loaded
    assert battles(s) == 1
    act(s, "keep")
    act(s, "reward", what="none")
    while kind(s) != "turn":  # the end of the round (2-player adjustment, cleanup)
        s.apply(s.legal_actions()[0])
    assert s.round == 2 and s.dice[union] == []  # AH-7.6: every die came off the board
    assert top(s) == ("turn", union)
    hand(s, union, 3, 3)
    sail(s, union, W, W)  # back onto the first space, then onto the other patrol
    assert s.fig[union] == P(0, 1) and s.fig[p2] == P(0, 1)
    assert battles(s) == 1  # no longer loaded: no battle


@pytest.mark.rule("AH-5.19", "AH-6.1.4", "AH-6.2.6", "AH-GAP-7", "AH-GAP-13")
@pytest.mark.parametrize("figure", ["fort", "gunboat"])
def test_forts_and_the_gunboat_are_always_loaded(figure: str) -> None:
    s = arena()
    if figure == "fort":
        target = fort(s, 1, 1)
    else:
        target = GUNBOAT
        ship(s, GUNBOAT, 1, 1)
    put(s, SMUGGLER, 1, 0)
    turn(s, SMUGGLER, 3, 3)
    sail(s, SMUGGLER, S)  # nobody has a Cannons die, yet the battle must happen
    assert battles(s) == 1
    assert events(s, "battle")[-1]["defender"] == target


@pytest.mark.rule("AH-5.19", "AH-6.2.6")
def test_a_moving_gunboat_battles_an_unloaded_flagship() -> None:
    s = arena()
    ship(s, GUNBOAT, 1, 0)
    put(s, SMUGGLER, 1, 1)
    turn(s, UNION, 3, 3)
    act(s, "place", die=3, spot=GUNBOAT_SAIL, value=3)
    act(s, "step", dir=S)
    assert events(s, "battle")[-1]["attacker"] == GUNBOAT
    assert events(s, "battle")[-1]["defender"] == SMUGGLER


@pytest.mark.rule("AH-5.19", "AH-6.2.7", "AH-TC-5", "AH-GAP-13", "AH-5.39")
def test_tc5_the_cutter_is_never_loaded_even_with_a_union_cannons_die() -> None:
    """AH-5.39: the cutter "cannot" load its cannons, which no rule without IGNORE overrides,
    not even Cannons' "all your figures are loaded" (AH-GAP-13 c)."""
    s = arena()
    ship(s, CUTTER, 1, 0)
    put(s, SMUGGLER, 1, 1)  # no Cannons die
    load(s, UNION, 6)
    turn(s, UNION, 3, 3)
    act(s, "place", die=3, spot=CUTTER_SAIL, value=3)
    act(s, "step", dir=S)
    assert s.fig[CUTTER] == P(1, 1)
    assert battles(s) == 0
    assert kind(s) == "step"  # no battle, so the cutter may sail on (1-3 spaces)


@pytest.mark.rule("AH-6.2.7", "AH-5.20")
def test_the_cutter_fights_a_loaded_enemy_but_cannot_fire_the_union_cannons() -> None:
    s = arena()
    ship(s, CUTTER, 1, 1)
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 2)
    load(s, UNION, 6)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 1, 6)
    sail(s, SMUGGLER, S)
    assert battles(s) == 1  # the Smuggler is loaded
    assert top(s) == ("cannons", SMUGGLER)
    act(s, "keep")
    # the Union has a 6 on Cannons, but the cutter cannot use it: no decision for the Union
    assert top(s) == ("reward", UNION)
    assert s.cannons_dice(UNION) == [6]
    assert result(s)["defender_total"] == 6


# ---------------------------------------------------------------------------- AH-5.20
@pytest.mark.rule("AH-5.20", "AH-5.21")
def test_a_loaded_mover_must_battle_every_enemy_figure_on_the_space() -> None:
    s = arena(4)
    put(s, UNION, 1, 0)
    load(s, UNION, 4)
    put(s, SMUGGLER, 1, 1)
    put(s, SMUGGLER2, 1, 1)
    p = patrol(s, 1, 1)
    ship(s, CUTTER, 1, 1)  # the Union's own cutter is no enemy
    turn(s, UNION, 3, 3)
    sail(s, UNION, S)
    assert top(s) == ("pick_defender", UNION)
    assert sorted(o["fig"] for o in options(s, "fight")) == sorted([SMUGGLER, SMUGGLER2, p])


@pytest.mark.rule("AH-5.20")
def test_an_unloaded_mover_battles_only_the_loaded_enemies() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)  # not loaded
    put(s, UNION, 1, 1)
    load(s, UNION, 4)  # loaded
    patrol(s, 1, 1)  # the Fleet is not loaded
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)
    sail(s, SMUGGLER, S)
    assert battles(s) == 1  # a single eligible enemy: no choice of defender
    assert events(s, "battle")[-1]["defender"] == UNION
    act(s, "keep")  # the Union's Cannons
    act(s, "reward", what="none")
    assert battles(s) == 1  # no battle against the unloaded patrol
    assert top(s) == ("turn", SMUGGLER)


@pytest.mark.rule("AH-5.20", "AH-5.12")
def test_no_battle_when_nobody_on_the_space_is_loaded() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    put(s, UNION, 1, 1)
    patrol(s, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    sail(s, SMUGGLER, S)
    assert battles(s) == 0
    assert kind(s) == "step"  # the Smuggler may take its second step


@pytest.mark.rule("AH-5.20", "AH-6.2.3")
def test_allies_and_own_figures_are_not_enemies() -> None:
    s = arena()
    put(s, s.fleet, 0, 1)
    load(s, s.fleet, 6)
    patrol(s, 0, 0)  # the Fleet's own patrol
    s.allies[0] = 3  # Union allies on the island
    turn(s, s.fleet, 3, 3)
    sail(s, s.fleet, N)
    assert s.fig[s.fleet] == P(0, 0)
    assert battles(s) == 0
    assert kind(s) == "step"


@pytest.mark.rule("AH-5.20", "AH-5.25")
@pytest.mark.parametrize("terrain", ["F", "."])
def test_no_battle_can_take_place_on_fog(terrain: str) -> None:
    s = arena(rows=["I..I", "." + terrain + "..", "I..I", "...."])
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    put(s, UNION, 1, 1)
    load(s, UNION, 6)
    turn(s, s.fleet, 3, 3)
    sail(s, s.fleet, S)  # onto the loaded Union flagship, on fog or on open sea
    assert battles(s) == (0 if terrain == "F" else 1)


# ---------------------------------------------------------------------------- AH-5.21
def ex7_position() -> AhoyState:
    """AH-EX-7: the Union flagship shares a space with a Smuggler flagship and a Fleet patrol
    and has a 4 on Cannons; nobody else is loaded."""
    s = arena()
    put(s, UNION, 1, 1)
    put(s, SMUGGLER, 1, 1)
    patrol(s, 1, 1)
    load(s, UNION, 4)
    turn(s, UNION, 3, 5)
    return s


@pytest.mark.rule("AH-EX-7", "AH-5.20", "AH-5.21", "AH-6.2.9", "AH-5.28", "AH-5.30")
def test_ex7_battle_worked_example() -> None:
    s = ex7_position()
    p = s.figures_at(P(1, 1))[-1]
    assert PATROL0 <= p < FORT0
    sail(s, UNION, E, W)  # 2-step Sail: away and back onto its own space
    assert s.fig[UNION] == P(1, 1)
    # Step 1: the Union chooses the order of its battles.
    assert top(s) == ("pick_defender", UNION)
    dice(s, 2, 5, 3, 2)
    act(s, "fight", fig=SMUGGLER)
    # Step 2: the attacker fires first: lower 4 to 1 for +3.
    assert top(s) == ("cannons", UNION)
    assert {o["to"] for o in options(s, "lower")} == {1, 2, 3}
    act(s, "lower", die=4, to=1)
    # Step 3: the Smuggler has no Cannons die (no decision); step 4: 2 + 3 = 5 against 5.
    assert result(s)["attacker_total"] == 5 and result(s)["defender_total"] == 5
    assert top(s) == ("reward", UNION)  # the tie goes to the attacker
    gold = s.gold[:]
    act(s, "reward", what="hit_steal")
    # The Union (the dealer) chooses where the damage goes: the Smuggler's empty Cannons spot.
    assert top(s) == ("hit", UNION)
    act(s, "hit", spot=spot(s, SMUGGLER, "cannons"))
    assert s.damage[SMUGGLER] == [spot(s, SMUGGLER, "cannons")]
    assert s.gold[UNION] == gold[UNION] + 1 and s.gold[SMUGGLER] == gold[SMUGGLER] - 1
    # Battle 2 against the patrol: the Cannons die stays at 1 and cannot be lowered further.
    assert s.cannons_dice(UNION) == [1]
    assert battles(s) == 2
    assert result(s)["attacker_total"] == 3 and result(s)["defender_total"] == 2
    assert top(s) == ("reward", UNION)
    act(s, "reward", what="hit_steal")
    assert s.fig[p] == -1  # a damaged patrol goes back to the supply
    assert s.gold[UNION] == gold[UNION] + 2 and s.gold[FLEET] == gold[FLEET] - 1
    assert top(s) == ("turn", UNION)


@pytest.mark.rule("AH-5.21")
def test_the_attacker_chooses_the_order_of_its_battles() -> None:
    s = ex7_position()
    p = s.figures_at(P(1, 1))[-1]
    sail(s, UNION, E, W)
    dice(s, 6, 1, 6, 1)
    act(s, "fight", fig=p)  # the patrol first this time
    act(s, "keep")
    assert events(s, "battle")[-1]["defender"] == p
    act(s, "reward", what="none")
    assert events(s, "battle")[-1]["defender"] == SMUGGLER
    assert battles(s) == 2


@pytest.mark.rule("AH-5.21")
def test_the_attacker_fires_its_cannons_first_then_the_defender() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    load(s, UNION, 5)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 1, 1)
    sail(s, SMUGGLER, S)
    assert top(s) == ("cannons", SMUGGLER)  # the attacker first ...
    act(s, "lower", die=6, to=2)
    assert top(s) == ("cannons", UNION)  # ... then the defender, out of turn
    assert s.cannons_dice(SMUGGLER) == [2]  # the attacker's die stays lowered
    act(s, "lower", die=5, to=1)
    assert s.cannons_dice(UNION) == [1]
    assert result(s)["attacker_total"] == 1 + 4
    assert result(s)["defender_total"] == 1 + 4
    assert top(s) == ("reward", SMUGGLER)  # a tie goes to the attacker


@pytest.mark.rule("AH-5.21", "AH-4.9")
def test_a_defender_with_the_higher_total_wins_and_takes_its_reward_out_of_turn() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 3, 4)
    sail(s, SMUGGLER, S)
    act(s, "keep")
    assert result(s)["winner"] == UNION and result(s)["loser"] == SMUGGLER
    assert top(s) == ("reward", UNION)
    assert s.active == SMUGGLER
    act(s, "reward", what="hit_steal")
    act(s, "hit", spot=spot(s, SMUGGLER, "tailwind"))
    assert s.damage[SMUGGLER] == [spot(s, SMUGGLER, "tailwind")]  # the losing attacker
    assert s.gold[UNION] == 2 and s.gold[SMUGGLER] == 0


@pytest.mark.rule("AH-5.21", "AH-TC-10", "AH-6.1.2", "AH-GAP-7")
def test_tc10_the_fleet_lowers_only_one_of_its_two_cannons_dice_per_battle() -> None:
    s = arena(4)
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 5, 6)
    put(s, SMUGGLER, 1, 1)
    put(s, SMUGGLER2, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, 1, 6, 1, 6)
    sail(s, s.fleet, S)
    act(s, "fight", fig=SMUGGLER)
    assert top(s) == ("cannons", s.fleet)
    assert {(o["die"], o["to"]) for o in options(s, "lower")} == {
        *((6, to) for to in range(1, 6)),
        *((5, to) for to in range(1, 5)),
    }
    act(s, "lower", die=6, to=1)
    # no second lowering in this battle: the battle is resolved at once (+5 only)
    assert top(s) == ("reward", s.fleet)
    assert result(s)["attacker_total"] == 1 + 5
    assert sorted(s.cannons_dice(s.fleet)) == [1, 5]
    act(s, "reward", what="none")
    # the next battle: the lowered die stays at 1, and the 5 may now be lowered
    assert top(s) == ("cannons", s.fleet)
    assert {(o["die"], o["to"]) for o in options(s, "lower")} == {(5, to) for to in range(1, 5)}
    act(s, "lower", die=5, to=1)
    assert result(s)["attacker_total"] == 1 + 4
    assert sorted(s.cannons_dice(s.fleet)) == [1, 1]


@pytest.mark.rule("AH-5.21", "AH-6.1.4", "AH-TC-4")
def test_tc4_an_unloaded_flagship_moving_onto_a_fort_battles_it_and_the_fort_adds_2() -> None:
    s = arena()
    f = fort(s, 0, 0)
    load(s, s.fleet, 6)  # the Fleet may still lower its Cannons for the fort
    put(s, UNION, 0, 1)  # not loaded
    turn(s, UNION, 3, 3)
    dice(s, 5, 1)
    sail(s, UNION, N)
    assert events(s, "battle")[-1]["defender"] == f
    assert top(s) == ("cannons", s.fleet)
    act(s, "lower", die=6, to=4)
    assert result(s)["defender_total"] == 1 + 2 + 2  # roll + fort + Cannons
    assert result(s)["attacker_total"] == 5
    assert top(s) == ("reward", UNION)  # 5 against 5: the mover wins the tie
    act(s, "reward", what="hit_steal")
    assert s.fig[f] == -1  # a damaged fort goes back to the supply


@pytest.mark.rule("AH-5.21", "AH-6.2.6")
def test_the_gunboat_adds_3_to_its_roll() -> None:
    s = arena()
    ship(s, GUNBOAT, 1, 1)
    put(s, SMUGGLER, 1, 0)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 5, 3)
    sail(s, SMUGGLER, S)
    assert result(s)["defender_total"] == 3 + 3
    assert result(s)["winner"] == UNION


@pytest.mark.rule("AH-5.21", "AH-A.23")
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_brawlers_add_1_in_every_battle_even_without_the_flagship(side: str) -> None:
    s = arena()
    give_crew(s, s.fleet, "brawlers")
    load(s, s.fleet, 6)
    put(s, UNION, 1, 1 if side == "attacker" else 0)
    p = patrol(s, 1, 0 if side == "attacker" else 1)
    mover = s.fleet if side == "attacker" else UNION
    turn(s, mover, 3, 3)
    dice(s, 2, 2)
    if side == "attacker":
        act(s, "place", die=3, spot=spot(s, s.fleet, "order"), value=3)
        act(s, "patrol", fig=p, dir=S)
    else:
        sail(s, UNION, S)
    act(s, "keep")
    patrol_side = "attacker_total" if side == "attacker" else "defender_total"
    union_side = "defender_total" if side == "attacker" else "attacker_total"
    assert result(s)[patrol_side] == 3 and result(s)[union_side] == 2
    assert result(s)["winner"] == s.fleet


@pytest.mark.rule("AH-5.21")
def test_the_victory_reward_is_optional() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 4, 1)
    sail(s, SMUGGLER, S)
    act(s, "keep")
    assert {o["what"] for o in options(s, "reward")} == {"none", "hit_move", "hit_reward"}
    gold = s.gold[:]
    act(s, "reward", what="none")
    assert s.damage[UNION] == [] and s.gold == gold
    assert top(s) == ("turn", SMUGGLER)


# ---------------------------------------------------------------------------- AH-5.22 / 5.23
@pytest.mark.rule("AH-5.22", "AH-5.15")
@pytest.mark.parametrize("rolls", [(6, 1), (1, 6)])
def test_a_battle_ends_the_movers_move_whoever_wins(rolls: tuple[int, int]) -> None:
    s = arena()
    put(s, UNION, 1, 0)
    load(s, UNION, 4)
    patrol(s, 1, 1)
    turn(s, UNION, 3, 3)
    dice(s, *rolls)
    sail(s, UNION, S)  # 1 of 2 steps
    act(s, "keep")
    act(s, "reward", what="none")
    assert s.fig[UNION] == P(1, 1)
    assert find(s, "step") is None
    assert top(s) == ("turn", UNION)


@pytest.mark.rule("AH-5.23", "AH-5.14", "AH-6.1.2")
def test_deploying_a_patrol_onto_loaded_enemies_starts_no_battle() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    put(s, UNION, 1, 1)
    load(s, UNION, 6)
    turn(s, s.fleet, 3, 3)
    act(s, "place", die=3, spot=spot(s, s.fleet, "deploy"), value=3)
    act(s, "deploy", at=P(1, 1))
    assert PATROL0 <= s.figures_at(P(1, 1))[-1] < FORT0
    assert battles(s) == 0
    assert top(s) == ("turn", s.fleet)


@pytest.mark.rule("AH-5.23", "AH-6.2.5")
def test_placing_the_cutter_onto_loaded_enemies_starts_no_battle() -> None:
    s = arena()
    put(s, UNION, 3, 3)
    put(s, s.fleet, 0, 0)
    load(s, s.fleet, 6)
    patrol(s, 0, 0)
    s.allies[0] = 2
    card = plan(s, "cutter")
    turn(s, UNION, 3, 3)
    act(s, "plan", card=card)  # the only island with 2 allies: placed at once
    assert s.fig[CUTTER] == P(0, 0)
    assert battles(s) == 0
    assert top(s) == ("turn", UNION)


# ---------------------------------------------------------------------------- AH-5.24 / GAP-7
@pytest.mark.rule("AH-5.24", "AH-GAP-7", "AH-6.2.9")
def test_the_damage_goes_to_the_figure_that_lost_the_battle() -> None:
    s = arena()
    put(s, UNION, 1, 0)
    load(s, UNION, 4)
    put(s, s.fleet, 1, 1)
    p = patrol(s, 1, 1)
    turn(s, UNION, 3, 3)
    dice(s, 6, 1, 1, 6)
    sail(s, UNION, S)
    act(s, "fight", fig=p)
    act(s, "keep")
    act(s, "reward", what="hit_steal")
    assert s.fig[p] == -1  # the patrol lost and is removed ...
    assert s.damage[s.fleet] == []  # ... the Fleet flagship on the same space is untouched
    assert s.gold[s.fleet] == 0  # the gold is stolen from the patrol's owner
    # the second battle, against the flagship: the Union loses as attacker and is damaged
    act(s, "keep")
    assert result(s)["winner"] == s.fleet
    act(s, "reward", what="hit2")
    act(s, "hit", spot=spot(s, UNION, "tailwind"))
    act(s, "hit", spot=spot(s, UNION, "whisper"))
    assert sorted(s.damage[UNION]) == sorted(
        [spot(s, UNION, "tailwind"), spot(s, UNION, "whisper")]
    )


@pytest.mark.rule("AH-GAP-7", "AH-5.30", "AH-6.2.5", "AH-A.3", "AH-6.1.6")
def test_excess_damage_sinks_the_cutter_and_is_lost() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    give_crew(s, s.fleet, "gunner")
    card = ship(s, CUTTER, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, 6, 1)
    sail(s, s.fleet, S)
    act(s, "keep")
    act(s, "reward", what="hit2")  # 2 + 1 (Gunner) damage against a card with 2 spots
    assert top(s) == ("hit", s.fleet)
    act(s, "hit", spot=CUTTER_SAIL)  # the second goes on the last spot, the third is lost
    assert s.fig[CUTTER] == -1  # every spot of its card damaged: the cutter is removed
    assert s.ship_card == [False, False]
    assert s.plan_discard == [card]  # the card is discarded
    assert s.damage[UNION] == []  # the card's damage leaves with it ...
    assert kind(s) != "hit"  # ... and the third damage is lost: nothing more to place
    assert len(events(s, "damage")) == 2


@pytest.mark.rule("AH-GAP-7", "AH-5.30", "AH-TC-6")
def test_a_removed_attacker_fights_no_more_battles() -> None:
    s = arena()
    load(s, s.fleet, 6)
    p = patrol(s, 1, 0)
    put(s, UNION, 1, 1)
    put(s, SMUGGLER, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, 1, 6, 6, 1)
    act(s, "place", die=3, spot=spot(s, s.fleet, "order"), value=3)
    act(s, "patrol", fig=p, dir=S)
    act(s, "fight", fig=UNION)
    act(s, "keep")
    act(s, "reward", what="hit_steal")  # the Union wins: the patrol is removed
    assert s.fig[p] == -1 and p in s.patrols_in_supply()
    assert battles(s) == 1  # no battle against the Smuggler
    assert top(s) == ("turn", s.fleet)


# ---------------------------------------------------------------------------- AH-5.28-5.32
@pytest.mark.rule("AH-5.28", "AH-5.25")
def test_shipwreck_damage_is_suffered_the_owner_chooses_the_spot() -> None:
    s = arena(rows=["I..I", ".W..", "I..I", "...."])
    put(s, SMUGGLER, 1, 0)
    turn(s, SMUGGLER, 3, 3)
    sail(s, SMUGGLER, S)
    assert top(s) == ("hit", SMUGGLER)
    act(s, "hit", spot=spot(s, SMUGGLER, "fast_sail"))
    assert s.damage[SMUGGLER] == [spot(s, SMUGGLER, "fast_sail")]


@pytest.mark.rule("AH-5.28", "AH-5.29", "AH-EX-2", "AH-GAP-4")
def test_spots_holding_a_die_damaged_or_dashed_cannot_be_damaged() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    s.dice[UNION] = [(spot(s, UNION, "whisper"), 6)]
    s.damage[UNION] = [spot(s, UNION, "uprising")]
    sailor = give_crew(s, UNION, "sailor")  # an action card: it has a die spot
    give_crew(s, UNION, "thief")  # a passive card paid with gold: no spot
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)
    sail(s, SMUGGLER, S)
    act(s, "keep")
    act(s, "reward", what="hit_reward")
    assert top(s) == ("hit", SMUGGLER)  # DEAL DAMAGE: the dealer chooses
    assert {o["spot"] for o in options(s, "hit")} == {
        spot(s, UNION, "sail"),
        spot(s, UNION, "tailwind"),
        spot(s, UNION, "cannons"),
        spot(s, UNION, "persuasion"),
        crew_spot(s, "sailor"),
    }  # not Whisper (a die), Uprising (damaged), Repair (dashed) or the Thief (no spot)
    act(s, "hit", spot=8 + sailor)
    assert s.damage[UNION] == [spot(s, UNION, "uprising"), 8 + sailor]


@pytest.mark.rule("AH-5.29", "AH-GAP-4", "AH-6.1.2")
def test_the_fleet_cannons_spot_holding_one_die_cannot_be_damaged() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 5)  # one die; the spot could hold two
    put(s, UNION, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, 1, 6)
    sail(s, s.fleet, S)
    act(s, "keep")
    act(s, "reward", what="hit_steal")
    hits = {o["spot"] for o in options(s, "hit")}
    assert spot(s, s.fleet, "cannons") not in hits
    assert spot(s, s.fleet, "sail") not in hits  # the Sail die sits there
    assert spot(s, s.fleet, "repair") not in hits
    assert spot(s, s.fleet, "bombard") in hits


@pytest.mark.rule("AH-5.29", "AH-EX-16", "AH-TC-7")
def test_tc7_damage_with_no_spot_left_is_ignored() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    spots = range(len(s.board_spots(UNION)))
    dashed = spot(s, UNION, "repair")
    s.damage[UNION] = [0, 1, 2]
    s.dice[UNION] = [(sp, 2) for sp in spots if sp not in (dashed, 0, 1, 2)]
    # every spot is filled (a die or damage); only the dashed Repair is empty
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)
    sail(s, SMUGGLER, S)
    act(s, "keep")
    act(s, "reward", what="hit_reward")
    assert events(s, "damage_ignored")[-1]["seat"] == UNION
    assert s.damage[UNION] == [0, 1, 2]
    assert top(s) == ("grid", SMUGGLER)  # the rest of the reward still happens


@pytest.mark.rule("AH-5.30", "AH-TC-6", "AH-5.25")
def test_tc6_a_patrol_moving_onto_a_shipwreck_is_removed() -> None:
    s = arena(rows=["I..I", ".W..", "I..I", "...."])
    p = patrol(s, 1, 0)
    turn(s, s.fleet, 3, 3)
    act(s, "place", die=3, spot=spot(s, s.fleet, "order"), value=3)
    act(s, "patrol", fig=p, dir=S)
    assert s.fig[p] == -1 and p in s.patrols_in_supply()
    assert s.damage[s.fleet] == []  # no token is used


@pytest.mark.rule("AH-5.30", "AH-6.2.5", "AH-5.32")
def test_gunboat_damage_goes_on_its_card_and_that_spot_takes_no_die() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    ship(s, GUNBOAT, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)  # 6 against 1 + 3
    sail(s, SMUGGLER, S)
    act(s, "keep")
    act(s, "reward", what="hit_reward")
    assert {o["spot"] for o in options(s, "hit")} == {GUNBOAT_SAIL, GUNBOAT_TAILWIND}
    act(s, "hit", spot=GUNBOAT_SAIL)
    assert s.damage[UNION] == [GUNBOAT_SAIL]
    assert s.fig[GUNBOAT] == P(1, 1)  # one spot left: still afloat
    turn(s, UNION, 3, 3)
    spots = {o["spot"] for o in options(s, "place")}
    assert GUNBOAT_SAIL not in spots and GUNBOAT_TAILWIND in spots


@pytest.mark.rule("AH-6.2.5", "AH-5.29", "AH-5.30")
def test_a_die_on_a_ship_card_protects_that_spot_and_keeps_the_ship_afloat() -> None:
    s = arena()
    put(s, UNION, 3, 3)
    ship(s, GUNBOAT, 2, 0)
    put(s, s.fleet, 2, 1)
    load(s, s.fleet, 6)
    give_crew(s, s.fleet, "gunner")
    turn(s, UNION, 3, 3)
    dice(s, 1, 6)  # 1 + 3 against 6: the Fleet wins as defender
    act(s, "place", die=3, spot=GUNBOAT_SAIL, value=3)  # the die stays on the Sail spot
    act(s, "step", dir=S)
    act(s, "keep")  # the Fleet's Cannons (the Union has no Cannons die)
    assert result(s)["winner"] == s.fleet
    act(s, "reward", what="hit2")  # 3 damage with the Gunner; only Tailwind can take one
    assert s.damage[UNION] == [GUNBOAT_TAILWIND]
    assert len(events(s, "damage_ignored")) == 2
    assert s.fig[GUNBOAT] == P(2, 1) and s.ship_card == [False, True]


@pytest.mark.rule("AH-5.31", "AH-5.10", "AH-6.2.5", "AH-6.2.2")
def test_repair_removes_up_to_2_damage_but_never_on_the_ship_cards() -> None:
    s = arena()
    put(s, UNION, 1, 1)
    ship(s, GUNBOAT, 2, 2)
    sailor = give_crew(s, UNION, "sailor")
    s.damage[UNION] = [spot(s, UNION, "sail"), 8 + sailor, GUNBOAT_SAIL, spot(s, UNION, "whisper")]
    turn(s, UNION, 2, 3)
    act(s, "place", die=2, spot=spot(s, UNION, "repair"), value=2)
    fixes = {o["spot"] for o in options(s, "fix")}
    assert fixes == {spot(s, UNION, "sail"), 8 + sailor, spot(s, UNION, "whisper")}
    act(s, "fix", spot=8 + sailor)  # damage on a crew card can be repaired
    act(s, "fix", spot=spot(s, UNION, "whisper"))
    assert top(s) == ("turn", UNION)  # two repaired: the action is over
    assert sorted(s.damage[UNION]) == sorted([spot(s, UNION, "sail"), GUNBOAT_SAIL])


@pytest.mark.rule("AH-5.32", "AH-5.1")
def test_a_damaged_spot_takes_no_die() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    s.damage[SMUGGLER] = [spot(s, SMUGGLER, "sail"), spot(s, SMUGGLER, "cannons")]
    turn(s, SMUGGLER, 3, 4)
    spots = {o["spot"] for o in options(s, "place")}
    assert spot(s, SMUGGLER, "sail") not in spots
    assert spot(s, SMUGGLER, "cannons") not in spots
    assert spot(s, SMUGGLER, "fast_sail") in spots


# ---------------------------------------------------------------------------- faction rewards
@pytest.mark.rule("AH-6.1.6")
@pytest.mark.parametrize(
    ("loser", "ally_reward"),
    [(UNION, True), (CUTTER, True), (GUNBOAT, True), (SMUGGLER, False)],
)
def test_fleet_rewards_the_ally_removal_only_against_a_union_ship(
    loser: int, ally_reward: bool
) -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    if loser in (CUTTER, GUNBOAT):
        ship(s, loser, 1, 1)
    else:
        put(s, loser, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, 6, 1)
    sail(s, s.fleet, S)
    if kind(s) == "cannons":
        act(s, "keep")
    assert result(s)["winner"] == s.fleet
    expected = {"none", "hit_steal", "hit2"} | ({"hit_ally"} if ally_reward else set())
    assert {o["what"] for o in options(s, "reward")} == expected


@pytest.mark.rule("AH-6.1.6")
def test_fleet_hit_and_remove_an_ally_from_the_battle_regions_island() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    put(s, UNION, 1, 1)
    s.allies[0], s.allies[1] = 2, 2
    supply = s.ally_supply()
    turn(s, s.fleet, 3, 3)
    dice(s, 6, 1)
    sail(s, s.fleet, S)
    act(s, "keep")
    act(s, "reward", what="hit_ally")
    act(s, "hit", spot=spot(s, UNION, "sail"))
    assert s.allies[:2] == [1, 2]  # region 0's island, where the battle was
    assert s.ally_supply() == supply + 1  # the ally goes back to the Union supply
    assert s.damage[UNION] == [spot(s, UNION, "sail")]


@pytest.mark.rule("AH-6.1.6")
@pytest.mark.parametrize("gold", [0, 2])
def test_fleet_hit_and_steal_takes_gold_only_if_there_is_some(gold: int) -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    put(s, SMUGGLER, 1, 1)
    s.gold[SMUGGLER] = gold
    turn(s, s.fleet, 3, 3)
    dice(s, 6, 1)
    sail(s, s.fleet, S)
    act(s, "keep")
    act(s, "reward", what="hit_steal")
    act(s, "hit", spot=spot(s, SMUGGLER, "sail"))
    assert s.gold[SMUGGLER] == max(0, gold - 1)
    assert s.gold[s.fleet] == 1 + (1 if gold else 0)


@pytest.mark.rule("AH-6.2.9")
def test_union_hit_and_place_a_ready_ally_on_the_battle_regions_island() -> None:
    s = arena()
    put(s, UNION, 3, 3)  # the flagship is elsewhere: the gunboat fights
    ship(s, GUNBOAT, 2, 0)
    put(s, SMUGGLER, 2, 1)
    ready = s.ready
    turn(s, UNION, 3, 3)
    dice(s, 2, 1)
    act(s, "place", die=3, spot=GUNBOAT_SAIL, value=3)
    act(s, "step", dir=S)
    assert {o["what"] for o in options(s, "reward")} == {"none", "place_ally", "hit_steal"}
    act(s, "reward", what="place_ally")
    act(s, "hit", spot=spot(s, SMUGGLER, "sail"))
    assert s.allies == [0, 1, 0, 0]  # region 1's island, where the battle was
    assert s.ready == ready - 1


@pytest.mark.rule("AH-6.3.8", "AH-GAP-7", "AH-4.9")
def test_smuggler_victory_move_as_defender_starts_no_battles() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    put(s, SMUGGLER, 1, 1)
    put(s, UNION, 2, 1)
    load(s, UNION, 6)  # loaded: moving onto it would normally be a battle
    turn(s, s.fleet, 3, 3)
    dice(s, 1, 6)
    sail(s, s.fleet, S)
    act(s, "keep")
    assert top(s) == ("reward", SMUGGLER)
    act(s, "reward", what="hit_move")
    act(s, "hit", spot=spot(s, s.fleet, "tailwind"))
    assert s.damage[s.fleet] == [spot(s, s.fleet, "tailwind")]  # the damage comes first
    assert top(s) == ("step", SMUGGLER)
    assert find(s, "stop") is None  # it must move at least 1 space
    act(s, "step", dir=E)
    assert s.fig[SMUGGLER] == P(2, 1)
    assert battles(s) == 1  # onto the loaded Union: no battle
    act(s, "step", dir=E)  # a second space is allowed, then the move is over
    assert s.fig[SMUGGLER] == P(3, 1)
    assert find(s, "step") is None
    assert s.stack[-1].seat == s.fleet  # back to the Fleet's turn


@pytest.mark.rule("AH-6.3.8", "AH-GAP-7")
def test_smuggler_victory_move_leaves_the_other_battles_of_the_space() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    p = patrol(s, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)
    sail(s, SMUGGLER, S)
    act(s, "fight", fig=p)
    act(s, "keep")
    act(s, "reward", what="hit_move")
    assert s.fig[p] == -1
    act(s, "step", dir=W)
    act(s, "stop")
    assert s.fig[SMUGGLER] == P(0, 1)
    assert battles(s) == 1  # the queued battle against the Union is gone
    assert top(s) == ("turn", SMUGGLER)


@pytest.mark.rule("AH-6.3.8", "AH-6.3.6")
def test_smuggler_hit_and_reward_grid() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)
    sail(s, SMUGGLER, S)
    act(s, "keep")
    act(s, "reward", what="hit_reward")
    act(s, "hit", spot=spot(s, UNION, "sail"))
    assert top(s) == ("grid", SMUGGLER)
    fame = s.fame[SMUGGLER]
    act(s, "grid", to=5, take=1)  # the middle's right neighbour: 1 fame
    assert s.fame[SMUGGLER] == fame + 1
    assert (s.white[SMUGGLER], s.black[SMUGGLER]) == (5, 4)
    assert s.damage[UNION] == [spot(s, UNION, "sail")]


# ---------------------------------------------------------------------------- battle crew
def ram_position() -> AhoyState:
    """The Fleet (loaded, with the Battering Ram) sails west from P(1, 1) onto the Union
    flagship on the map's west edge at P(0, 1); a sandbar lies south of P(0, 1); P(1, 1) is a
    1-gold treasure holding a loaded Smuggler."""
    s = arena(rows=["I..I", ".T..", "I..I", "...."], bars=[((0, 1), S)])
    give_crew(s, s.fleet, "battering_ram")
    put(s, s.fleet, 1, 1)
    load(s, s.fleet, 6)
    put(s, UNION, 0, 1)
    put(s, SMUGGLER, 1, 1)
    load(s, SMUGGLER, 6)
    turn(s, s.fleet, 3, 3)
    return s


@pytest.mark.rule("AH-A.1", "AH-GAP-10")
def test_battering_ram_pushes_the_damaged_figure_one_space_but_never_off_the_map() -> None:
    s = ram_position()
    dice(s, 6, 1)
    sail(s, s.fleet, W)
    act(s, "keep")
    act(s, "reward", what="hit_steal")
    act(s, "hit", spot=spot(s, UNION, "sail"))
    assert top(s) == ("ram", s.fleet)
    # west is off the map, south is across the sandbar
    assert {o["dir"] for o in options(s, "ram")} == {N, E}
    gold = s.gold[UNION]
    act(s, "ram", dir=E)  # onto the loaded Smuggler and a treasure
    assert s.fig[UNION] == P(1, 1)
    assert battles(s) == 1  # battles are ignored during the push
    assert s.gold[UNION] == gold  # and so are treasures
    assert s.fig[s.fleet] == P(0, 1)


@pytest.mark.rule("AH-A.1")
def test_battering_ram_needs_the_figure_damaged_and_still_on_the_map() -> None:
    s = ram_position()
    s.damage[UNION] = [0, 1, 2, 4, 5, 6]  # no spot left: the damage will be ignored
    dice(s, 6, 1)
    sail(s, s.fleet, W)
    act(s, "keep")
    act(s, "reward", what="hit_steal")
    assert events(s, "damage_ignored")
    assert find(s, "ram") is None
    assert s.fig[UNION] == P(0, 1)


@pytest.mark.rule("AH-A.1", "AH-A.21")
def test_battering_ram_is_not_triggered_by_the_winners_own_rum_guzzler_damage() -> None:
    s = ram_position()
    give_crew(s, s.fleet, "rum_guzzler")
    dice(s, 1, 3, 6)
    sail(s, s.fleet, W)
    act(s, "keep")
    assert top(s) == ("rum", s.fleet)
    act(s, "reroll")
    act(s, "hit", spot=spot(s, s.fleet, "bombard"))  # the Fleet suffers 1 to reroll: 6
    assert result(s)["winner"] == s.fleet
    act(s, "reward", what="none")  # no damage dealt to the Union flagship
    assert s.damage[UNION] == []
    assert find(s, "ram") is None
    assert s.fig[UNION] == P(0, 1)


@pytest.mark.rule("AH-A.1", "AH-A.11", "AH-GAP-10")
def test_battering_ram_follows_damage_dealt_outside_battle() -> None:
    s = arena()
    give_crew(s, s.fleet, "battering_ram")
    give_crew(s, s.fleet, "mystic")
    put(s, s.fleet, 0, 1)
    put(s, UNION, 1, 1)
    turn(s, s.fleet, 3, 3)
    act(s, "mystic")
    act(s, "hit", spot=spot(s, s.fleet, "bombard"))  # the cost, suffered by the Fleet
    act(s, "target", fig=UNION)
    act(s, "hit", spot=spot(s, UNION, "sail"))
    assert top(s) == ("ram", s.fleet)
    act(s, "ram", dir=S)
    assert s.fig[UNION] == P(1, 2)


@pytest.mark.rule("AH-A.2")
def test_buccaneer_removes_itself_and_two_crew_of_the_defeated() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    bucc = give_crew(s, s.fleet, "buccaneer")
    put(s, UNION, 1, 1)
    a, b, c = (give_crew(s, UNION, k) for k in ("thief", "gunner", "elder"))
    turn(s, s.fleet, 3, 3)
    dice(s, 6, 1)
    sail(s, s.fleet, S)
    act(s, "keep")
    act(s, "reward", what="none")  # the Buccaneer does not need a reward
    assert top(s) == ("buccaneer", s.fleet)
    pairs = {(o["a"], o["b"]) for o in options(s, "buccaneer")}
    assert pairs == {(a, b), (a, c), (b, c)}
    act(s, "buccaneer", a=a, b=c)
    assert s.crew[UNION] == [b]
    assert bucc not in s.crew[s.fleet]
    assert bucc not in s.market and bucc not in s.market_deck  # out of the game


@pytest.mark.rule("AH-A.3")
@pytest.mark.parametrize("winner", ["flagship", "patrol"])
def test_gunner_deals_1_extra_damage_only_when_the_flagship_wins(winner: str) -> None:
    s = arena()
    give_crew(s, s.fleet, "gunner")
    load(s, s.fleet, 6)
    put(s, UNION, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, 6, 1)
    if winner == "flagship":
        put(s, s.fleet, 1, 0)
        sail(s, s.fleet, S)
    else:
        p = patrol(s, 1, 0)
        act(s, "place", die=3, spot=spot(s, s.fleet, "order"), value=3)
        act(s, "patrol", fig=p, dir=S)
    act(s, "keep")
    act(s, "reward", what="hit_steal")
    act(s, "hit", spot=spot(s, UNION, "sail"))
    if winner == "flagship":
        act(s, "hit", spot=spot(s, UNION, "tailwind"))
    assert len(s.damage[UNION]) == (2 if winner == "flagship" else 1)
    assert find(s, "hit") is None


@pytest.mark.rule("AH-A.7")
@pytest.mark.parametrize("rolls", [(6, 1), (1, 6)])
def test_thief_gains_2_gold_on_any_win(rolls: tuple[int, int]) -> None:
    s = arena()
    give_crew(s, s.fleet, "thief")
    load(s, s.fleet, 6)
    p = patrol(s, 1, 0)
    put(s, UNION, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, *rolls)
    act(s, "place", die=3, spot=spot(s, s.fleet, "order"), value=3)
    act(s, "patrol", fig=p, dir=S)  # a patrol's battle: the flagship need not fight
    act(s, "keep")
    act(s, "reward", what="none")
    won = rolls[0] > rolls[1]
    assert s.gold[s.fleet] == 1 + (2 if won else 0)


@pytest.mark.rule("AH-A.14", "AH-5.31", "AH-GAP-10")
def test_monkey_pyrotechnist_deals_1_damage_in_the_region_after_a_repair() -> None:
    s = arena()
    give_crew(s, UNION, "monkey")
    put(s, UNION, 1, 1)
    p = patrol(s, 0, 1)  # region 0
    put(s, SMUGGLER, 2, 1)  # region 1: out of reach
    s.damage[UNION] = [spot(s, UNION, "sail")]
    turn(s, UNION, 2, 3)
    act(s, "place", die=2, spot=spot(s, UNION, "repair"), value=2)
    act(s, "fix", spot=spot(s, UNION, "sail"))
    assert top(s) == ("target", UNION)
    assert {o["fig"] for o in options(s, "target")} == {UNION, p}  # own figures too
    assert find(s, "skip") is not None  # optional
    act(s, "target", fig=p)
    assert s.fig[p] == -1


@pytest.mark.rule("AH-A.14")
def test_monkey_pyrotechnist_needs_damage_actually_repaired() -> None:
    s = arena()
    give_crew(s, UNION, "monkey")
    put(s, UNION, 1, 1)
    patrol(s, 0, 1)
    turn(s, UNION, 2, 3)
    act(s, "place", die=2, spot=spot(s, UNION, "repair"), value=2)  # nothing to repair
    assert top(s) == ("turn", UNION)


@pytest.mark.rule("AH-A.11", "AH-5.28", "AH-GAP-8", "AH-GAP-10")
def test_mystic_suffers_1_on_the_board_to_deal_1_in_the_region_once_a_turn() -> None:
    s = arena()
    mystic = give_crew(s, SMUGGLER, "mystic")  # a card paid with a die: it has a spot
    put(s, SMUGGLER, 1, 1)
    p = patrol(s, 0, 0)
    put(s, UNION, 2, 1)  # another region
    turn(s, SMUGGLER, 3, 3)
    act(s, "mystic")
    assert top(s) == ("hit", SMUGGLER)  # suffered: the Smuggler chooses, on its board only
    hits = {o["spot"] for o in options(s, "hit")}
    assert 8 + mystic not in hits and spot(s, SMUGGLER, "sail") in hits
    act(s, "hit", spot=spot(s, SMUGGLER, "negotiation"))
    assert top(s) == ("target", SMUGGLER)
    assert {o["fig"] for o in options(s, "target")} == {SMUGGLER, p}
    assert find(s, "skip") is None  # paid for: the damage must be dealt
    act(s, "target", fig=p)
    assert s.fig[p] == -1
    assert find(s, "mystic") is None  # once per turn


@pytest.mark.rule("AH-A.11")
def test_mystic_needs_a_board_spot_for_its_cost() -> None:
    s = arena()
    give_crew(s, SMUGGLER, "mystic")
    put(s, SMUGGLER, 1, 1)
    patrol(s, 0, 0)
    s.damage[SMUGGLER] = [0, 1, 2, 4, 5]  # only the dashed Repair is left
    turn(s, SMUGGLER, 3, 3)
    assert find(s, "mystic") is None


@pytest.mark.rule("AH-A.15", "AH-5.20")
def test_assistant_gunner_battles_any_space_of_the_flagships_region() -> None:
    s = arena(rows=["IF.I", "....", "I..I", "...."])
    give_crew(s, UNION, "assistant_gunner")
    put(s, UNION, 0, 0)
    p = patrol(s, 1, 1)  # region 0
    patrol(s, 1, 0)  # region 0, but on fog
    put(s, SMUGGLER, 2, 1)  # region 1
    turn(s, UNION, 4, 3)
    act(s, "place", die=4, spot=spot(s, UNION, "cannons"), value=4)
    assert top(s) == ("gunner_target", UNION)
    assert {o["at"] for o in options(s, "gunner")} == {P(1, 1)}
    dice(s, 6, 1)
    act(s, "gunner", at=P(1, 1))
    act(s, "keep")
    assert events(s, "battle")[-1]["defender"] == p
    act(s, "reward", what="hit_steal")
    assert s.fig[p] == -1
    assert s.fig[UNION] == P(0, 0)  # the flagship does not move


@pytest.mark.rule("AH-A.15", "AH-5.25", "AH-GAP-6")
def test_assistant_gunner_also_fires_when_a_harbor_moves_a_die_onto_cannons() -> None:
    s = arena(rows=["I..I", ".H..", "I..I", "...."])
    give_crew(s, UNION, "assistant_gunner")
    put(s, UNION, 1, 0)
    p = patrol(s, 0, 1)
    turn(s, UNION, 3, 3)
    sail(s, UNION, S)
    act(s, "stop")
    assert top(s) == ("harbor", UNION)
    act(s, "harbor_move", spot=spot(s, UNION, "sail"))
    assert s.cannons_dice(UNION) == [3]
    assert top(s) == ("gunner_target", UNION)
    assert {o["at"] for o in options(s, "gunner")} == {P(0, 1)}
    dice(s, 6, 1)
    act(s, "gunner", at=P(0, 1))
    assert events(s, "battle")[-1]["defender"] == p


@pytest.mark.rule("AH-A.21")
def test_rum_guzzler_suffers_1_to_reroll_the_flagships_die() -> None:
    s = arena()
    give_crew(s, UNION, "rum_guzzler")
    put(s, UNION, 1, 0)
    load(s, UNION, 4)
    put(s, SMUGGLER, 1, 1)
    turn(s, UNION, 3, 3)
    dice(s, 1, 5, 6)
    sail(s, UNION, S)
    act(s, "keep")
    assert top(s) == ("rum", UNION)
    act(s, "reroll")
    assert top(s) == ("hit", UNION)  # suffered: the Union chooses
    act(s, "hit", spot=spot(s, UNION, "whisper"))
    assert s.damage[UNION] == [spot(s, UNION, "whisper")]
    assert result(s)["attacker_total"] == 6
    assert result(s)["winner"] == UNION


@pytest.mark.rule("AH-A.21")
def test_rum_guzzler_only_in_the_flagships_battles() -> None:
    s = arena()
    give_crew(s, s.fleet, "rum_guzzler")
    load(s, s.fleet, 6)
    p = patrol(s, 1, 0)
    put(s, UNION, 1, 1)
    turn(s, s.fleet, 3, 3)
    dice(s, 1, 6)
    act(s, "place", die=3, spot=spot(s, s.fleet, "order"), value=3)
    act(s, "patrol", fig=p, dir=S)
    act(s, "keep")
    assert find(s, "reroll") is None
    assert top(s) == ("reward", UNION)


@pytest.mark.rule("AH-A.21")
def test_rum_guzzler_needs_a_spot_for_the_damage() -> None:
    s = arena()
    rum = give_crew(s, UNION, "rum_guzzler")  # a card paid with a die: it has a spot
    put(s, UNION, 1, 0)
    load(s, UNION, 4)
    put(s, SMUGGLER, 1, 1)
    # Sail will hold a die, Cannons holds one, Repair is dashed, the rest is damaged
    s.damage[UNION] = [1, 4, 5, 6, 8 + rum]
    turn(s, UNION, 3, 3)
    dice(s, 1, 5)
    sail(s, UNION, S)
    act(s, "keep")
    assert find(s, "reroll") is None
    assert top(s) == ("reward", SMUGGLER)


@pytest.mark.rule("AH-A.27")
def test_envoy_pays_the_opponent_1_gold_to_ignore_a_battle() -> None:
    s = arena()
    give_crew(s, SMUGGLER, "envoy")
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    sail(s, SMUGGLER, S)
    assert top(s) == ("pick_defender", SMUGGLER)
    assert find(s, "fight", fig=UNION) is not None
    act(s, "envoy", fig=UNION)
    assert (s.gold[SMUGGLER], s.gold[UNION]) == (0, 2)
    assert battles(s) == 0
    assert kind(s) == "step"  # every battle ignored: the move goes on (AH-GAP-7)


@pytest.mark.rule("AH-A.27")
def test_envoy_needs_gold_to_pay() -> None:
    s = arena()
    give_crew(s, SMUGGLER, "envoy")
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    patrol(s, 1, 1)
    s.gold[SMUGGLER] = 0
    turn(s, SMUGGLER, 3, 3)
    sail(s, SMUGGLER, S)
    assert top(s) == ("pick_defender", SMUGGLER)
    assert options(s, "envoy") == []


@pytest.mark.rule("AH-A.27")
def test_envoy_does_not_let_a_defender_ignore_the_battle() -> None:
    s = arena()
    give_crew(s, UNION, "envoy")
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)
    sail(s, SMUGGLER, S)
    act(s, "keep")
    assert battles(s) == 1 and events(s, "envoy") == []
    assert top(s) == ("reward", SMUGGLER)
    assert s.gold == [1, 1, 1]


# ---------------------------------------------------------------------------- battle plans
@pytest.mark.rule("AH-B.5", "AH-4.9", "AH-6.2.4", "AH-GAP-7")
def test_weapons_cache_adds_the_ready_allies_even_out_of_turn() -> None:
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    card = plan(s, "weapons_cache")
    s.ready = 4
    turn(s, SMUGGLER, 3, 3)
    dice(s, 6, 1)
    sail(s, SMUGGLER, S)
    # the plan comes at the start of the battle, before anybody fires
    assert top(s) == ("battle_plan", UNION)
    act(s, "plan", card=card)
    assert card in s.plan_discard and card not in s.plan_hand
    act(s, "keep")
    assert result(s)["defender_total"] == 1 + 4
    assert result(s)["attacker_total"] == 6
    assert top(s) == ("reward", SMUGGLER)


@pytest.mark.rule("AH-B.6", "AH-B.5")
def test_secret_weapon_rolls_2_dice_and_deals_1_extra_damage() -> None:
    s = arena()
    put(s, UNION, 1, 0)
    put(s, SMUGGLER, 1, 1)
    load(s, SMUGGLER, 6)
    secret = plan(s, "secret_weapon")
    cache = plan(s, "weapons_cache")
    s.ready = 1
    turn(s, UNION, 3, 3)
    dice(s, 2, 3, 6)  # the Union rolls 2 + 3, the Smuggler 6
    sail(s, UNION, S)
    act(s, "plan", card=secret)
    assert top(s) == ("battle_plan", UNION)  # it may be combined with Weapons Cache
    act(s, "plan", card=cache)
    act(s, "keep")  # the Smuggler's Cannons
    assert result(s)["attacker_total"] == 2 + 3 + 1
    assert result(s)["defender_total"] == 6
    act(s, "reward", what="hit_steal")
    act(s, "hit", spot=spot(s, SMUGGLER, "sail"))
    act(s, "hit", spot=spot(s, SMUGGLER, "tailwind"))
    assert len(s.damage[SMUGGLER]) == 2


@pytest.mark.rule("AH-B.6")
def test_secret_weapon_gives_no_extra_damage_to_a_winning_opponent() -> None:
    s = arena()
    put(s, UNION, 1, 0)
    put(s, SMUGGLER, 1, 1)
    load(s, SMUGGLER, 6)
    secret = plan(s, "secret_weapon")
    turn(s, UNION, 3, 3)
    dice(s, 1, 1, 6)
    sail(s, UNION, S)
    act(s, "plan", card=secret)
    act(s, "keep")
    assert result(s)["winner"] == SMUGGLER
    act(s, "reward", what="hit_reward")
    act(s, "hit", spot=spot(s, UNION, "tailwind"))
    assert s.damage[UNION] == [spot(s, UNION, "tailwind")]
    assert find(s, "hit") is None


@pytest.mark.rule("AH-B.7", "AH-GAP-7")
def test_near_miss_ignores_the_battle_and_the_union_keeps_moving() -> None:
    s = arena()
    put(s, UNION, 1, 0)
    load(s, UNION, 6)
    patrol(s, 1, 1)
    card = plan(s, "near_miss")
    turn(s, UNION, 3, 3)
    sail(s, UNION, S)
    act(s, "plan", card=card)
    assert events(s, "battle_result") == []  # nobody fires or rolls
    assert s.cannons_dice(UNION) == [6]
    assert top(s) == ("step", UNION)  # a step is left
    act(s, "step", dir=S)
    assert s.fig[UNION] == P(1, 2)


@pytest.mark.rule("AH-B.7", "AH-4.9", "AH-GAP-7")
def test_near_miss_played_by_a_defending_union_lets_the_mover_go_on() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    put(s, UNION, 1, 1)
    card = plan(s, "near_miss")
    turn(s, s.fleet, 3, 3)
    sail(s, s.fleet, S)
    assert top(s) == ("battle_plan", UNION)  # during the Fleet's turn
    act(s, "plan", card=card)
    assert events(s, "battle_result") == []
    assert s.damage[UNION] == [] and s.damage[s.fleet] == []
    assert top(s) == ("step", s.fleet)


@pytest.mark.rule("AH-4.9", "AH-6.2.4")
def test_no_battle_plan_when_the_union_does_not_take_part() -> None:
    s = arena()
    put(s, s.fleet, 1, 0)
    load(s, s.fleet, 6)
    put(s, SMUGGLER, 1, 1)
    put(s, UNION, 2, 1)
    plan(s, "near_miss")
    turn(s, s.fleet, 3, 3)
    sail(s, s.fleet, S)
    assert battles(s) == 1
    assert top(s) == ("cannons", s.fleet)
    assert find(s, "plan") is None


@pytest.mark.rule("AH-5.41", "AH-6.2.4", "AH-GAP-7")
def test_the_union_holding_any_plan_is_asked_at_the_start_of_its_battles() -> None:
    """Holding Weapons Cache, or only Evacuation (no battle plan), the Union is asked at the
    start of its battle, and the two look alike to every other seat: asking only when it held
    a battle plan would show them so. With no plan in hand, the battle goes on at once."""
    looks = []
    for keys in (("weapons_cache",), ("evacuation",), ()):
        s = arena()
        put(s, SMUGGLER, 1, 0)
        load(s, SMUGGLER, 6)
        put(s, UNION, 1, 1)
        for key in keys:
            plan(s, key)
        turn(s, SMUGGLER, 3, 3)
        sail(s, SMUGGLER, S)
        if keys:
            assert top(s) == ("battle_plan", UNION)
            assert (find(s, "plan") is not None) == (keys == ("weapons_cache",))
            looks.append({seat: s.observation(seat) for seat in (FLEET, SMUGGLER, None)})
            act(s, "done")
        assert top(s) == ("cannons", SMUGGLER)
    assert looks[0] == looks[1]


@pytest.mark.rule("AH-2.11", "AH-5.21", "AH-3.1")
def test_each_side_rolls_one_battle_die() -> None:
    """Two battle dice, one a side: the battle takes two rolls (the scripted third is left)
    and each total is its side's one die plus its bonus."""
    s = arena()
    put(s, SMUGGLER, 1, 0)
    load(s, SMUGGLER, 6)
    put(s, UNION, 1, 1)
    turn(s, SMUGGLER, 3, 3)
    dice(s, 2, 5, 4)
    sail(s, SMUGGLER, S)
    act(s, "keep")
    assert result(s)["rolls"] == [2, 5]
    assert (result(s)["attacker_total"], result(s)["defender_total"]) == (2, 5)
    assert s.rng.rolls == [4]  # type: ignore[attr-defined]


@pytest.mark.rule("AH-2.17", "AH-5.38", "AH-3.1")
def test_damage_tokens_are_not_limited_to_the_25_in_the_box() -> None:
    """25 damage tokens already lie on the die spots; one more damage still takes a token."""
    s = arena(4)
    for seat, crew in ((SMUGGLER, ("gunner", "sailor")), (SMUGGLER2, ("helmsman", "fisher"))):
        for key in crew:  # paid with a die or acting with one: each card has a die spot
            give_crew(s, seat, key)
    free = {seat: damage.open_spots(s, seat) for seat in range(4)}
    assert sum(len(v) for v in free.values()) == 6 + 7 + 6 + 7
    for seat in (FLEET, SMUGGLER, UNION):
        s.damage[seat] = free[seat][:]
    s.damage[SMUGGLER2] = free[SMUGGLER2][1:]
    assert sum(len(d) for d in s.damage) == 25
    put(s, SMUGGLER2, 1, 1)
    s.stack.clear()
    damage.deal(s, FLEET, SMUGGLER2, 1)
    s.advance()  # one open spot left: the damage goes there
    assert sum(len(d) for d in s.damage) == 26
    assert free[SMUGGLER2][0] in s.damage[SMUGGLER2]
