"""The model dies mid-review (real processes, real broker): unreviewed clauses say so, a retry completes.

A clause whose model calls fail past the retry budget is ``failed``, never "no risks"; the review
ends ``incomplete`` with the reason. Once the model is back, ``POST /v1/reviews/{id}/retry``
re-runs those clauses and the report is the one an undisturbed review gives.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.stack import LocalStack
from e2e_contracts import OUR_PARTY, write_contract
from e2e_support import comparable_report, restore_stack, settle

pytestmark = [
    pytest.mark.kafka,
    pytest.mark.e2e,
    # The test itself takes 30-60 s; run first in a session it also pays for starting the broker
    # and the six service processes, which took 180 s at a load of 13 on 2 cores (2026-11-28).
    pytest.mark.timeout(600),
]

CLAUSES = 7
# The default plan: the orchestrator does not ask the (dead) model how deeply to read each clause
# (it would wait for it, ORCHESTRATOR_LLM_WAIT_S), so only the clauses meet the dead model.
SUBMISSION: dict[str, Any] = {
    "our_party": OUR_PARTY,
    "language": "en",
    "domain": "generic",
    "options": {"use_orchestrator": False},
}


def approve_all(redline: dict[str, Any]) -> dict[str, Any]:
    return {"redline_id": redline["id"], "action": "approve"}


@pytest.fixture(scope="module")
def contract(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_contract(tmp_path_factory.mktemp("model"), CLAUSES, risky_every=2)


@pytest.fixture
async def whole_stack(stack: LocalStack) -> AsyncIterator[LocalStack]:
    try:
        yield stack
    finally:
        await restore_stack(stack)


def _findings(report: dict[str, Any]) -> dict[str, Any]:
    """What the lawyer reads: risks and standing redlines (the summary is written at the end anyway)."""
    comparable = comparable_report(report)
    return {key: comparable[key] for key in ("clauses", "risks", "redlines", "counts")}


async def test_a_review_while_the_model_is_down_ends_incomplete_and_a_retry_completes_it(
    whole_stack: LocalStack, contract: Path
) -> None:
    stack = whole_stack
    # A generous client timeout: an upload is parsed in a reader process, slow on a loaded machine.
    async with GatewayClient(stack.layout.gateway_url, api_key=stack.api_key, timeout_s=180.0) as gateway:
        await _model_down_then_retry(stack, gateway, contract)


async def _model_down_then_retry(stack: LocalStack, gateway: GatewayClient, contract: Path) -> None:
    reference_id = await gateway.submit(contract, **SUBMISSION)
    await settle(gateway, reference_id, approve_all)
    reference = await gateway.report(reference_id)

    # Dead before the review starts: every clause meets it (killed once the review was planned, a
    # fast machine had reviewed every clause before the kill took effect, and nothing failed).
    stack.service("playbook-model").kill()
    try:
        review_id = await gateway.submit(contract, **SUBMISSION)
        # A review ends (incomplete) only once the redlines of the clauses that were reviewed are
        # decided: approve any as they come, as in the reference (waiting for "incomplete" alone
        # hung past the test's limit whenever a clause had been reviewed before the model died).
        await settle(gateway, review_id, approve_all, timeout_s=240, until="incomplete")
    finally:
        await stack.restart("playbook-model")
    review = await gateway.review(review_id)
    failed = [c for c in review["clauses"] if c["state"] == "failed"]
    assert failed and all("unavailable" in c["error"] for c in failed)
    assert "could not be reviewed" in review["failure_reason"]
    report = await gateway.report(review_id)
    assert report["status"] == "incomplete"
    assert {c["clause_id"] for c in report["failed_clauses"]} == {c["clause_id"] for c in failed}

    accepted = await gateway.retry(review_id)
    assert sorted(accepted["clauses"]) == sorted(c["clause_id"] for c in failed)
    await settle(gateway, review_id, approve_all, timeout_s=300)
    report = await gateway.report(review_id)
    assert report["status"] == "completed" and report["failed_clauses"] == []
    assert _findings(report) == _findings(reference)
