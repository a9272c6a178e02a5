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

from collections.abc import Callable, Sequence
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
    """The read model's ``outbox`` table as the relay's store (one transaction per call).

    ``on_dead_lettered`` is told how many rows :meth:`pending` dead-lettered because they could
    not be read, so the relay counts them with the rows it dead-letters itself (one metric).
    """

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        on_dead_lettered: Callable[[int], None] | None = None,
    ) -> None:
        self._sessions = sessions
        self._on_dead_lettered = on_dead_lettered

    async def pending(
        self, limit: int = BATCH, *, after_id: int = 0, min_age_s: float | None = None
    ) -> list[PendingEvent]:
        """Unsent rows in the order written (the unreadable ones are dead-lettered on the way)."""
        while True:
            query = select(OutboxRow.id, OutboxRow.topic, OutboxRow.key, OutboxRow.event).where(
                OutboxRow.published_at.is_(None), OutboxRow.dead_at.is_(None), OutboxRow.id > after_id
            )
            if min_age_s is not None:
                query = query.where(OutboxRow.created_at <= utcnow() - timedelta(seconds=min_age_s))
            async with self._sessions() as session:
                rows = (await session.execute(query.order_by(OutboxRow.id).limit(limit))).all()
            readable: list[PendingEvent] = []
            unreadable: list[tuple[int, str]] = []
            for row in rows:
                try:
                    envelope = Envelope.from_bytes(row.event.encode())
                except InvalidEvent as exc:
                    # Not an event at all: no bus will ever take it (the same alert as the relay's).
                    unreadable.append((row.id, f"InvalidEvent: {exc}"))
                    log.error("outbox.dead_lettered", outbox_id=row.id, topic=row.topic, error=str(exc))
                    continue
                readable.append(PendingEvent(row.id, row.topic, row.key, envelope))
            if unreadable:
                moved = await self._dead_letter_rows(unreadable)
                if self._on_dead_lettered is not None:
                    self._on_dead_lettered(moved)
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
        """Move rows that can never be published to ``outbox_dead_letters`` (one transaction)."""
        await self._dead_letter_rows([(row.id, error) for row, error in rows])

    async def record_failures(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        """Count a failed attempt on each row and keep its error."""
        async with self._sessions() as session, session.begin():
            for row, error in rows:
                await session.execute(
                    update(OutboxRow)
                    .where(OutboxRow.id == row.id)
                    .values(attempts=OutboxRow.attempts + 1, last_error=error[:2000])
                )

    async def _dead_letter_rows(self, errors: Sequence[tuple[int, str]]) -> int:
        """Dead-letter the rows ``(outbox id, error)`` in one transaction; how many were moved now."""
        if not errors:
            return 0
        why = dict(errors)
        async with self._sessions() as session, session.begin():
            rows = (
                await session.scalars(
                    select(OutboxRow).where(OutboxRow.id.in_(list(why)), OutboxRow.dead_at.is_(None))
                )
            ).all()
            now = utcnow()
            for row in rows:  # a row another instance dead-lettered meanwhile is left as it is
                row.attempts += 1
                row.last_error = why[row.id][:2000]
                row.dead_at = now
                session.add(
                    OutboxDeadLetterRow(
                        outbox_id=row.id, topic=row.topic, key=row.key, event=row.event, error=row.last_error
                    )
                )
        return len(rows)


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
            GatewayOutbox(sessions, on_dead_lettered=self._count_unreadable),
            bus,
            interval_s=poll_s,
            min_age_s=0.0,
            publish_timeout_s=publish_timeout_s,
            name="gateway-outbox-relay",
        )

    def _count_unreadable(self, rows: int) -> None:
        """Rows the store dead-lettered because they could not be read count as the relay's own."""
        self.dead_lettered += rows

    async def relay_once(self) -> int:
        """Publish every unsent row now; returns how many left the outbox (published or dead-lettered)."""
        dead_before = self.dead_lettered
        published = await self.drain()
        return published + self.dead_lettered - dead_before
