"""The security_burden rule (commercial): Excessive, on-demand or long-lived security or insurance provided by us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_percents, find_periods, fmt_period, to_number
from clauseflow_legal.positions import market_positions
from clauseflow_legal.rules.base import ClauseContext, Finding, finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "security_burden",
    {
        "run_off_within_limitation": "cover kept no longer after the end than a claim could run (6 years; 12 for construction)",
        "we_hold_the_retention": "we retain part of their payments: security for us, not a burden",
    },
)

# Our duty to insure ("The Consultant shall maintain professional indemnity insurance", "乙方应投保…险").
_OUR_INSURANCE = PATTERNS["our_insurance"]
_AFTER_THE_END = PATTERNS["after_the_end"]
# Six years after the work is the longest ordinary limitation period for a claim on a simple
# contract; construction contracts are often deeds, with twelve.
_RUN_OFF_YEARS = 6
_CONSTRUCTION_RUN_OFF_YEARS = 12


def _insurance_run_off(ctx: ClauseContext) -> list[Finding]:
    """Our insurance kept in force for longer after the contract than any claim could run."""
    for s, m in ctx.find(_OUR_INSURANCE):
        # a passive duty naming nobody ("the insurances shall be maintained for ...") is the supplier's
        side = ctx.actor(s, m.start())
        if not (ctx.parties.ours(side) or (side is None and ctx.parties.supplies)):
            continue
        after = re.search(_AFTER_THE_END, s.text, re.I)
        if after is None:
            continue
        # "for twelve (12) years after termination"; "竣工后十年内"
        periods = [
            p
            for p in find_periods(s.text)
            if p.unit in {"year", "month"}
            and (0 <= after.start() - p.end <= 10 or 0 <= p.start - after.end() <= 6)
        ]
        years = _CONSTRUCTION_RUN_OFF_YEARS if ctx.domain == "fidic" else _RUN_OFF_YEARS
        if VETOES.applies("run_off_within_limitation", not periods or periods[0].days <= years * 366):
            continue
        run_off = periods[0]
        return [
            WORDING.finding(
                ctx,
                "insurance_run_off",
                "security_insurance_burden",
                "medium",
                span(s, m),
                period=fmt_period(run_off),
            )
        ]
    return []


# The counterparty first in line for the proceeds: "并以保管人为第一受益人", "naming the Warehouse
# Keeper as (first) loss payee".
_PAYEE_ZH = r"以(?:{them})为(?:第一|唯一)?(?:受益人|被保险人)"
_PAYEE_EN = r"(?:naming|name|with)\s+(?:the\s+)?(?:{them})\s+(?:is\s+|be\s+)?(?:named\s+)?as\s+(?:the\s+)?(?:first|sole)?\s*(?:loss\s+payee|beneficiary)"
# Whose goods these are: a financier or owner named payee (lender, lessor, employer) has a real
# interest in the insured thing; a warehouse or carrier holding our goods has none.
_OWNS_WHAT_IS_INSURED = {"customer", "buyer"}


def _insurance_over_our_goods(ctx: ClauseContext) -> list[Finding]:
    """Our own goods insured for more than they are worth, or for the counterparty's benefit."""
    for s, m in ctx.find(_OUR_INSURANCE):
        if not ctx.parties.ours(ctx.actor(s, m.start())):
            continue
        text = s.text
        # "保险金额不低于货物价值的百分之一百五十": indemnity cover never pays more than the loss
        over = next(
            (
                p
                for p in find_percents(text)
                if p.value > 100
                and re.search(
                    PATTERNS["value_word"],
                    text[max(0, p.start - 20) : p.start + 20],
                    re.I,
                )
            ),
            None,
        )
        payee = set(ctx.parties.our_roles) & _OWNS_WHAT_IS_INSURED and re.search(
            _PAYEE_ZH.format(them=ctx.them_rx) + "|" + _PAYEE_EN.format(them=ctx.them_rx), text, re.I
        )
        if not (over or payee):
            continue
        what_en, what_zh = [], []
        if over:
            what_en.append(f"for {over.value:g}% of their value")
            what_zh.append(f"保险金额为其价值的{over.value:g}%")
        if payee:
            what_en.append(f"with {ctx.them} first in line for the proceeds")
            what_zh.append(f"并以{ctx.them}为受益人")
        return [
            finding(
                ctx,
                "security_insurance_burden",
                "medium",
                span(s, m),
                (
                    f"{ctx.us} must insure its own goods " + " and ".join(what_en) + ".",
                    f"{ctx.us}须为自有货物投保，" + "，".join(what_zh) + "。",
                ),
                (
                    f"{ctx.us} pays premium for cover beyond any loss it can suffer"
                    if over
                    else f"The proceeds of {ctx.us}'s own insurance go first to {ctx.them}, whose own liability for the same loss is capped",
                    f"{ctx.us}为超出其可能损失的保额支付保费"
                    if over
                    else f"{ctx.us}自有保险的赔款先归{ctx.them}，而{ctx.them}对同一损失的责任却受限",
                ),
                WORDING.pair(ctx, "insured_goods_market"),
            )
        ]
    return []


