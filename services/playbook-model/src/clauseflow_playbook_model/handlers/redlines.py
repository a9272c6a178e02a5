"""Redline drafting (with redraft feedback) and redline validation."""

from __future__ import annotations

import json
from typing import Any

from clauseflow_contracts.prompts.redlines import (
    read_redline_rows,
    read_redraft_requests,
    read_risk_rows,
    read_validation_issues,
)
from clauseflow_legal.redline import check_redline, draft_redline

from clauseflow_playbook_model.handlers.common import Reading, other_parties
from clauseflow_playbook_model.wire import Answer


def _alternative(proposed: str, rejected: str, zh: bool) -> str:
    """A different wording when the redraft would repeat the rejected text."""
    if proposed.strip() != rejected.strip():
        return proposed
    body = proposed.rstrip("。.;；")
    return (
        f"{body}，且双方应本着诚信原则协商确定具体执行安排。"
        if zh
        else f"{body}, and the Parties shall agree the detailed arrangements in good faith."
    )


def draft(reading: Reading) -> Answer:
    """One redline per risk (or per redraft request), original_text verbatim from the clause."""
    clause = reading.clause_text or ""
    meta = reading.metadata
    risks = read_risk_rows(reading.user_text)
    redraft = read_redraft_requests(reading.user_text)
    issues = read_validation_issues(reading.user_text)
    our_party = str(meta.get("our_party") or "")
    domain = str(meta.get("domain") or "generic")
    zh = reading.language.startswith("zh")
    out: list[dict[str, Any]] = []
    if redraft:
        for req in redraft:
            index, risk = next(
                ((i, r) for i, r in enumerate(risks) if r.get("risk_id") == req.get("risk_id")),
                (None, {"risk_type": "", "original_text": req.get("original_text", "")}),
            )
            base = dict(risk)
            if req.get("original_text") and str(req["original_text"]) in clause:
                base["original_text"] = req["original_text"]
            original, proposed, reason = draft_redline(
                base,
                clause,
                reading.language,
                our_party=our_party,
                other_parties=other_parties(meta),
                domain=domain,
                feedback=str(req.get("feedback") or ""),
            )
            proposed = _alternative(proposed, str(req.get("rejected_text") or ""), zh)
            out.append(
                {
                    "risk_index": index,
                    "risk_id": req.get("risk_id"),
                    "original_text": original,
                    "proposed_text": proposed,
                    "reason": reason,
                }
            )
        return Answer(content=json.dumps(out, ensure_ascii=False, indent=1))
    for i, risk in enumerate(risks):
        original, proposed, reason = draft_redline(
            risk,
            clause,
            reading.language,
            our_party=our_party,
            other_parties=other_parties(meta),
            domain=domain,
        )
        if issues and proposed.strip() == original.strip():
            proposed = _alternative(proposed, original, zh)
        out.append(
            {
                "risk_index": risk.get("risk_index", i),
                "risk_id": risk.get("risk_id"),
                "original_text": original,
                "proposed_text": proposed,
                "reason": reason,
            }
        )
    return Answer(content=json.dumps(out, ensure_ascii=False, indent=1))


def validate(reading: Reading) -> Answer:
    """Check every redline: verbatim original, a real change, and the risk actually removed."""
    clause = reading.clause_text or ""
    meta = reading.metadata
    risks = read_risk_rows(reading.user_text)
    rows = read_redline_rows(reading.user_text)
    zh = reading.language.startswith("zh")
    issues: list[str] = []
    if not rows:
        issues.append("没有可校验的修改建议" if zh else "there are no redlines to validate")
    for i, row in enumerate(rows):
        index = row.get("redline_index", i)
        for problem in check_redline(
            row,
            clause,
            risks,
            our_party=str(meta.get("our_party") or ""),
            domain=str(meta.get("domain") or "generic"),
            language=reading.language,
        ):
            issues.append(f"第{index}条修改：{problem}" if zh else f"redline_index {index}: {problem}")
    return Answer(content=json.dumps({"passed": not issues, "issues": issues}, ensure_ascii=False))
