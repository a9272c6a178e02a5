"""The conditions_precedent rule (ma): Warranties not repeated at Completion; buyer-protective conditions waivable by the seller."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.ma.common import SELLER, we_buy
from clauseflow_legal.rules.registry import rule


@rule(reports={"ma_conditions_precedent_gap"})
def conditions_precedent(ctx: ClauseContext) -> list[Finding]:
    """Warranties not repeated at Completion; buyer-protective conditions waivable by the seller."""
    if not we_buy(ctx):
        return []
    out: list[Finding] = []
    for s, _m in ctx.find(
        r"(?:shall\s+not|will\s+not|not)\s+(?:be\s+)?(?:deemed\s+(?:to\s+be\s+)?)?repeated|(?:given|made)\s+(?:only\s+)?(?:on|as\s+at)\s+the\s+date\s+of\s+this\s+Agreement\s+only|仅(?:在|于)[^。；]{0,10}签署日作出|不(?:在|于)交割(?:日|时)?(?:重复|再次)"
    ):
        if re.search(r"Warrant|保证", s.text, re.I):
            out.append(
                Finding(
                    "ma_conditions_precedent_gap",
                    "high",
                    span(s, 0),
                    ctx.t("The Warranties are not repeated at Completion.", "保证在交割时不重复作出。"),
                    ctx.t(
                        f"Anything that goes wrong between signing and Completion is at {ctx.us}'s risk, with no walk-away right.",
                        f"签署至交割期间发生的任何问题均由{ctx.us}承担，且无退出权。",
                    ),
                    ctx.t(
                        "Market: warranties repeated at Completion with a termination right for material breach.",
                        "市场惯例：保证在交割时重复作出，重大违约时买方可解除。",
                    ),
                )
            )
            break
    if not ctx.has(
        r"repeat|交割(?:日|时)[^。；]{0,10}(?:真实|准确)|(?:at|on|as\s+at)\s+(?:the\s+)?(?:date\s+of\s+)?(?:Completion|Closing)"
    ):
        for s, m in ctx.find(
            r"warrants?\b[^.;]{0,80}?(?:true|accurate|correct)[^.;]{0,40}?(?:at|as\s+at|on)\s+the\s+date\s+of\s+this\s+Agreement"
            r"|(?:保证|陈述)[^。；]{0,40}于本(?:协议|合同)签署(?:之)?日(?:均)?(?:真实|准确)"
        ):
            out.append(
                finding(
                    ctx,
                    "ma_conditions_precedent_gap",
                    "medium",
                    span(s, m),
                    (
                        "The Warranties are given at signing only, not repeated at Completion.",
                        "保证仅于签署日作出，交割时不重复作出。",
                    ),
                    (
                        f"If Completion follows signing (conditions, clearances), a breach arising in between is at {ctx.us}'s risk and gives no right to walk away.",
                        f"如签署与交割之间存在间隔（先决条件、审批），期间发生的违反保证由{ctx.us}承担，且无权退出。",
                    ),
                    (
                        "Market: warranties repeated at Completion by reference to the facts then existing, with a termination right for material breach.",
                        "市场惯例：保证在交割时按当时事实重复作出，重大违反时买方有权解除。",
                    ),
                )
            )
            break
    for s, m in ctx.find(
        r"(?:Buyer|Purchaser)\s+shall\s+not\s+be\s+entitled\s+to\s+(?:terminate|rescind)|(?:Buyer|Purchaser)\s+(?:shall\s+have|has)\s+no\s+right\s+to\s+(?:terminate|rescind)|买方无权(?:解除|终止)"
    ):
        out.append(
            Finding(
                "ma_conditions_precedent_gap",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.us} cannot terminate before Completion, even for a breach of the Warranties.",
                    f"{ctx.us}在交割前无权解除协议，即使卖方违反保证亦然。",
                ),
                ctx.t(
                    f"{ctx.us} must complete and pay even if the business deteriorates or the warranties prove untrue before Completion.",
                    f"即使交割前标的业务恶化或保证不实，{ctx.us}仍须完成交割并付款。",
                ),
                ctx.t(
                    "Market: a termination right for material breach of warranty or a material adverse change before Completion.",
                    "市场惯例：交割前发生重大违反保证或重大不利变化时，买方有权解除。",
                ),
            )
        )
        break
    for s, m in ctx.find(
        r"may\s+be\s+waived.{0,120}?by\s+the\s+(?:Seller|Vendor|Warrantor)s?"
        rf"|(?:{SELLER}|{ctx.them_rx})\s+may\s+(?:at\s+any\s+time\s+)?(?:(?:in\s+its\s+(?:sole\s+)?discretion|by\s+notice[^.;]{{0,30}}?)\s+)?waive\s+(?:any|all|each|some|this|that|such|the)\s+(?:or\s+all\s+)?(?:of\s+)?(?:the\s+)?Conditions?"
        rf"|(?:卖方|转让方|{ctx.them_rx})(?:可以|有权|可)?[^。；，]{{0,12}}豁免"
    ):
        out.append(
            Finding(
                "ma_conditions_precedent_gap",
                "medium",
                span(s, m),
                ctx.t(
                    "A condition protecting the Buyer can be waived by the Seller alone.",
                    "保护买方的条件可由卖方单方豁免。",
                ),
                ctx.t(
                    f"The Seller could force Completion although a condition that protects {ctx.us} has failed.",
                    f"即使保护{ctx.us}的条件未满足，卖方也可强制交割。",
                ),
                ctx.t(
                    "Market: conditions for the Buyer's benefit are waivable only by the Buyer.",
                    "市场惯例：为买方利益设置的条件仅可由买方豁免。",
                ),
            )
        )
        break
    return out
