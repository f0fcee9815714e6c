"""Shipyard (Vladimír Suchý, CGE 2009) for 2-4 players, by the rules in
``shared/rules/shipyard.md`` (rule IDs SY-*). Components the rulebook does not list are
stand-ins in ``content/`` (see ``docs/games/shipyard.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletide.engine import (
    ActionCodec,
    ActionSpec,
    BotSettings,
    OptionSpec,
    PackagedGame,
    State,
    enum,
    ints,
)
from tabletide.games.shipyard.constants import (
    CANAL_SPACES,
    ITEMS,
    NUM_CANALS,
    NUM_TILES,
    OFFER_ROWS,
    PART_TYPES,
)
from tabletide.games.shipyard.content import load_content
from tabletide.games.shipyard.present.schema import DECISION_SCHEMAS, ShipyardView

REACH = 12

ACTION_SPACE = (
    ActionSpec("choose_tile", (ints("tile", NUM_TILES),)),
    ActionSpec("main"),
    ActionSpec("bonus", (ints("tile", NUM_TILES),)),
    ActionSpec("end_turn"),
    ActionSpec("take_part", (ints("column", 4), ints("row", OFFER_ROWS))),
    ActionSpec("substitute", (enum("part", PART_TYPES),)),
    ActionSpec("stop_building"),
    ActionSpec("place_part", (ints("cell", 16),)),
    ActionSpec("take_canal", (ints("slot", OFFER_ROWS),)),
    ActionSpec("first_canal", (ints("side", 4),)),
    ActionSpec(
        "place_canal",
        (ints("dx", 2 * REACH + 1, -REACH), ints("dy", 2 * REACH + 1, -REACH), ints("rotation", 4)),
    ),
    ActionSpec("circle", (ints("steps", 4, 1),)),
    ActionSpec("oval", (ints("steps", 8, 1),)),
    ActionSpec("hire", (ints("slot", 3),)),
    ActionSpec("take_wagon", (ints("slot", OFFER_ROWS),)),
    ActionSpec("use_tile", (ints("tile", 15),)),
    ActionSpec("sell"),
    ActionSpec("swap", (enum("item", ITEMS),)),
    ActionSpec("launch", (ints("cell", 16),)),
    ActionSpec("attach", (enum("item", ITEMS),)),
    ActionSpec("sail_off"),
    ActionSpec("boost", (ints("amount", 12),)),
    ActionSpec("sail", (ints("canal", NUM_CANALS), ints("space", CANAL_SPACES))),
    ActionSpec("discard", (ints("contract", 24),)),
    ActionSpec("final_action", (ints("tile", NUM_TILES),)),
    ActionSpec("pass"),
)


class ShipyardGame(PackagedGame):
    name: ClassVar[str] = "shipyard"
    title: ClassVar[str] = "Shipyard"
    rule_prefix: ClassVar[str] = "SY"
    description: ClassVar[str] = (
        "Build ships from bow, middle parts and stern, fit them with equipment and crew, and "
        "send them on a maiden voyage through your canals. Pick actions from a moving track."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "first_game",
            False,
            (False, True),
            "lay out the employees so every oval space offers an Engineer or a Recruiter "
            "(the rulebook's first-game advice, SY-3.2 step 14)",
        ),
    )
    # Decisions in a game: the longest of 300 random games (with random options), 30 greedy
    # games and 5 games each of always the first and always the last legal action, per
    # player count, was 441 decisions (4 players, greedy); the bound is twice that, rounded
    # up (measured 2026-11-28; docs/rl.md, OpenSpiel, "Game lengths").
    max_game_length: ClassVar[int] = 900
    view_schema: ClassVar[Any] = ShipyardView
    decision_schemas: ClassVar[Mapping[str, Any]] = DECISION_SCHEMAS
    bot: ClassVar[BotSettings] = BotSettings(
        scale=8.0,
        rollout_depth=0,
        hard_search="lookahead",
        hard_iterations=500,
        medium_iterations=50,
    )

    def __init__(self) -> None:
        self.codec = ActionCodec(ACTION_SPACE)
        self.content = load_content()
        if self.content.board.canal_reach > REACH:
            raise ValueError("board canal_reach exceeds the action codec's range")
        if len(self.content.canals) != NUM_CANALS:
            raise ValueError("the canal deck does not match the action codec's range")

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        from tabletide.games.shipyard.state import ShipyardState

        return ShipyardState.setup(self, self.content, num_players, seed, options)


GAME = ShipyardGame()
