"""Minimal redlines by mechanism (issue #23): amend the figure, the actor or the trigger in place,
strike one limb of a list or one alternative, and keep every other word of the sentence.

Each mechanism is general; what it looks for is data keyed by risk type (``minimal_edit.json``:
``figure``, ``actor``), and the playbook's market positions. The wording here is our own.
"""

# ruff: noqa: E501  -- contract wording reads better unbroken

from __future__ import annotations

import pytest
from clauseflow_legal.minimal_actors import actor_edits, clause_actors
from clauseflow_legal.minimal_edit import minimal_alternative
from clauseflow_legal.minimal_figures import figure_amendments, market_figures
from clauseflow_legal.minimal_setting import Where
from clauseflow_legal.minimal_strikes import alternative_strikes, limb_strikes
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_feedback import render_period
from clauseflow_legal.redline_rules import broken_sentence, edit_share, is_minimal

# -- one limb of a list struck, the list kept grammatical ----------------------------------------------


def test_a_labelled_item_is_struck_and_the_rest_relabelled_with_the_closing_conjunction_moved() -> None:
    sentence = (
        '"Allowed Payments" means (a) rent under the existing lease; (b) any bonus the board approves; '
        "and (c) any payment in the ordinary course of trading."
    )
    struck = limb_strikes(sentence)
    assert (
        '"Allowed Payments" means (a) rent under the existing lease; and (b) any bonus the board approves.'
        in struck
    )
    assert (
        '"Allowed Payments" means (a) rent under the existing lease; and (b) any payment in the ordinary course of trading.'
        in struck
    )
    # two items struck leave one: it is no list, so it loses its label
    assert '"Allowed Payments" means rent under the existing lease.' in struck
    for text in struck:
        assert broken_sentence(sentence, text) is None


def test_the_last_parallel_limb_goes_and_the_limb_before_it_takes_the_conjunction() -> None:
    sentence = (
        "The Vendor warrants that each pump will, for twelve (12) months from delivery, match the datasheet, "
        "be free from faults in design, parts and assembly, and be suitable for any use the Purchaser chooses."
    )
    assert limb_strikes(sentence) == [
        "The Vendor warrants that each pump will, for twelve (12) months from delivery, match the datasheet "
        "and be free from faults in design, parts and assembly."
    ]


def test_a_chinese_numbered_list_loses_one_item_and_keeps_its_numbering() -> None:
    sentence = "下列情形不受前款责任限额的限制：（一）乙方拖欠的服务费；（二）乙方违反保密义务；（三）依法不得限制的责任。"
    struck = limb_strikes(sentence)
    assert "下列情形不受前款责任限额的限制：（一）乙方拖欠的服务费；（二）依法不得限制的责任。" in struck
    # one item left loses its number; a Chinese list keeps the colon that announces it
    assert "下列情形不受前款责任限额的限制：依法不得限制的责任。" in struck
    for text in struck:
        assert broken_sentence(sentence, text, "zh-CN") is None


def test_the_labels_keep_the_lists_own_brackets() -> None:
    sentence = (
        "乙方有下列情形之一的，甲方可以解除本合同：(1)迟延交货超过三十日；(2)产品质量不合格；(3)转让本合同。"
    )
    assert "乙方有下列情形之一的，甲方可以解除本合同：(1)迟延交货超过三十日；(2)转让本合同。" in limb_strikes(
        sentence
    )


@pytest.mark.parametrize(
    "sentence",
    [
        # labels cited inside a sentence are no list of its own
        "Paragraphs (b) and (c) of Schedule 2 apply to each delivery made under this Agreement.",
        # a list of nouns inside the last limb is not a list of limbs: no limb opens like the last
        "The Vendor warrants that each pump will be free from faults in design, parts and assembly, and match the datasheet.",
        "本合同第（二）项所述的费用由甲方承担。",
    ],
)
def test_no_limb_is_struck_where_there_is_no_list_of_limbs(sentence: str) -> None:
    assert limb_strikes(sentence) == []


# -- one alternative struck with its commas -----------------------------------------------------------


