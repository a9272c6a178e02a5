"""Tool self-description, filtering, strict-mode validation and tool_call parsing."""

from __future__ import annotations

from typing import Any

import pytest
from clauseflow_contracts.errors import NotFound
from clauseflow_documents.model import DocumentStructure
from clauseflow_skills.catalog import build_registry
from clauseflow_skills.registry import SkillDefinitionError, SkillRegistry, skills_to_tool_definitions
from clauseflow_skills.skill import Skill, SkillContext, SkillInput
from clauseflow_skills.tool_calls import parse_tool_calls
from clauseflow_skills.tool_schema import INTERNAL_FIELDS, build_parameters, strict_schema_problems
from pydantic import BaseModel, Field


class DummyInput(SkillInput):
    clause_id: str = Field(description="Clause id")
    document_structure: DocumentStructure | None = None
    state_snapshot: dict[str, Any] = Field(default_factory=dict)
    criteria_data: list[str] = Field(default_factory=list)
    criteria_file_path: str = ""
    query: str = Field(default="", description="What to search for")
    top_k: int = Field(default=5, description="How many results")


class DummyOutput(BaseModel):
    ok: bool = True


def _run(args: DummyInput, ctx: SkillContext) -> DummyOutput:
    return DummyOutput()


def make_skill(
    skill_id: str,
    *,
    domain: str = "*",
    category: str = "general",
    status: str = "active",
    input_model: type[BaseModel] | None = DummyInput,
) -> Skill[Any, Any]:
    return Skill(
        skill_id=skill_id,
        description=f"Skill {skill_id}",
        input_model=input_model,
        output_model=DummyOutput,
        run=_run,
        domain=domain,
        category=category,
        status=status,
    )


# --- 7.1.1 to_tool_definition -------------------------------------------------------------------


def test_tool_definition_has_openai_function_shape() -> None:
    tool = make_skill("test_skill").to_tool_definition()
    assert tool["type"] == "function"
    assert tool["function"]["name"] == "test_skill"
    assert tool["function"]["description"] == "Skill test_skill"
    assert tool["function"]["parameters"]["type"] == "object"


def test_internal_fields_are_stripped_and_business_fields_kept() -> None:
    props = make_skill("test_skill").to_tool_definition()["function"]["parameters"]["properties"]
    assert {"clause_id", "query", "top_k"} <= set(props)
    assert not INTERNAL_FIELDS & set(props)


def test_required_lists_every_visible_field_and_no_internal_field() -> None:
    params = make_skill("test_skill").to_tool_definition()["function"]["parameters"]
    assert sorted(params["required"]) == ["clause_id", "query", "top_k"]
    assert params["additionalProperties"] is False


def test_optional_fields_become_nullable_so_strict_mode_can_omit_them() -> None:
    props = make_skill("test_skill").to_tool_definition()["function"]["parameters"]["properties"]
    assert props["top_k"]["type"] == ["integer", "null"]
    assert props["clause_id"]["type"] == "string"
    assert "5" in props["top_k"]["description"]  # the default is told to the LLM


def test_stripping_prunes_definitions_only_internal_fields_used() -> None:
    params = make_skill("test_skill").to_tool_definition()["function"]["parameters"]
    assert "$defs" not in params
    assert "DocumentStructure" not in str(params)


def test_no_input_schema_gives_empty_parameters() -> None:
    params = make_skill("test_skill", input_model=None).to_tool_definition()["function"]["parameters"]
    assert params["properties"] == {}
    assert params["required"] == []


# --- 7.1.2 skills_to_tool_definitions -----------------------------------------------------------


def test_several_skills_convert_in_order() -> None:
    tools = skills_to_tool_definitions([make_skill("a"), make_skill("b")])
    assert [t["function"]["name"] for t in tools] == ["a", "b"]


def test_inactive_skill_is_excluded() -> None:
    tools = skills_to_tool_definitions([make_skill("active_one"), make_skill("off", status="inactive")])
    assert [t["function"]["name"] for t in tools] == ["active_one"]


def test_domain_filter_keeps_that_domain_and_generic_skills() -> None:
    skills = [
        make_skill("generic"),
        make_skill("fidic_only", domain="fidic"),
        make_skill("sha", domain="sha_spa"),
    ]
    names = [t["function"]["name"] for t in skills_to_tool_definitions(skills, domain_filter="fidic")]
    assert names == ["generic", "fidic_only"]


def test_category_filter_keeps_only_that_category() -> None:
    skills = [make_skill("a", category="analysis"), make_skill("b", category="validation")]
    tools = skills_to_tool_definitions(skills, category_filter="validation")
    assert [t["function"]["name"] for t in tools] == ["b"]


def test_extra_excluded_fields_are_stripped_too() -> None:
    tools = skills_to_tool_definitions([make_skill("a")], exclude_internal_fields=INTERNAL_FIELDS | {"top_k"})
    params = tools[0]["function"]["parameters"]
    assert "top_k" not in params["properties"]
    assert "top_k" not in params["required"]


def test_empty_skill_list_gives_no_tools() -> None:
    assert skills_to_tool_definitions([]) == []


