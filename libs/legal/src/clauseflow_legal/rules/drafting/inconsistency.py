"""The inconsistency rule (drafting): Amounts or numbers whose words and figures disagree, and conflicts reported by the skills."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding
from clauseflow_legal.rules.drafting.common import sentence_at, walk
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Sentence,
    find_amounts,
    words_to_number,
    zh_to_number,
)


def words_vs_digits(text: str) -> list[tuple[int, int, float, float]]:
    """Numbers written as words followed by figures that disagree: (start, end, words, figures)."""
    out = []
    for m in re.finditer(
        r"\b((?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|and)[\s-]*)+)\((\d+(?:\.\d+)?)\)",
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
                Finding(
                    "internal_inconsistency",
                    "high",
                    Sentence(ctx.text[a.start : a.end], a.start),
                    ctx.t(
                        f"The amount in figures ({a.value:,.0f}) differs from the amount in words ({a.words_value:,.0f}).",
                        f"金额的数字（{a.value:,.0f}）与文字（{a.words_value:,.0f}）不一致。",
                    ),
                    ctx.t(
                        "Which figure is payable is uncertain, a classic source of disputes.",
                        "应付金额不确定，这是争议的常见根源。",
                    ),
                    ctx.t(
                        "Align words and figures and state which prevails.",
                        "统一数字和文字并约定以何者为准。",
                    ),
                )
            ]
    for m in re.finditer(
        r"([壹贰叁肆伍陆柒捌玖拾佰仟万亿零]+)(?:元|圆)整?.{0,12}?[（(]\s*(?:小写[:：]?\s*)?(?:人民币)?[¥￥]?\s*([\d,]+(?:\.\d+)?)",
        ctx.text,
    ):
        words = zh_to_number(m.group(1))
        figures = float(m.group(2).replace(",", ""))
        if words is not None and abs(words - figures) > 0.5:
            return [
                Finding(
                    "internal_inconsistency",
                    "high",
                    Sentence(m.group(0), m.start()),
                    ctx.t(
                        f"Amount in words ({words:,.0f}) and figures ({figures:,.0f}) differ.",
                        f"金额大写（{words:,.0f}）与小写（{figures:,.0f}）不一致。",
                    ),
                    ctx.t("Which figure is payable is uncertain.", "应付金额不确定。"),
                    ctx.t(
                        "Align words and figures and state which prevails.",
                        "统一大小写金额并约定以何者为准。",
                    ),
                )
            ]
    for start, end, w, fig in words_vs_digits(ctx.text):
        return [
            Finding(
                "internal_inconsistency",
                "medium",
                Sentence(ctx.text[start:end], start),
                ctx.t(
                    f"A number is written as {w:g} in words but {fig:g} in figures.",
                    f"同一数字文字写作{w:g}，数字写作{fig:g}。",
                ),
                ctx.t("The period or quantity that applies is uncertain.", "适用的期限或数量不确定。"),
                ctx.t("Align words and figures.", "统一文字与数字。"),
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
                    ctx.t(
                        "Conflicting provisions leave the applicable rule uncertain.",
                        "相互冲突的条款使适用规则不确定。",
                    ),
                    ctx.t("Align the provisions or state which prevails.", "统一条款或约定优先顺序。"),
                )
            ]
    return []
