"""The orchestrator against its event contract on the in-memory bus, with a real SQLite file.

The test plays the other services: it publishes the review request, answers clause
tasks as a worker would (published by the test), and submits decisions as the gateway
would. Restarting the orchestrator from the same database mid-review must give the
same final state as an uninterrupted run.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from clauseflow_orchestrator.service import Orchestrator
from clauseflow_orchestrator.state import ReviewState
from clauseflow_shared.bus.base import Consumer
from clauseflow_shared.bus.memory import InMemoryBus
from clauseflow_shared.documents.model import Clause, DocumentStructure
from clauseflow_shared.documents.store import DocumentStore
from clauseflow_shared.events import (
    ClauseResult,
    ClauseTask,
    DocumentRefs,
    Envelope,
    ReviewDecisionsSubmitted,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_shared.ids import redline_id, risk_id
from clauseflow_shared.review import (
    ClauseState,
    Decision,
    DecisionAction,
    Language,
    Redline,
    RedlineStatus,
    ReviewOptions,
    ReviewStatus,
    Risk,
    TaskMode,
)

REVIEW = "rev_contract_flow"
RISKY = {"2": "high", "3": "low"}  # clause id -> level of the one risk the fake worker finds


def _structure() -> DocumentStructure:
    clauses = [
        ("1", "Definitions", '"Goods" means the goods listed in Schedule 1.'),
        ("2", "Liability", "The Supplier's liability under this Agreement is unlimited."),
        ("3", "Notices", "Notices shall be sent by post to the address above."),
        ("4", "Delivery", "The Supplier shall deliver the Goods to the Customer's site."),
        ("5", "Governing Law", "This Agreement is governed by the laws of England."),
    ]
    return DocumentStructure(
        document_id="doc_flow",
        clauses=tuple(Clause(clause_id=c, title=t, text=f"{t}\n{body}") for c, t, body in clauses),
    )


def _answer(task: ClauseTask) -> ClauseResult:
    """What a deterministic worker finds: one risk in the risky clauses, one redline per risk."""
    level = RISKY.get(task.clause_id)
    if task.mode is TaskMode.REDRAFT:
        risks = task.risks
    elif level:
        risks = (
            Risk(
                id=risk_id(REVIEW, task.clause_id, 0, 0),
                clause_id=task.clause_id,
                risk_type="uncapped_liability",
                risk_level=level,
                description=f"risk in clause {task.clause_id}",
                original_text="unlimited",
            ),
        )
    else:
        risks = ()
    redlines = tuple(
        Redline(
            id=redline_id(REVIEW, task.clause_id, r.id, task.attempt),
            clause_id=task.clause_id,
            risk_id=r.id,
            original_text="unlimited",
            proposed_text=f"capped at the price (draft {task.attempt})",
            round=task.attempt,
        )
        for r in risks
    )
    return ClauseResult(
        task_id=task.task_id,
        clause_id=task.clause_id,
        mode=task.mode,
        attempt=task.attempt,
        risks=risks,
        redlines=redlines,
    )


@dataclass
class Harness:
    bus: InMemoryBus
    db_url: str
    store_dir: Path
    orchestrator: Orchestrator | None = None

    async def start_orchestrator(self) -> Orchestrator:
        self.orchestrator = Orchestrator(
            bus=self.bus, store_dir=self.store_dir, database_url=self.db_url, window=2, outbox_interval_s=0.05
        )
        await self.orchestrator.start()
        return self.orchestrator

    async def stop_orchestrator(self) -> None:
        assert self.orchestrator is not None
        await self.orchestrator.stop()
        self.orchestrator = None

    async def state(self) -> ReviewState | None:
        assert self.orchestrator is not None
        return await self.orchestrator.store.load(REVIEW)

    async def wait_for(
        self, what: str, predicate: Callable[[ReviewState], bool], timeout_s: float = 15
    ) -> ReviewState:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while loop.time() < deadline:
            state = await self.state()
            if state is not None and predicate(state):
                return state
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; state: {await self.state()}")

    async def request_review(self) -> None:
        request = ReviewRequested(
            documents=DocumentRefs(primary="doc_flow"),
            our_party="Customer",
            language=Language.EN,
            options=ReviewOptions(use_orchestrator=False, max_redraft_rounds=1),
        )
        await self.bus.publish(
            Topic.REVIEW_REQUESTED, REVIEW, Envelope.wrap(REVIEW, request, event_id="evt_request")
        )

    async def decide(self, request_id: str, *decisions: Decision) -> Envelope:
        payload = ReviewDecisionsSubmitted(
            request_id=request_id,
            decisions=decisions,
            decided_by="lawyer",
            decided_at=datetime(2026, 1, 1, tzinfo=UTC),
        )
        env = Envelope.wrap(REVIEW, payload, event_id=f"evt_{request_id}")
        await self.bus.publish(Topic.REVIEW_DECISIONS, REVIEW, env)
        return env


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    store_dir = tmp_path / "documents"
    DocumentStore(store_dir).put_structure(_structure())
    bus = InMemoryBus()
    await bus.start()

    async def fake_worker(env: Envelope) -> None:
        task = env.open(ClauseTask)
        result = _answer(task)
        await bus.publish(
            Topic.CLAUSE_RESULTS, REVIEW, Envelope.wrap(REVIEW, result, event_id=f"evt_result_{task.task_id}")
        )

    worker: Consumer = bus.subscribe(
        [Topic.CLAUSE_TASKS], group_id="fake-worker", handler=fake_worker, concurrency=4
    )
    await worker.start()
    h = Harness(bus, f"sqlite+aiosqlite:///{tmp_path / 'orchestrator.db'}", store_dir)
    yield h
    if h.orchestrator is not None:
        await h.stop_orchestrator()
    await worker.stop()
    await bus.stop()


def _pending(state: ReviewState) -> dict[str, str]:
    """clause id -> id of its pending redline."""
    return {r.clause_id: r.id for r in state.redlines.values() if r.status is RedlineStatus.PENDING}


async def _run_review(h: Harness, *, restart_at: str | None = None) -> ReviewState:
    """Request, approve clause 3's redline, reject clause 2's with feedback, approve the redraft."""
    await h.start_orchestrator()
    await h.request_review()
    state = await h.wait_for("both redlines", lambda s: len(_pending(s)) == 2 and s.analyzed_count == 5)
    if restart_at == "awaiting_approval":
        await h.stop_orchestrator()
        await h.start_orchestrator()
    first = _pending(state)
    await h.decide(
        "req_1",
        Decision(redline_id=first["3"], action=DecisionAction.APPROVE),
        Decision(redline_id=first["2"], action=DecisionAction.REJECT, feedback="cap at 100% of the price"),
    )
    state = await h.wait_for(
        "the redraft",
        lambda s: any(r.round == 1 and r.status is RedlineStatus.PENDING for r in s.redlines.values()),
    )
    if restart_at == "redrafted":
        await h.stop_orchestrator()
        await h.start_orchestrator()
    await h.decide("req_2", Decision(redline_id=_pending(state)["2"], action=DecisionAction.APPROVE))
    return await h.wait_for("completion", lambda s: s.status is ReviewStatus.COMPLETED)


async def test_a_review_runs_from_request_to_completion(harness: Harness) -> None:
    final = await _run_review(harness)
    assert all(c.state is ClauseState.SETTLED for c in final.clauses.values())
    statuses = sorted((r.clause_id, r.round, r.status.value) for r in final.redlines.values())
    assert statuses == [("2", 0, "rejected"), ("2", 1, "approved"), ("3", 0, "approved")]
    assert "5 clauses reviewed, 2 risks found (1 high, 0 medium, 1 low)" in final.summary
    assert final.plan is not None and final.plan.source == "default"

    tasks = [
        ClauseTask.model_validate(Envelope.from_bytes(r.value).payload)
        for r in await harness.bus.read_topic(Topic.CLAUSE_TASKS)
    ]
    assert sorted((t.clause_id, t.mode.value) for t in tasks) == [
        ("1", "analyze"),
        ("2", "analyze"),
        ("2", "redraft"),
        ("3", "analyze"),
        ("4", "analyze"),
        ("5", "analyze"),
    ]
    assert harness.orchestrator is not None
    await harness.orchestrator.relay.drain()
    updates = [
        ReviewUpdated.model_validate(Envelope.from_bytes(r.value).payload)
        for r in await harness.bus.read_topic(Topic.REVIEW_UPDATES, min_records=1)
    ]
    # Snapshots superseded while still in the outbox are not published; the order never goes back.
    sequences = [u.sequence for u in updates]
    assert sequences == sorted(set(sequences)) and sequences[-1] == final.sequence
    assert updates[-1].status is ReviewStatus.COMPLETED and updates[-1].summary == final.summary
    # The plan travels once, in the first snapshot after it was made, and that one is never skipped.
    with_plan = [u for u in updates if u.plan is not None]
    assert [(u.status, u.plan.plan_version) for u in with_plan if u.plan] == [(ReviewStatus.REVIEWING, 1)]


async def test_a_redelivered_decision_changes_nothing(harness: Harness) -> None:
    final = await _run_review(harness)
    env = await harness.decide("req_1", Decision(redline_id="whatever", action=DecisionAction.APPROVE))
    assert env.event_id == "evt_req_1"
    await asyncio.sleep(0.3)
    after = await harness.state()
    assert after is not None and after.model_dump() == final.model_dump()


async def test_the_plan_versions_and_outbox_are_durable(harness: Harness) -> None:
    await _run_review(harness)
    assert harness.orchestrator is not None
    versions = await harness.orchestrator.store.plan_versions(REVIEW)
    assert [v.plan.plan_version for v in versions] == [1]
    assert versions[0].trigger == "initial:default"
    await harness.orchestrator.relay.drain()
    assert await harness.orchestrator.store.pending() == []


@pytest.mark.parametrize("restart_at", ["awaiting_approval", "redrafted"])
async def test_a_restart_mid_review_gives_the_same_final_state(
    tmp_path: Path, harness: Harness, restart_at: str
) -> None:
    restarted = await _run_review(harness, restart_at=restart_at)

    # An uninterrupted run of the same review on a fresh bus and database.
    other_dir = tmp_path / "uninterrupted"
    DocumentStore(other_dir / "documents").put_structure(_structure())
    bus = InMemoryBus()
    await bus.start()

    async def fake_worker(env: Envelope) -> None:
        task = env.open(ClauseTask)
        await bus.publish(
            Topic.CLAUSE_RESULTS,
            REVIEW,
            Envelope.wrap(REVIEW, _answer(task), event_id=f"evt_result_{task.task_id}"),
        )

    worker = bus.subscribe([Topic.CLAUSE_TASKS], group_id="fake-worker", handler=fake_worker)
    await worker.start()
    clean = Harness(bus, f"sqlite+aiosqlite:///{other_dir / 'orchestrator.db'}", other_dir / "documents")
    try:
        uninterrupted = await _run_review(clean)
    finally:
        await clean.stop_orchestrator()
        await worker.stop()
        await bus.stop()

    assert restarted.model_dump() == uninterrupted.model_dump()


async def test_events_committed_before_a_crash_are_published_after_restart(harness: Harness) -> None:
    # Apply the request without a running relay: the state and outbox are committed, nothing is published,
    # as if the process died right after the commit.
    crashed = Orchestrator(
        bus=harness.bus, store_dir=harness.store_dir, database_url=harness.db_url, window=2
    )
    await crashed.store.start()
    request = ReviewRequested(documents=DocumentRefs(primary="doc_flow"), our_party="Customer")
    await crashed.handle(Envelope.wrap(REVIEW, request, event_id="evt_request"))
    assert len(await crashed.store.pending()) == 4  # planning + reviewing snapshots, two tasks
    await crashed.store.stop()
    assert await harness.bus.read_topic(Topic.CLAUSE_TASKS, timeout_s=0) == []

    await harness.start_orchestrator()
    records = await harness.bus.read_topic(Topic.CLAUSE_TASKS, min_records=2)
    assert len(records) >= 2
    state = await harness.wait_for("results of the first tasks", lambda s: s.analyzed_count >= 2)
    assert state.processed_requests == []
