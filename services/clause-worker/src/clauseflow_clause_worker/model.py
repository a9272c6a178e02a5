"""What the worker needs of the LLM client, and turning its usage figures into ``LLMUsage``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from clauseflow_contracts.review import LLMUsage


class ChatModel(Protocol):
    """The part of ``clauseflow_platform.llm.LLMClient`` the clause agent uses."""

    async def chat(
        self,
        messages: Sequence[dict[str, Any]],
        *,
        temperature: float | None = None,
        response_json: bool = False,
    ) -> Any: ...

    async def chat_with_tools(
        self,
        messages: Sequence[dict[str, Any]],
        tools: Sequence[dict[str, Any]],
        *,
        temperature: float | None = None,
    ) -> Any: ...


def usage_of(answer: Any) -> LLMUsage:
    """The usage of one LLM answer as ``LLMUsage`` (one call), whatever shape the client reports it in."""
    raw = getattr(answer, "usage", None)
    if isinstance(raw, LLMUsage):
        return raw if raw.calls else LLMUsage(calls=1, **raw.model_dump(exclude={"calls"}))
    prompt = int(getattr(raw, "prompt_tokens", 0) or 0)
    completion = int(getattr(raw, "completion_tokens", 0) or 0)
    return LLMUsage(calls=1, prompt_tokens=prompt, completion_tokens=completion)


def model_id(llm: ChatModel | object) -> str:
    """The id of the model ``llm`` talks to (the LLM client's ``LLM_MODEL``; "" when it does not say)."""
    return str(getattr(llm, "model", "") or "")
