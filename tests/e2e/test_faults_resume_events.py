"""Resume events (reviewer decisions) duplicated or overtaking their redline, on the real broker.

The gateway makes a repeated request with the same idempotency key a no-op; the orchestrator
deduplicates a redelivered event by its id and a re-sent request by its request id; a decision on
a redline whose clause result has not reached the orchestrator yet is parked and applied once the
result arrives.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.stack import LocalStack
from clauseflow_contracts import ids
from clauseflow_contracts.events import ClauseTask, Envelope, ReviewDecisionsSubmitted, Topic
from clauseflow_contracts.review import Decision, DecisionAction, TaskMode
from e2e_contracts import OUR_PARTY, write_contract
from e2e_support import (
    clause_order,
    first_redraft_decider,
    log_cursor,
    publish,
    restore_stack,
    review_events,
    settle,
    wait_for,
    wait_status,
)

pytestmark = [pytest.mark.kafka, pytest.mark.e2e]


@pytest.fixture(scope="module")
def contract(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seven numbered clauses, every second one risky for the Supplier."""
    return write_contract(tmp_path_factory.mktemp("resume"), 7, risky_every=2)


@pytest.fixture(scope="module")
async def first_draft(stack: LocalStack, contract: Path) -> tuple[str, int]:
    """(clause task's clause id, risk position) of a redline that every review of the contract drafts.

    Redline ids derive from the review, the reviewed unit, the risk's position and the round, so
    knowing these lets a test name a redline of another review before its result exists.
    """
    async with GatewayClient(stack.layout.gateway_url, api_key=stack.api_key) as gateway:
        review_id = await gateway.submit(
            contract, our_party=OUR_PARTY, language="en", options={"approval_policy": "auto"}
        )
        await wait_status(gateway, review_id, {"completed"})
        report = await gateway.report(review_id)
    units = [c["clause_id"] for c in report["clauses"]]
    redline = min(report["redlines"], key=lambda r: clause_order(r["clause_id"]))
    return next(
        (unit, position)
        for unit in units
        for position in range(20)
        if ids.risk_id(review_id, unit, 0, position) == redline["risk_id"]
    )


@pytest.fixture
async def whole_stack(stack: LocalStack) -> AsyncIterator[LocalStack]:
    """The shared stack, put back together after the test whatever it stopped."""
    try:
        yield stack
    finally:
        await restore_stack(stack)


def _decisions_event(review_id: str, request_id: str, decisions: list[Decision], event_id: str) -> Envelope:
    payload = ReviewDecisionsSubmitted(
        request_id=request_id, decisions=tuple(decisions), decided_by="e2e-bus", decided_at=datetime.now(UTC)
    )
    return Envelope.wrap(review_id, payload, event_id=event_id)


