"""The LLM client for any OpenAI-compatible endpoint, usage accounting and tolerant JSON parsing."""

from clauseflow_shared.llm.client import ChatAnswer, LLMClient, ToolCall, ToolTurn, parse_tool_arguments
from clauseflow_shared.llm.errors import LLMBadAnswer, LLMError, LLMRequestRejected, LLMUnavailable
from clauseflow_shared.llm.json_answer import parse_json_answer
from clauseflow_shared.llm.usage import UsageMeter

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