def test_an_alternative_set_off_by_commas_is_struck_with_both_commas() -> None:
    sentence = (
        "The Vendor shall not be liable for a claim if the Purchaser knew, or ought to have known from the "
        "documents it received, of the matter giving rise to it."
    )
    assert alternative_strikes(sentence) == [
        "The Vendor shall not be liable for a claim if the Purchaser knew of the matter giving rise to it."
    ]


def test_a_chinese_alternative_is_struck_with_both_commas() -> None:
    sentence = "买方知悉，或者根据卖方提供的资料应当知悉，相关事实的，卖方不承担责任。"
    assert alternative_strikes(sentence) == ["买方知悉相关事实的，卖方不承担责任。"]


@pytest.mark.parametrize(
    "sentence",
    [
        # an item of a list (what follows is the list's next item, not what completes the alternative)
        "The Agent shall not promote, or distribute any product which competes with the Goods, spare parts or accessories in the Territory.",
        # a clause with its own verb is no alternative
        "The Agent may resell the Goods, or the Principal may buy them back, at the list price.",
        "乙方可以转售，或者甲方应当回购，该批货物。",
    ],
)
def test_a_list_item_or_a_clause_of_its_own_is_not_struck_as_an_alternative(sentence: str) -> None:
    assert alternative_strikes(sentence) == []


# -- a figure set in place to the playbook's standard ---------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "amended"),
    [
        (
            "The Provider shall make the platform available 98% of the time in each month.",
            "The Provider shall make the platform available 99.5% of the time in each month.",
        ),
        (
            "The Provider shall keep the portal available ninety-eight per cent (98.0%) of each quarter.",
            "The Provider shall keep the portal available ninety-nine point five per cent (99.5%) of each quarter.",
        ),
        ("调度系统的月度可用率应不低于97%。", "调度系统的月度可用率应不低于99.5%。"),
    ],
)
def test_a_low_availability_is_raised_to_the_standard_in_place(sentence: str, amended: str) -> None:
    assert figure_amendments(sentence, "warranty_or_sla_inadequate") == [amended]
    assert is_minimal(sentence, amended)


@pytest.mark.parametrize(
    "sentence",
    [
        "Service credits are 5% of the monthly fee for the affected month.",  # not about availability
        "The Provider shall make the platform available 99.9% of the time.",  # already above the standard
        "服务抵扣金额为当月服务费的5%。",
    ],
)
def test_no_availability_figure_is_amended_where_the_sentence_states_none_too_low(sentence: str) -> None:
    assert figure_amendments(sentence, "warranty_or_sla_inadequate") == []


@pytest.mark.parametrize(
    ("our_party", "language", "sentence", "amended"),
    [
        (
            "Customer",
            "en",
            "Any claim by the Customer for breach shall be notified to the Supplier within thirty (30) days after the breach occurs, failing which the claim shall be barred.",
            "Any claim by the Customer for breach shall be notified to the Supplier within ninety (90) days after the breach occurs, failing which the claim shall be barred.",
        ),
        (
            "甲方",
            "zh-CN",
            "甲方就乙方违约主张赔偿的，应自违约行为发生之日起三十日内书面提出；逾期提出的，甲方的请求权归于消灭。",
            "甲方就乙方违约主张赔偿的，应自违约行为发生之日起九十日内书面提出；逾期提出的，甲方的请求权归于消灭。",
        ),
    ],
)
def test_a_claim_window_below_the_walk_away_point_is_set_to_the_market_standard(
    our_party: str, language: str, sentence: str, amended: str
) -> None:
    where = Where(sentence, "claim_time_bar", our_party, "generic", language)
    assert market_figures(sentence, where) == [amended]


@pytest.mark.parametrize(
    ("our_party", "sentence"),
    [
        # the other side's deadline to cure: a longer one is no fix for us
        (
            "Customer",
            "The Supplier shall remedy any breach within five (5) days after notice, failing which the Customer may terminate this Agreement.",
        ),
        ("甲方", "乙方应在收到通知后五日内纠正违约行为，否则甲方有权解除本合同。"),
    ],
)
def test_the_other_sides_deadline_is_not_lengthened(our_party: str, sentence: str) -> None:
    where = Where(sentence, "termination_rights_unbalanced", our_party, "generic", "en")
    assert market_figures(sentence, where) == []


