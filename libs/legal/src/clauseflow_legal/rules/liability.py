"""Group A: caps, carve-outs that make liability unlimited, indemnities and liquidated damages."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span, sub_sentence
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Amount,
    Sentence,
    find_amounts,
    find_percents,
    find_periods,
    fmt_period,
)

_CAP = (
    r"shall\s+not\s+exceed|not\s+(?:to\s+)?exceed|limited\s+to|in\s+no\s+event\s+exceed|capped\s+at"
    r"|(?:up\s+to|subject\s+to)\s+a\s+maximum|(?:aggregate|total|maximum)\s+liability|不超过|不得超过|为限|上限|最高"
)
_LIAB_WORD = r"liabilit(?:y|ies)|liable|责任|赔偿"
# A ceiling actually set ("shall not exceed USD 1,000,000"), not one denied ("不设上限").
_STATED_CAP = r"shall\s+not\s+exceed|not\s+(?:to\s+)?exceed|limited\s+to|capped\s+at|in\s+no\s+event\s+exceed|不超过|不得超过|(?<!不设)(?<!不设任何)上限为|为限(?!制)"
_STANDARD_CARVE = r"fraud|wil(?:l)?ful|gross\s+negligence|death|personal\s+injury|bodily\s+injury|欺诈|故意|重大过失|人身(?:伤害|伤亡)"
_CARVE_TRIGGER = (
    r"shall\s+not\s+apply\s+to|does\s+not\s+apply\s+to|do\s+not\s+apply\s+to|shall\s+not\s+limit|excluding|"
    r"except\s+(?:for|in\s+respect\s+of)|other\s+than|save\s+(?:for|in\s+respect\s+of)|不适用于|不受.{0,10}限制|除外"
)
_OUR_EXPOSURE = (
    r"delay\s+damages|performance\s+damages|liquidated\s+damages|remedying\s+defects|误期|违约金|缺陷"
)


def _liable_side(ctx: ClauseContext, s: Sentence) -> Side | None:
    """Whose liability a cap sentence limits."""
    text = s.text
    m = re.search(r"liabilit(?:y|ies)\s+of\s+(?:the\s+)?", text, re.I)
    if m:
        ms = ctx.parties.mentions(text[m.end() : m.end() + 80])
        if ms and ms[0].start < 5:
            return ms[0].side
    m = re.search(r"liabilit(?:y|ies)|liable|责任|赔偿", text, re.I)
    if m:
        side = ctx.parties.side_before(text, m.start(), window=70)
        if side is not None:
            return side
    return None


# A cap measured by one order, shipment or product: in a framework agreement, a fraction of the deal.
_PER_ORDER = re.compile(
    r"(?:price|amount|fees?|charges|sums?)\s+(?:actually\s+)?(?:paid|payable)\s+(?:\w+\s+){0,3}?(?:for|under|in\s+respect\s+of)\s+(?:the\s+)?"
    r"(?:relevant\s+|particular\s+|affected\s+|defective\s+|specific\s+)?(?:order|purchase\s+order|shipment|delivery|consignment|Products?|units?|items?)\b"
    r"|单(?:批|笔|次)订单|该批(?:货物|产品)|该(?:笔)?订单|(?:引起|导致)[^。；]{0,10}(?:订单|批次)",
    re.I,
)


# A cap by weight or package, as carriage conventions set them: "two (2) SDR per kilogram of the
# gross weight", "USD 500 per package". For valuable goods it is a small fraction of their worth.
_PER_WEIGHT = re.compile(
    r"(?:(?:SDR|special\s+drawing\s+rights?|USD|EUR|GBP|US\$|\$|€|£)\s?[\d.,]+|(?:[\w-]+\s+)?\(?[\d.,]+\)?\s*(?:SDRs?|special\s+drawing\s+rights?|euros?|dollars?))"
    r"\s+(?:per|for\s+each|a|each)\s+(?:kilo(?:gram(?:me)?)?s?|kg|package|tonne|ton)\b"
    r"|每(?:公斤|千克|件)[^。；]{0,10}(?:特别提款权|元|美元)|(?:特别提款权|元|美元)[^。；]{0,4}/(?:公斤|千克|件)",
    re.I,
)


def _cap_basis(s: Sentence) -> tuple[float | None, float | None]:
    """(months of fees, percent of price/fees) that a cap sentence uses, when stated."""
    months: float | None = None
    pct: float | None = None
    text = s.text
    fees = re.search(
        r"fees|charges|amounts?\s+paid|royalt(?:y|ies)|commissions?|许可费|使用费|加工费|服务费|费用|价款|合同(?:总)?价|采购(?:金额|额|款|总额)|货款|(?:支付|付)的(?:金额|款项|总额)",
        text,
        re.I,
    )
    if fees:
        # English counts the months after the fees ("fees paid in the 12 months before"), Chinese
        # before them ("最近一个月的采购金额", "前三个月内支付的服务费用")
        for p in find_periods(text):
            if p.unit in {"month", "year", "day", "week"} and (
                p.start >= fees.start() or 0 <= fees.start() - p.end <= 12
            ):
                months = p.months
                break
    for pc in find_percents(text):
        if re.search(
            r"of\s+(?:the\s+)?(?:total\s+|annual\s+)?(?:fees|charges|royalt(?:y|ies)|price|contract|accepted|purchase|consideration)",
            text[pc.end : pc.end + 60],
            re.I,
        ) or re.search(
            r"(?:合同|价款|费用|加工费|服务费|总价|金额|货款)\w{0,4}的?$",
            text[max(0, pc.start - 20) : pc.start],
        ):
            pct = pc.value
            break
    return months, pct


# Rough rates to US dollars: only to tell a nominal cap (a few thousand) from a commercial one.
_USD_PER_UNIT = {
    "USD": 1.0, "US$": 1.0, "$": 1.0, "EUR": 1.1, "€": 1.1, "GBP": 1.3, "£": 1.3, "CHF": 1.1,
    "SGD": 0.75, "AUD": 0.65, "HKD": 0.13, "港币": 0.13, "港元": 0.13, "JPY": 0.007,
    "RMB": 0.14, "CNY": 0.14, "¥": 0.14, "人民币": 0.14, "元": 0.14, "美元": 1.0, "欧元": 1.1, "英镑": 1.3,
}  # fmt: skip
_NOMINAL_CAP_USD = 25_000


def _nominal_amount(text: str) -> Amount | None:
    """A fixed cap of at most a token sum (about USD 25,000), whatever the deal is worth."""
    for amount in find_amounts(text):
        rate = _USD_PER_UNIT.get(amount.currency)
        if rate is not None and 0 < amount.value * rate <= _NOMINAL_CAP_USD:
            return amount
    return None


@rule(reports={"liability_cap_inadequate", "uncapped_liability"})
def liability_caps(ctx: ClauseContext) -> list[Finding]:
    """Caps too low for us as claimant, and carve-outs that leave our own liability unlimited."""
    out: list[Finding] = []
    their_cap: Sentence | None = None  # a cap on the counterparty that is not low in itself
    for s in ctx.sentences:
        is_cap = re.search(_CAP, s.text, re.I) is not None and re.search(_LIAB_WORD, s.text, re.I) is not None
        carve_ref = re.search(
            r"(?:limitations?|limits?|caps?|exclusions?)\b.{0,60}(?:shall|do|does|will)\s+not\s+apply|(?:责任)?(?:限制|上限).{0,20}不适用",
            s.text,
            re.I,
        )
        if not is_cap and not carve_ref:
            continue
        if ctx.domain == "sha_spa" and re.search(r"Seller|Warrantor|Vendor|卖方", s.text):
            continue  # M&A seller limitations have their own, more specific rule
        side = _liable_side(ctx, s)
        months, pct = _cap_basis(s)
        # a cap measured neither in months of fees nor as a share of the price: by order, by weight, or a sum
        other_basis = is_cap and months is None and pct is None
        per_order = other_basis and _PER_ORDER.search(s.text) is not None
        per_weight = _PER_WEIGHT.search(s.text) if other_basis else None
        low = is_cap and (
            (months is not None and months < 12)
            or (pct is not None and pct < 100)
            or per_order
            or bool(per_weight)
        )
        nominal = _nominal_amount(s.text) if other_basis and not per_weight else None
        if (
            is_cap
            and ctx.parties.theirs(side)
            and not low
            and nominal is None
            and their_cap is None
            and re.search(_STATED_CAP, s.text, re.I)
            and not re.search(_NO_LIMIT, s.text, re.I)
        ):
            their_cap = s
        if nominal is not None and (ctx.parties.theirs(side) or side == "mutual"):
            out.append(_nominal_cap(ctx, s, nominal))
            continue
        if low and (ctx.parties.theirs(side) or side == "mutual"):
            out.append(_low_cap(ctx, s, side, months, pct, per_weight, per_order=per_order))
        out += _carve_outs_against_us(ctx, s, side)
    out += _excluded_heads_of_loss(ctx)
    unlimited = _unlimited_liability(ctx)
    out += unlimited
    if (
        their_cap is not None
        and unlimited
        and not any(f.risk_type == "liability_cap_inadequate" for f in out)
    ):
        out.append(_asymmetric_caps(ctx, their_cap))
    out += _token_damages_to_us(ctx)
    out += _no_remedy_for_their_delay(ctx)
    out += _no_remedy_for_failed_services(ctx)
    if not any(f.risk_type == "liability_cap_inadequate" for f in out):
        out += _gross_fault_only(ctx)
    if not any(f.risk_type == "liability_cap_inadequate" for f in out):
        out += _own_sphere_excluded(ctx)
    return out


def _nominal_cap(ctx: ClauseContext, s: Sentence, nominal: Amount) -> Finding:
    """The cap on the counterparty (or both) is a token fixed sum."""
    figure = s.text[nominal.start : nominal.end]
    return Finding(
        "liability_cap_inadequate",
        "high",
        span(s, nominal.start),
        ctx.t(
            f"The cap is a nominal fixed sum ({figure}), unrelated to the value of the contract.",
            f"责任上限为名义性的固定金额（{figure}），与合同价值毫无关联。",
        ),
        ctx.t(
            f"Whatever {ctx.them}'s breach costs {ctx.us}, it recovers at most a token amount.",
            f"无论{ctx.them}违约给{ctx.us}造成多大损失，{ctx.us}最多只能获得象征性的赔偿。",
        ),
        ctx.t(
            "Market: a cap tied to the contract's value (e.g. 100% of the price or 12 months' fees), with carve-outs for fraud, wilful default and personal injury.",
            "市场惯例：上限与合同价值挂钩（如合同价款的100%或12个月费用），欺诈、故意违约及人身伤害除外。",
        ),
    )


def _low_cap(
    ctx: ClauseContext,
    s: Sentence,
    side: Side | None,
    months: float | None,
    pct: float | None,
    per_weight: re.Match[str] | None,
    *,
    per_order: bool,
) -> Finding:
    """The cap on the counterparty (or both) is low: months of fees, a share of the price, per order or weight."""
    if months is not None:
        basis = ctx.t(f"{months:g} months' fees", f"{months:g}个月的费用")
    elif pct is not None:
        basis = ctx.t(f"{pct:g}% of the fees/price", f"费用/价款的{pct:g}%")
    elif per_weight is not None:
        basis = ctx.t(
            f"{per_weight.group(0)}, whatever the goods are worth",
            f"{per_weight.group(0)}，与货物实际价值无关",
        )
    else:
        basis = ctx.t(
            "the price of the single order or product the claim concerns",
            "引起索赔的单笔订单或单件产品的价款",
        )
    severe = (months is not None and months <= 3) or (pct is not None and pct <= 25) or per_order
    who = ctx.t("both parties' liability", "双方责任") if side == "mutual" else ctx.them
    return Finding(
        "liability_cap_inadequate",
        "high" if severe else "medium",
        span(s, 0),
        ctx.t(
            f"The cap on {who} is only {basis}, well below the loss {ctx.us} could suffer.",
            f"{who}的责任上限仅为{basis}，远低于{ctx.us}可能遭受的损失。",
        ),
        ctx.t(
            f"As the likely claimant, {ctx.us} would bear most of any loss above the cap; "
            "market practice is at least 12 months' fees.",
            f"{ctx.us}作为可能的索赔方，将承担超出上限的大部分损失；市场惯例至少为12个月费用。",
        ),
        ctx.t(
            f"Cap basis found: {basis}. A cap this low makes the counterparty's performance "
            "promises largely unenforceable in money terms.",
            f"识别到的上限基准：{basis}。如此低的上限使对方的履约承诺在金钱上基本无法执行。",
        ),
    )


def _carve_outs_against_us(ctx: ClauseContext, s: Sentence, side: Side | None) -> list[Finding]:
    """The cap's carve-outs that leave our own liability unlimited beyond the market's (fraud, death, injury)."""
    out: list[Finding] = []
    carve = re.search(_CARVE_TRIGGER, s.text, re.I)
    segment = s.text[carve.end() :] if carve else ""
    if carve and not segment.strip(" :："):
        nxt = [x for x in ctx.sentences if x.start > s.start][:3]
        segment = " ".join(x.text for x in nxt)
    if not carve:
        return out
    items = [
        i for i in re.split(r";|；|\(\w{1,3}\)|（\w{1,3}）|,\s*(?:and|or)\s+|\bor\b", segment) if i.strip()
    ]
    ours = [
        i
        for i in items
        if not re.search(_STANDARD_CARVE, i, re.I)
        and (
            "us" in ctx.parties.sides_in(i) or (ctx.parties.ours(side) and re.search(_OUR_EXPOSURE, i, re.I))
        )
        and (ctx.parties.sides_in(i) - {"other"}) != {"them"}
    ]
    if ours:
        pos = s.text.find(ours[0].strip())
        quote = span(s, carve.start())
        if len(quote.text) > 320 and pos >= 0:
            quote = sub_sentence(s, carve.start(), min(len(s.text), pos + len(ours[-1])))
        listed = "; ".join(re.sub(r"\s+", " ", i).strip(" ,.") for i in ours[:4])
        out.append(
            Finding(
                "uncapped_liability",
                "high",
                quote,
                ctx.t(
                    f"The cap does not apply to {listed}, leaving {ctx.us}'s liability for these unlimited.",
                    f"责任上限不适用于{listed}，使{ctx.us}就此承担无上限责任。",
                ),
                ctx.t(
                    f"These carve-outs concern {ctx.us}'s own obligations and typical loss heads; together "
                    "they make the overall cap largely illusory for our side.",
                    f"上述例外涉及{ctx.us}自身的义务和常见损失类型，使总体责任上限对我方基本失去意义。",
                ),
                ctx.t(
                    "Only fraud, wilful misconduct, death and personal injury are market-standard carve-outs; "
                    "other heads should count towards the cap or sit under a separate super-cap.",
                    "市场惯例的例外仅为欺诈、故意不当行为和人身伤亡；其他事项应计入上限或适用单独的特别上限。",
                ),
            )
        )
    return out


def _excluded_heads_of_loss(ctx: ClauseContext) -> list[Finding]:
    """Loss types excluded from the counterparty's liability that matter most to a customer."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"(?:not\s+be\s+liable|no\s+liability|exclud\w*|不承担).{0,200}?(loss\s+of\s+data|data\s+loss|business\s+interruption|lost\s+production|loss\s+of\s+production|数据(?:丢失|损失)|停产|营业中断)"
    ):
        side = ctx.actor(s, m.start())
        if ctx.parties.buy_side and (ctx.parties.theirs(side) or side == "mutual"):
            out.append(
                Finding(
                    "liability_cap_inadequate",
                    "medium",
                    span(s, m.start(1)),
                    ctx.t(
                        f"{ctx.them} excludes liability for {m.group(1)}, the loss {ctx.us} is most likely to suffer.",
                        f"{ctx.them}排除了对{m.group(1)}的责任，而这正是{ctx.us}最可能遭受的损失。",
                    ),
                    ctx.t(
                        "Excluding the main head of loss leaves the claimant without a remedy for the typical breach.",
                        "排除主要损失类型使索赔方对典型违约缺乏救济。",
                    ),
                    ctx.t(
                        "Data loss caused by the provider's breach should be recoverable, at least under a super-cap.",
                        "因服务方违约造成的数据损失应可获赔，至少适用特别上限。",
                    ),
                    priority=1,
                )
            )
            break
    return out


