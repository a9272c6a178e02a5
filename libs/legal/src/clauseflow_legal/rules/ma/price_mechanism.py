"""The price_mechanism rule (ma): Price mechanics controlled by the other side; open-ended permitted leakage and short leakage claim windows.

For the seller the mechanics turn against it where the adjustment runs one way (down only), the
expert's costs fall on it, leakage has no permitted leakage, an escrow or retention holds back more
of the price for longer than its position (playbook/sha_spa.json), or an earn-out is earned in a
business the buyer runs as it likes.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_documents.numerals import ENGLISH_ORDINALS

from clauseflow_legal.figures import Period, find_periods, fmt_period
from clauseflow_legal.positions import MarketPosition, market_positions, shown
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import SELLER, shares_of_price, we_buy, we_sell
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "price_mechanism",
    {
        "independent_expert": "disputes over the figure go to an independent accountant or expert",
        "secured": "an escrow, guarantee or other security stands behind the payment",
        "paid_at_completion": "paid at or after Completion: the ordinary case",
        "small_prepayment": "less than 30% of the price paid before Completion",
        "costs_shared": "the expert's costs shared, or as the expert decides",
        "leakage_carved_out": "the leakage definition carves out permitted leakage (or other payments)",
        "holdback_within_market": "for the seller: an escrow or retention within its position on share and period",
        "earn_out_protected": "the buyer undertakes to run the business in good faith or not to frustrate the earn-out",
    },
)


@rule(reports={"ma_price_mechanism_risk"})
def price_mechanism(ctx: ClauseContext) -> list[Finding]:
    """Price mechanics controlled by the other side; open-ended permitted leakage and short leakage claim windows."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["price_set_by"]):
        who = m.group("who") or m.group("who_first") or m.group("who_zh") or m.group("who_zh2")
        what = m.group("what") or m.group("what_second") or m.group("what_zh") or m.group("what_zh2")
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
    if we_sell(ctx):
        out += _against_the_seller(ctx)
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


def _against_the_seller(ctx: ClauseContext) -> list[Finding]:
    """For the seller: one-way adjustments, expert costs on it, leakage without permitted leakage,
    a holdback beyond its position, an earn-out the buyer may run down. One finding per clause."""
    for s, m in ctx.find(PATTERNS["one_way_adjustment"]):
        if re.search(PATTERNS["adjustment_subject"], s.text, re.I):
            return [WORDING.finding(ctx, "one_way_adjustment", "ma_price_mechanism_risk", "high", span(s, m))]
    for s, m in ctx.find(PATTERNS["expert_costs_on"]):
        who = m.group("who") or m.group("who_zh") or ""
        if VETOES.applies("costs_shared", re.search(PATTERNS["costs_shared"], s.text, re.I)):
            continue
        if re.match(rf"\s*(?:the\s+)?(?:{ctx.us_rx}|{SELLER})", who, re.I):
            return [
                WORDING.finding(ctx, "expert_costs_on_us", "ma_price_mechanism_risk", "medium", span(s, m))
            ]
    for s, m in ctx.find(PATTERNS["leakage_definition"]):
        if VETOES.applies("leakage_carved_out", re.search(PATTERNS["leakage_carve_out"], ctx.text, re.I)):
            continue
        return [WORDING.finding(ctx, "no_permitted_leakage", "ma_price_mechanism_risk", "medium", span(s, m))]
    holdback = _holdback(ctx)
    if holdback:
        return holdback
    if re.search(PATTERNS["earn_out"], ctx.text, re.I):
        for s, m in ctx.find(PATTERNS["earn_out_at_will"]):
            if VETOES.applies("earn_out_protected", re.search(PATTERNS["earn_out_protection"], s.text, re.I)):
                continue
            return [WORDING.finding(ctx, "earn_out_at_will", "ma_price_mechanism_risk", "high", span(s, m))]
    return []


def _holdback_position(ctx: ClauseContext, measure: str) -> MarketPosition | None:
    title = str(ctx.metadata.get("contract_title") or "")
    found = [p for p in market_positions(ctx.domain, title).get(measure, []) if "seller" in p.perspective]
    return found[0] if found else None


def _holdback(ctx: ClauseContext) -> list[Finding]:
    """An escrow or retention of more of the price, or for longer, than the seller's position."""
    for s, m in ctx.find(PATTERNS["holdback"]):
        text = s.text
        if re.search(PATTERNS["holdback_denied"], text[max(0, m.start() - 40) : m.start()], re.I):
            continue  # "without any escrow", "无需设立共管账户": nothing is held back
        # the share held back is the one named nearest the escrow ("80% on signing, 20% into escrow")
        share = sorted(shares_of_price(text, before=40), key=lambda p: abs(p.start - m.start()))
        periods = [p for p in find_periods(text) if p.unit in {"month", "year", "week", "day"}]
        # "released on the third anniversary of Completion": three years
        periods += [
            Period(
                float(ENGLISH_ORDINALS.get(a.group("n").lower()) or int(a.group("n"))),
                "year",
                a.start(),
                a.end(),
            )
            for a in re.finditer(PATTERNS["anniversary"], text, re.I)
        ]
        judged: list[tuple[str, str, str]] = []
        share_pos = _holdback_position(ctx, "holdback_share")
        if share and share_pos is not None:
            level = share_pos.level(share[0].value)
            if level is not None:
                judged.append((level, f"{share[0].value:g}%", f"{share[0].value:g}%"))
        period_pos = _holdback_position(ctx, "holdback_period")
        if periods and period_pos is not None:
            longest = max(periods, key=lambda p: p.days)
            level = period_pos.level(longest.days)
            if level is not None:
                judged.append((level, fmt_period(longest), fmt_period(longest)))
        if VETOES.applies("holdback_within_market", not judged):
            continue
        level = "high" if any(j[0] == "high" for j in judged) else "medium"
        market = ctx.t(
            "Market for a seller: an escrow or retention of up to "
            + (shown(share_pos.walk_away, share_pos, False) if share_pos else "10-15%")
            + " of the price, released within "
            + (shown(period_pos.walk_away, period_pos, False) if period_pos else "18-24 months")
            + ", or none with warranty insurance.",
            "市场惯例（卖方）：托管或保留金不超过价款的"
            + (shown(share_pos.walk_away, share_pos, True) if share_pos else "10%-15%")
            + "，并在"
            + (shown(period_pos.walk_away, period_pos, True) if period_pos else "18-24个月")
            + "内释放；有保证保险时可不设。",
        )
        return [
            Finding(
                "ma_price_mechanism_risk",
                level,
                span(s, m),
                ctx.t(
                    "Part of the price is held back from "
                    + ctx.us
                    + ": "
                    + ", ".join(j[1] for j in judged)
                    + ".",
                    "部分价款被扣留，" + ctx.us + "无法取得：" + "，".join(j[2] for j in judged) + "。",
                ),
                WORDING.t(ctx, "holdback_why"),
                market,
            )
        ]
    return []
