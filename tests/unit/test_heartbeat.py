"""The liveness file of the orchestrator and the workers, and the health check that reads it."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from clauseflow_platform.heartbeat import HeartbeatSettings, check, heartbeat, main


async def test_a_running_service_is_healthy_and_a_stopped_or_stuck_one_is_not(tmp_path: Path) -> None:
    path = tmp_path / "alive"
    assert main([str(path), "30"]) == 1  # never started
    async with heartbeat(HeartbeatSettings(health_file=str(path), health_interval_s=0.05)):
        await asyncio.sleep(0.2)
        assert main([str(path), "30"]) == 0
        # A heartbeat that stopped being written (a blocked event loop) goes stale.
        old = time.time() - 120
        os.utime(path, (old, old))
        assert "stuck" in (check(path, 30) or "")
        await asyncio.sleep(0.2)
        assert check(path, 30) is None  # fresh again while the loop runs
    assert "not started" in (check(path, 30) or "")  # removed on a clean stop


async def test_without_a_health_file_nothing_is_written(tmp_path: Path) -> None:
    async with heartbeat(HeartbeatSettings(health_file="")):
        await asyncio.sleep(0.05)
    assert await asyncio.to_thread(lambda: list(tmp_path.iterdir())) == []
