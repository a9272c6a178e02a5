"""An in-process bus with the Kafka bus's semantics, for embedded mode and fast tests.

Topics have partitions chosen by key hash (work-queue topics such as ``clause.tasks``
spread keys evenly instead, as the Kafka bus does: see :mod:`.spread`); consumer groups share partitions among
their members and rebalance when members start or stop; each group has committed
offsets, so a consumer that stops (or :meth:`InMemoryConsumer.abort`s, as a crash
would) before its handler finished gets that message again after the rebalance.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from clauseflow_contracts.events import Envelope, Topic

from clauseflow_platform.bus.base import Consumer, EventBus, Handler
from clauseflow_platform.bus.dispatch import KeyedDispatcher, Record, TopicPartition
from clauseflow_platform.bus.offsets import OffsetTracker
from clauseflow_platform.bus.spread import PartitionSpreader
from clauseflow_platform.logging import get_logger

log = get_logger(__name__)


def partition_for(key: str | None, partitions: int, counter: int = 0) -> int:
    """A stable partition for ``key`` (CRC32, so it survives restarts); keyless records round-robin."""
    if key is None:
        return counter % partitions
    return zlib.crc32(key.encode()) % partitions


@dataclass
class _Group:
    members: list[InMemoryConsumer] = field(default_factory=list)
    committed: dict[TopicPartition, int] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one rebalance at a time


class InMemoryBus(EventBus):
    """An :class:`EventBus` whose topics live in this process's memory."""

    def __init__(
        self,
        partitions: int = 6,
        *,
        retry_backoff_s: float = 0.05,
        revoke_wait_s: float = 5.0,
        spread_topics: frozenset[str] = frozenset({Topic.CLAUSE_TASKS}),
    ) -> None:
        if partitions < 1:
            raise ValueError("partitions must be at least 1")
        self._partitions = partitions
        self._retry_backoff_s = retry_backoff_s
        self._revoke_wait_s = revoke_wait_s
        self._logs: dict[str, list[list[Record]]] = {}
        self._groups: dict[str, _Group] = {}
        self._wakeup = asyncio.Event()
        self._keyless = itertools.count()
        self._spread_topics = spread_topics
        self._spreader = PartitionSpreader()
        self._started = False

    async def start(self) -> None:
        """Create the project's topics (and their DLQs)."""
        for topic in Topic.ALL:
            self.ensure_topic(topic)
            self.ensure_topic(Topic.dlq(topic))
        self._started = True

    async def stop(self) -> None:
        """Stop every consumer still running (their finished work is committed)."""
        for group in list(self._groups.values()):
            for member in list(group.members):
                await member.stop(grace_s=1.0)
        self._started = False

    def ensure_topic(self, topic: str) -> None:
        """Create ``topic`` if missing."""
        if topic not in self._logs:
            self._logs[topic] = [[] for _ in range(self._partitions)]

    async def publish(self, topic: str, key: str, event: Envelope) -> None:
        """Append the event to its key's partition."""
        self.publish_record(topic, key, event.to_bytes())

    async def publish_raw(
        self, topic: str, key: str | None, data: bytes, headers: Sequence[tuple[str, bytes]] = ()
    ) -> None:
        """Append raw bytes (not necessarily a valid event: for poison-message tests and DLQ replays)."""
        self.publish_record(topic, key, data, headers)

    def publish_record(
        self, topic: str, key: str | None, data: bytes, headers: Sequence[tuple[str, bytes]] = ()
    ) -> Record:
        """Append synchronously and return the stored record."""
        self.ensure_topic(topic)
        partitions = self._logs[topic]
        if key is not None and topic in self._spread_topics:
            partition = self._spreader.partition(topic, key, len(partitions))
        else:
            partition = partition_for(key, len(partitions), next(self._keyless))
        log_ = partitions[partition]
        record = Record(topic, partition, len(log_), key, bytes(data), tuple(headers))
        log_.append(record)
        self._wake()
        return record

    async def read_topic(self, topic: str, *, min_records: int = 0, timeout_s: float = 5.0) -> list[Record]:
        """Every record of ``topic`` (waiting up to ``timeout_s`` for at least ``min_records``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while True:
            records = [r for part in self._logs.get(topic, []) for r in part]
            if len(records) >= min_records or loop.time() >= deadline:
                return sorted(records, key=lambda r: (r.partition, r.offset))
            await self._wait(deadline - loop.time())

    def subscribe(
        self,
        topics: Sequence[str],
        *,
        group_id: str,
        handler: Handler,
        concurrency: int = 1,
        max_attempts: int = 3,
    ) -> InMemoryConsumer:
        """A group member for ``topics``; ``start()`` it to join the group."""
        if not topics:
            raise ValueError("subscribe needs at least one topic")
        return InMemoryConsumer(
            self,
            tuple(topics),
            group_id=group_id,
            handler=handler,
            concurrency=concurrency,
            max_attempts=max_attempts,
        )

    def committed(self, group_id: str) -> dict[TopicPartition, int]:
        """A copy of a group's committed offsets (for tests and diagnostics)."""
        group = self._groups.get(group_id)
        return dict(group.committed) if group else {}

    # -- group coordination (used by InMemoryConsumer) ------------------------------------------

    def _wake(self) -> None:
        # Broadcast: everyone waiting on the current event wakes; later waiters use a fresh one.
        self._wakeup.set()
        self._wakeup = asyncio.Event()

    async def _wait(self, timeout_s: float) -> None:
        event = self._wakeup
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout=max(timeout_s, 0.0))

    def _log(self, tp: TopicPartition) -> list[Record]:
        return self._logs[tp[0]][tp[1]]

    async def _join(self, member: InMemoryConsumer) -> None:
        for topic in member.topics:
            self.ensure_topic(topic)
            self.ensure_topic(Topic.dlq(topic))
        group = self._groups.setdefault(member.group_id, _Group())
        async with group.lock:
            group.members.append(member)
            await self._rebalance(group)

    async def _leave(self, member: InMemoryConsumer) -> None:
        group = self._groups.get(member.group_id)
        if group is None:
            return
        async with group.lock:
            if member not in group.members:
                return
            await member._revoke(set(member.assigned), wait_s=0.0)
            group.members.remove(member)
            await self._rebalance(group)

    def _commit(self, member: InMemoryConsumer, positions: dict[TopicPartition, int]) -> None:
        group = self._groups[member.group_id]
        for tp, position in positions.items():
            # Only the current owner may commit (a revoked member's late commit is fenced, as in Kafka).
            if tp in member.assigned and position > group.committed.get(tp, 0):
                group.committed[tp] = position

    async def _rebalance(self, group: _Group) -> None:
        """Range assignment, as the Kafka bus's groups use: per topic, each member a contiguous block.

        Partition k of every topic goes to the same member when the topics have as many
        partitions (what keeps a review's events on one orchestrator). Members first give up
        what moves (finishing in-flight work on it, within a bound, and committing), and only
        then does the new owner start, so a key is never handled by two members at once.
        """
        plan: dict[int, set[TopicPartition]] = {id(m): set() for m in group.members}
        for topic in sorted({t for m in group.members for t in m.topics}):
            candidates = [m for m in group.members if topic in m.topics]
            count = len(self._logs[topic])
            share, extra = divmod(count, len(candidates))
            start = 0
            for index, member in enumerate(candidates):
                size = share + (1 if index < extra else 0)
                plan[id(member)].update((topic, p) for p in range(start, start + size))
                start += size
        await asyncio.gather(
            *(m._revoke(m.assigned - plan[id(m)], wait_s=self._revoke_wait_s) for m in group.members)
        )
        for member in group.members:
            member._assign(plan[id(member)])
        self._wake()


