"""Benchmark: clause typing on real contracts (CUAD v1 dev split, 40 contracts, 41 categories).

    uv run python bench/clause_types/bench_cuad.py [--data ../shared/data/cuad] \
        [--out bench/results/clause_types_cuad.json]

Each contract is parsed with the product's parser (``parse_document``) and every clause is typed
with the product's ``classify_clause`` — the same call the ``classify_clause`` skill makes
(clause title + clause text). Two measures:

* presence, per category and contract: does the product find the category in the contract
  exactly when the lawyers labelled it? Precision/recall/F1 across the 40 contracts, and the
  macro-F1 over the risk-bearing categories (target >= 0.90), for the product's typing (rules and
  the learned model combined) and, as "before", for the hand-written rules alone;
* spans: the share of labelled spans whose clause (the most specific clause containing the
  span's start) got the labelled type.

The figures measure the classifier; they must not be used to tune it on these files' sentences
(the same measure is repeated on other CUAD contracts). The JSON lists, per category, examples of
missed and spurious findings so the classifier's owner can reason about the legal wording.
Beside the JSON, ``clause_types_cuad.md`` tabulates per risk-bearing category the F1 of the
cross-validation on cuad-train (from ``train_classifier.py``) and of the dev split before/after.
Skips cleanly (exit 0, nothing written) when the data directory is absent.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clauseflow_contracts.errors import ClauseflowError
from clauseflow_documents.model import Clause, DocumentStructure
from clauseflow_documents.parser import parse_document
from clauseflow_legal.clause_types import CUAD_TYPES, classify_clause, classify_clause_combined
from clauseflow_platform.logging import configure_logging, get_logger

from bench.clause_types.cuad_corpus import RISK_BEARING

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "cuad"
DEFAULT_OUT = ROOT / "bench" / "results" / "clause_types_cuad.json"
TARGET_MACRO_F1 = 0.90
EXAMPLES_PER_CATEGORY = 4
EXAMPLE_CHARS = 240

log = get_logger("bench.clause_types")


def category_ids() -> dict[str, str]:
    """CUAD category name → catalogue id (the catalogue names the 41 categories as CUAD does)."""
    by_name = {t.name.lower(): t.id for t in CUAD_TYPES}
    return {t.name: by_name[t.name.lower()] for t in CUAD_TYPES}


@dataclass
class CategoryScore:
    """Counts for one category across contracts."""

    type_id: str
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    spans: int = 0
    spans_typed: int = 0
    spans_typed_any_enclosing: int = 0
    spans_unlocated: int = 0
    missed: list[dict[str, str]] = field(default_factory=list)
    spurious: list[dict[str, str]] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        """Precision, recall and F1 (None when undefined; F1 is 1.0 when there is nothing to find)."""
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else None
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else None
        if self.tp + self.fp + self.fn == 0:
            f1: float | None = 1.0
        elif precision is None or recall is None or precision + recall == 0:
            f1 = 0.0
        else:
            f1 = 2 * precision * recall / (precision + recall)
        return {
            "type_id": self.type_id,
            "labelled_contracts": self.tp + self.fn,
            "predicted_contracts": self.tp + self.fp,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
            "precision": _round(precision),
            "recall": _round(recall),
            "f1": _round(f1),
            "spans": self.spans,
            "spans_typed": self.spans_typed,
            "span_share": _round(self.spans_typed / self.spans if self.spans else None),
            "spans_typed_any_enclosing": self.spans_typed_any_enclosing,
            "spans_unlocated": self.spans_unlocated,
            "missed_examples": self.missed,
            "spurious_examples": self.spurious,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _excerpt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= EXAMPLE_CHARS else text[: EXAMPLE_CHARS - 1] + "…"


def locate(document_text: str, span: str, hint: int, raw_length: int) -> int | None:
    """Where a labelled span is in the parsed (normalised) text: the occurrence nearest the hint."""
    words = span.split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words[:40])
    scaled = hint * len(document_text) / max(1, raw_length)
    best: int | None = None
    for m in re.finditer(pattern, document_text):
        if best is None or abs(m.start() - scaled) < abs(best - scaled):
            best = m.start()
    return best


def clauses_at(document: DocumentStructure, offset: int) -> list[Clause]:
    """The clauses containing ``offset``, most specific (shortest) first."""
    found = [c for c in document.clauses if c.start <= offset < max(c.end, c.start + len(c.text))]
    return sorted(found, key=lambda c: c.end - c.start)


@dataclass
class ContractResult:
    """Typing of one contract."""

    name: str
    types_by_clause: dict[str, list[str]]
    present: set[str]
    clauses: int
    parse_seconds: float
    present_own_text: set[str] = field(default_factory=set)


def own_text(document: DocumentStructure, clause: Clause) -> str:
    """A clause's text without its sub-clauses (a parent's text repeats its children's)."""
    if clause.children and document.has(clause.children[0]):
        first = document.get(clause.children[0])
        if clause.start <= first.start <= clause.end:
            return document.text[clause.start : first.start]
    return clause.text


