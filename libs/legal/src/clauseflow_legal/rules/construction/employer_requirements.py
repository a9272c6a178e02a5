"""The employer_requirements rule (construction): Errors in the Employer's Requirements, or Employer obligations, shifted to the Contractor."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import NO_RELIEF, contractor_view
from clauseflow_legal.rules.registry import rule


@rule(reports={"employer_requirements_errors"})
def employer_requirements(ctx: ClauseContext) -> list[Finding]:
    """Errors in the Employer's Requirements, or Employer obligations, shifted to the Contractor."""
    if not contractor_view(ctx):
        return []
    for s, _m in ctx.find(
        r"(?:error|fault|defect|omission|inaccura|discrepanc)\w*.{0,120}(?:Employer['’]s\s+Requirements|design\s+(?:criteria|data)|information\s+(?:provided|supplied)\s+by\s+the\s+Employer|业主要求|发包人要求"
        # in a subcontract the main contractor's own design stands where the Employer's does
        + (
            rf"|(?:{ctx.them_rx})['’]s\s+(?:drawings|design|specifications?)"
            if "subcontractor" in ctx.parties.our_roles
            else ""
        )
        + r"|(?:drawings|design|specifications?|data)\s+(?:provided|supplied|issued|furnished)\s+by\s+(?:the\s+)?(?:Employer|Engineer|Owner)"
        + r")|(?:业主要求|发包人要求).{0,40}(?:错误|缺陷|遗漏)"
        # "承包人应对发包人提供的施工图纸进行复核，因图纸错误…由承包人承担": the employer's drawings
        + rf"|(?:{ctx.them_rx}|发包人|业主)(?:所)?提供的[^。；]{{0,8}}(?:图纸|设计文件|设计|技术资料)[^。；]{{0,40}}?(?:错误|遗漏|缺陷|差错)"
    ):
        text = s.text
        shifted = re.search(
            rf"由(?:{ctx.us_rx})(?:自行)?(?:负责|承担)|(?:{ctx.us_rx})应对[^。；]{{0,40}}负责|自费(?:修正|更正|修改|纠正)|"
            r"whether\s+or\s+not\s+(?:an\s+)?experienced|deemed\s+to\s+have\s+(?:scrutini[sz]ed|verified|checked)|at\s+(?:its|the\s+Contractor's)\s+(?:own\s+)?cost"
            r"|whether\s+or\s+not\s+(?:they|it|such\s+\w+)\s+could\s+(?:reasonably\s+)?have\s+been\s+(?:discovered|detected|found|foreseen)|"
            + NO_RELIEF,
            text,
            re.I,
        )
        if not shifted:
            continue
        # the Employer's own drawings or data, not its Requirements
        drawings = not re.search(r"Requirements|业主要求|发包人要求", text) and re.search(
            r"drawings|design|specification|data|图纸|设计|资料", text, re.I
        )
        return [
            Finding(
                "employer_requirements_errors",
                "high",
                span(s, shifted.start()),
                ctx.t(
                    f"{ctx.us} bears the errors in the drawings or data the Employer provides, without time or cost.",
                    f"{ctx.us}须承担发包人提供的图纸或资料中的错误，且无工期或费用补偿。",
                )
                if drawings
                else ctx.t(
                    f"{ctx.us} must correct errors in the Employer's Requirements even if not discoverable, without time or cost.",
                    f"{ctx.us}须更正业主要求中的错误（即使无法发现），且无工期或费用补偿。",
                ),
                ctx.t(
                    "The Employer's design and data errors become our cost and delay risk.",
                    "业主的设计和数据错误变成我方的费用和延误风险。",
                ),
                ctx.t(
                    "Playbook: the Contractor answers only for errors an experienced contractor would have found at tender.",
                    "行业立场：承包商仅对有经验的承包商投标时可发现的错误负责。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"(?:at\s+its\s+own\s+(?:cost\s+and\s+)?risk|at\s+its\s+own\s+cost|at\s+the\s+Contractor's\s+(?:own\s+)?(?:cost|risk)).{0,80}(?:obtain|procure|secure)\b.{0,80}(?:permits?|approvals?|consents?|licen[cs]es|grid\s+connection|connection\s+agreement|access|right\s+of\s+way|land)|"
        r"(?:obtain|procure|secure)\b.{0,80}(?:permits?|approvals?|grid\s+connection|connection\s+agreement|right\s+of\s+way).{0,80}at\s+its\s+own\s+(?:cost|risk)|"
        r"(?:obtain|procure|secure)\s+at\s+its\s+own\s+(?:cost\s+and\s+)?(?:cost|risk)\b.{0,80}(?:permits?|approvals?|consents?|grid\s+connection|access|land|right\s+of\s+way)"
        # "shall obtain, at its cost, all permits required for the Work, including the interconnection agreement"
        r"|(?:obtain|procure|secure)\s*,?\s+at\s+its\s+(?:own\s+)?(?:cost|risk|expense)\s*,?\s+all\s+(?:\w+\s+){0,2}(?:permits?|approvals?|consents?)\b[^.;]{0,80}(?:interconnection|grid|connection\s+agreement|right\s+of\s+way|land|zoning|environmental)"
        r"|承包(?:人|商)(?:应)?自行(?:负责)?(?:办理|取得).{0,20}(?:许可|审批|批准|并网|用地)"
        # "承包人负责办理本工程的全部审批手续，包括接入系统批复和并网手续"
        r"|承包(?:人|商)(?:应)?负责(?:办理|取得)[^。；]{0,12}(?:全部|所有)[^。；]{0,6}(?:审批|许可|批准)[^。；]{0,30}(?:并网|接入|用地|规划)"
    ):
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or re.search(r"Contractor|承包", s.text[: m.start() + 10]):
            return [
                Finding(
                    "employer_requirements_errors",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Employer-side obligations (permits, approvals, grid connection) are shifted to {ctx.us} at its own cost and risk.",
                        f"业主方义务（许可、审批、并网）被转移给{ctx.us}，由其自担费用和风险。",
                    ),
                    ctx.t(
                        "Authorities and grid operators are outside our control; delay in their decisions becomes our delay.",
                        "政府机关和电网运营方不受我方控制，其审批延误将变成我方延误。",
                    ),
                    ctx.t(
                        "Playbook: the Employer obtains the permits and connections it is responsible for; relief for authority delays.",
                        "行业立场：业主负责取得其应负责的许可和接入；政府延误给予救济。",
                    ),
                    priority=1,
                )
            ]
    return []
