"""Ahoy's observation tensor (``games/ahoy/ai/tensor.py``): the engine's conformance check, numbers
that land where the layout says in hand-built positions, seat-relative order, secrets that stay
with their owner, public facts that show, and agreement with ``state.observation``.

Segments are always looked up by name through ``GAME.tensor_layout``, never by offset."""

from __future__ import annotations

from functools import cache

import pytest

from conformance import check_tensor
from tabletide.engine import Rng, Segment, TensorWriter
from tabletide.games.ahoy.actions import Count
from tabletide.games.ahoy.ai import tensor
from tabletide.games.ahoy.ai.tensor import GRID, PURPOSES, REACH, MapStatic
from tabletide.games.ahoy.battle import BattleSide, Buccaneer, Ram
from tabletide.games.ahoy.cards import Favor, Goto, PayDie
from tabletide.games.ahoy.constants import ORIGIN, WIDTH
from tabletide.games.ahoy.content import PLAN_KEYS, SYMBOLS
from tabletide.games.ahoy.state import AhoyState

from .helpers import (
    GAME,
    E,
    S,
    act,
    card_of,
    clear_figures,
    dice,
    give_crew,
    hand,
    kind,
    new,
    patrol,
    put,
    sea,
    spot,
    start_turn,
)

FLEET, SMUGGLER, UNION, SMUGGLER2 = 0, 1, 2, 3
ROWS = ["I..I", "....", "I..I", "...."]
ROW_SYMBOLS = ("skull", "fish", "shell", "star")
"""Four regions, 0 to 3 in reading order, with islands at (0,0), (3,0), (0,2) and (3,2)."""
PER_SEAT = (
    "first_player",
    "active_player",
    "decision_seat",
    "decision_victim",
    "faction",
    "fame",
    "gold",
    "dice_in_hand",
    "spot_die",
    "cannons_second_die",
    "spot_damaged",
    "crew",
    "cargo",
    "delivered",
    "reward_white",
    "reward_black",
    "battle_attacker",
    "battle_defender_seat",
    "map_flagships",
)
"""Segments made of one equal block per seat, the observer's first."""


# ---------------------------------------------------------------------------- helpers
@cache
def segments(n: int) -> dict[str, Segment]:
    return {g.name: g for g in GAME.tensor_layout(n)}


def part(state: AhoyState, seat: int, name: str) -> list[float]:
    """The values of one segment of ``seat``'s tensor."""
    g = segments(state.num_players)[name]
    return GAME.observation_tensor(state, seat)[g.start : g.start + g.size]


def blocks(values: list[float], n: int) -> list[list[float]]:
    size = len(values) // n
    return [values[k * size : (k + 1) * size] for k in range(n)]


def cell(x: int, y: int) -> int:
    """The grid cell of P(x, y) on a map whose north-west space is P(0, 0)."""
    return y * GRID + x


def arena(n: int = 3) -> AhoyState:
    """A game on ROWS with no figure on the map, no dice placed, no plans in the Union's hand
    and 1 gold each."""
    s = new(n)
    sea(s, ROWS, symbols=" ".join(ROW_SYMBOLS))
    clear_figures(s)
    s.plan_hand = []
    s.gold = [1] * n
    s.dice = [[] for _ in range(n)]
    return s


def playouts(n: int, seeds: range, every: int) -> list[AhoyState]:
    """Positions along random games, the finished games included."""
    out: list[AhoyState] = []
    for seed in seeds:
        s = GAME.new_state(n, seed)
        assert isinstance(s, AhoyState)
        rng = Rng(seed + 31)
        step = 0
        while not s.is_terminal():
            if step % every == 0:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
            step += 1
        out.append(s)
    return out


# ---------------------------------------------------------------------------- the contract
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_the_tensor_passes_the_engine_check(num_players: int) -> None:
    """Fixed size, finite values, the state untouched, and the same tensor on every
    determinization for the seat (so nothing hidden from it is encoded)."""
    check_tensor("ahoy", num_players, seeds=range(3), every=5)


