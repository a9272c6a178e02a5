"""The employer_suspension rule (construction): read for the Employer, the builder may suspend or
terminate for late payment on less than 14 days' notice."""

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.contractor_relief import employer_view
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

# The market's notice before a builder stops work or leaves for non-payment (FIDIC: 21 days to suspend,
# 14 days to terminate); less than this leaves the Employer no time to cure a late certificate or payment.
NOTICE_FLOOR_DAYS = 14


@rule(reports={"termination_rights_unbalanced"})
def employer_suspension(ctx: ClauseContext) -> list[Finding]:
    """The builder may suspend or terminate for late payment on a short notice."""
    if ctx.domain != "fidic" or not employer_view(ctx):
        return []
    for s, m in ctx.find(PATTERNS["suspend_or_terminate"]):
        text = s.text
        if not re.search(PATTERNS["late_payment"], text, re.I):
            continue
        if not ctx.parties.theirs(ctx.actor(s, m.start())):
            continue
        notice = re.search(PATTERNS["notice"], text, re.I)
        if notice is None:
            continue  # no notice at all or "immediately" is the termination_balance rule's
        short = [p for p in find_periods(text) if p.days < NOTICE_FLOOR_DAYS]
        if not short or any(p.days >= NOTICE_FLOOR_DAYS for p in find_periods(text)):
            continue
        return [
            WORDING.finding(
                ctx,
                "short_notice_for_late_payment",
                "termination_rights_unbalanced",
                "medium",
                span(s, 0),
                days=f"{short[0].days:g}",
            )
        ]
    return []
