"""A clause that was not reviewed says so: failed clauses, incomplete reviews, retries; parked rejections."""

from __future__ import annotations

from clauseflow_contracts.events import ClauseResult, ReviewRetryRequested
from clauseflow_contracts.ids import redline_id, risk_id, task_id
from clauseflow_contracts.review import ClauseState, ReviewStatus, TaskMode
from clauseflow_orchestrator.core import CompleteSummary, RetryFailed, decide
from clauseflow_orchestrator.state import ReviewState

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

MODEL_DOWN = "fixed-skill path failed: the LLM endpoint http://x/v1 is unavailable after 4 attempt(s)"


def failed(clause_id: str, mode: str = "analyze", attempt: int = 0, retry: int = 0) -> ClauseResult:
    return ClauseResult(
        task_id=task_id(REVIEW, clause_id, mode, attempt, retry),
        clause_id=clause_id,
        mode=TaskMode(mode),
        attempt=attempt,
        error=MODEL_DOWN,
        failed=True,
    )


def summarise(state: ReviewState | None) -> ReviewState:
    assert state is not None and state.status is ReviewStatus.SUMMARIZING
    done = decide(state, CompleteSummary("evt_summary", AT, "The summary."))
    assert done.state is not None
    return done.state


def retry(state: ReviewState, request_id: str = "retry_1") -> tuple[ReviewState, list[str]]:
    d = decide(state, RetryFailed(f"evt_{request_id}", AT, ReviewRetryRequested(request_id=request_id)))
    assert d.state is not None
    return d.state, [t.task_id for t in tasks(d)]


class TestAClauseThatWasNotReviewed:
    def test_is_failed_with_its_error_never_settled(self) -> None:
        d = record(start(2).state, failed("1"))
        assert d.state is not None
        clause = d.state.clauses["1"]
        assert (clause.state, clause.error) == (ClauseState.FAILED, MODEL_DOWN)
        shown = {c.clause_id: c for c in updates(d)[-1].clauses}
        assert shown["1"].state is ClauseState.FAILED and shown["1"].error == MODEL_DOWN

    def test_makes_the_review_end_incomplete_with_a_reason_and_a_summary_that_says_so(self) -> None:
        d = record(start(2).state, failed("1"))
        d = record(d.state, result("2"))
        state = summarise(d.state)
        assert state.status is ReviewStatus.INCOMPLETE
        assert "1 clause(s) could not be reviewed (1)" in state.failure_reason
        assert "unavailable" in state.failure_reason
        # The request's language is zh-CN: the summary opens by saying one clause was not reviewed.
        assert state.summary.startswith("**审查未完成：1 个条款未能审查**")

    def test_a_review_whose_clauses_all_succeed_still_completes(self) -> None:
        d = record(start(1).state, result("1"))
        assert summarise(d.state).status is ReviewStatus.COMPLETED

    def test_waits_for_the_decisions_of_the_reviewed_clauses_before_the_review_ends_incomplete(self) -> None:
        # The model died after clause 1 was reviewed: its redline still needs a person, so the review
        # awaits approval (not incomplete) until it is decided; only then does it end incomplete.
        d = record(start(2).state, result("1", ("high",)))
        d = record(d.state, failed("2"))
        assert d.state is not None and d.state.status is ReviewStatus.AWAITING_APPROVAL
        d = decisions(d.state, "req_1", approve(only_redline(d.state, "1")))
        assert summarise(d.state).status is ReviewStatus.INCOMPLETE

    def test_frees_its_place_in_the_window(self) -> None:
        d = record(start(3, window=1).state, failed("1"))
        assert [t.clause_id for t in tasks(d)] == ["2"]


class TestRetry:
    def _incomplete(self) -> ReviewState:
        d = record(start(2).state, failed("1"))
        d = record(d.state, result("2"))
        return summarise(d.state)

    def test_re_sends_the_failed_clause_under_a_new_task_id_and_the_review_completes(self) -> None:
        state, sent = retry(self._incomplete())
        assert sent == [task_id(REVIEW, "1", "analyze", 0, 1)]
        assert sent[0] != task_id(REVIEW, "1", "analyze", 0)
        assert state.status is ReviewStatus.REVIEWING and state.failure_reason == ""
        ok = result("1", ("medium",), redlines=False).model_copy(update={"task_id": sent[0]})
        d = record(state, ok)
        done = summarise(d.state)
        assert done.status is ReviewStatus.COMPLETED
        assert [r.id for r in done.clauses["1"].risks] == [risk_id(REVIEW, "1", 0, 0)]
        assert done.summary == "The summary."

    def test_a_late_copy_of_the_failed_task_does_not_settle_the_retried_clause(self) -> None:
        state, _ = retry(self._incomplete())
        late = record(state, result("1", ("high",)), event_id="evt_late_copy")
        assert late.outgoing == [] and late.state is state

    def test_is_applied_once_per_request(self) -> None:
        state, _ = retry(self._incomplete())
        again = decide(state, RetryFailed("evt_retry_1", AT, ReviewRetryRequested(request_id="retry_1")))
        assert again.outgoing == []

    def test_without_failed_clauses_changes_nothing(self) -> None:
        d = record(start(1).state, result("1"))
        done = summarise(d.state)
        again = decide(done, RetryFailed("evt_r", AT, ReviewRetryRequested(request_id="r")))
        assert again.outgoing == []

    def test_a_failed_redraft_is_sent_again_with_its_feedback(self) -> None:
        d = record(start(1).state, result("1", ("high",)))
        assert d.state is not None
        rid = redline_id(REVIEW, "1", risk_id(REVIEW, "1", 0, 0), 0)
        d = decisions(d.state, "req_1", reject(rid, "cap it at the price"))
        (redraft,) = tasks(d)
        d = record(d.state, failed("1", "redraft", attempt=1))
        assert d.state is not None and d.state.clauses["1"].state is ClauseState.FAILED
        state = summarise(d.state)
        state, sent = retry(state)
        assert sent == [task_id(REVIEW, "1", "redraft", 1, 1)]
        again = decide(state, RetryFailed("evt_x", AT, ReviewRetryRequested(request_id="x")))
        assert again.outgoing == []  # nothing failed any more
        resent = tasks(decide(d.state, RetryFailed("e", AT, ReviewRetryRequested(request_id="y"))))
        assert resent[0].redraft == redraft.redraft


class TestParkedDecisions:
    def test_parked_rejections_of_one_clause_share_one_redraft_round(self) -> None:
        state = start(1, rounds=1).state
        risk_ids = [risk_id(REVIEW, "1", 0, i) for i in range(2)]
        ids = [redline_id(REVIEW, "1", r, 0) for r in risk_ids]
        # The reviewer's rejections overtake the clause's result (they arrive first and are parked).
        d = decisions(state, "req_a", reject(ids[0], "cap it"))
        d = decisions(d.state, "req_b", reject(ids[1], "narrow it"))
        assert d.state is not None and len(d.state.parked) == 2
        d = record(d.state, result("1", ("high", "high")))
        (redraft,) = tasks(d)
        assert redraft.mode is TaskMode.REDRAFT
        assert sorted(r.redline_id for r in redraft.redraft) == sorted(ids)
        assert d.state is not None and d.state.clauses["1"].state is ClauseState.REDRAFTING
