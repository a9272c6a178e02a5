"""Split the generalisation test's clause list into one case file per rule (issue #21, rule packs).

    scripts/uv.sh run --frozen python scripts/split_rule_cases.py [OLD_TEST.py]

OLD_TEST.py (default: tests/unit/legal/test_legal_generalisation.py; after the split, read it
back from git: ``git show abb77e2:tests/unit/legal/test_legal_generalisation.py > /tmp/old.py``)
defines ``FLAG`` and ``CLEAR``, lists of cases (risk, our party, clause text, language, domain,
tool results, metadata). Each case goes to the case file of the first rule (in review order)
that declares its risk, ``libs/legal/src/clauseflow_legal/rules/<area>/<rule>.cases.yaml`` (beside
the rule's family module since scripts/split_rule_packs.py), in
its list ``flag`` or ``clear``, in the old order.

Each case also records what the reviewer reports for it at the time of the split, so that the
case runner (tests/unit/legal/test_legal_rule_cases.py) checks more than presence: a ``flag``
case records the level and quote of its risk, and every case lists under ``also`` the other risk
types the clause raises (the runner asserts nothing else is raised). These were recorded from
the reviewer as it stood, not judged one by one by a lawyer: a change to them is a change of
behaviour to look at, not necessarily a regression.

The script checks that every case was written once and reads back equal, and prints the counts.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.rules import REGISTRY

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "libs" / "legal" / "src" / "clauseflow_legal" / "rules"
DEFAULT_OLD = REPO / "tests" / "unit" / "legal" / "test_legal_generalisation.py"


def _load(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location("old_generalisation", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def _entry(case: Any, kind: str) -> dict[str, Any]:
    """A case as its file keeps it, with what the reviewer reports for it today."""
    risks = analyse_clause(
        case.text,
        our_party=case.our,
        language=case.language,
        domain=case.domain,
        tool_results=case.tools,
        metadata=case.metadata,
    )
    entry: dict[str, Any] = {"risk": case.risk, "our": case.our, "text": case.text}
    if case.language != "en":
        entry["language"] = case.language
    if case.domain != "generic":
        entry["domain"] = case.domain
    if case.tools:
        entry["tools"] = case.tools
    if case.metadata:
        entry["metadata"] = case.metadata
    if kind == "flag":
        own = [r for r in risks if r["risk_type"] == case.risk]
        if not own:
            raise SystemExit(f"a flag case is not flagged today; fix it first: {case.risk}: {case.text[:60]}")
        entry["level"] = own[0]["risk_level"]
        entry["quote"] = own[0]["original_text"]
    elif any(r["risk_type"] == case.risk for r in risks):
        raise SystemExit(f"a clear case is flagged today; fix it first: {case.risk}: {case.text[:60]}")
    entry["also"] = sorted({r["risk_type"] for r in risks} - {case.risk})
    return entry


def main() -> None:
    old = _load(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OLD)
    owner: dict[str, Any] = {}
    for spec in REGISTRY:
        for risk in spec.reports:
            owner.setdefault(risk, spec)
    files: dict[Any, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: {"flag": [], "clear": []})
    for kind, cases in (("flag", old.FLAG), ("clear", old.CLEAR)):
        for case in cases:
            files[owner[case.risk]][kind].append(_entry(case, kind))
    written = {"flag": 0, "clear": 0}
    for spec, body in files.items():
        area = spec.area.rsplit(".", 1)[-1]
        path = RULES / area / f"{spec.name}.cases.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        head = (
            f"# Cases of the rule {spec.name} ({spec.family}).\n"
            "# flag: the clause must raise `risk` for `our` party, at `level`, quoting `quote`;\n"
            "# clear: it must not. Either way the clause raises nothing beyond `also`.\n"
        )
        document = {"rule": spec.name, "flag": body["flag"], "clear": body["clear"]}
        text = yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=10_000)
        path.write_text(head + text, encoding="utf-8")
        if yaml.safe_load(path.read_text(encoding="utf-8")) != document:
            raise SystemExit(f"{path} does not read back equal")
        written["flag"] += len(body["flag"])
        written["clear"] += len(body["clear"])
    counts = f"old: {len(old.FLAG)} flag, {len(old.CLEAR)} clear; written: {written} in {len(files)} files"
    sys.stdout.write(counts + "\n")
    if written != {"flag": len(old.FLAG), "clear": len(old.CLEAR)}:
        raise SystemExit("case counts differ")


if __name__ == "__main__":
    main()
