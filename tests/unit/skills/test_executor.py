"""SkillExecutor: prepare_input + LLM arguments → validated input → result, with readable errors."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from clauseflow_contracts.errors import InvalidInput, NotFound
from clauseflow_documents.parser import parse_text
from clauseflow_documents.store import DocumentStore
from clauseflow_skills.catalog import build_registry
from clauseflow_skills.documents import DocumentCache
from clauseflow_skills.executor import SkillExecutor, SkillTimeout
from clauseflow_skills.skill import ReviewContext, Skill, SkillContext, SkillInput
from pydantic import BaseModel, Field

EN = ReviewContext(review_id="rev_1", primary_document_id="doc-en", clause_id="14.2", our_party="Contractor")


async def test_invoke_uses_the_context_clause_when_the_llm_gives_none(executor: SkillExecutor) -> None:
    result = await executor.invoke("get_clause_context", EN, "")
    assert json.loads(result.result_json)["clause_id"] == "14.2"
    assert result.duration_ms >= 0


async def test_llm_clause_id_overrides_the_context(executor: SkillExecutor) -> None:
    result = await executor.invoke(
        "get_clause_context", EN, '{"clause_id": "20.1", "include_children_text": null}'
    )
    assert json.loads(result.result_json)["title"] == "Contractor's claims"


async def test_a_reference_documents_unit_is_read_from_that_document(
    executor: SkillExecutor, store: DocumentStore
) -> None:
    requirements = parse_text(
        "EMPLOYER'S REQUIREMENTS\n\n1. SITE\n\n1.1 The Site is 40 hectares of farmland.\n\n"
        "2. PERMITS\n\n2.1 The Contractor shall obtain all permits at its own risk.\n\n"
        "2.2 Permits are listed in Clause 1.1.\n"
    ).model_copy(update={"document_id": "doc-er"})
    store.put_structure(requirements)
    context = EN.model_copy(update={"reference_document_ids": ("doc-er",), "clause_id": "ER 2"})
    out = json.loads((await executor.invoke("get_clause_context", context, "")).result_json)
    assert (out["clause_id"], out["title"]) == ("ER 2", "PERMITS")
    assert [c["clause_id"] for c in out["children"]] == ["ER 2.1", "ER 2.2"]
    with pytest.raises(NotFound):
        await executor.invoke("get_clause_context", context, '{"clause_id": "ER 7"}')


async def test_a_reference_documents_own_index_never_serves_its_renamed_view(
    executor: SkillExecutor, store: DocumentStore
) -> None:
    # Clause 2.2 of the requirements refers to 2.1: read under "ER", the reference must be "ER 2.1".
    requirements = parse_text(
        "EMPLOYER'S REQUIREMENTS\n\n1. SITE\n\n1.1 The Site is 40 hectares.\n\n"
        "2. PERMITS\n\n2.1 The Contractor shall obtain all permits.\n\n2.2 Permits follow Clause 2.1.\n"
    ).model_copy(update={"document_id": "doc-er-2"})
    store.put_structure(requirements)
    plain = EN.model_copy(update={"primary_document_id": "doc-er-2", "clause_id": "2.2"})
    assert [
        r["target"]
        for r in json.loads((await executor.invoke("get_clause_context", plain, "")).result_json)[
            "references_out"
        ]
    ] == ["2.1"]
    as_unit = EN.model_copy(update={"reference_document_ids": ("doc-er-2",), "clause_id": "ER 2.2"})
    out = json.loads((await executor.invoke("get_clause_context", as_unit, "")).result_json)
    assert [r["target"] for r in out["references_out"]] == ["ER 2.1"]


async def test_bad_argument_type_names_the_field(executor: SkillExecutor) -> None:
    with pytest.raises(InvalidInput, match="field 'include_children_text'"):
        await executor.invoke("get_clause_context", EN, '{"include_children_text": "perhaps"}')


async def test_unknown_argument_names_the_field_and_the_allowed_ones(executor: SkillExecutor) -> None:
    with pytest.raises(
        InvalidInput, match=r"field 'colour': unknown argument \(allowed: clause_id, include_children"
    ):
        await executor.invoke("get_clause_context", EN, '{"colour": "red"}')


async def test_internal_fields_cannot_be_supplied_by_the_llm(executor: SkillExecutor) -> None:
    with pytest.raises(InvalidInput, match="field 'document_structure' is filled by the system"):
        await executor.invoke("get_clause_context", EN, '{"document_structure": {}}')


@pytest.mark.parametrize("raw", ["not json", "[1, 2]", '"text"'])
async def test_arguments_must_be_a_json_object(executor: SkillExecutor, raw: str) -> None:
    with pytest.raises(InvalidInput, match="arguments_json"):
        await executor.invoke("get_clause_context", EN, raw)


async def test_unknown_skill_is_not_found(executor: SkillExecutor) -> None:
    with pytest.raises(NotFound, match="unknown skill 'summon_lawyer'"):
        await executor.invoke("summon_lawyer", EN, "{}")


async def test_unknown_clause_is_not_found_and_lists_existing_ids(executor: SkillExecutor) -> None:
    with pytest.raises(NotFound, match=r"clause '99\.9' does not exist.*existing clause ids: 1, 1\.1, 14"):
        await executor.invoke("get_clause_context", EN, '{"clause_id": "99.9"}')


async def test_unknown_document_is_not_found(executor: SkillExecutor) -> None:
    context = EN.model_copy(update={"primary_document_id": "f" * 64})
    with pytest.raises(NotFound, match="document"):
        await executor.invoke("get_clause_context", context, "")


async def test_missing_document_id_is_invalid(executor: SkillExecutor) -> None:
    context = EN.model_copy(update={"primary_document_id": ""})
    with pytest.raises(InvalidInput, match="primary_document_id is empty"):
        await executor.invoke("get_clause_context", context, "")


async def test_chinese_document_through_the_executor(executor: SkillExecutor) -> None:
    context = ReviewContext(primary_document_id="doc-zh", clause_id="第5条", language="zh-CN")
    result = json.loads((await executor.invoke("extract_financial_terms", context, "{}")).result_json)
    assert result["payment_terms"][0]["days"] == [30]


class SlowInput(SkillInput):
    clause_id: str = Field(description="c")


class SlowOutput(BaseModel):
    done: bool


def _slow(args: SlowInput, ctx: SkillContext) -> SlowOutput:
    time.sleep(0.3)
    return SlowOutput(done=True)


async def test_a_slow_skill_times_out(store: DocumentStore) -> None:
    slow: Skill[Any, Any] = Skill(
        skill_id="slow",
        description="sleeps",
        input_model=SlowInput,
        output_model=SlowOutput,
        run=_slow,
        timeout_s=0.05,
    )
    executor = SkillExecutor(build_registry([slow]), DocumentCache(store))
    with pytest.raises(SkillTimeout, match="slow did not finish within"):
        await executor.invoke("slow", EN, "{}")


async def test_concurrent_invocations_share_the_cache(executor: SkillExecutor) -> None:
    calls = [
        executor.invoke("get_clause_context", EN, json.dumps({"clause_id": c}))
        for c in ("1", "14", "14.2", "20.1")
    ]
    results = await asyncio.gather(*(calls * 8))
    assert {json.loads(r.result_json)["clause_id"] for r in results} == {"1", "14", "14.2", "20.1"}
    assert 1 <= executor.documents.misses <= 4  # concurrent first reads of one id may race
    assert len(executor.documents) == 1


def test_document_cache_evicts_least_recently_used(store: DocumentStore) -> None:
    cache = DocumentCache(store, max_entries=1)
    cache.get("doc-en")
    cache.get("doc-zh")
    cache.get("doc-zh")
    assert (cache.hits, cache.misses, len(cache)) == (1, 2, 1)
