"""One party's deadline for one act, stated twice with different periods, is an inconsistency.

Two clauses that give the same party two periods for the same act leave it uncertain which binds.
Deadlines of different parties, of different acts, at different tiers, or of a subject nobody can
name are not restatements: each is its own duty (audit of the rev-draft change, item 2).
"""

from __future__ import annotations

from clauseflow_legal.rules.drafting.inconsistency import obligor_parties, restated_limit_conflicts

_EN_PARTIES = (
    'This Agreement is made between Northwind Ltd (the "Customer") and Fabrikam plc (the "Supplier").'
)
_ZH_PARTIES = "委托方（以下简称甲方）：某某物流有限公司\n服务方（以下简称乙方）：某某设备维修有限公司"


def _conflicts(
    parties_block: str, *clauses: tuple[str, str], zh: bool = False
) -> dict[str, list[dict[str, str]]]:
    contract = "\n".join([parties_block, *(text for _, text in clauses)])
    return restated_limit_conflicts(list(clauses), zh, obligor_parties(contract))


def test_the_same_payer_given_two_periods_to_pay_conflicts_in_both_clauses() -> None:
    found = _conflicts(
        _EN_PARTIES,
        ("4", "4.2 The Customer shall pay each invoice within thirty (30) days of receipt."),
        ("11", "11.3 The Customer shall pay the price of each delivery within forty-five (45) days."),
    )
    assert "Clause 11 sets 45 days" in found["4"][0]["detail"]
    assert "Clause 4 sets 30 days" in found["11"][0]["detail"]


def test_the_same_chinese_party_given_two_periods_to_attend_conflicts() -> None:
    found = _conflicts(
        _ZH_PARTIES,
        ("3", "3.2 乙方维修人员应在接到甲方通知后二十四小时内到达现场。"),
        ("8", "8.1 乙方维修人员应在四小时内到达现场。"),
        zh=True,
    )
    assert "第8款" in found["3"][0]["detail"] and "24小时" in found["3"][0]["detail"]


def test_two_parties_each_paying_within_their_own_period_do_not_conflict() -> None:
    # (a): the customer pays invoices, the supplier pays its fees to someone else: two duties
    assert not _conflicts(
        _EN_PARTIES,
        ("4", "4.2 The Customer shall pay each invoice within 30 days of receipt."),
        ("9", "9.1 The Supplier shall pay the fees within 60 days after the end of each quarter."),
    )


def test_one_party_attending_and_the_other_assisting_on_site_do_not_conflict() -> None:
    # (b): 乙方 comes to repair, 甲方 comes to assist: another party and another act
    assert not _conflicts(
        _ZH_PARTIES,
        ("3", "3.2 乙方维修人员应在接到通知后二十四小时内到达现场。"),
        ("6", "6.1 甲方应在两小时内到场配合。"),
        zh=True,
    )


def test_a_general_deadline_and_a_priority_one_deadline_do_not_conflict() -> None:
    # (c): the Priority 1 deadline refines the general one
    assert not _conflicts(
        _EN_PARTIES.replace("Customer", "Client").replace("Supplier", "Contractor"),
        ("5", "5.1 The Contractor shall arrive on site within four hours of a call."),
        ("12", "12.2 For a Priority 1 fault the Contractor shall arrive on site within two hours."),
    )


def test_a_deadline_whose_obligor_is_not_named_conflicts_with_nothing() -> None:
    assert not _conflicts(
        _ZH_PARTIES,
        ("3", "3.2 乙方维修人员应在接到通知后二十四小时内到达现场。"),
        ("7", "7.4 到场时间不超过八小时。"),
        zh=True,
    )
