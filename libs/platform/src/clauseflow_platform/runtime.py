"""How a service process runs its event loop.

uvloop (libuv) where it is installed: the services are network-bound small-message
processes (Kafka, gRPC, HTTP to the model) and the loop's own overhead is a measurable
share of their CPU per clause. ``CLAUSEFLOW_EVENT_LOOP=asyncio`` opts out (e.g. to debug
with asyncio's debug mode).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Literal, TypeVar

from pydantic_settings import BaseSettings, SettingsConfigDict

T = TypeVar("T")


class RuntimeSettings(BaseSettings):
    """CLAUSEFLOW_EVENT_LOOP: ``uvloop`` (default, where installed) or ``asyncio``."""

    model_config = SettingsConfigDict(env_prefix="CLAUSEFLOW_", extra="ignore", case_sensitive=False)
    event_loop: Literal["uvloop", "asyncio"] = "uvloop"


def _uvloop_available() -> bool:
    try:
        import uvloop  # noqa: F401
    except ImportError:  # not installed on this platform (uvloop has no Windows build)
        return False
    return True


def uvicorn_loop(settings: RuntimeSettings | None = None) -> Literal["uvloop", "asyncio"]:
    """The ``loop=`` for uvicorn-served services (gateway, playbook model), by the same rule."""
    wanted = (settings or RuntimeSettings()).event_loop
    return "uvloop" if wanted == "uvloop" and _uvloop_available() else "asyncio"


def loop_factory(settings: RuntimeSettings | None = None) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop constructor unless opted out or unavailable (then asyncio's default)."""
    if uvicorn_loop(settings) != "uvloop":
        return None
    import uvloop

    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run a service's main coroutine to completion on the chosen event loop."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
