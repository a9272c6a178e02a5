"""Limits reserved to the counterparty, for the liability_caps rule (liability): limits for its benefit only,
our liability kept outside them, or our liability said to reach the losses a cap excludes.
"""

from __future__ import annotations

import re

from clauseflow_legal.parties import Side
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.liability.cap_carve_outs import STANDARD_CARVE
from clauseflow_legal.rules.liability.cap_vetoes import VETOES
from clauseflow_legal.rules.packs import patterns_beside, wording_beside

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)


_RESERVED_BENEFIT = PATTERNS["reserved_benefit"]
_NOTHING_LIMITS = PATTERNS["nothing_limits"]
_EXTENDS_TO_INDIRECT = PATTERNS["extends_to_indirect"]


def _named_side(ctx: ClauseContext, text: str, *, last: bool = False) -> Side | None:
    """The side of the party ``text`` names first (``last``: names last), None when it names none."""
    named = ctx.parties.mentions(text)
    if not named:
        return None
    return named[-1].side if last else named[0].side


def _reserved_to(ctx: ClauseContext, m: re.Match[str]) -> Side | None:
    """Whom a limit reserved by ``m`` protects: "for the benefit of X", "for X's benefit", "仅适用于X"."""
    groups = m.groupdict()
    if groups.get("poss"):
        return _named_side(ctx, groups["poss"], last=True)
    for name in ("of", "only", "zhonly"):
        if groups.get(name):
            return _named_side(ctx, groups[name][:40])
    return None


def _ours_kept_unlimited(ctx: ClauseContext, rest: str) -> bool:
    """Whether a "nothing … limits" sentence keeps a liability of ours (not both sides', not only the
    standard heads of fraud, death and injury) outside the limits: ``rest`` is what follows the verb."""
    for m in re.finditer(PATTERNS["liability_named_owner"], rest, re.I):
        groups = m.groupdict()
        owner = groups.get("owner") or groups.get("zhowner")
        side = (
            _named_side(ctx, owner, last=True) if owner else _named_side(ctx, groups.get("owner_after") or "")
        )
        after = re.match(r"\s+of\s+", rest[m.end() :])
        if side is None and after:  # "the liability of the Supplier"
            side = _named_side(ctx, rest[m.end() + after.end() : m.end() + after.end() + 40])
        item = rest[m.start() : m.end() + 80]
        if VETOES.applies(
            "reserved_carve_out", ctx.parties.ours(side) and re.search(STANDARD_CARVE, item, re.I)
        ):
            continue
        if ctx.parties.ours(side):
            return True
    return False


def limits_reserved_to_them(ctx: ClauseContext) -> list[Finding]:
    """The limits and exclusions of liability protect the counterparty alone: reserved to it by name
    ("are for the benefit of X only"), kept off our liability ("nothing in Clause 12 limits our
    liability"), or our liability said to reach the losses a cap excludes ("extends to loss of profit")."""
    for s in ctx.sentences:
        text = s.text
        hit: re.Match[str] | None = None
        for m in re.finditer(_RESERVED_BENEFIT, text, re.I):
            if ctx.parties.theirs(_reserved_to(ctx, m)):
                hit = m
                break
        if hit is None:
            for m in re.finditer(_NOTHING_LIMITS, text, re.I):
                if _ours_kept_unlimited(ctx, text[m.end() :]):
                    hit = m
                    break
        extends = None
        for m in re.finditer(_EXTENDS_TO_INDIRECT, text, re.I):
            if VETOES.applies(
                "exclusion_not_extension",
                re.search(PATTERNS["negation_before"], text[max(0, m.start() - 60) : m.end()], re.I),
            ):
                continue
            # whose liability: the party named just before it ("the Supplier's liability"), else the actor
            owner = ctx.parties.side_before(text, m.start(), window=60) or ctx.actor(s, m.start())
            if ctx.parties.ours(owner):
                extends = m
                break
        if hit is None and extends is None:
            continue
        if hit is None:
            assert extends is not None
            return [
                WORDING.finding(
                    ctx,
                    "our_liability_reaches_indirect",
                    "uncapped_liability",
                    "high",
                    span(s, extends.start()),
                )
            ]
        return [
            WORDING.finding(
                ctx,
                "limits_reserved_to_them",
                "uncapped_liability",
                "high",
                span(s, hit.start()),
                extends=", and it extends to loss of profit and indirect loss" if extends else "",
                extends_zh="，且及于利润损失和间接损失" if extends else "",
            )
        ]
    return []
