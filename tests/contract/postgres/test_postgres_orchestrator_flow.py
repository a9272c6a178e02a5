"""The orchestrator's review flow with its state in a real PostgreSQL database.

Same contract and harness as ``tests/contract/test_orchestrator_flow.py`` (in-memory bus, the
test plays the worker and the gateway), but ``ORCHESTRATOR_DATABASE_URL`` points at PostgreSQL: a
review runs to completion, and restarting the orchestrator from the same database
mid-review gives the same final state as an uninterrupted run.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from clauseflow_contracts.events import Envelope, ReviewUpdated, Topic
from clauseflow_contracts.review import ClauseState, Decision, DecisionAction, ReviewStatus
from orchestrator_flow_support import REVIEW, Harness, harness_on, run_review
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

pytestmark = pytest.mark.postgres


@pytest.fixture
async def harness(tmp_path: Path, postgres_url: str) -> AsyncIterator[Harness]:
    async with harness_on(postgres_url, tmp_path / "restarted") as h:
        yield h


async def test_a_review_runs_to_completion_with_its_state_in_postgres(harness: Harness) -> None:
    final = await run_review(harness)
    assert all(c.state is ClauseState.SETTLED for c in final.clauses.values())
    statuses = sorted((r.clause_id, r.round, r.status.value) for r in final.redlines.values())
    assert statuses == [("2", 0, "rejected"), ("2", 1, "approved"), ("3", 0, "approved")]
    assert "5 clauses reviewed, 2 risks found (1 high, 0 medium, 1 low)" in final.summary

    orchestrator = harness.orchestrator
    assert orchestrator is not None
    assert [v.plan.plan_version for v in await orchestrator.store.plan_versions(REVIEW)] == [1]
    await orchestrator.relay.drain()
    assert await orchestrator.store.pending() == []
    updates = [
        ReviewUpdated.model_validate(Envelope.from_bytes(r.value).payload)
        for r in await harness.bus.read_topic(Topic.REVIEW_UPDATES, min_records=1)
    ]
    assert updates[-1].status is ReviewStatus.COMPLETED and updates[-1].sequence == final.sequence

    # The rows really are in PostgreSQL, not in a SQLite file somewhere.
    engine = create_async_engine(harness.db_url)
    try:
        async with engine.connect() as conn:
            assert engine.dialect.name == "postgresql"
            status = await conn.scalar(
                text("SELECT status FROM orchestrator_reviews WHERE review_id = :r"), {"r": REVIEW}
            )
            processed = await conn.scalar(text("SELECT COUNT(*) FROM orchestrator_processed_events"))
    finally:
        await engine.dispose()
    assert status == "completed"
    assert processed >= 8  # request, five analyses, two decisions, the redraft


async def test_a_redelivered_decision_changes_nothing_in_postgres(harness: Harness) -> None:
    final = await run_review(harness)
    await harness.decide("req_1", Decision(redline_id="whatever", action=DecisionAction.APPROVE))
    await asyncio.sleep(0.3)
    after = await harness.state()
    assert after is not None and after.model_dump() == final.model_dump()


@pytest.mark.parametrize("restart_at", ["awaiting_approval", "redrafted"])
async def test_a_restart_from_the_same_postgres_database_gives_the_same_final_state(
    tmp_path: Path, harness: Harness, new_database: Callable[[], Awaitable[str]], restart_at: str
) -> None:
    restarted = await run_review(harness, restart_at=restart_at)
    async with harness_on(await new_database(), tmp_path / "uninterrupted") as clean:
        uninterrupted = await run_review(clean)
    assert restarted.model_dump() == uninterrupted.model_dump()
