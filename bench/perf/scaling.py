"""Worker scaling on the real distributed stack: wall time of the analysis phase vs the ideal N·k·L/(W·C).

    uv run python -m bench.perf.scaling [--workers 1 2 4] [--schedules clause model] [--repeats 3]

Set-up (issue 5, Performance): a generated contract of N=100 one-unit clauses; the scripted
OpenAI-compatible model answers every request after L=0.3 s; each clause review is k=3 model
turns (two tool turns calling ``get_clause_context`` over gRPC, then the final answer ``[]``,
chosen per conversation by the number of assistant turns). The review is submitted over HTTP to
the gateway of a stack where every service is its own OS process on a local Kafka broker, with
W clause-worker replicas of concurrency C=8.

What is measured: the **analysis phase**, from the moment the model answered the planning
request (the orchestrator then commits the plan and dispatches the first tasks) until the
gateway first shows every clause analysed (polled every 50 ms). It includes every Kafka hop
(clause.tasks, clause.results, review.updates), the orchestrator's state commits, the gRPC
skill calls and the LLM HTTP calls. No redlines are drafted (no risks are found), so the phase
is the ReAct loops only; planning and the summary (one model turn each) are outside it.

Settings that matter, set for the run and recorded in the results:

* ``ORCHESTRATOR_WINDOW=128``: the orchestrator keeps at most this many clause tasks of one review
  in flight (default 8, which would cap one review at 8 concurrent clauses whatever W·C is);
  128 ≥ 4·32 clause slots so the window never limits the largest configuration. (At 64 the last
  36 clauses were only dispatched when the first results came back, and ran their three turns
  after everything else.)
* ``KAFKA_PARTITIONS=8``: ``clause.tasks`` is consumed by a consumer group, so W replicas can only
  share the work if the topic has at least W partitions, ideally a multiple of W (the default 6
  would give 4 workers 2/2/1/1 partitions).
* The plan the scripted model returns gives every clause depth ``standard`` with
  ``max_iterations=3``, and no midpoint adjustment is asked for (the window dispatches every
  clause before the midpoint, so there is nothing left to adjust).

C is the number of model requests a replica has in flight: the ideal N·k·L/(W·C) is the model
time of the review spread evenly over W·C model slots. Two ways of running a replica are measured:

* ``clause`` — ``WORKER_CONCURRENCY=8``: 8 clauses in flight, each holding its model slot for its
  whole review (tool calls and bus hops included). A clause's three turns run one after another,
  so 100 clauses on W·8 slots need ceil(100/(W·8)) waves of k·L: the discrete bound
  ceil(N/(W·C))·k·L, 12% (W=2) and 28% (W=4) above the fluid ideal before any overhead.
* ``model`` — ``WORKER_CONCURRENCY=32``, ``WORKER_MODEL_CONCURRENCY=8``: up to 32 clauses in
  flight per replica, at most 8 model requests; a freed model slot goes to the clause with most
  turns ahead (``clauseflow_clause_worker.model_gate``). The bound is then the turns, not the
  clauses: ceil(N·k/(W·C))·L when the tasks are shared evenly.

Both schedules are checked against the fluid ideal (the issue's target) and the discrete bound
of their own schedule; the peak number of concurrent model requests is measured at the model
and must not exceed W·C.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import itertools
import json
import math
import os
import shutil
import statistics
import time
from pathlib import Path
from typing import Any

from bench.common import (
    RESULTS_DIR,
    WORK_DIR,
    Broker,
    CpuMeter,
    LLMCall,
    ResultObserver,
    ReviewTimeline,
    bench_logger,
    configure_service_logging,
    count_log_events,
    follow_review,
    generated_contract,
    kafka_broker,
    kafka_observer,
    machine_info,
    percentile,
    rounded,
    system_cpu_busy,
    wait_workers_assigned,
    write_result,
)
from bench.model_process import RemoteModel, scripted_model_process

N_CLAUSES = 100
TURNS = 3
LATENCY_S = 0.3
CONCURRENCY = 8
# Worker settings per schedule (see the module docstring).
SCHEDULES: dict[str, dict[str, str]] = {
    "clause": {"WORKER_CONCURRENCY": str(CONCURRENCY)},
    "model": {"WORKER_CONCURRENCY": str(4 * CONCURRENCY), "WORKER_MODEL_CONCURRENCY": str(CONCURRENCY)},
}
WINDOW = 128
PARTITIONS = 8
TARGET_GAP_PCT = 10.0

log = bench_logger("scaling")


def plan_answer(clauses: int) -> dict[str, Any]:
    """The plan the scripted model gives: every clause standard, three turns, document order."""
    return {
        "global_strategy": "benchmark: every clause at standard depth",
        "estimated_depth_distribution": {"quick": 0, "standard": clauses, "deep": 0},
        "clause_plans": [
            {
                "clause_id": str(i),
                "analysis_depth": "standard",
                "priority_order": i,
                "suggested_tools": ["get_clause_context"],
                "max_iterations": TURNS,
                "rationale": "benchmark",
            }
            for i in range(1, clauses + 1)
        ],
    }


def script(clauses: int) -> dict[str, Any]:
    """Constructor arguments of the scripted model for this bench."""
    from clauseflow_testkit.scripted_turns import Turn, call

    tool_turn = Turn.tool_calls(call("get_clause_context", {"clause_id": "{clause_id}"}))
    return {
        "latency_s": LATENCY_S,
        "per_conversation": {
            "clause_review": [tool_turn, tool_turn, Turn.json_answer([])],
            "review_plan": [Turn.json_answer(plan_answer(clauses))],
            "plan_adjust": [Turn.json_answer({"should_adjust": False, "reason": "benchmark"})],
            "review_summary": [Turn.text("No risks were found.")],
            "*": [Turn.json_answer([])],
        },
    }


def max_in_flight(calls: list[LLMCall]) -> int:
    """The largest number of model requests that were open at the same moment."""
    edges = sorted([(c.start, 1) for c in calls] + [(c.end, -1) for c in calls])
    level = peak = 0
    for _, step in edges:
        level += step
        peak = max(peak, level)
    return peak


def clause_profile(calls: list[LLMCall]) -> dict[str, float]:
    """Per clause, as the model saw it: first turn's arrival → last answer, and the gaps between turns."""
    by_clause: dict[str, list[LLMCall]] = {}
    for c in calls:
        by_clause.setdefault(c.clause_id, []).append(c)
    latencies, gaps = [], []
    for turns in by_clause.values():
        turns.sort(key=lambda c: c.start)
        latencies.append(turns[-1].end - turns[0].start)
        gaps += [b.start - a.end for a, b in itertools.pairwise(turns)]
    return {
        "clause_latency_at_model_mean_s": statistics.fmean(latencies),
        "gap_between_turns_mean_ms": 1000 * statistics.fmean(gaps) if gaps else 0.0,
        "gap_between_turns_p90_ms": 1000 * percentile(gaps, 0.9),
    }


