"""The event contract (docs/architecture.md#events-and-topics): one envelope, five topics, typed payloads.

Every event on the bus is an :class:`Envelope` whose ``payload`` validates
against the model registered for its ``type``. Payloads carry references to
documents (claim check), never the documents themselves.
"""

from __future__ import annotations

import builtins
from datetime import UTC, datetime
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from clauseflow_contracts.errors import InvalidEvent
from clauseflow_contracts.review import (
    ClausePlan,
    ClauseState,
    Decision,
    Depth,
    Domain,
    Language,
    LLMUsage,
    Redline,
    RedlineStatus,
    ReviewOptions,
    ReviewPlan,
    ReviewStatus,
    Risk,
    SkillCall,
    TaskMode,
)
from clauseflow_contracts.tenants import LOCAL_TENANT

SCHEMA_VERSION = 1
MAX_EVENT_BYTES = 900_000


class Topic:
    """Topic names; orchestrator inputs share a key (review_id) and a partition count."""

    REVIEW_REQUESTED = "review.requested"
    CLAUSE_TASKS = "clause.tasks"
    CLAUSE_RESULTS = "clause.results"
    REVIEW_DECISIONS = "review.decisions"
    REVIEW_UPDATES = "review.updates"

    ALL: ClassVar[tuple[str, ...]] = (
        REVIEW_REQUESTED,
        CLAUSE_TASKS,
        CLAUSE_RESULTS,
        REVIEW_DECISIONS,
        REVIEW_UPDATES,
    )

    @staticmethod
    def dlq(topic: str) -> str:
        """The dead-letter topic of ``topic``."""
        return f"{topic}.dlq"


class Payload(BaseModel):
    """Base of all payloads: frozen, tolerant of fields added by newer producers."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    TYPE: ClassVar[str] = ""


class DocumentRefs(Payload):
    """Content-addressed document ids (sha256) in the document store."""

    primary: str
    particular_conditions: str | None = None
    references: tuple[str, ...] = ()
    # With Particular Conditions, ``primary`` is the merged contract (GC amended by the PC) and this
    # is the General Conditions as uploaded.
    general_conditions: str | None = None


class ReviewRequested(Payload):
    """A client asked for a review (gateway → orchestrator)."""

    TYPE: ClassVar[str] = "review.requested"
    documents: DocumentRefs
    title: str = ""
    our_party: str = Field(min_length=1, max_length=200)
    language: Language = Language.ZH_CN
    domain: Domain = Domain.GENERIC
    options: ReviewOptions = ReviewOptions()


class RedraftRequest(Payload):
    """A rejected redline and the reviewer's feedback, for a redraft task."""

    redline_id: str
    risk_id: str
    original_text: str
    rejected_text: str
    feedback: str = ""


class ClauseTask(Payload):
    """A clause-plan event (orchestrator → workers): review one clause, or redraft its redlines."""

    TYPE: ClassVar[str] = "clause.task"
    task_id: str
    clause_id: str
    clause_name: str = ""
    priority_order: int = 0
    depth: Depth = Depth.STANDARD
    suggested_tools: tuple[str, ...] = ()
    max_iterations: int = Field(default=3, ge=1, le=10)
    skip_diffs: bool = False
    skip_validate: bool = False
    mode: TaskMode = TaskMode.ANALYZE
    attempt: int = 0
    plan_version: int = 1
    documents: DocumentRefs
    our_party: str
    language: Language = Language.ZH_CN
    domain: Domain = Domain.GENERIC
    use_react_agent: bool = True
    max_retries: int = 2
    risks: tuple[Risk, ...] = ()
    redraft: tuple[RedraftRequest, ...] = ()
    # Redlines other tasks already made for this clause and still standing (pending, approved or
    # edited; ``proposed_text`` is the text that stands): new drafts are made on top of them, so
    # the clause keeps one coherent text (docs/architecture.md#redlines).
    standing: tuple[Redline, ...] = ()

    @classmethod
    def from_plan(cls, plan: ClausePlan, **fields: Any) -> ClauseTask:
        """Build a task from a clause plan plus review-level fields."""
        return cls(
            clause_id=plan.clause_id,
            clause_name=plan.clause_name,
            priority_order=plan.priority_order,
            depth=plan.analysis_depth,
            suggested_tools=plan.suggested_tools,
            max_iterations=plan.max_iterations,
            skip_diffs=plan.skip_diffs,
            skip_validate=plan.skip_validate,
            **fields,
        )


