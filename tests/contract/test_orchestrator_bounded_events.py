"""One contract cannot stall the others: a review of 5,000 clauses publishes bounded events.

The orchestrator on the in-memory bus with a real SQLite store and document store, no model
(the default plan); the gateway's projector reads the snapshot by reference.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from clauseflow_contracts.events import (
    MAX_EVENT_BYTES,
    DocumentRefs,
    Envelope,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.review import Language, ReviewStatus
from clauseflow_documents.parser import parse_text
from clauseflow_documents.store import DocumentStore
from clauseflow_gateway.db.engine import create_engine, create_schema, session_factory
from clauseflow_gateway.projector import Projector
from clauseflow_gateway.readmodel import ReadModel
from clauseflow_orchestrator.service import Orchestrator
from clauseflow_platform.bus.memory import InMemoryBus

CLAUSES = 5000


def _contract(n: int) -> str:
    return "SUPPLY AGREEMENT\n\n" + "\n".join(
        f"{i}. The Supplier shall deliver item {i} on time." for i in range(1, n + 1)
    )


async def _published(bus: InMemoryBus, review_id: str, status: ReviewStatus) -> bool:
    events = [Envelope.from_bytes(r.value) for r in await bus.read_topic(Topic.REVIEW_UPDATES, timeout_s=0.1)]
    return any(e.review_id == review_id and e.payload["status"] == status.value for e in events)


async def test_a_huge_review_publishes_bounded_snapshots_and_the_next_review_is_not_stalled(
    tmp_path: Path,
) -> None:
    documents = DocumentStore(tmp_path / "documents")
    huge, small = parse_text(_contract(CLAUSES)), parse_text(_contract(3))
    assert len(huge.clauses) >= CLAUSES
    documents.put_structure(huge)
    documents.put_structure(small)
    bus = InMemoryBus()
    await bus.start()
    orchestrator = Orchestrator(
        bus=bus,
        store_dir=tmp_path / "documents",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'orchestrator.db'}",
        outbox_interval_s=0.05,
    )
    await orchestrator.start()
    try:
        for review_id, doc in (("rev_huge", huge), ("rev_small", small)):
            request = ReviewRequested(
                documents=DocumentRefs(primary=doc.document_id), our_party="Buyer", language=Language.EN
            )
            await bus.publish(
                Topic.REVIEW_REQUESTED,
                review_id,
                Envelope.wrap(review_id, request, event_id=f"evt_{review_id}"),
            )
        # The small review's "reviewing" snapshot reaches the bus: the huge one blocks nothing.
        async with asyncio.timeout(120):
            while not await _published(bus, "rev_small", ReviewStatus.REVIEWING):  # noqa: ASYNC110
                await asyncio.sleep(0.2)
            while not await _published(bus, "rev_huge", ReviewStatus.REVIEWING):  # noqa: ASYNC110
                await asyncio.sleep(0.2)
        records = await bus.read_topic(Topic.REVIEW_UPDATES)
    finally:
        await orchestrator.stop()
        await bus.stop()
    assert max(len(r.value) for r in records) <= MAX_EVENT_BYTES
    huge_updates = [
        Envelope.from_bytes(r.value) for r in records if Envelope.from_bytes(r.value).review_id == "rev_huge"
    ]
    by_ref = [e for e in huge_updates if e.payload.get("detail_ref")]
    assert by_ref, "the full snapshot of 5,000 clauses must travel by reference"
    assert max(len(r.value) for r in records) < 50_000  # counts and a ref, not the clause list

    # The gateway's projector reads the snapshot by reference and shows every clause and the plan.
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'gateway.db'}")
    await create_schema(engine)
    projector = Projector(session_factory(engine), documents=documents)
    try:
        for event in huge_updates:
            await projector.handle(event)
        view = await ReadModel(session_factory(engine)).review("rev_huge")
        plan = await ReadModel(session_factory(engine)).plan("rev_huge")
    finally:
        await projector.close()
        await engine.dispose()
    assert view.status == "reviewing" and len(view.clauses) == len(huge.clauses)
    assert plan.current is not None and len(plan.current.plan["clause_plans"]) == len(huge.clauses)
    assert ReviewUpdated.model_validate(by_ref[-1].payload).clause_count == len(huge.clauses)
