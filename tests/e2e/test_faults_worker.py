"""Clause workers scaled to three replicas on the real broker; one is killed with -9 mid-review.

Tasks of the dead replica's partitions are redelivered to the survivors once the group notices;
a task it had already published may be published again, always under the same event id, so every
clause still has exactly one analysis result in effect and none is lost.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.stack import LocalStack
from clauseflow_contracts.events import ClauseResult, Topic
from clauseflow_contracts.review import TaskMode
from e2e_contracts import OUR_PARTY, write_contract
from e2e_support import (
    LogCursor,
    add_replica,
    comparable_report,
    consumer_joined,
    log_cursor,
    restore_stack,
    review_events,
    wait_for,
    wait_status,
)

pytestmark = [pytest.mark.kafka, pytest.mark.e2e]

CLAUSES = 40
# The default plan (no LLM adjustments) makes the report independent of the order results arrive in,
# so the faulted review can be compared with an undisturbed one; auto approval needs no decisions.
OPTIONS = {"approval_policy": "auto", "use_orchestrator": False}
REPLICAS = 3


@pytest.fixture(scope="module")
def contract(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Forty numbered clauses, every third one risky for the Supplier."""
    return write_contract(tmp_path_factory.mktemp("workers"), CLAUSES)


@pytest.fixture(scope="module")
async def reference(stack: LocalStack, contract: Path) -> dict[str, Any]:
    """The report of the same contract reviewed without any fault."""
    async with GatewayClient(stack.layout.gateway_url, api_key=stack.api_key) as gateway:
        review_id = await gateway.submit(contract, our_party=OUR_PARTY, language="en", options=OPTIONS)
        await wait_status(gateway, review_id, {"completed"}, timeout_s=180)
        return dict(await gateway.report(review_id))


@pytest.fixture
async def three_workers(stack: LocalStack) -> AsyncIterator[dict[str, LogCursor]]:
    """Worker replicas added until three are in the group; log cursors of all. The stack is restored after."""
    workers = [f"clause-worker-{i}" for i in range(stack.layout.workers)]
    cursors = {name: log_cursor(stack, name) for name in workers}
    try:
        for extra in range(REPLICAS - len(workers)):
            name = f"clause-worker-extra-{extra}"
            _, cursors[name] = await add_replica(stack, workers[0], name)
        for cursor in cursors.values():
            await consumer_joined(cursor)  # the others rebalance when a replica joins
        yield cursors
    finally:
        await restore_stack(stack)


def _in_flight(cursor: LogCursor, review_id: str) -> set[str]:
    received = {r["task_id"] for r in cursor.find(review_id=review_id, event="clause.task_received")}
    published = {r["task_id"] for r in cursor.find(review_id=review_id, event="clause.result_published")}
    return received - published


async def test_every_clause_is_analyzed_exactly_once_when_one_of_three_workers_is_killed(
    stack: LocalStack,
    three_workers: dict[str, LogCursor],
    gateway: GatewayClient,
    contract: Path,
    reference: dict[str, Any],
    kafka_bootstrap: str,
) -> None:
    orchestrator = log_cursor(stack, "orchestrator")
    review_id = await gateway.submit(contract, our_party=OUR_PARTY, language="en", options=OPTIONS)

    async def busy_replica() -> tuple[str, set[str]] | None:
        for name, cursor in three_workers.items():
            if tasks := _in_flight(cursor, review_id):
                return name, tasks
        return None

    victim, killed_tasks = await wait_for(
        busy_replica, timeout_s=120, what="a replica with a task in flight", every_s=0.02
    )
    stack.service(victim).kill()

    await wait_status(gateway, review_id, {"completed"}, timeout_s=180)
    report = await gateway.report(review_id)
    results = await review_events(kafka_bootstrap, Topic.CLAUSE_RESULTS, review_id)

    clauses = {c["clause_id"] for c in report["clauses"]}
    assert len(clauses) == CLAUSES + 1 and {c["state"] for c in report["clauses"]} == {"settled"}
    tasks_of: dict[str, set[str]] = {}
    events_of: dict[str, set[str]] = {}
    for event in results:
        result: ClauseResult = event.open(ClauseResult)
        assert result.mode is TaskMode.ANALYZE
        tasks_of.setdefault(result.clause_id, set()).add(result.task_id)
        events_of.setdefault(result.task_id, set()).add(event.event_id)
    # No clause lost, one task per clause, and a republished result keeps its event id.
    assert set(tasks_of) == clauses
    assert all(len(tasks) == 1 for tasks in tasks_of.values()), tasks_of
    assert all(len(ids) == 1 for ids in events_of.values()), events_of
    assert killed_tasks <= set(events_of), "a task in flight on the killed replica never got a result"
    applied = [
        r["event_id"]
        for r in orchestrator.find(review_id=review_id, event="event.applied", event_type="clause.result")
    ]
    assert len(applied) == len(set(applied)) == CLAUSES + 1
    assert report["risks"], "every third clause is risky; the review found nothing"
    assert comparable_report(report) == comparable_report(reference)
