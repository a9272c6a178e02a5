"""A short chaos run on the real stack: three reviews while a worker, the orchestrator and the model
are each killed with -9 once (and restarted), against the same reviews without faults.

The long version is the chaos bench (``python -m bench --only chaos``, every service and the broker,
20 reviews). Here, as there, a person decides every redline as it appears, by a rule of its content
(approve, edit, or reject with feedback; a redraft is approved), and a review that ends
``incomplete`` (clauses met the dead model) is retried once the faults are over. Every review must
complete with the same risks and redline texts as without faults, with every accepted decision in
effect and nothing twice. The contracts have at most the dispatch window's number of clauses, so
every clause is dispatched at the start and no plan adjustment depends on when results arrive.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from clauseflow_cli.client import GatewayClient, GatewayError
from clauseflow_cli.stack import LocalStack
from e2e_contracts import OUR_PARTY, write_contract
from e2e_support import restore_stack, wait_for

pytestmark = [
    pytest.mark.kafka,
    pytest.mark.e2e,
    # About 60-90 s on its own; a first test of a session also pays for starting the stack.
    pytest.mark.timeout(600),
]

# (clauses, every n-th clause risky): three contracts, each within the dispatch window of 8.
CONTRACTS = {"six": (6, 2), "seven": (7, 3), "eight": (8, 2)}
FEEDBACK = "Too one-sided: make it mutual and cap it at the fees of the last 12 months."


def decision_for(redline: dict[str, Any]) -> dict[str, Any]:
    """The reviewer's decision, a function of the redline's content (so both runs decide alike)."""
    if redline["round"] > 0:
        return {"redline_id": redline["id"], "action": "approve"}
    choice = hashlib.sha256(f"{redline['clause_id']}|{redline['original_text']}".encode()).digest()[0] % 3
    if choice == 0:
        return {"redline_id": redline["id"], "action": "approve"}
    if choice == 1:
        return {"redline_id": redline["id"], "action": "edit", "text": redline["proposed_text"] + " (agreed)"}
    return {"redline_id": redline["id"], "action": "reject", "feedback": FEEDBACK}


@dataclass
class Driven:
    """One review driven to its end: the decisions the gateway accepted and the final report."""

    review_id: str
    accepted: dict[str, dict[str, Any]] = field(default_factory=dict)
    report: dict[str, Any] | None = None
    retries: int = 0


async def drive(gateway: GatewayClient, driven: Driven, faults_over: asyncio.Event, timeout_s: float) -> None:
    """Decide pending redlines until the review completes; retry it when it ends incomplete."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if await step(gateway, driven, faults_over):
                return
        except httpx.TransportError:
            # A kept-alive connection the gateway closed as it was reused (the machine is loaded and
            # this loop slow): ask again, as a person would; a decision repeats its idempotency key.
            pass
        await asyncio.sleep(0.3)
    raise AssertionError(f"review {driven.review_id} did not complete within {timeout_s:.0f}s")


async def step(gateway: GatewayClient, driven: Driven, faults_over: asyncio.Event) -> bool:
    """One look at the review: decide what is pending, retry it if incomplete; True once completed."""
    review = await gateway.review(driven.review_id)
    if review["status"] == "completed":
        driven.report = await gateway.report(driven.review_id)
        return True
    if review["status"] == "failed":
        raise AssertionError(f"review {driven.review_id} failed: {review['failure_reason']}")
    if review["status"] == "incomplete":
        if faults_over.is_set():
            driven.retries += 1
            try:
                await gateway.retry(driven.review_id)
            except GatewayError as exc:  # 409: the retry before this one is still being applied
                if exc.status != 409:
                    raise
        return False
    pending = await gateway.redlines(driven.review_id, status="pending")
    decisions = [decision_for(r) for r in pending if r["id"] not in driven.accepted]
    if decisions:
        key = hashlib.sha256("|".join(sorted(d["redline_id"] for d in decisions)).encode()).hexdigest()[:32]
        try:
            await gateway.decide(driven.review_id, decisions, decided_by="chaos", key=key)
            driven.accepted.update({d["redline_id"]: d for d in decisions})
        except GatewayError as exc:  # a redline superseded meanwhile is refused as a whole batch
            if exc.status >= 500:
                raise
    return False


def findings(report: dict[str, Any]) -> dict[str, list[tuple[str, ...]]]:
    """What must be identical: risks (clause, type, level, quote) and the standing redlines' texts."""
    return {
        "risks": sorted(
            (r["clause_id"], r["risk_type"], r["risk_level"], r["original_text"]) for r in report["risks"]
        ),
        "redlines": sorted(
            (r["clause_id"], r["original_text"], r["final_text"] or "", r["status"])
            for r in report["redlines"]
        ),
    }


