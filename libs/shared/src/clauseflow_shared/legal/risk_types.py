"""The risk taxonomy (review-taxonomy.md v1): stable ids, groups, default severities and names."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RiskType:
    """One risk-type id of the taxonomy."""

    id: str
    group: str
    severity: str
    name: str
    name_zh: str


_TYPES = (
    RiskType("uncapped_liability", "A", "high", "Uncapped liability", "责任无上限"),
    RiskType("liability_cap_inadequate", "A", "medium", "Inadequate liability cap", "对方责任上限过低"),
    RiskType("indemnity_one_sided", "A", "high", "One-sided indemnity", "单方赔偿/补偿义务"),
    RiskType(
        "liquidated_damages_excessive", "A", "high", "Excessive liquidated damages", "违约金/预定损害赔偿过高"
    ),
    RiskType("termination_for_convenience", "B", "high", "Termination for convenience", "对方任意解除权"),
    RiskType(
        "termination_rights_unbalanced", "B", "medium", "Unbalanced termination rights", "解除/暂停权利不对等"
    ),
    RiskType("auto_renewal_lock_in", "B", "medium", "Auto-renewal lock-in", "自动续期锁定"),
    RiskType("post_termination_obligations", "B", "medium", "Post-termination obligations", "终止后义务不利"),
    RiskType("payment_terms_unfavourable", "C", "medium", "Unfavourable payment terms", "付款条件不利"),
    RiskType("unilateral_change_right", "C", "high", "Unilateral change right", "对方单方变更权"),
    RiskType("minimum_commitment", "C", "medium", "Minimum commitment", "最低采购/保底承诺"),
    RiskType("security_insurance_burden", "C", "medium", "Security or insurance burden", "担保/保险负担过重"),
    RiskType(
        "cost_escalation_change_in_law",
        "C",
        "medium",
        "Change-in-law and cost escalation",
        "法律变化与成本上涨风险",
    ),
    RiskType("claim_time_bar", "D", "high", "Claim time bar", "索赔时效限制"),
    RiskType("deemed_acceptance_or_waiver", "D", "medium", "Deemed acceptance or waiver", "视为接受/放弃"),
    RiskType("warranty_excessive", "E", "high", "Excessive warranty", "保证责任过重"),
    RiskType(
        "warranty_or_sla_inadequate", "E", "medium", "Inadequate warranty or SLA", "对方保证/服务水平不足"
    ),
    RiskType("force_majeure_unbalanced", "E", "medium", "Unbalanced force majeure", "不可抗力条款不对等"),
    RiskType("ip_ownership_transfer", "F", "high", "IP ownership transfer", "知识产权归属转移"),
    RiskType("license_scope_restrictive", "F", "medium", "Restrictive licence scope", "许可范围过窄"),
    RiskType("confidentiality_overbroad", "F", "medium", "Overbroad confidentiality", "保密义务过宽"),
    RiskType("data_protection_gap", "F", "high", "Data protection gap", "数据保护缺口"),
    RiskType("non_compete", "G", "high", "Non-compete", "竞业限制"),
    RiskType("exclusivity", "G", "medium", "Exclusivity", "排他义务"),
    RiskType("non_solicit", "G", "low", "Non-solicit", "不招揽限制"),
    RiskType("mfn_or_price_restriction", "G", "medium", "MFN or price restriction", "最惠待遇/价格限制"),
    RiskType("assignment_restriction", "H", "low", "Assignment restriction", "转让限制不对等"),
    RiskType("change_of_control", "H", "medium", "Change of control", "控制权变更"),
    RiskType("third_party_rights", "H", "low", "Third-party rights", "第三方权利"),
    RiskType("governing_law_forum", "I", "medium", "Governing law and forum", "适用法律与管辖不利"),
    RiskType(
        "dispute_resolution_unbalanced", "I", "medium", "Unbalanced dispute resolution", "争议解决机制不对等"
    ),
    RiskType("ground_conditions_risk", "J", "high", "Ground conditions risk", "现场/地质条件风险"),
    RiskType(
        "employer_requirements_errors",
        "J",
        "high",
        "Errors in Employer's Requirements",
        "业主要求错误风险转移",
    ),
    RiskType("extension_of_time_restricted", "J", "high", "Restricted extension of time", "工期延长权利受限"),
    RiskType("variation_valuation_unfair", "J", "high", "Unfair variation valuation", "变更估价不公"),
    RiskType(
        "ma_claim_limitations_unfavourable", "K", "high", "Off-market seller limitations", "卖方责任限制不利"
    ),
    RiskType("ma_disclosure_overbroad", "K", "high", "Overbroad disclosure", "披露范围过宽"),
    RiskType("ma_conditions_precedent_gap", "K", "high", "Conditions precedent gap", "先决条件保护不足"),
    RiskType("ma_price_mechanism_risk", "K", "medium", "Price mechanism risk", "价格机制风险"),
    RiskType("sha_governance_weak", "K", "high", "Weak minority governance", "小股东治理保护薄弱"),
    RiskType("sha_exit_rights_unfavourable", "K", "high", "Unfavourable exit rights", "退出权利不利"),
    RiskType("sha_dilution_pre_emption", "K", "high", "Dilution and pre-emption", "稀释与优先认购风险"),
    RiskType("broken_cross_reference", "L", "medium", "Broken cross-reference", "交叉引用错误"),
    RiskType("undefined_term", "L", "low", "Undefined term", "术语未定义"),
    RiskType("internal_inconsistency", "L", "medium", "Internal inconsistency", "内部不一致"),
)

RISK_TYPES: dict[str, RiskType] = {t.id: t for t in _TYPES}


def risk_name(risk_type: str, language: str) -> str:
    """The readable name of a risk type in ``language`` (the id itself when unknown)."""
    t = RISK_TYPES.get(risk_type)
    if t is None:
        return risk_type
    return t.name_zh if language.startswith("zh") else t.name


def step(level: str, delta: int) -> str:
    """Move a severity up (+1) or down (-1), staying within low..high."""
    order = ["low", "medium", "high"]
    i = order.index(level) if level in order else 1
    return order[max(0, min(2, i + delta))]
