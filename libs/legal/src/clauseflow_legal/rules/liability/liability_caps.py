"""The liability_caps rule (liability): Caps too low for us as claimant, and carve-outs that leave our own liability unlimited."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span, sub_sentence
from clauseflow_legal.rules.liability.common import PENALTY_ZH
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import (
    Amount,
    Sentence,
    find_amounts,
    find_percents,
    find_periods,
)

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "liability_caps",
    {
        "seller_limitation_in_ma": "an M&A seller's limitations: the more specific M&A rule's subject",
        "limit_missing_is_not_liability": "\"调整幅度不受限制\": the limit missing is a price's, not a liability's",
        "guarantee_unlimited": "a guarantor's unlimited guarantee is the security rule's, not our own liability",
        "uncapped_penalty": '"违约金总额不设上限": an uncapped penalty is liquidated_damages_excessive\'s subject',
        "within_the_cap": '"liable for all losses, subject to Clause 12" stays within the cap',
        "standard_carve_out": "fraud, wilful misconduct, death and personal injury: market-standard carve-outs",
        "power_cut_only": "a power cut alone is the usual force-majeure list's, not a failure of the provider's own",
        "reserved_carve_out": "nothing limits a party's liability for fraud, death or personal injury: a standard carve-out",
        "exclusion_not_extension": '"neither party\'s liability shall include lost profits": an exclusion, not an extension',
    },
)

_CAP = PATTERNS["cap"]
_LIAB_WORD = PATTERNS["liability_word"]
# A ceiling actually set ("shall not exceed USD 1,000,000"), not one denied ("不设上限").
_STATED_CAP = PATTERNS["stated_cap"]
_STANDARD_CARVE = PATTERNS["standard_carve"]
_CARVE_TRIGGER = PATTERNS["carve_trigger"]
_OUR_EXPOSURE = PATTERNS["our_exposure"]


def _liable_side(ctx: ClauseContext, s: Sentence) -> Side | None:
    """Whose liability a cap sentence limits."""
    text = s.text
    m = re.search(PATTERNS["liability_of"], text, re.I)
    if m:
        ms = ctx.parties.mentions(text[m.end() : m.end() + 80])
        if ms and ms[0].start < 5:
            return ms[0].side
    m = re.search(PATTERNS["liability_named"], text, re.I)
    if m:
        side = ctx.parties.side_before(text, m.start(), window=70)
        if side is not None:
            return side
    return None


# A cap measured by one order, shipment or product: in a framework agreement, a fraction of the deal.
_PER_ORDER = PATTERNS.compiled("per_order")


# A cap by weight or package, as carriage conventions set them: "two (2) SDR per kilogram of the
# gross weight", "USD 500 per package". For valuable goods it is a small fraction of their worth.
_PER_WEIGHT = PATTERNS.compiled("per_weight")


def _cap_basis(s: Sentence) -> tuple[float | None, float | None]:
    """(months of fees, percent of price/fees) that a cap sentence uses, when stated."""
    months: float | None = None
    pct: float | None = None
    text = s.text
    fees = re.search(
        PATTERNS["fees_measure"],
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
            PATTERNS["of_the_price_after"],
            text[pc.end : pc.end + 60],
            re.I,
        ) or re.search(
            PATTERNS["of_the_price_before"],
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
            PATTERNS["caps_disapplied"],
            s.text,
            re.I,
        )
        if not is_cap and not carve_ref:
            continue
        if VETOES.applies(
            "seller_limitation_in_ma", ctx.domain == "sha_spa" and re.search(PATTERNS["seller_named"], s.text)
        ):
            continue
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
    unlimited = _unlimited_liability(ctx) or _limits_reserved_to_them(ctx)
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
    return WORDING.finding(
        ctx, "nominal_cap", "liability_cap_inadequate", "high", span(s, nominal.start), figure=figure
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
        basis = WORDING.t(ctx, "months_of_fees", months=months)
    elif pct is not None:
        basis = WORDING.t(ctx, "share_of_price", pct=pct)
    elif per_weight is not None:
        basis = WORDING.t(ctx, "per_weight", matched=per_weight.group(0))
    else:
        basis = WORDING.t(ctx, "per_order")
    severe = (months is not None and months <= 3) or (pct is not None and pct <= 25) or per_order
    who = WORDING.t(ctx, "both_parties") if side == "mutual" else ctx.them
    return WORDING.finding(
        ctx,
        "low_cap",
        "liability_cap_inadequate",
        "high" if severe else "medium",
        span(s, 0),
        who=who,
        basis=basis,
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
    items = [i for i in re.split(PATTERNS["carve_out_separator"], segment) if i.strip()]
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
            WORDING.finding(ctx, "carve_outs_against_us", "uncapped_liability", "high", quote, listed=listed)
        )
    return out


def _excluded_heads_of_loss(ctx: ClauseContext) -> list[Finding]:
    """Loss types excluded from the counterparty's liability that matter most to a customer."""
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["customer_losses_excluded"]):
        side = ctx.actor(s, m.start())
        if ctx.parties.buy_side and (ctx.parties.theirs(side) or side == "mutual"):
            out.append(
                WORDING.finding(
                    ctx,
                    "excluded_heads_of_loss",
                    "liability_cap_inadequate",
                    "medium",
                    span(s, m.start(1)),
                    priority=1,
                    group1=m.group(1),
                )
            )
            break
    return out


