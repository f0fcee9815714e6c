from __future__ import annotations

import pytest

from tabletide.engine import (
    Action,
    ActionCodec,
    ActionSpec,
    IllegalActionError,
    MalformedActionError,
    Rng,
    enum,
    ints,
)

from .toy_game import LanternsGame


def test_codec_is_a_bijection_on_legal_actions_over_random_games(game: LanternsGame) -> None:
    for seed in range(30):
        state = game.new_state(2 + seed % 3, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            codes = [game.encode_action(state, a) for a in legal]
            assert len(set(codes)) == len(codes)
            assert all(0 <= c < game.num_distinct_actions for c in codes)
            assert [game.decode_action(state, c) for c in codes] == legal
            # decode keeps the state's labels
            assert [game.decode_action(state, c).label for c in codes] == [a.label for a in legal]
            state.apply(rng.choice(legal))


def test_codec_covers_the_whole_space_exactly_once() -> None:
    codec = ActionCodec(
        [ActionSpec("a", (ints("x", 3, lo=-1), enum("y", ["p", "q"]))), ActionSpec("b")]
    )
    assert codec.size == 7
    decoded = [codec.decode(i) for i in range(codec.size)]
    assert len(set(decoded)) == 7
    assert [codec.encode(a) for a in decoded] == list(range(7))
    assert Action.make("a", x=-1, y="q") in decoded


def test_decode_of_an_illegal_code_raises(game: LanternsGame) -> None:
    state = game.new_state(2, 0)
    legal = set(state.legal_actions())
    illegal = [c for c in range(game.num_distinct_actions) if game.codec.decode(c) not in legal]
    assert illegal
    with pytest.raises(IllegalActionError):
        game.decode_action(state, illegal[0])
    with pytest.raises(IllegalActionError):
        game.decode_action(state, game.num_distinct_actions)


def test_codec_rejects_duplicate_kinds_and_bad_values() -> None:
    with pytest.raises(ValueError):
        ActionCodec([ActionSpec("a"), ActionSpec("a")])
    codec = ActionCodec([ActionSpec("a", (enum("y", ["p"]),))])
    with pytest.raises(MalformedActionError):
        codec.encode(Action.make("a", y="z"))
