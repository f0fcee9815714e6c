"""One shared object per distinct action.

Maracaibo's legal lists offer the same actions over and over (sailing to the same space, the
same location's action groups, the same raid actions...). :func:`make_action` is
:meth:`Action.make <tabletide.engine.Action.make>` with a cache: the cache is keyed on the
kind, the label and every parameter, and an :class:`~tabletide.engine.Action` is immutable, so
a cached object is always exactly the action a fresh call would build.
"""

from __future__ import annotations

from functools import lru_cache

from tabletide.engine import Action

make_action = lru_cache(maxsize=1 << 15)(Action.make)
"""``make_action(kind, label, **params)``: :meth:`Action.make`, each distinct action built once
(a bounded cache: labels carry numbers, such as prices, that make many distinct actions)."""
