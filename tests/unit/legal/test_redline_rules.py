"""The rules a redline must keep to be one a lawyer would sign, each with cases that pass and fail, in English and Chinese.

Every clause here is written for these tests.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.minimal_actors import actor_edits, clause_actors
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_rules import (
    contract_vocabulary,
    edit_share,
    feedback_honoured,
    foreign_terms,
    governing_law_lost,
    is_minimal,
    language_mismatch,
    lost_protections,
    rewrites_around_figures,
)

# -- minimal edits -----------------------------------------------------------------------------

PAYMENT_EN = "The Distributor shall settle every invoice within ninety (90) days after the month in which it is issued."
PAYMENT_ZH = "经销商应于发票开具当月结束后九十日内结清全部款项。"


@pytest.mark.parametrize(
    ("original", "proposed"),
    [
        (PAYMENT_EN, PAYMENT_EN.replace("ninety (90)", "thirty (30)")),
        (PAYMENT_ZH, PAYMENT_ZH.replace("九十日", "三十日")),
        # a proviso added after a kept sentence leaves the sentence as it was
        (PAYMENT_EN, PAYMENT_EN[:-1] + ", save for amounts disputed in good faith."),
    ],
)
def test_a_change_of_the_figure_alone_is_a_minimal_edit(original: str, proposed: str) -> None:
    assert is_minimal(original, proposed)
    assert not rewrites_around_figures(original, proposed)


@pytest.mark.parametrize(
    ("original", "proposed"),
    [
        (
            PAYMENT_EN,
            "Payment falls due thirty (30) days from receipt of a correct tax invoice by wire transfer.",
        ),
        (PAYMENT_ZH, "付款期限为收到合格增值税发票之日起三十日，以银行转账方式支付。"),
    ],
)
def test_rewriting_the_sentence_around_a_new_figure_is_not(original: str, proposed: str) -> None:
    assert edit_share(original, proposed) > 0.5
    assert rewrites_around_figures(original, proposed)


def test_the_playbook_model_changes_the_number_only() -> None:
    clause = "Any claim must be notified to the Vendor within seven (7) days of the delivery date, failing which it is waived."
    risk = {"risk_type": "claim_time_bar", "original_text": clause}
    original, proposed, _ = draft_redline(risk, clause, "en", our_party="Purchaser")
    assert proposed == clause.replace("seven (7) days", "twenty-eight (28) days")
    assert edit_share(original, proposed) < 0.1


CREDITS_EN = "The Vendor's service credits are the Purchaser's sole and exclusive remedy for any failure to meet the service levels."
SUSPEND_EN = "The Vendor may suspend the Services immediately and without notice if the Purchaser is late with any payment."
SUSPEND_ZH = "甲方可随时暂停本合同项下的服务，且无需事先通知乙方。"
UNCAPPED_ZH = "乙方对其提供的服务承担全部责任，赔偿金额不设上限。"
FORUM_ZH = "因本合同引起的争议，由甲方所在地人民法院管辖。"


@pytest.mark.parametrize(
    ("clause", "risk_type", "our_party", "language", "struck"),
    [
        (CREDITS_EN, "warranty_or_sla_inadequate", "Purchaser", "en", "sole and exclusive "),
        (SUSPEND_EN, "termination_rights_unbalanced", "Purchaser", "en", "immediately and without notice "),
        (SUSPEND_ZH, "termination_rights_unbalanced", "乙方", "zh-CN", "，且无需事先通知乙方"),
        (UNCAPPED_ZH, "uncapped_liability", "乙方", "zh-CN", "，赔偿金额不设上限"),
    ],
)
def test_the_playbook_model_strikes_the_one_sided_words_and_adds_the_fix_after_the_kept_sentence(
    clause: str, risk_type: str, our_party: str, language: str, struck: str
) -> None:
    risk = {"risk_type": risk_type, "original_text": clause}
    original, proposed, _ = draft_redline(risk, clause, language, our_party=our_party)
    kept = clause.replace(struck, "").rstrip("。.")
    assert proposed.startswith(kept) and struck.strip("，") not in proposed
    assert ("Notwithstanding the foregoing, " in proposed) or ("尽管有前述约定，" in proposed)
    assert edit_share(original, proposed) <= 0.5


def test_the_playbook_model_rewrites_the_sentence_when_the_substance_requires_it() -> None:
    # an amendment deleting the grounds for more time: no strike, party or rider gives them back
    clause = "8.4 Extension of Time for Completion\nDelete paragraphs (b), (c) and (d)."
    risk = {
        "risk_type": "extension_of_time_restricted",
        "original_text": "Delete paragraphs (b), (c) and (d).",
    }
    original, proposed, _ = draft_redline(risk, clause, "en", our_party="Contractor", domain="construction")
    assert "extension of the Time for Completion" in proposed
    assert edit_share(original, proposed) > 0.5


IP_EN = (
    "All reports, software and other deliverables prepared for the Customer under this Agreement shall be owned "
    "exclusively by the Consultant, and the Customer hereby assigns to the Consultant all rights it may have in them "
    "and shall sign any document reasonably requested by the Consultant to confirm that assignment."
)
ACCEPTANCE_ZH = "买方在收到货物及全部随附单据后七个工作日内未向卖方提出书面质量异议的，视为买方已验收合格且货物符合合同约定。"


@pytest.mark.parametrize(
    ("clause", "risk_type", "our_party", "language", "expected"),
    [
        # whose home court: the counterparty's made the defendant's (the neutral rule of civil procedure)
        (FORUM_ZH, "governing_law_forum", "乙方", "zh-CN", FORUM_ZH.replace("甲方所在地", "被告所在地")),
        # whose IP: the counterparty made us, the assignment turned round
        (
            IP_EN,
            "ip_ownership_transfer",
            "Customer",
            "en",
            IP_EN.replace(
                "exclusively by the Consultant, and the Customer hereby assigns to the Consultant",
                "exclusively by the Customer, and the Consultant hereby assigns to the Customer",
            ).replace("requested by the Consultant", "requested by the Customer"),
        ),
        # silence deemed acceptance after a short window: the window lengthened to the playbook's
        # inspection period, written as Chinese drafting writes it ("三十（30）日")
        (
            ACCEPTANCE_ZH,
            "deemed_acceptance_or_waiver",
            "买方",
            "zh-CN",
            ACCEPTANCE_ZH.replace("七个工作日", "三十（30）日"),
        ),
    ],
)
def test_the_playbook_model_changes_the_party_a_risk_turns_on_not_the_sentence(
    clause: str, risk_type: str, our_party: str, language: str, expected: str
) -> None:
    risk = {"risk_type": risk_type, "original_text": clause}
    original, proposed, _ = draft_redline(risk, clause, language, our_party=our_party)
    assert proposed == expected
    assert edit_share(original, proposed) <= 0.2


def test_an_option_only_the_counterparty_has_is_struck() -> None:
    clause = (
        "The courts of Zurich shall have exclusive jurisdiction over any dispute arising out of or in connection "
        "with this Agreement or its subject matter or formation, save that the Licensor may bring proceedings "
        "against the Licensee in any other court."
    )
    risk = {"risk_type": "governing_law_forum", "original_text": clause}
    original, proposed, _ = draft_redline(risk, clause, "en", our_party="Licensee")
    assert proposed == clause[: clause.index(", save that")] + "."
    assert edit_share(original, proposed) <= 0.5


def test_the_figure_changed_is_the_one_on_the_wrong_side_of_the_position() -> None:
    # an amendment naming the old period and the new one: the shortened window is the risk
    clause = 'In Sub-Clause 20.1, delete "twenty-eight (28) days" and substitute "seven (7) days".'
    risk = {"risk_type": "claim_time_bar", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "en", our_party="Contractor", domain="construction")
    # raising the shortened window back to the one it deletes withdraws the amendment (never
    # "delete 28 days and substitute 28 days")
    assert proposed == 'In Sub-Clause 20.1, "twenty-eight (28) days" is not amended.'
    assert "seven (7) days" not in proposed


def test_no_party_slot_is_tried_where_the_clause_does_not_name_the_party() -> None:
    actors = clause_actors("Customer", "The courts of Zurich shall have exclusive jurisdiction.")
    assert (
        actor_edits("All deliverables shall be owned by the Consultant.", "ip_ownership_transfer", actors)
        == []
    )


# -- no foreign terms ------------------------------------------------------------------------------

NDA_EN = (
    '1.1 "Secret Material" means information the Discloser marks as confidential.\n'
    "4.2 The Recipient shall hold the Secret Material in confidence and use it only for the Project.\n"
    "9.1 Each party's liability under this Agreement is unlimited."
)
NDA_ZH = "第一条 本协议所称“保密资料”，是指披露方标明为保密的资料。\n第九条 接收方违反本协议的，应赔偿披露方的全部损失。"


def test_a_term_the_contract_defines_or_uses_may_appear() -> None:
    vocabulary = contract_vocabulary(NDA_EN, ["Secret Material"])
    proposed = "The Recipient shall hold the Secret Material in confidence for the Project for three years."
    assert foreign_terms(proposed, clause_text=NDA_EN.splitlines()[1], vocabulary=vocabulary) == []


def test_a_term_the_redline_defines_itself_may_appear() -> None:
    proposed = 'Liability is capped at the Cap Amount, where "Cap Amount" means EUR 500,000.'
    assert (
        foreign_terms(proposed, clause_text=NDA_EN.splitlines()[2], vocabulary=contract_vocabulary(NDA_EN))
        == []
    )


def test_a_defined_term_from_another_kind_of_contract_is_foreign() -> None:
    proposed = "Each party's liability under this Agreement shall not exceed ten per cent (10%) of the Contract Price."
    assert foreign_terms(
        proposed, clause_text=NDA_EN.splitlines()[2], vocabulary=contract_vocabulary(NDA_EN)
    ) == ["Contract Price"]


def test_a_quoted_chinese_term_the_contract_lacks_is_foreign_and_one_it_has_is_not() -> None:
    vocabulary = contract_vocabulary(NDA_ZH)
    clause = NDA_ZH.splitlines()[1]
    assert foreign_terms(
        "接收方的赔偿责任以“合同价款”的百分之十为限。", clause_text=clause, vocabulary=vocabulary
    ) == ["合同价款"]
    assert (
        foreign_terms(
            "接收方泄露“保密资料”的，赔偿责任以人民币五十万元为限。",
            clause_text=clause,
            vocabulary=vocabulary,
        )
        == []
    )


def test_the_playbook_model_writes_a_missing_defined_term_as_plain_words() -> None:
    clause = NDA_EN.splitlines()[2]
    risk = {"risk_type": "uncapped_liability", "original_text": clause, "description": "no cap"}
    _, proposed, _ = draft_redline(
        risk,
        clause,
        "en",
        our_party="Recipient",
        contract_terms=["Secret Material", "Discloser", "Recipient"],
    )
    assert (
        foreign_terms(
            proposed, clause_text=clause, vocabulary=contract_vocabulary(NDA_EN, ["Secret Material"])
        )
        == []
    )


# -- nothing required is lost --------------------------------------------------------------------------

LAW_EN = "This Agreement is governed by the laws of Singapore, and the courts of Singapore shall have exclusive jurisdiction."
LAW_ZH = "本合同适用中华人民共和国法律。因本合同引起的争议，提交甲方所在地人民法院诉讼解决。"


@pytest.mark.parametrize(
    ("original", "proposed", "language"),
    [
        (
            LAW_EN,
            "This Agreement is governed by the laws of Singapore; disputes shall be referred to SIAC arbitration in Singapore.",
            "en",
        ),
        (LAW_ZH, "本合同适用中华人民共和国法律。因本合同引起的争议，提交上海国际仲裁中心仲裁。", "zh-CN"),
    ],
)
def test_a_disputes_redline_that_keeps_the_governing_law_passes(
    original: str, proposed: str, language: str
) -> None:
    assert governing_law_lost(original, proposed, language) is None


@pytest.mark.parametrize(
    ("original", "proposed", "language", "law"),
    [
        (
            LAW_EN,
            "Any dispute shall be finally resolved by arbitration administered by the ICC, seated in Paris.",
            "en",
            "Singapore",
        ),
        (LAW_ZH, "因本合同引起的争议，提交上海国际仲裁中心仲裁。", "zh-CN", "中华人民共和国"),
    ],
)
def test_a_disputes_redline_that_drops_the_governing_law_fails(
    original: str, proposed: str, language: str, law: str
) -> None:
    problem = governing_law_lost(original, proposed, language)
    assert problem is not None and law in problem


PROTECTION_EN = "The Contractor shall repair any defect notified within the defects period at its own cost. The Employer may inspect the Works."
PROTECTION_ZH = "乙方应在质保期内免费修复甲方通知的任何缺陷。甲方可随时检查工程。"


@pytest.mark.parametrize(
    ("original", "proposed", "our_party"),
    [
        # the obligation stays, its scope is adjusted
        (
            PROTECTION_EN,
            "The Contractor shall repair any defect notified within the defects period at its own cost within 14 days. The Employer may inspect the Works.",
            "Employer",
        ),
        (
            PROTECTION_ZH,
            "乙方应在质保期内于收到通知后七日内免费修复甲方通知的任何缺陷。甲方可随时检查工程。",
            "甲方",
        ),
    ],
)
def test_amending_the_counterpartys_protective_obligation_passes(
    original: str, proposed: str, our_party: str
) -> None:
    assert lost_protections(original, proposed, our_party=our_party) == []


@pytest.mark.parametrize(
    ("original", "proposed", "our_party"),
    [
        (PROTECTION_EN, "The Employer may inspect the Works on reasonable notice.", "Employer"),
        (PROTECTION_ZH, "甲方可在合理通知后检查工程。", "甲方"),
    ],
)
def test_deleting_the_counterpartys_protective_obligation_fails(
    original: str, proposed: str, our_party: str
) -> None:
    [problem] = lost_protections(original, proposed, our_party=our_party)
    assert "repair" in problem or "修复" in problem


# -- feedback honoured ----------------------------------------------------------------------------------

SURVIVAL_EN = "The duties in this Clause 6 continue for ten (10) years after the Agreement ends."
SURVIVAL_ZH = "本条项下的保密义务在本协议终止后十年内继续有效。"


@pytest.mark.parametrize(
    ("clause", "feedback", "expected"),
    [
        (SURVIVAL_EN, "limit to 5 years", "five (5) years"),
        (SURVIVAL_ZH, "限于五年", "五年"),
        (
            "The Licensee shall keep the source code confidential indefinitely.",
            "limit to 5 years",
            "five (5) years",
        ),
        (
            "Neither party's liability shall exceed USD 250,000 in aggregate.",
            "cap it at USD 1,000,000",
            "USD 1,000,000",
        ),
        ("逾期交货的，乙方每日按合同总价的百分之一支付违约金。", "改为百分之零点五以下，建议千分之五", None),
    ],
)
def test_the_playbook_model_writes_the_reviewers_figure(
    clause: str, feedback: str, expected: str | None
) -> None:
    risk = {"risk_type": "post_termination_obligations", "original_text": clause}
    _, proposed, reason = draft_redline(risk, clause, "en", our_party="Licensee", feedback=feedback)
    if expected is not None:
        assert expected in proposed
    assert feedback_honoured(feedback, proposed, reason) == []


@pytest.mark.parametrize(("feedback", "language"), [("limit to 5 years", "en"), ("限于五年", "zh-CN")])
def test_feedback_with_no_place_in_the_sentence_is_explained_in_the_rationale(
    feedback: str, language: str
) -> None:
    clause = "The Supplier may subcontract any part of the Services without the Customer's consent."
    risk = {"risk_type": "unilateral_change_right", "original_text": clause}
    _, proposed, reason = draft_redline(risk, clause, language, our_party="Customer", feedback=feedback)
    assert "5" in reason.replace(feedback, "")  # the rationale names the figure it could not apply
    assert feedback_honoured(feedback, proposed, reason) == []


@pytest.mark.parametrize(
    ("feedback", "proposed", "reason"),
    [
        (
            "limit to 5 years",
            "The duties in this Clause 6 continue for five (5) years after the Agreement ends.",
            "",
        ),
        ("限于五年", "本条项下的保密义务在本协议终止后五年内继续有效。", ""),
        (
            "limit to 5 years",
            SURVIVAL_EN,
            "Ten years is market for trade secrets; 5 years would leave the source code exposed.",
        ),
    ],
)
def test_a_redraft_stating_the_figure_or_explaining_why_not_honours_the_feedback(
    feedback: str, proposed: str, reason: str
) -> None:
    assert feedback_honoured(feedback, proposed, reason) == []


@pytest.mark.parametrize(
    ("feedback", "proposed", "reason"),
    [
        ("limit to 5 years", SURVIVAL_EN, "Adjusted for the reviewer's feedback: limit to 5 years"),
        ("限于五年", SURVIVAL_ZH, "已根据审阅意见调整：限于五年"),
        ("cap at 20%", "Liability is capped at 25% of the fees.", ""),
    ],
)
def test_a_redraft_ignoring_the_figure_does_not(feedback: str, proposed: str, reason: str) -> None:
    assert feedback_honoured(feedback, proposed, reason) != []


# -- the clause's own language and register -------------------------------------------------------------


def test_a_chinese_clause_gets_chinese_wording_in_its_register() -> None:
    clause = "买方应于货到后十日内验收。"
    assert language_mismatch(clause, "买方应于货到后三十日内验收，逾期视为验收合格。") is None
    assert language_mismatch(clause, "The Buyer shall inspect within thirty days.") is not None
    assert language_mismatch(clause, "买方应于货到后三十日内验收, 逾期视为验收合格。") is not None


def test_an_english_clause_gets_english_wording() -> None:
    clause = "The Buyer shall inspect the goods within ten days of delivery."
    assert (
        language_mismatch(clause, "The Buyer shall inspect the goods within thirty days of delivery.") is None
    )
    assert language_mismatch(clause, "买方应于货到后三十日内验收。") is not None


def test_the_playbook_model_keeps_a_chinese_clauses_numerals() -> None:
    clause = "卖方应在收到买方书面索赔后三日内答复，逾期视为放弃抗辩。"
    risk = {"risk_type": "claim_time_bar", "original_text": clause}
    _, proposed, _ = draft_redline(risk, clause, "zh-CN", our_party="卖方")
    assert language_mismatch(clause, proposed, "zh-CN") is None
    assert "3" not in proposed  # Chinese numerals, as the clause writes them
