"""Chaos: concurrent reviews on Kafka while every service is killed with -9 at random moments.

    uv run python -m bench.chaos.chaos                     # 3 runs (seeds 1, 2, 3), 20 reviews, >=10 kills
    uv run python -m bench.chaos.chaos --runs 1 --seed 7 --reviews 8 --kills 10

The stack is the distributed one (``LocalStack``: playbook model, skills, orchestrator, two
workers, gateway as OS processes) on the project's local Kafka broker. First a fault-free run
reviews the contracts (the bundled examples, and the golden dev contracts when
``../shared/data/golden`` exists) with decisions posted throughout: per redline, by a rule of
its content, approve, edit, or reject with feedback (redrafts are approved). Then each chaos
run reviews the same contracts with the same decision rule while a killer sends SIGKILL to the
orchestrator, a worker, the skills server, the model, the gateway and the broker (each at least
once, then at random), restarting each after a short pause. Reviews that end ``incomplete``
are retried (``POST /v1/reviews/{id}/retry``) once the kills are over.

Recorded per run: ``reviews``, ``kills`` by service, ``completed``, ``incomplete``, ``stuck``
(neither by the deadline), ``lost_decisions`` (a 202-accepted decision whose redline does not
end in the decided status), ``duplicate_risks``, ``duplicate_redlines`` (same clause and text
twice in one report), ``reports_identical`` (same risks, levels, quotes and standing redline
texts as the fault-free report of the same contract). Target: all completed, 0 lost,
0 duplicated, all identical. Results: ``bench/results/chaos.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import hashlib
import json
import os
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from clauseflow_cli.client import GatewayClient, GatewayError
from clauseflow_cli.credentials import read_key
from clauseflow_cli.stack import LocalStack, StackLayout
from clauseflow_testkit.local_kafka import LocalKafka

from bench.common import (
    REPO,
    WORK_DIR,
    bench_logger,
    machine_info,
    shared_dir,
    wait_workers_assigned,
    write_result,
)

log = bench_logger("chaos")

EXAMPLES = REPO / "examples"
SERVICES = (
    "orchestrator",
    "clause-worker-0",
    "clause-worker-1",
    "skills",
    "playbook-model",
    "gateway",
    "kafka",
)
FEEDBACK = "Too one-sided: make it mutual and cap it at the fees of the last 12 months."


@dataclass(frozen=True)
class Contract:
    """A contract to review and how to submit it."""

    label: str
    submission: dict[str, Any]


def contracts() -> list[Contract]:
    """The bundled examples, then the golden dev contracts if the shared data is there."""
    expected = json.loads((EXAMPLES / "expected.json").read_text())
    found = [
        Contract(
            name, {"file": EXAMPLES / name, "our_party": spec["our_party"], "language": spec["language"]}
        )
        for name, spec in expected.items()
        if not name.startswith("_") and (EXAMPLES / name).exists()
    ]
    shared = shared_dir()
    golden = shared / "data" / "golden" if shared else None
    if golden is not None and golden.is_dir():
        from bench.quality.runner import load_golden

        for contract in load_golden(golden):
            args = contract.submission()
            args.pop("options", None)
            found.append(Contract(contract.name, args))
    else:
        log.info("no golden data: the bundled examples only")
    return found


def decision_for(redline: dict[str, Any]) -> dict[str, Any]:
    """The reviewer's decision, a function of the redline's content (so both runs decide alike)."""
    if redline.get("round", 0) > 0:
        return {"redline_id": redline["id"], "action": "approve"}
    digest = hashlib.sha256(f"{redline['clause_id']}|{redline['original_text']}".encode()).digest()[0] % 3
    if digest == 0:
        return {"redline_id": redline["id"], "action": "approve"}
    if digest == 1:
        return {
            "redline_id": redline["id"],
            "action": "edit",
            "text": redline["proposed_text"] + " (as agreed)",
        }
    return {"redline_id": redline["id"], "action": "reject", "feedback": FEEDBACK}


@dataclass
class Review:
    """One review being driven: its contract, id, decisions accepted, final report."""

    contract: Contract
    review_id: str = ""
    accepted: dict[str, dict[str, Any]] = field(default_factory=dict)
    report: dict[str, Any] | None = None
    status: str = ""
    retries: int = 0


async def _call(url: str, action: Any, attempts: int = 60) -> Any:
    """Call the gateway, waiting through its restarts (connection errors and 5xx are retried)."""
    for _ in range(attempts):
        try:
            # The key the CLI would send: the stack's local admin key, put in the environment below.
            async with GatewayClient(url, api_key=read_key()) as client:
                return await action(client)
        except GatewayError as exc:
            if exc.status < 500:
                raise
        except Exception:
            pass
        await asyncio.sleep(1.0)
    raise TimeoutError(f"the gateway at {url} did not answer")


async def _decide(review_id: str, decisions: list[dict[str, Any]], key: str, client: GatewayClient) -> Any:
    # The same idempotency key on every attempt: a request the gateway took before dying is not doubled.
    return await client.decide(review_id, decisions, decided_by="chaos", key=key)


async def _drive(url: str, review: Review, may_retry: asyncio.Event, deadline: float) -> None:
    review.review_id = await _call(url, lambda c: c.submit(**review.contract.submission))
    while time.monotonic() < deadline:
        state = await _call(url, lambda c: c.review(review.review_id))
        review.status = state["status"]
        if review.status == "completed":
            review.report = await _call(url, lambda c: c.report(review.review_id))
            return
        if review.status == "failed":
            return
        if review.status == "incomplete":
            if may_retry.is_set() and review.retries < 5:
                review.retries += 1
                # A 409: a retry already in flight, nothing failed in the read model any more.
                with contextlib.suppress(GatewayError):
                    await _call(url, lambda c: c.retry(review.review_id))
            await asyncio.sleep(2.0)
            continue
        pending = await _call(url, lambda c: c.redlines(review.review_id, status="pending"))
        decisions = [decision_for(r) for r in pending if r["id"] not in review.accepted]
        if decisions:
            key = hashlib.sha256("|".join(sorted(d["redline_id"] for d in decisions)).encode()).hexdigest()[
                :32
            ]
            try:
                await _call(url, functools.partial(_decide, review.review_id, decisions, key))
                review.accepted.update({d["redline_id"]: d for d in decisions})
            except GatewayError as exc:
                log.info("decision refused (%s): %s", review.review_id, exc)
        await asyncio.sleep(1.0)


def _lost(review: Review) -> int:
    """Accepted decisions whose redline did not end as decided."""
    if review.report is None:
        return len(review.accepted)
    final = {r["id"]: r for r in review.report.get("redline_history", [])}
    lost = 0
    for redline_id, decision in review.accepted.items():
        status = final.get(redline_id, {}).get("status")
        ok = {"approve": {"approved"}, "edit": {"edited"}, "reject": {"rejected", "superseded"}}[
            decision["action"]
        ]
        lost += status not in ok
    return lost


def _duplicates(report: dict[str, Any] | None) -> tuple[int, int]:
    if report is None:
        return 0, 0
    risks = Counter(
        (r["clause_id"], r["risk_type"], r["original_text"], r["description"]) for r in report["risks"]
    )
    redlines = Counter((r["clause_id"], r["original_text"], r["final_text"]) for r in report["redlines"])
    return sum(n - 1 for n in risks.values()), sum(n - 1 for n in redlines.values())


def findings(report: dict[str, Any] | None) -> Any:
    """What must be identical: risks (clause, type, level, quote) and standing redline texts."""
    if report is None:
        return None
    risks = sorted(
        (r["clause_id"], r["risk_type"], r["risk_level"], r["original_text"]) for r in report["risks"]
    )
    redlines = sorted(
        (r["clause_id"], r["original_text"], r["final_text"] or "", r["status"]) for r in report["redlines"]
    )
    return {"risks": risks, "redlines": redlines}


def difference(label: str, found: Any, expected: Any) -> dict[str, Any]:
    """What a report has that the fault-free one has not, and the reverse (to find the cause)."""
    out: dict[str, Any] = {"contract": label}
    for key in ("risks", "redlines"):
        got = {tuple(x) for x in (found or {}).get(key, [])}
        want = {tuple(x) for x in (expected or {}).get(key, [])}
        out[f"{key}_only_here"] = sorted(got - want)
        out[f"{key}_only_fault_free"] = sorted(want - got)
    return out


class Killer:
    """Sends SIGKILL to services at random moments and restarts each after a pause."""

    def __init__(self, stack: LocalStack, broker: LocalKafka, rng: random.Random, kills: int) -> None:
        self.stack, self.broker, self.rng, self.kills = stack, broker, rng, kills
        self.done: Counter[str] = Counter()

    async def run(self) -> None:
        order = list(SERVICES)
        self.rng.shuffle(order)  # every service once, then at random
        order += [self.rng.choice(SERVICES) for _ in range(max(0, self.kills - len(order)))]
        for name in order:
            await asyncio.sleep(self.rng.uniform(4.0, 12.0))
            await self.kill_and_restart(name)

    async def kill_and_restart(self, name: str) -> None:
        log.info("kill -9 %s", name)
        if name == "kafka":
            await asyncio.to_thread(self.broker.kill)
        else:
            self.stack.service(name).kill()
        self.done[name] += 1
        await asyncio.sleep(self.rng.uniform(0.5, 3.0))
        if name == "kafka":
            await asyncio.to_thread(self.broker.relaunch)
        else:
            # Generous: a loaded machine took 67 s to start the gateway (2026-11-28, load 18).
            await self.stack.restart(name, timeout_s=300)


async def review_all(
    url: str, picks: list[Contract], killer: Killer | None, timeout_s: float
) -> tuple[list[Review], float]:
    """Drive every review to its end (with the killer at work if given); returns them and the seconds."""
    began = time.monotonic()
    deadline = began + timeout_s
    may_retry = asyncio.Event()
    reviews = [Review(c) for c in picks]
    if killer is None:
        may_retry.set()
    drivers = [asyncio.create_task(_drive(url, r, may_retry, deadline)) for r in reviews]
    if killer is not None:
        await killer.run()
        may_retry.set()  # the model is back for good: failed clauses may be retried now
    results = await asyncio.gather(*drivers, return_exceptions=True)
    for review, outcome in zip(reviews, results, strict=True):
        if isinstance(outcome, BaseException):
            log.error("review of %s: %r", review.contract.label, outcome)
    return reviews, time.monotonic() - began


def summarise(
    reviews: list[Review], baseline: dict[str, Any], kills: Counter[str], seconds: float
) -> dict[str, Any]:
    """The run's figures, compared with the fault-free reports."""
    dup = [_duplicates(r.report) for r in reviews]
    identical = sum(
        1 for r in reviews if r.report is not None and findings(r.report) == baseline.get(r.contract.label)
    )
    return {
        "reviews": len(reviews),
        "kills": dict(sorted(kills.items())),
        "kills_total": sum(kills.values()),
        "completed": sum(r.status == "completed" for r in reviews),
        "incomplete": sum(r.status == "incomplete" for r in reviews),
        "stuck": sum(r.status not in ("completed", "incomplete", "failed") for r in reviews),
        "retries": sum(r.retries for r in reviews),
        "decisions_accepted": sum(len(r.accepted) for r in reviews),
        "lost_decisions": sum(_lost(r) for r in reviews),
        "duplicate_risks": sum(d[0] for d in dup),
        "duplicate_redlines": sum(d[1] for d in dup),
        "reports_identical": identical,
        "not_identical": sorted(
            r.contract.label
            for r in reviews
            if r.report is not None and findings(r.report) != baseline.get(r.contract.label)
        ),
        "differences": [
            difference(r.contract.label, findings(r.report), baseline.get(r.contract.label))
            for r in reviews
            if r.report is not None and findings(r.report) != baseline.get(r.contract.label)
        ],
        "seconds": round(seconds, 1),
    }