def _asymmetric_caps(ctx: ClauseContext, their_cap: Sentence) -> Finding:
    """The counterparty's liability is capped while ours is unlimited."""
    return finding(
        ctx,
        "liability_cap_inadequate",
        "high",
        span(their_cap, 0),
        (
            f"{ctx.them}'s liability is capped while {ctx.us}'s is unlimited: the caps are asymmetric.",
            f"{ctx.them}的责任设有上限，而{ctx.us}的责任不设上限：责任上限不对等。",
        ),
        (
            f"{ctx.us} carries unlimited exposure for its own breaches but recovers at most the cap for {ctx.them}'s.",
            f"{ctx.us}对自身违约承担无限责任，而对{ctx.them}违约最多只能获得上限金额的赔偿。",
        ),
        (
            "Market: one mutual cap tied to the contract's value, with the same carve-outs for both parties.",
            "市场惯例：双方适用同一与合同价值挂钩的责任上限，并适用相同的例外情形。",
        ),
    )


# Liable only for gross fault: "shall not be liable … unless caused by its gross negligence or wilful
# misconduct", "除故意或重大过失外…不承担责任", "仅对其故意或重大过失承担责任".
_GROSS_FAULT_ONLY = (
    r"(?:shall|will)\s+not\s+be\s+(?:liable|responsible)\b[^.;]{0,80}?\b(?:unless|except(?:\s+to\s+the\s+extent)?|save)\b[^.;]{0,40}?\bgross(?:ly)?\s+neglig\w*"
    r"|(?:liable|responsible)\s+only\s+(?:for|in\s+(?:the\s+)?case\s+of|where)\b[^.;]{0,40}?\bgross(?:ly)?\s+neglig\w*"
    r"|除[^。；]{0,12}(?:故意|重大过失)[^。；]{0,12}外[^。；]{0,20}不承担(?:任何)?(?:赔偿)?责任"
    r"|仅(?:对|就)[^。；]{0,10}(?:故意|重大过失)[^。；]{0,12}承担(?:赔偿)?责任"
)


