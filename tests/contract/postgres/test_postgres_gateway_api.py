"""The gateway's HTTP API with its read model in a real PostgreSQL database.

Same contract as ``tests/contract/test_gateway_*.py`` (uvicorn on a free port, in-memory
bus, the test publishing what the orchestrator and workers would), but
``GATEWAY_DATABASE_URL`` points at PostgreSQL.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from clauseflow_contracts.events import (
    Envelope,
    RedlineState,
    ReviewDecisionsSubmitted,
    ReviewRequested,
    Topic,
)
from clauseflow_contracts.review import ReviewPlan
from clauseflow_gateway.settings import GatewaySettings
from clauseflow_platform.bus.memory import InMemoryBus
from gateway_api_support import (
    CONTRACT,
    eventually,
    publish,
    review_with_pending_redlines,
    serve_gateway,
    snapshot,
    submit_text,
)
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

pytestmark = pytest.mark.postgres


@dataclass
class Gateway:
    """A running gateway on PostgreSQL and what the tests need to observe it."""

    http: httpx.AsyncClient
    bus: InMemoryBus
    db: AsyncEngine

    async def count_rows(self, table: str) -> int:
        async with self.db.connect() as conn:
            return int(await conn.scalar(text(f"SELECT COUNT(*) FROM {table}")) or 0)

    async def events(self, topic: str, *, min_records: int = 0, timeout_s: float = 0.5) -> list[Envelope]:
        records = await self.bus.read_topic(topic, min_records=min_records, timeout_s=timeout_s)
        return [Envelope.from_bytes(r.value) for r in records]


@pytest.fixture
async def gateway(tmp_path: Path, postgres_url: str) -> AsyncIterator[Gateway]:
    """The gateway app served by uvicorn on a free port, its read model in a fresh PostgreSQL database."""
    bus = InMemoryBus(partitions=2)
    await bus.start()
    settings = GatewaySettings(
        gateway_database_url=postgres_url,
        document_store_dir=tmp_path / "documents",
        bus_kind="memory",
        outbox_poll_s=0.1,
        sse_poll_s=0.05,
    )
    db = create_async_engine(postgres_url)
    try:
        async with serve_gateway(settings, bus) as http:
            yield Gateway(http, bus, db)
    finally:
        await db.dispose()
        await bus.stop()


async def submit(gw: Gateway) -> str:
    return str((await submit_text(gw))["id"])


async def test_submission_is_recorded_in_postgres_and_requested_on_the_bus(gateway: Gateway) -> None:
    review_id = await submit(gateway)
    [event] = await gateway.events(Topic.REVIEW_REQUESTED, min_records=1, timeout_s=5)
    assert event.review_id == review_id
    assert event.open(ReviewRequested).our_party == "Supplier"
    review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
    assert (review["status"], review["our_party"]) == ("received", "Supplier")
    assert await gateway.count_rows("reviews") == 1
    assert (await gateway.http.get("/readyz")).json()["checks"]["database"] == "ok"


async def test_a_refused_submission_leaves_no_row_in_postgres(gateway: Gateway) -> None:
    resp = await gateway.http.post("/v1/reviews", json={"text": CONTRACT, "our_party": "  "})
    assert resp.status_code == 422
    assert await gateway.count_rows("reviews") == 0
    assert await gateway.count_rows("outbox") == 0


async def test_read_model_in_postgres_follows_results_and_snapshots(gateway: Gateway) -> None:
    review_id, _ = await review_with_pending_redlines(gateway)
    plan = ReviewPlan(global_strategy="liability first", plan_version=1)
    await publish(
        gateway, Topic.REVIEW_UPDATES, review_id, snapshot(2, "awaiting_approval", plan=plan), "evt_2"
    )
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, snapshot(1, "planning"), "evt_1")  # stale

    async def updated() -> dict[str, Any] | None:
        review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
        return review if review["status"] == "awaiting_approval" else None

    review = await eventually(updated)
    await asyncio.sleep(0.2)  # the stale snapshot has had its chance to overwrite
    review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
    assert review["status"] == "awaiting_approval"
    assert [c["clause_id"] for c in review["clauses"]] == ["1", "2.1"]
    assert review["clauses"][1]["clause_types"] == ["liability"]
    assert review["risk_counts"] == {"total": 2, "high": 1, "medium": 0, "low": 1}
    high = (await gateway.http.get(f"/v1/reviews/{review_id}/risks", params={"level": "high"})).json()
    assert [r["risk_type"] for r in high["data"]] == ["unlimited_liability"]
    plan_view = (await gateway.http.get(f"/v1/reviews/{review_id}/plan")).json()
    assert plan_view["current"]["plan_version"] == 1


async def test_decisions_with_a_repeated_idempotency_key_are_recorded_once(gateway: Gateway) -> None:
    review_id, (first, second) = await review_with_pending_redlines(gateway)
    body = {"decisions": [{"redline_id": first, "action": "edit", "text": "Liability is capped at 100%."}]}
    url = f"/v1/reviews/{review_id}/decisions"
    one = await gateway.http.post(url, json=body, headers={"Idempotency-Key": "req-42"})
    two = await gateway.http.post(url, json=body, headers={"Idempotency-Key": "req-42"})
    assert one.status_code == two.status_code == 202, one.text
    assert one.json() == two.json()
    assert two.headers.get("idempotent-replayed") == "true"
    assert await gateway.count_rows("decisions") == 1

    reused = await gateway.http.post(
        url,
        json={"decisions": [{"redline_id": second, "action": "approve"}]},
        headers={"Idempotency-Key": "req-42"},
    )
    assert reused.status_code == 409 and reused.json()["error"]["code"] == "idempotency_key_reused"
    not_pending = await gateway.http.post(
        url, json={"decisions": [{"redline_id": first, "action": "approve"}]}
    )
    assert not_pending.status_code == 409
    assert not_pending.json()["error"]["details"]["not_pending"] == [
        {"redline_id": first, "status": "edited"}
    ]

    await asyncio.sleep(0.3)  # give the relay every chance to publish a duplicate
    [event] = await gateway.events(Topic.REVIEW_DECISIONS, min_records=1, timeout_s=2)
    resumed = event.open(ReviewDecisionsSubmitted)
    assert resumed.request_id == one.json()["request_id"]
    assert [(d.redline_id, d.action.value) for d in resumed.decisions] == [(first, "edit")]
    history = (await gateway.http.get(url)).json()
    assert history["count"] == 1 and history["data"][0]["decided_at"].endswith(("Z", "+00:00"))


async def test_report_of_a_completed_review_is_read_from_postgres(gateway: Gateway) -> None:
    review_id, (first, second) = await review_with_pending_redlines(gateway)
    decided = await gateway.http.post(
        f"/v1/reviews/{review_id}/decisions",
        json={
            "decisions": [
                {"redline_id": first, "action": "approve"},
                {"redline_id": second, "action": "reject", "feedback": "not needed"},
            ]
        },
    )
    assert decided.status_code == 202, decided.text
    states = (
        RedlineState(redline_id=first, clause_id="2.1", status="approved"),
        RedlineState(redline_id=second, clause_id="2.1", status="rejected"),
    )
    done = snapshot(9, "completed", *states, summary="One high risk, capped.")
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, done, "evt_done")

    async def completed() -> bool:
        return (await gateway.http.get(f"/v1/reviews/{review_id}")).json()["status"] == "completed"

    await eventually(completed)
    report = (await gateway.http.get(f"/v1/reviews/{review_id}/report")).json()
    assert (report["review_id"], report["status"], report["summary"]) == (
        review_id,
        "completed",
        "One high risk, capped.",
    )
    assert [r["id"] for r in report["redlines"]] == [first]
    assert len(report["risks"]) == 2
    markdown = await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "md"})
    assert markdown.text.startswith("# Contract review report") and "unlimited_liability" in markdown.text


async def test_keys_tenants_and_the_decider_on_postgresql(gateway: Gateway) -> None:
    """Keys live in PostgreSQL too: hashed, revocable, scoped to a tenant; the decider is the key."""
    review_id, (first, _) = await review_with_pending_redlines(gateway)
    created = await gateway.http.post("/v1/keys", json={"roles": ["review"], "label": "Jane Doe"})
    assert created.status_code == 201
    key = created.json()
    jane = {"Authorization": f"Bearer {key['token']}"}
    body = {"decisions": [{"redline_id": first, "action": "approve"}], "decided_by": "someone else"}
    decided = await gateway.http.post(f"/v1/reviews/{review_id}/decisions", json=body, headers=jane)
    assert (decided.json()["decided_by"], decided.json()["decided_by_key_id"]) == ("Jane Doe", key["id"])
    async with gateway.db.connect() as conn:
        stored = await conn.scalar(
            text("SELECT token_sha256 FROM api_keys WHERE id = :id"), {"id": key["id"]}
        )
        tenant = await conn.scalar(text("SELECT tenant FROM reviews WHERE id = :id"), {"id": review_id})
    assert stored != key["token"] and len(stored) == 64
    assert tenant == "acme"
    assert (await gateway.http.delete(f"/v1/keys/{key['id']}")).status_code == 200
    assert (await gateway.http.get(f"/v1/reviews/{review_id}", headers=jane)).status_code == 401
