"""The employer_advance rule (construction): read for the Employer, an advance payment the builder
need not secure: the money paid before any work is done has no guarantee of its return."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.contractor_relief import employer_view
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


@rule(reports={"payment_terms_unfavourable"})
def employer_advance(ctx: ClauseContext) -> list[Finding]:
    """An advance paid by the Employer (or a main contractor to its subcontractor) whose guarantee the
    contract waives or disapplies: in construction every advance, whatever its size, is paid against an
    advance payment guarantee that reduces as it is repaid, because a builder that fails before the
    advance is recovered leaves the Employer an unsecured creditor for it."""
    if ctx.domain != "fidic" or not employer_view(ctx):
        return []
    if not re.search(PATTERNS["advance_named"], ctx.text, re.I):
        return []
    for s in ctx.sentences:
        text = s.text
        waived = re.search(PATTERNS["security_waived"], text, re.I) or re.search(
            PATTERNS["guarantee_disapplied"], text, re.I
        )
        if waived is None:
            continue
        # the waiver is of the advance's security: named in the sentence, or the sentence only says
        # that no security is due ("No guarantee shall be required") in a clause on the advance
        if not re.search(PATTERNS["advance_named"], text, re.I) and re.search(
            PATTERNS["other_security"], text, re.I
        ):
            continue
        return [
            WORDING.finding(
                ctx,
                "advance_unsecured",
                "payment_terms_unfavourable",
                "high",
                span(s, 0),
            )
        ]
    return []