def _gross_fault_only(ctx: ClauseContext) -> list[Finding]:
    """The counterparty answers only for gross negligence or wilful misconduct, not for ordinary fault."""
    if not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(_GROSS_FAULT_ONLY):
        # "除故意或重大过失外，乙方…不承担责任": the one relieved is named after the exception
        side = ctx.actor(s, m.end() - 1 if m.group(0).startswith("除") else m.start())
        if not ctx.parties.theirs(side):
            continue
        return [
            finding(
                ctx,
                "liability_cap_inadequate",
                "high",
                span(s, m),
                (
                    f"{ctx.them} is liable only for gross negligence or wilful misconduct, not for ordinary negligence or breach.",
                    f"{ctx.them}仅对故意或重大过失承担责任，对一般过失或违约不承担责任。",
                ),
                (
                    f"Ordinary failures in performing the contract, the breaches most likely to happen, cost {ctx.us} money and {ctx.them} nothing.",
                    f"履约中的一般失误（最可能发生的违约）给{ctx.us}造成的损失，{ctx.them}均无需承担。",
                ),
                (
                    "Market: liability for breach and negligence, limited by a cap tied to the contract's value; gross negligence and wilful misconduct lift the cap rather than set the threshold.",
                    "市场惯例：对违约和过失承担责任，并以与合同价值挂钩的上限为限；故意或重大过失是突破上限的例外，而非承担责任的门槛。",
                ),
            )
        ]
    return []


# Causes inside the counterparty's own sphere: its premises, equipment, systems and staff, and the
# pests and leaks that keeping premises sound prevents ("因仓库漏雨、鼠害…造成的货物损失，保管人不承担
# 任何责任"; "not liable for loss caused by leakage, vermin or breakdown of its equipment").
_OWN_SPHERE_CAUSE = (
    r"漏雨|渗漏|漏水|鼠害|虫害|停电|(?:仓库|库房|库区|设备|设施|系统|员工|工作人员|雇员|车辆)[^。；，、]{0,8}?(?:故障|失灵|损坏|失误|过失|原因)"
    r"|\bleak\w*|\bvermin\b|\brodents?\b|\bpests?\b|power\s+(?:failure|outage|cut)s?"
    r"|(?:breakdown|failure|malfunction)\s+of\s+(?:its|the)\s+(?:\w+\s+){0,2}?(?:equipment|plant|premises|warehouse|systems?|machinery|vehicles?)"
    r"|(?:acts?|omissions?|negligence)\s+of\s+its\s+(?:own\s+)?(?:employees|staff|personnel)"
)
_NOT_LIABLE = (
    r"(?:shall|will)\s+not\s+be\s+(?:liable|responsible)|(?:accepts?|has|bears?)\s+no\s+(?:liability|responsibility)"
    r"|不(?:承担|负)(?:任何)?(?:赔偿)?责任|免(?:除)?(?:赔偿)?责任"
)


def _own_sphere_excluded(ctx: ClauseContext) -> list[Finding]:
    """The counterparty is not liable for failures of its own premises, equipment or staff."""
    if not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(_NOT_LIABLE):
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        found = list(re.finditer(_OWN_SPHERE_CAUSE, s.text, re.I))
        causes = [c.group(0) for c in found]
        # a power cut alone is the usual force-majeure list's, not a failure of the provider's own
        if not [c for c in causes if not re.match(r"停电|power", c, re.I)]:
            continue
        cause = found[0]
        return [
            finding(
                ctx,
                "liability_cap_inadequate",
                "high",
                span(s, min(cause.start(), m.start())),
                (
                    f"{ctx.them} excludes liability for causes within its own control ({', '.join(causes[:4])}).",
                    f"{ctx.them}对其自身控制范围内的原因（{'、'.join(causes[:4])}）免除责任。",
                ),
                (
                    f"These are the failures {ctx.them} is paid to prevent; excluding them leaves {ctx.us} without a remedy for the most likely losses.",
                    f"这些正是{ctx.them}收费所应防止的情形；将其排除使{ctx.us}对最可能发生的损失缺乏救济。",
                ),
                (
                    "Market: the provider answers for its premises, equipment and staff; only force majeure and the customer's own causes are excluded.",
                    "市场惯例：服务方对其场所、设备和人员负责；仅不可抗力及客户自身原因可免责。",
                ),
            )
        ]
    return []


