"""The disclosure rule (ma): General data-room disclosure, buyer knowledge defences and unqualified awareness."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.ma.common import we_buy
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "disclosure",
    {
        "knowledge_no_bar": '"shall not be affected by any knowledge of the Buyer": the market position',
    },
)

_KNOWLEDGE_NO_BAR = PATTERNS.compiled("knowledge_no_bar")


@rule(reports={"ma_disclosure_overbroad"})
def disclosure(ctx: ClauseContext) -> list[Finding]:
    """General data-room disclosure, buyer knowledge defences and unqualified awareness."""
    if not we_buy(ctx):
        return []
    for s, m in ctx.find(PATTERNS["general_disclosure"]):
        if VETOES.applies("knowledge_no_bar", _KNOWLEDGE_NO_BAR.search(s.text)):
            continue
        general = re.search(PATTERNS["data_room_or_public"], s.text, re.I)
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
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    for s, m in ctx.find(
        r"(?:Buyer|Purchaser)\s+(?:\w+\s+){0,3}(?:was|is|had\s+been|has\s+been)\s+aware|could\s+reasonably\s+have\s+(?:become\s+aware|discovered)|knowledge\s+of\s+the\s+(?:Buyer|Purchaser)\s.{0,60}(?:reduce|prejudice|preclude)"
        rf"|(?:买方|{ctx.us_rx})[^。；]{{0,20}}(?:已知|知悉|应当知道)"
    ):
        if VETOES.applies("knowledge_no_bar", _KNOWLEDGE_NO_BAR.search(s.text)):
            continue
        return [WORDING.finding(ctx, "anti_sandbagging", "ma_disclosure_overbroad", "medium", span(s, m))]
    for s, m in ctx.find(PATTERNS["no_enquiry"]):
        return [
            WORDING.finding(ctx, "awareness_without_enquiry", "ma_disclosure_overbroad", "medium", span(s, m))
        ]
    return []
