"""The rule registry: every review rule declares itself with ``@rule(reports={...})``.

A rule's declaration is the one place that says which risk types it can report. Re-checking one
risk (is a redline's rewritten clause still risky?) runs only the rules that can report it, so a
rule reporting an undeclared type would be skipped there; the case runner
(tests/unit/legal/test_legal_rule_cases.py) runs every rule on every case and fails on any finding
of a type its rule did not declare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from clauseflow_contracts.risk_types import RISK_TYPES

from clauseflow_legal.rules.base import Rule


@dataclass(frozen=True)
class RuleSpec:
    """One registered rule: the function, the risk types it reports, and how it reads a unit."""

    func: Rule
    reports: frozenset[str]
    # The rule reports every point of a unit already and judges each against the whole unit (a
    # reference to 4.1.1 is sound because 4.1.1 is in the unit): the analysis never asks it again
    # about the tail of a unit.
    whole_unit: bool
    # Registration order: the order of definition within the rule's module.
    index: int

    @property
    def name(self) -> str:
        """The rule function's name."""
        return self.func.__name__

    @property
    def family(self) -> str:
        """The module that defines the rule, its family (``clauseflow_legal.rules.liability.indemnities``)."""
        return self.func.__module__

    @property
    def area(self) -> str:
        """The package of the rule's family, its area (``clauseflow_legal.rules.liability``)."""
        return self.family.rpartition(".")[0]


_REGISTERED: dict[Rule, RuleSpec] = {}


def rule(*, reports: Iterable[str], whole_unit: bool = False) -> Callable[[Rule], Rule]:
    """Register a review rule that can report the risk types ``reports`` (taxonomy ids).

    The function is returned unchanged: the decorator only records it.
    """
    declared = frozenset(reports)
    unknown = declared - set(RISK_TYPES)
    if unknown or not declared:
        raise ValueError(f"a rule must report taxonomy risk types; unknown: {sorted(unknown)}")

    def register(func: Rule) -> Rule:
        _REGISTERED[func] = RuleSpec(func, declared, whole_unit, len(_REGISTERED))
        return func

    return register


def registered(families: Iterable[str]) -> tuple[RuleSpec, ...]:
    """The registered rules, family by family in the order of ``families`` (module names), then as defined.

    The order is the review's order: findings of equal rank are reported in it.
    """
    order = {family: i for i, family in enumerate(families)}
    missing = {spec.family for spec in _REGISTERED.values()} - set(order)
    if missing:
        raise ValueError(f"rule modules not listed in the review's families: {sorted(missing)}")
    return tuple(sorted(_REGISTERED.values(), key=lambda s: (order[s.family], s.index)))
