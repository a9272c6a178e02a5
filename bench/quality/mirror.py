"""Every reading must know whose risk it is: the golden-style contracts read for the other side.

    uv run python -m bench.quality.mirror [--dirs DIR ...] [--no-examples] [--save-as NAME]

A planted risk favours the key's ``counterparty``: the contract was written so that the clause hurts
``our_party``. Reviewed for the counterparty instead (the same files, ``our_party`` set to the key's
``counterparty``), a finding on a planted risk (clause and type, or an overlapping quote, as
``bench.quality.golden`` matches them) raises the other side's risk for our client: a **side
error** ("mirror false"). The types that are a risk for both parties
(``clauseflow_legal/rules/two_sided.yaml``: drafting defects) are counted apart
(``two_sided_on_planted``). Near misses and the rest are not counted: a clause that is balanced for
one side may well be a risk for the other.

Sets: the golden dev (``../shared/data/golden``), the examples (``examples/expected.json``: each
``must_find`` clause and type, read for the example's ``counterparty``), and each ``--dirs`` folder
in the golden format (by default the development sets /work/blind8-11 and /work/dev31-36 that
exist; never the held-out ones). Prints per contract and per risk type and rule (a finding is put
to the rule whose wording it carries), and writes ``bench/results/mirror.json`` (or ``NAME.json``).
The figures measure; they are never a reason to tune a pattern to a sentence of these files.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import time
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

from clauseflow_legal.rules import two_sided_risk_types

from bench import common
from bench.common import REPO, WORK_DIR, machine_info, rounded, write_result

log = common.bench_logger("mirror")

# The development sets in the golden format this bench reads by default (when present). The
# held-out sets (blind12 and above) are the lead's to measure and are never listed here.
DEV_DIRS = tuple(Path(f"/work/blind{n}") for n in (8, 9, 10, 11)) + tuple(
    Path(f"/work/dev{n}") for n in range(31, 37)
)
RULES_DIR = REPO / "libs" / "legal" / "src" / "clauseflow_legal" / "rules"


@lru_cache(maxsize=1)
def _wordings() -> list[tuple[re.Pattern[str], str]]:
    """Each rule's finding texts as patterns (placeholders read as anything) → ``pack/rule.id``."""
    import yaml

    out: list[tuple[re.Pattern[str], str]] = []
    for path in sorted(RULES_DIR.glob("*/*.wording.yaml")):
        body = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        rule = f"{path.parent.name}/{path.name.removesuffix('.wording.yaml')}"
        for key, entry in body.items():
            # an entry is {what, why, market} of one finding, or one text in both languages
            texts = entry.get("what", entry) if isinstance(entry, dict) else {}
            for text in texts.values() if isinstance(texts, dict) else ():
                if not isinstance(text, str):
                    continue
                pieces = re.split(r"\{[^{}]*\}", str(text))
                if sum(len(p) for p in pieces) < 12:
                    continue
                rx = re.compile(".*?".join(re.escape(p) for p in pieces), re.S)
                out.append((rx, f"{rule}.{key}"))
    return out


def rule_of(
    finding: dict[str, Any], our_party: str = "", language: str = "en", domain: str = "generic"
) -> str:
    """The rule that raised a finding: the one whose wording its description carries, else the
    first rule reporting its type that raises it again on the quoted words alone ("?" when none)."""
    text = str(finding.get("description") or "")
    for rx, rule in _wordings():
        if rx.match(text):
            return rule
    from clauseflow_legal.parties import infer_parties
    from clauseflow_legal.rules import REGISTRY, ClauseContext

    quote = str(finding.get("original_text") or "")
    parties = infer_parties(our_party, [], quote)
    ctx = ClauseContext("", "", quote, language, domain, parties)
    for spec in REGISTRY:
        if finding["risk_type"] in spec.reports:
            try:
                raised = any(f.risk_type == finding["risk_type"] for f in spec.func(ctx))
            except Exception:
                raised = False
            if raised:
                return f"{spec.area.rpartition('.')[2]}/{spec.family.rpartition('.')[2]}.{spec.name}"
    return "?"


def _brief(
    f: dict[str, Any], read_for: str = "", language: str = "en", domain: str = "generic"
) -> dict[str, Any]:
    return {
        "clause_id": f["clause_id"],
        "risk_type": f["risk_type"],
        "risk_level": f["risk_level"],
        "rule": rule_of(f, read_for, language, domain),
        "original_text": " ".join(str(f.get("original_text", "")).split())[:160],
    }


def score_mirror(contract: Any, report: dict[str, Any]) -> dict[str, Any]:
    """Findings of a review for the counterparty that land on a planted risk (side errors)."""
    from bench.quality.golden import _target, matches_planted, system_view

    view = system_view(contract)
    findings: list[dict[str, Any]] = list(report.get("risks", []))
    planted = [_target(contract, view, p) for p in contract.key["planted"]]
    wrong: list[dict[str, Any]] = []
    hit_planted: set[str] = set()
    both = 0
    for f in findings:
        hits = [t.item["id"] for t in planted if matches_planted(f, t, view)]
        if hits and f["risk_type"] in two_sided_risk_types():
            both += 1  # a drafting defect is a risk for either side
        elif hits:
            hit_planted.update(hits)
            brief = _brief(f, contract.our_party, contract.key["language"], contract.key["domain"])
            wrong.append(brief | {"planted": hits})
    return {
        "read_for": contract.our_party,
        "planted": len(planted),
        "findings": len(findings),
        "mirror_false": len(wrong),
        "planted_hit": len(hit_planted),
        "two_sided_on_planted": both,
        "side_errors": wrong,
    }


