"""What two or more rule families of the covenants area share."""

from __future__ import annotations

from clauseflow_legal.rules.packs import patterns_beside

PATTERNS = patterns_beside(__file__)

AFTER_THE_CONTRACT = PATTERNS.compiled("after_the_contract")


EXCLUSIVE_DEALING = PATTERNS["exclusive_dealing"]
