"""The desk's browser tests: one embedded stack and one headless Chromium for the session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from desk_support import chromium, chromium_or_skip

WARM_UP = "WARM-UP AGREEMENT\n\n1. Payment\nThe Buyer shall pay each invoice within 30 days.\n"


@pytest.fixture(scope="session")
async def desk_url(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    """The embedded stack (in-memory bus, playbook model) with the gateway serving the desk."""
    chromium_or_skip()
    from clauseflow_cli.embedded import embedded_stack

    async with embedded_stack(Path(tmp_path_factory.mktemp("desk"))) as endpoints:
        # The first upload waits for a fresh document-reader process; do it here, not in a scenario.
        async with httpx.AsyncClient(base_url=endpoints.gateway_url, timeout=60) as client:
            body = {"text": WARM_UP, "our_party": "Buyer", "title": "warm-up"}
            answer = await client.post("/v1/reviews", json=body)
            assert answer.status_code == 202, answer.text
        yield endpoints.gateway_url


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[object]:
    """Headless system Chromium."""
    async with chromium() as launched:
        yield launched
