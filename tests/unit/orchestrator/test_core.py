"""The pure decision core: dispatch window, results, approvals, redrafts, policies, dedup, completion."""

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
    ClausePlan,
    ClauseState,
    DecisionAction,
    Depth,
    Domain,
    PlanAdjustment,
    Redline,
    RedlineStatus,
    ReviewOptions,
    ReviewStatus,
    Risk,
    TaskMode,
)
from clauseflow_contracts.review import (
    Decision as RedlineDecision,
)
from clauseflow_orchestrator.core import (
    AdjustPlan,
    ApplyDecisions,
    CompleteSummary,
    Decision,
    RecordResult,
    StartReview,
    decide,
)
from clauseflow_orchestrator.planning import build_default_plan, clause_plan
from clauseflow_orchestrator.state import ReviewState
from pydantic import BaseModel

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
    return [
        ClauseTask.model_validate(o.envelope.payload)
        for o in decision.outgoing
        if o.topic == Topic.CLAUSE_TASKS
    ]


def updates(decision: Decision) -> list[ReviewUpdated]:
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
    return decide(state, RecordResult(event_id or f"evt_{res.task_id}", AT, res, **kw))  # type: ignore[arg-type]


def decisions(state: ReviewState | None, request_id: str, *items: RedlineDecision) -> Decision:
    submitted = ReviewDecisionsSubmitted(
        request_id=request_id, decisions=items, decided_by="alice", decided_at=AT
    )
    return decide(state, ApplyDecisions(f"evt_{request_id}", AT, submitted))


def approve(rid: str) -> RedlineDecision:
    return RedlineDecision(redline_id=rid, action=DecisionAction.APPROVE)


def reject(rid: str, feedback: str = "too weak, cap at 100% of the price") -> RedlineDecision:
    return RedlineDecision(redline_id=rid, action=DecisionAction.REJECT, feedback=feedback)


def only_redline(state: ReviewState, clause_id: str) -> str:
    pending = [
        r for r in state.clauses[clause_id].redline_ids if state.redlines[r].status is RedlineStatus.PENDING
    ]
    assert len(pending) == 1
    return pending[0]


def settle_all_without_risks(state: ReviewState) -> ReviewState:
    for clause_id in list(state.clauses):
        if state.clauses[clause_id].state is ClauseState.DISPATCHED:
            d = record(state, result(clause_id))
            assert d.state is not None
            state = d.state
    return state


class TestStart:
    def test_dispatches_in_priority_order_within_the_window(self) -> None:
        d = start(5, window=2)  # critical, high, medium, low, critical
        assert [t.clause_id for t in tasks(d)] == ["1", "5"]
        assert d.state is not None and d.state.status is ReviewStatus.REVIEWING
        assert [t.mode for t in tasks(d)] == [TaskMode.ANALYZE, TaskMode.ANALYZE]
        assert {o.key for o in d.outgoing if o.topic == Topic.CLAUSE_TASKS} == {f"{REVIEW}:1", f"{REVIEW}:5"}

    def test_tasks_carry_the_clause_plan(self) -> None:
        first = tasks(start(2))[0]
        assert (first.depth, first.max_iterations, first.plan_version, first.our_party) == (
            Depth.DEEP,
            5,
            1,
            "Contractor",
        )

    def test_each_state_change_publishes_a_snapshot_with_increasing_sequence(self) -> None:
        snaps = updates(start(2))
        assert [(s.status, s.sequence) for s in snaps] == [
            (ReviewStatus.PLANNING, 1),
            (ReviewStatus.REVIEWING, 2),
        ]
        assert snaps[1].plan is not None and len(snaps[1].clauses) == 2

    def test_a_failure_ends_the_review_with_a_reason(self) -> None:
        request = ReviewRequested(documents=DocumentRefs(primary="doc"), our_party="Contractor")
        d = decide(None, StartReview("e", AT, REVIEW, request, failure="the contract could not be read: x"))
        assert d.state is not None and d.state.status is ReviewStatus.FAILED
        assert updates(d)[0].failure_reason.startswith("the contract could not be read")

    def test_a_duplicate_request_changes_nothing(self) -> None:
        first = start()
        request = first.state.request if first.state else None
        assert request is not None
        again = decide(first.state, StartReview("evt_other", AT, REVIEW, request))
        assert again.outgoing == [] and again.state is first.state


