"""The worker holds every model's drafts to the rules a lawyer signs by, and sends back what breaks them.

A scripted OpenAI-compatible model plays a careless drafter (the real ``openai`` SDK talks to it
over HTTP); the offline playbook model, served the same way, plays the default drafter.
"""

# ruff: noqa: E501  -- clause fixtures read better unbroken

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator

import pytest
from clauseflow_clause_worker.agent import ClauseJob
from clauseflow_clause_worker.overlaps import conflicting_pairs, settle_overlaps
from clauseflow_clause_worker.redlines import RedlineDrafter
from clauseflow_clause_worker.validation import DraftContext, check_draft
from clauseflow_contracts import ids
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.prompts.redlines import read_contract_terms, read_validation_issues
from clauseflow_contracts.review import Redline, Risk, RiskLevel
from clauseflow_documents.model import Clause
from clauseflow_legal.redline_rules import contract_vocabulary, foreign_terms
from clauseflow_platform.llm import LLMClient
from clauseflow_platform.settings import LLMSettings
from clauseflow_playbook_model.main import serve_in_background
from clauseflow_testkit.scripted_turns import Turn
from worker_fixtures import REVIEW_ID, clause_job, contract, scripted_llm

NDA_TERMS = ("Confidential Information", "Recipient", "Discloser")
NDA_TEXT = (
    '"Confidential Information" means everything the Discloser shows the Recipient. '
    "The Recipient's liability for a breach of this Agreement is unlimited."
)


def _job(
    text: str,
    *,
    clause_id: str = "7",
    our_party: str = "Recipient",
    terms: tuple[str, ...] = (),
    **task: object,
) -> ClauseJob:
    base = clause_job("1", our_party=our_party, **task)
    return dataclasses.replace(
        base,
        task=base.task.model_copy(update={"clause_id": clause_id}),
        clause=Clause(clause_id=clause_id, title="", text=text),
        defined_terms=terms,
        vocabulary=contract_vocabulary(text, terms),
    )


def _risk(clause_id: str, index: int, risk_type: str, quote: str) -> Risk:
    return Risk(
        id=ids.risk_id(REVIEW_ID, clause_id, 0, index),
        clause_id=clause_id,
        risk_type=risk_type,
        risk_level=RiskLevel.HIGH,
        description=risk_type.replace("_", " "),
        original_text=quote,
    )


def _answer(*drafts: tuple[int, str, str]) -> Turn:
    return Turn.text(
        json.dumps(
            [{"risk_index": i, "original_text": o, "proposed_text": p, "reason": "why"} for i, o, p in drafts]
        )
    )


def _user(model: object, index: int) -> str:
    return model.messages_of(index)[1]["content"]  # type: ignore[attr-defined, no-any-return]


# -- no foreign terms: the draft is redone ---------------------------------------------------------------

LIABILITY_SENTENCE = "The Recipient's liability for a breach of this Agreement is unlimited."


async def test_a_draft_bringing_in_a_term_the_contract_lacks_is_sent_back_and_redone() -> None:
    risk = _risk("7", 0, "uncapped_liability", LIABILITY_SENTENCE)
    foreign = (
        "The Recipient's liability for a breach of this Agreement shall not exceed 10% of the Contract Price."
    )
    plain = "The Recipient's liability for a breach of this Agreement shall not exceed EUR 200,000."
    turns = [_answer((0, LIABILITY_SENTENCE, foreign)), _answer((0, LIABILITY_SENTENCE, plain))]
    async with scripted_llm(turns) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(_job(NDA_TEXT, terms=NDA_TERMS), [risk])
    assert read_contract_terms(_user(model, 0)) == list(NDA_TERMS)  # the drafter is told the contract's terms
    [issue] = read_validation_issues(_user(model, 1))
    assert "'Contract Price'" in issue and "does not define" in issue
    assert [r.proposed_text for r in outcome.redlines] == [plain]
    assert outcome.validation_passed


