"""The termination_for_convenience rule (termination): The counterparty may end the contract without cause, on short notice or to re-let the work."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods, fmt_period
from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import (
    MODAL,
    TWO_SUBJECTS,
    ClauseContext,
    Finding,
    span,
)
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "termination_for_convenience",
    {
        "paid_for_work_done": "we are paid for what we did and committed: the upstream ending is a fair one",
        "names_the_event": '"up to the termination date" names the event; the right is granted by a verb',
        "right_negated": '"the licences shall not terminate for any reason": no right at all',
        "non_renewal_at_term_end": "ending at the end of a term is declining to renew, auto_renewal's subject",
        "for_cause": "a right to end for cause (breach, default), not for convenience",
        "right_both_sides_hold": '"The Company or the Contractor may terminate": a right both sides hold',
        "cause_in_title": "an article about default names no convenience: its rights are for cause",
        "long_notice_with_profit": "30 days' notice or more, lost profit paid, the work not re-let",
        "infringement_remedy": "ending a licence when an infringement claim leaves no commercially reasonable fix is the market IP remedy",
    },
)

_TERMINATE = PATTERNS["terminate"]
_CONVENIENCE = PATTERNS["convenience"]
_CAUSE = PATTERNS["cause"]
# Ending the contract when its term runs out is not ending it early: it is declining to renew.
_AT_TERM_END = PATTERNS.compiled("at_term_end")
_NEGATED_BEFORE = PATTERNS.compiled("negated_before")
_RELET = PATTERNS["relet"]


_COMPENSATION = PATTERNS.compiled("compensation")
# What denies it just before: "without compensation", "no compensation", "不予补偿", "不得要求任何补偿".
_DENIED_BEFORE = PATTERNS.compiled("denied_before")


def _compensation_granted(text: str) -> re.Match[str] | None:
    """The first mention of compensation on termination that the text grants rather than denies
    (the denial may head a list the mention ends: "no claim for loss of profit, redundancy costs or
    any other compensation")."""
    for m in _COMPENSATION.finditer(text):
        if not _DENIED_BEFORE.search(text[max(0, m.start() - 120) : m.start()]):
            return m
    return None


def _own_words(text: str, verb: re.Match[str]) -> str:
    """The words that qualify this termination verb: from its modal ("may, at any time, terminate")
    to the next termination verb, so "shall not terminate for any reason unless the Vendor
    terminates" does not lend the first verb's "for any reason" to the second."""
    lo = max(0, verb.start() - 80)
    earlier = [e.end() for e in re.finditer(_TERMINATE, text[lo : verb.start()], re.I)]
    floor = lo + earlier[-1] if earlier else lo
    modals = [mm.start() for mm in MODAL.finditer(text, floor, verb.start())]
    start = modals[-1] if modals else verb.start()
    later = re.search(_TERMINATE, text[verb.end() : verb.end() + 150], re.I)
    return text[start : verb.end() + (later.start() if later else 150)]


_JUDGEMENT = PATTERNS.compiled("own_judgement")
_BUSINESS_JUDGEMENT = PATTERNS.compiled("business_judgement")
# where the judged matter ends: the condition's comma, or the verb it conditions
_JUDGED_END = re.compile(r"[,;，；]|\b(?:may|shall|will|then)\b|可以|有权|可")


def _own_judgement(ctx: ClauseContext, text: str) -> bool:
    """Whether the ending turns on the counterparty's own business judgement, not on anything of ours.

    "if the Distributor decides that the line no longer suits its range" is a decision the
    counterparty takes alone about its own affairs: no breach or default of ours triggers it, so the
    right it conditions is one of convenience. A view about us or our performance ("if the Buyer
    determines that the Supplier's goods are below standard"), or about quality, misuse or conduct,
    is a right for cause judged by one side and does not count.
    """
    if VETOES.applies("infringement_remedy", re.search(PATTERNS["infringement"], ctx.text, re.I)):
        return False
    for judged in _JUDGEMENT.finditer(text):
        before = re.split(r"[,;，；]", text[max(0, judged.start() - 60) : judged.start()])[-1]
        judges = ctx.parties.mentions(before)
        if judges and not ctx.parties.theirs(judges[-1].side):
            continue
        end = _JUDGED_END.search(text, judged.end())
        matter = text[judged.end() : end.start() if end else len(text)]
        if any(ctx.parties.ours(side) for side in ctx.parties.sides_in(matter)):
            continue
        if _BUSINESS_JUDGEMENT.search(matter):
            return True
    return False


# The contract falls with the counterparty's own contract upstream (a subcontract with its main
# contract, work for the employer's project) and we may claim nothing: an ending outside our control
# with the effect of a termination for convenience without compensation.
_UPSTREAM_END = PATTERNS["upstream_end"]
_NO_CLAIM = PATTERNS["no_claim"]


def _upstream_end_without_compensation(ctx: ClauseContext) -> list[Finding]:
    """The counterparty ends the contract when its upstream contract ends, and we may claim nothing."""
    for s in ctx.sentences:
        text = s.text
        upstream = re.search(_UPSTREAM_END, text, re.I)
        verb = re.search(_TERMINATE, text, re.I)
        denied = re.search(_NO_CLAIM, text, re.I)
        if not (upstream and verb and denied):
            continue
        if VETOES.applies("paid_for_work_done", re.search(PATTERNS["paid_for_work_done"], text, re.I)):
            continue
        if not ctx.parties.ours(ctx.actor(s, denied.start())):
            continue
        return [
            WORDING.finding(
                ctx,
                "upstream_end",
                "termination_for_convenience",
                "high",
                span(s, upstream),
            )
        ]
    return []


# The contract ends of itself when the party who orders does not order: an exit it controls.
_LAPSE = PATTERNS.compiled("lapse")
_LAPSE_AUTOMATIC = PATTERNS.compiled("lapse_automatic")
_NO_ORDER = PATTERNS.compiled("no_order")
_CONTRACT_SUBJECT = PATTERNS.compiled("contract_subject")


def _lapse_on_their_omission(ctx: ClauseContext) -> list[Finding]:
    """The contract lapses when the counterparty does not order: it may walk away by not ordering.

    Who omits is the party named before the omission ("if the Customer fails to order"); a
    sentence naming nobody ("连续三个月未下达订单的") means the party who orders, the buyer. An ending
    on our own omission (our minimum purchases) is a performance term, not this.
    """
    for s in ctx.sentences:
        text = s.text
        lapse = _LAPSE.search(text)
        omission = _NO_ORDER.search(text)
        if not (lapse and omission and _LAPSE_AUTOMATIC.search(text)):
            continue
        # what lapses is the contract, not a right of theirs ("the exclusivity shall automatically
        # terminate if the Distributor fails to purchase the minimum" takes a benefit from them)
        if not _CONTRACT_SUBJECT.search(text[max(0, lapse.start() - 80) : lapse.start()]):
            continue
        omitter = _omitter(ctx, s, omission)
        if not ctx.parties.theirs(omitter):
            continue
        denied = re.search(_NO_CLAIM, text, re.I)
        if denied and not ctx.parties.ours(ctx.actor(s, denied.start())):
            denied = None
        return [
            WORDING.finding(
                ctx,
                "lapse_on_their_omission",
                "termination_for_convenience",
                "high" if denied else "medium",
                span(s, 0),
            )
        ]
    return []


def _omitter(ctx: ClauseContext, sentence: Sentence, omission: re.Match[str]) -> Side | None:
    """Who fails to order: the party named just before the omission, else the side that buys."""
    before = re.split(r"[,;，；。]|\b(?:if|where|when|unless)\b", sentence.text[: omission.start()])[-1]
    named = [m for m in ctx.parties.mentions(before) if m.side in ("us", "them")]
    if named:
        return named[-1].side
    if ctx.parties.supplies:
        return "them"
    if ctx.parties.pays:
        return "us"
    return None


@rule(reports={"termination_for_convenience"})
def termination_for_convenience(ctx: ClauseContext) -> list[Finding]:
    """The counterparty may end the contract without cause, on short notice or to re-let the work."""
    for s, m in ctx.find(_TERMINATE):
        text = s.text
        if VETOES.applies(
            "names_the_event",
            (
                m.group(0).lower() == "termination"
                and not re.search(
                    PATTERNS["right_before_noun"], text[max(0, m.start() - 40) : m.start()], re.I
                )
            )
            # "If this Agreement expires or is terminated for any reason, then …": a condition, not a right
            or (
                m.group(0).lower() == "terminated"
                and re.search(
                    PATTERNS["event_passive_before"], text[max(0, m.start() - 60) : m.start()], re.I
                )
                is not None
            ),
        ):
            continue
        if VETOES.applies("right_negated", _NEGATED_BEFORE.search(text[max(0, m.start() - 20) : m.start()])):
            continue
        # The words that make it "for convenience" belong to this verb, not to another one in the sentence.
        near = _own_words(text, m)
        if VETOES.applies("non_renewal_at_term_end", _AT_TERM_END.search(near)):
            continue
        conv = re.search(_CONVENIENCE, near, re.I)
        notice_only = re.search(
            PATTERNS["notice_only"],
            text,
            re.I,
        )
        if not conv and not notice_only and not _own_judgement(ctx, text):
            continue
        # "in that event" after the verb points back to a cause ("may terminate in that event on notice"),
        # unless it sits in a later coordinate clause about the ending itself ("..., and its only liability
        # in that event is ...")
        own_clause = re.split(PATTERNS["next_coordinate_clause"], text[m.end() :], maxsplit=1)[0]
        cause = re.search(_CAUSE, re.sub(PATTERNS["remedy_not_cause"], "", text), re.I) or re.search(
            PATTERNS["cause_before"], f"{text[: m.start()]} {own_clause}", re.I
        )
        if VETOES.applies("for_cause", cause and not conv):
            continue
        # "may at any time terminate for breach" is termination for cause
        if VETOES.applies(
            "for_cause", cause and not re.search(PATTERNS["convenience_or_without_cause"], text, re.I)
        ):
            continue
        side = ctx.actor(s, m.start())
        if not ctx.parties.theirs(side):
            continue
        subject = text[max(0, m.start() - 80) : m.start()]
        subject = re.split(r"[,;:]", subject)[-1]
        named = {x.alias.lower() for x in ctx.parties.mentions(subject)}
        if VETOES.applies(
            "right_both_sides_hold",
            re.search(PATTERNS["either_party"], subject, re.I)
            or TWO_SUBJECTS.search(subject)
            or (
                (len(named) >= 2 or {"us", "them"} <= ctx.parties.sides_in(subject))
                and re.search(PATTERNS["two_parties_joined"], subject)
            ),
        ):
            continue
        periods = [p for p in find_periods(text) if p.unit in {"day", "business day", "week", "month"}]
        notice_days = periods[0].days if periods else 0.0
        compensation = _compensation_granted(ctx.text)
        profit_denied = re.search(
            PATTERNS["profit_denied"],
            ctx.text,
            re.I,
        )
        profit = compensation is not None and not profit_denied
        relet = re.search(_RELET, ctx.text, re.I)
        if VETOES.applies(
            "cause_in_title", re.search(PATTERNS["cause_in_title"], ctx.title, re.I) and not conv
        ):
            continue
        if VETOES.applies("long_notice_with_profit", notice_days >= 30 and profit and not relet):
            continue
        level = "high" if (notice_days < 30 or not compensation or relet) else "medium"
        quote = s
        if relet:
            for other in ctx.sentences:
                if re.search(_RELET, other.text, re.I):
                    quote = other
                    break
        problems = []
        problems.append(
            WORDING.t(ctx, "short_notice", period=fmt_period(periods[0]))
            if periods
            else WORDING.t(ctx, "no_minimum_notice")
        )
        if not compensation:
            problems.append(WORDING.t(ctx, "no_compensation"))
        elif not profit:
            problems.append(WORDING.t(ctx, "no_lost_profit"))
        if relet:
            problems.append(WORDING.t(ctx, "relet"))
        return [
            Finding(
                "termination_for_convenience",
                level,
                span(quote, 0),
                ctx.t(
                    f"{ctx.them} may terminate without cause: " + "; ".join(problems) + ".",
                    f"{ctx.them}可无理由解除合同：" + "；".join(problems) + "。",
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    if re.search(PATTERNS["convenience_named"], ctx.title + " " + ctx.text, re.I):
        for s, m in ctx.find(
            _RELET
            + r"|shall\s+not\s+be\s+entitled\s+to\s+(?:any\s+)?(?:loss\s+of\s+)?profit|无权(?:要求)?.{0,10}(?:预期利润|可得利益)"
        ):
            side = ctx.actor(s, m.start())
            # their re-letting hurts us; a profit denied hurts the one denied it ("The Contractor shall
            # not be entitled to any loss of profit" is the Employer's protection, not its risk)
            denies_profit = re.search(PATTERNS["profit_word"], m.group(0)) is not None
            if ctx.parties.ours(side) if denies_profit else ctx.parties.theirs(side):
                return [
                    WORDING.finding(
                        ctx,
                        "relet_without_profit",
                        "termination_for_convenience",
                        "high",
                        span(s, m),
                    )
                ]
    return _upstream_end_without_compensation(ctx) or _lapse_on_their_omission(ctx)
