"""The observation tensor of Pirates of Maracaibo (``tensor.py``): what a seat may know and
nothing more, a fixed size per player count whatever the modules, seat-relative blocks, and
hand-checked values in known positions."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from conformance import check_tensor
from tabletide.engine import Segment
from tabletide.games.maracaibo.ai import tensor
from tabletide.games.maracaibo.ai.tensor import CARDS, CELL, CELL_FIELDS, CELL_HIDDEN, DATA_AT
from tabletide.games.maracaibo.constants import GRID, MODULES, ROUNDS
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import GAME, Effect, act, at, dice, kind, new, place, run, ship

ALL_MODULES: dict[str, Any] = {m: True for m in MODULES}
PER_PLAYER = (
    "player_numbers",
    "ship_at",
    "explorer_at",
    "cards_owned",
    "ship_board",
    "hideout",
    "tokens",
)
VP, DOUBLOONS = 0, 1  # the first two values of a player_numbers block (tensor.PLAYER_NUMBERS)
QUEST_COUNT = tensor.PLAYER_NUMBERS.index(f"quests held / {tensor.QUEST_SCALE:g}")
IS_JOHN = tensor.PLAYER_NUMBERS.index("is John Silver")
DICE = slice(ROUNDS + 2, ROUNDS + 5)  # the raid dice inside "turn" (see its meaning)


@cache
def layout(num_players: int) -> dict[str, Segment]:
    return {seg.name: seg for seg in GAME.tensor_layout(num_players)}


def part(s: MaracaiboState, seat: int, name: str) -> list[float]:
    """Segment ``name`` of ``seat``'s tensor of ``s``."""
    seg = layout(s.num_players)[name]
    return GAME.observation_tensor(s, seat)[seg.start : seg.start + seg.size]


def blocks(s: MaracaiboState, seat: int, name: str) -> list[list[float]]:
    """A per-player segment cut into its blocks, the observer's first."""
    values = part(s, seat, name)
    width = len(values) // s.participants
    return [values[k * width : (k + 1) * width] for k in range(s.participants)]


def ones(values: list[float]) -> list[int]:
    return [i for i, v in enumerate(values) if v]