def _no_remedy_for_their_delay(ctx: ClauseContext) -> list[Finding]:
    """The counterparty owes nothing for late performance: dates are "estimates", delay excluded outright."""
    for s, m in ctx.find(
        r"(?:shall|will)\s+not\s+be\s+(?:liable|responsible)\s+for\s+(?:any\s+)?(?:(?:loss|damage)(?:es|s)?\s+(?:\w+\s+){0,2}?(?:caused\s+by|resulting\s+from|arising\s+(?:from|out\s+of))\s+)?(?:delay|late)\w*(?:\s+in\s+(?:delivery|performance|supply))?[^.;]{0,40}?(?:however\s+(?:caused|arising)|for\s+any\s+reason|whatever\s+the\s+cause)"
        r"|(?:delivery|completion|performance)\s+(?:dates?|times?|periods?)\s+(?:are|is|shall\s+be)\s+(?:estimates?|approximate|indicative)\s+only"
        r"|(?:交货|交付|履行)(?:日期|期限|时间)仅(?:供参考|为预估|为估计)|(?:对|就)[^。；]{0,10}(?:迟延|延迟|逾期)(?:交货|交付|履行)?[^。；]{0,6}不承担(?:任何)?责任"
        # "因乙方原因造成货物迟延送达的，乙方不承担任何责任"
        r"|(?:迟延|延迟|逾期|延误)(?:送达|交货|交付|履行|到达|运输)(?:的)?[，,][^。；]{0,8}?不承担(?:任何)?(?:责任|赔偿责任)"
    ):
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            named = [x.side for x in ctx.parties.mentions(s.text) if x.side != "mutual"]
            if not (named and ctx.parties.theirs(named[0])):
                continue
        return [
            Finding(
                "liability_cap_inadequate",
                "medium",
                span(s, m),
                ctx.t(
                    f"{ctx.them} owes nothing for late performance ({m.group(0).strip()}).",
                    f"{ctx.them}对迟延履行不承担任何责任（{m.group(0).strip()}）。",
                ),
                ctx.t(
                    f"{ctx.us} plans its own production and deliveries on these dates; a delay costs {ctx.us} lost output and its own customers' claims, and {ctx.them} bears none of it.",
                    f"{ctx.us}依据该日期安排自身生产和交付；一旦迟延，{ctx.us}将遭受停产损失和下游客户索赔，而{ctx.them}不承担任何后果。",
                ),
                ctx.t(
                    "Market: firm delivery dates, delay damages of 0.5-1% a week capped at 10-15% of the price, and a right to terminate after a long delay.",
                    "市场惯例：约定确定的交货日期，迟延违约金每周0.5%-1%，上限为价款的10%-15%，迟延过久可解除合同。",
                ),
            )
        ]
    return []


def _no_remedy_for_failed_services(ctx: ClauseContext) -> list[Finding]:
    """The counterparty owes nothing when the services it provides fail, whatever the cause."""
    for s, m in ctx.find(
        r"(?:shall|will)\s+not\s+be\s+(?:liable|responsible)\s+for\s+(?:any\s+)?(?:failure|interruption|breakdown|suspension|unavailability)\b"
        r"[^.;]{0,120}?(?:however\s+(?:caused|arising)|for\s+any\s+reason|whatever\s+the\s+cause)"
        r"|(?:服务|设施|设备)[^。；]{0,20}(?:中断|故障|停止)[^。；]{0,12}(?:无论|不论)[^。；]{0,10}(?:原因|何种原因)[^。；]{0,10}不承担(?:任何)?责任"
        # its own hosting or suppliers: "因第三方云服务商原因造成的服务中断，乙方不承担任何责任"
        r"|(?P<own>(?:shall|will)\s+not\s+be\s+(?:liable|responsible)\s+for\s+(?:any\s+)?(?:failure|interruption|outage|unavailability|downtime)\b[^.;]{0,60}?"
        r"\bcaused\s+by\s+(?:its\s+|any\s+|the\s+)?(?:third[- ]party\s+)?(?:hosting|cloud|data\s+cent(?:re|er)|sub-?contractors?|suppliers?|service\s+providers?)"
        r"|(?:因|由于)(?:第三方)?(?:云服务商|云服务提供商|托管服务商|数据中心|分包商|供应商)(?:的)?原因[^。；]{0,16}(?:中断|故障|不可用|停止)[^。；]{0,8}不承担(?:任何)?责任)"
    ):
        # the one who "不承担" is named after the cause in Chinese: "…服务中断，乙方不承担任何责任"
        relief = re.search(r"不承担|not\s+be\s+(?:liable|responsible)", m.group(0), re.I)
        if not ctx.parties.theirs(ctx.actor(s, m.start() + (relief.start() if relief else 0))):
            continue
        return [
            finding(
                ctx,
                "liability_cap_inadequate",
                "medium",
                span(s, m),
                what=(
                    f"{ctx.them} owes nothing when its services fail because of the hosting or suppliers it chose."
                    if m.group("own")
                    else f"{ctx.them} owes nothing when its services fail, however caused, its own negligence included.",
                    f"{ctx.them}自行选择的云服务商或供应商导致服务中断时，{ctx.them}不承担任何责任。"
                    if m.group("own")
                    else f"{ctx.them}提供的服务中断或故障时，无论原因如何（包括其自身过失）均不承担责任。",
                ),
                why=(
                    f"{ctx.us} pays for the services; an exclusion that covers the counterparty's own fault leaves {ctx.us} with no remedy for the breach most likely to occur.",
                    f"{ctx.us}为该等服务付费；排除对方自身过错的责任，使{ctx.us}对最可能发生的违约毫无救济。",
                ),
                market=(
                    "Market: relief only for failures outside the provider's reasonable control, with a duty to restore promptly and a fee abatement while services are down.",
                    "市场惯例：仅对超出服务方合理控制范围的故障免责，并负有及时恢复义务，服务中断期间相应减免费用。",
                ),
            )
        ]
    return []


def _token_damages_to_us(ctx: ClauseContext) -> list[Finding]:
    """Delay or performance damages owed to us, capped so low that they are no remedy."""
    for s, _m in ctx.find(
        r"(?:liquidated|delay|performance)\s+damages|违约金|误期(?:损害)?赔偿|迟延(?:交货|履行)?(?:违约金|赔偿)"
    ):
        cap = re.search(_CAP, s.text, re.I)
        if not cap:
            continue
        capped = [p for p in find_percents(s.text[cap.start() :]) if p.value < 5]
        # who pays: "payable by the Supplier", else the sentence's subject ("乙方迟延交货的，…向甲方支付")
        by = re.search(r"(?:payable|paid)\s+by\s+", s.text, re.I)
        named = ctx.parties.mentions(s.text[by.end() :] if by else s.text)
        payers = [x for x in named if x.side != "mutual"]
        payer = payers[0].side if payers else None
        if not capped or not ctx.parties.theirs(payer):
            continue
        return [
            Finding(
                "liability_cap_inadequate",
                "medium",
                span(s, cap.start()),
                ctx.t(
                    f"The damages {ctx.them} pays for this breach are capped at {capped[0].value:g}%, a token remedy.",
                    f"{ctx.them}就该违约支付的违约金上限仅为{capped[0].value:g}%，仅具象征意义。",
                ),
                ctx.t(
                    f"Late or poor performance would cost {ctx.them} almost nothing, and if the damages are the only remedy {ctx.us} bears the rest of its loss.",
                    f"对方迟延或不当履行几乎没有代价；如违约金为唯一救济，其余损失由{ctx.us}自行承担。",
                ),
                ctx.t(
                    "Market: delay damages of 0.5-1% a week (or 0.05-0.1% a day) capped at 10-15% of the price, with a right to terminate when the cap is reached.",
                    "市场惯例：误期违约金每周0.5%-1%（或每日0.05%-0.1%），上限为合同价款的10%-15%，达到上限时可解除合同。",
                ),
            )
        ]
    return []


