"""Deterministic redline validation (SPEC-4 clause_validate, ARCHITECTURE §5).

A drafted redline passes when its original text occurs in the clause, its
proposed text differs from the original, and it addresses one of the clause's
risks. Validation never calls a model: the same draft always gets the same verdict.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clauseflow_contracts.review import Risk


@dataclass(frozen=True)
class DraftCheck:
    """The verdict on one drafted redline; ``original_text`` is the exact clause substring when found."""

    draft: Mapping[str, Any]
    risk_id: str | None
    original_text: str
    proposed_text: str
    issues: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """Whether the draft can be offered to the reviewer."""
        return not self.issues


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


def resolve_risk(draft: Mapping[str, Any], risks: Sequence[Risk]) -> str | None:
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


def check_draft(draft: Mapping[str, Any], *, clause_text: str, risks: Sequence[Risk]) -> DraftCheck:
    """Validate one drafted redline against the clause and its risks."""
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
    original_text, proposed_text = keep_clause_number(exact or original, proposed.strip())
    return DraftCheck(
        draft=draft,
        risk_id=risk_id,
        original_text=original_text,
        proposed_text=proposed_text,
        issues=tuple(issues),
    )


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
    drafts: Sequence[Mapping[str, Any]], *, clause_text: str, risks: Sequence[Risk]
) -> list[DraftCheck]:
    """Validate every draft; a second draft for a risk that already has a passing one is rejected."""
    checks: list[DraftCheck] = []
    covered: set[str] = set()
    for draft in drafts:
        check = check_draft(draft, clause_text=clause_text, risks=risks)
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
