"""Playbooks load per domain in both languages; redlines rewrite the risky sentence and really fix it."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_contracts.errors import InvalidInput
from clauseflow_contracts.risk_types import RISK_TYPES
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.figures import find_percents, find_periods, zh_to_number
from clauseflow_legal.playbook import DOMAINS, load_playbook
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_check import check_redline
from clauseflow_legal.text import split_sentences


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_playbook_entry_has_both_languages_and_a_taxonomy_risk(domain: str) -> None:
    playbook = load_playbook(domain)
    assert playbook.entries
    for entry in playbook.entries.values():
        assert entry.risk_type in RISK_TYPES
        assert entry.severity in {"high", "medium", "low"}
        for lang in ("en", "zh-CN"):
            pos = entry.position(lang)
            assert pos.standard and pos.fallback and pos.walk_away and pos.baseline and pos.redline


def test_domain_playbooks_extend_the_generic_one() -> None:
    fidic = load_playbook("fidic")
    assert fidic.entry("ground_conditions") is not None
    assert fidic.entry("cap_on_liability") is not None  # inherited
    assert load_playbook("generic").entry("ground_conditions") is None
    assert load_playbook("fidic") is fidic  # cached


def test_entries_for_returns_the_entries_of_the_given_clause_types_in_order() -> None:
    entries = load_playbook("sha_spa").entries_for(
        ["seller_limitations", "unknown_type", "disclosure", "seller_limitations"]
    )
    assert [e.clause_type for e in entries] == ["seller_limitations", "disclosure"]


def test_an_unknown_domain_is_rejected_with_a_readable_message() -> None:
    with pytest.raises(InvalidInput, match="unknown playbook domain"):
        load_playbook("maritime")


def test_numbers_are_read_in_english_and_chinese() -> None:
    assert [(p.value, p.unit) for p in find_periods("within twenty-eight (28) days or 3 months")] == [
        (28, "day"),
        (3, "month"),
    ]
    assert [(p.value, p.unit) for p in find_periods("应在三十日内付款，质保期为两年")] == [
        (30, "day"),
        (2, "year"),
    ]
    assert [p.value for p in find_percents("seven and a half per cent (7.5%) and 百分之二十")] == [7.5, 20]
    # formal Chinese restates numbers in figures; full-width signs
    assert [
        (p.value, p.unit) for p in find_periods("质保期为三十六（36）个月，付款期限为十五(15)个工作日")
    ] == [
        (36, "month"),
        (15, "business day"),
    ]
    assert [p.value for p in find_percents("合同价款的百分之三十（30%），违约金为10％")] == [30, 10]
    assert [p.value for p in find_percents("fifteen per cent. (15%) per annum. 5%. 5% more")] == [15, 5, 5]
    assert zh_to_number("伍拾万") == 500_000
    text = "Co. Ltd. shall pay. The Buyer shall accept; 甲方应付款。乙方应交货。"
    assert all(text[s.start : s.end] == s.text for s in split_sentences(text))


def _risk(text: str, our_party: str, domain: str = "generic") -> dict[str, str]:
    return analyse_clause(text, our_party=our_party, domain=domain)[0]


def test_a_period_risk_is_fixed_by_rewriting_the_period_in_place() -> None:
    text = "The Vendor's liability shall not exceed the fees paid by the Customer in the two (2) months before the claim."
    original, proposed, reason = draft_redline(_risk(text, "Customer"), text, "en", our_party="Customer")
    assert original == text
    assert proposed == text.replace("two (2) months", "twelve (12) months")
    # The finding states no position of its own, so the reason is the playbook's fallback.
    assert "Fallback" not in reason and reason.startswith("Rewritten to the playbook's fallback position")


def test_the_reason_states_the_position_that_fixes_this_very_problem() -> None:
    text = "The Supplier shall not assign this Agreement without the Customer's consent, while the Customer may assign it to any person."
    risk = _risk(text, "Supplier")
    _original, _proposed, reason = draft_redline(risk, text, "en", our_party="Supplier")
    position = risk["analysis"].split(" Fallback:")[0]
    assert position.startswith("Playbook:") and reason == f"Rewritten to remove the risk. {position}"


def test_reviewer_feedback_changes_the_proposal() -> None:
    text = "The Vendor's liability shall not exceed the fees paid by the Customer in the two (2) months before the claim."
    risk = _risk(text, "Customer")
    _, first, _ = draft_redline(risk, text, "en", our_party="Customer")
    _, second, reason = draft_redline(
        risk, text, "en", our_party="Customer", feedback="Ask for a cap of 24 months of fees."
    )
    assert first != second
    assert "twenty-four (24) months" in second
    assert "24 months" in reason


def test_a_structural_risk_is_replaced_by_the_playbook_sentence_naming_the_clause_parties() -> None:
    text = "The Supplier shall indemnify the Purchaser against all claims, whether or not caused by the negligence of the Purchaser."
    _, proposed, _ = draft_redline(_risk(text, "Supplier"), text, "en", our_party="Supplier")
    assert "to the extent caused by" in proposed
    assert "the Supplier" in proposed and "the Purchaser" in proposed


def test_an_english_contract_gets_english_text_even_in_a_chinese_review() -> None:
    text = (
        "The Client may terminate this Agreement at any time without cause by giving five (5) days' notice."
    )
    _, proposed, reason = draft_redline(
        _risk(text, "Service Provider"), text, "zh-CN", our_party="Service Provider"
    )
    assert "ninety (90) days" in proposed
    assert reason.startswith("按照审查手册")


def test_a_chinese_clause_is_redrafted_in_chinese() -> None:
    text = "甲方应在验收合格后一百二十日内支付合同价款。"
    _, proposed, _ = draft_redline(_risk(text, "乙方"), text, "zh-CN", our_party="乙方")
    # the period written as the clause writes its numbers (Chinese numerals), nothing else changed
    assert proposed == "甲方应在验收合格后三十日内支付合同价款。"


@pytest.mark.parametrize(
    ("our_party", "domain", "text"),
    [
        (
            "Customer",
            "generic",
            "Provider may use Customer Data to train its machine learning models and share it with its partners.",
        ),
        (
            "Contractor",
            "fidic",
            "The Contractor shall provide an on-demand bank guarantee for fifteen per cent (15%) of the Accepted Contract Amount.",
        ),
        (
            "Buyer",
            "sha_spa",
            "The total liability of the Sellers for all Claims, including Tax claims, shall not exceed fifteen per cent (15%) of the Purchase Price.",
        ),
        ("Recipient", "generic", "The obligations of confidentiality shall survive in perpetuity."),
        ("乙方", "generic", "乙方在履行本合同过程中产生的全部技术成果和知识产权归甲方所有。"),
    ],
)
def test_drafted_redlines_pass_validation(our_party: str, domain: str, text: str) -> None:
    risks = analyse_clause(text, our_party=our_party, domain=domain)
    for index, risk in enumerate(risks):
        original, proposed, _ = draft_redline(risk, text, "en", our_party=our_party, domain=domain)
        redline = {"risk_index": index, "original_text": original, "proposed_text": proposed}
        assert check_redline(redline, text, risks, our_party=our_party, domain=domain) == []


def test_validation_rejects_paraphrased_unchanged_or_ineffective_redlines() -> None:
    text = (
        "The Client may terminate this Agreement at any time without cause by giving five (5) days' notice."
    )
    risks = analyse_clause(text, our_party="Service Provider")
    paraphrase = {"risk_index": 0, "original_text": "The Client can end the deal.", "proposed_text": "x"}
    unchanged = {"risk_index": 0, "original_text": text, "proposed_text": text}
    ineffective = {"risk_index": 0, "original_text": "five (5) days'", "proposed_text": "six (6) days'"}
    assert "verbatim" in check_redline(paraphrase, text, risks, our_party="Service Provider")[0]
    assert "identical" in check_redline(unchanged, text, risks, our_party="Service Provider")[0]
    assert "still carries" in check_redline(ineffective, text, risks, our_party="Service Provider")[0]


@pytest.mark.parametrize("n", [1, 10, 11, 20, 51, 75, 100, 101, 110, 120, 1005, 9999])
def test_numbers_written_in_chinese_words_read_back_as_the_same_number(n: int) -> None:
    from clauseflow_documents.numerals import int_to_chinese

    assert zh_to_number(int_to_chinese(n)) == n


def test_a_playbook_template_can_name_the_problem_it_fixes() -> None:
    from clauseflow_legal.playbook import load_playbook

    position = load_playbook("sha_spa").for_risk("sha_exit_rights_unfavourable").position("zh-CN")  # type: ignore[union-attr]
    assert "回购价格" in (position.template_for("回购价格仅为投资本金，不计利息。") or "")
    assert "一并购买" in (position.template_for("投资方无权按同等条件一并出售（无随售权）") or "")
    assert "两周年后向任何人转让" in (position.template_for("股份锁定期长达五年") or "")
    assert "公允市场价值" in (position.template_for("视为已同意按注册资本转让其全部股权") or "")
    assert (
        position.template_for("优先购买权的行使期限仅为五日") is None
    )  # no template names it: vocabulary decides
