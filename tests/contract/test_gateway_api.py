"""The gateway's public HTTP contract, served by uvicorn on a free port with the in-memory bus.

Every test talks HTTP to a real server; events are read from and published to
the bus exactly as the orchestrator and workers would.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import io
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from clauseflow_contracts.events import (
    ClauseProgress,
    ClauseResult,
    Envelope,
    RedlineState,
    ReviewDecisionsSubmitted,
    ReviewRequested,
    ReviewRetryRequested,
    ReviewUpdated,
    Topic,
)
from clauseflow_contracts.ids import redline_id, risk_id
from clauseflow_contracts.review import Redline, ReviewPlan, Risk
from clauseflow_documents import DocumentStore
from clauseflow_gateway.report_model import published_schema
from clauseflow_gateway.settings import GatewaySettings
from clauseflow_platform.bus.memory import InMemoryBus
from clauseflow_testkit.hostile_readers import read_forever
from gateway_api_support import (
    CONTRACT,
    PLAYBOOK_VERSION,
    clause_result,
    eventually,
    publish,
    review_with_pending_redlines,
    serve_gateway,
    snapshot,
    submit_text,
)
from ooxml_walker import comments, read
from report_schema_check import assert_valid_report

MAX_UPLOAD = 64 * 1024
PC = """PARTICULAR CONDITIONS

1. General Provisions
Sub-Clause 1.1 is amended: the Engineer means the person named in the Contract Data.
"""


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
    values: dict[str, Any] = {
        "gateway_database_url": f"sqlite+aiosqlite:///{root / 'gateway.db'}",
        "document_store_dir": root / "documents",
        "bus_kind": "memory",
        "max_upload_bytes": MAX_UPLOAD,
        "outbox_poll_s": 0.1,
        "sse_poll_s": 0.05,
    }
    settings = GatewaySettings(**{**values, **(settings_overrides or {})})
    try:
        async with serve_gateway(settings, bus, **app_kwargs) as http:
            yield Gateway(http, bus, root, settings)
    finally:
        await bus.stop()


@pytest.fixture
async def gateway(tmp_path: Path) -> AsyncIterator[Gateway]:
    async with running_gateway(tmp_path) as gw:
        yield gw


# --- submission ---------------------------------------------------------------------------------


async def test_json_submission_is_stored_recorded_and_requested_on_the_bus(gateway: Gateway) -> None:
    resp = await gateway.http.post(
        "/v1/reviews",
        json={"text": CONTRACT, "our_party": "Supplier", "language": "en", "domain": "generic"},
    )
    assert resp.status_code == 202
    accepted = resp.json()
    review_id = accepted["id"]
    assert resp.headers["location"] == f"/v1/reviews/{review_id}"
    assert accepted["status"] == "received"
    assert accepted["clauses_found"] >= 3
    assert accepted["links"]["report"] == f"/v1/reviews/{review_id}/report"

    [event] = await gateway.events(Topic.REVIEW_REQUESTED, min_records=1, timeout_s=5)
    requested = event.open(ReviewRequested)
    assert event.review_id == review_id
    assert (requested.our_party, requested.language.value, requested.domain.value) == (
        "Supplier",
        "en",
        "generic",
    )
    structure = DocumentStore(gateway.root / "documents").get_structure(requested.documents.primary)
    assert any(c.clause_id == "2.1" for c in structure.clauses)

    review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
    assert review["status"] == "received"
    assert review["our_party"] == "Supplier"


async def test_multipart_submission_carries_particular_conditions_and_references(gateway: Gateway) -> None:
    files = [
        ("file", ("contract.txt", CONTRACT.encode(), "text/plain")),
        ("pc_file", ("pc.md", PC.encode(), "text/markdown")),
        ("reference_files", ("er.txt", b"1. Scope\nThe Works comprise a bridge.\n", "text/plain")),
    ]
    data = {"our_party": "Contractor", "domain": "auto", "approval_policy": "auto"}
    resp = await gateway.http.post("/v1/reviews", files=files, data=data)
    assert resp.status_code == 202, resp.text
    accepted = resp.json()
    assert (accepted["domain"], accepted["domain_detected"]) == ("fidic", True)
    assert accepted["language"] == "en"

    [event] = await gateway.events(Topic.REVIEW_REQUESTED, min_records=1, timeout_s=5)
    requested = event.open(ReviewRequested)
    assert requested.documents.particular_conditions is not None
    assert len(requested.documents.references) == 1
    assert requested.options.approval_policy.value == "auto"


FIDIC_GC = """GENERAL CONDITIONS

