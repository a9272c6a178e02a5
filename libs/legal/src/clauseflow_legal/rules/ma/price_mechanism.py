"""The price_mechanism rule (ma): Price mechanics controlled by the other side; open-ended permitted leakage and short leakage claim windows."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.ma.common import SELLER, shares_of_price, we_buy
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    find_periods,
    fmt_period,
)


@rule(reports={"ma_price_mechanism_risk"})
def price_mechanism(ctx: ClauseContext) -> list[Finding]:
    """Price mechanics controlled by the other side; open-ended permitted leakage and short leakage claim windows."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"(?P<what>Completion\s+Accounts|Earn-?Out(?:\s+Payment)?|Closing\s+Statement|Net\s+(?:Debt|Working\s+Capital)|交割账目|对赌|业绩补偿"
        # a business sale prices its stock or net assets at Completion the same way
        r"|(?:value|valuation|amount)\s+of\s+(?:the\s+)?(?:stock|inventory|net\s+assets|working\s+capital)).{0,80}?(?:prepared|calculated|determined|decided)\s+(?:solely\s+)?by\s+(?:the\s+)?(?P<who>[\w’']+(?:\s+accountants)?)"
        r"|(?:the\s+)?(?P<who_first>[\w’']+)\s+shall\s+(?:prepare|calculate|determine|draw\s+up)\s+(?:the\s+)?(?P<what_second>completion\s+accounts|closing\s+statement|net\s+(?:debt|working\s+capital)(?:\s+statement)?|earn-?out(?:\s+(?:statement|payment))?)"
        # an earn-out in Chinese: a price set by later profits, audited by an auditor the other side picks
        r"|(?P<what_zh>(?:第\S{1,3}期)?(?:转让)?(?:价款|对价))[^。；]{0,40}根据[^。；]{0,30}(?:净利润|业绩|营业收入|收入)[^。；]{0,20}确定"
        r"[^。；]{0,6}[，,；;]\s*(?:审计机构|会计师事务所|审计师)由(?P<who_zh>\S{1,6}?)(?:单方|自行)?(?:指定|选定|聘请|确定)"
    ):
        who = m.group("who") or m.group("who_first") or m.group("who_zh")
        what = m.group("what") or m.group("what_second") or m.group("what_zh")
        ms = ctx.parties.mentions(who)
        if not ms or not ctx.parties.theirs(ms[0].side):
            continue
        text = ctx.text
        one_sided = re.search(
            r"sole\s+(?:and\s+absolute\s+)?discretion|final\s+and\s+binding|conclusive|as\s+it\s+sees\s+fit|no\s+(?:right\s+to\s+)?(?:dispute|object)|单方|最终",
            text,
            re.I,
        )
        if not one_sided or re.search(r"independent\s+(?:accountant|expert)|独立(?:会计师|专家)", text, re.I):
            continue
        out.append(
            Finding(
                "ma_price_mechanism_risk",
                "medium",
                span(s, m),
                ctx.t(
                    f"The {what} {'are' if what.endswith('s') else 'is'} determined by {ctx.them} alone, without independent expert review.",
                    f"{what}由{ctx.them}单方确定，且无独立专家复核。",
                ),
                ctx.t(
                    f"The price {ctx.us} pays or receives depends on figures the other side controls.",
                    f"{ctx.us}支付或收取的价款取决于对方控制的数据。",
                ),
                ctx.t(
                    "Market: prepared by the party in control of the business after Completion, with a review period and disputes referred to an independent accountant acting as expert; earn-out protections against conduct that depresses the metric.",
                    "市场惯例：由交割后控制业务的一方编制，另一方有审阅期，争议提交独立会计师作为专家决定；业绩对赌应约束压低指标的经营行为。",
                ),
            )
        )
        break
    if not we_buy(ctx):
        return out + _unsecured_deferred_consideration(ctx)
    prepaid = _unsecured_prepayment(ctx)
    if prepaid:
        return out + prepaid
    for s, m in ctx.find(
        r"(?:dividends?|distributions?|利润分配|分红|股息|分派)[^。；]{0,80}?(?:shall\s+not|will\s+not|not|without|无需|不予?|不得)[^。；]{0,30}?(?:be\s+)?(?:deducted|reduc\w*|adjust\w*|扣除|抵减|调整)"
    ):
        if re.search(rf"{SELLER}|{ctx.them_rx}", s.text, re.I) and re.search(
            r"Price|Consideration|价款|对价", s.text, re.I
        ):
            out.append(
                Finding(
                    "ma_price_mechanism_risk",
                    "high",
                    span(s, m),
                    ctx.t(
                        "Before Completion the Seller may take dividends or distributions without any reduction of the price.",
                        "交割前卖方可从目标公司取得分红或利润分配，且不从转让价款中扣除。",
                    ),
                    ctx.t(
                        f"{ctx.us} pays for value that leaves the company before it takes control: uncontrolled leakage.",
                        f"{ctx.us}为交割前已流出目标公司的价值付款，构成不受控的价值漏损。",
                    ),
                    ctx.t(
                        "Market: no leakage from the accounts date; any distribution is repaid or deducted from the price pound for pound.",
                        "市场惯例：自基准日起不得漏损；任何分配须等额返还或从价款中扣除。",
                    ),
                )
            )
            break
    if re.search(r"Permitted\s+Leakage|允许(?:的)?漏损", ctx.text, re.I):
        for s, m in ctx.find(
            r"ordinary\s+course|any\s+other\s+payment\s+approved|approved\s+by\s+the\s+(?:board|directors)|日常经营|董事会批准"
            rf"|(?:payment|amount|benefit)[^.;]{{0,80}}?(?:that|which)\s+the\s+(?:{SELLER}|{ctx.them_rx})\s+(?:approves|consents\s+to|determines|agrees)|approved\s+by\s+the\s+(?:{SELLER}|{ctx.them_rx})"
        ):
            out.append(
                Finding(
                    "ma_price_mechanism_risk",
                    "high",
                    span(s, m),
                    ctx.t(
                        "Permitted Leakage includes open-ended categories (ordinary-course payments, or payments the Seller or the board approves).",
                        "允许漏损包括开放式类别（日常经营或董事会批准的付款）。",
                    ),
                    ctx.t(
                        "Before Completion the Seller controls the board and can extract value that the locked-box price already paid for.",
                        "交割前卖方控制董事会，可抽走锁箱价格中已计价的价值。",
                    ),
                    ctx.t(
                        "Market: a closed list of specific, quantified items.",
                        "市场惯例：封闭的具体量化清单。",
                    ),
                )
            )
            break
    if re.search(r"Leakage|漏损", ctx.text, re.I):
        for s, m in ctx.find(
            r"(?:on\s+or\s+before|within|no\s+later\s+than)\b.{0,60}?(?:months?|days)|(?:\d+|[一二三四五六])个月内"
        ):
            periods = [p for p in find_periods(s.text[m.start() :]) if p.unit in {"month", "day", "week"}]
            if periods and periods[0].months < 6 and re.search(r"claim|notif|notice|索赔|通知", s.text, re.I):
                out.append(
                    Finding(
                        "ma_price_mechanism_risk",
                        "medium",
                        span(s, m),
                        ctx.t(
                            f"Leakage claims must be made within {fmt_period(periods[0])} of Completion.",
                            f"漏损索赔须在交割后{fmt_period(periods[0])}内提出。",
                        ),
                        ctx.t(
                            "Leakage often surfaces only in the first post-Completion accounts.",
                            "漏损通常在交割后首期账目中才显现。",
                        ),
                        ctx.t("Market: at least 6 months.", "市场惯例：至少6个月。"),
                    )
                )
                break
    return out


