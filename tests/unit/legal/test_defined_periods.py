"""A period term (a Lock-up Period, an Initial Term, 合同工期) given one length in one clause and another later.

Which length binds is uncertain, and each side will argue for the one that suits it. The first
statement is the reference; a later one that disagrees is reported where it stands. Lengths are
compared only in units that convert exactly, and only for terms whose name says they are a period.
The sentences are written for these tests.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.rules.drafting.defined_periods import defined_period_conflicts, stated_periods

STATED = [
    (
        '"Initial Term" means the period of three (3) years from the Effective Date;',
        "Initial Term",
        3,
        "year",
    ),
    ('"Tail Period" shall mean six (6) months after termination.', "Tail Period", 6, "month"),
    (
        'The Licensee may sell off its stock for ninety (90) days after expiry (the "Sell-Off Period").',
        "Sell-Off Period",
        90,
        "day",
    ),
    ("The Warranty Period shall be eighteen (18) months from Delivery.", "Warranty Period", 18, "month"),
    ("质保期为24个月，自验收合格之日起算。", "质保期", 24, "month"),
]


@pytest.mark.parametrize(("text", "term", "value", "unit"), STATED, ids=[s[1] for s in STATED])
def test_a_period_term_and_its_length_are_read(text: str, term: str, value: float, unit: str) -> None:
    [stated] = stated_periods("1", text)
    assert (stated.term, stated.period.value, stated.period.unit) == (term, value, unit)
    assert stated.quote in text


NOT_STATED = [
    '"Dispute" means any dispute notified within thirty (30) days of its occurrence;',  # no period term
    "The Term of this Agreement is set out in Schedule 2.",  # no length
    "关键节点工期为30日历天。",  # a milestone's period, not the project's
]


@pytest.mark.parametrize("text", NOT_STATED)
def test_terms_that_are_not_a_period_or_carry_no_length_are_not_read(text: str) -> None:
    assert stated_periods("1", text) == []


def test_a_later_different_length_conflicts_and_an_equal_one_in_other_units_does_not() -> None:
    clauses = [
        ("1.1", '"Lock-up Period" means the period of five (5) years from Completion;'),
        (
            "8.1",
            'No Founder shall transfer any Share for sixty (60) months after Completion (the "Lock-up Period").',
        ),
        (
            "8.4",
            'The Investor shall not transfer for thirty-six (36) months after Completion (the "Lock-up Period").',
        ),
    ]
    conflicts = defined_period_conflicts(clauses, zh=False)
    assert list(conflicts) == ["8.4"]  # 60 months are 5 years
    [conflict] = conflicts["8.4"]
    assert conflict["kind"] == "defined_period_conflict"
    assert (
        conflict["detail"] == 'Clause 1.1 gives the "Lock-up Period" 5 years; this clause gives it 36 months.'
    )


def test_lengths_in_units_that_do_not_convert_exactly_are_not_compared() -> None:
    clauses = [
        ("2.1", "The Warranty Period shall be twelve (12) months from Acceptance."),
        ("9.3", "The Warranty Period shall be 365 days from Acceptance."),
    ]
    assert defined_period_conflicts(clauses, zh=False) == {}


def test_a_warranty_claim_window_shorter_than_the_warranty_period_conflicts() -> None:
    # the claim window cuts the warranty short without naming it; a window counted from discovery, one
    # as long as the warranty and one that names the Warranty Period itself do not
    clauses = [
        ("1.1", '"Warranty Period" means, for each Unit, the period of eighteen (18) months from Delivery.'),
        (
            "9.2",
            "Any claim under the warranty in Clause 9.1 must be notified to the Seller in writing within six (6) "
            "months after shipment of the Unit concerned, failing which the Unit is deemed to conform.",
        ),
        ("9.3", "Warranty claims shall be made no later than ninety (90) days from the date of delivery."),
        (
            "9.4",
            "Defects under the warranty shall be notified within thirty (30) days after discovering them.",
        ),
        ("9.5", "Warranty claims may be made within eighteen (18) months after delivery."),
        ("9.6", "Warranty claims may be made within the Warranty Period, or within 6 months after delivery."),
    ]
    conflicts = defined_period_conflicts(clauses, zh=False)
    assert sorted(conflicts) == ["9.2", "9.3"]
    assert conflicts["9.3"][0]["detail"] == (
        'Clause 1.1 gives the "Warranty Period" 18 months; this clause requires warranty claims within 90 days.'
    )
    zh = [
        ("1", "质保期为12个月，自验收合格之日起算。"),
        ("2", "质保索赔应在发货之日起6个月内提出，逾期视为产品合格。"),
    ]
    assert defined_period_conflicts(zh, zh=True)["2"][0]["quote"] == "质保索赔应在发货之日起6个月内"
