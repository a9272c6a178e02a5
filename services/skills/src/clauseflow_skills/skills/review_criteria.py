"""load_review_criteria: the playbook's positions for the clause's types (standard, fallback, walk-away)."""

from __future__ import annotations

from clauseflow_contracts.risk_types import risk_name
from clauseflow_contracts.skills import SkillId
from clauseflow_legal.clause_types import CLAUSE_TYPES
from clauseflow_legal.playbook import PlaybookEntry
from pydantic import BaseModel, Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.playbook_support import clause_types_of, playbook_for


class ReviewCriteriaInput(SkillInput):
    """Arguments of load_review_criteria."""

    clause_id: str = Field(description="Id of the clause under review")
    clause_type: str | None = Field(
        default=None,
        description="A clause-type id from classify_clause (e.g. 'cap_on_liability') to load only that entry",
    )


class ReviewCriterion(BaseModel):
    """The playbook's position on one clause type, in the review's language."""

    clause_type: str
    clause_type_name: str
    risk_type: str
    risk_name: str
    severity: str = Field(description="Default severity of the risk when the clause misses the position")
    standard: str = Field(description="What we ask for")
    fallback: str = Field(description="What we can accept")
    walk_away: str = Field(description="What we must not accept")
    baseline: str = Field(description="The baseline wording compare_with_baseline measures against")
    redline_templates: list[str]


class ReviewCriteriaOutput(SkillOutput):
    """The criteria that apply to the clause; empty when the playbook has no entry for its types."""

    clause_id: str
    domain: str
    language: str
    clause_types: list[str]
    criteria: list[ReviewCriterion]
    types_without_criteria: list[str] = Field(description="Clause types the playbook says nothing about")


def criterion(entry: PlaybookEntry, language: str) -> ReviewCriterion:
    """One playbook entry as the LLM reads it."""
    pos = entry.position(language)
    zh = language.startswith("zh")
    ctype = CLAUSE_TYPES.get(entry.clause_type)
    name = (ctype.name_zh if zh else ctype.name) if ctype else entry.clause_type
    return ReviewCriterion(
        clause_type=entry.clause_type,
        clause_type_name=name,
        risk_type=entry.risk_type,
        risk_name=risk_name(entry.risk_type, language),
        severity=entry.severity,
        standard=pos.standard,
        fallback=pos.fallback,
        walk_away=pos.walk_away,
        baseline=pos.baseline,
        redline_templates=list(pos.redline),
    )


def run(args: ReviewCriteriaInput, ctx: SkillContext) -> ReviewCriteriaOutput:
    """Classify the clause (unless a type is given) and return the playbook entries for its types."""
    clause = ctx.require_document().get(args.clause_id)
    playbook = playbook_for(ctx.review)
    language = "zh-CN" if ctx.review.language.startswith("zh") else "en"
    types = clause_types_of(clause, args.clause_type)
    entries = playbook.entries_for(types)
    covered = {e.clause_type for e in entries}
    return ReviewCriteriaOutput(
        clause_id=clause.clause_id,
        domain=playbook.domain,
        language=language,
        clause_types=types,
        criteria=[criterion(e, language) for e in entries],
        types_without_criteria=[t for t in types if t not in covered],
    )


SKILL: Skill[ReviewCriteriaInput, ReviewCriteriaOutput] = Skill(
    skill_id=SkillId.LOAD_REVIEW_CRITERIA,
    name="Load review criteria",
    description=(
        "Load the review playbook's criteria for a clause: for each of its clause types, our standard "
        "position, the fallback we can accept, the walk-away point, the risk type and its default severity, "
        "the baseline wording and redline templates. Use it before judging whether a clause is acceptable."
    ),
    input_model=ReviewCriteriaInput,
    output_model=ReviewCriteriaOutput,
    run=run,
    category="criteria",
)
