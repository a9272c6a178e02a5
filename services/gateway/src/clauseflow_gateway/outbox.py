"""The outbox: events are written in the same transaction as the state that causes them, then relayed.

A client's 2xx therefore means "recorded and will be published". The relay
publishes rows in insertion order and marks them sent; a crash between publish
and mark re-publishes on restart, which consumers tolerate (events carry
deterministic ids and handlers deduplicate).

A row that can never be published (unparseable, over the event size limit, refused by the
broker for its size) is moved to ``outbox_dead_letters`` with an error log and counted in
``OutboxRelay.dead_lettered``: it never blocks the rows behind it. Any other failure (the bus
is down) stops the pass; the rows are retried in order.
"""

from __future__ import annotations

import asyncio
import contextlib

from clauseflow_contracts.events import Envelope
from clauseflow_platform.bus import EventBus
from clauseflow_platform.bus.poison import never_publishable
from clauseflow_platform.logging import get_logger
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import OutboxDeadLetterRow, OutboxRow, utcnow

log = get_logger(__name__)
BATCH = 100


def enqueue(session: AsyncSession, topic: str, key: str, event: Envelope) -> None:
    """Add an event to the outbox of the session's transaction (validated for size now, not later)."""
    session.add(OutboxRow(topic=topic, key=key, event=event.to_bytes().decode()))


class OutboxRelay:
    """Publishes outbox rows; woken by :meth:`kick` after a commit and by a periodic timer."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        bus: EventBus,
        *,
        poll_s: float = 1.0,
        publish_timeout_s: float = 15.0,
    ) -> None:
        self._sessions = sessions
        self._bus = bus
        self._poll_s = poll_s
        self._publish_timeout_s = publish_timeout_s
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        # Rows moved to the dead-letter table by this relay (a metric an operator alerts on).
        self.dead_lettered = 0

    def kick(self) -> None:
        """Ask the relay to publish now (called after a transaction with outbox rows commits)."""
        self._wake.set()

    async def start(self) -> None:
        """Begin relaying in the background."""
        self._task = asyncio.create_task(self._run(), name="gateway-outbox-relay")

    async def stop(self) -> None:
        """Stop relaying after one last flush attempt."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.relay_once(), timeout=self._publish_timeout_s)

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self._poll_s)
            self._wake.clear()
            try:
                await self.relay_once()
            except Exception as exc:  # keep relaying: the rows stay in the outbox and are retried
                log.warning("outbox.relay_failed", error=str(exc))

    async def relay_once(self) -> int:
        """Publish every pending row in order, stopping at the first failure; returns how many were sent."""
        async with self._lock:
            sent = 0
            while True:
                async with self._sessions() as session:
                    rows = (
                        await session.scalars(
                            select(OutboxRow)
                            .where(OutboxRow.published_at.is_(None), OutboxRow.dead_at.is_(None))
                            .order_by(OutboxRow.id)
                            .limit(BATCH)
                        )
                    ).all()
                    if not rows:
                        return sent
                    for row in rows:
                        if not await self._publish(session, row):
                            return sent
                        sent += 1

    async def _publish(self, session: AsyncSession, row: OutboxRow) -> bool:
        try:
            event = Envelope.from_bytes(row.event.encode())
            await asyncio.wait_for(
                self._bus.publish(row.topic, row.key, event), timeout=self._publish_timeout_s
            )
        except Exception as exc:
            row.attempts += 1
            row.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            if never_publishable(exc):
                self._dead_letter(session, row)
                await session.commit()
                return True  # out of the way: the rows behind it go on
            await session.commit()
            log.warning("outbox.publish_failed", topic=row.topic, outbox_id=row.id, error=str(exc))
            return False
        row.published_at = utcnow()
        await session.commit()
        return True

    def _dead_letter(self, session: AsyncSession, row: OutboxRow) -> None:
        row.dead_at = utcnow()
        session.add(
            OutboxDeadLetterRow(
                outbox_id=row.id, topic=row.topic, key=row.key, event=row.event, error=row.last_error
            )
        )
        self.dead_lettered += 1
        log.error(
            "outbox.dead_lettered",
            topic=row.topic,
            outbox_id=row.id,
            error=row.last_error[:500],
            dead_lettered_total=self.dead_lettered,
        )

    async def pending(self) -> int:
        """How many events wait to be published (for readiness and tests)."""
        async with self._sessions() as session:
            rows = await session.scalars(
                select(OutboxRow.id).where(OutboxRow.published_at.is_(None), OutboxRow.dead_at.is_(None))
            )
            return len(rows.all())
