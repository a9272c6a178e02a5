"""Group K: M&A (SPA/SHA) risks, mostly for a buyer or a minority investor."""

# ruff: noqa: E501  -- legal regexes, bilingual findings and clause fixtures read better unbroken

from __future__ import annotations

import re
from collections.abc import Callable

from clauseflow_documents.numerals import ENGLISH_ORDINALS

from clauseflow_legal.rules.base import ClauseContext, Finding, Wording, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Percent,
    Period,
    find_percents,
    find_periods,
    fmt_period,
    percent_pattern,
)

_SELLER = r"Sellers?|Warrantors?|Vendors?|卖方|转让方"


def _shares_of_price(text: str, *, before: int) -> list[Percent]:
    """Percentages of the price: "5% of the Purchase Price", and "转让价款的百分之五" (price named first)."""
    return [
        p
        for p in find_percents(text)
        if re.search(
            r"Purchase\s+Price|Consideration|price|价款|对价",
            text[max(0, p.start - before) : p.end + 40],
            re.I,
        )
    ]


# What only a share or business sale speaks of: a clause of one read outside the share-deal domain.
_SHARE_DEAL = (
    r"\bWarranties\b|\bWarranty\s+Claims?\b|\bCompletion\b|\bSale\s+Shares\b|Disclosure\s+Letter|Data\s+Room"
    r"|Tax\s+(?:Covenant|Deed|Indemnity)|Management\s+Accounts|Locked\s+Box|\bLeakage\b|股权|交割|披露函|陈述与保证"
)


def _buyer(ctx: ClauseContext) -> bool:
    """A buyer of shares or a business: a buyer of goods under a supply contract is not one."""
    if ctx.domain == "sha_spa":
        return ctx.parties.is_role("buyer") or not ctx.parties.known
    return ctx.parties.is_role("buyer") and re.search(_SHARE_DEAL, ctx.text) is not None


@rule(reports={"ma_claim_limitations_unfavourable"})
def seller_limitations(ctx: ClauseContext) -> list[Finding]:
    """Off-market caps, deductible baskets and short claim periods limiting the seller's liability."""
    if not _buyer(ctx):
        return []
    out: list[Finding] = []
    for s in ctx.sentences:
        text = s.text
        if not re.search(rf"{_SELLER}|{ctx.them_rx}|\bclaims?\b|索赔", text, re.I):
            continue
        extended = re.search(
            r"(?:limitations?|limits?)\b.{0,80}?(?:also\s+)?appl(?:y|ies)\s+(?:equally\s+)?to.{0,80}?(?P<what>Title|Capacity|Tax|Fundamental)"
            r"|限制[^。；]{0,12}?(?:同样|亦|也)?适用于[^。；]{0,40}?(?P<zh>权属|主体资格|税务|税收|基本保证)",
            text,
            re.I,
        )
        if extended and not re.search(
            r"(?:not|never)\s+(?:\w+\s+)?appl(?:y|ies)|(?:shall|will)\s+not\s+(?:\w+\s+)?extend|不适用|不受[^。；]{0,10}限制",
            text,
            re.I,
        ):
            out.append(
                Finding(
                    "ma_claim_limitations_unfavourable",
                    "high",
                    span(s, extended.start()),
                    ctx.t(
                        "The Seller's limitations of liability also apply to title, capacity or tax claims.",
                        "卖方的责任限制同样适用于股权权属、主体资格或税务索赔。",
                    ),
                    ctx.t(
                        f"If the shares are not the Seller's to sell, or tax history proves costly, {ctx.us} recovers only the capped, time-barred fraction of a total loss.",
                        f"如标的股权权属有瑕疵或历史税务问题爆发，{ctx.us}只能在上限和期限内追回全部损失的一小部分。",
                    ),
                    ctx.t(
                        "Market: title, capacity and tax claims are carved out of the cap, basket and short time limit (capped at the price, if at all).",
                        "市场惯例：权属、主体资格和税务索赔不受起赔额、上限和短期索赔期的限制（如设上限，为全部价款）。",
                    ),
                )
            )
            continue
        cap = re.search(
            r"(?:total|aggregate|maximum)\s+(?:amount\s+of\s+(?:the\s+)?)?liabilit\w*|liabilit\w*.{0,80}shall\s+not\s+exceed|责任总额|累计.{0,6}不超过",
            text,
            re.I,
        )
        pcts = _shares_of_price(text, before=12)
        if cap and pcts:
            p = pcts[0]
            covers_fundamental = re.search(
                r"(?:including|包括).{0,60}(?:Fundamental|Tax|title|capacity|基本保证|税)", text, re.I
            )
            if p.value < 30 or (covers_fundamental and p.value < 100):
                out.append(
                    Finding(
                        "ma_claim_limitations_unfavourable",
                        "high",
                        span(s, covers_fundamental.start() if covers_fundamental else p.start),
                        ctx.t(
                            f"The Seller's overall cap is {p.value:g}% of the price"
                            + (
                                ", and it also covers fundamental warranty and tax claims."
                                if covers_fundamental
                                else "."
                            ),
                            f"卖方责任总上限为价款的{p.value:g}%"
                            + ("，且同样适用于基本保证和税务索赔。" if covers_fundamental else "。"),
                        ),
                        ctx.t(
                            f"{ctx.us} could recover only a fraction of the price even if title or tax exposure proves worthless or large.",
                            f"即使权属或税务风险导致巨大损失，{ctx.us}也只能追回价款的一小部分。",
                        ),
                        ctx.t(
                            "Market: general warranties 30-100% of price; title, capacity and tax at 100%.",
                            "市场惯例：一般保证为价款的30%-100%；权属、主体资格和税务为100%。",
                        ),
                    )
                )
                continue
        deductible = re.search(
            r"only\s+(?:be\s+liable\s+)?for\s+(?:the\s+amount\s+by\s+which|the\s+excess)|only\s+the\s+excess|the\s+excess\s+only|in\s+excess\s+of\s+(?:the\s+)?(?:threshold|basket)"
            r"|(?:仅|只)(?:能|可|得)?(?:就|对)超(?:出|过)|(?:方可|才能|才可)(?:就|对)超(?:出|过)(?:部分|的部分)",
            text,
            re.I,
        )
        if deductible:
            pct = [p for p in find_percents(text)]
            out.append(
                Finding(
                    "ma_claim_limitations_unfavourable",
                    "high" if pct and pct[0].value > 1 else "medium",
                    span(s, deductible.start()),
                    ctx.t(
                        "The basket is a deductible: the Seller pays only the excess over the threshold"
                        + (f" of {pct[0].value:g}% of the price." if pct else "."),
                        "起赔门槛为免赔额式：卖方仅就超过门槛"
                        + (f"（价款的{pct[0].value:g}%）" if pct else "")
                        + "的部分承担责任。",
                    ),
                    ctx.t(
                        f"{ctx.us} permanently absorbs the first slice of every warranty loss.",
                        f"{ctx.us}须永久自行承担每项保证损失的首段金额。",
                    ),
                    ctx.t(
                        "Market: a tipping basket of about 0.5-1% of the price.",
                        "市场惯例：全额起赔式门槛，约为价款的0.5%-1%。",
                    ),
                )
            )
            continue
        notice = re.search(
            r"unless\s+(?:the\s+)?(?:Buyer|Purchaser).{0,40}(?:gives?|given|serves?|served|notifies|notified).{0,200}?within"
            r"|unless\s+(?:(?:written\s+)?notice\s+(?:of\s+(?:it|the\s+Claim|such\s+Claim|that\s+Claim)\s+)?(?:is|has\s+been|shall\s+have\s+been)\s+|it\s+is\s+|they\s+are\s+)?(?:notified|given|served|brought|made)\b.{0,80}?within"
            rf"|(?:买方|{ctx.us_rx})[^。；]{{0,20}}(?:在|于)[^。；]{{0,20}}内[^。；]{{0,10}}(?:通知|提出)",
            text,
            re.I,
        )
        if notice and not re.search(r"Leakage|漏损", text, re.I):  # a leakage window is price_mechanism's
            periods = [p for p in find_periods(text) if p.unit in {"month", "year", "day"}]
            tax = re.search(r"Tax|税", text)
            limit = 48 if tax and not re.search(r"(?:general|other)\s+claims?", text, re.I) else 18
            if periods and periods[0].months < limit:
                out.append(
                    Finding(
                        "ma_claim_limitations_unfavourable",
                        "high",
                        span(s, periods[0].start),
                        ctx.t(
                            f"Claims must be notified within {fmt_period(periods[0])}"
                            + (", including tax claims." if tax else "."),
                            f"索赔须在{fmt_period(periods[0])}内通知" + ("，税务索赔亦同。" if tax else "。"),
                        ),
                        ctx.t(
                            "Problems (especially tax) typically surface after one audit cycle or a tax enquiry; a short window extinguishes them.",
                            "问题（尤其是税务）通常在一个审计周期或税务稽查后才显现，过短的期限会使索赔权消灭。",
                        ),
                        ctx.t(
                            "Market: 18-24 months for general claims; tax for the statutory period plus a margin.",
                            "市场惯例：一般索赔18-24个月；税务索赔为法定期限加一定缓冲。",
                        ),
                    )
                )
    return out[:2]