_DEFERRED = r"Deferred\s+Consideration|deferred\s+(?:consideration|payment|purchase\s+price)|(?:balance|remainder)\s+of\s+the\s+(?:Consideration|Purchase\s+Price|Price)|分期支付|剩余(?:转让)?价款|尾款"
_NOT_SECURED = (
    r"(?:shall|will)\s+not\s+be\s+secured|\bunsecured\b|without\s+(?:any\s+)?(?:security|guarantee|escrow)"
    r"|无(?:需)?(?:任何)?担保|不(?:提供|设立?|设置)[^。；]{0,6}(?:担保|共管|保函)|无需[^。；]{0,12}提供(?:任何)?(?:担保|抵押|保证|保函)"
)


def _unsecured_deferred_consideration(ctx: ClauseContext) -> list[Finding]:
    """A seller paid part of the price long after Completion, with nothing securing it."""
    if not ctx.parties.is_role("seller") or not ctx.has(
        r"anniversary|(?:months?|years?)\s+(?:after|following)\s+(?:the\s+)?(?:date\s+of\s+)?Completion|交割(?:日)?后"
    ):
        return []
    refused = next(ctx.find(_NOT_SECURED), None)
    secured = ctx.has(r"escrow|guarantee|\bcharge\b|security|retention|担保|共管|质押|保函")
    deferred = next(ctx.find(_DEFERRED), None)
    if deferred is None or (secured and refused is None):
        return []
    s, m = refused or deferred
    return [
        finding(
            ctx,
            "ma_price_mechanism_risk",
            "high" if refused else "medium",
            span(s, m),
            (
                "Part of the price is paid long after Completion, with no guarantee, charge or escrow behind it.",
                "部分价款于交割后较长时间才支付，且无任何保证、担保或共管安排。",
            ),
            (
                f"{ctx.us} has handed over the company and holds only an unsecured claim against the Buyer for the rest of its price.",
                f"{ctx.us}已交出公司，对剩余价款仅享有对买方的无担保债权。",
            ),
            (
                "Market: deferred consideration secured by a parent or bank guarantee, an escrow or a charge over the shares sold, bearing interest, and accelerated on the Buyer's default or a sale of the company.",
                "市场惯例：递延价款由母公司或银行保函、共管账户或所售股权质押担保，计付利息，并在买方违约或转售公司时加速到期。",
            ),
        )
    ]


