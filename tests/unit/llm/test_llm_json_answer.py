"""parse_json_answer: tolerant of how real models wrap JSON, clear when there is none."""

from __future__ import annotations

import pytest
from clauseflow_contracts.errors import LLMError
from clauseflow_platform.llm import LLMBadAnswer, parse_json_answer


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[{"risk_level": "high", "description": "test"}]', [{"risk_level": "high", "description": "test"}]),
        ("[]", []),
        ('```json\n[{"a": 1}]\n```', [{"a": 1}]),
        ('```\n[{"a": 1}]\n```', [{"a": 1}]),
        ('Here is my analysis:\n[{"a": 1}]\nHope this helps.', [{"a": 1}]),
        ('{"risks": [{"a": 1}]}', [{"a": 1}]),
        ('Result: ```json\n{"redlines": []}\n```', []),
        ('{"findings": [{"a": 1}]}', [{"a": 1}]),
        ('<think>maybe [1, 2]? no.</think>\n[{"a": 1}]', [{"a": 1}]),
        ('[{"a": 1},]', [{"a": 1}]),
        ('```json\n[{"a": 1}]', [{"a": 1}]),
        ('{"risk_type": "claim_time_bar"}', [{"risk_type": "claim_time_bar"}]),
        ('[{"text": "uses [brackets] and {braces}"}]', [{"text": "uses [brackets] and {braces}"}]),
    ],
)
def test_a_list_is_found_however_it_is_wrapped(text: str, expected: list[object]) -> None:
    assert parse_json_answer(text, expect="list") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"passed": true, "issues": []}', {"passed": True, "issues": []}),
        ('Verdict:\n```json\n{"passed": false, "issues": ["x"]}\n```', {"passed": False, "issues": ["x"]}),
        ('[{"should_adjust": false}]', {"should_adjust": False}),
        ('Sure. {"should_adjust": false} Anything else?', {"should_adjust": False}),
    ],
)
def test_an_object_is_found_however_it_is_wrapped(text: str, expected: dict[str, object]) -> None:
    assert parse_json_answer(text, expect="object") == expected


@pytest.mark.parametrize("text", ["", "   ", None, "<think>only thinking</think>"])
def test_an_empty_answer_is_a_bad_answer(text: str | None) -> None:
    with pytest.raises(LLMBadAnswer, match="empty answer"):
        parse_json_answer(text, expect="list")


def test_prose_without_json_is_a_bad_answer_quoting_the_text() -> None:
    with pytest.raises(LLMBadAnswer, match="no JSON list: 'not json'"):
        parse_json_answer("not json", expect="list")


def test_truncated_json_is_a_bad_answer() -> None:
    with pytest.raises(LLMBadAnswer):
        parse_json_answer('[{"risk_type": "claim_time_bar", "risk_level": ', expect="list")


def test_json_of_the_wrong_shape_is_a_bad_answer() -> None:
    with pytest.raises(LLMBadAnswer, match="not a JSON object"):
        parse_json_answer("[1, 2, 3]", expect="object")


def test_bad_answers_are_llm_errors() -> None:
    with pytest.raises(LLMError):
        parse_json_answer("nothing", expect="object")


def test_an_unknown_expectation_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="expect must be"):
        parse_json_answer("[]", expect="tuple")  # type: ignore[arg-type]
