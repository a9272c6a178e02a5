"""The playbook skills: review criteria, comparison with the baseline, deviation grading, redline drafting."""

from __future__ import annotations

import json

import pytest
from clauseflow_contracts.errors import InvalidInput
from clauseflow_documents.model import DocumentStructure
from clauseflow_legal.playbook import load_playbook
from clauseflow_skills.executor import SkillExecutor
from clauseflow_skills.skill import ReviewContext
from clauseflow_skills.skills import baseline_compare, deviation, redline_drafting, review_criteria
from clauseflow_skills.skills.redline_validation import addresses_risk

from .conftest import build_document, skill_context

EN_ROWS: list[tuple[str, str, str, str | None]] = [
    ("15", "Termination", "Termination of the Contract.", None),
    (
        "15.5",
        "Termination for convenience",
        "The Employer may terminate the Contract at any time for its convenience without notice and without "
        "compensation to the Contractor.",
        "15",
    ),
    (
        "17.6",
        "Limitation of liability",
        "The total liability of the Contractor shall not exceed 10% of the Contract Price.",
        None,
    ),
    (
        "20.1",
        "Contractor's claims",
        "The Contractor shall give notice of a claim within 14 days after becoming aware of the event, "
        "failing which the Contractor shall not be entitled to any additional payment.",
        None,
    ),
    ("30", "Counterparts", "This Agreement may be signed in any number of counterparts.", None),
]
ZH_ROWS: list[tuple[str, str, str, str | None]] = [
    ("第9条", "合同解除", "甲方有权随时解除本合同，无需通知乙方，且不予补偿。", None),
    ("第10条", "违约金", "乙方逾期交付的，每日按合同价款的千分之五向甲方支付违约金。", None),
]


@pytest.fixture
def en_contract() -> DocumentStructure:
    return build_document("pb-en", EN_ROWS)


@pytest.fixture
def zh_contract() -> DocumentStructure:
    return build_document("pb-zh", ZH_ROWS, language="zh")


def _en(document: DocumentStructure, **review: object) -> object:
    return skill_context(document, **{"our_party": "Contractor", "language": "en", **review})


# --- load_review_criteria -----------------------------------------------------------------------


def test_criteria_are_the_playbook_entries_for_the_clause_types(en_contract: DocumentStructure) -> None:
    out = review_criteria.run(review_criteria.ReviewCriteriaInput(clause_id="15.5"), _en(en_contract))  # type: ignore[arg-type]
    assert out.clause_types == ["termination_for_convenience"]
    [c] = out.criteria
    entry = load_playbook("generic").entry("termination_for_convenience")
    assert entry is not None
    assert (c.risk_type, c.severity, c.standard, c.fallback, c.walk_away) == (
        "termination_for_convenience",
        "high",
        entry.en.standard,
        entry.en.fallback,
        entry.en.walk_away,
    )
    assert c.redline_templates == list(entry.en.redline)


def test_criteria_come_in_the_review_language_and_domain(zh_contract: DocumentStructure) -> None:
    out = review_criteria.run(
        review_criteria.ReviewCriteriaInput(clause_id="第9条"),
        skill_context(zh_contract, language="zh-CN", domain="fidic"),
    )
    assert out.domain == "fidic" and out.language == "zh-CN"
    assert out.criteria[0].clause_type_name == "任意解除"
    assert out.criteria[0].risk_name == "对方任意解除权"


def test_a_clause_type_argument_selects_one_entry_and_unknown_types_are_refused(
    en_contract: DocumentStructure,
) -> None:
    out = review_criteria.run(
        review_criteria.ReviewCriteriaInput(clause_id="30", clause_type="governing_law"),
        _en(en_contract),  # type: ignore[arg-type]
    )
    assert [c.risk_type for c in out.criteria] == ["governing_law_forum"]
    with pytest.raises(InvalidInput, match="field 'clause_type'"):
        review_criteria.run(
            review_criteria.ReviewCriteriaInput(clause_id="30", clause_type="nonsense"),
            _en(en_contract),  # type: ignore[arg-type]
        )