def test_our_own_cure_period_is_lengthened_to_the_standard() -> None:
    sentence = "乙方应在收到通知后五日内纠正违约行为，否则甲方有权解除本合同。"
    where = Where(sentence, "termination_rights_unbalanced", "乙方", "generic", "zh-CN")
    assert market_figures(sentence, where) == [
        "乙方应在收到通知后三十日内纠正违约行为，否则甲方有权解除本合同。"
    ]


def test_a_claim_bar_counted_in_hours_is_set_to_the_standard_in_days() -> None:
    sentence = "The Customer shall notify the Supplier of any claim within three (3) hours, failing which the claim shall be barred."
    assert market_figures(sentence, Where(sentence, "claim_time_bar", "Customer", "generic", "en")) == [
        "The Customer shall notify the Supplier of any claim within ninety (90) days, failing which the claim shall be barred."
    ]


def test_a_notice_deadline_after_a_cure_word_is_not_lengthened_as_a_cure_period() -> None:
    sentence = "乙方应立即采取补救措施，并在发现后两小时内书面通知甲方。"
    assert (
        market_figures(sentence, Where(sentence, "termination_rights_unbalanced", "乙方", "generic", "zh-CN"))
        == []
    )


# -- the actor, the trigger or the basis amended in place (data: actor slots) ----------------------------


def _edits(risk_type: str, our_party: str, sentence: str) -> list[str]:
    return actor_edits(sentence, risk_type, clause_actors(our_party, sentence))


