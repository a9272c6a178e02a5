"""The mfn rule (covenants): Most-favoured-customer or price restrictions on us."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


@rule(reports={"mfn_or_price_restriction"})
def mfn(ctx: ClauseContext) -> list[Finding]:
    """Most-favoured-customer or price restrictions on us."""
    for s, m in ctx.find(PATTERNS["mfn"]):
        if re.search(
            PATTERNS["mfn_2"],
            s.text,
            re.I,
        ):
            continue  # "乙方可自行决定产品转售价格": the clause gives pricing freedom, it does not take it
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
                    WORDING.t(ctx, "mfn")
                    if re.search(PATTERNS["mfn_3"], m.group(0), re.I)
                    else WORDING.t(ctx, "mfn_2")
                    if re.search(PATTERNS["mfn_4"], m.group(0), re.I)
                    else WORDING.t(ctx, "mfn_3"),
                    WORDING.t(ctx, "mfn_4"),
                    WORDING.t(ctx, "mfn_5"),
                )
            ]
    return []