def _asymmetric_caps(ctx: ClauseContext, their_cap: Sentence) -> Finding:
    """The counterparty's liability is capped while ours is unlimited."""
    return WORDING.finding(ctx, "asymmetric_caps", "liability_cap_inadequate", "high", span(their_cap, 0))


# Liable only for gross fault: "shall not be liable … unless caused by its gross negligence or wilful
# misconduct", "除故意或重大过失外…不承担责任", "仅对其故意或重大过失承担责任".
_GROSS_FAULT_ONLY = PATTERNS["gross_fault_only"]


def _gross_fault_only(ctx: ClauseContext) -> list[Finding]:
    """The counterparty answers only for gross negligence or wilful misconduct, not for ordinary fault."""
    if not ctx.parties.buy_side:
        return []
    for s, m in ctx.find(_GROSS_FAULT_ONLY):
        # "除故意或重大过失外，乙方…不承担责任": the one relieved is named after the exception
        side = ctx.actor(s, m.end() - 1 if m.group(0).startswith("除") else m.start())
        if not ctx.parties.theirs(side):
            continue
        return [WORDING.finding(ctx, "gross_fault_only", "liability_cap_inadequate", "high", span(s, m))]
    return []


# Causes inside the counterparty's own sphere: its premises, equipment, systems and staff, and the
# pests and leaks that keeping premises sound prevents ("因仓库漏雨、鼠害…造成的货物损失，保管人不承担
# 任何责任"; "not liable for loss caused by leakage, vermin or breakdown of its equipment").
_OWN_SPHERE_CAUSE = PATTERNS["own_sphere_cause"]
_NOT_LIABLE = PATTERNS["not_liable"]


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
        if not causes:
            continue
        if VETOES.applies("power_cut_only", all(re.match(PATTERNS["power_cut"], c, re.I) for c in causes)):
            continue
        cause = found[0]
        return [
            WORDING.finding(
                ctx,
                "own_sphere_excluded",
                "liability_cap_inadequate",
                "high",
                span(s, min(cause.start(), m.start())),
                join=", ".join(causes[:4]),
                join_2="、".join(causes[:4]),
            )
        ]
    return []


def _no_remedy_for_their_delay(ctx: ClauseContext) -> list[Finding]:
    """The counterparty owes nothing for late performance: dates are "estimates", delay excluded outright."""
    for s, m in ctx.find(PATTERNS["delay_excluded"]):
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            named = [x.side for x in ctx.parties.mentions(s.text) if x.side != "mutual"]
            if not (named and ctx.parties.theirs(named[0])):
                continue
        return [
            WORDING.finding(
                ctx,
                "no_remedy_for_their_delay",
                "liability_cap_inadequate",
                "medium",
                span(s, m),
                matched=m.group(0).strip(),
            )
        ]
    return []


