"""The review desk's feedback, measured in headless Chromium: how soon a lawyer sees the first redline.

    uv run python -m bench.desk.feedback [--repeats 5]

Two cases (issue 24, part 3), each the median of ``--repeats`` uploads through the desk's form on
the embedded stack (one process, in-memory bus), after one warm-up upload:

* ``playbook_example`` — the offline playbook model, the bundled English example
  (examples/services_agreement_en.txt); target: first pending redline within 2 s.
* ``slow_model_100_clauses`` — the same playbook model answering each turn only after 300 ms (a
  hosted LLM's pace), a generated contract of 100 clauses whose risk-bearing ones (liability,
  indemnity, termination, payment) sit near the end; target: first pending redline within 3 s.
  The plan must send them first: in document order they would wait for ~80 ordinary clauses.

Times are from the click on "Start review" to (a) the first redline awaiting a decision being on
the page, (b) the page's progress showing every clause analysed; both arrive over the review's
event stream. Where the time goes: an observer on the stack's bus stamps, per upload, the review
request, the first clause task, the first clause result holding a redline and the first review
update carrying one (the page's SSE feed), and the bench keeps the order in which clauses were
dispatched and how many model requests had been made by the first redline — figures that do not
depend on how busy the machine is.

Also measured, on the finished 100-clause review opened in a fresh tab: the page weight (bytes
of HTML, JS, CSS; API JSON separately; uncompressed — the gateway does not compress) and the
time to interactive (navigation start → the review drawn with its findings and the keyboard
live). Figures go to bench/results/desk.json with the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bench.common import (
    REPO,
    bench_logger,
    generated_contract,
    machine_info,
    playbook_app,
    serve_asgi,
    write_result,
)

sys.path.insert(0, str(REPO / "tests" / "browser"))
from desk_support import chromium, open_desk, upload

log = bench_logger("desk")
EXAMPLE = REPO / "examples" / "services_agreement_en.txt"
EXAMPLE_PARTY = "Northwind Analytics Ltd. (the Supplier)"
TURN_LATENCY_S = 0.3
N_CLAUSES = 100
# Risk-bearing clauses planted late in the generated contract (our party: the Supplier).
RISKY = {
    84: (
        "Liability",
        "The Supplier shall be liable for all losses, damages, costs and expenses of whatever nature "
        "suffered by the Customer in connection with this Agreement, and no limitation of liability shall "
        "apply to the Supplier.",
    ),
    88: (
        "Indemnity",
        "The Supplier shall indemnify and hold harmless the Customer against all claims, losses and "
        "liabilities howsoever arising in connection with the Services.",
    ),
    92: (
        "Termination",
        "The Customer may terminate this Agreement at any time for convenience by giving the Supplier "
        "seven (7) days' written notice, without any liability to pay compensation for such termination.",
    ),
    96: (
        "Payment",
        "The Customer shall pay each undisputed invoice within 120 days after the date on which the "
        "Customer receives it.",
    ),
}


def slow_contract() -> str:
    """The generated 100-clause contract with the risky clauses put in place of ordinary ones."""
    blocks = generated_contract(N_CLAUSES).strip().split("\n\n")
    for number, (title, body) in RISKY.items():
        blocks[number - 1] = f"{number}. {title}\n{body}"
    head = (
        'SERVICES AGREEMENT\n\nThis Agreement is made between Harbor Retail plc (the "Customer") and '
        'Northwind Analytics Ltd. (the "Supplier").\n\n'
    )
    return head + "\n\n".join(blocks) + "\n"


class Delayed:
    """ASGI middleware: every chat completion is answered only after ``delay_s`` (a slower model).

    It also notes when each request arrived (``perf_counter``), to count the model's round trips.
    """

    def __init__(self, app: Any, delay_s: float) -> None:
        self.app = app
        self.delay_s = delay_s
        self.arrivals: list[float] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") == "http" and str(scope.get("path", "")).endswith("/chat/completions"):
            self.arrivals.append(time.perf_counter())
            await asyncio.sleep(self.delay_s)
        await self.app(scope, receive, send)


class Timeline:
    """Per review, when each stage was first seen on the bus (``perf_counter``) and the dispatch order."""

    def __init__(self) -> None:
        self.stages: dict[str, dict[str, float]] = {}
        self.dispatched: dict[str, list[str]] = {}

    def _stamp(self, review_id: str, stage: str) -> None:
        self.stages.setdefault(review_id, {}).setdefault(stage, time.perf_counter())

    async def observe(self, env: Any) -> None:
        from clauseflow_contracts.events import ClauseResult, ClauseTask, ReviewRequested, ReviewUpdated

        if env.type == ReviewRequested.TYPE:
            self._stamp(env.review_id, "request_published")
        elif env.type == ClauseTask.TYPE:
            self._stamp(env.review_id, "first_task_published")
            self.dispatched.setdefault(env.review_id, []).append(env.open(ClauseTask).clause_id)
        elif env.type == ClauseResult.TYPE and env.open(ClauseResult).redlines:
            self._stamp(env.review_id, "first_result_with_redline")
        elif env.type == ReviewUpdated.TYPE and any(
            r.status == "pending" for r in env.open(ReviewUpdated).redlines
        ):
            self._stamp(env.review_id, "first_update_with_redline")


@contextlib.asynccontextmanager
async def stack(delay_s: float) -> AsyncIterator[tuple[str, Delayed, Timeline]]:
    """The embedded stack on the playbook model (delayed per turn when asked), observed on its bus."""
    from clauseflow_cli.embedded import embedded_stack
    from clauseflow_contracts.events import Topic

    model = Delayed(playbook_app(), delay_s)
    timeline = Timeline()
    with tempfile.TemporaryDirectory(prefix="desk-bench-") as tmp:
        async with (
            serve_asgi(model) as model_url,
            embedded_stack(Path(tmp), llm_base_url=f"{model_url}/v1") as endpoints,
        ):
            observer = endpoints.bus.subscribe(
                [Topic.REVIEW_REQUESTED, Topic.CLAUSE_TASKS, Topic.CLAUSE_RESULTS, Topic.REVIEW_UPDATES],
                group_id="bench-observer",
                handler=timeline.observe,
                concurrency=4,
            )
            await observer.start()
            try:
                yield endpoints.gateway_url, model, timeline
            finally:
                await observer.stop()


async def one_upload(
    browser: Any, url: str, contract: Path, party: str, model: Delayed, timeline: Timeline
) -> dict[str, Any]:
    """Upload through the form; seconds to the first pending redline and to every clause analysed."""
    page, watch = await open_desk(browser, url)
    started = await upload(page, contract, party)
    await page.wait_for_url("**/#/reviews/*", timeout=120_000)
    accepted = time.perf_counter() - started  # the upload answered (read, stored, queued)
    await page.wait_for_selector(".redline[data-status=pending]", timeout=120_000)
    first = time.perf_counter() - started
    await page.wait_for_selector("#review-progress[data-all-analysed=true]", timeout=600_000)
    analysed = time.perf_counter() - started
    review_id = page.url.rsplit("#/reviews/", 1)[1]
    await page.context.close()
    if not watch.clean():
        raise RuntimeError(f"the page reported errors: {watch}")
    first_at = started + first
    stages = {
        k: v - started for k, v in sorted(timeline.stages.get(review_id, {}).items(), key=lambda kv: kv[1])
    }
    return {
        "review_id": review_id,
        "upload_answered_s": accepted,
        "first_redline_s": first,
        "all_analysed_s": analysed,
        "stages_s": {k: round(v, 3) for k, v in stages.items()},
        "first_window": timeline.dispatched.get(review_id, [])[:8],
        "model_requests_before_first_redline": sum(1 for t in model.arrivals if started <= t <= first_at),
    }


async def page_weight_and_tti(browser: Any, url: str, review_id: str) -> dict[str, Any]:
    """Open the finished review in a fresh tab: bytes by kind and time to interactive."""
    context = await browser.new_context(viewport={"width": 1440, "height": 1000})
    page = await context.new_page()
    sizes: dict[str, int] = {"html": 0, "js": 0, "css": 0, "api_json": 0, "other": 0}
    pending: list[asyncio.Task[None]] = []

    async def measure(response: Any) -> None:
        if response.url.endswith("/events"):
            return  # the live stream stays open; its body never ends
        with contextlib.suppress(Exception):
            body = await response.body()
            kind = response.request.resource_type
            key = {"document": "html", "script": "js", "stylesheet": "css"}.get(kind)
            if key is None:
                key = "api_json" if "/v1/" in response.url and "/events" not in response.url else "other"
            sizes[key] += len(body)

    page.on("response", lambda r: pending.append(asyncio.ensure_future(measure(r))))
    await page.goto(f"{url}/#/reviews/{review_id}")
    await page.wait_for_selector("body[data-review-ready]", timeout=60_000)
    tti_ms = float(await page.evaluate("+document.body.dataset.reviewReady"))
    findings = await page.locator(".finding").count()
    await asyncio.wait_for(asyncio.gather(*pending), timeout=30)
    await context.close()
    return {
        "bytes": sizes,
        "html_js_css_bytes": sizes["html"] + sizes["js"] + sizes["css"],
        "time_to_interactive_ms": tti_ms,
        "findings_on_page": findings,
    }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Median and spread of the runs."""
    firsts = [r["first_redline_s"] for r in runs]
    answered = [r["upload_answered_s"] for r in runs]
    alls = [r["all_analysed_s"] for r in runs]
    return {
        "upload_answered_s_median": round(statistics.median(answered), 3),
        "first_redline_s_median": round(statistics.median(firsts), 3),
        "first_redline_s_min_max": [round(min(firsts), 3), round(max(firsts), 3)],
        "all_analysed_s_median": round(statistics.median(alls), 3),
        "all_analysed_s_min_max": [round(min(alls), 3), round(max(alls), 3)],
        "first_window_of_first_run": runs[0].get("first_window", []),
        "model_requests_before_first_redline_median": statistics.median(
            r["model_requests_before_first_redline"] for r in runs
        ),
        "runs": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items()} for r in runs],
    }


