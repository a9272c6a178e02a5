"""The review plans the golden dev contracts get, and what quick-depth clauses save (issue 6 closing note).

    uv run python -m bench.plans.golden_plans

Each golden contract is reviewed end to end twice on the embedded stack with the playbook model
(default settings: worker concurrency 8, dispatch window 8, approval policy ``auto``):

1. **planned** — as the product runs: the orchestrator asks the model for a plan
   (depths quick / standard / deep), adjusts it mid-review when results warrant it;
2. **all-standard** — the same, except that the planning answer is rewritten on its way back to
   the orchestrator so every clause is ``standard`` (what the review costs without quick depth;
   deep clauses become standard too, so this is the counterfactual the issue asks for).

Recorded per contract: the plan's depth distribution and versions (with the trigger/rationale of
each adjustment), LLM calls of each run by request kind, the calls saved (all-standard −
planned) overall and on the clauses the plan made quick, and timings (submit → completed,
planning, analysis). Skips cleanly (exit 0) when ``../shared/data/golden`` is absent.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bench.common import (
    WORK_DIR,
    LLMCallLog,
    TimedASGI,
    bench_logger,
    configure_service_logging,
    machine_info,
    playbook_app,
    rounded,
    serve_asgi,
    shared_dir,
    write_result,
)
from bench.quality.runner import GoldenRun, golden_stack, load_golden, review_golden

log = bench_logger("plans")


def all_standard_app(inner: Any) -> Any:
    """An OpenAI-compatible app that forwards to ``inner`` and makes every planned clause standard."""
    import httpx
    from clauseflow_contracts.prompts.kinds import read_marker_from_messages
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    client = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=inner), base_url="http://playbook", timeout=60
    )

    async def models(request: Request) -> Response:
        resp = await client.get("/v1/models")
        return Response(resp.content, resp.status_code, media_type="application/json")

    async def completions(request: Request) -> Response:
        body = await request.body()
        resp = await client.post(
            "/v1/chat/completions", content=body, headers={"content-type": "application/json"}
        )
        marker = read_marker_from_messages(json.loads(body).get("messages") or [])
        if resp.status_code != 200 or not marker or marker[0].value != "review_plan":
            return Response(resp.content, resp.status_code, media_type="application/json")
        answer = resp.json()
        message = answer["choices"][0]["message"]
        message["content"] = json.dumps(_standardise(message.get("content") or ""), ensure_ascii=False)
        return Response(json.dumps(answer), 200, media_type="application/json")

    return Starlette(
        routes=[
            Route("/v1/models", models, methods=["GET"]),
            Route("/v1/chat/completions", completions, methods=["POST"]),
        ]
    )


def _standardise(content: str) -> Any:
    from clauseflow_platform.llm import parse_json_answer

    plan = parse_json_answer(content, expect="object")
    for clause in plan.get("clause_plans", []):
        clause["analysis_depth"] = "standard"
        clause.pop("max_iterations", None)  # standard's own iteration budget
    plan["estimated_depth_distribution"] = {
        "quick": 0,
        "standard": len(plan.get("clause_plans", [])),
        "deep": 0,
    }
    plan["global_strategy"] = "benchmark counterfactual: every clause at standard depth"
    return plan


@contextlib.asynccontextmanager
async def model(kind: str, calls_log: LLMCallLog) -> AsyncIterator[str]:
    """The playbook model (timed), as is or behind the all-standard planner."""
    app = playbook_app()
    if kind == "all_standard":
        app = all_standard_app(app)
    async with serve_asgi(TimedASGI(app, calls_log)) as url:
        yield f"{url}/v1"


def plan_facts(run: GoldenRun) -> dict[str, Any]:
    """Depth distribution of the first and the final plan, and every version's trigger and rationale."""
    current = run.plan.get("current") or {}
    versions = run.plan.get("versions") or []
    first = versions[0]["plan"] if versions else current.get("plan", {})
    final = current.get("plan", {})

    def depths(plan: dict[str, Any]) -> dict[str, int]:
        counts = Counter(str(cp.get("analysis_depth")) for cp in plan.get("clause_plans", []))
        return {d: counts.get(d, 0) for d in ("quick", "standard", "deep")}

    return {
        "plan_source": current.get("source", ""),
        "plan_versions": len(versions),
        "depths_initial": depths(first),
        "depths_final": depths(final),
        "quick_clauses_initial": [
            cp["clause_id"] for cp in first.get("clause_plans", []) if cp.get("analysis_depth") == "quick"
        ],
        "versions": [
            {
                "plan_version": v.get("plan_version"),
                "source": v.get("source"),
                "rationale": v.get("rationale", "")[:300],
            }
            for v in versions
        ],
        "global_strategy": str(first.get("global_strategy", ""))[:300],
    }


def llm_calls(run: GoldenRun) -> dict[str, Any]:
    """LLM calls of a run: by kind, total, and per clause (from the clause results' usage)."""
    per_clause: Counter[str] = Counter()
    for r in run.results:
        per_clause[r["clause_id"]] += r["llm_calls"]
    by_kind = run.llm_calls_by_kind()
    return {"total": sum(by_kind.values()), "by_kind": by_kind, "per_clause": dict(per_clause)}


