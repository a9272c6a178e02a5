"""Groups C, D and E: payment, change rights, commitments, security, claims, acceptance, warranties, force majeure."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, names_only, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Percent,
    Period,
    Sentence,
    find_percents,
    find_periods,
    fmt_period,
    words_to_number,
)

# What secures money paid before performance: its return is guaranteed or it is held by a third party.
_SECURED = re.compile(r"letter\s+of\s+credit|escrow|guarantee|信用证|保函|共管|担保", re.I)
_ADVANCE = (
    r"预付款|预付|首付款|定金|advance\s+payment|(?:down|up-?front)\s+payment|in\s+advance"
    r"|(?:签订|签署|生效)(?:之日|后)|\b(?:on|upon)\s+(?:signature|signing|execution)"
    r"|within\s+\w+\s+(?:\(\d+\)\s+)?(?:business\s+)?days\s+(?:of|after)\s+(?:signature|signing|execution|the\s+Effective\s+Date)"
)


def _instalment_share(text: str, trigger: re.Match[str], *, since: int, after: int) -> Percent | None:
    """The share of the price an instalment's trigger belongs to: the last percentage between
    ``since`` and the trigger, else the first one within ``after`` characters after it."""
    pcts = find_percents(text)
    before = [p for p in pcts if since <= p.start < trigger.start()]
    later = [p for p in pcts if trigger.end() <= p.start <= trigger.end() + after]
    return before[-1] if before else (later[0] if later else None)


def _large_unsecured_advance(ctx: ClauseContext) -> list[Finding]:
    """Most of the price paid by us at signing or in advance, with nothing securing its return."""
    if _SECURED.search(ctx.text):
        return []
    for s, m in ctx.find(_ADVANCE):
        if not re.search(r"\bpa(?:y|id|ys)\b|支付|付款|付清", s.text, re.I):
            continue
        # "10% within 30 days after signing, 60% within 60 days after acceptance": 10% is the advance
        share = _instalment_share(s.text, m, since=m.start() - 80, after=60)
        if share is None or share.value < 50 or share.value >= 100:
            continue  # the whole price in advance is the full-prepayment finding's
        if not (ctx.parties.ours(ctx.actor(s, m.start())) or re.search(ctx.us_rx, s.text[: m.start()])):
            continue
        return [
            Finding(
                "payment_terms_unfavourable",
                "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.us} pays {share.value:g}% of the price in advance, without any security.",
                    f"{ctx.us}须预付价款的{share.value:g}%，且无任何担保。",
                ),
                ctx.t(
                    f"Most of the price is at risk before {ctx.them} performs: if {ctx.them} does not deliver, {ctx.us} must recover it as an unsecured creditor.",
                    f"{ctx.them}履约前大部分价款已处于风险之中；如{ctx.them}不交货，{ctx.us}只能作为无担保债权人追索。",
                ),
                ctx.t(
                    "Market: an advance of 10-30% against an advance-payment guarantee, the balance on delivery and acceptance.",
                    "市场惯例：预付款不超过10%-30%并以预付款保函担保，余款于交货验收后支付。",
                ),
            )
        ]
    return []


# "The Agent shall be entitled to a commission …, payable within …": the one entitled is paid.
_ENTITLED_TO_PAYMENT = re.compile(
    r"entitled\s+to\s+(?:a\s+|the\s+|its\s+|any\s+)?(?:commission|fees?|payment|remuneration|price|sums?)\b",
    re.I,
)


def _payer(ctx: ClauseContext, s: Sentence, pos: int) -> Side | None:
    """Who pays under the payment term at ``pos``: the actor, unless the sentence names a payee."""
    entitled = _ENTITLED_TO_PAYMENT.search(s.text, 0, pos)
    if entitled:
        payee = ctx.actor(s, entitled.start())
        if ctx.parties.ours(payee):
            return "them"
        if ctx.parties.theirs(payee):
            return "us"
    return ctx.actor(s, pos)


def _paid_to_us(ctx: ClauseContext, s: Sentence, pos: int) -> bool:
    """Whether the payment term at ``pos`` is the other side's payment to us (an unnamed payer pays a seller)."""
    payer = _payer(ctx, s, pos)
    return ctx.parties.theirs(payer) or (payer is None and ctx.parties.sell_side)


# What we are paid is whatever someone outside the contract approves: "结算价以发包人对总包工程结算的
# 审定价为准", "the final account shall be the amount certified by the Employer under the Main Contract".
_THIRD_PARTY_APPROVAL = (
    r"以(?P<zh>[^。；，]{1,16}?)(?:对[^。；]{0,16})?(?:审定|审核|审计|核定|批准|确认)(?:的)?(?:价款|价格|金额|结果|数额|价)?为准"
    r"|(?:final\s+account|(?:amount|sum|price)\s+(?:payable|due)|(?:Subcontract|Sub-contract)\s+(?:Sum|Price))[^.;]{0,60}?"
    r"(?:shall\s+be|is|as)\s+(?:the\s+amount\s+)?(?:certified|approved|determined|audited|valued)\s+by\s+(?:the\s+)?(?P<en>[A-Z][\w ]{2,30}?)\s+(?:under|for|in\s+respect\s+of)\b"
    r"|subject\s+to\s+(?:the\s+)?(?:audit|approval|certification)\s+(?:of|by)\s+(?:the\s+)?(?P<en2>[A-Z][\w ]{2,30}?|government\s+auditors?|audit\s+(?:bureau|office))\b"
)


def _price_fixed_by_third_party(ctx: ClauseContext) -> list[Finding]:
    """Our price or final account is set by an outsider's audit or approval (the employer upstream, an auditor)."""
    if not ctx.parties.sell_side:
        return []
    for s, m in ctx.find(_THIRD_PARTY_APPROVAL):
        approver = m.group("zh") or m.group("en") or m.group("en2") or ""
        if not re.search(
            r"结算|价款|工程款|付款|支付|造价|费用|price|account|sum|payment|fees?\b", s.text, re.I
        ):
            continue  # "以第三方检测机构确认的结果为准" settles quality, not what we are paid
        if ctx.parties.sides_in(approver) & {"us", "them", "mutual"}:
            continue  # a party's own approval: the other side's determination is a dispute point, not this one
        if not re.search(
            r"发包人|业主|建设单位|审计|财政|第三方|Employer|Owner|Client|auditor|audit|government",
            approver,
            re.I,
        ):
            continue
        return [
            finding(
                ctx,
                "payment_terms_unfavourable",
                "high",
                span(s, m),
                what=(
                    f"What {ctx.us} is paid is fixed by a third party's audit or approval ({approver.strip()}), which {ctx.us} cannot take part in or challenge.",
                    f"{ctx.us}的结算价款以第三方（{approver.strip()}）的审定为准，{ctx.us}无法参与或异议。",
                ),
                why=(
                    f"{ctx.us} has no contract with that third party: its audit may cut or delay the price for reasons that have nothing to do with our work.",
                    f"{ctx.us}与该第三方并无合同关系，其审计可能因与我方工作无关的原因核减或拖延价款。",
                ),
                market=(
                    "Playbook: the price is agreed between the parties on our own final account, with a fixed period to agree it; a third party's audit binds us only if we agreed to it and may take part.",
                    "行业立场：结算价由双方依我方结算资料确定并约定审核期限；第三方审计结果仅在我方同意并可参与时才约束我方。",
                ),
            )
        ]
    return []


