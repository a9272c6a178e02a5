"""The one outbox relay (clauseflow_platform.outbox), on a store kept in memory.

What both services rely on: rows leave oldest first, each key's in order; a row the bus can
never take is dead-lettered and the rows behind it still go in the same pass; while the bus
is down the relay notes each failure on the row and retries after a backoff that doubles.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

import pytest
from clauseflow_contracts.events import MAX_EVENT_BYTES, Envelope, ReviewRetryRequested, Topic
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.outbox import OutboxRelay, PendingEvent


def _event(name: str, padding: int = 0) -> Envelope:
    payload = ReviewRetryRequested(request_id=name, requested_by="x" * padding)
    return Envelope.wrap("rev_1", payload, event_id=f"evt_{name}")


class MemoryOutbox:
    """An outbox store in a list: what the relay sees of a service's outbox table."""

    def __init__(self, events: Sequence[tuple[str, Envelope]]) -> None:
        self.rows = [
            PendingEvent(i, Topic.REVIEW_DECISIONS, key, env) for i, (key, env) in enumerate(events, 1)
        ]
        self.sent: set[int] = set()
        self.dead: dict[int, str] = {}
        self.failures: dict[int, list[str]] = {}

    async def pending(
        self, limit: int = 200, *, after_id: int = 0, min_age_s: float | None = None
    ) -> list[PendingEvent]:
        unsent = [r for r in self.rows if r.id > after_id and r.id not in self.sent]
        return unsent[:limit]

    async def mark_sent(self, ids: Sequence[int]) -> None:
        self.sent.update(ids)

    async def dead_letter(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        for row, error in rows:
            self.dead[row.id] = error
            self.sent.add(row.id)

    async def record_failures(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        for row, error in rows:
            self.failures.setdefault(row.id, []).append(error)


class FlakyBus(InMemoryBus):
    """The in-memory bus, down (refusing every publish) until ``up`` is set; it notes each attempt."""

    def __init__(self) -> None:
        super().__init__()
        self.up = True
        self.attempts: list[float] = []

    async def publish(self, topic: str, key: str, event: Envelope) -> None:
        self.attempts.append(asyncio.get_running_loop().time())
        if not self.up:
            raise ConnectionError("broker unreachable")
        await super().publish(topic, key, event)


@pytest.fixture
async def bus() -> AsyncIterator[FlakyBus]:
    bus = FlakyBus()
    await bus.start()
    yield bus
    await bus.stop()


async def _published(bus: InMemoryBus) -> list[tuple[str, str]]:
    records = await bus.read_topic(Topic.REVIEW_DECISIONS)
    return [
        (r.key or "", Envelope.from_bytes(r.value).open(ReviewRetryRequested).request_id) for r in records
    ]


async def test_rows_leave_oldest_first_each_key_in_order(bus: FlakyBus) -> None:
    store = MemoryOutbox([("a", _event("a1")), ("b", _event("b1")), ("a", _event("a2")), ("b", _event("b2"))])
    relay = OutboxRelay(store, bus)

    assert await relay.drain() == 4

    published = await _published(bus)
    assert [name for key, name in published if key == "a"] == ["a1", "a2"]
    assert [name for key, name in published if key == "b"] == ["b1", "b2"]
    assert store.sent == {1, 2, 3, 4} and await relay.pending() == 0


async def test_a_row_the_bus_can_never_take_is_dead_lettered_and_the_rows_behind_it_go_in_the_same_pass(
    bus: FlakyBus,
) -> None:
    store = MemoryOutbox(
        [
            ("a", _event("a1")),
            ("a", _event("huge", MAX_EVENT_BYTES)),
            ("a", _event("a3")),
            ("b", _event("b1")),
        ]
    )
    relay = OutboxRelay(store, bus)

    assert await relay.drain() == 3

    assert sorted(await _published(bus)) == [("a", "a1"), ("a", "a3"), ("b", "b1")]
    assert list(store.dead) == [2] and "bytes" in store.dead[2]
    assert relay.dead_lettered == 1
    assert store.failures == {}  # a dead letter is not a retried failure


async def test_while_the_bus_is_down_each_failure_is_noted_and_retries_back_off_until_it_is_up(
    bus: FlakyBus,
) -> None:
    store = MemoryOutbox([("a", _event("a1")), ("a", _event("a2"))])
    relay = OutboxRelay(store, bus, interval_s=0.05, max_backoff_s=0.4)
    bus.up = False
    await relay.start()
    try:
        for _ in range(200):
            if len(bus.attempts) >= 5:
                break
            await asyncio.sleep(0.05)
        bus.up = True
        for _ in range(200):
            if store.sent == {1, 2}:
                break
            await asyncio.sleep(0.05)
    finally:
        await relay.stop()

    assert store.sent == {1, 2}
    assert [name for _, name in await _published(bus)] == ["a1", "a2"]
    # Only the row at the head of the stream was tried; each failed try is noted on it.
    assert set(store.failures) == {1} and len(store.failures[1]) >= 4
    assert all(e == "ConnectionError: broker unreachable" for e in store.failures[1])
    # Waits between tries double (0.05, 0.1, 0.2 s, then the 0.4 s cap); a loaded machine only adds.
    gaps = [later - earlier for earlier, later in zip(bus.attempts, bus.attempts[1:4], strict=False)]
    assert [round(g, 2) >= b for g, b in zip(gaps, (0.05, 0.1, 0.2), strict=True)] == [True, True, True]
