"""report.json is a public contract; these tests pin its fields and the Markdown rendering."""

from __future__ import annotations

from typing import Any

import pytest
from clauseflow_gateway.report import build_report, render_markdown

CONTRACT_FIELDS = {
    "review_id",
    "status",
    "our_party",
    "language",
    "domain",
    "clauses",
    "risks",
    "redlines",
    "summary",
}
CLAUSE_FIELDS = {"clause_id", "title", "depth", "state", "clause_types"}
RISK_FIELDS = {"id", "clause_id", "risk_type", "risk_level", "description", "reason", "original_text"}
REDLINE_FIELDS = {"id", "clause_id", "risk_id", "original_text", "proposed_text", "status"}


def _redline(rid: str, status: str, **extra: Any) -> dict[str, Any]:
    return {
        "id": rid,
        "clause_id": "14.2",
        "risk_id": "risk_1",
        "original_text": "The Supplier's liability is unlimited.",
        "proposed_text": "The Supplier's liability is capped at the Contract Price.",
        "status": status,
        **extra,
    }


@pytest.fixture
def snapshot() -> dict[str, Any]:
    return {
        "review_id": "rev_1",
        "status": "completed",
        "title": "Supply Agreement",
        "our_party": "Supplier",
        "language": "en",
        "domain": "generic",
        "plan_version": 2,
        "summary": "",
        "clauses": [
            {"clause_id": "1", "title": "Definitions", "depth": "quick", "state": "settled"},
            {
                "clause_id": "14.2",
                "title": "Liability | cap",
                "depth": "deep",
                "state": "settled",
                "clause_types": ["liability"],
            },
        ],
        "risks": [
            {
                "id": "risk_1",
                "clause_id": "14.2",
                "risk_type": "unlimited_liability",
                "risk_level": "High",
                "description": "Liability is not capped",
                "reason": "exposure | unbounded",
                "original_text": "The Supplier's liability is unlimited.",
            }
        ],
        "redlines": [
            _redline("rl_approved", "approved"),
            _redline("rl_rejected", "rejected"),
            _redline("rl_superseded", "superseded"),
            _redline("rl_edited", "edited", final_text="Liability is capped at 50% of the Contract Price."),
        ],
    }


def test_report_has_every_contract_field_with_its_documented_shape(snapshot: dict[str, Any]) -> None:
    report = build_report(snapshot)
    assert report.keys() >= CONTRACT_FIELDS
    assert all(c.keys() >= CLAUSE_FIELDS for c in report["clauses"])
    assert all(r.keys() >= RISK_FIELDS for r in report["risks"])
    assert all(r.keys() >= REDLINE_FIELDS for r in report["redlines"])
    assert report["clauses"][1]["clause_types"] == ["liability"]
    assert report["risks"][0]["risk_level"] == "high"


def test_report_lists_only_standing_redlines_and_keeps_every_draft_in_the_history(
    snapshot: dict[str, Any],
) -> None:
    report = build_report(snapshot)
    assert [r["id"] for r in report["redlines"]] == ["rl_approved", "rl_edited"]
    assert {r["id"] for r in report["redline_history"]} == {
        "rl_approved",
        "rl_rejected",
        "rl_superseded",
        "rl_edited",
    }


def test_edited_redline_carries_the_reviewers_text_as_final_text(snapshot: dict[str, Any]) -> None:
    report = build_report(snapshot)
    by_id = {r["id"]: r for r in report["redlines"]}
    assert by_id["rl_edited"]["final_text"] == "Liability is capped at 50% of the Contract Price."
    assert by_id["rl_approved"]["final_text"] == by_id["rl_approved"]["proposed_text"]


def test_missing_summary_is_written_from_the_counts(snapshot: dict[str, Any]) -> None:
    report = build_report(snapshot)
    assert report["summary"].startswith("2 clauses reviewed; 1 risks found (1 high, 0 medium, 0 low)")
    assert "2 redlines accepted, 1 rejected" in report["summary"]


def test_orchestrator_summary_is_used_when_present(snapshot: dict[str, Any]) -> None:
    report = build_report({**snapshot, "summary": "  One high risk: unlimited liability.  "})
    assert report["summary"] == "One high risk: unlimited liability."


def test_chinese_review_gets_a_chinese_template_summary(snapshot: dict[str, Any]) -> None:
    report = build_report({**snapshot, "language": "zh-CN"})
    assert report["summary"].startswith("共审查 2 个条款，发现 1 项风险")


def test_same_snapshot_gives_the_same_report(snapshot: dict[str, Any]) -> None:
    assert build_report(snapshot) == build_report(snapshot)


def test_counts_group_risks_by_level_and_type_and_redlines_by_status(snapshot: dict[str, Any]) -> None:
    counts = build_report(snapshot)["counts"]
    assert counts["risks"] == {"total": 1, "high": 1, "medium": 0, "low": 0}
    assert counts["risks_by_type"] == {"unlimited_liability": 1}
    assert counts["redlines"] == {"approved": 1, "edited": 1, "rejected": 1, "superseded": 1}


def test_markdown_shows_metadata_risks_redlines_and_clauses(snapshot: dict[str, Any]) -> None:
    md = render_markdown(build_report(snapshot))
    assert md.startswith("# Contract review report: Supply Agreement\n")
    assert "- Our party: Supplier" in md
    assert "## Risks (1)" in md
    assert "| 14.2 | high | unlimited_liability | Liability is not capped | exposure \\| unbounded |" in md
    assert "## Redlines (2)" in md
    assert "> The Supplier's liability is capped at the Contract Price." in md
    assert "**Final text**" in md
    assert "| 14.2 Liability \\| cap | deep | settled |" in md


def test_markdown_headings_follow_the_review_language(snapshot: dict[str, Any]) -> None:
    md = render_markdown(build_report({**snapshot, "language": "zh-CN", "risks": [], "redlines": []}))
    assert md.startswith("# 合同审查报告")
    assert "未发现风险。" in md
    assert "没有有效的修改建议。" in md


def test_markdown_of_a_failed_review_states_the_reason(snapshot: dict[str, Any]) -> None:
    md = render_markdown(build_report({**snapshot, "status": "failed", "failure_reason": "planning failed"}))
    assert "**Failure:** planning failed" in md


def test_an_incomplete_review_names_its_unreviewed_clauses_at_the_top(snapshot: dict[str, Any]) -> None:
    error = "fixed-skill path failed: the LLM endpoint is unavailable after 4 attempt(s)"
    snapshot = {
        **snapshot,
        "status": "incomplete",
        "failure_reason": f"1 clause(s) could not be reviewed (3.1): {error}",
        "clauses": [
            *snapshot["clauses"],
            {"clause_id": "3.1", "title": "Fees", "state": "failed", "error": error},
        ],
    }
    report = build_report(snapshot)
    assert report["status"] == "incomplete"
    assert report["failed_clauses"] == [{"clause_id": "3.1", "title": "Fees", "error": error}]
    md = render_markdown(report)
    before_summary = md.split("## ", 1)[0]
    assert "INCOMPLETE: 1 clause(s) were not reviewed" in before_summary
    assert f"3.1 — {error}" in before_summary


def test_a_complete_review_lists_no_failed_clauses(snapshot: dict[str, Any]) -> None:
    assert build_report(snapshot)["failed_clauses"] == []
    assert "INCOMPLETE" not in render_markdown(build_report(snapshot))
