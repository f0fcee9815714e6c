"""The observation tensor of Tiny Epic Pirates: the conformance check on random playouts
(fixed size, nothing hidden encoded), hand-built positions whose numbers land in the named
segments, seat-relative order, and public facts that must change the tensor."""

from __future__ import annotations

import pytest

from conformance import check_tensor
from tabletide.engine import Segment
from tabletide.games.tiny_epic_pirates.combat import MERCHANT, Fight, Volley
from tabletide.games.tiny_epic_pirates.constants import (
    CUBES_PER_TYPE,
    MAX_CARGO,
    MAX_GOLD,
    MAX_VOLLEY,
    TREASURES,
)
from tabletide.games.tiny_epic_pirates.content import LOOT, ORDERS
from tabletide.games.tiny_epic_pirates.economy import Cargo
from tabletide.games.tiny_epic_pirates.helm import Pay
from tabletide.games.tiny_epic_pirates.state import PROMPTS, PiratesState

from .helpers import GAME, cubes, decision, new, put

SEATS = {1: {"solo": True}, 2: None, 3: None, 4: None}


# ---------------------------------------------------------------------------- helpers
def layout(s: PiratesState) -> dict[str, Segment]:
    return {seg.name: seg for seg in GAME.tensor_layout(s.num_players, s.options)}


def segment(s: PiratesState, seat: int, name: str) -> list[float]:
    seg = layout(s)[name]
    return GAME.observation_tensor(s, seat)[seg.start : seg.start + seg.size]


def per_ship(s: PiratesState, seat: int, name: str) -> list[list[float]]:
    """A per-ship segment cut into one chunk per ship (observer first)."""
    values = segment(s, seat, name)
    width = len(values) // s.ships
    return [values[i * width : (i + 1) * width] for i in range(s.ships)]


def changed(a: list[float], b: list[float], s: PiratesState) -> set[str]:
    """The names of the segments where two tensors of ``s``'s shape differ."""
    return {
        seg.name
        for seg in layout(s).values()
        if a[seg.start : seg.start + seg.size] != b[seg.start : seg.start + seg.size]
    }


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize(
    ("num_players", "seeds", "every"),
    [(1, range(6), 3), (2, range(3), 5), (3, range(2), 7), (4, range(2), 9)],
)
def test_conformance_on_random_games(num_players: int, seeds: range, every: int) -> None:
    check_tensor("tiny_epic_pirates", num_players, seeds, SEATS[num_players], every=every)


def test_the_size_is_fixed_per_player_count_and_solo_adds_its_sheets() -> None:
    sizes = {n: GAME.tensor_size(n, opts) for n, opts in SEATS.items()}
    assert sizes[2] < sizes[3] < sizes[4]
    for n, opts in SEATS.items():
        names = [seg.name for seg in GAME.tensor_layout(n, opts)]
        assert len(names) == len(set(names))
        assert ("lp_bridge" in names) == (n == 1)
        for seed in (1, 5):
            assert len(GAME.observation_tensor(GAME.new_state(n, seed, opts), 0)) == sizes[n]


def test_every_decision_kind_has_its_bit() -> None:
    s = new(2)
    assert layout(s)["decision"].size == len(PiratesState.LEGAL) == len(PROMPTS)


# ---------------------------------------------------------------------------- hand-checked
def test_gold_cargo_treasures_and_crew_land_in_the_observers_slot_first() -> None:
    s = new(3)
    s.gold[:3] = [5, 9, 13]
    s.buried[:3] = [0, 2, 1]
    s.cargo[1] = cubes("rum", "rum", "coffee")
    s.crew[2] = [7]
    assert segment(s, 1, "ship_gold") == pytest.approx([9 / MAX_GOLD, 13 / MAX_GOLD, 5 / MAX_GOLD])
    assert segment(s, 0, "ship_buried") == pytest.approx([0, 2 / TREASURES, 1 / TREASURES])
    mine = per_ship(s, 1, "ship_cargo")[0]
    assert mine[LOOT.index("rum")] == pytest.approx(2 / MAX_CARGO)
    assert mine[LOOT.index("coffee")] == pytest.approx(1 / MAX_CARGO)
    assert sum(mine) == pytest.approx(1.0)
    crew_from_0 = per_ship(s, 0, "ship_crew")
    assert crew_from_0[2][7] == 1.0 and sum(map(sum, crew_from_0)) == 1.0
    assert per_ship(s, 2, "ship_crew")[0][7] == 1.0  # seat 2 sees its own card first


