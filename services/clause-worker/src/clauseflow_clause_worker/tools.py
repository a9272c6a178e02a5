"""Running the model's tool calls: routing, argument checks, bounded concurrency, truncation.

Whatever goes wrong with a tool call (unknown tool, arguments that are not a
JSON object, a skill error) becomes a ``role: tool`` message starting with
``ERROR:`` so the model can read it and correct itself; the
loop itself never fails because of a tool.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from clauseflow_contracts.chat import ToolMessage
from clauseflow_contracts.review import SkillCall
from clauseflow_platform.llm import ToolCall
from clauseflow_platform.skills_client import InvocationContext, SkillOutcome

TRUNCATION_NOTE = "...[truncated, original length {n} chars]"


class SkillInvoker(Protocol):
    """The part of the skills client the agent uses."""

    async def invoke(
        self, name: str, context: InvocationContext, arguments: Mapping[str, object]
    ) -> SkillOutcome: ...


@dataclass(frozen=True)
class ToolRun:
    """One executed tool call: the message for the model and the audit record."""

    message: ToolMessage
    call: SkillCall
    outcome: SkillOutcome | None


def truncate(text: str, max_chars: int) -> str:
    """Cut ``text`` to ``max_chars`` and say how long the original was."""
    if len(text) <= max_chars:
        return text
    return text[:max_chars] + "\n" + TRUNCATION_NOTE.format(n=len(text))


def serialise_result(outcome: SkillOutcome, max_chars: int) -> str:
    """A successful skill result as the model reads it: its JSON, truncated when long."""
    text = outcome.result_json.strip() or "{}"
    return truncate(text, max_chars)


def error_text(message: str) -> str:
    """A tool error the model can read; always starts with ``ERROR:``."""
    return f"ERROR: {message}"


def parse_arguments(call: ToolCall) -> tuple[dict[str, object] | None, str]:
    """The call's arguments as a JSON object, or ``(None, reason)`` when the model sent something else."""
    raw = (call.raw_arguments or "").strip()
    if not raw:
        return dict(call.arguments or {}), ""
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"the arguments are not valid JSON ({exc.msg} at position {exc.pos}): {raw[:200]}"
    if not isinstance(value, dict):
        return None, f"the arguments must be a JSON object, got {type(value).__name__}"
    return value, ""


async def run_tool_calls(
    calls: Sequence[ToolCall],
    *,
    skills: SkillInvoker,
    context: InvocationContext,
    allowed: Mapping[str, object],
    max_chars: int,
    concurrency: int,
) -> list[ToolRun]:
    """Run one turn's tool calls concurrently (at most ``concurrency`` at once), results in call order."""
    gate = asyncio.Semaphore(concurrency)

    async def one(call: ToolCall) -> ToolRun:
        async with gate:
            return await run_tool_call(
                call, skills=skills, context=context, allowed=allowed, max_chars=max_chars
            )

    return list(await asyncio.gather(*(one(c) for c in calls)))


async def run_tool_call(
    call: ToolCall,
    *,
    skills: SkillInvoker,
    context: InvocationContext,
    allowed: Mapping[str, object],
    max_chars: int,
) -> ToolRun:
    """Run one tool call; every failure becomes an ``ERROR:`` tool message instead of an exception."""
    if call.name not in allowed:
        names = ", ".join(sorted(allowed)) or "none"
        reason = f"unknown tool {call.name!r}; the tools you can call are: {names}"
        return _failed(call, reason, None)
    arguments, problem = parse_arguments(call)
    if arguments is None:
        return _failed(call, f"tool {call.name!r}: {problem}. Call it again with a JSON object.", None)
    outcome = await skills.invoke(call.name, context, arguments)
    if not outcome.ok:
        return _failed(call, f"tool {call.name!r} failed: {outcome.error}", outcome)
    return ToolRun(
        message=_tool_message(call.id, serialise_result(outcome, max_chars)),
        call=SkillCall(skill_id=call.name, duration_ms=outcome.duration_ms, ok=True),
        outcome=outcome,
    )


def _failed(call: ToolCall, reason: str, outcome: SkillOutcome | None) -> ToolRun:
    return ToolRun(
        message=_tool_message(call.id, error_text(reason)),
        call=SkillCall(
            skill_id=call.name,
            duration_ms=outcome.duration_ms if outcome else 0.0,
            ok=False,
            # The skill's own error (its gRPC code first) when it answered: what the agent reads to
            # tell an unreachable server from a refusal. The model gets the explained reason.
            error=(outcome.error if outcome else reason)[:500],
        ),
        outcome=outcome,
    )


def _tool_message(call_id: str, content: str) -> ToolMessage:
    return {"role": "tool", "tool_call_id": call_id, "content": content}
