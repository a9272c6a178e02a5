"""The OpenAI chat-completions wire format: request validation, responses, usage, errors."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from clauseflow_contracts.errors import InvalidInput

_ROLES = {"system", "developer", "user", "assistant", "tool", "function"}


@dataclass(frozen=True)
class Message:
    """One chat message with its content flattened to text."""

    role: str
    content: str
    tool_calls: tuple[dict[str, Any], ...] = ()
    tool_call_id: str = ""
    name: str = ""


@dataclass(frozen=True)
class ChatRequest:
    """The parts of a chat-completions request the model uses; unknown fields are ignored."""

    model: str
    messages: tuple[Message, ...]
    tools: tuple[dict[str, Any], ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def tool_names(self) -> list[str]:
        """Names of the functions offered."""
        names = []
        for tool in self.tools:
            fn = tool.get("function") if isinstance(tool, dict) else None
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                names.append(fn["name"])
        return names

    def tool_schema(self, name: str) -> dict[str, Any]:
        """The JSON-schema parameters of an offered tool ({} when unknown)."""
        for tool in self.tools:
            fn = tool.get("function") if isinstance(tool, dict) else None
            if isinstance(fn, dict) and fn.get("name") == name:
                params = fn.get("parameters")
                return params if isinstance(params, dict) else {}
        return {}

    def first(self, role: str) -> Message | None:
        """The first message with ``role``."""
        return next((m for m in self.messages if m.role == role), None)


def _flatten(content: Any, index: int) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and part.get("type") in {"text", "input_text"}:
                parts.append(str(part.get("text") or ""))
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    raise InvalidInput(f"messages[{index}].content must be a string, a list of content parts or null")


def parse_request(body: Any) -> ChatRequest:
    """Validate a chat-completions body; raises InvalidInput naming the bad field."""
    if not isinstance(body, dict):
        raise InvalidInput("the request body must be a JSON object")
    if body.get("stream"):
        raise InvalidInput("stream=true is not supported by the playbook model; send stream=false")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise InvalidInput("'messages' must be a non-empty array")
    parsed: list[Message] = []
    for i, m in enumerate(messages):
        if not isinstance(m, dict):
            raise InvalidInput(f"messages[{i}] must be an object")
        role = m.get("role")
        if role not in _ROLES:
            raise InvalidInput(f"messages[{i}].role must be one of {sorted(_ROLES)}, got {role!r}")
        calls = m.get("tool_calls") or ()
        if not isinstance(calls, list | tuple):
            raise InvalidInput(f"messages[{i}].tool_calls must be an array")
        parsed.append(
            Message(
                role=str(role),
                content=_flatten(m.get("content"), i),
                tool_calls=tuple(c for c in calls if isinstance(c, dict)),
                tool_call_id=str(m.get("tool_call_id") or ""),
                name=str(m.get("name") or ""),
            )
        )
    tools = body.get("tools") or ()
    if not isinstance(tools, list | tuple):
        raise InvalidInput("'tools' must be an array")
    model = body.get("model")
    if model is not None and not isinstance(model, str):
        raise InvalidInput("'model' must be a string")
    return ChatRequest(
        model=model or "",
        messages=tuple(parsed),
        tools=tuple(t for t in tools if isinstance(t, dict)),
        raw=body,
    )


def estimate_tokens(text: str) -> int:
    """A token estimate from text length: one per CJK character, one per ~4 other characters."""
    cjk = len(re.findall(r"[\u3400-\u9fff\uf900-\ufaff]", text))
    return cjk + max(0, (len(text) - cjk + 3) // 4)


@dataclass(frozen=True)
class Answer:
    """What the model says: text, or tool calls."""

    content: str | None
    tool_calls: tuple[dict[str, Any], ...] = ()


_TOOLS_TOKENS: dict[tuple[tuple[str, str], ...], int] = {}
_TOOLS_TOKENS_MAX = 64


def _function_of(tool: dict[str, Any]) -> dict[str, Any]:
    fn = tool.get("function")
    return fn if isinstance(fn, dict) else {}


def _tools_tokens(tools: tuple[dict[str, Any], ...]) -> int:
    """The token estimate of the offered tools, remembered per tool set.

    A worker offers the same tools on every turn; rendering their schemas to JSON per
    request cost more than the rest of the answer's bookkeeping. The key is each tool's
    name and description (the parameters of one named, described tool do not change
    between turns, and a stale estimate would only skew a usage estimate).
    """
    if not tools:
        return estimate_tokens("[]")
    key = tuple((str(fn.get("name", "")), str(fn.get("description", ""))) for fn in map(_function_of, tools))
    cached = _TOOLS_TOKENS.get(key)
    if cached is None:
        cached = estimate_tokens(json.dumps(list(tools), ensure_ascii=False))
        if len(_TOOLS_TOKENS) >= _TOOLS_TOKENS_MAX:
            _TOOLS_TOKENS.clear()
        _TOOLS_TOKENS[key] = cached
    return cached


def completion(
    request: ChatRequest,
    answer: Answer,
    default_model: str,
    created: int,
    *,
    raw_body: bytes | None = None,
) -> dict[str, Any]:
    """A chat.completion response body for ``answer``.

    The id is derived from the request (``raw_body`` when given, else its messages), so
    the same request always gets the same id.
    """
    completion_text = (answer.content or "") + json.dumps(list(answer.tool_calls), ensure_ascii=False)
    if raw_body is None:
        raw_body = json.dumps(
            request.raw.get("messages"), sort_keys=True, ensure_ascii=False, default=str
        ).encode()
    digest = hashlib.sha256(raw_body).hexdigest()[:24]
    message: dict[str, Any] = {"role": "assistant", "content": answer.content}
    if answer.tool_calls:
        message["tool_calls"] = list(answer.tool_calls)
    prompt_text = "".join(m.content for m in request.messages)
    prompt_tokens = estimate_tokens(prompt_text) + _tools_tokens(request.tools)
    completion_tokens = estimate_tokens(completion_text)
    return {
        "id": f"chatcmpl-{digest}",
        "object": "chat.completion",
        "created": created,
        "model": request.model or default_model,
        "system_fingerprint": "clauseflow-playbook-1",
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": "tool_calls" if answer.tool_calls else "stop",
                "logprobs": None,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def error_body(
    message: str,
    *,
    param: str | None = None,
    code: str = "invalid_request",
    kind: str = "invalid_request_error",
) -> dict[str, Any]:
    """An OpenAI-style error body."""
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}
