"""Clause typing reads what a clause does, in English and Chinese."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.clause_types import CLAUSE_TYPES, CUAD_TYPES, classify_clause


def test_catalogue_has_the_41_cuad_categories_and_domain_types() -> None:
    assert len(CUAD_TYPES) == 41
    for type_id in ("claims_time_bar", "variations", "conditions_precedent", "drag_tag", "indemnity"):
        assert type_id in CLAUSE_TYPES


@pytest.mark.parametrize(
    ("title", "text", "expected"),
    [
        (
            "",
            "In no event shall the aggregate liability of either party exceed the amounts paid in the prior year.",
            "cap_on_liability",
        ),
        (
            "",
            "Vendor may end this agreement for its convenience by giving sixty days' notice.",
            "termination_for_convenience",
        ),
        (
            "",
            "Licensee shall not assign or transfer this Agreement without the prior written consent of Licensor.",
            "anti_assignment",
        ),
        (
            "",
            "Should the Reseller undergo a change of control, the Manufacturer may terminate this Agreement.",
            "change_of_control",
        ),
        (
            "",
            "During the term the Agent shall not engage in any business that competes with the Principal.",
            "non_compete",
        ),
        (
            "",
            "The Buyer shall purchase all of its requirements for the Goods exclusively from the Seller.",
            "exclusivity",
        ),
        (
            "",
            "For each week of delay the Builder shall pay liquidated damages of 0.5% of the price.",
            "liquidated_damages",
        ),
        ("", "The Licensor may audit the books and records of the Licensee once per year.", "audit_rights"),
        (
            "",
            "The Consultant shall maintain professional indemnity insurance of at least USD 2 million.",
            "insurance",
        ),
        (
            "",
            "All inventions made in the course of the Services shall vest in the Client, and the Consultant hereby assigns all right, title and interest in them.",
            "ip_ownership_assignment",
        ),
        ("", "The term shall automatically renew for successive one-year periods.", "renewal_term"),
        ("", "This Agreement is governed by the laws of Singapore.", "governing_law"),
        (
            "",
            "The limits above shall not apply to liability for fraud or wilful default, which shall be without limit.",
            "uncapped_liability",
        ),
        ("", "本合同受中华人民共和国法律管辖，适用中华人民共和国法律。", "governing_law"),
        ("", "任何一方的累计赔偿责任不超过合同总价款。", "cap_on_liability"),
        ("", "甲方有权随时解除本合同。", "termination_for_convenience"),
        ("", "未经甲方书面同意，乙方不得转让本合同项下的权利义务。", "anti_assignment"),
        ("", "乙方逾期交货的，应按日支付合同总价千分之一的违约金。", "liquidated_damages"),
        ("", "合同期满后自动续期一年。", "renewal_term"),
        (
            "Claims",
            "The Contractor shall give notice within 28 days, failing which it shall not be entitled to additional time.",
            "claims_time_bar",
        ),
        (
            "",
            "Completion is conditional on the satisfaction of the Conditions by the Long Stop Date.",
            "conditions_precedent",
        ),
        ("", "Holders of 75% may exercise the drag-along right.", "drag_tag"),
    ],
)
def test_classify_recognises_what_the_clause_does(title: str, text: str, expected: str) -> None:
    assert expected in classify_clause(title, text, "en")


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        ("Service credits are the sole and exclusive remedy for unavailability.", "exclusivity"),
        ("The courts of England shall have exclusive jurisdiction.", "exclusivity"),
        (
            "Either Party may terminate this Agreement if the other commits a material breach.",
            "termination_for_convenience",
        ),
        ("The Supplier shall deliver the Goods to the Site.", "cap_on_liability"),
        ("The Employer shall pay the Contractor within 56 days.", "uncapped_liability"),
    ],
)
def test_classify_does_not_see_types_that_are_not_there(text: str, absent: str) -> None:
    assert absent not in classify_clause("", text, "en")


def test_a_definitions_clause_is_only_definitions() -> None:
    types = classify_clause("Definitions", '"Fees" means the amounts payable under an Order Form.', "en")
    assert types == ["definitions"]


def test_a_bare_definitions_heading_keeps_every_type_its_words_name() -> None:
    # No entries under it: nothing says the heading is a definitions article rather than a list of subjects.
    assert classify_clause("Definitions and Governing Law", "", "en") == ["governing_law", "definitions"]
