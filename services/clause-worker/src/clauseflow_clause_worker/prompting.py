"""The worker's bridge to ``clauseflow_contracts.prompts``: task + clause in, chat messages out.

All prompt text lives in the shared library (the playbook model reads the same
format); this module only decides what of a task goes into which prompt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

from clauseflow_contracts.chat import ChatMessage
from clauseflow_contracts.events import ClauseTask, RedraftRequest
from clauseflow_contracts.prompts import clause_review
from clauseflow_contracts.prompts import redlines as redline_prompts
from clauseflow_contracts.review import Depth, Risk
from clauseflow_documents.model import Clause
from clauseflow_legal.contract_setting import ContractSetting
from clauseflow_platform.skills_client import ToolInfo

_PRIORITY_BY_DEPTH = {Depth.DEEP: "high", Depth.STANDARD: "medium", Depth.QUICK: "low"}


class _ClauseFields(TypedDict):
    """What every clause-review prompt is told about the clause and the review."""

    setting: dict[str, str]
    review_id: str
    language: str
    our_party: str
    clause_id: str
    clause_name: str
    clause_text: str
    domain: str
    priority: str


def _common(review_id: str, task: ClauseTask, clause: Clause, setting: ContractSetting) -> _ClauseFields:
    return {
        "setting": setting.as_metadata(task.language.value),
        "review_id": review_id,
        "language": task.language.value,
        "our_party": task.our_party,
        "clause_id": task.clause_id,
        "clause_name": task.clause_name or clause.title,
        "clause_text": clause.text,
        "domain": task.domain.value,
        "priority": _PRIORITY_BY_DEPTH.get(task.depth, "medium"),
    }


def react_messages(
    review_id: str,
    task: ClauseTask,
    clause: Clause,
    suggested: Sequence[ToolInfo],
    setting: ContractSetting,
) -> list[ChatMessage]:
    """The opening ``[system, user]`` of the ReAct loop; suggested tools are hints, not orders."""
    return clause_review.build_react_messages(
        **_common(review_id, task, clause, setting),
        suggested_tools=[(t.name, t.description) for t in suggested],
    )


def fixed_path_messages(
    review_id: str,
    task: ClauseTask,
    clause: Clause,
    skill_results: Mapping[str, object],
    setting: ContractSetting,
) -> list[ChatMessage]:
    """``[system, user]`` for the fixed-skill path, with the skills' results already in the prompt."""
    return clause_review.build_fixed_path_messages(
        **_common(review_id, task, clause, setting), skill_context=dict(skill_results)
    )


def parse_risks(text: str | None) -> list[dict[str, object]]:
    """The risks of a final answer; raises ``LLMBadAnswer`` when there is no JSON array."""
    return clause_review.parse_risks(text)


def redline_messages(
    review_id: str,
    task: ClauseTask,
    clause: Clause,
    risks: Sequence[Risk],
    feedback: Sequence[str],
    redraft: Sequence[RedraftRequest],
    contract_terms: Sequence[str] = (),
) -> list[ChatMessage]:
    """The drafting prompt: risks to fix (indexed from 0), the last round's failures, reviewer feedback,
    the contract's defined terms (the only ones a redline may use) and the clause's standing redlines."""
    return redline_prompts.build_redline_messages(
        language=task.language.value,
        our_party=task.our_party,
        clause_id=task.clause_id,
        clause_name=task.clause_name or clause.title,
        clause_text=clause.text,
        risks=list(risks),
        redraft=list(redraft),
        validation_issues=list(feedback),
        domain=task.domain.value,
        review_id=review_id,
        contract_terms=contract_terms,
        standing=task.standing,
    )


def parse_redlines(text: str | None) -> list[dict[str, object]]:
    """The drafted redlines; raises ``LLMBadAnswer`` when there is no JSON array."""
    return [d for d in redline_prompts.parse_redlines(text) if isinstance(d, dict)]
