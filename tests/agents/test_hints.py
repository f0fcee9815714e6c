"""Hints (issue 22): "what would hard do here?" from what the seat may know only."""

from __future__ import annotations

from typing import Any

import pytest

from tabletide.agents.hints import hint
from tabletide.agents.ismcts import IsmctsAgent
from tabletide.engine import State

from .conftest import lanterns_position


def _position(seed: int) -> State:
    """Seat 0 to play; seat 1 secretly holds the three 6s."""
    return lanterns_position([[1, 2, 4], [6, 6, 6]], [3, 5, 1, 2, 4, 5], [], seat=0, seed=seed)


def test_a_hint_rates_the_top_three_options_best_first() -> None:
    state = _position(1)
    advice = hint(state, 0, seed=3)
    legal = state.legal_actions()
    assert advice.level == "hard" and advice.search == "ismcts"
    assert 1 <= len(advice.options) <= 3 and len({o.index for o in advice.options}) == len(
        advice.options
    )
    for option in advice.options:
        assert legal[option.index] == option.action and 0.0 <= option.rating <= 1.0
    searches = [int(o.text.split(" · ")[1].split()[0]) for o in advice.options]
    assert searches == sorted(searches, reverse=True), "best (most searched) first"
    data = advice.to_json()
    assert data["options"][0]["label"] == advice.options[0].action.label  # type: ignore[index]


def test_the_search_behind_a_hint_never_sees_another_seats_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[State] = []
    search = IsmctsAgent.search

    def spy(self: IsmctsAgent, world: State) -> Any:
        seen.append(world.clone())
        return search(self, world)

    monkeypatch.setattr(IsmctsAgent, "search", spy)
    revealed = 0
    for seed in range(10):
        state = _position(seed)
        hint(state, 0, seed=seed)
        world = seen[-1]
        assert world.observation(0) == state.observation(0)
        revealed += world.hands[1] == [6, 6, 6]  # type: ignore[attr-defined]
    assert revealed <= 1, f"seat 1's three 6s reached seat 0's hint {revealed} times in 10"


def test_a_hint_is_only_for_the_seat_to_move() -> None:
    state = _position(0)
    with pytest.raises(ValueError, match="not seat 1's decision"):
        hint(state, 1)