@pytest.mark.parametrize(
    ("risk_type", "our_party", "sentence", "edited"),
    [
        # an exclusion of events outside the parties' control from force majeure, turned round with its consequence
        (
            "force_majeure_unbalanced",
            "Supplier",
            "Power rationing and curtailment ordered by any government authority shall not constitute force majeure, and the Supplier shall not be excused from delivery on that account.",
            "Power rationing and curtailment ordered by any government authority shall constitute force majeure.",
        ),
        (
            "force_majeure_unbalanced",
            "乙方",
            "政府采取的停产、限电措施不属于不可抗力，乙方不得以此为由迟延交货。",
            "政府采取的停产、限电措施属于不可抗力。",
        ),
        # the other side's own report made final: a neutral one instead
        (
            "dispute_resolution_unbalanced",
            "Seller",
            "If the Parties disagree on the quality of a shipment, the Buyer's laboratory report shall be final and binding on the Seller.",
            "If the Parties disagree on the quality of a shipment, an independent expert's report shall be final and binding on the Seller.",
        ),
        (
            "dispute_resolution_unbalanced",
            "乙方",
            "双方对计量结果有争议的，以甲方计量中心出具的计量报告为最终结论。",
            "双方对计量结果有争议的，以双方共同认可的第三方机构出具的计量报告为最终结论。",
        ),
        # a fee due on termination for any reason: due only on the other side's termination for our breach
        (
            "liquidated_damages_excessive",
            "Purchaser",
            "If this Agreement is terminated for any reason other than by the Purchaser under Clause 9.2, the Purchaser shall pay the Vendor a break fee of three per cent (3%) of the Consideration.",
            "If this Agreement is terminated by the Vendor for the Purchaser's material breach, the Purchaser shall pay the Vendor a break fee of three per cent (3%) of the Consideration.",
        ),
        (
            "liquidated_damages_excessive",
            "甲方",
            "本合同因任何原因解除的，甲方应向乙方支付合同总价百分之五的补偿金。",
            "本合同因甲方严重违约而由乙方解除的，甲方应向乙方支付合同总价百分之五的补偿金。",
        ),
        # a forced sale at book value: at market value
        (
            "post_termination_obligations",
            "Distributor",
            "On expiry the Principal may require the Distributor to sell to it all demonstration equipment at its depreciated value.",
            "On expiry the Principal may require the Distributor to sell to it all demonstration equipment at its fair market value.",
        ),
        (
            "post_termination_obligations",
            "经销商",
            "合同终止后，供应商有权要求经销商按账面净值向其出售全部库存。",
            "合同终止后，供应商有权要求经销商按公允市场价值向其出售全部库存。",
        ),
        # confidential information: only what is marked; a compelled disclosure: notice, not consent
        (
            "confidentiality_overbroad",
            "Receiving Party",
            '"Proprietary Information" means any information, whether or not labelled as confidential and whether oral or written, that the Disclosing Party provides.',
            '"Proprietary Information" means any information, labelled as confidential, whether oral or written, that the Disclosing Party provides.',
        ),
        (
            "confidentiality_overbroad",
            "Receiving Party",
            "Where the Receiving Party is legally compelled by a court order to disclose Proprietary Information, it may do so only with the prior written consent of the Disclosing Party.",
            "Where the Receiving Party is legally compelled by a court order to disclose Proprietary Information, it may do so only after notifying the Disclosing Party.",
        ),
        (
            "confidentiality_overbroad",
            "乙方",
            "“保密信息”指甲方提供的技术资料和经营信息，无论是否标明为保密信息。",
            "“保密信息”指甲方提供的技术资料和经营信息，且须标明为保密信息。",
        ),
        (
            "confidentiality_overbroad",
            "乙方",
            "乙方依照法律法规或法院要求须披露保密信息的，应事先征得甲方书面同意。",
            "乙方依照法律法规或法院要求须披露保密信息的，应事先书面通知甲方。",
        ),
        # a third party's right to enforce, saved out of the exclusion: struck
        (
            "third_party_rights",
            "Licensor",
            "Except that each Affiliate of the Licensee may enforce clause 7, a person who is not a party to this Agreement shall have no right under any statute or otherwise to enforce any term of it.",
            "A person who is not a party to this Agreement shall have no right under any statute or otherwise to enforce any term of it.",
        ),
        (
            "third_party_rights",
            "甲方",
            "除乙方的关联公司有权直接执行第七条外，任何第三方均无权执行本合同的任何条款。",
            "任何第三方均无权执行本合同的任何条款。",
        ),
        # what we make, assigned to them: licensed to them
        (
            "ip_ownership_transfer",
            "Manufacturer",
            "The Manufacturer hereby assigns to the Customer all rights in any tooling design made by the Manufacturer under this Agreement.",
            "The Manufacturer hereby grants to the Customer a non-exclusive, royalty-free licence of all rights in any tooling design made by the Manufacturer under this Agreement.",
        ),
        (
            "ip_ownership_transfer",
            "乙方",
            "乙方在履行本合同过程中形成的工艺改进成果的知识产权，乙方同意无偿转让给甲方。",
            "乙方在履行本合同过程中形成的工艺改进成果的知识产权，乙方同意以非独占、免许可费的方式许可甲方使用。",
        ),
        # damages payable on demand: payable once the breach is established
        (
            "liquidated_damages_excessive",
            "Licensee",
            "For each unauthorised copy the Licensee shall pay the Licensor USD 250,000 within five (5) days of written demand.",
            "For each unauthorised copy the Licensee shall pay the Licensor USD 250,000 within five (5) days after the breach is agreed or finally determined.",
        ),
        (
            "liquidated_damages_excessive",
            "乙方",
            "乙方每违约一次，应向甲方支付违约金人民币伍拾万元，见索即付。",
            "乙方每违约一次，应向甲方支付违约金人民币伍拾万元，在违约事实经双方确认或经生效裁判文书认定后支付。",
        ),
        # an indemnity against all claims: third-party claims (and, as another slot, to the extent caused)
        (
            "indemnity_one_sided",
            "Licensee",
            "The Licensee shall indemnify the Licensor against all claims and costs arising out of or relating to the Licensee's use of the Software.",
            "The Licensee shall indemnify the Licensor against all third-party claims and costs arising out of or relating to the Licensee's use of the Software.",
        ),
        (
            "indemnity_one_sided",
            "乙方",
            "乙方应赔偿甲方因使用乙方系统而遭受的一切损失。",
            "乙方应在其过错范围内赔偿甲方因使用乙方系统而遭受的一切损失。",
        ),
    ],
)
def test_the_words_the_risk_turns_on_are_amended_in_place(
    risk_type: str, our_party: str, sentence: str, edited: str
) -> None:
    found = _edits(risk_type, our_party, sentence)
    assert found[0] == edited
    assert edit_share(sentence, edited) <= 0.5
    assert broken_sentence(sentence, edited) is None


