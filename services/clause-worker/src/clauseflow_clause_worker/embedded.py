"""The worker wired for embedded mode: an injected bus, loopback skills targets, the given LLM settings."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

from clauseflow_documents.store import DocumentStore
from clauseflow_platform.bus.base import EventBus
from clauseflow_platform.settings import LLMSettings

from clauseflow_clause_worker.service import ClauseWorker, build_worker
from clauseflow_clause_worker.settings import AgentSettings


@contextlib.asynccontextmanager
async def start_worker(
    *,
    bus: EventBus,
    llm: LLMSettings,
    skills_targets: Sequence[str],
    store_dir: Path,
    concurrency: int = 8,
    agent_settings: AgentSettings | None = None,
    grace_s: float = 10.0,
) -> AsyncIterator[ClauseWorker]:
    """Run a clause worker on ``bus`` until the context exits (then stop it gracefully)."""
    from clauseflow_platform.llm import LLMClient
    from clauseflow_platform.logging import quiet_noisy_loggers

    quiet_noisy_loggers()  # also when the embedding process did not configure logging
    client = LLMClient(llm)
    worker = build_worker(
        bus=bus,
        llm=client,
        skills_targets=list(skills_targets),
        store=DocumentStore(store_dir),
        concurrency=concurrency,
        agent_settings=agent_settings,
    )
    await worker.start()
    try:
        yield worker
    finally:
        await worker.stop(grace_s)
        close = getattr(client, "close", None)
        if close is not None:
            await close()
