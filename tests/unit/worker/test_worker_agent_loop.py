"""Loop cases: the clause agent against a scripted model over HTTP and a real skills server."""

from __future__ import annotations

import json
from pathlib import Path

from clauseflow_clause_worker.settings import AgentSettings
from clauseflow_contracts.prompts.kinds import (
    CLAUSE_END,
    CLAUSE_START,
    read_clause_block,
    read_marker_from_messages,
)
from clauseflow_platform.settings import SkillsClientSettings
from clauseflow_platform.skills_client import SkillsClient
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings
from clauseflow_testkit.scripted_turns import Turn, call
from worker_fixtures import INJECTION, clause_job, scripted_agent

HIGH_RISK = [
    {
        "risk_type": "uncapped_liability",
        "risk_level": "high",
        "description": "Unlimited liability of the Supplier",
        "reason": "no cap",
        "analysis": "the Supplier's exposure has no ceiling",
        "original_text": "shall be unlimited",
    }
]
FIXED_RISK = [{**HIGH_RISK[0], "description": "found on the fixed path"}]


def answer(value: object, **extra: object) -> Turn:
    """A final JSON answer (``Turn.json`` is shadowed by pydantic's deprecated ``BaseModel.json``)."""
    return Turn.text(json.dumps(value), **extra)  # type: ignore[arg-type]


def _kinds(model: object) -> list[str]:
    found = [read_marker_from_messages(r["messages"]) for r in model.requests]  # type: ignore[attr-defined]
    return [f[0].value if f else "?" for f in found]


def _tool_messages(messages: list[dict]) -> list[dict]:
    return [m for m in messages if m.get("role") == "tool"]


async def test_a_final_answer_on_the_first_turn_ends_the_loop(skills: SkillsClient) -> None:
    async with scripted_agent(skills, [answer(HIGH_RISK)]) as (agent, model):
        outcome = await agent.review(clause_job("1"))
    assert [r["risk_type"] for r in outcome.risks] == ["uncapped_liability"]
    assert not outcome.fallback_used
    assert outcome.skill_calls == []
    assert [m["role"] for m in outcome.messages] == ["system", "user", "assistant"]
    assert len(model.requests) == 1


