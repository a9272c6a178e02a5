"""A top-level clause reviewed as one unit still has its sub-clauses' references checked."""

from __future__ import annotations

import json
from typing import Any

from clauseflow_contracts.prompts.clause_review import build_react_messages, parse_risks
from model_fixtures import tool
from openai import AsyncOpenAI

NOTICES = (
    "8. NOTICES\n\n"
    "8.1 Notices shall be in writing and delivered by hand or by email.\n\n"
    "8.2 Any claim by the Supplier shall be subject to the procedure in Clause 23.4."
)


def _skill(name: str, clause_id: str) -> dict[str, Any]:
    """What the real skills return: references of the named clause only, not of its sub-clauses."""
    if name == "get_clause_context":
        return {
            "clause_id": clause_id,
            "title": "NOTICES",
            "text": NOTICES,
            "children": [
                {"clause_id": "8.1", "title": "", "summary": "8.1 Notices shall be in writing."},
                {"clause_id": "8.2", "title": "", "summary": "8.2 Any claim by the Supplier ..."},
            ],
            "references_out": [],
        }
    if name == "cross_reference_check" and clause_id == "8.2":
        return {
            "clause_id": "8.2",
            "references": [{"raw": "Clause 23.4", "target": "23.4", "resolved": False}],
            "issues": ["'Clause 23.4' refers to a clause that does not exist in this contract"],
        }
    return {"clause_id": clause_id, "references": [], "issues": []}


async def test_a_dangling_reference_in_a_sub_clause_is_checked_and_reported(llm: AsyncOpenAI) -> None:
    messages: list[dict[str, Any]] = build_react_messages(
        language="en",
        our_party="Northwind Ltd (the Supplier)",
        clause_id="8",
        clause_name="NOTICES",
        clause_text=NOTICES,
        domain="generic",
    )
    tools = [tool("get_clause_context"), tool("cross_reference_check")]
    checked: list[str] = []
    for _ in range(4):
        response = await llm.chat.completions.create(
            model="clauseflow-playbook", messages=messages, tools=tools
        )
        message = response.choices[0].message
        if not message.tool_calls:
            break
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:
            clause_id = json.loads(call.function.arguments)["clause_id"]
            if call.function.name == "cross_reference_check":
                checked.append(clause_id)
            result = _skill(call.function.name, clause_id)
            messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)})
    assert "8.2" in checked
    risks = parse_risks(message.content or "")
    broken = [r for r in risks if r["risk_type"] == "broken_cross_reference"]
    assert broken and "Clause 23.4" in broken[0]["original_text"]
