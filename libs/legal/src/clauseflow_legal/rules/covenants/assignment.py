"""The assignment rule (covenants): We cannot assign while the counterparty can."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

# What is transferred is a holding in the company: "any of its shares", "the Shares" (not "share possession").
_SHARES_TRANSFERRED = PATTERNS.compiled("shares_transferred")


@rule(reports={"assignment_restriction"})
def assignment(ctx: ClauseContext) -> list[Finding]:
    """We cannot assign while the counterparty can."""
    restricted_us = None
    free_them = None
    for s, m in ctx.find(PATTERNS["assignment"]):
        if _SHARES_TRANSFERRED.match(s.text, m.end()):
            continue  # a shareholder's lock-up is about its exit (sha rules), not assigning the contract
        neg = m.group(0).find("不得")
        side = ctx.actor(s, m.start() + (neg if neg > 0 else 0))
        if side == "mutual":
            return []
        if ctx.parties.ours(side):
            restricted_us = (s, m)
    for s, m in ctx.find(PATTERNS["assignment_2"]):
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side) and not re.search(PATTERNS["assignment_4"], s.text, re.I):
            free_them = (s, m)
    if restricted_us and not free_them:
        s, m = restricted_us
        if not re.search(PATTERNS["assignment_3"], s.text, re.I):
            return [WORDING.finding(ctx, "assignment_2", "assignment_restriction", "medium", span(s, m))]
    if restricted_us and free_them:
        s, m = restricted_us
        return [WORDING.finding(ctx, "assignment", "assignment_restriction", "low", span(s, m))]
    return []