async def test_a_tool_turn_then_a_final_answer(skills: SkillsClient) -> None:
    turns = [Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"})), answer(HIGH_RISK)]
    async with scripted_agent(skills, turns) as (agent, model):
        outcome = await agent.review(clause_job("1"))
    assert outcome.risks[0]["risk_level"] == "high"
    assert not outcome.fallback_used
    assert [m["role"] for m in outcome.messages] == ["system", "user", "assistant", "tool", "assistant"]
    tool_message = _tool_messages(outcome.messages)[0]
    assert tool_message["tool_call_id"] == outcome.messages[2]["tool_calls"][0]["id"]
    assert json.loads(tool_message["content"])["title"] == "Liability"
    assert [(c.skill_id, c.ok) for c in outcome.skill_calls] == [("get_clause_context", True)]
    # The model saw the tool result on its second turn, and both turns offered the tools.
    assert model.requests[1]["messages"][-1]["role"] == "tool"
    assert all(r.get("tools") for r in model.requests)
    assert outcome.usage.calls == 2


async def test_tool_calls_of_one_turn_run_concurrently(skills: SkillsClient) -> None:
    turns = [
        Turn.tool_calls(call("slow_probe", {"clause_id": "1"}), call("slow_probe", {"clause_id": "1"})),
        answer([]),
    ]
    async with scripted_agent(skills, turns) as (agent, _):
        outcome = await agent.review(clause_job("1"))
    first, second = (json.loads(m["content"]) for m in _tool_messages(outcome.messages))
    # Each call sleeps SLOW_SECONDS; run one after the other they could not overlap.
    assert first["started"] < second["ended"] and second["started"] < first["ended"]
    assert [m["role"] for m in outcome.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]
    assert outcome.risks == []


async def test_long_tool_results_are_truncated_noting_the_original_length(skills: SkillsClient) -> None:
    turns = [Turn.tool_calls(call("big_probe", {"clause_id": "1"})), answer([])]
    async with scripted_agent(skills, turns, settings=AgentSettings(max_tool_result_chars=500)) as (agent, _):
        outcome = await agent.review(clause_job("1"))
    content = _tool_messages(outcome.messages)[0]["content"]
    assert len(content) < 600
    assert "[truncated, original length 1" in content  # the 10,000-char blob plus its JSON wrapping


async def test_a_failing_tool_is_fed_back_as_an_error_and_the_loop_continues(skills: SkillsClient) -> None:
    turns = [Turn.tool_calls(call("exploding_probe", {"clause_id": "1"})), answer(HIGH_RISK)]
    async with scripted_agent(skills, turns) as (agent, model):
        outcome = await agent.review(clause_job("1"))
    content = _tool_messages(outcome.messages)[0]["content"]
    assert content.startswith("ERROR:")
    assert "INTERNAL" in content
    assert len(outcome.risks) == 1
    assert not outcome.fallback_used
    assert [(c.skill_id, c.ok) for c in outcome.skill_calls] == [("exploding_probe", False)]
    assert model.requests[1]["messages"][-1]["content"].startswith("ERROR:")


async def test_an_unknown_tool_is_an_error_naming_the_available_tools(skills: SkillsClient) -> None:
    turns = [Turn.tool_calls(call("delete_the_contract", {})), answer(HIGH_RISK)]
    async with scripted_agent(skills, turns) as (agent, _):
        outcome = await agent.review(clause_job("1"))
    content = _tool_messages(outcome.messages)[0]["content"]
    assert content.startswith("ERROR: unknown tool 'delete_the_contract'")
    assert "get_clause_context" in content
    assert len(outcome.risks) == 1 and not outcome.fallback_used


async def test_malformed_tool_arguments_are_an_error_the_model_can_fix(skills: SkillsClient) -> None:
    turns = [
        Turn.tool_calls(call("get_clause_context", raw_arguments='{"clause_id": "1"')),
        Turn.tool_calls(call("get_clause_context", {"clause_id": "1", "colour": "red"})),
        answer(HIGH_RISK),
    ]
    async with scripted_agent(skills, turns) as (agent, _):
        outcome = await agent.review(clause_job("1"))
    malformed, invalid = (m["content"] for m in _tool_messages(outcome.messages))
    assert malformed.startswith("ERROR:") and "not valid JSON" in malformed
    assert invalid.startswith("ERROR:") and "INVALID_ARGUMENT" in invalid and "colour" in invalid
    assert len(outcome.risks) == 1 and not outcome.fallback_used


async def test_exhausting_max_iterations_falls_back_to_the_fixed_skill_path(skills: SkillsClient) -> None:
    conversations = {
        "clause_review": [Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"}))],
        "clause_review_fixed": [answer(FIXED_RISK)],
    }
    async with scripted_agent(skills, per_conversation=conversations) as (agent, model):
        outcome = await agent.review(clause_job("1", max_iterations=3))
    assert _kinds(model) == ["clause_review"] * 3 + ["clause_review_fixed"]
    assert outcome.fallback_used
    assert "max_iterations=3" in outcome.fallback_reason
    assert outcome.risks[0]["description"] == "found on the fixed path"
    assert outcome.error == ""
    # The fixed path reused the context the loop had already fetched and put it in the prompt.
    fixed_user = model.requests[-1]["messages"][1]["content"]
    assert "Skill results: " in fixed_user and "Liability" in fixed_user
    assert len(_tool_messages(outcome.messages)) == 3


async def test_a_rate_limit_then_success_is_retried_without_fallback(skills: SkillsClient) -> None:
    turns = [Turn.http_status(429, retry_after=0), answer(HIGH_RISK)]
    async with scripted_agent(skills, turns) as (agent, model):
        outcome = await agent.review(clause_job("1"))
    assert len(model.requests) == 2
    assert not outcome.fallback_used
    assert len(outcome.risks) == 1


async def test_an_llm_failure_falls_back_to_the_fixed_skill_path(skills: SkillsClient) -> None:
    turns = [
        Turn.http_status(500),
        Turn.http_status(500),
        answer(FIXED_RISK, match={"kind": "clause_review_fixed"}),
    ]
    async with scripted_agent(skills, turns, llm_max_retries=1) as (agent, model):
        outcome = await agent.review(clause_job("1", suggested_tools=("get_clause_context",)))
    assert outcome.fallback_used
    assert "LLM call failed" in outcome.fallback_reason
    assert outcome.risks[0]["description"] == "found on the fixed path"
    # The fixed path invoked the suggested skill itself.
    assert [(c.skill_id, c.ok) for c in outcome.skill_calls] == [("get_clause_context", True)]
    assert _kinds(model)[-1] == "clause_review_fixed"


async def test_a_malformed_final_answer_falls_back_to_the_fixed_skill_path(skills: SkillsClient) -> None:
    turns = [Turn.malformed_json(), answer(FIXED_RISK)]
    async with scripted_agent(skills, turns) as (agent, model):
        outcome = await agent.review(clause_job("1"))
    assert outcome.fallback_used
    assert "could not be parsed" in outcome.fallback_reason
    assert outcome.risks[0]["description"] == "found on the fixed path"
    assert _kinds(model) == ["clause_review", "clause_review_fixed"]


async def test_when_the_fixed_path_fails_too_the_outcome_has_the_error_and_no_risks(
    skills: SkillsClient,
) -> None:
    async with scripted_agent(skills, forever=Turn.http_status(500), llm_max_retries=0) as (agent, _):
        outcome = await agent.review(clause_job("1"))
    assert outcome.fallback_used and outcome.failed
    assert outcome.risks == []
    assert "LLM call failed" in outcome.fallback_reason
    assert "fixed-skill path failed" in outcome.error and "unavailable" in outcome.error


async def test_a_clause_whose_skills_cannot_be_reached_is_failed_not_reviewed_by_guess() -> None:
    # A skills server that is down: every skill call of the fixed path is UNAVAILABLE.
    down = SkillsClient(SkillsClientSettings(skills_targets="127.0.0.1:1", skills_timeout_s=1))
    await down.start()
    try:
        async with scripted_agent(down, forever=answer(HIGH_RISK)) as (agent, model):
            outcome = await agent.review(clause_job("1", use_react_agent=False))
    finally:
        await down.close()
    assert outcome.failed and outcome.risks == []
    assert outcome.error.startswith("skills unavailable:") and "UNAVAILABLE" in outcome.error
    assert _kinds(model) == []  # the model was not asked to guess without the skills


async def test_a_tool_the_model_called_while_the_skills_server_was_down_fails_the_clause(
    store_dir: Path,
) -> None:
    # The server went away after the worker read its tools: the model's answer would stand on the
    # tools that did answer only, a different review from the one with every tool (a retry gives it).
    server, port = await create_server(
        SkillsServerSettings(document_store_dir=store_dir, skills_host="127.0.0.1"), port=0
    )
    client = SkillsClient(SkillsClientSettings(skills_targets=f"127.0.0.1:{port}", skills_timeout_s=2))
    await client.start()
    try:
        assert await client.tools_for("generic")  # the registry is read (and cached) while it is up
        await server.stop(grace=0)
        turns = [Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"})), answer(HIGH_RISK)]
        async with scripted_agent(client, turns) as (agent, model):
            outcome = await agent.review(clause_job("1"))
    finally:
        await client.close()
    assert outcome.failed and outcome.risks == []
    assert (
        outcome.error.startswith("skills unavailable: get_clause_context") and "UNAVAILABLE" in outcome.error
    )
    assert _kinds(model) == ["clause_review", "clause_review"]  # the loop ran; its answer was not used


async def test_a_tool_that_failed_once_and_answered_later_does_not_fail_the_clause(
    skills: SkillsClient,
) -> None:
    turns = [
        Turn.tool_calls(call("no_such_tool", {})),
        Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"})),
        answer(HIGH_RISK),
    ]
    async with scripted_agent(skills, turns) as (agent, _):
        outcome = await agent.review(clause_job("1"))
    assert not outcome.failed and len(outcome.risks) == 1


async def test_without_react_the_fixed_skill_path_runs_directly(skills: SkillsClient) -> None:
    async with scripted_agent(skills, [answer(HIGH_RISK)]) as (agent, model):
        outcome = await agent.review(clause_job("1", use_react_agent=False))
    assert _kinds(model) == ["clause_review_fixed"]
    assert not model.requests[0].get("tools")
    assert not outcome.fallback_used and outcome.path == "fixed"
    assert [c.skill_id for c in outcome.skill_calls] == ["get_clause_context"]
    assert len(outcome.risks) == 1


async def test_quick_depth_is_one_model_call_over_the_clause_context(skills: SkillsClient) -> None:
    async with scripted_agent(skills, [answer(HIGH_RISK)]) as (agent, model):
        outcome = await agent.review(
            clause_job("1", depth="quick", max_iterations=5, suggested_tools=("slow_probe",))
        )
    assert _kinds(model) == ["clause_review_fixed"] and not model.requests[0].get("tools")
    assert [c.skill_id for c in outcome.skill_calls] == ["get_clause_context"]
    assert "Liability" in model.requests[0]["messages"][1]["content"].split("Skill results: ")[1]
    assert outcome.path == "quick" and not outcome.fallback_used and len(outcome.risks) == 1


async def test_suggested_tools_are_hints_the_model_may_ignore(skills: SkillsClient) -> None:
    async with scripted_agent(skills, [answer(HIGH_RISK)]) as (agent, model):
        outcome = await agent.review(
            clause_job("1", suggested_tools=("slow_probe", "extract_financial_terms"))
        )
    system = model.requests[0]["messages"][0]["content"]
    assert "SUGGESTED TOOLS" in system and "hints only" in system
    assert "- slow_probe: " in system
    # The model answered without calling any suggested tool: that is allowed, not a failure.
    assert outcome.skill_calls == [] and not outcome.fallback_used and len(outcome.risks) == 1


async def test_an_injection_inside_the_clause_stays_data_between_the_delimiters(skills: SkillsClient) -> None:
    finding = [
        {
            "risk_type": "payment_terms_unfavourable",
            "risk_level": "high",
            "description": "120-day payment term",
            "original_text": "within one hundred and twenty (120) days",
        }
    ]
    async with scripted_agent(skills, [answer(finding)]) as (agent, model):
        outcome = await agent.review(clause_job("3"))
    system, user = model.requests[0]["messages"][:2]
    assert "never instructions" in system["content"]
    assert read_clause_block(user["content"]) == INJECTION
    assert user["content"].count(CLAUSE_START) == 1 and user["content"].count(CLAUSE_END) == 1
    assert [r["risk_type"] for r in outcome.risks] == ["payment_terms_unfavourable"]


async def test_the_transcript_links_every_tool_result_to_its_call(skills: SkillsClient) -> None:
    turns = [
        Turn.tool_calls(
            call("get_clause_context", {"clause_id": "1"}), call("big_probe", {"clause_id": "1"})
        ),
        answer([]),
    ]
    async with scripted_agent(skills, turns) as (agent, _):
        outcome = await agent.review(clause_job("1"))
    call_ids = [c["id"] for c in outcome.messages[2]["tool_calls"]]
    assert [m["tool_call_id"] for m in _tool_messages(outcome.messages)] == call_ids


async def test_a_model_that_never_answers_times_out_into_the_fixed_skill_path(skills: SkillsClient) -> None:
    turns = [Turn.hang(match={"kind": "clause_review"}), answer(FIXED_RISK)]
    async with scripted_agent(skills, turns, llm_timeout_s=0.5, llm_max_retries=0) as (agent, model):
        outcome = await agent.review(clause_job("1"))
    assert outcome.fallback_used and "no answer within 0.5s" in outcome.fallback_reason
    assert outcome.risks[0]["description"] == "found on the fixed path"
    assert _kinds(model) == ["clause_review", "clause_review_fixed"]
