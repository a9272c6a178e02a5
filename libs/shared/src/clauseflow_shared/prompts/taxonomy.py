"""The public risk-type ids (review taxonomy v1) with a one-line gloss each, for prompts and validation."""

from __future__ import annotations

RISK_TYPE_GLOSSES: dict[str, str] = {
    # A. Liability and indemnity
    "uncapped_liability": "our liability has no overall cap or is effectively unlimited",
    "liability_cap_inadequate": "the counterparty's cap or loss exclusions are too low for our exposure",
    "indemnity_one_sided": "broad, fault-independent or unreciprocated indemnities given by us",
    "liquidated_damages_excessive": "liquidated damages, penalties or break fees we pay are high or uncapped",
    # B. Termination and term
    "termination_for_convenience": "the counterparty may terminate without cause or adequate compensation",
    "termination_rights_unbalanced": "broad triggers against us, short cure periods, or our exit narrowed",
    "auto_renewal_lock_in": "automatic renewal, long notice windows or long terms without exit",
    "post_termination_obligations": "unfavourable consequences of termination or expiry for us",
    # C. Payment and price
    "payment_terms_unfavourable": "long or conditional payment, pay-when-paid, set-off, unsecured prepayment",
    "unilateral_change_right": "the counterparty may change prices, specifications or terms on its own",
    "minimum_commitment": "minimum purchase/spend, take-or-pay or shortfall payments binding us",
    "security_insurance_burden": "excessive security, retention, guarantees or insurance imposed on us",
    "cost_escalation_change_in_law": "we bear changes in law, taxes, exchange rates or cost escalation",
    # D. Time and claims
    "claim_time_bar": "an entitlement is lost unless notice or proceedings are given within a period",
    "deemed_acceptance_or_waiver": "silence or lapse of a short period is deemed acceptance or waiver",
    # E. Performance and warranties
    "warranty_excessive": "absolute, fitness-for-purpose or unusually long/broad warranties given by us",
    "warranty_or_sla_inadequate": "the counterparty's warranties, service levels or remedies are weak",
    "force_majeure_unbalanced": "force majeure definition or relief is skewed against us",
    # F. IP, confidentiality and data
    "ip_ownership_transfer": "our IP, or IP we pay for, vests in the counterparty",
    "license_scope_restrictive": "a licence to us is revocable, narrow, non-transferable or time-limited",
    "confidentiality_overbroad": "confidentiality on us is overbroad or lacks the standard exclusions",
    "data_protection_gap": "the counterparty may use our data, or security/breach/audit terms are weak",
    # G. Restrictive covenants
    "non_compete": "a broad non-compete binds us (or a seller's non-compete is too weak for a buyer)",
    "exclusivity": "exclusive-dealing obligations on us without reciprocity or exit",
    "non_solicit": "overbroad non-solicit, no-hire or non-disparagement covenants",
    "mfn_or_price_restriction": "most-favoured-customer or pricing-freedom restrictions on us",
    # H. Assignment and control
    "assignment_restriction": "we cannot assign or transfer while the counterparty can",
    "change_of_control": "our change of control triggers termination/consent, or theirs leaves us no exit",
    "third_party_rights": "non-parties can enforce rights against us, or our affiliates lack needed benefit",
    # I. Disputes and governing law
    "governing_law_forum": "governing law or forum favours the counterparty",
    "dispute_resolution_unbalanced": "dispute mechanism skewed (final determinations, no adjudication)",
    # J. Construction-specific
    "ground_conditions_risk": "the Contractor bears unforeseeable ground conditions or site-data accuracy",
    "employer_requirements_errors": "the Contractor bears errors in the Employer's Requirements or duties",
    "extension_of_time_restricted": "extension-of-time entitlement is narrowed",
    "variation_valuation_unfair": "variations without adjustment, or valued at rates the Employer sets",
    # K. M&A-specific
    "ma_claim_limitations_unfavourable": "seller's caps, baskets or claim periods off-market for the buyer",
    "ma_disclosure_overbroad": "warranties undermined by general disclosure or knowledge qualifiers",
    "ma_conditions_precedent_gap": "conditions and termination rights do not protect the buyer",
    "ma_price_mechanism_risk": "leakage, completion accounts or earn-outs controlled by the other side",
    "sha_governance_weak": "weak minority governance: board, quorum, reserved matters, deadlock",
    "sha_exit_rights_unfavourable": "drag/tag, lock-up or transfer terms weaken the minority's exit",
    "sha_dilution_pre_emption": "no pre-emption or anti-dilution protection, punitive dilution",
    # L. Drafting defects (reported for both parties)
    "broken_cross_reference": "a reference points to a missing or wrong clause, schedule or annex",
    "undefined_term": "a capitalised term is used but never defined",
    "internal_inconsistency": "two provisions conflict (amounts, periods, percentages)",
}

RISK_TYPES: tuple[str, ...] = tuple(RISK_TYPE_GLOSSES)
"""The 45 stable risk-type ids, in taxonomy order."""


def is_risk_type(value: object) -> bool:
    """Whether ``value`` is one of the taxonomy ids."""
    return isinstance(value, str) and value in RISK_TYPE_GLOSSES


def risk_type_catalogue() -> str:
    """The ids with their glosses, one per line, for embedding in a prompt."""
    return "\n".join(f"- {rid}: {gloss}" for rid, gloss in RISK_TYPE_GLOSSES.items())
