"""The cost_escalation rule (commercial): A fixed price that leaves our party with change-in-law, tax, currency or input-cost risk."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule

_COST_DRIVER = (
    r"change\w*\s+(?:in|of)\s+(?:the\s+)?(?:laws?|legislation|regulations?)|legislat\w+|\btax(?:es|ation)?\b|duties|tariffs?|customs"
    r"|exchange\s+rates?|currenc\w+|inflation|escalat\w+|cost\s+of\s+(?:labou?r|materials|energy|fuel)|(?:labou?r|material|raw\s+material|energy|input)\s+costs?"
    r"|(?:increase|rise|change)s?\s+in\s+(?:the\s+)?(?:costs?|prices?)\s+of"
    r"|法律|法规|政策|汇率|税率|税费|税收|关税|物价|原材料|材料价格|人工|成本"
    # "主要材料（铝型材、玻璃、钢材）市场价格上涨的风险", "any rise in the market price of steel"
    r"|(?:材料|设备|燃料|能源|市场)[^。；]{0,24}?价格?(?:上涨|上升|波动|变化|变动)|\b(?:rise|increase|fluctuation)s?\s+in\s+(?:the\s+)?market\s+prices?"
)
_NO_ADJUST = (
    r"(?:shall|will|may)\s+not\s+(?:\w+\s+){0,3}(?:adjust\w*|increas\w*|vari\w*|revis\w*|chang\w*)|not\s+(?:be\s+)?subject\s+to\s+(?:any\s+)?(?:adjustment|revision|escalation)"
    r"|\bno\s+(?:\w+\s+){0,2}(?:adjustment|increase|escalation|revision)|without\s+(?:any\s+)?(?:adjustment|increase|escalation)"
    r"|\b(?:bear|bears|borne)\b|at\s+(?:its|their|the\s+\w+['’]s)\s+(?:own\s+)?(?:risk|cost)"
    r"|\bfixed\b[^.;]{0,60}?\b(?:notwithstanding|regardless\s+of|irrespective\s+of)"
    r"|不得.{0,30}(?:调整|调价|增加|变更)|不(?:予|作|再)?(?:调整|调价)|保持不变|固定不变|(?:由|均由).{0,8}(?:自行)?承担|风险.{0,8}承担"
    r"|不因[^。；]{0,40}?而(?:予以)?(?:调整|调价|变更|增加)"
)
_ADJUSTMENT_MECHANISM = (
    r"(?<!not\s)(?<!no\s)shall\s+be\s+(?:adjusted|increased|revised)|(?<!no\s)(?:price|contract\s+price)\s+adjustment\s+(?:formula|mechanism)"
    r"|(?:应|予以|相应)(?:予以)?调整(?!.{0,4}不)|调价(?:公式|机制)"
)


@rule(reports={"cost_escalation_change_in_law"})
def cost_escalation(ctx: ClauseContext) -> list[Finding]:
    """A fixed price that leaves our party with change-in-law, tax, currency or input-cost risk."""
    for s in ctx.sentences:
        text = s.text
        driver = re.search(_COST_DRIVER, text, re.I)
        freeze = re.search(_NO_ADJUST, text, re.I)
        if not driver or not freeze:
            continue
        if re.search(_ADJUSTMENT_MECHANISM, text, re.I) or re.search(
            r"except\s+(?:as\s+(?:stated|provided|set\s+out)|under|in\s+accordance)|save\s+as\s+(?:stated|provided)|other\s+than\s+under|除.{0,20}(?:另有约定|规定)外",
            text,
            re.I,
        ):
            continue
        # Who carries the cost: the party that bears it or may not ask for an adjustment;
        # a bare "the price is fixed" puts it on the party that is paid the price.
        bearer = None
        by = re.search(
            r"(?:borne\s+by|由|均由)\s*(?:the\s+)?", text[max(0, freeze.start() - 2) : freeze.end() + 4], re.I
        )
        if by:
            tail = text[max(0, freeze.start() - 2) + by.end() : freeze.end() + 40]
            ms = [x for x in ctx.parties.mentions(tail) if x.side != "other" or not ctx.parties.known]
            bearer = ms[0].side if ms else None
        if bearer is None and re.search(
            r"bear|不得|not\s+be\s+entitled|shall\s+not\s+(?:request|claim|seek)|at\s+(?:its|their)",
            freeze.group(0) + text[freeze.end() : freeze.end() + 20],
            re.I,
        ):
            bearer = ctx.actor(s, freeze.start())
        if bearer is None:
            if not ctx.parties.supplies and ctx.parties.known:
                continue
        elif not ctx.parties.ours(bearer):
            continue
        return [
            Finding(
                "cost_escalation_change_in_law",
                "medium",
                span(s, driver.start()),
                ctx.t(
                    f"The price is fixed and {ctx.us} bears changes in law, taxes, exchange rates or input costs without any adjustment.",
                    f"价格固定，{ctx.us}须承担法律、税费、汇率或原材料等成本变化的风险且不予调整。",
                ),
                ctx.t(
                    "These costs are outside our control and cannot be priced reliably when the contract is signed.",
                    "这些成本不受我方控制，签约时无法可靠定价。",
                ),
                ctx.t(
                    "Playbook: price adjustment for changes in law and taxes after the base date; an escalation or exchange-rate formula for long contracts.",
                    "行业立场：基准日后的法律、税费变化调整价格；长期合同设调价或汇率调整机制。",
                ),
            )
        ]
    return []
