"""The service_levels rule (commercial): a service level given to us that the provider itself can empty:
credits capped at a token share of the fees, availability measured by the provider alone with its
records conclusive, outages excluded whatever their cause, credits lost unless claimed within days."""

from __future__ import annotations

import re

from clauseflow_legal.figures import find_percents, find_periods
from clauseflow_legal.rules.base import ClauseContext, Finding, span
from clauseflow_legal.rules.packs import patterns_beside, wording_beside
from clauseflow_legal.rules.registry import rule

PATTERNS = patterns_beside(__file__)
WORDING = wording_beside(__file__)

# A cap on credits at or below this share of the period's fees is a token (market: 15-30% and more).
_TOKEN_CREDIT_CAP = 10.0
# Credits claimed within this many days or lost: too short to check the provider's reports.
_SHORT_CLAIM_DAYS = 30


def _provider_is_them(ctx: ClauseContext, text: str, pos: int) -> bool:
    """The party named just before ``pos`` (the provider measuring or excluding) is the other side;
    with no party named there, the clause is read for a buyer: the other side provides."""
    side = ctx.parties.side_before(text, pos, window=60)
    return ctx.parties.theirs(side) if side is not None else True


def _token_credit_cap(ctx: ClauseContext) -> list[Finding]:
    for s, m in ctx.find(PATTERNS["credit_cap"]):
        for p in find_percents(s.text[m.end() : m.end() + 80]):
            if p.value <= _TOKEN_CREDIT_CAP:
                return [
                    WORDING.finding(
                        ctx,
                        "token_credit_cap",
                        "warranty_or_sla_inadequate",
                        "medium",
                        span(s, m),
                        p=f"{p.value:g}",
                    )
                ]
            break
    return []


def _measured_by_provider(ctx: ClauseContext) -> list[Finding]:
    for s, m in ctx.find(PATTERNS["provider_measures"]):
        if not re.search(PATTERNS["service_level_word"], ctx.text, re.I):
            continue
        who = m.groupdict().get("who")
        if who is not None:
            named = ctx.parties.mentions(who)
            if not named or not ctx.parties.theirs(named[0].side):
                continue
        elif not _provider_is_them(ctx, s.text, m.start()):
            continue
        return [
            WORDING.finding(ctx, "measured_by_provider", "warranty_or_sla_inadequate", "medium", span(s, m))
        ]
    return []


def _open_exclusions(ctx: ClauseContext) -> list[Finding]:
    for s, m in ctx.find(PATTERNS["open_exclusion"]):
        if not re.search(PATTERNS["excluded_from_measure"], ctx.text, re.I):
            continue
        return [WORDING.finding(ctx, "open_exclusions", "warranty_or_sla_inadequate", "medium", span(s, m))]
    return []


def _credits_forfeited(ctx: ClauseContext) -> list[Finding]:
    for s, m in ctx.find(PATTERNS["claim_or_forfeit"]):
        if not re.search(PATTERNS["credit_word"], s.text, re.I):
            continue
        days = [p for p in find_periods(s.text) if 0 < p.days <= _SHORT_CLAIM_DAYS]
        if days:
            return [
                WORDING.finding(ctx, "credits_forfeited", "warranty_or_sla_inadequate", "low", span(s, m))
            ]
    return []


# Credits put at risk above this share of the period's fees are a penalty for the provider (market 10-15%).
_HEAVY_CREDIT_CAP = 20.0


def _credits_heavy_on_us(ctx: ClauseContext) -> list[Finding]:
    """We provide the service: credits at risk above a fifth of the fees, or owed on top of damages for
    the same failure (the credits not the sole remedy, nor counted against our cap)."""
    for s, m in ctx.find(PATTERNS["credit_cap"]):
        for p in find_percents(s.text[m.end() : m.end() + 100]):
            if p.value > _HEAVY_CREDIT_CAP:
                return [
                    WORDING.finding(
                        ctx,
                        "credits_heavy",
                        "liquidated_damages_excessive",
                        "medium",
                        span(s, m),
                        p=f"{p.value:g}",
                    )
                ]
            break
    for s, m in ctx.find(PATTERNS["credits_plus_damages"]):
        if re.search(PATTERNS["credit_word"], s.text, re.I):
            return [
                WORDING.finding(
                    ctx, "credits_plus_damages", "liquidated_damages_excessive", "medium", span(s, m)
                )
            ]
    return []


@rule(reports={"warranty_or_sla_inadequate", "liquidated_damages_excessive"})
def service_levels(ctx: ClauseContext) -> list[Finding]:
    """A service level given to us that the provider can empty (we receive the service and pay)."""
    if not re.search(PATTERNS["service_level_word"], ctx.text, re.I):
        return []
    if ctx.parties.supplies and not ctx.parties.pays:
        return _credits_heavy_on_us(ctx)
    if not ctx.parties.pays:
        return []
    return (
        _token_credit_cap(ctx)
        or _measured_by_provider(ctx)
        or _open_exclusions(ctx)
        or _credits_forfeited(ctx)
    )
