"""The report a client downloads (JSON, Markdown, Word), and an incomplete review's retry."""

from __future__ import annotations

import hashlib
from typing import Any

from clauseflow_contracts.events import (
    ClauseProgress,
    ClauseResult,
    RedlineState,
    ReviewRetryRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.ids import redline_id, risk_id
from clauseflow_contracts.review import Redline, Risk
from clauseflow_gateway.report_model import published_schema
from gateway_api_support import (
    PLAYBOOK_VERSION,
    Gateway,
    clause_result,
    eventually,
    publish,
    review_with_pending_redlines,
    snapshot,
    submit_text,
)
from ooxml_walker import comments, read
from report_schema_check import assert_valid_report

# --- report -------------------------------------------------------------------------------------


async def completed_review(gw: Gateway) -> tuple[str, str, str]:
    review_id, (first, second) = await review_with_pending_redlines(gw)
    await gw.http.post(
        f"/v1/reviews/{review_id}/decisions",
        json={
            "decisions": [
                {"redline_id": first, "action": "approve"},
                {"redline_id": second, "action": "reject", "feedback": "not needed"},
            ]
        },
    )
    states = (
        RedlineState(redline_id=first, clause_id="2.1", status="approved"),
        RedlineState(redline_id=second, clause_id="2.1", status="rejected"),
    )
    done = snapshot(9, "completed", *states, summary="One high risk, capped.")
    await publish(gw, Topic.REVIEW_UPDATES, review_id, done, "evt_done")

    async def completed() -> bool:
        return (await gw.http.get(f"/v1/reviews/{review_id}")).json()["status"] == "completed"

    await eventually(completed)
    return review_id, first, second


async def test_report_json_has_the_public_contract_fields(gateway: Gateway) -> None:
    review_id, first, _ = await completed_review(gateway)
    resp = await gateway.http.get(f"/v1/reviews/{review_id}/report")
    assert resp.status_code == 200
    assert resp.headers["content-type"].startswith("application/json")
    report = resp.json()
    assert {
        "review_id",
        "status",
        "our_party",
        "language",
        "domain",
        "clauses",
        "risks",
        "redlines",
        "summary",
    } <= set(report)
    assert (report["review_id"], report["status"], report["our_party"]) == (
        review_id,
        "completed",
        "Supplier",
    )
    assert {"clause_id", "title", "depth", "state", "clause_types"} <= set(report["clauses"][0])
    assert {"id", "clause_id", "risk_type", "risk_level", "description", "reason", "original_text"} <= set(
        report["risks"][0]
    )
    assert [r["id"] for r in report["redlines"]] == [first]
    assert {"id", "clause_id", "risk_id", "original_text", "proposed_text", "status"} <= set(
        report["redlines"][0]
    )
    assert report["summary"] == "One high risk, capped."


async def test_report_says_where_it_came_from_and_meets_its_published_schema(gateway: Gateway) -> None:
    review_id, _, _ = await completed_review(gateway)
    report = (await gateway.http.get(f"/v1/reviews/{review_id}/report")).json()
    assert_valid_report(report)
    [source] = report["source"]
    assert source["role"] == "contract" and source["filename"].endswith(".txt")
    stored = [p.read_bytes() for p in gateway.stored_files() if p.suffix == ".bin"]
    assert source["sha256"] in {hashlib.sha256(b).hexdigest() for b in stored}  # the bytes reviewed
    assert report["model"] == gateway.settings.llm_model
    assert report["playbook_version"] == PLAYBOOK_VERSION  # as the workers' results named it
    assert report["generated_at"] and report["schema_version"]
    schema = await gateway.http.get("/schemas/report.json")
    assert schema.status_code == 200 and schema.headers["content-type"].startswith("application/schema+json")
    assert schema.json() == published_schema()
    assert schema.json()["$id"].endswith(f"v={report['schema_version']}")


async def test_report_names_the_models_the_workers_used_a_list_if_several(gateway: Gateway) -> None:
    # Distributed: the workers' LLM_MODEL is theirs, not the gateway's setting.
    review_id = (await submit_text(gateway))["id"]
    first = clause_result(review_id).model_copy(update={"model": "worker-model-a"})
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, first, "evt_model_a")

    async def model_named() -> Any:
        report = (await gateway.http.get(f"/v1/reviews/{review_id}/report")).json()
        return report["model"] if report["model"] != gateway.settings.llm_model else None

    assert await eventually(model_named) == "worker-model-a"
    second = ClauseResult(task_id="task_clause_1", clause_id="1", model="worker-model-b")
    again = ClauseResult(task_id="task_clause_1_again", clause_id="1", model="worker-model-a")
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, second, "evt_model_b")
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, again, "evt_model_a_again")

    async def both_named() -> Any:
        report = (await gateway.http.get(f"/v1/reviews/{review_id}/report")).json()
        return report if isinstance(report["model"], list) else None

    report = await eventually(both_named)
    assert report["model"] == ["worker-model-a", "worker-model-b"]  # each once, in order of first review
    assert_valid_report(report)
    md = (await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "md"})).text
    assert "`worker-model-a`, `worker-model-b`" in md


LIABILITY = "The Supplier's liability under this Agreement is unlimited."
CAPPED = LIABILITY.replace(
    "is unlimited", "shall not exceed the fees paid in the preceding twelve (12) months"
)
NO_INDIRECT = ", save that the Supplier is not liable for indirect loss."


