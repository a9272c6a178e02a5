"""Group J: construction (FIDIC-style) risks for the Contractor."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import find_percents


def _contractor_view(ctx: ClauseContext) -> bool:
    """Whether we build (and so bear the construction risks): a main contractor facing its
    subcontractor stands where an employer does."""
    if ctx.parties.is_role("contractor") and "subcontractor" in ctx.parties.their_roles:
        return ctx.parties.is_role("subcontractor")
    return ctx.parties.is_role("contractor", "subcontractor") or not ctx.parties.known


_NO_RELIEF = (
    r"shall\s+not\s+be\s+entitled\s+to\s+(?:any\s+)?(?:extension|additional|adjustment|payment)|no\s+(?:extension\s+of\s+time|additional\s+(?:payment|cost)|adjustment)|"
    r"不(?:得|予)?.{0,6}(?:顺延|延长工期|补偿|调整)|自行承担|无权.{0,10}(?:延长|顺延|增加|补偿|索赔)|由承包(?:人|商)(?:负责|承担)"
)


@rule(reports={"ground_conditions_risk"})
def ground_conditions(ctx: ClauseContext) -> list[Finding]:
    """The Contractor bears unforeseeable ground conditions or the accuracy of Employer's site data."""
    if not _contractor_view(ctx):
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
        if re.search(r"shall\s+be\s+entitled", text, re.I) and not re.search(_NO_RELIEF, text, re.I):
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


@rule(reports={"employer_requirements_errors"})
def employer_requirements(ctx: ClauseContext) -> list[Finding]:
    """Errors in the Employer's Requirements, or Employer obligations, shifted to the Contractor."""
    if not _contractor_view(ctx):
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
            + _NO_RELIEF,
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


@rule(reports={"extension_of_time_restricted"})
def extension_of_time(ctx: ClauseContext) -> list[Finding]:
    """Extension-of-time entitlements deleted or narrowed."""
    if not _contractor_view(ctx):
        return []
    eot = re.search(
        r"extension\s+of\s+(?:the\s+)?time|Time\s+for\s+Completion|工期[^。；]{0,4}(?:延长|顺延)|(?:顺延|延长)工期|竣工(?:时间|日期)",
        ctx.title + " " + ctx.text,
        re.I,
    )
    if not eot:
        return []
    for s, m in ctx.find(
        r"\bdelete\w*\s+(?:sub-?)?paragraphs?\s*\(|\bparagraphs?\s*\([a-z]\).{0,120}?(?:deleted|shall\s+not\s+apply)|"
        r"concurrent\w*.{0,80}(?:not|no)\s+(?:be\s+)?(?:entitled|extension)|no\s+extension.{0,60}concurrent|float.{0,40}(?:belong|Employer)|"
        r"(?:not|no)\s+(?:be\s+)?entitled\s+to\s+(?:an?\s+|any\s+)?extension\s+of\s+(?:the\s+)?time.{0,80}(?:caused\s+by|attributable\s+to)\s+(?:the\s+)?(?:Employer|Engineer|Variation)|"
        r"不予顺延|不顺延|不予延长|(?:发包人|业主|甲方)原因.{0,20}无权.{0,6}(?:要求)?(?:顺延|延长)"
        rf"|(?:{ctx.us_rx}|承包人|承包商)[^。；]{{0,8}}(?:均|都|一律)?(?:无权|不得|不能)(?:要求|主张|申请)?(?:顺延|延长)"
        r"|(?:no|not\s+(?:be\s+)?entitled\s+to\s+(?:an?\s+|any\s+)?)extension\s+of\s+(?:the\s+)?time\s+(?:shall\s+be\s+granted\s+)?(?:for\s+any\s+(?:reason|cause)|whatever\s+the\s+cause|in\s+any\s+circumstances)"
        # a closed list that leaves out the Employer's own delay, or that delay excluded expressly
        r"|entitled\s+to\s+(?:an?\s+)?extension\s+of\s+(?:the\s+)?(?:Time\s+for\s+Completion|time)\s+only\s+(?:for|in\s+(?:the\s+)?(?:case|event)\s+of|in\s+respect\s+of|with\s+respect\s+to|by\s+reason\s+of|if|where)"
        r"|delays?\s+(?:caused\s+by|attributable\s+to)\s+(?:the\s+)?(?:Employer|Engineer|Owner)[^.;]{0,80}shall\s+not\s+entitle\s+(?:the\s+)?\w+\s+to\s+(?:an?\s+|any\s+)?extension"
        r"|仅(?:在|因|限于)[^。；]{0,24}(?:方可|才能|才可)(?:要求)?(?:顺延|延长)(?:工期)?"
    ):
        return [
            Finding(
                "extension_of_time_restricted",
                "high",
                span(s, m),
                ctx.t(
                    f"Grounds for extension of time are removed or narrowed ({m.group(0).strip()}).",
                    f"工期延长的事由被删除或缩减（{m.group(0).strip()}）。",
                ),
                ctx.t(
                    f"Without them {ctx.us} pays delay damages for delay caused by the Employer or events at its risk, and loses time at large protection.",
                    f"缺少这些事由，{ctx.us}须就业主原因或业主风险事件造成的延误承担误期赔偿。",
                ),
                ctx.t(
                    "Playbook: keep EoT for variations, Employer delay and Employer-risk events; apportion concurrent delay.",
                    "行业立场：保留变更、业主延误和业主风险事件的工期延长；共同延误按比例分担。",
                ),
            )
        ]
    return []


