"""The bus contract (bus/base.py), one suite for both implementations.

``memory`` is the in-process bus; ``kafka`` is the Kafka bus on a REAL broker (the
``kafka_bootstrap`` session fixture). Every test uses its own topics and groups.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from clauseflow_contracts.events import ClauseResult, Envelope, Topic
from clauseflow_platform.bus.dispatch import (
    DLQ_ATTEMPTS,
    DLQ_ERROR,
    DLQ_ERROR_TYPE,
    DLQ_ORIGINAL_OFFSET,
    DLQ_ORIGINAL_TOPIC,
)
from clauseflow_platform.bus.kafka import KafkaBus, KafkaBusOptions
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_platform.settings import KafkaSettings

# The shortest session any broker accepts by default (group.min.session.timeout.ms = 6 s), so the
# suite also runs on a testcontainers or external broker; a killed member is noticed after it.
SESSION_MS = 6000
TEST_OPTIONS = KafkaBusOptions(
    topics=(), session_timeout_ms=SESSION_MS, heartbeat_interval_ms=500, retry_backoff_s=0.02
)

VICTIM = r"""
import asyncio, sys
from clauseflow_platform.bus.kafka import KafkaBus, KafkaBusOptions
from clauseflow_platform.settings import KafkaSettings

async def main(bootstrap: str, topic: str, group: str) -> None:
    settings = KafkaSettings(kafka_bootstrap_servers=bootstrap, kafka_request_timeout_ms=10000)
    bus = KafkaBus(settings, KafkaBusOptions(topics=(), session_timeout_ms=6000, heartbeat_interval_ms=500))
    await bus.start()

    async def handler(event):
        sys.stdout.write(f"HANDLING {event.event_id}\n")
        sys.stdout.flush()
        await asyncio.sleep(3600)  # killed with -9 in here: nothing is committed

    await bus.subscribe([topic], group_id=group, handler=handler).start()
    await asyncio.sleep(3600)

asyncio.run(main(*sys.argv[1:4]))
"""


@pytest.fixture(params=["memory", pytest.param("kafka", marks=pytest.mark.kafka)])
async def bus(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    """A started bus of each kind; stopped (with every consumer it still runs) after the test."""
    if request.param == "memory":
        bus: Any = InMemoryBus(partitions=6, retry_backoff_s=0.01)
    else:
        bootstrap = request.getfixturevalue("kafka_bootstrap")
        settings = KafkaSettings(
            kafka_bootstrap_servers=bootstrap, kafka_partitions=6, kafka_request_timeout_ms=10_000
        )
        bus = KafkaBus(settings, TEST_OPTIONS)
    await bus.start()
    try:
        yield bus
    finally:
        await bus.stop()


def event(n: int, review_id: str = "rev-1") -> Envelope:
    """A small, valid event with a recognisable id."""
    return Envelope.wrap(review_id, ClauseResult(task_id=f"task-{n}", clause_id=f"{n}"), event_id=f"evt-{n}")


async def eventually(check: Callable[[], bool], what: str, timeout_s: float = 20.0) -> None:
    """Wait until ``check()`` holds, or fail saying ``what`` did not happen."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout_s}s waiting for: {what}")
        await asyncio.sleep(0.02)


def is_kafka(bus: Any) -> bool:
    return isinstance(bus, KafkaBus)


async def test_published_event_reaches_subscriber_intact(bus: Any, unique_name: Callable[[str], str]) -> None:
    topic = unique_name("roundtrip")
    received: list[Envelope] = []

    async def handler(env: Envelope) -> None:
        received.append(env)

    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler).start()
    sent = event(1)
    await bus.publish(topic, "rev-1", sent)

    await eventually(lambda: len(received) == 1, "the event to arrive")
    assert received[0] == sent
    assert received[0].open(ClauseResult) == ClauseResult(task_id="task-1", clause_id="1")


