"""What an operator must be told about: events that can never be published, clauses not reviewed.

A dead-lettered outbox row is an event the rest of the system never saw (a decision, a retry
request); a ``failed`` clause is a part of a contract nobody reviewed yet. Both are logged when
they happen, but a log line scrolls away: :func:`ops_health` counts them from the database, so
``GET /v1/ops/health`` shows them until someone acts (the clauses are retried, the dead letters
handled), and a monitor can alert on its ``status``. The orchestrator's dead letters live in its
own database; it reports each one with an ``event.dead_lettered`` event, which the projector keeps
(``reported_dead_letters``) and this counts beside the gateway's own.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import (
    ClauseRow,
    OutboxDeadLetterRow,
    OutboxRow,
    ReportedDeadLetterRow,
    ReviewRow,
    utcnow,
)

# Unsent outbox rows older than this mean the relay is stuck (the broker is down, or a bug).
STALE_OUTBOX_S = 300.0


class OutboxHealthPublic(BaseModel):
    """The gateway's outbox: what waits to be published and what never will be."""

    pending: int = Field(description="events written but not yet published")
    oldest_pending_s: float | None = Field(description="age of the oldest of them, in seconds")
    dead_lettered: int = Field(description="events that can never be published (kept for an operator)")
    last_dead_letter_at: datetime | None = None
    last_dead_letter_error: str = ""


class ReportedDeadLettersPublic(BaseModel):
    """Events another service (the orchestrator) could never publish, as it reported them."""

    dead_lettered: int = Field(description="events dead-lettered in that service's own database")
    last_dead_letter_at: datetime | None = None
    last_dead_letter_error: str = ""
    last_dead_letter_event: str = Field(
        default="", description="the type of the last one, e.g. review.updated"
    )


class ReviewsHealthPublic(BaseModel):
    """Reviews of the caller's tenant (every tenant's for the operator) that did not end well."""

    incomplete: int = Field(description="reviews that ended with clauses not reviewed")
    failed: int = Field(description="reviews that failed (the contract could not be read)")
    failed_clauses: int = Field(description="clauses not reviewed (the model or a skill was unavailable)")
    failed_clause_reviews: list[str] = Field(description="the reviews those clauses belong to (at most 20)")


class OpsHealthPublic(BaseModel):
    """``alert`` when anything needs a person; ``alerts`` says what, one sentence each."""

    status: Literal["ok", "alert"]
    alerts: list[str]
    outbox: OutboxHealthPublic
    orchestrator: ReportedDeadLettersPublic
    reviews: ReviewsHealthPublic


async def ops_health(sessions: async_sessionmaker[AsyncSession], tenant: str | None) -> OpsHealthPublic:
    """Count the dead letters and failed clauses; ``tenant=None`` (the operator) counts every tenant's."""
    async with sessions() as session:
        outbox = await _outbox(session)
        orchestrator = await _reported(session, "orchestrator", tenant)
        reviews = await _reviews(session, tenant)
    alerts = _alerts(outbox, reviews)
    if orchestrator.dead_lettered:
        alerts.insert(
            1 if outbox.dead_lettered else 0,
            f"{orchestrator.dead_lettered} orchestrator event(s) could never be published and were "
            f"dead-lettered (its table orchestrator_outbox_dead_letters; last: "
            f"{orchestrator.last_dead_letter_error[:200]})",
        )
    return OpsHealthPublic(
        status="alert" if alerts else "ok",
        alerts=alerts,
        outbox=outbox,
        orchestrator=orchestrator,
        reviews=reviews,
    )


