"""Redline drafting (with redraft feedback) and redline validation."""

from __future__ import annotations

import json
from typing import Any

from clauseflow_contracts.prompts.redlines import (
    read_contract_terms,
    read_redline_rows,
    read_redraft_requests,
    read_risk_rows,
    read_validation_issues,
)
from clauseflow_legal.redline import draft_redline
from clauseflow_legal.redline_check import check_redline
from clauseflow_legal.redline_fit import unchanged_note

from clauseflow_playbook_model.handlers.common import Reading, other_parties
from clauseflow_playbook_model.wire import Answer


def _alternative(proposed: str, rejected: str, zh: bool, request: str) -> str:
    """The redraft, or, when it would repeat the text it answers, that text with a note for counsel
    saying the request could not be met (never a filler phrase that only makes it differ)."""
    if proposed.strip() != rejected.strip():
        return proposed
    return unchanged_note(proposed, request, zh)


def _overlap(a: str, b: str, clause: str) -> bool:
    """Whether two quotes cover some of the same words of the clause."""
    ia, ib = clause.find(a), clause.find(b)
    return ia >= 0 and ib >= 0 and ia < ib + len(b) and ib < ia + len(a)


def _on_top(
    risk: dict[str, Any],
    earlier: dict[str, Any],
    original: str,
    proposed: str,
    clause: str,
    language: str,
    terms: list[str],
    meta: dict[str, Any],
) -> str:
    """The second risk's change drafted on the text the earlier redline of the same words proposes.

    Both quote one sentence: the clause is rewritten by the earlier redline first and this risk is
    drafted on the result, so the two redlines come out as one text (the worker keeps the one
    drafted on top). Without a draft on top, the worker merges the two.
    """
    first_original, first_proposed = str(earlier["original_text"]), str(earlier["proposed_text"])
    if original not in first_original:
        return proposed
    rewritten = clause.replace(first_original, first_proposed, 1)
    # Drafted where the risk's own words still stand in the earlier proposal, else on the whole of it.
    quote = original if original in first_proposed else first_proposed
    _, second, _ = draft_redline(
        {**risk, "original_text": quote},
        rewritten,
        language,
        our_party=str(meta.get("our_party") or ""),
        other_parties=other_parties(meta),
        domain=str(meta.get("domain") or "generic"),
        contract_terms=terms,
    )
    if quote is first_proposed:
        return second if second.strip() != first_proposed.strip() else proposed
    if quote[:1].islower() and second.startswith("The "):
        second = "the " + second[4:]  # it goes on the sentence, not at its start
    if not quote.endswith((".", "。", ";", "；")):
        second = second.rstrip(".。")  # the sentence's own full stop follows the quote
    return first_proposed.replace(quote, second, 1)


def draft(reading: Reading) -> Answer:
    """One redline per risk (or per redraft request), original_text verbatim from the clause."""
    clause = reading.clause_text or ""
    meta = reading.metadata
    risks = read_risk_rows(reading.user_text)
    redraft = read_redraft_requests(reading.user_text)
    issues = read_validation_issues(reading.user_text)
    our_party = str(meta.get("our_party") or "")
    domain = str(meta.get("domain") or "generic")
    terms = read_contract_terms(reading.user_text)
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
                contract_terms=terms,
            )
            feedback = str(req.get("feedback") or "")
            proposed = _alternative(proposed, str(req.get("rejected_text") or ""), zh, feedback)
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
            contract_terms=terms,
        )
        if issues and proposed.strip() == original.strip():
            proposed = _alternative(proposed, original, zh, "; ".join(str(i) for i in issues))
        earlier = next((o for o in out if _overlap(o["original_text"], original, clause)), None)
        if earlier is not None:
            proposed = _on_top(risk, earlier, original, proposed, clause, reading.language, terms, meta)
            original = str(earlier["original_text"])
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
