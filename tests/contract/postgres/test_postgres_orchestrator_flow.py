"""The orchestrator's review flow with its state in a real PostgreSQL database.

Same contract as ``tests/contract/test_orchestrator_flow.py`` (in-memory bus, the test plays
the worker and the gateway), but ``ORCHESTRATOR_DATABASE_URL`` points at PostgreSQL: a
review runs to completion, and restarting the orchestrator from the same database
mid-review gives the same final state as an uninterrupted run.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from clauseflow_orchestrator.service import Orchestrator
from clauseflow_orchestrator.state import ReviewState
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
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

pytestmark = pytest.mark.postgres

REVIEW = "rev_pg_flow"
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
        document_id="doc_pg_flow",
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
    """One orchestrator (restartable) on one bus and one PostgreSQL database, plus a fake worker."""

    bus: InMemoryBus
    db_url: str
    store_dir: Path
    orchestrator: Orchestrator | None = None

    async def start_orchestrator(self) -> None:
        self.orchestrator = Orchestrator(
            bus=self.bus, store_dir=self.store_dir, database_url=self.db_url, window=2, outbox_interval_s=0.05
        )
        await self.orchestrator.start()

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
            documents=DocumentRefs(primary="doc_pg_flow"),
            our_party="Customer",
            language=Language.EN,
            options=ReviewOptions(use_orchestrator=False, max_redraft_rounds=1),
        )
        await self.bus.publish(
            Topic.REVIEW_REQUESTED, REVIEW, Envelope.wrap(REVIEW, request, event_id="evt_request")
        )

    async def decide(self, request_id: str, *decisions: Decision) -> None:
        payload = ReviewDecisionsSubmitted(
            request_id=request_id,
            decisions=decisions,
            decided_by="lawyer",
            decided_at=datetime(2026, 1, 1, tzinfo=UTC),
        )
        env = Envelope.wrap(REVIEW, payload, event_id=f"evt_{request_id}")
        await self.bus.publish(Topic.REVIEW_DECISIONS, REVIEW, env)


@asynccontextmanager
async def harness_on(db_url: str, root: Path) -> AsyncIterator[Harness]:
    """A fresh bus with a fake worker answering clause tasks, and the orchestrator's documents."""
    store_dir = root / "documents"
    DocumentStore(store_dir).put_structure(_structure())
    bus = InMemoryBus()
    await bus.start()

    async def fake_worker(env: Envelope) -> None:
        task = env.open(ClauseTask)
        result = Envelope.wrap(REVIEW, _answer(task), event_id=f"evt_result_{task.task_id}")
        await bus.publish(Topic.CLAUSE_RESULTS, REVIEW, result)

    worker = bus.subscribe([Topic.CLAUSE_TASKS], group_id="fake-worker", handler=fake_worker, concurrency=4)
    await worker.start()
    h = Harness(bus, db_url, store_dir)
    try:
        yield h
    finally:
        if h.orchestrator is not None:
            await h.stop_orchestrator()
        await worker.stop()
        await bus.stop()


@pytest.fixture
async def harness(tmp_path: Path, postgres_url: str) -> AsyncIterator[Harness]:
    async with harness_on(postgres_url, tmp_path / "restarted") as h:
        yield h


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


async def test_a_review_runs_to_completion_with_its_state_in_postgres(harness: Harness) -> None:
    final = await _run_review(harness)
    assert all(c.state is ClauseState.SETTLED for c in final.clauses.values())
    statuses = sorted((r.clause_id, r.round, r.status.value) for r in final.redlines.values())
    assert statuses == [("2", 0, "rejected"), ("2", 1, "approved"), ("3", 0, "approved")]
    assert "5 clauses reviewed, 2 risks found (1 high, 0 medium, 1 low)" in final.summary

    orchestrator = harness.orchestrator
    assert orchestrator is not None
    assert [v.plan.plan_version for v in await orchestrator.store.plan_versions(REVIEW)] == [1]
    await orchestrator.relay.drain()
    assert await orchestrator.store.pending() == []
    updates = [
        ReviewUpdated.model_validate(Envelope.from_bytes(r.value).payload)
        for r in await harness.bus.read_topic(Topic.REVIEW_UPDATES, min_records=1)
    ]
    assert updates[-1].status is ReviewStatus.COMPLETED and updates[-1].sequence == final.sequence

    # The rows really are in PostgreSQL, not in a SQLite file somewhere.
    engine = create_async_engine(harness.db_url)
    try:
        async with engine.connect() as conn:
            assert engine.dialect.name == "postgresql"
            status = await conn.scalar(
                text("SELECT status FROM orchestrator_reviews WHERE review_id = :r"), {"r": REVIEW}
            )
            processed = await conn.scalar(text("SELECT COUNT(*) FROM orchestrator_processed_events"))
    finally:
        await engine.dispose()
    assert status == "completed"
    assert processed >= 8  # request, five analyses, two decisions, the redraft


async def test_a_redelivered_decision_changes_nothing_in_postgres(harness: Harness) -> None:
    final = await _run_review(harness)
    await harness.decide("req_1", Decision(redline_id="whatever", action=DecisionAction.APPROVE))
    await asyncio.sleep(0.3)
    after = await harness.state()
    assert after is not None and after.model_dump() == final.model_dump()


@pytest.mark.parametrize("restart_at", ["awaiting_approval", "redrafted"])
async def test_a_restart_from_the_same_postgres_database_gives_the_same_final_state(
    tmp_path: Path, harness: Harness, new_database: Callable[[], Awaitable[str]], restart_at: str
) -> None:
    restarted = await _run_review(harness, restart_at=restart_at)
    async with harness_on(await new_database(), tmp_path / "uninterrupted") as clean:
        uninterrupted = await _run_review(clean)
    assert restarted.model_dump() == uninterrupted.model_dump()
