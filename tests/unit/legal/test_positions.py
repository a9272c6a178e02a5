"""Numbers against the playbook's market positions: which side, how far, and a new contract type as data."""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import json
from importlib import resources

import pytest
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.positions import contract_type, deviations, market_positions


def _found(text: str, our_party: str, domain: str = "generic", title: str = "") -> list[tuple[str, str]]:
    parties = infer_parties(our_party, None, text)
    return [(d.position.risk_type, d.level) for d in deviations(text, parties, domain, title)]


@pytest.mark.parametrize(
    ("our_party", "text", "expected"),
    [
        # warranty: long is the supplier's burden, short the customer's loss
        (
            "Supplier",
            "The Supplier warrants the Equipment for a period of thirty-six (36) months.",
            ("warranty_excessive", "medium"),
        ),
        (
            "Supplier",
            "The Supplier warrants the Equipment for a period of six (6) years.",
            ("warranty_excessive", "high"),
        ),
        ("乙方（供方）", "乙方提供的设备质保期为五年。", ("warranty_excessive", "high")),
        (
            "Customer",
            "The Provider warrants the Deliverables for a period of sixty (60) days.",
            ("warranty_or_sla_inadequate", "high"),
        ),
        # a cap far below a year's fees for the party that would claim
        (
            "Customer",
            "The Vendor's aggregate liability shall not exceed the fees paid in the one (1) month before the claim.",
            ("liability_cap_inadequate", "medium"),
        ),
        ("买方", "卖方的赔偿责任总额以合同总价的百分之十为限。", ("liability_cap_inadequate", "medium")),
        # rates on any basis
        (
            "Contractor",
            "Delay damages are payable by the Contractor at 0.5% of the Contract Price per day.",
            ("liquidated_damages_excessive", "high"),
        ),
        (
            "乙方（卖方）",
            "每逾期交货一日，乙方应按合同总价的千分之二支付违约金。",
            ("liquidated_damages_excessive", "medium"),
        ),
        # delay damages we receive, too low to matter (a position of its own for the buyer)
        (
            "Customer",
            "Delay damages are payable by the Supplier at 0.01% of the price per day.",
            ("liability_cap_inadequate", "medium"),
        ),
        (
            "甲方（买方）",
            "乙方逾期交货的，违约金累计不超过合同总价的百分之二。",
            ("liability_cap_inadequate", "medium"),
        ),
        (
            "Customer",
            "The Customer shall pay interest on late payments at 3% per month.",
            ("payment_terms_unfavourable", "medium"),
        ),
        # periods that lock us in or rush us
        (
            "Customer",
            "The Agreement renews automatically for successive terms of five (5) years.",
            ("auto_renewal_lock_in", "medium"),
        ),
        (
            "Supplier",
            "The Buyer shall pay each invoice within one hundred and twenty (120) days of receipt.",
            ("payment_terms_unfavourable", "medium"),
        ),
        (
            "Distributor",
            "If the Distributor fails to remedy any breach within two (2) days, the Principal may end this Agreement.",
            ("termination_rights_unbalanced", "medium"),
        ),
    ],
)
def test_a_number_beyond_the_walk_away_point_is_reported_for_our_side(
    our_party: str, text: str, expected: tuple[str, str]
) -> None:
    assert expected in _found(text, our_party)


@pytest.mark.parametrize(
    ("our_party", "text"),
    [
        ("Supplier", "The Supplier warrants the Equipment for a period of twelve (12) months."),  # market
        (
            "Supplier",
            "The Supplier warrants the Equipment for a period of eighteen (18) months.",
        ),  # negotiable range
        (
            "Customer",
            "The Supplier warrants the Equipment for a period of six (6) years.",
        ),  # good for the customer
        (
            "Supplier",
            "The Vendor's aggregate liability shall not exceed 10% of the fees paid.",
        ),  # a low cap helps the supplier
        (
            "Customer",
            "Delay damages are payable by the Supplier at 2% of the price per week.",
        ),  # we receive them
        (
            "Customer",
            "Delay damages are payable by the Supplier at 0.5% of the price per week, capped at 10% of the price.",
        ),  # market damages we receive
        ("甲方（买方）", "乙方提供的设备质保期为十二个月。"),
    ],
)
def test_market_terms_and_terms_that_favour_us_are_not_reported(our_party: str, text: str) -> None:
    assert _found(text, our_party) == []


def test_the_level_follows_the_distance_from_the_position() -> None:
    levels = [
        _found(f"The Supplier warrants the Goods for a period of {n} months.", "Supplier")
        for n in (12, 24, 30, 47, 50, 72)
    ]
    assert levels == [
        [],
        [],
        [("warranty_excessive", "medium")],
        [("warranty_excessive", "medium")],
        [("warranty_excessive", "high")],
        [("warranty_excessive", "high")],
    ]


def test_a_position_bound_to_us_skips_the_number_the_other_side_bears() -> None:
    text = "The Customer shall pay delay damages of 3% per week."
    parties = infer_parties("Supplier", None, text)
    assert deviations(text, parties, "generic", "", lambda p: "them") == []
    assert [d.position.risk_type for d in deviations(text, parties, "generic", "", lambda p: "us")] == [
        "liquidated_damages_excessive"
    ]


