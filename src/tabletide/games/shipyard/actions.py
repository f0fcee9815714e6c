"""One shared object per distinct action.

Shipyard's legal lists offer the same few hundred actions over and over (the same tile with
the same income, the same cell of the shipyard...). :func:`make_action` is
:meth:`Action.make <tabletide.engine.Action.make>` with a cache: the cache is keyed on the
kind, the label and every parameter, and an :class:`~tabletide.engine.Action` is immutable, so
a cached object is always exactly the action a fresh call would build.
"""

from __future__ import annotations

from functools import cache

from tabletide.engine import Action

make_action = cache(Action.make)
"""``make_action(kind, label, **params)``: :meth:`Action.make`, each distinct action built once."""
