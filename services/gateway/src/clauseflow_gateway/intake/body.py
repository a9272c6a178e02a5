"""Reading a request body with a hard size limit, so an oversize upload is refused while it streams."""

from __future__ import annotations

from collections.abc import AsyncIterator

from starlette.requests import Request

from clauseflow_gateway.errors import ApiError


def too_large(what: str, limit: int) -> ApiError:
    """The 413 answer for something over ``limit`` bytes."""
    return ApiError(
        413,
        "payload_too_large",
        f"{what} is larger than the limit of {limit:,} bytes; split the document or raise MAX_UPLOAD_BYTES",
    )


async def limited_chunks(request: Request, limit: int) -> AsyncIterator[bytes]:
    """The body's chunks as they arrive, refusing (413) as soon as more than ``limit`` bytes came."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise too_large("the request", limit)
    received = 0
    async for chunk in request.stream():
        received += len(chunk)
        if received > limit:
            raise too_large("the request", limit)
        if chunk:
            yield chunk


async def read_limited_body(request: Request, limit: int) -> bytes:
    """The whole body, refusing (413) as soon as it exceeds ``limit`` — before it is all received."""
    return b"".join([chunk async for chunk in limited_chunks(request, limit)])
