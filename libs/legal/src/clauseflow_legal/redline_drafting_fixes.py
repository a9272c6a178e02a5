"""Redlines for drafting defects: a broken reference marked for correction, a missing definition
supplied, figures and words made to agree.
"""

# ruff: noqa: E501  -- bilingual redline sentences read better unbroken

from __future__ import annotations

import re
from typing import Any

from clauseflow_documents.numerals import int_to_english

from clauseflow_legal.figures import find_periods

number_to_words = int_to_english


_QUOTED = re.compile(r"[\"“「]([^\"”」]{2,60})[\"”」]")
_REF = re.compile(
    r"(?:Sub-Clause|Clause|Section|Article|Schedule|Annex|Appendix|Exhibit|Paragraph)\s+[\dA-Z]+(?:\.\d+)*|第[一二三四五六七八九十百\d]+条(?:第[一二三四五六七八九十\d]+款)?|附件[一二三四五六七八九十\d]+",
    re.I,
)


def drafting_fix(risk_type: str, original: str, zh: bool, data: dict[str, Any] | None = None) -> str | None:
    """Rewrites for drafting defects: a reference marked for correction, a definition, aligned numbers."""
    description = str((data or {}).get("description") or "")
    if risk_type == "broken_cross_reference":
        named = [r.group(0) for r in _REF.finditer(description)]
        refs = [r for r in _REF.finditer(original) if not named or r.group(0) in named]
        if refs:
            r = refs[-1]
            marker = (
                "第[●]条（待更正为所指条款）"
                if zh
                else f"{r.group(0).split()[0]} [●] (to be corrected to the intended provision)"
            )
            return original[: r.start()] + marker + original[r.end() :]
    if risk_type == "undefined_term":
        m = _QUOTED.search(description)
        term = m.group(1) if m else ""
        if term and term in original:
            body = original.rstrip()
            if zh:
                return f"{body}本条所称“{term}”，是指[双方约定的含义]。"
            sep = "" if body.endswith((".", ";")) else "."
            return f'{body}{sep} For the purposes of this Agreement, "{term}" means [the meaning agreed by the Parties].'
    if risk_type == "internal_inconsistency":
        m = re.search(r"\(([A-Za-z\s,-]+)\)", original)
        if m and find_periods(original) == [] and re.search(r"\d", original):
            from clauseflow_legal.figures import find_amounts

            amounts = find_amounts(original)
            if amounts:
                value = int(amounts[0].value)
                words = _money_words(value)
                if words:
                    return original[: m.start(1)] + words + original[m.end(1) :]
        m2 = re.search(r"\b([a-z][a-z\s-]+)\((\d+)\)", original, re.I)
        if m2:
            return (
                original[: m2.start(1)]
                + number_to_words(int(m2.group(2)))
                + " "
                + original[m2.start(2) - 1 :]
            )
    return None


def _money_words(value: int) -> str:
    if value <= 0 or value >= 10**12:
        return ""
    parts = []
    for scale, name in ((10**9, "billion"), (10**6, "million"), (10**3, "thousand"), (1, "")):
        chunk = value // scale % 1000
        if chunk:
            parts.append(number_to_words(chunk) + (f" {name}" if name else ""))
    return " ".join(parts)
