"""``use_react_agent`` × ``use_orchestrator`` — all four combinations work end to end.

Options are given per review (form fields of the upload); each combination reviews both bundled
examples with the ``auto`` approval policy and must find what ``examples/expected.json`` lists.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.stack import LocalStack
from clauseflow_contracts.events import ClauseResult, ClauseTask, Topic
from clauseflow_contracts.review import TaskMode
from clauseflow_documents.store import DocumentStore
from e2e_support import plan_of, review_events, risk_keys, wait_status

pytestmark = [pytest.mark.kafka, pytest.mark.e2e]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COMBINATIONS = [(react, orch) for react in (True, False) for orch in (True, False)]


def _agent_path(store: DocumentStore, transcript_ref: str) -> str:
    """How the worker reviewed a clause ("react", "quick", "fixed", ...), from its kept transcript."""
    transcript = store.get_blob(transcript_ref)
    assert isinstance(transcript, dict)
    return str(transcript["path"])


@pytest.mark.parametrize("example", ["services_agreement_en.txt", "equipment_purchase_zh.txt"])
@pytest.mark.parametrize(
    ("use_react_agent", "use_orchestrator"),
    COMBINATIONS,
    ids=[f"react={r}-orchestrator={o}" for r, o in COMBINATIONS],
)
async def test_combination_reviews_an_example_end_to_end_and_finds_the_expected_risks(
    stack: LocalStack,
    gateway: GatewayClient,
    expected: dict[str, Any],
    kafka_bootstrap: str,
    example: str,
    use_react_agent: bool,
    use_orchestrator: bool,
) -> None:
    spec = expected[example]
    options = {
        "use_react_agent": use_react_agent,
        "use_orchestrator": use_orchestrator,
        "approval_policy": "auto",
    }
    review_id = await gateway.submit(
        EXAMPLES / example,
        our_party=spec["our_party"],
        language=spec["language"],
        domain="generic",
        options=options,
    )
    review = await wait_status(gateway, review_id, {"completed"}, timeout_s=180)
    report = await gateway.report(review_id)
    transcripts = DocumentStore(stack.layout.workdir / "documents")

    # The switches reached the services that act on them: the planner and every clause task.
    assert {k: review["options"][k] for k in options} == options
    plan = await plan_of(stack, review_id)
    assert plan["versions"][0]["source"] == ("llm" if use_orchestrator else "default")
    tasks: list[ClauseTask] = [
        e.open(ClauseTask) for e in await review_events(kafka_bootstrap, Topic.CLAUSE_TASKS, review_id)
    ]
    assert tasks and {t.use_react_agent for t in tasks} == {use_react_agent}
    results: list[ClauseResult] = [
        e.open(ClauseResult) for e in await review_events(kafka_bootstrap, Topic.CLAUSE_RESULTS, review_id)
    ]
    paths = {
        _agent_path(transcripts, r.transcript_ref)
        for r in results
        if r.transcript_ref and r.mode is TaskMode.ANALYZE
    }
    # ReAct reviews the deeper clauses through the tool loop; without it every clause takes the fixed path.
    # (Drafting tasks that follow a quick clause's high risk are not analyses: their path is "draft".)
    assert "react" in paths if use_react_agent else paths == {"fixed"}, paths

    # Every combination is a complete review that finds what a careful reviewer must find.
    must_find = set(spec["must_find"].items())
    assert must_find <= risk_keys(report), f"missing {sorted(must_find - risk_keys(report))}"
    assert not {r["clause_id"] for r in report["risks"]} & set(spec["must_not_flag"])
    assert report["redlines"] and {r["status"] for r in report["redlines"]} == {"approved"}
    assert report["summary"].strip()