@pytest.mark.parametrize(
    ("risk_type", "our_party", "sentence"),
    [
        # a party's own shortage is rightly no force majeure: nothing outside its control is listed
        (
            "force_majeure_unbalanced",
            "Supplier",
            "A shortage of the Supplier's own labour shall not constitute force majeure.",
        ),
        ("force_majeure_unbalanced", "乙方", "乙方自身的劳动力短缺不构成不可抗力。"),
        # consent to share with auditors is not a compelled disclosure
        (
            "confidentiality_overbroad",
            "Receiving Party",
            "The Receiving Party may share Proprietary Information with its auditors only with the prior written consent of the Disclosing Party.",
        ),
        ("confidentiality_overbroad", "乙方", "乙方向其顾问披露保密信息的，应事先征得甲方书面同意。"),
        # a sale at cost, not at book value: nothing to change
        (
            "post_termination_obligations",
            "Distributor",
            "On expiry the Principal may buy the stock at the price the Distributor paid for it.",
        ),
        ("post_termination_obligations", "经销商", "合同终止后，供应商有权按经销商的进货价回购库存。"),
        # a fee due for our own breach only already
        (
            "liquidated_damages_excessive",
            "Purchaser",
            "If the Vendor terminates this Agreement for the Purchaser's breach, the Purchaser shall pay a break fee of three per cent (3%) of the Consideration.",
        ),
        (
            "liquidated_damages_excessive",
            "甲方",
            "本合同因甲方违约被解除的，甲方应向乙方支付合同总价百分之五的补偿金。",
        ),
    ],
)
def test_no_slot_applies_where_the_sentence_is_not_about_what_it_fixes(
    risk_type: str, our_party: str, sentence: str
) -> None:
    assert _edits(risk_type, our_party, sentence) == []


def test_where_one_slot_alone_does_not_do_every_slot_is_applied_at_once() -> None:
    sentence = "The Licensee shall indemnify the Licensor against all claims and costs arising out of or relating to the Licensee's use of the Software."
    assert _edits("indemnity_one_sided", "Licensee", sentence)[-1] == (
        "The Licensee shall indemnify the Licensor against all third-party claims and costs to the extent caused by "
        "the Licensee's use of the Software."
    )


@pytest.mark.parametrize(
    ("risk_type", "our_party", "sentence"),
    [
        (
            "liquidated_damages_excessive",
            "Licensee",
            "The Licensee shall pay each invoice within five (5) days of written demand.",
        ),  # no fixed sum of damages
        ("liquidated_damages_excessive", "乙方", "乙方应见索即付地提供技术支持。"),
        (
            "indemnity_one_sided",
            "Licensee",
            "The Licensee shall indemnify the Licensor against third-party claims to the extent caused by the Licensee's breach.",
        ),
        ("indemnity_one_sided", "乙方", "乙方应赔偿因其过错给甲方造成的损失。"),
    ],
)
def test_no_slot_applies_where_the_sentence_is_fault_based_or_no_damages_are_payable_on_demand(
    risk_type: str, our_party: str, sentence: str
) -> None:
    assert _edits(risk_type, our_party, sentence) == []


