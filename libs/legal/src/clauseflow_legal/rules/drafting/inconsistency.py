"""The inconsistency rule (drafting): Amounts or numbers whose words and figures disagree, and conflicts reported by the skills."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from clauseflow_documents.party_names import ROLES, roles_in

from clauseflow_legal.figures import (
    Period,
    find_amounts,
    find_periods,
    fmt_period,
    words_to_number,
    zh_to_number,
)
from clauseflow_legal.parties import Parties, Side, contract_parties
from clauseflow_legal.rules.base import ClauseContext, Finding
from clauseflow_legal.rules.drafting.common import sentence_at, walk
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def words_vs_digits(text: str) -> list[tuple[int, int, float, float]]:
    """Numbers written as words followed by figures that disagree: (start, end, words, figures)."""
    out = []
    for m in re.finditer(
        PATTERNS["words_vs_digits"],
        text,
        re.I,
    ):
        figures = m.group(2) or m.group(3)
        if "." in figures:
            continue  # a fraction in words ("one-half of one percent (0.5%)") is not read
        w = words_to_number(m.group(1))
        if w is not None and abs(w - float(figures)) > 1e-9:
            out.append((m.start(), m.end(), w, float(figures)))
    return out


@rule(reports={"internal_inconsistency"}, whole_unit=True)
def inconsistency(ctx: ClauseContext) -> list[Finding]:
    """Amounts or numbers whose words and figures disagree, and conflicts reported by the skills."""
    for a in find_amounts(ctx.text):
        if a.words_value is not None and abs(a.words_value - a.value) > 0.5:
            s = sentence_at(ctx, a.start)
            if s is None:
                continue
            return [
                WORDING.finding(
                    ctx,
                    "amount_words_vs_figures",
                    "internal_inconsistency",
                    "high",
                    Sentence(ctx.text[a.start : a.end], a.start),
                    a=a.value,
                    words_value=a.words_value,
                )
            ]
    for m in re.finditer(
        PATTERNS["zh_words_and_figures"],
        ctx.text,
    ):
        words = zh_to_number(m.group(1))
        figures = float(m.group(2).replace(",", ""))
        if words is not None and abs(words - figures) > 0.5:
            return [
                WORDING.finding(
                    ctx,
                    "zh_amount_words_vs_figures",
                    "internal_inconsistency",
                    "high",
                    Sentence(m.group(0), m.start()),
                    words=words,
                    figures=figures,
                )
            ]
    for start, end, w, fig in words_vs_digits(ctx.text):
        return [
            WORDING.finding(
                ctx,
                "words_vs_digits",
                "internal_inconsistency",
                "medium",
                Sentence(ctx.text[start:end], start),
                w=w,
                fig=fig,
            )
        ]
    for d in walk(ctx.tool_results):
        kind = " ".join(str(d.get(k) or "") for k in ("type", "kind", "issue", "risk_type")).lower()
        if not any(k in kind for k in ("inconsisten", "conflict", "contradict", "mismatch")):
            continue
        quote = str(d.get("quote") or d.get("text") or d.get("original_text") or d.get("evidence") or "")
        if quote and quote in ctx.text:
            pos = ctx.text.index(quote)
            detail = str(d.get("detail") or d.get("description") or d.get("message") or "")
            return [
                Finding(
                    "internal_inconsistency",
                    "medium",
                    Sentence(quote, pos),
                    ctx.t(
                        f"This provision conflicts with another part of the contract. {detail}".strip(),
                        f"本条与合同其他部分冲突。{detail}".strip(),
                    ),
                    WORDING.t(ctx, "why"),
                    WORDING.t(ctx, "market"),
                )
            ]
    return []


# --- one time limit stated twice, differently -----------------------------------------------------

_ACTS = {
    "site_attendance": PATTERNS.compiled("site_attendance"),
    "price_payment": PATTERNS.compiled("price_payment"),
}
_ZH_UNITS = {"hour": "小时", "day": "日", "business day": "个工作日", "minute": "分钟"}
_NOT_THE_DEADLINE = PATTERNS.compiled("not_the_deadline")
_TIER = PATTERNS.compiled("tier")
_SEGMENT = re.compile(r"[^，,；;。.!?！？]+(?:\.\d[^，,；;。.!?！？]*)*")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_OPENING = 3000  # the parties block, where a contract names the roles
_NAMED: tuple[Side, ...] = ("us", "them")


@dataclass(frozen=True)
class TimeLimit:
    """A deadline a clause sets for one party's act: "the Buyer shall pay each invoice within 30 days"."""

    clause_id: str
    act: str
    obligor: Side | None
    value: float
    unit: str
    tier: str
    quote: str
    period: str


