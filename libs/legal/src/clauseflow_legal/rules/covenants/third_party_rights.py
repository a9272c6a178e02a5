"""The third_party_rights rule (covenants): Non-parties (the counterparty's affiliates, lenders, end users) may enforce the contract against us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule

_NON_PARTY = (
    r"Affiliates?|Lenders?|Financiers?|end[- ]users?|(?:its|their)\s+customers|beneficiar(?:y|ies)|(?:any\s+)?third\s+part(?:y|ies)|successors"
    # "Each member of the Client's group", "any Group Company"
    r"|members?\s+of\s+(?:the\s+|its\s+|their\s+)?(?:\w+(?:'s|’s)\s+)?[Gg]roup\b|[Gg]roup\s+[Cc]ompan(?:y|ies)"
    r"|关联(?:公司|方|企业)|最终用户|终端用户|贷款人|融资方|第三方"
)


@rule(reports={"third_party_rights"})
def third_party_rights(ctx: ClauseContext) -> list[Finding]:
    """Non-parties (the counterparty's affiliates, lenders, end users) may enforce the contract against us."""
    for s, m in ctx.find(
        r"\b(?:may|shall\s+(?:be\s+entitled|have\s+the\s+right)\s+to|is\s+entitled\s+to|are\s+entitled\s+to|can)\s+(?:directly\s+)?(?:enforce|rely\s+on|bring\s+(?:a\s+)?claims?|claim)\b"
        r"|有权(?:直接)?(?:依据|依照|根据)?.{0,12}(?:向|对).{0,8}(?:主张|追究|要求|索赔)"
    ):
        text = s.text
        before = text[max(0, m.start() - 160) : m.start()]
        non_party = list(re.finditer(_NON_PARTY, before, re.I))
        if not non_party:
            continue
        if re.search(r"\bno\b|\bnot\b|\bnothing\b|无权|不得|不享有", before + m.group(0), re.I):
            continue
        # against whom: "against the Supplier", "the Contractor's obligations", "向乙方主张"
        after = text[m.start() : m.end() + 100]
        target = re.search(r"against\s+(?:the\s+)?|(?:向|对)", after)
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
        if not ctx.parties.ours(side):
            continue
        # the non-party belongs to the counterparty (its affiliates, its lenders) or to nobody in
        # particular: its holder is named just before it ("the Owner's lenders"), not after
        first = non_party[0]
        holder = [
            x
            for x in ctx.parties.mentions(before[max(0, first.start() - 40) : first.start()])
            if x.side in {"us", "them"}
        ]
        if (
            holder
            and ctx.parties.ours(holder[-1].side)
            and not re.search(r"Lenders?|贷款人|融资方", before, re.I)
        ):
            continue
        return [
            Finding(
                "third_party_rights",
                "low",
                span(s, m),
                ctx.t(
                    f"Persons who are not parties may enforce {ctx.us}'s obligations directly.",
                    f"非合同当事人可直接向{ctx.us}主张合同权利。",
                ),
                ctx.t(
                    f"{ctx.us} faces claims from several claimants it has no contract with, outside the negotiated limits and procedures.",
                    f"{ctx.us}将面临来自多个无合同关系主体的索赔，且可能不受约定的责任限制和程序约束。",
                ),
                ctx.t(
                    "Playbook: no third-party rights; the counterparty claims on behalf of its affiliates, within the liability cap.",
                    "行业立场：不赋予第三方权利；由对方代表其关联方索赔，并受责任上限约束。",
                ),
            )
        ]
    return []
