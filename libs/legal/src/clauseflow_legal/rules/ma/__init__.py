"""Group K: M&A (SPA/SHA) risks, mostly for a buyer or a minority investor."""

from __future__ import annotations

from clauseflow_legal.rules.ma import (
    conditions_precedent,
    disclosure,
    price_mechanism,
    seller_limitations,
    sha_minority,
)

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    seller_limitations,
    disclosure,
    conditions_precedent,
    price_mechanism,
    sha_minority,
)
