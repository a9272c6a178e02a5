"""The assignment rule (covenants): We cannot assign while the counterparty can."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "assignment",
    {
        "shares_lock_up": "a shareholder's lock-up is about its exit (sha rules), not assigning the contract",
        "mutual_restriction": "neither side may assign: the restriction binds both alike",
        "assignable_with_consent": "we may assign with consent and they may not assign freely either "
        "(a consent they may refuse at their absolute discretion is no consent)",
        "usual_assignee": "their free assignment goes only to affiliates, successors or financiers: market",
        "competitors_only": "the bar covers transfers to competitors only; ordinary assignment stays open",
    },
)

# What is transferred is a holding in the company: "any of its shares", "the Shares" (not "share possession").
_SHARES_TRANSFERRED = PATTERNS.compiled("shares_transferred")
_TO_COMPETITORS = PATTERNS.compiled("to_competitors_only")


@rule(reports={"assignment_restriction"})
def assignment(ctx: ClauseContext) -> list[Finding]:
    """We cannot assign while the counterparty can."""
    restricted_us = None
    free_them = None
    for s, m in ctx.find(PATTERNS["may_not_assign"]):
        if VETOES.applies("shares_lock_up", _SHARES_TRANSFERRED.match(s.text, m.end())):
            continue
        if VETOES.applies("competitors_only", _TO_COMPETITORS.search(s.text, m.end())):
            continue
        neg = m.group(0).find("不得")
        side = ctx.actor(s, m.start() + (neg if neg > 0 else 0))
        if m.group(0)[:3].lower() == "no ":
            # "No Obligor may assign": the party barred is the one named after "No"
            named = ctx.parties.mentions(m.group(0))
            side = named[0].side if named else None
        if VETOES.applies("mutual_restriction", side == "mutual"):
            return []
        if ctx.parties.ours(side):
            restricted_us = (s, m)
    for s, m in ctx.find(PATTERNS["may_assign"]):
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side) and not re.search(PATTERNS["with_consent"], s.text, re.I):
            free_them = (s, m)
    if restricted_us and not free_them:
        s, m = restricted_us
        if re.search(PATTERNS["consent_unfettered"], s.text, re.I):
            # the consent exists only on paper: they may refuse it as they please
            quote = span(s, m)
            return [WORDING.finding(ctx, "consent_unfettered", "assignment_restriction", "medium", quote)]
        if not VETOES.applies("assignable_with_consent", re.search(PATTERNS["consent_word"], s.text, re.I)):
            return [WORDING.finding(ctx, "never_assignable", "assignment_restriction", "medium", span(s, m))]
    if restricted_us and free_them:
        s, m = restricted_us
        return [WORDING.finding(ctx, "consent_only_for_us", "assignment_restriction", "low", span(s, m))]
    if free_them:
        # Our own restriction may stand in another clause; their right to hand the contract to
        # anyone without asking us is an issue on its own, unless it goes only to the usual
        # successors (affiliates, a buyer of the business, financiers).
        s, m = free_them
        rest = s.text[m.start() :]
        # a lender's transfer of the loan to any bank or fund is no transfer to a usual successor for
        # the borrower: the lender's identity is what its consent guards (LMA: the borrower's consent,
        # not unreasonably withheld, save to affiliates or while an event of default continues)
        usual = (
            re.search(PATTERNS["usual_assignee_loan"], rest, re.I) is not None
            and not re.search(PATTERNS["any_transferee"], rest, re.I)
            if ctx.parties.borrows
            else re.search(PATTERNS["usual_assignee"], rest, re.I) is not None
        )
        if re.search(PATTERNS["without_our_consent"], rest, re.I) and not VETOES.applies(
            "usual_assignee", usual
        ):
            level = "medium" if ctx.parties.borrows else "low"
            return [WORDING.finding(ctx, "assigned_to_anyone", "assignment_restriction", level, span(s, m))]
    return []
