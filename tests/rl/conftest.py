"""Register the toy games for tabletide, OpenSpiel and Gymnasium before the research-API tests."""

from __future__ import annotations

import tabletide.rl
import tabletide.rl.openspiel as tos
from rl.toys import register

register()
tos.register("rl_lanterns")
tos.register("rl_vault")
tabletide.rl.register_envs()
