"""Reading a request body with a hard size limit, so an oversize upload is refused while it streams."""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import Message

from clauseflow_gateway.errors import ApiError


def too_large(what: str, limit: int) -> ApiError:
    """The 413 answer for something over ``limit`` bytes."""
    return ApiError(
        413,
        "payload_too_large",
        f"{what} is larger than the limit of {limit:,} bytes; split the document or raise MAX_UPLOAD_BYTES",
    )


async def read_limited_body(request: Request, limit: int) -> bytes:
    """The whole body, refusing (413) as soon as it exceeds ``limit`` — before it is all received."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise too_large("the request", limit)
    chunks: list[bytes] = []
    received = 0
    async for chunk in request.stream():
        received += len(chunk)
        if received > limit:
            raise too_large("the request", limit)
        chunks.append(chunk)
    return b"".join(chunks)


def replay_request(request: Request, body: bytes) -> Request:
    """A request over the same scope whose body is ``body`` (already read), for form parsing."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return Request(request.scope, receive)
