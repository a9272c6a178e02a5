"""A clause's numbers are found whatever the wording, normalised, and given what they measure."""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.parameters import extract_parameters, parameters_of

# (clause, measure, kind, value normalised: days / percent / multiple, basis of a rate)
CASES = [
    # warranty periods, in words and digits, English and Chinese
    (
        "The Vendor warrants each unit against defects for a period of thirty-six (36) months after delivery.",
        "warranty_period",
        "period",
        1080,
        "",
    ),
    (
        "The Defects Liability Period shall be two years from the Taking-Over Certificate.",
        "warranty_period",
        "period",
        730,
        "",
    ),
    ("本合同设备的质保期为五年，自最终验收之日起计算。", "warranty_period", "period", 1825, ""),
    ("产品保修期为十八个月。", "warranty_period", "period", 540, ""),
    ("乙方对设备的质量保证期为三十六（36）个月，自验收合格之日起算。", "warranty_period", "period", 1080, ""),
    # caps as multiples of the fees, however stated
    # the months whose fees make the cap, however they are looked back on
    (
        "Supplier's liability is limited to the lesser of USD 50,000 and the fees paid in the prior six months.",
        "liability_cap",
        "multiple",
        0.5,
        "",
    ),
    (
        "Liability shall not exceed the fees paid in respect of the Services in the three months before the claim.",
        "liability_cap",
        "multiple",
        0.25,
        "",
    ),
    (
        "The Provider's total liability shall not exceed fifty percent (50%) of the fees paid under this Agreement.",
        "liability_cap",
        "multiple",
        0.5,
        "",
    ),
    (
        "In no event shall the aggregate liability of the Licensor exceed the charges paid by the Licensee in the three (3) months preceding the event.",
        "liability_cap",
        "multiple",
        0.25,
        "",
    ),
    (
        "Each party's liability is capped at two (2) times the annual fees.",
        "liability_cap",
        "multiple",
        2.0,
        "",
    ),
    ("卖方的赔偿责任总额以合同总价的百分之十为限。", "liability_cap", "multiple", 0.1, ""),
    # cure periods with and without the word "cure"
    (
        "If the Agent fails to rectify the default within seven (7) days of a notice, the Principal may end this Agreement.",
        "cure_period",
        "period",
        7,
        "",
    ),
    ("乙方应在收到通知后三日内纠正违约行为。", "cure_period", "period", 3, ""),
    # renewal terms and the window to stop them
    ("The term rolls over for successive periods of three (3) years.", "renewal_term", "period", 1095, ""),
    ("合同期满后自动续期两年。", "renewal_term", "period", 730, ""),
    (
        "Either party may prevent renewal by notice of non-renewal given at least nine months before expiry.",
        "non_renewal_notice",
        "period",
        270,
        "",
    ),
    # rates: liquidated damages and late interest, each on its basis
    (
        "Liquidated damages for late delivery are 1.5% of the order value for each week of delay.",
        "ld_rate",
        "percent",
        1.5,
        "week",
    ),
    ("每迟延一日，供方应按货款的千分之三支付违约金。", "ld_rate", "percent", 0.3, "day"),
    ("Late sums carry interest at 1.5% per month until paid.", "late_interest", "percent", 1.5, "month"),
    ("逾期付款的，需方应按日万分之五支付滞纳金。", "late_interest", "percent", 0.05, "day"),
    # a margin over a reference rate is read as the margin, not as the whole rate
    (
        "Any rent unpaid after its due date bears interest at 6% per annum above the Base Rate.",
        "late_interest_margin",
        "percent",
        6.0,
        "year",
    ),
    (
        "Overdue sums carry interest at four per cent over the base lending rate of Lloyds Bank plc.",
        "late_interest_margin",
        "percent",
        4.0,
        "",
    ),
    (
        "Liquidated damages shall not in the aggregate exceed 25% of the Contract Price.",
        "ld_cap",
        "percent",
        25,
        "",
    ),
    # payment periods, retention, deposits, securities
    (
        "The Buyer shall pay each undisputed invoice within one hundred and twenty (120) days of receipt.",
        "payment_term",
        "period",
        120,
        "",
    ),
    ("采购方应在收到发票后九十日内付款。", "payment_term", "period", 90, ""),
    ("The Employer shall hold a retention of 15% of each interim payment.", "retention", "percent", 15, ""),
    ("需方应在合同签订后支付合同总价百分之六十的预付款。", "deposit", "percent", 60, ""),
    (
        "The Contractor shall deliver a performance bond for 20% of the Contract Price.",
        "performance_security",
        "percent",
        20,
        "",
    ),
    # share-deal economics
    (
        "No Investor shall transfer any Shares for a period of six (6) years from Completion (the lock-up).",
        "lock_up",
        "period",
        2190,
        "",
    ),
    (
        "Shareholders holding more than 51% may exercise the drag-along right on the other holders.",
        "drag_along_threshold",
        "percent",
        51,
        "",
    ),
    (
        "The tag-along right arises only on a transfer of more than 90% of the Shares.",
        "tag_along_threshold",
        "percent",
        90,
        "",
    ),
    ("The pre-emption offer remains open for five (5) days.", "pre_emption_period", "period", 5, ""),
    ("锁定期为五年，期间投资方不得转让其股权。", "lock_up", "period", 1825, ""),
    (
        "The Company shall not compete with the Distributor for a period of three (3) years after termination.",
        "non_compete_period",
        "period",
        1095,
        "",
    ),
]

