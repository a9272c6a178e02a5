"""The gateway's read model, event stream, health and OpenAPI, as a client sees them over HTTP."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
from typing import Any

import pytest
from clauseflow_contracts.events import (
    RedlineState,
    Topic,
)
from clauseflow_contracts.review import ReviewPlan
from gateway_api_support import (
    Gateway,
    eventually,
    publish,
    review_with_pending_redlines,
    snapshot,
    submit_text,
)

# --- read model -----------------------------------------------------------------------------------


async def test_read_model_follows_clause_results_and_review_updates(gateway: Gateway) -> None:
    review_id, _ = await review_with_pending_redlines(gateway)
    plan = ReviewPlan(global_strategy="liability first", plan_version=1)
    await publish(
        gateway, Topic.REVIEW_UPDATES, review_id, snapshot(1, "awaiting_approval", plan=plan), "evt_upd_1"
    )

    async def updated() -> dict[str, Any] | None:
        review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
        return review if review["status"] == "awaiting_approval" else None

    review = await eventually(updated)
    assert [c["clause_id"] for c in review["clauses"]] == ["1", "2.1"]
    assert review["clauses"][1]["clause_types"] == ["liability"]
    assert review["progress"] == {
        "clauses_total": 2,
        "clauses_settled": 1,
        "clauses_analyzed": 2,
        "percent": 50.0,
    }
    assert review["risk_counts"] == {"total": 2, "high": 1, "medium": 0, "low": 1}
    assert review["redline_counts"] == {"pending": 2}

    risks = (await gateway.http.get(f"/v1/reviews/{review_id}/risks", params={"level": "high"})).json()
    assert [r["risk_type"] for r in risks["data"]] == ["unlimited_liability"]
    by_type = (
        await gateway.http.get(f"/v1/reviews/{review_id}/risks", params={"type": "ambiguous_scope"})
    ).json()
    assert by_type["count"] == 1
    none = (await gateway.http.get(f"/v1/reviews/{review_id}/risks", params={"clause": "3"})).json()
    assert none["count"] == 0

    plan_view = (await gateway.http.get(f"/v1/reviews/{review_id}/plan")).json()
    assert plan_view["current"]["plan_version"] == 1
    assert plan_view["current"]["rationale"] == "liability first"


async def test_stale_snapshot_does_not_overwrite_a_newer_one(gateway: Gateway) -> None:
    review_id = (await submit_text(gateway))["id"]
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, snapshot(3, "awaiting_approval"), "evt_a")
    # The stale snapshot is the LAST one published. It carries a plan version, which is recorded
    # even from a stale snapshot: seeing it proves the stale snapshot was applied before we look.
    marker = ReviewPlan(global_strategy="stale marker", plan_version=7)
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, snapshot(1, "planning", plan=marker), "evt_b")

    async def marker_recorded() -> bool:
        plan = (await gateway.http.get(f"/v1/reviews/{review_id}/plan")).json()
        return any(v["plan_version"] == 7 for v in plan["versions"])

    await eventually(marker_recorded)
    review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
    assert review["status"] == "awaiting_approval"


async def test_unknown_review_is_404_with_the_error_shape(gateway: Gateway) -> None:
    for path in ("", "/risks", "/redlines", "/plan", "/decisions", "/report", "/events"):
        resp = await gateway.http.get(f"/v1/reviews/rev_nope{path}")
        assert resp.status_code == 404, path
        assert resp.json()["error"]["code"] == "not_found"


async def test_invalid_filter_value_is_a_readable_422(gateway: Gateway) -> None:
    review_id = (await submit_text(gateway))["id"]
    resp = await gateway.http.get(f"/v1/reviews/{review_id}/redlines", params={"status": "maybe"})
    assert resp.status_code == 422
    assert resp.json()["error"]["details"][0]["field"] == "status"


# --- streaming, health, OpenAPI ------------------------------------------------------------------


async def test_event_stream_reports_progress_pending_redlines_and_the_end(gateway: Gateway) -> None:
    review_id, (first, second) = await review_with_pending_redlines(gateway)
    seen: list[tuple[str, dict[str, Any]]] = []

    async def read_stream() -> None:
        async with gateway.http.stream("GET", f"/v1/reviews/{review_id}/events") as resp:
            assert resp.headers["content-type"].startswith("text/event-stream")
            kind = ""
            async for line in resp.aiter_lines():
                if line.startswith("event:"):
                    kind = line.split(":", 1)[1].strip()
                elif line.startswith("data:"):
                    seen.append((kind, json.loads(line.split(":", 1)[1])))
                    if kind == "end":
                        return

    reader = asyncio.create_task(read_stream())
    await eventually(lambda: _ready(len([k for k, _ in seen if k == "redline"]) == 2))
    states = (
        RedlineState(redline_id=first, clause_id="2.1", status="approved"),
        RedlineState(redline_id=second, clause_id="2.1", status="approved"),
    )
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, snapshot(1, "completed", *states), "evt_end")
    await asyncio.wait_for(reader, timeout=5)
    kinds = [k for k, _ in seen]
    assert kinds[0] == "progress" and kinds[-1] == "end"
    assert {d["id"] for k, d in seen if k == "redline"} == {first, second}
    assert seen[-1][1]["status"] == "completed"


async def test_clients_leaving_the_event_stream_leave_no_database_work_behind(
    gateway: Gateway, caplog: pytest.LogCaptureFixture
) -> None:
    """A desk tab closed mid-poll: the read in flight finishes and its connection goes back to the
    pool, so the log never says a database close was abandoned ("Task was destroyed")."""
    review_id, _ = await review_with_pending_redlines(gateway)
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        for _ in range(5):
            async with gateway.http.stream("GET", f"/v1/reviews/{review_id}/events") as resp:
                async for line in resp.aiter_lines():
                    if line.startswith("event:"):
                        break  # leave while the server reads the redlines of that poll
        await asyncio.sleep(0.5)
        gc.collect()  # an abandoned close shows when its connection is collected
    assert [r.getMessage() for r in caplog.records if r.name == "asyncio"] == []
    assert (await gateway.http.get(f"/v1/reviews/{review_id}")).status_code == 200


async def _ready(value: bool) -> bool:
    return value


async def test_health_readiness_and_openapi_are_served(gateway: Gateway) -> None:
    assert (await gateway.http.get("/healthz")).json()["status"] == "ok"
    ready = await gateway.http.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["checks"] == {"consumer": "ok", "database": "ok"}
    spec = (await gateway.http.get("/openapi.json")).json()
    assert "/v1/reviews/{review_id}/decisions" in spec["paths"]
    body = spec["paths"]["/v1/reviews"]["post"]["requestBody"]["content"]
    assert set(body) == {"application/json", "multipart/form-data"}
    assert "ReviewCreate" in spec["components"]["schemas"]
    assert "DecisionsCreate" in spec["components"]["schemas"]