async def one_review(
    gateway_url: str, contract: Path, model: RemoteModel, observer: ResultObserver, api_key: str | None = None
) -> dict[str, Any]:
    """Submit the contract, follow it to completion and derive the analysis-phase figures."""
    from clauseflow_cli.client import GatewayClient

    await model.clear()
    timeline = ReviewTimeline()
    async with GatewayClient(gateway_url, api_key=api_key) as client:
        timeline.submitted = time.perf_counter()
        review_id = await client.submit(
            contract,
            our_party="Beta GmbH (the Customer)",
            language="en",
            domain="generic",
            options={"approval_policy": "auto"},
        )
        timeline.accepted = time.perf_counter()
        final = await follow_review(client, review_id, timeline, poll_s=0.25, timeout_s=300)
    calls = await model.calls()
    plan = [c for c in calls if c.kind == "review_plan"]
    clause_calls = [c for c in calls if c.kind == "clause_review"]
    if final["status"] != "completed" or not plan or timeline.all_analyzed is None:
        raise RuntimeError(f"review {review_id} ended {final['status']}: {final.get('failure_reason')}")
    origin = plan[0].end
    # Every model call of the review, for looking into a schedule (not part of the results).
    (contract.parents[1] / f"model-calls-{review_id}.json").write_text(
        json.dumps(
            {
                "origin_perf_counter": origin,
                "calls": [
                    {**dataclasses.asdict(c), "start": c.start - origin, "end": c.end - origin} for c in calls
                ],
            }
        )
    )
    analysed = {c.clause_id for c in clause_calls}
    results = observer.of(review_id)
    if len(results) < len(analysed):
        await asyncio.sleep(1.0)  # the observer may be a few ms behind the gateway
        results = observer.of(review_id)
    return {
        "review_id": review_id,
        "status": final["status"],
        "analysis_wall_s": results[-1].arrived - origin,
        "results_observed": len(results),
        "gateway_shows_all_analyzed_s": timeline.all_analyzed - origin,
        "model_span_s": max(c.end for c in clause_calls) - min(c.start for c in clause_calls),
        "first_task_after_plan_s": min(c.start for c in clause_calls) - origin,
        "result_on_bus_after_last_answer_s": results[-1].arrived - max(c.end for c in clause_calls),
        "gateway_lag_after_bus_s": timeline.all_analyzed - results[-1].arrived,
        "clause_review_calls": len(clause_calls),
        "clauses_reviewed": len(analysed),
        "llm_calls_total": len(calls),
        "max_concurrent_model_requests": max_in_flight(clause_calls),
        "mean_model_turn_s": statistics.fmean(c.duration for c in clause_calls),
        **clause_profile(clause_calls),
        "timeline_s": timeline.as_dict(origin),
    }


