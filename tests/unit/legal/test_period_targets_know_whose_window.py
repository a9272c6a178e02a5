"""A period fix lengthens our time, never the other side's time to use a right against us.

The playbook wants a longer window after termination (60 days to export data, to return stock):
that is right when the window is ours or the other side's duty to us, and wrong when it is the
time the other side has to exercise an option of its own (to buy back our stock or equipment at a
low price): a longer option leaves us waiting longer. Every clause here is written for these tests.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_numbers import rewrite_numbers

RISK = "post_termination_obligations"

THEIR_OPTION = [
    (
        "Distributor",
        "Within fifteen (15) days after expiry the Principal may by notice buy back the unsold stock at its cost price.",
    ),
    (
        "Franchisee",
        "The Franchisor will have the right, to be exercised by notice within thirty (30) days after termination, to purchase the equipment at its written-down value.",
    ),
    (
        "Lessee",
        "For ten (10) days after the lease ends the Lessor is entitled to keep the fittings at their book value.",
    ),
    ("乙方", "合同终止后十日内，甲方有权要求乙方按成本价出售库存。"),
]
OUR_TIME_OR_THEIR_DUTY = [
    (
        "Distributor",
        "Within fifteen (15) days after expiry the Distributor may return the unsold stock to the Principal for a full credit.",
        "sixty (60) days",
    ),
    (
        "Customer",
        "For seven (7) days after termination, the Provider shall make Customer Data available for export.",
        "sixty (60) days",
    ),
    ("乙方", "合同终止后十日内，乙方有权取回其存放于甲方场地的设备。", "六十日"),
]


@pytest.mark.parametrize(("our", "clause"), THEIR_OPTION)
def test_the_other_sides_option_window_is_not_lengthened(our: str, clause: str) -> None:
    assert rewrite_numbers(RISK, clause, infer_parties(our, None, clause)) is None


@pytest.mark.parametrize(("our", "clause"), THEIR_OPTION)
def test_a_redline_never_proposes_the_option_sentence_with_a_longer_window(our: str, clause: str) -> None:
    lengthened = rewrite_numbers(RISK, clause)  # the figure alone, read for nobody: 60 days
    assert lengthened is not None
    zh = "合同" in clause
    _, proposed, _ = draft_redline(
        {"risk_type": RISK, "original_text": clause}, clause, "zh-CN" if zh else "en", our_party=our
    )
    assert lengthened not in proposed


@pytest.mark.parametrize(("our", "clause", "longer"), OUR_TIME_OR_THEIR_DUTY)
def test_our_window_or_their_duty_to_us_is_lengthened(our: str, clause: str, longer: str) -> None:
    assert longer in (rewrite_numbers(RISK, clause, infer_parties(our, None, clause)) or "")
