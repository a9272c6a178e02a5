"""A clause's result: it settles the clause or puts its redlines up for approval, and moves the window on."""

from __future__ import annotations

from clauseflow_contracts.events import ClauseResult
from clauseflow_contracts.ids import redline_id
from clauseflow_contracts.review import ClauseState, Depth, Redline, ReviewStatus, TaskMode

from .review_steps import REVIEW, approve, decisions, only_redline, record, result, start, tasks


class TestAClauseResult:
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
