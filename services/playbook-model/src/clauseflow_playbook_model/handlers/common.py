"""Reading a chat request: kind and language, metadata, clause text, tool results."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from clauseflow_contracts.prompts.kinds import (
    CLAUSE_START,
    RequestKind,
    read_clause_block,
    read_marker,
    read_metadata,
)

from clauseflow_playbook_model.wire import ChatRequest

_TRUNCATED = re.compile(r"\.\.\.\[truncated, original length \d+ chars\]\s*$")


@dataclass(frozen=True)
class Reading:
    """What a request is about."""

    kind: RequestKind
    language: str
    user_text: str
    metadata: dict[str, Any]
    clause_text: str | None


def _guess_kind(request: ChatRequest, user_text: str) -> RequestKind:
    """The request kind when no marker is present, from the anchors the prompts carry."""
    has_clause = CLAUSE_START in user_text
    if "Redlines: " in user_text and has_clause:
        return RequestKind.REDLINE_VALIDATE
    if "Risks: " in user_text and has_clause:
        return RequestKind.REDLINE_DRAFT
    if "Checklist: " in user_text:
        return RequestKind.REVIEW_PLAN
    if "Remaining plan: " in user_text:
        return RequestKind.PLAN_ADJUST
    if "Risks: " in user_text:
        return RequestKind.REVIEW_SUMMARY
    if request.tools:
        return RequestKind.CLAUSE_REVIEW
    return RequestKind.CLAUSE_REVIEW_FIXED


def _guess_language(text: str) -> str:
    return "zh-CN" if len(re.findall(r"[\u4e00-\u9fff]", text)) > 20 else "en"


def read_request(request: ChatRequest) -> Reading:
    """Kind, language, metadata and clause of a request (marker first, heuristics otherwise)."""
    system = request.first("system") or request.first("developer")
    user = request.first("user")
    user_text = user.content if user else ""
    marked = read_marker(system.content) if system else None
    if marked is not None:
        kind, language = marked
    else:
        kind = _guess_kind(request, user_text)
        language = _guess_language((system.content if system else "") + user_text)
    metadata = read_metadata(user_text)
    clause = read_clause_block(user_text)
    if (
        clause is None
        and marked is None
        and user_text.strip()
        and kind
        in {
            RequestKind.CLAUSE_REVIEW,
            RequestKind.CLAUSE_REVIEW_FIXED,
        }
    ):
        clause = user_text.strip()  # a bare clause pasted by a person
    language = str(metadata.get("language") or language) if marked is None else language
    return Reading(kind=kind, language=language, user_text=user_text, metadata=metadata, clause_text=clause)


def parse_tool_content(content: str) -> Any:
    """A tool message's JSON (truncation note removed); the raw text when it is not JSON."""
    text = _TRUNCATED.sub("", content.strip())
    if text.startswith("ERROR:"):
        return {"error": text}
    try:
        return json.loads(text)
    except ValueError:
        # A truncated JSON document: keep what can be read as text.
        return {"text": text}


def tool_results(request: ChatRequest) -> dict[str, Any]:
    """Results of the tool calls in the conversation, keyed by tool name (by call id when unnamed)."""
    names: dict[str, str] = {}
    for m in request.messages:
        for call in m.tool_calls:
            fn = call.get("function") or {}
            if call.get("id"):
                names[str(call["id"])] = str(fn.get("name") or "")
    out: dict[str, Any] = {}
    for m in request.messages:
        if m.role in {"tool", "function"}:
            name = m.name or names.get(m.tool_call_id, "") or m.tool_call_id or f"tool_{len(out)}"
            if name in out:  # the same tool called for several clauses: keep every result
                name = f"{name}#{m.tool_call_id or len(out)}"
            out[name] = parse_tool_content(m.content)
    return out


def tool_turns(request: ChatRequest) -> int:
    """How many assistant turns in the conversation called tools."""
    return sum(1 for m in request.messages if m.role == "assistant" and m.tool_calls)


def find_text(obj: Any, keys: tuple[str, ...] = ("clause_text", "text", "content")) -> str | None:
    """The first non-empty string under one of ``keys`` in a (nested) tool result."""
    if isinstance(obj, dict):
        for key in keys:
            value = obj.get(key)
            if isinstance(value, str) and value.strip():
                return value
        for key in ("clause", "result", "data", "context"):
            if key in obj:
                found = find_text(obj[key], keys)
                if found:
                    return found
    return None


def other_parties(metadata: dict[str, Any]) -> list[str]:
    """Counterparty descriptions from the metadata, when the builder supplied any."""
    out: list[str] = []
    for key in ("counterparty", "other_party", "other_parties", "counterparties"):
        value = metadata.get(key)
        if isinstance(value, str) and value.strip():
            out.append(value)
        elif isinstance(value, list):
            out += [str(v) for v in value if v]
    return out
