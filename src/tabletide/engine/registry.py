"""Find games by name: built-ins plus any package that declares the entry-point group
``tabletide.games`` (``name = "package.module:GAME"``)."""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points

from tabletide.engine.errors import ConfigError
from tabletide.engine.game import Game

ENTRY_POINT_GROUP = "tabletide.games"

_BUILTIN = {
    "shipyard": "tabletide.games.shipyard:GAME",
    "tiny_epic_pirates": "tabletide.games.tiny_epic_pirates:GAME",
    "ahoy": "tabletide.games.ahoy:GAME",
    "maracaibo": "tabletide.games.maracaibo:GAME",
    "empires_north": "tabletide.games.empires_north:GAME",
}
_REGISTERED: dict[str, Game] = {}


def register_game(game: Game) -> None:
    """Register a game object under ``game.name`` for this process (tests, notebooks).

    Installed packages should use the entry-point group instead.
    """
    _REGISTERED[game.name] = game
    load_game.cache_clear()


def _targets() -> dict[str, str]:
    found = dict(_BUILTIN)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = ep.value
    return found


def installed_games() -> list[str]:
    """The names a fresh interpreter finds: the built-ins and the entry points, without the
    games :func:`register_game` added to this process (a name registered here that shadows
    an installed game is left out too)."""
    return sorted(set(_targets()) - set(_REGISTERED))


def list_games() -> list[str]:
    """The registered game names, sorted."""
    return sorted(set(_targets()) | set(_REGISTERED))


@cache
def load_game(name: str) -> Game:
    """The game registered as ``name``.

    :raises ConfigError: no such game (the message lists the registered names).
    """
    if name in _REGISTERED:
        return _REGISTERED[name]
    targets = _targets()
    if name not in targets:
        raise ConfigError(f"unknown game {name!r}; registered games: {', '.join(list_games())}")
    module_name, _, attr = targets[name].partition(":")
    obj = getattr(importlib.import_module(module_name), attr or "GAME")
    game = obj() if isinstance(obj, type) else obj
    if not isinstance(game, Game):
        raise ConfigError(f"entry point {name!r} does not name a tabletide Game")
    return game
