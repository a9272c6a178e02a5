"""Keeps the read model up to date from ``clause.results`` and ``review.updates`` (group ``gateway``).

Handlers are idempotent: risks and redlines are upserted by their deterministic
ids, and a ``ReviewUpdated`` snapshot applies only if its sequence is newer than
the one stored. The orchestrator is the authority on redline status, with two
exceptions that keep the view from moving backwards: a snapshot saying
"pending" does not undo a decision the gateway has just recorded, and a
"rejected" snapshot does not resurrect a draft that a redraft has superseded.
"""

from __future__ import annotations

import asyncio
import sys
import zlib
from dataclasses import dataclass, field

from clauseflow_shared.events import ClauseResult, Envelope, RedlineState, ReviewUpdated, Topic
from clauseflow_shared.logging import bound_context, get_logger
from clauseflow_shared.review import ClauseState, Redline, RedlineStatus, Risk
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import (
    ClauseRow,
    PlanVersionRow,
    RedlineRow,
    ReviewRow,
    RiskRow,
    utcnow,
)

log = get_logger(__name__)

TOPICS = (Topic.CLAUSE_RESULTS, Topic.REVIEW_UPDATES)
GROUP_ID = "gateway"
LOCK_STRIPES = 64
# Events committed in one transaction at most (a burst of one stripe's events).
MAX_BATCH = 64
# Above this many ids a review's rows are loaded whole rather than by an IN list.
IN_LIST_LIMIT = 200


@dataclass
class _Stripe:
    """Events of one lock stripe waiting for their transaction, and whether one is being written."""

    waiting: list[tuple[Envelope, asyncio.Future[None]]] = field(default_factory=list)
    writing: bool = False


class Projector:
    """Applies events to the read model; one review's events are applied one at a time, in order.

    Group commit: while a stripe's transaction is being written, events of its reviews that
    arrive meanwhile wait and are then applied together in the next transaction, in arrival
    order. A handler returns (so the bus commits its offset) only after the transaction that
    holds its event has committed: at-least-once holds. If a batch fails, its events are
    applied one by one, so only the event at fault fails (and is retried or dead-lettered).
    """

    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, max_batch: int = MAX_BATCH) -> None:
        self._sessions = sessions
        self._max_batch = max_batch
        # Results and updates of one review arrive on two topics and may be handled concurrently.
        self._stripes = [_Stripe() for _ in range(LOCK_STRIPES)]
        self._writers: set[asyncio.Task[None]] = set()

    def _stripe(self, review_id: str) -> _Stripe:
        return self._stripes[zlib.crc32(review_id.encode()) % LOCK_STRIPES]

    async def handle(self, event: Envelope) -> None:
        """The bus handler: returns once the event is committed (types the read model ignores at once)."""
        if event.type not in (ClauseResult.TYPE, ReviewUpdated.TYPE):
            return
        stripe = self._stripe(event.review_id)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        stripe.waiting.append((event, done))
        if not stripe.writing:
            stripe.writing = True
            writer = asyncio.create_task(self._write(stripe), name="gateway-projector-commit")
            self._writers.add(writer)
            writer.add_done_callback(self._writers.discard)
        await asyncio.shield(done)  # a cancelled handler must not cancel the others' batch

    async def _write(self, stripe: _Stripe) -> None:
        """Commit the stripe's waiting events, batch after batch, until none is left."""
        try:
            await asyncio.sleep(0)  # let handlers that are ready right now join the first batch
            while stripe.waiting:
                batch, stripe.waiting = stripe.waiting[: self._max_batch], stripe.waiting[self._max_batch :]
                try:
                    await self._commit_batch(batch)
                except BaseException:  # cancelled mid-commit: its handlers must not wait forever
                    _fail_all(batch)
                    raise
        finally:
            stripe.writing = False
            _fail_all(stripe.waiting)  # only non-empty if this task itself was cancelled
            stripe.waiting = []

    async def _commit_batch(self, batch: list[tuple[Envelope, asyncio.Future[None]]]) -> None:
        try:
            await self._apply_all([event for event, _ in batch])
        except Exception:
            if len(batch) == 1:
                _settle(batch[0][1], sys.exc_info()[1])
                return
            # One event may be at fault: apply them one by one so only that one fails.
            for event, done in batch:
                try:
                    await self._apply_all([event])
                except Exception as exc:
                    _settle(done, exc)
                else:
                    _settle(done, None)
            return
        for _, done in batch:
            _settle(done, None)

    async def _apply_all(self, events: list[Envelope]) -> None:
        """Apply events in order in one transaction."""
        async with self._sessions() as session, session.begin():
            for event in events:
                with bound_context(review_id=event.review_id):
                    if event.type == ClauseResult.TYPE:
                        await _apply_clause_result(session, event.review_id, event.open(ClauseResult))
                    else:
                        await _apply_review_updated(session, event.review_id, event.open(ReviewUpdated))
                await session.flush()  # the next event of the batch sees this one's rows

    async def apply_clause_result(self, review_id: str, result: ClauseResult) -> None:
        """Upsert the clause's types, risks and redlines; a redraft supersedes the rejected drafts."""
        async with self._sessions() as session, session.begin():
            await _apply_clause_result(session, review_id, result)

    async def apply_review_updated(self, review_id: str, snapshot: ReviewUpdated) -> None:
        """Apply a snapshot newer than the stored one (see :func:`_apply_review_updated`)."""
        async with self._sessions() as session, session.begin():
            await _apply_review_updated(session, review_id, snapshot)