def _one_risk_result(review_id: str, task_id: str, index: int, risk_type: str, proposed: str) -> ClauseResult:
    """A task's result for clause 2.1: one risk of the liability sentence and its redline."""
    risk = Risk(
        id=risk_id(review_id, "2.1", index, 0),
        clause_id="2.1",
        risk_type=risk_type,
        risk_level="high",
        description=risk_type.replace("_", " "),
        original_text=LIABILITY,
    )
    redline = Redline(
        id=redline_id(review_id, "2.1", risk.id, 0),
        clause_id="2.1",
        risk_id=risk.id,
        original_text=LIABILITY,
        proposed_text=proposed,
    )
    return ClauseResult(
        task_id=task_id, clause_id="2.1", attempt=index, risks=(risk,), redlines=(redline,), model="m"
    )


async def test_a_clause_with_two_risks_from_two_tasks_exports_as_one_coherent_text(gateway: Gateway) -> None:
    # Two tasks each quote the whole sentence: one caps the liability, one excludes indirect loss.
    review_id = (await submit_text(gateway))["id"]
    first = _one_risk_result(review_id, "task_cap", 0, "uncapped_liability", CAPPED)
    second = _one_risk_result(
        review_id, "task_indirect", 1, "consequential_loss", LIABILITY[:-1] + NO_INDIRECT
    )
    for n, result in enumerate((first, second)):
        await publish(gateway, Topic.CLAUSE_RESULTS, review_id, result, f"evt_two_tasks_{n}")
    ids = [first.redlines[0].id, second.redlines[0].id]

    async def both_pending() -> bool:
        resp = await gateway.http.get(f"/v1/reviews/{review_id}/redlines", params={"status": "pending"})
        return sorted(r["id"] for r in resp.json()["data"]) == sorted(ids)

    await eventually(both_pending)
    decided = await gateway.http.post(
        f"/v1/reviews/{review_id}/decisions",
        json={"decisions": [{"redline_id": i, "action": "approve"} for i in ids]},
    )
    assert decided.status_code in (200, 202)
    states = [RedlineState(redline_id=i, clause_id="2.1", status="approved") for i in ids]
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, snapshot(9, "completed", *states), "evt_done_2")

    async def exported() -> bytes | None:
        resp = await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "docx"})
        return resp.content if resp.status_code == 200 and read(resp.content, "as_is").revisions else None

    docx = await eventually(exported)
    accepted = read(docx, "accept").text
    both = CAPPED[:-1] + NO_INDIRECT
    assert both in accepted and accepted.count("Supplier's liability") == 1  # both changes, one sentence
    assert LIABILITY in read(docx, "reject").text
    notes = [text for _, text in comments(docx).values()]
    assert len(notes) == 2 and not any("not shown as a tracked change" in n for n in notes)


async def test_report_markdown_by_query_or_accept_header(gateway: Gateway) -> None:
    review_id, _, _ = await completed_review(gateway)
    by_query = await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "md"})
    by_accept = await gateway.http.get(f"/v1/reviews/{review_id}/report", headers={"accept": "text/markdown"})
    assert by_query.headers["content-type"].startswith("text/markdown")

    def without_time(md: str) -> str:  # each report states when it was generated
        return "\n".join(line for line in md.splitlines() if not line.startswith("- Generated:"))

    assert without_time(by_query.text) == without_time(by_accept.text)
    assert by_query.text.startswith("# Contract review report")
    assert "unlimited_liability" in by_query.text
    bad = await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "pdf"})
    assert bad.status_code == 422


# --- failed clauses and retry -----------------------------------------------------------------------


async def test_an_incomplete_review_says_so_and_retry_sends_one_event_for_its_failed_clauses(
    gateway: Gateway,
) -> None:
    review_id = (await submit_text(gateway))["id"]
    error = "fixed-skill path failed: the LLM endpoint is unavailable after 4 attempt(s)"
    clauses = (
        ClauseProgress(clause_id="1", title="Definitions", state="settled", position=0),
        ClauseProgress(clause_id="2.1", title="Liability", state="failed", position=1, error=error),
    )
    incomplete = ReviewUpdated(
        sequence=5,
        status="incomplete",
        clauses=clauses,
        failure_reason=f"1 clause(s) could not be reviewed (2.1): {error}",
    )
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, incomplete, "evt_incomplete")

    async def ended() -> dict[str, Any] | None:
        review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
        return review if review["status"] == "incomplete" else None

    review = await eventually(ended)
    assert [(c["clause_id"], c["state"], c["error"]) for c in review["clauses"]][1] == (
        "2.1",
        "failed",
        error,
    )
    report = (await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "json"})).json()
    assert report["failed_clauses"] == [{"clause_id": "2.1", "title": "Liability", "error": error}]
    md = (await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "md"})).text
    assert "INCOMPLETE: 1 clause(s) were not reviewed" in md.split("## ", 1)[0]

    resp = await gateway.http.post(f"/v1/reviews/{review_id}/retry")
    assert resp.status_code == 202, resp.text
    assert resp.json()["clauses"] == ["2.1"]
    [event] = await gateway.events(Topic.REVIEW_DECISIONS, min_records=1, timeout_s=5)
    retry = event.open(ReviewRetryRequested)
    assert (event.review_id, retry.request_id) == (review_id, resp.json()["request_id"])
    assert (await gateway.http.get(f"/v1/reviews/{review_id}")).json()["status"] == "reviewing"


async def test_retry_of_a_review_without_failed_clauses_is_a_409_and_sends_nothing(gateway: Gateway) -> None:
    review_id = (await submit_text(gateway))["id"]
    resp = await gateway.http.post(f"/v1/reviews/{review_id}/retry")
    assert resp.status_code == 409
    assert "nothing to retry" in resp.json()["error"]["message"]
    assert (await gateway.http.post("/v1/reviews/rev_nope/retry")).status_code == 404
    assert await gateway.bus.read_topic(Topic.REVIEW_DECISIONS, timeout_s=0.5) == []
