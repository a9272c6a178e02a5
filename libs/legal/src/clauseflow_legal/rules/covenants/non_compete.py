"""The non_compete rule (covenants): A restraint of trade on us (time, territory, scope); for a buyer, a seller non-compete too weak to protect goodwill."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.covenants.common import AFTER_THE_CONTRACT, EXCLUSIVE_DEALING
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import find_periods, fmt_period

_RESTRAINT = (
    r"(?:(?:shall|will|may|must)\s+not|undertakes?\s+(?:that\s+it\s+will\s+)?not(?:\s+to)?|agrees?\s+not\s+to|is\s+(?:prohibited|restricted)\s+from|neither\b.{0,60}?\bshall)\b"
    r"(?P<body>.{0,200}?)\b(?P<act>compete|provide|supply|sell|offer|perform|render|carry\s+on|engage(?:d)?\s+in|be\s+(?:directly\s+or\s+indirectly\s+)?(?:engaged|interested|concerned)(?:,?\s+(?:(?:and/)?or\s+|and\s+)?(?:engaged|interested|concerned))*\s+in|invest\s+in|develop|manufactur\w*|commerciali[sz]e|market|distribute|work\s+for|act\s+for|establish)\b"
    r"|non-?compet\w*|竞业限制|不得.{0,40}?(?:从事|经营|投资|参与|生产|销售|经销|代理|分销|研发|开发|提供|供应|供货|开展)"
)
_COMMERCIAL_OBJECT = (
    r"services?|products?|goods|business|software|solutions?|equipment|consult\w*|activit(?:y|ies)|competitor|competing|compet\w+|similar"
    r"|manufacturers?|suppliers?|principals?|vendors?"
    r"|产品|服务|业务|设备|经营|竞争|相同|类似|同类"
)
_TERRITORY = (
    r"anywhere\s+in\s+the\s+world|worldwide|globally|in\s+any\s+(?:country|territory|jurisdiction|market)|(?:in|within|throughout)\s+(?:the\s+)?(?:[A-Z][a-z]+(?:\s+(?:and|or)\s+(?:the\s+)?|\s+)?){1,4}(?=[\s,.;])"
    r"|全球|世界范围|全国|境内|境外|任何国家|任何地区|(?:中国|亚洲|欧洲|北美)(?:境内|地区|范围内)?"
)


_DURING_THE_TERM = re.compile(
    r"during\s+the\s+(?:term|continuance|currency|life)|while\s+this\s+(?:Agreement|Contract)|在本(?:合同|协议)有效期(?:内|间)",
    re.I,
)


@rule(reports={"non_compete"})
def non_compete(ctx: ClauseContext) -> list[Finding]:
    """A restraint of trade on us (time, territory, scope); for a buyer, a seller non-compete too weak to protect goodwill.

    A covenant not to provide, sell or engage in a business, running beyond the contract or over
    a territory, is a non-compete whatever it calls itself ("shall not provide analytics services
    to any retailer anywhere in the world for three years").
    """
    for s, m in ctx.find(_RESTRAINT):
        text = s.text
        tail = text[m.start() : m.end() + 160]
        if not re.search(_COMMERCIAL_OBJECT, tail, re.I) and not re.search(
            r"non-?compet|竞业", m.group(0), re.I
        ):
            continue
        if re.search(
            r"solicit|entice|hire|employ|招揽|雇用|聘用", text[m.start() : m.end() + 40], re.I
        ) and not re.search(r"compet|竞争|竞业", text, re.I):
            continue
        if re.search(r"disclos|confidential|披露|保密", m.group(0), re.I):
            continue
        side = ctx.actor(s, m.start())
        if side is None and re.search(r"non-?compet|竞业", m.group(0), re.I):
            side = ctx.parties.side_before(text, len(text))
        periods = [p for p in find_periods(text) if p.unit in {"month", "year"}]
        if ctx.domain == "sha_spa" and ctx.parties.is_role("buyer") and ctx.parties.theirs(side):
            if periods and periods[0].months < 24:
                return [
                    Finding(
                        "non_compete",
                        "medium",
                        span(s, periods[0].start),
                        ctx.t(
                            f"The Seller's non-compete lasts only {fmt_period(periods[0])}.",
                            f"卖方的竞业限制仅为{fmt_period(periods[0])}。",
                        ),
                        ctx.t(
                            "The buyer pays for goodwill that the seller could compete away almost at once.",
                            "买方支付了商誉对价，而卖方几乎可以立即通过竞争将其夺走。",
                        ),
                        ctx.t(
                            "Playbook: 2-3 years covering the target's business and territories.",
                            "行业立场：2-3年，覆盖目标公司的业务和地域。",
                        ),
                    )
                ]
            continue
        if not (ctx.parties.ours(side) or side == "mutual"):
            continue
        if (
            _DURING_THE_TERM.search(text)
            and not AFTER_THE_CONTRACT.search(text)
            and re.search(EXCLUSIVE_DEALING, text, re.I)
        ):
            continue  # not dealing in competing products while the contract runs: exclusivity's point
        if (
            ctx.domain == "sha_spa"
            and ctx.parties.is_role("seller")
            and (not periods or periods[0].days <= 3 * 366)  # up to three years
            and not re.search(r"anywhere\s+in\s+the\s+world|worldwide|globally|全球|世界范围", text, re.I)
        ):
            continue  # a seller's covenant protecting the goodwill it has sold, within market limits
        territory = re.search(_TERRITORY, text)
        # the shared "after the contract", plus a restraint counted from signing or a share deal's Completion
        after_term = AFTER_THE_CONTRACT.search(text) or re.search(
            r"following\s+(?:the\s+)?(?:Effective\s+Date|Completion)|thereafter", text, re.I
        )
        broad = [
            x
            for x in (
                re.search(
                    r"anywhere\s+in\s+the\s+world|worldwide|globally|any\s+country|全球|世界范围|全国",
                    text,
                    re.I,
                ),
                None
                if re.search(
                    r"(?:not\s+apply\s+to|exclud\w*|other\s+than|except)\s.{0,30}Affiliates|不适用于.{0,10}关联",
                    text,
                    re.I,
                )
                else re.search(r"Affiliates?|关联(?:公司|方)", text, re.I),
                re.search(
                    r"any\s+(?:other\s+)?(?:business|products?|services?|third\s+part\w+|person|retailer|customer)\b|任何第三方|任何(?:其他)?(?:业务|产品)",
                    text,
                    re.I,
                ),
            )
            if x
        ]
        long = bool(periods) and periods[0].months > 12
        lasting = long or (after_term is not None and bool(periods))
        if not (lasting or territory or broad):
            continue
        if not (periods or territory or re.search(r"non-?compet|竞业|compet|竞争", text, re.I)):
            continue
        if side == "mutual" and not (broad and long):
            continue
        level = "high" if ctx.parties.ours(side) and (lasting or len(broad) >= 2 or territory) else "medium"
        scope = [b.group(0) for b in broad] + (
            [territory.group(0).strip()] if territory and not broad else []
        )
        return [
            Finding(
                "non_compete",
                level,
                span(s, m),
                ctx.t(
                    f"{ctx.us} is restrained from competing"
                    + (f" ({', '.join(dict.fromkeys(scope))})" if scope else "")
                    + (f" for {fmt_period(periods[0])}" if periods else "")
                    + (" after the contract ends" if after_term else "")
                    + ".",
                    f"{ctx.us}受到竞业限制"
                    + (f"（{'、'.join(dict.fromkeys(scope))}）" if scope else "")
                    + (f"，期限{fmt_period(periods[0])}" if periods else "")
                    + ("，且延续至合同终止后" if after_term else "")
                    + "。",
                ),
                ctx.t(
                    "A broad restraint in time, territory or scope can shut us out of our own market and may be unenforceable as a restraint of trade.",
                    "在期限、地域或范围上过宽的限制可能使我方无法经营自身市场，且可能因限制交易而无效。",
                ),
                ctx.t(
                    "Playbook: no non-compete, or narrowly limited to directly competing products, the contract territory and the term plus at most 12 months, our entity only.",
                    "行业立场：不设竞业限制，或严格限于直接竞争产品、约定地域和合同期限加不超过12个月，仅约束我方主体。",
                ),
            )
        ]
    return []
