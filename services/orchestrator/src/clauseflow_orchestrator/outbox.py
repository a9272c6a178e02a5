"""The outbox relay: publishes committed events to the bus, in commit order, and marks them sent.

A commit hands its outbox rows to the relay in memory, so publishing costs no database read;
the database is polled only to recover rows nobody handed over (after a crash, a failed
publish, or from another instance). Published rows are marked sent in batches.

At-least-once: a crash between publish and mark re-publishes the row on restart;
every consumer dedupes by event id (and the gateway by snapshot sequence).

Under load several snapshots (``ReviewUpdated``) of one review wait in the outbox at once;
they are coalesced: only the latest of them is published, carrying the clauses and redlines
of the partial snapshots it replaces (the gateway keeps the highest sequence anyway), and the
others are marked sent. Snapshots that carry a plan are always published, because that is
the only time a plan version travels. Every other event is published, in commit order.

A row that can never be published (the bus refuses it for what it is, e.g. over the event
size limit) is moved to the dead-letter table with an error log and counted in
``OutboxRelay.dead_lettered``; it never blocks the rows behind it. Any other failure (the bus
is down) stops the pass, and the rows are retried in order.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Sequence

from clauseflow_contracts.events import Envelope, ReviewUpdated
from clauseflow_platform.bus.base import EventBus
from clauseflow_platform.bus.poison import never_publishable
from clauseflow_platform.logging import get_logger

from clauseflow_orchestrator.snapshot import merge_snapshots
from clauseflow_orchestrator.store import OrchestratorStore, PendingEvent

log = get_logger(__name__)

# Published ids marked sent in one UPDATE at the latest once this many have gathered.
MARK_BATCH = 500
# The periodic recovery poll leaves younger rows alone: the instance that wrote them is
# publishing them (its fast path takes milliseconds), so taking them would only duplicate.
RECOVERY_MIN_AGE_S = 2.0
# Ids published by recovery that a late in-memory hand-over must not publish again.
RECOVERED_MEMORY = 10_000


def _is_plain_snapshot(row: PendingEvent) -> bool:
    # A snapshot by reference may hold a plan in its blob: it is never skipped either.
    payload = row.envelope.payload
    return (
        row.envelope.type == ReviewUpdated.TYPE
        and payload.get("plan") is None
        and not payload.get("detail_ref")
    )


def superseded_snapshots(batch: Sequence[PendingEvent]) -> set[int]:
    """Ids of snapshots without a plan that a later snapshot of the same review in ``batch`` replaces."""
    latest: dict[str, int] = {}
    for row in batch:
        if row.envelope.type == ReviewUpdated.TYPE:
            latest[row.envelope.review_id] = row.id
    return {row.id for row in batch if _is_plain_snapshot(row) and latest[row.envelope.review_id] != row.id}


def coalesce_snapshots(batch: Sequence[PendingEvent]) -> tuple[set[int], dict[int, Envelope]]:
    """Superseded snapshot ids, and the new envelopes of the snapshots that absorb them.

    A superseded partial snapshot's clauses and redlines are merged into the next snapshot of
    its review that is published, so nothing a delta said is lost by skipping it.
    """
    skipped = superseded_snapshots(batch)
    replaced: dict[int, Envelope] = {}
    if not skipped:
        return skipped, replaced
    # Only reviews with a skipped snapshot need their snapshots opened and merged.
    folding = {row.envelope.review_id for row in batch if row.id in skipped}
    carried: dict[str, ReviewUpdated] = {}  # per review: skipped snapshots not yet absorbed
    for row in batch:
        env = row.envelope
        if env.type != ReviewUpdated.TYPE or env.review_id not in folding:
            continue
        snapshot = env.open(ReviewUpdated)
        before = carried.pop(env.review_id, None)
        merged = snapshot if before is None else merge_snapshots(before, snapshot)
        if row.id in skipped:
            carried[env.review_id] = merged
        elif merged is not snapshot:
            replaced[row.id] = env.model_copy(update={"payload": merged.model_dump(mode="json")})
    return skipped, replaced


class OutboxRelay:
    """Publishes committed outbox rows: handed over in memory right after a commit, polled for recovery.

    Fast path: :meth:`enqueue` receives the rows a commit has just written; the relay task
    publishes them at once (the rows of one topic and key in outbox order, others concurrently)
    and marks them sent in batches, one UPDATE per ``mark_delay_s``. Recovery: rows nobody
    handed over (left by a crash, a failed publish, or written by another instance) are read
    from the database, oldest first, at start, after a failure, and every ``interval_s`` (then
    only rows older than ``interval_s``, so rows another live instance is about to publish are
    left to it). All relay work runs under one lock, so recovery and the fast path never
    publish one topic and key out of order.
    """

    def __init__(
        self,
        store: OrchestratorStore,
        bus: EventBus,
        *,
        interval_s: float = 2.0,
        mark_delay_s: float = 0.05,
        min_age_s: float = RECOVERY_MIN_AGE_S,
    ) -> None:
        self._store, self._bus, self._interval = store, bus, interval_s
        self._min_age = min_age_s
        self._mark_delay = mark_delay_s
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

    async def start(self) -> None:
        """Start publishing in the background."""
        self._task = asyncio.create_task(self._run(), name="orchestrator-outbox")

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
            except (
                Exception
            ) as exc:  # the bus or the database may be down for a while: retry from the database
                log.warning("outbox.publish_failed", error=str(exc))
                self._forget_unpublished()
                await asyncio.sleep(self._interval)

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
        skipped, replaced = coalesce_snapshots(batch)
        sending = [row for row in batch if row.id not in skipped]
        outcomes = await self._bus.publish_many(
            [(row.topic, row.key, replaced.get(row.id, row.envelope)) for row in sending]
        )
        failed = {row.id: error for row, error in zip(sending, outcomes, strict=True) if error is not None}
        # The first failure of a stream is the event at fault; the bus did not send the rest of the
        # stream after it (they carry its error) and they are retried like any unsent row.
        poison: list[tuple[PendingEvent, BaseException]] = []
        seen: set[tuple[str, str]] = set()
        for row in sending:
            if row.id in failed and (row.topic, row.key) not in seen:
                seen.add((row.topic, row.key))
                if never_publishable(failed[row.id]):
                    poison.append((row, failed.pop(row.id)))
        if poison:
            await self._dead_letter(poison)
        dead = {row.id for row, _ in poison}
        streams: dict[tuple[str, str], list[PendingEvent]] = {}
        for row in batch:
            streams.setdefault((row.topic, row.key), []).append(row)
        published, failure = 0, None
        for rows in streams.values():
            done: list[int] = []
            for row in rows:
                if row.id in dead:
                    continue  # marked sent with its dead letter
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
        if failure is not None:
            raise failure
        return published

    async def _dead_letter(self, poison: list[tuple[PendingEvent, BaseException]]) -> None:
        await self._store.dead_letter([(row, f"{type(error).__name__}: {error}") for row, error in poison])
        self._inflight.difference_update(row.id for row, _ in poison)
        self.dead_lettered += len(poison)
        for row, error in poison:
            log.error(
                "outbox.dead_lettered",
                review_id=row.envelope.review_id,
                event_id=row.envelope.event_id,
                event_type=row.envelope.type,
                topic=row.topic,
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
