"""The review report: a pure function from a read-model snapshot to ``report.json``, and its Markdown.

``report.json`` is a public contract that scripts read; its shape is the JSON Schema published
with it (:mod:`report_model`, served at ``/schemas/report.json``). These fields are
always present and never renamed (new fields may be added):
``review_id``, ``status``, ``our_party``, ``language``, ``domain``,
``clauses`` [{clause_id, title, depth, state, clause_types}],
``risks`` [{id, clause_id, risk_type, risk_level, description, reason, original_text}],
``redlines`` [{id, clause_id, risk_id, original_text, proposed_text, status}], ``summary``;
and, with provenance, ``schema_version``, ``generated_at``, ``source`` (file names and sha256),
``model`` and ``playbook_version``.

Clauses, risks and redlines are in document order (2.2 before 11.1, reference-document units
after the contract's: :mod:`report_order`). ``redlines`` lists the changes that stand — approved,
edited (``final_text`` holds the reviewer's text) or still pending, each with the playbook
position it drafts towards; rejected and superseded drafts are only in ``redline_history``. The
report is deterministic: the same snapshot always gives the same report (``generated_at`` is the
snapshot's), so two runs can be compared.
Each redline also says who decided it and when: ``decided_by`` (the deciding API key's label),
``decided_by_key_id`` and ``decided_at`` (null while undecided).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache
from importlib import resources
from typing import Any

from clauseflow_contracts.review import Redline, RedlineStatus, Risk
from clauseflow_contracts.risk_types import risk_name
from pydantic import BaseModel, ConfigDict

from clauseflow_gateway.report_model import (
    FailedClause,
    PlaybookPosition,
    Report,
    ReportClause,
    ReportCounts,
    ReportRedline,
    ReportRisk,
    RiskCounts,
    SourceFile,
)
from clauseflow_gateway.report_order import document_order_key

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
    error: str = ""


class RedlineSnapshot(Redline):
    """A redline with the reviewer's outcome: who decided it (an API key's label and id) and when."""

    final_text: str | None = None
    decided_by: str = ""
    decided_by_key_id: str = ""
    decided_at: datetime | None = None


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
    intake_warnings: tuple[str, ...] = ()
    clauses: tuple[ClauseSnapshot, ...] = ()
    risks: tuple[Risk, ...] = ()
    redlines: tuple[RedlineSnapshot, ...] = ()
    # provenance
    generated_at: datetime | None = None
    sources: tuple[SourceFile, ...] = ()
    # the model that reviewed; a list when clauses were reviewed by several
    model: str | list[str] = ""
    playbook_version: str = ""


def _clause(c: ClauseSnapshot) -> ReportClause:
    return ReportClause(
        clause_id=c.clause_id, title=c.title, depth=c.depth, state=c.state, clause_types=list(c.clause_types)
    )


def _risk(r: Risk) -> ReportRisk:
    return ReportRisk(
        id=r.id,
        clause_id=r.clause_id,
        risk_type=r.risk_type,
        risk_level=r.risk_level.value,
        description=r.description,
        reason=r.reason,
        original_text=r.original_text,
        analysis=r.analysis,
        playbook_position=position.standard if (position := playbook_position(r.analysis)) else "",
    )


# How a finding's analysis states the position it recommends and the playbook's fallback.
_FALLBACK = re.compile(r"\s*(?:Fallback:|备选立场：)\s*")


def playbook_position(analysis: str) -> PlaybookPosition | None:
    """The position a finding recommends and its fallback, as its analysis states them ("…. Fallback: …").

    The worker writes the playbook's position into each finding (the playbook model always, a real
    LLM as its prompt asks), so the report needs no playbook of its own.
    """
    text = analysis.strip()
    if not text:
        return None
    standard, _, fallback = _FALLBACK.sub("\x00", text, count=1).partition("\x00")
    return PlaybookPosition(standard=standard.strip(), fallback=fallback.strip())


def _redline(r: RedlineSnapshot, risks: Mapping[str, Risk]) -> ReportRedline:
    final = r.final_text
    if final is None and r.status in (RedlineStatus.APPROVED, RedlineStatus.PENDING):
        final = r.proposed_text
    risk = risks.get(r.risk_id)
    return ReportRedline(
        id=r.id,
        clause_id=r.clause_id,
        risk_id=r.risk_id,
        original_text=r.original_text,
        proposed_text=r.proposed_text,
        status=r.status.value,
        final_text=final,
        action_type=r.action_type,
        reason=r.reason,
        round=r.round,
        decided_by=r.decided_by,
        decided_by_key_id=r.decided_by_key_id,
        decided_at=r.decided_at.isoformat() if r.decided_at else None,
        risk_type=risk.risk_type if risk else "",
        playbook_position=playbook_position(risk.analysis) if risk else None,
    )


def _counts(snapshot: ReviewSnapshot) -> dict[str, Any]:
    levels = Counter(r.risk_level.value for r in snapshot.risks)
    return {
        "clauses": len(snapshot.clauses),
        "risks": {"total": len(snapshot.risks), **{level: levels.get(level, 0) for level in LEVELS}},
        "risks_by_type": dict(sorted(Counter(r.risk_type for r in snapshot.risks).items())),
        "redlines": dict(sorted(Counter(r.status.value for r in snapshot.redlines).items())),
    }


def in_document_order(snap: ReviewSnapshot) -> ReviewSnapshot:
    """The snapshot with clauses, risks and redlines sorted as a reader meets them (stable otherwise)."""
    return snap.model_copy(
        update={
            "clauses": tuple(sorted(snap.clauses, key=lambda c: document_order_key(c.clause_id))),
            "risks": tuple(sorted(snap.risks, key=lambda r: document_order_key(r.clause_id))),
            "redlines": tuple(sorted(snap.redlines, key=lambda r: document_order_key(r.clause_id))),
        }
    )


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
    raw = snapshot if isinstance(snapshot, ReviewSnapshot) else ReviewSnapshot.model_validate(snapshot)
    snap = in_document_order(raw)
    counts = _counts(snap)
    risks = {r.id: r for r in snap.risks}
    report = Report(
        review_id=snap.review_id,
        status=snap.status,
        title=snap.title,
        our_party=snap.our_party,
        language=snap.language,
        domain=snap.domain,
        plan_version=snap.plan_version,
        generated_at=snap.generated_at.isoformat() if snap.generated_at else None,
        source=list(snap.sources),
        model=snap.model,
        playbook_version=snap.playbook_version,
        clauses=[_clause(c) for c in snap.clauses],
        risks=[_risk(r) for r in snap.risks],
        redlines=[_redline(r, risks) for r in snap.redlines if r.status.value in STANDING],
        redline_history=[_redline(r, risks) for r in snap.redlines],
        counts=ReportCounts(
            clauses=counts["clauses"],
            risks=RiskCounts(**counts["risks"]),
            risks_by_type=counts["risks_by_type"],
            redlines=counts["redlines"],
        ),
        summary=snap.summary.strip() or template_summary(snap, counts),
        failure_reason=snap.failure_reason,
        intake_warnings=list(snap.intake_warnings),
        failed_clauses=[
            FailedClause(clause_id=c.clause_id, title=c.title, error=c.error)
            for c in snap.clauses
            if c.state == "failed"
        ],
    )
    return report.model_dump(mode="json")


@lru_cache(maxsize=1)
def _labels() -> dict[str, dict[str, Any]]:
    text = resources.files("clauseflow_gateway").joinpath("report_labels.json").read_text(encoding="utf-8")
    labels: dict[str, dict[str, Any]] = json.loads(text)
    return labels


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\r", " ").replace("\n", " ").strip()


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in (text or "").splitlines() or [""])


def _clause_name(t: Mapping[str, Any], clause_id: str) -> str:
    """A clause id as the report's language writes it ("Preamble" → "前言", "Schedule 2" → "附表 2")."""
    for word, local in t["values"]["clause_words"].items():
        clause_id = re.sub(rf"\b{word}\b", local, clause_id)
    return clause_id


