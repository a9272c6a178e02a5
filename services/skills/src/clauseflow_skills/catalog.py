"""The skills this service offers, in the order they are listed to an LLM."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clauseflow_skills.registry import SkillRegistry
from clauseflow_skills.skill import Skill


def default_skills() -> list[Skill[Any, Any]]:
    """Every built-in skill (imported here, not at package import, to keep start-up explicit)."""
    from clauseflow_skills.skills import (
        classify,
        clause_context,
        cross_references,
        definitions,
        financial_terms,
        indemnity,
        redline_validation,
        reference_search,
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
    ]


def build_registry(extra: Sequence[Skill[Any, Any]] = ()) -> SkillRegistry:
    """A registry of the built-in skills plus ``extra``; raises SkillDefinitionError on a bad definition."""
    return SkillRegistry([*default_skills(), *extra])
