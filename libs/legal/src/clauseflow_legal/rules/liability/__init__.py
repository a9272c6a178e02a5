"""Group A: caps, carve-outs that make liability unlimited, indemnities and liquidated damages."""

from __future__ import annotations

from clauseflow_legal.rules.liability import indemnities, liability_caps, liquidated_damages

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    liability_caps,
    indemnities,
    liquidated_damages,
)
