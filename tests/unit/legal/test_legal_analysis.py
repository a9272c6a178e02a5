"""The reviewer flags risks for OUR party only, quotes them verbatim, and leaves balanced clauses alone."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re

import pytest
from clauseflow_contracts.risk_types import RISK_TYPES
from clauseflow_legal.analysis import analyse_clause


def _types(text: str, our_party: str, domain: str = "generic", language: str = "en") -> list[str]:
    return [
        r["risk_type"] for r in analyse_clause(text, our_party=our_party, domain=domain, language=language)
    ]


RISKY = [
    # liability and indemnity
    (
        "Customer (Hanse Freight GmbH)",
        "The Vendor's entire liability under this Agreement shall not exceed the fees paid by the Customer in the two (2) months before the claim.",
        "liability_cap_inadequate",
    ),
    ("Buyer", "The Buyer's liability for breach of this Agreement shall be unlimited.", "uncapped_liability"),
    (
        "Client",
        "The caps in Clause 9 shall not apply to (a) fraud; (b) the Client's payment obligations; or (c) breach by the Client of Clause 4.",
        "uncapped_liability",
    ),
    (
        "Supplier",
        "The Supplier shall indemnify and hold harmless the Purchaser from all claims arising out of or relating to the Goods, whether or not caused by the negligence of the Purchaser.",
        "indemnity_one_sided",
    ),
    (
        "Contractor",
        "If the Works are late, the Contractor shall pay delay damages of one per cent (1%) of the Contract Price per day, without prejudice to the Employer's right to recover further losses.",
        "liquidated_damages_excessive",
    ),
    # termination and term
    (
        "Service Provider",
        "The Client may terminate this Agreement at any time without cause by giving five (5) days' notice.",
        "termination_for_convenience",
    ),
    (
        "Customer",
        "The Provider may suspend the Services immediately and without notice if any invoice is overdue, whether or not disputed.",
        "termination_rights_unbalanced",
    ),
    (
        "Licensee",
        "This Agreement automatically renews for further periods of five (5) years unless terminated by notice given at least twelve (12) months before the end of the term.",
        "auto_renewal_lock_in",
    ),
    # payment and change
    (
        "Subcontractor",
        "The Contractor shall pay the Subcontractor only after the Contractor has received payment from the Employer for the relevant work.",
        "payment_terms_unfavourable",
    ),
    (
        "Customer",
        "The Supplier may change the prices at any time by publishing a new price list on its website.",
        "unilateral_change_right",
    ),
    # claims and acceptance
    (
        "Contractor",
        "Any claim must be notified by the Contractor within seven (7) days of the event, otherwise the Contractor shall be deemed to have waived it.",
        "claim_time_bar",
    ),
    (
        "Buyer",
        "If the Buyer does not reject the goods in writing within three (3) days of delivery, they shall be deemed accepted.",
        "deemed_acceptance_or_waiver",
    ),
    # warranties, IP, data
    (
        "Contractor",
        "The Contractor guarantees that the plant will achieve the guaranteed output in all circumstances, irrespective of the quality of the fuel supplied by the Owner.",
        "warranty_excessive",
    ),
    (
        "Customer",
        "All customisations developed for the Customer shall be owned by the Vendor, and the Customer hereby assigns to the Vendor any rights it has in them.",
        "ip_ownership_transfer",
    ),
    (
        "Customer",
        "The Provider may analyse Customer Data to improve its products and may disclose aggregated results to third parties.",
        "data_protection_gap",
    ),
    (
        "Recipient",
        "The obligations of confidentiality in this Agreement shall survive in perpetuity.",
        "confidentiality_overbroad",
    ),
    # covenants, control, disputes
    (
        "Distributor",
        "The Distributor shall not, during the term and for three (3) years thereafter, anywhere in the world, engage in any business competing with the Manufacturer, and shall procure that its Affiliates do the same.",
        "non_compete",
    ),
    ("Reseller", "The Reseller shall obtain the Products exclusively from the Manufacturer.", "exclusivity"),
    (
        "Licensee",
        "If the Licensee undergoes a change of control, the Licensor may terminate this Agreement.",
        "change_of_control",
    ),
    (
        "Customer",
        "The courts of Texas shall have exclusive jurisdiction, save that the Supplier may bring proceedings against the Customer in any other court of competent jurisdiction.",
        "governing_law_forum",
    ),
    # construction
    (
        "Contractor",
        "The Contractor shall bear all risks of sub-surface conditions at the Site, whether or not foreseeable, and shall not be entitled to any extension of time.",
        "ground_conditions_risk",
    ),
    (
        "Contractor",
        "No adjustment to the Contract Price shall be made for Variations whose total value is below five per cent (5%) of the Contract Price.",
        "variation_valuation_unfair",
    ),
    # M&A (buyer)
    (
        "Buyer",
        "The total liability of the Sellers for all Claims, including claims under the Tax Covenant, shall not exceed fifteen per cent (15%) of the Purchase Price.",
        "ma_claim_limitations_unfavourable",
    ),
    (
        "Buyer",
        "The Warranties are given at the date of this Agreement only and shall not be repeated at Completion.",
        "ma_conditions_precedent_gap",
    ),
    # drafting
    (
        "Buyer",
        "The price is EUR 2,000,000 (two million five hundred thousand euros).",
        "internal_inconsistency",
    ),
]

RISKY_ZH = [
    ("乙方", "甲方有权在任何时候以书面通知方式解除本合同，且无需说明理由。", "termination_for_convenience"),
    ("乙方", "乙方应在收到索赔事件通知后五日内提出索赔，否则视为放弃索赔权利。", "claim_time_bar"),
    ("乙方", "甲方应在验收合格后一百二十日内支付合同价款。", "payment_terms_unfavourable"),
    (
        "乙方",
        "乙方逾期完工的，每逾期一日按合同总价的百分之二支付违约金，且不影响甲方另行要求赔偿损失的权利。",
        "liquidated_damages_excessive",
    ),
    ("乙方", "乙方在履行本合同过程中产生的全部技术成果和知识产权归甲方所有。", "ip_ownership_transfer"),
    ("乙方", "因本合同发生的争议，由甲方所在地人民法院管辖。", "governing_law_forum"),
    ("甲方", "乙方对本合同项下的全部赔偿责任以本合同总价的百分之五为限。", "liability_cap_inadequate"),
    (
        "乙方",
        "因甲方原因导致工期延误的，乙方应在延误事件发生后三日内书面通知甲方，否则工期不予顺延。",
        "claim_time_bar",
    ),
    (
        "乙方",
        "未经甲方书面同意，乙方不得将本合同项下的任何权利义务转让给第三方。甲方可将本合同转让给其关联公司。",
        "assignment_restriction",
    ),
    ("乙方", "协商不成的，任何一方均可向甲方住所地人民法院提起诉讼。", "governing_law_forum"),
    (
        "乙方",
        "乙方逾期交货的，每逾期一日，应按合同总价的百分之一向甲方支付违约金，违约金不足以弥补甲方损失的，乙方还应赔偿。",
        "liquidated_damages_excessive",
    ),
    (
        "乙方",
        "甲方可以提前十五日书面通知乙方解除本合同。乙方不得以任何理由暂停施工。",
        "termination_rights_unbalanced",
    ),
]

NEAR_MISSES = [
    # mutual and balanced
    (
        "Customer",
        "Neither party shall be liable for indirect or consequential loss, and each party's aggregate liability shall not exceed the fees paid in the twelve (12) months before the claim.",
    ),
    (
        "Supplier",
        "Either party may terminate this Agreement if the other commits a material breach that it fails to remedy within thirty (30) days of written notice.",
    ),
    (
        "Licensee",
        "Neither party may assign this Agreement without the other's consent, not to be unreasonably withheld.",
    ),
    (
        "Contractor",
        "Each Party shall give notice of a claim within twenty-eight (28) days after it became aware of the event, failing which it shall not be entitled to any additional payment.",
    ),
    (
        "Customer",
        "This Agreement renews automatically for one (1) year unless either party gives thirty (30) days' notice.",
    ),
    (
        "Recipient",
        "The obligations in this Clause do not apply to information that is public, already known to the Recipient, received from a third party without restriction, or independently developed by the Recipient.",
    ),
    # favourable to us: the counterparty's burden
    (
        "Customer",
        "The Supplier's liability for breach of its data protection obligations shall be unlimited.",
    ),
    ("Customer", "The Customer may terminate this Agreement for convenience on thirty (30) days' notice."),
    ("Employer", "The Contractor shall pay delay damages of one per cent (1%) per day without any cap."),
    (
        "Customer",
        "The Supplier shall indemnify the Customer in full against all losses arising from any breach by the Supplier.",
    ),
    (
        "Seller",
        "The Seller's total liability for all Claims shall not exceed ten per cent (10%) of the Purchase Price.",
    ),
    ("Buyer", "The Buyer may pay the Deferred Consideration in four instalments over two years."),
    ("Customer", "Customer shall pay each undisputed invoice within thirty (30) days after receipt."),
    (
        "Customer",
        "The Provider shall notify the Customer of any Security Incident without undue delay and in any event within 24 hours.",
    ),
    (
        "Contractor",
        "If the Contractor encounters physical conditions which are Unforeseeable, the Contractor shall be entitled to an extension of time and payment of Cost.",
    ),
    (
        "Customer",
        "The Provider may update the Services, provided that no update shall materially decrease their functionality.",
    ),
    # zh
    ("甲方", "甲方有权随时解除本合同。"),
    ("乙方", "任何一方违约的，守约方有权书面通知违约方在三十日内改正，逾期未改正的，守约方有权解除本合同。"),
    ("乙方", "因本合同发生的争议，提交上海国际仲裁中心仲裁解决。"),
    ("乙方", "甲方应在收到乙方发票后三十日内付款。"),
    (
        "乙方",
        "乙方逾期完工的，每逾期一日，应向甲方支付合同总价千分之五的违约金，违约金总额不超过合同总价的百分之十。",
    ),
    ("乙方", "甲方支付至合同总价的95%，剩余5%作为质量保证金，在质保期满后退还。"),
    ("乙方", "双方应对在履行本合同过程中知悉的对方商业秘密承担保密义务，保密期限为合同终止后三年。"),
    ("乙方", "未经对方书面同意，任何一方不得转让本合同项下的权利义务。"),
]


@pytest.mark.parametrize(("our_party", "text", "risk_type"), RISKY)
def test_a_risk_for_our_party_is_found(our_party: str, text: str, risk_type: str) -> None:
    assert risk_type in _types(text, our_party, domain="fidic" if "Contractor" in our_party else "generic")


@pytest.mark.parametrize(("our_party", "text", "risk_type"), RISKY_ZH)
def test_a_risk_in_a_chinese_clause_is_found(our_party: str, text: str, risk_type: str) -> None:
    assert risk_type in _types(text, our_party, language="zh-CN")


@pytest.mark.parametrize(("our_party", "text"), NEAR_MISSES)
def test_a_balanced_or_favourable_clause_is_not_flagged(our_party: str, text: str) -> None:
    assert _types(text, our_party) == []


def test_the_same_clause_is_a_risk_only_from_the_burdened_side() -> None:
    text = "The Customer's liability under this Agreement shall be unlimited."
    assert _types(text, "Customer") == ["uncapped_liability"]
    assert _types(text, "Supplier") == []


def test_termination_for_convenience_is_a_risk_only_when_the_other_side_holds_it() -> None:
    text = "The Employer may terminate the Contract at any time for its convenience by fourteen (14) days' notice."
    assert _types(text, "Contractor", "fidic") == ["termination_for_convenience"]
    assert _types(text, "Employer", "fidic") == []


@pytest.mark.parametrize(("our_party", "text", "risk_type"), RISKY + RISKY_ZH)
def test_every_risk_quotes_the_clause_verbatim_and_is_complete(
    our_party: str, text: str, risk_type: str
) -> None:
    risks = analyse_clause(text, our_party=our_party, language="en")
    assert risks
    for risk in risks:
        assert risk["original_text"] and risk["original_text"] in text
        assert risk["risk_type"] in RISK_TYPES
        assert risk["risk_level"] in {"high", "medium", "low"}
        assert risk["description"] and risk["reason"] and risk["analysis"]


def test_findings_are_written_in_the_review_language() -> None:
    text = (
        "The Client may terminate this Agreement at any time without cause by giving five (5) days' notice."
    )
    zh = analyse_clause(text, our_party="Service Provider", language="zh-CN")[0]
    en = analyse_clause(text, our_party="Service Provider", language="en")[0]
    assert re.search(r"[\u4e00-\u9fff]", zh["description"] + zh["reason"])
    assert not re.search(r"[\u4e00-\u9fff]", en["description"] + en["reason"] + en["analysis"])
    assert zh["original_text"] == en["original_text"] == text


def test_analysis_states_the_playbook_fallback() -> None:
    risk = analyse_clause(
        "The Vendor's liability shall not exceed the fees paid in the one (1) month before the claim.",
        our_party="Customer",
    )[0]
    assert "Fallback:" in risk["analysis"]
    assert "12 months" in risk["analysis"] or "twelve" in risk["analysis"].lower()


def test_a_cap_quotes_the_amount_it_found() -> None:
    risk = analyse_clause(
        "The Vendor's liability shall not exceed the fees paid in the three (3) months before the claim.",
        our_party="Customer",
    )[0]
    assert "3 months" in risk["description"]
    assert risk["risk_level"] == "high"


def test_broken_references_and_undefined_terms_come_from_tool_results() -> None:
    text = "Payment shall be made in the currencies stated in Sub-Clause 14.15, as certified by the Funding Agent."
    tools = [
        {"references": [{"raw": "Sub-Clause 14.15", "target": "14.15", "resolved": False}]},
        {"clause_id": "14.6", "undefined_terms": ["Funding Agent"]},
    ]
    found = {
        r["risk_type"]: r
        for r in analyse_clause(text, our_party="Contractor", domain="fidic", tool_results=tools)
    }
    assert "broken_cross_reference" in found and "undefined_term" in found
    assert "14.15" in found["broken_cross_reference"]["original_text"]
    assert analyse_clause(text, our_party="Contractor", domain="fidic") == []


def test_a_shortened_notice_period_in_particular_conditions_is_a_time_bar() -> None:
    text = 'In the first sentence, delete "twenty-eight (28) days" and substitute "ten (10) days".'
    risks = analyse_clause(text, title="Contractor's Claims", our_party="Contractor", domain="fidic")
    assert [r["risk_type"] for r in risks] == ["claim_time_bar"]
    assert "28 days" in risks[0]["description"] and "10 days" in risks[0]["description"]


def test_unknown_perspective_still_reports_one_sided_burdens() -> None:
    text = "The Supplier shall indemnify the Customer against all losses howsoever arising, including from the Customer's own negligence."
    assert "indemnity_one_sided" in _types(text, "")


def test_the_same_risk_in_two_sub_clauses_of_one_unit_is_two_findings() -> None:
    article = (
        "第二条 公司治理\n"
        "2.1 目标公司董事会由五名董事组成，全部由乙方提名。\n"
        "2.2 股东会决议由代表过半数表决权的股东通过，包括修改公司章程、增加注册资本、合并、分立及解散等事项。"
    )
    risks = analyse_clause(article, our_party="甲方（投资方）", domain="sha_spa", language="zh-CN")
    quotes = [r["original_text"] for r in risks if r["risk_type"] == "sha_governance_weak"]
    assert len(quotes) == 2
    assert any(q.startswith("2.1") for q in quotes) and any(q.startswith("2.2") for q in quotes)


def test_an_uncapped_indemnity_and_an_unlimited_liability_in_one_article_are_two_findings() -> None:
    article = (
        "6. Liability and indemnity\n"
        "6.1 The Consultant shall indemnify the Client against all losses arising out of the Services, howsoever caused.\n"
        "6.2 The Client's liability shall not exceed the fees paid in the three months preceding the claim. "
        "The Consultant's liability under this Agreement shall be unlimited."
    )
    risks = analyse_clause(article, our_party="Consultant")
    quotes = [r["original_text"] for r in risks if r["risk_type"] == "uncapped_liability"]
    assert len(quotes) == 2
    assert quotes[0].startswith("6.1") and "shall be unlimited" in quotes[1]


def test_a_free_variation_threshold_and_omitted_work_re_let_in_one_article_are_two_findings() -> None:
    article = (
        "第六条 变更\n"
        "6.1 甲方有权随时变更工程内容，单项变更金额在合同价款5%以内的，合同价款不予调整。\n"
        "6.2 甲方有权将任何部分工程删减并交由第三方施工，乙方不得提出任何异议或索赔。"
    )
    risks = analyse_clause(article, our_party="乙方（分包人）", language="zh-CN", domain="fidic")
    quotes = [r["original_text"][:3] for r in risks if r["risk_type"] == "variation_valuation_unfair"]
    assert quotes == ["6.1", "6.2"]


def test_a_rule_that_stops_at_its_first_point_is_asked_again_about_the_later_sub_clauses() -> None:
    article = (
        "8. Restrictions\n"
        "8.1 For twenty-four (24) months after termination the Consultant shall not provide services to any competitor of the Client anywhere in the world.\n"
        "8.2 The Consultant shall pay each invoice of its subcontractors within thirty (30) days.\n"
        "8.3 For three (3) years after termination the Consultant shall not engage in any business that competes with the Client in Europe."
    )
    risks = analyse_clause(article, our_party="Consultant")
    quotes = [r["original_text"][:3] for r in risks if r["risk_type"] == "non_compete"]
    assert quotes == ["8.1", "8.3"]


def test_drafting_rules_report_each_point_once_against_the_whole_unit() -> None:
    article = (
        "4.1 Operation\n"
        "4.1.1 The Operator shall maintain the Rail Facility as set out in Section 9.9.\n"
        "4.1.2 The Operator shall keep records of its maintenance.\n"
        "4.1.3 The Owner shall reimburse the costs of any alteration made under Section 9.9."
    )
    risks = analyse_clause(
        article,
        our_party="Operator",
        tool_results=[{"references_out": [{"raw": "Section 9.9", "target": "9.9", "resolved": False}]}],
    )
    assert [r["risk_type"] for r in risks].count("broken_cross_reference") == 1


def test_two_phrasings_of_one_risk_in_one_sub_clause_are_one_finding() -> None:
    clause = "7.1 The Supplier's liability is unlimited. The Supplier shall be liable for all losses without limit."
    risks = analyse_clause(clause, our_party="Supplier")
    assert [r["risk_type"] for r in risks].count("uncapped_liability") == 1


def test_a_payment_article_with_a_long_term_and_a_withholding_right_is_two_findings() -> None:
    article = (
        "3. Fees\n"
        "3.1 The Customer shall pay the fees within ninety (90) days after receipt of a correct invoice.\n"
        "3.2 The Customer may withhold any amount that it disputes in good faith."
    )
    risks = [
        r
        for r in analyse_clause(article, our_party="Provider")
        if r["risk_type"] == "payment_terms_unfavourable"
    ]
    assert sorted(r["original_text"][:3] for r in risks) == ["3.1", "3.2"]


def test_the_counterparty_the_contract_names_is_known_by_its_role_not_by_a_misread_name() -> None:
    # A main contractor facing its subcontractor stands where an employer does.
    subcontract = "No adjustment to the Subcontract Sum shall be made for any variation whose value is less than GBP 50,000."
    facing = {"counterparty_name": 'Keswick Mechanical Services Ltd (the "Subcontractor")'}
    assert analyse_clause(subcontract, our_party="Contractor", domain="fidic", metadata=facing) == []
    # A parties block read from a filing can name "Supply Agreement" as the other side: not a party.
    clause = "This Supply Agreement may terminate immediately on written notice."
    misread = {"counterparty_name": "Supply Agreement"}
    assert analyse_clause(clause, our_party="Company", metadata=misread) == analyse_clause(
        clause, our_party="Company"
    )


def test_a_counterparty_known_only_by_its_company_name_is_read_as_the_other_side() -> None:
    clause = "5.1 Vantor may use Client Data to train its machine-learning models and may share it with its partners."
    named = {"counterparty_name": "Vantor Analytics GmbH"}
    risks = analyse_clause(clause, our_party="Ostrava Logistics a.s. (Client)", metadata=named)
    assert [r["risk_type"] for r in risks] == ["data_protection_gap"]
    # and we, known only by our name, hold the role opposite the client's: the export window is not ours
    export = "5.4 After termination, Vantor will make Client Data available for export for 7 days."
    facing = {"counterparty_name": 'Ostrava Logistics a.s. (the "Client")'}
    assert analyse_clause(export, our_party="Vantor Analytics GmbH", metadata=facing) == []


def test_a_low_availability_target_is_found_beside_a_sole_remedy_in_the_next_sub_clause() -> None:
    article = (
        "4. Service levels\n"
        "4.1 The Provider will make the Platform available 98% of the time in each month.\n"
        "4.2 Service credits are the Customer's sole and exclusive remedy for any failure to meet the service levels."
    )
    risks = analyse_clause(article, our_party="Customer")
    quotes = [r["original_text"][:3] for r in risks if r["risk_type"] == "warranty_or_sla_inadequate"]
    assert sorted(quotes) == ["4.1", "4.2"]