def test_tokens_infamy_position_and_hiding() -> None:
    s = new(2)
    s.volley[1] = 2
    s.kept[1] = ["storm"]
    s.infamy[1] = 3
    put(s, 1, 9, hidden=True)
    ships = {name: per_ship(s, 0, name)[1] for name in ("ship_tokens", "ship_infamy", "ship_at")}
    assert ships["ship_tokens"] == pytest.approx([2 / MAX_VOLLEY, 0, 1 / MAX_VOLLEY])
    assert ships["ship_infamy"].index(1.0) == 3 and sum(ships["ship_infamy"]) == 1.0
    assert ships["ship_at"].index(1.0) == 9 and sum(ships["ship_at"]) == 1.0
    assert segment(s, 0, "ship_hidden") == [float(s.hidden[0]), 1.0]


def test_the_pending_decision_and_its_data() -> None:
    s = new(2)
    helm = list(PROMPTS).index("helm")
    for seat in (0, 1):
        assert segment(s, seat, "decision").index(1.0) == helm
    assert segment(s, 0, "decider") == [1.0, 0.0]
    assert segment(s, 1, "decider") == [0.0, 1.0]
    decision(s, "cargo", 1, Cargo(1, LOOT.index("coffee")))
    assert segment(s, 0, "decision").index(1.0) == list(PROMPTS).index("cargo")
    assert segment(s, 0, "pending_loot") == [0, 0, 0, 1]
    assert segment(s, 0, "pending_ship") == [0.0, 1.0]
    assert segment(s, 1, "pending_ship") == [1.0, 0.0]
    decision(s, "pay", 0, Pay(4))
    assert segment(s, 0, "pending_space").index(1.0) == 4


def test_a_battle_shows_dice_sides_and_damage() -> None:
    s = new(2)
    s.fight = Fight(1, MERCHANT, 1, dice=[6, 2], fixed=[False, True])
    decision(s, "volley", 1, Volley(1))
    dice = segment(s, 0, "fight_dice")
    assert dice[5] == 1.0 and dice[6 + 1] == 1.0 and sum(dice) == 2.0
    assert segment(s, 0, "fight_fixed") == [0.0, 1.0, 0.0]
    assert segment(s, 0, "fight_attacker") == [0.0, 1.0]
    assert segment(s, 1, "fight_attacker") == [1.0, 0.0]
    assert segment(s, 0, "fight_merchant") == [0.0, 1.0]
    assert segment(s, 0, "fight_defender") == [0.0, 0.0]
    to_beat = s.content.merchants[s.merchant_slot[1]].damage
    assert segment(s, 0, "fight_damage")[1] * 15 == pytest.approx(to_beat)


def test_market_bag_and_crew_row() -> None:
    s = new(2)
    s.market = [LOOT.index(t) for t in ("coffee", "sugar", "rum", "gunpowder")]
    s.bag = [9, 0, 3, 9]
    market = segment(s, 0, "market")
    assert market[0 * 4 + LOOT.index("coffee")] == 1.0  # coffee sells for 5
    assert market[3 * 4 + LOOT.index("gunpowder")] == 1.0  # gunpowder for 2
    assert sum(market) == 4.0
    assert segment(s, 0, "bag") == pytest.approx([n / (CUBES_PER_TYPE - 1) for n in s.bag])
    row = segment(s, 1, "crew_row")
    width = len(s.content.crew)
    assert [row[i * width : (i + 1) * width].index(1.0) for i in range(3)] == s.crew_row


