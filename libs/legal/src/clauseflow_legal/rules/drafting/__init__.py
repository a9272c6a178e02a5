"""Group L: drafting defects, reported whatever the perspective.

Broken references and undefined terms need the whole document, so they are read from the
skills' results (``cross_reference_check``, ``get_clause_context``) or from the metadata;
words-versus-figures inconsistencies are visible in the clause itself.
"""

from __future__ import annotations

from clauseflow_legal.rules.drafting import broken_references, inconsistency, undefined_terms

# The area's rule families in the review's order (importing one registers its rules).
FAMILIES = (
    inconsistency,
    broken_references,
    undefined_terms,
)