def lost_decisions(driven: Driven) -> list[str]:
    """Accepted decisions whose redline did not end as decided."""
    assert driven.report is not None
    final = {r["id"]: r["status"] for r in driven.report["redline_history"]}
    meant = {"approve": {"approved"}, "edit": {"edited"}, "reject": {"rejected", "superseded"}}
    return [rid for rid, d in driven.accepted.items() if final.get(rid) not in meant[d["action"]]]


def duplicates(report: dict[str, Any]) -> int:
    """Risks or redlines that appear twice in one report."""
    risks = Counter(
        (r["clause_id"], r["risk_type"], r["original_text"], r["description"]) for r in report["risks"]
    )
    redlines = Counter((r["clause_id"], r["original_text"], r["final_text"]) for r in report["redlines"])
    return sum(n - 1 for n in risks.values()) + sum(n - 1 for n in redlines.values())


@pytest.fixture(scope="module")
def contracts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("chaos")
    return {
        name: write_contract(root, clauses, name=f"{name}.txt", risky_every=every)
        for name, (clauses, every) in CONTRACTS.items()
    }


@pytest.fixture
async def whole_stack(stack: LocalStack) -> AsyncIterator[LocalStack]:
    try:
        yield stack
    finally:
        await restore_stack(stack)


async def review_all(
    gateway: GatewayClient, contracts: dict[str, Path], faults: LocalStack | None
) -> dict[str, Driven]:
    """Submit every contract at once and drive them; with ``faults``, kill and restart services meanwhile."""
    ids = await asyncio.gather(
        *(
            gateway.submit(path, our_party=OUR_PARTY, language="en", domain="generic")
            for path in contracts.values()
        )
    )
    reviews = {name: Driven(review_id) for name, review_id in zip(contracts, ids, strict=True)}
    faults_over = asyncio.Event()
    if faults is None:
        faults_over.set()
    drivers = [asyncio.create_task(drive(gateway, d, faults_over, timeout_s=300)) for d in reviews.values()]
    if faults is not None:
        await inflict_faults(gateway, faults, ids)
        faults_over.set()
    await asyncio.gather(*drivers)
    return reviews


async def inflict_faults(gateway: GatewayClient, stack: LocalStack, review_ids: list[str]) -> None:
    """kill -9 the model until a clause has met it dead, then a worker, then the orchestrator."""

    async def status_in(statuses: set[str]) -> bool:
        reviews = [await gateway.review(rid) for rid in review_ids]
        return any(r["status"] in statuses for r in reviews)

    async def a_clause_failed() -> bool:
        reviews = [await gateway.review(rid) for rid in review_ids]
        return any(c["state"] == "failed" for r in reviews for c in r["clauses"])

    # Planned first: the orchestrator would wait for the model to plan, and no clause could fail.
    await wait_for(lambda: status_in({"reviewing", "awaiting_approval"}), timeout_s=120, what="a plan")
    stack.service("playbook-model").kill()
    try:
        await wait_for(a_clause_failed, timeout_s=120, what="a clause to meet the dead model", every_s=0.5)
    finally:
        await stack.restart("playbook-model")
    for name in ("clause-worker-0", "orchestrator"):
        stack.service(name).kill()
        await asyncio.sleep(0.5)
        await stack.restart(name)
        await asyncio.sleep(1.5)


async def test_reviews_killed_through_by_worker_orchestrator_and_model_end_as_without_faults(
    whole_stack: LocalStack, contracts: dict[str, Path]
) -> None:
    async with GatewayClient(
        whole_stack.layout.gateway_url, api_key=whole_stack.api_key, timeout_s=120
    ) as gateway:
        calm = await review_all(gateway, contracts, None)
        chaos = await review_all(gateway, contracts, whole_stack)
    for name in contracts:
        expected, got = calm[name].report, chaos[name].report
        assert expected is not None and got is not None
        assert findings(got) == findings(expected), f"{name}: the report differs from the fault-free one"
        assert lost_decisions(chaos[name]) == [], f"{name}: decisions lost"
        assert duplicates(got) == 0, f"{name}: a risk or redline appears twice"
    assert sum(len(d.accepted) for d in chaos.values()) > 0  # decisions were taken through the faults
    assert sum(d.retries for d in chaos.values()) > 0  # and failed clauses were retried
