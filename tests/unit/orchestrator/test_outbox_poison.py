"""No poison in the outbox: a row the bus will never take is dead-lettered and blocks nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_contracts.events import MAX_EVENT_BYTES, ClauseResult, Envelope, EventDeadLettered, Topic
from clauseflow_orchestrator.core import Outgoing
from clauseflow_orchestrator.outbox import OutboxRelay
from clauseflow_orchestrator.store import OrchestratorStore
from clauseflow_platform.bus.memory import InMemoryBus

REVIEW = "rev_poison"


def _result_event(review_id: str, name: str, size: int = 0) -> Outgoing:
    result = ClauseResult(task_id=f"task_{name}", clause_id="1", error="x" * size)
    env = Envelope.wrap(review_id, result, event_id=f"evt_{review_id}_{name}")
    return Outgoing(Topic.CLAUSE_TASKS, f"{review_id}:1", env)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[OrchestratorStore]:
    store = OrchestratorStore(f"sqlite+aiosqlite:///{tmp_path / 'orch.db'}")
    await store.start()
    yield store
    await store.stop()


async def test_an_event_over_the_size_limit_is_dead_lettered_and_later_rows_are_published(
    store: OrchestratorStore,
) -> None:
    huge = _result_event(REVIEW, "huge", size=MAX_EVENT_BYTES + 1)
    await store.commit("evt_in_1", REVIEW, None, [huge, _result_event(REVIEW, "after")])
    await store.commit("evt_in_2", "rev_other", None, [_result_event("rev_other", "other")])
    bus = InMemoryBus()
    await bus.start()
    relay = OutboxRelay(store, bus)
    try:
        assert await relay.drain() == 3
        published = [Envelope.from_bytes(r.value).event_id for r in await bus.read_topic(Topic.CLAUSE_TASKS)]
        updates = [Envelope.from_bytes(r.value) for r in await bus.read_topic(Topic.REVIEW_UPDATES)]
    finally:
        await bus.stop()
    assert published == [f"evt_{REVIEW}_after", "evt_rev_other_other"]
    [(event_id, error)] = await store.dead_letters()
    assert event_id == f"evt_{REVIEW}_huge" and "InvalidEvent" in error and "bytes" in error
    assert await store.pending() == []  # nothing is left to block a restart either
    # The gateway is told (its ops health counts it): the orchestrator's dead letters are in its own database.
    [report] = updates
    dead = report.open(EventDeadLettered)
    assert (report.review_id, report.event_id) == (REVIEW, f"evt_{REVIEW}_huge:dead_lettered")
    assert (dead.service, dead.event_id, dead.event_type) == (
        "orchestrator",
        f"evt_{REVIEW}_huge",
        "clause.result",
    )
    assert dead.topic == Topic.CLAUSE_TASKS and "bytes" in dead.error


async def test_a_row_the_bus_refuses_is_reported_once_and_a_refused_report_is_not_reported_again(
    store: OrchestratorStore,
) -> None:
    await store.commit("evt_in_1", REVIEW, None, [_result_event(REVIEW, "refused")])
    [row] = await store.pending()
    await store.dead_letter([(row, "InvalidEvent: refused by the broker")])
    [report] = await store.pending()
    assert report.topic == Topic.REVIEW_UPDATES
    assert report.envelope.open(EventDeadLettered).event_id == f"evt_{REVIEW}_refused"
    await store.dead_letter([(report, "InvalidEvent: refused too")])
    assert await store.pending() == []
    assert [event_id for event_id, _ in await store.dead_letters()] == [
        f"evt_{REVIEW}_refused",
        f"evt_{REVIEW}_refused:dead_lettered",
    ]