@rule(reports={"variation_valuation_unfair"})
def variations(ctx: ClauseContext) -> list[Finding]:
    """Variations without adjustment below a threshold, at Employer-set rates, or omitted work re-let."""
    if not _contractor_view(ctx):
        return []
    if not re.search(
        r"variation|change\s+order|changes?\s+(?:to|in)\s+the\s+Work|omi(?:t|ssion)|delet(?:e|ed|ion)|变更|删减|修改",
        ctx.title + " " + ctx.text,
        re.I,
    ):
        return []
    for s, m in ctx.find(
        r"no\s+(?:adjustment|increase)\s+(?:to|in)\s+the\s+(?:Contract\s+Price|price)|(?:without|no)\s+(?:any\s+)?adjustment|"
        r"(?:rates?|valuation|value)\s+(?:\w+\s+){0,3}(?:determined|fixed|set)\s+by\s+the\s+(?:Employer|Engineer)(?:\s+(?:in|at)\s+its\s+(?:sole|absolute)\s+discretion)?|"
        r"(?:omi(?:t|ssion)|delet(?:e|ed|ion))\w*.{0,80}(?:by\s+others|another\s+contractor|third\s+part|(?:Employer|Owner)?\s*itself)|shall\s+not\s+(?:be\s+entitled\s+to\s+)?object|"
        # a free band: "entitled to an adjustment … only if the change increases the cost by more than USD 500,000"
        r"(?:adjustment|increase)\s+(?:of|to|in)\s+the\s+(?:Contract\s+Price|price)\b[^.;]{0,60}?\bonly\s+(?:if|where|when|to\s+the\s+extent)[^.;]{0,80}?\b(?:more\s+than|exceed\w*|in\s+excess\s+of)|"
        r"不(?:予|作)?调整(?:合同)?价(?:格|款)|不增加合同价款|(?:不得|无权)(?:因此|就此)?(?:要求|主张)?(?:调整|增加)(?:合同)?(?:价(?:格|款)|设计费|服务费|报酬)"
        r"|(?:合同)?价(?:格|款)不(?:予|作)?调整"
        # paid for a variation only out of what the counterparty recovers upstream: "No variation shall
        # entitle the Subcontractor to additional payment unless … the Contractor recovers payment for it from the Employer"
        r"|\b(?:no|any)\s+variation[^.;]{0,80}?\b(?:unless|only\s+(?:if|to\s+the\s+extent))[^.;]{0,60}?\b(?:recovers?|receives?|is\s+paid)\b[^.;]{0,30}?\bfrom\s+the\s+(?:Employer|Owner|Client)"
        r"|变更[^。；]{0,30}(?:以|仅在|须待)[^。；]{0,10}(?:发包人|业主|建设单位)[^。；]{0,10}(?:支付|认可|批准|确认)[^。；]{0,6}(?:为限|为前提|后)"
        # omitted work given to others: "将任何部分工程删减并交由第三方施工"
        r"|删减[^。；]{0,20}(?:交由|委托|另行发包给?)(?:任何)?(?:第三方|他人|其他)"
    ):
        text = s.text
        if re.search(r"shall\s+not\s+(?:omit|delete)|不得删减", text, re.I) and re.search(
            r"omi|delet", m.group(0), re.I
        ):
            continue
        pct = find_percents(text)
        discretion = re.search(r"sole|absolute|discretion|酌情|单方", text, re.I)
        if "删减" in m.group(0):
            pass  # omitted work re-let is unfair whatever the clause calls it
        elif "adjust" in m.group(0).lower() or "调整" in m.group(0) or "增加" in m.group(0):
            if not re.search(r"Variation|\bchanges?\b|变更|修改", text, re.I):
                continue
        elif re.search(r"determined|fixed|set", m.group(0), re.I) and not discretion:
            continue
        return [
            Finding(
                "variation_valuation_unfair",
                "high",
                span(s, m),
                ctx.t(
                    f"Work may be omitted from {ctx.us}'s scope and given to others, so {ctx.us} loses its margin on it.",
                    f"工程可从{ctx.us}的范围中删减并交由他人施工，{ctx.us}丧失该部分利润。",
                )
                if re.search(r"omi|delet|删减", m.group(0), re.I)
                else ctx.t(
                    "Variations may be instructed without fair adjustment"
                    + (f" (threshold {pct[0].value:g}%)" if pct else "")
                    + f", shifting the cost of changed scope to {ctx.us}.",
                    "变更可在不公平调整的情况下指示"
                    + (f"（门槛{pct[0].value:g}%）" if pct else "")
                    + f"，变更范围的成本转移给{ctx.us}。",
                ),
                ctx.t(
                    "The Employer can change scope for free up to the threshold, which eats into our margin and programme.",
                    "业主可在门槛内无偿变更范围，侵蚀我方利润和工期。",
                ),
                ctx.t(
                    "Playbook: every Variation valued at contract or fair rates, with time; omitted work not given to others.",
                    "行业立场：每项变更按合同或公允单价估价并调整工期；删减的工作不得交由他人。",
                ),
            )
        ]
    return []
