"""The employer_retention rule (construction): read for the Employer, no retention held, or all of it
released at taking-over, leaves the defects period without security."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.contractor_relief import employer_view
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


@rule(reports={"security_insurance_burden"})
def employer_retention(ctx: ClauseContext) -> list[Finding]:
    """A construction contract that holds no retention, or releases all of it at taking-over or
    completion: the Employer has no money in hand for defects the builder does not come back to fix."""
    if ctx.domain != "fidic" or not employer_view(ctx):
        return []
    for s in ctx.sentences:
        text = s.text
        if not re.search(PATTERNS["retention_named"], text, re.I):
            continue
        none = re.search(PATTERNS["no_retention"], text, re.I)
        full = re.search(PATTERNS["released_in_full"], text, re.I) and re.search(
            PATTERNS["at_taking_over"], text, re.I
        )
        if none is None and not full:
            continue
        if re.search(PATTERNS["security_instead"], text, re.I):
            continue  # a retention bond or guarantee stands in its place
        return [
            WORDING.finding(
                ctx,
                "no_retention_for_defects",
                "security_insurance_burden",
                "medium",
                span(s, 0),
            )
        ]
    return []