# windows whose lapse loses a right, and the tail of the contract
CASES += [
    (
        "Any claim against the Vendor must be notified in writing within thirty (30) days of the event, failing which it is waived.",
        "claim_bar_period",
        "period",
        30,
        "",
    ),
    (
        "需方应在事故发生之日起十五日内提出索赔；逾期的，其请求权归于消灭。",
        "claim_bar_period",
        "period",
        15,
        "",
    ),
    (
        "If the Client does not reject a report within two (2) days of receipt, the report is deemed approved.",
        "objection_period",
        "period",
        2,
        "",
    ),
    (
        "委托方应在收到月度报告后三日内书面提出异议，逾期未提出的，视为确认。",
        "objection_period",
        "period",
        3,
        "",
    ),
    (
        "On early termination the Customer shall pay 60% of the charges for the remainder of the term.",
        "termination_fee",
        "percent",
        60,
        "",
    ),
    ("合同提前解除的，甲方应按剩余服务期限服务费总额的50%支付补偿金。", "termination_fee", "percent", 50, ""),
    (
        "The Provider shall give exit assistance for a period of fifteen (15) days after expiry.",
        "transition_period",
        "period",
        15,
        "",
    ),
    ("终止后交接期为十日。", "transition_period", "period", 10, ""),
    # months and years named by what they count ("calendar months", "Contract Years", "fiscal quarters")
    (
        "The Supplier warrants the Goods for a period of twenty-four (24) calendar months from delivery.",
        "warranty_period",
        "period",
        720,
        "",
    ),
    (
        "This Agreement is extended for a further three (3) Contract Years unless either party objects.",
        "renewal_term",
        "period",
        1095,
        "",
    ),
    # a number joined to its unit as an adjective
    (
        "Either party may terminate for material breach that remains uncured after a 30-day cure period following written notice.",
        "cure_period",
        "period",
        30,
        "",
    ),
    (
        "The Products carry a twenty-four (24)-month warranty from the date of shipment.",
        "warranty_period",
        "period",
        720,
        "",
    ),
    # the window of a notice not to renew, however it is called: "N before the end of the term"
    (
        "This Agreement shall be extended for successive two-year periods unless either party notifies the other not less than twelve (12) months before the end of the then-current term.",
        "non_renewal_notice",
        "period",
        360,
        "",
    ),
    (
        "The term renews for successive periods of one year unless terminated by written notice given no later than nine months prior to the expiration of the current period.",
        "non_renewal_notice",
        "period",
        270,
        "",
    ),
    (
        "本合同期满后自动续约三年，任何一方不续约的，应于期满前六个月书面通知对方。",
        "non_renewal_notice",
        "period",
        180,
        "",
    ),
    (
        "The Buyer may settle invoices by bill of exchange with a tenor of one hundred and eighty (180) days.",
        "payment_term",
        "period",
        180,
        "",
    ),
]