def obligor_parties(contract_text: str) -> Parties:
    """The contract's parties seen from the first role its opening names, to tell the two apart.

    Whether a deadline binds the same party in two clauses does not depend on whose side we
    review from, so any fixed perspective will do. The other side is what the parties block says
    (``contract_parties``), else the next role the opening names ("the Contractor" ... "the Client",
    roles that are not each other's opposite). With no role named, no deadline has a known obligor.
    """
    opening = contract_text[:_OPENING]
    roles = roles_in(opening)
    if not roles:
        return Parties((), ())
    en, zh = ROLES[roles[0]]
    aliases = zh if zh and (_CJK.search(opening) or not en) else en
    parties = contract_parties(aliases[0], contract_text)
    known = {*parties.our_roles, *parties.their_roles}
    second = next((r for r in roles if r not in known), None)
    if second is None or parties.their_names:
        return parties
    return replace(parties, their_roles=(*parties.their_roles, second))


def time_limits(clause_id: str, text: str, parties: Parties | None = None) -> list[TimeLimit]:
    """The deadlines ``text`` sets for the acts that must have one deadline (site attendance, payment).

    A deadline is a period and the act in one phrase (between commas), with no sign that it is a
    rate, a late-payment count from the due date or a portion of the price; its tier ("一级故障",
    "Priority 1") is the last one named before it in its sentence, and its obligor the party that
    performs the act (``ClauseContext.actor``: the party before the modal, in Chinese the first
    party of the phrase), when ``parties`` are given.
    """
    zh = bool(_CJK.search(text))
    ctx = ClauseContext(clause_id, "", text, "zh" if zh else "en", "", parties or Parties((), ()))
    out: list[TimeLimit] = []
    for sentence in ctx.sentences:
        for seg in _SEGMENT.finditer(sentence.text):
            phrase = seg.group(0)
            periods = [p for p in find_periods(phrase) if p.unit in {"hour", "day", "business day", "minute"}]
            if len(periods) != 1 or _NOT_THE_DEADLINE.search(phrase):
                continue
            tiers = _TIER.findall(sentence.text[: seg.end()])
            for act, rx in _ACTS.items():
                m = rx.search(phrase)
                if m is None:
                    continue
                p = periods[0]
                obligor = ctx.actor(sentence, seg.start() + m.start()) if parties is not None else None
                out.append(
                    TimeLimit(
                        clause_id,
                        act,
                        obligor,
                        p.value,
                        p.unit,
                        re.sub(r"\s+", "", tiers[-1]) if tiers else "",
                        phrase.strip(),
                        _period_text(p.value, p.unit, zh=bool(_CJK.search(phrase))),
                    )
                )
    return out


def _period_text(value: float, unit: str, *, zh: bool) -> str:
    """ "2 hours" / "2小时": the period as the finding names it."""
    if zh:
        return f"{value:g}{_ZH_UNITS.get(unit, unit)}"
    return fmt_period(Period(value, unit, 0, 0))


def restated_limit_conflicts(
    clauses: Sequence[tuple[str, str]], zh: bool, parties: Parties | None = None
) -> dict[str, list[dict[str, str]]]:
    """Per clause, the deadlines it sets that another clause sets differently for the same party's act.

    ``clauses`` are (id, text) of the contract's innermost units, so no text is read twice;
    ``parties`` (:func:`obligor_parties`) tell who must act. Two deadlines conflict only when the
    same party (us or them, not "each party" nor an unresolved subject) must do the same act at the
    same tier: the buyer's 30 days to pay and the supplier's 60 days to pay a rebate are two duties,
    a Priority 1 and a Priority 2 deadline differ by design, and a deadline without a tier may be
    the general rule a tiered one refines. Each conflict names the other clause.
    """
    limits = [limit for cid, text in clauses for limit in time_limits(cid, text, parties)]
    out: dict[str, list[dict[str, str]]] = {}
    for a in limits:
        for b in limits:
            if a.clause_id == b.clause_id or a.act != b.act or a.unit != b.unit or a.value == b.value:
                continue
            if a.obligor not in _NAMED or a.obligor != b.obligor:  # another party's duty, or nobody's known
                continue
            if a.tier != b.tier:  # tiers differ by design, and an untiered one may be the general rule
                continue
            if any(c["quote"] == a.quote for c in out.get(a.clause_id, [])):
                continue
            detail = (
                f"第{b.clause_id}款对同一方的同一事项约定的期限为{b.period}，本条为{a.period}。"
                if zh
                else f"Clause {b.clause_id} sets {b.period} for the same party's act; this clause sets {a.period}."
            )
            out.setdefault(a.clause_id, []).append(
                {"kind": "restated_time_limit_conflict", "quote": a.quote, "detail": detail}
            )
    return out
