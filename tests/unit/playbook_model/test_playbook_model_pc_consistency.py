"""A FIDIC clause restating another sub-clause's period is checked against the Particular Conditions.

The merged GC+PC text no longer shows what was amended, so the consistency check is chosen for any
clause that states a period next to a reference; and it must not crowd out the reference check.
"""

from __future__ import annotations

import json
from typing import Any

from clauseflow_contracts.prompts.clause_review import build_react_messages, parse_risks
from model_fixtures import tool
from openai import AsyncOpenAI

STALE = (
    "A claim for an extension shall be considered only if the Contractor has given a Notice of Claim "
    "within twenty-eight (28) days under Sub-Clause 20.1 [Claims]."
)
TEXT = (
    "8.4 Extension of Time\nThe Contractor shall be entitled to an extension of the Time for Completion "
    f"for a Variation. {STALE} Costs are payable in the currencies of Sub-Clause 14.19."
)
OFFERED = (
    "get_clause_context",
    "extract_financial_terms",
    "resolve_definition",
    "fidic_calculate_time_bar",
    "fidic_check_pc_consistency",
    "cross_reference_check",
)


def _skill(name: str, clause_id: str) -> dict[str, Any]:
    if name == "fidic_check_pc_consistency":
        return {
            "clause_id": clause_id,
            "has_particular_conditions": True,
            "issues": [
                {
                    "kind": "period_mismatch",
                    "risk_type": "internal_inconsistency",
                    "clause_id": "8.4",
                    "related_clause_id": "20.1",
                    "description": "Sub-Clause 20.1 now gives 14 days; 8.4 still states 28 days",
                    "evidence": STALE,
                }
            ],
        }
    if name == "cross_reference_check":
        return {
            "clause_id": clause_id,
            "references": [
                {"raw": "Sub-Clause 20.1", "target": "20.1", "resolved": True},
                {"raw": "Sub-Clause 14.19", "target": "14.19", "resolved": False},
            ],
            "issues": ["'Sub-Clause 14.19' refers to a clause that does not exist in this contract"],
        }
    if name == "get_clause_context":
        return {"clause_id": clause_id, "title": "Extension of Time", "text": TEXT, "children": []}
    return {"clause_id": clause_id}


async def test_a_restated_period_is_checked_for_pc_consistency_alongside_the_references(
    llm: AsyncOpenAI,
) -> None:
    messages: list[dict[str, Any]] = build_react_messages(
        language="en",
        our_party="Contractor (Huaxin Engineering Ltd)",
        clause_id="8.4",
        clause_name="Extension of Time",
        clause_text=TEXT,
        domain="fidic",
    )
    tools = [tool(name) for name in OFFERED]
    called: list[str] = []
    answer = ""
    for _ in range(4):
        response = await llm.chat.completions.create(
            model="clauseflow-playbook", messages=messages, tools=tools
        )
        message = response.choices[0].message
        if not message.tool_calls:
            answer = message.content or ""
            break
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:
            called.append(call.function.name)
            result = _skill(call.function.name, json.loads(call.function.arguments)["clause_id"])
            messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)})
    assert {"fidic_check_pc_consistency", "cross_reference_check"} <= set(called)
    risks = {r["risk_type"]: r for r in parse_risks(answer)}
    assert risks["internal_inconsistency"]["original_text"] == STALE
    assert "broken_cross_reference" in risks


async def test_a_chinese_sub_clause_restating_a_claim_period_is_checked_too(llm: AsyncOpenAI) -> None:
    text = "8.4 竣工时间的延长\n承包商应在二十八（28）天内根据第20.1款发出索赔通知，否则无权获得工期延长。"
    messages: list[dict[str, Any]] = build_react_messages(
        language="zh-CN",
        our_party="承包商（华信工程有限公司）",
        clause_id="8.4",
        clause_name="竣工时间的延长",
        clause_text=text,
        domain="fidic",
    )
    response = await llm.chat.completions.create(
        model="clauseflow-playbook", messages=messages, tools=[tool(name) for name in OFFERED]
    )
    called = {call.function.name for call in response.choices[0].message.tool_calls or []}
    assert {"fidic_check_pc_consistency", "cross_reference_check"} <= called
