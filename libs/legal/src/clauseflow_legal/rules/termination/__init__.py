"""Group B: termination for convenience, unbalanced termination/suspension, renewal, post-termination."""

from __future__ import annotations

from clauseflow_legal.rules.termination import (
    auto_renewal,
    post_termination,
    termination_balance,
    termination_for_convenience,
)

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    termination_for_convenience,
    termination_balance,
    auto_renewal,
    post_termination,
)