class TestResults:
    def test_a_clause_without_redlines_settles_and_the_window_moves_on(self) -> None:
        d0 = start(3, window=1)
        d1 = record(d0.state, result("1"))
        assert d1.state is not None
        assert d1.state.clauses["1"].state is ClauseState.SETTLED
        assert [t.clause_id for t in tasks(d1)] == ["2"]

    def test_a_clause_with_redlines_awaits_approval(self) -> None:
        d = record(start(2).state, result("1", ("high",)))
        assert d.state is not None
        assert d.state.clauses["1"].state is ClauseState.AWAITING_APPROVAL
        assert len(d.state.redlines) == 1

    def test_a_duplicate_result_is_ignored(self) -> None:
        d1 = record(start(2).state, result("1", ("high",)))
        d2 = record(d1.state, result("1", ("high",)), event_id="evt_redelivered")
        assert d2.outgoing == [] and d2.state is d1.state
        assert any("duplicate" in n for n in d2.notes)

    def test_a_result_for_no_open_task_is_ignored(self) -> None:
        d = record(start(2, window=1).state, result("2"))
        assert d.outgoing == []

    def test_replaying_an_event_on_the_same_state_gives_the_same_event_ids(self) -> None:
        state = start(3, window=1).state
        a = record(state, result("1"))
        b = record(state, result("1"))
        assert [o.envelope.event_id for o in a.outgoing] == [o.envelope.event_id for o in b.outgoing]
        assert len({o.envelope.event_id for o in a.outgoing}) == len(a.outgoing)

    def test_input_state_is_not_modified(self) -> None:
        state = start(2).state
        assert state is not None
        before = state.model_dump()
        record(state, result("1", ("high",)))
        assert state.model_dump() == before


