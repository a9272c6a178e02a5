"""Plan logic without I/O: depth semantics, the default plan, normalising LLM plans, adjustments.

Design: docs/architecture.md#planning.

The LLM calls live in :mod:`clauseflow_orchestrator.llm_planning`; everything here is a
pure function so the rules can be tested and replayed exactly.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from clauseflow_contracts.review import (
    DEPTH_MAX_ITERATIONS,
    ChecklistItem,
    ClausePlan,
    Depth,
    Domain,
    PlanAdjustment,
    ReviewPlan,
    Risk,
    RiskLevel,
)
from clauseflow_contracts.skills import SkillId

from clauseflow_orchestrator.domain_packs import all_tools

QUICK_TOOLS: tuple[str, ...] = (SkillId.GET_CLAUSE_CONTEXT,)
MAX_ITERATIONS_CAP = 10
DEFAULT_STRATEGY = (
    "Default plan: critical clauses first and deep, then high, medium and low priority at standard depth; "
    "document order within each priority."
)
# Dispatch order of the default plan. The window sends the first clauses at once, so the clauses
# most likely to hold high risks (liability, indemnity, termination, payment: the checklist's
# critical and high subjects) are analysed first and their redlines reach the reviewer soonest;
# definitions and boilerplate come last.
PRIORITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}


def dispatch_ranks(checklist: Sequence[ChecklistItem]) -> list[int]:
    """Each item's ``priority_order``: by priority (critical first), document order within one."""
    ordered = sorted(range(len(checklist)), key=lambda i: (PRIORITY_RANK.get(checklist[i].priority, 2), i))
    ranks = [0] * len(checklist)
    for rank, index in enumerate(ordered):
        ranks[index] = rank
    return ranks


def parse_depth(value: object) -> Depth:
    """A depth from model output; anything unknown (``ultra_deep``, None) becomes standard."""
    try:
        return Depth(str(value).strip().lower())
    except ValueError:
        return Depth.STANDARD


def tools_for(depth: Depth, checklist_tools: Sequence[str], domain: Domain) -> tuple[str, ...]:
    """The tool policy of each depth: quick → context only; standard → the checklist's; deep → all tools."""
    if depth is Depth.QUICK:
        return QUICK_TOOLS
    base = tuple(dict.fromkeys(checklist_tools or QUICK_TOOLS))
    if depth is Depth.DEEP:
        return tuple(dict.fromkeys((*base, *all_tools(domain))))
    return base


def clause_plan(
    item: ChecklistItem,
    depth: Depth,
    *,
    domain: Domain,
    priority_order: int,
    rationale: str,
    suggested_tools: Sequence[str] = (),
    max_iterations: int | None = None,
) -> ClausePlan:
    """A clause plan obeying the depth semantics; explicit tools/iterations refine standard and deep."""
    quick = depth is Depth.QUICK
    tools = (
        QUICK_TOOLS
        if quick
        else tuple(dict.fromkeys(suggested_tools)) or tools_for(depth, item.required_skills, domain)
    )
    iterations = DEPTH_MAX_ITERATIONS[depth] if quick or max_iterations is None else max_iterations
    return ClausePlan(
        clause_id=item.clause_id,
        clause_name=item.clause_name,
        analysis_depth=depth,
        suggested_tools=tools,
        max_iterations=max(1, min(MAX_ITERATIONS_CAP, iterations)),
        priority_order=priority_order,
        rationale=rationale,
        skip_diffs=quick,
        skip_validate=quick,
    )


def build_default_plan(checklist: Sequence[ChecklistItem], domain: Domain = Domain.GENERIC) -> ReviewPlan:
    """The default plan: critical → deep, everything else → standard.

    Clause plans stay in checklist (document) order; ``priority_order`` sends critical clauses first,
    then high, medium and low (:func:`dispatch_ranks`), not in document order.
    """
    plans = tuple(
        clause_plan(
            item,
            Depth.DEEP if item.priority == "critical" else Depth.STANDARD,
            domain=domain,
            priority_order=rank,
            rationale=f"default plan: priority={item.priority}",
        )
        for item, rank in zip(checklist, dispatch_ranks(checklist), strict=True)
    )
    return ReviewPlan(clause_plans=plans, global_strategy=DEFAULT_STRATEGY, source="default")


class PlanRejected(ValueError):
    """The model's plan is unusable as a whole; the caller falls back to the default plan."""


