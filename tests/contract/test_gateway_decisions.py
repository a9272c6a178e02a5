"""Decisions on redlines: recorded once, one resume event, refusals that name the redline."""

from __future__ import annotations

import asyncio

from clauseflow_contracts.events import (
    RedlineState,
    ReviewDecisionsSubmitted,
    Topic,
)
from gateway_api_support import (
    Gateway,
    clause_result,
    eventually,
    publish,
    review_with_pending_redlines,
    snapshot,
)

# --- decisions ------------------------------------------------------------------------------------


async def test_decisions_are_recorded_and_emit_one_resume_event(gateway: Gateway) -> None:
    review_id, (first, second) = await review_with_pending_redlines(gateway)
    body = {
        "decisions": [
            {"redline_id": first, "action": "approve"},
            {"redline_id": second, "action": "reject", "feedback": "Cap at the fees paid instead."},
        ],
    }
    resp = await gateway.http.post(f"/v1/reviews/{review_id}/decisions", json=body)
    assert resp.status_code == 202, resp.text
    answer = resp.json()
    # The decider is the key that sent the request (its label; the key id beside it).
    assert answer["decided_by"] == "Test Admin"
    assert answer["decided_by_key_id"].startswith("k_")
    assert [d["action"] for d in answer["decisions"]] == ["approve", "reject"]

    [event] = await gateway.events(Topic.REVIEW_DECISIONS, min_records=1, timeout_s=5)
    resumed = event.open(ReviewDecisionsSubmitted)
    assert event.review_id == review_id
    assert event.tenant_id == "acme"
    assert (resumed.decided_by, resumed.decided_by_key_id) == ("Test Admin", answer["decided_by_key_id"])
    assert resumed.request_id == answer["request_id"]
    assert [(d.redline_id, d.action.value, d.feedback) for d in resumed.decisions] == [
        (first, "approve", ""),
        (second, "reject", "Cap at the fees paid instead."),
    ]

    history = (await gateway.http.get(f"/v1/reviews/{review_id}/decisions")).json()
    assert history["count"] == 2
    assert {(d["decided_by"], d["decided_by_key_id"]) for d in history["data"]} == {
        ("Test Admin", answer["decided_by_key_id"])
    }
    assert {d["request_id"] for d in history["data"]} == {answer["request_id"]}
    assert all(d["decided_at"].endswith(("Z", "+00:00")) for d in history["data"])
    pending = (
        await gateway.http.get(f"/v1/reviews/{review_id}/redlines", params={"status": "pending"})
    ).json()
    assert pending["count"] == 0


async def test_invalid_decisions_record_nothing(gateway: Gateway) -> None:
    review_id, (first, _) = await review_with_pending_redlines(gateway)
    cases = [
        {"decisions": [{"redline_id": first, "action": "edit"}]},
        {"decisions": []},
        {"decisions": [{"redline_id": first, "action": "approve", "note": "x"}]},
    ]
    for body in cases:
        resp = await gateway.http.post(f"/v1/reviews/{review_id}/decisions", json=body)
        assert resp.status_code == 422, body
        assert resp.json()["error"]["message"]
    assert (
        "needs the text"
        in (await gateway.http.post(f"/v1/reviews/{review_id}/decisions", json=cases[0])).json()["error"][
            "message"
        ]
    )
    assert gateway.count_rows("decisions") == 0
    assert await gateway.events(Topic.REVIEW_DECISIONS, timeout_s=0.3) == []


async def test_decision_on_a_redline_that_is_not_pending_is_409_naming_it(gateway: Gateway) -> None:
    review_id, (first, second) = await review_with_pending_redlines(gateway)
    ok = await gateway.http.post(
        f"/v1/reviews/{review_id}/decisions", json={"decisions": [{"redline_id": first, "action": "approve"}]}
    )
    assert ok.status_code == 202
    again = await gateway.http.post(
        f"/v1/reviews/{review_id}/decisions",
        json={
            "decisions": [
                {"redline_id": first, "action": "reject", "feedback": "changed my mind"},
                {"redline_id": second, "action": "approve"},
                {"redline_id": "rl_elsewhere", "action": "approve"},
            ]
        },
    )
    assert again.status_code == 409
    error = again.json()["error"]
    assert error["details"] == {
        "unknown": ["rl_elsewhere"],
        "not_pending": [{"redline_id": first, "status": "approved"}],
    }
    assert first in error["message"] and "rl_elsewhere" in error["message"]
    # Nothing of the refused request was recorded: the second redline is still pending.
    pending = (
        await gateway.http.get(f"/v1/reviews/{review_id}/redlines", params={"status": "pending"})
    ).json()
    assert [r["id"] for r in pending["data"]] == [second]
    assert len(await gateway.events(Topic.REVIEW_DECISIONS, min_records=1, timeout_s=1)) == 1


async def test_repeat_with_the_same_idempotency_key_returns_the_original_answer_and_changes_nothing(
    gateway: Gateway,
) -> None:
    review_id, (first, _) = await review_with_pending_redlines(gateway)
    body = {"decisions": [{"redline_id": first, "action": "edit", "text": "Liability is capped at 100%."}]}
    url = f"/v1/reviews/{review_id}/decisions"
    one = await gateway.http.post(url, json=body, headers={"Idempotency-Key": "req-42"})
    two = await gateway.http.post(url, json=body, headers={"Idempotency-Key": "req-42"})
    three = await gateway.http.post(url, json={**body, "idempotency_key": "req-42"})
    assert one.status_code == two.status_code == three.status_code == 202
    assert one.json() == two.json() == three.json()
    assert two.headers.get("idempotent-replayed") == "true"
    assert gateway.count_rows("decisions") == 1

    await asyncio.sleep(0.5)  # give the relay every chance to publish a duplicate
    events = await gateway.events(Topic.REVIEW_DECISIONS, min_records=1, timeout_s=2)
    assert len(events) == 1

    reused = await gateway.http.post(
        url,
        json={"decisions": [{"redline_id": first, "action": "approve"}]},
        headers={"Idempotency-Key": "req-42"},
    )
    assert reused.status_code == 409
    assert reused.json()["error"]["code"] == "idempotency_key_reused"


async def test_orchestrator_snapshot_is_the_authority_on_redline_status(gateway: Gateway) -> None:
    review_id, (first, second) = await review_with_pending_redlines(gateway)
    await gateway.http.post(
        f"/v1/reviews/{review_id}/decisions",
        json={"decisions": [{"redline_id": second, "action": "reject", "feedback": "too strict"}]},
    )
    # The orchestrator auto-approves the first and confirms the rejection; a redraft then supersedes it.
    states = (
        RedlineState(redline_id=first, clause_id="2.1", status="approved", decided_by="policy:auto_low"),
        RedlineState(redline_id=second, clause_id="2.1", status="rejected"),
    )
    await publish(
        gateway, Topic.REVIEW_UPDATES, review_id, snapshot(1, "awaiting_approval", *states), "evt_s1"
    )
    redraft = clause_result(review_id, round_=1, attempt=1)
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, redraft, "evt_redraft")

    async def statuses() -> dict[str, str] | None:
        data = (await gateway.http.get(f"/v1/reviews/{review_id}/redlines")).json()["data"]
        found = {r["id"]: r["status"] for r in data}
        return (
            found
            if len(found) == 4 and found[second] == "superseded" and found[first] == "approved"
            else None
        )

    found = await eventually(statuses)
    new_ids = {r.id for r in redraft.redlines}
    assert {found[i] for i in new_ids} == {"pending"}
