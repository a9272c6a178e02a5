"""The review rules, one function per risk family; each returns findings for our party only."""

from __future__ import annotations

from clauseflow_shared.legal.rules import (
    commercial,
    construction,
    covenants,
    drafting,
    ip_data,
    liability,
    ma,
    termination,
)
from clauseflow_shared.legal.rules.base import ClauseContext, Finding, Rule

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

__all__ = ["RULES", "ClauseContext", "Finding", "Rule"]
