"""Shipyard's observation tensor (``games/shipyard/ai/tensor.py``): fixed size, nothing hidden,
seat-relative, and the numbers where the layout says they are. Segments are looked up by name
through ``game.tensor_layout``, never by offset."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from conformance import check_tensor
from tabletide import load_game
from tabletide.engine import Segment
from tabletide.games.shipyard import building, track, turn, voyage
from tabletide.games.shipyard.ai import tensor
from tabletide.games.shipyard.constants import (
    CAPTAIN,
    EMPTY,
    ITEM_INDEX,
    ITEMS,
    MIDDLE,
    STERN,
    SUBSTITUTE,
)
from tabletide.games.shipyard.content import SYMBOLS, Canal
from tabletide.games.shipyard.state import ShipyardState
from tabletide.games.shipyard.voyage import Ship

from .helpers import kind, new, play_out, play_until

GAME = load_game("shipyard")

# Stand-in ids (content/parts.json, content/employees.json).
A_BOW = 0  # bow 0: 1 cannon mount, 1 lantern
A_STERN = 84  # stern 84: 1 propeller mount, 1 lifeboat
REC_CAPTAIN = 4
CELLS = 9

PER_SEAT = (
    "coins",
    "vp",
    "supply",
    "figures",
    "next_to_front",
    "first_turns_left",
    "turns_taken",
    "shipyard_parts",
    "shipyard_features",
    "employees",
    "wagons",
    "contracts_held",
    "fleet",
    "canal_system",
)
RELATIVE_ONE_HOTS = ("decider", "starting_player")


# ---------------------------------------------------------------------------- helpers
def layout(n: int) -> dict[str, Segment]:
    return {seg.name: seg for seg in GAME.tensor_layout(n)}


def segment(state: ShipyardState, seat: int, name: str) -> list[float]:
    """The values of segment ``name`` in ``seat``'s tensor."""
    seg = layout(state.num_players)[name]
    values = GAME.observation_tensor(state, seat)
    return values[seg.start : seg.start + seg.size]


def block(values: list[float], k: int, n: int) -> list[float]:
    """Relative seat ``k``'s block of a per-seat segment."""
    size = len(values) // n
    return values[k * size : (k + 1) * size]


def one_hot_index(values: list[float]) -> int | None:
    hot = [i for i, v in enumerate(values) if v]
    assert len(hot) <= 1 and all(values[i] == 1.0 for i in hot), values
    return hot[0] if hot else None


