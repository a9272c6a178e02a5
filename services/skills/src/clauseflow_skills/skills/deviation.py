"""assess_deviation: how serious a clause's departure from the playbook is (severity and position reached).

Severity starts from the playbook entry's severity for the clause type and moves with the
deviation: a clause at or better than the baseline is within our standard position; a changed
clause with no shift of risk is within the fallback; a clause that is less favourable to us
(tightened), rewritten or deleted is beyond the fallback at the entry's severity; and a clause
showing the very terms the playbook's walk-away names (e.g. "at any time without notice",
"unlimited") is at the walk-away point, high.
"""

from __future__ import annotations

import re
from typing import Literal

from clauseflow_contracts.risk_types import risk_name, step
from clauseflow_contracts.skills import SkillId
from clauseflow_legal.playbook import PlaybookEntry
from pydantic import Field

from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.baseline_compare import (
    ADVERSE_TERMS,
    Comparison,
    ModificationType,
    compare,
    find_baseline,
)
from clauseflow_skills.skills.playbook_support import check_clause_type, playbook_for
from clauseflow_skills.skills.review_criteria import ReviewCriterion, criterion
from clauseflow_skills.text import is_chinese

Position = Literal["standard", "fallback", "beyond_fallback", "walk_away", "unknown"]
Severity = Literal["low", "medium", "high"]


class AssessDeviationInput(SkillInput):
    """Arguments of assess_deviation."""

    clause_id: str = Field(description="Id of the clause to assess")
    clause_type: str | None = Field(
        default=None, description="Clause-type id whose playbook position applies (default: the clause's own)"
    )
    modification_type: ModificationType | None = Field(
        default=None,
        description=(
            "The modification type from compare_with_baseline, if you already have it (default: computed)"
        ),
    )


class AssessDeviationOutput(SkillOutput):
    """The severity of the deviation and the playbook position the clause reaches."""

    clause_id: str
    clause_type: str | None
    risk_type: str | None
    risk_name: str | None
    modification_type: ModificationType
    deviates: bool
    position: Position = Field(
        description="standard = acceptable as is; fallback = acceptable with care; beyond_fallback = needs a "
        "redline; walk_away = must not be accepted; unknown = no playbook position"
    )
    severity: Severity
    reasons: list[str]
    walk_away_terms: list[str] = Field(description="Terms of the clause that the playbook's walk-away names")
    criterion: ReviewCriterion | None


def walk_away_terms(clause_text: str, entry: PlaybookEntry) -> list[str]:
    """Adverse terms that are both in the clause and in the walk-away of the entry (same language)."""
    walk_away = entry.position("zh-CN" if is_chinese(clause_text) else "en").walk_away
    found: list[str] = []
    for rx in ADVERSE_TERMS.values():
        hit = re.search(rx, clause_text, re.IGNORECASE)
        if hit and re.search(rx, walk_away, re.IGNORECASE):
            found.append(hit.group(0))
    return found


def assess(
    comparison: Comparison, entry: PlaybookEntry | None, clause_text: str
) -> tuple[Position, Severity, list[str], list[str]]:
    """Position, severity, reasons and walk-away terms for one compared clause."""
    kind = comparison.modification_type
    if entry is None or kind == "no_baseline":
        return "unknown", "low", ["the playbook has no position for this clause type"], []
    base: str = entry.severity
    reasons = [f"playbook severity for {entry.risk_type}: {base}"]
    reasons += [s.detail for s in comparison.signals]
    terms = walk_away_terms(clause_text, entry) if kind not in ("unmodified", "loosened", "deleted") else []
    position: Position
    if terms:
        position, severity = "walk_away", "high"
        reasons.append("the clause contains terms the playbook names as walk-away: " + ", ".join(terms))
    elif kind in ("unmodified", "loosened"):
        position, severity = "standard", "low"
        reasons.append("the clause is at least as favourable to us as the baseline")
    elif kind in ("modified", "added"):
        position, severity = "fallback", step(base, -1)
        reasons.append("the wording changes without a clear shift of risk to us")
    else:
        position, severity = "beyond_fallback", base
        tightening = sum(1 for s in comparison.signals if s.effect == "tightened")
        if kind == "tightened" and tightening >= 3:
            severity = step(base, +1)
            reasons.append(f"{tightening} separate changes against us")
        elif kind == "deleted":
            reasons.append("the protection of the baseline is deleted")
        elif kind == "replaced":
            reasons.append("the clause does not follow the baseline; check it against the standard position")
    return position, severity, reasons, terms  # type: ignore[return-value]


def run(args: AssessDeviationInput, ctx: SkillContext) -> AssessDeviationOutput:
    """Compare the clause with its baseline (unless told the modification) and grade the deviation."""
    if args.clause_type:
        check_clause_type(args.clause_type)
    clause = ctx.require_document().get(args.clause_id)
    playbook = playbook_for(ctx.review)
    baseline = find_baseline(clause, ctx, args.clause_type, None)
    if baseline.added_by_pc:
        comparison = Comparison("added", 0.0, [], [])
    else:
        comparison = compare(baseline.text, baseline.clause_text, baseline.clause_type, playbook.domain)
    if args.modification_type is not None:
        comparison = Comparison(args.modification_type, comparison.similarity, [], comparison.signals)
    entry = playbook.entry(baseline.clause_type) if baseline.clause_type else None
    position, severity, reasons, terms = assess(comparison, entry, baseline.clause_text)
    language = "zh-CN" if ctx.review.language.startswith("zh") else "en"
    return AssessDeviationOutput(
        clause_id=clause.clause_id,
        clause_type=baseline.clause_type,
        risk_type=entry.risk_type if entry else None,
        risk_name=risk_name(entry.risk_type, language) if entry else None,
        modification_type=comparison.modification_type,
        deviates=comparison.modification_type not in ("unmodified", "no_baseline"),
        position=position,
        severity=severity,
        reasons=reasons,
        walk_away_terms=terms,
        criterion=criterion(entry, language) if entry else None,
    )


SKILL: Skill[AssessDeviationInput, AssessDeviationOutput] = Skill(
    skill_id=SkillId.ASSESS_DEVIATION,
    name="Assess deviation",
    description=(
        "Grade how far a clause departs from the review playbook: compares it with its baseline (or takes "
        "the modification type you give) and returns the severity (low/medium/high), the playbook position "
        "it reaches (standard, fallback, beyond_fallback, walk_away), the risk type, and the reasons "
        "(changed periods or caps, removed qualifiers, walk-away terms such as 'at any time without "
        "notice')."
    ),
    input_model=AssessDeviationInput,
    output_model=AssessDeviationOutput,
    run=run,
    category="analysis",
)
