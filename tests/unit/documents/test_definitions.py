"""Defined terms: their definitions, the clauses that use them, and capitalised terms never defined."""

# ruff: noqa: E501 -- fixture contracts keep one paragraph per line, as real ones do
from __future__ import annotations

CONTRACT = """THIS AGREEMENT is made between Acme Limited (the "Supplier") and Beta plc (each a "Party" and together the "Parties").

1. DEFINITIONS
1.1 "Goods" means the products listed in Schedule 1.
1.2 "Business Day" shall mean a day on which banks are open in London.
1.3 Delivery Date shall mean the date in the Order.
1.4 "Price": the amount in Clause 3.

2. SUPPLY
2.1 The Supplier shall deliver the Goods on the Delivery Date to the Delivery Point.
2.2 The Delivery Point may change with notice from the Purchasing Manager.

3. PRICE
3.1 The Price is payable within ten Business Days. The Purchasing Manager approves the Delivery Point.
"""


def test_definition_forms_are_recognised(parse):
    doc = parse(CONTRACT)
    terms = {d.term for d in doc.definitions}
    assert {"Supplier", "Party", "Parties", "Goods", "Business Day", "Delivery Date", "Price"} <= terms
    goods = doc.definition("goods")
    assert goods is not None
    assert goods.definition == "the products listed in Schedule 1."
    assert goods.clause_id == "1.1"
    assert doc.definition("Supplier").clause_id == "Preamble"


def test_each_clause_lists_the_defined_terms_it_uses(parse):
    doc = parse(CONTRACT)
    assert doc.get("2.1").definitions_used == ("Supplier", "Goods", "Delivery Date")
    assert set(doc.get("3.1").definitions_used) == {"Business Day", "Price"}
    assert {"Supplier", "Goods", "Delivery Date"} <= set(
        doc.get("2").definitions_used
    )  # parents include children


def test_capitalised_terms_used_but_never_defined_are_reported(parse):
    doc = parse(CONTRACT)
    assert "Delivery Point" in doc.undefined_terms
    assert "Purchasing Manager" in doc.undefined_terms
    assert "Goods" not in doc.undefined_terms


def test_chinese_definition_forms(parse):
    doc = parse(
        "甲方：某某公司（以下简称“买方”）\n第一条 定义\n1.1 “货物”是指附件一所列产品。\n"
        "1.2 “交付日”系指双方约定的日期。\n1.3 “验收”指买方对货物的检验。\n第二条 交付\n卖方应于交付日向买方交付货物。\n"
    )
    assert {d.term for d in doc.definitions} == {"买方", "货物", "交付日", "验收"}
    assert doc.definition("货物").definition == "附件一所列产品。"
    assert set(doc.get("2").definitions_used) == {"买方", "货物", "交付日"}


def test_a_term_defined_by_the_list_that_follows_it_is_defined(parse):
    doc = parse(
        "LOAN AGREEMENT\n\n5. DEFAULT\n5.1 Each of the following is an Event of Default: (a) the Borrower fails to pay any amount when due.\n"
        "5.2 On an Event of Default the Loan Officer may declare the Loan due. The Loan Officer shall give notice.\n"
    )
    assert "Event of Default" in {d.term for d in doc.definitions}
    assert "Event of Default" not in doc.undefined_terms
    assert "Loan Officer" in doc.undefined_terms


def test_a_schedule_label_followed_by_its_meaning_defines_the_label(parse):
    doc = parse(
        "SERVICES AGREEMENT\n\n4. FEES\n4.1 The Client may end the Services early on paying the Early Exit Charge. The Early Exit Charge is set out in the Schedule.\n"
        "SCHEDULE\nMonthly Fee: $20,000. Early Exit Charge: an amount equal to three Monthly Fees.\n"
    )
    assert "Early Exit Charge" in {d.term for d in doc.definitions}
    assert "Early Exit Charge" not in doc.undefined_terms


def test_a_chinese_contract_relying_on_a_rulebook_it_neither_attaches_nor_defines(parse):
    doc = parse(
        "采购合同\n第一条 验收\n1.1 货物应符合GB/T 3190《变形铝及铝合金化学成分》，买方可按《买方来料检验规程》扣减货款。\n"
        "1.2 双方依照《中华人民共和国民法典》及附件一《送货单格式》履行。\n"
        "第二条 其他\n2.1 送货单应按《送货单格式》填写。本合同附件包括：附件一《送货单格式》。\n"
    )
    assert doc.undefined_terms == ("买方来料检验规程",)


def test_a_chinese_rulebook_named_without_money_or_liability_is_not_an_undefined_term(parse):
    doc = parse(
        "服务合同\n第一条 现场\n1.1 乙方人员进入甲方场地时应遵守《员工手册》和《安全生产管理制度》。\n"
        "1.2 合同单价以乙方提交的《报价单》为准。\n"
        "第二条 考核\n2.1 乙方服务不达标的，甲方可依照《承包方服务质量评分细则》扣减当月服务费。\n"
    )
    assert doc.undefined_terms == ("承包方服务质量评分细则",)


def test_a_label_in_the_body_of_the_contract_defines_nothing(parse):
    doc = parse(
        "SUPPLY AGREEMENT\n\n4. PRICES\nThe Supplier may review the Prices once a year.\n"
        "Note: the Supplier may vary the Prices.\nPayment Terms: the Customer shall pay each invoice in full.\n"
        "Important: any notice of a price change must be given in writing.\n\n"
        "ANNEX A\nREBATES\nVolume Rebate: a credit of 2% of the Prices for each order above 1,000 units.\n"
    )
    terms = {d.term for d in doc.definitions}
    assert "Volume Rebate" in terms
    assert not terms & {"Note", "Payment Terms", "Important"}


def test_a_numbered_heading_followed_by_a_colon_defines_nothing(parse):
    doc = parse(
        "DISTRIBUTION AGREEMENT\n\n3. ORDERS\n3.1 Term: The first period of this Agreement runs for two years from signature.\n"
        "3.2 Rebates: The Distributor earns a Volume Credit on each order above 500 units.\n"
        "4. PRICES\n4.1 Note: the Prices exclude VAT and carriage.\n"
        "4.2 Payment Terms: the Distributor shall pay each invoice within 45 days.\n"
        "9. Default: The failure of the Distributor to pay any sum when due.\n"
    )
    terms = {d.term for d in doc.definitions}
    assert not terms & {"Term", "Rebates", "Note", "Payment Terms", "Default"}


def test_a_numbered_term_whose_colon_is_followed_by_its_meaning_is_defined(parse):
    doc = parse(
        "COOPERATION AGREEMENT\n\n2. SCOPE\n2.3 Affiliate: means any entity that controls or is controlled by a Party.\n"
        "2.4 Work Site: shall mean the premises named in the Order.\n"
        "2.5 Launch Window: refers to the ninety days after first sale.\n"
        "5. DEFINITIONS AND INTERPRETATION\n5.1 Business Day: a day other than a Saturday, Sunday or public holiday.\n"
        "6. SUPPLY\n6.1 Each Affiliate may order at the Work Site within the Launch Window on any Business Day.\n"
    )
    terms = {d.term for d in doc.definitions}
    assert {"Affiliate", "Work Site", "Launch Window", "Business Day"} <= terms
    assert doc.definition("Affiliate").definition.startswith("means any entity")
    assert not {"Affiliate", "Work Site", "Launch Window", "Business Day"} & set(doc.undefined_terms)
