"""The inconsistency rule (drafting): Amounts or numbers whose words and figures disagree, and conflicts reported by the skills."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding
from clauseflow_legal.rules.drafting.common import sentence_at, walk
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Sentence,
    find_amounts,
    words_to_number,
    zh_to_number,
)

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def words_vs_digits(text: str) -> list[tuple[int, int, float, float]]:
    """Numbers written as words followed by figures that disagree: (start, end, words, figures)."""
    out = []
    for m in re.finditer(
        PATTERNS["words_vs_digits"],
        text,
        re.I,
    ):
        w = words_to_number(m.group(1))
        if w is not None and abs(w - float(m.group(2))) > 1e-9:
            out.append((m.start(), m.end(), w, float(m.group(2))))
    return out


@rule(reports={"internal_inconsistency"}, whole_unit=True)
def inconsistency(ctx: ClauseContext) -> list[Finding]:
    """Amounts or numbers whose words and figures disagree, and conflicts reported by the skills."""
    for a in find_amounts(ctx.text):
        if a.words_value is not None and abs(a.words_value - a.value) > 0.5:
            s = sentence_at(ctx, a.start)
            if s is None:
                continue
            return [
                WORDING.finding(
                    ctx,
                    "amount_words_vs_figures",
                    "internal_inconsistency",
                    "high",
                    Sentence(ctx.text[a.start : a.end], a.start),
                    a=a.value,
                    words_value=a.words_value,
                )
            ]
    for m in re.finditer(
        PATTERNS["zh_words_and_figures"],
        ctx.text,
    ):
        words = zh_to_number(m.group(1))
        figures = float(m.group(2).replace(",", ""))
        if words is not None and abs(words - figures) > 0.5:
            return [
                WORDING.finding(
                    ctx,
                    "zh_amount_words_vs_figures",
                    "internal_inconsistency",
                    "high",
                    Sentence(m.group(0), m.start()),
                    words=words,
                    figures=figures,
                )
            ]
    for start, end, w, fig in words_vs_digits(ctx.text):
        return [
            WORDING.finding(
                ctx,
                "words_vs_digits",
                "internal_inconsistency",
                "medium",
                Sentence(ctx.text[start:end], start),
                w=w,
                fig=fig,
            )
        ]
    for d in walk(ctx.tool_results):
        kind = " ".join(str(d.get(k) or "") for k in ("type", "kind", "issue", "risk_type")).lower()
        if not any(k in kind for k in ("inconsisten", "conflict", "contradict", "mismatch")):
            continue
        quote = str(d.get("quote") or d.get("text") or d.get("original_text") or d.get("evidence") or "")
        if quote and quote in ctx.text:
            pos = ctx.text.index(quote)
            detail = str(d.get("detail") or d.get("description") or d.get("message") or "")
            return [
                Finding(
                    "internal_inconsistency",
                    "medium",
                    Sentence(quote, pos),
                    ctx.t(
                        f"This provision conflicts with another part of the contract. {detail}".strip(),
                        f"本条与合同其他部分冲突。{detail}".strip(),
                    ),
                    WORDING.t(ctx, "why"),
                    WORDING.t(ctx, "market"),
                )
            ]
    return []
