"""What a margin comment says about a risk, in the review's language.

A lawyer reading the comment sees: how serious the risk is and what kind, what the problem is and
why it matters for our party, the playbook's position, and what the redline does (and whether it
still awaits approval).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clauseflow_contracts.risk_types import risk_name

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "high": "High risk",
        "medium": "Medium risk",
        "low": "Low risk",
        "clause": "Clause",
        "what": "Issue",
        "why": "Why it matters",
        "position": "Playbook position",
        "redline": "Redline",
        "approved": "approved",
        "edited": "edited by the reviewer",
        "pending": "PENDING APPROVAL",
        "proposed": "proposed wording",
        "not_placed": "not shown as a tracked change: its text was not found in the document",
        "overlaps": "not shown as a tracked change: it overlaps another redline of this clause",
        "merged": "shown in one tracked change with another redline of this clause changing the same words",
        "not_tracked": "not shown as a tracked change (comments only)",
        "awaiting": "shown as a tracked change once approved",
        "sep": ": ",
        "paren": " ({})",
        "and": "; ",
    },
    "zh": {
        "high": "高风险",
        "medium": "中风险",
        "low": "低风险",
        "clause": "条款",
        "what": "问题",
        "why": "理由",
        "position": "审查立场",
        "redline": "修改建议",
        "approved": "已批准",
        "edited": "已由审阅人修改",
        "pending": "待批准",
        "proposed": "建议文本",
        "not_placed": "未以修订显示：文档中未找到其原文",
        "overlaps": "未以修订显示：与本条另一修改建议重叠",
        "merged": "与本条修改相同文字的另一修改建议合并为一处修订显示",
        "not_tracked": "未以修订显示（仅批注）",
        "awaiting": "批准后以修订显示",
        "sep": "：",
        "paren": "（{}）",
        "and": "；",
    },
}


def labels(language: str) -> dict[str, str]:
    """The comment labels for a review language (zh-CN → Chinese, anything else → English)."""
    return LABELS["zh" if language.lower().startswith("zh") else "en"]


def risk_comment(
    risk: Mapping[str, Any],
    redlines: list[tuple[Mapping[str, Any], str]],
    *,
    language: str,
    domain: str,
) -> str:
    """The comment text for ``risk``; ``redlines`` are its redlines with a note on how each is shown.

    Paragraphs are separated by newlines (one comment paragraph each).
    """
    t = labels(language)
    level = str(risk.get("risk_level", "medium"))
    head = f"{t.get(level, level)} · {risk_name(str(risk.get('risk_type', '')), language)}"
    lines = [head + t["paren"].format(f"{t['clause']} {risk.get('clause_id', '')}")]
    if risk.get("description"):
        lines.append(f"{t['what']}{t['sep']}{risk['description']}")
    if risk.get("reason"):
        lines.append(f"{t['why']}{t['sep']}{risk['reason']}")
    # the report carries the position (the gateway has no playbook of its own: it arrives with the finding)
    position = str(risk.get("playbook_position") or "")
    if position:
        lines.append(f"{t['position']}{t['sep']}{position}")
    for redline, shown in redlines:
        status = str(redline.get("status", ""))
        state = t.get(status, status)
        rationale = str(redline.get("reason") or "").strip()
        line = t["redline"] + t["paren"].format(state)
        line += f"{t['sep']}{rationale}" if rationale else ""
        if shown:
            final = redline.get("final_text") or redline.get("proposed_text") or ""
            line += t["paren"].format(f"{t[shown]}{t['and']}{t['proposed']}{t['sep']}{final}")
        lines.append(line)
    return "\n".join(lines)