def test_a_chinese_draft_with_a_quoted_term_the_contract_lacks_fails() -> None:
    text = "第八条 接收方违反保密义务的，应赔偿披露方的全部损失。"
    risk = _risk("8", 0, "uncapped_liability", text)
    context = DraftContext(vocabulary=contract_vocabulary(text), our_party="接收方", language="zh-CN")
    bad = {
        "risk_index": 0,
        "original_text": "应赔偿披露方的全部损失",
        "proposed_text": "应赔偿披露方的直接损失，但以“合同价格”的百分之十为限",
    }
    good = {
        "risk_index": 0,
        "original_text": "应赔偿披露方的全部损失",
        "proposed_text": "应赔偿披露方的直接损失，但赔偿总额以人民币五十万元为限",
    }
    assert any(
        "合同价格" in i for i in check_draft(bad, clause_text=text, risks=[risk], context=context).issues
    )
    assert check_draft(good, clause_text=text, risks=[risk], context=context).passed


# -- minimal edits -------------------------------------------------------------------------------------------

PAYMENT = (
    "The Purchaser shall pay each undisputed invoice within one hundred and twenty (120) days of its receipt."
)


@pytest.mark.parametrize(
    ("proposed", "passes"),
    [
        (PAYMENT.replace("one hundred and twenty (120)", "thirty (30)"), True),
        (
            "Invoices are payable net 30 days from issue by electronic transfer to the account the Vendor names.",
            False,
        ),
    ],
)
def test_a_figure_change_must_leave_the_sentence_around_it(proposed: str, passes: bool) -> None:
    risk = _risk("5", 0, "payment_terms_unfavourable", PAYMENT)
    check = check_draft(
        {"risk_index": 0, "original_text": PAYMENT, "proposed_text": proposed},
        clause_text=PAYMENT,
        risks=[risk],
        context=DraftContext(vocabulary=contract_vocabulary(PAYMENT), our_party="Vendor"),
    )
    assert check.passed is passes
    if not passes:
        assert "change only the figure" in check.issues[0]
    assert (check.edit_share <= 0.5) is passes


# A rewrite of more than half the sentence where a minimal edit removes the risk is sent back (any model).

CREDITS = "The Supplier's service credits are the Customer's sole and exclusive remedy for any failure to meet the service levels."
CHANGES_ZH = "甲方有权随时单方变更服务内容和服务费标准，乙方应无条件接受。"
CONVENIENCE = (
    "The Supplier may terminate this Agreement at any time for convenience by notice to the Customer."
)
UNCAPPED_ZH = "乙方对本合同项下的一切损失承担全部赔偿责任，且不受任何金额限制。"
FORUM_ZH = "因本合同引起的争议，由甲方所在地人民法院管辖。"
EOT_DELETED = "8.4 Extension of Time for Completion\nDelete paragraphs (b), (c) and (d)."


def _check(text: str, risk_type: str, proposed: str, our_party: str, language: str = "en") -> tuple[str, ...]:
    risk = _risk("9", 0, risk_type, text)
    context = DraftContext(vocabulary=contract_vocabulary(text), our_party=our_party, language=language)
    draft = {"risk_index": 0, "original_text": text, "proposed_text": proposed}
    return check_draft(draft, clause_text=text, risks=[risk], context=context).issues


@pytest.mark.parametrize(
    ("text", "risk_type", "rewrite", "our_party", "language"),
    [
        (
            CREDITS,
            "warranty_or_sla_inadequate",
            "The remedies in this Clause are in addition to any other rights and remedies of the Customer.",
            "Customer",
            "en",
        ),
        (
            CHANGES_ZH,
            "unilateral_change_right",
            "服务内容和服务费标准的任何变更，须经双方书面确认后方可生效。",
            "乙方",
            "zh-CN",
        ),
        # striking "且不受任何金额限制" and adding the cap after the sentence does it
        (
            UNCAPPED_ZH,
            "uncapped_liability",
            "乙方在本合同项下的累计赔偿责任不超过合同总价的百分之百（100%），但因欺诈或故意不当行为产生的责任除外。",
            "乙方",
            "zh-CN",
        ),
    ],
)
def test_a_sentence_rewritten_where_a_minimal_edit_would_do_is_sent_back_to_be_redone_minimally(
    text: str, risk_type: str, rewrite: str, our_party: str, language: str
) -> None:
    [issue] = _check(text, risk_type, rewrite, our_party, language)
    assert issue.startswith("edit only the words that carry the risk") and "redo it minimally" in issue
    suggested = issue.split("redo it minimally, e.g. ", 1)[1].strip("'\"")
    assert text.rstrip("。.")[:12] in suggested  # the sentence is kept, its one-sided words struck
    assert _check(text, risk_type, suggested, our_party, language) == ()  # and the suggestion passes


