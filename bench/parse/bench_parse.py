"""Benchmark: the contract parser on real and golden contracts, and its speed.

    uv run python -m bench.parse.bench_parse            # all three measures
    uv run python -m bench.parse.bench_parse cuad|golden|speed

* ``cuad`` (``../shared/data/cuad``, 40 real contracts with lawyer-labelled spans): contracts read
  into a real numbered tree of >= 10 clauses (not a paragraph fallback; target >= 36/40; the count
  that includes paragraph fallbacks is reported beside it); the median and maximum parse time;
  labelled spans inside exactly one leaf clause,
  and inside a single clause (not crossing a clause boundary; target >= 95%); definitions found.
  Written to ``bench/results/parse_cuad.json``.
* ``golden`` (``../shared/data/golden/*.key.json``): recall of ``expected_clause_ids`` per
  section (target >= 0.98) and whether every broken cross-reference of the keys is reported; the
  FIDIC contract is also merged (GC + PC) and checked against ``pc_amended_sub_clauses``.
  Written to ``bench/results/parse_golden.json``.
* ``speed``: parse time of a ~300-page contract made by repeating a golden contract (target < 2 s).
  Written to ``bench/results/parse_speed.json``.

The measures use the product's public API only. They must not be used to tune the parser on these
files' sentences; the parser follows generic legal-document structure. Skips cleanly (exit 0,
nothing written) when ``../shared`` is absent.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from clauseflow_contracts.errors import ClauseflowError
from clauseflow_documents.fidic import merge_gc_pc
from clauseflow_documents.model import DocumentStructure
from clauseflow_documents.parser import parse_document

from bench.common import bench_logger, machine_info, shared_dir, write_result

log = bench_logger("parse")
SCHEDULE_PREFIX = ", paragraph "


def bench_cuad(data: Path) -> dict[str, Any]:
    """Tree, span and definition figures on the CUAD contracts."""
    rows: list[dict[str, Any]] = []
    totals = {"spans": 0, "in_one_leaf": 0, "in_one_clause": 0}
    for path in sorted((data / "contracts").glob("*.txt")):
        raw = path.read_bytes().decode("utf-8")
        labels = json.loads((data / "labels" / f"{path.stem}.json").read_text(encoding="utf-8"))
        started = time.perf_counter()
        try:
            doc = parse_document(raw.encode("utf-8"), path.name)
        except ClauseflowError as exc:
            rows.append({"contract": path.stem, "error": str(exc)})
            continue
        elapsed = time.perf_counter() - started
        # Offsets are comparable only if normalisation kept the text as is (true for CUAD's UTF-8/LF files).
        same_text = doc.text == raw
        leaves = [c for c in doc.clauses if not c.children]
        starts = sorted(c.start for c in doc.clauses)
        n_spans = in_leaf = in_clause = 0
        for spans in labels["labels"].values():
            for span in spans:
                start = span["start"] if same_text else doc.text.find(span["text"])
                if start < 0:
                    continue
                end = start + len(span["text"])
                n_spans += 1
                in_leaf += sum(1 for c in leaves if c.start <= start and end <= c.end) == 1
                # Inside one clause: no clause begins strictly inside the span, and some clause holds it.
                crosses = any(start < s < end for s in _starts_between(starts, start, end))
                holder = any(c.start <= start and end <= c.end for c in doc.clauses)
                in_clause += holder and not crosses
        totals["spans"] += n_spans
        totals["in_one_leaf"] += in_leaf
        totals["in_one_clause"] += in_clause
        rows.append(
            {
                "contract": path.stem,
                "clauses": len(doc.clauses),
                "top_level": len(doc.top_level()),
                "paragraph_fallback": any("No clause numbering" in w for w in doc.warnings),
                "definitions": len(doc.definitions),
                "cross_references": len(doc.cross_references),
                "broken_cross_references": sum(1 for r in doc.cross_references if not r.resolved),
                "spans": n_spans,
                "spans_in_one_leaf": in_leaf,
                "spans_in_one_clause": in_clause,
                "parse_ms": round(elapsed * 1000, 1),
            }
        )
    parsed = [r for r in rows if "error" not in r]
    # A real tree follows the document's numbering: paragraph-fallback chunks (P1, P2 …) never count.
    real_trees = sum(1 for r in parsed if r["clauses"] >= 10 and not r["paragraph_fallback"])
    any_ten = sum(1 for r in parsed if r["clauses"] >= 10)
    times: list[float] = [float(r["parse_ms"]) for r in parsed]
    return {
        "contracts": len(rows),
        "errors": [r for r in rows if "error" in r],
        "real_trees_with_10_or_more_clauses": real_trees,
        "trees_target": 36,
        "documents_with_10_or_more_clauses_incl_paragraph_fallback": any_ten,
        "paragraph_fallbacks": sum(1 for r in parsed if r["paragraph_fallback"]),
        "labelled_spans": totals["spans"],
        "spans_in_exactly_one_leaf_clause": totals["in_one_leaf"],
        "share_in_exactly_one_leaf_clause": round(totals["in_one_leaf"] / max(1, totals["spans"]), 4),
        "spans_in_a_single_clause": totals["in_one_clause"],
        "share_in_a_single_clause": round(totals["in_one_clause"] / max(1, totals["spans"]), 4),
        "share_target": 0.95,
        "contracts_with_definitions": sum(1 for r in parsed if r["definitions"] > 0),
        "definitions_found": sum(r["definitions"] for r in parsed),
        "median_parse_ms": statistics.median(times) if times else None,
        "max_parse_ms": max(times) if times else None,
        "slowest_contract": max(parsed, key=lambda r: float(r["parse_ms"]))["contract"] if parsed else None,
        "per_contract": rows,
    }


def _starts_between(starts: list[int], lo: int, hi: int) -> list[int]:
    from bisect import bisect_left, bisect_right

    return starts[bisect_right(starts, lo) : bisect_left(starts, hi)]


def _parse_file(path: Path) -> DocumentStructure:
    return parse_document(path.read_bytes(), path.name)


def _section_ids(doc: DocumentStructure, section: dict[str, Any], all_sections: dict[str, Any]) -> list[str]:
    """The parsed ids that belong to a key section (a schedule's own numbering is namespaced)."""
    starts_at = section.get("starts_at")
    if starts_at:
        heading = next((c for c in doc.clauses if doc.text[c.start :].startswith(starts_at)), None)
        if heading is None:
            return []
        prefix = heading.clause_id + SCHEDULE_PREFIX
        return [c.clause_id[len(prefix) :] for c in doc.clauses if c.clause_id.startswith(prefix)]
    restarted = any(s.get("starts_at") and s["file"] == section["file"] for s in all_sections.values())
    ids = [c.clause_id for c in doc.clauses]
    return [i for i in ids if SCHEDULE_PREFIX not in i] if restarted else ids


def bench_golden(data: Path) -> dict[str, Any]:
    """Clause-id recall and broken cross-references on the golden keys."""
    contracts = []
    recalls = []
    broken_total = broken_found = 0
    for key_path in sorted(data.glob("*.key.json")):
        key = json.loads(key_path.read_text(encoding="utf-8"))
        sections = key["sections"]
        expected = key["expected_clause_ids"]
        if isinstance(expected, list):
            expected = {"main": expected}
        docs = {name: _parse_file(data / s["file"]) for name, s in sections.items()}
        per_section = {}
        for name, ids in expected.items():
            got = set(_section_ids(docs[name], sections[name], sections))
            missing = [i for i in ids if i not in got]
            recall = 1 - len(missing) / max(1, len(ids))
            recalls.append((len(ids) - len(missing), len(ids)))
            per_section[name] = {"expected": len(ids), "recall": round(recall, 4), "missing": missing}
        broken = []
        for ref in key.get("broken_cross_references", []):
            doc = docs[ref["section"]]
            found = [
                r
                for r in doc.cross_references
                if not r.resolved
                and r.source == ref["clause_id"]
                and ref["target"].split()[-1] in (r.target or "")
            ]
            broken_total += 1
            broken_found += bool(found)
            broken.append({"target": ref["target"], "clause_id": ref["clause_id"], "found": bool(found)})
        entry: dict[str, Any] = {
            "contract": key["contract"],
            "sections": per_section,
            "broken_references": broken,
        }
        if "gc" in docs and "pc" in docs:
            merged = merge_gc_pc(docs["gc"], docs["pc"])
            amended = sorted((c.clause_id for c in merged.clauses if c.provenance == "amended"), key=_numeric)
            want = sorted(key.get("pc_amended_sub_clauses", []), key=_numeric)
            entry["fidic_merge"] = {
                "amended": amended,
                "expected_amended": want,
                "match": amended == want,
                "new_from_pc": [c.clause_id for c in merged.clauses if c.provenance == "pc"],
                "warnings": list(merged.warnings),
            }
        contracts.append(entry)
    found_ids = sum(a for a, _ in recalls)
    all_ids = sum(b for _, b in recalls)
    return {
        "expected_clause_ids_recall": round(found_ids / max(1, all_ids), 4),
        "recall_target": 0.98,
        "broken_cross_references_found": broken_found,
        "broken_cross_references_in_keys": broken_total,
        "contracts": contracts,
    }


def _numeric(clause_id: str) -> tuple[int, ...]:
    return tuple(int(p) for p in clause_id.split(".") if p.isdigit())


def bench_speed(data: Path, pages: int = 300) -> dict[str, Any]:
    """Parse time of a ~300-page contract built by repeating a golden contract (best of three)."""
    sample = (data / "spa_lumina.txt").read_text(encoding="utf-8")
    chars_per_page = 3000
    copies = max(1, round(pages * chars_per_page / len(sample)))
    content = ("\n".join([sample] * copies)).encode("utf-8")
    times = []
    doc = None
    for _ in range(3):
        started = time.perf_counter()
        doc = parse_document(content, "long.txt")
        times.append(time.perf_counter() - started)
    assert doc is not None
    return {
        "pages_at_3000_chars": round(len(content.decode()) / chars_per_page),
        "characters": len(content.decode()),
        "clauses": len(doc.clauses),
        "definitions": len(doc.definitions),
        "cross_references": len(doc.cross_references),
        "seconds_best_of_3": round(min(times), 3),
        "seconds_all": [round(t, 3) for t in times],
        "target_seconds": 2.0,
        "machine": machine_info(),
    }


def main(argv: list[str]) -> int:
    """Run the requested measures; exit 0 (skipping) when the shared data is absent."""
    which = set(argv) or {"cuad", "golden", "speed"}
    shared = shared_dir()
    if shared is None:
        log.info("skipped: ../shared (or $CLAUSEFLOW_SHARED_DIR) is not present")
        return 0
    if "cuad" in which:
        cuad = shared / "data" / "cuad"
        if cuad.is_dir():
            result = bench_cuad(cuad)
            path = write_result("parse_cuad", result)
            log.info(
                "cuad: %d/%d real numbered trees with >=10 clauses (%d with >=10 clauses counting "
                "%d paragraph fallbacks); spans in one leaf %.1f%%, in a single clause %.1f%%; "
                "%d contracts with definitions (%d definitions); parse ms median %.1f, max %.1f -> %s",
                result["real_trees_with_10_or_more_clauses"],
                result["contracts"],
                result["documents_with_10_or_more_clauses_incl_paragraph_fallback"],
                result["paragraph_fallbacks"],
                100 * result["share_in_exactly_one_leaf_clause"],
                100 * result["share_in_a_single_clause"],
                result["contracts_with_definitions"],
                result["definitions_found"],
                result["median_parse_ms"] or 0.0,
                result["max_parse_ms"] or 0.0,
                path,
            )
        else:
            log.info("cuad skipped: %s absent", cuad)
    golden = shared / "data" / "golden"
    if "golden" in which and golden.is_dir():
        result = bench_golden(golden)
        path = write_result("parse_golden", result)
        log.info(
            "golden: clause-id recall %.3f; broken cross-references found %d/%d -> %s",
            result["expected_clause_ids_recall"],
            result["broken_cross_references_found"],
            result["broken_cross_references_in_keys"],
            path,
        )
    if "speed" in which and golden.is_dir():
        result = bench_speed(golden)
        path = write_result("parse_speed", result)
        log.info(
            "speed: %d pages, %d clauses in %.2fs (best of 3) -> %s",
            result["pages_at_3000_chars"],
            result["clauses"],
            result["seconds_best_of_3"],
            path,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
