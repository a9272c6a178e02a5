"""The outbox publishes only the latest pending snapshot of a review; the store keeps a review whole."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from clauseflow_orchestrator.core import Outgoing, StartReview, decide
from clauseflow_orchestrator.outbox import OutboxRelay, superseded_snapshots
from clauseflow_orchestrator.planning import build_default_plan
from clauseflow_orchestrator.store import OrchestratorStore, PendingEvent
from clauseflow_shared.bus.memory import InMemoryBus
from clauseflow_shared.events import (
    ClauseResult,
    DocumentRefs,
    Envelope,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_shared.review import ChecklistItem, ReviewPlan, ReviewStatus

AT = datetime(2026, 1, 1, tzinfo=UTC)
REVIEW = "rev_outbox"


def _snapshot(review_id: str, sequence: int, *, plan: bool = False) -> Outgoing:
    payload = ReviewUpdated(
        sequence=sequence, status=ReviewStatus.REVIEWING, plan=ReviewPlan(plan_version=1) if plan else None
    )
    env = Envelope.wrap(review_id, payload, event_id=f"evt_{review_id}_{sequence}")
    return Outgoing(Topic.REVIEW_UPDATES, review_id, env)


def _task(review_id: str, clause_id: str) -> Outgoing:
    # The relay does not look into other events; a minimal payload stands for a clause task.
    task = ClauseResult(task_id=f"task_{clause_id}", clause_id=clause_id)
    env = Envelope.wrap(review_id, task, event_id=f"evt_{review_id}_task_{clause_id}")
    return Outgoing(Topic.CLAUSE_TASKS, f"{review_id}:{clause_id}", env)


def _pending(*outgoing: Outgoing) -> list[PendingEvent]:
    return [PendingEvent(i, o.topic, o.key, o.envelope) for i, o in enumerate(outgoing, start=1)]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[OrchestratorStore]:
    store = OrchestratorStore(f"sqlite+aiosqlite:///{tmp_path / 'orch.db'}")
    await store.start()
    yield store
    await store.stop()


def test_only_the_latest_snapshot_of_each_review_is_kept() -> None:
    batch = _pending(
        _snapshot("a", 1), _task("a", "1"), _snapshot("b", 1), _snapshot("a", 2), _snapshot("a", 3)
    )
    assert superseded_snapshots(batch) == {1, 4}


def test_a_snapshot_that_carries_a_plan_is_never_skipped() -> None:
    batch = _pending(_snapshot("a", 1), _snapshot("a", 2, plan=True), _snapshot("a", 3))
    assert superseded_snapshots(batch) == {1}


async def test_the_relay_publishes_the_latest_snapshot_and_every_other_event_in_order(
    store: OrchestratorStore,
) -> None:
    await store.commit(
        "evt_in_1", REVIEW, None, [_snapshot(REVIEW, 1, plan=True), _task(REVIEW, "1"), _snapshot(REVIEW, 2)]
    )
    await store.commit("evt_in_2", REVIEW, None, [_task(REVIEW, "2"), _snapshot(REVIEW, 3)])
    bus = InMemoryBus()
    await bus.start()
    try:
        assert await OutboxRelay(store, bus).drain() == 4
        updates = [
            ReviewUpdated.model_validate(Envelope.from_bytes(r.value).payload)
            for r in await bus.read_topic(Topic.REVIEW_UPDATES, min_records=2)
        ]
        tasks = await bus.read_topic(Topic.CLAUSE_TASKS, min_records=2)
    finally:
        await bus.stop()
    assert [(u.sequence, u.plan is not None) for u in updates] == [(1, True), (3, False)]
    assert [Envelope.from_bytes(r.value).open(ClauseResult).clause_id for r in tasks] == ["1", "2"]
    assert await store.pending() == []


async def test_a_stored_review_loads_back_whole_with_its_plan_and_checklist(
    store: OrchestratorStore,
) -> None:
    checklist = [ChecklistItem(clause_id=str(i), clause_name=f"Clause {i}") for i in (1, 2)]
    request = ReviewRequested(documents=DocumentRefs(primary="doc"), our_party="Buyer")
    d = decide(
        None,
        StartReview("evt_req", AT, REVIEW, request, tuple(checklist), build_default_plan(checklist)),
    )
    assert d.state is not None
    await store.commit("evt_req", REVIEW, d.state, d.outgoing)
    loaded = await store.load(REVIEW)
    assert loaded is not None and loaded.model_dump() == d.state.model_dump()
    assert [v.plan.plan_version for v in await store.plan_versions(REVIEW)] == [1]
