"""What two or more rule families of the ma area share."""

from __future__ import annotations

import re

from clauseflow_legal.figures import Percent, find_percents
from clauseflow_legal.rules.base import ClauseContext
from clauseflow_legal.rules.packs import patterns_beside

PATTERNS = patterns_beside(__file__)

SELLER = PATTERNS["seller"]
# the company whose shares are sold or issued (see common.patterns.yaml)
ISSUER = PATTERNS["issuer"]


def shares_of_price(text: str, *, before: int) -> list[Percent]:
    """Percentages of the price: "5% of the Purchase Price", and "转让价款的百分之五" (price named first)."""
    return [
        p
        for p in find_percents(text)
        if re.search(
            PATTERNS["shares_of_price"],
            text[max(0, p.start - before) : p.end + 40],
            re.I,
        )
    ]


# What only a share or business sale speaks of: a clause of one read outside the share-deal domain.
SHARE_DEAL = PATTERNS["share_deal"]


def we_buy(ctx: ClauseContext) -> bool:
    """A buyer of shares or a business: a buyer of goods under a supply contract is not one.

    An investor subscribing for new shares buys them from the company: the conditions it pays
    against, the warranties it relies on and the limits on its claims are a buyer's.
    """
    if ctx.domain == "sha_spa":
        return ctx.parties.is_role("buyer", "investor") or not ctx.parties.known
    return ctx.parties.is_role("buyer", "investor") and re.search(SHARE_DEAL, ctx.text) is not None


def we_sell(ctx: ClauseContext) -> bool:
    """The seller of shares or a business: the warranties, their limits and the covenants are ours to give."""
    if not ctx.parties.is_role("seller"):
        return False
    return ctx.domain == "sha_spa" or re.search(SHARE_DEAL, ctx.text) is not None
