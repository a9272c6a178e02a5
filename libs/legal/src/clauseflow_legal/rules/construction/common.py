"""What two or more rule families of the construction area share."""

from __future__ import annotations

from clauseflow_legal.rules.base import ClauseContext


def contractor_view(ctx: ClauseContext) -> bool:
    """Whether we build (and so bear the construction risks): a main contractor facing its
    subcontractor stands where an employer does."""
    if ctx.parties.is_role("contractor") and "subcontractor" in ctx.parties.their_roles:
        return ctx.parties.is_role("subcontractor")
    return ctx.parties.is_role("contractor", "subcontractor") or not ctx.parties.known


NO_RELIEF = (
    r"shall\s+not\s+be\s+entitled\s+to\s+(?:any\s+)?(?:extension|additional|adjustment|payment)|no\s+(?:extension\s+of\s+time|additional\s+(?:payment|cost)|adjustment)|"
    r"不(?:得|予)?.{0,6}(?:顺延|延长工期|补偿|调整)|自行承担|无权.{0,10}(?:延长|顺延|增加|补偿|索赔)|由承包(?:人|商)(?:负责|承担)"
)
