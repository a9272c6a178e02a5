"""The other side's own indemnity is read from the whole contract (clauseflow_legal.mirror_indemnity)."""

# ruff: noqa: E501  -- contract sentences read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.contract_setting import contract_setting

HEAD = 'DISTRIBUTION AGREEMENT\nThis Agreement is made between Halden Optics GmbH ("Halden") and Perrow Trading Ltd (the "Distributor").\n'
DISTRIBUTOR_GIVES = "9.1 The Distributor will indemnify and hold Halden harmless from all claims arising from its resale of the Products.\n"


@pytest.mark.parametrize(
    "mirror",
    [
        "9.2 Halden shall, at its own expense, defend the Distributor against any claim that a Product infringes a patent.\n",
        "9.2 Halden hereby undertakes to keep the Distributor fully indemnified against product liability claims.\n",
        "12. Halden agrees to indemnify, defend and hold harmless the Distributor from recall costs.\n",
    ],
)
def test_a_mirror_in_another_clause_is_the_other_sides_indemnity(mirror: str) -> None:
    setting = contract_setting("Distributor", HEAD + DISTRIBUTOR_GIVES + mirror)
    assert setting.their_indemnity.startswith("Halden")
    assert "their_indemnity" in setting.as_metadata()


@pytest.mark.parametrize(
    "second",
    [
        "9.2 The Distributor shall, at Halden's request, indemnify Halden for recall costs.\n",
        "9.2 Halden shall have no obligation to indemnify the Distributor.\n",
        "9.2 Halden's right to be indemnified under 9.1 survives termination.\n",
    ],
)
def test_our_own_promises_and_a_promise_refused_are_no_mirror(second: str) -> None:
    assert contract_setting("Distributor", HEAD + DISTRIBUTOR_GIVES + second).their_indemnity == ""


def test_the_distributors_promise_is_halden_s_mirror() -> None:
    assert contract_setting("Halden", HEAD + DISTRIBUTOR_GIVES).their_indemnity.startswith(
        "Distributor will indemnify"
    )


def test_a_chinese_mirror_is_read_by_label() -> None:
    text = "技术服务合同\n甲方：北京远川科技有限公司\n乙方：上海星衡信息有限公司\n8.1 甲方应赔偿并使乙方免受因甲方提供资料引起的任何索赔。\n"
    assert contract_setting("乙方", text).their_indemnity.startswith("甲方")
    assert contract_setting("甲方", text).their_indemnity == ""