# Wording that says a liability has no ceiling, in the many ways contracts say it.
_NO_LIMIT = (
    r"unlimited\s+(?:liabilit\w*|amount)|liabilit\w*.{0,60}?(?:shall\s+be|is|are|will\s+be)\s+unlimited|uncapped"
    r"|without\s+(?:any\s+)?(?:limit|limitation|cap|ceiling)(?![a-z])(?:\s+(?:of|on|to|as\s+to)\s+(?:its\s+|the\s+)?(?:liabilit\w*|amount))?"
    r"|\bno\s+(?:\w+\s+){0,2}(?:limit|limitation|cap|ceiling|exclusion)s?\b(?:\s+(?:of|on)\s+(?:its\s+)?liabilit\w*)?.{0,40}?\b(?:shall|will|does|is\s+to)\s+apply"
    r"|not\s+(?:be\s+)?(?:subject\s+to|limited\s+by)\s+(?:any\s+)?(?:\w+\s+){0,2}(?:limit|limitation|cap|ceiling|maximum)"
    # "The Contractor's liability shall not be limited." ("shall not be limited to" lists examples)
    r"|liabilit(?:y|ies)\b[^.;]{0,60}?\b(?:shall|will|is|are)\s+not\s+(?:be\s+)?(?:limited|capped)\b(?!\s+(?:to|in\s+any\s+way\s+to|by\s+(?:the\s+)?foregoing))"
    r"|(?:limitations?|limits?|caps?|exclusions?)\s+(?:of\s+|on\s+)?(?:liability\s+)?(?:in\s+(?:this\s+)?(?:Agreement|Contract|Clause\s+[\d.]+)\s+)?(?:shall|will|do|does)\s+not\s+apply\s+to\s+(?:the\s+)?(?P<to>[A-Z][\w’']*(?:\s+[A-Z]\w*)?|乙方|甲方)"
    r"|不受(?:任何)?.{0,12}?(?:金额|数额|上限|价款|赔偿限额|责任限额)?(?:的)?限制|不设(?:任何)?(?:责任|赔偿)?(?:上限|限额)|无限(?:连带)?(?:赔偿)?责任|不以.{0,12}为限"
)
_ALL_LOSSES = (
    r"(?:liable|responsible|indemnify|compensate|bear)\b.{0,40}?\b(?:for|against)?\s*(?:any\s+and\s+all|all)\s+(?:\w+\s+){0,3}(?:loss|losses|damage|damages|liabilit)"
    r"|(?:承担|负)(?:全部|一切|所有)(?:的)?(?:赔偿)?责任|(?:一切|全部|所有)(?:的)?损失.{0,12}(?:承担|负|赔偿)|赔偿.{0,12}(?:一切|全部|所有)(?:的)?损失"
)
_AGGRAVATED = (
    r"of\s+whatever\s+(?:nature|kind)|howsoever|in\s+full|indirect|consequential|loss\s+of\s+profits?|lost\s+profits?"
    r"|间接损失|利润损失|可得利益|预期利益|任何性质"
)
_SUBJECT_TO_CAP = (
    r"subject\s+to\s+(?:the\s+)?(?:limitations?|limits?|caps?|Clause|Section)|up\s+to\s+(?:a\s+)?(?:maximum|the\s+amount)|shall\s+not\s+exceed|not\s+to\s+exceed|in\s+no\s+event\s+exceed"
    r"|(?<!不设)(?<!不设任何)上限为|不超过|不得超过|为限(?!制)|受.{0,10}(?:第.{1,4}条|责任限制|上限).{0,4}(?:约束|限制)(?!之外)"
)


def _a_cap_may_cover_us(ctx: ClauseContext, s: Sentence) -> bool:
    """Whether a cap in the clause may limit the liability stated in ``s``: one in ``s`` itself, or
    one not expressly limited to the counterparty ("乙方的累计赔偿责任不超过一万元" caps only 乙方)."""
    for x in ctx.sentences:
        if not re.search(_SUBJECT_TO_CAP, x.text, re.I):
            continue
        if x.start == s.start or not ctx.parties.theirs(_liable_side(ctx, x)):
            return True
    return False


# Chinese names of a sum owed for a breach, set in advance (a late-payment 罚息 included).
_PENALTY_ZH = r"违约金|误期(?:损害)?赔偿|罚款|罚金|罚息"
_PENALTY_SUBJECT = rf"liquidated\s+damages|delay\s+damages|penalt|{_PENALTY_ZH}"


# "including, without limitation," introduces examples and "without limitation of its rights"
# reserves rights: neither says that a liability has no ceiling.
_NOT_A_CEILING = re.compile(
    r"includ\w*\s*,?\s*\(?\s*(?:but\s+not\s+limited\s+to|without\s+(?:any\s+)?limitation)"
    r"|\b(?:and|or)\s*,?\s*without\s+limitation\b"
    r"|without\s+limitation\s*,?\s+(?:of|to)\s+(?:\S+\s+){0,4}?(?:rights?|remed\w+)"
    # a duty that lasts for ever is a duration point, not an uncapped liability
    r"|without\s+(?:any\s+)?(?:limit|limitation)\s+(?:in|of|as\s+to)\s+(?:time|duration)|不受(?:任何)?(?:时间|期限|时限)(?:的)?限制",
    re.I,
)


def _unlimited_liability(ctx: ClauseContext) -> list[Finding]:
    """Our liability stated to have no ceiling: "without limit", "no limitation shall apply to
    the Supplier", "liable for all losses of whatever nature", "不受任何金额限制", "承担全部赔偿责任，
    包括间接损失"; a penalty or liquidated-damages sum without a cap belongs to the LD rule.

    Every sentence is read: an article may state an uncapped indemnity in 6.1 and say outright
    that our liability is unlimited in 6.2 (one finding per sub-clause is kept by the analysis)."""
    out: list[Finding] = []
    for s in ctx.sentences:
        text = s.text
        explicit = re.search(_NO_LIMIT, _NOT_A_CEILING.sub(lambda h: " " * len(h.group(0)), text), re.I)
        broad = re.search(_ALL_LOSSES, text, re.I)
        if not explicit and not (broad and re.search(_AGGRAVATED, text, re.I)):
            continue
        anchor = explicit or broad
        assert anchor is not None
        if (
            explicit is not None
            and not broad
            and not re.search(r"liab|indemn|loss|damage|责任|赔偿|损失", text, re.I)
        ):
            continue  # "调整幅度不受限制": the limit missing is a price's, not a liability's
        if re.search(
            r"无限(?:连带)?(?:责任)?(?:保证|担保)|unlimited\s+(?:personal\s+)?guarantee", text, re.I
        ):
            continue  # a guarantor's unlimited guarantee is the security rule's, not our own liability
        # "违约金总额不设上限": an uncapped penalty is liquidated_damages_excessive, not general liability
        if (
            re.search(_PENALTY_SUBJECT, text, re.I)
            and not broad
            and not re.search(r"liabilit|liable|loss|损失|赔偿责任", text, re.I)
        ):
            continue
        if explicit is None and _a_cap_may_cover_us(ctx, s):
            continue  # "liable for all losses, subject to Clause 12" stays within the cap
        if (
            re.search(_STANDARD_CARVE, text, re.I)
            and not broad
            and not re.search(
                r"any\s+(?:other\s+)?(?:breach|loss|claim)|all\s+(?:other\s+)?(?:losses|claims)|一切|全部",
                text,
                re.I,
            )
        ):
            continue  # fraud, wilful misconduct, death and personal injury: market-standard carve-outs
        side: Side | None = None
        to = explicit.groupdict().get("to") if explicit is not None else None
        if to:
            ms = ctx.parties.mentions(to)
            side = ms[0].side if ms else None
        if side is None:
            owner = re.search(
                r"(?:liability|liabilities)\s+of\s+(?:the\s+)?|(?:shall\s+)?apply\s+to\s+(?:the\s+)?",
                text,
                re.I,
            )
            if owner and owner.end() <= anchor.end() + 60:
                ms = ctx.parties.mentions(text[owner.end() : owner.end() + 60])
                if ms and ms[0].start <= 2:
                    side = ms[0].side
        if side is None:
            verb = re.search(
                r"liable|liabilit|responsible|indemnif|compensate|bear|borne|承担|负责|赔偿", text, re.I
            )
            by = re.search(r"borne\s+by\s+(?:the\s+)?", text, re.I)
            if by:
                ms = ctx.parties.mentions(text[by.end() : by.end() + 40])
                side = ms[0].side if ms else None
            if side is None:
                side = ctx.actor(s, verb.start() if verb else anchor.start())
        if not ctx.parties.ours(side):
            continue
        out.append(
            Finding(
                "uncapped_liability",
                "high",
                span(s, anchor.start()),
                ctx.t(
                    f"{ctx.us}'s liability under this provision has no cap"
                    + (
                        " and extends to indirect or consequential loss."
                        if re.search(r"indirect|consequential|profit", text, re.I)
                        else "."
                    ),
                    f"{ctx.us}在本条项下的责任不设上限"
                    + ("，且及于间接损失或利润损失。" if re.search(r"间接|利润|可得利益", text) else "。"),
                ),
                ctx.t(
                    "Unlimited exposure is uninsurable and out of proportion to the contract value.",
                    "无上限的责任敞口无法投保，且与合同价值不相称。",
                ),
                ctx.t(
                    f"{ctx.us}'s total liability should be capped (for example at the contract price or 12 months' fees), "
                    "with indirect and consequential loss excluded; only fraud, wilful misconduct, death and personal injury uncapped.",
                    f"{ctx.us}的累计责任应设上限（如合同价款或12个月费用），并排除间接损失；仅欺诈、故意不当行为及人身伤亡不设上限。",
                ),
            )
        )
    return out


