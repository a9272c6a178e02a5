"""Planning: depth per clause from its type and priority, and plan adjustment after a high risk."""

from __future__ import annotations

import json
import re
from typing import Any

from clauseflow_contracts.prompts.planning import (
    read_available_tools,
    read_checklist,
    read_current_risks,
    read_remaining_plan,
)
from clauseflow_contracts.skills import SkillId
from clauseflow_legal.clause_types import CLAUSE_TYPES, classify_clause

from clauseflow_playbook_model.handlers.common import Reading
from clauseflow_playbook_model.wire import Answer

ITERATIONS = {"quick": 1, "standard": 3, "deep": 5}
_PRIORITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}

# Clause types where money, liability, termination or time bars are decided.
DEEP_TYPES = {
    "cap_on_liability",
    "uncapped_liability",
    "indemnity",
    "liquidated_damages",
    "delay_damages",
    "termination_for_convenience",
    "claims_time_bar",
    "seller_limitations",
    "ground_conditions",
    "employer_requirements",
    "variations",
    "extension_of_time",
    "disclosure",
    "price_mechanism",
    "ip_ownership_assignment",
    "data_protection",
}
STANDARD_TYPES = DEEP_TYPES | {
    "payment",
    "termination_for_default",
    "performance_security",
    "insurance",
    "renewal_term",
    "unilateral_amendment",
    "price_restrictions",
    "non_compete",
    "exclusivity",
    "change_of_control",
    "anti_assignment",
    "confidentiality",
    "warranties",
    "warranty_duration",
    "service_levels",
    "governing_law",
    "dispute_resolution",
    "force_majeure",
    "conditions_precedent",
    "drag_tag",
    "pre_emption",
    "board_reserved_matters",
    "change_in_law",
    "minimum_commitment",
    "license_grant",
    "acceptance",
    "post_termination_services",
}
_BOILERPLATE = re.compile(
    r"definition|interpretation|headings?|notices?\b|counterparts?|entire\s+agreement|severab|waiver|"
    r"language|further\s+assurance|costs\s+and\s+expenses|general|miscellaneous|recitals?|parties|"
    r"定义|释义|通知|副本|完整协议|可分割|文本|语言|一般规定|其他",
    re.I,
)

# Which later clauses a high risk of one type makes worth a deeper look.
RELATED: dict[str, set[str]] = {
    "uncapped_liability": {
        "indemnity",
        "liquidated_damages",
        "delay_damages",
        "insurance",
        "cap_on_liability",
        "warranties",
    },
    "liability_cap_inadequate": {"indemnity", "warranties", "service_levels", "data_protection", "insurance"},
    "indemnity_one_sided": {"cap_on_liability", "uncapped_liability", "insurance"},
    "liquidated_damages_excessive": {"cap_on_liability", "extension_of_time", "termination_for_default"},
    "claim_time_bar": {
        "extension_of_time",
        "variations",
        "payment",
        "dispute_resolution",
        "ground_conditions",
    },
    "termination_for_convenience": {"payment", "post_termination_services", "termination_for_default"},
    "payment_terms_unfavourable": {"termination_for_default", "performance_security"},
    "ground_conditions_risk": {"extension_of_time", "variations", "claims_time_bar", "employer_requirements"},
    "employer_requirements_errors": {"extension_of_time", "variations", "warranties"},
    "ma_claim_limitations_unfavourable": {"disclosure", "warranties", "indemnity", "seller_limitations"},
    "ma_disclosure_overbroad": {"warranties", "seller_limitations", "conditions_precedent"},
    "data_protection_gap": {"confidentiality", "cap_on_liability", "post_termination_services"},
    "unilateral_change_right": {"renewal_term", "payment", "termination_for_default"},
}


def _zh(reading: Reading) -> bool:
    return reading.language.startswith("zh")


def _depth(item: dict[str, Any], types: list[str]) -> tuple[str, str, str]:
    """(depth, rationale_en, rationale_zh) for a checklist item."""
    priority = str(item.get("priority") or "medium")
    # The title says whether a clause is boilerplate; the description names the checklist's subject,
    # and "Review clause 4 (general)" is any clause no subject recognised, not a "General" clause.
    name = str(item.get("clause_name", ""))
    if priority == "critical":
        return "deep", "critical clause", "关键条款"
    if "definitions" in types or (_BOILERPLATE.search(name) and not set(types) & STANDARD_TYPES):
        return "quick", "definitions or boilerplate", "定义或通用条款"
    hot = set(types) & DEEP_TYPES
    if hot:
        label = ", ".join(sorted(hot))
        if priority == "high":
            return "deep", f"high-priority {label}", f"高优先级的{label}条款"
        return "standard", f"money, liability or time bar ({label})", f"涉及金额、责任或时效（{label}）"
    if set(types) & STANDARD_TYPES or priority == "high":
        return "standard", "commercially significant clause", "具有商业重要性的条款"
    if priority == "low":
        return "quick", "low priority", "低优先级"
    return "standard", "ordinary clause", "一般条款"


