"""What two or more rule families of the liability area share."""

from __future__ import annotations

from clauseflow_legal.rules.packs import patterns_beside

PATTERNS = patterns_beside(__file__)

# Chinese names of a sum owed for a breach, set in advance (a late-payment 罚息 included).
PENALTY_ZH = PATTERNS["penalty_zh"]