async def measured_reviews(
    workers: int,
    repeats: int,
    gateway_url: str,
    contract: Path,
    model: RemoteModel,
    observer: ResultObserver,
    pids: dict[str, int | None],
    api_key: str | None = None,
) -> list[dict[str, Any]]:
    """Review the contract ``repeats`` times on a running stack; which worker took how many clauses."""
    worker_logs = [contract.parents[1] / "logs" / f"clause-worker-{i}.log" for i in range(workers)]
    runs = []
    for repeat in range(repeats):
        before = [count_log_events(p, "clause.analyzed") for p in worker_logs]
        meter = CpuMeter(pids)
        busy0, total0 = system_cpu_busy()
        meter.start()
        run = await one_review(gateway_url, contract, model, observer, api_key)
        cpu = meter.stop()
        busy1, total1 = system_cpu_busy()
        run["cpu_s_by_process"] = cpu
        run["cpu_ms_per_clause_by_process"] = {k: 1000 * v / N_CLAUSES for k, v in cpu.items()}
        run["machine_cpu_busy_pct"] = 100 * (busy1 - busy0) / max(1.0, total1 - total0)
        after = [count_log_events(p, "clause.analyzed") for p in worker_logs]
        run["clauses_per_worker"] = [a - b for a, b in zip(after, before, strict=True)]
        runs.append(run)
        log.info(
            "W=%d repeat %d: analysis %.3f s (model span %.3f s, clause %.3f s at the model, "
            "turn gap %.0f ms, peak %d concurrent turns, per worker %s)",
            workers,
            repeat + 1,
            run["analysis_wall_s"],
            run["model_span_s"],
            run["clause_latency_at_model_mean_s"],
            run["gap_between_turns_mean_ms"],
            run["max_concurrent_model_requests"],
            run["clauses_per_worker"],
        )
    return runs


def ideal_discrete_s(workers: int, schedule: str) -> float:
    """The least wall time of the schedule: whole clauses (``clause``) or whole turns (``model``) per slot."""
    slots = workers * CONCURRENCY
    if schedule == "clause":
        return math.ceil(N_CLAUSES / slots) * TURNS * LATENCY_S
    return math.ceil(N_CLAUSES * TURNS / slots) * LATENCY_S


