"""A finding's level moves one step from its rule's, with the reason said, by what its sentence says.

The taxonomy lets a reviewer move a risk one step up or down for a stated reason (the amount at
stake, market practice, mitigation). These specifications read the review as a lawyer would: the
level reported, and the reason given for it.
"""

from __future__ import annotations

from typing import Any

import pytest
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.severity import adjustments


def _review(text: str, our: str, tools: list[dict[str, Any]], language: str = "en") -> dict[str, str]:
    risks = analyse_clause(text, our_party=our, language=language, tool_results=tools)
    assert len(risks) == 1, risks
    return risks[0]


def _undefined(term: str) -> list[dict[str, Any]]:
    return [{"undefined_terms": [term]}]


def _broken(raw: str, target: str) -> list[dict[str, Any]]:
    return [{"references_out": [{"raw": raw, "target": target, "resolved": False}]}]


@pytest.mark.parametrize(
    ("text", "our", "term", "language"),
    [
        (
            "The Distributor shall pay a share of the Network Charges each quarter.",
            "Distributor",
            "Network Charges",
            "en",
        ),
        (
            "The Customer may terminate the Order if the Vendor misses the same Key Milestone twice.",
            "Customer",
            "Key Milestone",
            "en",
        ),
        ("买方有权依照《外协件考核办法》从货款中扣款。", "卖方", "外协件考核办法", "zh-CN"),
    ],
)
def test_an_undefined_term_that_decides_money_or_a_right_is_raised_one_step(
    text: str, our: str, term: str, language: str
) -> None:
    risk = _review(text, our, _undefined(term), language)
    assert risk["risk_type"] == "undefined_term"
    assert risk["risk_level"] == "medium"
    assert ("涉及的利益" in risk["reason"]) if language.startswith("zh") else ("at stake" in risk["reason"])


def test_an_undefined_term_far_from_the_money_in_a_long_sentence_keeps_its_default_level() -> None:
    risk = _review(
        "Each party shall comply with the Export Rules in performing this Agreement, and all amounts "
        "payable hereunder shall be paid in United States dollars without deduction.",
        "Customer",
        _undefined("Export Rules"),
    )
    assert (risk["risk_type"], risk["risk_level"]) == ("undefined_term", "low")


def test_a_lien_or_charge_on_an_undefined_asset_is_security_not_money_and_keeps_its_level() -> None:
    risk = _review(
        "The Seller will not create any lien, charge or encumbrance on the Plant Assets.",
        "Buyer",
        _undefined("Plant Assets"),
    )
    assert (risk["risk_type"], risk["risk_level"]) == ("undefined_term", "low")


def test_an_undefined_term_in_a_housekeeping_sentence_keeps_its_default_level() -> None:
    risk = _review("The Provider shall keep the Runbook up to date.", "Customer", _undefined("Runbook"))
    assert (risk["risk_type"], risk["risk_level"]) == ("undefined_term", "low")
    assert "at stake" not in risk["reason"]


@pytest.mark.parametrize(
    ("text", "raw", "target", "language"),
    [
        ("The Purchase Price shall be calculated in accordance with Clause 7.9.", "Clause 7.9", "7.9", "en"),
        ("结算单价按本合同第9.8款的约定确定。", "第9.8款", "9.8", "zh-CN"),
    ],
)
def test_a_broken_reference_that_fixes_a_price_is_raised_one_step(
    text: str, raw: str, target: str, language: str
) -> None:
    risk = _review(text, "Buyer" if language == "en" else "乙方", _broken(raw, target), language)
    assert (risk["risk_type"], risk["risk_level"]) == ("broken_cross_reference", "high")


@pytest.mark.parametrize(
    ("text", "raw", "target", "language"),
    [
        ("Without prejudice to Clause 14, either party may seek injunctive relief.", "Clause 14", "14", "en"),
        ("Clauses 3, 8 and 19 shall survive termination of this Agreement.", "19", "19", "en"),
        ("本合同第十八条在本合同终止后继续有效。", "第十八条", "18", "zh-CN"),
    ],
)
def test_a_broken_reference_that_only_saves_rights_or_lists_survivors_is_lowered_one_step(
    text: str, raw: str, target: str, language: str
) -> None:
    risk = _review(text, "Customer" if language == "en" else "甲方", _broken(raw, target), language)
    assert (risk["risk_type"], risk["risk_level"]) == ("broken_cross_reference", "low")


def test_an_operative_broken_reference_keeps_its_default_level() -> None:
    risk = _review(
        "Any claim shall follow the procedure in Clause 21.3.", "Supplier", _broken("Clause 21.3", "21.3")
    )
    assert (risk["risk_type"], risk["risk_level"]) == ("broken_cross_reference", "medium")


@pytest.mark.parametrize(
    ("text", "our", "language"),
    [
        (
            "The Licensor may terminate this Agreement without notice if the Licensee breaches any term.",
            "Licensee",
            "en",
        ),
        (
            "The Licensor may terminate this Agreement immediately if, in the Licensor's opinion, "
            "the Licensee has harmed the reputation of the Brand.",
            "Licensee",
            "en",
        ),
        ("甲方认为乙方不能胜任的，甲方有权不经通知立即解除本合同。", "乙方", "zh-CN"),
    ],
)
def test_the_other_sides_right_to_end_without_notice_or_on_its_own_opinion_is_raised(
    text: str, our: str, language: str
) -> None:
    risk = _review(text, our, [], language)
    assert (risk["risk_type"], risk["risk_level"]) == ("termination_rights_unbalanced", "high")


def test_a_right_to_end_on_an_objective_test_keeps_its_level() -> None:
    risks = analyse_clause(
        "The Licensor may terminate this Agreement immediately if, in the reasonable opinion of an "
        "independent auditor, the Licensee has under-reported royalties.",
        our_party="Licensee",
    )
    assert [r["risk_level"] for r in risks if r["risk_type"] == "termination_rights_unbalanced"] in (
        [],
        ["medium"],
    )


def test_a_loan_called_in_without_notice_is_not_an_ending_and_keeps_its_level() -> None:
    risks = analyse_clause(
        "On an Event of Default the Lender may immediately declare the Loan due and payable without notice.",
        our_party="Borrower",
    )
    assert [(r["risk_type"], r["risk_level"]) for r in risks] == [("termination_rights_unbalanced", "medium")]


def test_every_adjustment_names_a_pattern_and_says_its_reason_in_both_languages() -> None:
    table = adjustments()
    assert {"undefined_term", "broken_cross_reference", "termination_rights_unbalanced"} <= set(table)
    for entries in table.values():
        for entry in entries:
            assert entry.step in ("up", "down")
            assert entry.reason_en and entry.reason_zh
