"""Parsing of the ``tool_calls`` an LLM returns: tolerant, never raising."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from clauseflow_platform.logging import get_logger

log = get_logger(__name__)


def parse_tool_calls(tool_calls: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI-format tool calls → ``[{"id", "skill_id", "arguments"}]``.

    Arguments that are not a JSON object become ``{}`` (the skill then names what is missing);
    missing ids or functions are tolerated so one malformed call does not sink the turn.
    """
    parsed: list[dict[str, Any]] = []
    for call in tool_calls:
        function = call.get("function") or {}
        skill_id = str(function.get("name") or "")
        raw = function.get("arguments", "{}")
        arguments: Any
        if isinstance(raw, Mapping):
            arguments = dict(raw)
        else:
            try:
                arguments = json.loads(raw) if isinstance(raw, str | bytes) and raw else {}
            except (json.JSONDecodeError, TypeError, UnicodeDecodeError):
                log.warning("tool_call.arguments_unparseable", skill_id=skill_id, raw=str(raw)[:200])
                arguments = {}
        if not isinstance(arguments, dict):
            log.warning("tool_call.arguments_not_object", skill_id=skill_id)
            arguments = {}
        parsed.append({"id": str(call.get("id") or ""), "skill_id": skill_id, "arguments": arguments})
    return parsed
