"""The gateway under slow, large, retried and oddly encoded uploads — over real HTTP (uvicorn).

Slow and oversize bodies are sent on raw sockets, because an HTTP client library would finish
sending before it reads the answer, which hides whether the gateway answered early.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
import structlog
from clauseflow_contracts.events import Topic
from gateway_api_support import MAX_UPLOAD, Gateway, running_gateway

CONTRACT = (
    "SUPPLY AGREEMENT\n\n1. Delivery\nThe Supplier shall deliver the Goods within 30 days.\n\n"
    "2. Payment\nThe Buyer shall pay each invoice within 30 days.\n"
)
BOUNDARY = "cfboundary"


def multipart_head(filename: str = "big.txt") -> bytes:
    """The start of a multipart upload: the party field, then the headers of a file part."""
    return (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="our_party"\r\n\r\nSupplier\r\n'
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        "Content-Type: text/plain\r\n\r\n"
    ).encode()


async def open_request(
    gw: Gateway, content_type: str, length: int
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection with a POST /v1/reviews whose headers promise ``length`` body bytes."""
    port = gw.http.base_url.port
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        (
            f"POST /v1/reviews HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            f"Authorization: {gw.http.headers['Authorization']}\r\nContent-Length: {length}\r\n\r\n"
        ).encode()
    )
    await writer.drain()
    return reader, writer


async def read_answer(reader: asyncio.StreamReader, timeout_s: float) -> bytes:
    """What the gateway answered within ``timeout_s`` (status line, headers and the JSON body)."""
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout_s)
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
    )
    return head + await asyncio.wait_for(reader.readexactly(length), timeout_s)


def assert_nothing_recorded(gw: Gateway) -> None:
    assert gw.count_rows("reviews") == 0
    assert gw.count_rows("outbox") == 0
    assert gw.stored_files() == []


