from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletide.engine import Action, MalformedActionError

from .toy_game import LanternsGame

params = st.dictionaries(
    st.text(min_size=1, max_size=8).filter(lambda k: k != "kind"),
    st.integers(-(10**6), 10**6) | st.text(max_size=8),
    max_size=4,
)


@given(kind=st.text(min_size=1, max_size=10), fields=params)
def test_action_json_round_trip(kind: str, fields: dict[str, int | str]) -> None:
    action = Action.of(kind, fields)
    assert Action.from_json(action.to_json()) == action
    assert hash(Action.from_json(action.to_json())) == hash(action)


def test_repr_can_be_pasted_back() -> None:
    action = Action.make("take_part", "Take bow 1", column=2, row=0)
    assert repr(action) == "Action.make('take_part', column=2, row=0)"
    assert eval(repr(action), {"Action": Action}) == action


def test_label_is_not_part_of_identity() -> None:
    assert Action.make("play", "Play a 3", card=3) == Action.make("play", "other", card=3)
    assert Action.make("play", card=3).label == "play card=3"
    assert str(Action.make("play", "Play a 3", card=3)) == "Play a 3"


@pytest.mark.parametrize(
    "data",
    [
        [1, 2],
        {"card": 3},
        {"kind": ""},
        {"kind": 5},
        {"kind": "play", "card": 1.5},
        {"kind": "play", "card": True},
        {"kind": "play", "card": [3]},
    ],
)
def test_malformed_action_json(data: object) -> None:
    with pytest.raises(MalformedActionError):
        Action.from_json(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "fly"},
        {"kind": "play"},
        {"kind": "play", "card": 7},
        {"kind": "play", "card": 3, "extra": 1},
        {"kind": "pass", "card": 3},
    ],
)
def test_action_outside_the_game_space_is_malformed(
    game: LanternsGame, data: dict[str, object]
) -> None:
    with pytest.raises(MalformedActionError):
        game.action_from_json(data)
