"""Accepting reviewer decisions: validate, record durably with the resume event, answer after commit.

One request may decide several redlines. The decisions, the redlines' new
local status, the stored answer and the ``ReviewDecisionsSubmitted`` outbox row
are written in one transaction, so a 2xx means the decision is durable and the
resume event will be published exactly once (the relay publishes each outbox
row once; the event id is derived from the request id for consumers' dedup).
A repeated request with the same idempotency key returns the original answer
and changes nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
import zlib
from collections.abc import Sequence

from clauseflow_contracts.events import Envelope, ReviewDecisionsSubmitted, Topic
from clauseflow_contracts.ids import derived_id
from clauseflow_contracts.review import Decision, DecisionAction, RedlineStatus
from clauseflow_contracts.tenants import LOCAL_TENANT
from clauseflow_platform.logging import bound_context, get_logger
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.auth.tokens import Principal
from clauseflow_gateway.db.tables import DecisionRequestRow, DecisionRow, RedlineRow, utcnow
from clauseflow_gateway.errors import ApiError
from clauseflow_gateway.outbox import OutboxRelay, enqueue
from clauseflow_gateway.readmodel import get_review
from clauseflow_gateway.schemas import DecisionPublic, DecisionsAccepted, DecisionsCreate

log = get_logger(__name__)

STATUS_AFTER = {
    DecisionAction.APPROVE: RedlineStatus.APPROVED,
    DecisionAction.REJECT: RedlineStatus.REJECTED,
    DecisionAction.EDIT: RedlineStatus.EDITED,
}
LOCK_STRIPES = 64


def resolve_idempotency_key(header: str | None, body: str | None) -> str | None:
    """The request's idempotency key from the header or the body; 422 if they disagree."""
    header = (header or "").strip() or None
    if header and body and header != body:
        raise ApiError(
            422,
            "validation_error",
            "the Idempotency-Key header and the body's idempotency_key differ; send one or make them equal",
        )
    if header and len(header) > 200:
        raise ApiError(422, "validation_error", "Idempotency-Key must be at most 200 characters")
    return header or body


def fingerprint(body: DecisionsCreate) -> str:
    """What makes two requests "the same request" (everything but the key)."""
    canonical = body.model_dump(mode="json", exclude={"idempotency_key", "decided_by"})
    return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()


def decision_event_id(request_id: str) -> str:
    """The resume event's id: one per accepted request."""
    return derived_id("evt", request_id, "review.decisions")


def undecidable(requested: Sequence[str], rows: dict[str, RedlineRow]) -> dict[str, list[object]]:
    """Ids that are not in the review, and redlines no longer waiting for a decision."""
    unknown = [rid for rid in requested if rid not in rows]
    not_pending: list[object] = [
        {"redline_id": rid, "status": rows[rid].status}
        for rid in requested
        if rid in rows
        and (
            rows[rid].status != RedlineStatus.PENDING.value
            or rows[rid].decision_request_id is not None
            or not rows[rid].drafted
        )
    ]
    problems: dict[str, list[object]] = {}
    if unknown:
        problems["unknown"] = list(unknown)
    if not_pending:
        problems["not_pending"] = not_pending
    return problems


def _conflict_message(problems: dict[str, list[object]]) -> str:
    parts = []
    if "unknown" in problems:
        parts.append("not redlines of this review: " + ", ".join(map(str, problems["unknown"])))
    if "not_pending" in problems:
        shown = ", ".join(f"{p['redline_id']} ({p['status']})" for p in problems["not_pending"])  # type: ignore[index]
        parts.append("no longer pending: " + shown)
    return "nothing was recorded; " + "; ".join(parts)