def score_example_mirror(meta: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
    """Findings of an example read for its counterparty on a ``must_find`` clause and type."""
    must_find: dict[str, str] = dict(meta.get("must_find", {}))
    findings = list(report.get("risks", []))
    wrong = [
        _brief(f, meta["counterparty"], meta.get("language", "en"))
        for f in findings
        if must_find.get(f["clause_id"]) == f["risk_type"] and f["risk_type"] not in two_sided_risk_types()
    ]
    return {
        "read_for": meta["counterparty"],
        "planted": len(must_find),
        "findings": len(findings),
        "mirror_false": len(wrong),
        "planted_hit": len({w["clause_id"] for w in wrong}),
        "side_errors": wrong,
    }


async def mirror_reviews(folders: list[Path], examples: bool) -> dict[str, Any]:
    """Every contract of ``folders`` (golden format) and the examples, read for the counterparty."""
    from bench.quality.reviewer_generalisation import review_examples
    from bench.quality.runner import GoldenContract, golden_stack, load_golden, review_golden

    out: dict[str, Any] = {}
    common.configure_service_logging(WORK_DIR / "mirror" / "bench-process.log")
    calls_log = common.LLMCallLog()
    async with golden_stack("mirror", calls_log) as (handle, observer):
        for folder in folders:
            per: dict[str, Any] = {}
            for contract in load_golden(folder):
                if not contract.key.get("counterparty"):
                    continue
                swapped = GoldenContract(
                    contract.name, contract.key | {"our_party": contract.key["counterparty"]}, contract.folder
                )
                run = await review_golden(handle, observer, calls_log, swapped)
                per[contract.name] = score_mirror(swapped, run.report)
            out[str(folder)] = per
        if examples:
            reviewed = await review_examples(handle.gateway_url, "counterparty")
            per = {name: score_example_mirror(meta, report) for name, (meta, report) in reviewed.items()}
            out["examples"] = per
    return out


def totals(sets: dict[str, Any]) -> dict[str, Any]:
    """Side errors over every set: in all, per set, per risk type and per rule."""
    by_type: Counter[str] = Counter()
    by_rule: Counter[str] = Counter()
    per_set = {}
    for name, per in sets.items():
        per_set[name] = sum(c["mirror_false"] for c in per.values())
        for c in per.values():
            for e in c["side_errors"]:
                by_type[e["risk_type"]] += 1
                by_rule[e["rule"]] += 1
    return {
        "mirror_false": sum(per_set.values()),
        "contracts": sum(len(per) for per in sets.values()),
        "per_set": per_set,
        "by_risk_type": dict(by_type.most_common()),
        "by_rule": dict(by_rule.most_common()),
    }


def summary_lines(result: dict[str, Any]) -> list[str]:
    """Per contract, then per risk type and rule."""
    lines = []
    for name, per in result["sets"].items():
        for contract, c in per.items():
            lines.append(
                f"{Path(name).name}/{contract} read for {c['read_for'][:40]!r}: "
                f"mirror false {c['mirror_false']} "
                f"({c['planted_hit']}/{c['planted']} planted hit; {c['findings']} findings)"
            )
    t = result["totals"]
    lines.append(f"mirror false in all: {t['mirror_false']} over {t['contracts']} contracts {t['per_set']}")
    lines.append(f"by risk type: {t['by_risk_type']}")
    lines.append(f"by rule: {t['by_rule']}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; a set without its data is skipped."""
    parser = argparse.ArgumentParser(prog="python -m bench.quality.mirror")
    parser.add_argument(
        "--dirs", nargs="*", type=Path, default=None, help="golden-format folders besides golden dev"
    )
    parser.add_argument("--no-golden", action="store_true", help="leave out ../shared/data/golden")
    parser.add_argument("--no-examples", action="store_true", help="leave out the bundled examples")
    parser.add_argument("--save-as", default="mirror", help="results file name (no .json)")
    args = parser.parse_args(argv)
    shared = common.shared_dir()
    folders: list[Path] = []
    if not args.no_golden and shared and (shared / "data" / "golden").is_dir():
        folders.append(shared / "data" / "golden")
    folders += [d for d in (args.dirs if args.dirs is not None else DEV_DIRS) if d.is_dir()]
    started = time.perf_counter()
    sets = asyncio.run(mirror_reviews(folders, not args.no_examples))
    seconds = round(time.perf_counter() - started, 1)
    result = {"bench": "quality.mirror", "machine": machine_info(), "sets": sets, "totals": totals(sets)}
    path = write_result(args.save_as, rounded(result | {"seconds": seconds}))
    log.info("\n".join([*summary_lines(result), f"→ {path}"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
