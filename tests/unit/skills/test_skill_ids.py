"""One list of skill ids: the skills service offers exactly the skills ``SkillId`` names."""

from __future__ import annotations

from clauseflow_contracts.skills import SkillId
from clauseflow_skills.catalog import default_skills


def test_every_built_in_skill_has_a_skill_id_and_every_skill_id_a_skill() -> None:
    offered = [skill.skill_id for skill in default_skills()]
    assert len(offered) == len(set(offered))
    assert set(offered) == set(SkillId)


def test_a_skill_id_equals_the_id_an_llm_sends_as_text() -> None:
    # Tool calls, gRPC requests and stored plans carry ids as plain strings.
    assert SkillId("get_clause_context") is SkillId.GET_CLAUSE_CONTEXT
    assert "get_clause_context" in {SkillId.GET_CLAUSE_CONTEXT}
    assert f"{SkillId.DRAFT_REDLINE}" == "draft_redline"