def normalise_plan(data: object, checklist: Sequence[ChecklistItem], domain: Domain) -> ReviewPlan:
    """Turn a model's plan JSON into a complete, valid plan (docs/architecture.md#planning).

    Invalid depths become standard; plans for clauses not on the checklist are dropped
    (a model may invent clause ids); duplicates keep the first; clauses the model forgot
    are added at standard depth after the planned ones; the result is ordered by
    ``priority_order`` (stable). Raises :class:`PlanRejected` when nothing usable is there.
    """
    if not isinstance(data, Mapping):
        raise PlanRejected(f"the plan is a {type(data).__name__}, not a JSON object")
    raw_plans = data.get("clause_plans")
    if not isinstance(raw_plans, list):
        raise PlanRejected("the plan has no clause_plans list")
    items = {item.clause_id: item for item in checklist}
    planned: dict[str, ClausePlan] = {}
    for position, raw in enumerate(raw_plans):
        plan = _plan_from_model(raw, items, domain, position)
        if plan is not None and plan.clause_id not in planned:
            planned[plan.clause_id] = plan
    if not planned:
        raise PlanRejected("the plan names none of the checklist's clauses")
    after = max(p.priority_order for p in planned.values()) + 1
    forgotten = [item for item in checklist if item.clause_id not in planned]
    for offset, item in enumerate(forgotten):
        planned[item.clause_id] = clause_plan(
            item,
            Depth.STANDARD,
            domain=domain,
            priority_order=after + offset,
            rationale="not planned by the model; default depth",
        )
    ordered = sorted(planned.values(), key=lambda p: p.priority_order)
    return ReviewPlan(
        clause_plans=tuple(ordered),
        global_strategy=_text(data.get("global_strategy")),
        estimated_depth_distribution=_distribution(data.get("estimated_depth_distribution")),
        source="llm",
    )


def _plan_from_model(
    raw: object, items: Mapping[str, ChecklistItem], domain: Domain, position: int
) -> ClausePlan | None:
    if not isinstance(raw, Mapping):
        return None
    item = items.get(str(raw.get("clause_id", "")).strip())
    if item is None:
        return None
    depth = parse_depth(raw.get("analysis_depth", "standard"))
    order = _int(raw.get("priority_order"), position)
    return clause_plan(
        item,
        depth,
        domain=domain,
        priority_order=order if order is not None else position,
        rationale=_text(raw.get("rationale")),
        suggested_tools=_known_tools(raw.get("suggested_tools"), item, domain),
        max_iterations=_int(raw.get("max_iterations"), None),
    )


def _known_tools(value: object, item: ChecklistItem, domain: Domain) -> tuple[str, ...]:
    """The model's tools that exist; invented names are dropped rather than sent to workers."""
    if not isinstance(value, list):
        return ()
    known = set(all_tools(domain)) | set(item.required_skills)
    return tuple(t for t in value if isinstance(t, str) and t in known)


def _int(value: object, default: int | None) -> int | None:
    if isinstance(value, bool):
        return default
    if isinstance(value, int):
        return value
    if isinstance(value, float | str):
        try:
            return int(float(value))
        except ValueError:
            return default
    return default


def _text(value: object, limit: int = 2000) -> str:
    return str(value)[:limit] if isinstance(value, str | int | float) else ""


