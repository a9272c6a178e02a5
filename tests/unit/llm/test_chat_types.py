"""The typed chat messages and tools are the OpenAI SDK's request types, narrowed, never different.

``clauseflow_contracts.chat`` declares its own TypedDicts (the contracts package does not install
``openai``); these tests hold each to the SDK type it mirrors: no key the SDK does not know, the
same required keys, the same literal values. An SDK upgrade that renames or requires a key fails
here, not in a request to a live endpoint.
"""

from __future__ import annotations

import typing
from typing import Literal, NotRequired, Required, get_args, get_origin

import pytest
import typing_extensions
from clauseflow_contracts import chat
from openai.types import shared_params
from openai.types.chat import (
    ChatCompletionAssistantMessageParam,
    ChatCompletionFunctionToolParam,
    ChatCompletionMessageFunctionToolCallParam,
    ChatCompletionMessageParam,
    ChatCompletionNamedToolChoiceParam,
    ChatCompletionSystemMessageParam,
    ChatCompletionToolMessageParam,
    ChatCompletionUserMessageParam,
    chat_completion_message_function_tool_call_param,
    chat_completion_named_tool_choice_param,
)

MIRRORS: list[tuple[type, type]] = [
    (chat.SystemMessage, ChatCompletionSystemMessageParam),
    (chat.UserMessage, ChatCompletionUserMessageParam),
    (chat.AssistantMessage, ChatCompletionAssistantMessageParam),
    (chat.ToolMessage, ChatCompletionToolMessageParam),
    (chat.ToolCallMessage, ChatCompletionMessageFunctionToolCallParam),
    (chat.FunctionCall, chat_completion_message_function_tool_call_param.Function),
    (chat.ToolSpec, ChatCompletionFunctionToolParam),
    (chat.FunctionSpec, shared_params.FunctionDefinition),
    (chat.NamedToolChoice, ChatCompletionNamedToolChoiceParam),
    (chat.ToolName, chat_completion_named_tool_choice_param.Function),
]


def _keys(typed_dict: type) -> tuple[frozenset[str], frozenset[str]]:
    """(all keys, required keys) of a TypedDict, read from its annotations.

    Not from ``__required_keys__``: the SDK's modules postpone their annotations, and then the
    runtime cannot see ``Required[...]`` when the class is made (every key of a ``total=False``
    class reads as optional).
    """
    hints = typing.get_type_hints(typed_dict, include_extras=True)
    total = getattr(typed_dict, "__total__", True)
    required = set()
    for key, hint in hints.items():
        origin = get_origin(hint)
        if origin in (Required, typing_extensions.Required) or (
            total and origin not in (NotRequired, typing_extensions.NotRequired)
        ):
            required.add(key)
    return frozenset(hints), frozenset(required)


def _literal_values(typed_dict: type, key: str) -> tuple[object, ...] | None:
    """The values a key's ``Literal`` type allows, or None when the key is not a literal."""
    hint = typing.get_type_hints(typed_dict)[key]
    return get_args(hint) if get_origin(hint) is Literal else None


@pytest.mark.parametrize(("ours", "sdk"), MIRRORS, ids=lambda t: t.__name__)
def test_every_key_is_one_the_sdk_type_has_and_the_required_keys_are_the_same(ours: type, sdk: type) -> None:
    our_keys, our_required = _keys(ours)
    sdk_keys, sdk_required = _keys(sdk)
    assert our_keys <= sdk_keys, f"{ours.__name__} has keys the SDK does not know: {our_keys - sdk_keys}"
    assert our_required == sdk_required


@pytest.mark.parametrize(("ours", "sdk"), MIRRORS, ids=lambda t: t.__name__)
def test_literal_keys_allow_the_same_values_as_the_sdk(ours: type, sdk: type) -> None:
    our_keys, _ = _keys(ours)
    for key in our_keys:
        expected = _literal_values(sdk, key)
        if expected is not None:
            assert _literal_values(ours, key) == expected, f"{ours.__name__}.{key}"


def test_a_chat_message_is_one_of_the_sdk_message_roles() -> None:
    sdk_roles = {_literal_values(member, "role") for member in get_args(ChatCompletionMessageParam)}
    our_roles = {_literal_values(member, "role") for member in get_args(chat.ChatMessage)}
    assert our_roles == {("system",), ("user",), ("assistant",), ("tool",)}
    assert our_roles <= sdk_roles
