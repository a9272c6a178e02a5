"""The review's decision core: ``decide(state, event) -> Decision``, a pure function.

No I/O and no clock: the shell around it loads documents, calls the LLM (plan,
adjustment, summary) and feeds the results in as parts of the event, then stores
the new state and the outgoing events in one transaction. Outgoing event ids are
derived from the input event id and the position, so a replay of the same input
produces the same events with the same ids (consumers dedupe on them).
"""

from __future__ import annotations

from datetime import datetime

from clauseflow_contracts.events import (
    ClauseResult,
    ClauseTask,
    Envelope,
    Payload,
    RedraftRequest,
    ReviewDecisionsSubmitted,
    Topic,
)
from clauseflow_contracts.ids import derived_id, task_id
from clauseflow_contracts.review import (
    ApprovalPolicy,
    ClausePlan,
    ClauseState,
    DecisionAction,
    PlanAdjustment,
    Redline,
    RedlineStatus,
    ReviewPlan,
    ReviewStatus,
    Risk,
    RiskLevel,
    TaskMode,
)
from clauseflow_contracts.review import (
    Decision as RedlineDecision,
)

from clauseflow_orchestrator.core_types import (
    AdjustPlan,
    ApplyDecisions,
    CompleteSummary,
    CoreEvent,
    Decision,
    Outgoing,
    RecordResult,
    RetryFailed,
    StartReview,
)
from clauseflow_orchestrator.planning import apply_adjustment
from clauseflow_orchestrator.snapshot import review_updated
from clauseflow_orchestrator.state import (
    ClauseRecord,
    ParkedDecision,
    PlanVersion,
    RedlineRecord,
    ReviewState,
)

__all__ = [
    "AdjustPlan",
    "ApplyDecisions",
    "CompleteSummary",
    "CoreEvent",
    "Decision",
    "Outgoing",
    "RecordResult",
    "RetryFailed",
    "StartReview",
    "decide",
]

MAX_PARKED = 1000


class _Emitter:
    """Collects outgoing events with ids derived from the input event id and their position."""

    def __init__(
        self,
        event_id: str,
        at: datetime,
        state: ReviewState,
        decision: Decision,
        base: ReviewState | None = None,
    ) -> None:
        self.event_id, self.at, self.state, self.decision = event_id, at, state, decision
        # The state the review's previous snapshot was taken from: lets the next one be a delta.
        self.base = base

    def emit(self, topic: str, key: str, payload: Payload) -> None:
        position = len(self.decision.outgoing)
        env = Envelope.wrap(
            self.state.review_id,
            payload,
            event_id=derived_id("evt", self.event_id, position),
            tenant_id=self.state.tenant_id,
        ).model_copy(update={"occurred_at": self.at})
        self.decision.outgoing.append(Outgoing(topic, key, env))

    def snapshot(self) -> None:
        state = self.state
        state.sequence += 1
        # The plan (tens of KB on a big contract) travels only in the first snapshot of each version.
        with_plan = state.plan is not None and state.plan.plan_version != state.published_plan_version
        # Only clauses and redlines that changed travel, except when the status changes: the
        # review's milestones (start, awaiting approval, completion) carry the complete picture.
        base = self.base if self.base is not None and self.base.status is state.status else None
        self.emit(
            Topic.REVIEW_UPDATES, state.review_id, review_updated(state, with_plan=with_plan, base=base)
        )
        self.base = None  # a second snapshot in the same decision has no cheap base: send it whole
        if with_plan and state.plan is not None:
            state.published_plan_version = state.plan.plan_version

    def note(self, text: str) -> None:
        self.decision.notes.append(text)


# ---- the core -------------------------------------------------------------------------------


