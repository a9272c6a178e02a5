"""The unilateral_change rule (commercial): The counterparty may change prices, scope, specifications or the contract terms on its own."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule

_CHANGE_OBJ = (
    r"fees?|prices?|pricing|charges|rates?|royalt(?:y|ies)|commissions?|rent|tariffs?|discounts?|discount\s+structure|terms"
    r"|(?:this|the)\s+(?:Agreement|Contract|DPA|Addendum|Schedule|Order\s+Form)|these\s+(?:Terms|Conditions)"
    r"|specifications?|polic(?:y|ies)|service\s+features|features?|functionalit(?:y|ies)|Services|Documentation|SLA|service\s+levels?|scope"
    r"|delivery\s+(?:schedule|dates?|programme)|requirements|Deliverables|Works|quantit(?:y|ies)|volumes?"
    r"|Manual|(?:brand|operating|operational)\s+standards|procedures|rules"
    r"|margin|interest\s+rates?|rate\s+of\s+interest"
)
# A party's own manual, standards or rules are a change to our terms only once they bind us.
_CHANGE_EN_POLICY = re.compile(r"(?:Manual|standards|procedures|rules)$", re.I)
_BINDS_US_EN = re.compile(
    r"\bbind|\bcomply|\bcompliance|in\s+accordance\s+with|\badhere|\bobserve|\bfollow", re.I
)
# A party's own rules and policies ("保密管理制度") are a change to our terms only once they bind us.
_CHANGE_ZH_POLICY = r"(?:管理)?制度|规章|规则|政策|管理办法"
_BINDS_US_ZH = r"约束|遵守|遵照|执行|适用于"
_CHANGE_ZH_OBJ = (
    r"价格|费用|收费|价款|许可费|使用费|提成|租金|利率|单价|费率|运价|报价|定价|[\u4e00-\u9fff]{1,3}费|本合同|合同条款|条款|服务内容|服务范围|规格|技术要求|技术标准|范围|交货期|交付(?:时间|日期|期限)|数量|工作内容|(?:开发|业务|功能)?需求|功能|"
    + _CHANGE_ZH_POLICY
)
_CHANGE = (
    r"\b(?:may|reserves\s+the\s+right\s+to|is\s+entitled\s+to|shall\s+be\s+entitled\s+to|has\s+the\s+right\s+to|can)\s+"
    r"(?:,?\s*(?:at\s+any\s+time|from\s+time\s+to\s+time|in\s+its\s+(?:sole\s+|absolute\s+)?discretion|unilaterally|by\s+(?:written\s+)?notice|without\s+notice)\s*,?\s*)*"
    r"(?:increase|change|modify|amend|vary|alter|update|revise|adjust|replace|reduce|expand|discontinue|withdraw|remove)\b,?\s+(?:[\w,’'-]+\s+){0,6}?(?:"
    + _CHANGE_OBJ
    + r")\b|有权(?:随时|单方|单方面|自行)?.{0,12}?(?:调整|变更|修改|修订|提高|上调|更改)(?:.{0,12}?)(?:"
    + _CHANGE_ZH_OBJ
    + r")"
    # "乙方可根据市场行情单方调整合同价格": a right given by 有权/可/可以/得 and the word 单方,
    # however long the stated grounds (the 可 of 许可方 or the 得 of 取得 is no modal)
    + r"|(?<![许认取获])(?:有权|可以|可|得)[^。；，,]{0,30}?(?:单方|单方面|自行)[^。；]{0,4}?(?:调整|变更|修改|修订|提高|上调|更改)(?:.{0,12}?)(?:"
    + _CHANGE_ZH_OBJ
    + r")"
)
# The change is balanced when it needs both parties' agreement or carries a price/time adjustment.
_CHANGE_BALANCED = (
    r"no\s+(?:update|change|modification)\s+shall\s+materially|provided\s+that\s+(?:no|any\s+such).{0,60}(?:not|materially)|"
    r"(?:written\s+)?(?:consent|agreement)\s+of\s+(?:both|the\s+other|each)|signed\s+by\s+(?:both|each)|mutual(?:ly)?\s+agree|"
    r"(?<!without\s)(?<!without\sany\s)(?:corresponding|equitable|fair|reasonable|appropriate)\s+adjustment|change\s+control\s+procedure|"
    r"经双方(?:协商|书面)|双方(?:协商一致|书面同意|应协商|协商)|相应调整|协商调整"
)
# A change that needs someone's consent: "provided that the Supplier obtains the Bank's written consent".
_CONSENT_OF = re.compile(
    r"(?:obtain\w*|with|subject\s+to|requir\w+|receiv\w+)\s+(?:the\s+)?(?:prior\s+)?(?:written\s+)?"
    r"(?:consent|approval|agreement)\s+of\s+(?:the\s+)?(?P<of>[A-Z][\w&.]*(?:\s+(?:of\s+)?[A-Z][\w&.]*){0,3})"
    r"|(?:obtain\w*|with|subject\s+to|requir\w+|receiv\w+)\s+(?:the\s+)?(?P<owner>[A-Z][\w&.]*(?:\s+(?:of\s+)?[A-Z][\w&.]*){0,3})"
    r"['’]s?\s+(?:prior\s+)?(?:written\s+)?(?:consent|approval|agreement)"
)
# A price increase bounded by an index or a ceiling: "by no more than CPI", "不超过百分之三".
_PRICE_INCREASE_CAPPED = (
    r"(?:by\s+)?(?:no|not)\s+more\s+than|not\s+(?:to\s+)?exceed|capped\s+at|up\s+to\s+(?:a\s+maximum\s+of\s+)?\d|limited\s+to\s+(?:the\s+)?(?:\d|CPI|RPI|inflation)"
    r"|\b(?:CPI|RPI|HICP|consumer\s+price\s+index|retail\s+price\s+index)\b|(?:涨幅|上调幅度|调整幅度)[^。；]{0,10}不(?:得)?超过|不超过[^。；]{0,10}(?:居民消费价格指数|CPI|百分之|\d+\s?%)"
)
_NO_ADJUSTMENT = (
    r"without\s+(?:any\s+)?(?:adjustment|increase|change)\s+(?:to|in|of)\s+(?:the\s+)?(?:Fees|Charges|price|Contract\s+Price|fee|rates)"
    r"|for\s+the\s+same\s+(?:fee|price|charges)|at\s+no\s+(?:additional|extra)\s+(?:cost|charge)"
    r"|(?:价格|价款|费用)(?:均)?不(?:作|予)?(?:调整|增加|变更)|不(?:另行)?(?:增加|调整)(?:合同)?(?:价格|价款|费用)"
)


@rule(reports={"unilateral_change_right"})
def unilateral_change(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may change prices, scope, specifications or the contract terms on its own."""
    for s, m in ctx.find(
        r"(?:increased|adjusted|varied|revised|set|fixed)\s+(?:to|at)\s+(?:such\s+)?(?:amount|sum|level|rate|figure)s?\s+as\s+(?:the\s+)?(?P<who>\w+)"
        # "as the Landlord's surveyor determines": its own adviser decides for it
        r"(?:['’]s\s+(?:surveyor|valuer|accountants?|auditors?|agent|engineer))?\s+"
        r"(?:(?:may|shall|will)\s+(?:in\s+its\s+(?:sole\s+|absolute\s+)?discretion\s+)?)?(?:determines?|decides?|specif(?:y|ies)|requires?)\b"
        r"|(?:as|to\s+be)\s+(?:determined|decided|specified)\s+by\s+(?:the\s+)?(?P<who2>\w+)"
        r"|由(?P<who3>\S{1,6}?)(?:单方|自行)?(?:确定|决定|核定)(?:的)?(?:金额|标准|价格|租金|费用|比例)"
        # "扣减比例由甲方确定": the measure named first, its author after
        r"|(?:金额|标准|价格|租金|费用|比例|费率)由(?P<who4>\S{1,6}?)(?:单方|自行)?(?:确定|决定|核定)"
    ):
        who = m.group("who") or m.group("who2") or m.group("who3") or m.group("who4") or ""
        named = ctx.parties.mentions(who)
        if not named or not ctx.parties.theirs(named[0].side):
            continue
        if not re.search(
            r"Rent|fee|charge|price|cost|proportion|amount|sum|payable|pay|租金|费用|价格|价款|比例|金额",
            s.text,
            re.I,
        ):
            continue
        if re.search(r"independent|expert|arbitrat|dispute|独立|专家|仲裁|争议", s.text, re.I) or (
            re.search(r"surveyor|valuer", s.text, re.I)
            and not re.search(rf"(?:{ctx.them_rx})['’]s\s+(?:surveyor|valuer)", s.text)
        ):
            continue  # a determination by someone independent of the counterparty
        if re.search(
            r"reasonabl\w*\s+(?:\w+\s+)?discretion|acting\s+reasonably|in\s+good\s+faith|合理(?:确定|决定|判断)",
            s.text,
            re.I,
        ):
            continue  # a determination that must be reasonable can be challenged: not the other side's say-so
        upward = re.search(
            r"never\s+(?:be\s+)?(?:decrease|reduce|fall)|upwards?\s+only|只升不降|不得(?:降低|下调)",
            s.text,
            re.I,
        )
        # a deduction from what we are paid ("根据考核结果扣减…服务费，扣减比例由甲方确定")
        cut = re.search(r"deduct|reduc|withh[oe]ld|扣减|扣除|核减", s.text, re.I)
        return [
            Finding(
                "unilateral_change_right",
                "high" if upward or m.group("who") else "medium",
                span(s, m),
                ctx.t(
                    f"What {ctx.us} is paid can be cut by {ctx.them}'s own determination.",
                    f"{ctx.us}的收费可由{ctx.them}单方确定扣减。",
                )
                if cut
                else ctx.t(
                    f"What {ctx.us} pays is set by {ctx.them}'s own determination"
                    + (", and can only go up." if upward else "."),
                    f"{ctx.us}的付款金额由{ctx.them}单方确定" + ("，且只升不降。" if upward else "。"),
                ),
                ctx.t(
                    f"{ctx.us} has no yardstick to test the figure against and no one to refer a dispute to.",
                    f"{ctx.us}既无核对金额的客观标准，也无争议解决途径。",
                ),
                ctx.t(
                    "Market: an objective basis (open-market value, an index, actual reasonable costs), with disputes referred to an independent expert.",
                    "市场惯例：以客观标准确定（公开市场价值、指数或实际合理成本），争议提交独立专家决定。",
                ),
            )
        ]
    for s, m in ctx.find(_CHANGE):
        text = s.text
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        nearby = " ".join(x.text for x in ctx.sentences if x.start >= s.start)[: len(text) + 300]
        if re.search(_CHANGE_BALANCED, nearby, re.I):
            continue
        # the thing changed, not the grounds: "根据国家利率政策变化…单方调整借款利率" changes a rate
        changed = re.split(r"调整|变更|修改|修订|提高|上调|更改", m.group(0))[-1]
        if re.search(_CHANGE_ZH_POLICY, changed) and not re.search(_BINDS_US_ZH, nearby):
            continue
        if _CHANGE_EN_POLICY.search(m.group(0)) and not _BINDS_US_EN.search(nearby):
            continue
        consent = _CONSENT_OF.search(nearby)
        if consent:
            named = ctx.parties.mentions(consent.group("of") or consent.group("owner"))
            if named and ctx.parties.ours(named[0].side):
                continue  # the change needs our consent, so it is not unilateral
        if re.search(_PRICE_INCREASE_CAPPED, text, re.I):
            continue  # an indexed or capped yearly increase is the market norm, not a unilateral change
        posting = re.search(r"by\s+posting|on\s+(?:its|the)\s+website|continued\s+use|公布|网站", text, re.I)
        # or the change is ours to carry out at our cost ("requiring the Franchisee to refit the Outlet at its own cost")
        unpaid = re.search(_NO_ADJUSTMENT, ctx.text, re.I) or re.search(
            rf"(?:{ctx.us_rx})\b[^.;]{{0,80}}?at\s+its\s+own\s+(?:cost|expense)", nearby, re.I
        )
        what = re.sub(
            r"^.*?\b(?:increase|change|modify|amend|vary|alter|update|revise|adjust|replace|reduce|expand)\s+"
            r"|^.*?(?:单方面|单方|自行)(?=调整|变更|修改|修订|提高|上调|更改)|^.*?有权",
            "",
            m.group(0),
            flags=re.I,
        )
        return [
            Finding(
                "unilateral_change_right",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.them} may unilaterally change {what}"
                    + (
                        " simply by posting or on notice, with continued use treated as acceptance."
                        if posting
                        else f", and {ctx.us} must comply without any adjustment to the price."
                        if unpaid
                        else "."
                    ),
                    f"{ctx.them}可单方{what}"
                    + (
                        "，仅需公布或通知，继续使用即视为接受。"
                        if posting
                        else f"，且{ctx.us}须照办而价格不作调整。"
                        if unpaid
                        else "。"
                    ),
                ),
                ctx.t(
                    f"{ctx.us} would be bound by changes it never agreed"
                    + (
                        " and would bear their cost." if unpaid else ", during a term it cannot easily leave."
                    ),
                    f"{ctx.us}将受其未同意的变更约束"
                    + ("，并承担变更成本。" if unpaid else "，且难以退出。"),
                ),
                ctx.t(
                    "Playbook: changes only by written agreement or a change procedure with an equitable adjustment to price and time; fee increases only at renewal, capped, with a right to terminate.",
                    "行业立场：变更须书面协商一致或经变更程序并相应调整价格和期限；仅在续期时涨价，设上限，并赋予我方解除权。",
                ),
            )
        ]
    return []
