"""Rule cases and pattern comments that restate a development-set sentence.

    uv run python -m bench.quality.case_overlap [--threshold 0.6]

The reviewer is measured on the golden contracts; a rule whose cases (or whose pattern comments)
paraphrase a golden sentence was fitted to it, and its golden figure says nothing about contracts
it has never seen. This bench compares every ``text`` of every ``rules/**/*.cases.yaml`` and every
comment line of every ``*.patterns.yaml`` with every sentence of ``../shared/data/golden`` and of
the written development set (``bench/contracts/written``) and lists the pairs whose ``difflib``
ratio reaches the threshold, per rule family. It writes ``bench/results/case_overlap.json`` (rule
side and contract file name only; ``--show`` prints the contract sentences); without the shared
data it compares with the written set alone.

Sentences are compared only when they share enough character 5-grams to be worth the quadratic
``SequenceMatcher`` (an index over the golden sentences keeps the run to seconds).
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path

import yaml

from bench.common import REPO, bench_logger, machine_info, shared_dir, write_result
from bench.quality.runner import WRITTEN_DIR

log = bench_logger("case_overlap")

RULES = REPO / "libs" / "legal" / "src" / "clauseflow_legal" / "rules"
_SENTENCE_END = re.compile(r"(?<=[.;!?。；！？])\s*")
_GRAM = 5
_MIN_SHARED_GRAMS = 0.25  # share of the shorter sentence's grams before running difflib


@dataclass(frozen=True)
class Sentence:
    """One sentence and where it comes from."""

    text: str
    origin: str


def _sentences(text: str, origin: str, min_chars: int = 25) -> list[Sentence]:
    parts = (p.strip() for p in _SENTENCE_END.split(text))
    return [Sentence(p, origin) for p in parts if len(p) >= min_chars]


def _grams(text: str) -> set[str]:
    flat = re.sub(r"\s+", " ", text.lower())
    return {flat[i : i + _GRAM] for i in range(max(1, len(flat) - _GRAM + 1))}


def golden_sentences(golden: Path) -> list[Sentence]:
    """Every sentence of every golden contract text (answer keys excluded)."""
    out: list[Sentence] = []
    for path in sorted(golden.glob("*.txt")):
        out.extend(_sentences(path.read_text(encoding="utf-8"), path.name))
    return out


def rule_sentences() -> list[Sentence]:
    """Case texts and pattern comments of every rule family."""
    out: list[Sentence] = []
    for path in sorted(RULES.rglob("*.cases.yaml")):
        family = path.relative_to(RULES).as_posix()
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for kind in ("flag", "clear"):
            for i, case in enumerate(data.get(kind) or []):
                out.extend(_sentences(str(case.get("text", "")), f"{family} {kind}[{i}]"))
    for path in sorted(RULES.rglob("*.patterns.yaml")):
        family = path.relative_to(RULES).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            comment = line.partition("#")[2]
            if comment:
                out.extend(_sentences(comment, f"{family}:{n} comment", min_chars=30))
    return out


def overlaps(rules: list[Sentence], golden: list[Sentence], threshold: float) -> list[dict[str, object]]:
    """Pairs (rule sentence, golden sentence) whose similarity ratio reaches ``threshold``."""
    index: dict[str, list[int]] = defaultdict(list)
    golden_grams = [_grams(g.text) for g in golden]
    for i, grams in enumerate(golden_grams):
        for gram in grams:
            index[gram].append(i)
    found: list[dict[str, object]] = []
    for sentence in rules:
        grams = _grams(sentence.text)
        shared: dict[int, int] = defaultdict(int)
        for gram in grams:
            for i in index.get(gram, ()):
                shared[i] += 1
        best: tuple[float, int] | None = None
        for i, count in shared.items():
            if count < _MIN_SHARED_GRAMS * min(len(grams), len(golden_grams[i])):
                continue
            ratio = SequenceMatcher(None, sentence.text.lower(), golden[i].text.lower()).ratio()
            if ratio >= threshold and (best is None or ratio > best[0]):
                best = (ratio, i)
        if best is not None:
            found.append(
                {
                    "rule": sentence.origin,
                    "ratio": round(best[0], 3),
                    "rule_text": sentence.text,
                    "golden": golden[best[1]].origin,
                    "golden_text": golden[best[1]].text,
                }
            )
    return sorted(found, key=lambda f: (str(f["rule"]), -float(str(f["ratio"]))))


def main() -> None:
    """List the overlaps and write them to ``bench/results/case_overlap.json``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threshold", type=float, default=0.6)
    parser.add_argument("--show", action="store_true", help="print each pair with the golden sentence")
    args = parser.parse_args()
    shared = shared_dir()
    folders = [WRITTEN_DIR]
    if shared is not None and (shared / "data" / "golden").is_dir():
        folders.insert(0, shared / "data" / "golden")
    else:
        log.info("../shared/data/golden is absent: comparing with the written set only")
    contracts = [s for folder in folders for s in golden_sentences(folder)]
    found = overlaps(rule_sentences(), contracts, args.threshold)
    by_family: dict[str, int] = defaultdict(int)
    for f in found:
        by_family[str(f["rule"]).split(" ")[0].split(":")[0]] += 1
    for family, count in sorted(by_family.items()):
        log.info("%s: %d sentences restate a golden one", family, count)
    if args.show:
        for f in found:
            log.info(
                "%s %s\n  rule:   %s\n  golden: %s", f["ratio"], f["rule"], f["rule_text"], f["golden_text"]
            )
    log.info("%d overlaps at ratio >= %.2f", len(found), args.threshold)
    # The results file is committed: it names the golden file of each pair but does not copy the
    # golden sentence (the development data stays in ../shared; --show prints it locally).
    pairs = [{k: v for k, v in f.items() if k != "golden_text"} for f in found]
    write_result(
        "case_overlap",
        {
            "bench": "case_overlap",
            "machine": machine_info(),
            "threshold": args.threshold,
            "overlaps": len(found),
            "by_family": dict(sorted(by_family.items())),
            "pairs": pairs,
        },
    )


if __name__ == "__main__":
    main()
