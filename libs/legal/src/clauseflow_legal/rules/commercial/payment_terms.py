"""The payment_terms rule (commercial): Late, conditional or set-off-able payment to us; unsecured prepayments by us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Percent,
    Sentence,
    find_percents,
    find_periods,
    fmt_period,
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
