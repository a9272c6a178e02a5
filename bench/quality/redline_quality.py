"""Redline quality: minimal edits, foreign terms, conflicting revisions, and feedback honoured.

    uv run python -m bench.quality.redline_quality

Over the golden dev contracts (``../shared/data/golden``; skipped when absent) and the bundled
examples, every clause is reviewed by the playbook model's analysis and its risks drafted by the
worker's real drafting loop (:class:`RedlineDrafter`: draft, validate, retry, settle overlaps)
against the playbook model answering in process (its ``respond``, without HTTP: the bench
measures drafting, not transport). Then, for every redline that stands, a reviewer rejects it
with scripted feedback naming a figure ("limit to 5 years", "限于五年", "cap at 5%") and the
redraft is checked.

Figures (targets from issue #23):

* ``minimal_share`` — redlines whose deleted or replaced words are at most half of the words of
  the sentence(s) they touch (target ≥ 0.8);
* ``foreign_term_redlines`` — redlines whose proposed text uses a capitalised (or, in Chinese,
  quoted) defined term the contract neither has nor the redline defines (target 0);
* ``conflicting_revisions`` — pairs of redlines of one clause whose spans overlap (target 0);
* ``feedback_honoured`` — scripted rejections whose redraft states the figure asked for, or whose
  rationale says why not, naming it (target 1.0).

The figures are computed here from the texts (not from the drafter's own verdicts), so the
bench measures the same way whichever drafting code runs.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from clauseflow_clause_worker.agent import ClauseJob
from clauseflow_clause_worker.redlines import RedlineDrafter
from clauseflow_contracts import ids
from clauseflow_contracts.chat import ChatMessage, ToolSpec
from clauseflow_contracts.events import ClauseTask, DocumentRefs, RedraftRequest
from clauseflow_contracts.review import LLMUsage, Redline, Risk, RiskLevel, TaskMode, normalise_risk_level
from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_documents.parser import parse_document
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.redline_rules import (
    contract_vocabulary,
    feedback_honoured,
    figures,
    foreign_terms,
    tokens,
)
from clauseflow_legal.text import split_sentences
from clauseflow_platform.llm import ChatAnswer, ToolTurn
from clauseflow_playbook_model.reviewer import respond
from clauseflow_playbook_model.wire import parse_request

from bench.common import (
    REPO,
    WORK_DIR,
    bench_logger,
    configure_service_logging,
    machine_info,
    rounded,
    shared_dir,
    write_result,
)

log = bench_logger("redline_quality")
REVIEW_ID = "rev_bench_redlines"
TARGETS = {
    "minimal_share": 0.8,
    "foreign_term_redlines": 0,
    "conflicting_revisions": 0,
    "feedback_honoured": 1.0,
}


class InProcessPlaybook:
    """The playbook model as the worker's chat model, answering in process (same answers as over HTTP)."""

    async def chat(self, messages: Sequence[ChatMessage], **_: object) -> ChatAnswer:
        answer = respond(parse_request({"model": "clauseflow-playbook", "messages": list(messages)}))
        return ChatAnswer(text=answer.content or "", usage=LLMUsage(calls=1))

    async def chat_with_tools(
        self, messages: Sequence[ChatMessage], tools: Sequence[ToolSpec], **_: object
    ) -> ToolTurn:
        raise NotImplementedError("drafting needs no tools")


@dataclass(frozen=True)
class Contract:
    """A contract to draft on: its documents, our party, language and domain."""

    name: str
    files: tuple[Path, ...]
    our_party: str
    language: str
    domain: str
    # Texts of the golden contracts stay in ../shared: the committed results quote only what the
    # project ships (the examples); a golden redline is located by contract, clause and risk type.
    quotable: bool = True


def golden_contracts(folder: Path) -> list[Contract]:
    """Every golden contract of the dev set, all of its sections."""
    out = []
    for key_path in sorted(folder.glob("*.key.json")):
        key = json.loads(key_path.read_text(encoding="utf-8"))
        files = tuple(dict.fromkeys(folder / s["file"] for s in key["sections"].values()))
        party = str(key["our_party"]).split(";")[0].strip()[:200]
        out.append(
            Contract(str(key["contract"]), files, party, key["language"], key["domain"], quotable=False)
        )
    return out