@pytest.mark.parametrize(("text", "measure", "kind", "value", "per"), CASES)
def test_a_number_is_read_with_what_it_measures(
    text: str, measure: str, kind: str, value: float, per: str
) -> None:
    found = [p for p in parameters_of(text, measure) if p.kind == kind]
    assert found, (
        f"no {measure}/{kind} in: {[(p.measure, p.kind, p.value) for p in extract_parameters(text)]}"
    )
    assert found[0].value == pytest.approx(value)
    assert found[0].per == per
    assert found[0].raw.strip() in text  # the number's own words, verbatim


def test_rates_convert_between_bases() -> None:
    daily = parameters_of("Delay damages accrue at 0.2% of the Contract Price per day of delay.", "ld_rate")[
        0
    ]
    assert daily.rate("week") == pytest.approx(1.4)
    monthly = parameters_of("Interest at 1% per month is payable on overdue amounts.", "late_interest")[0]
    assert monthly.rate("year") == pytest.approx(12)


@pytest.mark.parametrize(
    "text",
    [
        "The parties shall meet within thirty (30) days to agree the marketing plan.",
        "This Agreement is governed by the laws of England.",
        "双方应在十日内召开协调会议。",
        "The Distributor shall keep records for 5 years.",
    ],
)
def test_numbers_that_measure_nothing_a_position_covers_are_left_alone(text: str) -> None:
    assert not [
        p
        for p in extract_parameters(text)
        if p.measure in {"warranty_period", "liability_cap", "ld_rate", "renewal_term"}
    ]


@pytest.mark.parametrize(
    "text",
    [
        "The Buyer shall notify any defect no later than thirty (30) days before the end of the Warranty Period.",
        "The Tenant may end this Lease by giving six months' notice before the expiry of the fifth year.",
        "质保期满前一个月，双方应共同检查设备。",
    ],
)
def test_a_notice_before_the_end_of_something_that_does_not_renew_is_no_renewal_window(text: str) -> None:
    assert not parameters_of(text, "non_renewal_notice")


def test_a_spelled_number_is_not_a_multiple_for_the_x_in_its_spelling() -> None:
    # "six", "sixty", "sixteen" hold an "x": a count of monthly fees is not "6 times the fees".
    assert not parameters_of("Liability is limited to six monthly fees.", "liability_cap")
    assert parameters_of("Liability is limited to six times the annual fees.", "liability_cap")


def test_a_money_amount_is_not_a_period() -> None:
    assert not parameters_of(
        "The warranty period applies to parts costing more than USD 500.", "warranty_period"
    )


def test_a_claim_window_is_a_bar_only_when_missing_it_loses_the_claim() -> None:
    assert not parameters_of(
        "Claims shall be notified within thirty (30) days so that the parties can discuss them.",
        "claim_bar_period",
    )


@pytest.mark.parametrize(
    "text",
    [
        "The Supplier shall take remedial steps at once and shall notify the Customer within two (2) hours.",
        "The Licensor may require the Licensee to cure the default by notifying the Licensee within sixty (60) days.",
        "乙方应立即采取补救措施，并在发现后两小时内书面通知甲方。",
        "承包人应及时纠正，并于二十四小时内向发包人报告。",
    ],
)
def test_a_deadline_for_giving_notice_is_not_a_cure_period(text: str) -> None:
    # The cure word stands before the number, but the number is the deadline of the notice.
    assert not parameters_of(text, "cure_period")


@pytest.mark.parametrize(
    "text",
    [
        "If the Supplier fails to remedy the breach within thirty (30) days after being notified of it, the Customer may terminate.",
        "违约方应在收到通知后三十日内纠正违约行为。",
    ],
)
def test_a_cure_period_after_a_notice_is_still_a_cure_period(text: str) -> None:
    assert [p.value for p in parameters_of(text, "cure_period")] == [30]