def test_the_layout_names_every_decision_and_grows_with_the_seats() -> None:
    sizes = [GAME.tensor_size(n) for n in (2, 3, 4)]
    assert sizes[0] < sizes[1] < sizes[2]
    for n in (2, 3, 4):
        layout = GAME.tensor_layout(n)
        names = [g.name for g in layout]
        assert len(set(names)) == len(names)
        assert all(g.meaning for g in layout)
        kinds = segments(n)["decision_kind"]
        assert kinds.size == len(AhoyState.LEGAL)
        assert all(k in kinds.meaning for k in AhoyState.LEGAL)
        for name in PER_SEAT:
            assert segments(n)[name].size % n == 0, name
        assert segments(n)["map_flagships"].size == n * GRID * GRID


# ---------------------------------------------------------------------------- hand-checked
def test_a_hand_built_position_lands_in_its_segments() -> None:
    s = arena(3)
    s.fame = [4, 9, 13]
    s.gold = [1, 2, 3]
    gunner = give_crew(s, UNION, "gunner")
    put(s, FLEET, 1, 1)
    put(s, UNION, 3, 2)
    patrol(s, 1, 1)
    patrol(s, 1, 1)
    s.wealth[2] = 5
    s.allies[3] = 2
    hand(s, UNION, 3, 3, 5)
    start_turn(s, UNION)
    me = UNION  # seats seen from the Union: Union, Fleet, Smuggler
    assert part(s, me, "fame") == pytest.approx([13 / 30, 4 / 30, 9 / 30])
    assert part(s, FLEET, "fame") == pytest.approx([4 / 30, 9 / 30, 13 / 30])
    assert part(s, me, "gold") == pytest.approx([3 / 20, 1 / 20, 2 / 20])
    assert blocks(part(s, me, "faction"), 3) == [[0, 1, 0], [1, 0, 0], [0, 0, 1]]
    mine = blocks(part(s, me, "dice_in_hand"), 3)[0]
    assert mine == pytest.approx([0, 0, 2 / 5, 0, 1 / 5, 0])
    crew = blocks(part(s, me, "crew"), 3)
    assert crew[0][gunner] == 1 and sum(crew[0]) == 1
    assert sum(crew[1]) == sum(crew[2]) == 0
    assert blocks(part(s, FLEET, "crew"), 3)[2][gunner] == 1  # the Union is two seats on
    # The pending decision: the Union's own turn.
    decisions = sorted(AhoyState.LEGAL)
    one_hot = part(s, me, "decision_kind")
    assert one_hot[decisions.index("turn")] == 1 and sum(one_hot) == 1
    assert part(s, me, "decision_seat") == [1, 0, 0]
    assert part(s, FLEET, "decision_seat") == [0, 0, 1]
    assert part(s, me, "active_player") == [1, 0, 0]
    assert part(s, me, "turn_dice") == [1.0, 0.0]  # 2 dice to place, none placed
    # The map: its north-west space is P(0, 0), 16 spaces, islands in the corners.
    assert part(s, me, "map_offset") == [0, 0]
    assert sum(part(s, me, "map_space")) == 16
    islands = blocks(part(s, me, "map_terrain"), 4)[0]
    assert {i for i, x in enumerate(islands) if x} == {
        cell(0, 0),
        cell(3, 0),
        cell(0, 2),
        cell(3, 2),
    }
    flagships = blocks(part(s, me, "map_flagships"), 3)
    assert flagships[0][cell(3, 2)] == 1 and sum(flagships[0]) == 1  # mine
    assert flagships[1][cell(1, 1)] == 1 and sum(flagships[1]) == 1  # the Fleet's
    assert sum(flagships[2]) == 0  # the Smuggler has not started
    assert part(s, me, "map_patrols")[cell(1, 1)] == pytest.approx(2 / 10)
    # Regions: wealth on the region's four spaces, allies on its island, symbols.
    assert part(s, me, "region_wealth")[:4] == pytest.approx([1 / 6, 1 / 6, 5 / 6, 1 / 6])
    wealth = part(s, me, "map_wealth")
    assert [wealth[cell(x, y)] for x, y in ((0, 2), (1, 2), (0, 3), (1, 3))] == pytest.approx(
        [5 / 6] * 4
    )
    assert part(s, me, "region_allies")[3] == pytest.approx(2 / 20)
    assert part(s, me, "map_allies")[cell(3, 2)] == pytest.approx(2 / 20)
    symbols = blocks(part(s, me, "region_symbol"), 11)
    assert [b.index(1) for b in symbols[:4]] == [SYMBOLS.index(x) for x in ROW_SYMBOLS]
    assert part(s, me, "region_placed") == [1] * 4 + [0] * 7
    # Control: the Fleet flagship (2) and two patrols (2) hold region 0; 2 allies + flagship.
    control = blocks(part(s, me, "region_control"), 11)
    assert control[0] == pytest.approx([4 / 10, 0])
    assert control[3] == pytest.approx([0, 3 / 10])
    # Figures: the Fleet's flagship is figure 1 from the Union's seat.
    figures = blocks(part(s, me, "figures"), 19)
    assert figures[1] == pytest.approx([1, 1 / (GRID - 1), 1 / (GRID - 1)])
    assert figures[0] == pytest.approx([1, 3 / (GRID - 1), 2 / (GRID - 1)])


