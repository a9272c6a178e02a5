"""The payment_terms rule (commercial): Late, conditional or set-off-able payment to us; unsecured prepayments by us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import Percent, find_percents, find_periods, fmt_period
from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "payment_terms",
    {
        "advance_secured": "a letter of credit, escrow or guarantee secures what is paid in advance",
        "no_payment_in_sentence": "the advance's sentence says nothing about paying",
        "not_most_of_the_price": "the advance is under half the price, or the whole (the full-prepayment finding's)",
        "settles_quality_not_price": '"以第三方检测机构确认的结果为准" settles quality, not what we are paid',
        "a_partys_own_approval": "the approver is a party: the other side's determination is a dispute point",
        "approver_not_outside": "the approver is no employer, owner, auditor or authority upstream",
        "period_within_norm": "payment within 45 days (56 under FIDIC), or no period at all",
        "usual_retention": "no more than a usual 10% retention waits for the warranty to end",
    },
)

# What secures money paid before performance: its return is guaranteed or it is held by a third party.
_SECURED_WORD = PATTERNS.compiled("secured")
_SECURITY_DENIED = PATTERNS.compiled("security_denied")


def _secured(text: str) -> bool:
    """Is money paid in advance secured? A security word counts unless the clause denies it ("no bank guarantee")."""
    denied = [(m.start(), m.end()) for m in _SECURITY_DENIED.finditer(text)]
    return any(
        not any(a <= m.start() and m.end() <= b for a, b in denied) for m in _SECURED_WORD.finditer(text)
    )


_ADVANCE = PATTERNS["advance"]


def _instalment_share(text: str, trigger: re.Match[str], *, since: int, after: int) -> Percent | None:
    """The share of the price an instalment's trigger belongs to: the last percentage between
    ``since`` and the trigger, else the first one within ``after`` characters after it."""
    pcts = find_percents(text)
    before = [p for p in pcts if since <= p.start < trigger.start()]
    later = [p for p in pcts if trigger.end() <= p.start <= trigger.end() + after]
    return before[-1] if before else (later[0] if later else None)


def _large_unsecured_advance(ctx: ClauseContext) -> list[Finding]:
    """Most of the price paid by us at signing or in advance, with nothing securing its return."""
    if VETOES.applies("advance_secured", _secured(ctx.text)):
        return []
    for s, m in ctx.find(_ADVANCE):
        if VETOES.applies("no_payment_in_sentence", not re.search(PATTERNS["pays_word"], s.text, re.I)):
            continue
        # "10% within 30 days after signing, 60% within 60 days after acceptance": 10% is the advance
        share = _instalment_share(s.text, m, since=m.start() - 80, after=60)
        if share is None or VETOES.applies("not_most_of_the_price", share.value < 50 or share.value >= 100):
            continue
        if not _we_pay(ctx, s, m.start()):
            continue
        return [
            WORDING.finding(
                ctx,
                "large_unsecured_advance",
                "payment_terms_unfavourable",
                "medium",
                span(s, m),
                share=share.value,
            )
        ]
    return []


def _we_pay(ctx: ClauseContext, s: Sentence, pos: int) -> bool:
    """Whether our party pays the advance at ``pos``: its actor, or named before it as its payer,
    never as the one it is "paid to" ("paid over to the Buyer", "向买方")."""
    before = s.text[:pos]
    if re.search(rf"\b(?:paid|payable|remitted)\s+(?:over\s+)?to\s+(?:the\s+)?(?:{ctx.us_rx})", before):
        return False
    return (
        ctx.parties.ours(ctx.actor(s, pos))
        or re.search(rf"(?<!\bto\s)(?<!向)(?:{ctx.us_rx})", before) is not None
    )


# "The Agent shall be entitled to a commission …, payable within …": the one entitled is paid.
_ENTITLED_TO_PAYMENT = PATTERNS.compiled("entitled_to_payment")


def _payer(ctx: ClauseContext, s: Sentence, pos: int) -> Side | None:
    """Who pays under the payment term at ``pos``: the actor, unless the sentence names a payee;
    with no one named, a commission is the principal's to pay (:func:`_commission_payer`)."""
    entitled = _ENTITLED_TO_PAYMENT.search(s.text, 0, pos)
    if entitled:
        payee = ctx.actor(s, entitled.start())
        if ctx.parties.ours(payee):
            return "them"
        if ctx.parties.theirs(payee):
            return "us"
    return ctx.actor(s, pos) or _commission_payer(ctx, s.text)


