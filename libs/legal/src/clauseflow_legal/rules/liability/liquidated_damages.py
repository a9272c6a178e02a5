"""The liquidated_damages rule (liability): Damages, penalties or fees payable by us that are uncapped, not exclusive, high or fault-free."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.liability.common import PENALTY_ZH
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Sentence,
    find_percents,
    find_periods,
)

_LD = (
    r"liquidated\s+damages|delay\s+damages|\bpenalt(?:y|ies)\b|break\s+fee|termination\s+fee|"
    r"\binterest\b(?=[^.;]{0,60}?(?:per\s+(?:calendar\s+)?(?:day|week|month)|daily|weekly|monthly|a\s+month))|"
    r"(?:pay|paid|payable)\b.{0,100}?(?:the\s+sum\s+of|a\s+fee\s+(?:equal\s+to|of)|an\s+amount\s+equal\s+to)|"
    # a fixed sum per day: "shall pay the Customer GBP 5,000 for each day on which a key person is unavailable"
    r"\bpay\b[^.;]{0,40}?(?:GBP|USD|EUR|SGD|RMB|CNY|US\$|£|\$|€)\s?[\d,.]+\s+(?:for|per|in\s+respect\s+of)\s+(?:each|every|any)?\s*(?:calendar\s+|working\s+|business\s+)?(?:day|week)\b|"
    # a share of the price per day: "shall pay the Customer 2% of the price of the order for each day of delay"
    r"\bpay\b[^.;]{0,40}?\d+(?:\.\d+)?\s?%[^.;]{0,80}?(?:for|per|in\s+respect\s+of)\s+(?:each|every|any)\s+(?:calendar\s+|working\s+|business\s+)?(?:day|week)\b|"
    rf"{PENALTY_ZH}"
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
