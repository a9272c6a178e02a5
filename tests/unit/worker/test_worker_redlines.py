"""Redlines: draft, validate deterministically, redraft on failure, and redraft with feedback."""

from __future__ import annotations

import json

from clauseflow_clause_worker.redlines import RedlineDrafter
from clauseflow_contracts import ids
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.prompts.kinds import read_marker_from_messages
from clauseflow_contracts.prompts.redlines import (
    read_redraft_requests,
    read_risk_rows,
    read_validation_issues,
)
from clauseflow_contracts.review import Risk, RiskLevel
from clauseflow_testkit.scripted_turns import Turn
from worker_fixtures import LIABILITY_RISK, REVIEW_ID, clause_job, scripted_llm

CAP = "shall not exceed the fees paid in the twelve months before the claim"
INDEMNITY_RISK = Risk(
    id=ids.risk_id(REVIEW_ID, "1", 0, 1),
    clause_id="1",
    risk_type="indemnity_one_sided",
    risk_level=RiskLevel.MEDIUM,
    description="indemnity against all claims",
    original_text="indemnify the Customer against all claims whatsoever",
)


def answer(value: object) -> Turn:
    """A drafting answer holding ``value`` as JSON."""
    return Turn.text(json.dumps(value))


def draft(index: int, original: str, proposed: str) -> dict[str, object]:
    """One drafted redline as the model writes it."""
    return {"risk_index": index, "original_text": original, "proposed_text": proposed, "reason": "why"}


def _user(model: object, index: int) -> str:
    return model.messages_of(index)[1]["content"]  # type: ignore[attr-defined, no-any-return]


async def test_valid_drafts_become_redlines_with_deterministic_ids() -> None:
    async with scripted_llm([answer([draft(0, "shall be unlimited", CAP)])]) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(clause_job("1"), [LIABILITY_RISK])
    [redline] = outcome.redlines
    assert redline.id == ids.redline_id(REVIEW_ID, "1", LIABILITY_RISK.id, 0)
    assert (redline.risk_id, redline.original_text, redline.proposed_text) == (
        LIABILITY_RISK.id,
        "shall be unlimited",
        CAP,
    )
    assert redline.round == 0
    assert outcome.validation_passed and outcome.validation_rounds == 1
    assert read_marker_from_messages(model.messages_of(0))[0].value == "redline_draft"  # type: ignore[index]


async def test_a_draft_failing_validation_is_redrafted_with_the_reasons() -> None:
    turns = [
        answer([draft(0, "liability is unlimited", CAP)]),  # not what the clause says
        answer([draft(0, "shall be unlimited", CAP)]),
    ]
    async with scripted_llm(turns) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(clause_job("1"), [LIABILITY_RISK])
    assert len(model.requests) == 2
    issues = read_validation_issues(_user(model, 1))
    assert issues and "does not occur in the clause text" in issues[0]
    assert [r.original_text for r in outcome.redlines] == ["shall be unlimited"]
    assert outcome.validation_passed and outcome.validation_rounds == 2


async def test_only_failing_drafts_are_redrafted_and_passing_ones_are_kept() -> None:
    turns = [
        answer(
            [
                draft(0, "shall be unlimited", CAP),
                draft(1, "indemnify the Customer", "indemnify the Customer"),
            ]
        ),
        answer(
            [draft(0, "against all claims whatsoever", "against third-party claims caused by its negligence")]
        ),
    ]
    async with scripted_llm(turns) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(clause_job("1"), [LIABILITY_RISK, INDEMNITY_RISK])
    # The retry asked only about the indemnity risk, now at index 0 of its list.
    assert [row["risk_id"] for row in read_risk_rows(_user(model, 1))] == [INDEMNITY_RISK.id]
    assert "same as original_text" in read_validation_issues(_user(model, 1))[0]
    assert {r.risk_id for r in outcome.redlines} == {LIABILITY_RISK.id, INDEMNITY_RISK.id}
    assert outcome.validation_passed


async def test_drafts_still_failing_after_max_retries_are_dropped() -> None:
    bad = answer([draft(0, "text that is not there", CAP)])
    async with scripted_llm(forever=bad) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(clause_job("1", max_retries=2), [LIABILITY_RISK])
    assert len(model.requests) == 3  # the first draft and two retries
    assert outcome.redlines == []
    assert not outcome.validation_passed and outcome.validation_rounds == 3


