"""Figures written only in words are read: halves, a fortnight, fractions of the fees, 半年, 两年半, 三分之一."""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.figures import find_fractions, find_percents, find_periods, words_to_number
from clauseflow_legal.parameters import extract_parameters


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("one hundred and eighty", 180),
        ("twenty-four", 24),
        ("two and a half", 2.5),
        ("seven and one-half", 7.5),
        ("one and a half", 1.5),
        ("a half", 0.5),
        ("half", 0.5),
    ],
)
def test_number_words_with_a_half(words: str, value: float) -> None:
    assert words_to_number(words) == value


@pytest.mark.parametrize(
    ("text", "days", "raw"),
    [
        ("for one hundred and eighty days", 180, "one hundred and eighty days"),
        ("ninety (90) days", 90, "ninety (90) days"),
        ("for two and a half years", 900, "two and a half years"),
        ("for half a year", 180, "half a year"),
        ("within half an hour", 0.5 / 24, "half an hour"),
        ("eighteen months", 540, "eighteen months"),
        ("within a fortnight of delivery", 14, "a fortnight"),
        ("over two fortnights", 28, "two fortnights"),
        ("twenty-four months", 720, "twenty-four months"),
        ("一百八十日", 180, "一百八十日"),
        ("质保期半年", 180, "半年"),
        ("两年半", 900, "两年半"),
        ("一年半以后", 540, "一年半"),
        ("十八个月", 540, "十八个月"),
        ("半个月", 15, "半个月"),
        ("一个半月内", 45, "一个半月"),
    ],
)
def test_periods_in_words(text: str, days: float, raw: str) -> None:
    periods = find_periods(text)
    assert len(periods) == 1
    assert periods[0].days == pytest.approx(days)
    assert text[periods[0].start : periods[0].end] == raw


@pytest.mark.parametrize(
    "text",
    [
        "one-quarter of the fees",  # a share, not three months
        "the half-yearly report",
        "once a year",  # a rate's basis
        "at 1% a month",
        "半年度报告",  # the half-year, not a length
        "on behalf of the Buyer",
    ],
)
def test_no_period_read_where_none_is_written(text: str) -> None:
    assert find_periods(text) == []


@pytest.mark.parametrize(
    ("text", "percent"),
    [
        ("fifty per cent of the price", 50),
        ("seven and one-half percent", 7.5),
        ("one-quarter of the fees", 25),
        ("one-half (1/2) of the Charges", 50),
        ("two-thirds of the Shares", 66.7),
        ("three quarters of the votes", 75),
        ("百分之十五", 15),
        ("合同总价的三分之一", 33.3),
    ],
)
def test_shares_in_words(text: str, percent: float) -> None:
    found = find_percents(text) + find_fractions(text)
    assert [p.value for p in found] == [percent]


@pytest.mark.parametrize(
    "text",
    [
        "the second half of the year",
        "half of the retention",  # perhaps "the second half of the retention", cut from its sentence
        "a quarter of a year",
        "on behalf of the Company",
        "the first quarter of the Year",
    ],
)
def test_no_share_read_where_a_part_of_time_is_meant(text: str) -> None:
    assert find_percents(text) + find_fractions(text) == []


def test_a_fraction_that_splits_a_sum_sets_no_rate() -> None:
    # the retention is released in halves: no percentage of the retention (or of anything) is set
    clause = "One half of the retention money shall be released on taking-over and the other half on expiry."
    assert find_percents(clause) == []
    assert extract_parameters(clause) == ()


# (clause, measure, kind, value: days / percent / multiple)
CLAUSES = [
    (
        "Builder warrants its workmanship for two and a half years after practical completion.",
        "warranty_period",
        "period",
        900,
    ),
    ("The warranty period for each Unit is half a year from installation.", "warranty_period", "period", 180),
    (
        "Each invoice is payable within a fortnight of its receipt by the Customer.",
        "payment_term",
        "period",
        14,
    ),
    (
        "This Agreement renews automatically for successive terms of eighteen months.",
        "renewal_term",
        "period",
        540,
    ),
    (
        "Acme's total liability shall not exceed one-quarter of the fees paid in the prior twelve months.",
        "liability_cap",
        "multiple",
        0.25,
    ),
    (
        "The aggregate liability of the Vendor is capped at one-half (1/2) of the Charges.",
        "liability_cap",
        "multiple",
        0.5,
    ),
    ("Overdue sums carry interest at seven and one-half percent per annum.", "late_interest", "percent", 7.5),
    ("设备质保期为两年半，自最终验收之日起算。", "warranty_period", "period", 900),
    ("本产品保修期为半年。", "warranty_period", "period", 180),
    ("甲方应于收到合格发票后一个半月内支付货款。", "payment_term", "period", 45),
    ("乙方的赔偿责任总额以合同总价的三分之一为限。", "liability_cap", "multiple", 1 / 3),
]


@pytest.mark.parametrize(("clause", "measure", "kind", "value"), CLAUSES)
def test_worded_figures_measure_what_the_clause_says(
    clause: str, measure: str, kind: str, value: float
) -> None:
    found = [p for p in extract_parameters(clause) if p.measure == measure and p.kind == kind]
    assert found, extract_parameters(clause)
    assert found[0].value == pytest.approx(value, rel=1e-2)
