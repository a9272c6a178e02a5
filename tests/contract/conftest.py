"""Fixtures shared by the contract tests of this folder.

``gateway`` is the gateway served by uvicorn on a free port with the in-memory bus: every test
talks HTTP to a real server, and events are read from and published to the bus exactly as the
orchestrator and workers would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from gateway_api_support import Gateway, running_gateway


@pytest.fixture
async def gateway(tmp_path: Path) -> AsyncIterator[Gateway]:
    """A gateway served over HTTP for one test, with its own database, documents and bus."""
    async with running_gateway(tmp_path) as gw:
        yield gw
