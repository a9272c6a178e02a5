"""A word-level diff (character-level for Chinese) quoting both sides verbatim.

Used by ``compare_with_baseline`` (a clause against its baseline) and ``fidic_merge_gc_pc`` (the
General Conditions against the Particular Conditions' amendment); it lives apart from both so
that neither skill imports the other for it.
"""

from __future__ import annotations

import difflib
import re
from typing import Literal, NamedTuple

from pydantic import BaseModel

from clauseflow_skills.text import normalise

MAX_CHANGES = 40

# A token: one Chinese character, a word or number (keeping "2.5" and "1,000" whole), or a symbol.
_TOKEN = re.compile(r"[\u4e00-\u9fff]|[A-Za-z0-9]+(?:[.,'’][A-Za-z0-9]+)*|[^\sA-Za-z0-9\u4e00-\u9fff]")


class DiffChange(BaseModel):
    """One difference: words of the baseline replaced, deleted or inserted in the clause."""

    op: Literal["replace", "delete", "insert"]
    baseline: str
    clause: str


class _Token(NamedTuple):
    # A tuple, not a frozen dataclass: clauses yield thousands of tokens and tuples build ~3x faster.
    key: str
    start: int
    end: int


def tokens(text: str) -> list[_Token]:
    """Words (English) and characters (Chinese) with their offsets; keys are case- and width-folded."""
    folded = normalise(text).lower()
    return [_Token(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(folded)]


def word_diff(baseline: str, clause: str) -> tuple[float, list[DiffChange]]:
    """Similarity and the changes from ``baseline`` to ``clause``; quoted text is verbatim from each side."""
    a, b = tokens(baseline), tokens(clause)
    matcher = difflib.SequenceMatcher(None, [t.key for t in a], [t.key for t in b], autojunk=False)
    changes: list[DiffChange] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        before = baseline[a[i1].start : a[i2 - 1].end] if i2 > i1 else ""
        after = clause[b[j1].start : b[j2 - 1].end] if j2 > j1 else ""
        changes.append(DiffChange(op=op, baseline=before, clause=after))
    return round(matcher.ratio(), 3), changes