def decide(state: ReviewState | None, event: CoreEvent) -> Decision:
    """The next state of a review and the events to publish, given one input event."""
    if isinstance(event, StartReview):
        return _start(state, event)
    if state is None:
        return Decision(
            None, notes=[f"event {event.event_id} is for a review this orchestrator does not know"]
        )
    work = state.working_copy()
    decision = Decision(work)
    out = _Emitter(event.event_id, event.at, work, decision, base=state)
    if work.is_terminal():
        out.note(f"review is {work.status.value}; event {event.event_id} ignored")
        return Decision(state, notes=decision.notes)
    if isinstance(event, RecordResult):
        handled = _record_result(work, event, out)
    elif isinstance(event, ApplyDecisions):
        handled = _apply_decisions(work, event.submitted, out)
    elif isinstance(event, RetryFailed):
        handled = _retry_failed(work, event, out)
    elif isinstance(event, AdjustPlan):
        handled = _adjust_later(work, event, out)
    else:
        handled = _complete(work, event, out)
    if not handled:
        return Decision(state, notes=decision.notes)
    return decision


def _start(state: ReviewState | None, event: StartReview) -> Decision:
    if state is not None:
        return Decision(state, notes=[f"review {event.review_id} already started; duplicate request ignored"])
    work = ReviewState(
        review_id=event.review_id,
        tenant_id=event.tenant_id,
        request=event.request,
        window=event.window,
        usage=event.usage,
    )
    decision = Decision(work)
    out = _Emitter(event.event_id, event.at, work, decision)
    if event.failure or event.plan is None or not event.plan.clause_plans:
        work.status = ReviewStatus.FAILED
        work.failure_reason = event.failure or "the document has no clauses to review"
        out.snapshot()
        return decision
    work.status = ReviewStatus.PLANNING
    work.checklist = list(event.checklist)
    out.snapshot()
    _install_plan(work, event.plan)
    work.status = ReviewStatus.REVIEWING
    _fill_window(work, out)
    out.snapshot()
    return decision


def _install_plan(work: ReviewState, plan: ReviewPlan) -> None:
    priorities = {item.clause_id: item.priority for item in work.checklist}
    work.plan = plan
    work.plan_history = [
        PlanVersion(plan=plan, rationale=plan.global_strategy, trigger=f"initial:{plan.source}")
    ]
    for cp in plan.clause_plans:
        work.clauses[cp.clause_id] = ClauseRecord(
            clause_id=cp.clause_id,
            title=cp.clause_name,
            priority=priorities.get(cp.clause_id, "medium"),
            depth=cp.analysis_depth,
        )


def _fill_window(work: ReviewState, out: _Emitter) -> None:
    """Dispatch planned clauses in priority order while fewer than ``window`` analyses are in flight."""
    if work.plan is None:
        return
    in_flight = work.in_flight()
    for cp in sorted(work.plan.clause_plans, key=lambda p: p.priority_order):
        if in_flight >= work.window:
            return
        if work.clauses[cp.clause_id].state is ClauseState.PLANNED:
            clause = work.clause_for_update(cp.clause_id)
            _dispatch(work, clause, cp, TaskMode.ANALYZE, out)
            clause.state = ClauseState.DISPATCHED
            in_flight += 1


def _dispatch(
    work: ReviewState,
    clause: ClauseRecord,
    cp: ClausePlan,
    mode: TaskMode,
    out: _Emitter,
    redraft: tuple[RedraftRequest, ...] = (),
    risks: tuple[Risk, ...] = (),
) -> None:
    req = work.request
    tid = task_id(work.review_id, clause.clause_id, mode.value, clause.attempt, clause.retries)
    if mode is TaskMode.REDRAFT:
        clause.redraft_requests = list(redraft)
    task = ClauseTask.from_plan(
        cp,
        task_id=tid,
        mode=mode,
        attempt=clause.attempt,
        plan_version=work.plan.plan_version if work.plan else 1,
        documents=req.documents,
        our_party=req.our_party,
        language=req.language,
        domain=req.domain,
        use_react_agent=req.options.use_react_agent,
        max_retries=req.options.max_retries,
        risks=risks or tuple(r for r in clause.risks if any(d.risk_id == r.id for d in redraft)),
        redraft=redraft,
        standing=_standing(work, clause, redraft),
    )
    if mode is not TaskMode.ANALYZE:
        # A (re)draft task must draft and check: the clause's depth decided how deeply to analyse,
        # not whether a serious risk or a reviewer's rejection gets an answer.
        task = task.model_copy(update={"skip_diffs": False, "skip_validate": False})
    clause.depth = cp.analysis_depth
    clause.open_tasks.append(tid)
    out.emit(Topic.CLAUSE_TASKS, f"{work.review_id}:{clause.clause_id}", task)


