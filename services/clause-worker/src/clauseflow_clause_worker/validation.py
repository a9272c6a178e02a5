"""Deterministic redline validation (docs/architecture.md#redlines).

A drafted redline passes when its original text occurs in the clause, its
proposed text differs from the original, and it addresses one of the clause's
risks — and, given the review's :class:`DraftContext`, when it is one a lawyer would sign
(:mod:`clauseflow_legal.redline_rules`): it changes a figure without rewriting the
sentence around it, rewrites no more than half a sentence where a minimal edit removes the risk
(:mod:`clauseflow_legal.minimal_edit`), brings in no defined term the contract lacks, keeps the
governing law and the counterparty's obligations that protect us, answers the reviewer's feedback, and is in
the clause's own language. Validation never calls a model: the same draft always gets the
same verdict.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from clauseflow_contracts.review import Risk
from clauseflow_legal import redline_rules as rules
from clauseflow_legal.minimal_edit import contradicted_qualifier, smaller_redline
from clauseflow_legal.minimal_setting import Where


@dataclass(frozen=True)
class DraftContext:
    """What validation knows beyond the clause: the contract's terms, our party, the reviewer's feedback."""

    vocabulary: frozenset[str] = frozenset()
    our_party: str = ""
    language: str = "en"
    domain: str = "generic"
    # risk id -> the reviewer's feedback on the redline rejected for it (redraft tasks)
    feedback: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DraftCheck:
    """The verdict on one drafted redline; ``original_text`` is the exact clause substring when found."""

    draft: Mapping[str, object]
    risk_id: str | None
    original_text: str
    proposed_text: str
    issues: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """Whether the draft can be offered to the reviewer."""
        return not self.issues

    @property
    def edit_share(self) -> float:
        """The share of the quoted words the draft deletes or replaces (see ``redline_rules``)."""
        return rules.edit_share(self.original_text, self.proposed_text)


def locate(needle: str, haystack: str) -> str | None:
    """The exact substring of ``haystack`` that ``needle`` denotes, tolerating whitespace differences."""
    needle = needle.strip()
    if not needle:
        return None
    if needle in haystack:
        return needle
    tokens = needle.split()
    pattern = r"\s+".join(re.escape(t) for t in tokens)
    match = re.search(pattern, haystack)
    return match.group(0) if match else None


def resolve_risk(draft: Mapping[str, object], risks: Sequence[Risk]) -> str | None:
    """The id of the risk a draft addresses: by ``risk_id``, else by ``risk_index`` (0-based)."""
    ids = {r.id for r in risks}
    risk_id = draft.get("risk_id")
    if isinstance(risk_id, str) and risk_id in ids:
        return risk_id
    index = draft.get("risk_index")
    if isinstance(index, bool):
        return None
    if isinstance(index, str) and index.strip().isdigit():
        index = int(index.strip())
    if isinstance(index, int) and 0 <= index < len(risks):
        return risks[index].id
    return None


def check_draft(
    draft: Mapping[str, object],
    *,
    clause_text: str,
    risks: Sequence[Risk],
    context: DraftContext | None = None,
) -> DraftCheck:
    """Validate one drafted redline against the clause, its risks and (when given) the drafting rules."""
    issues: list[str] = []
    risk_id = resolve_risk(draft, risks)
    if risk_id is None:
        issues.append(
            "it does not name one of the listed risks (give risk_index or risk_id of the risk it fixes)"
        )
    original = str(draft.get("original_text") or "")
    proposed = str(draft.get("proposed_text") or "")
    exact = locate(original, clause_text)
    if not original.strip():
        issues.append("original_text is empty; quote the exact words of the clause to replace")
    elif exact is None:
        issues.append(f"original_text {original[:120]!r} does not occur in the clause text; quote it exactly")
    if not proposed.strip():
        issues.append("proposed_text is empty")
    elif _same(proposed, exact or original):
        issues.append("proposed_text is the same as original_text; propose an actual change")
    elif (no_op := rules.no_op_change(exact or original, proposed)) is not None:
        issues.append(no_op)
    if not issues and exact is not None and context is not None:
        risk_type = next((r.risk_type for r in risks if r.id == risk_id), "")
        issues += drafting_issues(
            exact,
            proposed,
            str(draft.get("reason") or ""),
            risk_id,
            clause_text=clause_text,
            context=context,
            risk_type=risk_type,
        )
    original_text, proposed_text = keep_clause_number(exact or original, proposed.strip())
    return DraftCheck(
        draft=draft,
        risk_id=risk_id,
        original_text=original_text,
        proposed_text=proposed_text,
        issues=tuple(issues),
    )


def drafting_issues(
    original: str,
    proposed: str,
    reason: str,
    risk_id: str | None,
    *,
    clause_text: str,
    context: DraftContext,
    risk_type: str = "",
) -> list[str]:
    """What keeps a well-formed draft from being one a lawyer would sign (empty: nothing)."""
    issues: list[str] = []
    mismatch = rules.language_mismatch(clause_text, proposed, context.language)
    if mismatch:
        issues.append(mismatch)
    broken = rules.broken_sentence(original, proposed, context.language)
    if broken:
        issues.append(
            f"{broken}; strike whole words, phrases or clauses so that a grammatical sentence remains"
        )
    contrary = contradicted_qualifier(original, proposed, context.language)
    if contrary:
        issues.append(contrary)
    where = Where(
        clause_text, risk_type, context.our_party, context.domain, context.language, context.vocabulary
    )
    smaller = smaller_redline(original, proposed, where)
    share = rules.edit_share(original, proposed)
    if smaller is not None and smaller.kind == "figure":
        issues.append(
            f"change only the figure: the draft also rewrites {share:.0%} of the words around it, and the "
            f"new figure alone removes the risk; propose {smaller.text!r}"
        )
    elif smaller is not None:
        issues.append(
            f"edit only the words that carry the risk: the draft deletes or replaces {share:.0%} of the "
            "sentence, and a minimal edit removes the risk (strike the one-sided words, change the figure or "
            f"party, add the missing protection as a phrase); redo it minimally, e.g. {smaller.text!r}"
        )
    foreign = rules.foreign_terms(proposed, clause_text=clause_text, vocabulary=context.vocabulary)
    if foreign:
        names = ", ".join(repr(t) for t in foreign)
        issues.append(
            f"proposed_text uses {names}, which this contract does not define; use the contract's own "
            "defined term or plain words, or define the term in the redline"
        )
    lost_law = rules.governing_law_lost(original, proposed, context.language)
    if lost_law:
        issues.append(lost_law)
    issues += rules.lost_protections(
        original, proposed, our_party=context.our_party, clause_text=clause_text, language=context.language
    )
    feedback = context.feedback.get(risk_id or "", "")
    missing = rules.feedback_honoured(feedback, proposed, reason) if feedback else []
    if missing:
        wanted = rules.explained_figures(missing, context.language)
        issues.append(
            f"the reviewer asked for {wanted} ({feedback!r}): state it in proposed_text, or explain in "
            "reason why it cannot be done"
        )
    return issues


_NUMBER_LABEL = re.compile(
    r"^\s*(?:(?:clause|section|article|sub-clause)\s+)?(?:\d+(?:\.\d+)*\.?|\([a-z0-9]{1,4}\)|第[一二三四五六七八九十百零\d]+条)\s*",
    re.I,
)


def keep_clause_number(original: str, proposed: str) -> tuple[str, str]:
    """Leave the clause's number out of the change when the proposal does not restate it.

    A quote often starts with the clause number ("4.2 The Customer may…") while the proposal
    rewrites only the words; accepting it as drafted would delete the number from the contract.
    """
    label = _NUMBER_LABEL.match(original)
    if label is None or not label.group(0).strip() or proposed.startswith(label.group(0).strip()):
        return original, proposed
    return original[label.end() :], proposed


def check_drafts(
    drafts: Sequence[Mapping[str, object]],
    *,
    clause_text: str,
    risks: Sequence[Risk],
    context: DraftContext | None = None,
) -> list[DraftCheck]:
    """Validate every draft; a second draft for a risk that already has a passing one is rejected."""
    checks: list[DraftCheck] = []
    covered: set[str] = set()
    for draft in drafts:
        check = check_draft(draft, clause_text=clause_text, risks=risks, context=context)
        if check.passed and check.risk_id in covered:
            check = DraftCheck(
                draft=check.draft,
                risk_id=check.risk_id,
                original_text=check.original_text,
                proposed_text=check.proposed_text,
                issues=("a redline for this risk was already proposed; give one redline per risk",),
            )
        if check.passed and check.risk_id:
            covered.add(check.risk_id)
        checks.append(check)
    return checks


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())
