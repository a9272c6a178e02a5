"""The decision core's inputs (events prepared by the shell) and output (a decision with outgoing events)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from clauseflow_contracts.events import (
    ClauseResult,
    Envelope,
    ReviewDecisionsSubmitted,
    ReviewRequested,
    ReviewRetryRequested,
)
from clauseflow_contracts.review import ChecklistItem, LLMUsage, PlanAdjustment, ReviewPlan
from clauseflow_contracts.tenants import LOCAL_TENANT

from clauseflow_orchestrator.state import ReviewState

# ---- inputs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class StartReview:
    """A review was requested; the shell has built the checklist and the plan (or found a failure)."""

    event_id: str
    at: datetime
    review_id: str
    request: ReviewRequested
    checklist: tuple[ChecklistItem, ...] = ()
    plan: ReviewPlan | None = None
    window: int = 8
    tenant_id: str = LOCAL_TENANT
    usage: LLMUsage = field(default_factory=LLMUsage)
    failure: str = ""


@dataclass(frozen=True)
class RecordResult:
    """A worker's clause result, with the plan adjustment the shell obtained for it (if any)."""

    event_id: str
    at: datetime
    result: ClauseResult
    adjustment: PlanAdjustment | None = None
    trigger: str | None = None
    usage: LLMUsage = field(default_factory=LLMUsage)


@dataclass(frozen=True)
class AdjustPlan:
    """A plan adjustment the shell obtained after a clause result had been recorded and published.

    It is its own step so that the result (and its redlines) reach the reviewer without waiting
    for the model's answer about the plan; ``clause_id`` names the result that triggered it.
    """

    event_id: str
    at: datetime
    clause_id: str
    adjustment: PlanAdjustment
    trigger: str | None = None
    usage: LLMUsage = field(default_factory=LLMUsage)


@dataclass(frozen=True)
class ApplyDecisions:
    """A resume event: the reviewer's decisions on redlines."""

    event_id: str
    at: datetime
    submitted: ReviewDecisionsSubmitted


@dataclass(frozen=True)
class CompleteSummary:
    """The summary the shell wrote (LLM or template) for a review that is summarizing."""

    event_id: str
    at: datetime
    summary: str
    usage: LLMUsage = field(default_factory=LLMUsage)


@dataclass(frozen=True)
class RetryFailed:
    """Re-run the clauses that could not be reviewed (the model is back)."""

    event_id: str
    at: datetime
    request: ReviewRetryRequested


CoreEvent = StartReview | RecordResult | AdjustPlan | ApplyDecisions | CompleteSummary | RetryFailed


# ---- output ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outgoing:
    """An event to publish (through the outbox)."""

    topic: str
    key: str
    envelope: Envelope


@dataclass
class Decision:
    """What the core decided: the new state (None: nothing known) and the events to publish."""

    state: ReviewState | None
    outgoing: list[Outgoing] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """Whether anything is to be published (every state change publishes a snapshot)."""
        return bool(self.outgoing)
