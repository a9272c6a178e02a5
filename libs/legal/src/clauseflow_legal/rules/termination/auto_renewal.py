"""The auto_renewal rule (termination): Long automatic renewals or early non-renewal windows, for a party that wants flexibility."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import (
    ClauseContext,
    Finding,
    finding,
    span,
)
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import find_periods, fmt_period


@rule(reports={"auto_renewal_lock_in"})
def auto_renewal(ctx: ClauseContext) -> list[Finding]:
    """Long automatic renewals or early non-renewal windows, for a party that wants flexibility."""
    if ctx.parties.sell_side and not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(
        r"automatic(?:ally)?\s+(?:be\s+)?(?:renew|extend)\w*|renew\w*\s+automatically|自动(?:续期|续展|延续|延长|续约|顺延)"
    ):
        periods = find_periods(s.text)
        if not periods:
            continue
        # "unless the Customer gives notice": only the party that can stop the renewal is locked in.
        stopper = re.search(
            r"(?:除非|unless)\s*(?P<who>[^，,。；;]{0,30}?)\s*(?:在|于|提前|gives?|serves?|delivers?|notif|provides?|sends?)",
            s.text,
            re.I,
        )
        if stopper:
            sides = ctx.parties.sides_in(stopper.group("who"))
            if sides and not any(ctx.parties.ours(x) or x == "mutual" for x in sides):
                continue
        # The renewal period follows the renewal words ("三年，期满后自动续展一年": one year, not three);
        # a period before them is the initial term.
        terms = [p for p in periods if p.unit in {"month", "year"}]
        renewal = next((p for p in terms if p.start >= m.start()), terms[0] if terms else None)
        notice = next(
            (p for p in periods if p is not renewal and p.unit in {"day", "business day", "month"}), None
        )
        if notice is None:
            # the non-renewal notice often has a sentence of its own: "被许可方如不续约，应在期满前180日书面通知"
            nxt = next((x for x in ctx.sentences if x.start > s.start), None)
            if nxt is not None and re.search(r"renew|续约|续期|续展", nxt.text, re.I):
                notice = next(
                    (p for p in find_periods(nxt.text) if p.unit in {"day", "business day", "month"}), None
                )
        long_renewal = renewal is not None and renewal.months > 12.5
        early_notice = notice is not None and notice.days >= 90
        if not (long_renewal or early_notice):
            continue
        bits = []
        if long_renewal and renewal is not None:
            bits.append(ctx.t(f"renewal periods of {fmt_period(renewal)}", f"每次续期{fmt_period(renewal)}"))
        if early_notice and notice is not None:
            bits.append(
                ctx.t(
                    f"non-renewal notice {fmt_period(notice)} ahead",
                    f"须提前{fmt_period(notice)}发出不续期通知",
                )
            )
        return [
            Finding(
                "auto_renewal_lock_in",
                "medium",
                span(s, m),
                ctx.t(
                    "The term renews automatically with " + " and ".join(bits) + ".",
                    "合同自动续期，" + "，".join(bits) + "。",
                ),
                ctx.t(
                    f"Missing the window locks {ctx.us} into another long term at prices it may not control.",
                    f"一旦错过通知窗口，{ctx.us}将被锁定在新的长期期限内，且价格可能不受控制。",
                ),
                ctx.t(
                    "Playbook: renewals of at most 12 months with a non-renewal window of 30-60 days.",
                    "行业立场：每次续期不超过12个月，不续期通知期为30-60日。",
                ),
            )
        ]
    return _locked_in_term(ctx)


# A long fixed term our party may not leave: "for a term of ten years … The Tenant has no right to end
# this Lease before the end of the term", "乙方在租赁期内无权提前解除本合同".
_NO_EARLY_EXIT = (
    r"(?:has|have)\s+no\s+right\s+to\s+(?:end|terminate|break)|(?:may|shall|can)\s+not\s+(?:end|terminate)\s+(?:this|the)\s+\w+\s+(?:before|early|prior)"
    r"|无权(?:提前|单方)?(?:解除|终止)|不得提前(?:解除|终止)"
)


def _locked_in_term(ctx: ClauseContext) -> list[Finding]:
    """A fixed term of five years or more with no right for us to leave early."""
    for s, m in ctx.find(_NO_EARLY_EXIT):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        long = [p for p in find_periods(ctx.text) if p.unit == "year" and p.months >= 59]
        if not long:
            continue
        return [
            finding(
                ctx,
                "auto_renewal_lock_in",
                "medium",
                span(s, m),
                what=(
                    f"{ctx.us} is bound for {fmt_period(long[0])} with no right to end the contract early.",
                    f"{ctx.us}受{fmt_period(long[0])}的固定期限约束，且无权提前解除。",
                ),
                why=(
                    f"A business changes over {fmt_period(long[0])}; without a break {ctx.us} pays to the end whatever it needs.",
                    f"在{fmt_period(long[0])}内经营情况必然变化；没有提前解除权，{ctx.us}无论需要与否都须付款至期满。",
                ),
                market=(
                    "Playbook: a break right for us at a mid-point (e.g. year five of ten) on six months' notice, at most with a modest break payment.",
                    "行业立场：我方在期限中点（如十年中的第五年）可提前六个月通知解除，至多支付适当的解约补偿。",
                ),
            )
        ]
    return []
