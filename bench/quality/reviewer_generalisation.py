"""The offline reviewer on every development set at once (issue #20's discipline).

    uv run python -m bench.quality.reviewer_generalisation [--sets golden cuad_dev cuad_train_cv examples]
        [--save-as NAME]

Prints one line per set and writes ``bench/results/reviewer_generalisation.json`` (or
``NAME.json`` with ``--save-as``, e.g. ``reviewer_generalisation_before``):

* **golden dev** (``../shared/data/golden``): every contract reviewed end to end on the embedded
  stack with the playbook model, scored by ``bench.quality.golden`` (recall, strict precision,
  near misses flagged);
* **CUAD dev** (``../shared/data/cuad``, 40 contracts never trained on): clause typing macro-F1 over
  the 13 risk-bearing categories, computed by ``bench.clause_types.bench_cuad`` with the product's
  combined typing. The figure depends only on the typing code and the shipped weights, so it is
  cached under ``.clauseflow/cache`` keyed by their hash (``--fresh`` recomputes);
* **cuad-train CV**: the 5-fold cross-validation figure the training script wrote
  (``bench/results/clause_classifier_cv.json``); retraining is ``bench/clause_types/train_classifier.py``.
  The line says whether the rule typing changed since that figure was computed;
* **examples** (``examples/``, no shared data needed): per example the risks found, which of
  ``expected.json``'s ``must_find`` were found with the right type, and ``must_not_flag`` clauses
  flagged.

Each set skips cleanly when its data is absent (exit 0). The figures measure; they are never a
reason to tune a pattern to a sentence of these files.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import time
from pathlib import Path
from typing import Any

from bench.clause_types.clause_units import rules_key
from bench.common import (
    REPO,
    WORK_DIR,
    EmbeddedHandle,
    LLMCallLog,
    ResultObserver,
    bench_logger,
    configure_service_logging,
    machine_info,
    rounded,
    shared_dir,
    write_result,
)
from bench.quality.runner import WRITTEN_DIR

log = bench_logger("reviewer_generalisation")

SETS = ("golden", "written", "cuad_dev", "cuad_train_cv", "examples")
CACHE_DIR = REPO / ".clauseflow" / "cache"  # git-ignored
TYPING_SOURCES = (
    "libs/legal/src/clauseflow_legal/clause_types.py",
    "libs/legal/src/clauseflow_legal/risk_type_readings.py",
    "libs/legal/src/clauseflow_legal/clause_classifier.py",
    "libs/documents/src/clauseflow_documents/parser.py",
    "libs/documents/src/clauseflow_documents/segmenter.py",
)


def _typing_key() -> str:
    """A hash of what clause typing depends on: its code, the parser and the shipped weights."""
    digest = hashlib.sha256()
    paths = [REPO / p for p in TYPING_SOURCES]
    paths += sorted((REPO / "libs/legal/src/clauseflow_legal").rglob("*.npz"))
    for path in paths:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()


# --- sets ----------------------------------------------------------------------------------------


def cuad_dev(shared: Path, fresh: bool) -> dict[str, Any]:
    """Clause typing on the 40 CUAD dev contracts (cached by the typing code's hash)."""
    data = shared / "data" / "cuad"
    if not (data / "labels").is_dir():
        return {"skipped": "no ../shared/data/cuad"}
    key = _typing_key()
    cache = CACHE_DIR / "reviewer_generalisation_cuad_dev.json"
    if not fresh and cache.exists():
        cached = json.loads(cache.read_text(encoding="utf-8"))
        if cached.get("key") == key:
            return dict(cached["figures"]) | {"cached": True}
    from bench.clause_types.bench_cuad import run as run_cuad

    started = time.perf_counter()
    report = run_cuad(data)
    figures = {
        "contracts": report["contracts"],
        "macro_f1_risk_bearing": report["macro_f1_risk_bearing"],
        "macro_f1_all": report["macro_f1_all"],
        "f1_risk_bearing": {n: report["categories"][n]["f1"] for n in report["risk_bearing"]},
        "seconds": round(time.perf_counter() - started, 1),
    }
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"key": key, "figures": figures}), encoding="utf-8")
    return figures | {"cached": False}