@pytest.mark.parametrize(
    ("text", "risk_type", "minimal", "our_party", "language"),
    [
        (
            CREDITS,
            "warranty_or_sla_inadequate",
            CREDITS.replace("sole and exclusive ", "")
            + " Notwithstanding the foregoing, the remedies in this Clause are in addition to any other rights and remedies of the Customer.",
            "Customer",
            "en",
        ),
        (
            CHANGES_ZH,
            "unilateral_change_right",
            "甲方有权随时单方变更服务内容和服务费标准，乙方应无条件接受，但须经双方书面确认后方可生效。",
            "乙方",
            "zh-CN",
        ),
    ],
)
def test_a_minimal_edit_passes(
    text: str, risk_type: str, minimal: str, our_party: str, language: str
) -> None:
    assert _check(text, risk_type, minimal, our_party, language) == ()


@pytest.mark.parametrize(
    ("text", "risk_type", "rewrite", "our_party", "language"),
    [
        (
            CONVENIENCE,
            "termination_for_convenience",
            "The Supplier shall not terminate this Agreement for convenience; if it nonetheless ends it early, it "
            "shall give the Customer not less than one hundred and eighty (180) days' written notice.",
            "Customer",
            "en",
        ),
        # an amendment deleting the grounds for more time: the grounds must be written back
        (
            EOT_DELETED,
            "extension_of_time_restricted",
            # (the clause alone is the contract here: its parties' names are plain words)
            "The contractor shall be entitled to an extension of the Time for Completion if completion is or will "
            "be delayed by any variation or any delay, impediment or prevention caused by the employer.",
            "Contractor",
            "en",
        ),
    ],
)
def test_a_rewrite_the_substance_requires_passes(
    text: str, risk_type: str, rewrite: str, our_party: str, language: str
) -> None:
    assert _check(text, risk_type, rewrite, our_party, language) == ()


@pytest.mark.parametrize(
    ("text", "risk_type", "rewrite", "our_party", "language", "minimal"),
    [
        # the availability figure raised in place, not the service level rewritten
        (
            "The Provider shall make the platform available 97% of the time in each month, excluding planned maintenance.",
            "warranty_or_sla_inadequate",
            "The Provider warrants an availability of the platform of not less than ninety-nine point five per cent in each calendar month.",
            "Customer",
            "en",
            "The Provider shall make the platform available 99.5% of the time in each month, excluding planned maintenance.",
        ),
        (
            "调度系统的月度可用率应不低于97%。",
            "warranty_or_sla_inadequate",
            "乙方保证该平台每一日历月内至少百分之九十九点五的时间正常运行，计划内维护除外。",
            "甲方",
            "zh-CN",
            "调度系统的月度可用率应不低于99.5%。",
        ),
        # notice in place of consent for a compelled disclosure
        (
            "乙方依照法律法规或法院要求须披露保密信息的，应事先征得甲方书面同意。",
            "confidentiality_overbroad",
            "本协议不妨碍乙方按照法律规定或法院命令进行披露，但乙方应在合法范围内提前告知甲方。",
            "乙方",
            "zh-CN",
            "乙方依照法律法规或法院要求须披露保密信息的，应事先书面通知甲方。",
        ),
    ],
)
def test_a_rewrite_where_amending_the_figure_or_the_words_in_place_would_do_is_sent_back(
    text: str, risk_type: str, rewrite: str, our_party: str, language: str, minimal: str
) -> None:
    [issue] = _check(text, risk_type, rewrite, our_party, language)
    assert "redo it minimally" in issue and minimal in issue
    assert _check(text, risk_type, minimal, our_party, language) == ()


