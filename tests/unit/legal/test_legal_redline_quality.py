"""Redlines are complete rewritten sentences that fix the risk found, from our party's side,
in the contract's language; findings name the parties as the contract does."""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import re

import pytest
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_check import check_redline
from clauseflow_legal.redline_parties import in_the_contracts_words

GENERIC_TACK_ON = ("applies equally to both Parties", "双方对等享有和承担")

CASES = [
    (
        "Harbour Data Ltd (the Supplier)",
        "en",
        "All intellectual property rights in the Deliverables and in the Supplier's pre-existing methodologies and tools used to produce them shall vest in the Customer on creation.",
        "ip_ownership_transfer",
    ),
    (
        "Supplier",
        "en",
        "The Supplier shall be liable for any and all losses of whatever nature suffered by the Customer, without limit.",
        "uncapped_liability",
    ),
    (
        "乙方",
        "zh-CN",
        "乙方迟延交货的，每迟延一日应按合同总价的百分之二向甲方支付违约金，违约金总额不设上限。",
        "liquidated_damages_excessive",
    ),
    (
        "Vendor (Orbis Data Ltd)",
        "en",
        "The Customer may change the specifications of the Services at any time by notice, and the Vendor shall comply without any adjustment to the Charges.",
        "unilateral_change_right",
    ),
    (
        "乙方",
        "zh-CN",
        "乙方保证设备在交付后九十六个月内无任何故障，并适合甲方的一切用途。",
        "warranty_excessive",
    ),
    (
        "乙方（卖方）",
        "zh-CN",
        "合同价格为固定总价，乙方不得以汇率、税率或原材料价格变化为由要求调整价格。",
        "cost_escalation_change_in_law",
    ),
    (
        "Consultant",
        "en",
        "For five (5) years after termination the Consultant shall not provide consulting services to any bank anywhere in the world.",
        "non_compete",
    ),
]


@pytest.mark.parametrize(("our", "language", "clause", "risk_type"), CASES)
def test_a_redline_is_a_complete_sentence_that_removes_the_risk(
    our: str, language: str, clause: str, risk_type: str
) -> None:
    risks = [
        r for r in analyse_clause(clause, our_party=our, language=language) if r["risk_type"] == risk_type
    ]
    assert risks, f"{risk_type} not found"
    original, proposed, _reason = draft_redline(risks[0], clause, language, our_party=our)
    assert not any(t in proposed for t in GENERIC_TACK_ON)
    assert proposed.rstrip().endswith((".", "。"))
    assert (language == "zh-CN") == (len([c for c in proposed if "\u4e00" <= c <= "\u9fff"]) > 10)
    issues = check_redline(
        {"original_text": original, "proposed_text": proposed, "risk_index": 0},
        clause,
        risks,
        our_party=our,
        language=language,
    )
    assert issues == []


def test_a_supplier_keeps_its_background_ip_and_the_customer_gets_the_deliverables() -> None:
    our, clause = CASES[0][0], CASES[0][2]
    risk = analyse_clause(clause, our_party=our)[0]
    _original, proposed, _reason = draft_redline(risk, clause, "en", our_party=our)
    assert "the Supplier's pre-existing tools" in proposed
    assert "shall vest in the Customer upon payment" in proposed
    assert "paid for by the Supplier" not in proposed


@pytest.mark.parametrize(
    ("our", "language", "clause"),
    [
        (
            "Contractor",
            "en",
            "The Contractor guarantees that the Works shall generate not less than 96,000 MWh in every year of the first fifteen (15) years of operation, whatever the wind conditions or the curtailment ordered by the grid operator.",
        ),
        (
            "承包人",
            "zh-CN",
            "承包人保证本工程投产后二十年内每年发电量不低于九万兆瓦时，不受风资源条件或电网限电影响。",
        ),
    ],
)
def test_an_output_guarantee_is_rewritten_to_a_corrected_performance_guarantee_priced_by_damages(
    our: str, language: str, clause: str
) -> None:
    risk = next(
        r
        for r in analyse_clause(clause, our_party=our, language=language, domain="fidic")
        if r["risk_type"] == "warranty_excessive"
    )
    _original, proposed, _reason = draft_redline(risk, clause, language, our_party=our, domain="fidic")
    if language == "en":
        assert "corrected for measured irradiation" in proposed and "only remedy" in proposed
    else:
        assert "按实测辐照度等" in proposed and "唯一救济" in proposed