def test_a_clause_without_playbook_types_gets_no_criteria(en_contract: DocumentStructure) -> None:
    out = review_criteria.run(review_criteria.ReviewCriteriaInput(clause_id="30"), _en(en_contract))  # type: ignore[arg-type]
    assert out.criteria == []


# --- compare_with_baseline ----------------------------------------------------------------------


def test_identical_text_is_unmodified() -> None:
    text = "Each party's liability shall not exceed the fees paid in the twelve months before the claim."
    result = baseline_compare.compare(text, text.upper(), "cap_on_liability")
    assert result.modification_type == "unmodified" and result.changes == []


def test_word_diff_quotes_both_sides_verbatim() -> None:
    baseline = "The Contractor shall give notice within 28 days after becoming aware of the event."
    clause = "The Contractor shall give written notice within 14 days after becoming aware of the event."
    similarity, changes = baseline_compare.word_diff(baseline, clause)
    assert [(c.op, c.baseline, c.clause) for c in changes] == [
        ("insert", "", "written"),
        ("replace", "28", "14"),
    ]
    assert 0.8 < similarity < 1


def test_shorter_claim_period_is_tightened_longer_is_loosened() -> None:
    baseline = "The Contractor shall give notice within 28 days after becoming aware of the event."
    shorter = baseline_compare.compare(baseline, baseline.replace("28", "14"), "claims_time_bar")
    assert shorter.modification_type == "tightened"
    assert [s.detail for s in shorter.signals] == ["period lowered from 28 days to 14 days"]
    longer = baseline_compare.compare(baseline, baseline.replace("28", "56"), "claims_time_bar")
    assert longer.modification_type == "loosened"


def test_higher_liquidated_damages_are_tightened_for_the_payer() -> None:
    baseline = "Liquidated damages shall not exceed 10% of the Contract Price."
    result = baseline_compare.compare(baseline, baseline.replace("10%", "20%"), "liquidated_damages")
    assert result.modification_type == "tightened"


def test_adverse_terms_added_are_tightened_and_extra_text_is_added() -> None:
    baseline = "The Employer may terminate on ninety days' written notice and shall pay compensation."
    adverse = baseline_compare.compare(
        baseline, baseline + " The Employer may also terminate at any time without notice.", None
    )
    assert adverse.modification_type == "tightened"
    neutral = baseline_compare.compare(
        baseline, baseline + " Termination shall be effected by a letter signed by a director.", None
    )
    assert neutral.modification_type == "added"


def test_deleted_and_rewritten_clauses() -> None:
    assert baseline_compare.compare("Some baseline.", "[Deleted]").modification_type == "deleted"
    assert baseline_compare.compare("Some baseline.", "不适用。").modification_type == "deleted"
    rewritten = baseline_compare.compare(
        "Time is of the essence of every obligation.", "Notices are given in English by courier."
    )
    assert rewritten.modification_type == "replaced"
    assert baseline_compare.compare("", "Anything.").modification_type == "no_baseline"


def test_chinese_is_compared_character_by_character() -> None:
    baseline = "承包人应在知道索赔事件后28日内发出索赔通知。"
    clause = "承包人应在知道索赔事件后14日内发出索赔通知，逾期视为放弃。"
    similarity, changes = baseline_compare.word_diff(baseline, clause)
    assert ("replace", "28", "14") in [(c.op, c.baseline, c.clause) for c in changes]
    assert any(c.op == "insert" and "视为放弃" in c.clause for c in changes)
    result = baseline_compare.compare(baseline, clause, "claims_time_bar")
    assert result.modification_type == "tightened"
    assert similarity > 0.7


def test_compare_skill_uses_the_playbook_baseline_of_the_clause_type(en_contract: DocumentStructure) -> None:
    out = baseline_compare.run(
        baseline_compare.CompareWithBaselineInput(clause_id="15.5"),
        _en(en_contract),  # type: ignore[arg-type]
    )
    entry = load_playbook("generic").entry("termination_for_convenience")
    assert entry is not None
    assert (out.baseline_source, out.clause_type, out.baseline_text) == (
        "playbook",
        "termination_for_convenience",
        entry.en.baseline,
    )
    assert out.modification_type == "tightened"
    assert "at any time added: 'at any time'" in [s.detail for s in out.signals]
    assert out.summary.startswith("The clause is less favourable to us")