@rule(reports={"payment_terms_unfavourable"})
def payment_terms(ctx: ClauseContext) -> list[Finding]:
    """Late, conditional or set-off-able payment to us; unsecured prepayments by us.

    Each kind of problem is reported once; a payment article often has several (a 90-day term
    in 3.1, a right to withhold any disputed sum in 3.2), each a finding of its own sub-clause.
    """
    out: list[Finding] = []
    for s, m in ctx.find(
        r"(?:until|unless|after|upon|subject\s+to)\s.{0,60}(?:received|receipt\s+of|receives).{0,80}(?:from\s+(?:the|its)\s+(?:Lender|Owner|Client|Employer|(?:end|downstream)\s+customer|customers?|Funder)|disbursement|funding|financ|payment\s+from)"
        r"|pay[- ](?:when|if)[- ]paid|back-to-back|(?:收到|取得|获得).{0,20}(?:业主|发包人|甲方|第三方|银行|贷款|(?:最终|下游|终端)客户).{0,15}(?:款项|资金|付款|拨款|款)\w{0,2}后"
    ):
        payer = _payer(ctx, s, m.start())
        if ctx.parties.theirs(payer) or (payer is None and ctx.parties.sell_side):
            no_interest = re.search(
                r"no\s+(?:interest|financing\s+charges)|不计(?:付)?利息|不承担.{0,6}利息", s.text, re.I
            )
            out.append(
                Finding(
                    "payment_terms_unfavourable",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"Payment to {ctx.us} is conditional on {ctx.them} first receiving funds from a third party"
                        + (", and no late-payment interest runs meanwhile." if no_interest else "."),
                        f"向{ctx.us}的付款以{ctx.them}先从第三方获得资金为条件"
                        + ("，且期间不计逾期利息。" if no_interest else "。"),
                    ),
                    ctx.t(
                        f"{ctx.us} carries the counterparty's financing risk: a delay or default by a lender or end customer stops our cash flow.",
                        f"{ctx.us}承担了对方的融资风险：贷款方或最终客户的迟延或违约将中断我方现金流。",
                    ),
                    ctx.t(
                        "Playbook: unconditional payment within 30 days of invoice/certificate, with financing charges on late payment.",
                        "行业立场：收到发票/证书后30日内无条件付款，逾期计付融资费用。",
                    ),
                )
            )
            break
    out += _price_fixed_by_third_party(ctx)
    for s, m in ctx.find(
        r"\b(?:pa(?:y|id|ys|yable)|settle[sd]?|remit(?:s|ted)?|discharge[sd]?(?!\s+from))\b.{0,120}?\bwithin\b|付款期|(?:支付|付款|付清).{0,30}(?:日|天|个月|周)内|(?:日|天|个月|周)内(?:向\w{1,8})?(?:支付|付款|付清)(?!的)"
        # "Each invoice is payable 90 days after the end of the month in which the Customer receives it"
        r"|\b(?:is|are|shall\s+be|becomes?)\s+(?:due\s+and\s+)?payable\s+(?:\w+\s+)?(?:\(\d+\)\s+)?(?:business\s+)?days\s+(?:after|following|from)"
    ):
        payer = _payer(ctx, s, m.start())
        if payer is None and re.search(r"\binvoices?\b", s.text[: m.start()], re.I):
            payer = (
                "them" if ctx.parties.supplies else "us" if ctx.parties.pays else None
            )  # invoices are the buyer's to pay
        if not ctx.parties.theirs(payer):
            continue
        periods = [p for p in find_periods(s.text) if p.unit in {"day", "business day", "month"}]
        limit = 56 if ctx.domain == "fidic" else 45  # 56 days is the FIDIC interim-payment norm
        if not periods or periods[0].days <= limit:
            continue
        out.append(
            Finding(
                "payment_terms_unfavourable",
                "high" if periods[0].days >= 90 else "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.them} has {fmt_period(periods[0])} to pay.",
                    f"{ctx.them}的付款期长达{fmt_period(periods[0])}。",
                ),
                ctx.t(
                    f"A long payment period finances the counterparty at {ctx.us}'s expense and increases credit exposure.",
                    f"过长的付款期使{ctx.us}为对方提供融资，并增加信用风险。",
                ),
                ctx.t(
                    "Playbook: payment within 30 days; 45 days as a fallback.",
                    "行业立场：30日内付款；可退让至45日。",
                ),
            )
        )
        break
    if ctx.parties.pays:
        for s, m in ctx.find(
            r"\b(?:pay|paid)\b[^.;]{0,60}?\b(?:in\s+full|the\s+(?:full|entire|whole)\s+(?:price|amount)|100\s?%)[^.;]{0,40}?\b(?:before|prior\s+to|in\s+advance\s+of)\s+(?:the\s+)?(?:shipment|delivery|dispatch|performance|acceptance|(?:\w+\s+){1,2}(?:is|are)\s+(?:shipped|delivered|dispatched))"
            r"|(?:全额|全部|百分之百)[^。；]{0,12}(?:货款|价款|合同款|费用)?[^。；]{0,12}(?:发货|交货|交付|供货)(?:之)?前|款到发货|先款后货"
            r"|(?:发货|交货|交付|供货)(?:之)?前[^。；]{0,12}(?:支付|付清)[^。；]{0,4}(?:全额|全部|百分之百)"
            # each order paid in full when placed: "下达订单时一次性预付该订单的全部货款"
            r"|(?:下达订单|下单|订货|订购)时[^。；]{0,12}(?:预付|支付|付清)[^。；]{0,10}(?:全部|全额)"
            # the whole price at signature, before anything is delivered
            r"|(?:签订|签署|生效)(?:之日|后)[^。；]{0,12}(?:一次性)?(?:支付|付清)(?:全部|全额)(?:的)?(?:合同)?(?:价款|款项|费用|货款)"
            r"|\b(?:on|upon|within\s+\w+\s+(?:\(\d+\)\s+)?(?:business\s+)?days\s+(?:of|after))\s+(?:signature|signing|execution|the\s+(?:date|Effective\s+Date)\s+of\s+this\s+(?:Agreement|Contract))[^.;]{0,40}?\bpay\b[^.;]{0,30}?(?:in\s+full|the\s+(?:full|entire|whole)\s+(?:price|amount|Contract\s+Price|fees)|100\s?%)"
            r"|\bpay\b[^.;]{0,20}?(?:in\s+full|the\s+(?:full|entire|whole)\s+(?:price|amount|Contract\s+Price|fees)|100\s?%)[^.;]{0,30}?(?:on|upon|within\s+\w+\s+(?:\(\d+\)\s+)?days\s+(?:of|after))\s+(?:signature|signing|execution)"
        ):
            paid_by_us = re.search(
                rf"(?:{ctx.us_rx})[^.;。；]{{0,20}}(?:shall|must|will|应|须)?\s*(?:pay|支付|付清)",
                s.text[: m.end()],
                re.I,
            )
            if (
                not ctx.parties.ours(ctx.actor(s, m.start()))
                and not re.search(ctx.us_rx, s.text[: m.start()])
                and not paid_by_us
            ):
                continue
            if _SECURED.search(ctx.text):
                continue
            out.append(
                Finding(
                    "payment_terms_unfavourable",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} pays the full price before delivery (or at signature), without any security.",
                        f"{ctx.us}须在交货前（或签约时）全额付款，且无任何担保。",
                    ),
                    ctx.t(
                        f"If {ctx.them} does not deliver, or delivers defective goods, {ctx.us} must recover its money as an unsecured creditor.",
                        f"如{ctx.them}不交货或交付不合格货物，{ctx.us}只能作为无担保债权人追索已付款项。",
                    ),
                    ctx.t(
                        "Market: payment after delivery and inspection, or against a letter of credit or an advance-payment guarantee.",
                        "市场惯例：到货验收后付款，或凭信用证、预付款保函付款。",
                    ),
                )
            )
            break
        else:
            out += _large_unsecured_advance(ctx)
    for s, m in ctx.find(
        r"\b(?:set\s+off|set-off|deduct|withhold)\b.{0,60}(?:any|all)\s+(?:amounts?|sums?|monies)|有权(?:从|在).{0,30}(?:扣除|抵扣|扣减)"
    ):
        side = ctx.actor(s, m.start())
        if ctx.parties.theirs(side) and not re.search(
            r"undisputed|finally\s+determined|agreed|无争议|经确认", s.text, re.I
        ):
            out.append(
                Finding(
                    "payment_terms_unfavourable",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.them} may set off or withhold any amount it claims.",
                        f"{ctx.them}可抵扣或扣留其主张的任何款项。",
                    ),
                    ctx.t(
                        "Unilateral set-off of unproven claims turns disputes into non-payment.",
                        "对未经证实的主张单方抵扣，会使争议变成拒付。",
                    ),
                    ctx.t(
                        "Playbook: set-off only of undisputed or finally determined sums.",
                        "行业立场：仅可抵扣无争议或经最终确定的款项。",
                    ),
                )
            )
            break
    return out + _late_payment_free(ctx) + _held_until_warranty_ends(ctx)


# A large last instalment paid only when the warranty has run: "the remaining 30% within 30 days
# after the expiry of the warranty period", "剩余30%在质保期届满后支付".
_AFTER_WARRANTY = (
    r"(?:after|following|upon|on)\s+(?:the\s+)?(?:expiry|expiration|end)\s+of\s+the\s+(?:warranty|guarantee|defects\s+(?:liability|notification))\s+period"
    r"|(?:质保期|保修期|质量保证期|缺陷责任期)(?:届满|期满|满|结束)(?:之日)?后"
)


def _held_until_warranty_ends(ctx: ClauseContext) -> list[Finding]:
    """More than a usual retention of the price withheld until the warranty period ends."""
    for s, m in ctx.find(_AFTER_WARRANTY):
        if not _paid_to_us(ctx, s, m.start()):
            continue
        # the percentage of the trigger's own limb ("…, and the remaining 30% within 30 days after …")
        limb_start = max(s.text.rfind(p, 0, m.start()) for p in (";", "；", ",", "，")) + 1
        share = _instalment_share(s.text, m, since=limb_start, after=30)
        if share is None or share.value <= 10:
            continue
        return [
            finding(
                ctx,
                "payment_terms_unfavourable",
                "medium",
                span(s, share.start),
                (
                    f"{share.value:g}% of the price is paid only after the warranty period has run.",
                    f"价款的{share.value:g}%须待质保期届满后才支付。",
                ),
                (
                    f"A retention this large, unsecured and held for the whole warranty period, finances {ctx.them} and lets it withhold payment over any warranty dispute.",
                    f"如此高比例的尾款在整个质保期内被扣留且无任何担保，等于{ctx.us}为{ctx.them}提供融资，且{ctx.them}可借任何质保争议拒付。",
                ),
                (
                    "Market: a 5-10% retention released on expiry of the warranty, or replaced by a warranty bond.",
                    "市场惯例：质保金为5%-10%，质保期满后释放，或以质保保函替代。",
                ),
            )
        ]
    return []


# Paying late at no cost: "发包人逾期支付设计费的，不承担任何违约责任", "no interest shall accrue on late payments"
_LATE_PAYMENT_FREE = (
    r"(?:逾期|迟延|延迟|延期)(?:支付|付款)[^。；]{0,20}?(?:不承担(?:任何)?(?:违约|赔偿)?责任|不(?:计|支付|承担)(?:任何)?(?:利息|违约金|滞纳金)|无需(?:支付|承担)(?:任何)?(?:利息|违约金|滞纳金|责任))"
    r"|(?:late|delayed|overdue)\s+payments?\b[^.;]{0,60}?(?:no\s+interest|(?:shall|will)\s+not\s+(?:bear|accrue|carry)\s+interest|without\s+(?:any\s+)?interest|shall\s+not\s+(?:be\s+)?(?:liable|a\s+breach))"
    r"|no\s+interest\s+(?:shall|will)\s+(?:be\s+payable|accrue)\s+on\s+(?:any\s+)?(?:late|overdue|unpaid)"
)


def _late_payment_free(ctx: ClauseContext) -> list[Finding]:
    """The other side may pay us late without interest or any liability."""
    for s, m in ctx.find(_LATE_PAYMENT_FREE):
        if not _paid_to_us(ctx, s, m.start()):
            continue
        return [
            finding(
                ctx,
                "payment_terms_unfavourable",
                "medium",
                span(s, m),
                (
                    f"{ctx.them} may pay late without interest or any other liability.",
                    f"{ctx.them}逾期付款无需支付利息，也不承担任何违约责任。",
                ),
                (
                    f"Nothing deters late payment: {ctx.us} finances {ctx.them}'s delay for free.",
                    f"逾期付款没有任何约束：{ctx.us}免费为{ctx.them}的拖欠提供融资。",
                ),
                (
                    "Playbook: interest on overdue sums at a stated rate above base (or the statutory rate), and a right to suspend after notice.",
                    "行业立场：逾期款项按约定利率（或法定利率）计付利息，经通知后我方有权暂停履行。",
                ),
            )
        ]
    return []


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


@rule(reports={"minimum_commitment"})
def minimum_commitment(ctx: ClauseContext) -> list[Finding]:
    """Minimum purchase, take-or-pay or shortfall payments binding us."""
    for s, m in ctx.find(
        r"minimum\s+(?:annual\s+|monthly\s+|quarterly\s+)?(?:purchase|order|volume|quantit\w*|commitment|spend|royalt\w*|licen[cs]e\s+fees?)|take[- ]or[- ]pay|最低(?:许可费|提成费|使用费|特许权使用费)|shortfall\s+(?:payment|amount|fee|charge)|pay\s+(?:for\s+)?(?:any|the)\s+shortfall|(?:purchase|order|buy|take|acquire|tender|book|spend)\s+(?:[^.;]{0,60}?\bof\s+)?(?:not\s+less\s+than|at\s+least|a\s+minimum\s+of)\s+(?:(?:EUR|USD|GBP|RMB|CNY|US\$|\$|£|€)\s?)?(?:[a-z-]+\s+){0,4}?\(?[\d,]+\)?|最低(?:采购|订购|购买)(?:量|额|金额)|保底"
        # "甲方保证每月交运的货物不少于200吨，不足部分按…支付": a volume promised, the shortfall paid for
        r"|(?:保证|承诺)[^。；]{0,12}(?:采购|订购|购买|交运|托运|发货|使用|委托)[^。；]{0,16}不(?:少|低)于(?:\s*[\d,.]+\s*(?:吨|件|台|套|箱|个|公斤|千克|万元|元)?)?"
        # a royalty floor whatever the sales: "the royalty for each month shall be not less than EUR 5,000"
        r"|(?:royalt(?:y|ies)|licen[cs]e\s+fees?)\b[^.;]{0,60}?\b(?:shall\s+)?(?:be\s+)?not\s+(?:be\s+)?less\s+than\s+(?:EUR|USD|GBP|RMB|CNY|US\$|\$|£|€)\s?[\d,.]*\d"
        r"|(?:许可费|使用费|提成费|特许经营费|权利金)[^。；]{0,20}不(?:得)?低于(?:人民币)?\s?\d[\d,.]*\s*(?:万|千)?元?"
    ):
        if re.search(
            r"(?:no|not\s+(?:be\s+)?(?:under\s+)?any)\s+(?:obligation|commitment|duty)\s+to\s+(?:\w+\s+){0,3}$|not\s+(?:be\s+)?(?:obliged|required|bound)\s+to\s+(?:\w+\s+){0,3}$|无(?:义务|须)[^。；]{0,10}$|不承担[^。；]{0,10}$",
            s.text[: m.start()],
            re.I,
        ):
            continue  # "shall have no obligation to order any minimum quantity": the commitment is denied
        if names_only(s.text):
            continue  # a heading ("MINIMUM PURCHASES") or a definition binds no one
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or (side is None and ctx.parties.buy_side):
            return [
                Finding(
                    "minimum_commitment",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} is bound by a minimum commitment ({m.group(0)}).",
                        f"{ctx.us}须承担最低承诺（{m.group(0)}）。",
                    ),
                    ctx.t(
                        "We pay for volumes we may not need if demand falls.",
                        "需求下降时我方仍须为不需要的数量付款。",
                    ),
                    ctx.t(
                        "Playbook: non-binding forecasts, or shortfalls carried forward without payment.",
                        "行业立场：预测不具约束力，或短缺量结转且无需付款。",
                    ),
                )
            ]
    return []