class TestApprovals:
    def test_approve_settles_and_last_settlement_summarizes_then_completes(self) -> None:
        d = record(start(1).state, result("1", ("high",)))
        assert d.state is not None and d.state.status is ReviewStatus.AWAITING_APPROVAL
        rid = only_redline(d.state, "1")
        d = decisions(d.state, "req1", approve(rid))
        assert d.state is not None
        assert d.state.redlines[rid].status is RedlineStatus.APPROVED
        assert d.state.redlines[rid].final_text == "capped (round 0)"
        assert d.state.clauses["1"].state is ClauseState.SETTLED
        assert d.state.status is ReviewStatus.SUMMARIZING
        done = decide(d.state, CompleteSummary("evt_sum", AT, "All good."))
        assert done.state is not None and done.state.status is ReviewStatus.COMPLETED
        assert updates(done)[-1].summary == "All good."

    def test_edit_keeps_the_reviewers_text(self) -> None:
        d = record(start(1).state, result("1", ("medium",)))
        assert d.state is not None
        rid = only_redline(d.state, "1")
        d = decisions(
            d.state, "req1", RedlineDecision(redline_id=rid, action=DecisionAction.EDIT, text="my text")
        )
        assert d.state is not None
        assert (d.state.redlines[rid].status, d.state.redlines[rid].final_text) == (
            RedlineStatus.EDITED,
            "my text",
        )
        assert d.state.redlines[rid].decided_by == "alice"

    def test_reject_with_feedback_sends_a_redraft_task(self) -> None:
        d = record(start(1).state, result("1", ("high",)))
        assert d.state is not None
        rid = only_redline(d.state, "1")
        d = decisions(d.state, "req1", reject(rid))
        assert d.state is not None
        (task,) = tasks(d)
        assert (task.mode, task.attempt, task.skip_diffs) == (TaskMode.REDRAFT, 1, False)
        assert task.task_id == task_id(REVIEW, "1", "redraft", 1)
        assert [r.id for r in task.risks] == [d.state.redlines[rid].risk_id]
        assert (
            task.redraft[0].feedback.startswith("too weak")
            and task.redraft[0].rejected_text == "capped (round 0)"
        )
        assert d.state.clauses["1"].state is ClauseState.REDRAFTING
        assert d.state.status is ReviewStatus.REVIEWING

    def test_a_redraft_task_carries_the_clauses_standing_redlines_as_they_stand(self) -> None:
        # two risks in one clause: one redline edited by the reviewer, the other rejected
        d = record(start(1).state, result("1", ("high", "high")))
        assert d.state is not None
        kept, rejected = d.state.clauses["1"].redline_ids
        d = decisions(
            d.state,
            "req1",
            RedlineDecision(redline_id=kept, action=DecisionAction.EDIT, text="capped at the fees"),
            reject(rejected),
        )
        (task,) = tasks(d)
        assert [r.redline_id for r in task.redraft] == [rejected]
        # the redraft is drafted on top of the edited text, never on the rejected one
        assert [(r.id, r.proposed_text, r.status) for r in task.standing] == [
            (kept, "capped at the fees", RedlineStatus.EDITED)
        ]

    def test_a_redraft_round_trip_ends_in_an_approved_second_draft(self) -> None:
        d = record(start(1).state, result("1", ("high",)))
        assert d.state is not None
        d = decisions(d.state, "req1", reject(only_redline(d.state, "1")))
        d = record(d.state, result("1", ("high",), attempt=1, mode="redraft"))
        assert d.state is not None and d.state.clauses["1"].state is ClauseState.AWAITING_APPROVAL
        second = only_redline(d.state, "1")
        assert d.state.redlines[second].round == 1
        d = decisions(d.state, "req2", approve(second))
        assert d.state is not None and d.state.status is ReviewStatus.SUMMARIZING
        statuses = sorted(r.status.value for r in d.state.redlines.values())
        assert statuses == ["approved", "rejected"]

    def test_rejections_beyond_the_rounds_are_final(self) -> None:
        d = record(start(1, rounds=1).state, result("1", ("high",)))
        assert d.state is not None
        d = decisions(d.state, "req1", reject(only_redline(d.state, "1")))
        d = record(d.state, result("1", ("high",), attempt=1, mode="redraft"))
        assert d.state is not None
        d = decisions(d.state, "req2", reject(only_redline(d.state, "1")))
        assert tasks(d) == []
        assert d.state is not None and d.state.clauses["1"].state is ClauseState.SETTLED
        assert any("redraft rounds" in n for n in d.notes)

    def test_reject_without_feedback_is_final(self) -> None:
        d = record(start(1).state, result("1", ("high",)))
        assert d.state is not None
        d = decisions(d.state, "req1", reject(only_redline(d.state, "1"), feedback=""))
        assert tasks(d) == []
        assert d.state is not None and d.state.clauses["1"].state is ClauseState.SETTLED

    def test_a_duplicate_request_is_ignored(self) -> None:
        d = record(start(2).state, result("1", ("high",)))
        assert d.state is not None
        d1 = decisions(d.state, "req1", reject(only_redline(d.state, "1")))
        d2 = decisions(d1.state, "req1", reject(only_redline(d.state, "1")))
        assert d2.outgoing == [] and d2.state is d1.state

    def test_a_decision_on_a_settled_redline_is_ignored(self) -> None:
        d = record(start(2).state, result("1", ("high",)))
        assert d.state is not None
        rid = only_redline(d.state, "1")
        d1 = decisions(d.state, "req1", approve(rid))
        d2 = decisions(d1.state, "req2", reject(rid))
        assert d2.state is not None and d2.state.redlines[rid].status is RedlineStatus.APPROVED
        assert tasks(d2) == []
        assert any("already approved" in n for n in d2.notes)

    def test_a_decision_that_overtakes_its_result_is_applied_when_the_result_arrives(self) -> None:
        res = result("1", ("high",))
        rid = res.redlines[0].id
        d = decisions(start(2).state, "req_early", approve(rid))
        assert d.state is not None and len(d.state.parked) == 1
        d = record(d.state, res)
        assert d.state is not None
        assert d.state.redlines[rid].status is RedlineStatus.APPROVED
        assert d.state.clauses["1"].state is ClauseState.SETTLED
        assert d.state.parked == []


