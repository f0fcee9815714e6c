"""Actions shared between legal lists: the same raid, harvest, sail or "Done" choice comes back
at many decisions of a game (and of every game), and building an :class:`Action` (sorting its
parameters, a frozen dataclass) cost more than finding the one already built.
"""

from __future__ import annotations

from functools import lru_cache

from tabletide.engine import Action

make_action = lru_cache(maxsize=1 << 15)(Action.make)
"""``make_action(kind, label, **params)``: :meth:`Action.make`, each distinct action built once
and shared (actions are immutable values, so sharing one cannot change a game). Bounded: labels
may hold the table's names, which people choose."""
