"""The per-key rate limit on uploads: parsing a contract costs a reader process, so one key must
not be able to starve the others.

``limits`` (the library behind slowapi and Flask-Limiter) keeps a moving window per key in memory,
which answers the exact time until the next upload is allowed — the ``Retry-After`` a client needs.
The window is per gateway process; with several replicas a key gets the limit at each of them.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter

from clauseflow_gateway.errors import ApiError


class UploadLimiter:
    """At most ``limit`` uploads per ``window_s`` seconds per key."""

    def __init__(self, limit: int, window_s: int) -> None:
        self._item = RateLimitItemPerSecond(limit, window_s, namespace="uploads")
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    async def admit(self, key_id: str) -> None:
        """Count one upload of ``key_id``; a 429 with ``Retry-After`` when it is over its limit."""
        if await self._limiter.hit(self._item, key_id):
            return
        stats = await self._limiter.get_window_stats(self._item, key_id)
        retry_after = max(1, math.ceil(stats.reset_time - time.time()))
        raise ApiError(
            429,
            "rate_limited",
            f"this key may upload {self._item.amount} contracts per {self._item.get_expiry()} s; "
            f"try again in {retry_after} s",
            headers={"Retry-After": str(retry_after)},
        )
