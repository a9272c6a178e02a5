"""The outbox coalesces a review's pending snapshots; the store writes changes only, refuses stale commits."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from clauseflow_contracts.events import (
    ClauseProgress,
    ClauseResult,
    DocumentRefs,
    Envelope,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.ids import task_id
from clauseflow_contracts.review import ChecklistItem, ClauseState, ReviewPlan, ReviewStatus
from clauseflow_orchestrator.core import Outgoing, RecordResult, StartReview, decide
from clauseflow_orchestrator.outbox import OutboxRelay, coalesce_snapshots, superseded_snapshots
from clauseflow_orchestrator.planning import build_default_plan
from clauseflow_orchestrator.service import STALE_ATTEMPTS, Orchestrator
from clauseflow_orchestrator.state import ReviewState
from clauseflow_orchestrator.store import OrchestratorStore, PendingEvent, StaleReviewState
from clauseflow_platform.bus.memory import InMemoryBus
from sqlalchemy.exc import IntegrityError

AT = datetime(2026, 1, 1, tzinfo=UTC)
REVIEW = "rev_outbox"


def _snapshot(review_id: str, sequence: int, *, plan: bool = False) -> Outgoing:
    payload = ReviewUpdated(
        sequence=sequence, status=ReviewStatus.REVIEWING, plan=ReviewPlan(plan_version=1) if plan else None
    )
    env = Envelope.wrap(review_id, payload, event_id=f"evt_{review_id}_{sequence}")
    return Outgoing(Topic.REVIEW_UPDATES, review_id, env)


def _task(review_id: str, clause_id: str, key: str | None = None) -> Outgoing:
    # The relay does not look into other events; a minimal payload stands for a clause task.
    task = ClauseResult(task_id=f"task_{clause_id}", clause_id=clause_id)
    env = Envelope.wrap(review_id, task, event_id=f"evt_{review_id}_task_{clause_id}")
    return Outgoing(Topic.CLAUSE_TASKS, key or f"{review_id}:{clause_id}", env)


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


# ---- the relay: in-memory hand-over, recovery by polling, order, failures -------------------


class CountingStore(OrchestratorStore):
    """The real store, counting how often the relay reads the outbox table."""

    reads = 0

    async def pending(
        self, limit: int = 200, *, after_id: int = 0, min_age_s: float | None = None
    ) -> list[PendingEvent]:
        self.reads += 1
        return await super().pending(limit, after_id=after_id, min_age_s=min_age_s)


class FlakyBus(InMemoryBus):
    """A real in-memory bus that refuses chosen events once and can hold one back until released."""

    def __init__(self) -> None:
        super().__init__()
        self.refuse: set[str] = set()
        self.hold: dict[str, asyncio.Event] = {}
        self.order: list[str] = []

    async def publish(self, topic: str, key: str, event: Envelope) -> None:
        if event.event_id in self.hold:
            await self.hold[event.event_id].wait()
        if event.event_id in self.refuse:
            self.refuse.discard(event.event_id)
            raise ConnectionError("broker unavailable")
        self.order.append(event.event_id)
        await super().publish(topic, key, event)


@pytest.fixture
async def counting_store(tmp_path: Path) -> AsyncIterator[CountingStore]:
    store = CountingStore(f"sqlite+aiosqlite:///{tmp_path / 'relay.db'}")
    await store.start()
    yield store
    await store.stop()


@pytest.fixture
async def flaky_bus() -> AsyncIterator[FlakyBus]:
    bus = FlakyBus()
    await bus.start()
    yield bus
    await bus.stop()


async def _until(predicate: Callable[[], Awaitable[bool]], timeout_s: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not await predicate():
        assert asyncio.get_running_loop().time() < deadline, "condition not reached in time"
        await asyncio.sleep(0.01)


async def _now_true(value: bool) -> bool:
    return value


async def _is_empty(rows: Awaitable[list[PendingEvent]]) -> bool:
    return await rows == []


async def _unsent(url: str) -> list[PendingEvent]:
    """The unsent rows as another connection sees them (so the relay's own reads are not counted)."""
    observer = OrchestratorStore(url)
    await observer.start()
    try:
        return await observer.pending()
    finally:
        await observer.stop()


async def test_committed_rows_are_published_from_memory_and_marked_sent_without_polling(
    counting_store: CountingStore, flaky_bus: FlakyBus
) -> None:
    relay = OutboxRelay(counting_store, flaky_bus, interval_s=60)
    await relay.start()
    try:
        await _until(lambda: _now_true(counting_store.reads >= 1))  # the start-up recovery pass
        reads = counting_store.reads
        written = await counting_store.commit(
            "evt_in", REVIEW, None, [_task(REVIEW, "1"), _task(REVIEW, "2")]
        )
        assert [row.envelope.event_id for row in written] == [f"evt_{REVIEW}_task_1", f"evt_{REVIEW}_task_2"]
        relay.enqueue(written)
        await _until(lambda: _now_true(len(flaky_bus.order) == 2))
        await _until(lambda: _is_empty(_unsent(counting_store.url)))  # marked sent in one batch
        assert counting_store.reads == reads  # no read of the outbox table on the way
    finally:
        await relay.stop()
    assert flaky_bus.order == [f"evt_{REVIEW}_task_1", f"evt_{REVIEW}_task_2"]


async def test_rows_nobody_handed_over_are_recovered_by_the_poll(
    counting_store: CountingStore, flaky_bus: FlakyBus
) -> None:
    relay = OutboxRelay(counting_store, flaky_bus, interval_s=0.05, min_age_s=0.1)
    await relay.start()
    try:
        # Written as by another instance (or before a crash): committed, never handed to this relay.
        await counting_store.commit("evt_in", REVIEW, None, [_task(REVIEW, "1"), _snapshot(REVIEW, 1)])
        await _until(lambda: _now_true(len(flaky_bus.order) == 2))
        await _until(lambda: _is_empty(_unsent(counting_store.url)))
    finally:
        await relay.stop()
    assert flaky_bus.order == [f"evt_{REVIEW}_task_1", f"evt_{REVIEW}_1"]


async def test_a_failed_publish_is_retried_from_the_database_in_outbox_order(
    counting_store: CountingStore, flaky_bus: FlakyBus
) -> None:
    relay = OutboxRelay(counting_store, flaky_bus, interval_s=0.05)
    await relay.start()
    try:
        flaky_bus.refuse.add(f"evt_{REVIEW}_task_2")
        # One key: the rounds of one clause, which consumers must see in order.
        rounds = [_task(REVIEW, n, key=f"{REVIEW}:7") for n in "123"]
        relay.enqueue(await counting_store.commit("evt_in", REVIEW, None, rounds))
        await _until(lambda: _now_true(len(flaky_bus.order) == 3))
        relay.enqueue(
            await counting_store.commit("evt_in_2", REVIEW, None, [_task(REVIEW, "4", key=f"{REVIEW}:7")])
        )
        await _until(lambda: _now_true(len(flaky_bus.order) == 4))
        await _until(lambda: _is_empty(_unsent(counting_store.url)))
    finally:
        await relay.stop()
    assert flaky_bus.order == [f"evt_{REVIEW}_task_{n}" for n in "1234"]


async def test_keys_publish_concurrently_but_each_key_in_outbox_order(
    counting_store: CountingStore, flaky_bus: FlakyBus
) -> None:
    release = asyncio.Event()
    flaky_bus.hold[f"evt_{REVIEW}_task_1"] = release  # the broker is slow to take key A's first event
    relay = OutboxRelay(counting_store, flaky_bus, interval_s=60)
    await relay.start()
    try:
        await _until(lambda: _now_true(counting_store.reads >= 1))
        key_a, key_b = f"{REVIEW}:1", "rev_b:1"
        written = await counting_store.commit(
            "evt_a", REVIEW, None, [_task(REVIEW, "1", key=key_a), _task(REVIEW, "2", key=key_a)]
        )
        written += await counting_store.commit(
            "evt_b", "rev_b", None, [_task("rev_b", "1", key=key_b), _task("rev_b", "2", key=key_b)]
        )
        relay.enqueue(written)
        await _until(lambda: _now_true(len(flaky_bus.order) == 2))
        assert flaky_bus.order == ["evt_rev_b_task_1", "evt_rev_b_task_2"]  # key B did not wait for A
        release.set()
        await _until(lambda: _now_true(len(flaky_bus.order) == 4))
    finally:
        await relay.stop()
    assert flaky_bus.order[2:] == [f"evt_{REVIEW}_task_1", f"evt_{REVIEW}_task_2"]


class RivalledStore(OrchestratorStore):
    """The real store; right after each of the first ``rivals`` loads, another instance commits the review."""

    def __init__(self, url: str, rivals: list[str]) -> None:
        super().__init__(url)
        self.rivals = rivals

    async def load_unless_processed(self, event_id: str, review_id: str) -> tuple[bool, ReviewState | None]:
        loaded = await super().load_unless_processed(event_id, review_id)
        if self.rivals:
            clause_id = self.rivals.pop(0)
            other = OrchestratorStore(self.url)
            await other.start()
            try:
                theirs = await other.load(review_id)
                assert theirs is not None
                await other.commit(f"evt_res_{clause_id}", review_id, _analysed(theirs, clause_id), [])
            finally:
                await other.stop()
        return loaded


async def _orchestrator_with(tmp_path: Path, rivals: list[str]) -> Orchestrator:
    orchestrator = Orchestrator(
        bus=InMemoryBus(),
        store_dir=tmp_path / "documents",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'o.db'}",
    )
    orchestrator.store = RivalledStore(orchestrator.store.url, rivals)
    orchestrator.relay = OutboxRelay(orchestrator.store, orchestrator.bus)  # not started: rows stay queued
    await orchestrator.store.start()
    await orchestrator.store.commit("evt_req", REVIEW, _started(5), [])
    return orchestrator


