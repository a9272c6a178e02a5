"""The orchestrator's tables (SQLAlchemy declarative; the store uses them through Core statements).

Their history is in ``clauseflow_orchestrator/migrations``: a change here needs a revision there
(tests/unit/orchestrator/test_migrations.py compares the migrated schema with these models).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of the orchestrator's tables."""


class ReviewRow(Base):
    """One review's head: the state JSON without its clauses, redlines, checklist and plan.

    The parts that are large are kept out of it: clauses and redlines have a row each, the
    checklist has its own row, and the plan and its history are rebuilt from
    ``orchestrator_plan_versions``. ``version`` counts commits (optimistic concurrency).
    """

    __tablename__ = "orchestrator_reviews"
    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    status: Mapped[str] = mapped_column(String(32), index=True)
    state: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ClauseStateRow(Base):
    """One clause of a review (a :class:`ClauseRecord` as JSON), in the review's clause order."""

    __tablename__ = "orchestrator_clauses"
    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    clause_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)


class RedlineStateRow(Base):
    """One redline of a review (a :class:`RedlineRecord` as JSON), in the order it was proposed."""

    __tablename__ = "orchestrator_redlines"
    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    redline_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)


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


class OrchestratorDeadLetterRow(Base):
    """An outbox event that can never be published (e.g. over the event size limit).

    Its outbox row is marked sent, so it no longer blocks the rows behind it; the event stays
    here, with the reason, for an operator (the relay logs an error for each one).
    """

    __tablename__ = "orchestrator_outbox_dead_letters"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    outbox_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    event_id: Mapped[str] = mapped_column(String(128))
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    topic: Mapped[str] = mapped_column(String(128))
    key: Mapped[str] = mapped_column(String(256))
    envelope: Mapped[str] = mapped_column(Text)
    error: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
