"""The liquidated_damages rule (liability): Damages, penalties or fees payable by us that are uncapped, not exclusive, high or fault-free."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_amounts, find_percents, find_periods
from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.liability.common import PENALTY_ZH
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "liquidated_damages",
    {
        "mutual_without_high_rate": "damages both sides owe alike, at no excessive rate: a balanced provision",
    },
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
_NOT_EXCLUSIVE = PATTERNS["not_exclusive"]


def _large_share_of_price(text: str) -> float | None:
    """A share of the whole price above the usual 10-15% ("按转让价款总额的30%", "20% of the Contract Price")."""
    for p in find_percents(text):
        after = re.match(
            PATTERNS["of_the_price_after"],
            text[p.end :],
            re.I,
        )
        before = re.search(PATTERNS["of_the_price_before"], text[max(0, p.start - 12) : p.start])
        if (after or before) and p.value > 15:
            return p.value
    return None


# A fee measured in years of the contract's fees: "equal to the total fees paid in the preceding 5
# years", "three years' management fees", "相当于前三年的管理费".
_YEARS_OF_FEES = PATTERNS.compiled("years_of_fees")


def _years_of_fees(text: str) -> float | None:
    """How many years of fees a lump sum is measured by, when it says."""
    m = _YEARS_OF_FEES.search(text)
    if m is None:
        return None
    word = m.group("n") or m.group("n2") or m.group("n3") or ""
    periods = find_periods(f"{word} years" if not m.group("n3") else f"{word}年")
    return periods[0].value if periods else None


def _remaining_charges_all(text: str) -> bool:
    """Every amount of the rest of the term charged as the price of ending early (a refund of it is no charge)."""
    return bool(
        re.search(PATTERNS["remaining_charges_all"], text, re.I)
        and not re.search(PATTERNS["remaining_charges_refunded"], text, re.I)
    )


@rule(reports={"liquidated_damages_excessive"})
def liquidated_damages(ctx: ClauseContext) -> list[Finding]:
    """Damages, penalties or fees payable by us that are uncapped, not exclusive, high or fault-free."""
    for s, m in ctx.find(_LD):
        payer = _ld_payer(ctx, s, m)
        if not (ctx.parties.ours(payer) or payer == "mutual"):
            continue
        signals = _ld_signals(ctx, s, m)
        if VETOES.applies(
            "mutual_without_high_rate",
            payer == "mutual" and not any("rate" in x or "费率" in x for x in signals),
        ):
            continue
        if not signals:
            continue
        return [_ld_finding(ctx, _ld_quote(ctx, s, m), signals)]
    # the charges of the rest of the term, payable on an early ending though no fee or damages are named
    # ("the Customer shall pay the Charges that would have been payable for the remainder of the Minimum Term")
    # ("all Fees for the remaining Term shall become immediately due and payable": due from whoever pays the fees)
    for s, m in ctx.find(PATTERNS["remaining_charges_all"]):
        if not _remaining_charges_all(s.text):
            continue
        payer = (
            _ld_payer(ctx, s, m)
            if re.search(PATTERNS["pays_actively"], s.text, re.I)
            else "us"
            if ctx.parties.pays
            else "them"
            if ctx.parties.supplies
            else None
        )
        if not ctx.parties.ours(payer):
            continue
        return [_ld_finding(ctx, s, _ld_signals(ctx, s, m))]
    return []


def _ld_payer(ctx: ClauseContext, s: Sentence, m: re.Match[str]) -> Side | None:
    """Who pays the damages, fee or interest ``m`` names: the payer, or the other side of the one who charges."""
    text = s.text
    pay = re.search(PATTERNS["pay_verb"], text, re.I)
    payer = ctx.actor(s, pay.start() if pay else m.start())
    # "贷款人有权…按日千分之三计收罚息", "the Lender may charge default interest": the one who
    # charges is paid; the other side pays
    charge = None if pay else re.search(PATTERNS["charge_verb"], text, re.I)
    if charge:
        receiver = ctx.actor(s, charge.start())
        payer = "us" if receiver == "them" else "them" if receiver == "us" else payer
    by = re.search(PATTERNS["payable_by"], text, re.I)
    if by:
        ms = ctx.parties.mentions(text[by.end() : by.end() + 50])
        if ms:
            payer = ms[0].side
    if (
        payer is None
        and re.search(PATTERNS["delay_damages"], m.group(0), re.I)
        and ctx.parties.is_role("contractor")
    ):
        payer = "us"  # delay damages are the contractor's by definition
    if payer is None and _remaining_charges_all(text):
        # the charges of the rest of the term are paid by whoever pays the charges
        payer = "us" if ctx.parties.pays else "them" if ctx.parties.supplies else None
    if (
        payer is None
        and re.search(PATTERNS["interest"], m.group(0), re.I)
        and re.search(PATTERNS["overdue"], text, re.I)
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
        signals.append(WORDING.t(ctx, "not_exclusive"))
    # the LD provision: this sentence and the two after it (a cap or its absence is stated there,
    # not in some unrelated sub-clause of the same article)
    following = [x.text for x in ctx.sentences if x.start >= s.start][:3]
    provision = " ".join(following) or text
    uncapped = re.search(
        PATTERNS["uncapped"],
        provision,
        re.I,
    )
    capped = re.search(PATTERNS["capped"], clause, re.I) and not uncapped
    per_period = re.search(
        PATTERNS["per_period"],
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
            if not re.search(PATTERNS["cap_before_rate"], text[max(0, p.start - 60) : p.start], re.I):
                daily.append((p.value, p.value / per_day))
                break
    # Late-payment charges run until payment by nature, so their measure is the rate: above about
    # 0.1% a day (36% a year) they punish rather than compensate; 万分之五 a day is market practice.
    late_payment = re.search(
        PATTERNS["late_payment"],
        text,
        re.I,
    )
    if daily and daily[0][1] > (0.1 if late_payment else 0.5):
        per = {7.0: ("week", "周"), 30.0: ("month", "月")}.get(daily[0][0] / daily[0][1], ("day", "日"))
        signals.append(WORDING.t(ctx, "high_rate", daily=daily[0][0], per=per[0], per_2=per[1]))
    lump = None if per_period else _large_share_of_price(text)
    if lump is not None:
        any_breach = re.search(
            PATTERNS["any_breach"],
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
        signals.append(WORDING.t(ctx, "no_cap"))
    cap_pct = [
        p
        for p in find_percents(clause)
        if re.search(PATTERNS["cap_before_percent"], clause[max(0, p.start - 80) : p.start], re.I)
    ]
    if cap_pct and cap_pct[0].value > 15:
        signals.append(WORDING.t(ctx, "high_cap", cap_pct=cap_pct[0].value))
    if re.search(
        PATTERNS["fault_free"],
        text,
        re.I,
    ):
        signals.append(WORDING.t(ctx, "fault_free"))
    if _remaining_charges_all(text):
        signals.append(WORDING.t(ctx, "remaining_charges_all"))
    per_breach = _per_breach_sum(text)
    if per_breach is not None:
        signals.append(WORDING.t(ctx, "per_breach_sum", amount=f"{per_breach:,.0f}"))
    years_of_fees = _years_of_fees(text)
    if years_of_fees is not None and years_of_fees >= 2:
        signals.append(WORDING.t(ctx, "years_of_fees", years_of_fees=years_of_fees))
    if re.search(
        PATTERNS["on_demand"],
        text,
        re.I,
    ) and re.search(PATTERNS["fixed_sum"], text):
        signals.append(WORDING.t(ctx, "sum_on_demand"))
    return signals


# A fixed sum owed again for every breach at or above this (in the contract's currency) is no pre-estimate
# of a loss: the count of breaches, not the harm, sets what is paid (RMB 5,000 or USD 500 a violation is a
# service charge; RMB 500,000 a breach is a penalty).
_PER_BREACH_FLOOR = 100_000


def _per_breach_sum(text: str) -> float | None:
    """The fixed sum charged for each breach or each occurrence, when it is large."""
    each = re.search(PATTERNS["per_breach"], text, re.I)
    if each is None:
        return None
    sums = [a.value for a in find_amounts(text) if a.value >= _PER_BREACH_FLOOR]
    return sums[0] if sums else None


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
        WORDING.t(ctx, "why"),
        ctx.t(
            "Signals found in the clause: "
            + "; ".join(signals)
            + ". Playbook: cap at about 10% of the price, sole and exclusive remedy.",
            "条款中识别到：" + "；".join(signals) + "。行业立场：上限约为价款的10%，且为唯一救济。",
        ),
    )
