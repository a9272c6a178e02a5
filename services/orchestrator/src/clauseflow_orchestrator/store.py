"""Durable orchestrator state: reviews, processed event ids, plan versions and the outbox.

SQLAlchemy Core; SQLite by default (each transaction one synchronous function in a worker
thread), PostgreSQL by URL (the same functions on the async engine). The new review state, the
input event's id and the events to publish are written in ONE transaction, so after a
crash either all of an event's effects exist or none do, and a replayed event is
recognised. The outbox relay publishes the rows afterwards (at-least-once).

A review is stored as a small head row plus one row per clause and per redline, and only
the rows an event changed are written, so an event costs O(changes), not O(clauses). The
decoded state of recently used reviews is cached; every head row carries a version that
each commit increments *only if it is still the version the handler loaded* (optimistic
concurrency), so a second orchestrator instance (a consumer-group rebalance) or a restart
can never be overwritten by a stale cache: the loser gets :class:`StaleReviewState` and
reloads. The check is against the version the handler was given (not whatever the cache
holds by commit time, which a concurrent read may have refreshed), a review no longer in the
cache is written with the same check, and a read never replaces a newer cached version.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from clauseflow_contracts.events import MAX_EVENT_BYTES, Envelope, EventDeadLettered, Topic
from clauseflow_contracts.review import ChecklistItem
from clauseflow_platform.db.runner import Database
from clauseflow_platform.logging import get_logger
from clauseflow_platform.outbox import PendingEvent
from clauseflow_platform.settings import DatabaseSettings
from pydantic import TypeAdapter
from sqlalchemy import (
    Connection,
    bindparam,
    delete,
    insert,
    select,
    update,
)

from clauseflow_orchestrator.core_types import Outgoing
from clauseflow_orchestrator.migrate import HISTORY
from clauseflow_orchestrator.state import ClauseRecord, PlanVersion, RedlineRecord, ReviewState
from clauseflow_orchestrator.tables import (
    ChecklistRow,
    ClauseStateRow,
    OrchestratorDeadLetterRow,
    OutboxRow,
    PlanVersionRow,
    ProcessedEventRow,
    RedlineStateRow,
    ReviewRow,
)

log = get_logger(__name__)


def _now() -> datetime:
    return datetime.now(UTC)


class StaleReviewState(Exception):
    """The review changed in the database since it was loaded (another instance committed first)."""


_CHECKLIST = TypeAdapter(list[ChecklistItem])

# Parts of the state stored elsewhere (see ReviewRow).
_SEPARATE = {"checklist", "plan", "plan_history", "clauses", "redlines"}

# Decoded states kept per orchestrator (a review in flight is touched on every result).
CACHE_SIZE = 256


class _CachedVersion:
    """The default of ``commit(expected_version=...)``: the version of the cached state."""


CACHED_VERSION = _CachedVersion()


@dataclass(frozen=True)
class _Cached:
    version: int
    state: ReviewState


@dataclass(frozen=True)
class _Loaded:
    """What one load transaction found: processed already? the head version, and the state if read."""

    processed: bool
    version: int | None = None
    read: tuple[ReviewState, bool, int] | None = None  # None: the cached state is current


class OrchestratorStore:
    """The orchestrator's database (SQLAlchemy Core statements, one transaction per call, no unit of work)."""

    def __init__(
        self, url: str, *, cache_size: int = CACHE_SIZE, settings: DatabaseSettings | None = None
    ) -> None:
        self.url = url
        self._settings = settings
        self._database: Database | None = None
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._cache_size = cache_size

    async def start(self) -> None:
        """Connect and migrate the schema to the newest revision (SQLite: the file's directory too)."""
        self._database = Database(self.url, self._settings)
        await self._database.upgrade(HISTORY)

    async def stop(self) -> None:
        """Close every connection."""
        self._cache.clear()
        if self._database is not None:
            await self._database.dispose()
            self._database = None

    def _db(self) -> Database:
        if self._database is None:
            raise RuntimeError("OrchestratorStore.start() was not called")
        return self._database

    async def load(self, review_id: str) -> ReviewState | None:
        """The stored state of a review, or None.

        The returned state may be shared with the cache: treat it as read-only (the decision
        core works on a copy). Only the head row's version is read when the cache is current.
        """
        cached = self._cache.get(review_id)
        loaded = await self._db().read(_load_review, None, review_id, cached.version if cached else None)
        return self._resolve(review_id, loaded, cached)

    async def load_unless_processed(self, event_id: str, review_id: str) -> tuple[bool, ReviewState | None]:
        """``(True, None)`` if the event was applied already, else ``(False, state)``."""
        processed, state, _ = await self.load_for_update(event_id, review_id)
        return processed, state

    async def load_for_update(
        self, event_id: str, review_id: str
    ) -> tuple[bool, ReviewState | None, int | None]:
        """``(processed?, state, version)``: the version to pass to :meth:`commit` as ``expected_version``.

        One statement answers both questions (processed? head version?); with the state cached
        at that version, that is the only read.
        """
        cached = self._cache.get(review_id)
        loaded = await self._db().read(_load_review, event_id, review_id, cached.version if cached else None)
        if loaded.processed:
            return True, None, None
        return False, self._resolve(review_id, loaded, cached), loaded.version

    def _resolve(self, review_id: str, loaded: _Loaded, cached: _Cached | None) -> ReviewState | None:
        if loaded.version is None:
            self._cache.pop(review_id, None)
            return None
        if loaded.read is None:
            assert cached is not None  # the load found the cached version current
            if self._cache.get(review_id) is cached:
                self._cache.move_to_end(review_id)
            return cached.state
        state, legacy, version = loaded.read
        if legacy:
            # Written before clauses had rows (inline in the head): not a base for a delta
            # write, so the next commit rewrites the review in the current layout.
            self._cache.pop(review_id, None)
            return state
        self._remember(review_id, version, state)
        return state

    def _remember(self, review_id: str, version: int, state: ReviewState) -> None:
        current = self._cache.get(review_id)
        if current is not None and current.version > version:
            # A read that started before a commit of this process finished after it: the cache
            # keeps the newer state (it never moves backwards).
            return
        if state.is_terminal():  # nothing more will happen to it: do not hold it in memory
            self._cache.pop(review_id, None)
            return
        self._cache[review_id] = _Cached(version, state)
        self._cache.move_to_end(review_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def is_processed(self, event_id: str) -> bool:
        """Whether an input event has already been applied."""
        return await self._db().read(_is_processed, event_id)

    async def commit(
        self,
        event_id: str,
        review_id: str,
        state: ReviewState | None,
        outgoing: Sequence[Outgoing],
        *,
        expected_version: int | _CachedVersion | None = CACHED_VERSION,
    ) -> list[PendingEvent]:
        """Record the event as processed, the new state, new plan versions and the outbox, atomically.

        ``expected_version`` is the version the state was derived from (from
        :meth:`load_for_update`; None: a new review); by default, the cached one. Returns the
        outbox rows written (with their ids), for the relay to publish without reading them back.
        Raises :class:`StaleReviewState` (and writes nothing) if the review's stored version is
        not ``expected_version`` (someone else committed it since it was loaded).
        """
        cached = self._cache.get(review_id)
        if isinstance(expected_version, _CachedVersion):
            expected_version = cached.version if cached is not None else None
        # The cached state is a base for a delta write only if it is the state the handler loaded.
        base = (
            cached
            if state is not None and cached is not None and cached.version == expected_version
            else None
        )
        try:
            version, written = await self._db().write(
                _commit_event, event_id, review_id, state, base, expected_version, list(outgoing)
            )
        except BaseException:
            self._cache.pop(review_id, None)  # whatever the database holds now, the cache may not
            raise
        if state is not None and version is not None:
            self._remember(review_id, version, state)
        return written

    async def plan_versions(self, review_id: str) -> list[PlanVersion]:
        """Every plan version of a review, oldest first."""
        return await self._db().read(_plan_history, review_id)

    async def reviews_with_status(self, status: str) -> list[str]:
        """Ids of reviews in a status (used to resume interrupted summaries at start)."""
        return await self._db().read(_reviews_with_status, status)

    async def pending(
        self, limit: int = 200, *, after_id: int = 0, min_age_s: float | None = None
    ) -> list[PendingEvent]:
        """Unsent outbox rows in the order written, ids above ``after_id``, optionally only older ones."""
        return await self._db().read(_pending, limit, after_id, min_age_s)

    async def dead_letter(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        """Move rows that can never be published to the dead-letter table (and mark them sent)."""
        if rows:
            await self._db().write(_dead_letter, list(rows))

    async def dead_letters(self) -> list[tuple[str, str]]:
        """``(event_id, error)`` of every dead-lettered outbox event, oldest first."""
        return await self._db().read(_dead_letters)

    async def record_failures(self, rows: Sequence[tuple[PendingEvent, str]]) -> None:
        """Nothing to note: the orchestrator's outbox keeps no attempt count (the relay logs each failure)."""

    async def mark_sent(self, ids: Sequence[int]) -> None:
        """Mark outbox rows as published (one statement)."""
        if ids:
            await self._db().write(_mark_sent, list(ids))


# ---- the transactions: synchronous functions of one connection ------------------------------


def _load_review(
    conn: Connection, event_id: str | None, review_id: str, cached_version: int | None
) -> _Loaded:
    """Processed already? The head version; the whole state unless ``cached_version`` is current."""
    if event_id is None:
        version = conn.execute(
            select(ReviewRow.version).where(ReviewRow.review_id == review_id)
        ).scalar_one_or_none()
    else:
        processed = (
            select(ProcessedEventRow.event_id).where(ProcessedEventRow.event_id == event_id).scalar_subquery()
        )
        head = select(ReviewRow.version).where(ReviewRow.review_id == review_id).scalar_subquery()
        row = conn.execute(select(processed.label("processed"), head.label("version"))).one()
        if row.processed is not None:
            return _Loaded(processed=True)
        version = row.version
    if version is None:
        return _Loaded(processed=False)
    if cached_version is not None and version == cached_version:
        return _Loaded(processed=False, version=version)
    read = _read_state(conn, review_id)
    if read is None:  # cannot happen inside one snapshot; treated as absent
        return _Loaded(processed=False)
    return _Loaded(processed=False, version=read[2], read=read)


def _read_state(conn: Connection, review_id: str) -> tuple[ReviewState, bool, int] | None:
    """The state, whether it is in the old layout (clauses inline in the head row), and its version."""
    head = conn.execute(
        select(ReviewRow.state, ReviewRow.version).where(ReviewRow.review_id == review_id)
    ).one_or_none()
    if head is None:
        return None
    state = ReviewState.model_validate_json(head.state)
    # States written before clauses and redlines had rows of their own carry them inline.
    clauses = conn.execute(
        select(ClauseStateRow.record)
        .where(ClauseStateRow.review_id == review_id)
        .order_by(ClauseStateRow.position)
    ).scalars()
    from_rows = False
    for record in clauses:
        clause = ClauseRecord.model_validate_json(record)
        state.clauses[clause.clause_id] = clause
        from_rows = True
    redlines = conn.execute(
        select(RedlineStateRow.record)
        .where(RedlineStateRow.review_id == review_id)
        .order_by(RedlineStateRow.position)
    ).scalars()
    for record in redlines:
        redline = RedlineRecord.model_validate_json(record)
        state.redlines[redline.id] = redline
    history = _plan_history(conn, review_id)
    if history:  # states written before the plan moved out carry it inline
        state.plan_history, state.plan = history, history[-1].plan
    checklist = conn.execute(
        select(ChecklistRow.checklist).where(ChecklistRow.review_id == review_id)
    ).scalar_one_or_none()
    if checklist is not None:
        state.checklist = _CHECKLIST.validate_json(checklist)
    return state, bool(state.clauses) and not from_rows, head.version or 1


def _is_processed(conn: Connection, event_id: str) -> bool:
    found = conn.execute(select(ProcessedEventRow.event_id).where(ProcessedEventRow.event_id == event_id))
    return found.first() is not None


def _commit_event(
    conn: Connection,
    event_id: str,
    review_id: str,
    state: ReviewState | None,
    base: _Cached | None,
    expected: int | None,
    outgoing: list[Outgoing],
) -> tuple[int | None, list[PendingEvent]]:
    """The commit transaction: processed event, state (version-checked) and outbox rows."""
    # The insert comes first: on SQLite it takes the write lock before anything is read.
    conn.execute(insert(ProcessedEventRow).values(event_id=event_id, review_id=review_id))
    version = _save_state(conn, state, base, expected) if state is not None else None
    return version, _insert_outbox(conn, review_id, outgoing)


def _save_state(conn: Connection, state: ReviewState, base: _Cached | None, expected: int | None) -> int:
    """Write the head and the changed clause and redline rows; returns the new version."""
    review_id = state.review_id
    head = state.model_dump_json(exclude=_SEPARATE)
    if base is None:
        version = _replace_state(conn, state, head, expected)
    else:
        version = base.version + 1
        written = conn.execute(
            update(ReviewRow)
            .where(ReviewRow.review_id == review_id, ReviewRow.version == base.version)
            .values(status=state.status.value, state=head, version=version, updated_at=_now())
        )
        if written.rowcount != 1:
            raise StaleReviewState(f"review {review_id} changed since version {base.version}")
        _write_changed(conn, state, base.state)
    if state.checklist and (base is None or not base.state.checklist):
        stored = conn.execute(select(ChecklistRow.review_id).where(ChecklistRow.review_id == review_id))
        if stored.first() is None:
            conn.execute(
                insert(ChecklistRow).values(
                    review_id=review_id, checklist=_CHECKLIST.dump_json(state.checklist).decode()
                )
            )
    _add_plan_versions(conn, state, base)
    return version


def _replace_state(conn: Connection, state: ReviewState, head: str, expected: int | None) -> int:
    """Without a cached base: write the head (new version) and every clause and redline row.

    Version-checked like a delta write: ``expected`` None means the review must not exist yet.
    """
    review_id = state.review_id
    stored = conn.execute(select(ReviewRow.version).where(ReviewRow.review_id == review_id)).one_or_none()
    found = None if stored is None else (stored.version or 1)
    if found != expected:
        raise StaleReviewState(f"review {review_id} is at version {found}, not {expected} as loaded")
    if stored is None:
        version = 1
        conn.execute(
            insert(ReviewRow).values(review_id=review_id, status=state.status.value, state=head, version=1)
        )
    else:
        version = (stored.version or 0) + 1
        written = conn.execute(
            update(ReviewRow)
            .where(ReviewRow.review_id == review_id, ReviewRow.version == stored.version)
            .values(status=state.status.value, state=head, version=version, updated_at=_now())
        )
        if written.rowcount != 1:
            raise StaleReviewState(f"review {review_id} changed since version {stored.version}")
    conn.execute(delete(ClauseStateRow).where(ClauseStateRow.review_id == review_id))
    conn.execute(delete(RedlineStateRow).where(RedlineStateRow.review_id == review_id))
    clauses = [(i, cid, c) for i, (cid, c) in enumerate(state.clauses.items())]
    redlines = [(i, rid, r) for i, (rid, r) in enumerate(state.redlines.items())]
    _insert_records(conn, ClauseStateRow, review_id, "clause_id", clauses)
    _insert_records(conn, RedlineStateRow, review_id, "redline_id", redlines)
    return version


def _write_changed(conn: Connection, state: ReviewState, before: ReviewState) -> None:
    """Insert new and update changed clause and redline rows (compared with the loaded state)."""
    for table, key, now, old in (
        (ClauseStateRow, "clause_id", state.clauses, before.clauses),
        (RedlineStateRow, "redline_id", state.redlines, before.redlines),
    ):
        added: list[tuple[int, str, Any]] = []
        changed: list[dict[str, Any]] = []
        for position, (rid, record) in enumerate(now.items()):
            previous = old.get(rid)
            if previous is None:
                added.append((position, rid, record))
            elif previous is not record and previous != record:  # unchanged records stay shared
                changed.append(
                    {"b_review": state.review_id, "b_id": rid, "b_record": record.model_dump_json()}
                )
        _insert_records(conn, table, state.review_id, key, added)
        if changed:
            conn.execute(
                update(table)
                .where(table.review_id == bindparam("b_review"), getattr(table, key) == bindparam("b_id"))
                .values(record=bindparam("b_record")),
                changed,
            )


def _add_plan_versions(conn: Connection, state: ReviewState, base: _Cached | None) -> None:
    if base is not None:
        stored = {pv.plan.plan_version for pv in base.state.plan_history}
    else:
        stored = set(
            conn.execute(
                select(PlanVersionRow.version).where(PlanVersionRow.review_id == state.review_id)
            ).scalars()
        )
    new = [
        {
            "review_id": state.review_id,
            "version": pv.plan.plan_version,
            "trigger": pv.trigger,
            "rationale": pv.rationale,
            "plan": pv.model_dump_json(),
        }
        for pv in state.plan_history
        if pv.plan.plan_version not in stored
    ]
    if new:
        conn.execute(insert(PlanVersionRow), new)


def _plan_history(conn: Connection, review_id: str) -> list[PlanVersion]:
    rows = conn.execute(
        select(PlanVersionRow.plan)
        .where(PlanVersionRow.review_id == review_id)
        .order_by(PlanVersionRow.version)
    )
    return [PlanVersion.model_validate_json(p) for p in rows.scalars()]


def _reviews_with_status(conn: Connection, status: str) -> list[str]:
    return list(conn.execute(select(ReviewRow.review_id).where(ReviewRow.status == status)).scalars())


def _pending(conn: Connection, limit: int, after_id: int, min_age_s: float | None) -> list[PendingEvent]:
    query = select(OutboxRow.id, OutboxRow.topic, OutboxRow.key, OutboxRow.envelope).where(
        OutboxRow.sent_at.is_(None), OutboxRow.id > after_id
    )
    if min_age_s is not None:
        query = query.where(OutboxRow.created_at <= _now() - timedelta(seconds=min_age_s))
    rows = conn.execute(query.order_by(OutboxRow.id).limit(limit))
    return [PendingEvent(r.id, r.topic, r.key, Envelope.model_validate_json(r.envelope)) for r in rows]


def _dead_letter(conn: Connection, rows: list[tuple[PendingEvent, str]]) -> None:
    conn.execute(
        insert(OrchestratorDeadLetterRow),
        [
            {
                "outbox_id": row.id,
                "event_id": row.envelope.event_id,
                "review_id": row.envelope.review_id,
                "topic": row.topic,
                "key": row.key,
                "envelope": row.envelope.model_dump_json(),
                "error": error[:4000],
            }
            for row, error in rows
        ],
    )
    _mark_sent(conn, [row.id for row, _ in rows])
    for row, error in rows:
        _report_dead_letter(conn, row.envelope, row.topic, error)


def _report_dead_letter(conn: Connection, dead: Envelope, topic: str, error: str) -> None:
    """Tell the gateway, in the dead letter's transaction, so ``GET /v1/ops/health`` shows it.

    The dead letter stays in this service's database, which the gateway does not read: a small
    event (:class:`EventDeadLettered`) reaches it instead, through this outbox like any other.
    A report that itself cannot be published is not reported again (its log line says it).
    """
    if dead.type == EventDeadLettered.TYPE:
        return
    notice = Envelope.wrap(
        dead.review_id,
        EventDeadLettered(
            service="orchestrator",
            event_id=dead.event_id,
            event_type=dead.type,
            topic=topic,
            error=error[:1000],
        ),
        event_id=f"{dead.event_id}:dead_lettered",
        tenant_id=dead.tenant_id,
    )
    conn.execute(
        insert(OutboxRow).values(
            event_id=notice.event_id,
            review_id=dead.review_id,
            topic=Topic.REVIEW_UPDATES,
            key=dead.review_id,
            envelope=notice.model_dump_json(),
            created_at=_now(),
        )
    )


def _dead_letters(conn: Connection) -> list[tuple[str, str]]:
    rows = conn.execute(
        select(OrchestratorDeadLetterRow.event_id, OrchestratorDeadLetterRow.error).order_by(
            OrchestratorDeadLetterRow.id
        )
    )
    return [(r.event_id, r.error) for r in rows]


def _mark_sent(conn: Connection, ids: list[int]) -> None:
    conn.execute(update(OutboxRow).where(OutboxRow.id.in_(ids)).values(sent_at=_now()))


def _insert_outbox(conn: Connection, review_id: str, outgoing: Sequence[Outgoing]) -> list[PendingEvent]:
    """Insert the outbox rows of one commit; returns them with their ids, in order.

    An event over the size limit could never be published: it goes to the dead-letter table
    instead (with an error log), so it never blocks the rows behind it.
    """
    if not outgoing:
        return []
    now = _now()
    rows, publishable = [], []
    for out in outgoing:
        envelope = out.envelope.model_dump_json()
        if len(envelope.encode()) > MAX_EVENT_BYTES:
            _dead_letter_oversized(conn, review_id, out, envelope)
            continue
        publishable.append(out)
        rows.append(
            {
                "event_id": out.envelope.event_id,
                "review_id": review_id,
                "topic": out.topic,
                "key": out.key,
                "envelope": envelope,
                "created_at": now,
            }
        )
    if not rows:
        return []
    ids = conn.execute(
        insert(OutboxRow).returning(OutboxRow.id, sort_by_parameter_order=True), rows
    ).scalars()
    return [
        PendingEvent(i, out.topic, out.key, out.envelope) for i, out in zip(ids, publishable, strict=True)
    ]


def _dead_letter_oversized(conn: Connection, review_id: str, out: Outgoing, envelope: str) -> None:
    size = len(envelope.encode())
    error = f"InvalidEvent: event is {size} bytes; events must stay under {MAX_EVENT_BYTES}"
    conn.execute(
        insert(OrchestratorDeadLetterRow).values(
            event_id=out.envelope.event_id,
            review_id=review_id,
            topic=out.topic,
            key=out.key,
            envelope=envelope,
            error=error,
        )
    )
    _report_dead_letter(conn, out.envelope, out.topic, error)
    log.error(
        "outbox.dead_lettered",
        review_id=review_id,
        event_id=out.envelope.event_id,
        event_type=out.envelope.type,
        topic=out.topic,
        error=error,
    )


def _insert_records(
    conn: Connection,
    table: type[ClauseStateRow] | type[RedlineStateRow],
    review_id: str,
    key: str,
    records: Sequence[tuple[int, str, ClauseRecord | RedlineRecord]],
) -> None:
    """Insert clause or redline rows given as ``(position, id, record)``."""
    if records:
        conn.execute(
            insert(table),
            [
                {"review_id": review_id, key: rid, "position": position, "record": record.model_dump_json()}
                for position, rid, record in records
            ],
        )
