"""Plan adjustments: they change only clauses not yet dispatched, only ever add, and are versioned."""

from __future__ import annotations

from clauseflow_contracts.review import ClausePlan, ClauseState, Depth, PlanAdjustment
from clauseflow_orchestrator.core import AdjustPlan, decide

from .review_steps import AT, record, result, start, tasks


class TestPlanAdjustments:
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
