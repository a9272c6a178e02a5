"""Work-queue topics (``clause.tasks``) spread their keys evenly over partitions, on both buses.

With hashed keys 100 clause tasks land unevenly over the partitions, and the consumer
group's most loaded worker sets the review's wall time; spread topics give every
partition its share while keeping each key on one partition.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from clauseflow_contracts.events import ClauseResult, Envelope, Topic
from clauseflow_platform.bus.kafka import KafkaBus, KafkaBusOptions
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.settings import KafkaSettings

PARTITIONS = 8


@pytest.fixture(params=["memory", pytest.param("kafka", marks=pytest.mark.kafka)])
async def spread_bus(
    request: pytest.FixtureRequest, unique_name: Callable[[str], str]
) -> AsyncIterator[tuple[Any, str, str]]:
    """A started bus of each kind with one spread topic and one ordinary (hashed) topic."""
    spread, hashed = unique_name("tasks"), unique_name("hashed")
    if request.param == "memory":
        bus: Any = InMemoryBus(partitions=PARTITIONS, spread_topics=frozenset({spread}))
    else:
        settings = KafkaSettings(
            kafka_bootstrap_servers=request.getfixturevalue("kafka_bootstrap"),
            kafka_partitions=PARTITIONS,
            kafka_request_timeout_ms=10_000,
        )
        bus = KafkaBus(settings, KafkaBusOptions(topics=(), spread_topics=frozenset({spread})))
    await bus.start()
    try:
        yield bus, spread, hashed
    finally:
        await bus.stop()


def task_event(n: int) -> Envelope:
    return Envelope.wrap("rev-1", ClauseResult(task_id=f"task-{n}", clause_id=str(n)), event_id=f"evt-{n}")


async def partitions_of(bus: Any, topic: str, count: int) -> dict[str, list[int]]:
    records = await bus.read_topic(topic, min_records=count, timeout_s=20)
    assert len(records) == count
    seen: dict[str, list[int]] = {}
    for record in records:
        seen.setdefault(record.key, []).append(record.partition)
    return seen


async def test_a_hundred_clause_tasks_fill_every_partition_within_one_task(spread_bus: Any) -> None:
    bus, spread, hashed = spread_bus
    for n in range(100):
        await bus.publish(spread, f"rev-1:{n}", task_event(n))
        await bus.publish(hashed, f"rev-1:{n}", task_event(n))

    spread_load = Counter(p[0] for p in (await partitions_of(bus, spread, 100)).values())
    hashed_load = Counter(p[0] for p in (await partitions_of(bus, hashed, 100)).values())

    assert sorted(spread_load.values()) == [12, 12, 12, 12, 13, 13, 13, 13]
    # The ordinary topic keeps hashing (what per-key order across producers relies on).
    assert max(hashed_load.values()) - min(hashed_load.values(), default=0) > 1


async def test_a_key_published_again_stays_on_its_partition(spread_bus: Any) -> None:
    bus, spread, _ = spread_bus
    for n in range(20):
        await bus.publish(spread, f"rev-1:{n % 5}", task_event(n))

    by_key = await partitions_of(bus, spread, 20)

    assert len(by_key) == 5
    for key, partitions in by_key.items():
        assert len(set(partitions)) == 1, f"{key} moved between partitions: {partitions}"


def test_clause_tasks_are_a_spread_topic_by_default() -> None:
    assert Topic.CLAUSE_TASKS in KafkaBusOptions().spread_topics


def _owned(consumer: Any) -> int:
    return len(consumer.assignment if hasattr(consumer, "assignment") else consumer.assigned)


async def test_two_workers_of_a_group_take_fifty_of_a_hundred_tasks_each(spread_bus: Any) -> None:
    import asyncio

    bus, spread, _ = spread_bus
    handled: list[Counter[str]] = [Counter(), Counter()]
    done = asyncio.Event()

    def handler_of(member: int) -> Any:
        async def handle(event: Envelope) -> None:
            handled[member][event.event_id] += 1
            if sum(len(c) for c in handled) == 100:
                done.set()

        return handle

    group = f"workers-{spread}"
    members = [bus.subscribe([spread], group_id=group, handler=handler_of(i), concurrency=8) for i in (0, 1)]
    for member in members:
        await member.start()
    try:
        async with asyncio.timeout(30):
            while [_owned(m) for m in members] != [PARTITIONS // 2] * 2:  # noqa: ASYNC110 - no event for "rebalanced"
                await asyncio.sleep(0.05)
        for n in range(100):
            await bus.publish(spread, f"rev-1:{n}", task_event(n))
        await asyncio.wait_for(done.wait(), timeout=30)
    finally:
        for member in members:
            await member.stop(1)
    assert [len(c) for c in handled] == [50, 50]
