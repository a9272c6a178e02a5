"""Queries over the read model: the views the API serves and the snapshot reports are built from."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clauseflow_contracts.errors import NotFound
from clauseflow_contracts.review import ClauseState, Risk
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import (
    ClauseRow,
    DecisionRow,
    PlanVersionRow,
    RedlineRow,
    ReviewRow,
    RiskRow,
    SubmissionRow,
    utcnow,
)
from clauseflow_gateway.report import ClauseSnapshot, RedlineSnapshot, ReviewSnapshot
from clauseflow_gateway.report_model import SourceFile
from clauseflow_gateway.report_order import document_order_key
from clauseflow_gateway.schemas import (
    ClausePublic,
    DecisionPublic,
    Links,
    PlanPublic,
    PlanVersionPublic,
    ProgressPublic,
    RedlinePublic,
    ReviewPublic,
    RiskPublic,
)

SETTLED = {ClauseState.SETTLED.value}
ANALYZED = {ClauseState.ANALYZED.value, ClauseState.AWAITING_APPROVAL.value, ClauseState.REDRAFTING.value}
LEVEL_ORDER = {"high": 0, "medium": 1, "low": 2}


async def get_review(session: AsyncSession, review_id: str) -> ReviewRow:
    """The review row; :class:`NotFound` naming the id otherwise."""
    review = await session.get(ReviewRow, review_id)
    if review is None:
        raise NotFound(f"review {review_id!r} does not exist")
    return review


async def _clauses(session: AsyncSession, review_id: str) -> list[ClauseRow]:
    """The review's clauses in document order (the plan's order is the order of review, not of reading)."""
    stmt = select(ClauseRow).where(ClauseRow.review_id == review_id).order_by(ClauseRow.position)
    rows = (await session.scalars(stmt)).all()
    return sorted(rows, key=lambda c: document_order_key(c.clause_id))


def _clause_order(clauses: Sequence[ClauseRow]) -> dict[str, int]:
    return {c.clause_id: i for i, c in enumerate(clauses)}


async def _risks(session: AsyncSession, review_id: str, order: dict[str, int]) -> list[RiskRow]:
    """Risks in document order of the clause they are cited at (a sub-clause sorts with its clause)."""
    rows = (await session.scalars(select(RiskRow).where(RiskRow.review_id == review_id))).all()
    return sorted(rows, key=lambda r: (document_order_key(r.clause_id), r.attempt, r.position, r.id))


async def _redlines(session: AsyncSession, review_id: str, order: dict[str, int]) -> list[RedlineRow]:
    """Redlines in document order of their clause, then by round and position."""
    rows = (await session.scalars(select(RedlineRow).where(RedlineRow.review_id == review_id))).all()
    return sorted(rows, key=lambda r: (document_order_key(r.clause_id), r.round, r.position, r.id))


def clause_public(row: ClauseRow) -> ClausePublic:
    """API view of a clause."""
    return ClausePublic(
        clause_id=row.clause_id,
        title=row.title,
        depth=row.depth,
        state=row.state,
        clause_types=list(row.clause_types or []),
        error=row.error or "",
    )


def risk_public(row: RiskRow) -> RiskPublic:
    """API view of a risk."""
    return RiskPublic(
        id=row.id,
        clause_id=row.clause_id,
        risk_type=row.risk_type,
        risk_level=row.risk_level,
        description=row.description,
        reason=row.reason,
        analysis=row.analysis,
        original_text=row.original_text,
    )


def redline_public(row: RedlineRow) -> RedlinePublic:
    """API view of a redline."""
    return RedlinePublic(
        id=row.id,
        clause_id=row.clause_id,
        risk_id=row.risk_id,
        action_type=row.action_type,
        original_text=row.original_text,
        proposed_text=row.proposed_text,
        reason=row.reason,
        status=row.status,
        round=row.round,
        final_text=row.final_text,
        decided_by=row.decided_by,
    )


def progress_of(clauses: Sequence[ClauseRow], status: str) -> ProgressPublic:
    """Settled and analysed clause counts; a completed review is 100%."""
    return progress_from_states(Counter(c.state for c in clauses), status)


def progress_from_states(states: Counter[str], status: str) -> ProgressPublic:
    """Progress from the number of clauses in each state (as a GROUP BY gives them)."""
    total = sum(states.values())
    settled = sum(n for state, n in states.items() if state in SETTLED)
    analyzed = settled + sum(n for state, n in states.items() if state in ANALYZED)
    percent = 100.0 if status == "completed" else (round(100.0 * settled / total, 1) if total else 0.0)
    return ProgressPublic(
        clauses_total=total, clauses_settled=settled, clauses_analyzed=analyzed, percent=percent
    )


def sources_of(review: ReviewRow) -> tuple[SourceFile, ...]:
    """The files a review read, as recorded at submission (older rows: the uploaded contract only)."""
    documents = review.documents or {}
    recorded = documents.get("sources")
    if isinstance(recorded, list):
        return tuple(SourceFile.model_validate(s) for s in recorded)
    # A tenant's document id is "tenant:sha256"; the digest is what the report names.
    primary = str(documents.get("general_conditions") or documents.get("primary") or "").rsplit(":", 1)[-1]
    if re.fullmatch(r"[0-9a-f]{64}", str(primary)):
        return (SourceFile(role="contract", filename=review.filename, sha256=str(primary)),)
    return ()


def _redline_snapshot(row: RedlineRow, decision: DecisionRow | None) -> RedlineSnapshot:
    snapshot = RedlineSnapshot(**redline_public(row).model_dump())
    if decision is None:
        return snapshot
    return snapshot.model_copy(
        update={
            "decided_by": decision.decided_by,
            "decided_by_key_id": decision.decided_by_key_id,
            "decided_at": decision.decided_at,
        }
    )


def reviewed_by(documents: dict[str, Any], configured: str) -> str | list[str]:
    """The model that reviewed (as the clause results named it), a list when several did.

    ``configured`` (the gateway's ``LLM_MODEL``) stands in when no result named one.
    """
    models = [str(m) for m in documents.get("models") or () if m]
    if not models:
        return configured
    return models[0] if len(models) == 1 else models


@dataclass(frozen=True)
class ReviewDocuments:
    """The stored ids of a review's documents (``primary`` is "" when none was recorded)."""

    primary: str
    references: tuple[str, ...] = ()  # in the order they were uploaded


class ReadModel:
    """Read-only access to reviews for the API and the report.

    ``model`` is the LLM the deployment reviews with (``LLM_MODEL``): the report names it only for
    a review whose clause results did not name the model that reviewed them (results from before
    workers named it).
    """

    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, model: str = "") -> None:
        self._sessions = sessions
        self._model = model

    @property
    def sessions(self) -> async_sessionmaker[AsyncSession]:
        """The session factory (for other read-only views such as the review list)."""
        return self._sessions

    async def review_documents(self, review_id: str) -> ReviewDocuments:
        """The stored ids of the review's documents: the one under review and its references."""
        async with self._sessions() as session:
            review = await get_review(session, review_id)
        documents = review.documents or {}
        return ReviewDocuments(
            primary=str(documents.get("primary") or ""),
            references=tuple(str(d) for d in documents.get("references") or []),
        )

    async def review(self, review_id: str) -> ReviewPublic:
        """Status, progress, clause states and counts of a review."""
        async with self._sessions() as session:
            review = await get_review(session, review_id)
            clauses = await _clauses(session, review_id)
            risk_levels = (
                await session.scalars(select(RiskRow.risk_level).where(RiskRow.review_id == review_id))
            ).all()
            statuses = (
                await session.scalars(select(RedlineRow.status).where(RedlineRow.review_id == review_id))
            ).all()
        levels = Counter(risk_levels)
        return ReviewPublic(
            id=review.id,
            review_id=review.id,
            status=review.status,
            title=review.title,
            filename=review.filename,
            our_party=review.our_party,
            language=review.language,
            domain=review.domain,
            options=dict(review.options or {}),
            plan_version=review.plan_version,
            progress=progress_of(clauses, review.status),
            clauses=[clause_public(c) for c in clauses],
            risk_counts={"total": len(risk_levels), **{lv: levels.get(lv, 0) for lv in LEVEL_ORDER}},
            redline_counts=dict(sorted(Counter(statuses).items())),
            summary=review.summary,
            failure_reason=review.failure_reason,
            created_at=review.created_at,
            updated_at=review.updated_at,
            links=Links.for_review(review.id),
        )

    async def risks(
        self,
        review_id: str,
        *,
        level: str | None = None,
        risk_type: str | None = None,
        clause_id: str | None = None,
    ) -> list[RiskPublic]:
        """Risks of a review in document order, optionally filtered."""
        async with self._sessions() as session:
            await get_review(session, review_id)
            rows = await _risks(session, review_id, _clause_order(await _clauses(session, review_id)))
        return [
            risk_public(r)
            for r in rows
            if (level is None or r.risk_level == level)
            and (risk_type is None or r.risk_type == risk_type)
            and (clause_id is None or r.clause_id == clause_id)
        ]

    async def redlines(
        self,
        review_id: str,
        *,
        status: str | None = None,
        clause_id: str | None = None,
        risk_id: str | None = None,
    ) -> list[RedlinePublic]:
        """Redlines of a review in document order, optionally filtered."""
        async with self._sessions() as session:
            await get_review(session, review_id)
            rows = await _redlines(session, review_id, _clause_order(await _clauses(session, review_id)))
        return [
            redline_public(r)
            for r in rows
            # A redline only a snapshot has mentioned has no text yet; it appears when its result arrives.
            if r.drafted
            and (status is None or r.status == status)
            and (clause_id is None or r.clause_id == clause_id)
            and (risk_id is None or r.risk_id == risk_id)
        ]

    async def plan(self, review_id: str) -> PlanPublic:
        """The current plan and every version, oldest first."""
        async with self._sessions() as session:
            await get_review(session, review_id)
            stmt = (
                select(PlanVersionRow)
                .where(PlanVersionRow.review_id == review_id)
                .order_by(PlanVersionRow.plan_version)
            )
            rows = (await session.scalars(stmt)).all()
        versions = [
            PlanVersionPublic(
                plan_version=r.plan_version,
                source=r.source,
                rationale=r.rationale,
                plan=r.plan,
                recorded_at=r.recorded_at,
            )
            for r in rows
        ]
        return PlanPublic(review_id=review_id, current=versions[-1] if versions else None, versions=versions)

    async def decisions(self, review_id: str) -> list[DecisionPublic]:
        """The decision audit trail, oldest first."""
        async with self._sessions() as session:
            await get_review(session, review_id)
            stmt = select(DecisionRow).where(DecisionRow.review_id == review_id).order_by(DecisionRow.id)
            rows = (await session.scalars(stmt)).all()
        return [
            DecisionPublic(
                request_id=r.request_id,
                redline_id=r.redline_id,
                action=r.action,
                feedback=r.feedback,
                text=r.text,
                decided_by=r.decided_by,
                decided_by_key_id=r.decided_by_key_id,
                decided_at=r.decided_at,
            )
            for r in rows
        ]

    async def documents(self, review_id: str) -> tuple[dict[str, Any], str]:
        """The document references a review was submitted with, and the contract's file name."""
        async with self._sessions() as session:
            review = await get_review(session, review_id)
            return dict(review.documents or {}), review.filename or ""

    async def snapshot(self, review_id: str) -> ReviewSnapshot:
        """Everything the report needs, in document order."""
        async with self._sessions() as session:
            review = await get_review(session, review_id)
            clauses = await _clauses(session, review_id)
            order = _clause_order(clauses)
            risks = await _risks(session, review_id, order)
            redlines = [r for r in await _redlines(session, review_id, order) if r.drafted]
            submitted = await session.get(SubmissionRow, review_id)
            stmt = select(DecisionRow).where(DecisionRow.review_id == review_id).order_by(DecisionRow.id)
            # The latest decision on each redline: who decided it and when.
            latest = {d.redline_id: d for d in (await session.scalars(stmt)).all()}
        return ReviewSnapshot(
            review_id=review.id,
            status=review.status,
            title=review.title,
            our_party=review.our_party,
            language=review.language,
            domain=review.domain,
            plan_version=review.plan_version,
            summary=review.summary,
            failure_reason=review.failure_reason,
            intake_warnings=tuple(submitted.warnings if submitted else ()),
            clauses=tuple(ClauseSnapshot(**clause_public(c).model_dump()) for c in clauses),
            risks=tuple(Risk(**risk_public(r).model_dump()) for r in risks),
            redlines=tuple(_redline_snapshot(r, latest.get(r.id)) for r in redlines),
            generated_at=utcnow(),
            sources=sources_of(review),
            model=reviewed_by(review.documents or {}, self._model),
            playbook_version=str((review.documents or {}).get("playbook_version") or ""),
        )
