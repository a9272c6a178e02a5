"""An exclusive appointment is read once from the whole contract and travels with its setting."""

from __future__ import annotations

from clauseflow_legal.appointments import exclusive_appointment
from clauseflow_legal.contract_setting import contract_setting

DISTRIBUTION = """产品经销协议

甲方（供应商）：广州华峰电器制造有限公司
乙方（经销商）：成都蜀联商贸有限公司

第一条 经销区域
1.1 甲方指定乙方为其在四川省范围内的独家经销商，协议期内甲方不在四川省内另行指定经销商。
1.2 在本协议有效期内，乙方不得在四川省内销售与甲方产品直接竞争的同类产品。
"""


def test_the_line_that_appoints_exclusively_is_quoted() -> None:
    assert (
        exclusive_appointment(DISTRIBUTION)
        == "1.1 甲方指定乙方为其在四川省范围内的独家经销商，协议期内甲方不在四川省内另行指定经销商。"
    )


def test_english_appointments_and_promises_not_to_appoint_others_count() -> None:
    assert exclusive_appointment("2.1 Acme appoints the Distributor as its exclusive distributor in Peru.")
    assert exclusive_appointment(
        "2.1 The Supplier shall not directly or indirectly appoint any other distributor."
    )


def test_a_non_exclusive_appointment_is_not_an_exclusive_one() -> None:
    assert exclusive_appointment("1.1 甲方指定乙方为其非独家经销商。") == ""
    assert exclusive_appointment("2.1 Acme appoints the Distributor as a non-exclusive distributor.") == ""
    assert exclusive_appointment(DISTRIBUTION.replace("独家", "")) == ""


def test_a_long_line_is_shortened_around_the_appointment() -> None:
    line = (
        "Background. " * 40 + "Acme appoints the Distributor as its exclusive distributor. " + "More. " * 40
    )
    quoted = exclusive_appointment(line)
    assert "exclusive distributor" in quoted
    assert len(quoted) <= 202 and quoted.startswith("…") and quoted.endswith("…")


def test_the_appointment_travels_in_the_contract_setting() -> None:
    metadata = contract_setting("乙方", DISTRIBUTION).as_metadata("zh-CN")
    assert metadata["exclusive_appointment"].startswith("1.1 甲方指定乙方")
    assert (
        "exclusive_appointment"
        not in contract_setting("乙方", DISTRIBUTION.replace("独家", "")).as_metadata()
    )
