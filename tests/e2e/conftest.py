"""The distributed stack as real OS processes on a real Kafka broker, shared by the e2e tests."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.stack import LocalStack, StackLayout

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def expected() -> dict[str, Any]:
    """What must be found in the bundled examples (examples/expected.json)."""
    return dict(json.loads((EXAMPLES / "expected.json").read_text()))


@pytest.fixture(scope="session")
async def stack(kafka_bootstrap: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LocalStack]:
    """Playbook model, skills, orchestrator, two workers and the gateway, each its own process."""
    layout = StackLayout(workdir=tmp_path_factory.mktemp("stack"), kafka_bootstrap=kafka_bootstrap, workers=2)
    services = LocalStack(layout)
    try:
        await services.start()
        yield services
    finally:
        await services.stop()


@pytest.fixture
async def gateway(stack: LocalStack) -> AsyncIterator[GatewayClient]:
    """An HTTP client of the running gateway."""
    async with GatewayClient(stack.layout.gateway_url, api_key=stack.api_key) as client:
        yield client