_IND = (
    r"\bindemnif(?:y|ies|ied)\b|\bhold\s+(?:\w+\s+){0,4}harmless|使.{0,20}免受|保障.{0,12}免受|"
    r"(?:赔偿|补偿)(?!金|款).{0,20}(?:全部|一切|所有|任何).{0,10}(?:损失|费用|索赔)"
    # the loss first, its bearer after: "给对方或第三方造成的一切损失，…均由乙方全额赔偿"
    r"|(?:全部|一切|所有|任何)[^。；]{0,4}损失[^。；]{0,40}?(?P<by>由)[^。；，,]{0,12}?(?:全额|全部)?(?:赔偿|承担)"
    # "乙方对小区内发生的一切人身伤害和财产损失承担全部赔偿责任": liability for whatever happens
    r"|对[^。；]{0,30}(?:一切|全部|所有|任何)[^。；]{0,12}损失(?:承担|负)(?:全部)?(?:赔偿)?责任"
)
_BROAD = (
    r"negligence\s+of|whether\s+or\s+not|regardless\s+of|howsoever|in\s+full|all\s+(?:losses|claims|liabilit)|"
    r"any\s+(?:and\s+all\s+)?(?:losses|claims?|breach)|arising\s+(?:out\s+of\s+)?or\s+(?:relating|in\s+connection)|"
    r"use\s+of\s+the\s+(?:Services|Products|Software)|无论|不论|全部|一切|任何"
)


def _own_breach_damages(ctx: ClauseContext) -> str:
    """Losses that follow from our own breach: "因甲方违约给乙方造成损失的", "losses caused by its breach"."""
    return (
        rf"因(?:{ctx.us_rx})(?:的)?[^。；，,]{{0,6}}?(?:违约|违反|原因|过错|过失|不善|不当|疏忽)|(?:{ctx.us_rx})(?:应)?(?:对|就)其(?:违约|违反)|由于(?:{ctx.us_rx})(?:的)?(?:违约|过错)|(?:{ctx.us_rx})违反本(?:合同|协议)"
        rf"|(?:caused\s+by|resulting\s+from|arising\s+(?:out\s+of|from))\s+(?:its|(?:the\s+)?(?:{ctx.us_rx})(?:'s)?)\s+(?:own\s+)?breach"
        # damages on top of liquidated damages for the same breach: "违约金不足以弥补甲方损失的，乙方还应赔偿"
        r"|违约金不足以(?:弥补|赔偿|补偿)|liquidated\s+damages\s+(?:are|is|prove)\s+insufficient"
    )


# A buyer taking on what the business owed before it changed hands ("liabilities …, whether arising
# before, on or after Completion", "any act or omission of the Seller before Completion").
_PAST_LIABILITIES_ASSUMED = (
    # within one party's promise: "…, and the Seller shall indemnify the Buyer against liabilities arising before" is another
    r"(?:assume|be\s+responsible\s+for|bear|pay\s+and\s+discharge|take\s+over)\b[^.;]{0,80}?liabilit\w*(?:(?!\b(?:shall|will|must)\b)[^.;]){0,160}?"
    r"(?:(?:arising|arise|incurred|accru\w+)[^.;]{0,30}?(?:before|prior\s+to)|act\s+or\s+omission\s+of\s+(?:the\s+)?\w+\s+(?:before|prior\s+to))"
    r"(?:[,\s]+(?:on|or|and|after|at))*"
    r"\s+(?:the\s+)?(?:Completion|Closing|Transfer\s+(?:Date|Time)|Effective\s+(?:Date|Time))"
    r"|(?:承担|负责|承继)[^。；]{0,40}(?:交割|转让|移交|交接)(?:日|完成)?(?:之)?前[^。；]{0,30}(?:债务|责任|负债)"
)


def _past_liabilities_assumed(ctx: ClauseContext) -> list[Finding]:
    """A buyer of a business made to bear the seller's liabilities from before Completion."""
    if not ctx.parties.is_role("buyer"):
        return []
    for s, m in ctx.find(_PAST_LIABILITIES_ASSUMED):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        return [
            finding(
                ctx,
                "indemnity_one_sided",
                "high",
                span(s, m),
                (
                    f"{ctx.us} takes on {ctx.them}'s liabilities arising before Completion.",
                    f"{ctx.us}须承担{ctx.them}在交割前产生的债务和责任。",
                ),
                (
                    f"{ctx.us} pays for the business and also for its past: claims, employee and tax liabilities from "
                    f"{ctx.them}'s period of ownership fall on {ctx.us}, uncapped and outside the warranty regime.",
                    f"{ctx.us}既支付收购价款，又承担标的业务的历史责任：{ctx.them}经营期间的索赔、员工和税务责任均转由{ctx.us}承担，且不设上限、不受保证条款约束。",
                ),
                (
                    "Market: the Buyer assumes only liabilities arising after Completion under the contracts it takes over; "
                    "the Seller keeps the pre-Completion liabilities (including those that transfer by law, such as employee claims) and indemnifies the Buyer for them.",
                    "市场惯例：买方仅承担交割后依其承接的合同产生的责任；交割前的责任（包括依法随之转移的员工索赔等）由卖方保留，并由卖方就此向买方作出补偿。",
                ),
            )
        ]
    return []


@rule(reports={"indemnity_one_sided"})
def indemnities(ctx: ClauseContext) -> list[Finding]:
    """Broad or fault-independent indemnities given by us without reciprocity."""
    out: list[Finding] = _past_liabilities_assumed(ctx)
    if out:
        return out
    givers: dict[Side | None, list[tuple[Sentence, re.Match[str]]]] = {}
    for s, m in ctx.find(_IND):
        if re.match(r"indemnified\b", m.group(0), re.I) and not re.search(
            r"\bby\b", s.text[m.end() : m.end() + 15]
        ):
            continue  # "the indemnified party" is not a promise to indemnify
        # "…一切损失，均由乙方赔偿": the one who pays is named after 由, not before the loss
        givers.setdefault(ctx.actor(s, m.end() if m.group("by") else m.start()), []).append((s, m))
    ours = [g for side, gs in givers.items() if ctx.parties.ours(side) for g in gs]
    reciprocal = (
        "mutual" in givers
        or (ctx.parties.known and any(ctx.parties.theirs(side) for side in givers))
        or (not ctx.parties.known and len(givers) > 1)
    )
    for s, m in ours:
        text = s.text
        their_fault = re.search(
            r"(?:negligence|fault|breach|wil(?:l)?ful\s+misconduct|过错|过失)\s+of\s+(?:the\s+)?\w+|"
            r"(?:including|even\s+if).{0,60}(?:negligence|fault)|无论.{0,20}(?:过错|过失)"
            # "包括因乙方自身过错造成的损失": whoever the indemnified party is called
            rf"|包括.{{0,10}}(?:{ctx.them_rx}|甲方|对方).{{0,6}}(?:过错|过失)",
            text,
            re.I,
        )
        fault_of_them = their_fault is not None and (
            "them" in ctx.parties.sides_in(their_fault.group(0))
            or re.search(r"including.{0,60}negligence|even\s+if|无论", their_fault.group(0), re.I) is not None
        )
        broad = re.search(_BROAD, text, re.I)
        if not fault_of_them and (not broad or reciprocal):
            continue
        if (
            not fault_of_them
            and ctx.has(_own_breach_damages(ctx), text)
            and not re.search(r"third[- ]part|第三方", text, re.I)
        ):
            continue  # damages for our own breach: how far they reach is uncapped_liability's question
        level = (
            "high"
            if fault_of_them
            or re.search(r"regardless\s+of|whether\s+or\s+not|howsoever|无论|不论", text, re.I)
            else "medium"
        )
        anchor = their_fault.start() if fault_of_them and their_fault else m.start()
        q = span(s, anchor if len(s.text) > 320 else m.start())
        out.append(
            Finding(
                "indemnity_one_sided",
                level,
                q,
                ctx.t(
                    f"{ctx.us} gives {ctx.them} a broad indemnity"
                    + (
                        " that extends to losses caused by the indemnified party's own negligence."
                        if fault_of_them
                        else " that is not limited to fault-based third-party claims."
                    ),
                    f"{ctx.us}向{ctx.them}提供宽泛的补偿"
                    + (
                        "，甚至涵盖对方自身过失造成的损失。"
                        if fault_of_them
                        else "，且不限于因我方过错引起的第三方索赔。"
                    ),
                ),
                ctx.t(
                    "The indemnity is one-way"
                    + (", " if not reciprocal else " in substance, ")
                    + "shifts risks we do not control onto us and is likely outside the liability cap.",
                    "该补偿实质上为单向义务，将我方无法控制的风险转移给我方，且可能不受责任上限约束。",
                ),
                ctx.t(
                    "Market practice: mutual indemnities for third-party claims caused by the indemnifier's own breach or negligence, "
                    "excluding the other party's fault, subject to the cap.",
                    "市场惯例：双方对等、仅就因补偿方自身违约或过失引起的第三方索赔进行补偿，排除对方过错，并受上限约束。",
                ),
            )
        )
        break
    return out


