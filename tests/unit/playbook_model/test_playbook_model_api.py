"""The playbook model speaks the OpenAI chat-completions protocol and reviews like a careful lawyer."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.prompts.clause_review import (
    build_fixed_path_messages,
    build_react_messages,
    parse_risks,
)
from clauseflow_contracts.prompts.planning import build_adjust_messages, build_plan_messages
from clauseflow_contracts.prompts.redlines import (
    build_redline_messages,
    build_validation_messages,
    parse_redlines,
    parse_validation,
)
from clauseflow_contracts.prompts.summary import build_summary_messages
from clauseflow_contracts.review import ChecklistItem, ClausePlan, Depth, Redline, Risk
from model_fixtures import tool
from openai import AsyncOpenAI, BadRequestError

CAP_CLAUSE = (
    "Provider's total aggregate liability arising out of this Agreement shall not exceed the fees paid by "
    "Customer in the three (3) months immediately preceding the event giving rise to the liability, as set out in Section 4.2."
)
ZH_CLAUSE = "甲方有权随时解除本合同，无需向乙方支付任何补偿。乙方应在收到甲方通知后三日内撤场。"
TOOLS = [
    tool("get_clause_context"),
    tool("extract_financial_terms"),
    tool("cross_reference_check"),
    tool("search_reference_doc", {"query": {"type": "string"}, "top_k": {"type": ["integer", "null"]}}),
]


def _react(
    clause: str, *, lang: str = "en", our_party: str = "Customer", clause_id: str = "13.2"
) -> list[dict[str, Any]]:
    return build_react_messages(
        language=lang,
        our_party=our_party,
        clause_id=clause_id,
        clause_name="Limitation of Liability",
        clause_text=clause,
        domain="generic",
        suggested_tools=[("search_reference_doc", "search the reference documents")],
    )


async def _run_react(
    llm: AsyncOpenAI, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
) -> tuple[list[Any], str]:
    """Drive the ReAct loop like the worker: execute tool calls with canned results until an answer."""
    turns: list[Any] = []
    for _ in range(5):
        response = await llm.chat.completions.create(
            model="clauseflow-playbook", messages=messages, tools=tools
        )
        message = response.choices[0].message
        turns.append(message)
        if not message.tool_calls:
            return turns, message.content or ""
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:
            args = json.loads(call.function.arguments)
            result = {"clause_id": args.get("clause_id"), "text": "(context)", "references": []}
            messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)})
    raise AssertionError("the model kept calling tools")


async def test_models_lists_the_playbook_model(llm: AsyncOpenAI) -> None:
    models = await llm.models.list()
    assert [m.id for m in models.data] == ["clauseflow-playbook"]


async def test_first_turn_calls_context_and_tools_chosen_from_the_clause(llm: AsyncOpenAI) -> None:
    response = await llm.chat.completions.create(
        model="clauseflow-playbook", messages=_react(CAP_CLAUSE), tools=TOOLS
    )
    choice = response.choices[0]
    assert choice.finish_reason == "tool_calls"
    names = [c.function.name for c in choice.message.tool_calls or []]
    assert names[0] == "get_clause_context"
    assert "extract_financial_terms" in names  # the clause has amounts and periods
    assert "cross_reference_check" in names  # it refers to Section 4.2
    assert "search_reference_doc" in names  # suggested by the checklist and offered
    for call in choice.message.tool_calls or []:
        args = json.loads(call.function.arguments)
        assert args["clause_id"] == "13.2"
        if call.function.name == "search_reference_doc":
            assert set(args) == {"clause_id", "query", "top_k"}  # strict schemas: every property filled
    assert response.usage is not None and response.usage.prompt_tokens > 100


async def test_only_offered_tools_are_called(llm: AsyncOpenAI) -> None:
    response = await llm.chat.completions.create(
        model="clauseflow-playbook", messages=_react(CAP_CLAUSE), tools=[tool("get_clause_context")]
    )
    assert [c.function.name for c in response.choices[0].message.tool_calls or []] == ["get_clause_context"]


async def test_after_tool_results_the_answer_is_the_risks_for_our_party(llm: AsyncOpenAI) -> None:
    turns, answer = await _run_react(llm, _react(CAP_CLAUSE), TOOLS)
    assert len(turns) == 2
    risks = parse_risks(answer)
    assert [r["risk_type"] for r in risks] == ["liability_cap_inadequate"]
    assert risks[0]["risk_level"] == "high"
    assert risks[0]["original_text"] in CAP_CLAUSE


async def test_the_same_cap_is_no_risk_for_the_provider(llm: AsyncOpenAI) -> None:
    _, answer = await _run_react(llm, _react(CAP_CLAUSE, our_party="Provider"), TOOLS)
    assert parse_risks(answer) == []


async def test_tool_errors_do_not_stop_the_review(llm: AsyncOpenAI) -> None:
    messages = _react(CAP_CLAUSE)
    first = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages, tools=TOOLS)
    messages.append(first.choices[0].message.model_dump(exclude_none=True))
    for call in first.choices[0].message.tool_calls or []:
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "ERROR: NOT_FOUND: clause 13.2"})
    final = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages, tools=TOOLS)
    assert final.choices[0].finish_reason == "stop"
    assert [r["risk_type"] for r in parse_risks(final.choices[0].message.content)] == [
        "liability_cap_inadequate"
    ]


async def test_a_chinese_review_writes_findings_in_chinese(llm: AsyncOpenAI) -> None:
    _, answer = await _run_react(
        llm, _react(ZH_CLAUSE, lang="zh-CN", our_party="乙方", clause_id="8.1"), TOOLS
    )
    risks = parse_risks(answer)
    assert "termination_for_convenience" in [r["risk_type"] for r in risks]
    for risk in risks:
        assert re.search(r"[\u4e00-\u9fff]", risk["description"])
        assert risk["original_text"] in ZH_CLAUSE


async def test_the_fixed_path_answers_at_once_using_skill_results(llm: AsyncOpenAI) -> None:
    clause = "Payment shall be made in the currency stated in Sub-Clause 14.15."
    messages = build_fixed_path_messages(
        language="en",
        our_party="Contractor",
        clause_id="14.6",
        clause_name="Payment",
        clause_text=clause,
        domain="fidic",
        skill_context={
            "cross_reference_check": {"references": [{"raw": "Sub-Clause 14.15", "resolved": False}]}
        },
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    assert response.choices[0].message.tool_calls is None
    risks = parse_risks(response.choices[0].message.content)
    assert [r["risk_type"] for r in risks] == ["broken_cross_reference"]


async def test_answers_are_deterministic(llm: AsyncOpenAI) -> None:
    first = await _run_react(llm, _react(CAP_CLAUSE), TOOLS)
    second = await _run_react(llm, _react(CAP_CLAUSE), TOOLS)
    assert first[1] == second[1]
    assert [t.tool_calls for t in first[0]] == [t.tool_calls for t in second[0]]


def _risk(clause: str, our_party: str) -> Risk:
    from clauseflow_legal.analysis import analyse_clause

    found = analyse_clause(clause, our_party=our_party)[0]
    return Risk(id="risk_1", clause_id="13.2", **found)


async def test_redlines_quote_the_clause_and_rewrite_it(llm: AsyncOpenAI) -> None:
    risk = _risk(CAP_CLAUSE, "Customer")
    messages = build_redline_messages(
        language="en", our_party="Customer", clause_id="13.2", clause_text=CAP_CLAUSE, risks=[risk]
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    redlines = parse_redlines(response.choices[0].message.content)
    assert len(redlines) == 1
    assert redlines[0]["risk_index"] == 0 and redlines[0]["risk_id"] == "risk_1"
    assert redlines[0]["original_text"] in CAP_CLAUSE
    assert "twelve (12) months" in redlines[0]["proposed_text"]


async def _redraft_cap(llm: AsyncOpenAI, rejected: str, feedback: str) -> list[dict[str, Any]]:
    """The playbook model's redlines of the cap clause after ``rejected`` was turned down with ``feedback``."""
    risk = _risk(CAP_CLAUSE, "Customer")
    request = RedraftRequest(
        redline_id="rl_1",
        risk_id="risk_1",
        original_text=risk.original_text,
        rejected_text=rejected,
        feedback=feedback,
    )
    messages = build_redline_messages(
        language="en",
        our_party="Customer",
        clause_id="13.2",
        clause_text=CAP_CLAUSE,
        risks=[risk],
        redraft=[request] if rejected else [],
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    return parse_redlines(response.choices[0].message.content)


async def test_a_redraft_follows_the_reviewers_feedback(llm: AsyncOpenAI) -> None:
    rejected = CAP_CLAUSE.replace("three (3) months", "twelve (12) months")
    redlines = await _redraft_cap(
        llm, rejected, "Twelve months will not be accepted; propose a cap of 6 months of fees."
    )
    assert len(redlines) == 1
    assert redlines[0]["proposed_text"] != rejected
    assert "six (6) months" in redlines[0]["proposed_text"]
    assert "feedback" in redlines[0]["reason"]


async def test_a_redraft_that_cannot_meet_the_feedback_says_so_instead_of_padding_the_text(
    llm: AsyncOpenAI,
) -> None:
    rejected = (await _redraft_cap(llm, "", ""))[0]["proposed_text"]  # the first draft, turned down
    proposed = (await _redraft_cap(llm, rejected, "Please make it friendlier in tone."))[0]["proposed_text"]
    assert proposed.startswith(rejected.rstrip())
    assert "[Note to draft:" in proposed and "Please make it friendlier in tone" in proposed
    assert "in good faith" not in proposed


async def test_validation_passes_good_redlines_and_names_bad_ones(llm: AsyncOpenAI) -> None:
    risk = _risk(CAP_CLAUSE, "Customer")
    good = Redline(
        id="rl_1",
        clause_id="13.2",
        risk_id="risk_1",
        original_text=risk.original_text,
        proposed_text=risk.original_text.replace("three (3) months", "twelve (12) months"),
    )
    bad = {"risk_id": "risk_1", "original_text": "the fees are low", "proposed_text": "better fees"}
    ok = await llm.chat.completions.create(
        model="clauseflow-playbook",
        messages=build_validation_messages(
            language="en",
            our_party="Customer",
            clause_id="13.2",
            clause_text=CAP_CLAUSE,
            risks=[risk],
            redlines=[good],
        ),
    )
    assert parse_validation(ok.choices[0].message.content) == {"passed": True, "issues": []}
    nok = await llm.chat.completions.create(
        model="clauseflow-playbook",
        messages=build_validation_messages(
            language="zh-CN",
            our_party="Customer",
            clause_id="13.2",
            clause_text=CAP_CLAUSE,
            risks=[risk],
            redlines=[good, bad],
        ),
    )
    verdict = parse_validation(nok.choices[0].message.content)
    assert verdict["passed"] is False
    assert len(verdict["issues"]) == 1 and "第1条" in verdict["issues"][0]


async def test_the_plan_goes_deep_on_money_and_quick_on_definitions(llm: AsyncOpenAI) -> None:
    checklist = [
        ChecklistItem(clause_id="1", clause_name="Definitions", priority="low"),
        ChecklistItem(clause_id="13", clause_name="Limitation of Liability", priority="high"),
        ChecklistItem(clause_id="20.1", clause_name="Contractor's Claims", priority="critical"),
        ChecklistItem(
            clause_id="14",
            clause_name="Payment",
            priority="medium",
            required_skills=("extract_financial_terms",),
        ),
        ChecklistItem(clause_id="22", clause_name="Notices", priority="low"),
    ]
    tools = [
        "get_clause_context",
        "extract_financial_terms",
        "fidic_calculate_time_bar",
        "compare_with_baseline",
    ]
    messages = build_plan_messages(
        checklist=checklist, domain="fidic", material_type="EPC", available_tools=tools, language="en"
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    plan = json.loads(response.choices[0].message.content or "{}")
    by_id = {p["clause_id"]: p for p in plan["clause_plans"]}
    assert set(by_id) == {"1", "13", "20.1", "14", "22"}
    assert by_id["1"]["analysis_depth"] == "quick" and by_id["1"]["skip_diffs"] is True
    assert by_id["22"]["analysis_depth"] == "quick"
    assert by_id["20.1"]["analysis_depth"] == "deep" and by_id["20.1"]["max_iterations"] == 5
    assert by_id["13"]["analysis_depth"] == "deep"
    assert (
        by_id["14"]["analysis_depth"] == "standard"
        and "extract_financial_terms" in by_id["14"]["suggested_tools"]
    )
    assert by_id["20.1"]["priority_order"] == 0
    assert all(set(p["suggested_tools"]) <= set(tools) for p in plan["clause_plans"])
    assert plan["estimated_depth_distribution"] == {"quick": 2, "standard": 1, "deep": 2}


async def test_a_clause_no_subject_recognised_is_reviewed_in_full_not_as_boilerplate(
    llm: AsyncOpenAI,
) -> None:
    # The checklist describes such a clause as "(general)": that is not a "General provisions" title.
    checklist = [
        ChecklistItem(
            clause_id="4", clause_name="DELIVERY", priority="medium", description="Review clause 4 (general)"
        ),
        ChecklistItem(
            clause_id="15",
            clause_name="General Provisions",
            priority="low",
            description="Review clause 15 (boilerplate)",
        ),
    ]
    messages = build_plan_messages(
        checklist=checklist,
        domain="generic",
        material_type="txt",
        available_tools=["get_clause_context"],
        language="en",
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    by_id = {
        p["clause_id"]: p for p in json.loads(response.choices[0].message.content or "{}")["clause_plans"]
    }
    assert by_id["4"]["analysis_depth"] == "standard" and by_id["4"]["skip_diffs"] is False
    assert by_id["15"]["analysis_depth"] == "quick"


async def test_a_boilerplate_heading_over_a_liability_cap_is_planned_by_what_the_clause_does(
    llm: AsyncOpenAI,
) -> None:
    # "Miscellaneous" alone reads as boilerplate; the checklist's clause types say it caps liability.
    def item(clause_id: str, types: tuple[str, ...]) -> ChecklistItem:
        return ChecklistItem(
            clause_id=clause_id,
            clause_name="Miscellaneous",
            priority="medium",
            description=f"Review clause {clause_id} (general)",
            clause_types=types,
        )

    messages = build_plan_messages(
        checklist=[item("9", ("cap_on_liability",)), item("10", ())],
        domain="generic",
        material_type="txt",
        available_tools=["get_clause_context", "extract_financial_terms", "compare_with_baseline"],
        language="en",
    )
    assert '"clause_types": ["cap_on_liability"]' in messages[1]["content"]
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    by_id = {
        p["clause_id"]: p for p in json.loads(response.choices[0].message.content or "{}")["clause_plans"]
    }
    assert by_id["9"]["analysis_depth"] == "standard"
    assert "extract_financial_terms" in by_id["9"]["suggested_tools"]
    assert "cap_on_liability" in by_id["9"]["rationale"]
    assert by_id["10"]["analysis_depth"] == "quick"


async def test_a_high_risk_names_the_related_clauses_but_keeps_the_plan(llm: AsyncOpenAI) -> None:
    # Asked after every result, in the order results arrive: a deepened clause would depend on
    # timing, and this model reads a clause with the same rules at any depth.
    remaining = [
        ClausePlan(clause_id="17", clause_name="Indemnities", analysis_depth=Depth.STANDARD),
        ClausePlan(clause_id="18", clause_name="Insurance", analysis_depth=Depth.QUICK),
        ClausePlan(clause_id="22", clause_name="Notices", analysis_depth=Depth.QUICK),
    ]
    risk = {"risk_type": "uncapped_liability", "risk_level": "high", "description": "uncapped"}
    messages = build_adjust_messages(
        current_clause_id="17.4",
        risks=[risk],
        remaining_plan=remaining,
        completed=3,
        total=5,
        language="en",
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    adjustment = json.loads(response.choices[0].message.content or "{}")
    assert adjustment["should_adjust"] is False
    assert "17, 18" in adjustment["reason"] and "22" not in adjustment["reason"]
    calm = build_adjust_messages(
        current_clause_id="3", risks=[], remaining_plan=remaining, completed=1, total=5, language="en"
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=calm)
    assert json.loads(response.choices[0].message.content or "{}")["should_adjust"] is False


@pytest.mark.parametrize(("lang", "needle"), [("zh-CN", "审查总结"), ("en", "Review summary")])
async def test_the_summary_is_written_in_the_requested_language(
    llm: AsyncOpenAI, lang: str, needle: str
) -> None:
    risk = _risk(CAP_CLAUSE, "Customer")
    messages = build_summary_messages(
        language=lang, our_party="Customer", risks=[risk], redlines=[], clause_count=12
    )
    response = await llm.chat.completions.create(model="clauseflow-playbook", messages=messages)
    text = response.choices[0].message.content or ""
    assert needle in text and "13.2" in text


async def test_without_a_marker_a_pasted_clause_is_still_reviewed(llm: AsyncOpenAI) -> None:
    response = await llm.chat.completions.create(
        model="any-name",
        messages=[
            {
                "role": "user",
                "content": "The Client may terminate this Agreement at any time without cause on two (2) days' notice.",
            }
        ],
    )
    assert response.model == "any-name"
    assert "termination_for_convenience" in (response.choices[0].message.content or "")


async def test_unknown_request_fields_are_ignored(playbook_url: str) -> None:
    body = {
        "model": "clauseflow-playbook",
        "messages": _react(CAP_CLAUSE),
        "temperature": 0.1,
        "top_p": 1,
        "seed": 7,
        "response_format": {"type": "json_object"},
        "parallel_tool_calls": True,
        "some_future_field": {"x": 1},
    }
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.post(f"{playbook_url}/chat/completions", json=body)
    assert response.status_code == 200
    assert response.json()["object"] == "chat.completion"


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"model": "m"}, "messages"),
        ({"model": "m", "messages": []}, "messages"),
        ({"model": "m", "messages": [{"role": "wizard", "content": "hi"}]}, "role"),
        ({"model": "m", "messages": [{"role": "user", "content": 42}]}, "content"),
        ({"model": "m", "messages": [{"role": "user", "content": "hi"}], "stream": True}, "stream"),
    ],
)
async def test_invalid_requests_get_an_openai_style_400(
    playbook_url: str, body: dict[str, Any], fragment: str
) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.post(f"{playbook_url}/chat/completions", json=body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert fragment in error["message"] and error["type"] == "invalid_request_error"


async def test_a_body_that_is_not_json_gets_a_400(playbook_url: str) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.post(
            f"{playbook_url}/chat/completions",
            content=b"{not json",
            headers={"content-type": "application/json"},
        )
    assert response.status_code == 400
    assert "not valid JSON" in response.json()["error"]["message"]


async def test_the_sdk_raises_bad_request_for_invalid_input(llm: AsyncOpenAI) -> None:
    with pytest.raises(BadRequestError):
        await llm.chat.completions.create(model="m", messages=[{"role": "wizard", "content": "x"}])  # type: ignore[list-item,misc]
