"""The outbox relay: publishes committed events to the bus, in commit order, and marks them sent.

At-least-once: a crash between publish and mark re-publishes the row on restart;
every consumer dedupes by event id (and the gateway by snapshot sequence).

Under load several snapshots (``ReviewUpdated``) of one review wait in the outbox at once;
they are coalesced: only the latest of them is published, carrying the clauses and redlines
of the partial snapshots it replaces (the gateway keeps the highest sequence anyway), and the
others are marked sent. Snapshots that carry a plan are always published, because that is
the only time a plan version travels. Every other event is published, in commit order.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from clauseflow_shared.bus.base import EventBus
from clauseflow_shared.events import Envelope, ReviewUpdated
from clauseflow_shared.logging import get_logger

from clauseflow_orchestrator.snapshot import merge_snapshots
from clauseflow_orchestrator.store import OrchestratorStore, PendingEvent

log = get_logger(__name__)


def _is_plain_snapshot(row: PendingEvent) -> bool:
    return row.envelope.type == ReviewUpdated.TYPE and row.envelope.payload.get("plan") is None


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
    carried: dict[str, ReviewUpdated] = {}  # per review: skipped snapshots not yet absorbed
    for row in batch:
        env = row.envelope
        if env.type != ReviewUpdated.TYPE:
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
    """A background task draining the outbox; ``notify()`` wakes it right after a commit."""

    def __init__(self, store: OrchestratorStore, bus: EventBus, *, interval_s: float = 0.5) -> None:
        self._store, self._bus, self._interval = store, bus, interval_s
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def notify(self) -> None:
        """There is something new to publish."""
        self._wake.set()

    async def start(self) -> None:
        """Start draining in the background."""
        self._task = asyncio.create_task(self._run(), name="orchestrator-outbox")

    async def stop(self) -> None:
        """Publish what is pending (best effort), then stop."""
        if self._task is None:
            return
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None
        with contextlib.suppress(Exception):
            await self.drain()

    async def drain(self) -> int:
        """Publish every pending row now, skipping superseded snapshots; returns how many were published."""
        published = 0
        while batch := await self._store.pending():
            skipped, replaced = coalesce_snapshots(batch)
            sent: list[int] = []
            try:
                for row in batch:
                    if row.id not in skipped:
                        await self._bus.publish(row.topic, row.key, replaced.get(row.id, row.envelope))
                        published += 1
                    sent.append(row.id)
            finally:
                # Rows published before a failure are marked, so they are not sent twice.
                await self._store.mark_sent(sent)
        return published

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self._interval)
            self._wake.clear()
            try:
                await self.drain()
            except Exception as exc:  # the bus may be down for a while; keep the rows and retry
                log.warning("outbox_publish_failed", error=str(exc))
                await asyncio.sleep(self._interval)
