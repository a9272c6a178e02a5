"""The price_mechanism rule (ma): Price mechanics controlled by the other side; open-ended permitted leakage and short leakage claim windows."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import SELLER, shares_of_price, we_buy
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    find_periods,
    fmt_period,
)

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "price_mechanism",
    {
        "independent_expert": "disputes over the figure go to an independent accountant or expert",
        "secured": "an escrow, guarantee or other security stands behind the payment",
        "paid_at_completion": "paid at or after Completion: the ordinary case",
        "small_prepayment": "less than 30% of the price paid before Completion",
    },
)


@rule(reports={"ma_price_mechanism_risk"})
def price_mechanism(ctx: ClauseContext) -> list[Finding]:
    """Price mechanics controlled by the other side; open-ended permitted leakage and short leakage claim windows."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["price_set_by"]):
        who = m.group("who") or m.group("who_first") or m.group("who_zh")
        what = m.group("what") or m.group("what_second") or m.group("what_zh")
        ms = ctx.parties.mentions(who)
        if not ms or not ctx.parties.theirs(ms[0].side):
            continue
        text = ctx.text
        one_sided = re.search(
            PATTERNS["one_sided_determination"],
            text,
            re.I,
        )
        if not one_sided:
            continue
        if VETOES.applies("independent_expert", re.search(PATTERNS["independent_expert"], text, re.I)):
            continue
        out.append(
            WORDING.finding(
                ctx,
                "set_by_them",
                "ma_price_mechanism_risk",
                "medium",
                span(s, m),
                what=what,
                value="are" if what.endswith("s") else "is",
            )
        )
        break
    out += _liquidation_preference(ctx)
    if not we_buy(ctx):
        return out + _unsecured_deferred_consideration(ctx)
    prepaid = _unsecured_prepayment(ctx)
    if prepaid:
        return out + prepaid
    for s, m in ctx.find(PATTERNS["distributions_without_reduction"]):
        if re.search(rf"{SELLER}|{ctx.them_rx}", s.text, re.I) and re.search(
            PATTERNS["price_word"], s.text, re.I
        ):
            out.append(
                WORDING.finding(
                    ctx, "distributions_before_completion", "ma_price_mechanism_risk", "high", span(s, m)
                )
            )
            break
    if re.search(PATTERNS["permitted_leakage"], ctx.text, re.I):
        for s, m in ctx.find(
            r"ordinary\s+course|any\s+other\s+payment\s+approved|approved\s+by\s+the\s+(?:board|directors)|日常经营|董事会批准"
            rf"|(?:payment|amount|benefit)[^.;]{{0,80}}?(?:that|which)\s+the\s+(?:{SELLER}|{ctx.them_rx})\s+(?:approves|consents\s+to|determines|agrees)|approved\s+by\s+the\s+(?:{SELLER}|{ctx.them_rx})"
        ):
            out.append(
                WORDING.finding(ctx, "open_ended_leakage", "ma_price_mechanism_risk", "high", span(s, m))
            )
            break
    if re.search(PATTERNS["leakage"], ctx.text, re.I):
        for s, m in ctx.find(PATTERNS["within_period"]):
            periods = [p for p in find_periods(s.text[m.start() :]) if p.unit in {"month", "day", "week"}]
            if periods and periods[0].months < 6 and re.search(PATTERNS["claim_or_notice"], s.text, re.I):
                out.append(
                    WORDING.finding(
                        ctx,
                        "short_leakage_window",
                        "ma_price_mechanism_risk",
                        "medium",
                        span(s, m),
                        period=fmt_period(periods[0]),
                    )
                )
                break
    return out


_DEFERRED = PATTERNS["deferred"]
_NOT_SECURED = PATTERNS["not_secured"]