async def run_configuration(
    workers: int,
    schedule: str,
    broker: Broker,
    model: RemoteModel,
    repeats: int,
    root: Path,
) -> dict[str, Any]:
    """Start the stack with ``workers`` replicas, warm it up, measure ``repeats`` reviews, stop it."""
    from clauseflow_cli.stack import LocalStack, StackLayout

    workdir = root / f"{schedule}-w{workers}"
    shutil.rmtree(workdir, ignore_errors=True)
    worker_env = SCHEDULES[schedule]
    layout = StackLayout(
        workdir=workdir,
        kafka_bootstrap=broker.bootstrap,
        workers=workers,
        worker_concurrency=int(worker_env["WORKER_CONCURRENCY"]),
        llm_base_url=model.base_url,
        extra_env={
            **worker_env,
            "ORCHESTRATOR_WINDOW": str(WINDOW),
            "KAFKA_PARTITIONS": str(PARTITIONS),
            "LLM_TIMEOUT_S": "30",
        },
    )
    (workdir / "contracts").mkdir(parents=True, exist_ok=True)
    contract = workdir / "contracts" / "generated_100.txt"
    contract.write_text(generated_contract(N_CLAUSES), encoding="utf-8")
    warmup = workdir / "contracts" / "generated_8.txt"
    warmup.write_text(generated_contract(8), encoding="utf-8")
    stack = LocalStack(layout)
    started = time.perf_counter()
    try:
        await stack.start()
        await wait_workers_assigned(stack)
        startup_s = time.perf_counter() - started
        async with kafka_observer(broker.bootstrap, PARTITIONS) as observer:
            # The warm-up review is measured by nobody: it opens connections and fills the workers'
            # tool-definition caches, as a long-running deployment would have them.
            await one_review(layout.gateway_url, warmup, model, observer, stack.api_key)
            pids: dict[str, int | None] = {
                name: svc.process.pid if svc.process else None for name, svc in stack.group.services.items()
            }
            pids.update(
                {"kafka-broker": broker.pid, "scripted model": model.pid, "bench (observer)": os.getpid()}
            )
            runs = await measured_reviews(
                workers, repeats, layout.gateway_url, contract, model, observer, pids, stack.api_key
            )
    finally:
        await stack.stop()
    walls = [r["analysis_wall_s"] for r in runs]
    fluid = N_CLAUSES * TURNS * LATENCY_S / (workers * CONCURRENCY)
    discrete = ideal_discrete_s(workers, schedule)
    median = statistics.median(walls)
    return {
        "schedule": schedule,
        "workers": workers,
        "concurrency": CONCURRENCY,
        "worker_env": worker_env,
        "peak_concurrent_model_requests": max(r["max_concurrent_model_requests"] for r in runs),
        "model_slots": workers * CONCURRENCY,
        "ideal_fluid_s": fluid,
        "ideal_discrete_s": discrete,
        "measured_median_s": median,
        "measured_min_s": min(walls),
        "measured_max_s": max(walls),
        "gap_vs_fluid_pct": 100.0 * (median - fluid) / fluid,
        "gap_vs_discrete_pct": 100.0 * (median - discrete) / discrete,
        "within_target_vs_fluid": abs(median - fluid) / fluid * 100.0 <= TARGET_GAP_PCT,
        "within_target_vs_discrete": abs(median - discrete) / discrete * 100.0 <= TARGET_GAP_PCT,
        "stack_startup_s": startup_s,
        "runs": runs,
    }


STYLE = {"clause": ("C0", "8 clauses in flight"), "model": ("C2", "32 clauses, 8 model calls in flight")}