def _fail_all(waiting: list[tuple[Envelope, asyncio.Future[None]]]) -> None:
    for _, done in waiting:
        _settle(done, RuntimeError("the projector stopped before the event was applied"))


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


async def _apply_clause_result(session: AsyncSession, review_id: str, result: ClauseResult) -> None:
    review = await session.get(ReviewRow, review_id)
    if review is None:
        log.warning("clause result for a review this gateway does not know", clause_id=result.clause_id)
        return
    await _upsert_clause_types(session, review_id, result)
    for index, risk in enumerate(result.risks):
        await _upsert_risk(session, review_id, risk, result.attempt, index)
    for index, redline in enumerate(result.redlines):
        await _upsert_redline(session, review_id, redline, index)
        await _supersede_rejected(session, review_id, redline)
    review.updated_at = utcnow()


async def _apply_review_updated(session: AsyncSession, review_id: str, snapshot: ReviewUpdated) -> None:
    """Apply a snapshot newer than the stored one: status, clause states, plan, redline statuses.

    A partial snapshot (``partial=True``) lists only the clauses and redlines that changed;
    the rows it names are loaded in one query each and only rows whose values changed are
    written, so a snapshot costs O(changes), not one pass over the review. Snapshots carry
    the plan only when its version changed; a plan is recorded even from a stale snapshot,
    because plan versions never change once made.
    """
    review = await session.get(ReviewRow, review_id)
    if review is None:
        review = _review_from_snapshot(review_id, snapshot)
        session.add(review)
    elif snapshot.sequence <= review.sequence:
        if snapshot.plan is not None:
            await _record_plan(session, review, snapshot)
        return
    _apply_review_fields(review, snapshot)
    await _apply_clause_progress(session, review_id, snapshot)
    if snapshot.plan is not None:
        await _record_plan(session, review, snapshot)
    await _apply_redline_states(session, review_id, snapshot.redlines)


def _review_from_snapshot(review_id: str, snapshot: ReviewUpdated) -> ReviewRow:
    # A snapshot for a review we never saw (e.g. a rebuilt read model): record what it tells us.
    return ReviewRow(
        id=review_id,
        status=snapshot.status.value,
        title=snapshot.title,
        filename="",
        our_party=snapshot.our_party,
        language=snapshot.language.value,
        domain=snapshot.domain.value,
        documents={},
        options={},
        sequence=0,
        plan_version=0,
    )


def _apply_review_fields(review: ReviewRow, snapshot: ReviewUpdated) -> None:
    review.sequence = snapshot.sequence
    review.status = snapshot.status.value
    review.title = snapshot.title or review.title
    review.summary = snapshot.summary
    review.failure_reason = snapshot.failure_reason
    review.usage = snapshot.usage.model_dump(mode="json")
    review.updated_at = utcnow()


async def _upsert_clause_types(session: AsyncSession, review_id: str, result: ClauseResult) -> None:
    row = await session.get(ClauseRow, (review_id, result.clause_id))
    if row is None:
        row = ClauseRow(
            review_id=review_id, clause_id=result.clause_id, state=ClauseState.ANALYZED.value, clause_types=[]
        )
        session.add(row)
    if result.clause_types:
        row.clause_types = list(result.clause_types)


async def _upsert_risk(
    session: AsyncSession, review_id: str, risk: Risk, attempt: int, position: int
) -> None:
    row = await session.get(RiskRow, risk.id)
    if row is None:
        row = RiskRow(id=risk.id, review_id=review_id)
        session.add(row)
    row.clause_id, row.attempt, row.position = risk.clause_id, attempt, position
    row.risk_type, row.risk_level = risk.risk_type, risk.risk_level.value
    row.description, row.reason = risk.description, risk.reason
    row.analysis, row.original_text = risk.analysis, risk.original_text