def test_a_forum_rewritten_where_changing_whose_court_would_do_is_sent_back() -> None:
    arbitration = (
        "因本合同引起或与本合同有关的任何争议，均应提交中国国际经济贸易仲裁委员会仲裁，仲裁裁决是终局的。"
    )
    [issue] = _check(FORUM_ZH, "governing_law_forum", arbitration, "乙方", "zh-CN")
    assert "redo it minimally" in issue and "被告所在地人民法院" in issue
    assert _check(FORUM_ZH, "governing_law_forum", FORUM_ZH.replace("甲方", "被告"), "乙方", "zh-CN") == ()


# -- nothing required is lost -----------------------------------------------------------------------------

DISPUTES = "This Contract is governed by the laws of Hong Kong. Disputes go to the courts of the Employer's home state."


@pytest.mark.parametrize(
    ("proposed", "passes"),
    [
        (
            "This Contract is governed by the laws of Hong Kong. Disputes shall be referred to HKIAC arbitration in Hong Kong.",
            True,
        ),
        ("Disputes shall be referred to HKIAC arbitration in Hong Kong.", False),
    ],
)
def test_a_disputes_redline_keeps_the_governing_law(proposed: str, passes: bool) -> None:
    risk = _risk("20", 0, "dispute_resolution_unfavourable", DISPUTES)
    check = check_draft(
        {"risk_index": 0, "original_text": DISPUTES, "proposed_text": proposed},
        clause_text=DISPUTES,
        risks=[risk],
        context=DraftContext(vocabulary=contract_vocabulary(DISPUTES), our_party="Contractor"),
    )
    assert check.passed is passes
    if not passes:
        assert any("governing law" in i for i in check.issues)


def test_a_redline_may_not_delete_the_counterpartys_obligation_that_protects_us() -> None:
    text = "乙方应对其提供的设备提供二十四个月的质量保证。甲方有权在验收时抽检。"
    risk = _risk("6", 0, "warranty_excessive", "甲方有权在验收时抽检。")
    context = DraftContext(vocabulary=contract_vocabulary(text), our_party="甲方", language="zh-CN")
    dropped = {"risk_index": 0, "original_text": text, "proposed_text": "甲方有权在验收时全部检验。"}
    kept = {
        "risk_index": 0,
        "original_text": "甲方有权在验收时抽检。",
        "proposed_text": "甲方有权在验收时全部检验。",
    }
    assert any(
        "质量保证" in i for i in check_draft(dropped, clause_text=text, risks=[risk], context=context).issues
    )
    assert check_draft(kept, clause_text=text, risks=[risk], context=context).passed


# -- feedback honoured (LLM path) ---------------------------------------------------------------------------

SURVIVAL = "The Recipient's duties under this Clause survive for an unlimited period after termination."


@pytest.mark.parametrize(
    ("feedback", "honouring"), [("limit to 5 years", "for five (5) years"), ("限于五年", "for 5 years")]
)
async def test_a_redraft_must_state_the_reviewers_figure_or_say_why_not(
    feedback: str, honouring: str
) -> None:
    risk = _risk("9", 0, "post_termination_obligations", SURVIVAL)
    request = RedraftRequest(
        redline_id=ids.redline_id(REVIEW_ID, "9", risk.id, 0),
        risk_id=risk.id,
        original_text=SURVIVAL,
        rejected_text=SURVIVAL.replace("an unlimited period", "ten (10) years"),
        feedback=feedback,
    )
    ignoring = SURVIVAL.replace("an unlimited period", "seven (7) years")
    honoured = SURVIVAL.replace("for an unlimited period", honouring)
    turns = [_answer((0, SURVIVAL, ignoring)), _answer((0, SURVIVAL, honoured))]
    async with scripted_llm(turns) as (llm, model):
        job = _job(SURVIVAL, clause_id="9", mode="redraft", attempt=1, redraft=(request,), risks=(risk,))
        outcome = await RedlineDrafter(llm).redraft(job)
    assert feedback in _user(model, 0)  # the prompt carries the feedback
    [issue] = read_validation_issues(_user(model, 1))
    assert "reviewer asked for 5 years" in issue
    assert [r.proposed_text for r in outcome.redlines] == [honoured]


# -- the clause's own language ------------------------------------------------------------------------------