# Our duty to insure ("The Consultant shall maintain professional indemnity insurance", "乙方应投保…险").
_OUR_INSURANCE = r"\b(?:maintain|take\s+out|effect|procure|keep)\b[^.;]{0,60}?\binsurance\b|(?:投保|购买|办理)[^。；]{0,20}保险"
_AFTER_THE_END = (
    r"after\s+(?:the\s+|its\s+|such\s+)?(?:termination|expiry|expiration|completion|end)|following\s+(?:the\s+|its\s+|such\s+)?(?:termination|expiry|completion)"
    r"|after\s+(?:this|the)\s+(?:Agreement|Contract)\s+(?:ends|terminates|expires|is\s+terminated|comes\s+to\s+an\s+end)"
    # "for the term and 15 years afterwards"
    r"|\b(?:afterwards|thereafter)\b"
    r"|(?:终止|届满|解除|完工|竣工)后"
)
# Six years after the work is the longest ordinary limitation period for a claim on a simple
# contract; construction contracts are often deeds, with twelve.
_RUN_OFF_YEARS = 6
_CONSTRUCTION_RUN_OFF_YEARS = 12


def _insurance_run_off(ctx: ClauseContext) -> list[Finding]:
    """Our insurance kept in force for longer after the contract than any claim could run."""
    for s, m in ctx.find(_OUR_INSURANCE):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        after = re.search(_AFTER_THE_END, s.text, re.I)
        if after is None:
            continue
        # "for twelve (12) years after termination"; "竣工后十年内"
        periods = [
            p
            for p in find_periods(s.text)
            if p.unit in {"year", "month"}
            and (0 <= after.start() - p.end <= 10 or 0 <= p.start - after.end() <= 6)
        ]
        years = _CONSTRUCTION_RUN_OFF_YEARS if ctx.domain == "fidic" else _RUN_OFF_YEARS
        if not periods or periods[0].days <= years * 366:
            continue
        run_off = periods[0]
        return [
            finding(
                ctx,
                "security_insurance_burden",
                "medium",
                span(s, m),
                (
                    f"{ctx.us} must keep its insurance in force for {fmt_period(run_off)} after the contract ends.",
                    f"{ctx.us}须在合同结束后继续维持保险{fmt_period(run_off)}。",
                ),
                (
                    f"The premiums run long after the fees stop and beyond the period in which a claim is likely; {ctx.us} bears the cost and the risk of cover becoming unavailable.",
                    f"保费在收费结束后仍需长期支付，且超出通常的索赔期限；{ctx.us}承担成本以及保险无法续保的风险。",
                ),
                (
                    "Playbook: run-off cover for up to six years after completion, on commercially reasonable terms and while available in the market.",
                    "行业立场：完工后最多维持六年，以商业上合理的条件且在市场可投保的情况下为限。",
                ),
            )
        ]
    return []


# The counterparty first in line for the proceeds: "并以保管人为第一受益人", "naming the Warehouse
# Keeper as (first) loss payee".
_PAYEE_ZH = r"以(?:{them})为(?:第一|唯一)?(?:受益人|被保险人)"
_PAYEE_EN = r"(?:naming|name|with)\s+(?:the\s+)?(?:{them})\s+(?:is\s+|be\s+)?(?:named\s+)?as\s+(?:the\s+)?(?:first|sole)?\s*(?:loss\s+payee|beneficiary)"
# Whose goods these are: a financier or owner named payee (lender, lessor, employer) has a real
# interest in the insured thing; a warehouse or carrier holding our goods has none.
_OWNS_WHAT_IS_INSURED = {"customer", "buyer"}


def _insurance_over_our_goods(ctx: ClauseContext) -> list[Finding]:
    """Our own goods insured for more than they are worth, or for the counterparty's benefit."""
    for s, m in ctx.find(_OUR_INSURANCE):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        text = s.text
        # "保险金额不低于货物价值的百分之一百五十": indemnity cover never pays more than the loss
        over = next(
            (
                p
                for p in find_percents(text)
                if p.value > 100
                and re.search(
                    r"价值|value|worth|replacement\s+cost|重置",
                    text[max(0, p.start - 20) : p.start + 20],
                    re.I,
                )
            ),
            None,
        )
        payee = set(ctx.parties.our_roles) & _OWNS_WHAT_IS_INSURED and re.search(
            _PAYEE_ZH.format(them=ctx.them_rx) + "|" + _PAYEE_EN.format(them=ctx.them_rx), text, re.I
        )
        if not (over or payee):
            continue
        what_en, what_zh = [], []
        if over:
            what_en.append(f"for {over.value:g}% of their value")
            what_zh.append(f"保险金额为其价值的{over.value:g}%")
        if payee:
            what_en.append(f"with {ctx.them} first in line for the proceeds")
            what_zh.append(f"并以{ctx.them}为受益人")
        return [
            finding(
                ctx,
                "security_insurance_burden",
                "medium",
                span(s, m),
                (
                    f"{ctx.us} must insure its own goods " + " and ".join(what_en) + ".",
                    f"{ctx.us}须为自有货物投保，" + "，".join(what_zh) + "。",
                ),
                (
                    f"{ctx.us} pays premium for cover beyond any loss it can suffer"
                    if over
                    else f"The proceeds of {ctx.us}'s own insurance go first to {ctx.them}, whose own liability for the same loss is capped",
                    f"{ctx.us}为超出其可能损失的保额支付保费"
                    if over
                    else f"{ctx.us}自有保险的赔款先归{ctx.them}，而{ctx.them}对同一损失的责任却受限",
                ),
                (
                    "Market: the owner insures its goods at their value and is the beneficiary; the custodian insures its own liability and waives subrogation only for losses it did not cause.",
                    "市场惯例：货主按货物价值投保并为受益人；保管方自行投保其责任险，仅对非其造成的损失放弃代位求偿。",
                ),
            )
        ]
    return []


@rule(reports={"security_insurance_burden"})
def security_burden(ctx: ClauseContext) -> list[Finding]:
    """Excessive, on-demand or long-lived security or insurance provided by us."""
    insurance = _insurance_run_off(ctx) or _insurance_over_our_goods(ctx)
    if insurance:
        return insurance
    return (
        _deposit_we_lodge(ctx)
        or _rent_payable_after_damage(ctx)
        or _owners_guarantee(ctx)
        or _security_we_provide(ctx)
    )


def _deposit_we_lodge(ctx: ClauseContext) -> list[Finding]:
    """A deposit we lodge that is large (six months or more) or forfeitable."""
    # whoever pays the deposit in lodges it; later sentences about keeping it ("甲方有权没收该保证金，
    # 保证金不计利息") speak of its holder
    lodged = next(
        (
            ctx.actor(s, m.start())
            for s, m in ctx.find(
                r"(?:支付|缴纳|交纳|提交|提供|交付|\bpay|\blodge|\bprovide)\w*[^。；.;]{0,20}?(?:\bdeposit\b|押金|保证金)"
            )
        ),
        None,
    )
    for s, m in ctx.find(r"\bdeposit\b|押金|保证金"):
        if lodged is not None and not ctx.parties.ours(lodged):
            break
        months = [p for p in find_periods(s.text) if p.unit == "month" and p.value >= 6]
        forfeit = re.search(r"retain\s+(?:it\s+)?in\s+full|forfeit|不予退还|不退还|没收", ctx.text, re.I)
        if (months or forfeit) and ctx.parties.ours(
            ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        ):
            return [
                Finding(
                    "security_insurance_burden",
                    "high" if forfeit else "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} must lodge a deposit"
                        + (f" of {fmt_period(months[0])}' payments" if months else "")
                        + (", which the other side may keep in full." if forfeit else "."),
                        f"{ctx.us}须缴纳"
                        + (f"相当于{fmt_period(months[0])}款项的" if months else "")
                        + "保证金"
                        + ("，且对方可全额扣留。" if forfeit else "。"),
                    ),
                    ctx.t(
                        "Cash is tied up for the whole term and can be lost without any proven loss.",
                        "资金在整个期限内被占用，且可能在对方无实际损失时被扣留。",
                    ),
                    ctx.t(
                        "Market: three months' payments at most, held in a separate account and returned at the end less only proven sums due.",
                        "市场惯例：不超过三个月的款项，存放于独立账户，期满退还，仅可扣除经证实的欠款。",
                    ),
                )
            ]
    return []


def _rent_payable_after_damage(ctx: ClauseContext) -> list[Finding]:
    """We keep paying rent or fees in full while the premises are damaged and cannot be used."""
    for s, m in ctx.find(
        r"(?:Rent|rent|fees?|charges?)\s+shall\s+(?:continue\s+to\s+be|remain)\s+payable(?:\s+in\s+full)?|租金(?:仍应|应继续|照常)(?:全额)?支付"
    ):
        if ctx.parties.pays and re.search(r"damage|destroy|insured|fire|毁损|损坏|保险|灭失", s.text, re.I):
            return [
                Finding(
                    "security_insurance_burden",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} keeps paying in full even when the premises are damaged and cannot be used.",
                        f"即使场所毁损无法使用，{ctx.us}仍须全额付款。",
                    ),
                    ctx.t(
                        f"{ctx.us} pays the insurance premium yet carries the loss the insurance should cover.",
                        f"{ctx.us}承担了保险费，却仍须承担本应由保险覆盖的损失。",
                    ),
                    ctx.t(
                        "Market: rent suspended while the premises are unfit after insured damage (with loss-of-rent cover), and a right to terminate if not reinstated within a set period.",
                        "市场惯例：保险事故导致场所无法使用期间租金暂停支付（由租金损失险承保），未在约定期限内修复的可解除合同。",
                    ),
                )
            ]
    return []


