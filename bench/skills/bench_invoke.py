"""Benchmark: Invoke latency, throughput and server CPU per skill over loopback, 300-clause contract.

    uv run python bench/skills/bench_invoke.py [--skills a b] [--calls 2000] [--json out.json]
    uv run python bench/skills/bench_invoke.py --profile prof.out --skills get_clause_context

Targets (issue 4): get_clause_context p50 < 2 ms; no skill's p99 above 50 ms.

The server runs in its own process (``--serve``) so the load generator and the server use both
cores; the server reports its own CPU time (``time.process_time``, all threads) between phases, so
"server CPU µs per call" is independent of how busy the shared machine is. Per skill:

* ``one_caller_cold``: one sequential call per clause of a contract not seen before (its own
  copy per skill, texts changed): first-touch cost, nothing cached per document or clause text;
* ``one_caller``: sequential calls after warm-up, the latency of a call itself;
* ``closed_64``: 64 callers each sending the next call when the last one answers (saturation);
* ``open_*``: 64 callers each issuing calls at Poisson arrivals without waiting (open loop), at an
  aggregate offered rate of 50 % of the measured saturation and at 64 x 5 calls/s. Latency is
  measured from the *scheduled* arrival, so a stalled generator does not hide queueing.

The contract is generated here (English and Chinese clauses mixed), so the bench needs no data files.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import grpc
from clauseflow_documents.model import Clause, Definition, DocumentStructure
from clauseflow_documents.store import DocumentStore
from clauseflow_platform.logging import configure_logging
from clauseflow_protos.skills.v1 import skills_pb2, skills_pb2_grpc
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings

CALLERS = 64
REALISTIC_RATE_PER_CALLER = 5.0
DESCRIPTION = (
    "Invoke over loopback against a 300-clause contract; server in its own process. "
    "Latencies in ms; server_cpu_us_per_call = server process CPU time (all threads) / calls. "
    "closed_64: 64 closed-loop callers, so by Little's law p50 ~ mean latency = 64 / throughput: "
    "p50 < 2 ms with 64 closed-loop callers would need >= 32,000 calls/s, i.e. <= ~60 us of CPU per "
    "call end to end on 2 cores - the closed-loop figures measure saturation, not the latency target. "
    "one_caller_cold: first touch of a fresh contract, each clause once (no per-document or per-clause "
    "caches reused); one_caller: the same after warm-up (the bench revisits clauses, as a review's "
    "several skill calls on one clause do). "
    "open_*: 64 callers with Poisson arrivals at a fixed aggregate offered rate (50% of the measured "
    "saturation, and 64 x 5 calls/s), latency from the scheduled arrival: this is where the latency "
    "targets apply. The machine may be shared: wall-clock figures are noisy, CPU per call much less so "
    "(contention still inflates it by up to ~1.5x). over_saturation: the offered rate exceeds what the "
    "closed loop sustained, so the queue grows for the whole phase and its latencies are unbounded."
)

EN_TEXTS = [
    "The Employer shall pay each invoice within 30 days of receipt. Late payment bears interest at 5%.",
    "The total liability of the Contractor shall not exceed 10% of the Contract Price, save for fraud.",
    "The Contractor shall give notice within twenty-eight (28) days, failing which it shall not be entitled "
    "to any extension. See Clause {ref}.",
    "The Employer may terminate the Contract at any time for convenience by giving 14 days' notice.",
    "Delay damages of USD 10,000 per day are payable, capped at $5m in aggregate.",
]
ZH_TEXTS = [
    "甲方应在收到发票后30日内支付合同价款的百分之九十五。",
    "乙方违约的，赔偿总额以人民币伍拾万元为限。具体见第{ref}条。",
]


def build_contract(n_clauses: int = 300, variant: str = "") -> DocumentStructure:
    """A 300-clause contract: 60 articles of 4 sub-clauses, with definitions and cross-references.

    ``variant`` makes another contract (other id, every text changed) for the cold-start phase.
    """
    clauses: list[Clause] = []
    per = 4
    for article in range(1, n_clauses // (per + 1) + 1):
        children = tuple(f"{article}.{i}" for i in range(1, per + 1))
        clauses.append(
            Clause(
                clause_id=str(article),
                title=f"Article {article}",
                text=f"Article {article}.",
                children=children,
            )
        )
        for i, child in enumerate(children):
            template = (EN_TEXTS + ZH_TEXTS)[(article * per + i) % (len(EN_TEXTS) + len(ZH_TEXTS))]
            text = template.format(ref=f"{(article % 50) + 1}.{(i % per) + 1}")
            if variant:
                text += f" This sub-clause is part of the {variant} schedule {article}-{i}."
            clauses.append(
                Clause(
                    clause_id=child, title=f"Sub-clause {child}", text=text, level=2, parent_id=str(article)
                )
            )
    return DocumentStructure(
        document_id=f"bench-300{'-' + variant if variant else ''}",
        clauses=tuple(clauses[:n_clauses]),
        definitions=(
            Definition(term="Contract Price", definition="USD 12,000,000", clause_id="1.1"),
            Definition(term="Employer", definition="Alpha Holdings Ltd.", clause_id="1.1"),
            Definition(term="合同价款", definition="人民币伍拾万元", clause_id="1.2"),
        ),
    )


ARGUMENTS: dict[str, dict[str, Any]] = {
    "validate_redline": {
        "original_text": "within twenty-eight (28) days",
        "proposed_text": "within fifty-six (56) days",
        "risk_type": "claim_time_bar",
    },
    "search_reference_doc": {"query": "delay damages cap"},
    "fidic_calculate_time_bar": {"start_date": "2025-01-01"},
    "draft_redline": {"risk_type": "payment_terms_unfavourable"},
}


PHASES_HELP = "one_caller_cold, one_caller, closed_64, open_50pct, open_64x5"


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return round(sorted_values[index], 3)


class ServerProcess:
    """The skills server in a child process, asked for its CPU time over stdin/stdout."""

    def __init__(self, store_dir: Path, profile: Path | None) -> None:
        command = [sys.executable, str(Path(__file__).resolve()), "--serve", str(store_dir)]
        if profile is not None:
            command += ["--profile", str(profile)]
        self._proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self._ask(""))

    def _ask(self, command: str) -> str:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        if command:
            self._proc.stdin.write(command + "\n")
            self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError("the skills server process exited")
        return line.strip()

    def cpu_s(self) -> float:
        """CPU seconds the server process has used so far."""
        return float(self._ask("cpu"))

    def stop(self) -> None:
        """Close stdin (the server stops and writes its profile) and wait for it."""
        assert self._proc.stdin is not None
        self._proc.stdin.close()
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()


class Caller:
    """Builds requests and times calls against one stub."""

    def __init__(
        self,
        stub: skills_pb2_grpc.SkillServiceStub,
        skill: str,
        clause_ids: list[str],
        document_id: str = "bench-300",
    ) -> None:
        # The generated stub is typed for the sync API; on an aio channel its calls are awaitable.
        self._stub: Any = stub
        self._requests = [
            skills_pb2.InvokeRequest(
                skill_id=skill,
                context=skills_pb2.ReviewContext(
                    review_id="bench",
                    primary_document_id=document_id,
                    clause_id=clause_id,
                    reference_document_ids=[document_id],
                    language="en",
                ),
                arguments_json=json.dumps(ARGUMENTS.get(skill, {})),
            )
            for clause_id in clause_ids
        ]
        self._n = 0
        self.latencies: list[float] = []
        self.errors = 0

    async def call(self, started: float | None = None) -> None:
        """One Invoke; latency counted from ``started`` (the scheduled arrival) when given."""
        request = self._requests[self._n % len(self._requests)]
        self._n += 1
        started = time.perf_counter() if started is None else started
        try:
            await self._stub.Invoke(request, timeout=10)
        except grpc.aio.AioRpcError:
            self.errors += 1
        self.latencies.append((time.perf_counter() - started) * 1000)


async def closed_loop(caller: Caller, calls: int, concurrency: int) -> float:
    """``concurrency`` callers sharing ``calls`` calls, each waiting for its answer; wall seconds."""
    remaining = iter(range(calls))

    async def one() -> None:
        for _ in remaining:
            await caller.call()

    started = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(concurrency)))
    return time.perf_counter() - started


async def open_loop(caller: Caller, rate: float, duration_s: float, callers: int, seed: int) -> float:
    """``callers`` Poisson sources of ``rate / callers`` calls/s each, for ``duration_s``; wall seconds."""
    per_caller = rate / callers
    in_flight: set[asyncio.Task[None]] = set()

    async def source(rng: random.Random) -> None:
        loop = asyncio.get_running_loop()
        begin = loop.time()
        due = begin + rng.expovariate(per_caller)
        while due < begin + duration_s:
            delay = due - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            # Latency from the scheduled arrival, not from when the generator got round to it.
            scheduled = time.perf_counter() - max(0.0, loop.time() - due)
            task = asyncio.create_task(caller.call(scheduled))
            in_flight.add(task)
            task.add_done_callback(in_flight.discard)
            due += rng.expovariate(per_caller)

    started = time.perf_counter()
    await asyncio.gather(*(source(random.Random(seed * 1000 + i)) for i in range(callers)))
    if in_flight:
        await asyncio.gather(*in_flight)
    return time.perf_counter() - started


def _figures(caller: Caller, wall_s: float, server_cpu_s: float, client_cpu_s: float) -> dict[str, Any]:
    latencies = sorted(caller.latencies)
    n = len(latencies)
    return {
        "calls": n,
        "p50_ms": _percentile(latencies, 0.50),
        "p99_ms": _percentile(latencies, 0.99),
        "max_ms": round(latencies[-1], 3) if latencies else 0.0,
        "calls_per_s": round(n / wall_s, 1) if wall_s else 0.0,
        "server_cpu_us_per_call": round(server_cpu_s * 1e6 / n, 1) if n else 0.0,
        "client_cpu_us_per_call": round(client_cpu_s * 1e6 / n, 1) if n else 0.0,
        "errors": caller.errors,
    }


async def measure(
    server: ServerProcess,
    stub: skills_pb2_grpc.SkillServiceStub,
    skill: str,
    clause_ids: list[str],
    run: Any,
    document_id: str = "bench-300",
) -> dict[str, Any]:
    """Run one phase (``run(caller) -> wall seconds``) and return its figures."""
    caller = Caller(stub, skill, clause_ids, document_id)
    cpu_before, client_before = server.cpu_s(), time.process_time()
    wall = await run(caller)
    client_cpu = time.process_time() - client_before
    return _figures(caller, wall, server.cpu_s() - cpu_before, client_cpu)


async def bench_skill(
    server: ServerProcess,
    stub: skills_pb2_grpc.SkillServiceStub,
    skill: str,
    clause_ids: list[str],
    args: argparse.Namespace,
) -> dict[str, Any]:
    """Every phase for one skill."""
    out: dict[str, Any] = {}
    # First touch: a contract no call has seen (document load, indexes, memos all cold), each
    # clause once, so nothing the server keeps per document or per clause text is reused.
    out["one_caller_cold"] = await measure(
        server,
        stub,
        skill,
        clause_ids,
        lambda c: closed_loop(c, len(clause_ids), 1),
        document_id=f"bench-300-{skill}",
    )
    await measure(server, stub, skill, clause_ids, lambda c: closed_loop(c, 200, CALLERS))  # warm-up
    out["one_caller"] = await measure(
        server, stub, skill, clause_ids, lambda c: closed_loop(c, args.one_caller_calls, 1)
    )
    if args.one_caller_only:
        return out
    out["closed_64"] = await measure(
        server, stub, skill, clause_ids, lambda c: closed_loop(c, args.calls, CALLERS)
    )
    saturation = out["closed_64"]["calls_per_s"]
    rates = {"open_50pct": saturation * 0.5, "open_64x5": CALLERS * REALISTIC_RATE_PER_CALLER}
    for n, (name, rate) in enumerate(rates.items()):
        figures = await measure(
            server,
            stub,
            skill,
            clause_ids,
            lambda c, rate=rate, n=n: open_loop(c, rate, args.open_seconds, CALLERS, seed=n),
        )
        out[name] = {
            "offered_calls_per_s": round(rate, 1),
            # Offered above what the closed loop sustained: the queue grows, latency is unbounded.
            "over_saturation": rate > saturation,
            **figures,
        }
    return out


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Start the server process on loopback, bench the chosen skills, stop it."""
    document = build_contract()
    leaves = [c.clause_id for c in document.clauses if c.parent_id]
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = DocumentStore(Path(tmp))
        store.put_structure(document)
        for name in args.skills or _all_skill_ids():
            store.put_structure(build_contract(variant=name))
        server = ServerProcess(Path(tmp), args.profile)
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{server.port}") as channel:
                stub = skills_pb2_grpc.SkillServiceStub(channel)
                tools = await stub.ListTools(skills_pb2.ListToolsRequest(), timeout=5)
                names = [t.name for t in tools.tools if not args.skills or t.name in args.skills]
                for name in names:
                    results[name] = await bench_skill(server, stub, name, leaves, args)
                    summary = {
                        phase: {
                            k: v
                            for k, v in f.items()
                            if k in ("p50_ms", "p99_ms", "calls_per_s", "server_cpu_us_per_call")
                        }
                        for phase, f in results[name].items()
                    }
                    sys.stdout.write(f"{name:28s} {json.dumps(summary)}\n")
                    sys.stdout.flush()
        finally:
            server.stop()
    return {
        "description": DESCRIPTION,
        "clauses": len(document.clauses),
        "callers": CALLERS,
        "phases": PHASES_HELP,
        "targets": {"get_clause_context_p50_ms": 2.0, "any_skill_p99_ms": 50.0},
        "skills": results,
    }