def test_a_chinese_clause_gets_a_chinese_redline() -> None:
    text = "买受人应于收货后七日内提出质量异议，逾期视为合格。"
    risk = _risk("4", 0, "claim_time_bar", text)
    context = DraftContext(vocabulary=contract_vocabulary(text), our_party="买受人", language="zh-CN")
    english = {"risk_index": 0, "original_text": "七日", "proposed_text": "twenty-eight days"}
    chinese = {"risk_index": 0, "original_text": "七日", "proposed_text": "二十八日"}
    assert not check_draft(english, clause_text=text, risks=[risk], context=context).passed
    assert check_draft(chinese, clause_text=text, risks=[risk], context=context).passed


# -- one clause, one coherent text ----------------------------------------------------------------------------

TWO_RISKS = (
    "The Customer shall pay each invoice within one hundred and twenty (120) days of receipt, "
    "and the Supplier's liability under this Agreement shall be unlimited."
)


def _applied(text: str, redlines: list[Redline]) -> str:
    for r in redlines:
        assert text.count(r.original_text) == 1, "each revision's span must be found once"
        text = text.replace(r.original_text, r.proposed_text, 1)
    return text


async def test_two_drafts_changing_different_words_of_one_sentence_become_two_disjoint_revisions() -> None:
    risks = [
        _risk("3", 0, "payment_terms_unfavourable", TWO_RISKS),
        _risk("3", 1, "uncapped_liability", TWO_RISKS),
    ]
    late = TWO_RISKS.replace("one hundred and twenty (120)", "thirty (30)")
    capped = TWO_RISKS.replace(
        "shall be unlimited", "shall not exceed the fees paid in the preceding twelve (12) months"
    )
    async with scripted_llm([_answer((0, TWO_RISKS, late), (1, TWO_RISKS, capped))]) as (llm, _):
        outcome = await RedlineDrafter(llm).draft(_job(TWO_RISKS, clause_id="3", our_party="Supplier"), risks)
    assert conflicting_pairs(outcome.redlines, TWO_RISKS) == 0
    assert len(outcome.redlines) == 2
    final = _applied(TWO_RISKS, outcome.redlines)
    assert "thirty (30) days" in final and "shall not exceed the fees paid" in final


def test_two_drafts_rewriting_the_same_words_are_merged_into_one() -> None:
    quote = "the Supplier's liability under this Agreement shall be unlimited"
    first = Redline(
        id="rl_a",
        clause_id="3",
        risk_id="r0",
        original_text=quote,
        proposed_text="the Supplier's liability under this Agreement shall be capped at the fees paid",
        reason="cap",
    )
    second = Redline(
        id="rl_b",
        clause_id="3",
        risk_id="r1",
        original_text=quote,
        proposed_text="neither party shall be liable for indirect loss, and the Supplier's liability shall be capped",
        reason="exclusion",
    )
    settled = settle_overlaps([first, second], TWO_RISKS)
    assert conflicting_pairs([first, second], TWO_RISKS) == 1
    assert conflicting_pairs(settled, TWO_RISKS) == 0
    [merged] = settled
    assert merged.id == "rl_a" and "cap" in merged.reason and "exclusion" in merged.reason
    final = _applied(TWO_RISKS, settled)
    assert "capped at the fees paid" in final and "indirect loss" in final


async def test_a_draft_rewriting_words_another_draft_rewrites_is_redone_on_top_of_it() -> None:
    risks = [
        _risk("3", 0, "payment_terms_unfavourable", TWO_RISKS),
        _risk("3", 1, "uncapped_liability", TWO_RISKS),
    ]
    paid = TWO_RISKS.replace(
        "invoice within one hundred and twenty (120)", "undisputed invoice within thirty (30)"
    )
    # the second draft rewrites the payment words too ("on receipt"): the two cannot both stand
    capped = "The Customer shall pay each invoice on receipt, and the Supplier's liability shall not exceed the fees paid."
    both = "The Customer shall pay each undisputed invoice within thirty (30) days of receipt, and the Supplier's liability shall not exceed the fees paid."
    # the retry lists only the risk redone, as risk 0
    turns = [_answer((0, TWO_RISKS, paid), (1, TWO_RISKS, capped)), _answer((0, TWO_RISKS, both))]
    async with scripted_llm(turns) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(_job(TWO_RISKS, clause_id="3", our_party="Supplier"), risks)
    [issue] = read_validation_issues(_user(model, 1))
    assert "changes the same words as the redline proposed for another risk" in issue
    [redline] = outcome.redlines  # one coherent text: the draft made on top of the other
    assert redline.proposed_text == both
    assert conflicting_pairs(outcome.redlines, TWO_RISKS) == 0


