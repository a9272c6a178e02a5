"""The gateway under slow and large bodies: peak memory on an oversize upload, connections a slow body holds.

    python -m bench.gateway.bench_bodies [--upload-mb 100] [--slow 300] [--wait-s 30]

Starts ``clauseflow-gateway`` as its own process (in-memory bus, SQLite in a temp dir), then

* uploads one ``--upload-mb`` MB file as multipart and records the gateway's answer and its peak
  resident memory (``VmHWM`` of the process, before and after the upload);
* opens ``--slow`` connections that each promise a 100-byte JSON body and send 2 bytes, waits
  ``--wait-s`` seconds and counts the connections the gateway still holds open.

Figures go to ``bench/results/gateway_bodies[_LABEL].json`` with the machine's load average
(``gateway_bodies_before.json`` was measured on the code before streaming limits and body deadlines).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from clauseflow_cli.processes import console_script, free_port

from bench.common import bench_logger, write_result

log = bench_logger("gateway_bodies")


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _start_gateway(root: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "BUS_KIND": "memory",
        "GATEWAY_HOST": "127.0.0.1",
        "GATEWAY_PORT": str(port),
        "GATEWAY_DATABASE_URL": f"sqlite+aiosqlite:///{root / 'gateway.db'}",
        "DOCUMENT_STORE_DIR": str(root / "documents"),
        "PARSE_WORKERS": "1",
        "LOG_LEVEL": "WARNING",
    }
    proc = subprocess.Popen([console_script("clauseflow-gateway")], env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the gateway did not start")


def _upload(port: int, size_mb: int) -> dict[str, object]:
    chunk = b"1. The Supplier shall deliver the Goods.\n" * 1024

    def body() -> object:
        sent = 0
        while sent < size_mb * 1024 * 1024:
            yield chunk
            sent += len(chunk)

    started = time.monotonic()
    boundary = "benchboundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="our_party"\r\n\r\nSupplier\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n'
        "Content-Type: text/plain\r\n\r\n"
    ).encode()
    tail = f"\r\n--{boundary}--\r\n".encode()

    def stream() -> object:
        yield head
        yield from body()  # type: ignore[misc]
        yield tail

    try:
        resp = httpx.post(
            f"http://127.0.0.1:{port}/v1/reviews",
            content=stream(),  # type: ignore[arg-type]
            headers={"content-type": f"multipart/form-data; boundary={boundary}"},
            timeout=300,
        )
        answer: object = {"status": resp.status_code, "message": resp.text[:200]}
    except httpx.TransportError as exc:
        answer = {"status": None, "message": f"{type(exc).__name__}: {exc}"}
    return {"answer": answer, "seconds": round(time.monotonic() - started, 2)}


async def _slow_bodies(port: int, count: int, wait_s: float) -> dict[str, object]:
    request = (
        b"POST /v1/reviews HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{}"
    )
    writers = []
    readers = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(request)
        await writer.drain()
        readers.append(reader)
        writers.append(writer)
    await asyncio.sleep(wait_s)
    held = 0
    answered = 0
    for reader in readers:
        try:
            data = await asyncio.wait_for(reader.read(4096), 0.05)
        except TimeoutError:
            held += 1  # nothing to read and not closed: the gateway still holds it
            continue
        if data:
            answered += 1
    for writer in writers:
        writer.close()
    return {"connections": count, "wait_s": wait_s, "still_held": held, "answered": answered}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--upload-mb", type=int, default=100)
    parser.add_argument("--slow", type=int, default=300)
    parser.add_argument("--wait-s", type=float, default=30.0)
    parser.add_argument("--label", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="clauseflow-bench-") as tmp:
        port = free_port()
        proc = _start_gateway(Path(tmp), port)
        try:
            rss_before = _peak_rss_mb(proc.pid)
            upload = _upload(port, args.upload_mb)
            rss_after = _peak_rss_mb(proc.pid)
            slow = asyncio.run(_slow_bodies(port, args.slow, args.wait_s))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    result = {
        "label": args.label,
        "upload_mb": args.upload_mb,
        "upload": upload,
        "peak_rss_mb_before_upload": round(rss_before, 1),
        "peak_rss_mb_after_upload": round(rss_after, 1),
        "slow_bodies": slow,
        "loadavg": os.getloadavg(),
    }
    log.info("%s", result)
    write_result(f"gateway_bodies_{args.label}" if args.label else "gateway_bodies", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