def _no_remedy_for_failed_services(ctx: ClauseContext) -> list[Finding]:
    """The counterparty owes nothing when the services it provides fail, whatever the cause."""
    for s, m in ctx.find(PATTERNS["failed_services_excluded"]):
        # the one who "不承担" is named after the cause in Chinese: "…服务中断，乙方不承担任何责任"
        relief = re.search(PATTERNS["relief_words"], m.group(0), re.I)
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
                why=WORDING.pair(ctx, "failed_services_why"),
                market=WORDING.pair(ctx, "failed_services_market"),
            )
        ]
    return []


def _token_damages_to_us(ctx: ClauseContext) -> list[Finding]:
    """Delay or performance damages owed to us, capped so low that they are no remedy."""
    for s, _m in ctx.find(PATTERNS["performance_damages"]):
        cap = re.search(_CAP, s.text, re.I)
        if not cap:
            continue
        capped = [p for p in find_percents(s.text[cap.start() :]) if p.value < 5]
        # who pays: "payable by the Supplier", else the sentence's subject ("乙方迟延交货的，…向甲方支付")
        by = re.search(PATTERNS["payable_by"], s.text, re.I)
        named = ctx.parties.mentions(s.text[by.end() :] if by else s.text)
        payers = [x for x in named if x.side != "mutual"]
        payer = payers[0].side if payers else None
        if not capped or not ctx.parties.theirs(payer):
            continue
        return [
            WORDING.finding(
                ctx,
                "token_damages_to_us",
                "liability_cap_inadequate",
                "medium",
                span(s, cap.start()),
                capped=capped[0].value,
            )
        ]
    return []


# Wording that says a liability has no ceiling, in the many ways contracts say it.
_NO_LIMIT = PATTERNS["no_limit"]
_ALL_LOSSES = PATTERNS["all_losses"]
_AGGRAVATED = PATTERNS["aggravated"]
_SUBJECT_TO_CAP = PATTERNS["subject_to_cap"]


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
_NOT_A_CEILING = PATTERNS.compiled("not_a_ceiling")


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
        if VETOES.applies(
            "limit_missing_is_not_liability",
            explicit is not None and not broad and not re.search(PATTERNS["liability_subject"], text, re.I),
        ):
            continue
        if VETOES.applies("guarantee_unlimited", re.search(PATTERNS["unlimited_guarantee"], text, re.I)):
            continue
        if VETOES.applies(
            "uncapped_penalty",
            re.search(_PENALTY_SUBJECT, text, re.I)
            and not broad
            and not re.search(PATTERNS["loss_beside_penalty"], text, re.I),
        ):
            continue
        if VETOES.applies("within_the_cap", explicit is None and _a_cap_may_cover_us(ctx, s)):
            continue
        if VETOES.applies(
            "standard_carve_out",
            re.search(_STANDARD_CARVE, text, re.I)
            and not broad
            and not re.search(PATTERNS["any_other_loss"], text, re.I),
        ):
            continue
        side: Side | None = None
        to = explicit.groupdict().get("to") if explicit is not None else None
        if to:
            ms = ctx.parties.mentions(to)
            side = ms[0].side if ms else None
        if side is None:
            owner = re.search(
                PATTERNS["liability_owner"],
                text,
                re.I,
            )
            if owner and owner.end() <= anchor.end() + 60:
                ms = ctx.parties.mentions(text[owner.end() : owner.end() + 60])
                if ms and ms[0].start <= 2:
                    side = ms[0].side
        if side is None:
            verb = re.search(PATTERNS["liability_verb"], text, re.I)
            by = re.search(PATTERNS["borne_by"], text, re.I)
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
                        if re.search(PATTERNS["indirect_loss_en"], text, re.I)
                        else "."
                    ),
                    f"{ctx.us}在本条项下的责任不设上限"
                    + (
                        "，且及于间接损失或利润损失。"
                        if re.search(PATTERNS["indirect_loss_zh"], text)
                        else "。"
                    ),
                ),
                WORDING.t(ctx, "uncapped_why"),
                WORDING.t(ctx, "uncapped_market"),
            )
        )
    return out