async def _reported(session: AsyncSession, service: str, tenant: str | None) -> ReportedDeadLettersPublic:
    """The dead letters ``service`` reported, of the tenant's reviews (every tenant's for the operator)."""
    scope = [ReportedDeadLetterRow.service == service]
    if tenant is not None:
        scope.append(ReportedDeadLetterRow.tenant == tenant)
    count = int(
        await session.scalar(select(func.count()).select_from(ReportedDeadLetterRow).where(*scope)) or 0
    )
    last = (
        await session.execute(
            select(
                ReportedDeadLetterRow.created_at,
                ReportedDeadLetterRow.error,
                ReportedDeadLetterRow.event_type,
            )
            .where(*scope)
            .order_by(ReportedDeadLetterRow.id.desc())
            .limit(1)
        )
    ).first()
    return ReportedDeadLettersPublic(
        dead_lettered=count,
        last_dead_letter_at=last[0] if last else None,
        last_dead_letter_error=last[1][:500] if last else "",
        last_dead_letter_event=last[2] if last else "",
    )


async def _outbox(session: AsyncSession) -> OutboxHealthPublic:
    unsent = (OutboxRow.published_at.is_(None), OutboxRow.dead_at.is_(None))
    # One statement, so one snapshot: the relay dead-letters a row (marks it dead, records why) in one
    # transaction, and two separate reads could count that row both as pending and as dead-lettered.
    dead_lettered = select(func.count()).select_from(OutboxDeadLetterRow).scalar_subquery()
    pending, oldest, dead = (
        await session.execute(
            select(func.count(), func.min(OutboxRow.created_at), dead_lettered).where(*unsent)
        )
    ).one()
    last = (
        await session.execute(
            select(OutboxDeadLetterRow.created_at, OutboxDeadLetterRow.error)
            .order_by(OutboxDeadLetterRow.id.desc())
            .limit(1)
        )
    ).first()
    return OutboxHealthPublic(
        pending=int(pending),
        oldest_pending_s=round((utcnow() - oldest).total_seconds(), 1) if oldest is not None else None,
        dead_lettered=int(dead or 0),
        last_dead_letter_at=last[0] if last else None,
        last_dead_letter_error=last[1][:500] if last else "",
    )


def _of_tenant(query: Select[int], tenant: str | None) -> Select[int]:
    return query if tenant is None else query.where(ReviewRow.tenant == tenant)


async def _reviews(session: AsyncSession, tenant: str | None) -> ReviewsHealthPublic:
    async def reviews_in(status: str) -> int:
        query = _of_tenant(
            select(func.count()).select_from(ReviewRow).where(ReviewRow.status == status), tenant
        )
        return int(await session.scalar(query) or 0)

    failed_clauses = _of_tenant(
        select(func.count())
        .select_from(ClauseRow)
        .join(ReviewRow, ReviewRow.id == ClauseRow.review_id)
        .where(ClauseRow.state == "failed"),
        tenant,
    )
    holders = select(ClauseRow.review_id).join(ReviewRow, ReviewRow.id == ClauseRow.review_id)
    holders = holders.where(ClauseRow.state == "failed").distinct().order_by(ClauseRow.review_id).limit(20)
    if tenant is not None:
        holders = holders.where(ReviewRow.tenant == tenant)
    return ReviewsHealthPublic(
        incomplete=await reviews_in("incomplete"),
        failed=await reviews_in("failed"),
        failed_clauses=int(await session.scalar(failed_clauses) or 0),
        failed_clause_reviews=list((await session.scalars(holders)).all()),
    )


def _alerts(outbox: OutboxHealthPublic, reviews: ReviewsHealthPublic) -> list[str]:
    alerts = []
    if outbox.dead_lettered:
        alerts.append(
            f"{outbox.dead_lettered} event(s) could never be published and were dead-lettered "
            f"(table outbox_dead_letters; last: {outbox.last_dead_letter_error[:200]})"
        )
    if outbox.oldest_pending_s is not None and outbox.oldest_pending_s > STALE_OUTBOX_S:
        alerts.append(
            f"{outbox.pending} event(s) wait to be published, the oldest for {outbox.oldest_pending_s:.0f}s "
            "(is the broker reachable?)"
        )
    if reviews.failed_clauses:
        alerts.append(
            f"{reviews.failed_clauses} clause(s) of {len(reviews.failed_clause_reviews)} review(s) could not "
            "be reviewed: retry them once the model is back (POST /v1/reviews/{id}/retry)"
        )
    return alerts