def test_a_delay_penalty_redline_keeps_the_trigger_and_adds_a_cap() -> None:
    our, clause = CASES[2][0], CASES[2][2]
    risk = next(
        r for r in analyse_clause(clause, our_party=our, language="zh-CN") if r["risk_type"] == CASES[2][3]
    )
    _original, proposed, _reason = draft_redline(risk, clause, "zh-CN", our_party=our)
    assert proposed.startswith("乙方迟延交货的")
    assert "不超过合同总价的百分之十" in proposed and "不设上限" not in proposed


@pytest.mark.parametrize(
    ("our", "clause", "named", "never"),
    [
        (
            "Northwind Analytics Ltd. (the Supplier)",
            "The Customer shall pay each invoice within one hundred and twenty (120) days of receipt.",
            ("Customer", "Supplier"),
            ("Provider", "Client"),
        ),
        (
            "Atlas Freight B.V. (the Client)",
            "The Consultant may terminate this Agreement at any time for convenience on seven (7) days' notice.",
            ("Consultant",),
            ("Provider", "Customer"),
        ),
    ],
)
def test_findings_name_the_parties_as_the_contract_does(
    our: str, clause: str, named: tuple[str, ...], never: tuple[str, ...]
) -> None:
    risks = analyse_clause(clause, our_party=our)
    assert risks
    text = " ".join(r["description"] + " " + r["reason"] for r in risks)
    assert all(n in text for n in named[:1])
    assert not any(n in text for n in never)


def test_chinese_findings_give_periods_in_chinese_units() -> None:
    risks = analyse_clause("甲方应在收到发票后九十日内付款。", our_party="乙方", language="zh-CN")
    assert risks and "90日" in risks[0]["description"] and "days" not in risks[0]["description"]


INVESTOR = "甲方（投资方）"
PROBLEM_REDLINES = [
    # one risk type, several problems: each redline must fix the problem that was found
    ("2.1 目标公司董事会由五名董事组成，全部由乙方提名。", "sha_governance_weak", "有权提名至少一名董事"),
    (
        "2.2 股东会决议由代表过半数表决权的股东通过，包括修改公司章程、增加注册资本、合并、分立及解散等事项。",
        "sha_governance_weak",
        "三分之二以上",
    ),
    (
        "6.1 目标公司应于每个会计年度结束后一百八十日内向甲方提供年度财务报表。",
        "sha_governance_weak",
        "月度管理报表",
    ),
    (
        "4.1 乙方向第三方转让股权的，无需取得甲方同意，甲方亦无权要求按同等条件一并出售其股权。",
        "sha_exit_rights_unfavourable",
        "一并购买",
    ),
    (
        "5.1 如目标公司未能按期上市，甲方有权要求乙方回购其股权，回购价格为甲方投资本金，不计利息。",
        "sha_exit_rights_unfavourable",
        "单利",
    ),
    (
        "4.2 如持有目标公司百分之五十一以上股权的股东同意出售目标公司，甲方应按相同条件出售其全部股权。",
        "sha_exit_rights_unfavourable",
        "百分之七十五",
    ),
]


@pytest.mark.parametrize(
    ("clause", "risk_type", "fix"), PROBLEM_REDLINES, ids=[c[2] for c in PROBLEM_REDLINES]
)
def test_a_redline_fixes_the_problem_found_not_just_any_problem_of_its_risk_type(
    clause: str, risk_type: str, fix: str
) -> None:
    risks = [
        r
        for r in analyse_clause(clause, our_party=INVESTOR, domain="sha_spa", language="zh-CN")
        if r["risk_type"] == risk_type
    ]
    assert risks, f"{risk_type} not found"
    original, proposed, _ = draft_redline(risks[0], clause, "zh-CN", our_party=INVESTOR, domain="sha_spa")
    assert fix in proposed, proposed
    redline = {"original_text": original, "proposed_text": proposed, "risk_index": 0}
    assert (
        check_redline(redline, clause, risks[:1], our_party=INVESTOR, domain="sha_spa", language="zh-CN")
        == []
    )


def test_a_percentage_written_in_chinese_words_is_rewritten_in_words() -> None:
    clause = "4.2 如持有目标公司百分之五十一以上股权的股东同意出售目标公司，甲方应按相同条件出售其全部股权。"
    risk = analyse_clause(clause, our_party=INVESTOR, domain="sha_spa", language="zh-CN")[0]
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party=INVESTOR, domain="sha_spa")
    assert "百分之七十五" in proposed and "百分之75" not in proposed


def test_a_construction_risk_in_a_contract_reviewed_as_generic_gets_construction_wording() -> None:
    clause = "2.2 因任何原因导致的工期延误，乙方均无权要求顺延工期。"
    risk = next(
        r
        for r in analyse_clause(clause, our_party="乙方（承包人）", language="zh-CN")
        if r["risk_type"] == "extension_of_time_restricted"
    )
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party="乙方（承包人）", domain="generic")
    assert "延长" in proposed and not any(t in proposed for t in GENERIC_TACK_ON)