class ClauseResult(Payload):
    """What a worker found in one clause (workers → orchestrator, gateway)."""

    TYPE: ClassVar[str] = "clause.result"
    task_id: str
    clause_id: str
    mode: TaskMode = TaskMode.ANALYZE
    attempt: int = 0
    risks: tuple[Risk, ...] = ()
    redlines: tuple[Redline, ...] = ()
    clause_types: tuple[str, ...] = ()
    skill_calls: tuple[SkillCall, ...] = ()
    transcript_ref: str | None = None
    usage: LLMUsage = LLMUsage()
    fallback_used: bool = False
    validation_passed: bool = True
    validation_rounds: int = 0
    error: str = ""
    # True: the clause was not reviewed (the model or a skill it needed stayed unavailable past the
    # retry budget); ``error`` says why and the result carries no risks or redlines.
    failed: bool = False
    # which playbook the worker drafted with ("generic v1 (sha256 …)"), named in the report
    playbook_version: str = ""
    # the model the worker reviewed with (its LLM_MODEL, "" when unknown): in a distributed
    # deployment the gateway's own setting need not be the workers', so the report names these
    model: str = ""


class ReviewDecisionsSubmitted(Payload):
    """A resume event: reviewer decisions on redlines (gateway → orchestrator)."""

    TYPE: ClassVar[str] = "review.decisions"
    request_id: str
    decisions: tuple[Decision, ...] = Field(min_length=1)
    decided_by: str = "anonymous"
    # The API key that decided (its label is ``decided_by``); empty in payloads from before keys.
    decided_by_key_id: str = ""
    decided_at: datetime


class ClauseProgress(Payload):
    """A clause's place in the lifecycle, as the orchestrator sees it."""

    clause_id: str
    title: str = ""
    depth: Depth = Depth.STANDARD
    state: ClauseState = ClauseState.PLANNED
    # The clause's place in the review's clause order; set by senders of partial snapshots (where
    # the index in ``ReviewUpdated.clauses`` is not the clause's position). None: use that index.
    position: int | None = None
    # Why a ``failed`` clause could not be reviewed.
    error: str = ""


class RedlineState(Payload):
    """The settled or pending state of one redline, with the text that will be applied."""

    redline_id: str
    clause_id: str
    status: RedlineStatus
    final_text: str | None = None
    decided_by: str = ""


class ReviewUpdated(Payload):
    """A snapshot of a review's progress (orchestrator → gateway); higher sequence wins."""

    TYPE: ClassVar[str] = "review.updated"
    sequence: int
    status: ReviewStatus
    our_party: str = ""
    language: Language = Language.ZH_CN
    domain: Domain = Domain.GENERIC
    title: str = ""
    clauses: tuple[ClauseProgress, ...] = ()
    redlines: tuple[RedlineState, ...] = ()
    plan: ReviewPlan | None = None
    plan_rationale: str = ""
    summary: str = ""
    failure_reason: str = ""
    usage: LLMUsage = LLMUsage()
    # False: ``clauses`` and ``redlines`` are complete. True: they hold only the entries that changed
    # since the previous snapshot of the review (a delta keeps each update O(changes), not O(clauses));
    # the other fields are complete either way. Readers keep the entries a partial snapshot leaves out.
    partial: bool = False
    # How many clauses the review has (0: not stated; a full snapshot's ``len(clauses)`` says it).
    clause_count: int = 0
    # A snapshot too large for an event (thousands of clauses) travels by reference: this blob in
    # the document store holds the complete snapshot (clauses, redlines, plan); the inline lists
    # are empty or overlay it. Readers resolve it before applying the snapshot.
    detail_ref: str | None = None


