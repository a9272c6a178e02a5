"""The keyed dispatcher that both buses use: order per key, bounded concurrency, retries, DLQ."""

from __future__ import annotations

import asyncio
from collections import defaultdict

from clauseflow_contracts.events import ClauseResult, Envelope
from clauseflow_platform.bus.dispatch import DLQ_ATTEMPTS, DLQ_ERROR_TYPE, KeyedDispatcher, Record
from clauseflow_platform.bus.offsets import OffsetTracker

TOPIC = "clause.results"


def record(offset: int, key: str, *, value: bytes | None = None, partition: int = 0) -> Record:
    env = Envelope.wrap(key, ClauseResult(task_id=f"t{offset}", clause_id=str(offset)), event_id=f"e{offset}")
    return Record(TOPIC, partition, offset, key, value if value is not None else env.to_bytes())


class DeadLetters:
    """Collects dead letters, like a DLQ topic would."""

    def __init__(self) -> None:
        self.records: list[tuple[Record, dict[str, str]]] = []

    async def __call__(self, rec: Record, headers: tuple[tuple[str, bytes], ...]) -> None:
        self.records.append((rec, {k: v.decode() for k, v in headers}))


async def test_later_records_of_a_key_wait_for_earlier_ones_while_other_keys_proceed() -> None:
    tracker: OffsetTracker[tuple[str, int]] = OffsetTracker()
    release_first = asyncio.Event()
    order: list[str] = []

    async def handler(env: Envelope) -> None:
        if env.event_id == "e0":
            await release_first.wait()
        order.append(env.event_id)

    dispatcher = KeyedDispatcher(
        handler, group_id="g", concurrency=2, max_attempts=1, dead_letter=DeadLetters(), tracker=tracker
    )
    await dispatcher.submit(record(0, "a"))
    await dispatcher.submit(record(1, "a"))
    await dispatcher.submit(record(2, "b"))
    await asyncio.sleep(0.02)
    assert order == ["e2"]  # b ran; a's second record waits behind the first
    assert tracker.committable() == {}  # offset 0 still running holds the commit back
    release_first.set()
    assert await dispatcher.drain(1.0)
    assert order == ["e2", "e0", "e1"]
    assert tracker.committable() == {(TOPIC, 0): 3}


async def test_failed_handler_is_retried_then_dead_lettered_and_committed() -> None:
    tracker: OffsetTracker[tuple[str, int]] = OffsetTracker()
    dead = DeadLetters()
    calls: defaultdict[str, int] = defaultdict(int)

    async def handler(env: Envelope) -> None:
        calls[env.event_id] += 1
        raise RuntimeError("boom")

    dispatcher = KeyedDispatcher(
        handler,
        group_id="g",
        concurrency=1,
        max_attempts=4,
        dead_letter=dead,
        tracker=tracker,
        retry_backoff_s=0.001,
    )
    await dispatcher.submit(record(0, "a"))
    assert await dispatcher.drain(2.0)
    assert calls["e0"] == 4
    assert [(r.offset, h[DLQ_ERROR_TYPE], h[DLQ_ATTEMPTS]) for r, h in dead.records] == [
        (0, "RuntimeError", "4")
    ]
    assert tracker.committable() == {(TOPIC, 0): 1}


async def test_discarded_records_are_never_handled_and_never_committed() -> None:
    tracker: OffsetTracker[tuple[str, int]] = OffsetTracker()
    gate = asyncio.Event()
    handled: list[str] = []

    async def handler(env: Envelope) -> None:
        await gate.wait()
        handled.append(env.event_id)

    dispatcher = KeyedDispatcher(
        handler, group_id="g", concurrency=1, max_attempts=1, dead_letter=DeadLetters(), tracker=tracker
    )
    for offset, key in ((0, "a"), (1, "a"), (2, "b")):
        await dispatcher.submit(record(offset, key))
    await asyncio.sleep(0.01)
    assert dispatcher.discard_pending() == 2  # e1 (behind e0) and e2 (waiting for the only slot)
    gate.set()
    assert await dispatcher.drain(1.0)
    assert handled == ["e0"]
    assert tracker.committable() == {(TOPIC, 0): 1}
    assert dispatcher.busy == 0


async def test_cancel_all_leaves_running_records_uncommitted() -> None:
    tracker: OffsetTracker[tuple[str, int]] = OffsetTracker()

    async def handler(env: Envelope) -> None:
        await asyncio.sleep(3600)

    dispatcher = KeyedDispatcher(
        handler, group_id="g", concurrency=2, max_attempts=1, dead_letter=DeadLetters(), tracker=tracker
    )
    await dispatcher.submit(record(0, "a"))
    await asyncio.sleep(0.01)
    await dispatcher.cancel_all()
    assert tracker.committable() == {}
    assert dispatcher.capacity > 0 and dispatcher.busy == 0
