"""Helpers shared by the gateway API contract tests on SQLite and on PostgreSQL.

A module of its own name (not ``conftest``), imported by both test files.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import httpx
import uvicorn
from clauseflow_contracts.events import (
    ClauseProgress,
    ClauseResult,
    Envelope,
    RedlineState,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.ids import redline_id, risk_id
from clauseflow_contracts.review import Redline, Risk
from clauseflow_gateway.app import create_app
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.settings import GatewaySettings
from clauseflow_platform.bus.memory import InMemoryBus

T = TypeVar("T")
CONTRACT = """SUPPLY AGREEMENT

1. Definitions
In this Agreement, "Goods" means the goods listed in the Schedule.

2. Liability
2.1 The Supplier's liability under this Agreement is unlimited.
2.2 The Buyer may terminate this Agreement for convenience at any time.

3. Payment
The Buyer shall pay each invoice within 30 days.
"""


class ServedGateway(Protocol):
    """What the shared helpers need of a test's running gateway."""

    http: httpx.AsyncClient
    bus: InMemoryBus


TENANT = "acme"


async def start_server(app: Any, **config: Any) -> tuple[uvicorn.Server, asyncio.Task[None], int]:
    """uvicorn serving ``app`` on a free port (``config``: more uvicorn settings): the server, the
    task serving it and the port."""
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, **{"log_level": "warning", **config})
    )
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    return server, task, server.servers[0].sockets[0].getsockname()[1]


@contextlib.asynccontextmanager
async def serve_gateway(
    settings: GatewaySettings, bus: InMemoryBus, *, tenant: str = TENANT, **app_kwargs: Any
) -> AsyncIterator[httpx.AsyncClient]:
    """The gateway app served by uvicorn on a free port; yields an HTTP client for it that sends
    an admin key of ``tenant`` (created in the gateway's database, checked on every request)."""
    app = create_app(settings, bus=bus, **app_kwargs)
    server, task, port = await start_server(app)
    _, token = await app.state.services.auth.keys.create(
        tenant=tenant, roles=[Role.ADMIN], label="Test Admin"
    )
    headers = {"Authorization": f"Bearer {token}"}
    try:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", timeout=30, headers=headers
        ) as http:
            yield http
    finally:
        server.should_exit = True
        await task


def sqlite_settings(root: Path, **overrides: Any) -> GatewaySettings:
    """Gateway settings with the read model in SQLite and documents under ``root``, the memory bus."""
    base: dict[str, Any] = {
        "gateway_database_url": f"sqlite+aiosqlite:///{root / 'gateway.db'}",
        "document_store_dir": root / "documents",
        "bus_kind": "memory",
        "outbox_poll_s": 0.1,
        "sse_poll_s": 0.05,
    }
    return GatewaySettings(**{**base, **overrides})


@contextlib.asynccontextmanager
async def gateway_on_sqlite(
    root: Path, **settings: Any
) -> AsyncIterator[tuple[httpx.AsyncClient, InMemoryBus]]:
    """:func:`serve_gateway` with its read model in SQLite under ``root`` and a fresh in-memory bus."""
    bus = InMemoryBus(partitions=1)
    await bus.start()
    try:
        async with serve_gateway(sqlite_settings(root, **{"parse_workers": 1, **settings}), bus) as http:
            yield http, bus
    finally:
        await bus.stop()


def gateway_process_env(root: Path, port: int, operator_token: str, **extra: str) -> dict[str, str]:
    """The environment of a ``clauseflow-gateway`` process on loopback (SQLite, in-memory bus) whose
    operator key is ``operator_token``."""
    return {
        **os.environ,
        "GATEWAY_HOST": "127.0.0.1",
        "GATEWAY_PORT": str(port),
        "GATEWAY_DATABASE_URL": f"sqlite+aiosqlite:///{root / 'gateway.db'}",
        "DOCUMENT_STORE_DIR": str(root / "documents"),
        "BUS_KIND": "memory",
        "PARSE_WORKERS": "1",
        "GATEWAY_OPERATOR_KEY_SHA256": hashlib.sha256(operator_token.encode()).hexdigest(),
        **extra,
    }


