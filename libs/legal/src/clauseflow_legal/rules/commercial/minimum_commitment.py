"""The minimum_commitment rule (commercial): Minimum purchase, take-or-pay or shortfall payments binding us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, names_only, span
from clauseflow_legal.rules.registry import rule


@rule(reports={"minimum_commitment"})
def minimum_commitment(ctx: ClauseContext) -> list[Finding]:
    """Minimum purchase, take-or-pay or shortfall payments binding us."""
    for s, m in ctx.find(
        r"minimum\s+(?:annual\s+|monthly\s+|quarterly\s+)?(?:purchase|order|volume|quantit\w*|commitment|spend|royalt\w*|licen[cs]e\s+fees?)|take[- ]or[- ]pay|最低(?:许可费|提成费|使用费|特许权使用费)|shortfall\s+(?:payment|amount|fee|charge)|pay\s+(?:for\s+)?(?:any|the)\s+shortfall|(?:purchase|order|buy|take|acquire|tender|book|spend)\s+(?:[^.;]{0,60}?\bof\s+)?(?:not\s+less\s+than|at\s+least|a\s+minimum\s+of)\s+(?:(?:EUR|USD|GBP|RMB|CNY|US\$|\$|£|€)\s?)?(?:[a-z-]+\s+){0,4}?\(?[\d,]+\)?|最低(?:采购|订购|购买)(?:量|额|金额)|保底"
        # "甲方保证每月交运的货物不少于200吨，不足部分按…支付": a volume promised, the shortfall paid for
        r"|(?:保证|承诺)[^。；]{0,12}(?:采购|订购|购买|交运|托运|发货|使用|委托)[^。；]{0,16}不(?:少|低)于(?:\s*[\d,.]+\s*(?:吨|件|台|套|箱|个|公斤|千克|万元|元)?)?"
        # a royalty floor whatever the sales: "the royalty for each month shall be not less than EUR 5,000"
        r"|(?:royalt(?:y|ies)|licen[cs]e\s+fees?)\b[^.;]{0,60}?\b(?:shall\s+)?(?:be\s+)?not\s+(?:be\s+)?less\s+than\s+(?:EUR|USD|GBP|RMB|CNY|US\$|\$|£|€)\s?[\d,.]*\d"
        r"|(?:许可费|使用费|提成费|特许经营费|权利金)[^。；]{0,20}不(?:得)?低于(?:人民币)?\s?\d[\d,.]*\s*(?:万|千)?元?"
    ):
        if re.search(
            r"(?:no|not\s+(?:be\s+)?(?:under\s+)?any)\s+(?:obligation|commitment|duty)\s+to\s+(?:\w+\s+){0,3}$|not\s+(?:be\s+)?(?:obliged|required|bound)\s+to\s+(?:\w+\s+){0,3}$|无(?:义务|须)[^。；]{0,10}$|不承担[^。；]{0,10}$",
            s.text[: m.start()],
            re.I,
        ):
            continue  # "shall have no obligation to order any minimum quantity": the commitment is denied
        if names_only(s.text):
            continue  # a heading ("MINIMUM PURCHASES") or a definition binds no one
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or (side is None and ctx.parties.buy_side):
            return [
                Finding(
                    "minimum_commitment",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} is bound by a minimum commitment ({m.group(0)}).",
                        f"{ctx.us}须承担最低承诺（{m.group(0)}）。",
                    ),
                    ctx.t(
                        "We pay for volumes we may not need if demand falls.",
                        "需求下降时我方仍须为不需要的数量付款。",
                    ),
                    ctx.t(
                        "Playbook: non-binding forecasts, or shortfalls carried forward without payment.",
                        "行业立场：预测不具约束力，或短缺量结转且无需付款。",
                    ),
                )
            ]
    return []
