"""Snapshots of a review: their sequence through a review, and what each one carries."""

from __future__ import annotations

from clauseflow_contracts.review import ClausePlan, ClauseState, Depth, PlanAdjustment, ReviewStatus
from clauseflow_orchestrator.core import CompleteSummary, decide

from .review_steps import (
    AT,
    approve,
    decisions,
    only_redline,
    record,
    result,
    settle_all_without_risks,
    start,
    updates,
)


class TestReviewLifecycle:
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


class TestSnapshotsCarryChanges:
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