def _owners_guarantee(ctx: ClauseContext) -> list[Finding]:
    """Security from outside the contracting company: its shareholders' or directors' own assets, unlimited or on demand."""
    for s, m in ctx.find(
        r"(?:personal|shareholders?['’]?|directors?['’]?|owners?['’]?)\s+guarantees?|(?:个人|股东|实际控制人)[^。；]{0,20}(?:无限)?(?:连带责任)?(?:保证|担保)"
    ):
        unlimited = re.search(
            r"unlimited|on\s+(?:first\s+)?demand|joint\s+and\s+several|无限|连带", s.text, re.I
        )
        if unlimited and ctx.parties.ours(
            ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        ):
            return [
                finding(
                    ctx,
                    "security_insurance_burden",
                    "high",
                    span(s, m),
                    (
                        f"{ctx.us} must procure unlimited guarantees from its shareholders or directors personally.",
                        f"{ctx.us}须促使其股东或董事个人提供无限责任担保。",
                    ),
                    (
                        f"Limited liability is set aside: the owners behind {ctx.us} answer with their own assets for the whole debt.",
                        f"有限责任被架空：{ctx.us}背后的股东须以个人财产对全部债务负责。",
                    ),
                    (
                        "Market: security over the company's own assets; any guarantee from owners capped in amount, limited in time and called only after demand on the company.",
                        "市场惯例：以公司自身资产提供担保；股东担保如有须限定金额和期限，且仅在向公司追索后方可主张。",
                    ),
                )
            ]
    return []


def _security_we_provide(ctx: ClauseContext) -> list[Finding]:
    """A performance security or retention we provide above the usual share, or held too long."""
    judged: Sentence | None = None
    for s, m in ctx.find(
        r"performance\s+(?:security|bond|guarantee)|bank\s+guarantee|on[- ]demand\s+(?:bank\s+)?guarantee|retention|\bretain\b|履约(?:保函|担保|保证金)|质量保证金|保函"
        r"|(?:standby\s+)?letter\s+of\s+credit|surety\s+bond"
    ):
        if s is judged:
            # "a Performance Security …, in the form of an unconditional bank guarantee": one
            # security, whose provider is the subject the first mention already gave
            continue
        judged = s
        text = s.text
        side = ctx.actor(s, m.start())
        if re.search(
            r"retain|retention|质量保证金|质保金|扣留",
            m.group(0) + text[max(0, m.start() - 40) : m.start()],
            re.I,
        ):
            if ctx.parties.ours(side) and re.search(
                r"\bretain|扣留|扣除|预留|暂扣", m.group(0) + text[max(0, m.start() - 20) : m.start()], re.I
            ):
                continue  # we hold the retention: security for us, not a burden
            if ctx.parties.theirs(side):
                side = "us"  # the counterparty retains part of OUR payments: the burden is ours
        if not (ctx.parties.ours(side) or (side is None and ctx.parties.supplies)):
            continue
        # the percentage that belongs to the security, not e.g. the 95% paid before it
        pcts = sorted(find_percents(text), key=lambda p: abs(p.start - m.start()))
        on_demand = re.search(
            r"on[- ]demand|first\s+demand|unconditional|(?:upon|on)\s+(?:its\s+)?(?:written\s+)?demand|without\s+proof\s+of\s+default|见索即付|无条件",
            text,
            re.I,
        )
        retention = re.search(r"retain|retention|质量保证金", m.group(0), re.I)
        # A Chinese construction retention (质量保证金) may not exceed 3% of the settled price
        # (住建部《建设工程质量保证金管理办法》 art. 7); elsewhere 5% is the market level.
        statutory = (
            bool(retention) and re.search(r"质量保证金|质保金", text) is not None and ctx.domain == "fidic"
        )
        limit = 3 if statutory else 5 if retention else 10
        # held until long after the work's own defects period: "twelve months after the end of the
        # defects period of the Main Contract", "待总包合同约定的缺陷责任期满且发包人…退还后"
        overheld = retention and re.search(
            r"(?:months?|years?)\s+after\s+(?:the\s+)?(?:end|expiry|expiration)\s+of\s+the\s+(?:defects|maintenance|warranty)"
            r"|(?:总包|总承包|主)合同[^。；]{0,12}(?:缺陷责任期|质保期|保修期)|(?:发包人|业主)[^。；]{0,16}退还",
            text,
            re.I,
        )
        excess = (
            (
                f", above the {limit}% cap of Chinese law on construction retention",
                f"，超过《建设工程质量保证金管理办法》规定的{limit}%上限",
            )
            if statutory
            else (f", above the usual {limit}%", f"，高于通常的{limit}%")
        )
        if pcts and (pcts[0].value > limit or overheld):
            return [
                Finding(
                    "security_insurance_burden",
                    "high" if on_demand or pcts[0].value >= 15 else "medium",
                    span(s, pcts[0].start),
                    ctx.t(
                        f"{ctx.us} must provide {'an on-demand ' if on_demand else ''}security of {pcts[0].value:g}%"
                        + (excess[0] if pcts[0].value > limit else "")
                        + (", held long after its own defects period." if overheld else "."),
                        f"{ctx.us}须提供{'见索即付的' if on_demand else ''}{pcts[0].value:g}%担保"
                        + (excess[1] if pcts[0].value > limit else "")
                        + ("，且在其缺陷责任期结束后仍长期被扣留。" if overheld else "。"),
                    ),
                    ctx.t(
                        "Excess security ties up credit lines and, if callable on demand, can be drawn without proof of default.",
                        "过高的担保占用授信额度，如为见索即付，对方无需证明违约即可兑付。",
                    ),
                    ctx.t(
                        f"Playbook: {limit}% in an agreed form, callable only for stated defaults after notice, released promptly.",
                        f"行业立场：按约定格式提供{limit}%，仅在通知后就列明违约索兑，并及时退还。",
                    ),
                )
            ]
    return []


_COST_DRIVER = (
    r"change\w*\s+(?:in|of)\s+(?:the\s+)?(?:laws?|legislation|regulations?)|legislat\w+|\btax(?:es|ation)?\b|duties|tariffs?|customs"
    r"|exchange\s+rates?|currenc\w+|inflation|escalat\w+|cost\s+of\s+(?:labou?r|materials|energy|fuel)|(?:labou?r|material|raw\s+material|energy|input)\s+costs?"
    r"|(?:increase|rise|change)s?\s+in\s+(?:the\s+)?(?:costs?|prices?)\s+of"
    r"|法律|法规|政策|汇率|税率|税费|税收|关税|物价|原材料|材料价格|人工|成本"
    # "主要材料（铝型材、玻璃、钢材）市场价格上涨的风险", "any rise in the market price of steel"
    r"|(?:材料|设备|燃料|能源|市场)[^。；]{0,24}?价格?(?:上涨|上升|波动|变化|变动)|\b(?:rise|increase|fluctuation)s?\s+in\s+(?:the\s+)?market\s+prices?"
)
_NO_ADJUST = (
    r"(?:shall|will|may)\s+not\s+(?:\w+\s+){0,3}(?:adjust\w*|increas\w*|vari\w*|revis\w*|chang\w*)|not\s+(?:be\s+)?subject\s+to\s+(?:any\s+)?(?:adjustment|revision|escalation)"
    r"|\bno\s+(?:\w+\s+){0,2}(?:adjustment|increase|escalation|revision)|without\s+(?:any\s+)?(?:adjustment|increase|escalation)"
    r"|\b(?:bear|bears|borne)\b|at\s+(?:its|their|the\s+\w+['’]s)\s+(?:own\s+)?(?:risk|cost)"
    r"|\bfixed\b[^.;]{0,60}?\b(?:notwithstanding|regardless\s+of|irrespective\s+of)"
    r"|不得.{0,30}(?:调整|调价|增加|变更)|不(?:予|作|再)?(?:调整|调价)|保持不变|固定不变|(?:由|均由).{0,8}(?:自行)?承担|风险.{0,8}承担"
    r"|不因[^。；]{0,40}?而(?:予以)?(?:调整|调价|变更|增加)"
)
_ADJUSTMENT_MECHANISM = (
    r"(?<!not\s)(?<!no\s)shall\s+be\s+(?:adjusted|increased|revised)|(?<!no\s)(?:price|contract\s+price)\s+adjustment\s+(?:formula|mechanism)"
    r"|(?:应|予以|相应)(?:予以)?调整(?!.{0,4}不)|调价(?:公式|机制)"
)


@rule(reports={"cost_escalation_change_in_law"})
def cost_escalation(ctx: ClauseContext) -> list[Finding]:
    """A fixed price that leaves our party with change-in-law, tax, currency or input-cost risk."""
    for s in ctx.sentences:
        text = s.text
        driver = re.search(_COST_DRIVER, text, re.I)
        freeze = re.search(_NO_ADJUST, text, re.I)
        if not driver or not freeze:
            continue
        if re.search(_ADJUSTMENT_MECHANISM, text, re.I) or re.search(
            r"except\s+(?:as\s+(?:stated|provided|set\s+out)|under|in\s+accordance)|save\s+as\s+(?:stated|provided)|other\s+than\s+under|除.{0,20}(?:另有约定|规定)外",
            text,
            re.I,
        ):
            continue
        # Who carries the cost: the party that bears it or may not ask for an adjustment;
        # a bare "the price is fixed" puts it on the party that is paid the price.
        bearer = None
        by = re.search(
            r"(?:borne\s+by|由|均由)\s*(?:the\s+)?", text[max(0, freeze.start() - 2) : freeze.end() + 4], re.I
        )
        if by:
            tail = text[max(0, freeze.start() - 2) + by.end() : freeze.end() + 40]
            ms = [x for x in ctx.parties.mentions(tail) if x.side != "other" or not ctx.parties.known]
            bearer = ms[0].side if ms else None
        if bearer is None and re.search(
            r"bear|不得|not\s+be\s+entitled|shall\s+not\s+(?:request|claim|seek)|at\s+(?:its|their)",
            freeze.group(0) + text[freeze.end() : freeze.end() + 20],
            re.I,
        ):
            bearer = ctx.actor(s, freeze.start())
        if bearer is None:
            if not ctx.parties.supplies and ctx.parties.known:
                continue
        elif not ctx.parties.ours(bearer):
            continue
        return [
            Finding(
                "cost_escalation_change_in_law",
                "medium",
                span(s, driver.start()),
                ctx.t(
                    f"The price is fixed and {ctx.us} bears changes in law, taxes, exchange rates or input costs without any adjustment.",
                    f"价格固定，{ctx.us}须承担法律、税费、汇率或原材料等成本变化的风险且不予调整。",
                ),
                ctx.t(
                    "These costs are outside our control and cannot be priced reliably when the contract is signed.",
                    "这些成本不受我方控制，签约时无法可靠定价。",
                ),
                ctx.t(
                    "Playbook: price adjustment for changes in law and taxes after the base date; an escalation or exchange-rate formula for long contracts.",
                    "行业立场：基准日后的法律、税费变化调整价格；长期合同设调价或汇率调整机制。",
                ),
            )
        ]
    return []


# Earned fees lost for invoicing late: "Fees not invoiced within that period shall not be payable".
_FEES_FORFEITED = (
    r"(?:shall|will)\s+not\s+be\s+(?:payable|paid|due)|(?:is|are)\s+not\s+payable|no\s+longer\s+(?:be\s+)?payable"
    r"|不予(?:支付|结算)|不再支付"
)
_BAR = (
    r"shall\s+not\s+be\s+entitled|deemed\s+to\s+have\s+waived|waived|time-?barred|(?:be|is|are|shall\s+be)\s+(?:forever\s+)?barred|shall\s+lose|lost|forfeit|"
    r"discharged\s+from|no\s+longer\s+(?:be\s+)?(?:liable|entitled)|shall\s+not\s+be\s+liable|will\s+not\s+be\s+considered|"
    r"视为(?:[^。；，]{0,6}?)(?:自动)?放弃|丧失[^。；]{0,20}?(?:权利|索赔)|不予(?:受理|补偿|支持|赔偿|顺延|延长|调整)|无权(?:要求|索赔|主张)|不再承担"
    r"|" + _FEES_FORFEITED
)


