"""Read-model tables: reviews, clauses, risks, redlines, plan versions, decisions and the outbox.

The gateway owns these tables. Rows derived from events are keyed by the
events' deterministic ids so a replayed event upserts instead of duplicating.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from clauseflow_contracts.tenants import LOCAL_TENANT
from sqlalchemy import JSON, DateTime, Dialect, Integer, String, Text, TypeDecorator, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """Timezone-aware now, for timestamps."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Timestamps stored in UTC and always read back timezone-aware (SQLite drops the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    """Declarative base of the gateway's tables."""


class ReviewRow(Base):
    """One review as the gateway knows it: what was asked and the latest orchestrator snapshot."""

    __tablename__ = "reviews"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # The tenant that submitted it; every read and decision is scoped to it.
    tenant: Mapped[str] = mapped_column(
        String(64), default=LOCAL_TENANT, server_default=LOCAL_TENANT, index=True
    )
    status: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(Text, default="")
    filename: Mapped[str] = mapped_column(Text, default="")
    our_party: Mapped[str] = mapped_column(String(200))
    language: Mapped[str] = mapped_column(String(16))
    domain: Mapped[str] = mapped_column(String(16))
    domain_detected: Mapped[bool] = mapped_column(default=False)
    documents: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    sequence: Mapped[int] = mapped_column(Integer, default=0)
    plan_version: Mapped[int] = mapped_column(Integer, default=0)
    summary: Mapped[str] = mapped_column(Text, default="")
    failure_reason: Mapped[str] = mapped_column(Text, default="")
    usage: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ClauseRow(Base):
    """A reviewed clause: its place in the lifecycle and what kind of clause it is."""

    __tablename__ = "clauses"

    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    clause_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, default=1_000_000)
    title: Mapped[str] = mapped_column(Text, default="")
    depth: Mapped[str] = mapped_column(String(16), default="standard")
    state: Mapped[str] = mapped_column(String(32), default="planned")
    clause_types: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Why a ``failed`` clause could not be reviewed (empty otherwise).
    error: Mapped[str] = mapped_column(Text, default="", server_default="")


class RiskRow(Base):
    """A risk found by a worker (id derived from review, clause, attempt and index)."""

    __tablename__ = "risks"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    clause_id: Mapped[str] = mapped_column(String(128))
    attempt: Mapped[int] = mapped_column(Integer, default=0)
    position: Mapped[int] = mapped_column(Integer, default=0)
    risk_type: Mapped[str] = mapped_column(String(128))
    risk_level: Mapped[str] = mapped_column(String(16))
    description: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")
    analysis: Mapped[str] = mapped_column(Text, default="")
    original_text: Mapped[str] = mapped_column(Text, default="")


class RedlineRow(Base):
    """A proposed change; its status follows the orchestrator's snapshots and local decisions."""

    __tablename__ = "redlines"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    clause_id: Mapped[str] = mapped_column(String(128))
    risk_id: Mapped[str] = mapped_column(String(64), default="")
    action_type: Mapped[str] = mapped_column(String(16), default="replace")
    original_text: Mapped[str] = mapped_column(Text, default="")
    proposed_text: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(16), default="pending")
    round: Mapped[int] = mapped_column(Integer, default=0)
    position: Mapped[int] = mapped_column(Integer, default=0)
    final_text: Mapped[str | None] = mapped_column(Text, nullable=True)
    decided_by: Mapped[str] = mapped_column(String(200), default="")
    decision_request_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    drafted: Mapped[bool] = mapped_column(default=True, doc="False while only a snapshot has mentioned it")
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class PlanVersionRow(Base):
    """One version of a review's plan, with the orchestrator's rationale."""

    __tablename__ = "plan_versions"

    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    plan_version: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(16), default="default")
    rationale: Mapped[str] = mapped_column(Text, default="")
    plan: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DecisionRequestRow(Base):
    """One accepted decisions request, with its answer so an idempotent repeat returns it verbatim."""

    __tablename__ = "decision_requests"
    __table_args__ = (UniqueConstraint("review_id", "idempotency_key", name="uq_decision_idempotency"),)

    request_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    idempotency_key: Mapped[str | None] = mapped_column(String(272), nullable=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    decided_by: Mapped[str] = mapped_column(String(200))
    # The API key that decided (``decided_by`` is its label); "" for decisions from before keys.
    decided_by_key_id: Mapped[str] = mapped_column(String(64), default="", server_default="")
    decided_at: Mapped[datetime] = mapped_column(UTCDateTime())
    response: Mapped[dict[str, Any]] = mapped_column(JSON)


class DecisionRow(Base):
    """The audit trail: who decided what about which redline, when, in which request."""

    __tablename__ = "decisions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    request_id: Mapped[str] = mapped_column(String(64), index=True)
    redline_id: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(16))
    feedback: Mapped[str] = mapped_column(Text, default="")
    text: Mapped[str] = mapped_column(Text, default="")
    decided_by: Mapped[str] = mapped_column(String(200))
    # The API key that decided (``decided_by`` is its label); "" for decisions from before keys.
    decided_by_key_id: Mapped[str] = mapped_column(String(64), default="", server_default="")
    decided_at: Mapped[datetime] = mapped_column(UTCDateTime())


