"""Ahoy (Leder Games) for 2-4 players by the rules in ``shared/rules/ahoy.md`` (rule IDs AH-*).
Components the rulebook does not print are stand-ins in ``content/`` (see
``docs/games/ahoy.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from tabletide.engine import (
    Action,
    ActionCodec,
    ActionSpec,
    BotSettings,
    PackagedGame,
    State,
    enum,
    ints,
)
from tabletide.games.ahoy.battle import REWARDS
from tabletide.games.ahoy.codes import MapCodes
from tabletide.games.ahoy.constants import FIGURES, SPOTS, WIDTH
from tabletide.games.ahoy.content import load_content
from tabletide.games.ahoy.present.schema import DECISION_SCHEMAS, AhoyView

if TYPE_CHECKING:
    from tabletide.games.ahoy.state import AhoyState

SPACE = WIDTH * WIDTH
CARDS = 30
REGIONS = 12

ACTION_SPACE = (
    ActionSpec("start", (ints("at", SPACE),)),
    ActionSpec("end"),
    ActionSpec("place", (ints("die", 6, 1), ints("spot", SPOTS), ints("value", 6, 1))),
    ActionSpec("recruit", (ints("card", CARDS),)),
    ActionSpec("smuggle", (ints("card", CARDS),)),
    ActionSpec("deliver", (ints("card", CARDS),)),
    ActionSpec("plan", (ints("card", 12),)),
    ActionSpec("mystic"),
    ActionSpec("noble"),
    ActionSpec("breeze"),
    ActionSpec("wind"),
    ActionSpec("gust"),
    ActionSpec("pay_die", (ints("die", 6, 1),)),
    ActionSpec("step", (ints("dir", 4),)),
    ActionSpec("witch", (ints("dir", 4),)),
    ActionSpec("stop"),
    ActionSpec("tile", (ints("origin", SPACE), ints("rot", 4))),
    ActionSpec("current", (ints("dir", 5),)),
    ActionSpec("harbor_repair"),
    ActionSpec("harbor_move", (ints("spot", SPOTS),)),
    ActionSpec("yes"),
    ActionSpec("no"),
    ActionSpec("allies", (enum("how", ("place", "gain", "none")),)),
    ActionSpec("hit", (ints("spot", SPOTS),)),
    ActionSpec("done"),
    ActionSpec("fix", (ints("spot", SPOTS),)),
    ActionSpec("skip"),
    ActionSpec("target", (ints("fig", FIGURES),)),
    ActionSpec("patrol", (ints("fig", FIGURES), ints("dir", 4))),
    ActionSpec("move_patrol", (ints("fig", FIGURES),)),
    ActionSpec("deploy", (ints("at", SPACE),)),
    ActionSpec("island", (ints("region", REGIONS),)),
    ActionSpec("region", (ints("region", REGIONS),)),
    ActionSpec("count", (ints("n", 5),)),
    ActionSpec("ally_move", (ints("frm", REGIONS), ints("to", REGIONS), ints("n", 2, 1))),
    ActionSpec("stay"),
    ActionSpec("goto", (ints("at", SPACE),)),
    ActionSpec("fight", (ints("fig", FIGURES),)),
    ActionSpec("envoy", (ints("fig", FIGURES),)),
    ActionSpec("keep"),
    ActionSpec("lower", (ints("die", 6, 1), ints("to", 6, 1))),
    ActionSpec("reroll"),
    ActionSpec("reward", (enum("what", REWARDS),)),
    ActionSpec("ram", (ints("dir", 4),)),
    ActionSpec("buccaneer", (ints("a", CARDS), ints("b", CARDS))),
    ActionSpec("gunner", (ints("at", SPACE),)),
    ActionSpec("grid", (ints("to", 9), ints("take", 2))),
    ActionSpec("favor", (ints("token", 2),)),
    ActionSpec("overboard", (ints("card", CARDS),)),
    ActionSpec("take", (ints("card", CARDS),)),
    ActionSpec("steal", (ints("seat", 4), ints("card", CARDS), ints("cargo", 2))),
    ActionSpec("fort", (ints("region", REGIONS),)),
)


class AhoyGame(PackagedGame):
    name: ClassVar[str] = "ahoy"
    title: ClassVar[str] = "Ahoy"
    rule_prefix: ClassVar[str] = "AH"
    description: ClassVar[str] = (
        "Asymmetric war and smuggling on a growing archipelago: the Bluefin Squadron patrols "
        "and builds forts, the Mollusk Union raises allies and schemes with plans, and one or "
        "two Smugglers run cargo between islands. First to 30 fame ends the game."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # Decisions in a game: the longest of 300 random games (with random options), 30 greedy
    # games and 5 games each of always the first and always the last legal action, per
    # player count, was 682 decisions (4 players, always the last action); the bound is
    # twice that, rounded up (measured 2026-11-28; docs/rl.md, OpenSpiel, "Game lengths").
    max_game_length: ClassVar[int] = 1400
    bot: ClassVar[BotSettings] = BotSettings(
        scale=10.0, rollout_depth=0, hard_iterations=1000, medium_iterations=100
    )
    view_schema: ClassVar[Any] = AhoyView
    decision_schemas: ClassVar[Mapping[str, Any]] = DECISION_SCHEMAS

    def __init__(self) -> None:
        self.codec = ActionCodec(ACTION_SPACE)
        self.codes = MapCodes(ACTION_SPACE)
        self.content = load_content()

    # Codes number map spaces in the map's frame (codes.py): 7,765 codes instead of 36,293.
    @property
    def action_codes(self) -> ActionCodec:
        return self.codes.codec

    def encode_action(self, state: State, action: Action) -> int:
        return self.codes.encode(cast("AhoyState", state), action)

    def encode_actions(self, state: State, actions: Sequence[Action]) -> list[int]:
        return self.codes.encode_all(cast("AhoyState", state), actions)

    def action_of_code(self, state: State, code: int) -> Action:
        return self.codes.action_of(cast("AhoyState", state), code)

    def _new_state(self, num_players: int, seed: int, options: dict[str, object]) -> State:
        from tabletide.games.ahoy.state import AhoyState

        return AhoyState.setup(self, self.content, num_players, seed, dict(options))


GAME = AhoyGame()
