"""Shutdown of the Kafka bus always ends, even when a client ignores cancellation."""

from __future__ import annotations

import asyncio
import time

import pytest
from clauseflow_platform.bus.kafka import _settle_within


async def _stubborn_stop() -> None:
    """A client's stop that swallows the cancellation and finishes its own slow way (a shielded shutdown)."""
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        await asyncio.sleep(1.0)


async def test_a_stop_that_ignores_cancellation_is_abandoned_after_the_timeout() -> None:
    started = time.monotonic()
    await _settle_within(_stubborn_stop(), 0.2, "stubborn stop")
    # asyncio.wait_for would have waited for the swallowed cancellation too: 1.2 s, not 0.2 s
    assert time.monotonic() - started < 0.8


async def test_a_stop_that_fails_in_time_reports_its_error_unless_told_not_to() -> None:
    async def failing() -> None:
        raise RuntimeError("broker gone")

    with pytest.raises(RuntimeError, match="broker gone"):
        await _settle_within(failing(), 1.0, "failing stop")
    await _settle_within(failing(), 1.0, "failing loop", raise_errors=False)
