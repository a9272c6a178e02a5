"""The outbox relay: publishes committed outbox rows to the bus, oldest first, and marks them sent.

Every service that writes events with its state (the outbox pattern) relays them with this one
relay, over its own :class:`OutboxStore`. Rows reach the relay two ways: handed over in memory
right after the commit that wrote them (:meth:`OutboxRelay.enqueue`, no database read), or found
in the database by recovery (at start, after a failure, when :meth:`OutboxRelay.notify` asks,
and every ``interval_s``). Published rows are marked sent in batches.

At-least-once: a crash between publish and mark re-publishes the row on restart; every
consumer dedupes by event id.

A row that can never be published (the bus refuses it for what it is, e.g. over the event size
limit) is moved to the store's dead letters with an error log (``outbox.dead_lettered``,
the alert) and counted in :attr:`OutboxRelay.dead_lettered`; it never blocks the rows behind
it. Any other failure (the bus is down) is recorded on the row, and the rows are retried in
order from the database, after a backoff that doubles with each failure in a row.

A service may fold its batch before publishing (``coalesce``): the orchestrator publishes only
the latest of several snapshots of one review.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from clauseflow_contracts.events import Envelope

from clauseflow_platform.bus.base import EventBus
from clauseflow_platform.bus.poison import never_publishable
from clauseflow_platform.logging import get_logger

log = get_logger(__name__)

# Published ids marked sent in one UPDATE at the latest once this many have gathered.
MARK_BATCH = 500
# The periodic recovery poll leaves younger rows alone: the instance that wrote them is
# publishing them (its fast path takes milliseconds), so taking them would only duplicate.
RECOVERY_MIN_AGE_S = 2.0
# Ids published by recovery that a late in-memory hand-over must not publish again.
RECOVERED_MEMORY = 10_000
# The longest wait before retrying after failures in a row.
MAX_BACKOFF_S = 30.0


@dataclass(frozen=True)
class PendingEvent:
    """An outbox row waiting to be published."""

    id: int
    topic: str
    key: str
    envelope: Envelope


class OutboxStore(Protocol):
    """Where a service keeps its outbox (one transaction per call)."""

    async def pending(
        self, limit: int = 200, *, after_id: int = 0, min_age_s: float | None = None
    ) -> list[PendingEvent]:
        """Unsent rows in the order written, ids above ``after_id``, optionally only older ones."""
        ...

    async def mark_sent(self, ids: Sequence[int]) -> None:
        """Mark rows as published."""
        ...

    async def dead_letter(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        """Move rows that can never be published, with why, to the dead letters (and mark them sent)."""
        ...

    async def record_failures(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        """Note a failed attempt on each row (they stay pending)."""
        ...


Coalesce = Callable[[Sequence[PendingEvent]], tuple[set[int], dict[int, Envelope]]]
"""Ids of rows a batch need not publish (marked sent with it), and new envelopes of the rows that
absorb them."""


def _nothing_to_fold(batch: Sequence[PendingEvent]) -> tuple[set[int], dict[int, Envelope]]:
    return set(), {}


class OutboxRelay:
    """Publishes committed outbox rows: handed over in memory right after a commit, polled for recovery.

    Fast path: :meth:`enqueue` receives the rows a commit has just written; the relay task
    publishes them at once (the rows of one topic and key in outbox order, others concurrently)
    and marks them sent in batches, one UPDATE per ``mark_delay_s``. Recovery: rows nobody
    handed over (left by a crash, a failed publish, or written by another instance) are read
    from the database, oldest first, at start, after a failure, and every ``interval_s`` (then
    only rows older than ``interval_s``, so rows another live instance is about to publish are
    left to it). All relay work runs under one lock, so recovery and the fast path never
    publish one topic and key out of order. A store whose commits hand nothing over just calls
    :meth:`notify` (or :meth:`kick`) after them.
    """

    def __init__(
        self,
        store: OutboxStore,
        bus: EventBus,
        *,
        interval_s: float = 2.0,
        mark_delay_s: float = 0.05,
        min_age_s: float = RECOVERY_MIN_AGE_S,
        publish_timeout_s: float | None = None,
        max_backoff_s: float = MAX_BACKOFF_S,
        coalesce: Coalesce = _nothing_to_fold,
        name: str = "outbox-relay",
    ) -> None:
        self._store, self._bus, self._interval = store, bus, interval_s
        self._min_age = min_age_s
        self._mark_delay = mark_delay_s
        self._publish_timeout = publish_timeout_s
        self._max_backoff = max_backoff_s
        self._coalesce = coalesce
        self._name = name
        self._failures = 0  # failed passes in a row (the backoff doubles with each)
        self._queue: list[PendingEvent] = []
        self._inflight: set[int] = set()  # queued or published, not yet marked: recovery skips them
        self._unmarked: list[int] = []
        self._unmarked_since = 0.0
        self._recovered: OrderedDict[int, None] = OrderedDict()
        self._recovering = True  # a full recovery pass first: whatever an earlier run left unsent
        self._poll_now = False
        self._wake = asyncio.Event()
        self._work = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        # Rows moved to the dead-letter table by this relay (a metric an operator alerts on).
        self.dead_lettered = 0

    def enqueue(self, rows: Sequence[PendingEvent]) -> None:
        """Rows a commit has just written (in outbox order): publish them now."""
        fresh = [row for row in rows if row.id not in self._recovered]
        if not fresh:
            return
        self._queue.extend(fresh)
        self._inflight.update(row.id for row in fresh)
        self._wake.set()

    def notify(self) -> None:
        """Look into the database for unsent rows now (whatever their age)."""
        self._poll_now = True
        self._wake.set()

    def kick(self) -> None:
        """A commit wrote outbox rows without handing them over: publish them now (:meth:`notify`)."""
        self.notify()

    async def relay_once(self) -> int:
        """Publish every unsent row now (:meth:`drain`); returns how many were published."""
        return await self.drain()

    async def pending(self) -> int:
        """How many rows wait to be published (for readiness and tests)."""
        count, after = 0, 0
        while rows := await self._store.pending(after_id=after):
            count, after = count + len(rows), rows[-1].id
        return count

    async def start(self) -> None:
        """Start publishing in the background."""
        self._task = asyncio.create_task(self._run(), name=self._name)

    async def stop(self) -> None:
        """Publish what is pending (best effort), then stop."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            self._forget_unpublished()  # a cancelled publish may have left rows half-handled
        with contextlib.suppress(Exception):
            await self.drain()

    async def drain(self) -> int:
        """Publish everything unsent now: queued rows and every unsent row in the database.

        Returns how many events were published (superseded snapshots are skipped).
        """
        async with self._work:
            try:
                published = await self._recover(None) if self._recovering else 0
                self._recovering = False
                published += await self._publish_queued()
                published += await self._recover(None)
            except BaseException:
                self._forget_unpublished()
                raise
            finally:
                await self._flush_marks()
        return published

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        next_poll = loop.time() + self._interval
        while True:
            deadline = (
                next_poll if not self._unmarked else min(next_poll, self._unmarked_since + self._mark_delay)
            )
            if not self._queue and not self._recovering and not self._poll_now:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=max(0.0, deadline - loop.time()))
            self._wake.clear()
            try:
                async with self._work:
                    if self._recovering:
                        await self._recover(None)
                        self._recovering = False
                    await self._publish_queued()
                    if self._poll_now or loop.time() >= next_poll:
                        full, self._poll_now = self._poll_now, False
                        await self._recover(None if full else self._min_age)
                        next_poll = loop.time() + self._interval
                    if self._unmarked and (
                        len(self._unmarked) >= MARK_BATCH
                        or loop.time() >= self._unmarked_since + self._mark_delay
                    ):
                        await self._flush_marks()
                self._failures = 0
            except Exception as exc:  # the bus or the database may be down a while: retry from the database
                self._failures += 1
                backoff = min(
                    self._interval * 2 ** (self._failures - 1), max(self._max_backoff, self._interval)
                )
                log.warning(
                    "outbox.publish_failed", error=str(exc), failures=self._failures, retry_in_s=backoff
                )
                self._forget_unpublished()
                await asyncio.sleep(backoff)

    def _forget_unpublished(self) -> None:
        """After a failure, only the database is trusted: unpublished rows are found again by recovery."""
        self._queue.clear()
        self._inflight = set(self._unmarked)
        self._recovering = True

    async def _publish_queued(self) -> int:
        published = 0
        while self._queue:
            batch, self._queue = self._queue, []
            published += await self._publish(batch)
        return published

    async def _recover(self, min_age_s: float | None) -> int:
        """Publish unsent rows from the database not handed over in memory, oldest first."""
        published, after = 0, 0
        while rows := await self._store.pending(after_id=after, min_age_s=min_age_s):
            after = rows[-1].id
            batch = [row for row in rows if row.id not in self._inflight]
            if batch:
                log.info("outbox.recovered", rows=len(batch))
                self._inflight.update(row.id for row in batch)
                self._remember_recovered(batch)
                published += await self._publish(batch)
        return published

    async def _publish(self, batch: list[PendingEvent]) -> int:
        """Publish a batch in one go, each (topic, key)'s rows in order; handled ids get marked.

        Order is kept where consumers can see it, per topic and key (Kafka orders nothing across
        them): a review's snapshots stay in order, while its next clause task does not wait for
        the broker to acknowledge the snapshot committed with it. The whole batch goes to the bus
        at once, so a plan's hundred tasks leave in one produce round trip, not one per task.
        """
        skipped, replaced = self._coalesce(batch)
        sending = [row for row in batch if row.id not in skipped]
        outcomes = await asyncio.wait_for(
            self._bus.publish_many(
                [(row.topic, row.key, replaced.get(row.id, row.envelope)) for row in sending]
            ),
            timeout=self._publish_timeout,
        )
        failed = {row.id: error for row, error in zip(sending, outcomes, strict=True) if error is not None}
        # The first failure of a stream is the event at fault; the bus did not send the rest of the
        # stream after it (they carry its error) and they are retried like any unsent row.
        poison: list[tuple[PendingEvent, BaseException]] = []
        at_fault: list[tuple[PendingEvent, str]] = []
        seen: set[tuple[str, str]] = set()
        for row in sending:
            if row.id in failed and (row.topic, row.key) not in seen:
                seen.add((row.topic, row.key))
                if never_publishable(failed[row.id]):
                    poison.append((row, failed.pop(row.id)))
                else:
                    at_fault.append((row, _describe(failed[row.id])))
        if poison:
            await self._dead_letter(poison)
        dead = {row.id for row, _ in poison}
        streams: dict[tuple[str, str], list[PendingEvent]] = {}
        for row in batch:
            streams.setdefault((row.topic, row.key), []).append(row)
        published, failure = 0, None
        retry: list[PendingEvent] = []  # behind a dead letter: never tried, they go now
        for rows in streams.values():
            done: list[int] = []
            for n, row in enumerate(rows):
                if row.id in dead:  # marked sent with its dead letter; the bus stopped the stream there
                    retry += [r for r in rows[:n] if r.id in skipped] + rows[n + 1 :]
                    done = [i for i in done if i not in skipped]
                    break
                error = failed.get(row.id)
                if error is not None:
                    failure = failure or error
                    # Only published rows count as sent: a skipped snapshot whose content was folded
                    # into an unpublished one must be found again by recovery, and so must the rest
                    # of the stream, to keep its order.
                    done = [i for i in done if i not in skipped]
                    break
                if row.id not in skipped:
                    published += 1
                done.append(row.id)
            self._mark_later(done)
        if retry:
            published += await self._publish(retry)
        if failure is not None:
            with contextlib.suppress(Exception):  # the database may be down too: the log says it
                await self._store.record_failures(at_fault)
            raise failure
        return published

    async def _dead_letter(self, poison: list[tuple[PendingEvent, BaseException]]) -> None:
        await self._store.dead_letter([(row, _describe(error)) for row, error in poison])
        self._inflight.difference_update(row.id for row, _ in poison)
        self.dead_lettered += len(poison)
        for row, error in poison:
            log.error(
                "outbox.dead_lettered",
                review_id=row.envelope.review_id,
                event_id=row.envelope.event_id,
                event_type=row.envelope.type,
                topic=row.topic,
                outbox_id=row.id,
                error=str(error)[:500],
                dead_lettered_total=self.dead_lettered,
            )

    def _remember_recovered(self, batch: list[PendingEvent]) -> None:
        # A commit whose rows the poll read before its hand-over arrived (a race of milliseconds).
        self._recovered.update((row.id, None) for row in batch)
        while len(self._recovered) > RECOVERED_MEMORY:
            self._recovered.popitem(last=False)

    def _mark_later(self, ids: list[int]) -> None:
        if ids and not self._unmarked:
            self._unmarked_since = asyncio.get_running_loop().time()
        self._unmarked.extend(ids)

    async def _flush_marks(self) -> None:
        if not self._unmarked:
            return
        ids = self._unmarked
        await self._store.mark_sent(ids)
        self._unmarked = []
        self._inflight.difference_update(ids)


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