class TestClausesPlannedWithoutDrafting:
    """A quick clause skips drafting, but a high risk found there still gets proposed wording."""

    def test_a_high_risk_found_in_a_quick_clause_sends_a_draft_task_for_it_alone(self) -> None:
        d = start(2, quick=("2",))
        found = result("2", ("high", "medium"), redlines=False)
        d = record(d.state, found)
        assert d.state is not None
        (draft,) = tasks(d)
        assert (draft.mode, draft.clause_id, draft.depth) == (TaskMode.DRAFT, "2", Depth.QUICK)
        assert [r.id for r in draft.risks] == [found.risks[0].id]
        assert (draft.skip_diffs, draft.skip_validate) == (False, False)
        assert d.state.clauses["2"].open_tasks == [draft.task_id]
        assert d.state.status is ReviewStatus.REVIEWING

    def test_the_drafted_redline_waits_for_approval_and_then_the_clause_settles(self) -> None:
        d = start(1, quick=("1",))
        found = result("1", ("high",), redlines=False)
        d = record(d.state, found)
        (draft,) = tasks(d)
        drafted = ClauseResult(
            task_id=draft.task_id,
            clause_id="1",
            mode=TaskMode.DRAFT,
            redlines=(
                Redline(
                    id=redline_id(REVIEW, "1", found.risks[0].id, 0),
                    clause_id="1",
                    risk_id=found.risks[0].id,
                    original_text="unlimited",
                    proposed_text="capped at the fees paid",
                ),
            ),
        )
        d = record(d.state, drafted)
        assert d.state is not None and not tasks(d)
        assert d.state.clauses["1"].state is ClauseState.AWAITING_APPROVAL
        d = decisions(d.state, "req_1", approve(only_redline(d.state, "1")))
        assert d.state is not None and d.state.status is ReviewStatus.SUMMARIZING

    def test_medium_and_low_risks_of_a_quick_clause_stay_findings_without_redlines(self) -> None:
        d = start(1, quick=("1",))
        d = record(d.state, result("1", ("medium", "low"), redlines=False))
        assert d.state is not None and not tasks(d)
        assert d.state.clauses["1"].state is ClauseState.SETTLED

    def test_a_clause_planned_with_drafting_is_not_sent_back_when_its_drafts_failed(self) -> None:
        d = start(1)
        d = record(d.state, result("1", ("high",), redlines=False))
        assert d.state is not None and not tasks(d)
        assert d.state.clauses["1"].state is ClauseState.SETTLED


class TestPolicies:
    def test_auto_approves_everything(self) -> None:
        d = record(start(1, policy=ApprovalPolicy.AUTO).state, result("1", ("high", "low")))
        assert d.state is not None
        assert {r.status for r in d.state.redlines.values()} == {RedlineStatus.APPROVED}
        assert all(r.decided_by == "policy:auto" for r in d.state.redlines.values())
        assert d.state.status is ReviewStatus.SUMMARIZING

    def test_auto_low_approves_only_low_risk_redlines(self) -> None:
        d = record(start(1, policy=ApprovalPolicy.AUTO_LOW).state, result("1", ("high", "low")))
        assert d.state is not None
        by_level = {r.risk_level.value: r.status for r in d.state.redlines.values() if r.risk_level}
        assert by_level == {"high": RedlineStatus.PENDING, "low": RedlineStatus.APPROVED}
        assert d.state.clauses["1"].state is ClauseState.AWAITING_APPROVAL


