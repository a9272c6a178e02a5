"""The public API's models, in families: ``*Create`` (what clients send), ``*Public`` (what they get)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any, Literal

from clauseflow_contracts.review import ApprovalPolicy, DecisionAction, Language
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

DomainChoice = Literal["generic", "fidic", "sha_spa", "auto"]


class _In(BaseModel):
    # Unknown fields are an error on input: a typo must not be silently ignored.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class ErrorDetail(BaseModel):
    """A machine code, a human message and optional details (e.g. field errors, conflicting ids)."""

    code: str
    message: str
    details: Any = None


class ErrorPublic(BaseModel):
    """Every non-2xx answer has this shape."""

    error: ErrorDetail


class ReviewOptionsCreate(_In):
    """Per-review switches; anything omitted takes the deployment's default."""

    use_react_agent: bool | None = None
    use_orchestrator: bool | None = None
    approval_policy: ApprovalPolicy | None = None
    max_retries: int | None = Field(default=None, ge=0, le=5)
    max_redraft_rounds: int | None = Field(default=None, ge=0, le=5)


class ReviewFields(_In):
    """What every submission names besides the document (JSON body or multipart form fields)."""

    title: str = Field(default="", max_length=500)
    our_party: str = Field(description="the party we act for, as named in the contract", max_length=200)
    language: Language | None = Field(
        default=None, description="language of findings; default: the document's"
    )
    domain: DomainChoice = Field(default="auto", description="auto detects fidic / sha_spa / generic")
    options: ReviewOptionsCreate | None = None

    @field_validator("our_party")
    @classmethod
    def _party_not_blank(cls, value: str) -> str:
        if not value:
            raise ValueError("our_party must name the party we act for (it was blank)")
        return value


class ReviewCreate(ReviewFields):
    """A review of contract text sent as JSON."""

    text: str = Field(description="the contract's text (plain text or Markdown)")
    filename: str = Field(default="contract.txt", max_length=255)


class Links(BaseModel):
    """Where to follow a review."""

    self: str
    risks: str
    redlines: str
    plan: str
    decisions: str
    report: str
    events: str

    @classmethod
    def for_review(cls, review_id: str) -> Links:
        """The links of one review."""
        base = f"/v1/reviews/{review_id}"
        return cls(
            self=base,
            risks=f"{base}/risks",
            redlines=f"{base}/redlines",
            plan=f"{base}/plan",
            decisions=f"{base}/decisions",
            report=f"{base}/report",
            events=f"{base}/events",
        )


class ReviewAccepted(BaseModel):
    """The answer to a submission: the review exists and has been queued."""

    id: str
    review_id: str = Field(description="the same as id")
    status: str
    title: str
    our_party: str
    language: str
    domain: str
    domain_detected: bool = Field(description="true when domain=auto chose the domain")
    clauses_found: int
    warnings: list[str] = []
    links: Links


class ClausePublic(BaseModel):
    """A clause under review."""

    clause_id: str
    title: str
    depth: str
    state: str
    clause_types: list[str]


class ProgressPublic(BaseModel):
    """How far the review has come."""

    clauses_total: int
    clauses_settled: int
    clauses_analyzed: int
    percent: float


class ReviewPublic(BaseModel):
    """A review's status, progress, clause states and counts."""

    id: str
    review_id: str = Field(description="the same as id")
    status: str
    title: str
    filename: str
    our_party: str
    language: str
    domain: str
    options: dict[str, Any]
    plan_version: int
    progress: ProgressPublic
    clauses: list[ClausePublic]
    risk_counts: dict[str, int]
    redline_counts: dict[str, int]
    summary: str
    failure_reason: str
    created_at: datetime
    updated_at: datetime
    links: Links


class RiskPublic(BaseModel):
    """A risk for our party."""

    id: str
    clause_id: str
    risk_type: str
    risk_level: str
    description: str
    reason: str
    analysis: str
    original_text: str


class RisksPublic(BaseModel):
    """A filtered list of risks."""

    data: list[RiskPublic]
    count: int


class RedlinePublic(BaseModel):
    """A proposed change and where it stands."""

    id: str
    clause_id: str
    risk_id: str
    action_type: str
    original_text: str
    proposed_text: str
    reason: str
    status: str
    round: int
    final_text: str | None
    decided_by: str


class RedlinesPublic(BaseModel):
    """A filtered list of redlines."""

    data: list[RedlinePublic]
    count: int


class PlanVersionPublic(BaseModel):
    """One version of the review plan."""

    plan_version: int
    source: str
    rationale: str
    plan: dict[str, Any]
    recorded_at: datetime


class PlanPublic(BaseModel):
    """The current plan and every earlier version."""

    review_id: str
    current: PlanVersionPublic | None
    versions: list[PlanVersionPublic]


class DecisionCreate(_In):
    """A decision on one redline: approve, reject (with feedback: redraft; without: final), or edit."""

    redline_id: str = Field(min_length=1, max_length=64)
    action: DecisionAction
    feedback: str = Field(default="", max_length=4000)
    text: str = Field(default="", max_length=20000)

    @model_validator(mode="after")
    def _action_needs_its_field(self) -> DecisionCreate:
        if self.action is DecisionAction.EDIT and not self.text:
            raise ValueError(f"editing redline {self.redline_id} needs the text to use instead")
        return self


class DecisionsCreate(_In):
    """Several decisions at once; a repeat with the same idempotency key changes nothing."""

    decisions: list[DecisionCreate] = Field(min_length=1, max_length=500)
    decided_by: str | None = Field(default=None, max_length=200)
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=200)

    @model_validator(mode="after")
    def _one_decision_per_redline(self) -> DecisionsCreate:
        counts = Counter(d.redline_id for d in self.decisions)
        twice = sorted(rid for rid, n in counts.items() if n > 1)
        if twice:
            raise ValueError(f"each redline may be decided once per request; repeated: {', '.join(twice)}")
        return self


class DecisionPublic(BaseModel):
    """One recorded decision (the audit trail)."""

    request_id: str
    redline_id: str
    action: str
    feedback: str
    text: str
    decided_by: str
    decided_at: datetime


class DecisionsAccepted(BaseModel):
    """The answer to a decisions request: recorded durably, resume event queued."""

    request_id: str
    review_id: str
    decided_by: str
    decided_at: datetime
    idempotency_key: str | None
    decisions: list[DecisionPublic]


class DecisionHistoryPublic(BaseModel):
    """Every decision on a review, oldest first."""

    data: list[DecisionPublic]
    count: int


class HealthPublic(BaseModel):
    """Liveness or readiness."""

    status: str
    checks: dict[str, str] = {}
