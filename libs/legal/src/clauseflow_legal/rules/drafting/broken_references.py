"""The broken_references rule (drafting): References the skills (or metadata) report as pointing nowhere, quoted where they occur."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.drafting.common import sentence_at, walk
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "broken_references",
    {
        "attachment_not_reproduced": "a schedule or annex the contract does not reproduce is not in the text, not missing",
    },
)


def _falsy(v: Any) -> bool:
    return v is False or (
        isinstance(v, str) and v.lower() in {"false", "no", "missing", "unresolved", "broken", "not_found"}
    )


_ATTACHMENT = PATTERNS.compiled("attachment")
_ISSUE_RAW = PATTERNS.compiled("issue_raw")


def _reference_results(ctx: ClauseContext) -> Iterator[dict[str, Any]]:
    yield from walk(
        [ctx.tool_results, ctx.metadata.get("broken_references"), ctx.metadata.get("cross_references")]
    )


def _dangling(ctx: ClauseContext) -> list[str]:
    """References the skills report as unresolved, in the shapes they use.

    ``cross_reference_check`` gives ``references: [{raw, target, resolved}]`` plus readable
    ``issues`` ("'Clause 19.4' refers to a clause that does not exist ..."); ``get_clause_context``
    gives ``references_out: [{raw, target, resolved}]``; metadata may list raw strings.
    """
    out: list[str] = []
    resolved_kinds: set[str] = set()
    for d in _reference_results(ctx):
        raw = d.get("raw") or d.get("reference") or d.get("text") or d.get("target")
        if not isinstance(raw, str) or not raw.strip():
            raw = None
        unresolved = any(_falsy(d.get(k)) for k in ("resolved", "exists", "valid", "status"))
        if raw and (unresolved or d.get("broken") is True):
            out.append(raw.strip())
        if raw and (d.get("resolved") is True or d.get("kind_reproduced") is True):
            kind = _ATTACHMENT.match(raw)
            if kind:
                resolved_kinds.add(kind.group(0).strip().lower())
        for issue in d.get("issues") or []:
            m = _ISSUE_RAW.match(str(issue))
            if m:
                out.append(m.group("raw").strip())
    listed = ctx.metadata.get("broken_references")
    if isinstance(listed, list):
        out += [raw for raw in listed if isinstance(raw, str)]
    kept: list[str] = []
    for raw in dict.fromkeys(out):
        kind = _ATTACHMENT.match(raw)
        # Schedules and annexes that a contract refers to but does not reproduce are simply not
        # in the text under review; they are only missing when the contract reproduces its
        # attachments of that kind and this one is absent.
        if VETOES.applies(
            "attachment_not_reproduced", kind and kind.group(0).strip().lower() not in resolved_kinds
        ):
            continue
        kept.append(raw)
    return kept


def _quoted_at(text: str, raw: str) -> int:
    """Where a reference stands in the text; a list ("Sections 1, 4 and 6.6") names only the number."""
    pos = text.find(raw)
    if pos >= 0:
        return pos
    number = raw.split()[-1] if raw.split() else ""
    if not re.fullmatch(r"\d+(?:\.\d+)*(?:\([a-z0-9]+\))?", number):
        return -1
    m = re.search(rf"(?<![\d.]){re.escape(number)}(?![\d]|\.\d)", text)
    return m.start() if m else -1


@rule(reports={"broken_cross_reference"}, whole_unit=True)
def broken_references(ctx: ClauseContext) -> list[Finding]:
    """References the skills (or metadata) report as pointing nowhere, quoted where they occur."""
    for raw in _dangling(ctx):
        pos = _quoted_at(ctx.text, raw)
        if pos < 0:
            continue
        s = sentence_at(ctx, pos)
        if s is None:
            continue
        found = WORDING.finding(
            ctx, "points_nowhere", "broken_cross_reference", "medium", span(s, pos - s.start), raw=raw
        )
        return [replace(found, subject=raw)]
    return []