def test_a_battle_and_its_cannons_decision() -> None:
    s = arena(3)
    put(s, SMUGGLER, 1, 0)
    s.dice[SMUGGLER] = [(spot(s, SMUGGLER, "cannons"), 6)]
    put(s, UNION, 1, 1)
    hand(s, SMUGGLER, 3, 3)
    start_turn(s, SMUGGLER)
    dice(s, 1, 1)
    act(s, "place", die=3, spot=spot(s, SMUGGLER, "sail"), value=3)
    act(s, "step", dir=S)
    assert kind(s) == "cannons" and s.stack[-1].seat == SMUGGLER
    me = UNION  # Union, Fleet, Smuggler
    decisions = sorted(AhoyState.LEGAL)
    assert part(s, me, "decision_kind")[decisions.index("cannons")] == 1
    assert part(s, me, "decision_seat") == [0, 0, 1]
    assert part(s, me, "decision_side") == [1, 0]  # the attacker fires first
    assert part(s, me, "battle")[:3] == [1, 1, 0]  # under way, defender chosen, not ignored
    assert part(s, me, "battle_attacker") == [0, 0, 1]
    assert part(s, me, "battle_defender_seat") == [1, 0, 0]
    assert part(s, me, "battle_defender")[0] == 1  # my flagship
    assert part(s, me, "battle_mover")[2] == 1  # the Smuggler's flagship
    assert part(s, me, "map_battle")[cell(1, 1)] == 1
    assert part(s, me, "battle_modifier") == [0, 0]
    theirs = blocks(part(s, me, "spot_die"), 3)[2]
    assert theirs[spot(s, SMUGGLER, "cannons")] == 1.0  # its loaded 6
    act(s, "lower", die=6, to=2)
    assert part(s, me, "battle_modifier")[0] == pytest.approx(4 / 10)


def test_an_exploring_step_shows_the_drawn_tile_and_the_direction() -> None:
    s = arena(2)
    put(s, FLEET, 3, 1)
    put(s, 1, 0, 3)
    hand(s, FLEET, 4, 4)
    start_turn(s, FLEET)
    act(s, "place", die=4, spot=spot(s, FLEET, "sail"), value=4)
    act(s, "step", dir=E)  # off the east edge
    assert kind(s) == "explore"
    tile = s.content.regions[s.drawn]
    me = FLEET
    assert part(s, me, "decision_direction") == [0, 1, 0, 0]
    assert part(s, me, "decision_figure")[0] == 1  # my flagship moves
    assert part(s, me, "decision_move") == [1, 1, 1]  # may battle, may explore, has moved
    assert part(s, me, "map_focus")[cell(3, 1)] == 1 and sum(part(s, me, "map_focus")) == 1
    drawn = part(s, me, "drawn_tile")
    assert drawn[s.drawn] == 1 and sum(drawn) == 1
    island = blocks(part(s, me, "drawn_cells"), 4)[tile.island]
    assert island[1] == 1  # terrain "island"
    assert island[12 + SYMBOLS.index(tile.cells[tile.island].symbol or "")] == 1
    assert sum(part(s, 1, "drawn_sandbars")) == len(tile.sandbars)  # the other seat sees it too