def _tools_for(
    depth: str, item: dict[str, Any], types: list[str], available: list[str], domain: str
) -> list[str]:
    if depth == "quick":
        return [t for t in (SkillId.GET_CLAUSE_CONTEXT,) if t in available]
    if depth == "deep":
        return [t for t in available if not t.startswith((SkillId.DRAFT_REDLINE, SkillId.VALIDATE_REDLINE))]
    wanted = [SkillId.GET_CLAUSE_CONTEXT, *[str(s) for s in item.get("required_skills") or ()]]
    if set(types) & {
        "cap_on_liability",
        "liquidated_damages",
        "payment",
        "delay_damages",
        "performance_security",
        "seller_limitations",
    }:
        wanted.append(SkillId.EXTRACT_FINANCIAL_TERMS)
    if "claims_time_bar" in types and domain == "fidic":
        wanted.append(SkillId.FIDIC_CALCULATE_TIME_BAR)
    wanted.append(SkillId.COMPARE_WITH_BASELINE)
    return [t for t in dict.fromkeys(wanted) if t in available]


def _types_of(item: dict[str, Any], name: str, language: str) -> list[str]:
    """The item's clause types: those the checklist read from the clause text, plus its name's.

    Older checklists (and other orchestrators) send no types; the name and description still type.
    """
    sent = item.get("clause_types")
    known = [str(t) for t in sent if str(t) in CLAUSE_TYPES] if isinstance(sent, list) else []
    # A name and a description are headings, not clause text: the rules read headings.
    named = classify_clause(name, str(item.get("description") or ""), language)
    return list(dict.fromkeys([*known, *named]))


def plan(reading: Reading) -> Answer:
    """A review plan for the checklist."""
    checklist = read_checklist(reading.user_text)
    available = read_available_tools(reading.user_text)
    domain = str(reading.metadata.get("domain") or "generic")
    zh = _zh(reading)
    rows = []
    for index, item in enumerate(checklist):
        name = str(item.get("clause_name") or "")
        types = _types_of(item, name, reading.language)
        depth, why_en, why_zh = _depth(item, types)
        rows.append((index, item, types, depth, why_zh if zh else why_en))
    depth_rank = {"deep": 0, "standard": 1, "quick": 2}
    ordered = sorted(
        rows, key=lambda r: (_PRIORITY_RANK.get(str(r[1].get("priority")), 2), depth_rank[r[3]], r[0])
    )
    plans = []
    for order, (_, item, types, depth, why) in enumerate(ordered):
        plans.append(
            {
                "clause_id": str(item.get("clause_id") or ""),
                "clause_name": str(item.get("clause_name") or ""),
                "analysis_depth": depth,
                "suggested_tools": _tools_for(depth, item, types, available, domain),
                "max_iterations": ITERATIONS[depth],
                "priority_order": order,
                "skip_diffs": depth == "quick",
                "skip_validate": depth == "quick",
                "rationale": why,
            }
        )
    distribution = {
        d: sum(1 for p in plans if p["analysis_depth"] == d) for d in ("quick", "standard", "deep")
    }
    strategy = (
        f"共{len(plans)}个条款：优先深度审查涉及责任、金额、解除和时效的条款"
        f"（deep {distribution['deep']}个），定义和通用条款快速扫描"
        f"（quick {distribution['quick']}个），其余标准审查。"
        if zh
        else f"{len(plans)} clauses: liability, money, termination and time-bar clauses first and in depth "
        f"({distribution['deep']} deep), definitions and boilerplate scanned quickly "
        f"({distribution['quick']} quick), the rest at standard depth."
    )
    body = {"global_strategy": strategy, "estimated_depth_distribution": distribution, "clause_plans": plans}
    return Answer(content=json.dumps(body, ensure_ascii=False, indent=1))


def adjust(reading: Reading) -> Answer:
    """Name the remaining clauses related to a high risk just found, and keep the plan as it is.

    Depth buys a model more turns and tools; this model reads a clause with the same rules at any
    depth and needs no more than a standard clause's turns, so an adjustment would buy it nothing
    but a dependence on timing: the orchestrator asks after every result, in the order results
    arrive, and a clause deepened in one run and not in the next (because it was already out)
    showed a different depth, and with deep's extra tools or the ReAct path instead of the quick
    one, different findings. The same contract reviewed twice must read the same, so the answer is
    always "no change"; its reason still says which clauses the risk makes worth a look.
    Real models do adjust (the orchestrator only ever raises a clause's plan).
    """
    risks = read_current_risks(reading.user_text)
    remaining = read_remaining_plan(reading.user_text)
    zh = _zh(reading)
    high = [r for r in risks if str(r.get("risk_level")) == "high"]
    if not high or not remaining:
        return _no_change("无需调整" if zh else "no change needed")
    related: set[str] = set()
    for r in high:
        related |= RELATED.get(str(r.get("risk_type")), set())
    linked = [
        str(row.get("clause_id") or "")
        for row in remaining
        if set(classify_clause(str(row.get("clause_name") or ""), "", reading.language)) & related
    ]
    if not linked:
        return _no_change(
            "发现高风险，但剩余条款与之无关联"
            if zh
            else "high risk found, but no remaining clause is linked to it"
        )
    kinds = ", ".join(sorted({str(r.get("risk_type")) for r in high}))
    clauses = ", ".join(linked)
    return _no_change(
        f"发现高风险（{kinds}），相关条款 {clauses} 按原计划审查：本模型在任何深度下适用相同规则"
        if zh
        else f"high risk found ({kinds}); related clauses {clauses} keep their plan: this model "
        "applies the same rules at every depth"
    )


def _no_change(reason: str) -> Answer:
    return Answer(content=json.dumps({"should_adjust": False, "reason": reason}, ensure_ascii=False))
