"""The seeded random generator that lives inside every state.

SplitMix64 on a single Python integer: copying a state copies one int, so clones stay cheap, and
the stream is the same on every platform and Python version (unlike :mod:`random`, whose seeding
of non-int seeds and whose ``shuffle`` are implementation details).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def derive_seed(*parts: object) -> int:
    """A 64-bit seed derived from any printable parts, stable across runs and platforms.

    >>> derive_seed(1, "determinize", 3) == derive_seed(1, "determinize", 3)
    True
    """
    text = "\x1f".join(repr(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


class Rng:
    """A small deterministic generator (SplitMix64). ``Rng(seed)`` accepts any integer."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        self._s = seed & _MASK

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin._s = self._s
        return twin

    @property
    def position(self) -> int:
        """The internal state, for tests and debugging."""
        return self._s

    def next_u64(self) -> int:
        self._s = z = (self._s + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (bias below 2**-40 for any board-game ``n``)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self.next_u64() * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
