"""The planning calls' cases through the real openai SDK against a scripted OpenAI-compatible server."""

from __future__ import annotations

import time

import pytest
from clauseflow_contracts.events import DocumentRefs, ReviewRequested
from clauseflow_contracts.review import ClausePlan, Depth, Domain, Language, Risk
from clauseflow_orchestrator import llm_planning
from clauseflow_orchestrator.llm_planning import generate_review_plan, maybe_adjust_plan, write_summary
from clauseflow_orchestrator.state import ClauseRecord, ReviewState
from clauseflow_platform.llm import LLMClient
from clauseflow_testkit.scripted_model import ScriptedModel
from clauseflow_testkit.scripted_turns import Turn

from .conftest import ScriptedChatServer, sample_checklist

PLAN = {
    "global_strategy": "critical 条款深度分析，定义条款快速扫描",
    "estimated_depth_distribution": {"quick": 1, "standard": 1, "deep": 2},
    "clause_plans": [
        {"clause_id": "4.1", "analysis_depth": "deep", "max_iterations": 5, "priority_order": 0},
        {"clause_id": "14.1", "analysis_depth": "deep", "max_iterations": 5, "priority_order": 1},
        {"clause_id": "8.1", "analysis_depth": "standard", "max_iterations": 3, "priority_order": 2},
        {"clause_id": "1.1", "analysis_depth": "quick", "priority_order": 3, "skip_diffs": True},
    ],
}


def _risk(level: str) -> Risk:
    return Risk(
        id="r1", clause_id="4.1", risk_type="uncapped_liability", risk_level=level, description="范围扩大"
    )


