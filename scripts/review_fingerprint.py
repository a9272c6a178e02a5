"""Behaviour identity: fingerprint the reports of a fixed set of reviews, and compare two fingerprints.

    scripts/uv.sh run --frozen python scripts/review_fingerprint.py record OUT.json [--only NAME ...]
    scripts/uv.sh run --frozen python scripts/review_fingerprint.py --compare A.json B.json

``record`` reviews, on the embedded default (in-memory bus, skills over gRPC, the offline playbook
model, approval policy ``auto``), every contract of ``examples/`` (party and language from
``examples/expected.json``), every golden dev contract of ``../shared/data/golden/`` (as the quality
benchmark submits it) and the 40 CUAD dev contracts of ``../shared/data/cuad/`` (our party: the
first name the CUAD "Parties" labels give; domain ``auto``). The shared data is optional: without
it only the examples are reviewed. At most two reviews run at a time.

A fingerprint keeps what a reader of the report checks and nothing that changes from run to run:
per review the status, the clause states, every risk (clause, type, level, quote, description,
reason) and every redline (clause, action, original and proposed text, status), sorted — not ids,
not times. ``--compare`` prints every difference and exits 1 when there is one, so a refactoring that
should not change behaviour can be checked with it (issue #21: the package split).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run as a script: make ``bench`` importable
    sys.path.insert(0, str(REPO))

from bench.common import LLMCallLog, bench_logger, configure_service_logging, shared_dir  # noqa: E402
from bench.quality.runner import golden_stack, load_golden  # noqa: E402

log = bench_logger("fingerprint")
PARALLEL = 2


@dataclass(frozen=True)
class Job:
    """One review to run: a name and the arguments of ``GatewayClient.submit``."""

    name: str
    file: Path
    args: dict[str, Any] = field(default_factory=dict)


def example_jobs() -> list[Job]:
    """The bundled examples, with the party and language their expectations name."""
    expected = json.loads((REPO / "examples" / "expected.json").read_text(encoding="utf-8"))
    jobs = []
    for name, meta in sorted(expected.items()):
        if name.startswith("_") or not isinstance(meta, dict):
            continue
        args = {"our_party": meta["our_party"], "language": meta.get("language", "en"), "domain": "auto"}
        jobs.append(Job(f"example/{name}", REPO / "examples" / name, args))
    return jobs


def golden_jobs(shared: Path) -> list[Job]:
    """The golden dev contracts, submitted as the quality benchmark submits them."""
    folder = shared / "data" / "golden"
    if not folder.is_dir():
        return []
    jobs = []
    for contract in load_golden(folder):
        args = contract.submission()
        file = args.pop("file")
        jobs.append(Job(f"golden/{contract.name}", file, args))
    return jobs


def cuad_jobs(shared: Path) -> list[Job]:
    """The 40 CUAD dev contracts; our party is the first party the labels name."""
    folder = shared / "data" / "cuad"
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        return []
    jobs = []
    for entry in json.loads(manifest.read_text(encoding="utf-8"))["contracts"]:
        stem = Path(entry["contract_file"]).stem
        labels = json.loads((folder / entry["labels_file"]).read_text(encoding="utf-8"))
        parties = [p["text"] for p in labels["labels"].get("Parties", []) if p.get("text")]
        args = {
            "our_party": (parties[0] if parties else "the Company")[:200],
            "language": "en",
            "domain": "auto",
            "options": {"approval_policy": "auto"},
        }
        jobs.append(Job(f"cuad/{stem}", folder / entry["contract_file"], args))
    return jobs


def fingerprint(report: dict[str, Any], final: dict[str, Any]) -> dict[str, Any]:
    """The normalised content of one report: what a reader checks, without ids or times."""

    def rows(items: Iterable[dict[str, Any]], keys: tuple[str, ...]) -> list[dict[str, Any]]:
        picked = [{k: item.get(k) for k in keys} for item in items]
        return sorted(picked, key=lambda r: json.dumps(r, ensure_ascii=False, sort_keys=True))

    return {
        "status": final.get("status"),
        "failure_reason": report.get("failure_reason", ""),
        "domain": report.get("domain"),
        "clauses": rows(report.get("clauses", []), ("clause_id", "state", "depth", "title", "clause_types")),
        "risks": rows(
            report.get("risks", []),
            ("clause_id", "risk_type", "risk_level", "original_text", "description", "reason"),
        ),
        "redlines": rows(
            report.get("redline_history", report.get("redlines", [])),
            ("clause_id", "action_type", "original_text", "proposed_text", "final_text", "status", "round"),
        ),
        "counts": report.get("counts"),
    }


async def _read(call: Callable[[], Awaitable[Any]]) -> Any:
    """A read (GET) retried on a dropped connection: under load the embedded gateway's loop can stall
    past uvicorn's keep-alive timeout, and a poll then meets a connection the server just closed."""
    import httpx

    for attempt in range(4):
        try:
            return await call()
        except httpx.TransportError:
            if attempt == 3:
                raise
            await asyncio.sleep(0.5 * (attempt + 1))
    raise AssertionError("unreachable")


