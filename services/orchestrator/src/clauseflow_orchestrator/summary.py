"""The review summary written from the state alone (the template), and the inputs for an LLM summary.

The template is the fallback when no LLM is used or it fails, so it must stand on
its own: counts by level and by type, the top issues, and what was changed.
"""

from __future__ import annotations

from collections import Counter

from clauseflow_contracts.review import Language, Redline, RedlineStatus, Risk, RiskLevel

from clauseflow_orchestrator.state import ReviewState

TOP_ISSUES = 5
CHANGES_LISTED = 10
_LEVEL_ORDER = {RiskLevel.HIGH: 0, RiskLevel.MEDIUM: 1, RiskLevel.LOW: 2}


def all_risks(state: ReviewState) -> list[Risk]:
    """Every risk of the review, in plan order."""
    return [r for c in state.clauses.values() for r in c.risks]


def redlines_for_summary(state: ReviewState) -> list[Redline]:
    """The redlines as domain values, an edited one carrying the reviewer's text."""
    return [
        Redline(
            id=r.id,
            clause_id=r.clause_id,
            risk_id=r.risk_id,
            original_text=r.original_text,
            proposed_text=r.final_text if r.final_text is not None else r.proposed_text,
            reason=r.reason,
            status=r.status,
            round=r.round,
        )
        for r in state.redlines.values()
    ]


def template_summary(state: ReviewState) -> str:
    """A Markdown summary in the review's language, built from the state without an LLM."""
    zh = state.request.language is Language.ZH_CN
    risks = all_risks(state)
    levels = Counter(r.risk_level for r in risks)
    types = Counter(r.risk_type for r in risks)
    statuses = Counter(r.status for r in state.redlines.values())
    changed = [
        r for r in state.redlines.values() if r.status in (RedlineStatus.APPROVED, RedlineStatus.EDITED)
    ]
    top = sorted(risks, key=lambda r: _LEVEL_ORDER[r.risk_level])[:TOP_ISSUES]
    lines = [_headline(state, len(risks), levels, zh), ""]
    if types:
        lines.append("## 风险类型" if zh else "## Risks by type")
        lines.extend(f"- {t}: {n}" for t, n in types.most_common())
        lines.append("")
    if top:
        lines.append("## 主要问题" if zh else "## Top issues")
        lines.extend(f"- [{r.risk_level.value}] {r.clause_id}: {r.description}" for r in top)
        lines.append("")
    lines.append("## 修改情况" if zh else "## What was changed")
    lines.append(_changes_line(statuses, zh))
    lines.extend(f"- {r.clause_id}: {_short(r.final_text or '')}" for r in changed[:CHANGES_LISTED])
    return "\n".join(lines).strip() + "\n"


def _headline(state: ReviewState, total: int, levels: Counter[RiskLevel], zh: bool) -> str:
    clauses = len(state.clauses)
    high, medium, low = (levels.get(lv, 0) for lv in (RiskLevel.HIGH, RiskLevel.MEDIUM, RiskLevel.LOW))
    if zh:
        return (
            f"审查完成（我方：{state.request.our_party}）。共审查 {clauses} 个条款，发现 {total} 个风险点"
            f"（高 {high}，中 {medium}，低 {low}）。"
        )
    return (
        f"Review completed for {state.request.our_party}: {clauses} clauses reviewed, {total} risks found "
        f"({high} high, {medium} medium, {low} low)."
    )


def _changes_line(statuses: Counter[RedlineStatus], zh: bool) -> str:
    approved = statuses.get(RedlineStatus.APPROVED, 0)
    edited = statuses.get(RedlineStatus.EDITED, 0)
    rejected = statuses.get(RedlineStatus.REJECTED, 0)
    if zh:
        return f"修改建议：批准 {approved} 条，修改后采纳 {edited} 条，驳回 {rejected} 条。"
    return f"Redlines: {approved} approved, {edited} edited, {rejected} rejected."


def _short(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit] + "…"