class DecisionService:
    """Records decisions and queues the resume event."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], relay: OutboxRelay) -> None:
        self._sessions = sessions
        self._relay = relay
        # Serialise decisions per review in this process; other replicas are covered by the unique key
        # on (review_id, idempotency_key) and row locks where the database has them.
        self._locks = [asyncio.Lock() for _ in range(LOCK_STRIPES)]

    async def submit(
        self, review_id: str, body: DecisionsCreate, header_key: str | None, decider: Principal
    ) -> tuple[DecisionsAccepted, bool]:
        """Record the decisions in ``decider``'s name (a ``decided_by`` in the body is ignored);
        returns the answer and whether it is a replay of an earlier request."""
        key = resolve_idempotency_key(header_key, body.idempotency_key)
        with bound_context(review_id=review_id):
            async with self._locks[zlib.crc32(review_id.encode()) % LOCK_STRIPES]:
                try:
                    answer, replayed = await self._record(review_id, body, key, decider)
                except IntegrityError:
                    # Another replica recorded the same key first: answer as it did.
                    replayed_answer = await self._replay(review_id, key, fingerprint(body))
                    if replayed_answer is None:
                        raise
                    answer, replayed = replayed_answer, True
            if not replayed:
                log.info(
                    "review.decisions_recorded", request_id=answer.request_id, count=len(answer.decisions)
                )
                self._relay.kick()
        return answer, replayed

    async def _replay(self, review_id: str, key: str | None, print_: str) -> DecisionsAccepted | None:
        if key is None:
            return None
        async with self._sessions() as session:
            return await self._stored_answer(session, review_id, key, print_)

    async def _stored_answer(
        self, session: AsyncSession, review_id: str, key: str, print_: str
    ) -> DecisionsAccepted | None:
        stmt = select(DecisionRequestRow).where(
            DecisionRequestRow.review_id == review_id, DecisionRequestRow.idempotency_key == key
        )
        earlier = (await session.scalars(stmt)).first()
        if earlier is None:
            return None
        if earlier.fingerprint != print_:
            raise ApiError(
                409,
                "idempotency_key_reused",
                f"idempotency key {key!r} was already used for a different request "
                f"({earlier.request_id}); use a new key for new decisions",
            )
        return DecisionsAccepted.model_validate(earlier.response)

    async def _record(
        self, review_id: str, body: DecisionsCreate, key: str | None, decider: Principal
    ) -> tuple[DecisionsAccepted, bool]:
        print_ = fingerprint(body)
        async with self._sessions() as session, session.begin():
            await get_review(session, review_id)
            if key is not None and (earlier := await self._stored_answer(session, review_id, key, print_)):
                return earlier, True
            ids = [d.redline_id for d in body.decisions]
            stmt = (
                select(RedlineRow)
                .where(RedlineRow.review_id == review_id, RedlineRow.id.in_(ids))
                .with_for_update()
            )
            rows = {r.id: r for r in (await session.scalars(stmt)).all()}
            if problems := undecidable(ids, rows):
                raise ApiError(409, "redlines_not_pending", _conflict_message(problems), problems)
            answer = self._answer(review_id, body, key, decider)
            self._write(session, review_id, body, key, print_, answer, rows, decider.tenant or LOCAL_TENANT)
        return answer, False

    @staticmethod
    def _answer(
        review_id: str, body: DecisionsCreate, key: str | None, decider: Principal
    ) -> DecisionsAccepted:
        request_id = derived_id("req", review_id, key) if key else f"req_{uuid.uuid4().hex[:20]}"
        # The decider is the authenticated key, never what the body says.
        decided_by = decider.decider
        decided_at = utcnow()
        decisions = [
            DecisionPublic(
                request_id=request_id,
                redline_id=d.redline_id,
                action=d.action.value,
                feedback=d.feedback,
                text=d.text,
                decided_by=decided_by,
                decided_by_key_id=decider.key_id,
                decided_at=decided_at,
            )
            for d in body.decisions
        ]
        return DecisionsAccepted(
            request_id=request_id,
            review_id=review_id,
            decided_by=decided_by,
            decided_by_key_id=decider.key_id,
            decided_at=decided_at,
            idempotency_key=key,
            decisions=decisions,
        )

    @staticmethod
    def _write(
        session: AsyncSession,
        review_id: str,
        body: DecisionsCreate,
        key: str | None,
        print_: str,
        answer: DecisionsAccepted,
        rows: dict[str, RedlineRow],
        tenant: str,
    ) -> None:
        for d in body.decisions:
            session.add(
                DecisionRow(
                    review_id=review_id,
                    request_id=answer.request_id,
                    redline_id=d.redline_id,
                    action=d.action.value,
                    feedback=d.feedback,
                    text=d.text,
                    decided_by=answer.decided_by,
                    decided_by_key_id=answer.decided_by_key_id,
                    decided_at=answer.decided_at,
                )
            )
            row = rows[d.redline_id]
            # Shown at once; the orchestrator's next snapshot confirms (or overrides) it.
            row.status = STATUS_AFTER[d.action].value
            row.final_text = d.text if d.action is DecisionAction.EDIT else row.final_text
            row.decided_by, row.decision_request_id, row.updated_at = (
                answer.decided_by,
                answer.request_id,
                utcnow(),
            )
        payload = ReviewDecisionsSubmitted(
            request_id=answer.request_id,
            decisions=tuple(
                Decision(redline_id=d.redline_id, action=d.action, feedback=d.feedback, text=d.text)
                for d in body.decisions
            ),
            decided_by=answer.decided_by,
            decided_by_key_id=answer.decided_by_key_id,
            decided_at=answer.decided_at,
        )
        event = Envelope.wrap(
            review_id, payload, event_id=decision_event_id(answer.request_id), tenant_id=tenant
        )
        enqueue(session, Topic.REVIEW_DECISIONS, review_id, event)
        session.add(
            DecisionRequestRow(
                request_id=answer.request_id,
                review_id=review_id,
                idempotency_key=key,
                fingerprint=print_,
                decided_by=answer.decided_by,
                decided_by_key_id=answer.decided_by_key_id,
                decided_at=answer.decided_at,
                response=answer.model_dump(mode="json"),
            )
        )