def test_the_widest_map_the_rules_allow_fits_the_grid() -> None:
    """11 regions in one row (the 2 starting tiles and the 9 of the supply) span 22 spaces."""
    s = new(2)
    sea(s, ["I." * 11, ".." * 11])
    clear_figures(s)
    put(s, FLEET, 0, 1)
    put(s, 1, 21, 1)
    start_turn(s, FLEET)
    assert sum(part(s, FLEET, "map_space")) == 44
    assert part(s, FLEET, "region_placed") == [1] * 11
    assert blocks(part(s, FLEET, "map_flagships"), 2)[1][cell(21, 1)] == 1
    assert part(s, FLEET, "region_island")[20:] == pytest.approx([20 / (GRID - 1), 0])
    sea(s, ["I." * 12, ".." * 12])  # one more tile than the box holds
    with pytest.raises(ValueError, match="spans more than 22 spaces"):
        GAME.observation_tensor(s, FLEET)


# ---------------------------------------------------------------------------- seat order
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_seeing_from_the_next_seat_turns_the_per_seat_blocks(num_players: int) -> None:
    n = num_players
    for s in playouts(n, range(1), every=17):
        tensors = [GAME.observation_tensor(s, seat) for seat in range(n)]
        for name in PER_SEAT:
            g = segments(n)[name]
            views = [blocks(t[g.start : g.start + g.size], n) for t in tensors]
            for seat in range(n):
                nxt = (seat + 1) % n
                assert views[nxt] == views[seat][1:] + views[seat][:1], name


def test_two_seats_see_the_same_position_with_their_own_first() -> None:
    s = arena(2)
    s.fame = [3, 12]
    put(s, FLEET, 0, 1)
    put(s, 1, 2, 3)
    start_turn(s, FLEET)
    assert part(s, FLEET, "fame") == pytest.approx([3 / 30, 12 / 30])
    assert part(s, 1, "fame") == pytest.approx([12 / 30, 3 / 30])
    fleet_view = blocks(part(s, FLEET, "map_flagships"), 2)
    union_view = blocks(part(s, 1, "map_flagships"), 2)
    assert fleet_view[0][cell(0, 1)] == union_view[1][cell(0, 1)] == 1
    assert fleet_view[1][cell(2, 3)] == union_view[0][cell(2, 3)] == 1
    assert part(s, FLEET, "decision_seat") == [1, 0]
    assert part(s, 1, "decision_seat") == [0, 1]


# ---------------------------------------------------------------------------- secrets
def test_the_union_plans_show_only_to_the_union() -> None:
    s = new(3)
    a, b = s.clone(), s.clone()
    swift = [c for c, k in enumerate(s.plan_cards) if k == "swift_approach"]
    gunboat = s.plan_cards.index("gunboat")
    cutter = s.plan_cards.index("cutter")
    for state, held in ((a, swift), (b, [gunboat, cutter])):
        cards = held + [c for c in range(12) if c not in held]
        state.plan_hand = sorted(cards[:2])
        state.plan_deck = cards[2:]
        state.plan_discard = []
    for seat in (FLEET, SMUGGLER):
        assert GAME.observation_tensor(a, seat) == GAME.observation_tensor(b, seat)
    assert part(a, UNION, "my_plans")[PLAN_KEYS.index("swift_approach")] == pytest.approx(2 / 2)
    mine = part(b, UNION, "my_plans")
    assert (
        mine[PLAN_KEYS.index("gunboat")] == mine[PLAN_KEYS.index("cutter")] == pytest.approx(1 / 2)
    )
    assert sum(part(a, FLEET, "my_plans")) == 0
    assert part(a, FLEET, "union_plans")[0] == pytest.approx(2 / 12)  # only how many it holds


def test_a_smugglers_favor_piles_show_only_to_itself() -> None:
    s = new(4)
    x, y = card_of(s, "diver"), card_of(s, "merchant")
    a, b = s.clone(), s.clone()
    a.favor[SMUGGLER] = [[x], [y]]
    b.favor[SMUGGLER] = [[x, y], []]
    for seat in (FLEET, UNION, SMUGGLER2):
        assert GAME.observation_tensor(a, seat) == GAME.observation_tensor(b, seat)
        delivered = blocks(part(a, seat, "delivered"), 4)[(SMUGGLER - seat) % 4]
        assert delivered[x] == delivered[y] == 1  # which cards: public; under which token: not
    piles = blocks(part(a, SMUGGLER, "my_favor"), 2)
    assert piles[0][x] == 1 and piles[1][y] == 1
    piles = blocks(part(b, SMUGGLER, "my_favor"), 2)
    assert piles[0][x] == piles[0][y] == 1 and sum(piles[1]) == 0
    assert sum(part(a, SMUGGLER2, "my_favor")) == 0


