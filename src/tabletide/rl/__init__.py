"""The research API: every tabletide game for PettingZoo, Gymnasium and OpenSpiel.

* ``tabletide.rl.env(game, num_players=..., **options)``: a PettingZoo AEC environment
  (:mod:`tabletide.rl.aec`); ``tabletide.rl.parallel_env`` its turn-based parallel view.
* ``gymnasium.make("tabletide/Shipyard-v0", opponents="random")`` or
  :class:`~tabletide.rl.gym.TabletideEnv`: one learning seat against registered bots
  (:mod:`tabletide.rl.gym`). Importing this package registers the ids.
* ``import tabletide.rl.openspiel`` registers ``python_tabletide_<game>`` with ``pyspiel``
  (:mod:`tabletide.rl.openspiel`; imported on demand, as it loads OpenSpiel).

The conventions they share are in :mod:`tabletide.rl.spaces` and ``docs/rl.md``.
"""

from tabletide.extras import require_extra

require_extra("rl", "tabletide.rl (the research API)")

from tabletide.rl.aec import TabletideAEC, env, parallel_env  # noqa: E402
from tabletide.rl.gym import TabletideEnv, env_id, register_envs  # noqa: E402
from tabletide.rl.spaces import ILLEGAL_POLICIES, IllegalPolicy, Table  # noqa: E402

register_envs()

__all__ = [
    "ILLEGAL_POLICIES",
    "IllegalPolicy",
    "Table",
    "TabletideAEC",
    "TabletideEnv",
    "env",
    "env_id",
    "parallel_env",
    "register_envs",
]