_RESERVED_BENEFIT = PATTERNS["reserved_benefit"]
_NOTHING_LIMITS = PATTERNS["nothing_limits"]
_EXTENDS_TO_INDIRECT = PATTERNS["extends_to_indirect"]


def _named_side(ctx: ClauseContext, text: str, *, last: bool = False) -> Side | None:
    """The side of the party ``text`` names first (``last``: names last), None when it names none."""
    named = ctx.parties.mentions(text)
    if not named:
        return None
    return named[-1].side if last else named[0].side


def _reserved_to(ctx: ClauseContext, m: re.Match[str]) -> Side | None:
    """Whom a limit reserved by ``m`` protects: "for the benefit of X", "for X's benefit", "仅适用于X"."""
    groups = m.groupdict()
    if groups.get("poss"):
        return _named_side(ctx, groups["poss"], last=True)
    for name in ("of", "only", "zhonly"):
        if groups.get(name):
            return _named_side(ctx, groups[name][:40])
    return None


def _ours_kept_unlimited(ctx: ClauseContext, rest: str) -> bool:
    """Whether a "nothing … limits" sentence keeps a liability of ours (not both sides', not only the
    standard heads of fraud, death and injury) outside the limits: ``rest`` is what follows the verb."""
    for m in re.finditer(PATTERNS["liability_named_owner"], rest, re.I):
        groups = m.groupdict()
        owner = groups.get("owner") or groups.get("zhowner")
        side = (
            _named_side(ctx, owner, last=True) if owner else _named_side(ctx, groups.get("owner_after") or "")
        )
        after = re.match(r"\s+of\s+", rest[m.end() :])
        if side is None and after:  # "the liability of the Supplier"
            side = _named_side(ctx, rest[m.end() + after.end() : m.end() + after.end() + 40])
        item = rest[m.start() : m.end() + 80]
        if VETOES.applies(
            "reserved_carve_out", ctx.parties.ours(side) and re.search(_STANDARD_CARVE, item, re.I)
        ):
            continue
        if ctx.parties.ours(side):
            return True
    return False


def _limits_reserved_to_them(ctx: ClauseContext) -> list[Finding]:
    """The limits and exclusions of liability protect the counterparty alone: reserved to it by name
    ("are for the benefit of X only"), kept off our liability ("nothing in Clause 12 limits our
    liability"), or our liability said to reach the losses a cap excludes ("extends to loss of profit")."""
    for s in ctx.sentences:
        text = s.text
        hit: re.Match[str] | None = None
        for m in re.finditer(_RESERVED_BENEFIT, text, re.I):
            if ctx.parties.theirs(_reserved_to(ctx, m)):
                hit = m
                break
        if hit is None:
            for m in re.finditer(_NOTHING_LIMITS, text, re.I):
                if _ours_kept_unlimited(ctx, text[m.end() :]):
                    hit = m
                    break
        extends = None
        for m in re.finditer(_EXTENDS_TO_INDIRECT, text, re.I):
            if VETOES.applies(
                "exclusion_not_extension",
                re.search(PATTERNS["negation_before"], text[max(0, m.start() - 60) : m.end()], re.I),
            ):
                continue
            # whose liability: the party named just before it ("the Supplier's liability"), else the actor
            owner = ctx.parties.side_before(text, m.start(), window=60) or ctx.actor(s, m.start())
            if ctx.parties.ours(owner):
                extends = m
                break
        if hit is None and extends is None:
            continue
        if hit is None:
            assert extends is not None
            return [
                WORDING.finding(
                    ctx,
                    "our_liability_reaches_indirect",
                    "uncapped_liability",
                    "high",
                    span(s, extends.start()),
                )
            ]
        return [
            WORDING.finding(
                ctx,
                "limits_reserved_to_them",
                "uncapped_liability",
                "high",
                span(s, hit.start()),
                extends=", and it extends to loss of profit and indirect loss" if extends else "",
                extends_zh="，且及于利润损失和间接损失" if extends else "",
            )
        ]
    return []
