"""The post_termination rule (termination): Short or paid data-export windows for us; onerous tail obligations on us; forfeiture."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_legal.rules.base import (
    ClauseContext,
    Finding,
    Wording,
    finding,
    span,
)
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence, find_periods, fmt_period

# The contract ending, however it ends: the setting of every forfeiture and forced sale.
_ENDING = r"terminat|expir|期满|\bend\s+of\s+(?:the\s+|this\s+)?(?:term|Term|Lease|Tenancy|Agreement|Contract)\b|终止|解除|届满"


@rule(reports={"post_termination_obligations"})
def post_termination(ctx: ClauseContext) -> list[Finding]:
    """Short or paid data-export windows for us; onerous tail obligations on us; forfeiture."""
    if out := _short_export_window(ctx):
        return out
    if _is_ending(ctx):
        out = (
            _data_deleted_without_export(ctx)
            or _stock_stranded(ctx)
            or _goodwill_denied(ctx)
            or _forced_sale(ctx)
            or _forfeited_on_ending(ctx)
        )
        if out:
            return out
    return _backups_we_must_destroy(ctx)


def _short_export_window(ctx: ClauseContext) -> list[Finding]:
    """A short or paid window for us to export our data after the contract ends."""
    for s, m in ctx.find(
        r"(?:after|following|upon|on)\s+(?:the\s+)?(?:termination|expiry|expiration)|终止后|届满后|解除后"
    ):
        text = s.text
        if not re.search(r"data|数据|资料", text, re.I) or not re.search(
            r"export|retriev|return|available|导出|返还|取回|提供", text, re.I
        ):
            continue
        side = ctx.actor(s, m.start())
        if not ctx.parties.buy_side and (ctx.parties.ours(side) or ctx.parties.supplies):
            continue  # the export window is the data owner's concern, not the provider's
        periods = [p for p in find_periods(text) if p.unit in {"day", "business day", "week", "month"}]
        if not periods or periods[0].days > 30:
            continue
        fee = re.search(r"fee|charge|payment|proprietary|费用|付费|专有格式", text, re.I)
        level = "high" if periods[0].days <= 14 or fee else "medium"
        return [
            Finding(
                "post_termination_obligations",
                level,
                span(s, m),
                ctx.t(
                    f"After termination our data is available for only {fmt_period(periods[0])}"
                    + (", and only against a fee or in a proprietary format." if fee else "."),
                    f"合同终止后我方数据仅在{fmt_period(periods[0])}内可取回"
                    + ("，且须付费或仅为专有格式。" if fee else "。"),
                ),
                ctx.t(
                    f"{ctx.us} depends on its data for continuity; a short or conditional export window risks losing it.",
                    f"{ctx.us}的业务连续性依赖其数据；过短或附条件的导出期可能导致数据丢失。",
                ),
                ctx.t(
                    "Playbook: at least 30-60 days to export in a standard, machine-readable format at no charge, with transition help.",
                    "行业立场：至少30-60日内以标准机器可读格式免费导出，并提供过渡协助。",
                ),
            )
        ]
    return []


def _is_ending(ctx: ClauseContext) -> bool:
    """The clause is about the contract ending (termination, expiry)."""
    terminating = re.search(
        r"terminat|expir|end\s+of\s+(?:this|the)\s+(?:\w+\s+)?(?:Agreement|Contract|term)|终止|解除|届满",
        ctx.title + " " + ctx.text,
        re.I,
    )
    return terminating is not None


def _data_deleted_without_export(ctx: ClauseContext) -> list[Finding]:
    """Our data deleted at once with no return or export window, or no transition at all."""
    for s, m in ctx.find(
        r"(?:delete|erase|destroy|purge)\w*\b.{0,80}?(?:immediately|forthwith|at\s+once|without\s+(?:notice|any\s+obligation))|"
        r"no\s+(?:obligation|duty|liability)\s+to\s+(?:return|export|provide\s+(?:any\s+)?(?:export|copy|transition))|"
        # "The Processor is not obliged to return any Customer Personal Data"
        r"not\s+(?:be\s+)?(?:obliged|required|bound)\s+to\s+(?:return|export|provide\s+(?:any\s+)?(?:export|copy|copies))|"
        r"立即(?:删除|销毁|清除)|无(?:义务|责任)(?:提供|返还|保留).{0,10}(?:数据|资料|导出|过渡)|不(?:负责|承担).{0,6}(?:返还|导出|保存).{0,6}(?:数据|资料)"
        # deleted within days and nothing said of a copy first: "终止后，乙方将在七日内删除甲方全部数据"
        r"|(?P<soon>(?:delete|erase|destroy|purge)\w*\b[^.;]{0,60}?\bwithin\s+[^.;]{0,30}?\bdays?\b"
        r"|\bwithin\s+[^.;]{0,30}?\bdays?\b[^.;]{0,80}?\b(?:delete|erase|destroy|purge)\w*|(?:在)?[\d一二三四五六七八九十]+(?:个)?(?:日|天|工作日)内(?:彻底)?(?:删除|销毁|清除))"
    ):
        text = s.text
        if not re.search(r"data|records|content|files|数据|资料|文件", text, re.I):
            continue
        if m.group("soon") and (
            re.search(r"export|return|retriev|copy|导出|返还|取回|备份|拷贝", ctx.text, re.I)
            or not any(p.days <= 30 for p in find_periods(m.group("soon")))
        ):
            continue  # a return or export comes first, or the window is long enough to take a copy
        side = ctx.actor(s, m.start())
        if not (ctx.parties.theirs(side) or (side is None and ctx.parties.pays)):
            continue
        return [
            Finding(
                "post_termination_obligations",
                "high",
                span(s, m),
                ctx.t(
                    f"On termination {ctx.them} may delete {ctx.us}'s data at once, with no return, export or transition."
                    if re.search(r"immediately|forthwith|at\s+once|立即", m.group(0), re.I)
                    else f"On termination {ctx.them} need not return {ctx.us}'s data or let it be exported before deleting it.",
                    f"合同终止时{ctx.them}可立即删除{ctx.us}的数据，且无返还、导出或过渡安排。"
                    if re.search(r"immediately|forthwith|at\s+once|立即", m.group(0), re.I)
                    else f"合同终止时{ctx.them}无须在删除前向{ctx.us}返还数据或供其导出。",
                ),
                ctx.t(
                    f"{ctx.us} depends on its data for continuity; losing it on termination disrupts operations and any migration.",
                    f"{ctx.us}的业务连续性依赖其数据；终止时丢失数据将中断运营并妨碍迁移。",
                ),
                ctx.t(
                    "Playbook: at least 30-60 days to export in a standard, machine-readable format at no charge, with transition help, before deletion.",
                    "行业立场：删除前至少给予30-60日，以标准机器可读格式免费导出，并提供过渡协助。",
                ),
            )
        ]
    return []


def _forfeited_on_ending(ctx: ClauseContext) -> list[Finding]:
    """Our stock, payments or deposits forfeited on termination."""
    for s, m in ctx.find(
        r"forfeit\w*|without\s+(?:any\s+)?(?:compensation|refund|payment)|non-?refundable|shall\s+not\s+be\s+refunded|不予退还|不予返还|无偿归|没收|不予补偿"
        # stock it paid for, destroyed rather than bought back
        r"|destroy\w*\s+(?:all\s+)?(?:of\s+)?(?:its|their|the|any)?\s*(?:remaining\s+|unsold\s+)?(?:stock|inventory|Products|goods)\b|销毁[^。；]{0,6}(?:库存|存货|剩余产品)"
    ):
        text = s.text
        if not re.search(_ENDING, ctx.text, re.I):
            continue
        before = [x for x in ctx.parties.mentions(text[: m.start()]) if x.side in {"us", "them"}]
        # "合同因任何原因终止的，押金不予退还": the payer was named in the sentence before
        payer = before[0].side if before else ctx.parties.side_before(ctx.text, s.start)
        # "甲方收取的押金不予退还", "any deposit held by the Landlord": the holder is not the payer
        holder = re.search(
            r"(?P<who>\S{1,8}?)(?:已)?(?:收取|收到|收受|持有)的[^。；]{0,10}(?:押金|保证金|款项|费用|预付款)"
            r"|(?:deposits?|sums?|monies|moneys|amounts?|payments?|fees?)\s+(?:\w+\s+){0,2}?(?:held|received|collected)\s+by\s+(?:the\s+)?(?P<en>\w+)"
            # "shall become the property of the Landlord", "归甲方所有": who takes it is not who loses it
            r"|(?:become|becomes|vests?\s+in)\s+(?:the\s+)?(?:(?:sole\s+)?property\s+of\s+(?:the\s+)?)?(?P<taker>\w+)"
            r"|归(?P<taker_zh>\S{1,8}?)所有",
            text[: m.end()],
            re.I,
        )
        held_by = (
            ctx.parties.mentions(
                holder.group("who") or holder.group("en") or holder.group("taker") or holder.group("taker_zh")
            )
            if holder
            else []
        )
        if held_by and held_by[0].side in {"us", "them"}:
            payer = "them" if held_by[0].side == "us" else "us"
        if not ctx.parties.ours(payer):
            continue
        if re.search(
            r"terminat\w*\s+(?:this\s+Agreement\s+)?(?:by|at\s+the\s+option\s+of)\s+(?:the\s+)?",
            text,
            re.I,
        ) and not re.search(
            r"stock|inventory|payments?|deposit|prepay|fees?|库存|货物|款项|预付|保证金|押金", text, re.I
        ):
            continue
        if not re.search(
            r"stock|inventory|goods|products|payments?|deposit|prepay|fees?|amounts?|库存|货物|存货|款项|预付|保证金|押金|费用"
            # a maker's materials bought and work begun for the customer's orders
            r"|raw\s+materials|work[- ]in[- ]progress|原材料|在制品|半成品"
            # a tenant's fit-out, left to the landlord for nothing
            r"|fit-?out|leasehold\s+improvements|fixtures|装修|装饰|添附"
            # whatever the tenant leaves behind: "any item left in the Premises"
            r"|\b(?:items?|goods|chattels|equipment|belongings)\s+(?:left|remaining)|遗留(?:物品|财物|设备)",
            text,
            re.I,
        ):
            continue
        return [
            Finding(
                "post_termination_obligations",
                "high",
                span(s, m),
                ctx.t(
                    f"On termination {ctx.us} forfeits its stock, payments or fit-out without compensation.",
                    f"合同终止时{ctx.us}的存货、款项或装修添附被无偿没收或不予退还。",
                ),
                ctx.t(
                    "Forfeiture is a penalty unrelated to any loss the counterparty suffers.",
                    "没收属于惩罚，与对方实际损失无关。",
                ),
                ctx.t(
                    "Playbook: buy-back of saleable stock at cost and refund of unearned payments on any termination.",
                    "行业立场：任何终止情形下，对方按成本回购可售存货并退还未赚取的款项。",
                ),
            )
        ]
    return []


def _backups_we_must_destroy(ctx: ClauseContext) -> list[Finding]:
    """We must destroy every copy, back-ups included, with no exception for copies the law keeps, and swear to it."""
    for s, m in ctx.find(r"back-?up|archive|备份|归档"):
        text = s.text
        if not re.search(r"return|destroy|delete|erase|销毁|删除|返还", text, re.I):
            continue
        if re.search(
            r"save\s+(?:as|to\s+the\s+extent)|except\s+(?:as|to\s+the\s+extent)|required\s+by\s+(?:law|regulation)|法律(?:要求|规定).{0,10}(?:保留|除外)",
            text,
            re.I,
        ):
            continue
        side = ctx.actor(s, m.start())
        onerous = re.search(
            r"statutory\s+declaration|affidavit|certif\w+\s+(?:signed\s+)?by\s+(?:a|one\s+of\s+its)\s+director|公证|董事.{0,6}声明",
            text,
            re.I,
        )
        if ctx.parties.ours(side) and onerous:
            return [
                Finding(
                    "post_termination_obligations",
                    "low",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} must purge every copy, including back-ups and archives, and give a formal declaration.",
                        f"{ctx.us}须清除包括备份和归档在内的全部副本，并出具正式声明。",
                    ),
                    ctx.t(
                        "Automatic back-ups cannot always be purged, and a sworn declaration exposes directors personally.",
                        "自动备份往往无法彻底清除，而经宣誓的声明会使董事个人承担风险。",
                    ),
                    ctx.t(
                        "Playbook: return or destroy with an exception for automatic back-ups and copies kept by law, kept confidential; an officer's certificate suffices.",
                        "行业立场：返还或销毁，但自动备份及依法保留的副本除外并继续保密；由高级职员出具证明即可。",
                    ),
                )
            ]
    return []


# The supplier refuses to buy the stock back ("甲方无回购剩余库存的义务", "no obligation to repurchase
# any Products") and the distributor may not sell it off either: stock paid for becomes worthless.
_NO_BUY_BACK = (
    r"(?:无|没有|不负有|不承担)[^。；]{0,4}(?:回购|购回)[^。；]{0,8}(?:库存|存货|产品)"
    # "has no obligation to buy back", "may, but shall not be obliged to, repurchase the Products"
    r"|(?:(?:no|not\s+be\s+under\s+any|has\s+no)\s+obligation|not\s+be\s+(?:obliged|required|bound))\s+to,?\s+(?:re-?purchase|buy\s+back)\s+(?:any\s+|the\s+)?(?:remaining\s+|unsold\s+)?(?:stock|inventory|Products|goods)"
)
_NO_SELL_OFF = (
    r"不得(?:继续)?(?:销售|出售|经销|处置)[^。；]{0,6}(?:剩余|库存|存货)"
    r"|(?:shall|may)\s+not\s+(?:continue\s+to\s+)?(?:sell|distribute|dispose\s+of)\s+(?:any\s+)?(?:remaining\s+|unsold\s+)?(?:stock|inventory|Products|goods)"
    r"|cease\s+(?:all\s+)?(?:sales|selling)\s+(?:of\s+the\s+Products\s+)?(?:immediately|forthwith)"
)


def _first_forfeiture(
    ctx: ClauseContext,
    pattern: str,
    applies: Callable[[Sentence, re.Match[str]], bool],
    what: Wording,
    why: Wording,
    market: Wording,
) -> list[Finding]:
    """A high post-termination finding at the first match of ``pattern`` that ``applies``."""
    for s, m in ctx.find(pattern):
        if applies(s, m):
            return [finding(ctx, "post_termination_obligations", "high", span(s, m), what, why, market)]
    return []


def _stock_stranded(ctx: ClauseContext) -> list[Finding]:
    """On termination the counterparty need not buy back our stock and we may not sell it off."""
    if not ctx.parties.buy_side or not ctx.has(_NO_SELL_OFF):
        return []
    return _first_forfeiture(
        ctx,
        _NO_BUY_BACK,
        lambda s, m: ctx.parties.theirs(ctx.actor(s, m.start())),
        (
            f"On termination {ctx.them} need not buy back {ctx.us}'s stock, and {ctx.us} may not sell it off.",
            f"合同终止后{ctx.them}无回购库存的义务，{ctx.us}也不得继续销售剩余库存。",
        ),
        (
            f"Stock {ctx.us} has paid for becomes worthless on any termination, including one {ctx.them} chooses.",
            f"{ctx.us}已付款的库存在任何终止情形下（包括{ctx.them}主动解除）都将变得毫无价值。",
        ),
        (
            "Playbook: a sell-off period of 3-6 months, or buy-back of saleable stock at cost.",
            "行业立场：给予3-6个月的库存清售期，或由对方按成本回购可售库存。",
        ),
    )


# An agent's or distributor's goodwill indemnity and post-term commission waived on every ending:
# "On termination for any reason the Agent shall not be entitled to any indemnity, compensation or
# commission"; "本协议因任何原因终止或届满，乙方均无权要求任何补偿".
_GOODWILL_DENIED = (
    r"(?:shall\s+not\s+be\s+entitled\s+to|(?:has|have)\s+no\s+(?:right|claim)\s+to|waives?\s+(?:any|all|its)\s+(?:rights?\s+to\s+)?)\s*(?:any\s+)?"
    r"(?:goodwill\s+)?(?:indemnity|compensation|termination\s+payment)"
    r"|(?:无权|不得)(?:要求|主张|获得)(?:任何)?(?:补偿|赔偿|商誉补偿|佣金)"
)
_EVERY_ENDING = r"for\s+any\s+reason|howsoever|(?:termination|expiry)\s+(?:or|and)\s+(?:expiry|termination)|任何原因|终止或(?:届满|期满)|届满或终止"


def _goodwill_denied(ctx: ClauseContext) -> list[Finding]:
    """On any ending of the contract we get no indemnity or compensation for the business we built."""
    return _first_forfeiture(
        ctx,
        _GOODWILL_DENIED,
        lambda s, m: (
            bool(re.search(_EVERY_ENDING, s.text, re.I)) and ctx.parties.ours(ctx.actor(s, m.start()))
        ),
        (
            f"On any termination or expiry {ctx.us} gets no indemnity or compensation for the customers and goodwill it built.",
            f"合同因任何原因终止或届满时，{ctx.us}均无权就其建立的客户和商誉获得任何补偿。",
        ),
        (
            f"{ctx.them} keeps the market {ctx.us} developed; for a commercial agent in the EU such a waiver is void, and elsewhere it strips the usual goodwill protection.",
            f"{ctx.them}坐享{ctx.us}开发的市场；在欧盟，商业代理人的此类放弃无效，在其他地区则剥夺了通常的商誉保护。",
        ),
        (
            "Playbook: the statutory or a contractual goodwill indemnity on termination other than for our breach, plus commission on orders that result from our work.",
            "行业立场：除因我方违约终止外，给予法定或约定的商誉补偿，并就源于我方工作的订单支付佣金。",
        ),
    )


# Our business handed over on termination for less than it is worth: equipment and stock at
# written-down book value, the premises' lease without a premium, "按账面净值转让给甲方".
_UNDERVALUE_TRANSFER = (
    r"\b(?:sell|transfer|assign)\b[^.;]{0,160}?\b(?:at\s+(?:their|its|the)\s+(?:written[- ]down\s+|depreciated\s+|net\s+)?book\s+value"
    r"|at\s+(?:written[- ]down\s+|depreciated\s+|net\s+)book\s+value|(?:at|for)\s+(?:a\s+)?nominal\s+(?:price|sum|consideration|value)"
    r"|without\s+(?:any\s+)?(?:premium|payment|consideration))"
    r"|(?:按|以)[^。；]{0,10}(?:账面(?:净)?值|折旧后(?:的)?(?:价值|价格)|残值)[^。；]{0,20}(?:转让|出售|移交)"
    r"|无偿(?:转让|移交)(?:给|予)"
)


def _forced_sale(ctx: ClauseContext) -> list[Finding]:
    """On termination we must hand our assets or premises to the counterparty below their value."""
    return _first_forfeiture(
        ctx,
        _UNDERVALUE_TRANSFER,
        lambda s, m: ctx.parties.ours(ctx.actor(s, m.start())) and bool(re.search(_ENDING, s.text, re.I)),
        (
            f"On termination {ctx.us} must hand its equipment, stock or premises to {ctx.them} at book value or for nothing.",
            f"合同终止时{ctx.us}须按账面价值或无偿将其设备、存货或经营场所移交{ctx.them}。",
        ),
        (
            f"Written-down book value ignores what the going business and its site are worth: {ctx.them} takes over what {ctx.us} built at a fraction of its value, even when the contract ends by {ctx.them}'s choice.",
            f"账面价值未体现持续经营的业务及其场所的价值：{ctx.them}以远低于实际价值的代价接手{ctx.us}建立的业务，即便合同系因{ctx.them}的选择而终止。",
        ),
        (
            "Playbook: any purchase option at fair market value set by an independent valuer, including goodwill unless the contract ends for our breach.",
            "行业立场：如设购买选择权，应按独立评估的公允市场价值（除因我方违约终止外包括商誉）作价。",
        ),
    )