class AppliedTaskRow(Base):
    """Clause tasks whose result the read model has applied: a redelivered task changes nothing.

    The orchestrator keeps the first result of a task and ignores later ones; both read
    ``clause.results`` in the same partition order, so keeping the first here too makes the read
    model show the orchestrator's decision (one truth per task).
    """

    __tablename__ = "applied_tasks"

    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    task_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    clause_id: Mapped[str] = mapped_column(String(128))


class OutboxRow(Base):
    """An event written with the state change that caused it; the relay publishes it afterwards."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    topic: Mapped[str] = mapped_column(String(128))
    key: Mapped[str] = mapped_column(String(200))
    event: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    published_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str] = mapped_column(Text, default="")
    # Set when the row can never be published (e.g. over the event size limit): it was moved to
    # ``outbox_dead_letters`` and no longer blocks the rows behind it.
    dead_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class OutboxDeadLetterRow(Base):
    """An outbox event that can never be published, kept for an operator (and alerted on)."""

    __tablename__ = "outbox_dead_letters"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    outbox_id: Mapped[int] = mapped_column(Integer, index=True)
    topic: Mapped[str] = mapped_column(String(128))
    key: Mapped[str] = mapped_column(String(200))
    event: Mapped[str] = mapped_column(Text)
    error: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ReportedDeadLetterRow(Base):
    """An event another service (the orchestrator) dead-lettered in its own database, as it reported it.

    The gateway does not read other services' databases: each reports its dead letters with an
    ``event.dead_lettered`` event, kept here so ``GET /v1/ops/health`` shows them.
    """

    __tablename__ = "reported_dead_letters"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    service: Mapped[str] = mapped_column(String(64))
    event_id: Mapped[str] = mapped_column(String(200), unique=True)  # the dead event's: reported once
    review_id: Mapped[str] = mapped_column(String(64), index=True)
    tenant: Mapped[str] = mapped_column(String(64), default=LOCAL_TENANT)
    event_type: Mapped[str] = mapped_column(String(64), default="")
    topic: Mapped[str] = mapped_column(String(128), default="")
    error: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class SubmissionRow(Base):
    """How a review was submitted: its idempotency key and fingerprint, the answer, the intake warnings.

    A retried upload with the same ``Idempotency-Key`` is answered from ``response`` instead of
    creating a second review; ``warnings`` (an encoding that had to be guessed, say) reach the report.
    """

    __tablename__ = "submissions"

    review_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    idempotency_key: Mapped[str | None] = mapped_column(String(272), nullable=True, unique=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    warnings: Mapped[list[str]] = mapped_column(JSON, default=list)
    response: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ApiKeyRow(Base):
    """An API key: only the SHA-256 of its token is kept; the token itself is shown once."""

    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    tenant: Mapped[str] = mapped_column(String(64), index=True)
    roles: Mapped[list[str]] = mapped_column(JSON, default=list)
    label: Mapped[str] = mapped_column(String(200), default="")
    token_sha256: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    created_by: Mapped[str] = mapped_column(String(64), default="")
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
