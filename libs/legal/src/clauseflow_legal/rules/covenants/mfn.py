"""The mfn rule (covenants): Most-favoured-customer or price restrictions on us."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "mfn",
    {
        "pricing_freedom": '"乙方可自行决定产品转售价格": the clause gives pricing freedom, not takes it',
    },
)


@rule(reports={"mfn_or_price_restriction"})
def mfn(ctx: ClauseContext) -> list[Finding]:
    """Most-favoured-customer or price restrictions on us."""
    for s, m in ctx.find(PATTERNS["price_restriction"]):
        if VETOES.applies("pricing_freedom", re.search(PATTERNS["pricing_freedom"], s.text, re.I)):
            continue
        # the party that gives the price promise is the sentence's subject ("The Supplier shall
        # ensure that its prices ..."; "The Supplier's prices to the Customer shall be ...")
        subject = [x for x in ctx.parties.mentions(s.text[: m.start()]) if x.side in {"us", "them", "mutual"}]
        side = subject[0].side if subject else ctx.actor(s, m.start())
        if ctx.parties.ours(side):
            return [
                Finding(
                    "mfn_or_price_restriction",
                    "medium",
                    span(s, m),
                    WORDING.t(ctx, "mfn_given")
                    if re.search(PATTERNS["favoured"], m.group(0), re.I)
                    else WORDING.t(ctx, "prices_set_by_them")
                    if re.search(PATTERNS["prices_set"], m.group(0), re.I)
                    else WORDING.t(ctx, "price_floor"),
                    WORDING.t(ctx, "why"),
                    WORDING.t(ctx, "market"),
                )
            ]
    return []
