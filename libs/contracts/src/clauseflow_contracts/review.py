"""The review domain: plans, risks, redlines, decisions and their states.

These models are shared by every service and travel inside events, so they
are frozen and evolve only additively (new optional fields, never renames).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Frozen(BaseModel):
    """Base for immutable domain values; unknown fields are ignored so old readers survive new writers."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class Depth(StrEnum):
    """How thoroughly a clause is analysed (docs/architecture.md#planning)."""

    QUICK = "quick"
    STANDARD = "standard"
    DEEP = "deep"


DEPTH_MAX_ITERATIONS: dict[Depth, int] = {Depth.QUICK: 1, Depth.STANDARD: 3, Depth.DEEP: 5}


class Domain(StrEnum):
    """Contract families with their own checklists and skill packs."""

    GENERIC = "generic"
    FIDIC = "fidic"
    SHA_SPA = "sha_spa"


class Language(StrEnum):
    """Languages findings are written in."""

    ZH_CN = "zh-CN"
    EN = "en"


class RiskLevel(StrEnum):
    """Severity of a risk (docs/review-taxonomy.md)."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class ApprovalPolicy(StrEnum):
    """Who approves redlines: a person, nobody (batch), or a person only for medium/high risks."""

    MANUAL = "manual"
    AUTO = "auto"
    AUTO_LOW = "auto_low"


class ReviewStatus(StrEnum):
    """The review lifecycle (docs/architecture.md#lifecycles)."""

    RECEIVED = "received"
    PLANNING = "planning"
    REVIEWING = "reviewing"
    AWAITING_APPROVAL = "awaiting_approval"
    SUMMARIZING = "summarizing"
    COMPLETED = "completed"
    # Finished, but some clauses could not be reviewed (``failure_reason`` says why); a retry
    # re-runs those clauses and the review goes on to ``completed``.
    INCOMPLETE = "incomplete"
    FAILED = "failed"


class ClauseState(StrEnum):
    """The clause lifecycle (docs/architecture.md#lifecycles)."""

    PLANNED = "planned"
    DISPATCHED = "dispatched"
    ANALYZED = "analyzed"
    AWAITING_APPROVAL = "awaiting_approval"
    REDRAFTING = "redrafting"
    SETTLED = "settled"
    # The model (or a skill the clause needed) stayed unavailable: the clause was NOT reviewed.
    FAILED = "failed"


class RedlineStatus(StrEnum):
    """Where a proposed change stands with the reviewer."""

    PENDING = "pending"
    APPROVED = "approved"
    EDITED = "edited"
    REJECTED = "rejected"
    SUPERSEDED = "superseded"


class DecisionAction(StrEnum):
    """What a reviewer can do with a redline."""

    APPROVE = "approve"
    REJECT = "reject"
    EDIT = "edit"


class TaskMode(StrEnum):
    """What a clause task asks of a worker.

    ``analyze`` reviews the clause (and drafts unless the plan says skip_diffs); ``draft`` drafts
    redlines for risks an analysis already found, when its plan had skipped drafting; ``redraft``
    drafts again the redlines a reviewer rejected, with the feedback.
    """

    ANALYZE = "analyze"
    DRAFT = "draft"
    REDRAFT = "redraft"


class ReviewOptions(Frozen):
    """Per-review switches; defaults come from the deployment's settings."""

    use_react_agent: bool = True
    use_orchestrator: bool = True
    approval_policy: ApprovalPolicy = ApprovalPolicy.MANUAL
    max_retries: int = Field(default=2, ge=0, le=5)
    max_redraft_rounds: int = Field(default=2, ge=0, le=5)


class ChecklistItem(Frozen):
    """One clause to review, as a checklist (generic or a domain pack) names it."""

    clause_id: str
    clause_name: str = ""
    priority: Literal["critical", "high", "medium", "low"] = "medium"
    required_skills: tuple[str, ...] = ()
    description: str = ""
    # What the clause does, from the clause-type catalogue (e.g. "cap_on_liability"): the planner
    # reads the clause's text through them, not only its title.
    clause_types: tuple[str, ...] = ()


class ClausePlan(Frozen):
    """How one clause is to be reviewed (docs/architecture.md#planning)."""

    clause_id: str
    clause_name: str = ""
    analysis_depth: Depth = Depth.STANDARD
    suggested_tools: tuple[str, ...] = ()
    max_iterations: int = Field(default=3, ge=1, le=10)
    priority_order: int = 0
    rationale: str = ""
    skip_diffs: bool = False
    skip_validate: bool = False


class ReviewPlan(Frozen):
    """The review plan; every adjustment produces a new value with plan_version + 1."""

    clause_plans: tuple[ClausePlan, ...] = ()
    global_strategy: str = ""
    estimated_depth_distribution: dict[str, int] = Field(default_factory=dict)
    plan_version: int = 1
    source: Literal["llm", "default"] = "default"

    def depth_distribution(self) -> dict[str, int]:
        """Count clauses per depth as actually planned."""
        counts = {d.value: 0 for d in Depth}
        for cp in self.clause_plans:
            counts[cp.analysis_depth.value] += 1
        return counts


class PlanAdjustment(Frozen):
    """Changes to the plan proposed after a clause result (docs/architecture.md#planning)."""

    adjusted_clauses: tuple[ClausePlan, ...] = ()
    reason: str = ""
    should_adjust: bool = False


class Risk(Frozen):
    """A risk for our party found in one clause."""

    id: str
    clause_id: str
    risk_type: str
    risk_level: RiskLevel
    description: str
    reason: str = ""
    analysis: str = ""
    original_text: str = ""

    @field_validator("risk_level", mode="before")
    @classmethod
    def _normalise_level(cls, value: object) -> object:
        return normalise_risk_level(value)


def normalise_risk_level(value: object) -> str:
    """Map the many ways models spell a level (High, 高, critical) onto high/medium/low."""
    text = str(value or "").strip().lower()
    if text in {"high", "critical", "severe", "高", "高风险", "严重"}:
        return RiskLevel.HIGH.value
    if text in {"low", "minor", "info", "低", "低风险", "轻微"}:
        return RiskLevel.LOW.value
    return RiskLevel.MEDIUM.value


class Redline(Frozen):
    """A proposed change to the contract text (docs/architecture.md#redlines) addressing one risk."""

    id: str
    clause_id: str
    risk_id: str
    action_type: Literal["replace", "insert", "delete"] = "replace"
    original_text: str
    proposed_text: str
    reason: str = ""
    status: RedlineStatus = RedlineStatus.PENDING
    round: int = 0


class SkillCall(Frozen):
    """One skill invocation made while analysing a clause, for audit and metrics."""

    skill_id: str
    duration_ms: float
    ok: bool
    error: str = ""


class LLMUsage(Frozen):
    """Token and call accounting for one task or review."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def __add__(self, other: LLMUsage) -> LLMUsage:
        return LLMUsage(
            calls=self.calls + other.calls,
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
        )


class Decision(Frozen):
    """A reviewer's decision on one redline."""

    redline_id: str
    action: DecisionAction
    feedback: str = Field(default="", max_length=4000)
    text: str = Field(default="", max_length=20000)