@pytest.mark.parametrize("domain", ["generic", "fidic"])
def test_a_retention_finding_gets_a_retention_redline_not_an_insurance_one(domain: str) -> None:
    clause = "3.2 甲方有权扣留合同价格的百分之十作为质量保证金，在缺陷责任期满两年后无息返还。"
    risk = next(
        r
        for r in analyse_clause(clause, our_party="乙方（承包人）", language="zh-CN", domain=domain)
        if r["risk_type"] == "security_insurance_burden"
    )
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party="乙方（承包人）", domain=domain)
    assert "保函" in proposed and "保险" not in proposed


def test_a_chinese_supplier_keeps_its_background_ip_and_the_customer_gets_what_it_paid_for() -> None:
    clause = "3.1 乙方在履行本合同过程中产生的全部成果及其知识产权，包括乙方在本合同签订前已拥有的软件、工具和技术，均归甲方所有。"
    supplier = "乙方（受托方）"
    risks = [
        r
        for r in analyse_clause(clause, our_party=supplier, language="zh-CN")
        if r["risk_type"] == "ip_ownership_transfer"
    ]
    original, proposed, _ = draft_redline(risks[0], clause, "zh-CN", our_party=supplier)
    assert "乙方原有" in proposed and "归甲方所有" in proposed  # deliverables to the payer, background kept
    redline = {"original_text": original, "proposed_text": proposed, "risk_index": 0}
    assert check_redline(redline, clause, risks, our_party=supplier, language="zh-CN") == []


ENGLISH_PROBLEM_REDLINES = [
    # (our party, clause, risk type, what the fix must say)
    (
        "Distributor",
        "5.1 The Distributor shall pay each invoice in full before shipment.",
        "payment_terms_unfavourable",
        "advance-payment guarantee",
    ),
    (
        "Distributor",
        "8.2 On termination the Distributor shall return all unsold stock to the Supplier without any refund.",
        "post_termination_obligations",
        "buy back",
    ),
    (
        "Tenant",
        "8.1 The Tenant shall pay a rent deposit equal to twelve (12) months' Rent, which the Landlord may retain in full on the expiry of the term.",
        "security_insurance_burden",
        "three (3) months",
    ),
    (
        "Tenant",
        "6.1 If the Premises are damaged by an insured risk, the Rent shall continue to be payable in full.",
        "security_insurance_burden",
        "no rent",
    ),
    (
        "Tenant",
        "7.1 The Tenant shall have no right to terminate this Lease before the end of the term.",
        "termination_rights_unbalanced",
        "The Tenant may terminate",
    ),
]


@pytest.mark.parametrize(
    ("our", "clause", "risk_type", "fix"),
    ENGLISH_PROBLEM_REDLINES,
    ids=[c[3] for c in ENGLISH_PROBLEM_REDLINES],
)
def test_a_buyers_or_tenants_problem_gets_its_own_fix(
    our: str, clause: str, risk_type: str, fix: str
) -> None:
    risk = next(r for r in analyse_clause(clause, our_party=our) if r["risk_type"] == risk_type)
    original, proposed, _ = draft_redline(risk, clause, "en", our_party=our)
    assert fix in proposed, proposed
    redline = {"original_text": original, "proposed_text": proposed, "risk_index": 0}
    assert check_redline(redline, clause, [risk], our_party=our) == []


def test_a_template_names_the_parties_as_the_contract_does() -> None:
    clause = (
        "The Warranties are qualified by everything in the data room and anything the Purchaser knew or could "
        "have known, and the Vendor gives them on that basis."
    )
    risk = {
        "risk_type": "ma_disclosure_overbroad",
        "original_text": clause,
        "description": "data room disclosure",
    }
    _, proposed, _ = draft_redline(risk, clause, "en", our_party="Purchaser", domain="sha_spa")
    assert not re.search(r"\b(?:Buyer|Seller)", proposed), proposed
    assert re.search(r"\b(?:Purchaser|Vendor)", proposed), proposed


def test_chinese_party_words_follow_the_contract() -> None:
    assert in_the_contracts_words("承包商应在业主通知后7日内提交。", "承包人应按发包人要求施工。") == (
        "承包人应在发包人通知后7日内提交。"
    )
    # A contract that uses the template's own words, or names no party, is left alone.
    assert in_the_contracts_words("The Seller shall notify the Buyer.", "The Buyer pays the Seller.") == (
        "The Seller shall notify the Buyer."
    )
    assert (
        in_the_contracts_words("The Seller shall notify.", "No party is named here.")
        == "The Seller shall notify."
    )


