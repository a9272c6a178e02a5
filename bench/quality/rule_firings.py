"""Where the offline reviewer's rules fire on real drafting (CUAD), before and after a change.

    uv run python -m bench.quality.rule_firings --risk-type payment_terms [--risk-type ...]
        [--match REGEX] [--sets cuad-train,cuad] [--limit N] [--skip N] [--sample 10]
        [--seed 0] [--save-as NAME]
    uv run python -m bench.quality.rule_firings --compare bench/results/rule_firings_A.json \
        bench/results/rule_firings_B.json

Every pattern added to the reviewer is checked on contracts it was not written from: how often it
fires, a sample of the sentences, how many of them are true. For each CUAD contract
(``../shared/data/<set>/contracts/*.txt`` with ``labels/*.json``) the labelled Parties (short
labels, first four) are each read as "our party": the contract is parsed and split into the
clauses the orchestrator reviews one by one, the contract setting is built as the clause worker
builds it, and every clause (those matching ``--match`` when given) goes through
``analyse_clause`` as the playbook model calls it. Findings of the chosen risk types are kept:
contract, party, clause id, risk type, level and the quoted sentence.

Writes ``bench/results/rule_firings.json`` (or ``NAME.json``) and prints counts and ``--sample``
seeded random findings. ``--compare`` prints the findings that appear or disappear between two
runs (run once in a worktree at the base commit, once on the branch). Skips cleanly without the
shared data. The figures measure; they are never a reason to tune a pattern to a CUAD sentence.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from clauseflow_contracts.errors import ClauseflowError
from clauseflow_documents.parser import parse_document
from clauseflow_legal.analysis import analyse_clause
from clauseflow_legal.contract_setting import contract_setting
from clauseflow_orchestrator.checklist import reviewable_units

from bench.common import bench_logger, machine_info, shared_dir, write_result

log = bench_logger("rule_firings")

DEFAULT_SETS = ("cuad-train",)
MAX_PARTY_CHARS = 60  # longer "Parties" labels are whole recitals, not names
MAX_PARTIES = 4


@dataclass(frozen=True)
class Firing:
    """One finding of a watched risk type, as the reviewer reported it."""

    set: str
    contract: str
    party: str
    clause_id: str
    risk_type: str
    level: str
    quote: str

    def key(self) -> tuple[str, str, str, str, str, str]:
        """What identifies a finding across two runs (the level may move; that is a change too)."""
        return (self.set, self.contract, self.party, self.clause_id, self.risk_type, self.quote)


def parties(labels: dict[str, Any]) -> list[str]:
    """The contract's labelled parties usable as "our party": short, unquoted, distinct, first four."""
    out: list[str] = []
    for span in labels.get("labels", {}).get("Parties", []):
        name = str(span.get("text", "")).strip().strip("\"'“”‘’ ").strip()
        if name and len(name) < MAX_PARTY_CHARS and name not in out:
            out.append(name)
    return out[:MAX_PARTIES]


def contracts(data: Path) -> Iterator[tuple[str, Path, dict[str, Any]]]:
    """(name, text path, labels) of every labelled contract of one CUAD-format set, by name."""
    for label_file in sorted((data / "labels").glob("*.json")):
        text = data / "contracts" / f"{label_file.stem}.txt"
        if text.exists():
            yield label_file.stem, text, json.loads(label_file.read_text(encoding="utf-8"))


def watched(risk_type: str, risk_types: set[str]) -> bool:
    """A risk type is watched when named, or when a watched name is its prefix (``payment_terms``)."""
    return any(risk_type == t or risk_type.startswith(f"{t}_") for t in risk_types)


def contract_firings(
    set_name: str,
    name: str,
    path: Path,
    party_names: list[str],
    risk_types: set[str],
    match: re.Pattern[str] | None,
) -> list[Firing]:
    """The watched findings of one contract, read once per party."""
    document = parse_document(path.read_bytes(), path.name)
    units = [u for u in reviewable_units(document) if match is None or match.search(u.text)]
    out: list[Firing] = []
    for party in party_names:
        setting = contract_setting(party, document.text)
        for unit in units:
            metadata: dict[str, Any] = setting.as_metadata() | {
                "clause_id": unit.clause_id,
                "clause_name": unit.title,
                "our_party": party,
            }
            for risk in analyse_clause(
                unit.text,
                title=unit.title,
                clause_id=unit.clause_id,
                our_party=party,
                metadata=metadata,
            ):
                if watched(risk["risk_type"], risk_types):
                    out.append(
                        Firing(
                            set_name,
                            name,
                            party,
                            unit.clause_id,
                            risk["risk_type"],
                            risk["risk_level"],
                            risk["original_text"],
                        )
                    )
    return out


