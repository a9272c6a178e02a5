"""Time limits on reading request bodies, so a client that stops sending cannot hold a connection.

uvicorn bounds idle keep-alive connections (``timeout_keep_alive``) but not a request whose body
never finishes: a client that promises 100 bytes and sends 2 would wait on ``receive()`` forever.
This ASGI middleware bounds every body read twice — each wait for the next chunk
(``BODY_READ_TIMEOUT_S``) and the whole body (``BODY_TIMEOUT_S``) — and answers 408 with
``Connection: close`` when either runs out. Once the body is complete, ``receive()`` is left alone:
an event stream waits on it for the client's disconnect, which may rightly take hours.
"""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from clauseflow_gateway.errors import ApiError


class BodyTimeout(ApiError):
    """The client did not send its body in time (408; the connection is closed after the answer)."""

    def __init__(self, message: str) -> None:
        super().__init__(408, "body_timeout", message, headers={"Connection": "close"})


class BodyDeadlineMiddleware:
    """Bounds every wait for request-body bytes by ``read_timeout_s`` and the whole body by ``total_s``."""

    def __init__(self, app: ASGIApp, *, read_timeout_s: float, total_s: float) -> None:
        self.app = app
        self.read_timeout_s = read_timeout_s
        self.total_s = total_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.total_s
        body_complete = False

        async def timed_receive() -> Message:
            nonlocal body_complete
            if body_complete:
                return await receive()
            remaining = deadline - loop.time()
            wait = min(self.read_timeout_s, remaining)
            try:
                async with asyncio.timeout(max(wait, 0)):
                    message = await receive()
            except TimeoutError:
                raise BodyTimeout(self._message(remaining <= self.read_timeout_s)) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_complete = True
            return message

        await self.app(scope, timed_receive, send)

    def _message(self, whole_body: bool) -> str:
        if whole_body:
            return (
                f"the request body was not received within {self.total_s:g}s; "
                "send it in one go or use a faster connection"
            )
        return f"the client sent no body data for {self.read_timeout_s:g}s; the request was abandoned"
