"""The orchestrator survives kill -9 and scales out by partition (real processes, real broker).

A review's report must not depend on the orchestrator's crashes: the state, the processed event
ids and the outbox are one transaction, so a restarted instance resumes exactly where the last
commit left off. The contract has no more reviewable units than the dispatch window, so every
clause is dispatched at once and a reference review is a fair comparison.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.stack import LocalStack
from clauseflow_platform.logging import get_logger
from e2e_contracts import OUR_PARTY, write_contract
from e2e_support import (
    add_replica,
    clause_order,
    comparable_report,
    consumer_joined,
    first_redraft_decider,
    log_cursor,
    restore_stack,
    settle,
    wait_status,
)

pytestmark = [pytest.mark.kafka, pytest.mark.e2e]

log = get_logger("tests.e2e.faults")

CLAUSES = 7  # plus the preamble: 8 units, the default dispatch window
SECOND = "orchestrator-b"


@pytest.fixture(scope="module")
def contract(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seven numbered clauses, every second one risky for the Supplier."""
    return write_contract(tmp_path_factory.mktemp("orchestrator"), CLAUSES, risky_every=2)


@pytest.fixture
async def whole_stack(stack: LocalStack) -> AsyncIterator[LocalStack]:
    """The shared stack, put back together after the test whatever it killed or added."""
    try:
        yield stack
    finally:
        await restore_stack(stack)


@pytest.fixture(scope="module")
async def reference(stack: LocalStack, contract: Path) -> dict[str, Any]:
    """The report of an undisturbed review, with the same decisions the faulted review gets."""
    async with GatewayClient(stack.layout.gateway_url, api_key=stack.api_key) as gateway:
        review_id = await gateway.submit(contract, our_party=OUR_PARTY, language="en", domain="generic")
        review = await wait_status(gateway, review_id, {"awaiting_approval"})
        choose = first_redraft_decider(await _clause_to_reject(gateway, review_id))
        await settle(gateway, review_id, choose)
        assert review["progress"]["clauses_total"] == CLAUSES + 1
        return dict(await gateway.report(review_id))


async def _clause_to_reject(gateway: GatewayClient, review_id: str) -> str:
    """The first clause (in document order) with a redline: its redline gets rejected once."""
    pending = await gateway.redlines(review_id, status="pending")
    assert pending, "the reference review drafted no redline; the contract should have risky clauses"
    return min((r["clause_id"] for r in pending), key=clause_order)


async def _restart_after_kill(stack: LocalStack) -> None:
    await asyncio.sleep(0.3)  # let it die for real before a fresh process opens the same database
    await stack.restart("orchestrator")


async def test_review_completes_with_an_identical_report_after_the_orchestrator_is_killed_twice(
    whole_stack: LocalStack,
    gateway: GatewayClient,
    contract: Path,
    reference: dict[str, Any],
) -> None:
    stack = whole_stack
    orchestrator = log_cursor(stack, "orchestrator")
    review_id = await gateway.submit(contract, our_party=OUR_PARTY, language="en", domain="generic")

    # Kill 1: as soon as it has applied a first clause result, while other clauses are still in flight.
    await orchestrator.wait(
        review_id=review_id, event="event.applied", event_type="clause.result", timeout_s=120
    )
    stack.service("orchestrator").kill()
    applied_before_kill = len(orchestrator.find(review_id=review_id, event_type="clause.result"))
    log.info("orchestrator_killed_mid_review", clause_results_applied=applied_before_kill, of=CLAUSES + 1)
    await _restart_after_kill(stack)

    # Kill 2: between two decision requests of the approval round; the second arrives while it is down.
    await wait_status(gateway, review_id, {"awaiting_approval"})
    choose = first_redraft_decider(await _clause_to_reject(gateway, review_id))
    decisions = [choose(r) for r in await gateway.redlines(review_id, status="pending")]
    half = max(1, len(decisions) // 2)
    applied = log_cursor(stack, "orchestrator")
    await gateway.decide(review_id, decisions[:half], decided_by="e2e-lawyer")
    await applied.wait(
        review_id=review_id, event="event.applied", event_type="review.decisions", timeout_s=60
    )
    stack.service("orchestrator").kill()
    if decisions[half:]:
        await gateway.decide(review_id, decisions[half:], decided_by="e2e-lawyer")
    await _restart_after_kill(stack)

    await settle(gateway, review_id, choose)
    report = await gateway.report(review_id)

    assert report["status"] == "completed"
    assert comparable_report(report) == comparable_report(reference)


async def test_two_orchestrators_share_reviews_by_partition_and_apply_each_result_once(
    whole_stack: LocalStack, gateway: GatewayClient, contract: Path
) -> None:
    stack = whole_stack
    first = log_cursor(stack, "orchestrator")
    _, second = await add_replica(stack, "orchestrator", SECOND)
    await consumer_joined(second)
    await consumer_joined(first)  # the first instance gave up half of its partitions
    instances = {"orchestrator": first, SECOND: second}

    review_ids: list[str] = []
    handled_by: dict[str, set[str]] = {}
    # Keys spread over partitions at random: submit until both instances have had a review (bounded).
    for _ in range(3):
        batch = [
            await gateway.submit(
                contract,
                our_party=OUR_PARTY,
                language="en",
                domain="generic",
                options={"approval_policy": "auto"},
            )
            for _ in range(4)
        ]
        for review_id in batch:
            await wait_status(gateway, review_id, {"completed"}, timeout_s=180)
        review_ids += batch
        handled_by = {
            rid: {name for name, cur in instances.items() if cur.find(review_id=rid, event="event.applied")}
            for rid in review_ids
        }
        if len(set().union(*handled_by.values())) == 2:
            break

    assert set().union(*handled_by.values()) == set(instances), handled_by
    assert all(len(names) == 1 for names in handled_by.values()), (
        f"a review moved between instances: {handled_by}"
    )

    reports = [await gateway.report(rid) for rid in review_ids]
    assert all(r["status"] == "completed" for r in reports)
    assert all(comparable_report(r) == comparable_report(reports[0]) for r in reports[1:])
    assert reports[0]["risks"], "the contract has risky clauses; the reviews found none"
    for rid in review_ids:
        applied = [
            rec["event_id"]
            for cur in instances.values()
            for rec in cur.find(review_id=rid, event="event.applied", event_type="clause.result")
        ]
        # One analysis result per clause (auto approval: no redrafts), none applied twice.
        assert len(applied) == len(set(applied)) == CLAUSES + 1, (rid, applied)