_COMMISSION = PATTERNS.compiled("commission")


def _commission_payer(ctx: ClauseContext, text: str) -> Side | None:
    """Who pays the commission ``text`` speaks of: an agent earns it, so its principal pays.

    A principal is a seller too (it sells through the agent), so "no payer named, so a seller is
    paid" would give the principal the agent's commission; the agent role decides instead.
    """
    if not _COMMISSION.search(text):
        return None
    if ctx.parties.is_role("agent"):
        return "them"
    if "agent" in ctx.parties.their_roles:
        return "us"
    return None


def _commission_when_customer_pays(ctx: ClauseContext) -> list[Finding]:
    """Our commission is earned only when the other side's customer has paid it (in full), or when the
    other side has received the customer's payment (the pay-when-paid words, for a commission)."""
    found = [*ctx.find(PATTERNS["commission_when_customer_pays"]), *ctx.find(PATTERNS["pay_when_paid"])]
    for s, m in found:
        if _COMMISSION.search(s.text) and _commission_payer(ctx, s.text) == "them":
            return [
                WORDING.finding(
                    ctx, "commission_when_customer_pays", "payment_terms_unfavourable", "medium", span(s, m)
                )
            ]
    return []


def _commission_at_their_discretion(ctx: ClauseContext) -> list[Finding]:
    """Our commission is earned only on the orders the other side chooses to accept, or as much of it
    as the other side decides: whether we are paid for the sales we made is theirs to say."""
    for s, m in ctx.find(PATTERNS["commission_discretion"]):
        if not _COMMISSION.search(s.text):
            continue
        holder = ctx.actor(s, m.start())
        if holder is None or holder == "mutual":
            holder = _commission_payer(ctx, s.text)
        if ctx.parties.theirs(holder) and _commission_payer(ctx, s.text) == "them":
            return [
                WORDING.finding(
                    ctx, "commission_at_their_discretion", "payment_terms_unfavourable", "medium", span(s, m)
                )
            ]
    return []


def _paid_to_us(ctx: ClauseContext, s: Sentence, pos: int) -> bool:
    """Whether the payment term at ``pos`` is the other side's payment to us (an unnamed payer pays a seller)."""
    payer = _payer(ctx, s, pos)
    return ctx.parties.theirs(payer) or (payer is None and ctx.parties.sell_side)


# What we are paid is whatever someone outside the contract approves: "结算价以发包人对总包工程结算的
# 审定价为准", "the final account shall be the amount certified by the Employer under the Main Contract".
_THIRD_PARTY_APPROVAL = PATTERNS["third_party_approval"]


def _price_fixed_by_third_party(ctx: ClauseContext) -> list[Finding]:
    """Our price or final account is set by an outsider's audit or approval (the employer upstream, an auditor)."""
    if not ctx.parties.sell_side:
        return []
    for s, m in ctx.find(_THIRD_PARTY_APPROVAL):
        approver = m.group("zh") or m.group("en") or m.group("en2") or ""
        if VETOES.applies("settles_quality_not_price", not re.search(PATTERNS["price_words"], s.text, re.I)):
            continue
        if VETOES.applies("a_partys_own_approval", ctx.parties.sides_in(approver) & {"us", "them", "mutual"}):
            continue
        if VETOES.applies(
            "approver_not_outside", not re.search(PATTERNS["outside_approver"], approver, re.I)
        ):
            continue
        return [
            WORDING.finding(
                ctx,
                "price_fixed_by_third_party",
                "payment_terms_unfavourable",
                "high",
                span(s, m),
                approver=approver.strip(),
            )
        ]
    return []