_KNOWLEDGE_NO_BAR = re.compile(
    r"shall\s+not\s+(?:be\s+)?(?:affected|prejudiced|limited|reduced)|(?:no|not\s+any)\s+(?:defence|bar)|不影响",
    re.I,
)


@rule(reports={"ma_disclosure_overbroad"})
def disclosure(ctx: ClauseContext) -> list[Finding]:
    """General data-room disclosure, buyer knowledge defences and unqualified awareness."""
    if not _buyer(ctx):
        return []
    for s, m in ctx.find(
        r"(?:qualified|limited)\s+by\s+(?:all\s+)?(?:matters|information|documents)\s+(?:disclosed|contained|made\s+available|included)\s+in\s+the\s+(?:virtual\s+)?Data\s+Room|(?:all\s+)?information\s+in\s+the\s+public\s+domain"
        r"|(?:qualified|limited)\s+by\b[^.;]{0,160}?\b(?:(?:contained|included|disclosed|made\s+available)\s+in\s+the\s+(?:virtual\s+)?Data\s+Room|available\s+(?:from|on|at)\s+(?:any\s+)?public\s+(?:register|record)s?|Companies\s+House)"
        r"|(?:Buyer|Purchaser)\b[^.;]{0,160}?\b(?:constructive|imputed)\b[^.;]{0,20}?knowledge|(?:actual\s+or\s+constructive|constructive|imputed)\s+knowledge\s+of\s+the\s+(?:Buyer|Purchaser)"
        r"|[\"“]?Disclosed[\"”]?\s+means.{0,300}?(?:Data\s+Room|public\s+(?:register|record)|constructive|imputed|knowledge\s+of\s+the\s+(?:Buyer|Purchaser)|advisers)"
        r"|保证[^。；]{0,20}?(?:以|受)[^。；]{0,120}?(?:公开信息|公开资料|数据室|(?:应当|应)(?:知悉|知道)|视为(?:已)?知悉)[^。；]{0,60}?(?:为限|所限|限制|为准)"
    ):
        if _KNOWLEDGE_NO_BAR.search(s.text):
            continue  # "shall not be affected by any knowledge of the Buyer": the market position
        general = re.search(
            r"Data\s+Room|public|register|Companies\s+House|advisers|公开|数据室", s.text, re.I
        )
        return [
            Finding(
                "ma_disclosure_overbroad",
                "high",
                span(s, m),
                ctx.t(
                    "Disclosure extends to the whole data room and to anything the Buyer or its advisers knew or are deemed to know."
                    if general
                    else "The Buyer loses its claim for anything it is deemed to know (constructive or imputed knowledge), not only for what it actually knew.",
                    "披露范围扩展至整个数据室以及买方或其顾问知道或被视为知道的任何事项。"
                    if general
                    else "买方对其被视为知悉（推定或归属知悉）的任何事项均丧失索赔权，而不限于其实际知悉的事项。",
                ),
                ctx.t(
                    "The warranties are emptied: almost any issue can be said to have been disclosed.",
                    "保证被架空：几乎任何问题都可被称为已披露。",
                ),
                ctx.t(
                    "Market: only matters fairly disclosed with sufficient detail in the Disclosure Letter.",
                    "市场惯例：仅限披露函中以足够细节公允披露的事项。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"(?:Buyer|Purchaser)\s+(?:\w+\s+){0,3}(?:was|is|had\s+been|has\s+been)\s+aware|could\s+reasonably\s+have\s+(?:become\s+aware|discovered)|knowledge\s+of\s+the\s+(?:Buyer|Purchaser)\s.{0,60}(?:reduce|prejudice|preclude)"
        rf"|(?:买方|{ctx.us_rx})[^。；]{{0,20}}(?:已知|知悉|应当知道)"
    ):
        if _KNOWLEDGE_NO_BAR.search(s.text):
            continue
        return [
            Finding(
                "ma_disclosure_overbroad",
                "medium",
                span(s, m),
                ctx.t(
                    "The Seller escapes liability for matters the Buyer knew or could have discovered (anti-sandbagging).",
                    "对于买方已知或可能发现的事项，卖方免责（反“沙袋”条款）。",
                ),
                ctx.t(
                    f"Diligence findings already priced in, or merely discoverable, stop {ctx.us} from claiming.",
                    f"已计入价格或仅为可发现的尽调事项，都会阻止{ctx.us}索赔。",
                ),
                ctx.t(
                    "Market: the Buyer's knowledge does not prejudice claims.",
                    "市场惯例：买方的知悉不影响其索赔。",
                ),
            )
        ]
    for s, m in ctx.find(
        r"without\s+(?:(?:its|their|his|her)\s+)?(?:having\s+made|making)\s+(?:any\s+)?enquir\w*|no\s+(?:duty|obligation)\s+to\s+(?:make\s+)?(?:enquir|investigat)\w*|actual\s+knowledge\s+(?:only|of)|未经(?:任何)?询问"
    ):
        return [
            Finding(
                "ma_disclosure_overbroad",
                "medium",
                span(s, m),
                ctx.t(
                    "Awareness-qualified warranties are given without any enquiry.",
                    "以知悉为限的保证无需经过任何询问。",
                ),
                ctx.t(
                    "The Seller can stay ignorant and avoid liability for what its managers know.",
                    "卖方可保持不知情，从而规避其管理层所知事项的责任。",
                ),
                ctx.t(
                    "Market: knowledge of named persons after due and careful enquiry.",
                    "市场惯例：指定人员经审慎询问后的知悉。",
                ),
            )
        ]
    return []


@rule(reports={"ma_conditions_precedent_gap"})
def conditions_precedent(ctx: ClauseContext) -> list[Finding]:
    """Warranties not repeated at Completion; buyer-protective conditions waivable by the seller."""
    if not _buyer(ctx):
        return []
    out: list[Finding] = []
    for s, _m in ctx.find(
        r"(?:shall\s+not|will\s+not|not)\s+(?:be\s+)?(?:deemed\s+(?:to\s+be\s+)?)?repeated|(?:given|made)\s+(?:only\s+)?(?:on|as\s+at)\s+the\s+date\s+of\s+this\s+Agreement\s+only|仅(?:在|于)[^。；]{0,10}签署日作出|不(?:在|于)交割(?:日|时)?(?:重复|再次)"
    ):
        if re.search(r"Warrant|保证", s.text, re.I):
            out.append(
                Finding(
                    "ma_conditions_precedent_gap",
                    "high",
                    span(s, 0),
                    ctx.t("The Warranties are not repeated at Completion.", "保证在交割时不重复作出。"),
                    ctx.t(
                        f"Anything that goes wrong between signing and Completion is at {ctx.us}'s risk, with no walk-away right.",
                        f"签署至交割期间发生的任何问题均由{ctx.us}承担，且无退出权。",
                    ),
                    ctx.t(
                        "Market: warranties repeated at Completion with a termination right for material breach.",
                        "市场惯例：保证在交割时重复作出，重大违约时买方可解除。",
                    ),
                )
            )
            break
    if not ctx.has(
        r"repeat|交割(?:日|时)[^。；]{0,10}(?:真实|准确)|(?:at|on|as\s+at)\s+(?:the\s+)?(?:date\s+of\s+)?(?:Completion|Closing)"
    ):
        for s, m in ctx.find(
            r"warrants?\b[^.;]{0,80}?(?:true|accurate|correct)[^.;]{0,40}?(?:at|as\s+at|on)\s+the\s+date\s+of\s+this\s+Agreement"
            r"|(?:保证|陈述)[^。；]{0,40}于本(?:协议|合同)签署(?:之)?日(?:均)?(?:真实|准确)"
        ):
            out.append(
                finding(
                    ctx,
                    "ma_conditions_precedent_gap",
                    "medium",
                    span(s, m),
                    (
                        "The Warranties are given at signing only, not repeated at Completion.",
                        "保证仅于签署日作出，交割时不重复作出。",
                    ),
                    (
                        f"If Completion follows signing (conditions, clearances), a breach arising in between is at {ctx.us}'s risk and gives no right to walk away.",
                        f"如签署与交割之间存在间隔（先决条件、审批），期间发生的违反保证由{ctx.us}承担，且无权退出。",
                    ),
                    (
                        "Market: warranties repeated at Completion by reference to the facts then existing, with a termination right for material breach.",
                        "市场惯例：保证在交割时按当时事实重复作出，重大违反时买方有权解除。",
                    ),
                )
            )
            break
    for s, m in ctx.find(
        r"(?:Buyer|Purchaser)\s+shall\s+not\s+be\s+entitled\s+to\s+(?:terminate|rescind)|(?:Buyer|Purchaser)\s+(?:shall\s+have|has)\s+no\s+right\s+to\s+(?:terminate|rescind)|买方无权(?:解除|终止)"
    ):
        out.append(
            Finding(
                "ma_conditions_precedent_gap",
                "high",
                span(s, m),
                ctx.t(
                    f"{ctx.us} cannot terminate before Completion, even for a breach of the Warranties.",
                    f"{ctx.us}在交割前无权解除协议，即使卖方违反保证亦然。",
                ),
                ctx.t(
                    f"{ctx.us} must complete and pay even if the business deteriorates or the warranties prove untrue before Completion.",
                    f"即使交割前标的业务恶化或保证不实，{ctx.us}仍须完成交割并付款。",
                ),
                ctx.t(
                    "Market: a termination right for material breach of warranty or a material adverse change before Completion.",
                    "市场惯例：交割前发生重大违反保证或重大不利变化时，买方有权解除。",
                ),
            )
        )
        break
    for s, m in ctx.find(
        r"may\s+be\s+waived.{0,120}?by\s+the\s+(?:Seller|Vendor|Warrantor)s?"
        rf"|(?:{_SELLER}|{ctx.them_rx})\s+may\s+(?:at\s+any\s+time\s+)?(?:(?:in\s+its\s+(?:sole\s+)?discretion|by\s+notice[^.;]{{0,30}}?)\s+)?waive\s+(?:any|all|each|some|this|that|such|the)\s+(?:or\s+all\s+)?(?:of\s+)?(?:the\s+)?Conditions?"
        rf"|(?:卖方|转让方|{ctx.them_rx})(?:可以|有权|可)?[^。；，]{{0,12}}豁免"
    ):
        out.append(
            Finding(
                "ma_conditions_precedent_gap",
                "medium",
                span(s, m),
                ctx.t(
                    "A condition protecting the Buyer can be waived by the Seller alone.",
                    "保护买方的条件可由卖方单方豁免。",
                ),
                ctx.t(
                    f"The Seller could force Completion although a condition that protects {ctx.us} has failed.",
                    f"即使保护{ctx.us}的条件未满足，卖方也可强制交割。",
                ),
                ctx.t(
                    "Market: conditions for the Buyer's benefit are waivable only by the Buyer.",
                    "市场惯例：为买方利益设置的条件仅可由买方豁免。",
                ),
            )
        )
        break
    return out


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
    if not _buyer(ctx):
        return out + _unsecured_deferred_consideration(ctx)
    prepaid = _unsecured_prepayment(ctx)
    if prepaid:
        return out + prepaid
    for s, m in ctx.find(
        r"(?:dividends?|distributions?|利润分配|分红|股息|分派)[^。；]{0,80}?(?:shall\s+not|will\s+not|not|without|无需|不予?|不得)[^。；]{0,30}?(?:be\s+)?(?:deducted|reduc\w*|adjust\w*|扣除|抵减|调整)"
    ):
        if re.search(rf"{_SELLER}|{ctx.them_rx}", s.text, re.I) and re.search(
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
            rf"|(?:payment|amount|benefit)[^.;]{{0,80}}?(?:that|which)\s+the\s+(?:{_SELLER}|{ctx.them_rx})\s+(?:approves|consents\s+to|determines|agrees)|approved\s+by\s+the\s+(?:{_SELLER}|{ctx.them_rx})"
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
        share = _shares_of_price(text, before=40)
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


@rule(reports={"sha_dilution_pre_emption", "sha_exit_rights_unfavourable", "sha_governance_weak"})
def sha_minority(ctx: ClauseContext) -> list[Finding]:
    """Weak governance, exit and dilution protection for a minority investor."""
    if not ctx.parties.is_role("investor") and not (not ctx.parties.known and ctx.domain == "sha_spa"):
        return []
    out = _standard_minority_points(ctx)
    out += _quorum_without_our_director(ctx, reported=out)
    out += _long_lock_up(ctx)
    out += _minority_protections(ctx)
    out += _low_drag_along_threshold(ctx)
    return out


def _minority_checks(ctx: ClauseContext) -> tuple[tuple[str, str, str, str], ...]:
    """The standard minority points: (risk type, pattern, English and Chinese description)."""
    return (
        (
            "sha_governance_weak",
            r"casting\s+vote|决定票|票数相等[^。；]{0,12}董事长[^。；]{0,10}(?:最终决定|决定权|多投一票|有权决定)",
            "The chair appointed by the majority has a casting vote.",
            "由多数股东委派的董事长享有决定票。",
        ),
        (
            "sha_governance_weak",
            r"deadlock.{0,160}(?:chair|majority|Founder|casting)|僵局.{0,40}(?:董事长|大股东)"
            r"|(?:cannot|can\s*not|fail\s+to|are\s+unable\s+to|do\s+not)\s+agree[^.;]{0,120}(?:chair\w*|Founder|majority)[^.;]{0,60}(?:decide|determine|final|casting)"
            r"|(?:cannot|can\s*not|fail\s+to|are\s+unable\s+to|do\s+not)\s+agree[^.;]{0,120}(?:decided|determined|resolved|settled)\s+by\s+the\s+(?:chair\w*|Founder|majority)"
            r"|(?:不能|无法|未能)[^。；，]{0,16}?(?:达成一致|协商一致)[^。；]{0,30}(?:由)?(?:董事长|大股东|创始股东)[^。；]{0,10}(?:决定|裁决)",
            "Deadlock is resolved in the majority's favour.",
            "僵局解决机制偏向多数股东。",
        ),
        (
            "sha_governance_weak",
            r"reserved\s+matters?.{0,120}(?:simple\s+majority|ordinary\s+resolution|majority\s+of\s+the\s+(?:Board|directors))|保留事项.{0,30}(?:简单多数|过半数)",
            "Reserved matters are decided by simple majority.",
            "保留事项以简单多数决定。",
        ),
        (
            "sha_exit_rights_unfavourable",
            r"(?:compulsory\s+transfer|deemed\s+(?:to\s+have\s+)?(?:served|given)\s+a\s+transfer\s+notice|deemed\s+to\s+have\s+offered).{0,160}(?:discount|lower\s+of|nominal|par\s+value)"
            r"|强制转让.{0,40}(?:折价|面值)|视为[^。；]{0,10}(?:要约|同意)(?:出售|转让)[^。；]{0,40}(?:面值|注册资本|折价|原始出资)"
            # "甲方有权以乙方原始出资额的50%收购乙方持有的全部股权"
            rf"|(?:有权|可)(?:以|按)[^。；]{{0,16}}?\d+(?:\.\d+)?\s?%[^。；]{{0,10}}(?:收购|购买|回购)(?:{ctx.us_rx})"
            # "the Founder may require the Investor to transfer all its Shares to the Founder at 50% of their Fair Value"
            rf"|(?:require|compel|force)\s+(?:the\s+)?(?:{ctx.us_rx})\s+to\s+(?:sell|transfer)[^.;]{{0,100}}?\b(?:at|for)\s+(?:(?:\w+\s+)?\(?\d+(?:\.\d+)?\s?%\)?\s+of|a\s+discount|the\s+lower\s+of|nominal|par)",
            "Compulsory transfer at a discount applies to the minority.",
            "小股东适用折价强制转让。",
        ),
        (
            "sha_dilution_pre_emption",
            r"pre-?empti\w*.{0,100}(?:shall\s+not\s+apply|disappl|waive\w*).{0,100}(?:Board|majority|ordinary\s+resolution)|without\s+(?:first\s+)?offering.{0,40}(?:existing\s+)?shareholders|无需.{0,10}(?:优先认购|向现有股东)",
            "Pre-emption on new issues can be disapplied by the majority.",
            "新股优先认购权可由多数股东排除。",
        ),
        (
            "sha_dilution_pre_emption",
            _PRE_EMPTION_SWITCHED_OFF if ctx.has(_NEW_ISSUE) else r"(?!x)x",
            "Pre-emption on new issues can be disapplied by the majority.",
            "新股优先认购权可由多数股东排除。",
        ),
        (
            "sha_dilution_pre_emption",
            r"(?:fails?|failure)\s+to\s+(?:fund|subscribe|contribute).{0,160}(?:dilut|discount|nominal|par)",
            "Failure to fund triggers punitive dilution.",
            "未出资将触发惩罚性稀释。",
        ),
    )


def _standard_minority_points(ctx: ClauseContext) -> list[Finding]:
    """The first instance of each standard minority point (casting vote, deadlock, reserved matters, …)."""
    out: list[Finding] = []
    for risk, rx, en, zh in _minority_checks(ctx):
        for s, m in ctx.find(rx):
            if _not_against_us(ctx, s.text, m):
                continue
            out.append(
                Finding(
                    risk,
                    "high",
                    span(s, m),
                    ctx.t(en, zh),
                    ctx.t(
                        f"As a minority holder {ctx.us} loses effective protection of its investment.",
                        f"作为小股东，{ctx.us}的投资失去有效保护。",
                    ),
                    ctx.t(
                        "Playbook: minority consent over reserved matters and new issues, no casting vote, neutral deadlock, fair exit terms.",
                        "行业立场：保留事项和新增发行须经小股东同意，无决定票，中立的僵局机制，公平的退出条件。",
                    ),
                )
            )
            break
    return out


def _quorum_without_our_director(ctx: ClauseContext, *, reported: list[Finding]) -> list[Finding]:
    """The Board is quorate without our director (unless that sentence is ``reported`` already)."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"quor\w+.{0,120}?(?:whether\s+or\s+not|without|regardless\s+of|even\s+if).{0,40}(?:Investor|minority)\s*(?:Director)?|法定人数.{0,30}(?:无需|不论|不要求).{0,10}(?:投资方|小股东)"
        rf"|quor\w+\s+(?:for\s+(?:a\s+)?(?:Board\s+)?meetings?\s+)?shall\s+be\s+(?:\w+\s+){{0,3}}directors?\s+(?:appointed|nominated)\s+by\s+(?:the\s+)?(?:{ctx.them_rx})"
        # "须有过半数董事出席方可举行，无需乙方委派的董事出席"
        rf"|(?:无需|不需|不要求|不论)[^。；]{{0,4}}(?:{ctx.us_rx}|投资方|小股东)(?:委派|提名)的董事[^。；]{{0,4}}出席"
        # "two directors, who need not include the Investor Director"
        rf"|quor\w+[^.;]{{0,80}}?(?:need\s+not|does\s+not\s+need\s+to|is\s+not\s+required\s+to|not\s+required\s+to)\s+include\s+(?:the\s+|any\s+)?(?:Investor|minority|{ctx.us_rx})"
    ):
        # a quorum without our director is a point of its own, unless the sentence was reported already
        if not any(f.risk_type == "sha_governance_weak" and f.quote.start == s.start for f in reported):
            out.append(
                Finding(
                    "sha_governance_weak",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"The Board is quorate without {ctx.us}'s director.",
                        f"董事会无需{ctx.us}委派的董事出席即达法定人数。",
                    ),
                    ctx.t(
                        f"Decisions can be taken in the absence of {ctx.us}'s nominee, so its board seat gives no real protection.",
                        f"决议可在{ctx.us}委派董事缺席时作出，董事席位失去保护作用。",
                    ),
                    ctx.t(
                        "Market: quorum requires the investor director, with an adjourned meeting as the only exception.",
                        "市场惯例：法定人数须包括投资方董事，仅在延期会议时例外。",
                    ),
                )
            )
        break
    return out


def _long_lock_up(ctx: ClauseContext) -> list[Finding]:
    """Our shares are locked in for more than three years."""
    out: list[Finding] = []
    for s, m in ctx.find(
        r"(?:shall\s+not|may\s+not)\s+(?:\w+\s+){0,3}(?:transfer|sell|dispose\s+of)\s+(?:any\s+(?:of\s+)?)?(?:its|their|the)?\s*(?:shares|equity|股权)|不得转让.{0,10}股权"
    ):
        periods = [p for p in find_periods(s.text) if p.unit in {"month", "year"}] or _anniversaries(s.text)
        side = ctx.actor(s, m.start())
        if periods and periods[0].months > 36 and ctx.parties.ours(side):
            out.append(
                Finding(
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} is locked in for {fmt_period(periods[0])}.",
                        f"{ctx.us}的股份锁定期长达{fmt_period(periods[0])}。",
                    ),
                    ctx.t(
                        f"{ctx.us} has no exit route for most of the life of its investment.",
                        f"{ctx.us}在投资的大部分期间内没有退出途径。",
                    ),
                    ctx.t(
                        "Market: a lock-up of no more than 2-3 years, with permitted transfers to affiliates and tag-along on a sale.",
                        "市场惯例：锁定期不超过2-3年，允许向关联方转让并享有随售权。",
                    ),
                )
            )
            break
    return out


def _low_drag_along_threshold(ctx: ClauseContext) -> list[Finding]:
    """A drag-along the holders of under 75% can trigger."""
    out: list[Finding] = []
    for s, _m in ctx.find(
        r"drag[- ]along|领售|拖售|(?:require|compel|force)\s+(?:the\s+)?(?:Investor|other\s+Shareholders?|minority\s+Shareholders?|remaining\s+Shareholders?)\s+to\s+(?:sell|transfer)"
        rf"|(?:{ctx.us_rx})[^。；，]{{0,6}}应(?:按|以)?(?:相同|同等)(?:的)?(?:价格和)?条件[^。；]{{0,12}}(?:出售|转让)"
    ):
        if re.search(
            r"\bto\s+(?:the\s+)?(?:Founder|Company|Majority|other\s+Shareholders?)\b|breach|default|违约",
            s.text,
            re.I,
        ):
            continue  # a call the majority exercises for itself, or a sanction: a compulsory transfer, not a drag
        pct = [p for p in find_percents(s.text)]
        if pct and pct[0].value < 75:
            out.append(
                Finding(
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, pct[0].start),
                    ctx.t(
                        f"Drag-along can be triggered by holders of only {pct[0].value:g}%.",
                        f"仅持股{pct[0].value:g}%的股东即可触发领售权。",
                    ),
                    ctx.t(
                        f"{ctx.us} can be forced to sell on terms it did not negotiate.",
                        f"{ctx.us}可能被迫按其未参与谈判的条件出售。",
                    ),
                    ctx.t(
                        "Playbook: at least 75% with a price floor and identical terms.",
                        "行业立场：至少75%，并设价格下限和同等条件。",
                    ),
                )
            )
            break
    return out


def _not_against_us(ctx: ClauseContext, sentence: str, m: re.Match[str]) -> bool:
    """A casting vote the clause denies, or one held by our own appointee; a dilution at fair value.

    "The chairman shall not have a casting vote" and "the chairman appointed by the Investor shall
    have a casting vote" protect the minority. A shareholder who does not fund being diluted by an
    issue at fair market value is the market consequence; only a discount or nominal price punishes.
    """
    matched = m.group(0)
    if re.search(r"casting\s+vote|决定票", matched, re.I):
        return bool(
            re.search(
                r"\b(?:not|no|without|neither)\s+(?:\w+\s+){0,3}casting\s+vote|不(?:享有|具有|拥有|设)决定票|无决定票",
                sentence,
                re.I,
            )
            or re.search(
                rf"(?:appointed|nominated|chosen)\s+by\s+(?:the\s+)?(?:{ctx.us_rx})|由(?:{ctx.us_rx})(?:委派|提名|推荐)",
                sentence,
                re.I,
            )
        )
    if re.search(r"dilut", matched, re.I) and not re.search(
        r"discount|nominal|par\b|penal|punitive", matched, re.I
    ):
        fair = re.search(
            r"at\s+(?:the\s+)?(?:then\s+)?(?:Fair\s+Market\s+Value|fair\s+(?:market\s+)?value|market\s+value)",
            sentence,
            re.I,
        )
        below = re.search(
            r"\d{1,2}(?:\.\d+)?\s*(?:%|per\s*cent)\s+of\s+(?:the\s+)?(?:then\s+)?(?:Fair|fair|market)",
            sentence,
        )
        return bool(fair) and not below
    return False


def _minority_protections(ctx: ClauseContext) -> list[Finding]:
    """A minority investor without a board seat, a veto over fundamental matters, pre-emption,
    tag-along, a fair redemption price or regular information: each is a protection it paid for.

    The other side is named by its aliases (``them_rx``): in a Chinese SHA the founder is as
    often "乙方" as "创始股东".
    """
    us, them = ctx.us_rx, ctx.them_rx
    checks: tuple[tuple[str, str, str, str, str, str, str, str, str], ...] = (
        (
            "sha_governance_weak",
            "high",
            rf"(?:all|each)\s+(?:of\s+the\s+)?(?:directors|members\s+of\s+the\s+Board)\s+shall\s+be\s+(?:appointed|nominated|elected)\s+by\s+(?:the\s+)?(?:{them})"
            rf"|董事会由[^。；]{{0,12}}董事组成[^。；]{{0,6}}(?:全部|均|皆)由(?:{them})(?:提名|委派|任命|选派)|(?:全部|所有)董事(?:均)?由(?:{them})(?:提名|委派|任命|选派)"
            rf"|(?:{us})[^.;]{{0,30}}(?:may|shall\s+be\s+entitled\s+to)\s+appoint\s+(?:one|an|1)\s+(?:\(1\)\s+)?(?:board\s+)?observer[^.;]{{0,60}}(?:no|without\s+a?)\s+(?:right\s+to\s+)?vot"
            rf"|(?:{us})[^。；]{{0,10}}(?:仅)?(?:有权)?(?:委派|提名)[^。；]{{0,6}}(?:一名)?(?:董事会)?观察员[^。；]{{0,20}}(?:无|不享有)表决权",
            "Every director is appointed by the other shareholders: the Investor has no board seat.",
            "董事全部由对方提名，投资方没有董事席位。",
            "The business is run without any director answerable to the Investor.",
            "公司经营决策中没有对投资方负责的董事。",
            "Market: at least one investor director (and an observer), with quorum requiring that director.",
            "市场惯例：投资方至少委派一名董事（另设观察员），董事会法定人数须包括该董事。",
        ),
        (
            "sha_governance_weak",
            "high",
            r"(?:amend\w*\s+(?:of\s+)?the\s+(?:Articles|Charter)|issue\s+of\s+(?:new\s+)?shares|merger|winding[- ]up|liquidation|dissolution).{0,160}?(?:simple\s+majority|ordinary\s+resolution|majority\s+of\s+the\s+votes)"
            r"|(?:修改(?:公司)?章程|增加注册资本|减少注册资本|合并|分立|解散)[^。]{0,60}?(?:过半数|二分之一以上|简单多数)|(?:过半数|二分之一以上|简单多数)[^。]{0,40}?(?:修改(?:公司)?章程|增加注册资本|合并|分立|解散)"
            r"|(?:approv\w+|consent|resolution)\s+of\s+(?:the\s+)?(?:Shareholders?|members)\s+holding\s+(?:more\s+than\s+|over\s+|at\s+least\s+)?(?:fifty|50|fifty-one|51)\s*(?:\(\d+%?\)\s*)?(?:per\s*cent|%)[^.]{0,200}?(?:articles|new\s+shares|winding[- ]up|liquidation|sale\s+of\s+the\s+(?:whole|business))",
            "Fundamental matters (articles, capital, merger, dissolution) pass by simple majority, without the Investor's consent.",
            "修改章程、增减资、合并、分立、解散等根本事项以过半数通过，无需投资方同意。",
            "The majority can change the company's constitution and capital, or wind it up, over the Investor's objection.",
            "多数股东可不顾投资方反对修改章程、改变股本结构甚至解散公司；且中国《公司法》要求此类事项经代表三分之二以上表决权的股东通过。",
            "Market: a list of reserved matters requiring the Investor's consent; in a PRC company, at least the statutory two-thirds.",
            "市场惯例：设保留事项清单，须经投资方同意；中国公司至少须满足法定的三分之二以上表决权。",
        ),
        (
            "sha_dilution_pre_emption",
            "high",
            rf"(?:{us})[^.。；]{{0,20}}(?:shall\s+(?:have\s+no|not\s+have\s+any)|has\s+no|waives?\s+(?:its|any))\s+(?:right\s+of\s+)?pre-?empti\w*"
            rf"|(?:{us})[^。；]{{0,10}}(?:不享有|不具有|无|放弃)[^。；]{{0,6}}优先认购权|由(?:{them})(?:单方)?决定[^。；]{{0,10}}(?:增资价格|发行价格|认购方|认购人)"
            r"|no\s+(?:Shareholder|member|holder\s+of\s+Shares)\s+shall\s+have\s+(?:any\s+)?(?:right\s+of\s+)?pre-?empti"
            r"|(?:issue|allot)\s+(?:new\s+)?Shares\s+to\s+any\s+person\s+(?:at\s+such\s+price|on\s+such\s+terms)\s+as\s+it\s+(?:determines|thinks\s+fit|decides)"
            r"|(?:任何|各)股东(?:均)?(?:不享有|无)[^。；]{0,6}优先认购权",
            "New shares may be issued without offering the Investor its pro rata share.",
            "公司新增注册资本时投资方不享有优先认购权，增资价格和认购方由对方决定。",
            "The Investor's stake can be diluted at any price the majority chooses.",
            "投资方的持股可被多数股东以任意价格稀释。",
            "Market: pro rata pre-emption on every new issue, and broad-based weighted-average anti-dilution.",
            "市场惯例：每次新增发行投资方均享有按比例优先认购权，并有加权平均反稀释保护。",
        ),
        (
            "sha_exit_rights_unfavourable",
            "high",
            rf"(?:{us})[^.。；]{{0,20}}(?:shall\s+(?:have\s+no|not\s+have\s+(?:any|the))|has\s+no)\s+right\s+to\s+(?:participate|join|tag|sell\s+alongside)"
            rf"|(?:{us})[^.;]{{0,20}}(?:shall\s+(?:have\s+no|not\s+have\s+(?:any|the))|has\s+no)\s+right\s+to\s+sell[^.;]{{0,80}}(?:together\s+with|alongside|on\s+the\s+same\s+terms)"
            rf"|(?:{us})[^。；]{{0,6}}(?:亦|也)?(?:无权|不得|不能)要求[^。；]{{0,12}}(?:一并|共同|同时)(?:出售|转让)",
            "The other shareholders may sell to a third party without the Investor being able to sell alongside (no tag-along).",
            "对方向第三方转让股权时，投资方无权按同等条件一并出售（无随售权）。",
            "Control can change hands while the Investor is left behind with a new majority it did not choose.",
            "控制权可能转移，而投资方被留在其未选择的新控股股东之下。",
            "Market: tag-along on any transfer by the founders, and a right of first refusal.",
            "市场惯例：创始股东转让股权时投资方享有随售权和优先购买权。",
        ),
        (
            "sha_exit_rights_unfavourable",
            "medium",
            r"redemption\s+price\s+(?:shall\s+be|is|equal\s+to)\s+(?:the|its)\s+(?:Subscription\s+(?:Price|Amount)|amount\s+(?:originally\s+)?invested|original\s+investment)(?:\s+only|\s+without\s+interest|[.;])"
            rf"|(?:{us})\s+may\s+require\s+(?:the\s+)?(?:{them}|Company)\s+to\s+(?:purchase|buy|acquire|redeem)\s+(?:all\s+(?:of\s+)?|any\s+(?:of\s+)?)?its\s+Shares\s+at\s+(?:the|a\s+price\s+equal\s+to\s+(?:the|its))\s+(?:Subscription\s+(?:Price|Amount)|amount\s+(?:it\s+)?(?:originally\s+)?(?:paid|invested)|original\s+investment)(?:\s+only|\s+without\s+interest)?\s*[.;]"
            r"|回购价格为[^。；]{0,12}(?:投资本金|投资款|原始投资额|增资款)[^。；]{0,8}(?:不计利息|不计息|无息)",
            "The redemption price is the amount invested, without any return.",
            "回购价格仅为投资本金，不计利息。",
            "The Investor bears the time value and the risk of the failed plan, and the buy-back gives it nothing for either.",
            "投资方承担资金时间成本和计划落空的风险，回购却不给予任何回报。",
            "Market: the amount invested plus 6-10% a year (simple) and declared but unpaid dividends.",
            "市场惯例：投资本金加年化6%-10%（单利）的回报及已宣布未分配的红利。",
        ),
    )
    out: list[Finding] = []
    for risk, level, rx, en, zh, why_en, why_zh, market_en, market_zh in checks:
        for s, m in ctx.find(rx):
            out.append(
                Finding(
                    risk,
                    level,
                    span(s, m),
                    ctx.t(en, zh),
                    ctx.t(why_en, why_zh),
                    ctx.t(market_en, market_zh),
                )
            )
            break
    return out + _information_rights(ctx) + _thresholds_above_our_holding(ctx)


def _information_rights(ctx: ClauseContext) -> list[Finding]:
    """Only yearly accounts, months after the year end: an investor cannot monitor its investment."""
    for s, m in ctx.find(
        r"(?:annual|yearly)\s+(?:audited\s+)?(?:financial\s+statements|accounts).{0,80}?within\s+(?:one\s+hundred\s+(?:and\s+)?eighty|180|six|6)\b"
        r"|(?:audited\s+)?(?:annual|yearly)\s+(?:audited\s+)?(?:financial\s+statements|accounts)[^.;]{0,80}?within\s+[^.;]{0,40}?(?:months|days)"
        r"|(?:会计年度|年度)(?:结束|终了)后[^。；]{0,4}(?:一百八十|180|六个月|6个月)[^。；]{0,20}?(?:年度财务报表|年度报告|年报)"
        # "公司每年向乙方提供经审计的年度财务报告": once a year, and nothing in between
        r"|(?:每年|每一会计年度)[^。；]{0,12}(?:提供|交付|报送)[^。；]{0,10}(?:经审计的)?(?:年度)?(?:财务报告|财务报表|审计报告|年报)"
    ):
        if re.search(r"quarter|monthly|management\s+accounts|季度|月度|每月", ctx.text, re.I):
            return []
        late = [p for p in find_periods(s.text[m.start() :]) if p.unit in {"month", "day"}]
        if late and late[0].months < 5:
            continue  # within 120-150 days is the market window, not a weakness
        return [
            Finding(
                "sha_governance_weak",
                "medium",
                span(s, m),
                ctx.t(
                    "The Investor receives only annual accounts, months after the year end."
                    if late
                    else "The Investor receives only annual accounts, with nothing quarterly or monthly in between.",
                    "投资方仅能在会计年度结束后数月才获得年度财务报表。"
                    if late
                    else "投资方每年仅获得一次年度财务报告，其间无季度或月度信息。",
                ),
                ctx.t(
                    "Problems surface a year and a half late, when the Investor's remedies are worth least.",
                    "经营问题可能迟至一年半后才被发现，此时投资方的救济价值最低。",
                ),
                ctx.t(
                    "Market: monthly management accounts, quarterly statements, audited accounts within 120 days, the budget, and inspection rights.",
                    "市场惯例：月度管理报表、季度财务报表、年度审计报告（120日内）、年度预算及查阅权。",
                ),
            )
        ]
    return []


def _anniversaries(text: str) -> list[Period]:
    """ "before the fifth anniversary of Completion" as five years (a lock-up counted in anniversaries)."""
    out = []
    for m in re.finditer(
        r"(?:before|until|prior\s+to|ahead\s+of)\s+the\s+(?P<n>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2})(?:st|nd|rd|th)?\s+anniversary",
        text,
        re.I,
    ):
        n = m.group("n").lower()
        out.append(Period(float(ENGLISH_ORDINALS.get(n) or int(n)), "year", m.start("n"), m.end()))
    return out


# A clause on new issues: where a Board that may switch pre-emption off takes it away.
_NEW_ISSUE = r"new\s+(?:Shares|shares|securities)|(?:issue|allot\w*)\s+(?:of\s+)?(?:any\s+)?(?:new\s+)?(?:Shares|shares)|pre-?empti|新增注册资本|增资|优先认购"
_PRE_EMPTION_SWITCHED_OFF = (
    r"(?:Board|directors|majority)[^.;]{0,40}?\b(?:may|shall\s+be\s+entitled\s+to)\s+(?:by\s+[\w\s]{1,30}?\s+)?(?:resolve|determine|decide|elect|direct)\s+that\s+"
    r"(?:clause|paragraph|article|section|sub-clause|the\s+(?:foregoing|preceding)|this\s+clause)(?:[^.;]|\.(?=\d)){0,30}?shall\s+not\s+apply"
    r"|(?:Board|directors|majority)[^.;]{0,40}?\bmay\s+(?:disapply|waive|exclude)\s+(?:the\s+)?(?:pre-?emption|rights?\s+of\s+pre-?emption|clause|paragraph)"
    r"|董事会(?:可|有权)(?:决定|决议)[^。；]{0,30}(?:不适用|排除)"
    # "经董事会决定，可以不向现有股东提供优先认购权"
    r"|(?:经|由)董事会(?:决定|决议|同意)[^。；]{0,12}(?:可以|可)?不(?:向[^。；]{0,10})?(?:提供|给予|适用)[^。；]{0,6}优先认购"
    # "shall first be offered to the existing shareholders …, unless the Board resolves otherwise"
    r"|\bunless\s+(?:the\s+)?(?:Board|directors|majority(?:\s+shareholders?)?)\s+(?:otherwise\s+)?(?:resolves?|determines?|decides?)\b"
    r"|除非董事会(?:另行)?(?:决定|决议)"
)

_PCT = percent_pattern("pct")
_PCT_ZH = percent_pattern("pct_zh")  # the Chinese alternative of the same pattern
_FRACTIONS = {
    "two-thirds": 200 / 3,
    "two thirds": 200 / 3,
    "three-quarters": 75.0,
    "three quarters": 75.0,
    "three-fourths": 75.0,
    "三分之二": 200 / 3,
    "四分之三": 75.0,
    "二分之一": 50.0,
}
_SHARE = rf"(?:{_PCT}|(?P<frac>two[- ]thirds|three[- ]quarters|three-fourths))"
_SHARE_ZH = rf"(?:{_PCT_ZH}|(?P<frac_zh>三分之二|四分之三|二分之一))"


def _threshold(m: re.Match[str]) -> float:
    """The percentage a threshold pattern matched ("60%", "two-thirds", "三分之二")."""
    found = {
        k: v for k, v in m.groupdict().items() if v and k in {"pct", "pct_zh", "pct_zh2", "frac", "frac_zh"}
    }
    for key in ("pct", "pct_zh", "pct_zh2"):
        if key in found:
            return float(found[key])
    fraction = found.get("frac") or found.get("frac_zh") or ""
    return _FRACTIONS.get(fraction.lower().replace("–", "-"), 0.0)


def _thresholds_above_our_holding(ctx: ClauseContext) -> list[Finding]:
    """Protections that hang on a holding threshold the contract's own numbers make illusory.

    Needs our shareholding from the contract's setting (``our_shareholding`` in the prompt's
    metadata); without it a threshold cannot be judged and nothing is said.
    """
    held = _percent(ctx.metadata.get("our_shareholding"))
    if held is None:
        return []
    us, others = ctx.us, 100 - held

    def seat(needed: float) -> tuple[Wording, Wording, Wording]:
        return (
            (
                f"{us}'s board seat depends on holding {needed:g}%, more than the {held:g}% it holds.",
                f"{us}的董事委派权以持股{needed:g}%为条件，高于其实际持有的{held:g}%。",
            ),
            (
                f"At its {held:g}% {us} never reaches the threshold, so the seat it negotiated is no seat at all.",
                f"以{held:g}%的持股，{us}永远达不到该门槛，约定的董事席位形同虚设。",
            ),
            (
                f"Market: the seat is tied to a threshold below {us}'s holding at signing (commonly half of it), so only a substantial sell-down loses it.",
                "市场惯例：董事委派权的持股门槛低于签约时的持股（通常为其一半），只有大幅减持才丧失该权利。",
            ),
        )

    def reserved(needed: float) -> tuple[Wording, Wording, Wording]:
        share = _as_share(needed, ctx.zh)
        return (
            (
                f"Reserved matters pass with {share} of the votes, which the other shareholders hold without {us} ({others:g}%).",
                f"保留事项经{share}表决权即可通过，其他股东合计持有{others:g}%，无需{us}同意。",
            ),
            (
                f"A supermajority {us}'s {held:g}% cannot block is a majority decision: the veto {us} needs over the fundamental matters is missing.",
                f"{us}的{held:g}%无法否决该特别多数，{us}对根本事项应有的否决权实际不存在。",
            ),
            (
                f"Market: reserved matters need {us}'s written consent, or a threshold above {others:g}% so that {us}'s vote is required.",
                f"市场惯例：保留事项须经{us}书面同意，或将表决门槛设在{others:g}%以上，使{us}的表决不可或缺。",
            ),
        )

    on_reserved_matters = ctx.has(r"reserved\s+matters?|保留事项|重大事项|shall\s+not[^.;]{0,200}without")
    checks: tuple[
        tuple[str, Callable[[float], bool], Callable[[float], tuple[Wording, Wording, Wording]]], ...
    ] = (
        (
            rf"(?:{ctx.us_rx})[^.;]{{0,60}}?(?:may|shall\s+be\s+entitled\s+to|has\s+the\s+right\s+to)\s+(?:appoint|nominate)[^.;]{{0,80}}?(?:for\s+so\s+long\s+as|provided\s+(?:that\s+)?|if|while|only\s+(?:if|while))\s+(?:it|they|the\s+\w+)\s+(?:holds?|owns?|retains?|has)\s+(?:at\s+least|not\s+less\s+than|more\s+than|in\s+excess\s+of|a\s+minimum\s+of)\s+{_PCT}"
            rf"|(?:{ctx.us_rx})[^。；]{{0,10}}持股比例(?:不低于|不少于|达到|超过)\s*{_PCT_ZH}[^。；]{{0,20}}(?:有权)?(?:委派|提名)[^。；]{{0,6}}(?:名)?董事",
            lambda needed: needed > held,
            seat,
        ),
        (
            # "Any shareholder holding at least 30% of the Shares may appoint one director"
            rf"\b(?:any|each|a)\s+(?:shareholder|holder|member)s?\s+(?:holding|who\s+holds?|owning|with)\s+(?:at\s+least|not\s+less\s+than|more\s+than|in\s+excess\s+of|a\s+minimum\s+of)\s+{_PCT}[^.;]{{0,60}}?(?:may|shall\s+be\s+entitled\s+to|has\s+the\s+right\s+to)\s+(?:appoint|nominate)"
            r"|(?:持股|持有)[^。；]{0,6}(?:不低于|不少于|达到|超过)\s*"
            + _PCT_ZH
            + r"[^。；]{0,10}(?:的)?股东[^。；]{0,10}(?:有权)?(?:委派|提名)[^。；]{0,6}(?:名)?董事",
            lambda needed: needed > held,
            seat,
        ),
        (
            rf"(?:approv\w+|consent|sanction|resolution)\s+of\s+(?:the\s+)?(?:Shareholders?|members|holders)\s+(?:holding|representing|who\s+hold)\s+(?:at\s+least\s+|not\s+less\s+than\s+|more\s+than\s+|over\s+)?{_SHARE}"
            rf"|(?:经|由)(?:代表|持有)[^。；]{{0,6}}?{_SHARE_ZH}(?:以上)?(?:的)?(?:表决权|股权)的股东[^。；]{{0,6}}(?:同意|通过|批准)",
            lambda needed: on_reserved_matters and 50 < needed <= others,
            reserved,
        ),
    )
    out: list[Finding] = []
    for pattern, illusory, wording in checks:
        hit = next(((s, m) for s, m in ctx.find(pattern) if illusory(_threshold(m))), None)
        if hit is not None:
            out.append(finding(ctx, "sha_governance_weak", "high", span(*hit), *wording(_threshold(hit[1]))))
    return out + _tag_along_threshold(ctx)


def _tag_along_threshold(ctx: ClauseContext) -> list[Finding]:
    """A tag-along that starts only when the majority sells more than half of the company."""
    if not ctx.has(
        r"tag|sell\s+alongside|(?:buy|purchase|acquire)\s+(?:its|their|the\s+\w+'s)\s+Shares\s+on\s+the\s+same\s+terms|随售|共同出售|一并出售"
    ):
        return []
    for s, m in ctx.find(
        rf"transfer\w*\s+(?:Shares\s+)?(?:representing\s+|comprising\s+)?(?:more\s+than|in\s+excess\s+of|at\s+least|over|not\s+less\s+than)\s+{_PCT}"
        rf"|转让[^。；]{{0,10}}(?:超过|以上|不低于)?[^。；]{{0,4}}?{_PCT_ZH}(?:以上)?[^。；]{{0,6}}股权"
        rf"|转让[^。；]{{0,20}}股权(?:比例)?(?:超过|达到|不低于)\s*{percent_pattern('pct_zh2')}"
    ):
        block = _threshold(m)
        if block > 50:
            return [
                finding(
                    ctx,
                    "sha_exit_rights_unfavourable",
                    "high",
                    span(s, m),
                    (
                        f"The tag-along applies only to a sale of more than {block:g}% of the shares.",
                        f"随售权仅在转让超过{block:g}%股权时适用。",
                    ),
                    (
                        f"The majority can sell control of the company in a block below {block:g}% and leave {ctx.us} behind with a buyer it did not choose.",
                        f"多数股东可通过转让低于{block:g}%的股权出让控制权，而{ctx.us}被留在其未选择的新股东之下。",
                    ),
                    (
                        "Market: tag-along on any transfer by the founders, or at least on any transfer that passes control.",
                        "市场惯例：创始股东的任何转让，或至少导致控制权变更的转让，均触发随售权。",
                    ),
                )
            ]
    return []


def _as_share(value: float, zh: bool) -> str:
    """A threshold as a lawyer writes it: "two-thirds" / "三分之二", otherwise "60%"."""
    for words, share in _FRACTIONS.items():
        if abs(share - value) < 0.01 and share != 50.0 and (bool(re.search(r"[\u4e00-\u9fff]", words)) == zh):
            return words
    return f"{value:g}%"


def _percent(value: object) -> float | None:
    m = re.match(r"\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$", str(value or ""))
    return float(m.group(1)) if m else None
