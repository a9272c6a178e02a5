"""What the worker needs of the LLM client: the two calls, with typed messages and answers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from clauseflow_contracts.chat import ChatMessage, ToolSpec
from clauseflow_platform.llm import ChatAnswer, ToolTurn


class ChatModel(Protocol):
    """The part of ``clauseflow_platform.llm.LLMClient`` the clause agent and the drafter use."""

    async def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        temperature: float | None = None,
        response_json: bool = False,
    ) -> ChatAnswer:
        """One completion without tools."""
        ...

    async def chat_with_tools(
        self,
        messages: Sequence[ChatMessage],
        tools: Sequence[ToolSpec],
        *,
        temperature: float | None = None,
    ) -> ToolTurn:
        """One turn of a tool loop."""
        ...


def model_id(llm: ChatModel | object) -> str:
    """The id of the model ``llm`` talks to (the LLM client's ``LLM_MODEL``; "" when it does not say)."""
    return str(getattr(llm, "model", "") or "")