class InMemoryConsumer(Consumer):
    """One member of a consumer group on an :class:`InMemoryBus`."""

    def __init__(
        self,
        bus: InMemoryBus,
        topics: tuple[str, ...],
        *,
        group_id: str,
        handler: Handler,
        concurrency: int,
        max_attempts: int,
    ) -> None:
        self.topics = topics
        self.group_id = group_id
        self.assigned: set[TopicPartition] = set()
        self._revoking: set[TopicPartition] = set()
        self._bus = bus
        self._positions: dict[TopicPartition, int] = {}
        self._tracker: OffsetTracker[TopicPartition] = OffsetTracker()
        self._dispatcher = KeyedDispatcher(
            handler,
            group_id=group_id,
            concurrency=concurrency,
            max_attempts=max_attempts,
            dead_letter=self._dead_letter,
            tracker=self._tracker,
            retry_backoff_s=bus._retry_backoff_s,
            on_done=self._commit_finished,
            owns=lambda tp: tp in self.assigned and tp not in self._revoking,
        )
        self._fetcher: asyncio.Task[None] | None = None
        self._running = False

    @property
    def assignment(self) -> frozenset[TopicPartition]:
        """The (topic, partition) pairs this member owns now."""
        return frozenset(self.assigned)

    async def start(self) -> None:
        """Join the group and start handling messages in the background."""
        if self._running:
            return
        self._running = True
        await self._bus._join(self)
        self._fetcher = asyncio.create_task(self._fetch_loop(), name=f"memory-consumer-{self.group_id}")

    async def stop(self, grace_s: float = 10.0) -> None:
        """Stop fetching, let in-flight handlers finish within ``grace_s``, commit, leave the group."""
        if not self._running:
            return
        self._running = False
        await self._stop_fetching()
        self._dispatcher.discard_pending()
        if not await self._dispatcher.drain(grace_s):
            log.warning("bus.stop_grace_exceeded", group=self.group_id, grace_s=grace_s)
            await self._dispatcher.cancel_all()
        self._commit_finished()
        await self._bus._leave(self)

    async def abort(self) -> None:
        """Stop at once without committing in-flight work, as a crashed process would."""
        if not self._running:
            return
        self._running = False
        await self._stop_fetching()
        await self._dispatcher.cancel_all()
        await self._bus._leave(self)

    async def _stop_fetching(self) -> None:
        if self._fetcher is not None:
            self._fetcher.cancel()
            await asyncio.gather(self._fetcher, return_exceptions=True)
            self._fetcher = None

    async def _revoke(self, revoked: set[TopicPartition], *, wait_s: float) -> None:
        """Give up ``revoked``: drop unstarted work, let running work finish (bounded), commit, forget."""
        if not revoked:
            return
        self._revoking |= revoked
        try:
            self._dispatcher.discard_pending(revoked)
            if wait_s > 0 and not await self._dispatcher.wait_partitions(revoked, wait_s):
                log.warning("bus.revoked_with_work_in_flight", group=self.group_id, revoked=sorted(revoked))
            self._commit_finished()
        finally:
            self._revoking -= revoked
        self.assigned -= revoked
        for tp in revoked:
            self._tracker.forget(tp)
            self._positions.pop(tp, None)

    def _assign(self, partitions: set[TopicPartition]) -> None:
        """Take the partitions of the new plan not owned yet; each starts at the group's committed offset."""
        group = self._bus._groups[self.group_id]
        for tp in partitions - self.assigned:
            self._positions[tp] = group.committed.get(tp, 0)
            self.assigned.add(tp)

    def _commit_finished(self) -> None:
        positions = self._tracker.committable(self.assigned)
        if positions:
            self._bus._commit(self, positions)
            self._tracker.mark_committed(positions)

    async def _dead_letter(self, record: Record, headers: tuple[tuple[str, bytes], ...]) -> None:
        self._bus.publish_record(Topic.dlq(record.topic), record.key, record.value, headers)

    async def _fetch_loop(self) -> None:
        while self._running:
            fetched = False
            for tp in sorted(self.assigned):
                log_ = self._bus._log(tp)
                while (
                    self._running
                    and self._dispatcher.capacity > 0
                    and tp in self.assigned
                    and tp not in self._revoking
                    and self._positions[tp] < len(log_)
                ):
                    record = log_[self._positions[tp]]
                    self._positions[tp] += 1
                    await self._dispatcher.submit(record)  # never waits: no rebalance can interleave
                    fetched = True
            if not fetched:
                # Full: poll briefly for finished handlers; idle: sleep until something is published.
                await self._bus._wait(0.01 if self._dispatcher.capacity == 0 else 1.0)
