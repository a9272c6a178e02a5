"""The employer_variations rule (construction): read for the Employer, Variations valued in the builder's
favour: at its own rates or quotation, at cost plus a margin above the market's, at its own daywork rates."""

from __future__ import annotations

import re

from clauseflow_legal.figures import find_percents
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.contractor_relief import employer_view
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

# Above this margin on cost (overheads and profit together) a Variation earns the builder more than the
# market's Cost plus a reasonable profit (FIDIC's default is 5%; 10-15% is the usual ceiling of a daywork
# or cost-plus percentage).
MARGIN_CEILING = 15.0


def _theirs(pattern: str, ctx: ClauseContext) -> str:
    """``pattern`` with <THEM> read as the counterparty's names (or the builder's pronoun)."""
    return pattern.replace("<THEM>", f"(?:{ctx.them_rx})")


@rule(reports={"variation_valuation_unfair"})
def employer_variations(ctx: ClauseContext) -> list[Finding]:
    """Variations priced by the builder: its own rates or quotation bind us, or its cost earns a margin
    above the market's: the Employer pays whatever the builder asks for changed scope."""
    if not employer_view(ctx):
        return []
    if not re.search(PATTERNS["variation_named"], ctx.title + " " + ctx.text, re.I):
        return []
    for s in ctx.sentences:
        text = s.text
        if not re.search(PATTERNS["variation_named"], text, re.I) and not re.search(
            PATTERNS["valued"], text, re.I
        ):
            continue
        own = re.search(_theirs(PATTERNS["their_own_rates"], ctx), text, re.I)
        if own is not None:
            return [
                WORDING.finding(
                    ctx,
                    "their_own_price",
                    "variation_valuation_unfair",
                    "medium",
                    span(s, 0),
                    basis=own.group(0).strip(),
                )
            ]
        margin = re.search(PATTERNS["cost_plus_margin"], text, re.I)
        if margin is not None:
            over = [p.value for p in find_percents(text) if p.value > MARGIN_CEILING]
            if over:
                return [
                    WORDING.finding(
                        ctx,
                        "margin_above_market",
                        "variation_valuation_unfair",
                        "medium",
                        span(s, 0),
                        pct=f"{max(over):g}",
                    )
                ]
    return []
