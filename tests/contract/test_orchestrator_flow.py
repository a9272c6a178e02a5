"""The orchestrator against its event contract on the in-memory bus, with a real SQLite file.

The test plays the other services: it publishes the review request, answers clause
tasks as a worker would (published by the test), and submits decisions as the gateway
would. Restarting the orchestrator from the same database mid-review must give the
same final state as an uninterrupted run.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from clauseflow_contracts.events import (
    ClauseTask,
    DocumentRefs,
    Envelope,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.review import ClauseState, Decision, DecisionAction, ReviewStatus
from clauseflow_orchestrator.service import Orchestrator
from orchestrator_flow_support import REVIEW, Harness, harness_on, run_review


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with harness_on(f"sqlite+aiosqlite:///{tmp_path / 'orchestrator.db'}", tmp_path) as h:
        yield h


async def test_a_review_runs_from_request_to_completion(harness: Harness) -> None:
    final = await run_review(harness)
    assert all(c.state is ClauseState.SETTLED for c in final.clauses.values())
    statuses = sorted((r.clause_id, r.round, r.status.value) for r in final.redlines.values())
    assert statuses == [("2", 0, "rejected"), ("2", 1, "approved"), ("3", 0, "approved")]
    assert "5 clauses reviewed, 2 risks found (1 high, 0 medium, 1 low)" in final.summary
    assert final.plan is not None and final.plan.source == "default"

    tasks = [
        ClauseTask.model_validate(Envelope.from_bytes(r.value).payload)
        for r in await harness.bus.read_topic(Topic.CLAUSE_TASKS)
    ]
    assert sorted((t.clause_id, t.mode.value) for t in tasks) == [
        ("1", "analyze"),
        ("2", "analyze"),
        ("2", "redraft"),
        ("3", "analyze"),
        ("4", "analyze"),
        ("5", "analyze"),
    ]
    assert harness.orchestrator is not None
    await harness.orchestrator.relay.drain()
    updates = [
        ReviewUpdated.model_validate(Envelope.from_bytes(r.value).payload)
        for r in await harness.bus.read_topic(Topic.REVIEW_UPDATES, min_records=1)
    ]
    # Snapshots superseded while still in the outbox are not published; the order never goes back.
    sequences = [u.sequence for u in updates]
    assert sequences == sorted(set(sequences)) and sequences[-1] == final.sequence
    assert updates[-1].status is ReviewStatus.COMPLETED and updates[-1].summary == final.summary
    # The plan travels once, in the first snapshot after it was made, and that one is never skipped.
    with_plan = [u for u in updates if u.plan is not None]
    assert [(u.status, u.plan.plan_version) for u in with_plan if u.plan] == [(ReviewStatus.REVIEWING, 1)]


async def test_a_redelivered_decision_changes_nothing(harness: Harness) -> None:
    final = await run_review(harness)
    env = await harness.decide("req_1", Decision(redline_id="whatever", action=DecisionAction.APPROVE))
    assert env.event_id == "evt_req_1"
    await asyncio.sleep(0.3)
    after = await harness.state()
    assert after is not None and after.model_dump() == final.model_dump()


async def test_the_plan_versions_and_outbox_are_durable(harness: Harness) -> None:
    await run_review(harness)
    assert harness.orchestrator is not None
    versions = await harness.orchestrator.store.plan_versions(REVIEW)
    assert [v.plan.plan_version for v in versions] == [1]
    assert versions[0].trigger == "initial:default"
    await harness.orchestrator.relay.drain()
    assert await harness.orchestrator.store.pending() == []


@pytest.mark.parametrize("restart_at", ["awaiting_approval", "redrafted"])
async def test_a_restart_mid_review_gives_the_same_final_state(
    tmp_path: Path, harness: Harness, restart_at: str
) -> None:
    restarted = await run_review(harness, restart_at=restart_at)

    # An uninterrupted run of the same review on a fresh bus and database.
    other = tmp_path / "uninterrupted"
    async with harness_on(f"sqlite+aiosqlite:///{other / 'orchestrator.db'}", other) as clean:
        uninterrupted = await run_review(clean)

    assert restarted.model_dump() == uninterrupted.model_dump()


async def test_events_committed_before_a_crash_are_published_after_restart(harness: Harness) -> None:
    # Apply the request without a running relay: the state and outbox are committed, nothing is published,
    # as if the process died right after the commit.
    crashed = Orchestrator(
        bus=harness.bus, store_dir=harness.store_dir, database_url=harness.db_url, window=2
    )
    await crashed.store.start()
    request = ReviewRequested(documents=DocumentRefs(primary="doc_flow"), our_party="Customer")
    await crashed.handle(Envelope.wrap(REVIEW, request, event_id="evt_request"))
    assert len(await crashed.store.pending()) == 4  # planning + reviewing snapshots, two tasks
    await crashed.store.stop()
    assert await harness.bus.read_topic(Topic.CLAUSE_TASKS, timeout_s=0) == []

    await harness.start_orchestrator()
    records = await harness.bus.read_topic(Topic.CLAUSE_TASKS, min_records=2)
    assert len(records) >= 2
    state = await harness.wait_for("results of the first tasks", lambda s: s.analyzed_count >= 2)
    assert state.processed_requests == []
