"""The claim_time_bar rule (commercial): Entitlements lost unless notice is given within a short period (incl. PC amendments shortening it)."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.commercial.common import BAR, FEES_FORFEITED
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Sentence,
    find_periods,
    fmt_period,
)

# What a claimant must do in time: give notice, claim, sue, invoice.
_CLAIM_STEP = r"notice|notif|claim|proceedings|\baction\b|\bsuit\b|invoic|通知|索赔|异议|主张|诉讼|起诉|仲裁|发票|结算申请|付款申请"
# A sentence whose bar refers to the period of the sentence before: "within such period", "If it does not".
_POINTS_BACK = (
    r"\b(?:such|that|the\s+said)\s+(?:time|period)\b|上述期限|该期限|前述期限"
    r"|\bif\s+(?:it|they|the\s+\w+)\s+(?:does|do)\s+not\b|\bfailing\s+which\b|\bif\s+(?:it|they|the\s+\w+)\s+fails?\s+to\s+do\s+so\b"
)


@rule(reports={"claim_time_bar"})
def claim_time_bar(ctx: ClauseContext) -> list[Finding]:
    """Entitlements lost unless notice is given within a short period (incl. PC amendments shortening it)."""
    # Particular Conditions that substitute a shorter notice period.
    for s, m in ctx.find(
        r"delete\s+(?:[\"“'](?P<old>[^\"”']{2,40})[\"”']|(?P<old2>[\w\s()-]{2,40}?))\s+and\s+substitute\s+(?:[\"“'](?P<new>[^\"”']{2,40})[\"”']|(?P<new2>[\w\s()-]{2,40}))"
    ):
        old = find_periods(m.group("old") or m.group("old2") or "")
        new = find_periods(m.group("new") or m.group("new2") or "")
        if old and new and new[0].days < old[0].days:
            claimant = ctx.parties.sides_in(ctx.title + " " + ctx.text[:200])
            if claimant == {"them"} and ctx.parties.known:
                continue
            return [
                Finding(
                    "claim_time_bar",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"The notice period for claims is cut from {fmt_period(old[0])} to {fmt_period(new[0])}.",
                        f"索赔通知期由{fmt_period(old[0])}缩短至{fmt_period(new[0])}。",
                    ),
                    ctx.t(
                        f"Notice is a condition precedent: if {ctx.us} misses the shortened period, it loses time and money it is otherwise owed.",
                        f"通知是先决条件：{ctx.us}一旦错过缩短后的期限，将丧失本应获得的工期和费用。",
                    ),
                    ctx.t(
                        "Playbook: at least 28 days from awareness, mutual, with late notice admitted where there is no prejudice.",
                        "行业立场：自知道之日起至少28日，双方对等，且在对方未受不利影响时接受逾期通知。",
                    ),
                )
            ]
    if ctx.domain == "sha_spa" and ctx.parties.is_role("buyer"):
        return []  # seller claim-notice limits are ma_claim_limitations_unfavourable
    units = {"day", "business day", "week", "month", "year", "hour"}
    for before, s in zip([None, *ctx.sentences], ctx.sentences, strict=False):
        text = s.text
        notice = re.search(_CLAIM_STEP, text, re.I) or (
            # "… shall give notice … within seven days. If it does not, it shall not be entitled …"
            before is not None
            and re.search(_POINTS_BACK, text, re.I)
            and re.search(_CLAIM_STEP, before.text, re.I)
        )
        bar = re.search(BAR, text, re.I)
        if not notice or not bar:
            continue
        periods = [p for p in find_periods(text) if p.unit in units]
        quote = span(s, periods[0].start) if periods else None
        if not periods and before is not None and re.search(_POINTS_BACK, text, re.I):
            # "within such period" points back: the period and its bar in two sentences are quoted
            # together, so a redline can change the period
            periods = [p for p in find_periods(before.text) if p.unit in units]
            quote = Sentence(ctx.text[before.start : s.start + len(text)], before.start)
        if not periods or quote is None:
            continue
        period = periods[0]
        give_rx = (
            r"(?:give|gives|given|giving|serve|submit|notif\w*|bring|brought|commence|发出|提出|提交|通知)"
        )
        give = re.search(give_rx, text, re.I)
        side = ctx.actor(s, give.start()) if give else None
        if side is None and before is not None and quote.start == before.start:
            # the period's sentence says who must act: "The Consultant shall submit each invoice within…"
            earlier = re.search(give_rx, before.text, re.I)
            side = ctx.actor(before, earlier.start()) if earlier else None
        # "Any claim by the Franchisee … shall be barred unless proceedings are issued": the claimant
        claim_by = re.search(
            r"\b(?:claims?|proceedings|actions?)\s+(?:\w+\s+){0,2}?(?:by|of)\s+(?:the\s+)?", text, re.I
        )
        by_whom = ctx.parties.mentions(text[claim_by.end() : claim_by.end() + 40]) if claim_by else []
        if by_whom and by_whom[0].start == 0 and by_whom[0].side in {"us", "them", "mutual"}:
            side = by_whom[0].side
        if re.match(
            r"discharged\s+from|no\s+longer\s+(?:be\s+)?liable|shall\s+not\s+be\s+liable", bar.group(0), re.I
        ) and not (by_whom and by_whom[0].start == 0):
            # "The Provider shall be discharged from all liability unless suit is brought": the party
            # released is named before the bar; the claim it escapes is the other side's
            released = ctx.parties.side_before(text, bar.start())
            side = "us" if released == "them" else "them" if released == "us" else None
        if side is None:
            side = ctx.parties.side_before(text, bar.start())
        if not (ctx.parties.ours(side) or side == "mutual"):
            continue
        limitation = re.search(
            r"proceedings|commence|bring|brought|action|\bsuit\b|诉讼|起诉", text, re.I
        ) and period.unit in {"month", "year"}
        fees_lost = re.fullmatch(FEES_FORFEITED, bar.group(0), re.I) is not None
        # earned fees forfeited for a late invoice: anything under six months to invoice is harsh
        short = period.months < 6 if fees_lost else period.months < 12 if limitation else period.days < 28
        if not short:
            continue
        if side == "mutual" and not ctx.parties.buy_side and not ctx.parties.sell_side:
            continue
        return [
            Finding(
                "claim_time_bar",
                "high" if ctx.parties.ours(side) else "medium",
                quote,
                ctx.t(
                    f"{ctx.us} loses fees it has earned unless it invoices within {fmt_period(period)}."
                    if fees_lost
                    else f"{ctx.us} loses its claim unless it acts within {fmt_period(period)}.",
                    f"{ctx.us}须在{fmt_period(period)}内开具发票，否则丧失已赚取的费用。"
                    if fees_lost
                    else f"{ctx.us}须在{fmt_period(period)}内采取行动，否则丧失索赔权。",
                ),
                ctx.t(
                    "A short condition-precedent period forfeits valid entitlements for a procedural slip.",
                    "过短的先决条件期限会因程序疏忽而使正当权利丧失。",
                ),
                ctx.t(
                    "Playbook: notice within 28 days of awareness (limitation periods not shortened below 12 months), late notice admitted absent prejudice.",
                    "行业立场：自知道之日起28日内通知（诉讼时效不得缩短至12个月以下），对方未受不利影响的逾期通知仍可接受。",
                ),
            )
        ]
    return []
