"""The reviewer's decisions on redlines, and the approval policies that decide for them."""

from __future__ import annotations

from clauseflow_contracts.ids import task_id
from clauseflow_contracts.review import (
    ApprovalPolicy,
    ClauseState,
    DecisionAction,
    RedlineStatus,
    ReviewStatus,
    TaskMode,
)
from clauseflow_contracts.review import Decision as RedlineDecision
from clauseflow_orchestrator.core import CompleteSummary, decide

from .review_steps import (
    AT,
    REVIEW,
    approve,
    decisions,
    only_redline,
    record,
    reject,
    result,
    start,
    tasks,
    updates,
)


class TestReviewerDecisions:
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


class TestApprovalPolicies:
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
