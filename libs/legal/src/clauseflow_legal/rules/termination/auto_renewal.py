"""The auto_renewal rule (termination): Long automatic renewals or early non-renewal windows, for a party that wants flexibility."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods, fmt_period
from clauseflow_legal.rules.base import (
    ClauseContext,
    Finding,
    span,
)
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "auto_renewal",
    {
        "seller_side": "a seller gains from renewals and a long term: the lock-in is a buyer's concern",
        "only_they_can_stop": '"unless the Supplier gives notice": only the party that can stop the renewal is locked in',
        "short_renewal_short_notice": "renewals of 12 months or less with a non-renewal notice under 90 days",
        "term_under_five_years": "a fixed term under five years may bind us without an early exit",
    },
)


@rule(reports={"auto_renewal_lock_in"})
def auto_renewal(ctx: ClauseContext) -> list[Finding]:
    """Long automatic renewals or early non-renewal windows, for a party that wants flexibility."""
    if VETOES.applies("seller_side", ctx.parties.sell_side and not ctx.parties.buy_side):
        return []
    for s, m in ctx.find(PATTERNS["renews_automatically"]):
        periods = find_periods(s.text)
        if not periods:
            continue
        # "unless the Customer gives notice": only the party that can stop the renewal is locked in.
        stopper = re.search(
            PATTERNS["unless_gives_notice"],
            s.text,
            re.I,
        )
        if stopper:
            sides = ctx.parties.sides_in(stopper.group("who"))
            if VETOES.applies(
                "only_they_can_stop", sides and not any(ctx.parties.ours(x) or x == "mutual" for x in sides)
            ):
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
            if nxt is not None and re.search(PATTERNS["renew_word"], nxt.text, re.I):
                notice = next(
                    (p for p in find_periods(nxt.text) if p.unit in {"day", "business day", "month"}), None
                )
        long_renewal = renewal is not None and renewal.months > 12.5
        early_notice = notice is not None and notice.days >= 90
        if VETOES.applies("short_renewal_short_notice", not (long_renewal or early_notice)):
            continue
        bits = []
        if long_renewal and renewal is not None:
            bits.append(WORDING.t(ctx, "renewal_periods", period=fmt_period(renewal)))
        if early_notice and notice is not None:
            bits.append(WORDING.t(ctx, "early_notice", period=fmt_period(notice)))
        return [
            Finding(
                "auto_renewal_lock_in",
                "medium",
                span(s, m),
                ctx.t(
                    "The term renews automatically with " + " and ".join(bits) + ".",
                    "合同自动续期，" + "，".join(bits) + "。",
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    return _locked_in_term(ctx)


# A long fixed term our party may not leave: "for a term of ten years … The Tenant has no right to end
# this Lease before the end of the term", "乙方在租赁期内无权提前解除本合同".
_NO_EARLY_EXIT = PATTERNS["no_early_exit"]


def _locked_in_term(ctx: ClauseContext) -> list[Finding]:
    """A fixed term of five years or more with no right for us to leave early."""
    for s, m in ctx.find(_NO_EARLY_EXIT):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        long = [p for p in find_periods(ctx.text) if p.unit == "year" and p.months >= 59]
        if VETOES.applies("term_under_five_years", not long):
            continue
        return [
            WORDING.finding(
                ctx,
                "locked_in_term",
                "auto_renewal_lock_in",
                "medium",
                span(s, m),
                period=fmt_period(long[0]),
            )
        ]
    return []