def mid_game(n: int, seed: int, steps: int = 60) -> ShipyardState:
    state = new(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def lay_fork_and_straight(s: ShipyardState) -> None:
    """Seat 0's canals: a fork at (0, 0) whose north end holds a military space and whose east
    end a Blue Riband, joined east to a blank straight card at (1, 0). The boat sits on the
    fork's west end with its stern outside (as after the first rental)."""
    base = len(s.content.canals)
    fork = Canal(id=base, shape="fork", spaces=("none", "none", "military", "riband"))
    blank = Canal(id=base + 1, shape="straight", spaces=("none", "none", "none"))
    s.content = s.content.model_copy(update={"canals": (*s.content.canals, fork, blank)})
    s.canals[0] = {(0, 0): (base, 0), (1, 0): (base + 1, 0)}
    s.boat[0] = (0, 0, 0, -1, 0, -1)


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize("first_game", [False, True])
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_conformance_over_random_games(num_players: int, first_game: bool) -> None:
    """Fixed size, finite, state untouched, identical on every determinization."""
    check_tensor("shipyard", num_players, seeds=range(3), options={"first_game": first_game})


def test_size_depends_on_the_player_count_not_the_first_game_option() -> None:
    sizes = {n: GAME.tensor_size(n) for n in (2, 3, 4)}
    assert len(set(sizes.values())) == 3
    for n, size in sizes.items():
        assert GAME.tensor_size(n, {"first_game": True}) == size
        segs = GAME.tensor_layout(n)
        assert sum(s.size for s in segs) == size
        assert len({s.name for s in segs}) == len(segs)
        assert all(s.meaning for s in segs)
        for name in PER_SEAT:
            assert layout(n)[name].size % n == 0, name
    # one more seat adds exactly one more block to every per-seat segment
    two, three = layout(2), layout(3)
    for name in PER_SEAT:
        assert three[name].size // 3 == two[name].size // 2, name


def test_the_decision_one_hot_covers_every_decision_kind() -> None:
    assert sorted(tensor.DECISIONS) == sorted(ShipyardState.LEGAL)


def test_no_part_exceeds_the_feature_scale() -> None:
    """Part features are scaled by FEATURE_MAX, which must be the content's maximum."""
    t = tensor.tables(new(2).content)
    worst = max(max(Counter(f).values(), default=0) for f in t.part_features.values())
    assert worst == tensor.FEATURE_MAX


def test_values_stay_within_zero_and_one_in_random_games() -> None:
    for n in (2, 4):
        state = new(n, 11)
        rng = random.Random(11)
        while True:
            for seat in range(n):
                values = GAME.observation_tensor(state, seat)
                assert min(values) >= 0.0 and max(values) <= 1.0
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------------- hand-checked
def test_scores_and_coins_start_with_the_observer() -> None:
    s = new(3, 0)
    s.vp[:] = [10, 20, 30]
    s.coins[:] = [3, 6, 9]
    assert segment(s, 1, "vp") == pytest.approx([0.2, 0.3, 0.1])
    assert segment(s, 1, "coins") == pytest.approx([6 / 30, 9 / 30, 3 / 30])
    assert segment(s, 2, "vp") == pytest.approx([0.3, 0.1, 0.2])


def test_the_pending_decision_and_its_seat_are_one_hot_and_relative() -> None:
    s = new(4, 3)
    assert kind(s) == "choose_tile"
    decider = s.current_player()
    for seat in range(4):
        assert one_hot_index(segment(s, seat, "decision")) == tensor.DECISIONS.index("choose_tile")
        assert one_hot_index(segment(s, seat, "decider")) == (decider - seat) % 4
        assert one_hot_index(segment(s, seat, "starting_player")) == (s.start - seat) % 4
    assert one_hot_index(segment(s, 0, "round_marker")) == 4  # SY-3.2 step 11


def test_only_my_own_contracts_are_encoded() -> None:
    s = new(3, 5)
    for seat in range(3):
        mine = segment(s, seat, "my_contracts")
        assert [i for i, v in enumerate(mine) if v] == sorted(s.contracts[seat])
        assert segment(s, seat, "contracts_held") == pytest.approx([1.0, 1.0, 1.0])


def test_supply_shipyard_and_employees_land_in_the_owners_block() -> None:
    s = new(3, 0)
    s.supply[2][ITEM_INDEX["captain"]] = 3
    s.row[2][4] = A_BOW
    s.row[2][8] = SUBSTITUTE + STERN
    s.employees[2].append(REC_CAPTAIN)
    # Seen from seat 0, seat 2 is relative seat 2; seen from seat 1 it is relative seat 1.
    for observer, k in ((0, 2), (1, 1)):
        supply = block(segment(s, observer, "supply"), k, 3)
        assert supply[ITEM_INDEX["captain"]] == pytest.approx(3 / tensor.SUPPLY_MAX)
        parts = block(segment(s, observer, "shipyard_parts"), k, 3)
        cell4 = parts[4 * tensor.CELL_KINDS : 5 * tensor.CELL_KINDS]
        cell8 = parts[8 * tensor.CELL_KINDS : 9 * tensor.CELL_KINDS]
        assert cell4 == [1.0, 0.0, 0.0, 0.0]  # a real bow
        assert cell8 == [0.0, 0.0, 1.0, 1.0]  # a substitute stern
        assert sum(parts) == 3.0
        feats = block(segment(s, observer, "shipyard_features"), k, 3)
        cell4f = dict(zip(tensor.FEATURES, feats[4 * tensor.NF : 5 * tensor.NF], strict=True))
        assert cell4f["cannon mounts"] == 0.5 and cell4f["lanterns"] == 0.5
        assert sum(feats) == 1.0
        hired = block(segment(s, observer, "employees"), k, 3)
        assert [i for i, v in enumerate(hired) if v] == [REC_CAPTAIN]
    mine = block(segment(s, 0, "shipyard_parts"), 0, 3)
    assert sum(mine) == 0.0


def test_a_finished_ship_shows_in_the_fleet_summary() -> None:
    s = new(2, 0)
    items = [0] * len(ITEMS)
    items[CAPTAIN] = 2
    s.fleet[1].append(Ship((A_BOW, 20, 21, 22, A_STERN), tuple(items)))
    fleet = dict(
        zip(
            (name for name, _ in tensor.FLEET_STATS),
            block(segment(s, 0, "fleet"), 1, 2),
            strict=True,
        )
    )
    assert fleet["ships"] == pytest.approx(1 / 8)
    assert fleet["parts"] == pytest.approx(5 / 40)
    assert fleet["captains"] == pytest.approx(2 / 12)
    assert fleet["ships of 5 parts"] == pytest.approx(1 / 4)
    assert fleet["captains beyond the first, over all ships"] == pytest.approx(1 / 4)
    assert fleet["lanterns"] == pytest.approx(1 / 12)  # from bow 0
    assert fleet["lifeboats"] == pytest.approx(1 / 12)  # from stern 84
    assert sum(block(segment(s, 0, "fleet"), 0, 2)) == 0.0


def test_menu_decision_shows_the_chosen_tile() -> None:
    s = play_until(new(3, 2), lambda st: kind(st) == "menu", rng_seed=2)
    seat = s.current_player()
    chosen = s.stack[-1].record(turn.Menu).tile
    menu = segment(s, seat, "menu")
    assert one_hot_index(menu[3:]) == chosen
    assert menu[0] == float(s.stack[-1].record(turn.Menu).main_done)  # main action done
    assert one_hot_index(segment(s, seat, "decision")) == tensor.DECISIONS.index("menu")


def test_place_decision_shows_the_part_in_hand() -> None:
    s = play_until(new(2, 4), lambda st: kind(st) == "place", rng_seed=4)
    code = s.stack[-1].record(building.Place).part
    part = segment(s, 0, "part_to_place")
    if code >= SUBSTITUTE:
        assert part[code - SUBSTITUTE] == 1.0 and part[3] == 1.0
    else:
        ptype = ("bow", "middle", "stern").index(s.content.parts[code].type)
        assert one_hot_index(part) == ptype
    assert segment(s, 1, "part_to_place") == part  # public: the part came from the offer


def test_route_decision_canal_window_and_longest_voyage() -> None:
    s = new(2, 0)
    s.stack.clear()
    lay_fork_and_straight(s)
    # West end -> fork centre -> east end -> straight card: 5 moves at most (SY-6.9.3).
    assert block(segment(s, 0, "canal_system"), 0, 2)[3] == pytest.approx(5 / tensor.VOYAGE_MAX)
    items = [0] * len(ITEMS)
    items[CAPTAIN] = 1
    s.ship = Ship((A_BOW, 20, A_STERN), tuple(items))
    s.push_record("route", 0, voyage.Route(2, 0, 0, voyage.ship_base_score(s.ship.items, 2)))
    s.advance()  # the first move has one way only; at the fork centre the player chooses
    assert kind(s) == "route"
    assert segment(s, 0, "voyage")[:2] == pytest.approx([2 / tensor.VOYAGE_MAX, 1 / 15])
    options = segment(s, 0, "route_options")
    slot = tensor.ROUTE_SLOT
    north, east = options[:slot], options[slot : 2 * slot]
    assert one_hot_index(north) == SYMBOLS.index("military")
    assert one_hot_index(east) == SYMBOLS.index("riband")
    assert sum(options) == 2.0  # two options, both on the same card
    assert segment(s, 1, "route_options") == options  # the route is public
    # From the centre: east end, then the straight card's three spaces.
    assert block(segment(s, 0, "canal_system"), 0, 2)[3] == pytest.approx(4 / tensor.VOYAGE_MAX)
    assert block(segment(s, 1, "canal_system"), 1, 2)[3] == pytest.approx(4 / tensor.VOYAGE_MAX)
    grid = segment(s, 0, "my_canal_grid")
    centre = (tensor.WINDOW * tensor.WINDOW_SIDE + tensor.WINDOW) * tensor.GRID_CELL
    east_cell = centre + tensor.GRID_CELL
    fork, straight = tensor.SHAPE_NAMES.index("fork"), tensor.SHAPE_NAMES.index("straight")
    rotation0 = len(tensor.SHAPE_NAMES)
    assert grid[centre + fork] == grid[centre + rotation0] == 1.0
    assert grid[east_cell + straight] == grid[east_cell + rotation0] == 1.0
    assert sum(grid) == 4.0
    # On space 1 of its card, having come from another space of the same card.
    assert segment(s, 0, "my_boat") == [0.0, 1.0, 0, 0, 0, 0, 0, 0, 1.0]
    assert sum(segment(s, 1, "my_canal_grid")) == 0.0  # seat 1 has no canals of its own


def test_the_end_of_the_game_is_flagged_and_no_decision_is_pending() -> None:
    s = play_out(new(2, 1), rng_seed=1)
    assert segment(s, 0, "flags")[0] == 1.0
    assert sum(segment(s, 0, "decision")) == 0.0
    assert sum(segment(s, 1, "decider")) == 0.0


# ---------------------------------------------------------------------------- seat-relative
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_two_observers_see_the_per_seat_blocks_rotated(num_players: int) -> None:
    n = num_players
    s = mid_game(n, 7 + n, steps=80)
    for a, b in ((0, 1), (1, n - 1)):
        for name in PER_SEAT:
            seen_a, seen_b = segment(s, a, name), segment(s, b, name)
            for k in range(n):
                j = (a + k - b) % n  # the same seat, relative to b
                assert block(seen_a, k, n) == block(seen_b, j, n), (name, a, b, k)
        for name in RELATIVE_ONE_HOTS:
            ia, ib = one_hot_index(segment(s, a, name)), one_hot_index(segment(s, b, name))
            assert ia is not None and ib is not None
            assert (a + ia) % n == (b + ib) % n, name


# ---------------------------------------------------------------------------- hidden and public
def test_hidden_facts_leave_the_tensor_alone_and_own_secrets_do_not() -> None:
    s = mid_game(3, 4, steps=30)
    before = [GAME.observation_tensor(s, seat) for seat in range(3)]
    # Swap one of seat 1's contracts with a boxed one of the same colour; reverse every deck.
    cards = s.content.contracts
    mine = s.contracts[1][0]
    boxed = next(i for i in s.contract_box if cards[i].colour == cards[mine].colour)
    s.contracts[1] = sorted([boxed, *s.contracts[1][1:]])
    s.contract_box = [mine if i == boxed else i for i in s.contract_box]
    for deck in (*s.part_decks, s.wagon_deck, s.canal_deck):
        deck.reverse()
    assert GAME.observation_tensor(s, 0) == before[0]
    assert GAME.observation_tensor(s, 2) == before[2]
    assert GAME.observation_tensor(s, 1) != before[1]  # seat 1 knows its own contracts


def test_public_facts_change_the_tensor() -> None:
    s = mid_game(4, 9, steps=40)
    base = GAME.observation_tensor(s, 0)
    # An opponent's shipyard gains a middle part: every seat may see it.
    cell = s.row[2].index(EMPTY)
    s.row[2][cell] = SUBSTITUTE + MIDDLE
    changed = GAME.observation_tensor(s, 0)
    assert changed != base
    parts = block(segment(s, 0, "shipyard_parts"), 2, 4)
    assert parts[cell * tensor.CELL_KINDS + MIDDLE] == 1.0
    s.row[2][cell] = EMPTY
    assert GAME.observation_tensor(s, 0) == base
    # The employee pointer moves: what is one step away changes.
    s.oval_ptr = (s.oval_ptr + 1) % s.content.board.oval_spaces
    assert GAME.observation_tensor(s, 0) != base
    pointers = segment(s, 0, "pointers")
    assert one_hot_index(pointers[-s.content.board.oval_spaces :]) == s.oval_ptr


def test_the_tile_income_follows_the_rules_income() -> None:
    """SY-4.10/4.11: the income segment is the coins each free tile would pay now."""
    s = mid_game(3, 2, steps=25)
    income = segment(s, 0, "tile_income")
    occupied = track.occupied(s)
    for tile in s.tiles:
        want = 0 if tile in occupied else track.income(s, tile)
        assert income[tile] == pytest.approx(want / tensor.INCOME_MAX)
    assert one_hot_index(segment(s, 0, "tile_leading")) == s.lead
    assert sorted(i for i, v in enumerate(segment(s, 0, "tile_in_play")) if v) == sorted(s.tiles)
