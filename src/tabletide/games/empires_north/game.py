"""Imperial Settlers: Empires of the North for 2-4 players by the rules in
``shared/rules/empires-north.md`` (rule ids EN-*). The six clans' decks and the islands are
stand-ins in ``content/`` (see ``docs/games/empires_north.md``)."""

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
    ints,
)
from tabletide.games.empires_north.constants import CLANS, DISCS, RESOURCES, STOCK_GOODS, TILES
from tabletide.games.empires_north.content import load_content
from tabletide.games.empires_north.expedition import REVEALED
from tabletide.games.empires_north.present.schema import DECISION_SCHEMAS, View

_CONTENT = load_content()
CARDS = len(_CONTENT.cards)
POSITIONS = 64
"""Empire positions an action can name: 33 clan cards and every island fit."""
QUEUE = 24
ALTERNATIVES = 6
PAY_MAX = max(
    3,
    *(
        k
        for card in _CONTENT.cards
        for cost in (card.cost, card.action.cost if card.action else {})
        for good, k in cost.items()
        if good in RESOURCES
    ),
)
"""The most gold a payment can put in place of one resource: the largest amount of one
resource in any cost of the content, at least 3 (a ``pay`` parameter's range is 0..PAY_MAX)."""

ACTION_SPACE = (
    ActionSpec("keep", (ints("card", CARDS),)),
    ActionSpec("done"),
    ActionSpec("build", (ints("card", CARDS),)),
    ActionSpec("disc", (ints("tile", len(TILES)),)),
    ActionSpec("move", (ints("disc", DISCS), ints("to", len(TILES)))),
    ActionSpec("attack", (ints("seat", 4), ints("pos", POSITIONS))),
    ActionSpec("use", (ints("pos", POSITIONS),)),
    ActionSpec("pass"),
    ActionSpec("none"),
    ActionSpec("boost", (ints("card", CARDS),)),
    ActionSpec("produce", (ints("card", CARDS),)),
    ActionSpec("alone"),
    ActionSpec("host", (ints("pos", POSITIONS),)),
    ActionSpec("construct", (ints("card", CARDS),)),
    ActionSpec("harvest", (ints("pos", POSITIONS),)),
    ActionSpec("sail", (ints("fish", 3), ints("axe", 2))),
    ActionSpec("alt", (ints("i", ALTERNATIVES),)),
    ActionSpec("copy", (ints("pos", POSITIONS),)),
    ActionSpec("refresh", (ints("pos", POSITIONS),)),
    ActionSpec("release", (ints("pos", POSITIONS), ints("good", len(STOCK_GOODS)))),
    ActionSpec("relocate", (ints("disc", DISCS), ints("to", len(TILES)))),
    ActionSpec("forward", (ints("ship", QUEUE),)),
    ActionSpec("launch", (ints("ship", QUEUE),)),
    ActionSpec("raid", (ints("slot", REVEALED + 1),)),
    ActionSpec("conquer", (ints("slot", REVEALED + 1),)),
    ActionSpec("top", (ints("deck", 2),)),
    ActionSpec("skip"),
    ActionSpec("pay", tuple(ints(f"gold_{good}", PAY_MAX + 1) for good in RESOURCES)),
)


class EmpiresNorthGame(PackagedGame):
    name: ClassVar[str] = "empires_north"
    title: ClassVar[str] = "Imperial Settlers: Empires of the North"
    rule_prefix: ClassVar[str] = "EN"
    description: ClassVar[str] = (
        "Lead one of six northern clans: keep cards at the Lookout, build locations, take "
        "actions with two discs on a circle of five tiles, and sail to near and distant islands "
        "to raid or conquer them. The first to 25 VP ends the game."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = tuple(
        OptionSpec(
            f"clan_{k}",
            "random",
            ("random", *CLANS),
            f"the clan of seat {k - 1} (EN-3.7); 'random' draws one nobody chose",
        )
        for k in range(1, 5)
    )
    # Decisions in a game: the longest of 300 random games (with random options), 30 greedy
    # games and 5 games each of always the first and always the last legal action, per
    # player count, was 718 decisions (4 players, always the first action); the bound is
    # twice that, rounded up (measured 2026-11-28; docs/rl.md, OpenSpiel, "Game lengths").
    # Such games run to the round limit (ROUND_LIMIT, 30 rounds).
    max_game_length: ClassVar[int] = 1500
    bot: ClassVar[BotSettings] = BotSettings(
        scale=10.0, rollout_depth=0, hard_iterations=1000, medium_iterations=100
    )

    view_schema: ClassVar[Any] = View
    decision_schemas: ClassVar[Mapping[str, Any]] = DECISION_SCHEMAS

    def __init__(self) -> None:
        self.codec = ActionCodec(ACTION_SPACE)
        self.content = _CONTENT

    def _check_options(self, num_players: int, options: dict[str, Any]) -> None:
        chosen = [options[f"clan_{k}"] for k in range(1, num_players + 1)]
        named = [c for c in chosen if c != "random"]
        if len(set(named)) != len(named):
            raise ConfigError(f"each clan plays once (EN-3.7); got {', '.join(chosen)}")
        for k in range(num_players + 1, 5):
            if options[f"clan_{k}"] != "random":
                raise ConfigError(f"clan_{k} names a seat beyond the {num_players} players")

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        from tabletide.games.empires_north.state import EmpiresState

        return EmpiresState.setup(self, self.content, num_players, seed, options)


GAME = EmpiresNorthGame()