class TestAdjustment:
    def test_adjustment_changes_only_undispatched_clauses_and_keeps_every_version(self) -> None:
        d = start(4, window=1)
        adj = PlanAdjustment(
            should_adjust=True,
            reason="clause 1 is worse than expected",
            adjusted_clauses=(
                ClausePlan(clause_id="1", analysis_depth=Depth.QUICK),
                ClausePlan(clause_id="2", analysis_depth=Depth.DEEP),
            ),
        )
        d = record(d.state, result("1", ("high",)), adjustment=adj, trigger="high_risk")
        assert d.state is not None and d.state.plan is not None
        assert d.state.plan.plan_version == 2
        assert [v.plan.plan_version for v in d.state.plan_history] == [1, 2]
        assert d.state.plan_history[1].rationale == "clause 1 is worse than expected"
        assert d.state.plan_history[1].trigger == "high_risk"
        depths = {cp.clause_id: cp.analysis_depth for cp in d.state.plan.clause_plans}
        assert depths["1"] is Depth.DEEP  # already dispatched: unchanged
        (next_task,) = tasks(d)
        assert (next_task.clause_id, next_task.depth, next_task.plan_version) == ("2", Depth.DEEP, 2)
        assert next_task.skip_diffs is False

    def test_results_in_any_order_dispatch_every_clause_at_the_same_depth(self) -> None:
        # Clauses 1 and 5 are out together; whichever answers first, the clauses still planned
        # end up at the same depth, and a lowering asked by one of them is never applied.
        raise_8 = PlanAdjustment(
            should_adjust=True, adjusted_clauses=(ClausePlan(clause_id="8", analysis_depth=Depth.DEEP),)
        )
        raise_4_lower_7 = PlanAdjustment(
            should_adjust=True,
            adjusted_clauses=(
                ClausePlan(clause_id="4", analysis_depth=Depth.DEEP, max_iterations=6),
                ClausePlan(clause_id="7", analysis_depth=Depth.QUICK),
                ClausePlan(clause_id="8", analysis_depth=Depth.STANDARD, max_iterations=4),
            ),
        )
        adjustments = {"1": raise_8, "5": raise_4_lower_7}

        def depths(first: str, second: str) -> dict[str, tuple[Depth, int]]:
            d = start(8, window=2)
            sent = {t.clause_id: (t.depth, t.max_iterations) for t in tasks(d)}
            for cid in (first, second):
                assert d.state is not None
                d = record(d.state, result(cid, ("high",), redlines=False))
                sent |= {t.clause_id: (t.depth, t.max_iterations) for t in tasks(d)}
                assert d.state is not None
                d = decide(d.state, AdjustPlan(f"evt_{cid}:adjust", AT, cid, adjustments[cid], "high_risk"))
                sent |= {t.clause_id: (t.depth, t.max_iterations) for t in tasks(d)}
            assert d.state is not None
            state = d.state
            while any(c.state is ClauseState.DISPATCHED for c in state.clauses.values()):
                cid = next(k for k, c in state.clauses.items() if c.state is ClauseState.DISPATCHED)
                d = record(state, result(cid))
                sent |= {t.clause_id: (t.depth, t.max_iterations) for t in tasks(d)}
                assert d.state is not None
                state = d.state
            assert sorted(sent) == [str(i) for i in range(1, 9)]
            return sent

        one_first, five_first = depths("1", "5"), depths("5", "1")
        assert one_first == five_first
        assert one_first["8"] == (Depth.DEEP, 4) and one_first["4"] == (Depth.DEEP, 6)
        assert one_first["7"] == (Depth.STANDARD, 3)

    def test_an_adjustment_that_changes_nothing_keeps_the_version(self) -> None:
        adj = PlanAdjustment(
            should_adjust=True, adjusted_clauses=(ClausePlan(clause_id="1", analysis_depth=Depth.QUICK),)
        )
        d = record(start(2).state, result("1"), adjustment=adj, trigger="midpoint")
        assert d.state is not None and d.state.plan is not None and d.state.plan.plan_version == 1


class TestLifecycle:
    def test_snapshot_sequence_is_monotonic_through_a_review(self) -> None:
        d = start(3, window=2)
        seen = [u.sequence for u in updates(d)]
        state = d.state
        assert state is not None
        for cid in ("1", "2", "3"):
            d = record(state, result(cid))
            seen += [u.sequence for u in updates(d)]
            assert d.state is not None
            state = d.state
        d = decide(state, CompleteSummary("evt_sum", AT, "done"))
        seen += [u.sequence for u in updates(d)]
        assert seen == sorted(seen) and len(seen) == len(set(seen))
        assert d.state is not None and d.state.status is ReviewStatus.COMPLETED

    def test_a_completed_review_ignores_further_events(self) -> None:
        state = settle_all_without_risks(start(1).state)  # type: ignore[arg-type]
        done = decide(state, CompleteSummary("evt_sum", AT, "done"))
        late = record(done.state, result("1"), event_id="evt_late")
        assert late.outgoing == [] and late.state is done.state

    def test_events_for_an_unknown_review_are_ignored(self) -> None:
        d = record(None, result("1"))
        assert d.state is None and d.outgoing == []


