"""The orchestrator's durable view of one review: clauses, redlines, plan versions, dedup memory.

These are plain mutable pydantic models so the decision core can work on a (copy-on-write)
copy and the store can persist a review as a head document plus one row per clause and redline.
"""

from __future__ import annotations

from clauseflow_contracts.events import ReviewRequested
from clauseflow_contracts.review import (
    ApprovalPolicy,
    ChecklistItem,
    ClausePlan,
    ClauseState,
    Decision,
    Depth,
    LLMUsage,
    RedlineStatus,
    ReviewPlan,
    ReviewStatus,
    Risk,
    RiskLevel,
)
from pydantic import BaseModel, Field, PrivateAttr


class PlanVersion(BaseModel):
    """One version of the review plan and why it came to be."""

    plan: ReviewPlan
    rationale: str = ""
    trigger: str = "initial"
    clause_id: str | None = None


class RedlineRecord(BaseModel):
    """A proposed change and where it stands with the reviewer."""

    id: str
    clause_id: str
    risk_id: str
    original_text: str
    proposed_text: str
    reason: str = ""
    round: int = 0
    risk_level: RiskLevel | None = None
    status: RedlineStatus = RedlineStatus.PENDING
    final_text: str | None = None
    decided_by: str = ""
    feedback: str = ""
    decision_request_id: str = ""


class ClauseRecord(BaseModel):
    """One reviewable clause and its lifecycle."""

    clause_id: str
    title: str = ""
    priority: str = "medium"
    depth: Depth = Depth.STANDARD
    state: ClauseState = ClauseState.PLANNED
    attempt: int = 0
    open_tasks: list[str] = Field(default_factory=list)
    risks: list[Risk] = Field(default_factory=list)
    redline_ids: list[str] = Field(default_factory=list)
    error: str = ""
    fallback_used: bool = False

    def working_copy(self) -> ClauseRecord:
        """A copy with its own lists (the risks in them are frozen and shared)."""
        return self.model_copy(
            update={
                "open_tasks": list(self.open_tasks),
                "risks": list(self.risks),
                "redline_ids": list(self.redline_ids),
            }
        )


class ParkedDecision(BaseModel):
    """A decision on a redline the orchestrator has not seen yet (the result is still on its way)."""

    decision: Decision
    request_id: str
    decided_by: str


class ReviewState(BaseModel):
    """Everything the orchestrator knows about one review."""

    review_id: str
    tenant_id: str = "default"
    status: ReviewStatus = ReviewStatus.RECEIVED
    request: ReviewRequested
    window: int = 8
    checklist: list[ChecklistItem] = Field(default_factory=list)
    plan: ReviewPlan | None = None
    plan_history: list[PlanVersion] = Field(default_factory=list)
    clauses: dict[str, ClauseRecord] = Field(default_factory=dict)
    redlines: dict[str, RedlineRecord] = Field(default_factory=dict)
    analyzed_count: int = 0
    processed_tasks: list[str] = Field(default_factory=list)
    processed_requests: list[str] = Field(default_factory=list)
    parked: list[ParkedDecision] = Field(default_factory=list)
    sequence: int = 0
    # The plan version the last published snapshot carried: snapshots repeat the plan only when it changed.
    published_plan_version: int = 0
    summary: str = ""
    failure_reason: str = ""
    usage: LLMUsage = LLMUsage()

    # Ids of clauses and redlines whose records are still shared with the state this one was
    # copied from (copy-on-write: see working_copy).
    _shared_clauses: set[str] = PrivateAttr(default_factory=set)
    _shared_redlines: set[str] = PrivateAttr(default_factory=set)

    def working_copy(self) -> ReviewState:
        """A copy the core may mutate without touching ``self``.

        Frozen models (the plan, checklist items, risks, the request) are shared rather than
        copied. Clause and redline records are copied on write: the copy starts with its own
        dicts holding the original's records, and :meth:`clause_for_update` /
        :meth:`redline_for_update` copy a record the first time it is changed, so one clause
        result costs O(changes), not a copy of every clause of the review.
        """
        copy = self.model_copy(
            update={
                "checklist": list(self.checklist),
                "plan_history": [pv.model_copy() for pv in self.plan_history],
                "clauses": dict(self.clauses),
                "redlines": dict(self.redlines),
                "processed_tasks": list(self.processed_tasks),
                "processed_requests": list(self.processed_requests),
                "parked": [p.model_copy() for p in self.parked],
            }
        )
        copy._shared_clauses = set(self.clauses)
        copy._shared_redlines = set(self.redlines)
        return copy

    def clause_for_update(self, clause_id: str) -> ClauseRecord:
        """The clause's record, made this state's own first (the core mutates only such records)."""
        clause = self.clauses[clause_id]
        if clause_id in self._shared_clauses:
            clause = self.clauses[clause_id] = clause.working_copy()
            self._shared_clauses.discard(clause_id)
        return clause

    def redline_for_update(self, redline_id: str) -> RedlineRecord:
        """The redline's record, made this state's own first (the core mutates only such records)."""
        redline = self.redlines[redline_id]
        if redline_id in self._shared_redlines:
            redline = self.redlines[redline_id] = redline.model_copy()
            self._shared_redlines.discard(redline_id)
        return redline

    @property
    def policy(self) -> ApprovalPolicy:
        """The review's approval policy."""
        return self.request.options.approval_policy

    def clause_plan(self, clause_id: str) -> ClausePlan | None:
        """The current plan of a clause."""
        if self.plan is None:
            return None
        return next((cp for cp in self.plan.clause_plans if cp.clause_id == clause_id), None)

    def dispatched_ids(self) -> set[str]:
        """Clauses whose analysis task has been sent (their plan can no longer change)."""
        return {cid for cid, c in self.clauses.items() if c.state is not ClauseState.PLANNED}

    def in_flight(self) -> int:
        """Analysis tasks sent and not yet answered."""
        return sum(1 for c in self.clauses.values() if c.state is ClauseState.DISPATCHED)

    def all_settled(self) -> bool:
        """Whether every clause is settled."""
        return all(c.state is ClauseState.SETTLED for c in self.clauses.values())

    def is_terminal(self) -> bool:
        """Whether the review is over (completed or failed)."""
        return self.status in (ReviewStatus.COMPLETED, ReviewStatus.FAILED)