_LD = (
    r"liquidated\s+damages|delay\s+damages|\bpenalt(?:y|ies)\b|break\s+fee|termination\s+fee|"
    r"\binterest\b(?=[^.;]{0,60}?(?:per\s+(?:calendar\s+)?(?:day|week|month)|daily|weekly|monthly|a\s+month))|"
    r"(?:pay|paid|payable)\b.{0,100}?(?:the\s+sum\s+of|a\s+fee\s+(?:equal\s+to|of)|an\s+amount\s+equal\s+to)|"
    # a fixed sum per day: "shall pay the Customer GBP 5,000 for each day on which a key person is unavailable"
    r"\bpay\b[^.;]{0,40}?(?:GBP|USD|EUR|SGD|RMB|CNY|US\$|£|\$|€)\s?[\d,.]+\s+(?:for|per|in\s+respect\s+of)\s+(?:each|every|any)?\s*(?:calendar\s+|working\s+|business\s+)?(?:day|week)\b|"
    # a share of the price per day: "shall pay the Customer 2% of the price of the order for each day of delay"
    r"\bpay\b[^.;]{0,40}?\d+(?:\.\d+)?\s?%[^.;]{0,80}?(?:for|per|in\s+respect\s+of)\s+(?:each|every|any)\s+(?:calendar\s+|working\s+|business\s+)?(?:day|week)\b|"
    rf"{_PENALTY_ZH}"
)
_NOT_EXCLUSIVE = (
    r"without\s+prejudice\s+to.{0,80}(?:recover|claim|right|remed)|in\s+addition\s+(?:to|recover|claim)|"
    r"(?:together|along)\s+with\s+(?:all|any)\s+(?:other|further|additional)\s+(?:loss|losses|damages|costs)|"
    r"further\s+(?:loss|losses|damages)|not\s+(?:be\s+)?(?:the\s+)?(?:sole|exclusive)|"
    r"另行(?:要求)?(?:赔偿|索赔)|不足以(?:弥补|赔偿).{0,12}(?:继续|另行|还)?|还应赔偿|并赔偿.{0,6}(?:全部|其他)"
)


def _large_share_of_price(text: str) -> float | None:
    """A share of the whole price above the usual 10-15% ("按转让价款总额的30%", "20% of the Contract Price")."""
    for p in find_percents(text):
        after = re.match(
            r"\s*of\s+(?:the\s+)?(?:total\s+|aggregate\s+)?(?:Contract\s+Price|Purchase\s+Price|Consideration|price|contract\s+(?:price|value))",
            text[p.end :],
            re.I,
        )
        before = re.search(
            r"(?:价款|总价|合同价|对价|价格)(?:总额)?的?$", text[max(0, p.start - 12) : p.start]
        )
        if (after or before) and p.value > 15:
            return p.value
    return None


# A fee measured in years of the contract's fees: "equal to the total fees paid in the preceding 5
# years", "three years' management fees", "相当于前三年的管理费".
_YEARS_OF_FEES = re.compile(
    r"(?:fees?|charges|royalt(?:y|ies)|commissions?)\s+(?:\w+\s+){0,2}?(?:paid|payable|earned|received)\b[^.;]{0,30}?"
    r"(?:preceding|previous|last|prior|following|next|remaining)\s+(?P<n>\S+)\s+(?:\(\d+\)\s+)?(?:full\s+)?(?:fiscal\s+|calendar\s+|contract\s+)?years?"
    r"|(?P<n2>\S+)\s+(?:\(\d+\)\s+)?years['’]\s+(?:\w+\s+){0,2}?(?:fees?|charges|royalt(?:y|ies)|commissions?)"
    r"|(?:前|最近|此前)(?P<n3>\S{1,3}?)(?:个)?(?:会计)?年度?[^。；]{0,10}(?:费用|管理费|服务费|许可费)",
    re.I,
)


def _years_of_fees(text: str) -> float | None:
    """How many years of fees a lump sum is measured by, when it says."""
    m = _YEARS_OF_FEES.search(text)
    if m is None:
        return None
    word = m.group("n") or m.group("n2") or m.group("n3") or ""
    periods = find_periods(f"{word} years" if not m.group("n3") else f"{word}年")
    return periods[0].value if periods else None


@rule(reports={"liquidated_damages_excessive"})
def liquidated_damages(ctx: ClauseContext) -> list[Finding]:
    """Damages, penalties or fees payable by us that are uncapped, not exclusive, high or fault-free."""
    for s, m in ctx.find(_LD):
        payer = _ld_payer(ctx, s, m)
        if not (ctx.parties.ours(payer) or payer == "mutual"):
            continue
        signals = _ld_signals(ctx, s, m)
        if payer == "mutual" and not any("rate" in x or "费率" in x for x in signals):
            continue
        if not signals:
            continue
        return [_ld_finding(ctx, _ld_quote(ctx, s, m), signals)]
    return []


