from __future__ import annotations

import pytest

from tabletide.engine import ConfigError, list_games, load_game, register_game

from .toy_game import GAME, LanternsGame, LanternsState


def test_registered_game_is_listed_and_loads() -> None:
    assert "lanterns" in list_games()
    assert load_game("lanterns") is GAME


def test_register_game_replaces_a_cached_lookup() -> None:
    other = LanternsGame()
    register_game(other)
    try:
        assert load_game("lanterns") is other
    finally:
        register_game(GAME)
    assert load_game("lanterns") is GAME


def test_installed_games_are_what_a_fresh_interpreter_finds() -> None:
    from tabletide.engine.registry import installed_games

    assert "lanterns" in list_games()  # registered in this process only
    assert "lanterns" not in installed_games()
    assert {"shipyard", "ahoy", "maracaibo", "empires_north", "tiny_epic_pirates"} <= set(
        installed_games()
    )


def test_unknown_game_raises_config_error_naming_known_games() -> None:
    with pytest.raises(ConfigError, match="unknown game 'nope'") as info:
        load_game("nope")
    assert "shipyard" in str(info.value)


def test_unknown_game_message_lists_process_registered_games() -> None:
    with pytest.raises(ConfigError) as info:
        load_game("nope")
    assert all(name in str(info.value) for name in list_games())


@pytest.mark.parametrize(
    ("players", "options", "fragment"),
    [
        (1, None, "2-4 players; got 1"),
        (5, None, "2-4 players; got 5"),
        ("3", None, "num_players must be an integer"),
        (3, {"colour": "red"}, "unknown option(s) colour for lanterns; allowed: hand_size (2/3/4)"),
        (3, {"hand_size": 9}, "option 'hand_size' must be one of 2, 3, 4; got 9"),
        (3, {"hand_size": "3"}, "option 'hand_size' must be one of"),
        (3, {"sixes_attack": 1}, "option 'sixes_attack' must be one of True, False; got 1"),
    ],
)
def test_bad_player_count_or_option_raises_with_the_allowed_values(
    game: LanternsGame, players: object, options: dict[str, object] | None, fragment: str
) -> None:
    with pytest.raises(ConfigError) as info:
        game.new_state(players, 0, options)  # type: ignore[arg-type]
    assert fragment in str(info.value)


@pytest.mark.parametrize("seed", ["1", 1.0, True, None])
def test_bad_seed_raises_config_error(game: LanternsGame, seed: object) -> None:
    with pytest.raises(ConfigError, match="seed must be an integer"):
        game.new_state(2, seed)  # type: ignore[arg-type]


def test_options_are_resolved_with_defaults(game: LanternsGame) -> None:
    state = game.new_state(2, 0, {"hand_size": 2})
    assert isinstance(state, LanternsState)
    assert dict(state.options) == {"hand_size": 2, "sixes_attack": True}
    assert [len(h) for h in state.hands] == [2, 2]


SOLO_GAMES = ["tiny_epic_pirates", "maracaibo"]


@pytest.mark.parametrize("name", SOLO_GAMES)
def test_solo_contradictions_are_refused_and_one_player_means_solo(name: str) -> None:
    """A game with a solo opponent: 1 player is the solo game whether or not ``solo`` is given;
    ``solo=false`` with 1 player and ``solo=true`` with more are errors that say what is
    allowed, never a game quietly set up otherwise."""
    real = load_game(name)
    assert "solo" in {o.name for o in real.options}
    assert real.resolve_options(1, {})["solo"] is True
    assert real.resolve_options(1, {"solo": True})["solo"] is True
    assert real.resolve_options(2, {})["solo"] is False
    assert real.resolve_options(2, {"solo": False})["solo"] is False
    with pytest.raises(ConfigError, match="with 1 player is the solo game: leave solo out"):
        real.new_state(1, 0, {"solo": False})
    with pytest.raises(ConfigError, match=r"solo=true\) is for 1 player only; got 3"):
        real.new_state(3, 0, {"solo": True})
