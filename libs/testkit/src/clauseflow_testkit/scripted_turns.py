"""What the scripted model can say: turns, their builders, and the script file format.

A script is JSON (or built in Python with :class:`Turn`'s constructors)::

    {
      "latency_s": 0.0,                        # added before every answer
      "turns": [ {turn}, ... ],                # consumed in order (first turn whose "match" fits)
      "per_conversation": {"clause_review": [ {turn0}, {turn1}, ... ], "*": [...]},
      "forever": {turn}                        # answer to everything once the above run out
    }

``per_conversation`` is stateless: the turn is chosen by the number of
assistant messages already in the request (clamped to the last one), so many
concurrent conversations each get "turn 0, turn 1, ..." — what benchmarks need.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

TurnType = Literal["text", "tool_calls", "status", "hang"]


class ScriptedCall(BaseModel):
    """One tool call the model will make.

    ``raw_arguments`` (sent verbatim, e.g. malformed JSON) wins over
    ``arguments``; ``omit_id`` sends the call without an id. String argument
    values may use ``{clause_id}`` (and other metadata keys) as placeholders.
    """

    model_config = ConfigDict(extra="forbid")

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    raw_arguments: str | None = None
    id: str | None = None
    omit_id: bool = False


class Turn(BaseModel):
    """One scripted answer (or failure) of the model."""

    model_config = ConfigDict(extra="forbid")

    type: TurnType
    content: str | None = None
    calls: list[ScriptedCall] = Field(default_factory=list)
    status: int = 200
    headers: dict[str, str] = Field(default_factory=dict)
    message: str = ""
    delay_s: float = Field(default=0.0, ge=0)
    match: dict[str, Any] = Field(default_factory=dict)
    usage: dict[str, int] | None = None

    # --- builders -----------------------------------------------------------------------------

    @classmethod
    def text(cls, content: str, **extra: Any) -> Turn:
        """A final text answer (``content`` verbatim, e.g. a JSON array of risks)."""
        return cls(type="text", content=content, **extra)

    @classmethod
    def json_answer(cls, value: object, **extra: Any) -> Turn:
        """A final answer holding ``value`` as JSON."""
        return cls(type="text", content=json.dumps(value, ensure_ascii=False), **extra)

    @classmethod
    def malformed_json(
        cls, content: str = '[{"risk_type": "claim_time_bar", "risk_level": ', **extra: Any
    ) -> Turn:
        """A final answer whose JSON is broken (truncated by default)."""
        return cls(type="text", content=content, **extra)

    @classmethod
    def tool_calls(cls, *calls: ScriptedCall, content: str | None = None, **extra: Any) -> Turn:
        """A turn asking for one or more tool calls (several calls = one parallel turn)."""
        return cls(type="tool_calls", calls=list(calls), content=content, **extra)

    @classmethod
    def http_status(
        cls,
        status: int,
        *,
        retry_after: float | None = None,
        retry_after_ms: int | None = None,
        message: str = "",
        **extra: Any,
    ) -> Turn:
        """An HTTP error (429 with ``Retry-After``, 500, 400 ...)."""
        headers: dict[str, str] = dict(extra.pop("headers", {}))
        if retry_after is not None:
            headers["Retry-After"] = f"{retry_after:g}"
        if retry_after_ms is not None:
            headers["retry-after-ms"] = str(retry_after_ms)
        return cls(type="status", status=status, headers=headers, message=message, **extra)

    @classmethod
    def hang(cls, **extra: Any) -> Turn:
        """Never answer (until the server stops): the client's timeout must fire."""
        return cls(type="hang", **extra)


def call(
    name: str,
    arguments: dict[str, Any] | None = None,
    *,
    raw_arguments: str | None = None,
    id: str | None = None,
    omit_id: bool = False,
) -> ScriptedCall:
    """A tool call for :meth:`Turn.tool_calls`."""
    return ScriptedCall(
        name=name, arguments=arguments or {}, raw_arguments=raw_arguments, id=id, omit_id=omit_id
    )


class Script(BaseModel):
    """A whole script; see the module docstring for the JSON shape."""

    model_config = ConfigDict(extra="forbid")

    latency_s: float = Field(default=0.0, ge=0)
    turns: list[Turn] = Field(default_factory=list)
    per_conversation: dict[str, list[Turn]] = Field(default_factory=dict)
    forever: Turn | None = None

    @classmethod
    def load(cls, path: str | Path) -> Script:
        """Read and validate a script file; a bad file raises ``ValueError`` naming the problem."""
        try:
            return cls.model_validate_json(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ValueError(f"cannot read script {path}: {exc}") from exc