def _premiums_on_their_terms(ctx: ClauseContext) -> list[Finding]:
    """We pay the premiums of the other side's own insurance, on terms only it sets (its commission,
    its choice of insurer, sum and risks)."""
    for s, m in ctx.find(PATTERNS["premiums_we_pay"]):
        payer = m.groupdict().get("payer")
        named = ctx.parties.mentions(payer) if payer else []
        side = named[0].side if named else ctx.actor(s, m.start())
        if not ctx.parties.ours(side):
            continue
        terms = "; ".join(
            dict.fromkeys(t.group(0) for t in re.finditer(PATTERNS["their_terms"], s.text, re.I))
        )
        if terms:
            quote = span(s, m)
            return [
                WORDING.finding(
                    ctx,
                    "premiums_on_their_terms",
                    "security_insurance_burden",
                    "medium",
                    quote,
                    matched=terms,
                )
            ]
    return []


@rule(reports={"security_insurance_burden"})
def security_burden(ctx: ClauseContext) -> list[Finding]:
    """Excessive, on-demand or long-lived security or insurance provided by us."""
    insurance = _insurance_run_off(ctx) or _insurance_over_our_goods(ctx) or _premiums_on_their_terms(ctx)
    if insurance:
        return insurance
    return (
        _deposit_we_lodge(ctx)
        or _rent_payable_after_damage(ctx)
        or _owners_guarantee(ctx)
        or _defences_stripped(ctx)
        or _security_we_provide(ctx)
        or _drawn_on_their_word(ctx)
        or _security_topped_up(ctx)
    )


def _security_topped_up(ctx: ClauseContext) -> list[Finding]:
    """The other side may demand more security or guarantees from us whenever it judges the cover short
    (a lender's top-up right), beyond perfecting the security agreed."""
    for s, m in ctx.find(PATTERNS["security_top_up"]):
        # who asks: "as the Lender may request", or the one who "may require"
        asker = re.search(PATTERNS["top_up_asker"], s.text, re.I)
        side = (
            next((x.side for x in ctx.parties.mentions(asker.group("who") or asker.group("whozh"))), None)
            if asker
            else ctx.actor(s, m.start())
        )
        if not ctx.parties.theirs(side):
            continue
        if not ctx.parties.sides_in(s.text) & {"us"} and not ctx.parties.borrows:
            continue
        return [WORDING.finding(ctx, "security_topped_up", "security_insurance_burden", "medium", span(s, m))]
    return []


