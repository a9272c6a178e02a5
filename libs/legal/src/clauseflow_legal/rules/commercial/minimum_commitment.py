"""The minimum_commitment rule (commercial): Minimum purchase, take-or-pay or shortfall payments binding us."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, names_only, span
from clauseflow_legal.rules.packs import Vetoes, patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)
VETOES = Vetoes(
    "minimum_commitment",
    {
        "commitment_denied": '"shall have no obligation to order any minimum quantity": the commitment is denied',
        "heading_or_definition": 'a heading ("MINIMUM PURCHASES") or a definition binds no one',
        "balancing_payment": "the shortfall is between a sum paid on account and the figure fixed later (a reviewed rent, a reconciled account), not a volume",
        "price_adjustment": "a shortfall of net assets or working capital against a target adjusts a share price; nothing is bought",
        "order_size": '"a minimum order of 500 units", "minimum order quantities": the size of one order, no promise to order',
        "sellers_due": "we sell, license or provide: a purchase floor binds the buyer, a volume owed to us",
    },
)


def _we_pay_the_shortfall(ctx: ClauseContext, text: str, m: re.Match[str]) -> bool:
    """A seller or provider that guarantees a volume and pays for the shortfall itself ("failing which the
    Provider shall pay the Company the charges for the shortfall"): the floor binds us, whatever our role."""
    pay = re.search(PATTERNS["we_pay"], text[m.start() :], re.I)
    return pay is not None and ctx.parties.ours(ctx.parties.side_before(text, m.start() + pay.start()))


@rule(reports={"minimum_commitment"})
def minimum_commitment(ctx: ClauseContext) -> list[Finding]:
    """Minimum purchase, take-or-pay or shortfall payments binding us."""
    for s, m in ctx.find(PATTERNS["commitment"]):
        if VETOES.applies(
            "commitment_denied", re.search(PATTERNS["obligation_denied_before"], s.text[: m.start()], re.I)
        ):
            continue
        if VETOES.applies("heading_or_definition", names_only(s.text)):
            continue
        if VETOES.applies(
            "balancing_payment",
            "shortfall" in m.group(0).casefold() and re.search(PATTERNS["balancing_payment"], s.text, re.I),
        ):
            continue
        if VETOES.applies("price_adjustment", re.search(PATTERNS["price_adjustment"], s.text)):
            continue
        if VETOES.applies(
            "order_size",
            re.match(PATTERNS["order_size_kind"], m.group(0), re.I)
            and not re.search(PATTERNS["over_a_period"], s.text, re.I),
        ):
            continue
        if VETOES.applies(
            "sellers_due",
            ctx.parties.sell_side
            and not ctx.parties.buy_side  # a description that reads as both sides gives no side to rely on
            and not re.search(PATTERNS["sales_target"], m.group(0), re.I)
            and not _we_pay_the_shortfall(ctx, s.text, m),
        ):
            continue
        side = ctx.actor(s, m.start())
        if side is None and re.match(PATTERNS["whatever_the_use"], m.group(0)):
            # "无论实际使用量如何，甲方每年应支付…不低于…": the commitment leads, its subject follows
            after = [
                x for x in ctx.parties.mentions(s.text[m.start() :]) if x.side in {"us", "them", "mutual"}
            ]
            side = after[0].side if after else None
        if ctx.parties.ours(side) or (side is None and ctx.parties.buy_side):
            return [
                WORDING.finding(
                    ctx, "commitment", "minimum_commitment", "medium", span(s, m), matched=m.group(0)
                )
            ]
    return []
