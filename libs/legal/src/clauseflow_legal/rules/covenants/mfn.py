"""The mfn rule (covenants): Most-favoured-customer or price restrictions on us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule


@rule(reports={"mfn_or_price_restriction"})
def mfn(ctx: ClauseContext) -> list[Finding]:
    """Most-favoured-customer or price restrictions on us."""
    for s, m in ctx.find(
        r"most[- ]favou?red|no\s+less\s+favou?rable\s+(?:than|terms|prices?|pricing)|(?:better|lower)\s+(?:prices?|terms)\s+than|no\s+(?:higher|greater)\s+than\s+(?:the\s+)?(?:lowest|best)|(?:lowest|best)\s+prices?\s+(?:it|that\s+it)\s+(?:charges|offers)"
        r"|resale\s+prices?\s+(?:set|fixed|determined|recommended)|(?:resell|sell|offer)\b.{0,60}?(?:at\s+no\s+less\s+than|not\s+below|no\s+lower\s+than|at\s+(?:the\s+)?(?:\w+\s+)?prices?\s+(?:set|fixed|determined|specified|prescribed)|at\s+a\s+price\s+(?:lower|less)\s+than|below\s+(?:the|a|its)\s+(?:\w+\s+){0,2}(?:prices?|minimum))"
        r"|最惠|不(?:得)?(?:高|差)于.{0,30}(?:其他|第三方|任何)|转售价格|不得低于.{0,20}(?:指导价|零售价|规定的价格)"
    ):
        if re.search(
            r"自行(?:决定|确定)|自主(?:决定|定价|确定)|自由(?:决定|确定)|(?:free|entitled)\s+to\s+(?:set|determine)|in\s+its\s+(?:sole\s+)?discretion",
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
                    ctx.t(
                        f"{ctx.us} gives a most-favoured-customer commitment.", f"{ctx.us}承担最惠客户义务。"
                    )
                    if re.search(r"favou?r|最惠|高于|差于", m.group(0), re.I)
                    else ctx.t(
                        f"{ctx.us} may not set its own prices: it must sell at the prices {ctx.them} sets.",
                        f"{ctx.us}不能自主定价：须按{ctx.them}规定的价格销售。",
                    )
                    if re.search(r"prices?\s+(?:set|fixed|determined|specified|prescribed)", m.group(0), re.I)
                    else ctx.t(
                        f"{ctx.us} may not set its own prices: a price floor binds its sales.",
                        f"{ctx.us}不能自主定价：其销售受最低价格限制。",
                    ),
                    ctx.t(
                        "It constrains our pricing with every other customer and may raise competition-law issues.",
                        "这限制了我方对其他所有客户的定价，并可能引发竞争法问题。",
                    ),
                    ctx.t(
                        "Playbook: no MFN; if any, prospective only and for comparable volumes and terms.",
                        "行业立场：不设最惠待遇；如有，仅向后适用且限于可比数量和条件。",
                    ),
                )
            ]
    return []