def cuad_train_cv(shared: Path) -> dict[str, Any]:
    """The cross-validation figure on cuad-train as the training script last wrote it."""
    if not (shared / "data" / "cuad-train").is_dir():
        return {"skipped": "no ../shared/data/cuad-train"}
    path = REPO / "bench" / "results" / "clause_classifier_cv.json"
    if not path.exists():
        return {"skipped": "no bench/results/clause_classifier_cv.json (run train_classifier.py)"}
    cv = json.loads(path.read_text(encoding="utf-8"))
    return {
        "contracts": cv["contracts"],
        "macro_f1_chosen": cv["macro_f1_chosen"],
        "macro_f1_rules": cv["macro_f1_rules"],
        "macro_f1_model": cv["macro_f1_model"],
        "source": "bench/results/clause_classifier_cv.json",
        # The thresholds were chosen against the rules' typing of that day: retrain when it changed.
        "rule_typing_changed_since": cv.get("rules_key") != rules_key(),
    }


async def _review(url: str, file: Path, args: dict[str, Any]) -> dict[str, Any]:
    """Review one file end to end (policy auto) and return its report."""
    from clauseflow_cli.client import GatewayClient

    async with GatewayClient(url, timeout_s=120) as client:
        review_id = await client.submit(file, options={"approval_policy": "auto"}, **args)
        deadline = asyncio.get_running_loop().time() + 900
        while True:
            state = await client.review(review_id)
            if state.get("status") in {"completed", "failed", "incomplete", "cancelled"}:
                break
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"{file.name}: still {state.get('status')} after 900 s")
            await asyncio.sleep(0.2)
        report: dict[str, Any] = await client.report(review_id)
        report["_status"] = state.get("status")
        return report


