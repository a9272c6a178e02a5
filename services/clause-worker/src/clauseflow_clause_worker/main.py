"""Process entry point of the clause worker: settings, logging, bus, clients, SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import sys

from clauseflow_documents.store import DocumentStore
from clauseflow_platform import runtime
from clauseflow_platform.heartbeat import HeartbeatSettings, heartbeat
from clauseflow_platform.logging import configure_logging, get_logger
from clauseflow_platform.skills_client import SkillsClient
from pydantic import ValidationError

from clauseflow_clause_worker.service import ClauseWorker
from clauseflow_clause_worker.settings import ClauseWorkerConfig

log = get_logger(__name__)


async def run(config: ClauseWorkerConfig) -> None:
    """Run the worker until SIGTERM/SIGINT, then stop gracefully (in-flight tasks finish or are released)."""
    from clauseflow_platform.bus.factory import create_bus
    from clauseflow_platform.llm import LLMClient

    bus = create_bus(config.worker.bus_kind, config.kafka)
    llm = LLMClient(config.llm)
    skills = SkillsClient(config.skills)
    worker = ClauseWorker(
        bus=bus,
        llm=llm,
        skills=skills,
        store=DocumentStore(config.storage.document_store_dir),
        agent_settings=config.agent,
        concurrency=config.worker.worker_concurrency,
        model_concurrency=config.worker.worker_model_concurrency,
        group_id=config.worker.worker_group_id,
        max_attempts=config.worker.worker_handler_attempts,
        owns_skills=True,
        tasks_topic=config.worker.worker_tasks_topic,
        results_topic=config.worker.worker_results_topic,
    )
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stopping.set)
    await skills.start()
    await bus.start()
    try:
        await worker.start()
        async with heartbeat(HeartbeatSettings()):
            await stopping.wait()
        log.info("worker.stopping")
    finally:
        await worker.stop(config.worker.worker_shutdown_grace_s)
        await bus.stop()
        close = getattr(llm, "close", None)
        if close is not None:
            await close()


def main() -> None:
    """``clauseflow-clause-worker``: read settings from the environment and run until told to stop."""
    try:
        config = ClauseWorkerConfig()
    except ValidationError as exc:
        sys.stderr.write(f"clause-worker: invalid settings:\n{exc}\n")
        raise SystemExit(2) from None
    configure_logging("clause-worker", level=config.logging.log_level, json=config.logging.log_json)
    runtime.run(run(config))


if __name__ == "__main__":
    main()
