"""Redlines that rewrite the number carrying a risk: a period or a percentage set to the playbook's value,
the rest of the sentence kept; a renewal term cut to a year.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from clauseflow_legal import redline_rules as rules
from clauseflow_legal.figures import Period, find_percents, find_periods
from clauseflow_legal.lexicon import expand_class
from clauseflow_legal.parties import Parties
from clauseflow_legal.redline_feedback import render_percent, render_period
from clauseflow_legal.rules.base import ClauseContext
from clauseflow_legal.text import split_sentences, written_in_chinese

# risk type -> (unit family, target value, unit) for number-carried risks
_PERIOD_TARGETS: dict[str, tuple[float, str]] = {
    "claim_time_bar": (28, "day"),
    "payment_terms_unfavourable": (30, "day"),
    "post_termination_obligations": (60, "day"),
    "liability_cap_inadequate": (12, "month"),
    "ma_claim_limitations_unfavourable": (24, "month"),
    "ma_price_mechanism_risk": (6, "month"),
}
_PERCENT_TARGETS: dict[str, float] = {
    "security_insurance_burden": 10,
    "ma_claim_limitations_unfavourable": 30,
    "sha_exit_rights_unfavourable": 75,
}


def _render_period(original: str, p: Period, value: float, unit: str, zh: bool) -> str:
    return render_period(original[p.start : p.end], value, unit, zh)


def rewrite_numbers(risk_type: str, original: str, parties: Parties | None = None) -> str | None:
    """Rewrite the period or percentage that carries the risk with the playbook's value, nothing else.

    With ``parties``, a period that is the other side's time to use a right of its own is never
    lengthened: "within thirty days after termination the Franchisor may buy the stock" gives the
    Franchisee more uncertainty, not more time, at sixty.
    """
    zh = written_in_chinese(original)
    if risk_type in _PERCENT_TARGETS:
        pcts = find_percents(original)
        target = _PERCENT_TARGETS[risk_type]
        if pcts and target != pcts[0].value:
            pc = pcts[0]
            new = render_percent(original[pc.start : pc.end], target, zh)
            return original[: pc.start] + new + original[pc.end :]
    if risk_type in _PERIOD_TARGETS:
        periods = find_periods(original)
        if parties is not None and risk_type != "payment_terms_unfavourable":
            periods = [p for p in periods if not _their_option_window(original, p, parties)]
        if not periods:
            return None
        target_value, target_unit = _PERIOD_TARGETS[risk_type]
        p = _period_at_fault(periods, risk_type, target_value * _DAYS[target_unit])
        if target_unit == p.unit and target_value == p.value:
            return None
        if target_unit in {"month", "year"} and p.unit in {"day", "business day", "week"}:
            target_value, target_unit = round(target_value * 30), "day"
        if target_unit == "day" and p.unit in {"month", "year"}:
            target_value, target_unit = max(1, round(target_value / 30)), "month"
        # never make a period worse for us: a claim/notice window only grows, a payment term only shrinks
        grows = risk_type != "payment_terms_unfavourable"
        new_days = target_value * _DAYS[target_unit]
        if (grows and new_days <= p.days) or (not grows and new_days >= p.days):
            return None
        rewritten = (
            original[: p.start]
            + _render_period(original, p, target_value, target_unit, zh)
            + original[p.end :]
        )
        return _withdrawn_amendment(original, zh) if rules.no_op_change(original, rewritten) else rewritten
    return None


# A right the period bounds: the lexicon's permissions, and an option or right held ("We will have the
# right (but not the duty), to be exercised by notice of intent to do so within sixty (60) days after
# termination or expiration, to purchase ... any or all assets of the Franchised Restaurant", cuad-train
# BUFFALOWILDWINGSINC_06_05_1998-EX-10.3-FRANCHISE_AGREEMENT.txt; "within fifteen days after expiry the
# Principal may by notice buy back the unsold stock"; "合同终止后十日内，甲方有权要求乙方按成本价出售库存").
_RIGHT = re.compile(
    rf"\b{expand_class('permission', 'en')}\b|{expand_class('permission', 'zh')}"
    r"|\b(?:shall|will)\s+have\s+the\s+(?:right|option)\b|\bhas\s+the\s+option\b",
    re.I,
)


def _their_option_window(original: str, period: Period, parties: Parties) -> bool:
    """Is ``period`` the time the other side has to use a right of its own (in its limb of the sentence)?"""
    ctx = ClauseContext(clause_id="", title="", text=original, language="", domain="generic", parties=parties)
    for sentence in split_sentences(original):
        if not sentence.start <= period.start < sentence.end:
            continue
        at = period.start - sentence.start
        limb_start = max(sentence.text.rfind(c, 0, at) for c in ";；") + 1
        limb_end = min(
            (i for i in (sentence.text.find(c, at) for c in ";；") if i >= 0), default=len(sentence.text)
        )
        for m in _RIGHT.finditer(sentence.text, limb_start, limb_end):
            if parties.theirs(ctx.actor(sentence, m.start())):
                return True
    return False


def _withdrawn_amendment(original: str, zh: bool) -> str | None:
    """An amendment whose fix is the figure it deletes, withdrawn: the deleted words stand unamended.

    "delete 28 days and substitute 14 days" fixed to a 28-day window is not "substitute 28 days"
    (a no-op) but no amendment at all.
    """
    found = rules.amendments(original)
    if not found:
        return None
    m = found[0]
    prefix = original[: m.start].rstrip(" ,，")
    if zh:
        return f"{prefix}{'，' if prefix else ''}{m.deleted}不作修改{original[m.end :]}"
    stands = f"{m.deleted} is not amended"
    if prefix:
        return f"{prefix}, {stands}{original[m.end :]}"
    return stands[:1].upper() + stands[1:] + original[m.end :]


_DAYS = {"day": 1, "business day": 1.4, "week": 7, "month": 30, "year": 365, "hour": 1 / 24}


def _period_at_fault(periods: Sequence[Period], risk_type: str, target_days: float) -> Period:
    """The period that carries the risk: the first on the wrong side of the playbook's target.

    A claim window only grows and a payment term only shrinks: in "delete 28 days and substitute
    14 days" the 14 days is the one to change, not the first period the sentence names.
    """
    grows = risk_type != "payment_terms_unfavourable"
    at_fault = (p for p in periods if (p.days < target_days if grows else p.days > target_days))
    return next(at_fault, periods[0])


def renewal_rewrite(original: str) -> str | None:
    periods = find_periods(original)
    if len(periods) < 1:
        return None
    zh = written_in_chinese(original)
    text = original
    for p in sorted(periods, key=lambda x: -x.start):
        if p.unit in {"month", "year"} and p.months > 12:
            text = text[: p.start] + _render_period(original, p, 12, "month", zh) + text[p.end :]
        elif p.unit in {"day", "business day"} and p.days >= 90:
            text = text[: p.start] + _render_period(original, p, 60, "day", zh) + text[p.end :]
    return text if text != original else None
