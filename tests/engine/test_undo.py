"""Undo as Board Game Arena allows it: own moves of the turn, no chance, nothing revealed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agents.conftest import lanterns_position
from agents.toys import VAULT
from tabletide.engine import Action, Rng, State, load_game
from tabletide.engine.undo import _seen, check_move, is_reversible, observation, undo_depth


def step(state: State, action: Action) -> bool:
    before = state.clone()
    state.apply(action)
    return is_reversible(before, action, state)


def test_moves_without_chance_or_secrets_are_reversible() -> None:
    state = VAULT.new_state(2, 0)
    assert step(state, Action.make("door", door=1))
    assert step(state, Action.make("drawer", drawer=2))


def test_a_move_that_shows_the_mover_a_hidden_card_is_not() -> None:
    # Seat 0 plays a 5 and draws the deck's top, which it did not know.
    state = lanterns_position([[1, 5], [2, 4]], deck=[1, 2, 2, 3, 4, 6], pile=[])
    assert not step(state, Action.make("play", card=5))


def test_showing_others_ones_own_secret_does_not_stop_an_undo() -> None:
    # The deck is empty: seat 0 only shows the others the 5 it held, which gives it nothing.
    state = lanterns_position([[1, 5], [2, 4], [3, 6]], deck=[], pile=[])
    assert step(state, Action.make("play", card=5))


def test_a_random_draw_is_never_reversible() -> None:
    state = VAULT.new_state(1, 0)
    before = state.clone()
    state.apply(Action.make("door", door=0))
    state.rng.next_u64()  # as if the move had rolled a die
    assert not is_reversible(before, Action.make("door", door=0), state)


def test_undo_depth_is_the_run_of_own_reversible_moves_while_still_deciding() -> None:
    moves = [(1, True), (0, True), (0, False), (0, True), (0, True)]
    assert undo_depth(moves, current_seat=0, seat=0) == 2
    assert undo_depth(moves, current_seat=1, seat=0) == 0, "the turn has passed"
    assert undo_depth(moves, current_seat=1, seat=1) == 0, "another seat moved since"
    assert undo_depth([(0, True), (0, True)], current_seat=0, seat=0) == 2
    assert undo_depth([], current_seat=0, seat=0) == 0


def random_moves(
    name: str, rng_seed: int, game_seed: int, limit: int = 300
) -> Iterator[tuple[State, Action, State]]:
    """(the position before, the move, the position after) along a random 2-player game of
    ``name``; the position after is the game's own state, moved on at the next step."""
    rng = Rng(rng_seed)
    state = load_game(name).new_state(2, game_seed)
    for _ in range(limit):
        if state.is_terminal():
            return
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state


@pytest.mark.parametrize(
    "name", ["shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"]
)
def test_real_games_have_reversible_and_irreversible_moves_and_no_false_ones(name: str) -> None:
    """Over random play both kinds occur, and no move found reversible with the usual samples
    turns out otherwise with four times as many (the check samples the hidden facts)."""
    kinds = set()
    reversible = slipped = 0
    for before, action, state in random_moves(name, rng_seed=5, game_seed=3):
        flag = is_reversible(before, action, state)
        kinds.add(flag)
        if flag:
            reversible += 1
            slipped += not is_reversible(before, action, state, samples=32)
    assert kinds == {True, False}
    assert reversible and not slipped, f"{slipped} of {reversible} reversible moves were not"


@pytest.mark.parametrize(
    "name", ["shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"]
)
def test_the_check_compares_the_observation_but_its_log(name: str) -> None:
    """The check compares what the mover sees without the log's text (written from the
    events and names, which are compared): the same fields as ``observation`` but ``log``,
    with the same values, at every step and for every seat, at the end too."""
    game = load_game(name)
    rng = Rng(9)
    state = game.new_state(2, 4)
    while True:
        for seat in range(2):
            full = state.observation(seat)
            del full["log"]
            assert _seen(state, seat) == full
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    "name", ["shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north"]
)
def test_a_run_of_moves_reusing_its_copies_is_judged_as_afresh(name: str) -> None:
    """A server checks a seat's next move of a run on the copies the previous check tried
    (``check_move``'s worlds): over random play it gives the flags of fresh samples."""
    worlds = None
    reused = 0
    for before, action, state in random_moves(name, rng_seed=7, game_seed=5):
        if state.current_player() != before.current_player():
            worlds = None
            continue
        reused += worlds is not None
        flag, worlds, seen = check_move(before, action, state, worlds=worlds)
        assert flag == is_reversible(before, action, state)
        assert (worlds is not None) == flag
        if seen is not None:  # the mover's view, built from what the check worked out
            mover = before.current_player()
            assert observation(state, mover, seen) == state.observation(mover)
            assert list(observation(state, mover, seen)) == list(state.observation(mover))
    assert reused > 5
