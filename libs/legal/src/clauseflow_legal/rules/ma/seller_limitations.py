"""The seller_limitations rule (ma): Off-market caps, deductible baskets and short claim periods limiting the seller's liability."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import SELLER, shares_of_price, we_buy
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    find_percents,
    find_periods,
    fmt_period,
)

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "seller_limitations",
    {
        "limits_disapplied": "the limitations do not apply to (or extend to) title, capacity or tax claims",
        "cap_within_market": "an overall cap of 30% of the price or more (100% where it covers fundamental claims)",
        "leakage_window": "a leakage claim window is price_mechanism's",
        "claim_period_within_market": "18 months or more to notify claims (48 for tax claims)",
    },
)


@rule(reports={"ma_claim_limitations_unfavourable"})
def seller_limitations(ctx: ClauseContext) -> list[Finding]:
    """Off-market caps, deductible baskets and short claim periods limiting the seller's liability."""
    if not we_buy(ctx):
        return []
    out: list[Finding] = []
    for s in ctx.sentences:
        text = s.text
        if not re.search(rf"{SELLER}|{ctx.them_rx}|\bclaims?\b|索赔", text, re.I):
            continue
        extended = re.search(
            PATTERNS["limits_extend_to_fundamental"],
            text,
            re.I,
        )
        if extended and not VETOES.applies(
            "limits_disapplied", re.search(PATTERNS["not_extended"], text, re.I)
        ):
            out.append(
                WORDING.finding(
                    ctx,
                    "fundamental_limited",
                    "ma_claim_limitations_unfavourable",
                    "high",
                    span(s, extended.start()),
                )
            )
            continue
        cap = re.search(
            PATTERNS["overall_cap"],
            text,
            re.I,
        )
        pcts = shares_of_price(text, before=12)
        if cap and pcts:
            p = pcts[0]
            covers_fundamental = re.search(PATTERNS["covers_fundamental"], text, re.I)
            if not VETOES.applies(
                "cap_within_market", p.value >= 30 and not (covers_fundamental and p.value < 100)
            ):
                out.append(
                    Finding(
                        "ma_claim_limitations_unfavourable",
                        "high",
                        span(s, covers_fundamental.start() if covers_fundamental else p.start),
                        ctx.t(
                            f"The Seller's overall cap is {p.value:g}% of the price"
                            + (
                                ", and it also covers fundamental warranty and tax claims."
                                if covers_fundamental
                                else "."
                            ),
                            f"卖方责任总上限为价款的{p.value:g}%"
                            + ("，且同样适用于基本保证和税务索赔。" if covers_fundamental else "。"),
                        ),
                        WORDING.t(ctx, "cap_why"),
                        WORDING.t(ctx, "cap_market"),
                    )
                )
                continue
        deductible = re.search(
            PATTERNS["deductible"],
            text,
            re.I,
        )
        if deductible:
            pct = [p for p in find_percents(text)]
            out.append(
                Finding(
                    "ma_claim_limitations_unfavourable",
                    "high" if pct and pct[0].value > 1 else "medium",
                    span(s, deductible.start()),
                    ctx.t(
                        "The basket is a deductible: the Seller pays only the excess over the threshold"
                        + (f" of {pct[0].value:g}% of the price." if pct else "."),
                        "起赔门槛为免赔额式：卖方仅就超过门槛"
                        + (f"（价款的{pct[0].value:g}%）" if pct else "")
                        + "的部分承担责任。",
                    ),
                    WORDING.t(ctx, "deductible_why"),
                    WORDING.t(ctx, "deductible_market"),
                )
            )
            continue
        notice = re.search(
            r"unless\s+(?:the\s+)?(?:Buyer|Purchaser).{0,40}(?:gives?|given|serves?|served|notifies|notified).{0,200}?within"
            r"|unless\s+(?:(?:written\s+)?notice\s+(?:of\s+(?:it|the\s+Claim|such\s+Claim|that\s+Claim)\s+)?(?:is|has\s+been|shall\s+have\s+been)\s+|it\s+is\s+|they\s+are\s+)?(?:notified|given|served|brought|made)\b.{0,80}?within"
            rf"|(?:买方|{ctx.us_rx})[^。；]{{0,20}}(?:在|于)[^。；]{{0,20}}内[^。；]{{0,10}}(?:通知|提出)",
            text,
            re.I,
        )
        if notice and not VETOES.applies("leakage_window", re.search(PATTERNS["leakage"], text, re.I)):
            periods = [p for p in find_periods(text) if p.unit in {"month", "year", "day"}]
            tax = re.search(PATTERNS["tax"], text)
            limit = 48 if tax and not re.search(PATTERNS["general_claims"], text, re.I) else 18
            if periods and not VETOES.applies("claim_period_within_market", periods[0].months >= limit):
                out.append(
                    Finding(
                        "ma_claim_limitations_unfavourable",
                        "high",
                        span(s, periods[0].start),
                        ctx.t(
                            f"Claims must be notified within {fmt_period(periods[0])}"
                            + (", including tax claims." if tax else "."),
                            f"索赔须在{fmt_period(periods[0])}内通知" + ("，税务索赔亦同。" if tax else "。"),
                        ),
                        WORDING.t(ctx, "notice_why"),
                        WORDING.t(ctx, "notice_market"),
                    )
                )
    return out[:2]
