"""The conditions_precedent rule (ma): Warranties not repeated at Completion; buyer-protective conditions waivable by the seller."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import ISSUER, SELLER, we_buy
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
        return _their_discretion(ctx)
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
    # the conditions are the buyer's protection; the seller, or the company it controls until
    # Completion, waiving them is the buyer's risk (not when the buyer must join the waiver)
    for s, m in ctx.find(
        rf"may\s+be\s+waived.{{0,120}}?by\s+the\s+(?:Seller|Vendor|Warrantor|{ISSUER})s?\b"
        rf"|(?:{SELLER}|{ISSUER}|{ctx.them_rx})\s+may\s+(?:at\s+any\s+time\s+)?(?:(?:in\s+its\s+(?:sole\s+)?discretion|by\s+notice[^.;]{{0,30}}?)\s+)?waive\s+(?:any|all|each|some|this|that|such|the)\s+(?:or\s+all\s+)?(?:of\s+)?(?:the\s+)?Conditions?"
        rf"|(?:卖方|转让方|{ISSUER}|{ctx.them_rx})(?:可以|有权|可)?[^。；，]{{0,12}}豁免"
    ):
        us = ctx.us_rx
        if re.search(
            rf"(?:{us})\s*(?:and|与|和|及)|(?:and|与|和|及)\s*(?:the\s+)?(?:{us})|\bjointly\b|共同|双方|各方",
            m.group(0),
        ):
            continue
        out.append(WORDING.finding(ctx, "seller_waives", "ma_conditions_precedent_gap", "medium", span(s, m)))
        break
    return out


def _their_discretion(ctx: ClauseContext) -> list[Finding]:
    """For the side that sells or issues: a condition the other side alone judges is a free option to walk away."""
    # a share deal only: an underwriter's or agent's market-out "in the opinion of the Agent" is its trade's norm
    if (
        ctx.domain != "sha_spa"
        or ctx.parties.is_role("investor", "buyer")
        or not ctx.parties.known
        or not ctx.has(PATTERNS["conditions_word"])
    ):
        return []
    them = ctx.them_rx
    # who judges: the other side itself, in English or Chinese
    judged_by_them = (
        rf"(?:{them})\s+(?:having\s+)?(?:completed|carried\s+out|conducted|been\s+satisfied\s+with)\s+(?:its|their)\b[^.;]{{0,100}}?due\s+diligence[^.;]{{0,80}}?(?:to\s+its\s+(?:sole\s+|absolute\s+|complete\s+)?satisfaction|satisfactory\s+to\s+it)",
        rf"due\s+diligence[^.;]{{0,120}}?(?:satisfactory\s+to|to\s+the\s+(?:sole\s+|absolute\s+)?satisfaction\s+of)\s+(?:the\s+)?(?:{them})",
        rf"in\s+the\s+(?:sole\s+|absolute\s+)?(?:opinion|judge?ment|discretion)\s+of\s+(?:the\s+)?(?:{them})",
        rf"(?:{them})(?:'s|’s)?\s+investment\s+committee",
        rf"(?:{them})[^。；]{{0,12}}(?:完成|已完成)[^。；]{{0,30}}尽职调查[^。；]{{0,20}}(?:满意|认可)",
        rf"尽职调查[^。；]{{0,30}}(?:令|使|经)(?:{them})(?:满意|认可)",
        rf"(?:{them})[^。；]{{0,6}}投资决策委员会[^。；]{{0,10}}(?:批准|通过|同意)",
    )
    hit = next(ctx.find("|".join(judged_by_them)), None)
    if hit is None:
        return []
    return [WORDING.finding(ctx, "their_discretion", "ma_conditions_precedent_gap", "medium", span(*hit))]
