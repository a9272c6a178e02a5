"""classify_clause: the clause types of a clause, from the shared catalogue (CUAD + construction + M&A).

The answer is what a review reports the clause to be (``classify_clause_combined``: the rules'
reading weighed with the model learned from CUAD), so the plan, the model reviewer and the report
agree on it. The other skills choose playbook positions by the rules' reading alone
(``clauseflow_skills.text.classify_clause``), so a type only the model sees cannot raise a finding.
"""

from __future__ import annotations

from clauseflow_contracts.skills import SkillId
from clauseflow_legal.clause_types import CLAUSE_TYPES, classify_clause_combined
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput


class ClassifyClauseInput(SkillInput):
    """Arguments of classify_clause."""

    clause_id: str = Field(description="Id of the clause to classify")
    text: str | None = Field(default=None, description="Classify this text instead of the clause's own text")


class ClauseTypeOut(BaseModel):
    """One clause type."""

    id: str
    name: str
    name_zh: str
    cuad: bool


class ClassifyClauseOutput(SkillOutput):
    """The clause types found (empty when none applies)."""

    clause_id: str
    clause_types: list[ClauseTypeOut]


def run(args: ClassifyClauseInput, ctx: SkillContext) -> ClassifyClauseOutput:
    """Classify the clause by what it does."""
    if args.text is not None:
        title, text = "", args.text
    else:
        clause = ctx.require_document().get(args.clause_id)
        title, text = clause.title, clause.text
    ids = classify_clause_combined(title, text, ctx.review.language)
    return ClassifyClauseOutput(
        clause_id=args.clause_id,
        clause_types=[
            ClauseTypeOut(
                id=t, name=CLAUSE_TYPES[t].name, name_zh=CLAUSE_TYPES[t].name_zh, cuad=CLAUSE_TYPES[t].cuad
            )
            for t in ids
            if t in CLAUSE_TYPES
        ],
    )


SKILL: Skill[ClassifyClauseInput, ClassifyClauseOutput] = Skill(
    skill_id=SkillId.CLASSIFY_CLAUSE,
    name="Classify clause",
    description=(
        "Classify a clause into clause types from a fixed catalogue (the 41 CUAD categories such as Cap On "
        "Liability, Termination For Convenience, Anti-Assignment, plus construction and M&A types such as "
        "claims/time bar, variations, indemnity, conditions precedent). Use it to know which playbook "
        "positions apply to the clause."
    ),
    input_model=ClassifyClauseInput,
    output_model=ClassifyClauseOutput,
    run=run,
    category="analysis",
)