Classify = Callable[[str, str], list[str]]


def type_contract(
    path: Path, classify: Classify = classify_clause_combined
) -> tuple[DocumentStructure, ContractResult]:
    """Parse a contract and type every clause with the product's classifier."""
    content = path.read_bytes()
    started = time.perf_counter()
    document = parse_document(content, path.name)
    elapsed = time.perf_counter() - started
    types = {c.clause_id: classify(c.title, c.text) for c in document.clauses}
    present = {t for ts in types.values() for t in ts}
    # Diagnostic only (not the product's path): typing each clause on its own text, children excluded.
    own = {t for c in document.clauses for t in classify(c.title, own_text(document, c))}
    return document, ContractResult(path.stem, types, present, len(document.clauses), elapsed, own)


def _type_or_error(
    path: Path, classify: Classify
) -> tuple[DocumentStructure, ContractResult] | ClauseflowError:
    # In a worker process: the error is returned (and reported as a parse failure), not raised.
    try:
        return type_contract(path, classify)
    except ClauseflowError as exc:
        return exc


def run(data: Path, classify: Classify = classify_clause_combined, jobs: int = 1) -> dict[str, Any]:
    """Score every contract of the split (typed in ``jobs`` processes); returns the JSON report."""
    names = category_ids()
    scores = {name: CategoryScore(type_id) for name, type_id in names.items()}
    own_scores = {name: CategoryScore(type_id) for name, type_id in names.items()}
    spurious_via_parent = {name: 0 for name in names}
    contracts: list[dict[str, Any]] = []
    failures: list[dict[str, str]] = []
    label_files = sorted((data / "labels").glob("*.json"))
    paths = [data / "contracts" / f"{label_file.stem}.txt" for label_file in label_files]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            typed = list(pool.map(_type_or_error, paths, itertools.repeat(classify)))
    else:
        typed = [_type_or_error(path, classify) for path in paths]
    for label_file, contract_path, outcome in zip(label_files, paths, typed, strict=True):
        labels = json.loads(label_file.read_text(encoding="utf-8"))
        raw = contract_path.read_text(encoding="utf-8")
        if isinstance(outcome, ClauseflowError):
            failures.append({"contract": label_file.stem, "error": str(outcome)})
            continue
        document, result = outcome
        contracts.append(
            {
                "contract": label_file.stem,
                "clauses": result.clauses,
                "parse_seconds": round(result.parse_seconds, 3),
                "types_found": len(result.present),
            }
        )
        by_id = {c.clause_id: c for c in document.clauses}
        for name, score in scores.items():
            spans = labels["labels"].get(name, [])
            labelled = bool(spans)
            predicted = score.type_id in result.present
            if labelled and predicted:
                score.tp += 1
            elif labelled:
                score.fn += 1
                if len(score.missed) < EXAMPLES_PER_CATEGORY:
                    score.missed.append(
                        {"contract": label_file.stem, "labelled_text": _excerpt(spans[0]["text"])}
                    )
            elif predicted:
                score.fp += 1
                typed = [cid for cid, ts in result.types_by_clause.items() if score.type_id in ts]
                if all(by_id[cid].children for cid in typed):
                    spurious_via_parent[name] += 1
                if len(score.spurious) < EXAMPLES_PER_CATEGORY:
                    clause_id = next(cid for cid, ts in result.types_by_clause.items() if score.type_id in ts)
                    clause = by_id[clause_id]
                    score.spurious.append(
                        {
                            "contract": label_file.stem,
                            "clause_id": clause_id,
                            "clause_text": _excerpt(f"{clause.title} {clause.text}"),
                        }
                    )
            else:
                score.tn += 1
            own_score = own_scores[name]
            own_predicted = score.type_id in result.present_own_text
            own_score.tp += labelled and own_predicted
            own_score.fn += labelled and not own_predicted
            own_score.fp += own_predicted and not labelled
            for span in spans:
                score.spans += 1
                offset = locate(document.text, span["text"], int(span["start"]), len(raw))
                if offset is None:
                    score.spans_unlocated += 1
                    continue
                enclosing = clauses_at(document, offset)
                if enclosing and score.type_id in result.types_by_clause.get(enclosing[0].clause_id, []):
                    score.spans_typed += 1
                if any(score.type_id in result.types_by_clause.get(c.clause_id, []) for c in enclosing):
                    score.spans_typed_any_enclosing += 1
    figures = {name: score.figures() for name, score in scores.items()}

    def macro(selected: list[str]) -> float | None:
        values = [figures[n]["f1"] for n in selected if figures[n]["f1"] is not None]
        return _round(sum(values) / len(values)) if values else None

    def span_share(selected: list[str]) -> float | None:
        total = sum(scores[n].spans for n in selected)
        return _round(sum(scores[n].spans_typed for n in selected) / total) if total else None

    risk = list(RISK_BEARING)
    own_figures = {name: s.figures() for name, s in own_scores.items()}
    own_values = [own_figures[n]["f1"] for n in risk if own_figures[n]["f1"] is not None]
    return {
        "dataset": "CUAD v1 dev split (40 contracts), CC BY 4.0, The Atticus Project",
        "measure": (
            "category present in a contract per classify_clause over parse_document's clauses "
            "vs expert labels"
        ),
        "contracts": len(contracts),
        "parse_failures": failures,
        "target_macro_f1_risk_bearing": TARGET_MACRO_F1,
        "macro_f1_risk_bearing": macro(risk),
        "macro_f1_all": macro(list(names)),
        "span_share_all": span_share(list(names)),
        "span_share_risk_bearing": span_share(risk),
        "risk_bearing": risk,
        "categories": figures,
        "diagnostics": {
            "false_positives_only_from_parent_clauses": {n: v for n, v in spurious_via_parent.items() if v},
            "note": "own_text_* types each clause on its own text (children excluded); diagnostic only",
            "own_text_macro_f1_risk_bearing": _round(sum(own_values) / len(own_values))
            if own_values
            else None,
            "own_text_f1": {n: own_figures[n]["f1"] for n in risk},
        },
        "per_contract": contracts,
    }


