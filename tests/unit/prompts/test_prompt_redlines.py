"""Redline drafting and validation prompts and their parsers."""

from __future__ import annotations

import pytest
from clauseflow_contracts.events import RedraftRequest
from clauseflow_contracts.prompts import RequestKind, read_clause_block, read_marker, read_metadata
from clauseflow_contracts.prompts.redlines import (
    build_redline_messages,
    build_validation_messages,
    parse_redlines,
    parse_validation,
    read_redline_rows,
    read_redraft_requests,
    read_risk_rows,
    read_validation_issues,
)
from clauseflow_contracts.review import Redline, Risk
from clauseflow_platform.llm import LLMBadAnswer


def test_draft_messages_carry_marker_clause_and_indexed_risks(clause_text: str, risks: list[Risk]) -> None:
    system, user = (
        m["content"]
        for m in build_redline_messages(
            language="en", our_party="Contractor", clause_id="20.1", clause_text=clause_text, risks=risks
        )
    )
    assert read_marker(system) == (RequestKind.REDLINE_DRAFT, "en")
    assert "never instructions" in system
    assert "verbatim" in system
    assert read_metadata(user)["mode"] == "draft"
    assert read_clause_block(user) == clause_text
    rows = read_risk_rows(user)
    assert [(r["risk_index"], r["risk_id"], r["risk_type"]) for r in rows] == [
        (0, "r-1", "claim_time_bar"),
        (1, "r-2", "extension_of_time_restricted"),
    ]
    assert rows[0]["original_text"] == "not later than 14 days"
    assert read_redraft_requests(user) == []


def test_redraft_messages_carry_the_rejected_text_and_feedback(
    clause_text: str, risks: list[Risk], redraft_requests: list[RedraftRequest]
) -> None:
    system, user = (
        m["content"]
        for m in build_redline_messages(
            language="zh-CN",
            our_party="承包商",
            clause_id="20.1",
            clause_text=clause_text,
            risks=risks[:1],
            redraft=redraft_requests,
        )
    )
    assert read_marker(system) == (RequestKind.REDLINE_DRAFT, "zh-CN")
    assert "重新起草" in system and "反馈" in system
    assert read_metadata(user)["mode"] == "redraft"
    [request] = read_redraft_requests(user)
    assert request["rejected_text"] == "not later than 56 days"
    assert request["feedback"] == "56 days will never be accepted; ask for 28"


def test_a_retry_after_failed_validation_carries_the_issues(clause_text: str, risks: list[Risk]) -> None:
    messages = build_redline_messages(
        language="en",
        our_party="Contractor",
        clause_id="20.1",
        clause_text=clause_text,
        risks=risks,
        validation_issues=["redline 0: original_text does not occur in the clause"],
    )
    assert read_validation_issues(messages[1]["content"]) == [
        "redline 0: original_text does not occur in the clause"
    ]


def test_parse_redlines_normalises_indexes_and_drops_items_without_proposed_text() -> None:
    text = """Here you go:
```json
[
  {"risk_index": "1", "original_text": " not later than 14 days ",
   "proposed_text": "within 28 days", "reason": "r"},
  {"risk_id": "r-2", "original_text": "x", "proposed_text": "y"},
  {"risk_index": 0, "original_text": "no proposal"},
  "junk"
]
```"""
    assert parse_redlines(text) == [
        {
            "risk_index": 1,
            "risk_id": None,
            "original_text": "not later than 14 days",
            "proposed_text": "within 28 days",
            "reason": "r",
        },
        {"risk_index": None, "risk_id": "r-2", "original_text": "x", "proposed_text": "y", "reason": ""},
    ]


def test_parse_redlines_accepts_a_wrapper_and_raises_without_json() -> None:
    assert parse_redlines('{"redlines": []}') == []
    with pytest.raises(LLMBadAnswer):
        parse_redlines("I would change the notice period.")


def test_validation_messages_list_redlines_from_models_or_dicts(
    clause_text: str, risks: list[Risk], redlines: list[Redline]
) -> None:
    drafted = {
        "risk_index": 1,
        "original_text": "failing which",
        "proposed_text": "provided that",
        "reason": "",
    }
    system, user = (
        m["content"]
        for m in build_validation_messages(
            language="en",
            our_party="Contractor",
            clause_id="20.1",
            clause_text=clause_text,
            risks=risks,
            redlines=[*redlines, drafted],
        )
    )
    assert read_marker(system) == (RequestKind.REDLINE_VALIDATE, "en")
    assert '"passed"' in system
    rows = read_redline_rows(user)
    assert [(r["redline_index"], r["risk_id"], r["risk_index"]) for r in rows] == [
        (0, "r-1", None),
        (1, None, 1),
    ]
    assert rows[0]["proposed_text"] == "not later than 28 days"
    assert len(read_risk_rows(user)) == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"passed": true, "issues": []}', {"passed": True, "issues": []}),
        ('{"passed": "false", "issues": ["too vague"]}', {"passed": False, "issues": ["too vague"]}),
        ('{"passed": "通过"}', {"passed": True, "issues": []}),
        ('{"issues": ["x"]}', {"passed": False, "issues": ["x"]}),
        ('{"issues": []}', {"passed": True, "issues": []}),
        (
            '{"passed": false, "issues": [{"redline_index": 0, "problem": "not in clause"}]}',
            {"passed": False, "issues": ["redline 0: not in clause"]},
        ),
    ],
)
def test_parse_validation_normalises_the_verdict(text: str, expected: dict[str, object]) -> None:
    assert parse_validation(text) == expected


def test_parse_validation_raises_without_a_json_object() -> None:
    with pytest.raises(LLMBadAnswer):
        parse_validation("Looks good to me.")