def _ld_payer(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> Side | None:
    """Who pays the damages, fee or interest ``m`` names: the payer, or the other side of the one who charges."""
    text = s.text
    pay = re.search(r"\bpay(?:s|able)?\b|支付|承担|赔偿", text, re.I)
    payer = ctx.actor(s, pay.start() if pay else m.start())
    # "贷款人有权…按日千分之三计收罚息", "the Lender may charge default interest": the one who
    # charges is paid; the other side pays
    charge = None if pay else re.search(r"计收|收取|加收|征收|\bcharge\b|\blevy\b", text, re.I)
    if charge:
        receiver = ctx.actor(s, charge.start())
        payer = "us" if receiver == "them" else "them" if receiver == "us" else payer
    by = re.search(r"(?:payable|paid)\s+by\s+(?:the\s+)?|recover\s+from\s+(?:the\s+)?", text, re.I)
    if by:
        ms = ctx.parties.mentions(text[by.end() : by.end() + 50])
        if ms:
            payer = ms[0].side
    if (
        payer is None
        and re.search(r"delay\s+damages|误期", m.group(0), re.I)
        and ctx.parties.is_role("contractor")
    ):
        payer = "us"  # delay damages are the contractor's by definition
    if (
        payer is None
        and re.search(r"\binterest\b", m.group(0), re.I)
        and re.search(r"overdue|late\s+payment|unpaid", text, re.I)
    ):
        # "Overdue sums bear interest at 5% per month": the party that pays the price pays it
        payer = "us" if ctx.parties.pays else "them" if ctx.parties.supplies else None
    return payer


def _ld_signals(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> list[str]:
    """What makes the damages excessive: not exclusive, uncapped, a high rate or share, fault-free, …"""
    text = s.text
    signals: list[str] = []
    clause = ctx.text
    if re.search(_NOT_EXCLUSIVE, clause, re.I):
        signals.append(
            ctx.t(
                "not the exclusive remedy (further losses recoverable)",
                "不是唯一救济（还可索赔其他损失）",
            )
        )
    # the LD provision: this sentence and the two after it (a cap or its absence is stated there,
    # not in some unrelated sub-clause of the same article)
    following = [x.text for x in ctx.sentences if x.start >= s.start][:3]
    provision = " ".join(following) or text
    uncapped = re.search(
        r"no\s+(?:\w+\s+)?(?:cap|maximum|limit)|not\s+(?:be\s+)?subject\s+to\s+(?:any\s+)?(?:\w+\s+)?(?:cap|maximum|limit)|without\s+(?:any\s+)?(?:cap|limit|maximum)|uncapped|unlimited"
        r"|不设(?:任何)?(?:上限|封顶|最高限额)|无上限|不受.{0,8}限制|不封顶",
        provision,
        re.I,
    )
    capped = (
        re.search(
            r"maximum|shall\s+not\s+exceed|not\s+exceed|capped|cap\b|上限|不超过|最高|封顶", clause, re.I
        )
        and not uncapped
    )
    per_period = re.search(
        r"per\s+(?:calendar\s+|working\s+)?(?P<en>day|week|month)|(?:each|every|a)\s+(?:calendar\s+|working\s+)?(?P<en2>day|week|month)|daily|weekly|monthly"
        r"|每(?:逾期|迟延|延迟|延误|拖延)?(?:交货|交付|完工|付款)?(?:一|1)?(?:个)?(?P<zh>日|天|周|星期)",
        text,
        re.I,
    )
    daily: list[tuple[float, float]] = []  # (rate, rate per day)
    if per_period:
        unit = (
            per_period.group("en") or per_period.group("en2") or per_period.group("zh") or per_period.group(0)
        ).lower()
        per_day = (
            7.0 if unit in {"week", "weekly", "周", "星期"} else 30.0 if unit in {"month", "monthly"} else 1.0
        )
        for p in find_percents(text):
            # the rate, not a cap such as "up to a maximum of 10%"
            if not re.search(
                r"maximum|exceed|cap|上限|不超过|最高", text[max(0, p.start - 60) : p.start], re.I
            ):
                daily.append((p.value, p.value / per_day))
                break
    # Late-payment charges run until payment by nature, so their measure is the rate: above about
    # 0.1% a day (36% a year) they punish rather than compensate; 万分之五 a day is market practice.
    late_payment = re.search(
        r"逾期付款|迟延付款|延迟付款|逾期支付|逾期(?:还款|偿还)|未按期(?:偿还|还款|支付)|罚息"
        r"|late\s+payments?|overdue\s+(?:amounts?|sums?|payments?|invoices?)"
        r"|interest\s+on\s+(?:any\s+)?(?:late|overdue|unpaid)",
        text,
        re.I,
    )
    if daily and daily[0][1] > (0.1 if late_payment else 0.5):
        per = {7.0: ("week", "周"), 30.0: ("month", "月")}.get(daily[0][0] / daily[0][1], ("day", "日"))
        signals.append(
            ctx.t(
                f"a high rate of {daily[0][0]:g}% per {per[0]} of delay",
                f"费率高达每{per[1]}{daily[0][0]:g}%",
            )
        )
    lump = None if per_period else _large_share_of_price(text)
    if lump is not None:
        any_breach = re.search(
            r"any\s+breach|breach(?:es)?(?:\s+of)?\s+any\s+(?:provision|term|obligation)|违反本(?:协议|合同)(?:的)?任何|任何违约",
            text,
            re.I,
        )
        signals.append(
            ctx.t(
                f"a lump sum of {lump:g}% of the price" + (" for any breach" if any_breach else ""),
                f"一次性支付价款的{lump:g}%" + ("，且任何违约均触发" if any_breach else ""),
            )
        )
    if (uncapped or (not capped and (daily or per_period))) and not (
        late_payment and not (daily and daily[0][1] > 0.1)
    ):
        signals.append(ctx.t("no cap", "未设上限"))
    cap_pct = [
        p
        for p in find_percents(clause)
        if re.search(r"maximum|exceed|cap|上限|不超过", clause[max(0, p.start - 80) : p.start], re.I)
    ]
    if cap_pct and cap_pct[0].value > 15:
        signals.append(
            ctx.t(
                f"a cap of {cap_pct[0].value:g}% (above the usual 10-15%)",
                f"上限为{cap_pct[0].value:g}%（高于通常的10%-15%）",
            )
        )
    if re.search(
        r"for\s+any\s+reason|other\s+than\s+(?:termination\s+)?by|regardless\s+of\s+(?:fault|cause)|whether\s+or\s+not.{0,30}fault|无论.{0,10}(?:原因|过错)",
        text,
        re.I,
    ):
        signals.append(ctx.t("triggered without our fault", "无论我方是否有过错均触发"))
    years_of_fees = _years_of_fees(text)
    if years_of_fees is not None and years_of_fees >= 2:
        signals.append(
            ctx.t(
                f"a fee equal to {years_of_fees:g} years of fees",
                f"金额相当于{years_of_fees:g}年的费用",
            )
        )
    if re.search(
        r"within\s+.{0,30}(?:of|after)\s+(?:written\s+)?demand|on\s+(?:first\s+)?demand|见索即付",
        text,
        re.I,
    ) and re.search(r"[A-Z]{3}\s?[\d,]{5,}|\$\s?[\d,]{5,}|万元|元", text):
        signals.append(ctx.t("a fixed sum payable on demand", "须见索即付的固定金额"))
    return signals


def _ld_quote(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> Sentence:
    """The quote: the damages, or the wording that makes them cumulative when it is elsewhere in the clause."""
    text = s.text
    anchor = re.search(_NOT_EXCLUSIVE, text, re.I)
    q = span(s, anchor.start() if anchor and len(text) > 320 else m.start())
    # When the aggravating wording sits in another sentence of the clause, quote that one.
    if anchor is None:
        for other in ctx.sentences:
            a2 = re.search(_NOT_EXCLUSIVE, other.text, re.I)
            if a2 and other is not s and re.search(_LD + r"|damages|loss|损失", other.text, re.I):
                q = span(other, a2.start())
                break
    return q


def _ld_finding(ctx: ClauseContext, q: Sentence, signals: list[str]) -> Finding:
    """Excessive liquidated damages payable by us, with the signals found."""
    return Finding(
        "liquidated_damages_excessive",
        "high",
        q,
        ctx.t(
            f"Liquidated damages or fees payable by {ctx.us} are excessive: " + "; ".join(signals) + ".",
            f"{ctx.us}应付的违约金或费用过高：" + "；".join(signals) + "。",
        ),
        ctx.t(
            "Liquidated damages should be a capped, genuine pre-estimate that replaces general damages; "
            "otherwise our exposure for the same breach is open-ended.",
            "违约金应是设有上限的、对损失的真实预估，并替代一般损害赔偿；否则我方就同一违约的风险敞口无限。",
        ),
        ctx.t(
            "Signals found in the clause: "
            + "; ".join(signals)
            + ". Playbook: cap at about 10% of the price, sole and exclusive remedy.",
            "条款中识别到：" + "；".join(signals) + "。行业立场：上限约为价款的10%，且为唯一救济。",
        ),
    )


def period_text(ctx: ClauseContext, s: Sentence) -> str:
    """The periods named in a sentence, for messages."""
    return ", ".join(fmt_period(p) for p in find_periods(s.text)) or ctx.t("none stated", "未约定")
