"""The sha_minority rule (ma): Weak governance, exit and dilution protection for a minority investor."""

from __future__ import annotations

from clauseflow_legal.rules.base import ClauseContext, Finding
from clauseflow_legal.rules.ma.founder_terms import founder_points
from clauseflow_legal.rules.ma.minority_dilution import dilution_against_us
from clauseflow_legal.rules.ma.minority_exit import (
    exit_rights_denied,
    exit_terms_against_us,
    long_lock_up,
    low_drag_along_threshold,
)
from clauseflow_legal.rules.ma.minority_protections import minority_protections
from clauseflow_legal.rules.ma.minority_quorum import quorum_without_our_director
from clauseflow_legal.rules.ma.minority_standard_points import standard_minority_points
from clauseflow_legal.rules.ma.minority_thresholds import holding_percent
from clauseflow_legal.rules.registry import rule


@rule(
    reports={
        "sha_dilution_pre_emption",
        "sha_exit_rights_unfavourable",
        "sha_governance_weak",
        "liquidated_damages_excessive",
        "ma_price_mechanism_risk",
    }
)
def sha_minority(ctx: ClauseContext) -> list[Finding]:
    """Weak governance, exit and dilution protection for a minority investor."""
    if not _a_minority(ctx):
        # a founder keeping control still bears the investor's price protection
        return founder_points(ctx)
    out = founder_points(ctx)
    out += standard_minority_points(ctx)
    out += quorum_without_our_director(ctx, reported=out)
    out += long_lock_up(ctx)
    out += minority_protections(ctx)
    out += low_drag_along_threshold(ctx)
    out += exit_terms_against_us(ctx)
    out += exit_rights_denied(ctx, reported=out)
    out += dilution_against_us(ctx, reported=out)
    return out


def _a_minority(ctx: ClauseContext) -> bool:
    """Our party is a minority shareholder: an investor, or any party the contract gives under half.

    A joint-venture partner or co-founder holding 40% needs the same protections as an investor;
    its holding, not its title, makes it a minority.
    """
    held = holding_percent(ctx.metadata.get("our_shareholding"))
    if held is not None:
        # the holding stated decides: an investor taking 60% controls the company and needs none of a
        # minority's protections; a founder left with 35% needs all of them
        return held < 50
    return ctx.parties.is_role("investor") or (not ctx.parties.known and ctx.domain == "sha_spa")
