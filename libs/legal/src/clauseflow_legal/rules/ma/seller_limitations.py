"""The seller_limitations rule (ma): Off-market caps, deductible baskets and short claim periods limiting the seller's liability."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import SELLER, shares_of_price, we_buy
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    find_percents,
    find_periods,
    fmt_period,
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
            r"(?:limitations?|limits?)\b.{0,80}?(?:also\s+)?appl(?:y|ies)\s+(?:equally\s+)?to.{0,80}?(?P<what>Title|Capacity|Tax|Fundamental)"
            r"|限制[^。；]{0,12}?(?:同样|亦|也)?适用于[^。；]{0,40}?(?P<zh>权属|主体资格|税务|税收|基本保证)",
            text,
            re.I,
        )
        if extended and not re.search(
            r"(?:not|never)\s+(?:\w+\s+)?appl(?:y|ies)|(?:shall|will)\s+not\s+(?:\w+\s+)?extend|不适用|不受[^。；]{0,10}限制",
            text,
            re.I,
        ):
            out.append(
                Finding(
                    "ma_claim_limitations_unfavourable",
                    "high",
                    span(s, extended.start()),
                    ctx.t(
                        "The Seller's limitations of liability also apply to title, capacity or tax claims.",
                        "卖方的责任限制同样适用于股权权属、主体资格或税务索赔。",
                    ),
                    ctx.t(
                        f"If the shares are not the Seller's to sell, or tax history proves costly, {ctx.us} recovers only the capped, time-barred fraction of a total loss.",
                        f"如标的股权权属有瑕疵或历史税务问题爆发，{ctx.us}只能在上限和期限内追回全部损失的一小部分。",
                    ),
                    ctx.t(
                        "Market: title, capacity and tax claims are carved out of the cap, basket and short time limit (capped at the price, if at all).",
                        "市场惯例：权属、主体资格和税务索赔不受起赔额、上限和短期索赔期的限制（如设上限，为全部价款）。",
                    ),
                )
            )
            continue
        cap = re.search(
            r"(?:total|aggregate|maximum)\s+(?:amount\s+of\s+(?:the\s+)?)?liabilit\w*|liabilit\w*.{0,80}shall\s+not\s+exceed|责任总额|累计.{0,6}不超过",
            text,
            re.I,
        )
        pcts = shares_of_price(text, before=12)
        if cap and pcts:
            p = pcts[0]
            covers_fundamental = re.search(
                r"(?:including|包括).{0,60}(?:Fundamental|Tax|title|capacity|基本保证|税)", text, re.I
            )
            if p.value < 30 or (covers_fundamental and p.value < 100):
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
                        ctx.t(
                            f"{ctx.us} could recover only a fraction of the price even if title or tax exposure proves worthless or large.",
                            f"即使权属或税务风险导致巨大损失，{ctx.us}也只能追回价款的一小部分。",
                        ),
                        ctx.t(
                            "Market: general warranties 30-100% of price; title, capacity and tax at 100%.",
                            "市场惯例：一般保证为价款的30%-100%；权属、主体资格和税务为100%。",
                        ),
                    )
                )
                continue
        deductible = re.search(
            r"only\s+(?:be\s+liable\s+)?for\s+(?:the\s+amount\s+by\s+which|the\s+excess)|only\s+the\s+excess|the\s+excess\s+only|in\s+excess\s+of\s+(?:the\s+)?(?:threshold|basket)"
            r"|(?:仅|只)(?:能|可|得)?(?:就|对)超(?:出|过)|(?:方可|才能|才可)(?:就|对)超(?:出|过)(?:部分|的部分)",
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
                    ctx.t(
                        f"{ctx.us} permanently absorbs the first slice of every warranty loss.",
                        f"{ctx.us}须永久自行承担每项保证损失的首段金额。",
                    ),
                    ctx.t(
                        "Market: a tipping basket of about 0.5-1% of the price.",
                        "市场惯例：全额起赔式门槛，约为价款的0.5%-1%。",
                    ),
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
        if notice and not re.search(r"Leakage|漏损", text, re.I):  # a leakage window is price_mechanism's
            periods = [p for p in find_periods(text) if p.unit in {"month", "year", "day"}]
            tax = re.search(r"Tax|税", text)
            limit = 48 if tax and not re.search(r"(?:general|other)\s+claims?", text, re.I) else 18
            if periods and periods[0].months < limit:
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
                        ctx.t(
                            "Problems (especially tax) typically surface after one audit cycle or a tax enquiry; a short window extinguishes them.",
                            "问题（尤其是税务）通常在一个审计周期或税务稽查后才显现，过短的期限会使索赔权消灭。",
                        ),
                        ctx.t(
                            "Market: 18-24 months for general claims; tax for the statutory period plus a margin.",
                            "市场惯例：一般索赔18-24个月；税务索赔为法定期限加一定缓冲。",
                        ),
                    )
                )
    return out[:2]
