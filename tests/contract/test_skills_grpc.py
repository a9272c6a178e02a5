"""The skills gRPC contract on a REAL server (port 0) over a real channel."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from clauseflow_documents.model import Clause, Definition, DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_protos.skills.v1 import skills_pb2, skills_pb2_grpc
from clauseflow_skills.registry import SkillDefinitionError
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings
from clauseflow_skills.skill import Skill, SkillContext, SkillInput
from clauseflow_skills.tool_schema import INTERNAL_FIELDS, strict_schema_problems
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from pydantic import BaseModel, Field

DOC_ID = "contract-doc-1"
TIMEOUT = 5.0


def _document() -> DocumentStructure:
    return DocumentStructure(
        document_id=DOC_ID,
        clauses=(
            Clause(clause_id="1", title="Definitions", text='"Contract Price" means USD 2,000,000.'),
            Clause(
                clause_id="14.2",
                title="Payment",
                text="The Employer shall pay within 45 days. "
                "Liability shall not exceed 10% of the Contract Price.",
            ),
        ),
        definitions=(Definition(term="Contract Price", definition="USD 2,000,000", clause_id="1"),),
    )


@pytest.fixture
async def channel(tmp_path: Path) -> AsyncIterator[grpc.aio.Channel]:
    DocumentStore(tmp_path).put_structure(_document())
    settings = SkillsServerSettings(document_store_dir=tmp_path)
    server, port = await create_server(settings, port=0)
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as ch:
            yield ch
    finally:
        await server.stop(None)


def _context(clause_id: str = "14.2") -> skills_pb2.ReviewContext:
    return skills_pb2.ReviewContext(
        review_id="rev_contract",
        primary_document_id=DOC_ID,
        clause_id=clause_id,
        our_party="Contractor",
        language="en",
    )


async def _invoke(channel: grpc.aio.Channel, skill_id: str, arguments: dict[str, Any] | str) -> Any:
    stub = skills_pb2_grpc.SkillServiceStub(channel)
    raw = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return await stub.Invoke(
        skills_pb2.InvokeRequest(skill_id=skill_id, context=_context(), arguments_json=raw), timeout=TIMEOUT
    )


async def test_health_reports_serving(channel: grpc.aio.Channel) -> None:
    stub = health_pb2_grpc.HealthStub(channel)
    for service in ("", "clauseflow.skills.v1.SkillService"):
        answer = await stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=TIMEOUT)
        assert answer.status == health_pb2.HealthCheckResponse.SERVING


async def test_reflection_lists_the_skill_service(channel: grpc.aio.Channel) -> None:
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    request = reflection_pb2.ServerReflectionRequest(list_services="")
    names: list[str] = []
    async for answer in stub.ServerReflectionInfo(iter([request]), timeout=TIMEOUT):
        names += [s.name for s in answer.list_services_response.service]
    assert "clauseflow.skills.v1.SkillService" in names
    assert "grpc.health.v1.Health" in names


async def test_list_tools_returns_strict_openai_tool_definitions(channel: grpc.aio.Channel) -> None:
    stub = skills_pb2_grpc.SkillServiceStub(channel)
    answer = await stub.ListTools(skills_pb2.ListToolsRequest(), timeout=TIMEOUT)
    names = {t.name for t in answer.tools}
    assert {"get_clause_context", "extract_financial_terms"} <= names
    for tool in answer.tools:
        openai_tool = json.loads(tool.openai_tool_json)
        assert openai_tool["type"] == "function"
        assert openai_tool["function"]["name"] == tool.name
        assert openai_tool["function"]["parameters"] == json.loads(tool.parameters_json)
        assert strict_schema_problems(json.loads(tool.parameters_json)) == []
        assert not INTERNAL_FIELDS & set(json.loads(tool.parameters_json)["properties"])
        assert tool.status == "active" and tool.version and tool.description


async def test_list_tools_filters_by_domain(channel: grpc.aio.Channel) -> None:
    stub = skills_pb2_grpc.SkillServiceStub(channel)
    every = await stub.ListTools(skills_pb2.ListToolsRequest(), timeout=TIMEOUT)
    generic = await stub.ListTools(skills_pb2.ListToolsRequest(domain="generic"), timeout=TIMEOUT)
    fidic = await stub.ListTools(skills_pb2.ListToolsRequest(domain="fidic"), timeout=TIMEOUT)
    assert {t.domain for t in generic.tools} == {"*"}
    assert {t.domain for t in fidic.tools} <= {"*", "fidic"}
    assert {t.name for t in generic.tools} <= {t.name for t in fidic.tools} <= {t.name for t in every.tools}


async def test_list_tools_filters_by_category(channel: grpc.aio.Channel) -> None:
    stub = skills_pb2_grpc.SkillServiceStub(channel)
    answer = await stub.ListTools(skills_pb2.ListToolsRequest(category="context"), timeout=TIMEOUT)
    assert {t.category for t in answer.tools} == {"context"}
    assert "get_clause_context" in {t.name for t in answer.tools}
    assert "extract_financial_terms" not in {t.name for t in answer.tools}


async def test_invoke_happy_path(channel: grpc.aio.Channel) -> None:
    answer = await _invoke(
        channel, "get_clause_context", {"clause_id": "14.2", "include_children_text": None}
    )
    result = json.loads(answer.result_json)
    assert result["title"] == "Payment"
    assert result["definitions_used"][0]["term"] == "Contract Price"
    assert answer.duration_ms > 0


async def test_invoke_financial_terms(channel: grpc.aio.Channel) -> None:
    result = json.loads((await _invoke(channel, "extract_financial_terms", {})).result_json)
    assert result["payment_terms"][0]["days"] == [45]
    assert result["caps"][0]["percentages"] == [10.0]


async def test_bad_arguments_are_invalid_argument_naming_the_field(channel: grpc.aio.Channel) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await _invoke(channel, "get_clause_context", {"include_children_text": "sometimes"})
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "field 'include_children_text'" in (info.value.details() or "")


async def test_arguments_that_are_not_json_are_invalid_argument(channel: grpc.aio.Channel) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await _invoke(channel, "get_clause_context", "{clause_id: 14.2")
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "arguments_json is not valid JSON" in (info.value.details() or "")


async def test_unknown_skill_is_not_found(channel: grpc.aio.Channel) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await _invoke(channel, "no_such_skill", {})
    assert info.value.code() == grpc.StatusCode.NOT_FOUND
    assert "available skills:" in (info.value.details() or "")


async def test_unknown_clause_is_not_found(channel: grpc.aio.Channel) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await _invoke(channel, "get_clause_context", {"clause_id": "77.7"})
    assert info.value.code() == grpc.StatusCode.NOT_FOUND
    assert "'77.7'" in (info.value.details() or "")


class LooseInput(SkillInput):
    clause_id: str = Field(description="c")
    extras: dict[str, Any] = Field(default_factory=dict, description="anything at all")


class LooseOutput(BaseModel):
    ok: bool


def _loose(args: LooseInput, ctx: SkillContext) -> LooseOutput:
    return LooseOutput(ok=True)


async def test_strict_schema_violation_fails_server_creation(tmp_path: Path) -> None:
    loose: Skill[Any, Any] = Skill(
        skill_id="loose_tool", description="takes a free-form object", input_model=LooseInput,
        output_model=LooseOutput, run=_loose,
    )  # fmt: skip
    with pytest.raises(SkillDefinitionError, match=r"loose_tool.*additionalProperties must be false"):
        await create_server(SkillsServerSettings(document_store_dir=tmp_path), port=0, extra_skills=[loose])


def _sleepy(args: LooseInput, ctx: SkillContext) -> LooseOutput:
    import time

    time.sleep(0.5)
    return LooseOutput(ok=True)


class SleepyInput(SkillInput):
    clause_id: str = Field(description="c")


async def test_a_skill_over_its_time_is_deadline_exceeded(tmp_path: Path) -> None:
    DocumentStore(tmp_path).put_structure(_document())
    sleepy: Skill[Any, Any] = Skill(
        skill_id="sleepy", description="sleeps", input_model=SleepyInput, output_model=LooseOutput,
        run=_sleepy, timeout_s=0.05,
    )  # fmt: skip
    server, port = await create_server(
        SkillsServerSettings(document_store_dir=tmp_path), extra_skills=[sleepy]
    )
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as ch:
            with pytest.raises(grpc.aio.AioRpcError) as info:
                await _invoke(ch, "sleepy", {})
        assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        assert "sleepy did not finish within" in (info.value.details() or "")
    finally:
        await server.stop(None)


async def test_concurrent_invocations_are_answered_correctly(channel: grpc.aio.Channel) -> None:
    import asyncio

    calls = [_invoke(channel, "get_clause_context", {"clause_id": cid}) for cid in ("1", "14.2") * 32]
    answers = await asyncio.gather(*calls)
    titles = [json.loads(a.result_json)["title"] for a in answers]
    assert titles == ["Definitions", "Payment"] * 32