@rule(reports={"payment_terms_unfavourable"})
def payment_terms(ctx: ClauseContext) -> list[Finding]:
    """Late, conditional or set-off-able payment to us; unsecured prepayments by us.

    Each kind of problem is reported once; a payment article often has several (a 90-day term
    in 3.1, a right to withhold any disputed sum in 3.2), each a finding of its own sub-clause.
    """
    out: list[Finding] = []
    for s, m in ctx.find(PATTERNS["pay_when_paid"]):
        payer = _payer(ctx, s, m.start())
        # "All amounts payable to the Licensor shall be paid only if …": the payee names no payer;
        # so do "Payment to the Contractor shall be made only after …" and "shall pay the Consultant … after"
        payee = re.search(PATTERNS["payee_named"], s.text[: m.start()], re.I)
        payee_side = [x.side for x in ctx.parties.mentions(payee.group("who"))][:1] if payee else []
        if payee_side == ["them"]:
            continue
        if _commission_payer(ctx, s.text) is not None:
            continue  # an agent's commission on the customer's payment: _commission_when_customer_pays
        if payee_side == ["us"] or ctx.parties.theirs(payer) or (payer is None and ctx.parties.sell_side):
            no_interest = re.search(PATTERNS["no_interest"], s.text, re.I)
            out.append(
                Finding(
                    "payment_terms_unfavourable",
                    "high",
                    span(s, m),
                    (
                        WORDING.t(ctx, "paid_from_spare_cash")
                        if re.search(r"cash|funds", m.group(0), re.I) and not re.search(r"from\s", m.group(0))
                        else ctx.t(
                            f"Payment to {ctx.us} is conditional on {ctx.them} first receiving funds from a third party",
                            f"向{ctx.us}的付款以{ctx.them}先从第三方获得资金为条件",
                        )
                    )
                    + ctx.t(
                        ", and no late-payment interest runs meanwhile." if no_interest else ".",
                        "，且期间不计逾期利息。" if no_interest else "。",
                    ),
                    WORDING.t(ctx, "pay_when_paid_why"),
                    WORDING.t(ctx, "pay_when_paid_market"),
                )
            )
            break
    out += _price_fixed_by_third_party(ctx)
    for s, m in ctx.find(PATTERNS["payment_period"]):
        payer = _payer(ctx, s, m.start())
        if payer is None and re.search(PATTERNS["invoice"], s.text[: m.start()], re.I):
            payer = ctx.paying_side()  # invoices are the buyer's to pay
        if not ctx.parties.theirs(payer):
            continue
        # "a deposit of three months' Rent", "两个月租金作为押金": a sum sized in months of rent is no time to pay
        periods = [
            p
            for p in find_periods(s.text)
            if p.unit in {"day", "business day", "month"}
            and not re.match(PATTERNS["months_of_rent"], s.text[p.end :], re.I)
        ]
        limit = 56 if ctx.domain == "fidic" else 45  # 56 days is the FIDIC interim-payment norm
        if VETOES.applies("period_within_norm", not periods or periods[0].days <= limit):
            continue
        out.append(
            WORDING.finding(
                ctx,
                "long_payment_period",
                "payment_terms_unfavourable",
                "high" if periods[0].days >= 90 else "medium",
                span(s, m),
                period=fmt_period(periods[0]),
            )
        )
        break
    if ctx.parties.pays:
        for s, m in ctx.find(PATTERNS["full_prepayment"]):
            paid_by_us = re.search(
                rf"(?:{ctx.us_rx})[^.;。；]{{0,20}}(?:shall|must|will|应|须)?\s*(?:pay|支付|付清)",
                s.text[: m.end()],
                re.I,
            )
            if (
                not ctx.parties.ours(ctx.actor(s, m.start()))
                and not re.search(ctx.us_rx, s.text[: m.start()])
                and not paid_by_us
                # a charge that names no one is the paying side's ("Set-up Fee: payable in full on signing")
                and not ctx.names_nobody(s.text)
            ):
                continue
            if VETOES.applies("advance_secured", _secured(ctx.text)):
                continue
            out.append(
                WORDING.finding(ctx, "full_prepayment", "payment_terms_unfavourable", "medium", span(s, m))
            )
            break
        else:
            out += _large_unsecured_advance(ctx)
    beyond = _set_off_beyond_contract(ctx)
    out += beyond
    for s, m in ctx.find(PATTERNS["set_off_any_amount"]):
        if beyond:
            break
        side = ctx.actor(s, m.start())
        undisputed_only = re.search(PATTERNS["only_undisputed"], s.text, re.I) and not re.search(
            PATTERNS["undisputed_denied"], s.text, re.I
        )
        if ctx.parties.theirs(side) and not undisputed_only:
            out.append(
                WORDING.finding(ctx, "set_off_any_amount", "payment_terms_unfavourable", "medium", span(s, m))
            )
            break
    return (
        out
        + _paid_when_payer_decides(ctx)
        + _commission_at_their_discretion(ctx)
        + _commission_when_customer_pays(ctx)
        + _late_payment_free(ctx)
        + _held_until_warranty_ends(ctx)
        + _bill_as_payment(ctx)
        + _general_lien(ctx)
    )