def _distribution(value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        return {}
    return {str(k): n for k, v in value.items() if (n := _int(v, None)) is not None}


def normalise_adjustment(data: object, domain: Domain = Domain.GENERIC) -> PlanAdjustment:
    """A model's adjustment JSON as a :class:`PlanAdjustment`; anything unusable means "no adjustment"."""
    if not isinstance(data, Mapping):
        return PlanAdjustment(should_adjust=False, reason="the adjustment answer is not a JSON object")
    reason = _text(data.get("reason"))
    if data.get("should_adjust") is not True:
        return PlanAdjustment(should_adjust=False, reason=reason)
    adjusted: list[ClausePlan] = []
    raw_list = data.get("adjusted_clauses")
    for raw in raw_list if isinstance(raw_list, list) else []:
        if isinstance(raw, Mapping) and str(raw.get("clause_id", "")).strip():
            depth = parse_depth(raw.get("analysis_depth", "standard"))
            iterations = _int(raw.get("max_iterations"), None) or DEPTH_MAX_ITERATIONS[depth]
            tools = raw.get("suggested_tools")
            adjusted.append(
                ClausePlan(
                    clause_id=str(raw["clause_id"]).strip(),
                    analysis_depth=depth,
                    max_iterations=max(1, min(MAX_ITERATIONS_CAP, iterations)),
                    suggested_tools=tuple(
                        t for t in (tools if isinstance(tools, list) else []) if t in all_tools(domain)
                    ),
                    rationale=_text(raw.get("rationale")),
                )
            )
    return PlanAdjustment(should_adjust=bool(adjusted), reason=reason, adjusted_clauses=tuple(adjusted))


def apply_adjustment(
    plan: ReviewPlan,
    adjustment: PlanAdjustment,
    *,
    dispatched: Collection[str] = (),
    domain: Domain = Domain.GENERIC,
    checklist: Sequence[ChecklistItem] = (),
) -> ReviewPlan:
    """Apply an adjustment to the clauses not yet dispatched; a changed plan gets ``plan_version + 1``.

    Clauses already dispatched keep their plan (their task is out), and ids the plan
    does not know are ignored. The input plan is never modified, so every version
    can be kept. An adjustment that changes nothing does not
    bump the version: a version number should mean a different plan.

    An adjustment only ever adds (see :func:`merge_clause_plan`): results arrive in an order that
    depends on timing, and adjustments that only add commute, so the same results give a clause
    the same plan whatever order they came in.
    """
    if not adjustment.should_adjust or not adjustment.adjusted_clauses:
        return plan
    wanted = {cp.clause_id: cp for cp in adjustment.adjusted_clauses}
    items = {item.clause_id: item for item in checklist}
    changed = False
    new_plans: list[ClausePlan] = []
    for current in plan.clause_plans:
        target = wanted.get(current.clause_id)
        if target is None or current.clause_id in dispatched:
            new_plans.append(current)
            continue
        updated = _adjusted(current, target, domain, items.get(current.clause_id))
        changed = changed or updated != current
        new_plans.append(updated)
    if not changed:
        return plan
    return plan.model_copy(update={"clause_plans": tuple(new_plans), "plan_version": plan.plan_version + 1})


DEPTH_RANK = {Depth.QUICK: 0, Depth.STANDARD: 1, Depth.DEEP: 2}


def _adjusted(
    current: ClausePlan, target: ClausePlan, domain: Domain, item: ChecklistItem | None
) -> ClausePlan:
    """The new plan of one clause: ``current`` merged with what the model asks (never less)."""
    if item is None:
        item = ChecklistItem(
            clause_id=current.clause_id,
            clause_name=current.clause_name,
            required_skills=current.suggested_tools,
        )
    return merge_clause_plan(current, target, item, domain)


def merge_clause_plan(
    current: ClausePlan, target: ClausePlan, item: ChecklistItem, domain: Domain
) -> ClausePlan:
    """One clause's plan after an adjustment: the deeper depth, all tools of both, the larger budget.

    An adjustment may raise a clause's depth, never lower it, nor take tools or turns away. The
    merge is a join (commutative, associative, idempotent), so the plan a clause ends with does
    not depend on the order its adjustments arrived in. Why: the orchestrator asks for an
    adjustment after every result, results arrive in timing order, and a clause reviewed at
    standard depth in one run and quick in the next could give a lawyer different findings for
    the same contract. A model that wants a clause scanned more lightly says so in the plan,
    before any result is in. The tools the target brings are those it names, else its depth's
    (:func:`tools_for`); they follow the clause's own tools, in the registry's order, so a clause
    asked for nothing new keeps its tools as they were (a model may read its hints in order).
    """
    depth = max(current.analysis_depth, target.analysis_depth, key=DEPTH_RANK.__getitem__)
    if depth is Depth.QUICK:
        return current  # both quick: quick has one fixed tool and one turn, nothing to add
    brought = tuple(target.suggested_tools) or tools_for(target.analysis_depth, item.required_skills, domain)
    tools = {*current.suggested_tools, *brought}
    iterations = max(current.max_iterations, target.max_iterations)
    if (depth, tools, iterations) == (
        current.analysis_depth,
        set(current.suggested_tools),
        current.max_iterations,
    ):
        return current  # nothing asked that the clause did not have: not a new plan
    return clause_plan(
        item.model_copy(update={"clause_name": current.clause_name}),
        depth,
        domain=domain,
        priority_order=current.priority_order,
        rationale=target.rationale or current.rationale,
        suggested_tools=(
            *current.suggested_tools,
            *_canonical_tools(tools - set(current.suggested_tools), domain),
        ),
        max_iterations=iterations,
    )


def _canonical_tools(tools: Collection[str], domain: Domain) -> tuple[str, ...]:
    """``tools`` in the registry's order (then by name), whatever order they were asked in."""
    registry = {name: i for i, name in enumerate(all_tools(domain))}
    return tuple(sorted(tools, key=lambda t: (registry.get(t, len(registry)), t)))


def adjustment_trigger(
    risks: Sequence[Risk], completed: int, total: int, *, threshold: int = 1
) -> str | None:
    """Why the plan should be reconsidered after a clause result, or None.

    ``high_risk`` when the clause had at least ``threshold`` high risks; ``midpoint`` when
    exactly half of a review of more than four clauses has been analysed.
    """
    highs = sum(1 for r in risks if r.risk_level == RiskLevel.HIGH)
    if highs >= threshold:
        return "high_risk"
    if total > 4 and completed == total // 2:
        return "midpoint"
    return None
