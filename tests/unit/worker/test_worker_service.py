"""The worker service on the in-memory bus: one result per task, deterministic ids, DLQ, concurrency, stop."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from clauseflow_clause_worker.service import ClauseWorker, result_event_id
from clauseflow_contracts import ids
from clauseflow_contracts.events import ClauseResult, ClauseTask, DocumentRefs, Envelope, Topic
from clauseflow_contracts.prompts import read_clause_block
from clauseflow_contracts.review import TaskMode
from clauseflow_documents.parser import parse_text
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.skills_client import SkillsClient
from clauseflow_testkit.scripted_model import request_facts
from clauseflow_testkit.scripted_turns import Turn
from worker_fixtures import DOCUMENT_ID, LIABILITY_RISK, REVIEW_ID, clause_task, scripted_llm

RISK = {
    "risk_type": "uncapped_liability",
    "risk_level": "high",
    "description": "Unlimited liability of the Supplier",
    "original_text": "shall be unlimited",
}
REDLINE = {
    "risk_index": 0,
    "original_text": "shall be unlimited",
    "proposed_text": "shall not exceed the fees",
}


def answer(value: object) -> Turn:
    """A final JSON answer."""
    return Turn.text(json.dumps(value))


CONVERSATIONS = {"clause_review": [answer([RISK])], "redline_draft": [answer([REDLINE])]}


async def _until(condition: Callable[[], bool], timeout_s: float = 5.0) -> None:
    """Poll ``condition`` (state kept by a server we do not control) until it holds."""
    async with asyncio.timeout(timeout_s):
        while not condition():  # noqa: ASYNC110 - nothing to wait on but the recorded requests
            await asyncio.sleep(0.02)


def _envelope(task: ClauseTask, review_id: str = REVIEW_ID) -> Envelope:
    return Envelope.wrap(review_id, task, event_id=f"evt_{task.task_id}")


async def _publish(bus: InMemoryBus, task: ClauseTask, review_id: str = REVIEW_ID) -> None:
    await bus.publish(Topic.CLAUSE_TASKS, f"{review_id}:{task.clause_id}", _envelope(task, review_id))


async def _results(bus: InMemoryBus, count: int, timeout_s: float = 10.0) -> list[Envelope]:
    records = await bus.read_topic(Topic.CLAUSE_RESULTS, min_records=count, timeout_s=timeout_s)
    return [Envelope.from_bytes(r.value) for r in records]


async def test_a_task_yields_one_result_with_risks_redlines_and_a_transcript(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    async with scripted_llm(per_conversation=CONVERSATIONS) as (llm, _):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, concurrency=2)
        await worker.start()
        task = clause_task("1", task_id="task-a")
        await _publish(bus, task)
        [event] = await _results(bus, 1)
        await worker.stop(grace_s=2)
    assert event.event_id == result_event_id("task-a")
    assert event.review_id == REVIEW_ID
    result = event.open(ClauseResult)
    assert result.task_id == "task-a" and not result.fallback_used and result.error == ""
    [risk] = result.risks
    assert risk.id == ids.risk_id(REVIEW_ID, "1", 0, 0)
    [redline] = result.redlines
    assert redline.risk_id == risk.id and redline.original_text == "shall be unlimited"
    assert result.validation_passed and result.usage.calls == 2
    transcript = store.get_blob(result.transcript_ref or "")
    assert isinstance(transcript, dict)
    assert [m["role"] for m in transcript["messages"]] == ["system", "user", "assistant"]
    assert transcript["redline_messages"]


async def test_a_result_carries_the_types_of_its_clause(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    async with scripted_llm(per_conversation=CONVERSATIONS) as (llm, _):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, concurrency=2)
        await worker.start()
        await _publish(bus, clause_task("2", task_id="task-types"))
        [event] = await _results(bus, 1)
        await worker.stop(grace_s=2)
    assert "termination_for_convenience" in event.open(ClauseResult).clause_types


async def test_a_result_names_the_model_the_worker_reviewed_with(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    # behind a model gate too: the gate wraps the client, the result still names the model
    async with scripted_llm(per_conversation=CONVERSATIONS, llm_model="worker-model-7b") as (llm, model):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, model_concurrency=1)
        await worker.start()
        await _publish(bus, clause_task("1", task_id="task-model"))
        [event] = await _results(bus, 1)
        await worker.stop(grace_s=2)
    assert event.open(ClauseResult).model == "worker-model-7b"
    assert request_facts(model.requests[0])["model"] == "worker-model-7b"  # the model that was asked


async def test_a_draft_task_drafts_redlines_for_the_risks_it_carries_without_analysing_again(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    found = LIABILITY_RISK
    task = clause_task("1", task_id="task-draft", mode="draft", depth="quick", risks=(found,))
    async with scripted_llm(per_conversation=CONVERSATIONS) as (llm, model):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store)
        await worker.handle(_envelope(task))
    result = (await _results(bus, 1))[0].open(ClauseResult)
    assert (result.mode, result.risks, result.error) == (TaskMode.DRAFT, (), "")
    [redline] = result.redlines
    assert (redline.risk_id, redline.proposed_text) == (found.id, "shall not exceed the fees")
    assert [request_facts(body)["kind"] for body in model.requests] == ["redline_draft"]
    transcript = store.get_blob(result.transcript_ref or "")
    assert isinstance(transcript, dict) and transcript["mode"] == "draft" and transcript["redline_messages"]


async def test_a_draft_task_without_risks_reports_that_there_is_nothing_to_draft(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    async with scripted_llm() as (llm, model):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store)
        await worker.handle(_envelope(clause_task("1", task_id="task-empty", mode="draft")))
    result = (await _results(bus, 1))[0].open(ClauseResult)
    assert "nothing to draft" in result.error and result.redlines == () and model.requests == []


async def test_a_reference_documents_unit_is_reviewed_and_its_risks_cited_under_the_prefixed_id(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    requirements = parse_text(
        "PART III - EMPLOYER'S REQUIREMENTS\n\n1. SCOPE\n\n1.1 The Works are a 40 MW wind farm.\n\n"
        "2. GRID CONNECTION AND PERMITS\n\n"
        "2.1 The Contractor shall obtain the grid connection at its own cost and risk.\n\n"
        "2.2 The Contractor shall train ten operators of the Employer.\n"
    ).model_copy(update={"document_id": "e" * 64})
    store.put_structure(requirements)
    risk = {
        "risk_type": "employer_requirements_errors",
        "risk_level": "medium",
        "description": "The Employer's grid obligation is shifted to us",
        "original_text": "obtain the grid connection at its own cost and risk",
    }
    task = clause_task(
        "ER 2",
        task_id="task-er",
        documents=DocumentRefs(primary=DOCUMENT_ID, references=(requirements.document_id,)),
        skip_diffs=True,
    )
    async with scripted_llm(per_conversation={"clause_review": [answer([risk])]}) as (llm, model):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store)
        await worker.handle(_envelope(task))
    result = (await _results(bus, 1))[0].open(ClauseResult)
    assert result.error == "" and [r.clause_id for r in result.risks] == ["ER 2.1"]
    clause_block = read_clause_block(str(model.messages_of(0)[1]["content"]))
    assert "grid connection" in clause_block and "wind farm" not in clause_block


async def test_a_redelivered_task_republishes_the_same_event_and_ids(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    async with scripted_llm(per_conversation=CONVERSATIONS) as (llm, _):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store)
        envelope = _envelope(clause_task("1", task_id="task-b"))
        await worker.handle(envelope)
        await worker.handle(envelope)  # as after a crash before the commit
    first, second = await _results(bus, 2)
    assert first.event_id == second.event_id == result_event_id("task-b")
    one, two = first.open(ClauseResult), second.open(ClauseResult)
    assert [r.id for r in one.risks] == [r.id for r in two.risks]
    assert [r.id for r in one.redlines] == [r.id for r in two.redlines]
    assert one.transcript_ref == two.transcript_ref


async def test_tasks_are_handled_concurrently(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    slow = {"clause_review": [Turn.text("[]", delay_s=0.4)]}
    async with scripted_llm(per_conversation=slow) as (llm, _):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, concurrency=8)
        await worker.start()
        started = time.monotonic()
        for n in range(4):
            await _publish(bus, clause_task("2", task_id=f"task-c{n}"), review_id=f"rev_c{n}")
        events = await _results(bus, 4)
        elapsed = time.monotonic() - started
        await worker.stop(grace_s=2)
    assert len(events) == 4
    assert elapsed < 1.2, f"4 tasks of 0.4 s took {elapsed:.2f}s: they ran one at a time"


async def test_an_invalid_task_is_dead_lettered_and_the_worker_continues(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    bad = Envelope(event_id="evt_bad", type=ClauseTask.TYPE, review_id=REVIEW_ID, payload={"clause_id": "1"})
    async with scripted_llm(per_conversation=CONVERSATIONS) as (llm, _):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, max_attempts=1)
        await worker.start()
        await bus.publish(Topic.CLAUSE_TASKS, f"{REVIEW_ID}:1", bad)
        await _publish(bus, clause_task("1", task_id="task-d"))
        dead = await bus.read_topic(Topic.dlq(Topic.CLAUSE_TASKS), min_records=1)
        [event] = await _results(bus, 1)
        await worker.stop(grace_s=2)
    assert len(dead) == 1
    assert event.open(ClauseResult).task_id == "task-d"


async def test_a_task_naming_another_tenants_document_is_dead_lettered_without_a_model_call(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    """The task says tenant globex, the document is acme's: the worker refuses it, with the reason."""
    task = clause_task("1", task_id="task-foreign", documents=DocumentRefs(primary=f"acme:{DOCUMENT_ID}"))
    foreign = Envelope.wrap(REVIEW_ID, task, event_id="evt_foreign", tenant_id="globex")
    async with scripted_llm(per_conversation=CONVERSATIONS) as (llm, model):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, max_attempts=1)
        await worker.start()
        await bus.publish(Topic.CLAUSE_TASKS, f"{REVIEW_ID}:1", foreign)
        [dead] = await bus.read_topic(Topic.dlq(Topic.CLAUSE_TASKS), min_records=1)
        await worker.stop(grace_s=2)
        assert model.requests == []
    assert "another tenant" in (dead.header("x-error") or "")
    assert await bus.read_topic(Topic.CLAUSE_RESULTS, timeout_s=0.3) == []


