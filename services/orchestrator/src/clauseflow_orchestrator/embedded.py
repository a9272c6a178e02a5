"""The orchestrator inside the embedded (one-process) stack, on an injected bus."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from clauseflow_platform.bus.base import EventBus
from clauseflow_platform.llm import LLMClient
from clauseflow_platform.settings import LLMSettings

from clauseflow_orchestrator.clause_typing import SkillsClauseTyper
from clauseflow_orchestrator.service import Orchestrator


@asynccontextmanager
async def start_orchestrator(
    *,
    bus: EventBus,
    llm: LLMSettings | None,
    store_dir: Path,
    db_path: Path,
    window: int = 8,
    skills_target: str | None = None,
) -> AsyncIterator[Orchestrator]:
    """Run an orchestrator (SQLite at ``db_path``) until the context exits; ``llm=None`` plans without LLM.

    With ``skills_target`` (one or more, comma-separated) every unit is typed by the skills service
    before planning.
    """
    client = LLMClient(llm) if llm is not None else None
    typer = SkillsClauseTyper.over(skills_target) if skills_target else None
    orchestrator = Orchestrator(
        bus=bus,
        store_dir=store_dir,
        database_url=f"sqlite+aiosqlite:///{db_path}",
        llm=client,
        window=window,
        outbox_interval_s=0.2,
        typer=typer,
    )
    await orchestrator.start()
    try:
        yield orchestrator
    finally:
        await orchestrator.stop()
        if client is not None:
            await client.close()
        if typer is not None:
            await typer.close()
