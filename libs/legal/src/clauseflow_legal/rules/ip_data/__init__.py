"""Group F: IP ownership, licence scope, confidentiality and data protection."""

from __future__ import annotations

from clauseflow_legal.rules.ip_data import confidentiality, data_protection, ip_ownership, licence_scope

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    ip_ownership,
    licence_scope,
    confidentiality,
    data_protection,
)