async def test_same_key_events_arrive_in_publish_order_while_keys_run_concurrently(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic = unique_name("order")
    seen: dict[str, list[int]] = defaultdict(list)
    in_flight: dict[str, int] = defaultdict(int)
    overlap: list[str] = []

    async def handler(env: Envelope) -> None:
        key = env.review_id
        in_flight[key] += 1
        if in_flight[key] > 1:
            overlap.append(key)
        # Random, short handling times would reorder a key's events if the bus let them overlap.
        await asyncio.sleep(random.uniform(0, 0.004))
        seen[key].append(int(env.open(ClauseResult).clause_id))
        in_flight[key] -= 1

    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler, concurrency=4).start()
    for n in range(200):
        key = f"rev-{n % 10}"
        await bus.publish(topic, key, event(n, review_id=key))

    await eventually(lambda: sum(len(v) for v in seen.values()) == 200, "all 200 events to be handled")
    assert overlap == []
    for key, numbers in seen.items():
        assert numbers == sorted(numbers), f"{key} handled out of order: {numbers}"
    assert len(seen) == 10


async def test_events_published_together_all_arrive_each_key_in_the_order_given(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic = unique_name("many")
    seen: dict[str, list[int]] = defaultdict(list)

    async def handler(env: Envelope) -> None:
        seen[env.review_id].append(int(env.open(ClauseResult).clause_id))

    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler, concurrency=4).start()
    batch = [(topic, f"rev-{n % 7}", event(n, review_id=f"rev-{n % 7}")) for n in range(120)]
    outcomes = await bus.publish_many(batch)

    assert outcomes == [None] * 120  # every event acknowledged when the call returns
    await eventually(lambda: sum(len(v) for v in seen.values()) == 120, "all 120 events to be handled")
    for key, numbers in seen.items():
        assert numbers == sorted(numbers), f"{key} handled out of order: {numbers}"
    assert len(seen) == 7


@pytest.mark.kafka
async def test_an_event_the_broker_refuses_is_reported_and_the_others_of_the_batch_still_go(
    kafka_bootstrap: str, unique_name: Callable[[str], str]
) -> None:
    settings = KafkaSettings(kafka_bootstrap_servers=kafka_bootstrap, kafka_request_timeout_ms=10_000)
    bus = KafkaBus(settings, TEST_OPTIONS)
    await bus.start()
    try:
        topic = unique_name("refused")
        # Over the producer's 1 MiB request limit: refused before it reaches the log.
        too_big = ClauseResult(task_id="task-big", clause_id="x", error="x" * 2_000_000)
        huge = Envelope.wrap("rev-1", too_big, event_id="evt-big")
        batch = [(topic, "a", event(1)), (topic, "b", huge), (topic, "c", event(3))]
        outcomes = await bus.publish_many(batch)
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], Exception)
        records = await bus.read_topic(topic, min_records=2, timeout_s=10)
        assert sorted(r.key for r in records) == ["a", "c"]
    finally:
        await bus.stop()


async def test_unknown_fields_in_envelope_and_payload_are_ignored(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic = unique_name("evolve")
    received: list[ClauseResult] = []

    async def handler(env: Envelope) -> None:
        received.append(env.open(ClauseResult))

    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler).start()
    newer = json.loads(event(7).to_bytes())
    newer["added_by_a_newer_producer"] = {"nested": True}
    newer["payload"]["confidence"] = 0.93
    await bus.publish_raw(topic, "rev-1", json.dumps(newer).encode())

    await eventually(lambda: len(received) == 1, "the newer event to be handled")
    assert received[0].task_id == "task-7"
    assert await bus.read_topic(Topic.dlq(topic), timeout_s=0.5) == []


async def test_transient_handler_failures_are_retried_without_dead_lettering(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic = unique_name("flaky")
    attempts: list[str] = []
    done: list[str] = []

    async def handler(env: Envelope) -> None:
        attempts.append(env.event_id)
        if len(attempts) < 3:
            raise ConnectionError("skill service unavailable")
        done.append(env.event_id)

    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler, max_attempts=3).start()
    await bus.publish(topic, "rev-1", event(1))

    await eventually(lambda: done == ["evt-1"], "the third attempt to succeed")
    assert attempts == ["evt-1"] * 3
    assert await bus.read_topic(Topic.dlq(topic), timeout_s=0.5) == []


