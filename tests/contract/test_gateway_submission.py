"""The gateway's intake: submissions (JSON, multipart, Word), conditions merged, refusals storing nothing."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from clauseflow_contracts.events import (
    ReviewRequested,
    Topic,
)
from clauseflow_documents import DocumentStore
from clauseflow_testkit.hostile_readers import read_forever
from gateway_api_support import (
    CONTRACT,
    MAX_UPLOAD,
    Gateway,
    eventually,
    running_gateway,
)

PC = """PARTICULAR CONDITIONS

1. General Provisions
Sub-Clause 1.1 is amended: the Engineer means the person named in the Contract Data.
"""


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