def score_example(meta: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
    """Risks of one example against what ``expected.json`` says must (not) be found."""
    risks = list(report.get("risks", []))
    must_find: dict[str, str] = dict(meta.get("must_find", {}))
    found = {
        clause: any(r["clause_id"] == clause and r["risk_type"] == kind for r in risks)
        for clause, kind in must_find.items()
    }
    wrongly = sorted({r["clause_id"] for r in risks if r["clause_id"] in set(meta.get("must_not_flag", []))})
    by_level: dict[str, int] = {}
    for r in risks:
        by_level[r["risk_level"]] = by_level.get(r["risk_level"], 0) + 1
    return {
        "status": report.get("_status"),
        "risks": len(risks),
        "by_level": dict(sorted(by_level.items())),
        "must_find": len(must_find),
        "must_find_found": sum(found.values()),
        "must_find_missed": sorted(c for c, ok in found.items() if not ok),
        "must_not_flag_flagged": wrongly,
    }


async def _score_set(
    folder: Path, handle: EmbeddedHandle, observer: ResultObserver, calls_log: LLMCallLog
) -> dict[str, Any]:
    """Every contract of a set in the golden format reviewed end to end and scored against its key."""
    from bench.quality.golden import overall, score_contract, without_golden_text
    from bench.quality.runner import load_golden, review_golden

    scores = []
    for contract in load_golden(folder):
        run = await review_golden(handle, observer, calls_log, contract)
        scores.append(score_contract(contract, run))
    total = overall(scores)
    return {
        "overall": total,
        "per_contract": {
            s["contract"]: {
                "recall": s["recall"],
                "precision": s["precision"],
                "planted": s["planted"],
                "found": s["found"],
                "findings": s["findings"],
                "near_misses_flagged": s["near_misses_flagged"],
            }
            for s in scores
        },
        "misses": {s["contract"]: [m["id"] for m in s["misses"]] for s in scores},
        "levels_wrong": {
            s["contract"]: [
                f"{d['id']} {d['expected_type']} {d['expected_level']}, found as {d['found_as']}"
                for d in s["planted_detail"]
                if d["found"] and not d["level_right"]
            ]
            for s in scores
            if any(d["found"] and not d["level_right"] for d in s["planted_detail"])
        },
        "unlisted": {s["contract"]: without_golden_text(s["unlisted"]) for s in scores if s["unlisted"]},
        "near_misses_flagged": {
            s["contract"]: without_golden_text(s["near_misses_wrongly_flagged"])
            for s in scores
            if s["near_misses_wrongly_flagged"]
        },
    }


async def reviews(sets: set[str], shared: Path | None, golden_dir: Path | None = None) -> dict[str, Any]:
    """The golden dev (or ``golden_dir``, a set in its format), the written set and the examples
    reviewed on one stack."""
    from bench.quality.runner import golden_stack

    out: dict[str, Any] = {}
    configure_service_logging(WORK_DIR / "reviewer_generalisation" / "bench-process.log")
    calls_log = LLMCallLog()
    golden_folder = golden_dir or (shared / "data" / "golden" if shared else None)
    async with golden_stack("reviewer_generalisation", calls_log) as (handle, observer):
        if "golden" in sets:
            if golden_folder is None or not golden_folder.is_dir():
                out["golden"] = {"skipped": f"no golden set at {golden_folder or '../shared/data/golden'}"}
            else:
                out["golden"] = await _score_set(golden_folder, handle, observer, calls_log)
        if "written" in sets:
            out["written"] = await _score_set(WRITTEN_DIR, handle, observer, calls_log)
        if "examples" in sets:
            reviewed = await review_examples(handle.gateway_url)
            out["examples"] = {name: score_example(meta, report) for name, (meta, report) in reviewed.items()}
    return out


async def review_examples(
    url: str, party: str = "our_party"
) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Each bundled example (its ``expected.json`` entry, its report) reviewed for the party its entry
    names under ``party`` (``our_party``; ``counterparty`` for bench.quality.mirror)."""
    expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
    out: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for name, meta in sorted(expected.items()):
        if name.startswith("_") or not isinstance(meta, dict) or not meta.get(party):
            continue
        args = {"our_party": meta[party], "language": meta.get("language", "en"), "domain": "auto"}
        out[name] = (meta, await _review(url, REPO / "examples" / name, args))
    return out


# --- printing ------------------------------------------------------------------------------------


def summary_lines(result: dict[str, Any]) -> list[str]:
    """One readable line per set."""
    lines = []
    for name, label in (("golden", "golden dev"), ("written", "written dev")):
        scored = result.get(name)
        if not scored:
            continue
        if "skipped" in scored:
            lines.append(f"{label}: skipped ({scored['skipped']})")
        else:
            o = scored["overall"]
            lines.append(
                f"{label} ({o['contracts']} contracts): "
                f"recall {o['recall']:.4f} ({o['found']}/{o['planted']}), "
                f"precision {o['precision']:.4f} ({o['findings']} findings), "
                f"near misses flagged {o['near_misses_flagged']}/{o['near_misses']}, "
                f"level right on {o['level_right_share']:.2f} of those found {o['levels_off']}"
            )
    dev = result.get("cuad_dev")
    if dev:
        lines.append(
            f"CUAD dev: skipped ({dev['skipped']})"
            if "skipped" in dev
            else f"CUAD dev clause typing ({dev['contracts']} contracts): macro-F1 risk-bearing "
            f"{dev['macro_f1_risk_bearing']:.4f}{' (cached)' if dev.get('cached') else ''}"
        )
    cv = result.get("cuad_train_cv")
    if cv:
        lines.append(
            f"cuad-train CV: skipped ({cv['skipped']})"
            if "skipped" in cv
            else f"cuad-train 5-fold CV ({cv['contracts']} contracts): macro-F1 {cv['macro_f1_chosen']:.4f}"
            f"{' (rule typing changed since: retrain)' if cv['rule_typing_changed_since'] else ''}"
        )
    for name, ex in (result.get("examples") or {}).items():
        lines.append(
            f"example {name}: {ex['risks']} risks {ex['by_level']}, must_find {ex['must_find_found']}/"
            f"{ex['must_find']}, must_not_flag flagged {len(ex['must_not_flag_flagged'])}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; every set skips cleanly without its data."""
    parser = argparse.ArgumentParser(prog="python -m bench.quality.reviewer_generalisation")
    parser.add_argument("--sets", nargs="*", choices=SETS, default=list(SETS))
    parser.add_argument("--save-as", default="reviewer_generalisation", help="results file name (no .json)")
    parser.add_argument("--fresh", action="store_true", help="recompute CUAD dev typing even if cached")
    parser.add_argument(
        "--golden-dir",
        type=Path,
        default=None,
        help="another set in the golden format (e.g. contracts written blind to the rules)",
    )
    args = parser.parse_args(argv)
    sets = set(args.sets)
    shared = shared_dir()
    started = time.perf_counter()
    result: dict[str, Any] = {"bench": "quality.reviewer_generalisation", "machine": machine_info()}
    if sets & {"golden", "written", "examples"}:
        result |= asyncio.run(reviews(sets, shared, args.golden_dir))
        if args.golden_dir:
            result["golden_dir"] = str(args.golden_dir)
    if "cuad_dev" in sets:
        result["cuad_dev"] = cuad_dev(shared, args.fresh) if shared else {"skipped": "no ../shared"}
    if "cuad_train_cv" in sets:
        result["cuad_train_cv"] = cuad_train_cv(shared) if shared else {"skipped": "no ../shared"}
    result["seconds"] = round(time.perf_counter() - started, 1)
    path = write_result(args.save_as, rounded(result))
    for line in summary_lines(result):
        log.info(line)
    log.info("→ %s", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