def test_solo_encodes_the_legendary_pirate_as_the_next_ship() -> None:
    s = new(1)
    assert s.ships == 2 and s.lp == 1
    flags = per_ship(s, 0, "ship_flags")
    assert flags[1][3] == 1.0 and flags[0][3] == 0.0
    assert segment(s, 0, "lp_bridge").index(1.0) == s.lp_bridge_id
    assert segment(s, 0, "lp_sheet").index(1.0) == s.lp_sheet_id
    s.gold[s.lp] = 4
    top = s.lp_sheet().gold_track
    assert segment(s, 0, "lp_gold")[0] == pytest.approx(4 / top)
    assert per_ship(s, 0, "ship_at")[1].index(1.0) == s.at[s.lp]
    assert sum(per_ship(s, 0, "ship_captain")[1]) == 0.0  # it has no captain card
    s.lp_order = "attack"
    assert segment(s, 0, "lp_order").index(1.0) == ORDERS.index("attack")


# ---------------------------------------------------------------------------- relative order
def test_two_seats_see_the_per_ship_segments_rotated() -> None:
    s = new(3, seed=4)
    s.gold[:3] = [2, 7, 11]
    s.cargo[2] = cubes("sugar")
    s.crew[0] = [3, 8]
    s.infamy[1] = 2
    for name in [n for n in layout(s) if n.startswith("ship_")]:
        from_0, from_1 = per_ship(s, 0, name), per_ship(s, 1, name)
        assert from_1 == [from_0[(j + 1) % 3] for j in range(3)], name
    assert segment(s, 0, "active") == [1.0, 0.0, 0.0]
    assert segment(s, 1, "active") == [0.0, 0.0, 1.0]


def test_a_buried_treasure_is_marked_with_its_owner_relative_to_the_observer() -> None:
    s = new(2)
    p = next(p for p in range(16) if s.burial[p])
    s.burial[p][0] = 1
    spots = layout(s)["sea_burial_cost"].size // 16
    at = (spots * p + 0) * 2
    assert segment(s, 0, "sea_burial_owner")[at : at + 2] == [0.0, 1.0]
    assert segment(s, 1, "sea_burial_owner")[at : at + 2] == [1.0, 0.0]


# ---------------------------------------------------------------------------- informative
def test_public_facts_change_the_tensor_where_expected() -> None:
    s = new(2, seed=3)
    before = GAME.observation_tensor(s, 0)
    moved = s.clone()
    moved.navy = next(p for p in range(16) if p != s.navy)
    assert changed(before, GAME.observation_tensor(moved, 0), s) == {"navy"}
    searched = s.clone()
    p = next(p for p in range(16) if s.search[p] >= 0)
    searched.search[p] = -1
    assert changed(before, GAME.observation_tensor(searched, 0), s) == {"sea_search"}
    loaded = s.clone()
    loaded.merchant_cube[0] = (s.merchant_cube[0] + 1) % len(LOOT)
    assert changed(before, GAME.observation_tensor(loaded, 0), s) == {"merchant_loot"}


def test_hidden_facts_do_not_change_the_tensor() -> None:
    """The kinds of face-down search tokens and the deck orders are hidden from everyone."""
    s = new(2, seed=2)
    twin = s.clone()
    kinds = [p for p in range(16) if s.search[p] >= 0]
    different = next(p for p in kinds if s.search[p] != s.search[kinds[0]])
    twin.search[kinds[0]], twin.search[different] = s.search[different], s.search[kinds[0]]
    twin.crew_deck.reverse()
    twin.token_box = sorted(twin.token_box, reverse=True)
    for seat in (0, 1):
        assert GAME.observation_tensor(twin, seat) == GAME.observation_tensor(s, seat)


def test_writing_the_tensor_twice_gives_the_same_values_and_values_stay_scaled() -> None:
    s = new(4, seed=6)
    first = GAME.observation_tensor(s, 2)
    assert GAME.observation_tensor(s, 2) == first
    assert all(0.0 <= x <= 1.0 for x in first)
