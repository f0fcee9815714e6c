"""tabletide: nautical board games by their complete rules.

>>> import tabletide
>>> "shipyard" in tabletide.list_games()
True
"""

from tabletide.engine import (
    Action,
    ConfigError,
    IllegalActionError,
    MalformedActionError,
    Replay,
    ReplayError,
    list_games,
    load_game,
)

__all__ = [
    "Action",
    "ConfigError",
    "IllegalActionError",
    "MalformedActionError",
    "Replay",
    "ReplayError",
    "list_games",
    "load_game",
]
__version__ = "0.1.0"