class TestSnapshotsAndCopies:
    def test_a_snapshot_carries_the_plan_only_when_its_version_changed(self) -> None:
        d = start(4, window=1)
        assert d.state is not None
        assert [s.plan is not None for s in updates(d)] == [False, True]
        d = record(d.state, result("1"))
        assert d.state is not None
        assert [s.plan for s in updates(d)] == [None]
        adj = PlanAdjustment(
            should_adjust=True,
            reason="clause 2 is worse than expected",
            adjusted_clauses=(ClausePlan(clause_id="3", analysis_depth=Depth.DEEP),),
        )
        d = record(d.state, result("2", ("high",)), adjustment=adj, trigger="high_risk")
        assert d.state is not None
        (snap,) = updates(d)
        assert snap.plan is not None and snap.plan.plan_version == 2
        assert snap.plan_rationale == "clause 2 is worse than expected"
        d = decisions(d.state, "req_1", approve(only_redline(d.state, "2")))
        assert [s.plan for s in updates(d)] == [None]

    def test_decide_never_changes_the_state_it_is_given(self) -> None:
        d = start(3, window=3)
        assert d.state is not None
        before = d.state.model_dump()
        first = record(d.state, result("1", ("high",)))
        assert d.state.model_dump() == before
        assert first.state is not None
        before = first.state.model_dump()
        second = decisions(first.state, "req_1", reject(only_redline(first.state, "1")))
        assert first.state.model_dump() == before
        assert second.state is not None and second.state.clauses["1"].attempt == 1

    def test_a_working_copy_shares_no_mutable_part_with_the_original_once_written(self) -> None:
        d = record(start(2).state, result("1", ("high",)))
        assert d.state is not None
        decide_state = d.state
        copy = decide_state.working_copy()
        assert copy.model_dump() == decide_state.model_dump()
        # Clause and redline records are copied on write: the core asks for them before changing them.
        for clause_id in copy.clauses:
            copy.clause_for_update(clause_id)
        for rid in copy.redlines:
            copy.redline_for_update(rid)

        def mutable_parts(value: object, path: str = "") -> dict[str, object]:
            found: dict[str, object] = {}
            if isinstance(value, BaseModel):
                if not value.model_config.get("frozen"):
                    found[path] = value
                    for name in type(value).model_fields:
                        found.update(mutable_parts(getattr(value, name), f"{path}.{name}"))
            elif isinstance(value, list | dict):
                found[path] = value
                items = value.items() if isinstance(value, dict) else enumerate(value)
                for key, item in items:
                    found.update(mutable_parts(item, f"{path}[{key}]"))
            return found

        originals, copies = mutable_parts(decide_state), mutable_parts(copy)
        assert originals.keys() == copies.keys()
        shared = [path for path, part in originals.items() if copies[path] is part]
        assert shared == []

    def test_a_working_copy_copies_only_the_records_it_writes(self) -> None:
        state = start(3).state
        assert state is not None
        copy = state.working_copy()
        copy.clause_for_update("1").error = "changed"
        assert state.clauses["1"].error == ""
        assert copy.clauses["1"] is not state.clauses["1"]
        assert copy.clauses["2"] is state.clauses["2"]
        assert copy.clause_for_update("1") is copy.clauses["1"]  # copied once, then its own


class TestSnapshotsCarryChanges:
    def test_a_result_publishes_only_the_clauses_whose_progress_changed(self) -> None:
        d = start(4, window=1)
        assert d.state is not None
        (full,) = updates(d)[-1:]
        assert not full.partial and [c.clause_id for c in full.clauses] == ["1", "2", "3", "4"]
        d = record(d.state, result("1"))
        (snap,) = updates(d)
        assert snap.partial and snap.clause_count == 4
        assert [(c.clause_id, c.state, c.position) for c in snap.clauses] == [
            ("1", ClauseState.SETTLED, 0),
            ("2", ClauseState.DISPATCHED, 1),
        ]

    def test_a_snapshot_lists_a_redline_only_when_it_is_new_or_its_decision_changed(self) -> None:
        d = record(start(3).state, result("1", ("high",)))
        assert d.state is not None
        assert [r.redline_id for r in updates(d)[0].redlines] == [only_redline(d.state, "1")]
        d = record(d.state, result("2"))
        assert d.state is not None and updates(d)[0].partial
        assert updates(d)[0].redlines == ()

    def test_a_status_change_publishes_the_whole_review(self) -> None:
        d = record(start(2).state, result("1"))
        d = record(d.state, result("2"))
        snaps = updates(d)
        assert [s.status for s in snaps] == [ReviewStatus.SUMMARIZING]
        assert not snaps[0].partial and len(snaps[0].clauses) == 2
