"""The review rules, one function per risk family; each returns findings for our party only."""

from __future__ import annotations

from functools import lru_cache

# Importing an area registers its rules (``@rule`` in clauseflow_legal.rules.registry).
from clauseflow_legal.rules import (
    commercial,
    construction,
    covenants,
    drafting,
    ip_data,
    liability,
    ma,
    termination,
)
from clauseflow_legal.rules.base import ClauseContext, Finding, Rule
from clauseflow_legal.rules.registry import RuleSpec, registered, rule

# The areas in the review's order; within an area the rules run in the order they are defined.
_AREAS = (liability, termination, commercial, ip_data, covenants, construction, ma, drafting)
REGISTRY: tuple[RuleSpec, ...] = registered(area.__name__ for area in _AREAS)

RULES: tuple[Rule, ...] = tuple(spec.func for spec in REGISTRY)

# The risk types each rule can report, as its ``@rule(reports=...)`` declares.
RULE_RISK_TYPES: dict[Rule, frozenset[str]] = {spec.func: spec.reports for spec in REGISTRY}

# Rules that judge each point against the whole unit (``@rule(whole_unit=True)``).
WHOLE_UNIT_RULES: frozenset[Rule] = frozenset(spec.func for spec in REGISTRY if spec.whole_unit)


@lru_cache(maxsize=128)
def rules_for(risk_types: frozenset[str]) -> tuple[Rule, ...]:
    """The rules (in ``RULES`` order) that can report any of ``risk_types``."""
    return tuple(spec.func for spec in REGISTRY if not spec.reports.isdisjoint(risk_types))


__all__ = [
    "REGISTRY",
    "RULES",
    "RULE_RISK_TYPES",
    "WHOLE_UNIT_RULES",
    "ClauseContext",
    "Finding",
    "Rule",
    "RuleSpec",
    "rule",
    "rules_for",
]
