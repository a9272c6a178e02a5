"""``GET /v1/ops/health``: what an operator must act on is shown until it is handled, not only logged.

Real gateway over HTTP (uvicorn), SQLite read model, in-memory bus: an event that can never be
published is dead-lettered by the real relay, a clause the model could not review arrives in a
real orchestrator snapshot.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import httpx
from clauseflow_contracts.events import (
    MAX_EVENT_BYTES,
    ClauseProgress,
    Envelope,
    EventDeadLettered,
    ReviewRetryRequested,
    Topic,
)
from clauseflow_contracts.review import ClauseState
from clauseflow_gateway.auth.tokens import Role
from clauseflow_gateway.db.engine import create_engine, session_factory
from clauseflow_gateway.db.tables import OutboxRow, ReportedDeadLetterRow
from gateway_api_support import TENANT, eventually, gateway_on_sqlite, publish, snapshot, submit_text
from sqlalchemy import func, select

MODEL_DOWN = "fixed-skill path failed: the LLM endpoint http://model/v1 is unavailable after 4 attempt(s)"


class _Served:
    def __init__(self, http: httpx.AsyncClient, bus: object) -> None:
        self.http, self.bus = http, bus


async def _health(http: httpx.AsyncClient) -> dict[str, Any]:
    resp = await http.get("/v1/ops/health")
    assert resp.status_code == 200, resp.text
    return dict(resp.json())


async def _until(http: httpx.AsyncClient, status: str) -> dict[str, Any]:
    """The health once its status is ``status`` (the relay and the projector work in the background)."""

    async def probe() -> dict[str, Any] | None:
        health = await _health(http)
        return health if health["status"] == status else None

    return await eventually(probe, timeout_s=10)


async def _write_unpublishable_event(root: Path) -> None:
    """An outbox row over the event size limit (as an older gateway could write it), beside the app."""
    payload = ReviewRetryRequested(request_id="huge", requested_by="x" * MAX_EVENT_BYTES)
    event = Envelope.wrap("rev_1", payload, event_id="evt_huge").model_dump_json()
    engine = create_engine(f"sqlite+aiosqlite:///{root / 'gateway.db'}")
    try:
        async with session_factory(engine)() as session, session.begin():
            session.add(OutboxRow(topic=Topic.REVIEW_DECISIONS, key="rev_1", event=event))
    finally:
        await engine.dispose()


async def test_a_healthy_gateway_says_ok_with_nothing_to_act_on(tmp_path: Path) -> None:
    async with gateway_on_sqlite(tmp_path) as (http, bus):
        await submit_text(_Served(http, bus))
        health = await _health(http)
    assert health["status"] == "ok" and health["alerts"] == []
    assert health["outbox"]["dead_lettered"] == 0
    assert health["reviews"]["failed_clauses"] == 0


async def test_a_dead_lettered_event_raises_an_alert_that_names_it(tmp_path: Path) -> None:
    async with gateway_on_sqlite(tmp_path) as (http, _bus):
        await _write_unpublishable_event(tmp_path)

        health = await _until(http, "alert")
    outbox = health["outbox"]
    assert outbox["dead_lettered"] == 1 and outbox["pending"] == 0
    assert "bytes" in outbox["last_dead_letter_error"]
    assert any("dead-lettered" in line for line in health["alerts"])


async def test_an_event_the_orchestrator_dead_lettered_is_shown_once_to_its_tenant(tmp_path: Path) -> None:
    async with gateway_on_sqlite(tmp_path) as (http, bus):
        gw = _Served(http, bus)
        review_id = (await submit_text(gw))["id"]
        report = EventDeadLettered(
            service="orchestrator",
            event_id="evt_snapshot_9",
            event_type="review.updated",
            topic=Topic.REVIEW_UPDATES,
            error="InvalidEvent: event is 1100000 bytes",
        )
        event = Envelope.wrap(review_id, report, event_id="evt_snapshot_9:dead_lettered", tenant_id=TENANT)
        for _ in range(2):  # delivered twice (at least once): one dead letter
            await bus.publish(Topic.REVIEW_UPDATES, review_id, event)

        health = await _until(http, "alert")
        other = Envelope.wrap(
            "rev_elsewhere", report.model_copy(update={"event_id": "evt_9"}), event_id="evt_o"
        )
        await bus.publish(Topic.REVIEW_UPDATES, "rev_elsewhere", other)  # another tenant's review
        await eventually(lambda: _reported(tmp_path, 2), timeout_s=10)
        again = await _health(http)
    orchestrator = health["orchestrator"]
    assert orchestrator["dead_lettered"] == 1 and orchestrator["last_dead_letter_event"] == "review.updated"
    assert "1100000 bytes" in orchestrator["last_dead_letter_error"]
    assert health["outbox"]["dead_lettered"] == 0  # the gateway's own outbox is fine
    assert any("orchestrator event(s)" in line and "1100000 bytes" in line for line in health["alerts"])
    assert again["orchestrator"]["dead_lettered"] == 1  # the other tenant's is not this admin's


async def _reported(root: Path, count: int) -> bool | None:
    """Whether the gateway has kept ``count`` reported dead letters."""
    engine = create_engine(f"sqlite+aiosqlite:///{root / 'gateway.db'}")
    try:
        async with session_factory(engine)() as session:
            kept = await session.scalar(select(func.count()).select_from(ReportedDeadLetterRow))
    finally:
        await engine.dispose()
    return True if kept == count else None


async def test_clauses_that_could_not_be_reviewed_raise_an_alert_until_they_are_retried(
    tmp_path: Path,
) -> None:
    async with gateway_on_sqlite(tmp_path) as (http, bus):
        gw = _Served(http, bus)
        review_id = (await submit_text(gw))["id"]
        failed = ClauseProgress(clause_id="2.1", title="Liability", state="failed", error=MODEL_DOWN)
        done = snapshot(5, "incomplete").model_copy(
            update={"clauses": (snapshot(5, "incomplete").clauses[0], failed), "failure_reason": MODEL_DOWN}
        )
        await publish(gw, Topic.REVIEW_UPDATES, review_id, done, "evt_incomplete")

        health = await _until(http, "alert")
        reviews = health["reviews"]
        assert reviews["failed_clauses"] == 1 and reviews["incomplete"] == 1
        assert reviews["failed_clause_reviews"] == [review_id]
        assert any("could not be reviewed" in line for line in health["alerts"])

        # Reviewed again (a retry): the clause is settled and the alert is gone.
        settled = failed.model_copy(update={"state": ClauseState.SETTLED, "error": ""})
        again = snapshot(6, "completed").model_copy(
            update={"clauses": (snapshot(6, "completed").clauses[0], settled)}
        )
        await publish(gw, Topic.REVIEW_UPDATES, review_id, again, "evt_completed")

        assert (await _until(http, "ok"))["alerts"] == []


async def test_an_admin_counts_its_own_tenants_clauses_and_the_operator_every_tenants(tmp_path: Path) -> None:
    operator = {"Authorization": "Bearer cfk_op_ops_health_test"}
    sha = hashlib.sha256(b"cfk_op_ops_health_test").hexdigest()
    async with gateway_on_sqlite(tmp_path, gateway_operator_key_sha256=sha) as (http, bus):
        gw = _Served(http, bus)
        review_id = (await submit_text(gw))["id"]  # a review of the tenant "acme"
        failed = ClauseProgress(clause_id="2.1", state="failed", error=MODEL_DOWN)
        await publish(
            gw,
            Topic.REVIEW_UPDATES,
            review_id,
            snapshot(5, "incomplete").model_copy(update={"clauses": (failed,)}),
            "evt_x",
        )
        assert (await _until(http, "alert"))["reviews"]["failed_clause_reviews"] == [review_id]
        created = await http.post(
            "/v1/keys", json={"tenant": "globex", "roles": ["admin"], "label": "Globex"}, headers=operator
        )
        assert created.status_code == 201, created.text
        globex = await http.get(
            "/v1/ops/health", headers={"Authorization": f"Bearer {created.json()['token']}"}
        )
        everyone = await http.get("/v1/ops/health", headers=operator)
    assert globex.json()["reviews"]["failed_clauses"] == 0 and globex.json()["status"] == "ok"
    assert everyone.json()["reviews"]["failed_clause_reviews"] == [review_id]


async def test_a_key_without_the_admin_role_is_refused(tmp_path: Path) -> None:
    async with gateway_on_sqlite(tmp_path) as (http, _bus):
        created = await http.post("/v1/keys", json={"roles": [Role.REVIEW.value], "label": "lawyer"})
        assert created.status_code == 201, created.text
        lawyer = {"Authorization": f"Bearer {created.json()['token']}"}
        refused = await http.get("/v1/ops/health", headers=lawyer)
    assert refused.status_code == 403 and "admin" in refused.text
