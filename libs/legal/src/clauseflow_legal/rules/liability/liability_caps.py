"""The liability_caps rule (liability): Caps too low for us as claimant, and carve-outs that leave our own liability unlimited."""

# ruff: noqa: E501  -- legal regexes and bilingual findings read better unbroken

from __future__ import annotations

import re

from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.liability.cap_carve_outs import carve_outs_against_us
from clauseflow_legal.rules.liability.cap_measure import (
    CAP,
    PER_ORDER,
    PER_WEIGHT,
    cap_basis,
    liable_side,
    low_cap,
    nominal_amount,
    nominal_cap,
)
from clauseflow_legal.rules.liability.cap_vetoes import VETOES
from clauseflow_legal.rules.liability.excluded_liability import (
    excluded_heads_of_loss,
    gross_fault_only,
    no_remedy_for_failed_services,
    no_remedy_for_their_delay,
    own_sphere_excluded,
    token_damages_to_us,
)
from clauseflow_legal.rules.liability.reserved_limits import limits_reserved_to_them
from clauseflow_legal.rules.liability.unlimited_liability import NO_LIMIT, unlimited_liability
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule
from clauseflow_legal.text import Sentence

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

_LIAB_WORD = PATTERNS["liability_word"]
# A ceiling actually set ("shall not exceed USD 1,000,000"), not one denied ("不设上限").
_STATED_CAP = PATTERNS["stated_cap"]


@rule(reports={"liability_cap_inadequate", "uncapped_liability"})
def liability_caps(ctx: ClauseContext) -> list[Finding]:
    """Caps too low for us as claimant, and carve-outs that leave our own liability unlimited."""
    out: list[Finding] = []
    their_cap: Sentence | None = None  # a cap on the counterparty that is not low in itself
    for s in ctx.sentences:
        is_cap = re.search(CAP, s.text, re.I) is not None and re.search(_LIAB_WORD, s.text, re.I) is not None
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
        side = liable_side(ctx, s)
        months, pct = cap_basis(s)
        # a cap measured neither in months of fees nor as a share of the price: by order, by weight, or a sum
        other_basis = is_cap and months is None and pct is None
        per_order = other_basis and PER_ORDER.search(s.text) is not None
        per_weight = PER_WEIGHT.search(s.text) if other_basis else None
        low = is_cap and (
            (months is not None and months < 12)
            or (pct is not None and pct < 100)
            or per_order
            or bool(per_weight)
        )
        nominal = nominal_amount(s.text) if other_basis and not per_weight else None
        if (
            is_cap
            and ctx.parties.theirs(side)
            and not low
            and nominal is None
            and their_cap is None
            and re.search(_STATED_CAP, s.text, re.I)
            and not re.search(NO_LIMIT, s.text, re.I)
        ):
            their_cap = s
        if nominal is not None and (ctx.parties.theirs(side) or side == "mutual"):
            out.append(nominal_cap(ctx, s, nominal))
            continue
        if low and (ctx.parties.theirs(side) or side == "mutual"):
            out.append(low_cap(ctx, s, side, months, pct, per_weight, per_order=per_order))
        out += carve_outs_against_us(ctx, s, side)
    out += excluded_heads_of_loss(ctx)
    unlimited = unlimited_liability(ctx) or limits_reserved_to_them(ctx)
    out += unlimited
    if (
        their_cap is not None
        and unlimited
        and not any(f.risk_type == "liability_cap_inadequate" for f in out)
    ):
        out.append(_asymmetric_caps(ctx, their_cap))
    out += token_damages_to_us(ctx)
    out += no_remedy_for_their_delay(ctx)
    out += no_remedy_for_failed_services(ctx)
    if not any(f.risk_type == "liability_cap_inadequate" for f in out):
        out += gross_fault_only(ctx)
    if not any(f.risk_type == "liability_cap_inadequate" for f in out):
        out += own_sphere_excluded(ctx)
    return out


def _asymmetric_caps(ctx: ClauseContext, their_cap: Sentence) -> Finding:
    """The counterparty's liability is capped while ours is unlimited."""
    return WORDING.finding(ctx, "asymmetric_caps", "liability_cap_inadequate", "high", span(their_cap, 0))