def _drawn_on_their_word(ctx: ClauseContext) -> list[Finding]:
    """A guarantee, bond or letter of credit we give that the beneficiary may draw on its own word.

    The draw needs only the beneficiary's own statement, certificate or claim that money is owed, no proof
    of default, or the whole amount is called unless we extend it at the beneficiary's request ("extend or
    pay"). An instrument the counterparty gives, or a documentary credit paid against invoices and
    shipping documents, stays clear.
    """
    for s, m in ctx.find(PATTERNS["drawn_on_their_word"]):
        if not re.search(PATTERNS["instrument"], ctx.text, re.I):
            return []
        # who gives the instrument: the party before the first verb of giving in a sentence naming it
        givers = [
            ctx.actor(s2, v.start())
            for s2 in ctx.sentences
            if re.search(PATTERNS["instrument"], s2.text, re.I)
            for v in re.finditer(PATTERNS["gives_instrument"], s2.text, re.I)
        ]
        giver = next((g for g in givers if g is not None), None)
        if ctx.parties.ours(giver):
            return [
                WORDING.finding(ctx, "drawn_on_their_word", "security_insurance_burden", "medium", span(s, m))
            ]
        return []
    return []


def _deposit_months_limit(ctx: ClauseContext) -> float:
    """The playbook's walk-away point for a deposit sized in months of what we pay (``deposit_months``:
    five months in general, three months' rent under a lease)."""
    title = str(ctx.metadata.get("contract_title") or "")
    for position in market_positions(ctx.domain, title).get("deposit_months", []):
        if "customer" in position.perspective:
            return position.walk_away
    return 5.0


def _deposit_we_lodge(ctx: ClauseContext) -> list[Finding]:
    """A deposit we lodge that is large (beyond the playbook's months) or forfeitable."""
    limit = _deposit_months_limit(ctx)
    # whoever pays the deposit in lodges it; later sentences about keeping it ("甲方有权没收该保证金，
    # 保证金不计利息") speak of its holder
    lodged = next(
        (ctx.actor(s, m.start()) for s, m in ctx.find(PATTERNS["deposit_paid_in"])),
        None,
    )
    # with no one said to pay it in, the side that draws on it holds it ("甲方有权从押金中扣除…，余额不予退还")
    drawer = next(
        (
            ctx.actor(s, d.start())
            for pattern in (PATTERNS["drawable"], PATTERNS["deposit_taken"])
            for s, d in ctx.find(pattern)
        ),
        None,
    )
    if lodged is None and drawer in {"us", "them"}:
        lodged = "them" if drawer == "us" else "us"
    for s, m in ctx.find(PATTERNS["deposit"]):
        if lodged is not None and not ctx.parties.ours(lodged):
            break
        months = [p for p in find_periods(s.text) if p.unit == "month" and p.value > limit]
        forfeit = re.search(PATTERNS["forfeitable"], ctx.text, re.I)
        # drawn on by the other side: the one who may take from it is the holder, not us
        drawn = any(ctx.parties.theirs(ctx.actor(s2, d.start())) for s2, d in ctx.find(PATTERNS["drawable"]))
        if (
            drawn
            and not (months or forfeit)
            and ctx.parties.ours(ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start()))
        ):
            return [
                WORDING.finding(ctx, "deposit_drawable", "security_insurance_burden", "medium", span(s, m))
            ]
        if (months or forfeit) and ctx.parties.ours(
            ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        ):
            return [
                Finding(
                    "security_insurance_burden",
                    "high" if forfeit else "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} must lodge a deposit"
                        + (f" of {fmt_period(months[0])}' payments" if months else "")
                        + (", which the other side may keep in full." if forfeit else "."),
                        f"{ctx.us}须缴纳"
                        + (f"相当于{fmt_period(months[0])}款项的" if months else "")
                        + "保证金"
                        + ("，且对方可全额扣留。" if forfeit else "。"),
                    ),
                    WORDING.t(ctx, "deposit_why"),
                    WORDING.t(ctx, "deposit_market"),
                )
            ]
    return []