def _standing(
    work: ReviewState, clause: ClauseRecord, redraft: tuple[RedraftRequest, ...]
) -> tuple[Redline, ...]:
    """The clause's redlines that stand while a task drafts on it: new drafts go on top of them.

    Rejected redlines and those being redrafted do not stand; an edited one stands as edited.
    """
    redrafted = {r.redline_id for r in redraft}
    standing = []
    for rid in clause.redline_ids:
        record = work.redlines.get(rid)
        if record is None or record.id in redrafted or record.status is RedlineStatus.REJECTED:
            continue
        standing.append(
            Redline(
                id=record.id,
                clause_id=record.clause_id,
                risk_id=record.risk_id,
                original_text=record.original_text,
                proposed_text=record.final_text or record.proposed_text,
                reason=record.reason,
                status=record.status,
                round=record.round,
            )
        )
    return tuple(standing)


# ---- clause results -------------------------------------------------------------------------


def _record_result(work: ReviewState, event: RecordResult, out: _Emitter) -> bool:
    result = event.result
    if result.task_id in work.processed_tasks:
        out.note(f"duplicate result for task {result.task_id} ignored")
        return False
    known = work.clauses.get(result.clause_id)
    if known is None or result.task_id not in known.open_tasks:
        out.note(
            f"result for task {result.task_id} (clause {result.clause_id}) matches no open task; ignored"
        )
        return False
    clause = work.clause_for_update(result.clause_id)
    work.processed_tasks.append(result.task_id)
    clause.open_tasks.remove(result.task_id)
    work.usage = work.usage + result.usage + event.usage
    if result.failed:
        _record_failure(work, clause, result, out)
        return True
    if result.mode is TaskMode.ANALYZE:
        clause.state = ClauseState.ANALYZED
        work.analyzed_count += 1
        clause.fallback_used = result.fallback_used
        clause.error = result.error
    known_risks = {r.id for r in clause.risks}
    clause.risks.extend(r for r in result.risks if r.id not in known_risks)
    fresh = _add_redlines(work, clause, result)
    _apply_policy(work, fresh)
    _apply_parked(work, fresh, out)
    if result.mode is TaskMode.ANALYZE:
        _draft_serious_risks_left_undrafted(work, clause, out)
    if event.adjustment is not None and result.mode is TaskMode.ANALYZE:
        _adjust(work, event.adjustment, event.trigger, result.clause_id, out)
    _settle_if_done(clause, work)
    _fill_window(work, out)
    _refresh_status(work)
    out.snapshot()
    return True


def _record_failure(work: ReviewState, clause: ClauseRecord, result: ClauseResult, out: _Emitter) -> None:
    """The clause could not be reviewed: it is ``failed`` with the error, never settled without risks."""
    clause.state = ClauseState.FAILED
    clause.error = result.error or "the clause could not be reviewed"
    clause.failed_mode = result.mode
    out.note(f"clause {clause.clause_id} failed ({result.mode.value}): {clause.error}")
    _fill_window(work, out)
    _refresh_status(work)
    out.snapshot()


