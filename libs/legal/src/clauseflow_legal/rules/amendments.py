"""Particular Conditions that amend the General Conditions by instruction, read for what they change.

"In Sub-Clause 20.1, replace "28 days" with "14 days"" restates no clause: the reviewer reads the
change of wording (``clauseflow_documents.fidic.wording_changes``, the grammar the GC/PC merge
understands), the sub-clause it amends (named in the instruction, or the one it is printed under)
and what that sub-clause gives whom (``amendments.yaml``): a period of ours made shorter, a wait
before a right of ours made longer, a ground of a right of ours deleted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

import yaml
from clauseflow_documents.fidic import WordingChange, subclause_deletions, wording_changes

from clauseflow_legal.figures import Period, find_periods
from clauseflow_legal.rules.base import ClauseContext, span
from clauseflow_legal.text import Sentence

Effect = Literal["shortened", "lengthened", "deleted"]
_LEADING_NUMBER = re.compile(r"^\s*(?:sub-?clause\s+)?(\d+(?:\.\d+)+)\b", re.I)


@dataclass(frozen=True)
class Subject:
    """What a General Conditions sub-clause gives whom (one entry of ``amendments.yaml``)."""

    name: str
    holder: str  # "supplier" (the Contractor) or "payer" (the Employer)
    numbers: tuple[str, ...]
    title: re.Pattern[str]


@dataclass(frozen=True)
class Amendment:
    """One change of wording to a sub-clause whose subject is known, and what it does to its period."""

    subject: Subject
    change: WordingChange
    effect: Effect | None  # None: the wording changes but no period moves and nothing is deleted
    old: Period | None
    new: Period | None
    quote: Sentence

    def ours(self, ctx: ClauseContext) -> bool:
        """Is the amended sub-clause's right or period our party's?"""
        if self.subject.holder == "supplier":
            return ctx.parties.supplies
        return ctx.parties.pays


@cache
def subjects() -> tuple[Subject, ...]:
    raw = yaml.safe_load((Path(str(resources.files(__package__))) / "amendments.yaml").read_text("utf-8"))
    return tuple(
        Subject(name, spec["holder"], tuple(spec["numbers"]), re.compile(spec["title"], re.I))
        for name, spec in raw.items()
    )


def _subject(ctx: ClauseContext, target: str | None, heading: str) -> Subject | None:
    """The subject of the sub-clause an instruction amends: its number (FIDIC), else its heading."""
    number = target
    if number is None:
        own = _LEADING_NUMBER.match(ctx.clause_id) or _LEADING_NUMBER.match(ctx.text)
        number = own.group(1) if own else None
    if number is not None and ctx.domain == "fidic":
        by_number = next((s for s in subjects() if number in s.numbers), None)
        if by_number is not None or target is not None:
            return by_number
    # no number the table knows: the heading printed with the instruction says what is amended
    return next((s for s in subjects() if s.title.search(ctx.title + " " + heading)), None)


def amendments(ctx: ClauseContext) -> list[Amendment]:
    """The clause's amendment instructions to sub-clauses whose subject is known."""
    if not re.search(r"[\"“]", ctx.text):
        return []
    out = []
    for change in wording_changes(ctx.text):
        subject = _subject(ctx, change.target, ctx.text[: change.start])
        if subject is None:
            continue
        old = find_periods(change.old)
        new = find_periods(change.new)
        effect: Effect | None = None
        if not change.new:
            effect = "deleted"
        elif old and new and new[0].days != old[0].days:
            effect = "shortened" if new[0].days < old[0].days else "lengthened"
        quote = _quote(ctx, change.start)
        out.append(
            Amendment(subject, change, effect, old[0] if old else None, new[0] if new else None, quote)
        )
    return out


def deleted_relief(ctx: ClauseContext, *names: str) -> Sentence | None:
    """The quote of an instruction deleting a whole sub-clause of ours named ``names`` ("Sub-Clause
    4.12 is deleted", "Sub-Clause 8.5 [Delays Caused by Authorities] is deleted in its entirety")."""
    if not re.search(r"\bdelete", ctx.text, re.I):
        return None
    for deletion in subclause_deletions(ctx.text):
        subject = _subject(ctx, deletion.target, ctx.text[: deletion.end])
        if subject is None or subject.name not in names:
            continue
        if subject.holder == "supplier" and ctx.parties.supplies:
            return _quote(ctx, deletion.start)
    return None


def _quote(ctx: ClauseContext, pos: int) -> Sentence:
    """The quotable part of the sentence holding ``pos``."""
    sentence = next((s for s in ctx.sentences if s.start <= pos < s.start + len(s.text)), None)
    return span(sentence, pos - sentence.start) if sentence else Sentence(ctx.text, 0)
