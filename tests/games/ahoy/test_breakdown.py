"""The end screen's scoring by source: it adds up to each seat's fame."""

from __future__ import annotations

import pytest

from tabletide.engine import Rng, load_game

GAME = load_game("ahoy")


@pytest.mark.rule("AH-1.6")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_fame_by_source_adds_up_to_the_final_fame(players: int, seed: int) -> None:
    """AH-1.6: fame comes only from region control, deliveries, the grid's fame spaces and
    the favor cards; those four add up to every seat's final fame."""
    state = GAME.new_state(players, seed)
    rng = Rng(seed)
    assert "breakdown" not in state.observation(None)["state"], "only at the end"
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for seat in [*range(players), None]:
        rows = state.observation(seat)["state"]["breakdown"]
        assert [r["seat"] for r in rows] == list(range(players))
        for row in rows:
            total = sum(v for k, v in row.items() if k != "seat")
            assert total == state.scores()[row["seat"]]
    assert any(r["regions"] > 0 for r in rows), "region control scores in every game"
