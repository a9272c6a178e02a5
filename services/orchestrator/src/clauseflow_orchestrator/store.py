"""Durable orchestrator state: reviews, processed event ids, plan versions and the outbox.

SQLAlchemy 2 async; SQLite by default, PostgreSQL by URL. The new review state, the
input event's id and the events to publish are written in ONE transaction, so after a
crash either all of an event's effects exist or none do, and a replayed event is
recognised. The outbox relay publishes the rows afterwards (at-least-once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clauseflow_shared.events import Envelope
from clauseflow_shared.review import ChecklistItem
from pydantic import TypeAdapter
from sqlalchemy import DateTime, Integer, String, Text, event, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from clauseflow_orchestrator.core_types import Outgoing
from clauseflow_orchestrator.state import PlanVersion, ReviewState


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of the orchestrator's tables."""


class ReviewRow(Base):
    """One review's state as JSON, read and written whole on every event.

    The parts that are large and change rarely are kept out of it: the checklist has its
    own row, and the plan and its history are rebuilt from ``orchestrator_plan_versions``.
    """

    __tablename__ = "orchestrator_reviews"
    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    status: Mapped[str] = mapped_column(String(32), index=True)
    state: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ChecklistRow(Base):
    """A review's checklist, written once when the review starts (it never changes)."""

    __tablename__ = "orchestrator_checklists"
    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    checklist: Mapped[str] = mapped_column(Text)


class ProcessedEventRow(Base):
    """Input events already applied (dedup across redeliveries and restarts)."""

    __tablename__ = "orchestrator_processed_events"
    event_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    processed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class PlanVersionRow(Base):
    """Every version of every review's plan with the rationale for it."""

    __tablename__ = "orchestrator_plan_versions"
    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    trigger: Mapped[str] = mapped_column(String(64))
    rationale: Mapped[str] = mapped_column(Text)
    plan: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class OutboxRow(Base):
    """An event to publish; ``sent_at`` is set once the bus has accepted it."""

    __tablename__ = "orchestrator_outbox"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(String(128), unique=True)
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    topic: Mapped[str] = mapped_column(String(128))
    key: Mapped[str] = mapped_column(String(256))
    envelope: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)


def _sqlite_pragmas(dbapi_connection: Any, _: object) -> None:
    # WAL + synchronous=NORMAL: a commit is atomic and survives a killed process (kill -9);
    # only an OS crash or power loss may lose the last commits, never corrupt the database.
    # Full fsync on every event was the orchestrator's largest cost on a big review.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


_CHECKLIST = TypeAdapter(list[ChecklistItem])

# Parts of the state stored elsewhere (see ReviewRow).
_SEPARATE = {"checklist", "plan", "plan_history"}


@dataclass(frozen=True)
class PendingEvent:
    """An outbox row waiting to be published."""

    id: int
    topic: str
    key: str
    envelope: Envelope


