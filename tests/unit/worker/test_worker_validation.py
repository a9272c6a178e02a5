"""Deterministic redline validation: original text in the clause, a real change, addressing a risk."""

from __future__ import annotations

from clauseflow_clause_worker.validation import check_draft, check_drafts, locate
from clauseflow_contracts.review import Risk, RiskLevel

CLAUSE = "The Supplier's liability shall be unlimited.\nPayment is due within  120 days."
RISKS = [
    Risk(id="r0", clause_id="1", risk_type="uncapped_liability", risk_level=RiskLevel.HIGH, description="d"),
    Risk(
        id="r1",
        clause_id="1",
        risk_type="payment_terms_unfavourable",
        risk_level=RiskLevel.MEDIUM,
        description="d",
    ),
]


def test_a_draft_quoting_the_clause_and_changing_it_for_a_named_risk_passes() -> None:
    check = check_draft(
        {
            "risk_index": 0,
            "original_text": "shall be unlimited",
            "proposed_text": "shall not exceed the fees",
        },
        clause_text=CLAUSE,
        risks=RISKS,
    )
    assert check.passed
    assert check.risk_id == "r0"


def test_original_text_absent_from_the_clause_fails_with_a_reason() -> None:
    check = check_draft(
        {"risk_id": "r0", "original_text": "liability is capped", "proposed_text": "x"},
        clause_text=CLAUSE,
        risks=RISKS,
    )
    assert not check.passed
    assert any("does not occur in the clause" in issue for issue in check.issues)


def test_whitespace_differences_are_tolerated_and_the_exact_clause_text_is_kept() -> None:
    assert locate("within 120 days", CLAUSE) == "within  120 days"
    check = check_draft(
        {"risk_index": 1, "original_text": "within 120 days", "proposed_text": "within 30 days"},
        clause_text=CLAUSE,
        risks=RISKS,
    )
    assert check.passed
    assert check.original_text == "within  120 days"


def test_an_unchanged_proposal_fails() -> None:
    check = check_draft(
        {"risk_index": 0, "original_text": "shall be unlimited", "proposed_text": "shall  be unlimited"},
        clause_text=CLAUSE,
        risks=RISKS,
    )
    assert not check.passed
    assert any("same as original_text" in issue for issue in check.issues)


def test_a_draft_that_names_no_known_risk_fails() -> None:
    for draft in (
        {"risk_index": 7, "original_text": "shall be unlimited", "proposed_text": "capped"},
        {"risk_id": "nope", "original_text": "shall be unlimited", "proposed_text": "capped"},
        {"original_text": "shall be unlimited", "proposed_text": "capped"},
        {"risk_index": True, "original_text": "shall be unlimited", "proposed_text": "capped"},
    ):
        check = check_draft(draft, clause_text=CLAUSE, risks=RISKS)
        assert not check.passed, draft
        assert check.risk_id is None


def test_a_second_redline_for_the_same_risk_is_rejected() -> None:
    draft = {"risk_index": 0, "original_text": "shall be unlimited", "proposed_text": "shall be capped"}
    first, second = check_drafts([draft, dict(draft)], clause_text=CLAUSE, risks=RISKS)
    assert first.passed
    assert not second.passed


def test_the_clause_number_is_kept_out_of_a_change_that_does_not_restate_it() -> None:
    from clauseflow_clause_worker.validation import keep_clause_number

    assert keep_clause_number("4.2 The Customer may terminate.", "The Customer may not terminate.") == (
        "The Customer may terminate.",
        "The Customer may not terminate.",
    )
    assert keep_clause_number("第七条 甲方有权解除。", "甲方无权解除。") == (
        "甲方有权解除。",
        "甲方无权解除。",
    )
    assert keep_clause_number("4.2 The Customer may.", "4.2 The Customer may not.") == (
        "4.2 The Customer may.",
        "4.2 The Customer may not.",
    )
    assert keep_clause_number("The Customer may.", "The Customer may not.") == (
        "The Customer may.",
        "The Customer may not.",
    )
