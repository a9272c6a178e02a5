"""The ground_conditions rule (construction): The Contractor bears unforeseeable ground conditions or the accuracy of Employer's site data."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import NO_RELIEF, contractor_view
from clauseflow_legal.rules.registry import rule


@rule(reports={"ground_conditions_risk"})
def ground_conditions(ctx: ClauseContext) -> list[Finding]:
    """The Contractor bears unforeseeable ground conditions or the accuracy of Employer's site data."""
    if not contractor_view(ctx):
        return []
    for s, m in ctx.find(
        r"whether\s+or\s+not\s+(?:\w+\s+)?foresee\w*|(?:accepts?|bears?|assumes?)\s+(?:all|the)\s+risks?|(?:full|sole)\s+responsibility\s+for\s+(?:all\s+)?(?:physical|ground|sub-?surface|site)|"
        r"(?:responsib\w+|rel(?:y|ies|iance))\s+.{0,40}(?:accuracy|sufficiency)\s+of\s+.{0,40}(?:Site\s+data|data|information)|"
        r"(?:does\s+not|shall\s+not|makes\s+no|gives\s+no)\s+(?:\w+\s+)?(?:warrant|represent|guarantee)\w*\s+(?:as\s+to\s+)?(?:the\s+)?(?:accuracy|completeness|sufficiency)|no\s+claim\s+(?:\w+\s+){0,3}for\s+(?:any\s+)?(?:unforeseeable|unforeseen)"
        r"|无论是否(?:可以)?预见|不可预见.{0,20}(?:由承包人|由承包商|自行)|承担.{0,20}(?:地质|地下|现场|水文).{0,10}(?:风险|责任)|仅供参考|对其(?:准确性|完整性)不承担"
        # the risk named first and put on us after: "遇到任何不利物质条件的风险均由承包人承担"
        r"|(?:地质|地下|水文|不利物质条件|物质条件|障碍物)[^。；]{0,30}(?:风险|后果|费用)[^。；]{0,10}(?:均|全部|一律)?由(?:承包人|承包商|乙方)(?:自行)?承担"
        # "任何地下障碍物或不利物质条件均由乙方自行承担费用"
        + rf"|(?:地质|地下|水文|不利物质条件|物质条件|障碍物)[^。；]{{0,30}}(?:均|全部|一律)由(?:{ctx.us_rx})(?:自行)?承担"
        # the Employer's own survey put on us: "发包人提供的地质勘察报告…如有错误，由设计人…承担"
        + rf"|(?P<data>(?:{ctx.them_rx})提供的[^。；]{{0,20}}(?:地质|勘察|水文|现场|基础)[^。；]{{0,10}}(?:资料|报告|数据)[^。；]{{0,20}}(?:错误|不准确|偏差|缺陷|遗漏)[^。；]{{0,20}}由(?:{ctx.us_rx})[^。；]{{0,10}}(?:承担|负责))"
    ):
        text = s.text
        if not re.search(
            r"physical|ground|sub-?surface|site|soil|geotech|hydro|地质|地下|现场|水文", text, re.I
        ):
            continue
        side = ctx.actor(s, m.start())
        # "…均由乙方自行承担" names who bears the risk after the risk
        if not (
            ctx.parties.ours(side) or re.search(r"Contractor|承包", text) or re.search(ctx.us_rx, m.group(0))
        ):
            continue
        if re.search(r"shall\s+be\s+entitled", text, re.I) and not re.search(NO_RELIEF, text, re.I):
            continue
        return [
            Finding(
                "ground_conditions_risk",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.us} answers for errors in the site and ground data {ctx.them} itself provides.",
                    f"{ctx.us}须对{ctx.them}自己提供的地质勘察或现场资料中的错误承担后果。",
                )
                if m.group("data")
                else ctx.t(
                    f"{ctx.us} bears all physical/ground conditions at the Site, foreseeable or not, without time or cost relief.",
                    f"{ctx.us}须承担现场全部物质/地质条件风险（无论是否可预见），且无工期或费用补偿。",
                ),
                ctx.t(
                    "Unforeseeable ground risk cannot be priced at tender; it is the single largest source of overruns.",
                    "不可预见的地质风险无法在投标时定价，是超支的最大来源。",
                ),
                ctx.t(
                    "Playbook: time and cost for conditions not foreseeable by an experienced contractor; the Employer answers for its site data.",
                    "行业立场：有经验的承包商无法预见的条件给予工期和费用；业主对其现场数据负责。",
                ),
            )
        ]
    return []
