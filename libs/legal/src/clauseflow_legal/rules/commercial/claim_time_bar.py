"""The claim_time_bar rule (commercial): Entitlements lost unless notice is given within a short period (incl. PC amendments shortening it)."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import itertools
import re

from clauseflow_legal.figures import Period, find_periods, fmt_period
from clauseflow_legal.positions import MarketPosition, market_positions, perspectives
from clauseflow_legal.rules.amendments import amendments
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.commercial.common import BAR, FEES_FORFEITED, LIMITATION_BAR
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "claim_time_bar",
    {
        "their_claims_shortened": "the shortened notice period is for claims only the counterparty makes",
        "ma_buyer_claim_notice": "a seller's claim-notice limits on a buyer are ma_claim_limitations_unfavourable's",
        "period_not_short": "28 days or more to act (12 months to sue, 6 months to invoice earned fees)",
        "mutual_without_sides": "a bar on both sides in a contract where neither side buys nor sells",
    },
)

# How close after a later period of a sentence its own bar stands ("… within fifteen (15) days after
# delivery of the monthly report to which it relates is irrevocably waived").
_OWN_BAR = 120
# What a claimant must do in time: give notice, claim, sue, invoice.
_CLAIM_STEP = PATTERNS["claim_step"]
# A sentence whose bar refers to the period of the sentence before: "within such period", "If it does not".
_POINTS_BACK = PATTERNS["points_back"]


@rule(reports={"claim_time_bar"})
def claim_time_bar(ctx: ClauseContext) -> list[Finding]:
    """Entitlements lost unless notice is given within a short period (incl. PC amendments shortening it)."""
    shortened = _period_shortened(ctx)
    if shortened is not None:
        where, was, now = shortened
        return [
            WORDING.finding(
                ctx,
                "period_shortened",
                "claim_time_bar",
                "high",
                where,
                period=fmt_period(was),
                period_2=fmt_period(now),
            )
        ]
    if VETOES.applies("ma_buyer_claim_notice", ctx.domain == "sha_spa" and ctx.parties.is_role("buyer")):
        return []
    units = {"day", "business day", "week", "month", "year", "hour"}
    bar_position = _bar_position(ctx)
    claim_floor = bar_position.walk_away if bar_position is not None else None
    for before, s in zip([None, *ctx.sentences], ctx.sentences, strict=False):
        text = s.text
        notice = re.search(_CLAIM_STEP, text, re.I) or (
            # "… shall give notice … within seven days. If it does not, it shall not be entitled …"
            before is not None
            and re.search(_POINTS_BACK, text, re.I)
            and re.search(_CLAIM_STEP, before.text, re.I)
        )
        bar = re.search(BAR, text, re.I) or re.search(PATTERNS["challenge_lapses"], text, re.I)
        # "conclusive unless the Lessee disputes it within ...": the objection is the step
        # ... and later claims are lost with it ("no claim shall lie after that period"): a statement merely
        # binding unless disputed is a deemed acceptance (deemed_acceptance_or_waiver), not a claim lost
        objection = (
            bar is not None
            and bool(bar.groupdict().get("objects"))
            and re.search(PATTERNS["later_claims_lost"], text, re.I) is not None
        )
        if bar is not None and bar.groupdict().get("objects") and not objection:
            continue  # binding unless disputed, and nothing said of later claims: deemed_acceptance's
        if not (notice or objection) or not bar:
            continue
        periods = [p for p in find_periods(text) if p.unit in units]
        quote = span(s, periods[0].start) if periods else None
        if not periods and before is not None and re.search(_POINTS_BACK, text, re.I):
            # "within such period" points back: the period and its bar in two sentences are quoted
            # together, so a redline can change the period
            periods = [p for p in find_periods(before.text) if p.unit in units]
            quote = Sentence(ctx.text[before.start : s.start + len(text)], before.start)
        if not periods or quote is None:
            continue
        # the text the periods were read in: the sentence, or the one before that it points back to
        source = text if quote.start >= s.start else ctx.text[quote.start : s.start]
        period = periods[0]
        give_rx = r"(?:give|gives|given|giving|serve|submit|notif\w*|bring|brought|commence|invoice|render|发出|提出|提交|通知)"
        give = re.search(give_rx, text, re.I)
        side = ctx.actor(s, give.start()) if give else None
        if side is None and before is not None and quote.start == before.start:
            # the period's sentence says who must act: "The Consultant shall submit each invoice within…";
            # the act is the one nearest before the period, not a word in a defined term that opens the
            # sentence ("an extension of the Defects Notification Period, the Employer shall give notice within…")
            earlier = next(
                reversed([g for g in re.finditer(give_rx, before.text, re.I) if g.start() < period.start]),
                None,
            ) or re.search(give_rx, before.text, re.I)
            side = ctx.actor(before, earlier.start()) if earlier else None
        # "Any claim by the Franchisee … shall be barred unless proceedings are issued": the claimant
        claim_by = re.search(PATTERNS["claim_by"], text, re.I)
        by_whom = ctx.parties.mentions(text[claim_by.end() : claim_by.end() + 40]) if claim_by else []
        if by_whom and by_whom[0].start == 0 and by_whom[0].side in {"us", "them", "mutual"}:
            side = by_whom[0].side
        elif not by_whom:
            # "No claim may be brought against the Provider more than six months after…": the
            # claimant is the other side of the one the claim is against
            against = re.search(PATTERNS["claim_against"], text, re.I)
            named = ctx.parties.mentions(text[against.end() : against.end() + 40]) if against else []
            if named and named[0].start == 0 and named[0].side in {"us", "them", "mutual"}:
                side = "us" if named[0].side == "them" else "them" if named[0].side == "us" else "mutual"
        if re.match(PATTERNS["discharged"], bar.group(0), re.I) and not (by_whom and by_whom[0].start == 0):
            # "The Provider shall be discharged from all liability unless suit is brought": the party
            # released is named before the bar; the claim it escapes is the other side's
            released = ctx.parties.side_before(text, bar.start())
            side = "us" if released == "them" else "them" if released == "us" else None
        if side is None and bar is not None and objection:
            # the one who must object: "unless the Lessee disputes it", "unless queried by the Lessee"
            side = ctx.actor(s, bar.start("objects"))
            by = re.match(r"\s+by\s+", text[bar.end("objects") :])
            named = ctx.parties.mentions(text[bar.end("objects") + by.end() :][:40]) if by else []
            if side is None and named and named[0].start == 0:
                side = named[0].side
        # earned fees lost for a late invoice: the loser is the one who invoices, not the payer the bar frees
        # ("Vendor must invoice within ninety days; Client shall have no obligation to pay any invoice received later")
        fees_lost = re.match(FEES_FORFEITED, text[bar.start() :], re.I) is not None
        if side is None and fees_lost and (invoice := re.search(PATTERNS["invoice_step"], text, re.I)):
            invoicer = ctx.actor(s, invoice.start())
            side = invoicer if invoicer in ("us", "them") else None
        if side is None:
            side = ctx.parties.side_before(text, bar.start())
        if (
            side is None
            and not ctx.parties.sides_in(text) & {"us", "them"}
            and re.search(PATTERNS["challenge_lapses"], text, re.I)
        ):
            # "Any arbitration must be commenced within ninety days …, failing which the decision shall be final":
            # naming no one, the bar binds whichever party would challenge, us included
            side = "mutual"
        if not (ctx.parties.ours(side) or side == "mutual"):
            continue
        # "No action … may be brought more than ninety days after": a limitation period, whatever its unit
        limitation = re.fullmatch(LIMITATION_BAR, bar.group(0), re.I) is not None
        # One sentence may bar two claims, each with its own period ("any action … must be commenced
        # within twelve months, and any credit not claimed within fifteen days is waived"): each
        # later period is judged with the step it is the deadline of, the words since the period
        # before it (the first with the whole sentence, as a single period always was), and counts
        # only with its own bar close after it: a deadline to deliver a statement is no claim window
        # because a forfeiture stands at the far end of the sentence.
        steps = [source] + [source[a.end : b.start] for a, b in itertools.pairwise(periods)]
        # a year's account (certificate, statement of costs) made conclusive unless we object in time
        account = re.search(PATTERNS["account_conclusive"], text, re.I) is not None
        shorts = [
            p
            for i, (p, step) in enumerate(zip(periods, steps, strict=True))
            if _short(p, step, fees_lost, limitation, claim_floor, account=account)
            and (i == 0 or re.search(BAR, source[p.end : p.end + _OWN_BAR], re.I))
        ]
        if VETOES.applies("period_not_short", not shorts):
            continue
        if shorts[0] is not period:
            period = shorts[0]
            if quote.start >= s.start:  # quoted from this sentence: around the period that bars
                quote = span(s, period.start)
        if VETOES.applies(
            "mutual_without_sides",
            side == "mutual" and not ctx.parties.buy_side and not ctx.parties.sell_side,
        ):
            continue
        return [
            Finding(
                "claim_time_bar",
                "high" if ctx.parties.ours(side) else "medium",
                quote,
                ctx.t(
                    f"{ctx.us} loses fees it has earned unless it invoices within {fmt_period(period)}."
                    if fees_lost
                    else f"{ctx.us} loses its claim unless it acts within {fmt_period(period)}.",
                    f"{ctx.us}须在{fmt_period(period)}内开具发票，否则丧失已赚取的费用。"
                    if fees_lost
                    else f"{ctx.us}须在{fmt_period(period)}内采取行动，否则丧失索赔权。",
                ),
                WORDING.t(ctx, "why"),
                WORDING.t(ctx, "market"),
            )
        ]
    return []


def _bar_position(ctx: ClauseContext) -> MarketPosition | None:
    """The playbook's period to bring a claim for our side of the deal: a builder's 14-day floor for
    notifying its claims is no floor for the Employer, whose claims for delay damages and defects the
    market does not bar within a month (None: no position for our side, the 28-day reading applies)."""
    ours = perspectives(ctx.parties)
    return next(
        (
            p
            for p in market_positions(ctx.domain, ctx.title).get("claim_bar_period", [])
            if ours.intersection(p.perspective) and not ours.intersection(p.not_for)
        ),
        None,
    )


def _period_shortened(ctx: ClauseContext) -> tuple[Sentence, Period, Period] | None:
    """Particular Conditions that shorten a notice period of ours: the quote, the period before and after."""
    # An instruction amending our claim sub-clause ("In Sub-Clause 20.1, replace "28 days" with "14
    # days""): a notice period of ours cut below the playbook's standard
    position = _bar_position(ctx)
    for amendment in amendments(ctx):
        was, now = amendment.old, amendment.new
        if (
            amendment.subject.name == "claim_notice"
            and amendment.effect == "shortened"
            and was is not None
            and now is not None
            and now.days < (position.standard if position else 28)
            and amendment.ours(ctx)
        ):
            return amendment.quote, was, now
    # A substitution of a shorter period in a clause that is not only the other side's claims.
    for s, m in ctx.find(PATTERNS["period_substituted"]):
        old = find_periods(m.group("old") or m.group("old2") or "")
        new = find_periods(m.group("new") or m.group("new2") or "")
        if old and new and new[0].days < old[0].days:
            claimant = ctx.parties.sides_in(ctx.title + " " + ctx.text[:200])
            if VETOES.applies("their_claims_shortened", claimant == {"them"} and ctx.parties.known):
                continue
            return span(s, m), old[0], new[0]
    return None


def _short(
    period: Period,
    step: str,
    fees_lost: bool,
    limitation: bool = False,
    claim_floor: float | None = None,
    *,
    account: bool = False,
) -> bool:
    """Is ``period`` short for the step it is the deadline of (``step``: the words that lead to it)?

    ``claim_floor``: the playbook's walk-away period, in days, for bringing a claim before it is lost
    (``claim_bar_period``), applied when the step is a claim for the other side's breach itself, not
    a notice of an event.
    """
    if fees_lost:
        return period.months < 6  # earned fees forfeited for a late invoice: under six months is harsh
    if account:
        return period.days < 60  # a year's account to check against its vouchers: under two months is harsh
    if re.search(PATTERNS["exit_right"], step, re.I):
        return period.months < 6  # an exit right (redemption, put) lost unless exercised within months
    if claim_floor is not None and re.search(PATTERNS["breach_claim"], step, re.I):
        return period.days < claim_floor
    if limitation or re.search(PATTERNS["lawsuit"], step, re.I):
        return period.months < 12  # a contractual limitation period, in days or months: under a year is harsh
    if re.search(PATTERNS["proceedings"], step, re.I) and period.unit in {"month", "year"}:
        return period.months < 12  # a contractual limitation period: under a year is harsh
    return period.days < 28