def _retry_failed(work: ReviewState, event: RetryFailed, out: _Emitter) -> bool:
    """Send the failed clauses' work again (a new task id each): analysis, drafting or redraft."""
    request_id = event.request.request_id
    if request_id in work.processed_requests:
        out.note(f"retry request {request_id} already applied; ignored")
        return False
    failed = work.failed_clauses()
    if not failed:
        out.note("retry requested but no clause has failed; ignored")
        return False
    work.processed_requests.append(request_id)
    for record in failed:
        clause = work.clause_for_update(record.clause_id)
        cp = work.clause_plan(clause.clause_id)
        mode = clause.failed_mode or TaskMode.ANALYZE
        clause.retries += 1
        clause.error, clause.failed_mode = "", None
        if cp is None or mode is TaskMode.ANALYZE:
            clause.state = ClauseState.PLANNED  # the window dispatches it in plan order
            continue
        clause.state = ClauseState.REDRAFTING
        if mode is TaskMode.REDRAFT:
            _dispatch(work, clause, cp, mode, out, redraft=tuple(clause.redraft_requests))
        else:
            addressed = {work.redlines[r].risk_id for r in clause.redline_ids}
            serious = tuple(
                r for r in clause.risks if r.risk_level is RiskLevel.HIGH and r.id not in addressed
            )
            _dispatch(work, clause, cp, mode, out, risks=serious)
    work.summary, work.failure_reason = "", ""
    work.status = ReviewStatus.REVIEWING
    _fill_window(work, out)
    _refresh_status(work)
    out.snapshot()
    return True


def _draft_serious_risks_left_undrafted(work: ReviewState, clause: ClauseRecord, out: _Emitter) -> None:
    """A clause planned without drafting (quick depth) that holds a high risk gets its redlines drafted.

    The plan skips drafting where it expects nothing serious (definitions, boilerplate). When the
    analysis finds a high risk there anyway, the report must not leave it without proposed
    wording, so a ``draft`` task follows for those risks (medium and low ones stay notes).
    """
    cp = work.clause_plan(clause.clause_id)
    if cp is None or not cp.skip_diffs:
        return
    addressed = {work.redlines[r].risk_id for r in clause.redline_ids}
    serious = tuple(r for r in clause.risks if r.risk_level is RiskLevel.HIGH and r.id not in addressed)
    if not serious:
        return
    out.note(f"clause {clause.clause_id} was planned without drafting but holds {len(serious)} high risk(s)")
    _dispatch(work, clause, cp, TaskMode.DRAFT, out, risks=serious)


def _add_redlines(work: ReviewState, clause: ClauseRecord, result: ClauseResult) -> list[RedlineRecord]:
    levels = {r.id: r.risk_level for r in clause.risks}
    fresh: list[RedlineRecord] = []
    for rl in result.redlines:
        if rl.id in work.redlines:
            continue
        record = RedlineRecord(
            id=rl.id,
            clause_id=clause.clause_id,
            risk_id=rl.risk_id,
            original_text=rl.original_text,
            proposed_text=rl.proposed_text,
            reason=rl.reason,
            round=rl.round,
            risk_level=levels.get(rl.risk_id),
        )
        work.redlines[rl.id] = record
        clause.redline_ids.append(rl.id)
        fresh.append(record)
    return fresh


def _apply_policy(work: ReviewState, fresh: list[RedlineRecord]) -> None:
    """``auto`` approves every redline; ``auto_low`` approves those that address a low risk."""
    policy = work.policy
    for rl in fresh:
        if policy is ApprovalPolicy.AUTO or (
            policy is ApprovalPolicy.AUTO_LOW and rl.risk_level is RiskLevel.LOW
        ):
            rl.status = RedlineStatus.APPROVED
            rl.final_text = rl.proposed_text
            rl.decided_by = f"policy:{policy.value}"


def _apply_parked(work: ReviewState, fresh: list[RedlineRecord], out: _Emitter) -> None:
    """Decisions that overtook their redline's result are applied now that the redline is known."""
    ids = {rl.id for rl in fresh}
    ready = [p for p in work.parked if p.decision.redline_id in ids]
    if not ready:
        return
    work.parked = [p for p in work.parked if p.decision.redline_id not in ids]
    # One step for all of them: rejections of several redlines of one clause share one redraft round.
    _decide_redlines(work, [(p.decision, p.request_id, p.decided_by) for p in ready], out)


