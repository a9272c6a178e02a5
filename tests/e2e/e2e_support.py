"""Tools for the fault and matrix e2e tests: service replicas, log cursors, bus reads, report comparison.

The tests share the session's stack (``tests/e2e/conftest.py``): every stack on one broker uses the
same topics and consumer groups, so two stacks alive at once would steal each other's events. Tests
that kill or add services therefore do it on the shared stack and put it back with
:func:`restore_stack` afterwards.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import httpx
from clauseflow_cli.client import GatewayClient
from clauseflow_cli.processes import ServiceProcess
from clauseflow_cli.stack import LocalStack
from clauseflow_contracts.events import Envelope
from clauseflow_platform.bus.kafka import KafkaBus, KafkaBusOptions
from clauseflow_platform.settings import KafkaSettings

T = TypeVar("T")

Decider = Callable[[dict[str, Any]], dict[str, Any]]


async def wait_for(
    probe: Callable[[], Awaitable[T | None]], *, timeout_s: float, what: str, every_s: float = 0.1
) -> T:
    """Poll ``probe`` until it returns something other than None/False; fail with ``what`` on timeout."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = await probe()
        if value is not None and value is not False:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s:.0f}s waiting for {what}")
        await asyncio.sleep(every_s)


# ---- service logs ------------------------------------------------------------------------------


class LogCursor:
    """The JSON log records a service wrote after the cursor was made (a log file outlives restarts)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = path.stat().st_size if path.exists() else 0

    def records(self) -> list[dict[str, Any]]:
        """Structured records written since the cursor was made (plain-text lines are skipped)."""
        if not self.path.exists():
            return []
        with self.path.open("rb") as handle:
            handle.seek(self.offset)
            data = handle.read()
        found: list[dict[str, Any]] = []
        for line in data.decode("utf-8", errors="replace").splitlines():
            if line.startswith("{"):
                try:
                    found.append(json.loads(line))
                except ValueError:
                    continue  # a line cut short by kill -9
        return found

    def find(self, **fields: Any) -> list[dict[str, Any]]:
        """Records whose fields equal ``fields``."""
        return [r for r in self.records() if all(r.get(k) == v for k, v in fields.items())]

    async def wait(self, *, timeout_s: float = 30.0, **fields: Any) -> dict[str, Any]:
        """The first record with ``fields``, waiting for it."""

        async def probe() -> dict[str, Any] | None:
            hits = self.find(**fields)
            return hits[0] if hits else None

        return await wait_for(probe, timeout_s=timeout_s, what=f"{fields} in {self.path.name}", every_s=0.05)


def log_cursor(stack: LocalStack, name: str) -> LogCursor:
    """A cursor at the current end of service ``name``'s log."""
    return LogCursor(stack.layout.workdir / "logs" / f"{name}.log")


# ---- replicas and restoring the shared stack ---------------------------------------------------


async def add_replica(stack: LocalStack, like: str, name: str) -> tuple[ServiceProcess, LogCursor]:
    """Start another process of service ``like`` (same environment, hence same group and database)."""
    template = stack.service(like)
    replica = ServiceProcess(
        name=name,
        argv=list(template.argv),
        env=dict(template.env),
        health=template.health,
        log_path=stack.layout.workdir / "logs" / f"{name}.log",
    )
    cursor = log_cursor(stack, name)
    await stack.group.start(replica)
    return replica, cursor


def base_services(stack: LocalStack) -> set[str]:
    """The services :meth:`LocalStack.start` runs for the stack's layout."""
    workers = {f"clause-worker-{i}" for i in range(stack.layout.workers)}
    return {"playbook-model", "skills", "orchestrator", "gateway", *workers}


async def restore_stack(stack: LocalStack) -> None:
    """Stop replicas a test added, restart base services it stopped: the next test finds the stack whole."""
    base = base_services(stack)
    for name in [n for n in stack.group.services if n not in base]:
        await stack.group.services.pop(name).stop(grace_s=10)
    for name in [n for n in stack.group.services if n in base]:
        if not stack.service(name).running:
            await stack.restart(name)


async def consumer_joined(cursor: LogCursor, *, timeout_s: float = 60.0) -> None:
    """Wait until a (re)started service has been given partitions by its consumer group."""
    await cursor.wait(event="bus.partitions_assigned", timeout_s=timeout_s)


# ---- the bus -----------------------------------------------------------------------------------


async def review_events(
    bootstrap: str, topic: str, review_id: str, *, timeout_s: float = 10.0
) -> list[Envelope]:
    """Every event of ``review_id`` on ``topic``, read from the beginning without a consumer group."""
    bus = KafkaBus(KafkaSettings(kafka_bootstrap_servers=bootstrap), KafkaBusOptions(topics=()))
    await bus.start()
    try:
        records = await bus.read_topic(topic, timeout_s=timeout_s)
    finally:
        await bus.stop()
    events = [Envelope.from_bytes(r.value) for r in records]
    return [e for e in events if e.review_id == review_id]


