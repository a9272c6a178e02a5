"""The review report: a pure function from a read-model snapshot to ``report.json``, and its Markdown.

``report.json`` is a public contract that scripts read. These fields are
always present and never renamed (new fields may be added):
``review_id``, ``status``, ``our_party``, ``language``, ``domain``,
``clauses`` [{clause_id, title, depth, state, clause_types}],
``risks`` [{id, clause_id, risk_type, risk_level, description, reason, original_text}],
``redlines`` [{id, clause_id, risk_id, original_text, proposed_text, status}], ``summary``.

``redlines`` lists the changes that stand — approved, edited (``final_text``
holds the reviewer's text) or still pending; rejected and superseded drafts are
only in ``redline_history``. The report is deterministic: the same snapshot
always gives the same report (no timestamps), so two runs can be compared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from clauseflow_contracts.review import Redline, RedlineStatus, Risk
from pydantic import BaseModel, ConfigDict

STANDING = (RedlineStatus.APPROVED.value, RedlineStatus.EDITED.value, RedlineStatus.PENDING.value)
LEVELS = ("high", "medium", "low")


class ClauseSnapshot(BaseModel):
    """A clause as the read model holds it."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    clause_id: str
    title: str = ""
    depth: str = "standard"
    state: str = "planned"
    clause_types: tuple[str, ...] = ()


class RedlineSnapshot(Redline):
    """A redline with the reviewer's outcome."""

    final_text: str | None = None
    decided_by: str = ""


