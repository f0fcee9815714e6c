"""Tiny Epic Pirates (Gamelyn Games) for 1-4 players by the rules in
``shared/rules/pirate-code.md`` (rule IDs PC-*). One player plays the solo game against the
Legendary Pirate (option ``solo``). Components the rulebook does not list are stand-ins in
``content/`` (see ``docs/games/tiny_epic_pirates.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tabletide.engine import (
    ActionCodec,
    ActionSpec,
    BotSettings,
    OptionSpec,
    PackagedGame,
    State,
    enum,
    ints,
    solo_option,
)
from tabletide.games.tiny_epic_pirates.content import LOOT, load_content
from tabletide.games.tiny_epic_pirates.present.schema import DECISION_SCHEMAS, PiratesView

if TYPE_CHECKING:
    pass

ACTION_SPACE = (
    ActionSpec("ports", (ints("diagonal", 2),)),
    ActionSpec("navy", (ints("at", 16),)),
    ActionSpec("start", (ints("at", 16),)),
    ActionSpec("side", (ints("side", 2),)),
    ActionSpec("captain", (ints("steps", 5, 1),)),
    ActionSpec("pay", (ints("source", 4),)),
    ActionSpec("free", (ints("to", 3),)),
    ActionSpec("list", (ints("source", 10),)),
    ActionSpec("done"),
    ActionSpec("use_sail_token"),
    ActionSpec("sail", (ints("direction", 4),)),
    ActionSpec("use_storm_token"),
    ActionSpec("brace"),
    ActionSpec("skip"),
    ActionSpec("perform"),
    ActionSpec("drop_new"),
    ActionSpec("drop", (enum("loot", LOOT),)),
    ActionSpec("sell", (ints("count", 3, 1),)),
    ActionSpec("recruit", (ints("slot", 3),)),
    ActionSpec("refresh"),
    ActionSpec("mutiny"),
    ActionSpec("release", (ints("index", 4),)),
    ActionSpec("attack_merchant", (ints("merchant", 2),)),
    ActionSpec("attack_ship", (ints("ship", 4),)),
    ActionSpec("reroll", (ints("die", 3),)),
    ActionSpec("volley", (ints("die", 3), ints("face", 6, 1))),
    ActionSpec("port", (ints("port", 2),)),
    ActionSpec("move_hand", (ints("source", 10), ints("to", 4))),
    ActionSpec("place_hand", (ints("to", 3),)),
    ActionSpec("end_bonus"),
    ActionSpec("bonus", (ints("card", 5), ints("index", 3))),
    ActionSpec("bury", (ints("spot", 3),)),
    ActionSpec("exchange", (enum("give", LOOT), enum("take", LOOT))),
    ActionSpec("merchant", (ints("merchant", 2),)),
    ActionSpec("drive", (ints("direction", 4),)),
    ActionSpec("steer", (ints("direction", 4),)),
    ActionSpec("pick", (ints("at", 16),)),
)


class PiratesGame(PackagedGame):
    name: ClassVar[str] = "tiny_epic_pirates"
    title: ClassVar[str] = "Tiny Epic Pirates"
    rule_prefix: ClassVar[str] = "PC"
    description: ClassVar[str] = (
        "Sail a 4x4 sea, plunder colonies, trade on a shifting black market, sink merchants "
        "and bury three treasures before your rivals. Orders come from a captain walking the "
        "helm. Solo against the Legendary Pirate with 1 player."
    )
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = (solo_option("the Legendary Pirate (PC-6)"),)
    # Decisions in a game: the longest of 300 random games (with random options), 30 greedy
    # games and 5 games each of always the first and always the last legal action, per
    # player count, was 2,420 decisions (4 players, random); the bound is twice that, rounded
    # up (measured 2026-11-28; docs/rl.md, OpenSpiel, "Game lengths").
    # The safeguard ends a game after round 100 (MAX_ROUNDS); games that reach it with the
    # first or last action every time took at most 2,081 decisions.
    max_game_length: ClassVar[int] = 5000
    bot: ClassVar[BotSettings] = BotSettings(
        scale=0.15,
        rollout_depth=0,
        hard_search="lookahead",
        hard_iterations=1000,
        medium_iterations=100,
    )
    """Evaluation in treasures: 0.15 of a treasure is a clear lead. Random decisions are poor
    play here (wasted deckhands, storms), so no rollout. ``hard`` is the whole-turn lookahead:
    it won 69.0% of 200 games against greedy, where ISMCTS at 1000 iterations won 64.0%, and it
    is ten times cheaper. Measurements: docs/games/tiny_epic_pirates.md, "How the bots judge a
    position"."""

    view_schema: ClassVar[Any] = PiratesView
    decision_schemas: ClassVar[Mapping[str, Any]] = DECISION_SCHEMAS

    def __init__(self) -> None:
        self.codec = ActionCodec(ACTION_SPACE)
        self.content = load_content()

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        from tabletide.games.tiny_epic_pirates.state import PiratesState

        return PiratesState.setup(self, self.content, num_players, seed, options)


GAME = PiratesGame()
