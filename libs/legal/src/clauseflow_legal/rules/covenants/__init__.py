"""Groups G, H and I: restrictive covenants, assignment and control, governing law and disputes."""

from __future__ import annotations

from clauseflow_legal.rules.covenants import (
    assignment,
    change_of_control,
    dispute_resolution,
    exclusivity,
    governing_law,
    mfn,
    non_compete,
    non_solicit,
    third_party_rights,
)

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    non_compete,
    exclusivity,
    non_solicit,
    mfn,
    assignment,
    change_of_control,
    third_party_rights,
    governing_law,
    dispute_resolution,
)
