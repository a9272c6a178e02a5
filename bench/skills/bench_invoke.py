"""Benchmark: Invoke p50/p99 and calls/s per skill, 64 concurrent callers over loopback, 300-clause contract.

    uv run python bench/skills/bench_invoke.py [--calls 2000] [--concurrency 64] [--json out.json]

Targets (issue 4): get_clause_context p50 < 2 ms; no skill's p99 above 50 ms.
The contract is generated here (English and Chinese clauses mixed), so the bench needs no data files.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import grpc
from clauseflow_protos.skills.v1 import skills_pb2, skills_pb2_grpc
from clauseflow_shared.documents.model import Clause, Definition, DocumentStructure
from clauseflow_shared.documents.store import DocumentStore
from clauseflow_skills.server import create_server
from clauseflow_skills.settings import SkillsServerSettings

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


def build_contract(n_clauses: int = 300) -> DocumentStructure:
    """A 300-clause contract: 60 articles of 4 sub-clauses, with definitions and cross-references."""
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
            clauses.append(
                Clause(
                    clause_id=child, title=f"Sub-clause {child}", text=text, level=2, parent_id=str(article)
                )
            )
    return DocumentStructure(
        document_id="bench-300",
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


async def bench_skill(
    stub: skills_pb2_grpc.SkillServiceStub, skill: str, clause_ids: list[str], calls: int, concurrency: int
) -> dict[str, float]:
    """Run ``calls`` invocations with ``concurrency`` callers; latency percentiles in ms."""
    latencies: list[float] = []
    server_ms: list[float] = []
    errors = 0
    counter = iter(range(calls))

    async def caller() -> None:
        nonlocal errors
        for n in counter:
            context = skills_pb2.ReviewContext(
                review_id="bench",
                primary_document_id="bench-300",
                clause_id=clause_ids[n % len(clause_ids)],
                reference_document_ids=["bench-300"],
                language="en",
            )
            request = skills_pb2.InvokeRequest(
                skill_id=skill, context=context, arguments_json=json.dumps(ARGUMENTS.get(skill, {}))
            )
            started = time.perf_counter()
            try:
                answer = await stub.Invoke(request, timeout=10)
                server_ms.append(answer.duration_ms)
            except grpc.aio.AioRpcError:
                errors += 1
            latencies.append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    await asyncio.gather(*(caller() for _ in range(concurrency)))
    wall = time.perf_counter() - started
    latencies.sort()
    return {
        "p50_ms": round(statistics.median(latencies), 3),
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1], 3),
        "calls_per_s": round(len(latencies) / wall, 1),
        "server_p50_ms": round(statistics.median(server_ms), 3) if server_ms else 0.0,
        "server_p99_ms": round(sorted(server_ms)[int(len(server_ms) * 0.99) - 1], 3) if server_ms else 0.0,
        "errors": errors,
    }


async def main_async(calls: int, concurrency: int) -> dict[str, Any]:
    """Start a real server on loopback, bench every skill, stop it."""
    with tempfile.TemporaryDirectory() as tmp:
        document = build_contract()
        DocumentStore(Path(tmp)).put_structure(document)
        settings = SkillsServerSettings(document_store_dir=Path(tmp), skills_max_concurrency=64)
        server, port = await create_server(settings)
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                stub = skills_pb2_grpc.SkillServiceStub(channel)
                tools = await stub.ListTools(skills_pb2.ListToolsRequest(), timeout=5)
                leaves = [c.clause_id for c in document.clauses if c.parent_id]
                results: dict[str, Any] = {}
                for tool in tools.tools:
                    await bench_skill(stub, tool.name, leaves, min(200, calls), concurrency)  # warm-up
                    results[tool.name] = await bench_skill(stub, tool.name, leaves, calls, concurrency)
                    sys.stdout.write(f"{tool.name:28s} {json.dumps(results[tool.name])}\n")
        finally:
            await server.stop(None)
    return {"clauses": len(document.clauses), "concurrency": concurrency, "calls": calls, "skills": results}


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--json", type=Path, default=None, help="write the figures to this file")
    args = parser.parse_args()
    report = asyncio.run(main_async(args.calls, args.concurrency))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
