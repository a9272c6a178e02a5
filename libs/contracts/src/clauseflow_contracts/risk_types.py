"""The risk taxonomy (version 1): stable ids, groups, default severities, names and glosses.

The one source of the 45 ids: the prompts' catalogue (:mod:`clauseflow_contracts.prompts.taxonomy`)
and ``docs/review-taxonomy.md`` (written by ``scripts/taxonomy_doc.py``) are derived from this table.
The ids are stable (prompts, answer keys and reports name them): add ids, never rename one.
"""

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
    gloss: str
    """One line saying when the risk applies, for prompts (the model chooses the id by it)."""


RISK_GROUPS: dict[str, str] = {
    "A": "Liability and indemnity",
    "B": "Termination and term",
    "C": "Payment and price",
    "D": "Time and claims",
    "E": "Performance and warranties",
    "F": "IP, confidentiality and data",
    "G": "Restrictive covenants",
    "H": "Assignment and control",
    "I": "Disputes and governing law",
    "J": "Construction-specific",
    "K": "M&A-specific",
    "L": "Drafting defects (reported for both parties)",
}
"""The groups of the taxonomy by letter, in order."""


_TYPES = (
    # A. Liability and indemnity
    RiskType(
        "uncapped_liability",
        "A",
        "high",
        "Uncapped liability",
        "责任无上限",
        "our liability has no overall cap or is effectively unlimited",
    ),
    RiskType(
        "liability_cap_inadequate",
        "A",
        "medium",
        "Inadequate liability cap",
        "对方责任上限过低",
        "the counterparty's cap or loss exclusions are too low for our exposure",
    ),
    RiskType(
        "indemnity_one_sided",
        "A",
        "high",
        "One-sided indemnity",
        "单方赔偿/补偿义务",
        "broad, fault-independent or unreciprocated indemnities given by us",
    ),
    RiskType(
        "liquidated_damages_excessive",
        "A",
        "high",
        "Excessive liquidated damages",
        "违约金/预定损害赔偿过高",
        "liquidated damages, penalties or break fees we pay are high or uncapped",
    ),
    # B. Termination and term
    RiskType(
        "termination_for_convenience",
        "B",
        "high",
        "Termination for convenience",
        "对方任意解除权",
        "the counterparty may terminate without cause or adequate compensation",
    ),
    RiskType(
        "termination_rights_unbalanced",
        "B",
        "medium",
        "Unbalanced termination rights",
        "解除/暂停权利不对等",
        "broad triggers against us, short cure periods, or our exit narrowed",
    ),
    RiskType(
        "auto_renewal_lock_in",
        "B",
        "medium",
        "Auto-renewal lock-in",
        "自动续期锁定",
        "automatic renewal, long notice windows or long terms without exit",
    ),
    RiskType(
        "post_termination_obligations",
        "B",
        "medium",
        "Post-termination obligations",
        "终止后义务不利",
        "unfavourable consequences of termination or expiry for us",
    ),
    # C. Payment and price
    RiskType(
        "payment_terms_unfavourable",
        "C",
        "medium",
        "Unfavourable payment terms",
        "付款条件不利",
        "long or conditional payment, pay-when-paid, set-off, unsecured prepayment",
    ),
    RiskType(
        "unilateral_change_right",
        "C",
        "high",
        "Unilateral change right",
        "对方单方变更权",
        "the counterparty may change prices, specifications or terms on its own",
    ),
    RiskType(
        "minimum_commitment",
        "C",
        "medium",
        "Minimum commitment",
        "最低采购/保底承诺",
        "minimum purchase/spend, take-or-pay or shortfall payments binding us",
    ),
    RiskType(
        "security_insurance_burden",
        "C",
        "medium",
        "Security or insurance burden",
        "担保/保险负担过重",
        "excessive security, retention, guarantees or insurance imposed on us",
    ),
    RiskType(
        "cost_escalation_change_in_law",
        "C",
        "medium",
        "Change-in-law and cost escalation",
        "法律变化与成本上涨风险",
        "we bear changes in law, taxes, exchange rates or cost escalation",
    ),
    # D. Time and claims
    RiskType(
        "claim_time_bar",
        "D",
        "high",
        "Claim time bar",
        "索赔时效限制",
        "an entitlement is lost unless notice or proceedings are given within a period",
    ),
    RiskType(
        "deemed_acceptance_or_waiver",
        "D",
        "medium",
        "Deemed acceptance or waiver",
        "视为接受/放弃",
        "silence or lapse of a short period is deemed acceptance or waiver",
    ),
    # E. Performance and warranties
    RiskType(
        "warranty_excessive",
        "E",
        "high",
        "Excessive warranty",
        "保证责任过重",
        "absolute, fitness-for-purpose or unusually long/broad warranties given by us",
    ),
    RiskType(
        "warranty_or_sla_inadequate",
        "E",
        "medium",
        "Inadequate warranty or SLA",
        "对方保证/服务水平不足",
        "the counterparty's warranties, service levels or remedies are weak",
    ),
    RiskType(
        "force_majeure_unbalanced",
        "E",
        "medium",
        "Unbalanced force majeure",
        "不可抗力条款不对等",
        "force majeure definition or relief is skewed against us",
    ),
    # F. IP, confidentiality and data
    RiskType(
        "ip_ownership_transfer",
        "F",
        "high",
        "IP ownership transfer",
        "知识产权归属转移",
        "our IP, or IP we pay for, vests in the counterparty",
    ),
    RiskType(
        "license_scope_restrictive",
        "F",
        "medium",
        "Restrictive licence scope",
        "许可范围过窄",
        "a licence to us is revocable, narrow, non-transferable or time-limited",
    ),
    RiskType(
        "confidentiality_overbroad",
        "F",
        "medium",
        "Overbroad confidentiality",
        "保密义务过宽",
        "confidentiality on us is overbroad or lacks the standard exclusions",
    ),
    RiskType(
        "data_protection_gap",
        "F",
        "high",
        "Data protection gap",
        "数据保护缺口",
        "the counterparty may use our data, or security/breach/audit terms are weak",
    ),
    # G. Restrictive covenants
    RiskType(
        "non_compete",
        "G",
        "high",
        "Non-compete",
        "竞业限制",
        "a broad non-compete binds us (or a seller's non-compete is too weak for a buyer)",
    ),
    RiskType(
        "exclusivity",
        "G",
        "medium",
        "Exclusivity",
        "排他义务",
        "exclusive-dealing obligations on us without reciprocity or exit",
    ),
    RiskType(
        "non_solicit",
        "G",
        "low",
        "Non-solicit",
        "不招揽限制",
        "overbroad non-solicit, no-hire or non-disparagement covenants",
    ),
    RiskType(
        "mfn_or_price_restriction",
        "G",
        "medium",
        "MFN or price restriction",
        "最惠待遇/价格限制",
        "most-favoured-customer or pricing-freedom restrictions on us",
    ),
    # H. Assignment and control
    RiskType(
        "assignment_restriction",
        "H",
        "low",
        "Assignment restriction",
        "转让限制不对等",
        "we cannot assign or transfer while the counterparty can",
    ),
    RiskType(
        "change_of_control",
        "H",
        "medium",
        "Change of control",
        "控制权变更",
        "our change of control triggers termination/consent, or theirs leaves us no exit",
    ),
    RiskType(
        "third_party_rights",
        "H",
        "low",
        "Third-party rights",
        "第三方权利",
        "non-parties can enforce rights against us, or our affiliates lack needed benefit",
    ),
    # I. Disputes and governing law
    RiskType(
        "governing_law_forum",
        "I",
        "medium",
        "Governing law and forum",
        "适用法律与管辖不利",
        "governing law or forum favours the counterparty",
    ),
    RiskType(
        "dispute_resolution_unbalanced",
        "I",
        "medium",
        "Unbalanced dispute resolution",
        "争议解决机制不对等",
        "dispute mechanism skewed (final determinations, no adjudication)",
    ),
    # J. Construction-specific
    RiskType(
        "ground_conditions_risk",
        "J",
        "high",
        "Ground conditions risk",
        "现场/地质条件风险",
        "the Contractor bears unforeseeable ground conditions or site-data accuracy",
    ),
    RiskType(
        "employer_requirements_errors",
        "J",
        "high",
        "Errors in Employer's Requirements",
        "业主要求错误风险转移",
        "the Contractor bears errors in the Employer's Requirements or duties",
    ),
    RiskType(
        "extension_of_time_restricted",
        "J",
        "high",
        "Restricted extension of time",
        "工期延长权利受限",
        "extension-of-time entitlement is narrowed",
    ),
    RiskType(
        "variation_valuation_unfair",
        "J",
        "high",
        "Unfair variation valuation",
        "变更估价不公",
        "variations without adjustment, or valued at rates the Employer sets",
    ),
    # K. M&A-specific
    RiskType(
        "ma_claim_limitations_unfavourable",
        "K",
        "high",
        "Off-market seller limitations",
        "卖方责任限制不利",
        "seller's caps, baskets or claim periods off-market for the buyer",
    ),
    RiskType(
        "ma_disclosure_overbroad",
        "K",
        "high",
        "Overbroad disclosure",
        "披露范围过宽",
        "warranties undermined by general disclosure or knowledge qualifiers",
    ),
    RiskType(
        "ma_conditions_precedent_gap",
        "K",
        "high",
        "Conditions precedent gap",
        "先决条件保护不足",
        "conditions and termination rights do not protect the buyer",
    ),
    RiskType(
        "ma_price_mechanism_risk",
        "K",
        "medium",
        "Price mechanism risk",
        "价格机制风险",
        "leakage, completion accounts or earn-outs controlled by the other side",
    ),
    RiskType(
        "sha_governance_weak",
        "K",
        "high",
        "Weak minority governance",
        "小股东治理保护薄弱",
        "weak minority governance: board, quorum, reserved matters, deadlock",
    ),
    RiskType(
        "sha_exit_rights_unfavourable",
        "K",
        "high",
        "Unfavourable exit rights",
        "退出权利不利",
        "drag/tag, lock-up or transfer terms weaken the minority's exit",
    ),
    RiskType(
        "sha_dilution_pre_emption",
        "K",
        "high",
        "Dilution and pre-emption",
        "稀释与优先认购风险",
        "no pre-emption or anti-dilution protection, punitive dilution",
    ),
    # L. Drafting defects (reported for both parties)
    RiskType(
        "broken_cross_reference",
        "L",
        "medium",
        "Broken cross-reference",
        "交叉引用错误",
        "a reference points to a missing or wrong clause, schedule or annex",
    ),
    RiskType(
        "undefined_term",
        "L",
        "low",
        "Undefined term",
        "术语未定义",
        "a capitalised term is used but never defined",
    ),
    RiskType(
        "internal_inconsistency",
        "L",
        "medium",
        "Internal inconsistency",
        "内部不一致",
        "two provisions conflict (amounts, periods, percentages)",
    ),
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
