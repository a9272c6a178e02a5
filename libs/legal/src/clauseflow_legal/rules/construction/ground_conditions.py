"""The ground_conditions rule (construction): The Contractor bears unforeseeable ground conditions or the accuracy of Employer's site data."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.amendments import deleted_relief
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import NO_RELIEF, contractor_view
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
VETOES = Vetoes(
    "ground_conditions",
    {
        "not_about_the_site": "the sentence names no site, ground or water condition",
        "relief_granted": "the Contractor is entitled to time or cost and nothing takes it away",
        "unforeseeable_excepted": "the site is deemed foreseen save for unforeseeable conditions relieved elsewhere",
    },
)
WORDING = wording_beside(__file__)


@rule(reports={"ground_conditions_risk"})
def ground_conditions(ctx: ClauseContext) -> list[Finding]:
    """The Contractor bears unforeseeable ground conditions or the accuracy of Employer's site data."""
    if not contractor_view(ctx):
        return []
    for s, m in ctx.find(
        PATTERNS["risk_put_on_us"]
        # "任何地下障碍物或不利物质条件均由乙方自行承担费用"
        + rf"|(?:地质|地下|水文|不利物质条件|物质条件|障碍物)[^。；]{{0,30}}(?:均|全部|一律)由(?:{ctx.us_rx})(?:自行)?承担"
        # the Employer's own survey put on us: "发包人提供的地质勘察报告…如有错误，由设计人…承担"
        + rf"|(?P<data>(?:{ctx.them_rx})提供的[^。；]{{0,20}}(?:地质|勘察|水文|现场|基础)[^。；]{{0,10}}(?:资料|报告|数据)[^。；]{{0,20}}(?:错误|不准确|偏差|缺陷|遗漏)[^。；]{{0,20}}由(?:{ctx.us_rx})[^。；]{{0,10}}(?:承担|负责))"
    ):
        text = s.text
        if VETOES.applies("not_about_the_site", not re.search(PATTERNS["site_conditions"], text, re.I)):
            continue
        side = ctx.actor(s, m.start())
        # "…均由乙方自行承担" names who bears the risk after the risk
        # "No extension of time or additional payment shall be granted for any physical condition,
        # whether or not foreseeable": time and money denied are the builder's, whoever is named
        if not (
            ctx.parties.ours(side)
            or re.search(PATTERNS["contractor_named"], text)
            or re.search(ctx.us_rx, m.group(0))
            or re.search(NO_RELIEF, text, re.I)
        ):
            continue
        if VETOES.applies(
            "relief_granted",
            re.search(PATTERNS["entitled"], text, re.I) and not re.search(NO_RELIEF, text, re.I),
        ):
            continue
        if VETOES.applies(
            "unforeseeable_excepted", re.search(PATTERNS["unforeseeable_excepted"], text, re.I)
        ):
            continue
        return [
            Finding(
                "ground_conditions_risk",
                "high",
                span(s, m),
                WORDING.t(ctx, "data_errors_what")
                if m.group("data")
                else WORDING.t(ctx, "all_conditions_what"),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    # Particular Conditions deleting our relief for unforeseeable conditions ("Sub-Clause 4.12 is deleted")
    deleted = deleted_relief(ctx, "ground_conditions")
    if deleted is not None:
        return [WORDING.finding(ctx, "relief_deleted", "ground_conditions_risk", "high", deleted)]
    return []
