"""Steps of a review for the decision core's tests: start one, build a clause's result, decide on redlines.

Every step calls the pure ``decide`` and returns its ``Decision``; the tests read the state and the
outgoing events from it.
"""

from __future__ import annotations

from datetime import UTC, datetime

from clauseflow_contracts.events import (
    ClauseResult,
    ClauseTask,
    DocumentRefs,
    ReviewDecisionsSubmitted,
    ReviewRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.ids import redline_id, risk_id, task_id
from clauseflow_contracts.review import (
    ApprovalPolicy,
    ChecklistItem,
    ClauseState,
    DecisionAction,
    Depth,
    Domain,
    Redline,
    RedlineStatus,
    ReviewOptions,
    Risk,
    TaskMode,
)
from clauseflow_contracts.review import Decision as RedlineDecision
from clauseflow_orchestrator.core import ApplyDecisions, Decision, RecordResult, StartReview, decide
from clauseflow_orchestrator.planning import build_default_plan, clause_plan
from clauseflow_orchestrator.state import ReviewState

AT = datetime(2026, 1, 1, tzinfo=UTC)
REVIEW = "rev_core"


def _checklist(n: int) -> list[ChecklistItem]:
    priorities = ["critical", "high", "medium", "low"]
    return [
        ChecklistItem(clause_id=f"{i + 1}", clause_name=f"Clause {i + 1}", priority=priorities[i % 4])
        for i in range(n)
    ]


def start(
    n: int = 3,
    *,
    window: int = 8,
    policy: ApprovalPolicy = ApprovalPolicy.MANUAL,
    rounds: int = 2,
    quick: tuple[str, ...] = (),
) -> Decision:
    """Start a review of ``n`` clauses (priorities critical, high, medium, low in turn).

    The ``quick`` clauses are planned quick, without drafting.
    """
    request = ReviewRequested(
        documents=DocumentRefs(primary="doc"),
        our_party="Contractor",
        options=ReviewOptions(approval_policy=policy, max_redraft_rounds=rounds),
    )
    checklist = _checklist(n)
    plan = build_default_plan(checklist)
    if quick:
        plan = plan.model_copy(
            update={
                "clause_plans": tuple(
                    clause_plan(
                        item, Depth.QUICK, domain=Domain.GENERIC, priority_order=i, rationale="boilerplate"
                    )
                    if item.clause_id in quick
                    else cp
                    for i, (item, cp) in enumerate(zip(checklist, plan.clause_plans, strict=True))
                )
            }
        )
    return decide(
        None,
        StartReview(
            event_id="evt_start",
            at=AT,
            review_id=REVIEW,
            request=request,
            checklist=tuple(checklist),
            plan=plan,
            window=window,
        ),
    )


def tasks(decision: Decision) -> list[ClauseTask]:
    """The clause tasks a decision sends."""
    return [
        ClauseTask.model_validate(o.envelope.payload)
        for o in decision.outgoing
        if o.topic == Topic.CLAUSE_TASKS
    ]


def updates(decision: Decision) -> list[ReviewUpdated]:
    """The review snapshots a decision publishes."""
    return [
        ReviewUpdated.model_validate(o.envelope.payload)
        for o in decision.outgoing
        if o.topic == Topic.REVIEW_UPDATES
    ]


def result(
    clause_id: str,
    levels: tuple[str, ...] = (),
    *,
    attempt: int = 0,
    redlines: bool = True,
    mode: str = "analyze",
) -> ClauseResult:
    """A clause's result with one risk per level in ``levels``.

    Each risk has a redline unless ``redlines`` is false.
    """
    risks = tuple(
        Risk(
            id=risk_id(REVIEW, clause_id, 0, i),
            clause_id=clause_id,
            risk_type="uncapped_liability",
            risk_level=level,
            description=f"risk {i}",
        )
        for i, level in enumerate(levels)
    )
    lines = tuple(
        Redline(
            id=redline_id(REVIEW, clause_id, r.id, attempt),
            clause_id=clause_id,
            risk_id=r.id,
            original_text="unlimited",
            proposed_text=f"capped (round {attempt})",
            round=attempt,
        )
        for r in risks
        if redlines
    )
    return ClauseResult(
        task_id=task_id(REVIEW, clause_id, mode, attempt),
        clause_id=clause_id,
        mode=TaskMode(mode),
        attempt=attempt,
        risks=risks,
        redlines=lines,
    )


def record(
    state: ReviewState | None, res: ClauseResult, event_id: str | None = None, **kw: object
) -> Decision:
    """Record a clause's result (``kw``: a plan adjustment and its trigger)."""
    return decide(state, RecordResult(event_id or f"evt_{res.task_id}", AT, res, **kw))  # type: ignore[arg-type]


def decisions(state: ReviewState | None, request_id: str, *items: RedlineDecision) -> Decision:
    """Apply the reviewer's decisions on redlines, submitted as request ``request_id``."""
    submitted = ReviewDecisionsSubmitted(
        request_id=request_id, decisions=items, decided_by="alice", decided_at=AT
    )
    return decide(state, ApplyDecisions(f"evt_{request_id}", AT, submitted))


def approve(rid: str) -> RedlineDecision:
    """Approve a redline."""
    return RedlineDecision(redline_id=rid, action=DecisionAction.APPROVE)


def reject(rid: str, feedback: str = "too weak, cap at 100% of the price") -> RedlineDecision:
    """Reject a redline with ``feedback`` (none: the rejection is final)."""
    return RedlineDecision(redline_id=rid, action=DecisionAction.REJECT, feedback=feedback)


def only_redline(state: ReviewState, clause_id: str) -> str:
    """The one pending redline of a clause."""
    pending = [
        r for r in state.clauses[clause_id].redline_ids if state.redlines[r].status is RedlineStatus.PENDING
    ]
    assert len(pending) == 1
    return pending[0]


def settle_all_without_risks(state: ReviewState) -> ReviewState:
    """Answer every dispatched clause with a result without risks."""
    for clause_id in list(state.clauses):
        if state.clauses[clause_id].state is ClauseState.DISPATCHED:
            d = record(state, result(clause_id))
            assert d.state is not None
            state = d.state
    return state