async def test_a_missing_clause_gives_a_result_with_the_error(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    async with scripted_llm() as (llm, model):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store)
        await worker.handle(_envelope(clause_task("42", task_id="task-e")))
    result = (await _results(bus, 1))[0].open(ClauseResult)
    assert "'42' does not exist" in result.error
    assert result.risks == () and model.requests == []


async def test_stopping_lets_an_in_flight_task_finish(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    slow = {"clause_review": [Turn.text("[]", delay_s=0.5)]}
    async with scripted_llm(per_conversation=slow) as (llm, model):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store)
        await worker.start()
        await _publish(bus, clause_task("2", task_id="task-f"))
        await _until(lambda: bool(model.requests))
        await worker.stop(grace_s=5)
    [event] = await _results(bus, 1, timeout_s=0.1)
    assert event.open(ClauseResult).task_id == "task-f"


async def test_many_tasks_on_one_document_read_its_structure_once(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    reads: list[str] = []

    class CountingStore(DocumentStore):
        def get_structure(self, doc_id: str) -> Any:
            reads.append(doc_id)
            return super().get_structure(doc_id)

    counting = CountingStore(store.root)
    async with scripted_llm(per_conversation={"clause_review": [Turn.text("[]")]}) as (llm, _):
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=counting, concurrency=4)
        await worker.start()
        for n in range(6):
            await _publish(bus, clause_task("2", task_id=f"task-s{n}"), review_id=f"rev_s{n}")
        events = await _results(bus, 6)
        await worker.stop(grace_s=2)
    assert len(events) == 6
    assert all(not e.open(ClauseResult).error for e in events)
    assert len(reads) == 1, f"the structure was read {len(reads)} times for 6 tasks"