def test_a_supplier_walking_away_is_answered_with_the_buyers_remedies_not_a_contractors() -> None:
    clause = "乙方有权随时解除本合同，无需说明理由。"
    risk = {"risk_type": "termination_for_convenience", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party="甲方（采购方）")
    assert "退还甲方" in proposed and "替代" in proposed
    assert "撤场" not in proposed and "预期利润" not in proposed  # the contractor's compensation items
    clause_en = "The Supplier may terminate this Agreement at any time for convenience."
    risk_en = {"risk_type": "termination_for_convenience", "original_text": clause_en}
    _, proposed_en, _ = draft_redline(risk_en, clause_en, "en", our_party="Customer")
    assert "refund" in proposed_en and "demobilisation" not in proposed_en


def test_a_clause_that_names_neither_party_gets_the_contracts_own_label_for_us() -> None:
    clause = "乙方保证设备在正常使用条件下运行良好，维修或更换为唯一救济。"
    risk = {"risk_type": "warranty_or_sla_inadequate", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party="甲方（采购方）")
    assert "甲方" in proposed and "客户" not in proposed, proposed


def test_a_short_chinese_warranty_period_is_lengthened_where_it_is_written() -> None:
    # "十二（12）个月" is read as a period, so the edit checks out in place
    clause = "乙方保证设备在正常使用条件下运行良好，质量保证期为三个月。"
    risk = {"risk_type": "warranty_or_sla_inadequate", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party="甲方（采购方）")
    assert proposed == "乙方保证设备在正常使用条件下运行良好，质量保证期为十二（12）个月。"


def test_the_contractor_is_called_as_the_client_and_the_clause_call_it() -> None:
    # No party named in the clause: the client's own word for us (承包人), not the FIDIC translation (承包商).
    fixed_price = "合同履行期间，无论人工、材料价格或国家政策如何变化，合同价款均不予调整。"
    risk = {"risk_type": "cost_escalation_change_in_law", "original_text": fixed_price}
    _, proposed, _ = draft_redline(risk, fixed_price, "zh-CN", our_party="承包人", domain="fidic")
    assert "承包人" in proposed and "承包商" not in proposed, proposed
    # Two words for the employer's side: the one the clause names first is the party (业主方 is the owner behind it).
    pay_when_paid = "发包人在收到业主方项目贷款银行放款后三十日内支付当期进度款的70%。"
    risk = {"risk_type": "payment_terms_unfavourable", "original_text": pay_when_paid}
    _, proposed, _ = draft_redline(risk, pay_when_paid, "zh-CN", our_party="承包人", domain="fidic")
    assert proposed.startswith("发包人") and "业主" not in proposed, proposed


def test_a_cap_the_contract_never_states_is_proposed_as_a_figure() -> None:
    clause = "承包人逾期竣工的，每逾期一日按合同价款的千分之三向发包人支付违约金，不设上限。"
    risk = {"risk_type": "liquidated_damages_excessive", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party="承包人", domain="fidic")
    assert "合同数据" not in proposed and "10%" in proposed, proposed


def test_penal_late_payment_interest_is_rewritten_as_a_yearly_rate_not_a_capped_penalty() -> None:
    clause = "The Customer shall pay interest on late payments at two per cent (2%) per day."
    risk = {"risk_type": "liquidated_damages_excessive", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "en", our_party="Customer")
    assert "a year above the base rate" in proposed and "liquidated damages" not in proposed, proposed
    assert not [
        r
        for r in analyse_clause(proposed, our_party="Customer", language="en")
        if r["risk_type"] == "liquidated_damages_excessive"
    ]


@pytest.mark.parametrize(
    ("language", "our", "clause", "fix"),
    [
        (
            "en",
            "Investor",
            'The Investor may appoint one director (the "Investor Director") for so long as it holds at least 30% of the Shares.',
            "at least half of the Shares it holds at the date of this Agreement",
        ),
        ("zh-CN", INVESTOR, "1.1 甲方在其持股比例不低于20%期间有权委派一名董事。", "签署之日持股比例的一半"),
    ],
)
def test_a_board_seat_behind_a_threshold_above_our_holding_is_tied_to_the_holding_at_signing(
    language: str, our: str, clause: str, fix: str
) -> None:
    risks = [
        r
        for r in analyse_clause(
            clause, our_party=our, domain="sha_spa", language=language, metadata={"our_shareholding": "15%"}
        )
        if r["risk_type"] == "sha_governance_weak"
    ]
    assert risks, "the unreachable threshold is not found"
    _, proposed, _ = draft_redline(risks[0], clause, language, our_party=our, domain="sha_spa")
    assert fix in proposed, proposed
