"""The disclosure rule (ma): General data-room disclosure, buyer knowledge defences and unqualified awareness."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import we_buy
from clauseflow_legal.rules.registry import rule

_KNOWLEDGE_NO_BAR = re.compile(
    r"shall\s+not\s+(?:be\s+)?(?:affected|prejudiced|limited|reduced)|(?:no|not\s+any)\s+(?:defence|bar)|不影响",
    re.I,
)


@rule(reports={"ma_disclosure_overbroad"})
def disclosure(ctx: ClauseContext) -> list[Finding]:
    """General data-room disclosure, buyer knowledge defences and unqualified awareness."""
    if not we_buy(ctx):
        return []
    for s, m in ctx.find(
        r"(?:qualified|limited)\s+by\s+(?:all\s+)?(?:matters|information|documents)\s+(?:disclosed|contained|made\s+available|included)\s+in\s+the\s+(?:virtual\s+)?Data\s+Room|(?:all\s+)?information\s+in\s+the\s+public\s+domain"
        r"|(?:qualified|limited)\s+by\b[^.;]{0,160}?\b(?:(?:contained|included|disclosed|made\s+available)\s+in\s+the\s+(?:virtual\s+)?Data\s+Room|available\s+(?:from|on|at)\s+(?:any\s+)?public\s+(?:register|record)s?|Companies\s+House)"
        r"|(?:Buyer|Purchaser)\b[^.;]{0,160}?\b(?:constructive|imputed)\b[^.;]{0,20}?knowledge|(?:actual\s+or\s+constructive|constructive|imputed)\s+knowledge\s+of\s+the\s+(?:Buyer|Purchaser)"
        r"|[\"“]?Disclosed[\"”]?\s+means.{0,300}?(?:Data\s+Room|public\s+(?:register|record)|constructive|imputed|knowledge\s+of\s+the\s+(?:Buyer|Purchaser)|advisers)"
        r"|保证[^。；]{0,20}?(?:以|受)[^。；]{0,120}?(?:公开信息|公开资料|数据室|(?:应当|应)(?:知悉|知道)|视为(?:已)?知悉)[^。；]{0,60}?(?:为限|所限|限制|为准)"
    ):
        if _KNOWLEDGE_NO_BAR.search(s.text):
            continue  # "shall not be affected by any knowledge of the Buyer": the market position
        general = re.search(
            r"Data\s+Room|public|register|Companies\s+House|advisers|公开|数据室", s.text, re.I
        )
        return [
            Finding(
                "ma_disclosure_overbroad",
                "high",
                span(s, m),
                ctx.t(
                    "Disclosure extends to the whole data room and to anything the Buyer or its advisers knew or are deemed to know."
                    if general
                    else "The Buyer loses its claim for anything it is deemed to know (constructive or imputed knowledge), not only for what it actually knew.",
                    "披露范围扩展至整个数据室以及买方或其顾问知道或被视为知道的任何事项。"
                    if general
                    else "买方对其被视为知悉（推定或归属知悉）的任何事项均丧失索赔权，而不限于其实际知悉的事项。",
                ),
                ctx.t(
                    "The warranties are emptied: almost any issue can be said to have been disclosed.",
                    "保证被架空：几乎任何问题都可被称为已披露。",
                ),
                ctx.t(
                    "Market: only matters fairly disclosed with sufficient detail in the Disclosure Letter.",
                    "市场惯例：仅限披露函中以足够细节公允披露的事项。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"(?:Buyer|Purchaser)\s+(?:\w+\s+){0,3}(?:was|is|had\s+been|has\s+been)\s+aware|could\s+reasonably\s+have\s+(?:become\s+aware|discovered)|knowledge\s+of\s+the\s+(?:Buyer|Purchaser)\s.{0,60}(?:reduce|prejudice|preclude)"
        rf"|(?:买方|{ctx.us_rx})[^。；]{{0,20}}(?:已知|知悉|应当知道)"
    ):
        if _KNOWLEDGE_NO_BAR.search(s.text):
            continue
        return [
            Finding(
                "ma_disclosure_overbroad",
                "medium",
                span(s, m),
                ctx.t(
                    "The Seller escapes liability for matters the Buyer knew or could have discovered (anti-sandbagging).",
                    "对于买方已知或可能发现的事项，卖方免责（反“沙袋”条款）。",
                ),
                ctx.t(
                    f"Diligence findings already priced in, or merely discoverable, stop {ctx.us} from claiming.",
                    f"已计入价格或仅为可发现的尽调事项，都会阻止{ctx.us}索赔。",
                ),
                ctx.t(
                    "Market: the Buyer's knowledge does not prejudice claims.",
                    "市场惯例：买方的知悉不影响其索赔。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"without\s+(?:(?:its|their|his|her)\s+)?(?:having\s+made|making)\s+(?:any\s+)?enquir\w*|no\s+(?:duty|obligation)\s+to\s+(?:make\s+)?(?:enquir|investigat)\w*|actual\s+knowledge\s+(?:only|of)|未经(?:任何)?询问"
    ):
        return [
            Finding(
                "ma_disclosure_overbroad",
                "medium",
                span(s, m),
                ctx.t(
                    "Awareness-qualified warranties are given without any enquiry.",
                    "以知悉为限的保证无需经过任何询问。",
                ),
                ctx.t(
                    "The Seller can stay ignorant and avoid liability for what its managers know.",
                    "卖方可保持不知情，从而规避其管理层所知事项的责任。",
                ),
                ctx.t(
                    "Market: knowledge of named persons after due and careful enquiry.",
                    "市场惯例：指定人员经审慎询问后的知悉。",
                ),
            )
        ]
    return []