def test_share_deal_positions_come_from_the_domain_playbook() -> None:
    assert ("sha_exit_rights_unfavourable", "high") in _found(
        "The Investors shall not transfer any Shares during a lock-up of ten (10) years.",
        "Investor",
        "sha_spa",
    )
    assert ("sha_exit_rights_unfavourable", "medium") in _found(
        "Holders of 50% of the Shares may exercise the drag-along right over all other Shareholders.",
        "Investor",
        "sha_spa",
    )
    assert (
        _found("Holders of 50% of the Shares may exercise the drag-along right.", "Investor", "generic") == []
    )


def test_a_contract_type_is_data_in_the_playbook() -> None:
    generic = json.loads(
        resources.files("clauseflow_legal.playbook").joinpath("generic.json").read_text(encoding="utf-8")
    )
    for name, spec in generic["contract_types"].items():
        assert (
            contract_type("generic", spec["title"].split("|")[0].replace("\\s+", " ").replace("\\b", ""))
            == name
        )
    # the SaaS entry tightens the renewal position without any code knowing about SaaS
    text = "The subscription renews automatically for successive periods of eighteen (18) months."
    assert _found(text, "Customer", title="Master Services Agreement") == []
    assert ("auto_renewal_lock_in", "medium") in _found(
        text, "Customer", title="Software as a Service Agreement"
    )
    assert market_positions("generic", "Software as a Service Agreement")["renewal_term"][0].walk_away == 365


def test_construction_performance_security_above_ten_per_cent_is_off_market() -> None:
    # FIDIC Particular Conditions commonly set 10% of the Accepted Contract Amount: 15% is a third
    # more (the generic supplier position still tolerates it)
    for text in (
        "Performance Security: 15% of the Accepted Contract Amount.",
        "The Contractor shall provide an on-demand bond of twelve per cent (12%) of the Contract Price.",
        "The Contractor shall deliver a bond, payable on first written demand, equal to 15% of the Contract Price.",
    ):
        assert _found(text, "Contractor", "fidic") == [("security_insurance_burden", "medium")], text
    assert _found("Performance Security: 10% of the Accepted Contract Amount.", "Contractor", "fidic") == []
    assert _found("The Supplier shall provide a performance bond of 15% of the price.", "Supplier") == []


def test_a_subcontractor_holds_the_contractors_construction_positions() -> None:
    # it builds for its Contractor as the Contractor builds for the Employer: the fidic positions
    # (which override the generic supplier ones) speak for it too
    sixty = "The Defects Notification Period for the Subcontract Works shall be sixty (60) months."
    assert _found(sixty, "Subcontractor", "fidic") == [("warranty_excessive", "high")]
    assert _found(sixty, "Subcontractor", "generic") == [("warranty_excessive", "high")]
    assert _found(sixty.replace("sixty (60)", "twelve (12)"), "Subcontractor", "fidic") == []
    assert _found("Performance Security: 15% of the Subcontract Price.", "Subcontractor", "fidic") == [
        ("security_insurance_burden", "medium")
    ]


def test_a_statutory_leak_warranty_is_no_off_market_period_but_a_longer_one_is() -> None:
    # five years against leaks is China's statutory minimum: the law, whoever builds
    for party in ("乙方（分包人）", "乙方（承包人）"):
        assert _found("乙方对幕墙工程的保修期为五年，自竣工验收合格之日起计算。", party, "fidic") == []
        assert _found("乙方对幕墙工程的保修期为十年，自竣工验收合格之日起计算。", party, "fidic") == [
            ("warranty_excessive", "high")
        ]


def test_a_main_contractor_facing_its_subcontractor_does_not_hold_the_builders_positions() -> None:
    # the subcontractor's long defects period is the main contractor's protection, not its burden
    text = "The Defects Notification Period for the Subcontract Works shall be sixty (60) months."
    parties = infer_parties("Contractor", ["Subcontractor"], text)
    assert deviations(text, parties, "fidic") == []
    assert _found(text, "Contractor", "fidic") == [("warranty_excessive", "high")]  # facing the Employer


def test_a_loan_reads_default_interest_for_the_borrower_and_its_guarantor() -> None:
    # a margin of 2.5% over the loan's own rate: within a trade payer's range, beyond a borrower's in a loan
    text = "Overdue amounts bear default interest at 2.5 per cent. per annum above the rate otherwise applicable."
    assert contract_type("generic", "SENIOR FACILITY AGREEMENT") == "loan_facility"
    assert contract_type("generic", "流动资金借款合同") == "loan_facility"
    assert _found(text, "Borrower") == []
    assert ("payment_terms_unfavourable", "medium") in _found(text, "Borrower", title="Term Loan Agreement")
    assert ("payment_terms_unfavourable", "medium") in _found(text, "Guarantor", title="Facility Agreement")
    assert _found(text, "Lender", title="Facility Agreement") == []


@pytest.mark.parametrize(
    "title",
    [
        "COMMERCIAL AGENCY AGREEMENT",
        "Sales Representative Agreement",
        "Exclusive Agency Agreement",
        "独家销售代理协议",
    ],
)
def test_an_agency_has_an_agents_positions(title: str) -> None:
    assert contract_type("generic", title) == "commercial_agency"
    restraint = market_positions("generic", title)["non_compete_period"][0]
    assert (restraint.perspective, restraint.walk_away) == (("agent",), 365)
    assert market_positions("generic", title)["payment_term"][0].walk_away == 45