async def review_all(kind: str, folder: Path) -> dict[str, GoldenRun]:
    """Review every golden contract with the model ``kind``."""
    calls_log = LLMCallLog()
    runs: dict[str, GoldenRun] = {}
    async with (
        model(kind, calls_log) as url,
        golden_stack(f"plans-{kind}", calls_log, url) as (handle, observer),
    ):
        for contract in load_golden(folder):
            run = await review_golden(handle, observer, calls_log, contract)
            if not run.llm_calls or any(r["error"] for r in run.results):
                errors = [r["error"] for r in run.results if r["error"]][:3]
                raise RuntimeError(
                    f"{kind} review of {contract.name} did not use the model properly: {errors}"
                )
            runs[contract.name] = run
    return runs


def compare(name: str, planned: GoldenRun, standard: GoldenRun) -> dict[str, Any]:
    """Plan facts, calls and savings, timings of one contract."""
    facts = plan_facts(planned)
    calls_planned, calls_standard = llm_calls(planned), llm_calls(standard)
    quick = facts["quick_clauses_initial"]
    on_quick_planned = sum(calls_planned["per_clause"].get(c, 0) for c in quick)
    on_quick_standard = sum(calls_standard["per_clause"].get(c, 0) for c in quick)
    saved = calls_standard["total"] - calls_planned["total"]
    risks_planned = len(planned.report.get("risks", []))
    risks_standard = len(standard.report.get("risks", []))
    return {
        "contract": name,
        "review_id": planned.review_id,
        "status": planned.status,
        **facts,
        "clauses_reviewed": len(planned.report.get("clauses", [])),
        "llm_calls_planned": calls_planned["by_kind"] | {"total": calls_planned["total"]},
        "llm_calls_all_standard": calls_standard["by_kind"] | {"total": calls_standard["total"]},
        "llm_calls_saved": saved,
        "llm_calls_saved_pct": 100 * saved / calls_standard["total"] if calls_standard["total"] else 0.0,
        "quick_clauses": len(quick),
        "llm_calls_on_quick_clauses_planned": on_quick_planned,
        "llm_calls_on_same_clauses_all_standard": on_quick_standard,
        "llm_calls_saved_by_quick_depth": on_quick_standard - on_quick_planned,
        "risks_found_planned": risks_planned,
        "risks_found_all_standard": risks_standard,
        "timings_planned": planned.timings,
        "timings_all_standard": standard.timings,
    }


async def run(folder: Path) -> dict[str, Any]:
    """Both runs over the golden set; bench/results/plans_golden.json."""
    configure_service_logging(WORK_DIR / "plans" / "bench-process.log")
    planned = await review_all("planned", folder)
    standard = await review_all("all_standard", folder)
    rows = [compare(name, planned[name], standard[name]) for name in planned]
    for r in rows:
        log.info(
            "%s: plan v%d %s, depths %s → final %s; LLM calls %d planned vs %d all-standard "
            "(saved %d, %.0f%%; %d on %d quick clauses); %.1f s submit→completed",
            r["contract"],
            r["plan_versions"],
            r["plan_source"],
            r["depths_initial"],
            r["depths_final"],
            r["llm_calls_planned"]["total"],
            r["llm_calls_all_standard"]["total"],
            r["llm_calls_saved"],
            r["llm_calls_saved_pct"],
            r["llm_calls_saved_by_quick_depth"],
            r["quick_clauses"],
            r["timings_planned"]["submit_to_completed_s"],
        )
    total_planned = sum(r["llm_calls_planned"]["total"] for r in rows)
    total_standard = sum(r["llm_calls_all_standard"]["total"] for r in rows)
    depth_total: Counter[str] = Counter()
    for r in rows:
        depth_total.update(r["depths_initial"])
    result = {
        "bench": "plans.golden_plans",
        "data": str(folder),
        "how": __doc__.split("\n\n", 2)[2] if __doc__ else "",
        "machine": machine_info(),
        "overall": {
            "depths_initial": dict(depth_total),
            "llm_calls_planned": total_planned,
            "llm_calls_all_standard": total_standard,
            "llm_calls_saved": total_standard - total_planned,
            "llm_calls_saved_pct": 100 * (total_standard - total_planned) / total_standard
            if total_standard
            else 0.0,
            "llm_calls_saved_by_quick_depth": sum(r["llm_calls_saved_by_quick_depth"] for r in rows),
        },
        "contracts": rows,
    }
    path = write_result("plans_golden", rounded(result))
    log.info("overall: %s → %s", result["overall"], path)
    return result


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; exit 0 (skipped) when the golden data is absent."""
    argparse.ArgumentParser(prog="python -m bench.plans.golden_plans").parse_args(argv)
    shared = shared_dir()
    folder = shared / "data" / "golden" if shared else None
    if folder is None or not folder.is_dir():
        log.info("skipped: no golden data at <repo>/../shared/data/golden")
        return 0
    asyncio.run(run(folder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