async def eventually(probe: Callable[[], Awaitable[T | None]], timeout_s: float = 5.0) -> T:
    """The probe's first truthy answer, polling until ``timeout_s``."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    while True:
        answer = await probe()
        if answer:
            return answer
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"condition not met within {timeout_s}s (last answer: {answer!r})")
        await asyncio.sleep(0.05)


async def submit_text(gw: ServedGateway, **fields: Any) -> dict[str, Any]:
    body = {"text": CONTRACT, "our_party": "Supplier", "language": "en", "domain": "generic", **fields}
    resp = await gw.http.post("/v1/reviews", json=body)
    assert resp.status_code == 202, resp.text
    return dict(resp.json())


async def publish(gw: ServedGateway, topic: str, review_id: str, payload: Any, event_id: str) -> None:
    await gw.bus.publish(topic, review_id, Envelope.wrap(review_id, payload, event_id=event_id))


# The playbook a worker names in its results (the report repeats it).
PLAYBOOK_VERSION = "generic v1 (sha256 0123456789ab)"


def clause_result(review_id: str, *, round_: int = 0, attempt: int = 0) -> ClauseResult:
    """A worker's result for clause 2.1: two risks, one redline per risk."""
    risks = [
        Risk(
            id=risk_id(review_id, "2.1", 0, 0),
            clause_id="2.1",
            risk_type="unlimited_liability",
            risk_level="high",
            description="The Supplier's liability is not capped.",
            reason="Exposure is unbounded.",
            original_text="The Supplier's liability under this Agreement is unlimited.",
        ),
        Risk(
            id=risk_id(review_id, "2.1", 0, 1),
            clause_id="2.1",
            risk_type="ambiguous_scope",
            risk_level="low",
            description="'under this Agreement' is vague.",
            original_text="under this Agreement",
        ),
    ]
    redlines = [
        Redline(
            id=redline_id(review_id, "2.1", r.id, round_),
            clause_id="2.1",
            risk_id=r.id,
            original_text=r.original_text,
            proposed_text=f"{r.original_text} [capped, round {round_}]",
            round=round_,
        )
        for r in risks
    ]
    return ClauseResult(
        task_id=f"task_{attempt}",
        clause_id="2.1",
        attempt=attempt,
        risks=tuple(risks),
        redlines=tuple(redlines),
        clause_types=("liability",),
        playbook_version=PLAYBOOK_VERSION,
    )


def snapshot(sequence: int, status: str, *states: RedlineState, **extra: Any) -> ReviewUpdated:
    clauses = (
        ClauseProgress(clause_id="1", title="Definitions", depth="quick", state="settled"),
        ClauseProgress(clause_id="2.1", title="Liability", depth="deep", state="awaiting_approval"),
    )
    return ReviewUpdated(sequence=sequence, status=status, clauses=clauses, redlines=states, **extra)


async def review_with_pending_redlines(gw: ServedGateway) -> tuple[str, list[str]]:
    """A submitted review whose clause 2.1 has two redlines awaiting a decision."""
    review_id = (await submit_text(gw))["id"]
    result = clause_result(review_id)
    await publish(gw, Topic.CLAUSE_RESULTS, review_id, result, f"evt_result_{review_id}")

    async def pending() -> list[str]:
        resp = await gw.http.get(f"/v1/reviews/{review_id}/redlines", params={"status": "pending"})
        return [r["id"] for r in resp.json()["data"]]

    ids = await eventually(pending)
    assert sorted(ids) == sorted(r.id for r in result.redlines)
    return review_id, [r.id for r in result.redlines]


MAX_UPLOAD = 64 * 1024


@dataclass
class Gateway:
    """A running gateway and what the tests need to observe it."""

    http: httpx.AsyncClient
    bus: InMemoryBus
    root: Path
    settings: GatewaySettings

    @property
    def db(self) -> Path:
        return self.root / "gateway.db"

    def count_rows(self, table: str) -> int:
        with sqlite3.connect(self.db) as conn:
            return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    def stored_files(self) -> list[Path]:
        return [p for p in (self.root / "documents").rglob("*") if p.is_file()]

    async def events(self, topic: str, *, min_records: int = 0, timeout_s: float = 0.5) -> list[Envelope]:
        records = await self.bus.read_topic(topic, min_records=min_records, timeout_s=timeout_s)
        return [Envelope.from_bytes(r.value) for r in records]


@contextlib.asynccontextmanager
async def running_gateway(
    root: Path, settings_overrides: dict[str, Any] | None = None, **app_kwargs: Any
) -> AsyncIterator[Gateway]:
    """The gateway app served by uvicorn on a free port, with a fresh in-memory bus."""
    bus = InMemoryBus(partitions=2)
    await bus.start()
    settings = sqlite_settings(root, **{"max_upload_bytes": MAX_UPLOAD, **(settings_overrides or {})})
    try:
        async with serve_gateway(settings, bus, **app_kwargs) as http:
            yield Gateway(http, bus, root, settings)
    finally:
        await bus.stop()
