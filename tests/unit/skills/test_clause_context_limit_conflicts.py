"""get_clause_context lists the deadlines a clause sets that another clause sets differently.

"The Contractor shall arrive on site within four hours" in one clause and "within two hours" in
another for the same party's act leave it uncertain which binds: an internal inconsistency the drafting rule reports at each clause,
naming the other. Tiers that differ by design (Priority 1 and Priority 2), rates per day and late
payment counted from the due date are not restatements of one deadline.
"""

# ruff: noqa: E501 -- fixture clauses keep one paragraph per line, as real ones do
from __future__ import annotations

import json

from clauseflow_legal.analysis import analyse_clause
from clauseflow_skills.skills.clause_context import ClauseContextInput, ClauseContextOutput, run

from .conftest import build_document, skill_context

_EN: list[tuple[str, str, str, str | None]] = [
    (
        "3",
        "Support",
        "3.1 The Contractor shall arrive on site within four (4) hours of a fault report.",
        None,
    ),
    (
        "7",
        "Service levels",
        "7.1 The Contractor shall arrive on site within two (2) hours of being called out.",
        None,
    ),
    (
        "10",
        "Priority faults",
        "10.1 For a Priority 1 fault the Contractor shall arrive on site within one (1) hour.",
        None,
    ),
    ("8", "Payment", "8.1 The Client shall pay each invoice within thirty (30) days of receipt.", None),
    (
        "9",
        "Late payment",
        "9.1 Interest accrues on any invoice the Client fails to pay for each day it is overdue after the due date.",
        None,
    ),
]
_ZH: list[tuple[str, str, str, str | None]] = [
    ("5", "租金", "5.2 承租方应在每个租期开始后十日内支付租金。", None),
    ("6", "续租", "6.1 续租期间，承租方应在收到出租方续租通知后二十日内支付租金。", None),
    ("7", "服务", "7.1 一级故障到场时间不超过两小时；二级故障到场时间不超过八小时。", None),
]


def _context(
    rows: list[tuple[str, str, str, str | None]], clause_id: str, language: str = "en"
) -> ClauseContextOutput:
    document = build_document(f"doc-limits-{language}", rows, language=language)
    return run(ClauseContextInput(clause_id=clause_id), skill_context(document))


def test_one_act_given_two_deadlines_is_listed_at_each_clause_naming_the_other() -> None:
    [at_3] = _context(_EN, "3").limit_conflicts
    [at_7] = _context(_EN, "7").limit_conflicts
    assert "four (4) hours" in at_3.quote and "Clause 7 " in at_3.detail
    assert "two (2) hours" in at_7.quote and "Clause 3 " in at_7.detail


def test_one_chinese_payer_given_two_periods_to_pay_conflicts() -> None:
    [at_5] = _context(_ZH, "5", "zh").limit_conflicts
    [at_6] = _context(_ZH, "6", "zh").limit_conflicts
    assert "十日内支付租金" in at_5.quote and "第6款" in at_5.detail
    assert "二十日内支付租金" in at_6.quote


def test_tiers_rates_and_late_payment_are_not_restated_deadlines() -> None:
    assert _context(_EN, "8").limit_conflicts == []  # the 9.1 count runs from the due date, per day
    assert _context(_ZH, "7", "zh").limit_conflicts == []  # two tiers, two deadlines by design
    # a tiered deadline refines the general one; it restates neither
    assert _context(_EN, "10").limit_conflicts == []


def test_the_list_is_left_out_when_empty_and_the_rule_reports_the_conflict() -> None:
    assert "limit_conflicts" not in _context(_EN, "8").model_dump_json()
    clause = "3.1 The Contractor shall arrive on site within four (4) hours of a fault report."
    result = json.loads(_context(_EN, "3").model_dump_json())
    risks = analyse_clause(clause, clause_id="3.1", our_party="Client", tool_results=[result])
    [risk] = [r for r in risks if r["risk_type"] == "internal_inconsistency"]
    assert "Clause 7 " in risk["description"]


_PERIODS: list[tuple[str, str, str, str | None]] = [
    (
        "1",
        "Definitions",
        '1.1 "Restricted Period" means the period of two (2) years after the Closing Date;',
        None,
    ),
    (
        "6",
        "Non-competition",
        '6.1 The Seller shall not compete with the Business for eighteen (18) months after Closing (the "Restricted Period").',
        None,
    ),
    (
        "9",
        "Warranty",
        '9.1 The Warranty Period shall be twenty-four (24) months; the "Claims Window" means thirty (30) days after notice.',
        None,
    ),
]
_ZH_PERIODS: list[tuple[str, str, str, str | None]] = [
    ("3", "工期", "3.1 本工程合同工期为240日历天，自开工之日起算。", None),
    ("8", "节点", "8.1 关键节点工期为30日历天。", None),
    ("11", "竣工", "11.1 双方确认，本工程的合同工期为210日历天。", None),
]


def test_a_period_term_given_another_length_later_is_listed_where_it_is_restated() -> None:
    [at_6] = _context(_PERIODS, "6").limit_conflicts
    assert at_6.kind == "defined_period_conflict"
    assert at_6.quote == 'eighteen (18) months after Closing (the "Restricted Period")'
    assert "Clause 1 " in at_6.detail and "2 years" in at_6.detail
    assert _context(_PERIODS, "1").limit_conflicts == []  # the first statement is the reference
    assert _context(_PERIODS, "9").limit_conflicts == []  # other terms, stated once


def test_a_chinese_project_period_restated_differently_conflicts_but_a_milestone_is_another_term() -> None:
    [at_11] = _context(_ZH_PERIODS, "11", "zh").limit_conflicts
    assert at_11.quote == "合同工期为210日历天" and "第3款" in at_11.detail
    assert _context(_ZH_PERIODS, "8", "zh").limit_conflicts == []  # 关键节点工期: a milestone's own period
