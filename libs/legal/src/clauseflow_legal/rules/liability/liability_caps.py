"""The liability_caps rule (liability): Caps too low for us as claimant, and carve-outs that leave our own liability unlimited."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span, sub_sentence
from clauseflow_legal.rules.liability.common import PENALTY_ZH
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Amount,
    Sentence,
    find_amounts,
    find_percents,
    find_periods,
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


_PENALTY_SUBJECT = rf"liquidated\s+damages|delay\s+damages|penalt|{PENALTY_ZH}"


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