def _rent_payable_after_damage(ctx: ClauseContext) -> list[Finding]:
    """We keep paying rent or fees in full while the premises are damaged and cannot be used."""
    for s, m in ctx.find(PATTERNS["rent_continues"]):
        if ctx.parties.pays and re.search(PATTERNS["damage_word"], s.text, re.I):
            return [
                WORDING.finding(
                    ctx, "rent_payable_after_damage", "security_insurance_burden", "high", span(s, m)
                )
            ]
    return []


def _owners_guarantee(ctx: ClauseContext) -> list[Finding]:
    """Security from outside the contracting company: its shareholders' or directors' own assets, unlimited or on demand."""
    for s, m in ctx.find(PATTERNS["owners_guarantee"]):
        unlimited = re.search(PATTERNS["unlimited_or_on_demand"], s.text, re.I)
        side = ctx.actor(s, m.start()) or ctx.parties.side_before(s.text, m.start())
        if side is None and re.search(PATTERNS["each_of_a_class"], s.text[: m.start() + 40], re.I):
            side = "mutual"
        # "each Shareholder shall give … guarantees on a joint and several basis": each may answer for all
        several = side == "mutual" and re.search(PATTERNS["joint_and_several"], s.text, re.I)
        if unlimited and (ctx.parties.ours(side) or several):
            if several:
                return [
                    WORDING.finding(ctx, "several_guarantee", "security_insurance_burden", "high", span(s, m))
                ]
            return [WORDING.finding(ctx, "owners_guarantee", "security_insurance_burden", "high", span(s, m))]
    return []


def _defences_stripped(ctx: ClauseContext) -> list[Finding]:
    """A guarantee we give as if we were the debtor: principal obligor, defences waived, the creditor free to
    come to us first (连带责任保证, 放弃先诉抗辩权), untouched by what happens to the main debt.

    The guarantor is the party before the term ("the Guarantor ... as if it were the principal obligor";
    "The obligations of the Guarantor will not be affected"); clear when the guarantor is the other side
    (a guarantee given to us) or not named.
    """
    if not re.search(PATTERNS["a_guarantee"], ctx.text, re.I):
        return []
    for s, m in ctx.find(PATTERNS["defences_stripped"]):
        if ctx.parties.ours(ctx.actor(s, m.start())):
            matched = re.sub(r"\s+", " ", m.group(0)).strip()
            return [
                WORDING.finding(
                    ctx,
                    "defences_stripped",
                    "security_insurance_burden",
                    "medium",
                    span(s, m),
                    matched=matched,
                )
            ]
    return []


def _released_upstream(ctx: ClauseContext, text: str) -> bool:
    """Our retention is released on an event of the main contract, not of our own work: the main
    contract named, or (when we subcontract) the whole Works or Project, the main Performance
    Certificate, or the main contract's Employer or Engineer acting. A main contractor's own
    retention released at taking over of the whole of the Works is FIDIC's standard."""
    if not re.search(PATTERNS["release_verb"], text, re.I):
        return False
    if ctx.parties.is_role("contractor") and not ctx.parties.is_role("subcontractor"):
        return False
    if re.search(PATTERNS["released_upstream"], text, re.I):
        return ctx.parties.is_role("subcontractor") or bool(
            re.search(PATTERNS["upstream_contract"], text, re.I)
        )
    return ctx.parties.is_role("subcontractor") and any(
        not ctx.parties.sides_in(x.group(0)) & {"us", "them"}
        for x in re.finditer(PATTERNS["upstream_party"], text)
    )


