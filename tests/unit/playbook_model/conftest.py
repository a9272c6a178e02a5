"""The playbook model served over real HTTP on a free port, reached through the real openai SDK."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from clauseflow_playbook_model.main import serve_in_background
from openai import AsyncOpenAI


@pytest.fixture(scope="session")
async def playbook_url() -> AsyncIterator[str]:
    base_url, stop = await serve_in_background(port=0)
    try:
        yield base_url
    finally:
        await stop()


@pytest.fixture(scope="session")
async def llm(playbook_url: str) -> AsyncIterator[AsyncOpenAI]:
    client = AsyncOpenAI(base_url=playbook_url, api_key="offline", timeout=30, max_retries=0)
    try:
        yield client
    finally:
        await client.close()
