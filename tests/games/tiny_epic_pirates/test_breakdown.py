"""The end screen's scoring: treasures, then the tie-breaks of PC-5.27.3, in rank order."""

from __future__ import annotations

import pytest

from tabletide.engine import Rng, load_game

GAME = load_game("tiny_epic_pirates")


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (4, 3)])
def test_the_breakdown_is_what_ranks_the_seats(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    rng = Rng(seed)
    assert "breakdown" not in state.observation(0)["state"], "only at the end"
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    rows = state.observation(0)["state"]["breakdown"]
    assert [r["treasures"] for r in rows] == state.scores()
    keys = [
        tuple(r[k] for k in ("treasures", "tie_break_1_infamy", "tie_break_2_gold",
                             "tie_break_3_loot_aboard"))
        for r in rows
    ]  # fmt: skip
    if players > 1:
        best = max(keys)
        assert state.winners() == [i for i, k in enumerate(keys) if k == best]