async def test_a_repeated_decision_request_and_redelivered_resume_events_are_applied_once(
    whole_stack: LocalStack, gateway: GatewayClient, contract: Path, kafka_bootstrap: str
) -> None:
    stack = whole_stack
    review_id = await gateway.submit(contract, our_party=OUR_PARTY, language="en")
    await wait_status(gateway, review_id, {"awaiting_approval"})
    pending = await gateway.redlines(review_id, status="pending")
    choose = first_redraft_decider(min((r["clause_id"] for r in pending), key=clause_order))
    decisions = [choose(r) for r in pending]
    rejected = {d["redline_id"] for d in decisions if d["action"] == "reject"}

    first = await gateway.decide(review_id, decisions, decided_by="e2e-lawyer", key=f"{review_id}-round-1")
    again = await gateway.decide(review_id, decisions, decided_by="e2e-lawyer", key=f"{review_id}-round-1")
    assert again["request_id"] == first["request_id"]

    async def the_resume_event() -> Envelope | None:
        events = await review_events(kafka_bootstrap, Topic.REVIEW_DECISIONS, review_id, timeout_s=2)
        return events[0] if len(events) == 1 else None

    original = await wait_for(the_resume_event, timeout_s=30, what="the review's one resume event")
    # The bus redelivers the same event, and a second producer re-sends the request under a new event id.
    resent = original.model_copy(update={"event_id": f"{original.event_id}-resent"})
    orchestrator = log_cursor(stack, "orchestrator")
    await publish(kafka_bootstrap, Topic.REVIEW_DECISIONS, review_id, [original, resent])
    await orchestrator.wait(event="event.already_processed", event_id=original.event_id, timeout_s=60)
    await orchestrator.wait(event="event.applied", event_id=resent.event_id, published=0, timeout_s=60)

    await settle(gateway, review_id, lambda r: {"redline_id": r["id"], "action": "approve"})
    report = await gateway.report(review_id)
    tasks: list[ClauseTask] = [
        e.open(ClauseTask) for e in await review_events(kafka_bootstrap, Topic.CLAUSE_TASKS, review_id)
    ]

    assert report["status"] == "completed"
    redrafts = [t for t in tasks if t.mode is TaskMode.REDRAFT]
    assert len(redrafts) == 1 and {r.redline_id for r in redrafts[0].redraft} == rejected
    history = {r["id"]: r for r in report["redline_history"]}
    assert {history[rid]["status"] for rid in rejected} <= {"rejected", "superseded"}
    # One redraft round: its drafts replace the rejected ones, nothing was drafted a second time.
    assert {r["round"] for r in history.values()} == {0, 1}
    approved_first = {d["redline_id"] for d in decisions if d["action"] == "approve"}
    assert approved_first <= {r["id"] for r in report["redlines"] if r["status"] == "approved"}


async def test_a_decision_that_overtakes_its_redline_is_parked_and_applied_once_the_result_arrives(
    whole_stack: LocalStack,
    gateway: GatewayClient,
    contract: Path,
    first_draft: tuple[str, int],
    kafka_bootstrap: str,
) -> None:
    stack = whole_stack
    workers = [f"clause-worker-{i}" for i in range(stack.layout.workers)]
    for name in workers:  # no worker: the clause tasks wait in Kafka, no result can arrive
        await stack.service(name).stop()
    review_id = await gateway.submit(contract, our_party=OUR_PARTY, language="en")

    async def dispatched() -> bool:
        return bool(await review_events(kafka_bootstrap, Topic.CLAUSE_TASKS, review_id, timeout_s=2))

    await wait_for(dispatched, timeout_s=60, what="the review's clause tasks")

    clause_id, position = first_draft
    early = ids.redline_id(review_id, clause_id, ids.risk_id(review_id, clause_id, 0, position), 0)
    event = _decisions_event(
        review_id,
        f"req-early-{review_id}",
        [Decision(redline_id=early, action=DecisionAction.APPROVE)],
        f"evt-early-{review_id}",
    )
    orchestrator = log_cursor(stack, "orchestrator")
    await publish(kafka_bootstrap, Topic.REVIEW_DECISIONS, review_id, [event])
    await orchestrator.wait(event="event.note", event_id=event.event_id, timeout_s=60)
    assert "parked" in orchestrator.find(event="event.note", event_id=event.event_id)[0]["note"]

    for name in workers:
        await stack.restart(name)
    await wait_status(gateway, review_id, {"awaiting_approval", "completed"}, timeout_s=120)
    pending = {r["id"] for r in await gateway.redlines(review_id, status="pending")}
    assert early not in pending, "the parked decision was not applied when its redline arrived"

    await settle(gateway, review_id, lambda r: {"redline_id": r["id"], "action": "approve"})
    report = await gateway.report(review_id)

    assert report["status"] == "completed"
    decided = {r["id"]: r for r in report["redline_history"]}
    assert decided[early]["status"] == "approved" and decided[early]["decided_by"] == "e2e-bus"
    notes = [
        r["note"] for r in orchestrator.find(review_id=review_id, event="event.note") if early in r["note"]
    ]
    assert len([n for n in notes if "parked" in n]) == 1, notes
