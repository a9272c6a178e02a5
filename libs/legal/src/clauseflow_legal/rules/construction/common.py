"""What two or more rule families of the construction area share."""

from __future__ import annotations

from clauseflow_legal.rules.base import ClauseContext
from clauseflow_legal.rules.packs import patterns_beside

PATTERNS = patterns_beside(__file__)


def contractor_view(ctx: ClauseContext) -> bool:
    """Whether we build (and so bear the construction risks): a main contractor facing its
    subcontractor stands where an employer does."""
    if ctx.parties.subcontracts:
        return False
    return ctx.parties.is_role("contractor", "subcontractor") or not ctx.parties.known


NO_RELIEF = PATTERNS["no_relief"]
