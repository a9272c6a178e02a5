"""Groups G, H and I: restrictive covenants, assignment and control, governing law and disputes."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.appointments import EXCLUSIVE_APPOINTMENT
from clauseflow_legal.jurisdictions import called, dispute_choice, jurisdiction_key, named
from clauseflow_legal.rules.base import TWO_SUBJECTS, ClauseContext, Finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence, find_periods, fmt_period

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
_AFTER_THE_CONTRACT = re.compile(
    r"after\s+(?:the\s+)?(?:its\s+)?(?:termination|expiry|expiration|the\s+end)|following\s+(?:the\s+)?(?:termination|expiry)"
    r"|post-?termination|终止后|届满后|解除后",
    re.I,
)


_EXCLUSIVE_DEALING = (
    r"\bexclusively\s+(?:from|through|with)|\b(?:purchase|buy|source|procure|obtain)\b[^.;]{0,100}?\b(?:only|solely)\s+from\b|\ball\s+of\s+(?:its|their)\s+requirements|\bshall\s+not\s+(?:\w+\s+){0,3}(?:purchase|buy|source|procure|obtain)\b.{0,80}from\s+any\s+(?:third|other)|"
    r"\bappoints?\s+(?:the\s+)?\w+\s+as\s+(?:its\s+)?(?:sole\s+and\s+)?exclusive|\bshall\s+not[\s,]+[\w,\s]{0,70}?\b(?:sell|distribute|promote|market|represent|stock)\b.{0,80}?(?:competing|competitive|similar|rival|(?:that|which)\s+compete)|"
    r"(?:独家|排他)(?:采购|供应|合作|经销|代理)|(?:只能|仅能|只得|仅得|仅可)(?:从|向)[^。；，]{0,20}(?:采购|购买|进货|订购)|不得(?:向|从|与)(?:任何)?(?:第三方|其他).{0,20}(?:采购|购买|合作)"
    # "乙方不得经销、代理或销售任何与甲方产品相竞争的产品"
    r"|不得(?:在[^。；，]{0,12})?(?:经销|代理|销售|分销|推广)[^。；]{0,30}?(?:相竞争|竞争|竞品|同类|类似)"
    # "shall use the Provider exclusively for all shipments": a party, not data, is used exclusively
    r"|\b(?:use|engage|instruct|retain)\s+(?:the\s+)?(?P<used>\w[\w.-]*(?:\s+\w[\w.-]*){0,2}?)\s+exclusively\b"
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
            and not _AFTER_THE_CONTRACT.search(text)
            and re.search(_EXCLUSIVE_DEALING, text, re.I)
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
        after_term = _AFTER_THE_CONTRACT.search(text) or re.search(
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


@rule(reports={"exclusivity"})
def exclusivity(ctx: ClauseContext) -> list[Finding]:
    """Exclusive-dealing obligations binding us without reciprocity."""
    for s, m in ctx.find(_EXCLUSIVE_DEALING):
        side = ctx.actor(s, m.start())
        if not ctx.parties.ours(side):
            continue
        used = m.groupdict().get("used")
        if used is not None and not any(
            ctx.parties.theirs(x.side) and x.end == len(used) for x in ctx.parties.mentions(used)
        ):
            continue  # "use the Customer Data exclusively to provide the Services" limits use, it binds no dealing
        if _AFTER_THE_CONTRACT.search(s.text):
            continue  # a restraint that runs after the contract ends is a non-compete (non_compete)
        if "appoint" not in m.group(0).lower() and (
            EXCLUSIVE_APPOINTMENT.search(ctx.text) or ctx.metadata.get("exclusive_appointment")
        ):
            continue  # our exclusive dealing answers the counterparty's exclusive appointment of us
        if "appoint" in m.group(0).lower() and any(
            ctx.parties.theirs(ctx.actor(s2, m2.start())) for s2, m2 in ctx.find(_EXCLUSIVE_DEALING)
        ):
            continue  # our exclusive appointment answers their exclusive purchasing from us
        return [
            Finding(
                "exclusivity",
                "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.us} is bound to deal exclusively: it may buy only from {ctx.them} or its nominees."
                    if re.search(r"\b(?:only|solely)\s+from\b", m.group(0), re.I)
                    else f"{ctx.us} is bound to deal exclusively ({m.group(0)}).",
                    f"{ctx.us}须承担排他交易义务（{m.group(0)}）。",
                ),
                ctx.t(
                    "Exclusivity without a reciprocal commitment or exit leaves us dependent on one counterparty's price and performance.",
                    "无对等承诺或退出机制的排他义务使我方依赖单一对方的价格和履约。",
                ),
                ctx.t(
                    "Playbook: no exclusivity, or reciprocal, limited in scope and term, and ending if the counterparty fails its commitments.",
                    "行业立场：不设排他，或双方对等、范围和期限有限，并在对方未履约时终止。",
                ),
            )
        ]
    return []


@rule(reports={"non_solicit"})
def non_solicit(ctx: ClauseContext) -> list[Finding]:
    """Overbroad non-solicit / no-hire covenants on us."""
    # Verbs only: "its officers and employees" in an indemnity solicits no one.
    for s, m in ctx.find(
        r"\b(?:solicit\w*|entic\w*|hir(?:e|es|ed|ing)|employ(?:s|ed|ing)?|engag(?:e|es|ed|ing)|recruit\w*)\b"
        r"|招揽|挖角|聘用|雇用"
    ):
        text = s.text
        if re.match(r"(?:employed|engaged|hired)\s+by\b", text[m.start() :], re.I):
            continue  # "any person employed by the Franchisor" describes who is protected
        if not re.search(
            r"employees?|personnel|staff|officers|customers?|clients?|(?:employed|engaged)\s+by|员工|雇员|人员|客户",
            text,
            re.I,
        ):
            continue
        if not re.search(
            r"shall\s+not|will\s+not|may\s+not|neither|nor|不得",
            text[max(0, m.start() - 100) : m.start()],
            re.I,
        ):
            continue  # the prohibition must be this verb's
        side = ctx.actor(s, m.start())
        if not (ctx.parties.ours(side) or (side == "mutual" and ctx.parties.is_role("recipient"))):
            continue
        overbroad: list[object] = []
        adv = re.search(
            r"(?:including|even)\s+(?:by\s+way\s+of\s+|through\s+)?general\s+advert\w*|general\s+advertisement.{0,40}(?:shall|will)\s+(?:constitute|be\s+a\s+breach)|公开招聘",
            text,
            re.I,
        )
        if adv and not re.search(
            r"(?:other\s+than|except|excluding|save|provided\s+that)\s.{0,30}general\s+advert", text, re.I
        ):
            overbroad.append(adv)
        periods = [p for p in find_periods(text) if p.unit in {"month", "year"}]
        if periods and periods[0].months > 12:
            overbroad.append(periods[0])
        if re.search(r"Affiliates?|关联", text, re.I):
            overbroad.append("affiliates")
        if not overbroad:
            continue
        level = "medium" if adv or (periods and periods[0].months > 24) else "low"
        anchor = adv.start() if adv else m.start()
        return [
            Finding(
                "non_solicit",
                level,
                span(s, anchor),
                ctx.t(
                    f"The non-solicit binding {ctx.us} is overbroad"
                    + (" and catches general advertising." if adv else "."),
                    f"约束{ctx.us}的不招揽条款过宽" + ("，甚至包括一般性招聘广告。" if adv else "。"),
                ),
                ctx.t(
                    "Ordinary recruitment could breach the covenant, and it may be unenforceable as a restraint of trade anyway.",
                    "正常招聘也可能构成违约，且该限制可能因限制交易而无法执行。",
                ),
                ctx.t(
                    "Playbook: 12 months, employees with material involvement only, general advertising excluded.",
                    "行业立场：12个月，仅限实质参与的员工，排除一般性招聘广告。",
                ),
            )
        ]
    return []


@rule(reports={"mfn_or_price_restriction"})
def mfn(ctx: ClauseContext) -> list[Finding]:
    """Most-favoured-customer or price restrictions on us."""
    for s, m in ctx.find(
        r"most[- ]favou?red|no\s+less\s+favou?rable\s+(?:than|terms|prices?|pricing)|(?:better|lower)\s+(?:prices?|terms)\s+than|no\s+(?:higher|greater)\s+than\s+(?:the\s+)?(?:lowest|best)|(?:lowest|best)\s+prices?\s+(?:it|that\s+it)\s+(?:charges|offers)"
        r"|resale\s+prices?\s+(?:set|fixed|determined|recommended)|(?:resell|sell|offer)\b.{0,60}?(?:at\s+no\s+less\s+than|not\s+below|no\s+lower\s+than|at\s+(?:the\s+)?(?:\w+\s+)?prices?\s+(?:set|fixed|determined|specified|prescribed)|at\s+a\s+price\s+(?:lower|less)\s+than|below\s+(?:the|a|its)\s+(?:\w+\s+){0,2}(?:prices?|minimum))"
        r"|最惠|不(?:得)?(?:高|差)于.{0,30}(?:其他|第三方|任何)|转售价格|不得低于.{0,20}(?:指导价|零售价|规定的价格)"
    ):
        if re.search(
            r"自行(?:决定|确定)|自主(?:决定|定价|确定)|自由(?:决定|确定)|(?:free|entitled)\s+to\s+(?:set|determine)|in\s+its\s+(?:sole\s+)?discretion",
            s.text,
            re.I,
        ):
            continue  # "乙方可自行决定产品转售价格": the clause gives pricing freedom, it does not take it
        # the party that gives the price promise is the sentence's subject ("The Supplier shall
        # ensure that its prices ..."; "The Supplier's prices to the Customer shall be ...")
        subject = [x for x in ctx.parties.mentions(s.text[: m.start()]) if x.side in {"us", "them", "mutual"}]
        side = subject[0].side if subject else ctx.actor(s, m.start())
        if ctx.parties.ours(side):
            return [
                Finding(
                    "mfn_or_price_restriction",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} gives a most-favoured-customer commitment.", f"{ctx.us}承担最惠客户义务。"
                    )
                    if re.search(r"favou?r|最惠|高于|差于", m.group(0), re.I)
                    else ctx.t(
                        f"{ctx.us} may not set its own prices: it must sell at the prices {ctx.them} sets.",
                        f"{ctx.us}不能自主定价：须按{ctx.them}规定的价格销售。",
                    )
                    if re.search(r"prices?\s+(?:set|fixed|determined|specified|prescribed)", m.group(0), re.I)
                    else ctx.t(
                        f"{ctx.us} may not set its own prices: a price floor binds its sales.",
                        f"{ctx.us}不能自主定价：其销售受最低价格限制。",
                    ),
                    ctx.t(
                        "It constrains our pricing with every other customer and may raise competition-law issues.",
                        "这限制了我方对其他所有客户的定价，并可能引发竞争法问题。",
                    ),
                    ctx.t(
                        "Playbook: no MFN; if any, prospective only and for comparable volumes and terms.",
                        "行业立场：不设最惠待遇；如有，仅向后适用且限于可比数量和条件。",
                    ),
                )
            ]
    return []


# What is transferred is a holding in the company: "any of its shares", "the Shares" (not "share possession").
_SHARES_TRANSFERRED = re.compile(
    r"[^.;。；]{0,40}?(?:\b(?:its|their|the|any|his|her|such)\s+(?:\w+\s+){0,3}shares\b|\bShares?\b|\b[Ee]quity\b"
    r"|interest\s+in\s+the\s+Company|股权|股份|出资额)"
)


@rule(reports={"assignment_restriction"})
def assignment(ctx: ClauseContext) -> list[Finding]:
    """We cannot assign while the counterparty can."""
    restricted_us = None
    free_them = None
    for s, m in ctx.find(
        r"\b(?:shall|may)\s+not\s+(?:\w+\s+){0,3}(?:assign|transfer|novate|underlet|sublet)|未经.{0,20}同意.{0,20}不得.{0,10}(?:转让|转租)|不得(?:将.{0,20})?(?:转让|转租)"
    ):
        if _SHARES_TRANSFERRED.match(s.text, m.end()):
            continue  # a shareholder's lock-up is about its exit (sha rules), not assigning the contract
        neg = m.group(0).find("不得")
        side = ctx.actor(s, m.start() + (neg if neg > 0 else 0))
        if side == "mutual":
            return []
        if ctx.parties.ours(side):
            restricted_us = (s, m)
    for s, m in ctx.find(
        r"\bmay\s+(?:freely\s+|at\s+any\s+time\s+)?(?:assign|transfer|novate)\b|有权.{0,10}转让|可(?:以)?(?:自由)?(?:将.{0,12})?转让"
    ):
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side) and not re.search(
            r"with\s+the\s+(?:prior\s+)?(?:written\s+)?consent|经.{0,10}同意", s.text, re.I
        ):
            free_them = (s, m)
    if restricted_us and not free_them:
        s, m = restricted_us
        if not re.search(r"consent|approval|agree|permit|同意|许可|批准", s.text, re.I):
            return [
                Finding(
                    "assignment_restriction",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} may never assign or transfer, not even with consent.",
                        f"{ctx.us}在任何情况下均不得转让，即使经对方同意亦不可。",
                    ),
                    ctx.t(
                        f"{ctx.us} cannot exit by assignment or include the contract in a sale or reorganisation of its business for the whole term.",
                        f"{ctx.us}在整个期限内无法通过转让退出，也无法在业务出售或重组时一并转让本合同。",
                    ),
                    ctx.t(
                        "Market: assignment with the other party's consent, not to be unreasonably withheld, and freely to affiliates or a purchaser of the business.",
                        "市场惯例：经对方同意（对方不得无理拒绝）即可转让，向关联方或业务受让方转让无需同意。",
                    ),
                )
            ]
    if restricted_us and free_them:
        s, m = restricted_us
        return [
            Finding(
                "assignment_restriction",
                "low",
                span(s, m),
                ctx.t(
                    f"{ctx.us} needs consent to assign, while {ctx.them} may assign freely.",
                    f"{ctx.us}转让须经同意，而{ctx.them}可自由转让。",
                ),
                ctx.t(
                    "The asymmetry blocks intra-group reorganisations, financing and a sale of our business.",
                    "这种不对等阻碍我方集团内重组、融资及业务出售。",
                ),
                ctx.t(
                    "Playbook: mutual restrictions with free assignment to affiliates, financiers and successors.",
                    "行业立场：双方对等限制，允许向关联方、融资方和承继方自由转让。",
                ),
            )
        ]
    return []


# A lender's answer to a change of control: the loan falls due at once.
_DEBT_CALLED_IN = r"due\s+and\s+payable|prepay|提前(?:到期|还款)"
# A change of control listed as a default: the lender may then call the debt in or terminate.
_A_DEFAULT = (
    r"Events?\s+of\s+Default|constitutes?\s+(?:a|an)\s+(?:\w+\s+)?default|违约事件|构成[^。；]{0,10}违约"
)


@rule(reports={"change_of_control"})
def change_of_control(ctx: ClauseContext) -> list[Finding]:
    """Our change of control triggers termination, consent or repricing."""
    for s, m in ctx.find(
        r"change\s+(?:of|in)\s+(?:the\s+)?control|acquires?\s+(?:direct\s+or\s+indirect\s+)?control|控制权(?:发生)?(?:变更|变化|转移)|实际控制人.{0,6}(?:变更|变化)"
    ):
        text = s.text
        # a loan's change-of-control trigger calls the debt in: "shall become immediately due and payable";
        # as an item of a list of defaults it is one ("下列任一事件均构成借款人违约：…")
        consequence = re.search(
            rf"terminat|consent|renegotiat|repric|解除|终止|同意|{_DEBT_CALLED_IN}|{_A_DEFAULT}",
            f"{ctx.lead_in(s)} {text}",
            re.I,
        )
        if not consequence:
            continue
        who = None
        of = re.match(r"\s+(?:of|in|affecting)\s+(?:the\s+)?", text[m.end() :])
        if of:
            after = ctx.parties.mentions(text[m.end() + of.end() : m.end() + of.end() + 40])
            who = after[0].side if after and after[0].start == 0 else None
        else:
            subj = re.search(
                r"(?:undergoes|experiences|is\s+subject\s+to|suffers)\s+(?:a\s+|any\s+)?$",
                text[: m.start()],
                re.I,
            )
            if subj:
                who = ctx.parties.side_before(text, subj.start(), window=60)
            elif re.search(r"[\u4e00-\u9fff]", m.group(0)):
                who = ctx.parties.side_before(text, m.start(), window=20)
        if ctx.parties.ours(who):
            return [
                Finding(
                    "change_of_control",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"A change of control of {ctx.us} lets {ctx.them} call in the whole debt.",
                        f"{ctx.us}控制权变更时，{ctx.them}可要求提前偿还全部债务。",
                    )
                    if re.search(_DEBT_CALLED_IN, text, re.I)
                    else ctx.t(
                        f"A change of control of {ctx.us} is an event of default: {ctx.them} may call in the debt or terminate.",
                        f"{ctx.us}控制权变更即构成违约，{ctx.them}可据此要求提前还款或解除合同。",
                    )
                    if re.search(_A_DEFAULT, consequence.group(0), re.I)
                    else ctx.t(
                        f"A change of control of {ctx.us} lets {ctx.them} terminate or withhold consent.",
                        f"{ctx.us}控制权变更时，{ctx.them}可解除合同或拒绝同意。",
                    ),
                    ctx.t(
                        "It hands the counterparty leverage in any sale or reorganisation of our group.",
                        "这使对方在我方集团出售或重组时获得谈判筹码。",
                    ),
                    ctx.t(
                        "Playbook: no trigger, save transfer of control to a direct competitor of the counterparty.",
                        "行业立场：不设触发，除非控制权转移给对方的直接竞争对手。",
                    ),
                )
            ]
    return []


_NON_US_ENTITY = r"\bB\.V\.|\bN\.V\.|\bGmbH\b|\bAG\b|\bS\.A\.|\bS\.p\.A\.|Co\.,?\s+Ltd\.?|\(HK\)|\(Suzhou\)|\(Shanghai\)|\(Beijing\)|有限公司|\bPte\.?\s+Ltd"
_US_FORUM = r"State\s+of\s+(?:New\s+York|California|Delaware|Texas|Washington|Illinois|Massachusetts)|County|federal\s+courts|United\s+States\s+District"


_NEUTRAL_FORUM = (
    "Playbook: neutral institutional arbitration (ICC, SIAC, HKIAC) at a neutral seat, or our home courts.",
    "行业立场：在中立仲裁地进行机构仲裁（ICC、SIAC、HKIAC），或由我方所在地法院管辖。",
)


def _away_from_home(ctx: ClauseContext) -> Finding | None:
    """The law, courts or arbitral seat chosen are the counterparty's home, or foreign courts to us.

    Needs our home (from the contract's parties block, via the prompt); a clause choosing our own
    courts, or arbitration at a neutral seat, is not flagged whatever the law.
    """
    ours, theirs = ctx.homes
    if not ctx.has(r"govern|jurisdiction|\bcourts?\b|arbitrat|适用.{0,12}法律|法院|仲裁|管辖"):
        return None
    choice = dispute_choice(ctx.text)
    target = jurisdiction_key(ctx.metadata.get("target_home"))
    if ctx.domain == "sha_spa" and target is not None and target in {choice.law, choice.courts, choice.seat}:
        # A share deal follows the target's law and courts: its shares, register and constitution are
        # governed there, so that choice is market practice, not the seller's home advantage.
        return None

    def place(key: str | None) -> str:
        return named(key, ctx.language)

    # The party at home there is the contracting counterparty, whoever else the clause names.
    them = called(str(ctx.metadata.get("counterparty_name") or "")) or ctx.them

    def quote(pattern: str) -> tuple[Sentence, re.Match[str]] | None:
        # The operative sentence, not the heading "GOVERNING LAW AND JURISDICTION".
        return next(((s, m) for s, m in ctx.find(pattern) if not s.text.isupper()), None)

    def finding(hit: tuple[Sentence, re.Match[str]], description: str, reason: str, playbook: str) -> Finding:
        return Finding("governing_law_forum", "medium", span(*hit), description, reason, playbook)

    if choice.arbitration:
        hit = quote(r"arbitrat\w*|仲裁")
        if hit is None or choice.seat is None or choice.seat == ours or choice.seat != theirs:
            return None
        return finding(
            hit,
            ctx.t(
                f"Arbitration is seated in {place(theirs)}, {them}'s home.",
                f"仲裁地在{them}所在地（{place(theirs)}）。",
            ),
            ctx.t(
                "A seat and institution at the counterparty's home give it home advantage: its counsel, its supervisory courts, its procedure.",
                "仲裁地和仲裁机构位于对方所在地，使对方在律师、监督法院和程序上占据主场优势。",
            ),
            ctx.t(*_NEUTRAL_FORUM),
        )
    if choice.courts is not None and choice.courts != ours:
        hit = quote(r"courts?|jurisdiction|法院|管辖")
        if hit is None:
            return None
        return finding(
            hit,
            ctx.t(
                f"Disputes go to the courts of {place(theirs)}, {them}'s home, not to neutral arbitration.",
                f"争议由{them}所在地（{place(theirs)}）法院管辖，而非中立仲裁。",
            )
            if choice.courts == theirs
            else ctx.t(
                f"Disputes go to the courts of {place(choice.courts)}, away from {ctx.us}'s home, with no arbitration.",
                f"争议由{place(choice.courts)}法院管辖，远离{ctx.us}所在地，且未约定仲裁。",
            ),
            ctx.t(
                f"{ctx.us} would litigate abroad under unfamiliar procedure and at higher cost, and a court judgment from there may not be enforceable where the assets are; an arbitral award is (New York Convention).",
                f"{ctx.us}须在境外按陌生程序诉讼，成本更高，且该地法院判决在资产所在地未必能够执行；仲裁裁决则可依《纽约公约》执行。",
            ),
            ctx.t(*_NEUTRAL_FORUM),
        )
    if choice.courts is None and choice.law is not None and choice.law == theirs and theirs != ours:
        hit = quote(r"govern\w*|laws?\s+of|适用")
        if hit is None:
            return None
        return finding(
            hit,
            ctx.t(
                f"The contract is governed by the law of {place(theirs)}, {them}'s home, and names no neutral forum.",
                f"合同适用{them}所在地（{place(theirs)}）法律，且未约定中立的争议解决机构。",
            ),
            ctx.t(
                f"{ctx.us} must take advice in a law {them} knows well, and without a forum clause may be sued in {them}'s courts.",
                f"{ctx.us}须就对方熟悉的外国法寻求法律意见，且无管辖约定时可能在对方法院被诉。",
            ),
            ctx.t(
                "Playbook: a neutral law (for example English law) with neutral institutional arbitration.",
                "行业立场：适用中立法律（如英国法），并约定中立机构仲裁。",
            ),
        )
    return None


_NON_PARTY = (
    r"Affiliates?|Lenders?|Financiers?|end[- ]users?|(?:its|their)\s+customers|beneficiar(?:y|ies)|(?:any\s+)?third\s+part(?:y|ies)|successors"
    # "Each member of the Client's group", "any Group Company"
    r"|members?\s+of\s+(?:the\s+|its\s+|their\s+)?(?:\w+(?:'s|’s)\s+)?[Gg]roup\b|[Gg]roup\s+[Cc]ompan(?:y|ies)"
    r"|关联(?:公司|方|企业)|最终用户|终端用户|贷款人|融资方|第三方"
)


@rule(reports={"third_party_rights"})
def third_party_rights(ctx: ClauseContext) -> list[Finding]:
    """Non-parties (the counterparty's affiliates, lenders, end users) may enforce the contract against us."""
    for s, m in ctx.find(
        r"\b(?:may|shall\s+(?:be\s+entitled|have\s+the\s+right)\s+to|is\s+entitled\s+to|are\s+entitled\s+to|can)\s+(?:directly\s+)?(?:enforce|rely\s+on|bring\s+(?:a\s+)?claims?|claim)\b"
        r"|有权(?:直接)?(?:依据|依照|根据)?.{0,12}(?:向|对).{0,8}(?:主张|追究|要求|索赔)"
    ):
        text = s.text
        before = text[max(0, m.start() - 160) : m.start()]
        non_party = list(re.finditer(_NON_PARTY, before, re.I))
        if not non_party:
            continue
        if re.search(r"\bno\b|\bnot\b|\bnothing\b|无权|不得|不享有", before + m.group(0), re.I):
            continue
        # against whom: "against the Supplier", "the Contractor's obligations", "向乙方主张"
        after = text[m.start() : m.end() + 100]
        target = re.search(r"against\s+(?:the\s+)?|(?:向|对)", after)
        side = None
        if target:
            ms = [
                x
                for x in ctx.parties.mentions(after[target.end() : target.end() + 40])
                if x.side in {"us", "them"}
            ]
            side = ms[0].side if ms else None
        if side is None:
            owners = [x for x in ctx.parties.mentions(after) if x.side in {"us", "them"}]
            side = owners[0].side if owners else None
        if not ctx.parties.ours(side):
            continue
        # the non-party belongs to the counterparty (its affiliates, its lenders) or to nobody in
        # particular: its holder is named just before it ("the Owner's lenders"), not after
        first = non_party[0]
        holder = [
            x
            for x in ctx.parties.mentions(before[max(0, first.start() - 40) : first.start()])
            if x.side in {"us", "them"}
        ]
        if (
            holder
            and ctx.parties.ours(holder[-1].side)
            and not re.search(r"Lenders?|贷款人|融资方", before, re.I)
        ):
            continue
        return [
            Finding(
                "third_party_rights",
                "low",
                span(s, m),
                ctx.t(
                    f"Persons who are not parties may enforce {ctx.us}'s obligations directly.",
                    f"非合同当事人可直接向{ctx.us}主张合同权利。",
                ),
                ctx.t(
                    f"{ctx.us} faces claims from several claimants it has no contract with, outside the negotiated limits and procedures.",
                    f"{ctx.us}将面临来自多个无合同关系主体的索赔，且可能不受约定的责任限制和程序约束。",
                ),
                ctx.t(
                    "Playbook: no third-party rights; the counterparty claims on behalf of its affiliates, within the liability cap.",
                    "行业立场：不赋予第三方权利；由对方代表其关联方索赔，并受责任上限约束。",
                ),
            )
        ]
    return []


@rule(reports={"governing_law_forum"})
def governing_law(ctx: ClauseContext) -> list[Finding]:
    """A one-sided option to sue anywhere, the counterparty's home courts, or a foreign court forum."""
    for s, m in ctx.find(
        r"\b(?:may|shall\s+be\s+entitled\s+to|reserves\s+the\s+right\s+to)\s+(?:also\s+)?(?:bring|commence|institute|take)\s+(?:any\s+)?(?:proceedings|an?\s+action|suit)\b.{0,120}(?:any\s+(?:other\s+)?|other\s+)(?:court|jurisdiction)|有权(?:选择|向).{0,20}(?:任何|其他).{0,10}法院"
    ):
        side = ctx.actor(s, m.start())
        named_us = "us" in ctx.parties.sides_in(s.text[m.end() :]) or re.search(
            r"against", s.text[m.start() : m.end()], re.I
        )
        if ctx.parties.theirs(side) or (side in {None, "other"} and named_us):
            return [
                Finding(
                    "governing_law_forum",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Only {ctx.them} may sue in other courts: the jurisdiction clause is asymmetric.",
                        f"仅{ctx.them}可在其他法院起诉：管辖条款不对等。",
                    ),
                    ctx.t(
                        f"{ctx.us} may be sued anywhere while being confined to one forum itself.",
                        f"{ctx.us}可能在任何地方被诉，而自身只能在一个法院起诉。",
                    ),
                    ctx.t(
                        "Playbook: symmetric neutral arbitration or courts for both parties.",
                        "行业立场：双方对等的中立仲裁或法院管辖。",
                    ),
                )
            ]
    for s, m in ctx.find(
        r"(?:提交|向|由)(?P<who>\w{1,6}?)(?:所在地|住所地|注册地)(?:的)?(?:有管辖权的)?(?:人民)?法院|courts?\s+of\s+(?:the\s+place\s+of\s+)?(?P<who2>\w+)['’]s\s+(?:domicile|principal\s+place|registered\s+(?:office|seat)|seat)"
        r"|courts?\s+(?:of|at|in|for)\s+the\s+(?:place|city|country|jurisdiction)\s+(?:where|in\s+which)\s+(?:the\s+)?(?P<who3>\w+)\s+(?:has|is)"
    ):
        who_text = m.group("who") or m.group("who2") or m.group("who3") or ""
        ms = ctx.parties.mentions(who_text)
        if ctx.metadata.get("shared_city"):
            break  # both parties are in the same city: the other side's local court is ours too
        if ms and ctx.parties.theirs(ms[0].side):
            return [
                Finding(
                    "governing_law_forum",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Disputes go to the courts of {ctx.them}'s home.",
                        f"争议提交{ctx.them}所在地法院管辖。",
                    ),
                    ctx.t(
                        f"{ctx.us} would litigate away from home before the counterparty's local courts.",
                        f"{ctx.us}须在对方所在地法院异地诉讼。",
                    ),
                    ctx.t(
                        "Playbook: neutral arbitration, or our own or a neutral forum.",
                        "行业立场：中立仲裁，或我方所在地或中立地法院。",
                    ),
                )
            ]
    ours, _theirs = ctx.homes
    if ours is not None:
        away = _away_from_home(ctx)
        if away is not None:
            return [away]
    for s, m in ctx.find(r"waive\w*.{0,40}(?:trial\s+by\s+)?jury|jury\s+trial\s+waiver"):
        if ours == "us":
            break  # between US parties a mutual jury waiver is ordinary practice, not an away match
        return [
            Finding(
                "governing_law_forum",
                "medium",
                span(s, m),
                ctx.t("The parties waive trial by jury.", "双方放弃陪审团审理。"),
                ctx.t(
                    "Jury waivers are usually sought by the party drafting a US-law contract and remove a procedural protection.",
                    "放弃陪审团审理通常由美国法合同起草方提出，取消了一项程序保障。",
                ),
                ctx.t(
                    "Playbook: neutral arbitration makes the point moot.",
                    "行业立场：采用中立仲裁即可避免此问题。",
                ),
                priority=2,
            )
        ]
    our_names = " ".join(ctx.parties.our_names)
    if (
        ours is None
        and re.search(_NON_US_ENTITY, our_names)
        and not re.search(r"arbitra|仲裁", ctx.text, re.I)
    ):
        for s, _m in ctx.find(r"(?:exclusive\s+jurisdiction|courts?\s+(?:located\s+)?in)\b"):
            if re.search(_US_FORUM, s.text) or re.search(_US_FORUM, ctx.text):
                return [
                    Finding(
                        "governing_law_forum",
                        "medium",
                        span(s, 0),
                        ctx.t(
                            f"Disputes go exclusively to US state or federal courts, far from {ctx.us}'s home, with no neutral arbitration.",
                            f"争议专属美国州或联邦法院管辖，远离{ctx.us}所在地，且无中立仲裁。",
                        ),
                        ctx.t(
                            "Foreign litigation is costly, and a US judgment may be hard to enforce where our assets or the counterparty's are.",
                            "境外诉讼成本高，且美国判决在相关资产所在地可能难以执行。",
                        ),
                        ctx.t(
                            "Playbook: neutral institutional arbitration (ICC, SIAC, HKIAC) at a neutral seat.",
                            "行业立场：中立仲裁地的机构仲裁（ICC、SIAC、HKIAC）。",
                        ),
                    )
                ]
    return []


