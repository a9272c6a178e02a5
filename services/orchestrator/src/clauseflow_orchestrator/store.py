"""Durable orchestrator state: reviews, processed event ids, plan versions and the outbox.

SQLAlchemy 2 async; SQLite by default, PostgreSQL by URL. The new review state, the
input event's id and the events to publish are written in ONE transaction, so after a
crash either all of an event's effects exist or none do, and a replayed event is
recognised. The outbox relay publishes the rows afterwards (at-least-once).

A review is stored as a small head row plus one row per clause and per redline, and only
the rows an event changed are written, so an event costs O(changes), not O(clauses). The
decoded state of recently used reviews is cached; every head row carries a version that
each commit increments *only if it is still the version that was loaded* (optimistic
concurrency), so a second orchestrator instance (a consumer-group rebalance) or a restart
can never be overwritten by a stale cache: the loser gets :class:`StaleReviewState` and
reloads.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from clauseflow_shared.events import Envelope
from clauseflow_shared.review import ChecklistItem
from pydantic import TypeAdapter
from sqlalchemy import (
    Connection,
    DateTime,
    Integer,
    String,
    Text,
    bindparam,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from clauseflow_orchestrator.core_types import Outgoing
from clauseflow_orchestrator.state import ClauseRecord, PlanVersion, RedlineRecord, ReviewState


def _now() -> datetime:
    return datetime.now(UTC)


class StaleReviewState(Exception):
    """The review changed in the database since it was loaded (another instance committed first)."""


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
    version: Mapped[int] = mapped_column(Integer, default=1)
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


def _sqlite_pragmas(dbapi_connection: Any, _: object) -> None:
    # WAL + synchronous=NORMAL: a commit is atomic and survives a killed process (kill -9);
    # only an OS crash or power loss may lose the last commits, never corrupt the database.
    # Full fsync on every event was the orchestrator's largest cost on a big review.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _add_version_column(conn: Connection) -> None:
    """Databases created before optimistic versioning lack ``orchestrator_reviews.version``: add it."""
    columns = {c["name"] for c in inspect(conn).get_columns(ReviewRow.__tablename__)}
    if "version" not in columns:
        conn.execute(
            text(f"ALTER TABLE {ReviewRow.__tablename__} ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
        )


_CHECKLIST = TypeAdapter(list[ChecklistItem])

# Parts of the state stored elsewhere (see ReviewRow).
_SEPARATE = {"checklist", "plan", "plan_history", "clauses", "redlines"}

# Decoded states kept per orchestrator (a review in flight is touched on every result).
CACHE_SIZE = 256


@dataclass(frozen=True)
class PendingEvent:
    """An outbox row waiting to be published."""

    id: int
    topic: str
    key: str
    envelope: Envelope


@dataclass(frozen=True)
class _Cached:
    version: int
    state: ReviewState


class OrchestratorStore:
    """The orchestrator's database (SQLAlchemy Core statements: one round trip each, no unit of work)."""

    def __init__(self, url: str, *, cache_size: int = CACHE_SIZE) -> None:
        self.url = url
        self._engine: AsyncEngine | None = None
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._cache_size = cache_size

    async def start(self) -> None:
        """Connect and create missing tables (SQLite: the file's directory too, WAL mode)."""
        parsed = make_url(self.url)
        kwargs: dict = {}
        if parsed.get_backend_name() == "sqlite":
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": 30}
        self._engine = create_async_engine(self.url, **kwargs)
        if parsed.get_backend_name() == "sqlite":
            event.listen(self._engine.sync_engine, "connect", _sqlite_pragmas)
        async with self._engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)
            await conn.run_sync(_add_version_column)

    async def stop(self) -> None:
        """Close every connection."""
        self._cache.clear()
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None

    def _db(self) -> AsyncEngine:
        if self._engine is None:
            raise RuntimeError("OrchestratorStore.start() was not called")
        return self._engine

    async def load(self, review_id: str) -> ReviewState | None:
        """The stored state of a review, or None.

        The returned state may be shared with the cache: treat it as read-only (the decision
        core works on a copy). Only the head row's version is read when the cache is current.
        """
        async with self._db().connect() as conn:
            version = (
                await conn.execute(select(ReviewRow.version).where(ReviewRow.review_id == review_id))
            ).scalar_one_or_none()
            return await self._load(conn, review_id, version)

    async def load_unless_processed(self, event_id: str, review_id: str) -> tuple[bool, ReviewState | None]:
        """``(True, None)`` if the event was applied already, else ``(False, state)``.

        One statement answers both questions (processed? head version?); with the state cached
        at that version, that is the only read.
        """
        processed = (
            select(ProcessedEventRow.event_id).where(ProcessedEventRow.event_id == event_id).scalar_subquery()
        )
        version = select(ReviewRow.version).where(ReviewRow.review_id == review_id).scalar_subquery()
        async with self._db().connect() as conn:
            row = (await conn.execute(select(processed.label("processed"), version.label("version")))).one()
            if row.processed is not None:
                return True, None
            return False, await self._load(conn, review_id, row.version)

    async def _load(self, conn: AsyncConnection, review_id: str, version: int | None) -> ReviewState | None:
        if version is None:
            self._cache.pop(review_id, None)
            return None
        cached = self._cache.get(review_id)
        if cached is not None and cached.version == version:
            self._cache.move_to_end(review_id)
            return cached.state
        read = await self._read_state(conn, review_id)
        if read is None:
            return None
        state, legacy, version = read
        if legacy:
            # Written before clauses had rows (inline in the head): not a base for a delta
            # write, so the next commit rewrites the review in the current layout.
            self._cache.pop(review_id, None)
            return state
        self._remember(review_id, version, state)
        return state

    async def _read_state(
        self, conn: AsyncConnection, review_id: str
    ) -> tuple[ReviewState, bool, int] | None:
        """The state, whether it is in the old layout (clauses inline in the head row), and its version."""
        head = (
            await conn.execute(
                select(ReviewRow.state, ReviewRow.version).where(ReviewRow.review_id == review_id)
            )
        ).one_or_none()
        if head is None:
            return None
        state = ReviewState.model_validate_json(head.state)
        # States written before clauses and redlines had rows of their own carry them inline.
        clauses = (
            await conn.execute(
                select(ClauseStateRow.record)
                .where(ClauseStateRow.review_id == review_id)
                .order_by(ClauseStateRow.position)
            )
        ).scalars()
        from_rows = False
        for record in clauses:
            clause = ClauseRecord.model_validate_json(record)
            state.clauses[clause.clause_id] = clause
            from_rows = True
        redlines = (
            await conn.execute(
                select(RedlineStateRow.record)
                .where(RedlineStateRow.review_id == review_id)
                .order_by(RedlineStateRow.position)
            )
        ).scalars()
        for record in redlines:
            redline = RedlineRecord.model_validate_json(record)
            state.redlines[redline.id] = redline
        history = await self._plan_history(conn, review_id)
        if history:  # states written before the plan moved out carry it inline
            state.plan_history, state.plan = history, history[-1].plan
        checklist = (
            await conn.execute(select(ChecklistRow.checklist).where(ChecklistRow.review_id == review_id))
        ).scalar_one_or_none()
        if checklist is not None:
            state.checklist = _CHECKLIST.validate_json(checklist)
        return state, bool(state.clauses) and not from_rows, head.version or 1

    def _remember(self, review_id: str, version: int, state: ReviewState) -> None:
        if state.is_terminal():  # nothing more will happen to it: do not hold it in memory
            self._cache.pop(review_id, None)
            return
        self._cache[review_id] = _Cached(version, state)
        self._cache.move_to_end(review_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def is_processed(self, event_id: str) -> bool:
        """Whether an input event has already been applied."""
        async with self._db().connect() as conn:
            found = await conn.execute(
                select(ProcessedEventRow.event_id).where(ProcessedEventRow.event_id == event_id)
            )
            return found.first() is not None

    async def commit(
        self, event_id: str, review_id: str, state: ReviewState | None, outgoing: Sequence[Outgoing]
    ) -> list[PendingEvent]:
        """Record the event as processed, the new state, new plan versions and the outbox, atomically.

        Returns the outbox rows written (with their ids), for the relay to publish without
        reading them back. Raises :class:`StaleReviewState` (and writes nothing) if the review
        was committed by someone else since this store loaded it.
        """
        base = self._cache.get(review_id) if state is not None else None
        version: int | None = None
        try:
            async with self._db().begin() as conn:
                await conn.execute(insert(ProcessedEventRow).values(event_id=event_id, review_id=review_id))
                if state is not None:
                    version = await self._save_state(conn, state, base)
                written = await _insert_outbox(conn, review_id, outgoing)
        except BaseException:
            self._cache.pop(review_id, None)  # whatever the database holds now, the cache may not
            raise
        if state is not None and version is not None:
            self._remember(review_id, version, state)
        return written

    async def _save_state(self, conn: AsyncConnection, state: ReviewState, base: _Cached | None) -> int:
        """Write the head and the changed clause and redline rows; returns the new version."""
        review_id = state.review_id
        head = state.model_dump_json(exclude=_SEPARATE)
        if base is None:
            version = await self._replace_state(conn, state, head)
        else:
            version = base.version + 1
            written = await conn.execute(
                update(ReviewRow)
                .where(ReviewRow.review_id == review_id, ReviewRow.version == base.version)
                .values(status=state.status.value, state=head, version=version, updated_at=_now())
            )
            if written.rowcount != 1:
                raise StaleReviewState(f"review {review_id} changed since version {base.version}")
            await self._write_changed(conn, state, base.state)
        if state.checklist and (base is None or not base.state.checklist):
            stored = await conn.execute(
                select(ChecklistRow.review_id).where(ChecklistRow.review_id == review_id)
            )
            if stored.first() is None:
                await conn.execute(
                    insert(ChecklistRow).values(
                        review_id=review_id, checklist=_CHECKLIST.dump_json(state.checklist).decode()
                    )
                )
        await self._add_plan_versions(conn, state, base)
        return version

    async def _replace_state(self, conn: AsyncConnection, state: ReviewState, head: str) -> int:
        """Without a cached base: write the head (new version) and every clause and redline row."""
        review_id = state.review_id
        stored = (
            await conn.execute(select(ReviewRow.version).where(ReviewRow.review_id == review_id))
        ).one_or_none()
        if stored is None:
            version = 1
            await conn.execute(
                insert(ReviewRow).values(
                    review_id=review_id, status=state.status.value, state=head, version=1
                )
            )
        else:
            version = (stored.version or 0) + 1
            await conn.execute(
                update(ReviewRow)
                .where(ReviewRow.review_id == review_id)
                .values(status=state.status.value, state=head, version=version, updated_at=_now())
            )
        await conn.execute(delete(ClauseStateRow).where(ClauseStateRow.review_id == review_id))
        await conn.execute(delete(RedlineStateRow).where(RedlineStateRow.review_id == review_id))
        clauses = [(i, cid, c) for i, (cid, c) in enumerate(state.clauses.items())]
        redlines = [(i, rid, r) for i, (rid, r) in enumerate(state.redlines.items())]
        await _insert_records(conn, ClauseStateRow, review_id, "clause_id", clauses)
        await _insert_records(conn, RedlineStateRow, review_id, "redline_id", redlines)
        return version

    @staticmethod
    async def _write_changed(conn: AsyncConnection, state: ReviewState, before: ReviewState) -> None:
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
            await _insert_records(conn, table, state.review_id, key, added)
            if changed:
                await conn.execute(
                    update(table)
                    .where(table.review_id == bindparam("b_review"), getattr(table, key) == bindparam("b_id"))
                    .values(record=bindparam("b_record")),
                    changed,
                )

    async def _add_plan_versions(
        self, conn: AsyncConnection, state: ReviewState, base: _Cached | None
    ) -> None:
        if base is not None:
            stored = {pv.plan.plan_version for pv in base.state.plan_history}
        else:
            stored = set(
                (
                    await conn.execute(
                        select(PlanVersionRow.version).where(PlanVersionRow.review_id == state.review_id)
                    )
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
            await conn.execute(insert(PlanVersionRow), new)

    async def plan_versions(self, review_id: str) -> list[PlanVersion]:
        """Every plan version of a review, oldest first."""
        async with self._db().connect() as conn:
            return await self._plan_history(conn, review_id)

    @staticmethod
    async def _plan_history(conn: AsyncConnection, review_id: str) -> list[PlanVersion]:
        rows = await conn.execute(
            select(PlanVersionRow.plan)
            .where(PlanVersionRow.review_id == review_id)
            .order_by(PlanVersionRow.version)
        )
        return [PlanVersion.model_validate_json(p) for p in rows.scalars()]

    async def reviews_with_status(self, status: str) -> list[str]:
        """Ids of reviews in a status (used to resume interrupted summaries at start)."""
        async with self._db().connect() as conn:
            rows = await conn.execute(select(ReviewRow.review_id).where(ReviewRow.status == status))
            return list(rows.scalars())

    async def pending(
        self, limit: int = 200, *, after_id: int = 0, min_age_s: float | None = None
    ) -> list[PendingEvent]:
        """Unsent outbox rows in the order written, ids above ``after_id``, optionally only older ones."""
        query = select(OutboxRow.id, OutboxRow.topic, OutboxRow.key, OutboxRow.envelope).where(
            OutboxRow.sent_at.is_(None), OutboxRow.id > after_id
        )
        if min_age_s is not None:
            query = query.where(OutboxRow.created_at <= _now() - timedelta(seconds=min_age_s))
        async with self._db().connect() as conn:
            rows = await conn.execute(query.order_by(OutboxRow.id).limit(limit))
            return [
                PendingEvent(r.id, r.topic, r.key, Envelope.model_validate_json(r.envelope)) for r in rows
            ]

    async def mark_sent(self, ids: Sequence[int]) -> None:
        """Mark outbox rows as published (one statement)."""
        if not ids:
            return
        async with self._db().begin() as conn:
            await conn.execute(update(OutboxRow).where(OutboxRow.id.in_(list(ids))).values(sent_at=_now()))


async def _insert_outbox(
    conn: AsyncConnection, review_id: str, outgoing: Sequence[Outgoing]
) -> list[PendingEvent]:
    """Insert the outbox rows of one commit; returns them with their ids, in order."""
    if not outgoing:
        return []
    now = _now()
    ids = (
        await conn.execute(
            insert(OutboxRow).returning(OutboxRow.id, sort_by_parameter_order=True),
            [
                {
                    "event_id": out.envelope.event_id,
                    "review_id": review_id,
                    "topic": out.topic,
                    "key": out.key,
                    "envelope": out.envelope.model_dump_json(),
                    "created_at": now,
                }
                for out in outgoing
            ],
        )
    ).scalars()
    return [PendingEvent(i, out.topic, out.key, out.envelope) for i, out in zip(ids, outgoing, strict=True)]


async def _insert_records(
    conn: AsyncConnection,
    table: type[ClauseStateRow] | type[RedlineStateRow],
    review_id: str,
    key: str,
    records: Sequence[tuple[int, str, ClauseRecord | RedlineRecord]],
) -> None:
    """Insert clause or redline rows given as ``(position, id, record)``."""
    if records:
        await conn.execute(
            insert(table),
            [
                {"review_id": review_id, key: rid, "position": position, "record": record.model_dump_json()}
                for position, rid, record in records
            ],
        )
