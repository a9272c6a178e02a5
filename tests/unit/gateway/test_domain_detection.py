"""domain=auto: simple, explainable marker counting."""

from __future__ import annotations

from clauseflow_contracts.review import Domain
from clauseflow_gateway.intake.domain import detect_domain, domain_scores

FIDIC_TEXT = """Conditions of Contract for Construction (FIDIC 2017)
Sub-Clause 8.2 Time for Completion. The Contractor shall complete the Works.
The Engineer shall issue a Taking-Over Certificate."""

SPA_TEXT = """SHARE PURCHASE AGREEMENT
The Seller agrees to sell the Sale Shares. Completion Accounts shall be prepared.
Any Warranty Claim is subject to the Disclosure Letter."""

GENERIC_TEXT = """SERVICES AGREEMENT
1. Services. The Supplier shall provide the services.
2. Payment. The Customer shall pay within 30 days."""


def test_fidic_contract_is_detected() -> None:
    assert detect_domain(FIDIC_TEXT) is Domain.FIDIC


def test_share_purchase_agreement_is_detected() -> None:
    assert detect_domain(SPA_TEXT) is Domain.SHA_SPA


def test_plain_commercial_contract_is_generic() -> None:
    assert detect_domain(GENERIC_TEXT) is Domain.GENERIC


def test_chinese_markers_count() -> None:
    assert detect_domain("股权转让协议：目标公司的股东享有优先购买权和随售权。") is Domain.SHA_SPA
    assert detect_domain("工程师应签发接收证书；缺陷通知期为一年；专用条件优先。") is Domain.FIDIC


def test_particular_conditions_file_points_to_fidic() -> None:
    text = "1. Works. The Contractor shall execute the Works."
    assert detect_domain(text) is Domain.GENERIC
    assert detect_domain(text, has_particular_conditions=True) is Domain.FIDIC


def test_a_single_marker_is_not_enough() -> None:
    assert domain_scores("the Engineer shall attend")[Domain.FIDIC] == 1
    assert detect_domain("the Engineer shall attend") is Domain.GENERIC


def test_a_chinese_construction_contract_is_reviewed_with_the_construction_playbook() -> None:
    text = "建设工程施工合同\n发包人：某开发公司\n承包人：某工程局\n乙方应按期竣工验收；甲方按月支付进度款。"
    assert detect_domain(text) is Domain.FIDIC


def test_a_chinese_equipment_purchase_with_installation_stays_generic() -> None:
    text = "设备采购合同\n甲方（买方）\n乙方（卖方）\n乙方负责安装调试，质量保证金为合同价格的百分之五。"
    assert detect_domain(text) is Domain.GENERIC


def test_a_us_epc_contract_without_fidic_words_is_reviewed_with_the_construction_playbook() -> None:
    text = (
        "ENGINEERING, PROCUREMENT AND CONSTRUCTION AGREEMENT\n"
        "The Contractor shall achieve Substantial Completion by the Guaranteed Substantial Completion Date.\n"
        "The Owner shall retain 10% of each progress payment as retainage until Final Completion."
    )
    assert detect_domain(text) is Domain.FIDIC


def test_a_software_licence_mentioning_a_change_order_stays_generic() -> None:
    text = "SOFTWARE LICENCE AGREEMENT\nExtra modules may be ordered by a change order signed by both."
    assert detect_domain(text) is Domain.GENERIC


def test_a_title_naming_a_business_or_share_sale_is_enough_for_the_share_deal_playbook() -> None:
    assert (
        detect_domain("ASSET PURCHASE AGREEMENT\nThe Seller shall sell the Business and the Assets.")
        is Domain.SHA_SPA
    )
    assert detect_domain("资产转让协议\n甲方将其生产线资产转让给乙方。") is Domain.SHA_SPA


def test_a_development_agreement_that_mentions_an_asset_purchase_agreement_stays_generic() -> None:
    text = (
        "DEVELOPMENT AGREEMENT\n"
        "WHEREAS, the Parties are concurrently entering into an asset purchase agreement;\n"
        '"Affiliate" has the meaning set forth in the Asset Purchase Agreement.'
    )
    assert detect_domain(text) is Domain.GENERIC
