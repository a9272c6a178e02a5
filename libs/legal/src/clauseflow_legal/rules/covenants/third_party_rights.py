"""The third_party_rights rule (covenants): Non-parties (the counterparty's affiliates, lenders, end users) may enforce the contract against us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "third_party_rights",
    {
        "rights_denied": '"no third party may enforce": the rights of non-parties are denied',
        "our_own_non_party": "the non-party is ours (our affiliates), not the counterparty's or its lenders",
    },
)

_NON_PARTY = PATTERNS["non_party"]


@rule(reports={"third_party_rights"})
def third_party_rights(ctx: ClauseContext) -> list[Finding]:
    """Non-parties (the counterparty's affiliates, lenders, end users) may enforce the contract against us."""
    for s, m in ctx.find(PATTERNS["may_enforce"]):
        text = s.text
        before = text[max(0, m.start() - 160) : m.start()]
        non_party = list(re.finditer(_NON_PARTY, before, re.I))
        if not non_party:
            continue
        if VETOES.applies("rights_denied", re.search(PATTERNS["negation"], before + m.group(0), re.I)):
            continue
        # against whom: "against the Supplier", "the Contractor's obligations", "向乙方主张"
        after = text[m.start() : m.end() + 100]
        target = re.search(PATTERNS["against"], after)
        side = None
        if target:
            ms = [
                x
                for x in ctx.parties.mentions(after[target.end() : target.end() + 40])
                if x.side in {"us", "them"}
            ]
            side = ms[0].side if ms else None
        if side is None:
            owners = [x for x in ctx.parties.mentions(after) if x.side in {"us", "them"}]
            side = owners[0].side if owners else None
        first = non_party[0]
        if side is None:
            # no one named against whom: the counterparty's own non-party ("each Kestrel Customer")
            # enforces the contract against us
            holders = [
                x
                for x in ctx.parties.mentions(before[max(0, first.start() - 40) : first.end()])
                if x.side in {"us", "them"}
            ]
            side = "us" if holders and ctx.parties.theirs(holders[-1].side) else None
        if not ctx.parties.ours(side):
            continue
        # the non-party belongs to the counterparty (its affiliates, its lenders) or to nobody in
        # particular: its holder is named just before it ("the Owner's lenders"), not after
        holder = [
            x
            for x in ctx.parties.mentions(before[max(0, first.start() - 40) : first.start()])
            if x.side in {"us", "them"}
        ]
        if VETOES.applies(
            "our_own_non_party",
            holder and ctx.parties.ours(holder[-1].side) and not re.search(PATTERNS["lenders"], before, re.I),
        ):
            continue
        return [WORDING.finding(ctx, "non_parties_enforce", "third_party_rights", "low", span(s, m))]
    return []
