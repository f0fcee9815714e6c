"""Pirates of Maracaibo for 1-4 players by the rules in ``shared/rules/maracaibo.md`` (rule IDs
MA-*), with John Silver for the solo game and the six optional modules. Components the seed does
not print are stand-ins in ``content/`` (see ``docs/games/maracaibo.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletide.engine import (
    ActionCodec,
    ActionSpec,
    BotSettings,
    ConfigError,
    OptionSpec,
    PackagedGame,
    State,
    enum,
    ints,
    solo_option,
)
from tabletide.games.maracaibo.constants import MODULES, NODES, RAID_IDS, RAID_SLOT
from tabletide.games.maracaibo.content import COLORS, load_content
from tabletide.games.maracaibo.present.schema import DECISION_SCHEMAS, MaracaiboView

_CONTENT = load_content()
QUESTS = len(_CONTENT.quests)
TRACK = len(_CONTENT.track.spaces)
BURY = max(4, *(len(_CONTENT.hideout.section(c).buried) for c in COLORS))
"""Spaces a cube can be buried on: a hideout section's or Poseidon's 4 (MA-10.1.G)."""

ACTION_SPACE = (
    ActionSpec("discard_quest", (ints("quest", QUESTS),)),
    ActionSpec("sail", (ints("to", NODES),)),
    ActionSpec("stop"),
    ActionSpec("pay", (ints("seat", 4),)),
    ActionSpec("take5"),
    ActionSpec("buy", (ints("at", NODES),)),
    ActionSpec("build", (ints("at", NODES),)),
    ActionSpec("yes"),
    ActionSpec("no"),
    ActionSpec("skip"),
    ActionSpec("done"),
    ActionSpec("act", (ints("group", 6), ints("alt", 4))),
    ActionSpec("effect", (ints("i", 8),)),
    ActionSpec("color", (ints("c", 3),)),
    ActionSpec("store", (ints("space", 6, -1),)),
    ActionSpec("die", (ints("die", 3),)),
    ActionSpec("reroll"),
    ActionSpec("spend", (ints("action", RAID_IDS),)),
    ActionSpec("go", (ints("to", TRACK),)),
    ActionSpec("trade", (ints("source", RAID_IDS - RAID_SLOT, RAID_SLOT),)),
    ActionSpec(
        "bury", (ints("color", 3), enum("on", ("hideout", "poseidon")), ints("space", BURY))
    ),
    ActionSpec("quest", (ints("quest", QUESTS + 1, -1),)),
    ActionSpec("refresh"),
    ActionSpec("sell_quest", (ints("quest", QUESTS),)),
    ActionSpec("slot", (ints("i", len(_CONTENT.ship.slots)),)),
    ActionSpec("figurehead", (ints("fig", 12),)),
    ActionSpec("smuggle", (ints("tile", 5), ints("at", NODES))),
    ActionSpec("activate", (ints("at", NODES),)),
    ActionSpec("sell_ruby", (ints("space", 7, -1),)),
)


class MaracaiboGame(PackagedGame):
    name: ClassVar[str] = "maracaibo"
    title: ClassVar[str] = "Pirates of Maracaibo"
    rule_prefix: ClassVar[str] = "MA"
    description: ClassVar[str] = (
        "Race your ship three times across the Caribbean to Maracaibo: buy upgrade cards, build "
        "residences, raid, explore, bury treasure and chase secret quests. Solo against John "
        "Silver with 1 player; six optional modules."
    )
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = (
        solo_option("John Silver (MA-8)"),
        OptionSpec(
            "difficulty",
            0,
            tuple(range(7)),
            "solo: how many of John's 6 A cards are swapped for B cards (MA-8.5)",
        ),
        OptionSpec(
            "first_game",
            False,
            (False, True),
            "no group of 4+ adjacent locations: swap with upgrade cards (MA-3.4 advice)",
        ),
        OptionSpec(
            "layout",
            "standard",
            tuple(lay.name for lay in _CONTENT.layouts),
            "the Caribbean layout (MA-3.4, MA-GAP-4)",
        ),
        *(
            OptionSpec(m, False, (False, True), f"module: {m.replace('_', ' ')} (MA-9)")
            for m in MODULES
        ),
    )
    # Decisions in a game: the longest of 300 random games (with random options), 30 greedy
    # games and 5 games each of always the first and always the last legal action, per
    # player count, was 624 decisions (4 players, greedy); the bound is twice that, rounded
    # up (measured 2026-11-28; docs/rl.md, OpenSpiel, "Game lengths").
    max_game_length: ClassVar[int] = 1300
    view_schema: ClassVar[Any] = MaracaiboView
    decision_schemas: ClassVar[Mapping[str, Any]] = DECISION_SCHEMAS
    bot: ClassVar[BotSettings] = BotSettings(
        scale=25.0, rollout_depth=0, hard_iterations=200, medium_iterations=20
    )

    def __init__(self) -> None:
        self.codec = ActionCodec(ACTION_SPACE)
        self.content = _CONTENT

    def _check_options(self, num_players: int, options: dict[str, Any]) -> None:
        if num_players > 1 and options["difficulty"] != 0:
            raise ConfigError(
                f"difficulty (MA-8.5, 0-6) sets John Silver's deck in the solo game (1 player); "
                f"with {num_players} players it must be 0, got {options['difficulty']}"
            )

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        from tabletide.games.maracaibo.state import MaracaiboState

        return MaracaiboState.setup(self, self.content, num_players, seed, options)


GAME = MaracaiboGame()
