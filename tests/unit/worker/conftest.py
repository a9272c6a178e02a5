"""Fixtures for the clause-worker tests: a real skills gRPC server on port 0, a document store, contracts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.settings import SkillsClientSettings
from clauseflow_platform.skills_client import SkillsClient
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings
from worker_fixtures import contract, probe_skills


@pytest.fixture(scope="session")
def store_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One document store shared by the skills server and the worker, as on a shared volume."""
    root = tmp_path_factory.mktemp("worker-store")
    DocumentStore(root).put_structure(contract())
    return root


@pytest.fixture(scope="session")
def store(store_dir: Path) -> DocumentStore:
    """The worker's view of the document store."""
    return DocumentStore(store_dir)


@pytest.fixture(scope="session")
async def skills_target(store_dir: Path) -> AsyncIterator[str]:
    """A real skills server (built-in skills plus probes) on a free loopback port."""
    settings = SkillsServerSettings(document_store_dir=store_dir, skills_host="127.0.0.1")
    server, port = await create_server(settings, port=0, extra_skills=probe_skills())
    yield f"127.0.0.1:{port}"
    await server.stop(grace=1)


@pytest.fixture
async def bus() -> AsyncIterator[InMemoryBus]:
    """A started in-memory bus with four partitions per topic."""
    bus = InMemoryBus(partitions=4)
    await bus.start()
    yield bus
    await bus.stop()


@pytest.fixture
async def skills(skills_target: str) -> AsyncIterator[SkillsClient]:
    """A skills client for the test server."""
    client = SkillsClient(SkillsClientSettings(skills_targets=skills_target, skills_timeout_s=5))
    await client.start()
    yield client
    await client.close()
