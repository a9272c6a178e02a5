"""The warranties rule (commercial): Absolute or fitness-for-purpose warranties given by us; weak warranties or SLAs given to us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import Period, find_percents, find_periods, fmt_period
from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "warranties",
    {
        "liability_denied": '"shall not be liable for any defect resulting from the Specifications": their errors stay theirs',
        "tax_warranty_period": "tax warranties in a share deal run with the limitation period for tax (often 4-7 years)",
        "statutory_leak_period": "five years against leaks (roof, external walls, curtain walls) is China's statutory minimum",
        "security_not_warranty": "a bank guarantee's validity is security (security_insurance_burden), not a warranty",
        "recital": "a recital tells the history; it promises nothing",
        "spec_defined": "requirements the contract defines (the Specification, 约定的技术要求): conformity, not fitness",
        "disclaimer": '"makes no warranties ... including fitness for a particular purpose": a disclaimer, not a promise',
        "equity_exception": "the enforceability opinion's equity exception, not a promise of result",
        "liquidated_damages_remedy": "the sole remedy is liquidated damages: liquidated_damages_excessive's subject",
        "express_warranties_kept": "express warranties stay; only implied terms are excluded: the usual drafting",
        "not_a_purchase": '"information is provided as is" in an NDA is not a purchase without warranty',
    },
)

# A bank or performance guarantee, bond or letter of credit: security for performance, not a warranty of it.
_SECURITY_INSTRUMENT = PATTERNS.compiled("security_instrument")


# Warranties taken away, not given: "makes no warranties", "disclaims", "as is".
_DISCLAIMED = PATTERNS.compiled("disclaimed")


# The period a warranty runs for, named as such.
_WARRANTY_PERIOD = PATTERNS["warranty_period"]


def _measures_warranty(text: str, term: re.Match[str], period: Period) -> bool:
    """Whether ``period`` is how long the warranty named at ``term`` runs, not a deadline near it
    ("提交履约保函的7日内", "有效期至质保期届满后6个月")."""
    if 0 <= term.start() - period.end <= 12:
        return True  # "90日质保期", "a 90-day warranty"
    if period.start < term.end():
        return False
    between = text[term.end() : period.start]
    reach = 30 if re.search(PATTERNS["chinese_char"], term.group(0)) else 120
    return len(between) <= reach and not re.search(PATTERNS["period_end_words"], between, re.I)


def _disclaimed_before(text: str, pos: int) -> bool:
    """Whether the promise at ``pos`` is one a disclaimer before it takes away (no "warrants that" between)."""
    disclaimer = _DISCLAIMED.search(text[:pos])
    return disclaimer is not None and not re.search(
        PATTERNS["promise_that"],
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
        if VETOES.applies(
            "liability_denied", re.search(PATTERNS["negated_before"], s.text[: m.start()], re.I)
        ):
            continue
        if not ctx.parties.ours(
            ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        ) and "由" not in m.group(0):
            continue
        return [WORDING.finding(ctx, "their_design_errors", "warranty_excessive", "high", span(s, m))]
    return []


# An absolute promise of result: fit for any purpose, free from all defects, whatever happens.
_ABSOLUTE_PROMISE = PATTERNS.compiled("absolute_promise")
# A promise of reasonable skill and care is a standard of effort, not an absolute one.
_REASONABLE_CARE = PATTERNS.compiled("reasonable_care")
# "… enforceable … regardless of whether considered in equity or at law": the enforceability
# opinion's equity exception, not a promise of result.
_EQUITY_EXCEPTION = PATTERNS.compiled("equity_exception")
# A recital tells the history; it promises nothing.
_RECITAL = PATTERNS.compiled("recital")


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
    for s, m in ctx.find(PATTERNS["perfect_availability"]):
        if ctx.parties.ours(ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())):
            out.append(
                WORDING.finding(
                    ctx, "perfect_availability_we_promise", "warranty_excessive", "high", span(s, m)
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
    if side is None and ctx.domain == "sha_spa" and re.search(PATTERNS["share_deal_warranties"], text):
        side = "us" if ctx.parties.is_role("seller") else None  # a share deal's Warranties are the seller's
    return side


def _absolute_promise(text: str) -> re.Match[str] | None:
    """The words of an absolute warranty (fit for any purpose, free from all defects), unless the
    sentence only asks for reasonable skill and care."""
    strict = _ABSOLUTE_PROMISE.search(text)
    return None if strict is None or _REASONABLE_CARE.search(text) else strict


_EVERY_PURPOSE = PATTERNS.compiled("every_purpose")
_BEYOND_CONTROL = PATTERNS.compiled("beyond_control")
_KNOWLEDGE_REGARDLESS = PATTERNS.compiled("knowledge_regardless")
_REPEATED_EVERY_DAY = PATTERNS.compiled("repeated_every_day")
_DELIVERABLE_SHALL = PATTERNS.compiled("deliverable_shall")


def _beyond_our_control(ctx: ClauseContext, text: str) -> re.Match[str] | None:
    """A promise no diligence can keep: accuracy "in every respect", facts that "will arise", forecasts
    "achievable", performance beyond the design basis, results in the other side's business; the warranty
    answering whether or not we knew; or warranties true on every later day."""
    found = _BEYOND_CONTROL.search(text) or _REPEATED_EVERY_DAY.search(text)
    if found:
        return found
    for m in _KNOWLEDGE_REGARDLESS.finditer(text):
        whose = next((g for g in m.groups() if g), "")
        named = ctx.parties.mentions(whose)
        side: Side | None
        if named:  # "whether or not the Buyer was aware": the buyer's knowledge
            side = named[0].side
        elif whose:  # "whether or not such fact is within the knowledge of the Vendor": the words after
            after = ctx.parties.mentions(text[m.end() : m.end() + 40])
            side = after[0].side if after and after[0].start <= 12 else None
        else:  # "the Vendor shall be deemed to know", "the Buyer ought to have known"
            side = ctx.parties.side_before(text, m.start(), window=80)
        if not ctx.parties.theirs(side):
            return m
    return None


def _unqualified_non_infringement(text: str) -> re.Match[str] | None:
    """Non-infringement warranted of every right everywhere: no knowledge qualifier, no territory, not only
    copyright and secrets."""
    found = re.search(PATTERNS["non_infringement"], text, re.I)
    if found is None or re.search(PATTERNS["non_infringement_qualified"], text, re.I):
        return None
    if re.search(PATTERNS["copyright_or_secrets"], text, re.I) and not re.search(
        PATTERNS["patents_or_all_ip"], text, re.I
    ):
        return None
    return found


def _every_purpose_of_them(ctx: ClauseContext, text: str) -> re.Match[str] | None:
    """Fitness warranted for every purpose or requirement of the other side or its customers ("meet all
    the needs of the Customer and its end users", "满足买方及其终端用户的一切使用要求"), not for a
    specification the contract defines."""
    for m in _EVERY_PURPOSE.finditer(text):
        whose = next((g for g in m.groups() if g), "")
        if VETOES.applies("spec_defined", re.search(PATTERNS["spec_defined"], whose, re.I)):
            continue
        if ctx.parties.theirs(next((x.side for x in ctx.parties.mentions(whose)), None)) or re.search(
            PATTERNS["their_customers"], whose, re.I
        ):
            return m
    return None


def _long_warranty_period(ctx: ClauseContext, text: str) -> Period | None:
    """A warranty period beyond the norm (two years), unless the law sets it."""
    periods = [
        p
        for p in find_periods(text)
        if p.unit in {"month", "year"}
        and not re.search(PATTERNS["notice_word"], text[max(0, p.start - 30) : p.start], re.I)
    ]
    terms = list(re.finditer(PATTERNS["warranty_terms"], text, re.I))
    if VETOES.applies("tax_warranty_period", ctx.domain == "sha_spa" and re.search(PATTERNS["tax"], text)):
        terms = []
    # The period must be the warranty's own ("warranted for 36 months", "a five-year warranty"), not
    # another length in the same sentence ("a refund pro-rated over a 5-year period"). Two years is
    # within the norm (and is 24.3 months counted in days).
    long = next(
        (p for p in periods if p.months > 24.5 and any(_measures_warranty(text, t, p) for t in terms)),
        None,
    )
    if VETOES.applies(
        "statutory_leak_period",
        long
        and long.months <= 61
        and re.search(PATTERNS["construction_warranty_zh"], text)
        and re.search(PATTERNS["leak_works"], text),
    ):
        long = None
    return long


def _excessive_warranty_we_give(ctx: ClauseContext) -> list[Finding]:
    """The first warranty we give that is absolute or runs unusually long."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["warranty_word"]):
        text = s.text
        side = _warranty_side(ctx, s, m)
        if not ctx.parties.ours(side):
            continue
        if VETOES.applies(
            "security_not_warranty",
            _SECURITY_INSTRUMENT.search(text) and not re.search(PATTERNS["warrants_that"], text, re.I),
        ):
            continue
        if VETOES.applies("recital", _RECITAL.match(text)):
            continue
        strict = (
            _absolute_promise(text)
            or _every_purpose_of_them(ctx, text)
            or _beyond_our_control(ctx, text)
            or _unqualified_non_infringement(text)
        )
        if VETOES.applies("disclaimer", strict and _disclaimed_before(text, strict.end())):
            continue
        if VETOES.applies("equity_exception", strict and _EQUITY_EXCEPTION.match(text[strict.start() :])):
            strict = None
        long = _long_warranty_period(ctx, text)
        if not strict and not long:
            continue
        problems = []
        if strict:
            problems.append(WORDING.t(ctx, "absolute_guarantee", matched=strict.group(0)))
        if long:
            problems.append(WORDING.t(ctx, "long_period", period=fmt_period(long)))
        if long and not strict and ctx.domain == "sha_spa":
            out.append(
                WORDING.finding(
                    ctx,
                    "long_share_deal_warranties",
                    "warranty_excessive",
                    "medium",
                    span(s, long.start),
                    period=fmt_period(long),
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
                WORDING.t(ctx, "excessive_why"),
                WORDING.t(ctx, "excessive_market"),
            )
        )
        break
    return out or _deliverable_beyond_design(ctx)


def _deliverable_beyond_design(ctx: ClauseContext) -> list[Finding]:
    """What we deliver must perform beyond its design basis, said of the deliverable with no "warrants"
    ("the Works shall meet the Performance Guarantees under every condition at the Site"; 设备应在任何运行
    工况下均达到): a warranty by the side that supplies it."""
    if not ctx.parties.supplies:
        return []
    for s, m in ctx.find(_DELIVERABLE_SHALL.pattern):
        side = ctx.actor(s, m.start())
        if side is not None and not ctx.parties.ours(side):
            continue
        beyond = _BEYOND_CONTROL.search(s.text)
        if beyond is None:
            continue
        return [
            Finding(
                "warranty_excessive",
                "high",
                span(s, beyond.start()),
                ctx.t(
                    f"{ctx.us} gives "
                    + WORDING.t(ctx, "absolute_guarantee", matched=beyond.group(0))
                    + ", beyond reasonable skill and care and conformity with the specification.",
                    f"{ctx.us}作出"
                    + WORDING.t(ctx, "absolute_guarantee", matched=beyond.group(0))
                    + "，超出合理技能与谨慎及符合约定规格的标准。",
                ),
                WORDING.t(ctx, "excessive_why"),
                WORDING.t(ctx, "excessive_market"),
            )
        ]
    return []


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
                WORDING.finding(
                    ctx,
                    "short_warranty_given_to_us",
                    "warranty_or_sla_inadequate",
                    "medium",
                    span(s, short[0].start),
                    priority=1,
                    period=fmt_period(short[0]),
                )
            )
            break
    return out