# What a claimant must do in time: give notice, claim, sue, invoice.
_CLAIM_STEP = r"notice|notif|claim|proceedings|\baction\b|\bsuit\b|invoic|通知|索赔|异议|主张|诉讼|起诉|仲裁|发票|结算申请|付款申请"
# A sentence whose bar refers to the period of the sentence before: "within such period", "If it does not".
_POINTS_BACK = (
    r"\b(?:such|that|the\s+said)\s+(?:time|period)\b|上述期限|该期限|前述期限"
    r"|\bif\s+(?:it|they|the\s+\w+)\s+(?:does|do)\s+not\b|\bfailing\s+which\b|\bif\s+(?:it|they|the\s+\w+)\s+fails?\s+to\s+do\s+so\b"
)


@rule(reports={"claim_time_bar"})
def claim_time_bar(ctx: ClauseContext) -> list[Finding]:
    """Entitlements lost unless notice is given within a short period (incl. PC amendments shortening it)."""
    # Particular Conditions that substitute a shorter notice period.
    for s, m in ctx.find(
        r"delete\s+(?:[\"“'](?P<old>[^\"”']{2,40})[\"”']|(?P<old2>[\w\s()-]{2,40}?))\s+and\s+substitute\s+(?:[\"“'](?P<new>[^\"”']{2,40})[\"”']|(?P<new2>[\w\s()-]{2,40}))"
    ):
        old = find_periods(m.group("old") or m.group("old2") or "")
        new = find_periods(m.group("new") or m.group("new2") or "")
        if old and new and new[0].days < old[0].days:
            claimant = ctx.parties.sides_in(ctx.title + " " + ctx.text[:200])
            if claimant == {"them"} and ctx.parties.known:
                continue
            return [
                Finding(
                    "claim_time_bar",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"The notice period for claims is cut from {fmt_period(old[0])} to {fmt_period(new[0])}.",
                        f"索赔通知期由{fmt_period(old[0])}缩短至{fmt_period(new[0])}。",
                    ),
                    ctx.t(
                        f"Notice is a condition precedent: if {ctx.us} misses the shortened period, it loses time and money it is otherwise owed.",
                        f"通知是先决条件：{ctx.us}一旦错过缩短后的期限，将丧失本应获得的工期和费用。",
                    ),
                    ctx.t(
                        "Playbook: at least 28 days from awareness, mutual, with late notice admitted where there is no prejudice.",
                        "行业立场：自知道之日起至少28日，双方对等，且在对方未受不利影响时接受逾期通知。",
                    ),
                )
            ]
    if ctx.domain == "sha_spa" and ctx.parties.is_role("buyer"):
        return []  # seller claim-notice limits are ma_claim_limitations_unfavourable
    units = {"day", "business day", "week", "month", "year", "hour"}
    for before, s in zip([None, *ctx.sentences], ctx.sentences, strict=False):
        text = s.text
        notice = re.search(_CLAIM_STEP, text, re.I) or (
            # "… shall give notice … within seven days. If it does not, it shall not be entitled …"
            before is not None
            and re.search(_POINTS_BACK, text, re.I)
            and re.search(_CLAIM_STEP, before.text, re.I)
        )
        bar = re.search(_BAR, text, re.I)
        if not notice or not bar:
            continue
        periods = [p for p in find_periods(text) if p.unit in units]
        quote = span(s, periods[0].start) if periods else None
        if not periods and before is not None and re.search(_POINTS_BACK, text, re.I):
            # "within such period" points back: the period and its bar in two sentences are quoted
            # together, so a redline can change the period
            periods = [p for p in find_periods(before.text) if p.unit in units]
            quote = Sentence(ctx.text[before.start : s.start + len(text)], before.start)
        if not periods or quote is None:
            continue
        period = periods[0]
        give_rx = (
            r"(?:give|gives|given|giving|serve|submit|notif\w*|bring|brought|commence|发出|提出|提交|通知)"
        )
        give = re.search(give_rx, text, re.I)
        side = ctx.actor(s, give.start()) if give else None
        if side is None and before is not None and quote.start == before.start:
            # the period's sentence says who must act: "The Consultant shall submit each invoice within…"
            earlier = re.search(give_rx, before.text, re.I)
            side = ctx.actor(before, earlier.start()) if earlier else None
        # "Any claim by the Franchisee … shall be barred unless proceedings are issued": the claimant
        claim_by = re.search(
            r"\b(?:claims?|proceedings|actions?)\s+(?:\w+\s+){0,2}?(?:by|of)\s+(?:the\s+)?", text, re.I
        )
        by_whom = ctx.parties.mentions(text[claim_by.end() : claim_by.end() + 40]) if claim_by else []
        if by_whom and by_whom[0].start == 0 and by_whom[0].side in {"us", "them", "mutual"}:
            side = by_whom[0].side
        if re.match(
            r"discharged\s+from|no\s+longer\s+(?:be\s+)?liable|shall\s+not\s+be\s+liable", bar.group(0), re.I
        ) and not (by_whom and by_whom[0].start == 0):
            # "The Provider shall be discharged from all liability unless suit is brought": the party
            # released is named before the bar; the claim it escapes is the other side's
            released = ctx.parties.side_before(text, bar.start())
            side = "us" if released == "them" else "them" if released == "us" else None
        if side is None:
            side = ctx.parties.side_before(text, bar.start())
        if not (ctx.parties.ours(side) or side == "mutual"):
            continue
        limitation = re.search(
            r"proceedings|commence|bring|brought|action|\bsuit\b|诉讼|起诉", text, re.I
        ) and period.unit in {"month", "year"}
        fees_lost = re.fullmatch(_FEES_FORFEITED, bar.group(0), re.I) is not None
        # earned fees forfeited for a late invoice: anything under six months to invoice is harsh
        short = period.months < 6 if fees_lost else period.months < 12 if limitation else period.days < 28
        if not short:
            continue
        if side == "mutual" and not ctx.parties.buy_side and not ctx.parties.sell_side:
            continue
        return [
            Finding(
                "claim_time_bar",
                "high" if ctx.parties.ours(side) else "medium",
                quote,
                ctx.t(
                    f"{ctx.us} loses fees it has earned unless it invoices within {fmt_period(period)}."
                    if fees_lost
                    else f"{ctx.us} loses its claim unless it acts within {fmt_period(period)}.",
                    f"{ctx.us}须在{fmt_period(period)}内开具发票，否则丧失已赚取的费用。"
                    if fees_lost
                    else f"{ctx.us}须在{fmt_period(period)}内采取行动，否则丧失索赔权。",
                ),
                ctx.t(
                    "A short condition-precedent period forfeits valid entitlements for a procedural slip.",
                    "过短的先决条件期限会因程序疏忽而使正当权利丧失。",
                ),
                ctx.t(
                    "Playbook: notice within 28 days of awareness (limitation periods not shortened below 12 months), late notice admitted absent prejudice.",
                    "行业立场：自知道之日起28日内通知（诉讼时效不得缩短至12个月以下），对方未受不利影响的逾期通知仍可接受。",
                ),
            )
        ]
    return []


@rule(reports={"deemed_acceptance_or_waiver"})
def deemed_acceptance(ctx: ClauseContext) -> list[Finding]:
    """Our silence, or the lapse of a short period, is treated as acceptance, approval or waiver."""
    for s, m in ctx.find(
        r"deemed\s+(?:to\s+(?:have\s+)?)?(?:been\s+)?(?:accepted|approved|agreed|waived|final|conclusive|satisfied|acceptance)|"
        r"constitutes?\s+(?:\w+\s+)?(?:acceptance|agreement|approval|waiver)|"
        # a statement the other side issues that binds us unless we dispute it in time
        r"(?:shall\s+be(?:come)?|is|are|becomes?)\s+(?:final\s+and\s+(?:binding|conclusive)|conclusive\s+and\s+binding)|"
        # "deemed correct", "视为货物完好无损": a state of the goods or a statement taken as agreed
        r"deemed\s+(?:to\s+(?:be|have\s+been)\s+)?(?:correct|accurate|conforming|delivered\s+in\s+good|in\s+good\s+(?:order|condition))|"
        r"(?<!不)视为[^。；，,]{0,20}?(?:验收合格|验收通过|接受|认可|同意|放弃|确认|无异议|合格|完好|无误|符合(?:合同)?(?:约定|要求|标准))"
    ):
        text = s.text
        if (
            re.search(r"claim|entitle|索赔", text, re.I)
            and re.search(_BAR, text, re.I)
            and find_periods(text)
        ):
            continue  # a claim notice bar: claim_time_bar
        silent = re.search(
            r"(?:if|where|unless)\s+(?:the\s+)?(\w+(?:'s)?)?\s*(?:\w+\s+){0,2}(?:fails?\s+to|does\s+not|has\s+not|do\s+not)\s+(?:\w+\s+){0,2}(?:object|notify|respond|reject|dispute|give|raise|inform)|"
            r"continued\s+use|未(?:在.{0,20}|[^。；，,]{0,4}?)(?:提出|书面提出|答复|回复|确认|异议)|逾期未"
            # "应在收到后3日内书面提出，逾期视为乙方认可": the lapse itself is the silence
            r"|逾期(?:不提出|不予答复)?[，,]?\s*(?=视为)"
            # a sum left out of the final account: "any sum that the Consultant does not include in its final invoice"
            r"|(?:that|which)\s+(?:the\s+)?\w+\s+(?:does\s+not|fails\s+to)\s+(?:include|claim|state)\b[^.;]{0,30}?(?:final|last)\s+(?:invoice|statement|account|application)"
            r"|未(?:列入|纳入|包括在)[^。；]{0,6}(?:最终|竣工)?结算"
            r"|unless\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:notif(?:y|ies)|objects?|rejects?|disputes?|gives?\s+(?:written\s+)?notice|raises?)\b[^.;]{0,100}?within",
            text,
            re.I,
        )
        if not silent:
            continue
        side = (
            ctx.actor(s, silent.end() - 1)
            if not re.match(r"continued", silent.group(0), re.I)
            else ctx.parties.side_before(text, silent.end() + 40)
        )
        notifier = re.match(
            r"unless\s+(?:the\s+)?(?P<who>(?:\w+\s+){0,2}?)(?:notif|object|reject|disput|give|raise)",
            silent.group(0),
            re.I,
        )
        if notifier:
            # "deemed accepted by the Distributor unless it notifies the Supplier": the one who must speak
            named = ctx.parties.mentions(notifier.group("who"))
            side = named[0].side if named else ctx.parties.side_before(text, silent.start())
            window = [
                p
                for p in find_periods(text[silent.start() :])
                if p.unit in {"day", "business day", "hour", "week"}
            ]
            if not window or window[0].days >= 15:
                continue  # a fair inspection or dispute window before acceptance is market practice
        if re.match(r"continued", silent.group(0), re.I):
            ms = ctx.parties.mentions(text[max(0, silent.start() - 40) : silent.end() + 40])
            side = ms[0].side if ms else side
        if side is None:
            # "甲方应在…内完成检验，逾期未提出异议的，视为…": the silent party is the sentence's subject
            ms = [x for x in ctx.parties.mentions(text[: silent.start()]) if x.side != "mutual"]
            side = ms[0].side if ms else None
        if (
            side is None
            and ctx.parties.buy_side
            and re.search(r"收货人|收货方|\bconsignee\b", text[: silent.end()], re.I)
        ):
            side = "us"  # the consignee takes delivery for the shipper or buyer: its silence binds us
        if not ctx.parties.ours(side):
            continue
        # an objection due "on the spot" leaves no time at all to inspect
        hurried = [p for p in find_periods(text) if p.days <= 3] or re.search(
            r"当场|当即|立即|immediately|on\s+the\s+spot|at\s+the\s+time\s+of\s+(?:delivery|collection)",
            text,
            re.I,
        )
        return [
            Finding(
                "deemed_acceptance_or_waiver",
                "high" if hurried else "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.us}'s silence or inaction is deemed acceptance, approval or waiver.",
                    f"{ctx.us}的沉默或不作为被视为接受、批准或放弃。",
                ),
                ctx.t(
                    "Defects, wrong invoices or unfavourable changes become binding if we do not react in time.",
                    "如未及时回应，缺陷、错误账单或不利变更将对我方产生约束力。",
                ),
                ctx.t(
                    "Playbook: acceptance or waiver only by express written statement; if deemed, only after a reminder and a reasonable period.",
                    "行业立场：接受或放弃仅能以明示书面形式作出；如需视为，须经催告并给予合理期限。",
                ),
            )
        ]
    return []


