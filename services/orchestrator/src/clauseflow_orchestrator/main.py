"""``clauseflow-orchestrator``: run the orchestrator service until SIGTERM/SIGINT."""

from __future__ import annotations

import asyncio
import signal

from clauseflow_platform import runtime
from clauseflow_platform.bus.base import EventBus
from clauseflow_platform.heartbeat import HeartbeatSettings, heartbeat
from clauseflow_platform.llm import LLMClient
from clauseflow_platform.logging import configure_logging, get_logger
from clauseflow_platform.skills_client import SkillsClient

from clauseflow_orchestrator.clause_typing import SkillsClauseTyper
from clauseflow_orchestrator.service import Orchestrator
from clauseflow_orchestrator.settings import OrchestratorSettings

log = get_logger(__name__)


def build_typer(settings: OrchestratorSettings) -> SkillsClauseTyper | None:
    """The clause typer over every skills target, unless typing is switched off or no target is named."""
    if not settings.orchestrator.orchestrator_type_clauses or not settings.skills.target_list():
        return None
    return SkillsClauseTyper(
        SkillsClient(settings.skills), deadline_s=settings.orchestrator.orchestrator_typing_deadline_s
    )


def build_orchestrator(
    settings: OrchestratorSettings,
    bus: EventBus,
    llm: LLMClient | None,
    typer: SkillsClauseTyper | None = None,
) -> Orchestrator:
    """An orchestrator wired from settings (the bus, LLM client and typer are created by the caller)."""
    opts = settings.orchestrator
    return Orchestrator(
        bus=bus,
        store_dir=settings.storage.document_store_dir,
        database_url=opts.orchestrator_database_url,
        llm=llm,
        window=opts.orchestrator_window,
        adjust_threshold=opts.orchestrator_adjust_threshold,
        concurrency=opts.orchestrator_concurrency,
        handler_attempts=settings.kafka.kafka_handler_attempts,
        outbox_interval_s=opts.orchestrator_outbox_interval_s,
        typer=typer,
        llm_wait_s=opts.orchestrator_llm_wait_s,
    )


async def run(settings: OrchestratorSettings) -> None:
    """Start the bus and the orchestrator, wait for a stop signal, shut down gracefully."""
    from clauseflow_platform.bus.factory import create_bus

    bus = create_bus(settings.orchestrator.bus_kind, settings.kafka)
    llm = LLMClient(settings.llm)
    typer = build_typer(settings)
    orchestrator = build_orchestrator(settings, bus, llm, typer)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await bus.start()
    try:
        await orchestrator.start()
        async with heartbeat(HeartbeatSettings()):
            await stop.wait()
        log.info("orchestrator.stopping")
    finally:
        await orchestrator.stop()
        await bus.stop()
        await llm.close()
        if typer is not None:
            await typer.close()


def main() -> None:
    """Entry point: settings from the environment, logging, then run until signalled."""
    settings = OrchestratorSettings()
    configure_logging("orchestrator", level=settings.logging.log_level, json=settings.logging.log_json)
    runtime.run(run(settings))


if __name__ == "__main__":
    main()