def _sole_remedy_for_their_failure(ctx: ClauseContext) -> list[Finding]:
    """Credits or repair are our only remedy for the counterparty's failure."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["sole_remedy"]):
        text = s.text
        if VETOES.applies("liquidated_damages_remedy", re.search(PATTERNS["liquidated_damages"], text, re.I)):
            continue
        if re.search(
            PATTERNS["credit_or_repair"],
            ctx.text,
            re.I,
        ):
            out.append(
                WORDING.finding(
                    ctx,
                    "sole_remedy_for_their_failure",
                    "warranty_or_sla_inadequate",
                    "medium",
                    span(s, m),
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
        if 90 <= p.value < 99.5 and re.search(PATTERNS["availability_word"], window, re.I):
            sent = next(x for x in ctx.sentences if x.start <= p.start < x.end)
            out.append(
                WORDING.finding(
                    ctx,
                    "low_availability_target",
                    "warranty_or_sla_inadequate",
                    "medium",
                    span(sent, p.start - sent.start),
                    priority=2,
                    p=p.value,
                )
            )
    return out


def _warranties_disclaimed(ctx: ClauseContext) -> list[Finding]:
    """The other side gives no warranty at all: we pay for goods or services it need not make good."""
    for s, m in ctx.find(PATTERNS["no_warranty"]):
        text = s.text
        if VETOES.applies("express_warranties_kept", re.search(PATTERNS["except_express"], text, re.I)):
            continue
        paid_for = r"Products?|Goods|Services?|Software|Deliverables?|Equipment|Works|System|Platform|产品|货物|设备|服务|软件|交付物|工程|系统|平台"
        if VETOES.applies(
            "not_a_purchase",
            not re.search(paid_for, text, re.I) or re.search(PATTERNS["information_only"], text, re.I),
        ):
            continue
        side = ctx.actor(s, m.start())
        if not (ctx.parties.theirs(side) or (side is None and ctx.parties.known)):
            continue
        return [
            WORDING.finding(ctx, "warranties_disclaimed", "warranty_or_sla_inadequate", "high", span(s, m))
        ]
    return []
