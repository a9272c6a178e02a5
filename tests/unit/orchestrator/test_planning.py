"""Plan rules without a model: default plan, normalisation, adjustment, triggers, depth semantics."""

from __future__ import annotations

import itertools

from clauseflow_contracts.review import (
    ClausePlan,
    Depth,
    Domain,
    PlanAdjustment,
    ReviewPlan,
    Risk,
)
from clauseflow_orchestrator.domain_packs import FIDIC_TOOLS
from clauseflow_orchestrator.planning import (
    PlanRejected,
    adjustment_trigger,
    apply_adjustment,
    build_default_plan,
    normalise_adjustment,
    normalise_plan,
    parse_depth,
)

from .conftest import sample_checklist


def _by_id(plan: ReviewPlan) -> dict[str, ClausePlan]:
    return {cp.clause_id: cp for cp in plan.clause_plans}


class TestDefaultPlan:
    def test_critical_gets_deep(self) -> None:
        cp = _by_id(build_default_plan(sample_checklist()))["4.1"]
        assert cp.analysis_depth is Depth.DEEP
        assert cp.max_iterations == 5

    def test_non_critical_gets_standard(self) -> None:
        plan = _by_id(build_default_plan(sample_checklist()))
        assert plan["8.1"].analysis_depth is Depth.STANDARD
        assert plan["8.1"].max_iterations == 3
        # The default plan has no quick depth: even a low-priority clause is reviewed in full.
        assert plan["1.1"].analysis_depth is Depth.STANDARD

    def test_keeps_every_clause_in_checklist_order_and_sends_critical_ones_first(self) -> None:
        plan = build_default_plan(sample_checklist())
        assert [cp.clause_id for cp in plan.clause_plans] == ["1.1", "4.1", "14.1", "8.1"]
        # low, critical, critical, medium: the critical clauses go first, in document order.
        assert [cp.priority_order for cp in plan.clause_plans] == [3, 0, 1, 2]
        assert plan.source == "default"
        assert plan.plan_version == 1

    def test_standard_uses_checklist_tools_and_deep_adds_all_domain_tools(self) -> None:
        plan = _by_id(build_default_plan(sample_checklist(), Domain.FIDIC))
        assert plan["14.1"].suggested_tools[:2] == ("get_clause_context", "extract_financial_terms")
        assert set(FIDIC_TOOLS) <= set(plan["14.1"].suggested_tools)
        assert plan["8.1"].suggested_tools == ("get_clause_context",)
        assert not any(cp.skip_diffs or cp.skip_validate for cp in plan.values())


class TestNormalisePlan:
    def test_valid_plan_is_ordered_by_priority_order(self) -> None:
        data = {
            "global_strategy": "critical first",
            "clause_plans": [
                {"clause_id": "1.1", "analysis_depth": "quick", "priority_order": 3},
                {"clause_id": "14.1", "analysis_depth": "deep", "priority_order": 1},
                {"clause_id": "4.1", "analysis_depth": "deep", "priority_order": 0},
                {"clause_id": "8.1", "analysis_depth": "standard", "priority_order": 2},
            ],
        }
        plan = normalise_plan(data, sample_checklist(), Domain.FIDIC)
        assert [cp.clause_id for cp in plan.clause_plans] == ["4.1", "14.1", "8.1", "1.1"]
        assert plan.source == "llm"
        assert plan.global_strategy == "critical first"

    def test_invalid_depth_becomes_standard(self) -> None:
        assert parse_depth("ultra_deep") is Depth.STANDARD
        plan = normalise_plan(
            {"clause_plans": [{"clause_id": "4.1", "analysis_depth": "ultra_deep", "priority_order": 0}]},
            sample_checklist(),
            Domain.GENERIC,
        )
        assert _by_id(plan)["4.1"].analysis_depth is Depth.STANDARD

    def test_forgotten_clauses_are_added_at_standard_after_the_planned_ones(self) -> None:
        plan = normalise_plan(
            {"clause_plans": [{"clause_id": "4.1", "analysis_depth": "deep", "priority_order": 0}]},
            sample_checklist(),
            Domain.GENERIC,
        )
        ids = [cp.clause_id for cp in plan.clause_plans]
        assert ids == ["4.1", "1.1", "14.1", "8.1"]
        assert all(cp.analysis_depth is Depth.STANDARD for cp in plan.clause_plans[1:])
        assert "not planned" in plan.clause_plans[1].rationale

    def test_quick_depth_means_one_iteration_context_only_and_no_redlines(self) -> None:
        plan = normalise_plan(
            {
                "clause_plans": [
                    {
                        "clause_id": "1.1",
                        "analysis_depth": "quick",
                        "max_iterations": 4,
                        "suggested_tools": ["extract_financial_terms"],
                        "skip_diffs": False,
                    }
                ]
            },
            sample_checklist(),
            Domain.GENERIC,
        )
        cp = _by_id(plan)["1.1"]
        assert (cp.max_iterations, cp.suggested_tools, cp.skip_diffs, cp.skip_validate) == (
            1,
            ("get_clause_context",),
            True,
            True,
        )

    def test_invented_clauses_and_tools_are_dropped(self) -> None:
        plan = normalise_plan(
            {
                "clause_plans": [
                    {"clause_id": "99.9", "analysis_depth": "deep"},
                    {"clause_id": "4.1", "suggested_tools": ["get_clause_context", "hack_the_planet"]},
                ]
            },
            sample_checklist(),
            Domain.GENERIC,
        )
        assert "99.9" not in _by_id(plan)
        assert _by_id(plan)["4.1"].suggested_tools == ("get_clause_context",)

    def test_max_iterations_is_clamped(self) -> None:
        plan = normalise_plan(
            {"clause_plans": [{"clause_id": "4.1", "analysis_depth": "deep", "max_iterations": 99}]},
            sample_checklist(),
            Domain.GENERIC,
        )
        assert _by_id(plan)["4.1"].max_iterations == 10

    def test_garbage_is_rejected(self) -> None:
        for data in (["not", "an", "object"], {"clause_plans": "x"}, {"clause_plans": [{"clause_id": "77"}]}):
            try:
                normalise_plan(data, sample_checklist(), Domain.GENERIC)
            except PlanRejected:
                continue
            raise AssertionError(f"{data!r} should have been rejected")