@pytest.mark.parametrize(
    ("original", "edit", "the_limb", "zh"),
    [
        (
            "For each unauthorised copy the Licensee shall pay USD 250,000 within five (5) days of written demand, and the Licensor may in addition recover any further loss it proves.",
            "For each unauthorised copy the Licensee shall pay USD 250,000 within five (5) days after the breach is agreed or finally determined, and the Licensor may in addition recover any further loss it proves.",
            "further loss",
            False,
        ),
        (
            "乙方每违约一次，应向甲方支付违约金人民币伍拾万元，见索即付，违约金不足以弥补损失的，乙方还应赔偿差额。",
            "乙方每违约一次，应向甲方支付违约金人民币伍拾万元，在违约事实经双方确认或经生效裁判文书认定后支付，违约金不足以弥补损失的，乙方还应赔偿差额。",
            "赔偿差额",
            True,
        ),
    ],
)
def test_an_amendment_in_place_is_also_tried_with_the_limb_that_keeps_other_remedies_open_struck(
    original: str, edit: str, the_limb: str, zh: bool
) -> None:
    # the risk is gone only with the trigger amended and the cumulative-remedies limb struck
    def removes_risk(candidate: str) -> bool:
        return the_limb not in candidate and (
            "见索即付" not in candidate if zh else "demand" not in candidate
        )

    proposed = (
        "双方各自承担损失，任何一方均无须另行支付任何款项。" if zh else "Each Party shall bear its own loss."
    )

    def acceptable(candidate: str) -> bool:
        return broken_sentence(original, candidate) is None

    found = minimal_alternative(
        original, proposed, removes_risk=removes_risk, acceptable=acceptable, edits=[edit]
    )
    assert found is not None and the_limb not in found and found.endswith("。" if zh else ".")
    assert edit_share(original, found) <= 0.5
    if not zh:  # in English the demand is no aside a strike could take: without the edit nothing does it
        assert (
            minimal_alternative(original, proposed, removes_risk=removes_risk, acceptable=acceptable) is None
        )


# -- the playbook model drafts these minimal edits ------------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "risk_type", "our_party", "language", "expected"),
    [
        (
            "The Provider shall make the platform available 98% of the time in each month, excluding planned maintenance.",
            "warranty_or_sla_inadequate",
            "Customer",
            "en",
            "The Provider shall make the platform available 99.5% of the time in each month, excluding planned maintenance.",
        ),
        (
            "调度系统的月度可用率应不低于97%。",
            "warranty_or_sla_inadequate",
            "甲方",
            "zh-CN",
            "调度系统的月度可用率应不低于99.5%。",
        ),
    ],
)
def test_the_playbook_model_amends_the_figure_and_keeps_the_sentence(
    clause: str, risk_type: str, our_party: str, language: str, expected: str
) -> None:
    risk = {"risk_type": risk_type, "original_text": clause}
    original, proposed, _ = draft_redline(risk, clause, language, our_party=our_party)
    assert (original, proposed) == (clause, expected)


# -- a rejection with a figure keeps the rest of the fix -------------------------------------------------


@pytest.mark.parametrize(
    ("clause", "risk_type", "our_party", "language", "feedback", "old", "new"),
    [
        (
            "The Vendor warrants that each pump will, for sixty (60) months from delivery, match the datasheet, be free from faults in design, parts and assembly, and be fit for any purpose the Purchaser chooses.",
            "warranty_excessive",
            "Vendor",
            "en",
            "limit to 6 months",
            "twelve (12) months",
            "six (6) months",
        ),
        (
            "本合同因任何原因解除的，甲方应在解除后三十日内向乙方支付合同总价百分之五的补偿金。",
            "liquidated_damages_excessive",
            "甲方",
            "zh-CN",
            "限于十五日",
            "三十日",
            "十五日",
        ),
    ],
)
def test_a_redraft_writes_the_reviewers_figure_into_the_fix_and_keeps_the_rest_of_it(
    clause: str, risk_type: str, our_party: str, language: str, feedback: str, old: str, new: str
) -> None:
    risk = {"risk_type": risk_type, "original_text": clause}
    _, first, _ = draft_redline(risk, clause, language, our_party=our_party)
    _, redraft, _ = draft_redline(risk, clause, language, our_party=our_party, feedback=feedback)
    assert old in first and first != clause
    # the figure asked for, in the first draft's words: not the original sentence with the figure
    assert redraft == first.replace(old, new)
    assert redraft != clause.replace(old, new)


@pytest.mark.parametrize(
    ("piece", "written"),
    [
        ("ten (10) Business Days", "five (5) Business Days"),
        ("ten (10) business days", "five (5) business days"),
    ],
)
def test_a_period_rewritten_keeps_the_contracts_defined_term_for_its_unit(piece: str, written: str) -> None:
    assert render_period(piece, 5, "business day", False) == written