async def run_case(
    browser: Any, delay_s: float, contract: Path, party: str, repeats: int
) -> tuple[dict[str, Any], str, list[dict[str, Any]]]:
    async with stack(delay_s) as (url, model, timeline):
        await one_upload(browser, url, contract, party, model, timeline)  # warm-up: reader, model, caches
        runs = [await one_upload(browser, url, contract, party, model, timeline) for _ in range(repeats)]
        weight = await page_weight_and_tti(browser, url, runs[-1]["review_id"]) if delay_s else {}
    return weight, url, runs


async def main(repeats: int) -> None:
    load_before = os.getloadavg()
    results: dict[str, Any] = {"machine": machine_info(), "repeats": repeats}
    with tempfile.TemporaryDirectory() as tmp:
        slow = Path(tmp) / "generated_100_clauses.txt"
        slow.write_text(slow_contract(), encoding="utf-8")
        async with chromium() as browser:
            _, _, runs = await run_case(browser, 0.0, EXAMPLE, EXAMPLE_PARTY, repeats)
            results["playbook_example"] = {"target_first_redline_s": 2.0, **summary(runs)}
            log.info("playbook example: %s", results["playbook_example"]["first_redline_s_median"])
            weight, _, runs = await run_case(browser, TURN_LATENCY_S, slow, EXAMPLE_PARTY, repeats)
            results["slow_model_100_clauses"] = {
                "turn_latency_s": TURN_LATENCY_S,
                "clauses": N_CLAUSES,
                "risky_clauses_at": sorted(RISKY),
                "target_first_redline_s": 3.0,
                **summary(runs),
            }
            results["review_page_100_clauses"] = weight
            log.info("slow model: %s", results["slow_model_100_clauses"]["first_redline_s_median"])
    results["load_avg_before"] = [round(x, 2) for x in load_before]
    results["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]
    uptime = await asyncio.create_subprocess_exec("uptime", stdout=asyncio.subprocess.PIPE)
    results["uptime"] = (await uptime.communicate())[0].decode().strip()
    path = write_result("desk", results)
    log.info("wrote %s", path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    asyncio.run(main(parser.parse_args().repeats))