async def test_handler_failing_every_attempt_dead_letters_the_event_and_the_consumer_moves_on(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic = unique_name("poison")
    attempts: defaultdict[str, int] = defaultdict(int)
    handled: list[str] = []

    async def handler(env: Envelope) -> None:
        attempts[env.event_id] += 1
        if env.event_id == "evt-1":
            raise ValueError("clause 1 cannot be reviewed")
        handled.append(env.event_id)

    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler, max_attempts=3).start()
    poison = event(1)
    await bus.publish(topic, "rev-1", poison)
    await bus.publish(topic, "rev-1", event(2))  # same key: it waits behind the poison, then runs

    await eventually(lambda: handled == ["evt-2"], "the event after the poison to be handled")
    assert attempts["evt-1"] == 3
    dead = await bus.read_topic(Topic.dlq(topic), min_records=1)
    assert len(dead) == 1
    assert dead[0].value == poison.to_bytes()
    assert dead[0].key == "rev-1"
    assert dead[0].header(DLQ_ERROR) == "clause 1 cannot be reviewed"
    assert dead[0].header(DLQ_ERROR_TYPE) == "ValueError"
    assert dead[0].header(DLQ_ORIGINAL_TOPIC) == topic
    assert dead[0].header(DLQ_ORIGINAL_OFFSET) == "0"
    assert dead[0].header(DLQ_ATTEMPTS) == "3"


async def test_unparsable_message_goes_to_the_dlq_without_reaching_the_handler(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic = unique_name("garbage")
    handled: list[str] = []

    async def handler(env: Envelope) -> None:
        handled.append(env.event_id)

    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler).start()
    await bus.publish_raw(topic, "rev-1", b"\x00not json at all")
    await bus.publish(topic, "rev-1", event(2))

    await eventually(lambda: handled == ["evt-2"], "the valid event after the garbage")
    dead = await bus.read_topic(Topic.dlq(topic), min_records=1)
    assert [d.value for d in dead] == [b"\x00not json at all"]
    assert dead[0].header(DLQ_ERROR_TYPE) == "InvalidEvent"
    assert "not a clauseflow event" in (dead[0].header(DLQ_ERROR) or "")


