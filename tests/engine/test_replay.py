from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletide.engine import Replay, ReplayError, Rng

from .toy_game import LanternsGame


def played(game: LanternsGame, seed: int, steps: int | None = None) -> Replay:
    state = game.new_state(3, seed, {"hand_size": 4})
    rng = Rng(seed)
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        state.apply(rng.choice(state.legal_actions()))
    return Replay.from_state(state, {"note": "test"})


def test_save_load_round_trip_reproduces_the_game(game: LanternsGame, tmp_path: Path) -> None:
    replay = played(game, 4)
    path = tmp_path / "game.json"
    replay.save(path)
    loaded = Replay.load(path)
    assert loaded == replay
    final = loaded.play()
    assert final.is_terminal()
    original = game.new_state(3, 4, {"hand_size": 4})
    for data in replay.actions:
        original.apply(game.action_from_json(data))
    assert final.observation(0) == original.observation(0)
    assert final.scores() == original.scores()
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "temporary file left behind"


def test_play_upto_stops_early(game: LanternsGame) -> None:
    replay = played(game, 5)
    assert len(replay.play(upto=3).history) == 3
    assert len(list(replay.states())) == len(replay.actions) + 1


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"format": "other"}',
        '{"format": "tabletide-replay", "version": 99}',
        '{"format": "tabletide-replay", "version": 1, "game": "lanterns"}',
    ],
)
def test_garbage_raises_replay_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(ReplayError):
        Replay.load(path)


def test_missing_file_raises_replay_error(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot read replay"):
        Replay.load(tmp_path / "missing.json")


def test_actions_that_do_not_replay_raise_replay_error(game: LanternsGame) -> None:
    data = played(game, 6, steps=5).to_json()
    data["actions"][2] = {"kind": "discard", "card": 9}
    with pytest.raises(ReplayError, match="replay action 2"):
        Replay.from_json(json.loads(json.dumps(data))).play()
    data["game"] = "no-such-game"
    with pytest.raises(ReplayError, match="cannot start replay"):
        Replay.from_json(data).play()


def test_a_replay_records_the_rules_version_and_refuses_another(game: LanternsGame) -> None:
    replay = played(game, 6, steps=5)
    data = replay.to_json()
    assert data["rules_version"] == game.rules_version
    assert Replay.from_json(data).play().history == replay.play().history
    data["rules_version"] = game.rules_version + 1
    with pytest.raises(ReplayError, match=f"rules version {game.rules_version + 1}; this"):
        Replay.from_json(data).play()
    del data["rules_version"]  # a file from before the field still plays
    assert Replay.from_json(data).play().history == replay.play().history
