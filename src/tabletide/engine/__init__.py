"""The game-independent core: actions, codec, RNG, states, games, registry, replays, errors."""

from tabletide.engine.actions import Action, make_action
from tabletide.engine.codec import ActionCodec, ActionSpec, enum, ints
from tabletide.engine.errors import (
    ConfigError,
    IllegalActionError,
    MalformedActionError,
    ReplayError,
    TabletideError,
)
from tabletide.engine.game import BotSettings, Game, OptionSpec, PackagedGame, solo_option
from tabletide.engine.registry import ENTRY_POINT_GROUP, list_games, load_game, register_game
from tabletide.engine.replay import Replay
from tabletide.engine.rng import Rng, derive_seed
from tabletide.engine.state import Closed, Event, Frame, State, TableState, dispatch_tables
from tabletide.engine.tensor import (
    DOUBLE,
    SINGLE,
    Segment,
    TensorLayout,
    TensorWriter,
    Values,
    seat_order,
    zeros,
)

__all__ = [
    "DOUBLE",
    "ENTRY_POINT_GROUP",
    "SINGLE",
    "Action",
    "ActionCodec",
    "ActionSpec",
    "BotSettings",
    "Closed",
    "ConfigError",
    "Event",
    "Frame",
    "Game",
    "IllegalActionError",
    "MalformedActionError",
    "OptionSpec",
    "PackagedGame",
    "Replay",
    "ReplayError",
    "Rng",
    "Segment",
    "State",
    "TableState",
    "TabletideError",
    "TensorLayout",
    "TensorWriter",
    "Values",
    "derive_seed",
    "dispatch_tables",
    "enum",
    "ints",
    "list_games",
    "load_game",
    "make_action",
    "register_game",
    "seat_order",
    "solo_option",
    "zeros",
]