async def test_concurrency_limit_bounds_handlers_in_flight(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic = unique_name("limit")
    current = 0
    peak = 0
    handled = 0

    async def handler(env: Envelope) -> None:
        nonlocal current, peak, handled
        current += 1
        peak = max(peak, current)
        await asyncio.sleep(0.03)
        current -= 1
        handled += 1

    for n in range(30):
        await bus.publish(topic, f"rev-{n}", event(n, review_id=f"rev-{n}"))
    await bus.subscribe([topic], group_id=unique_name("g"), handler=handler, concurrency=3).start()

    await eventually(lambda: handled == 30, "30 events to be handled")
    assert peak == 3


async def test_stopped_consumer_commits_finished_work_so_a_successor_resumes_after_it(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic, group = unique_name("resume"), unique_name("g")
    first: list[str] = []
    second: list[str] = []

    async def record_first(env: Envelope) -> None:
        first.append(env.event_id)

    async def record_second(env: Envelope) -> None:
        second.append(env.event_id)

    consumer = bus.subscribe([topic], group_id=group, handler=record_first, concurrency=2)
    await consumer.start()
    for n in range(5):
        await bus.publish(topic, f"rev-{n}", event(n, review_id=f"rev-{n}"))
    await eventually(lambda: len(first) == 5, "the first consumer to handle 5 events")
    await consumer.stop()

    for n in range(5, 8):
        await bus.publish(topic, f"rev-{n}", event(n, review_id=f"rev-{n}"))
    await bus.subscribe([topic], group_id=group, handler=record_second).start()

    await eventually(lambda: len(second) == 3, "the successor to handle the 3 new events")
    await asyncio.sleep(0.3)  # anything redelivered by mistake would show up now
    assert sorted(second) == ["evt-5", "evt-6", "evt-7"]


async def test_consumer_killed_before_commit_gets_its_message_redelivered_to_the_group(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic, group = unique_name("crash"), unique_name("g")
    await bus.publish(topic, "rev-1", event(1))

    if is_kafka(bus):
        # A real crash: a consumer in another process is SIGKILLed while its handler runs.
        victim = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            VICTIM,
            bus.settings.kafka_bootstrap_servers,
            topic,
            group,
            stdout=asyncio.subprocess.PIPE,
        )
        try:
            assert victim.stdout is not None
            line = b""
            while not line.startswith(b"HANDLING"):  # the victim's log lines come first
                line = await asyncio.wait_for(victim.stdout.readline(), 30)
                assert line, "the victim consumer exited before handling the event"
            assert line.decode().strip() == "HANDLING evt-1"
        finally:
            victim.kill()
            await victim.wait()
    else:
        started = asyncio.Event()

        async def hang(env: Envelope) -> None:
            started.set()
            await asyncio.sleep(3600)

        crashed = bus.subscribe([topic], group_id=group, handler=hang)
        await crashed.start()
        await asyncio.wait_for(started.wait(), 5)
        await crashed.abort()

    redelivered: list[str] = []

    async def handler(env: Envelope) -> None:
        redelivered.append(env.event_id)

    await bus.subscribe([topic], group_id=group, handler=handler).start()
    await eventually(lambda: redelivered == ["evt-1"], "the uncommitted event to be redelivered")


async def test_group_members_share_partitions_and_every_event_is_handled(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic, group = unique_name("shared"), unique_name("g")
    handled_by: dict[str, list[str]] = {"a": [], "b": []}

    def handler_for(member: str) -> Callable[[Envelope], Any]:
        async def handler(env: Envelope) -> None:
            await asyncio.sleep(0.002)
            handled_by[member].append(env.event_id)

        return handler

    a = bus.subscribe([topic], group_id=group, handler=handler_for("a"), concurrency=2)
    b = bus.subscribe([topic], group_id=group, handler=handler_for("b"), concurrency=2)
    await a.start()
    await b.start()
    every_partition = {(topic, p) for p in range(6)}
    await eventually(
        lambda: a.assignment and b.assignment and a.assignment | b.assignment == every_partition,
        "the two members to split the six partitions",
    )
    assert not a.assignment & b.assignment

    for n in range(60):
        await bus.publish(topic, f"rev-{n % 12}", event(n, review_id=f"rev-{n % 12}"))

    everything = {f"evt-{n}" for n in range(60)}
    await eventually(lambda: set(handled_by["a"]) | set(handled_by["b"]) == everything, "all 60 events")
    assert handled_by["a"] and handled_by["b"]
    assert not set(handled_by["a"]) & set(handled_by["b"]), "an event was handled by both members"


async def test_a_joining_member_never_runs_a_key_while_another_member_still_handles_it(
    bus: Any, unique_name: Callable[[str], str]
) -> None:
    topic, group = unique_name("handover"), unique_name("g")
    release = asyncio.Event()
    started: list[str] = []
    finished: list[str] = []

    async def handler(env: Envelope) -> None:
        started.append(env.event_id)
        if env.event_id == "evt-1":
            await release.wait()
        finished.append(env.event_id)

    await bus.subscribe([topic], group_id=group, handler=handler).start()
    await bus.publish(topic, "rev-1", event(1))
    await eventually(lambda: started == ["evt-1"], "the first member to start the slow event")
    await bus.publish(topic, "rev-1", event(2))
    # The join rebalances the group; the first member hands partitions over only when its
    # in-flight work is done (bounded by revoke_wait_s), so the join waits for the release.
    joining = asyncio.create_task(bus.subscribe([topic], group_id=group, handler=handler).start())

    await asyncio.sleep(1.0)
    assert started == ["evt-1"], "the key's next event ran before the previous one finished"
    release.set()
    await asyncio.wait_for(joining, 4.0)  # well before revoke_wait_s (5 s) would have given up
    await eventually(lambda: finished == ["evt-1", "evt-2"], "both events, in order")
    await asyncio.sleep(0.3)
    assert started == ["evt-1", "evt-2"], "an event was handled twice"
