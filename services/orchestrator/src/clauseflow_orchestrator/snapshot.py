"""The ``review.updates`` snapshot of a review, as the gateway and the CLI see it.

A snapshot is *full* (every clause and redline) or *partial* (only the clauses and redlines
whose published view changed since ``base``, the state the previous snapshot was taken from).
Partial snapshots keep the cost of one clause result independent of the contract's size;
full ones are sent whenever the status or the plan changes, so a review always starts and
ends with a complete picture.
"""

from __future__ import annotations

from collections.abc import Iterable

from clauseflow_contracts.events import ClauseProgress, RedlineState, ReviewUpdated

from clauseflow_orchestrator.state import ClauseRecord, RedlineRecord, ReviewState


def _progress(position: int, c: ClauseRecord) -> ClauseProgress:
    return ClauseProgress(
        clause_id=c.clause_id, title=c.title, depth=c.depth, state=c.state, position=position
    )


def _redline_state(r: RedlineRecord) -> RedlineState:
    return RedlineState(
        redline_id=r.id,
        clause_id=r.clause_id,
        status=r.status,
        final_text=r.final_text,
        decided_by=r.decided_by,
    )


def _changed_clauses(state: ReviewState, base: ReviewState) -> Iterable[ClauseProgress]:
    before = base.clauses
    for position, (cid, c) in enumerate(state.clauses.items()):
        old = before.get(cid)
        if old is c:  # not written by this decision (copy-on-write)
            continue
        if old is None or (old.title, old.depth, old.state) != (c.title, c.depth, c.state):
            yield _progress(position, c)


def _changed_redlines(state: ReviewState, base: ReviewState) -> Iterable[RedlineState]:
    before = base.redlines
    for rid, r in state.redlines.items():
        old = before.get(rid)
        if old is r:
            continue
        if old is None or (old.status, old.final_text, old.decided_by) != (
            r.status,
            r.final_text,
            r.decided_by,
        ):
            yield _redline_state(r)


def review_updated(
    state: ReviewState, *, with_plan: bool = True, base: ReviewState | None = None
) -> ReviewUpdated:
    """A snapshot of ``state`` at its current sequence number (higher sequence wins).

    ``with_plan=False`` leaves the plan out (``plan=None``: the reader keeps the plan it has).
    With ``base`` (the state of the previous snapshot) the snapshot is partial: it lists only
    the clauses and redlines that changed since ``base``. A snapshot with a plan is always full.
    """
    req = state.request
    partial = base is not None and not with_plan
    if partial:
        assert base is not None
        clauses = tuple(_changed_clauses(state, base))
        redlines = tuple(_changed_redlines(state, base))
    else:
        clauses = tuple(_progress(i, c) for i, c in enumerate(state.clauses.values()))
        redlines = tuple(_redline_state(r) for r in state.redlines.values())
    return ReviewUpdated(
        sequence=state.sequence,
        status=state.status,
        our_party=req.our_party,
        language=req.language,
        domain=req.domain,
        title=req.title,
        clauses=clauses,
        redlines=redlines,
        plan=state.plan if with_plan else None,
        plan_rationale=state.plan_history[-1].rationale if state.plan_history else "",
        summary=state.summary,
        failure_reason=state.failure_reason,
        usage=state.usage,
        partial=partial,
        clause_count=len(state.clauses),
    )


def merge_snapshots(earlier: ReviewUpdated, later: ReviewUpdated) -> ReviewUpdated:
    """One snapshot equivalent to applying ``earlier`` then ``later`` (for coalescing in the outbox).

    A full ``later`` replaces everything; a partial one overlays its clauses and redlines on
    ``earlier``'s, and the result is partial only if ``earlier`` was. The plan is ``later``'s.
    """
    if not later.partial:
        return later
    clauses = {c.clause_id: c for c in earlier.clauses}
    clauses.update((c.clause_id, c) for c in later.clauses)
    redlines = {r.redline_id: r for r in earlier.redlines}
    redlines.update((r.redline_id, r) for r in later.redlines)
    return later.model_copy(
        update={
            "clauses": tuple(clauses.values()),
            "redlines": tuple(redlines.values()),
            "partial": earlier.partial,
        }
    )