class TestGenerateReviewPlan:
    async def test_basic_plan_generation(self, llm: LLMClient, chat_server: ScriptedChatServer) -> None:
        chat_server.script(PLAN)
        outcome = await generate_review_plan(llm, sample_checklist(), domain=Domain.FIDIC)
        plan = outcome.plan
        assert plan.source == "llm" and outcome.fallback_reason == ""
        assert [cp.clause_id for cp in plan.clause_plans] == ["4.1", "14.1", "8.1", "1.1"]
        assert plan.clause_plans[0].analysis_depth is Depth.DEEP
        assert plan.clause_plans[3].analysis_depth is Depth.QUICK
        assert plan.clause_plans[3].skip_diffs is True
        assert outcome.usage.calls == 1
        assert chat_server.system_markers() == ["[clauseflow task=review_plan lang=zh-CN]"]

    async def test_missing_clauses_get_default(self, llm: LLMClient, chat_server: ScriptedChatServer) -> None:
        chat_server.script(
            {"global_strategy": "test", "clause_plans": [{"clause_id": "4.1", "priority_order": 0}]}
        )
        plan = (await generate_review_plan(llm, sample_checklist())).plan
        assert {cp.clause_id for cp in plan.clause_plans} == {"1.1", "4.1", "14.1", "8.1"}

    async def test_invalid_depth_normalized(self, llm: LLMClient, chat_server: ScriptedChatServer) -> None:
        chat_server.script({"clause_plans": [{"clause_id": "4.1", "analysis_depth": "ultra_deep"}]})
        plan = (await generate_review_plan(llm, sample_checklist())).plan
        assert next(cp for cp in plan.clause_plans if cp.clause_id == "4.1").analysis_depth is Depth.STANDARD

    async def test_llm_failure_returns_default_plan(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script(500)
        outcome = await generate_review_plan(llm, sample_checklist())
        assert outcome.plan.source == "default"
        assert "failed" in outcome.fallback_reason
        assert len(outcome.plan.clause_plans) == 4
        assert {cp.clause_id for cp in outcome.plan.clause_plans if cp.analysis_depth is Depth.DEEP} == {
            "4.1",
            "14.1",
        }

    async def test_a_model_down_for_a_moment_is_waited_for_so_the_plan_does_not_depend_on_the_outage(
        self, llm: LLMClient, chat_server: ScriptedChatServer, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(llm_planning, "WAIT_STEP_S", 0.05)
        chat_server.script(503, 503, PLAN)  # a restart of the model: refused twice, then up
        outcome = await generate_review_plan(llm, sample_checklist(), domain=Domain.FIDIC, wait_s=30)
        assert outcome.plan.source == "llm" and outcome.fallback_reason == ""
        assert len(chat_server.system_markers()) == 3

    async def test_a_model_still_down_after_the_wait_means_the_default_plan(
        self, llm: LLMClient, chat_server: ScriptedChatServer, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(llm_planning, "WAIT_STEP_S", 0.05)
        chat_server.script(*[503] * 200)
        outcome = await generate_review_plan(llm, sample_checklist(), wait_s=0.3)
        assert outcome.plan.source == "default" and "unavailable" in outcome.fallback_reason
        assert 2 <= len(chat_server.system_markers()) < 200

    async def test_the_wait_bounds_the_whole_ask_not_only_the_pauses_between_calls(self) -> None:
        # The orchestrator holds the review's lock while it asks: a hanging model must not keep it
        # for the client's timeout times its retries (4 x 5 s here) when the wait is 0.5 s.
        async with ScriptedModel(forever=Turn.hang()) as model:
            client = LLMClient(model.settings(llm_timeout_s=5.0, llm_max_retries=3))
            started = time.monotonic()
            try:
                outcome = await generate_review_plan(client, sample_checklist(), wait_s=0.5)
            finally:
                await client.close()
            elapsed = time.monotonic() - started
        assert outcome.plan.source == "default" and "unavailable" in outcome.fallback_reason
        assert elapsed < 3.0  # 0.5 s asked for; the slack is for a loaded machine

    async def test_an_unusable_answer_is_not_waited_on(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script("I think the plan should be thorough.", PLAN)
        outcome = await generate_review_plan(llm, sample_checklist(), wait_s=30)
        assert outcome.plan.source == "default" and len(chat_server.system_markers()) == 1

    async def test_garbage_answer_returns_default_plan(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script("I think the plan should be thorough.")
        outcome = await generate_review_plan(llm, sample_checklist(), language=Language.EN)
        assert outcome.plan.source == "default"
        assert chat_server.system_markers() == ["[clauseflow task=review_plan lang=en]"]

    async def test_plan_in_code_fence_is_accepted(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        import json

        chat_server.script("Here is the plan:\n```json\n" + json.dumps(PLAN) + "\n```")
        assert (await generate_review_plan(llm, sample_checklist())).plan.source == "llm"

    async def test_without_a_model_the_default_plan_is_used_and_nothing_is_called(
        self, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script(PLAN)
        outcome = await generate_review_plan(None, sample_checklist())
        assert outcome.plan.source == "default"
        assert chat_server.requests == []


class TestMaybeAdjustPlan:
    async def test_no_high_risk_no_adjustment_and_no_call(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script({"should_adjust": True})
        result = await maybe_adjust_plan(llm, "4.1", [_risk("low")], [ClausePlan(clause_id="8.1")], 1, 10)
        assert result.adjustment is None and result.trigger is None
        assert chat_server.requests == []

    async def test_high_risk_triggers_adjustment(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script(
            {
                "should_adjust": True,
                "reason": "4.1 发现重大风险，需要提高 17.6 的审查深度",
                "adjusted_clauses": [{"clause_id": "17.6", "analysis_depth": "deep", "max_iterations": 5}],
            }
        )
        result = await maybe_adjust_plan(llm, "4.1", [_risk("high")], [ClausePlan(clause_id="17.6")], 1, 10)
        assert result.trigger == "high_risk"
        assert result.adjustment is not None and result.adjustment.should_adjust is True
        assert [c.clause_id for c in result.adjustment.adjusted_clauses] == ["17.6"]
        assert chat_server.system_markers() == ["[clauseflow task=plan_adjust lang=zh-CN]"]

    async def test_midpoint_triggers_review(self, llm: LLMClient, chat_server: ScriptedChatServer) -> None:
        chat_server.script({"should_adjust": False, "reason": "进展正常"})
        result = await maybe_adjust_plan(llm, "4.1", [_risk("low")], [ClausePlan(clause_id="8.1")], 5, 10)
        assert result.trigger == "midpoint"
        assert result.adjustment is not None and result.adjustment.should_adjust is False
        assert len(chat_server.requests) == 1

    async def test_failed_adjustment_call_keeps_the_plan(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script(500)
        result = await maybe_adjust_plan(llm, "4.1", [_risk("high")], [ClausePlan(clause_id="8.1")], 1, 10)
        assert result.adjustment is not None and result.adjustment.should_adjust is False

    async def test_nothing_left_to_adjust_means_no_call(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script({"should_adjust": True})
        result = await maybe_adjust_plan(llm, "4.1", [_risk("high")], [], 1, 10)
        assert result.adjustment is None
        assert chat_server.requests == []


class TestSummary:
    def _state(self) -> ReviewState:
        request = ReviewRequested(
            documents=DocumentRefs(primary="d"), our_party="Contractor", language=Language.EN
        )
        state = ReviewState(review_id="rev_1", request=request)
        state.clauses["4.1"] = ClauseRecord(clause_id="4.1", risks=[_risk("high")])
        return state

    async def test_summary_comes_from_the_model(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script("## Overall\nSign after capping liability.")
        text, usage = await write_summary(llm, self._state())
        assert text.startswith("## Overall")
        assert usage.calls == 1
        assert chat_server.system_markers() == ["[clauseflow task=review_summary lang=en]"]

    async def test_failed_model_falls_back_to_the_template(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script(500)
        text, _ = await write_summary(llm, self._state())
        assert "1 high" in text and "uncapped_liability: 1" in text

    async def test_a_json_answer_is_not_taken_as_a_summary(
        self, llm: LLMClient, chat_server: ScriptedChatServer
    ) -> None:
        chat_server.script("[]")
        text, usage = await write_summary(llm, self._state())
        assert text.startswith("Review completed for Contractor")
        assert usage.calls == 0
