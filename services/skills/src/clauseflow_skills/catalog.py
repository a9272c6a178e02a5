"""The skills this service offers, in the order they are listed to an LLM."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clauseflow_skills.registry import SkillRegistry
from clauseflow_skills.skill import Skill


def default_skills() -> list[Skill[Any, Any]]:
    """Every built-in skill (imported here, not at package import, to keep start-up explicit)."""
    from clauseflow_skills.skills import (
        baseline_compare,
        classify,
        clause_context,
        cross_references,
        definitions,
        deviation,
        fidic_consistency,
        fidic_er_search,
        fidic_merge,
        financial_terms,
        indemnity,
        redline_drafting,
        redline_validation,
        reference_search,
        review_criteria,
        sha_governance,
        spa_conditions,
        spa_warranties,
        time_bar,
    )

    return [
        clause_context.SKILL,
        financial_terms.SKILL,
        definitions.SKILL,
        cross_references.SKILL,
        classify.SKILL,
        reference_search.SKILL,
        redline_validation.SKILL,
        time_bar.SKILL,
        indemnity.SKILL,
        review_criteria.SKILL,
        baseline_compare.SKILL,
        deviation.SKILL,
        redline_drafting.SKILL,
        fidic_merge.SKILL,
        fidic_consistency.SKILL,
        fidic_er_search.SKILL,
        spa_conditions.SKILL,
        spa_warranties.SKILL,
        sha_governance.SKILL,
    ]


def build_registry(extra: Sequence[Skill[Any, Any]] = ()) -> SkillRegistry:
    """A registry of the built-in skills plus ``extra``; raises SkillDefinitionError on a bad definition."""
    return SkillRegistry([*default_skills(), *extra])
