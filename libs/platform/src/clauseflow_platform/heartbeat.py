"""A liveness file for services without an HTTP port (orchestrator, clause-worker).

Once a service has started (bus connected, consumer group joined), it rewrites ``HEALTH_FILE``
every ``HEALTH_INTERVAL_S`` seconds from its event loop. A container health check runs

    python -m clauseflow_platform.heartbeat /tmp/clauseflow.alive 30

which fails when the file is missing (the service never started) or older than 30 s (its event
loop is stuck or the process hangs) — unlike checking that PID 1 exists, which always passes.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class HeartbeatSettings(BaseSettings):
    """Where and how often a service proves it is alive (no file: no heartbeat)."""

    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)

    health_file: str = ""
    health_interval_s: float = Field(default=5.0, gt=0)


async def _beat(path: Path, interval_s: float) -> None:
    while True:
        tmp = path.with_suffix(".tmp")
        await asyncio.to_thread(tmp.write_text, f"{time.time():.3f}\n")
        await asyncio.to_thread(tmp.replace, path)
        await asyncio.sleep(interval_s)


@contextlib.asynccontextmanager
async def heartbeat(settings: HeartbeatSettings) -> AsyncIterator[None]:
    """Keep the liveness file fresh while the block runs; remove it when the service stops."""
    if not settings.health_file:
        yield
        return
    path = Path(settings.health_file)
    await asyncio.to_thread(path.parent.mkdir, parents=True, exist_ok=True)
    task = asyncio.create_task(_beat(path, settings.health_interval_s))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await asyncio.to_thread(path.unlink, missing_ok=True)


def check(path: Path, max_age_s: float) -> str | None:
    """Why the service is not healthy (``None`` when its heartbeat is fresh)."""
    try:
        age = time.time() - path.stat().st_mtime
    except FileNotFoundError:
        return f"no heartbeat at {path}: the service has not started"
    if age > max_age_s:
        return f"last heartbeat {age:.0f}s ago (limit {max_age_s:g}s): the service is stuck"
    return None


def main(argv: list[str]) -> int:
    """``python -m clauseflow_platform.heartbeat PATH MAX_AGE_S``: exit 0 when alive, 1 otherwise."""
    problem = check(Path(argv[0]), float(argv[1]))
    if problem:
        sys.stderr.write(problem + "\n")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