class OrchestratorStore:
    """The orchestrator's database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: AsyncEngine | None = None
        self._sessions: async_sessionmaker | None = None

    async def start(self) -> None:
        """Connect and create missing tables (SQLite: the file's directory too, WAL mode)."""
        parsed = make_url(self.url)
        kwargs: dict = {}
        if parsed.get_backend_name() == "sqlite":
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": 30}
        self._engine = create_async_engine(self.url, **kwargs)
        if parsed.get_backend_name() == "sqlite":
            event.listen(self._engine.sync_engine, "connect", _sqlite_pragmas)
        self._sessions = async_sessionmaker(self._engine, expire_on_commit=False)
        async with self._engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)

    async def stop(self) -> None:
        """Close every connection."""
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None

    def _session(self) -> async_sessionmaker:
        if self._sessions is None:
            raise RuntimeError("OrchestratorStore.start() was not called")
        return self._sessions

    async def load(self, review_id: str) -> ReviewState | None:
        """The stored state of a review, or None."""
        async with self._session()() as session:
            row = await session.get(ReviewRow, review_id)
            if row is None:
                return None
            state = ReviewState.model_validate_json(row.state)
            history = await self._plan_history(session, review_id)
            if history:  # states written before the plan moved out carry it inline
                state.plan_history, state.plan = history, history[-1].plan
            checklist = await session.get(ChecklistRow, review_id)
            if checklist is not None:
                state.checklist = _CHECKLIST.validate_json(checklist.checklist)
            return state

    async def is_processed(self, event_id: str) -> bool:
        """Whether an input event has already been applied."""
        async with self._session()() as session:
            return await session.get(ProcessedEventRow, event_id) is not None

    async def commit(
        self, event_id: str, review_id: str, state: ReviewState | None, outgoing: Sequence[Outgoing]
    ) -> None:
        """Record the event as processed, the new state, new plan versions and the outbox, atomically."""
        async with self._session().begin() as session:
            session.add(ProcessedEventRow(event_id=event_id, review_id=review_id))
            if state is not None:
                await self._save_state(session, state)
            for out in outgoing:
                session.add(
                    OutboxRow(
                        event_id=out.envelope.event_id,
                        review_id=review_id,
                        topic=out.topic,
                        key=out.key,
                        envelope=out.envelope.model_dump_json(),
                    )
                )

    async def _save_state(self, session: AsyncSession, state: ReviewState) -> None:
        row = await session.get(ReviewRow, state.review_id)
        payload = state.model_dump_json(exclude=_SEPARATE)
        if row is None:
            session.add(ReviewRow(review_id=state.review_id, status=state.status.value, state=payload))
        else:
            row.status, row.state, row.updated_at = state.status.value, payload, _now()
        if state.checklist and await session.get(ChecklistRow, state.review_id) is None:
            session.add(
                ChecklistRow(
                    review_id=state.review_id, checklist=_CHECKLIST.dump_json(state.checklist).decode()
                )
            )
        stored = set(
            (
                await session.execute(
                    select(PlanVersionRow.version).where(PlanVersionRow.review_id == state.review_id)
                )
            ).scalars()
        )
        for pv in state.plan_history:
            if pv.plan.plan_version not in stored:
                session.add(
                    PlanVersionRow(
                        review_id=state.review_id,
                        version=pv.plan.plan_version,
                        trigger=pv.trigger,
                        rationale=pv.rationale,
                        plan=pv.model_dump_json(),
                    )
                )

    async def plan_versions(self, review_id: str) -> list[PlanVersion]:
        """Every plan version of a review, oldest first."""
        async with self._session()() as session:
            return await self._plan_history(session, review_id)

    @staticmethod
    async def _plan_history(session: AsyncSession, review_id: str) -> list[PlanVersion]:
        rows = await session.execute(
            select(PlanVersionRow.plan)
            .where(PlanVersionRow.review_id == review_id)
            .order_by(PlanVersionRow.version)
        )
        return [PlanVersion.model_validate_json(p) for p in rows.scalars()]

    async def reviews_with_status(self, status: str) -> list[str]:
        """Ids of reviews in a status (used to resume interrupted summaries at start)."""
        async with self._session()() as session:
            rows = await session.execute(select(ReviewRow.review_id).where(ReviewRow.status == status))
            return list(rows.scalars())

    async def pending(self, limit: int = 200) -> list[PendingEvent]:
        """Unsent outbox rows in the order they were written."""
        async with self._session()() as session:
            rows = await session.execute(
                select(OutboxRow).where(OutboxRow.sent_at.is_(None)).order_by(OutboxRow.id).limit(limit)
            )
            return [
                PendingEvent(r.id, r.topic, r.key, Envelope.model_validate_json(r.envelope))
                for r in rows.scalars()
            ]

    async def mark_sent(self, ids: Sequence[int]) -> None:
        """Mark outbox rows as published."""
        if not ids:
            return
        async with self._session().begin() as session:
            await session.execute(update(OutboxRow).where(OutboxRow.id.in_(list(ids))).values(sent_at=_now()))