@rule(reports={"dispute_resolution_unbalanced"})
def dispute_resolution(ctx: ClauseContext) -> list[Finding]:
    """Final determinations by the counterparty's agent, removed adjudication, one-sided forum choice."""
    for s, m in ctx.find(
        r"(?:determination|decision|certificate|opinion|决定|认定|确认)\w*.{0,80}?(?:final\s+and\s+binding|final\s+and\s+conclusive|conclusive\s+and\s+binding|shall\s+be\s+final|为最终|终局|不得(?:提出)?异议)"
    ):
        head = s.text[: m.end()]
        ms = [x for x in ctx.parties.mentions(head) if x.side != "mutual"]
        # "甲方工程师的决定": the engineer of a party is that party's agent
        agent = re.search(
            rf"(?P<of>{ctx.us_rx}|{ctx.them_rx})(?:的|['’]s\s+)?(?:工程师|监理|代表|Engineer|Representative)",
            head,
        )
        if agent and ctx.parties.ours(ctx.parties.mentions(agent.group("of"))[0].side):
            continue  # our own agent's determinations bind the counterparty, not us
        if (ms and ctx.parties.theirs(ms[-1].side)) or re.search(
            r"Engineer|Employer's\s+Representative|工程师|监理", head
        ):
            if ctx.parties.is_role("employer"):
                continue
            return [
                Finding(
                    "dispute_resolution_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Determinations by {ctx.them} or its representative are final and binding.",
                        f"{ctx.them}或其代表的决定为终局并具有约束力。",
                    ),
                    ctx.t(
                        "Our access to an impartial decision-maker is removed.",
                        "我方获得公正裁决的途径被取消。",
                    ),
                    ctx.t(
                        "Playbook: binding only until revised by a dispute board or arbitration.",
                        "行业立场：仅在被争议委员会或仲裁修改前具有约束力。",
                    ),
                )
            ]
    for s, m in ctx.find(
        r"delete\w*\s+(?:Sub-Clause\s+)?(?:20\.[2-6]|21\.[1-6])|(?:no|without)\s+(?:reference\s+to\s+)?(?:adjudication|Dispute\s+(?:Avoidance\s+)?(?:Adjudication\s+)?Board)"
    ):
        return [
            Finding(
                "dispute_resolution_unbalanced",
                "medium",
                span(s, m),
                ctx.t("The dispute board / adjudication stage is removed.", "争议委员会/裁决程序被删除。"),
                ctx.t(
                    "Without interim adjudication, the contractor must fund disputes through to arbitration.",
                    "缺少临时裁决，承包商须承担争议直至仲裁的资金压力。",
                ),
                ctx.t(
                    "Playbook: keep the dispute board before arbitration.",
                    "行业立场：仲裁前保留争议委员会程序。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"\b(?:may|shall\s+have\s+the\s+right\s+to|is\s+entitled\s+to)\s*,?\s*(?:at\s+its\s+(?:sole\s+|absolute\s+)?(?:option|discretion)\s*,?\s*)?(?:elect|choose|select|decide)\b.{0,60}(?:arbitration|court|forum|venue)|有权选择.{0,10}(?:仲裁|法院)"
    ):
        subject = re.split(r"[,;:]", s.text[max(0, m.start() - 80) : m.start()])[-1]
        if TWO_SUBJECTS.search((subject + s.text[m.start() :]).rstrip(" .;。；")) or re.search(
            r"\b(?:either|each|any)\s+party\b|任何一方|双方|任一方", subject, re.I
        ):
            continue  # "Equidata or Marketing Affiliate may choose arbitration": both may
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side):
            return [
                Finding(
                    "dispute_resolution_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(f"Only {ctx.them} chooses the forum.", f"仅{ctx.them}可选择争议解决方式或地点。"),
                    ctx.t(
                        "A unilateral forum choice lets the counterparty pick the venue most favourable to it.",
                        "单方选择权使对方可选择最有利于其的地点。",
                    ),
                    ctx.t(
                        "Playbook: a forum fixed in the contract, the same for both parties.",
                        "行业立场：合同中确定对双方相同的争议解决方式。",
                    ),
                )
            ]
    return []