@pytest.fixture
async def playbook_llm() -> AsyncIterator[LLMClient]:
    base_url, stop = await serve_in_background(port=0)
    client = LLMClient(LLMSettings(llm_base_url=base_url, llm_api_key="offline"))
    try:
        yield client
    finally:
        await client.close()
        await stop()


@pytest.mark.parametrize(
    ("text", "quotes", "our_party", "expect"),
    [
        (
            TWO_RISKS,
            (TWO_RISKS, "the Supplier's liability under this Agreement shall be unlimited"),
            "Supplier",
            ("thirty (30) days", "shall not exceed"),
        ),
        (
            "甲方应在收到发票后一百二十日内付款，且乙方在本合同项下的责任不设上限。",
            (
                "甲方应在收到发票后一百二十日内付款，且乙方在本合同项下的责任不设上限。",
                "乙方在本合同项下的责任不设上限",
            ),
            "乙方",
            ("三十日", "不超过"),
        ),
    ],
)
async def test_the_playbook_model_drafts_a_clause_with_two_risks_as_one_coherent_text(
    playbook_llm: LLMClient, text: str, quotes: tuple[str, str], our_party: str, expect: tuple[str, str]
) -> None:
    risks = [
        _risk("3", 0, "payment_terms_unfavourable", quotes[0]),
        _risk("3", 1, "uncapped_liability", quotes[1]),
    ]
    language = "zh-CN" if our_party == "乙方" else "en"
    job = _job(text, clause_id="3", our_party=our_party, language=language)
    outcome = await RedlineDrafter(playbook_llm).draft(job, risks)
    assert outcome.redlines and outcome.validation_passed
    assert conflicting_pairs(outcome.redlines, text) == 0
    final = _applied(text, outcome.redlines)
    assert all(e in final for e in expect), final
    assert foreign_terms(final, clause_text=text, vocabulary=job.vocabulary) == []


def test_the_fixture_contract_uses_its_own_terms() -> None:
    # a guard on the fixtures above: the shared fixture contract has the parties it names
    vocabulary = contract_vocabulary(contract().text)
    assert {"supplier", "customer"} <= vocabulary


# -- no-op amendments, broken strikes and contradicted qualifiers are sent back (any model) ------------

TIME_BAR_AMENDMENT = 'In Sub-Clause 20.2, delete "twenty-eight (28) days" and substitute "ten (10) days".'
DEFEND = (
    "The Lessee shall defend, indemnify and hold harmless the Owner, its agents and its crew against all claims "
    "arising from the charter."
)
CARRIER = (
    "The Carrier shall indemnify the Shipper against all losses arising from the carriage, regardless of whether "
    "they are caused by the negligence of the Shipper."
)


def test_an_amendment_substituting_the_figure_it_deletes_is_rejected_as_a_no_op() -> None:
    same = 'In Sub-Clause 20.2, delete "twenty-eight (28) days" and substitute "28 days".'
    issues = _check(TIME_BAR_AMENDMENT, "claim_time_bar", same, "Contractor")
    assert any("changes nothing" in i for i in issues)


def test_a_strike_leaving_a_verb_without_its_object_is_rejected() -> None:
    broken = DEFEND.replace("indemnify and hold harmless the Owner, ", "")
    issues = _check(DEFEND, "indemnity_one_sided", broken, "Lessee")
    assert any("grammatical sentence" in i for i in issues)


def test_a_qualifier_contradicting_the_kept_words_is_rejected() -> None:
    proposed = CARRIER[:-1] + ", to the extent caused by the Carrier's breach or negligence."
    issues = _check(CARRIER, "indemnity_one_sided", proposed, "Carrier")
    assert any("contradicts" in i for i in issues)
