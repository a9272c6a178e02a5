"""The outbox coalesces a review's pending snapshots; the store writes changes only, refuses stale commits."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from clauseflow_orchestrator.core import Outgoing, RecordResult, StartReview, decide
from clauseflow_orchestrator.outbox import OutboxRelay, coalesce_snapshots, superseded_snapshots
from clauseflow_orchestrator.planning import build_default_plan
from clauseflow_orchestrator.state import ReviewState
from clauseflow_orchestrator.store import OrchestratorStore, PendingEvent, StaleReviewState
from clauseflow_shared.bus.memory import InMemoryBus
from clauseflow_shared.events import (
    ClauseProgress,
    ClauseResult,
    DocumentRefs,
    Envelope,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_shared.ids import task_id
from clauseflow_shared.review import ChecklistItem, ClauseState, ReviewPlan, ReviewStatus

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


def _delta(review_id: str, sequence: int, *clauses: tuple[str, str]) -> Outgoing:
    payload = ReviewUpdated(
        sequence=sequence,
        status=ReviewStatus.REVIEWING,
        clauses=tuple(ClauseProgress(clause_id=c, state=ClauseState(st)) for c, st in clauses),
        partial=True,
    )
    return Outgoing(
        Topic.REVIEW_UPDATES, review_id, Envelope.wrap(review_id, payload, event_id=f"evt_{sequence}")
    )


def test_skipped_partial_snapshots_are_folded_into_the_one_published() -> None:
    batch = _pending(
        _delta("a", 1, ("1", "settled"), ("2", "dispatched")),
        _delta("a", 2, ("2", "settled"), ("3", "dispatched")),
        _delta("a", 3, ("4", "dispatched")),
    )
    skipped, replaced = coalesce_snapshots(batch)
    assert skipped == {1, 2}
    merged = replaced[3].open(ReviewUpdated)
    assert merged.sequence == 3 and merged.partial
    assert [(c.clause_id, c.state.value) for c in merged.clauses] == [
        ("1", "settled"),
        ("2", "settled"),
        ("3", "dispatched"),
        ("4", "dispatched"),
    ]


def test_a_full_snapshot_absorbs_nothing_it_already_has() -> None:
    batch = _pending(_delta("a", 1, ("1", "settled")), _snapshot("a", 2))
    assert coalesce_snapshots(batch) == ({1}, {})


def _started(n: int = 3) -> ReviewState:
    checklist = [ChecklistItem(clause_id=str(i), clause_name=f"Clause {i}") for i in range(1, n + 1)]
    request = ReviewRequested(documents=DocumentRefs(primary="doc"), our_party="Buyer")
    d = decide(
        None, StartReview("evt_req", AT, REVIEW, request, tuple(checklist), build_default_plan(checklist))
    )
    assert d.state is not None
    return d.state


def _analysed(state: ReviewState, clause_id: str) -> ReviewState:
    result = ClauseResult(task_id=task_id(REVIEW, clause_id, "analyze", 0), clause_id=clause_id)
    d = decide(state, RecordResult(f"evt_res_{clause_id}", AT, result))
    assert d.state is not None
    return d.state


async def test_only_changed_clauses_are_rewritten_and_the_review_loads_back_whole(
    store: OrchestratorStore, tmp_path: Path
) -> None:
    state = _started()
    await store.commit("evt_req", REVIEW, state, [])
    for clause_id in ("2", "1"):
        loaded = await store.load(REVIEW)
        assert loaded is not None
        state = _analysed(loaded, clause_id)
        await store.commit(f"evt_res_{clause_id}", REVIEW, state, [])
    fresh = OrchestratorStore(store.url)  # no cache: everything comes from the rows
    await fresh.start()
    try:
        reloaded = await fresh.load(REVIEW)
    finally:
        await fresh.stop()
    assert reloaded is not None and reloaded.model_dump() == state.model_dump()
    assert list(reloaded.clauses) == ["1", "2", "3"]


async def test_a_commit_over_a_state_another_instance_changed_is_refused(store: OrchestratorStore) -> None:
    await store.commit("evt_req", REVIEW, _started(), [])
    other = OrchestratorStore(store.url)
    await other.start()
    try:
        mine, theirs = await store.load(REVIEW), await other.load(REVIEW)
        assert mine is not None and theirs is not None
        await other.commit("evt_res_1", REVIEW, _analysed(theirs, "1"), [])
        with pytest.raises(StaleReviewState):
            await store.commit("evt_res_2", REVIEW, _analysed(mine, "2"), [_task(REVIEW, "x")])
        assert not await store.is_processed("evt_res_2") and await store.pending() == []
        reloaded = await store.load(REVIEW)  # the refused commit left nothing behind; reload sees theirs
        assert reloaded is not None and reloaded.clauses["1"].state is ClauseState.SETTLED
    finally:
        await other.stop()
