"""Groups C, D and E: payment, change rights, commitments, security, claims, acceptance, warranties,
force majeure.
"""

from __future__ import annotations

from clauseflow_legal.rules.commercial import (
    claim_time_bar,
    cost_escalation,
    deemed_acceptance,
    force_majeure,
    lease_covenants,
    market_terms,
    minimum_commitment,
    payment_terms,
    security_burden,
    service_levels,
    unilateral_change,
    warranties,
)

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    payment_terms,
    unilateral_change,
    minimum_commitment,
    security_burden,
    cost_escalation,
    claim_time_bar,
    deemed_acceptance,
    warranties,
    service_levels,
    force_majeure,
    lease_covenants,
    # last: a clause's numbers against the playbook's market positions, yielding to the specific
    # rules above wherever one reports the same words
    market_terms,
)