def _cross_validation() -> dict[str, Any] | None:
    """The training script's CV figures on cuad-train, if it has been run (see train_classifier)."""
    path = ROOT / "bench" / "results" / "clause_classifier_cv.json"
    if not path.exists():
        return None
    cv = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in cv.items() if k != "types"} | {
        "f1": {t: {k: v for k, v in f.items() if k.startswith("cv_f1")} for t, f in cv["types"].items()}
    }


def _table(report: dict[str, Any]) -> str:
    """Per-category F1 over the risk-bearing categories: cuad-train CV, and the dev split before/after."""
    cv = (report.get("cross_validation_on_cuad_train") or {}).get("f1", {})
    rows = [
        "| category | CV rules | CV model | CV chosen | dev before (rules) | dev after (product) |",
        "|---|---|---|---|---|---|",
    ]
    for name in report["risk_bearing"]:
        type_id = report["categories"][name]["type_id"]
        f = cv.get(type_id, {})
        rows.append(
            f"| {name} | {f.get('cv_f1_rules', '')} | {f.get('cv_f1_model', '')} "
            f"| {f.get('cv_f1_chosen', '')} "
            f"| {report['before_rules_only']['f1'][name]} | {report['categories'][name]['f1']} |"
        )
    cv_all = report.get("cross_validation_on_cuad_train") or {}
    rows.append(
        f"| **macro-F1** | {cv_all.get('macro_f1_rules', '')} | {cv_all.get('macro_f1_model', '')} "
        f"| {cv_all.get('macro_f1_chosen', '')} | {report['before_rules_only']['macro_f1_risk_bearing']} "
        f"| {report['macro_f1_risk_bearing']} |"
    )
    head = (
        "# Clause typing, 13 risk-bearing CUAD categories (contract presence F1)\n\n"
        "CV: 5-fold cross-validation on cuad-train (430 contracts, grouped by contract). "
        "Dev: the 40 CUAD dev contracts, never trained on. Written by bench/clause_types/bench_cuad.py.\n\n"
    )
    return head + "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Run the bench and write the JSON report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="the CUAD split (contracts/, labels/)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the JSON report")
    parser.add_argument("--jobs", type=int, default=1, help="processes typing contracts (same figures)")
    args = parser.parse_args(argv)
    configure_logging("bench", level="INFO", json=False)
    if not (args.data / "labels").is_dir() or not (args.data / "contracts").is_dir():
        log.warning("cuad_data_absent_skipping", data=str(args.data))
        return 0
    started = time.perf_counter()
    report = run(args.data, jobs=args.jobs)
    report["seconds"] = round(time.perf_counter() - started, 1)
    # Before: the hand-written rules alone (what the product typed before the learned model).
    before = run(args.data, classify_clause, args.jobs)
    report["before_rules_only"] = {
        "macro_f1_risk_bearing": before["macro_f1_risk_bearing"],
        "macro_f1_all": before["macro_f1_all"],
        "f1": {n: before["categories"][n]["f1"] for n in before["categories"]},
    }
    report["cross_validation_on_cuad_train"] = _cross_validation()
    args.out.with_suffix(".md").write_text(_table(report), encoding="utf-8")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    log.info(
        "clause_typing_measured",
        contracts=report["contracts"],
        macro_f1_risk_bearing=report["macro_f1_risk_bearing"],
        before_rules_only=report["before_rules_only"]["macro_f1_risk_bearing"],
        macro_f1_all=report["macro_f1_all"],
        span_share_all=report["span_share_all"],
        out=str(args.out),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