class TestApplyAdjustment:
    def test_no_adjustment_keeps_the_plan(self) -> None:
        plan = ReviewPlan(clause_plans=(ClausePlan(clause_id="4.1"),))
        assert apply_adjustment(plan, PlanAdjustment(should_adjust=False)) is plan

    def test_depth_upgraded_and_version_bumped(self) -> None:
        plan = ReviewPlan(clause_plans=(ClausePlan(clause_id="17.6"), ClausePlan(clause_id="8.1")))
        adj = PlanAdjustment(
            should_adjust=True,
            adjusted_clauses=(ClausePlan(clause_id="17.6", analysis_depth=Depth.DEEP, max_iterations=5),),
        )
        result = apply_adjustment(plan, adj)
        assert result.clause_plans[0].analysis_depth is Depth.DEEP
        assert result.clause_plans[0].max_iterations == 5
        assert result.clause_plans[1].analysis_depth is Depth.STANDARD
        assert result.plan_version == 2
        assert plan.plan_version == 1  # the old version is untouched and can be kept

    def test_unmatched_clause_ignored(self) -> None:
        plan = ReviewPlan(clause_plans=(ClausePlan(clause_id="4.1"),))
        adj = PlanAdjustment(
            should_adjust=True, adjusted_clauses=(ClausePlan(clause_id="99.9", analysis_depth=Depth.DEEP),)
        )
        result = apply_adjustment(plan, adj)
        assert result.clause_plans[0].analysis_depth is Depth.STANDARD
        assert result.plan_version == 1

    def test_dispatched_clauses_do_not_change(self) -> None:
        plan = ReviewPlan(clause_plans=(ClausePlan(clause_id="4.1"), ClausePlan(clause_id="8.1")))
        adj = PlanAdjustment(
            should_adjust=True,
            adjusted_clauses=(
                ClausePlan(clause_id="4.1", analysis_depth=Depth.DEEP),
                ClausePlan(clause_id="8.1", analysis_depth=Depth.DEEP),
            ),
        )
        result = _by_id(apply_adjustment(plan, adj, dispatched={"4.1"}))
        assert result["4.1"].analysis_depth is Depth.STANDARD
        assert result["8.1"].analysis_depth is Depth.DEEP

    def test_an_adjustment_never_lowers_a_clause_nor_takes_tools_or_turns_away(self) -> None:
        plan = build_default_plan(sample_checklist(), Domain.FIDIC)
        before = _by_id(plan)
        lower = PlanAdjustment(
            should_adjust=True,
            adjusted_clauses=(
                ClausePlan(clause_id="4.1", analysis_depth=Depth.QUICK),
                ClausePlan(clause_id="8.1", analysis_depth=Depth.STANDARD, max_iterations=1),
            ),
        )
        assert apply_adjustment(plan, lower, domain=Domain.FIDIC) is plan
        assert before["4.1"].analysis_depth is Depth.DEEP and before["4.1"].skip_diffs is False

    def test_a_raise_keeps_the_tools_the_clause_had(self) -> None:
        plan = build_default_plan(sample_checklist(), Domain.FIDIC)
        named = PlanAdjustment(
            should_adjust=True,
            adjusted_clauses=(
                ClausePlan(
                    clause_id="14.1", analysis_depth=Depth.STANDARD, suggested_tools=("fidic_search_er",)
                ),
            ),
        )
        before = _by_id(plan)["14.1"]
        after = _by_id(apply_adjustment(plan, named, domain=Domain.FIDIC))["14.1"]
        assert after.analysis_depth is before.analysis_depth is Depth.DEEP
        assert set(after.suggested_tools) == set(before.suggested_tools) | {"fidic_search_er"}
        assert after.max_iterations == before.max_iterations

    def test_the_same_adjustments_in_any_order_give_the_same_plan(self) -> None:
        # Results (and the adjustments they bring) arrive in timing order; the plan must not care.
        checklist = sample_checklist()
        plan = build_default_plan(checklist, Domain.FIDIC)
        ids = [item.clause_id for item in checklist]
        adjustments = [
            PlanAdjustment(
                should_adjust=True,
                adjusted_clauses=tuple(ClausePlan(clause_id=cid, analysis_depth=Depth.QUICK) for cid in ids),
            ),
            PlanAdjustment(
                should_adjust=True,
                adjusted_clauses=(ClausePlan(clause_id="8.1", analysis_depth=Depth.DEEP, max_iterations=4),),
            ),
            PlanAdjustment(
                should_adjust=True,
                adjusted_clauses=(
                    ClausePlan(clause_id="8.1", analysis_depth=Depth.STANDARD, max_iterations=7),
                    ClausePlan(
                        clause_id="1.1",
                        analysis_depth=Depth.STANDARD,
                        suggested_tools=("cross_reference_check",),
                    ),
                ),
            ),
            PlanAdjustment(
                should_adjust=True,
                adjusted_clauses=(
                    ClausePlan(
                        clause_id="1.1", analysis_depth=Depth.DEEP, suggested_tools=("fidic_search_er",)
                    ),
                ),
            ),
        ]

        def final(order: tuple[PlanAdjustment, ...]) -> dict[str, tuple[Depth, frozenset[str], int]]:
            current = plan
            for adj in order:
                current = apply_adjustment(current, adj, domain=Domain.FIDIC, checklist=checklist)
            return {
                cp.clause_id: (cp.analysis_depth, frozenset(cp.suggested_tools), cp.max_iterations)
                for cp in current.clause_plans
            }

        outcomes = [final(order) for order in itertools.permutations(adjustments)]
        assert all(o == outcomes[0] for o in outcomes)
        rank = {Depth.QUICK: 0, Depth.STANDARD: 1, Depth.DEEP: 2}
        for cp in plan.clause_plans:
            depth, tools, iterations = outcomes[0][cp.clause_id]
            assert rank[depth] >= rank[cp.analysis_depth]
            assert tools >= set(cp.suggested_tools) and iterations >= cp.max_iterations
        assert outcomes[0]["8.1"][0] is Depth.DEEP and outcomes[0]["8.1"][2] == 7
        assert outcomes[0]["1.1"][0] is Depth.DEEP
        assert {"cross_reference_check", "fidic_search_er"} <= outcomes[0]["1.1"][1]

    def test_adjustment_json_is_normalised(self) -> None:
        adj = normalise_adjustment(
            {
                "should_adjust": True,
                "reason": "linked risk",
                "adjusted_clauses": [{"clause_id": "17.6", "analysis_depth": "bogus"}, {"no_id": 1}],
            }
        )
        assert adj.should_adjust is True
        assert [(c.clause_id, c.analysis_depth) for c in adj.adjusted_clauses] == [("17.6", Depth.STANDARD)]
        assert normalise_adjustment("nonsense").should_adjust is False
        assert normalise_adjustment({"should_adjust": "yes"}).should_adjust is False


class TestAdjustmentTrigger:
    def _risk(self, level: str) -> Risk:
        return Risk(
            id="r", clause_id="4.1", risk_type="uncapped_liability", risk_level=level, description="d"
        )

    def test_high_risk_triggers(self) -> None:
        assert adjustment_trigger([self._risk("high")], 1, 10) == "high_risk"

    def test_low_risk_before_midpoint_does_not_trigger(self) -> None:
        assert adjustment_trigger([self._risk("low")], 1, 10) is None

    def test_midpoint_triggers_only_for_reviews_of_more_than_four_clauses(self) -> None:
        assert adjustment_trigger([self._risk("low")], 5, 10) == "midpoint"
        assert adjustment_trigger([], 2, 4) is None

    def test_threshold_counts_high_risks(self) -> None:
        two_highs = [self._risk("high"), self._risk("high")]
        assert adjustment_trigger([self._risk("high")], 1, 10, threshold=2) is None
        assert adjustment_trigger(two_highs, 1, 10, threshold=2) == "high_risk"
