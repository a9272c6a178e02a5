"""Tool-result handling: truncation with the original length, argument checks, errors as text."""

from __future__ import annotations

from clauseflow_clause_worker.tools import TRUNCATION_NOTE, error_text, parse_arguments, truncate
from clauseflow_platform.llm import ToolCall


def test_short_results_are_unchanged() -> None:
    assert truncate("hello", 100) == "hello"


def test_long_results_are_cut_and_say_how_long_the_original_was() -> None:
    text = "x" * 5000
    cut = truncate(text, 100)
    assert cut.startswith("x" * 100)
    assert len(cut) < 200
    assert cut.endswith(TRUNCATION_NOTE.format(n=5000))


def test_errors_start_with_the_error_marker() -> None:
    assert error_text("boom") == "ERROR: boom"


def test_malformed_arguments_are_reported_not_guessed() -> None:
    call = ToolCall("c1", "get_clause_context", {}, '{"clause_id": "1"', "bad")
    args, reason = parse_arguments(call)
    assert args is None
    assert "not valid JSON" in reason


def test_arguments_that_are_not_an_object_are_reported() -> None:
    args, reason = parse_arguments(ToolCall("c1", "t", {}, "[1, 2]", "bad"))
    assert args is None
    assert "JSON object" in reason


def test_empty_arguments_mean_no_arguments() -> None:
    assert parse_arguments(ToolCall("c1", "t", {}, "")) == ({}, "")
