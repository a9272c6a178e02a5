"""Whether the party we act for is one the contract names, and which parties it names."""

from __future__ import annotations

from clauseflow_gateway.intake.party import parties_named, party_is_named

EN = """SUPPLY AGREEMENT

This Agreement is between Tessellate Parts Ltd (the "Supplier") and Orchard Lane Stores plc (the "Buyer").

1. Delivery
The Supplier shall deliver the Goods within 30 days.
"""
ZH = """采购合同

甲方（采购方）：青松商贸有限公司
乙方（供应方）：白塔制造有限公司

第一条 交货
乙方应于三十日内交货。
"""


def test_a_role_a_label_a_name_or_a_distinctive_word_of_it_counts() -> None:
    for party in (
        "Supplier",
        "the Buyer",
        "Tessellate Parts Ltd",
        "Tessellate",
        "Orchard Lane Stores plc (Buyer)",
    ):
        assert party_is_named(party, EN), party
    for party in ("乙方", "甲方（采购方）", "白塔制造有限公司", "供应方"):
        assert party_is_named(party, ZH), party


def test_a_party_the_contract_never_names_does_not() -> None:
    assert not party_is_named("Zenith Holdings GmbH", EN)
    assert not party_is_named("Licensee", EN)
    assert not party_is_named("丙方", ZH)


def test_the_parties_named_are_listed_for_the_message() -> None:
    assert parties_named(EN) == ["Tessellate Parts Ltd", "Orchard Lane Stores plc", "Supplier", "Buyer"]
    named = parties_named(ZH)
    assert "青松商贸有限公司" in named and "乙方（供应方）" in named