def test_compare_skill_with_a_given_baseline_and_chinese_summary(zh_contract: DocumentStructure) -> None:
    out = baseline_compare.run(
        baseline_compare.CompareWithBaselineInput(
            clause_id="第10条", baseline_text="乙方逾期交付的，每日按合同价款的千分之五向甲方支付违约金。"
        ),
        skill_context(zh_contract, language="zh-CN"),
    )
    assert (out.baseline_source, out.modification_type, out.summary) == (
        "argument",
        "unmodified",
        "条款与基线一致。",
    )


def test_a_clause_without_baseline_says_so(en_contract: DocumentStructure) -> None:
    out = baseline_compare.run(baseline_compare.CompareWithBaselineInput(clause_id="30"), _en(en_contract))  # type: ignore[arg-type]
    assert (out.baseline_source, out.modification_type) == ("none", "no_baseline")


# --- assess_deviation ---------------------------------------------------------------------------


def test_walk_away_terms_make_a_high_deviation(en_contract: DocumentStructure) -> None:
    out = deviation.run(deviation.AssessDeviationInput(clause_id="15.5"), _en(en_contract))  # type: ignore[arg-type]
    assert (out.position, out.severity, out.risk_type) == ("walk_away", "high", "termination_for_convenience")
    assert out.walk_away_terms == ["at any time", "without notice"]
    assert out.deviates and out.criterion is not None


def test_chinese_walk_away_terms(zh_contract: DocumentStructure) -> None:
    out = deviation.run(
        deviation.AssessDeviationInput(clause_id="第9条"), skill_context(zh_contract, language="zh-CN")
    )
    assert (out.position, out.severity) == ("walk_away", "high")
    assert out.walk_away_terms == ["随时", "无需通知"]
    assert out.risk_name == "对方任意解除权"


def test_shorter_time_bar_is_beyond_fallback_at_the_playbook_severity(en_contract: DocumentStructure) -> None:
    out = deviation.run(deviation.AssessDeviationInput(clause_id="20.1"), _en(en_contract))  # type: ignore[arg-type]
    assert (out.modification_type, out.position, out.severity) == ("tightened", "beyond_fallback", "high")
    assert "period lowered from 28 days to 14 days" in out.reasons


def test_given_modification_type_drives_the_grade(en_contract: DocumentStructure) -> None:
    ctx = _en(en_contract)
    unmodified = deviation.run(
        deviation.AssessDeviationInput(clause_id="17.6", modification_type="unmodified"),
        ctx,  # type: ignore[arg-type]
    )
    assert (unmodified.position, unmodified.severity, unmodified.deviates) == ("standard", "low", False)
    modified = deviation.run(
        deviation.AssessDeviationInput(clause_id="17.6", modification_type="modified"),
        ctx,  # type: ignore[arg-type]
    )
    assert (modified.position, modified.severity) == ("fallback", "low")  # one step below medium


def test_no_playbook_position_is_unknown_and_low(en_contract: DocumentStructure) -> None:
    out = deviation.run(deviation.AssessDeviationInput(clause_id="30"), _en(en_contract))  # type: ignore[arg-type]
    assert (out.position, out.severity, out.risk_type) == ("unknown", "low", None)


# --- draft_redline ------------------------------------------------------------------------------


def test_redline_replaces_the_risky_sentence_with_the_fallback_wording(
    en_contract: DocumentStructure,
) -> None:
    out = redline_drafting.run(
        redline_drafting.DraftRedlineInput(clause_id="15.5", risk_type="termination_for_convenience"),
        _en(en_contract),  # type: ignore[arg-type]
    )
    clause = en_contract.get("15.5")
    assert out.original_text == clause.text[out.start : out.start + len(out.original_text)]
    assert out.original_text.startswith("The Employer may terminate the Contract at any time")
    assert out.proposed_text.startswith(
        "The Employer may terminate this Agreement for convenience only by giving"
    )
    assert "the Contractor not less than ninety (90) days' written notice" in out.proposed_text
    assert "{" not in out.proposed_text
    assert addresses_risk(out.original_text, out.proposed_text, out.risk_type, None)


