"""Rule tests for movement, exploration and terrain: Sail and Tailwind (AH-5.7, AH-5.8),
adjacency and sandbars (AH-5.11), what entering a space does (AH-5.12), anchoring (AH-5.13),
PLACE against MOVE (AH-5.14, AH-5.26), step counts (AH-5.15), exploring and tile placement
(AH-5.16, AH-5.17), the terrain table (AH-5.25, AH-5.27), the Sail/Tailwind riders (AH-6.1.2,
AH-6.1.3, AH-6.2.2, AH-GAP-4), Deploy, Order and the movement crew; worked examples AH-EX-4, 5,
6, 8, 9, 15 and derived cases AH-TC-11, 12.

Every position is built by hand with ``sea`` (an exact map) and ``put``; the moves are played
with real actions through ``act``. Unless a test says otherwise the mover is the first Smuggler
of a 3-player game, whose Sail has no rider."""

from __future__ import annotations

import pytest

from tabletide.games.ahoy import geometry, movement
from tabletide.games.ahoy.constants import CUTTER, DELTA, GUNBOAT, PATROL0, SHIP_SPOT0
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

SMUG = 1  # the first Smuggler of a 3-player game (seats: Fleet, Smuggler, Union)

OPEN = ["I..I", "....", "....", "I..I"]
"""Four regions of open sea with an island in each outer corner."""
SYMBOLS = "skull sword fish shell anchor star skull sword"
"""Island symbols in reading order (they do not matter to movement)."""


# ---------------------------------------------------------------------------- local helpers
def arena(
    rows: list[str] = OPEN,
    n: int = 3,
    *,
    symbols: str = SYMBOLS,
    tailwind: dict[tuple[int, int], int] | None = None,
    gold: dict[tuple[int, int], int] | None = None,
    bars: list[tuple[tuple[int, int], int]] | None = None,
) -> AhoyState:
    """A game of ``n`` players on the map ``rows`` with no figure on it and no plans in hand
    (so no start-of-battle plan is offered)."""
    s = new(n)
    sea(s, rows, symbols=symbols, tailwind=tailwind, gold=gold, bars=bars or [])
    clear_figures(s)
    s.plan_hand = []
    return s


def place(s: AhoyState, seat: int, action: str, value: int) -> None:
    """Place a die showing ``value`` (from the seat's hand) on a board action."""
    act(s, "place", die=value, spot=spot(s, seat, action), value=value)


def place_on(s: AhoyState, spot_: int, value: int) -> None:
    act(s, "place", die=value, spot=spot_, value=value)


def load(s: AhoyState, seat: int, value: int = 6) -> None:
    """A die already on the seat's Cannons: its figures have loaded cannons (AH-5.9)."""
    s.dice[seat].append((spot(s, seat, "cannons"), value))


def take_hits(s: AhoyState) -> None:
    """Put each pending damage token on the first spot offered."""
    while kind(s) == "hit":
        act(s, "hit")


def dirs(s: AhoyState) -> list[int]:
    """The directions of the legal steps (onto the map or off it to explore)."""
    return sorted(a["dir"] for a in options(s, "step"))


def can_stop(s: AhoyState) -> bool:
    return find(s, "stop") is not None


def smuggler_turn(s: AhoyState, *values: int, at: tuple[int, int] = (1, 1)) -> None:
    put(s, SMUG, *at)
    hand(s, SMUG, *values)
    start_turn(s, SMUG)


def on_top(s: AhoyState, tile: int) -> None:
    """Make ``tile`` the top of the region supply (the next one explored)."""
    s.supply = [t for t in s.supply if t != tile] + [tile]


def events(s: AhoyState, type_: str) -> list[dict[str, object]]:
    return [e for e in s.events if e["type"] == type_]


def fleet_patrols_at(s: AhoyState, pos: int) -> int:
    return sum(1 for f in range(PATROL0, PATROL0 + 10) if s.fig[f] == pos)


def count_steps(s: AhoyState) -> int:
    """Take steps east and west (back and forth) while the move offers one; how many."""
    n = 0
    while kind(s) == "step":
        assert not (n == 0 and can_stop(s)), "the first step is not optional"
        act(s, "step", dir=E if E in dirs(s) and n % 2 == 0 else W)
        n += 1
    return n


# ---------------------------------------------------------------------------- AH-5.7 Sail
@pytest.mark.rule("AH-5.7", "AH-5.11")
def test_sail_moves_one_or_two_orthogonal_steps() -> None:
    s = arena()
    smuggler_turn(s, 3, 4)
    place(s, SMUG, "sail", 3)
    assert kind(s) == "step"
    assert dirs(s) == [N, E, S, W]  # orthogonal neighbours only, never diagonal
    assert not can_stop(s)  # at least one step when one is possible
    act(s, "step", dir=E)
    assert s.fig[SMUG] == P(2, 1)
    assert can_stop(s) and dirs(s) == [N, E, S, W]
    act(s, "step", dir=S)
    assert s.fig[SMUG] == P(2, 2)
    assert kind(s) == "turn"  # two steps: the Sail is over


@pytest.mark.rule("AH-5.7")
def test_sail_may_stop_after_one_step() -> None:
    s = arena()
    smuggler_turn(s, 3, 4)
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=N)
    act(s, "stop")
    assert s.fig[SMUG] == P(1, 0)
    assert kind(s) == "turn" and s.placed_turn == 1


@pytest.mark.rule("AH-5.7", "AH-5.11", "AH-5.17")
def test_sail_that_cannot_move_at_all_leaves_the_ship_in_place() -> None:
    """Sandbars on three sides and the map edge on the fourth with an empty region supply:
    no step is possible, so the Sail does nothing (AH-5.6) and the die stays used."""
    s = arena(bars=[((0, 1), N), ((0, 1), E), ((0, 1), S)])
    s.supply = []
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    assert kind(s) == "turn"
    assert s.fig[SMUG] == P(0, 1)
    assert s.placed_turn == 1 and (spot(s, SMUG, "sail"), 3) in s.dice[SMUG]


# ---------------------------------------------------------------------------- AH-5.11 adjacency
@pytest.mark.rule("AH-5.11")
def test_a_sandbar_cannot_be_crossed_by_a_step() -> None:
    s = arena(bars=[((1, 1), E)])
    smuggler_turn(s, 3, 4)
    place(s, SMUG, "sail", 3)
    assert dirs(s) == [N, S, W]
    # The sandbar blocks the other way too.
    s2 = arena(bars=[((1, 1), E)])
    smuggler_turn(s2, 3, 4, at=(2, 1))
    place(s2, SMUG, "sail", 3)
    assert dirs(s2) == [N, E, S]


@pytest.mark.rule("AH-5.11", "AH-5.16")
def test_from_the_edge_a_ship_may_move_off_the_map() -> None:
    s = arena()
    smuggler_turn(s, 3, 4, at=(3, 1))
    place(s, SMUG, "sail", 3)
    assert E in dirs(s)
    labels = [a.label for a in s.legal_actions() if a.kind == "step" and a.num("dir") == E]
    assert labels and "explore" in labels[0]


# ---------------------------------------------------------------------------- AH-5.8 Tailwind
TAILWIND_MAP = {(0, 1): 4, (3, 2): 4, (2, 2): 6, (3, 1): 2}


@pytest.mark.rule("AH-5.8", "AH-EX-4")
def test_tailwind_offers_every_space_with_the_dies_value_and_staying() -> None:
    s = arena(tailwind=TAILWIND_MAP)
    smuggler_turn(s, 6, 4)
    place(s, SMUG, "tailwind", 4)
    assert kind(s) == "tailwind"
    assert sorted(a["at"] for a in options(s, "goto")) == [P(0, 1), P(3, 2)]
    assert find(s, "stay") is not None  # the move is optional
    act(s, "goto", at=P(3, 2))  # not adjacent: a teleport
    assert s.fig[SMUG] == P(3, 2)
    assert kind(s) == "turn"
    assert find(s, "place", spot=spot(s, SMUG, "tailwind")) is None  # the spot is taken