def test_the_order_of_the_tile_supply_and_the_market_deck_is_hidden() -> None:
    s = new(4)
    twin = s.clone()
    twin.supply.reverse()
    twin.supply[0], twin.boxed = twin.boxed, twin.supply[0]
    twin.market_deck.reverse()
    for seat in range(4):
        assert GAME.observation_tensor(s, seat) == GAME.observation_tensor(twin, seat)


# ---------------------------------------------------------------------------- informative
def test_public_facts_the_rules_care_about_change_the_tensor() -> None:
    s = arena(3)
    put(s, FLEET, 1, 1)
    put(s, UNION, 2, 2)
    start_turn(s, FLEET)
    richer = s.clone()
    richer.wealth[1] += 1
    loaded = s.clone()
    loaded.dice[FLEET] = [(spot(s, FLEET, "cannons"), 5)]
    barred = s.clone()
    barred.bars = s.bars | {(ORIGIN + WIDTH + 1, 1), (ORIGIN + WIDTH + 2, 3)}
    for seat in range(3):
        plain = GAME.observation_tensor(s, seat)
        for other in (richer, loaded, barred):
            assert GAME.observation_tensor(other, seat) != plain
    assert blocks(part(loaded, UNION, "spot_die"), 3)[1][
        spot(s, FLEET, "cannons")
    ] == pytest.approx(5 / 6)
    assert blocks(part(barred, UNION, "map_sandbar"), 2)[0][cell(1, 1)] == 1  # its east edge


# ---------------------------------------------------------------------------- the view
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_the_tensor_agrees_with_the_observation(num_players: int) -> None:
    n = num_players
    for s in playouts(n, range(1), every=23):
        for seat in range(n):
            view = s.observation(seat)["state"]
            order = [(seat + k) % n for k in range(n)]
            players = [view["players"][p] for p in order]
            assert part(s, seat, "fame") == pytest.approx([p["fame"] / 30 for p in players])
            assert part(s, seat, "gold") == pytest.approx([p["gold"] / 20 for p in players])
            for got, p in zip(blocks(part(s, seat, "dice_in_hand"), n), players, strict=True):
                assert got == pytest.approx([p["hand"].count(v) / 5 for v in range(1, 7)])
            for got, p in zip(blocks(part(s, seat, "crew"), n), players, strict=True):
                assert {i for i, x in enumerate(got) if x} == {c["card"] for c in p["crew"]}
            market = part(s, seat, "market")
            assert {i for i, x in enumerate(market) if x} == {c["card"] for c in view["market"]}
            assert sum(part(s, seat, "map_space")) == len(view["cells"])
            west, north = (round(x * REACH) for x in part(s, seat, "map_offset"))
            planes = blocks(part(s, seat, "map_flagships"), n)
            for plane, p in zip(planes, players, strict=True):
                if p["flagship"] is None:
                    assert sum(plane) == 0
                else:
                    x, y = p["flagship"]
                    assert plane[(y + north) * GRID + x + west] == 1
            wealth = [r["wealth"] / 6 for r in view["regions"]]
            assert part(s, seat, "region_wealth")[: len(wealth)] == pytest.approx(wealth)
            plans = players[0].get("plans", [])
            mine = part(s, seat, "my_plans")
            assert mine == pytest.approx([plans.count(k) / 2 for k in PLAN_KEYS])