class ReviewSnapshot(BaseModel):
    """Everything a report needs about one review, in document order."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    review_id: str
    status: str
    title: str = ""
    our_party: str
    language: str
    domain: str
    plan_version: int = 0
    summary: str = ""
    failure_reason: str = ""
    clauses: tuple[ClauseSnapshot, ...] = ()
    risks: tuple[Risk, ...] = ()
    redlines: tuple[RedlineSnapshot, ...] = ()


def _clause(c: ClauseSnapshot) -> dict[str, Any]:
    return {
        "clause_id": c.clause_id,
        "title": c.title,
        "depth": c.depth,
        "state": c.state,
        "clause_types": list(c.clause_types),
    }


def _risk(r: Risk) -> dict[str, Any]:
    return {
        "id": r.id,
        "clause_id": r.clause_id,
        "risk_type": r.risk_type,
        "risk_level": r.risk_level.value,
        "description": r.description,
        "reason": r.reason,
        "original_text": r.original_text,
        "analysis": r.analysis,
    }


def _redline(r: RedlineSnapshot) -> dict[str, Any]:
    final = r.final_text
    if final is None and r.status in (RedlineStatus.APPROVED, RedlineStatus.PENDING):
        final = r.proposed_text
    return {
        "id": r.id,
        "clause_id": r.clause_id,
        "risk_id": r.risk_id,
        "original_text": r.original_text,
        "proposed_text": r.proposed_text,
        "status": r.status.value,
        "final_text": final,
        "action_type": r.action_type,
        "reason": r.reason,
        "round": r.round,
        "decided_by": r.decided_by,
    }


def _counts(snapshot: ReviewSnapshot) -> dict[str, Any]:
    levels = Counter(r.risk_level.value for r in snapshot.risks)
    return {
        "clauses": len(snapshot.clauses),
        "risks": {"total": len(snapshot.risks), **{level: levels.get(level, 0) for level in LEVELS}},
        "risks_by_type": dict(sorted(Counter(r.risk_type for r in snapshot.risks).items())),
        "redlines": dict(sorted(Counter(r.status.value for r in snapshot.redlines).items())),
    }


def template_summary(snapshot: ReviewSnapshot, counts: dict[str, Any]) -> str:
    """A factual summary from the counts, used when the orchestrator has not written one."""
    risks, redlines = counts["risks"], counts["redlines"]
    applied = redlines.get("approved", 0) + redlines.get("edited", 0)
    if snapshot.language.lower().startswith("zh"):
        return (
            f"共审查 {counts['clauses']} 个条款，发现 {risks['total']} 项风险"
            f"（高 {risks['high']}、中 {risks['medium']}、低 {risks['low']}）；"
            f"采纳修改 {applied} 处，拒绝 {redlines.get('rejected', 0)} 处，"
            f"待定 {redlines.get('pending', 0)} 处。"
        )
    return (
        f"{counts['clauses']} clauses reviewed; {risks['total']} risks found "
        f"({risks['high']} high, {risks['medium']} medium, {risks['low']} low); "
        f"{applied} redlines accepted, {redlines.get('rejected', 0)} rejected, "
        f"{redlines.get('pending', 0)} pending."
    )


def build_report(snapshot: ReviewSnapshot | Mapping[str, Any]) -> dict[str, Any]:
    """The ``report.json`` document for a review snapshot (a :class:`ReviewSnapshot` or its dict form)."""
    snap = snapshot if isinstance(snapshot, ReviewSnapshot) else ReviewSnapshot.model_validate(snapshot)
    counts = _counts(snap)
    return {
        "review_id": snap.review_id,
        "status": snap.status,
        "title": snap.title,
        "our_party": snap.our_party,
        "language": snap.language,
        "domain": snap.domain,
        "plan_version": snap.plan_version,
        "clauses": [_clause(c) for c in snap.clauses],
        "risks": [_risk(r) for r in snap.risks],
        "redlines": [_redline(r) for r in snap.redlines if r.status.value in STANDING],
        "redline_history": [_redline(r) for r in snap.redlines],
        "counts": counts,
        "summary": snap.summary.strip() or template_summary(snap, counts),
        "failure_reason": snap.failure_reason,
    }


LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Contract review report",
        "review": "Review",
        "status": "Status",
        "party": "Our party",
        "language": "Language",
        "domain": "Domain",
        "summary": "Summary",
        "risks": "Risks",
        "redlines": "Redlines",
        "clauses": "Clauses",
        "no_risks": "No risks were found.",
        "no_redlines": "No redlines stand.",
        "clause": "Clause",
        "level": "Level",
        "type": "Type",
        "description": "Description",
        "reason": "Reason",
        "original": "Original",
        "proposed": "Proposed",
        "final": "Final text",
        "depth": "Depth",
        "state": "State",
        "failure": "Failure",
    },
    "zh": {
        "title": "合同审查报告",
        "review": "审查编号",
        "status": "状态",
        "party": "我方",
        "language": "语言",
        "domain": "领域",
        "summary": "摘要",
        "risks": "风险",
        "redlines": "修改建议",
        "clauses": "条款",
        "no_risks": "未发现风险。",
        "no_redlines": "没有有效的修改建议。",
        "clause": "条款",
        "level": "等级",
        "type": "类型",
        "description": "描述",
        "reason": "理由",
        "original": "原文",
        "proposed": "建议",
        "final": "最终文本",
        "depth": "深度",
        "state": "状态",
        "failure": "失败原因",
    },
}


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\r", " ").replace("\n", " ").strip()


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in (text or "").splitlines() or [""])


def _risk_section(report: Mapping[str, Any], t: dict[str, str]) -> list[str]:
    lines = [f"## {t['risks']} ({len(report['risks'])})", ""]
    if not report["risks"]:
        return [*lines, t["no_risks"], ""]
    lines += [f"| {t['clause']} | {t['level']} | {t['type']} | {t['description']} | {t['reason']} |"]
    lines += ["| --- | --- | --- | --- | --- |"]
    for r in report["risks"]:
        cells = (r["clause_id"], r["risk_level"], r["risk_type"], r["description"], r["reason"])
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return [*lines, ""]


def _redline_section(report: Mapping[str, Any], t: dict[str, str]) -> list[str]:
    lines = [f"## {t['redlines']} ({len(report['redlines'])})", ""]
    if not report["redlines"]:
        return [*lines, t["no_redlines"], ""]
    for r in report["redlines"]:
        lines += [f"### {t['clause']} {r['clause_id']} — {r['status']}", "", f"**{t['original']}**", ""]
        lines += [_quote(r["original_text"]), "", f"**{t['proposed']}**", "", _quote(r["proposed_text"]), ""]
        final = r.get("final_text")
        if final and final != r["proposed_text"]:
            lines += [f"**{t['final']}**", "", _quote(final), ""]
    return lines


def _clause_section(report: Mapping[str, Any], t: dict[str, str]) -> list[str]:
    lines = [f"## {t['clauses']} ({len(report['clauses'])})", ""]
    lines += [f"| {t['clause']} | {t['depth']} | {t['state']} |", "| --- | --- | --- |"]
    for c in report["clauses"]:
        name = f"{c['clause_id']} {c['title']}".strip()
        lines.append(f"| {_cell(name)} | {_cell(c['depth'])} | {_cell(c['state'])} |")
    return [*lines, ""]


def render_markdown(report: Mapping[str, Any]) -> str:
    """The report as Markdown for people (headings in the review's language)."""
    t = LABELS["zh" if str(report.get("language", "")).lower().startswith("zh") else "en"]
    heading = f"# {t['title']}" + (f": {report['title']}" if report.get("title") else "")
    lines = [
        heading,
        "",
        f"- {t['review']}: `{report['review_id']}`",
        f"- {t['status']}: {report['status']}",
        f"- {t['party']}: {report['our_party']}",
        f"- {t['language']}: {report['language']}",
        f"- {t['domain']}: {report['domain']}",
        "",
    ]
    if report.get("failure_reason"):
        lines += [f"**{t['failure']}:** {report['failure_reason']}", ""]
    lines += [f"## {t['summary']}", "", str(report.get("summary", "")), ""]
    lines += _risk_section(report, t) + _redline_section(report, t) + _clause_section(report, t)
    return "\n".join(lines).rstrip() + "\n"
