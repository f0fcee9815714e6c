"""Seat names (``State.names``): presentation only, set once, kept by copies, shown to all."""

from __future__ import annotations

import pytest

from tabletide.engine import Replay
from tabletide.engine.state import MAX_NAME_LENGTH
from tabletide.engine.view import validate_observation

from .toy_game import GAME, LanternsState


def test_default_names_are_seat_numbers(mid_state: LanternsState) -> None:
    assert mid_state.names == ["Seat 0", "Seat 1", "Seat 2"]
    assert mid_state.seat_name(2) == "Seat 2"
    assert mid_state.observation(None)["names"] == ["Seat 0", "Seat 1", "Seat 2"]
    prompt = mid_state.prompt()
    assert prompt is not None and prompt["text"].startswith(f"Seat {prompt['seat']}: ")


def test_set_names_strips_and_every_view_shows_the_same_list(mid_state: LanternsState) -> None:
    mid_state.set_names(["  Alice ", "Bob", "greedy bot"])
    assert mid_state.names == ["Alice", "Bob", "greedy bot"]
    assert mid_state.seat_name(0) == "Alice"
    for seat in [0, 1, 2, None]:
        view = mid_state.observation(seat)
        validate_observation(GAME, view)
        assert view["names"] == ["Alice", "Bob", "greedy bot"]
    view = mid_state.observation(0)
    view["names"].append("x")  # a copy: editing a view never renames the table
    assert mid_state.names == ["Alice", "Bob", "greedy bot"]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Alice", "Bob"], "one name per seat \\(3\\)"),
        (["Alice", "Bob", "Carol", "Dave"], "one name per seat"),
        ("Abc", "one name per seat"),
        (["Alice", "   ", "Carol"], "seat 1 must be a non-empty string"),
        (["Alice", "", "Carol"], "seat 1 must be a non-empty string"),
        (["Alice", None, "Carol"], "seat 1 must be a non-empty string"),
        (["Alice", "Bob", "x" * (MAX_NAME_LENGTH + 1)], "seat 2 is 41 characters long"),
    ],
)
def test_set_names_refuses_bad_lists(mid_state: LanternsState, names: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mid_state.set_names(names)  # type: ignore[arg-type]
    assert mid_state.names == ["Seat 0", "Seat 1", "Seat 2"]  # unchanged


def test_a_name_of_exactly_the_limit_is_accepted(mid_state: LanternsState) -> None:
    mid_state.set_names(["a" * MAX_NAME_LENGTH, "b", "c"])
    assert mid_state.seat_name(0) == "a" * MAX_NAME_LENGTH


def test_the_prompt_and_the_log_say_who_by_name(mid_state: LanternsState) -> None:
    mid_state.set_names(["Alice", "Bob", "Carol"])
    prompt = mid_state.prompt()
    assert prompt is not None
    assert prompt["text"].startswith(f"{['Alice', 'Bob', 'Carol'][prompt['seat']]}: ")
    view = mid_state.observation(1)
    assert view["prompt"]["text"] == prompt["text"]
    log = " ".join(view["log"])
    assert "Alice" in log and "Bob" in log and "Carol" in log
    assert "Seat " not in log
    # event_text without names keeps the numbers (the research APIs' text)
    assert GAME.event_text(mid_state.events[1]).startswith("Seat ")


def test_copies_keep_the_names_and_the_rules_ignore_them(mid_state: LanternsState) -> None:
    plain = mid_state.clone()
    mid_state.set_names(["Alice", "Bob", "Carol"])
    twin = mid_state.clone()
    world = mid_state.determinize(0, seed=5)
    assert twin.names == world.names == ["Alice", "Bob", "Carol"]
    assert plain.names == ["Seat 0", "Seat 1", "Seat 2"]  # a copy taken before is not renamed
    twin.set_names(["Dora", "Bob", "Carol"])
    assert mid_state.names == ["Alice", "Bob", "Carol"]  # nor is the original by its copy
    # Names are presentation: the same moves, tensors-free state and replay either way.
    assert mid_state.legal_actions() == plain.legal_actions()
    action = mid_state.legal_actions()[0]
    mid_state.apply(action)
    plain.apply(action)
    assert mid_state.names == ["Alice", "Bob", "Carol"]
    assert Replay.from_state(mid_state).to_json() == Replay.from_state(plain).to_json()
