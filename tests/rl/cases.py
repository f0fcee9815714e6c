"""Every real game with every player count it supports, for parametrized conformance tests."""

from __future__ import annotations

from tabletide.engine import Rng, State, load_game

REAL_GAMES = ("shipyard", "tiny_epic_pirates", "ahoy", "maracaibo", "empires_north")


def player_counts(name: str) -> list[int]:
    game = load_game(name)
    return list(range(game.min_players, game.max_players + 1))


CASES = [(name, n) for name in REAL_GAMES for n in player_counts(name)]
CASE_IDS = [f"{name}-{n}p" for name, n in CASES]


def random_codes(name: str, num_players: int, seed: int, walk_seed: int = 0) -> list[int]:
    """The action codes of a whole random game of ``name`` with engine seed ``seed``."""
    game = load_game(name)
    state: State = game.new_state(num_players, seed)
    rng = Rng(walk_seed)
    codes = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        codes.append(game.encode_action(state, action))
        state.apply(action)
    return codes