async def test_an_unusable_drafting_answer_is_retried() -> None:
    turns = [
        Turn.malformed_json('[{"risk_index": 0, "original_text": '),
        answer([draft(0, "shall be unlimited", CAP)]),
    ]
    async with scripted_llm(turns) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(clause_job("1"), [LIABILITY_RISK])
    assert "could not be used" in read_validation_issues(_user(model, 1))[0]
    assert len(outcome.redlines) == 1 and outcome.error == ""


async def test_skip_validate_accepts_drafts_unchecked() -> None:
    async with scripted_llm([answer([draft(0, "not in the clause", CAP)])]) as (llm, _):
        outcome = await RedlineDrafter(llm).draft(clause_job("1", skip_validate=True), [LIABILITY_RISK])
    assert [r.original_text for r in outcome.redlines] == ["not in the clause"]
    assert outcome.validation_rounds == 0


async def test_skip_diffs_drafts_nothing() -> None:
    async with scripted_llm() as (llm, model):
        outcome = await RedlineDrafter(llm).draft(clause_job("1", skip_diffs=True), [LIABILITY_RISK])
    assert outcome.redlines == [] and model.requests == []


def _redraft_job(**fields: object) -> object:
    request = RedraftRequest(
        redline_id=ids.redline_id(REVIEW_ID, "1", LIABILITY_RISK.id, 0),
        risk_id=LIABILITY_RISK.id,
        original_text="shall be unlimited",
        rejected_text="shall be limited to EUR 1",
        feedback="Cap at 100% of the fees paid, not a token amount.",
    )
    return clause_job("1", mode="redraft", attempt=1, redraft=(request,), risks=(LIABILITY_RISK,), **fields)


async def test_a_redraft_takes_the_reviewers_feedback_into_account() -> None:
    proposed = "shall not exceed 100% of the fees paid under this Agreement"
    async with scripted_llm(
        [answer([{**draft(0, "shall be unlimited", proposed), "risk_id": LIABILITY_RISK.id}])]
    ) as (
        llm,
        model,
    ):
        outcome = await RedlineDrafter(llm).redraft(_redraft_job())  # type: ignore[arg-type]
    [request] = read_redraft_requests(_user(model, 0))
    assert request["feedback"] == "Cap at 100% of the fees paid, not a token amount."
    assert "REDRAFT" in model.messages_of(0)[0]["content"]
    [redline] = outcome.redlines
    assert redline.id == ids.redline_id(REVIEW_ID, "1", LIABILITY_RISK.id, 1)
    assert redline.round == 1 and redline.proposed_text == proposed
    assert outcome.validation_passed


async def test_a_redraft_repeating_the_rejected_text_is_sent_back() -> None:
    turns = [
        answer([draft(0, "shall be unlimited", "shall be limited to EUR 1")]),
        answer([draft(0, "shall be unlimited", "shall not exceed 100% of the fees paid")]),
    ]
    async with scripted_llm(turns) as (llm, model):
        outcome = await RedlineDrafter(llm).redraft(_redraft_job())  # type: ignore[arg-type]
    assert "repeats the rejected text" in read_validation_issues(_user(model, 1))[0]
    assert read_redraft_requests(_user(model, 1))  # the feedback is still there on the retry
    assert [r.proposed_text for r in outcome.redlines] == ["shall not exceed 100% of the fees paid"]


async def test_drafting_while_the_model_stays_down_marks_the_outcome_model_unavailable() -> None:
    async with scripted_llm(forever=Turn.http_status(503), llm_max_retries=0) as (llm, _):
        outcome = await RedlineDrafter(llm).draft(clause_job("1", max_retries=1), [LIABILITY_RISK])
    assert outcome.redlines == [] and outcome.model_unavailable
    assert "unavailable" in outcome.error


async def test_a_model_that_comes_back_within_the_rounds_clears_model_unavailable() -> None:
    turns = [Turn.http_status(503), answer([draft(0, "shall be unlimited", CAP)])]
    async with scripted_llm(turns, llm_max_retries=0) as (llm, _):
        outcome = await RedlineDrafter(llm).draft(clause_job("1", max_retries=1), [LIABILITY_RISK])
    assert len(outcome.redlines) == 1 and not outcome.model_unavailable
