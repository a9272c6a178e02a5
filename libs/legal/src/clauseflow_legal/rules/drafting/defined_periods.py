"""One period term given two lengths: a defined term whose definition and restatement disagree.

'"Lock-up Period" means the period of five (5) years' in the definitions and 'for thirty-six (36)
months after Completion (the "Lock-up Period")' in the transfer clause; '本工程合同工期为300日历天' and,
later, '双方确认，本工程的合同工期为280日历天'. Which one binds is a dispute waiting to happen, and the
party the shorter (or longer) one favours will argue for it. Found by comparing every clause with
every other, once per document (the skills' document index), and reported to the clause that states
the term's length a second time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from clauseflow_legal.figures import Period, find_periods, fmt_period
from clauseflow_legal.rules.packs import patterns_beside

PATTERNS = patterns_beside(__file__)
_DEFINITION = PATTERNS.compiled("definition")
_INLINE = PATTERNS.compiled("inline_definition")
_RESTATEMENT = PATTERNS.compiled("restatement")
_ZH_STATEMENT = PATTERNS.compiled("zh_statement")
# How far a definition's period may sit from its term, and an inline definition's before it.
_AFTER = 80
_BEFORE = 120
# Units that convert exactly: months and years, days and weeks. "12 months" and "365 days" are not compared.
_SCALE = {"year": ("month", 12), "month": ("month", 1), "week": ("day", 7), "day": ("day", 1)}


@dataclass(frozen=True)
class StatedPeriod:
    """A length given to a period term in one clause."""

    clause_id: str
    term: str
    period: Period
    quote: str

    @property
    def length(self) -> tuple[str, float] | None:
        """(base unit, value) for comparison, or None for units that do not convert exactly."""
        scale = _SCALE.get(self.period.unit)
        return None if scale is None else (scale[0], self.period.value * scale[1])


def _first_period(text: str) -> Period | None:
    periods = find_periods(text)
    return periods[0] if periods else None


def stated_periods(clause_id: str, text: str) -> list[StatedPeriod]:
    """The period terms ``text`` gives a length to, with the phrase that gives it."""
    out: list[StatedPeriod] = []
    for rx in (_DEFINITION, _RESTATEMENT):
        for m in rx.finditer(text):
            tail = re.split(r"[.;]\s|;", text[m.end() : m.end() + _AFTER])[0]
            period = _first_period(tail)
            if period is not None:
                quote = text[m.start() : m.end() + period.end]
                out.append(StatedPeriod(clause_id, m.group("term"), period, quote))
    for m in _INLINE.finditer(text):
        head = text[max(0, m.start() - _BEFORE) : m.start()]
        head = re.split(r"[.;]\s|[,;]", head)[-1]  # the phrase the definition closes
        periods = find_periods(head)
        if periods:
            start = m.start() - len(head) + periods[-1].start
            out.append(StatedPeriod(clause_id, m.group("term"), periods[-1], text[start : m.end()]))
    for m in _ZH_STATEMENT.finditer(text):
        tail = re.split(r"[，。；,;]", text[m.end() : m.end() + 20])[0]
        period = _first_period(tail)
        if period is not None:
            end = m.end() + period.end
            end += len(re.match(r"(?:历天|天)?", text[end:]).group(0))  # type: ignore[union-attr]
            out.append(StatedPeriod(clause_id, m.group("term"), period, text[m.start() : end]))
    return out


_WARRANTY_TERM = re.compile(PATTERNS["warranty_term"], re.I)
_CLAIM_WINDOW = re.compile(PATTERNS["warranty_claim_window"], re.I)
_WARRANTY_WORD = re.compile(PATTERNS["warranty_word"], re.I)


def warranty_claim_windows(clause_id: str, text: str) -> list[StatedPeriod]:
    """The times a clause gives to claim under the warranty, counted from a fixed date and not naming
    the warranty's own period term ("any claim under Clause 9.1 shall be notified within six (6) months
    following shipment"; "质保索赔应在发货之日起6个月内提出")."""
    out: list[StatedPeriod] = []
    # a short heading ("9.2 Warranty Claims.") says what the clause's claims are for
    heading = re.match(r"[^.。]{0,60}?[.。]\s", text)
    for m in _CLAIM_WINDOW.finditer(text):
        start = max(text.rfind(x, 0, m.start()) for x in (". ", "; ", "。", "；")) + 1
        ends = [i for i in (text.find(x, m.end()) for x in (". ", "; ", "。", "；")) if i >= 0]
        sentence = text[start : min(ends, default=len(text))]
        if not (_WARRANTY_WORD.search(sentence) or (heading and _WARRANTY_WORD.search(heading.group(0)))):
            continue
        if _WARRANTY_TERM.search(sentence):
            continue
        period = _first_period(m.group("period") or m.group("zperiod"))
        if period is not None:
            out.append(StatedPeriod(clause_id, "warranty claim window", period, m.group(0)))
    return out