def _result_event(clause_id: str) -> Envelope:
    result = ClauseResult(task_id=task_id(REVIEW, clause_id, "analyze", 0), clause_id=clause_id)
    return Envelope.wrap(REVIEW, result, event_id=f"evt_res_{clause_id}")


async def test_a_result_whose_review_another_instance_changed_meanwhile_is_applied_on_a_retry(
    tmp_path: Path,
) -> None:
    orchestrator = await _orchestrator_with(tmp_path, rivals=["1"])
    try:
        await orchestrator.handle(_result_event("2"))
        state = await orchestrator.store.load(REVIEW)
        assert await orchestrator.store.is_processed("evt_res_2")
    finally:
        await orchestrator.store.stop()
    assert state is not None  # both the rival's result and ours, nothing lost or overwritten
    assert state.clauses["1"].state is ClauseState.SETTLED and state.clauses["2"].state is ClauseState.SETTLED


async def test_a_result_that_keeps_losing_the_race_fails_without_writing_anything(tmp_path: Path) -> None:
    orchestrator = await _orchestrator_with(tmp_path, rivals=["1", "3", "4"])  # one rival per attempt
    assert STALE_ATTEMPTS == 3
    try:
        with pytest.raises(StaleReviewState):
            await orchestrator.handle(_result_event("2"))
        assert not await orchestrator.store.is_processed("evt_res_2")  # the bus retries or dead-letters it
        state = await orchestrator.store.load(REVIEW)
    finally:
        await orchestrator.store.stop()
    assert state is not None and state.clauses["2"].state is not ClauseState.SETTLED