def example_contracts() -> list[Contract]:
    """The bundled examples with the party each is reviewed for."""
    expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
    out = []
    for name, meta in expected.items():
        if name.startswith("_") or not isinstance(meta, dict):
            continue
        path = REPO / "examples" / name
        language = str(meta.get("language") or ("zh-CN" if "_zh" in name else "en"))
        out.append(
            Contract(name, (path,), str(meta["our_party"]), language, str(meta.get("domain") or "generic"))
        )
    return out


def _texts(contract: Contract, **texts: str) -> dict[str, str]:
    """The texts to record for a redline: shortened, and only for contracts the project ships."""
    return {name: text[:200] for name, text in texts.items()} if contract.quotable else {}


@dataclass
class Tally:
    """What one contract's drafting gave."""

    redlines: int = 0
    minimal: int = 0
    foreign: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    rejections: int = 0
    honoured: int = 0
    not_honoured: list[dict[str, Any]] = field(default_factory=list)
    not_minimal: list[dict[str, Any]] = field(default_factory=list)
    clauses_with_risks: int = 0
    validation_failed_clauses: int = 0


def sentence_share(clause_text: str, original: str, proposed: str) -> float:
    """Deleted or replaced words of the redline over the words of the sentence(s) its span touches."""
    start = clause_text.find(original)
    if start < 0:
        return 1.0
    end = start + len(original)
    touched = [s for s in split_sentences(clause_text) if s.start < end and start < s.start + len(s.text)]
    sentence_words = sum(len(tokens(s.text)) for s in touched) or len(tokens(original)) or 1
    before, after = tokens(original), tokens(proposed)
    kept = sum(b.size for b in SequenceMatcher(a=before, b=after, autojunk=False).get_matching_blocks())
    return (len(before) - kept) / sentence_words


def overlapping_pairs(redlines: Sequence[Redline], clause_text: str) -> list[tuple[str, str]]:
    """Pairs of redlines whose original spans overlap in the clause (a conflicting revision each)."""
    spans = []
    for r in redlines:
        at = clause_text.find(r.original_text) if r.original_text else -1
        if at >= 0:
            spans.append((r.id, at, at + len(r.original_text)))
    return [
        (a, b) for i, (a, s1, e1) in enumerate(spans) for (b, s2, e2) in spans[i + 1 :] if s1 < e2 and s2 < e1
    ]


_ZH_UNIT = {
    "day": "日",
    "business day": "个工作日",
    "week": "周",
    "month": "个月",
    "year": "年",
    "hour": "小时",
}