async def _review_one(url: str, job: Job) -> dict[str, Any]:
    from clauseflow_cli.client import GatewayClient

    args = dict(job.args)
    options = dict(args.pop("options", None) or {})
    options["approval_policy"] = "auto"
    async with GatewayClient(url, timeout_s=120) as client:
        review_id = await client.submit(job.file, options=options, **args)
        deadline = asyncio.get_running_loop().time() + 900
        while True:
            state = await _read(lambda: client.review(review_id))
            if state.get("status") in {"completed", "failed", "incomplete", "cancelled"}:
                break
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"{job.name}: review {review_id} still {state.get('status')} after 900 s")
            await asyncio.sleep(0.2)
        report = await _read(lambda: client.report(review_id))
    return fingerprint(report, state)


async def record(jobs: list[Job]) -> dict[str, Any]:
    """Review every job on one embedded stack, two at a time, and fingerprint each report."""
    calls = LLMCallLog()
    out: dict[str, Any] = {}
    gate = asyncio.Semaphore(PARALLEL)
    async with golden_stack("fingerprint", calls) as (handle, _observer):

        async def run(job: Job) -> None:
            async with gate:
                try:
                    out[job.name] = await _review_one(handle.gateway_url, job)
                except Exception as exc:  # a review that fails is recorded as such, not skipped
                    out[job.name] = {"error": f"{type(exc).__name__}: {exc}"}
                log.info("%s: %s", job.name, out[job.name].get("status") or out[job.name].get("error"))

        await asyncio.gather(*(run(job) for job in jobs))
    return dict(sorted(out.items()))


def compare(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """Every difference between two fingerprints, as readable lines."""
    diffs = []
    for name in sorted(set(a) | set(b)):
        if name not in a or name not in b:
            diffs.append(f"{name}: only in {'B' if name not in a else 'A'}")
            continue
        for key in sorted(set(a[name]) | set(b[name])):
            left, right = a[name].get(key), b[name].get(key)
            if left == right:
                continue
            if isinstance(left, list) and isinstance(right, list):
                dump = lambda r: json.dumps(r, ensure_ascii=False, sort_keys=True)  # noqa: E731
                only_a = [dump(r) for r in left if r not in right]
                only_b = [dump(r) for r in right if r not in left]
                diffs += [f"{name} {key} only in A: {r}" for r in only_a]
                diffs += [f"{name} {key} only in B: {r}" for r in only_b]
                if not only_a and not only_b:
                    diffs.append(f"{name} {key}: same items, different multiplicity")
            else:
                diffs.append(f"{name} {key}: {left!r} != {right!r}")
    return diffs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), type=Path)
    parser.add_argument("command", nargs="?", choices=["record"])
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("--only", nargs="*", default=None, help="job names (or prefixes) to run")
    parser.add_argument("--update", action="store_true", help="keep OUT's other entries, replace those run")
    ns = parser.parse_args(argv)
    if ns.compare:
        a, b = (json.loads(p.read_text(encoding="utf-8")) for p in ns.compare)
        diffs = compare(a, b)
        for line in diffs:
            sys.stdout.write(line + "\n")
        sys.stdout.write(f"{len(a)} vs {len(b)} reviews; {len(diffs)} differences\n")
        return 1 if diffs else 0
    if ns.command != "record" or ns.out is None:
        parser.error("give `record OUT.json` or `--compare A B`")
    shared = shared_dir()
    jobs = example_jobs()
    if shared is None:
        log.info("no shared data folder: fingerprinting the examples only")
    else:
        jobs += golden_jobs(shared) + cuad_jobs(shared)
    if ns.only:
        jobs = [j for j in jobs if any(j.name.startswith(p) for p in ns.only)]
    configure_service_logging(REPO / ".clauseflow" / "fingerprint" / "services.log", level="WARNING")
    result = asyncio.run(record(jobs))
    if ns.update and ns.out.exists():
        result = dict(sorted({**json.loads(ns.out.read_text(encoding="utf-8")), **result}.items()))
    ns.out.parent.mkdir(parents=True, exist_ok=True)
    ns.out.write_text(
        json.dumps(result, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    failed = [name for name, fp in result.items() if "error" in fp]
    log.info("%d reviews fingerprinted into %s (%d failed: %s)", len(result), ns.out, len(failed), failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
