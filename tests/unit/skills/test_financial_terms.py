"""extract_financial_terms: amounts, percentages, periods, payment days and caps (en and zh)."""

from __future__ import annotations

import pytest
from clauseflow_documents.model import DocumentStructure
from clauseflow_skills.skills.financial_terms import FinancialTermsInput, extract, run

from .conftest import skill_context


@pytest.mark.parametrize(
    ("text", "value", "currency"),
    [
        ("a fee of USD 1,000,000 is payable", 1_000_000, "USD"),
        ("damages capped at $5m in total", 5_000_000, "USD"),
        ("US$2.5 million", 2_500_000, "USD"),
        ("2.5 million US dollars", 2_500_000, "USD"),
        ("EUR 10,000", 10_000, "EUR"),
        ("£250,000", 250_000, "GBP"),
        ("RMB 300,000", 300_000, "CNY"),
        ("合同价款为人民币伍拾万元。", 500_000, "CNY"),
        ("赔偿以50万元为限", 500_000, "CNY"),
        ("共计1.5亿元", 150_000_000, "CNY"),
        ("五百万美元", 5_000_000, "USD"),
        ("付款金额为５０万元", 500_000, "CNY"),
        ("人民币500,000元", 500_000, "CNY"),
    ],
)
def test_amounts_with_currency(text: str, value: float, currency: str) -> None:
    amounts = extract(text).amounts
    assert [(a.value, a.currency) for a in amounts] == [(value, currency)]


def test_amount_text_is_quoted_as_written() -> None:
    assert [a.text for a in extract("付款金额为５０万元。").amounts] == ["５０万元"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("10% of the Contract Price", 10.0),
        ("5 per cent", 5.0),
        ("百分之十", 10.0),
        ("每日千分之五", 0.5),
        ("万分之五", 0.05),
    ],
)
def test_percentages(text: str, value: float) -> None:
    assert [p.value for p in extract(text).percentages] == [value]


@pytest.mark.parametrize(
    ("text", "value", "unit", "within", "business"),
    [
        ("notice within 28 days", 28, "day", True, False),
        ("within twenty-eight (28) days after", 28, "day", True, False),
        ("thirty days", 30, "day", False, False),
        ("15 business days", 15, "day", False, True),
        ("a period of 12 months", 12, "month", False, False),
        ("30日内", 30, "day", True, False),
        ("三个月内", 3, "month", True, False),
        ("十五个工作日", 15, "day", False, True),
        ("两年", 2, "year", False, False),
    ],
)
def test_periods(text: str, value: int, unit: str, within: bool, business: bool) -> None:
    periods = extract(text).periods
    assert [(p.value, p.unit, p.within, p.business_days) for p in periods] == [
        (value, unit, within, business)
    ]


def test_calendar_dates_are_not_periods() -> None:
    assert extract("自2024年1月1日起生效，于12月31日终止。").periods == []


def test_payment_days_in_english(en_document: DocumentStructure) -> None:
    out = run(FinancialTermsInput(clause_id="14.2"), skill_context(en_document))
    assert [(t.days, t.conditional) for t in out.payment_terms] == [([30], False)]
    assert [p.value for p in out.percentages] == [5.0]


def test_notice_period_is_not_a_payment_term(en_document: DocumentStructure) -> None:
    out = run(FinancialTermsInput(clause_id="20.1"), skill_context(en_document))
    assert out.payment_terms == []
    assert [p.approx_days for p in out.periods] == [28]


def test_pay_when_paid_is_flagged_conditional() -> None:
    terms = extract(
        "The Contractor shall pay the Subcontractor on a pay-when-paid basis within 7 days."
    ).payment_terms
    assert terms[0].conditional is True
    assert terms[0].days == [7]


def test_caps_in_english_with_basis(en_document: DocumentStructure) -> None:
    out = run(FinancialTermsInput(clause_id="17.6"), skill_context(en_document))
    assert (out.caps[0].percentages, out.caps[0].basis) == ([10.0], "the Contract Price")
    assert [a.value for a in out.caps[1].amounts] == [5_000_000]


def test_payment_and_caps_in_chinese(zh_document: DocumentStructure) -> None:
    out = run(FinancialTermsInput(clause_id="第5条"), skill_context(zh_document))
    assert [t.days for t in out.payment_terms] == [[30]]
    assert out.caps[0].percentages == [0.5, 10.0]
    assert out.caps[0].basis == "合同价款"
    cap = run(FinancialTermsInput(clause_id="第7条"), skill_context(zh_document)).caps
    assert [a.value for a in cap[0].amounts] == [500_000]


def test_text_argument_overrides_the_clause_text(en_document: DocumentStructure) -> None:
    out = run(FinancialTermsInput(clause_id="14.2", text="Pay within 60 days."), skill_context(en_document))
    assert [t.days for t in out.payment_terms] == [[60]]


def test_no_financial_terms_give_empty_lists() -> None:
    out = extract("The parties shall cooperate in good faith.")
    assert (out.amounts, out.percentages, out.periods, out.payment_terms, out.caps) == ([], [], [], [], [])
