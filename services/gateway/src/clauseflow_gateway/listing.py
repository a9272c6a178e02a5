"""The list of reviews: newest first, filtered, paged by an opaque cursor (keyset pagination).

A cursor names the last review of a page by ``(created_at, id)``; the next page starts strictly
after it in the order ``created_at DESC, id DESC``. Unlike an offset, a cursor does not skip or
repeat reviews when new ones arrive while someone pages.
"""

from __future__ import annotations

import base64
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, Field
from sqlalchemy import and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import ClauseRow, RedlineRow, ReviewRow, RiskRow
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.readmodel import LEVEL_ORDER, progress_from_states
from clauseflow_gateway.schemas import Links, ProgressPublic

MAX_LIMIT = 100


class ReviewSummaryPublic(BaseModel):
    """One line of the review list: what, for whom, how far, what was found."""

    id: str
    title: str
    filename: str
    status: str
    our_party: str
    language: str
    domain: str
    progress: ProgressPublic
    risk_counts: dict[str, int] = Field(description="total, high, medium, low")
    redline_counts: dict[str, int] = Field(description="per status (pending, approved, ...)")
    created_at: datetime
    updated_at: datetime
    links: Links


class ReviewPagePublic(BaseModel):
    """A page of reviews, newest first; pass ``next_cursor`` as ``cursor`` for the next page."""

    data: list[ReviewSummaryPublic]
    count: int
    next_cursor: str | None = Field(description="null on the last page")


@dataclass(frozen=True)
class ReviewFilter:
    """What the list is narrowed to; ``None`` means any."""

    statuses: tuple[str, ...] = ()
    party: str | None = None
    created_after: datetime | None = None
    created_before: datetime | None = None


def encode_cursor(created_at: datetime, review_id: str) -> str:
    """The opaque cursor after this review."""
    raw = json.dumps([created_at.isoformat(), review_id]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """``(created_at, id)`` of a cursor; 400 naming the problem when it is not one of ours."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        created, review_id = json.loads(raw)
        return datetime.fromisoformat(created), str(review_id)
    except (ValueError, TypeError) as exc:
        raise ApiError(
            400, "invalid_cursor", "cursor is not one this API returned; start again without it"
        ) from exc


def _conditions(filters: ReviewFilter) -> list[object]:
    where: list[object] = []
    if filters.statuses:
        where.append(ReviewRow.status.in_(filters.statuses))
    if filters.party:
        where.append(func.lower(ReviewRow.our_party).contains(filters.party.lower(), autoescape=True))
    if filters.created_after is not None:
        where.append(ReviewRow.created_at >= filters.created_after)
    if filters.created_before is not None:
        where.append(ReviewRow.created_at < filters.created_before)
    return where


class ReviewList:
    """Reads pages of review summaries from the read model."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def page(self, filters: ReviewFilter, *, limit: int, cursor: str | None) -> ReviewPagePublic:
        """Up to ``limit`` reviews after ``cursor`` matching ``filters``, newest first."""
        if (
            filters.created_after is not None
            and filters.created_before is not None
            and filters.created_after >= filters.created_before
        ):
            raise ApiError(422, "validation_error", "created_after must be earlier than created_before")
        stmt = select(ReviewRow).where(*_conditions(filters))  # type: ignore[arg-type]
        if cursor:
            created, last_id = decode_cursor(cursor)
            stmt = stmt.where(
                or_(
                    ReviewRow.created_at < created,
                    and_(ReviewRow.created_at == created, ReviewRow.id < last_id),
                )
            )
        stmt = stmt.order_by(ReviewRow.created_at.desc(), ReviewRow.id.desc()).limit(limit + 1)
        async with self._sessions() as session:
            rows = list((await session.scalars(stmt)).all())
            more = len(rows) > limit
            rows = rows[:limit]
            ids = [r.id for r in rows]
            clauses = await _grouped(session, ClauseRow.review_id, ClauseRow.state, ids)
            risks = await _grouped(session, RiskRow.review_id, RiskRow.risk_level, ids)
            redlines = await _grouped(session, RedlineRow.review_id, RedlineRow.status, ids, drafted=True)
        data = [_summary(r, clauses[r.id], risks[r.id], redlines[r.id]) for r in rows]
        last = rows[-1] if rows else None
        return ReviewPagePublic(
            data=data,
            count=len(data),
            next_cursor=encode_cursor(last.created_at, last.id) if more and last is not None else None,
        )


async def _grouped(
    session: AsyncSession, key: object, value: object, ids: Sequence[str], *, drafted: bool = False
) -> defaultdict[str, Counter[str]]:
    """``{review_id: Counter(value)}`` for the page's reviews, in one GROUP BY query."""
    counts: defaultdict[str, Counter[str]] = defaultdict(Counter)
    if not ids:
        return counts
    stmt = select(key, value, func.count()).where(key.in_(ids)).group_by(key, value)  # type: ignore[attr-defined, call-overload]
    if drafted:
        stmt = stmt.where(RedlineRow.drafted.is_(True))
    for review_id, name, n in (await session.execute(stmt)).all():
        counts[review_id][name] = n
    return counts


def _summary(
    row: ReviewRow, clauses: Counter[str], risks: Counter[str], redlines: Counter[str]
) -> ReviewSummaryPublic:
    return ReviewSummaryPublic(
        id=row.id,
        title=row.title,
        filename=row.filename,
        status=row.status,
        our_party=row.our_party,
        language=row.language,
        domain=row.domain,
        progress=progress_from_states(clauses, row.status),
        risk_counts={"total": sum(risks.values()), **{lv: risks.get(lv, 0) for lv in LEVEL_ORDER}},
        redline_counts=dict(sorted(redlines.items())),
        created_at=row.created_at,
        updated_at=row.updated_at,
        links=Links.for_review(row.id),
    )