def _paid_when_payer_decides(ctx: ClauseContext) -> list[Finding]:
    """The other side pays us when its own finance arrangements or approvals say: no date at all."""
    for s, m in ctx.find(PATTERNS["paid_when_payer_decides"]):
        who = m.group("who") or m.group("who2") or ""
        named: list[Side | None] = [x.side for x in ctx.parties.mentions(who) if x.side in {"us", "them"}]
        if not named and who in {"其", "其自身", "自身"}:
            named = [ctx.actor(s, m.start())]  # "委托方视其资金状况支付": the subject's own funds
        if named[:1] != ["them"]:
            continue
        return [
            Finding(
                "payment_terms_unfavourable",
                "high",
                span(s, m),
                WORDING.t(ctx, "paid_when_payer_decides"),
                WORDING.t(ctx, "paid_when_payer_decides_why"),
                WORDING.t(ctx, "pay_when_paid_market"),
            )
        ]
    return []


def _set_off_beyond_contract(ctx: ClauseContext) -> list[Finding]:
    """The other side may set off, against what it owes us under this contract, sums it claims under other
    contracts or that we owe its group companies: even undisputed, such a set-off reaches past the bargain."""
    for s, m in ctx.find(PATTERNS["set_off_verb"]):
        text = s.text
        # English names the debts after the verb ("deduct … any amount owed under any other contract"), Chinese
        # before it ("乙方在其他合同项下应付的款项，甲方有权扣除")
        start, end = (0, len(text)) if ctx.zh else (m.end(), m.end() + 250)
        reach = re.compile(PATTERNS["set_off_beyond"], re.I).search(text, start, end)
        if reach is None and ctx.parties.borrows:
            # a lender's set-off reaching debts not yet due or our group's deposits
            reach = re.compile(PATTERNS["set_off_beyond_loan"], re.I).search(text, start, end)
        if reach is None:
            continue
        if re.search(PATTERNS["set_off_barred"], text[max(0, m.start() - 60) : m.start()], re.I):
            continue
        if re.search(PATTERNS["set_off_tax"], text, re.I):
            continue
        side = ctx.actor(s, m.start())
        # "The Executive consents to the Company … deducting from salary …": the one consented to deducts
        allowed = [*re.finditer(PATTERNS["set_off_allowed"], text[max(0, m.start() - 120) : m.start()], re.I)]
        if allowed:
            at = max(0, m.start() - 120) + allowed[-1].end()
            named = ctx.parties.mentions(text[at : at + 60])
            # the one consented to sets off, whoever consents: unnamed, it is no one we know
            side = named[0].side if named and named[0].start == 0 else None
        if side is None:
            # passive, naming no one who sets off: "any sum owed by the Distributor shall be set off against …"
            debtor = re.search(r"\b(?:owed|owing|due|payable)\s+(?:\w+\s+){0,2}?(?:by|from)\s+", text, re.I)
            ms = ctx.parties.mentions(text[debtor.end() : debtor.end() + 60]) if debtor else []
            if ms and ms[0].start == 0 and ctx.parties.ours(ms[0].side):
                side = "them"
        if ctx.parties.theirs(side):
            return [
                WORDING.finding(
                    ctx, "set_off_beyond_contract", "payment_terms_unfavourable", "medium", span(s, m)
                )
            ]
    return []