# A bank or performance guarantee, bond or letter of credit: security for performance, not a warranty of it.
_SECURITY_INSTRUMENT = re.compile(
    r"(?:performance|bank|on-demand|demand|advance\s+payment|parent\s+company|retention)\s+(?:guarantee|bond|security)"
    r"|letter\s+of\s+credit|保函|履约担保|预付款担保",
    re.I,
)


# Warranties taken away, not given: "makes no warranties", "disclaims", "as is".
_DISCLAIMED = re.compile(
    r"(?:makes?|gives?|provides?|extends?)\s+no\s+(?:\w+\s+){0,4}(?:warrant\w*|representations?|guarantees?)"
    r"|\bdisclaim\w*|(?:does|do|shall|will)\s+not\s+(?:\w+\s+)?(?:warrant|guarantee|represent)\b"
    r"|\bas\s+is\b|without\s+(?:any\s+)?warrant\w*|不(?:作|提供)(?:任何)?(?:保证|担保)",
    re.I,
)


# The period a warranty runs for, named as such.
_WARRANTY_PERIOD = r"(?:warranty|guarantee|defects\s+(?:liability|notification))\s+period|质量保证期|质保期|保修期|缺陷(?:责任|通知)期"


def _measures_warranty(text: str, term: re.Match[str], period: Period) -> bool:
    """Whether ``period`` is how long the warranty named at ``term`` runs, not a deadline near it
    ("提交履约保函的7日内", "有效期至质保期届满后6个月")."""
    if 0 <= term.start() - period.end <= 12:
        return True  # "90日质保期", "a 90-day warranty"
    if period.start < term.end():
        return False
    between = text[term.end() : period.start]
    reach = 30 if re.search(r"[\u4e00-\u9fff]", term.group(0)) else 120
    return len(between) <= reach and not re.search(
        r"届满|期满|结束|expir\w*|end\s+of|after\s+the", between, re.I
    )


def _disclaimed_before(text: str, pos: int) -> bool:
    """Whether the promise at ``pos`` is one a disclaimer before it takes away (no "warrants that" between)."""
    disclaimer = _DISCLAIMED.search(text[:pos])
    return disclaimer is not None and not re.search(
        r"\b(?:warrants?|guarantees?|represents?)\s+(?:and\s+\w+\s+)?that\b",
        text[disclaimer.end() : pos],
        re.I,
    )


def _their_design_errors(ctx: ClauseContext) -> list[Finding]:
    """We answer for errors in the drawings, specifications or materials the other side supplies.

    Construction contracts have their own id for this (employer_requirements_errors); elsewhere a
    maker built to the customer's design is warranting what it does not control.
    """
    them = ctx.them_rx
    pattern = (
        # a maker vouching for the specification it is given, or for defects the specification causes
        r"warrants?\s+that\s+(?:the\s+)?(?:Specifications?|drawings|designs?)\s+(?:are|is|will\s+be)\s+(?:complete|accurate|correct|free\s+from\s+(?:errors?|defects?))"
        r"|(?:liable|responsible)\s+for\s+any\s+(?:defects?|non-?conformit\w+|errors?)[^.;]{0,60}?(?:resulting|arising)\s+from\s+(?:the\s+)?(?:Specifications?|drawings|designs?)\b"
        r"|(?:responsible|liable|answerable)\s+for\s+(?:any\s+|all\s+)?(?:errors?|omissions?|defects?|inaccurac\w+|discrepanc\w+)[^.;]{0,60}?\b(?:in|of)\s+(?:the\s+)?"
        rf"(?:(?:{them})['’]s\s+(?:drawings|designs?|specifications?|instructions|materials|data)"
        rf"|(?:drawings|designs?|specifications?|materials|data)\s+(?:provided|supplied|furnished|issued)\s+by\s+(?:the\s+)?(?:{them}))"
        rf"|应对(?:{them})(?:提供|交付|指定|出具)的[^。；]{{0,20}}(?:图纸|设计|技术资料|规格|原材料|样品|数据)[^。；]{{0,10}}(?:错误|遗漏|缺陷|差错)[^。；]{{0,6}}负责"
        rf"|(?:{them})(?:提供|交付|指定|出具)的[^。；]{{0,20}}(?:图纸|设计|技术资料|规格|原材料|样品|数据)[^。；]{{0,10}}(?:错误|遗漏|缺陷|差错)[^。；]{{0,20}}由(?:{ctx.us_rx})(?:自行)?(?:负责|承担)"
    )
    for s, m in ctx.find(pattern):
        if re.search(r"\b(?:not|never)\s+(?:be\s+)?$", s.text[: m.start()], re.I):
            continue  # "shall not be liable for any defect resulting from the Specifications"
        if not ctx.parties.ours(
            ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        ) and "由" not in m.group(0):
            continue
        return [
            finding(
                ctx,
                "warranty_excessive",
                "high",
                span(s, m),
                (
                    f"{ctx.us} answers for errors in the drawings or specifications {ctx.them} itself supplies.",
                    f"{ctx.us}须对{ctx.them}自己提供的图纸或技术资料中的错误负责。",
                ),
                (
                    f"A defect caused by {ctx.them}'s design becomes {ctx.us}'s cost: rework, rejected goods, recalls and delay damages.",
                    f"因{ctx.them}设计导致的缺陷变成{ctx.us}的成本：返工、退货、召回及延误违约金。",
                ),
                (
                    "Playbook: the party that supplies the design bears its errors; we warrant conformity with the design and notify obvious errors we actually notice.",
                    "行业立场：提供设计的一方承担设计错误的后果；我方仅保证按设计加工，并对实际发现的明显错误及时通知。",
                ),
            )
        ]
    return []


# An absolute promise of result: fit for any purpose, free from all defects, whatever happens.
_ABSOLUTE_PROMISE = re.compile(
    r"fit(?:ness)?\s+for\s+(?:the\s+|its\s+|any\s+|all\s+)?(?:intended\s+|particular\s+)?(?:purposes?|uses?)|suitable\s+for\s+(?:any|all)\s+(?:purposes?|uses?)|irrespective\s+of|regardless\s+of|"
    r"in\s+all\s+circumstances|absolute(?:ly)?|free\s+from\s+(?:all|any)\s+(?:\w+\s+)?(?:defects?|errors?|faults?|bugs?)|(?:error|defect|fault)[- ]free|"
    r"无论.{0,20}(?:均|都|亦|如何)|不论.{0,20}(?:如何|与否|均|都)|不受.{0,20}(?:条件|情况|因素|限电|天气|资源).{0,6}影响|绝对|完全(?:满足|适合|适用|符合)|(?:一切|全部|任何)(?:生产|使用)?(?:用途|目的|使用要求|需求)|无任何(?:质量)?(?:缺陷|故障|瑕疵|问题)|不(?:出现|发生)任何(?:故障|缺陷|质量问题)|任何情况下",
    re.I,
)
# A promise of reasonable skill and care is a standard of effort, not an absolute one.
_REASONABLE_CARE = re.compile(r"reasonable\s+(?:skill|care|endeavou?rs)|合理(?:技能|谨慎)", re.I)
# "… enforceable … regardless of whether considered in equity or at law": the enforceability
# opinion's equity exception, not a promise of result.
_EQUITY_EXCEPTION = re.compile(r"regardless\s+of\s+whether\s+.{0,80}(?:equity|at\s+law)", re.I)
# A recital tells the history; it promises nothing.
_RECITAL = re.compile(r"\s*whereas\b", re.I)


@rule(reports={"warranty_excessive", "warranty_or_sla_inadequate"})
def warranties(ctx: ClauseContext) -> list[Finding]:
    """Absolute or fitness-for-purpose warranties given by us; weak warranties or SLAs given to us."""
    out: list[Finding] = [] if ctx.domain == "fidic" else _their_design_errors(ctx)
    perfect = _perfect_availability_we_promise(ctx)
    if perfect:
        return out + perfect
    out += _excessive_warranty_we_give(ctx)
    if ctx.parties.pays:
        out += _warranties_disclaimed(ctx)
        out += _short_warranty_given_to_us(ctx)
        out += _sole_remedy_for_their_failure(ctx)
        out += _low_availability_target(ctx)
    return out


