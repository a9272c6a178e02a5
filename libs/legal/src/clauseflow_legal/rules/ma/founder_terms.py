"""Founder-side economics for the sha_minority rule (ma): a shareholders' agreement read for the founders or
existing shareholders facing an investor, whatever their holding (a founder keeping 60% bears a full ratchet
as much as one keeping 35%).

Each reading names the other side by the party resolver (``ctx.them_rx``), never by the word "Investor":
a full-ratchet price adjustment, our shares handed over for nothing, and pre-emption exclusions the other
side may extend at will.
"""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.positions import market_positions
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def founder_side(ctx: ClauseContext) -> bool:
    """Our party is not the investor in a share deal: founders, existing shareholders, their holding company."""
    return ctx.domain == "sha_spa" and not ctx.parties.is_role("investor") and ctx.parties.known


def founder_points(ctx: ClauseContext) -> list[Finding]:
    """The founder-side findings of one clause."""
    if not founder_side(ctx):
        return []
    return (
        _full_ratchet(ctx)
        + _shares_for_nothing(ctx)
        + _exclusions_at_their_discretion(ctx)
        + _redemption_premium(ctx)
        + _personal_compensation(ctx)
    )


def _personal_compensation(ctx: ClauseContext) -> list[Finding]:
    """A missed performance target (对赌) costs us cash out of our own pocket, paid to the other side.

    "创始股东应以现金方式向投资方进行补偿，…以其个人全部财产承担连带责任"; "实际控制人应以个人财产向投资人
    支付现金补偿"; "the Founders shall pay the Investor in cash the shortfall". High when our personal
    assets answer for it (or without limit), medium when the compensation is ours but its source is not said.
    """
    us = ctx.us_rx
    for s, m in ctx.find(PATTERNS["performance_compensation"]):
        text = s.text
        payer = ctx.actor(s, m.start())
        if not ctx.parties.ours(payer) or re.search(
            PATTERNS["not_owed"], text[max(0, m.start() - 16) : m.start()], re.I
        ):
            continue  # "创始股东无需承担现金补偿责任": a freedom, not a debt
        window = ctx.text[s.start : s.end + 200]
        if not re.search(PATTERNS["performance_target"], ctx.text[max(0, s.start - 300) : s.end], re.I):
            continue
        personal = re.search(PATTERNS["own_pocket"], window, re.I) or (
            re.search(PATTERNS["personal_guarantee"], window, re.I) and re.search(us, window)
        )
        return [
            WORDING.finding(
                ctx,
                "personal_compensation",
                "ma_price_mechanism_risk",
                "high" if personal else "medium",
                span(s, m.start()),
            )
        ]
    return []


def _full_ratchet(ctx: ClauseContext) -> list[Finding]:
    """A lower new issue price becomes the other side's price in full (not a weighted average)."""
    for s, m in ctx.find(PATTERNS["ratchet"]):
        if re.search(PATTERNS["weighted_average"], s.text, re.I) and not re.search(
            r"full[- ]ratchet|完全棘轮", m.group(0), re.I
        ):
            continue
        return [WORDING.finding(ctx, "full_ratchet", "sha_dilution_pre_emption", "high", span(s, m))]
    return []


def _shares_for_nothing(ctx: ClauseContext) -> list[Finding]:
    """We transfer shares to the other side for nil, nominal or 1-unit consideration."""
    us, them = ctx.us_rx, ctx.them_rx
    move, free = "(?:" + PATTERNS["transfer_to"] + ")", PATTERNS["for_nothing"]
    rx = (
        rf"(?:{us})\b[^.;]{{0,60}}?\b(?:shall|must|will|agrees?\s+to|undertakes?\s+to)\b[^.;]{{0,60}}?\b{move}\s+to\s+(?:the\s+)?(?:{them})\b[^.;]{{0,160}}?(?:{free})"
        rf"|(?:{us})\b[^.;]{{0,60}}?\b(?:shall|must|will)\b[^.;]{{0,60}}?(?:{free})[^.;]{{0,40}}?\b{move}\s+to\s+(?:the\s+)?(?:{them})\b"
        rf"|(?:{us})[^。；]{{0,30}}?(?:应|须|应当|同意)[^。；]{{0,30}}?(?:{free})[^。；]{{0,20}}?(?:向|给予?)(?:{them})[^。；]{{0,20}}?{move}"
        rf"|(?:{us})[^。；]{{0,30}}?(?:应|须|应当|同意)[^。；]{{0,10}}?(?:向|给予?)(?:{them})[^。；]{{0,10}}?(?:{free})[^。；]{{0,20}}?{move}"
    )
    for s, m in ctx.find(rx):
        return [WORDING.finding(ctx, "shares_for_nothing", "sha_dilution_pre_emption", "high", span(s, m))]
    return []


