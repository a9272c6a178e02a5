"""Run every benchmark in sequence: ``python -m bench`` (``make bench``). Figures go to ``bench/results/``.

    uv run python -m bench                       # everything
    uv run python -m bench --only golden plans   # some of them

Order: the cheap, data-driven ones first (parser, clause typing, skills), then review quality
and plans on the golden set (embedded stack), then throughput and scaling (each starts its own
local Kafka broker). Benchmarks that need ``../shared/data`` skip themselves when it is absent.
A failing benchmark is reported and the others still run; the exit status is 1 if any failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench.common import REPO, RESULTS_DIR, bench_logger

log = bench_logger("all")


@dataclass(frozen=True)
class Bench:
    """One benchmark: a name and how to run it (a callable returning an exit status)."""

    name: str
    run: Callable[[], int]


def _module(module: str, *args: str, timeout_s: float = 3600) -> Callable[[], int]:
    """Run ``python -m module args`` in its own process (each bench gets a fresh event loop and logging)."""

    def run() -> int:
        try:
            return subprocess.run(
                [sys.executable, "-m", module, *args], cwd=REPO, timeout=timeout_s, check=False
            ).returncode
        except subprocess.TimeoutExpired:
            log.error("%s timed out after %.0f s", module, timeout_s)
            return 1

    return run


def _script(path: str, *args: str, timeout_s: float = 1800) -> Callable[[], int]:
    """Run a benchmark script of another area (``python path args``) if it exists."""

    def run() -> int:
        if not (REPO / path).exists():
            log.info("%s is not there; skipped", path)
            return 0
        try:
            return subprocess.run(
                [sys.executable, path, *args], cwd=REPO, timeout=timeout_s, check=False
            ).returncode
        except subprocess.TimeoutExpired:
            log.error("%s timed out after %.0f s", path, timeout_s)
            return 1

    return run


BENCHES = (
    Bench("parse", _module("bench.parse.bench_parse")),
    Bench("clause_types", _script("bench/clause_types/bench_cuad.py")),
    Bench(
        "skills", _script("bench/skills/bench_invoke.py", "--json", str(RESULTS_DIR / "skills_invoke.json"))
    ),
    # One caller: the latency of a call itself, without queueing behind 63 others.
    Bench(
        "skills_one_caller",
        _script(
            "bench/skills/bench_invoke.py",
            "--concurrency",
            "1",
            "--calls",
            "300",
            "--json",
            str(RESULTS_DIR / "skills_invoke_one_caller.json"),
        ),
    ),
    Bench("docx_export", _module("bench.word.docx_export")),
    Bench("golden", _module("bench.quality.golden")),
    Bench("redline_quality", _module("bench.quality.redline_quality")),
    Bench("plans", _module("bench.plans.golden_plans")),
    Bench("throughput", _module("bench.perf.throughput")),
    Bench("scaling", _module("bench.perf.scaling")),
    Bench("desk", _module("bench.desk.feedback")),
)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks asked for (all by default), in order; 1 if any failed."""
    parser = argparse.ArgumentParser(prog="python -m bench", description="Run the benchmarks.")
    parser.add_argument("--only", nargs="+", choices=[b.name for b in BENCHES], help="run only these")
    args = parser.parse_args(argv)
    chosen = [b for b in BENCHES if not args.only or b.name in args.only]
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    outcomes: dict[str, tuple[int, float]] = {}
    for bench in chosen:
        log.info("── %s", bench.name)
        started = time.monotonic()
        try:
            status = bench.run()
        except Exception as exc:  # one broken bench must not hide the others' figures
            log.error("%s failed: %r", bench.name, exc)
            status = 1
        outcomes[bench.name] = (status, time.monotonic() - started)
    for name, (status, seconds) in outcomes.items():
        log.info("%-13s %s in %.0f s", name, "ok" if status == 0 else f"FAILED (exit {status})", seconds)
    log.info("results in %s", RESULTS_DIR)
    return 1 if any(status for status, _ in outcomes.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
