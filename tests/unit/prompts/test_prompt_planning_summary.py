"""Orchestrator prompts (plan and adjust) and the summary prompt; every builder in both languages."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.prompts import RequestKind, read_marker, read_metadata
from clauseflow_contracts.prompts.clause_review import build_fixed_path_messages, build_react_messages
from clauseflow_contracts.prompts.planning import (
    MAX_ADJUST_REMAINING,
    MAX_ADJUST_RISKS,
    build_adjust_messages,
    build_plan_messages,
    read_available_tools,
    read_checklist,
    read_current_risks,
    read_remaining_plan,
)
from clauseflow_contracts.prompts.redlines import build_redline_messages, build_validation_messages
from clauseflow_contracts.prompts.summary import build_summary_messages, read_summary_inputs
from clauseflow_contracts.review import ChecklistItem, ClausePlan, Redline, Risk

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_plan_messages_carry_the_checklist_and_available_tools(checklist: list[ChecklistItem]) -> None:
    system, user = (
        m["content"]
        for m in build_plan_messages(
            checklist=checklist,
            domain="fidic",
            material_type="construction contract",
            available_tools=["get_clause_context", "fidic_calculate_time_bar"],
            language="zh-CN",
        )
    )
    assert read_marker(system) == (RequestKind.REVIEW_PLAN, "zh-CN")
    for key in ("analysis_depth", "suggested_tools", "max_iterations", "priority_order", "skip_diffs"):
        assert key in system
    assert "critical" in system and "deep" in system
    metadata = read_metadata(user)
    assert metadata["domain"] == "fidic"
    assert metadata["clause_count"] == 2
    assert read_available_tools(user) == ["get_clause_context", "fidic_calculate_time_bar"]
    rows = read_checklist(user)
    assert [r["clause_id"] for r in rows] == ["1.1", "20.1"]
    assert rows[1]["required_skills"] == ["get_clause_context", "fidic_calculate_time_bar"]
    assert rows[1]["priority"] == "critical"


def test_adjust_messages_summarise_the_result_and_the_remaining_plan(
    remaining_plan: list[ClausePlan],
) -> None:
    many = [{"risk_type": "claim_time_bar", "risk_level": "high", "description": "x" * 500} for _ in range(8)]
    system, user = (
        m["content"]
        for m in build_adjust_messages(
            current_clause_id="20.1",
            risks=many,
            remaining_plan=remaining_plan,
            completed=10,
            total=40,
            language="en",
        )
    )
    assert read_marker(system) == (RequestKind.PLAN_ADJUST, "en")
    assert "should_adjust" in system
    assert read_metadata(user).items() >= {"current_clause_id": "20.1", "completed": 10, "total": 40}.items()
    current = read_current_risks(user)
    assert len(current) == MAX_ADJUST_RISKS
    assert len(current[0]["description"]) < 500
    remaining = read_remaining_plan(user)
    assert len(remaining) == MAX_ADJUST_REMAINING
    assert remaining[0] == {
        "clause_id": "0.1",
        "clause_name": "Clause 0",
        "analysis_depth": "quick",
        "max_iterations": 1,
        "priority_order": 0,
    }


def test_adjust_accepts_risk_models(risks: list[Risk]) -> None:
    messages = build_adjust_messages(
        current_clause_id="20.1", risks=risks, remaining_plan=[], completed=1, total=2, language="zh-CN"
    )
    assert [r["risk_level"] for r in read_current_risks(messages[1]["content"])] == ["high", "medium"]


def test_summary_messages_count_levels_and_carry_risks_and_redlines(
    risks: list[Risk], redlines: list[Redline]
) -> None:
    system, user = (
        m["content"]
        for m in build_summary_messages(
            language="en", our_party="Contractor", risks=risks, redlines=redlines, clause_count=12
        )
    )
    assert read_marker(system) == (RequestKind.REVIEW_SUMMARY, "en")
    assert "Markdown" in system
    metadata = read_metadata(user)
    assert metadata["clause_count"] == 12
    assert metadata["risk_levels"] == {"high": 1, "medium": 1, "low": 0}
    risk_rows, redline_rows = read_summary_inputs(user)
    assert [r["clause_id"] for r in risk_rows] == ["20.1", "20.1"]
    assert redline_rows[0]["status"] == "pending"


Builder = Callable[[str], list[dict[str, Any]]]


@pytest.fixture
def builders(
    clause_text: str,
    risks: list[Risk],
    redlines: list[Redline],
    checklist: list[ChecklistItem],
    remaining_plan: list[ClausePlan],
    redraft_requests: list[RedraftRequest],
) -> dict[RequestKind, Builder]:
    party = "Contractor"
    common: dict[str, Any] = {"our_party": party, "clause_id": "20.1", "clause_text": clause_text}
    return {
        RequestKind.CLAUSE_REVIEW: lambda lang: build_react_messages(
            language=lang, clause_name="Claims", domain="fidic", suggested_tools=[("x", "y")], **common
        ),
        RequestKind.CLAUSE_REVIEW_FIXED: lambda lang: build_fixed_path_messages(
            language=lang, clause_name="Claims", domain="sha_spa", skill_context={}, **common
        ),
        RequestKind.REDLINE_DRAFT: lambda lang: build_redline_messages(
            language=lang, risks=risks, redraft=redraft_requests, **common
        ),
        RequestKind.REDLINE_VALIDATE: lambda lang: build_validation_messages(
            language=lang, risks=risks, redlines=redlines, **common
        ),
        RequestKind.REVIEW_PLAN: lambda lang: build_plan_messages(
            checklist=checklist, domain="generic", material_type="contract", available_tools=[], language=lang
        ),
        RequestKind.PLAN_ADJUST: lambda lang: build_adjust_messages(
            current_clause_id="20.1",
            risks=risks,
            remaining_plan=remaining_plan,
            completed=1,
            total=3,
            language=lang,
        ),
        RequestKind.REVIEW_SUMMARY: lambda lang: build_summary_messages(
            language=lang, our_party=party, risks=risks, redlines=redlines, clause_count=3
        ),
    }


@pytest.mark.parametrize("kind", list(RequestKind))
def test_every_builder_writes_its_marker_and_a_fully_english_system_prompt(
    kind: RequestKind, builders: dict[RequestKind, Builder]
) -> None:
    system = builders[kind]("en")[0]["content"]
    assert read_marker(system) == (kind, "en")
    assert not CJK.search(system), CJK.findall(system)[:10]


@pytest.mark.parametrize("kind", list(RequestKind))
def test_every_builder_writes_a_chinese_system_prompt_for_zh(
    kind: RequestKind, builders: dict[RequestKind, Builder]
) -> None:
    messages = builders[kind]("zh-CN")
    assert [m["role"] for m in messages] == ["system", "user"]
    system = messages[0]["content"]
    assert read_marker(system) == (kind, "zh-CN")
    # Mostly Chinese prose, not an English prompt with a Chinese header.
    prose = system.split("风险类型 id：")[0]
    assert len(CJK.findall(prose)) > 100
