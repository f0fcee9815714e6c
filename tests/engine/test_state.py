from __future__ import annotations

from typing import Any

import pytest

from tabletide.engine import Action, Frame, IllegalActionError, MalformedActionError, State

from .toy_game import LanternsGame, LanternsState


def snapshot(state: State) -> tuple[Any, ...]:
    return (
        [state.observation(s) for s in [*range(state.num_players), None]],
        list(state.history),
        state.rng.position,
        list(state.stack),
        [dict(e) for e in state.events],
    )


@pytest.mark.parametrize(
    "action",
    [
        Action.make("discard", card=1),  # a kind not pending now
        Action.make("play", card=6),  # not in hand (seat 0 of seed 11 holds no 6: checked below)
        Action.make("play", card=9),  # outside the action space
        Action.make("fly"),
    ],
)
def test_illegal_action_raises_and_leaves_state_unchanged(
    mid_state: LanternsState, action: Action
) -> None:
    assert action not in mid_state.legal_actions()
    before = snapshot(mid_state)
    with pytest.raises(IllegalActionError):
        mid_state.apply(action)
    assert snapshot(mid_state) == before


def test_illegal_action_message_names_the_decision(mid_state: State) -> None:
    with pytest.raises(IllegalActionError, match=r"decision 'turn' of seat \d"):
        mid_state.apply(Action.make("discard", card=1))


def test_non_action_is_malformed(mid_state: State) -> None:
    before = snapshot(mid_state)
    with pytest.raises(MalformedActionError):
        mid_state.apply({"kind": "pass"})  # type: ignore[arg-type]
    assert snapshot(mid_state) == before


def test_apply_after_the_end_raises(game: LanternsGame) -> None:
    state = game.new_state(2, 3)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(Action.make("pass"))
    assert state.current_player() == -1
    assert state.prompt() is None


def finished(game: LanternsGame, points: list[int]) -> LanternsState:
    state = game.new_state(len(points), 0)
    assert isinstance(state, LanternsState)
    state.points = points
    state.stack.clear()
    return state


@pytest.mark.parametrize(
    ("points", "returns", "winners"),
    [
        ([5, 9], [-1.0, 1.0], [1]),
        ([4, 4], [0.0, 0.0], [0, 1]),
        ([1, 7, 3], [-1.0, 1.0, 0.0], [1]),
        ([7, 7, 3], [0.5, 0.5, -1.0], [0, 1]),
        ([2, 2, 2, 2], [0.0, 0.0, 0.0, 0.0], [0, 1, 2, 3]),
        ([9, 1, 1, 1], [1.0, -1 / 3, -1 / 3, -1 / 3], [0]),
    ],
)
def test_returns_are_rank_utilities_with_shared_ties(
    game: LanternsGame, points: list[int], returns: list[float], winners: list[int]
) -> None:
    state = finished(game, points)
    assert state.returns() == pytest.approx(returns)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.winners() == winners


def test_returns_are_zero_and_no_winners_before_the_end(mid_state: State) -> None:
    assert mid_state.returns() == [0.0] * mid_state.num_players
    assert mid_state.winners() == []


def test_events_for_removes_other_seats_secrets(mid_state: LanternsState) -> None:
    draws = [e for e in mid_state.events if e["type"] in ("deal", "draw")]
    assert draws and all("secret" in e for e in draws)
    for seat in range(mid_state.num_players):
        for event in mid_state.events_for(seat):
            assert ("secret" in event) == (
                event["type"] in ("deal", "draw") and event["seat"] == seat
            )
    assert all("secret" not in e for e in mid_state.events_for(None))
    # the original log keeps its secrets
    assert all("secret" in e for e in draws)


def test_observation_shows_only_own_hand(mid_state: LanternsState) -> None:
    for seat in range(mid_state.num_players):
        view = mid_state.observation(seat)
        assert view["state"]["hand"] == mid_state.hands[seat]
        log = "\n".join(view["log"])
        assert f"Seat {seat} is dealt 3 cards: [" in log
        for other in range(mid_state.num_players):
            if other != seat:
                assert f"Seat {other} is dealt 3 cards:" not in log
                assert f"Seat {other} draws a card" in log
    assert "hand" not in mid_state.observation(None)["state"]
    with pytest.raises(ValueError):
        mid_state.observation(mid_state.num_players)


def test_determinize_resamples_hidden_facts_without_touching_the_original(
    mid_state: LanternsState,
) -> None:
    seat = mid_state.current_player()
    before = snapshot(mid_state)
    hands_before = [h[:] for h in mid_state.hands]
    deck_before = mid_state.deck[:]
    samples: list[LanternsState] = []
    for s in range(20):
        twin = mid_state.determinize(seat, s)
        assert isinstance(twin, LanternsState)
        samples.append(twin)
    assert snapshot(mid_state) == before
    assert mid_state.hands == hands_before and mid_state.deck == deck_before
    for twin in samples:
        assert twin.hands[seat] == mid_state.hands[seat]
        assert [len(h) for h in twin.hands] == [len(h) for h in mid_state.hands]
        assert len(twin.deck) == len(mid_state.deck)
        hidden = sorted(
            mid_state.deck + [c for s, h in enumerate(mid_state.hands) if s != seat for c in h]
        )
        assert (
            sorted(twin.deck + [c for s, h in enumerate(twin.hands) if s != seat for c in h])
            == hidden
        )
        assert twin.observation(seat) == mid_state.observation(seat)
    assert len({tuple(t.deck) for t in samples}) > 1, "hidden facts were not resampled"
    # same seed, same sample; and the twin's generator is fresh, not the original's
    again = mid_state.determinize(seat, 0)
    assert isinstance(again, LanternsState)
    assert again.deck == samples[0].deck
    assert again.rng.position != mid_state.rng.position


def test_clone_is_independent(mid_state: LanternsState) -> None:
    before = snapshot(mid_state)
    twin = mid_state.clone()
    assert snapshot(twin) == before
    twin.apply(twin.legal_actions()[0])
    twin.hands[0].append(99)
    twin.stack.append(Frame("turn", 0))
    assert snapshot(mid_state) == before