4. The Contractor

4.2 Performance Security
The Contractor shall obtain a Performance Security of 10% of the Accepted Contract Amount.

20. Claims

20.1 Contractor's Claims
The Contractor shall give notice to the Engineer not later than 28 days after becoming aware of the event.

20.3 Records
The Contractor shall keep contemporary records.
"""
FIDIC_PC = """PARTICULAR CONDITIONS

20. Claims

20.1 Contractor's Claims
Delete "28 days" and substitute "14 days".

20.3 Records
Delete the Sub-Clause.
"""


async def test_particular_conditions_are_merged_into_the_reviewed_contract(gateway: Gateway) -> None:
    files = [
        ("file", ("gc.txt", FIDIC_GC.encode(), "text/plain")),
        ("pc_file", ("pc.txt", FIDIC_PC.encode(), "text/plain")),
        ("reference_files", ("er.txt", b"1. Scope\nThe Works comprise a bridge.\n", "text/plain")),
    ]
    resp = await gateway.http.post("/v1/reviews", files=files, data={"our_party": "Contractor"})
    assert resp.status_code == 202, resp.text
    assert any("20.3 is deleted" in w for w in resp.json()["warnings"])

    [event] = await gateway.events(Topic.REVIEW_REQUESTED, min_records=1, timeout_s=5)
    docs = event.open(ReviewRequested).documents
    store = DocumentStore(gateway.root / "documents")
    gc_id, pc_id = docs.general_conditions, docs.particular_conditions
    assert gc_id is not None and pc_id is not None
    assert docs.primary not in (gc_id, pc_id)
    assert len(docs.references) == 1 and gc_id not in docs.references
    # The originals are kept as uploaded; the primary is the GC as the PC amends it.
    assert store.get_original(gc_id)[0] == FIDIC_GC.encode()
    assert store.get_original(pc_id)[0] == FIDIC_PC.encode()
    merged = store.get_structure(docs.primary)
    assert merged.document_id == docs.primary
    amended = merged.get("20.1")  # exactly what a worker reviewing 20.1 is given
    assert amended.provenance == "amended"
    assert "14 days" in amended.text and "28 days" not in amended.text
    assert merged.text[amended.start : amended.end] == amended.text
    assert merged.get("4.2").provenance == "gc"
    assert not merged.has("20.3")
    assert "28 days" in store.get_structure(gc_id).get("20.1").text


async def test_general_and_particular_conditions_printed_in_one_file_are_merged_as_if_uploaded_apart(
    gateway: Gateway,
) -> None:
    # One file: the General Conditions as a Part, then the Particular Conditions amending them.
    together = "CONTRACT FOR WORKS\nPART ONE - " + FIDIC_GC + "PART TWO - " + FIDIC_PC
    files = [("file", ("contract.txt", together.encode(), "text/plain"))]
    resp = await gateway.http.post("/v1/reviews", files=files, data={"our_party": "Contractor"})
    assert resp.status_code == 202, resp.text

    [event] = await gateway.events(Topic.REVIEW_REQUESTED, min_records=1, timeout_s=5)
    docs = event.open(ReviewRequested).documents
    store = DocumentStore(gateway.root / "documents")
    gc_id, pc_id = docs.general_conditions, docs.particular_conditions
    assert gc_id is not None and pc_id is not None
    # the two parts are the upload, split at the Particular Conditions' heading: nothing is lost
    gc_text, pc_text = store.get_original(gc_id)[0].decode(), store.get_original(pc_id)[0].decode()
    assert gc_text + pc_text == together and pc_text.startswith("PART TWO - PARTICULAR CONDITIONS")
    merged = store.get_structure(docs.primary)
    amended = merged.get("20.1")
    assert amended.provenance == "amended"
    assert "14 days" in amended.text and "28 days" not in amended.text
    assert not merged.has("20.3")
    assert resp.json()["clauses_found"] == len(merged.clauses)


def _docx(paragraphs: list[str]) -> bytes:
    import docx

    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


async def test_word_upload_is_read_into_clauses(gateway: Gateway) -> None:
    content = _docx(
        ["SUPPLY AGREEMENT", "1. Liability", "The Supplier's liability is unlimited.", "2. Term", "One year."]
    )
    files = {"file": ("supply.docx", content, "application/octet-stream")}
    resp = await gateway.http.post(
        "/v1/reviews", files=files, data={"our_party": "Supplier", "domain": "generic"}
    )
    assert resp.status_code == 202, resp.text
    assert resp.json()["clauses_found"] >= 2


async def test_findings_language_defaults_to_the_documents_language(gateway: Gateway) -> None:
    text = "设备采购合同\n\n第一条 责任\n卖方的责任不设上限。\n\n第二条 付款\n买方应在三十日内付款。\n"
    resp = await gateway.http.post("/v1/reviews", json={"text": text, "our_party": "买方"})
    assert resp.status_code == 202, resp.text
    assert resp.json()["language"] == "zh-CN"


BAD_SUBMISSIONS: list[tuple[str, dict[str, Any], int, str]] = [
    ("empty body", {"content": b"", "headers": {"content-type": "application/json"}}, 400, "empty_body"),
    (
        "empty file",
        {"files": {"file": ("c.txt", b"", "text/plain")}, "data": {"our_party": "A"}},
        422,
        "empty",
    ),
    (
        "unsupported file type",
        {"files": {"file": ("c.exe", b"MZ\x90\x00", "application/octet-stream")}, "data": {"our_party": "A"}},
        415,
        "unsupported_file_type",
    ),
    (
        "oversize file",
        {
            "files": {"file": ("c.txt", b"1. Term.\n" * (MAX_UPLOAD // 9 + 1), "text/plain")},
            "data": {"our_party": "A"},
        },
        413,
        "payload_too_large",
    ),
    (
        "missing party",
        {"files": {"file": ("c.txt", CONTRACT.encode(), "text/plain")}},
        422,
        "validation_error",
    ),
    ("blank party", {"json": {"text": CONTRACT, "our_party": "  "}}, 422, "validation_error"),
    (
        "bad language",
        {"json": {"text": CONTRACT, "our_party": "A", "language": "fr"}},
        422,
        "validation_error",
    ),
    ("bad domain", {"json": {"text": CONTRACT, "our_party": "A", "domain": "tax"}}, 422, "validation_error"),
    (
        "missing file",
        {"data": {"our_party": "A"}, "files": {"other": ("x.txt", b"x", "text/plain")}},
        422,
        "validation_error",
    ),
    (
        "text/plain body",
        {"content": CONTRACT.encode(), "headers": {"content-type": "text/plain"}},
        415,
        "media",
    ),
    (
        "corrupt docx",
        {
            "files": {"file": ("c.docx", b"this is not a zip", "application/octet-stream")},
            "data": {"our_party": "A"},
        },
        422,
        "document_error",
    ),
]


@pytest.mark.parametrize(
    ("case", "request_kwargs", "status", "code"), BAD_SUBMISSIONS, ids=[c[0] for c in BAD_SUBMISSIONS]
)
async def test_bad_submission_is_refused_clearly_without_event_or_stored_state(
    gateway: Gateway, case: str, request_kwargs: dict[str, Any], status: int, code: str
) -> None:
    resp = await gateway.http.post("/v1/reviews", **request_kwargs)
    assert resp.status_code == status, resp.text
    error = resp.json()["error"]
    assert code in error["code"]
    assert error["message"] and "Traceback" not in resp.text
    assert await gateway.events(Topic.REVIEW_REQUESTED, timeout_s=0.3) == []
    assert gateway.stored_files() == []
    assert gateway.count_rows("reviews") == 0
    assert gateway.count_rows("outbox") == 0


class FailingStore(DocumentStore):
    """A document store whose disk is full."""

    def put_original(self, content: bytes, filename: str) -> str:
        raise OSError("No space left on device")


async def test_unexpected_failure_is_a_generic_500_without_details_or_state(tmp_path: Path) -> None:
    async with running_gateway(tmp_path, store=FailingStore(tmp_path / "documents")) as gw:
        resp = await gw.http.post("/v1/reviews", json={"text": CONTRACT, "our_party": "Supplier"})
        assert resp.status_code == 500
        assert resp.json() == {
            "error": {"code": "internal_error", "message": "an unexpected error occurred; it has been logged"}
        }
        assert await gw.events(Topic.REVIEW_REQUESTED, timeout_s=0.3) == []
        assert gw.count_rows("reviews") == 0


async def test_a_document_that_cannot_be_read_in_time_is_refused_and_its_reader_stopped(
    tmp_path: Path,
) -> None:
    pid_file = tmp_path / "reader.pid"
    async with running_gateway(tmp_path, {"parse_timeout_s": 1.0}, parser=read_forever) as gw:
        resp = await gw.http.post(
            "/v1/reviews",
            data={"our_party": "Supplier"},
            files={"file": ("layout-loop.pdf", str(pid_file).encode(), "application/pdf")},
        )
        assert resp.status_code == 422, resp.text
        error = resp.json()["error"]
        assert error["code"] == "document_timeout"
        assert "layout-loop.pdf" in error["message"] and "longer than 1s" in error["message"]
        assert await gw.events(Topic.REVIEW_REQUESTED, timeout_s=0.3) == []
        assert gw.stored_files() == []
        assert gw.count_rows("reviews") == 0
        assert (await gw.http.get("/readyz")).status_code == 200
        pid = int(pid_file.read_text())
        assert pid != os.getpid()

        async def reader_gone() -> bool:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
            return False

        await eventually(reader_gone, timeout_s=3.0)


async def test_missing_party_message_names_the_field(gateway: Gateway) -> None:
    resp = await gateway.http.post("/v1/reviews", files={"file": ("c.txt", CONTRACT.encode(), "text/plain")})
    error = resp.json()["error"]
    assert "our_party" in error["message"]
    assert error["details"][0]["field"] == "our_party"


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


# --- report -------------------------------------------------------------------------------------


async def completed_review(gw: Gateway) -> tuple[str, str, str]:
    review_id, (first, second) = await review_with_pending_redlines(gw)
    await gw.http.post(
        f"/v1/reviews/{review_id}/decisions",
        json={
            "decisions": [
                {"redline_id": first, "action": "approve"},
                {"redline_id": second, "action": "reject", "feedback": "not needed"},
            ]
        },
    )
    states = (
        RedlineState(redline_id=first, clause_id="2.1", status="approved"),
        RedlineState(redline_id=second, clause_id="2.1", status="rejected"),
    )
    done = snapshot(9, "completed", *states, summary="One high risk, capped.")
    await publish(gw, Topic.REVIEW_UPDATES, review_id, done, "evt_done")

    async def completed() -> bool:
        return (await gw.http.get(f"/v1/reviews/{review_id}")).json()["status"] == "completed"

    await eventually(completed)
    return review_id, first, second


async def test_report_json_has_the_public_contract_fields(gateway: Gateway) -> None:
    review_id, first, _ = await completed_review(gateway)
    resp = await gateway.http.get(f"/v1/reviews/{review_id}/report")
    assert resp.status_code == 200
    assert resp.headers["content-type"].startswith("application/json")
    report = resp.json()
    assert {
        "review_id",
        "status",
        "our_party",
        "language",
        "domain",
        "clauses",
        "risks",
        "redlines",
        "summary",
    } <= set(report)
    assert (report["review_id"], report["status"], report["our_party"]) == (
        review_id,
        "completed",
        "Supplier",
    )
    assert {"clause_id", "title", "depth", "state", "clause_types"} <= set(report["clauses"][0])
    assert {"id", "clause_id", "risk_type", "risk_level", "description", "reason", "original_text"} <= set(
        report["risks"][0]
    )
    assert [r["id"] for r in report["redlines"]] == [first]
    assert {"id", "clause_id", "risk_id", "original_text", "proposed_text", "status"} <= set(
        report["redlines"][0]
    )
    assert report["summary"] == "One high risk, capped."


async def test_report_says_where_it_came_from_and_meets_its_published_schema(gateway: Gateway) -> None:
    review_id, _, _ = await completed_review(gateway)
    report = (await gateway.http.get(f"/v1/reviews/{review_id}/report")).json()
    assert_valid_report(report)
    [source] = report["source"]
    assert source["role"] == "contract" and source["filename"].endswith(".txt")
    stored = [p.read_bytes() for p in gateway.stored_files() if p.suffix == ".bin"]
    assert source["sha256"] in {hashlib.sha256(b).hexdigest() for b in stored}  # the bytes reviewed
    assert report["model"] == gateway.settings.llm_model
    assert report["playbook_version"] == PLAYBOOK_VERSION  # as the workers' results named it
    assert report["generated_at"] and report["schema_version"]
    schema = await gateway.http.get("/schemas/report.json")
    assert schema.status_code == 200 and schema.headers["content-type"].startswith("application/schema+json")
    assert schema.json() == published_schema()
    assert schema.json()["$id"].endswith(f"v={report['schema_version']}")


async def test_report_names_the_models_the_workers_used_a_list_if_several(gateway: Gateway) -> None:
    # Distributed: the workers' LLM_MODEL is theirs, not the gateway's setting.
    review_id = (await submit_text(gateway))["id"]
    first = clause_result(review_id).model_copy(update={"model": "worker-model-a"})
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, first, "evt_model_a")

    async def model_named() -> Any:
        report = (await gateway.http.get(f"/v1/reviews/{review_id}/report")).json()
        return report["model"] if report["model"] != gateway.settings.llm_model else None

    assert await eventually(model_named) == "worker-model-a"
    second = ClauseResult(task_id="task_clause_1", clause_id="1", model="worker-model-b")
    again = ClauseResult(task_id="task_clause_1_again", clause_id="1", model="worker-model-a")
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, second, "evt_model_b")
    await publish(gateway, Topic.CLAUSE_RESULTS, review_id, again, "evt_model_a_again")

    async def both_named() -> Any:
        report = (await gateway.http.get(f"/v1/reviews/{review_id}/report")).json()
        return report if isinstance(report["model"], list) else None

    report = await eventually(both_named)
    assert report["model"] == ["worker-model-a", "worker-model-b"]  # each once, in order of first review
    assert_valid_report(report)
    md = (await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "md"})).text
    assert "`worker-model-a`, `worker-model-b`" in md


LIABILITY = "The Supplier's liability under this Agreement is unlimited."
CAPPED = LIABILITY.replace(
    "is unlimited", "shall not exceed the fees paid in the preceding twelve (12) months"
)
NO_INDIRECT = ", save that the Supplier is not liable for indirect loss."


def _one_risk_result(review_id: str, task_id: str, index: int, risk_type: str, proposed: str) -> ClauseResult:
    """A task's result for clause 2.1: one risk of the liability sentence and its redline."""
    risk = Risk(
        id=risk_id(review_id, "2.1", index, 0),
        clause_id="2.1",
        risk_type=risk_type,
        risk_level="high",
        description=risk_type.replace("_", " "),
        original_text=LIABILITY,
    )
    redline = Redline(
        id=redline_id(review_id, "2.1", risk.id, 0),
        clause_id="2.1",
        risk_id=risk.id,
        original_text=LIABILITY,
        proposed_text=proposed,
    )
    return ClauseResult(
        task_id=task_id, clause_id="2.1", attempt=index, risks=(risk,), redlines=(redline,), model="m"
    )