async def test_a_file_over_the_limit_is_refused_while_it_is_still_arriving(tmp_path: Path) -> None:
    async with running_gateway(tmp_path) as gw:
        # The request promises 9 limits' worth of file (under the whole-request limit, so the
        # declared length alone does not refuse it) and sends two, then waits.
        head = multipart_head()
        reader, writer = await open_request(
            gw, f"multipart/form-data; boundary={BOUNDARY}", len(head) + 9 * MAX_UPLOAD
        )
        writer.write(head + b"1. Term.\n" * (2 * MAX_UPLOAD // 9))
        await writer.drain()
        answer = await read_answer(reader, timeout_s=10)
        writer.close()
        assert answer.startswith(b"HTTP/1.1 413")
        assert b"contract file 'big.txt' is larger than the limit of 65,536 bytes" in answer
        assert_nothing_recorded(gw)
        assert await gw.events(Topic.REVIEW_REQUESTED, timeout_s=0.2) == []


async def test_a_body_that_stops_arriving_is_answered_408_and_its_connection_closed(tmp_path: Path) -> None:
    async with running_gateway(tmp_path, {"body_read_timeout_s": 0.5}) as gw:
        reader, writer = await open_request(gw, "application/json", 100)
        writer.write(b"{}")  # 2 of the 100 bytes promised, then nothing
        await writer.drain()
        answer = await read_answer(reader, timeout_s=10)
        assert answer.startswith(b"HTTP/1.1 408")
        assert b"no body data for 0.5s" in answer
        assert b"connection: close" in answer.lower()
        assert await asyncio.wait_for(reader.read(), 5) == b""  # the gateway closed its end
        writer.close()
        assert_nothing_recorded(gw)


async def test_a_body_trickling_in_is_bounded_by_the_whole_body_deadline(tmp_path: Path) -> None:
    # The per-read timeout is generous (a loaded machine may delay a trickled byte); the whole-body
    # deadline is what must stop the request.
    async with running_gateway(tmp_path, {"body_read_timeout_s": 5.0, "body_timeout_s": 1.5}) as gw:
        reader, writer = await open_request(gw, "application/json", 1000)
        started = asyncio.get_running_loop().time()

        async def trickle() -> None:
            # A byte every 0.2 s never trips the per-read timeout. The trickle stops before the
            # deadline: bytes still unread when the gateway closes would make its kernel reset the
            # connection, and a reset can discard the 408 before this client reads it.
            for _ in range(6):
                writer.write(b" ")
                await writer.drain()
                await asyncio.sleep(0.2)

        sender = asyncio.create_task(trickle())
        try:
            answer = await read_answer(reader, timeout_s=10)
        finally:
            sender.cancel()
        elapsed = asyncio.get_running_loop().time() - started
        writer.close()
        assert answer.startswith(b"HTTP/1.1 408")
        assert b"not received within 1.5s" in answer
        assert elapsed < 10


async def test_a_client_that_disconnects_mid_upload_is_one_info_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_gateway(tmp_path) as gw:
        with structlog.testing.capture_logs() as logs, caplog.at_level(logging.INFO):
            head = multipart_head()
            _, writer = await open_request(
                gw, f"multipart/form-data; boundary={BOUNDARY}", len(head) + 50_000
            )
            writer.write(head + b"1. Term.\n" * 100)
            await writer.drain()
            await asyncio.sleep(0.3)
            writer.close()
            # The gateway notices the disconnect on its next read: wait for its line (a loaded
            # machine may take a while), then a moment more for any second line.
            for _ in range(100):
                if any("disconnected" in e["event"] for e in logs):
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.5)
        assert (await gw.http.get("/healthz")).status_code == 200
        disconnects = [e for e in logs if "disconnected" in e["event"]]
        assert len(disconnects) == 1 and disconnects[0]["log_level"] == "info"
        assert [e for e in logs if e["log_level"] in ("error", "critical")] == []
        # The gateway's and uvicorn's own records (the suite's garbage collector may log about other
        # tests' tasks in the meantime; those are not this upload's).
        ours = [r for r in caplog.records if r.name.startswith(("uvicorn", "clauseflow"))]
        assert [r for r in ours if r.levelno >= logging.ERROR] == []
        assert_nothing_recorded(gw)


async def test_a_retried_upload_with_its_idempotency_key_answers_with_the_first_review(
    tmp_path: Path,
) -> None:
    async with running_gateway(tmp_path) as gw:
        upload = {
            "files": {"file": ("supply.txt", CONTRACT.encode(), "text/plain")},
            "data": {"our_party": "Supplier"},
        }
        first = await gw.http.post("/v1/reviews", headers={"Idempotency-Key": "upload-1"}, **upload)
        again = await gw.http.post("/v1/reviews", headers={"Idempotency-Key": "upload-1"}, **upload)
        assert first.status_code == again.status_code == 202, again.text
        assert again.json()["review_id"] == first.json()["review_id"]
        assert again.headers["Idempotent-Replayed"] == "true"
        assert gw.count_rows("reviews") == 1
        assert len(await gw.events(Topic.REVIEW_REQUESTED, min_records=1)) == 1

        other = {
            "files": {"file": ("supply.txt", (CONTRACT + "3. Law\nEnglish law.\n").encode(), "text/plain")}
        }
        reused = await gw.http.post(
            "/v1/reviews", headers={"Idempotency-Key": "upload-1"}, data={"our_party": "Supplier"}, **other
        )
        assert reused.status_code == 409
        assert reused.json()["error"]["code"] == "idempotency_key_reused"
        assert first.json()["review_id"] in reused.json()["error"]["message"]
        assert gw.count_rows("reviews") == 1

        # Without a key, a repeat is a new review, as before.
        assert (await gw.http.post("/v1/reviews", **upload)).status_code == 202
        assert gw.count_rows("reviews") == 2


async def test_a_legacy_encoded_text_is_read_with_a_warning_that_reaches_the_report(tmp_path: Path) -> None:
    zh = (
        "采购合同\n\n第一条 交货\n乙方应于三十日内交付货物。\n\n"
        "第二条 付款\n甲方应于收到发票后三十日内付款。\n"
    )
    async with running_gateway(tmp_path) as gw:
        resp = await gw.http.post(
            "/v1/reviews",
            files={"file": ("合同.txt", zh.encode("gbk"), "text/plain")},
            data={"our_party": "乙方"},
        )
        assert resp.status_code == 202, resp.text
        assert any("not UTF-8" in w and "GB18030" in w for w in resp.json()["warnings"])
        report = (await gw.http.get(f"/v1/reviews/{resp.json()['review_id']}/report")).json()
        assert any("GB18030" in w for w in report["intake_warnings"])
        markdown = (await gw.http.get(f"/v1/reviews/{resp.json()['review_id']}/report?format=md")).text
        assert "GB18030" in markdown

        broken = (
            "1. Price\nThe “price” is €100, the “fee” £5 — payable to the café.\n".encode()
            + b"\xff 2. Term\n"
        )
        refused = await gw.http.post(
            "/v1/reviews", files={"file": ("c.txt", broken, "text/plain")}, data={"our_party": "Supplier"}
        )
        assert refused.status_code == 422
        assert "invalid byte 0xff" in refused.json()["error"]["message"]
