"""How a service process runs its event loop.

uvloop (libuv) where it is installed: the services are network-bound small-message
processes (Kafka, gRPC, HTTP to the model) and the loop's own overhead is a measurable
share of their CPU per clause. ``CLAUSEFLOW_EVENT_LOOP=asyncio`` opts out (e.g. to debug
with asyncio's debug mode).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

EVENT_LOOP_ENV = "CLAUSEFLOW_EVENT_LOOP"


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop constructor unless opted out or unavailable (then asyncio's default)."""
    if os.environ.get(EVENT_LOOP_ENV, "uvloop").strip().lower() == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:  # not installed on this platform (uvloop has no Windows build)
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run a service's main coroutine to completion on the chosen event loop."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
