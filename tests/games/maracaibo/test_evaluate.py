"""The bots' evaluation of Pirates of Maracaibo (``evaluate.py``): the final score at the end
(solo: the margin over John Silver), pure, the same for equal positions of different seats,
never lower for more material, time-aware, and good enough that the greedy bot finds the
clearly better move in hand-built positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tabletide.agents import GreedyAgent
from tabletide.engine import Rng
from tabletide.games.maracaibo.ai.evaluate import (
    doubloon_rate,
    evaluate,
    income,
    john_value,
    player_value,
    rounds_left,
    tables,
    terms,
)
from tabletide.games.maracaibo.constants import GRID, ROUNDS
from tabletide.games.maracaibo.content import load_content
from tabletide.games.maracaibo.scoring import breakdown
from tabletide.games.maracaibo.state import MaracaiboState

from .helpers import GAME, Effect, act, at, begin, card_id, give, kind, new, place, run, treasure

A, B = 0, 1
GOLD, EMERALD, PEARL = range(3)
CARDS = load_content().cards


# ---------------------------------------------------------------------------- positions
def played(n: int, seed: int, steps: int | None = None, **options: Any) -> MaracaiboState:
    """A game of random moves, stopped after ``steps`` decisions (None: at the end)."""
    s = GAME.new_state(n, seed=seed, options=options)
    assert isinstance(s, MaracaiboState)
    rng = Rng(seed)
    k = 0
    while not s.is_terminal() and (steps is None or k < steps):
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    return s


def snapshot(s: MaracaiboState) -> dict[str, str]:
    """Every field of the state (and the generator's position), as text; not the memo of
    ``perms`` (a lookup table shared by clones, not a fact of the game)."""
    skip = ("game", "c", "cards", "rng", "perms_memo")
    out = {k: repr(v) for k, v in vars(s).items() if k not in skip}
    out["rng"] = repr(s.rng._s)
    return out


MID_GAME = [(2, 3, 60), (2, 4, 110), (3, 5, 90), (4, 6, 150)]
"""(players, seed, decisions) of positions in rounds 1-3."""


# ---------------------------------------------------------------------------- the end of the game
@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2), (4, 3)])
def test_value_at_the_end_is_the_final_score(players: int, seed: int) -> None:
    s = played(players, seed)
    assert s.is_terminal()
    for seat in range(players):
        assert evaluate(s, seat) == s.scores()[seat] == GAME.evaluate(s, seat)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_solo_value_at_the_end_is_the_margin_over_john(seed: int) -> None:
    s = played(1, seed)
    assert s.is_terminal() and s.john == 1
    assert evaluate(s, 0) == s.vp[0] - s.vp[1]
    assert (evaluate(s, 0) > 0) == (s.winners() == [0])  # MA-8.29: a tie is a loss


def test_value_just_before_the_end_is_close_to_the_final_score() -> None:
    """The last decision of a game: little is left to estimate, so the value is within a few
    VP of what the final scoring then gives (doubloons round down, income is paid once)."""
    for seed in range(3):
        s = played(2, seed)
        last = played(2, seed, len(s.history) - 1)
        assert not last.is_terminal() and last.round == ROUNDS
        for seat in range(2):
            assert abs(evaluate(last, seat) - s.scores()[seat]) <= 12


# ---------------------------------------------------------------------------- purity and symmetry
@pytest.mark.parametrize(("players", "seed", "steps"), [*MID_GAME, (1, 7, 40)])
def test_evaluate_changes_nothing(players: int, seed: int, steps: int) -> None:
    s = played(players, seed, steps)
    before = snapshot(s)
    for seat in range(players):
        value = evaluate(s, seat)
        assert snapshot(s) == before
        assert evaluate(s, seat) == value


def mirror(s: MaracaiboState, src: int, dst: int) -> None:
    """Give participant ``dst`` exactly what ``src`` has (the board's smuggler tiles removed)."""
    for name in ("ship", "explorer", "rivers", "doubloons", "vp", "slots", "fig", "rubies"):
        getattr(s, name)[dst] = getattr(s, name)[src]
    for name in ("owned", "store", "bonus", "buried_at", "poseidon", "quests", "smug_left"):
        getattr(s, name)[dst] = list(getattr(s, name)[src])
    s.smug = [-1] * GRID
    for who in s.res.values():
        if dst in who:
            who.remove(dst)
        if src in who:
            who.append(dst)


@pytest.mark.parametrize(("players", "seed", "steps"), MID_GAME)
def test_equal_positions_of_different_seats_are_worth_the_same(
    players: int, seed: int, steps: int
) -> None:
    s = played(players, seed, steps)
    mirror(s, A, B)
    assert evaluate(s, A) == evaluate(s, B)
    assert terms(s, A) == terms(s, B)


# ---------------------------------------------------------------------------- more is better
def add_vp(s: MaracaiboState, p: int) -> None:
    s.vp[p] += 3


def add_doubloons(s: MaracaiboState, p: int) -> None:
    s.doubloons[p] += 5


def add_treasure(s: MaracaiboState, p: int) -> None:
    s.store[p][PEARL] += 1


def add_river(s: MaracaiboState, p: int) -> None:
    free = next(r for r in range(5) if not s.rivers[p] >> r & 1)
    s.rivers[p] |= 1 << free


def add_card(s: MaracaiboState, p: int) -> None:
    s.owned[p].append(card_id(s, "Treasure Galleon"))


def add_slot(s: MaracaiboState, p: int) -> None:
    free = next(i for i in range(16) if not s.slots[p] >> i & 1)
    s.slots[p] |= 1 << free


def add_quest(s: MaracaiboState, p: int) -> None:
    s.quests[p].append(s.quest_deck.pop())


def add_residence(s: MaracaiboState, p: int) -> None:
    card = next(c for c, who in s.res.items() if p not in who)
    s.res[card].append(p)


MORE: list[Callable[[MaracaiboState, int], None]] = [
    add_vp,
    add_doubloons,
    add_treasure,
    add_river,
    add_card,
    add_slot,
    add_quest,
    add_residence,
]


@pytest.mark.parametrize("more", MORE, ids=lambda f: f.__name__)
@pytest.mark.parametrize(("players", "seed", "steps"), MID_GAME)
def test_more_material_never_lowers_the_value(
    players: int, seed: int, steps: int, more: Callable[[MaracaiboState, int], None]
) -> None:
    s = played(players, seed, steps)
    for p in range(players):
        before = evaluate(s, p)
        more(s, p)
        assert evaluate(s, p) > before, (more.__name__, p)


@pytest.mark.parametrize(("players", "seed", "steps"), MID_GAME)
def test_a_buried_treasure_is_worth_more_than_one_above_the_line(
    players: int, seed: int, steps: int
) -> None:
    s = played(players, seed, steps)
    for p in range(players):
        color = next(c for c in range(3) if s.buried_in(p, c) < 3)
        s.store[p][color] += 1
        above = evaluate(s, p)
        s.store[p][color] -= 1
        s.buried_at[p][color] = s.buried_at[p][color] << 1 | 1
        assert evaluate(s, p) > above


def test_other_seats_material_does_not_change_a_seats_value() -> None:
    s = played(3, 5, 90)
    before = evaluate(s, A)
    for more in MORE:
        more(s, B)
    assert evaluate(s, A) == before


@pytest.mark.parametrize("letter", ["B", "E", "F", "L"])
def test_a_figureheads_abilities_are_worth_something(letter: str) -> None:
    """Dragon (explore +2), Lion (raid +2), Sea Serpent (income), Unicorn (discount 2)."""
    s = played(2, 3, 60)
    p = next(q for q in range(2) if s.fig[q] < 0)
    before = evaluate(s, p)
    s.fig[p] = "ABCDEFGHIJKL".index(letter)
    assert evaluate(s, p) > before


def test_the_evaluations_income_is_the_games_income() -> None:
    """The evaluation reads income from precomputed tables; they agree with ``s.income``."""
    for players in (1, 2, 4):
        for seed in range(3):
            options = {"rubies": True, "royal_orders": True} if seed else {}
            s = GAME.new_state(players, seed=seed, options=options)
            assert isinstance(s, MaracaiboState)
            rng = Rng(seed)
            while not s.is_terminal():
                for p in range(s.participants):
                    if p != s.john:
                        assert income(s, p, tables(s.content)) == s.income(p)
                s.apply(rng.choice(s.legal_actions()))


def test_the_whales_quest_income_is_counted() -> None:
    """MA-10.1.D: the Whale adds 1 doubloon of income per quest card held (MA-GAP-10.3)."""
    s = new(2)
    s.fig[A] = "ABCDEFGHIJKL".index("D")
    s.quests[A].append(s.quest_deck.pop())
    assert income(s, A, tables(s.content)) == s.income(A) == (2, 0)


# ---------------------------------------------------------------------------- time
def test_the_clock_runs_down_over_the_game() -> None:
    s = new(2)
    assert rounds_left(s) == ROUNDS
    s.ship[A] = at(5, 1)
    assert ROUNDS - 1 < rounds_left(s) < ROUNDS
    s.round, s.ending = ROUNDS, True
    assert rounds_left(s) == 0
    assert doubloon_rate(0) == 0.2  # MA-7.2: 1 VP per 5 doubloons at the end
    assert doubloon_rate(ROUNDS) > doubloon_rate(1.5) > doubloon_rate(0)


def test_money_and_abilities_are_worth_more_early_than_late() -> None:
    s = new(2)
    give(s, A, "Ghost Ship")  # a permanent discount of 3
    early = terms(s, A)
    s.round = ROUNDS
    s.ship[B] = at(8, 0)
    late = terms(s, A)
    assert early["doubloons"] > late["doubloons"] > 0
    assert early["abilities"] > late["abilities"] > 0
    assert early["card_vp"] == late["card_vp"] == CARDS[card_id(s, "Ghost Ship")].vp


def test_income_counts_every_income_phase_still_to_come() -> None:
    s = new(2)
    give(s, A, "Fleet Chaplain")  # 2 VP income, no doubloons
    assert s.income(A) == (0, 2)
    assert terms(s, A)["income"] == 2 * ROUNDS
    s.round = ROUNDS
    assert terms(s, A)["income"] == 2


# ---------------------------------------------------------------------------- solo
def test_solo_value_is_the_margin_over_johns_scoring_now() -> None:
    s = played(1, 7, 40)
    assert not s.is_terminal()
    john = sum(breakdown(s, s.john).values())
    assert john_value(s) == john > 0
    assert evaluate(s, 0) == pytest.approx(player_value(s, 0) - john)


def test_solo_what_john_gains_the_player_loses() -> None:
    s = played(1, 7, 40)
    before = evaluate(s, 0)
    s.vp[s.john] += 6  # Maracaibo (MA-8.10)
    assert evaluate(s, 0) == pytest.approx(before - 6)
    s.quests[s.john].append(s.quest_deck.pop())  # 5 VP per quest (MA-8.28)
    assert evaluate(s, 0) == pytest.approx(before - 11)
    s.owned[s.john].append(card_id(s, "Tobacco"))  # 6 VP per card, its effects ignored
    assert evaluate(s, 0) == pytest.approx(before - 17)


# ---------------------------------------------------------------------------- greedy finds it
def greedy_plays(s: MaracaiboState) -> None:
    """The greedy bot takes the pending decision."""
    s.apply(GreedyAgent(seed=1).act(s))


@pytest.mark.parametrize("players", [1, 2])
def test_greedy_buries_a_treasure(players: int) -> None:
    s = new(players)
    treasure(s, A, "emerald", 1)
    run(s, A, Effect(do="bury"))
    assert kind(s) == "bury"
    greedy_plays(s)
    assert s.buried_in(A, EMERALD) == 1


def test_greedy_explores_across_a_river() -> None:
    """From space 2, explore 3 reaches 3 (a quest), 4 and 5 (beyond river R1): crossing is
    worth 4 VP at the end (MA-7.1)."""
    s = new(2)
    s.explorer[A] = 2
    run(s, A, Effect(do="explore", n=3))
    assert kind(s) == "explore"
    greedy_plays(s)
    assert s.rivers[A] & 1 and s.explorer[A] in (4, 5)


def test_greedy_buys_a_rich_card_in_the_last_round_instead_of_five_doubloons() -> None:
    """Round 3: 5 doubloons are worth 1 VP at the end; the card is worth its 4 VP plus one
    income phase of 2 doubloons and 2 VP."""
    s = new(2)
    s.round = ROUNDS
    s.doubloons[A] = 20
    place(s, at(2, 0), "Treasure Galleon")
    begin(s, A, at(1, 0))
    act(s, "sail", to=at(2, 0))
    assert kind(s) == "upgrade_space"
    greedy_plays(s)
    assert card_id(s, "Treasure Galleon") in s.owned[A]


def test_greedy_takes_the_treasure_whose_island_is_fullest() -> None:
    """A treasure of any type: with 8 gold cubes on their island a gold is worth 5 VP at today's
    values, an emerald (island empty) 2 VP (MA-7.6), even though the emerald's bonus space
    (2 VP) beats the gold's (3 doubloons or 1 VP)."""
    s = new(2)
    s.islands = [8, 0, 2]
    run(s, A, Effect(do="treasure", color="any"))
    assert kind(s) == "color"
    greedy_plays(s)
    assert kind(s) == "store"  # the cube is taken; where to put it is the next decision
    greedy_plays(s)
    assert s.treasure(A, GOLD) == 1 and s.treasure(A, EMERALD) == s.treasure(A, PEARL) == 0


def test_greedy_builds_a_residence_that_pays_in_full() -> None:
    """Six Crew cards: the 4-VP-per-Crew residence is worth its 24 VP cap at once."""
    s = new(2)
    s.doubloons[A] = 30
    crews = [c.name for c in CARDS if c.type == "upgrade" and c.category == "crew"][:6]
    for name in crews:
        give(s, A, name)
    node = at(2, 0)
    place(s, node, "Bosun's Rest")
    begin(s, A, at(1, 0))
    act(s, "sail", to=node)
    assert kind(s) == "residence_space"
    greedy_plays(s)
    assert A in s.res[card_id(s, "Bosun's Rest")]
