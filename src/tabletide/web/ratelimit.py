"""Token-bucket rate limiting, keyed by client address or by token hash."""

from __future__ import annotations

import time
from collections.abc import Callable


class RateLimiter:
    """``rate`` requests per second per key, with bursts of up to ``burst``.

    >>> limiter = RateLimiter(rate=1.0, burst=2, clock=lambda: 0.0)
    >>> limiter.hit("a"), limiter.hit("a"), limiter.hit("a") > 0
    (0.0, 0.0, True)
    """

    def __init__(
        self,
        rate: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 50_000,
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def hit(self, key: str, cost: float = 1.0) -> float:
        """Take ``cost`` from ``key``'s bucket: 0.0 if allowed, else the seconds to wait
        (and nothing is taken)."""
        now = self.clock()
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < cost:
            self._buckets[key] = (tokens, now)
            return (cost - tokens) / self.rate if self.rate > 0 else 60.0
        self._buckets[key] = (tokens - cost, now)
        if len(self._buckets) > self.max_keys:
            self._prune(now)
        return 0.0

    def _prune(self, now: float) -> None:
        """Forget the buckets that have refilled (they behave like new ones)."""
        full = [
            k
            for k, (t, last) in self._buckets.items()
            if t + (now - last) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]
        while len(self._buckets) > self.max_keys:  # still too many: drop the oldest
            del self._buckets[next(iter(self._buckets))]
