"""Tables computed once per immutable content object (a card list, the ship board...).

Content records are pydantic models: hashing one walks every field, which costs more than the
lookups these tables save, so :func:`per_object` caches by identity instead. Each entry keeps
its object alive, so an id is never reused while its entry lives; an object that is replaced
(a test's edited content) simply gets an entry of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

T = TypeVar("T")


def per_object(fn: Callable[[Any], T]) -> Callable[[Any], T]:
    """``fn(obj)`` computed once per object (by identity); ``obj`` must never be mutated."""
    table: dict[int, tuple[Any, T]] = {}

    @wraps(fn)
    def cached(obj: Any) -> T:
        hit = table.get(id(obj))
        if hit is None or hit[0] is not obj:
            hit = table[id(obj)] = (obj, fn(obj))
        return hit[1]

    return cached