def plot(configs: list[dict[str, Any]], path: Path) -> None:
    """Wall time vs workers per schedule: measured (median, min–max bars) against the ideals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.8, 4.4), dpi=120)
    workers = sorted({c["workers"] for c in configs})
    fluid = [N_CLAUSES * TURNS * LATENCY_S / (w * CONCURRENCY) for w in workers]
    ax.plot(workers, fluid, "--", color="k", marker="x", label="ideal N·k·L/(W·C)")
    for schedule, (colour, label) in STYLE.items():
        mine = sorted((c for c in configs if c["schedule"] == schedule), key=lambda c: c["workers"])
        if not mine:
            continue
        xs = [c["workers"] for c in mine]
        median = [c["measured_median_s"] for c in mine]
        low = [c["measured_median_s"] - c["measured_min_s"] for c in mine]
        high = [c["measured_max_s"] - c["measured_median_s"] for c in mine]
        ax.errorbar(
            xs, median, yerr=[low, high], color=colour, marker="o", capsize=4, label=f"measured: {label}"
        )
        ax.plot(
            xs, [c["ideal_discrete_s"] for c in mine], ":", color=colour, marker="s", label=f"bound: {label}"
        )
        for c in mine:
            ax.annotate(
                f"{c['gap_vs_fluid_pct']:+.0f}%",
                (c["workers"], c["measured_median_s"]),
                textcoords="offset points",
                xytext=(6, 6 if schedule == "clause" else -12),
                fontsize=8,
                color=colour,
            )
    ax.set_xlabel("clause-worker replicas W (C=8 model requests in flight each)")
    ax.set_ylabel("analysis phase wall time (s)")
    ax.set_title("100 clauses × 3 turns × 300 ms, Kafka, separate processes", fontsize=10)
    ax.set_xticks(workers)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


async def run(workers_list: list[int], schedules: list[str], repeats: int) -> dict[str, Any]:
    """The whole bench: one broker, one scripted model, one stack per schedule and worker count."""
    root = WORK_DIR / "scaling"
    root.mkdir(parents=True, exist_ok=True)
    configure_service_logging(root / "bench-process.log")
    machine = machine_info()
    async with kafka_broker() as broker, scripted_model_process(root / "model") as model:
        configs = [
            await run_configuration(w, schedule, broker, model, repeats, root)
            for schedule in schedules
            for w in workers_list
        ]
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    plot(configs, RESULTS_DIR / "scaling.png")
    result = {
        "bench": "perf.scaling",
        "what": (
            "Analysis-phase wall time of one 100-clause review (plan answered → last clause result on "
            "clause.results) on the distributed stack (each service its own process, local Kafka broker)"
        ),
        "parameters": {
            "clauses": N_CLAUSES,
            "turns_per_clause": TURNS,
            "latency_per_turn_s": LATENCY_S,
            "model_requests_in_flight_per_worker": CONCURRENCY,
            "schedules": {name: SCHEDULES[name] for name in schedules},
            "orchestrator_window": WINDOW,
            "kafka_partitions": PARTITIONS,
            "repeats": repeats,
            "target_gap_pct": TARGET_GAP_PCT,
        },
        "machine": machine,
        "configurations": configs,
        "plot": "bench/results/scaling.png",
    }
    path = write_result("scaling", rounded(result))
    for c in configs:
        log.info(
            "%s W=%d: measured %.2f s, ideal %.2f s (fluid, gap %+.1f%%) / %.2f s (bound, gap %+.1f%%), "
            "peak %d model requests",
            c["schedule"],
            c["workers"],
            c["measured_median_s"],
            c["ideal_fluid_s"],
            c["gap_vs_fluid_pct"],
            c["ideal_discrete_s"],
            c["gap_vs_discrete_pct"],
            c["peak_concurrent_model_requests"],
        )
    log.info("wrote %s and %s", path, RESULTS_DIR / "scaling.png")
    return result


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench.perf.scaling", description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--schedules", nargs="+", choices=sorted(SCHEDULES), default=["clause", "model"])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    asyncio.run(run(args.workers, args.schedules, args.repeats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
