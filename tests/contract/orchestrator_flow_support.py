"""The orchestrator flow harness shared by the SQLite and PostgreSQL contract tests.

The test plays the other services: it publishes the review request, answers clause tasks as
a worker would (a fake worker on the same bus), and submits decisions as the gateway would.
A module of its own name (not ``conftest``), imported by both test files.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from clauseflow_contracts.events import (
    ClauseResult,
    ClauseTask,
    DocumentRefs,
    Envelope,
    ReviewDecisionsSubmitted,
    ReviewRequested,
    Topic,
)
from clauseflow_contracts.ids import redline_id, risk_id
from clauseflow_contracts.review import (
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
from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_orchestrator.service import Orchestrator
from clauseflow_orchestrator.state import ReviewState
from clauseflow_platform.bus.memory import InMemoryBus

REVIEW = "rev_contract_flow"
RISKY = {"2": "high", "3": "low"}  # clause id -> level of the one risk the fake worker finds


def structure() -> DocumentStructure:
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


def answer(task: ClauseTask) -> ClauseResult:
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
    """One orchestrator (restartable) on one bus and one database; the test plays worker and gateway."""

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


@asynccontextmanager
async def harness_on(db_url: str, root: Path) -> AsyncIterator[Harness]:
    """A fresh in-memory bus with a fake worker answering clause tasks, the documents under ``root``."""
    store_dir = root / "documents"
    DocumentStore(store_dir).put_structure(structure())
    bus = InMemoryBus()
    await bus.start()

    async def fake_worker(env: Envelope) -> None:
        task = env.open(ClauseTask)
        result = Envelope.wrap(REVIEW, answer(task), event_id=f"evt_result_{task.task_id}")
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


def pending(state: ReviewState) -> dict[str, str]:
    """clause id -> id of its pending redline."""
    return {r.clause_id: r.id for r in state.redlines.values() if r.status is RedlineStatus.PENDING}


async def run_review(h: Harness, *, restart_at: str | None = None) -> ReviewState:
    """Request, approve clause 3's redline, reject clause 2's with feedback, approve the redraft."""
    await h.start_orchestrator()
    await h.request_review()
    state = await h.wait_for("both redlines", lambda s: len(pending(s)) == 2 and s.analyzed_count == 5)
    if restart_at == "awaiting_approval":
        await h.stop_orchestrator()
        await h.start_orchestrator()
    first = pending(state)
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
    await h.decide("req_2", Decision(redline_id=pending(state)["2"], action=DecisionAction.APPROVE))
    return await h.wait_for("completion", lambda s: s.status is ReviewStatus.COMPLETED)