@pytest.mark.rule("AH-5.8", "AH-EX-4")
def test_tailwind_six_goes_to_a_six() -> None:
    s = arena(tailwind=TAILWIND_MAP)
    smuggler_turn(s, 6, 4)
    place(s, SMUG, "tailwind", 6)
    # A single destination: still a choice, because staying is allowed.
    assert [a["at"] for a in options(s, "goto")] == [P(2, 2)]
    act(s, "goto", at=P(2, 2))
    assert s.fig[SMUG] == P(2, 2)


@pytest.mark.rule("AH-5.8")
def test_tailwind_may_be_declined() -> None:
    s = arena(tailwind=TAILWIND_MAP)
    smuggler_turn(s, 6, 4)
    place(s, SMUG, "tailwind", 4)
    act(s, "stay")
    assert s.fig[SMUG] == P(1, 1)
    assert kind(s) == "turn" and s.placed_turn == 1


@pytest.mark.rule("AH-5.8", "AH-5.6")
def test_tailwind_without_a_matching_space_is_a_useless_but_legal_action() -> None:
    s = arena(tailwind=TAILWIND_MAP)
    smuggler_turn(s, 1, 4)
    assert find(s, "place", die=1, spot=spot(s, SMUG, "tailwind"), value=1) is not None
    place(s, SMUG, "tailwind", 1)
    assert kind(s) == "turn" and s.fig[SMUG] == P(1, 1)
    assert (spot(s, SMUG, "tailwind"), 1) in s.dice[SMUG]


@pytest.mark.rule("AH-5.8", "AH-5.11")
def test_tailwind_ignores_sandbars_on_the_way() -> None:
    """The destination is boxed in by sandbars on every side: Sail could never reach it."""
    box = [((2, 2), d) for d in (N, E, S, W)]
    s = arena(tailwind={(2, 2): 5}, bars=box)
    smuggler_turn(s, 5, 4)
    place(s, SMUG, "tailwind", 5)
    act(s, "goto", at=P(2, 2))
    assert s.fig[SMUG] == P(2, 2)


@pytest.mark.rule("AH-5.8")
def test_no_island_of_the_region_tiles_carries_a_tailwind_symbol() -> None:
    s = new(2)
    for tile in s.content.regions:
        for cell in tile.cells:
            if cell.terrain == "island":
                assert cell.tailwind == 0, tile.name
    # And so Tailwind never offers an island on a real map.
    for value in range(1, 7):
        for p in movement.tailwind_spaces(s, value):
            assert s.cells[p].terrain != "island"


# ---------------------------------------------------------------------------- AH-EX-5
@pytest.mark.rule("AH-EX-5", "AH-5.8", "AH-5.11", "AH-5.16", "AH-5.22", "AH-5.15")
def test_ex5_tailwind_over_a_sandbar_into_battle_then_sail_off_the_map() -> None:
    s = arena(["I...", "...I"], tailwind={(2, 1): 4}, bars=[((1, 1), E)])
    fleet, union = s.fleet, s.union
    put(s, fleet, 1, 1)
    put(s, union, 2, 1)  # the enemy ship, across the sandbar
    load(s, fleet)
    on_top(s, 7)
    regions = len(s.placed)
    hand(s, fleet, 4, 3)
    start_turn(s, fleet)
    # 1. A 4 on Tailwind: straight to the 4, jumping the sandbar; loaded cannons -> battle.
    place(s, fleet, "tailwind", 4)
    dice(s, 6, 1)
    act(s, "goto", at=P(2, 1))
    assert s.fig[fleet] == P(2, 1)
    assert kind(s) == "cannons"
    act(s, "keep")
    act(s, "reward", what="hit2")
    take_hits(s)
    assert len(s.damage[union]) == 2
    act(s, "no")  # the Fleet's Tailwind rider: no patrol
    assert kind(s) == "turn"
    # 2. Sail: the first step goes off the map (south): explore.
    place(s, fleet, "sail", 3)
    assert sorted(dirs(s)) == [N, E, S]  # west is the sandbar
    act(s, "step", dir=S)
    assert kind(s) == "explore"
    act(s, "tile", origin=P(2, 2), rot=0)
    assert len(s.placed) == regions + 1
    assert s.fig[fleet] == P(2, 2)
    # 3. The second step is lost: the Sail anchors at once (the rider asks, then the turn).
    assert kind(s) == "rider_patrol"
    act(s, "no")
    assert kind(s) == "turn" and s.fig[fleet] == P(2, 2)
    assert len(events(s, "step")) == 1


# ---------------------------------------------------------------------------- AH-5.12 order
@pytest.mark.rule("AH-5.12", "AH-5.25")
def test_battle_comes_before_the_shipwreck() -> None:
    s = arena(["I...", ".W.I"])
    put(s, s.union, 1, 1)
    load(s, SMUG)
    smuggler_turn(s, 3, 4, at=(1, 0))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=S)
    assert kind(s) == "cannons"  # the battle is under way ...
    assert s.damage[SMUG] == []  # ... and the wreck has not struck yet
    dice(s, 6, 1)
    act(s, "keep")
    # (the Union has no Cannons die, so its own cannons decision is automatic)
    assert kind(s) == "reward" and s.current_player() == SMUG
    act(s, "reward", what="none")
    assert kind(s) == "hit" and s.current_player() == SMUG  # now the wreck: 1 damage
    take_hits(s)
    assert len(s.damage[SMUG]) == 1


@pytest.mark.rule("AH-5.12", "AH-5.13", "AH-5.25")
def test_a_current_still_pushes_after_a_battle_on_its_space() -> None:
    """AH-GAP-6(e): terrain is step 3 of entering a space, after the battle. The battle ended
    the move's steps, so the figure anchors where the current leaves it."""
    s = arena(["I...", ".>.I"])
    put(s, s.union, 1, 1)
    load(s, SMUG)
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    dice(s, 6, 1)
    act(s, "step", dir=E)
    act(s, "keep")
    act(s, "reward", what="none")
    assert s.fig[SMUG] == P(2, 1)  # pushed east
    assert kind(s) == "turn"  # no second step after the battle


@pytest.mark.rule("AH-5.13", "AH-5.27", "AH-5.22")
def test_a_ship_stopped_by_a_battle_anchors_there_and_takes_the_treasure() -> None:
    s = arena(["I...", ".T.I"], gold={(1, 1): 2})
    put(s, s.union, 1, 1)
    load(s, SMUG)
    smuggler_turn(s, 3, 4, at=(0, 1))
    gold = s.gold[SMUG]
    place(s, SMUG, "sail", 3)
    dice(s, 6, 1)
    act(s, "step", dir=E)
    act(s, "keep")
    act(s, "reward", what="none")
    assert kind(s) == "turn" and s.fig[SMUG] == P(1, 1)
    assert s.gold[SMUG] == gold + 2


@pytest.mark.rule("AH-5.16", "AH-5.12", "AH-5.25")
def test_exploring_onto_a_shipwreck_deals_its_damage() -> None:
    """Gullwing Reach turned half round puts its wreck in the top-left corner."""
    s = arena(["I...", "...I"])
    on_top(s, 0)
    smuggler_turn(s, 3, 4, at=(3, 0))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "tile", origin=P(4, 0), rot=2)
    assert s.cells[P(4, 0)].terrain == "wreck"
    assert s.fig[SMUG] == P(4, 0)
    assert kind(s) == "hit"
    take_hits(s)
    assert len(s.damage[SMUG]) == 1


@pytest.mark.rule("AH-5.16", "AH-5.13", "AH-5.25", "AH-GAP-13")
def test_a_current_on_the_explored_space_still_pushes() -> None:
    """Cutlass Sound unturned: its top-left current points south, onto open water."""
    s = arena(["I...", "...I"])
    on_top(s, 11)
    smuggler_turn(s, 6, 4, at=(3, 0))
    place(s, SMUG, "fast_sail", 6)
    act(s, "step", dir=E)
    act(s, "tile", origin=P(4, 0), rot=0)
    assert s.cells[P(4, 0)].terrain == "current"
    assert s.fig[SMUG] == P(4, 1)  # pushed south
    assert kind(s) == "turn"  # and the Fast Sail's 5 other steps are gone


