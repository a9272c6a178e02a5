"""The employer_security rule (construction): read for the Employer, the performance security expires
or is returned at taking-over (or earlier), leaving the defects period without security."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.contractor_relief import employer_view
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


@rule(reports={"security_insurance_burden"})
def employer_security(ctx: ClauseContext) -> list[Finding]:
    """The performance security valid only until taking-over, practical completion or an earlier stage
    (topping out): the market keeps it until the defects are remedied (FIDIC: until the Performance
    Certificate), so the Employer still holds it when the builder fails to come back."""
    if ctx.domain != "fidic" or not employer_view(ctx):
        return []
    for s, _named in ctx.find(PATTERNS["security_named"]):
        # valid only to taking-over or an earlier stage, and not kept (in part) to the defects period's end
        ends_early = re.search(PATTERNS["ends_at_completion"], s.text, re.I) is not None
        if ends_early and not re.search(PATTERNS["defects_period_end"], s.text, re.I):
            return [
                WORDING.finding(
                    ctx, "security_ends_before_defects", "security_insurance_burden", "medium", span(s, 0)
                )
            ]
    return []