async def _upsert_redline(session: AsyncSession, review_id: str, redline: Redline, position: int) -> None:
    row = await session.get(RedlineRow, redline.id)
    if row is None:
        # A new draft takes the worker's status; an existing row keeps the status it has since earned.
        row = RedlineRow(id=redline.id, review_id=review_id, status=redline.status.value)
        session.add(row)
    row.clause_id, row.risk_id, row.action_type = redline.clause_id, redline.risk_id, redline.action_type
    row.original_text, row.proposed_text = redline.original_text, redline.proposed_text
    row.reason, row.round, row.position, row.drafted = redline.reason, redline.round, position, True
    row.updated_at = utcnow()


async def _supersede_rejected(session: AsyncSession, review_id: str, redline: Redline) -> None:
    if redline.round == 0:
        return
    await session.execute(
        update(RedlineRow)
        .where(
            RedlineRow.review_id == review_id,
            RedlineRow.risk_id == redline.risk_id,
            RedlineRow.round < redline.round,
            RedlineRow.status == RedlineStatus.REJECTED.value,
        )
        .values(status=RedlineStatus.SUPERSEDED.value, updated_at=utcnow())
    )


async def _apply_clause_progress(session: AsyncSession, review_id: str, snapshot: ReviewUpdated) -> None:
    """Upsert the clauses the snapshot lists (all of them, or only the changed ones if partial)."""
    if not snapshot.clauses:
        return
    query = select(ClauseRow).where(ClauseRow.review_id == review_id)
    if snapshot.partial and len(snapshot.clauses) <= IN_LIST_LIMIT:  # load only the rows the delta names
        query = query.where(ClauseRow.clause_id.in_([c.clause_id for c in snapshot.clauses]))
    rows = {row.clause_id: row for row in (await session.execute(query)).scalars()}
    for index, progress in enumerate(snapshot.clauses):
        row = rows.get(progress.clause_id)
        if row is None:
            row = ClauseRow(review_id=review_id, clause_id=progress.clause_id, clause_types=[])
            session.add(row)
        # Full snapshots from older orchestrators list clauses in order without positions.
        position = progress.position if progress.position is not None else index
        values = (position, progress.title, progress.depth.value, progress.state.value)
        if (row.position, row.title, row.depth, row.state) != values:
            row.position, row.title, row.depth, row.state = values


async def _record_plan(session: AsyncSession, review: ReviewRow, snapshot: ReviewUpdated) -> None:
    assert snapshot.plan is not None
    plan = snapshot.plan
    review.plan_version = max(review.plan_version or 0, plan.plan_version)
    if await session.get(PlanVersionRow, (review.id, plan.plan_version)) is None:
        session.add(
            PlanVersionRow(
                review_id=review.id,
                plan_version=plan.plan_version,
                source=plan.source,
                rationale=snapshot.plan_rationale or plan.global_strategy,
                plan=plan.model_dump(mode="json"),
            )
        )


def redline_status_after(current: str, decided_locally: bool, reported: RedlineStatus) -> str:
    """The status to keep when a snapshot reports ``reported`` for a redline now ``current``."""
    if reported is RedlineStatus.PENDING and decided_locally:
        return current
    if reported is RedlineStatus.REJECTED and current == RedlineStatus.SUPERSEDED.value:
        return current
    return reported.value


async def _apply_redline_states(
    session: AsyncSession, review_id: str, states: tuple[RedlineState, ...]
) -> None:
    if not states:
        return
    query = select(RedlineRow).where(RedlineRow.review_id == review_id)
    if len(states) <= IN_LIST_LIMIT:  # typically a delta: load only the rows it names
        query = query.where(RedlineRow.id.in_([s.redline_id for s in states]))
    rows = {row.id: row for row in (await session.execute(query)).scalars()}
    for state in states:
        _apply_redline_state(session, review_id, rows.get(state.redline_id), state)


def _apply_redline_state(
    session: AsyncSession, review_id: str, row: RedlineRow | None, state: RedlineState
) -> None:
    if row is None:
        # The snapshot overtook the clause result (different topics); the texts arrive with the result.
        row = RedlineRow(
            id=state.redline_id,
            review_id=review_id,
            clause_id=state.clause_id,
            status=state.status.value,
            final_text=state.final_text,
            decided_by=state.decided_by,
            drafted=False,
            updated_at=utcnow(),
        )
        session.add(row)
        return
    status = redline_status_after(row.status, row.decision_request_id is not None, state.status)
    final_text = state.final_text if state.final_text is not None else row.final_text
    decided_by = state.decided_by or row.decided_by
    if (row.status, row.final_text, row.decided_by) == (status, final_text, decided_by):
        return  # unchanged: no write, and updated_at keeps meaning "last change"
    row.status, row.final_text, row.decided_by = status, final_text, decided_by
    row.updated_at = utcnow()
