"""Dilution for the sha_minority rule (ma): the minority's protection against new shares taken away
by the Board's say-so, by a flat denial of anti-dilution, or by a pay-to-play or a compulsory
further funding that makes it pay or lose its preferred rights.
"""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.minority_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


def dilution_against_us(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """The first dilution point of the clause the other readings have not reported already.

    Anti-dilution and pay-to-play concern the holder of the preferred shares: read for an investor
    (a founder holding a minority is glad the investor has neither).
    """
    if any(f.risk_type == "sha_dilution_pre_emption" for f in reported):
        return []
    us = ctx.us_rx
    preferred_holder = ctx.parties.is_role("investor") or not ctx.parties.known
    if ctx.has(PATTERNS["new_issue"]):
        for s, m in ctx.find(PATTERNS["board_approved_exclusion"]):
            # the Board's approval must carry our director's or our own: then we decide it too
            ours = PATTERNS["ours_in_the_approval"].replace("US_NAMES", us)
            if VETOES.applies("our_approval_needed", re.search(ours, s.text, re.I)):
                continue
            return [
                WORDING.finding(
                    ctx, "board_approved_exclusion", "sha_dilution_pre_emption", "high", span(s, m)
                )
            ]
    if preferred_holder:
        for s, m in ctx.find(PATTERNS["pay_to_play"]):
            return [WORDING.finding(ctx, "pay_to_play", "sha_dilution_pre_emption", "high", span(s, m))]
        for s, m in ctx.find(PATTERNS["no_anti_dilution"].replace("US_NAMES", us)):
            return [
                WORDING.finding(ctx, "no_anti_dilution", "sha_dilution_pre_emption", "medium", span(s, m))
            ]
    for s, m in ctx.find(PATTERNS["further_funding_called"]):
        if VETOES.applies("funding_optional", re.search(PATTERNS["funding_optional"], s.text, re.I)):
            continue
        return [
            WORDING.finding(ctx, "further_funding_called", "sha_dilution_pre_emption", "medium", span(s, m))
        ]
    return []
