"""Reviewing the golden contracts end to end (shared by the quality and the plans benchmarks).

A golden contract is read from ``../shared/data/golden/`` (its ``*.key.json`` names the files,
language, domain and our party). It is submitted over HTTP to the embedded stack exactly as a
user would submit it (FIDIC: General Conditions as the contract, Particular Conditions as
``pc_file``, Employer's Requirements as a reference document), reviewed with approval policy
``auto``, and everything needed for scoring is collected: the report, the plan and its versions,
every clause result as it crossed the bus, and every model request with its timing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import (
    WORK_DIR,
    EmbeddedHandle,
    LLMCallLog,
    ResultObserver,
    ReviewTimeline,
    embedded,
    follow_review,
    timed_playbook_model,
)

# Contracts written for this project by lawyers who never saw the reviewer, then read to improve it:
# development data that ships with the repository (bench/contracts/written/README.md).
WRITTEN_DIR = Path(__file__).resolve().parents[1] / "contracts" / "written"


@dataclass(frozen=True)
class GoldenContract:
    """One contract of the golden set: its key and its files."""

    name: str
    key: dict[str, Any]
    folder: Path

    @property
    def files(self) -> dict[str, Path]:
        """Section name → file."""
        return {name: self.folder / meta["file"] for name, meta in self.key["sections"].items()}

    @property
    def our_party(self) -> str:
        """Our party as a user would type it (the key sometimes adds commentary after a semicolon)."""
        return str(self.key["our_party"]).split(";")[0].strip()[:200]

    def submission(self) -> dict[str, Any]:
        """Arguments of ``GatewayClient.submit`` for this contract."""
        files = self.files
        args: dict[str, Any] = {
            "our_party": self.our_party,
            "language": self.key["language"],
            "domain": self.key["domain"],
            "options": {"approval_policy": "auto"},
        }
        if "gc" in files:
            args["file"] = files["gc"]
            # Particular Conditions printed after the General Conditions in the same file are part
            # of that one upload: sent again as a second document they would amend every clause
            # with its own text.
            args["pc_file"] = files.get("pc") if files.get("pc") != files["gc"] else None
            args["reference_files"] = [files["er"]] if "er" in files else []
        else:
            args["file"] = files.get("main") or next(iter(files.values()))
        return args


def load_golden(folder: Path) -> list[GoldenContract]:
    """Every ``*.key.json`` of the folder, by name."""
    contracts = []
    for path in sorted(folder.glob("*.key.json")):
        key = json.loads(path.read_text(encoding="utf-8"))
        contracts.append(GoldenContract(str(key.get("contract") or path.name.split(".")[0]), key, folder))
    return contracts


@dataclass
class GoldenRun:
    """What one end-to-end review of a golden contract produced."""

    contract: str
    review_id: str
    status: str
    report: dict[str, Any]
    plan: dict[str, Any]
    results: list[dict[str, Any]]
    llm_calls: list[dict[str, Any]]
    timings: dict[str, Any]
    failure_reason: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def llm_calls_by_kind(self) -> dict[str, int]:
        """Model requests of this review by request kind."""
        return dict(sorted(Counter(c["kind"] for c in self.llm_calls).items()))


@contextlib.asynccontextmanager
async def golden_stack(
    name: str, calls_log: LLMCallLog, model_url: str | None = None
) -> AsyncIterator[tuple[EmbeddedHandle, ResultObserver]]:
    """The embedded stack with default settings and the playbook model (timed), plus a result observer."""
    workdir = WORK_DIR / name
    await asyncio.to_thread(shutil.rmtree, workdir, ignore_errors=True)
    async with contextlib.AsyncExitStack() as stack:
        url = model_url if model_url else await stack.enter_async_context(timed_playbook_model(calls_log))
        handle = await stack.enter_async_context(embedded(workdir, llm_base_url=url))
        observer = ResultObserver(handle.bus)
        await observer.start()
        stack.push_async_callback(observer.stop)
        yield handle, observer


async def review_golden(
    handle: EmbeddedHandle, observer: ResultObserver, calls_log: LLMCallLog, contract: GoldenContract
) -> GoldenRun:
    """Submit one golden contract, let it complete (policy auto) and collect everything."""
    from clauseflow_cli.client import GatewayClient

    calls_log.clear()
    timeline = ReviewTimeline()
    args = contract.submission()
    file = args.pop("file")
    async with GatewayClient(handle.gateway_url, timeout_s=120) as client:
        timeline.submitted = time.perf_counter()
        review_id = await client.submit(file, **args)
        timeline.accepted = time.perf_counter()
        final = await follow_review(client, review_id, timeline, poll_s=0.2, timeout_s=900)
        report = await client.report(review_id)
        plan_resp = await client._http.get(f"/v1/reviews/{review_id}/plan")
        plan = plan_resp.json() if plan_resp.is_success else {}
    await asyncio.sleep(0.2)
    calls = calls_log.calls()
    results = [
        {
            "clause_id": r.clause_id,
            "mode": r.mode,
            "llm_calls": r.llm_calls,
            "skill_calls": r.skill_calls,
            "skill_ms": r.skill_ms,
            "risks": r.risks,
            "redlines": r.redlines,
            "fallback_used": r.fallback_used,
            "validation_passed": r.validation_passed,
            "validation_rounds": r.validation_rounds,
            "error": r.error,
            "arrived_s": r.arrived - timeline.submitted,
        }
        for r in observer.of(review_id)
    ]
    origin = timeline.submitted
    seen = {k: v - origin for k, v in timeline.status_first_seen.items()}
    plan_calls = [c for c in calls if c.kind == "review_plan"]
    clause_calls = [c for c in calls if c.kind not in ("review_plan", "review_summary")]
    timings = {
        "submit_to_completed_s": (timeline.completed or time.perf_counter()) - origin,
        "submit_accepted_s": timeline.accepted - origin,
        "status_first_seen_s": seen,
        "planning_model_s": sum(c.duration for c in plan_calls),
        "analysis_span_s": (max(c.end for c in clause_calls) - min(c.start for c in clause_calls))
        if clause_calls
        else 0.0,
        "model_time_total_s": sum(c.duration for c in calls),
    }
    return GoldenRun(
        contract=contract.name,
        review_id=review_id,
        status=final["status"],
        report=report,
        plan=plan,
        results=results,
        llm_calls=[
            {"kind": c.kind, "clause_id": c.clause_id, "turn": c.turn, "duration_s": c.duration}
            for c in calls
        ],
        timings=timings,
        failure_reason=str(final.get("failure_reason") or ""),
    )