# ---------------------------------------------------------------------------- AH-5.16 exploring
@pytest.mark.rule("AH-5.16")
def test_exploring_draws_the_top_tile_and_the_mover_places_it() -> None:
    s = arena(["I...", "...I"])
    on_top(s, 7)
    supply = len(s.supply)
    regions = len(s.placed)
    smuggler_turn(s, 6, 4, at=(3, 1))
    place(s, SMUG, "fast_sail", 6)
    act(s, "step", dir=E)
    assert kind(s) == "explore" and s.current_player() == SMUG
    assert len(options(s, "tile")) > 1  # a real choice for the mover
    act(s, "tile", origin=P(4, 1), rot=1)
    assert len(s.supply) == supply - 1 and 7 not in s.supply
    assert len(s.placed) == regions + 1 and s.placed[-1].tile == 7
    new_region = regions
    assert {p for p, c in s.cells.items() if c.region == new_region} == {
        P(4, 1),
        P(5, 1),
        P(4, 2),
        P(5, 2),
    }
    assert s.wealth[new_region] == 1  # a wealth die showing 1
    assert s.allies[new_region] == 0
    assert s.fig[SMUG] == P(4, 1)  # on the space the move led onto
    assert kind(s) == "turn"  # exploring ended the Fast Sail


@pytest.mark.rule("AH-5.16", "AH-5.17", "AH-EX-6")
def test_explore_placements_are_flush_or_shifted_in_any_rotation() -> None:
    """Moving east from (3,1) onto (4,1): the tile covers (4,1) on its west edge, level with
    the tile being left (rows 0-1) or shifted one row down (rows 1-2); four rotations each.
    The island at (3,0) forbids an island on (4,0), next to it."""
    s = arena(["I..I", "...."])
    on_top(s, 7)
    smuggler_turn(s, 3, 4, at=(3, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    assert kind(s) == "explore"
    seen: set[tuple[int, int]] = set()
    for a in s.legal_actions():
        twin = s.clone()
        twin.apply(a)
        new_cells = set(twin.cells) - set(s.cells)
        assert len(new_cells) == 4 and P(4, 1) in new_cells  # no overlap, covers the target
        xs = {geometry.xy(p)[0] - geometry.xy(P(0, 0))[0] for p in new_cells}
        assert xs == {4, 5}  # the target on the tile's near (west) edge
        (island,) = twin.islands - s.islands
        assert all(island + d not in s.islands for d in DELTA)
        seen.add((a.num("origin"), island))
    flush = {P(4, 0), P(5, 0), P(4, 1), P(5, 1)} - {P(4, 0)}
    shifted = {P(4, 1), P(5, 1), P(4, 2), P(5, 2)}
    assert seen == {(P(4, 0), i) for i in flush} | {(P(4, 1), i) for i in shifted}


@pytest.mark.rule("AH-5.17")
def test_a_placed_tile_turns_its_current_with_it() -> None:
    """Cutlass Sound's current points south unturned, from the top-left corner; three quarter
    turns clockwise put it in the bottom-left corner pointing east."""
    s = arena(["I...", "...I"])
    on_top(s, 11)
    smuggler_turn(s, 3, 4, at=(3, 0))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "tile", origin=P(4, 0), rot=3)
    assert s.cells[P(4, 1)].terrain == "current" and s.cells[P(4, 1)].current == E
    assert s.cells[P(5, 0)].terrain == "island"  # the bottom-right island, now top-right
    assert s.cells[P(5, 1)].terrain == "open"


@pytest.mark.rule("AH-5.17", "AH-5.11")
def test_a_placed_tile_turns_its_sandbar_with_it() -> None:
    """Skullrock Anchorage's sandbar lies between its two left spaces; a quarter turn
    clockwise lays it between the two top spaces, across the ship's way east."""
    s = arena(["I...", "...I"])
    on_top(s, 7)
    smuggler_turn(s, 3, 4, at=(3, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "tile", origin=P(4, 1), rot=1)
    assert s.cells[P(4, 2)].terrain == "island" and s.cells[P(5, 2)].terrain == "harbor"
    s.dice[SMUG] = []
    smuggler_turn(s, 3, 4, at=(4, 1))
    place(s, SMUG, "sail", 3)
    assert E not in dirs(s) and S in dirs(s)
    s.dice[SMUG] = []
    smuggler_turn(s, 3, 4, at=(4, 2))
    place(s, SMUG, "sail", 3)
    assert E in dirs(s)  # the bottom edge is open


@pytest.mark.rule("AH-5.17")
def test_no_exploring_with_an_empty_region_supply() -> None:
    s = arena()
    s.supply = []
    smuggler_turn(s, 3, 4, at=(3, 1))
    place(s, SMUG, "sail", 3)
    assert dirs(s) == [N, S, W]


@pytest.mark.rule("AH-5.17")
def test_an_explored_tile_never_overlaps_the_map() -> None:
    """Into the notch of an L-shaped map: shifted one row down, the tile would cover the
    region below the notch, so only the flush placements are offered (and of those, not the
    one that puts the island next to the island below)."""
    s = arena(["I.  ", "..  ", "..I.", "I..."])
    on_top(s, 7)
    smuggler_turn(s, 3, 4, at=(1, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    assert kind(s) == "explore"
    assert {a["origin"] for a in options(s, "tile")} == {P(2, 0)}
    islands: set[int] = set()
    for a in s.legal_actions():
        twin = s.clone()
        twin.apply(a)
        assert set(twin.cells) - set(s.cells) == {P(2, 0), P(3, 0), P(2, 1), P(3, 1)}
        islands |= twin.islands - s.islands
    assert islands == {P(2, 0), P(3, 0), P(3, 1)}


@pytest.mark.rule("AH-5.17", "AH-EX-6")
def test_no_exploring_into_a_hole_no_tile_fits() -> None:
    """A one-space hole inside the map: every 2x2 tile over it would overlap."""
    s = arena(["I..I", "... ", "....", "I..I"])
    smuggler_turn(s, 3, 4, at=(2, 1))
    place(s, SMUG, "sail", 3)
    assert dirs(s) == [N, S, W]  # not east, into the hole
    s.dice[SMUG] = []
    smuggler_turn(s, 3, 4, at=(3, 2))
    place(s, SMUG, "sail", 3)
    assert N not in dirs(s) and E in dirs(s)  # north is the hole; east is open sea


# ---------------------------------------------------------------------------- strong currents
@pytest.mark.rule("AH-5.25", "AH-5.15", "AH-EX-9")
def test_a_current_pushes_one_space_and_uses_no_step() -> None:
    s = arena(["I..I", ".>..", "....", "I..I"])
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    assert s.fig[SMUG] == P(2, 1)  # onto the current, then one space on
    assert kind(s) == "step" and can_stop(s)  # the Sail's second step is still there
    act(s, "step", dir=E)
    assert s.fig[SMUG] == P(3, 1) and kind(s) == "turn"


@pytest.mark.rule("AH-5.25")
def test_currents_chain() -> None:
    s = arena(["I..I", ".>>.", "....", "I..I"])
    smuggler_turn(s, 1, 4, at=(1, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert s.fig[SMUG] == P(3, 1)
    assert [e["to"] for e in events(s, "current")] == [P(2, 1), P(3, 1)]


@pytest.mark.rule("AH-5.25")
def test_a_current_loop_stops_instead_of_going_round_for_ever() -> None:
    """AH-GAP-6(c): two currents pointing at each other. The push that would repeat a space
    of the chain does not happen; the figure anchors on the last new space."""
    s = arena(["I..I", ".><.", "....", "I..I"])
    smuggler_turn(s, 1, 4, at=(1, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert kind(s) == "turn"
    assert s.fig[SMUG] == P(2, 1)
    assert [e["to"] for e in events(s, "current")] == [P(2, 1)]


@pytest.mark.rule("AH-5.25", "AH-5.11")
def test_a_current_does_not_push_across_a_sandbar() -> None:
    """AH-GAP-6(d): the figure stays and anchors on the current."""
    s = arena(["I..I", ".>..", "....", "I..I"], bars=[((1, 1), E)])
    smuggler_turn(s, 1, 4, at=(1, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert s.fig[SMUG] == P(1, 1) and kind(s) == "turn"


@pytest.mark.rule("AH-5.25", "AH-5.20")
def test_a_current_can_push_a_ship_into_a_battle() -> None:
    s = arena(["I..I", ".>..", "....", "I..I"])
    put(s, s.union, 2, 1)
    load(s, SMUG)
    smuggler_turn(s, 3, 4, at=(1, 0))
    place(s, SMUG, "sail", 3)
    dice(s, 1, 6)
    act(s, "step", dir=S)
    assert kind(s) == "cannons"
    assert events(s, "battle")[-1]["defender"] == s.union
    assert events(s, "battle")[-1]["at"] == P(2, 1)
    act(s, "keep")
    assert kind(s) == "reward" and s.current_player() == s.union  # the Union won
    act(s, "reward", what="hit_steal")
    take_hits(s)
    assert kind(s) == "turn" and s.fig[SMUG] == P(2, 1)  # the battle ended the Sail


@pytest.mark.rule("AH-5.25", "AH-5.16")
def test_a_current_can_push_a_ship_off_the_map_to_explore() -> None:
    s = arena(["I..I", "...>", "....", "I..I"])
    on_top(s, 7)
    smuggler_turn(s, 3, 4, at=(3, 0))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=S)
    assert kind(s) == "explore" and s.current_player() == SMUG
    act(s, "tile", origin=P(4, 1), rot=0)
    assert s.fig[SMUG] == P(4, 1)
    assert kind(s) == "turn"  # exploring ended the Sail


@pytest.mark.rule("AH-5.17", "AH-5.25")
def test_a_current_pointing_off_a_map_that_cannot_be_explored_leaves_the_ship_on_it() -> None:
    """AH-5.17(e), with an empty supply and then with no room for a tile."""
    s = arena(["I..I", "...>", "....", "I..I"])
    s.supply = []
    smuggler_turn(s, 1, 4, at=(3, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert s.fig[SMUG] == P(3, 1) and kind(s) == "turn"
    # No room: the space east of the current is a one-space hole in the map.
    s = arena(["I..I.I..", "...> ..I", "........", "I..I.I.I"])
    smuggler_turn(s, 1, 4, at=(3, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert s.fig[SMUG] == P(3, 1) and kind(s) == "turn"


# ---------------------------------------------------------------------------- harbor
@pytest.mark.rule("AH-EX-9", "AH-5.25", "AH-5.13")
def test_ex9_current_then_harbor_repairs_two() -> None:
    """Sail 2 steps; a current pushes 1 more space into a harbor; repair 2 damage there."""
    s = arena(["I..I", "..>H", "....", "I..I"])
    s.damage[SMUG] = [spot(s, SMUG, "fast_sail"), spot(s, SMUG, "negotiation")]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "step", dir=E)
    assert s.fig[SMUG] == P(3, 1)
    assert kind(s) == "harbor"
    act(s, "harbor_repair")
    act(s, "fix", spot=spot(s, SMUG, "fast_sail"))
    act(s, "fix", spot=spot(s, SMUG, "negotiation"))
    assert s.damage[SMUG] == []
    assert kind(s) == "turn"


@pytest.mark.rule("AH-5.25", "AH-5.1")
def test_harbor_moves_a_placed_die_onto_cannons_and_frees_its_spot() -> None:
    s = arena(["I..I", ".H..", "....", "I..I"])
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "stop")
    assert kind(s) == "harbor"
    act(s, "harbor_move", spot=spot(s, SMUG, "sail"))
    assert s.gold[SMUG] == gold  # a harbor pays nothing (without a Merchant)
    assert s.dice[SMUG] == [(spot(s, SMUG, "cannons"), 3)]  # the die keeps its value
    assert s.placed_turn == 1  # not a new placement
    # The Sail spot is empty again and takes the turn's second die.
    assert kind(s) == "turn"
    place(s, SMUG, "sail", 4)
    assert kind(s) == "step"


def fleet_to_harbor(dice_: list[tuple[str, int]]) -> AhoyState:
    """The Fleet, with these dice already placed, Sails a 5 one step into a harbor."""
    s = arena(["I..I", ".H..", "....", "I..I"], n=2)
    fleet = s.fleet
    put(s, fleet, 0, 1)
    s.dice[fleet] = [(spot(s, fleet, action), v) for action, v in dice_]
    hand(s, fleet, 5, 5)
    start_turn(s, fleet)
    place(s, fleet, "sail", 5)
    act(s, "step", dir=E)
    act(s, "stop")
    return s


@pytest.mark.rule("AH-5.25", "AH-6.1.2")
def test_fleet_harbor_moves_only_a_five_or_six() -> None:
    s = fleet_to_harbor([("deploy", 6), ("bombard", 4), ("order", 3)])
    fleet = s.fleet
    assert kind(s) == "harbor"
    moves = sorted(a["spot"] for a in options(s, "harbor_move"))
    assert moves == sorted([spot(s, fleet, "deploy"), spot(s, fleet, "sail")])  # not 4 or 3
    act(s, "harbor_move", spot=spot(s, fleet, "deploy"))
    assert s.cannons_dice(fleet) == [6]
    assert kind(s) == "rider_patrol"  # the Sail rider comes after the harbor


@pytest.mark.rule("AH-5.25", "AH-6.1.2")
def test_fleet_harbor_fills_the_second_cannons_place_but_not_a_third() -> None:
    s = fleet_to_harbor([("deploy", 6), ("cannons", 5)])
    assert kind(s) == "harbor"
    act(s, "harbor_move", spot=spot(s, s.fleet, "deploy"))
    assert sorted(s.cannons_dice(s.fleet)) == [5, 6]
    full = fleet_to_harbor([("deploy", 6), ("cannons", 5), ("cannons", 6)])
    assert kind(full) == "rider_patrol"  # no harbor choice: the repair (of nothing) only
    assert (spot(full, full.fleet, "deploy"), 6) in full.dice[full.fleet]
    assert sorted(full.cannons_dice(full.fleet)) == [5, 6]


@pytest.mark.rule("AH-5.25", "AH-5.1", "AH-5.32")
@pytest.mark.parametrize("blocked", ["die", "damage"])
def test_harbor_cannot_move_a_die_onto_a_full_or_damaged_cannons(blocked: str) -> None:
    s = arena(["I..I", ".H..", "....", "I..I"])
    cannons = spot(s, SMUG, "cannons")
    if blocked == "die":
        load(s, SMUG, 2)
    else:
        s.damage[SMUG] = [cannons]
    s.dice[SMUG].append((spot(s, SMUG, "fast_sail"), 6))
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "stop")
    # The only harbor option left is the repair, taken at once.
    assert kind(s) == ("turn" if blocked == "die" else "repair")
    assert (cannons, 6) not in s.dice[SMUG]
    assert (spot(s, SMUG, "sail"), 3) in s.dice[SMUG]


@pytest.mark.rule("AH-5.13", "AH-5.25")
def test_harbor_acts_only_where_the_flagship_anchors() -> None:
    s = arena(["I..I", ".H..", "....", "I..I"])
    s.damage[SMUG] = [spot(s, SMUG, "cannons")]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "step", dir=E)  # through the harbor
    assert kind(s) == "turn"
    assert s.damage[SMUG] == [spot(s, SMUG, "cannons")]


# ---------------------------------------------------------------------------- fog
@pytest.mark.rule("AH-5.25", "AH-5.20")
def test_no_battle_on_fog() -> None:
    s = arena(["I..I", ".F..", "....", "I..I"])
    put(s, s.union, 1, 1)
    load(s, SMUG)
    load(s, s.union)
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    assert events(s, "battle") == []
    assert kind(s) == "step"  # no battle, so the move goes on
    # The same position on open water is a battle.
    s2 = arena(["I..I", "....", "....", "I..I"])
    put(s2, s2.union, 1, 1)
    load(s2, SMUG)
    smuggler_turn(s2, 3, 4, at=(0, 1))
    place(s2, SMUG, "sail", 3)
    act(s2, "step", dir=E)
    assert len(events(s2, "battle")) == 1


# ---------------------------------------------------------------------------- shipwrecks
@pytest.mark.rule("AH-EX-8", "AH-5.25", "AH-5.27")
def test_ex8_two_wrecks_two_damage_one_gold() -> None:
    s = arena(["I..I", ".WW.", "....", "I..I"])
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    assert kind(s) == "hit" and s.current_player() == SMUG  # the owner chooses (SUFFER)
    assert len(options(s, "hit")) > 1
    take_hits(s)
    act(s, "step", dir=E)
    take_hits(s)
    assert kind(s) == "turn"
    assert len(s.damage[SMUG]) == 2
    assert s.gold[SMUG] == gold + 1  # only the wreck it anchored on pays


@pytest.mark.rule("AH-5.25", "AH-5.30", "AH-6.1.3", "AH-TC-6")
def test_a_patrol_moving_onto_a_wreck_is_removed() -> None:
    s = arena(["I..I", ".W..", "....", "I..I"], n=2)
    put(s, s.fleet, 3, 3)
    p = patrol(s, 0, 1)
    hand(s, s.fleet, 3, 4)
    start_turn(s, s.fleet)
    place(s, s.fleet, "order", 3)
    act(s, "patrol", fig=p, dir=E)
    assert s.fig[p] == -1 and p in s.patrols_in_supply()
    assert s.damage[s.fleet] == []  # no token for a patrol


@pytest.mark.rule("AH-5.25", "AH-6.2.5", "AH-B.8", "AH-B.9", "AH-5.13")
@pytest.mark.parametrize("ship", [CUTTER, GUNBOAT])
def test_cutter_and_gunboat_ignore_shipwrecks(ship: int) -> None:
    s = arena(["I..I", ".W..", "....", "I..I"], n=2)
    union = s.union
    put(s, union, 3, 3)
    put(s, s.fleet, 3, 0)
    s.ship_card[0 if ship == CUTTER else 1] = True
    put(s, ship, 0, 1)
    hand(s, union, 3, 4)
    start_turn(s, union)
    gold = s.gold[union]
    sail_spot = SHIP_SPOT0 if ship == CUTTER else SHIP_SPOT0 + 2
    place_on(s, sail_spot, 3)
    act(s, "step", dir=E)
    act(s, "stop")
    assert s.fig[ship] == P(1, 1)
    assert s.damage[union] == []
    assert s.gold[union] == gold  # and its treasure is for flagships (AH-5.13)
    assert kind(s) == "turn"


@pytest.mark.rule("AH-A.4", "AH-5.25", "AH-5.27")
def test_helmsman_ignores_wreck_damage_but_still_takes_the_treasure() -> None:
    s = arena(["I..I", ".W..", "....", "I..I"])
    give_crew(s, SMUG, "helmsman")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "stop")
    assert s.damage[SMUG] == []
    assert s.gold[SMUG] == gold + 1


# ---------------------------------------------------------------------------- treasure
@pytest.mark.rule("AH-5.27", "AH-5.25")
def test_treasure_pays_only_where_the_flagship_anchors() -> None:
    s = arena(["I..I", ".T..", "....", "I..I"], gold={(1, 1): 2})
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "step", dir=E)
    assert s.gold[SMUG] == gold  # passed over: nothing
    s.dice[SMUG] = []
    hand(s, SMUG, 3)
    start_turn(s, SMUG)
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=W)
    act(s, "stop")
    assert s.gold[SMUG] == gold + 2  # one gold per symbol


@pytest.mark.rule("AH-5.27", "AH-5.38")
def test_treasure_is_limited_by_the_bank() -> None:
    s = arena(["I..I", ".T..", "....", "I..I"], gold={(1, 1): 2})
    s.gold = [0, 0, 0]
    s.gold[s.union] = 19  # one gold left in the bank
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "stop")
    assert s.gold[SMUG] == 1 and s.bank() == 0


@pytest.mark.rule("AH-5.13", "AH-5.27", "AH-6.1.2")
def test_patrols_take_no_treasure_and_use_no_harbor() -> None:
    s = arena(["I..I", ".TH.", "....", "I..I"], n=2)
    fleet = s.fleet
    put(s, fleet, 3, 3)
    s.damage[fleet] = [spot(s, fleet, "bombard")]
    a = patrol(s, 0, 1)
    b = patrol(s, 3, 1)
    gold = s.gold[fleet]
    hand(s, fleet, 3, 4)
    start_turn(s, fleet)
    place(s, fleet, "order", 3)
    act(s, "patrol", fig=a, dir=E)
    assert kind(s) == "order"  # no treasure, no harbor decision
    act(s, "patrol", fig=b, dir=W)
    assert (s.fig[a], s.fig[b]) == (P(1, 1), P(2, 1))
    assert s.gold[fleet] == gold
    assert s.damage[fleet] == [spot(s, fleet, "bombard")]


# ---------------------------------------------------------------------------- AH-5.15 step counts
def max_steps(s: AhoyState, spot_: int, value: int) -> int:
    place_on(s, spot_, value)
    return count_steps(s)


@pytest.mark.rule("AH-5.15", "AH-6.3.2")
@pytest.mark.parametrize("value", [1, 2, 4, 6])
def test_fast_sail_moves_up_to_the_dies_value(value: int) -> None:
    s = arena()
    smuggler_turn(s, value, 4)
    assert max_steps(s, spot(s, SMUG, "fast_sail"), value) == value


@pytest.mark.rule("AH-5.15", "AH-5.7")
def test_sail_moves_at_most_two() -> None:
    s = arena()
    smuggler_turn(s, 6, 4)
    assert max_steps(s, spot(s, SMUG, "sail"), 6) == 2


@pytest.mark.rule("AH-5.15", "AH-A.13")
def test_sailor_moves_one_to_three() -> None:
    s = arena()
    give_crew(s, SMUG, "sailor")
    smuggler_turn(s, 6, 4)
    assert max_steps(s, crew_spot(s, "sailor"), 6) == 3
    s = arena()
    give_crew(s, SMUG, "sailor")
    smuggler_turn(s, 6, 4)
    place_on(s, crew_spot(s, "sailor"), 6)
    act(s, "step", dir=E)
    act(s, "stop")  # one step is enough
    assert s.fig[SMUG] == P(2, 1) and kind(s) == "turn"


@pytest.mark.rule("AH-5.15", "AH-6.2.5", "AH-B.8", "AH-B.9")
@pytest.mark.parametrize(("ship", "steps"), [(CUTTER, 3), (GUNBOAT, 2)])
def test_cutter_sails_three_and_gunboat_two(ship: int, steps: int) -> None:
    s = arena(n=2)
    put(s, s.union, 3, 3)
    put(s, s.fleet, 3, 0)
    s.ship_card[0 if ship == CUTTER else 1] = True
    put(s, ship, 1, 1)
    hand(s, s.union, 3, 4)
    start_turn(s, s.union)
    sail_spot = SHIP_SPOT0 if ship == CUTTER else SHIP_SPOT0 + 2
    assert max_steps(s, sail_spot, 3) == steps


@pytest.mark.rule("AH-5.15", "AH-A.22")
def test_fisher_moves_one_or_two() -> None:
    s = arena()
    give_crew(s, SMUG, "fisher")
    smuggler_turn(s, 6, 4)
    assert max_steps(s, crew_spot(s, "fisher"), 6) == 2


# ---------------------------------------------------------------------------- PLACE
@pytest.mark.rule("AH-6.1.2", "AH-5.14", "AH-5.26", "AH-5.23", "AH-5.11")
def test_deploy_places_on_own_or_adjacent_space_even_across_a_sandbar() -> None:
    s = arena(n=2, bars=[((1, 1), E)])
    fleet = s.fleet
    put(s, fleet, 1, 1)
    hand(s, fleet, 2, 4)
    start_turn(s, fleet)
    place(s, fleet, "deploy", 2)
    assert kind(s) == "deploy"
    assert sorted(a["at"] for a in options(s, "deploy")) == sorted(
        [P(1, 1), P(1, 0), P(2, 1), P(1, 2), P(0, 1)]  # never diagonal
    )
    supply = len(s.patrols_in_supply())
    act(s, "deploy", at=P(2, 1))  # across the sandbar
    assert fleet_patrols_at(s, P(2, 1)) == 1
    assert len(s.patrols_in_supply()) == supply - 1
    assert kind(s) == "turn"


@pytest.mark.rule("AH-6.1.2", "AH-5.14", "AH-5.26", "AH-5.23")
@pytest.mark.parametrize("terrain", ["W", ">"])
def test_deploy_starts_no_battle_and_triggers_no_terrain(terrain: str) -> None:
    """Onto a wreck (it would remove the patrol) or a current (it would push it), where a
    loaded enemy flagship waits (it would battle)."""
    s = arena(["I..I", "." + terrain + "..", "....", "I..I"], n=2)
    fleet, union = s.fleet, s.union
    put(s, fleet, 0, 1)
    put(s, union, 1, 1)
    load(s, union, 3)
    load(s, fleet, 6)
    hand(s, fleet, 2, 4)
    start_turn(s, fleet)
    place(s, fleet, "deploy", 2)
    act(s, "deploy", at=P(1, 1))
    assert fleet_patrols_at(s, P(1, 1)) == 1  # not removed by the wreck, not pushed
    assert events(s, "battle") == [] and events(s, "current") == []
    assert kind(s) == "turn"


@pytest.mark.rule("AH-6.1.2", "AH-6.1.3", "AH-5.14", "AH-5.26")
def test_fleet_sail_rider_places_a_patrol_where_the_flagship_anchors() -> None:
    """The flagship battles a loaded enemy ship on a wreck and anchors there; the patrol placed
    there is neither wrecked nor in a second battle."""
    s = arena(["I..I", "..W.", "....", "I..I"], n=2)
    fleet, union = s.fleet, s.union
    put(s, fleet, 2, 2)
    put(s, union, 2, 1)
    load(s, union, 3)
    hand(s, fleet, 3, 4)
    start_turn(s, fleet)
    supply = len(s.patrols_in_supply())
    place(s, fleet, "sail", 3)
    dice(s, 6, 1)
    act(s, "step", dir=N)
    assert len(events(s, "battle")) == 1  # the flagship battled: the Union is loaded
    act(s, "keep")  # the Union's Cannons die
    act(s, "reward", what="none")  # the Fleet won
    take_hits(s)  # then the wreck
    assert len(s.damage[fleet]) == 1
    assert kind(s) == "rider_patrol" and s.current_player() == fleet
    act(s, "yes")
    assert fleet_patrols_at(s, P(2, 1)) == 1 and len(s.patrols_in_supply()) == supply - 1
    assert len(events(s, "battle")) == 1  # placing started no battle
    assert kind(s) == "turn"


# ---------------------------------------------------------------------------- riders
@pytest.mark.rule("AH-6.1.2", "AH-6.1.3", "AH-5.8")
def test_fleet_tailwind_rider_places_a_patrol() -> None:
    s = arena(n=2, tailwind={(2, 2): 5})
    fleet = s.fleet
    put(s, fleet, 1, 1)
    hand(s, fleet, 5, 4)
    start_turn(s, fleet)
    place(s, fleet, "tailwind", 5)
    act(s, "goto", at=P(2, 2))
    assert kind(s) == "rider_patrol"
    act(s, "yes")
    assert fleet_patrols_at(s, P(2, 2)) == 1


@pytest.mark.rule("AH-6.1.3")
def test_fleet_rider_may_be_declined() -> None:
    s = arena(n=2)
    fleet = s.fleet
    put(s, fleet, 1, 1)
    hand(s, fleet, 3, 4)
    start_turn(s, fleet)
    place(s, fleet, "sail", 3)
    act(s, "step", dir=E)
    act(s, "stop")
    act(s, "no")
    assert fleet_patrols_at(s, P(2, 1)) == 0 and len(s.patrols_in_supply()) == 10


@pytest.mark.rule("AH-6.1.3", "AH-5.38")
def test_no_patrol_rider_with_an_empty_patrol_supply() -> None:
    s = arena(n=2)
    fleet = s.fleet
    put(s, fleet, 1, 1)
    for _ in range(10):
        patrol(s, 3, 3)
    hand(s, fleet, 3, 4)
    start_turn(s, fleet)
    place(s, fleet, "sail", 3)
    act(s, "step", dir=E)
    act(s, "stop")
    assert kind(s) == "turn"


@pytest.mark.rule("AH-TC-12", "AH-A.13", "AH-A.n1")
@pytest.mark.parametrize("crew", ["sailor", "fisher"])
def test_fleet_crew_moves_are_not_sail_no_patrol_rider(crew: str) -> None:
    s = arena(n=2)
    fleet = s.fleet
    put(s, fleet, 1, 1)
    give_crew(s, fleet, crew)
    hand(s, fleet, 3, 4)
    start_turn(s, fleet)
    place_on(s, crew_spot(s, crew), 3)
    act(s, "step", dir=E)
    act(s, "stop")
    assert kind(s) == "turn"  # no rider_patrol decision
    assert len(s.patrols_in_supply()) == 10


def union_sails_to(s: AhoyState, *steps: int) -> None:
    union = s.union
    hand(s, union, 3, 4)
    start_turn(s, union)
    place(s, union, "sail", 3)
    for d in steps:
        act(s, "step", dir=d)
    if kind(s) == "step":
        act(s, "stop")


@pytest.mark.rule("AH-6.2.2", "AH-6.2.3")
def test_union_sail_anchoring_on_an_island_places_two_ready_allies() -> None:
    s = arena(n=2)
    put(s, s.union, 1, 0)
    union_sails_to(s, W)
    assert kind(s) == "rider_allies" and s.current_player() == s.union
    ready = s.ready
    act(s, "allies", how="place")
    assert s.allies[0] == 2 and s.ready == ready - 2


@pytest.mark.rule("AH-6.2.2", "AH-6.2.3")
def test_union_sail_anchoring_on_an_island_may_gain_two_ready_allies_instead() -> None:
    s = arena(n=2)
    put(s, s.union, 1, 0)
    union_sails_to(s, W)
    ready, supply = s.ready, s.ally_supply()
    act(s, "allies", how="gain")
    assert s.ready == ready + 2 and s.ally_supply() == supply - 2
    assert s.allies[0] == 0


@pytest.mark.rule("AH-6.2.2", "AH-6.2.3", "AH-5.38")
def test_union_sail_rider_is_limited_by_ready_allies_and_the_supply() -> None:
    """AH-GAP-9: with 1 Ready ally, 1 is placed; with 1 ally left in the supply, 1 is gained."""
    s = arena(n=2)
    put(s, s.union, 1, 0)
    s.ready = 1
    union_sails_to(s, W)
    act(s, "allies", how="place")
    assert s.allies[0] == 1 and s.ready == 0
    s = arena(n=2)
    put(s, s.union, 1, 0)
    s.allies[3] = 20 - s.ready - 1  # all but one of the 20 tokens are out
    union_sails_to(s, W)
    ready = s.ready
    act(s, "allies", how="gain")
    assert s.ready == ready + 1 and s.ally_supply() == 0


@pytest.mark.rule("AH-6.2.2")
def test_union_sail_rider_is_optional() -> None:
    s = arena(n=2)
    put(s, s.union, 1, 0)
    union_sails_to(s, W)
    ready = s.ready
    act(s, "allies", how="none")
    assert s.ready == ready and s.allies[0] == 0 and kind(s) == "turn"


@pytest.mark.rule("AH-6.2.2", "AH-5.13")
def test_union_sail_rider_needs_anchoring_on_the_island() -> None:
    s = arena(n=2)
    put(s, s.union, 1, 0)
    union_sails_to(s, W, S)  # through the island at (0,0), anchoring at (0,1)
    assert kind(s) == "turn"
    assert s.allies[0] == 0


@pytest.mark.rule("AH-TC-11", "AH-6.2.2", "AH-5.8")
def test_union_tailwind_gives_no_allies_even_onto_an_island() -> None:
    """The map is built with a tailwind mark on an island (no real tile has one), so only the
    missing rider can keep the allies away."""
    s = arena(n=2, tailwind={(0, 0): 2, (2, 2): 2})
    union = s.union
    put(s, union, 1, 1)
    hand(s, union, 2, 4)
    start_turn(s, union)
    ready, supply = s.ready, s.ally_supply()
    place(s, union, "tailwind", 2)
    act(s, "goto", at=P(0, 0))
    assert kind(s) == "turn"
    assert s.ready == ready and s.ally_supply() == supply and sum(s.allies) == 0


@pytest.mark.rule("AH-GAP-4", "AH-6.2.2", "AH-6.2.5")
@pytest.mark.parametrize("ship", [CUTTER, GUNBOAT])
def test_cutter_and_gunboat_sail_onto_an_island_has_no_ally_rider(ship: int) -> None:
    s = arena(n=2)
    union = s.union
    put(s, union, 3, 3)
    put(s, s.fleet, 3, 0)
    s.ship_card[0 if ship == CUTTER else 1] = True
    put(s, ship, 1, 0)
    hand(s, union, 3, 4)
    start_turn(s, union)
    ready = s.ready
    place_on(s, SHIP_SPOT0 if ship == CUTTER else SHIP_SPOT0 + 2, 3)
    act(s, "step", dir=W)
    act(s, "stop")
    assert s.fig[ship] == P(0, 0)
    assert kind(s) == "turn"
    assert s.ready == ready and sum(s.allies) == 0


# ---------------------------------------------------------------------------- movement crew
@pytest.mark.rule("AH-A.10", "AH-5.25")
def test_sea_wolf_may_ignore_a_current() -> None:
    s = arena(["I..I", ".>..", "....", "I..I"])
    give_crew(s, SMUG, "sea_wolf")
    smuggler_turn(s, 1, 4, at=(1, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert kind(s) == "current" and s.current_player() == SMUG
    assert sorted(a["dir"] for a in options(s, "current")) == [0, 1, 2, 3, 4]
    act(s, "current", dir=4)  # ignore it
    assert s.fig[SMUG] == P(1, 1) and kind(s) == "turn"


@pytest.mark.rule("AH-A.10", "AH-5.25")
def test_sea_wolf_may_turn_a_current() -> None:
    s = arena(["I..I", ".>..", "....", "I..I"])
    give_crew(s, SMUG, "sea_wolf")
    smuggler_turn(s, 1, 4, at=(1, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    act(s, "current", dir=S)
    assert s.fig[SMUG] == P(1, 2)


@pytest.mark.rule("AH-A.17", "AH-5.25")
def test_lookout_treats_fog_as_a_current_of_any_direction() -> None:
    s = arena(["I..I", ".F..", "....", "I..I"])
    give_crew(s, SMUG, "lookout")
    smuggler_turn(s, 1, 4, at=(1, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert kind(s) == "current"
    act(s, "current", dir=E)
    assert s.fig[SMUG] == P(2, 1)
    # Without the Lookout, fog does not move a ship.
    s = arena(["I..I", ".F..", "....", "I..I"])
    smuggler_turn(s, 1, 4, at=(1, 0))
    place(s, SMUG, "fast_sail", 1)
    act(s, "step", dir=S)
    assert s.fig[SMUG] == P(1, 1) and kind(s) == "turn"


@pytest.mark.rule("AH-A.22", "AH-5.27")
def test_fisher_takes_gold_from_treasures_passed_through() -> None:
    s = arena(["I..I", ".TT.", "....", "I..I"], gold={(2, 1): 2})
    give_crew(s, SMUG, "fisher")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place_on(s, crew_spot(s, "fisher"), 3)
    act(s, "step", dir=E)
    assert s.gold[SMUG] == gold + 1  # passing the 1-gold treasure pays
    act(s, "step", dir=E)
    assert kind(s) == "turn"
    assert s.gold[SMUG] == gold + 3  # and the anchoring one pays once, not twice


@pytest.mark.rule("AH-A.22", "AH-5.27", "AH-5.25")
def test_fisher_takes_a_treasure_once_per_move() -> None:
    """Onto the treasure, on to a current that pushes the ship back onto it, and anchor
    there: entered twice and anchored on, it pays once."""
    s = arena(["I..I", ".T<.", "....", "I..I"])
    give_crew(s, SMUG, "fisher")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place_on(s, crew_spot(s, "fisher"), 3)
    act(s, "step", dir=E)
    act(s, "step", dir=E)
    assert s.fig[SMUG] == P(1, 1) and kind(s) == "turn"
    assert s.gold[SMUG] == gold + 1


@pytest.mark.rule("AH-A.6", "AH-5.25", "AH-5.13")
def test_merchant_gains_a_gold_when_anchoring_in_a_harbor() -> None:
    s = arena(["I..I", ".H..", "....", "I..I"])
    give_crew(s, SMUG, "merchant")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "step", dir=E)  # through the harbor: nothing
    assert s.gold[SMUG] == gold
    s.dice[SMUG] = []
    hand(s, SMUG, 3)
    start_turn(s, SMUG)
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=W)
    act(s, "stop")
    assert s.gold[SMUG] == gold + 1


@pytest.mark.rule("AH-A.6", "AH-GAP-13")
def test_merchant_gains_nothing_on_an_island() -> None:
    s = arena()
    give_crew(s, SMUG, "merchant")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(1, 0))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=W)
    act(s, "stop")
    assert s.fig[SMUG] == P(0, 0) and s.gold[SMUG] == gold


@pytest.mark.rule("AH-A.16", "AH-5.27")
def test_diver_adds_a_gold_when_anchoring_on_a_wreck_only() -> None:
    s = arena(["I..I", ".WT.", "....", "I..I"])
    give_crew(s, SMUG, "diver")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    take_hits(s)
    act(s, "stop")
    assert s.gold[SMUG] == gold + 2  # 1 treasure + 1 Diver
    s.dice[SMUG] = []
    hand(s, SMUG, 3)
    start_turn(s, SMUG)
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "stop")
    assert s.gold[SMUG] == gold + 3  # an open-water treasure: no Diver gold


@pytest.mark.rule("AH-A.16", "AH-A.22", "AH-5.27")
def test_diver_still_pays_when_a_fisher_took_the_wrecks_treasure_on_the_way_in() -> None:
    """With the Fisher, the treasure of the last space is taken as the ship enters it; the ship
    still anchors on a wreck, so the Diver's extra gold is due."""
    s = arena(["I..I", ".W..", "....", "I..I"])
    give_crew(s, SMUG, "diver")
    give_crew(s, SMUG, "fisher")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(0, 1))
    place_on(s, crew_spot(s, "fisher"), 3)
    act(s, "step", dir=E)
    take_hits(s)
    act(s, "stop")
    assert s.gold[SMUG] == gold + 2


@pytest.mark.rule("AH-A.9", "AH-EX-15")
@pytest.mark.parametrize(
    ("rows", "dest"),
    [
        (["I.  .I", "..  .."], (4, 1)),  # a region-wide gap between two map parts
        (["I..I.I", ".. ..."], (3, 1)),  # a one-space hole
    ],
)
def test_sea_witch_reappears_at_the_nearest_edge_behind_on_a_map_with_a_gap(
    rows: list[str], dest: tuple[int, int]
) -> None:
    """Sailing east off the map, the line back west first reaches the gap's edge, the nearer
    one, not the far west edge of the map."""
    s = arena(rows)
    give_crew(s, SMUG, "sea_witch")
    smuggler_turn(s, 3, 4, at=(5, 1))
    place(s, SMUG, "sail", 3)
    assert [a["dir"] for a in options(s, "witch")] == [E, S]  # the ways off the map
    assert E in dirs(s)  # exploring is still possible: the player may choose either
    regions = len(s.placed)
    act(s, "witch", dir=E)
    assert s.fig[SMUG] == P(*dest)
    assert kind(s) == "turn"  # the relocation ends the Sail
    assert len(s.placed) == regions  # nothing explored


@pytest.mark.rule("AH-A.9", "AH-EX-15")
def test_sea_witch_crosses_the_whole_map_without_a_gap() -> None:
    s = arena()
    give_crew(s, SMUG, "sea_witch")
    smuggler_turn(s, 3, 4, at=(3, 2))
    place(s, SMUG, "sail", 3)
    act(s, "witch", dir=E)
    assert s.fig[SMUG] == P(0, 2)


@pytest.mark.rule("AH-A.9", "AH-5.17")
def test_sea_witch_works_even_when_exploring_is_impossible() -> None:
    s = arena()
    s.supply = []
    give_crew(s, SMUG, "sea_witch")
    smuggler_turn(s, 3, 4, at=(3, 2))
    place(s, SMUG, "sail", 3)
    assert E not in dirs(s)
    assert [a["dir"] for a in options(s, "witch")] == [E]
    act(s, "witch", dir=E)
    assert s.fig[SMUG] == P(0, 2)


@pytest.mark.rule("AH-A.9", "AH-5.25", "AH-5.27", "AH-A.n2")
def test_sea_witch_relocation_is_a_move_onto_the_space() -> None:
    """AH-GAP-6, AH-A.n2: the Witch *relocates* (přesunout); the relocation triggers terrain
    and anchoring like a Tailwind."""
    s = arena(["I..I", "....", "W...", "I..I"])
    give_crew(s, SMUG, "sea_witch")
    gold = s.gold[SMUG]
    smuggler_turn(s, 3, 4, at=(3, 2))
    place(s, SMUG, "sail", 3)
    act(s, "witch", dir=E)
    assert s.fig[SMUG] == P(0, 2)
    take_hits(s)
    assert len(s.damage[SMUG]) == 1 and s.gold[SMUG] == gold + 1


# ---------------------------------------------------------------------------- Order
def fleet_order(s: AhoyState) -> None:
    hand(s, s.fleet, 3, 4)
    start_turn(s, s.fleet)
    place(s, s.fleet, "order", 3)


@pytest.mark.rule("AH-6.1.2")
def test_order_moves_up_to_four_different_patrols_one_space_each() -> None:
    s = arena(n=2)
    put(s, s.fleet, 3, 3)
    patrols = [patrol(s, x, 1) for x in range(4)] + [patrol(s, 1, 2)]
    fleet_order(s)
    assert kind(s) == "order"
    assert {a["fig"] for a in options(s, "patrol")} == set(patrols)
    for p in patrols[:4]:
        start = s.fig[p]
        act(s, "patrol", fig=p, dir=N)
        assert s.fig[p] == start + DELTA[N]  # one space
        assert p not in {a["fig"] for a in options(s, "patrol")}  # once each
    assert kind(s) == "turn"  # after four patrols the Order is over
    assert s.fig[patrols[4]] == P(1, 2)


@pytest.mark.rule("AH-6.1.2")
def test_order_may_stop_early() -> None:
    s = arena(n=2)
    put(s, s.fleet, 3, 3)
    a, b = patrol(s, 1, 1), patrol(s, 2, 2)
    fleet_order(s)
    act(s, "patrol", fig=a, dir=E)
    act(s, "done")
    assert (s.fig[a], s.fig[b]) == (P(2, 1), P(2, 2)) and kind(s) == "turn"


@pytest.mark.rule("AH-6.1.2", "AH-5.11")
def test_order_patrols_respect_sandbars() -> None:
    s = arena(n=2, bars=[((1, 1), E)])
    put(s, s.fleet, 3, 3)
    a = patrol(s, 1, 1)
    patrol(s, 2, 2)
    fleet_order(s)
    assert sorted(o["dir"] for o in options(s, "patrol") if o["fig"] == a) == [N, S, W]


@pytest.mark.rule("AH-6.1.2", "AH-6.1.3", "AH-5.20")
def test_order_patrols_battle_and_the_order_goes_on() -> None:
    s = arena(n=2)
    fleet, union = s.fleet, s.union
    put(s, fleet, 3, 3)
    put(s, union, 2, 1)
    load(s, fleet)
    a, b = patrol(s, 1, 1), patrol(s, 0, 2)
    fleet_order(s)
    dice(s, 6, 1)
    act(s, "patrol", fig=a, dir=E)
    assert len(events(s, "battle")) == 1 and events(s, "battle")[0]["attacker"] == a
    act(s, "keep")  # the Fleet's Cannons die
    act(s, "reward", what="hit2")
    take_hits(s)
    assert len(s.damage[union]) == 2
    assert kind(s) == "order"  # the battle did not end the Order
    act(s, "patrol", fig=b, dir=E)
    assert s.fig[b] == P(1, 2) and kind(s) == "turn"


@pytest.mark.rule("AH-6.1.2", "AH-5.16")
def test_order_patrols_explore_and_the_order_goes_on() -> None:
    s = arena(n=2)
    put(s, s.fleet, 3, 3)
    on_top(s, 7)
    a, b = patrol(s, 3, 1), patrol(s, 1, 2)
    fleet_order(s)
    act(s, "patrol", fig=a, dir=E)
    assert kind(s) == "explore" and s.current_player() == s.fleet
    act(s, "tile", origin=P(4, 1), rot=0)
    assert s.fig[a] == P(4, 1) and len(s.placed) == 5
    assert kind(s) == "order"
    act(s, "patrol", fig=b, dir=E)
    assert s.fig[b] == P(2, 2)


# ---------------------------------------------------------------------------- Persuasive Officer
def officer_turn(s: AhoyState, seat: int) -> None:
    give_crew(s, seat, "officer")
    hand(s, seat, 3, 4)
    start_turn(s, seat)
    place_on(s, crew_spot(s, "officer"), 3)


@pytest.mark.rule("AH-A.19", "AH-GAP-10")
def test_persuasive_officer_moves_up_to_two_fleet_patrols_one_or_two_spaces() -> None:
    """Held by the Union, it moves the Fleet's patrols."""
    s = arena(n=2)
    put(s, s.union, 3, 3)
    put(s, s.fleet, 3, 0)
    a, b, c = patrol(s, 1, 1), patrol(s, 2, 2), patrol(s, 1, 2)
    officer_turn(s, s.union)
    assert kind(s) == "officer" and s.current_player() == s.union
    act(s, "move_patrol", fig=a)
    assert count_steps(s) == 2
    assert kind(s) == "officer"
    act(s, "move_patrol", fig=b)
    act(s, "step", dir=N)
    act(s, "stop")
    assert s.fig[b] == P(2, 1)
    assert kind(s) == "turn"  # two patrols: done
    assert s.fig[c] == P(1, 2)


@pytest.mark.rule("AH-A.19")
def test_persuasive_officer_patrols_ignore_battles() -> None:
    s = arena(n=2)
    fleet, union = s.fleet, s.union
    put(s, fleet, 3, 0)
    put(s, union, 2, 1)
    load(s, union, 3)
    load(s, fleet, 6)
    a = patrol(s, 1, 1)
    officer_turn(s, fleet)
    act(s, "move_patrol", fig=a)
    act(s, "step", dir=E)
    assert s.fig[a] == P(2, 1)
    assert events(s, "battle") == []
    assert kind(s) == "step"  # no battle, so the patrol may go on


@pytest.mark.rule("AH-A.19", "AH-GAP-10", "AH-5.16")
def test_persuasive_officer_patrols_do_not_explore() -> None:
    s = arena(n=2)
    put(s, s.fleet, 0, 0)
    a = patrol(s, 3, 1)
    officer_turn(s, s.fleet)
    act(s, "move_patrol", fig=a)
    assert dirs(s) == [N, S, W]  # not east, off the map


# ---------------------------------------------------------------------------- more anchoring
@pytest.mark.rule("AH-5.13", "AH-5.16", "AH-5.25")
def test_a_ship_that_explores_anchors_on_the_new_space_and_uses_its_harbor() -> None:
    """Skullrock Anchorage turned three quarters puts its harbor in the top-left corner."""
    s = arena(["I...", "...I"])
    on_top(s, 7)
    s.damage[SMUG] = [spot(s, SMUG, "negotiation")]
    smuggler_turn(s, 3, 4, at=(3, 1))
    place(s, SMUG, "sail", 3)
    act(s, "step", dir=E)
    act(s, "tile", origin=P(4, 1), rot=3)
    assert s.cells[P(4, 1)].terrain == "harbor" and s.fig[SMUG] == P(4, 1)
    assert kind(s) == "harbor"
    act(s, "harbor_repair")
    act(s, "fix", spot=spot(s, SMUG, "negotiation"))
    assert s.damage[SMUG] == []


@pytest.mark.rule("AH-5.8", "AH-5.25", "AH-5.12")
def test_tailwind_arrival_triggers_the_current_and_the_wreck() -> None:
    """AH-GAP-6: Tailwind is a MOVE, so the terrain it lands on acts."""
    s = arena(["I..I", ".>W.", "....", "I..I"], tailwind={(1, 1): 3})
    smuggler_turn(s, 3, 4, at=(0, 2))
    place(s, SMUG, "tailwind", 3)
    act(s, "goto", at=P(1, 1))
    assert s.fig[SMUG] == P(2, 1)  # the current pushed it onto the wreck
    assert kind(s) == "hit"
    take_hits(s)
    assert len(s.damage[SMUG]) == 1
