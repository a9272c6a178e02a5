"""Our party's role, read from the parties block when the client names only a label or a company."""

from __future__ import annotations

import pytest
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.party_roles import contract_roles, party_with_role

SHARE_TRANSFER = """股权转让协议

转让方（以下简称"甲方"）：远川控股有限公司
受让方（以下简称"乙方"）：星衡资本管理有限公司

第一条 定义
1.1 "交割日"是指先决条件全部满足后第五个工作日。
"""

PURCHASE = """设备采购合同

甲方（买方）：华东精密制造有限公司
乙方（卖方）：深蓝智能装备股份有限公司
"""

LEASE = """房屋租赁合同
出租方（甲方）：张三
承租方（乙方）：李四科技有限公司
"""

TRANSLATED = """EQUIPMENT LEASE
Party A (the "Lessor"): Alpha Leasing Co., Ltd.
Party B (the "Lessee"): Beta Logistics Ltd.
"""

ENGLISH = """SHARE PURCHASE AGREEMENT
This Agreement is made between Yuanchuan Holdings Ltd. (the "Seller") and Xingheng Capital Ltd. (the "Buyer").
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (SHARE_TRANSFER, {"甲方": "转让方", "乙方": "受让方"}),
        (PURCHASE, {"甲方": "买方", "乙方": "卖方"}),
        (LEASE, {"甲方": "出租方", "乙方": "承租方"}),
        (TRANSLATED, {"Party A": "Lessor", "Party B": "Lessee"}),
    ],
    ids=["role-then-label", "label-then-role", "role-then-label-in-brackets", "english-labels"],
)
def test_the_parties_block_says_which_role_each_label_plays(text: str, expected: dict[str, str]) -> None:
    assert contract_roles(text) == expected


@pytest.mark.parametrize(
    ("our_party", "text", "expected"),
    [
        ("乙方（星衡资本管理有限公司）", SHARE_TRANSFER, "乙方（星衡资本管理有限公司）（受让方）"),
        ("甲方", SHARE_TRANSFER, "甲方（转让方）"),
        ("星衡资本管理有限公司", SHARE_TRANSFER, "星衡资本管理有限公司（受让方／乙方）"),
        ("乙方", LEASE, "乙方（承租方）"),
        ("Party B", TRANSLATED, "Party B (Lessee)"),
        ("Xingheng Capital Ltd.", ENGLISH, "Xingheng Capital Ltd. (Buyer)"),
    ],
)
def test_a_label_or_a_company_name_gets_the_role_the_contract_gives_it(
    our_party: str, text: str, expected: str
) -> None:
    assert party_with_role(our_party, text) == expected


@pytest.mark.parametrize(
    ("our_party", "text"),
    [
        ("受让方（星衡资本管理有限公司）", SHARE_TRANSFER),  # already a role
        ("Buyer", ENGLISH),
        ("乙方", "合同\n\n第一条 甲方应向乙方支付货款。\n"),  # the contract does not say
        ("Unknown Trading Ltd.", ENGLISH),  # not a party of this contract
    ],
)
def test_a_party_already_named_by_role_or_not_defined_is_left_as_given(our_party: str, text: str) -> None:
    assert party_with_role(our_party, text) == our_party


def test_with_its_role_a_label_takes_the_buy_side_the_convention_would_have_denied_it() -> None:
    # By convention 乙方 supplies; in this share transfer 乙方 is the transferee and pays.
    bare = infer_parties("乙方")
    resolved = infer_parties(party_with_role("乙方", SHARE_TRANSFER))
    assert bare.supplies and not bare.buy_side
    assert resolved.buy_side and resolved.pays and not resolved.supplies
    assert resolved.our_label == "乙方"  # findings still call us what the contract does


def test_a_label_used_in_a_clause_body_far_from_the_opening_does_not_redefine_the_parties() -> None:
    text = SHARE_TRANSFER + "\n" + "其他约定。" * 800 + "\n甲方（买方）应当……\n"
    assert contract_roles(text) == {"甲方": "转让方", "乙方": "受让方"}


def test_a_buyer_faces_a_supplier_and_a_customer_faces_a_seller() -> None:
    assert "provider" in infer_parties("Buyer").their_roles
    assert "seller" in infer_parties("Customer").their_roles


ONE_LINE_BLOCK = (
    "MASTER SUPPLY AGREEMENT\n\n"
    "MASTER SUPPLY AGREEMENT dated 1 May 2025 between NORTHFIELD PRODUCTS LLC, a Delaware limited liability "
    'company with its headquarters at 1900 West Field Court, Lake Forest, IL 60045 ("Seller"), and KESTON '
    "PACKAGING LLC, a Delaware limited liability company with its headquarters at 200 Main Street, Chicago, "
    'IL 60601 ("Buyer").\n'
)


def test_a_name_in_capitals_takes_its_own_definition_not_the_one_before_it_on_the_line() -> None:
    assert party_with_role("Keston Packaging", ONE_LINE_BLOCK) == "Keston Packaging (Buyer)"
    assert party_with_role("Northfield Products", ONE_LINE_BLOCK) == "Northfield Products (Seller)"


def test_a_name_the_contract_defines_itself_takes_no_role_from_the_body() -> None:
    text = (
        'CONSULTING AGREEMENT made between Slinger Holdings Inc., a Nevada company (the "Company") and '
        'Aitan Marsh, an individual (the "Consultant").\n\n1. Services\n'
        "1.1 The Consultant will faithfully serve the Company and cooperate with the Company.\n"
    )
    assert party_with_role("Company", text) == "Company"


def test_a_party_known_only_by_name_takes_the_role_opposite_the_other_sides() -> None:
    parties = infer_parties("Vantor Analytics GmbH", ['Ostrava Logistics a.s. (the "Client")'])
    assert parties.our_roles == ("provider",)
    assert parties.supplies


def test_a_counterparty_known_by_name_is_not_renamed_by_a_role_word_in_the_clause() -> None:
    from clauseflow_legal.analysis import analyse_clause

    risks = analyse_clause(
        "14.2 If Velora undergoes a change of control, Kaizen may terminate this Agreement immediately. "
        "Kaizen may assign this Agreement to any purchaser of its business.",
        our_party="Velora Biotech Limited",
        metadata={"counterparty_name": "Kaizen Pharma K.K."},
    )
    (coc,) = [r for r in risks if r["risk_type"] == "change_of_control"]
    assert "Kaizen" in coc["description"] and "Buyer" not in coc["description"]