# --- 7.1.3 parse_tool_calls ---------------------------------------------------------------------


def test_parse_standard_tool_call() -> None:
    parsed = parse_tool_calls(
        [
            {
                "id": "call_001",
                "function": {
                    "name": "compare_with_baseline",
                    "arguments": '{"clause_id": "4.1", "baseline_text": "原文"}',
                },
            }
        ]
    )
    assert parsed == [
        {
            "id": "call_001",
            "skill_id": "compare_with_baseline",
            "arguments": {"clause_id": "4.1", "baseline_text": "原文"},
        }
    ]


def test_parse_several_tool_calls() -> None:
    parsed = parse_tool_calls(
        [
            {"id": "call_001", "function": {"name": "skill_a", "arguments": "{}"}},
            {"id": "call_002", "function": {"name": "skill_b", "arguments": '{"x": 1}'}},
        ]
    )
    assert [p["skill_id"] for p in parsed] == ["skill_a", "skill_b"]
    assert parsed[1]["arguments"]["x"] == 1


def test_invalid_json_arguments_become_empty_dict() -> None:
    parsed = parse_tool_calls([{"id": "c", "function": {"name": "skill_a", "arguments": "not json"}}])
    assert parsed[0]["arguments"] == {}


def test_non_object_json_arguments_become_empty_dict() -> None:
    parsed = parse_tool_calls([{"id": "c", "function": {"name": "skill_a", "arguments": "[1, 2]"}}])
    assert parsed[0]["arguments"] == {}


def test_dict_arguments_are_used_as_they_are() -> None:
    parsed = parse_tool_calls([{"id": "c", "function": {"name": "skill_a", "arguments": {"key": "val"}}}])
    assert parsed[0]["arguments"] == {"key": "val"}


def test_no_tool_calls_parse_to_nothing() -> None:
    assert parse_tool_calls([]) == []


def test_missing_id_or_function_is_tolerated() -> None:
    parsed = parse_tool_calls([{"function": {"name": "skill_a", "arguments": "{}"}}, {"id": "x"}])
    assert parsed[0] == {"id": "", "skill_id": "skill_a", "arguments": {}}
    assert parsed[1] == {"id": "x", "skill_id": "", "arguments": {}}


# --- strict mode at registration ----------------------------------------------------------------


class FreeFormInput(SkillInput):
    clause_id: str
    options: dict[str, Any] = Field(default_factory=dict)


class UniqueItemsInput(SkillInput):
    clause_id: str
    tags: set[str]


@pytest.mark.parametrize(
    ("model", "complaint"),
    [
        (FreeFormInput, "additionalProperties must be false"),
        (UniqueItemsInput, "'uniqueItems' is not supported"),
    ],
)
def test_registration_rejects_schema_strict_mode_refuses(model: type[BaseModel], complaint: str) -> None:
    with pytest.raises(SkillDefinitionError, match=complaint):
        SkillRegistry([make_skill("bad_tool", input_model=model)])


def test_strict_validator_requires_every_property() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
        "required": ["a"],
        "additionalProperties": False,
    }
    assert strict_schema_problems(schema) == ["root: every property must be required; not required: b"]


def test_registration_rejects_bad_names_domains_statuses_and_duplicates() -> None:
    with pytest.raises(SkillDefinitionError, match="not a valid tool name"):
        SkillRegistry([make_skill("has space")])
    with pytest.raises(SkillDefinitionError, match="domain"):
        SkillRegistry([make_skill("x", domain="banking")])
    with pytest.raises(SkillDefinitionError, match="status"):
        SkillRegistry([make_skill("x", status="maybe")])
    with pytest.raises(SkillDefinitionError, match="twice"):
        SkillRegistry([make_skill("x"), make_skill("x")])


def test_unknown_skill_lookup_names_the_available_ones() -> None:
    registry = SkillRegistry([make_skill("a"), make_skill("b")])
    with pytest.raises(NotFound, match="available skills: a, b"):
        registry.get("nope")


# --- the built-in catalogue ---------------------------------------------------------------------


def test_every_builtin_tool_is_strict_valid_and_described() -> None:
    registry = build_registry()
    tools = registry.get_tool_definitions()
    assert {t["function"]["name"] for t in tools} == {s.skill_id for s in registry.list_skills()}
    for tool in tools:
        assert len(tool["function"]["description"]) > 40
        assert strict_schema_problems(tool["function"]["parameters"]) == []
        assert not INTERNAL_FIELDS & set(tool["function"]["parameters"]["properties"])


def test_builtin_catalogue_has_the_walking_skeleton_skills() -> None:
    ids = build_registry().skill_ids
    assert "get_clause_context" in ids
    assert "extract_financial_terms" in ids


def test_build_parameters_of_model_without_optional_fields_is_unchanged_in_shape() -> None:
    class Simple(SkillInput):
        clause_id: str = Field(description="c")

    assert build_parameters(Simple) == {
        "type": "object",
        "properties": {"clause_id": {"type": "string", "description": "c"}},
        "required": ["clause_id"],
        "additionalProperties": False,
    }