class ReviewRetryRequested(Payload):
    """Re-run the clauses of a review that could not be reviewed (gateway → orchestrator).

    Travels on ``review.decisions`` (keyed by review id, so it is ordered with the decisions).
    """

    TYPE: ClassVar[str] = "review.retry"
    request_id: str
    requested_by: str = "anonymous"


class EventDeadLettered(Payload):
    """A service moved one of its events to its dead letters: it can never be published (service → gateway).

    The gateway's ``GET /v1/ops/health`` counts these, so a dead letter in another service's database
    is shown where the operator looks. Travels on ``review.updates``, keyed by the dead event's review;
    its event id is the dead event's id + ``:dead_lettered`` (a redelivery is recorded once).
    """

    TYPE: ClassVar[str] = "event.dead_lettered"
    service: str
    event_id: str
    event_type: str = ""
    topic: str = ""
    error: str = ""


PAYLOAD_TYPES: dict[str, type[Payload]] = {
    model.TYPE: model
    for model in (
        ReviewRequested,
        ClauseTask,
        ClauseResult,
        ReviewDecisionsSubmitted,
        ReviewUpdated,
        ReviewRetryRequested,
        EventDeadLettered,
    )
}

P = TypeVar("P", bound=Payload)


class Envelope(BaseModel):
    """The one envelope every event travels in."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    event_id: str
    type: str
    schema_version: int = SCHEMA_VERSION
    review_id: str
    # The tenant that owns the review (older payloads without it belong to the local tenant).
    tenant_id: str = LOCAL_TENANT
    occurred_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    trace: dict[str, str] = Field(default_factory=dict)
    payload: dict[str, Any]

    @classmethod
    def wrap(
        cls, review_id: str, payload: Payload, *, event_id: str, tenant_id: str = LOCAL_TENANT
    ) -> Envelope:
        """Wrap a typed payload; ``event_id`` must be deterministic where the event can be replayed."""
        return cls(
            event_id=event_id,
            type=payload.TYPE,
            review_id=review_id,
            tenant_id=tenant_id,
            payload=payload.model_dump(mode="json"),
        )

    def open(self, model: builtins.type[P]) -> P:
        """Validate the payload as ``model``; raises :class:`InvalidEvent` with a readable reason."""
        if self.type != model.TYPE:
            raise InvalidEvent(f"event {self.event_id} is {self.type!r}, expected {model.TYPE!r}")
        try:
            return model.model_validate(self.payload)
        except ValidationError as exc:
            raise InvalidEvent(f"event {self.event_id} ({self.type}) has an invalid payload: {exc}") from exc

    def to_bytes(self) -> bytes:
        """Serialise for the wire (UTF-8 JSON)."""
        data = self.model_dump_json().encode()
        if len(data) > MAX_EVENT_BYTES:
            raise InvalidEvent(
                f"event {self.event_id} is {len(data)} bytes; events must stay under {MAX_EVENT_BYTES} "
                "(put large content in the document store)"
            )
        return data

    @classmethod
    def from_bytes(cls, raw: bytes) -> Envelope:
        """Parse and check an event from the wire; raises :class:`InvalidEvent` for anything unusable."""
        try:
            env = cls.model_validate_json(raw)
        except ValidationError as exc:
            raise InvalidEvent(f"not a clauseflow event: {exc.errors()[0]['msg']}") from exc
        if env.schema_version > SCHEMA_VERSION:
            raise InvalidEvent(
                f"event {env.event_id} has schema_version {env.schema_version}; "
                f"this service understands up to {SCHEMA_VERSION}"
            )
        return env
