"""The mfn rule (covenants): Most-favoured-customer or price restrictions on us."""

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
# the counterparty controls our prices: "set by" it, it "sets the prices X charges", it approves a discount
PRICE_CONTROLS = {
    "set_by": PATTERNS["set_by"],
    "sets_prices": PATTERNS["sets_prices"],
    "discount_approval": PATTERNS["discount_approval"],
}
VETOES = Vetoes(
    "mfn",
    {
        "pricing_freedom": '"乙方可自行决定产品转售价格": the clause gives pricing freedom, not takes it',
    },
)


@rule(reports={"mfn_or_price_restriction"})
def mfn(ctx: ClauseContext) -> list[Finding]:
    """Most-favoured-customer or price restrictions on us."""
    for s, m in ctx.find(PATTERNS["price_restriction"]):
        if VETOES.applies("pricing_freedom", re.search(PATTERNS["pricing_freedom"], s.text, re.I)):
            continue
        # the party that gives the price promise is the sentence's subject ("The Supplier shall
        # ensure that its prices ..."; "The Supplier's prices to the Customer shall be ...")
        subject = [x for x in ctx.parties.mentions(s.text[: m.start()]) if x.side in {"us", "them", "mutual"}]
        side = subject[0].side if subject else ctx.actor(s, m.start())
        if ctx.parties.ours(side):
            return [
                Finding(
                    "mfn_or_price_restriction",
                    "medium",
                    span(s, m),
                    WORDING.t(ctx, "mfn_given")
                    if re.search(PATTERNS["favoured"], m.group(0), re.I)
                    else WORDING.t(ctx, "prices_set_by_them")
                    if re.search(PATTERNS["prices_set"], m.group(0), re.I)
                    else WORDING.t(ctx, "price_floor"),
                    WORDING.t(ctx, "why"),
                    WORDING.t(ctx, "market"),
                )
            ]
    return _prices_controlled_by_them(ctx)


def _prices_controlled_by_them(ctx: ClauseContext) -> list[Finding]:
    """The counterparty sets the prices we sell at, or must approve our discounts."""
    for name, pattern in PRICE_CONTROLS.items():
        for s, m in ctx.find(pattern):
            if VETOES.applies("pricing_freedom", re.search(PATTERNS["pricing_freedom"], s.text, re.I)):
                continue
            if _controller(ctx, s, m, name) == "them" and _seller(ctx, s, m, name) in {"us", None}:
                return [
                    Finding(
                        "mfn_or_price_restriction",
                        "medium",
                        span(s, m),
                        WORDING.t(ctx, "discount_approved_by_them")
                        if name == "discount_approval"
                        else WORDING.t(ctx, "prices_set_by_them"),
                        WORDING.t(ctx, "why"),
                        WORDING.t(ctx, "market"),
                    )
                ]
    return []


def _side(ctx: ClauseContext, text: str, first: bool = True) -> str | None:
    """The side of the first (or last) party named in ``text`` that is us or them."""
    named = [x.side for x in ctx.parties.mentions(text) if x.side in {"us", "them"}]
    return (named[0] if first else named[-1]) if named else None


def _controller(ctx: ClauseContext, s: Sentence, m: re.Match[str], name: str) -> str | None:
    """Who sets the prices (or approves the discount)."""
    if name == "set_by":
        return _side(ctx, m.group("setter"))
    if name == "sets_prices":
        return ctx.actor(s, m.start())
    # the approver: "the Franchisor's written approval", "approval (email) from BOSCH", "consent of X"
    at = m.start("approval")
    owner = re.search(r"(?P<who>[^.;,]{1,60}?)(?:'s|’s)\s+(?:\w+\s+){0,3}$", s.text[max(0, at - 80) : at])
    if owner:
        return _side(ctx, owner.group("who"), first=False)
    after = re.match(r"[^.;,]{0,20}?\b(?:of|from|by)\s+(?P<who>[^.;,]{1,60})", s.text[m.end() :])
    return _side(ctx, after.group("who")) if after else None


def _seller(ctx: ClauseContext, s: Sentence, m: re.Match[str], name: str) -> str | None:
    """Who sells at the controlled prices (or gives the discount); ``None`` when the sentence names nobody."""
    if name == "set_by":
        # goods "sold to the Distributor at prices set by the Supplier": the seller's own price list
        to = re.search(r"\bto\s+(?P<who>[^.;,]{1,60})", m.group("sale"))
        if to and _side(ctx, to.group("who")) == "us":
            return "them"
        return _side(ctx, s.text[: m.start()])
    if name == "sets_prices":
        return _side(ctx, m.group("seller"))
    # "may be offered by the Franchisee without ...": the giver follows "by"; else the subject
    by = re.search(r"\bby\s+(?P<who>[^.;,]{1,60}?)\s+(?:without|requires?|need)\b", m.group(0))
    return _side(ctx, by.group("who")) if by else _side(ctx, s.text[: m.start()])