def _value(t: Mapping[str, Any], kind: str, value: object) -> str:
    """A status, level, depth… in the report's language (the value itself when it has no label)."""
    text = str(value)
    return str(t["values"][kind].get(text, text))


def _risk_section(report: Mapping[str, Any], t: Mapping[str, Any], lang: str) -> list[str]:
    lines = [f"## {t['risks']} ({len(report['risks'])})", ""]
    if not report["risks"]:
        return [*lines, t["no_risks"], ""]
    lines += [f"| {t['clause']} | {t['level']} | {t['type']} | {t['description']} | {t['reason']} |"]
    lines += ["| --- | --- | --- | --- | --- |"]
    for r in report["risks"]:
        level = _value(t, "level", r["risk_level"])
        name = _clause_name(t, r["clause_id"])
        cells = (name, level, risk_name(r["risk_type"], lang), r["description"], r["reason"])
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return [*lines, ""]


def _position_lines(r: Mapping[str, Any], t: Mapping[str, Any]) -> list[str]:
    position = r.get("playbook_position")
    if not position:
        return []
    text = position["standard"]
    if position.get("fallback"):
        text += f" ({t['fallback']}{t['colon']}{position['fallback']})"
    return [f"**{t['position']}**{t['colon']}{_cell(text)}", ""]


