"""When the parties block gives our party no role, the reviewer reads which side of the bargain it is
on from what the contract binds each side to do: the party that pays the price buys, the one that
sells, delivers, licenses or invoices supplies. Per-side playbook positions then apply.
"""

# ruff: noqa: E501  -- contract fixtures read better unbroken

from __future__ import annotations

from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.bargain import side_of_bargain
from clauseflow_legal.contract_setting import contract_setting

# Contracts written for these tests: both parties named only by company name, no role word.
SUPPLY = (
    "COMPONENTS AGREEMENT\n"
    'This Agreement is made between Veltrane Systems Ltd, a company incorporated in England ("Veltrane"), '
    'and Moravek Components s.r.o., a company incorporated in the Czech Republic ("Moravek").\n'
    "1. Supply\n"
    "1.1 Moravek shall manufacture and supply the Components in accordance with the Specification.\n"
    "1.2 Moravek will deliver the Components DAP Veltrane's plant in Swindon.\n"
    "2. Price\n"
    "2.1 Veltrane shall pay each invoice within thirty (30) days of its date.\n"
    "2.2 Moravek shall invoice Veltrane on dispatch of each consignment.\n"
    "3. Warranty\n"
    "3.1 Moravek warrants that the Components will be free from material defects for a period of thirty (30) days from delivery.\n"
)
LICENCE = (
    "TECHNOLOGY AGREEMENT\n"
    'This Agreement is made between Orbis Technologies Limited ("Orbis") and Calder Systems GmbH ("Calder").\n'
    "1. Orbis hereby grants to Calder a non-exclusive, non-transferable licence to use the Software.\n"
    "2. In consideration, Calder agrees to pay to Orbis an annual licence fee of EUR 40,000.\n"
    "3. The fees payable by Calder are exclusive of VAT.\n"
)
ZH_SUPPLY = (
    "设备合同\n"
    '甲方：远川科技有限公司（以下简称"远川"）\n'
    '乙方：青禾数据有限公司（以下简称"青禾"）\n'
    "第一条 远川应按照附件一的约定向青禾交付设备。\n"
    "第二条 青禾应于收到发票后三十日内向远川支付货款。\n"
    "第三条 青禾应在验收合格后向远川支付剩余价款。\n"
)
# Both sides pay and supply alike (a cooperation): no side can be read.
SWAP = (
    'This Agreement is made between Orbis Technologies Limited ("Orbis") and Calder Systems GmbH ("Calder").\n'
    "1. Orbis shall supply the Products listed in Schedule 1 and Calder shall supply the Products listed in Schedule 2.\n"
    "2. Each party shall invoice the other monthly. Orbis shall pay each invoice within 30 days and Calder shall pay each invoice within 30 days.\n"
)


def test_a_party_that_pays_the_price_is_on_the_paying_side() -> None:
    assert side_of_bargain(["Veltrane", "Veltrane Systems Ltd"], ["Moravek"], SUPPLY) == "pays"
    assert side_of_bargain(["Calder"], ["Orbis"], LICENCE) == "pays"
    assert side_of_bargain(["青禾"], ["远川"], ZH_SUPPLY) == "pays"


def test_a_party_that_supplies_delivers_licenses_or_invoices_is_on_the_supplying_side() -> None:
    assert side_of_bargain(["Moravek"], ["Veltrane"], SUPPLY) == "supplies"
    assert side_of_bargain(["Orbis"], ["Calder"], LICENCE) == "supplies"
    assert side_of_bargain(["远川"], ["青禾"], ZH_SUPPLY) == "supplies"


def test_no_side_is_read_when_both_sides_pay_and_supply_alike() -> None:
    assert side_of_bargain(["Orbis"], ["Calder"], SWAP) is None


def test_one_payment_is_not_enough_to_tell_the_side() -> None:
    refund = 'Orbis Technologies Limited ("Orbis") and Calder Systems GmbH ("Calder").\n1. Orbis shall pay the Fees back to Calder if the Service is withdrawn.\n'
    assert side_of_bargain(["Orbis"], ["Calder"], refund) is None


def test_the_contract_setting_carries_the_side_only_when_no_role_says_it() -> None:
    assert contract_setting("Veltrane Systems Ltd", SUPPLY).as_metadata()["our_side_of_bargain"] == "pays"
    assert contract_setting("Moravek", SUPPLY).as_metadata()["our_side_of_bargain"] == "supplies"
    # 乙方 usually supplies; here the contract binds it to pay, and that decides
    assert contract_setting("青禾数据有限公司", ZH_SUPPLY).as_metadata("zh")["our_side_of_bargain"] == "pays"
    assert "our_side_of_bargain" not in contract_setting("Buyer (Veltrane Systems Ltd)", SUPPLY).as_metadata()


def test_a_short_warranty_is_flagged_for_a_buyer_known_only_by_name() -> None:
    warranty = SUPPLY.splitlines()[-1]
    for our_party, flagged in (("Veltrane Systems Ltd", True), ("Moravek Components s.r.o.", False)):
        metadata = contract_setting(our_party, SUPPLY).as_metadata()
        risks = analyse_clause(warranty, our_party=our_party, metadata=metadata)
        assert any(r["risk_type"] == "warranty_or_sla_inadequate" for r in risks) is flagged, our_party