def _claim_window_conflicts(
    clauses: Sequence[tuple[str, str]], first: dict[str, StatedPeriod], zh: bool
) -> dict[str, list[dict[str, str]]]:
    """Per clause, a warranty claim window shorter than the warranty period the contract defines."""
    terms = [p for term, p in first.items() if _WARRANTY_TERM.fullmatch(term)]
    out: dict[str, list[dict[str, str]]] = {}
    for clause_id, text in clauses:
        for window in warranty_claim_windows(clause_id, text):
            for term in terms:
                # shorter by any measure: "ninety (90) days" against "eighteen (18) months" compare in days
                if term.clause_id == clause_id or window.period.days >= term.period.days * 0.95:
                    continue
                before, now = _named(term, zh), _named(window, zh)
                detail = (
                    f"第{term.clause_id}款约定{term.term}为{before}，本条却要求在{now}内提出质保索赔。"
                    if zh
                    else f'Clause {term.clause_id} gives the "{term.term}" {before}; '
                    f"this clause requires warranty claims within {now}."
                )
                out.setdefault(clause_id, []).append(
                    {"kind": "defined_period_conflict", "quote": window.quote, "detail": detail}
                )
                break
    return out


def _named(p: StatedPeriod, zh: bool) -> str:
    return fmt_period(p.period, zh)


def defined_period_conflicts(clauses: Sequence[tuple[str, str]], zh: bool) -> dict[str, list[dict[str, str]]]:
    """Per clause, the period terms it gives a length that an earlier clause gave differently.

    ``clauses`` are (id, text) of the contract's innermost units in document order. The first
    statement of a term is the reference; each later one that disagrees is reported to its clause,
    naming the first. Terms compare case-sensitively ("Term" is not "term"); lengths only in units
    that convert exactly.
    """
    first: dict[str, StatedPeriod] = {}
    out: dict[str, list[dict[str, str]]] = {}
    for clause_id, text in clauses:
        for stated in stated_periods(clause_id, text):
            earlier = first.setdefault(stated.term, stated)
            if earlier is stated or earlier.clause_id == clause_id:
                continue
            a, b = stated.length, earlier.length
            if a is None or b is None or a[0] != b[0] or a[1] == b[1]:
                continue  # not comparable exactly, or the same length
            before, now = _named(earlier, zh), _named(stated, zh)
            detail = (
                f"第{earlier.clause_id}款约定{stated.term}为{before}，本条为{now}。"
                if zh
                else f'Clause {earlier.clause_id} gives the "{stated.term}" {before}; '
                f"this clause gives it {now}."
            )
            out.setdefault(clause_id, []).append(
                {"kind": "defined_period_conflict", "quote": stated.quote, "detail": detail}
            )
    for clause_id, conflicts in _claim_window_conflicts(clauses, first, zh).items():
        out.setdefault(clause_id, []).extend(conflicts)
    return out