def _general_lien(ctx: ClauseContext) -> list[Finding]:
    """The other side may hold all our goods in its possession for any sum we owe (a general lien)."""
    for s, m in ctx.find(PATTERNS["general_lien"]):
        # The holder is the one given the right, not the owner named with the goods: in "乙方有权对甲方所有
        # 货物行使留置权" the match opens at "所有货物", right after 甲方; read the actor at the permission.
        perms = [p for p in re.finditer(PATTERNS["lien_permission"], s.text[: m.end()], re.I)]
        holder = ctx.actor(s, perms[-1].start() if perms else m.start())
        if holder is None:
            named = [x for x in ctx.parties.mentions(s.text[: m.end()]) if x.side in {"us", "them"}]
            holder = named[0].side if named else None
        if ctx.parties.theirs(holder) and ctx.parties.pays:
            return [WORDING.finding(ctx, "general_lien", "payment_terms_unfavourable", "medium", span(s, m))]
    return []


def _bill_as_payment(ctx: ClauseContext) -> list[Finding]:
    """A bill or note the other side hands us counts as its payment: if it is dishonoured, we bear it."""
    for s, m in ctx.find(PATTERNS["bill_as_payment"]):
        if not _paid_to_us(ctx, s, m.start()):
            continue
        return [WORDING.finding(ctx, "bill_as_payment", "payment_terms_unfavourable", "high", span(s, m))]
    return []


# A large last instalment paid only when the warranty has run: "the remaining 30% within 30 days
# after the expiry of the warranty period", "剩余30%在质保期届满后支付".
_AFTER_WARRANTY = PATTERNS["after_warranty"]


def _held_until_warranty_ends(ctx: ClauseContext) -> list[Finding]:
    """More than a usual retention of the price withheld until the warranty period ends."""
    for s, m in ctx.find(_AFTER_WARRANTY):
        if not _paid_to_us(ctx, s, m.start()):
            continue
        # the percentage of the trigger's own limb ("…, and the remaining 30% within 30 days after …")
        limb_start = max(s.text.rfind(p, 0, m.start()) for p in (";", "；", ",", "，")) + 1
        share = _instalment_share(s.text, m, since=limb_start, after=30)
        if share is None or VETOES.applies("usual_retention", share.value <= 10):
            continue
        return [
            WORDING.finding(
                ctx,
                "held_until_warranty_ends",
                "payment_terms_unfavourable",
                "medium",
                span(s, share.start),
                share=share.value,
            )
        ]
    return []


# Paying late at no cost: "发包人逾期支付设计费的，不承担任何违约责任", "no interest shall accrue on late payments"
_LATE_PAYMENT_FREE = PATTERNS["late_payment_free"]


def _late_payment_free(ctx: ClauseContext) -> list[Finding]:
    """The other side may pay us late without interest or any liability."""
    for s, m in ctx.find(_LATE_PAYMENT_FREE):
        if not _paid_to_us(ctx, s, m.start()):
            continue
        return [WORDING.finding(ctx, "late_payment_free", "payment_terms_unfavourable", "medium", span(s, m))]
    return []