# ---------------------------------------------------------------------------- rare decisions
def test_rarely_met_decisions_carry_their_data() -> None:
    """Decisions random play seldom reaches, pushed onto a hand-built position."""
    s = arena(3)
    put(s, FLEET, 1, 1)
    put(s, SMUGGLER, 2, 0)
    put(s, UNION, 3, 2)
    start_turn(s, UNION)
    decisions = sorted(AhoyState.LEGAL)
    me = UNION  # Union, Fleet, Smuggler

    def pending(kind_: str, seat: int, record: tuple[object, ...] | None = None) -> list[float]:
        """The decision one-hot and the card of a pushed decision."""
        if record is None:
            s.push(kind_, seat)
        else:
            s.push_record(kind_, seat, record)
        one_hot = part(s, me, "decision_kind")
        assert one_hot[decisions.index(kind_)] == 1 and sum(one_hot) == 1
        card = part(s, me, "decision_card")
        s.stack.pop()
        return card

    s.push_record("ram", UNION, Ram(FLEET))  # push the damaged Fleet flagship
    assert part(s, me, "decision_figure")[1] == 1
    assert part(s, me, "map_focus")[cell(1, 1)] == 1
    s.stack.pop()
    s.push_record("buccaneer", FLEET, Buccaneer(UNION))
    assert part(s, me, "decision_victim") == [1, 0, 0]
    assert part(s, me, "decision_seat") == [0, 1, 0]
    s.stack.pop()
    s.push_record("rum", UNION, BattleSide(1))
    assert part(s, me, "decision_side") == [0, 1]
    s.stack.pop()
    s.push_record("count", UNION, Count("uprising", 2, 3))
    assert part(s, me, "decision_regions")[:4] == [0, 0, 1, 0]
    assert part(s, me, "decision_amount") == pytest.approx([3 / 6])
    s.stack.pop()
    s.push_record("goto", SMUGGLER, Goto("gust"))
    assert part(s, me, "decision_purpose")[PURPOSES.index("gust")] == 1
    s.stack.pop()
    assert sum(pending("noble", SMUGGLER)) == 0
    assert sum(pending("tile", SMUGGLER)) == 0
    assert pending("favor", SMUGGLER, Favor(card_of(s, "diver")))[card_of(s, "diver")] == 1
    assert pending("pay_die", UNION, PayDie(card_of(s, "gunner")))[card_of(s, "gunner")] == 1


def test_a_tensor_after_other_segments_holds_the_same_values_and_shifted_segments() -> None:
    """A writer that already holds values gets the tensor appended (not written in place)."""
    s = GAME.new_state(3, 5, GAME.resolve_options(3, None))
    rng = Rng(5)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    alone = TensorWriter()
    GAME.write_tensor(s, 1, alone)
    after = TensorWriter()
    after.scalar("before", 0.5)
    GAME.write_tensor(s, 1, after)
    assert after.values[1:] == alone.values
    assert [(g.name, g.start - 1) for g in after.segments[1:]] == [
        (g.name, g.start) for g in alone.segments
    ]
    again = TensorWriter()
    GAME.write_tensor(s, 1, again)  # from the map's cached template and region rows
    assert again.values == alone.values


# ---------------------------------------------------------------------------- the map cache
def fresh_map(s: AhoyState) -> MapStatic:
    return tensor._map_static(s.cells, s.bars)


def test_a_map_grown_tile_by_tile_is_the_map_made_afresh() -> None:
    """A new tile's map is made from the map before it (the grid's corner staying or moving
    west or north); it equals the map made from scratch, and a map edited by hand is made
    from scratch even when its tiles placed say it is a tile more than a kept map."""
    tensor._MAPS.clear()
    tensor._BY_PLACED.clear()
    corners: set[bool] = set()
    for n in (2, 3, 4):
        for seed in range(6):
            s = GAME.new_state(n, seed)
            assert isinstance(s, AhoyState)
            rng = Rng(seed + 7)
            before = tensor.map_static(s)
            while not s.is_terminal():
                s.apply(rng.choice(s.legal_actions()))
                m = tensor.map_static(s)
                if m is not before:
                    assert m == fresh_map(s)
                    corners.add((m.x0, m.y0) == (before.x0, before.y0))
                    before = m
    assert corners == {True, False}
    edited = s.clone()
    old_space = s.island_of[0]
    edited.cells = dict(s.cells)
    edited.bars = s.bars | {(old_space, 1), (old_space + 1, 3)}
    assert tensor.map_static(edited) == fresh_map(edited) != fresh_map(s)
