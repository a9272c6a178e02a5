"""What two or more rule families of the commercial area share."""

from __future__ import annotations

from clauseflow_legal.rules.packs import patterns_beside

PATTERNS = patterns_beside(__file__)

# Earned fees lost for invoicing late: "Fees not invoiced within that period shall not be payable".
FEES_FORFEITED = PATTERNS["fees_forfeited"]
# A contractual limitation period written as a prohibition: "No action … may be brought … more than".
LIMITATION_BAR = PATTERNS["limitation_bar"]
BAR = PATTERNS["bar"]
