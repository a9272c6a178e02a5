"""Chat messages and tool definitions as the OpenAI chat-completions API takes them, typed.

These are the subset of the ``openai`` SDK's request types (``openai.types.chat``) that
clauseflow sends: the same keys, the same required keys, the same role literals (a unit test
keeps them in step with the SDK: ``tests/unit/llm/test_chat_types.py``). They are declared here
rather than imported from the SDK because the prompts that build them live in this package,
which has no I/O and does not install ``openai``; and our narrower value types (``content`` is
always text) let the code that reads a transcript back do so without ``isinstance`` checks.

The SDK name each type mirrors is given in its docstring.
"""

from __future__ import annotations

from typing import Literal, Required, TypeAlias, TypedDict


class FunctionCall(TypedDict):
    """What a tool call invokes (SDK: ``chat_completion_message_function_tool_call_param.Function``)."""

    name: str
    arguments: str


class ToolCallMessage(TypedDict):
    """One tool call in an assistant message (SDK: ``ChatCompletionMessageFunctionToolCallParam``)."""

    id: str
    type: Literal["function"]
    function: FunctionCall


class SystemMessage(TypedDict):
    """The instructions (SDK: ``ChatCompletionSystemMessageParam``)."""

    role: Literal["system"]
    content: str


class UserMessage(TypedDict):
    """The request (SDK: ``ChatCompletionUserMessageParam``)."""

    role: Literal["user"]
    content: str


class AssistantMessage(TypedDict, total=False):
    """A model turn replayed: text, tool calls or both (SDK: ``ChatCompletionAssistantMessageParam``)."""

    role: Required[Literal["assistant"]]
    content: str | None
    tool_calls: list[ToolCallMessage]


class ToolMessage(TypedDict):
    """A tool's result, answering one tool call by its id (SDK: ``ChatCompletionToolMessageParam``)."""

    role: Literal["tool"]
    tool_call_id: str
    content: str


ChatMessage: TypeAlias = SystemMessage | UserMessage | AssistantMessage | ToolMessage
"""One message of a conversation (SDK: ``ChatCompletionMessageParam``)."""


class FunctionSpec(TypedDict, total=False):
    """A function the model may call: name, what it does, its JSON Schema (SDK: ``FunctionDefinition``)."""

    name: Required[str]
    description: str
    parameters: dict[str, object]


class ToolSpec(TypedDict):
    """A tool offered to the model (SDK: ``ChatCompletionFunctionToolParam``)."""

    type: Literal["function"]
    function: FunctionSpec


class ToolName(TypedDict):
    """The tool a named tool choice forces (SDK: ``chat_completion_named_tool_choice_param.Function``)."""

    name: str


class NamedToolChoice(TypedDict):
    """Force one tool (SDK: ``ChatCompletionNamedToolChoiceParam``)."""

    type: Literal["function"]
    function: ToolName


ToolChoice: TypeAlias = Literal["none", "auto", "required"] | NamedToolChoice
"""Which tool, if any, the model must call (SDK: ``ChatCompletionToolChoiceOptionParam``, functions only)."""