def midgame(num_players: int, seed: int, steps: int, **options: Any) -> MaracaiboState:
    s = new(num_players, seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


# ---------------------------------------------------------------------------- conformance
@pytest.mark.parametrize(
    ("num_players", "options"),
    [
        (1, {}),
        (1, {"difficulty": 6, **ALL_MODULES}),
        (2, {}),
        (2, ALL_MODULES),
        (3, {"uncharted_upgrades": True, "layout": "open_sea"}),
        (3, {"first_game": True, "layout": "narrows", "skirmish": True, "rubies": True}),
        (4, {"uncharted_locations": True, "royal_orders": True, "retirement": True}),
        (4, ALL_MODULES),
    ],
)
def test_check_tensor_over_random_games(num_players: int, options: dict[str, Any]) -> None:
    check_tensor("maracaibo", num_players, seeds=[0, 1, 2], options=options, every=5)


def test_one_size_per_player_count_whatever_the_modules() -> None:
    option_sets: list[dict[str, Any]] = [
        {},
        ALL_MODULES,
        {"layout": "narrows", "first_game": True},
        {"rubies": True, "skirmish": True},
    ]
    for n in (1, 2, 3, 4):
        assert len({GAME.tensor_size(n, o) for o in option_sets}) == 1
    # Solo has two participants (the player and John Silver), like a 2-player game.
    assert GAME.tensor_size(1) == GAME.tensor_size(2) < GAME.tensor_size(3) < GAME.tensor_size(4)


def test_layout_is_named_and_documented() -> None:
    for n in (1, 2, 3, 4):
        segments = GAME.tensor_layout(n)
        names = [seg.name for seg in segments]
        assert len(names) == len(set(names))
        assert all(seg.meaning for seg in segments)
        assert sum(seg.size for seg in segments) == GAME.tensor_size(n)


def test_decision_kinds_are_every_decision_of_the_rules() -> None:
    assert set(tensor.DECISIONS) == set(MaracaiboState.LEGAL)


def test_values_stay_roughly_in_unit_range() -> None:
    for n, options in ((4, ALL_MODULES), (1, {})):
        s = new(n, 3, **options)
        rng = random.Random(3)
        while not s.is_terminal():
            values = GAME.observation_tensor(s, 0)
            # Final scores and hoards pass 1, never by much; Royal Orders may make VP negative.
            assert -1.0 <= min(values) <= max(values) <= 4.0
            s.apply(rng.choice(s.legal_actions()))


def _plain_income(s: MaracaiboState, p: int) -> tuple[int, int]:
    """MA-6.5 straight from the content: printed scrolls, then every income ability."""
    if p == s.john:
        return 0, 0
    d = sum(s.cards[c].income_d for c in s.owned[p])
    v = sum(s.cards[c].income_vp for c in s.owned[p])
    sources = [sl for i, sl in enumerate(s.content.ship.slots) if s.slots[p] >> i & 1]
    if s.fig[p] >= 0:
        sources.append(s.content.figureheads[s.fig[p]])
    sources += [s.cards[c] for c in s.owned[p]]
    for source in sources:
        for perm in source.permanent:
            if perm.perm == "income":
                d += perm.n
                v += perm.vp
    if s.fig[p] >= 0 and s.content.figureheads[s.fig[p]].special == "whale":
        d += len(s.quests[p])
    return d, v


def test_the_memoized_income_the_tensor_reads_is_the_plain_sum() -> None:
    seen = set()
    for n, options in ((4, ALL_MODULES), (1, ALL_MODULES), (3, {})):
        s = new(n, 5, **options)
        rng = random.Random(5)
        while not s.is_terminal():
            for p in range(s.participants):
                assert s.income(p) == _plain_income(s, p)
                seen.add(s.income(p))
            s.apply(rng.choice(s.legal_actions()))
    assert len(seen) > 5  # incomes grew during the games: the test compared real sums


# ---------------------------------------------------------------------------- known positions
def test_scores_and_doubloons_start_with_the_observer() -> None:
    s = new(3)
    s.vp[:] = [7, 12, 30]
    s.doubloons[:] = [3, 9, 27]
    seen = blocks(s, 1, "player_numbers")
    assert [b[VP] for b in seen] == pytest.approx([0.12, 0.30, 0.07])
    assert [b[DOUBLOONS] for b in seen] == pytest.approx([9 / 30, 27 / 30, 3 / 30])


def test_own_quests_are_exact_and_others_only_counted() -> None:
    s = new(2)
    mine, theirs = s.quests[0], s.quests[1]
    assert ones(part(s, 0, "own_quests")) == sorted(mine)
    assert ones(part(s, 1, "own_quests")) == sorted(theirs)
    assert blocks(s, 0, "player_numbers")[1][QUEST_COUNT] == pytest.approx(len(theirs) / 6)
    # Swapping seat 1's quests for others from the deck is invisible to seat 0.
    before = GAME.observation_tensor(s, 0)
    s.quests[1], s.quest_deck[: len(theirs)] = s.quest_deck[: len(theirs)], theirs
    assert GAME.observation_tensor(s, 0) == before
    assert ones(part(s, 1, "own_quests")) == sorted(s.quests[1])


def test_the_pending_decision_and_who_takes_it() -> None:
    s = new(2)
    assert kind(s) == "move"
    move = tensor.DECISIONS.index("move")
    for seat in (0, 1):
        assert ones(part(s, seat, "decision_kind")) == [move]
    assert part(s, 0, "decision_seat") == [1.0, 0.0]
    assert part(s, 1, "decision_seat") == [0.0, 1.0]


def test_a_raid_shows_its_dice_rerolls_colour_and_strength() -> None:
    s = new(2)
    dice(s, 5, 2, 6)
    run(s, 0, Effect(do="raid"))
    assert kind(s) == "reroll"
    assert part(s, 1, "turn")[DICE] == pytest.approx([5 / 6, 2 / 6, 1.0])
    data = part(s, 0, "decision_data")
    assert data[DATA_AT["rerolls"]] == pytest.approx(1 / tensor.REROLL_SCALE)
    act(s, "die", die=0)  # the yellow 5: gold, no bonus yet
    assert kind(s) == "spend"
    data = part(s, 0, "decision_data")
    assert data[DATA_AT["color"] : DATA_AT["color"] + 3] == [1.0, 0.0, 0.0]
    assert data[DATA_AT["strength"]] == pytest.approx(5 / tensor.STRENGTH_SCALE)
    assert ones(part(s, 0, "decision_kind")) == [tensor.DECISIONS.index("spend")]


def test_the_caribbean_shows_face_up_cards_and_hides_face_down_ones() -> None:
    s = new(2)
    node = s.board.slots[5]
    card = place(s, node, "Tobago")
    cell = part(s, 0, "grid_card")[node * CARDS : (node + 1) * CARDS]
    assert ones(cell) == [card]
    place(s, node, "Tobago", up=False)
    assert not any(part(s, 0, "grid_card")[node * CARDS : (node + 1) * CARDS])
    face_down = node * CELL_FIELDS + len(CELL) + CELL_HIDDEN.index("face down")
    assert part(s, 0, "grid_cell")[face_down] == 1.0


def test_ships_and_rival_pieces_are_placed_relative_to_the_observer() -> None:
    s = new(3)
    ship(s, 2, at(3, 2))
    seen = blocks(s, 1, "ship_at")  # seat 1 sees seat 2 in its second block
    assert ones(seen[1]) == [at(3, 2)]
    node = next(n for n in range(GRID) if s.slot[n] >= 0 and s.cards[s.slot[n]].type == "location")
    s.smug[node] = 2 * 10 + 4  # seat 2's smuggler tile 4
    pieces = part(s, 1, "grid_pieces")
    width = len(pieces) // GRID
    assert ones(pieces[node * width : (node + 1) * width]) == [1, s.participants + 4]


def test_solo_game_has_john_silver_second() -> None:
    s = new(1, difficulty=3)
    assert s.participants == 2
    numbers = blocks(s, 0, "player_numbers")
    assert [b[IS_JOHN] for b in numbers] == [0.0, 1.0]
    john = part(s, 0, "john")
    assert john[tensor.JOHN_SPACES + 1] == pytest.approx(len(s.solo_deck) / tensor.SOLO_CARDS)
    assert ones(john[: tensor.JOHN_SPACES]) == [0]  # his cube on the first space
    options = part(s, 0, "options")
    assert options[-1] == pytest.approx(3 / 6)  # difficulty
    assert not any(part(new(2), 0, "john"))


def test_active_modules_are_flagged() -> None:
    s = new(2, rubies=True, skirmish=True)
    flags = part(s, 0, "options")[: len(MODULES)]
    assert [m for m, f in zip(MODULES, flags, strict=True) if f] == ["skirmish", "rubies"]


# ---------------------------------------------------------------------------- seats and facts
@pytest.mark.parametrize("seat", [1, 2])
def test_per_player_blocks_rotate_with_the_observer(seat: int) -> None:
    s = midgame(3, 7, 60)
    assert not s.is_terminal()
    differ = False
    for name in PER_PLAYER:
        mine, theirs = blocks(s, 0, name), blocks(s, seat, name)
        for k in range(3):
            assert theirs[k] == mine[(k + seat) % 3], name
        differ = differ or mine[0] != mine[1]
    assert differ  # the check compares blocks that are not all alike
    who = (s.current_player() - seat) % 3
    assert ones(part(s, seat, "decision_seat")) == [who]


def test_public_facts_change_the_tensor() -> None:
    s = midgame(2, 11, 40)
    base = GAME.observation_tensor(s, 0)
    more_gold = s.clone()
    more_gold.islands[0] += 2
    assert GAME.observation_tensor(more_gold, 0) != base
    assert part(more_gold, 0, "supply")[0] == pytest.approx(s.islands[0] / 10 + 0.2)
    upgraded = s.clone()
    free = next(i for i in range(16) if not upgraded.slots[1] >> i & 1)
    upgraded.slots[1] |= 1 << free
    assert free in ones(blocks(upgraded, 0, "ship_board")[1])
    assert GAME.observation_tensor(upgraded, 0) != base


def test_hidden_cards_and_deck_order_do_not_show() -> None:
    s = new(3, uncharted_upgrades=True)
    down = [n for n in range(GRID) if s.slot[n] >= 0 and not s.up[n]]
    assert down
    before = [GAME.observation_tensor(s, seat) for seat in range(3)]
    box_card = next(b for b in s.box if s.cards[b].type == s.cards[s.slot[down[0]]].type)
    s.box[s.box.index(box_card)], s.slot[down[0]] = s.slot[down[0]], box_card
    s.deck2[:-1] = list(reversed(s.deck2[:-1]))  # the order below a face-up top
    s.quest_deck.reverse()
    assert [GAME.observation_tensor(s, seat) for seat in range(3)] == before
