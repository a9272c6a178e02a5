"""The cost_escalation rule (commercial): A fixed price that leaves our party with change-in-law, tax, currency or input-cost risk."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.figures import find_periods
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "cost_escalation",
    {
        "adjustment_provided": "the price adjusts: by a mechanism, or as the contract provides elsewhere",
        "short_freeze": "a price held for a year or less, or for a term the clause does not state, and not against every cause",
        "loan_mechanics": "a borrower's tax gross-up or break costs: the lenders' market terms (LMA), not a cost passed on",
    },
)

_COST_DRIVER = PATTERNS["cost_driver"]
_NO_ADJUST = PATTERNS["no_adjust"]
_ADJUSTMENT_MECHANISM = PATTERNS["adjustment_mechanism"]


@rule(reports={"cost_escalation_change_in_law"})
def cost_escalation(ctx: ClauseContext) -> list[Finding]:
    """A fixed price that leaves our party with change-in-law, tax, currency or input-cost risk."""
    for s in ctx.sentences:
        text = s.text
        driver = re.search(_COST_DRIVER, text, re.I)
        freeze = re.search(_NO_ADJUST, text, re.I)
        if not driver or not freeze:
            continue
        if VETOES.applies(
            "adjustment_provided",
            re.search(_ADJUSTMENT_MECHANISM, text, re.I)
            or re.search(PATTERNS["except_as_provided"], text, re.I),
        ):
            continue
        # Who carries the cost: the party that bears it or may not ask for an adjustment;
        # a bare "the price is fixed" puts it on the party that is paid the price.
        bearer = None
        by = re.search(PATTERNS["borne_by"], text[max(0, freeze.start() - 2) : freeze.end() + 4], re.I)
        if by:
            tail = text[max(0, freeze.start() - 2) + by.end() : freeze.end() + 40]
            ms = [x for x in ctx.parties.mentions(tail) if x.side != "other" or not ctx.parties.known]
            bearer = ms[0].side if ms else None
        if bearer is None and re.search(
            PATTERNS["bears_or_may_not_claim"],
            freeze.group(0) + text[freeze.end() : freeze.end() + 20],
            re.I,
        ):
            bearer = ctx.actor(s, freeze.start())
        if bearer is None:
            if not ctx.parties.supplies and ctx.parties.known:
                continue
        elif not ctx.parties.ours(bearer):
            continue
        return [
            WORDING.finding(
                ctx, "fixed_price_risk", "cost_escalation_change_in_law", "medium", span(s, driver.start())
            )
        ]
    return _long_price_freeze(ctx) or _cost_passed_on(ctx)


def _long_price_freeze(ctx: ClauseContext) -> list[Finding]:
    """Our (the seller's) price may not rise for a long term or for any cause, no cost named.

    "在本合同有效期（五年）内，乙方不得上调产品单价"; "合同期内单价保持不变，乙方无权以任何理由要求涨价";
    "Prices shall remain fixed for the first three years". A year or less is an ordinary price list.
    """
    for s, m in ctx.find(PATTERNS["price_frozen"]):
        text = s.text
        if VETOES.applies("adjustment_provided", re.search(_ADJUSTMENT_MECHANISM, text, re.I)):
            continue
        longest = max((p.months for p in find_periods(text) if p.unit in {"month", "year"}), default=0.0)
        absolute = re.search(PATTERNS["for_any_cause"], text, re.I)
        if VETOES.applies("short_freeze", longest <= 12.5 and not absolute):
            continue
        named = [x for x in ctx.parties.mentions(text[: m.end()]) if x.side != "mutual"]
        seller = ctx.actor(s, m.start()) if named else None
        if seller is None:
            if not ctx.parties.supplies:
                continue
        elif not ctx.parties.ours(seller):
            continue
        return [
            WORDING.finding(
                ctx, "price_frozen", "cost_escalation_change_in_law", "medium", span(s, m.start())
            )
        ]
    return []


def _cost_passed_on(ctx: ClauseContext) -> list[Finding]:
    """We make good the other side's increased costs, taxes withheld or funding costs (a borrower's
    increased costs, gross-up and break costs): the cost of a change we do not control is ours.

    The payer is the actor of the paying verb before the cost ("The Borrower shall ... pay ... any
    Increased Costs"; "the payment due from the Company shall be increased to an amount which ...");
    clear when the other side pays it, when both do, or when no party is named.
    """
    for s, m in ctx.find(PATTERNS["cost_passed_on"]):
        # "…导致乙方费用增加的，合同价格应相应调整": the price moves with the cost, nothing is passed on
        # (the gross-up's own "shall be increased to an amount which" is the burden, not an adjustment)
        rest = s.text[: max(0, m.start() - 20)] + " " + s.text[m.end() :]
        if VETOES.applies("adjustment_provided", re.search(_ADJUSTMENT_MECHANISM, rest, re.I)):
            continue
        # a borrower's tax gross-up and break costs are the loan market's own terms (the LMA form,
        # exclusions apart); increased costs from a change in law stay a cost passed on
        if VETOES.applies(
            "loan_mechanics",
            re.search(PATTERNS["loan_mechanics"], m.group(0), re.I) is not None and ctx.parties.borrows,
        ):
            continue
        before = list(re.finditer(PATTERNS["payer_modal"], s.text[: m.start()], re.I))
        after = re.compile(PATTERNS["payer_modal"], re.I).search(s.text, m.end())
        modal = before[-1] if before else after
        if modal is None:
            continue
        payer = ctx.actor(s, modal.start())
        if not ctx.parties.known or payer is None or not ctx.parties.ours(payer):
            continue
        what = re.sub(r"\s+", " ", m.group(0)).strip()
        return [
            WORDING.finding(
                ctx,
                "cost_passed_on",
                "cost_escalation_change_in_law",
                "medium",
                span(s, m.start()),
                what=what,
            )
        ]
    return []
