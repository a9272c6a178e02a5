"""Starting a review: the first tasks go out in priority order within the window, carrying the plan."""

from __future__ import annotations

from clauseflow_contracts.events import DocumentRefs, ReviewRequested, Topic
from clauseflow_contracts.review import Depth, ReviewStatus, TaskMode
from clauseflow_orchestrator.core import StartReview, decide

from .review_steps import AT, REVIEW, start, tasks, updates


class TestStartingAReview:
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
