"""The conditions_precedent rule (ma): Warranties not repeated at Completion; buyer-protective conditions waivable by the seller."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import SELLER, we_buy
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "conditions_precedent",
    {
        "warranties_repeated": "the Warranties are repeated at Completion",
    },
)


@rule(reports={"ma_conditions_precedent_gap"})
def conditions_precedent(ctx: ClauseContext) -> list[Finding]:
    """Warranties not repeated at Completion; buyer-protective conditions waivable by the seller."""
    if not we_buy(ctx):
        return []
    out: list[Finding] = []
    for s, _m in ctx.find(PATTERNS["not_repeated"]):
        if re.search(PATTERNS["warranty_word"], s.text, re.I):
            out.append(
                WORDING.finding(
                    ctx, "warranties_not_repeated", "ma_conditions_precedent_gap", "high", span(s, 0)
                )
            )
            break
    if not VETOES.applies("warranties_repeated", ctx.has(PATTERNS["repeated_at_completion"])):
        for s, m in ctx.find(PATTERNS["true_at_signing"]):
            out.append(
                WORDING.finding(
                    ctx, "warranties_at_signing_only", "ma_conditions_precedent_gap", "medium", span(s, m)
                )
            )
            break
    for s, m in ctx.find(PATTERNS["buyer_cannot_terminate"]):
        out.append(
            WORDING.finding(
                ctx, "no_termination_before_completion", "ma_conditions_precedent_gap", "high", span(s, m)
            )
        )
        break
    for s, m in ctx.find(
        r"may\s+be\s+waived.{0,120}?by\s+the\s+(?:Seller|Vendor|Warrantor)s?"
        rf"|(?:{SELLER}|{ctx.them_rx})\s+may\s+(?:at\s+any\s+time\s+)?(?:(?:in\s+its\s+(?:sole\s+)?discretion|by\s+notice[^.;]{{0,30}}?)\s+)?waive\s+(?:any|all|each|some|this|that|such|the)\s+(?:or\s+all\s+)?(?:of\s+)?(?:the\s+)?Conditions?"
        rf"|(?:卖方|转让方|{ctx.them_rx})(?:可以|有权|可)?[^。；，]{{0,12}}豁免"
    ):
        out.append(WORDING.finding(ctx, "seller_waives", "ma_conditions_precedent_gap", "medium", span(s, m)))
        break
    return out
