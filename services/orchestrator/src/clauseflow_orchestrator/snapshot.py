"""The ``review.updates`` snapshot of a review, as the gateway and the CLI see it."""

from __future__ import annotations

from clauseflow_shared.events import ClauseProgress, RedlineState, ReviewUpdated

from clauseflow_orchestrator.state import ReviewState


def review_updated(state: ReviewState, *, with_plan: bool = True) -> ReviewUpdated:
    """A snapshot of ``state`` at its current sequence number (higher sequence wins).

    ``with_plan=False`` leaves the plan out (``plan=None``: the reader keeps the plan it has).
    """
    req = state.request
    return ReviewUpdated(
        sequence=state.sequence,
        status=state.status,
        our_party=req.our_party,
        language=req.language,
        domain=req.domain,
        title=req.title,
        clauses=tuple(
            ClauseProgress(clause_id=c.clause_id, title=c.title, depth=c.depth, state=c.state)
            for c in state.clauses.values()
        ),
        redlines=tuple(
            RedlineState(
                redline_id=r.id,
                clause_id=r.clause_id,
                status=r.status,
                final_text=r.final_text,
                decided_by=r.decided_by,
            )
            for r in state.redlines.values()
        ),
        plan=state.plan if with_plan else None,
        plan_rationale=state.plan_history[-1].rationale if state.plan_history else "",
        summary=state.summary,
        failure_reason=state.failure_reason,
        usage=state.usage,
    )
