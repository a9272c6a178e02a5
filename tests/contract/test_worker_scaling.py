"""Clause workers scaled out on a real Kafka broker: a replica killed with -9 loses no task.

Three replicas share the ``clause-workers`` group on this test's own topics: one is a
separate OS process (the real ``clauseflow-clause-worker`` entry point) killed with SIGKILL
while it is handling tasks; the two others run in this process. Every task must end with a
result, and a task that was redelivered republishes the same event id, so the results are
exactly one per task in effect.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from clauseflow_clause_worker.service import ClauseWorker, result_event_id
from clauseflow_contracts.events import ClauseResult, ClauseTask, DocumentRefs, Envelope
from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.bus.kafka import KafkaBus, KafkaBusOptions
from clauseflow_platform.llm import LLMClient
from clauseflow_platform.settings import KafkaSettings, SkillsClientSettings
from clauseflow_platform.skills_client import SkillsClient
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings
from clauseflow_testkit.scripted_model import ScriptedModel
from clauseflow_testkit.scripted_turns import Turn

pytestmark = pytest.mark.kafka

DOC = "e" * 64
TASKS = 16
TURN_S = 0.8
OPTIONS = KafkaBusOptions(topics=(), session_timeout_ms=2000, heartbeat_interval_ms=300, retry_backoff_s=0.05)


@pytest.fixture
async def skills_and_store(tmp_path: Path) -> AsyncIterator[tuple[str, Path]]:
    """A skills server over a store holding a one-clause contract."""
    clause = Clause(clause_id="1", title="Liability", text="The Supplier's liability shall be unlimited.")
    DocumentStore(tmp_path).put_structure(
        DocumentStructure(document_id=DOC, text=clause.text, clauses=(clause,))
    )
    server, port = await create_server(
        SkillsServerSettings(document_store_dir=tmp_path, skills_host="127.0.0.1"), port=0
    )
    yield f"127.0.0.1:{port}", tmp_path
    await server.stop(grace=1)


def _task(n: int) -> tuple[str, ClauseTask]:
    review = f"rev_scale_{n}"
    task = ClauseTask(
        task_id=f"task_scale_{n}",
        clause_id="1",
        documents=DocumentRefs(primary=DOC),
        our_party="Supplier",
        language="en",
    )
    return review, task


async def _start_victim(env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "clauseflow_clause_worker.main",
        env={**os.environ, **env},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


async def _wait_for_line(proc: asyncio.subprocess.Process, needle: str, timeout_s: float) -> None:
    assert proc.stderr is not None
    async with asyncio.timeout(timeout_s):
        while True:
            line = await proc.stderr.readline()
            if not line:
                raise AssertionError(f"the worker process exited before logging {needle!r}")
            if needle in line.decode(errors="replace"):
                return


async def test_a_replica_killed_mid_task_loses_nothing_and_results_stay_exactly_once_in_effect(
    kafka_bootstrap: str, unique_name: Callable[[str], str], skills_and_store: tuple[str, Path]
) -> None:
    skills_target, store_dir = skills_and_store
    tasks_topic, results_topic = unique_name("tasks"), unique_name("results")
    group = unique_name("clause-workers")
    settings = KafkaSettings(
        kafka_bootstrap_servers=kafka_bootstrap, kafka_partitions=6, kafka_request_timeout_ms=10_000
    )
    publisher = KafkaBus(settings, OPTIONS)
    await publisher.start()
    await publisher.ensure_topics([tasks_topic, results_topic])
    conversations = {"clause_review": [Turn.text("[]", delay_s=TURN_S)]}
    replicas: list[tuple[KafkaBus, ClauseWorker, LLMClient]] = []
    async with ScriptedModel(per_conversation=conversations) as model:
        victim = await _start_victim(
            {
                "BUS_KIND": "kafka",
                "WORKER_GROUP_ID": group,
                "WORKER_TASKS_TOPIC": tasks_topic,
                "WORKER_RESULTS_TOPIC": results_topic,
                "WORKER_CONCURRENCY": "2",
                "KAFKA_BOOTSTRAP_SERVERS": kafka_bootstrap,
                "SKILLS_TARGETS": skills_target,
                "LLM_BASE_URL": model.base_url,
                "LLM_API_KEY": "scripted",
                "DOCUMENT_STORE_DIR": str(store_dir),
                "LOG_JSON": "true",
            }
        )
        try:
            await _wait_for_line(victim, "worker.started", timeout_s=60)
            for n in range(TASKS):
                review, task = _task(n)
                await publisher.publish(
                    tasks_topic, f"{review}:1", Envelope.wrap(review, task, event_id=f"evt_{n}")
                )
            await _wait_for_line(victim, "clause.task_received", timeout_s=60)
            for _ in range(2):
                bus = KafkaBus(settings, OPTIONS)
                await bus.start()
                llm = LLMClient(model.settings())
                skills = SkillsClient(SkillsClientSettings(skills_targets=skills_target))
                worker = ClauseWorker(
                    bus=bus,
                    llm=llm,
                    skills=skills,
                    store=DocumentStore(store_dir),
                    concurrency=2,
                    group_id=group,
                    owns_skills=True,
                    tasks_topic=tasks_topic,
                    results_topic=results_topic,
                )
                await worker.start()
                replicas.append((bus, worker, llm))
            victim.send_signal(signal.SIGKILL)  # mid-task: its in-flight tasks are never committed
            await victim.wait()

            expected = {f"task_scale_{n}" for n in range(TASKS)}
            records = await publisher.read_topic(results_topic, min_records=TASKS, timeout_s=90)
            seen: set[str] = set()
            async with asyncio.timeout(90):
                while True:
                    seen = {Envelope.from_bytes(r.value).open(ClauseResult).task_id for r in records}
                    if seen >= expected:
                        break
                    await asyncio.sleep(0.5)
                    records = await publisher.read_topic(
                        results_topic, min_records=len(records) + 1, timeout_s=5
                    )
        finally:
            if victim.returncode is None:
                victim.kill()
                await victim.wait()
            for bus, worker, llm in replicas:
                await worker.stop(grace_s=5)
                await bus.stop()
                await llm.close()
            await publisher.stop()

    events = [Envelope.from_bytes(r.value) for r in records]
    assert seen == expected
    by_task: dict[str, set[str]] = {}
    for event in events:
        by_task.setdefault(event.open(ClauseResult).task_id, set()).add(event.event_id)
    # A redelivered task may publish again, but always under the same event id: one result in effect.
    assert all(ids == {result_event_id(task_id)} for task_id, ids in by_task.items())
