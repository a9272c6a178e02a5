"""cross_reference_check: do the clauses this clause refers to exist, and what do they say?"""

from __future__ import annotations

from clauseflow_contracts.skills import SkillId
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.clause_context import references_out
from clauseflow_skills.text import summarise


class CrossReferenceInput(SkillInput):
    """Arguments of cross_reference_check."""

    clause_id: str = Field(description="Id of the clause whose references to check")


class CheckedReference(BaseModel):
    """One reference and what it points to."""

    raw: str
    target: str | None
    resolved: bool
    target_title: str
    target_summary: str


class CrossReferenceOutput(SkillOutput):
    """The clause's references with problems spelled out."""

    clause_id: str
    references: list[CheckedReference]
    issues: list[str] = Field(description="Dangling or self references, readable as review findings")


def run(args: CrossReferenceInput, ctx: SkillContext) -> CrossReferenceOutput:
    """Check every reference the clause makes."""
    document = ctx.require_document()
    clause = document.get(args.clause_id)
    checked: list[CheckedReference] = []
    issues: list[str] = []
    for ref in references_out(clause, document):
        target = (
            document.get(ref.target) if ref.resolved and ref.target and document.has(ref.target) else None
        )
        checked.append(
            CheckedReference(
                raw=ref.raw,
                target=ref.target,
                resolved=target is not None,
                target_title=target.title if target else "",
                target_summary=summarise(target.text) if target else "",
            )
        )
        if target is None:
            issues.append(f"'{ref.raw}' refers to a clause that does not exist in this contract")
        elif target.clause_id == clause.clause_id:
            issues.append(f"'{ref.raw}' refers to the clause itself")
    return CrossReferenceOutput(clause_id=clause.clause_id, references=checked, issues=issues)


SKILL: Skill[CrossReferenceInput, CrossReferenceOutput] = Skill(
    skill_id=SkillId.CROSS_REFERENCE_CHECK,
    name="Cross-reference check",
    description=(
        "Check the cross-references a clause makes ('Clause 14.2', '第7条'): whether each target exists, "
        "and a one-line summary of what it says. Dangling references are returned as issues; use it "
        "when a clause's effect depends on other clauses."
    ),
    input_model=CrossReferenceInput,
    output_model=CrossReferenceOutput,
    run=run,
    category="validation",
)
