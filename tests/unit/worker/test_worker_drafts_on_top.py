"""One clause, one coherent text: a task drafts on top of the redlines other tasks made for its clause.

Clause 2 of the fixture contract holds two risks: a seven-day notice (redlined by an earlier
task, approved) and termination without compensation (drafted now). The model first drafts the
second against the clause as written, changing the same words; the worker sends it back, the
redraft is written on top, and the Word export of both shows one revision with no conflict.
"""

from __future__ import annotations

import json
from typing import Any

from clauseflow_clause_worker.redlines import RedlineDrafter
from clauseflow_contracts import ids
from clauseflow_contracts.prompts.redlines import read_standing, read_validation_issues
from clauseflow_contracts.review import Redline, RedlineStatus, Risk, RiskLevel
from clauseflow_documents.parser import parse_document
from clauseflow_gateway.wordexport import ContractSource, WordOptions, export_word
from clauseflow_testkit.scripted_turns import Turn
from ooxml_walker import comments, read
from worker_fixtures import REVIEW_ID, TERMINATION, clause_job, scripted_llm

NOTICE = "by giving seven (7) days' written notice, without any compensation to the Supplier"
# the earlier task's redline, approved: the notice period only
STANDING = Redline(
    id="rl_notice",
    clause_id="2",
    risk_id="risk_notice",
    original_text="seven (7) days'",
    proposed_text="ninety (90) days'",
    status=RedlineStatus.APPROVED,
)
COMPENSATION = Risk(
    id=ids.risk_id(REVIEW_ID, "2", 0, 1),
    clause_id="2",
    risk_type="termination_rights_unbalanced",
    risk_level=RiskLevel.HIGH,
    description="termination without compensation",
    original_text="without any compensation to the Supplier",
)
# drafted against the clause as written: it changes the notice period the standing redline changes
BESIDE = "by giving thirty (30) days' written notice and paying the Supplier for work done"
# drafted on top: the standing notice period kept, the compensation added
ON_TOP = "by giving ninety (90) days' written notice and paying the Supplier for work done"


def _answer(proposed: str) -> Turn:
    draft = {"risk_index": 0, "original_text": NOTICE, "proposed_text": proposed, "reason": "why"}
    return Turn.text(json.dumps([draft]))


async def test_a_draft_changing_a_standing_redlines_words_is_redone_on_top_of_it() -> None:
    job = clause_job("2", standing=(STANDING,))
    async with scripted_llm([_answer(BESIDE), _answer(ON_TOP)]) as (llm, model):
        outcome = await RedlineDrafter(llm).draft(job, [COMPENSATION])
    first_prompt = model.messages_of(0)[1]["content"]
    assert read_standing(first_prompt) == [
        {"risk_id": "risk_notice", "original_text": "seven (7) days'", "proposed_text": "ninety (90) days'"}
    ]
    [issue] = read_validation_issues(model.messages_of(1)[1]["content"])
    assert "draft on top of it" in issue
    [redline] = outcome.redlines
    assert "ninety (90) days'" in redline.proposed_text and "paying the Supplier" in redline.proposed_text


async def test_a_draft_changing_other_words_of_a_standing_redlines_span_is_narrowed_to_its_own() -> None:
    # no round left to ask again: a draft quoting the standing redline's words without changing them
    job = clause_job("2", standing=(STANDING,), max_retries=0)
    mixed = "by giving seven (7) days' written notice and paying the Supplier for work done"
    async with scripted_llm([_answer(mixed)]) as (llm, _):
        outcome = await RedlineDrafter(llm).draft(job, [COMPENSATION])
    [redline] = outcome.redlines
    # it changes other words than the standing one: narrowed to them, the two stand side by side
    assert (redline.original_text, redline.proposed_text) == (
        "notice, without any compensation to the Supplier",
        "notice and paying the Supplier for work done",
    )


def _report(redlines: list[Redline]) -> dict[str, Any]:
    rows = [
        r.model_dump(mode="json") | {"status": "approved", "final_text": r.proposed_text} for r in redlines
    ]
    risk = {
        "id": COMPENSATION.id,
        "clause_id": "2",
        "risk_type": COMPENSATION.risk_type,
        "risk_level": "high",
        "description": COMPENSATION.description,
        "original_text": COMPENSATION.original_text,
    }
    return {"language": "en", "domain": "generic", "risks": [risk], "redlines": rows}


async def test_the_export_of_a_clause_with_two_risks_holds_no_conflicting_revisions() -> None:
    job = clause_job("2", standing=(STANDING,))
    async with scripted_llm([_answer(BESIDE), _answer(ON_TOP)]) as (llm, _):
        outcome = await RedlineDrafter(llm).draft(job, [COMPENSATION])
    source = ContractSource(parse_document(f"2. Termination\n2.1 {TERMINATION}\n".encode(), "t.txt"))
    docx = export_word(_report([STANDING, *outcome.redlines]), source, WordOptions())
    accepted = read(docx, "accept").text
    assert "ninety (90) days' written notice and paying the Supplier for work done." in accepted
    assert TERMINATION in read(docx, "reject").text
    notes = " ".join(text for _, text in comments(docx).values())
    assert "overlaps another redline" not in notes and "not shown" not in notes
