"""An inconsistency the FIDIC consistency check reports becomes a finding on the clause that states it."""

from __future__ import annotations

from clauseflow_legal.analysis import analyse_clause

TEXT = (
    "8.5 Extension of Time\nAn extension shall be granted only if the Contractor gave a Notice of Claim "
    "within 28 days under Sub-Clause 20.1."
)
ISSUE = {
    "kind": "period_mismatch",
    "risk_type": "internal_inconsistency",
    "clause_id": "8.5",
    "related_clause_id": "20.1",
    "description": "Sub-Clause 20.1 now gives 10 days, but Sub-Clause 8.5 still states 28 days",
    "evidence": "An extension shall be granted only if the Contractor gave a Notice of Claim within 28 days "
    "under Sub-Clause 20.1.",
}


def _inconsistencies(tool_results: list[object]) -> list[dict[str, str]]:
    risks = analyse_clause(
        TEXT,
        clause_id="8.5",
        our_party="the Contractor",
        domain="fidic",
        language="en",
        tool_results=tool_results,
    )
    return [r for r in risks if r["risk_type"] == "internal_inconsistency"]


def test_a_reported_period_mismatch_is_an_internal_inconsistency_quoting_the_stale_sentence() -> None:
    [risk] = _inconsistencies([{"clause_id": "8.5", "issues": [ISSUE]}])
    assert risk["original_text"] == ISSUE["evidence"]


def test_no_reported_issue_no_inconsistency() -> None:
    assert _inconsistencies([{"clause_id": "8.5", "issues": []}]) == []