def _all_skill_ids() -> list[str]:
    from clauseflow_skills.catalog import build_registry

    return build_registry().skill_ids


# --- the server process --------------------------------------------------------------------------


async def serve(store_dir: Path, profile: Path | None) -> None:
    """Serve until stdin closes; answer ``cpu`` lines with this process's CPU seconds."""
    # As deployed: JSON logs on stderr (stdout carries the answers to the bench).
    configure_logging("skills", level="INFO", json=True)
    profiler = cProfile.Profile() if profile is not None else None
    settings = SkillsServerSettings(document_store_dir=store_dir, skills_max_concurrency=64)
    server, port = await create_server(settings)
    sys.stdout.write(f"{port}\n")
    sys.stdout.flush()
    loop = asyncio.get_running_loop()
    closed = asyncio.Event()

    def read_commands() -> None:
        for line in sys.stdin:
            if line.strip() == "cpu":
                sys.stdout.write(f"{time.process_time()!r}\n")
                sys.stdout.flush()
        loop.call_soon_threadsafe(closed.set)

    threading.Thread(target=read_commands, daemon=True).start()
    if profiler is not None:
        profiler.enable()
    await closed.wait()
    if profiler is not None and profile is not None:
        profiler.disable()
        profiler.dump_stats(str(profile))
    await server.stop(None)


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--serve", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the server into this file")
    parser.add_argument("--skills", nargs="*", default=None, help="only these skills (default: all)")
    parser.add_argument("--calls", type=int, default=2000, help="calls in the closed-loop phase")
    parser.add_argument("--one-caller-calls", type=int, default=300)
    parser.add_argument(
        "--concurrency",
        type=int,
        default=CALLERS,
        help=f"1 = only the one-caller phase (--calls calls); else every phase, {CALLERS} callers",
    )
    parser.add_argument("--open-seconds", type=float, default=3.0, help="duration of each open-loop phase")
    parser.add_argument("--json", type=Path, default=None, help="write the figures to this file")
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(serve(args.serve, args.profile))
        return
    args.one_caller_only = args.concurrency == 1
    if args.one_caller_only:
        args.one_caller_calls = args.calls
    report = asyncio.run(main_async(args))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
