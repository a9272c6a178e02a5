"""The LLM client for any OpenAI-compatible endpoint, usage accounting and tolerant JSON parsing."""

from clauseflow_contracts.json_answer import parse_json_answer
from clauseflow_contracts.llm_errors import LLMBadAnswer, LLMError, LLMRequestRejected, LLMUnavailable

from clauseflow_platform.llm.client import ChatAnswer, LLMClient, ToolCall, ToolTurn, parse_tool_arguments
from clauseflow_platform.llm.usage import UsageMeter

__all__ = [
    "ChatAnswer",
    "LLMBadAnswer",
    "LLMClient",
    "LLMError",
    "LLMRequestRejected",
    "LLMUnavailable",
    "ToolCall",
    "ToolTurn",
    "UsageMeter",
    "parse_json_answer",
    "parse_tool_arguments",
]
