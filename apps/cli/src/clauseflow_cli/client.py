"""A small async client of the gateway's HTTP API (used by the CLI, the embedded mode and e2e tests)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx

TERMINAL = {"completed", "failed"}


class GatewayError(RuntimeError):
    """The gateway refused a request; the message is the gateway's own."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"HTTP {status}: {message}")
        self.status = status


def _raise_for(resp: httpx.Response) -> None:
    if resp.is_success:
        return
    try:
        body = resp.json()
        message = body.get("error", {}).get("message") or body.get("detail") or resp.text
    except ValueError:
        message = resp.text
    raise GatewayError(resp.status_code, str(message))


def _download_name(disposition: str) -> str:
    """The file name of a Content-Disposition header (RFC 6266 ``filename*`` preferred)."""
    for part in disposition.split(";"):
        key, _, value = part.strip().partition("=")
        if key.lower() == "filename*" and value.lower().startswith("utf-8''"):
            return unquote(value[7:])
    for part in disposition.split(";"):
        key, _, value = part.strip().partition("=")
        if key.lower() == "filename":
            return value.strip('"')
    return ""


class GatewayClient:
    """Talks to one gateway; every call has a timeout."""

    def __init__(self, base_url: str, *, timeout_s: float = 30.0) -> None:
        self._http = httpx.AsyncClient(base_url=base_url, timeout=timeout_s)

    async def close(self) -> None:
        """Close the connection pool."""
        await self._http.aclose()

    async def __aenter__(self) -> GatewayClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def submit(
        self,
        file: Path,
        *,
        our_party: str,
        language: str = "zh-CN",
        domain: str = "generic",
        pc_file: Path | None = None,
        reference_files: Sequence[Path] = (),
        options: dict[str, Any] | None = None,
    ) -> str:
        """Upload a contract for review; returns the review id."""
        read = asyncio.to_thread
        files: list[tuple[str, tuple[str, bytes]]] = [("file", (file.name, await read(file.read_bytes)))]
        if pc_file is not None:
            files.append(("pc_file", (pc_file.name, await read(pc_file.read_bytes))))
        files += [("reference_files", (ref.name, await read(ref.read_bytes))) for ref in reference_files]
        data: dict[str, str] = {"our_party": our_party, "language": language, "domain": domain}
        for key, value in (options or {}).items():
            data[key] = str(value).lower() if isinstance(value, bool) else str(value)
        resp = await self._http.post("/v1/reviews", files=files, data=data)
        _raise_for(resp)
        return str(resp.json()["review_id"])

    async def review(self, review_id: str) -> dict[str, Any]:
        """The review's status, progress and clause states."""
        resp = await self._http.get(f"/v1/reviews/{review_id}")
        _raise_for(resp)
        return dict(resp.json())

    async def redlines(self, review_id: str, status: str | None = None) -> list[dict[str, Any]]:
        """Redlines of a review, optionally only those with ``status``."""
        params = {"status": status} if status else {}
        resp = await self._http.get(f"/v1/reviews/{review_id}/redlines", params=params)
        _raise_for(resp)
        body = resp.json()
        return list(body["data"] if isinstance(body, dict) else body)

    async def decide(
        self,
        review_id: str,
        decisions: list[dict[str, Any]],
        *,
        decided_by: str = "cli",
        key: str | None = None,
    ) -> dict[str, Any]:
        """Submit approve / reject / edit decisions (several at once)."""
        headers = {"Idempotency-Key": key} if key else {}
        resp = await self._http.post(
            f"/v1/reviews/{review_id}/decisions",
            json={"decisions": decisions, "decided_by": decided_by},
            headers=headers,
        )
        _raise_for(resp)
        return dict(resp.json())

    async def report(self, review_id: str, fmt: str = "json") -> Any:
        """The report as JSON (dict) or Markdown (str)."""
        resp = await self._http.get(f"/v1/reviews/{review_id}/report", params={"format": fmt})
        _raise_for(resp)
        return resp.json() if fmt == "json" else resp.text

    async def word(
        self, review_id: str, variant: str = "redline", *, pending: bool = False, revisions: bool = True
    ) -> tuple[bytes, str]:
        """The contract as Word (``redline`` or ``clean``) and the file name the gateway suggests."""
        params = {
            "format": "docx",
            "variant": variant,
            "pending": str(pending).lower(),
            "revisions": str(revisions).lower(),
        }
        resp = await self._http.get(f"/v1/reviews/{review_id}/report", params=params)
        _raise_for(resp)
        return resp.content, _download_name(resp.headers.get("content-disposition", ""))

    async def wait_until(
        self, review_id: str, statuses: set[str], *, timeout_s: float = 120.0
    ) -> dict[str, Any]:
        """Poll until the review reaches one of ``statuses`` (or a terminal status)."""
        deadline = time.monotonic() + timeout_s
        while True:
            review = await self.review(review_id)
            if review["status"] in statuses | TERMINAL:
                return review
            if time.monotonic() > deadline:
                raise TimeoutError(f"review {review_id} still {review['status']} after {timeout_s:.0f}s")
            await asyncio.sleep(0.2)
