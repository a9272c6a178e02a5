"""What a cap sentence limits, for the liability_caps rule (liability): whose liability, measured how
(months of fees, a share of the price, per order or weight, a token sum), and the findings of a low cap.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import Amount, find_amounts, find_percents, find_periods
from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

# The words of a cap ("shall not exceed", "limited to", "不超过"), read by the rule and the token-damages check.
CAP = PATTERNS["cap"]


def liable_side(ctx: ClauseContext, s: Sentence) -> Side | None:
    """Whose liability a cap sentence limits."""
    text = s.text
    m = re.search(PATTERNS["liability_of"], text, re.I)
    if m:
        ms = ctx.parties.mentions(text[m.end() : m.end() + 80])
        if ms and ms[0].start < 5:
            return ms[0].side
    m = re.search(PATTERNS["liability_owed_to"], text)
    if m:
        # "承包人对分包人的赔偿责任", "受托方对委托方承担的全部责任": the party before 对 owes it
        side = ctx.parties.side_before(text, m.start(), window=40)
        if side is not None:
            return side
    m = re.search(PATTERNS["liability_named"], text, re.I)
    if m:
        side = _payer_before(ctx, text, m.start(), window=70)
        if side is not None:
            return side
    return None


_PAYEE_MARK = PATTERNS.compiled("payee_mark")


def _payer_before(ctx: ClauseContext, text: str, pos: int, window: int) -> Side | None:
    """The side of the last party named before ``pos`` that is not the one paid: in "承包商…向业主
    支付误期赔偿金" or "the Contractor shall pay to the Employer delay damages" the damages are the
    Contractor's, the Employer only receives them."""
    lo = max(0, pos - window)
    found = [
        m
        for m in ctx.parties.mentions(text[lo:pos])
        if (m.side != "other" or not ctx.parties.known)
        and not _PAYEE_MARK.search(text[max(0, lo + m.start - 12) : lo + m.start])
    ]
    return found[-1].side if found else None


# A cap measured by one order, shipment or product: in a framework agreement, a fraction of the deal.
PER_ORDER = PATTERNS.compiled("per_order")


# A cap by weight or package, as carriage conventions set them: "two (2) SDR per kilogram of the
# gross weight", "USD 500 per package". For valuable goods it is a small fraction of their worth.
PER_WEIGHT = PATTERNS.compiled("per_weight")


def cap_basis(s: Sentence) -> tuple[float | None, float | None]:
    """(months of fees, percent of price/fees) that a cap sentence uses, when stated."""
    months: float | None = None
    pct: float | None = None
    text = s.text
    fees = re.search(
        PATTERNS["fees_measure"],
        text,
        re.I,
    )
    if fees:
        # English counts the months after the fees ("fees paid in the 12 months before"), Chinese
        # before them ("最近一个月的采购金额", "前三个月内支付的服务费用")
        for p in find_periods(text):
            if p.unit in {"month", "year", "day", "week"} and (
                p.start >= fees.start() or 0 <= fees.start() - p.end <= 12
            ):
                months = p.months
                break
    for pc in find_percents(text):
        if re.search(
            PATTERNS["of_the_price_after"],
            text[pc.end : pc.end + 60],
            re.I,
        ) or re.search(
            PATTERNS["of_the_price_before"],
            text[max(0, pc.start - 20) : pc.start],
        ):
            pct = pc.value
            break
    return months, pct


# Rough rates to US dollars: only to tell a nominal cap (a few thousand) from a commercial one.
_USD_PER_UNIT = {
    "USD": 1.0, "US$": 1.0, "$": 1.0, "EUR": 1.1, "€": 1.1, "GBP": 1.3, "£": 1.3, "CHF": 1.1,
    "SGD": 0.75, "AUD": 0.65, "HKD": 0.13, "港币": 0.13, "港元": 0.13, "JPY": 0.007,
    "RMB": 0.14, "CNY": 0.14, "¥": 0.14, "人民币": 0.14, "元": 0.14, "美元": 1.0, "欧元": 1.1, "英镑": 1.3,
}  # fmt: skip
_NOMINAL_CAP_USD = 25_000


def nominal_amount(text: str) -> Amount | None:
    """A fixed cap of at most a token sum (about USD 25,000), whatever the deal is worth."""
    for amount in find_amounts(text):
        rate = _USD_PER_UNIT.get(amount.currency)
        if rate is not None and 0 < amount.value * rate <= _NOMINAL_CAP_USD:
            return amount
    return None


def nominal_cap(ctx: ClauseContext, s: Sentence, nominal: Amount) -> Finding:
    """The cap on the counterparty (or both) is a token fixed sum."""
    figure = s.text[nominal.start : nominal.end]
    return WORDING.finding(
        ctx, "nominal_cap", "liability_cap_inadequate", "high", span(s, nominal.start), figure=figure
    )


def low_cap(
    ctx: ClauseContext,
    s: Sentence,
    side: Side | None,
    months: float | None,
    pct: float | None,
    per_weight: re.Match[str] | None,
    *,
    per_order: bool,
) -> Finding:
    """The cap on the counterparty (or both) is low: months of fees, a share of the price, per order or weight."""
    if months is not None:
        basis = WORDING.t(ctx, "months_of_fees", months=months)
    elif pct is not None:
        basis = WORDING.t(ctx, "share_of_price", pct=pct)
    elif per_weight is not None:
        basis = WORDING.t(ctx, "per_weight", matched=per_weight.group(0))
    else:
        basis = WORDING.t(ctx, "per_order")
    severe = (months is not None and months <= 3) or (pct is not None and pct <= 25) or per_order
    who = WORDING.t(ctx, "both_parties") if side == "mutual" else ctx.them
    return WORDING.finding(
        ctx,
        "low_cap",
        "liability_cap_inadequate",
        "high" if severe else "medium",
        span(s, 0),
        who=who,
        basis=basis,
    )
