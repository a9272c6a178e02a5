"""Throughput of one worker and the infrastructure overhead per clause, embedded and on Kafka.

    uv run python -m bench.perf.throughput [--models playbook scripted] [--modes embedded kafka]

Two models, both zero-latency, both served from this process behind a timing middleware
(server-side time of every chat completion: request in → last byte out):

* ``playbook`` — the bundled offline playbook model reviewing for real (its own plan, depths,
  tool choices, redlines), the issue's "zero-latency playbook model";
* ``scripted`` — every clause exactly k=3 turns (two ``get_clause_context`` tool turns, then
  ``[]``), the shape of the 900 ms clause of the scaling bench with the 300 ms taken out, so what
  remains is infrastructure only.

Two profiles per model and mode, on one clause-worker replica:

* **throughput** — 200 generated clauses, worker concurrency 8, dispatch window 64:
  clauses/s = clauses analysed / analysis phase (plan answered → last clause result seen on
  ``clause.results`` by an independent consumer). Target ≥ 150 clauses/s.
* **latency** — 40 clauses, concurrency 1, window 1: clauses go through the system strictly one
  after another, so the analysis phase divided by the clauses is the time one clause spends in
  the system. **Infrastructure overhead per clause** = that time − the model's server-side time
  − the skills' own time (``skill_calls[].duration_ms`` of the results). What remains is the
  Kafka (or in-memory) hops task → worker → result → orchestrator → next task, the
  orchestrator's state commit, gRPC transport, the openai SDK's HTTP round trips, (de)serialisation,
  the document-store reads and the transcript write. Target ≤ 2% of a 900 ms clause (18 ms).

CPU seconds of every process during the measured review are recorded too: on a small shared
machine the figures are CPU-bound and the per-clause CPU cost is what transfers to other hardware.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import statistics
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bench.common import (
    WORK_DIR,
    Broker,
    CpuMeter,
    LLMCallLog,
    ResultObserver,
    ReviewTimeline,
    bench_logger,
    configure_service_logging,
    embedded,
    follow_review,
    generated_contract,
    kafka_broker,
    kafka_observer,
    machine_info,
    rounded,
    system_cpu_busy,
    timed_playbook_model,
    timed_scripted_model,
    wait_workers_assigned,
    write_result,
)
from bench.perf.scaling import script

log = bench_logger("throughput")

PROFILES: dict[str, dict[str, int]] = {
    "throughput": {"clauses": 200, "concurrency": 8, "window": 64},
    "latency": {"clauses": 40, "concurrency": 1, "window": 1},
}
REFERENCE_CLAUSE_MS = 900.0
TARGET_OVERHEAD_PCT = 2.0
TARGET_CLAUSES_PER_S = 150.0
CLAUSE_KINDS = {"clause_review", "clause_review_fixed", "redline_draft", "redline_validate", "plan_adjust"}
PARTITIONS = 6


@contextlib.asynccontextmanager
async def model_server(kind: str, calls_log: LLMCallLog) -> AsyncIterator[str]:
    """A zero-latency model of ``kind`` served here behind the timing middleware; yields its base URL."""
    if kind == "playbook":
        async with timed_playbook_model(calls_log) as url:
            yield url
        return
    arguments = script(max(p["clauses"] for p in PROFILES.values()))
    arguments["latency_s"] = 0.0
    model = timed_scripted_model(calls_log, **arguments)
    await model.start()
    try:
        yield model.base_url
    finally:
        await model.stop()


async def review_once(
    gateway_url: str,
    contract: Path,
    calls_log: LLMCallLog,
    observer: ResultObserver,
    pids: dict[str, int | None],
) -> dict[str, Any]:
    """Review ``contract`` once, following it to completion; the analysis-phase figures."""
    from clauseflow_cli.client import GatewayClient

    calls_log.clear()
    timeline = ReviewTimeline()
    meter = CpuMeter(pids)
    busy0, total0 = system_cpu_busy()
    meter.start()
    async with GatewayClient(gateway_url) as client:
        timeline.submitted = time.perf_counter()
        review_id = await client.submit(
            contract,
            our_party="Beta GmbH (the Customer)",
            language="en",
            domain="generic",
            options={"approval_policy": "auto"},
        )
        final = await follow_review(client, review_id, timeline, poll_s=0.5, timeout_s=900)
    cpu = meter.stop()
    busy1, total1 = system_cpu_busy()
    if final["status"] != "completed":
        raise RuntimeError(f"review {review_id} ended {final['status']}: {final.get('failure_reason')}")
    await asyncio.sleep(0.5)  # the observer may be a little behind the gateway
    results = [r for r in observer.of(review_id) if r.mode.endswith("analyze")]
    calls = calls_log.calls()
    plan = [c for c in calls if c.kind == "review_plan"]
    first_task = min(c.start for c in calls if c.kind in CLAUSE_KINDS)
    # With an LLM plan the phase starts when the plan was answered; with the default plan, at the
    # first clause call (the dispatch hop of the first task is then not counted).
    origin = plan[0].end if plan else first_task
    end = results[-1].arrived
    in_phase = [c for c in calls if c.kind in CLAUSE_KINDS and origin <= c.start <= end]
    model_s = sum(c.duration for c in in_phase)
    skills_s = sum(r.skill_ms for r in results) / 1000.0
    wall = end - origin
    n = len(results)
    return {
        "review_id": review_id,
        "clauses": n,
        "analysis_wall_s": wall,
        "clauses_per_s": n / wall,
        "per_clause_wall_ms": 1000 * wall / n,
        "model_ms_per_clause": 1000 * model_s / n,
        "skills_ms_per_clause": 1000 * skills_s / n,
        "llm_calls_per_clause": statistics.fmean(r.llm_calls for r in results),
        "model_requests_in_phase": len(in_phase),
        "skill_calls_per_clause": statistics.fmean(r.skill_calls for r in results),
        "risks_found": sum(r.risks for r in results),
        "redlines_drafted": sum(r.redlines for r in results),
        "fallbacks": sum(1 for r in results if r.fallback_used),
        "plan_from_llm": bool(plan),
        "depths": _depths(final),
        "cpu_ms_per_clause_by_process": {k: 1000 * v / n for k, v in cpu.items()},
        "machine_cpu_busy_pct": 100 * (busy1 - busy0) / max(1.0, total1 - total0),
    }


def _depths(review: dict[str, Any]) -> dict[str, int]:
    depths: dict[str, int] = {}
    for clause in review.get("clauses", []):
        depths[clause["depth"]] = depths.get(clause["depth"], 0) + 1
    return depths


def summarise(profile: str, run: dict[str, Any], concurrency: int) -> dict[str, Any]:
    """Add the derived figures the targets are about."""
    out = dict(run)
    infra = run["per_clause_wall_ms"] - run["model_ms_per_clause"] - run["skills_ms_per_clause"]
    if profile == "latency":
        out["infrastructure_overhead_ms_per_clause"] = infra
        out["overhead_pct_of_900ms_clause"] = 100 * infra / REFERENCE_CLAUSE_MS
        out["overhead_within_target"] = 100 * infra / REFERENCE_CLAUSE_MS <= TARGET_OVERHEAD_PCT
    else:
        # Slot time: each of the C slots is busy or idle; what is not model or skill time is
        # infrastructure or waiting (a bound on the overhead under load, not the overhead itself).
        slot_ms = concurrency * run["per_clause_wall_ms"]
        out["slot_ms_per_clause"] = slot_ms
        out["non_model_non_skill_slot_ms_per_clause"] = (
            slot_ms - run["model_ms_per_clause"] - run["skills_ms_per_clause"]
        )
        out["throughput_within_target"] = run["clauses_per_s"] >= TARGET_CLAUSES_PER_S
    return out


def write_contracts(workdir: Path) -> dict[str, Path]:
    """The generated contracts this bench reviews (warm-up and one per profile)."""
    folder = workdir / "contracts"
    folder.mkdir(parents=True, exist_ok=True)
    paths = {"warmup": folder / "warmup_8.txt"}
    paths["warmup"].write_text(generated_contract(8), encoding="utf-8")
    for name, profile in PROFILES.items():
        paths[name] = folder / f"{name}_{profile['clauses']}.txt"
        paths[name].write_text(generated_contract(profile["clauses"]), encoding="utf-8")
    return paths


async def embedded_profile(
    name: str, model_url: str, calls_log: LLMCallLog, workdir: Path, contracts: dict[str, Path]
) -> dict[str, Any]:
    """One profile in embedded mode (in-memory bus, every service in this process)."""
    profile = PROFILES[name]
    shutil.rmtree(workdir, ignore_errors=True)
    async with embedded(
        workdir, llm_base_url=model_url, worker_concurrency=profile["concurrency"], window=profile["window"]
    ) as stack:
        observer = ResultObserver(stack.bus)
        await observer.start()
        try:
            pids: dict[str, int | None] = {"bench (all services + model)": os.getpid()}
            await review_once(stack.gateway_url, contracts["warmup"], calls_log, observer, pids)
            run = await review_once(stack.gateway_url, contracts[name], calls_log, observer, pids)
        finally:
            await observer.stop()
    return summarise(name, run, profile["concurrency"])


async def kafka_profile(
    name: str,
    broker: Broker,
    model_url: str,
    calls_log: LLMCallLog,
    workdir: Path,
    contracts: dict[str, Path],
) -> dict[str, Any]:
    """One profile on the distributed stack (each service its own process, local Kafka broker)."""
    from clauseflow_cli.stack import LocalStack, StackLayout

    profile = PROFILES[name]
    shutil.rmtree(workdir, ignore_errors=True)
    layout = StackLayout(
        workdir=workdir,
        kafka_bootstrap=broker.bootstrap,
        workers=1,
        worker_concurrency=profile["concurrency"],
        llm_base_url=model_url,
        extra_env={"ORCHESTRATOR_WINDOW": str(profile["window"]), "KAFKA_PARTITIONS": str(PARTITIONS)},
    )
    stack = LocalStack(layout)
    try:
        await stack.start()
        await wait_workers_assigned(stack)
        async with kafka_observer(broker.bootstrap, PARTITIONS) as observer:
            pids: dict[str, int | None] = {
                svc_name: svc.process.pid if svc.process else None
                for svc_name, svc in stack.group.services.items()
            }
            pids.update({"kafka-broker": broker.pid, "bench (model, observer)": os.getpid()})
            await review_once(layout.gateway_url, contracts["warmup"], calls_log, observer, pids)
            run = await review_once(layout.gateway_url, contracts[name], calls_log, observer, pids)
    finally:
        await stack.stop()
    return summarise(name, run, profile["concurrency"])


def _log_run(model: str, mode: str, name: str, r: dict[str, Any]) -> None:
    if name == "throughput":
        log.info(
            "%s/%s throughput: %.1f clauses/s (%d clauses in %.2f s, %.2f LLM calls/clause, depths %s)",
            model,
            mode,
            r["clauses_per_s"],
            r["clauses"],
            r["analysis_wall_s"],
            r["llm_calls_per_clause"],
            r["depths"],
        )
    else:
        log.info(
            "%s/%s latency: %.1f ms/clause in the system = model %.1f + skills %.1f + infrastructure %.1f ms "
            "(%.2f%% of a 900 ms clause)",
            model,
            mode,
            r["per_clause_wall_ms"],
            r["model_ms_per_clause"],
            r["skills_ms_per_clause"],
            r["infrastructure_overhead_ms_per_clause"],
            r["overhead_pct_of_900ms_clause"],
        )


async def run(models: list[str], modes: list[str]) -> dict[str, Any]:
    """Every (model, mode, profile) combination asked for; results in bench/results/throughput.json."""
    root = WORK_DIR / "throughput"
    root.mkdir(parents=True, exist_ok=True)
    configure_service_logging(root / "bench-process.log")
    contracts = write_contracts(root)
    machine = machine_info()
    results: dict[str, Any] = {}
    calls_log = LLMCallLog()
    for model in models:
        try:
            async with model_server(model, calls_log) as model_url:
                if "embedded" in modes:
                    for name in PROFILES:
                        r = await embedded_profile(
                            name, model_url, calls_log, root / f"{model}-emb-{name}", contracts
                        )
                        results.setdefault(model, {}).setdefault("embedded", {})[name] = r
                        _log_run(model, "embedded", name, r)
                if "kafka" in modes:
                    async with kafka_broker() as broker:
                        for name in PROFILES:
                            r = await kafka_profile(
                                name, broker, model_url, calls_log, root / f"{model}-kafka-{name}", contracts
                            )
                            results.setdefault(model, {}).setdefault("kafka", {})[name] = r
                            _log_run(model, "kafka", name, r)
        except (ImportError, RuntimeError) as exc:
            log.warning("model %s unavailable or failed: %s", model, exc)
            results[model] = {"error": str(exc)}
    result = {
        "bench": "perf.throughput",
        "what": __doc__.split("\n\n", 2)[2] if __doc__ else "",
        "profiles": PROFILES,
        "targets": {
            "clauses_per_s_one_worker": TARGET_CLAUSES_PER_S,
            "overhead_pct_of_900ms_clause": TARGET_OVERHEAD_PCT,
        },
        "machine": machine,
        "results": results,
    }
    path = write_result("throughput", rounded(result))
    log.info("wrote %s", path)
    return result


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench.perf.throughput")
    parser.add_argument(
        "--models", nargs="+", default=["playbook", "scripted"], choices=["playbook", "scripted"]
    )
    parser.add_argument("--modes", nargs="+", default=["embedded", "kafka"], choices=["embedded", "kafka"])
    args = parser.parse_args(argv)
    asyncio.run(run(args.models, args.modes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
