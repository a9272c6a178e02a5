"""Runs handlers for fetched records: same key in order, different keys concurrently, bounded.

Both bus implementations feed their fetched records into a :class:`KeyedDispatcher`, so
ordering, retries, dead-lettering and offset bookkeeping behave identically in both.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass

from clauseflow_contracts.errors import InvalidEvent
from clauseflow_contracts.events import Envelope

from clauseflow_platform.bus.base import Handler
from clauseflow_platform.bus.offsets import OffsetTracker
from clauseflow_platform.logging import bound_context, get_logger

log = get_logger(__name__)

TopicPartition = tuple[str, int]

# Header names on dead-lettered records (values are UTF-8 strings).
DLQ_ERROR = "x-error"
DLQ_ERROR_TYPE = "x-error-type"
DLQ_ORIGINAL_TOPIC = "x-original-topic"
DLQ_ORIGINAL_PARTITION = "x-original-partition"
DLQ_ORIGINAL_OFFSET = "x-original-offset"
DLQ_ATTEMPTS = "x-attempts"
DLQ_CONSUMER_GROUP = "x-consumer-group"
MAX_ERROR_CHARS = 4000


@dataclass(frozen=True)
class Record:
    """One message as fetched from a topic partition (raw bytes; parsing happens in the dispatcher)."""

    topic: str
    partition: int
    offset: int
    key: str | None
    value: bytes
    headers: tuple[tuple[str, bytes], ...] = ()

    @property
    def tp(self) -> TopicPartition:
        """The (topic, partition) pair."""
        return (self.topic, self.partition)

    def header(self, name: str) -> str | None:
        """The last value of header ``name`` decoded as UTF-8, or None."""
        found: str | None = None
        for key, value in self.headers:
            if key == name:
                found = value.decode("utf-8", errors="replace")
        return found


DeadLetter = Callable[[Record, tuple[tuple[str, bytes], ...]], Awaitable[None]]
"""Writes the original record to its DLQ with the given extra headers."""


def dlq_headers(
    record: Record, *, error_type: str, error: str, attempts: int, group_id: str
) -> tuple[tuple[str, bytes], ...]:
    """The headers that tell an operator why and where from a record was dead-lettered."""
    fields = {
        DLQ_ERROR: error[:MAX_ERROR_CHARS],
        DLQ_ERROR_TYPE: error_type,
        DLQ_ORIGINAL_TOPIC: record.topic,
        DLQ_ORIGINAL_PARTITION: str(record.partition),
        DLQ_ORIGINAL_OFFSET: str(record.offset),
        DLQ_ATTEMPTS: str(attempts),
        DLQ_CONSUMER_GROUP: group_id,
    }
    return tuple((k, v.encode()) for k, v in fields.items())


class KeyedDispatcher:
    """Hands records to the handler with per-key order and at most ``concurrency`` keys at once."""

    def __init__(
        self,
        handler: Handler,
        *,
        group_id: str,
        concurrency: int,
        max_attempts: int,
        dead_letter: DeadLetter,
        tracker: OffsetTracker[TopicPartition],
        retry_backoff_s: float = 0.05,
        max_backoff_s: float = 2.0,
        max_buffered: int | None = None,
        on_done: Callable[[], None] | None = None,
        owns: Callable[[TopicPartition], bool] | None = None,
    ) -> None:
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self._handler = handler
        self._group_id = group_id
        self._max_attempts = max_attempts
        self._dead_letter = dead_letter
        self._tracker = tracker
        self._retry_backoff_s = retry_backoff_s
        self._max_backoff_s = max_backoff_s
        self._on_done = on_done
        self._owns = owns
        self._slots = asyncio.Semaphore(concurrency)
        # Bounds records fetched but not finished, so a slow handler applies backpressure to fetching.
        # A soft bound on records accepted but not finished: fetchers ask ``capacity`` before fetching,
        # so a slow handler applies backpressure. ``submit`` itself never waits, so nothing can change
        # (a rebalance) between a fetch and its bookkeeping.
        self._max_buffered = max_buffered or max(32, concurrency * 8)
        self._accepted = 0
        self._open: Counter[TopicPartition] = Counter()  # accepted, not finished or discarded, per partition
        self._queues: dict[tuple[str, str | None], deque[Record]] = {}
        self._active: set[tuple[str, str | None]] = set()  # keys whose head record holds a slot
        self._tasks: set[asyncio.Task[None]] = set()
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def busy(self) -> int:
        """Records accepted and not yet finished or discarded."""
        return self._accepted

    @property
    def capacity(self) -> int:
        """How many more records :meth:`submit` takes without waiting."""
        return max(0, self._max_buffered - self._accepted)

    def _release(self, record: Record) -> None:
        self._accepted -= 1
        self._open[record.tp] -= 1
        if self._open[record.tp] <= 0:
            del self._open[record.tp]

    async def submit(self, record: Record) -> bool:
        """Accept a record; it is handled in the background. Never waits (see ``capacity``).

        Returns False (and drops the record) if the consumer no longer owns its partition.
        """
        if self._owns is not None and not self._owns(record.tp):
            return False
        self._accepted += 1
        self._open[record.tp] += 1
        self._tracker.track(record.tp, record.offset)
        self._idle.clear()
        ordering_key = (record.topic, record.key)
        queue = self._queues.get(ordering_key)
        if queue is not None:
            queue.append(record)
            return True
        self._queues[ordering_key] = deque([record])
        task = asyncio.create_task(self._run_key(ordering_key), name=f"bus-key-{record.topic}")
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return True

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("bus.dispatch_task_failed", group=self._group_id, error=repr(task.exception()))
        if not self._tasks:
            self._idle.set()

    async def _run_key(self, ordering_key: tuple[str, str | None]) -> None:
        async with self._slots:
            queue = self._queues[ordering_key]
            self._active.add(ordering_key)
            try:
                while queue:
                    record = queue[0]
                    await self._handle(record)
                    # The record may have been discarded meanwhile (revoke); only pop what we handled.
                    if queue and queue[0] is record:
                        queue.popleft()
                        self._release(record)
                    self._tracker.complete(record.tp, record.offset)
                    if self._on_done is not None:
                        self._on_done()
            finally:
                self._active.discard(ordering_key)
                if self._queues.get(ordering_key) is queue and not queue:
                    del self._queues[ordering_key]

    async def _handle(self, record: Record) -> None:
        try:
            event = Envelope.from_bytes(record.value)
        except InvalidEvent as exc:
            log.warning("bus.unparsable_event", topic=record.topic, offset=record.offset, error=str(exc))
            await self._to_dlq(record, "InvalidEvent", str(exc), attempts=0)
            return
        with bound_context(review_id=event.review_id, event_id=event.event_id):
            error_type, error = "", ""
            for attempt in range(1, self._max_attempts + 1):
                try:
                    await self._handler(event)
                    return
                except InvalidEvent as exc:
                    # A payload that does not validate will not validate on a retry either.
                    log.warning("bus.invalid_event", topic=record.topic, type=event.type, error=str(exc))
                    await self._to_dlq(record, "InvalidEvent", str(exc), attempts=attempt)
                    return
                except Exception as exc:
                    error_type, error = type(exc).__name__, str(exc) or repr(exc)
                    log.warning(
                        "bus.handler_failed",
                        topic=record.topic,
                        type=event.type,
                        attempt=attempt,
                        max_attempts=self._max_attempts,
                        error=f"{error_type}: {error}",
                    )
                    if attempt < self._max_attempts:
                        await asyncio.sleep(self._backoff(attempt))
            await self._to_dlq(record, error_type, error, attempts=self._max_attempts)

    def _backoff(self, attempt: int) -> float:
        return float(min(self._max_backoff_s, self._retry_backoff_s * 2 ** (attempt - 1)))

    async def _to_dlq(self, record: Record, error_type: str, error: str, *, attempts: int) -> None:
        headers = dlq_headers(
            record, error_type=error_type, error=error, attempts=attempts, group_id=self._group_id
        )
        failures = 0
        while True:
            # The record is committed only after its dead letter is durable, so keep trying (until stopped).
            try:
                await self._dead_letter(record, headers)
                log.error(
                    "bus.dead_lettered",
                    topic=record.topic,
                    partition=record.partition,
                    offset=record.offset,
                    error=f"{error_type}: {error}"[:500],
                )
                return
            except Exception as exc:
                failures += 1
                log.error("bus.dead_letter_failed", topic=record.topic, offset=record.offset, error=repr(exc))
                await asyncio.sleep(self._backoff(min(failures, 6)))

    def discard_pending(self, partitions: Collection[TopicPartition] | None = None) -> int:
        """Drop records not yet started (all, or of ``partitions``); they stay uncommitted and come back."""
        dropped = 0
        for ordering_key, queue in self._queues.items():
            # The head of an active key is running; everything else has not started.
            keep = [queue.popleft()] if queue and ordering_key in self._active else []
            while queue:
                record = queue.popleft()
                if partitions is None or record.tp in partitions:
                    dropped += 1
                    self._release(record)
                else:
                    keep.append(record)
            queue.extend(keep)
        return dropped

    async def drain(self, timeout_s: float) -> bool:
        """Wait until every accepted record is finished; False if ``timeout_s`` passed first."""
        if not self._tasks:
            return True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout=max(timeout_s, 0.0))
        except TimeoutError:
            return False
        return True

    async def wait_partitions(self, partitions: Collection[TopicPartition], timeout_s: float) -> bool:
        """Wait until no record of ``partitions`` is in flight; False if ``timeout_s`` passed first."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while any(self._open.get(tp) for tp in partitions):
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.01)
        return True

    async def cancel_all(self) -> None:
        """Cancel every running handler (a crash, or a stop past its grace); nothing they held commits."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        for queue in self._queues.values():
            for record in queue:
                self._release(record)
        self._queues.clear()
        self._idle.set()
