"""The minimum_commitment rule (commercial): Minimum purchase, take-or-pay or shortfall payments binding us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, names_only, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


@rule(reports={"minimum_commitment"})
def minimum_commitment(ctx: ClauseContext) -> list[Finding]:
    """Minimum purchase, take-or-pay or shortfall payments binding us."""
    for s, m in ctx.find(PATTERNS["minimum_commitment"]):
        if re.search(
            PATTERNS["minimum_commitment_2"],
            s.text[: m.start()],
            re.I,
        ):
            continue  # "shall have no obligation to order any minimum quantity": the commitment is denied
        if names_only(s.text):
            continue  # a heading ("MINIMUM PURCHASES") or a definition binds no one
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or (side is None and ctx.parties.buy_side):
            return [
                WORDING.finding(
                    ctx, "minimum_commitment", "minimum_commitment", "medium", span(s, m), matched=m.group(0)
                )
            ]
    return []
