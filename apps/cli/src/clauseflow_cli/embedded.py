"""Embedded mode: the whole product in one process — same code as the distributed stack, other wiring.

In-memory bus, the skills gRPC server and the playbook model on loopback ports, the gateway served
over real HTTP on loopback, SQLite and the document store in a work directory.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import uvicorn
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.logging import get_logger
from clauseflow_platform.settings import LLMSettings

from clauseflow_cli.processes import free_port

log = get_logger(__name__)


@dataclass
class EmbeddedEndpoints:
    """Where the embedded services answer, and the bus they share (for observers such as benchmarks)."""

    gateway_url: str
    llm_base_url: str
    skills_target: str
    bus: InMemoryBus


def _llm_settings(base_url: str | None) -> LLMSettings:
    settings = LLMSettings()
    return settings.model_copy(update={"llm_base_url": base_url}) if base_url else settings


@contextlib.asynccontextmanager
async def _playbook_model(external_llm: bool) -> AsyncIterator[str | None]:
    if external_llm:
        yield None
        return
    from clauseflow_playbook_model.main import serve_in_background

    base_url, stop = await serve_in_background(port=0)
    try:
        yield base_url
    finally:
        await stop()


@contextlib.asynccontextmanager
async def _skills(workdir: Path) -> AsyncIterator[str]:
    from clauseflow_skills.server import create_server
    from clauseflow_skills.settings import SkillsServerSettings

    settings = SkillsServerSettings(
        document_store_dir=workdir / "documents", skills_host="127.0.0.1", skills_port=0
    )
    server, port = await create_server(settings, port=0)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        await server.stop(grace=2)


@contextlib.asynccontextmanager
async def _gateway(workdir: Path, bus: InMemoryBus) -> AsyncIterator[str]:
    from clauseflow_gateway.app import create_app
    from clauseflow_gateway.settings import GatewaySettings

    port = free_port()
    settings = GatewaySettings(
        gateway_host="127.0.0.1",
        gateway_port=port,
        gateway_database_url=f"sqlite+aiosqlite:///{workdir / 'gateway.db'}",
        document_store_dir=workdir / "documents",
        bus_kind="memory",
        # One process on loopback, for the person running it: no key needed (refused off loopback).
        gateway_auth=False,
    )
    app = create_app(settings, bus=bus)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


@contextlib.asynccontextmanager
async def embedded_stack(
    workdir: Path, *, llm_base_url: str | None = None, worker_concurrency: int = 8, window: int = 8
) -> AsyncIterator[EmbeddedEndpoints]:
    """Run every service in this process until the context exits.

    ``window`` is how many clause analyses of one review the orchestrator keeps in flight.
    """
    from clauseflow_clause_worker.embedded import start_worker
    from clauseflow_orchestrator.embedded import start_orchestrator

    await asyncio.to_thread(workdir.mkdir, parents=True, exist_ok=True)
    bus = InMemoryBus()
    await bus.start()
    async with contextlib.AsyncExitStack() as stack:
        model_url = await stack.enter_async_context(_playbook_model(llm_base_url is not None))
        llm = _llm_settings(llm_base_url or model_url)
        skills_target = await stack.enter_async_context(_skills(workdir))
        await stack.enter_async_context(
            start_orchestrator(
                bus=bus,
                llm=llm,
                store_dir=workdir / "documents",
                db_path=workdir / "orchestrator.db",
                window=window,
                skills_target=skills_target,
            )
        )
        await stack.enter_async_context(
            start_worker(
                bus=bus,
                llm=llm,
                skills_targets=[skills_target],
                store_dir=workdir / "documents",
                concurrency=worker_concurrency,
            )
        )
        gateway_url = await stack.enter_async_context(_gateway(workdir, bus))
        log.info("embedded.stack_ready", gateway=gateway_url, llm=llm.llm_base_url, skills=skills_target)
        try:
            yield EmbeddedEndpoints(gateway_url, llm.llm_base_url, skills_target, bus)
        finally:
            pass
    await bus.stop()
