"""The review rules, one package per area and one module per rule family; each finds risks for our party only.

``rules/<area>/<family>.py`` holds a family's ``@rule`` functions and their helpers, with its cases
beside it (``<family>.cases.yaml``, run by tests/unit/legal/test_legal_rule_cases.py). A long family
reads some of its points through modules of their own beside it (``ma/minority_quorum.py`` for
sha_minority), each with its own pack files; they register no rule and never import the family.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

# Importing an area imports its families, which registers their rules (``@rule``, rules/registry.py).
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

# The areas in the review's order; within an area its families run in the order its ``FAMILIES``
# lists them, and a family's rules in the order they are defined.
_AREAS = (liability, termination, commercial, ip_data, covenants, construction, ma, drafting)
REGISTRY: tuple[RuleSpec, ...] = registered(family.__name__ for area in _AREAS for family in area.FAMILIES)

RULES: tuple[Rule, ...] = tuple(spec.func for spec in REGISTRY)

# The risk types each rule can report, as its ``@rule(reports=...)`` declares.
RULE_RISK_TYPES: dict[Rule, frozenset[str]] = {spec.func: spec.reports for spec in REGISTRY}

# Rules that judge each point against the whole unit (``@rule(whole_unit=True)``).
WHOLE_UNIT_RULES: frozenset[Rule] = frozenset(spec.func for spec in REGISTRY if spec.whole_unit)


@lru_cache(maxsize=128)
def rules_for(risk_types: frozenset[str]) -> tuple[Rule, ...]:
    """The rules (in ``RULES`` order) that can report any of ``risk_types``."""
    return tuple(spec.func for spec in REGISTRY if not spec.reports.isdisjoint(risk_types))


@lru_cache(maxsize=1)
def two_sided_risk_types() -> dict[str, str]:
    """Risk types that are a risk for both parties whatever the side (``two_sided.yaml``) → why."""
    from clauseflow_legal.rules.packs import read_pack_yaml

    body = read_pack_yaml(Path(__file__).with_name("two_sided.yaml")) or {}
    return {str(k): str(v) for k, v in body.items()}


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
    "two_sided_risk_types",
]
