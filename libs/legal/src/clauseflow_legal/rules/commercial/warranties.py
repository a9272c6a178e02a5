"""The warranties rule (commercial): Absolute or fitness-for-purpose warranties given by us; weak warranties or SLAs given to us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Period,
    Sentence,
    find_percents,
    find_periods,
    fmt_period,
)

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