async def test_a_clause_with_two_risks_from_two_tasks_exports_as_one_coherent_text(gateway: Gateway) -> None:
    # Two tasks each quote the whole sentence: one caps the liability, one excludes indirect loss.
    review_id = (await submit_text(gateway))["id"]
    first = _one_risk_result(review_id, "task_cap", 0, "uncapped_liability", CAPPED)
    second = _one_risk_result(
        review_id, "task_indirect", 1, "consequential_loss", LIABILITY[:-1] + NO_INDIRECT
    )
    for n, result in enumerate((first, second)):
        await publish(gateway, Topic.CLAUSE_RESULTS, review_id, result, f"evt_two_tasks_{n}")
    ids = [first.redlines[0].id, second.redlines[0].id]

    async def both_pending() -> bool:
        resp = await gateway.http.get(f"/v1/reviews/{review_id}/redlines", params={"status": "pending"})
        return sorted(r["id"] for r in resp.json()["data"]) == sorted(ids)

    await eventually(both_pending)
    decided = await gateway.http.post(
        f"/v1/reviews/{review_id}/decisions",
        json={"decisions": [{"redline_id": i, "action": "approve"} for i in ids]},
    )
    assert decided.status_code in (200, 202)
    states = [RedlineState(redline_id=i, clause_id="2.1", status="approved") for i in ids]
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, snapshot(9, "completed", *states), "evt_done_2")

    async def exported() -> bytes | None:
        resp = await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "docx"})
        return resp.content if resp.status_code == 200 and read(resp.content, "as_is").revisions else None

    docx = await eventually(exported)
    accepted = read(docx, "accept").text
    both = CAPPED[:-1] + NO_INDIRECT
    assert both in accepted and accepted.count("Supplier's liability") == 1  # both changes, one sentence
    assert LIABILITY in read(docx, "reject").text
    notes = [text for _, text in comments(docx).values()]
    assert len(notes) == 2 and not any("not shown as a tracked change" in n for n in notes)