def _adjust_later(work: ReviewState, event: AdjustPlan, out: _Emitter) -> bool:
    """A plan adjustment asked after its result was recorded: applied to the clauses still planned."""
    if work.plan is None:
        return False
    work.usage = work.usage + event.usage
    if _adjust(work, event.adjustment, event.trigger, event.clause_id, out):
        out.snapshot()
    return True


def _adjust(
    work: ReviewState, adjustment: PlanAdjustment, trigger: str | None, clause_id: str, out: _Emitter
) -> bool:
    """Apply an adjustment to the undispatched clauses; whether the plan changed."""
    assert work.plan is not None
    new_plan = apply_adjustment(
        work.plan,
        adjustment,
        dispatched=work.dispatched_ids(),
        domain=work.request.domain,
        checklist=work.checklist,
    )
    if new_plan.plan_version == work.plan.plan_version:
        out.note(f"plan adjustment ({trigger}) changed no undispatched clause")
        return False
    work.plan = new_plan
    work.plan_history.append(
        PlanVersion(
            plan=new_plan,
            rationale=adjustment.reason,
            trigger=trigger or "adjustment",
            clause_id=clause_id,
        )
    )
    for cp in new_plan.clause_plans:
        planned = work.clauses[cp.clause_id]
        if planned.state is ClauseState.PLANNED and planned.depth is not cp.analysis_depth:
            work.clause_for_update(cp.clause_id).depth = cp.analysis_depth
    return True


# ---- resume events (decisions) --------------------------------------------------------------


def _apply_decisions(work: ReviewState, submitted: ReviewDecisionsSubmitted, out: _Emitter) -> bool:
    if submitted.request_id in work.processed_requests:
        out.note(f"decision request {submitted.request_id} already applied; ignored")
        return False
    work.processed_requests.append(submitted.request_id)
    _decide_redlines(
        work, [(d, submitted.request_id, submitted.decided_by) for d in submitted.decisions], out
    )
    _refresh_status(work)
    out.snapshot()
    return True


def _decide_redlines(
    work: ReviewState, decisions: list[tuple[RedlineDecision, str, str]], out: _Emitter
) -> None:
    """Apply ``(decision, request_id, decided_by)`` triples; a clause's rejections make one redraft."""
    rejected: dict[str, list[RedlineRecord]] = {}
    for d, request_id, decided_by in decisions:
        if d.redline_id not in work.redlines:
            _park(work, d, request_id, decided_by, out)
            continue
        rl = work.redlines[d.redline_id]
        if rl.status is not RedlineStatus.PENDING:
            out.note(f"redline {rl.id} is already {rl.status.value}; decision {d.action.value} ignored")
            continue
        if d.action is DecisionAction.EDIT and not d.text.strip():
            out.note(f"edit of redline {rl.id} has no text; ignored")
            continue
        rl = work.redline_for_update(d.redline_id)
        _record_decision(rl, d, request_id, decided_by)
        if rl.status is RedlineStatus.REJECTED and d.feedback.strip():
            rejected.setdefault(rl.clause_id, []).append(rl)
    touched = {
        work.redlines[d.redline_id].clause_id for d, _, _ in decisions if d.redline_id in work.redlines
    }
    for clause_id in sorted(touched):
        clause = work.clause_for_update(clause_id)
        if clause_id in rejected:
            _redraft(work, clause, rejected[clause_id], out)
        _settle_if_done(clause, work)


def _park(work: ReviewState, d: RedlineDecision, request_id: str, decided_by: str, out: _Emitter) -> None:
    if len(work.parked) >= MAX_PARKED or any(p.decision.redline_id == d.redline_id for p in work.parked):
        out.note(f"decision on unknown redline {d.redline_id} dropped")
        return
    work.parked.append(ParkedDecision(decision=d, request_id=request_id, decided_by=decided_by))
    out.note(f"decision on redline {d.redline_id} parked until its result arrives")