def _unsecured_prepayment(ctx: ClauseContext) -> list[Finding]:
    """Most of the price paid on signing, before Completion, with no escrow or security."""
    for s, m in ctx.find(
        r"(?:on|upon|within[^.;]{0,30}?of|after)\s+(?:the\s+)?(?:signing|execution|date)\s+(?:of\s+)?(?:this\s+Agreement)?|签署|签订"
    ):
        text = s.text
        if not re.search(
            rf"(?:{ctx.us_rx}|Buyer|Purchaser|买方|受让方)[^。；.]{{0,60}}(?:支付|pay)", text, re.I
        ):
            continue
        if re.search(r"Completion|Closing|交割", text[: m.start()], re.I):
            continue  # paid at or after Completion: the ordinary case
        share = shares_of_price(text, before=40)
        if not share or share[0].value < 30:
            continue
        refused = re.search(
            r"without\s+(?:any\s+)?(?:escrow|security|guarantee)|无需[^。；]{0,12}(?:共管|托管|监管|担保|保函)|不(?:设立|设置|提供)[^。；]{0,8}(?:共管|托管|监管|担保|保函)",
            ctx.text,
            re.I,
        )
        secured = re.search(r"escrow|bank\s+guarantee|security|共管|托管|监管账户|保函|担保", ctx.text, re.I)
        if secured and not refused:
            continue
        return [
            Finding(
                "ma_price_mechanism_risk",
                "high" if refused or share[0].value >= 50 else "medium",
                span(s, share[0].start),
                ctx.t(
                    f"{share[0].value:g}% of the price is paid on signing, before Completion, with no escrow or security.",
                    f"签约后、交割前即须支付价款的{share[0].value:g}%，且无共管账户或任何担保。",
                ),
                ctx.t(
                    f"If a condition fails or the Seller defaults, {ctx.us} has only an unsecured claim to get most of the price back.",
                    f"如先决条件未满足或对方违约，{ctx.us}只能以无担保债权追回大部分价款。",
                ),
                ctx.t(
                    "Market: a deposit of 5-10% at most; the price paid at Completion, or into escrow released at Completion.",
                    "市场惯例：定金不超过5%-10%；价款于交割时支付，或存入共管账户于交割时释放。",
                ),
            )
        ]
    return []