def _exclusions_at_their_discretion(ctx: ClauseContext) -> list[Finding]:
    """The catch-all exclusion from pre-emption: any other issue the other side approves."""
    if not ctx.has(PATTERNS["pre_emption_exclusion"]):
        return []
    them, other_issue = ctx.them_rx, PATTERNS["catch_all_issue"]
    rx = (
        rf"(?:{other_issue})[^.;]{{0,120}}?(?:(?:with|subject\s+to)\s+(?:the\s+)?(?:(?:prior\s+)?(?:written\s+)?(?:consent|approval)\s+of\s+(?:the\s+)?)?(?:{them})(?:\s+(?:Consent|consent|approval))?|(?:approved|agreed|designated|consented\s+to)\s+(?:in\s+writing\s+)?by\s+(?:the\s+)?(?:{them})|(?:{them})\s+(?:may\s+)?(?:approves?|consents?|agrees?|designates?))"
        rf"|(?:经|由)?(?:{them})(?:书面)?(?:同意|批准|认可)的(?:{other_issue})"
    )
    for s, m in ctx.find(rx):
        return [
            WORDING.finding(
                ctx, "exclusions_at_their_discretion", "sha_dilution_pre_emption", "high", span(s, m)
            )
        ]
    return []


def _redemption_premium(ctx: ClauseContext) -> list[Finding]:
    """A put or redemption against us (or the company) at a yearly return above the playbook's position."""
    position = next(
        (
            p
            for p in market_positions(ctx.domain, str(ctx.metadata.get("contract_title") or "")).get(
                "redemption_return", []
            )
            if "investor" not in p.perspective
        ),
        None,
    )
    if position is None:
        return []
    for s, m in ctx.find(PATTERNS["put_or_redemption"]):
        who = next((g for g in m.groups() if g), "")
        named = ctx.parties.mentions(who)
        ours = any(ctx.parties.ours(n.side) for n in named)
        company = re.search(r"\bCompany\b|公司|目标公司", who) is not None
        if not (ours or company):
            continue
        # the rate may stand in the sentence or the next one ("…回购。回购价格为投资款加年化12%")
        window = ctx.text[s.start : s.end + 240]
        rate = re.search(PATTERNS["yearly_rate"], window, re.I)
        if rate is None:
            continue
        value = float(next(g for g in rate.groups() if g))
        compound = re.search(PATTERNS["compounded"], window, re.I) is not None or bool(
            rate.groupdict().get("fc")
        )
        guarantee = re.search(PATTERNS["personal_guarantee"], window, re.I) is not None and ours
        limit = position.standard if compound else position.walk_away
        if value <= limit and not (guarantee and value > position.standard):
            continue
        level = "high" if ours and (value >= limit * 1.25 or guarantee or compound) else "medium"
        return [
            WORDING.finding(
                ctx,
                "redemption_premium",
                "liquidated_damages_excessive",
                level,
                span(s, m),
                obligor=ctx.us if ours else ("the Company" if not ctx.zh else "公司"),
                rate=value,
                compound=", compounded" if compound else "",
                compound_zh="（复利）" if compound else "",
                guarantee=", personally guaranteed" if guarantee else "",
                guarantee_zh="，并由个人承担连带责任" if guarantee else "",
            )
        ]
    return []
