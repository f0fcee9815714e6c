"""The garbage collector's pace in a serving process (issue 26).

A move allocates tens of thousands of short-lived dicts and lists (views, observations, the
undo check's copies, pictures' parts) that reference counting frees at once, but CPython's
cyclic collector counts every allocation: at its default thresholds (700, 10, 10) it ran
about 1.6 times a move over everything young, and every few hundred moves over the whole
heap (tables, caches, the games' content: about 50 ms each, the event loop standing still).
Measured with ``scripts/move_cost.py``, that was about a fifth of a move's CPU.

:func:`pace` moves what the process holds after its start (imported code, content, the app)
out of the collector's sight for good (``gc.freeze``) and collects young objects every
:data:`YOUNG` net allocations instead of 700. Cycles are still collected (later, and they
are rare in this code: the move path builds trees); memory grows by the garbage a cycle
may hold until then. Called by ``tabletide serve`` for its app (and in each ``--workers``
process), not by ``create_app``: an app in a test or another program leaves its host's
collector alone.
"""

from __future__ import annotations

import gc

YOUNG = 50_000
"""Net container allocations between collections of the youngest generation (CPython: 700)."""
MIDDLE = 20
"""Young collections between collections of the middle generation (CPython: 10)."""
OLD = 10
"""Middle collections before the whole heap may be collected (CPython: 10)."""


def pace() -> None:
    """Freeze what the process holds now and collect at :data:`YOUNG` allocations."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