def _security_we_provide(ctx: ClauseContext) -> list[Finding]:
    """A performance security or retention we provide above the usual share, or held too long."""
    judged: Sentence | None = None
    for s, m in ctx.find(PATTERNS["security"]):
        if s is judged:
            # "a Performance Security …, in the form of an unconditional bank guarantee": one
            # security, whose provider is the subject the first mention already gave
            continue
        judged = s
        text = s.text
        side = ctx.actor(s, m.start())
        if re.search(
            PATTERNS["retention_word"],
            m.group(0) + text[max(0, m.start() - 40) : m.start()],
            re.I,
        ):
            if VETOES.applies(
                "we_hold_the_retention",
                ctx.parties.ours(side)
                and (
                    re.search(
                        PATTERNS["we_retain"], m.group(0) + text[max(0, m.start() - 20) : m.start()], re.I
                    )
                    # "甲方支付10%，其余90%作为质保金": a retention is held out of the price, so the
                    # party that pays the price holds it
                    or (ctx.parties.pays and not ctx.parties.supplies)
                ),
            ):
                continue
            if ctx.parties.theirs(side):
                side = "us"  # the counterparty retains part of OUR payments: the burden is ours
        if not (ctx.parties.ours(side) or (side is None and ctx.parties.supplies)):
            continue
        # the percentage that belongs to the security, not e.g. the 95% paid before it
        pcts = sorted(find_percents(text), key=lambda p: abs(p.start - m.start()))
        on_demand = re.search(
            PATTERNS["on_demand"],
            text,
            re.I,
        )
        retention = re.search(PATTERNS["retention_named"], m.group(0), re.I)
        # A Chinese construction retention (质量保证金) may not exceed 3% of the settled price
        # (住建部《建设工程质量保证金管理办法》 art. 7); elsewhere 5% is the market level.
        statutory = (
            bool(retention)
            and re.search(PATTERNS["quality_retention_zh"], text) is not None
            and ctx.domain == "fidic"
        )
        limit = 3 if statutory else 5 if retention else 10
        # held until long after the work's own defects period: "twelve months after the end of the
        # defects period of the Main Contract", "待总包合同约定的缺陷责任期满且发包人…退还后"
        overheld = retention and (
            re.search(PATTERNS["held_past_defects_period"], text, re.I) or _released_upstream(ctx, text)
        )
        excess = (
            (
                f", above the {limit}% cap of Chinese law on construction retention",
                f"，超过《建设工程质量保证金管理办法》规定的{limit}%上限",
            )
            if statutory
            else (f", above the usual {limit}%", f"，高于通常的{limit}%")
        )
        months = re.search(PATTERNS["months_of_value"], text, re.I)
        share = (to_number(months.group("n")) or 0) * 100 / 12 if months and not pcts else None
        if share is not None and share > limit and months is not None:
            return [
                Finding(
                    "security_insurance_burden",
                    "high" if on_demand or share >= 15 else "medium",
                    span(s, m),
                    ctx.t(
                        f"{ctx.us} must provide {'an on-demand ' if on_demand else ''}security of {months.group(0)}"
                        f" (about {share:.0f}% of a year's value, above the usual {limit}%)"
                        + (", drawable on the beneficiary's own word." if on_demand else "."),
                        f"{ctx.us}须提供{'见索即付的' if on_demand else ''}相当于{months.group(0)}的担保"
                        f"（约为年度金额的{share:.0f}%，高于通常的{limit}%）。",
                    ),
                    WORDING.t(ctx, "security_why"),
                    WORDING.t(ctx, "security_market", limit=limit),
                )
            ]
        if pcts and (pcts[0].value > limit or overheld):
            return [
                Finding(
                    "security_insurance_burden",
                    "high" if on_demand or pcts[0].value >= 15 else "medium",
                    span(s, pcts[0].start),
                    ctx.t(
                        f"{ctx.us} must provide {'an on-demand ' if on_demand else ''}security of {pcts[0].value:g}%"
                        + (excess[0] if pcts[0].value > limit else "")
                        + (", held long after its own defects period." if overheld else "."),
                        f"{ctx.us}须提供{'见索即付的' if on_demand else ''}{pcts[0].value:g}%担保"
                        + (excess[1] if pcts[0].value > limit else "")
                        + ("，且在其缺陷责任期结束后仍长期被扣留。" if overheld else "。"),
                    ),
                    WORDING.t(ctx, "security_why"),
                    WORDING.t(ctx, "security_market", limit=limit),
                )
            ]
    return []