def _unsecured_deferred_consideration(ctx: ClauseContext) -> list[Finding]:
    """A seller paid part of the price long after Completion, with nothing securing it."""
    if not ctx.parties.is_role("seller") or not ctx.has(PATTERNS["long_after_completion"]):
        return []
    refused = next(ctx.find(_NOT_SECURED), None)
    secured = ctx.has(PATTERNS["security"])
    deferred = next(ctx.find(_DEFERRED), None)
    if deferred is None:
        return []
    if VETOES.applies("secured", secured and refused is None):
        return []
    s, m = refused or deferred
    return [
        WORDING.finding(
            ctx,
            "unsecured_deferred_consideration",
            "ma_price_mechanism_risk",
            "high" if refused else "medium",
            span(s, m),
        )
    ]


def _unsecured_prepayment(ctx: ClauseContext) -> list[Finding]:
    """Most of the price paid on signing, before Completion, with no escrow or security."""
    for s, m in ctx.find(PATTERNS["on_signing"]):
        text = s.text
        if not re.search(
            rf"(?:{ctx.us_rx}|Buyer|Purchaser|买方|受让方)[^。；.]{{0,60}}(?:支付|pay)", text, re.I
        ):
            continue
        if VETOES.applies(
            "paid_at_completion", re.search(PATTERNS["completion_word"], text[: m.start()], re.I)
        ):
            continue
        share = shares_of_price(text, before=40)
        if not share:
            continue
        if VETOES.applies("small_prepayment", share[0].value < 30):
            continue
        refused = re.search(
            PATTERNS["without_security"],
            ctx.text,
            re.I,
        )
        secured = re.search(PATTERNS["escrow_or_security"], ctx.text, re.I)
        if VETOES.applies("secured", secured and not refused):
            continue
        return [
            WORDING.finding(
                ctx,
                "unsecured_prepayment",
                "ma_price_mechanism_risk",
                "high" if refused or share[0].value >= 50 else "medium",
                span(s, share[0].start),
                share=share[0].value,
            )
        ]
    return []


# A preference on liquidation or exit of twice the subscription price or more, or one that then shares
# in the rest too, for a holder other than us. Own phrasings (cuad-train holds no preference shares):
# "the holders of the Preference Shares shall first receive an amount equal to two times the
# Subscription Price, and shall then participate pro rata", "the Investor shall receive 2x its
# investment in priority", "a sum equal to 250% of the Issue Price ... and thereafter shares in the
# balance". A 1x preference without participation is market and stays clear. Patterns
# liquidation_preference and participates in price_mechanism.patterns.yaml.
_TIMES = {
    "two": 2.0,
    "three": 3.0,
    "four": 4.0,
    "five": 5.0,
    "one and a half": 1.5,
    "一": 1.0,
    "二": 2.0,
    "两": 2.0,
    "三": 3.0,
    "四": 4.0,
    "五": 5.0,
}


def _liquidation_preference(ctx: ClauseContext) -> list[Finding]:
    """A liquidation or exit preference of 2x or more, or participating, held by the other side."""
    if ctx.parties.is_role("investor"):
        return []
    for s, m in ctx.find(PATTERNS["liquidation_preference"]):
        if not re.search(rf"Preferen\w+\s+Shares?|Preferred|优先股|(?:{ctx.them_rx})", s.text, re.I):
            continue
        raw = (m.group("times") or m.group("zh_times") or "").lower()
        pct = m.group("pct") or m.group("zh_pct")
        multiple = (
            2.0 if m.group("twice") else float(pct) / 100 if pct else _TIMES.get(raw) or float(raw or 0)
        )
        # the share of the rest may follow in the next limb or sentence ("…；剩余财产由全体股东（包括投资方）…")
        participating = bool(re.search(PATTERNS["participates"], ctx.text[s.start : s.end + 300], re.I))
        if multiple <= 1 and not participating:
            continue
        what = f"{multiple:g}x its investment" + (" and then a share of the rest" if participating else "")
        what_zh = f"{multiple:g}倍投资额" + ("，并参与剩余分配" if participating else "")
        return [
            WORDING.finding(
                ctx,
                "liquidation_preference_against_us",
                "ma_price_mechanism_risk",
                "high" if multiple >= 2 or participating else "medium",
                span(s, m),
                what=what,
                what_zh=what_zh,
            )
        ]
    return []
