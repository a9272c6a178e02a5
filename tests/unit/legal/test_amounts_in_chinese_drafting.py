"""Sums of money however a contract writes them, and a reviewer's figure written into a clause.

Chinese drafting names the currency before the sum, after it or both, in digits, in 万 or in
financial numerals: 人民币500,000元, 500,000元人民币, RMB500,000元, 人民币伍拾万元, 50万元. They are
one sum in one currency. Every clause here is written for these tests.
"""

from __future__ import annotations

import pytest
from clauseflow_legal.figures import find_amounts
from clauseflow_legal.redline_feedback import apply_feedback, render_amount
from clauseflow_legal.redline_rules import feedback_honoured, wished_figures

FIVE_HUNDRED_THOUSAND_YUAN = [
    "人民币500,000元",
    "500,000元人民币",
    "RMB500,000元",
    "RMB 500,000",
    "人民币伍拾万元",
    "人民币五十万元",
    "50万元",
    "人民币50万",
    "CNY 0.5 million",
]


@pytest.mark.parametrize("written", FIVE_HUNDRED_THOUSAND_YUAN)
def test_a_sum_in_yuan_is_read_once_whole_and_in_yuan(written: str) -> None:
    text = f"违约方应向守约方支付{written}作为赔偿。"
    amounts = find_amounts(text)
    assert [(a.value, a.code) for a in amounts] == [(500_000.0, "CNY")]
    assert text[amounts[0].start : amounts[0].end].strip() == written


def test_a_sum_restated_in_brackets_is_two_amounts_of_one_value() -> None:
    amounts = find_amounts("定金为人民币贰拾万元（¥200,000）。")
    assert [(a.value, a.code) for a in amounts] == [(200_000.0, "CNY"), (200_000.0, "CNY")]


def test_other_currencies_keep_their_own_code() -> None:
    amounts = find_amounts("首期款为800万美元，尾款为港币300万元，保证金为EUR 50,000。")
    assert [(a.value, a.code) for a in amounts] == [
        (8_000_000.0, "USD"),
        (3_000_000.0, "HKD"),
        (50_000.0, "EUR"),
    ]


CAP_ZH = "因本协议引起的，服务商的累计赔偿责任以人民币1,000,000元为限。"


@pytest.mark.parametrize(
    "feedback",
    [
        "上限改为人民币500,000元",
        "建议改为500,000元人民币",
        "上限调整为人民币伍拾万元",
        "cap it at RMB 500,000",
        "限于50万元",
    ],
)
def test_the_reviewers_sum_in_any_chinese_writing_takes_the_clauses_place(feedback: str) -> None:
    proposed, missing = apply_feedback(CAP_ZH, feedback)
    assert proposed == CAP_ZH.replace("1,000,000", "500,000")
    assert missing == []
    assert feedback_honoured(feedback, proposed, "") == []


@pytest.mark.parametrize(
    ("clause", "feedback", "expected"),
    [
        # the clause's own style is kept: financial numerals stay financial, 万 stays 万
        (
            "迟延交付超过三十日的，卖方应支付违约金人民币壹佰万元。",
            "改为50万元",
            "迟延交付超过三十日的，卖方应支付违约金人民币伍拾万元。",
        ),
        (
            "迟延交付超过三十日的，卖方应支付违约金人民币一百万元。",
            "改为人民币500,000元",
            "迟延交付超过三十日的，卖方应支付违约金人民币五十万元。",
        ),
        (
            "保证金为200万元，于签约后五日内支付。",
            "应为人民币伍拾万元",
            "保证金为50万元，于签约后五日内支付。",
        ),
        # a sum restated in brackets changes with it
        (
            "买方应于签约时支付定金人民币贰拾万元（¥200,000）。",
            "改为人民币拾万元",
            "买方应于签约时支付定金人民币拾万元（¥100,000）。",
        ),
        (
            "The Distributor's liability shall not exceed RMB 2,000,000 in any year.",
            "cap it at 人民币800,000元",
            "The Distributor's liability shall not exceed RMB 800,000 in any year.",
        ),
    ],
)
def test_the_reviewers_sum_is_written_as_the_clause_writes_sums(
    clause: str, feedback: str, expected: str
) -> None:
    assert apply_feedback(clause, feedback) == (expected, [])


def test_a_sum_in_another_currency_is_not_the_one_the_feedback_speaks_of() -> None:
    clause = "首期款为800万美元。"
    proposed, missing = apply_feedback(clause, "改为人民币500万元")
    assert proposed is None
    assert [(f.value, f.unit) for f in missing] == [(5_000_000.0, "CNY")]


def test_a_reviewers_sum_in_yuan_is_one_figure_however_written() -> None:
    assert [(f.value, f.unit) for f in wished_figures("改为50万元")] == [(500_000.0, "CNY")]
    # the redraft states the sum in other words: honoured
    assert feedback_honoured("改为50万元", "违约金为人民币伍拾万元。", "") == []


@pytest.mark.parametrize(
    ("piece", "value", "expected"),
    [
        ("USD 1.5 million", 2_000_000, "USD 2 million"),
        ("人民币1,000,000.00元", 750_000, "人民币750,000.00元"),
        ("300万元", 125_000, "12.5万元"),
        ("人民币壹仟零伍万元", 10_150_000, "人民币壹仟零壹拾伍万元"),
    ],
)
def test_an_amount_keeps_its_scale_and_cents(piece: str, value: float, expected: str) -> None:
    assert render_amount(piece, value) == expected
