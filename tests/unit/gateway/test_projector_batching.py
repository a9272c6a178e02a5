"""The projector commits a burst of events in one transaction; a handler returns once its event is durable."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_contracts.events import ClauseProgress, ClauseResult, Envelope, ReviewUpdated
from clauseflow_contracts.review import ReviewStatus, Risk
from clauseflow_gateway.db.engine import session_factory
from clauseflow_gateway.db.tables import ClauseRow, ReviewRow, RiskRow
from clauseflow_gateway.projector import Projector
from gateway_db import database_with
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncEngine

REVIEW = "rev_batch"


@pytest.fixture
async def engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    review = ReviewRow(id=REVIEW, status="received", our_party="Buyer", language="en", domain="generic")
    async with database_with(tmp_path / "rm.db", review) as engine:
        yield engine


def _result(clause_id: str, risk_id: str) -> Envelope:
    risk = Risk(id=risk_id, clause_id=clause_id, risk_type="payment_terms", risk_level="low", description="d")
    result = ClauseResult(task_id=f"task_{clause_id}", clause_id=clause_id, risks=(risk,))
    return Envelope.wrap(REVIEW, result, event_id=f"evt_{risk_id}")


def _snapshot(sequence: int, clause_id: str) -> Envelope:
    update = ReviewUpdated(
        sequence=sequence,
        status=ReviewStatus.REVIEWING,
        clauses=(ClauseProgress(clause_id=clause_id, state="settled"),),
        partial=True,
    )
    return Envelope.wrap(REVIEW, update, event_id=f"evt_upd_{sequence}")


async def _risk_ids(engine: AsyncEngine) -> set[str]:
    async with session_factory(engine)() as session:
        return set((await session.execute(select(RiskRow.id))).scalars())


async def test_events_arriving_together_are_committed_in_one_transaction(engine: AsyncEngine) -> None:
    projector = Projector(session_factory(engine))
    events = [_result(str(n), f"risk_{n}") for n in range(1, 6)] + [_snapshot(1, "1"), _snapshot(2, "2")]
    try:
        await asyncio.gather(*(projector.handle(e) for e in events))
    finally:
        await projector.close()
    assert projector.transactions == 1
    assert await _risk_ids(engine) == {f"risk_{n}" for n in range(1, 6)}
    async with session_factory(engine)() as session:
        review = await session.get(ReviewRow, REVIEW)
        settled = (
            await session.execute(select(ClauseRow.clause_id).where(ClauseRow.state == "settled"))
        ).scalars()
        assert review is not None and review.sequence == 2 and set(settled) == {"1", "2"}


async def test_an_event_the_database_refuses_fails_alone_and_every_other_handler_returns_committed(
    engine: AsyncEngine,
) -> None:
    async with engine.begin() as conn:  # a real database failure for exactly one event
        await conn.execute(
            text(
                "CREATE TRIGGER refuse_bad BEFORE INSERT ON risks WHEN NEW.id = 'risk_bad' "
                "BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        )
    projector = Projector(session_factory(engine))
    events = [_result("1", "risk_1"), _result("2", "risk_bad"), _result("3", "risk_3")]
    outcomes = await asyncio.gather(*(projector.handle(e) for e in events), return_exceptions=True)
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], Exception)  # its handler raises: the bus retries or dead-letters it
    # At-least-once: every handler that returned has its event in the database.
    assert await _risk_ids(engine) == {"risk_1", "risk_3"}


async def test_a_handler_does_not_return_before_the_commit_that_holds_its_event(engine: AsyncEngine) -> None:
    projector = Projector(session_factory(engine))
    first = asyncio.create_task(projector.handle(_result("1", "risk_1")))
    second = asyncio.create_task(projector.handle(_result("2", "risk_2")))
    done, _ = await asyncio.wait({first, second}, return_when=asyncio.FIRST_COMPLETED)
    assert done  # whichever returned first, its row is already committed
    committed = await _risk_ids(engine)
    assert ("risk_1" in committed) or first not in done
    assert ("risk_2" in committed) or second not in done
    await asyncio.gather(first, second)
    assert await _risk_ids(engine) == {"risk_1", "risk_2"}
