"""fidic_check_pc_consistency: Particular Conditions amendments that no longer fit the rest of the contract.

Checks, on the merged contract (GC amended by the PC):

* a sub-clause the PC deleted that other sub-clauses still refer to;
* a period the PC changed (e.g. 28 → 14 days) that a sub-clause referring to the amended one
  still states with the old value;
* the same figure stated differently: one sub-clause giving two percentages or amounts of the
  same basis (an "Add at the end" that contradicts the GC text it was added to), or a PC-touched
  sub-clause and another one disagreeing about the same subject and basis;
* references written into PC text that point to sub-clauses that do not exist.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Literal

from clauseflow_contracts.skills import SkillId
from clauseflow_documents.model import Clause, DocumentStructure
from pydantic import BaseModel, Field

from clauseflow_skills.doc_index import DocumentIndex, index_of
from clauseflow_skills.skill import Skill, SkillContext, SkillInput, SkillOutput
from clauseflow_skills.skills.fidic_merge import GcPc, load_gc_pc
from clauseflow_skills.skills.financial_terms import extract, find_amounts, find_percentages
from clauseflow_skills.text import Sentence, find_references, normalise, sentences

IssueKind = Literal["deleted_reference", "period_mismatch", "figure_mismatch", "dangling_reference"]

# "15% of the Accepted Contract Amount", "合同价款的10%": what a figure is measured against.
_BASIS_EN = re.compile(r"^\s*(?:of|per cent of|percent of)\s+(?:the\s+)?((?:[A-Z][\w'’-]*\s?){1,5})")
_BASIS_ZH = re.compile(r"([\u4e00-\u9fff]{2,8}?)(?:的)$")
# The subject of a figure: the defined term named before it in the sentence ("Performance Security").
_SUBJECT_EN = re.compile(r"\b((?:[A-Z][a-z'’-]+\s){0,3}[A-Z][a-z'’-]+)\b")
_SUBJECT_STOP = frozenset(
    {"The", "This", "If", "Any", "Each", "Contractor", "Employer", "Engineer", "Sub-Clause"}
)


class PcConsistencyInput(SkillInput):
    """Arguments of fidic_check_pc_consistency."""

    clause_id: str = Field(description="Id of the sub-clause under review, e.g. '20.1'")
    whole_contract: bool = Field(
        default=False,
        description="Report the issues of the whole contract, not only those involving this clause",
    )


class ConsistencyIssue(BaseModel):
    """One inconsistency the PC introduced."""

    kind: IssueKind
    risk_type: str
    clause_id: str = Field(description="The sub-clause where the inconsistent wording is")
    related_clause_id: str | None = Field(description="The other sub-clause involved")
    description: str
    evidence: str = Field(description="The words of the contract that show it")


class PcConsistencyOutput(SkillOutput):
    """Inconsistencies, plus what the PC changed."""

    clause_id: str
    has_particular_conditions: bool
    issues: list[ConsistencyIssue]
    amended_clauses: list[str]
    added_clauses: list[str]
    deleted_clauses: list[str]


def _cut(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_under(clause_id: str, ancestor: str) -> bool:
    return (
        clause_id == ancestor or clause_id.startswith(ancestor + ".") or clause_id.startswith(ancestor + "(")
    )


def _leaves(document: DocumentStructure) -> list[Clause]:
    """Clauses without children: their text is their own (a parent's text repeats its children's)."""
    return [c for c in document.clauses if not c.children]


def deleted_references(view: GcPc) -> list[ConsistencyIssue]:
    """References in the merged contract to sub-clauses the PC deleted."""
    deleted = view.deleted_ids()
    if not deleted:
        return []
    issues: list[ConsistencyIssue] = []
    for clause in _leaves(view.merged):
        for found in find_references(clause.text):
            target = next((d for d in deleted if _is_under(found.number, d)), None)
            if target is None:
                continue
            sentence = next((s.text for s in sentences(clause.text) if found.raw in s.text), found.raw)
            issues.append(
                ConsistencyIssue(
                    kind="deleted_reference",
                    risk_type="broken_cross_reference",
                    clause_id=clause.clause_id,
                    related_clause_id=target,
                    description=(
                        f"Sub-Clause {clause.clause_id} still refers to {found.raw}, which the Particular "
                        f"Conditions delete; the reference no longer has anything to apply"
                    ),
                    evidence=_cut(sentence),
                )
            )
    return issues


def _periods(text: str) -> set[int]:
    return {p.approx_days for p in extract(text).periods}


def _amended_leaves(view: GcPc) -> Iterator[Clause]:
    """Leaf sub-clauses the Particular Conditions amended that the General Conditions also have."""
    for clause in view.merged.clauses:
        if clause.provenance == "amended" and view.gc.has(clause.clause_id) and not clause.children:
            yield clause


def _referring_sentences(
    view: GcPc, index: DocumentIndex, clause: Clause
) -> Iterator[tuple[Clause, Sentence]]:
    """The sentences of every other sub-clause that name ``clause``.

    Only sentences that name it: a list of values (the Contract Data) refers to many sub-clauses,
    and the 28 days of its Sub-Clause 2.1 line say nothing about the Sub-Clause 4.2 line.
    """
    named = re.compile(rf"(?<![\d.]){re.escape(clause.clause_id)}(?![\d]|\.\d)")
    for ref in index.incoming.get(clause.clause_id, []):
        if ref.source == clause.clause_id or not view.merged.has(ref.source):
            continue
        source = view.merged.get(ref.source)
        for sentence in _statements(source.text):
            if named.search(sentence.text):
                yield source, sentence


def _statements(text: str) -> list[Sentence]:
    """Sentences with a line-wrapped continuation joined back ("…under Sub-Clause 20.1,\nwhich shall…")."""
    out: list[Sentence] = []
    for sentence in sentences(text):
        previous = out[-1] if out else None
        if (
            previous is not None
            and (previous.text.endswith(",") or sentence.text[:1].islower())
            and not previous.text.endswith((".", ";", ":", "。", "；", "："))
        ):
            out[-1] = Sentence(f"{previous.text} {sentence.text}", previous.start, sentence.end)
        else:
            out.append(sentence)
    return out


def _period_issue(source: Clause, amended: Clause, description: str, sentence: Sentence) -> ConsistencyIssue:
    return ConsistencyIssue(
        kind="period_mismatch",
        risk_type="internal_inconsistency",
        clause_id=source.clause_id,
        related_clause_id=amended.clause_id,
        description=description,
        evidence=_cut(sentence.text),
    )


def _days(periods: set[int] | list[int]) -> str:
    return ", ".join(f"{d} days" for d in sorted(periods))


def period_mismatches(view: GcPc) -> list[ConsistencyIssue]:
    """A period changed by the PC that a sub-clause referring to the amended one still states as before."""
    index = index_of(view.merged)
    issues: list[ConsistencyIssue] = []
    for clause in _amended_leaves(view):
        before = _periods(view.gc.get(clause.clause_id).text)
        after = _periods(clause.text)
        removed = before - after
        if not removed or not after:
            continue
        for source, sentence in _referring_sentences(view, index, clause):
            stale = removed & _periods(sentence.text)
            if stale:
                description = (
                    f"The Particular Conditions change the period in Sub-Clause {clause.clause_id} "
                    f"to {_days(after)}, but Sub-Clause {source.clause_id}, which refers to it, "
                    f"still states {_days(stale)}"
                )
                issues.append(_period_issue(source, clause, description, sentence))
    return issues


_DEFINED_PHRASE = re.compile(r"\b[A-Z][a-z'’]+(?:\s+(?:of|for|to)\s+|\s+)[A-Z][a-z'’]+(?:\s+[A-Z][a-z'’]+)*")


def _phrases(text: str) -> set[str]:
    """Multi-word capitalised phrases ("Notice of Claim", "Time for Completion"): what a period is for."""
    return {m.group(0) for m in _DEFINED_PHRASE.finditer(text)}


def subject_period_mismatches(view: GcPc) -> list[ConsistencyIssue]:
    """A referring sentence still states the period the PC replaced for the same subject.

    Comparing whole clauses misses a change when the old figure survives elsewhere in the amended
    clause (28 days for one notice, while another notice went from 28 to 14 days); so each period is
    tied to the defined phrases of its sentence (say "Notice of Claim") and compared per subject.
    """
    index = index_of(view.merged)
    issues: list[ConsistencyIssue] = []
    for clause in _amended_leaves(view):
        gc_sentences = [
            (x, _phrases(x.text), _periods(x.text)) for x in sentences(view.gc.get(clause.clause_id).text)
        ]
        new_sentences = [(x, _phrases(x.text), _periods(x.text)) for x in sentences(clause.text)]
        for source, sentence in _referring_sentences(view, index, clause):
            stated, subjects = _periods(sentence.text), _phrases(sentence.text)
            for _, gc_subjects, gc_periods in gc_sentences:
                shared = subjects & gc_subjects
                old = stated & gc_periods
                if not shared or not old:
                    continue
                now = set().union(*(p for _, subj, p in new_sentences if subj & shared and p))
                stale = old - now
                if not now or not stale:
                    continue
                description = (
                    f"The Particular Conditions set the period for {sorted(shared)[0]} in "
                    f"Sub-Clause {clause.clause_id} to {_days(now)}, but "
                    f"Sub-Clause {source.clause_id}, which refers to it, still states "
                    f"{_days(stale)}"
                )
                issues.append(_period_issue(source, clause, description, sentence))
                break
    return issues


def _basis(after: str) -> str | None:
    m = _BASIS_EN.match(after)
    return m.group(1).strip().lower() if m else None


def _subject(before: str) -> str | None:
    names = [re.sub(r"^(?:The|This|Each|Any)\s+", "", n) for n in _SUBJECT_EN.findall(before)]
    names = [n for n in names if n not in _SUBJECT_STOP]
    return names[-1].lower() if names else None


def _figures(clause: Clause) -> list[tuple[str, str, float, str]]:
    """(subject, basis, value, sentence) for the percentages and amounts of a clause."""
    out: list[tuple[str, str, float, str]] = []
    for sentence in sentences(clause.text):
        norm = normalise(sentence.text)
        for p in find_percentages(norm, sentence.text):
            at = norm.find(p.text)
            if at < 0:
                continue
            basis = _basis(norm[at + len(p.text) :])
            zh = _BASIS_ZH.search(norm[:at])
            if basis is None and zh:
                basis = zh.group(1)
            subject = _subject(norm[:at]) or ""
            if basis:
                out.append((subject, basis, p.value, sentence.text))
        for a in find_amounts(norm, sentence.text):
            at = norm.find(a.text)
            if a.value is None or at < 0:
                continue
            named = _subject(norm[:at])
            if named:
                out.append((named, f"amount {a.currency or ''}".strip(), a.value, sentence.text))
    return out


def figure_mismatches(view: GcPc) -> list[ConsistencyIssue]:
    """Different figures for the same subject and basis, where the PC wrote at least one of them."""
    by_key: dict[tuple[str, str], list[tuple[Clause, float, str]]] = defaultdict(list)
    for clause in _leaves(view.merged):
        for subject, basis, value, sentence in _figures(clause):
            by_key[(subject, basis)].append((clause, value, sentence))
    issues: list[ConsistencyIssue] = []
    for (subject, basis), rows in by_key.items():
        values = {v for _, v, _ in rows}
        if len(values) < 2 or not any(c.provenance in ("amended", "pc") for c, _, _ in rows):
            continue
        # Report at the PC-touched clause, naming the other statement.
        touched = next(r for r in rows if r[0].provenance in ("amended", "pc"))
        other = next(r for r in rows if r[1] != touched[1])
        what = f"{subject} " if subject else ""
        against = "its own GC wording" if other[0] is touched[0] else f"Sub-Clause {other[0].clause_id}"
        issues.append(
            ConsistencyIssue(
                kind="figure_mismatch",
                risk_type="internal_inconsistency",
                clause_id=touched[0].clause_id,
                related_clause_id=other[0].clause_id if other[0].clause_id != touched[0].clause_id else None,
                description=(
                    f"The contract states {what}as {touched[1]:g} and as {other[1]:g} ({basis}); the "
                    f"Particular Conditions' figure in Sub-Clause {touched[0].clause_id} contradicts "
                    f"{against}"
                ),
                evidence=_cut(f"{touched[2]} / {other[2]}" if touched[2] != other[2] else touched[2]),
            )
        )
    return issues


def dangling_references(view: GcPc) -> list[ConsistencyIssue]:
    """References in PC-written sub-clauses to sub-clauses that exist nowhere (nor were deleted)."""
    deleted = set(view.deleted_ids())
    index = index_of(view.merged)
    issues: list[ConsistencyIssue] = []
    for clause in _leaves(view.merged):
        if clause.provenance not in ("amended", "pc"):
            continue
        for ref in index.outgoing.get(clause.clause_id, []):
            if ref.resolved or (ref.target and any(_is_under(ref.target, d) for d in deleted)):
                continue
            issues.append(
                ConsistencyIssue(
                    kind="dangling_reference",
                    risk_type="broken_cross_reference",
                    clause_id=clause.clause_id,
                    related_clause_id=ref.target,
                    description=(
                        f"Text added by the Particular Conditions in Sub-Clause {clause.clause_id} refers "
                        f"to {ref.raw}, which does not exist in the contract"
                    ),
                    evidence=ref.raw,
                )
            )
    return issues


def check(view: GcPc) -> list[ConsistencyIssue]:
    """Every inconsistency of the merged contract, in a stable order."""
    issues = (
        deleted_references(view)
        + period_mismatches(view)
        + subject_period_mismatches(view)
        + figure_mismatches(view)
        + dangling_references(view)
    )
    seen: set[tuple[str, str, str | None, str]] = set()
    unique: list[ConsistencyIssue] = []
    for issue in issues:
        key = (issue.kind, issue.clause_id, issue.related_clause_id, issue.evidence)
        if key not in seen:
            seen.add(key)
            unique.append(issue)
    return unique


def run(args: PcConsistencyInput, ctx: SkillContext) -> PcConsistencyOutput:
    """Merge GC and PC and report the inconsistencies involving the clause (or all of them)."""
    # The primary is the GC, or the contract already merged: either way it holds the clause.
    clause = ctx.require_document().get(args.clause_id)
    view = load_gc_pc(ctx)
    if view is None:
        return PcConsistencyOutput(
            clause_id=clause.clause_id,
            has_particular_conditions=False,
            issues=[],
            amended_clauses=[],
            added_clauses=[],
            deleted_clauses=[],
        )
    issues = check(view)
    if not args.whole_contract:
        issues = [
            i
            for i in issues
            if _is_under(i.clause_id, clause.clause_id)
            or (i.related_clause_id is not None and _is_under(i.related_clause_id, clause.clause_id))
        ]
    return PcConsistencyOutput(
        clause_id=clause.clause_id,
        has_particular_conditions=True,
        issues=issues,
        amended_clauses=[c.clause_id for c in view.merged.clauses if c.provenance == "amended"],
        added_clauses=[c.clause_id for c in view.merged.clauses if c.provenance == "pc"],
        deleted_clauses=view.deleted_ids(),
    )


SKILL: Skill[PcConsistencyInput, PcConsistencyOutput] = Skill(
    skill_id=SkillId.FIDIC_CHECK_PC_CONSISTENCY,
    name="Check PC consistency",
    description=(
        "Check that the Particular Conditions' amendments still fit the rest of a FIDIC-style contract: "
        "sub-clauses the PC deleted but others still refer to, periods the PC changed (e.g. 28 to 14 days) "
        "that referring sub-clauses still state with the old value, percentages or amounts stated twice "
        "with different values, and PC references to sub-clauses that do not exist. Returns the issues "
        "involving the clause (or the whole contract) and the lists of amended, added and deleted "
        "sub-clauses."
    ),
    input_model=PcConsistencyInput,
    output_model=PcConsistencyOutput,
    run=run,
    domain="fidic",
    category="validation",
)
