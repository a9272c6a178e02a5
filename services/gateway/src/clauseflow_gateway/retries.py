"""Retrying the clauses of a review that could not be reviewed (the model or a skill was down).

The retry request is recorded with its ``ReviewRetryRequested`` outbox row in one transaction,
like a decision: a 202 means the orchestrator will receive it. The orchestrator re-sends each
failed clause's work under a new task id; the review goes back to ``reviewing`` and, if the
model is back, on to ``completed``.
"""

from __future__ import annotations

import uuid

from clauseflow_contracts.events import Envelope, ReviewRetryRequested, Topic
from clauseflow_contracts.ids import derived_id
from clauseflow_contracts.review import ClauseState, ReviewStatus
from clauseflow_platform.logging import get_logger
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import ClauseRow
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.outbox import OutboxRelay, enqueue
from clauseflow_gateway.readmodel import get_review
from clauseflow_gateway.schemas import RetryAccepted

log = get_logger(__name__)


class RetryService:
    """Accepts retry requests for a review's failed clauses."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], relay: OutboxRelay) -> None:
        self._sessions = sessions
        self._relay = relay

    async def retry(self, review_id: str, requested_by: str = "anonymous") -> RetryAccepted:
        """Queue a re-run of the failed clauses; 409 when no clause of the review has failed."""
        async with self._sessions() as session, session.begin():
            review = await get_review(session, review_id)
            failed = (
                await session.scalars(
                    select(ClauseRow.clause_id)
                    .where(ClauseRow.review_id == review_id, ClauseRow.state == ClauseState.FAILED.value)
                    .order_by(ClauseRow.position)
                )
            ).all()
            if not failed:
                raise ApiError(
                    409,
                    "nothing_to_retry",
                    f"review {review_id} is {review.status} and none of its clauses failed; nothing to retry",
                )
            request_id = f"retry_{uuid.uuid4().hex[:20]}"
            event = Envelope.wrap(
                review_id,
                ReviewRetryRequested(request_id=request_id, requested_by=requested_by),
                event_id=derived_id("evt", request_id, ReviewRetryRequested.TYPE),
                # The orchestrator refuses an event whose tenant is not the review's.
                tenant_id=review.tenant,
            )
            enqueue(session, Topic.REVIEW_DECISIONS, review_id, event)
            # Shown at once, so a client polling for the end does not read the old "incomplete";
            # the orchestrator's next snapshot (a higher sequence) takes over from here.
            review.status = ReviewStatus.REVIEWING.value
        self._relay.kick()
        log.info("review.retry_requested", review_id=review_id, clauses=len(failed), request_id=request_id)
        return RetryAccepted(review_id=review_id, request_id=request_id, clauses=list(failed))
