"""The review rules, one function per risk family; each returns findings for our party only."""

from __future__ import annotations

from functools import lru_cache

from clauseflow_legal.rules import (
    commercial,
    construction,
    covenants,
    drafting,
    ip_data,
    liability,
    ma,
    termination,
)
from clauseflow_legal.rules.base import ClauseContext, Finding, Rule

RULES: tuple[Rule, ...] = (
    liability.liability_caps,
    liability.indemnities,
    liability.liquidated_damages,
    termination.termination_for_convenience,
    termination.termination_balance,
    termination.auto_renewal,
    termination.post_termination,
    commercial.payment_terms,
    commercial.unilateral_change,
    commercial.minimum_commitment,
    commercial.security_burden,
    commercial.cost_escalation,
    commercial.claim_time_bar,
    commercial.deemed_acceptance,
    commercial.warranties,
    commercial.force_majeure,
    ip_data.ip_ownership,
    ip_data.licence_scope,
    ip_data.confidentiality,
    ip_data.data_protection,
    covenants.non_compete,
    covenants.exclusivity,
    covenants.non_solicit,
    covenants.mfn,
    covenants.assignment,
    covenants.change_of_control,
    covenants.third_party_rights,
    covenants.governing_law,
    covenants.dispute_resolution,
    construction.ground_conditions,
    construction.employer_requirements,
    construction.extension_of_time,
    construction.variations,
    ma.seller_limitations,
    ma.disclosure,
    ma.conditions_precedent,
    ma.price_mechanism,
    ma.sha_minority,
    drafting.inconsistency,
    drafting.broken_references,
    drafting.undefined_terms,
    drafting.single_use_undefined_terms,
)

# The risk types each rule can report (every ``Finding`` it, or a helper of its module, builds).
# Re-checking one risk (is a redline's rewritten clause still risky?) runs only the rules that can
# report it; a rule missing here is always run. tests/unit/legal/test_legal_rule_registry.py reads
# the rules' source and fails when a rule reports a type not declared here: keep them in step.
RULE_RISK_TYPES: dict[Rule, frozenset[str]] = {
    liability.liability_caps: frozenset({"liability_cap_inadequate", "uncapped_liability"}),
    liability.indemnities: frozenset({"indemnity_one_sided"}),
    liability.liquidated_damages: frozenset({"liquidated_damages_excessive"}),
    termination.termination_for_convenience: frozenset({"termination_for_convenience"}),
    termination.termination_balance: frozenset({"termination_rights_unbalanced"}),
    termination.auto_renewal: frozenset({"auto_renewal_lock_in"}),
    termination.post_termination: frozenset({"post_termination_obligations"}),
    commercial.payment_terms: frozenset({"payment_terms_unfavourable"}),
    commercial.unilateral_change: frozenset({"unilateral_change_right"}),
    commercial.minimum_commitment: frozenset({"minimum_commitment"}),
    commercial.security_burden: frozenset({"security_insurance_burden"}),
    commercial.cost_escalation: frozenset({"cost_escalation_change_in_law"}),
    commercial.claim_time_bar: frozenset({"claim_time_bar"}),
    commercial.deemed_acceptance: frozenset({"deemed_acceptance_or_waiver"}),
    commercial.warranties: frozenset({"warranty_excessive", "warranty_or_sla_inadequate"}),
    commercial.force_majeure: frozenset({"force_majeure_unbalanced"}),
    ip_data.ip_ownership: frozenset({"ip_ownership_transfer"}),
    ip_data.licence_scope: frozenset({"license_scope_restrictive"}),
    ip_data.confidentiality: frozenset({"confidentiality_overbroad"}),
    ip_data.data_protection: frozenset({"data_protection_gap"}),
    covenants.non_compete: frozenset({"non_compete"}),
    covenants.exclusivity: frozenset({"exclusivity"}),
    covenants.non_solicit: frozenset({"non_solicit"}),
    covenants.mfn: frozenset({"mfn_or_price_restriction"}),
    covenants.assignment: frozenset({"assignment_restriction"}),
    covenants.change_of_control: frozenset({"change_of_control"}),
    covenants.third_party_rights: frozenset({"third_party_rights"}),
    covenants.governing_law: frozenset({"governing_law_forum"}),
    covenants.dispute_resolution: frozenset({"dispute_resolution_unbalanced"}),
    construction.ground_conditions: frozenset({"ground_conditions_risk"}),
    construction.employer_requirements: frozenset({"employer_requirements_errors"}),
    construction.extension_of_time: frozenset({"extension_of_time_restricted"}),
    construction.variations: frozenset({"variation_valuation_unfair"}),
    ma.seller_limitations: frozenset({"ma_claim_limitations_unfavourable"}),
    ma.disclosure: frozenset({"ma_disclosure_overbroad"}),
    ma.conditions_precedent: frozenset({"ma_conditions_precedent_gap"}),
    ma.price_mechanism: frozenset({"ma_price_mechanism_risk"}),
    ma.sha_minority: frozenset(
        {"sha_dilution_pre_emption", "sha_exit_rights_unfavourable", "sha_governance_weak"}
    ),
    drafting.inconsistency: frozenset({"internal_inconsistency"}),
    drafting.broken_references: frozenset({"broken_cross_reference"}),
    drafting.undefined_terms: frozenset({"undefined_term"}),
    drafting.single_use_undefined_terms: frozenset({"undefined_term"}),
}


# Rules that report every point already and judge each against the whole unit (a reference to
# 4.1.1 is sound because 4.1.1 is in the unit; a term is defined in an earlier sub-clause): the
# analysis never asks them again about the tail of a unit.
WHOLE_UNIT_RULES: frozenset[Rule] = frozenset(
    {
        drafting.inconsistency,
        drafting.broken_references,
        drafting.undefined_terms,
        drafting.single_use_undefined_terms,
    }
)


@lru_cache(maxsize=128)
def rules_for(risk_types: frozenset[str]) -> tuple[Rule, ...]:
    """The rules (in ``RULES`` order) that can report any of ``risk_types``; undeclared rules included."""
    return tuple(
        rule
        for rule in RULES
        if rule not in RULE_RISK_TYPES or not RULE_RISK_TYPES[rule].isdisjoint(risk_types)
    )


__all__ = ["RULES", "RULE_RISK_TYPES", "WHOLE_UNIT_RULES", "ClauseContext", "Finding", "Rule", "rules_for"]
