"""Group J: construction (FIDIC-style) risks for the Contractor."""

from __future__ import annotations

from clauseflow_legal.rules.construction import (
    contractor_relief,
    employer_advance,
    employer_requirements,
    employer_retention,
    employer_security,
    employer_suspension,
    employer_variations,
    extension_of_time,
    ground_conditions,
    variations,
)

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    ground_conditions,
    employer_requirements,
    extension_of_time,
    variations,
    contractor_relief,
    employer_variations,
    employer_retention,
    employer_suspension,
    employer_advance,
    employer_security,
)
