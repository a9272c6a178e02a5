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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from clauseflow_contracts.events import (
    ClauseResult,
    Envelope,
    EventDeadLettered,
    RedlineState,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.review import ClauseState, Redline, RedlineStatus
from clauseflow_contracts.tenants import LOCAL_TENANT
from clauseflow_documents import DocumentStore
from clauseflow_platform.db.runner import Database
from clauseflow_platform.logging import bound_context, get_logger
from sqlalchemy import Connection, bindparam, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from clauseflow_gateway.db.tables import (
    AppliedTaskRow,
    Base,
    ClauseRow,
    PlanVersionRow,
    RedlineRow,
    ReportedDeadLetterRow,
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

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        *,
        max_batch: int = MAX_BATCH,
        documents: DocumentStore | None = None,
    ) -> None:
        self._sessions = sessions
        # Where snapshots too large for an event are stored (``ReviewUpdated.detail_ref``).
        self._documents = documents
        bind = getattr(sessions, "kw", {}).get("bind")
        # SQLite: a transaction is one synchronous function in a worker thread (one thread hop,
        # not several per statement), the writes serialised (SQLite has one writer).
        self._database = Database.beside(bind) if isinstance(bind, AsyncEngine) else None
        self.transactions = 0  # committed or attempted, for observing the group commit
        self._max_batch = max_batch
        # Results and updates of one review arrive on two topics and may be handled concurrently.
        self._stripes = [_Stripe() for _ in range(LOCK_STRIPES)]
        self._writers: set[asyncio.Task[None]] = set()

    def _stripe(self, review_id: str) -> _Stripe:
        return self._stripes[zlib.crc32(review_id.encode()) % LOCK_STRIPES]

    async def handle(self, event: Envelope) -> None:
        """The bus handler: returns once the event is committed (types the read model ignores at once)."""
        if event.type not in (ClauseResult.TYPE, ReviewUpdated.TYPE, EventDeadLettered.TYPE):
            return
        if event.type == ReviewUpdated.TYPE and event.payload.get("detail_ref"):
            event = await self._with_details(event)
        stripe = self._stripe(event.review_id)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        stripe.waiting.append((event, done))
        if not stripe.writing:
            stripe.writing = True
            writer = asyncio.create_task(self._write(stripe), name="gateway-projector-commit")
            self._writers.add(writer)
            writer.add_done_callback(self._writers.discard)
        await asyncio.shield(done)  # a cancelled handler must not cancel the others' batch

    async def _with_details(self, event: Envelope) -> Envelope:
        """A snapshot sent by reference, made whole from its stored form (inline entries overlay it)."""
        if self._documents is None:
            raise RuntimeError("a snapshot by reference needs the document store; none was given")
        thin = event.open(ReviewUpdated)
        stored = await asyncio.to_thread(self._documents.get_blob, thin.detail_ref or "")
        full = ReviewUpdated.model_validate(stored)
        clauses = {c.clause_id: c for c in full.clauses} | {c.clause_id: c for c in thin.clauses}
        redlines = {r.redline_id: r for r in full.redlines} | {r.redline_id: r for r in thin.redlines}
        whole = thin.model_copy(
            update={
                "clauses": tuple(clauses.values()),
                "redlines": tuple(redlines.values()),
                "plan": thin.plan or full.plan,
                "partial": full.partial,
                "detail_ref": None,
            }
        )
        return event.model_copy(update={"payload": whole.model_dump(mode="json")})

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
        """Apply events in order in one transaction (SQLAlchemy Core: no unit of work, no per-row get)."""
        await self._transaction(_apply_events, events)

    async def close(self) -> None:
        """Close the worker-thread connections (SQLite); the projector must not be used afterwards."""
        if self._database is not None:
            await self._database.dispose()

    async def _transaction(self, fn: Callable[..., None], *args: Any) -> None:
        """``fn(connection, *args)`` in one transaction: in a worker thread on SQLite, else async."""
        self.transactions += 1
        if self._database is not None:
            await self._database.write(fn, *args)
            return
        async with self._sessions() as session, session.begin():  # the session only lends its connection
            conn = await session.connection()
            await conn.run_sync(fn, *args)

    async def apply_clause_result(self, review_id: str, result: ClauseResult) -> None:
        """Upsert the clause's types, risks and redlines; a redraft supersedes the rejected drafts."""
        await self._transaction(_apply_clause_result, review_id, result)

    async def apply_review_updated(self, review_id: str, snapshot: ReviewUpdated) -> None:
        """Apply a snapshot newer than the stored one (see :func:`_apply_review_updated`)."""
        await self._transaction(_apply_review_updated, review_id, snapshot)


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


def _upsert(conn: Connection, table: type[Base]) -> Any:
    """``INSERT`` of the connection's dialect, which has ``ON CONFLICT`` (SQLite and PostgreSQL)."""
    return (postgresql_insert if conn.dialect.name == "postgresql" else sqlite_insert)(table)


def _apply_events(conn: Connection, events: list[Envelope]) -> None:
    """Apply events in order on one connection (the caller's transaction); each sees the earlier ones."""
    for event in events:
        with bound_context(review_id=event.review_id):
            if event.type == ClauseResult.TYPE:
                _apply_clause_result(conn, event.review_id, event.open(ClauseResult))
            elif event.type == EventDeadLettered.TYPE:
                _record_dead_letter(conn, event, event.open(EventDeadLettered))
            else:
                _apply_review_updated(conn, event.review_id, event.open(ReviewUpdated), event.tenant_id)


def _record_dead_letter(conn: Connection, event: Envelope, report: EventDeadLettered) -> None:
    """Keep another service's dead letter for ops health; a redelivered report is kept once."""
    conn.execute(
        _upsert(conn, ReportedDeadLetterRow)
        .values(
            service=report.service[:64],
            event_id=report.event_id[:200],
            review_id=event.review_id,
            tenant=event.tenant_id,
            event_type=report.event_type[:64],
            topic=report.topic[:128],
            error=report.error,
            created_at=event.occurred_at,
        )
        .on_conflict_do_nothing(index_elements=["event_id"])
    )


def _record_provenance(conn: Connection, review_id: str, result: ClauseResult) -> None:
    """Keep the playbook version the workers drafted with and the models they reviewed with, for the report.

    Both are kept beside the documents; the models in the order they first reviewed a clause.
    """
    if not result.playbook_version and not result.model:
        return
    documents = conn.execute(select(ReviewRow.documents).where(ReviewRow.id == review_id)).scalar()
    current = dict(documents or {})
    if result.playbook_version:
        current["playbook_version"] = result.playbook_version
    models = [str(m) for m in current.get("models") or ()]
    if result.model and result.model not in models:
        current["models"] = [*models, result.model]
    if current != (documents or {}):
        conn.execute(update(ReviewRow).where(ReviewRow.id == review_id).values(documents=current))


def _apply_clause_result(conn: Connection, review_id: str, result: ClauseResult) -> None:
    known = conn.execute(select(ReviewRow.id).where(ReviewRow.id == review_id)).first()
    if known is None:
        log.warning("clause.result_for_unknown_review", clause_id=result.clause_id)
        return
    if not _first_result_of_task(conn, review_id, result):
        # A redelivered task (e.g. after a rebalance) may carry other risks: the orchestrator keeps
        # the first result of a task, so the read model does too.
        log.info("clause.duplicate_result_ignored", task_id=result.task_id, clause_id=result.clause_id)
        return
    if result.failed:
        return  # nothing was reviewed; the orchestrator's snapshot marks the clause failed with its error
    _record_provenance(conn, review_id, result)
    _upsert_clause_types(conn, review_id, result)
    _upsert_risks(conn, review_id, result)
    _upsert_redlines(conn, review_id, result)
    for redline in result.redlines:
        _supersede_rejected(conn, review_id, redline)
    conn.execute(update(ReviewRow).where(ReviewRow.id == review_id).values(updated_at=utcnow()))


def _first_result_of_task(conn: Connection, review_id: str, result: ClauseResult) -> bool:
    """Record the task as applied; False if a result of it was applied before."""
    inserted = conn.execute(
        _upsert(conn, AppliedTaskRow)
        .values(task_id=result.task_id, review_id=review_id, clause_id=result.clause_id)
        .on_conflict_do_nothing(index_elements=[AppliedTaskRow.review_id, AppliedTaskRow.task_id])
    )
    return bool(inserted.rowcount)


def _apply_review_updated(
    conn: Connection, review_id: str, snapshot: ReviewUpdated, tenant: str = LOCAL_TENANT
) -> None:
    """Apply a snapshot newer than the stored one: status, clause states, plan, redline statuses.

    A partial snapshot (``partial=True``) lists only the clauses and redlines that changed, and
    only those rows are written (one multi-row upsert), so a snapshot costs O(changes), not one
    pass over the review. Snapshots carry the plan only when its version changed; a plan is
    recorded even from a stale snapshot, because plan versions never change once made.
    """
    review = conn.execute(
        select(ReviewRow.sequence, ReviewRow.title, ReviewRow.plan_version).where(ReviewRow.id == review_id)
    ).one_or_none()
    if review is None:
        conn.execute(insert(ReviewRow).values(**_review_from_snapshot(review_id, snapshot, tenant)))
        title, plan_version = snapshot.title, 0
    elif snapshot.sequence <= review.sequence:
        if snapshot.plan is not None:
            _record_plan(conn, review_id, review.plan_version, snapshot)
        return
    else:
        title, plan_version = snapshot.title or review.title, review.plan_version
    conn.execute(
        update(ReviewRow)
        .where(ReviewRow.id == review_id)
        .values(
            sequence=snapshot.sequence,
            status=snapshot.status.value,
            title=title,
            summary=snapshot.summary,
            failure_reason=snapshot.failure_reason,
            usage=snapshot.usage.model_dump(mode="json"),
            updated_at=utcnow(),
        )
    )
    _apply_clause_progress(conn, review_id, snapshot)
    if snapshot.plan is not None:
        _record_plan(conn, review_id, plan_version, snapshot)
    _apply_redline_states(conn, review_id, snapshot.redlines)


def _review_from_snapshot(review_id: str, snapshot: ReviewUpdated, tenant: str) -> dict[str, Any]:
    # A snapshot for a review we never saw (e.g. a rebuilt read model): record what it tells us,
    # including whose review it is (the event's tenant), so a rebuilt read model stays isolated.
    return {
        "id": review_id,
        "tenant": tenant,
        "status": snapshot.status.value,
        "title": snapshot.title,
        "filename": "",
        "our_party": snapshot.our_party,
        "language": snapshot.language.value,
        "domain": snapshot.domain.value,
        "documents": {},
        "options": {},
        "sequence": 0,
        "plan_version": 0,
    }


def _upsert_clause_types(conn: Connection, review_id: str, result: ClauseResult) -> None:
    # A new row is "analyzed"; an existing one keeps its state and gets the types if there are any.
    types = list(result.clause_types)
    statement = _upsert(conn, ClauseRow).values(
        review_id=review_id, clause_id=result.clause_id, state=ClauseState.ANALYZED.value, clause_types=types
    )
    keys = [ClauseRow.review_id, ClauseRow.clause_id]
    if types:
        statement = statement.on_conflict_do_update(index_elements=keys, set_={"clause_types": types})
    else:
        statement = statement.on_conflict_do_nothing(index_elements=keys)
    conn.execute(statement)


_RISK_FIELDS = (
    "clause_id",
    "attempt",
    "position",
    "risk_type",
    "risk_level",
    "description",
    "reason",
    "analysis",
    "original_text",
)


def _upsert_risks(conn: Connection, review_id: str, result: ClauseResult) -> None:
    if not result.risks:
        return
    statement = _upsert(conn, RiskRow)
    conn.execute(
        statement.on_conflict_do_update(
            index_elements=[RiskRow.id], set_={f: statement.excluded[f] for f in _RISK_FIELDS}
        ),
        [
            {
                "id": risk.id,
                "review_id": review_id,
                "clause_id": risk.clause_id,
                "attempt": result.attempt,
                "position": position,
                "risk_type": risk.risk_type,
                "risk_level": risk.risk_level.value,
                "description": risk.description,
                "reason": risk.reason,
                "analysis": risk.analysis,
                "original_text": risk.original_text,
            }
            for position, risk in enumerate(result.risks)
        ],
    )


# An existing redline keeps the status it has since earned (and its review); a new one takes the worker's.
_REDLINE_FIELDS = (
    "clause_id",
    "risk_id",
    "action_type",
    "original_text",
    "proposed_text",
    "reason",
    "round",
    "position",
    "drafted",
    "updated_at",
)


def _upsert_redlines(conn: Connection, review_id: str, result: ClauseResult) -> None:
    if not result.redlines:
        return
    statement = _upsert(conn, RedlineRow)
    now = utcnow()
    conn.execute(
        statement.on_conflict_do_update(
            index_elements=[RedlineRow.id], set_={f: statement.excluded[f] for f in _REDLINE_FIELDS}
        ),
        [
            {
                "id": redline.id,
                "review_id": review_id,
                "status": redline.status.value,
                "clause_id": redline.clause_id,
                "risk_id": redline.risk_id,
                "action_type": redline.action_type,
                "original_text": redline.original_text,
                "proposed_text": redline.proposed_text,
                "reason": redline.reason,
                "round": redline.round,
                "position": position,
                "drafted": True,
                "updated_at": now,
            }
            for position, redline in enumerate(result.redlines)
        ],
    )


def _supersede_rejected(conn: Connection, review_id: str, redline: Redline) -> None:
    if redline.round == 0:
        return
    conn.execute(
        update(RedlineRow)
        .where(
            RedlineRow.review_id == review_id,
            RedlineRow.risk_id == redline.risk_id,
            RedlineRow.round < redline.round,
            RedlineRow.status == RedlineStatus.REJECTED.value,
        )
        .values(status=RedlineStatus.SUPERSEDED.value, updated_at=utcnow())
    )


_CLAUSE_FIELDS = ("position", "title", "depth", "state", "error")


def _apply_clause_progress(conn: Connection, review_id: str, snapshot: ReviewUpdated) -> None:
    """Upsert the clauses the snapshot lists (all of them, or only the changed ones if partial)."""
    if not snapshot.clauses:
        return
    statement = _upsert(conn, ClauseRow)
    conn.execute(
        statement.on_conflict_do_update(
            index_elements=[ClauseRow.review_id, ClauseRow.clause_id],
            set_={f: statement.excluded[f] for f in _CLAUSE_FIELDS},
        ),
        [
            {
                "review_id": review_id,
                "clause_id": progress.clause_id,
                # Full snapshots from older orchestrators list clauses in order without positions.
                "position": progress.position if progress.position is not None else index,
                "title": progress.title,
                "depth": progress.depth.value,
                "state": progress.state.value,
                "error": progress.error,
                "clause_types": [],
            }
            for index, progress in enumerate(snapshot.clauses)
        ],
    )


def _record_plan(conn: Connection, review_id: str, plan_version: int | None, snapshot: ReviewUpdated) -> None:
    assert snapshot.plan is not None
    plan = snapshot.plan
    if plan.plan_version > (plan_version or 0):
        conn.execute(
            update(ReviewRow).where(ReviewRow.id == review_id).values(plan_version=plan.plan_version)
        )
    conn.execute(
        _upsert(conn, PlanVersionRow)
        .values(
            review_id=review_id,
            plan_version=plan.plan_version,
            source=plan.source,
            rationale=snapshot.plan_rationale or plan.global_strategy,
            plan=plan.model_dump(mode="json"),
            recorded_at=utcnow(),
        )
        .on_conflict_do_nothing(index_elements=[PlanVersionRow.review_id, PlanVersionRow.plan_version])
    )


def redline_status_after(current: str, decided_locally: bool, reported: RedlineStatus) -> str:
    """The status to keep when a snapshot reports ``reported`` for a redline now ``current``."""
    if reported is RedlineStatus.PENDING and decided_locally:
        return current
    if reported is RedlineStatus.REJECTED and current == RedlineStatus.SUPERSEDED.value:
        return current
    return reported.value


def _apply_redline_states(conn: Connection, review_id: str, states: tuple[RedlineState, ...]) -> None:
    """Write the reported statuses; a redline not seen yet gets a row (its texts come with the result)."""
    if not states:
        return
    query = select(
        RedlineRow.id,
        RedlineRow.status,
        RedlineRow.final_text,
        RedlineRow.decided_by,
        RedlineRow.decision_request_id,
    ).where(RedlineRow.review_id == review_id)
    if len(states) <= IN_LIST_LIMIT:  # typically a delta: load only the rows it names
        query = query.where(RedlineRow.id.in_([s.redline_id for s in states]))
    rows = {row.id: row for row in conn.execute(query)}
    now = utcnow()
    new: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    for state in states:
        row = rows.get(state.redline_id)
        if row is None:
            new.append(
                {
                    "id": state.redline_id,
                    "review_id": review_id,
                    "clause_id": state.clause_id,
                    "status": state.status.value,
                    "final_text": state.final_text,
                    "decided_by": state.decided_by,
                    "drafted": False,
                    "updated_at": now,
                }
            )
            continue
        status = redline_status_after(row.status, row.decision_request_id is not None, state.status)
        final_text = state.final_text if state.final_text is not None else row.final_text
        decided_by = state.decided_by or row.decided_by
        if (row.status, row.final_text, row.decided_by) == (status, final_text, decided_by):
            continue  # unchanged: no write, and updated_at keeps meaning "last change"
        changed.append(
            {
                "b_id": row.id,
                "status": status,
                "final_text": final_text,
                "decided_by": decided_by,
                "updated_at": now,
            }
        )
    if new:
        conn.execute(insert(RedlineRow), new)
    if changed:
        conn.execute(update(RedlineRow).where(RedlineRow.id == bindparam("b_id")), changed)