def _redline_section(report: Mapping[str, Any], t: Mapping[str, Any], lang: str) -> list[str]:
    lines = [f"## {t['redlines']} ({len(report['redlines'])})", ""]
    if not report["redlines"]:
        return [*lines, t["no_redlines"], ""]
    for r in report["redlines"]:
        status = _value(t, "redline_status", r["status"])
        kind = f" · {risk_name(r['risk_type'], lang)}" if r.get("risk_type") else ""
        lines += [f"### {t['clause']} {_clause_name(t, r['clause_id'])}{kind} — {status}", ""]
        lines += _position_lines(r, t)
        lines += [f"**{t['original']}**", "", _quote(r["original_text"]), ""]
        lines += [f"**{t['proposed']}**", "", _quote(r["proposed_text"]), ""]
        final = r.get("final_text")
        if final and final != r["proposed_text"]:
            lines += [f"**{t['final']}**", "", _quote(final), ""]
        if r.get("reason"):
            lines += [f"**{t['rationale']}**{t['colon']}{_cell(r['reason'])}", ""]
        if r.get("decided_at"):
            who = _cell(r.get("decided_by") or r.get("decided_by_key_id") or "")
            lines += [f"*{t['decided']}: {who} ({r['decided_at']})*", ""]
    return lines


def _clause_section(report: Mapping[str, Any], t: Mapping[str, Any]) -> list[str]:
    lines = [f"## {t['clauses']} ({len(report['clauses'])})", ""]
    lines += [f"| {t['clause']} | {t['depth']} | {t['state']} |", "| --- | --- | --- |"]
    for c in report["clauses"]:
        name = f"{_clause_name(t, c['clause_id'])} {c['title']}".strip()
        depth, state = _value(t, "depth", c["depth"]), _value(t, "state", c["state"])
        lines.append(f"| {_cell(name)} | {_cell(depth)} | {_cell(state)} |")
    return [*lines, ""]


def _provenance(report: Mapping[str, Any], t: Mapping[str, Any]) -> list[str]:
    c = t["colon"]
    lines = []
    if report.get("generated_at"):
        lines.append(f"- {t['generated']}{c}{report['generated_at']}")
    for source in report.get("source") or []:
        lines.append(f"- {t['source']}{c}`{source['filename']}` (`sha256:{source['sha256'][:16]}…`)")
    if report.get("model"):
        models = report["model"] if isinstance(report["model"], list) else [report["model"]]
        lines.append(f"- {t['model']}{c}" + ", ".join(f"`{m}`" for m in models))
    if report.get("playbook_version"):
        lines.append(f"- {t['playbook']}{c}`{report['playbook_version']}`")
    return lines


def render_markdown(report: Mapping[str, Any]) -> str:
    """The report as Markdown for people: headings, levels, types and statuses in the review's language."""
    lang = "zh" if str(report.get("language", "")).lower().startswith("zh") else "en"
    t = _labels()[lang]
    c = t["colon"]
    heading = f"# {t['title']}" + (f"{c}{report['title']}" if report.get("title") else "")
    lines = [
        heading,
        "",
        f"- {t['review']}{c}`{report['review_id']}`",
        f"- {t['status']}{c}{_value(t, 'status', report['status'])}",
        f"- {t['party']}{c}{report['our_party']}",
        f"- {t['language']}{c}{_value(t, 'language', report['language'])}",
        f"- {t['domain']}{c}{_value(t, 'domain', report['domain'])}",
        *_provenance(report, t),
        "",
    ]
    failed = report.get("failed_clauses") or []
    if failed:
        # First thing a reader sees: the findings below do not cover these clauses.
        lines += [f"> **{t['incomplete'].format(n=len(failed))}**", ""]
        lines += [f"- {t['not_reviewed']}: {_cell(c['clause_id'])} — {_cell(c['error'])}" for c in failed]
        lines += [""]
    if report.get("failure_reason"):
        lines += [f"**{t['failure']}{c.strip()}** {report['failure_reason']}", ""]
    for warning in report.get("intake_warnings", []):
        lines += [f"**{t['warning']}{c.strip()}** {warning}", ""]
    lines += [f"## {t['summary']}", "", str(report.get("summary", "")), ""]
    lines += _risk_section(report, t, lang) + _redline_section(report, t, lang) + _clause_section(report, t)
    return "\n".join(lines).rstrip() + "\n"