def test_redline_keeps_the_named_words_verbatim(en_contract: DocumentStructure) -> None:
    out = redline_drafting.run(
        redline_drafting.DraftRedlineInput(
            clause_id="20.1", risk_type="claim_time_bar", original_text="notice of a claim   within 14 days"
        ),
        _en(en_contract),  # type: ignore[arg-type]
    )
    assert out.original_text == "notice of a claim within 14 days"
    assert addresses_risk(out.original_text, out.proposed_text, "claim_time_bar", None)


def test_chinese_redline_is_in_chinese_with_the_parties_named(zh_contract: DocumentStructure) -> None:
    out = redline_drafting.run(
        redline_drafting.DraftRedlineInput(clause_id="第10条", risk_type="liquidated_damages_excessive"),
        skill_context(zh_contract, our_party="乙方", language="zh-CN"),
    )
    assert out.language == "zh-CN"
    assert out.original_text == "乙方逾期交付的，每日按合同价款的千分之五向甲方支付违约金。"
    assert out.proposed_text.startswith("乙方应支付的违约金累计不超过合同价款的百分之十")
    assert "甲方" in out.proposed_text
    assert addresses_risk(out.original_text, out.proposed_text, out.risk_type, None)


def test_redline_errors_are_actionable(en_contract: DocumentStructure) -> None:
    ctx = _en(en_contract)
    with pytest.raises(InvalidInput, match="field 'risk_type': unknown risk type"):
        redline_drafting.run(redline_drafting.DraftRedlineInput(clause_id="15.5", risk_type="bad"), ctx)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="field 'original_text'"):
        redline_drafting.run(
            redline_drafting.DraftRedlineInput(
                clause_id="15.5", risk_type="termination_for_convenience", original_text="not in the clause"
            ),
            ctx,  # type: ignore[arg-type]
        )


# --- through the executor (the path gRPC Invoke takes) -------------------------------------------


async def test_playbook_skills_run_through_the_executor(executor: SkillExecutor) -> None:
    context = ReviewContext(primary_document_id="doc-en", clause_id="20.1", our_party="Contractor")
    criteria = json.loads((await executor.invoke("load_review_criteria", context, "")).result_json)
    assert [c["risk_type"] for c in criteria["criteria"]] == ["claim_time_bar"]
    compared = json.loads((await executor.invoke("compare_with_baseline", context, "{}")).result_json)
    assert compared["baseline_source"] == "playbook" and compared["clause_type"] == "claims_time_bar"
    graded = json.loads((await executor.invoke("assess_deviation", context, "")).result_json)
    assert graded["risk_type"] == "claim_time_bar"
    drafted = json.loads(
        (await executor.invoke("draft_redline", context, '{"risk_type": "claim_time_bar"}')).result_json
    )
    assert drafted["original_text"] in executor.documents.get("doc-en").get("20.1").text


async def test_draft_redline_without_risk_type_names_the_missing_field(executor: SkillExecutor) -> None:
    context = ReviewContext(primary_document_id="doc-en", clause_id="20.1")
    with pytest.raises(InvalidInput, match="field 'risk_type': required argument is missing"):
        await executor.invoke("draft_redline", context, "{}")


def test_redraft_takes_the_reviewer_feedback(en_contract: DocumentStructure) -> None:
    out = redline_drafting.run(
        redline_drafting.DraftRedlineInput(
            clause_id="20.1", risk_type="claim_time_bar", feedback="make the notice period 60 days"
        ),
        _en(en_contract),  # type: ignore[arg-type]
    )
    assert "60" in out.proposed_text and "14 days" not in out.proposed_text
    assert "feedback" in out.reason