def scripted_feedback(proposed: str, original: str, zh: bool) -> str:
    """What a reviewer rejecting ``proposed`` writes: another figure of the kind it states, else a period.

    The figure asked for is neither the proposal's nor the original's (asking for the original's
    would be asking to withdraw the redline, not to redraft it).
    """
    found = figures(proposed)
    if not found:
        return "限于五年" if zh else "limit to 5 years"
    f = found[0]
    value = int(f.value)
    taken = {int(g.value) for g in figures(original) + found if g.kind == f.kind}
    new = next(n for n in (value // 2, value + 1, value * 2, value + 7) if n >= 1 and n not in taken)
    if f.kind == "period":
        return f"限于{new}{_ZH_UNIT[f.unit]}" if zh else f"limit to {new} {f.unit}{'' if new == 1 else 's'}"
    if f.kind == "percent":
        return f"改为百分之{new}" if zh else f"cap at {new}%"
    currency = f.unit or ("RMB" if zh else "USD")
    return f"上限改为{currency}{new:,}" if zh else f"cap it at {currency} {new:,}"


def _job(task: ClauseTask, clause: Clause, terms: tuple[str, ...], vocabulary: frozenset[str]) -> ClauseJob:
    """A clause job; the contract's terms go in where the drafting code knows about them."""
    names = {f.name for f in dataclasses.fields(ClauseJob)}
    extra = {"defined_terms": terms, "vocabulary": vocabulary}
    return ClauseJob(
        review_id=REVIEW_ID, task=task, clause=clause, **{k: v for k, v in extra.items() if k in names}
    )


def _leaves(structure: DocumentStructure) -> list[Clause]:
    """The clauses a review drafts on: the innermost numbered units with text."""
    return [c for c in structure.walk() if not c.children and c.text.strip()]


async def draft_contract(contract: Contract, drafter: RedlineDrafter) -> Tally:
    """Review and draft every clause of ``contract``; then reject every redline with scripted feedback."""
    structures = [parse_document(p.read_bytes(), p.name) for p in contract.files]
    terms = tuple(dict.fromkeys(d.term for s in structures for d in s.definitions))
    whole = "\n".join(s.text for s in structures)
    vocabulary = contract_vocabulary(whole, terms)
    zh = contract.language.startswith("zh")
    tally = Tally()
    for structure in structures:
        for clause in _leaves(structure):
            found = analyse_clause(
                clause.text,
                title=clause.title,
                clause_id=clause.clause_id,
                our_party=contract.our_party,
                domain=contract.domain,
                language=contract.language,
            )
            if not found:
                continue
            tally.clauses_with_risks += 1
            risks = [
                Risk(
                    id=ids.risk_id(REVIEW_ID, f"{contract.name}:{clause.clause_id}", 0, i),
                    clause_id=clause.clause_id,
                    risk_type=str(r.get("risk_type") or ""),
                    risk_level=RiskLevel(normalise_risk_level(r.get("risk_level"))),
                    description=str(r.get("description") or ""),
                    reason=str(r.get("reason") or ""),
                    analysis=str(r.get("analysis") or ""),
                    original_text=str(r.get("original_text") or ""),
                )
                for i, r in enumerate(found)
            ]
            task = ClauseTask(
                task_id=f"task-{clause.clause_id}",
                clause_id=clause.clause_id,
                documents=DocumentRefs(primary="0" * 64),
                our_party=contract.our_party,
                language=contract.language,
                domain=contract.domain,
                risks=tuple(risks),
            )
            outcome = await drafter.draft(_job(task, clause, terms, vocabulary), risks)
            tally.validation_failed_clauses += not outcome.validation_passed
            _measure(tally, contract, clause, outcome.redlines, vocabulary, risks)
            for redline in outcome.redlines:
                await _reject_and_redraft(
                    tally, drafter, task, clause, redline, zh, terms, vocabulary, contract
                )
    return tally


def _measure(
    tally: Tally,
    contract: Contract,
    clause: Clause,
    redlines: Sequence[Redline],
    vocabulary: frozenset[str],
    risks: Sequence[Risk] = (),
) -> None:
    for r in redlines:
        tally.redlines += 1
        share = sentence_share(clause.text, r.original_text, r.proposed_text)
        if share <= 0.5:
            tally.minimal += 1
        else:
            risk_type = next((k.risk_type for k in risks if k.id == r.risk_id), "")
            tally.not_minimal.append(
                {
                    "contract": contract.name,
                    "clause": clause.clause_id,
                    "risk_type": risk_type,
                    "share": round(share, 3),
                    **_texts(contract, original=r.original_text, proposed=r.proposed_text),
                }
            )
        foreign = foreign_terms(r.proposed_text, clause_text=clause.text, vocabulary=vocabulary)
        if foreign:
            tally.foreign.append(
                {"clause": clause.clause_id, "terms": foreign, **_texts(contract, proposed=r.proposed_text)}
            )
    for a, b in overlapping_pairs(redlines, clause.text):
        tally.conflicts.append({"clause": clause.clause_id, "redlines": [a, b]})


async def _reject_and_redraft(
    tally: Tally,
    drafter: RedlineDrafter,
    task: ClauseTask,
    clause: Clause,
    redline: Redline,
    zh: bool,
    terms: tuple[str, ...],
    vocabulary: frozenset[str],
    contract: Contract,
) -> None:
    feedback = scripted_feedback(redline.proposed_text, redline.original_text, zh)
    request = RedraftRequest(
        redline_id=redline.id,
        risk_id=redline.risk_id,
        original_text=redline.original_text,
        rejected_text=redline.proposed_text,
        feedback=feedback,
    )
    redraft_task = task.model_copy(update={"mode": TaskMode.REDRAFT, "attempt": 1, "redraft": (request,)})
    outcome = await drafter.redraft(_job(redraft_task, clause, terms, vocabulary))
    tally.rejections += 1
    new = next((r for r in outcome.redlines if r.risk_id == redline.risk_id), None)
    if new is not None and not feedback_honoured(feedback, new.proposed_text, new.reason):
        tally.honoured += 1
    else:
        tally.not_honoured.append(
            {
                "clause": clause.clause_id,
                "feedback": feedback,
                **(_texts(contract, proposed=new.proposed_text, reason=new.reason[-200:]) if new else {}),
            }
        )


def _figures(t: Tally) -> dict[str, Any]:
    return {
        "clauses_with_risks": t.clauses_with_risks,
        "redlines": t.redlines,
        "minimal_share": t.minimal / t.redlines if t.redlines else None,
        "foreign_term_redlines": len(t.foreign),
        "conflicting_revisions": len(t.conflicts),
        "scripted_rejections": t.rejections,
        "feedback_honoured": t.honoured / t.rejections if t.rejections else None,
        "clauses_whose_validation_failed": t.validation_failed_clauses,
    }


async def run(limit: int | None) -> dict[str, Any]:
    """Draft on every contract and collect the figures, per contract and overall."""
    contracts = example_contracts()
    data = shared_dir()
    golden = data / "data" / "golden" if data else None
    if golden and golden.is_dir():
        contracts = golden_contracts(golden) + contracts
    else:
        log.info("no golden data (../shared/data/golden): the examples only")
    drafter = RedlineDrafter(InProcessPlaybook())
    total = Tally()
    per_contract: dict[str, Any] = {}
    started = time.perf_counter()
    for contract in contracts[:limit]:
        t0 = time.perf_counter()
        tally = await draft_contract(contract, drafter)
        figures_ = _figures(tally)
        per_contract[contract.name] = {
            **figures_,
            "seconds": time.perf_counter() - t0,
            "foreign_terms": tally.foreign[:10],
            "conflicts": tally.conflicts[:10],
            "not_minimal": tally.not_minimal[:10],
            "feedback_not_honoured": tally.not_honoured[:10],
        }
        log.info("%s: %s", contract.name, json.dumps(rounded(figures_)))
        for name in (
            "redlines",
            "minimal",
            "rejections",
            "honoured",
            "clauses_with_risks",
            "validation_failed_clauses",
        ):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        total.foreign += tally.foreign
        total.conflicts += tally.conflicts
        total.not_minimal += tally.not_minimal
    overall = _figures(total)
    # Every redline that is not minimal, with its risk type: where drafting must get smaller.
    by_type: dict[str, int] = {}
    for item in total.not_minimal:
        by_type[item["risk_type"]] = by_type.get(item["risk_type"], 0) + 1
    meets = {
        "minimal_share": (overall["minimal_share"] or 0) >= TARGETS["minimal_share"],
        "foreign_term_redlines": overall["foreign_term_redlines"] <= TARGETS["foreign_term_redlines"],
        "conflicting_revisions": overall["conflicting_revisions"] <= TARGETS["conflicting_revisions"],
        "feedback_honoured": (overall["feedback_honoured"] or 0) >= TARGETS["feedback_honoured"],
    }
    return {
        "bench": "quality.redline_quality",
        "how": __doc__,
        "machine": machine_info(),
        "contracts": len(per_contract),
        "seconds": time.perf_counter() - started,
        "overall": {**overall, "targets": TARGETS, "meets_target": meets},
        "not_minimal_by_risk_type": dict(sorted(by_type.items(), key=lambda kv: -kv[1])),
        "not_minimal": total.not_minimal,
        "per_contract": per_contract,
    }


def main() -> int:
    """Run the bench and write ``bench/results/redline_quality.json`` (or ``--out``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N contracts")
    parser.add_argument("--out", default="redline_quality", help="result name under bench/results/")
    args = parser.parse_args()
    configure_service_logging(WORK_DIR / "redline_quality.log", level="WARNING")
    result = asyncio.run(run(args.limit))
    path = write_result(args.out, rounded(result))
    log.info("overall: %s → %s", json.dumps(rounded(result["overall"])), path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