async def test_report_markdown_by_query_or_accept_header(gateway: Gateway) -> None:
    review_id, _, _ = await completed_review(gateway)
    by_query = await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "md"})
    by_accept = await gateway.http.get(f"/v1/reviews/{review_id}/report", headers={"accept": "text/markdown"})
    assert by_query.headers["content-type"].startswith("text/markdown")

    def without_time(md: str) -> str:  # each report states when it was generated
        return "\n".join(line for line in md.splitlines() if not line.startswith("- Generated:"))

    assert without_time(by_query.text) == without_time(by_accept.text)
    assert by_query.text.startswith("# Contract review report")
    assert "unlimited_liability" in by_query.text
    bad = await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "pdf"})
    assert bad.status_code == 422


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


# --- failed clauses and retry -----------------------------------------------------------------------


async def test_an_incomplete_review_says_so_and_retry_sends_one_event_for_its_failed_clauses(
    gateway: Gateway,
) -> None:
    review_id = (await submit_text(gateway))["id"]
    error = "fixed-skill path failed: the LLM endpoint is unavailable after 4 attempt(s)"
    clauses = (
        ClauseProgress(clause_id="1", title="Definitions", state="settled", position=0),
        ClauseProgress(clause_id="2.1", title="Liability", state="failed", position=1, error=error),
    )
    incomplete = ReviewUpdated(
        sequence=5,
        status="incomplete",
        clauses=clauses,
        failure_reason=f"1 clause(s) could not be reviewed (2.1): {error}",
    )
    await publish(gateway, Topic.REVIEW_UPDATES, review_id, incomplete, "evt_incomplete")

    async def ended() -> dict[str, Any] | None:
        review = (await gateway.http.get(f"/v1/reviews/{review_id}")).json()
        return review if review["status"] == "incomplete" else None

    review = await eventually(ended)
    assert [(c["clause_id"], c["state"], c["error"]) for c in review["clauses"]][1] == (
        "2.1",
        "failed",
        error,
    )
    report = (await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "json"})).json()
    assert report["failed_clauses"] == [{"clause_id": "2.1", "title": "Liability", "error": error}]
    md = (await gateway.http.get(f"/v1/reviews/{review_id}/report", params={"format": "md"})).text
    assert "INCOMPLETE: 1 clause(s) were not reviewed" in md.split("## ", 1)[0]

    resp = await gateway.http.post(f"/v1/reviews/{review_id}/retry")
    assert resp.status_code == 202, resp.text
    assert resp.json()["clauses"] == ["2.1"]
    [event] = await gateway.events(Topic.REVIEW_DECISIONS, min_records=1, timeout_s=5)
    retry = event.open(ReviewRetryRequested)
    assert (event.review_id, retry.request_id) == (review_id, resp.json()["request_id"])
    assert (await gateway.http.get(f"/v1/reviews/{review_id}")).json()["status"] == "reviewing"


async def test_retry_of_a_review_without_failed_clauses_is_a_409_and_sends_nothing(gateway: Gateway) -> None:
    review_id = (await submit_text(gateway))["id"]
    resp = await gateway.http.post(f"/v1/reviews/{review_id}/retry")
    assert resp.status_code == 409
    assert "nothing to retry" in resp.json()["error"]["message"]
    assert (await gateway.http.post("/v1/reviews/rev_nope/retry")).status_code == 404
    assert await gateway.bus.read_topic(Topic.REVIEW_DECISIONS, timeout_s=0.5) == []