async def test_a_clause_over_the_size_limit_fails_with_the_reason_without_asking_the_model(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    from clauseflow_clause_worker.settings import AgentSettings

    async with scripted_llm(per_conversation=CONVERSATIONS) as (llm, model):
        limits = AgentSettings(max_clause_chars=1000)
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, agent_settings=limits)
        long_clause = parse_text(
            "MASTER AGREEMENT\n\n1. Scope\n"
            + "The Supplier shall deliver the Goods. " * 100
            + "\n\n2. Price\nThe price is fixed.\n"
        )
        store.put_structure(long_clause)
        task = clause_task("1", task_id="task-long").model_copy(
            update={"documents": DocumentRefs(primary=long_clause.document_id)}
        )
        await worker.handle(_envelope(task))
    result = (await _results(bus, 1))[0].open(ClauseResult)
    assert result.failed and result.risks == ()
    assert "characters; a clause may have at most 1,000 (MAX_CLAUSE_CHARS)" in result.error
    assert model.requests == []


async def test_a_clause_that_takes_longer_than_its_time_limit_fails_and_frees_the_model(
    bus: InMemoryBus, skills: SkillsClient, store: DocumentStore
) -> None:
    from clauseflow_clause_worker.settings import AgentSettings

    slow = {"clause_review": [Turn.text(json.dumps([RISK]), delay_s=5)]}
    async with scripted_llm(per_conversation=slow) as (llm, _):
        limits = AgentSettings(clause_timeout_s=0.5)
        worker = ClauseWorker(bus=bus, llm=llm, skills=skills, store=store, agent_settings=limits)
        started = time.monotonic()
        await worker.handle(_envelope(clause_task("1", task_id="task-slow")))
        elapsed = time.monotonic() - started
    result = (await _results(bus, 1))[0].open(ClauseResult)
    assert result.failed and "took longer than 0.5s (CLAUSE_TIMEOUT_S)" in result.error
    assert elapsed < 4