def _record_decision(rl: RedlineRecord, d: RedlineDecision, request_id: str, decided_by: str) -> None:
    rl.decided_by = decided_by
    rl.decision_request_id = request_id
    rl.feedback = d.feedback
    if d.action is DecisionAction.APPROVE:
        rl.status, rl.final_text = RedlineStatus.APPROVED, rl.proposed_text
    elif d.action is DecisionAction.EDIT:
        rl.status, rl.final_text = RedlineStatus.EDITED, d.text
    else:
        rl.status, rl.final_text = RedlineStatus.REJECTED, None


def _redraft(work: ReviewState, clause: ClauseRecord, rejected: list[RedlineRecord], out: _Emitter) -> None:
    """Send the rejected redlines back to a worker with the feedback, while redraft rounds remain."""
    if clause.attempt >= work.request.options.max_redraft_rounds:
        out.note(f"clause {clause.clause_id} has used its redraft rounds; rejection is final")
        return
    cp = work.clause_plan(clause.clause_id)
    if cp is None:
        return
    clause.attempt += 1
    requests = tuple(
        RedraftRequest(
            redline_id=rl.id,
            risk_id=rl.risk_id,
            original_text=rl.original_text,
            rejected_text=rl.proposed_text,
            feedback=rl.feedback,
        )
        for rl in rejected
    )
    _dispatch(work, clause, cp, TaskMode.REDRAFT, out, redraft=requests)


# ---- settling and completion ----------------------------------------------------------------


def _settle_if_done(clause: ClauseRecord, work: ReviewState) -> None:
    """A clause with no task out and nothing pending is settled; otherwise it waits."""
    if clause.state in (ClauseState.PLANNED, ClauseState.DISPATCHED, ClauseState.FAILED):
        return
    if clause.open_tasks:
        clause.state = ClauseState.REDRAFTING
    elif any(work.redlines[r].status is RedlineStatus.PENDING for r in clause.redline_ids):
        clause.state = ClauseState.AWAITING_APPROVAL
    else:
        clause.state = ClauseState.SETTLED


def _refresh_status(work: ReviewState) -> None:
    if work.all_settled():
        work.status = ReviewStatus.SUMMARIZING
    elif any(
        c.state in (ClauseState.PLANNED, ClauseState.DISPATCHED, ClauseState.REDRAFTING)
        for c in work.clauses.values()
    ):
        work.status = ReviewStatus.REVIEWING
    else:
        work.status = ReviewStatus.AWAITING_APPROVAL


def _complete(work: ReviewState, event: CompleteSummary, out: _Emitter) -> bool:
    if work.status is not ReviewStatus.SUMMARIZING:
        out.note(f"summary offered while the review is {work.status.value}; ignored")
        return False
    work.summary = event.summary
    work.usage = work.usage + event.usage
    work.status = ReviewStatus.COMPLETED
    failed = work.failed_clauses()
    if failed:
        work.status = ReviewStatus.INCOMPLETE
        work.failure_reason = incomplete_reason(failed)
        work.summary = f"{_incomplete_notice(work, len(failed))}\n\n{event.summary}"
    out.snapshot()
    return True


def incomplete_reason(failed: list[ClauseRecord]) -> str:
    """Why a review is incomplete: how many clauses were not reviewed, which, and the first cause."""
    ids = ", ".join(c.clause_id for c in failed[:10]) + (", …" if len(failed) > 10 else "")
    return (
        f"{len(failed)} clause(s) could not be reviewed ({ids}): {failed[0].error}. "
        "Retry them once the cause is fixed (POST /v1/reviews/{id}/retry or `clauseflow retry ID`)."
    )


def _incomplete_notice(work: ReviewState, count: int) -> str:
    if work.request.language.value.startswith("zh"):
        return f"**审查未完成：{count} 个条款未能审查**（模型或技能服务不可用），以下结论不含这些条款。"
    return (
        f"**Review incomplete: {count} clause(s) could not be reviewed** (the model or a skill was "
        "unavailable); the findings below do not cover them."
    )