def _perfect_availability_we_promise(ctx: ClauseContext) -> list[Finding]:
    """We promise 100% availability, which no service can meet (then nothing else is asked)."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"(?:available|availability|uptime)\s+(?:of\s+|at\s+)?(?:100\s?%|one\s+hundred\s+per\s*cent)|(?:100\s?%|one\s+hundred\s+per\s*cent)\s+(?:of\s+the\s+time|availability|uptime)"
        r"|(?:可用性|可用率|在线率)[^。；]{0,6}(?:100\s?%|百分之百)|(?:不间断|无中断)(?:地)?(?:运行|提供服务)"
    ):
        if ctx.parties.ours(ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())):
            out.append(
                Finding(
                    "warranty_excessive",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} commits to 100% availability, which no service can meet.",
                        f"{ctx.us}承诺100%的可用性，任何服务都无法达到。",
                    ),
                    ctx.t(
                        "Every minute of maintenance or outage is a breach, whatever its cause.",
                        "任何维护或中断都将构成违约，无论原因为何。",
                    ),
                    ctx.t(
                        "Market: 99.5-99.9% monthly availability, excluding planned maintenance and events outside our control.",
                        "市场惯例：月度可用性99.5%-99.9%，计划内维护及不可控事件除外。",
                    ),
                )
            )
            return out
    return out


def _warranty_side(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> Side | None:
    """Who gives the warranty in ``s`` (``m``: its warranty word), with the defaults a clause implies."""
    text = s.text
    side = ctx.actor(s, m.start())
    if (
        side is None
        and ctx.parties.supplies
        and ctx.domain != "sha_spa"
        and re.search(_WARRANTY_PERIOD, text, re.I)
    ):
        side = "us"  # "质保期为验收合格之日起三年": a warranty period names no one; the supplier gives it
    if (
        side is None
        and ctx.domain == "sha_spa"
        and re.search(r"\bWarrant(?:y|ies)\b|陈述(?:与|和|及)保证", text)
    ):
        side = "us" if ctx.parties.is_role("seller") else None  # a share deal's Warranties are the seller's
    return side


def _absolute_promise(text: str) -> re.Match[str] | None:
    """The words of an absolute warranty (fit for any purpose, free from all defects), unless the
    sentence only asks for reasonable skill and care."""
    strict = _ABSOLUTE_PROMISE.search(text)
    return None if strict is None or _REASONABLE_CARE.search(text) else strict


def _long_warranty_period(ctx: ClauseContext, text: str) -> Period | None:
    """A warranty period beyond the norm (two years), unless the law sets it."""
    periods = [
        p
        for p in find_periods(text)
        if p.unit in {"month", "year"}
        and not re.search(r"notice|通知", text[max(0, p.start - 30) : p.start], re.I)
    ]
    warranty_terms = re.search(
        r"warrant|guarantee|defect|fault|quality|workmanship|保修|质保(?!金)|质量(?!保证金)|缺陷|故障|瑕疵|陈述(?:与|和|及)保证",
        text,
        re.I,
    )
    if ctx.domain == "sha_spa" and re.search(r"\bTax|税", text):
        warranty_terms = None  # tax warranties run with the limitation period for tax (often 4-7 years)
    # two years is within the norm (and is 24.3 months counted in days)
    long = periods[0] if periods and periods[0].months > 24.5 and warranty_terms else None
    if (
        long
        and long.months <= 61
        and re.search(r"保修", text)
        and re.search(r"防水|渗漏|屋面|外墙|幕墙", text)
    ):
        long = None  # five years against leaks (roof, external walls, curtain walls) is China's statutory minimum
    return long


def _excessive_warranty_we_give(ctx: ClauseContext) -> list[Finding]:
    """The first warranty we give that is absolute or runs unusually long."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"\b(?:warrant\w*|guarantee\w*|represents?|undertakes?)\b|保证|担保|承诺|质保|缺陷(?:责任|通知)期|保修期"
    ):
        text = s.text
        side = _warranty_side(ctx, s, m)
        if not ctx.parties.ours(side):
            continue
        if _SECURITY_INSTRUMENT.search(text) and not re.search(
            r"(?:guarantees?|warrants?)\s+that|保证(?!金|函)[^。；]{0,20}(?:符合|达到|不低于|无)", text, re.I
        ):
            continue  # a bank guarantee's validity is security (security_insurance_burden), not a warranty
        if _RECITAL.match(text):
            continue
        strict = _absolute_promise(text)
        if strict and _disclaimed_before(text, strict.start()):
            continue  # "makes no warranties ... including fitness for a particular purpose": a disclaimer
        if strict and _EQUITY_EXCEPTION.match(text[strict.start() :]):
            strict = None
        long = _long_warranty_period(ctx, text)
        if not strict and not long:
            continue
        problems = []
        if strict:
            problems.append(
                ctx.t(f"an absolute guarantee ({strict.group(0)})", f"绝对性保证（{strict.group(0)}）")
            )
        if long:
            problems.append(
                ctx.t(
                    f"an unusually long warranty period of {fmt_period(long)}",
                    f"长达{fmt_period(long)}的保证期",
                )
            )
        if long and not strict and ctx.domain == "sha_spa":
            out.append(
                finding(
                    ctx,
                    "warranty_excessive",
                    "medium",
                    span(s, long.start),
                    (
                        f"{ctx.us}'s warranties survive for {fmt_period(long)} after Completion.",
                        f"{ctx.us}的陈述与保证在交割后{fmt_period(long)}内持续有效。",
                    ),
                    (
                        "General warranty claims are normally brought once the buyer has run the business through one or two audits; beyond that the seller stays exposed long after the price is spent.",
                        "一般保证的索赔通常在买方经历一至两个审计周期后即已提出；超出该期限，卖方在价款早已使用后仍长期承担风险。",
                    ),
                    (
                        "Market: 12-24 months for general warranties; longer only for title, capacity and tax.",
                        "市场惯例：一般保证12-24个月；仅权属、主体资格和税务保证可更长。",
                    ),
                )
            )
            break
        out.append(
            Finding(
                "warranty_excessive",
                "high",
                span(s, strict.start() if strict else long.start if long else m.start()),
                ctx.t(
                    f"{ctx.us} gives "
                    + " and ".join(problems)
                    + ", beyond reasonable skill and care and conformity with the specification.",
                    f"{ctx.us}作出" + "及".join(problems) + "，超出合理技能与谨慎及符合约定规格的标准。",
                ),
                ctx.t(
                    "We would be liable for outcomes that depend on matters we do not control, whatever our diligence, for longer than the equipment or work can reasonably be expected to stay defect-free.",
                    "无论我方如何勤勉，均须对我方无法控制的结果承担责任，且期限超出设备或工作可合理保持无缺陷的时间。",
                ),
                ctx.t(
                    "Playbook: conformity with agreed specifications and reasonable skill and care, for 12-24 months; fitness only for purposes expressly stated in the contract.",
                    "行业立场：保证符合约定规格并尽合理技能与谨慎，保证期12-24个月；仅对合同明确约定的用途承担适用性保证。",
                ),
            )
        )
        break
    return out


def _short_warranty_given_to_us(ctx: ClauseContext) -> list[Finding]:
    """The counterparty's warranty to us lasts under a year."""
    out: list[Finding] = []
    for s, m in ctx.find(
        _WARRANTY_PERIOD + r"|warrants?\b|保证期"
        r"|(?:free|no-charge)\s+(?:maintenance|support|bug[- ]fixing)|免费(?:维护|维修|保修|技术支持)"
    ):
        side = ctx.actor(s, m.start())
        if not (ctx.parties.theirs(side) or (side is None and ctx.parties.known)):
            continue
        short = [
            p
            for p in find_periods(s.text)
            if p.unit in {"day", "week", "month"} and p.months < 12 and _measures_warranty(s.text, m, p)
        ]
        if short:
            out.append(
                Finding(
                    "warranty_or_sla_inadequate",
                    "medium",
                    span(s, short[0].start),
                    ctx.t(
                        f"{ctx.them}'s warranty lasts only {fmt_period(short[0])}.",
                        f"{ctx.them}的质量保证期仅为{fmt_period(short[0])}。",
                    ),
                    ctx.t(
                        "Defects that appear after a few months of use would be at our cost.",
                        "使用数月后才显现的缺陷将由我方承担。",
                    ),
                    ctx.t(
                        "Playbook: at least 12 months from acceptance, with repair, replacement or refund and damages for failures.",
                        "行业立场：自验收起至少12个月，可要求修理、更换或退款并就损失索赔。",
                    ),
                    priority=1,
                )
            )
            break
    return out