# ---- SQLite: each transaction one synchronous function in a worker thread --------------------


async def test_two_stores_on_one_sqlite_file_commit_concurrently_without_losing_a_commit(
    tmp_path: Path,
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'shared.db'}"
    stores = [OrchestratorStore(url), OrchestratorStore(url)]
    for each in stores:
        await each.start()
    try:
        # SQLite has one writer: the second process-local writer waits (busy timeout), never fails.
        await asyncio.gather(
            *(
                stores[i % 2].commit(f"evt_c_{i}", f"rev_c_{i % 5}", None, [_task(f"rev_c_{i % 5}", str(i))])
                for i in range(40)
            )
        )
        assert all([await stores[0].is_processed(f"evt_c_{i}") for i in range(40)])
        assert len(await stores[1].pending(limit=100)) == 40
    finally:
        for each in stores:
            await each.stop()


async def test_a_commit_that_fails_inside_its_transaction_writes_nothing(store: OrchestratorStore) -> None:
    await store.commit("evt_twice", REVIEW, None, [_task(REVIEW, "1")])
    with pytest.raises(IntegrityError):  # the event id is recorded already
        await store.commit("evt_twice", REVIEW, None, [_task(REVIEW, "2")])
    assert [row.envelope.event_id for row in await store.pending()] == [f"evt_{REVIEW}_task_1"]