async def bench(runs: int, seed: int, n_reviews: int, kills: int, timeout_s: float) -> dict[str, Any]:
    """The fault-free run, then ``runs`` chaos runs; returns the figures."""
    available = contracts()
    picks = [available[i % len(available)] for i in range(n_reviews)]
    broker = LocalKafka()
    bootstrap = await asyncio.to_thread(broker.start, 300)
    workdir = WORK_DIR / "chaos"
    workdir.mkdir(parents=True, exist_ok=True)
    layout = StackLayout(workdir=workdir / f"stack-{int(time.time())}", kafka_bootstrap=bootstrap, workers=2)
    stack = LocalStack(layout)
    try:
        await stack.start()
        os.environ["CLAUSEFLOW_API_KEY"] = stack.api_key  # the gateway asks for a key (#25)
        await wait_workers_assigned(stack)
        log.info("fault-free run: %d reviews", len(picks))
        clean, clean_s = await review_all(layout.gateway_url, picks, None, timeout_s)
        baseline = {r.contract.label: findings(r.report) for r in clean}
        result: dict[str, Any] = {
            "fault_free": summarise(clean, baseline, Counter(), clean_s),
            "runs": [],
        }
        for run in range(runs):
            rng = random.Random(seed + run)
            killer = Killer(stack, broker, rng, kills)
            log.info("chaos run %d (seed %d)", run + 1, seed + run)
            reviews, seconds = await review_all(layout.gateway_url, picks, killer, timeout_s)
            figures = summarise(reviews, baseline, killer.done, seconds)
            figures["seed"] = seed + run
            log.info("run %d: %s", run + 1, json.dumps(figures))
            result["runs"].append(figures)
        return result
    finally:
        await stack.stop()
        await asyncio.to_thread(broker.stop)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m bench.chaos.chaos")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reviews", type=int, default=20)
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds allowed per run")
    args = parser.parse_args(argv)
    machine = machine_info()
    figures = asyncio.run(bench(args.runs, args.seed, args.reviews, args.kills, args.timeout))
    runs = figures["runs"]
    totals = {
        key: sum(r[key] for r in runs)
        for key in (
            "reviews",
            "completed",
            "incomplete",
            "stuck",
            "lost_decisions",
            "duplicate_risks",
            "duplicate_redlines",
            "reports_identical",
            "kills_total",
        )
    }
    write_result(
        "chaos",
        {
            "bench": "chaos",
            "how": __doc__.split("\n\n", 2)[2] if __doc__ else "",
            "args": vars(args),
            "machine": {**machine, "load_avg_1m_at_end": round(__import__("os").getloadavg()[0], 2)},
            "totals": totals,
            **figures,
        },
    )
    ok = totals["completed"] == totals["reviews"] and not (
        totals["lost_decisions"] or totals["duplicate_risks"] or totals["duplicate_redlines"]
    )
    log.info("totals: %s", json.dumps(totals))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
