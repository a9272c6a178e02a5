"""The variations rule (construction): Variations without adjustment below a threshold, at Employer-set rates, or omitted work re-let."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.construction.common import contractor_view
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import find_percents


@rule(reports={"variation_valuation_unfair"})
def variations(ctx: ClauseContext) -> list[Finding]:
    """Variations without adjustment below a threshold, at Employer-set rates, or omitted work re-let."""
    if not contractor_view(ctx):
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
