"""The machine-readable parts of every prompt: the task marker, the metadata line, the clause block.

A prompt is prose a real LLM can follow, plus three fixed anchors that the
offline playbook model (and tests) read back:

* the first line of the system message: ``[clauseflow task=<kind> lang=<lang>]``;
* one line in the user message: ``Metadata: {...one-line JSON...}``;
* the clause text between ``<<<CLAUSE_START>>>`` and ``<<<CLAUSE_END>>>``.

Every writer here has a reader here, so the format is defined in one place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from clauseflow_contracts.review import Language


class RequestKind(StrEnum):
    """What a request to the model is for; the playbook model dispatches on it."""

    CLAUSE_REVIEW = "clause_review"
    CLAUSE_REVIEW_FIXED = "clause_review_fixed"
    REDLINE_DRAFT = "redline_draft"
    REDLINE_VALIDATE = "redline_validate"
    REVIEW_PLAN = "review_plan"
    PLAN_ADJUST = "plan_adjust"
    REVIEW_SUMMARY = "review_summary"


CLAUSE_START = "<<<CLAUSE_START>>>"
CLAUSE_END = "<<<CLAUSE_END>>>"
METADATA_PREFIX = "Metadata: "

_MARKER_RE = re.compile(r"^\[clauseflow task=(?P<kind>[a-z_]+) lang=(?P<lang>[A-Za-z-]+)\]\s*$")


def normalise_language(language: str | Language) -> str:
    """Map any spelling of a language onto the two we write in: ``zh-CN`` or ``en``."""
    text = str(language or "").strip().lower()
    return Language.ZH_CN.value if text.startswith("zh") else Language.EN.value


def marker(kind: RequestKind | str, lang: str | Language) -> str:
    """The first line of a system message: ``[clauseflow task=<kind> lang=<lang>]``."""
    return f"[clauseflow task={RequestKind(kind).value} lang={normalise_language(lang)}]"


def read_marker(text: str | None) -> tuple[RequestKind, str] | None:
    """Read ``(kind, lang)`` from the first non-empty line of a system message; ``None`` if absent/unknown."""
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        match = _MARKER_RE.match(line.strip())
        if not match:
            return None
        try:
            kind = RequestKind(match.group("kind"))
        except ValueError:
            return None
        return kind, normalise_language(match.group("lang"))
    return None


def read_marker_from_messages(messages: Sequence[Mapping[str, Any]]) -> tuple[RequestKind, str] | None:
    """Find the marker in the first system message of a chat request, if any."""
    for message in messages:
        if message.get("role") == "system":
            content = message.get("content")
            return read_marker(content if isinstance(content, str) else None)
    return None


def defang(text: str) -> str:
    """Neutralise delimiter look-alikes inside untrusted text.

    A clause (or a tool result) that contains ``<<<CLAUSE_END>>>`` could
    otherwise close the data block early and smuggle "instructions" after it.
    """
    return text.replace(CLAUSE_START, "<<CLAUSE_START>>").replace(CLAUSE_END, "<<CLAUSE_END>>")


def to_json_line(value: object) -> str:
    """One-line JSON (non-ASCII kept readable) with delimiter look-alikes neutralised."""
    return defang(json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str))


def metadata_line(metadata: Mapping[str, object]) -> str:
    """``Metadata: `` followed by the metadata as one-line JSON."""
    return METADATA_PREFIX + to_json_line(dict(metadata))


def read_prefixed_json(text: str | None, prefix: str) -> Any | None:
    """Parse the JSON on the first line that starts with ``prefix``; ``None`` if there is none or it is bad.

    Lines inside the clause block are skipped: the clause is untrusted data,
    so a forged ``Metadata:`` (or ``Risks:``) line inside it can never win.
    """
    in_clause = False
    for line in (text or "").splitlines():
        if line == CLAUSE_START:
            in_clause = True
            continue
        if line == CLAUSE_END:
            in_clause = False
            continue
        if not in_clause and line.startswith(prefix):
            try:
                return json.loads(line[len(prefix) :])
            except ValueError:
                return None
    return None


def read_metadata(text: str | None) -> dict[str, Any]:
    """The metadata dict of a user message; ``{}`` when there is no (valid) metadata line."""
    value = read_prefixed_json(text, METADATA_PREFIX)
    return value if isinstance(value, dict) else {}


def clause_block(text: str) -> str:
    """The clause text between the fixed delimiters (delimiters inside the text are neutralised)."""
    return f"{CLAUSE_START}\n{defang(text)}\n{CLAUSE_END}"


def read_clause_block(text: str | None) -> str | None:
    """The clause text inside the first delimited block, or ``None`` if there is no complete block."""
    source = text or ""
    start = source.find(CLAUSE_START)
    if start < 0:
        return None
    body_start = start + len(CLAUSE_START)
    end = source.find(CLAUSE_END, body_start)
    if end < 0:
        return None
    body = source[body_start:end]
    # clause_block() adds exactly one newline on each side; strip only those.
    if body.startswith("\n"):
        body = body[1:]
    if body.endswith("\n"):
        body = body[:-1]
    return body