def run(
    shared: Path,
    sets: Iterable[str],
    risk_types: set[str],
    match: re.Pattern[str] | None = None,
    limit: int | None = None,
    skip: int = 0,
) -> dict[str, Any]:
    """Collect the firings over the given sets (``limit`` contracts per set at most, after ``skip``)."""
    started = time.perf_counter()
    firings: list[Firing] = []
    read: dict[str, int] = {}
    failures: list[dict[str, str]] = []
    skipped: dict[str, str] = {}
    for set_name in sets:
        data = shared / "data" / set_name
        if not (data / "labels").is_dir():
            skipped[set_name] = f"no {data}"
            continue
        read[set_name] = 0
        for position, (name, path, labels) in enumerate(contracts(data)):
            if position < skip:
                continue
            if limit is not None and read[set_name] >= limit:
                break
            read[set_name] += 1
            if read[set_name] % 25 == 0:
                log.info(
                    "%s: %d contracts read, %.0f s", set_name, read[set_name], time.perf_counter() - started
                )
            try:
                firings += contract_firings(set_name, name, path, parties(labels), risk_types, match)
            except ClauseflowError as exc:  # an unparsable file is reported, not fatal
                failures.append({"contract": name, "error": str(exc)})
    per_contract = Counter(f"{f.set}/{f.contract}" for f in firings)
    return {
        "risk_types": sorted(risk_types),
        "match": match.pattern if match else None,
        "contracts": read,
        "skipped": skipped,
        "failures": failures,
        "count": len(firings),
        "per_risk_type": dict(sorted(Counter(f.risk_type for f in firings).items())),
        "per_level": dict(sorted(Counter(f.level for f in firings).items())),
        "per_contract": dict(sorted(per_contract.items())),
        "findings": [asdict(f) for f in firings],
        "seconds": round(time.perf_counter() - started, 1),
        "machine": machine_info(),
    }


def _line(f: Firing) -> str:
    quote = " ".join(f.quote.split())
    return f"  [{f.level}] {f.risk_type} {f.contract[:50]} §{f.clause_id} (us: {f.party}): {quote[:300]}"


def summary(report: dict[str, Any], sample: int, seed: int) -> str:
    """Counts and ``sample`` seeded random findings of a run."""
    firings = [Firing(**f) for f in report["findings"]]
    contracts_read = sum(report["contracts"].values())
    failures = len(report["failures"])
    distinct = len({(f.contract, f.clause_id, f.risk_type) for f in firings})
    lines = [
        f"contracts read: {report['contracts']} in {report['seconds']} s; failures: {failures}",
        f"findings: {report['count']} in {len(report['per_contract'])} contracts; "
        f"per risk type {report['per_risk_type']}; per level {report['per_level']}",
        f"distinct (contract, clause, risk) firings: {distinct} (of {contracts_read} contracts)",
    ]
    chosen = random.Random(seed).sample(firings, min(sample, len(firings)))
    if chosen:
        lines.append(f"sample of {len(chosen)} (seed {seed}):")
        lines += [_line(f) for f in chosen]
    return "\n".join(lines)


def compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[Firing]]:
    """Findings only in ``after`` (added), only in ``before`` (removed), and those whose level moved."""
    old = {f.key(): f for f in (Firing(**x) for x in before["findings"])}
    new = {f.key(): f for f in (Firing(**x) for x in after["findings"])}
    return {
        "added": [new[k] for k in new if k not in old],
        "removed": [old[k] for k in old if k not in new],
        "level_changed": [new[k] for k in new if k in old and old[k].level != new[k].level],
    }


def compare_text(diff: dict[str, list[Firing]]) -> str:
    """The comparison as printed: counts, then every finding that changed."""
    lines = [", ".join(f"{kind}: {len(items)}" for kind, items in diff.items())]
    for kind, items in diff.items():
        if items:
            lines.append(f"{kind}:")
            lines += [_line(f) for f in items]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--risk-type", action="append", default=[], help="a taxonomy id, or its prefix, to watch (repeatable)"
    )
    parser.add_argument("--match", help="only clauses whose text matches this regex (case-insensitive)")
    parser.add_argument("--sets", default=",".join(DEFAULT_SETS), help="comma-separated: cuad-train,cuad")
    parser.add_argument("--limit", type=int, help="at most N contracts per set (bounded time)")
    parser.add_argument(
        "--skip", type=int, default=0, help="pass over the first N contracts of each set (read new ones)"
    )
    parser.add_argument("--sample", type=int, default=10, help="random findings printed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save-as", default="rule_firings", help="result name under bench/results/")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        log.info("%s", compare_text(compare(before, after)))
        return 0
    if not args.risk_type:
        parser.error("give at least one --risk-type (or --compare)")
    shared = shared_dir()
    if shared is None:
        log.info("skipped: ../shared is absent")
        return 0
    match = re.compile(args.match, re.IGNORECASE) if args.match else None
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    report = run(shared, sets, set(args.risk_type), match, args.limit, args.skip)
    path = write_result(args.save_as, report)
    log.info("%s\nwritten to %s", summary(report, args.sample, args.seed), path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
