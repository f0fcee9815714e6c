"""Rule tests for setup (AH-3), turns and dice (AH-4, AH-5.1-5.6), the faction board actions
(AH-6.1.2, AH-6.1.4, AH-6.1.5, AH-6.2.2, AH-6.3.2), the end of a turn (forts, Chronicler AH-A.5,
Elder AH-A.24), the end of a round with scoring and the end of the game (AH-7), and the
component limits (AH-5.38); worked examples AH-EX-2, 3, 10, 13, 14, 17 and derived cases
AH-TC-1, 2, 3, 13.

Setup is checked on fresh games over several seeds. Everything else is built by hand with
``sea`` (an exact map) and ``put`` and played with real actions through ``act``; a whole round
is played by ``play_round``, which places dice on quiet spots (no movement) and declines every
option."""

from __future__ import annotations

import pytest

from tabletide.games.ahoy import geometry, turn
from tabletide.games.ahoy.constants import (
    ALLY_TOKENS,
    CREW_SPOT0,
    CUTTER,
    DELTA,
    FORT0,
    GOLD_TOKENS,
    GUNBOAT,
    PATROL0,
    SHIP_SPOT0,
)
from tabletide.games.ahoy.content import SYMBOLS
from tabletide.games.ahoy.state import AhoyState

from .helpers import (
    E,
    P,
    S,
    W,
    act,
    card_of,
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

FLEET = 0
ISLES = ["I.I.I.", "......"]
"""Three regions side by side; their islands at (0,0), (2,0) and (4,0)."""
SYM3 = "skull sword fish"
FIVE = ["I.I.I.I.I.", ".........."]
"""Five regions in a row; islands at (0,0), (2,0), ... (8,0)."""
SYM5 = "skull sword fish shell anchor"
SEEDS = range(12)


# ---------------------------------------------------------------------------- local helpers
def table(n: int = 3, rows: list[str] = ISLES, symbols: str = SYM3, seed: int = 0) -> AhoyState:
    """A game of ``n`` players after setup on the map ``rows``: no figure on the map, an empty
    market and no plans in hand (so no free action is offered by default)."""
    s = new(n, seed)
    sea(s, rows, symbols=symbols)
    clear_figures(s)
    s.plan_hand = []
    s.market_deck += s.market
    s.market = []
    return s


def set_market(s: AhoyState, *crews: str) -> list[int]:
    """The market shows exactly the cards of these crews (taken from wherever they are)."""
    cards_ = [card_of(s, c) for c in crews]
    s.market_deck += s.market
    s.market = []
    for c in cards_:
        for pile in (s.market_deck, s.removed):
            if c in pile:
                pile.remove(c)
    s.market = cards_
    return cards_


def place(s: AhoyState, seat: int, action: str, value: int) -> None:
    """Place a die showing ``value`` unchanged on a board action."""
    act(s, "place", die=value, spot=spot(s, seat, action), value=value)


def can_place(s: AhoyState, seat: int, action: str, die: int, value: int | None = None) -> bool:
    value = die if value is None else value
    return find(s, "place", die=die, spot=spot(s, seat, action), value=value) is not None


def values_for(s: AhoyState, spot_: int) -> set[int]:
    """The values a die may be placed with on ``spot_`` (without gold: die == value)."""
    return {
        o["value"] for o in options(s, "place") if o["spot"] == spot_ and o["die"] == o["value"]
    }


def seat_at(s: AhoyState) -> int:
    return s.stack[-1].seat


QUIET_SPOTS = (
    "tailwind",
    "cannons",
    "repair",
    "bombard",
    "order",
    "whisper",
    "uprising",
    "persuasion",
    "negotiation",
    "deploy",
    "fast_sail",
    "sail",
)
QUIET = ("stay", "done", "no", "skip", "stop", "keep")


def quiet_step(s: AhoyState) -> None:
    """One decision: on a turn, place a die (unchanged, on the first quiet spot that takes
    one) or end the turn; elsewhere decline, or take the first legal action."""
    if kind(s) == "turn":
        seat = seat_at(s)
        names = [sp.action for sp in s.board_spots(seat)]
        for name in QUIET_SPOTS:
            if name not in names:
                continue
            for o in options(s, "place"):
                if o["spot"] == names.index(name) and o["die"] == o["value"]:
                    act(s, "place", **o)
                    return
        act(s, "end")
        return
    for q in QUIET:
        a = find(s, q)
        if a is not None:
            s.apply(a)
            return
    s.apply(s.legal_actions()[0])


def play_round(s: AhoyState) -> list[tuple[int, int]]:
    """Play the rest of the round from the current turn with ``quiet_step``; (seat, dice
    placed) of each turn from the current one."""
    r = s.round
    start = max(i for i, e in enumerate(s.events) if e["type"] == "turn")
    for _ in range(500):
        if s.over or s.round != r:
            break
        quiet_step(s)
    else:
        raise AssertionError("the round does not end")
    turns: list[list[int]] = []
    for e in s.events[start:]:
        if e["type"] == "turn" and e["round"] == r:
            turns.append([e["seat"], 0])
        elif e["type"] == "place" and turns:
            turns[-1][1] += 1
        elif e["type"] == "round" and e["round"] != r:
            break
    return [(a, b) for a, b in turns]


def quiet_hands(s: AhoyState) -> None:
    """Dice that ``play_round`` places without moving anything: the Fleet's go on Tailwind,
    Cannons, Cannons, Repair and Bombard, the others' on Tailwind, Cannons, Repair and
    Whisper Campaign / Negotiation (which do nothing at sea with 'done')."""
    for seat, faction in enumerate(s.faction):
        hand(s, seat, *{"fleet": (1, 2, 4, 5, 6), "union": (1, 2, 2, 6)}.get(faction, (2, 2, 4, 6)))


def at_sea(s: AhoyState) -> None:
    """Each flagship on an open space of its own: Fleet (1,1), seat 1 (3,1), seat 2 (5,1),
    seat 3 (1,0)."""
    for seat, xy in zip(range(s.num_players), ((1, 1), (3, 1), (5, 1), (1, 0)), strict=False):
        put(s, seat, *xy)


def end_round(s: AhoyState) -> None:
    """Everyone has placed all their dice; the Fleet ends the round's last turn."""
    r = s.round
    for seat in range(s.num_players):
        s.hand[seat] = []
    start_turn(s, s.fleet)
    while s.round == r and kind(s) in ("turn", "fort"):
        act(s, "end" if kind(s) == "turn" else "done")


def keep_open(s: AhoyState, seat: int) -> None:
    """Give ``seat`` the Mysterious Gust: a free action is always on offer, so a turn whose
    dice are all placed waits for 'end' instead of ending by itself (a decision with a single
    legal action is taken automatically)."""
    give_crew(s, seat, "mysterious_gust")


def pull(s: AhoyState, crew: str) -> int:
    """The card of that crew, taken out of the market, the deck and the boxed cards."""
    c = card_of(s, crew)
    for pile in (s.market, s.market_deck, s.removed):
        if c in pile:
            pile.remove(c)
    return c


# ---------------------------------------------------------------------------- AH-3 setup
@pytest.mark.rule("AH-1.1", "AH-3.2", "AH-3.3", "AH-3.10")
@pytest.mark.parametrize(
    ("n", "factions"),
    [
        (2, ("fleet", "union")),
        (3, ("fleet", "smuggler", "union")),
        (4, ("fleet", "smuggler", "union", "smuggler")),
    ],
)
def test_factions_and_clockwise_seats_by_player_count(n: int, factions: tuple[str, ...]) -> None:
    s = new(n)
    assert s.faction == factions
    # unused factions are out of the game: no flagship figure beyond the seats
    assert all(s.fig[f] == -1 for f in range(n, 4))


@pytest.mark.rule("AH-3.4", "AH-3.5", "AH-3.18")
@pytest.mark.parametrize("seed", SEEDS)
def test_twelve_tiles_one_boxed_two_on_the_map_nine_in_the_supply(seed: int) -> None:
    s = new(3, seed)
    on_map = [p.tile for p in s.placed]
    assert len(on_map) == 2 and len(s.supply) == 9
    assert s.boxed not in s.supply and s.boxed not in on_map
    assert sorted([*on_map, *s.supply, s.boxed]) == list(range(12))


@pytest.mark.rule("AH-3.4")
def test_the_boxed_tile_is_random() -> None:
    assert len({new(2, seed).boxed for seed in range(20)}) > 3


@pytest.mark.rule("AH-3.5", "AH-GAP-5", "AH-3.6")
@pytest.mark.parametrize("seed", SEEDS)
def test_initial_map_shares_one_space_edge_with_the_islands_as_far_apart_as_possible(
    seed: int,
) -> None:
    s = new(2, seed)
    assert len(s.placed) == 2
    for r in (0, 1):
        region = [p for p, c in s.cells.items() if c.region == r]
        assert len(region) == 4
        assert [s.cells[p].terrain for p in region].count("island") == 1
    shared = [
        (p, d)
        for p, c in s.cells.items()
        if c.region == 0
        for d in DELTA
        if p + d in s.cells and s.cells[p + d].region == 1
    ]
    assert len(shared) == 1  # adjacent by exactly one space edge
    # Two 2x2 tiles sharing one edge span a 4x3 box: islands on opposite corners are 5 apart,
    # and every tile can turn its island to any corner.
    (ax, ay), (bx, by) = (geometry.xy(s.island_of[r]) for r in (0, 1))
    assert abs(ax - bx) + abs(ay - by) == 5
    assert s.wealth == [1, 1]  # AH-3.6


@pytest.mark.rule("AH-3.8", "AH-3.9", "AH-5.41")
@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("seed", [0, 5])
def test_two_or_three_players_box_one_market_card_of_each_symbol(n: int, seed: int) -> None:
    s = new(n, seed)
    assert sorted(s.card(c).symbol for c in s.removed) == sorted(SYMBOLS)
    assert len(s.market) == 3 and len(s.market_deck) == 21
    in_play = [*s.market, *s.market_deck]
    assert not set(in_play) & set(s.removed)
    assert sorted([*in_play, *s.removed]) == list(range(30))
    # the boxed cards are public: a spectator sees them
    assert len(s.observation(None)["state"]["removed"]) == 6


@pytest.mark.rule("AH-3.8")
def test_the_boxed_card_of_a_symbol_is_chosen_at_random() -> None:
    boxed = {frozenset(new(3, seed).removed) for seed in range(8)}
    assert len(boxed) > 1


@pytest.mark.rule("AH-3.8", "AH-3.9")
def test_four_players_use_all_thirty_market_cards() -> None:
    s = new(4)
    assert s.removed == []
    assert len(s.market) == 3 and len(s.market_deck) == 27
    assert sorted([*s.market, *s.market_deck]) == list(range(30))


@pytest.mark.rule("AH-3.11", "AH-3.12", "AH-3.18", "AH-3.7")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_dice_gold_and_fame_at_the_start(n: int) -> None:
    s = new(n)
    for seat, faction in enumerate(s.faction):
        assert len(s.hand[seat]) == (5 if faction == "fleet" else 4)
        assert all(1 <= v <= 6 for v in s.hand[seat])
        assert s.dice[seat] == [] and s.damage[seat] == []
    assert s.gold == [1] * n
    assert s.bank() == GOLD_TOKENS - n
    assert s.fame == [0] * n


@pytest.mark.rule("AH-3.1", "AH-2.10", "AH-2.18", "AH-2.21")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_common_supply_twenty_gold_eleven_wealth_dice_a_fame_token_each(n: int) -> None:
    """AH-3.1: the 20 gold tokens and the 11 wealth dice (the 25 damage tokens and 2 battle
    dice: test_rules_battle). Each player took 1 of the 20 gold (AH-3.12); each of the two
    regions has a wealth die showing 1 and the other 9 dice wait for the 9 tiles of the
    supply, so at most 11 regions ever hold one; each player has a fame token, on 0."""
    s = new(n)
    assert s.bank() + sum(s.gold) == 20 and s.bank() == 20 - n
    assert s.wealth == [1, 1]
    assert len(s.wealth) + len(s.supply) == 11
    assert s.fame == [0] * n


@pytest.mark.rule("AH-2.3", "AH-2.4", "AH-2.5", "AH-2.6", "AH-2.7", "AH-2.8", "AH-6.3.1")
def test_a_board_and_a_flagship_per_faction_and_the_fleet_and_union_figures() -> None:
    """AH-2.3: a board per player, its faction's, the two Smugglers' alike; AH-2.4: one
    flagship per faction, all four on the map after setup; AH-2.5-2.8: 10 patrols (one out
    with the Fleet's flagship, AH-3.13 C), 3 forts, 1 cutter, 1 gunboat."""
    s = new(4)
    for seat, faction in enumerate(s.faction):
        assert s.board_spots(seat) == s.content.board(faction).spots
    assert s.board_spots(1) == s.board_spots(3)
    assert [b.faction for b in s.content.boards] == ["fleet", "union", "smuggler"]
    names = [s.figure_name(f) for f in range(len(s.fig))]
    assert names[:4] == [
        "fleet flagship",
        "smuggler flagship",
        "union flagship",
        "smuggler flagship",
    ]
    assert all(s.fig[f] >= 0 and s.owner(f) == f for f in range(4))
    assert names[4:] == ["patrol"] * 10 + ["fort"] * 3 + ["cutter", "gunboat"]
    assert len(s.patrols_in_supply()) == 9
    assert all(s.fig[f] < 0 for f in range(FORT0, len(s.fig)))


@pytest.mark.rule("AH-3.13", "AH-3.14", "AH-3.15", "AH-3.16", "AH-3.17", "AH-3.18")
def test_faction_setup_places_flagships_patrol_and_allies() -> None:
    s = new(4, seed=2, setup=False)
    islands = list(s.island_of)
    # C: the Fleet picks either island
    assert kind(s) == "start" and seat_at(s) == FLEET
    assert sorted(o["at"] for o in options(s, "start")) == sorted(islands)
    act(s, "start", at=islands[1])
    assert s.fig[FLEET] == islands[1]
    on_island = [f for f in range(PATROL0, FORT0) if s.fig[f] == islands[1]]
    assert len(on_island) == 1 and len(s.patrols_in_supply()) == 9
    assert all(s.fig[f] < 0 for f in range(FORT0, FORT0 + 3))  # 3 forts in supply
    # D: a Smuggler starts on any space but an island
    sea_spaces = sorted(p for p, c in s.cells.items() if c.terrain != "island")
    assert kind(s) == "start" and seat_at(s) == 1
    assert sorted(o["at"] for o in options(s, "start")) == sea_spaces
    act(s, "start", at=sea_spaces[-1])
    # H: the Union goes to the empty island (the only one left: taken automatically)
    assert s.fig[s.union] == islands[0]
    assert s.allies == [2, 0]
    # E-F: favor tokens empty, reward tokens on the middle space
    assert s.favor[1] == [[], []] and s.white[1] == s.black[1] == 4
    # second Smuggler (AH-3.16): again any space but an island
    assert kind(s) == "start" and seat_at(s) == 3
    assert sorted(o["at"] for o in options(s, "start")) == sea_spaces
    act(s, "start", at=sea_spaces[0])
    # J, I and AH-3.18: 6 Ready, 12 in supply, 2 plans in hand and 10 in the deck
    assert s.ready == 6 and s.ally_supply() == 12 == ALLY_TOKENS - 8
    assert len(s.plan_hand) == 2 and len(s.plan_deck) == 10
    # AH-3.17: the Fleet takes the first turn
    assert kind(s) == "turn" and seat_at(s) == FLEET and s.round == 1 and s.first == FLEET


@pytest.mark.rule("AH-3.15")
def test_the_union_never_starts_on_the_fleets_island() -> None:
    for seed in range(6):
        s = new(2, seed, setup=False)
        act(s, "start", at=s.island_of[seed % 2])
        assert s.fig[s.union] == s.island_of[1 - seed % 2]
        assert s.allies[1 - seed % 2] == 2 and s.allies[seed % 2] == 0


# ---------------------------------------------------------------------------- AH-4 turns
@pytest.mark.rule("AH-4.2", "AH-4.3", "AH-4.4", "AH-4.5", "AH-6.1.1", "AH-6.2.1", "AH-6.3.1")
def test_four_player_round_fleet_first_two_dice_a_turn_and_the_fleets_third_turn_last() -> None:
    s = table(4)
    at_sea(s)
    quiet_hands(s)
    start_turn(s, FLEET)
    turns = play_round(s)
    assert turns == [(0, 2), (1, 2), (2, 2), (3, 2), (0, 2), (1, 2), (2, 2), (3, 2), (0, 1)]


@pytest.mark.rule("AH-4.5", "AH-EX-17", "AH-7.7")
def test_fleet_last_in_order_takes_its_third_turn_right_after_its_second() -> None:
    s = table(4)
    at_sea(s)
    quiet_hands(s)
    start_turn(s, FLEET)
    play_round(s)
    assert s.round == 2 and s.first == 1
    quiet_hands(s)
    turns = play_round(s)
    assert turns == [(1, 2), (2, 2), (3, 2), (0, 2), (1, 2), (2, 2), (3, 2), (0, 2), (0, 1)]


@pytest.mark.rule("AH-4.1", "AH-4.2", "AH-4.4", "AH-4.5", "AH-7.7")
@pytest.mark.parametrize(
    ("n", "rounds"),
    [
        (2, [[(0, 2), (1, 2), (0, 2), (1, 2), (0, 1)], [(1, 2), (0, 2), (1, 2), (0, 2), (0, 1)]]),
        (
            3,
            [
                [(0, 2), (1, 2), (2, 2), (0, 2), (1, 2), (2, 2), (0, 1)],
                [(1, 2), (2, 2), (0, 2), (1, 2), (2, 2), (0, 2), (0, 1)],
                [(2, 2), (0, 2), (1, 2), (2, 2), (0, 2), (1, 2), (0, 1)],
            ],
        ),
    ],
)
def test_turn_order_over_rounds(n: int, rounds: list[list[tuple[int, int]]]) -> None:
    s = table(n)
    at_sea(s)
    start_turn(s, FLEET)
    for r, expected in enumerate(rounds, start=1):
        assert s.round == r
        quiet_hands(s)
        assert play_round(s) == expected


@pytest.mark.rule("AH-4.3", "AH-4.7", "AH-GAP-8", "AH-EX-1")
def test_exactly_two_dice_and_no_ending_before_they_are_placed() -> None:
    s = table(3)
    at_sea(s)
    keep_open(s, 1)
    hand(s, 1, 2, 3, 4, 6)
    start_turn(s, 1)
    assert find(s, "end") is None and find(s, "place") is not None
    place(s, 1, "cannons", 3)
    assert find(s, "end") is None and find(s, "place") is not None
    place(s, 1, "tailwind", 4)
    # the quota is met: no third die, and the turn may end
    assert find(s, "place") is None
    assert find(s, "end") is not None
    act(s, "end")
    assert seat_at(s) == 2 and s.hand[1] == [2, 6]


@pytest.mark.rule("AH-4.3", "AH-4.5", "AH-6.1.1")
def test_the_fleets_third_turn_places_one_die() -> None:
    s = table(3)
    at_sea(s)
    keep_open(s, FLEET)
    hand(s, FLEET, 1)
    start_turn(s, FLEET)
    assert s.quota == 1
    place(s, FLEET, "deploy", 1)
    if kind(s) == "deploy":
        act(s, "deploy", at=s.fig[FLEET])
    assert find(s, "place") is None and find(s, "end") is not None


@pytest.mark.rule("AH-5.5", "AH-4.7", "AH-GAP-8")
def test_a_die_that_fits_no_spot_is_set_aside_and_counts_toward_the_two() -> None:
    s = table(3)
    at_sea(s)
    union = s.union
    s.gold[union] = 0
    s.damage[union] = [spot(s, union, a) for a in ("sail", "tailwind", "cannons")]
    keep_open(s, union)
    hand(s, union, 3, 4, 5, 5)  # only the 4 fits (Repair, even)
    start_turn(s, union)
    assert find(s, "end") is None  # the 4 can still be placed
    place(s, union, "repair", 4)
    act(s, "done")  # nothing repaired
    assert find(s, "place") is None
    act(s, "end")  # the second die cannot be placed: it is set aside
    assert seat_at(s) == FLEET
    assert len(s.hand[union]) == 2
    assert any(e["type"] == "set_aside" and e["seat"] == union for e in s.events)


@pytest.mark.rule("AH-5.5", "AH-4.4", "AH-GAP-8")
def test_a_player_whose_dice_fit_nowhere_still_spends_them_two_a_turn() -> None:
    s = table(3)
    at_sea(s)
    union = s.union
    quiet_hands(s)
    hand(s, union, 3, 3, 5, 5)
    s.gold[union] = 0
    s.damage[union] = [spot(s, union, a) for a in ("sail", "tailwind", "cannons")]
    start_turn(s, FLEET)
    turns = play_round(s)
    assert turns == [(0, 2), (1, 2), (2, 0), (0, 2), (1, 2), (2, 0), (0, 1)]
    aside = [e for e in s.events if e["type"] == "set_aside"]
    assert [len(e["dice"]) for e in aside] == [2, 2]


@pytest.mark.rule("AH-5.5", "AH-5.3")
def test_a_die_that_gold_can_fit_is_not_unplaceable() -> None:
    s = table(3)
    at_sea(s)
    union = s.union
    s.gold[union] = 1
    s.damage[union] = [spot(s, union, a) for a in ("sail", "tailwind", "cannons")]
    hand(s, union, 3, 5)
    start_turn(s, union)
    assert find(s, "end") is None
    assert can_place(s, union, "repair", 3, 4) and can_place(s, union, "persuasion", 5, 6)


# ---------------------------------------------------------------------------- AH-5.1/5.2 spots
@pytest.mark.rule("AH-5.2", "AH-6.1.2")
def test_fleet_die_requirements() -> None:
    s = table(3)
    at_sea(s)
    s.gold[FLEET] = 0
    hand(s, FLEET, 1, 2, 3, 4, 5, 6)
    start_turn(s, FLEET)
    every = {1, 2, 3, 4, 5, 6}
    expected = {
        "sail": every,
        "tailwind": every,
        "cannons": {5, 6},
        "repair": {2},
        "bombard": {4},
        "order": {3},
        "deploy": every,
    }
    assert {a: values_for(s, spot(s, FLEET, a)) for a in expected} == expected


@pytest.mark.rule("AH-5.2", "AH-6.2.2")
def test_union_die_requirements() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    s.gold[u] = 0
    hand(s, u, 1, 2, 3, 4, 5, 6)
    start_turn(s, u)
    every = {1, 2, 3, 4, 5, 6}
    expected = {
        "sail": every,
        "tailwind": every,
        "cannons": every,
        "repair": {2, 4, 6},
        "whisper": {6},
        "uprising": {1},
        "persuasion": {6},
    }
    assert {a: values_for(s, spot(s, u, a)) for a in expected} == expected


@pytest.mark.rule("AH-5.2", "AH-6.3.2")
def test_smuggler_die_requirements() -> None:
    s = table(3)
    at_sea(s)
    s.gold[1] = 0
    hand(s, 1, 1, 2, 3, 4, 5, 6)
    start_turn(s, 1)
    every = {1, 2, 3, 4, 5, 6}
    expected = {
        "sail": every,
        "tailwind": every,
        "cannons": every,
        "repair": {2, 4, 6},
        "fast_sail": every,
        "negotiation": {2, 4, 6},
    }
    assert {a: values_for(s, spot(s, 1, a)) for a in expected} == expected


@pytest.mark.rule("AH-5.1", "AH-6.1.2")
def test_fleet_cannons_holds_two_dice_other_spots_one() -> None:
    s = table(3)
    at_sea(s)
    hand(s, FLEET, 5, 6, 5, 1, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "cannons", 5)
    assert can_place(s, FLEET, "cannons", 6)
    place(s, FLEET, "cannons", 6)
    assert s.cannons_dice(FLEET) == [5, 6]
    start_turn(s, FLEET)
    assert seat_at(s) == FLEET and s.hand[FLEET] == [1, 1, 5]
    assert not can_place(s, FLEET, "cannons", 5)  # a third die does not fit
    place(s, FLEET, "deploy", 1)
    if kind(s) == "deploy":
        act(s, "deploy", at=s.fig[FLEET])
    assert not can_place(s, FLEET, "deploy", 1)  # one die per spot elsewhere
    # the Union's Cannons holds one die
    u = s.union
    hand(s, u, 3, 4)
    start_turn(s, u)
    place(s, u, "cannons", 3)
    assert not can_place(s, u, "cannons", 4)


@pytest.mark.rule("AH-5.1", "AH-5.36", "AH-GAP-4")
def test_a_crew_cards_spot_takes_one_die_and_passive_crew_take_none() -> None:
    s = table(3)
    at_sea(s)
    sailor = give_crew(s, FLEET, "sailor")
    gunner = give_crew(s, FLEET, "gunner")
    shipwright = give_crew(s, FLEET, "shipwright")
    s.dice[FLEET] = [(CREW_SPOT0 + shipwright, 3)]  # e.g. the die paid to recruit it
    hand(s, FLEET, 2, 4)
    start_turn(s, FLEET)
    spots = {o["spot"] for o in options(s, "place")}
    assert CREW_SPOT0 + sailor in spots  # an action card with a free spot
    assert CREW_SPOT0 + shipwright not in spots  # its spot holds a die
    assert CREW_SPOT0 + gunner not in spots  # a passive card is no action


@pytest.mark.rule("AH-5.1", "AH-EX-2", "AH-5.32")
def test_ex2_a_damaged_spot_and_a_filled_spot_take_no_die() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    s.damage[u] = [spot(s, u, "sail")]
    s.dice[u] = [(spot(s, u, "tailwind"), 2)]
    hand(s, u, 3, 3)
    start_turn(s, u)
    assert not can_place(s, u, "sail", 3)
    assert not can_place(s, u, "tailwind", 3)
    assert can_place(s, u, "cannons", 3)  # an empty, undamaged spot still takes it


@pytest.mark.rule("AH-5.1", "AH-GAP-4")
def test_a_damaged_fleet_cannons_takes_no_die() -> None:
    s = table(3)
    at_sea(s)
    s.damage[FLEET] = [spot(s, FLEET, "cannons")]
    hand(s, FLEET, 5, 6)
    start_turn(s, FLEET)
    assert not can_place(s, FLEET, "cannons", 5)
    assert not can_place(s, FLEET, "cannons", 6)


# ---------------------------------------------------------------------------- AH-5.3/5.4 gold
@pytest.mark.rule("AH-5.3", "AH-5.4", "AH-EX-3")
def test_ex3_one_gold_turns_a_six_into_a_five_but_never_into_a_one() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    s.gold[u] = 1
    hand(s, u, 6)
    start_turn(s, u)
    cannons = spot(s, u, "cannons")
    assert {o["value"] for o in options(s, "place") if o["spot"] == cannons} == {5, 6}
    assert not can_place(s, u, "uprising", 6, 1)  # no wrapping from 6 to 1
    bank = s.bank()
    act(s, "place", die=6, spot=cannons, value=5)
    assert s.gold[u] == 0 and s.bank() == bank + 1  # spent gold goes back to the bank
    assert (cannons, 5) in s.dice[u]


@pytest.mark.rule("AH-5.3", "AH-5.4")
def test_gold_changes_a_die_one_per_gold_within_one_to_six() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    s.gold[u] = 5
    hand(s, u, 1)
    start_turn(s, u)
    whisper = [o for o in options(s, "place") if o["spot"] == spot(s, u, "whisper")]
    assert whisper == [{"die": 1, "spot": spot(s, u, "whisper"), "value": 6}]
    act(s, "place", die=1, spot=spot(s, u, "whisper"), value=6)
    assert s.gold[u] == 0  # 1 -> 6 is five steps up, five gold (never one step down)
    assert all(1 <= o["value"] <= 6 for o in options(s, "place"))


@pytest.mark.rule("AH-5.3")
def test_a_die_cannot_be_changed_beyond_the_gold_held() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    s.gold[u] = 1
    hand(s, u, 1)
    start_turn(s, u)
    assert not can_place(s, u, "whisper", 1, 6)
    assert not can_place(s, u, "repair", 1, 4)
    assert can_place(s, u, "repair", 1, 2)


@pytest.mark.rule("AH-A.18", "AH-5.3")
def test_fence_changes_a_die_by_two_per_gold() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    s.gold[u] = 1
    hand(s, u, 4)
    start_turn(s, u)
    assert not can_place(s, u, "whisper", 4, 6)
    give_crew(s, u, "fence")
    start_turn(s, u)
    assert can_place(s, u, "whisper", 4, 6)  # 2 steps for 1 gold
    assert can_place(s, u, "cannons", 4, 3)  # up to 2: 1 step also costs 1
    assert not can_place(s, u, "uprising", 4, 1)  # 3 steps need 2 gold
    act(s, "place", die=4, spot=spot(s, u, "whisper"), value=6)
    assert s.gold[u] == 0


# ---------------------------------------------------------------------------- AH-5.6 and quota
@pytest.mark.rule("AH-5.6")
def test_actions_without_effect_may_be_taken() -> None:
    s = table(3)
    at_sea(s)
    hand(s, FLEET, 4, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "bombard", 4)  # no ally anywhere
    place(s, FLEET, "tailwind", 1)  # no space shows a 1
    assert sorted(s.dice[FLEET]) == [
        (spot(s, FLEET, "tailwind"), 1),
        (spot(s, FLEET, "bombard"), 4),
    ]
    u = s.union
    hand(s, u, 6, 1)
    start_turn(s, u)
    ready = s.ready
    place(s, u, "persuasion", 6)  # not on an island: nothing happens
    assert s.ready == ready and (spot(s, u, "persuasion"), 6) in s.dice[u]


@pytest.mark.rule("AH-5.34", "AH-EX-10", "AH-4.3", "AH-6.1.3")
def test_ex10_recruiting_the_gunner_with_a_die_is_the_turns_second_die() -> None:
    s = table(3)
    put(s, FLEET, 1, 0)
    put(s, 1, 3, 1)
    put(s, s.union, 5, 1)
    (gunner,) = set_market(s, "gunner")
    assert s.card(gunner).symbol == "skull" and s.card(gunner).cost == 0
    s.gold[FLEET] = 0
    hand(s, FLEET, 1, 2, 3, 4, 5)
    start_turn(s, FLEET)
    place(s, FLEET, "sail", 1)
    act(s, "step", dir=W)  # onto the skull island
    act(s, "stop")
    act(s, "no")  # no patrol
    assert s.fig[FLEET] == P(0, 0)
    act(s, "recruit", card=gunner)
    act(s, "pay_die", die=2)
    assert gunner in s.crew[FLEET]
    assert (CREW_SPOT0 + gunner, 2) in s.dice[FLEET]
    assert s.hand[FLEET] == [3, 4, 5]
    # that was the second and last die: the turn is over
    assert kind(s) == "turn" and seat_at(s) == 1


@pytest.mark.rule("AH-4.3", "AH-5.34")
def test_a_die_cost_card_cannot_be_recruited_once_two_dice_are_placed() -> None:
    s = table(3)
    put(s, FLEET, 0, 0)
    put(s, 1, 3, 1)
    put(s, s.union, 5, 1)
    (gunner,) = set_market(s, "gunner")
    keep_open(s, FLEET)
    hand(s, FLEET, 1, 2, 5)
    start_turn(s, FLEET)
    assert find(s, "recruit", card=gunner) is not None
    place(s, FLEET, "tailwind", 1)
    place(s, FLEET, "cannons", 5)
    assert seat_at(s) == FLEET and find(s, "end") is not None
    assert find(s, "recruit", card=gunner) is None


@pytest.mark.rule("AH-4.3", "AH-5.1", "AH-6.2.5", "AH-GAP-4")
def test_dice_on_crew_and_ship_cards_count_toward_the_two() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    give_crew(s, u, "shipwright")
    s.ship_card[0] = True
    put(s, CUTTER, 3, 0)
    hand(s, u, 2, 3, 4, 5)
    start_turn(s, u)
    act(s, "place", die=2, spot=crew_spot(s, "shipwright"), value=2)
    assert s.placed_turn == 1
    act(s, "place", die=3, spot=SHIP_SPOT0 + 1, value=3)  # the cutter's Tailwind
    if kind(s) == "tailwind":
        act(s, "stay")
    # two dice placed: the turn ended by itself (nothing else to do)
    assert kind(s) == "turn" and seat_at(s) == FLEET
    assert (CREW_SPOT0 + card_of(s, "shipwright"), 2) in s.dice[u]
    assert (SHIP_SPOT0 + 1, 3) in s.dice[u]
    assert s.hand[u] == [4, 5]


# ---------------------------------------------------------------------------- Fleet actions
@pytest.mark.rule("AH-6.1.2")
def test_bombard_removes_every_ally_on_the_island_of_the_flagships_region() -> None:
    s = table(3)
    at_sea(s)  # the Fleet at (1,1): region 0, not on its island
    s.allies = [3, 2, 0]
    s.ready = 4
    supply = s.ally_supply()
    hand(s, FLEET, 4, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "bombard", 4)
    assert s.allies == [0, 2, 0]
    assert s.ready == 4 and s.ally_supply() == supply + 3  # back to the Union supply


@pytest.mark.rule("AH-6.1.2", "AH-6.1.3")
def test_order_moves_up_to_four_different_patrols_one_space_each() -> None:
    s = table(3, rows=["I..I", "....", "....", "I..I"], symbols="skull sword fish shell")
    put(s, FLEET, 3, 1)
    put(s, 1, 3, 2)
    put(s, s.union, 2, 3)
    ps = [patrol(s, 1, y) for y in range(4)]
    fifth = patrol(s, 2, 0)
    hand(s, FLEET, 3, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "order", 3)
    for k, p in enumerate(ps):
        assert kind(s) == "order"
        moved = {o["fig"] for o in options(s, "patrol")}
        assert set(ps[:k]).isdisjoint(moved)  # each patrol moves once
        act(s, "patrol", fig=p, dir=W)
        assert s.fig[p] == P(0, k)
    # four have moved: the fifth may not
    assert kind(s) == "turn"
    assert s.fig[fifth] == P(2, 0)


@pytest.mark.rule("AH-6.1.2")
def test_order_may_move_fewer_patrols() -> None:
    s = table(3)
    at_sea(s)
    a, b = patrol(s, 1, 0), patrol(s, 3, 0)
    hand(s, FLEET, 3, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "order", 3)
    act(s, "patrol", fig=a, dir=S)
    act(s, "done")
    assert s.fig[a] == P(1, 1) and s.fig[b] == P(3, 0)
    assert kind(s) == "turn"


@pytest.mark.rule("AH-6.1.2", "AH-5.38", "AH-2.5", "AH-GAP-9")
def test_deploy_with_no_patrol_left_places_nothing() -> None:
    s = table(3, rows=FIVE, symbols=SYM5)
    at_sea(s)
    for k in range(10):
        patrol(s, k, 1)
    assert s.patrols_in_supply() == []
    hand(s, FLEET, 6, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "deploy", 6)
    assert kind(s) == "turn"  # no deploy decision
    assert s.placed_turn == 1


@pytest.mark.rule("AH-5.39", "AH-6.1.2", "AH-5.14", "AH-5.23", "AH-5.26")
def test_deploy_ignores_the_sandbar_the_battle_and_the_shipwreck() -> None:
    """Deploy says IGNORE, the one word that overrides a CANNOT (AH-5.39): its patrol goes
    across a sandbar, which figures cannot cross (AH-5.11), onto a shipwreck held by a loaded
    Union flagship: no battle, no damage, the patrol stays."""
    s = table(3)
    sea(s, ["I.I.I.", ".W...."], symbols=SYM3, bars=[((1, 0), S)])
    assert (P(1, 0), S) in s.bars
    put(s, FLEET, 1, 0)
    put(s, s.union, 1, 1)
    s.dice[s.union] = [(spot(s, s.union, "cannons"), 4)]
    put(s, 1, 3, 1)
    hand(s, FLEET, 6, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "deploy", 6)
    assert P(1, 1) in {o["at"] for o in options(s, "deploy")}
    act(s, "deploy", at=P(1, 1))
    assert [f for f in range(PATROL0, FORT0) if s.fig[f] == P(1, 1)]
    assert not [e for e in s.events if e["type"] in ("battle", "removed")]
    assert kind(s) == "turn" and seat_at(s) == FLEET


@pytest.mark.rule("AH-6.1.2")
def test_deploy_places_a_patrol_on_or_next_to_the_flagship() -> None:
    s = table(3)
    at_sea(s)  # the Fleet at (1,1)
    hand(s, FLEET, 6, 1)
    start_turn(s, FLEET)
    place(s, FLEET, "deploy", 6)
    spaces = sorted(o["at"] for o in options(s, "deploy"))
    assert spaces == sorted([P(1, 1), P(1, 0), P(0, 1), P(2, 1)])  # (1,2) is off the map
    act(s, "deploy", at=P(2, 1))
    assert [f for f in range(PATROL0, FORT0) if s.fig[f] == P(2, 1)]
    assert len(s.patrols_in_supply()) == 9


@pytest.mark.rule("AH-6.1.2", "AH-5.10")
def test_fleet_repair_needs_exactly_two_and_removes_up_to_two_damage() -> None:
    s = table(3)
    at_sea(s)
    sail, tw, bomb = (spot(s, FLEET, a) for a in ("sail", "tailwind", "bombard"))
    s.damage[FLEET] = [sail, tw, bomb]
    hand(s, FLEET, 2, 4)
    start_turn(s, FLEET)
    assert not can_place(s, FLEET, "repair", 4)
    place(s, FLEET, "repair", 2)
    act(s, "fix", spot=sail)
    act(s, "fix", spot=bomb)
    assert s.damage[FLEET] == [tw]
    assert kind(s) == "turn"


# ---------------------------------------------------------------------------- AH-6.1.4 forts
def fleet_turn_over(s: AhoyState) -> None:
    """The Fleet's turn with every die placed: it may now only end (or use its Gust)."""
    keep_open(s, FLEET)
    hand(s, FLEET, 3)
    start_turn(s, FLEET, placed=1)


@pytest.mark.rule("AH-6.1.4", "AH-6.1.3")
def test_forts_are_built_at_the_end_of_the_fleets_turn_and_repeatedly() -> None:
    s = table(3)
    at_sea(s)
    four = [patrol(s, 0, 0) for _ in range(4)]
    two = [patrol(s, 2, 0) for _ in range(2)]
    lone = patrol(s, 1, 0)  # in region 0 but not on its island
    fleet_turn_over(s)
    assert seat_at(s) == FLEET and find(s, "fort") is None  # not during the turn
    act(s, "end")
    assert kind(s) == "fort"
    assert sorted(o["region"] for o in options(s, "fort")) == [0, 1]
    act(s, "fort", region=0)
    assert sum(1 for f in four if s.fig[f] >= 0) == 2
    assert s.fig[FORT0] == P(0, 0)
    assert sorted(o["region"] for o in options(s, "fort")) == [0, 1]  # repeatable
    act(s, "fort", region=0)
    act(s, "fort", region=1)
    # all 3 forts built: no more offers, the turn passes
    assert [s.fig[f] for f in range(FORT0, FORT0 + 3)] == [P(0, 0), P(0, 0), P(2, 0)]
    assert all(s.fig[f] < 0 for f in [*four, *two])
    assert s.fig[lone] == P(1, 0)
    assert kind(s) == "turn" and seat_at(s) == 1


@pytest.mark.rule("AH-6.1.4", "AH-5.38", "AH-2.6")
def test_no_fourth_fort() -> None:
    s = table(3)
    at_sea(s)
    fort(s, 4, 0)
    fort(s, 4, 0)
    ps = [patrol(s, 0, 0) for _ in range(4)]
    fleet_turn_over(s)
    act(s, "end")
    act(s, "fort", region=0)
    assert kind(s) == "turn" and seat_at(s) == 1  # the third fort was the last
    assert sum(1 for f in ps if s.fig[f] >= 0) == 2


@pytest.mark.rule("AH-6.1.4")
def test_a_fort_needs_two_patrols_on_the_island_itself() -> None:
    s = table(3)
    at_sea(s)
    patrol(s, 0, 0)
    patrol(s, 1, 0)
    fleet_turn_over(s)
    act(s, "end")
    assert kind(s) == "turn" and seat_at(s) == 1  # no fort decision


@pytest.mark.rule("AH-6.1.4")
def test_no_fort_at_the_end_of_another_factions_turn() -> None:
    s = table(3)
    at_sea(s)
    patrol(s, 0, 0)
    patrol(s, 0, 0)
    hand(s, 1, 3)
    start_turn(s, 1, placed=1)  # the turn ends by itself
    assert seat_at(s) == s.union and kind(s) != "fort"
    assert all(s.fig[f] < 0 for f in range(FORT0, FORT0 + 3))


# ---------------------------------------------------------------------------- AH-6.1.5 dominance
@pytest.mark.rule("AH-6.1.5", "AH-5.33")
def test_the_fleet_recruits_on_any_fort_island() -> None:
    s = table(3)
    at_sea(s)  # the Fleet at sea in region 0
    fort(s, 2, 0)  # region 1: sword
    merchant, _ram = set_market(s, "merchant", "battering_ram")
    assert s.card(merchant).symbol == "sword" and s.card(merchant).cost == 1
    s.gold[FLEET] = 2
    hand(s, FLEET, 1, 2)
    start_turn(s, FLEET)
    assert {o["card"] for o in options(s, "recruit")} == {merchant}
    act(s, "recruit", card=merchant)
    assert merchant in s.crew[FLEET] and s.gold[FLEET] == 1


@pytest.mark.rule("AH-6.1.5", "AH-5.37", "AH-6.3.5")
def test_enemy_flagships_cannot_recruit_smuggle_or_deliver_on_a_fort_island() -> None:
    s = table(3)
    at_sea(s)
    put(s, 1, 2, 0)  # the Smuggler on the sword island
    set_market(s, "merchant", "brawlers")
    jewels = pull(s, "buccaneer")
    s.cargo[1] = [jewels]
    assert s.card(jewels).cargo_symbol == "sword"
    s.gold[1] = 3
    hand(s, 1, 1, 3)
    start_turn(s, 1)
    # without a fort all three are possible
    assert find(s, "recruit") and find(s, "smuggle") and find(s, "deliver")
    fort(s, 4, 1)  # a fort elsewhere changes nothing
    start_turn(s, 1)
    assert find(s, "recruit") and find(s, "smuggle") and find(s, "deliver")
    fort(s, 2, 0)
    start_turn(s, 1)
    assert kind(s) == "turn" and seat_at(s) == 1
    assert find(s, "recruit") is None
    assert find(s, "smuggle") is None
    assert find(s, "deliver") is None
    u = s.union
    put(s, u, 2, 0)
    s.gold[u] = 3
    hand(s, u, 1, 3)
    start_turn(s, u)
    assert kind(s) == "turn" and seat_at(s) == u
    assert find(s, "recruit") is None


@pytest.mark.rule("AH-6.1.5", "AH-6.2.2")
def test_the_union_may_still_place_allies_on_a_fort_island() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    put(s, u, 2, 0)
    fort(s, 2, 0)
    hand(s, u, 1, 3)
    start_turn(s, u)
    place(s, u, "uprising", 1)
    act(s, "count", n=3)
    assert s.allies[1] == 3


# ---------------------------------------------------------------------------- Union actions
@pytest.mark.rule("AH-6.2.2", "AH-6.2.3")
def test_whisper_campaign_places_one_ally_on_each_of_up_to_four_islands() -> None:
    s = table(3, rows=FIVE, symbols=SYM5)
    at_sea(s)
    u = s.union
    hand(s, u, 6, 1)
    start_turn(s, u)
    place(s, u, "whisper", 6)
    assert sorted(o["region"] for o in options(s, "island")) == [0, 1, 2, 3, 4]
    act(s, "island", region=3)
    assert 3 not in {o["region"] for o in options(s, "island")}  # different islands
    for r in (0, 4, 1):
        act(s, "island", region=r)
    assert kind(s) == "turn"  # four islands: done
    assert s.allies == [1, 1, 0, 1, 1]
    assert s.ready == 2


@pytest.mark.rule("AH-6.2.2", "AH-GAP-9")
def test_whisper_campaign_stops_when_no_ally_is_ready() -> None:
    s = table(3, rows=FIVE, symbols=SYM5)
    at_sea(s)
    u = s.union
    s.ready = 2
    hand(s, u, 6, 1)
    start_turn(s, u)
    place(s, u, "whisper", 6)
    act(s, "island", region=0)
    act(s, "island", region=2)
    assert kind(s) == "turn"
    assert s.allies == [1, 0, 1, 0, 0] and s.ready == 0


@pytest.mark.rule("AH-6.2.2", "AH-6.2.3")
def test_uprising_places_up_to_four_allies_on_the_island_of_the_flagships_region() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    put(s, u, 3, 1)  # at sea in region 1
    hand(s, u, 1, 3)
    start_turn(s, u)
    place(s, u, "uprising", 1)
    assert sorted(o["n"] for o in options(s, "count")) == [0, 1, 2, 3, 4]
    act(s, "count", n=4)
    assert s.allies == [0, 4, 0] and s.ready == 2


@pytest.mark.rule("AH-6.2.2", "AH-GAP-9")
def test_uprising_is_limited_by_the_ready_allies() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    s.ready = 3
    hand(s, u, 1, 3)
    start_turn(s, u)
    place(s, u, "uprising", 1)
    assert sorted(o["n"] for o in options(s, "count")) == [0, 1, 2, 3]


@pytest.mark.rule("AH-6.2.2", "AH-6.2.3")
def test_persuasion_on_any_island_gains_four_ready_allies() -> None:
    s = table(3)
    at_sea(s)
    u = s.union
    put(s, u, 4, 0)  # the fish island; no ally there
    hand(s, u, 6, 1)
    start_turn(s, u)
    supply = s.ally_supply()
    place(s, u, "persuasion", 6)
    assert s.ready == 10 and s.ally_supply() == supply - 4
    assert s.allies == [0, 0, 0]


@pytest.mark.rule("AH-6.2.2", "AH-5.38", "AH-2.19", "AH-GAP-9")
def test_persuasion_gains_no_more_allies_than_the_supply_holds() -> None:
    """20 ally tokens: 15 Ready and 3 on islands leave 2 in the supply, and Persuasion gains
    those 2 of its 4."""
    s = table(3)
    at_sea(s)
    u = s.union
    put(s, u, 4, 0)
    s.ready = 15
    s.allies = [1, 2, 0]
    assert s.ally_supply() == 2
    hand(s, u, 6, 1)
    start_turn(s, u)
    place(s, u, "persuasion", 6)
    assert s.ready == 17 and s.ally_supply() == 0


# ---------------------------------------------------------------------------- Smuggler actions
@pytest.mark.rule("AH-6.3.2")
def test_fast_sail_moves_up_to_the_die_value() -> None:
    s = table(3, rows=FIVE, symbols=SYM5)
    put(s, FLEET, 9, 0)
    put(s, s.union, 9, 1)
    put(s, 1, 0, 1)
    hand(s, 1, 4, 1)
    start_turn(s, 1)
    place(s, 1, "fast_sail", 4)
    for _ in range(4):
        act(s, "step", dir=E)
    assert kind(s) == "turn" and s.fig[1] == P(4, 1)


@pytest.mark.rule("AH-6.3.2")
def test_negotiation_recruits_any_card_free_and_a_second_by_removing_an_ally() -> None:
    s = table(3)
    at_sea(s)
    put(s, 1, 0, 0)  # the Smuggler on the skull island
    s.allies = [1, 0, 0]
    brawlers, gust, diver = set_market(s, "brawlers", "mysterious_gust", "diver")
    assert {s.card(c).symbol for c in (brawlers, gust, diver)}.isdisjoint({"skull"})
    s.gold[1] = 0
    hand(s, 1, 2, 1)
    start_turn(s, 1)
    assert find(s, "recruit") is None  # no gold, wrong symbols
    supply = s.ally_supply()
    place(s, 1, "negotiation", 2)
    assert kind(s) == "negotiate"
    assert find(s, "done") is None  # the first card is the action
    assert {o["card"] for o in options(s, "take")} == {brawlers, gust, diver}
    act(s, "take", card=brawlers)
    assert kind(s) == "negotiate" and find(s, "done") is not None
    act(s, "take", card=gust)
    assert s.crew[1] == [brawlers, gust] and s.gold[1] == 0
    assert s.allies == [0, 0, 0] and s.ally_supply() == supply + 1
    assert kind(s) == "turn"  # no more than two


@pytest.mark.rule("AH-6.3.2")
def test_negotiation_gives_no_second_card_without_an_ally() -> None:
    s = table(3)
    at_sea(s)
    put(s, 1, 0, 0)
    s.allies = [0, 3, 0]  # allies elsewhere do not help
    _brawlers, gust = set_market(s, "brawlers", "mysterious_gust")
    hand(s, 1, 2, 1)
    start_turn(s, 1)
    place(s, 1, "negotiation", 2)
    act(s, "take", card=gust)
    assert kind(s) == "turn" and s.crew[1] == [gust]
    assert s.allies == [0, 3, 0]


@pytest.mark.rule("AH-6.3.2", "AH-5.6")
def test_negotiation_at_sea_does_nothing() -> None:
    s = table(3)
    at_sea(s)
    set_market(s, "brawlers", "mysterious_gust")
    hand(s, 1, 2, 1)
    start_turn(s, 1)
    place(s, 1, "negotiation", 2)
    assert kind(s) == "turn" and s.crew[1] == []


@pytest.mark.rule("AH-6.3.2", "AH-6.1.5", "AH-GAP-10")
def test_negotiation_cannot_be_used_on_a_fort_island() -> None:
    s = table(3)
    at_sea(s)
    put(s, 1, 0, 0)
    fort(s, 0, 0)
    s.allies = [2, 0, 0]
    set_market(s, "brawlers", "mysterious_gust")
    hand(s, 1, 2, 1)
    start_turn(s, 1)
    place(s, 1, "negotiation", 2)
    assert kind(s) == "turn" and s.crew[1] == [] and s.allies[0] == 2


# ---------------------------------------------------------------------------- end of a turn
@pytest.mark.rule("AH-A.5")
@pytest.mark.parametrize(
    ("others", "gain"),
    [([], 0), ([FLEET], 1), ([FLEET, 3], 1)],
)
def test_chronicler_gains_one_gold_beside_enemy_flagships(others: list[int], gain: int) -> None:
    s = table(4)
    put(s, FLEET, 5, 1)
    put(s, 2, 5, 0)
    put(s, 3, 4, 1)
    put(s, 1, 1, 1)  # region 0
    for o, xy in zip(others, ((0, 1), (1, 0)), strict=False):
        put(s, o, *xy)
    give_crew(s, 1, "chronicler")
    gold = s.gold[1]
    hand(s, 1)
    start_turn(s, 1)
    assert seat_at(s) != 1  # the turn ended
    assert s.gold[1] == gold + gain


@pytest.mark.rule("AH-A.5")
def test_chronicler_pays_only_at_the_end_of_its_owners_turn() -> None:
    s = table(3)
    at_sea(s)
    put(s, FLEET, 3, 1)  # beside the Smuggler
    give_crew(s, 1, "chronicler")
    gold = s.gold[1]
    hand(s, FLEET)
    start_turn(s, FLEET)
    assert seat_at(s) == 1
    assert s.gold[1] == gold


@pytest.mark.rule("AH-A.24")
def test_elder_gains_one_gold_at_the_end_of_the_turn_without_damage() -> None:
    s = table(3)
    at_sea(s)
    give_crew(s, FLEET, "elder")
    gold = s.gold[FLEET]
    hand(s, FLEET)
    start_turn(s, FLEET)
    assert s.gold[FLEET] == gold + 1
    # not at the end of another player's turn
    hand(s, 1)
    start_turn(s, 1)
    assert s.gold[FLEET] == gold + 1


@pytest.mark.rule("AH-A.24")
def test_elder_gains_nothing_with_damage_even_on_a_crew_card() -> None:
    s = table(3)
    at_sea(s)
    give_crew(s, FLEET, "elder")
    sailor = give_crew(s, FLEET, "sailor")
    s.damage[FLEET] = [CREW_SPOT0 + sailor]
    gold = s.gold[FLEET]
    hand(s, FLEET)
    start_turn(s, FLEET)
    assert seat_at(s) == 1 and s.gold[FLEET] == gold


@pytest.mark.rule("AH-A.24", "AH-5.38")
def test_elder_gains_nothing_from_an_empty_bank() -> None:
    s = table(3)
    at_sea(s)
    give_crew(s, FLEET, "elder")
    s.gold = [GOLD_TOKENS - 1, 1, 0]
    assert s.bank() == 0
    hand(s, FLEET)
    start_turn(s, FLEET)
    assert s.gold == [GOLD_TOKENS - 1, 1, 0]


# ---------------------------------------------------------------------------- AH-7.2 control
@pytest.mark.rule("AH-7.2", "AH-6.1.3", "AH-6.1.4", "AH-6.2.3", "AH-6.2.5", "AH-6.3.1")
@pytest.mark.parametrize(
    ("what", "points"),
    [
        ("patrol", (1, 0)),
        ("fort", (2, 0)),
        ("fleet flagship", (2, 0)),
        ("ally", (0, 1)),
        ("union flagship", (0, 1)),
        ("cutter", (0, 1)),
        ("gunboat", (0, 1)),
        ("smuggler", (0, 0)),
    ],
)
def test_control_points_of_each_piece(what: str, points: tuple[int, int]) -> None:
    s = table(4)
    for seat in range(4):
        put(s, seat, 5, 1)  # every flagship in region 2
    xy = (1, 1)
    if what == "patrol":
        patrol(s, *xy)
    elif what == "fort":
        fort(s, 0, 0)
    elif what == "ally":
        s.allies[0] = 1
    elif what == "cutter":
        put(s, CUTTER, *xy)
    elif what == "gunboat":
        put(s, GUNBOAT, *xy)
    else:
        seat = {"fleet flagship": FLEET, "union flagship": s.union, "smuggler": 3}[what]
        put(s, seat, *xy)
    assert turn.control(s, 0) == points


@pytest.mark.rule("AH-TC-1", "AH-7.2")
def test_tc1_flagship_fort_and_two_patrols_make_six() -> None:
    s = table(3)
    put(s, FLEET, 1, 1)
    fort(s, 0, 0)
    patrol(s, 0, 0)
    patrol(s, 1, 0)
    assert turn.control(s, 0) == (6, 0)


@pytest.mark.rule("AH-TC-2", "AH-6.2.8", "AH-7.2")
def test_tc2_mighty_claw_doubles_the_allies() -> None:
    s = table(3)
    put(s, s.union, 1, 1)
    put(s, CUTTER, 0, 1)
    s.allies = [3, 2, 0]
    assert turn.control(s, 0) == (0, 8)
    assert turn.control(s, 1) == (0, 2)  # the cutter's claw reaches only its own region


# ---------------------------------------------------------------------------- AH-7.3 scoring
@pytest.mark.rule("AH-7.3", "AH-EX-14", "AH-7.1")
def test_ex14_four_against_three_scores_the_wealth_for_the_fleet() -> None:
    s = table(3)
    put(s, FLEET, 1, 1)
    patrol(s, 0, 1)
    patrol(s, 1, 0)
    put(s, s.union, 0, 0)
    s.allies[0] = 2
    put(s, 1, 5, 1)
    assert turn.control(s, 0) == (4, 3)
    end_round(s)
    assert s.fame == [1, 0, 0]


@pytest.mark.rule("AH-7.3", "AH-TC-3", "AH-7.2", "AH-6.3.1")
def test_each_region_scores_its_wealth_ties_and_nil_score_nothing() -> None:
    s = table(4, rows=["I.I.I.I.", "........"], symbols="skull sword fish shell")
    s.wealth = [4, 5, 3, 6]
    # region 0: Fleet 3 (flagship + patrol) against Union 3 (flagship + 2 allies): a tie
    put(s, FLEET, 1, 1)
    patrol(s, 1, 0)
    put(s, s.union, 0, 1)
    s.allies[0] = 2
    # region 1: Union 2 (allies) against Fleet 1 (patrol); the Smuggler adds nothing
    s.allies[1] = 2
    patrol(s, 3, 0)
    put(s, 1, 3, 1)
    # region 2: Fleet 1 (patrol) against nothing
    patrol(s, 5, 1)
    # region 3: only a Smuggler: 0 against 0
    put(s, 3, 7, 1)
    end_round(s)
    assert s.fame[FLEET] == 3 and s.fame[s.union] == 5
    assert s.fame[1] == s.fame[3] == 0


@pytest.mark.rule("AH-7.3", "AH-TC-1", "AH-TC-2")
def test_derived_cases_score_the_wealth() -> None:
    s = table(3)
    s.wealth = [2, 6, 1]
    put(s, FLEET, 1, 1)
    fort(s, 0, 0)
    patrol(s, 0, 0)
    patrol(s, 1, 0)
    put(s, s.union, 3, 1)
    put(s, CUTTER, 2, 1)
    s.allies = [0, 3, 0]
    put(s, 1, 5, 1)
    end_round(s)
    assert s.fame == [2, 0, 6]


# ---------------------------------------------------------------------------- AH-7.4 game end
@pytest.mark.rule("AH-7.4", "AH-1.5", "AH-GAP-11")
def test_thirty_fame_ends_the_game_only_at_the_end_of_the_round() -> None:
    s = table(3)
    at_sea(s)
    quiet_hands(s)
    start_turn(s, FLEET)
    s.fame[1] = 30
    hand_before = len(s.plan_hand)
    while seat_at(s) == FLEET:
        quiet_step(s)  # the Fleet's first turn
    assert not s.is_terminal() and seat_at(s) == 1
    play_round(s)
    assert s.is_terminal() and s.round == 1
    assert s.winners() == [1]
    assert len(s.plan_hand) == hand_before  # no cleanup after the last round


@pytest.mark.rule("AH-7.4", "AH-1.5")
def test_region_scoring_that_reaches_thirty_ends_the_game() -> None:
    s = table(3)
    s.fame[s.union] = 29
    put(s, s.union, 3, 1)
    put(s, FLEET, 1, 1)
    put(s, 1, 5, 0)
    end_round(s)
    assert s.fame[s.union] == 30
    assert s.is_terminal() and s.winners() == [s.union]


@pytest.mark.rule("AH-7.4")
def test_below_thirty_the_game_goes_on() -> None:
    s = table(3)
    s.fame = [28, 29, 28]
    at_sea(s)  # the Fleet and the Union each hold one region of wealth 1
    end_round(s)
    assert s.fame == [29, 29, 29]
    assert not s.is_terminal() and s.round == 2


# ---------------------------------------------------------------------------- AH-7.5 2 players
@pytest.mark.rule("AH-7.5", "AH-GAP-11")
def test_two_player_adjustment_first_player_must_raise_a_region_then_may_clear() -> None:
    s = table(2)
    put(s, FLEET, 1, 1)
    put(s, s.union, 3, 1)
    s.wealth = [6, 2, 1]
    end_round(s)
    assert kind(s) == "raise" and seat_at(s) == FLEET
    assert sorted(o["region"] for o in options(s, "region")) == [1, 2]
    assert {a.kind for a in s.legal_actions()} == {"region"}  # must raise
    act(s, "region", region=1)
    assert s.wealth == [6, 3, 1]
    assert kind(s) == "clear_market"
    old = s.market[:]
    deck = len(s.market_deck)
    act(s, "yes")
    assert len(s.market) == 3 and not set(old) & set(s.market)
    assert not set(old) & set(s.market_deck)  # removed from the game
    assert len(s.market_deck) == deck - 3
    assert kind(s) == "turn" and s.round == 2


@pytest.mark.rule("AH-7.5")
def test_two_player_adjustment_may_keep_the_market() -> None:
    s = table(2)
    put(s, FLEET, 1, 1)
    put(s, s.union, 3, 1)
    set_market(s, "brawlers", "diver", "fence")
    market = s.market[:]
    end_round(s)
    act(s, "region", region=0)
    act(s, "no")
    assert s.market == market


@pytest.mark.rule("AH-7.5", "AH-GAP-9")
def test_two_player_raise_is_skipped_when_every_region_is_at_six() -> None:
    s = table(2)
    put(s, FLEET, 1, 1)
    put(s, s.union, 3, 1)
    s.wealth = [6, 6, 6]
    end_round(s)
    assert kind(s) == "clear_market"


@pytest.mark.rule("AH-7.5", "AH-GAP-11")
def test_the_raise_is_chosen_by_the_current_first_player() -> None:
    s = table(2)
    at_sea(s)
    start_turn(s, FLEET)
    quiet_hands(s)
    play_round(s)
    assert s.round == 2 and s.first == s.union
    quiet_hands(s)
    for _ in range(100):
        if kind(s) == "raise":
            break
        quiet_step(s)
    assert kind(s) == "raise" and seat_at(s) == s.union


@pytest.mark.rule("AH-7.5")
def test_no_adjustment_with_three_players() -> None:
    s = table(3)
    at_sea(s)
    wealth = s.wealth[:]
    market = s.market[:]
    end_round(s)
    assert kind(s) == "turn" and s.round == 2
    assert s.wealth == wealth and s.market == market


# ---------------------------------------------------------------------------- AH-7.6-7.8 cleanup
@pytest.mark.rule("AH-7.6", "AH-7.1", "AH-4.8")
def test_cleanup_rerolls_all_dice_of_every_player() -> None:
    s = table(3)
    at_sea(s)
    sailor = give_crew(s, FLEET, "sailor")
    s.dice[FLEET] = [(spot(s, FLEET, "cannons"), 5), (CREW_SPOT0 + sailor, 2)]
    s.dice[1] = [(spot(s, 1, "sail"), 3)]
    s.damage[FLEET] = [spot(s, FLEET, "sail")]
    s.damage[1] = [spot(s, 1, "tailwind")]
    for seat in range(3):
        s.hand[seat] = []
    dice(s, 6, 5, 4, 3, 2, 1, 1, 2, 2, 3, 3, 4, 4)
    start_turn(s, FLEET)
    assert s.round == 2
    assert s.dice == [[], [], []]
    assert s.hand == [[2, 3, 4, 5, 6], [1, 1, 2, 2], [3, 3, 4, 4]]
    assert s.damage[FLEET] == [spot(s, FLEET, "sail")]
    assert s.damage[1] == [spot(s, 1, "tailwind")]


@pytest.mark.rule("AH-7.7", "AH-4.2")
def test_the_first_player_card_passes_clockwise_every_round() -> None:
    s = table(4)
    at_sea(s)
    firsts = [s.first]
    for _ in range(5):
        end_round(s)
        firsts.append(s.first)
        assert seat_at(s) == s.first  # the new round starts with the new first player
    assert firsts == [0, 1, 2, 3, 0, 1]


@pytest.mark.rule("AH-7.8", "AH-6.2.4")
@pytest.mark.parametrize(("deck", "drawn"), [(10, 2), (1, 1), (0, 0)])
def test_the_union_draws_two_plans_after_cleanup_while_the_deck_lasts(
    deck: int, drawn: int
) -> None:
    s = table(3)
    at_sea(s)
    s.plan_deck = s.plan_deck[:deck]
    top = s.plan_deck[::-1][:drawn]
    end_round(s)
    assert sorted(s.plan_hand) == sorted(top)
    assert len(s.plan_deck) == deck - drawn


# ---------------------------------------------------------------------------- AH-7.9/7.10 end
def favor_board(n: int = 4) -> AhoyState:
    """Four regions: two fish islands held by the Union, a skull island held by the Fleet and
    a sword island nobody holds."""
    s = table(n, rows=["I.I.I.I.", "........"], symbols="fish fish skull sword")
    s.allies = [1, 1, 0, 0]
    patrol(s, 5, 1)
    put(s, FLEET, 7, 0)
    put(s, s.union, 6, 1)  # Union 1 against Fleet 2 in region 3 ...
    patrol(s, 6, 0)  # ... and 3: the Fleet holds the sword region too
    put(s, 1, 1, 1)
    if n == 4:
        put(s, 3, 3, 1)
    return s


def fish_cards(s: AhoyState, k: int) -> list[int]:
    out = [m.id for m in s.content.market if m.symbol == "fish"][:k]
    for c in out:
        for pile in (s.market, s.market_deck, s.removed):
            if c in pile:
                pile.remove(c)
    return out


@pytest.mark.rule("AH-7.9", "AH-EX-13", "AH-7.4")
def test_ex13_two_fish_cards_under_union_favor_and_two_union_fish_regions_give_four() -> None:
    s = favor_board()
    s.favor[1] = [[], fish_cards(s, 2)]
    s.fame[1] = 30
    end_round(s)
    assert s.is_terminal()
    assert s.fame[1] == 34


@pytest.mark.rule("AH-7.9")
def test_favor_needs_the_symbol_and_the_faction_of_the_token() -> None:
    s = favor_board()
    skull = next(m.id for m in s.content.market if m.symbol == "skull")
    sword = next(m.id for m in s.content.market if m.symbol == "sword")
    fish = fish_cards(s, 1)
    # skull under Fleet: the Fleet holds the skull region (+1); fish under Fleet: the fish
    # regions are the Union's (0); sword under Union: the Fleet holds the sword region (0)
    s.favor[3] = [[skull, *fish], [sword]]
    s.fame[FLEET] = 40
    end_round(s)
    assert s.is_terminal()
    assert s.fame[3] == 1


@pytest.mark.rule("AH-7.9", "AH-GAP-11")
def test_favor_is_scored_only_at_the_end_and_does_not_count_toward_thirty() -> None:
    s = favor_board()
    s.favor[1] = [[], fish_cards(s, 2)]
    s.fame[1] = 28
    end_round(s)
    assert not s.is_terminal() and s.round == 2
    assert s.fame[1] == 28


@pytest.mark.rule("AH-7.10", "AH-TC-13", "AH-1.4")
def test_tc13_favor_then_most_fame_wins() -> None:
    s = favor_board(3)
    s.favor[1] = [[], fish_cards(s, 2)]
    s.fame = [30, 27, 0]
    end_round(s)
    assert s.is_terminal()
    # region scoring gives the Fleet 2 (skull and sword regions) and the Union 2
    assert s.fame == [32, 31, 2]
    assert s.winners() == [FLEET]


@pytest.mark.rule("AH-7.10", "AH-TC-13")
def test_a_fame_tie_goes_to_the_most_gold() -> None:
    s = favor_board(3)
    s.favor[1] = [[], fish_cards(s, 2)]
    s.fame = [30, 28, 0]
    s.gold = [2, 3, 1]
    end_round(s)
    assert s.fame[:2] == [32, 32]
    assert s.winners() == [1]


@pytest.mark.rule("AH-7.10", "AH-GAP-11")
def test_a_tie_in_fame_and_gold_is_shared() -> None:
    s = favor_board(3)
    s.favor[1] = [[], fish_cards(s, 2)]
    s.fame = [30, 28, 0]
    s.gold = [2, 2, 1]
    end_round(s)
    assert s.winners() == [FLEET, 1]
    assert s.returns()[FLEET] == s.returns()[1]


# ---------------------------------------------------------------------------- AH-5.38 limits
@pytest.mark.rule("AH-5.38", "AH-GAP-9")
def test_gold_from_an_empty_bank_is_not_gained_and_spent_gold_refills_it() -> None:
    s = table(3)
    at_sea(s)
    s.gold = [GOLD_TOKENS, 0, 0]
    assert s.bank() == 0
    assert s.gain_gold(1, 2) == 0 and s.gold[1] == 0
    u = s.union
    s.gold = [GOLD_TOKENS - 1, 0, 1]
    hand(s, u, 6, 1)
    start_turn(s, u)
    act(s, "place", die=6, spot=spot(s, u, "cannons"), value=5)
    assert s.bank() == 1
    assert s.gain_gold(1, 2) == 1 and s.gold[1] == 1