def _sole_remedy_for_their_failure(ctx: ClauseContext) -> list[Finding]:
    """Credits or repair are our only remedy for the counterparty's failure."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"sole\s+and\s+exclusive\s+remedy|sole\s+remedy|exclusive\s+remedy|唯一(?:的)?(?:救济|补救)"
        r"|(?:liability|obligation)\s+(?:\w+\s+){0,3}(?:limited|restricted)\s+to\s+(?:the\s+)?(?:repair|replacement|re-?performance)|仅限于(?:修理|更换|维修|退款|重新履行)"
        # "The Supplier's sole obligation under this warranty is to repair or replace"
        r"|(?:sole|only|entire)\s+(?:obligation|liability)\s+(?:\w+\s+){0,3}(?:is|shall\s+be)\s+to\s+(?:repair|replace|re-?perform|refund)"
    ):
        text = s.text
        if re.search(r"liquidated|delay\s+damages|违约金", text, re.I):
            continue
        if re.search(
            r"credit|repair|replace|re-?perform|refund|patch|bug\s*fix|workaround|服务抵扣|维修|更换|退款|补丁|修复",
            ctx.text,
            re.I,
        ):
            out.append(
                Finding(
                    "warranty_or_sla_inadequate",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Limited credits or repair are {ctx.us}'s sole and exclusive remedy for {ctx.them}'s failure.",
                        f"有限的服务抵扣或修理是{ctx.us}就{ctx.them}违约的唯一救济。",
                    ),
                    ctx.t(
                        "Capped credits replace damages and termination, so chronic under-performance costs the provider little.",
                        "设上限的抵扣替代了损害赔偿和解除权，长期不达标对服务方几无成本。",
                    ),
                    ctx.t(
                        "Playbook: credits as a price adjustment without prejudice to damages, plus termination for repeated failure.",
                        "行业立场：服务抵扣仅为价格调整，不影响损害赔偿，反复不达标可解除。",
                    ),
                    priority=1,
                )
            )
            break
    return out


def _low_availability_target(ctx: ClauseContext) -> list[Finding]:
    """An availability commitment to us below 99.5%."""
    out: list[Finding] = []
    for p in find_percents(ctx.text):
        window = ctx.text[max(0, p.start - 120) : p.end + 40]
        # (one finding per sub-clause is kept by the analysis: a sole-remedy clause in 4.2
        # does not answer a low availability target in 4.1)
        if 90 <= p.value < 99.5 and re.search(r"availab|uptime|可用", window, re.I):
            sent = next(x for x in ctx.sentences if x.start <= p.start < x.end)
            out.append(
                Finding(
                    "warranty_or_sla_inadequate",
                    "medium",
                    span(sent, p.start - sent.start),
                    ctx.t(
                        f"The availability commitment is only {p.value:g}%.",
                        f"可用性承诺仅为{p.value:g}%。",
                    ),
                    ctx.t(
                        "Below 99.5% allows hours of downtime every month without consequence.",
                        "低于99.5%意味着每月可有数小时停机而无任何后果。",
                    ),
                    ctx.t(
                        "Playbook: at least 99.5% monthly with meaningful credits.",
                        "行业立场：月度可用性至少99.5%并配以有效的服务抵扣。",
                    ),
                    priority=2,
                )
            )
    return out


def _warranties_disclaimed(ctx: ClauseContext) -> list[Finding]:
    """The other side gives no warranty at all: we pay for goods or services it need not make good."""
    for s, m in ctx.find(
        r"(?:gives?|makes?|provides?)\s+no\s+(?:warranty|warranties|representations?\s+or\s+warrant\w+)(?:\s+(?:of\s+any\s+kind|whatsoever))?"
        r"|(?:disclaims?|excludes?)\s+all\s+(?:other\s+)?(?:warranties|conditions)|(?:provided|supplied|sold)\s+[\"“]?as\s+is\b"
        r"|不(?:作|提供|承担)(?:任何)?(?:明示或默示的)?(?:质量)?(?:保证|担保)(?:责任)?|按现状(?:提供|交付|出售)"
    ):
        text = s.text
        if re.search(r"other\s+than|except|save\s+(?:as|for)|除[^。；]{0,30}(?:外|以外)", text, re.I):
            continue  # express warranties stay; only implied terms are excluded: the usual drafting
        paid_for = r"Products?|Goods|Services?|Software|Deliverables?|Equipment|Works|System|Platform|产品|货物|设备|服务|软件|交付物|工程|系统|平台"
        if not re.search(paid_for, text, re.I) or re.search(
            r"(?:Confidential\s+)?Information|保密信息|信息", text, re.I
        ):
            continue  # "information is provided as is" in an NDA is not a purchase without warranty
        side = ctx.actor(s, m.start())
        if not (ctx.parties.theirs(side) or (side is None and ctx.parties.known)):
            continue
        return [
            Finding(
                "warranty_or_sla_inadequate",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.them} gives no warranty at all on what {ctx.us} pays for.",
                    f"{ctx.them}对{ctx.us}付费取得的货物或服务不提供任何质量保证。",
                ),
                ctx.t(
                    f"Defective goods or services would be {ctx.us}'s loss, with no right to repair, replacement or refund.",
                    f"货物或服务存在缺陷时损失由{ctx.us}自行承担，无权要求修理、更换或退款。",
                ),
                ctx.t(
                    "Market: conformity with the specification and free from material defects for at least 12 months, with repair, replacement or refund.",
                    "市场惯例：保证符合约定规格且至少12个月内无重大缺陷，并可要求修理、更换或退款。",
                ),
            )
        ]
    return []


@rule(reports={"force_majeure_unbalanced"})
def force_majeure(ctx: ClauseContext) -> list[Finding]:
    """Force majeure skewed for the counterparty (its own supply problems) or denied to us."""
    if not re.search(r"force\s+majeure|exceptional\s+event|不可抗力", ctx.text + ctx.title, re.I):
        return []
    for s, m in ctx.find(
        r"shortages?\s+of\s+(?:labour|labor|materials|supplies|components|raw)|(?:its|their)\s+(?:suppliers?|subcontractors?)['’]?\s+(?:failure|default|delay)|"
        # the tools of its own trade and its own workforce: "shortage of containers or vessel space",
        # "strikes or labour disputes of its own employees or subcontractors"
        r"shortages?\s+of\s+(?:\w+\s+){0,2}?(?:containers|vessel\s+space|equipment|capacity|vehicles|trucks|drivers|staff)|"
        r"(?:strikes?|labou?r\s+disputes?|industrial\s+action)[^.;]{0,30}?\b(?:its|their)\s+(?:own\s+)?(?:employees|staff|workforce|personnel|subcontractors?)|"
        r"(?:price|cost)\s+(?:increases?|fluctuations?)|原材料.{0,4}(?:短缺|涨价)|(?:供应商|分包商).{0,6}(?:违约|延迟|延误)|价格(?:上涨|波动)"
    ):
        if re.search(_NOT_FORCE_MAJEURE, s.text[m.start() :], re.I) or re.search(
            r"\b(?:excluding|except(?:\s+for)?|other\s+than|but\s+not|save\s+for)\b[^.;]{0,40}$|(?:不包括|除外)[^。；]{0,20}$",
            s.text[max(0, m.start() - 60) : m.start()],
            re.I,
        ):
            continue  # listed as what is NOT force majeure: the market position, unless it goes further (below)
        if ctx.parties.buy_side or not ctx.parties.known:
            return [
                Finding(
                    "force_majeure_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"Force majeure extends to events within the supplier's own sphere ({m.group(0)}).",
                        f"不可抗力范围扩大到供应方自身可控的事件（{m.group(0)}）。",
                    ),
                    ctx.t(
                        "The supplier can escape liability for ordinary commercial risks it should manage.",
                        "供应方可借此逃避其本应管理的普通商业风险责任。",
                    ),
                    ctx.t(
                        "Playbook: a mutual list of events beyond reasonable control, excluding own supply and labour problems.",
                        "行业立场：双方对等、限于合理控制范围以外的事件，排除自身供应和劳动力问题。",
                    ),
                )
            ]
    for s, m in ctx.find(
        rf"(?:{ctx.us_rx})[^.。；]{{0,12}}(?:shall|will)\s+bear\s+(?:all|its\s+own|the\s+whole\s+of\s+(?:the|its))\s+(?:losses|costs|expenses)"
        rf"|(?:{ctx.us_rx})[^。；]{{0,6}}(?:应|须)?(?:自行|单独|独自)承担[^。；]{{0,20}}(?:损失|费用|成本)"
    ):
        mutual = re.search(
            rf"(?:{ctx.them_rx}|各方|双方|each\s+Party|both\s+Parties)[^.。；]{{0,20}}(?:bear|自行承担|各自承担)",
            ctx.text,
            re.I,
        )
        if not mutual and (ctx.parties.ours(ctx.actor(s, m.start())) or re.match(ctx.us_rx, m.group(0))):
            return [
                Finding(
                    "force_majeure_unbalanced",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} alone bears the losses and costs of force majeure.",
                        f"不可抗力造成的全部损失和费用由{ctx.us}单方承担。",
                    ),
                    ctx.t(
                        "An event neither party controls is put entirely on us, as if we had insured the other side.",
                        "双方均无法控制的事件的后果被全部转嫁给我方，等同于我方为对方提供了保险。",
                    ),
                    ctx.t(
                        "Playbook: each party bears its own losses; time relief for the affected party; the Employer pays for Works damaged and for demobilisation after prolonged force majeure.",
                        "行业立场：各自承担自身损失；受影响方获得工期救济；已完工程损坏及长期不可抗力后的撤场费用由发包人承担。",
                    ),
                )
            ]
    for s, m in ctx.find(
        r"(?:shall\s+not\s+be\s+entitled|shall\s+not\s+entitle|no\s+(?:extension|additional)).{0,80}(?:extension|additional\s+(?:payment|cost)|compensation)|不得.{0,10}(?:顺延|延长|补偿)"
    ):
        if not re.search(r"force\s+majeure|不可抗力", s.text[m.start() : m.end() + 80], re.I) and re.search(
            r"entitled\s+to\s+(?:an?\s+)?extension[^.;]{0,60}?force\s+majeure|不可抗力[^。；]{0,20}(?:顺延|延长)",
            s.text[: m.start()],
            re.I,
        ):
            continue  # force majeure is the one ground given; what is denied is another (extension_of_time)
        side = ctx.actor(s, m.start())
        obj = re.match(r"shall\s+not\s+entitle\s+(?:the\s+)?", m.group(0), re.I)
        if obj:
            ms = ctx.parties.mentions(s.text[m.start() + obj.end() : m.start() + obj.end() + 40])
            side = ms[0].side if ms else side
        if ctx.parties.ours(side):
            return [
                Finding(
                    "force_majeure_unbalanced",
                    "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} gets no time or cost relief for force majeure.",
                        f"{ctx.us}在不可抗力情况下无法获得工期或费用救济。",
                    ),
                    ctx.t(
                        "We would pay delay damages for events nobody controls.",
                        "我方将因无人能控制的事件承担误期赔偿。",
                    ),
                    ctx.t(
                        "Playbook: time relief for both parties and an exit after prolonged force majeure.",
                        "行业立场：双方均获工期救济，持续不可抗力时可退出。",
                    ),
                )
            ]
    return _force_majeure_denied_to_us(ctx)


# "…的，不视为不可抗力", "shall not constitute Force Majeure": a list of what is excluded
_NOT_FORCE_MAJEURE = (
    r"不(?:视为|属于|构成|得作为|作为)不可抗力"
    r"|shall\s+not\s+(?:constitute|be\s+(?:deemed|considered|treated\s+as|regarded\s+as))\s+(?:an?\s+)?(?:event\s+of\s+)?Force\s+Majeure"
    r"|(?:does|shall)\s+not\s+include"
)
# Events nobody in the supply chain controls: denying relief for them is not excluding one's own risks.
_BEYOND_CONTROL = (
    r"government\w*|governmental|authorit(?:y|ies)|power\s+(?:cuts?|failures?|outages?)|epidemic|pandemic|strikes?|war|flood|earthquake"
    r"|政府|行政|限产|限电|停电|疫情|罢工|战争|洪水|地震"
)
_RELIEVED = r"不承担(?:任何)?(?:违约)?责任|免除[^。；]{0,6}责任|免责|shall\s+not\s+be\s+(?:liable|responsible|in\s+breach)|(?:relieved|excused)\s+from"
_ANY_PARTY = r"任何一方|双方|各方|一方|受影响(?:的)?一方|either\s+Party|each\s+Party|both\s+Parties|a\s+Party|the\s+affected\s+Party|neither\s+Party"


def _force_majeure_denied_to_us(ctx: ClauseContext) -> list[Finding]:
    """Force majeure that relieves only the other side, or that excludes events nobody controls when they hit us."""
    relieved_them = None
    for s, m in ctx.find(_RELIEVED):
        if not re.search(r"force\s+majeure|不可抗力", s.text, re.I) or re.search(_ANY_PARTY, s.text, re.I):
            continue
        side = ctx.actor(s, m.start())
        if ctx.parties.ours(side) or side == "mutual":
            return []  # we are relieved too
        if ctx.parties.theirs(side):
            relieved_them = relieved_them or (s, m)
    excluded = next(
        (
            (s, m)
            for s, m in ctx.find(rf"(?:{_BEYOND_CONTROL})[^。；.;]{{0,40}}?(?:{_NOT_FORCE_MAJEURE})")
            if ctx.parties.ours(ctx.actor(s, m.start()))
        ),
        None,
    )
    if relieved_them is None and excluded is None:
        return []
    s, m = relieved_them or excluded  # type: ignore[misc]
    return [
        finding(
            ctx,
            "force_majeure_unbalanced",
            "high" if relieved_them and excluded else "medium",
            span(s, m),
            (
                (
                    f"Force majeure relieves only {ctx.them}"
                    if relieved_them
                    else f"Force majeure is denied to {ctx.us}"
                )
                + (
                    f", and events outside anyone's control (government action, power cuts) do not excuse {ctx.us}."
                    if excluded
                    else "."
                ),
                (f"不可抗力仅免除{ctx.them}的责任" if relieved_them else f"{ctx.us}不能援引不可抗力")
                + (
                    f"，且政府限产、停电等任何一方均无法控制的事件也不免除{ctx.us}的责任。"
                    if excluded
                    else "。"
                ),
            ),
            (
                f"{ctx.us} stays liable, including for delay damages, for events it cannot prevent, while {ctx.them} is excused.",
                f"对于无法避免的事件，{ctx.us}仍须承担责任（包括延迟违约金），而{ctx.them}却可免责。",
            ),
            (
                "Playbook: mutual force majeure for events beyond the affected party's reasonable control (including government action and utility failures), "
                "excluding only its own supply and labour problems; time relief and an exit after prolonged force majeure.",
                "行业立场：双方对等适用不可抗力，涵盖受影响方合理控制以外的事件（包括政府行为、公用设施中断），仅排除自身的供应和劳动力问题；给予工期救济，长期不可抗力时可解除合同。",
            ),
        )
    ]


def words_vs_digits(text: str) -> list[tuple[int, int, float, float]]:
    """Numbers written as words followed by figures that disagree: (start, end, words, figures)."""
    out = []
    for m in re.finditer(
        r"\b((?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|and)[\s-]*)+)\((\d+(?:\.\d+)?)\)",
        text,
        re.I,
    ):
        w = words_to_number(m.group(1))
        if w is not None and abs(w - float(m.group(2))) > 1e-9:
            out.append((m.start(), m.end(), w, float(m.group(2))))
    return out