async def publish(bootstrap: str, topic: str, key: str, events: Iterable[Envelope]) -> None:
    """Publish events on the real bus as a producing service would (acks=all)."""
    bus = KafkaBus(KafkaSettings(kafka_bootstrap_servers=bootstrap), KafkaBusOptions(topics=()))
    await bus.start()
    try:
        for event in events:
            await bus.publish(topic, key, event)
    finally:
        await bus.stop()


# ---- the gateway -------------------------------------------------------------------------------


async def plan_of(stack: LocalStack, review_id: str) -> dict[str, Any]:
    """``GET /v1/reviews/{id}/plan`` (the client has no method for it)."""
    headers = {"Authorization": f"Bearer {stack.api_key}"}
    async with httpx.AsyncClient(base_url=stack.layout.gateway_url, timeout=30.0, headers=headers) as http:
        resp = await http.get(f"/v1/reviews/{review_id}/plan")
    resp.raise_for_status()
    return dict(resp.json())


async def wait_status(
    gateway: GatewayClient, review_id: str, statuses: set[str], *, timeout_s: float = 120.0
) -> dict[str, Any]:
    """The review once it is in one of ``statuses``; fails on a different terminal status."""
    review = await gateway.wait_until(review_id, statuses, timeout_s=timeout_s)
    if review["status"] not in statuses:
        raise AssertionError(f"review {review_id} ended {review['status']}: {review.get('failure_reason')}")
    return review


async def settle(
    gateway: GatewayClient,
    review_id: str,
    choose: Decider,
    *,
    timeout_s: float = 180.0,
    until: str = "completed",
) -> list[dict[str, Any]]:
    """Answer pending redlines with ``choose`` until the review is ``until``; returns every decision sent.

    The status is polled, so a short ``reviewing`` spell (a redraft) can pass unseen; the loop
    therefore looks for pending redlines each time instead of waiting for a status change.
    A review ends (``completed`` or ``incomplete``) only once every redline is decided, so a
    test waiting for ``incomplete`` must answer the redlines of the clauses that were reviewed.
    """
    sent: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout_s
    while True:
        left = max(1.0, deadline - time.monotonic())
        review = await wait_status(gateway, review_id, {"awaiting_approval", until}, timeout_s=left)
        if review["status"] == until:
            return sent
        decisions = [choose(r) for r in await gateway.redlines(review_id, status="pending")]
        if decisions:
            await gateway.decide(review_id, decisions, decided_by="e2e-lawyer")
            sent += decisions
        else:
            await asyncio.sleep(0.2)
        if time.monotonic() > deadline:
            raise AssertionError(f"review {review_id} was not {until} within {timeout_s:.0f}s of approvals")


def first_redraft_decider(reject_clause: str) -> Decider:
    """Reject the first drafts of ``reject_clause`` with feedback once; approve everything else."""

    def choose(redline: dict[str, Any]) -> dict[str, Any]:
        if redline["clause_id"] == reject_clause and redline["round"] == 0:
            return {
                "redline_id": redline["id"],
                "action": "reject",
                "feedback": "Too one-sided still: keep a mutual cap of 100% of the annual Fees.",
            }
        return {"redline_id": redline["id"], "action": "approve"}

    return choose


def clause_order(clause_id: str) -> tuple[int, ...]:
    """Sort key for dotted clause numbers ("Preamble" first)."""
    return tuple(int(p) for p in clause_id.split(".") if p.isdigit()) or (-1,)


# ---- comparing reports -------------------------------------------------------------------------

# Ids derived from the review id, when a decision was taken (who took it must be equal) and when
# the report was generated.
_ID_FIELDS = {"id", "risk_id", "review_id", "decided_at", "generated_at"}


def comparable_report(report: dict[str, Any]) -> dict[str, Any]:
    """A report without what legitimately differs between two reviews of one contract (ids, the
    times of the decisions and of the report).

    Risk and redline ids are derived from the review id, so they are replaced by their position;
    the summary loses the review id if it quotes it. Everything else (clauses and their states,
    risks, redlines with texts and statuses, history, counts, summary) must be equal.
    """
    review_id = str(report["review_id"])

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in _ID_FIELDS}
        if isinstance(value, list):
            return [strip(v) for v in value]
        if isinstance(value, str):
            return value.replace(review_id, "<review>")
        return value

    return dict(strip(report))


def risk_keys(report: dict[str, Any]) -> set[tuple[str, str]]:
    """(clause_id, risk_type) of every risk in a report."""
    return {(r["clause_id"], r["risk_type"]) for r in report["risks"]}
