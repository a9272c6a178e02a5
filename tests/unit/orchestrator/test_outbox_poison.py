"""No poison in the outbox: a row the bus will never take is dead-lettered and blocks nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_contracts.events import MAX_EVENT_BYTES, ClauseResult, Envelope, Topic
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
        assert await relay.drain() == 2
        published = [Envelope.from_bytes(r.value).event_id for r in await bus.read_topic(Topic.CLAUSE_TASKS)]
    finally:
        await bus.stop()
    assert published == [f"evt_{REVIEW}_after", "evt_rev_other_other"]
    [(event_id, error)] = await store.dead_letters()
    assert event_id == f"evt_{REVIEW}_huge" and "InvalidEvent" in error and "bytes" in error
    assert await store.pending() == []  # nothing is left to block a restart either
