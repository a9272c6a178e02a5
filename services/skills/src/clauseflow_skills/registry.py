"""The skill registry: registration-time validation, lookup, filtering and tool definitions.

Design: docs/architecture.md#skills.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from clauseflow_contracts.errors import NotFound

from clauseflow_skills.skill import SKILL_DOMAINS, SKILL_STATUSES, Skill
from clauseflow_skills.tool_schema import INTERNAL_FIELDS, assert_strict

# OpenAI function names: letters, digits, underscores and dashes, at most 64 characters.
_TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class SkillDefinitionError(ValueError):
    """A skill cannot be registered (bad name, domain, status or schema); raised at server start."""


def _matches(
    skill: Skill[Any, Any], domain: str | None, category: str | None, include_inactive: bool
) -> bool:
    if not include_inactive and not skill.is_active:
        return False
    # A "generic" review gets only the skills that apply to every contract.
    if domain and skill.domain not in ("*", domain):
        return False
    return not (category and skill.category != category)


def skills_to_tool_definitions(
    skills: Iterable[Skill[Any, Any]],
    *,
    domain_filter: str | None = None,
    category_filter: str | None = None,
    exclude_internal_fields: frozenset[str] = INTERNAL_FIELDS,
) -> list[dict[str, Any]]:
    """OpenAI tool definitions of the active skills matching the filters.

    ``domain_filter`` keeps skills of that domain and the generic ones (domain ``*``).
    """
    tools: list[dict[str, Any]] = []
    for skill in skills:
        if not _matches(skill, domain_filter, category_filter, include_inactive=False):
            continue
        tool = skill.to_tool_definition()
        params = tool["function"]["parameters"]
        for name in exclude_internal_fields:
            params["properties"].pop(name, None)
            if name in params["required"]:
                params["required"].remove(name)
        tools.append(tool)
    return tools


class SkillRegistry:
    """Registered skills by id; registration validates the definition so bad tools fail at start."""

    def __init__(self, skills: Sequence[Skill[Any, Any]] = ()) -> None:
        self._skills: dict[str, Skill[Any, Any]] = {}
        for skill in skills:
            self.register(skill)

    def register(self, skill: Skill[Any, Any]) -> None:
        """Add a skill after checking its name, metadata and strict-mode schema."""
        if not _TOOL_NAME.match(skill.skill_id):
            raise SkillDefinitionError(
                f"skill id {skill.skill_id!r} is not a valid tool name ([A-Za-z0-9_-]{{1,64}})"
            )
        if skill.skill_id in self._skills:
            raise SkillDefinitionError(f"skill {skill.skill_id!r} is registered twice")
        if not skill.description.strip():
            raise SkillDefinitionError(f"skill {skill.skill_id!r} has no description for the LLM")
        if skill.domain not in SKILL_DOMAINS:
            raise SkillDefinitionError(
                f"skill {skill.skill_id!r} has domain {skill.domain!r}; use one of {sorted(SKILL_DOMAINS)}"
            )
        if skill.status not in SKILL_STATUSES:
            raise SkillDefinitionError(
                f"skill {skill.skill_id!r} has status {skill.status!r}; use one of {sorted(SKILL_STATUSES)}"
            )
        try:
            assert_strict(skill.skill_id, skill.parameters())
        except ValueError as exc:
            raise SkillDefinitionError(str(exc)) from exc
        self._skills[skill.skill_id] = skill

    def get(self, skill_id: str) -> Skill[Any, Any]:
        """The skill with this id; :class:`NotFound` lists the known ids so an LLM can correct itself."""
        try:
            return self._skills[skill_id]
        except KeyError:
            known = ", ".join(sorted(s.skill_id for s in self._skills.values() if s.is_active))
            raise NotFound(f"unknown skill {skill_id!r}; available skills: {known}") from None

    @property
    def skill_ids(self) -> list[str]:
        """Registered ids in registration order."""
        return list(self._skills)

    def list_skills(
        self, *, domain: str | None = None, category: str | None = None, include_inactive: bool = False
    ) -> list[Skill[Any, Any]]:
        """Skills matching the filters, in registration order."""
        return [s for s in self._skills.values() if _matches(s, domain, category, include_inactive)]

    def get_tool_definitions(
        self, *, domain_filter: str | None = None, category_filter: str | None = None
    ) -> list[dict[str, Any]]:
        """OpenAI tool definitions of the active skills matching the filters."""
        return skills_to_tool_definitions(
            self._skills.values(), domain_filter=domain_filter, category_filter=category_filter
        )
