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

from tabletide.rl.aec import TabletideAEC, env, parallel_env
from tabletide.rl.gym import TabletideEnv, env_id, register_envs
from tabletide.rl.spaces import ILLEGAL_POLICIES, IllegalPolicy, Table

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
