"""Every rule's cases: the reviewer reasons about who bears a risk, not about particular sentences.

Each rule family keeps its cases beside it (``clauseflow_legal/rules/<area>/<family>.cases.yaml``,
the cases of the family's rule of that name): clauses
that must be flagged (different wording, structure, numbers, English and Chinese, active and
passive, our party named by role, by defined name or as 甲方/乙方) and clauses that must not be
(mutual or balanced, favourable to us, the same burden on the counterparty, market standard). A
``flag`` case names the level and the quote it must be reported with; every case names the only
other risks the clause may raise (``also``); a ``clear`` case may name the veto that clears it
(``veto: <family>.<name>``, clauseflow_legal/rules/packs.py). None of these clauses appears in the
bundled examples or the golden set. This runner executes every case file; scripts/split_rule_cases.py
made them from the former single test module, scripts/split_rule_packs.py moved them beside their
family.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clauseflow_legal.rules as rules_package
import pytest
import structlog.testing
from clauseflow_contracts.risk_types import RISK_TYPES
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.parties import infer_parties
from clauseflow_legal.rules import REGISTRY, ClauseContext
from clauseflow_legal.rules.packs import read_pack_yaml, recorded_vetoes

RULES_DIR = Path(rules_package.__file__).parent
CASE_SUFFIX = ".cases.yaml"


def _case_files() -> list[Path]:
    return sorted(RULES_DIR.glob(f"*/*{CASE_SUFFIX}"))


def _family(path: Path) -> str:
    return path.name.removesuffix(CASE_SUFFIX)


@dataclass(frozen=True)
class Case:
    """One clause reviewed for ``our`` party: must ``risk`` be flagged (and how), and what else may be."""

    rule: str
    kind: str  # "flag" or "clear"
    number: int
    risk: str
    our: str
    text: str
    also: frozenset[str]
    language: str = "en"
    domain: str = "generic"
    level: str | None = None
    quote: str | None = None
    tools: list[Any] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    veto: str | None = None
    # "symmetric: <why>" on a flag case whose clause binds both sides alike: read for the other side
    # it raises the same risk (tests/unit/legal/test_legal_rule_mirror.py)
    mirror: str | None = None

    @property
    def id(self) -> str:
        return f"{self.rule}:{self.kind}:{self.number}:{self.risk}"

    def review(self) -> list[dict[str, str]]:
        """The risks the reviewer reports for this clause."""
        return analyse_clause(
            self.text,
            our_party=self.our,
            language=self.language,
            domain=self.domain,
            tool_results=self.tools,
            metadata=self.metadata,
        )


def _load_cases() -> list[Case]:
    cases = []
    for path in _case_files():
        body = read_pack_yaml(path)
        assert body["rule"] == _family(path), f"{path}: names rule {body['rule']}"
        for kind in ("flag", "clear"):
            for number, entry in enumerate(body.get(kind) or [], 1):
                entry = dict(entry)
                entry["also"] = frozenset(entry.get("also", []))
                cases.append(Case(rule=body["rule"], kind=kind, number=number, **entry))
    return cases


CASES = _load_cases()
FLAG = [c for c in CASES if c.kind == "flag"]
CLEAR = [c for c in CASES if c.kind == "clear"]


def test_every_case_file_sits_beside_the_family_of_its_rule() -> None:
    by_name = {spec.name: spec for spec in REGISTRY}
    files = _case_files()
    assert files, RULES_DIR
    for path in files:
        assert _family(path) in by_name, f"{path}: no rule {_family(path)}"
        family = by_name[_family(path)].family
        assert family == f"{rules_package.__name__}.{path.parent.name}.{_family(path)}", (path, family)
        assert path.with_name(f"{_family(path)}.py").is_file(), path


def test_every_risk_type_has_phrasings_that_must_and_must_not_be_flagged() -> None:
    flagged = {c.risk for c in FLAG}
    cleared = {c.risk for c in CLEAR}
    assert set(RISK_TYPES) <= flagged, sorted(set(RISK_TYPES) - flagged)
    assert set(RISK_TYPES) <= cleared, sorted(set(RISK_TYPES) - cleared)
    for risk in RISK_TYPES:
        assert sum(c.risk == risk for c in FLAG) >= 3, risk
        assert sum(c.risk == risk for c in CLEAR) >= 2, risk


@pytest.mark.parametrize("case", FLAG, ids=[c.id for c in FLAG])
def test_a_risk_borne_by_our_party_is_flagged_whatever_the_phrasing(case: Case) -> None:
    risks = case.review()
    own = [r for r in risks if r["risk_type"] == case.risk]
    assert own, f"{case.risk} not flagged; reported {[r['risk_type'] for r in risks]}"
    assert (own[0]["risk_level"], own[0]["original_text"]) == (case.level, case.quote)
    assert {r["risk_type"] for r in risks} - {case.risk} == case.also


@pytest.mark.parametrize("case", CLEAR, ids=[c.id for c in CLEAR])
def test_a_balanced_favourable_or_counterparty_risk_is_not_flagged(case: Case) -> None:
    with recorded_vetoes() as vetoed:
        reported = {r["risk_type"] for r in case.review()}
    assert case.risk not in reported
    assert reported == case.also
    if case.veto is not None:
        assert case.veto in vetoed, f"cleared without the veto {case.veto}; vetoes that applied: {vetoed}"


def test_no_rule_raises_on_any_phrasing() -> None:
    # A rule that raises is logged and skipped so that one defect never sinks a review; that same
    # safety net would hide a broken pattern from every other test, so it is checked here.
    with structlog.testing.capture_logs() as logs:
        for case in CASES:
            case.review()
    failed = [(e.get("rule"), e.get("clause_id")) for e in logs if e.get("event") == "legal.rule_failed"]
    assert not failed, failed[:5]


def test_every_rule_reports_only_the_risk_types_it_declares() -> None:
    # Re-checking one risk runs only the rules that declare it (``rules_for``): an undeclared type
    # would go unchecked there.
    undeclared = []
    for case in CASES:
        parties = infer_parties(case.our, [], case.text)
        ctx = ClauseContext(
            "c1", "", case.text, case.language, case.domain, parties, list(case.tools), dict(case.metadata)
        )
        for spec in REGISTRY:
            extra = {f.risk_type for f in spec.func(ctx)} - spec.reports
            if extra:
                undeclared.append((spec.name, sorted(extra), case.id))
    assert not undeclared, undeclared[:5]
