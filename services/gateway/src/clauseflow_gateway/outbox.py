"""The outbox: events are written in the same transaction as the state that causes them, then relayed.

A client's 2xx therefore means "recorded and will be published". The relay is the platform's
(:mod:`clauseflow_platform.outbox`): after a commit the gateway kicks it, and it publishes the
unsent rows oldest first (each topic and key in order) and marks them sent; a crash between
publish and mark re-publishes on restart, which consumers tolerate (events carry
deterministic ids and handlers deduplicate).

A row that can never be published (unreadable, over the event size limit, refused by the
broker for its size) is moved to ``outbox_dead_letters`` (``outbox.dead_at`` set) with an
error log and counted in ``OutboxRelay.dead_lettered``: it never blocks the rows behind it.
Any other failure (the bus is down) is noted on the row (``attempts``, ``last_error``) and
the rows are retried, after a backoff.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from clauseflow_contracts.errors import InvalidEvent
from clauseflow_contracts.events import Envelope
from clauseflow_platform.bus import EventBus
from clauseflow_platform.logging import get_logger
from clauseflow_platform.outbox import OutboxRelay as Relay
from clauseflow_platform.outbox import PendingEvent
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import OutboxDeadLetterRow, OutboxRow, utcnow

log = get_logger(__name__)
BATCH = 100


def enqueue(session: AsyncSession, topic: str, key: str, event: Envelope) -> None:
    """Add an event to the outbox of the session's transaction (validated for size now, not later)."""
    session.add(OutboxRow(topic=topic, key=key, event=event.to_bytes().decode()))


class GatewayOutbox:
    """The read model's ``outbox`` table as the relay's store (one transaction per call)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def pending(
        self, limit: int = BATCH, *, after_id: int = 0, min_age_s: float | None = None
    ) -> list[PendingEvent]:
        """Unsent rows in the order written (an unreadable one is dead-lettered on the way)."""
        while True:
            query = select(OutboxRow.id, OutboxRow.topic, OutboxRow.key, OutboxRow.event).where(
                OutboxRow.published_at.is_(None), OutboxRow.dead_at.is_(None), OutboxRow.id > after_id
            )
            if min_age_s is not None:
                query = query.where(OutboxRow.created_at <= utcnow() - timedelta(seconds=min_age_s))
            async with self._sessions() as session:
                rows = (await session.execute(query.order_by(OutboxRow.id).limit(limit))).all()
            readable: list[PendingEvent] = []
            for row in rows:
                try:
                    envelope = Envelope.from_bytes(row.event.encode())
                except InvalidEvent as exc:
                    # Not an event at all: no bus will ever take it (the same alert as the relay's).
                    await self._dead_letter_one(row.id, f"InvalidEvent: {exc}")
                    log.error("outbox.dead_lettered", outbox_id=row.id, topic=row.topic, error=str(exc))
                    continue
                readable.append(PendingEvent(row.id, row.topic, row.key, envelope))
            if readable or not rows:
                return readable
            after_id = rows[-1].id  # a page of unreadable rows only: look further

    async def mark_sent(self, ids: Sequence[int]) -> None:
        """Mark rows as published."""
        async with self._sessions() as session, session.begin():
            await session.execute(
                update(OutboxRow).where(OutboxRow.id.in_(list(ids))).values(published_at=utcnow())
            )

    async def dead_letter(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        """Move rows that can never be published to ``outbox_dead_letters``."""
        for row, error in rows:
            await self._dead_letter_one(row.id, error)

    async def record_failures(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        """Count a failed attempt on each row and keep its error."""
        async with self._sessions() as session, session.begin():
            for row, error in rows:
                await session.execute(
                    update(OutboxRow)
                    .where(OutboxRow.id == row.id)
                    .values(attempts=OutboxRow.attempts + 1, last_error=error[:2000])
                )

    async def _dead_letter_one(self, outbox_id: int, error: str) -> None:
        async with self._sessions() as session, session.begin():
            row = await session.get(OutboxRow, outbox_id)
            if row is None or row.dead_at is not None:
                return
            row.attempts += 1
            row.last_error = error[:2000]
            row.dead_at = utcnow()
            session.add(
                OutboxDeadLetterRow(
                    outbox_id=row.id, topic=row.topic, key=row.key, event=row.event, error=row.last_error
                )
            )


class OutboxRelay(Relay):
    """The platform's outbox relay on the read model's outbox; kicked after each commit."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        bus: EventBus,
        *,
        poll_s: float = 1.0,
        publish_timeout_s: float = 15.0,
    ) -> None:
        # Every poll looks at every unsent row (min age 0): the gateway's commits hand no rows over.
        super().__init__(
            GatewayOutbox(sessions),
            bus,
            interval_s=poll_s,
            min_age_s=0.0,
            publish_timeout_s=publish_timeout_s,
            name="gateway-outbox-relay",
        )

    async def relay_once(self) -> int:
        """Publish every unsent row now; returns how many left the outbox (published or dead-lettered)."""
        dead_before = self.dead_lettered
        published = await self.drain()
        return published + self.dead_lettered - dead_before
