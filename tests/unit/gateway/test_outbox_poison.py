"""The gateway's outbox: a row that can never be published is dead-lettered and blocks nothing."""

from __future__ import annotations

from pathlib import Path

from clauseflow_contracts.events import MAX_EVENT_BYTES, Envelope, ReviewRetryRequested, Topic
from clauseflow_gateway.db.engine import create_engine, create_schema, session_factory
from clauseflow_gateway.db.tables import OutboxDeadLetterRow, OutboxRow
from clauseflow_gateway.outbox import OutboxRelay
from clauseflow_platform.bus.memory import InMemoryBus
from sqlalchemy import event, select


def _event(name: str, padding: int = 0) -> str:
    payload = ReviewRetryRequested(request_id=name, requested_by="x" * padding)
    return Envelope.wrap("rev_1", payload, event_id=f"evt_{name}").model_dump_json()


async def test_an_unpublishable_row_is_dead_lettered_and_the_rows_behind_it_are_published(
    tmp_path: Path,
) -> None:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'gw.db'}")
    await create_schema(engine)
    sessions = session_factory(engine)
    async with sessions() as session, session.begin():
        # Written by an older gateway, before sizes were checked at enqueue: over the limit.
        session.add(
            OutboxRow(topic=Topic.REVIEW_DECISIONS, key="rev_1", event=_event("huge", MAX_EVENT_BYTES))
        )
        session.add(OutboxRow(topic=Topic.REVIEW_DECISIONS, key="rev_1", event=_event("after")))
    bus = InMemoryBus()
    await bus.start()
    relay = OutboxRelay(sessions, bus)
    try:
        assert await relay.relay_once() == 2  # the dead-lettered row is out of the way, the next one sent
        sent = [Envelope.from_bytes(r.value).event_id for r in await bus.read_topic(Topic.REVIEW_DECISIONS)]
        assert await relay.pending() == 0
        async with sessions() as session:
            dead = (await session.scalars(select(OutboxDeadLetterRow))).all()
    finally:
        await bus.stop()
        await engine.dispose()
    assert sent == ["evt_after"]
    assert [(d.outbox_id, "bytes" in d.error) for d in dead] == [(1, True)]
    assert relay.dead_lettered == 1


async def test_unreadable_rows_are_dead_lettered_together_and_counted_by_the_relay(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'gw.db'}")
    await create_schema(engine)
    sessions = session_factory(engine)
    async with sessions() as session, session.begin():
        for n in range(3):  # a disk fault or a hand edit left rows that are no event at all
            session.add(OutboxRow(topic=Topic.REVIEW_DECISIONS, key="rev_1", event=f"not an event {n}"))
        session.add(OutboxRow(topic=Topic.REVIEW_DECISIONS, key="rev_1", event=_event("after")))
    commits: list[None] = []
    event.listen(engine.sync_engine, "commit", lambda _conn: commits.append(None))
    bus = InMemoryBus()
    await bus.start()
    relay = OutboxRelay(sessions, bus)
    try:
        assert await relay.relay_once() == 4  # three dead-lettered, one published: all left the outbox
        sent = [Envelope.from_bytes(r.value).event_id for r in await bus.read_topic(Topic.REVIEW_DECISIONS)]
        async with sessions() as session:
            dead = (await session.scalars(select(OutboxDeadLetterRow))).all()
    finally:
        await bus.stop()
        await engine.dispose()
    assert relay.dead_lettered == 3  # the relay's metric counts them like the rows it dead-letters
    # One transaction for the three dead letters and one marking the published row, not one per row.
    assert len(commits) == 2
    assert sent == ["evt_after"]
    assert [(d.outbox_id, d.error.startswith("InvalidEvent")) for d in dead] == [(n, True) for n in (1, 2, 3)]
